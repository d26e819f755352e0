"""The cleared view kept in the work folder (`cleared-view.json`), so that a new process need not clear it again.

Clearing scans every text of the session for secrets (a third of a new `retell check` of a 2,500-word draft).
The view is written beside events.json under a key of everything it is made of: events.json's hash, the
author's decisions (secrets, chapters, images, thinking, branches, their `redact:` terms and the user config's,
as `Triage.decisions_digest` hashes them) and the retell that cleared it (its files). Any other key, or a file
that does not read back as a view, is cleared again: the cache can only ever give the view the decisions give.
It holds nothing events.json does not: the view is events.json's text with values replaced.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from pathlib import Path

import orjson

from retell.events import EventLog
from retell.fsutil import atomic_write_bytes
from retell.triage.model import Triage

CLEARED_VIEW = "cleared-view.json"
CACHE_VERSION = 1  # of the file's shape; a new one makes every cache in a work folder stale
_PACKAGE = Path(__file__).resolve().parents[1]
_FINGERPRINT: list[str] = []  # (worked out once per process)


def code_fingerprint() -> str:
    """The retell that clears: every file of the package by name, size and time of change (its version says
    too little: a checkout between two releases changes rules under the same number). ~2 ms for 200 files."""
    if not _FINGERPRINT:
        digest = hashlib.sha256()
        for root, dirs, files in os.walk(_PACKAGE):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = Path(root, name)
                stat = path.stat()
                digest.update(f"{path.relative_to(_PACKAGE)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
        _FINGERPRINT.append(digest.hexdigest())
    return _FINGERPRINT[0]


def view_key(events_sha256: str, triage: Triage) -> str:
    parts = (str(CACHE_VERSION), events_sha256, triage.decisions_digest(), code_fingerprint())
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def read_key(path: Path) -> str | None:
    """The key a cache file was written under (None: no file, or not one of ours)."""
    header = _header(path)
    key = header.get("key") if header is not None else None
    return key if isinstance(key, str) else None


def cleared(folder: Path, log: EventLog, events_sha256: str, triage: Triage) -> EventLog:
    """The cleared view of `log` under `triage`: read from the work folder when it was cleared under the same
    key, else cleared and written there (a folder that cannot be written is only slower)."""
    path = folder / CLEARED_VIEW
    key = view_key(events_sha256, triage)
    view = _read(path, key)
    if view is not None:
        return view
    from retell.redact import cleared_view  # (the scanner's rules: only when the view is cleared)

    view = cleared_view(log, triage)
    # a header line (the key, and the hash of what follows), then the view as events.json writes a log
    body = orjson.dumps(view.to_dict())
    header = {"schema_version": CACHE_VERSION, "key": key, "view_sha256": hashlib.sha256(body).hexdigest()}
    # (a read-only folder, a full disk, a folder in the way: no cache, and next time it is cleared again)
    with contextlib.suppress(OSError):
        atomic_write_bytes(path, orjson.dumps(header) + b"\n" + body, durable=False)
    return view


def _header(path: Path, data: bytes | None = None) -> dict[str, object] | None:
    try:
        data = path.read_bytes() if data is None else data
        header = orjson.loads(data.partition(b"\n")[0])
    except (OSError, ValueError):
        return None
    return header if isinstance(header, dict) else None


def _read(path: Path, key: str) -> EventLog | None:
    """The view the file holds when it was written under `key` and is whole, as written; else None."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header = _header(path, data)
    if header is None or header.get("schema_version") != CACHE_VERSION or header.get("key") != key:
        return None
    body = data.partition(b"\n")[2]
    if hashlib.sha256(body).hexdigest() != header.get("view_sha256"):
        return None  # (changed since it was written: not the view its key promises)
    try:
        return EventLog.from_dict(orjson.loads(body))
    except Exception:  # (whatever a damaged file makes of the loader, the view is cleared again)
        return None
