"""Claude's guess told as fact: a sentence of the post that tells, with no hedge and not as Claude's, what a cited
message of Claude's only guessed ("Next.js might be treating `/tokenizer/` as a route" told as "Next.js was
treating `/tokenizer/` as a route").

The form is read, not the meaning: Claude's sentence carries a hedge ("probably", "might", "I suspect",
"likely", *parece*, *vermutlich*, *sans doute*, 可能 …), and the post's sentence repeats what follows the hedge:
a code span of Claude's sentence and one word of the guess (in any language: words are compared by their first
four letters, so "filtrava" meets "filtered"), or, with no code, three words of the guess. A sentence that
hedges on its own ("was probably", "quizá") or gives the words to Claude ("Claude suspected", "by Claude's
account", "segundo o Claude") tells it as a guess. Claude's words with no hedge say nothing here: whether a
plain statement of Claude's was a guess is left to the model (`--verify`).
"""

from __future__ import annotations

import re

from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.claims import Claim
from retell.check.document import PARAGRAPH, Block
from retell.check.order import sentences
from retell.check.sources import TOOL, Source, Sources
from retell.check.text import (
    CODE_SPAN,
    STOPWORDS,
    code_spans,
    folded,
    lettered,
    one_line,
    unquoted_text,
    words,
)
from retell.check.verdict import LOW, UNTRACED, Finding
from retell.extract.hedges import HEDGE

GUESS = "guess"

# Claude hedging: the guess is what follows the hedge, to the end of its sentence
_HEDGE = HEDGE
# The post hedging, or giving the words to Claude: a guess told as one
_TOLD_AS_GUESS = re.compile(
    r"\b(?:probably|likely|presumably|possibly|perhaps|maybe|might|may|could|seem(?:s|ed)?|appear(?:s|ed)?|"
    r"guess(?:ed)?|suspect(?:s|ed)?|suspicion|hunch|theory|hypothes[ie]s|reckon(?:ed|ing)?|thought|think|"
    r"believed?|reading|according|supposedly|apparently|"
    r"by (?:Claude's|Claude’s|its) (?:\w+)|Claude(?:'s|’s)? (?:\w+ )?(?:said|read|put|described|called|took|"
    r"figured|concluded|diagnos\w+|explained|view|account|answer|reply|idea|words)|as Claude|in Claude's|"
    r"its (?:count|reading|account|guess|view|words)|"
    r"(?:Claude|it|he|she)\s+(?:\w+\s+)?(?:considered|decided|concluded|judged|reasoned|said|says|reported|noted|"
    r"wrote|answered|replied|called|named|blamed|put it|raised|suggested|warned|proposed|recommended|advised|"
    r"flagged|pointed out|mentioned)|"
    r"probablemente|quiz[áa]s?|tal vez|puede que|parec[íi]a|parece|supuso|sospech\w*|cre[íi]a|según|hipótesis|"
    r"provavelmente|talvez|parecia|segundo|leitura|sup[ôo]s|achava|hipótese|para (?:o )?Claude|palpite|suspeita|"
    r"probablement|sans doute|peut-[êe]tre|semblait|selon|d'après|soup[çc]onn\w*|pensait|"
    r"vermutlich|wahrscheinlich|vielleicht|schien|laut|meinte|vermutete|Vermutung|"
    r"waarschijnlijk|misschien|wellicht|vermoedelijk|leek|volgens|lezing|vermoedde|dacht|"
    r"probabilmente|forse|magari|sembrava|secondo|ipotesi|supponeva|pensava|"
    r"prawdopodobnie|chyba|może|wydawało się|według|przypuszcza\w*|przypuszczeni\w*|podejrzewał[ao]?|"
    r"podejrzewa|podejrzeni\w*|domyślał[ao]?|domyślił[ao]?|sądził[ao]?|zdaniem|najpewniej|najprawdopodobniej|podobno|"
    r"twierdził[ao]?|uważał[ao]?|förmodligen|kanske|troligen|verkade|enligt|"
    r"mungkin|sepertinya|menurut|dugaan|muhtemelen|belki|göre|tahmin\w*|вероятно|возможно|казалось|"
    r"по (?:словам|мнению)|предполож\w*|"
    r"imagin\w*|suppos\w*|reckon\w*|a lo mejor|seguramente|cre[íi]a que|deve ser|devia ser|vraisemblablement|dürfte|"
    r"immaginava|pewnie|zapewne|скорее всего|видимо|наверное|подозрева\w*|herhalde|có lẽ|chắc là|hình như|"
    r"kemungkinan)\b"
    r"|可能|也许|也許|大概|似乎|猜|认为|認為|推测|推測|估计|估計|怀疑|懷疑|据|的说法|的說法|依 ?Claude|照 ?Claude"
    r"|たぶん|おそらく|かもしれ|と考え"
    r"|によると|によれば|と見|でしょう|だろう|ようだ|ようで|みたい"
    r"|아마|것 같|따르면|듯|추정|추측|짐작|의심|शायद|लगता|संभवतः",
    re.I,
)
# A sentence whose subject is Claude tells what Claude did or said ("It read the diff and split them…"), not
# the world as Claude guessed it; "Claude Code" is the program, which may be the guess's subject.
_CLAUDE_DID = re.compile(
    r"^\W*(?:(?:then|so|and|first|finally|luego|despu[ée]s|depois|ent[ãa]o|puis|ensuite|dann)\s+)?"
    r"(?:(?:o|el|le|der)\s+)?(?:Claude|It|Ele|Il|Er)\b(?!\s+Code)",
    re.I,
)
# A hedge on a plan ("I think the better approach is …") is no guess about what is so.
_PLAN = re.compile(
    r"\b(?:better|best|should|approach|let me|let's|I'll|we need|we can|plan|option|instead of trying|"
    r"lo mejor|mejor (?:ser[íi]a|es)|deber[íi]amos|propongo|o melhor|mieux vaut|il vaut mieux|je propose|"
    r"am besten|besser|sollten|meglio|лучше|предлагаю|lepiej|daha iyi|tốt hơn|sebaiknya)\b"
    r"|最好|比较好|比較好|建议|建議|方がいい|ほうがいい|좋겠|बेहतर",
    re.I,
)
# The hedges of languages that put the verb last (Japanese, Korean, Hindi, Turkish; Chinese's sentence-final
# forms): a hedge of theirs that ends its sentence hedges what came before it
_HEAD_FINAL = re.compile(r"^(?!것 같|と思)[^\x00-\u024f]|herhalde|galiba|sanırım|muhtemelen", re.I)
_CODE = CODE_SPAN  # (spans shorter than two characters are left out where they are read: code_spans)
_CLAUDE_SENTENCE = re.compile(r"(?<=[.!?])\s+|(?<=[。！？।])\s*|\n+")
_WORD_STOP = frozenset({"claude", "code", "that", "this", "with", "from", "instead", "rather"})


def guess_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        if block.kind != PARAGRAPH or not block.cites:
            continue
        guesses = [
            (source, guess)
            for source in index.of(block.cites)
            if source.speaker in (CLAUDE, SUBAGENT)
            for guess in _guesses(source.text)
        ]
        if not guesses:
            continue
        # Claude's words in quotation marks are given as Claude's: "Its summary: “… похоже на переход через ноль…”"
        # (the offline engine's own draft of fresh31's snt-svet failed its check on it)
        unquoted = unquoted_text(block.text)
        for start, end in sentences(block.text):
            sentence = block.text[start:end]
            if not unquoted[start:end].strip(" \t\n.,;:!?…。、") or (
                _CLAUDE_DID.match(sentence)
                or _TOLD_AS_GUESS.search(sentence)
                or _TOLD_AS_GUESS.search(_lead(block.text, start))
            ):
                continue
            hit = next(((s, g) for s, g in guesses if _tells(unquoted[start:end], g)), None)
            if hit is None or _shown_after(sentence, hit[0], index, block.cites):
                continue
            if _taken_up(sentence, hit[0], index, block.cites):
                continue
            source, (whole, _codes, _stems) = hit
            claim = Claim(GUESS, one_line(sentence.strip(), 90), block.line_at(start), block)
            claim.at = end
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    source.id,
                    one_line(whole, 160),
                    f"Claude only guessed this ({source.id}); the post tells it as fact",
                    confidence=LOW,
                    advice="tell it as Claude's guess, or cite what shows it",
                )
            )
    return out


Guess = tuple[str, frozenset[str], frozenset[str]]  # Claude's sentence, its code spans, the guess's word heads


def _guesses(text: str) -> list[Guess]:
    out: list[Guess] = []
    for piece in _CLAUDE_SENTENCE.split(text):
        hedge = _HEDGE.search(piece)
        if hedge is None or _PLAN.search(piece):
            continue
        codes = frozenset(folded(c) for c in code_spans(piece, 2))
        rest = _CODE.sub(" ", piece[hedge.end() :])
        if _HEAD_FINAL.search(hedge.group()) and len(_heads(rest)) < 2:
            # where the verb comes last, so does the hedge, and it hedges what came before it: "ये भैंस का दूध
            # लगता है" (this looks like buffalo milk), "タイムゾーンの問題でしょう", "cache sorunu herhalde"
            rest = _CODE.sub(" ", piece[: hedge.start()])
        heads = _heads(rest)
        if heads:
            out.append((piece.strip(), codes, heads))
    return out


# What Claude only expected of a step not yet taken or seen ("with `create_before_destroy` it'll go through the
# same way", "should pass now"): a prediction, as unsettled as a guess until a run shows it
_EXPECT = re.compile(
    r"\b(?:should (?:be|work|pass|go|now|fix|stay|show)|(?:will|it'll|that'll|this'll) (?:probably|likely)|it'll|"
    r"that'll|I expect|expected to|hopefully|I hope|deber[íi]a|sollte|devrait|dovrebbe|zou moeten|powinn\w+|"
    r"borde|должн\w+|by měl\w*|phải là)\b|应该|應該|はず|だろう|でしょう|겁니다|것입니다",
    re.I,
)


def hedged(text: str) -> list[str]:
    """The sentences of Claude's text that only guess or expect what is so ("That smells like a `timestamp()`
    in the name."), a plan's hedge ("I think the better approach is") left out: for the verification prompt."""
    out = []
    for piece in _CLAUDE_SENTENCE.split(text):
        piece = piece.strip()
        if piece and ((_HEDGE.search(piece) and not _PLAN.search(piece)) or _EXPECT.search(piece)):
            out.append(piece)
    return out


_QUESTION_SPLIT = re.compile(r"(?<=[.!?。！？؟])\s*|\n+")


# A request put as a question ("Can you please update these tests?") asks for an act, not whether something is so
_REQUEST = re.compile(
    r"^\W*(?:(?:can|could|would|will)\s+you|please|pls|mind\s)|\bplease\b|\bpor favor\b|\bbitte\b|"
    r"^\W*(?:puedes|podr[íi]as|kannst du|könntest du|peux-tu|pourrais-tu|puoi|potresti)\b",
    re.I,
)


def asked(text: str) -> list[str]:
    """The questions of the author's text ("does re-running November duplicate readings?"), requests put as
    questions left out."""
    return [
        p.strip()
        for p in _QUESTION_SPLIT.split(text)
        if p.strip().endswith(("?", "？", "؟")) and not _REQUEST.search(p.strip())
    ]


def _tells(sentence: str, guess: Guess) -> bool:
    _whole, codes, heads = guess
    shared = len(_heads(_CODE.sub(" ", sentence)) & heads)
    mine = {folded(c) for c in code_spans(sentence, 2)}
    if mine & codes:
        return shared >= 1
    # a guess of two words ("ये भैंस का दूध लगता है", it looks like buffalo milk) is told by both of them
    return shared >= min(3, len(heads)) and shared >= 2


def _shown_after(sentence: str, guessed: Source, index: Sources, cited: list[str]) -> bool:
    """Whether a cited run after the guess shows what the sentence tells: "exiftool printed an Artist line" of
    `DSC09214.ARW`, whose exiftool run the paragraph cites after Claude's "My guess: … the EXIF Artist field"."""
    codes = {folded(c) for c in code_spans(sentence, 2)}
    heads = _heads(_CODE.sub(" ", sentence))
    for source in index.of(cited):
        if source.speaker != TOOL or source.order <= guessed.order:
            continue
        told = folded(source.text)
        if any(code in told for code in codes) and len(heads & _heads(source.text)) >= 2:
            return True
    return False


def _taken_up(sentence: str, guessed: Source, index: Sources, cited: list[str]) -> bool:
    """Whether the author, in a cited message after the guess, took it up as their own plan: "Reste à former un
    caissier de plus…, ce que j'ai confié à Josiane" of Claude's "il faudra sans doute former quelqu'un de plus à la
    caisse" and the author's "je transmets à Josiane pour la formation caisse" (blind39 AS1:166)."""
    heads = _heads(_CODE.sub(" ", sentence))
    return any(
        source.speaker == AUTHOR and source.order > guessed.order and len(heads & _heads(source.text)) >= 2
        for source in index.of(cited)
    )


def _heads(text: str) -> frozenset[str]:
    """The first four letters of each word that carries meaning, accents folded ("servía", "serving": "serv")."""
    out = set()
    for word in words(text):
        low = folded(word)
        if _INDIC.search(low):
            # an Indic word is short in code points and its ending is its grammar: whole, from three ("दूध", milk)
            if len(low) >= 3 and low not in _INDIC_STOP:
                out.add(low)
        elif len(low) >= 4 and lettered(low) and low not in STOPWORDS and low not in _WORD_STOP:
            out.add(low[:4])
    return frozenset(out)


_INDIC = re.compile("[\u0900-\u0dff]")
# Hindi's function words of three code points or more, which a guess and a sentence share by their grammar alone
_INDIC_STOP = frozenset(
    "लिए किया किए करके करना करते होता होती होते हुआ हुई हुए रहा रही रहे यहाँ वहाँ इसलिए लेकिन अगर क्योंकि".split()  # noqa: SIM905
)


def _lead(text: str, start: int) -> str:
    """What opens the sentence's line up to a colon just before it ("The second, by Claude's reckoning: …")."""
    before = text[:start].rstrip()
    return before[before.rfind("\n") + 1 :] if before.endswith(":") else ""
