"""Each claim traced to the cleared session: the events its paragraph cites (and their neighbours) first,
then the rest.

A claim is **traced** (an event of the right speaker says it), **contradicted** (the session says
something else: another speaker said it, the words differ in meaning, a command only mentioned is told as
run, a run that failed is told as passed, a paragraph cites events that do not bear it out), or **untraced**
(nothing in the session says it). An author's `ok` mark turns a problem into **accepted**. What the check
cannot compare (a credit worded too freely, a translation with no name or number in it, a small count of
things) is **unchecked**: never a problem.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from retell.check.amounts import DURATION
from retell.check.attribution import AGENT, AUTHOR, CLAUDE, SUBAGENT
from retell.check.changes import change_findings
from retell.check.claims import (
    BOTH,
    CODE_SPAN,
    COMMAND,
    CREDIT,
    DATE_FORMAT,
    MIN_INLINE_QUOTE_WORDS,
    NUMBER,
    OUTCOME,
    OUTPUT,
    PATH,
    QUOTE_KINDS,
    Claim,
    quote_words,
)
from retell.check.copied import copied_findings
from retell.check.document import CODE, HEADING, Block
from retell.check.figures import check_number
from retell.check.guesses import guess_findings
from retell.check.language import language_of
from retell.check.order import order_findings
from retell.check.outcomes import check_outcome
from retell.check.polarity import answer_polarity, decision_polarity
from retell.check.quotes import judge
from retell.check.readings import reading_findings
from retell.check.scope import Scope, scopes
from retell.check.searches import search_findings
from retell.check.sources import NOTE, PATHISH, THOUGHT, TOOL, Source, Sources
from retell.check.speaker import speaker_findings
from retell.check.text import content_stems, one_line, script_of, words
from retell.check.translation import other_script, prose_script, survives, tongue, tongue_known
from retell.check.verdict import (
    ACCEPTED,
    CONTRADICTED,
    HIGH,
    LOW,
    TRACED,
    UNCHECKED,
    UNTRACED,
    Finding,
    found,
)

__all__ = ["ACCEPTED", "CONTRADICTED", "TRACED", "UNCHECKED", "UNTRACED", "Finding", "trace_all"]

# Whose words a quote attributed to someone may be. A tool's text is anyone's to quote: the author pastes
# output, Claude's commands and task lists are tool input, and an older events.json keeps the author's reason
# for turning a call down as the call's error.
_SPEAKERS: dict[str | None, set[str]] = {
    AUTHOR: {AUTHOR, NOTE, TOOL},
    CLAUDE: {CLAUDE, TOOL},
    SUBAGENT: {SUBAGENT, TOOL},
    AGENT: {CLAUDE, SUBAGENT, TOOL},
    None: {AUTHOR, CLAUDE, SUBAGENT, TOOL, NOTE},
}
_WHO = {AUTHOR: "you", CLAUDE: "Claude", SUBAGENT: "a subagent", TOOL: "a tool's output", NOTE: "your notes"}
_WHO[THOUGHT] = "Claude's private thinking"
_WHOSE = {AUTHOR: "yours", CLAUDE: "Claude's", SUBAGENT: "a subagent's", AGENT: "Claude's"}
_NEVER = {
    AUTHOR: "you never wrote this in the session",
    CLAUDE: "Claude never says this in the session",
    AGENT: "Claude never says this in the session",
    SUBAGENT: "no subagent says this in the session",
}
_WORDS_OF = {
    AUTHOR: ("your words", "yourself"),
    NOTE: ("your notes' words", "yourself"),
    CLAUDE: ("Claude's words", "Claude"),
    SUBAGENT: ("a subagent's words", "the subagent"),
    TOOL: ("a tool's output", "the tool"),
}
# A credit is "moved" when the other side said it clearly and the credited side did not.
CREDIT_SUPPORTED = 0.5
CREDIT_MARGIN = 0.25
CREDIT_NOTHING = 0.2
# A command named as what changed a file, which the sentence shows ("the `package.json` that `pnpm add` had changed",
# "`pnpm add` 改動的 `package.json`"): a run told of earlier, wherever it is, not one of the cited moment
_CHANGED_BY = re.compile(
    r"`?\s*(?:had\s+(?:changed|added|updated|touched|written|modified|bumped)\b"
    r"|(?:改動|改动|修改|更動|更新|新增|加入|寫入|写入|改)的|が(?:変更|追加|更新)した|で(?:変わ|増え)った)"
)
# What the author had done before a moment the post tells: "I had signed off on", "the test I had asked for"
_HAD_DONE = re.compile(
    r"\b(?:I|we)\s+had\s+(?:already\s+)?(?:(?P<ask>asked\s+for|requested|wanted)|approved|signed\s+off|agreed\s+to|"
    r"ok'?d|okayed|accepted|reviewed)\b",
    re.I,
)
# A message saying its author approved something: "I signed off on this model", "I approved the PR last week"
_APPROVED = re.compile(
    r"\b(?:signed\s+off|sign-off|approved|ok'?d|okayed|lgtm|reviewed|accepted)\b|承認|批准|核准|簽核|签核|승인|承認済",
    re.I,
)
# A shared decision ("we agreed to…") must share this much of its meaning with something said near it.
CREDIT_SHARED = 0.4
# A decision whose words the session never says, for more than this share of their weight (two words at least),
# was stated by nobody.
UNHEARD_SHARE = 0.5
ANSWER_WORDS = 12  # a message this short after a question answers it
MIN_UNHEARD = 2
_REJECTED = re.compile(r"The user (?:doesn't|does not) want", re.I)  # a refused tool call, not a decision's words
_DECIDED = re.compile(
    r"\b(?:agreed|decided|chose|settled on|opted|went with|décidé|choisi|opté|entschieden|entschied|gewählt|"
    r"decidí|decidimos|elegí|elegimos|besloten|besloot|kozen|koos|gekozen|deciso|scelto|decidemmo|scegliemmo|"
    r"zdecydowali[śs]my|postanowili[śs]my|wybrali[śs]my|zdecydowa[łl](?:em|am)|postanowi[łl](?:em|am)|"
    r"wybra[łl](?:em|am)|decidi|escolhi|escolhemos|combinamos|beschlossen|beschloss|bewust)\b|"
    r"決め|決定|决定|商定|ことにした",
    re.I,
)
# A plain yes: "Yes, run the tests", "ok", "sounds good", "go ahead", はい, 好的.
_ASSENT = re.compile(
    r"\s*(?:yes|yeah|yep|yup|ok|okay|sure|sounds good|go ahead|do it|agreed|let'?s do|please do|perfect|great|"
    r"lgtm|makes sense|that works)\b|\s*(?:はい|いいよ|お願い|好的|可以|行)",
    re.I,
)
# Claims that one moment of the session bears out, not a name it repeats (for judging a citation).
_SPECIFIC = frozenset({*QUOTE_KINDS, NUMBER, OUTCOME, COMMAND, OUTPUT})
_REFUSAL = re.compile(r"\s*(?:no|nope|don'?t|skip it|not now|nein|non|pas maintenant)\b", re.I)  # a plain no
_CHOICE = re.compile(r"\b(?:chose|picked|went with|opted for|plumped for)\b", re.I)
# A paragraph with a citation and no traceable claim must share this much of its meaning with what it cites.
CITATION_OVERLAP = 0.07
MOMENT_EVENTS = 3  # a paragraph citing this many events or fewer tells one moment (more: a look back)
MIN_FAR_CLAIMS = 3  # claims resting far from a citation that outweigh it
FAR_PER_NEAR = 3
MIN_CITATION_STEMS = 6
MIN_SHOWN_LINE = 8  # characters of a block's line for it to say which event printed it
MIN_BESIDE = 2  # claims resting beside a citation, none on it, that make the citation wrong


def trace_all(claims: list[Claim], blocks: list[Block], index: Sources) -> list[Finding]:
    tracer = Tracer(index, scopes(blocks, index))
    timed = [c for c in claims if c.kind == NUMBER and c.unit == DURATION]
    findings = [tracer.trace(claim) for claim in claims if claim not in timed]
    # A time is measured from what its paragraph tells ("two and a half minutes from my “yes please”"): the
    # events its other claims were traced to count as near it.
    told: dict[int, set[str]] = {}
    for finding in findings:
        if finding.status == TRACED and finding.event and finding.event in index.clock:
            told.setdefault(id(finding.claim.block), set()).add(finding.event)
    for block in {id(c.block): c.block for c in timed}.values():
        told.setdefault(id(block), set()).update(_terms_told(block, index))
    for claim in timed:
        tracer.told = told.get(id(claim.block), set())
        findings.append(tracer.trace(claim))
    # A small count of something the session never counts ("three routes") is a writer's own count: no claim.
    findings = [f for f in findings if not (f.status == UNCHECKED and f.weak)]
    _headings_echo(findings, blocks)
    findings.extend(tracer.citations(blocks, findings))
    findings.extend(order_findings(blocks, index))
    findings.extend(speaker_findings(blocks, index))
    findings.extend(change_findings(blocks, index))
    findings.extend(search_findings(blocks, index))
    findings.extend(copied_findings(blocks, index))
    guessed = guess_findings(blocks, index)
    findings.extend(guessed)
    findings.extend(reading_findings(blocks, index, guessed))
    for finding in findings:
        if finding.problem and finding.claim.accepted is not None:
            finding.status = ACCEPTED
    findings.sort(key=lambda f: (f.claim.line, f.claim.at))
    return findings


def _section_of(blocks: list[Block], heading: Block) -> list[Block]:
    """The blocks under a heading, up to the next heading of its level or above."""
    depth = len(heading.text) - len(heading.text.lstrip().lstrip("#"))
    start = next((n for n, b in enumerate(blocks) if b is heading), len(blocks))
    out = []
    for block in blocks[start + 1 :]:
        if block.kind == HEADING and len(block.text) - len(block.text.lstrip().lstrip("#")) <= depth:
            break
        out.append(block)
    return out


def _headings_echo(findings: list[Finding], blocks: list[Block]) -> None:
    """A heading's count that a paragraph of its own section states, and traces, is that paragraph's ("## Two
    examples that fail first" over "Claude added two examples…"): a heading sums up its section, and the whole
    section's events count its things otherwise (blind24 AD1:62). A changed heading keeps its own number."""
    traced: dict[int, list[Finding]] = {}
    for finding in findings:
        if finding.status == TRACED and finding.claim.kind == NUMBER and finding.claim.amount is not None:
            traced.setdefault(id(finding.claim.block), []).append(finding)
    for finding in findings:
        claim, amount = finding.claim, finding.claim.amount
        if not finding.problem or claim.kind != NUMBER or amount is None or claim.block.kind != HEADING:
            continue
        if amount.unit == DURATION or amount.weekday >= 0 or amount.high is not None:
            continue
        for block in _section_of(blocks, claim.block):
            echo = next(
                (
                    f
                    for f in traced.get(id(block), [])
                    if f.claim.amount is not None
                    and f.claim.amount.unit == amount.unit
                    and f.claim.amount.value == amount.value
                    and f.claim.amount.high is None
                ),
                None,
            )
            if echo is not None:
                finding.status, finding.event, finding.excerpt = TRACED, echo.event, echo.excerpt
                finding.reason, finding.weak, finding.cited = "what its section's paragraph tells", True, False
                break


def _terms_told(block: Block, index: Sources) -> set[str]:
    """The events a paragraph's short quoted words come from ("from my “yes please”"), when few do."""
    from retell.check.claims import quoted_terms

    out: set[str] = set()
    for term in quoted_terms(block.text):
        folded = " ".join(term.lower().split())
        hits = {s.id for s in index.sources if s.speaker in (AUTHOR, CLAUDE, SUBAGENT) and folded in s.folded}
        if 0 < len(hits) <= 3:
            out |= {i for i in hits if i in index.clock}
    return out


def _unique(sources: Iterable[Source]) -> list[Source]:
    seen: set[int] = set()
    out = []
    for source in sources:
        if id(source) not in seen:
            seen.add(id(source))
            out.append(source)
    return out


def _first(index: Sources, event_id: str) -> Source | None:
    items = index.by_event.get(event_id)
    return items[0] if items else None


def _span(ids: Iterable[str]) -> str:
    listed = sorted(ids, key=lambda i: [int(p) if p.isdigit() else 0 for p in re.findall(r"\d+", i)])
    return ", ".join(listed[:4]) + ("…" if len(listed) > 4 else "")


class Tracer:
    def __init__(self, index: Sources, scopes_: dict[int, Scope]) -> None:
        self.index = index
        self.scopes = scopes_
        self.told: set[str] = set()

    def scope(self, claim: Claim) -> Scope:
        scope = self.scopes.get(id(claim.block), Scope())
        marked = [*(claim.cleaned or []), *(claim.translated or [])]
        if marked:
            scope = Scope([*scope.cited, *marked], scope.near | set(marked), scope.around | set(marked))
        if self.told and claim.kind == NUMBER:
            scope = Scope(scope.cited, scope.near, scope.around | self.told, set(self.told))
        return scope

    def trace(self, claim: Claim) -> Finding:
        finding = self._trace(claim)
        scope = self.scope(claim)
        # `cited`: traced to an event the paragraph cites (or one nested in it), not merely near one.
        finding.cited = (
            finding.status == TRACED and not finding.weak and finding.event in self.index.expand(scope.cited)
        )
        return finding

    def _trace(self, claim: Claim) -> Finding:
        scope = self.scope(claim)
        if claim.kind in QUOTE_KINDS:
            return self.quote(claim, scope)
        if claim.kind == PATH:
            return self.path(claim, scope)
        if claim.kind == COMMAND:
            return self.command(claim, scope)
        if claim.kind == CODE_SPAN:
            return self.code(claim, scope)
        if claim.kind == OUTPUT:
            return self.output(claim, scope)
        if claim.kind == NUMBER:
            return check_number(claim, self.index, scope)
        if claim.kind == OUTCOME:
            return check_outcome(claim, self.index, scope)
        if claim.kind == CREDIT:
            return self.credit(claim, scope)
        return Finding(claim, TRACED)

    def _in_scope(self, source: Source | None, scope: Scope) -> bool:
        return source is not None and source.id in scope.near

    def _far(self, source: Source, scope: Scope) -> bool:
        """Whether a paragraph that cites one moment (a few events) traces to one neither near them nor in the
        paragraphs around. A paragraph citing more looks back over the session and may quote any of it."""
        return 0 < len(scope.cited) <= MOMENT_EVENTS and source.id not in scope.near | scope.around | scope.told

    # -- quotes ---------------------------------------------------------------------------------------

    def quote(self, claim: Claim, scope: Scope) -> Finding:
        finding = self._quote(claim, scope)
        if claim.speaker is None and finding.status == TRACED and finding.event and _tells_claude_only(claim.block):
            source = next((s for s in self.index.by_event.get(finding.event, []) if s.speaker == AUTHOR), None)
            if source is not None and not any(s.speaker != AUTHOR for s in self.index.by_event.get(finding.event, [])):
                # no one named for it, in a paragraph that tells only what Claude did and said: the words are
                # given to Claude, and they are the author's
                finding = found(
                    claim,
                    source,
                    f"these are your words ({source.id}), in a paragraph that tells only what Claude said",
                    CONTRADICTED,
                    advice="say that you said it, or quote what Claude said",
                )
        if quote_words(claim.text) < MIN_INLINE_QUOTE_WORDS:
            finding.confidence = LOW  # two words are too few to be sure of whose they are
        return finding

    def _author_said(self, claim: Claim, scope: Scope, cleaned: bool) -> Source | None:
        """A message of the author's among the cited events that holds the quote (their own example)."""
        if claim.speaker == AUTHOR or not scope.has_citation:
            return None
        mine = [s for s in self.index.of(scope.cited) if s.speaker == AUTHOR and not s.retells]
        if not mine:
            return None
        verdict = judge(claim.text, lambda q: mine, cleaned)
        return verdict.main.source if verdict.ok and verdict.main is not None else None

    def _quote(self, claim: Claim, scope: Scope) -> Finding:
        index = self.index
        allowed = _SPEAKERS.get(claim.speaker, _SPEAKERS[None])
        cleaned = claim.cleaned is not None
        near = [s for s in _unique([*index.of(scope.cited), *index.of(scope.near)]) if s.speaker in allowed]
        if claim.translated is not None:
            translated = self.translation(claim, scope, allowed, marked=True)
            if translated.status != UNTRACED or translated.reason:
                return translated  # else: what it names is in the quote's own language, compared word for word
        verdict = judge(claim.text, lambda q: _unique([*near, *index.candidates(list(q), allowed)]), cleaned)
        if verdict.ok and verdict.main is not None:
            source = verdict.main.source
            changed = _figures_changed(claim, source)
            if changed:
                # the line as another cited source printed it, figures and all (a subagent's run, `e14.3`, whose
                # words the subagent's report shares: the report matched first; blind50 BD1:78)
                line = " ".join(claim.text.split())
                cited = [s for s in index.of(scope.cited) if s.speaker in allowed]
                printed = next((s for s in cited if line in " ".join(s.text.split())), None)
                if printed is not None:
                    source, changed = printed, []
            if changed:
                return found(
                    claim,
                    source,
                    f"changes a figure of the output it copies ({', '.join(changed[:3])}: not in {source.id})",
                    CONTRADICTED,
                    advice=f"copy {source.id} as it printed",
                )
            if self._far(source, scope) and quote_words(claim.text) >= MIN_INLINE_QUOTE_WORDS:
                mine = self._author_said(claim, scope, cleaned)
                if mine is not None and claim.speaker == CLAUDE and source.retells:
                    # my cited words given to Claude, which only Claude Code's summary of the session repeats ("Claude
                    # answered: “…”" of my own message, blind33 AM1:75): a summary quoting me is not Claude speaking
                    words, to = _WORDS_OF[AUTHOR]
                    return found(
                        claim,
                        mine,
                        f"these are {words} ({mine.id}), not Claude's",
                        CONTRADICTED,
                        confidence=HIGH,
                        advice=f"attribute them to {to}",
                    )
                if mine is not None:
                    # "例如「大腸包小腸 ×２」" of my cited message, which a test file Claude wrote later also holds:
                    # the words are mine first, whoever the sentence seems to give them to
                    return found(claim, mine, cited=True)
                # Said, but not where the paragraph says: words of one moment told of another ("Claude answered
                # by opening with “Thank you…”", words from an hour before).
                far = found(
                    claim,
                    source,
                    f"these words are in {source.id}, not in the cited events ({_span(scope.cited)})",
                    UNTRACED,
                    advice=f"cite {source.id}, where they are, or quote what the cited events say",
                )
                far.far = True
                return far
            return found(claim, source, cited=self._in_scope(source, scope))
        anyone = judge(claim.text, lambda q: index.candidates(list(q), None, limit=12), cleaned)
        if anyone.ok and anyone.main is not None:
            source = anyone.main.source
            if source.speaker == THOUGHT:
                return found(
                    claim,
                    source,
                    "quotes Claude's private thinking, which a post never quotes",
                    CONTRADICTED,
                    confidence=HIGH,
                    advice="leave it out, or say in your words what Claude did",
                )
            if source.retells and claim.speaker != AUTHOR and _named_whole(claim.text, source.text):
                # "three subagents went out: “Setup Next.js project”, …": a subagent's task name quoted whole
                # names it; nobody says it (blind18 X1:16)
                return found(claim, source, cited=self._in_scope(source, scope))
            if source.speaker == AUTHOR and _quotes_it(source.text, claim.text):
                # my message quoting what Claude had said ("because \"…\""): the words I quote are not mine
                return Finding(claim, TRACED, source.id, f"words {source.id} quotes", weak=True)
            words, to = _WORDS_OF.get(source.speaker, (f"{source.speaker}'s words", source.speaker))
            return found(
                claim,
                source,
                f"these are {words} ({source.id}), not {_WHOSE.get(claim.speaker or '', 'theirs')}",
                CONTRADICTED,
                # A subagent's task name or brief is a label as much as words: "the subagent “Analyze…”".
                confidence=LOW if source.retells else HIGH,
                advice=f"attribute them to {to}",
            )
        translated = self.translation(claim, scope, allowed, marked=False)
        if translated.status != UNTRACED:
            return translated
        closest = verdict.main
        if closest is not None and closest.coverage >= 0.5:
            meaning = bool(closest.meaning) or not closest.matched
            return found(
                claim,
                closest.source,
                verdict.why(cleaned),
                CONTRADICTED,
                confidence=HIGH if meaning and claim.speaker == AUTHOR else LOW,
                advice=(
                    f"quote {closest.source.id} as written"
                    if meaning
                    else f"put <!-- cleaned: {closest.source.id} --> after it, or quote it as written"
                ),
            )
        reason = _NEVER.get(claim.speaker or "", "nobody in the session says this")
        return found(
            claim,
            closest.source if closest and closest.coverage >= 0.25 else None,
            reason,
            UNTRACED,
            confidence=HIGH if claim.speaker == AUTHOR else LOW,
            advice="quote what was said, or mark it <!-- ok --> if it was said outside the session",
        )

    def translation(self, claim: Claim, scope: Scope, allowed: set[str], *, marked: bool) -> Finding:
        """A quote in another script than the words it renders: its names and numbers must survive."""
        index = self.index
        script = prose_script(claim.text)
        if not script:
            return found(claim, None, "nothing in it to compare", UNCHECKED)
        ids = claim.translated or scope.near if marked else scope.near
        voices = allowed - {TOOL, NOTE}  # what is translated is someone's words, not a tool's output
        context = claim.block.text if marked else ""
        named = set(claim.translated or ()) if marked else set()
        # a message too short to tell its language by ("push to github") that the marker names is a source too, when
        # the paragraph's language is known (blind18 X2:6)
        short = bool(named) and bool(language_of(context))
        pool = [
            s
            for s in index.of(ids)
            if s.speaker in voices
            and (
                other_script(claim.text, s.text, context)
                # …only where a name, number or code of it survives: a quote that shares nothing with it is no
                # translation of it (blind7 L2:55, Claude's words told as my request)
                or (short and s.id in named and not tongue_known(s.text) and _anchored_in(claim, s.text))
            )
        ]
        # A quote in a script nobody in the session writes (a Chinese post on English sessions) can only be a
        # translation, marked or not: compared with the whole session when what it cites holds none.
        own = tongue(claim.text)
        foreign = not marked and not any(s.speaker in voices and tongue(s.text) == own for s in index.sources)
        if not pool and ((marked and not claim.translated) or foreign):
            pool = [s for s in index.sources if s.speaker in voices and other_script(claim.text, s.text, context)]
        if not pool and marked and claim.translated:
            # The event it names is someone else's: a translation of Claude's words given to the author.
            others = [s for s in index.of(claim.translated) if s.speaker in _SPEAKERS[None] - voices - {TOOL, NOTE}]
            # the events the marker names hold nobody's words but the other speaker's: the marker says whose words
            # they are, even where nothing in them (a name, a number) can be compared (blind2 G2:32, once its 一
            # was no number)
            theirs_only = not any(s.speaker in voices for s in index.of(claim.translated))
            for source in others:
                ok, _, compared = survives(claim.text, source.text, context=claim.block.text)
                if ok and compared and source.speaker == AUTHOR and _renders_a_quote_in(claim, source.text):
                    # my message quoting what Claude had said ("because \"…\""): the words I quote are not mine
                    return Finding(claim, TRACED, source.id, f"words {source.id} quotes, translated", weak=True)
                if ok and (compared or theirs_only) and other_script(claim.text, source.text, context):
                    words, to = _WORDS_OF.get(source.speaker, (f"{source.speaker}'s words", source.speaker))
                    whose = _WHOSE.get(claim.speaker or "", "theirs")
                    return found(
                        claim,
                        source,
                        f"a translation of {words} ({source.id}), not {whose}",
                        CONTRADICTED,
                        confidence=HIGH,
                        advice=f"attribute them to {to}",
                    )
        pasted: set[int] = set()
        if not pool and marked and claim.translated:
            # A marked translation of what a tool shows (a code comment in an edit, a linter's warning): the
            # marker names the event, and its names and numbers must survive as a speaker's would (blind12 R2:106)
            # (a tool's text is seldom prose enough to tell its language: only one in the quote's own is left out)
            said_in = tongue(claim.text) if language_of(claim.text) else tongue(claim.block.text)
            pool = [s for s in index.of(claim.translated) if s.speaker == TOOL and tongue(s.text) != said_in]
            if not pool:  # a message that pastes text in another language (a warning, a log): its pasted part
                pool = [
                    replace(s, text=piece)
                    for s in index.of(claim.translated)
                    if s.speaker in voices
                    for piece in _pieces(s.text)
                    if tongue(piece) != said_in and language_of(piece)
                ]
                pasted = {id(s) for s in pool}
        if not pool:
            return found(claim, None, "", UNTRACED)  # not a translation: the caller compares it word for word
        best: tuple[int, list[str], Source] | None = None
        for source in pool:
            part = source.speaker == TOOL or id(source) in pasted  # a tool's text, or a pasted piece of a message
            ok, missing, compared = survives(claim.text, source.text, part=part, context=claim.block.text)
            if ok:
                if not compared:
                    return found(
                        claim,
                        source,
                        f"a translation of {source.id}? nothing in it (a name, a number, code) can be compared",
                        UNCHECKED,
                        cited=True,
                    )
                return found(claim, source, "translated", TRACED, cited=True)
            if best is None or len(missing) < best[0]:
                best = (len(missing), missing, source)
        assert best is not None
        _, missing, source = best
        return found(
            claim,
            source,
            f"as a translation of {source.id}, it has {', '.join(missing[:4])}, which {source.id} does not",
            CONTRADICTED,
            confidence=LOW,
            advice=f"keep the names and numbers of {source.id}",
        )

    # -- paths, commands, code ------------------------------------------------------------------------

    def path(self, claim: Claim, scope: Scope) -> Finding:
        index = self.index
        claimed = _path_parts(claim.text)
        stripped = re.sub(r":\d+(?:-\d+)?$", "", claim.text.strip())
        name = claimed[-1] if claimed else ""
        pool = [*index.touched_by_name.get(name, []), *index.touched_by_name.get("*", [])] if name else []
        if name and "." not in name:  # a folder: any path through it
            pool = index.touched
        touches = [(e, p, how) for e, p, how in pool if _contains_path(p, claimed)]
        owned = self._owner(claim, touches, scope)
        if owned is not None:
            return owned
        if scope.has_citation and not claim.ran:
            named = _mention(stripped, index, scope, only=True)
            if named is not None:
                return found(claim, named, cited=True)
        cited = index.expand(scope.cited)
        if claim.ran and _TOLD_AS_SHOWN.search(_sentence_before(claim)):
            # "the stat of `9f3c2e1` showed it touched `src/a.rs`": a change a cited output lists (a commit's stat,
            # a status, a diff's header) is shown there, whoever made it and whenever
            listed = next(
                (s for s in index.of(sorted(cited)) if s.speaker == TOOL and _lists_change(s.text, claimed)), None
            )
            if listed is not None:
                return found(claim, listed, cited=True)
        # What the paragraph cites first, and a touch of the kind the sentence tells (read, or edited).
        near = sorted(
            (t for t in touches if t[0] in scope.near),
            key=lambda t: (t[0] not in cited, (t[2] == "read") != (claim.touch == "read")),
        )
        if claim.ran and claim.touch == "edit":
            edited = [t for t in near if t[2] != "read"]
            if near and not edited:
                return found(
                    claim,
                    _first(index, near[0][0]),
                    f"the cited events only read it ({near[0][0]}); no tool there edited or wrote it",
                    CONTRADICTED,
                    advice="name the file that was changed, or say it was read",
                )
        if near:
            return found(claim, _first(index, near[0][0]), cited=True)
        if touches and claim.untouched:  # "nothing in `x.py` was touched": the session knows the file; no moment
            return Finding(claim, TRACED, touches[0][0], f"a file the session knows ({touches[0][0]})", weak=True)
        if touches:
            event_id = touches[0][0]
            summary = (
                self._summary_names(stripped, scope)
                if scope.has_citation and claim.ran and _TOLD_IN_SUMMARY.search(_sentence_before(claim))
                else None
            )
            if summary is not None:
                # "its wrap-up listed the three updated ones (recorder.js, drone.js…)": the cited message
                # that tells of the change names the file, edited in an event the paragraph leaves uncited.
                return found(claim, summary, cited=True)
            if scope.has_citation and claim.ran:
                # "list them in `problems.txt`" of a cited edit whose code writes to it (`Path("problems.txt")…`):
                # the cited change names the file, though no tool's target there was it (a message that only names
                # it, a teammate's list of everyone's files, is no change of it)
                written = _written_in(stripped, index, index.expand(scope.cited))
                if written is not None:
                    return found(claim, written, cited=True)
                return found(
                    claim,
                    _first(index, event_id),
                    f"not in the cited events ({_span(scope.cited)}): a tool touched it in {event_id}",
                    UNTRACED,
                    advice=f"name the file the cited events touch, or cite {event_id}",
                )
            return found(claim, _first(index, event_id))
        mentioned = _mention(stripped, index, scope)
        if mentioned is None and len(claimed) > 1:
            mentioned = next((s for s in index.sources if _path_in_text(s.text, claimed)), None)
        if mentioned is not None:
            branch = _as_branch(stripped, index)
            if branch is not None:  # "the commit came back on `chore/lint-migrations`": a branch, no file
                return found(claim, branch, cited=self._in_scope(branch, scope))
            if claim.ran and mentioned.speaker != NOTE and not _module_of(stripped, mentioned):
                return found(
                    claim,
                    mentioned,
                    "named in the session, but no tool read, edited or wrote it",
                    CONTRADICTED,
                    advice="say it was mentioned, not opened, or name the file a tool touched",
                )
            return found(claim, mentioned, cited=self._in_scope(mentioned, scope))
        return found(
            claim,
            _closest_word(claimed[-1] if claimed else claim.text, index),
            "no event names it",
            UNTRACED,
            advice="check the file's name against the session",
        )

    def _summary_names(self, path: str, scope: Scope) -> Source | None:
        """A message of Claude's or a subagent's the paragraph cites (not a neighbour) that names the path."""
        cited = [s for s in self.index.of(scope.cited) if s.speaker in (CLAUDE, SUBAGENT)]
        folded = path.lower()
        return next((s for s in cited if folded in s.folded), None)

    def _owner(self, claim: Claim, touches: list[tuple[str, str, str]], scope: Scope) -> Finding | None:
        """ "Bob's `research-beads.md`": a file the sentence gives to a named subagent must be one that agent
        touched (edited, when the sentence says so); another agent's is reported."""
        index = self.index
        agents = [i for i, name in index.agent_names.items() if name == claim.owner]
        if not claim.owner or not agents:
            return None

        def agent_of(event_id: str) -> str:
            return next((a for a in index.agent_names if event_id.startswith(a + ".")), "")

        by_agents = [(agent_of(e), e, how) for e, _, how in touches if agent_of(e)]
        by_agents.sort(key=lambda t: t[1] not in scope.near)  # what the paragraph cites first
        if not by_agents:
            return None
        edits = claim.touch == "edit" or claim.owns
        mine = [t for t in by_agents if t[0] in agents and (not edits or t[2] != "read")]
        if mine:
            return found(claim, _first(index, mine[0][1]), cited=mine[0][1] in scope.near)
        others = [t for t in by_agents if t[0] not in agents and (not edits or t[2] != "read")]
        if not others:
            read = next((t for t in by_agents if t[0] in agents), None)
            if read is None:
                return None
            return found(
                claim,
                _first(index, read[1]),
                f"{claim.owner} only read it ({read[1]}); no tool of {claim.owner}'s edited or wrote it",
                CONTRADICTED,
                advice="name the file that agent changed, or say it was read",
            )
        agent, event_id, _ = others[0]
        who = index.agent_names.get(agent, "another subagent")
        return found(
            claim,
            _first(index, event_id),
            f"{who}'s file ({event_id}), not {claim.owner}'s",
            CONTRADICTED,
            advice=f"name the file {claim.owner} {'edited' if edits else 'worked on'}, or credit {who}",
        )

    def command(self, claim: Claim, scope: Scope) -> Finding:
        index = self.index
        command = _clean_code(claim.text)
        if re.fullmatch(r"/[a-z][\w:-]*", command):
            for source in index.sources:
                if source.speaker == AUTHOR and source.text.split(" ", 1)[0] == command:
                    return found(claim, source)
            # Only told as typed does it need to be one the author used: "Claude told me to type `/continue`"
            # and "there is no `/continue`" need only the session to name it.
            named = None if claim.by_author else _mention(command, index, scope)
            if named is not None:
                return found(claim, named, cited=self._in_scope(named, scope))
            return found(claim, None, "no such slash command in the session", UNTRACED, advice="check its name")
        wanted = command.split()
        if claim.absent:
            # told as never run ("no `git commit` ran", "没有跑过 `git commit`"): true unless it ran
            ran_at = _runs_of(command, index)
            if not ran_at:
                return Finding(claim, TRACED, None, "told as not run, and it never ran", weak=True)
            return found(
                claim,
                _first(index, ran_at[0][0]),
                f"told as never run, but it ran in {ran_at[0][0]}",
                CONTRADICTED,
                advice=f"say what {ran_at[0][0]} ran, or leave the sentence out",
            )
        if scope.has_citation and not claim.ran:
            named = _mention(command, index, scope, only=True)
            if named is not None:
                return found(claim, named, cited=True)
        ran = _runs_of(command, index)
        near = [r for r in ran if r[0] in scope.near]
        if near:
            return found(claim, _first(index, near[0][0]), cited=True)
        if ran:
            event_id = ran[0][0]
            if scope.has_citation and claim.ran and not _CHANGED_BY.match(claim.block.text, claim.at):
                return found(
                    claim,
                    _first(index, event_id),
                    f"not in the cited events ({_span(scope.cited)}): it ran in {event_id}",
                    UNTRACED,
                    advice=f"cite {event_id}, or name the command the cited events ran",
                )
            return found(claim, _first(index, event_id))
        pasted = self._pasted(wanted, scope) if claim.ran and claim.by_author else None
        if pasted is not None:
            # a terminal the author pasted shows what they ran (`claude --verbose -r` for "I typed `claude -r`");
            # weak: a summing-up ("what settled it was me running `claude -r`") may tell of it anywhere
            return found(claim, pasted, weak=not self._in_scope(pasted, scope))
        mentioned = _mention(command, index, scope)
        if mentioned is not None:
            if claim.ran and mentioned.speaker == AUTHOR and self._in_scope(mentioned, scope):
                # A log the author pasted into a cited event (a CI build, their own terminal) shows it ran
                # outside Claude's tools: "Vercel ran `git submodule update … && yarn run build`".
                return found(claim, mentioned, cited=True)
            if claim.ran and claim.by_author:
                # What the author ran in a terminal of their own, with no paste of it, is not among Claude's
                # tool runs: reported for the author to vouch for, never blocking (Claude may only have
                # suggested it).
                return found(
                    claim,
                    mentioned,
                    "named in the session, but not run there",
                    UNTRACED,
                    confidence=LOW,
                    advice="mark it <!-- ok --> if you ran it yourself, or say it was suggested",
                )
            if claim.ran:
                return found(
                    claim,
                    mentioned,
                    "named in the session, but never run",
                    CONTRADICTED,
                    advice="say it was suggested, not run, or give the command that ran",
                )
            return found(claim, mentioned, cited=self._in_scope(mentioned, scope))
        runs = [r for r in index.runs if r[0] in scope.near] or index.runs
        closest = max(runs, key=lambda r: len(set(wanted) & set(r[1].split())), default=None)
        nearest = _first(index, closest[0]) if closest and set(wanted) & set(closest[1].split()) else None
        return found(
            claim,
            nearest,
            "never run in the session",
            UNTRACED,
            confidence=HIGH if claim.ran and nearest is not None else LOW,
            advice="give the command as it ran" + (f" (closest: {nearest.id})" if nearest else ""),
        )

    def _pasted(self, wanted: list[str], scope: Scope) -> Source | None:
        """A message of the author's with a line that runs these words in order (a terminal they pasted)."""
        pool = _unique([*self.index.of(scope.near), *self.index.sources])
        for source in pool:
            if source.speaker != AUTHOR:
                continue
            if any(_subsequence(wanted, line.split()) for line in source.text.splitlines()):
                return source
        return None

    def output(self, claim: Claim, scope: Scope) -> Finding:
        """What a command printed: the output its run kept (or the message Claude wrote right after it,
        reading it out). A command that never ran is the command's own finding: the value is then checked
        as any name."""
        index = self.index
        command = " ".join(_clean_code(claim.command).split())
        ran = _runs_of(command, index)
        ran.sort(key=lambda r: r[0] not in scope.near)
        if not ran:
            return self.code(claim, scope)
        value = " ".join(_clean_code(claim.text).lower().split())
        kept: list[tuple[str, str]] = []  # (event id, what a run of it printed)
        for event_id, target in ran:
            for call in index.event_calls.get(event_id, []):
                ran_as = (call.target, getattr(call, "command", None))
                if any(text and " ".join(text.split()) == " ".join(target.split()) for text in ran_as):
                    printed = "\n".join(t for t in (call.output, call.outcome, call.error) if t)
                    if printed:
                        kept.append((event_id, printed))
            after = index.siblings.get(event_id, (None, None))[1]
            for source in index.by_event.get(after or "", []):
                if source.speaker in (CLAUDE, SUBAGENT) and value in " ".join(source.text.lower().split()):
                    return found(claim, source, cited=self._in_scope(source, scope))
        for event_id, printed in kept:
            if value in " ".join(printed.lower().split()):
                return found(claim, _first(index, event_id), cited=event_id in scope.near)
        event_id = ran[0][0]
        if kept:
            return found(
                claim,
                _first(index, kept[0][0]),
                f"not what `{command}` printed ({kept[0][0]}): {one_line(kept[0][1], 60)}",
                UNTRACED,
                advice="give the output the run shows, or mark it <!-- ok --> if you know better",
            )
        return found(
            claim,
            _first(index, event_id),
            f"output not in the session: the run of `{command}` ({event_id}) kept no output",
            UNTRACED,
            advice="say what the session shows (what Claude made of it), or mark it <!-- ok --> if you saw it",
        )

    def code(self, claim: Claim, scope: Scope) -> Finding:
        index = self.index
        code = _clean_code(claim.text)
        if not code:  # `""`, `''`: an empty literal, named by its quotes as they are
            code = " ".join(claim.text.split())
        # `new AudioContext()`, `await fetchAll()`: a call written around a name the session gives is that name
        called = re.sub(r"\([^()]*\)$", "", re.sub(r"^(?:new|await)\s+", "", code))
        variants = [code, re.sub(r"\(\)$", "", code), code.rstrip(".,;:"), code.strip("<>"), called]
        if re.fullmatch(r"(?:[A-Za-z_][\w.]*[.:])?[a-z_]\w*[?!]?/\d{1,2}", code):
            # `offer_made/1`: the function the session writes `def offer_made(offer)` (round 38, blind29 AI1:163)
            variants.insert(0, re.split(r"[.:]", code.rsplit("/", 1)[0])[-1])
        if re.fullmatch(r"[A-Za-z]+", code):  # devDependency, devDependencies
            variants += [code + "s", re.sub(r"y$", "ies", code), re.sub(r"(?:ies|s)$", "", code)]
            if re.fullmatch(r"[A-Z][a-z]+[A-Z][A-Za-z]+", code):
                # a product's name in a case of its own ("JavaScriptu", "TypeScriptem", "GitHubie" in a Polish post)
                variants.append(re.sub(r"(?:owi|ach|ami|em|ie|ów|om|u|a|y|e|i)$", "", code))
        for variant in dict.fromkeys(v for v in variants if v):
            source = _mention(variant, index, scope)
            if source is not None:
                return found(claim, source, cited=self._in_scope(source, scope))
        if " " in code and len(code) >= 8:
            # a value of several words glued to markup in an output: "^FDSolanum lycopersicum^FS" holds
            # `Solanum lycopersicum` (blind41 AU1:105, a ZPL label's field data)
            glued = next((s for s in [*index.of(scope.near), *index.sources] if code in s.text), None)
            if glued is not None:
                return found(claim, glued, cited=self._in_scope(glued, scope))
        if re.fullmatch(r"[0-9a-f]{7,39}", code):  # a short commit hash: the start of the one the session gives
            short = re.compile(rf"(?<![0-9a-f]){code}[0-9a-f]*(?![0-9a-z])")
            named = next((s for s in [*index.of(scope.near), *index.sources] if short.search(s.text)), None)
            if named is not None:
                return found(claim, named)
        if re.fullmatch(r"[a-z]{2,}", code):  # `webkit`, `moz`: a prefix of names the session uses (webkitAudioContext)
            prefix = re.compile(rf"(?<![A-Za-z0-9_]){code}[A-Z]")
            named = next((s for s in [*index.of(scope.near), *index.sources] if prefix.search(s.text)), None)
            if named is not None:
                return found(claim, named)
        imported = _imported(code, index, scope)
        if imported is not None:
            return found(claim, imported, cited=self._in_scope(imported, scope))
        pair = _key_value(code, index, scope)
        if pair is not None:
            return found(claim, pair, cited=True)
        cut = _cut_short(code, index.of(scope.near))
        if cut is not None:
            return found(claim, cut, cited=True)
        end = _end_of_value(code, index.of(scope.near))
        if end is not None:
            return found(claim, end, cited=True)
        member = _member(code, index, scope)
        if member is not None:
            return found(claim, member, cited=self._in_scope(member, scope))
        part = _object_part(code, index, scope)
        if part is not None:
            return found(claim, part, cited=self._in_scope(part, scope))
        elided = _elided(code, index, scope)
        if elided is not None:
            return found(claim, elided, cited=self._in_scope(elided, scope))
        pieces = [p.strip() for p in re.split(r"…|\.\.\.", code) if p.strip()]
        if len(pieces) > 1 and all(_mention(p, index, scope) for p in pieces):
            return found(claim, _mention(pieces[0], index, scope))
        if DATE_FORMAT.fullmatch(code.strip()):  # `dd/mm`: a date's format, which code writes in its own way
            return Finding(claim, TRACED, None, "a date's format", weak=True)
        if claim.absent:  # "without `--force`": what was not used, which no event need name
            return Finding(claim, TRACED, None, "told as not used", weak=True)
        unescaped = _unescaped(code, index, scope)
        if unescaped is not None:
            return found(claim, unescaped, cited=self._in_scope(unescaped, scope))
        return found(
            claim,
            _closest_word(code, index),
            "no event names it",
            UNTRACED,
            advice="check the name against the session, or mark it <!-- ok --> if it is yours",
        )

    # -- who did what ---------------------------------------------------------------------------------

    def credit(self, claim: Claim, scope: Scope) -> Finding:
        """Who said it first, in words close to the claim's: an idea echoed by the other side ("I'll examine
        the pending changes" after the author asked for exactly that) stays with whoever had it. A paragraph
        that credits the author must cite something the author said (and one that credits Claude, something
        Claude said)."""
        index = self.index
        earlier = self._had_done(claim, scope) if claim.actor in (AUTHOR, BOTH) else None
        if earlier is not None:
            return earlier
        if scope.has_citation:
            speakers = index.speakers(scope.near)
            needed = {AUTHOR, NOTE} if claim.actor in (AUTHOR, BOTH) else {CLAUDE, SUBAGENT}
            if not speakers & needed:
                whose = "no message of yours" if claim.actor in (AUTHOR, BOTH) else "nothing Claude said"
                return found(
                    claim,
                    None,
                    f"{whose} is in the cited events ({_span(scope.cited)})",
                    UNTRACED,
                    advice="cite the message where it was decided, or say who decided",
                )
        # picking what Claude offered, in answer to its question, is the author's decision ("do 2": "I decided on
        # the second fix, `time_machine`"): Claude named it first, the author chose it
        picked = _DECIDED.search(claim.text) is not None and self._answered(scope)
        named_first = self._named_first(claim) if claim.actor == AUTHOR and not claim.request and not picked else None
        if named_first is not None:
            return named_first
        unknown = [n for n in _names(claim.text) if not any(_stem(n) in s.folded for s in index.sources)]
        if unknown:
            return found(
                claim,
                None,
                f"the session never mentions {', '.join(unknown[:3])}",
                UNTRACED,
                advice="say what was decided in the session, or mark it <!-- ok --> if it was decided elsewhere",
            )
        stems = list(dict.fromkeys(claim.stems))
        frequency = index.document_frequency
        total = max(1, len(index.sources))
        weights = {s: _idf(frequency.get(s, 0), total) for s in stems}
        whole = sum(weights.values()) or 1.0
        cited = set(scope.near)
        if scope.has_citation and claim.actor in (AUTHOR, BOTH):
            opposite = self._opposite(claim, scope)
            if opposite is not None:
                return opposite
        unsaid = self._decision_unsaid(claim, scope, weights, whole)
        if unsaid is not None:
            return unsaid
        unheard = self._decision_unheard(claim, scope, weights, whole) if claim.actor == AUTHOR else None
        if unheard is not None:
            return unheard
        if claim.agreement and claim.actor == AUTHOR:
            return self._agreed(claim, scope, weights, whole)
        if picked and claim.actor == AUTHOR:
            # the decision's words are the question's, the choice the answer's: "I decided on the second fix"
            asked = [s for s in index.of(scope.near) if s.speaker == CLAUDE and "?" in s.text]
            share = max((sum(w for st, w in weights.items() if st in s.stems) / whole for s in asked), default=0.0)
            if share >= CREDIT_NOTHING:
                return found(claim, asked[0], cited=True)
        if scope.has_citation and script_of(claim.text) == "cjk" and self._other_script(scope):
            return self._polarity_across(claim, scope)
        if claim.actor == BOTH:
            if _DECIDED.search(claim.text):
                shared = self._shared(claim, scope, weights, whole)
                # put forward near it in words close to it, and yet in words the session never says for the most
                # part ("skip a separate test for the Buffer case" of Claude's "a Buffer the scrubber skips")
                if shared.status == TRACED:
                    return self._decision_unheard(claim, scope, weights, whole) or shared
                return shared
            return found(claim, None, "a shared decision", TRACED)  # "we argued about…", "we found…"
        if _CHOICE.search(claim.text) and scope.has_citation:
            # "I chose Vite": the chooser is whoever named the pick in answer, though the other side listed it
            # first: a word of the claim that both sides use near it.
            chooser = _AUTHOR_SIDE if claim.actor == AUTHOR else _MACHINE_SIDE
            near = index.of(scope.near)
            offered = {st for src in near if src.speaker not in chooser for st in src.stems}
            chose = next((src for src in near if src.speaker in chooser and src.stems & offered & set(weights)), None)
            if chose is not None:
                return found(claim, chose, cited=True)

        def scored(side: set[str]) -> list[tuple[float, Source]]:
            out = []
            for source in index.sources:
                # the harness's "The user doesn't want to proceed…" reports the author's refusal: the author's act
                speaker = AUTHOR if source.speaker == TOOL and _REJECTED.search(source.text) else source.speaker
                if speaker not in side or source.retells or source.id in ("title", "stats"):
                    continue
                score = sum(w for s, w in weights.items() if s in source.stems) / whole
                out.append((score + (0.05 if source.id in cited else 0.0), source))
            return out

        def best(items: list[tuple[float, Source]]) -> tuple[float, Source | None]:
            return max(items, key=lambda f: f[0], default=(0.0, None))

        def first_strong(items: list[tuple[float, Source]], top: float) -> Source | None:
            strong = [src for score, src in items if score >= max(CREDIT_SUPPORTED, top * 0.8)]
            return min(strong, key=lambda src: src.order, default=None)

        own_side, other_side = (_AUTHOR_SIDE, _MACHINE_SIDE) if claim.actor == AUTHOR else (_MACHINE_SIDE, _AUTHOR_SIDE)
        own_found, other_found = scored(own_side), scored(other_side)
        (own, own_source), (other, other_source) = best(own_found), best(other_found)
        who, credited = ("you", "Claude") if claim.actor == CLAUDE else ("Claude", "you")
        advice = "credit yourself" if who == "you" else "credit Claude"
        speaker = self._other_speaker(claim, scope, own_found, other_found)
        if speaker is not None:
            return found(
                claim,
                speaker,
                f"{who} said this ({speaker.id}), not {credited}, in the event it cites",
                CONTRADICTED,
                advice=advice,
            )
        if claim.request and claim.actor == AUTHOR and scope.has_citation and other_source is not None:
            # "I asked Claude to commit", citing my message that asks it: the work it asked for is Claude's tools' to
            # do in like words (`git commit` after it), and the ask is still mine (Claude's own words like it are
            # left to the rules below: an ask may claim what Claude put forward)
            asked_here = [src for score, src in own_found if score >= CREDIT_NOTHING and src.id in scope.cited]
            if asked_here and other_source.speaker == TOOL and other_source.order > asked_here[0].order:
                return found(claim, asked_here[0], cited=True)
        if own >= CREDIT_SUPPORTED and other >= CREDIT_SUPPORTED:
            mine, theirs = first_strong(own_found, own), first_strong(other_found, other)
            asking = claim.request and claim.actor == AUTHOR  # asking for what was offered is no claim to the idea
            # The paragraph cites the credited side saying it, and the other side's words are far from it: the
            # idea as put here ("I suggested a real test: import a session into the empty folder", citing my
            # message) is the one cited, not a like-worded plan Claude described an hour before.
            strong = max(CREDIT_SUPPORTED, own * 0.8)
            named = set(scope.cited)
            cited_mine = [src for score, src in own_found if score >= strong and src.id in named]
            cited_theirs = [src for score, src in other_found if score >= max(CREDIT_SUPPORTED, other * 0.8)]
            if cited_mine and not any(src.id in named for src in cited_theirs):
                return found(claim, cited_mine[0], cited=True)
            if mine is not None and theirs is not None and theirs.order < mine.order and not asking:
                return found(
                    claim, theirs, f"{who} said it first ({theirs.id}), not {credited}", CONTRADICTED, advice=advice
                )
            return found(claim, mine or own_source)
        if own >= CREDIT_SUPPORTED or (own >= CREDIT_NOTHING and own >= other - CREDIT_MARGIN):
            return found(claim, own_source)
        if other >= CREDIT_SUPPORTED and other - own >= CREDIT_MARGIN and other_source is not None:
            # Words the other side said only later, away from what the paragraph cites (a closing summary
            # restating "easier for others to contribute"), echo an idea; they did not have it first.
            asked = [s for s in index.of(scope.near) if s.speaker in own_side and not s.retells]
            # So are words the other side said far from it, before or after (a notebook's "real music" an hour
            # earlier is no claim to "I wanted the real thing", told of my own message it cites).
            far = other_source.id not in scope.around | scope.told
            if other_source.id not in cited and asked and (far or other_source.order > max(s.order for s in asked)):
                return found(claim, asked[0], "worded too freely to compare", UNCHECKED)
            return found(
                claim, other_source, f"{who} said this ({other_source.id}), not {credited}", CONTRADICTED, advice=advice
            )
        if max(own, other) < CREDIT_NOTHING:
            return found(claim, own_source or other_source, "worded too freely to compare", UNCHECKED)
        return found(claim, own_source)

    def _other_speaker(
        self,
        claim: Claim,
        scope: Scope,
        own_found: list[tuple[float, Source]],
        other_found: list[tuple[float, Source]],
    ) -> Source | None:
        """What the paragraph credits to one side, its cited events hold in the other side's words and not in
        the credited side's at all ("Claude suggested `time-machine` was already a dev dependency", citing my
        message that says so): the act is told as the wrong one's. An ask or an agreement ("I asked for…",
        "I agreed") restates the other side's words, and so may a decision: both are left to the rules below."""
        if not scope.has_citation or claim.actor not in (AUTHOR, CLAUDE) or claim.request or claim.agreement:
            return None
        if _DECIDED.search(claim.text) or _CHOICE.search(claim.text):
            return None  # a decision answers a question in the asker's words ("I decided to go ahead": "Yes")
        named = set(scope.cited)
        mine = max((score for score, src in own_found if src.id in named), default=0.0)
        anywhere = max((score for score, _ in own_found), default=0.0)
        theirs = max(((score, src) for score, src in other_found if src.id in named), key=lambda f: f[0], default=None)
        if theirs is None or mine >= CREDIT_NOTHING or theirs[0] < CREDIT_NOTHING:
            return None
        # the other side's words, cited, and clearly closer to the claim than anything the credited side said
        if theirs[0] < CREDIT_SUPPORTED and theirs[0] - anywhere < CREDIT_MARGIN:
            return None
        return theirs[1]

    def _named_first(self, claim: Claim) -> Finding | None:
        """Code a decision credited to the author names (`uv tool upgrade --reinstall`), in any language: when
        Claude named it and no message of the author's ever did, the idea was Claude's."""
        start = max(0, claim.at - len(claim.text) - 4)
        for match in re.finditer(r"`([^`\n]{4,})`", claim.block.text[start : claim.at + 1]):
            code = " ".join(match.group(1).lower().split())
            said = [
                s for s in self.index.sources if s.speaker in (*_AUTHOR_SIDE, CLAUDE, SUBAGENT) and code in s.folded
            ]
            if not said or any(s.speaker in _AUTHOR_SIDE for s in said):
                continue
            first = min(said, key=lambda s: s.order)
            return found(
                claim,
                first,
                f"`{match.group(1)}` was Claude's to name ({first.id}); no message of yours names it",
                CONTRADICTED,
                advice="credit Claude, or cite the message where you named it; mark it <!-- ok --> if you know better",
            )
        return None

    def _answered(self, scope: Scope) -> bool:
        """A short message of the author's near the paragraph answers a question Claude asked before it."""
        if not scope.has_citation:
            return False
        asked = False
        for source in sorted(self.index.of(scope.near), key=lambda s: s.order):
            if source.speaker == CLAUDE and "?" in source.text:
                asked = True
            elif asked and source.speaker == AUTHOR and len(source.text.split()) <= ANSWER_WORDS:
                return True
        return False

    def _decision_unheard(self, claim: Claim, scope: Scope, weights: dict[str, float], whole: float) -> Finding | None:
        """ "we decided to skip a separate test for the Buffer case", "I decided to keep it for a later pull
        request": a decision of the author's or of both whose words the session never says, for most of their
        weight, was stated by nobody, though the question it would answer is cited. Compared only where the
        messages near it are in the post's language (a translation shares no words)."""
        if claim.actor not in (AUTHOR, BOTH) or not scope.has_citation or claim.request or claim.agreement:
            return None
        if not _DECIDED.search(claim.text) or len(weights) < MIN_UNHEARD:
            return None
        said = [s for s in self.index.of(scope.near) if s.speaker in _AUTHOR_SIDE | _MACHINE_SIDE and not s.retells]
        own = tongue(claim.text)
        if not said or own in ("", "latin", "cjk") or not any(tongue(s.text) == own for s in said):
            return None
        frequency = self.index.document_frequency
        never = [st for st in weights if not frequency.get(st)]
        if len(never) < MIN_UNHEARD or sum(weights[st] for st in never) / whole <= UNHEARD_SHARE:
            return None
        return found(
            claim,
            None,
            "nobody in the session says this: it never speaks of " + ", ".join(never[:4]),
            UNTRACED,
            advice="say what was decided in the session, or mark it <!-- ok --> if it was decided elsewhere",
        )

    def _decision_unsaid(self, claim: Claim, scope: Scope, weights: dict[str, float], whole: float) -> Finding | None:
        """ "I decided to drop the test script" citing a message of mine that only ran a command: a decision the
        author is credited with must share some of its words with the author's messages it cites (compared only
        when they are in the post's language; a decision told in another one is left to `_polarity_across`)."""
        if claim.actor != AUTHOR or not scope.has_citation or claim.request or claim.agreement:
            return None
        if not _DECIDED.search(claim.text):
            return None
        mine = [s for s in self.index.of(scope.near) if s.speaker == AUTHOR and not s.retells]
        own = tongue(claim.text)
        # a message in no language of its own (a command, a path) is compared whatever the post's language
        if not mine or any(tongue(s.text) not in (own, "latin", "") for s in mine):
            return None
        if any(_ASSENT.match(s.text) or _REFUSAL.match(s.text) for s in mine) or self._answered(scope):
            return None  # an answer to Claude's question decides what the question asked, in no words of its own
        said = {st for s in mine for st in s.stems}
        shared = sum(w for st, w in weights.items() if st in said) / whole
        if shared >= CREDIT_NOTHING:
            return None
        return found(
            claim,
            mine[0],
            f"no message of yours in the cited events ({_span(scope.cited)}) says you decided this",
            UNTRACED,
            advice="cite the message where you decided it, or say what you did",
        )

    def _other_script(self, scope: Scope) -> bool:
        """The cited messages are in another script than the post (a Chinese post of English sessions)."""
        said = [s for s in self.index.of(scope.near) if s.speaker in _AUTHOR_SIDE | _MACHINE_SIDE and not s.retells]
        return bool(said) and all(script_of(s.text) != "cjk" for s in said)

    def _polarity_across(self, claim: Claim, scope: Scope) -> Finding:
        """A decision told in another language than the session's (我们商定先保留它 of English messages): words
        cannot be compared, only which way it went. Contradicted when the cited messages only go the other way
        (Claude's "We don't need it at all. Let me remove it"); else a note, never a problem."""
        told = decision_polarity(claim.text)
        said = [
            (s, decision_polarity(s.text))
            for s in self.index.of(scope.near)
            if s.speaker in _AUTHOR_SIDE | _MACHINE_SIDE and not s.retells and not _REJECTED.match(s.text)
        ]
        same = next((s for s, way in said if told is not None and way == told), None)
        if same is not None:
            return found(claim, same, cited=True)
        other = next((s for s, way in said if told is not None and way is not None and way != told), None)
        if other is not None:
            quoted = " ".join(other.text.split())[:80]
            return found(
                claim,
                other,
                f"told the other way round: {other.id} says “{quoted}”",
                CONTRADICTED,
                confidence=LOW,
                advice=f"tell what was decided in {other.id}, or mark it <!-- ok --> if it changed later",
            )
        return found(claim, None, "told in another language than the session: not compared", UNCHECKED)

    def _had_done(self, claim: Claim, scope: Scope) -> Finding | None:
        """ "a model I had signed off on", "the test I had asked for": what the author did before, told in the
        pluperfect, is borne out by a message of theirs up to the cited events that says it ("I signed off on this
        model last month") or asks for what the sentence names ("add a test"), wherever it is."""
        done = _HAD_DONE.search(claim.text)
        if done is None:
            return None
        index = self.index
        last = max((s.order for s in index.of(scope.near)), default=None) if scope.has_citation else None
        mine = [s for s in index.sources if s.speaker == AUTHOR and not s.retells and (last is None or s.order <= last)]
        if done.group("ask") is None:
            said = next((s for s in mine if _APPROVED.search(s.text)), None)
        else:
            # the thing asked for is named before the clause: "For the test I had asked for"
            text = claim.block.text
            at = max((m.start() for m in _HAD_DONE.finditer(text, 0, claim.at or len(text))), default=0)
            named = set(content_stems(text[max(0, at - 40) : at])) if at > 0 else set()
            said = next((s for s in mine if named & set(s.stems)), None) if named else None
        if said is None:
            return None
        return found(claim, said, cited=self._in_scope(said, scope))

    def _opposite(self, claim: Claim, scope: Scope) -> Finding | None:
        """A decision told the opposite way round: "I decided we would skip the experiments" where my answer to
        Claude's question about them was "Yes, run the tests"; "I agreed to drop the XML view" where my message
        asked to keep every file. Only a claim that only drops (or only keeps) and an answer or message of mine
        near it, on the same thing, that only does the other."""
        told = decision_polarity(claim.text)
        if told is None:
            return None
        index = self.index
        total = max(1, len(index.sources))
        weights = {s: _idf(index.document_frequency.get(s, 0), total) for s in set(claim.stems)}
        whole = sum(weights.values()) or 1.0
        for event_id in index.in_order(scope.near):
            items = index.by_event.get(event_id, [])
            asked = " ".join(s.text for s in items if s.speaker == CLAUDE and s.text.rstrip().endswith("?"))
            for source in items:
                if source.speaker != AUTHOR or source.retells:
                    continue
                # A short answer is about the question it answers ("Yes, run the tests" to "should I proceed with
                # the hands-on testing?"); a message about its own words.
                answer = bool(asked) and len(source.text.split()) <= 12
                about = content_stems(asked + " " + source.text) if answer else source.stems
                if sum(w for st, w in weights.items() if st in about) / whole < CREDIT_NOTHING:
                    continue  # about something else
                said = answer_polarity(source.text) if answer else decision_polarity(source.text)
                if said is not None and said != told:
                    quoted = " ".join(source.text.split())[:80]
                    return found(
                        claim,
                        source,
                        f"told the other way round: your {'answer' if answer else 'message'} in {source.id} "
                        f"says “{quoted}”",
                        CONTRADICTED,
                        confidence=LOW,
                        advice=f"tell what was decided in {source.id}, or mark it <!-- ok --> if it changed later",
                    )
        return None

    def _agreed(self, claim: Claim, scope: Scope, weights: dict[str, float], whole: float) -> Finding:
        """ "I agreed to drop the XML view": an agreement is an answer, so the author must answer near the
        paragraph, after what they agree to, in words close to the claim's or with a plain yes."""
        index = self.index
        side, other = _AUTHOR_SIDE, _MACHINE_SIDE
        pool = index.of(scope.near) if scope.has_citation else index.sources

        def score(source: Source) -> float:
            return sum(w for st, w in weights.items() if st in source.stems) / whole

        proposals = [s for s in pool if s.speaker in other and not s.retells and score(s) >= CREDIT_NOTHING]
        after = min((s.order for s in proposals), default=-1)
        answers = [
            s
            for s in pool
            if s.speaker in side
            and not s.retells
            and s.order >= after
            and (score(s) >= CREDIT_NOTHING or _ASSENT.match(s.text))
        ]
        if answers:
            return found(claim, answers[0], cited=scope.has_citation)
        return found(
            claim,
            proposals[0] if proposals else None,
            f"no message of yours {'in the cited events' if scope.has_citation else 'in the session'} agrees to it",
            UNTRACED,
            advice="cite the answer that agreed, or say who decided it",
        )

    def _shared(self, claim: Claim, scope: Scope, weights: dict[str, float], whole: float) -> Finding:
        """ "We agreed to…": a shared decision needs someone in the session to have proposed it, in words close
        to the claim's (near what it cites, or anywhere without a citation); a decision nobody put forward
        ("we agreed to make it a temporary redirect" where Claude wrote a permanent one) is reported."""
        index = self.index
        if len(weights) < 2:
            return found(claim, None, "a shared decision", TRACED)
        pool = index.of(scope.near) if scope.has_citation else index.sources
        said = [s for s in pool if s.speaker in _AUTHOR_SIDE | _MACHINE_SIDE and not s.retells]
        own = tongue(claim.block.text)
        if own not in ("", "latin") and said and not any(tongue(s.text) in (own, "") for s in said):
            # "Abbiamo scelto la seconda opzione" of English messages: words cannot be compared, only what a
            # translation keeps (names, numbers): a name nothing near it says is a decision nobody put forward
            kept, _, anchored = survives(claim.block.text, " ".join(s.text for s in said))
            if (kept or not anchored) and self._answered(scope):
                return found(claim, None, "told in another language than the session: not compared", UNCHECKED)
        scored = [(sum(w for st, w in weights.items() if st in s.stems) / whole, s) for s in said]
        score, source = max(scored, key=lambda f: f[0], default=(0.0, None))
        if score >= CREDIT_SHARED:
            return found(claim, source, cited=scope.has_citation)
        return found(
            claim,
            source,
            "nobody in the cited events proposed this" if scope.has_citation else "nobody in the session proposed this",
            UNTRACED,
            advice="say what was decided there, or mark it <!-- ok --> if it was decided elsewhere",
        )

    # -- citations ------------------------------------------------------------------------------------

    def citations(self, blocks: list[Block], findings: list[Finding]) -> list[Finding]:
        """A citation that does not bear out its paragraph: an unknown event, claims that all trace elsewhere,
        or (for a paragraph without claims) prose that shares next to nothing with what it cites."""
        from retell.check.claims import CITATION

        index = self.index
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
            problem = self._unknown(block.cites)
            if problem is not None:
                reason, advice = problem
                out.append(Finding(claim, CONTRADICTED, reason=reason, advice=advice))
                continue
            own = [f for b in unit for f in by_block.get(id(b), [])]
            shown = self._lead_shows_elsewhere(unit, own)
            if shown is not None:
                out.append(shown)
                continue
            if any(f.problem and not f.far for f in own):
                continue  # its claims are reported on their own
            # A quote said far from the citation counts where it was said: when the whole paragraph rests
            # elsewhere, the citation is what is wrong (reported once, below), not each quote.
            traced = [
                f
                for f in own
                if (f.status == TRACED or f.far)
                and f.event not in (None, "stats")
                and not f.weak
                and not _compared(f.claim)
            ]
            # A credit is traced by its words, which a paragraph's summary shares with many moments: alone, it
            # says too little of where the paragraph belongs; the prose's overlap with the citation decides.
            loose = bool(traced) and all(f.claim.kind == CREDIT for f in traced)
            if traced and not loose:
                # Wrong when none of its claims rest on what it cites and some rest far from it (a claim
                # traced to the event next to a cited one is fine: a run and its result, a message and its reply).
                near = self.scopes[id(block)].near
                far = [f for f in traced if f.event not in near]
                # What only one moment of the session says (a quote, a figure, a result, a command) tells which
                # events a paragraph is about better than a name found all over it: two or more of those, all far
                # from what it cites, with none near, and the citation is wrong though a file name is there too.
                specific = [f for f in traced if f.claim.kind in _SPECIFIC]
                misplaced = len(specific) >= 2 and not any(f.event in near for f in specific)
                # The weight of the evidence: three claims or more rest far from the citation for each one that
                # rests near it (a file name the cited events also read is one claim, not the paragraph's subject).
                outweighed = len(far) >= MIN_FAR_CLAIMS and len(far) >= FAR_PER_NEAR * (len(traced) - len(far))
                if outweighed and not misplaced:
                    specific, misplaced = far, True
                beside = self._beside(claim, block, traced, near)
                if beside is not None and not far:
                    out.append(beside)
                    continue
                # (what a paragraph only denies happened again, "die Suite mit `-race` lief nicht noch einmal", names
                # what did happen before, elsewhere: no wrong citation)
                wrong = far and (misplaced or not any(f.cited for f in traced))
                if wrong and not _DENIES_A_RUN.search(" ".join(_plain(b) for b in unit)):
                    far = [f for f in specific if f.event not in near] if misplaced else far
                    elsewhere = ", ".join(dict.fromkeys(f.event or "" for f in far))
                    out.append(
                        Finding(
                            claim,
                            CONTRADICTED,
                            traced[0].event,
                            traced[0].excerpt,
                            f"its claims trace to {elsewhere}, not to the events it cites",
                            advice=f"cite {elsewhere}",
                        )
                    )
                    for quote in (f for f in own if f.far):
                        quote.status, quote.reason, quote.advice = TRACED, "", ""
                continue
            if own and not loose:
                continue  # its claims are traced by loose rules or to the stats: they say nothing of the citation
            prose = " ".join(_plain(b) for b in unit)
            if _tells_absence(prose):
                continue  # "I ran no test": what did not happen shares no words with the events it cites
            share, source = self._overlap(prose, index.of(block.cites))
            if share is not None and share < CITATION_OVERLAP:
                out.append(
                    Finding(
                        claim,
                        CONTRADICTED,
                        source.id if source else None,
                        one_line(source.text) if source else "",
                        f"the cited events share little with the paragraph ({share:.0%})",
                        advice="cite the events the paragraph tells",
                    )
                )
        return out

    def _lead_shows_elsewhere(self, unit: list[Block], own: list[Finding]) -> Finding | None:
        """A lead-in citing events of its own above a block (an output, a listing) that none of them shows and
        another event does: "It came back with the crash itself: <!-- ev: e13 -->" over e12's log lines, "The
        suite came out like this: <!-- ev: e6 -->" over the green run's summary. What the block shows is what
        the lead-in tells; a lead-in whose own claims rest on its cited events (the message that asked for the
        run) is judged by those."""
        from retell.check.claims import CITATION

        lead = next((b for b in unit if b.follows is not None), None)
        if lead is None or lead.follows is None or lead.follows.kind != CODE or not lead.own_cites:
            return None
        block = lead.follows
        if not block.own_cites or set(block.own_cites) == set(lead.own_cites):
            return None
        index = self.index
        cited = index.expand(lead.own_cites)
        if any(f.claim.block is lead and f.status == TRACED and f.event in cited for f in own):
            return None
        if any(f.claim.block is lead and f.status == TRACED and f.claim.unit == DURATION for f in own):
            return None  # "under ten seconds after the edit, Claude ran:": it cites what the time is measured from
        lines = [_fold(x) for x in _code_body(block)]
        lines = [x for x in lines if len(x) >= MIN_SHOWN_LINE]
        if not lines:
            return None
        mine = index.of(lead.own_cites)
        if any(x in s.folded for s in mine for x in lines):
            return None
        others = [s for s in index.sources if s.id not in cited and s.speaker not in ("note", "thinking")]
        holder = next((s for s in others if sum(x in s.folded for x in lines) * 2 >= len(lines)), None)
        if holder is None:
            return None
        mark = next(m for m in lead.marks if m.kind == "cite")
        claim = Claim(CITATION, "<!-- ev: " + " ".join(lead.own_cites) + " -->", lead.line_at(mark.at), lead)
        claim.at = mark.at
        return Finding(
            claim,
            CONTRADICTED,
            holder.id,
            one_line(holder.text),
            f"the block it introduces shows {holder.id}, which it does not cite",
            advice=f"cite {holder.id}",
        )

    def _beside(self, claim: Claim, block: Block, traced: list[Finding], near: set[str]) -> Finding | None:
        """Every claim of the paragraph rests on an event next to the ones it cites and none on a cited event
        itself: the citation points at the neighbours of what it tells (a read before the subagents' reports,
        the message before the run)."""
        index = self.index
        # one claim of what only one moment says (a figure, a result, a command, a quote) is enough: "212
        # passed" citing the single run that printed 10 tells the suite's run beside it (round fourteen)
        cited = index.expand(block.cites)
        if len(traced) < MIN_BESIDE and not (len(traced) == 1 and self._only_beside(traced[0], cited)):
            return None
        events = [f.event or "" for f in traced]
        if any(e in cited or e.split(".")[0] in cited for e in events) or not all(e in near for e in events):
            return None
        elsewhere = ", ".join(dict.fromkeys(events))
        return Finding(
            claim,
            CONTRADICTED,
            traced[0].event,
            traced[0].excerpt,
            f"its claims trace to {elsewhere}, next to the events it cites, and to none of them",
            advice=f"cite {elsewhere}",
        )

    def _only_beside(self, finding: Finding, cited: set[str]) -> bool:
        """A claim that names what one moment printed or said (a figure in digits, an output, a quote), in none
        of the cited events' text: alone, it says the citation is one event off. Not a command: a run's output
        checked later (a background server's) is cited for the command that started it."""
        claim = finding.claim
        if claim.kind not in (NUMBER, OUTPUT, *QUOTE_KINDS):
            return False
        if claim.kind == NUMBER and (claim.unit == DURATION or not re.search(r"\d", claim.text)):
            return False
        wanted = _clean_code(claim.text).lower() if claim.kind != NUMBER else re.sub(r"\D+", " ", claim.text).strip()
        wanted = " ".join(wanted.split())
        return bool(wanted) and not any(
            (
                wanted in s.folded
                if claim.kind != NUMBER
                else re.search(rf"(?<![\d.]){re.escape(wanted)}(?![\d])", s.text)
            )
            for s in self.index.of(cited)
        )

    def _unknown(self, cites: list[str]) -> tuple[str, str] | None:
        """What is wrong with the ids a citation names that the cleared view does not have: no such event, an
        event of a chapter left out, or (only when it cites nothing else) Claude's private thinking."""
        index = self.index
        unknown = [i for i in cites if not index.known(i)]
        if not unknown:
            return None
        if index.hidden or not index.event_kinds:
            missing = [i for i in unknown if i not in index.hidden]
            left_out = [i for i in unknown if index.hidden.get(i) == "left out"]
            thinking = [i for i in unknown if index.hidden.get(i) == "thinking"]
            if missing:
                return f"cites {', '.join(missing)}: no such event in the session", "cite the events it tells"
            if left_out:
                return (
                    f"cites {', '.join(left_out)}: in a chapter you left out in triage.yaml",
                    "cite events of the chapters you kept, or keep the chapter in triage.yaml",
                )
            if len(thinking) == len(cites):
                return (
                    f"cites only Claude's private thinking ({', '.join(thinking)}), which triage.yaml keeps out",
                    "cite what Claude said or did, or set use_thinking: true in triage.yaml",
                )
            return None  # a thinking event beside others: the others are what the check reads
        # A post of several sessions names events with their session's key (326189cf-e2): a bare e2 is none.
        keyed = sorted(
            {k for k in index.by_event for i in unknown if re.fullmatch(rf"[0-9a-f]{{8}}-{re.escape(i)}", k)}
        )
        if keyed:
            return (
                f"cites {', '.join(unknown)}: in a post of several sessions an event id starts with its session's key",
                f"cite {' or '.join(keyed[:3])}",
            )
        return f"cites {', '.join(unknown)}: not in what you cleared in triage.yaml", "cite events you kept"

    def _overlap(self, prose: str, cited: list[Source]) -> tuple[float | None, Source | None]:
        """The share of the paragraph's meaning (its content words, weighted by rarity) found in what it
        cites. Only words of a script the cited texts use count: a Japanese paragraph shares its names and
        numbers with English events, not its Japanese words. None: too little to compare."""
        index = self.index
        across = _across_languages(prose, cited)
        if across == (None, None):
            # too few names to compare across languages, but a code block under the prose: code is in no
            # language, and its lines are what the cited events must hold (a diff cited as the search beside it)
            return self._code_lines(prose, cited)
        if across is not None:
            return across
        scripts = {script_of(s.text) for s in cited}
        stems = set(content_stems(prose))
        if "cjk" not in scripts:
            stems = {s for s in stems if not _is_cjk(s)}
        if "latin" not in scripts:
            stems = {s for s in stems if _is_cjk(s)}
        if len(stems) < MIN_CITATION_STEMS:
            return None, None
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

    def _code_lines(self, prose: str, cited: list[Source]) -> tuple[float | None, Source | None]:
        """The share of a code block's lines (diff markers and indentation left out) the cited events hold, when
        some other event of the session holds one of them; (None, None) otherwise (no block, or code of nobody's)."""
        lines = [
            " ".join(line.lstrip("+- \t").split()).lower()
            for match in _FENCED.finditer(prose)
            for line in match.group(1).splitlines()
        ]
        lines = list(dict.fromkeys(line for line in lines if len(re.findall(r"[^\W_]", line)) >= MIN_CODE_LINE))
        if not lines or not any(line in s.folded for line in lines for s in self.index.sources):
            return None, None
        held = {line for line in lines for s in cited if line in s.folded}
        where = max(cited, key=lambda s: sum(line in s.folded for line in lines), default=None)
        return len(held) / len(lines), where


# A figure of an output line: a count, a time, a size ("4212", "8.92s", "14:50:20")
# (with a unit after it, "8.92s", "12ms", "40%"; never a piece of a hash, "4be91c2")
_LINE_FIGURE = re.compile(r"(?<![\w.])\d+(?:[.,:]\d+)*(?=[a-zA-Z%]{0,3}(?!\w))")


def _figures_changed(claim: Claim, source: Source) -> list[str]:
    """The figures of a line a post copies from a run's output (a fenced block) that the output it matches does not
    print: "[SUCCESS 4212 in 8.92s]" of a run that printed 2412. The words around them match, and a quote's
    bracketed text and dot leaders are left out when words are compared (a writer's insertion, an elision), so the
    figures are read apart, as printed."""
    if claim.block.kind != CODE:
        return []
    printed = source.text.replace(",", "")
    return [f for f in _LINE_FIGURE.findall(claim.text) if f not in source.text and f.replace(",", "") not in printed]


MIN_ANCHORS = 3  # names, numbers and code a paragraph must have for its overlap across languages to count
MIN_CODE_LINE = 8  # letters and digits a line of a code block must have to say where it comes from
_FENCED = re.compile(r"(?:```|~~~)[^\n]*\n(.*?)(?:```|~~~)", re.S)  # (a unit's blocks are joined on one line)


def _across_languages(prose: str, cited: list[Source]) -> tuple[float | None, Source | None] | None:
    """A paragraph in another language of the same script as what it cites (German prose on English events):
    its words cannot be compared, only what a translator keeps (names, numbers, code). None when both are in
    one language (or in different scripts, which the word count handles)."""
    from retell.check.language import language_of
    from retell.check.translation import anchors

    mine = language_of(prose)
    theirs = {language_of(s.text) for s in cited if len(s.text) > 40} - {""}
    if not mine or mine == "cjk" or mine in theirs or theirs == {"cjk"}:
        return None
    if not theirs and mine == "en":
        return None  # events of code and output only: English prose shares its words with them
    names, _ = anchors(prose)
    names = {n for n in names if len(n) > 2}
    if len(names) < MIN_ANCHORS:
        return None, None
    best, where, together = 0, None, set()
    for source in cited:
        hits = {n for n in names if n in source.folded}
        together |= hits
        if len(hits) > best:
            best, where = len(hits), source
    return len(together) / len(names), where


_AUTHOR_SIDE = {AUTHOR, NOTE}
_MACHINE_SIDE = {CLAUDE, SUBAGENT, TOOL}  # thinking restates the ask as often as it decides


# A word that denies what its sentence tells: "I ran no test", "no volví a cargar", "nichts", 没有, しなかった.
_DENIAL = re.compile(
    r"\b(?:no|not|never|nothing|nobody|none|neither|nor|without|\w+n't|nunca|nada|nadie|ni|tampoco|ningun[oa]?|ningún|"
    r"sin|nicht|kein\w*|nie|nichts|niemand|ne|pas|jamais|aucun\w*|rien|personne|"
    # Dutch, Portuguese, Italian, Polish, Swedish/Danish/Norwegian, Indonesian/Malay, Russian (not "without":
    # "passed without the failure" tells what happened)
    r"niet|geen|nooit|niets|não|nenhum\w*|non|mai|niente|nessun\w*|nigdy|nic|żadn\w*|"
    r"inte|ingen|inget|aldrig|ikke|aldri|ingenting|tidak|tak|bukan|belum|не|нет|никогда|ничего|никто|"
    # Vietnamese, Turkish ("chưa tờ nào được in": not one sheet printed yet)
    r"chưa|không|chẳng|chả|hề|hiç|değil|yok)\b"
    r"|没|沒|未|不|ない|なかった|せず|ず[、。]|않|없|못",
    re.I,
)


# The narrator in a sentence: a first-person word in English, Spanish, French, German, Chinese or Japanese.
_FIRST_PERSON = re.compile(
    r"\b(?:I|I'm|I'd|I've|me|my|mine|we|our|us|yo|mi|mis|nos|nosotros|nuestr[oa]s?|pregunté|dije|respondí|"
    r"contesté|escribí|pedí|je|j|moi|mon|ma|mes|nous|notre|ich|mir|mich|mein\w*|wir|uns|unser\w*|"
    # the first person Spanish and Portuguese say by the verb alone: "rechacé la llamada" (fresh32's mus, a real
    # model's draft)
    r"[Rr]echacé|[Aa]cepté|[Pp]robé|[Cc]orregí|[Dd]ecidí|[Qq]uise|[Pp]use|[Hh]ice|[Mm]andé|[Ee]nvié|[Ii]nterrumpí|"
    r"[Pp]aré|[Vv]olví|[Pp]egué|[Cc]onfirmé|[Aa]probé|[Rr]ecusei|[Aa]ceitei|[Ee]screvi|[Rr]espondi|[Pp]erguntei|"
    r"[Mm]andei|[Cc]olei|[Vv]oltei|"
    # and at a sentence's start: "J'ai refusé … et répondu : « … »" (fresh31's epicerie, a real model's draft)
    r"Yo|Mi|Mis|Je|J|Moi|Mon|Ma|Mes|Nous|Notre|Ich|Mein\w*|Wir|Unser\w*)\b|我|私|僕",
)
# The narrator in languages that drop the pronoun or write it otherwise: Turkish verbs and pronouns in the first person
# ("yazdım", "ekledim", "istemiştim", "soruyorum", "ben", "bana"; a text with ı, ş or ğ only: "victim", "datum"),
# Italian, Portuguese, Dutch, Swedish, Czech, Slovak, Polish, Russian, Ukrainian, Vietnamese and Korean pronouns.
_TURKISH_LETTERS = re.compile(r"[ıİşŞğĞ]")
_TURKISH_FIRST_PERSON = re.compile(
    r"(?<![^\W\d_])(?:ben|bana|beni|benim|bende|benden|biz|bize|bizi|bizim)(?![^\W\d_])"
    r"|[^\W\d_]{2,}(?:[dt][ıiuü]m|[dt][ıiuü]k|[ıiuü]yorum|[ae]c[ae]ğ[ıi]m|m[ıiuü]şt[ıiuü]m)(?![^\W\d_])",
    re.I,
)
_OTHER_FIRST_PERSON = re.compile(  # (case kept: "IO", "OSS" are no pronouns)
    r"(?<![^\W\d_])(?:[Ii]o|ho|mio|mia|miei|mie|[Ee]u|meu|minha|meus|minhas|[Ii]k|mijn|mij|[Ww]ij|onze|[Jj]ag|mig|mitt|"
    r"mina|oss|[Jj]á|jsem|jsme|můj|moje|mně|mě|som|sme|môj|mnie|mój|moja|jestem|[Яя]|мне|меня|мой|моя|моё|мои|[Мм]ы|"
    r"нам|наш|мені|мене|мій|[Tt]ôi|mình|내가|나는|나도|내|제가|저는|저도|제|저|"
    # Hindi (blind40 AT2: "तीन मिनट … बाद मैंने लिखा", I wrote)
    r"मैंने|मैं|मेरा|मेरी|मेरे|मुझे|मुझसे|हमने|हमारा|हमारी|हमें)(?![^\W\d_])",
)
# "Claude'a yazdım", "Claude'dan istedim": Claude in a Turkish case other than the subject's (or the genitive,
# "Claude'un", which is "Claude's"): spoken to or asked of, not the one telling
_CLAUDE_OBLIQUE = re.compile(r"Claude['’](?!(?:s|d|ll|ve|re|un|ün|nin|in|ın)(?![^\W\d_]))[^\W\d_]+")
_QUOTED_TEXT = re.compile(r"\"[^\"\n]*\"|“[^”\n]*”|«[^»\n]*»|„[^“”\n]*[“”]|「[^」\n]*」")


def _code_body(block: Block) -> list[str]:
    """A code block's lines between its fences."""
    lines = block.text.split("\n")
    body = [x for x in lines if x.strip()]
    return [x for x in body if not x.strip().startswith(("```", "~~~"))]


def _fold(text: str) -> str:
    # as Source.folded: lower case, backticks gone, whitespace collapsed
    return " ".join(text.replace("`", "").lower().split())


def _tells_claude_only(block: Block) -> bool:
    """The paragraph opens on Claude and never speaks of the narrator (quoted words left out)."""
    prose = _QUOTED_TEXT.sub(" ", block.text)
    if not re.match(r"\s*(?:[-*>]\s*)?Claude\b", prose) or _CLAUDE_OBLIQUE.match(prose.lstrip(" ->*")):
        return False
    if _TURKISH_LETTERS.search(prose) and _TURKISH_FIRST_PERSON.search(prose):
        return False
    return not _FIRST_PERSON.search(prose) and not _OTHER_FIRST_PERSON.search(prose)


# A paragraph that denies a run happened (again): "die Suite mit `-race` lief nicht noch einmal", "no test ran
# after the fix", "没有再跑": what it names ran before, elsewhere
_DENIES_A_RUN = re.compile(
    r"(?i)\b(?:lief|liefen|ran|was run|were run|wurde|wurden)\b[^.;]{0,30}\b(?:nicht|nie|not|never)\b[^.;]{0,20}"
    r"\b(?:noch einmal|erneut|wieder|again|afterwards|danach)\b"
    r"|\b(?:no|kein\w*|nicht|never|nie|non|não|pas|niet|nadie|ningún|żadn\w*)\b[^.;]{0,40}"
    r"\b(?:ran|run again|lief|laufen|gelaufen|re-?ran|uruchomi\w*|ejecut\w*|corri\w*|lanc\w*|ex[ée]cut\w*|rod\w*|"
    r"executad\w*|eseguit\w*|uitgevoerd|gedraaid|draaide)\b"
    r"|(?:没有|沒有|未)再?(?:跑|运行|運行|执行|執行)|再実行(?:されなかった|していない)"
)


def _tells_absence(prose: str) -> bool:
    """Every sentence of the paragraph denies something (what did not happen, what nobody ran): the events it
    cites are where it did not happen, and share no words with it."""
    sentences = [s for s in re.split(r"(?<=[.!?。！？])\s*", prose) if re.search(r"\w", s)]
    return bool(sentences) and all(_DENIAL.search(s) for s in sentences)


def _names(text: str) -> list[str]:
    """The names a sentence gives (Safari, ScriptProcessor, vite.config.js), lower case: what a decision is
    about, which the session must mention somewhere if the decision was made there."""
    from retell.check.translation import anchors

    names, _ = anchors(text)
    placeholders = ("quote", "code", "path", "claude", "i")  # what the claim's text holds in place of quotes and code
    return sorted(n for n in names if n not in placeholders and len(n) > 2)


def _stem(name: str) -> str:
    """A name without its plural ending: "devDependency" is named by "devDependencies"."""
    return re.sub(r"(?:ies|y|es|s)$", "", name) or name


def _is_cjk(stem: str) -> bool:
    from retell.check.text import CJK

    return bool(CJK.match(stem))


# "the same problem as `removeModel`", "comme pour `x`", "wie bei `x`", "igual que `x`", "和 `x` 一样": a name
# the paragraph compares with, told of an earlier moment: where it traces says nothing of the citation.
_COMPARED = re.compile(
    r"(?:\bsame\s+\w+(?:\s+\w+)?\s+as|\b(?:just\s+)?like|\bas\s+(?:with|for)|\bmême\s+\w+(?:\s+\w+)?\s+que|"
    r"\bcomme\s+(?:pour|avec)?|\bwie\s+(?:bei|schon)?|\bgleiche\w*\s+\w+\s+wie|\bigual\s+que|\bcomo\s+(?:con|en)?"
    r"|\bmismo\s+\w+\s+que|和|跟|与)\s*$",
    re.I,
)


def _compared(claim: Claim) -> bool:
    if claim.kind not in (CODE_SPAN, PATH) or claim.block is None:
        return False
    text = claim.block.text
    at = text.find(claim.text)
    return at > 0 and bool(_COMPARED.search(text[max(0, at - 40) : at].rstrip("`*_ ")))


def _plain(block: Block) -> str:
    return block.quote_body() if block.kind == "quote" else block.text


def _idf(df: int, total: int) -> float:
    import math

    return math.log((total + 1) / (df + 0.5)) if df else math.log(total + 1) + 1


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


def _anchored_in(claim: Claim, source: str) -> bool:
    ok, _, compared = survives(claim.text, source, context=claim.block.text)
    return ok and compared > 0


def _named_whole(quote: str, label: str) -> bool:
    """The quote is the whole label (a subagent's task name), case, spacing and end punctuation aside."""

    def plain(text: str) -> str:
        return " ".join(text.casefold().split()).strip(" .,:;!?…")

    return bool(plain(quote)) and plain(quote) == plain(label)


def _runs_of(command: str, index: Sources) -> list[tuple[str, str]]:
    """The session's runs of `command` (event id, the command as it ran): it whole, its words in order, or it with
    an elided part standing for any text."""
    wanted = command.split()
    elided = _elision(command)
    return [
        (e, r)
        for e, r in index.runs
        if command in " ".join(r.split())
        or _subsequence(wanted, r.split())
        or (elided is not None and elided.search(" ".join(r.split())))
    ]


def _elision(command: str) -> re.Pattern[str] | None:
    """`git commit -m "…"`: a command whose elided part (`…`, `...`) stands for any text, the rest as written
    (blind18 X2:53, a commit message left out)."""
    # (Go's `./...` is every package below, no elision)
    pieces = re.split(r"…|(?<![/.])\.\.\.(?!/)", " ".join(command.split()))
    if len(pieces) < 2 or sum(len(p.strip()) for p in pieces) < 6:
        return None
    return re.compile(".+?".join(re.escape(p) for p in pieces), re.S)


def _written_in(path: str, index: Sources, cited: set[str]) -> Source | None:
    """A cited edit whose changed lines name `path` (a string of the code: `Path("problems.txt").write_text`)."""
    folded = path.replace("`", "").lower()
    for source in index.of(sorted(cited)):
        if source.speaker != TOOL or not any(c.diff for c in index.event_calls.get(source.id, [])):
            continue
        calls = index.event_calls.get(source.id, [])
        added = "\n".join(line for c in calls for line in (c.diff or "").splitlines() if line[:1] == "+")
        if re.search(r"[\"'/\\]" + re.escape(folded) + r"[\"']", added.lower()):
            return source
    return None


def _mention(needle: str, index: Sources, scope: Scope, *, only: bool = False) -> Source | None:
    """A source that names `needle` (case-insensitive, backticks ignored): what the paragraph cites first,
    then the events near it, then (unless `only`) the session."""
    folded = " ".join(needle.replace("`", "").lower().split())
    if not folded:
        return None
    # Word edges in ASCII: "`npm run start`を追加" names `npm run start` (a kana is not part of a command).
    # …and a package at a version ends at pnpm's `_` too: `next@15.5.2` in `.pnpm/next@15.5.2_react-dom@19.1.0/`
    after = r"(?![A-Za-z0-9]|\.\d)" if re.search(r"@\d+(?:\.\d+)+$", folded) else r"(?![A-Za-z0-9_])"
    pattern = re.compile(r"(?<![A-Za-z0-9_])" + re.escape(folded) + after) if folded[-1:].isalnum() else None
    near = _unique([*index.of(scope.cited), *index.of(scope.near)])
    pool = near if only else _unique([*near, *index.sources])
    for source in pool:
        if source.speaker == THOUGHT:
            continue
        hay = source.folded
        # an ASCII edge only for a needle that starts in ASCII: `地瓜球Ｘ１０` in a literal's "…\n地瓜球Ｘ１０"
        edged = folded[:1].isascii() and folded[:1].isalnum()
        if folded in hay and (pattern is None or not edged or pattern.search(hay)):
            return source
    return None


# `User.pantries`: a type and a member of it, as a post names what the session shows defined inside the type
# (`#` is Ruby's and the docs' instance method: `Receive#call`)
_DOTTED = re.compile(r"(?P<owner>[A-Za-z_]\w*)(?:\.|::|->|#)(?P<member>[A-Za-z_]\w*)(?:\(\))?")
_TYPE_OPENS = r"(?:class|struct|interface|trait|enum|record|object|type|impl|protocol|model|message)\s+"
_ANY_TYPE = re.compile(rf"(?m)^[ \t+\-]*(?:\w+\s+)*?{_TYPE_OPENS}[A-Za-z_]\w*")


def _member(code: str, index: Sources, scope: Scope) -> Source | None:
    """`User.pantries` where the session shows `class User` with a field `pantries:` (an edit whose place is
    `class User(Base):` and whose diff changes `pantries: …`; a file written or read with the type and its field),
    `Pool.limit` for Go's `type Pool struct { limit int }`: the member is defined inside that type, before the next
    type the text opens."""
    match = _DOTTED.fullmatch(code)
    if match is None:
        return None
    owner, member = match.group("owner"), match.group("member")
    # (a line as a search prints it, `src/Service/KolizjaChecker.php:9:final class KolizjaChecker`, too)
    grep = r"(?:[\w./\\-]+:\d+[:-])?"
    opens = re.compile(rf"(?m)^{grep}[ \t+\-]*(?:\w+\s+)*?{_TYPE_OPENS}{re.escape(owner)}(?!\w)")
    defines = re.compile(
        rf"(?m)^{grep}[ \t+\-]*(?:(?:def|async|fn|func|function|pub|public|private|protected|internal|static|readonly|"
        rf"final|val|var|"
        rf"let|const|override|get|set)\s+)*{re.escape(member)}\s*(?:[:=(?<]|\s+[\w\[\]*.<>]+\s*(?:$|[=;`{{]))"
    )
    texts: list[tuple[str, str]] = []
    for event_id in [*index.in_order(scope.near), *index.order]:
        for call in index.event_calls.get(event_id, []):
            place, diff = getattr(call, "place", None), getattr(call, "diff", None)
            if place and diff:
                texts.append((event_id, f"{place}\n{diff}"))
    texts += [(s.id, s.text) for s in index.sources if s.speaker != THOUGHT]
    for event_id, text in texts:
        for opened in opens.finditer(text):
            after = text[opened.end() :]
            following = _ANY_TYPE.search(after)
            body = after[: following.start()] if following else after
            if defines.search(body):
                return next((s for s in index.by_event.get(event_id, []) if member in s.text), None) or next(
                    iter(index.by_event.get(event_id, [])), None
                )
    return None


MIN_ELIDED_CHARS = 12  # letters and digits an elided quote must keep to be told from any text


def _elided(code: str, index: Sources, scope: Scope) -> Source | None:
    """A line shortened with "…" (`SemanticException: Cannot compare left expression of type …`, its package left out
    and its end cut; `greenlet_spawn has not been called; … Was IO attempted`): one text of the session, near the
    paragraph first, holds its pieces in that order. A piece's outer edges are word edges; next to the "…" it may be
    a part of a word."""
    if "…" not in code and "..." not in code:
        return None
    parts = re.split(r"\s*(?:…|\.\.\.)\s*", code.replace("`", "").lower())
    # a piece with no letter or digit (the `)` or `})` that closes an elided call) says nothing of where it is
    pieces = [(i, " ".join(p.split())) for i, p in enumerate(parts) if re.search(r"[^\W_]", p)]
    if not pieces or sum(len(re.findall(r"\w", p)) for _, p in pieces) < MIN_ELIDED_CHARS:
        return None
    last = len(parts) - 1
    patterns = []
    for i, piece in pieces:
        head = r"(?<![a-z0-9_])" if i == 0 and piece[:1].isalnum() else ""
        tail = r"(?![a-z0-9_])" if i == last and piece[-1:].isalnum() else ""
        patterns.append(re.compile(head + re.escape(piece) + tail))
    near = _unique([*index.of(scope.cited), *index.of(scope.near)])
    for source in _unique([*near, *index.sources]):
        if source.speaker == THOUGHT:
            continue
        at = 0
        for pattern in patterns:
            match = pattern.search(source.folded, at)
            if match is None:
                break
            at = match.end()
        else:
            return source
    return None


_KEY_VALUE = re.compile(r"(?P<key>[\w.-]{2,})\s*[:=]\s*(?P<value>\S.{0,80})")


MIN_CUT_PREFIX = 12  # characters of a name that must come before the session's "…" for the name to be its end


_OBJECT = re.compile(r"\{([^{}]*)\}")


def _entries(body: str) -> list[str]:
    return [" ".join(e.split()).replace('"', "").replace("'", "") for e in body.split(",") if e.strip()]


def _object_part(code: str, index: Sources, scope: Scope) -> Source | None:
    """`{ ok: false }` of `{ ok: false, error: String(e) }`: an object (a dict, a map) written with some of its
    fields left out; each field it keeps, key and value, is one of a literal's in the session, in that order."""
    match = re.fullmatch(r"\{([^{}]*:[^{}]*)\}", code.strip())
    if match is None:
        return None
    wanted = _entries(match.group(1))
    if not wanted or not all(":" in e for e in wanted):
        return None
    for source in _unique([*index.of(scope.near), *index.sources]):
        for literal in _OBJECT.finditer(source.text):
            have = _entries(literal.group(1))
            at = 0
            for entry in wanted:
                if entry not in have[at:]:
                    break
                at = have.index(entry, at) + 1
            else:
                return source
    return None


def _cut_short(code: str, near: Iterable[Source]) -> Source | None:
    """The event near the paragraph whose text the session keeps cut short right inside the name: an output
    ending "No such file or dire…" names `No such file or directory` (the cleared view shortens long output)."""
    if len(code) <= MIN_CUT_PREFIX:
        return None
    for source in near:
        at = source.text.find("…")
        while at >= MIN_CUT_PREFIX:
            for length in range(min(len(code) - 1, at), MIN_CUT_PREFIX - 1, -1):
                if source.text[at - length : at] == code[:length]:
                    return source
            at = source.text.find("…", at + 1)
    return None


def _end_of_value(code: str, near: Iterable[Source]) -> Source | None:
    """The event near the paragraph that prints a long hex or digit value `code` opens or ends: "whose hex ends in
    `782009`" of a query's `312D…2D782009` (a real model's draft of fresh34's special-orders)."""
    if len(code) < 6 or not re.fullmatch(r"[0-9A-Fa-f]+", code):
        return None
    edge = re.compile(
        rf"(?<![0-9A-Za-z])[0-9A-Fa-f]+{re.escape(code)}(?![0-9A-Za-z])|"
        rf"(?<![0-9A-Za-z]){re.escape(code)}[0-9A-Fa-f]+(?![0-9A-Za-z])"
    )
    return next((source for source in near if edge.search(source.text)), None)


def _key_value(code: str, index: Sources, scope: Scope) -> Source | None:
    """`x-matched-path: /404` told of a HAR or a JSON file a cited event holds as `"name": "x-matched-path",
    "value": "/404"`: the key, then its value soon after it, in an event near the paragraph."""
    match = _KEY_VALUE.fullmatch(code.strip())
    if match is None:
        return None
    key, value = match.group("key").lower(), match.group("value").strip().lower()
    for source in index.of(scope.near):
        hay = source.folded
        at = hay.find(key)
        while at >= 0:
            if value in hay[at + len(key) : at + len(key) + 120]:
                return source
            at = hay.find(key, at + 1)
    return None


# A sentence that tells what a message listed, not what a tool did: "its wrap-up listed the updated files".
_TOLD_IN_SUMMARY = re.compile(
    r"\b(?:listed|lists|wrap-?up|summary|summed up|recap|reported|named|mentioned|table)\b|一覧|まとめ|总结|列出", re.I
)


def _sentence_before(claim: Claim) -> str:
    """The claim's sentence up to the claim."""
    text = claim.block.text[: max(0, claim.at - len(claim.text))]
    return re.split(r"(?<=[.!?])\s+|(?<=[。！？।॥])", text)[-1]


def _imported(code: str, index: Sources, scope: Scope) -> Source | None:
    """`scipy.signal` for code that did `from scipy import signal`: a dotted name made of a module and a
    name imported from it is borne out by the import line (`scipy.signal.chirp` also needs `signal.chirp`)."""
    parts = code.split(".")
    if len(parts) < 2 or not all(re.fullmatch(r"[A-Za-z_]\w*", p) for p in parts):
        return None
    for cut in range(1, len(parts)):
        module, name = ".".join(parts[:cut]), parts[cut]
        line = re.compile(
            rf"\bfrom\s+{re.escape(module)}\s+import\s+(?:\(\s*)?(?:[\w ]+,\s*)*{re.escape(name)}\b", re.I
        )
        rest = ".".join(parts[cut:])
        if cut + 1 < len(parts) and _mention(rest, index, scope) is None:
            continue  # `scipy.signal.chirp` needs `signal.chirp` said somewhere
        for source in _unique([*index.of(scope.near), *index.sources]):
            if source.speaker != THOUGHT and line.search(source.text):
                return source
    return None


def _module_of(path: str, source: Source) -> bool:
    """`next/image` of a diff's `import Image from "next/image"`: a module an import names, which no tool opens
    (blind18 X1:39: "took out the default `next/image` logo markup")."""
    name = re.escape(path.strip("`"))
    return bool(re.search(rf"""(?:\bfrom|\bimport|\brequire\(|\bimport\()\s*["']{name}["']""", source.text))


# A passage a message puts in quotation marks: someone else's words it repeats
_QUOTED_PASSAGE = re.compile(
    r'"([^"\n]{12,})"|“([^”\n]{12,})”|«\s*([^»\n]{12,}?)\s*»|„([^“”\n]{12,})[“”]|「([^」\n]{6,})」'
)


def _quotes_it(text: str, quote: str) -> bool:
    """`text` (a message) puts `quote`'s words in quotation marks of its own: someone else's words it repeats."""
    wanted = re.findall(r"\w+", quote.lower())
    if len(wanted) < 3:
        return False
    for match in _QUOTED_PASSAGE.finditer(text):
        have = set(re.findall(r"\w+", next(g for g in match.groups() if g).lower()))
        if sum(w in have for w in wanted) >= 0.8 * len(wanted):
            return True
    return False


def _renders_a_quote_in(claim: Claim, text: str) -> bool:
    """The translated quote renders a passage `text` itself quotes, and no more: its names and numbers are there."""
    for match in _QUOTED_PASSAGE.finditer(text):
        passage = next(g for g in match.groups() if g)
        ok, _, compared = survives(claim.text, passage, part=True, context=claim.block.text)
        if ok and compared:
            return True
    return False


# A line of output that lists a file as changed: git's `--stat` (`src/a.rs | 41 +++--`), `--name-status` and
# `status --short` (`M  src/a.rs`), `status` (`modified:   src/a.rs`), a diff's header (`diff --git a/… b/…`, `+++ b/…`)
_CHANGE_LINE = re.compile(
    r"^\s*(?P<a>\S+)\s+\|\s+(?:\d+|Bin\b)"
    r"|^\s*(?:[MADRCU?]{1,2}\d*|modified:|new file:|deleted:|renamed:|geändert:|modifié :|modificado:)\s+(?P<b>\S+)"
    r"|^(?:diff --git a/|\+\+\+ b/|--- a/)(?P<c>\S+)",
    re.M,
)


# A sentence that tells what an output showed of a change, not who made it: "the stat of `9f3c2e1` showed it touched"
_TOLD_AS_SHOWN = re.compile(
    r"\b(?:stat|diff|status|commit|showed|shows|shown|listed|lists|zeigte?|gezeigt|Commit|mostr[óoa]u?|montr[ée]|"
    r"montrait|affich(?:é|ait|e))\b|示し|示す|表示|显示|顯示|列出|提交|コミット|差分|보여|커밋",
    re.I,
)


def _lists_change(text: str, claimed: list[str]) -> bool:
    return any(
        _contains_path(m.group("a") or m.group("b") or m.group("c"), claimed) for m in _CHANGE_LINE.finditer(text)
    )


def _path_in_text(text: str, claimed: list[str]) -> bool:
    return any(_contains_path(m.group(0), claimed) for m in PATHISH.finditer(text))


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
    if "/" in wanted[0] and "/" in ran[position]:
        # a program named by its path ("./target/debug/app" of "./target/release/app"): the folders it gives must be
        # the ones it ran from, as far as both go
        mine, theirs = _path_parts(wanted[0]), _path_parts(ran[position])
        if mine[-len(theirs) :] != theirs[-len(mine) :]:
            return False
    if ran[-1].endswith("…") and len(ran) > 2:
        # The session kept the command cut short ("git -C "$d" branc…"): a claim that begins with all of
        # what it kept may go on past the cut.
        kept, last = ran[:-1], ran[-1][:-1]
        if wanted[: len(kept)] == kept and len(wanted) > len(kept) and wanted[len(kept)].startswith(last):
            return True
    for word in wanted[1:]:
        try:
            position = ran.index(word, position + 1)
        except ValueError:
            return False
    return True


def _closest_word(text: str, index: Sources) -> Source | None:
    query = [w for w in words(text) if len(w) > 2]
    best = index.candidates(query, None, limit=1) if query else []
    return best[0] if best else None


def _pieces(text: str) -> list[str]:
    """A message's paragraphs and lines, each a piece a translated quote may render (a pasted warning)."""
    text = re.sub(r"^[ \t]*(?:```|~~~).*$", "", text, flags=re.M)  # a fence is no part of what was pasted
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", text) if p.strip()]
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    return list(dict.fromkeys([*paragraphs, *lines]))


_ESCAPE = re.compile(r"\\([^\w\s])")


def _unescaped(code: str, index: Sources, scope: Scope) -> Source | None:
    """A pattern searched for, told without its regex escapes: "`entities_[`" of a search for `entities_\\[`
    (round thirty-three, fresh22's stepview). What the events name near the paragraph first, then anywhere."""
    if len(code) < 3:
        return None
    folded = " ".join(code.lower().split())
    for source in [*index.of(scope.near), *index.sources]:
        if "\\" in source.text and folded in _ESCAPE.sub(r"\1", source.folded):
            return source
    return None


def _as_branch(name: str, index: Sources) -> Source | None:
    """A source that shows `name` as a git branch (a commit's "[chore/x 3f0b2d6]", "On branch chore/x", "checkout
    -b chore/x", "pushed to chore/x"): a slash in a branch's name makes it look like a path (wavelog, fresh23)."""
    if "/" not in name or "." in name.rsplit("/", 1)[-1]:
        return None
    escaped = re.escape(name)
    shown = re.compile(
        rf"\[{escaped}(?:\s+\(root-commit\))?\s+[0-9a-f]{{7,}}\]|\bOn branch\s+{escaped}\b"
        rf"|\b(?:checkout\s+-[bB]|switch\s+-[cC]|branch(?:\s+-\w+)*|push(?:\s+-\w+)*\s+\S+)\s+{escaped}(?![\w/.-])"
        rf"|\b[Bb]ranch\s+`?{escaped}`?|`?{escaped}`?\s+branch\b"
        # "Committed `3f0b2d6` on `chore/lint-migrations`", "pushed to `feat/x`"
        rf"|\b(?:[Cc]ommit\w*|[Pp]ush\w*|[Mm]erg\w*)\b[^.\n]{{0,40}}\b(?:on|to|into)\s+`?{escaped}`?(?![\w/.-])"
    )
    return next((s for s in index.sources if shown.search(s.text)), None)
