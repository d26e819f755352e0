"""Headings that would stand over any stretch of any session, said in English before they are put in the post's
language: what kind of work it was (a fix, tests got to pass, commands ran, a break), or the files it touched by
their names, never what happened. Judged blind on fresh16-fresh22 (round 37, bench/heading_paths.py): none of
the 19 judged kept ("Perbaikannya", "Faire passer les tests", "Ejecutando comandos", "Running SSH gpu01 and jq",
"Changing the main settings", "แก้ไข test_payload.py และ payload.py", "Po przerwie"). The closing heading and
"Committing the work" over a commit of its own are not among them: the judge kept them 5 of 9 and 6 of 8 (a commit over
two lines is told with its neighbour instead: offline.SMALL_SECTION)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.events import Event
from retell.extract.local_headings import FIX_WORDS, WORDS, knows, ran_programs, table_key

_STOCK = re.compile(
    r"^(?:The fix|What came next|"
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


def stock_in_language(heading: str, events: Sequence[Event], language: str | None) -> bool:
    """Whether `heading`, as said in the post's language, is retell's stock for a kind of work: a heading made in
    English that says what happened can still come out as tool narration ("Pushing the changes and opening a pull
    request" over a stretch that only ran commands is said in Spanish as "Ejecutando glab mr")."""
    if not language or not knows(language):
        return False
    words = WORDS[table_key(language)]
    said = {words[k] for k in _STOCK_KINDS if k in words} | {FIX_WORDS.get(table_key(language), "")}
    return heading in said or heading == ran_programs(events, language)
