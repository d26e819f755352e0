"""Headings a blogger would keep for a stretch of the session: from what the author asked there, else from
what the work mostly was. Shared by triage (chapter titles) and the offline engine (section headings)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.events import SUBAGENT, TOOL_RUN, Event
from retell.extract.requests import author_words, clean_request, first_sentence
from retell.extract.tools import family, is_test_command, shorten_words

HEADING_CHARS = 70
_BOOKKEEPING = frozenset({"todo", "tools"})


def request_heading(text: str, limit: int = HEADING_CHARS) -> str:
    """The first sentence of the author's request in `text`, cut between words; "" when the text holds no
    request (an acknowledgement, a flag, a pasted log…)."""
    request = clean_request(text)
    if not request:
        return ""
    sentence = re.sub(r"[\s,]+please\W*$", "", first_sentence(request), flags=re.I).rstrip(",;:")
    return shorten_words(sentence, limit) if sentence else ""


def chapter_heading(events: Sequence[Event]) -> str:
    """What a stretch is about: the author's first request in it, else the work; "" when neither says."""
    for event in events:
        words = author_words(event)
        heading = request_heading(words) if words else ""
        if heading:
            return heading
    return activity_heading(events)


def activity_heading(events: Sequence[Event]) -> str:
    """A heading from what the work mostly was, when the author's words do not make one."""
    calls = [c for e in events if e.kind == TOOL_RUN for c in e.calls or ()]
    if any(e.kind == SUBAGENT for e in events) and len(calls) < 5:
        return "Sending out subagents"
    tests = [c.outcome for c in calls if c.name == "Bash" and is_test_command(c.target) and c.outcome]
    if tests and "failed" not in tests[-1] and any("failed" in t for t in tests):
        return "Getting the tests to pass"
    counts: dict[str, int] = {}
    for call in calls:
        name = family(call.name)
        if name not in _BOOKKEEPING:
            counts[name] = counts.get(name, 0) + 1
    if not counts:
        return ""
    top = max(counts, key=lambda k: counts[k])
    edited = [c.target for c in calls if family(c.name) in ("edit", "write") and c.target]
    if top in ("edit", "write") and edited:
        names = list(dict.fromkeys(short_path(t) for t in edited))
        return f"Changing {names[0]}" if len(names) == 1 else "Changing the code"
    if top == "bash":
        programs = [
            (c.target or "").split()[0]
            for c in calls
            if family(c.name) == "bash"
            and (c.target or "").split()
            and (c.target or "").split()[0] not in ("cd", "echo")
            and (c.target or "x")[0].isalnum()
            and "`" not in (c.target or "").split()[0]  # shown as a code span below
        ]
        common = sorted(set(programs), key=lambda p: (-programs.count(p), programs.index(p)))[:3]
        return "At the command line" + (f": {join_words([f'`{p}`' for p in common])}" if common else "")
    return {
        "read": "Reading the code",
        "search": "Searching the code",
        "list": "Finding their way around the project",
        "background": "Watching background commands",
        "web": "Looking things up",
    }.get(top, "")


def join_words(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def short_path(path: str) -> str:
    parts = path.rstrip("/").split("/")
    return "/".join(parts[-2:]) if len(parts) > 2 else path
