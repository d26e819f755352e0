"""A subagent's brief is quoted in the material ("was asked: “…”"): unquoted, a brief that opens on a capitalised
word (a German imperative, "Durchsuche das Repository…") read after "asked:" as a person asked, and the request
guard stopped the run as retell's own fault, with nothing the author could clear (a German session written blind,
fresh16)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, text_block, tool_use_block
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
START = datetime(2026, 1, 22, 7, 58, tzinfo=timezone.utc)
CWD = "/srv/wetter-etl"
BRIEF = "Durchsuche das Repository nach Stellen, die feste Spaltenlisten verwenden, und gib die Fundstellen zurück."


def _session(folder: Path) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Moin! Der nächtliche Import bricht ab: unexpected columns. Kannst du das reparieren?")
    spawn = {"description": "Spaltenannahmen finden", "prompt": BRIEF, "subagent_type": "Explore"}
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", spawn, tool_id))
    agent = Transcript(tx.session_id, cwd=CWD, start=START, sidechain=True, agent_id="d18fc9f")
    agent.user(BRIEF)
    agent.tool_call("Grep", {"pattern": "COLUMNS"}, "etl/parse.py:3:COLUMNS = [...]")
    agent.assistant("Eine Fundstelle: etl/parse.py:3.")
    agent.write(folder / tx.session_id / "subagents" / "agent-d18fc9f.jsonl")
    usage = {"agentId": "d18fc9f", "totalToolUseCount": 1, "totalDurationMs": 9_000}
    tx.tool_result(tool_id, [text_block("Eine Fundstelle: etl/parse.py:3.")], tool_use_result=usage)
    tx.assistant("Die Spaltenprüfung ist zu streng; ich lockere sie.")
    return tx


@pytest.mark.usefixtures("no_live_settings")
def test_a_brief_opening_on_a_capitalised_word_reaches_the_prompt_quoted(tmp_path: Path) -> None:
    folder = tmp_path / "claude" / "projects" / "-srv-wetter-etl"
    tx = _session(folder)
    session = tx.write(folder / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    result = runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"])
    assert result.exit_code == 0, result.output  # (was: "a prompt about to be sent holds 1 secret(s) not cleared")
    prompt = next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")
    assert f"was asked: “{BRIEF}”" in prompt
