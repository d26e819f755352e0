"""`retell list --grep`: what the author typed (and, asked for, what Claude said) in every session, searchable.

Each session's words are read once, by the parser's own extractor (so "what the author typed" means what
`retell parse` calls the author's messages: typed, pasted or queued, on any branch, slash commands with their
arguments), and kept in a SQLite file beside the list cache, keyed by path, size and modification time. A
later `--grep` reads only the sessions that changed and asks SQLite for the rest: a listing stays fast.

Matching is a case-insensitive phrase match that ignores how whitespace runs (a phrase typed across a line
break is found), never across two messages. The index is a cache: a file that is not a database, or not this
version's, is deleted and rebuilt; one that cannot be written is kept in memory for this run.
"""

from __future__ import annotations

import contextlib
import logging
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from retell import cores
from retell.discover.cache import cache_dir

TEXT_INDEX_FILE = "text.sqlite"
SCHEMA_VERSION = 1  # bump when what is indexed changes: the file is rebuilt
MESSAGE_BREAK = "\n"  # between two messages; a normalised phrase never holds one, so never matches across

log = logging.getLogger(__name__)


class SessionRow(Protocol):
    """What the index reads of a listing's row (discover.listing.SessionRow; listing imports this module)."""

    @property
    def path(self) -> Path: ...
    @property
    def size(self) -> int: ...
    @property
    def mtime_ns(self) -> int: ...
    @property
    def problem(self) -> str | None: ...


def default_text_index_path() -> Path:
    return cache_dir() / TEXT_INDEX_FILE


def normalise(text: str) -> str:
    """Case-folded, each run of whitespace one space: how both the text and the phrase are compared."""
    return " ".join(text.casefold().split())


@dataclass(frozen=True)
class SessionText:
    author: str  # the author's messages, normalised, one per line
    claude: str  # Claude's visible text and plans, the same way


def session_text(path: Path) -> SessionText:
    """The words of one transcript's main thread. Raises OSError or InputError when it cannot be read."""
    from retell.claude.reader import TranscriptReader
    from retell.events import ASSISTANT, COMMAND, HUMAN, PLAN
    from retell.extract.images import ImageStore
    from retell.extract.session import SessionExtractor

    extractor = SessionExtractor(ImageStore(None))
    reader = TranscriptReader(path, digest=False, on_link=extractor.note_link)
    for lineno, record in reader:
        extractor.feed(lineno, record)
    author: list[str] = []
    claude: list[str] = []
    for event in extractor.finish().events:
        if event.sidechain:
            continue  # a side thread's "user" is an agent, not the author
        if event.kind == HUMAN and event.text:
            author.append(event.text)
        elif event.kind == COMMAND and event.name:
            author.append(f"{event.name} {event.args or ''}")
        elif event.kind in (ASSISTANT, PLAN) and event.text:
            claude.append(event.text)
    return SessionText(_joined(author), _joined(claude))


def _joined(messages: list[str]) -> str:
    return MESSAGE_BREAK.join(n for n in map(normalise, messages) if n)


def _read_text(path_and_size: tuple[str, int]) -> tuple[str, str] | None:
    """For the second core: plain data in and out. None when the file cannot be read."""
    from retell.errors import InputError

    try:
        text = session_text(Path(path_and_size[0]))
    except (OSError, InputError) as exc:
        log.debug("cannot index %s: %s", path_and_size[0], exc)
        return None
    return text.author, text.claude


class TextIndex:
    def __init__(self, path: Path, db: sqlite3.Connection) -> None:
        self.path = path
        self.db = db

    @classmethod
    def open(cls, path: Path) -> TextIndex:
        try:
            return cls(path, _connect(path))
        except sqlite3.DatabaseError as exc:  # not a database, or a damaged one: it is only a cache
            log.debug("text index %s unusable (%s); rebuilding it", path, exc)
            with contextlib.suppress(OSError):
                path.unlink()
        try:
            return cls(path, _connect(path))
        except (sqlite3.DatabaseError, OSError) as exc:  # a read-only cache folder: index in memory this time
            log.debug("cannot write text index %s (%s); keeping it in memory", path, exc)
            return cls(path, _connect(None))

    def search(self, rows: Sequence[SessionRow], phrase: str, with_claude: bool) -> set[str]:
        """The paths of `rows` whose author (or, `with_claude`, Claude) wrote `phrase`."""
        needle = normalise(phrase)
        if not needle:
            return set()
        try:
            return self._search(rows, needle, with_claude)
        except sqlite3.DatabaseError as exc:  # damaged after it opened: start again from nothing, once
            log.debug("text index %s failed (%s); rebuilding it", self.path, exc)
            self.db.close()
            with contextlib.suppress(OSError):
                self.path.unlink()
            self.db = TextIndex.open(self.path).db
            return self._search(rows, needle, with_claude)

    def _search(self, rows: Sequence[SessionRow], needle: str, with_claude: bool) -> set[str]:
        unsaved = self.update(rows)
        wanted = {str(row.path) for row in rows}
        where = "instr(author, ?) > 0" + (" OR instr(claude, ?) > 0" if with_claude else "")
        args = (needle, needle) if with_claude else (needle,)
        found = {path for (path,) in self.db.execute(f"SELECT path FROM texts WHERE {where}", args)}
        found |= {p for p, (a, c) in unsaved.items() if needle in a or (with_claude and needle in c)}
        return found & wanted

    def update(self, rows: Sequence[SessionRow]) -> dict[str, tuple[str, str]]:
        """Read the sessions not indexed as they are now, and index them; returns the texts read that could
        not be saved (a read-only cache), for this search to use."""
        known = {p: (s, m) for p, s, m in self.db.execute("SELECT path, size, mtime_ns FROM texts")}
        stale = [r for r in rows if r.problem is None and known.get(str(r.path)) != (r.size, r.mtime_ns)]
        if not stale:
            return {}
        items = [(str(r.path), r.size) for r in stale]
        texts = [t or ("", "") for t in cores.map_on_two_cores(_read_text, items, weight=lambda item: item[1] + 4096)]
        values = [(str(r.path), r.size, r.mtime_ns, *t) for r, t in zip(stale, texts, strict=True)]
        try:
            with self.db:
                self.db.executemany(
                    "INSERT OR REPLACE INTO texts (path, size, mtime_ns, author, claude) VALUES (?, ?, ?, ?, ?)", values
                )
        except sqlite3.OperationalError as exc:  # read-only, locked or full: this listing still answers
            log.debug("cannot update text index %s: %s", self.path, exc)
            return {str(r.path): t for r, t in zip(stale, texts, strict=True)}
        return {}

    def forget_missing(self, under: Sequence[Path], present: set[str]) -> None:
        """Drop sessions under `under` that are no longer there (Claude Code deleted them)."""
        prefixes = tuple(f"{folder.absolute()}/" for folder in under)
        gone = [
            (p,) for (p,) in self.db.execute("SELECT path FROM texts") if p.startswith(prefixes) and p not in present
        ]
        if gone:
            try:
                with self.db:
                    self.db.executemany("DELETE FROM texts WHERE path = ?", gone)
            except sqlite3.OperationalError as exc:
                log.debug("cannot update text index %s: %s", self.path, exc)


def _connect(path: Path | None) -> sqlite3.Connection:
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(str(path) if path is not None else ":memory:", timeout=5)
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if tables and (version != SCHEMA_VERSION or "texts" not in tables):
        db.close()
        raise sqlite3.DatabaseError(f"schema version {version}, not {SCHEMA_VERSION}")
    if not tables:
        with db:
            db.execute(
                "CREATE TABLE texts (path TEXT PRIMARY KEY, size INTEGER, mtime_ns INTEGER, author TEXT, claude TEXT)"
            )
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    return db
