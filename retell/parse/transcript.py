"""One transcript (and its subagents) read into events, chapters and everything its manifest needs.

Deterministic and zero-token: claude/reader.py turns bytes into records, extract/ records into events; this
module links the subagents, names the session, flags its secrets and makes one session's ParseResult.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from retell.claude.locate import SessionRef, file_session_id, sibling_summaries, subagent_candidates
from retell.claude.reader import TranscriptReader
from retell.claude.schema import KNOWN_RECORD_TYPES
from retell.errors import InputError
from retell.events import IMAGE, Chapter, Event, EventLog, SessionInfo, walk
from retell.extract.images import IMAGE_MARK, ImageStore
from retell.extract.requests import author_words, first_request
from retell.extract.session import Extraction, SessionExtractor, assign_ids, drop_repeated_result
from retell.extract.subagents import AgentFile, is_warmup, read_agent_file_meta
from retell.extract.titles import TITLE_CANDIDATES, session_title, session_vocabulary
from retell.extract.tools import absolute_path
from retell.extract.usage import UsageLedger
from retell.parse.manifest import manifest_texts, transcript_manifest, without_secrets
from retell.parse.parts import AgentLinks, ParseOptions, ParseResult, SharedState, Transcript
from retell.secrets import (
    Scanner,
    event_texts,
    prepare_scanner,
    scan_event_log,
    start_ahead,
    twocores,
    usernames_from_paths,
)
from retell.secrets.author_terms import user_terms
from retell.secrets.twocores import Ahead


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


def read_transcript(
    ref: SessionRef,
    images: ImageStore,
    options: ParseOptions,
    *,
    key: str | None = None,
    shared: SharedState | None = None,
    scan_early: bool = False,
) -> Transcript:
    """Read one transcript (and its subagents) into events. With `key`, its event and chapter ids start
    with it (`<key>-e1`, `<key>-ch1`); with `shared`, what earlier sessions told is not told again; with
    `scan_early`, its texts start being scanned for secrets as soon as they are read (its `scanner` is the
    one to use)."""
    check_source(ref.path)
    image_warnings = len(images.warnings)
    extractor = SessionExtractor(
        images,
        prior_uuids=shared.uuids if shared is not None else None,
        prior_messages=shared.messages if shared is not None else None,
    )
    early: Ahead | None = None
    told = 0  # events whose texts were handed to a scan child

    def scan_told_so_far() -> None:
        # The reading child is done, the parser half way or less: the free core scans the texts told so far;
        # then, each time it is done, those told since (the extraction of the project's own shape takes three
        # times as long as the reading: the second core sat idle for a second), the same child fed them.
        nonlocal early, told
        if early is not None and not early.finished():
            return
        events = extractor.events  # (only appended to while reading)
        if early is None:
            early = start_ahead(_scanner(extractor), event_texts(events), child_share=1.0, feed=True)
        else:
            texts = list(event_texts(events[told:]))
            if sum(map(len, texts)) < twocores.FOLLOW_MIN_CHARS:
                return
            scanner, least = _scanner(extractor), twocores.FOLLOW_MIN_CHARS
            early = start_ahead(scanner, texts, child_share=1.0, earlier=early, least=least, feed=True)
        told = len(events)

    reader = TranscriptReader(
        ref.path,
        strict=options.strict,
        on_progress=options.on_progress,
        on_link=extractor.note_link,
        ahead=(IMAGE_MARK, images.decode_ahead, images.take_ahead),
        meanwhile=prepare_scanner,
        when_read=scan_told_so_far if scan_early else None,
        while_waiting=_ScanWhileWaiting(extractor).step if scan_early else None,
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
    scanner = _scanner(extractor)
    # The texts told so far are nearly all there will be: a second core may scan them while this one finishes.
    ahead = start_ahead(scanner, event_texts(extractor.events), earlier=early) if scan_early else None
    prefix = f"{key}-e" if key else "e"
    main = extractor.finish(id_prefix=prefix)
    if "summary" not in main.titles:
        # A resumed session's summary sits at the top of the file that continued it.
        summary = extractor.summary_for(sibling_summaries(ref.path))
        if summary:
            main.titles["summary"] = summary
    session_id = file_session_id(ref.path)
    warnings: list[str] = []
    # Subagent files of the older layout name their session by the id their records carry.
    agents = _link_subagents(ref, main.session_ids[0] if main.session_ids else session_id, main, reader.agent_progress)
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
        uuids=extractor.uuids,
        summaries=extractor.summaries,
        first_prior_replay=extractor.first_prior_replay,
        ahead=ahead,
    )


class _ScanWhileWaiting:
    """The texts told so far scanned for secrets, a few events at a time, while the parser would wait for the
    reading child (a text's findings depend on it alone: they are kept for the scan of the story, and a text
    that changes afterwards is scanned again then)."""

    STEP = 16  # events a step: a few milliseconds, then the parser looks at the pipe again

    def __init__(self, extractor: SessionExtractor) -> None:
        self.extractor = extractor
        self.done = 0  # events scanned (the extractor only appends to its list while reading)
        self.scanner: Scanner | None = None

    def step(self) -> bool:
        events = self.extractor.events
        if self.done >= len(events):
            return False
        scanner = _scanner(self.extractor)
        if self.scanner is None or scanner.usernames != self.scanner.usernames:
            self.scanner = scanner  # (the session's folder, and so its account names, known only now)
        found: dict[str, tuple[Any, ...]] = {}
        for text in event_texts(events[self.done : self.done + self.STEP]):
            if text not in found and not self.scanner.primed(text):
                found[text] = tuple(self.scanner.find(text))
        self.scanner.prime(found)
        self.done = min(len(events), self.done + self.STEP)
        return True


def _scanner(extractor: SessionExtractor) -> Scanner:
    """The secret scanner of a session: it also flags the account name of the session's folder."""
    return Scanner(usernames=usernames_from_paths([extractor.cwd or ""]))


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
    part = read_transcript(ref, images, options, scan_early=True)
    main = part.main
    info = SessionInfo(
        id=part.session_id,
        title=part.title,
        title_source=part.title_source,
        cwd=main.cwd,
        start=main.start,
        end=main.end,
        links=main.links,
    )
    event_log = EventLog(session=info, chapters=main.chapters, events=main.events)
    images.drop_unused()
    index_images(event_log, images)

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
    # (its texts, which without_secrets scans below, scanned with the story's: on two cores, for a big one)
    also = manifest_texts(manifest, part.warnings) if part.ahead is not None else ()
    flags = scan_event_log(event_log, part.scanner, part.ahead, also)
    manifest["pii_warnings"] = flags
    manifest["warnings"] = part.warnings
    # The manifest never holds a secret: paths, branch names, tool names and warnings are told with every
    # secret in them redacted (personal data such as the home folder stays: the manifest stays local).
    manifest = without_secrets(manifest, part.scanner, user_terms())
    return ParseResult(log=event_log, manifest=manifest, warnings=part.warnings)


# -- subagents --------------------------------------------------------------------------------------


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
    reader = TranscriptReader(agent_file.path, strict=strict, digest=False)  # nothing records its hash
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
    # What it changed, as absolute paths (its folder may be a worktree): the manifest makes them the session's.
    changed = {absolute_path(p, result.cwd) for k in ("edited", "written", "shell") for p in result.files.get(k, [])}
    return {
        "event": event.id,
        "files": sorted(changed),
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
    """The author's own title, Claude Code's, the author's first real request (no flags, paths, greetings,
    boilerplate or log lines), a summary record; else none (extract.titles.session_title)."""
    words = (author_words(e) for e in main.events)
    request = first_request([w for w in words if w][:TITLE_CANDIDATES])
    return session_title(main.titles, request, session_vocabulary(main.events), scanner)
