"""What a check found in a post, as data: the publish gate's problems (and, later, the grounding check's
untraced claims) in one shape, so `retell render` can refuse on them and `retell preview` can show them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Finding:
    source: str  # the check that found it: "publish gate", "grounding check", …
    kind: str  # what is wrong, one word: "secret", "image-link", "placeholder", …
    message: str  # one line for a person, never the secret itself
    lines: tuple[int, ...] = ()  # the 1-based lines of draft.md it concerns, when known
    blocking: bool = True  # whether `retell render` refuses to write because of it
    strict: bool = False  # whether `retell render --strict` does (the grounding check's sure findings)

    def located(self, path: str = "draft.md") -> str:
        """`draft.md:12,40: message`, or the bare message when no line is known."""
        if not self.lines:
            return self.message
        return f"{path}:{','.join(map(str, self.lines))}: {self.message}"


def line_of(text: str, offset: int) -> int:
    """The 1-based line of `text` that character `offset` is on."""
    return text.count("\n", 0, offset) + 1
