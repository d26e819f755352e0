"""Round thirty-nine (secrets): a person's short name, flagged once, is cleared wherever the session writes it.

Found by a writer answering retell's prompts for fresh40's shrimp farm (stop 61, sessions written blind): the office
worker "chị Hạnh" was flagged in the compaction summary, where a rule could read a name ("the office (chị Hạnh)"), and
the triage redacted her there only; the author's own messages ("…để chị Hạnh ở văn phòng mở bằng Excel…") and Claude's
reply still carried her name to the model. A flagged value shorter than six characters was left to the rules. The
same gap, measured over fresh30-fresh41's offline work folders: a daughter named in the first message and again in
five later ones, a choir member in five. The class: a flagged person's name of three to five letters is looked for
everywhere as a word of its own, capitalised as flagged; never inside a longer word, never lower-cased (Vietnamese
"hạnh phúc" is happiness). Every name here is this file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from secrets_support import default_triage

from retell.parse import ParseResult
from retell.redact import cleared_view
from retell.secrets import Scanner


@pytest.fixture
def parsed(parse) -> ParseResult:
    tx = Transcript(cwd="/Users/kim/code/ao-tom")
    tx.user("Không cần PDF. Chỉ cần file CSV để chị Thảo ở văn phòng mở bằng Excel, chị ấy rất hạnh phúc với Excel.")
    tx.assistant("Mình sẽ thêm BOM để chị Thảo mở file không bị lỗi font. Thảoville và Thảos không liên quan.")
    tx.user("Chị Thảo mở được rồi.")
    tx.assistant("Summary so far: what they need is a CSV the office (chị Thảo) opens in Excel on Windows.")
    return parse(tx)


def test_a_short_name_flagged_once_is_cleared_everywhere_as_a_word(parsed: ParseResult, tmp_path: Path) -> None:
    flagged = {f["kind"] for f in parsed.manifest["pii_warnings"]}
    assert "person-name" in flagged
    view = json.dumps(cleared_view(parsed.log, default_triage(parsed, tmp_path)).to_dict(), ensure_ascii=False)
    assert "chị Thảo" not in view and "Chị Thảo" not in view
    assert "chị [REDACTED:person-name] ở văn phòng" in view
    assert "Thảoville và Thảos" in view  # (inside a longer word it is no name)
    assert "hạnh phúc" in view


@pytest.mark.parametrize(
    "text, value",
    [
        ("Donor: Ramesh Tiwari, PAN AJTPT5526H, Rs 5,100", "AJTPT5526H"),  # an 80G receipt's line (fresh41's temple)
        ("| 14 | Sunita Kulkarni | DKLPS8812R | 2,500 |", "DKLPS8812R"),  # a row of a donors' table, no word before it
    ],
)
def test_an_indian_pan_is_a_national_id(text: str, value: str) -> None:
    assert ("national-id", value) in {(f.kind, f.value) for f in Scanner().scan(text)}


@pytest.mark.parametrize("text", ["PAN format: AAAAA9999A", "a PAN looks like BBBPB1111B", "order ABCDE1234F"])
def test_a_forms_example_number_is_no_ones(text: str) -> None:
    assert "national-id" not in {f.kind for f in Scanner().scan(text)}


@pytest.mark.parametrize("text", ["Cliente: Maria Silva, telefone", "Donor: Ramesh Tiwari, Rs 5,100"])
def test_a_person_after_a_role_is_named_whatever_their_given_name(text: str) -> None:
    """ "Maria" had been read as MariaDB's short name, and a customer called Maria Silva was no one."""
    assert "person-name" in {f.kind for f in Scanner().scan(text)}


def test_a_database_is_still_no_person() -> None:
    assert "person-name" not in {f.kind for f in Scanner().scan("MariaDB 10.6 and Maria DB backups on the NAS")}


BADGES = (
    "Blue    Kacper Nowak     Chef: requirement 3, 4, 8 | Navigator: requirement 2, 5\n"
    "Green   Ollie Price      Chef: requirement 4, 7 | Navigator: requirement 1, 3, 6\n"
    "Yellow  Maisie Clarke    Chef: requirement 6 | Navigator: requirement 2\n"
)


def test_a_name_in_a_whitespace_table_is_the_cell_not_its_neighbours() -> None:
    """fresh41's Cub pack: PowerShell printed each cub's six, name and badges in columns; a name's span crossed the
    columns' spaces (`Green   Ollie Price`), and a cell between two wide gaps was no one (`Kacper Nowak`)."""
    names = {f.value for f in Scanner().scan(BADGES) if f.kind == "person-name"}
    assert {"Kacper Nowak", "Ollie Price", "Maisie Clarke"} <= names
    assert not any("  " in n or "\t" in n for n in names)


CUBS = (
    "Six     Cub              Badges\n"
    "Blue    Kacper Nowak     Chef: requirement 3, 4, 8\n"
    "Blue    Leo Baptiste     Chef: requirement 6 | Artist: requirement 1, 4\n"
    "Green   Ollie Price      Chef: requirement 4, 7\n"
    "Yellow  Ruby Adeyemi     Artist: requirement 4\n"
)


def test_every_name_of_a_column_of_names_is_a_persons() -> None:
    """Where the rules flag two cells of a table's column as names, the column's other name-shaped cells are too (a
    cub whose name no rule reads, `Leo Baptiste`, `Ruby Adeyemi`); its header and other columns are not."""
    names = {f.value for f in Scanner().scan(CUBS) if f.kind == "person-name"}
    assert names == {"Kacper Nowak", "Leo Baptiste", "Ollie Price", "Ruby Adeyemi"}


def test_one_name_in_a_column_makes_no_column_of_names() -> None:
    table = "Owner           Service\nKacper Nowak    billing-api\nPlatform Team   search-api\n"
    names = {f.value for f in Scanner().scan(table) if f.kind == "person-name"}
    assert "Platform Team" not in names
