"""Prompts round 59 (issue 24): the drafters of fresh24, fresh25 and fresh26 (each answering through the hand-off
engine) found the first section's prompt at odds with the finishing call's: the first section was to start with its
first beat (most often the author's first message, quoted) yet "not tell again" what the hook tells (the author's
question, its figures), while the finishing call keeps a fact both tell in the section and leaves it out of the
opening. Written after the sections, the opening is the one that gives way: the first section tells its first beat
whole."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import parse_work, section_prompts
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

START = datetime(2026, 10, 7, 15, 2, tzinfo=timezone.utc)
pytestmark = pytest.mark.usefixtures("no_live_settings")


def test_the_first_section_tells_its_first_beat_whole(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/ines/src/quay", start=START)
    tx.user("the berth planner shows 14 ships for tuesday but the harbour list has 12, why?")
    tx.tick(10)
    tx.tool_call("Grep", {"pattern": "berth"}, "src/planner.py:41: for ship in arrivals + departures:")
    tx.assistant("The planner counts a ship twice when it arrives and leaves on the same day.")
    tx.tick(60)
    tx.user("fix it")
    tx.tool_call("Edit", {"file_path": "/home/ines/src/quay/src/planner.py", "old_string": "a", "new_string": "b"})
    tx.assistant("Fixed: a ship that arrives and leaves on one day is counted once.")
    prompts = section_prompts(parse_work(tmp_path, tx, "claude/projects/-home-ines-src-quay"))
    first = prompts[0]
    assert "tell that beat whole (the author's words and figures it rests on)" in first
    assert "the opening is written after the sections and leaves out what this section tells" in first
    assert "do not tell again what it tells" not in first
