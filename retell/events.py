"""retell's own event model: what `retell parse` writes to events.json and every later stage reads.

Downstream code sees these types, never Claude Code's raw records.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field, fields
from typing import Any

# 2: a shell call's whole command of several lines (`calls[].command`); an older folder is parsed again
EVENTS_SCHEMA_VERSION = 2

# Event kinds, in rough order of story value.
HUMAN = "human"  # the author's own words (typed, pasted, or queued while the agent worked)
COMMAND = "command"  # a slash command or `!` shell command the author ran
INTERRUPT = "interrupt"  # the author stopped the agent
ASSISTANT = "assistant"  # the assistant's visible text
THINKING = "thinking"  # non-empty extended thinking (behind the scenes)
PLAN = "plan"  # a plan the assistant proposed (ExitPlanMode)
TOOL_RUN = "tool_run"  # one or more similar tool calls in a row, summarised
PROMPT = "prompt"  # inside a subagent: further instructions from the parent agent (not the human); in the main
# thread, named PEER: what another Claude Code session wrote to this one (`<cross-session-message>`)
PEER = "another session"
SUBAGENT = "subagent"  # a spawned agent: its brief, its result, and (optionally) its own events
IMAGE = "image"  # a screenshot or image returned by a tool
BRIDGE = "bridge"  # a compaction summary: "previously on…"
RECAP = "recap"  # an away summary Claude Code wrote when the author came back
TURN_DURATION = "turn_duration"  # how long a turn took (pacing)

# The texts of a tool call that reach a prompt or a post (each scanned for secrets, each redacted).
CALL_TEXTS = ("target", "command", "error", "outcome", "diff", "output", "done", "doing", "place")

CONTENT_KINDS = frozenset({HUMAN, COMMAND, INTERRUPT, ASSISTANT, THINKING, PLAN, TOOL_RUN, SUBAGENT, IMAGE, PROMPT})
ALL_KINDS = CONTENT_KINDS | {BRIDGE, RECAP, TURN_DURATION}


@dataclass(slots=True)
class ToolCall:
    """One tool call, reduced to what a reader needs."""

    name: str
    target: str | None = None  # file path, command, pattern or URL
    # A shell command written over several lines, whole (within a bound): `target` is its one line that does the
    # work, which summaries and headings say; the script's other lines are what it did (an UPDATE, a heredoc's file)
    command: str | None = None
    error: str | None = None  # first line of the error, when the call failed
    outcome: str | None = None  # e.g. "3 failed, 10 passed" for a test run
    # What the call changed or said, compact enough for a prompt: an edit's changed lines as a small diff
    # ("-old" / "+new" lines), and a build, lint, test or failing command's exit and telling output lines.
    diff: str | None = None
    output: str | None = None
    # A task list's items newly marked completed in this call (TodoWrite: their activeForm, "Fixing the parser"), one
    # a line: the steps Claude said it finished, which a heading may say
    done: str | None = None
    # …and the item it marked in progress (TodoWrite: its content, "Add Task.Supervisor to the tree"): the step Claude
    # set out on, which a heading may say when the stretch then changed files
    doing: str | None = None
    # A Write over a file whose content the session held ("read": a whole Read of it; "written": its own earlier
    # Write, or edits to what it held; "found": held nothing, Claude Code's record of the Write says what it replaced):
    # `diff` is then against that content, not the new file's first lines
    rewrite_of: str | None = None
    # An Edit whose diff does not show where it is: the lines above its changes that hold them, one a line, from the
    # file as the session held it (`readinessProbe:`, `def fetch(url):`)
    place: str | None = None
    tool_use_id: str | None = field(default=None, repr=False)  # internal: links results; not written

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"name": self.name}
        if self.target is not None:
            d["target"] = self.target
        if self.command is not None:
            d["command"] = self.command
        if self.error is not None:
            d["error"] = self.error
        if self.outcome is not None:
            d["outcome"] = self.outcome
        if self.diff is not None:
            d["diff"] = self.diff
        if self.output is not None:
            d["output"] = self.output
        if self.done is not None:
            d["done"] = self.done
        if self.doing is not None:
            d["doing"] = self.doing
        if self.rewrite_of is not None:
            d["rewrite_of"] = self.rewrite_of
        if self.place is not None:
            d["place"] = self.place
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> ToolCall:
        return cls(
            name=d["name"],
            target=d.get("target"),
            command=d.get("command"),
            error=d.get("error"),
            outcome=d.get("outcome"),
            diff=d.get("diff"),
            output=d.get("output"),
            done=d.get("done"),
            doing=d.get("doing"),
            rewrite_of=d.get("rewrite_of"),
            place=d.get("place"),
        )


@dataclass(slots=True)
class Subagent:
    """A spawned agent, linked to its own transcript by tool_use_id."""

    tool_use_id: str
    description: str | None = None
    agent_type: str | None = None
    prompt: str | None = None
    result: str | None = None
    agent_id: str | None = None
    file: str | None = None  # transcript file name, relative to the session's folder
    linked_by: str | None = None  # which evidence linked spawn and transcript
    background: bool = False
    error: str | None = None
    total_tokens: int | None = None
    tool_uses: int | None = None
    duration_ms: int | None = None
    events: list[Event] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"tool_use_id": self.tool_use_id}
        for name in (
            "description",
            "agent_type",
            "prompt",
            "result",
            "agent_id",
            "file",
            "linked_by",
            "error",
        ):
            value = getattr(self, name)
            if value is not None:
                d[name] = value
        if self.background:
            d["background"] = True
        usage = {
            k: v
            for k, v in (
                ("total_tokens", self.total_tokens),
                ("tool_uses", self.tool_uses),
                ("duration_ms", self.duration_ms),
            )
            if v is not None
        }
        if usage:
            d["usage"] = usage
        if self.events:
            d["events"] = [e.to_dict() for e in self.events]
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Subagent:
        usage = d.get("usage") or {}
        return cls(
            tool_use_id=d["tool_use_id"],
            description=d.get("description"),
            agent_type=d.get("agent_type"),
            prompt=d.get("prompt"),
            result=d.get("result"),
            agent_id=d.get("agent_id"),
            file=d.get("file"),
            linked_by=d.get("linked_by"),
            background=bool(d.get("background", False)),
            error=d.get("error"),
            total_tokens=usage.get("total_tokens"),
            tool_uses=usage.get("tool_uses"),
            duration_ms=usage.get("duration_ms"),
            events=[Event.from_dict(e) for e in d.get("events", [])],
        )


@dataclass(slots=True)
class Event:
    """One signal event. Fields beyond kind/id/chapter/ts/line are set per kind and omitted when empty."""

    kind: str
    ts: str | None = None
    line: int = 0  # source line in the transcript (first line, for merged records)
    id: str = ""
    chapter: str = ""
    sidechain: bool = False
    abandoned: int = 0  # the number of the abandoned branch (a rewound prompt and its replies) it lies on
    # the cleared view's: a rewound branch the author left out lies right before it (redact.cleared_view)
    rewound_before: bool = False
    text: str | None = None
    images: list[str] | None = None  # asset file names (human: pasted images)
    documents: list[str] | None = None  # human: pasted documents, by type ("PDF")
    queued: bool = False  # human: typed while the agent was working
    # human, queued and delivered later (`dequeue`, then a user record): when the author typed it (the enqueue's
    # time); `ts` is when it reached Claude, after the step running then ended
    typed_at: str | None = None
    resent: int = 0  # human, command: sent again this many more times before it went through (told once)
    name: str | None = None  # command: "/compact"; tool_run: the tool family
    args: str | None = None  # command arguments
    summary: str | None = None  # tool_run: "Read 14 files in src/auth/"
    calls: list[ToolCall] | None = None
    errors: int = 0  # tool_run: failed calls; resent human/command: the errors that made the author send it again
    duration_ms: int | None = None
    source: str | None = None  # bridge: compact_summary; recap: away_summary; image: the tool that returned it
    asset: str | None = None  # image: asset file name
    subagent: Subagent | None = None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind, "chapter": self.chapter, "line": self.line}
        if self.ts is not None:
            d["ts"] = self.ts
        if self.sidechain:
            d["sidechain"] = True
        if self.abandoned:
            d["abandoned"] = self.abandoned
        if self.rewound_before:
            d["rewound_before"] = True
        for name in ("text", "name", "args", "summary", "duration_ms", "source", "asset"):
            value = getattr(self, name)
            if value is not None:
                d[name] = value
        if self.images:
            d["images"] = list(self.images)
        if self.documents:
            d["documents"] = list(self.documents)
        if self.queued:
            d["queued"] = True
        if self.typed_at is not None:
            d["typed_at"] = self.typed_at
        if self.resent:
            d["resent"] = self.resent
        if self.calls is not None:
            d["calls"] = [c.to_dict() for c in self.calls]
        if self.errors:
            d["errors"] = self.errors
        if self.subagent is not None:
            d["subagent"] = self.subagent.to_dict()
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Event:
        return cls(
            kind=d["kind"],
            ts=d.get("ts"),
            line=d.get("line", 0),
            id=d.get("id", ""),
            chapter=d.get("chapter", ""),
            sidechain=bool(d.get("sidechain", False)),
            abandoned=int(d.get("abandoned", 0)),
            rewound_before=bool(d.get("rewound_before", False)),
            text=d.get("text"),
            images=d.get("images"),
            documents=d.get("documents"),
            queued=bool(d.get("queued", False)),
            typed_at=d.get("typed_at"),
            resent=int(d.get("resent", 0)),
            name=d.get("name"),
            args=d.get("args"),
            summary=d.get("summary"),
            calls=[ToolCall.from_dict(c) for c in d["calls"]] if "calls" in d else None,
            errors=d.get("errors", 0),
            duration_ms=d.get("duration_ms"),
            source=d.get("source"),
            asset=d.get("asset"),
            subagent=Subagent.from_dict(d["subagent"]) if "subagent" in d else None,
        )

    def texts(self) -> list[tuple[str, str]]:
        """(field, text) for every piece of prose this event carries; what the secret scanner reads."""
        # Plain attribute reads into a list: parsing a big session goes through every event's texts several
        # times (chapter sizes, the secret scan, the manifest); most events carry one text and no call.
        found: list[tuple[str, str]] = []
        if self.text:
            found.append(("text", self.text))
        if self.args:
            found.append(("args", self.args))
        if self.summary:
            found.append(("summary", self.summary))
        if self.calls:
            for i, call in enumerate(self.calls):
                for name in CALL_TEXTS:
                    value = getattr(call, name)
                    if value:
                        found.append((f"calls[{i}].{name}", value))
        if self.subagent is not None:
            for name in ("description", "prompt", "result", "error"):
                value = getattr(self.subagent, name)
                if value:
                    found.append((f"subagent.{name}", value))
        return found

    def char_count(self) -> int:
        return sum(len(text) for _, text in self.texts())


def walk(events: list[Event]) -> Iterator[Event]:
    """Every event, depth first, subagent events right after their spawn."""
    for event in events:
        yield event
        if event.subagent is not None and event.subagent.events:
            yield from walk(event.subagent.events)


@dataclass(slots=True)
class Chapter:
    """A stretch of the session between breaks (session changes, compactions)."""

    id: str
    index: int
    reason: str  # start | session_change | compaction | slash_compact | idle
    session_id: str | None = None
    start: str | None = None
    end: str | None = None
    bridge: str | None = None  # id of the bridge/recap event that says "previously…"
    trigger: str | None = None  # compaction: manual | auto
    pre_tokens: int | None = None  # compaction: context size before
    first_event: str | None = None
    last_event: str | None = None
    events: int = 0
    human_turns: int = 0
    token_estimate: int = 0
    session: str | None = None  # the session's key, in a work folder of several sessions (else left out)

    def to_dict(self) -> dict[str, Any]:
        d = {f.name: getattr(self, f.name) for f in fields(self)}
        if self.session is None:
            del d["session"]  # one session: the file is exactly what it was before several were possible
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Chapter:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


@dataclass(slots=True)
class SessionInfo:
    id: str
    title: str | None = None
    title_source: str | None = None  # custom-title | ai-title | summary | first-prompt
    cwd: str | None = None
    start: str | None = None
    end: str | None = None
    # what the session produced that a reader can follow (extract/links.py): the repository's home, its forge,
    # the commits and the pull requests; None when there is nothing to link
    links: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        if out["links"] is None:
            del out["links"]  # (events.json of a session with nothing to link is as it was)
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SessionInfo:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


@dataclass(slots=True)
class SessionEntry:
    """One of several sessions told in one work folder (events.json's `sessions`, in time order)."""

    key: str  # what its chapter and event ids start with: `<key>-ch1`, `<key>-e12`
    id: str
    title: str | None = None
    title_source: str | None = None
    cwd: str | None = None
    start: str | None = None
    end: str | None = None
    continues: str | None = None  # the key of the earlier session it resumes or continues
    resumed: bool = False  # its file replays that session's records (`claude --resume`), not only names it

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SessionEntry:
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in d.items() if k in names})


@dataclass(slots=True)
class EventLog:
    """The content of events.json."""

    session: SessionInfo
    chapters: list[Chapter]
    events: list[Event]
    sessions: list[SessionEntry] = field(default_factory=list)  # only when the folder holds several
    # The texts the parse found flagged items in (`e12.summary`, `title`: the keys of redact.all_texts), when
    # this very retell made the manifest that says so; None: not known, every text is scanned. Never written.
    flagged: frozenset[str] | None = field(default=None, compare=False, repr=False)

    def head_dict(self) -> dict[str, Any]:
        """Everything but the events (which a big session writes one at a time)."""
        head = {
            "schema_version": EVENTS_SCHEMA_VERSION,
            "session": self.session.to_dict(),
            "chapters": [c.to_dict() for c in self.chapters],
        }
        if self.sessions:
            head["sessions"] = [s.to_dict() for s in self.sessions]
        return head

    def to_dict(self) -> dict[str, Any]:
        return {**self.head_dict(), "events": [e.to_dict() for e in self.events]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> EventLog:
        return cls(
            session=SessionInfo.from_dict(d["session"]),
            chapters=[Chapter.from_dict(c) for c in d["chapters"]],
            events=[Event.from_dict(e) for e in d["events"]],
            sessions=[SessionEntry.from_dict(s) for s in d.get("sessions", [])],
        )

    def by_id(self) -> dict[str, Event]:
        return {e.id: e for e in walk(self.events)}

    def session_of_chapter(self) -> dict[str, str | None]:
        """Chapter id -> its session's key (None in a single-session folder)."""
        return {c.id: c.session for c in self.chapters}


# -- ids in a work folder of several sessions ---------------------------------------------------------
#
# One session: events e1, e2 …, chapters ch1 …, abandoned branches b1 …. Several: each id starts with its
# session's key (`0b7c3f52-e12`, `0b7c3f52-ch2`, `0b7c3f52-b1`), so ids stay the same when a session is
# added before or after, and every id names its session.

_SESSION_KEY = re.compile(r"^([0-9a-z]+)-(?:e|ch|b)[0-9]")


def session_key_of(ident: str) -> str | None:
    """The session key an event, chapter or branch id starts with; None for a single session's ids."""
    m = _SESSION_KEY.match(ident)
    return m.group(1) if m else None


def branch_id(number: int, chapter: str) -> str:
    """triage.yaml's id of abandoned branch `number` (an event's `abandoned`) in the session of `chapter`."""
    key = session_key_of(chapter)
    return f"{key}-b{number}" if key else f"b{number}"
