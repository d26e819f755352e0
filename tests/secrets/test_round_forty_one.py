"""Round forty-one (secrets): people in a table's column headed as people, a person by their given name alone, and
Thai thanks that name no one.

Found by two writers answering retell's prompts for fresh42 and fresh43 (stop 62, sessions written blind):
- a savings group's report printed its twelve members under a `Name` header (and a `sqlite3` query its `name`
  column); four were flagged where prose said them, and "Kemi Bakare", who owed ₦20,000, reached the model and the
  post beside the others' placeholders. A column whose header names people ("Name", "Member", "Nombre", "Jméno")
  names a person in each name-shaped cell, where at least half of the cells, and two or more, begin with a given name
  or end with a family name the gazetteer knows, not in English words alone ("Earl Grey" is a tea);
- the author's first message asked about "Mrs Adeyemi and Tunde"; "Tunde Bamidele", flagged in the report, was
  redacted there, "Tunde" was not. A flagged full name's given name, known to the gazetteer and no English word, is
  the same person wherever it stands as a word of its own, in its capitals;
- a Thai author's "ขอบคุณค่ะ อีกอย่างนึงค่ะ" (thank you; one more thing) was flagged as a person thanked: the `คุณ` that
  ends `ขอบคุณ` is no title.

Over the corpus and fresh16-fresh43, the column rule finds 19 names (a cricket club's and the savings group's), the
given-name form 18 occurrences, each of a person; the blind secrets sets, detector alone, unchanged. Every name here
is this file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from secrets_support import default_triage

from retell.parse import ParseResult
from retell.redact import cleared_view
from retell.secrets import Scanner

_REPORT = (
    "Harmony Contribution Club - March 2026\n\n"
    " #  Name                     Paid    Owing\n"
    " 1  Babatunde Okonkwo      20,000        0\n"
    " 2  Chiamaka Nwosu         10,000   10,000\n"
    " 3  Emeka Obi              15,000    5,000\n"
    " 4  Zainab Bello                0   20,000\n"
    " 5  Ifeanyi Eze            20,000        0\n"
)


def _names(text: str) -> list[str]:
    return [f.value for f in Scanner().scan(text) if f.kind == "person-name"]


def test_every_name_under_a_name_header_is_a_persons() -> None:
    assert _names(_REPORT) == ["Babatunde Okonkwo", "Chiamaka Nwosu", "Emeka Obi", "Zainab Bello", "Ifeanyi Eze"]


@pytest.mark.parametrize(
    "table",
    [
        "id  name                 phone\n--  -------------------  -------------\n"
        "1   Zainab Bello         0803 412 7765\n2   Emeka Obi            0806 255 1903\n",
        "Jméno            Částka\nPavel Dvořák        500\nJana Procházková    500\nLukáš Marek         250\n",
        "Member           Role\nRose Baker       chair\nAnna Kowalska    treasurer\nTomasz Nowak     secretary\n",
    ],
)
def test_a_column_headed_as_people_in_any_table(table: str) -> None:
    rows = [line for line in table.splitlines()[1:] if not line.startswith("--")]
    assert len(_names(table)) == len(rows)


@pytest.mark.parametrize(
    "table",
    [
        # teas and folders under "Name": words of English, or no given name the gazetteer knows
        "Name            Price  Stock\nEarl Grey        4.50     12\nEnglish Breakfast 3.90  20\nJasmine Pearl    6.00"
        "      4\nGreen Tea        3.50      9\n",
        "Mode                 LastWriteTime         Length Name\n"
        "----                 -------------         ------ ----\n"
        "d-----        12/05/2026     10:12                Project Notes\nd-----        12/05/2026     10:12"
        "                Old Photos\n",
        # one known name is no column of people
        "Name             Kind\nZainab Bello     member\nBlue Widget      product\nRed Widget       product\n",
    ],
)
def test_a_name_column_of_things_names_no_one(table: str) -> None:
    assert _names(table) in ([], ["Zainab Bello"])


@pytest.fixture
def savings(parse) -> ParseResult:
    tx = Transcript(cwd="/home/ngozi/ajo")
    tx.user("The balance is wrong for 2 members this month, Emeka and Zainab. They paid complete.")
    tx.tool_call("Bash", {"command": "python3 ajo.py report"}, _REPORT)
    tx.assistant("Zainab Bello shows 0 paid. Emeka's second payment was saved with the wrong date.")
    return parse(tx)


def test_a_flagged_persons_given_name_alone_is_cleared(savings: ParseResult, tmp_path: Path) -> None:
    view = json.dumps(cleared_view(savings.log, default_triage(savings, tmp_path)).to_dict(), ensure_ascii=False)
    for name in ("Emeka", "Zainab", "Bello", "Okonkwo"):
        assert name not in view, name
    assert "Paid    Owing" in view  # the table is still there, its people redacted


def test_a_given_name_that_is_an_english_word_is_left_to_the_rules() -> None:
    from retell.secrets.joined_names import given_alone

    assert given_alone("Emeka Obi") == "Emeka"
    assert given_alone("Grace Okafor") is None and given_alone("Will Young") is None
    assert given_alone("Zainab") is None  # one word: a short name of its own (round thirty-nine)


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("ขอบคุณค่ะ อีกอย่างนึงค่ะ ทำให้มันรันเองทุกเช้าได้ไหมคะ", []),
        ("ขอบคุณครับ ผมลองแล้ว ใช้ได้", []),
        ("ขอบคุณคุณสมศรี ใจดีงาม ที่ช่วยดู", ["สมศรี ใจดีงาม"]),  # thanks to a person, titled
        ("คุณสมศรี ใจดีงาม เป็นคนเขียน script นี้", ["สมศรี ใจดีงาม"]),
    ],
)
def test_thai_thanks_name_no_one(text: str, flagged: list[str]) -> None:
    assert _names(text) == flagged


# (a chapter's title made from the author's words that quote a flagged name showed its marker run into them,
# "ขอบคุณ[REDACTED:person-name] ทำให้มันรันเอง…", fresh42's homestay: triage meant to pass such a heading over, but
# compared the heading, made from the already-redacted words, with itself redacted again; a marker standing as a word
# of its own still reads, as in a title: "Deploy with [REDACTED:github-token] now", tests/triage)
def test_a_chapter_title_never_shows_a_marker_run_into_its_words(monkeypatch: pytest.MonkeyPatch) -> None:
    from retell.events import HUMAN, Chapter, Event
    from retell.triage import generate

    offered = iter(["ขอบคุณ[REDACTED:person-name] ทำให้มันรันเองทุกเช้า", "ทำให้มันรันเองทุกเช้า"])
    monkeypatch.setattr(generate, "chapter_heading", lambda events, passed, language: next(offered))
    chapter = Chapter(id="ch2", index=2, reason="idle")
    events = [Event(kind=HUMAN, id="e1", text="ขอบคุณ[REDACTED:person-name] ทำให้มันรันเองทุกเช้าได้ไหมคะ")]
    assert generate.default_chapter_title(chapter, events, lambda text: text) == "ทำให้มันรันเองทุกเช้า"
    standing = iter(["Deploy with [REDACTED:github-token] now"])
    monkeypatch.setattr(generate, "chapter_heading", lambda events, passed, language: next(standing))
    assert (
        generate.default_chapter_title(chapter, events, lambda text: text) == "Deploy with [REDACTED:github-token] now"
    )


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ('"HOLD for Jan Whitcombe 0412 558 903, pays Sat"', "Jan Whitcombe"),  # a lay-by note (fresh43)
        ("Contact: Jan Whitcombe, 0412 339 871", "Jan Whitcombe"),
        ("Jan Whitcombe\t+44 7911 284573", "Jan Whitcombe"),
    ],
)
def test_a_name_right_before_a_phone_is_the_contacts(text: str, name: str) -> None:
    assert name in _names(text)


@pytest.mark.parametrize("text", ["Support Line 0800 330 1000", "Kings Cross 020 7946 0958", "call me on 0412 339 871"])
def test_a_label_or_a_place_before_a_phone_names_no_one(text: str) -> None:
    assert _names(text) == []
