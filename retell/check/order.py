"""The order of steps a draft tells, against the order of the events that show them.

Two forms a sentence or a paragraph can take, in English, French, Spanish, German and Vietnamese:

- a sentence opening on "After X, Y" ("Before X, Y") or telling "X, then Y": what X names (code, a quoted
  phrase) only in events later (earlier) than every event where what Y names is, tells the steps the wrong way
  round. Only what can be placed counts: code and quotes, found in the session's events by their text;
- a paragraph opening on "Then", "Next", "Afterwards" (…) that cites only events before every event its
  previous paragraph cites: told as what came next, it came before.

Nothing is said where a side names nothing that can be placed, or where anything it names is found on both
sides of the other: a step that happened twice is no order told wrong.
"""

from __future__ import annotations

import re

from retell.check.claims import Claim
from retell.check.document import PARAGRAPH, Block
from retell.check.sources import NOTE, THOUGHT, Sources
from retell.check.text import one_line
from retell.check.verdict import CONTRADICTED, Finding

ORDER = "order"

# (Vietnamese: "Sau khi sửa `main.ts`, …", "Trước khi …")
_AFTER = r"after|once|following|tras|despu[eé]s\s+de|luego\s+de|apr[eè]s|nachdem|nach|sau\s+khi"
_BEFORE = r"before|prior\s+to|antes\s+de|avant(?:\s+de|\s+d')?|bevor|vor|trước\s+khi"
_OPENS = re.compile(rf"^\W*(?:(?P<after>{_AFTER})|(?P<before>{_BEFORE}))\b", re.I)
_THEN = re.compile(r",\s*(?:and\s+)?(?:then|puis|ensuite|y\s+luego|luego|dann|danach)\b", re.I)
_NEXT = re.compile(
    r"^\W*(?:then|next|afterwards|after\s+that|later|puis|ensuite|apr[eè]s\s+(?:cela|quoi|ça)|plus\s+tard|luego|"
    r"despu[eé]s|m[aá]s\s+tarde|a\s+continuaci[oó]n|dann|danach|anschlie(?:ß|ss)end|sp[aä]ter)\b",
    re.I,
)
_SENTENCE = re.compile(r"(?:[^.!?。]|[.!?](?![\s.!?]|$))+(?:[.!?。]+|$)")  # a "." inside a name or figure ends nothing
_CODE = re.compile(r"`([^`\n]{3,})`")
_QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{10,}?)\s*[\"”»“]")
MIN_ANCHOR = 3  # characters of code or a quote for it to say where it comes from
MOMENT_EVENTS = 3  # a paragraph citing this many events or fewer tells one moment (as the citation check reads it)


def sentences(text: str) -> list[tuple[int, int]]:
    """The spans of a paragraph's sentences; a "." inside code or a figure ends none."""
    masked = re.sub(r"`[^`\n]*`", lambda m: "x" * len(m.group(0)), text)
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(masked)]


def order_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    previous: Block | None = None
    for block in blocks:
        if block.kind != PARAGRAPH:
            continue
        out.extend(_sentences(block, index))
        if previous is not None and block.own_cites and _NEXT.match(block.text):
            found = _after_previous(block, previous, index)
            if found is not None:
                out.append(found)
        if block.own_cites:
            previous = block
    return out


def _places(text: str, index: Sources) -> set[int] | None:
    """Where in the session what `text` names can be (positions of the events holding it); None: it names
    nothing that can be placed."""
    anchors = [m.group(1) for m in _CODE.finditer(text)] + [m.group(1) for m in _QUOTED.finditer(text)]
    anchors = [_fold(a) for a in anchors if len(a.strip()) >= MIN_ANCHOR]
    places: set[int] = set()
    for anchor in anchors:
        here = {
            index.order[s.id.split(".")[0]]
            for s in index.sources
            if s.speaker not in (NOTE, THOUGHT) and s.id.split(".")[0] in index.order and anchor in s.folded
        }
        places |= here
    return places or None


def _cited(places: set[int] | None, block: Block, index: Sources) -> set[int] | None:
    """Where a side is, of the events its paragraph cites, when some of them hold what it names: the moment the
    paragraph tells, not a summary that names it again later (`persist: true` in Claude's last message)."""
    cited = {index.order[i] for i in block.own_cites if i in index.order}
    if places is None or len(cited) > MOMENT_EVENTS:  # a paragraph citing many events looks back over a stretch
        return places
    return (places & cited) or places


def _fold(text: str) -> str:
    return " ".join(text.replace("`", "").lower().split())


def _sentences(block: Block, index: Sources) -> list[Finding]:
    out = []
    text = block.text
    for start, end in sentences(text):
        sentence = text[start:end]
        opens = _OPENS.match(sentence)
        then = _THEN.search(sentence)
        if opens is not None and "," in sentence:
            cut = sentence.index(",")
            first, second = sentence[:cut], sentence[cut + 1 :]
            earlier, later = (first, second) if opens.group("after") else (second, first)
        elif then is not None:
            earlier, later = sentence[: then.start()], sentence[then.end() :]
        else:
            continue
        before, after = _cited(_places(earlier, index), block, index), _cited(_places(later, index), block, index)
        if before is None or after is None or min(before) <= max(after):
            continue
        out.append(_finding(block, start, end, sentence, min(before), max(after), index))
    return out


def _after_previous(block: Block, previous: Block, index: Sources) -> Finding | None:
    mine = [index.order[i] for i in block.own_cites if i.split(".")[0] in index.order and "." not in i]
    theirs = [index.order[i] for i in previous.own_cites if i in index.order]
    if not mine or not theirs or max(mine) >= min(theirs):
        return None
    spans = sentences(block.text)
    end = spans[0][1] if spans else len(block.text)
    return _finding(block, 0, end, block.text[:end], min(theirs), max(mine), index)


def _finding(block: Block, start: int, end: int, sentence: str, first: int, last: int, index: Sources) -> Finding:
    """`first` is where the step told as earlier happened, `last` where the one told as later did."""
    ids = {n: i for i, n in index.order.items()}
    told_first, told_last = ids.get(first, "?"), ids.get(last, "?")
    claim = Claim(ORDER, one_line(sentence.strip(), 90), block.line_at(start), block)
    claim.at = end
    excerpt = next((one_line(s.text) for s in index.sources if s.id == told_last), "")
    return Finding(
        claim,
        CONTRADICTED,
        told_last,
        excerpt,
        f"told in the wrong order: what it tells as later ({told_last}) came before what it tells as earlier "
        f"({told_first})",
        advice="tell the steps in the order the session has them",
    )
