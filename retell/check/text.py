"""Text as the check compares it: normalised the same way on both sides, then cut into word tokens.

Normalising removes what a writer may legitimately change without changing what was said: case,
typographic quotes and dashes, Markdown emphasis and code backticks, HTML entities, escapes, link syntax,
and bracketed insertions (`[the parser]`, `[REDACTED:email]`, `[Image #1]`).
"""

from __future__ import annotations

import html
import itertools
import math
import re
import unicodedata
from dataclasses import dataclass


def wordset(text: str) -> frozenset[str]:
    """A set of words written as one string (easier to read and edit than a list of literals)."""
    return frozenset(text.split())


def unaccented(text: str) -> str:
    """`text` without its accents ("México" -> "Mexico"), case and spacing as they are."""
    import unicodedata

    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def folded(text: str) -> str:
    """`text` in small letters, without accents, its spaces collapsed: how two texts' words are compared."""
    return " ".join(unaccented(text.lower()).split())


# A code span, each pair of backticks in turn: a pattern that asks for a span of two or more characters starts again
# at a short span's closing backtick and reads the prose to the next span as code ("`Arial` ở đây … nên `tr()`")
CODE_SPAN = re.compile(r"(?<!`)`([^`\n]+)`(?!`)")
# A quotation in any of the marks posts use, to its closing mark (or the paragraph's end, for a quote cut short)
# Hebrew's gershayim typed as a straight quote, before an abbreviation's last letter (`תש"צ`, `חו"ל`, `צה"ל`): part of
# the word, never a quote mark (blind53's real-model draft: `תש"צ … בחו"ל` read as a quote between them)
GERSHAYIM = r"(?<=[\u05d0-\u05ea])\"(?=[\u05d0-\u05ea](?![\u05d0-\u05ea]))"
QUOTATION = re.compile(
    rf"“[^”]*”?|(?!{GERSHAYIM})\"(?:{GERSHAYIM}|[^\"\n])*\"?|«[^»]*»?|„[^“”]*[“”]?|「[^」]*」?|『[^』]*』?|”[^”]*”"
)


def unquoted_text(text: str) -> str:
    """`text` with every quotation blanked out, its length and offsets kept."""
    return QUOTATION.sub(lambda m: " " * len(m.group()), text)


def code_spans(text: str, shortest: int = 1) -> list[str]:
    """The text's code spans, paired left to right, of at least `shortest` characters."""
    return [m.group(1) for m in CODE_SPAN.finditer(text) if len(m.group(1)) >= shortest]


_LINK = re.compile(r"!?\[([^\]\n]*)\]\([^)\s]*(?:\s+\"[^\"]*\")?\)")
_BRACKETED = re.compile(r"\[[^\[\]\n]{0,80}\]")
# A bracket a quote's elision cut before it closed ("KegView[code=KT-0412, customerId=31…"): bracketed text too, as
# the source's whole bracket is
_CUT_BRACKET = re.compile(r"\[[^\[\]\n]{0,80}(?=\u2026|\.\.\.)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|<>~\"'])")
_TAGS = re.compile(r"</?(?:em|strong|code|b|i|kbd|sup|sub|mark)>|\{%-?\s*(?:end)?raw\s*-?%\}", re.I)  # + Liquid's raw
_TRANSLATE = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201b": "'",
        "\u2032": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u201e": '"',
        "\u2033": '"',
        "\u00ab": '"',
        "\u00bb": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u2212": "-",
        "\u00a0": " ",
        "\u300c": '"',  # 「」『』: the quotation marks of Chinese and Japanese
        "\u300d": '"',
        "\u300e": '"',
        "\u300f": '"',
        "\u3002": ".",  # 。、・ (NFKC leaves the ideographic full stop and comma as they are)
        "\u3001": ",",
        "\u30fb": " ",
        "*": " ",
        "`": " ",
    }
)
# Han and kana: Chinese and Japanese are written without spaces, so each of these characters is a word of its
# own (Hangul is written with spaces and stays in words).
HAN_KANA = "\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
CJK = re.compile(f"[{HAN_KANA}\uac00-\ud7af]")
_HIRAGANA = re.compile("[\u3040-\u309f]")
# The vowel signs and viramas of the Indic scripts, and the points of Hebrew and Arabic, are marks, not letters:
# Python's \w leaves them out, which split a Hindi word at each vowel sign ("भैंस" -> "भ", "स"). They belong to
# the word they sit in. (Thai and Lao, written without spaces, are left split at theirs: a run is no word there.)
MARKS = (
    "\u0591-\u05c7\u064b-\u065f\u0670\u0900-\u0903\u093a-\u094f\u0951-\u0957\u0962\u0963\u0981-\u0983"
    "\u09bc-\u09d7\u09e2\u09e3\u0a01-\u0a03\u0a3c-\u0a51\u0a70\u0a71\u0a81-\u0a83\u0abc-\u0acd\u0ae2"
    "\u0ae3\u0b01-\u0b03\u0b3c-\u0b57\u0b82\u0bbe-\u0bcd\u0bd7\u0c00-\u0c04\u0c3e-\u0c56\u0c81-\u0c83"
    "\u0cbc-\u0cd6\u0d00-\u0d03\u0d3b-\u0d4d\u0d57\u200c\u200d"
)
# A word: letters and digits; an apostrophe inside a word is dropped ("don't" -> "dont").
_WORD = re.compile(f"[{HAN_KANA}]|[^\\W_{HAN_KANA}](?:[^\\W_{HAN_KANA}]|[{MARKS}])*", re.U)
_LETTERS = re.compile(f"[^\\W\\d_](?:[^\\W\\d_]|[{MARKS}])*")


def lettered(word: str) -> bool:
    """Whether a word is letters only, its vowel signs and points among them (str.isalpha says no to "भैंस")."""
    return _LETTERS.fullmatch(word) is not None


_INNER_APOSTROPHE = re.compile(r"(?<=[^\W_])'(?=[^\W_])")
# Markdown emphasis around words ("109'dan **104**'e", "*not* now"): how a message shows a word, not a word of it; a
# quote that prints the words plain (the offline draft does) says the same ("__init__" is a name: its underscores
# touch letters on the outside, and stay)
_EMPHASIS = re.compile(r"(?<![\w*])(\*\*|\*)(?=[^\s*])(.+?)(?<=[^\s*])\1(?![*])|(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)")
# Contractions spelled out, so "don't" and "do not" are the same words on both sides.
_CONTRACTIONS = (
    (re.compile(r"\bcan'?t\b|\bcannot\b"), "can not"),
    (re.compile(r"\bwon't\b"), "will not"),
    (re.compile(r"\b(\w+)n't\b"), r"\1 not"),
    # ...and as a chat types them, without the apostrophe ("i dont trust it" quoted, cleaned, as "I don't trust
    # it"; blind54 BH1:165); not "wont" (a word of its own) nor "im" (German's "in dem")
    (re.compile(r"\b(do|does|did|is|was|are|were|has|have|had|could|would|should|must|need)nt\b"), r"\1 not"),
    (re.compile(r"\bthats\b"), "that is"),
    (re.compile(r"\byoure\b"), "you are"),
    (re.compile(r"\b(\w+)'re\b"), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b"), r"\1 have"),
    (re.compile(r"\b(\w+)'ll\b"), r"\1 will"),
    (re.compile(r"\bi'm\b"), "i am"),
    (re.compile(r"\b(it|that|what|there|here|he|she|who|where)'s\b"), r"\1 is"),
    (re.compile(r"\blet's\b"), "let us"),
    (re.compile(r"\b(i|you|we|they|he|she)'d\b"), r"\1 would"),
    # Dutch speech's short forms: "kan ik 'm draaien" is "kan ik hem draaien" tidied (blind46 AZ2:236)
    (re.compile(r"(?<!\w)'m\b"), "hem"),
    (re.compile(r"(?<!\w)'t\b"), "het"),
    (re.compile(r"\bz'n\b"), "zijn"),
    (re.compile(r"\bm'n\b"), "mijn"),
)
_BOUNDARY = re.compile(r"[.!?;:,()\"\n]|\s-\s|\.\.\.")
_SENTENCE_GAP = re.compile(r"[.!?]|\n")

NEGATIONS = wordset(
    "not no never none nothing nobody nowhere neither nor without cannot cant dont doesnt didnt isnt wasnt "
    "arent werent wont wouldnt shouldnt couldnt hasnt havent hadnt mustnt neednt aint"
)
NUMBER_WORDS = {
    "zero": 0,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fourteen": 14,
    "fifteen": 15,
    "sixteen": 16,
    "seventeen": 17,
    "eighteen": 18,
    "nineteen": 19,
    "twenty": 20,
    "thirty": 30,
    "forty": 40,
    "fifty": 50,
    "sixty": 60,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "hundred": 100,
    "dozen": 12,
}
QUANTIFIERS = wordset("all every always only any none most least more less first last")
# Words that change what a sentence says when added, dropped or swapped.
CRITICAL = NEGATIONS | QUANTIFIERS | frozenset(NUMBER_WORDS) | frozenset({"yes", "but", "instead", "rather"})
STOPWORDS = wordset(
    """a an the and or of to in on at by for with from as is are was were be been being am it its this that these
    those there here i me my mine we us our you your he him his she her they them their what which who whom whose
    when where why how if then than so do does did done doing have has had having will would shall should can could
    may might must into onto about over under again further once also too very just up down out off s t ll re ve d
    m o let lets get got go going went gone make made some such own same each both few other another whether while
    until because since after before during through between ok okay well um uh like really actually basically
    pretty kinda quite bit thing things way"""
)
# Japanese and Chinese particles and function characters: what a tidied quote may add or drop.
STOPWORDS |= frozenset("のはがをにでともへやかねよなたてしだ的了是在和也就都吗呢吧啊")
FILLERS = wordset("ok okay well um uh like just so really actually basically pretty kinda hmm yeah oh sure")


def normalise(text: str, *, brackets: str = " ") -> str:
    """Lower-case text with the cosmetic differences removed (see the module's docstring). Bracketed text
    becomes `brackets`: a quote marks an elision with "...", a source just drops it."""
    text = html.unescape(text)
    text = unicodedata.normalize("NFKC", text)
    text = _TAGS.sub(" ", text)
    text = _LINK.sub(r"\1", text)
    text = _CUT_BRACKET.sub(brackets, _BRACKETED.sub(brackets, text))
    text = _ESCAPE.sub(r"\1", text)
    text = _EMPHASIS.sub(lambda m: m.group(2) if m.group(2) is not None else m.group(3), text)
    text = text.replace("\u2026", "...").translate(_TRANSLATE).lower()
    for pattern, spelled in _CONTRACTIONS:
        text = pattern.sub(spelled, text)
    return _INNER_APOSTROPHE.sub("", text)


@dataclass(frozen=True)
class Tokens:
    """The words of a text, and which of them start a clause (punctuation or a line break before them)."""

    words: tuple[str, ...]
    starts: frozenset[int]  # indices of words that begin a clause
    sentences: frozenset[int] = frozenset()  # indices of words that begin a sentence (or a line)


def tokens(text: str, *, normalised: bool = False) -> Tokens:
    norm = text if normalised else normalise(text)
    words: list[str] = []
    starts: set[int] = set()
    sentences: set[int] = set()
    last = 0
    for match in _WORD.finditer(norm):
        gap = norm[last : match.start()]
        if not words or _SENTENCE_GAP.search(gap):
            sentences.add(len(words))
        if not words or _BOUNDARY.search(gap):
            starts.add(len(words))
        words.append(match.group(0))
        last = match.end()
    return Tokens(tuple(words), frozenset(starts), frozenset(sentences))


_LIGHT = str.maketrans({"\u2019": "", "'": "", "`": " ", "*": " "})


def light_words(text: str) -> list[str]:
    """The words of a text, lower case, with width folded and apostrophes dropped: what `words` finds, minus
    the costly parts (entities, links, contractions spelled out)."""
    return _WORD.findall(unicodedata.normalize("NFKC", text).lower().translate(_LIGHT))


def words(text: str) -> list[str]:
    return _WORD.findall(normalise(text))


def stem(word: str) -> str:
    """A crude English stem, enough to match "patching" with "patch" and "decoded" with "decode"."""
    for suffix in ("ingly", "edly", "ing", "ied", "ies", "ed", "es", "ly", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            base = word[: -len(suffix)]
            if suffix in ("ied", "ies"):
                base += "y"
            elif len(base) > 3 and base[-1] == base[-2] and base[-1] not in "ls":
                base = base[:-1]  # "stopped" -> "stop"
            return base
    return word


def content_stems(text: str) -> list[str]:
    """The stems of the words that carry meaning (no stopwords, no one-letter words); in Chinese and Japanese,
    the pairs of characters next to each other (a word there is most often two characters)."""
    out: list[str] = []
    run: list[str] = []
    for word in [*words(text), ""]:
        if len(word) == 1 and CJK.match(word):
            run.append(word)
            continue
        # Kanji, hanzi and katakana carry a sentence's meaning; hiragana is mostly its grammar.
        out.extend(a + b for a, b in itertools.pairwise(run) if not _HIRAGANA.match(a) and not _HIRAGANA.match(b))
        run = []
        if word and word not in STOPWORDS and len(word) > 1 and not word.isdigit():
            out.append(stem(word))
    return out


_LATIN_WORD = re.compile(f"[^\\W\\d_{HAN_KANA}\\uac00-\\ud7af]+")


def script_of(text: str) -> str:
    """ "cjk" when the text is mostly Chinese, Japanese or Korean (a character of those counting as half a word
    of the others), "latin" when it is mostly not, "" when it has no letters."""
    cjk = len(CJK.findall(text))
    latin = len(_LATIN_WORD.findall(text))
    if not cjk and not latin:
        return ""
    return "cjk" if cjk >= 2 * latin else "latin"


def typo_level(a: str, b: str) -> bool:
    """True when `b` is `a` with a typo fixed (or the other way round), not a different word."""
    if a == b:
        return True
    if a.isdigit() or b.isdigit() or (a in CRITICAL and b in CRITICAL):
        return False
    if re.findall(r"\d+", a) != re.findall(r"\d+", b):
        return False  # a figure with a suffix ("104'e", Turkish; "3rd", "10x"): another figure is another word
    if a in CRITICAL or b in CRITICAL:
        # "evry" quoted "every": a word that matters, misspelt as no word at all (a one-letter slip of four letters
        # or more that is no common word), is that word; "not" for "now" is another word, a change of meaning
        critical, other = (a, b) if a in CRITICAL else (b, a)
        if len(other) < 4 or other in STOPWORDS or critical.startswith(other) or other.startswith(critical):
            return False  # ("ever" of "every", "nothings": a word of its own, or the word with an ending)
        return _edit_distance(a, b, 1) <= 1
    if min(len(a), len(b)) < 3:
        # "oir" for "or", "teh" for "the": a short word of the language mistyped as no word of it (two real
        # words, "or" and "on", are a change of meaning)
        return (a in STOPWORDS) != (b in STOPWORDS) and max(len(a), len(b)) <= 4 and _edit_distance(a, b, 1) <= 1
    return _edit_distance(a, b, 2) <= (1 if max(len(a), len(b)) <= 5 else 2)


def _edit_distance(a: str, b: str, cap: int) -> int:
    """Damerau-Levenshtein distance (adjacent swaps count once), stopped early above `cap`."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        row = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cost = 0 if ca == cb else 1
            row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], previous2[j - 2] + 1)
        if min(row) > cap:
            return cap + 1
        previous2, previous = previous, row
    return previous[-1]


def idf(document_frequency: int, documents: int) -> float:
    return math.log((documents + 1) / (document_frequency + 0.5))


def one_line(text: str, limit: int = 80) -> str:
    """A short excerpt for a report line."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
