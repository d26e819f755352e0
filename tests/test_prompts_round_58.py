"""Prompts round 58 (issue 24), from the blind judge's verdicts on fresh24's and fresh25's in-loop drafts (tuning
sets): after round 56 five of twelve posts of short sessions came in two sections, and three were judged to need
headings added (a section that ran from the change through a failing test, or through the commit into work asked
for after it). Drafters answering in Polish, Ukrainian and Hindi asked which gender a verb takes for Claude."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

START = datetime(2026, 10, 3, 9, 12, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _short_session() -> Transcript:
    """Ten minutes of work: a change, a test run that fails, the fix, a passing run, a commit; then a README line
    the author asks for after the commit."""
    tx = Transcript(cwd="/home/kasia/src/grafik", start=START)
    tx.user("dodaj stronę /grafik z zajęciami z tygodnia")
    tx.tick(20)
    tx.tool_call(
        "Edit",
        {"file_path": "/home/kasia/src/grafik/Pages/Grafik.razor", "old_string": "", "new_string": "<h1>Grafik</h1>"},
    )
    tx.tick(30)
    tx.tool_call("Bash", {"command": "dotnet test"}, "Failed!  - Failed: 1, Passed: 11", is_error=True)
    tx.tick(40)
    tx.tool_call(
        "Edit", {"file_path": "/home/kasia/src/grafik/Pages/Grafik.razor", "old_string": "<h1>", "new_string": "<h2>"}
    )
    tx.tick(30)
    tx.tool_call("Bash", {"command": "dotnet test"}, "Passed!  - Failed: 0, Passed: 12")
    tx.tool_call(
        "Bash", {"command": "git commit -am 'Strona /grafik'"}, "[main 4f1a2b3] Strona /grafik\n 1 file changed"
    )
    tx.assistant("Gotowe: strona /grafik, testy przechodzą, commit 4f1a2b3.")
    tx.tick(120)
    tx.user("dopisz to jeszcze do README")
    tx.tick(15)
    tx.tool_call("Edit", {"file_path": "/home/kasia/src/grafik/README.md", "old_string": "", "new_string": "/grafik"})
    tx.assistant("Dopisane.")
    return tx


def test_a_short_session_is_told_in_three_sections_split_where_it_turns(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _short_session(), "claude/projects/-home-kasia-src-grafik", "pl"))
    assert "under a quarter of an hour of work: three, two only when it holds a single step" in prompt
    assert "two or three)" not in prompt
    # where one section ends and the next begins: the judge's splits, said as the story's turns
    assert "A section ends where the story turns: a run that fails after the change" in prompt
    assert "work the author asks for after a commit or a pause each begin a new section" in prompt


def test_every_call_says_which_gender_a_verb_takes_for_claude(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _short_session(), "claude/projects/-home-kasia-src-grafik", "pl"))
    assert "Claude takes the masculine, as a man's given name does" in prompt
    assert '"Claude zaproponował"' in prompt
