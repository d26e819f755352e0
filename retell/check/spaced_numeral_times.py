"""Times told in Vietnamese and Indonesian, whose numbers are words written apart: "mười bốn phút" (fourteen
minutes), "hai mươi giây sau" (twenty seconds later), "khoảng năm phút" (about five minutes), "một tiếng rưỡi" (an
hour and a half); "empat belas menit" (fourteen minutes), "dua puluh detik kemudian" (twenty seconds later), "sekitar
lima menit" (about five minutes).

Each is glossed into the English `amounts.py` reads ("about 14 minutes later"), as `hebrew_times.py` and
`slavic_times.py` do for theirs: the figure, its unit, the word that makes it relative and the one that says how
exact it is. Before, "mười bốn phút" was no figure at all, and a paragraph telling only how long something took
was judged by its words' overlap with the events it cites (blind45 AY2:14). Counts of other things are left alone."""

from __future__ import annotations

import re

# Vietnamese: the ones as they stand alone and in compounds (mốt for one, lăm or nhăm for five after a ten, tư for
# four), ten (mười), and a ten's word (mươi) after its multiplier
_VI_ONES = {
    "một": 1, "mốt": 1, "hai": 2, "ba": 3, "bốn": 4, "tư": 4, "năm": 5, "lăm": 5, "nhăm": 5, "sáu": 6, "bảy": 7,
    "tám": 8, "chín": 9,
}  # fmt: skip
# Indonesian: the ones, ten, eleven (sebelas), a teen (X belas), a ten (X puluh)
_ID_ONES = {
    "satu": 1, "dua": 2, "tiga": 3, "empat": 4, "lima": 5, "enam": 6, "tujuh": 7, "delapan": 8, "sembilan": 9,
}  # fmt: skip
_VI_ONE = "|".join(sorted(_VI_ONES, key=len, reverse=True))
_ID_ONE = "|".join(sorted(_ID_ONES, key=len, reverse=True))
_NUMBER = (
    rf"(?:{_VI_ONE})\s+mươi(?:\s+(?:{_VI_ONE}))?|mười(?:\s+(?:{_VI_ONE}))?|{_VI_ONE}"
    rf"|(?:{_ID_ONE}|se)\s*puluh(?:\s+(?:{_ID_ONE}))?|(?:{_ID_ONE})\s+belas|sebelas|sepuluh|{_ID_ONE}"
    r"|\d+(?:[.,]\d+)?"
)
_UNITS = {
    "second": r"giây|detik",
    "minute": r"phút|menit",
    "hour": r"giờ|tiếng|jam",
    "day": r"ngày|hari",
    "week": r"tuần|minggu",
}
_UNIT = "|".join(rf"(?P<{name}>{pattern})" for name, pattern in _UNITS.items())
_QUALIFIER = (
    r"(?P<about>khoảng|chừng|tầm|độ|sekitar|kira-kira|kurang\s+lebih)\s+"
    r"|(?P<below>chưa\s+đầy|chưa\s+đến|chưa\s+tới|không\s+đến|dưới|gần|kurang\s+dari|tidak\s+sampai|hampir)\s+"
    r"|(?P<above>hơn|trên|lebih\s+dari)\s+"
)
_TIME = re.compile(
    rf"(?<![\w-])(?P<before>(?:sau|setelah|sesudah)\s+)?(?:{_QUALIFIER})?(?P<n>{_NUMBER})(?:\s*(?:sampai|hingga|đến|tới|-|–)\s*(?P<high>{_NUMBER}))?\s+(?:{_UNIT})"
    r"(?P<half>\s+rưỡi|\s+setengah)?"
    # (after the author's first message: a time since the start, "… after my first message")
    r"(?:\s+(?P<first>(?:sau|setelah|sesudah)\s+(?:tin\s+nhắn|câu\s+hỏi|yêu\s+cầu|pesan|pertanyaan|permintaan)\s+"
    r"(?:đầu\s+tiên|pertama)(?:\s+(?:của\s+mình|của\s+tôi|saya|aku))?)"
    r"|\s+(?P<after>sau|sau\s+đó|kemudian|setelahnya|sesudahnya|lagi)|\s+(?P<ago>trước|yang\s+lalu|lalu))?"
    r"(?![\w])",
    re.I,
)


# a time of day: "lúc năm giờ" (at five o'clock), "hai giờ chiều" (two in the afternoon), "pukul dua"
_CLOCK_BEFORE = re.compile(r"(?:lúc|vào|pukul|jam)\s+$", re.I)
_CLOCK_AFTER = re.compile(r"\s*(?:sáng|chiều|tối|đêm|trưa|kém|đúng|pagi|siang|sore|malam|tepat)\b", re.I)


def _number(raw: str) -> float | None:
    words = raw.lower().split()
    if raw[:1].isdigit():
        return float(raw.replace(",", "."))
    if "mươi" in words:  # hai mươi (lăm)
        tens = _VI_ONES[words[0]] * 10
        return float(tens + (_VI_ONES[words[2]] if len(words) > 2 else 0))
    if words[0] == "mười":
        return float(10 + (_VI_ONES[words[1]] if len(words) > 1 else 0))
    if words[-1] == "belas":
        return float(10 + _ID_ONES[words[0]])
    if raw.lower() == "sebelas":
        return 11.0
    if "puluh" in raw.lower():  # sepuluh, dua puluh (lima)
        head, _, tail = (part.strip() for part in raw.lower().partition("puluh"))
        return float((1 if head in ("se", "") else _ID_ONES[head]) * 10 + _ID_ONES.get(tail, 0))
    value = _VI_ONES.get(raw.lower(), _ID_ONES.get(raw.lower()))
    return None if value is None else float(value)


def _show(value: float, unit: str) -> str:
    return f"{value:g} {unit}" + ("" if value == 1 else "s")


def spaced_numeral_times(text: str) -> list[tuple[int, int, str]]:
    """(start, end, English) of each time told in Vietnamese or Indonesian words in `text`."""
    out: list[tuple[int, int, str]] = []
    for match in _TIME.finditer(text):
        value = _number(match.group("n"))
        if value is None or _CLOCK_BEFORE.search(text[: match.start()]) or _CLOCK_AFTER.match(text[match.end() :]):
            continue  # "lúc hai giờ chiều", "pukul 2": a time of day, no length
        told_as_time = any(match.group(g) for g in ("before", "after", "first", "high", "about", "below", "above"))
        if match.group("n")[:1].isdigit() and not told_as_time:
            continue  # "731 hari" in digits is as often an age or a count as a time: only one a word makes a time
        unit = next(name for name in _UNITS if match.group(name))
        told = _show(value + (0.5 if match.group("half") else 0), unit)
        high = _number(match.group("high")) if match.group("high") else None
        if high is not None:  # "tujuh sampai delapan menit": seven to eight minutes
            told = f"{value:g} to {_show(high, unit)}"
        if match.group("below"):
            told = "just under " + told
        elif match.group("above"):
            told = "over " + told
        elif match.group("about"):
            told = "about " + told
        relative = match.group("before") or match.group("after")
        ending = " ago" if match.group("ago") else " later" if relative else ""
        ending = " after my first message" if match.group("first") else ending
        out.append((match.start(), match.end(), told + ending))
    return out
