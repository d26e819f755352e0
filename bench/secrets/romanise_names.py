"""Latin spellings of the gazetteer's names written in Cyrillic, Greek and Hangul (round sixteen).

Faker keeps Ukrainian, Russian, Bulgarian, Greek and Korean names in their own scripts (`Оксана`, `Гриценко`,
`Δημήτρης`, `서연`), but people write their own names in Latin letters in a commit, a chat or a ticket (`Oksana
Hrytsenko`, `Dimitris`, `Seo-yeon`). Each such name is given the spellings its standard romanisations make:

- Cyrillic: Ukraine's official system (2010: г h, и y, і i, х kh) and the common Russian one (г g, и i, ы y),
  with a final `-ий` also as `-y` (`Dmitriy`, `Dmitry`); both for every name, as a name's letters rarely say which
  language it is;
- Greek: ELOT 743 (`ου` ou, `αυ`/`ευ` av/ev, `μπ` b at a word's start, `ντ` nt, `γγ`/`γκ` ng/g);
- Hangul, for given names only: the Revised Romanisation syllable by syllable, as written together, with a hyphen
  and with a capital after it (`Seoyeon`, `Seo-yeon`, `Seo-Yeon`), and with `u` as `oo` as many write it
  (`Ji-hoon`). Korean family names keep their customary spellings (`Kim`, `Lee`, `Park`), which Faker's other
  locales already hold: the system's own (`Gim`, `I`, `Bak`) are no one's.

A spelling shorter than four letters is left out, and so is one that is a common English word (one of BIP-39's
2,048, retell/data/bip39-english.txt: `Agent`, `Bone`, `Latin` from Bulgarian and Ukrainian names): alone or
beside a verb, it would be read as a person.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

_CYR_COMMON = {
    "а": "a",
    "б": "b",
    "в": "v",
    "д": "d",
    "е": "e",
    "ж": "zh",
    "з": "z",
    "к": "k",
    "л": "l",
    "м": "m",
    "н": "n",
    "о": "o",
    "п": "p",
    "р": "r",
    "с": "s",
    "т": "t",
    "у": "u",
    "ф": "f",
    "х": "kh",
    "ц": "ts",
    "ч": "ch",
    "ш": "sh",
    "щ": "shch",
    "ь": "",
    "ъ": "",
    "'": "",
    "’": "",
    "ʼ": "",
    "-": "-",
}
_UKRAINIAN = {
    **_CYR_COMMON,
    "г": "h",
    "ґ": "g",
    "и": "y",
    "і": "i",
    "ї": "i",
    "й": "i",
    "є": "ie",
    "ю": "iu",
    "я": "ia",
    "ы": "y",
    "э": "e",
    "ё": "io",
    "ў": "u",
}
_UKRAINIAN_FIRST = {"є": "ye", "ї": "yi", "й": "y", "ю": "yu", "я": "ya"}
_RUSSIAN = {
    **_CYR_COMMON,
    "г": "g",
    "ґ": "g",
    "и": "i",
    "й": "y",
    "ы": "y",
    "э": "e",
    "ё": "e",
    "ю": "yu",
    "я": "ya",
    "є": "ye",
    "і": "i",
    "ї": "yi",
    "ў": "u",
}

_GREEK = {
    "α": "a",
    "β": "v",
    "γ": "g",
    "δ": "d",
    "ε": "e",
    "ζ": "z",
    "η": "i",
    "θ": "th",
    "ι": "i",
    "κ": "k",
    "λ": "l",
    "μ": "m",
    "ν": "n",
    "ξ": "x",
    "ο": "o",
    "π": "p",
    "ρ": "r",
    "σ": "s",
    "ς": "s",
    "τ": "t",
    "υ": "y",
    "φ": "f",
    "χ": "ch",
    "ψ": "ps",
    "ω": "o",
}
_GREEK_PAIRS = {"ου": "ou", "αυ": "av", "ευ": "ev", "ηυ": "iv", "γγ": "ng", "γκ": "gk", "γξ": "nx", "γχ": "nch",
                "ντ": "nt", "μπ": "mp", "αι": "ai", "ει": "ei", "οι": "oi"}  # fmt: skip

_HANGUL_INITIAL = ["g", "kk", "n", "d", "tt", "r", "m", "b", "pp", "s", "ss", "", "j", "jj", "ch", "k", "t", "p", "h"]
_HANGUL_VOWEL = [
    "a",
    "ae",
    "ya",
    "yae",
    "eo",
    "e",
    "yeo",
    "ye",
    "o",
    "wa",
    "wae",
    "oe",
    "yo",
    "u",
    "wo",
    "we",
    "wi",
    "yu",
    "eu",
    "ui",
    "i",
]
_HANGUL_FINAL = [
    "", "k", "k", "k", "n", "n", "n", "t", "l", "k", "m", "l", "l", "l", "p", "l", "m", "p", "p", "t", "t", "ng",
    "t", "t", "k", "t", "p", "t",
]  # fmt: skip


def _cyrillic(name: str, table: dict[str, str], first: dict[str, str]) -> str | None:
    out = []
    at_start = True
    for ch in name.lower():
        roman = first.get(ch) if at_start else None
        if roman is None:
            roman = table.get(ch)
        if roman is None:
            return None
        out.append(roman)
        at_start = ch == "-"
    return "".join(out)


def _greek(name: str) -> str | None:
    plain = "".join(c for c in unicodedata.normalize("NFD", name.lower()) if not unicodedata.combining(c))
    out, i = [], 0
    while i < len(plain):
        pair = plain[i : i + 2]
        if pair == "μπ" and i == 0:
            out.append("b")
            i += 2
            continue
        if pair in _GREEK_PAIRS:
            out.append(_GREEK_PAIRS[pair])
            i += 2
            continue
        roman = _GREEK.get(plain[i])
        if roman is None:
            return None
        out.append(roman)
        i += 1
    return "".join(out)


def _hangul_syllables(name: str) -> list[str] | None:
    syllables = []
    for ch in name:
        code = ord(ch) - 0xAC00
        if not 0 <= code < 11172:
            return None
        initial, rest = divmod(code, 588)
        vowel, final = divmod(rest, 28)
        syllables.append(_HANGUL_INITIAL[initial] + _HANGUL_VOWEL[vowel] + _HANGUL_FINAL[final])
    return syllables


def spellings(name: str, given: bool) -> set[str]:
    """The Latin spellings of one name (none for a name in another script)."""
    first = name[:1]
    found: set[str] = set()
    if "\u0400" <= first <= "\u04ff":
        for table, initial in ((_UKRAINIAN, _UKRAINIAN_FIRST), (_RUSSIAN, {})):
            roman = _cyrillic(name, table, initial)
            if roman:
                found.add(roman)
                for ending, plain in (("iy", "y"), ("yy", "y"), ("yi", "y")):
                    if roman.endswith(ending):
                        found.add(roman[: -len(ending)] + plain)
    elif "\u0370" <= first <= "\u03ff" or "\u1f00" <= first <= "\u1fff":
        roman = _greek(name)
        if roman:
            found.add(roman)
    elif "\uac00" <= first <= "\ud7a3" and given and len(name) >= 2:
        syllables = _hangul_syllables(name)
        if syllables:
            head, tail = syllables[0], "".join(syllables[1:])
            for h, t in ((head, tail), (head.replace("u", "oo"), tail.replace("u", "oo"))):
                found.update({h + t, f"{h}-{t}", f"{h}-{t[:1].upper()}{t[1:]}"})
    return {s[:1].upper() + s[1:] for s in found if s.replace("-", "").isalpha() and len(s.replace("-", "")) >= 4}


@lru_cache(maxsize=1)
def _common_words() -> frozenset[str]:
    path = Path(__file__).resolve().parents[2] / "retell" / "data" / "bip39-english.txt"
    return frozenset(path.read_text(encoding="utf-8").split())


def with_romanised_spellings(names: Iterable[str], given: bool) -> set[str]:
    """The names, and the Latin spellings of those in Cyrillic, Greek and Hangul."""
    out = set(names)
    for name in list(out):
        if not name.isascii():
            out |= {s for s in spellings(name, given) if s.lower() not in _common_words() or s in out}
    return out
