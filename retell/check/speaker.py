"""Who did it: an act told as the author's that only Claude's tools did, or as Claude's that only the author's
messages hold.

Two forms, in English, Spanish, French and German:

- "I ran `uv run pytest …`", "Ejecuté `npx jest`": a command told as run by the author that ran among Claude's
  tool calls the paragraph cites, and that no message of the author's shows (a terminal they pasted);
- "Claude pasted `1 failed, 211 passed`", "Claude pegó …": something Claude is told to have written, pasted,
  sent or run that only the author's messages hold, nothing of Claude's or its tools.

A sentence that names nothing (no code, no quote) says nothing here.
"""

from __future__ import annotations

import re

from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.claims import Claim
from retell.check.document import PARAGRAPH, Block
from retell.check.order import sentences
from retell.check.sources import NOTE, TOOL, Source, Sources
from retell.check.text import one_line
from retell.check.verdict import CONTRADICTED, Finding

SPEAKER = "speaker"

_I_RAN = re.compile(
    r"^\W*(?:(?:then|so|and|first|finally)\s+)?I\s+(?:\w+\s+){0,2}?(?:ran|re-?ran|executed|typed|launched)\b|"
    r"^\W*(?:(?:luego|entonces|primero|despu[eé]s)\s+)?(?:yo\s+)?(?:ejecut[eé]|lanc[eé]|corr[ií]|tecle[eé]|relanc[eé])\b|"
    r"^\W*(?:(?:puis|ensuite|alors|d'abord)\s+)?j'ai\s+(?:\w+\s+)?(?:lanc[eé]|ex[eé]cut[eé]|tap[eé]|relanc[eé])\b|"
    r"^\W*(?:(?:dann|danach|zuerst)\s+)?(?:f[uü]hrte|startete|tippte)\s+ich\b|^\W*ich\s+(?:f[uü]hrte|startete|tippte)\b",
    re.I,
)
_CLAUDE_WROTE = re.compile(
    r"^\W*(?:(?:then|so|and|first|finally|luego|entonces|puis|ensuite|dann)\s+)?Claude\s+(?:\w+\s+)?"
    r"(?:pasted|typed|wrote|sent|posted|reported|said|"
    r"peg[oó]|escribi[oó]|envi[oó]|dijo|tecle[oó]|"
    r"a\s+(?:coll[eé]|[eé]crit|envoy[eé]|dit|tap[eé])|"
    r"f[uü]gte|schrieb|schickte|sagte|tippte)\b",
    re.I,
)
_CODE = re.compile(r"`([^`\n]{3,})`")
_QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{10,}?)\s*[\"”»“]")
_AUTHOR_SIDE = (AUTHOR, NOTE)
_MACHINE_SIDE = (CLAUDE, SUBAGENT, TOOL)


def speaker_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        if block.kind != PARAGRAPH or not block.cites:
            continue
        cited = index.expand(block.cites)
        for start, end in sentences(block.text):
            sentence = block.text[start:end]
            anchors = _anchors(sentence)
            if not anchors:
                continue
            found = None
            if _I_RAN.match(sentence):
                found = _ran_by_claude(anchors, cited, index)
                whose = ("Claude", "you")
            elif _CLAUDE_WROTE.match(sentence):
                found = _only_mine(anchors, index)
                whose = ("you", "Claude")
            if found is None:
                continue
            claim = Claim(SPEAKER, one_line(sentence.strip(), 90), block.line_at(start), block)
            claim.at = end
            out.append(
                Finding(
                    claim,
                    CONTRADICTED,
                    found.id,
                    one_line(found.text),
                    f"{whose[0]} did this ({found.id}), not {whose[1]}",
                    advice=f"tell it as {whose[0]}'s" if whose[0] == "Claude" else "tell it as yours",
                )
            )
    return out


def _anchors(sentence: str) -> list[str]:
    found = [m.group(1) for m in _CODE.finditer(sentence)] + [m.group(1) for m in _QUOTED.finditer(sentence)]
    return [" ".join(a.replace("`", "").lower().split()) for a in found if len(a.strip()) >= 3]


def _holders(anchor: str, index: Sources) -> list[Source]:
    return [s for s in index.sources if anchor in s.folded and s.id not in ("title", "stats")]


def _ran_by_claude(anchors: list[str], cited: set[str], index: Sources) -> Source | None:
    """The first anchor that ran in a cited tool call of Claude's and is in no message of the author's."""
    for anchor in anchors:
        ran = [e for e, command in index.runs if anchor in " ".join(command.lower().split())]
        if not any(e in cited or e.split(".")[0] in cited for e in ran):
            continue
        holders = _holders(anchor, index)
        if any(s.speaker in _AUTHOR_SIDE for s in holders):
            continue
        return next((s for s in holders if s.id in ran), None) or next(iter(holders), None)
    return None


def _only_mine(anchors: list[str], index: Sources) -> Source | None:
    """Every anchor is in the author's messages and in nothing of Claude's or its tools."""
    first = None
    for anchor in anchors:
        holders = _holders(anchor, index)
        if not holders or any(s.speaker in _MACHINE_SIDE for s in holders):
            return None
        first = first or next((s for s in holders if s.speaker in _AUTHOR_SIDE), None)
    return first
