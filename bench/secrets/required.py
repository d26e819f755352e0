"""What every match of a rule's regex must hold, read from the regex (perf10's measurement; the scan does not use it).

Python's regex parser reads the regex; from it come (a) a set of ASCII strings one of which every match holds,
lower-cased, looked for in the lower-cased text the keyword pass already made, and (b) whether every match holds a
non-ASCII character (a run of Han or Hangul), so a text that is all ASCII (most are; `str.isascii` is one flag
read) cannot match. Only what a match consumes counts: a lookaround, an anchor or a back reference requires
nothing. Gitleaks' keywords are the author's guess of such a string; these are proven from the regex, so they
only ever skip a text where the regex finds nothing, and the findings stay the same.

With IGNORECASE, Python matches an ASCII letter with four other characters (İ and ı with i, ſ with s, the Kelvin
sign with k: gate.py). The Kelvin sign lowers to k; the other three do not lower to their ASCII letter, so a text
holding one of them is searched as before (`trusted`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retell.secrets.gate import _ASCII_FOLDS
from retell.secrets.sre import constants as _c
from retell.secrets.sre import parser as _parser

# non-ASCII characters that IGNORECASE matches with an ASCII letter
_FOLDS_TO_ASCII = tuple(c for a, b in _ASCII_FOLDS for c in range(a, b + 1))
# what a lower-cased text may spell differently from what the regex matched (see the module's docstring)
_UNTRUSTED = ("\u0130", "\u0131", "\u017f")
_MAX_SET = 16  # strings in a set of alternatives: more, and the set is dropped
_MAX_CLASS = 4  # characters of a class taken as alternatives
_MAX_LENGTH = 24


@dataclass(frozen=True)
class Required:
    """What every match holds: one of `strings` (lower-cased ASCII; empty: nothing known), a non-ASCII
    character (`non_ascii`)."""

    strings: frozenset[str] = frozenset()
    non_ascii: bool = False

    def may_hold(self, text: str, lowered: str) -> bool:
        """False when `text` (and `lowered`, its `str.lower()`) cannot hold a match."""
        if text.isascii():
            if self.non_ascii:
                return False
        elif not trusted(text):
            return True
        return not self.strings or any(s in lowered for s in self.strings)


NOTHING = Required()


def trusted(text: str) -> bool:
    """Whether a string the regex matches with IGNORECASE is found in `text.lower()` (see the docstring)."""
    return not any(c in text for c in _UNTRUSTED)


@dataclass(frozen=True)
class _Info:
    exact: frozenset[str] | None  # every string a match of this part can be, lower-cased (None: too many)
    strings: frozenset[str] | None  # one of these is in every match of this part (None: nothing known)
    non_ascii: bool  # every match of this part holds a non-ASCII character


_UNKNOWN = _Info(None, None, False)
_EMPTY = _Info(frozenset({""}), None, False)


def required(regex: str, flags: int = 0, min_length: int = 2) -> Required:
    """What every match of `regex` holds; NOTHING for a regex this reading does not know. A set of strings
    shorter than `min_length` is not worth a search, and is left out."""
    try:
        parsed = _parser.parse(regex, flags)
        ignore = bool(parsed.state.flags & _c.SRE_FLAG_IGNORECASE)
        info = _seq(parsed.data, ignore)
    except Exception:  # (a shape this reading does not know: nothing is required)
        return NOTHING
    strings = _best(info)
    if strings is None or min(map(len, strings)) < min_length:
        strings = frozenset()
    if not strings and not info.non_ascii:
        return NOTHING
    return Required(strings, info.non_ascii)


def _best(info: _Info) -> frozenset[str] | None:
    candidates = [s for s in (info.exact, info.strings) if s is not None and "" not in s]
    return max(candidates, key=_score, default=None)


def _score(strings: frozenset[str]) -> tuple[int, int]:
    return (min(map(len, strings)), -len(strings))


def _product(a: frozenset[str], b: frozenset[str]) -> frozenset[str] | None:
    if len(a) * len(b) > _MAX_SET:
        return None
    out = frozenset(x + y for x in a for y in b)
    return out if max(map(len, out)) <= _MAX_LENGTH else None


def _seq(items: Any, ignore: bool) -> _Info:
    cur: frozenset[str] | None = frozenset({""})
    whole = True  # every item so far had an exact set
    candidates: list[frozenset[str]] = []
    non_ascii = False
    for op, av in items:
        info = _node(op, av, ignore)
        non_ascii = non_ascii or info.non_ascii
        if info.strings is not None:
            candidates.append(info.strings)
        if info.exact is not None and cur is not None:
            joined = _product(cur, info.exact)
            if joined is not None:
                cur = joined
                continue
        # the run of exact parts ends here: what it spelled is one candidate; a new run starts after this part
        if cur is not None and "" not in cur:
            candidates.append(cur)
        whole = False
        cur = info.exact if info.exact is not None else frozenset({""})
    if cur is not None and "" not in cur:
        candidates.append(cur)
    best = max(candidates, key=_score, default=None)
    return _Info(cur if whole else None, best, non_ascii)


def _node(op: Any, av: Any, ignore: bool) -> _Info:
    name = op.name
    if name == "LITERAL":
        return _chars([(av, av)], ignore)
    if name == "IN":
        return _class(av, ignore)
    if name == "SUBPATTERN":
        _group, add, delete, body = av
        if add & _c.SRE_FLAG_IGNORECASE:
            ignore = True
        if delete & _c.SRE_FLAG_IGNORECASE:
            ignore = False
        return _seq(body, ignore)
    if name == "ATOMIC_GROUP":
        return _seq(av, ignore)
    if name == "BRANCH":
        return _either([_seq(branch, ignore) for branch in av[1]])
    if name == "GROUPREF_EXISTS":
        _group, yes, no = av
        return _either([_seq(yes, ignore), _seq(no, ignore) if no else _EMPTY])
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, body = av
        if low == 0:
            return _EMPTY if high == 0 else _UNKNOWN
        info = _seq(body, ignore)
        exact = info.exact
        if exact is not None:
            if low != high:
                exact_run: frozenset[str] | None = None
            else:
                exact_run = frozenset({""})
                for _ in range(low):
                    exact_run = _product(exact_run, exact) if exact_run is not None else None
            # (one repetition at least: its strings are in every match)
            return _Info(exact_run, exact if "" not in exact else None, info.non_ascii)
        return _Info(None, info.strings, info.non_ascii)
    if name in ("AT", "ASSERT", "ASSERT_NOT"):  # (an anchor or a lookaround consumes nothing)
        return _EMPTY
    return _UNKNOWN  # (any character, a negated literal, a back reference: nothing known)


def _either(infos: list[_Info]) -> _Info:
    exact: frozenset[str] | None = None
    if all(i.exact is not None for i in infos):
        exact = frozenset().union(*(i.exact for i in infos if i.exact is not None))
        if len(exact) > _MAX_SET:
            exact = None
    strings: frozenset[str] | None = None
    bests = [_best(i) for i in infos]
    if all(b is not None for b in bests):
        strings = frozenset().union(*(b for b in bests if b is not None))
        if len(strings) > _MAX_SET:
            strings = None
    return _Info(exact, strings, all(i.non_ascii for i in infos))


def _chars(ranges: list[tuple[int, int]], ignore: bool) -> _Info:
    """One character of these code points."""
    count = sum(b - a + 1 for a, b in ranges)
    if all(a >= 0x80 for a, _ in ranges):
        folds = ignore and any(a <= c <= b for a, b in ranges for c in _FOLDS_TO_ASCII)
        return _Info(None, None, not folds)
    if all(b < 0x80 for _, b in ranges) and count <= 2 * _MAX_CLASS:
        chars = frozenset(chr(c).lower() for a, b in ranges for c in range(a, b + 1))
        if len(chars) <= _MAX_CLASS:
            return _Info(chars, chars, False)
    return _UNKNOWN


def _class(items: Any, ignore: bool) -> _Info:
    ranges: list[tuple[int, int]] = []
    for op, av in items:
        name = op.name
        if name == "LITERAL":
            ranges.append((av, av))
        elif name == "RANGE":
            ranges.append((av[0], av[1]))
        else:  # (a negated class, a category: nothing known)
            return _UNKNOWN
    return _chars(ranges, ignore) if ranges else _UNKNOWN
