"""Merge a freshly generated triage document into the author's edited one, losing none of their work.

Rules: every value the author set, their comments and their ordering stay; `info:` blocks are refreshed;
new sessions, chapters, secrets and images are appended with defaults; entries that no longer exist are kept
and reported. Anything new resets `approved` to false, because the author has not reviewed it.

Before merging, the file is brought up to the shape of the fresh one by named upgrade steps, in order: today
one, for a work folder of one session that now tells several (its chapter and branch ids gain the session's
key, so the author's decisions stay with their chapters).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from retell.yamlio import pop_tail, push_tail, refresh_map

_SECTIONS = (("sessions", "id"), ("chapters", "id"), ("tried", "id"), ("secrets", "id"), ("images", "file"))
_SINGLE_ID = re.compile(r"^(ch|b)([0-9]+)$")


@dataclass
class MergeReport:
    added: dict[str, list[str]] = field(default_factory=dict)
    gone: dict[str, list[str]] = field(default_factory=dict)
    restored_sections: list[str] = field(default_factory=list)
    approval_reset: bool = False
    upgraded: list[str] = field(default_factory=list)  # the upgrade steps applied, by name
    touched: bool = False  # the document was modified at all (False: writing it would give the same file)

    @property
    def changed(self) -> bool:
        return bool(any(self.added.values()) or self.restored_sections)


def merge(existing: CommentedMap, fresh: CommentedMap) -> MergeReport:
    """Update `existing` in place from `fresh`."""
    report = MergeReport()
    touched = False
    for name, step in UPGRADES:
        if step(existing, fresh):
            report.upgraded.append(name)
            touched = True
    for key in fresh:
        if key not in existing:
            _insert_like(existing, fresh, key)
            touched = True
            if key not in ("info", "schema_version") and fresh[key] != []:  # an empty new section changes nothing
                report.restored_sections.append(key)
    if isinstance(existing["info"], CommentedMap):
        touched |= refresh_map(existing["info"], fresh["info"])
    else:
        existing["info"] = fresh["info"]
        touched = True
    for section in ("post", "story"):
        mine, theirs = existing.get(section), fresh[section]
        if isinstance(mine, CommentedMap) and any(key not in mine for key in theirs):
            tail = pop_tail(mine)
            for key in theirs:
                if key not in mine:
                    mine[key] = theirs[key]
            push_tail(mine, tail)
            touched = True
    for section, id_key in _SECTIONS:
        if section not in fresh:
            continue  # `sessions` of a folder that tells one session
        mine = existing.get(section)
        if mine is None:
            existing[section] = mine = CommentedSeq()
            touched = True
        if not isinstance(mine, CommentedSeq):
            continue  # validation will say so; do not touch what we do not understand
        tail = pop_tail(mine)
        added, gone, refreshed = _merge_list(mine, fresh[section], id_key)
        push_tail(mine, tail)
        report.added[section] = added
        report.gone[section] = gone
        touched |= bool(added) or refreshed
    if "sessions" in report.added and report.added["sessions"] and _ONE_GREW in report.upgraded:
        _carry_next_comment(existing, "sessions")
    if report.changed and existing.get("approved") is True:
        existing["approved"] = False
        report.approval_reset = True
    report.touched = touched or report.approval_reset
    return report


def _merge_list(mine: CommentedSeq, theirs: CommentedSeq, id_key: str) -> tuple[list[str], list[str], bool]:
    """(the ids added, the ids gone, whether an entry's `info` was refreshed)"""
    index: dict[Any, CommentedMap] = {}
    for entry in mine:
        if isinstance(entry, CommentedMap) and entry.get(id_key) is not None:
            index.setdefault(entry.get(id_key), entry)
    fresh_ids = []
    added = []
    refreshed = False
    for entry in theirs:
        ident = entry[id_key]
        fresh_ids.append(ident)
        current = index.get(ident)
        if current is None:
            mine.append(entry)
            added.append(str(ident))
        elif "info" in entry:
            if isinstance(current.get("info"), CommentedMap):
                refreshed |= refresh_map(current["info"], entry["info"])
            else:
                current["info"] = entry["info"]
                refreshed = True
    gone = [str(ident) for ident in index if ident not in fresh_ids]
    return added, gone, refreshed


def _one_session_grew(existing: CommentedMap, fresh: CommentedMap) -> bool:
    """A folder of one session now tells several: `ch2` becomes `<key>-ch2` (in `chapters` and `merge_into`)
    and `b1` becomes `<key>-b1`, where <key> is that session's. An empty `sessions` list is added for the
    merge to fill, so the new sessions are reported as added."""
    sessions = fresh.get("sessions")
    info = existing.get("info")
    if "sessions" in existing or not isinstance(sessions, CommentedSeq) or not isinstance(info, CommentedMap):
        return False
    key = next((s["id"] for s in sessions if s.get("info", {}).get("session") == info.get("session")), None)
    if key is None:
        return False  # a folder reused for other sessions: nothing to carry over
    for section in ("chapters", "tried"):
        entries = existing.get(section)
        for entry in entries if isinstance(entries, CommentedSeq) else ():
            if not isinstance(entry, CommentedMap):
                continue
            for field_name in ("id", "merge_into"):
                value = entry.get(field_name)
                if isinstance(value, str) and _SINGLE_ID.match(value):
                    entry[field_name] = f"{key}-{value}"
    _insert_like(existing, fresh, "sessions", CommentedSeq())
    return True


Upgrade = Callable[[CommentedMap, CommentedMap], bool]
_ONE_GREW = "one session grew into several: chapter and branch ids gained the session's key"
UPGRADES: tuple[tuple[str, Upgrade], ...] = ((_ONE_GREW, _one_session_grew),)


def _carry_next_comment(doc: CommentedMap, key: str) -> None:
    """A section inserted before another takes over the comment lines that introduced the next one (ruamel
    keeps them at the end of the section before), so each explanation stays above its own section."""
    keys = list(doc)
    index = keys.index(key)
    if index == 0:
        return
    push_tail(doc[key], pop_tail(doc[keys[index - 1]]))


def _insert_like(existing: CommentedMap, fresh: CommentedMap, key: str, value: Any = None) -> None:
    """Insert a missing section at the position it has in a fresh file."""
    order = list(fresh)
    position = len(existing)
    for later in order[order.index(key) + 1 :]:
        if later in existing:
            position = list(existing).index(later)
            break
    existing.insert(position, key, fresh[key] if value is None else value)
    comment = fresh.ca.items.get(key)
    if comment is not None and value is not None:
        existing.ca.items[key] = comment  # the section's explanation comes along
