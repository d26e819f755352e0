"""What a text means, for the scanner: JSON/C escapes and URL encoding undone, with a map back to the
original characters so that a finding in the decoded text redacts the right span of the original.

A session holds text inside text: JSON in a tool's output (`"token": "…\\n…"`), URLs with `%20`/`%3D`, shell
commands with `\\"`. A token right after `\\n` or `%3D` hides from a rule that starts with `\\b` (the `n` or
`D` before it is a word character); decoded, the boundary is there.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ESCAPE = re.compile(
    r"\\u([0-9a-fA-F]{4})|\\([nrtbf\"'\\/`$])|%([0-7][0-9A-Fa-f])|&(quot|amp|lt|gt|#39|apos);|"
    r"((?:%[C-Fc-f][0-9A-Fa-f])(?:%[89ABab][0-9A-Fa-f]){1,3})"  # a UTF-8 character, URL-encoded (`%C3%A1`)
)
_SIMPLE = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
_ENTITIES = {"quot": '"', "amp": "&", "lt": "<", "gt": ">", "#39": "'", "apos": "'"}
MAX_PASSES = 2  # `%253D` and `\\\\n` are escaped twice


@dataclass(frozen=True)
class DecodedView:
    text: str
    positions: list[int]  # the original position where each decoded character starts, then the end

    def original(self, position: int) -> int:
        """The original position of a decoded position (a span's start or end)."""
        return self.positions[position]


def _decode_once(text: str) -> tuple[str, list[int]] | None:
    out: list[str] = []
    positions: list[int] = []
    last = 0
    for m in _ESCAPE.finditer(text):
        if m.group(1):
            char = chr(int(m.group(1), 16))
        elif m.group(2):
            char = _SIMPLE.get(m.group(2), m.group(2))
        elif m.group(3):
            char = chr(int(m.group(3), 16))
        elif m.group(4):
            char = _ENTITIES[m.group(4)]
        else:
            try:
                char = bytes.fromhex(m.group(5).replace("%", "")).decode("utf-8")
            except UnicodeDecodeError:
                continue  # not one character: left as written
        out.append(text[last : m.start()])
        positions.extend(range(last, m.start()))
        out.append(char)
        positions.append(m.start())
        last = m.end()
    if last == 0:
        return None
    out.append(text[last:])
    positions.extend(range(last, len(text) + 1))
    return "".join(out), positions


def decoded_view(text: str) -> DecodedView | None:
    """The text with its escapes undone (up to MAX_PASSES times), or None when it holds none."""
    if "\\" not in text and "%" not in text and "&" not in text:
        return None
    view: DecodedView | None = None
    current = text
    for _ in range(MAX_PASSES):
        step = _decode_once(current)
        if step is None:
            break
        decoded_text, positions = step
        if view is not None:  # a second pass: its positions map through the first
            positions = [view.positions[p] for p in positions]
        view = DecodedView(decoded_text, positions)
        current = decoded_text
    return view


# A compact diff of an edit or a write, as retell keeps it (`+line`, `-line`, ` context`, `…`): the file's own
# lines are its lines without their first character. A PEM body, an AUTHORS list or a YAML block is only
# recognisable there (`+    MIIE…` is no base64 line; `+## Authors` is no heading).
_DIFF_LINE = re.compile(r"[+\- ]|…|@@|$")


def undiffed_view(text: str) -> DecodedView | None:
    """The text of a diff with each line's `+`, `-` or ` ` marker removed, or None when it is no diff."""
    if "\n+" not in text and not text.startswith("+"):
        return None
    lines = text.split("\n")
    # a one-line file written whole is a one-line diff (`+localhost:5432:*:postgres:…`, a .pgpass): a line's
    # rules read it without its marker; a lone `+49 …` or `-v` is a number or a flag, not a diff
    if len(lines) < 2 and re.match(r"[+-][^\d\s+-]", text) is None:
        return None
    if not all(_DIFF_LINE.match(line) for line in lines):
        return None
    out: list[str] = []
    positions: list[int] = []
    at = 0
    for line in lines:
        # (a `… (30 lines in all)` line is retell's, not the file's: an elision would make a key a placeholder)
        skip = 1 if line[:1] in ("+", "-", " ") else len(line) if line.startswith("…") else 0
        out.append(line[skip:] + "\n")
        positions.extend(range(at + skip, at + len(line) + 1))
        at += len(line) + 1
    view = "".join(out)[:-1]  # (no newline after the last line)
    positions = [*positions[: len(view)], len(text)]
    return DecodedView(view, positions)
