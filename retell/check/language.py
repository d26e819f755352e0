"""Which language a text is written in, from its small words: a post told in German of an English session is
another language as much as a Chinese one is another script. What a translator keeps (names, numbers, code)
is what can be compared across languages; words can only be compared within one."""

from __future__ import annotations

import re
from functools import lru_cache

from retell.check.text import CJK

# The commonest short words of each language (articles, pronouns, conjunctions, auxiliaries): words a text of
# that language cannot avoid, and few of which the others share.
_SMALL_WORDS = {
    "en": "the and of to is was it that with for on this but not are were have has had be been from by at an "
    "what which would could should there their they them we you my me",
    "de": "der die das und ist nicht ein eine einen einem einer zu mit auf für von den dem des sich auch es ich "
    "wir sie war hatte wurde wurden noch nur aber wie nach bei aus dass doch schon mir mich mein meine kein "
    "keine oder wenn dann im am vom zum zur ins um hat habe sind wird kam ging mein meinen meinem meiner seine "
    "ihre jetzt hier",
    "fr": "le la les et est une des du dans pour pas que qui sur au aux avec ce cette il elle je nous vous mais "
    "ou été était avait sont ont plus son sa ses mon ma mes leur un en ai suis puis très sans",
    "es": "el la los las y es una del en que por con para no se lo al su sus como pero más fue era este esta mi "
    "yo muy también después hasta desde entre sobre",
    "it": "il lo la gli le e è una del della che per con non si di da al sono era anche come ma più",
    "nl": "de het een en is van dat op te niet met voor zijn was ook maar bij als aan er nog wel",
    # Czech, Slovak, Croatian (and Serbian, Bosnian in Latin letters), Slovene, before Portuguese and Polish, which
    # a tie goes to the first of (a Czech "o", "se", "na" are Portuguese words too): the words each shares with Polish
    # are listed too, so that a text of one of them outweighs Polish by its own ("jsem", "som", "sam", "sem"); none
    # that English writes as well ("a", "to", "do", "in", "so"), which a short English output holds, nor a word of one
    # letter ("v", "s", "z"), which a version or a unit is ("v2.1.8", "0.57s")
    "cs": "je se ve na že jsem jsme jsou byl byla bylo byly ale už jen ještě který která které když jako "
    "protože aby než nebo také taky tedy pak po za od jak co tak mě jeho jsi",
    "sk": "je sa vo na že som sme sú bol bola bolo boli ale už len ešte ktorý ktorá ktoré keď ako pretože "
    "aby než alebo tiež teda potom po za od čo tak ma jeho aj",
    "hr": "je na da se su sam smo bio bila bilo ali već samo još koji koja koje kad kada kao jer ili nije "
    "od za sa iz po njegov što",
    "sl": "je na da se sem smo bil bila bilo ali že samo še ki kot ker ni od za iz po njegov kar tudi",
    "pt": "o a os as e é um uma do da dos das em que por com para não se no na mas foi era",
    "pl": "i w z na nie się że to jest do jak ale co od po za już tak czy był była było przez dla tylko jeszcze "
    "mi mnie ten ta te które który która gdy bo więc żeby",
    # Vietnamese, written in syllables with spaces: its function words, nearly all with a tone mark or a letter no
    # other language here writes (ư, ơ, đ), none a word of the lists above
    "vi": "là và của có không được những các một trong khi thì mà cho với này đó ấy đã đang sẽ rồi cũng nó tôi "
    "mình bạn vào lại như từ theo về người chưa hoặc nhưng nên vẫn để bị sau trước khỏi vì nếu",
}
_LANGS = {lang: frozenset(words.split()) for lang, words in _SMALL_WORDS.items()}
# Alphabets other than Latin (and the Chinese, Japanese and Korean scripts, told apart above): a text mostly in one
# of them is in a language of its own, whatever the few English words (`job`, Claude) it keeps. Hebrew and Arabic
# write right to left and attach their small words to the next one (ה-job, וה-SMS, بالملف): no list of small words
# would find them, the letters do. The tag is the script's: Russian and Ukrainian are one "cyrillic" here.
_ALPHABETS = (
    ("hebrew", re.compile(r"[\u0590-\u05ff\ufb1d-\ufb4f]")),
    ("arabic", re.compile(r"[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]")),
    ("cyrillic", re.compile(r"[\u0400-\u052f]")),
    ("greek", re.compile(r"[\u0370-\u03ff\u1f00-\u1fff]")),
    ("devanagari", re.compile(r"[\u0900-\u097f]")),
    ("bengali", re.compile(r"[\u0980-\u09ff]")),
    ("tamil", re.compile(r"[\u0b80-\u0bff]")),
    ("thai", re.compile(r"[\u0e00-\u0e7f]")),
    ("georgian", re.compile(r"[\u10a0-\u10ff]")),
    ("armenian", re.compile(r"[\u0530-\u058f]")),
)
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
# (a token is tried from its start only: from every position, a long run with no space is read again and again)
_CODE = re.compile(r"`[^`]*`|(?<!\S)\S*[_/@#`]\S*|https?://\S+")
MIN_SMALL_WORDS = 2  # below this, a text is too short to tell


@lru_cache(maxsize=4096)
def language_of(text: str) -> str:
    """ "en", "de", "fr", "es", "it", "nl", "pt", "pl", "cs", "sk", "hr", "sl", "vi", "cjk" (Chinese, Japanese, Korean),
    an alphabet's name ("hebrew", "arabic", "cyrillic", "greek", …: `_ALPHABETS`), or "" when the text is too short
    or too much code to tell."""
    prose = _CODE.sub(" ", text)
    cjk = len(CJK.findall(prose))
    words = [w.lower().replace("’", "'") for w in _WORD.findall(prose) if not CJK.match(w)]
    if cjk and cjk >= 2 * len(words):
        return "cjk"
    alphabet = _alphabet(words)
    if alphabet:
        return alphabet
    counts = dict.fromkeys(_LANGS, 0)
    for word in words:
        for lang, small in _LANGS.items():
            if word in small:
                counts[lang] += 1
        if "'" in word and word.split("'")[0] in ("j", "l", "d", "qu", "n", "c", "s"):
            counts["fr"] += 1  # j'ai, l'agent, d'un
    best = max(counts, key=lambda lang: counts[lang])
    if counts[best] < MIN_SMALL_WORDS:
        return ""
    return best


def _alphabet(words: list[str]) -> str:
    """The alphabet other than Latin most of these words are written in, or ""."""
    counts = dict.fromkeys((name for name, _ in _ALPHABETS), 0)
    for word in words:
        for name, letters in _ALPHABETS:
            if letters.match(word):
                counts[name] += 1
                break
    best = max(counts, key=lambda name: counts[name])
    others = len(words) - counts[best]
    return best if counts[best] >= MIN_SMALL_WORDS and counts[best] > others else ""


def other_language(a: str, b: str) -> bool:
    """Both texts' languages are known and differ."""
    first, second = language_of(a), language_of(b)
    return bool(first and second and first != second)


def capitalises_nouns(text: str) -> bool:
    """German writes every noun with a capital: there a capital letter does not make a word a name."""
    return language_of(text) == "de"
