"""Several sessions told as one story: their time order, their keys, and one work folder's events and manifest.

Each transcript is read as `retell parse` reads one (parse.read_transcript), in time order, with what the
sessions before it told shared: a resumed session's replayed records are told once (where they first
happened), and an API message is counted once however many files repeat it. Ids start with the session's
key (`0b7c3f52-ch1`, `0b7c3f52-e12`) so they stay put when a session is added before or after. The manifest
holds every session's own figures (`sessions`), and totals that are their sums.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from functools import reduce
from pathlib import Path
from typing import Any

from retell import __version__
from retell.claude.locate import SessionRef, end_timestamps, file_session_id
from retell.errors import InputError
from retell.events import EVENTS_SCHEMA_VERSION, EventLog, SessionEntry, SessionInfo, session_key_of
from retell.extract.ids import key64
from retell.extract.images import ImageStore
from retell.extract.links import joined_links
from retell.extract.session import version_key
from retell.extract.timeutil import sortable, to_epoch_ms
from retell.parse.manifest import ESTIMATION_METHOD, MANIFEST_SCHEMA_VERSION, transcript_manifest, without_secrets
from retell.parse.parts import ParseOptions, ParseResult, SharedState, Transcript
from retell.parse.transcript import index_images, read_transcript
from retell.secrets import Scanner, scan_event_log, usernames_from_paths
from retell.secrets.author_terms import user_terms

_FILE_LISTS = ("read", "edited", "written", "snapshot", "shell", "subagents")
KEY_CHARS = 8  # a session's key: the first characters of its id, as `retell list` shows it
_PER_SESSION = (
    "source",
    "session",
    "counts",
    "usage",
    "records",
    "malformed",
    "unknown",
    "sizes",
    "token_estimate",
    "files",
)


def order_sessions(refs: Sequence[SessionRef]) -> list[SessionRef]:
    """The sessions in time order: by their first record's time, then their last (a resumed session replays
    the one it resumes, from the same first record, and ends later). Reads only each file's two ends."""
    seen: set[Path] = set()
    keyed = []
    for ref in refs:
        resolved = ref.path.resolve()
        if resolved in seen:
            raise InputError(f"{ref.path} is given twice")
        seen.add(resolved)
        head, tail = end_timestamps(ref.path)
        first = min((sortable(t) for t in head), default="")
        last = max((sortable(t) for t in tail), default=first)
        keyed.append(((first, last, str(resolved)), ref))
    return [ref for _, ref in sorted(keyed, key=lambda pair: pair[0])]


def session_keys(session_ids: Sequence[str]) -> list[str]:
    """Each session's key: the first 8 letters and digits of its id (lower case), longer only where two ids
    begin alike. The same ids always get the same keys."""
    bases = [re.sub(r"[^0-9a-z]", "", sid.lower()) or "s" for sid in session_ids]
    for i, base in enumerate(bases):
        if base in bases[:i]:
            raise InputError(f"session {session_ids[i]} is given twice (two copies of one transcript?)")
    keys = []
    for i, base in enumerate(bases):
        n = KEY_CHARS
        while n < len(base) and any(j != i and other[:n] == base[:n] for j, other in enumerate(bases)):
            n += 4
        keys.append(base[:n])
    if len(set(keys)) < len(keys):
        raise InputError("two of the sessions have ids retell cannot tell apart; parse them separately")
    return keys


def join_sessions(
    refs: Sequence[SessionRef], assets_dir: Path | None, options: ParseOptions, *, anchor: str | None = None
) -> ParseResult:
    """Read several transcripts into one story. `anchor`: the session the work folder was first parsed from,
    kept when it is one of these (the secret ids are salted with it); else the earliest session."""
    refs = order_sessions(refs)
    keys = session_keys([file_session_id(ref.path) for ref in refs])
    if assets_dir is not None:
        assets_dir.mkdir(parents=True, exist_ok=True)
    images = ImageStore(assets_dir)
    shared = SharedState()
    parts: list[Transcript] = []
    for ref, key in zip(refs, keys, strict=True):
        part = read_transcript(ref, images, options, key=key, shared=shared)
        shared.uuids |= part.uuids
        parts.append(part)
    ids = [part.session_id for part in parts]
    scanner = Scanner(usernames=usernames_from_paths([part.main.cwd or "" for part in parts]))
    titled = next((part for part in parts if part.title), parts[0])
    starts = [part.main.start for part in parts if part.main.start]
    ends = [part.main.end for part in parts if part.main.end]
    info = SessionInfo(
        id=anchor if anchor in ids else ids[0],
        title=titled.title,
        title_source=titled.title_source,
        cwd=_main_cwd(parts),
        start=min(starts, key=sortable) if starts else None,
        end=max(ends, key=sortable) if ends else None,
        links=joined_links([part.main.links for part in parts]),
    )
    entries = [
        SessionEntry(
            key=key,
            id=part.session_id,
            # Stored with every flagged item redacted: it is shown in triage.yaml and told between sessions.
            title=scanner.redact_all(part.title),
            title_source=part.title_source,
            cwd=part.main.cwd,
            start=part.main.start,
            end=part.main.end,
            continues=_continues(i, parts, keys),
            resumed=part.first_prior_replay is not None,
        )
        for i, (part, key) in enumerate(zip(parts, keys, strict=True))
    ]
    log = EventLog(
        session=info,
        chapters=[c for part in parts for c in part.main.chapters],
        events=[e for part in parts for e in part.main.events],
        sessions=entries,
    )
    images.drop_unused()
    index_images(log, images)
    flags = scan_event_log(log, scanner)
    image_entries = [image.to_dict() for image in sorted(images.images.values(), key=lambda i: i.asset)]
    sessions = []
    for i, (part, entry) in enumerate(zip(parts, entries, strict=True)):
        shown = [image for image in image_entries if any(session_key_of(e) == entry.key for e in image["events"])]
        own = transcript_manifest(
            part, part.main.chapters, part.main.events, shown, scanner.redact_all(part.title), options
        )
        sessions.append(
            {
                "key": entry.key,
                "id": part.session_id,
                "continues": entry.continues,
                "gap_ms": _gap_ms(parts[i - 1].main.end, part.main.start) if i else None,
                "chapters": [c.id for c in part.main.chapters],
                "subagents": own["subagents"],
                "warnings": part.warnings,
                **{name: own[name] for name in _PER_SESSION},
            }
        )
    warnings = [f"session {entry.key}: {w}" for part, entry in zip(parts, entries, strict=True) for w in part.warnings]
    manifest = _joined_manifest(log, sessions, image_entries, scanner.redact_all(info.title), options)
    manifest["pii_warnings"] = flags
    manifest["warnings"] = warnings
    return ParseResult(log=log, manifest=without_secrets(manifest, scanner, user_terms()), warnings=warnings)


def _main_cwd(parts: Sequence[Transcript]) -> str | None:
    """The working folder of most of the story (by events), the earliest session's on a tie."""
    weights: Counter[str] = Counter()
    for part in parts:
        if part.main.cwd:
            weights[part.main.cwd] += len(part.main.events) or 1
    return weights.most_common(1)[0][0] if weights else None


def _continues(i: int, parts: Sequence[Transcript], keys: Sequence[str]) -> str | None:
    """The earlier session that session `i` resumes (its file replays that one's records) or continues (a
    `summary` at its top names that one's last record), if any of them is in the folder."""
    part = parts[i]
    if part.first_prior_replay is not None:
        for j in range(i):
            if part.first_prior_replay in parts[j].uuids:
                return keys[j]
    for leaf, _text in reversed(part.summaries):
        if leaf is None:
            continue
        hashed = key64(leaf)
        for j in range(i - 1, -1, -1):
            if hashed in parts[j].uuids:
                return keys[j]
    return None


def _gap_ms(previous_end: str | None, start: str | None) -> int | None:
    a = to_epoch_ms(previous_end) if previous_end else None
    b = to_epoch_ms(start) if start else None
    return max(0, b - a) if a is not None and b is not None else None


# -- the manifest: every session's own figures, and their sums ------------------------------------------


def _sum(a: Any, b: Any) -> Any:
    """Counts added, mappings of counts merged key by key, flags or'ed; anything else is the first's."""
    if isinstance(a, bool) or isinstance(b, bool):
        return bool(a) or bool(b)
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, dict) and isinstance(b, dict):
        out = dict(a)
        for key, value in b.items():
            out[key] = _sum(out[key], value) if key in out else value
        return out
    return a


def _total(items: Iterable[Any]) -> Any:
    return reduce(_sum, items)


def _union(lists: Iterable[list[str]]) -> list[str]:
    return sorted({item for items in lists for item in items})


def _joined_manifest(
    log: EventLog,
    sessions: list[dict[str, Any]],
    images: list[dict[str, Any]],
    title: str | None,
    options: ParseOptions,
) -> dict[str, Any]:
    own = [s["session"] for s in sessions]
    sizes = _total(s["sizes"] for s in sessions)
    read = sizes["file_bytes"] + sizes["subagent_file_bytes"]
    sizes["signal_ratio"] = round(sizes["signal_bytes"] / read, 6) if sizes["file_bytes"] else 0.0
    counts = _total(s["counts"] for s in sessions)
    counts["images"] = len(images)  # distinct images: one shown in two sessions is one image
    folders = [str(Path(s["source"]["path"]).parent) for s in sessions]
    digest = hashlib.sha256("\n".join(s["source"]["sha256"] for s in sessions).encode("ascii"))
    return {
        "schema_version": MANIFEST_SCHEMA_VERSION,
        "events_schema_version": EVENTS_SCHEMA_VERSION,
        "retell_version": __version__,
        "source": {
            "path": os.path.commonpath(folders),
            "sha256": digest.hexdigest(),
            "bytes": sum(s["source"]["bytes"] for s in sessions),
            "lines": sum(s["source"]["lines"] for s in sessions),
        },
        "session": {
            "id": log.session.id,
            "session_ids": list(dict.fromkeys(sid for s in own for sid in s["session_ids"])),
            "title": title,
            "title_source": log.session.title_source,
            "cwd": log.session.cwd,
            "start": log.session.start,
            "end": log.session.end,
            "duration_ms": _gap_ms(log.session.start, log.session.end),
            "active_ms": sum(s["active_ms"] for s in own),
            "versions": sorted({v for s in own for v in s["versions"]}, key=version_key),
            "models": _union(s["models"] for s in own),
            "git_branches": _union(s["git_branches"] for s in own),
            "entrypoints": _union(s["entrypoints"] for s in own),
        },
        "options": {"include_subagents": options.include_subagents},
        "sizes": sizes,
        "token_estimate": {
            "signal_tokens": sum(s["token_estimate"]["signal_tokens"] for s in sessions),
            "estimation_method": ESTIMATION_METHOD,
        },
        "records": _total(s["records"] for s in sessions),
        "malformed": {
            "count": sum(s["malformed"]["count"] for s in sessions),
            "lines": [],  # line numbers mean something only within a file: see each session's
            "truncated_last_line": any(s["malformed"]["truncated_last_line"] for s in sessions),
        },
        "unknown": _total(s["unknown"] for s in sessions),
        "counts": counts,
        "usage": _total(s["usage"] for s in sessions),
        "chapters": [c.to_dict() for c in log.chapters],
        "subagents": {
            name: [item for s in sessions for item in s["subagents"][name]]
            for name in ("linked", "unlinked_files", "unmatched_spawns")
        },
        "images": images,
        "files": {name: _union(s["files"].get(name, []) for s in sessions) for name in _FILE_LISTS},
        "sessions": [{k: v for k, v in s.items() if k != "subagents"} for s in sessions],
    }
