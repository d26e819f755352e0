"""Sessions that belong together, for `retell list`: one piece of work told as one story (`retell parse S1 S2 …`).

Sessions of one project are joined when
- one resumed the other (its file replays the other's records, from the same first record; or, as Claude
  Code 2.0.x wrote a resume, its records carry the other's session id),
- one continued the other (a `summary` at its top names the other's last record),
- both are on the same feature branch (not main, master, trunk or a detached HEAD) and the later one began
  within a week of the earlier one's end, or
- they were close in time: the later one began within an hour of the earlier one's end (a `/clear` and a
  fresh start), on the same branch (or both without one).
Joins are transitive: a feature built over five sessions on its branch is one group. Everything comes from
the peeks a listing already has (head and tail of each file), so grouping costs no extra read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from retell.discover.peek import Peek
from retell.extract.timeutil import to_epoch_ms


class SessionRow(Protocol):
    """What grouping reads of a listing's row (discover.listing.SessionRow has it; listing imports this
    module, never the other way round)."""

    session_id: str
    short_id: str
    path: Path
    folder: str
    peek: Peek
    problem: str | None
    group: Group | None

    @property
    def start(self) -> str | None: ...

    @property
    def end(self) -> str | None: ...

    @property
    def sort_key(self) -> str: ...


DEFAULT_BRANCHES = frozenset({"main", "master", "trunk", "HEAD"})
BRANCH_GAP_MS = 7 * 24 * 60 * 60 * 1000  # a feature branch: work on it within a week is one piece of work
CLOSE_GAP_MS = 60 * 60 * 1000  # otherwise: a session begun within an hour of the last one's end


@dataclass(eq=False)
class Group:
    """Sessions that belong together, oldest first."""

    rows: list[SessionRow]
    reasons: list[str] = field(default_factory=list)

    @property
    def id(self) -> str:
        """The earliest session's short id."""
        return self.rows[0].short_id

    def command(self) -> str:
        return "retell parse " + " ".join(row.short_id for row in self.rows)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "sessions": [row.session_id for row in self.rows],
            "reasons": self.reasons,
            "command": self.command(),
        }


def group_sessions(rows: Iterable[SessionRow]) -> dict[str, Group]:
    """Session path -> its group, for every session in a group of two or more."""
    by_folder: dict[str, list[SessionRow]] = {}
    for row in rows:
        if row.problem is None:
            by_folder.setdefault(row.folder, []).append(row)
    groups: dict[str, Group] = {}
    for folder_rows in by_folder.values():
        for group in _folder_groups(sorted(folder_rows, key=lambda r: (r.sort_key, str(r.path)))):
            for row in group.rows:
                groups[str(row.path)] = group
    return groups


def _folder_groups(rows: Sequence[SessionRow]) -> list[Group]:
    parent = list(range(len(rows)))
    reasons: dict[int, list[str]] = {}

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def join(i: int, j: int, reason: str) -> None:
        a, b = find(i), find(j)
        if a != b:
            parent[max(a, b)] = min(a, b)
            reasons[min(a, b)] = _merged(reasons.pop(max(a, b), []), reasons.get(min(a, b), []))
        root = find(i)
        if reason not in reasons.setdefault(root, []):
            reasons[root].append(reason)

    first_uuid: dict[str, int] = {}
    record_ids: dict[str, int] = {}
    for i, row in enumerate(rows):
        # Claude Code 2.0.x wrote a resumed session as a new file whose records carry the old session's id
        carried = row.peek.session_id
        if carried and carried in record_ids:
            join(record_ids[carried], i, "resumed")
        elif carried:
            record_ids[carried] = i
        if row.peek.first_uuid:
            if row.peek.first_uuid in first_uuid:
                join(first_uuid[row.peek.first_uuid], i, "resumed")
            else:
                first_uuid[row.peek.first_uuid] = i
    wanted = {leaf for row in rows for leaf, _text in row.peek.summaries}
    if wanted:  # most folders have no summary records: skip the leaves then
        leaf_owner: dict[str, int] = {}
        for i, row in enumerate(rows):
            for uuid in wanted.intersection(row.peek.leaf_uuids):
                leaf_owner.setdefault(uuid, i)
        for i, row in enumerate(rows):
            for leaf, _text in row.peek.summaries:
                owner = leaf_owner.get(leaf)
                if owner is not None and owner != i:
                    join(owner, i, "continued")
    for i in range(1, len(rows)):
        earlier, later = rows[i - 1], rows[i]
        feature = (set(earlier.peek.git_branches) & set(later.peek.git_branches)) - DEFAULT_BRANCHES
        if not feature and set(earlier.peek.git_branches) != set(later.peek.git_branches):
            continue  # different branches: only a resume or a continuation joins them
        gap = _gap_ms(earlier, later)
        if gap is None:
            continue
        if feature and gap <= BRANCH_GAP_MS:
            join(i - 1, i, f"branch {sorted(feature)[0]}")
        elif not feature and gap <= CLOSE_GAP_MS:
            join(i - 1, i, "close in time")
    members: dict[int, list[SessionRow]] = {}
    for i, row in enumerate(rows):
        members.setdefault(find(i), []).append(row)
    return [Group(group, reasons.get(root, [])) for root, group in sorted(members.items()) if len(group) > 1]


def _merged(a: list[str], b: list[str]) -> list[str]:
    return list(dict.fromkeys([*b, *a]))


def _gap_ms(earlier: SessionRow, later: SessionRow) -> int | None:
    """From the end of one session to the start of the next (negative when they overlapped)."""
    end = to_epoch_ms(earlier.end) if earlier.end else None
    start = to_epoch_ms(later.start) if later.start else None
    return start - end if end is not None and start is not None else None


def group_marks(rows: Sequence[SessionRow]) -> tuple[dict[str, str], list[tuple[str, Group]]]:
    """A letter for each group with a row shown (A, B, … in the order the rows show them), keyed by session
    path, and those (letter, group) in that order."""
    marks: dict[str, str] = {}
    shown: list[Group] = []
    for row in rows:
        if row.group is None:
            continue
        if row.group not in shown:
            shown.append(row.group)
        marks[str(row.path)] = _letter(shown.index(row.group))
    return marks, [(_letter(i), group) for i, group in enumerate(shown)]


def describe(group: Group) -> str:
    """`3 sessions, 2025-06-08 to 2025-06-10: continued, branch feat/x`."""
    first, last = group.rows[0].start, max((r.end or "" for r in group.rows), default="")
    days = sorted({d for d in (first[:10] if first else "", last[:10]) if d})
    span = f"{days[0]} to {days[-1]}" if len(days) > 1 else (days[0] if days else "time unknown")
    return f"{len(group.rows)} sessions, {span}: {', '.join(group.reasons)}"


def _letter(n: int) -> str:
    """A, B, … Z, AA, AB, …"""
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("A") + rest) + out
    return out
