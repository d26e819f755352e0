"""`retell parse --project …`: the sessions of one project to tell as one story, found as `retell list` finds them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from retell.claude.locate import SessionRef
from retell.discover.listing import ListQuery, SessionRow, list_sessions
from retell.errors import InputError
from retell.extract.timeutil import to_epoch_ms


@dataclass(frozen=True)
class Selection:
    project: str | None  # a path, an encoded folder name, or None (or "."): the current folder's project
    since: datetime | None = None  # sessions active at or after this moment
    until: datetime | None = None  # sessions started before this moment
    branch: str | None = None  # sessions whose records name this git branch


def select_sessions(selection: Selection, cwd: Path | None = None) -> list[SessionRef]:
    """The matching sessions of the project, oldest first. Raises InputError when none matches."""
    project = None if selection.project in (None, ".") else selection.project
    listing = list_sessions(ListQuery(project=project, limit=0, since=selection.since), cwd=cwd)
    rows = [row for row in listing.rows if row.problem is None and _matches(row, selection)]
    if not rows:
        where = listing.folders[0] if listing.folders else project
        filters = [
            f"since {selection.since:%Y-%m-%d %H:%M}" if selection.since else "",
            f"until {selection.until:%Y-%m-%d %H:%M}" if selection.until else "",
            f"on branch {selection.branch}" if selection.branch else "",
        ]
        shown = ", ".join(f for f in filters if f)
        raise InputError(f"no session of {where} matches" + (f" ({shown})" if shown else ""))
    rows.sort(key=lambda row: (row.sort_key, str(row.path)))
    return [SessionRef(row.path, row.path.stem) for row in rows]


def _matches(row: SessionRow, selection: Selection) -> bool:
    if selection.until is not None:
        start = to_epoch_ms(row.start) if row.start else None
        if start is None or start >= int(selection.until.timestamp() * 1000):
            return False
    return selection.branch is None or selection.branch in row.peek.git_branches
