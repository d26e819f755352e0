"""Claude Code's own `sessions-index.json` (in some project folders): the fast path for listing.

Shape, as Claude Code writes it (every field treated as optional):
`{"version": 1, "originalPath": "/real/path", "entries": [{"sessionId", "fullPath", "fileMtime", "firstPrompt",
"summary", "messageCount", "created", "modified", "gitBranch", "projectPath", "isSidechain"}]}`.
An entry is trusted only while its `fileMtime` matches the file's current mtime.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from retell.discover.headtail import ReadMeter
from retell.discover.peek import INDEX, AgentFiles, Peek

INDEX_FILE = "sessions-index.json"
MAX_INDEX_BYTES = 64 << 20  # a bigger "index" is not one
_NO_PROMPT = "No prompt"  # what Claude Code writes when a session had none

log = logging.getLogger(__name__)


@dataclass
class ProjectIndex:
    original_path: str | None = None
    entries: dict[str, dict[str, Any]] = field(default_factory=dict)  # by the session file's name

    def peek(self, path: Path, mtime_ns: int, agents: AgentFiles) -> Peek | None:
        """A row's data from the index entry for `path`, or None when there is none or it is stale."""
        entry = self.entries.get(path.name)
        if entry is None or entry.get("isSidechain") is True:
            return None
        mtime = entry.get("fileMtime")
        if not isinstance(mtime, (int, float)) or isinstance(mtime, bool) or abs(mtime_ns / 1e6 - mtime) >= 1.0:
            return None  # the file changed since Claude Code indexed it (or the entry says nothing)
        summary = _text(entry.get("summary"))
        first_prompt = _text(entry.get("firstPrompt"))
        branch = _text(entry.get("gitBranch"))
        count = entry.get("messageCount")
        return Peek(
            session_id=_text(entry.get("sessionId")) or path.stem,
            cwd=_text(entry.get("projectPath")) or self.original_path,
            start=_text(entry.get("created")),
            end=_text(entry.get("modified")),
            git_branches=[branch] if branch else [],
            titles={"summary": summary} if summary else {},
            first_prompt=None if first_prompt == _NO_PROMPT else first_prompt,
            subagents=agents.subagents,
            compactions=agents.compaction_replays,
            messages=count if isinstance(count, int) and not isinstance(count, bool) else None,
            depth=INDEX,
        )


def load_index(folder: Path, meter: ReadMeter | None = None) -> ProjectIndex | None:
    """The folder's index, or None when it has none or it cannot be used (never an error: it is a shortcut)."""
    path = folder / INDEX_FILE
    try:
        if path.stat().st_size > MAX_INDEX_BYTES:
            return None
        raw = path.read_bytes()
        if meter is not None:
            meter.add(path, len(raw))
        data = orjson.loads(raw)
    except FileNotFoundError:
        return None
    except (OSError, orjson.JSONDecodeError) as exc:
        log.debug("ignoring %s: %s", path, exc)
        return None
    if not isinstance(data, dict):
        return None
    index = ProjectIndex(original_path=_text(data.get("originalPath")))
    entries = data.get("entries")
    for entry in entries if isinstance(entries, list) else []:
        if not isinstance(entry, dict):
            continue
        name = _file_name(entry)
        if name is not None:
            index.entries[name] = entry
    return index


def _file_name(entry: dict[str, Any]) -> str | None:
    """Entries are matched by file name: `fullPath` may come from another machine or an old folder name."""
    full_path = _text(entry.get("fullPath"))
    if full_path and full_path.endswith(".jsonl"):
        return full_path.replace("\\", "/").rsplit("/", 1)[-1]
    session_id = _text(entry.get("sessionId"))
    return f"{session_id}.jsonl" if session_id else None


def _text(value: Any) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None
