"""Progress while a stage runs (issue 25): on a terminal, every stage that can take more than a second says what
it is doing while it runs, and parse's bar says what comes after the last byte is read; piped, or with -q, the
output is exactly what it was."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
OFFLINE = {"ANTHROPIC_API_KEY": None, "ANTHROPIC_BASE_URL": None, "RETELL_MODEL": None, "CLAUDE_CONFIG_DIR": None}
DOING = ("Parsing: ", "Triage: ", "Outline: ", "Draft: ", "Render: ")


def retell(*args: str | Path, config: Path) -> Result:
    env = {**OFFLINE, "XDG_CONFIG_HOME": str(config / "config"), "XDG_CACHE_HOME": str(config / "cache")}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


@pytest.fixture
def terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """stderr is a terminal (rich draws to it as to any file: what it draws stays in the captured text)."""
    monkeypatch.setattr(sys.modules["retell.cli.app"], "on_a_terminal", lambda: True)
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich animates only what it takes for a terminal
    monkeypatch.setenv("TERM", "xterm")


def _stage_lines(stderr: str) -> list[str]:
    return [line.split()[0] for line in stderr.splitlines() if line[:1].isalpha() and not line.startswith("retell")]


def test_run_says_what_each_stage_is_doing_on_a_terminal(terminal: None, tmp_path: Path) -> None:
    result = retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", tmp_path / "work", config=tmp_path)
    assert result.exit_code == 0, result.output
    for doing in DOING:
        assert doing in result.stderr, doing
    assert "Done: " in result.stdout


def test_piped_or_quiet_the_output_is_unchanged(tmp_path: Path) -> None:
    piped = retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", tmp_path / "work", config=tmp_path)
    assert piped.exit_code == 0, piped.output
    assert not any(doing in piped.stderr for doing in DOING)
    assert "\x1b" not in piped.stderr + piped.stdout  # no escape codes in a pipe
    assert _stage_lines(piped.stderr) == ["parse", "triage", "outline", "draft", "render"]
    shutil.rmtree(tmp_path / "work")


def test_quiet_on_a_terminal_draws_nothing(terminal: None, tmp_path: Path) -> None:
    result = retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", tmp_path / "work", "-q", config=tmp_path)
    assert result.exit_code == 0, result.output
    assert result.stderr == "" and result.stdout == ""


def test_parse_says_what_comes_after_the_last_byte(
    terminal: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the example is small: a bar all the same
    monkeypatch.setattr(sys.modules["retell.cli.app"], "PROGRESS_MIN_BYTES", 0)
    result = retell("parse", EXAMPLE, "-o", tmp_path / "work", config=tmp_path)
    assert result.exit_code == 0, result.output
    assert "Reading the transcript" in result.stderr
    assert "Putting the story together and writing it" in result.stderr  # not a bar sitting at 100 %
    assert result.stdout.startswith("Parsed session 0b7c3f52")
    monkeypatch.setattr(sys.modules["retell.cli.app"], "on_a_terminal", lambda: False)  # now into a pipe
    piped = retell("parse", EXAMPLE, "-o", tmp_path / "piped", config=tmp_path)
    assert "Reading the transcript" not in piped.stderr and "\x1b" not in piped.stderr


@pytest.mark.parametrize("command", ["triage", "render"])
def test_a_single_stage_says_what_it_does(terminal: None, tmp_path: Path, command: str) -> None:
    work = tmp_path / "work"
    assert retell("run", EXAMPLE, "--yes", "--engine", "offline", "-o", work, "-q", config=tmp_path).exit_code == 0
    result = retell(command, work, *(["--force"] if command == "render" else []), config=tmp_path)
    assert result.exit_code == 0, result.output
    assert f"{command.capitalize()}: " in result.stderr
