"""What the scanner finds: every credential family in every form and escape a session writes it, and nothing
in ordinary developer prose and code.

The cases come from bench/secrets/corpus.py (fake values from a seeded generator). A case counts only when
the whole value is flagged: a part left over would be sent and published.
"""

from __future__ import annotations

from collections import defaultdict

import pytest
from secrets_support import FAMILIES, PII_FAMILIES, TOKEN_FAMILIES, Case, fully_flagged, ordinary, planted

from retell.secrets import PII, SECRET, Scanner

CASES = list(planted(seed=7))
BY_FAMILY: dict[str, list[Case]] = defaultdict(list)
for _case in CASES:
    BY_FAMILY[_case.family].append(_case)


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize("family", list(FAMILIES))
def test_every_credential_family_is_flagged_whole_in_every_form(scanner: Scanner, family: str) -> None:
    missed = [(c.escape, c.text) for c in BY_FAMILY[family] if not fully_flagged(scanner, c)]
    assert missed == [], missed


@pytest.mark.parametrize("family", list(PII_FAMILIES))
def test_personal_data_is_flagged(scanner: Scanner, family: str) -> None:
    for case in BY_FAMILY[family]:
        found = scanner.scan(case.text)
        assert fully_flagged(scanner, case), case
        assert all(f.category == PII for f in found), case


@pytest.mark.parametrize(
    "escape", ["after-newline-escape", "after-url-escape", "glued", "json"], ids=lambda e: f"token-{e}"
)
def test_a_token_after_an_escape_or_a_letter_is_found(scanner: Scanner, escape: str) -> None:
    """The rules' leading \\b fails after `\\n`, `%20`, `%3D` or a letter: the decoded view and distinctive
    prefixes find the token anyway."""
    cases = [c for c in CASES if c.family in TOKEN_FAMILIES and c.escape == escape]
    assert len(cases) > 20
    missed = [c.text for c in cases if not fully_flagged(scanner, c)]
    assert missed == []


@pytest.mark.parametrize("line", ordinary())
def test_ordinary_developer_text_is_not_flagged(scanner: Scanner, line: str) -> None:
    assert [(f.kind, f.value) for f in scanner.scan(line)] == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('password = "pa;ss,w0rd!x" # the db', "pa;ss,w0rd!x"),
        ("DB_PASSWORD=Xy7;kq,9Lz", "Xy7;kq,9Lz"),
        ("Server=db;User Id=sa;Password=Abc123!x;Database=shop", "Abc123!x"),
        ('{"password": "W1th\\"Quote"}', 'W1th"Quote'),
    ],
)
def test_a_value_is_flagged_to_its_real_end(scanner: Scanner, text: str, value: str) -> None:
    """Not cut at the first `;` or `,` inside it; a connection string's `;Key=` does end it."""
    (finding,) = scanner.scan(text)
    assert finding.value == value
    assert finding.category == SECRET


def test_quotes_are_not_part_of_the_value(scanner: Scanner) -> None:
    (finding,) = scanner.scan("password = 'Tr0ub4dor&3x'")
    assert finding.value == "Tr0ub4dor&3x"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("**Password**: `Zq9!xk2pLm`", "Zq9!xk2pLm"),
        ("__API key__: `k9x2Lm4Qp8Rt7Vw1`", "k9x2Lm4Qp8Rt7Vw1"),
        ("*Token*: Zq9xk2pLm4Rt", "Zq9xk2pLm4Rt"),
    ],
)
def test_markdown_styling_around_a_label(scanner: Scanner, text: str, value: str) -> None:
    assert [(f.category, f.value) for f in scanner.scan(text)] == [(SECRET, value)]


def test_a_windows_home_folder_with_a_space_is_flagged_whole(scanner: Scanner) -> None:
    (finding,) = scanner.scan(r"C:\Users\Alice Smith\Documents\notes.txt")
    assert finding.kind == "home-path"
    assert finding.value == r"C:\Users\Alice Smith"


def test_the_account_name_is_found_where_it_is_an_account_case_insensitively() -> None:
    scanner = Scanner(usernames=("will",))
    for text in ("ssh will@devbox", "WILL@box:~$ ls", "https://github.com/Will/shop", "~will/bin", "-Users-will-proj"):
        found = scanner.scan(text)
        assert [f.kind for f in found] == ["username"], text
        assert found[0].value == "will"  # one id whatever the case


@pytest.mark.parametrize("name", ["will", "may", "mark", "chip"])
def test_an_account_name_that_is_an_english_word_is_left_alone_in_prose(name: str) -> None:
    scanner = Scanner(usernames=(name,))
    prose = f"I {name} fix it; {name.capitalize()} said the {name} was fine."
    assert scanner.scan(prose) == []


def test_an_account_name_that_cannot_be_a_word_is_found_in_prose() -> None:
    assert [f.kind for f in Scanner(usernames=("jdoe42",)).scan("ask jdoe42 to merge")] == ["username"]


def test_every_kind_is_a_stable_name() -> None:
    from retell.secrets import all_kinds

    kinds = all_kinds()
    assert {"github-token", "aws-access-key-id", "password-assignment", "email", "home-path", "username"} <= set(kinds)
    personal = {
        "email",
        "home-path",
        "username",
        "private-ip",
        "internal-host",
        "phone-number",
        "person-name",
        "iban",
        "national-id",
    }
    assert {k for k, c in kinds.items() if c == PII} == personal
