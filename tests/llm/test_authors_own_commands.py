"""What the author ran themselves (`!cmd` in Claude Code) and what it printed, from the transcript to the post.

A model in the loop (stop 36) answered retell's prompts for a session that ended on the author's own
`!uv run pytest …`: the prompt named the command and nothing of its result (`5 failed, 6 passed` in the raw
record), so the post ended on a run it could not tell. Now the output is the command's, read as a tool's is.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from llm_support import isolate, ok, run


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def test_the_authors_failing_test_run_is_told_and_checked(tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("Rename the project display name to use the folder's name, and update the tests.")
    tx.tool_call("Edit", {"file_path": "/w/app/names.py", "old_string": "a", "new_string": "b"}, "ok")
    tx.assistant("Updated the display name rule and the five tests that use it.")
    tx.user("<bash-input>uv run pytest test/test_names.py</bash-input>")
    printed = "collected 11 items\nFAILED test/test_names.py::test_nested - AssertionError\n"
    tx.user(f"<bash-stdout>{printed}===== 5 failed, 6 passed in 0.37s =====\n</bash-stdout><bash-stderr></bash-stderr>")
    session = tx.write(tmp_path / "claude" / "projects" / "-w-app" / f"{tx.session_id}.jsonl")
    work = tmp_path / "W"
    ok(run("run", session, "-o", work, "--yes", "--engine", "offline", "--strict"))
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    (command,) = [e for e in events if e["kind"] == "command"]
    assert command["calls"][0]["outcome"] == "5 failed, 6 passed"
    (post,) = (work / "post").rglob("index.md")
    assert "I ran `uv run pytest test/test_names.py` myself: 5 failed, 6 passed." in post.read_text(encoding="utf-8")
