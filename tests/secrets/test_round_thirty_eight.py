"""Round thirty-eight (secrets): a person's name in a script written without spaces, wherever the session writes it.

Found on fresh39 (stop 60, sessions written blind): a hiking club's sign-up sheet printed three members' names in a
CSV, the triage redacted each, and Claude's reply still told the model "兩個問題都在陳冠宇身上" and
"緊急聯絡人林美玲也在這次隊上", and the author's answer "美玲是他老婆". A flagged value shorter than six characters
was left to the rules, which cannot tell a Chinese name from the words it runs into: a three-character name was never
looked for again. The class: a person's name in Han, kana, Hangul or Thai letters, however short, is looked for
everywhere, inside its sentence, and a three-character Chinese or Korean name by its given name alone too. Every name
here is this file's own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from secrets_support import default_triage

from retell.parse import ParseResult
from retell.redact import cleared_view
from retell.secrets import Scanner
from retell.secrets.joined_names import given_name_form
from retell.secrets.national_ids import valid_tw

SHEET = (
    "時間戳記,姓名,身分證字號,出生年月日,緊急聯絡人\n"
    "2026/3/2 下午 9:10:17,鄭雅筑,A100000001,80/11/3,鄭志豪\n"
    "2026/3/3 下午 9:13:18,葉承翰,A100000002,79/3/5,葉淑芬"
)


@pytest.fixture
def parsed(parse) -> ParseResult:
    tx = Transcript(cwd="/Users/hk/side/roster")
    tx.user("幫我檢查報名表的身分證字號，資料在 data/signup.csv")
    tx.tool_call("Bash", {"command": "head -3 data/signup.csv"}, SHEET)
    tx.assistant("跑完了，兩個問題都在葉承翰身上：緊急聯絡人葉淑芬也在這次隊上，出事時聯絡不到。")
    tx.user("淑芬是他太太，他會改填他哥。承翰明天改表單")
    return parse(tx)


def test_a_chinese_name_flagged_in_a_table_is_cleared_inside_a_sentence(parsed: ParseResult, tmp_path: Path) -> None:
    flagged = {f["kind"] for f in parsed.manifest["pii_warnings"]}
    assert "person-name" in flagged
    view = json.dumps(cleared_view(parsed.log, default_triage(parsed, tmp_path)).to_dict(), ensure_ascii=False)
    for name in ("葉承翰", "葉淑芬", "鄭雅筑"):
        assert name not in view, name
    assert "都在[REDACTED:person-name]身上" in view


def test_a_given_name_alone_is_the_same_person(parsed: ParseResult, tmp_path: Path) -> None:
    view = json.dumps(cleared_view(parsed.log, default_triage(parsed, tmp_path)).to_dict(), ensure_ascii=False)
    assert "淑芬" not in view and "承翰" not in view
    assert "[REDACTED:person-name]是他太太" in view


@pytest.mark.parametrize(
    ("name", "given"),
    [
        ("林美玲", "美玲"),
        ("陈建国", "建国"),
        ("김민수", "민수"),
        ("田中花子", None),
        ("Jane Doe", None),
        ("司馬遷", None),
    ],
)
def test_the_given_name_of_a_three_character_name(name: str, given: str | None) -> None:
    assert given_name_form(name) == given


# -- national identity numbers (the same session's sign-up sheet printed each member's) ----------------------------


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _found(scanner: Scanner, text: str) -> list[str]:
    return [f.value for f in scanner.scan(text) if f.kind == "national-id"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2026/3/2 下午 9:10:17,鄭雅筑,A167304215,80/11/3", "A167304215"),  # Taiwan, by its check
        ("DNI del socio: 12345678Z", "12345678Z"),  # Spain
        ("X1234567L va en la ficha", "X1234567L"),  # Spain, a foreigner's NIE
        ("cpf: 529.982.247-25", "529.982.247-25"),  # Brazil, as printed
        ("2345 6789 0124 is on the form", "2345 6789 0124"),  # India, Aadhaar in its groups
        ("codice fiscale RSSMRA85T10A562S", "RSSMRA85T10A562S"),  # Italy
        ("주민등록번호 900101-1234568", "900101-1234568"),  # Korea
        ("SSN: 078-05-1120", "078-05-1120"),  # the United States, named: no check
        ("PESEL 44051401359", "44051401359"),  # Poland, named
        ("證號 F128830455 檢查碼或格式錯誤", "F128830455"),  # a sheet's ID that fails its check is still that person's
    ],
)
def test_a_national_id_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert _found(scanner, text) == [value]


@pytest.mark.parametrize(
    "text",
    [
        "build 20260101123 finished in 44051401359 ns",  # eleven digits no word names
        "order A123456780 shipped",  # Taiwan's shape, its check failing, no word naming it
        "0000 1111 2222 3333 4444 5555 6666 7777",  # a run of groups, not one number in three
    ],
)
def test_a_number_of_the_same_shape_is_not(scanner: Scanner, text: str) -> None:
    assert _found(scanner, text) == []


def test_the_taiwanese_check() -> None:
    assert valid_tw("A123456789") and valid_tw("F228149375")
    assert not valid_tw("F128830455")  # (two digits swapped, as the session's own check found)


def test_a_national_id_is_redacted_wherever_the_session_writes_it(parse, tmp_path: Path) -> None:
    tx = Transcript(cwd="/Users/hk/side/roster")
    tx.user("check the roster please")
    tx.tool_call("Bash", {"command": "head -2 data/signup.csv"}, "name,id\n鄭雅筑,A167304215")
    tx.assistant("The ID A167304215 passes its check.")
    parsed = parse(tx)
    view = json.dumps(cleared_view(parsed.log, default_triage(parsed, tmp_path)).to_dict(), ensure_ascii=False)
    assert "A167304215" not in view and "[REDACTED:national-id]" in view


@pytest.mark.parametrize("text", ["cpf: '000.000.000-00'", "SSN: 111-11-1111", "PESEL 12345678901"])
def test_a_forms_placeholder_is_no_ones_number(scanner: Scanner, text: str) -> None:
    assert _found(scanner, text) == []


def test_the_preview_shows_only_the_last_two_characters() -> None:
    from retell.secrets.preview import mask

    assert mask("national-id", "F228149375") == "*** 75 (10 chars)"


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Orçamento 2026-118 — Aparecida Souza", "Aparecida Souza"),  # a quote a run printed, made out to a client
        ("customer: Aparecida Souza", "Aparecida Souza"),
        ("Paciente: Rosa Lima", "Rosa Lima"),
    ],
)
def test_a_person_named_by_their_role_in_a_record_is_flagged(scanner: Scanner, text: str, name: str) -> None:
    assert [f.value for f in scanner.scan(text) if f.kind == "person-name"] == [name]


def test_a_release_named_after_a_dash_is_not(scanner: Scanner) -> None:
    assert [f for f in scanner.scan("Release 2026-01 — Victoria Metrics") if f.kind == "person-name"] == []
