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
from retell.check.document import CODE, PARAGRAPH, Block
from retell.check.order import sentences
from retell.check.scope import near_events
from retell.check.sources import NOTE, TOOL, Source, Sources
from retell.check.text import code_spans, one_line
from retell.check.verdict import CONTRADICTED, HIGH, Finding

SPEAKER = "speaker"

# a short lead may open the sentence: "This time I ran …", "In the same step, right after the tests, I committed"
_LEAD = r"^\W*(?:[^\s.:;!?]+\s+){0,8}?"
_I_RAN = re.compile(
    rf"{_LEAD}I\s+(?:\w+\s+){{0,2}}?(?:ran|re-?ran|executed|typed|launched|committed|pushed)\b|"
    rf"{_LEAD}eu\s+(?:mesmo\s+)?(?:rodei|executei|lancei|digitei|commitei|fiz o commit)\b|"
    r"^\W*(?:(?:depois|ent[ãa]o|primeiro|a[íi])\s+)?(?:rodei|executei|lancei|digitei|commitei)\b|"
    # (Spanish "lancé" only before what was launched: French's participle "Lancé pour février, le script a écrit…"
    # opens a sentence of what a run did, fresh31's epicerie, a real model's draft)
    r"^\W*(?:(?:luego|entonces|primero|despu[eé]s)\s+)?(?:yo\s+)?(?:ejecut[eé]|corr[ií]|tecle[eé]|"
    r"(?:re)?lanc[eé](?=\s+(?:el|la|los|las|un|una|otra|de\s+nuevo|`)))\b|"
    r"^\W*(?:(?:puis|ensuite|alors|d'abord)\s+)?j'ai\s+(?:\w+\s+)?(?:lanc[eé]|ex[eé]cut[eé]|tap[eé]|relanc[eé])\b|"
    r"^\W*(?:(?:dann|danach|zuerst)\s+)?(?:f[uü]hrte|startete|tippte)\s+ich\b|^\W*ich\s+(?:f[uü]hrte|startete|tippte)\b|"
    rf"{_LEAD}ik\s+(?:\w+\s+)?(?:draaide|voerde|startte|typte)\b|^\W*(?:daarna\s+|toen\s+)?(?:draaide|voerde)\s+ik\b|"
    rf"{_LEAD}(?:io\s+)?(?:ho|avevo)\s+(?:\w+\s+)?(?:eseguito|lanciato|digitato)\b|"
    rf"{_LEAD}(?:sam\s+|sama\s+)?(?:uruchomi[łl]|odpali[łl]|wpisa[łl])(?:em|am)\b|"
    r"(?:私|僕|俺|自分)(?:が|は|で)[^。]{0,80}?(?:を)?(?:実行|走らせ)|我(?:自己|亲自)?(?:运行|执行|跑)了?",
    re.I,
)
# a file told as opened or read by the author: "I had opened `app.ts` myself", "Ik had `x` zelf geopend",
# "J'avais ouvert moi-même `x`", "Ich hatte `x` selbst geöffnet", "Yo mismo abrí `x`"
_I_OPENED = re.compile(
    rf"{_LEAD}I\s+(?:\w+\s+){{0,2}}?(?:opened|read|looked at|edited)\b|"
    rf"{_LEAD}ik\s+(?:had\s+|heb\s+)?(?:\S+\s+){{0,3}}?(?:zelf\s+)?(?:geopend|gelezen|opende|las|bewerkt)\b|"
    rf"{_LEAD}j'(?:ai|avais)\s+(?:\S+\s+)?(?:ouvert|lu|[eé]dit[eé])\b|"
    rf"{_LEAD}ich\s+(?:hatte\s+|habe\s+)?(?:\S+\s+){{0,3}}?(?:selbst\s+)?(?:ge[öo]ffnet|gelesen|[öo]ffnete|las)\b|"
    rf"{_LEAD}(?:yo\s+(?:mismo\s+)?)?(?:abr[ií]|le[ií]|edit[eé])\b|"
    rf"{_LEAD}(?:io\s+)?(?:ho|avevo)\s+(?:\S+\s+)?(?:aperto|letto)\b|"
    # Japanese, Chinese, Korean: "私が`x`を直して", "…の部分は、私が書き足しました", "我自己改了`x`",
    # "제가 `x`를 고쳤다"
    # (not when Claude is the subject of the verb's clause: "내가 …라고 답하자 Claude는 … 고쳤다", I answered and Claude
    # fixed it)
    r"^[^。]{0,60}?(?:私|僕|俺|自分)(?:が|は|で|自身が)(?:(?!Claude\s*(?:は|が))[^。]){0,80}?"
    r"(?:直し|直した|編集|修正|書き換え|書き足|開い|読ん)|"
    r"^[^。]{0,30}?我(?:自己|亲自)?[^。，]{0,20}?(?:改了|修改了?|编辑了?|打开了?|读了|加了)|"
    r"^.{0,40}?(?:제가|내가)\s(?:(?!Claude\s*(?:는|가|이|께서)).){0,80}?(?:수정했|고쳤|열었|읽었|추가했)",
    re.I,
)
# an act the sentence gives to the author by the reflexive, whatever its verb: "I queried prod myself", "I appended
# the tests myself", "קראתי בעצמי את …" (I read … myself), "je l'ai relancé moi-même", "lo ejecuté yo mismo"
_MYSELF = re.compile(
    rf"{_LEAD}I\s+[^.;:!?]{{0,80}}?\bmyself\b|בעצמי|بنفسي|\bmoi-même\b|\byo\s+mism[oa]\b|\beu\s+mesm[oa]\b"
    r"|\bio\s+stess[oa]\b|\bich\s+[^.;:!?]{0,40}?\bselbst\b|\bik\s+[^.;:!?]{0,40}?\bzelf\b|\bkendim\b",
    re.I,
)
# an act the author means to do, not one done: "I would make it myself", "I'll commit it myself"
_INTENT = re.compile(r"\b(?:would|will|'ll|going to|plan(?:ned)? to|want(?:ed)? to|intend(?:ed)? to|promised)\b", re.I)
# someone else named before the reflexive: "I let Claude run it rather than doing it myself" is Claude's act
_OTHER_ACTOR = re.compile(r"\b(?:Claude|the agent|the assistant|a subagent|the subagent|it)\b", re.I)
_CLAUDE_WROTE = re.compile(
    r"^\W*(?:(?:then|so|and|first|finally|luego|entonces|puis|ensuite|dann)\s+)?Claude\s+(?:\w+\s+)?"
    r"(?:pasted|typed|wrote|sent|posted|reported|said|"
    r"peg[oó]|escribi[oó]|envi[oó]|dijo|tecle[oó]|"
    r"a\s+(?:coll[eé]|[eé]crit|envoy[eé]|dit|tap[eé])|"
    r"f[uü]gte|schrieb|schickte|sagte|tippte)\b",
    re.I,
)
# an idea told as the author's: "I proposed …", "Eu propus …", "Propuse …", "J'ai proposé …", "Ich schlug … vor"
_I_PROPOSED = re.compile(
    r"^\W*(?:(?:then|so|and|first)\s+)?I\s+(?:\w+\s+)?(?:proposed|suggested|came up with)\b|"
    r"^\W*(?:(?:depois|ent[ãa]o|luego)\s+)?(?:eu\s+|yo\s+)?(?:propus|sugeri|propuse|suger[íi])\b|"
    r"^\W*j'ai\s+(?:propos[ée]|sugg[ée]r[ée])\b|^\W*ich\s+schlug\b",
    re.I,
)
# a command told as run by Claude: "About a minute later Claude ran `x`", "Claude ejecutó `x`", "Claude a relancé `x`",
# "Claude führte `x` aus", "Claudeが`x`を実行した", "Claude 运行了 `x`", "Claude가 `x`를 실행했다"
_CLAUDE_RAN = re.compile(
    rf"{_LEAD}Claude\s+(?:\w+\s+){{0,2}}?(?:ran|re-?ran|executed|launched|timed|ejecut[óo]|corri[óo]|lanz[óo]|rodou|"
    r"executou|a\s+(?:re)?lanc[ée]|a\s+ex[ée]cut[ée]|f[üu]hrte|startete)\b"
    r"|Claude\s*(?:が|は)[^。]{0,80}?(?:を)?(?:実行|走らせ)|Claude\s*(?:又|再次|重新)?(?:运行|執行|执行|跑)了?"
    r"|Claude\s*(?:가|는).{0,80}?(?:실행|돌렸|돌려)",
    re.I,
)
# Claude the subject a sentence opens on, in Japanese and Korean: "Claudeは…私が書いた…" is Claude's act
_CLAUDE_TOPIC = re.compile(r"^\W*Claude\s*(?:は|が|는|가)")
# a clause of time that opens after a comma: "…, after I checked it myself", "…, אחרי שבדקתי בעצמי", "…, nachdem ich…"
_AFTER_CLAUSE = re.compile(
    r"\s*(?:after|once|when|since|before|nachdem|bevor|als|après|avant|después|antes|depois|dopo|prima|po|"
    r"אחרי|לפני|כש|כאשר|بعد|قبل)",
    re.I,
)
_QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{10,}?)\s*[\"”»“]")
_AUTHOR_SIDE = (AUTHOR, NOTE)
_MACHINE_SIDE = (CLAUDE, SUBAGENT, TOOL)


def speaker_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        shown = block.follows  # the block a lead-in ending in ":" introduces, and what it cites
        cites = block.cites or (shown.cites if shown is not None else [])
        if block.kind != PARAGRAPH or not cites:
            continue
        cited = index.expand(cites)
        # the run or read a sentence tells may be the event beside the one cited (the author's request cited, the
        # commit it asked for right after)
        near = near_events(index, cites)
        spans = sentences(block.text)
        for start, end in spans:
            sentence = block.text[start:end]
            anchors = _anchors(sentence)
            if shown is not None and shown.kind == CODE and (start, end) == spans[-1]:
                anchors += _commands(shown)
            if not anchors:
                continue
            found = None
            myself = _MYSELF.search(sentence)
            if myself is not None and _INTENT.search(myself.group(0)):
                myself = None  # "the commit, which I said I would make myself": a plan of mine, no act told
            if myself is not None and not _I_RAN.match(sentence):
                # a reflexive in a clause of time after a comma tells that clause's act: "התיקון נמצא בקומיט `7d2c4a9`,
                # אחרי שבדקתי בעצמי את משפחת לוי" (the fix is in the commit, after I checked the Levi family myself;
                # blind53 BG2:244), not the main clause's
                clause = max(sentence.rfind(",", 0, myself.start()), sentence.rfind("，", 0, myself.start())) + 1
                if clause and _AFTER_CLAUSE.match(sentence[clause:]):
                    anchors = [a for a in anchors if a in _anchors(sentence[clause:])]
                    if not anchors:
                        continue
            if (_I_RAN.match(sentence) or myself is not None) and _ran_by_me(anchors, near, index):
                # the author's own `!` command near the paragraph ran what the sentence names: "I ran `git status`
                # myself, and it listed `errors.rb` …" (the files it lists were Claude's to touch, the run was not)
                continue
            if _I_RAN.match(sentence):
                found = _ran_by_claude(anchors, near, index)
                whose = ("Claude", "you")
            elif myself is not None and not _OTHER_ACTOR.search(sentence[: myself.end()]):
                found = _ran_by_claude(anchors, near, index) or _touched_by_claude(anchors, near, index)
                whose = ("Claude", "you")
            elif (
                _I_OPENED.match(sentence)
                and not sentence.lstrip().startswith("Claude")
                and not _CLAUDE_TOPIC.match(sentence)
            ):
                found = _touched_by_claude(anchors, cited, index)
                whose = ("Claude", "you")
            elif _CLAUDE_RAN.match(sentence):
                found = _ran_by_me_only(anchors, near, index)
                whose = ("you", "Claude")
            elif _CLAUDE_WROTE.match(sentence):
                found = _only_mine(anchors, index)
                whose = ("you", "Claude")
            elif _I_PROPOSED.match(sentence):
                found = _only_claude(anchors, cited, index)
                whose = ("Claude", "you")
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
                    # read off the session mechanically (who ran the command, whose message holds the idea): the
                    # model's "supported" does not clear it
                    confidence=HIGH,
                )
            )
    return out


def _anchors(sentence: str) -> list[str]:
    found = code_spans(sentence, 3) + [m.group(1) for m in _QUOTED.finditer(sentence)]
    return [" ".join(a.replace("`", "").lower().split()) for a in found if len(a.strip()) >= 3]


def _commands(block: Block) -> list[str]:
    """The command lines of a code block a lead-in introduces ("$ " and a trailing comment dropped)."""
    out: list[str] = []
    for line in block.lines:
        text = re.sub(r"^\s*[$>]\s+", "", line).strip()
        if text.startswith(("```", "~~~", "#", "<!--")):
            continue
        # each command of a chain on its own: the session may keep a long command line cut short
        out.extend(" ".join(p.lower().split()) for p in re.split(r"&&|\|\||;|\|", text) if len(p.strip()) >= 6)
    return out[:3]


def _holders(anchor: str, index: Sources) -> list[Source]:
    return [s for s in index.sources if anchor in s.folded and s.id not in ("title", "stats")]


def _ran_by_claude(anchors: list[str], cited: set[str], index: Sources) -> Source | None:
    """The first anchor that ran in a cited tool call of Claude's and is in no message of the author's."""
    for anchor in anchors:
        ran = _runs_of(anchor, index)
        if not any(_near(e, cited) for e in ran):
            continue
        holders = _holders(anchor, index)
        if any(s.speaker in _AUTHOR_SIDE for s in holders) or all(_is_authors(e, index) for e in ran):
            continue  # (a run only ever of the author's own `!` is none of Claude's)
        return next((s for s in holders if s.id in ran), None) or next(iter(holders), None)
    return None


def _ran_by_me_only(anchors: list[str], near: set[str], index: Sources) -> Source | None:
    """The first anchor that ran near the paragraph only as a command of the author's own (`!`), never as a call of
    Claude's anywhere in the session."""
    for anchor in anchors:
        ran = _runs_of(anchor, index)
        mine = _authors(ran, index)
        if not mine or len(mine) < len(ran) or not any(_near(e, near) for e in mine):
            continue
        return next((s for s in index.sources if s.id == mine[0] and s.speaker == AUTHOR), None)
    return None


def _ran_by_me(anchors: list[str], near: set[str], index: Sources) -> bool:
    """Whether an anchor ran near the paragraph as a command of the author's own (`!`)."""
    return any(_near(e, near) for anchor in anchors for e in _authors(_runs_of(anchor, index), index))


def _runs_of(anchor: str, index: Sources) -> list[str]:
    """The events whose command holds `anchor` (spaces folded, lower case)."""
    return [e for e, command in index.runs if anchor in " ".join(command.lower().split())]


def _authors(events: list[str], index: Sources) -> list[str]:
    """Of `events`, the author's own commands (`!`)."""
    return [e for e in events if _is_authors(e, index)]


def _is_authors(event: str, index: Sources) -> bool:
    """Whether `event` (or the event a call of it belongs to) is the author's own command (`!`)."""
    return index.event_kinds.get(event.split(".")[0]) == "command"


def _near(event: str, near: set[str]) -> bool:
    return event in near or event.split(".")[0] in near


def _touched_by_claude(anchors: list[str], cited: set[str], index: Sources) -> Source | None:
    """The first anchor a cited tool call of Claude's touched (a file it read or edited) and that no message of
    the author's names."""
    for anchor in anchors:
        holders = _holders(anchor, index)
        if any(s.speaker in _AUTHOR_SIDE for s in holders):
            continue
        tool = next(
            (
                s
                for s in holders
                if s.speaker == TOOL and _near(s.id, cited) and not _is_authors(s.id, index)  # (not the author's `!`)
            ),
            None,
        )
        if tool is not None:
            return tool
    return None


def _only_claude(anchors: list[str], cited: set[str], index: Sources) -> Source | None:
    """Every anchor is in a cited message of Claude's and in no message of the author's."""
    first = None
    for anchor in anchors:
        holders = _holders(anchor, index)
        if any(s.speaker in _AUTHOR_SIDE for s in holders):
            return None
        mine = next((s for s in holders if s.speaker == CLAUDE and s.id in cited), None)
        if mine is None:
            return None
        first = first or mine
    return first


def _only_mine(anchors: list[str], index: Sources) -> Source | None:
    """Every anchor is in the author's messages and in nothing of Claude's or its tools."""
    first = None
    for anchor in anchors:
        holders = _holders(anchor, index)
        if not holders or any(s.speaker in _MACHINE_SIDE for s in holders):
            return None
        first = first or next((s for s in holders if s.speaker in _AUTHOR_SIDE), None)
    return first
