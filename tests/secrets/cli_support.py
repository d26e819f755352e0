"""Shared by the end-to-end tests of tests/secrets: retell's CLI in process, isolated from the machine (no API
key, no `claude` on PATH, config and cache folders of the test's own, no network)."""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from retell.cli import app


def retell(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    return result


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "RETELL_CLAUDE"):
        monkeypatch.delenv(name, raising=False)
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "python").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", str(bin_dir))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise OSError("no network in tests")

    monkeypatch.setattr(socket.socket, "connect", refuse)
