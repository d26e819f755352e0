"""Claude's summary of the change it made: the sentence of its closing message, after the last edit, that says
what the work now does ("The nightly export now streams every row", "Der PDF-Export bettet jetzt eine Schrift
mit Umlauten ein"). A title or heading takes it when the author's words are chat and no commit or task item says
what was done: it is the result, in Claude's words and (as Claude answers) the author's language."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.events import ASSISTANT, TOOL_RUN, Event
from retell.extract.tools import family

RESULT_CHARS = 70  # longer, a sentence reads as the chat, not as a title or heading
RESULT_WORDS = 4  # a clause shorter than this ("Jetzt geht es") says no result

# "now", said of the work after the change, in the languages retell heads in (not Spanish "ya" nor Hindi "ab":
# both are as often a yes or a preposition)
_NOW = re.compile(
    r"(?i)\b(?:now|jetzt|nun|ahora|maintenant|désormais|ora|adesso|agora|nu|teraz|теперь|тепер|artık|şimdi|"
    r"sekarang|kini|bây giờ|τώρα|עכשיו|כעת|الآن|nyt|nå|acum|nyní)\b|现在|現在|これで|今は|이제"
)
# Claude speaking of itself or to the author ("You can now…", "I've changed…", "Ich habe…"): a result says neither
_SPEAKING = re.compile(
    r"(?i:\b(?:you|your|let me|we|we've|let's|vous|votre|tu|je|j'|nous|du|dein|ich|wir|usted|tú|yo|puedes|puede|você|"
    r"eu|io|puoi|jij|ik|ty|wy|вы|ты|я|мы|sen|siz|ben|kamu|anda|saya|bạn|tôi|εσύ|εγώ|אתה|את|אני|أنت|أنا)\b)|"
    r"\bI(?:'m|'ve|'ll)?\b|你|您|我|あなた|私|僕|제가|저는|당신"
)
# The checks' verdict, not the change ("All 31 tests now pass", "Die Tests laufen jetzt durch")
_CHECKS = re.compile(r"(?i)\b(?:tests?|testes|testy|тесты|тести|specs?|linter|build|CI)\b|テスト|测试|測試|테스트")
# Where a long result's change ends and another, its purpose or its manner begins ("and…", "so that…", "avant de…")
_SUBORDINATE = re.compile(
    r"\s+(?:and|und|y|et|e|en|i|и|ve|dan|with|mit|con|avec|com|met|z|с|"
    r"before|after|so that|so|because|instead of|by|avant de|après|pour|afin de|parce que|au lieu de|bevor|"
    r"nachdem|damit|weil|statt|anstatt|antes de|después de|para|porque|en lugar de|en vez de|prima di|dopo|per|"
    r"perché|invece di|depois de|em vez de|voordat|zodat|omdat|zamiast|żeby|перед|чтобы|потому что|вместо)\s"
)
# A subject that is only a pronoun ("It runs end to end now", "Jetzt läuft es"): the reader of a title or heading
# cannot tell what runs ("Everything lines up on both layouts now" still says where). Only the pronouns that are
# never a determiner: "This endpoint now returns 404", "Das Skript läuft jetzt" name their subject.
_BARE_SUBJECT = re.compile(
    r"(?i)^(?:it|es|ça|cela|ceci|esto|eso|isso|isto|ciò|ini|itu|nó)\b(?!['’-])|"
    # the verb second and the pronoun after it, as German and Dutch put it ("Jetzt läuft es", "Nu werkt het")
    r"^(?:jetzt|nun|nu)\s+\S+\s+(?:es|het)\b"
)
# "Now" that turns to the next piece of work ("Now the LiveView one", "Now for the mailer", "Now on to the cache",
# "Jetzt zum Export", 現在來看第二個): a sentence about what comes next, never what the change made; as a heading it
# named a stretch by the work it ends on (material round 61)
_TURN = re.compile(
    r"(?i)^(?:and\s+)?(?:now|next|jetzt|nun|ahora|maintenant|ora|adesso|agora|nu|teraz|теперь|тепер)[,:]?\s+(?:"
    r"(?:on\s*to|onto|to|for|zum|zur|zu|für|au|aux|à|a la|al|para|por|alla|al|naar|na|do|к|за)\b"
    r"|(?:the|this|that|der|die|das|le|la|les|el|los|las|il|lo|o|a|het|de)\s+(?:\S+\s+){0,3}?"
    r"(?:one|ones|part|bit|issue|bug|flake|problem|error|failure|question|item|step|task)s?\W*$)"
    r"|^(?:现在|現在)(?:來|来|輪到|轮到|換|换|處理|处理|看)|^(?:次は|では次)|^이제\s*(?:다음|두\s*번째)"
)
_MARKUP = re.compile(r"\*\*|__|^#+\s*|^\s*(?:[-*•]|\d+[.)])\s+", re.M)


def claude_result(events: Sequence[Event], limit: int = RESULT_CHARS) -> str:
    """The first sentence of Claude's messages after the last change of `events` (main thread) that says what the
    work now does, its clause holding the "now" (see _NOW); "" when no change was made, or no sentence says a
    result that neither speaks to the author nor of Claude, nor only of the checks."""
    last_change = max(
        (
            i
            for i, e in enumerate(events)
            if e.kind == TOOL_RUN
            and not e.sidechain
            and not e.abandoned
            and any(family(c.name) in ("edit", "write") for c in e.calls or ())
        ),
        default=None,
    )
    if last_change is None:
        return ""
    for event in events[last_change + 1 :]:
        if event.kind != ASSISTANT or event.sidechain or event.abandoned or not event.text:
            continue
        for sentence in _sentences(event.text):
            said = _result(sentence, limit)
            if said:
                return said
    return ""


def _sentences(text: str) -> list[str]:
    prose = re.sub(r"```.*?```", "\n", text, flags=re.S)
    lines = [re.sub(_MARKUP, "", line).strip() for line in prose.splitlines()]
    return [s.strip() for line in lines for s in re.split(r"(?<=[。！？।॥])|(?<=[.!?])\s+(?=\S)", line) if s.strip()]


def _kept(cut: str) -> bool:
    now = _NOW.search(cut)
    after = cut[now.end() :].split() if now is not None else []
    # ("The tool is now installed": a participle says the whole of it)
    return len(after) >= 2 or (len(after) == 1 and re.fullmatch(r"[a-z]+(?:ed|en)", after[0]) is not None)


def _result(sentence: str, limit: int) -> str:
    if sentence.endswith(("?", "？", ":", "：")) or not _NOW.search(sentence):
        return ""
    clause = next((c for c in re.split(r"\s*[;；—–]\s*|[,，]\s+", sentence) if _NOW.search(c)), "")
    clause = clause.strip().rstrip("。.!！ ")
    if len(clause.split()) < RESULT_WORDS and not re.search(r"[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]", clause):
        return ""
    if len(clause) > limit:  # "…regroupe maintenant les factures par numéro avant de les afficher": the change
        cuts = [clause[: m.start()] for m in _SUBORDINATE.finditer(clause)]
        # (a cut keeps at least two words after its "now": "The file now starts", cut before "with `EF BB BF`", is
        # a verb without its object)
        clause = next((c for c in cuts if _NOW.search(c) and len(c.split()) >= RESULT_WORDS and _kept(c)), clause)
    now = _NOW.search(clause)
    if (
        now is not None
        and re.search(r"[:：]\s+\d", clause[now.end() :])
        and sentence.find(clause) + len(clause) < len(sentence.rstrip("。.!！ "))
    ):
        return ""  # the first item of a list after "now:" ("February builds now: 58 items", then "41 repaired, …")
    if now is None or re.search(r"\]\(|\s-\s", clause) or re.search(r"[:：]", clause[: now.start()]):
        return ""  # an item of a list of changes ("`[recorder.js](…)` - Now uses…", "Exporter: now…"), not a sentence
    if _SPEAKING.search(clause) or _CHECKS.search(clause) or not 12 <= len(clause) <= limit:
        return ""
    if _TURN.search(clause):
        return ""  # the next piece of work, not what this one made
    if re.match(r"(?i)^(?:and|but|so|und|aber|y|pero|et|mais|e|ma|mas)\s", clause):
        return ""  # a clause that hangs on the one before it
    if _BARE_SUBJECT.match(clause):
        return ""
    return clause[:1].upper() + clause[1:]
