"""What a listing row needs from one transcript, read from its head and tail only.

The lines are handed to the parser's own `SessionExtractor`, so "a human turn", "the first real prompt" and
"a title" mean exactly what they mean in `retell parse`. What the windows cannot see (the middle of a big
file) is not guessed: counts from a partial read are lower bounds, and the row says so (`exact: false`).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from retell.claude.schema import SIGNAL_ATTACHMENT_TYPES, SKIPPABLE_RECORD_TYPES
from retell.discover.headtail import LONG_HEAD, ReadMeter, Windows, read_head, read_windows

if TYPE_CHECKING:
    from retell.claude.records import Record
    from retell.extract.session import SessionExtractor

# How deep a row's numbers go: Claude Code's index, the two windows, the whole small file, a full parse.
INDEX, WINDOWS, FILE, PARSE = "index", "windows", "file", "parse"
EXACT_DEPTHS = frozenset({FILE, PARSE})

MAX_LEAF_UUIDS = 64  # a summary's leafUuid names the last record of the session it describes
_BOM = b"\xef\xbb\xbf"
_TAIL_LINENO = 1_000_000_000  # tail lines get line numbers no head line can have


@dataclass
class Peek:
    """One session as a listing sees it. Plain data: it is what the cache stores."""

    session_id: str | None = None
    cwd: str | None = None
    start: str | None = None
    end: str | None = None
    active_ms: int | None = None  # known only after a full parse
    versions: list[str] = field(default_factory=list)
    git_branches: list[str] = field(default_factory=list)
    titles: dict[str, str] = field(default_factory=dict)  # custom-title, ai-title, summary (own)
    summaries: list[list[str]] = field(default_factory=list)  # [leafUuid, text] of summary records read
    leaf_uuids: list[str] = field(default_factory=list)  # the file's last uuids, oldest first
    first_uuid: str | None = None  # the file's first record: a resumed session's file starts with the same one
    first_prompt: str | None = None
    request: str | None = None  # the author's first real request, as `retell parse` finds it (a title)
    vocabulary: list[str] = field(default_factory=list)  # word stems of the first messages (does a summary fit?)
    last_prompt: str | None = None
    human_turns: int | None = None
    tool_calls: int | None = None
    subagents: int = 0
    compactions: int = 0
    images: int | None = None
    files_changed: int | None = None
    messages: int | None = None  # sessions-index.json's messageCount
    depth: str = WINDOWS
    bytes_read: int = 0

    @property
    def exact(self) -> bool:
        return self.depth in EXACT_DEPTHS

    def to_dict(self) -> dict[str, Any]:
        # Shallow copies of the containers: dataclasses.asdict's deep walk costs more than the peek itself.
        return {f.name: _copied(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Peek:
        """Raises (KeyError, TypeError, ValueError) on anything that is not a Peek this version wrote."""
        names = {f.name for f in fields(cls)}
        if not isinstance(data, dict) or not set(data) <= names:
            raise ValueError("not a peek")
        peek = cls(**data)
        if not _well_typed(peek):
            raise ValueError("not a peek")
        return peek


def _copied(value: Any) -> Any:
    return value.copy() if isinstance(value, (list, dict)) else value


_OPTIONAL_STR = ("session_id", "cwd", "start", "end", "first_prompt", "request", "last_prompt", "first_uuid")
_OPTIONAL_INT = ("active_ms", "human_turns", "tool_calls", "images", "files_changed", "messages")
_INT = ("subagents", "compactions", "bytes_read")
_STR_LIST = ("versions", "git_branches", "leaf_uuids", "vocabulary")


def _well_typed(peek: Peek) -> bool:
    """Every field has the type this version writes (a cache entry is data from disk, not trusted code)."""

    def is_int(v: Any) -> bool:
        return isinstance(v, int) and not isinstance(v, bool)

    return (
        peek.depth in (INDEX, WINDOWS, FILE, PARSE)
        and all(getattr(peek, n) is None or isinstance(getattr(peek, n), str) for n in _OPTIONAL_STR)
        and all(getattr(peek, n) is None or is_int(getattr(peek, n)) for n in _OPTIONAL_INT)
        and all(is_int(getattr(peek, n)) for n in _INT)
        and all(
            isinstance(getattr(peek, n), list) and all(isinstance(x, str) for x in getattr(peek, n)) for n in _STR_LIST
        )
        and isinstance(peek.titles, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in peek.titles.items())
        and isinstance(peek.summaries, list)
        and all(isinstance(s, list) and len(s) == 2 and all(isinstance(x, str) for x in s) for s in peek.summaries)
    )


@dataclass
class AgentFiles:
    """Subagent transcripts on disk for one session (their folder is listed, the files are not read)."""

    subagents: int = 0
    compaction_replays: int = 0  # agent-acompact-*: one per compaction in recent versions


def peek_session(path: Path, size: int, agents: AgentFiles, meter: ReadMeter | None = None) -> Peek:
    """Read the windows of one transcript. Raises OSError when it cannot be read."""
    # Imported here: a listing served from the cache never needs the extractor (a third of its start-up).
    from retell.events import SUBAGENT
    from retell.extract.images import ImageStore
    from retell.extract.requests import author_words, first_request, is_author_message
    from retell.extract.session import SessionExtractor
    from retell.extract.subagents import spawn_ran
    from retell.extract.titles import TITLE_CANDIDATES, session_vocabulary

    windows = read_windows(path, size, meter=meter)
    images = ImageStore(None)
    extractor = SessionExtractor(images)
    state = _WindowState()
    state.feed(windows.head, extractor, first_line_of_file=True, base=0)
    state.feed(windows.tail, extractor, first_line_of_file=False, base=_TAIL_LINENO)
    found = extractor.finish()
    if not windows.whole and not any(is_author_message(e) and e.line < _TAIL_LINENO for e in found.events):
        # The first message lies past the head window (a pasted screenshot makes it one long line): read a
        # longer head once, so that the row has its title, its first turns and the folder it started in, as
        # the parse will.
        windows = Windows(read_head(path, size, LONG_HEAD, meter), windows.tail, False, windows.bytes_read)
        images = ImageStore(None)
        extractor, state = SessionExtractor(images), _WindowState()
        state.feed(windows.head, extractor, first_line_of_file=True, base=0)
        state.feed(windows.tail, extractor, first_line_of_file=False, base=_TAIL_LINENO)
        found = extractor.finish()

    files = set(found.files["edited"]) | set(found.files["written"]) | set(state.snapshot_files(found.cwd))
    spawns = sum(1 for e in found.events if e.kind == SUBAGENT and spawn_ran(e))  # as parse counts them
    compactions = sum(1 for c in found.chapters if c.reason in ("compaction", "slash_compact"))
    exact = windows.whole
    return Peek(
        session_id=found.session_ids[0] if found.session_ids else None,
        cwd=found.cwd,
        start=found.start,
        end=found.end,
        versions=found.versions,
        git_branches=found.git_branches,
        titles={k: v for k, v in found.titles.items() if k in ("custom-title", "ai-title", "summary")},
        summaries=state.summaries,
        leaf_uuids=list(state.uuids),
        first_uuid=state.first_uuid,
        first_prompt=_first_prompt(found.events),
        request=first_request([w for w in map(author_words, found.events) if w][:TITLE_CANDIDATES]),
        vocabulary=session_vocabulary(found.events),
        last_prompt=state.last_prompt,
        human_turns=sum(1 for e in found.events if is_author_message(e)),
        tool_calls=found.counts.tool_calls,
        # A whole read counts spawns as parse does; a partial one also trusts the files on disk.
        subagents=spawns if exact else max(spawns, agents.subagents),
        compactions=compactions if exact else max(compactions, agents.compaction_replays),
        images=len(images.images),
        files_changed=len(files),
        depth=FILE if exact else WINDOWS,
        bytes_read=windows.bytes_read,
    )


def _first_prompt(events: list[Any]) -> str | None:
    """The author's first words on the final thread: a message, or a slash command with its arguments."""
    from retell.events import COMMAND, HUMAN

    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == HUMAN and event.text:
            return str(event.text)
        if event.kind == COMMAND and event.args and (event.name or "").startswith("/"):
            return f"{event.name} {event.args}"
    return None


class _WindowState:
    """What the extractor does not keep: summary records, the last uuids, the last snapshot and prompt."""

    def __init__(self) -> None:
        self.summaries: list[list[str]] = []
        self.uuids: deque[str] = deque(maxlen=MAX_LEAF_UUIDS)
        self.first_uuid: str | None = None
        self.base = 0  # line numbers of the window being read start after this (0: the head)
        self.snapshot: bytes | None = None
        self.last_prompt: str | None = None

    def feed(self, lines: list[bytes], extractor: SessionExtractor, *, first_line_of_file: bool, base: int) -> None:
        # Imported here, as the extractor is: a listing served from the cache decodes no record.
        from retell.claude.reader import sniff_type
        from retell.claude.records import decode_record

        self.base = base
        for i, line in enumerate(lines):
            if i == 0 and first_line_of_file and line.startswith(_BOM):
                line = line[len(_BOM) :]
            if not line.strip():
                continue
            rtype, attachment_type = sniff_type(line)
            if rtype == "file-history-snapshot":
                self.snapshot = line  # decoded once, at the end: only the last one matters
                continue
            if _is_noise(rtype, attachment_type):
                continue
            try:
                record = decode_record(line)
            except ValueError:
                continue  # half-written (a growing file), not JSON or not an object: a listing skips it quietly
            if record.type == "file-history-snapshot":
                self.snapshot = line  # one the byte sniff could not name
                continue
            self._note(record)
            extractor.feed(base + i + 1, record)

    def _note(self, record: Record) -> None:
        rtype = record.type
        if rtype == "summary":
            leaf, text = record.leafUuid, record.summary
            if isinstance(leaf, str) and isinstance(text, str) and text.strip():
                self.summaries.append([leaf, text.strip()])
        elif rtype == "last-prompt":
            text = record.lastPrompt
            if isinstance(text, str) and text.strip():
                self.last_prompt = text.strip()
        uuid = record.uuid
        if isinstance(uuid, str) and uuid and uuid not in self.uuids:
            if self.first_uuid is None and self.base == 0:
                self.first_uuid = uuid
            self.uuids.append(uuid)

    def snapshot_files(self, cwd: str | None) -> list[str]:
        """The files the last file-history-snapshot tracks (what the session changed, per Claude Code)."""
        from retell.claude.records import decode_line
        from retell.extract.tools import project_path

        if self.snapshot is None:
            return []
        try:
            record = decode_line(self.snapshot)
        except ValueError:
            return []
        snapshot = record.get("snapshot") if isinstance(record, dict) else None
        tracked = snapshot.get("trackedFileBackups") if isinstance(snapshot, dict) else None
        return [project_path(str(p), cwd) for p in tracked] if isinstance(tracked, dict) else []


def _is_noise(rtype: str | None, attachment_type: str | None) -> bool:
    """Lines the extractor would drop, told from their bytes (as the reader does); `last-prompt` is kept."""
    if rtype is None or rtype == "last-prompt":
        return False
    if rtype == "attachment":
        return attachment_type is not None and attachment_type not in SIGNAL_ATTACHMENT_TYPES
    return rtype in SKIPPABLE_RECORD_TYPES
