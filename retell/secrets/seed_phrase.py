"""A wallet's recovery phrase pasted with no word naming it (`i restored my metamask with this phrase … arm behave
canoe …`): twelve to twenty-four words in a row, every one from the BIP-39 English word list.

Prose never runs that long on the list: it has none of the words prose is held together with (`the`, `and`,
`is`, `to`, `my`, `it`), so twelve listed words in a row are a phrase whether or not its checksum holds (a phrase
typed from memory, or made up for a test, may fail it and still be someone's). The list is the BIP's own, as
Trezor's `mnemonic` package ships it (vendored in retell/data/ with its licence: data, not code to depend on).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from retell.secrets.rule import SECRET, Rule

# A word of the phrase as people write it down: a listed word's length (3 to 8 letters), perhaps numbered as a
# wallet shows it (`1. arm`, `2) behave`, `3: canoe`, `4 dash`), and the words one a line, numbered or not.
_NUMBER = r"(?:\d{1,2}[.):][ \t]*|\d{1,2}[ \t]+)"
_ITEM = rf"{_NUMBER}?[a-z]{{3,8}}"
_GAP = r"(?:[ \t]+|[ \t]*\r?\n[ \t]*)"
# a run of twelve or more such words
_RUN = re.compile(rf"(?<![\w'’-]){_ITEM}(?:{_GAP}{_ITEM}){{11,}}(?![\w'’-])")
_PHRASE = rf"{_ITEM}(?:{_GAP}{_ITEM}){{11,23}}"
_WORD = re.compile(r"[a-z]+")
_NUMBERS = re.compile(r"(?<![\w])\d{1,2}(?=[.):]|[ \t]+[a-z])")


@lru_cache(maxsize=1)
def wordlist() -> frozenset[str]:
    path = Path(__file__).resolve().parent.parent / "data" / "bip39-english.txt"
    return frozenset(path.read_text(encoding="utf-8").split())


def _phrase(value: str, m: re.Match[str]) -> bool:
    """12 to 24 listed words, mostly different (not Hardhat's public `test test … junk`); numbered, then from 1
    on in order (a numbered list of steps or words that is not a phrase rarely counts so)."""
    found = _WORD.findall(value)
    numbers = [int(n) for n in _NUMBERS.findall(value)]
    if numbers and numbers != list(range(numbers[0], numbers[0] + len(numbers))):
        return False
    if numbers and len(numbers) < len(found) - 1:
        return False  # numbered here and there: a list's items, not a phrase's words
    return 12 <= len(found) <= 24 and len(set(found)) >= len(found) * 2 // 3


def run_regex() -> tuple[str, int]:
    """`_RUN`'s regex and flags (gate.py's table reads it with the rules')."""
    return _RUN.pattern, _RUN.flags


@lru_cache(maxsize=1)
def _run_gate() -> Any:
    """RE2's answer to "can `_RUN` match here?" (gate.py: a superset of `_RUN`, its lookarounds dropped), or None
    without google-re2. `_RUN` starts with a lookbehind, so Python's engine tries it in full at every position of
    every text (0.2 s over a 100 MB session's story, where it finds nothing); RE2's linear pass is ~8x cheaper."""
    from retell.secrets.gate import gate_for

    return gate_for(_RUN.pattern, _RUN.flags)


class _SeedPhraseRule(Rule):
    """Tried only inside runs of lowercase words, and there on each stretch of listed words."""

    def matches(self, text: str, near: list[tuple[int, int]] | None = None) -> Iterator[re.Match[str]]:
        if len(text) < 47:  # (twelve words of three letters and their eleven gaps)
            return
        gate = _run_gate()
        if gate is not None and not gate.can_match(text):
            return
        listed = wordlist()
        for run in _RUN.finditer(text):
            stretch: list[re.Match[str]] = []
            for word in [*_WORD.finditer(text, run.start(), run.end()), None]:
                if word is not None and word.group(0) in listed:
                    stretch.append(word)
                    continue
                if 12 <= len(stretch) <= 24:
                    # (from the first word's number, when it has one: `1. arm` is flagged whole)
                    before = text[max(run.start(), stretch[0].start() - 6) : stretch[0].start()]
                    number = re.search(rf"{_NUMBER}$", before)
                    start = stretch[0].start() - (len(number.group(0)) if number else 0)
                    m = self.pattern.fullmatch(text, start, stretch[-1].end())
                    if m is not None:
                        yield m
                stretch = []


SEED_PHRASE_RULE = _SeedPhraseRule(
    "private-key",
    SECRET,
    _PHRASE,
    (),
    accept=_phrase,
    rule_id="recovery-phrase-words",
    always=True,  # (no word announces it; tried only in runs of twelve lowercase words: matches())
)
