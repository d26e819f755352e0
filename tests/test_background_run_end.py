"""A background run's end, as Claude Code's task notification tells it, on the call that started it (fresh30's
pruefplan, written blind: `go test -race ./...` ran in the background, showed only "Command running in background
with ID: …", and its notification said "completed (exit code 1)"; the red run was told by Claude's words alone,
and a post saying the background tests failed had no run to rest on)."""

from __future__ import annotations

import json
from typing import Any

from conftest import Transcript, tool_use_block


def _background(tx: Transcript, command: str) -> str:
    tx.user("Lass die Tests im Hintergrund laufen.")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": command, "run_in_background": True}, tool_id))
    tx.tool_result(tool_id, "Command running in background with ID: b86ba1e. Output is being written to: /tmp/x")
    return tool_id


def _notice(tool_id: str, summary: str, status: str = "completed") -> str:
    return (
        f"<task-notification>\n<task-id>b86ba1e</task-id>\n<tool-use-id>{tool_id}</tool-use-id>\n"
        f"<task-type>local_bash</task-type>\n<status>{status}</status>\n<summary>{summary}</summary>\n"
        "</task-notification>\nRead the output file to retrieve the result: /tmp/x"
    )


def _run(parse: Any, tx: Transcript) -> Any:
    log = parse(tx).log
    return next(c for e in log.events for c in e.calls or () if c.name == "Bash")


def test_a_background_test_run_that_exited_1_failed(tx: Transcript, parse) -> None:
    tool_id = _background(tx, "go test -race -count=1 ./...")
    tx.user(_notice(tool_id, 'Background command "Run all tests" completed (exit code 1)'))
    tx.assistant("Der Fehler liegt in `Ueberfaellig`.")
    call = _run(parse, tx)
    assert call.error == "Exit code 1" and call.outcome == "failed"
    assert "(the background run completed, exit code 1)" in call.output


def test_a_background_run_that_exited_0_is_no_failure(tx: Transcript, parse) -> None:
    tool_id = _background(tx, "npm run build")
    tx.queue("enqueue", _notice(tool_id, 'Background command "Build" completed (exit code 0)'))
    tx.queue("remove")
    tx.assistant("Der Build ist durch.")
    call = _run(parse, tx)
    assert call.error is None and call.outcome is None
    assert "(the background run completed, exit code 0)" in call.output


def test_a_notice_queued_as_json_ends_its_run_too(tx: Transcript, parse) -> None:
    tool_id = _background(tx, "pytest -q")
    notice = {"task_id": "b7", "tool_use_id": tool_id, "task_type": "local_bash", "status": "failed"}
    tx.queue("enqueue", json.dumps(notice))
    tx.queue("remove")
    tx.assistant("Two tests failed.")
    call = _run(parse, tx)
    assert call.error == "failed" and call.outcome == "failed"


def test_a_notice_for_another_call_changes_nothing(tx: Transcript, parse) -> None:
    _background(tx, "pytest -q")
    tx.user(_notice("toolu_unknown", 'Background command "x" completed (exit code 2)'))
    tx.assistant("ok")
    call = _run(parse, tx)
    assert call.error is None and "background run" not in (call.output or "")
