"""Times told in Hebrew: "כעבור כשלוש-עשרה שניות" (about thirteen seconds later), "עניתי כשעה אחר כך" (I answered about
an hour later), "תוך פחות מחצי דקה" (within less than half a minute), "עברו שתי דקות" (two minutes passed),
"שעה ועשרים דקות", "שעתיים", "כ-20 דקות".

Hebrew writes its small words onto the next one (ו "and", ה "the", ב "in", ל "to", מ "from", ש "that") and "about"
too (כ: כחמש דקות, כשעה, כ-20): no word list of `language.py` or `gloss.py` finds them, so each time is glossed into
the English `amounts.py` reads ("about 13 seconds later", "within just under half a minute", "2 minutes later"),
as `slavic_times.py` does for the declined languages: the figure, its unit, the word that makes it relative and the
one that says how exact it is. A unit told alone ("שעה", "דקה") is one of it only where a word makes it a time.
Counts of other things are left alone."""

from __future__ import annotations

import re

# Each numeral in the forms it takes before a unit: feminine (שנייה, דקה, שעה), masculine (יום, שבוע) and the
# construct state (שלושת הימים)
_NUMERALS: dict[int, str] = {
    1: "אחת אחד",
    2: "שתיים שתים שתי שניים שנים שני",
    3: "שלוש שלושה שלושת",
    4: "ארבע ארבעה ארבעת",
    5: "חמש חמישה חמשת",
    6: "שש שישה ששת",
    7: "שבע שבעה שבעת",
    8: "שמונה שמונת",
    9: "תשע תשעה תשעת",
    10: "עשר עשרה עשרת",
}
_TENS: dict[int, str] = {20: "עשרים", 30: "שלושים", 40: "ארבעים", 50: "חמישים", 60: "שישים", 90: "תשעים"}
_ONES = {form: value for value, forms in _NUMERALS.items() for form in forms.split()}
_TEN_WORDS = {word: value for value, word in _TENS.items()}
_ONE_RE = "|".join(sorted(_ONES, key=len, reverse=True))
_TENS_RE = "|".join(_TEN_WORDS)
# 11-19 (שלוש-עשרה, חמישה עשר), the tens, a ten and a one (עשרים וחמש), digits
_NUMBER = rf"(?:{_ONE_RE})[-\s־]עשר(?:ה)?|(?:{_TENS_RE})(?:\s+ו-?(?:{_ONE_RE}))?|{_ONE_RE}|\d+(?:[.,]\d+)?"
_UNITS = {
    "second": r"שני(?:י)?ה|שניות",
    "minute": r"דקה|דקות|דק['׳]",
    "hour": r"שעה|שעות",
    "day": r"יום|ימים",
    "week": r"שבוע|שבועות",
}
_UNIT = "|".join(rf"(?P<{name}>{pattern})" for name, pattern in _UNITS.items())
_UNIT2 = "|".join(rf"(?P<{name}2>{pattern})" for name, pattern in _UNITS.items())
# one of a unit, said by the unit alone (שעה, דקה, יום); two by its dual (שעתיים, יומיים, שבועיים)
_ONE = r"(?P<one>שני(?:י)?ה|דקה|שעה|יום|שבוע)"
_DUAL = {"שעתיים": "hour", "יומיים": "day", "שבועיים": "week", "דקותיים": "minute"}
_FIGURE = (
    rf"(?:(?:(?P<n>{_NUMBER})\s*-?\s*|(?P<half>חצי)\s+)(?:{_UNIT})(?P<uh>\s+וחצי)?"
    r"|(?P<quarter>רבע)\s+שעה"
    rf"|(?P<dual>{'|'.join(_DUAL)})"
    rf"|{_ONE}(?P<oh>\s+וחצי)?)"
    rf"(?:\s+ו-?(?P<n2>{_NUMBER})\s*-?\s*(?:{_UNIT2}))?"
)
# How exact: "כ" on the figure (about), "בערך", "כמעט", "פחות מ", "קצת פחות מ", "יותר מ", "מעל", "תוך" (within)
_QUALIFIER = (
    r"(?P<below>(?:קצת\s+)?פחות\s+מ-?|לא\s+יותר\s+מ-?)"
    r"|(?P<above>יותר\s+מ-?|מעל\s+ל?-?|למעלה\s+מ-?)"
    r"|(?P<about>בערך\s+|בקירוב\s+|כמעט\s+|קרוב\s+ל-?)"
)
# The word that makes it relative, before the figure (כעבור, אחרי, לאחר, בעוד, עבר/עברו: "passed"), or "within"
_BEFORE = (
    r"(?P<rel>[ו]?(?:כעבור|אחרי|לאחר|עברו|עברה|עבר|חלפו|חלפה|חלף))|(?P<within>[ו]?ב?תוך|[ו]?במשך)"
    r"|(?P<future>[ו]?בעוד)"  # "בעוד שלושה ימים": in three days from a moment the sentence gives, no gap
)
_BEFORE_AGO = r"(?P<ago>[ו]?לפני)"
# or after it: אחר כך, לאחר מכן, אחרי זה, אחרי כן, מאוחר יותר (later); אחרי, לאחר + what it follows (after)
_AFTER = r"(?P<later>אחר\s+כך|לאחר\s+מכן|אחרי\s+זה|אחרי\s+כן|מאוחר\s+יותר)|(?P<after>אחרי|לאחר)(?=\s+\S)"
_TIME = re.compile(
    rf"(?<![\w-])(?:(?:{_BEFORE}|{_BEFORE_AGO})\s+)?(?:{_QUALIFIER})?(?P<ka>[ו]?כ-?)?"
    rf"(?:[וש](?=(?:{_ONE_RE}|{_TENS_RE})(?![\w])))?(?:{_FIGURE})"
    rf"(?:\s+(?:{_AFTER}))?(?![\w])",
)


def _number(raw: str) -> float | None:
    raw = raw.strip()
    if raw[:1].isdigit():
        return float(raw.replace(",", "."))
    teen = re.fullmatch(rf"({_ONE_RE})[-\s־]עשר(?:ה)?", raw)
    if teen:
        return 10.0 + _ONES[teen.group(1)]
    compound = re.fullmatch(rf"({_TENS_RE})(?:\s+ו-?({_ONE_RE}))?", raw)
    if compound:
        return float(_TEN_WORDS[compound.group(1)] + (_ONES[compound.group(2)] if compound.group(2) else 0))
    value = _ONES.get(raw)
    return None if value is None else float(value)


def _unit(match: re.Match[str], suffix: str = "") -> str:
    return next(name for name in _UNITS if match.group(name + suffix))


def _show(value: float, unit: str) -> str:
    return f"{value:g} {unit}" + ("" if value == 1 else "s")


def hebrew_times(text: str) -> list[tuple[int, int, str]]:
    """(start, end, English) of each time told in Hebrew in `text`."""
    out: list[tuple[int, int, str]] = []
    for match in _TIME.finditer(text):
        relative = bool(match.group("rel") or match.group("later") or match.group("after") or match.group("ago"))
        marked = relative or bool(
            match.group("within") or match.group("future") or match.group("ka") or match.group("below")
        )
        marked = marked or bool(match.group("above"))
        marked = marked or bool(match.group("about") or match.group("n2"))
        if match.group("n"):
            value = _number(match.group("n"))
            if value is None:
                continue
            told = _show(value + (0.5 if match.group("uh") else 0), _unit(match))
        elif match.group("half"):
            unit = _unit(match)
            told = "half an hour" if unit == "hour" else f"half a {unit}"
        elif match.group("quarter"):
            told = "15 minutes"
        elif match.group("dual"):
            told = _show(2, _DUAL[match.group("dual")])
        else:
            if not marked:
                continue  # "שעה", "יום": a unit alone is a time only where a word makes it one
            unit = {"ש": "second", "ד": "minute", "י": "day"}.get(match.group("one")[0], "")
            unit = unit if not match.group("one").startswith("שע") else "hour"
            unit = unit if not match.group("one").startswith("שב") else "week"
            told = _show(1.5 if match.group("oh") else 1, unit)
        if match.group("n2"):
            second = _number(match.group("n2"))
            if second is None:
                continue
            told += " " + _show(second, _unit(match, "2"))
        if match.group("below"):
            told = "just under " + told
        elif match.group("above"):
            told = "over " + told
        elif match.group("ka") or match.group("about"):
            told = "about " + told
        if match.group("within"):
            told = "within " + told
        elif match.group("future"):
            told = "in " + told
        ending = " after" if match.group("after") else " ago" if match.group("ago") else " later" if relative else ""
        out.append((match.start(), match.end(), told + ending))
    return out
