"""Headings a blogger would keep for a stretch of the session: from what the author asked there, else from
what the work mostly was. Shared by triage (chapter titles) and the offline engine (section headings)."""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence

from retell.events import ASSISTANT, IMAGE, PLAN, SUBAGENT, TOOL_RUN, Event
from retell.extract.commits import best_summary, edited_names, session_summaries
from retell.extract.phrasing import as_phrase, request_phrase, rewrites
from retell.extract.requests import author_words, clause_cut, clean_request, first_sentence
from retell.extract.tools import SHELL_TOOLS, family, is_test_command, program_of
from retell.extract.typos import fix_typos, session_words

HEADING_CHARS = 70
_BOOKKEEPING = frozenset({"todo", "tools"})


def request_heading(text: str, limit: int = HEADING_CHARS) -> str:
    """The first sentence of the author's request in `text`, or its first clause when the sentence is long;
    never cut with "…" (a heading cut mid-thought reads as a mistake). "" when the text holds no request (an
    acknowledgement, a flag, a pasted log, a URL…) or no clause short enough."""
    request = clean_request(text)
    if not request:
        return ""
    sentence = re.sub(r"[\s,]+please\W*$", "", first_sentence(request), flags=re.I).rstrip(",;:")
    if len(sentence) <= limit:
        return sentence
    return clause_cut(sentence, limit, shortest=16)


def chapter_heading(events: Sequence[Event], avoid: Collection[str] = ()) -> str:
    """What a stretch is about, said as what happened: the commit (or pull request) it made that best matches
    the author's request in it, else that request ("Fixing the lint errors in app.py"), else the work, else
    what kind of stretch it was (a plan, screenshots, a conversation). A heading in `avoid` (the post's title,
    the headings before) is passed over for the next; "" only when nothing is left."""
    taken = {a.casefold() for a in avoid}
    for heading in _candidates(events):
        if heading and not any(_same(heading.casefold(), t) for t in taken):
            return heading
    return ""


def _same(heading: str, taken: str) -> bool:
    """The same words, or one of them cut shorter ("Build errors when MDX files…" under the whole title)."""
    shorter, longer = sorted((heading, taken), key=len)
    return heading == taken or (len(shorter) >= 12 and longer.startswith(shorter))


def _candidates(events: Sequence[Event]) -> Iterator[str]:
    request = next((r for e in events if (w := author_words(e)) and (r := clean_request(w))), None)
    summaries = session_summaries(events)
    best = best_summary(summaries, request)
    for summary in sorted(summaries, key=lambda s: s != best):  # the best match first, then the others
        yield without_typos(as_phrase(summary, limit=HEADING_CHARS), events)
    if request:
        yield without_typos(request_phrase(request, edited_names(events), HEADING_CHARS) or "", events)
    yield activity_heading(events)
    if request and rewrites(request) and request_phrase(request) and not request.rstrip().endswith(("?", "？")):
        # the ask in the author's own form ("Fix the login page"), when the -ing one is the title; never a
        # question or a thank-you restated
        yield without_typos(request_heading(request), events)
    yield kind_heading(events)


def without_typos(heading: str, events: Sequence[Event]) -> str:
    """A heading made of the author's words, their obvious typos fixed (a word Claude or a tool also used in
    `events` is the session's own term, never "fixed")."""
    texts = [e.text for e in events if e.kind in (ASSISTANT, PLAN) and e.text]
    texts += [c.target for e in events if e.kind == TOOL_RUN for c in e.calls or () if c.target]
    return fix_typos(heading, session_words(texts))


def kind_heading(events: Sequence[Event]) -> str:
    """A heading for a stretch with no request and no tool work."""
    kinds = {e.kind for e in events if not e.sidechain and not e.abandoned}
    if PLAN in kinds:
        return "Making a plan"
    if IMAGE in kinds:
        return "Looking at screenshots"
    if ASSISTANT in kinds:
        return "Talking it through with Claude"
    return ""


def activity_heading(events: Sequence[Event]) -> str:
    """A heading from what the work mostly was, when the author's words do not make one."""
    calls = [c for e in events if e.kind == TOOL_RUN for c in e.calls or ()]
    if any(e.kind == SUBAGENT for e in events) and len(calls) < 5:
        return "Sending out subagents"
    tests = [c.outcome for c in calls if c.name in SHELL_TOOLS and is_test_command(c.target) and c.outcome]
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
    if edited and top in ("edit", "write", "bash", "read", "search", "list"):  # the change is the story
        return "Changing " + changed_files(edited)
    if top == "bash":
        programs = [p for c in calls if family(c.name) == "bash" and (p := program_of(c.target or ""))]
        common = sorted(set(programs), key=lambda p: (-programs.count(p), programs.index(p)))[:3]
        return "At the command line" + (f": {join_words([f'`{p}`' for p in common])}" if common else "")
    return {
        "read": "Reading the code",
        "search": "Searching the code",
        "list": "Finding their way around the project",
        "background": "Watching background commands",
        "web": "Looking things up",
    }.get(top, "")


def changed_files(edited: list[str]) -> str:
    """The files a stretch changed, most changed first: "app/models.py", "a.py, b.py and c.py", "a.py, b.py
    and 4 more files" (names, not folders, once there are several)."""
    names = [short_path(t) if len(set(edited)) == 1 else re.split(r"[\\/]", t.rstrip("/\\"))[-1] for t in edited]
    order = sorted(dict.fromkeys(names), key=lambda n: (-names.count(n), names.index(n)))
    if len(order) <= 3:
        return join_words(order)
    return f"{order[0]}, {order[1]} and {len(order) - 2} more files"


def join_words(items: list[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def short_path(path: str) -> str:
    """The last two parts of a path (`app/models.py`), Windows paths too."""
    sep = "\\" if "\\" in path and "/" not in path else "/"
    parts = path.rstrip(sep).split(sep)
    return sep.join(parts[-2:]) if len(parts) > 2 else path
