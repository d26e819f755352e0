"""What a check found in a post, as data: the publish gate's problems (and, later, the grounding check's
untraced claims) in one shape, so `retell render` can refuse on them and `retell preview` can show them."""

from __future__ import annotations

import re
from dataclasses import dataclass

_CODE = re.compile(r"```.*?```|`[^`\n]*`", re.S)


@dataclass(frozen=True)
class Finding:
    source: str  # the check that found it: "publish gate", "grounding check", …
    kind: str  # what is wrong, one word: "secret", "image-link", "placeholder", …
    message: str  # one line for a person, never the secret itself
    lines: tuple[int, ...] = ()  # the 1-based lines of draft.md it concerns, when known
    blocking: bool = True  # whether `retell render` refuses to write because of it

    def located(self, path: str = "draft.md") -> str:
        """`draft.md:12,40: message`, or the bare message when no line is known."""
        if not self.lines:
            return self.message
        return f"{path}:{','.join(map(str, self.lines))}: {self.message}"


def line_of(text: str, offset: int) -> int:
    """The 1-based line of `text` that character `offset` is on."""
    return text.count("\n", 0, offset) + 1


def prose_lines(text: str, needles: list[str]) -> tuple[int, ...]:
    """The lines of `text` where any of `needles` occurs outside code (fenced blocks and inline spans),
    where a problem in the post can be fixed."""
    blanked = _CODE.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)  # same offsets, no code
    found: set[int] = set()
    for needle in needles:
        start = blanked.find(needle) if needle else -1
        while start >= 0:
            found.add(line_of(blanked, start))
            start = blanked.find(needle, start + len(needle))
    return tuple(sorted(found))
