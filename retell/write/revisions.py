"""WORKDIR/revisions/: every `retell revise` kept, and `--undo`.

`revisions/0001/` holds `before.md` (draft.md as it was, byte for byte), `after.md` (what the revision wrote),
and `revision.json` (the instruction, the parts revised, the engine, model and calls). A revision's folder
appears in one rename, before draft.md is replaced, so no crash leaves a revised draft without its history.
`--undo` restores `before.md` of the latest revision not yet undone and adds `undone.json` to its folder
(with `replaced.md`: draft.md as it was, when `--force` went back over edits kept nowhere else).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from retell import __version__, jsonio
from retell.errors import RetellError
from retell.fsutil import atomic_write_bytes, staging_dir
from retell.workdir import Workdir

REVISION_SCHEMA_VERSION = 1
BEFORE = "before.md"
AFTER = "after.md"
RECORD = "revision.json"
UNDONE = "undone.json"
REPLACED = "replaced.md"
_FOLDER = re.compile(r"^\d{4,}$")


@dataclass(frozen=True)
class Revision:
    number: int
    folder: Path
    record: dict[str, Any]
    undone: bool

    @property
    def name(self) -> str:
        return self.folder.name

    @property
    def instruction(self) -> str:
        return str(self.record.get("instruction", ""))

    def describe(self) -> str:
        """`revision 0003 (“make the opening shorter”)`."""
        short = " ".join(self.instruction.split())
        short = short if len(short) <= 60 else short[:59].rstrip() + "…"
        return f"revision {self.name} (“{short}”)"


def history(workdir: Workdir) -> list[Revision]:
    """The revisions in the work folder, oldest first (folders that are not a readable revision are ignored)."""
    root = workdir.revisions
    if not root.is_dir():
        return []
    found = []
    for folder in root.iterdir():
        if not (_FOLDER.match(folder.name) and folder.is_dir()):
            continue
        try:
            record = orjson.loads((folder / RECORD).read_bytes())
        except (OSError, orjson.JSONDecodeError):
            continue
        if isinstance(record, dict):
            found.append(Revision(int(folder.name), folder, record, (folder / UNDONE).is_file()))
    return sorted(found, key=lambda r: r.number)


def record_revision(workdir: Workdir, before: bytes, after: bytes, info: dict[str, Any]) -> Revision:
    """Keep a revision (draft.md before and after, and `info`) as the next numbered folder, in one rename."""
    root = workdir.revisions
    root.mkdir(parents=True, exist_ok=True)
    taken = [int(p.name) for p in root.iterdir() if _FOLDER.match(p.name)]
    number = max(taken, default=0) + 1
    record = {
        "schema_version": REVISION_SCHEMA_VERSION,
        "number": number,
        **info,
        "made_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "retell_version": __version__,
    }
    while True:
        target = root / f"{number:04d}"
        record["number"] = number
        with staging_dir(target) as tmp:
            atomic_write_bytes(tmp / BEFORE, before)
            atomic_write_bytes(tmp / AFTER, after)
            atomic_write_bytes(tmp / RECORD, jsonio.dumps(record))
            try:
                tmp.rename(target)
            except OSError:
                if not target.exists():
                    raise
                number += 1  # another revise took this number meanwhile
                continue
        return Revision(number, target, record, False)


@dataclass(frozen=True)
class Undone:
    revision: Revision
    replaced: Path | None  # where draft.md's edits were kept (--force), if anywhere
    kept_in: Path | None  # the earlier copy of draft.md's current text in revisions/, when it was edited


def undo(workdir: Workdir, *, force: bool = False) -> Undone:
    """draft.md back as it was before the latest revision not yet undone. A draft.md that is not what that
    revision wrote (edited since) is replaced only when its text is kept in revisions/ already, or with
    `force` (it is then kept as the revision's replaced.md)."""
    workdir.require()
    active = [r for r in history(workdir) if not r.undone]
    if not active:
        raise RetellError(
            f"nothing to undo: {workdir.revisions} holds no revision of draft.md that is not undone yet "
            "(`retell revise` makes them)"
        )
    last = active[-1]
    before = (last.folder / BEFORE).read_bytes()
    current = workdir.draft.read_bytes() if workdir.draft.is_file() else None
    replaced = kept_in = None
    if current is not None and current != (last.folder / AFTER).read_bytes():
        kept_in = _kept_copy(workdir, current)
        if kept_in is None and not force:
            raise RetellError(
                f"draft.md was edited after {last.describe()} wrote it, and --undo would lose that edit: keep "
                f"it, or go back anyway with `retell revise {workdir.path} --undo --force` (your draft.md is then "
                f"kept as {last.folder / REPLACED})"
            )
        if kept_in is None:
            replaced = last.folder / REPLACED
            atomic_write_bytes(replaced, current)
    atomic_write_bytes(workdir.draft, before)
    note = {
        "undone_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "replaced": REPLACED if replaced else None,
        "kept_in": str(kept_in.relative_to(workdir.path)) if kept_in else None,
    }
    atomic_write_bytes(last.folder / UNDONE, jsonio.dumps(note))
    return Undone(last, replaced, kept_in)


def _kept_copy(workdir: Workdir, text: bytes) -> Path | None:
    """A file in revisions/ holding exactly `text`, if there is one."""
    for revision in reversed(history(workdir)):
        for name in (AFTER, BEFORE, REPLACED):
            path = revision.folder / name
            if path.is_file() and path.stat().st_size == len(text) and path.read_bytes() == text:
                return path
    return None
