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
from retell.check.text import code_spans, one_line
from retell.check.verdict import CONTRADICTED, Finding
from retell.extract.tools import family

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
# Chinese, Japanese and Korean tell the order at the end of the first clause ("读完 `a.py` 之后，…", "`a.py` を読んで
# から、…", "`a.py`를 읽은 후, …") or at the head of the second ("…，然后…", "…、その後…", "…, 그다음 …")
_CJK_AFTER_END = re.compile(
    r"(?:之后|以后|之後|以後|后|後|てから|でから|た後で?|だ後で?|た後に|後で|후에?|다음에?|나서)\s*$"
)
_CJK_BEFORE_END = re.compile(r"(?:之前|以前|前に|する前に|전에|기\s*전에)\s*$")
_CJK_THEN = re.compile(
    r"^\s*(?:然后|然後|接着|接著|随后|隨後|再|その後|それから|次に|그다음에?|그\s*다음에?|그리고\s*나서|이어서)"
)
_CJK_CLAUSE = re.compile(r"[，、；]|,\s")
_CJK_TEXT = re.compile("[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]")
# English inside a sentence: "X before running `y`", "X after reading `y`" (a verb's -ing form makes it a step)
# (and in Spanish, Portuguese and French before an infinitive or a participle: "… antes de leer `y`", "… depois de ler
# `y`", "… avant de lire `y`", "… après avoir lu `y`")
_BEFORE_DOING = re.compile(
    r"\s(?:(?P<word>before|after)\s+(?=[a-z]+ing\b)"
    r"|(?:(?P<before>antes\s+de|avant\s+d[e']|avant\s+que)|(?P<after>despu[eé]s\s+de|depois\s+de|apr[eè]s\s+(?:avoir|être|"
    r"avoir\s+été)))\s*(?=\w))",
    re.I,
)
# Japanese, Korean and Chinese inside a clause, with no comma after: "`a`を読んだあとで`b`を検索", "`a`を直す前に`b`",
# "`a`를 읽은 후 `b`를", "读完`a`之后再搜索`b`"
_CJK_AFTER_IN = re.compile(
    r"(?:[たっだ]|んだ)\s*(?:あと|後)\s*(?:で|に|から)?|てから|でから|之后|之後|以后|以後|[은는한]\s*(?:후|다음)에?|고\s*나서"
)
_CJK_BEFORE_IN = re.compile(r"(?:る|す|く|ぐ|む|ぶ|つ|ぬ|う)\s*(?:前|まえ)に|之前|以前|기\s*전에")
_SENTENCE = re.compile(r"(?:[^.!?。]|[.!?](?![\s.!?]|$))+(?:[.!?。]+|$)")  # a "." inside a name or figure ends nothing
_SHORT_QUOTE = re.compile(r"«[^«»\n]{1,120}»|“[^“”\n]{1,120}”|„[^„“”\n]{1,120}[“”]|「[^「」\n]{1,120}」")
_QUOTED = re.compile(r"[\"“«„]\s*([^\"”»“]{10,}?)\s*[\"”»“]")
MIN_ANCHOR = 3  # characters of code or a quote for it to say where it comes from
MOMENT_EVENTS = 3  # a paragraph citing this many events or fewer tells one moment (as the citation check reads it)


def sentences(text: str) -> list[tuple[int, int]]:
    """The spans of a paragraph's sentences; a "." inside code, a figure or a short quote ends none ("prefissi come
    «az. agr.» o doppi spazi" is one sentence)."""
    masked = re.sub(r"`[^`\n]*`", lambda m: "x" * len(m.group(0)), text)
    masked = _SHORT_QUOTE.sub(_masked_quote, masked)
    return [(m.start(), m.end()) for m in _SENTENCE.finditer(masked)]


def _masked_quote(match: re.Match[str]) -> str:
    """A quote as letters, but for a stop that ends it ("I wrote: “don't commit yet.” Then…" ends there)."""
    quote = match.group(0)
    end = quote[-2] if quote[-2] in ".!?。！？" else "x"
    return "x" * (len(quote) - 2) + end + "x"


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


# A step told by its verb and what it acted on: "read `a.py`", "读了 `a.py`", "`a.py` を読んだ", "`a.py`를 읽었다".
# Its place is the call that did it (a Read of a.py), not every event that names a.py (a search listing it).
_ACTS = {
    "read": r"read|reads|reading|opened|读了?|讀了?|阅读了?|打开了?|看了"
    # Spanish, Portuguese, French, German
    r"|le[yí]ó|leer|le[ií]do|leu|ler|lido|abri[óu]|abrir|lu|lire|ouvert|ouvrir|las|lesen|gelesen|öffnete",
    "search": r"searched(?:\s+for)?|grepped(?:\s+for)?|搜索了?|搜尋了?|查找了?"
    r"|busc[óa]r?|buscado|buscou|procurou|procurar|cherch[ée]r?|suchte|suchen|gesucht|durchsuchte",
    "edit": r"edited|changed|modified|fixed|改了|修改了?|编辑了?|編輯了?"
    r"|edit[óo]u?|editar|modific[óo]u?|modificar|cambi[óo]|cambiar|corrigi[óu]|corregir|corrigir|arregl[óo]|alter[óo]u?"
    r"|modifi[ée]r?|corrig[ée]r?|édit[ée]r?|änderte|ändern|geändert|bearbeitete|bearbeiten",
}
_ACTS_AFTER = {
    "read": r"を読|を開|를\s*읽|을\s*읽|를\s*열|을\s*열",
    "search": r"を検索|를\s*검색|을\s*검색",
    "edit": r"を編集|を変更|を直|を修正|を書き換え|を更新|를\s*수정|을\s*수정|를\s*고치|을\s*고치|를\s*고쳤|을\s*고쳤",
}
# a preposition between the verb and what it acted on: "buscar en `src`", "chercher dans `src`", "searched in `src`"
_ACT_TO = r"(?:\s+(?:in|en|dans|em|no|na|nos|nas|in\s+der|im))?"
_ACT_RE = re.compile(
    "|".join(
        rf"(?:(?<![A-Za-z0-9_`])(?:{verbs}){_ACT_TO}\s*`(?P<{name}>[^`\n]{{3,}})`)" for name, verbs in _ACTS.items()
    )
    + "|"
    + "|".join(rf"(?:`(?P<{name}_ja>[^`\n]{{3,}})`\s*(?:{verbs}))" for name, verbs in _ACTS_AFTER.items()),
    re.I,
)


def _acted(text: str, index: Sources) -> set[int] | None:
    """Where the calls are that did what `text` tells done to a file or a pattern ("read `renderer.py`"); None when
    it tells no such act, or no call of the session did it."""
    places: set[int] = set()
    for match in _ACT_RE.finditer(text):
        act = next(k for k, v in match.groupdict().items() if v)
        target = _fold(match.group(act))
        kind = act.removesuffix("_ja")
        for event_id, calls in index.event_calls.items():
            if "." in event_id or event_id not in index.order:
                continue
            for call in calls:
                done = family(call.name) == kind or (kind == "search" and call.name in ("Grep", "Glob"))
                if done and not call.error and target and _fold(call.target or "").endswith(target):
                    places.add(index.order[event_id])
    return places or None


def _places(text: str, index: Sources) -> set[int] | None:
    """Where in the session what `text` names can be (positions of the events holding it); None: it names
    nothing that can be placed. A step told by its act is where the call that did it is."""
    acted = _acted(text, index)
    if acted is not None:
        return acted
    anchors = code_spans(text, 3) + [m.group(1) for m in _QUOTED.finditer(text)]
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


# A sentence that tells what nobody did, or what never happened again: no order of events to check
_NOBODY = re.compile(
    r"(?i)\b(?:nobody|no one|never|nadie|nunca|ninguém|nunca mais|personne|jamais|niemand|nie(?:mand)?|nessuno|mai più|"
    r"niemand|nooit|nikt|nigdy|никто|никогда)\b|(?:没有人|沒有人|誰も|아무도)"
)


def _sentences(block: Block, index: Sources) -> list[Finding]:
    out = []
    text = block.text
    for start, end in sentences(text):
        sentence = text[start:end]
        if _NOBODY.search(sentence):
            continue  # "Nadie volvió a probar el `POST` después del arreglo": what did not happen has no place
        opens = _OPENS.match(sentence)
        then = _THEN.search(sentence)
        if opens is not None and "," in sentence:
            cut = sentence.index(",")
            first, second = sentence[:cut], sentence[cut + 1 :]
            earlier, later = (first, second) if opens.group("after") else (second, first)
        elif then is not None:
            earlier, later = sentence[: then.start()], sentence[then.end() :]
        else:
            told = _cjk_order(sentence) or _doing_order(sentence)
            if told is None:
                continue
            earlier, later = told
        before, after = _cited(_places(earlier, index), block, index), _cited(_places(later, index), block, index)
        if before is None or after is None or min(before) <= max(after):
            continue
        out.append(_finding(block, start, end, sentence, min(before), max(after), index))
    return out


def _cjk_order(sentence: str) -> tuple[str, str] | None:
    """(earlier, later) of a sentence of two clauses whose order a Chinese, Japanese or Korean word tells."""
    cut = _CJK_CLAUSE.search(sentence)
    if cut is None:
        return _cjk_order_inside(sentence) if _CJK_TEXT.search(sentence) else None
    first, second = sentence[: cut.start()], sentence[cut.end() :]
    if _CJK_THEN.match(second) or _CJK_AFTER_END.search(first):
        return first, second
    if _CJK_BEFORE_END.search(first):
        return second, first
    return _cjk_order_inside(first)


def _cjk_order_inside(clause: str) -> tuple[str, str] | None:
    """(earlier, later) of a clause whose order word stands inside it, between two steps ("`a`を読んだあとで`b`を…")."""
    for pattern, after in ((_CJK_AFTER_IN, True), (_CJK_BEFORE_IN, False)):
        match = pattern.search(clause)
        if match is not None and match.start() > 0 and match.end() < len(clause):
            first, second = clause[: match.start()], clause[match.end() :]
            return (first, second) if after else (second, first)
    return None


# A clause of what a piece of code does, right after it: "`oui()` qui retire…", "`strip()`, which removes…"
_CODE_DOES = re.compile(
    r"`[^`\n]+`\s*,?\s+(?:qui|which|that|che|que|die|der|das|welche[rs]?|который|которая|которое|dat)\b[^,;]*$",
    re.I,
)


def _doing_order(sentence: str) -> tuple[str, str] | None:
    """(earlier, later) of "X before running `y`" and "X after reading `y`"."""
    told = _BEFORE_DOING.search(sentence)
    if told is None:
        return None
    first, second = sentence[: told.start()], sentence[told.end() :]
    if _CODE_DOES.search(first):
        # what code does, in its own order: "une fonction `oui()` qui retire les espaces … avant de comparer"
        return None
    before = told.group("before") or (told.group("word") or "").lower() == "before"
    return (first, second) if before else (second, first)


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
