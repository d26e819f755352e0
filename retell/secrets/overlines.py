"""Which rules can flag a value that runs over several lines, read from their regexes.

Code that keeps some lines of a text and not others asks for the flagged values that hold a line break
(`multiline_values`): scanning a 6 KB file's content with ~250 rules to learn that none does cost a
screenshot-heavy parse a third of a second. Only a rule whose secret's span can hold a line break can
report such a value, and only a few can (a private key's block, a curl command's lines): a scan with those
alone tells, exactly, whether the full scan could find one.

The answer comes from Python's own regex parser (`re._parser`, `sre_parse` before 3.11) and errs one way
only: anything it does not know (a back reference, a new node) counts as "can hold a line break".
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from retell.secrets.sre import constants as _c
from retell.secrets.sre import parser as _parser

_NEWLINE = 10
_REPEATS = ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT")
# the character classes that hold "\n"
_NEWLINE_CATEGORIES = (
    "CATEGORY_SPACE",
    "CATEGORY_NOT_DIGIT",
    "CATEGORY_NOT_WORD",
    "CATEGORY_LINEBREAK",
    "CATEGORY_UNI_SPACE",
    "CATEGORY_UNI_NOT_DIGIT",
    "CATEGORY_UNI_NOT_WORD",
    "CATEGORY_UNI_LINEBREAK",
)


# The answers for retell's own and the vendored rules, read once from their regexes and kept with the package
# (`python bench/secrets/write_overlines.py` writes it again): reading all ~360 rules costs ~0.1 s, and a scan of
# the rules that can flag a value over lines needs to know which they are before it starts. Keyed by a hash of
# the regex, its flags and its group, so a changed rule is read again (`answer`), never answered from the table.
TABLE = Path(__file__).resolve().parent.parent / "data" / "overlines.json"


def rule_key(regex: str, flags: int, group: int | str | tuple[str, ...] | None) -> str:
    return hashlib.sha256(f"{flags}\0{group!r}\0{regex}".encode()).hexdigest()[:16]


@lru_cache(maxsize=1)
def _table() -> dict[str, bool]:
    try:
        table: dict[str, bool] = orjson.loads(TABLE.read_bytes())["rules"]
    except (OSError, ValueError, KeyError, TypeError):
        return {}  # (no table: every rule is read from its regex)
    return table


def answer(regex: str, flags: int, group: int | str | tuple[str, ...] | None) -> bool:
    """`span_can_hold_newline`, from the table when it holds this very rule."""
    known = _table().get(rule_key(regex, flags, group))
    return known if known is not None else span_can_hold_newline(regex, flags, group)


def table_of(rules: Any) -> dict[str, bool]:
    """What the table holds for these rules (each `Rule`), read from their regexes."""
    return {
        rule_key(r.regex, r.flags, r.group): span_can_hold_newline(r.regex, r.flags, r.group)
        for r in sorted(rules, key=lambda r: (r.regex, r.flags, repr(r.group)))
    }


def span_can_hold_newline(regex: str, flags: int, group: int | str | tuple[str, ...] | None) -> bool:
    """Whether a match's secret span (Rule._span: `group`, or the first non-empty group, or the whole match)
    can hold a line break."""
    try:
        parsed = _parser.parse(regex, flags)
        dotall = bool(parsed.state.flags & _c.SRE_FLAG_DOTALL)
        groups: dict[int, tuple[Any, bool]] = {}
        _groups(parsed.data, dotall, groups)
        names = parsed.state.groupdict
        if isinstance(group, tuple):
            numbers = [names[name] for name in group]
        elif isinstance(group, str):
            numbers = [names[group]]
        elif isinstance(group, int):
            numbers = [group]
        else:
            numbers = list(groups)
            # no group, or all of them empty: the whole match is the span
            if not numbers or not _a_group_is_never_empty(parsed.data):
                return _consumes_newline(parsed.data, dotall)
        return any(_consumes_newline(*groups[n]) for n in numbers)
    except Exception:  # (a shape this reading does not know: it may)
        return True


def _in_set(items: Any) -> bool:
    negate = hit = False
    for op, av in items:
        name = op.name
        if name == "NEGATE":
            negate = True
        elif name == "LITERAL":
            hit = hit or av == _NEWLINE
        elif name == "RANGE":
            hit = hit or av[0] <= _NEWLINE <= av[1]
        elif name == "CATEGORY":
            hit = hit or av.name in _NEWLINE_CATEGORIES
        else:
            return True
    return hit != negate


def _dotall(dotall: bool, add: int, remove: int) -> bool:
    return (dotall or bool(add & _c.SRE_FLAG_DOTALL)) and not remove & _c.SRE_FLAG_DOTALL


def _consumes_newline(items: Any, dotall: bool) -> bool:
    """Whether this part of a pattern can consume a "\\n" (assertions consume nothing)."""
    for op, av in items:
        name = op.name
        if name == "LITERAL":
            if av == _NEWLINE:
                return True
        elif name == "NOT_LITERAL":
            if av != _NEWLINE:
                return True
        elif name == "ANY":
            if dotall:
                return True
        elif name == "IN":
            if _in_set(av):
                return True
        elif name in _REPEATS:
            if _consumes_newline(av[2], dotall):
                return True
        elif name == "SUBPATTERN":
            if _consumes_newline(av[3], _dotall(dotall, av[1], av[2])):
                return True
        elif name == "ATOMIC_GROUP":
            if _consumes_newline(av, dotall):
                return True
        elif name == "BRANCH":
            if any(_consumes_newline(branch, dotall) for branch in av[1]):
                return True
        elif name == "GROUPREF_EXISTS":
            if _consumes_newline(av[1], dotall) or (av[2] is not None and _consumes_newline(av[2], dotall)):
                return True
        elif name not in ("AT", "ASSERT", "ASSERT_NOT"):
            return True  # a back reference, or anything else: it may
    return False


def _groups(items: Any, dotall: bool, out: dict[int, tuple[Any, bool]]) -> None:
    """Each capturing group's pattern and whether `.` matches "\\n" there."""
    for op, av in items:
        name = op.name
        if name == "SUBPATTERN":
            inner = _dotall(dotall, av[1], av[2])
            if av[0] is not None:
                out[av[0]] = (av[3], inner)
            _groups(av[3], inner, out)
        elif name in _REPEATS:
            _groups(av[2], dotall, out)
        elif name == "ATOMIC_GROUP":
            _groups(av, dotall, out)
        elif name == "BRANCH":
            for branch in av[1]:
                _groups(branch, dotall, out)
        elif name in ("ASSERT", "ASSERT_NOT"):
            _groups(av[1], dotall, out)
        elif name == "GROUPREF_EXISTS":
            _groups(av[1], dotall, out)
            if av[2] is not None:
                _groups(av[2], dotall, out)


def _a_group_is_never_empty(items: Any) -> bool:
    """Whether every match fills a capturing group with at least one character (one outside any branch or
    optional part, that cannot match empty)."""
    for op, av in items:
        name = op.name
        if name == "SUBPATTERN":
            if av[0] is not None and av[3].getwidth()[0] >= 1:
                return True
            if _a_group_is_never_empty(av[3]):
                return True
        elif name in _REPEATS:
            if av[0] >= 1 and _a_group_is_never_empty(av[2]):
                return True
        elif name == "ATOMIC_GROUP" and _a_group_is_never_empty(av):
            return True
    return False
