"""Atomic file writes: a reader (or a crash) never sees half a file."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path


def atomic_write_bytes(
    path: Path, data: bytes, *, backup: bool = False, durable: bool = True, mode: int | None = None
) -> None:
    """Write `data` to `path` through a temp file in the same folder and an atomic rename.

    With `backup`, the previous version (if any) is kept as `<name>.bak` first (itself written atomically).
    The new file is private (0600) unless `mode` says otherwise. `durable=False` skips the fsync: a reader or a
    crashed process still never sees half a file, only a power cut could leave it short; for files made again
    from their source at will (a session's image assets). A failure (a full disk) leaves the old file and no
    temp file, and names the file it could not write.
    """
    with named_os_error(path):
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                if durable:
                    os.fsync(fh.fileno())
            if mode is not None:
                Path(tmp).chmod(mode)
            if backup and path.exists():
                atomic_copy(path, path.with_name(path.name + ".bak"))
            Path(tmp).replace(path)
        except BaseException:
            with contextlib.suppress(OSError):
                Path(tmp).unlink()
            raise


def atomic_copy(source: Path, target: Path) -> None:
    """Copy `source` to `target` as a whole or not at all, with `source`'s permissions (a backup of a private
    draft.md stays private)."""
    with named_os_error(source):
        data = source.read_bytes()
        source_mode = source.stat().st_mode & 0o777
    atomic_write_bytes(target, data, mode=source_mode)


@contextlib.contextmanager
def named_os_error(path: Path) -> Iterator[None]:
    """An OSError without a file name (ENOSPC from a write) gets `path`, so the one-line error says which file."""
    try:
        yield
    except OSError as exc:
        if exc.filename is None and exc.errno is not None:
            raise OSError(exc.errno, exc.strerror or str(exc), str(path)) from exc
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
