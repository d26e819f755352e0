"""A rule's regex, tried in full at every position of a text, asked first of RE2 (google-re2): can it match here?

Python's regex engine finds a regex that starts with a literal (or a set of first characters) by a fast search
for it; one that starts with a lookbehind or an ignore-case word list (`(?i)(?<![\\w/.:@$-])(?P<user>admin|root|
…)`) is tried in full at each position: one such rule cost a 100 MB session's parse 0.7-0.9 s of CPU to find a
match in 76 of 5,437 texts. Here the regex is read with Python's own regex parser and written again as an RE2
pattern that matches wherever it could, and more (`superset`): lookarounds and anchors dropped, a back reference
as any text, `\\w` as any word character or any non-ASCII one, a long count loosened. RE2 runs it in linear time
(a DFA over the text's UTF-8 bytes); where it finds nothing, the rule's regex can find nothing and is not run;
where it finds something, the rule's own regex runs as before and gives the exact spans. So the findings are
the same, byte for byte.

Only those rules are asked: where Python's engine starts from a literal, RE2 is no faster (measured). Without
google-re2 (no wheel for a platform), or for a text RE2 cannot read (a lone surrogate), every rule runs as before.
"""

from __future__ import annotations

import functools
import hashlib
import re as _re
import sys
import unicodedata
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from retell.secrets.sre import constants as _c
from retell.secrets.sre import parser as _parser

_TOP = 0x10FFFF
_NON_ASCII = [(0x80, _TOP)]
# Python's IGNORECASE matches these with an ASCII letter (İ and ı with i, ſ with s, the Kelvin sign with k): found
# by trying every code point (tests/secrets/test_gate.py does it again)
_ASCII_FOLDS = [(0x130, 0x131), (0x17F, 0x17F), (0x212A, 0x212A)]
# `{m,n}`: counts up to this are kept; a longer one only needs this many (a superset, and a smaller automaton)
_COUNT = 8
_SURROGATES = (0xD800, 0xDFFF)

Ranges = list[tuple[int, int]]

# (what a class holds, at least, where it is negated; what it can hold, where it is not)
_CATEGORIES: dict[str, tuple[Ranges, Ranges]] = {
    "DIGIT": ([(0x30, 0x39)], [(0x30, 0x39), *_NON_ASCII]),
    "NOT_DIGIT": ([(0, 0x2F), (0x3A, 0x7F)], [(0, 0x2F), (0x3A, _TOP)]),
    # (Unicode's `\s` also holds \x1c-\x1f; ASCII's does not)
    "SPACE": ([(0x09, 0x0D), (0x20, 0x20)], [(0x09, 0x0D), (0x1C, 0x20), *_NON_ASCII]),
    "NOT_SPACE": ([(0, 0x08), (0x0E, 0x1B), (0x21, 0x7F)], [(0, 0x08), (0x0E, 0x1F), (0x21, _TOP)]),
    "WORD": (
        [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A)],
        [(0x30, 0x39), (0x41, 0x5A), (0x5F, 0x5F), (0x61, 0x7A), *_NON_ASCII],
    ),
    "NOT_WORD": (
        [(0, 0x2F), (0x3A, 0x40), (0x5B, 0x5E), (0x60, 0x60), (0x7B, 0x7F)],
        [(0, 0x2F), (0x3A, 0x40), (0x5B, 0x5E), (0x60, 0x60), (0x7B, _TOP)],
    ),
}


class Untranslatable(Exception):
    """A regex this reading does not know: its rule always runs."""


def superset(regex: str, flags: int = 0) -> str:
    """An RE2 pattern that matches somewhere in every text where `regex` (Python's) matches somewhere."""
    parsed = _parser.parse(regex, flags)
    ignore = bool(parsed.state.flags & _c.SRE_FLAG_IGNORECASE)
    return _seq(parsed.data, ignore)


def _seq(items: Any, ignore: bool) -> str:
    return "".join(_node(op, av, ignore) for op, av in items)


def _node(op: Any, av: Any, ignore: bool) -> str:
    name = op.name
    if name == "LITERAL":
        return _class(_fold([(av, av)]) if ignore else [(av, av)])
    if name == "NOT_LITERAL":  # (Python's IGNORECASE excludes its other cases too: excluding fewer is wider)
        return _class(_complement([(av, av)]))
    if name == "ANY":
        return "(?s:.)"
    if name == "IN":
        return _class(_in(av, ignore))
    if name == "BRANCH":
        return "(?:" + "|".join(_seq(branch, ignore) for branch in av[1]) + ")"
    if name == "SUBPATTERN":
        _group, add, delete, body = av
        if add & _c.SRE_FLAG_IGNORECASE:
            ignore = True
        if delete & _c.SRE_FLAG_IGNORECASE:
            ignore = False
        return "(?:" + _seq(body, ignore) + ")"
    if name == "ATOMIC_GROUP":  # (it only ever takes fewer matches)
        return "(?:" + _seq(av, ignore) + ")"
    if name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, high, body = av
        inner = "(?:" + _seq(body, ignore) + ")"
        low = min(low, _COUNT)
        if high == _c.MAXREPEAT or high > _COUNT:
            return f"{inner}{{{low},}}" if low else f"{inner}*"
        return f"{inner}{{{low},{high}}}"
    if name in ("AT", "ASSERT", "ASSERT_NOT"):  # (an anchor or a lookaround only narrows where it matches)
        return ""
    if name == "GROUPREF":
        return "(?s:.)*"
    if name == "GROUPREF_EXISTS":
        _group, yes, no = av
        return "(?:" + _seq(yes, ignore) + "|" + (_seq(no, ignore) if no else "") + ")"
    raise Untranslatable(name)


def _in(items: Any, ignore: bool) -> Ranges:
    """The code points a class can match (more, never fewer)."""
    negate = bool(items) and items[0][0].name == "NEGATE"
    held: Ranges = []
    for op, av in items[1:] if negate else items:
        name = op.name
        if name == "LITERAL":
            held.append((av, av))
        elif name == "RANGE":
            held.append((av[0], av[1]))
        elif name == "CATEGORY":
            category = av.name.removeprefix("CATEGORY_").removeprefix("UNI_")
            if category not in _CATEGORIES:
                raise Untranslatable(av.name)
            at_least, at_most = _CATEGORIES[category]
            held.extend(at_least if negate else at_most)
        else:
            raise Untranslatable(name)
    if negate:  # (what it surely excludes: the items as written, each category's ASCII part)
        return _complement(held)
    return _fold(held) if ignore else held


def _fold(ranges: Ranges) -> Ranges:
    """With IGNORECASE: ASCII letters in both cases and what Python folds onto them; a non-ASCII character may
    fold onto any other, and onto i, k or s (the other way round of `_ASCII_FOLDS`)."""
    out = list(ranges)
    exact = _exact_folds(ranges)
    if exact is not None:
        out.extend(exact)
    for low, high in ranges:
        if high > 0x7F and exact is None:
            out.append((0x80, _TOP))
            out.extend((c, c) for c in b"IKSiks")
        for a, b, shift in ((0x41, 0x5A, 0x20), (0x61, 0x7A, -0x20)):
            lo, hi = max(low, a), min(high, b)
            if lo <= hi:
                out.append((lo + shift, hi + shift))
                out.extend(_ASCII_FOLDS)
    return out


_FOLD_LIMIT = 64  # non-ASCII code points of a class whose folds are looked up one by one; more: any non-ASCII
# Every code point with a case (one that IGNORECASE can match with another) lies below this, in the Unicode versions
# checked (tests/secrets/test_gate.py checks the running one); under any other, every code point is looked at.
_CASED_BELOW = 0x1F000
_CHECKED_UNICODE = frozenset({"14.0.0"})  # (Python 3.11; another version looks at every code point)


def _exact_folds(ranges: Ranges) -> Ranges | None:
    """The code points Python's IGNORECASE matches with these non-ASCII ones, found by Python's own engine over
    every code point that can have a case; None for a class of more than _FOLD_LIMIT non-ASCII ones."""
    wide = [(max(low, 0x80), high) for low, high in ranges if high > 0x7F]
    if not wide or sum(high - low + 1 for low, high in wide) > _FOLD_LIMIT:
        return None
    return list(_folds_of(tuple(wide)))


@functools.lru_cache(maxsize=1024)
def _folds_of(wide: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """_exact_folds of a class's non-ASCII ranges: one look-up over every code point each (the rules' regexes
    repeat their classes: ~390 classes read, ~130 distinct, ~0.35 ms each)."""
    chars = "".join(chr(c) for low, high in wide for c in range(low, high + 1) if not 0xD800 <= c <= 0xDFFF)
    found = _re.findall("(?i)[" + _re.escape(chars) + "]", _candidates() + chars)
    return tuple((ord(c), ord(c)) for c in set(found))


@functools.lru_cache(maxsize=1)
def _candidates() -> str:
    """Every code point, but those that have no case and lie above all that have one (_CASED_BELOW)."""
    end = _CASED_BELOW if unicodedata.unidata_version in _CHECKED_UNICODE else _TOP + 1
    return "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, end)))


def _complement(ranges: Ranges) -> Ranges:
    out: Ranges = []
    at = 0
    for low, high in _merged(ranges):
        if low > at:
            out.append((at, low - 1))
        at = max(at, high + 1)
    if at <= _TOP:
        out.append((at, _TOP))
    return out


def _merged(ranges: Ranges) -> Ranges:
    out: Ranges = []
    for low, high in sorted(ranges):
        if out and low <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(out[-1][1], high))
        else:
            out.append((low, high))
    return out


def _class(ranges: Ranges) -> str:
    """An RE2 class of these code points (UTF-8 has no surrogates: they are left out)."""
    parts = []
    for low, high in _merged(ranges):
        for a, b in ((low, min(high, _SURROGATES[0] - 1)), (max(low, _SURROGATES[1] + 1), high)):
            if a <= b:
                parts.append(f"\\x{{{a:x}}}" if a == b else f"\\x{{{a:x}}}-\\x{{{b:x}}}")
    if not parts:
        return "[^\\x00-\\x{10ffff}]"  # (matches nothing)
    return "[" + "".join(parts) + "]"


def _tried_everywhere(items: Any, ignore: bool) -> bool:
    """Whether Python's engine tries this regex in full at each position: it starts with no literal (nor a set of
    first characters) that the engine's own search can look for (re/_compiler.py's `_compile_info`)."""
    if not items:
        return False
    op, av = items[0]
    name = op.name
    if name == "SUBPATTERN":
        _group, add, delete, body = av
        inner = (ignore or bool(add & _c.SRE_FLAG_IGNORECASE)) and not delete & _c.SRE_FLAG_IGNORECASE
        return _tried_everywhere(body, inner)
    if name == "LITERAL":
        return ignore
    if name == "IN":
        return ignore
    if name == "BRANCH":
        return ignore or any(not branch or branch[0][0].name != "LITERAL" for branch in av[1])
    return True  # (an assertion, a repeat, any character: no prefix to search for)


class Gate:
    """Whether a rule's regex can match a text, asked of RE2."""

    def __init__(self, pattern: Any) -> None:
        self._search = pattern.search

    def can_match(self, text: str) -> bool:
        encoded = _utf8(text)
        if encoded is None:  # (a lone surrogate: RE2 reads UTF-8 only)
            return True
        # (RE2 is handed the text's UTF-8 itself: given a str, google-re2 encodes it again for each pattern and
        # maps every offset back to characters, which costs more than the search; a yes or no needs neither)
        return self._search(encoded) is not None


# The last text's UTF-8: the scanner asks the gates of many rules about one text in turn (~100 of them for some).
# (one tuple, replaced whole: a thread that scans meanwhile never pairs a text with another's bytes)
_LAST: tuple[str | None, bytes | None] = (None, None)


def _utf8(text: str) -> bytes | None:
    global _LAST
    last = _LAST
    if last[0] is text:
        return last[1]
    try:
        encoded: bytes | None = text.encode("utf-8")
    except UnicodeEncodeError:
        encoded = None
    _LAST = (text, encoded)
    return encoded


# The readings of the regexes retell ships, made once and kept with the package (`python
# bench/secrets/write_gates.py` writes it again; tests/secrets/test_gate.py fails while it is out of date): reading
# a rule's regex costs ~1.4 ms (Python's regex parser, then each class's case folds looked up), ~0.2 s for the rules
# a big session asks, in each process that scans. Keyed by a hash of the regex and its flags, so a changed rule is
# read again, never answered from the table; kept only for the Python and Unicode versions it was made with (the
# parser's reading and the folds depend on them).
TABLE = Path(__file__).resolve().parent.parent / "data" / "gates.json.gz"  # (~0.9 MB of JSON: alternations of names)


def regex_key(regex: str, flags: int) -> str:
    return hashlib.sha256(f"{flags}\0{regex}".encode()).hexdigest()[:16]


def _made_for() -> dict[str, str]:
    return {"python": "{}.{}".format(*sys.version_info[:2]), "unicode": unicodedata.unidata_version}


@functools.lru_cache(maxsize=1)
def _table() -> tuple[dict[str, str | None], dict[str, str | None]]:
    """(gates: key -> translation, None for no gate; supersets: key -> superset, None for untranslatable)."""
    import gzip

    import orjson

    try:
        document = orjson.loads(gzip.decompress(TABLE.read_bytes()))
        if document["made_for"] != _made_for():
            return {}, {}
        return document["gates"], document["supersets"]
    except (OSError, EOFError, ValueError, KeyError, TypeError):
        return {}, {}  # (no table: every regex is read when asked)


def translation(regex: str, flags: int) -> str | None:
    """The RE2 pattern a `Gate` runs for this regex; None when it needs none (Python's engine starts from a literal)
    or this reading does not know it."""
    try:
        parsed = _parser.parse(regex, flags)
        ignore = bool(parsed.state.flags & _c.SRE_FLAG_IGNORECASE)
        if not _tried_everywhere(parsed.data, ignore):
            return None
        return _seq(parsed.data, ignore)
    except Exception:  # (a shape this reading does not know: the rule runs as before)
        return None


def _known_superset(regex: str, flags: int) -> str:
    """`superset(regex, flags)`, from the table when it holds this regex (raises Untranslatable as it would)."""
    supersets = _table()[1]
    key = regex_key(regex, flags)
    if key not in supersets:
        return superset(regex, flags)
    known = supersets[key]
    if known is None:
        raise Untranslatable(regex)
    return known


def table_of(gated: Iterable[tuple[str, int]], prefilters: Iterable[tuple[str, int]]) -> dict[str, Any]:
    """What the table holds for these (regex, flags): the gate translation of each regex RE2 may be asked first
    about, the superset of each prefilter."""
    gates = {regex_key(regex, flags): translation(regex, flags) for regex, flags in sorted(set(gated))}
    supersets: dict[str, str | None] = {}
    for regex, flags in sorted(set(prefilters)):
        try:
            supersets[regex_key(regex, flags)] = superset(regex, flags)
        except Exception:  # (as any_of: an owner whose regex this reading does not know always runs)
            supersets[regex_key(regex, flags)] = None
    return {"made_for": _made_for(), "gates": gates, "supersets": supersets}


def gate_for(regex: str, flags: int) -> Gate | None:
    """A `Gate` for a regex that Python tries in full at each position; None for any other (Python's own search is
    as fast), for a regex this reading does not know, or without google-re2."""
    gates = _table()[0]
    key = regex_key(regex, flags)
    translated = gates[key] if key in gates else translation(regex, flags)
    if translated is None:
        return None
    try:
        import re2  # google-re2
    except ImportError:
        return None
    options = re2.Options()
    options.log_errors = False
    try:
        return Gate(re2.compile(translated, options))
    except re2.error:  # (too big for RE2's limits: the rule runs as before)
        return None


class AnyOf:
    """Which of several regexes can match a text, asked of RE2 in one pass (an `re2.Set`): each is read as
    `superset` reads a rule's, so a regex that RE2 says cannot match cannot match with Python's engine either.

    For short plain patterns (the rules' prefilters: `\\d\\d\\d[ .-]\\d\\d\\d\\d`, `[\\u4e00-\\u9fff]{3}`, `</`), whose
    combined automaton stays small; a Set of whole rules' regexes blows up (perf6). RE2 gives up on a Set silently
    when its automaton runs out of memory (no match at all), so an empty pattern, which matches every text, is
    asked too: without it in the answer, nothing is known."""

    def __init__(self, match: Any, sentinel: int, owners: dict[int, int], unread: frozenset[int]) -> None:
        self._match, self._sentinel, self._owners, self._unread = match, sentinel, owners, unread

    def matching(self, text: str) -> frozenset[int] | None:
        """The owners of the regexes that can match `text`; None when unknown (every regex may match)."""
        encoded = _utf8(text)
        if encoded is None:
            return None
        found = self._match(encoded)  # (google-re2 answers None for no match at all)
        if not found or self._sentinel not in found:  # (the empty pattern always matches: RE2 gave up)
            return None
        owners = self._owners
        return self._unread.union([owners[i] for i in found if i in owners])


def any_of(patterns: list[tuple[int, str, int]]) -> AnyOf | None:
    """An `AnyOf` of these (owner, Python regex, flags); None without google-re2. The owner of a regex this reading
    does not know is always in the answer."""
    try:
        import re2  # google-re2
    except ImportError:
        return None
    options = re2.Options()
    options.log_errors = False
    try:
        found = re2.Set.SearchSet(options)
        sentinel = found.Add(b"")
    except Exception:  # pragma: no cover - (RE2 refuses the empty pattern: never seen)
        return None
    owners: dict[int, int] = {}
    unread: set[int] = set()
    for owner, regex, flags in patterns:
        try:
            owners[found.Add(_known_superset(regex, flags).encode("utf-8"))] = owner
        except Exception:  # (a shape this reading does not know, or too big for RE2: it may always match)
            unread.add(owner)
    try:
        found.Compile()
    except Exception:  # pragma: no cover - (RE2's limits: each is asked on its own)
        return None
    return AnyOf(found.Match, sentinel, owners, frozenset(unread))
