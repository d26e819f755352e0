"""`retell schema`: what a set of transcripts holds (record types, subtypes, blocks, keys) and what retell
does not know of it: the report to read, and to send, when output looks wrong after a Claude Code update.

Unlike the parse path, every line is decoded: the point is to see what the byte-level shortcuts skip.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell.claude.records import decode_line
from retell.claude.schema import (
    KNOWN_ATTACHMENT_TYPES,
    KNOWN_CONTENT_BLOCKS,
    KNOWN_PROGRESS_TYPES,
    KNOWN_RECORD_TYPES,
    KNOWN_SYSTEM_SUBTYPES,
    KNOWN_TOP_LEVEL_KEYS,
)
from retell.errors import InputError
from retell.report import plural

REPORT_SCHEMA_VERSION = 1
NOT_TRANSCRIPTS = frozenset({"history.jsonl"})  # ~/.claude/history.jsonl: the prompt history


# (field of SchemaSurvey, heading, what retell knows)
CATEGORIES: tuple[tuple[str, str, frozenset[str]], ...] = (
    ("record_types", "record types", KNOWN_RECORD_TYPES),
    ("system_subtypes", "system subtypes", KNOWN_SYSTEM_SUBTYPES),
    ("attachment_types", "attachment types", KNOWN_ATTACHMENT_TYPES),
    ("progress_types", "progress types", KNOWN_PROGRESS_TYPES),
    ("content_blocks", "content block types", KNOWN_CONTENT_BLOCKS),
    ("top_level_keys", "top-level keys", KNOWN_TOP_LEVEL_KEYS),
)


@dataclass
class SchemaSurvey:
    files: int = 0
    empty_files: list[str] = field(default_factory=list)
    unreadable: list[str] = field(default_factory=list)  # "path: reason"
    lines: int = 0
    records: int = 0
    malformed: int = 0
    record_types: Counter[str] = field(default_factory=Counter)
    system_subtypes: Counter[str] = field(default_factory=Counter)
    attachment_types: Counter[str] = field(default_factory=Counter)
    progress_types: Counter[str] = field(default_factory=Counter)
    content_blocks: Counter[str] = field(default_factory=Counter)
    top_level_keys: Counter[str] = field(default_factory=Counter)
    key_record_types: dict[str, Counter[str]] = field(default_factory=dict)
    versions: Counter[str] = field(default_factory=Counter)

    def unknown(self) -> dict[str, dict[str, int]]:
        return {
            name: {k: n for k, n in sorted(getattr(self, name).items()) if k not in known}
            for name, _, known in CATEGORIES
        }

    def to_dict(self) -> dict[str, Any]:
        return {
            "schema_version": REPORT_SCHEMA_VERSION,
            "files": self.files,
            "empty_files": self.empty_files,
            "unreadable": self.unreadable,
            "lines": self.lines,
            "records": self.records,
            "malformed_lines": self.malformed,
            **{name: dict(sorted(getattr(self, name).items())) for name, _, _ in CATEGORIES},
            "key_record_types": {k: sorted(v) for k, v in sorted(self.key_record_types.items())},
            "versions": dict(sorted(self.versions.items(), key=lambda kv: _version_key(kv[0]))),
            "unknown": self.unknown(),
        }

    # -- counting ------------------------------------------------------------------------------------

    def add_record(self, record: dict[str, Any]) -> None:
        self.records += 1
        rtype = _name(record.get("type"))
        self.record_types[rtype] += 1
        for key in record:
            self.top_level_keys[key] += 1
            self.key_record_types.setdefault(key, Counter())[rtype] += 1
        version = record.get("version")
        if isinstance(version, str) and version:
            self.versions[version] += 1
        if rtype == "system":
            self.system_subtypes[_name(record.get("subtype"))] += 1
        elif rtype == "attachment":
            attachment = record.get("attachment")
            self.attachment_types[_name(attachment.get("type") if isinstance(attachment, dict) else None)] += 1
        elif rtype == "progress":
            data = record.get("data")
            self.progress_types[_name(data.get("type") if isinstance(data, dict) else None)] += 1
        message = record.get("message")
        if isinstance(message, dict):
            self._add_blocks(message.get("content"))

    def _add_blocks(self, content: Any, depth: int = 0) -> None:
        if not isinstance(content, list):
            return
        for block in content:
            if not isinstance(block, dict):
                continue
            self.content_blocks[_name(block.get("type"))] += 1
            if depth == 0 and block.get("type") == "tool_result":
                self._add_blocks(block.get("content"), depth + 1)  # text / image / tool_reference inside


def transcript_files(paths: Iterable[Path]) -> list[Path]:
    """The .jsonl files named, and those under the folders named (subagent transcripts included)."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found.extend(sorted(p for p in path.rglob("*.jsonl") if p.is_file() and p.name not in NOT_TRANSCRIPTS))
        elif path.exists():
            found.append(path)
        else:
            raise InputError(f"{path}: no such file or folder")
    return found


def survey(paths: Iterable[Path]) -> SchemaSurvey:
    result = SchemaSurvey()
    for path in transcript_files(paths):
        survey_file(path, result)
    return result


def survey_file(path: Path, result: SchemaSurvey) -> None:
    """Count one transcript into `result`; an unreadable file is noted, never fatal."""
    try:
        fh = path.open("rb")
    except OSError as exc:
        result.unreadable.append(f"{path}: {exc.strerror or exc}")
        return
    result.files += 1
    lines = 0
    with fh:
        try:
            for raw in fh:  # split on b"\n" only, as the reader does
                line = raw[3:] if lines == 0 and raw.startswith(b"\xef\xbb\xbf") else raw
                lines += 1
                if not line.strip():
                    continue
                result.lines += 1
                try:
                    record = decode_line(line)
                except ValueError:
                    result.malformed += 1
                    continue
                if isinstance(record, dict):
                    result.add_record(record)
                else:
                    result.malformed += 1
        except OSError as exc:
            result.unreadable.append(f"{path}: {exc.strerror or exc}")
    if lines == 0:
        result.empty_files.append(str(path))


# -- text ---------------------------------------------------------------------------------------------


def render_survey(result: SchemaSurvey) -> str:
    versions = sorted(result.versions, key=_version_key)
    span = f"; Claude Code {versions[0]} – {versions[-1]}" if versions else ""
    empty = f" ({len(result.empty_files)} empty)" if result.empty_files else ""
    lines = [
        f"{plural(result.files, 'file')}{empty}, {plural(result.records, 'record')}, "
        f"{plural(result.malformed, 'malformed line')}{span}"
    ]
    unknown = result.unknown()
    for name, heading, known in CATEGORIES:
        counter: Counter[str] = getattr(result, name)
        if not counter:
            continue
        lines.append("")
        lines.append(heading)
        width = max(len(k) for k in counter)
        for key, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])):
            mark = ""
            if key not in known:
                mark = "  ← new to retell"
                if name == "top_level_keys":
                    mark += f" (in {', '.join(sorted(result.key_record_types[key]))})"
            lines.append(f"  {key:<{width}}  {n:>9,}{mark}")
    news = [(heading, key) for name, heading, _ in CATEGORIES for key in unknown[name]]
    lines.append("")
    if news:
        listed = "; ".join(f"{heading[:-1]} {key!r}" for heading, key in news)
        lines.append(
            f"retell does not know {len(news)} of these: {listed}. Unknown records are skipped and counted; if "
            "retell's output looks wrong, please report this list (`retell schema --json`)."
        )
    else:
        lines.append("retell knows every type, subtype, block and key seen.")
    return "\n".join(lines)


def _name(value: Any) -> str:
    return value if isinstance(value, str) else "(none)"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int("".join(ch for ch in piece if ch.isdigit()) or 0) for piece in version.split("."))
