"""Atomic file writes: a reader (or a crash) never sees half a file."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path


def atomic_write_bytes(path: Path, data: bytes, *, backup: bool = False, durable: bool = True) -> None:
    """Write `data` to `path` through a temp file in the same folder and an atomic rename.

    With `backup`, the previous version (if any) is kept as `<name>.bak` first. `durable=False` skips the
    fsync: a reader or a crashed process still never sees half a file, only a power cut could leave it
    short; for files made again from their source at will (a session's image assets).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            if durable:
                os.fsync(fh.fileno())
        if backup and path.exists():
            shutil.copy2(path, path.with_name(path.name + ".bak"))
        Path(tmp).replace(path)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
        raise


def atomic_write_text(path: Path, text: str, *, backup: bool = False) -> None:
    atomic_write_bytes(path, text.encode("utf-8"), backup=backup)


@contextlib.contextmanager
def staging_dir(target: Path) -> Iterator[Path]:
    """A temp folder beside `target`, removed again unless the caller moved it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent))
    try:
        yield tmp
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
