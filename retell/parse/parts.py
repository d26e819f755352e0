"""What reading a transcript yields, as plain types: the parse's options, one transcript read (`Transcript`,
which transcript.py makes and manifest.py describes) and the result of a parse. No behaviour here: both
sides import it, neither imports the other's types through it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from retell.claude.locate import SessionRef
from retell.claude.reader import ReadStats, TranscriptReader
from retell.events import Event, EventLog
from retell.extract.session import Extraction
from retell.extract.subagents import AgentFile
from retell.extract.usage import UsageLedger
from retell.secrets import Scanner
from retell.secrets.twocores import Ahead


@dataclass
class ParseOptions:
    include_subagents: bool = True
    strict: bool = False
    write_assets: bool = True
    on_progress: Callable[[int], None] | None = None
    force: bool = False  # re-parse a folder that tells more sessions than those given, with only these


@dataclass
class ParseResult:
    log: EventLog
    manifest: dict[str, Any]
    warnings: list[str] = field(default_factory=list)


@dataclass
class AgentLinks:
    linked: list[tuple[Event, AgentFile | None]]  # None: the thread was inside the main file
    unlinked_files: list[tuple[AgentFile, str]]
    unmatched_spawns: list[Event]


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
    ahead: Ahead | None = None  # its texts being scanned by a second core (read_transcript's scan_early)
