"""Times as the prompts state them: when a chapter ran, how long it was worked on, and the pause before it.

Transcripts stamp times in UTC and do not say where the author was, so every time is given in UTC and says so.
"""

from __future__ import annotations

from datetime import datetime, timezone

from retell.events import Chapter, Event
from retell.extract.timeutil import to_epoch_ms
from retell.write.facts import format_duration, session_length, work_time, worked_minutes

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _utc(ts: str | None) -> datetime | None:
    ms = to_epoch_ms(ts) if ts else None
    return None if ms is None else datetime.fromtimestamp(ms / 1000, tz=timezone.utc)


def day_text(ts: str | None) -> str:
    """`Saturday 4 October 2025`, or ""."""
    moment = _utc(ts)
    if moment is None:
        return ""
    return f"{_WEEKDAYS[moment.weekday()]} {moment.day} {_MONTHS[moment.month - 1]} {moment.year}"


def moment_text(ts: str | None) -> str:
    """`Saturday 4 October 2025, 12:32 UTC`, or ""."""
    moment = _utc(ts)
    return f"{day_text(ts)}, {moment:%H:%M} UTC" if moment is not None else ""


def clock_text(ts: str | None) -> str:
    """`12:32 UTC`, or ""."""
    moment = _utc(ts)
    return f"{moment:%H:%M} UTC" if moment is not None else ""


def active_ms(events: list[Event]) -> int:
    """Time worked in these events, counted as the post's active time is (`work_time`)."""
    work = work_time(events)
    return work.active_ms if work is not None else 0


def chapter_time(chapter: Chapter, events: list[Event], before: Chapter | None) -> str:
    """When a chapter ran: `Saturday 4 October 2025, 12:32 to 12:44 UTC (12 min; active 10 min); 11 h 48 min
    after the chapter before ended`. "" without times."""
    start, end = _utc(chapter.start), _utc(chapter.end)
    if start is None or end is None:
        return ""
    until = f"{end:%H:%M}" if end.date() == start.date() else moment_text(chapter.end).removesuffix(" UTC")
    active = active_ms(events)
    span = session_length(int((end - start).total_seconds() * 1000), active)
    if (end - start).total_seconds() < 60:
        span = "under a minute"
    worked = worked_minutes(active)
    line = f"{day_text(chapter.start)}, {start:%H:%M} to {until} UTC ({span}; active {worked})"
    if before is not None and (previous := _utc(before.end)) is not None and (start - previous).total_seconds() >= 60:
        line += f"; {format_duration(int((start - previous).total_seconds() * 1000))} after the chapter before ended"
    return line


def author_clock(post_date: str | None, ts: str | None) -> str:
    """`UTC+01:00 (17:13 UTC was 18:13 there)`: the author's clock, from the offset they gave their post's
    date (triage.yaml's `post.date`); "" while it is UTC's own, retell's default, which says nothing of
    where they were."""
    try:
        offset = datetime.fromisoformat(post_date or "").utcoffset()
    except ValueError:
        return ""
    moment = _utc(ts)
    if not offset or moment is None:
        return ""
    sign, minutes = ("+" if offset.total_seconds() > 0 else "-"), abs(int(offset.total_seconds())) // 60
    there = (moment + offset).strftime("%H:%M")
    return f"UTC{sign}{minutes // 60:02d}:{minutes % 60:02d} ({moment:%H:%M} UTC was {there} there)"
