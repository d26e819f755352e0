"""Builders for discover tests: a private config dir with projects and sessions shaped like Claude Code's.

Not a conftest.py on purpose: the root conftest is imported by name (`from conftest import ...`) and a second
conftest.py would shadow it. Each test module isolates itself with `isolate()` in an autouse fixture.
"""

from __future__ import annotations

import time
import uuid
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from conftest import Transcript, tool_use_block, usage

from retell.claude.locate import encode_project_path
from retell.discover.headtail import WHOLE_FILE_LIMIT

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS = REPO_ROOT.parent / "shared" / "corpus"
T0 = datetime(2026, 3, 2, 9, 0, 0, tzinfo=timezone.utc)
_NS = uuid.UUID("0b7a3c52-6d8e-4a5f-9e21-3c4d5e6f7a8b")


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A private CLAUDE_CONFIG_DIR and XDG_CACHE_HOME under tmp_path, UTC display; returns the config dir."""
    config = tmp_path / "claude"
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    return config


def restore_tz() -> None:
    time.tzset()


def sid(name: str) -> str:
    """A session id derived from a readable name (stable across runs)."""
    return str(uuid.uuid5(_NS, name))


def project(config: Path, real_path: str) -> Path:
    folder = config / "projects" / encode_project_path(real_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def session(
    folder: Path,
    name: str,
    *,
    cwd: str,
    prompts: tuple[str, ...] = ("Please fix the flaky test",),
    start: datetime = T0,
    pad: int = 0,
    head: list[dict[str, Any]] | None = None,
    tail: list[dict[str, Any]] | None = None,
    model: str = "claude-sonnet-4-5-20250929",
) -> tuple[Path, Transcript]:
    """A session file: optional `head` records, then per prompt a human turn, an Edit and an answer; `pad`
    bytes of Bash output after the first turn (the middle a listing does not read); optional `tail` records."""
    tx = Transcript(sid(name), cwd=cwd, start=start, model=model)
    for record in head or []:
        tx.add(record)
    for i, prompt in enumerate(prompts):
        tx.user(prompt)
        tx.tool_call("Edit", {"file_path": f"{cwd}/src/mod{i}.py", "old_string": "a", "new_string": "b"})
        tx.assistant(f"Done with step {i + 1}.")
        if i == 0 and pad:
            tx.tool_call("Bash", {"command": "cat big.log"}, "x" * pad)
    for record in tail or []:
        tx.add(record)
    path = tx.write(folder / f"{sid(name)}.jsonl")
    return path, tx


BIG_PAD = WHOLE_FILE_LIMIT + 50_000  # enough to make a file bigger than a whole read


def split_assistant(tx: Transcript, text: str, tool: tuple[str, dict[str, Any]], tokens: dict[str, Any]) -> None:
    """One API message written as two records sharing message.id and repeating the same usage."""
    message_id = tx.new_message_id()
    tx.assistant(text, message_id=message_id, usage_=tokens)
    tx.assistant(tool_use_block(tool[0], tool[1], tx.new_tool_id()), message_id=message_id, usage_=tokens)


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


__all__ = ["BIG_PAD", "CORPUS", "T0", "at", "isolate", "project", "session", "sid", "usage"]
