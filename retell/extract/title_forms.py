"""The forms of words a title or a heading may take, by themselves: a conjunction a sentence was cut after, the
author's wish before the work, a sign-off, and a count of words that reads CJK by its characters. The title gate
(title_gate) and the headings (headings.chapter_heading) both ask them."""

from __future__ import annotations

import re

from retell.lazyre import lazy

_CJK = lazy(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
MOST_WORDS = 12  # the most words a title holds (spaced scripts; title_gate.TITLE_WORDS)
# A file's name said as words ("Writing the 000043 txn account posted idx"): a zero-padded number is a file's
FILE_MADE = lazy(r"(?<![\w.])0\d{3,}(?![\w.])")
# A conjunction a sentence was cut after ("… kaldırıyor ama", "… but")
DANGLING = lazy(
    r"(?i)(?:^|\s)(?:and|but|or|so|because|then|aber|und|oder|denn|weil|mais|et|ou|donc|car|pero|y|o|porque|ma|e|"
    r"perché|mas|ou|porém|maar|en|of|want|ale|i|lub|bo|ama|ve|veya|çünkü|fakat|но|и|или|потому что|але|і|або|"
    r"men|och|eller|ale|a|nebo|tapi|dan|atau|karena|nhưng|và|hoặc|vì|لكن|و|أو|אבל|ו|או|kaj|dar|de|és)\s*[,.]?$"
    r"|(?:但是|但|而且|所以|因为|因為|然後|然后|けど|が|から|ので|그런데|근데|그리고|하지만)\s*$"
    r"|(?:인데|는데|은데|지만)\s*[,.]?$"  # (a Korean clause left on its connective ending: "…인데")
)
# A CJK clause cut on its causal connective: what is left is the reason, never the step ("…なので", "…因为")
REASON_CUT = lazy(r"(?:から|ので|ため|因为|因為|所以|때문에)\s*[,.、，]?$")
# The author ending the session ("OK, that's enough for now", "Theek hai abhi itna kaafi")
ENOUGH = lazy(
    r"(?i)\b(?:enough for (?:now|today)|that's all for (?:now|today)|itna kaafi|bas itna|assez pour aujourd'hui|"
    r"genug für heute|suficiente por hoy|basta por hoy|por hoy es todo|por hoje é isso|per oggi basta|"
    r"genoeg voor vandaag|na dziś wystarczy|на сегодня (?:всё|хватит)|на сьогодні (?:все|досить)|bugünlük bu kadar|"
    r"cukup dulu|segitu dulu|vậy thôi)\b|今日はここまで|今天就到这|今天先這樣|今天先这样|오늘은 여기까지"
)
# The author's wish or duty before the work ("On doit passer à…", "Chcę przenieść…", "We need to…"): the work after
# it is the title ("Passer à pydantic 2")
WISH = lazy(
    r"(?i)^(?:(?:so|ok|okay|alors|also|bueno|pues|então|allora|dus|więc|итак|ну)[,\s]+)?"
    r"(?:we (?:need|have|want|must|should)(?: to)?|i (?:need|want|would like|'d like)(?: to)?|we've got to|"
    r"on doit|il faut|nous devons|je veux|je voudrais|j'aimerais|wir müssen|ich möchte|ich will|wir wollen|"
    r"tenemos que|hay que|quiero|queremos|necesito|necesitamos|temos que|precisamos|quero|queremos|"
    r"dobbiamo|devo|voglio|vogliamo|we moeten|ik wil|wij willen|musimy|chcę|chcemy|muszę|"
    r"нам нужно|нужно|надо|хочу|хотим|мне нужно|нам треба|треба|хочу|хочемо|"
    r"yapmamız lazım|istiyorum|vi måste|jag vill|vi vill|musíme|chci|chceme|kita harus|saya mau|aku mau|"
    r"mình muốn|chúng ta cần|cần)\s+",
)


def word_count(title: str) -> int:
    """Words, or CJK characters and the words among them."""
    cjk = len(_CJK.findall(title))
    # (not the one-letter words: "o", "y", "w" are a title's glue, as in said_title)
    words = [w for w in _CJK.sub(" ", title).split() if re.search(r"\w", w) and (len(w) > 1 or w.isdigit())]
    if not cjk and VIETNAMESE.search(title):
        # Vietnamese writes each syllable apart: "xưởng may" (garment workshop) is one word in two, about 3 in 2
        return -(-2 * len(words) // 3)
    return cjk + len(words) if cjk else len(words)


# Letters only Vietnamese writes (its vowels with a hook, horn or breve, đ, and the dot below): a title's words are
# counted by them here, and the check reads a Vietnamese sentence's words two syllables at a time (check/readings.py)
VIETNAMESE = lazy("[ăắằẳẵặơớờởỡợưứừửữựđạẹịọụỵậệộ]", re.I)


# A first word that is a name in code ("fct_orders", "useEffect", "s3", "agg.rs"): written as the code writes it
IDENTIFIER = lazy(r"^[a-z][\w.-]*?(?:_|\d|[a-z][A-Z]|\.[a-z])\S*")


def capitalised(text: str) -> str:
    if IDENTIFIER.match(text):
        return text  # ("Fct_orders has duplicate order_ids" names no table)
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def mended(heading: str) -> str:
    """A heading as the gate would let it stand: the work after the author's wish ("Chcę przenieść testy…" ->
    "Przenieść testy…"), without a conjunction it was cut after ("…kaldırıyor ama"); "" for a sign-off ("Theek hai
    abhi itna kaafi"), which heads no section."""
    text = heading.strip()
    if not text or ENOUGH.search(text):
        return ""
    wish = WISH.match(text)
    if wish and word_count(text[wish.end() :]) >= 2:
        text = capitalised(text[wish.end() :])
    if REASON_CUT.search(text):
        return ""  # "日付だけのデータなので": a reason whose clause was cut off heads nothing ("データな" less it)
    return DANGLING.sub("", text).strip() or text


# A word that speaks to the reader (the author, in the chat Claude had with them): "Você está usando o fragment…",
# "Du rufst load() zweimal auf", "You're calling it twice". Claude's answer to the author, never a title or a
# heading, in any language. The forms no other language writes as a common word are read on every post; the rest
# only on a post in their language ("du" is French "of the", "tu" Italian and French alike, "je" Dutch and French)
_YOU_ANYWHERE = (
    r"you|your|you're|you've|you'll|yourself|você|vocês|usted|ustedes|vous|votre|dein|deine|deinen|deinem|deiner|"
    r"euch|jouw|jij|jullie|tuo|tuoi|twój|twoja|twoje|twojego|ciebie|tobie|ты|вы|вас|вам|тебе|тебя|твой|твоя|твои|"
    r"твоё|ваш|ваша|ваши|ваше|ти|тобі|твій"
)
_YOU_IN = {
    "de": "du|dich|dir",
    "fr": "tu|toi|ton|ta|tes|vos",
    "es": "tú|tu|tus|ti|contigo|vosotros|vuestro|vuestra",
    "it": "tu|ti|te|tua|tue|voi|vostro|vostra",
    "pt": "tu|teu|tua|teus|tuas|contigo|te",
    "pl": "ty|wy|wasz|wasza|wasze",
    "nl": "je|u|uw",
    "sv": "du|din|ditt|dina|dig|ni|er",
    "da": "du|din|dit|dine|dig|jer",
    "no": "du|din|ditt|dine|deg",
    "nb": "du|din|ditt|dine|deg",
    "tr": "sen|siz|senin|sizin|sana|size",
    "cs": "ty|tvůj|tvoje|vy|váš|vaše",
    "id": "kamu|anda",
    "ms": "kamu|anda",
    "vi": "bạn",
}
# (Korean and Japanese speak to the reader by the verb's ending: advice, "…를 쓰면 됩니다", a request, "…してください")
_YOU_CJK = lazy(
    r"你|您|あなた|당신|너는|네가|(?:면 됩니다|면 돼요|하세요|으세요|주세요|てください|て下さい)\s*[.!。！]?$"
)


def addresses(text: str, language: str | None = None) -> bool:
    """Whether a line speaks to the reader (see _YOU_ANYWHERE): Claude's answer to the author, not what was done."""
    key = (language or "").replace("_", "-").lower().split("-")[0]
    words = _YOU_ANYWHERE + ("|" + _YOU_IN[key] if key in _YOU_IN else "")
    return bool(re.search(rf"(?i)(?<![\w'’-])(?:{words})(?![\w'’-])", text)) or bool(_YOU_CJK.search(text))
