"""Each claim traced to the cleared session: the events its paragraph cites first, then the rest.

A claim is **traced** (an event of the right speaker says it), **contradicted** (the session says
something else: another speaker said it, the words differ in meaning, a command only mentioned is told as
run, a paragraph cites events that do not bear it out), or **untraced** (nothing in the session says it).
An author's `ok` mark turns a problem into **accepted**. A credit worded so freely that neither side's words
come close is **unchecked**: paraphrase is allowed, and a guess would cry wolf.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from retell.check.claims import (
    AGENT,
    AUTHOR,
    CITATION,
    CLAUDE,
    CODE_SPAN,
    COMMAND,
    CREDIT,
    NUMBER,
    PATH,
    QUOTE_KINDS,
    SUBAGENT,
    Claim,
)
from retell.check.document import Block
from retell.check.quotes import judge
from retell.check.sources import NOTE, THOUGHT, TOOL, Figure, Source, Sources, derived_counts, derived_minutes
from retell.check.text import content_stems, one_line, words, wordset

TRACED = "traced"
UNTRACED = "untraced"
CONTRADICTED = "contradicted"
ACCEPTED = "accepted"
UNCHECKED = "unchecked"

_SPEAKERS: dict[str | None, set[str]] = {
    AUTHOR: {AUTHOR, NOTE},
    CLAUDE: {CLAUDE},
    SUBAGENT: {SUBAGENT},
    AGENT: {CLAUDE, SUBAGENT},
    None: {AUTHOR, CLAUDE, SUBAGENT, TOOL, NOTE},
}
_WHO = {AUTHOR: "the author", CLAUDE: "Claude", SUBAGENT: "a subagent", TOOL: "a tool's output", NOTE: "your notes"}
_WHO[THOUGHT] = "Claude's private thinking"
# A credit is "moved" when the other side said it clearly and the credited side did not.
CREDIT_SUPPORTED = 0.5
CREDIT_MARGIN = 0.25
CREDIT_NOTHING = 0.2
# A paragraph with a citation and no traceable claim must share this much of its meaning with what it cites.
CITATION_OVERLAP = 0.15
MIN_CITATION_STEMS = 6


@dataclass
class Finding:
    claim: Claim
    status: str
    event: str | None = None
    excerpt: str = ""
    reason: str = ""
    cited: bool = False  # traced to an event its paragraph cites

    @property
    def problem(self) -> bool:
        return self.status in (UNTRACED, CONTRADICTED)


def trace_all(claims: list[Claim], blocks: list[Block], index: Sources) -> list[Finding]:
    findings = [trace_claim(claim, index) for claim in claims]
    findings.extend(check_citations(blocks, findings, index))
    for finding in findings:
        if finding.problem and finding.claim.accepted is not None:
            finding.status = ACCEPTED
    findings.sort(key=lambda f: (f.claim.line, f.claim.at))
    return findings


def trace_claim(claim: Claim, index: Sources) -> Finding:
    if claim.kind in QUOTE_KINDS:
        return _quote(claim, index)
    if claim.kind == PATH:
        return _path(claim, index)
    if claim.kind == COMMAND:
        return _command(claim, index)
    if claim.kind == CODE_SPAN:
        return _code(claim, index)
    if claim.kind == NUMBER:
        return _number(claim, index)
    if claim.kind == CREDIT:
        return _credit(claim, index)
    return Finding(claim, TRACED)


def _cited(claim: Claim) -> list[str]:
    return list(dict.fromkeys([*(claim.cleaned or []), *claim.block.cites]))


def _found(claim: Claim, source: Source | None, reason: str = "", status: str = TRACED) -> Finding:
    if source is None:
        return Finding(claim, status, reason=reason)
    cited = source.id in _cited(claim) or any(source.id.startswith(c + ".") for c in _cited(claim))
    return Finding(claim, status, source.id, one_line(source.text), reason, cited)


# -- quotes -------------------------------------------------------------------------------------------


def _quote(claim: Claim, index: Sources) -> Finding:
    allowed = _SPEAKERS.get(claim.speaker, _SPEAKERS[None])
    cleaned = claim.cleaned is not None
    cited = [s for s in index.of(_cited(claim)) if s.speaker in allowed]
    verdict = judge(claim.text, lambda q: _unique([*cited, *index.candidates(list(q), allowed)]), cleaned)
    if verdict.ok and verdict.main is not None:
        return _found(claim, verdict.main.source)
    anyone = judge(claim.text, lambda q: index.candidates(list(q), None, limit=12), cleaned)
    if anyone.ok and anyone.main is not None:
        source = anyone.main.source
        if source.speaker == THOUGHT:
            reason = "quotes Claude's private thinking, which a post never quotes"
        else:
            reason = f"said by {_WHO.get(source.speaker, source.speaker)}, not {_WHO.get(claim.speaker or '', 'them')}"
        return _found(claim, source, reason, CONTRADICTED)
    closest = verdict.main
    if closest is not None and closest.coverage >= 0.5:
        return _found(claim, closest.source, verdict.why(cleaned), CONTRADICTED)
    reason = "no event of " + (_WHO.get(claim.speaker or "", "anyone") if claim.speaker else "the session") + " says it"
    return _found(claim, closest.source if closest and closest.coverage >= 0.25 else None, reason, UNTRACED)


def _unique(sources: Iterable[Source]) -> list[Source]:
    seen: set[int] = set()
    out = []
    for source in sources:
        if id(source) not in seen:
            seen.add(id(source))
            out.append(source)
    return out


# -- paths, commands, code ----------------------------------------------------------------------------


def _clean_code(text: str) -> str:
    text = text.strip().strip("\"'")
    text = re.sub(r"^\$\s+", "", text)
    return " ".join(text.split())


def _path_parts(path: str) -> list[str]:
    path = re.sub(r":\d+(?:-\d+)?$", "", path.strip().strip("\"'`"))
    path = re.sub(r"^(?:\./)+", "", path)
    return [p for p in path.replace("\\", "/").split("/") if p and p != "~"]


def _contains_path(known: str, claimed: list[str]) -> bool:
    """True when the claimed path's components appear as a run in a known path (a file ends it)."""
    parts = _path_parts(known)
    n = len(claimed)
    if not n or n > len(parts):
        return False
    is_file = "." in claimed[-1] and not claimed[-1].startswith(".")
    for start in range(len(parts) - n + 1):
        if parts[start : start + n] == claimed and (not is_file or start + n == len(parts) or "*" in known):
            return True
    return False


def _mention(needle: str, index: Sources, cited: list[str], *, only_cited: bool = False) -> Source | None:
    """A source that names `needle` (case-insensitive, backticks ignored), cited sources first."""
    folded = " ".join(needle.replace("`", "").lower().split())
    if not folded:
        return None
    pattern = re.compile(r"(?<![\w])" + re.escape(folded) + r"(?![\w])") if folded[-1:].isalnum() else None
    pool = index.of(cited) if only_cited else _unique([*index.of(cited), *index.sources])
    for source in pool:
        if source.speaker == THOUGHT:
            continue
        hay = source.folded
        if folded in hay and (pattern is None or folded[:1].isalnum() is False or pattern.search(hay)):
            return source
    return None


def _path(claim: Claim, index: Sources) -> Finding:
    claimed = _path_parts(claim.text)
    cited = _cited(claim)
    stripped = re.sub(r":\d+(?:-\d+)?$", "", claim.text.strip())
    citing = set(cited)
    touched = [t for t in index.touched if t[0] in citing] + index.touched
    if cited and not claim.ran:
        named = _mention(stripped, index, cited, only_cited=True)
        if named is not None:
            return _found(claim, named)
    for event_id, known in touched:
        if _contains_path(known, claimed):
            return _found(claim, _first(index, event_id))
    mentioned = _mention(stripped, index, cited)
    if mentioned is None and len(claimed) > 1:
        mentioned = next((s for s in index.sources if _path_in_text(s.text, claimed)), None)
    if mentioned is not None:
        if claim.ran and mentioned.speaker != NOTE:
            return _found(claim, mentioned, "named in the session, but no tool read, edited or wrote it", CONTRADICTED)
        return _found(claim, mentioned)
    return _found(claim, _closest_word(claimed[-1] if claimed else claim.text, index), "no event names it", UNTRACED)


def _path_in_text(text: str, claimed: list[str]) -> bool:
    from retell.check.sources import _PATHISH

    return any(_contains_path(m.group(0), claimed) for m in _PATHISH.finditer(text))


def _first(index: Sources, event_id: str) -> Source | None:
    items = index.by_event.get(event_id)
    return items[0] if items else None


def _command(claim: Claim, index: Sources) -> Finding:
    command = _clean_code(claim.text)
    cited = _cited(claim)
    if re.fullmatch(r"/[a-z][\w:-]*", command):
        for source in index.sources:
            if source.speaker == AUTHOR and source.text.split(" ", 1)[0] == command:
                return _found(claim, source)
        return _found(claim, None, "no such slash command in the session", UNTRACED)
    citing = set(cited)
    runs = [r for r in index.runs if r[0] in citing] + index.runs
    wanted = command.split()
    if cited and not claim.ran:
        named = _mention(command, index, cited, only_cited=True)
        if named is not None:
            return _found(claim, named)
    for event_id, ran in runs:
        flat = " ".join(ran.split())
        if command in flat or _subsequence(wanted, flat.split()):
            return _found(claim, _first(index, event_id))
    mentioned = _mention(command, index, cited)
    if mentioned is not None:
        if claim.ran:
            return _found(claim, mentioned, "named in the session, but never run", CONTRADICTED)
        return _found(claim, mentioned)
    closest = max(runs, key=lambda r: len(set(wanted) & set(r[1].split())), default=None)
    nearest = _first(index, closest[0]) if closest and set(wanted) & set(closest[1].split()) else None
    return _found(claim, nearest, "never run in the session", UNTRACED)


def _subsequence(wanted: list[str], ran: list[str]) -> bool:
    """The claimed command's words in order within one command that ran (flags may be left out), its
    program matched by name ("pytest" for ".venv/bin/pytest")."""
    if not wanted:
        return False
    names = [w.rsplit("/", 1)[-1] for w in ran]
    try:
        position = names.index(wanted[0].rsplit("/", 1)[-1])
    except ValueError:
        return False
    for word in wanted[1:]:
        try:
            position = ran.index(word, position + 1)
        except ValueError:
            return False
    return True


def _code(claim: Claim, index: Sources) -> Finding:
    code = _clean_code(claim.text)
    cited = _cited(claim)
    variants = [code, re.sub(r"\(\)$", "", code), code.rstrip(".,;:"), code.strip("<>")]
    for variant in dict.fromkeys(v for v in variants if v):
        found = _mention(variant, index, cited)
        if found is not None:
            return _found(claim, found)
    pieces = [p.strip() for p in re.split(r"…|\.\.\.", code) if p.strip()]
    if len(pieces) > 1 and all(_mention(p, index, cited) for p in pieces):
        return _found(claim, _mention(pieces[0], index, cited))
    return _found(claim, _closest_word(code, index), "no event names it", UNTRACED)


def _closest_word(text: str, index: Sources) -> Source | None:
    query = [w for w in words(text) if len(w) > 2]
    found = index.candidates(query, None, limit=1) if query else []
    return found[0] if found else None


# -- numbers ------------------------------------------------------------------------------------------

_COUNT_UNITS = wordset(
    "messages calls subagents files commands edits commits compactions chapters searches times errors images lines"
)
_ALIKE = {
    "failed": {"failed", "errors"},
    "errors": {"errors", "failed"},
    "tests": {"tests"},
    "edits": {"edits", "calls"},
    "searches": {"searches", "calls", "times"},
    "times": {"times", "calls", "searches", "edits"},
    "commands": {"commands", "calls"},
}


def _fits(claim: Claim, value: float) -> bool:
    v = claim.value
    slack = claim.precision / 2 + 1e-9
    if claim.approx == "about":
        slack = max(slack, 0.15 * abs(value))
    elif claim.approx == "above":
        return v <= value <= max(v * 3, v + 10)
    elif claim.approx == "below":
        return v / 3 <= value <= v
    if claim.unit == "duration" and claim.precision <= 1:
        slack = max(slack, 0.5)  # minutes are rounded
    return abs(v - value) <= slack


def _number(claim: Claim, index: Sources) -> Finding:
    unit = claim.unit
    cited = _cited(claim)
    if unit.startswith("version:"):
        version = unit.split(":", 1)[1]
        found = _mention(version, index, cited)
        return _found(claim, found) if found else _found(claim, None, "no event names this version", UNTRACED)
    if unit == "diff":
        flat = re.sub(r"[\s−–]", "", claim.text).replace("/", "")
        for source in _unique([*index.of(cited), *index.sources]):
            if flat and flat in re.sub(r"[\s−–]", "", source.text).replace("/", ""):
                return _found(claim, source)
        return _found(claim, None, "no event states this diff", UNTRACED)
    units = _ALIKE.get(unit, {unit})
    figures = [f for unit_ in units for f in index.figures_by_unit.get(unit_, [])]
    # What the paragraph cites first (stated there, or counted from it), then the stats, then anywhere.
    for figure in figures:
        if figure.source in cited and _fits(claim, figure.value):
            return _figure_found(claim, figure, index)
    countable = cited and unit in _COUNT_UNITS | {"failed", "tests"} and not claim.approx
    if countable and int(claim.value) == claim.value and int(claim.value) in derived_counts(index, cited):
        return _found(claim, _first(index, next((i for i in cited if i in index.by_event), cited[0])))
    if cited and unit == "duration":
        minutes = derived_minutes(index, cited)
        if minutes is not None and _fits(claim, minutes):
            return _found(claim, _first(index, next(i for i in cited if i in index.durations_ms)))
    for figure in sorted(figures, key=lambda f: f.source != "stats"):
        if _fits(claim, figure.value):
            return _figure_found(claim, figure, index)
    closest = min(figures, key=lambda f: abs(f.value - claim.value), default=None)
    reason = "no event or figure of the session states it"
    if closest is not None:
        reason += f" (closest: {_show(closest.value, unit)} {closest.label}" + (
            f" in {closest.source})" if closest.source != "stats" else " in the session's stats)"
        )
    nearest = _first(index, closest.source) if closest is not None and closest.source != "stats" else None
    return _found(claim, nearest, reason, UNTRACED)


def _figure_found(claim: Claim, figure: Figure, index: Sources) -> Finding:
    if figure.source == "stats":
        return Finding(claim, TRACED, "stats", f"{figure.label}: {_show(figure.value, figure.unit)}")
    return _found(claim, _first(index, figure.source) or Source(figure.source, TOOL, figure.label))


def _show(value: float, unit: str) -> str:
    if unit == "duration":
        minutes = round(value)
        return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"
    if unit == "money":
        return f"${value:.2f}"
    return f"{value:,.0f}" if value == int(value) else f"{value:,}"


# -- who did what -------------------------------------------------------------------------------------

_AUTHOR_SIDE = {AUTHOR, NOTE}
_MACHINE_SIDE = {CLAUDE, SUBAGENT, TOOL}  # thinking restates the ask as often as it decides


def _credit(claim: Claim, index: Sources) -> Finding:
    """Who said it first, in words close to the claim's: an idea echoed by the other side ("I'll examine
    the pending changes" after the author asked for exactly that) stays with whoever had it."""
    stems = list(dict.fromkeys(claim.stems))
    frequency = index.document_frequency
    total = max(1, len(index.sources))
    weights = {s: _idf(frequency.get(s, 0), total) for s in stems}
    whole = sum(weights.values()) or 1.0
    cited = set(_cited(claim))

    def scored(side: set[str]) -> list[tuple[float, Source]]:
        out = []
        for source in index.sources:
            if source.speaker not in side or source.retells or source.id in ("title", "stats"):
                continue
            score = sum(w for s, w in weights.items() if s in source.stems) / whole
            out.append((score + (0.05 if source.id in cited else 0.0), source))
        return out

    def best(found: list[tuple[float, Source]]) -> tuple[float, Source | None]:
        return max(found, key=lambda f: f[0], default=(0.0, None))

    def first_strong(found: list[tuple[float, Source]], top: float) -> Source | None:
        strong = [src for score, src in found if score >= max(CREDIT_SUPPORTED, top * 0.8)]
        return min(strong, key=lambda src: src.order, default=None)

    own_side, other_side = (_AUTHOR_SIDE, _MACHINE_SIDE) if claim.actor == AUTHOR else (_MACHINE_SIDE, _AUTHOR_SIDE)
    own_found, other_found = scored(own_side), scored(other_side)
    (own, own_source), (other, other_source) = best(own_found), best(other_found)
    who = "the author" if claim.actor == CLAUDE else "Claude"
    if own >= CREDIT_SUPPORTED and other >= CREDIT_SUPPORTED:
        mine, theirs = first_strong(own_found, own), first_strong(other_found, other)
        if mine is not None and theirs is not None and theirs.order < mine.order:
            return _found(claim, theirs, f"{who} said it first", CONTRADICTED)
        return _found(claim, mine or own_source)
    if own >= CREDIT_SUPPORTED or (own >= CREDIT_NOTHING and own >= other - CREDIT_MARGIN):
        return _found(claim, own_source)
    if other >= CREDIT_SUPPORTED and other - own >= CREDIT_MARGIN:
        return _found(claim, other_source, f"the session has {who} saying it", CONTRADICTED)
    if max(own, other) < CREDIT_NOTHING:
        return _found(claim, own_source or other_source, "worded too freely to compare", UNCHECKED)
    return _found(claim, own_source)


def _idf(df: int, total: int) -> float:
    import math

    return math.log((total + 1) / (df + 0.5)) if df else math.log(total + 1) + 1


# -- citations ----------------------------------------------------------------------------------------


def check_citations(blocks: list[Block], findings: list[Finding], index: Sources) -> list[Finding]:
    """A citation that does not bear out its paragraph: an unknown event, claims that all trace elsewhere,
    or (for a paragraph without claims) prose that shares next to nothing with what it cites."""
    by_block: dict[int, list[Finding]] = {}
    for finding in findings:
        by_block.setdefault(id(finding.claim.block), []).append(finding)
    out = []
    seen: set[int] = set()
    for block in blocks:
        if not block.cites or id(block) in seen:
            continue
        unit = [b for b in (block.lead, block, block.follows) if b is not None]
        seen.update(id(b) for b in unit)
        mark = next((m for b in unit for m in b.marks if m.kind == "cite"), None)
        holder = next(b for b in unit if mark in b.marks) if mark else block
        claim = Claim(
            CITATION, "<!-- ev: " + " ".join(block.cites) + " -->", holder.line_at(mark.at if mark else 0), holder
        )
        claim.at = mark.at if mark else 0
        accepted = next((m for b in unit for m in b.marks if m.kind == "ok" and m.at > claim.at), None)
        if accepted is not None and not any(f.claim.block in unit and f.claim.at <= accepted.at for f in findings):
            claim.accepted = accepted.note
        unknown = [i for i in block.cites if not index.known(i)]
        if unknown:
            out.append(
                Finding(claim, CONTRADICTED, reason=f"cites {', '.join(unknown)}: not in what the author cleared")
            )
            continue
        own = [f for b in unit for f in by_block.get(id(b), [])]
        if any(f.problem for f in own):
            continue  # its claims are reported on their own
        traced = [f for f in own if f.status == TRACED and f.event not in (None, "stats")]
        if traced:
            if not any(f.cited for f in traced):
                elsewhere = ", ".join(dict.fromkeys(f.event or "" for f in traced))
                out.append(
                    Finding(claim, CONTRADICTED, traced[0].event, traced[0].excerpt, f"its claims trace to {elsewhere}")
                )
            continue
        if own:
            continue  # its claims are reported (or traced to the stats) on their own
        prose = " ".join(_plain(b) for b in unit)
        stems = set(content_stems(prose))
        if len(stems) < MIN_CITATION_STEMS:
            continue
        share, source = _overlap(stems, index.of(block.cites), index)
        if share < CITATION_OVERLAP:
            out.append(
                Finding(
                    claim,
                    CONTRADICTED,
                    source.id if source else None,
                    one_line(source.text) if source else "",
                    f"the cited events share little with the paragraph ({share:.0%})",
                )
            )
    return out


def _plain(block: Block) -> str:
    return block.quote_body() if block.kind == "quote" else block.text


def _overlap(stems: set[str], cited: list[Source], index: Sources) -> tuple[float, Source | None]:
    frequency = index.document_frequency
    total = max(1, len(index.sources))
    weights = {s: _idf(frequency.get(s, 0), total) for s in stems}
    whole = sum(weights.values()) or 1.0
    together: set[str] = set()
    best, where = 0.0, None
    for source in cited:
        together |= source.stems
        score = sum(w for s, w in weights.items() if s in source.stems) / whole
        if score > best:
            best, where = score, source
    return sum(w for s, w in weights.items() if s in together) / whole, where
