"""The hidden markers a draft may carry, and how they leave it before publishing.

- `<!-- ev: e12 e14 -->` cites the events a paragraph rests on (the model is asked to write one at the end
  of each paragraph; the offline engine always does). The check looks in those events first.
- `<!-- cleaned: e12 -->` right after a quote says it was tidied (typos, joined fragments); the check then
  allows small edits, never a change of meaning.
- `<!-- translated: e12 -->` right after a quote says it is a translation of the event's words into the post's
  language (the model is asked to write it): the check compares it as a translation, not word for word.
- `<!-- ok -->` (or `<!-- ok: why -->`) right after a claim accepts it: the author vouches for it, and the
  check stops reporting it.

All four are HTML comments, so a Markdown preview hides them, and `strip_markers` removes them from the
published post.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# An event id: `e12`, `e7.3` (in a subagent), `0b7c3f52-e12` (in a work folder of several sessions).
_ID = r"(?:[0-9a-z]+-)?e\d+(?:\.\d+)*"
CITE = re.compile(rf"<!--\s*ev:\s*((?:{_ID}[\s,]*)*)-->", re.I)
CLEANED = re.compile(r"<!--\s*cleaned:\s*([^>]*?)\s*-->", re.I)
TRANSLATED = re.compile(r"<!--\s*translated:\s*([^>]*?)\s*-->", re.I)
ACCEPT = re.compile(r"<!--\s*ok(?::\s*([^>]*?))?\s*-->", re.I)
# Any of the four, with the space before it, as render removes them (outside code: a post may show one).
HIDDEN = re.compile(r"[ \t]*<!--\s*(?:ev|cleaned|translated|ok)\b[^>]*-->", re.I)
# A line of markers alone (a model often cites a quote on the line after it, as a paragraph of its own), with
# the blank line after it: removed whole, so that the post has no empty paragraph where it stood.
MARKER_LINE = re.compile(
    r"^[ \t]*(?:<!--\s*(?:ev|cleaned|translated|ok)\b[^>]*-->[ \t]*)+(?:\n|\Z)(?:[ \t]*\n)?", re.I | re.M
)
_EVENT_ID = re.compile(_ID)


def cite(ids: Iterable[str]) -> str:
    """The citation marker for these events (in order, each once); "" for none."""
    unique = list(dict.fromkeys(i for i in ids if i))
    return f"<!-- ev: {' '.join(unique)} -->" if unique else ""


def event_ids(text: str) -> list[str]:
    return _EVENT_ID.findall(text)


def strip_markers(text: str) -> str:
    """The text without retell's hidden markers (citations, cleaned, translated and accepted marks)."""
    return HIDDEN.sub("", MARKER_LINE.sub("", text))


def count_cleaned(text: str) -> int:
    return len(CLEANED.findall(text))


def count_translated(text: str) -> int:
    return len(TRANSLATED.findall(text))
