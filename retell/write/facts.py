"""The numbers a post may quote, computed from the manifest (never from a model's memory)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from datetime import date, datetime, timezone
from itertools import pairwise
from typing import Any

from retell.events import COMMAND, HUMAN, Event, walk
from retell.extract.timeutil import IDLE_GAP_MS, WAIT_COUNTED_MS, sortable, to_epoch_ms
from retell.llm.pricing import load_prices

DAY_MS = 24 * 60 * 60 * 1000
NEXT_DAY_GAP_MS = 12 * 60 * 60 * 1000  # retell.report.gap_phrase: from this gap on, "the next day"
_COUNTS = ("human_turns", "tool_calls", "tool_errors", "subagents", "compactions")
# What the session changed: its own edits and writes, Claude Code's file-history snapshot, what its shell
# commands moved, removed or wrote, and what its subagents changed (older manifests lack the last two).
_FILE_LISTS = ("edited", "written", "snapshot", "shell", "subagents")


def session_facts(
    manifest: dict[str, Any], told: Collection[str] | None = None, events: list[Event] | None = None
) -> dict[str, Any]:
    """The figures of the session; of a work folder of several, the sums over the sessions told (`told`:
    their keys; None: all). Active time, messages, tool calls and tokens add up (tokens were counted once
    per API message at parse time), files changed are the union, and the days spanned run from the first
    session's first day to the last one's last. With `events` (the events told), active time is counted from
    their times, as a reader of them can count it (`work_time`), and says how."""
    facts = _session_facts(manifest, told)
    work = work_time(events) if events is not None else None
    if work is None:
        return facts
    span = events_span(events or [])
    if span is not None and facts.get("duration_ms") is not None:
        # the session's length is the time its events span, as the chapters' times say: its first record may be
        # a note Claude Code left long before ("Session length: 51 min" beside the one chapter's "10:15 to 10:25
        # UTC (9 min)": stop 52)
        facts = facts | {"duration_ms": span, "duration": session_length(span, work.active_ms)}
    return facts | {
        "active_ms": work.active_ms,
        "active_time": worked_minutes(work.active_ms),
        "active_counted": work.counted(),
        "claude_time": worked_minutes(work.claude_ms),
        "claude_ms": work.claude_ms,
    }


def events_span(events: Iterable[Event]) -> int | None:
    """The time from the first of these events (not a subagent's) to the last, None without two times."""
    times = [ms for e in events if not e.sidechain and e.ts and (ms := to_epoch_ms(e.ts)) is not None]
    return max(times) - min(times) if len(times) > 1 else None


def _session_facts(manifest: dict[str, Any], told: Collection[str] | None) -> dict[str, Any]:
    parts = manifest.get("sessions") or []
    if told is not None:
        parts = [part for part in parts if part["key"] in told]
    chapters = manifest.get("chapters") or []
    if not parts:
        pause = longest_pause_ms(chapters)
        return _facts(
            manifest["session"], manifest["counts"], manifest.get("files", {}), manifest["usage"]["total"], pause
        )
    ids = {c for part in parts for c in part.get("chapters", [])}
    pause = longest_pause_ms([c for c in chapters if c.get("id") in ids])
    if len(parts) == 1:  # one session told of several: its own figures, as if it were parsed alone
        part = parts[0]
        return _facts(part["session"], part["counts"], part["files"], part["usage"]["total"], pause)
    starts: list[str] = [p["session"]["start"] for p in parts if p["session"]["start"]]
    ends: list[str] = [p["session"]["end"] for p in parts if p["session"]["end"]]
    session: dict[str, Any] = {
        "start": min(starts, key=sortable) if starts else None,
        "end": max(ends, key=sortable) if ends else None,
        "duration_ms": None,  # across sessions the wall-clock span says nothing of the work
        "active_ms": sum(p["session"]["active_ms"] or 0 for p in parts),
        "models": sorted({m for p in parts for m in p["session"]["models"]}),
    }
    counts = {name: sum(p["counts"].get(name, 0) for p in parts) for name in (*_COUNTS, "turned_down")}
    files = {name: sorted({f for p in parts for f in p["files"].get(name, [])}) for name in _FILE_LISTS}
    usage = _added(p["usage"]["total"] for p in parts)
    return _facts(session, counts, files, usage, pause, sessions=len(parts))


def longest_pause_ms(chapters: Iterable[dict[str, Any]]) -> int:
    """The longest time between one chapter's end and the next one's start (chapters break at pauses of
    hours, and at each new session), 0 without times."""
    spans = sorted(
        (a, b)
        for c in chapters
        if (a := to_epoch_ms(c.get("start") or "")) is not None and (b := to_epoch_ms(c.get("end") or "")) is not None
    )
    longest, reached = 0, None
    for start, end in spans:
        if reached is not None:
            longest = max(longest, start - reached)
        reached = end if reached is None else max(reached, end)
    return longest


def days_of_work(start: str | None, end: str | None, pause_ms: int) -> int:
    """The days a story spans as a reader hears "over N days": the calendar days (UTC) from start to end when
    it ran for a day or more or a pause in it lasted NEXT_DAY_GAP_MS (where "the next day" begins, as the
    prompts' gaps say it); 1 for a sitting that merely crossed midnight (23:10 to 01:20 is two hours, not two
    days)."""
    calendar = days_spanned(start, end)
    a, b = to_epoch_ms(start or ""), to_epoch_ms(end or "")
    long_run = a is not None and b is not None and b - a >= DAY_MS
    return calendar if calendar > 1 and (long_run or pause_ms >= NEXT_DAY_GAP_MS) else 1


def _facts(
    session: dict[str, Any],
    counts: dict[str, Any],
    files: dict[str, Any],
    usage: dict[str, Any],
    pause_ms: int = 0,
    sessions: int = 1,
) -> dict[str, Any]:
    changed = changed_files(files)
    cost = usage_cost(usage)
    first_day, last_day = _day(session.get("start")), _day(session.get("end"))
    calendar = days_spanned(session.get("start"), session.get("end"))
    days = days_of_work(session.get("start"), session.get("end"), pause_ms)
    return {
        "duration": session_length(session.get("duration_ms"), session.get("active_ms")),
        "active_time": format_duration(session.get("active_ms")),
        "duration_ms": session.get("duration_ms"),
        "active_ms": session.get("active_ms"),
        # A session resumed days later in the same file: its start-to-end length says nothing of the work.
        "days": days,
        # crossed midnight (UTC) in one sitting: two calendar days, but no "over two days"
        "across_midnight": calendar > 1 and days == 1,
        "first_day": first_day.isoformat() if first_day else None,
        "last_day": last_day.isoformat() if last_day else None,
        "sessions": sessions,
        "human_turns": counts["human_turns"],
        "tool_calls": counts["tool_calls"],
        # a call the author turned down is their act, not a failure: counted apart (older manifests lack it)
        "tool_errors": counts["tool_errors"] - counts.get("turned_down", 0),
        "turned_down": counts.get("turned_down", 0),
        "files_changed": len(changed),
        "subagents": counts["subagents"],
        "compactions": counts["compactions"],
        "tokens": usage["input_tokens"]
        + usage["output_tokens"]
        + usage["cache_read_input_tokens"]
        + usage["cache_creation_input_tokens"],
        "output_tokens": usage["output_tokens"],
        # most of a long session's tokens are its context read again from the prompt cache: said beside the
        # total, which alone reads as that much new text
        "cache_read_tokens": usage["cache_read_input_tokens"],
        "cost_usd": None if cost is None else round(cost, 2),
        "models": session.get("models", []),
    }


def changed_files(files: dict[str, Any]) -> list[str]:
    """The files the session changed, from the manifest's lists: the project's, never Claude Code's own (a
    plan written to ~/.claude/plans/ is the plan, told as such, not a file of the work)."""
    found = {path for name in _FILE_LISTS for path in files.get(name, [])}
    return sorted(path for path in found if not _claude_own(path))


def _claude_own(path: str) -> bool:
    """An absolute path into a Claude Code config folder (`/home/sam/.claude/plans/x.md`); a relative one
    (`.claude/worktrees/agent-1/notes.md`, `.claude/settings.json`) is inside the project."""
    rooted = path.startswith(("/", "~")) or (len(path) > 2 and path[1] == ":")
    return rooted and "/.claude/" in path.replace("\\", "/")


def _added(usages: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Usage totals (and their `by_model`) added up."""
    total: dict[str, Any] = {"by_model": {}}
    for usage in usages:
        for name, value in usage.items():
            if name == "by_model":
                for model, figures in value.items():
                    mine = total["by_model"].setdefault(model, {})
                    for key, n in figures.items():
                        mine[key] = mine.get(key, 0) + n
            else:
                total[name] = total.get(name, 0) + value
    return total


def usage_cost(usage: dict[str, Any]) -> float | None:
    """The cost of these token totals at API prices (models missing from the table are left out)."""
    prices = load_prices()
    total = 0.0
    known = False
    for model, figures in (usage.get("by_model") or {}).items():
        cost = prices.cost(model, figures)
        if cost is not None:
            total += cost
            known = True
    return total if known else None


def days_spanned(start: str | None, end: str | None) -> int:
    """Calendar days (UTC) from the day of `start` to the day of `end`, both counted; 1 when either is
    missing."""
    first_day, last_day = _day(start), _day(end)
    return (last_day - first_day).days + 1 if first_day and last_day else 1


def _day(ts: Any) -> date | None:
    """The UTC calendar day of a transcript timestamp."""
    if not isinstance(ts, str):
        return None
    ms = to_epoch_ms(ts)
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).date() if ms is not None else None


@dataclass(frozen=True)
class WorkTime:
    """Active time as the events' own times give it, in its two parts."""

    claude_ms: int  # from each of the author's messages to Claude's last step before their next
    author_ms: int  # of each wait before the author's message or command, at most WAIT_COUNTED_MS
    waits: int  # the author's messages and commands that came after a wait
    pauses: int  # gaps over IDLE_GAP_MS, left out
    commands: int = 0  # of the waits, those before a command the author ran (`!`, a slash command)
    opened: bool = False  # the session opens on the author's message or command, which has no wait before it

    @property
    def active_ms(self) -> int:
        return self.claude_ms + self.author_ms

    def counted(self) -> str:
        """How the figure was counted, with its parts, so a reader of the events' times can count it again."""
        text = (
            f"counted from the events' times: Claude at work {worked_minutes(self.claude_ms)}, from each of the "
            "author's messages to Claude's last step before their next, its subagents' steps included"
        )
        if self.waits:
            # a command the author ran is no message: "before their 2 messages" beside "Messages from the author: 1"
            # read as one message counted twice (round 50)
            messages = self.waits - self.commands
            # (the first message has no wait before it: "before each of their 2 messages" beside "Messages from
            # the author: 3" read as a count that disagrees, fresh26's drafter)
            later = "later " if self.opened else ""
            turns = " and ".join(
                part
                for part in (
                    f"{messages} {later}message{'s' if messages != 1 else ''}" if messages else "",
                    f"{self.commands} command{'s' if self.commands != 1 else ''} they ran themselves"
                    if self.commands
                    else "",
                )
                if part
            )
            waits = (
                f"the wait before their {later}message"
                if self.waits == 1 and not self.commands
                else f"the wait before each of their {turns}"
            )
            author = worked_minutes(self.author_ms)
            text += f"; and the author {author}, at most a minute of {waits}, for reading and typing it"
        if self.pauses:
            text += f"; {self.pauses} pause{'s' if self.pauses > 1 else ''} over 10 min not counted"
        return text


def work_time(events: list[Event]) -> WorkTime | None:
    """Active time from the times of these events (subagents' steps included): each gap between two events in
    time order is Claude's work, except a gap over IDLE_GAP_MS (a pause, left out) and the wait before the
    author's message or command (not one typed while Claude worked), of which WAIT_COUNTED_MS at most counts.
    Records that are no event (progress, hooks) never count: a reader of the events can count it again.
    None without two timed events."""
    timed = sorted(((ms, e) for e in walk(events) if e.ts and (ms := to_epoch_ms(e.ts)) is not None), key=_first)
    if len(timed) < 2:
        return None
    claude = author = waits = pauses = commands = 0
    for (a, _), (b, event) in pairwise(timed):
        gap = b - a
        if gap > IDLE_GAP_MS:
            pauses += 1
        elif event.kind in (HUMAN, COMMAND) and not event.queued and not event.sidechain:
            author += min(gap, WAIT_COUNTED_MS)
            waits += 1 if gap > 0 else 0
            commands += 1 if gap > 0 and event.kind == COMMAND else 0
        else:
            claude += gap
    opened = timed[0][1].kind in (HUMAN, COMMAND) and not timed[0][1].sidechain
    return WorkTime(claude, author, waits, pauses, commands, opened)


def _first(item: tuple[int, Event]) -> int:
    return item[0]


def session_length(ms: int | None, active: int | None) -> str:
    """A length in whole minutes, or to a tenth under ten minutes where whole minutes would make it shorter than
    the active time said beside it ("2 min (active: 2.2 min)" for 2 min 27 s: round 50)."""
    if ms and 0 < ms < 10 * 60_000 and active and round(ms / 60_000) < round(active / 60_000, 1):
        return worked_minutes(ms)
    return format_duration(ms)


def worked_minutes(ms: int) -> str:
    """A time of work as a reader counts it again from the events' times: to a tenth of a minute under ten
    minutes ("6.7 min", where whole minutes would make 6.7 into 7), whole minutes above, "under a minute"
    below one."""
    if ms < 60_000:
        return "under a minute"
    if ms < 10 * 60_000:
        return f"{ms / 60_000:.1f} min"
    return format_duration(ms)


def format_duration(ms: int | None) -> str:
    if not ms or ms <= 0:
        return "unknown"
    minutes = round(ms / 60000)
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min"
