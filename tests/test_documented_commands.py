"""Every `retell …` command line shown in README.md and docs/*.md names a command and flags that exist
(issue 25): a documented flag that does not exist fails here. Each subcommand's --help runs once; the flags
are checked against the options the command really has; the commands that need nothing but the bundled
example (`retell list`, `retell parse <example ids>`, `retell stats`) run for real in a scratch folder."""

from __future__ import annotations

import re
import shlex
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
EXAMPLE_CONFIG = ROOT / "examples" / "claude"
EXAMPLE_IDS = {p.stem[:8] for p in EXAMPLE_CONFIG.glob("projects/*/*.jsonl")}
_FENCE = re.compile(r"^\s*```")
_INLINE = re.compile(r"`(retell [^`]+)`")
_FLAG = re.compile(r"--?[A-Za-z][\w-]*")


@cache
def group() -> Any:
    """The command group typer builds (its click is vendored: no types of it to name here)."""
    command = typer.main.get_command(app)
    assert hasattr(command, "commands")
    return command


def documented() -> list[tuple[str, str]]:
    """(where, command line) for every `retell <subcommand> …` in a code block or an inline code span."""
    found: list[tuple[str, str]] = []
    for doc in DOCS:
        fenced = False
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if _FENCE.match(line):
                fenced = not fenced
                continue
            where = f"{doc.relative_to(ROOT)}:{number}"
            texts = [line.strip()] if fenced else _INLINE.findall(line)
            for text in texts:
                for part in re.split(r"&&|;|\|(?![^\[]*\])", text):  # `pip install . && retell run …`
                    part = part.strip()
                    words = part.split()
                    if len(words) >= 2 and words[0] == "retell" and words[1] in group().commands:
                        found.append((where, part))
    return found


def flags_of(line: str) -> list[str]:
    """The flags a command line shows: `[--include-subagents/--no-subagents]` is two, `-q/-v` two, and
    neither a `# comment`, the text after `→`, nor a quoted instruction counts."""
    line = line.split(" #", 1)[0].split("→", 1)[0]
    line = re.sub(r'"[^"]*"', "", line)
    flags = []
    for word in line.split():
        word = word.strip("[](),|").split("=", 1)[0]
        if word.startswith("-"):
            flags += [f for f in word.split("/") if _FLAG.fullmatch(f)]
    return flags


def options_of(name: str) -> set[str]:
    command = group().commands[name]
    names = {"--help", "-h"}
    for param in command.params:
        if param.param_type_name == "option":
            names.update(param.opts)
            names.update(param.secondary_opts)
    return names


COMMANDS = documented()


def test_the_docs_show_commands_at_all() -> None:
    shown = {line.split()[1] for _, line in COMMANDS}
    assert {"parse", "triage", "outline", "draft", "render", "run", "list", "check"} <= shown


@pytest.mark.parametrize("name", sorted(group().commands))
def test_each_commands_help_runs(name: str) -> None:
    result = CliRunner().invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_every_documented_flag_exists() -> None:
    missing = [
        f"{where}: `retell {line.split()[1]} {flag}` (in: {line})"
        for where, line in COMMANDS
        for flag in flags_of(line)
        if flag not in options_of(line.split()[1])
    ]
    assert missing == [], "documented flags that do not exist:\n" + "\n".join(missing)


def _runnable(line: str) -> list[str] | None:
    """The words of a documented command that needs only the bundled example, or None."""
    if any(mark in line for mark in ("…", "[", "<", "|", "WORKDIR", "SESSION", "PROJECT", "PATH", "DATE")):
        return None
    try:
        words = shlex.split(line.split(" #", 1)[0])
    except ValueError:
        return None
    command, args = words[1], words[2:]
    ids = [a for a in args if re.fullmatch(r"[0-9a-f]{8}", a)]
    if command in ("parse", "stats") and (not ids or not set(ids) <= EXAMPLE_IDS):
        return None  # a session of someone's machine, not of the example
    if command == "list" and any(not a.startswith("-") and a != "parser" for a in args):
        return None  # a project of someone's machine
    return words[1:] if command in ("list", "parse", "stats") else None


RUNNABLE = sorted({tuple(words) for _, line in COMMANDS if (words := _runnable(line)) is not None})


def test_some_documented_commands_run_on_the_example() -> None:
    assert ("list",) in RUNNABLE and any(words[0] == "parse" for words in RUNNABLE)


@pytest.mark.parametrize("words", RUNNABLE, ids=[" ".join(w) for w in RUNNABLE])
def test_documented_commands_run_on_the_example(
    words: tuple[str, ...], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the example's project, as if this folder were it: `retell list` lists the current folder's sessions
    cwd = tmp_path / "tidyfeeds"
    cwd.mkdir()
    projects = tmp_path / "claude" / "projects"
    projects.mkdir(parents=True)
    (example,) = EXAMPLE_CONFIG.glob("projects/*/")
    (projects / re.sub(r"[^A-Za-z0-9]", "-", str(cwd.resolve()))).symlink_to(example.resolve())
    monkeypatch.chdir(cwd)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    result = CliRunner().invoke(app, list(words))
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output


def test_a_flag_that_does_not_exist_is_caught() -> None:
    line = "retell parse SESSION... [-o WORKDIR] [--include-subagents/--no-subagents] [--colour] [-q/-v]"
    shown = flags_of(line)
    assert shown == ["-o", "--include-subagents", "--no-subagents", "--colour", "-q", "-v"]
    assert [flag for flag in shown if flag not in options_of("parse")] == ["--colour"]
