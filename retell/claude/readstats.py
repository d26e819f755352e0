"""What reading a transcript counts and notes, shared by the reader (reader.py) and the reading child that
does its work on a second core (prefetch.py), which sends them to the parser."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

MAX_LISTED_LINES = 100  # malformed line numbers listed in the manifest; the count is always exact


@dataclass
class ReadStats:
    """What the reader saw, for the manifest and for `retell schema`."""

    lines: int = 0
    bytes_read: int = 0
    blank_lines: int = 0
    malformed_count: int = 0
    malformed_lines: list[int] = field(default_factory=list)
    truncated_last_line: bool = False
    skipped_unparsed: int = 0
    record_types: Counter[str] = field(default_factory=Counter)
    attachment_types: Counter[str] = field(default_factory=Counter)
    progress_types: Counter[str] = field(default_factory=Counter)

    def note_malformed(self, lineno: int) -> None:
        self.malformed_count += 1
        if len(self.malformed_lines) < MAX_LISTED_LINES:
            self.malformed_lines.append(lineno)


@dataclass
class AgentProgressLink:
    """An old-style `agent_progress` record: the only link some versions leave from a spawn to its agent."""

    tool_use_id: str
    agent_id: str
