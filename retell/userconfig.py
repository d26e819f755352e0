"""retell's own configuration folder (~/.config/retell, or $XDG_CONFIG_HOME/retell), and its cache folder."""

from __future__ import annotations

import os
from pathlib import Path


def config_dir() -> Path:
    base = os.environ.get("XDG_CONFIG_HOME")
    return (Path(base) if base else Path.home() / ".config") / "retell"


def cache_dir() -> Path:
    """`$XDG_CACHE_HOME/retell`, default `~/.cache/retell`: what retell can make again at will."""
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base).expanduser() if base else Path.home() / ".cache") / "retell"
