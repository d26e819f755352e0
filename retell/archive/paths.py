"""Where retell keeps what it keeps: its data folder, and the archive of sessions in it."""

from __future__ import annotations

import os
from pathlib import Path

ARCHIVE_ENV = "RETELL_ARCHIVE_DIR"


def data_dir() -> Path:
    """`$XDG_DATA_HOME/retell`, default `~/.local/share/retell` (as the config and cache folders follow XDG)."""
    base = os.environ.get("XDG_DATA_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".local" / "share") / "retell"


def archive_dir() -> Path:
    """`$RETELL_ARCHIVE_DIR`, else `<data dir>/sessions`."""
    env = os.environ.get(ARCHIVE_ENV)
    return Path(env).expanduser() if env else data_dir() / "sessions"
