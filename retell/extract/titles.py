"""A session's title when it has none of its own: the first line of the author's first prompt."""

from __future__ import annotations

from typing import TYPE_CHECKING

from retell.extract.tools import shorten_words

if TYPE_CHECKING:
    from retell.secrets import Scanner  # (the caller's: a listing titles sessions without importing the scanner)

TITLE_CHARS = 80


def prompt_title(first_prompt: str, scanner: Scanner | None = None) -> str:
    """The first line, cut between words at TITLE_CHARS, and never inside a flagged secret (its rule
    would no longer recognise the cut half)."""
    first_line = first_prompt.strip().split("\n")[0]
    if len(first_line) <= TITLE_CHARS:
        return first_line
    limit = TITLE_CHARS
    if scanner is not None:
        for finding in scanner.scan(first_line):
            if finding.start < limit < finding.end:
                limit = max(1, finding.start)
    return shorten_words(first_line, limit)
