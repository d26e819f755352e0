"""Peeks kept between listings: one JSON file in the user cache dir, keyed by path, size and mtime.

A second `retell list` of 1,000 sessions reads this file and stats the transcripts, nothing more. The cache is
disposable: a corrupt file, one from another retell version, or one that cannot be written is dropped and
rebuilt without a word (a debug log at most). Older versions are not migrated either: rebuilding is cheap.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

import orjson

from retell import __version__
from retell.discover.peek import Peek
from retell.fsutil import atomic_write_bytes
from retell.userconfig import cache_dir

CACHE_SCHEMA_VERSION = 3  # 2: peeks carry the file's first uuid (resumed sessions are grouped by it); 3: and the
# author's first real request (the title parse finds), file ids, the session's folder as parse names it
CACHE_FILE = "list.json"

log = logging.getLogger(__name__)


def default_cache_path() -> Path:
    return cache_dir() / CACHE_FILE


class ListCache:
    def __init__(self, path: Path, entries: dict[str, dict[str, Any]] | None = None) -> None:
        self.path = path
        self.entries: dict[str, dict[str, Any]] = entries or {}
        self.dirty = False

    @classmethod
    def load(cls, path: Path) -> ListCache:
        try:
            data = orjson.loads(path.read_bytes())
        except FileNotFoundError:
            return cls(path)
        except (OSError, orjson.JSONDecodeError) as exc:
            log.debug("list cache %s unusable (%s); rebuilding it", path, exc)
            return cls(path)
        if not isinstance(data, dict) or data.get("schema_version") != CACHE_SCHEMA_VERSION:
            version = data.get("schema_version") if isinstance(data, dict) else None
            log.debug("list cache %s has schema version %r, not %d; rebuilding it", path, version, CACHE_SCHEMA_VERSION)
            return cls(path)
        entries = data.get("entries")
        return cls(path, entries if isinstance(entries, dict) else {})

    def get(self, path: Path, size: int, mtime_ns: int) -> Peek | None:
        entry = self.entries.get(str(path))
        if not isinstance(entry, dict) or entry.get("size") != size or entry.get("mtime_ns") != mtime_ns:
            return None
        try:
            return Peek.from_dict(entry["peek"])
        except (KeyError, TypeError, ValueError):
            del self.entries[str(path)]  # written by a buggy or foreign hand: read the file again
            self.dirty = True
            return None

    def put(self, path: Path, size: int, mtime_ns: int, peek: Peek) -> None:
        self.entries[str(path)] = {"size": size, "mtime_ns": mtime_ns, "peek": peek.to_dict()}
        self.dirty = True

    def prune(self, folders: list[Path], seen: set[str]) -> None:
        """Forget sessions under `folders` that were not `seen` (deleted or moved); others are kept."""
        prefixes = tuple(f"{folder.absolute()}{os.sep}" for folder in folders)
        gone = [key for key in self.entries if key.startswith(prefixes) and key not in seen]
        for key in gone:
            del self.entries[key]
        self.dirty = self.dirty or bool(gone)

    def save(self) -> None:
        if not self.dirty:
            return
        data = {"schema_version": CACHE_SCHEMA_VERSION, "retell_version": __version__, "entries": self.entries}
        try:
            atomic_write_bytes(self.path, orjson.dumps(data))
        except OSError as exc:  # a read-only home: listing still works, only slower next time
            log.debug("cannot write list cache %s: %s", self.path, exc)
        self.dirty = False
