"""An AskUserQuestion the author answers with "chat about this" comes back as a rejection whose "the user said:"
is followed by Claude Code's own note ("The user wants to clarify these questions. This means they may have
additional information…", then the questions and the provisional answers). Read as the reason the author typed,
the note was quoted in the post as the author's words (issue 24: no words put in the author's mouth)."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")
LEAD = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). To tell you how to proceed, the user said:\n"
)
CLARIFY = (
    LEAD + "The user wants to clarify these questions.\n"
    "    This means they may have additional information, context or questions for you.\n"
    "    Take their response into account and then reformulate the questions if appropriate.\n"
    "    Start by asking them what they would like to clarify.\n\n"
    "    Questions asked:\n"
    '- "Which cache backend should the sessions use?"\n'
    "  Answer: Redis (Recommended)"
)
QUESTION = {
    "questions": [
        {
            "question": "Which cache backend should the sessions use?",
            "header": "Cache",
            "options": [{"label": "Redis (Recommended)", "description": "shared"}, {"label": "In-memory"}],
            "multiSelect": False,
        }
    ]
}


def _human_texts(tmp_path: Path, result: str) -> tuple[list[str], str]:
    tx = Transcript(cwd="/home/ada/app", start=datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    tx.user("sessions are lost on every deploy, move them out of process memory")
    tx.tool_call("AskUserQuestion", QUESTION, result, is_error=True)
    tx.assistant("What would you like to talk through before I pick the backend?")
    tx.user("redis is fine but we run two regions, does that change anything?")
    tx.assistant("With two regions, a replicated Redis or sticky sessions per region would both work.")
    work = Told(tx, tmp_path).work
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    return [e["text"] for e in events if e["kind"] == "human"], (work / "draft.md").read_text(encoding="utf-8")


def test_claude_codes_clarify_note_is_not_the_authors_words(tmp_path: Path) -> None:
    said, draft = _human_texts(tmp_path, CLARIFY)
    assert said == [
        "sessions are lost on every deploy, move them out of process memory",
        "redis is fine but we run two regions, does that change anything?",
    ]
    assert "wants to clarify" not in draft and "reformulate the questions" not in draft


def test_a_reason_the_author_typed_is_still_theirs(tmp_path: Path) -> None:
    said, _draft = _human_texts(tmp_path, LEAD + "not yet, first tell me what each option costs")
    assert "not yet, first tell me what each option costs" in said
