"""The gazetteer of people's names: given and family names as Faker's locales spell them (MIT; vendored in
`retell/data/person-names.txt.gz`, refreshed with `bench/secrets/refresh_names.py`), read on first use. Its own
module so that what reads names in tables and records (`personal.py`) and in prose (`prose_names.py`) share it
without importing each other."""

from __future__ import annotations

import gzip
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path


class _Names(frozenset[str]):
    """A gazetteer's names, where a name typed with accents the gazetteer holds only plain is one too (round
    sixteen: `Pádraig`, `Siobhán`, `Zoë` where Faker writes `Padraig`, `Siobhan`, `Zoe`), from five letters, as
    the plain spellings themselves (refresh_names.py)."""

    def __contains__(self, word: object) -> bool:
        if frozenset.__contains__(self, word):
            return True
        if not isinstance(word, str) or word.isascii() or (len(word) < 5 and not _VIETNAMESE.search(word)):
            return False
        plain = _plain(word)
        return plain != word and frozenset.__contains__(self, plain)


# (round twenty-six) a letter only Vietnamese writes (`ă`, `ơ`, `ư`, `đ`, a tone mark under or over a vowel): its
# names are one syllable each (`Thị`, `Văn`, `Hùng`), so they are folded at any length (`Thi`, `Van`, `Hung`)
_VIETNAMESE = re.compile("[ăĂơƠưƯđĐ\u1ea0-\u1ef9]")


def _plain(word: str) -> str:
    """`word` without its accents (`Pádraig` -> `Padraig`; `đ` -> `d`)."""
    decomposed = unicodedata.normalize("NFKD", word.replace("đ", "d").replace("Đ", "D"))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _script_marks() -> str:
    """The combining marks of the scripts from Hebrew to Myanmar (a vowel sign, a tone mark, a virama) as a
    character class's ranges: they belong to their word (`แจ้ง`, `राजेश`, `উদ্দিন`), though `\\w` leaves them."""
    marks = [c for c in range(0x0590, 0x1000) if unicodedata.category(chr(c)) in ("Mn", "Mc")]
    ranges: list[tuple[int, int]] = []
    for c in marks:
        if ranges and ranges[-1][1] == c - 1:
            ranges[-1] = (ranges[-1][0], c)
        else:
            ranges.append((c, c))
    return "".join(chr(a) if a == b else f"{chr(a)}-{chr(b)}" for a, b in ranges)


SCRIPT_MARKS = _script_marks()


@lru_cache(maxsize=1)
def gazetteer() -> tuple[frozenset[str], frozenset[str]]:
    """(given names, family names), as Faker's locales spell them, with the Latin spellings of those in Cyrillic,
    Greek and Hangul (bench/secrets/romanise_names.py)."""
    data = (Path(__file__).resolve().parent.parent / "data" / "person-names.txt.gz").read_bytes()
    text = gzip.decompress(data).decode("utf-8")
    given, family = text.split("\n# given\n", 1)[1].split("\n# family\n", 1)
    return _Names(given.split("\n")), _Names(family.split("\n"))


def known_person(words: Sequence[str]) -> bool:
    """Whether a name's words read as a person's: it begins with a given name or ends with a family name the
    gazetteer knows, and is not in English words alone ("Earl Grey", "Green Tea", "Kings Cross")."""
    from retell.secrets.english import english_word  # lazily: the word list loads on first use

    given, family = gazetteer()
    return (
        bool(words) and (words[0] in given or words[-1] in family) and not all(english_word(w.lower()) for w in words)
    )
