"""(material round 60) A person's e-mail address that spells their name: the triage redacts `林怡君`, and the commit's
author line still shows `<yichun.lin@example.tw>`; it redacts `Jane Doe`, and `jdoe@corp.io` names her all the same.
The address is the same person's, so the name's decision applies to it (redacted, replaced joined as the address
joined it, or kept), whatever the address's domain (a documentation domain included: the local part is the name).

Two ways an address is a named person's:
- it stands right after the name, as a mailbox writes it (`Name <address>`, `"Name" <address>`, `Name (address)`),
  whatever its local part says;
- its local part, less a `+tag` and trailing digits, is one of the name's mailbox forms: its words joined in
  either order, with or without `.`, `_` or `-` (`jane.doe`, `doejane`), or the given names' initials with the
  surname (`j.doe`, `jdoe`, `doe.j`). A name in another script is romanised first: each Chinese character by its
  Mandarin reading in pinyin and in Wade-Giles as Taiwan writes names (`怡君` is `yijun` and `yichun`), a Korean
  syllable by the Revised Romanisation and its common name spellings (`김` is `gim` and `kim`), Cyrillic, Greek and
  the rest as `text-unidecode` writes them. A Chinese or Korean name written as one word is its first character
  (the surname) and the rest.

Only the local part of an address is matched, and only whole: `lin` in `linter@…` or `yichun` alone is not
the name. Japanese names written in kanji are not romanised (their readings are not the characters' own)."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Iterable

# an address as text writes it; its local part is group 1
ADDRESS = re.compile(r"(?<![\w.+-])([\w.+-]{2,64})@((?:[\w-]+\.)+[A-Za-z]{2,24})(?![\w-])")
# right before an address: the name a mailbox writes before it (`Name <`, `"Name" <`, `Name (`)
_MAILBOX_OPEN = re.compile(r"[\"'”»]?[ \t]*[<(][ \t]*$")
_MIN_LETTERS = 4  # a form shorter than this (`j.li`) is too often someone else's
_TAG = re.compile(r"\+.*$")
_TRAILING_DIGITS = re.compile(r"[\d._-]+$")

# pinyin initials -> Wade-Giles (without its apostrophes and umlauts, as passports and addresses write it)
_WG_INITIALS = (
    ("zh", "ch"),
    ("ch", "ch"),
    ("sh", "sh"),
    ("j", "ch"),
    ("q", "ch"),
    ("x", "hs"),
    ("z", "ts"),
    ("c", "ts"),
    ("r", "j"),
    ("b", "p"),
    ("p", "p"),
    ("d", "t"),
    ("t", "t"),
    ("g", "k"),
    ("k", "k"),
)
_WG_FINALS = (("ong", "ung"), ("ian", "ien"), ("ie", "ieh"), ("uo", "o"), ("ui", "uei"))
_WG_AFTER_JQX = (("u", "u"), ("uan", "uan"), ("un", "un"))  # j/q/x + u is ü in pinyin: `jun` -> `chun`
# Korean surnames' usual spellings beside the Revised Romanisation's
_KO_NAMES = {
    "gim": ("kim",),
    "i": ("lee", "yi", "rhee"),
    "bak": ("park", "pak"),
    "choe": ("choi",),
    "jeong": ("jung", "chung"),
    "gang": ("kang",),
    "jo": ("cho",),
    "yun": ("yoon",),
    "jang": ("chang",),
    "im": ("lim",),
    "han": (),
    "o": ("oh",),
    "seo": ("suh",),
    "sin": ("shin",),
    "gwon": ("kwon",),
    "hwang": (),
    "an": ("ahn",),
    "song": (),
    "ryu": ("yoo", "yu"),
    "hong": (),
}


def _is_han(char: str) -> bool:
    return "\u4e00" <= char <= "\u9fff" or "\u3400" <= char <= "\u4dbf"


def _is_hangul(char: str) -> bool:
    return "\uac00" <= char <= "\ud7a3"


def _unidecode(text: str) -> str:
    try:
        from text_unidecode import unidecode  # (python-slugify's: installed with it)
    except ImportError:  # pragma: no cover - python-slugify always brings it
        return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return str(unidecode(text))


def _wade_giles(syllable: str) -> str:
    """A pinyin syllable as Wade-Giles writes it without its marks (`jun` -> `chun`, `zhong` -> `chung`)."""
    initial, final = "", syllable
    for pinyin, wg in _WG_INITIALS:
        if syllable.startswith(pinyin):
            initial, final = wg, syllable[len(pinyin) :]
            break
    if syllable[:1] in "jqx":
        final = dict(_WG_AFTER_JQX).get(final, final)
    for pinyin, wg in _WG_FINALS:
        if final.endswith(pinyin):
            final = final[: -len(pinyin)] + wg
            break
    if syllable.startswith(("zi", "ci", "si")) and len(syllable) == 2:
        final = "u"
    elif syllable in ("zhi", "chi", "shi", "ri"):
        final = "ih"  # `志` is `chih`
    return initial + final


def _readings(char: str) -> list[str]:
    """A character's spellings in Latin letters, the most usual first."""
    plain = re.sub(r"[^a-z]", "", _unidecode(char).lower())
    if not plain:
        return []
    if _is_han(char):
        out = [plain, _wade_giles(plain)]
        if plain.startswith("yi"):
            out.append(plain[1:])  # Wade-Giles writes `yi` as `i`
        return list(dict.fromkeys(out))
    if _is_hangul(char):
        # a final consonant as the Revised Romanisation writes it at a syllable's end (`박` is `bak`, not `bag`)
        final = (
            plain[:-1] + {"g": "k", "d": "t", "b": "p"}[plain[-1]]
            if plain[-1] in "gdb" and not plain.endswith("ng")
            else plain
        )
        return list(dict.fromkeys([plain, final, *_KO_NAMES.get(final, ())]))
    return [plain]


def _word_spellings(word: str) -> list[list[str]]:
    """The word's syllables, each as its spellings: one syllable for a word in Latin letters or another
    alphabet, one per character for Chinese or Korean."""
    if any(_is_han(c) or _is_hangul(c) for c in word):
        syllables = [_readings(c) for c in word if _is_han(c) or _is_hangul(c)]
        return [s for s in syllables if s]
    decomposed = unicodedata.normalize("NFKD", word)
    latin = "".join(c for c in decomposed if not unicodedata.combining(c) and c.isalpha())
    if latin and not latin.isascii():
        latin = _unidecode(latin)
    plain = re.sub(r"[^a-z]", "", latin.lower())
    return [[plain]] if plain else []


def _spelled(syllables: list[list[str]], limit: int = 8) -> list[str]:
    """The ways a word of these syllables is spelled: joined, or with `-` between (`yichun`, `yi-chun`)."""
    out: list[str] = []
    for combo in itertools.islice(itertools.product(*syllables), limit):
        out.append("".join(combo))
        if len(combo) > 1:
            out.append("-".join(combo))
    return list(dict.fromkeys(out))


def name_parts(value: str) -> tuple[list[str], list[str]] | None:
    """(surname's spellings, given names' spellings) of a person's name, or None where it is not one of two or
    three words (or one word of two to four Chinese or Korean characters). Latin names are given names first;
    Chinese and Korean ones surname first, spaced or not."""
    words = value.split()
    if len(words) == 1 and 2 <= len(words[0]) <= 4 and all(_is_han(c) or _is_hangul(c) for c in words[0]):
        syllables = _word_spellings(words[0])
        if len(syllables) < 2:
            return None
        return _spelled(syllables[:1]), _spelled(syllables[1:])
    if not 2 <= len(words) <= 3:
        return None
    spelled = [_word_spellings(w) for w in words]
    if not all(spelled):
        return None
    if any(_is_han(c) or _is_hangul(c) for c in value):
        return _spelled(spelled[0]), _spelled([s for w in spelled[1:] for s in w])
    # given names first: the last word is the surname, the others the given names (their first one alone too)
    given = [w[0][0] for w in spelled[:-1]]
    givens = list(dict.fromkeys(["".join(given), given[0], *(["-".join(given)] if len(given) > 1 else [])]))
    return [spelled[-1][0][0]], givens


def mailbox_forms(value: str) -> set[str]:
    """The local parts (lower case) that spell the person's name `value`: `jane.doe`, `janedoe`, `doe_jane`,
    `j.doe`, `jdoe`, `doe.j`, …; empty for a value that is not a name of two or three words (or a Chinese or
    Korean name of two to four characters)."""
    parts = name_parts(value)
    if parts is None:
        return set()
    surnames, givens = parts
    forms: set[str] = set()
    for surname, given in itertools.product(surnames, givens):
        initials = "".join(w[0] for w in re.split(r"-", given) if w)
        for sep in ("", ".", "_", "-"):
            forms.update({given + sep + surname, surname + sep + given})
            if initials:
                forms.update({initials + sep + surname, surname + sep + initials})
    return {f for f in forms if sum(c.isalpha() for c in f) >= _MIN_LETTERS}


def local_part(address_local: str) -> str:
    """The part of an address's local part that can spell a name: without a `+tag` or trailing digits."""
    return _TRAILING_DIGITS.sub("", _TAG.sub("", address_local.lower()))


def after_a_name(text: str, start: int, name_ends: Iterable[int]) -> bool:
    """Whether the address at `start` stands right after a name that ends at one of `name_ends`, as a
    mailbox writes it (`Name <address>`, `"Name" <address>`)."""
    return any(end <= start and start - end <= 4 and _MAILBOX_OPEN.search(text[end:start]) for end in name_ends)
