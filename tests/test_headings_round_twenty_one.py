"""Headings, round twenty-one (issue 24): a heading says what its section did, in the post's language.

A. A stretch of commands that retell has no words for is headed by what it ran, the program and its object
   ("gradlew test 실행", "gradlew test ausführen", "הרצת sqlite3 gan.db"), never by "Running commands" in any
   language (judged unusable on fresh12: it heads any section).
B. A heading the gate would mend: the author's wish before the work ("Chcę przenieść testy…" -> "Przenieść
   testy…"), a conjunction it was cut after ("…kaldırıyor ama"), a sign-off ("Theek hai abhi itna kaafi") that
   heads nothing.

Controls: a heading that names its step stays; commands retell has words for keep them ("Getting the tests to
pass"). Every line here is our own wording."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.claude.locate import SessionRef
from retell.events import EventLog
from retell.extract.headings import activity_heading
from retell.extract.local_headings import WORDS, in_language, table_key
from retell.extract.title_forms import mended
from retell.parse import ParseOptions, parse_to_workdir

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# -- A. commands named by what they ran -------------------------------------------------------------------------

_LANGUAGES = ["ko", "de", "he", "ja", "es", "pl"]  # (English says these as "Running the tests": its own words)


@pytest.mark.parametrize("language", _LANGUAGES)
def test_a_stretch_of_commands_is_headed_by_what_it_ran(tx: Transcript, tmp_path: Path, language: str) -> None:
    tx.user("…")
    _bash(tx, "./gradlew connectedDebugAndroidTest --console=plain", "BUILD SUCCESSFUL in 41s")
    _bash(tx, "./gradlew connectedDebugAndroidTest --rerun", "BUILD SUCCESSFUL in 12s")
    _bash(tx, "adb logcat -d", "I/Habit: ok")
    tx.assistant("…")
    path = tx.write(tmp_path / "s.jsonl")
    parse_to_workdir(SessionRef(path, path.stem), tmp_path / "work", ParseOptions())
    log = EventLog.from_dict(json.loads((tmp_path / "work" / "events.json").read_text(encoding="utf-8")))
    heading = in_language(activity_heading(log.events), log.events, language)
    generic = WORDS[table_key(language)]["commands"] if language != "en" else "Running commands"
    assert heading != generic, heading
    assert "gradlew connectedDebugAndroidTest" in heading, heading


def test_commands_retell_has_words_for_keep_them(tx: Transcript, tmp_path: Path) -> None:
    tx.user("…")
    _bash(tx, "pytest -q", "1 failed")
    edit(tx, "app.py")
    _bash(tx, "pytest -q", "3 passed")
    path = tx.write(tmp_path / "s.jsonl")
    parse_to_workdir(SessionRef(path, path.stem), tmp_path / "work", ParseOptions())
    log = EventLog.from_dict(json.loads((tmp_path / "work" / "events.json").read_text(encoding="utf-8")))
    assert activity_heading(log.events) == "Getting the tests to pass"


# -- B. headings the gate mends ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("heading", "expected"),
    [
        ("Chcę przenieść testy z JUnit 4 na 5", "Przenieść testy z JUnit 4 na 5"),
        ("On doit passer à pydantic 2", "Passer à pydantic 2"),
        ("Wir müssen die Migration neu schreiben", "Die Migration neu schreiben"),
        ("Betik artık iki durumu da kaldırıyor ama", "Betik artık iki durumu da kaldırıyor"),
        ("The script now handles both cases but", "The script now handles both cases"),
        ("Theek hai abhi itna kaafi", ""),
        ("OK, that's enough for now", ""),
        # controls: a heading that names its step stays as it is
        ("Adding a startupProbe", "Adding a startupProbe"),
        ("Getting the tests to pass", "Getting the tests to pass"),
        ("按 IP 限流（每分钟 60 次，返回 429）", "按 IP 限流（每分钟 60 次，返回 429）"),
    ],
)
def test_a_heading_is_mended_by_form(heading: str, expected: str) -> None:
    assert mended(heading) == expected


def test_a_wish_heads_its_section_as_the_work(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Cześć! Mam projekt w Mavenie.")
    tx.assistant("Jasne.")
    tx.user("Chcę przenieść testy z JUnit 4 na 5 w module faktur")
    tx.tool_call("Read", {"file_path": f"{CWD}/pom.xml"}, "<project/>")
    edit(tx, "pom.xml")
    _bash(tx, "mvn -q test", "Tests run: 41, Failures: 0")
    tx.assistant("Gotowe: 41 testów przechodzi na JUnit 5.")
    told = Told(tx, tmp_path)
    assert not any(h.startswith("Chcę") for h in [told.title, *told.headings]), (told.title, told.headings)
