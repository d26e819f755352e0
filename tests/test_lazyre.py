"""Module-level regexes compiled on first use (retell/lazyre.py) answer as the compiled pattern does."""

from __future__ import annotations

import re

import pytest

from retell import lazyre


def test_a_lazy_pattern_is_compiled_once_on_first_use(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    real = re.compile

    def counting(pattern: str, flags: int = 0) -> re.Pattern[str]:
        compiled.append(pattern)
        return real(pattern, flags)

    monkeypatch.setattr(lazyre.re, "compile", counting)
    pattern = lazyre.lazy(r"(?P<word>[a-z]+)-(\d+)", re.I)
    assert compiled == []  # (made, not compiled)
    eager = real(r"(?P<word>[a-z]+)-(\d+)", re.I)
    text = "Ab-12, cd-3 and EF-456"
    assert pattern.search(text).group("word") == eager.search(text).group("word")  # type: ignore[union-attr]
    assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in eager.finditer(text)]
    assert pattern.findall(text) == eager.findall(text)
    assert pattern.sub("x", text) == eager.sub("x", text)
    assert pattern.split(text) == eager.split(text)
    assert pattern.match(text) is not None and pattern.fullmatch("ab-1") is not None
    assert (pattern.pattern, pattern.flags, pattern.groups, pattern.groupindex) == (
        eager.pattern,
        eager.flags,
        eager.groups,
        eager.groupindex,
    )
    assert compiled == [r"(?P<word>[a-z]+)-(\d+)"]  # (once)
