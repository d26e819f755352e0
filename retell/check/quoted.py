"""Whether the words a model copied as its evidence are in the material it was shown.

A verification answer that says a claim is contradicted, or is in another event, copies the words of that event
(`evidence`). Words the material does not hold are no evidence: the verdict is not used. The comparison forgives
what copying changes (case, spacing, markup and quote marks, a diff's sign, a cut marked `…`) and a word or two
in a long quote, never a figure.
"""

from __future__ import annotations

import re

_SPACE = re.compile(r"\s+")
_MARKUP = re.compile(r"[`*_“”\"‘’'«»「」『』]")
_CUT = re.compile(r"…|\.\.\.")
_TOKEN = re.compile(r"\w+")
SHARE = 0.85  # of a quote's words the material must hold when it is not there word for word


def plain(text: str) -> str:
    return _SPACE.sub(" ", _MARKUP.sub("", text)).strip().casefold()


def quoted_in(evidence: str, material: str) -> bool:
    """True when `evidence` (a model's copy of an event's words) is in `material` (what the model was shown)."""
    if clocks_in(evidence, material):
        return True
    shown = plain(material)
    pieces = [p.strip(" +-") for p in (plain(x) for x in _CUT.split(evidence))]
    pieces = [p for p in pieces if p]
    if not pieces:
        return False
    if all(p in shown for p in pieces):
        return True
    tokens = _TOKEN.findall(" ".join(pieces))
    have = set(_TOKEN.findall(shown))
    if any(t not in have for t in tokens if any(c.isdigit() for c in t)):
        return False  # a figure the material does not print is never a copying slip
    words = [t for t in tokens if len(t) > 1]
    return bool(words) and sum(t in have for t in words) >= SHARE * len(words)


# An event's id and its clock time as the material writes them (`[e3] 19:47:30.9`): a wrong duration or order is
# shown by the times alone, with no words to copy (round 38: answerers found `contradicted` asked for words a
# wrong "two minutes later" has none of).
_CLOCK_REF = re.compile(r"\[?\b(e\d+(?:\.\d+)*)\]?[\s:,]*(\d{1,2}:\d{2}(?::\d{2}(?:\.\d)?)?)")


def clocks_in(evidence: str, material: str) -> bool:
    """True when `evidence` is events' ids and clock times (`[e3] 19:47:30.9, [e5] 19:52:10.2`), each time the one
    `material` gives that event, and nothing else but joining words (no other figure)."""
    refs = _CLOCK_REF.findall(evidence)
    if not refs or any(c.isdigit() for c in _CLOCK_REF.sub(" ", evidence)):
        return False
    return all(re.search(rf"^\s*\[{re.escape(ref)}\] {re.escape(time)}", material, re.M) for ref, time in refs)
