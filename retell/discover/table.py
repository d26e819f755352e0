"""Rows as an aligned table for people: one line per session, cut to the terminal's width."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime

from retell.discover.listing import ARCHIVE_ONLY, KEPT, SessionRow
from retell.report import human_bytes

PROJECT_WIDTH = 32  # long paths keep their end ("…/dev/ai-music"): the end names the project
PROJECT_MIN = 14  # narrower than this, the column goes instead
TITLE_MIN = 20  # the title is why a row is read: keep at least this much of it
GAP = "  "


@dataclass(frozen=True)
class Column:
    header: str
    cell: Callable[[SessionRow], str]
    right: bool = False  # numbers line up on the right
    max_width: int | None = None
    cut_left: bool = False


def format_duration(ms: int | None) -> str:
    if ms is None:
        return "–"
    minutes = ms // 60_000
    if minutes < 1:
        return f"{ms // 1000}s"
    if minutes < 60:
        return f"{minutes}m"
    hours, minutes = divmod(minutes, 60)
    if hours < 24:
        return f"{hours}h {minutes:02d}m"
    days, hours = divmod(hours, 24)
    return f"{days}d {hours:02d}h"


def format_start(ts: str | None) -> str:
    """Local time, to the minute; the raw stamp when it does not parse."""
    if not ts:
        return "–"
    try:
        moment = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return ts[:16]
    if moment.tzinfo is not None:
        moment = moment.astimezone()
    return moment.strftime("%Y-%m-%d %H:%M")


def format_turns(row: SessionRow) -> str:
    """'12' when exact, '12+' when counted in the head and tail of a big file only, '–' when unknown (also a
    big file whose head and tail hold none of them: '0+' would read as none)."""
    turns = row.peek.human_turns
    if turns is None or row.problem is not None or (turns == 0 and not row.peek.exact):
        return "–"
    return str(turns) if row.peek.exact else f"{turns}+"


PROJECT = Column("PROJECT", lambda r: r.project, max_width=PROJECT_WIDTH, cut_left=True)
COLUMNS: tuple[Column, ...] = (
    Column("ID", lambda r: r.short_id),
    PROJECT,
    Column("START", lambda r: format_start(r.start)),
    Column("DURATION", lambda r: format_duration(r.duration_ms), right=True),
    Column("TURNS", format_turns, right=True),
    Column("SIZE", lambda r: human_bytes(r.size), right=True),
    Column("SCORE", lambda r: str(r.score), right=True),
    Column("TITLE", lambda r: r.title or "–"),
)


KEPT_MARKS = {KEPT: "yes", ARCHIVE_ONLY: "only"}


def render_table(
    rows: Sequence[SessionRow], width: int, groups: dict[str, str] | None = None, *, kept: bool = False
) -> str:
    """The header and one line per row, no line longer than `width`. The title takes what is left; on a
    narrow terminal the project column shrinks (it keeps its end), then goes. `groups`: a letter by session
    path for sessions that belong together, shown in a `G` column after the id (none without groups).
    `kept`: a KEPT column before the title (retell's archive has it: `yes`; only the archive has it: `only`)."""
    columns = list(COLUMNS)
    if groups:
        columns.insert(1, Column("G", lambda r: groups.get(str(r.path), "")))
    if kept:
        columns.insert(len(columns) - 1, Column("KEPT", lambda r: KEPT_MARKS.get(r.archived or "", "")))
    texts = [[" ".join(col.cell(row).split()) for col in columns] for row in rows]  # no newlines or tabs
    natural = [max([len(col.header)] + [text_width(t[i]) for t in texts]) for i, col in enumerate(columns)]
    project = columns.index(PROJECT)
    natural[project] = min(natural[project], PROJECT_WIDTH)
    fixed = sum(natural[:-1]) + len(GAP) * (len(columns) - 1)
    room = width - fixed - TITLE_MIN
    if room < 0:
        natural[project] = max(natural[project] + room, PROJECT_MIN)
        if sum(natural[:-1]) + len(GAP) * (len(columns) - 1) + TITLE_MIN > width:
            del columns[project], natural[project]
            texts = [t[:project] + t[project + 1 :] for t in texts]
    limits = [natural[i] if col.max_width is not None else None for i, col in enumerate(columns)]
    cells = [
        [fit(text, limit, col.cut_left) for text, limit, col in zip(t, limits, columns, strict=True)] for t in texts
    ]
    widths = [max([len(col.header)] + [text_width(c[i]) for c in cells]) for i, col in enumerate(columns)]
    lines = [_line([c.header for c in columns], widths, columns), *(_line(c, widths, columns) for c in cells)]
    return "\n".join(cut(line, width) for line in lines)


def text_width(text: str) -> int:
    """Terminal columns: wide (CJK, most emoji) characters take two, combining marks none."""
    return sum(
        2 if unicodedata.east_asian_width(ch) in ("W", "F") else 0 if unicodedata.combining(ch) else 1 for ch in text
    )


def fit(text: str, limit: int | None, cut_left: bool = False) -> str:
    """`text` in at most `limit` columns, an ellipsis marking the cut (on the left: a path keeps its end)."""
    if limit is None or text_width(text) <= limit:
        return text
    if cut_left:
        return "…" + _take(text[::-1], limit - 1)[::-1]
    return _take(text, limit - 1) + "…"


def cut(line: str, width: int) -> str:
    line = line.rstrip()
    return line if text_width(line) <= width else _take(line, max(width - 1, 0)) + "…"


def _take(text: str, width: int) -> str:
    """The longest prefix of `text` that fits in `width` columns."""
    used = 0
    for i, ch in enumerate(text):
        used += text_width(ch)
        if used > width:
            return text[:i]
    return text


def _line(cells: list[str], widths: list[int], columns: Sequence[Column]) -> str:
    parts = []
    for cell, width, column in zip(cells, widths, columns, strict=True):
        padding = " " * (width - text_width(cell))
        parts.append(padding + cell if column.right else cell + padding)
    return GAP.join(parts)
