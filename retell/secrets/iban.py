"""(round thirty-five) A bank account's number, the International Bank Account Number (ISO 13616): personal data.

Found in its two written forms, the electronic one (`DE8937040044…`, 22 characters for Germany) and the printed
one, in groups of four separated by single spaces (`DE89 3704 0044 …`); in capitals, or in any case after a word
that names it (`iban`, `Kontonummer`, `account number`…). A candidate is one only when it is valid: a country code
with its registered length and BBAN format and the mod-97 check (python-stdnum's `stdnum.iban`, which keeps the
registry), so a hash, an id or an order number of the same shape, a SWIFT/BIC alone and a part of a longer token are
not; nor is the example documentation copies (the standard's own) where its line says it is an example.

Its value is the electronic form in capitals whichever form was written: one IBAN is one triage decision, and the
cleared view finds it again in either form (redact.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from retell.secrets.rule import PII, Rule

IBAN_KIND = "iban"
# (neither a letter nor a digit before or after: not a part of a longer token; `_` separates, as in a file's name)
_BEFORE = r"(?<![^\W_])"
_AFTER = r"(?![^\W_])"
# an IBAN is 15 (Norway) to 34 characters: a country code, two check digits, then 11 to 30 of its BBAN; printed, in
# groups of four after the first four, the last group shorter
_BODY = r"{c}{{2}}\d{{2}}(?:{a}{{11,30}}|(?: {a}{{4}}){{2,7}}(?: {a}{{1,4}})?)"
_CAPITALS = _BODY.format(c="[A-Z]", a="[A-Z0-9]")
_ANY_CASE = _BODY.format(c="[A-Za-z]", a="[A-Za-z0-9]")
# Words that name it, in the languages authors write in (any case; the value may then be in small letters): `iban`
# also inside a setting's name (`customer_iban`, `payeeIban`, `IBAN_NUMBER`), a bank account's number in German,
# Dutch, the Scandinavian languages, French, Spanish, Italian, Polish, Czech, Finnish, Turkish
_WORDS = (
    r"(?:(?<![^\W_])(?i:iban|konto(?:nummer|nr)?|rekening(?:nummer)?|account|compte|cuenta|conto|"
    r"konta|účtu|účet|tilinumero|hesap)|(?<=[a-z])Iban)"
)
# the word, then up to 40 characters of its line (`:`, `=`, `is`, quotes, `(IBAN)`…), then the value
_SAID = rf"{_WORDS}[^\n]{{0,40}}?{_BEFORE}(?P<value>{_ANY_CASE}){_AFTER}"
_KEYWORDS = (
    "iban",
    "konto",
    "rekening",
    "account",
    "compte",
    "cuenta",
    "conto",
    "konta",
    "účtu",
    "účet",
    "tilinumero",
    "hesap",
)


def compact(value: str) -> str:
    """The electronic form in capitals: the value a finding reports (its id), whichever form was written."""
    return value.replace(" ", "").upper()


def printed(value: str) -> str:
    """The printed form: groups of four separated by single spaces (`DE89 3704 0044 …`)."""
    number = compact(value)
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


def _check_digits_hold(number: str) -> bool:
    """ISO 7064 mod 97-10 over the number with its first four characters moved to its end, letters as 10 to 35:
    the remainder is 1. Asked first (two lines of arithmetic), so a text whose only candidate is a hash of the same
    shape never pays stdnum's import (~50 ms: it imports pydoc)."""
    digits = "".join(str(int(ch, 36)) for ch in number[4:] + number[:4])
    return int(digits) % 97 == 1


def valid_iban(value: str) -> bool:
    """A valid IBAN by ISO 13616: the check digits, then python-stdnum's registry (the country's length and BBAN
    format). The national checks some countries add are not asked: a number made for a test with a right IBAN check
    is still shaped as someone's account, and the registry's structure is the standard's own test."""
    number = compact(value)
    if not 15 <= len(number) <= 34 or not number.isascii() or not number.isalnum() or not _check_digits_hold(number):
        return False
    from stdnum import iban  # lazily: only a candidate whose check digits hold pays for it

    return bool(iban.is_valid(number, check_country=False))


# The example IBANs documentation copies: ISO 13616's and the ECBS's (`DE89 3704…`, `GB82 WEST…`) and the SWIFT
# registry's own example for the countries sessions name most. Nobody's account, as AWS's `…EXAMPLE` keys are nobody's
# keys; told as an example (below) they are not flagged. Any other IBAN is, whatever its line says. (Written as their
# first group and the rest apart, so that this file holds no IBAN for a scan to flag.)
_PUBLISHED_EXAMPLES = frozenset(
    head + rest
    for head, rest in (
        ("DE89", "370400440532013000"),
        ("GB82", "WEST12345698765432"),
        ("GB29", "NWBK60161331926819"),
        ("FR14", "20041010050500013M02606"),
        ("NL91", "ABNA0417164300"),
        ("BE68", "539007547034"),
        ("CH93", "00762011623852957"),
        ("ES91", "21000418450200051332"),
        ("IT60", "X0542811101000000123456"),
        ("AT61", "1904300234573201"),
        ("PL61", "109010140000071219812874"),
        ("GR16", "01101250000000012300695"),
    )
)
# what says a value is an example: the word in its line or in a comment line just above it (`# the standard example
# IBAN used in docs and tests`), also in a setting's name (`TEST_IBAN`, `IBAN_EXAMPLE=`, `sampleIban`)
_AN_EXAMPLE = re.compile(
    r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?i:examples?|samples?|specimen|dummy|fake|mock|placeholder|tests?|testing|"
    r"docs?|documentation|standard(?:'s)?|ecbs|iso[ -]?13616|beispiel|muster|exemple|ejemplo|esempio|voorbeeld|"
    r"przyk[łl]ad)(?![a-z])"
)
_COMMENT_LINE = re.compile(r"[ \t]*(?:#|//|--|/\*|\*|<!--)")


def _told_as_an_example(text: str, start: int, end: int) -> bool:
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if _AN_EXAMPLE.search(text, line_start, line_end if line_end >= 0 else len(text)):
        return True
    if line_start == 0:
        return False
    above = text.rfind("\n", 0, line_start - 1) + 1
    return bool(_COMMENT_LINE.match(text, above, line_start - 1)) and bool(
        _AN_EXAMPLE.search(text, above, line_start - 1)
    )


def _iban(value: str, m: re.Match[str]) -> bool:
    if not valid_iban(value):
        return False
    if compact(value) in _PUBLISHED_EXAMPLES:  # (documentation's example, told as one: `IBAN_EXAMPLE=…`)
        start = m.string.find(value, m.start())
        return not _told_as_an_example(m.string, start, start + len(value))
    return True


def _value(value: str, m: re.Match[str]) -> str:
    return compact(value)


class _IbanRule(Rule):
    """The longest candidate, then its printed form cut after each earlier group: a printed IBAN whose last group is
    whole may be followed by a short word in capitals or a number (`BE68 5390 … EUR`), which the regex takes as one
    more group. Every country's IBAN has one length, so at most one of the cuts is valid (`accept` says which)."""

    def matches(self, text: str, near: list[tuple[int, int]] | None = None) -> Iterator[re.Match[str]]:
        group = "value" if self.group == "value" else 0
        for m in super().matches(text, near):
            yield m
            start, end = m.span(group)
            cut = text.rfind(" ", start, end)
            while cut > start:
                shorter = self.pattern.match(text, m.start(), cut)  # (the text read as ending there)
                if shorter is None or shorter.start(group) != start:
                    break
                yield shorter
                cut = text.rfind(" ", start, shorter.end(group))


IBAN_RULES: tuple[Rule, ...] = (
    _IbanRule(
        IBAN_KIND,
        PII,
        rf"{_BEFORE}{_CAPITALS}{_AFTER}",
        (),
        accept=_iban,
        value_of=_value,
        replacement="[REDACTED:iban]",
        # (no word announces it; its prefilter finds a country code, two digits and ten more of its characters in C)
        always=True,
        prefilter=r"[A-Z]{2}\d\d[A-Z0-9 ]{10}",
        rule_id="iban",
    ),
    _IbanRule(
        IBAN_KIND,
        PII,
        _SAID,
        _KEYWORDS,
        group="value",
        accept=_iban,
        value_of=_value,
        replacement="[REDACTED:iban]",
        at_keyword=True,
        rule_id="said-iban",
    ),
)
