"""`retell parse`: transcripts -> events.json, manifest.json and assets/ in a work folder.

Deterministic (the same input gives byte-identical files) and zero-token. The heavy lifting is in
claude/reader.py (bytes -> records) and extract/ (records -> events).

- `transcript.py`: one transcript read, its subagents linked, its secrets flagged (`extract_session`).
- `parts.py`: what reading a transcript yields, as plain types (shared by transcript.py and manifest.py).
- `manifest.py`: that transcript's manifest.json, never holding a secret.
- `joined.py`: several sessions told as one story (time order, keys, replays told once, sums).
- `workfolder.py`: where the work folder goes and its atomic write (`parse_to_workdir`).
- `memory.py`: keeps a big parse's peak memory down (glibc's mmap threshold).
"""

from retell.parse.manifest import ESTIMATION_METHOD, MANIFEST_SCHEMA_VERSION
from retell.parse.parts import ParseOptions, ParseResult
from retell.parse.transcript import check_source, extract_session
from retell.parse.workfolder import default_workdir, default_workdir_for, extract_sessions, parse_to_workdir

__all__ = [
    "ESTIMATION_METHOD",
    "MANIFEST_SCHEMA_VERSION",
    "ParseOptions",
    "ParseResult",
    "check_source",
    "default_workdir",
    "default_workdir_for",
    "extract_session",
    "extract_sessions",
    "parse_to_workdir",
]
