"""A shell call the author stopped (Esc) is told as stopped, with what it printed before the stop.

Claude Code records the result as "[Request interrupted by user for tool use]" (an error) and keeps what the
command printed in `toolUseResult` (`stdout`, `interrupted: true`). retell told it as "failed" and dropped the
output: models answering the prompts in the loop (stop 39) wrote that the author stopped a `kubectl rollout undo`
before it ran, where its output shows the rollback done and only the wait after it cut; the numbers counted it
as a failed call."""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")
STOPPED = "[Request interrupted by user for tool use]"


def _session(recorded: object) -> Transcript:
    tx = Transcript(cwd="/home/ines/ops", start=datetime(2026, 5, 4, 9, 0, tzinfo=timezone.utc))
    tx.user("prod is down, roll the billing service back now")
    tx.assistant("Rolling back billing-api and waiting for it.")
    command = {
        "command": "kubectl -n pay rollout undo deploy/billing-api && kubectl -n pay rollout status deploy/billing-api"
    }
    tx.tool_call("Bash", command, STOPPED, is_error=True, tool_use_result=recorded)
    tx.user("stop, argo will revert that, do it through git")
    tx.assistant("Understood, I'll revert the image tag in the repo instead.")
    return tx


def _work(tmp_path: Path, tx: Transcript) -> Path:
    session = tx.write(tmp_path / "claude" / "projects" / "-home-ines-ops" / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _prompt(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def test_a_stopped_call_is_told_as_stopped_with_what_it_printed(tmp_path: Path) -> None:
    printed = (
        "deployment.apps/billing-api rolled back\n"
        'Waiting for deployment "billing-api" rollout to finish: 1 old replicas are pending termination...'
    )
    work = _work(tmp_path, _session({"stdout": printed, "stderr": "", "interrupted": True, "isImage": False}))
    prompt = _prompt(work)
    line = next(x for x in prompt.splitlines() if "TOOLS:" in x and "rollout" in x)
    assert "interrupted by the author, after printing what follows" in line and "failed" not in line
    assert "deployment.apps/billing-api rolled back" in prompt
    manifest = json.loads((work / "manifest.json").read_text(encoding="utf-8"))
    assert "1 failed" not in prompt and manifest["counts"]["tool_errors"] == 0


def test_a_stopped_call_that_printed_nothing_is_still_no_failure(tmp_path: Path) -> None:
    work = _work(tmp_path, _session("Error: " + STOPPED))
    line = next(x for x in _prompt(work).splitlines() if "TOOLS:" in x and "rollout" in x)
    assert line.endswith("— interrupted by the author") and "failed" not in line
