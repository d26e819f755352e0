"""A request said as the work once its chat is gone: the wish in front ("Necesito documentar…" -> "Documentar…"),
a trailing plea or pointer (", me salen un montón de estos", "and I have no idea why", "，帮我看看怎么回事"), a
run-on clause ("…on mobile its covering the whole page"), a Japanese wish said plainly ("貼りたいです" -> "貼る"),
and a long Chinese or Japanese line cut at its first clause. Only the author's words, fewer of them."""

from __future__ import annotations

import re
from collections.abc import Iterable

from retell.lazyre import lazy

_CJK = lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

# "I need to / we want to" in front of an infinitive, in languages whose titles read well as one
_WISH = lazy(
    r"(?i)^(?:(?:necesito|necesitamos|quiero|queremos|quisiera|me gustaría|hay que|tengo que|tenemos que)\s+"
    r"(?=\w+(?:ar|er|ir)(?:lo|la|los|las|le|les|se)?\b)|"  # Spanish: "necesito documentar…"
    r"(?:preciso|precisamos|quero|queremos|gostaria de|tenho que|temos que)\s+(?:de\s+)?"
    r"(?=\w+(?:ar|er|ir)\b)|"  # Portuguese
    r"(?:je veux|je voudrais|on veut|on voudrait|nous voulons|il faut|j'ai besoin de|on doit)\s+|j'ai besoin d'"
    r"(?=\w+(?:er|ir|re)\b)|"  # French
    r"(?:wir|ich)\s+(?:wollen|möchten|müssen|sollten|will|möchte|muss)\s+|"  # German: the verb is at the end
    r"(?:devo|dobbiamo|voglio|vorrei|vogliamo|ho bisogno di|abbiamo bisogno di|bisogna)\s+"
    r"(?=\w+(?:are|ere|ire)\b))"  # Italian: "devo capire come funziona…"
)
# Who the author is, before the wish ("Sono nuova nel team e devo capire…", "I'm new here and need to…")
_NEWCOMER = lazy(
    r"(?i)^(?:sono nuov[oa]|I'm new|I am new|je suis (?:nouveau|nouvelle)|soy nuev[oa]|sou nov[oa]|ich bin neu)"
    r"\b[^,.;!?]{0,40}?\s+(?:e|and|et|y|und)\s+"
)
# Asking Claude to do something, in a language whose request then says the work as an infinitive ("tu peux
# aussi ajouter les traductions ?", "Kannst du die Konfiguration auf pydantic-settings umstellen?")
_ASK = lazy(
    r"(?i)^(?:¿\s*)?(?:(?:tu |vous )?(?:peux|pourrais|pouvez|pourriez)(?:-tu|-vous)?|(?:me )?(?:puedes|podrías|podéis)|"
    r"(?:você )?(?:pode|poderia|consegue)|(?:kannst|könntest) du|(?:können|könnten) (?:sie|wir)|"
    r"tem como|dá pra|dá para|hay (?:forma|manera) de|se puede|on peut|est-ce qu'on peut|"
    r"(?:mi )?(?:puoi|potresti|potete)|(?:kun|kan|zou) je|(?:kunt|zou) u)"  # Italian; Dutch, its verb last as German's
    r"(?:\s+(?:aussi|également|también|também|auch|bitte|mal|noch|anche|ook|even|me|mir|nous|nos))*\s+"
)
# "I need / Necesito / Ich brauche" in front of a thing ("Necesito un README decente para geocodex, ahora mismo
# solo pone 'WIP'" -> "Un README decente para geocodex"): the thing is the work; what follows its comma, the why
_NOUN_WISH = lazy(
    r"(?i)^(?:(?:I|we) (?:need|want|would like)|necesito|necesitamos|quiero|queremos|preciso(?: de)?|"
    r"precisamos(?: de)?|quero|queremos|ich brauche|wir brauchen|ich möchte|ich hätte gern|il me faut|"
    r"j'ai besoin d'|je voudrais|mi serve|ho bisogno di|vorrei)\s+"
    r"(?=(?:a|an|some|un|una|unos|unas|um|uma|uns|umas|ein|eine|einen|une|des|uno)\s)"
)
# An opener that announces what follows, not the work ("three quick things:", "Tre cose veloci", "deux
# questions :", "zwei Sachen"): a title that says nothing of the session
_LIST_OPENER = lazy(
    r"(?i)^(?:a few|some|several|a couple of|two|three|four|five|\d+|due|tre|quattro|deux|trois|quatre|zwei|drei|"
    r"vier|dos|tres|cuatro|duas|dois|três|quatro)\s+(?:(?:quick|small|little|short|veloci|rapide|piccole|"
    r"rapides|petites|kurze|kleine|rápidas|rápidos|pequeñas|pequenas|rápidinhas)\s+)?"
    r"(?:things?|cose|choses|sachen|dinge|cosas|coisas|questions?|domande|fragen|preguntas|perguntas|"
    r"requests?|tasks?|chores|fixes|items?|points?)(?:\s+(?:quick|veloci|rapides|rápidas))?\W*$"
)
# 三件事 / 3つ / 세 가지: the same in Chinese, Japanese and Korean
_CJK_LIST_OPENER = lazy(r"^[\d一二三四五两兩几幾]+\s*(?:件事|个问题|個問題|つ|点|가지)[\W]*$")


def announces_a_list(phrase: str) -> bool:
    """Whether a phrase only announces the requests that follow it ("Three quick things", "Tre cose veloci")."""
    text = phrase.strip()
    return bool(_LIST_OPENER.match(text) or _CJK_LIST_OPENER.match(text))


# A first sentence that points at something the reader cannot see ("esto es lo que nos está pasando?", "this is
# what I get:", "voilà ce qui se passe"); what follows it says what it was
_POINTER_LEAD = lazy(
    r"(?i)^(?:this|that|here|esto|eso|esta|aquí|ceci|ça|voilà|voici|c'est|das|dies|isso|isto|aqui|questo|ecco)\b"
    r"[^.!?？。\n]{0,40}[.!?？。:]\s+(?=\S)"
)


def without_pointer_lead(request: str) -> str:
    """`request` without a first sentence that only points (see _POINTER_LEAD), when four words or more follow."""
    lead = _POINTER_LEAD.match(request.strip())
    if not lead:
        return request
    rest = request.strip()[lead.end() :]
    return rest[:1].upper() + rest[1:] if len(rest.split()) >= 4 else request


_INFINITIVE_FIRST = lazy(r"(?i)^\w+(?:ar|er|ir|re)(?:lo|la|los|las|le|les|se)?\b")  # es, pt, fr


def asked_work(text: str) -> str | None:
    """The work a request in Spanish, Portuguese, French, Italian, German or Dutch asks for, as its infinitive
    ("Ajouter les 37 traductions anglaises", "Die Konfiguration auf pydantic-settings umstellen"): a heading in the
    author's language that says the step. None when no sentence asks so."""
    if _CJK.search(text):
        return None
    sentences = [s.strip().rstrip("?？!. ") for s in re.split(r"(?<=[.!?])\s+", text.strip())[:3]]
    # an ask of Claude's first ("Kannst du … umstellen?"), else a wish ("Wir wollen …")
    for line, ask in [(s, _ASK.match(s)) for s in sentences] + [(s, _WISH.match(s)) for s in sentences]:
        if not ask:
            continue
        rest = line[ask.end() :].strip()
        german = re.match(r"(?i)^(?:kannst|könntest|können|könnten|wir|ich|kun|kan|kunt|zou)\b", line)
        if len(rest.split()) < 3 or not (german or _INFINITIVE_FIRST.match(rest)):
            continue
        rest = re.split(r"\s+(?:et|y|e|und)\s+(?:regarde|mira|olha|schau)\b", rest)[0]  # "…, et regarde ce…"
        rest = re.sub(r"(?i)^(\w+)\s+(?:también|tambien|também|tambem|aussi|également|auch|noch)\b", r"\1", rest)
        return rest[:1].upper() + rest[1:]
    return None


# What follows a clause's end and is the author talking, not the work
_CHAT_TAIL = lazy(
    r"(?i)(?:,|\s+-|\s+—|\s+and|\s+y|\s+e|\s+und|\s+et)?\s+(?:"
    r"(?:and\s+)?I (?:have no idea|don'?t know|can'?t figure out|am not sure)\b|any idea\b|help me\b|"
    r"me salen\b|no sé (?:por qué|qué)\b|ayúdame\b|"
    r"ich weiß nicht\b|keine ahnung\b|je ne sais pas\b|não sei\b|"
    r"(?:lol|lmao|haha\w*|jaja\w*|kkk+)\b|(?:can|could) (?:u|you) (?:check|look|see|help|fix)\b|"
    r"with (?:this|these|the following) (?:errors?|messages?|output|warnings?|logs?)\b"
    r").*$"
)
# A second sentence run on without a stop ("…collapse on mobile its covering the whole page"), not a clause
# ("…when it's not open")
_RUN_ON = lazy(
    r"(?i)(?<!when)(?<!\bif)(?<!because)(?<!that)(?<!where)(?<!since)(?<!while)(?<!unless)(?<!\band)(?<!but)"
    r"(?<!\bso)(?<!\bas)\s+(?:it'?s|its|it is|they'?re)\s+\w+ing\b.*$"
)
_CJK_TAIL = lazy(r"[，,、]\s*(?:帮我|幫我|请|請|麻烦|麻煩|看看|能不能|可以帮|可不可以).*$")
_CJK_CLAUSE = lazy(r"[，,；;：:。]")
CJK_TITLE_CHARS = 36  # a longer Chinese or Japanese title is cut at its first clause


def unchatted(phrase: str) -> str:
    """`phrase` without the chat around the work (see the module's docstring); as it was when nothing is left."""
    text = without_emoji(phrase.strip())
    trailed = re.split(r"\s*(?:…|\.\.\.)\s+(?=\w)", text)[0]  # "…en dur… je m'en occupe": the author trails off
    if len(trailed.split()) >= 3:
        text = trailed
    newcomer = _NEWCOMER.match(text)
    if newcomer and _WISH.match(text[newcomer.end() :]):
        text = text[newcomer.end() :]
    thing = _NOUN_WISH.match(text)
    if thing and len(text) - thing.end() >= 12:
        rest = re.split(r",\s+|\s+\(|\.\s", text[thing.end() :])[0].rstrip(" .:")  # the thing, not why
        if len(rest.split()) >= 3:
            text = rest[:1].upper() + rest[1:]
    wish = _WISH.match(text)
    if wish and len(text) - wish.end() >= 12:
        rest = text[wish.end() :]
        text = rest[:1].upper() + rest[1:]
    if _CJK.search(text):  # the first sentence ("…を貼りたいです。管理画面が遅くて…。"): the rest is why
        sentences = [t for t in re.split(r"(?<=[^\x00-\x7f])[。！？!?]", text) if t.strip()]
        # … unless it is a word or two ("放棄。先用 CPU 跑小資料集…"): the next one says the step
        short = len(sentences) > 1 and len(re.sub(r"\W", "", sentences[0])) <= 3
        short = short and not re.search(r"[てで]$", sentences[0].strip())  # "直して。…": the ask, then an aside
        text = (sentences[1] if short else sentences[0]).strip() if sentences else text
        text = re.sub(r"^(?:じゃあ|それなら|なら|那就|那么|那麼|그럼|그러면)[、，,\s]*(?=.{4})", "", text)  # "then, …"
    text = _CJK_TAIL.sub("", text)
    cut = _RUN_ON.sub("", _CHAT_TAIL.sub("", text))
    if len(cut.split()) >= 3 or (_CJK.search(cut) and len(cut) >= 6):
        text = cut
    text = plain_korean(plain_chinese(plain_japanese(text)))
    clauses = re.split(r"[，,]\s*", text)
    if _CJK.search(text) and len(clauses) >= 3 and len(clauses[0]) >= 12 and all(len(c) <= 12 for c in clauses[1:]):
        text = clauses[0]  # "…一直是 False，WSL2，顯卡 RTX 3060": the symptom, then its particulars strung on
    if _CJK.search(text) and len(text) > CJK_TITLE_CHARS:
        bare = re.sub(r"\([^()]*\)", lambda m: "_" * len(m.group(0)), text)  # not a comma inside brackets
        first = _CJK_CLAUSE.search(bare, 6)
        cjk = len(_CJK.findall(text[: first.start()])) if first else 0
        if first and (cjk >= 6 or (cjk >= 2 and first.start() >= 16)):  # "给 inventory-api 写个 openapi.yaml，…"
            text = text[: first.start()]
    return text.rstrip(" ,，、") or phrase


_EMOJI = lazy("[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ufe0f\u200d]+")


def without_emoji(text: str) -> str:
    """A title's words without its emoji; a short lead that an emoji closed ("Release day 🎉 bump to 3.4.0…") is
    the mood, not the work: "Bump to 3.4.0…" """
    lead = _EMOJI.search(text)
    if not lead:
        return text
    before, after = text[: lead.start()].strip(), _EMOJI.sub(" ", text[lead.end() :])
    if before and len(before.split()) <= 3 and len(after.split()) >= 3:
        text = after
    else:
        text = before + " " + after
    text = " ".join(text.split()).strip(" ,;:-")
    return text[:1].upper() + text[1:] if before else text


# A Japanese wish ("貼りたいです", "追加したい") said as the plain verb ("貼る", "追加する"): the i-row sound before
# たい is the u-row one of a godan verb; し is する; え-row stems (ichidan) take る
_GODAN = dict(zip("いきぎしちにびみり", "うくぐすつぬぶむる", strict=True))


_PLEASE = (
    r"(?:ほしい|欲しい|ください|下さい|くださいませ|もらえますか|もらえませんか|くれますか|くれませんか)"
    r"(?:です)?[。！!？?]*$"
)


def plain_japanese(text: str) -> str:
    """A Japanese request said plainly: the problem before "ので" ("ログインが遅いので原因を調べてほしい" ->
    "ログインが遅い"), a plea after a verb whose plain form is sure said as it ("調べてください" -> "調べる"; "更新
    してください" is left to end as "更新"), a wish likewise ("貼りたいです" -> "貼る")."""
    asked = re.match(r"^(.{6,}?)(?:ので|から|けど)、?.+?[てで]" + _PLEASE, text)
    if asked and _CJK.search(asked.group(1)):
        return asked.group(1)
    if re.search(r"(?:に|を|で)?しよう(?:か|よ)?[。！!]*$", text):  # "JSON Lines にしよう" -> "JSON Lines にする"
        return re.sub(r"しよう(?:か|よ)?[。！!]*$", "する", text)
    te = re.search(r"([えけげせぜてでねべめれ])て" + _PLEASE, text)
    if te:
        return text[: te.start()] + te.group(1) + "る"
    su = re.search(r"(?<![\u4e00-\u9fff])([\u4e00-\u9fff])して" + _PLEASE, text)  # 直して: 直す, not a noun
    if su:
        return text[: su.start()] + su.group(1) + "す"
    match = re.search(r"([\u3040-\u309f\u4e00-\u9fff])たい(?:です|んです|のです)?(?:が|けど)?[。！!…]*$", text)
    if not match:
        return text
    stem_end = match.group(1)
    head = text[: match.start(1)]
    if stem_end == "し":
        return head + "する"
    if stem_end in _GODAN:
        return head + _GODAN[stem_end]
    if stem_end in "えけげせてねべめれ" or re.match(r"[\u4e00-\u9fff]", stem_end):
        return head + stem_end + "る"  # 変えたい -> 変える, 見たい -> 見る
    return text


# A Korean wish or plea after the work ("다크 모드 추가하고 싶어요", "로그인 버그 수정해 주세요"): a noun of
# the work before 하다 is the work ("…추가"); another verb is said as its noun form ("만들고 싶어요" -> "만들기")
_KO_WISH = lazy(
    r"(?:하고\s*싶(?:어요|습니다|어|은데요?|네요|다)|해\s*(?:주세요|줘요|줘|주실 수 있나요|주시겠어요|주면 좋겠어요))"
    r"[.!?~…]*$"
)
_KO_VERB_WISH = lazy(r"([\uac00-\ud7af])고\s*싶(?:어요|습니다|어|은데요?|네요|다)[.!?~…]*$")


def plain_korean(text: str) -> str:
    """A Korean wish or plea said as the work (see _KO_WISH); the text as it was when none ends it."""
    wish = _KO_WISH.search(text)
    if wish and len(text[: wish.start()].strip()) >= 4:
        return text[: wish.start()].rstrip()
    verb = _KO_VERB_WISH.search(text)
    if verb and len(text[: verb.start()].strip()) >= 4:
        return text[: verb.end(1)] + "기"
    return text


# A Chinese wish in front of the work ("我想给购物车加一个优惠券功能" -> "给购物车加一个优惠券功能"); "帮我" and
# "请" are taken off where a request is phrased (phrasing.py)
_ZH_WISH = lazy(
    r"^(?:我们|我們|我)?(?:想要|想(?![法到问問])|要(?![是不么麼])|希望|打算)(?:帮我|幫我)?(?=[\u4e00-\u9fff])"
)


def plain_chinese(text: str) -> str:
    """A Chinese wish said as the work (see _ZH_WISH); not for Japanese, whose kana say it is not Chinese."""
    if re.search(r"[\u3040-\u30ff]", text):
        return text
    wish = _ZH_WISH.match(text)
    if wish and len(text) - wish.end() >= 4:
        return text[wish.end() :]
    return text


# what ends right before a word that opens a sentence, a list item or a heading
_OPENING = lazy(r"(?:^|[.!?:\n]\s*|[-*#>]\s+|\*\*)$")


_GERMAN = lazy(r"\b(?:ist|nach|dem|der|die|das|mein|meine|nicht|und|mit|warum|wieso|auf|für|beim|wird)\b")


def as_the_session_writes(phrase: str, texts: Iterable[str]) -> str:
    """The author's lower-case names in the case the session writes them ("api" -> "API", "openapi" ->
    "OpenAPI", "react 19" -> "React 19"): a word Claude writes two times or more inside its sentences, always in
    one other case, and never in lower case outside code."""
    seen: dict[str, dict[str, int]] = {}
    for text in texts:
        prose = re.sub(r"```.*?```|`[^`]*`", " ", text, flags=re.S)
        for match in re.finditer(r"(?<![\w./-])[A-Za-z][A-Za-z0-9]{2,}(?![\w/-])(?!\.[a-z])", prose):  # not fly.toml
            word = match.group(0)
            # (the 40 characters before it: searching all the text before each word made a long text quadratic)
            opening = _OPENING.search(prose, max(0, match.start() - 40), match.start()) is not None
            forms = seen.setdefault(word.lower(), {})
            forms[word] = forms.get(word, 0) + (0 if opening and word.istitle() else 1)

    german = bool(_GERMAN.search(phrase))

    def case(match: re.Match[str]) -> str:
        word = match.group(0)
        forms = {f: n for f, n in seen.get(word, {}).items() if n}
        if word in seen.get(word, {}) or len(forms) != 1:
            return word
        ((form, count),) = forms.items()
        # a German noun Claude wrote once in its capital ("Beim Rebase…") is a noun: German writes every one so
        german_noun = german and form.istitle()
        return form if count >= 2 or (german_noun and count >= 1) else word

    return re.sub(r"(?<![\w./@-])[a-z][a-z0-9]{2,}(?![\w/@-])(?!\s+-)", case, phrase)  # not "claude -p"


# Initialisms every developer writes in capitals; "ci" or "api" typed in a hurry is "CI", "API" in a title
_INITIALISMS = frozenset(
    re.findall(
        r"\w+",
        "ci api url sql css html json yaml http https ssh dns cpu gpu jwt sdk cli csv pdf ui ux aws gcp pr db",
    )
)
_ENGLISH_WORDS = lazy(r"(?i)\b(?:the|an|to|and|is|are|for|with|of|on|takes|it|my|our|this)\b")


def with_initialisms(phrase: str) -> str:
    """An English phrase with the initialisms in it in capitals ("Ci takes 14 minutes…" -> "CI takes 14
    minutes…"); never inside code, a path or a name with a dot, and not in another language (Italian "ci")."""
    if not _ENGLISH_WORDS.search(phrase) or _CJK.search(phrase):
        return phrase
    parts = re.split(r"(`[^`]*`)", phrase)
    for i in range(0, len(parts), 2):
        parts[i] = re.sub(r"(?<![\w./@$-])[A-Za-z]{2,5}(?![\w/@-])(?!\.\w)", _capitals, parts[i])
    return "".join(parts)


def _capitals(match: re.Match[str]) -> str:
    word = match.group(0)
    if word.lower() in _INITIALISMS:
        return word.upper()
    if word.lower().endswith("s") and word[:-1].lower() in _INITIALISMS and len(word) >= 3:
        return word[:-1].upper() + "s"  # "apis", "APIS" -> "APIs"
    return word


def spelled_out(phrase: str) -> str:
    """A phrase with the chat's shorthand spelled out: "w/" is "with", "w/o" "without", "b/c" "because"."""
    phrase = re.sub(r"(?i)(?<![\w/])w/o(?=\s)", "without", phrase)
    phrase = re.sub(r"(?i)(?<![\w/])w/(?=\s)", "with", phrase)
    return re.sub(r"(?i)(?<![\w/])b/c(?=\s)", "because", phrase)
