"""Copying a finished session into the archive, and the archive's index of what it keeps.

A session is its transcript `<project-folder>/<id>.jsonl` and its folder `<project-folder>/<id>/` (subagent
transcripts in `subagents/`, large tool outputs in `tool-results/`): both are copied to the same place under
the archive. Every file goes through a temp file and a rename, so a reader never sees half a copy, and a file
whose copy has the same size and modification time (copies keep the original's) is not copied again: a
session resumed and ended again costs only what it added.

The index (`index.json`) says where each kept session came from and when it was kept. The files are the
truth: an index that cannot be read is rebuilt from them.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from retell.claude.locate import projects_dir, session_files, subagent_candidates
from retell.fsutil import atomic_write_bytes

INDEX_FILE = "index.json"
LOCK_FILE = ".index.lock"
INDEX_SCHEMA_VERSION = 1


class ArchiveError(Exception):
    """A session that cannot be kept (no transcript, nothing to copy): one line says why."""


@dataclass(frozen=True)
class Kept:
    key: str  # "<project-folder>/<id>.jsonl", as in the index
    path: Path  # the kept transcript
    copied: int  # files copied this time
    unchanged: int  # files whose copy was already up to date


def keep_session(transcript: Path, archive: Path, *, cwd: str | None = None, reason: str | None = None) -> Kept:
    """Copy one session into `archive` and record it in the index. Raises ArchiveError or OSError."""
    if transcript.suffix != ".jsonl":
        raise ArchiveError(f"{transcript}: not a transcript (.jsonl)")
    try:
        st = transcript.stat()
    except FileNotFoundError:
        raise ArchiveError(f"{transcript}: no such file") from None
    if not transcript.is_file():
        raise ArchiveError(f"{transcript}: not a file")
    _make_private_dir(archive)
    folder = archive / transcript.parent.name
    target = folder / transcript.name
    copied = unchanged = 0
    # The session's own folder first: a listed transcript then always has its subagents beside it.
    own = transcript.with_suffix("")
    pairs = [(f, folder / f.relative_to(transcript.parent)) for f in _files_under(own)]
    pairs += [(f, folder / f.name) for f in _old_layout_agents(transcript)]
    for src, dst in [*pairs, (transcript, target)]:
        if _up_to_date(src, dst):
            unchanged += 1
        else:
            copy_atomically(src, dst)
            copied += 1
    key = f"{folder.name}/{target.name}"
    entry = {
        "session_id": transcript.stem,
        "project_folder": folder.name,
        "cwd": cwd,
        "source": str(transcript),
        "size": st.st_size,
        "mtime_ns": st.st_mtime_ns,
        "kept_at": _now_iso(),
        "reason": reason,
    }
    with _locked(archive):
        index = load_index(archive)
        index[key] = entry
        save_index(archive, index)
    return Kept(key, target, copied, unchanged)


def copy_atomically(src: Path, dst: Path) -> None:
    """`src` to `dst` through a temp file beside `dst`, keeping its mode and times; never half a file."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{dst.name}.", suffix=".tmp", dir=dst.parent)
    try:
        with os.fdopen(fd, "wb") as out, src.open("rb") as fh:
            shutil.copyfileobj(fh, out, 1 << 20)
            out.flush()
            os.fsync(out.fileno())
        shutil.copystat(src, tmp)  # the mtime is how the next hook knows the copy is up to date
        Path(tmp).replace(dst)
    except BaseException:
        with contextlib.suppress(OSError):
            Path(tmp).unlink()
        raise


def _up_to_date(src: Path, dst: Path) -> bool:
    try:
        a, b = src.stat(), dst.stat()
    except OSError:
        return False
    return (a.st_size, a.st_mtime_ns) == (b.st_size, b.st_mtime_ns)


def _files_under(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def _old_layout_agents(transcript: Path) -> list[Path]:
    """Before Claude Code 2.1.2, a session's subagents lay beside it as `agent-*.jsonl`, naming it inside."""
    return [p for p in subagent_candidates(transcript, transcript.stem) if p.parent == transcript.parent]


def _make_private_dir(path: Path) -> None:
    """Transcripts are private (Claude Code writes them mode 600): the archive is the owner's alone."""
    if not path.is_dir():
        path.mkdir(parents=True, exist_ok=True, mode=0o700)


# -- the index ---------------------------------------------------------------------------------------


def load_index(archive: Path) -> dict[str, dict[str, Any]]:
    """The index's entries by `<folder>/<file>`; rebuilt from the files when missing, corrupt or foreign."""
    try:
        data = orjson.loads((archive / INDEX_FILE).read_bytes())
    except FileNotFoundError:
        return rebuild_index(archive)
    except (OSError, orjson.JSONDecodeError):
        return rebuild_index(archive)
    sessions = data.get("sessions") if isinstance(data, dict) else None
    if (
        not isinstance(data, dict)
        or data.get("schema_version") != INDEX_SCHEMA_VERSION
        or not isinstance(sessions, dict)
        or not all(isinstance(v, dict) for v in sessions.values())
    ):
        return rebuild_index(archive)
    return sessions


def rebuild_index(archive: Path) -> dict[str, dict[str, Any]]:
    """An entry for every transcript in the archive, from the file alone (where it came from: the
    projects folder it mirrors; when it was kept: its copy's time)."""
    entries: dict[str, dict[str, Any]] = {}
    for folder in archive_folders(archive):
        for path in session_files(folder):
            try:
                st = path.stat()
            except OSError:
                continue
            entries[f"{folder.name}/{path.name}"] = {
                "session_id": path.stem,
                "project_folder": folder.name,
                "cwd": None,
                "source": str(projects_dir() / folder.name / path.name),
                "size": st.st_size,
                "mtime_ns": st.st_mtime_ns,
                "kept_at": None,
                "reason": "rebuilt",
            }
    return entries


def save_index(archive: Path, sessions: dict[str, dict[str, Any]]) -> None:
    data = {"schema_version": INDEX_SCHEMA_VERSION, "sessions": sessions}
    atomic_write_bytes(archive / INDEX_FILE, orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS))


def archive_folders(archive: Path) -> list[Path]:
    """The archive's project folders (its own files, such as the index, are not folders)."""
    try:
        return sorted(p for p in archive.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return []


@contextlib.contextmanager
def _locked(archive: Path) -> Iterator[None]:
    """Two sessions ending at once must not lose each other's index entry."""
    try:
        import fcntl
    except ImportError:  # Windows: no advisory locks here; a lost entry is rebuilt from the files
        yield
        return
    with (archive / LOCK_FILE).open("a") as fh:
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def _now_iso() -> str:
    return datetime.fromtimestamp(time.time(), tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
