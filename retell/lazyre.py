"""Module-level regexes compiled when first used.

Python compiles a regex in pure Python (~0.1–1 ms each); a parse imports ~330 module-level ones and a session
uses fewer than half (a tiny parse spent ~40 ms of its ~0.4 s compiling regexes it never ran). `lazy(...)` stands in
for `re.compile(...)`: the first use compiles it, and from then on its methods are the compiled pattern's own.
For patterns used through their methods and attributes only (not handed to `re.sub`, `isinstance` or pickle).
"""

from __future__ import annotations

import re
from typing import Any, cast

_ATTRIBUTES = (
    "search",
    "match",
    "fullmatch",
    "finditer",
    "findall",
    "sub",
    "subn",
    "split",
    "scanner",
    "pattern",
    "flags",
    "groups",
    "groupindex",
)


class _Lazy:
    def __init__(self, pattern: str, flags: int) -> None:
        self._source = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        # (called only for what is not set yet: the first use; then the compiled pattern's attributes are this
        # object's own, found without this call)
        compiled = re.compile(*self._source)
        for attribute in _ATTRIBUTES:
            setattr(self, attribute, getattr(compiled, attribute))
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"lazy({self._source[0]!r})"


def lazy(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """`re.compile(pattern, flags)`, compiled on first use."""
    return cast("re.Pattern[str]", _Lazy(pattern, flags))
