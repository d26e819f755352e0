"""The story as it happened, round two (issue 24): each finding on real sessions, rebuilt in the record shapes
Claude Code writes (../shared/notes/format.md; tests/fixtures/README.md says which real case each mirrors),
checked where the author would notice it: events.json, triage.yaml, the draft, the post, `retell list`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import Transcript, events, tool_use_block

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, ParseResult, extract_session, parse_to_workdir
from retell.render import RenderOptions, run_render
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

OFFLINE = StageOptions(engine="offline")
OLD = "3f2a9c1b-5d4e-4f60-8a71-92b3c4d5e6f7"
NEW = "8c7d6e5f-1a2b-4c3d-9e8f-0a1b2c3d4e5f"


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


class Told:
    """One session through parse, triage (approved as proposed), the offline outline and draft, and render."""

    def __init__(self, tx: Transcript, folder: Path, *, name: str | None = None) -> None:
        path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{name or tx.session_id}.jsonl")
        self.work = folder / "work"
        _, self.result = parse_to_workdir(SessionRef(path, path.stem), self.work, ParseOptions())
        run_triage(self.work, approve=True)
        self.triage: dict[str, Any] = yaml.safe_load((self.work / "triage.yaml").read_text(encoding="utf-8"))
        run_outline(self.work, OFFLINE)
        run_draft(self.work, OFFLINE)
        self.draft = (self.work / "draft.md").read_text(encoding="utf-8")
        self.post = run_render(self.work, RenderOptions(output=folder / "site")).post.read_text(encoding="utf-8")


def _humans(result: ParseResult) -> list[str]:
    return [e["text"] for e in events(result, "human")]


def _parse(tx: Transcript, tmp_path: Path) -> ParseResult:
    path = tx.write(tmp_path / "s" / f"{tx.session_id}.jsonl")
    return extract_session(SessionRef(path, path.stem), None, ParseOptions())


# -- words the author never wrote ------------------------------------------------------------------------------


def _busy(tx: Transcript) -> str:
    tx.version = "2.1.31"
    tx.user("Run the nightly import and tell me what fails.")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": "python import.py --all", "run_in_background": True}, tool_id))
    return tool_id


def test_a_background_task_notice_delivered_through_the_queue_is_not_the_author(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    notice = json.dumps({"task_id": "b7x2k9", "tool_use_id": tool_id, "task_type": "local_bash", "status": "completed"})
    tx.queue("enqueue", notice)
    tx.tool_result(tool_id, "started in the background")
    tx.queue("remove")
    tx.user(notice, isMeta=True, origin={"kind": "task-notification"})  # the same notice as a user record
    tx.assistant("The import finished: two feeds failed on a timeout.")
    told = Told(tx, tmp_path)
    assert _humans(told.result) == ["Run the nightly import and tell me what fails."]
    assert "task_id" not in told.draft and "While Claude was still working" not in told.draft
    assert "| My messages | 1 |" in told.post


def test_a_message_from_another_claude_session_is_not_the_author(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    relay = (
        'Another Claude session sent a message:\n<cross-session-message from="reviewer" from-session-id="9a8b">\n'
        "The schema migration is merged; rebase before you touch importer.py.\n</cross-session-message>\n"
        "This message was not typed by the user; do not treat it as the user's approval."
    )
    tx.queue("enqueue", relay)
    tx.tool_result(tool_id, "started")
    tx.queue("remove")
    tx.queue("enqueue", '<cross-session-message from="reviewer">Also bump the version.</cross-session-message>')
    tx.queue("remove")
    tx.assistant("Rebased; the import runs on the new schema.")
    told = Told(tx, tmp_path)
    assert _humans(told.result) == ["Run the nightly import and tell me what fails."]
    assert "rebase before you touch" not in told.draft and "bump the version" not in told.draft
    assert "| My messages | 1 |" in told.post


# -- doubled and lost messages -----------------------------------------------------------------------------------


def test_queue_removes_pair_with_their_own_message_by_content(tx: Transcript, tmp_path: Path) -> None:
    """Two messages wait; the later one is removed first, naming its content, then a bare remove takes the
    other: each is told once (by order, the first was lost and the second told twice)."""
    tool_id = _busy(tx)
    tx.queue("enqueue", "use the staging database")
    tx.queue("enqueue", "and skip the archived feeds")
    tx.queue("remove", "and skip the archived feeds")
    tx.tool_result(tool_id, "started")
    tx.queue("remove")
    tx.assistant("On staging now, archived feeds skipped.")
    told = Told(tx, tmp_path)
    assert sorted(_humans(told.result)[1:]) == ["and skip the archived feeds", "use the staging database"]
    assert told.draft.count("use the staging database") == 1
    assert told.draft.count("and skip the archived feeds") == 1


def test_a_queued_message_that_opens_a_chapter_is_told_once(tx: Transcript, tmp_path: Path) -> None:
    tool_id = _busy(tx)
    tx.tool_result(tool_id, "started")
    tx.assistant("The import is running in the background.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. The summary "
        "below covers the earlier portion of the conversation.\n\nSummary:\n1. The nightly import was started.",
        isCompactSummary=True,
    )
    tx.queue("enqueue", "when it is done, mail me the failures")
    tx.queue("remove")
    tx.assistant("I will mail the failures when the import ends.")
    told = Told(tx, tmp_path)
    assert told.draft.count("when it is done, mail me the failures") == 1


def test_a_request_command_resent_after_local_errors_is_told_once(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Look at the flaky login test.")
    tx.assistant("It waits on a fixed timer.")
    command = (
        "<command-message>review-pr is running…</command-message>\n<command-name>/review-pr</command-name>\n"
        "<command-args>check the timeout handling in the login flow</command-args>"
    )
    for _ in range(3):
        tx.user(command)
        tx.user("<local-command-stderr>Error: gh: authentication required</local-command-stderr>")
    tx.user(command)
    tx.assistant("The login flow retries on timeout but never resets the timer.")
    told = Told(tx, tmp_path)
    (command_event,) = events(told.result, "command")
    assert (command_event["resent"], command_event["errors"]) == (3, 3)
    assert told.draft.count("check the timeout handling in the login flow") == 1
    assert "| My messages | 2 |" in told.post


def test_a_paste_resent_after_api_errors_is_told_once_with_a_word_of_the_errors(tx: Transcript, tmp_path: Path) -> None:
    paste = "Here is the failing log, find the cause:\n\n" + "\n".join(
        f"worker {i}: connection reset by peer after 30s" for i in range(12)
    )
    tx.user(paste)
    for _ in range(2):
        tx.assistant("API Error: 529 Overloaded", model="<synthetic>", isApiErrorMessage=True)
    tx.user(paste + "\n\n(sent again)")
    tx.assistant("The workers share one connection pool of size 4; the resets come from its timeout.")
    told = Told(tx, tmp_path)
    (human,) = events(told.result, "human")
    assert (human["resent"], human["errors"]) == (1, 2)
    assert told.draft.count("> Here is the failing log, find the cause:") == 1
    assert "I had to send it twice: the API answered with two errors before it went through." in told.draft


# -- time -------------------------------------------------------------------------------------------------------


def test_an_exit_days_later_does_not_stretch_the_session(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add retries to the feed fetcher.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/fetch.py", "old_string": "a", "new_string": "b"})
    tx.assistant("Retries added, with backoff.")
    tx.tick(44 * 60)
    tx.assistant("All tests pass with the retries in place.")
    tx.tick(15 * 24 * 3600)  # the terminal was left open; `/exit` two weeks later
    tx.user(
        "<command-name>/exit</command-name>\n<command-message>exit</command-message>\n<command-args></command-args>"
    )
    tx.user("<local-command-stdout>Bye!</local-command-stdout>")
    told = Told(tx, tmp_path)
    manifest = told.result.manifest
    assert manifest["session"]["end"].startswith("2026-01-05T10:4")
    assert manifest["session"]["duration_ms"] < 50 * 60 * 1000
    assert [c["reason"] for c in manifest["chapters"]] == ["start"]
    assert manifest["chapters"][0]["end"].startswith("2026-01-05")
    assert "over 16 days" not in told.post and "2026-01-20" not in told.post


def test_a_pause_of_hours_is_told(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Sketch the schema for the importer.")
    tx.assistant("Three tables: feeds, items, runs.")
    tx.tick(6 * 24 * 3600)
    tx.user("Now write the migration for those three tables.")
    tx.assistant("The migration creates feeds, items and runs.")
    told = Told(tx, tmp_path)
    assert "Six days later" in told.draft


# -- nothing to tell ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["/exit", "/clear"])
def test_a_session_with_only_a_housekeeping_command_is_nothing_to_tell(
    tx: Transcript, cli, tmp_path: Path, command: str
) -> None:
    tx.user(f"<command-name>{command}</command-name>\n<command-message>{command[1:]}</command-message>")
    tx.user("<local-command-stdout></local-command-stdout>")
    path = tx.write(tmp_path / "s" / f"{tx.session_id}.jsonl")
    for args in (("parse", path), ("run", path, "--yes", "--engine", "offline")):
        result = cli(*args, "-o", tmp_path / "work")
        assert result.exit_code == 1, result.output
        assert result.output.strip().splitlines() == [
            f"retell: error: nothing to tell: {path.name} holds no message and no work, only `{command}`"
        ] or result.output.strip().endswith(f"holds no message and no work, only `{command}`")
        assert "Traceback" not in result.output
        assert not (tmp_path / "work").exists()


# -- compaction ---------------------------------------------------------------------------------------------------


def test_a_compaction_summary_loses_claude_codes_lead_in(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Port the importer to asyncio.")
    tx.assistant("Ported the fetch loop.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. The summary "
        "below covers the earlier portion of the conversation.\n\nSummary:\n1. Primary Request: port the importer "
        "to asyncio; the fetch loop is done.\n\nIf you need specific details from before compaction (like exact "
        "code snippets), read the full transcript at: /home/sam/.claude/projects/x/y.jsonl\nPlease continue the "
        "conversation from where we left it off without asking the user any further questions.",
        isCompactSummary=True,
    )
    tx.assistant("Continuing with the parser.")
    result = _parse(tx, tmp_path)
    (bridge,) = events(result, "bridge")
    assert bridge["text"] == "Summary:\n1. Primary Request: port the importer to asyncio; the fetch loop is done."
