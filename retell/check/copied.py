"""A block of code copied from a cited edit, with a line changed: `import { useTodos } from '@/hooks/useTodos';`
where the edit wrote `… from '@/hooks/useSimpleTodos';` (blind18 X1:142, a wrong file).

The block's lines are lined up with the cited calls' diffs and outputs by the lines they share: a line of the block
that follows a line found there, where the session has another line right after it, much like it but naming other
things, is that line changed. A line with nothing to line up with (a block of the writer's own, an elided stretch,
a line past where the session's diff is cut) says nothing here."""

from __future__ import annotations

import re
from difflib import SequenceMatcher

from retell.check.claims import CODE_SPAN, Claim
from retell.check.document import CODE, Block
from retell.check.sources import Sources
from retell.check.verdict import CONTRADICTED, LOW, UNTRACED, Finding

SIMILAR = 0.75  # how alike a changed line is to the session's
MIN_CHARS = 8  # a line shorter than this (`}`, `);`) lines up nothing
_NAMES = re.compile(r"[A-Za-z_][\w./@-]*|\d+(?:\.\d+)*")
_SHELL = frozenset({"sh", "bash", "shell", "console", "zsh", "shell-session", "terminal", "powershell", "ps"})


def _plain(line: str) -> str:
    return " ".join(line.replace("'", '"').split()).rstrip(";,")


def _texts(index: Sources, ids: list[str]) -> list[tuple[str, list[str]]]:
    """Each cited call's diff (its lines without `+`, `-` or the space before them) and output, line by line."""
    out = []
    for event_id in ids:
        for call in index.event_calls.get(event_id, []):
            for text in (getattr(call, "diff", None), getattr(call, "output", None)):
                if not text:
                    continue
                lines = [line[1:] if text is call.diff and line[:1] in "+- " else line for line in text.splitlines()]
                out.append((event_id, [_plain(line) for line in lines if not line.startswith("… (")]))
    return out


def copied_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        cited = _cited_elsewhere(block, index)
        if cited is not None:
            out.append(cited)
        cites = block.own_cites or block.cites
        if block.kind != CODE or not cites or block.info.lower() in _SHELL:
            continue
        texts = _texts(index, cites)
        if not texts:
            continue
        held = {line for _, text in texts for line in text}
        body = block.lines[1:-1]
        # a ```diff block's lines, as the session's diffs are held: without their `+`, `-` or space (its removed
        # line is the session's removed line, not a changed copy of the added one after it)
        diff = block.info.lower() == "diff"
        plain = [_plain(line[1:] if diff and line[:1] in "+- " else line) for line in body]
        for n in range(1, len(plain)):
            line, before = plain[n], plain[n - 1]
            if len(line) < MIN_CHARS or line in held or "…" in line or len(before) < MIN_CHARS:
                continue
            found = _counterpart(texts, before, line, set(plain))
            if found is None:
                continue
            event_id, theirs = found
            at = sum(len(x) + 1 for x in block.lines[: n + 1])
            claim = Claim(CODE_SPAN, body[n].strip(), block.start + n + 1, block, at=at)
            out.append(
                Finding(
                    claim,
                    CONTRADICTED,
                    event_id,
                    theirs[:120],
                    f"{event_id} has `{theirs[:100]}` on this line",
                    confidence=LOW,
                    advice=f"copy the line as {event_id} shows it",
                )
            )
    return out


def _counterpart(texts: list[tuple[str, list[str]]], before: str, line: str, block: set[str]) -> tuple[str, str] | None:
    """The session's line right after `before`, like `line` but naming other things, which the block does not
    show elsewhere."""
    mine = set(_NAMES.findall(line))
    for event_id, text in texts:
        for i, held in enumerate(text[:-1]):
            if held != before:
                continue
            theirs = text[i + 1]
            if theirs in block or len(theirs) < MIN_CHARS:
                continue
            if SequenceMatcher(None, line, theirs).ratio() < SIMILAR:
                continue
            if mine != set(_NAMES.findall(theirs)):
                return event_id, theirs
    return None


_CITE = re.compile(r"<!--\s*ev:")
LINE_CHARS = 12  # a line of a block long enough to say where it comes from


def _cited_elsewhere(block: Block, index: Sources) -> Finding | None:
    """A block whose own citation holds none of its lines, which the event its lead-in cites holds: the lines
    are that event's (blind18 X2:27, `git status`'s output cited to the commit two events on)."""
    own = block.own_cites
    lead = [i for i in (block.lead.cites if block.lead is not None else []) if i not in own]
    if block.kind != CODE or not own or not lead:
        return None
    lines = [" ".join(line.split()) for line in block.lines[1:-1]]
    lines = [line for line in lines if len(line) >= LINE_CHARS and "…" not in line and "..." not in line]
    if len(lines) < 2:
        return None

    def held(ids: list[str]) -> list[str]:
        texts = [" ".join(s.text.split()) for s in index.of(index.expand(ids))]
        return [line for line in lines if any(line in text for text in texts)]

    if held(own):
        return None
    theirs = held(lead)
    if len(theirs) < 2:
        return None
    # reported on the block's own citation, the marker that is wrong
    marker = max((n for n, line in enumerate(block.lines) if _CITE.search(line)), default=1)
    at = sum(len(x) + 1 for x in block.lines[:marker])
    claim = Claim(CODE_SPAN, theirs[0], block.start + marker, block, at=at)
    where = " ".join(lead)
    return Finding(
        claim,
        UNTRACED,
        lead[0],
        theirs[0][:120],
        f"the block cites {' '.join(own)}, which shows none of its lines; {where} shows them",
        confidence=LOW,
        advice=f"cite {where} under the block",
    )
