"""The lines the session's edits added, so that a long output's lines showing them are kept in its excerpt.

A check run after a change (`helm template …`, `nginx -T`, `cat config.toml`) proves it by the lines that show the
new text; cut to its first and last lines, its excerpt had left out the rendered `startupProbe` and its
`failureThreshold: 24`, and the post told only the half of the check that proved nothing new (round 46). A line a
template renders matches the template's line with any value where its placeholder stood (`{{ … }}`, `${…}`).
"""

from __future__ import annotations

import re
from collections import deque

KEPT = 400  # the most recent added lines looked for
MAX_SHOWN = 6  # of one output, at most this many lines are kept for showing a change
_MIN_CHARS = 6
_WORD = re.compile(r"[A-Za-z0-9]{3}")
_PLACEHOLDER = re.compile(r"\{\{.*?\}\}|\$\{[^}]*\}")
# one word of 16+ characters (a line of a key's body), or a key block's edge: never kept alone (a secret's line
# shown without the lines around it is no longer recognised)
UNSAFE_ALONE = re.compile(r"^\s*\S{16,}\s*$|-----(?:BEGIN|END) ")


class NewLines:
    def __init__(self) -> None:
        self._exact: deque[str] = deque(maxlen=KEPT)
        # (the character a match starts with, "" when a placeholder opens the line; the line as a pattern)
        self._patterns: deque[tuple[str, re.Pattern[str]]] = deque(maxlen=KEPT // 4)

    def add(self, diff: str | None) -> None:
        """The `+` lines of an edit's diff."""
        for line in (diff or "").splitlines():
            text = line[1:].strip()
            if line[:1] != "+" or len(text) < _MIN_CHARS or not _WORD.search(text) or UNSAFE_ALONE.search(text):
                continue
            if _PLACEHOLDER.search(text):
                literal = _PLACEHOLDER.split(text)
                if sum(len(part.strip()) for part in literal) >= _MIN_CHARS:
                    pattern = re.compile(".+?".join(re.escape(part) for part in literal) + r"\Z")
                    self._patterns.append((literal[0][:1], pattern))
            else:
                self._exact.append(text)

    def __bool__(self) -> bool:
        return bool(self._exact or self._patterns)

    def shown_in(self, lines: list[str]) -> set[int]:
        """The numbers of the first lines (MAX_SHOWN, each text once) of `lines` that show an added line."""
        exact = set(self._exact)
        # A pattern matches from the line's start, its first literal as written: only those whose first character
        # is the line's can match it (a long output's ~2,000 lines against up to 100 patterns each: 2.7 M tries
        # over the project's own 100 MB session, a fifth of its extraction)
        by_first: dict[str, list[re.Pattern[str]]] = {}
        for first, pattern in self._patterns:
            by_first.setdefault(first, []).append(pattern)
        anywhere = by_first.pop("", [])
        found: set[int] = set()
        seen: set[str] = set()
        for number, line in enumerate(lines):
            text = line.strip()
            if text in seen or UNSAFE_ALONE.search(text):
                continue
            if (
                text in exact
                or any(pattern.match(text) for pattern in by_first.get(text[:1], ()))
                or any(pattern.match(text) for pattern in anywhere)
            ):
                seen.add(text)
                found.add(number)
                if len(found) == MAX_SHOWN:
                    break
        return found
