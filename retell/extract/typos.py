"""Obvious typos out of a heading made from the author's words ("Fix teh lgoin page" -> "Fix the login page").

A heading is the author's words tidied, not a quote: a reader of the post should not meet "teh". Only what
is surely a slip is fixed, so that a project's own words survive: a lower-case word (capitalised at most)
that the English dictionary does not know, that nobody else in the session writes (a word Claude also uses is
a term: "refactor", "async", "dedupe"), and whose correction is two letters swapped ("teh", "lgoin"), one
letter doubled or dropped in a word of five or more ("occured", "funtion"), or one vowel for another in a
word of six or more ("seperate"; not "vite"). A name no dictionary knows is spelled as the rest of the session
spells it when the author's spelling is one slip from exactly one of the session's words ("Pydanctic" where
Claude writes "Pydantic").
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Collection, Mapping
from functools import lru_cache
from typing import Any

_WORD = re.compile(r"(?<![\w./@#`'’-])[A-Za-z][a-z]{2,}(?![\w./@`'’-])")  # not a part of "isn't"
_VOWELS = frozenset("aeiouy")
MIN_FREQUENCY = 1e-6  # a correction is a common word, not a rare one that happens to be close
MIN_FREQUENCY_SWAPPED = 1e-7  # two letters swapped is a slip even for a rarer word ("lgoin")
COMMON = 1e-5  # …and the word it was meant to be this common
RARE = 1e-7  # a dictionary word this rare, one slip from a word the session writes, is that word mistyped


def fix_typos(text: str, session_words: Collection[str]) -> str:
    """`text` with its obvious typos fixed; `session_words`: the lower-case words the session uses elsewhere.
    Only English text: the dictionary is English, and in Spanish or German every other word is "unknown"
    ("documentar" became "documentary", "wollen" "swollen")."""
    if not _WORD.search(text) or not in_english(text):
        return text

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        lower = word.lower()
        if lower in _APOSTROPHE:  # "dont", "doesnt": no other word is spelled so
            fixed = _APOSTROPHE[lower]
            return fixed[:1].upper() + fixed[1:] if word[0].isupper() else fixed
        if lower in session_words or lower in _TERMS:
            return word
        fixed = _correction(lower) or _as_the_session_spells(lower, session_words)
        if fixed is None:
            return word
        return fixed[:1].upper() + fixed[1:] if word[0].isupper() else fixed

    return _outside_flagged(_WORD, fix, text)


# Words of the trade the dictionary does not know, and a slip would turn into another word ("app" -> "pap")
_TERMS = frozenset(
    re.findall(
        r"\S+",
        "app apps repo repos env envs auth admin config configs todo todos json yaml url urls npm cli sql tmp ui ux "
        "async regex enum readme changelog backend frontend webhook cron dedupe signup navbar dropdown uuid",
    )
)

# Words that say a text is in another language of Latin letters, and English ones to weigh them against
_FOREIGN = frozenset(
    re.findall(
        r"\S+",
        "el la los las del para con una por como que pero está están necesito quiero "  # Spanish
        "der die das und für mit von den dem ist nicht wir ich ein eine auf wollen sollen bitte "  # German
        "le les des une pour avec dans est sur qui au aux je nous "  # French
        "o os do da dos das em um uma não com está parou "  # Portuguese
        "il gli della delle dello nel nella nei sono devo anche perché questo questa funziona ciao sulla",  # Italian
    )
)
_ENGLISH = frozenset(
    re.findall(r"\S+", "the a an and to of in on for with is are it this that from by as be we i you my our")
)


def in_english(text: str) -> bool:
    """Whether a text of Latin letters reads as English (its function words are English ones, or it has none).
    A word with a letter English does not write ("jättelångsam", "però", "się") weighs as a foreign word: by
    its form, in any language of Latin letters the lists above do not know (Swedish "sen i tisdags" is not
    English for its "i")."""
    words = re.findall(r"[^\W\d_]+", text.lower())
    foreign = sum(w in _FOREIGN or bool(_NOT_ENGLISH_LETTER.search(w)) for w in words)
    return foreign == 0 or sum(w in _ENGLISH for w in words) > foreign


# Function words of languages of Latin letters the lists above leave out, by language: a commit's subject in one of
# them ("Export pesanan ke Excel dari admin") is not English for its English verb
_OWN_WORDS = {
    "id": "ke dari dan di yang untuk dengan pada ini itu tidak", "ms": "ke dari dan di yang untuk dengan pada",
    "nl": "de het een van en voor met op niet naar bij", "pl": "i w z na do dla nie się od po",
    "cs": "a v z na do pro se od po", "sv": "och i på för med av till inte en ett",
    "da": "og i på for med af til ikke en et",
    "no": "og i på for med av til ikke en et", "fi": "ja on ei kun myös", "tr": "ve ile için bir de da",
    "ro": "și de la în cu pe din pentru", "hu": "és a az egy nem", "vi": "và của cho với trong không",
}  # fmt: skip


def reads_as(text: str, language: str | None) -> bool:
    """Whether a text of Latin letters holds a function word of `language` that the English lists do not know."""
    own = set(_OWN_WORDS.get((language or "").split("-")[0], "").split())
    return bool(own & set(re.findall(r"[^\W\d_]+", text.lower())))


def foreign_words(text: str) -> int:
    """How many of a text's words are another language's by list or by a letter English does not write."""
    return sum(w in _FOREIGN or bool(_NOT_ENGLISH_LETTER.search(w)) for w in re.findall(r"[^\W\d_]+", text.lower()))


# Latin letters with a diacritic, and the letters of Latin script English does not use (ß, ł, ı, ø, æ…)
_NOT_ENGLISH_LETTER = re.compile(r"[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff]")


# Contractions typed without their apostrophe that are no other word ("cant", "wont", "ill", "id" are)
_APOSTROPHE = {
    w.replace("'", "").lower(): w
    for w in re.findall(
        r"\S+",
        "don't doesn't didn't isn't aren't wasn't weren't shouldn't couldn't wouldn't hasn't haven't hadn't "
        "mustn't needn't that's what's there's they're you're we've they've I've",
    )
}


def session_words(texts: Collection[str]) -> frozenset[str]:
    """The lower-case words of some texts (what Claude said, the tools' targets): the session's own terms."""
    return frozenset(w.lower() for text in texts for w in re.findall(r"[A-Za-z]{3,}", text))


def _as_the_session_spells(word: str, session_words: Collection[str]) -> str | None:
    """A name the dictionary does not know, spelled one slip away from the way the rest of the session spells it
    ("Pydanctic" where Claude writes "Pydantic"): the session's spelling, when exactly one of its words fits."""
    checker = _checker()
    if len(word) < 5 or (word in checker and checker.word_usage_frequency(word) >= RARE):
        return None  # (a rare dictionary word, "mobil", is still a slip for the session's "mobile")
    near = {w for w in session_words if abs(len(w) - len(word)) <= 1 and len(w) >= 5 and _one_slip(word, w)}
    if len(near) != 1:
        return None
    meant = near.pop()
    return None if _american(word) == _american(meant) else meant  # "behaviour" is no slip for "behavior"


_BRITISH = [("our", "or"), ("ise", "ize"), ("isa", "iza"), ("yse", "yze"), ("tre", "ter"), ("ogue", "og"), ("ll", "l")]


def _american(word: str) -> str:
    for british, american in _BRITISH:
        word = word.replace(british, american)
    return word


def _one_slip(typed: str, meant: str) -> bool:
    """Two letters swapped, or one letter extra, missing or changed."""
    if len(typed) == len(meant):
        diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
        return len(diff) == 1 or _swapped(typed, meant)
    short, long_ = sorted((typed, meant), key=len)
    return any(long_[:i] + long_[i + 1 :] == short for i in range(len(long_)))


@lru_cache(maxsize=4096)
def _correction(word: str) -> str | None:
    checker = _checker()
    if word in checker:
        return _rare_slip(word)
    candidates = [c for c in (checker.candidates(word) or ()) if c != word and c in checker]
    swapped = sorted((c for c in candidates if _swapped(word, c)), key=checker.word_usage_frequency, reverse=True)
    if swapped and checker.word_usage_frequency(swapped[0]) >= MIN_FREQUENCY_SWAPPED:
        rival = checker.word_usage_frequency(swapped[1]) if len(swapped) > 1 else 0.0
        if checker.word_usage_frequency(swapped[0]) >= 10 * rival:  # "teh": "the", far more than "eth"
            return str(swapped[0])
    if len(word) < 4:
        return None
    slips = [c for c in candidates if _is_slip(word, c) and checker.word_usage_frequency(c) >= MIN_FREQUENCY]
    return str(slips[0]) if len(slips) == 1 else None


def _rare_slip(word: str) -> str | None:
    """A word the dictionary knows only as a rarity, a letter short of one common word ("mobil" for "mobile")."""
    checker = _checker()
    if len(word) < 5 or checker.word_usage_frequency(word) >= RARE:
        return None
    near = [c for c in checker.known(checker.edit_distance_1(word)) if c != word and len(c) == len(word) + 1]
    common = [c for c in near if _is_slip(word, c) and checker.word_usage_frequency(c) >= COMMON]
    return str(common[0]) if len(common) == 1 else None


def _swapped(typed: str, meant: str) -> bool:
    if len(typed) != len(meant):
        return False
    diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and typed[diff[0]] == meant[diff[1]]
        and typed[diff[1]] == meant[diff[0]]
    )


def _is_slip(typed: str, meant: str) -> bool:
    if len(typed) == len(meant):  # one vowel for another, in a long word ("seperate"; not "vite")
        diff = [i for i, (a, b) in enumerate(zip(typed, meant, strict=True)) if a != b]
        return len(typed) >= 6 and len(diff) == 1 and typed[diff[0]] in _VOWELS and meant[diff[0]] in _VOWELS
    if len(meant) < 5 or abs(len(typed) - len(meant)) != 1:
        return False
    if len(typed) < len(meant):  # a letter dropped ("funtion")
        return any(meant[:i] + meant[i + 1 :] == typed for i in range(len(meant)))
    # a letter typed twice ("untill"); not any extra letter: "refactor" is no slip for "reactor"
    return any(typed[:i] + typed[i + 1 :] == meant and typed[i] == typed[i - 1] for i in range(1, len(typed)))


COMMON_WORD = 1e-5  # a word this frequent in English prose is a word of the language, not a name


def common_word(word: str) -> bool:
    """Whether a lower-case word is a common English word (the dictionary's frequency list)."""
    return _checker().word_usage_frequency(word) >= COMMON_WORD


@lru_cache(maxsize=1)
def _checker() -> Any:
    # pyspellchecker: Peter Norvig's corrector with an English word-frequency list; loaded only when a
    # heading holds a word it might fix (about 0.4 s)
    from spellchecker import SpellChecker

    return SpellChecker(language="en", distance=1)


# -- without a dictionary: a word the author wrote once, spelled otherwise everywhere else ----------------------

_ANY_WORD = re.compile(r"[^\W\d_]{4,}")


def _bare(word: str) -> str:
    """A word without its accents ("complètement" -> "completement")."""
    return "".join(ch for ch in unicodedata.normalize("NFD", word) if not unicodedata.combining(ch))


def word_counts(texts: Collection[str]) -> Counter[str]:
    """How often the session writes each word (lower case, any script): what `spelled_as_elsewhere` weighs."""
    return Counter(word for text in texts for word in _ANY_WORD.findall(text.lower()))


def spelled_as_elsewhere(text: str, counts: Mapping[str, int]) -> str:
    """`text` with a word the session writes only here spelled as the session writes it elsewhere, when exactly
    one other word of the session is that word with its accents ("completement" where "complètement" is written)
    or, written twice or more, with two neighbouring letters swapped ("Exprot" where "Export" is written). No
    dictionary: it holds in any language, and an inflection ("obsoleto",
    "obsoleta") is never one slip of these two kinds."""

    def fix(match: re.Match[str]) -> str:
        word = match.group(0)
        lower = word.lower()
        if counts.get(lower, 0) > 1:
            return word
        bare = _bare(lower)
        near = {
            other
            for other, n in counts.items()
            if other != lower
            and (
                # accents only ever added: a word written with them is no slip for its bare form (Czech "transakcí"
                # and "transakci" are two cases of one word)
                (len(other) == len(lower) and lower == bare and _bare(other) == bare)
                or (n >= 2 and (_swapped(lower, other) or _dropped(lower, other)))
            )
        }
        if len(near) != 1:
            return word
        meant = near.pop()
        return meant[:1].upper() + meant[1:] if word[:1].isupper() else meant

    return _outside_flagged(_ANY_WORD, fix, text)


def _dropped(typed: str, meant: str) -> bool:
    """Whether `typed` is `meant` with one letter inside it left out ("buld" of "build", "warnigs" of "warnings"):
    never its first or last letter, where a word's inflections and prefixes differ ("test", "tests"), and only in a
    word of four letters or more."""
    if len(typed) < 4 or len(meant) != len(typed) + 1:
        return False
    return any(meant[:i] + meant[i + 1 :] == typed for i in range(1, len(meant) - 1))


def _outside_flagged(pattern: re.Pattern[str], fix: Callable[[re.Match[str]], str], text: str) -> str:
    """`pattern.sub(fix, text)`, except inside a value the secret scan flags: a name one slip from a word ("Choi"
    and "Choir") is a person's, and a changed value is one the cleared view can no longer find and redact whole.
    The scan runs only once a word would change."""
    spans: list[tuple[int, int]] | None = None

    def guarded(match: re.Match[str]) -> str:
        nonlocal spans
        fixed = fix(match)
        if fixed == match.group(0):
            return fixed
        if spans is None:
            from retell.secrets import flagged_spans  # lazily: most headings have nothing to fix

            spans = flagged_spans(text)
        inside = any(a < match.end() and match.start() < b for a, b in spans)
        return match.group(0) if inside else fixed

    return pattern.sub(guarded, text)
