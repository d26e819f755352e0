"""The values an edit changes that no words of Claude's in its turn name: a diff can do more than Claude says of it.

Claude said a startupProbe lets liveness stay fast; the same edit doubled the liveness probe's period, and no word
of Claude's named it. The post repeated Claude's claim under the diff that contradicts it (round 46). A setting
whose value an edit changes (`periodSeconds: 4` → `periodSeconds: 12`, `TIMEOUT = 30` → `TIMEOUT = 60`,
`"max_connections": 100` → `400`) is marked under the edit when none of Claude's messages from the author's message
before it to the author's next one names its key.
"""

from __future__ import annotations

import re

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event
from retell.extract.edit_places import indent_width

MAX_NOTED = 3  # settings noted under one run
# `key: value`, `key = value`, `"key": value,` (a YAML list item's `- key: value` too); never `==` or `:=`
_SETTING = re.compile(r"""^\s*(?:-\s+)?["']?([A-Za-z_][\w.-]*)["']?\s*(?::(?!=)|=(?!=))\s*(.*?)\s*[,;]?\s*$""")

# a setting's value: a number (with its unit: `10s`, `500m`, `1.5`), a word or a short quoted string; never an
# expression (a call, an operator, a list)
_LITERAL = re.compile(r"""^(?:-?\d[\w.]*|[\w.-]{1,40}|"[^"\n]{0,40}"|'[^'\n]{0,40}')$""")
_COMMENT_AFTER = re.compile(r"""\s*[,;]?\s*(?:#|//).*$""")


def unnamed_change_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Notes to put under the edits in `events`, by event id: each value an edit changes that Claude's words in
    its turn (`session`'s messages between the author's message before it and their next one) never name."""
    ordered = session if session is not None else events
    position = {e.id: i for i, e in enumerate(ordered)}
    notes: dict[str, list[str]] = {}
    for event in events:
        if event.kind != TOOL_RUN or not any(call.diff for call in event.calls or ()):
            continue
        at = position.get(event.id)
        words = _turn_words(ordered, at) if at is not None else _turn_words(events, events.index(event))
        edits = sum(1 for call in event.calls or () if call.diff)
        found: list[str] = []
        for number, call in enumerate((c for c in event.calls or () if c.diff), 1):
            for key, old, new, holder in changed_settings(call.diff or ""):
                if _named(key, words):
                    continue
                where = f" under `{holder}`" if holder else ""
                which = f", in edit {number} of {edits}" if edits > 1 else ""
                found.append(f"`{key}` {old} → {new}{where}{which}")
        if found:
            notes[event.id] = [
                "(a value changed, and no words of Claude's in this turn name it: "
                + "; ".join(found[:MAX_NOTED])
                + ". Tell what the diff does, as made without a stated reason)"
            ]
    return notes


def changed_settings(diff: str) -> list[tuple[str, str, str, str]]:
    """(key, old value, new value, the line above that holds it) for each setting a diff removes with one value and
    adds with another."""
    lines = diff.splitlines()
    removed: dict[str, tuple[str, int]] = {}
    out: list[tuple[str, str, str, str]] = []
    for number, line in enumerate(lines):
        if line[:1] not in "-+" or not (match := _SETTING.match(line[1:])) or not match.group(2):
            continue
        key, value = match.group(1), _COMMENT_AFTER.sub("", match.group(2))
        if not _LITERAL.match(value):
            continue  # an expression in code is a change to tell from the diff, not a setting's value
        if line[0] == "-":
            removed[key] = (value, number)
        elif key in removed and removed[key][0] != value:
            old, at = removed.pop(key)
            out.append((key, old, value, _holder(lines, at)))
    return out


def _holder(lines: list[str], at: int) -> str:
    """The nearest line above diff line `at`, the diff shows, indented less and opening a block (`livenessProbe:`)."""
    indent = indent_width(lines[at][1:])
    for line in reversed(lines[:at]):
        text = line[1:]
        opens_a_block = text.rstrip().endswith((":", "{"))
        if line[:1] in (" ", "-") and text.strip() and indent_width(text) < indent and opens_a_block:
            return text.strip()
    return ""


def _turn_words(events: list[Event], at: int) -> str:
    """Claude's messages from the author's message before `at` to their next one, lower-cased."""
    start = next((i for i in range(at, -1, -1) if events[i].kind == HUMAN), 0)
    end = next((i for i in range(at + 1, len(events)) if events[i].kind == HUMAN), len(events))
    return "\n".join(e.text or "" for e in events[start:end] if e.kind == ASSISTANT).lower()


def _named(key: str, words: str) -> bool:
    """Whether the words name a key as written (`periodSeconds`, `max_connections`) or as words ("period
    seconds", "max connections")."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|[_.-]+", " ", key).lower().strip()
    return key.lower() in words or spaced in words
