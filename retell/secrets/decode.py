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
