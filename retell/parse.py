"""`retell parse`: transcripts -> events.json, manifest.json and assets/ in a work folder.

Deterministic (the same input gives byte-identical files) and zero-token. The heavy lifting is in
claude/reader.py (bytes -> records) and extract/ (records -> events); this module reads one transcript,
links its subagents, flags secrets, and writes the work folder atomically. Several sessions told as one
story are read here one by one and joined by joined.py.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell import __version__, jsonio
from retell.claude.locate import SessionRef, peek_session_id, sibling_summaries, subagent_candidates
from retell.claude.reader import ReadStats, TranscriptReader
from retell.claude.schema import (
    KNOWN_ATTACHMENT_TYPES,
    KNOWN_PROGRESS_TYPES,
    KNOWN_RECORD_TYPES,
)
from retell.errors import InputError, WorkdirError
from retell.events import (
    EVENTS_SCHEMA_VERSION,
    IMAGE,
    SUBAGENT,
    Chapter,
    Event,
    EventLog,
    SessionInfo,
    walk,
)
from retell.extract.images import ImageStore
from retell.extract.requests import author_words, first_request, is_author_message
from retell.extract.session import Extraction, SessionExtractor, assign_ids, drop_repeated_result
from retell.extract.subagents import AgentFile, is_warmup, read_agent_file_meta
from retell.extract.titles import prompt_title
from retell.extract.usage import UsageLedger
from retell.fsutil import staging_dir
from retell.secrets import Scanner, scan_event_log, usernames_from_paths
from retell.workdir import ASSETS, EVENTS, MANIFEST, commit_parse_output

MANIFEST_SCHEMA_VERSION = 1
ESTIMATION_METHOD = "chars/4"  # ~4 characters per token for English prose and code; no tokenizer needed
TITLE_CANDIDATES = 20  # of the author's first messages, the first real request names the session


@dataclass
class ParseOptions:
    include_subagents: bool = True
    strict: bool = False
    write_assets: bool = True
    on_progress: Callable[[int], None] | None = None


@dataclass
class ParseResult:
    log: EventLog
    manifest: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


def default_workdir(session_id: str) -> Path:
    return Path(f"retell-{session_id[:8]}")


def default_workdir_for(refs: Sequence[SessionRef]) -> Path:
    """`./retell-<first 8 characters of the session id>`; for several sessions, the first of their default
    folders that already holds a parse (so adding a session to a folder continues it), else the earliest's."""
    folders = [default_workdir(peek_session_id(ref.path)) for ref in refs]
    if len(folders) > 1:
        for folder in folders:
            if (folder / MANIFEST).is_file():
                return folder
    return folders[0]


def parse_to_workdir(
    refs: SessionRef | Sequence[SessionRef], workdir: Path | None, options: ParseOptions
) -> tuple[Path, ParseResult]:
    """Parse and write the work folder (a temp folder first, then moved into place). Several sessions are
    told in time order as one story."""
    todo = [refs] if isinstance(refs, SessionRef) else list(refs)
    if not todo:
        raise InputError("no session to parse")
    for ref in todo:
        check_source(ref.path)
    if len(todo) > 1:
        from retell.joined import order_sessions

        todo = order_sessions(todo)
    target = workdir or default_workdir_for(todo)
    anchor = folder_anchor(target) if len(todo) > 1 else None
    with staging_dir(target.resolve()) as staging:
        result = extract_sessions(todo, staging / ASSETS if options.write_assets else None, options, anchor=anchor)
        event_log = result.log
        digest, size = jsonio.write_document_streaming(
            staging / EVENTS, event_log.head_dict(), "events", (e.to_dict() for e in event_log.events)
        )
        result.manifest["artifacts"] = {"events_json_sha256": digest, "events_json_bytes": size}
        (staging / MANIFEST).write_bytes(jsonio.dumps(result.manifest))
        (staging / ASSETS).mkdir(exist_ok=True)
        commit_parse_output(staging, target.resolve())
    return target, result


def folder_anchor(workdir: Path) -> str | None:
    """The session a work folder was first parsed from (events.json's `session.id`): a folder that grows
    keeps it, so its secret ids and its slug stay the same."""
    if not (workdir / MANIFEST).is_file():
        return None
    try:
        manifest = jsonio.load(workdir / MANIFEST)
    except WorkdirError:
        return None  # not a retell work folder after all: nothing to keep
    session = manifest.get("session") if isinstance(manifest, dict) else None
    anchor = session.get("id") if isinstance(session, dict) else None
    return anchor if isinstance(anchor, str) and anchor else None


def check_source(path: Path) -> None:
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except PermissionError:
        raise InputError(f"{path}: permission denied") from None
    if path.is_dir():
        raise InputError(f"{path} is a folder; give a session's .jsonl file")
    if size == 0:
        raise InputError(f"{path} is empty: nothing to parse")


def extract_sessions(
    refs: Sequence[SessionRef], assets_dir: Path | None, options: ParseOptions, *, anchor: str | None = None
) -> ParseResult:
    """One session as `extract_session`; several joined into one story (see joined.py)."""
    if len(refs) == 1:
        return extract_session(refs[0], assets_dir, options)
    from retell.joined import join_sessions

    return join_sessions(refs, assets_dir, options, anchor=anchor)


@dataclass
class SharedState:
    """What the sessions of one work folder share while they are read one after another."""

    uuids: set[int] = field(default_factory=set)  # records told so far: a resumed session replays them
    messages: set[int] = field(default_factory=set)  # API messages counted so far (main files)
    agent_messages: set[int] = field(default_factory=set)  # the same, in subagent files


@dataclass
class Transcript:
    """One transcript read: its events and chapters (ids final), and everything its manifest needs."""

    ref: SessionRef
    main: Extraction
    stats: ReadStats
    reader: TranscriptReader
    sha256: str
    session_id: str
    title: str | None
    title_source: str | None
    scanner: Scanner
    agents: AgentLinks
    sub_reports: list[dict[str, Any]]
    sub_usage: UsageLedger
    warnings: list[str]
    uuids: set[int] = field(default_factory=set)
    summaries: list[tuple[str | None, str]] = field(default_factory=list)
    first_prior_replay: int | None = None


def read_transcript(
    ref: SessionRef,
    images: ImageStore,
    options: ParseOptions,
    *,
    key: str | None = None,
    shared: SharedState | None = None,
) -> Transcript:
    """Read one transcript (and its subagents) into events. With `key`, its event and chapter ids start
    with it (`<key>-e1`, `<key>-ch1`); with `shared`, what earlier sessions told is not told again."""
    check_source(ref.path)
    image_warnings = len(images.warnings)
    reader = TranscriptReader(ref.path, strict=options.strict, on_progress=options.on_progress)
    extractor = SessionExtractor(
        images,
        prior_uuids=shared.uuids if shared is not None else None,
        prior_messages=shared.messages if shared is not None else None,
    )
    parsed = 0
    for lineno, record in reader:
        parsed += 1
        extractor.feed(lineno, record)
    stats = reader.stats
    if parsed == 0 and stats.malformed_count + (1 if stats.truncated_last_line else 0) > 0:
        raise InputError(f"{ref.path} is not a Claude Code transcript (no line is a JSON record)")
    if parsed == 0 and stats.skipped_unparsed == 0:
        raise InputError(f"{ref.path} holds no records (only blank lines)")
    known = sum(n for t, n in stats.record_types.items() if t in KNOWN_RECORD_TYPES)
    if known == 0:
        raise InputError(f"{ref.path} is JSON Lines but not a Claude Code transcript (no known record types)")
    extractor.add_links(reader.links)
    prefix = f"{key}-e" if key else "e"
    main = extractor.finish(id_prefix=prefix)
    if not ({"custom-title", "ai-title", "summary"} & main.titles.keys()):
        # A resumed session's summary sits at the top of the file that continued it.
        summary = extractor.summary_for(sibling_summaries(ref.path))
        if summary:
            main.titles["summary"] = summary
    session_id = main.session_ids[0] if main.session_ids else ref.session_id
    warnings: list[str] = []

    agents = _link_subagents(ref, session_id, main, reader.agent_progress)
    sub_usage = UsageLedger()
    sub_reports: list[dict[str, Any]] = []
    if options.include_subagents:
        agent_messages = shared.agent_messages if shared is not None else None
        for event, agent_file in agents.linked:
            if agent_file is None:
                continue
            report = _attach_subagent(event, agent_file, images, options.strict, sub_usage, agent_messages)
            sub_reports.append(report)
            warnings.extend(report.pop("warnings"))
        assign_ids(main.events, prefix)
        for event in main.events:
            if event.subagent is not None:
                for inner in walk(event.subagent.events):
                    inner.chapter = event.chapter
    if key:
        qualify_chapters(main.chapters, main.events, key)

    scanner = Scanner(usernames=usernames_from_paths([main.cwd or ""]))
    title, title_source = _title(main, scanner)
    warnings.extend(images.warnings[image_warnings:])
    if stats.malformed_count:
        warnings.append(f"{stats.malformed_count} malformed line(s) skipped (first: line {stats.malformed_lines[0]})")
    if stats.truncated_last_line:
        warnings.append("the last line is incomplete (is the session still running?); it was skipped")
    return Transcript(
        ref=ref,
        main=main,
        stats=stats,
        reader=reader,
        sha256=reader.sha256(),
        session_id=session_id,
        title=title,
        title_source=title_source,
        scanner=scanner,
        agents=agents,
        sub_reports=sub_reports,
        sub_usage=sub_usage,
        warnings=warnings,
        uuids=set(extractor.uuids),
        summaries=extractor.summaries,
        first_prior_replay=extractor.first_prior_replay,
    )


def qualify_chapters(chapters: list[Chapter], events: list[Event], key: str) -> None:
    """`ch2` -> `<key>-ch2`, on the chapters and on every event (nested ones included)."""
    renamed = {c.id: f"{key}-{c.id}" for c in chapters}
    for chapter in chapters:
        chapter.id = renamed[chapter.id]
        chapter.session = key
    for event in walk(events):
        event.chapter = renamed.get(event.chapter, event.chapter)


def extract_session(ref: SessionRef, assets_dir: Path | None, options: ParseOptions) -> ParseResult:
    """Read one transcript (and its subagents) into events and a manifest, without writing JSON."""
    check_source(ref.path)
    if assets_dir is not None:
        assets_dir.mkdir(parents=True, exist_ok=True)
    images = ImageStore(assets_dir)
    part = read_transcript(ref, images, options)
    main = part.main
    info = SessionInfo(
        id=part.session_id,
        title=part.title,
        title_source=part.title_source,
        cwd=main.cwd,
        start=main.start,
        end=main.end,
    )
    event_log = EventLog(session=info, chapters=main.chapters, events=main.events)
    index_images(event_log, images)

    flags = scan_event_log(event_log, part.scanner)
    # The manifest never holds a secret: its copy of the title is written with every flagged item redacted.
    manifest_title = part.scanner.redact_all(event_log.session.title)
    manifest = transcript_manifest(
        part,
        event_log.chapters,
        event_log.events,
        [info.to_dict() for info in sorted(images.images.values(), key=lambda i: i.asset)],
        manifest_title,
        options,
    )
    manifest["pii_warnings"] = flags
    manifest["warnings"] = part.warnings
    # The manifest never holds a secret: paths, branch names, tool names and warnings are told with every
    # secret in them redacted (personal data such as the home folder stays: the manifest stays local).
    manifest = without_secrets(manifest, part.scanner)
    return ParseResult(log=event_log, manifest=manifest, warnings=part.warnings)


def without_secrets(value: Any, scanner: Scanner) -> Any:
    """`value` (a manifest, or any part of one) with every secret in its strings redacted."""
    if isinstance(value, str):
        return scanner.redact_secrets(value) if len(value) >= 8 else value
    if isinstance(value, dict):
        return {
            scanner.redact_secrets(k) if isinstance(k, str) else k: without_secrets(v, scanner)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [without_secrets(v, scanner) for v in value]
    return value


# -- subagents --------------------------------------------------------------------------------------


@dataclass
class AgentLinks:
    linked: list[tuple[Event, AgentFile | None]]  # None: the thread was inside the main file
    unlinked_files: list[tuple[AgentFile, str]]
    unmatched_spawns: list[Event]


def _link_subagents(ref: SessionRef, session_id: str, main: Extraction, progress_links: list[Any]) -> AgentLinks:
    files = [read_agent_file_meta(p) for p in subagent_candidates(ref.path, session_id)]
    by_agent_id = {f.agent_id: f for f in files}
    by_tool_use = {f.tool_use_id: f for f in files if f.tool_use_id}
    progress = {link.tool_use_id: link.agent_id for link in progress_links}
    linked: list[tuple[Event, AgentFile | None]] = []
    used: set[Path] = set()
    unmatched: list[Event] = []
    for event in main.spawns:
        agent = event.subagent
        assert agent is not None
        if agent.linked_by == "sidechain":
            linked.append((event, None))  # its thread was in the main file
            continue
        match: AgentFile | None = None
        if agent.agent_id and agent.agent_id in by_agent_id:
            match = by_agent_id[agent.agent_id]
        elif agent.tool_use_id in by_tool_use:
            match = by_tool_use[agent.tool_use_id]
            agent.agent_id = match.agent_id
            agent.linked_by = "meta.json"
        elif agent.tool_use_id in progress:
            agent.agent_id = progress[agent.tool_use_id]
            agent.linked_by = agent.linked_by or "agent_progress"
            match = by_agent_id.get(agent.agent_id)
        if match is None or match.path in used:
            unmatched.append(event)
            continue
        used.add(match.path)
        agent.file = str(match.path.relative_to(ref.path.parent))
        agent.agent_type = agent.agent_type or match.agent_type
        agent.description = agent.description or match.description
        linked.append((event, match))
    unlinked = [(f, "warmup" if is_warmup(f.path) else "no matching spawn") for f in files if f.path not in used]
    return AgentLinks(linked, unlinked, unmatched)


def _attach_subagent(
    event: Event,
    agent_file: AgentFile,
    images: ImageStore,
    strict: bool,
    sub_usage: UsageLedger,
    counted: set[int] | None = None,
) -> dict[str, Any]:
    """Parse a linked subagent's own transcript and hang its events under the spawn."""
    agent = event.subagent
    assert agent is not None
    reader = TranscriptReader(agent_file.path, strict=strict)
    extractor = SessionExtractor(images, subagent_mode=True, prior_messages=counted)
    warnings: list[str] = []
    try:
        for lineno, record in reader:
            extractor.feed(lineno, record)
    except InputError as exc:
        warnings.append(f"subagent {agent_file.path.name}: {exc}")
    result = extractor.finish(id_prefix=f"{event.id}.")
    agent.events = result.events
    drop_repeated_result(agent)
    sub_usage.merge(result.usage)
    if reader.stats.malformed_count:
        warnings.append(f"subagent {agent_file.path.name}: {reader.stats.malformed_count} malformed line(s) skipped")
    return {
        "event": event.id,
        "usage": result.usage.totals.to_dict(),
        "malformed_lines": reader.stats.malformed_count,
        "bytes": reader.stats.bytes_read,
        "warnings": warnings,
    }


# -- images, titles ---------------------------------------------------------------------------------


def index_images(event_log: EventLog, images: ImageStore) -> None:
    """Which events show each image (ids exist only now, after runs and subagents are in place)."""
    for info in images.images.values():
        info.events = []
    for event in walk(event_log.events):
        names = list(event.images or ())
        if event.kind == IMAGE and event.asset:
            names.append(event.asset)
        for name in names:
            if name in images.images:
                images.images[name].events.append(event.id)


def _title(main: Extraction, scanner: Scanner) -> tuple[str | None, str | None]:
    """Claude Code's own titles first; else the author's first real request, tidied (no flags, paths,
    greetings, boilerplate or log lines); else none."""
    for source in ("custom-title", "ai-title", "summary"):
        if source in main.titles:
            return main.titles[source], source
    words = (author_words(e) for e in main.events)
    request = first_request([w for w in words if w][:TITLE_CANDIDATES])
    if request:
        return prompt_title(request, scanner), "first-prompt"
    return None, None


# -- manifest ---------------------------------------------------------------------------------------


def transcript_manifest(
    part: Transcript,
    chapters: list[Chapter],
    events: list[Event],
    images: list[dict[str, Any]],
    title: str | None,
    options: ParseOptions,
) -> dict[str, Any]:
    """The manifest of one transcript, all but `pii_warnings` and `warnings` (which the caller adds).
    `images`: the manifest entries of the images its events show; `title`: already redacted."""
    ref, main, stats, reader, agents = part.ref, part.main, part.stats, part.reader, part.agents
    sub_reports, sub_usage, scanner = part.sub_reports, part.sub_usage, part.scanner
    all_events = list(walk(events))
    signal_chars = sum(e.char_count() for e in all_events)
    signal_bytes = sum(len(t.encode("utf-8")) for e in all_events for _, t in e.texts())
    kinds = Counter(e.kind for e in events)
    total_usage = UsageLedger()
    total_usage.merge(main.usage)
    total_usage.merge(sub_usage)
    file_bytes = stats.bytes_read
    subagent_bytes = sum(r.get("bytes", 0) for r in sub_reports)
    human_turns = sum(1 for e in events if is_author_message(e))
    duration_ms = _duration_ms(main.start, main.end)
    unknown = {
        "record_types": dict(sorted((t, n) for t, n in stats.record_types.items() if t not in KNOWN_RECORD_TYPES)),
        "attachment_types": dict(
            sorted((t, n) for t, n in stats.attachment_types.items() if t not in KNOWN_ATTACHMENT_TYPES)
        ),
        "progress_types": dict(
            sorted((t, n) for t, n in stats.progress_types.items() if t not in KNOWN_PROGRESS_TYPES)
        ),
        "system_subtypes": dict(sorted(main.unknown_system_subtypes.items())),
        "content_blocks": dict(sorted(main.unknown_blocks.items())),
    }
    linked = []
    by_event = {r["event"]: r for r in sub_reports}
    for event, _ in agents.linked:
        agent = event.subagent
        assert agent is not None
        linked.append(
            {
                "event": event.id,
                "tool_use_id": agent.tool_use_id,
                "agent_id": agent.agent_id,
                "file": agent.file,
                "linked_by": agent.linked_by,
                "description": scanner.redact_all(agent.description),
                "agent_type": agent.agent_type,
                "events": len(agent.events),
                "reported_usage": {
                    k: v
                    for k, v in (
                        ("total_tokens", agent.total_tokens),
                        ("tool_uses", agent.tool_uses),
                        ("duration_ms", agent.duration_ms),
                    )
                    if v is not None
                },
                "transcript_usage": by_event.get(event.id, {}).get("usage"),
            }
        )
    return {
        "schema_version": MANIFEST_SCHEMA_VERSION,
        "events_schema_version": EVENTS_SCHEMA_VERSION,
        "retell_version": __version__,
        "source": {
            "path": str(ref.path.resolve()),
            "sha256": part.sha256,
            "bytes": file_bytes,
            "lines": stats.lines + stats.blank_lines,
        },
        "session": {
            "id": part.session_id,
            "session_ids": main.session_ids,
            "title": title,
            "title_source": part.title_source,
            "cwd": main.cwd,
            "start": main.start,
            "end": main.end,
            "duration_ms": duration_ms,
            "active_ms": main.active_ms,
            "versions": main.versions,
            "models": main.models,
            "git_branches": main.git_branches,
            "entrypoints": main.entrypoints,
        },
        "options": {"include_subagents": options.include_subagents},
        "sizes": {
            "file_bytes": file_bytes,
            "subagent_file_bytes": subagent_bytes,
            "signal_bytes": signal_bytes,
            "signal_ratio": round(signal_bytes / (file_bytes + subagent_bytes), 6) if file_bytes else 0.0,
        },
        "token_estimate": {"signal_tokens": (signal_chars + 3) // 4, "estimation_method": ESTIMATION_METHOD},
        "records": {
            "by_type": dict(sorted(stats.record_types.items())),
            "attachment_types": dict(sorted(stats.attachment_types.items())),
            "progress_types": dict(sorted(stats.progress_types.items())),
            "skipped_unparsed": stats.skipped_unparsed,
            "replayed": main.counts.replayed_records,
            "sidechain": main.counts.sidechain_records,
            "meta": main.counts.meta_records,
            "synthetic": main.counts.synthetic_messages,
            "api_errors": main.counts.api_errors,
            "resent_prompts": main.counts.resent_prompts,
            "blank_lines": stats.blank_lines,
        },
        "malformed": {
            "count": stats.malformed_count,
            "lines": stats.malformed_lines,
            "truncated_last_line": stats.truncated_last_line,
        },
        "unknown": unknown,
        "counts": {
            "events": len(events),
            "events_with_subagents": len(all_events),
            "by_kind": dict(sorted(kinds.items())),
            "human_turns": human_turns,
            "assistant_messages": main.usage.totals.api_messages,
            "tool_calls": main.counts.tool_calls,
            "tool_errors": main.counts.tool_errors,
            "tools": main.tools,
            "subagents": kinds.get(SUBAGENT, 0),
            "compactions": sum(1 for c in chapters if c.reason in ("compaction", "slash_compact")),
            "chapters": len(chapters),
            "images": len(images),
            "abandoned_branches": main.abandoned_branches,
            "abandoned_events": sum(1 for e in events if e.abandoned),
            "thinking_blocks_empty": main.counts.empty_thinking,
            "thinking_blocks_redacted": main.counts.redacted_thinking,
        },
        "usage": {
            "main": main.usage.to_dict(),
            "subagents": sub_usage.to_dict(),
            "total": total_usage.to_dict(),
        },
        "chapters": [c.to_dict() for c in chapters],
        "subagents": {
            "linked": linked,
            "unlinked_files": [
                {"file": str(f.path.relative_to(ref.path.parent)), "agent_id": f.agent_id, "reason": reason}
                for f, reason in agents.unlinked_files
            ],
            "unmatched_spawns": [
                {
                    "event": e.id,
                    "tool_use_id": e.subagent.tool_use_id if e.subagent else None,
                    "agent_id": e.subagent.agent_id if e.subagent else None,
                }
                for e in agents.unmatched_spawns
            ],
        },
        "images": images,
        "files": {
            "read": main.files["read"],
            "edited": main.files["edited"],
            "written": main.files["written"],
            "snapshot": _snapshot_files(reader.last_snapshot, main.cwd),
        },
    }


def _duration_ms(start: str | None, end: str | None) -> int | None:
    from retell.extract.timeutil import to_epoch_ms

    if not start or not end:
        return None
    a, b = to_epoch_ms(start), to_epoch_ms(end)
    return b - a if a is not None and b is not None else None


def _snapshot_files(line: bytes | None, cwd: str | None) -> list[str]:
    """Every file the last file-history-snapshot tracks: what the session changed, per Claude Code."""
    if line is None:
        return []
    from retell.claude.reader import decode_line
    from retell.extract.tools import relative_path

    try:
        record = decode_line(line)
    except ValueError:
        return []
    snapshot = record.get("snapshot") if isinstance(record, dict) else None
    tracked = snapshot.get("trackedFileBackups") if isinstance(snapshot, dict) else None
    if not isinstance(tracked, dict):
        return []
    return sorted(relative_path(str(p), cwd) for p in tracked)
