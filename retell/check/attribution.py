"""Who says the words in quotes: the author, Claude, a subagent, or nobody in particular, as the sentence
around a quote attributes them. Before the quote ("I wrote:", "Claude answered: “…”"), after it ("“…,” I
replied", "“…”, Claude said") or around both halves of a split quote; in Japanese and Chinese too
(私が「…」と念を押した, 「…」と Claude は答えた)."""

from __future__ import annotations

import re

from retell.check.text import wordset

AUTHOR = "author"
CLAUDE = "claude"
SUBAGENT = "subagent"
AGENT = "agent"  # "the agent": Claude or one of its subagents
PRONOUN = "pronoun"
# "Claude Code answered “No conversation found”": the program, whose words are its output (or what the author
# pasted of it), not Claude's messages: a quote of it is said by nobody in particular.
PROGRAM = "program"

_ACTORS = re.compile(
    r"(?P<author>\b(?:I|I'm|I've|I'd|I'll|me|[Mm]y|myself|[Tt]he author|[Tt]he user)\b)"
    r"|(?P<subagent>\b(?:sub-?agents?|(?:research|explore|exploration|search|review|reviewer|investigation|"
    r"parallel|background|helper|planning|plan) agents?)\b)"
    r"|(?P<agent>\b[Tt]he agent\b)"
    r"|(?P<program>\bClaude\s+Code\b)"
    r"|(?P<claude>\b(?:Claude|[Tt]he assistant|[Tt]he model)\b)"
    r"|(?P<pronoun>\b(?:[Ii]ts?)\b)"
    r"|(?P<name>\b[A-Z][a-z]+\b)(?=\s+(?:wrote|asked|said|typed|replied|answered|added|followed up|put it|told|"
    r"pushed back|insisted|objected)\b)",
)
_NOT_NAMES = wordset("Then Next It He She They This That There When While After Before So And But")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=\S)")
_SPEECH = (
    r"said|says|wrote|writes|asked|asks|answered|answers|replied|replies|added|adds|typed|told|tells|put|"
    r"started|starts|followed|came|reported|reports|explained|explains|suggested|suggests|noted|notes|pointed|"
    r"warned|admitted|concluded|summed|wrapped|responded|insisted|objected|countered|continued|changed|laid|"
    r"stopped|wondered|complained|sent|left|found|gave|got|kept|went|agreed|quoted|promised|announced|"
    r"declared|confirmed|claimed|conceded|offered|proposed|recommended|shot back|fired back|typed back"
)
_LEAD_VERBS = re.compile(
    rf"\s*(?:\w+ly\s+)?(?:(?:had|has|have|was|then|also|just|finally|first|later|now|simply|only)\s+)?"
    rf"(?:{_SPEECH}|was|were|is|\w{{2,}}[^e\W]ed)\b"
    # an auxiliary: "I didn't want that yet: “…”" is the author speaking as much as "I wanted"
    r"|\s*(?:did|do|does|didn't|don't|doesn't|could|couldn't|would|wouldn't|can|can't|should|will|won't|"
    r"had|has|have|wasn't|am|'d|'ll|'ve|'m)\b"
    r"|\s*:"
    r"|'s\b",
    re.I,
)
# "it was", "it is": a sentence's dummy subject, not Claude speaking ("most of it was short decisions")
_DUMMY_IT = re.compile(r"\s*(?:was|were|is|'s)\b", re.I)
# "the model was `models/marts/fct_orders.sql`", "the agent is a LangGraph graph": a common noun that may name
# Claude is also a thing of the project (a dbt or ORM model, an agent being built); with a copula after it, the
# sentence says what that thing is, not that anyone speaks (Claude is named by its name when it speaks)
_THING_NOUN = re.compile(r"[Tt]he (?:model|assistant|agent)$")
_POSSESSIVE = frozenset({"my", "its", "Its", "My"})
# A possessive names who speaks when what it owns is something said or written ("my message:", "its answer was")
# or when its phrase runs into the quote ("my reaction: “…”", "in its own words, “…”"); "my two counts, and so the
# test “…”" owns a figure, and the quote is the sentence's, not mine.
_SAID = (
    r"messages?|words?|questions?|answers?|repl(?:y|ies)|responses?|requests?|notes?|prompts?|comments?|"
    r"instructions?|summar(?:y|ies)|verdicts?|reactions?|reasoning|suggestions?|proposals?|plans?|explanations?|"
    r"conclusions?|points?|lines?|texts?|wording|objections?|corrections?|follow-?ups?|advice|guess(?:es)?|take|"
    r"diagnos[ie]s|reports?|thoughts?|ideas?|hints?|titles?|descriptions?|outputs?|commits?|feedback|reviews?|"
    r"reminders?|warnings?|caveats?|promises?|claims?|orders?|brief|tasks?|reply|own"
)
_OWNS_WORDS = re.compile(rf"\s+(?:[\w'’-]+\s+){{0,2}}?(?:{_SAID})\b|(?:\s+[\w'’-]+){{0,3}}\s*[:,.!?;—–-]*\s*$", re.I)
_ADDRESSEE = re.compile(
    r"\b(?:told|tell|tells|asked|ask|asks|answered|replied to|to|for|with|at|from|by|sent|reminded|showed)\s+$"
    # Italian, Spanish, French, Portuguese, German: "ho chiesto a Claude:", "le pregunté a Claude:", "j'ai écrit à
    # Claude :", "perguntei ao Claude:", "schrieb ich an Claude:" (a real model's Italian draft of fresh29)
    r"|(?:^|\s)(?:a|al|ao|à|an)\s+$"
    # Romanian's dative and "to": "I-am scris lui Claude: „…”", "am trimis către Claude:" (a real model's Romanian draft
    # of fresh43's guesthouse, whose own words were read as Claude's: stop 62)
    r"|(?:^|\s)(?:lui|către|catre)\s+$"
    # a name right after a verb in the past is its object: "I turned it down and interrupted Claude:"
    r"|\b(?:I|we)\b[^.!?:]*\b[a-z]{3,}ed\s+$"
    # Russian, with "я"/"мы" the verb's subject before it: "я отклонил правку и прервал Claude:", "я написал Claude:"
    r"|(?:^|[\s,;(—–-])(?:я|мы)\s[^.!?:]*[а-яё]{2,}(?:л|ла|ли|лся|лась)\s+$"
    # (and Ukrainian, whose verb may take its one asked after a preposition: "Я спитала в Claude:", I asked Claude;
    # blind52's real-model draft)
    r"|(?:^|[\s,;(—–-])(?:я|ми)\s[^.!?:]*[а-яіїєґ']{2,}(?:в|ла|ли)\s+(?:(?:в|у|до)\s+)?$"
    r"|(?:^|[\s,;(—–-])(?:я|мы)\s[^.!?:]*[а-яё]{2,}(?:л|ла|ли)\s+(?:у|к)\s+$"
    # an actor inside what the author asked ("I asked whether it could “…”"): the one asked about, not the speaker
    r"|\b(?:whether|if)\s+$",
    re.I,
)
_WHEN = re.compile(r"\b(?:after|before|since|following|until|till|within)\s+$", re.I)
# "with one line of my own under it:", "the trace I pasted into it:": what a preposition governs is its object, never
# the one speaking (who speaks is the sentence's subject)
_GOVERNED = re.compile(
    r"\b(?:under|into|in|on|onto|about|of|over|beside|below|above|through|inside|behind|beneath|alongside|along "
    r"with|together with|against|upon|toward|towards|than|like)\s+$",
    re.I,
)
# "the question it raised for me:", "the error Claude had hit:": an actor right after a noun its determiner opens is
# the subject of a clause about that noun, after the sentence's own; it speaks the quote only with a verb of saying
# ("I read the answer Claude gave:")
_ABOUT_A_NOUN = re.compile(
    r"\b(?:the|a|an|one|this|that|each|every|some|any|my|his|her|their|our|your|its)\s+(?:[\w-]+\s+){0,2}?"
    r"(?!(?:and|or|but|then|so|when|while|as|because|that|which|who|where)\s)[a-z][\w-]*\s+$",
)
# "which waited in the queue while Claude worked:": an actor a subordinate clause names, doing something other than
# speaking, says nothing of who speaks the quote after it (the sentence's own subject does)
_SUBORDINATE = re.compile(r"\b(?:while|whilst|as|when|until|till|whereas|because)\s+$", re.I)
_SAYS_NEXT = re.compile(rf"\s*(?:\w+ly\s+)?(?:(?:had|has|was|then|also|just|still)\s+)*(?:{_SPEECH})\b", re.I)
_ACCORDING = re.compile(r"\b(?:[Aa]ccording to|[Ii]n the words of)\s+$")
# An actor, then a verb that names or judges what follows, then the possessive: "Claude called my …"
_NAMING = re.compile(
    r"\S+(?:\s+\w+ly)?\s+(?:called|calls|described|describes|dubbed|labell?ed|termed|praised|praises|"
    r"thanked me for|summed up)\s+",
    re.I,
)
_EMPHASISED = re.compile(r"(?<![\w*])\*[^*\n]+\*(?![\w*])|(?<!\w)_[^_\n]+_(?!\w)")


def mentions(text: str, *, acting: bool = True) -> list[tuple[int, str]]:
    """Who the text names. `acting`: only as doing or saying something (an actor followed by a verb or a
    colon, or a possessive: "my message", "its summary"), so "Explore Claude Code session storage" names
    nobody; otherwise every mention ("sent a subagent off" names the subagent "it" may refer to)."""
    found = []
    for match in _ACTORS.finditer(text):
        group = match.lastgroup or ""
        word = match.group(0)
        if group == "name" and word in _NOT_NAMES:
            continue
        if acting and group != PRONOUN and _ACCORDING.search(text[: match.start()]):
            found.append((match.start(), AUTHOR if group == "name" else group))
            continue  # "According to Claude, “…”": Claude is the one speaking
        if acting and word not in _POSSESSIVE and not word.endswith("'s") and not _LEAD_VERBS.match(text, match.end()):
            continue
        if acting and group == PRONOUN and _DUMMY_IT.match(text, match.end()):
            continue
        if acting and _THING_NOUN.fullmatch(word) and _DUMMY_IT.match(text, match.end()):
            continue
        if acting and _ADDRESSEE.search(text[: match.start()]):
            continue  # "I told Claude:" — Claude is spoken to, not speaking
        if (
            acting
            and word not in _POSSESSIVE
            and not re.match(r"['’]s\b", text[match.end() :])  # "In Claude's words:" is Claude's
            and _GOVERNED.search(text[: match.start()])
            and not _SAYS_NEXT.match(text, match.end())  # "just like Claude said:"
        ):
            continue  # "with one line of my own under it:": the object of "under", not who speaks
        if (
            acting
            and found  # the sentence's own subject came first ("With the diff Claude showed:" is Claude's)
            and group in (CLAUDE, PRONOUN, AGENT, SUBAGENT)
            and word not in _POSSESSIVE
            and _ABOUT_A_NOUN.search(text[max(0, match.start() - 60) : match.start()])
            and not _SAYS_NEXT.match(text, match.end())
        ):
            continue  # "along with the question it raised for me:": a clause about the question, not its speaker
        if (
            acting
            and group in (CLAUDE, SUBAGENT, AGENT)
            and _SUBORDINATE.search(text[: match.start()])
            and not _SAYS_NEXT.match(text, match.end())
        ):
            continue  # "I had typed a question, which waited while Claude worked: “…”"
        if acting and word in _POSSESSIVE and _WHEN.search(text[: match.start()]):
            continue  # "Its verdict, a minute after my question: “…”": a time, not who speaks
        if acting and word in _POSSESSIVE and not _OWNS_WORDS.match(text, match.end()):
            continue  # "…, my two counts, and so the test “…”": what is mine is a figure, not the quote's words
        found.append((match.start(), AUTHOR if group == "name" else group))
    return found


def resolve_it(before: str) -> str | None:
    """ "it" is whoever of Claude and its agents was named last (never the author); None when nobody was."""
    named = [a for _, a in mentions(before, acting=False) if a not in (PRONOUN, AUTHOR)]
    # "Claude Code compacted its context. Its own summary…": what "it" writes is Claude's
    return (CLAUDE if named[-1] == PROGRAM else named[-1]) if named else None


_AFTER = re.compile(
    r"^\s*[,.!?:;]?\s*(?P<who>I|Claude(?:\s+Code)?|it|the agent|the assistant|the model|the subagent|the author)"
    rf"\s+(?:\w+ly\s+)?(?:then\s+|had\s+|would\s+)?(?:{_SPEECH})\b"
    r"|^\s*[,.!?:;]?\s*(?:said|wrote|replied|answered|asked|added|typed)\s+"
    r"(?P<who2>I|Claude(?:\s+Code)?|the agent|the assistant)\b",
    re.I,
)
# Japanese and Chinese: who (私, Claude, サブエージェント…) and a verb of saying around 「…」.
_JA_WHO = (
    r"(?P<author>私|僕|俺|わたし|自分|我|作者|ユーザー|用户)"
    r"|(?P<subagent>サブエージェント|エージェント|担当|子代理|代理)"
    r"|(?P<claude>Claude(?!\s*Code)|クロード|アシスタント|モデル|助手)"
)
_JA_SAY = (
    r"言|書|送|指示|頼|答|返|伝|念を押|告げ|述べ|報告|聞|尋ね|訊|提案|入力|打|まとめ|締めくく|問|叫|説明|付け加|"
    r"説|说|写|回答|回复|问|告诉|表示|提出|建议"
)
_JA_AFTER = re.compile(
    rf"^\s*(?:と|って|という|とも)\s*[、,]?\s*(?:(?:{_JA_WHO})\s*(?:が|は|も)?\s*)?(?P<say>{_JA_SAY})?"
)
_JA_LEAD = re.compile(rf"(?:{_JA_WHO})\s*(?:が|は|も|の|から|に対して)?")
_JA_SENTENCE_END = re.compile(r"[。！？!?]\s*")
_SENTENCE_END = re.compile(r"[.!?]\s*$")
_SPEECH_ONLY = re.compile(rf"^\s*[,;]?\s*(?:and|then|but)?\s*(?:\w+ly\s+)?(?:{_SPEECH})\b", re.I)


# German and French: a verb of saying and who says it, either way round ("bat ich", "Claude antwortete",
# "ai-je écrit", "a répondu Claude", "j'ai demandé", "Claude a proposé").
_EU_SAY = (
    r"bat|bate|schrieb|schreibe|fragte|frage|antwortete|antworte|sagte|sage|meinte|tippte|erwiderte|ergänzte|"
    r"entgegnete|schlug|fügte|warnte|notierte|fasste|erklärte|versprach|bestätigte|berichtete|verlangte|forderte|"
    r"écrit|écrivit|demandé|demanda|répondu|répondit|dit|ajouté|ajouta|proposé|proposa|tapé|expliqué|expliqua|"
    r"précisé|précisa|conclu|conclut|suggéré|suggéra|affirmé|affirma|insisté|insista|résumé|résuma|noté|nota|"
    r"écrivait|écrivais|demandait|demandais|répondait|répondais|disait|disais|ajoutait|ajoutais|proposait|"
    r"proposais|expliquait|expliquais|précisait|précisais|insistait|insistais|notait|notais|"
    r"escribió|respondió|dijo|contestó|preguntó|propuso|sugirió|añadió|explicó|insistió"
)
# Spanish drops the pronoun: the verb's person says who ("«…», escribí" is mine, "escribió Claude" Claude's).
_ES_MINE = r"escribí|respondí|dije|pregunté|pedí|contesté|añadí|insistí|expliqué"
_EU_ME = r"ich|je|j'|j’|moi"
_PL_SAY = r"napisał|odpisał|odpowiedział|zapytał|poprosił|dodał|dopisał|wyjaśnił|zaznaczył|przypomniał|odparł"
_PT_IT_MINE = (
    r"escrevi|respondi|perguntei|pedi|disse|acrescentei|expliquei|"
    r"ho (?:scritto|risposto|chiesto|detto|aggiunto|spiegato|ribadito)|scrissi|risposi|chiesi|dissi"
)
_VI_SAY = r"viết|trả lời|hỏi|nhắn|gõ|dặn|nói|bảo|đáp|ghi"
# Dutch and Indonesian: "ik schreef (aan Claude):", "schreef ik:", "saya menulis ke Claude:", "Claude menjawab:"
_NL_SAY = r"schreef|antwoordde|vroeg|zei|typte|tikte|meldde|voegde|stelde|legde"
_ID_SAY = (
    r"menulis|tulis|bilang|tanya|bertanya|menanyakan|membalas|balas|menjawab|jawab|minta|meminta|mengetik|ketik|"
    r"menambahkan|berkata|mengatakan|menjelaskan|mengusulkan|menyarankan"
)
_MINE_LEAD = re.compile(
    rf"(?<!\w)(?:(?:{_PL_SAY})(?:am|em)|{_PT_IT_MINE})(?!\w)[^.!?«“„]{{0,30}}:?\s*$"
    # (the one written to may follow the verb: "Mình viết cho Claude:", I wrote to Claude)
    rf"|(?<!\w)(?:mình|tôi|em)(?!\w)[^.!?“]{{0,40}}(?<!\w)(?:{_VI_SAY})(?!\w)\s*(?:thêm|lại|rằng)?"
    r"(?:\s+(?:cho|với)\s+Claude)?\s*:?\s*$"
    rf"|(?<!\w)ik(?!\w)[^.!?“„]{{0,40}}(?<!\w)(?:{_NL_SAY})(?!\w)[^.!?“„]{{0,30}}:?\s*$"
    rf"|(?<!\w)(?:{_NL_SAY})\s+ik(?!\w)[^.!?“„]{{0,30}}:?\s*$"
    rf"|(?<!\w)(?:saya|aku|gue|gw)(?!\w)[^.!?“„]{{0,40}}(?<!\w)(?:{_ID_SAY})(?!\w)[^.!?“„]{{0,30}}:?\s*$",
    re.I,
)
_CLAUDE_LEAD = re.compile(
    rf"(?<!\w)Claude(?!\w)[^.!?«“„]{{0,30}}(?<!\w)(?:(?:{_PL_SAY})(?!\w)|(?:{_VI_SAY})(?!\w)|"
    rf"(?:{_NL_SAY})(?!\w)|(?:{_ID_SAY})(?!\w)|"
    r"(?:escreveu|respondeu|perguntou|disse|explicou|ha (?:scritto|risposto|chiesto|detto|spiegato)))"
    r"[^.!?«“„]{0,20}:?\s*$",
    re.I,
)
_EU_CLAUDE = r"Claude|er|es|il|der Agent|der Subagent|l'agent|l’agent|le sous-agent"
_EU_AFTER = re.compile(
    rf"^\s*[,.!?:;]?\s*(?:(?:{_EU_SAY})(?:\s+|-t-|-)(?:(?P<me>ich|je)|(?P<it>{_EU_CLAUDE}))\b"
    rf"|(?:ai|avais)-(?:je|j)\s+(?P<me2>{_EU_SAY})\b"
    rf"|(?:a|avait)-t-(?P<it4>il)\s+(?:{_EU_SAY})\b"
    rf"|(?:a|avait)\s+(?:{_EU_SAY})\s+(?P<it2>Claude|l'agent|l’agent)\b"
    rf"|(?:(?P<me3>ich)|(?P<it3>Claude))\s+(?:{_EU_SAY})\b"
    rf"|(?:le\s+|yo\s+)?(?P<me4>{_ES_MINE})\b)",
    re.I,
)
_EU_LEAD = re.compile(
    rf"(?:(?P<author>\b(?:[Ii]ch|[Jj]e|[Jj]['’](?:ai|avais)|[Mm]ein(?:e|er|em|en|es)?|[Mm]a|[Mm]on|[Mm]es)\b)"
    rf"|(?P<claude>\bClaude(?:s)?\b(?!\s+Code)))"
    rf"(?=\s+(?:(?:hatte|habe|hat|ai|a|avais|avait|dann|daraufhin|alors|ensuite|noch|nur|sofort|eigene[nmr]?|"
    rf"eigenen|letzte[nmr]?|erste[nmr]?|kurze[nmr]?|propre|dernier|dernière)\s+)?"
    # what the possessive owns is something said: "meine Bitte", "in meiner Zusammenfassung", "in Claudes Worten"
    rf"(?:{_EU_SAY}|Antwort|Frage|Bitte|Nachricht|Vorschlag|Worten?|Wort|Zusammenfassung|Meldung|Notiz|Kommentar|"
    rf"Erklärung|Commit-Nachricht|Zeilen|réponse|question|demande|message|proposition|mots|termes|résumé|note|"
    rf"commentaire|explication)\b)",
)
_EU_INVERTED = re.compile(rf"\b(?:{_EU_SAY})\s+(?:(?P<author>ich)|(?P<claude>Claude))\b\s*:?\s*$", re.I)


_EU_HE = re.compile(r"^\s*[,.!?:;]?\s*[^\W\d_]+(?:\s+|-t-|-)(?:il|er)\b", re.I)


def _european_after(after: str) -> str | None:
    match = _EU_AFTER.match(after)
    if match is None:
        return None
    if match.group("me") or match.group("me2") or match.group("me3") or match.group("me4"):
        return AUTHOR
    who = (match.group("it") or match.group("it2") or match.group("it3") or match.group("it4") or "").lower()
    if "agent" in who:
        return SUBAGENT if "sub" in who else AGENT
    return CLAUDE if who == "claude" else PRONOUN


def _european_lead(lead: str) -> str | None:
    """ "Ich schrieb: „…“", "Claude antwortete:", "schrieb ich:", "J'ai répondu : « … »": the last one named
    with a verb of saying in the lead's sentence, in German or French."""
    sentence = _SENTENCE.split(lead.strip())[-1] if lead.strip() else ""
    if re.search(rf"(?<!\w)(?:{_ES_MINE})\b[^.!?«“]{{0,30}}:?\s*$", sentence, re.I):
        return AUTHOR  # "Le escribí a Claude:", "Respondí:"
    # Polish, Portuguese, Italian and Vietnamese: a verb of saying in the first person (in Polish its ending says so,
    # "odrzuciłam i napisałam:"), or Claude with a verb of saying, ends the lead
    if _MINE_LEAD.search(sentence):
        return AUTHOR
    if _CLAUDE_LEAD.search(sentence):
        return CLAUDE
    inverted = _EU_INVERTED.search(sentence)
    if inverted is not None:
        return inverted.lastgroup
    found = None
    for match in _EU_LEAD.finditer(sentence):
        found = match.lastgroup
    return found


# Turkish: a verb of saying after the quote, its person in its ending ("“…” dedim", "diye ekledim", "diye sordu",
# "“…” yazmıştım"): the first person is the author, "Claude dedi" Claude.
_TR_SAY = r"de|di|ekle|yaz|sor|söyle|yanıtla|cevapla|iste|belirt|hatırlat|uyar|anlat|not\s+düş|cevap\s+ver|yanıt\s+ver"
_TR_AFTER = re.compile(
    rf"^\s*[,.]?\s*(?:diye\s+)?(?:(?P<who>ben|Claude)\s+)?(?:de\s+|da\s+|bir\s+de\s+)?(?:{_TR_SAY})"
    r"(?:(?P<me>[dt][ıiuü]m|m[ıiuü]şt[ıiuü]m|[ıiuü]?yordum)|(?P<it>[dt][ıiuü]|m[ıiuü]şt[ıiuü]|[ıiuü]?yordu))(?![^\W\d_])",
    re.I,
)


def _turkish_after(after: str) -> str | None:
    match = _TR_AFTER.match(after)
    if match is None:
        return None
    if match.group("me"):
        return AUTHOR
    # a third person with no subject of its own may be a thing ("listemin sonunda “…” yazıyordu": my list said it)
    return CLAUDE if (match.group("who") or "").lower() == "claude" else None


# Whose words a quote is, told after it: “…”是 Claude 读完之后的说法 (is what Claude said after reading), 「…」は
# Claude の言葉だ, “…”는 Claude의 표현이다, “…”是我的原话: the one named before the noun for words.
_CJK_WHOSE_AFTER = re.compile(
    r"^\s*(?:是|为|為|乃|は|というのは|って|은|는|이란|이라는\s*말은|라는\s*말은)?\s*"
    r"(?:(?P<author>我|私|僕|自分|제|내|저|나)|(?P<subagent>サブエージェント|子代理|서브에이전트)"
    r"|(?P<claude>Claude|クロード|它))"
    r"[^，。、“”「」『』.,!?！？]{0,12}?"
    r"(?:的|の|의)?\s*(?:说法|說法|原话|原話|话|話|原文|措辞|措辭|用语|回答|回复|回覆|总结|總結|説明|说明|"
    r"言葉|発言|表現|言い方|まとめ|回答|返答|말|표현|설명|답변|요약)"
)


def speaker_after(after: str) -> str | None:
    """The speaker named right after a quote ("“…,” I replied"; 「…」と私が書いた), or None."""
    whose = _CJK_WHOSE_AFTER.match(after)
    if whose is not None:
        return {"author": AUTHOR, "subagent": SUBAGENT}.get(whose.lastgroup or "", CLAUDE)
    european = _european_after(after) or _turkish_after(after) or _hebrew_after(after)
    if european is not None:
        return european
    match = _AFTER.match(after)
    if match:
        who = (match.group("who") or match.group("who2") or "").lower()
        if who == "i" or who == "the author":
            return AUTHOR
        if who == "it":
            return PRONOUN
        if who.startswith("claude") and who != "claude":
            return PROGRAM
        return SUBAGENT if "subagent" in who else AGENT if who == "the agent" else CLAUDE
    ja = _JA_AFTER.match(after)
    if ja and ja.lastgroup in (AUTHOR, CLAUDE, SUBAGENT) and ja.group("say"):
        return ja.lastgroup
    if ja and ja.group("say"):
        for name in (AUTHOR, CLAUDE, SUBAGENT):
            if ja.group(name):
                return name
    return None


def speaker_of(lead: str, context: str = "", after: str = "", *, joined: bool = True) -> str | None:
    """Who says the words that follow `lead` (the text right before a quote); `after` is the text right
    after it, where a speaker named wins when the quote is joined to it ("“…,” I replied") or the lead names
    nobody ("“…?” Claude asked"), but not when a new sentence starts there ("I wrote: “…?” Claude agreed");
    `context` is what came before the lead, for resolving "it". None when the text does not say. Italics
    are a name or a title (a subagent's task: "*Now I need to check the cache*:"), not someone speaking."""
    lead = _EMPHASISED.sub(lambda m: " " * len(m.group(0)), lead)
    context = _EMPHASISED.sub(lambda m: " " * len(m.group(0)), context)
    named = speaker_after(after) if after else None
    if after and named is not None and _CJK_WHOSE_AFTER.match(after):
        return named  # “…”是 Claude 的说法: whose words they are, told outright, wins over who the sentence opened with
    passive = _passive_speaker(lead, after)
    if passive is not None:
        return passive
    before = _speaker_before(lead, context)
    # A quote that opens a sentence of its own ("… the index file. “Try deploying this!” I told Claude"): the
    # speaker the sentence names after it wins over whoever the sentence before was about.
    opens = bool(re.search(r"[.!?]\s*$", lead)) and not lead.rstrip().endswith("...")
    if named is not None and (joined or before is None or opens):
        if named == PRONOUN:
            # "ajoutait-il", "schrieb er" with nobody named before: in a post told by its author, the one
            # "il"/"er" who writes is Claude
            named = resolve_it(context + " " + lead) or (CLAUDE if _EU_HE.match(after) else None)
        return None if named == PROGRAM else named
    return None if before == PROGRAM else before


def _speaker_before(lead: str, context: str) -> str | None:
    ja = _japanese_lead(lead) or _european_lead(lead) or _hebrew_lead(lead)
    if ja is not None:
        return ja
    sentences = _SENTENCE.split(lead.strip())
    last = sentences[-1] if sentences else ""
    earlier = (context + " " + " ".join(sentences[:-1])).strip()
    found = mentions(last)
    if not found and len(sentences) == 1 and _SPEECH_ONLY.match(last):
        # "Claude called it “X” and said it was “Y”": the same sentence's speaker goes on speaking.
        sentence = _SENTENCE.split(context.strip())[-1] if context.strip() else ""
        if sentence and not _SENTENCE_END.search(context[-3:]):
            found = mentions(sentence)
            last = sentence
    # A clause of its own after a semicolon, with its own subject, is who goes on to speak: "It wrote up three
    # options; I took option C, because “…”" is the author giving a reason, whatever the verb.
    clause = re.split(r";\s*", last)[-1]
    subject = re.match(r"\s*(?:(?:then|so|and)\s+)?(?P<who>I|Claude|[Ii]t)\b(?!\s+(?:was|is|'s)\b)", clause)
    if subject is not None and clause != last and (not found or found[-1][0] < len(last) - len(clause)):
        who = subject.group("who")
        return AUTHOR if who == "I" else CLAUDE if who == "Claude" else resolve_it(earlier + " " + last)
    if not found:
        return None
    at, actor = found[-1]
    if len(found) > 1 and last[at:].split(" ", 1)[0] in _POSSESSIVE:
        # "Claude called my renaming observation “a key insight”": a possessive the verb's object begins with
        # is whom it is about; the one who called it speaks.
        before_at, before_actor = found[-2]
        if _NAMING.fullmatch(last[before_at:at]):
            at, actor = before_at, before_actor
    if actor == PRONOUN:
        return resolve_it(earlier + " " + last[:at])
    return actor


# Claude に「…」と言われた: said to me by Claude (a passive verb of saying after the quote).
_JA_PASSIVE = re.compile(
    r"^\s*(?:と|って)\s*(?:言わ|書か|返さ|指示さ|頼ま|告げら|念を押さ|伝えら|聞か|尋ねら|提案さ|答えら)れ"
)
_JA_BY = re.compile(rf"(?:{_JA_WHO})\s*(?:に|から)(?!対して)")


def _passive_speaker(lead: str, after: str) -> str | None:
    if not after or not _JA_PASSIVE.match(after):
        return None
    found = None
    for match in _JA_BY.finditer(_JA_SENTENCE_END.split(lead)[-1]):
        found = match.lastgroup
    return found


# Chinese puts whom one speaks or gives to before the name: 交给, 对, 向, 跟, 问, 告诉, 让, 请 (and in Traditional
# script 給, 對, 問, 告訴, 讓, 請: "我請 Claude：「…」" is my request to Claude, blind32 AL2:170); 了 or 過 may come
# between ("我只問了 Claude 一句：「…」", a real model's draft of fresh28's LINE bot).
_ZH_TO = re.compile(r"(?:给|對|对|向|跟|問|问|告訴|告诉|讓|让|請|请|給)\s*(?:了|过|過)?\s*$")
# Claude 的工作後面：「…」 (behind Claude's work): a possessive names whose thing it is, not who speaks, unless the
# thing is something said ("Claude 的回覆：「…」", "Claude 的说法").
_ZH_WHOSE = re.compile(
    r"^\s*的\s*(?!(?:回覆|回复|回答|答覆|答复|說法|说法|訊息|讯息|消息|話|话|總結|总结|建議|建议|解釋|解释|計畫|计划|"
    r"報告|报告|結論|结论|意見|意见|提議|提议|摘要|判斷|判断|理由|推測|推测|猜測|猜测|原話|原话))\S"
)


# 它 ("it") speaking in a Chinese post is Claude (or a subagent): 它说, 它自己先说了一句, 它回答道 (not 让它说:
# asked to say; not 打断它问: I interrupted it, asking).
_ZH_IT_SAYS = re.compile(
    r"(?<!打断)(?<!告诉)(?<![让请叫要问给对向跟把被])它[^，。、“”「」]{0,8}?(?:说|写|问|回答|回复|表示|提出|建议|告诉我)(?:了|道)?(?:一句|一声|一段)?"
    r"\s*[:：，,]?\s*$"
)


# A verb that ends a clause describing the noun right after it: 私が引用した主張, 我引用的说法 (its subject is not the
# sentence's: the speaker named before it still speaks)
_RELATIVE_CLAUSE = re.compile(
    r"^[^、。「」“”]{0,12}?(?:[たっ]た|した|いた|んだ|てい[るた]|する|る)(?:とおり|通り|よう)?の?[\u4e00-\u9fff\u30a0-\u30ff]"
    r"|^[\u4e00-\u9fff]{1,6}的[\u4e00-\u9fff]"
)


def _japanese_lead(lead: str) -> str | None:
    """私が「…」, Claude は「…」: the last speaker named in the lead's sentence, when it is written in Japanese
    or Chinese (the sentence has no end mark between the speaker and the quote)."""
    sentence = _JA_SENTENCE_END.split(lead)[-1]
    if not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", sentence):
        return None
    if _ZH_IT_SAYS.search(sentence):
        return AGENT  # 它自己先说了一句“…”: "it", speaking, is Claude or a subagent (the author is 我)
    found = None
    for match in _JA_LEAD.finditer(sentence):
        tail = sentence[match.end() :]
        if _ZH_TO.search(sentence[: match.start()]):
            continue  # 把报错交给 Claude, 对 Claude 说, 问 Claude: spoken to, not speaking
        if re.match(r"\s*(?:の(?:ため|よう)|に(?!対して))", tail):
            continue  # 私のために, Claude に: for or to them, not by them
        if match.group(0).endswith("の") and tail.strip():
            continue  # サブエージェントの1体目「…」: whose, or what it is called, not who speaks
        if _ZH_WHOSE.match(tail):
            continue  # 排在 Claude 的工作後面：「…」: whose work, not who speaks (blind32 AL2:110)
        if found is not None and found != match.lastgroup and _RELATIVE_CLAUSE.search(tail.split("、")[0]):
            continue  # Claudeは…私が引用した主張として「…」と答えた: a clause of mine that names a noun, not who speaks
        found = match.lastgroup
    return found


# Hebrew: the author speaks in the first person of a verb (כתבתי "I wrote", עניתי, ביקשתי, הערתי, בחרתי), Claude by
# its name as the subject ("Claude כתב", "ו-Claude הוסיף", "ענה Claude") or as whose words they are ("הסיכום של
# Claude"); "ל-Claude", "אל Claude" is to whom one speaks. The small words Hebrew writes onto a verb (ו "and", ש
# "that") are read through.
_HE_MINE = (
    r"כתבתי|עניתי|שאלתי|הערתי|ביקשתי|הוספתי|אמרתי|השבתי|הקלדתי|הדבקתי|ציינתי|התעקשתי|הסברתי|הצעתי|סיכמתי|"
    r"שלחתי|הגבתי|הזכרתי|הבהרתי|בחרתי|החלטתי|אישרתי|דחיתי|הדגשתי|תיקנתי|הוריתי|חזרתי|התלוננתי|הודיתי"
)
_HE_SAYS = (
    r"כתב|ענה|שאל|העיר|ביקש|הוסיף|אמר|השיב|הציע|הסביר|סיכם|ציין|התנצל|הודה|הגיב|המליץ|הזהיר|איחל|הבהיר|"
    r"הודיע|טען|תיאר|דיווח|הדגיש|חזר"
)
_HE_ACTORS = re.compile(
    rf"(?<![\u0590-\u05ff])[וש]?(?P<author>{_HE_MINE}|אני|שלי)(?![\u0590-\u05ff])"
    r"|(?P<to>(?<![\u0590-\u05ff])(?:[וש]?ל-?|אל\s+|עם\s+)Claude\b)"
    r"|(?P<claude>Claude\b)"
)
_HE_AFTER = re.compile(
    rf"^\s*[,.:]?\s*(?:[וש]?(?P<author>{_HE_MINE})(?![\u0590-\u05ff])|[וש]?(?:{_HE_SAYS})\s+(?P<claude>Claude)\b)"
)
_HEBREW = re.compile(r"[\u0590-\u05ff]")


def _hebrew_lead(lead: str) -> str | None:
    """כתבתי "…", Claude כתב ש"…", "הסיכום של Claude: "…"": the last one named in the lead's sentence, when it is
    written in Hebrew."""
    sentence = re.split(r"[.!?]\s+|\n", lead)[-1]
    if not _HEBREW.search(sentence):
        return None
    found = None
    for match in _HE_ACTORS.finditer(sentence):
        if match.lastgroup == "to":
            continue
        found = AUTHOR if match.lastgroup == "author" else CLAUDE
    return found


def _hebrew_after(after: str) -> str | None:
    """ "…", כתבתי / "…", ענה Claude: the speaker right after a quote in Hebrew."""
    match = _HE_AFTER.match(after)
    if match is None:
        return None
    return AUTHOR if match.group("author") else CLAUDE
