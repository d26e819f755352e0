"""Round thirty-five (issue 22): a bank account's number, the IBAN, is personal data (`iban`).

Found by a blind reader of a fresh session: `iban="…"` beside `kontoinhaber="…"` in a test fixture, and `IBAN: …`
printed in groups of four, both passed through. Now found in either written form, in capitals anywhere and in any
case after a word that names it, when valid by ISO 13616 (the registry's length and BBAN format for its country, and
the mod-97 check): never a check that fails, a hash or an id of the same shape, a BIC alone or a part of a longer
token. Every IBAN here is made at run time (a random BBAN, its check digits computed): none is anyone's, and no
IBAN-shaped literal sits in this file.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import isolate, ok, retell
from conftest import Transcript, events
from secrets_support import IBAN_BBANS, Fake, iban_check_digits

from retell import jsonio
from retell.redact import Redactor
from retell.secrets import PII, Scanner, secret_id
from retell.secrets.iban import _PUBLISHED_EXAMPLES, compact, printed, valid_iban
from retell.secrets.preview import mask
from retell.triage.model import SecretDecision

fake = Fake(35)
COUNTRIES = ["DE", "NL", "GB", "FR", "ES", "IT", "BE", "CH", "PL", "MT", "LC", "NO"]
SALT = "b11d0000-0000-4000-8000-000000000035"


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _ibans(text: str, scanner: Scanner) -> list[tuple[str, str]]:
    """(what the text writes, the finding's value) of each IBAN found."""
    return [(text[f.start : f.end], f.value) for f in scanner.scan(text) if f.kind == "iban"]


def _made(country: str) -> str:
    value = fake.iban(country)
    assert valid_iban(value) and len(value) == 4 + sum(int(n) for n in re.findall(r"(\d+)[nac]", IBAN_BBANS[country]))
    return value


# -- found: each form, in every country, in prose and in code ----------------------------------------------------

CONTEXTS = [
    "please wire the deposit to {v} by Friday",
    "Bitte überweise die Miete auf {v}, danke!",
    'iban="{v}"\nkontoinhaber="Jana Testfall"',
    '{{"iban": "{v}", "amount": 120.5}}',
    "payee:\n  name: Acme GmbH\n  iban: {v}\n",
    "id,iban,amount\n7,{v},120.50\n",
    "IBAN: {v}",
    "| Konto | {v} |",
    "`{v}`",
]


@pytest.mark.parametrize("country", COUNTRIES)
@pytest.mark.parametrize("form", ["electronic", "printed"])
def test_an_iban_is_found_in_either_form_in_every_country_and_context(
    scanner: Scanner, country: str, form: str
) -> None:
    for context in CONTEXTS:
        value = _made(country)
        written = printed(value) if form == "printed" else value
        text = context.format(v=written)
        assert _ibans(text, scanner) == [(written, value)], text
        assert all(f.category == PII for f in scanner.scan(text) if f.kind == "iban")


def test_the_blind_readers_two_forms_are_found(scanner: Scanner) -> None:
    fixture, printed_one = _made("DE"), printed(_made("DE"))
    text = f'iban="{fixture}"\nkontoinhaber="Jana Testfall"\n# IBAN: {printed_one}'
    assert _ibans(text, scanner) == [(fixture, fixture), (printed_one, compact(printed_one))]


@pytest.mark.parametrize(
    "context",
    [
        "Kontonummer: {v}",
        "my iban is {v}, thanks",
        'customer_iban = "{v}"',
        'payeeIban: "{v}"',
        "IBAN (electronic form): {v}",
        "rekeningnummer {v}",
        "numéro de compte : {v}",
        "account number {v}",
    ],
)
@pytest.mark.parametrize("form", ["electronic", "printed"])
def test_in_small_letters_after_a_word_that_names_it(scanner: Scanner, context: str, form: str) -> None:
    value = _made(random.Random(context).choice(COUNTRIES))
    written = (printed(value) if form == "printed" else value).lower()
    assert _ibans(context.format(v=written), scanner) == [(written, value)]


def test_a_printed_iban_whose_last_group_is_whole_ends_there(scanner: Scanner) -> None:
    """Belgium's and Poland's IBANs fill their last group: a short word in capitals or a number after it is not a
    part of it."""
    for country, after in (("BE", "EUR"), ("PL", "2024"), ("ES", "OK"), ("BE", "X")):
        value = _made(country)
        assert len(value) % 4 == 0
        text = f"IBAN {printed(value)} {after} (paid)"
        assert _ibans(text, scanner) == [(printed(value), value)], text


def test_one_iban_is_one_value_whichever_form_or_case(scanner: Scanner) -> None:
    value = _made("NL")
    texts = [value, printed(value), f"iban {value.lower()}", f"iban: {printed(value).lower()}"]
    assert {f.value for text in texts for f in scanner.scan(text)} == {value}


# -- not found --------------------------------------------------------------------------------------------------


def _wrong_check_digits(value: str) -> str:
    digits = int(value[2:4])
    return value[:2] + f"{(digits - 2 + 41) % 97 + 2:02d}" + value[4:]


def _one_character_changed(value: str) -> str:
    i = len(value) - 3
    return value[:i] + str((int(value[i], 36) + 1) % 10) + value[i + 1 :]


def _with_check_digits(country: str, bban: str) -> str:
    return country + iban_check_digits(country, bban) + bban


NOT_AN_IBAN = [
    # a check that fails: the check digits or one character of the account
    *(_wrong_check_digits(_made(country)) for country in ("DE", "GB", "FR", "MT")),
    *(printed(_wrong_check_digits(_made(country))) for country in ("NL", "LC")),
    *(_one_character_changed(_made(country)) for country in ("DE", "PL", "IT")),
    # the check digits right, but not the country's registered BBAN: letters where Germany has digits, one digit
    # too many or too few, the Dutch bank code in digits, a country with no IBAN
    _with_check_digits("DE", fake.chars(6, "0123456789ABCDEF") + "ABCDEF" + fake.chars(6, "0123456789")),
    _with_check_digits("DE", fake.chars(19, "0123456789")),
    _with_check_digits("DE", fake.chars(17, "0123456789")),
    _with_check_digits("NL", fake.chars(14, "0123456789")),
    _with_check_digits("US", fake.chars(18, "0123456789")),
    _with_check_digits("JP", fake.chars(20, "0123456789")),
]


@pytest.mark.parametrize("value", NOT_AN_IBAN)
def test_an_iban_shaped_string_that_is_not_valid_is_not_flagged(scanner: Scanner, value: str) -> None:
    assert not valid_iban(value)
    for text in (value, f'iban="{value}"', f"IBAN: {value}", f"iban: {value.lower()}"):
        assert _ibans(text, scanner) == [], text


def test_hashes_and_ids_of_the_same_shape_are_not_flagged(scanner: Scanner) -> None:
    rng = random.Random(35)
    shaped = []
    while len(shaped) < 300:  # upper-case hex and base32 ids that start as an IBAN does, none of them valid
        country = rng.choice(["DE", "AE", "BE", "AD", "FR", "GB", "NL", "LC", "MT"])
        body = "".join(rng.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(rng.randint(11, 30)))
        value = f"{country}{rng.randint(10, 99)}{body}"
        if not valid_iban(value):
            shaped.append(value)
    text = "\n".join(f"build {v} done; sha {v.lower()}" for v in shaped)
    assert _ibans(text, scanner) == []


@pytest.mark.parametrize(
    "text",
    [
        "BIC: COBADEFFXXX",
        "SWIFT code DEUTDEFF500, sort code 20-00-00",
        "the bank's BIC is BNPAFRPP and its branch code 30004",
    ],
)
def test_a_bic_alone_is_not_flagged(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


def test_a_part_of_a_longer_token_is_not_flagged(scanner: Scanner) -> None:
    value = _made("DE")
    for text in (f"X{value}", f"{value}7", f"{value}Z", f"ref{value}", f"{value}é", f"9{printed(value)}"):
        assert _ibans(text, scanner) == [], text


def test_small_letters_alone_are_not_flagged(scanner: Scanner) -> None:
    """A lower-case hash is far more common than a lower-case IBAN: only a word that names it says it is one."""
    value = _made("GB").lower()
    assert _ibans(f"commit {value} merged", scanner) == []


EXAMPLE_CONTEXTS = [
    "IBAN: {v} (example from the docs)",
    '# the standard example IBAN used in docs and tests\nTEST_IBAN = "{v}"',
    "IBAN_EXAMPLE={v}",
    "For the validator test use the IBAN from the standard's example, `{v}`.",
    "Für den Test nimm die Beispiel-IBAN {v}.",
    "sampleIban: '{v}'",
]


@pytest.mark.parametrize("context", EXAMPLE_CONTEXTS)
def test_documentations_example_told_as_one_is_not_flagged(scanner: Scanner, context: str) -> None:
    """The blind sets plant the standard's example IBAN as a look-alike (`IBAN_EXAMPLE=…`, `(test IBAN from the
    docs)`): nobody's account, as AWS's `…EXAMPLE` keys are nobody's keys."""
    for value in sorted(_PUBLISHED_EXAMPLES):
        for written in (value, printed(value)):
            assert _ibans(context.format(v=written), scanner) == [], context.format(v=written)


def test_documentations_example_alone_and_any_other_iban_told_as_an_example_are_flagged(scanner: Scanner) -> None:
    """The blind reader's `IBAN: …` printed with spaces was the standard's example with nothing saying so: flagged.
    And a line that says "example" or "test" is no reason to leave any other IBAN (`for example, my IBAN is …`)."""
    for value in sorted(_PUBLISHED_EXAMPLES):
        assert _ibans(f"IBAN: {printed(value)}", scanner) == [(printed(value), value)]
        assert _ibans(f"latestIban = {value}", scanner) == [(value, value)]
    for context in [*EXAMPLE_CONTEXTS, "for example, my IBAN is {v}"]:
        value = _made("DE")
        assert _ibans(context.format(v=value), scanner) == [(value, value)], context


def test_stdnum_is_imported_only_for_a_candidate_whose_check_digits_hold() -> None:
    """The registry is read (~50 ms: stdnum imports pydoc) only when a candidate passes the mod-97 check, not for
    every IBAN-shaped id or hash of a session."""
    shaped = [_wrong_check_digits(_made("DE")), printed(_wrong_check_digits(_made("GB")))]
    code = (
        "import sys\n"
        "from retell.secrets import Scanner\n"
        "scanner = Scanner()\n"
        "assert scanner.scan({shaped!r}) == []\n"
        "print('stdnum' in sys.modules, end=' ')\n"
        "scanner.scan({valid!r})\n"
        "print('stdnum' in sys.modules)\n"
    ).format(shaped=" and ".join(f"IBAN {v}" for v in shaped), valid=f"IBAN {_made('DE')}")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False", "True"]


# -- redaction, the preview, and the value found again wherever it recurs -----------------------------------------


def test_redacted_as_the_other_kinds_are_and_the_preview_masks_it(scanner: Scanner) -> None:
    value = _made("DE")
    text = f"IBAN: {printed(value)} (Jana)"
    assert scanner.redact_all(text) == "IBAN: [REDACTED:iban] (Jana)"
    preview = mask("iban", value)
    assert preview == f"DE…{value[-2:]} (22 chars)"
    assert value[2:-2] not in preview


def _redactor(value: str, action: str = "redact") -> Redactor:
    sid = secret_id("iban", value, SALT)
    return Redactor(SALT, {sid: SecretDecision(sid, action, "")}, Scanner(), {value: ("iban", "pii")})


def test_the_value_is_found_again_with_or_without_its_spaces_in_any_case() -> None:
    value = _made("FR")
    redactor = _redactor(value)
    for written in (value, printed(value), value.lower(), printed(value).lower()):
        # (where no rule would find it: small letters with no word naming it, glued to a word)
        for text in (f"sent to {written} yesterday", f"ref-{written}.pdf", f"x{written}"):
            out = redactor.text(text)
            assert "[REDACTED:iban]" in out, text
            assert compact(value)[4:12].lower() not in compact(out).lower(), out


def test_a_kept_iban_is_kept_in_either_form() -> None:
    value = _made("CH")
    redactor = _redactor(value, "keep")
    for text in (f"IBAN: {value}", f"IBAN: {printed(value)}", f"iban {printed(value).lower()}"):
        assert redactor.text(text) == text
        assert redactor.uncleared(text) == []


# -- the parse: one flag, in the manifest without the value -----------------------------------------------------


def test_a_parse_flags_it_once_without_the_value(tx: Transcript, parse) -> None:
    value = _made("DE")
    tx.user("help me fix the payout export")  # the first prompt becomes the title: keep it clean
    tx.assistant("Sure, what does it send?")
    tx.user(f"The payout went to IBAN {printed(value)} but the bank rejected it.")
    tx.tool_call("Bash", {"command": f"python payouts.py --iban {value} --dry-run"}, "ok")
    result = parse(tx)
    flags = [f for f in result.manifest["pii_warnings"] if f["kind"] == "iban"]
    assert len(flags) == 1, result.manifest["pii_warnings"]
    (flag,) = flags
    assert flag["category"] == "pii"
    assert flag["preview"] == mask("iban", value)
    human, run = events(result, "human")[1], events(result, "tool_run")[0]
    assert {loc["event"] for loc in flag["locations"]} == {human["id"], run["id"]}
    manifest = jsonio.dumps(result.manifest)
    for form in (value, printed(value), value[4:], printed(value)[5:]):
        assert form.encode() not in manifest, form


# -- the whole path: a post rendered from the session -----------------------------------------------------------


@pytest.fixture
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.mark.e2e
@pytest.mark.usefixtures("_isolated")
def test_a_post_holds_the_placeholder_where_the_iban_stood(tmp_path: Path) -> None:
    value = _made("NL")
    tx = Transcript(cwd="/home/dev/payouts")
    tx.user("The payout export fails for one landlord; find out why.")
    tx.assistant("I will look at the export first.")
    tx.tool_call("Read", {"file_path": "/home/dev/payouts/export.py"}, "def export(rows): ...")
    tx.user(f"It is the one with IBAN {printed(value)}: the bank says the account is closed.")
    tx.assistant(f"The export still sends {value}; I will mark the account closed and skip it.")
    tx.user("Good, do that.")
    tx.assistant("Done: closed accounts are skipped now.")
    session = tx.write(tmp_path / "claude" / "projects" / "-home-dev-payouts" / f"{tx.session_id}.jsonl")
    work = tmp_path / "W"
    ok(retell("run", session, "-o", work, "--yes", "--engine", "offline"))
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
    assert [f["kind"] for f in manifest["pii_warnings"] if f["kind"] == "iban"] == ["iban"]
    post = "\n".join(p.read_text(encoding="utf-8") for p in (work / "post").rglob("index.md"))
    assert "[REDACTED:iban]" in post
    for folder in ("post", "llm"):
        for path in (work / folder).rglob("*"):
            if path.is_file():
                data = path.read_bytes()
                for form in (value, printed(value), value[4:12]):
                    assert form.encode() not in data, (path, form)
