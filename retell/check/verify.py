"""`retell check --verify`: a model reads each part of the draft beside the events it cites, and says of every
claim whether the session bears it out. What the rules cannot see (an outcome nobody saw, a decision nobody
took, a name nothing holds) it can; what it finds is merged with the rules' findings, marked as the model's.

The verdicts are kept in WORKDIR/verify.json with the hash of the draft they read, so `retell render` and
`retell preview` show them without asking again (and drop them once draft.md changes). A model's verdict is
advice: none of its findings stops `render --strict` (docs/check.md, "Round ten").
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import pairwise
from pathlib import Path
from typing import Any

import orjson

from retell import jsonio
from retell.check.amounts import amounts, durations
from retell.check.branches import with_cited_branches
from retell.check.claims import CITATION, CODE_SPAN, COMMAND, NUMBER, PATH, Claim
from retell.check.document import CODE, HEADING, PARAGRAPH, Block, read_blocks
from retell.check.quoted import quoted_in
from retell.check.report import CheckReport
from retell.check.stage import Loaded, load_draft
from retell.check.verdict import (
    ACCEPTED,
    CONTRADICTED,
    LOW,
    MODEL,
    RULES_AND_MODEL,
    TRACED,
    UNTRACED,
    Finding,
)
from retell.check.verify_evidence import record_cut
from retell.check.verify_request import (
    CONTRADICTED as SAYS_OTHERWISE,
)
from retell.check.verify_request import (
    NOT_CITED,
    NOT_IN_SESSION,
    NOT_SHOWN,
    STAGE,
    SUPPORTED,
    VERDICTS,
    Chunk,
    verify_requests,
)
from retell.errors import LLMError, RetellError
from retell.events import EventLog, walk
from retell.extract.tools import TURNED_DOWN
from retell.fsutil import atomic_write_bytes
from retell.llm.answers import extract_json

# Whether, with `--verify` (`retell check`, `retell run`; kept in verify.json, so render and the preview agree),
# a rule problem the check is not sure of (low confidence, never one that stops --strict) that the model reads
# as supported, naming an event of the session, counts as traced and is listed as cleared by the model
# (`--model-clears`; `--keep-rule-findings` keeps it a problem). Off from round twelve (blind9: 4 of 66 catches for
# 2 fewer false alarms); on again from round twenty-seven: on the five sets the model's blind answers score
# (blind6, 7, 18, 19, 20) it took 35 false alarms on faithful text to 27 for 2 of 372 catches (docs/check.md,
# "Round twenty-seven, the verifying model").
MODEL_CLEARS = True

VERIFY_FILE = "verify.json"
SCHEMA_VERSION = 1
MODEL_KIND = "claim"  # the kind of a finding only the model made (the rules' kinds name what they compared)
ANSWER_TEXT = 1_500  # tokens of answer expected per part, for the cost estimate

_SPACE = re.compile(r"\s+")
_MARKUP = re.compile(r"[`*_“”\"‘’'«»「」『』]")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_TOKEN = re.compile(r"\w+")


@dataclass(frozen=True)
class Verdict:
    line: int
    words: str
    verdict: str
    event: str
    reason: str
    part: str = ""
    evidence: str = ""  # the words of `event` the model copied as showing it (a contradiction, another event)

    def to_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "words": self.words,
            "verdict": self.verdict,
            "event": self.event,
            "reason": self.reason,
            "part": self.part,
            "evidence": self.evidence,
        }

    def said(self) -> str:
        """The verdict as a report line gives it: `the model: contradicted (e4): … (it reads "…")`."""
        out = f"the model: {self.verdict}" + (f" ({self.event})" if self.event else "")
        out += f": {self.reason}" if self.reason else ""
        return out + (f' (it reads "{self.evidence}")' if self.evidence else "")


@dataclass
class Verification:
    """What the model said of one draft: its verdicts, and who said them."""

    draft_sha256: str
    engine: str
    model: str
    verdicts: list[Verdict]
    dropped: int = 0  # claims the model placed on a line whose words are not there (not used)
    clears: bool = MODEL_CLEARS  # a low-confidence rule problem the model supports with an event counts as traced


def draft_hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _plain(text: str) -> str:
    return _SPACE.sub(" ", _MARKUP.sub("", _COMMENT.sub(" ", text))).strip().casefold()


# -- the answer ------------------------------------------------------------------------------------------


def read_answer(
    text: str,
    chunk: Chunk,
    lines: list[str],
    known: set[str],
    *,
    shown: str | None = None,
    view: EventLog | None = None,
) -> tuple[list[Verdict], int]:
    """The verdicts of one answer, each on the line of the part where its words are; (verdicts, how many were
    dropped: words the part does not hold, or a contradiction or another event whose `evidence` the material
    `shown` to the model does not hold). `view`: the cleared session, where a "not shown here" is told from a cut
    the session's own record makes. Raises LLMError for an answer that is not the object asked for (it is then
    neither used nor cached, and asked for again)."""
    events = {e.id: e for e in walk(view.events) if e.id} if view is not None else {}
    out: list[Verdict] = []
    dropped = 0
    for item in answer_items(text):
        line = _locate(int(item["line"]), item["words"], chunk, lines)
        if line is None or _unfounded(item, shown):
            dropped += 1
            continue
        event = item["event"].strip()
        verdict = item["verdict"]
        if verdict == NOT_SHOWN and not _cut_named(item, event, known, shown):
            verdict = NOT_IN_SESSION  # no cut of the material named: nothing says what is left out may hold it
        elif verdict == NOT_SHOWN and _of_record_cut(item, events.get(event)):
            # the session itself keeps no more than that (a long diff's "… (19 more changed lines)"): what the
            # cut stands for is in no event, so a claim of it is the session's nowhere (blind20 Z1:115)
            verdict = NOT_IN_SESSION
        out.append(
            Verdict(
                line,
                " ".join(item["words"].split()),
                verdict,
                event if event in known else "",
                " ".join(item["reason"].split()),
                chunk.label,
                " ".join(str(item.get("evidence", "")).split()),
            )
        )
    return out, dropped


def _unfounded(item: dict[str, Any], shown: str | None) -> bool:
    """A verdict that says an event shows something (a contradiction, the claim in another event) without words
    of the material to show it. An answer to an older prompt, with no `evidence` at all, is read as before."""
    if shown is None or "evidence" not in item or item["verdict"] not in (SAYS_OTHERWISE, NOT_CITED):
        return False
    return not quoted_in(item["evidence"], shown)


_CUT = re.compile(r"…|\bmore\b|not shown", re.I)


def _cut_named(item: dict[str, Any], event: str, known: set[str], shown: str | None) -> bool:
    """A "not shown here" that names an event of the session and copies a cut the material shows (`… (12 more
    changed lines)`, `and 13 more steps`): what the cut may hold is no finding."""
    evidence = str(item.get("evidence", ""))
    if event not in known or not _CUT.search(evidence):
        return False
    return shown is None or quoted_in(evidence, shown)


_CUT_COUNT = re.compile(r"\((\d+) more")


def _of_record_cut(item: dict[str, Any], event: Any) -> bool:
    """A "not shown here" naming a cut the session's own record of the event makes, of a claim that is not about
    the cut itself ("another 16 changed lines are not shown" counts what the cut says, and is no finding)."""
    evidence = str(item.get("evidence", ""))
    if event is None or not record_cut(event, evidence):
        return False
    count = _CUT_COUNT.search(evidence)
    return count is None or float(count.group(1)) not in {a.value for a in amounts(item["words"])}


def answer_items(text: str) -> list[dict[str, Any]]:
    """The claims of an answer, each checked for its fields; LLMError names the first that is wrong."""
    data = extract_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("claims"), list):
        raise LLMError('the answer is not the JSON object asked for ({"claims": [...]})')
    for i, item in enumerate(data["claims"]):
        problem = _item_problem(item)
        if problem:
            raise LLMError(f"claims[{i}] {problem}")
    return list(data["claims"])


def _item_problem(item: Any) -> str | None:
    if not isinstance(item, dict):
        return "is not an object"
    for key, kind in (("line", int), ("words", str), ("verdict", str), ("event", str), ("reason", str)):
        value = item.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"has no {key} ({kind.__name__})"
    if not isinstance(item.get("evidence", ""), str):
        return "has an evidence that is not a string"
    if item["verdict"] not in VERDICTS:
        return f"has the verdict {item['verdict']!r}; it must be one of {', '.join(VERDICTS)}"
    if not item["words"].strip():
        return "has no words"
    return None


def _locate(line: int, words: str, chunk: Chunk, lines: list[str]) -> int | None:
    """The line of the part the words are on: the one the model gave, else the first that holds them."""
    wanted = _plain(words)
    if not wanted:
        return None
    candidates = [line] if chunk.first <= line <= chunk.last else []
    candidates += [n for n in range(chunk.first, chunk.last + 1) if n != line]
    for n in candidates:
        if 0 < n <= len(lines) and wanted in _plain(lines[n - 1]):
            return n
    # words the model shortened with "…" or "...": each piece on the line, in order (blind20 Z1:32)
    pieces = [p.strip() for p in _ELIDED.split(wanted) if p.strip()]
    if len(pieces) < 2:
        return None
    for n in candidates:
        if 0 < n <= len(lines) and _in_order(pieces, _plain(lines[n - 1])):
            return n
    return None


_ELIDED = re.compile(r"\s*(?:…|\.\.\.)\s*")


def _in_order(pieces: list[str], text: str) -> bool:
    at = 0
    for piece in pieces:
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


# -- merging with the rules -----------------------------------------------------------------------------


def _tokens(text: str) -> set[str]:
    return {t for t in _TOKEN.findall(_plain(text)) if len(t) > 2 or t.isdigit()}


def _overlaps(words: str, claim: str) -> bool:
    a, b = _plain(words), _plain(claim)
    if a and b and (a in b or b in a):
        return True
    ta, tb = _tokens(words), _tokens(claim)
    return bool(ta and tb) and len(ta & tb) >= max(1, min(len(ta), len(tb)) // 2)


def _known_ids(view: EventLog) -> set[str]:
    """Every event an answer may name as evidence, a subagent's steps included (`e2.4`)."""
    return {e.id for e in walk(view.events) if e.id}


def _block_of(blocks: list[Block], line: int) -> Block | None:
    return next((b for b in blocks if b.start <= line < b.start + len(b.lines)), None)


_ADVICE = {
    NOT_IN_SESSION: "say what the session shows, or cut it; mark it <!-- ok --> if you know it from elsewhere",
    SAYS_OTHERWISE: "correct it to what {event} says",
    NOT_CITED: "cite {event}, where it is, or move it there",
}


def merge(
    report: CheckReport,
    verification: Verification,
    text: str,
    *,
    downgrade: bool | None = None,
    view: EventLog | None = None,
) -> CheckReport:
    """The rules' report with the model's verdicts: a problem the rules missed becomes a finding of the model's
    (never blocking); a problem both found is marked as both; a rule problem the model reads as supported keeps
    the model's word beside it, and when the verification clears (`downgrade`, by default what it was run with:
    MODEL_CLEARS) a low-confidence one it supports with an event counts as traced, marked as cleared. `view`: the
    cleared session, where a line of code the model calls absent is looked for whole in the events it cites."""
    clears = verification.clears if downgrade is None else downgrade
    blocks = read_blocks(text)
    known = _known_ids(view) if view is not None else None
    report.verified = f"{verification.engine}, {verification.model}"
    added: list[Finding] = []
    seen: set[tuple[int, str]] = set()

    def rules_of(verdict: Verdict, block: Block) -> list[Finding]:
        return [
            f
            for f in report.findings
            if f.claim.block.start == block.start
            and f.source != MODEL
            and (block.kind != CODE or f.claim.line == verdict.line)  # a listing's lines share dates and folders
            and _overlaps(verdict.words, f.claim.text)
        ]

    # A rule problem the model also disputes in another verdict (the order of a sentence contradicted, a part of it
    # supported: blind16 V2:115) is not what the model supports: its support of a part never clears it.
    disputed = {
        id(f)
        for verdict in verification.verdicts
        if verdict.verdict != SUPPORTED
        for block in [_block_of(blocks, verdict.line)]
        if block is not None
        for f in rules_of(verdict, block)
    }
    for verdict in verification.verdicts:
        block = _block_of(blocks, verdict.line)
        if block is None:
            continue
        rules = rules_of(verdict, block)
        said = verdict.said()
        if verdict.verdict == SUPPORTED:
            for finding in rules:
                if not finding.problem:
                    continue
                if id(finding) in disputed:
                    continue  # the model's word on it is its dispute
                finding.model_note = said
                # a sure figure softened by one verdict is cleared only by a verdict that holds the figure too:
                # a second verdict on the rest of the sentence ("the last line counts one compilation error"
                # beside "Three error lines") is no support of it (blind26 AF1:30, a planted count let through so)
                if (
                    clears
                    and verdict.event
                    and finding.confidence == LOW
                    and not finding.blocking
                    and (not finding.softened or _plain(finding.claim.text) in _plain(verdict.words))
                ):
                    finding.status, finding.source, finding.cleared = TRACED, RULES_AND_MODEL, True
                    finding.event, finding.excerpt = verdict.event, ""
                elif clears and _softens(verdict, finding, known):
                    finding.confidence, finding.softened = LOW, True
            continue
        if verdict.verdict == NOT_SHOWN:
            continue  # what a cut of the material may hold: neither a finding nor support of one
        timed = _timed_by_clock(verdict, rules)
        if timed is not None:
            timed.model_note = f"{said} (not used: the record's clock, to the millisecond, gives {timed.excerpt})"
            continue
        problems = [f for f in rules if f.problem]
        if problems:
            for finding in problems:
                finding.source, finding.model_note = RULES_AND_MODEL, said
            continue
        found = _found_by_rules(verdict, rules, block, view)
        if found:
            for finding in found:
                finding.model_note = f"{said} (not used: {finding.event} names it, which the paragraph cites)"
            continue
        if view is not None and _held_whole(verdict, block, view):
            continue  # a line of code a cited event holds as written: the model was shown it cut short
        if _lede_uncited(verdict, block, blocks, known):
            continue
        key = (verdict.line, _plain(verdict.words))
        if key in seen:
            continue
        seen.add(key)
        added.append(_model_finding(verdict, block))
    if clears:
        _clear_citations(report.findings, verification.verdicts, blocks)
    report.findings = sorted([*report.findings, *added], key=lambda f: (f.claim.line, f.claim.at))
    return report


def _clear_citations(findings: list[Finding], verdicts: list[Verdict], blocks: list[Block]) -> None:
    """A low-confidence citation problem ("the cited events share little with the paragraph", "its claims trace
    to e7") of a paragraph or block every claim of which the model supports with an event that paragraph cites:
    the model read each claim in the events cited and found it there. A summary in other words (blind22 AB2:8,
    "un arreglo que un test tumbó, un encabezado con acento y una pregunta mía", 3 % overlap) and a diff block whose
    lines a search elsewhere also holds (blind21 AA2:131) were false alarms the model could not clear, since a
    citation's words are no claim it judges. One verdict of any other kind, or an event the paragraph does not
    cite, and the rules' word stands."""
    by_block: dict[int, list[Verdict]] = {}
    for verdict in verdicts:
        block = _block_of(blocks, verdict.line)
        if block is not None:
            by_block.setdefault(block.start, []).append(verdict)
    for finding in findings:
        if finding.claim.kind != CITATION or not finding.problem or finding.blocking or finding.source == MODEL:
            continue
        block = finding.claim.block
        judged = by_block.get(block.start, [])
        cites = {*block.cites, *block.own_cites}
        # (every claim supported, one at least by a cited event, the others by events the citation spans)
        if (
            judged
            and all(v.verdict == SUPPORTED and _within(v.event, cites) for v in judged)
            and any(v.event in cites for v in judged)
        ):
            finding.model_note = judged[0].said()
            finding.status, finding.source, finding.cleared = TRACED, RULES_AND_MODEL, True
            finding.event, finding.excerpt = judged[0].event, ""


_EVENT_ID = re.compile(r"^(.*?)e(\d+)(?:\.\d+)?$")


def _within(event: str, cites: set[str]) -> bool:
    """Whether the model's event is one a paragraph cites, or lies between two of them: a summary of the stretch
    between two runs ("only one test's expected value changed in between", blind27 AG2:161, the edit between the two
    test runs it cites, whose counts the paragraph's other claim compares) is told by the events the citation
    spans."""
    if event in cites:
        return True
    own = _EVENT_ID.match(event)
    if own is None:
        return False
    spanned = [int(m.group(2)) for c in cites if (m := _EVENT_ID.match(c)) and m.group(1) == own.group(1)]
    return len(spanned) >= 2 and min(spanned) < int(own.group(2)) < max(spanned)


# The classes of a sure rule finding (one that stops --strict) the model's support may soften to a note: figures
# only. On the tuning sets' blind answers (blind6, 7, 18, 20, 21; docs/check.md, "Round twenty-nine, the verifying
# model") the model supported none of the 33 planted figures the rules caught with high confidence, and 1 of the 6
# planted author quotes: a quote, a speaker, a command or an outcome stays the rules' word alone.
SOFTENED_KINDS = frozenset({NUMBER})


def _softens(verdict: Verdict, finding: Finding, known: set[str] | None) -> bool:
    """Whether the model's `supported` of a sure rule finding turns it into a note that no longer stops --strict:
    a figure, the model's words hold the figure as the post writes it (its support is of that figure, not of the
    sentence around it), and the event it names is one of the session's. The finding stays in the report."""
    if not finding.blocking or finding.claim.kind not in SOFTENED_KINDS or not verdict.event:
        return False
    if known is not None and verdict.event not in known:
        return False
    return _plain(finding.claim.text) in _plain(verdict.words)


_DIFF_MARK = re.compile(r"^[+\- ](?=\S|\s)", re.M)
_HELD_CHARS = 6  # a line of code shorter than this (`}`, `};`) names nothing


def _whole_texts(event: Any) -> list[str]:
    out = [event.text or ""]
    for call in event.calls or ():
        out.extend([_DIFF_MARK.sub("", call.diff or ""), call.output or "", call.target or "", call.command or ""])
    return out


def _held_whole(verdict: Verdict, block: Block, view: EventLog) -> bool:
    """A model's "not in the session" of a line of a code block that an event the block cites holds as written,
    in the diff or output the session keeps whole: shown that event cut to its first lines, the model judged
    the rest absent (blind18, X1:55-59 and 141-142: a Write's `id: string;`, an Edit's imports)."""
    if verdict.verdict != NOT_IN_SESSION or block.kind != CODE:
        return False
    words = " ".join(verdict.words.split()).strip().strip("`")
    if len(words) < _HELD_CHARS:
        return False
    # the whole block, not the line alone: a block of one event's lines cited to another that holds a few of
    # them (blind18 planted X1:62, a Todo of e8.4's cited to e9.4's) stays the model's to judge
    code = [" ".join(_COMMENT.sub("", line).split()) for line in block.lines[1:-1]]
    code = [line for line in code if len(line) >= _HELD_CHARS]
    cited = set(block.own_cites or block.cites)  # a block's own citation, not its lead-in's, as the model read it
    for event in walk(view.events):
        if event.id in cited:
            text = "\n".join(" ".join(t.split()) for t in _whole_texts(event))
            if words in text and all(line in text for line in code):
                return True
    return False


# What the rules compare word for word with the session: a file, a command, a span of code
_NAMED_KINDS = frozenset({PATH, COMMAND, CODE_SPAN})
_SPAN = re.compile(r"`([^`]+)`")
# A model's reason that says it was shown no command for a run ("keeps no command line", "which command it was")
_RUN_WORD = re.compile(r"\bcommand\b", re.I)
_AROUND_NAMES = 12  # letters of the words around them: "i modelli `project.rb` e `task.rb`" is names alone


def _lede_uncited(verdict: Verdict, block: Block, blocks: list[Block], known: set[str] | None) -> bool:
    """A model's "not in the cited events" of the post's opening (a paragraph before its first heading) that
    names the event of the session where it is: the opening sums up the whole story ("a question of mine found
    the one place the fix did not reach", "found the cause"), and the events it cites are where it starts, never
    all it tells (blind14 T1:8, blind19 Y1:8). A claim the session does not hold, or one it contradicts, the
    model says otherwise, and that stands."""
    if verdict.verdict != NOT_CITED or block.kind != PARAGRAPH or not verdict.event:
        return False
    if known is not None and verdict.event not in known:
        return False
    first_heading = min((b.start for b in blocks if b.kind == HEADING), default=None)
    return first_heading is not None and block.start < first_heading


def _turned_down_runs(view: EventLog | None) -> dict[str, list[str]]:
    """The commands of each event's shell calls the author turned down, by event."""
    out: dict[str, list[str]] = {}
    for event in walk(view.events) if view is not None else []:
        for call in getattr(event, "calls", None) or []:
            if call.error == TURNED_DOWN and call.target and event.id:
                out.setdefault(event.id, []).append(_plain(call.target))
    return out


def _found_by_rules(
    verdict: Verdict, rules: list[Finding], block: Block, view: EventLog | None = None
) -> list[Finding]:
    """The rules' traced claims that show a model's "not in the session" wrong on its face: every name in code
    the verdict's words give (`task.rb`) the rules found, as written, in an event its paragraph cites. A model
    shown a run's line that cut its list of files short judged the fourth file never read (blind12, R2:38);
    what the verdict disputes beyond the names (who read it, when) a model says as `contradicted` or `not in
    the cited events`, which this leaves alone; and words that say more than the names (a state, a guess told
    as fact: "safe because `auth.Middleware` already rejects them") are left to the model."""
    if verdict.verdict != NOT_IN_SESSION:
        return []
    names = [_plain(n) for n in _SPAN.findall(verdict.words) if _plain(n)]
    rest = "".join(_TOKEN.findall(_SPAN.sub(" ", verdict.words)))
    cited = set(block.cites)
    traced = [f for f in rules if f.status == TRACED and f.claim.kind in _NAMED_KINDS and f.event in cited]
    # A command the rules found as written in a cited run the author turned down, told as tried ("Claude가
    # `./gradlew …`로 이 테스트를 돌리려 하자 나는 거절했다"): the model was shown the run as "Ran tests: failed —
    # turned down", without its command line, and judged the command unseen (blind14 T2:84). A run turned down printed
    # nothing, so nothing of its outcome is at stake; a command changed is the rules' finding, and a run that went
    # ahead stays the model's to judge (what it printed may be told wrongly).
    refused = _turned_down_runs(view) if names and _RUN_WORD.search(verdict.reason) else {}
    tried = [
        f
        for f in traced
        if f.claim.kind == COMMAND and any(_plain(f.claim.text) in c for c in refused.get(f.event or "", []))
    ]
    if names and all(any(_plain(f.claim.text) == n for f in tried) for n in names):
        return [next(f for f in tried if _plain(f.claim.text) == n) for n in names]
    if not names or len(rest) > _AROUND_NAMES:
        return []  # a claim about the names (what they were, did or are), not the names alone
    found: list[Finding] = []
    for name in names:
        match = next((f for f in traced if _plain(f.claim.text) == name), None)
        if match is None:
            return []
        found.append(match)
    return found


def _timed_by_clock(verdict: Verdict, rules: list[Finding]) -> Finding | None:
    """The rules' traced time between two events that a model's contradiction of it misreads: the rules measured
    the gap on the record's clock to the millisecond and it rounds to the figure told ("six seconds after" for
    6.3 s), where a model reading clock times to the second counted seven (blind13 S1:152, S2:146). Only an exact
    figure under a minute: a length in minutes, or one told as "about", the rules may have matched to a gap between
    other events than the ones the post means (planted wrong times blind11 Q1:32, blind12 R1:135 were lost so).
    A figure the measured gap does not round to is left to the model."""
    if verdict.verdict != SAYS_OTHERWISE:
        return None
    given = _times_given(f"{verdict.reason} {verdict.evidence}")
    for finding in rules:
        amount = finding.claim.amount
        if finding.status != TRACED or finding.measured is None or amount is None or amount.high or amount.approx:
            continue
        if amount.value >= 1:
            continue  # minutes: clock times to the second read them well; the rules' gap may be another pair's
        step = amount.precision or 1 / 60
        if not any(abs(g - amount.value) > step / 2 + 1e-9 for g in given):
            continue  # the model gives no other time than the post's: it disputes something else (blind20 Z2:49)
        if not any(abs(g - amount.value) <= step / 2 + _MISREAD + 1e-9 for g in given):
            # the model's clock times are minutes away from the figure, not a second's misreading: the rules'
            # gap is between other events than the two the model reads ("half a minute after the run began" of
            # a report 3 min 37 s after the run, blind29 AI1:114)
            continue
        if abs(finding.measured - amount.value) <= step / 2 + 1e-9:
            return finding
    return None


_MISREAD = 2 / 60  # minutes: how far a reading of clock times to the second may be off a gap the rules measured
_CLOCK_TIME = re.compile(r"\b(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)\b")


def _times_given(text: str) -> list[float]:
    """The lengths of time (minutes) a model's reason gives: its durations ("seven seconds", "8 s") and the gaps
    between the clock times it names ("10:03:47 to 10:03:54")."""
    out = [a.value for a in durations(text) if not a.high]
    clocks = [int(h) * 60 + int(m) + float(sec) / 60 for h, m, sec in _CLOCK_TIME.findall(text)]
    out += [b - a for a, b in pairwise(clocks) if b > a]
    return out


def _model_finding(verdict: Verdict, block: Block) -> Finding:
    end = _end_of(verdict.words, block.text)
    claim = Claim(MODEL_KIND, verdict.words, verdict.line, block, at=max(0, end if end is not None else 0))
    mark = _vouching(block, end)
    status = ACCEPTED if mark is not None else CONTRADICTED if verdict.verdict == SAYS_OTHERWISE else UNTRACED
    if mark is not None:
        claim.accepted = mark.note
    reason = f"the model: {verdict.verdict}" + (f": {verdict.reason}" if verdict.reason else "")
    reason += f' (it reads "{verdict.evidence}")' if verdict.evidence else ""
    advice = _ADVICE.get(verdict.verdict, "").format(event=verdict.event or "the event")
    return Finding(claim, status, verdict.event or None, "", reason, confidence=LOW, advice=advice, source=MODEL)


_SENTENCE_END = re.compile(r"[.!?。！？](?=\s+\S)")


def _end_of(words: str, text: str) -> int | None:
    """Where the model's words end in the block's text (markup, quotes and spacing aside), or None."""
    tokens = _TOKEN.findall(words)
    if not tokens:
        return None
    found = re.search(r"\W*".join(re.escape(t) for t in tokens), text, re.I)
    return found.end() if found else None


def _vouching(block: Block, end: int | None) -> Any:
    """The `<!-- ok -->` that vouches for a model's finding ending at `end`: the first after its words in the same
    sentence (as for the rules' claims, the author marks the claim they vouch for, right after it or further on
    in its sentence); an `ok` in another sentence of the paragraph vouches for that sentence's claims only."""
    if end is None:
        return None
    for mark in block.marks:
        if mark.kind == "ok" and mark.at >= end:
            return None if _SENTENCE_END.search(block.text[end : mark.at]) else mark
    return None


# -- verify.json -------------------------------------------------------------------------------------------


def save(path: Path, verification: Verification, parts: list[dict[str, Any]]) -> Path:
    target = path / VERIFY_FILE
    atomic_write_bytes(
        target,
        jsonio.dumps(
            {
                "schema_version": SCHEMA_VERSION,
                "draft_sha256": verification.draft_sha256,
                "engine": verification.engine,
                "model": verification.model,
                "parts": parts,
                "dropped": verification.dropped,
                "model_clears": verification.clears,
                "verdicts": [v.to_dict() for v in verification.verdicts],
            }
        ),
    )
    return target


def load(path: Path, text: str) -> Verification | None:
    """The verdicts kept for this very draft text; None when there are none, or they read another text."""
    target = path / VERIFY_FILE
    if not target.is_file():
        return None
    try:
        data = orjson.loads(target.read_bytes())
        if data.get("draft_sha256") != draft_hash(text):
            return None  # draft.md changed since: the verdicts read another text
        verdicts = [
            Verdict(
                int(v["line"]),
                str(v["words"]),
                str(v["verdict"]),
                str(v["event"]),
                str(v["reason"]),
                str(v.get("part", "")),
                str(v.get("evidence", "")),
            )
            for v in data["verdicts"]
            if v.get("verdict") in VERDICTS
        ]
        clears = data.get("model_clears", MODEL_CLEARS)  # a file written before round twelve: the default
        return Verification(
            data["draft_sha256"], str(data["engine"]), str(data["model"]), verdicts, clears=clears is True
        )
    except (OSError, orjson.JSONDecodeError, KeyError, TypeError, ValueError, AttributeError):
        return None  # a damaged file is no verdict: `retell check --verify` writes it again


# -- the run ---------------------------------------------------------------------------------------------


@dataclass
class VerifyOutcome:
    report: CheckReport
    engine: str
    notes: list[str] = field(default_factory=list)
    dry_run_plan: str | None = None
    costs: str | None = None
    spent_usd: float | None = 0.0  # what the calls of this run cost (None: a price unknown)
    saved: Path | None = None


def run_verify(
    path: Path,
    report: CheckReport,
    *,
    loaded: Loaded | None = None,
    engine: str | None = None,
    model: str | None = None,
    force: bool = False,
    dry_run: bool = False,
    max_cost: float | None = None,
    jobs: int = 3,
    prompts_dir: Path | None = None,
    clears: bool = MODEL_CLEARS,
    log: Callable[[str], None] = lambda _m: None,
    on_engine: Callable[[Any], None] | None = None,
) -> VerifyOutcome:
    """The rules' `report` of draft.md, with what a model finds in it merged in (one call per part). `loaded`:
    the work folder as the check that made `report` read it (read again when None: the draft may differ).
    `clears`: a low-confidence rule problem the model supports with an event counts as traced (MODEL_CLEARS)."""
    from retell.llm.engines import choose_engine
    from retell.llm.pricing import load_prices
    from retell.llm.runner import (
        Runner,
        cost_table,
        enforce_max_cost,
        pick_model,
        plan_table,
        total_spent,
        unknown_prices,
    )
    from retell.redact import Redactor, clear_model_output, guard
    from retell.templating import TemplateLibrary

    choice = choose_engine(engine, dry_run=dry_run)
    if on_engine is not None:
        on_engine(choice)
    if choice.name == "offline":
        why = "--engine offline" if engine else "no ANTHROPIC_API_KEY and no `claude` on PATH"
        note = f"--verify: no model to ask ({why}): the rules only; use --engine anthropic, claude-cli or handoff"
        return VerifyOutcome(report, choice.name, [note])
    loaded = loaded or load_draft(path)
    triage, parsed, view, text = loaded.triage, loaded.parsed, loaded.view, loaded.text
    prices = load_prices()
    chosen = pick_model(STAGE, model, prices)
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    # The draft is the author's text: a secret in it stops here, named by its line (the runner's guard would
    # name only the request).
    guard(
        [(f"draft.md line {n}", line) for n, line in enumerate(text.split("\n"), 1)],
        redactor,
        "draft.md, about to be sent for verification",
    )
    library = TemplateLibrary("prompts", prompts_dir)
    pairs = verify_requests(text, view, parsed.manifest, triage, chosen, prices.limits(chosen), library)
    if not pairs:
        return VerifyOutcome(report, choice.name, ["--verify: draft.md has no prose to verify"])
    requests = [request for _, request in pairs]
    runner = Runner(path, choice, redactor, force=force, jobs=jobs, log=log)
    runner.check(requests)
    planned = runner.plan(requests, {STAGE: ANSWER_TEXT})
    if dry_run:
        folder = runner.write_dry_run(planned)
        plan = plan_table(planned, runner.prices.as_of, runner.count_note)
        return VerifyOutcome(report, choice.name, dry_run_plan=f"{plan}\nprompts written to {folder}")
    enforce_max_cost(planned, max_cost, runner.prices)
    lines = text.split("\n")
    known = _known_ids(view)
    by_label = {request.label: chunk for chunk, request in pairs}

    records = _run_once_more(runner, requests)
    verdicts: list[Verdict] = []
    dropped = 0
    parts = []
    for record in records:
        chunk = by_label[record.request.label]
        found, lost = read_answer(record.response.text, chunk, lines, known, shown=record.request.user, view=view)
        for verdict in found:
            # the reason is the model's own text: anything secret-shaped in it is redacted, as in a draft
            reason, notes = clear_model_output(verdict.reason, redactor, f"verify {chunk.label}, line {verdict.line}")
            verdicts.append(replace(verdict, reason=reason))
            runner.notes.extend(notes)
        dropped += lost
        parts.append(
            {"part": chunk.label, "lines": [chunk.first, chunk.last], "call": str(record.path.relative_to(path))}
        )
    verification = Verification(draft_hash(text), choice.name, chosen, verdicts, dropped, clears)
    saved = save(path, verification, parts)
    outcome = VerifyOutcome(merge(report, verification, text, view=view), choice.name, list(runner.notes), saved=saved)
    if dropped:
        outcome.notes.append(f"--verify: {dropped} verdict(s) named words draft.md does not have there: not used")
    outcome.costs = cost_table(runner.costs, runner.prices.as_of, unknown_prices(runner.prices, [chosen]))
    outcome.spent_usd = total_spent(runner.costs)
    return outcome


def estimate_verify(path: Path, estimate: Any, options: Any, *, count: bool = True) -> None:
    """`retell run --verify --dry-run`: the verification's calls added to the run's `estimate` (a
    `retell.write.estimate.RunEstimate` of the same `options`), priced as the outline and the draft are. Before
    there is a draft they are the calls of a stand-in of it: the plan's sections at the draft's length, in
    paragraphs citing the plan's events."""
    from retell.llm.engines import EngineChoice
    from retell.llm.pricing import load_prices
    from retell.llm.runner import Runner, pick_model
    from retell.redact import Redactor
    from retell.templating import TemplateLibrary
    from retell.triage.stage import require_approved
    from retell.workdir import Workdir
    from retell.write.estimate import stage_estimate, stand_in_draft

    triage, parsed, view = require_approved(path)
    prices = load_prices()
    chosen = pick_model(STAGE, options.model, prices)
    draft = Workdir(path).draft
    if estimate.draft_kept and draft.is_file():
        text = draft.read_text(encoding="utf-8", errors="replace")
    else:
        text = stand_in_draft(estimate.plan, estimate.section_words) if estimate.plan is not None else ""
        estimate.notes.insert(
            -2, "the verification is estimated on a stand-in of the draft: its length, citing the plan's events"
        )
    library = TemplateLibrary("prompts", options.prompts_dir)
    view = with_cited_branches(text, view, parsed.log, triage)
    pairs = verify_requests(text, view, parsed.manifest, triage, chosen, prices.limits(chosen), library)
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    runner = Runner(
        path, EngineChoice(estimate.priced_as, estimate.choice.reason), redactor, force=options.force, jobs=1
    )
    planned = runner.plan([request for _, request in pairs], {STAGE: ANSWER_TEXT}, count=count)
    estimate.stages.append(stage_estimate(STAGE, planned, {STAGE: ANSWER_TEXT}, prices, chosen))


def _run_once_more(runner: Any, requests: list[Any]) -> list[Any]:
    """Every part answered; a malformed answer (not the JSON asked for) is asked for once more. Answers already
    read are kept in the call log, so the second round pays only for the parts that failed. (A hand-off answer
    is refused and its prompt waits again: whoever answers it is told why.)"""
    malformed: list[str] = []

    def accept(text: str) -> None:
        try:
            answer_items(text)
        except LLMError as exc:
            malformed.append(str(exc))
            raise

    for attempt in (1, 2):
        malformed.clear()
        try:
            return list(runner.run(requests, accept=accept))
        except LLMError:
            if attempt == 2 or not malformed or runner.choice.name == "handoff":
                raise
            runner.log(f"verify: an answer was not the JSON asked for ({malformed[0]}); asking once more")
    raise RetellError("unreachable")  # pragma: no cover
