"""The rows of `retell list`: every session of some project folders, newest first, from peeks.

Where each row's data comes from, cheapest first: the cache (path, size and mtime unchanged), Claude Code's
`sessions-index.json` (entry still matching the file's mtime), then a peek at the file's head and tail.
Titles are resolved per folder, because a `summary` record at the top of one file usually describes another
session: it belongs to the file that holds its `leafUuid`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from retell import cores
from retell.archive.paths import archive_dir
from retell.archive.store import archive_folders
from retell.claude.locate import is_session_file_name, projects_dir
from retell.discover.cache import ListCache, default_cache_path
from retell.discover.groups import Group, group_sessions
from retell.discover.headtail import WHOLE_FILE_LIMIT, ReadMeter
from retell.discover.index import ProjectIndex, load_index
from retell.discover.peek import INDEX, PARSE, WINDOWS, Peek, peek_session
from retell.discover.projects import (
    AgentFileIndex,
    SessionFile,
    all_project_folders,
    find_project_folder,
    list_session_files,
    require_projects_dir,
)
from retell.discover.score import ScoreInputs, story_score
from retell.errors import InputError
from retell.extract.requests import first_request
from retell.extract.timeutil import sortable, to_epoch_ms
from retell.extract.titles import prompt_title, session_title, vocabulary

SORT_KEYS = ("date", "score")
ID_CHARS = 8
KEPT, ARCHIVE_ONLY = "kept", "archive-only"


@dataclass(frozen=True)
class ListQuery:
    project: str | None = None  # a path or an encoded folder name; None: the current folder's project
    all_projects: bool = False
    limit: int = 10  # 0: no limit
    grep: str | None = None  # case-insensitive: title, first prompt, project path, and what the author typed
    since: datetime | None = None  # sessions active at or after this moment
    sort: str = "date"  # "date" (newest first) or "score" (highest first)
    exact: bool = False  # parse the rows shown in full (slow once, then cached)
    grep_claude: bool = False  # --grep also searches what Claude said


@dataclass
class SessionRow:
    session_id: str
    path: Path
    folder: str  # the encoded folder name
    project: str  # the real path when any record or the index says it, else the folder name
    size: int
    mtime_ns: int
    title: str | None
    title_source: str | None
    score: int
    peek: Peek
    problem: str | None = None  # why the file could not be read (the row is still listed)
    group: Group | None = None  # the sessions it belongs together with (retell list marks them)
    short_id: str = ""  # the shortest start of its id (8 characters or more) no other session shares
    archived: str | None = None  # KEPT: retell's archive has it as it is; ARCHIVE_ONLY: Claude Code deleted it

    def __post_init__(self) -> None:
        self.short_id = self.short_id or self.session_id[:ID_CHARS]

    @property
    def start(self) -> str | None:
        return self.peek.start

    @property
    def end(self) -> str | None:
        return self.peek.end

    @property
    def duration_ms(self) -> int | None:
        return _span_ms(self.peek.start, self.peek.end)

    @property
    def sort_key(self) -> str:
        """When the session started (the file's mtime when no record says)."""
        return sortable(self.peek.start or _iso_from_ns(self.mtime_ns))

    @property
    def last_active_ms(self) -> int:
        end = to_epoch_ms(self.peek.end) if self.peek.end else None
        return end if end is not None else self.mtime_ns // 1_000_000

    def to_dict(self) -> dict[str, Any]:
        p = self.peek
        return {
            "id": self.short_id,
            "session_id": self.session_id,
            "project": self.project,
            "project_folder": self.folder,
            "path": str(self.path),
            "start": p.start,
            "end": p.end,
            "duration_ms": self.duration_ms,
            "active_ms": p.active_ms,
            "human_turns": p.human_turns,
            "exact": p.exact,
            "depth": p.depth,
            "title": self.title,
            "title_source": self.title_source,
            "first_prompt": p.first_prompt,
            "size": self.size,
            "score": self.score,
            "tool_calls": p.tool_calls,
            "subagents": p.subagents,
            "compactions": p.compactions,
            "images": p.images,
            "files_changed": p.files_changed,
            "messages": p.messages,
            "versions": p.versions,
            "git_branches": p.git_branches,
            "problem": self.problem,
            "group": self.group.to_dict() if self.group is not None else None,
            "archived": self.archived,
        }


@dataclass
class Listing:
    rows: list[SessionRow]  # what to show, sorted and limited
    matched: int  # rows that passed the filters, before the limit
    sessions: int  # session files seen (empty ones not included)
    empty_files: int
    folders: list[Path]
    warnings: list[str] = field(default_factory=list)
    archive: Path | None = None  # retell's archive, when there is one
    unkept_mtimes_ns: list[int] = field(default_factory=list)  # live sessions with no up-to-date copy in it
    meter: ReadMeter = field(default_factory=ReadMeter)
    sources: dict[str, int] = field(default_factory=dict)  # cache / index / windows / file: rows from each


def list_sessions(
    query: ListQuery,
    *,
    cwd: Path | None = None,
    cache: ListCache | None = None,
    meter: ReadMeter | None = None,
    archive: Path | None = None,
) -> Listing:
    root = projects_dir()
    archive = archive if archive is not None else archive_dir()
    kept_root = archive if archive.is_dir() else None
    if kept_root is None:
        require_projects_dir()  # no sessions anywhere: say where retell looked
    live, kept = _query_folders(query, root, kept_root, cwd or Path.cwd())
    cache = cache if cache is not None else ListCache.load(default_cache_path())
    meter = meter if meter is not None else ReadMeter()
    listing = Listing([], 0, 0, 0, live + kept, meter=meter, archive=kept_root)
    seen: set[str] = set()
    live_work = [_folder_work(folder, cache, listing, seen) for folder in live]
    # An archived session Claude Code still has is listed once, from its live file (it may have grown since).
    twins: dict[tuple[str, str], int] = {(w.folder.name, file.path.name): -1 for w in live_work for file, _ in w.files}
    kept_work = [_folder_work(folder, cache, listing, seen, twins=twins) for folder in kept]
    _peek_files([f for w in live_work + kept_work for f in w.unread], listing)
    rows = [row for w in live_work for row in _folder_rows(w, cache, listing)]
    for row in rows:  # kept: the archive's copy is the whole file (an older, shorter copy is not)
        copy_size = twins.get((row.folder, row.path.name), -1)
        row.archived = KEPT if copy_size >= row.size > 0 else None
    listing.unkept_mtimes_ns = [row.mtime_ns for row in rows if row.archived is None]
    for w in kept_work:
        for row in _folder_rows(w, cache, listing):
            row.archived = ARCHIVE_ONLY
            rows.append(row)
    pruned = [p for p in (root, kept_root) if p is not None] if query.all_projects else live + kept
    cache.prune(pruned, seen)  # --all also forgets deleted projects
    give_short_ids(rows)
    groups = group_sessions(rows)  # over every session, so a group shows whole whatever the filters keep
    for row in rows:
        row.group = groups.get(str(row.path))
    candidates = [r for r in rows if _active_since(r, query)]
    if query.grep:
        from retell.discover.fulltext import TextIndex, default_text_index_path

        text_index = TextIndex.open(default_text_index_path())
        hits = text_index.search(candidates, query.grep, query.grep_claude)
        text_index.forget_missing(pruned, seen)
        candidates = [r for r in candidates if str(r.path) in hits or _described_by(r, query.grep)]
    matched = _sorted(candidates, query.sort)
    listing.matched = len(matched)
    listing.rows = matched[: query.limit] if query.limit > 0 else matched
    if query.exact:
        listing.warnings.extend(deepen(listing.rows, cache))
        listing.rows = _sorted(listing.rows, query.sort)
    cache.save()
    return listing


def _query_folders(query: ListQuery, root: Path, kept_root: Path | None, cwd: Path) -> tuple[list[Path], list[Path]]:
    """The live project folders to list, and the archive's folders of the same projects."""
    if query.all_projects:
        live = all_project_folders(root) if root.is_dir() else []
        return live, archive_folders(kept_root) if kept_root is not None else []
    live_error: InputError | None = None
    try:
        folder = find_project_folder(root, query.project, cwd) if root.is_dir() else None
    except InputError as exc:
        if kept_root is None:
            raise
        folder, live_error = None, exc
    if folder is not None:
        twin = kept_root / folder.name if kept_root is not None else None
        return [folder], [twin] if twin is not None and twin.is_dir() else []
    assert kept_root is not None
    try:
        return [], [find_project_folder(kept_root, query.project, cwd)]  # a project Claude Code no longer has
    except InputError:
        raise live_error or InputError(f"no sessions of {query.project or cwd} in {root} or {kept_root}") from None


def give_short_ids(rows: list[SessionRow]) -> None:
    """Each row's id as short as it can be and still name one file (`retell parse ID` finds it): 8
    characters, more where two files begin alike."""
    ids = sorted({row.session_id for row in rows})
    for row in rows:
        n = ID_CHARS
        i = ids.index(row.session_id)
        neighbours = [ids[j] for j in (i - 1, i + 1) if 0 <= j < len(ids)]
        while n < len(row.session_id) and any(other[:n] == row.session_id[:n] for other in neighbours):
            n += 4
        row.short_id = row.session_id[:n]


def _sorted(rows: list[SessionRow], sort: str) -> list[SessionRow]:
    if sort == "score":
        return sorted(rows, key=lambda r: (r.score, r.sort_key), reverse=True)
    return sorted(rows, key=lambda r: r.sort_key, reverse=True)


@dataclass
class _Found:
    file: SessionFile
    peek: Peek
    problem: str | None = None

    @property
    def hollow(self) -> bool:
        """Read whole, yet not one timestamped message (only snapshots or summaries): nothing to tell."""
        return self.problem is None and self.peek.exact and self.peek.start is None


@dataclass
class _Unread:
    """A session file to peek at (not in the cache), and then what the peek found."""

    file: SessionFile
    index: _LazyIndex
    agents: AgentFileIndex
    peek: Peek | None = None
    source: str = WINDOWS
    problem: str | None = None


@dataclass
class _FolderWork:
    folder: Path
    index: _LazyIndex
    files: list[tuple[SessionFile, Peek | _Unread]]  # in the folder's order: a cached peek, or one to read
    unread: list[_Unread]


def _folder_work(
    folder: Path,
    cache: ListCache,
    listing: Listing,
    seen: set[str],
    twins: dict[tuple[str, str], int] | None = None,
) -> _FolderWork:
    """A folder's session files, each with its cached peek or marked to be read. `twins`, for an archive
    folder: (folder name, file name) of the live sessions, not listed again; their copies' sizes are noted
    in it."""
    files, failed = list_session_files(folder)
    if twins is not None:
        for f in files:
            if (folder.name, f.path.name) in twins:
                twins[(folder.name, f.path.name)] = f.size
        files = [f for f in files if (folder.name, f.path.name) not in twins]
    for path, reason in failed:
        listing.warnings.append(f"{path}: {reason}; skipped")
    work = _FolderWork(folder, _LazyIndex(folder, listing.meter), [], [])
    agents = AgentFileIndex(folder, listing.meter)
    for file in files:
        seen.add(str(file.path))
        if file.size == 0:
            listing.empty_files += 1
            continue
        peek = cache.get(file.path, file.size, file.mtime_ns)
        if peek is not None:
            work.files.append((file, peek))
            continue
        unread = _Unread(file, work.index, agents)
        work.files.append((file, unread))
        work.unread.append(unread)
    if work.unread:  # what the folder's peeks share, read once here (as the first of them would)
        work.index.get()
        agents.prepare()
    return work


def _peek_files(unread: list[_Unread], listing: Listing) -> None:
    """Read every file not in the cache: a first listing of many sessions shares them with a second core."""

    def read(item: _Unread) -> tuple[dict[str, Any], str, str | None, dict[str, int]]:
        meter = ReadMeter()
        peek, source, problem = _read_peek(item.file, item.index.get(), item.agents, meter)
        return peek.to_dict(), source, problem, meter.per_file

    for item, (peek, source, problem, read_bytes) in zip(
        unread, cores.map_on_two_cores(read, unread, weight=_read_weight), strict=True
    ):
        item.peek, item.source, item.problem = Peek.from_dict(peek), source, problem
        for path, n in read_bytes.items():
            listing.meter.per_file[path] = listing.meter.per_file.get(path, 0) + n


def _read_weight(item: _Unread) -> int:
    return min(item.file.size, WHOLE_FILE_LIMIT) + 4096  # what a peek reads, and what any file costs


def _folder_rows(work: _FolderWork, cache: ListCache, listing: Listing) -> list[SessionRow]:
    found: list[_Found] = []
    for file, entry in work.files:
        if isinstance(entry, Peek):
            listing.sources["cache"] = listing.sources.get("cache", 0) + 1
            found.append(_Found(file, entry))
            continue
        assert entry.peek is not None
        if entry.problem is not None:
            listing.warnings.append(f"{file.path}: {entry.problem}; listed without details")
            found.append(_Found(file, entry.peek, entry.problem))
            continue
        if entry.source != INDEX:  # the index is its own cache
            cache.put(file.path, file.size, file.mtime_ns, entry.peek)
        listing.sources[entry.source] = listing.sources.get(entry.source, 0) + 1
        found.append(_Found(file, entry.peek))
    # Hollow files are dropped only now: their summaries may title other sessions.
    leaf_map = _summaries_by_leaf(f.peek for f in found)
    kept = [f for f in found if not f.hollow]
    listing.empty_files += len(found) - len(kept)
    listing.sessions += len(kept)
    if not kept:
        return []
    known_cwd = _common_cwd(f.peek for f in kept)
    loaded = work.index.get() if known_cwd is None else None
    fallback_project = known_cwd or (loaded.original_path if loaded else None) or work.folder.name
    return [_row(f.file, f.peek, f.problem, leaf_map, fallback_project) for f in kept]


class _LazyIndex:
    """A folder's sessions-index.json, read the first time a file is not in the cache."""

    def __init__(self, folder: Path, meter: ReadMeter) -> None:
        self.folder = folder
        self.meter = meter
        self._loaded = False
        self._index: ProjectIndex | None = None

    def get(self) -> ProjectIndex | None:
        if not self._loaded:
            self._index, self._loaded = load_index(self.folder, self.meter), True
        return self._index


def _read_peek(
    file: SessionFile, index: ProjectIndex | None, agents: AgentFileIndex, meter: ReadMeter
) -> tuple[Peek, str, str | None]:
    """(peek, where it came from, problem); an unreadable file gets an empty peek and its problem."""
    try:
        counts = agents.for_session(file.path)
        if index is not None:
            from_index = index.peek(file.path, file.mtime_ns, counts)
            if from_index is not None:
                return from_index, INDEX, None
        peek = peek_session(file.path, file.size, counts, meter)
    except PermissionError:
        return Peek(depth=WINDOWS), WINDOWS, "permission denied"
    except OSError as exc:
        return Peek(depth=WINDOWS), WINDOWS, f"cannot read ({exc.strerror or exc})"
    return peek, peek.depth, None


def _row(
    file: SessionFile, peek: Peek, problem: str | None, leaf_map: dict[str, str], fallback_project: str
) -> SessionRow:
    title, source = resolve_title(peek, leaf_map)
    if problem is not None:
        title, source = f"({problem})", None
    row = SessionRow(
        session_id=file.path.stem if is_session_file_name(file.path.stem) else peek.session_id or file.path.stem,
        path=file.path,
        folder=file.folder.name,
        project=peek.cwd or fallback_project,
        size=file.size,
        mtime_ns=file.mtime_ns,
        title=title,
        title_source=source,
        score=0,
        peek=peek,
        problem=problem,
    )
    row.score = score_of(peek, row.duration_ms)
    return row


def resolve_title(peek: Peek, leaf_map: dict[str, str]) -> tuple[str | None, str | None]:
    """The title `retell parse` gives (extract.titles.session_title), from what the windows saw: the author's
    own, Claude Code's, the first real request, a summary describing this session; else the last prompt."""
    titles = {k: v for k, v in peek.titles.items() if k in ("custom-title", "ai-title")}
    for uuid in reversed(peek.leaf_uuids):  # the latest leaf: the summary of the session as it ended
        if uuid in leaf_map:
            titles["summary"] = leaf_map[uuid]
            break
    else:
        if "summary" in peek.titles:
            titles["summary"] = peek.titles["summary"]
    request = peek.request
    if request is None and peek.first_prompt and not peek.exact:
        request = first_request([peek.first_prompt])  # a peek from Claude Code's index: its first prompt only
    words = peek.vocabulary
    if peek.depth == INDEX and "summary" in titles:
        words = vocabulary([titles["summary"]])  # Claude Code's index entry summarises this very session
    title, source = session_title(titles, request, words)
    if title is None and peek.last_prompt:
        last = first_request([peek.last_prompt])
        if last:
            return prompt_title(last), "last-prompt"
    return title, source


def score_of(peek: Peek, duration_ms: int | None) -> int:
    minutes_ms = peek.active_ms if peek.active_ms is not None else duration_ms
    return story_score(
        ScoreInputs(
            human_turns=peek.human_turns or 0,
            minutes=(minutes_ms or 0) / 60_000,
            files_changed=peek.files_changed or 0,
            subagents=peek.subagents,
            compactions=peek.compactions,
            images=peek.images or 0,
        )
    )


def _summaries_by_leaf(peeks: Iterable[Peek]) -> dict[str, str]:
    leaf_map: dict[str, str] = {}
    for peek in peeks:
        for leaf, text in peek.summaries:
            leaf_map[leaf] = text
    return leaf_map


def _common_cwd(peeks: Iterable[Peek]) -> str | None:
    cwds = [p.cwd for p in peeks if p.cwd]
    return max(set(cwds), key=cwds.count) if cwds else None


def _active_since(row: SessionRow, query: ListQuery) -> bool:
    return query.since is None or row.last_active_ms >= int(query.since.timestamp() * 1000)


def _described_by(row: SessionRow, grep: str) -> bool:
    """`grep` in what the row shows of the session: its title, first and last prompt, project path."""
    needle = grep.casefold()
    haystack = (row.title, row.peek.first_prompt, row.project, row.peek.last_prompt)
    return any(needle in text.casefold() for text in haystack if text)


# -- exact counts from a full parse ------------------------------------------------------------------


def peek_from_manifest(base: Peek | None, manifest: dict[str, Any]) -> Peek:
    """A row's peek with the numbers of a full parse (what `retell stats` and `--exact` computed)."""
    session = manifest["session"]
    counts = manifest["counts"]
    files = manifest["files"]
    peek = Peek(**(base.to_dict() if base is not None else {}))
    peek.session_id = session["id"]
    peek.cwd = session["cwd"] or peek.cwd
    peek.start, peek.end = session["start"], session["end"]
    peek.active_ms = session["active_ms"]
    peek.versions, peek.git_branches = session["versions"], session["git_branches"]
    if session["title_source"] in ("custom-title", "ai-title"):
        peek.titles[session["title_source"]] = session["title"]  # perhaps set mid-file, beyond the windows
    elif session["title_source"] == "first-prompt":
        peek.request = session["title"]  # the request may lie past the head window
        peek.first_prompt = peek.first_prompt or session["title"]
    peek.human_turns = counts["human_turns"]
    peek.tool_calls = counts["tool_calls"]
    peek.subagents = counts["subagents"]
    peek.compactions = counts["compactions"]
    peek.images = counts["images"]
    peek.files_changed = len(set(files["edited"]) | set(files["written"]) | set(files["snapshot"]))
    peek.depth = PARSE
    peek.bytes_read = manifest["source"]["bytes"]
    return peek


def deepen(rows: list[SessionRow], cache: ListCache) -> list[str]:
    """Give `rows` the exact numbers of a full parse (each file read once, then cached); returns warnings."""
    from retell.claude.locate import SessionRef
    from retell.errors import InputError
    from retell.parse import ParseOptions, extract_session

    warnings: list[str] = []
    for row in rows:
        if row.problem is not None or row.peek.exact:
            continue
        try:
            result = extract_session(SessionRef(row.path, row.path.stem), None, ParseOptions())
        except InputError as exc:
            warnings.append(f"{exc}; kept the partial counts")
            continue
        remember_full_parse(row.path, row.size, row.mtime_ns, result.manifest, cache)
        row.peek = peek_from_manifest(row.peek, result.manifest)
        title, source = resolve_title(row.peek, {})  # a title set mid-file, or a prompt past the head
        if source in ("custom-title", "ai-title") or row.title_source in (None, "last-prompt"):
            row.title, row.title_source = title, source
        row.score = score_of(row.peek, row.duration_ms)
    return warnings


def remember_full_parse(path: Path, size: int, mtime_ns: int, manifest: dict[str, Any], cache: ListCache) -> None:
    """Keep a full parse's counts for later listings, if the file has not changed since it was stat'ed."""
    try:
        st = path.stat()
    except OSError:
        return
    if (st.st_size, st.st_mtime_ns) != (size, mtime_ns):
        return  # the session grew while it was parsed: the numbers are already stale
    key = path.absolute()
    cache.put(key, size, mtime_ns, peek_from_manifest(cache.get(key, size, mtime_ns), manifest))


def in_a_project_folder(path: Path) -> bool:
    """Whether `path` is a session file of the config dir (not a transcript copied elsewhere)."""
    return path.absolute().parent.parent.resolve() == projects_dir().resolve()


def listed_title(path: Path, cache: ListCache) -> tuple[str | None, str | None] | None:
    """The title `retell list` shows for the session at `path`: it may come from a summary in a sibling
    file. None when `path` is not in a Claude Code project folder."""
    if not in_a_project_folder(path):
        return None
    folder = path.absolute().parent
    listing = Listing([], 0, 0, 0, [folder])
    work = _folder_work(folder, cache, listing, set())
    _peek_files(work.unread, listing)
    for row in _folder_rows(work, cache, listing):
        if row.path == path.absolute():
            return row.title, row.title_source
    return None


# -- small helpers -----------------------------------------------------------------------------------


def _span_ms(start: str | None, end: str | None) -> int | None:
    if not start or not end:
        return None
    a, b = to_epoch_ms(start), to_epoch_ms(end)
    return b - a if a is not None and b is not None else None


def _iso_from_ns(ns: int) -> str:
    moment = datetime.fromtimestamp(ns / 1e9, tz=timezone.utc)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"
