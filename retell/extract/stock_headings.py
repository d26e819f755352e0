"""Headings that would stand over any stretch of any session, said in English before they are put in the post's
language: what kind of work it was (a fix, tests got to pass, commands ran, a break), or the files it touched by
their names, never what happened. Judged blind on fresh16-fresh22 (round 37, bench/heading_paths.py): none of
the 19 judged kept ("Perbaikannya", "Faire passer les tests", "Ejecutando comandos", "Running SSH gpu01 and jq",
"Changing the main settings", "แก้ไข test_payload.py และ payload.py", "Po przerwie"). The closing heading and
"Committing the work" over a commit of its own were not among them then (the judge kept them 5 of 9 and 6 of 8);
the blind judges of fresh30-fresh37 wanted all 3 of theirs rewritten ("Committing the work and pushing the
changes": "shorten to 'Commit and push'; a routine commit hardly needs a heading of its own") and found both
"Fixing the AssertionError" unusable (an exception's name the post never shows): both are stock now, and a commit
is told with the work before it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from retell.events import Event
from retell.extract.local_headings import (
    ERROR_NAME,
    FIX_WORDS,
    RAN_WORDS,
    WORDS,
    knows,
    ran_programs,
    table_key,
)

_STOCK = re.compile(
    r"^(?:The fix|What came next|"
    # a commit, and an error by its name only
    rf"Committing\b.*|Fixing the (?:{ERROR_NAME})|"
    # the files or settings by their names ("Changing syncthing.nix", "Back to the main settings")
    r"(?:Changing|Editing|Writing|Reading|Back to) .+|"
    # what got to pass, in general
    r"Getting the (?:tests|type checker|linters) to pass|Getting the build to work|"
    # tool narration
    r"Running .+|Searching the code|Reading the code|Looking things up|Watching background commands|"
    r"Finding their way around the project|Looking around the project|Sending out subagents|"
    r"Talking it through with Claude|Looking at screenshots|What the screenshots showed|"
    # the triage's fallbacks: where the chapter began, not what it did
    r"Where it started|Coming back to it|After the context was compacted|Picking the session up again|Part \d+)$"
)


def stock_heading(english: str) -> bool:
    """Whether `english` (a heading as retell made it, before it is said in the post's language) is a stock
    heading or a file list; "" is one too (nothing was found to say)."""
    return not english.strip() or bool(_STOCK.match(english.strip()))


# The kinds of retell's own headings (local_headings.WORDS) that name the kind of work, in any language
_STOCK_KINDS = (
    "tests", "types", "lint", "build", "subagents", "search", "commands", "web", "images", "talk", "start", "idle",
    "compaction", "resumed",
)  # fmt: skip


# retell's made-up headings of these kinds, in any language, as in_language says them: a file list, a fix, commands
# run, a commit, an error by its name, a kind of work, where the chapter began
_SAID_KINDS = (*_STOCK_KINDS, "edit", "write", "read", "commit", "error", "part", "project", "session", "plan")
_SLOT = re.compile(r"\{(names|programs|error|project|n)\}")


def _as_pattern(template: str) -> str:
    """ "Cambios en {names}" -> `Cambios en .+`; a part's "{n}" is a number."""
    pieces = _SLOT.split(template)  # (text, slot, text, slot, ...)
    return "".join(
        re.escape(piece) if n % 2 == 0 else (r"\d+" if piece == "n" else ".+") for n, piece in enumerate(pieces)
    )


@lru_cache(maxsize=1)
def _said() -> re.Pattern[str]:
    said: set[str] = set(FIX_WORDS.values()) | set(RAN_WORDS.values())
    for words in WORDS.values():
        said |= {words[k] for k in _SAID_KINDS if k in words}
    return re.compile("^(?:" + "|".join(sorted(map(_as_pattern, said), key=len, reverse=True)) + ")$")


def stock_said(heading: str) -> bool:
    """Whether `heading`, as it stands in an outline in whatever language, is a stock heading of retell's own (see
    _STOCK and the kinds above): an outline keeps no note of the language its headings were made in, and an author
    who writes a heading of their own over the section makes it no longer stock."""
    text = heading.strip()
    return stock_heading(text) or bool(_said().match(text))


def stock_in_language(heading: str, events: Sequence[Event], language: str | None) -> bool:
    """Whether `heading`, as said in the post's language, is retell's stock for a kind of work: a heading made in
    English that says what happened can still come out as tool narration ("Pushing the changes and opening a pull
    request" over a stretch that only ran commands is said in Spanish as "Ejecutando glab mr")."""
    if not language or not knows(language):
        return False
    words = WORDS[table_key(language)]
    said = {words[k] for k in _STOCK_KINDS if k in words} | {FIX_WORDS.get(table_key(language), "")}
    return heading in said or heading == ran_programs(events, language)
