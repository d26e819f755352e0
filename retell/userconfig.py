"""retell's own configuration folder (~/.config/retell, or $XDG_CONFIG_HOME/retell)."""

from __future__ import annotations

import os
from pathlib import Path


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "retell"
