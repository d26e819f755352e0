"""What the secrets tests share: what the scanner flags in a text, and whether it flags a value whole wherever
the text repeats it."""

from __future__ import annotations

from retell.secrets import Scanner


def flagged_whole(scanner: Scanner, text: str, value: str) -> bool:
    """Every occurrence of `value` in `text` lies inside one finding."""
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    start = text.find(value)
    assert start >= 0, f"{value!r} is not in the text"
    while start >= 0:
        if not any(a <= start and start + len(value) <= b for a, b in spans):
            return False
        start = text.find(value, start + 1)
    return True


def flags(scanner: Scanner, text: str) -> list[tuple[str, str]]:
    """What the scanner flags in a text: each finding's kind and value."""
    return [(f.kind, f.value) for f in scanner.scan(text)]


def names(scanner: Scanner, text: str) -> list[str]:
    """The people's names the scanner flags in a text."""
    return [f.value for f in scanner.scan(text) if f.kind == "person-name"]
