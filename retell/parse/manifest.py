"""manifest.json of one transcript: what was read, counted and found, never a secret."""

from __future__ import annotations

from collections import Counter
from typing import Any

from retell import __version__
from retell.claude.schema import (
    KNOWN_ATTACHMENT_TYPES,
    KNOWN_PROGRESS_TYPES,
    KNOWN_RECORD_TYPES,
)
from retell.events import (
    EVENTS_SCHEMA_VERSION,
    SUBAGENT,
    Chapter,
    Event,
    walk,
)
from retell.extract.requests import is_author_message
from retell.extract.subagents import spawn_ran
from retell.extract.tools import project_path
from retell.extract.usage import UsageLedger
from retell.parse.parts import ParseOptions, Transcript
from retell.secrets import Scanner
from retell.secrets.author_terms import Terms

MANIFEST_SCHEMA_VERSION = 1
ESTIMATION_METHOD = "chars/4"  # ~4 characters per token for English prose and code; no tokenizer needed


def without_secrets(value: Any, scanner: Scanner, terms: Terms | None = None) -> Any:
    """`value` (a manifest, or any part of one) with every secret in its strings redacted, and the terms of
    the author's redact list (retell's user config) replaced."""
    if isinstance(value, str):
        value = scanner.redact_secrets(value) if len(value) >= 8 else value
        return terms.apply(value) if terms else value
    if isinstance(value, dict):
        return {
            scanner.redact_secrets(k) if isinstance(k, str) else k: without_secrets(v, scanner, terms)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [without_secrets(v, scanner, terms) for v in value]
    return value


def manifest_texts(value: Any, *more: Any) -> list[str]:
    """The strings `without_secrets` scans in these values (its keys, and its values of 8 characters or more)."""
    found: list[str] = []
    todo = [value, *more]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            if len(item) >= 8:
                found.append(item)
        elif isinstance(item, dict):
            found.extend(k for k in item if isinstance(k, str))
            todo.extend(item.values())
        elif isinstance(item, list):
            todo.extend(item)
    return found


def transcript_manifest(
    part: Transcript,
    chapters: list[Chapter],
    events: list[Event],
    images: list[dict[str, Any]],
    title: str | None,
    options: ParseOptions,
) -> dict[str, Any]:
    """The manifest of one transcript, all but `pii_warnings` and `warnings` (which the caller adds).
    `images`: the manifest entries of the images its events show; `title`: already redacted."""
    ref, main, stats, reader, agents = part.ref, part.main, part.stats, part.reader, part.agents
    sub_reports, sub_usage, scanner = part.sub_reports, part.sub_usage, part.scanner
    all_events = list(walk(events))
    signal = [text for e in all_events for _, text in e.texts()]
    signal_chars = sum(map(len, signal))
    signal_bytes = sum(len(text.encode("utf-8")) for text in signal)
    kinds = Counter(e.kind for e in events)
    total_usage = UsageLedger()
    total_usage.merge(main.usage)
    total_usage.merge(sub_usage)
    file_bytes = stats.bytes_read
    subagent_bytes = sum(r.get("bytes", 0) for r in sub_reports)
    human_turns = sum(1 for e in events if is_author_message(e))
    duration_ms = _duration_ms(main.start, main.end)
    unknown = {
        "record_types": dict(sorted((t, n) for t, n in stats.record_types.items() if t not in KNOWN_RECORD_TYPES)),
        "attachment_types": dict(
            sorted((t, n) for t, n in stats.attachment_types.items() if t not in KNOWN_ATTACHMENT_TYPES)
        ),
        "progress_types": dict(
            sorted((t, n) for t, n in stats.progress_types.items() if t not in KNOWN_PROGRESS_TYPES)
        ),
        "system_subtypes": dict(sorted(main.unknown_system_subtypes.items())),
        "content_blocks": dict(sorted(main.unknown_blocks.items())),
    }
    linked = []
    by_event = {r["event"]: r for r in sub_reports}
    for event, _ in agents.linked:
        agent = event.subagent
        assert agent is not None
        linked.append(
            {
                "event": event.id,
                "tool_use_id": agent.tool_use_id,
                "agent_id": agent.agent_id,
                "file": agent.file,
                "linked_by": agent.linked_by,
                "description": scanner.redact_all(agent.description),
                "agent_type": agent.agent_type,
                "events": len(agent.events),
                "reported_usage": {
                    k: v
                    for k, v in (
                        ("total_tokens", agent.total_tokens),
                        ("tool_uses", agent.tool_uses),
                        ("duration_ms", agent.duration_ms),
                    )
                    if v is not None
                },
                "transcript_usage": by_event.get(event.id, {}).get("usage"),
            }
        )
    return {
        "schema_version": MANIFEST_SCHEMA_VERSION,
        "events_schema_version": EVENTS_SCHEMA_VERSION,
        "retell_version": __version__,
        "source": {
            "path": str(ref.path.resolve()),
            "sha256": part.sha256,
            "bytes": file_bytes,
            "lines": stats.lines + stats.blank_lines,
        },
        "session": {
            "id": part.session_id,
            "session_ids": main.session_ids,
            "title": title,
            "title_source": part.title_source,
            "cwd": main.cwd,
            "start": main.start,
            "end": main.end,
            "duration_ms": duration_ms,
            "active_ms": main.active_ms,
            "versions": main.versions,
            "models": main.models,
            "git_branches": main.git_branches,
            "entrypoints": main.entrypoints,
        },
        "options": {"include_subagents": options.include_subagents},
        "sizes": {
            "file_bytes": file_bytes,
            "subagent_file_bytes": subagent_bytes,
            "signal_bytes": signal_bytes,
            "signal_ratio": round(signal_bytes / (file_bytes + subagent_bytes), 6) if file_bytes else 0.0,
        },
        "token_estimate": {"signal_tokens": (signal_chars + 3) // 4, "estimation_method": ESTIMATION_METHOD},
        "records": {
            "by_type": dict(sorted(stats.record_types.items())),
            "attachment_types": dict(sorted(stats.attachment_types.items())),
            "progress_types": dict(sorted(stats.progress_types.items())),
            "skipped_unparsed": stats.skipped_unparsed,
            "replayed": main.counts.replayed_records,
            "sidechain": main.counts.sidechain_records,
            "meta": main.counts.meta_records,
            "synthetic": main.counts.synthetic_messages,
            "api_errors": main.counts.api_errors,
            "resent_prompts": main.counts.resent_prompts,
            "blank_lines": stats.blank_lines,
        },
        "malformed": {
            "count": stats.malformed_count,
            "lines": stats.malformed_lines,
            "truncated_last_line": stats.truncated_last_line,
        },
        "unknown": unknown,
        "counts": {
            "events": len(events),
            "events_with_subagents": len(all_events),
            "by_kind": dict(sorted(kinds.items())),
            "human_turns": human_turns,
            "assistant_messages": main.usage.totals.api_messages,
            "tool_calls": main.counts.tool_calls,
            "tool_errors": main.counts.tool_errors,
            "turned_down": main.counts.turned_down,
            "tools": main.tools,
            "subagents": sum(1 for e in events if e.kind == SUBAGENT and spawn_ran(e)),
            "compactions": sum(1 for c in chapters if c.reason in ("compaction", "slash_compact")),
            "chapters": len(chapters),
            "images": len(images),
            "abandoned_branches": main.abandoned_branches,
            "abandoned_events": sum(1 for e in events if e.abandoned),
            "thinking_blocks_empty": main.counts.empty_thinking,
            "thinking_blocks_redacted": main.counts.redacted_thinking,
        },
        "usage": {
            "main": main.usage.to_dict(),
            "subagents": sub_usage.to_dict(),
            "total": total_usage.to_dict(),
        },
        "chapters": [c.to_dict() for c in chapters],
        "subagents": {
            "linked": linked,
            "unlinked_files": [
                {"file": str(f.path.relative_to(ref.path.parent)), "agent_id": f.agent_id, "reason": reason}
                for f, reason in agents.unlinked_files
            ],
            "unmatched_spawns": [
                {
                    "event": e.id,
                    "tool_use_id": e.subagent.tool_use_id if e.subagent else None,
                    "agent_id": e.subagent.agent_id if e.subagent else None,
                }
                for e in agents.unmatched_spawns
            ],
        },
        "images": images,
        "files": {
            "read": main.files["read"],
            "edited": main.files["edited"],
            "written": main.files["written"],
            "snapshot": _snapshot_files(reader.last_snapshot, main.cwd),
            "shell": main.files.get("shell", []),
            "subagents": sorted({project_path(p, main.cwd) for r in sub_reports for p in r.get("files", ())}),
        },
    }


def _duration_ms(start: str | None, end: str | None) -> int | None:
    from retell.extract.timeutil import to_epoch_ms

    if not start or not end:
        return None
    a, b = to_epoch_ms(start), to_epoch_ms(end)
    return b - a if a is not None and b is not None else None


def _snapshot_files(line: bytes | None, cwd: str | None) -> list[str]:
    """Every file the last file-history-snapshot tracks: what the session changed, per Claude Code."""
    if line is None:
        return []
    from retell.claude.records import decode_line

    try:
        record = decode_line(line)
    except ValueError:
        return []
    snapshot = record.get("snapshot") if isinstance(record, dict) else None
    tracked = snapshot.get("trackedFileBackups") if isinstance(snapshot, dict) else None
    if not isinstance(tracked, dict):
        return []
    return sorted({project_path(str(p), cwd) for p in tracked})
