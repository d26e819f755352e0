"""The lines of a long output that the next words after it take up, so that its excerpt keeps them.

A long output is kept as its first and last lines; Claude's next message often explains its middle: a query plan's
scans and row counts ("1.19M rows through the `posted_at` index", "expected 1131 accounts, actual 58"), a pod's
`OOMKilled` and its `512Mi` limit. Cut, the post could show only the lines nobody explained, and a figure the plan
printed read as Claude's (round 47). A line is taken up when it holds a name from code the words write (a code span,
an identifier: `invoices_issued_at_idx`, `bodyParser.json`) or a figure they give, as written or rounded (`874k` for
874109, `1.19M` for 1192804); only what few lines hold says which ones (a word on every line says nothing).
"""

from __future__ import annotations

import re

from retell.extract.new_lines import UNSAFE_ALONE

MAX_TAKEN_UP = 6  # of one output, at most this many lines are kept for the words that take it up
_DISTINCT = 3  # a name or figure on more lines than this picks none of them
_CODE_SPAN = re.compile(r"`([^`\n]{3,80})`")
# a name from code outside a span: snake_case, dotted, CamelCase inside a word, or a figure glued to a unit (512Mi)
_IDENTIFIER = re.compile(
    r"(?<![\w/.-])(?=[\w./-]*(?:[a-z][A-Z]|[A-Za-z]_|_[A-Za-z]|[a-z]\.[a-z]|\d[A-Za-z]))[\w./-]{4,}"
)
# a figure of the words: a whole number of two digits or more, or a rounded one with its k or M ("874k", "1.19M")
_FIGURE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)\s?(k|K|M|Mio\.?)?(?![\w])")
_NUMBER = re.compile(r"(?<![\d.])\d+(?![\d])")
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "Mio": 1e6, "Mio.": 1e6}


def _names(words: str) -> set[str]:
    names = {m.group(1).strip() for m in _CODE_SPAN.finditer(words)}
    names |= {m.group(0).strip("./") for m in _IDENTIFIER.finditer(words)}
    return {n for n in names if len(n) >= 3 and not n.isdigit()}


def _figures(words: str) -> tuple[set[str], list[tuple[float, float]]]:
    """The whole numbers the words write (as text), and the rounded ones as (value, tolerance)."""
    exact: set[str] = set()
    rounded: list[tuple[float, float]] = []
    for match in _FIGURE.finditer(words):
        number, suffix = match.group(1), match.group(2)
        if suffix:
            whole, _, fraction = number.replace(",", ".").partition(".")
            scale = _SCALE[suffix]
            value = float(f"{whole}.{fraction or 0}") * scale
            rounded.append((value, 10.0 ** -len(fraction) / 2 * scale))
        elif number.isdigit() and len(number) >= 2:
            exact.add(number)
    return exact, rounded


def taken_up_lines(lines: list[str], words: str) -> set[int]:
    """The numbers of `lines` (at most MAX_TAKEN_UP) that `words` take up by a name or a figure few lines hold."""
    names = _names(words)
    exact, rounded = _figures(words)
    if not names and not exact and not rounded:
        return set()
    hits: dict[str, set[int]] = {}
    for number, line in enumerate(lines):
        if UNSAFE_ALONE.search(line):
            continue
        for name in names:
            if name in line:
                hits.setdefault(f"n:{name}", set()).add(number)
        for found in _NUMBER.findall(line):
            if found in exact:
                hits.setdefault(f"x:{found}", set()).add(number)
            elif len(found) >= 3:
                value = float(found)
                for target, tolerance in rounded:
                    if abs(value - target) <= tolerance:
                        hits.setdefault(f"r:{target}", set()).add(number)
    score: dict[int, int] = {}
    for numbers in hits.values():
        if len(numbers) <= _DISTINCT:
            for number in numbers:
                score[number] = score.get(number, 0) + 1
    best = sorted(score, key=lambda n: (-score[n], n))[:MAX_TAKEN_UP]
    return set(best)
