"""`retell run` without --yes stops at the gate and prints the command that continues the run. That command named
the sessions and the work folder only: a run begun with `--engine handoff` (or offline, or `--target jekyll`)
went on, once the author approved triage.yaml, with the default engine and the Hugo layout (a model answering
the hand-off prompts found the flag missing)."""

from __future__ import annotations

import shlex
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _session(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/ada/shop", start=datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    tx.user("the cart total ignores the discount code, fix it")
    tx.tool_call("Bash", {"command": "pytest -q tests/test_cart.py"}, "1 failed, 7 passed")
    tx.assistant("The discount is applied after tax; I'll move it before and rerun.")
    tx.tool_call("Bash", {"command": "pytest -q tests/test_cart.py"}, "8 passed")
    tx.assistant("All 8 cart tests pass now.")
    return tx.write(tmp_path / "claude" / "projects" / "-home-ada-shop" / f"{tx.session_id}.jsonl")


def _continue_command(output: str) -> list[str]:
    line = next(line for line in output.splitlines() if "and continue:" in line)
    words = shlex.split(line.split("and continue:", 1)[1])
    assert words[:2] == ["retell", "run"]
    return words[2:]


def test_the_continue_command_keeps_the_engine_and_the_target(tmp_path: Path) -> None:
    session, work = _session(tmp_path), tmp_path / "w"
    first = runner.invoke(app, ["run", str(session), "-o", str(work), "--engine", "offline", "--target", "jekyll"])
    ok(first)
    again = _continue_command(first.output)
    assert "--engine=offline" in again and "--target=jekyll" in again
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["run", *again]))
    assert "engine: offline" in (work / "draft.md").read_text(encoding="utf-8")
    posts = list((work / "post").rglob("*.md"))
    assert posts and all("_posts" in p.parts for p in posts)  # Jekyll's layout, not Hugo's


def test_a_plain_run_continues_with_the_plain_command(tmp_path: Path) -> None:
    session, work = _session(tmp_path), tmp_path / "w"
    first = runner.invoke(app, ["run", str(session), "-o", str(work)])
    ok(first)
    assert _continue_command(first.output) == [str(session), "-o", str(work)]
