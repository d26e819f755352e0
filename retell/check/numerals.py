"""Numbers as a writer spells them: digits ("1,250", "3.2"), English words ("twenty-three", "a dozen",
"a couple of"), and Chinese or Japanese numerals ("十二", "二十五", "3万4千"). Each pattern here is a piece of a
larger regular expression; `value_of` reads what one of them matched."""

from __future__ import annotations

import re

from retell.check.text import NUMBER_WORDS

_UNITS_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
_TENS = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
_SIMPLE = "|".join(sorted(NUMBER_WORDS, key=len, reverse=True))
# "twenty-three", "twenty three", "a hundred", "two hundred and fifty"
EN_NUMBER = (
    rf"(?:(?:{'|'.join(_TENS)})[- ](?:{'|'.join(_UNITS_WORDS)})\b"
    rf"|(?:a|one|two|three|four|five|six|seven|eight|nine)\s+(?:hundred|thousand)(?:\s+and\s+(?:{_SIMPLE}))?\b"
    rf"|(?:{_SIMPLE})\b|a\s+single\b|a\s+dozen\b|a\s+couple\s+of\b|a\s+pair\s+of\b)"
)
DIGITS = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)"
# Chinese and Japanese: 十二, 二十五, 一百, 两, and digits with 万/千/百 (3万4千 is 34,000).
_CJK_DIGIT = "〇零一二两兩三四五六七八九"
CJK_NUMBER = (
    rf"(?:[{_CJK_DIGIT}十百千]+[万萬亿億]?(?:[{_CJK_DIGIT}十百千]+)?|\d+(?:\.\d+)?[万萬亿億千百](?:\d+[千百]?)*)"
)
_CJK_VALUES = {c: n for n, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "两": 2, "兩": 2}
_CJK_SCALES = {"十": 10, "百": 100, "千": 1000}
_CJK_BIG = {"万": 10_000, "萬": 10_000, "亿": 100_000_000, "億": 100_000_000}


def value_of(text: str) -> tuple[float, float] | None:
    """(value, precision) of a number as written: "3.2" is 3.2 to the nearest 0.1, "3,250" is exact, "twenty-three"
    is 23; None for what is not a number."""
    raw = " ".join(text.strip().lower().split())
    if not raw:
        return None
    if raw in ("a single", "a"):
        return 1.0, 1.0
    if raw in ("a dozen",):
        return 12.0, 1.0
    if raw in ("a couple of", "a pair of"):
        return 2.0, 1.0
    if raw in NUMBER_WORDS:
        return float(NUMBER_WORDS[raw]), 1.0
    words = re.split(r"[- ]+", raw)
    if len(words) == 2 and words[0] in _TENS and words[1] in NUMBER_WORDS:
        return float(NUMBER_WORDS[words[0]] + NUMBER_WORDS[words[1]]), 1.0
    spelled = re.fullmatch(r"(a|\w+)\s+(hundred|thousand)(?:\s+and\s+(\w+))?", raw)
    if spelled:
        head = 1 if spelled.group(1) == "a" else NUMBER_WORDS.get(spelled.group(1))
        tail = NUMBER_WORDS.get(spelled.group(3) or "zero", None)
        if head is None or tail is None:
            return None
        return float(head * (100 if spelled.group(2) == "hundred" else 1000) + tail), 1.0
    if re.fullmatch(DIGITS, raw):
        plain = raw.replace(",", "")
        decimals = len(plain.split(".")[1]) if "." in plain else 0
        return float(plain), 10.0**-decimals
    cjk = _cjk_value(raw)
    return (cjk, 1.0) if cjk is not None else None


def _cjk_value(text: str) -> float | None:
    """十二 -> 12, 二十五 -> 25, 一百 -> 100, 3万4千 -> 34000, 1万3751 -> 13751."""
    if not text or not re.fullmatch(rf"[\d.{_CJK_DIGIT}十百千万萬亿億]+", text):
        return None
    total = 0.0
    section = 0.0  # below 10,000
    digits = ""  # Arabic digits or one native digit waiting for its scale
    for char in [*text, ""]:
        if (char.isdigit() and char.isascii()) or char == ".":
            digits += char
            continue
        if char in _CJK_VALUES:
            digits = str(_CJK_VALUES[char])
            continue
        number = float(digits) if digits else None
        digits = ""
        if char in _CJK_SCALES:
            section += (number if number is not None else 1) * _CJK_SCALES[char]
        elif char in _CJK_BIG:
            total += (section + (number or 0)) * _CJK_BIG[char]
            section = 0
        elif char == "":
            section += number or 0
        else:
            return None
    return total + section
