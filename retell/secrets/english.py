"""The English words a capitalised word may be rather than a name (`Site`, `Region`, `Support`): pyspellchecker's
English frequency list, loaded once (~0.1 s) and only where an unknown word stands where a person's name could.
Its own module so that what reads names in records (`personal.py`) and in prose (`prose_names.py`) share it."""

from __future__ import annotations

from functools import lru_cache


def english_word(folded: str) -> bool:
    """A word (in small letters) of the English list."""
    return folded in _english_words()


@lru_cache(maxsize=1)
def _english_words() -> frozenset[str]:
    from spellchecker import SpellChecker

    return frozenset(SpellChecker(language="en", distance=1).word_frequency.dictionary)
