"""Merge a freshly generated triage document into the author's edited one, losing none of their work.

Rules: every value the author set, their comments and their ordering stay; `info:` blocks are refreshed;
new chapters, secrets and images are appended with defaults; entries that no longer exist are kept and
reported. Anything new resets `approved` to false, because the author has not reviewed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from retell.yamlio import pop_tail, push_tail, refresh_map

_SECTIONS = (("chapters", "id"), ("tried", "id"), ("secrets", "id"), ("images", "file"))


@dataclass
class MergeReport:
    added: dict[str, list[str]] = field(default_factory=dict)
    gone: dict[str, list[str]] = field(default_factory=dict)
    restored_sections: list[str] = field(default_factory=list)
    approval_reset: bool = False

    @property
    def changed(self) -> bool:
        return bool(any(self.added.values()) or self.restored_sections)


def merge(existing: CommentedMap, fresh: CommentedMap) -> MergeReport:
    """Update `existing` in place from `fresh`."""
    report = MergeReport()
    for key in fresh:
        if key not in existing:
            _insert_like(existing, fresh, key)
            if key not in ("info", "schema_version") and fresh[key] != []:  # an empty new section changes nothing
                report.restored_sections.append(key)
    if isinstance(existing["info"], CommentedMap):
        refresh_map(existing["info"], fresh["info"])
    else:
        existing["info"] = fresh["info"]
    for section in ("post", "story"):
        mine, theirs = existing.get(section), fresh[section]
        if isinstance(mine, CommentedMap):
            tail = pop_tail(mine)
            for key in theirs:
                if key not in mine:
                    mine[key] = theirs[key]
            push_tail(mine, tail)
    for section, id_key in _SECTIONS:
        mine = existing.get(section)
        if mine is None:
            existing[section] = mine = CommentedSeq()
        if not isinstance(mine, CommentedSeq):
            continue  # validation will say so; do not touch what we do not understand
        tail = pop_tail(mine)
        added, gone = _merge_list(mine, fresh[section], id_key)
        push_tail(mine, tail)
        report.added[section] = added
        report.gone[section] = gone
    if report.changed and existing.get("approved") is True:
        existing["approved"] = False
        report.approval_reset = True
    return report


def _merge_list(mine: CommentedSeq, theirs: CommentedSeq, id_key: str) -> tuple[list[str], list[str]]:
    index: dict[Any, CommentedMap] = {}
    for entry in mine:
        if isinstance(entry, CommentedMap) and entry.get(id_key) is not None:
            index.setdefault(entry.get(id_key), entry)
    fresh_ids = []
    added = []
    for entry in theirs:
        ident = entry[id_key]
        fresh_ids.append(ident)
        current = index.get(ident)
        if current is None:
            mine.append(entry)
            added.append(str(ident))
        elif "info" in entry:
            if isinstance(current.get("info"), CommentedMap):
                refresh_map(current["info"], entry["info"])
            else:
                current["info"] = entry["info"]
    gone = [str(ident) for ident in index if ident not in fresh_ids]
    return added, gone


def _insert_like(existing: CommentedMap, fresh: CommentedMap, key: str) -> None:
    """Insert a missing section at the position it has in a fresh file."""
    order = list(fresh)
    position = len(existing)
    for later in order[order.index(key) + 1 :]:
        if later in existing:
            position = list(existing).index(later)
            break
    existing.insert(position, key, fresh[key])
