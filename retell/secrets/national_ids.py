"""(round thirty-eight) A person's national identity number: personal data, as a member list, a sign-up sheet or a
payroll file prints it (a hiking club's roster of Taiwanese ID numbers, fresh39, stop 60, went to every prompt).

Two ways a number is found:

- by a shape no other number has, when its check holds: a Taiwanese ID (`F228149375`, a letter, 1 or 2, eight
  digits), a Chinese resident ID (18 characters, a birth date inside), a Korean RRN (`900101-1234567`), a Spanish
  DNI or NIE (`12345678Z`, `X1234567L`), a Brazilian CPF as it is printed (`123.456.789-09`), an Indian Aadhaar in its
  three groups (`2345 6789 0123`), an Indian PAN (`AJTPT5526H`, round thirty-nine), an Italian codice fiscale, a
  Mexican CURP, a Swedish personnummer, a Finnish henkilötunnus, a French NIR; python-stdnum decides (Taiwan's
  check, which it lacks, is the ten-line sum below);
- after a word on its line that names the country's number (`SSN`, `PESEL`, `TC Kimlik`, `BSN`, `Steuer-ID`,
  `マイナンバー`, `身分證`, `주민등록번호`, `CPF`, `Aadhaar`, …), in that number's shape, check or not: a number the
  sheet itself calls an ID and that fails its check (`F128830455`, two digits swapped) is still that person's.

The value reported is the number as written; one number is one triage decision.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from retell.secrets.rule import PII, Rule

NATIONAL_ID_KIND = "national-id"
_BEFORE = r"(?<![^\W_])"  # no letter or digit before or after: not a part of a longer token
_AFTER = r"(?![^\W_])"

# Taiwan: the letter's two-digit code (I, O, W, X, Y, Z out of order: they were added later)
_TW_LETTERS = {c: n for n, c in enumerate("ABCDEFGHJKLMNPQRSTUVXYWZIO", start=10)}


def valid_tw(value: str) -> bool:
    """Taiwan's national ID or resident certificate: the letter's code, then weights 8 to 1 and the check digit."""
    code = _TW_LETTERS.get(value[:1])
    if code is None or len(value) != 10 or not value[1:].isdigit():
        return False
    digits = [code // 10, code % 10, *map(int, value[1:])]
    weights = (1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1)
    return sum(d * w for d, w in zip(digits, weights, strict=True)) % 10 == 0


def _stdnum(module: str) -> Callable[[str], bool]:
    def valid(value: str) -> bool:
        from importlib import import_module

        try:
            checker = import_module(f"stdnum.{module}")
        except ImportError:  # (a module missing from an older python-stdnum: not a number it can vouch for)
            return False
        return bool(checker.is_valid(value))

    return valid


# shape name -> (regex, validator): the shapes no other number takes, each checked
_SHAPES: dict[str, tuple[str, Callable[[str], bool]]] = {
    "tw": (r"[A-Z][1289]\d{8}", valid_tw),
    "cn": (r"[1-9]\d{5}(?:19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx]", _stdnum("cn.ric")),
    "kr": (r"\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])-[1-8]\d{6}", _stdnum("kr.rrn")),
    "es": (r"\d{8}-?[A-HJ-NP-TV-Z]|[XYZ]-?\d{7}-?[A-HJ-NP-TV-Z]", _stdnum("es.nif")),
    "br": (r"\d{3}\.\d{3}\.\d{3}-\d{2}", _stdnum("br.cpf")),
    "in": (r"(?<!\d[ -])[2-9]\d{3} \d{4} \d{4}(?![ -]\d)", _stdnum("in_.aadhaar")),
    # (round thirty-nine) India's PAN, the tax number every 80G donation receipt prints (fresh41's temple trust):
    # five letters, the fourth the holder's kind (P a person), four digits, a letter
    "inpan": (r"[A-Z]{3}[ABCFGHJLPT][A-Z]\d{4}[A-Z]", _stdnum("in_.pan")),
    "it": (r"[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z]", _stdnum("it.codicefiscale")),
    "mx": (r"[A-Z]{4}\d{6}[HMX][A-Z]{5}[0-9A-Z]\d", _stdnum("mx.curp")),
    "se": (r"(?:19|20)?\d{6}[-+]\d{4}", _stdnum("se.personnummer")),
    "fi": (r"\d{6}[-+ABCDEFUVWXY]\d{3}[0-9A-Y]", _stdnum("fi.hetu")),
    "fr": (
        r"(?<!\d )[12] ?\d{2} ?(?:0[1-9]|1[0-2]|[2-9]\d) ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}(?! \d)",
        _stdnum("fr.nir"),
    ),
}
_SHAPED = "|".join(f"(?P<{name}>{regex})" for name, (regex, _valid) in _SHAPES.items())


def _checked(value: str, m: re.Match[str]) -> bool:
    name = m.lastgroup
    # (a format's own example, one digit over and over, passes its check as often as not: `AAAAA9999A`, the PAN's)
    digits = {ch for ch in value if ch.isdigit()}
    return name is not None and name in _SHAPES and len(digits) > 1 and _SHAPES[name][1](value)


# The words that name a country's number, and the number's shape after them (any check): the word, up to 40
# characters of its line (`:`, `=`, a quote, `(PESEL)`, a column of a table), then the number
_NAMED = (
    # United States: a social security number
    (r"ssn|social security(?: number| no\.?| #)?", r"\d{3}-\d{2}-\d{4}|\d{9}"),
    # Poland, Turkey, Germany's tax id: eleven digits
    (r"pesel|t\.?c\.? ?kimlik(?: no)?|tckn|kimlik numarası|steuer-?id|steueridentifikationsnummer|idnr", r"\d{11}"),
    # the Netherlands
    (r"bsn|burgerservicenummer", r"\d{9}"),
    # Japan's My Number
    (r"マイナンバー|個人番号", r"\d{4} ?\d{4} ?\d{4}"),
    # India, unspaced or spaced; and its tax number
    (r"aadhaar|आधार", r"[2-9]\d{3} ?\d{4} ?\d{4}"),
    (r"pan|पैन", r"[A-Z]{5}\d{4}[A-Z]"),
    # Brazil, unformatted too
    (r"cpf", r"\d{3}\.?\d{3}\.?\d{3}-?\d{2}"),
    # Taiwan and China, as their forms head the column ("身分證字號", "身份证号", "證號", "居留證號")
    (r"身分證|身份證|身份证|證號|证号|居留證|居留证", r"[A-Z][1289]\d{8}|\d{17}[\dXx]"),
    # Korea
    (r"주민등록번호|주민번호|rrn", r"\d{6}-?\d{7}"),
    # Spain
    (r"dni|nie|nif", r"\d{8}-?[A-Z]|[XYZ]-?\d{7}-?[A-Z]"),
    # Sweden, Finland, France, Italy, Mexico
    (
        r"personnummer|henkilötunnus|hetu|sécurité sociale|numéro de sécu|codice fiscale|curp",
        r"[0-9A-Z][0-9A-Z+ -]{8,20}[0-9A-Z]",
    ),
)
_WORDS = "|".join(word for word, _shape in _NAMED)
_NAMED_SHAPES = "|".join(f"(?:{shape})" for _word, shape in _NAMED)
# (a word of Latin letters whole: not "nie" of Polish "niebieski", nor "dni" of "dnia")
_SAID = rf"(?i:{_BEFORE}(?:{_WORDS})(?![a-z]))[^\n]{{0,40}}?{_BEFORE}(?P<value>{_NAMED_SHAPES}){_AFTER}"
_KEYWORDS = tuple(
    sorted(
        {
            "ssn", "social security", "pesel", "kimlik", "tckn", "steuer", "idnr", "bsn", "burgerservicenummer",
            "マイナンバー", "個人番号", "aadhaar", "आधार", "pan", "पैन", "cpf", "身分證", "身份證", "身份证", "證號",
            "证号",
            "居留證", "居留证", "주민등록번호", "주민번호", "rrn", "dni", "nie", "nif", "personnummer", "henkilötunnus",
            "hetu",
            "sécurité sociale", "numéro de sécu", "codice fiscale", "curp",
        }
    )
)  # fmt: skip


def _placeholder(value: str) -> bool:
    """A form's placeholder, not anyone's number: one digit over and over (`000.000.000-00`, `111-11-1111`) or the
    digits counted up (`123456789`)."""
    digits = "".join(ch for ch in value if ch.isdigit())
    return len(set(digits)) <= 1 or digits in "01234567890123456789" or digits in "98765432109876543210"


def _named(value: str, m: re.Match[str]) -> bool:
    """The number in the shape its own word names (a word of one country before another's shape is not it)."""
    if _placeholder(value):
        return False
    said = m.group(0)[: m.start("value") - m.start()].lower()
    return any(re.search(word, said) and re.fullmatch(shape, value) for word, shape in _NAMED)


_PREFILTER = (
    r"\d{6}",
    r"\d \d{4} \d{4}",
    r"\d{3}\.\d{3}\.",
    r"[A-Z]{4}\d{6}",
    r"[A-Z]{6}\d\d[A-Z]",
    r"[A-Z]{5}\d{4}[A-Z]",
)

NATIONAL_ID_RULES: tuple[Rule, ...] = (
    Rule(
        NATIONAL_ID_KIND,
        PII,
        rf"{_BEFORE}(?:{_SHAPED}){_AFTER}",
        (),
        accept=_checked,
        replacement="[REDACTED:national-id]",
        # (no word announces it: its prefilter finds six digits in a row, or the letters-and-digits of the Italian
        # and Mexican codes and India's PAN, in C)
        always=True,
        prefilter=_PREFILTER,
        rule_id="national-id",
    ),
    Rule(
        NATIONAL_ID_KIND,
        PII,
        _SAID,
        _KEYWORDS,
        group="value",
        accept=_named,
        replacement="[REDACTED:national-id]",
        rule_id="said-national-id",
    ),
)
