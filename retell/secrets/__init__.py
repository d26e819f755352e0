"""Secrets and personal data: detection, masking, stable ids.

Credentials are found by gitleaks' maintained rule set (vendored as data, see vendored.py) and by
retell's own rules for what it does not cover (own.py: personal data, and credentials in the forms a
coding session writes them). Findings are flagged, never silently redacted: the author decides in
triage.yaml. Every stage that sends or publishes text re-scans it with the same rules (see redact.py), so a
decision made once applies everywhere the secret occurs. docs/secrets.md says what is detected and how to
add a rule.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain
from typing import Any

from retell.events import Event, EventLog, walk
from retell.secrets.name_paths import one_word, organisations
from retell.secrets.preview import default_replacement, mask, replacement_problem, secret_id
from retell.secrets.rule import PII, SECRET, Rule
from retell.secrets.scanner import Finding, Scanner, all_kinds, base_rules, usernames_from_paths
from retell.secrets.twocores import Ahead, scan_ahead, start_ahead

__all__ = [
    "PII",
    "SECRET",
    "Finding",
    "Rule",
    "Scanner",
    "all_kinds",
    "base_rules",
    "cut_point",
    "default_replacement",
    "event_fields",
    "event_texts",
    "flagged_spans",
    "mask",
    "multiline_values",
    "prepare_scanner",
    "replacement_problem",
    "scan_event_log",
    "secret_id",
    "session_fields",
    "start_ahead",
    "usernames_from_paths",
]


def prepare_scanner() -> None:
    """Load what every scanner shares (the rules, the keyword matcher's module, the names' gazetteer) ahead of
    the first scan."""
    base_rules()
    import ahocorasick  # noqa: F401  (imported by the scanner when it first builds its matcher)

    from retell.secrets.prose_names import gazetteer

    gazetteer()  # (~30 ms to read the names, asked by nearly every session's prose)


@lru_cache(maxsize=1)
def _default_scanner() -> Scanner:
    return Scanner()


# What retell writes for a decision (`[REDACTED:kind]`): cut in half, it is no longer inert, and its half is
# read as a new value (`password=[REDACTED:passw…`).
_MARKER = re.compile(r"\[REDACTED:[\w.-]+\]")


def flagged_spans(text: str) -> list[tuple[int, int]]:
    """Where `text` holds something flagged, or a redaction marker, for code that shortens text: a cut must
    never fall inside either."""
    spans = [(f.start, f.end) for f in _default_scanner().scan(text)]
    if "[REDACTED:" in text:
        spans.extend(m.span() for m in _MARKER.finditer(text))
        spans.sort()
    return spans


def multiline_values(text: str) -> list[tuple[int, int]]:
    """The flagged values of `text` that run over several lines (a key's block, a quoted multi-line value):
    code that keeps some lines of a text and not others must keep all of such a value or none of it, since a
    line of it alone is no longer recognisable (a BEGIN line, a key's last lines)."""
    if not _default_scanner().may_flag_over_lines(text):
        return []  # (most texts: the few rules that can flag such a value found nothing to weigh)
    return [(a, b) for a, b in flagged_spans(text) if "\n" in text[a:b].strip("\n")]


def cut_point(text: str, at: int, keep_whole: int) -> tuple[int, bool]:
    """Where to cut `text` near `at` so that no flagged value is split, nor left without what made it
    recognisable (a URL's password without its `@host`): a value the cut would split is kept whole, with
    the rest of its word if need be, when it is still flagged whole there and no longer than `keep_whole`;
    otherwise the cut falls before it. Returns (where to cut, whether a value was kept whole)."""
    for start, end in flagged_spans(text):
        if not start < at < end:
            continue
        word_end = re.compile(r"\S*").match(text, end).end()  # type: ignore[union-attr]  # (always matches)
        for stop in sorted({end, word_end}):
            kept = text[:stop] + " …"
            if stop - start <= keep_whole and any(a <= start and end <= b for a, b in flagged_spans(kept)):
                return stop, True
        return start, False
    run = _opaque_run_at(text, at)
    return (run, False) if run is not None else (at, False)


# A run of token characters: what a machine-made value is written in (no `/` or `.`: paths and hosts)
_TOKEN_RUN = re.compile(r"[A-Za-z0-9_+=~-]+")


def _opaque_run_at(text: str, at: int) -> int | None:
    """Where a machine-made run the cut would split starts (a cookie, a key), when it is one: a value no
    rule reads in the cut text alone (its name may be on another line) must not leave its first half behind."""
    from retell.secrets.values import looks_random

    left = at
    while left > 0 and _TOKEN_RUN.fullmatch(text[left - 1]):
        left -= 1
    m = _TOKEN_RUN.match(text, left)
    if m is None or m.end() <= at or m.end() - left < 20:
        return None
    run = m.group(0)
    mixed = any(c.isupper() for c in run) and any(c.islower() for c in run) and any(c.isdigit() for c in run)
    if mixed and looks_random(run):
        return left
    # a key in hex (`3f9c…`, 32 characters or more, letters and digits both) is machine-made in one case too
    hexed = re.fullmatch(r"[0-9a-fA-F]{32,}", run) is not None and not run.isdigit() and not run.isalpha()
    return left if hexed else None


def event_fields(event: Event) -> Iterator[tuple[str, str]]:
    """Every text of an event that can be sent or published: its prose, and a slash command's name."""
    yield from event.texts()
    if event.name and event.kind == "command":
        yield "name", event.name


def session_fields(log: EventLog) -> Iterator[tuple[str, str]]:
    """The session's own texts a reader sees (its folder is redacted on the way out, not flagged: every
    session would flag its home folder there)."""
    if log.session.title:
        yield "title", log.session.title


def event_texts(events: list[Event]) -> Iterator[str]:
    """Every text of these events and of the events inside them: what a scan of them reads."""
    return (text for event in walk(events) for _, text in event_fields(event))


def scan_event_log(
    event_log: EventLog, scanner: Scanner, ahead: Ahead | None = None, also: Iterable[str] = ()
) -> list[dict[str, Any]]:
    """Every flagged item in the texts that reach events.json, grouped by secret (one entry per value).

    Each entry: id, kind, category, a masked preview, and where it occurs (event id and field). The
    value itself is never returned. `ahead`: texts already being scanned (twocores.start_ahead); `also`: texts the
    caller will scan next (the manifest's), scanned meanwhile.
    """
    salt = event_log.session.id
    entries: dict[str, dict[str, Any]] = {}
    session = list(session_fields(event_log))
    located = [(event, name, text) for event in walk(event_log.events) for name, text in event_fields(event)]
    if ahead is not None:
        # The texts no child was given (told after it started, the events' own titles, the manifest's) are
        # scanned here while the children go on, then this process takes what they have not reached.
        ahead.collect(first=chain((text for _, text in session), (text for _, _, text in located), also))
    scan_ahead(scanner, chain((text for _, text in session), (text for _, _, text in located)))

    names: dict[str, str] = {}  # a one-word person's name -> its id

    def record(location: dict[str, str], chapter: str | None, text: str) -> None:
        for finding in scanner.scan(text):
            sid = secret_id(finding.kind, finding.value, salt)
            entry = entries.get(sid)
            if entry is None:
                if finding.kind == "person-name" and one_word(finding.value):
                    names[finding.value] = sid
                entry = entries[sid] = {
                    "id": sid,
                    "kind": finding.kind,
                    "category": finding.category,
                    "preview": mask(finding.kind, finding.value),
                    "occurrences": 0,
                    "locations": [],
                    "chapters": [],
                }
            entry["occurrences"] += 1
            if location not in entry["locations"]:
                entry["locations"].append(location)
            if chapter and chapter not in entry["chapters"]:
                entry["chapters"].append(chapter)

    for name, text in session:
        record({"event": "session", "field": name}, None, text)
    for event, name, text in located:
        record({"event": event.id, "field": name}, event.chapter, text)
    if names:
        # (round thirty-six) a one-word name the session writes as a host's label is an organisation's
        texts = chain((text for _, text in session), (text for _, _, text in located))
        for value in organisations(names, texts):
            del entries[names[value]]
    return list(entries.values())
