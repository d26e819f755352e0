"""Times told in Spanish, German and French ("unos ocho minutos después", "knapp eine Stunde", "une
demi-heure plus tard"): read as the English ones are, so a post told in one of these languages has its times
checked too (until round nine they were not read at all, and a wrong time in them was never reported)."""

from __future__ import annotations

import re

from retell.check.amounts import DURATION, NEXT_DAY_MINUTES, Amount

# Numbers a time is told with, one to sixty (digits are read as they are).
_WORDS: dict[str, float] = {}
for _tongue in (
    # Spanish
    "un:1 una:1 uno:1 dos:2 tres:3 cuatro:4 cinco:5 seis:6 siete:7 ocho:8 nueve:9 diez:10 once:11 doce:12 "
    "trece:13 catorce:14 quince:15 dieciséis:16 diecisiete:17 dieciocho:18 diecinueve:19 veinte:20 "
    "veinticinco:25 treinta:30 cuarenta:40 cincuenta:50 sesenta:60",
    # German
    "ein:1 eine:1 einer:1 einen:1 zwei:2 drei:3 vier:4 fünf:5 sechs:6 sieben:7 acht:8 neun:9 zehn:10 elf:11 "
    "zwölf:12 dreizehn:13 vierzehn:14 fünfzehn:15 zwanzig:20 fünfundzwanzig:25 dreißig:30 vierzig:40 "
    "fünfzig:50 sechzig:60",
    # French
    "une:1 deux:2 trois:3 quatre:4 cinq:5 six:6 sept:7 huit:8 neuf:9 dix:10 onze:11 douze:12 treize:13 "
    "quatorze:14 quinze:15 seize:16 vingt:20 vingt-cinq:25 trente:30 quarante:40 cinquante:50 soixante:60",
):
    _WORDS |= {word: float(value) for word, value in (pair.split(":") for pair in _tongue.split())}
_VAGUE = {"unos": None, "unas": None, "algunos": None, "pocos": None, "einige": None, "quelques": None}
_UNITS = {
    "segundo": 1 / 60,
    "sekunde": 1 / 60,
    "seconde": 1 / 60,
    "minuto": 1.0,
    "minute": 1.0,
    "hora": 60.0,
    "stunde": 60.0,
    "heure": 60.0,
    "día": 1440.0,
    "tag": 1440.0,
    "jour": 1440.0,
    "semana": 10080.0,
    "woche": 10080.0,
    "semaine": 10080.0,
}
_NUMBER = r"\d+(?:[.,]\d+)?|" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True))
_UNIT = (
    r"segundos?|minutos?|horas?|días?|semanas?|Sekunden?|Minuten?|Stunden?|Tagen?|Tage|Wochen?"
    r"|secondes?|minutes?|heures?|jours?|semaines?"
)
# "casi una hora", "unos ocho minutos", "knapp zehn Minuten", "environ trois heures", "ein paar Sekunden"
_ABOUT = (
    r"unos|unas|cerca de|alrededor de|aproximadamente|más o menos|etwa|ungefähr|rund|gut|environ|près de"
    r"|à peu près"
)
_BELOW = r"casi|menos de|apenas|fast|knapp|weniger als|kaum|presque|moins de|à peine"
_ABOVE = r"más de|algo más de|mehr als|über|plus de|un peu plus de"
_TIME = re.compile(
    rf"(?<![\w-])(?:(?P<q>{_ABOUT}|{_BELOW}|{_ABOVE})\s+)?"
    rf"(?:(?P<vague>unos|unas|algunos|pocos|unos pocos|ein paar|einige|quelques)|(?P<n>{_NUMBER}))\s+"
    rf"(?P<u>{_UNIT})\b",
    re.I,
)
# "media hora", "tres cuartos de hora", "eine halbe Stunde", "eine Dreiviertelstunde", "une demi-heure", "trois
# quarts d'heure"
_FRACTION = re.compile(
    r"(?<![\w-])(?:(?P<q>" + _ABOUT + "|" + _BELOW + "|" + _ABOVE + r")\s+)?"
    r"(?:(?P<half>media hora|(?:eine |einer )?halbe[nr]? Stunde|(?:une )?demi-heure)"
    r"|(?P<three>tres cuartos de hora|(?:eine |einer )?Dreiviertelstunde|trois quarts d'heure)"
    r"|(?P<quarter>(?:un )?cuarto de hora|(?:eine |einer )?Viertelstunde|(?:un )?quart d'heure))",
    re.I,
)
# what makes it the time between two moments: "ocho minutos después", "zehn Minuten später", "dix minutes plus
# tard", "al cabo de diez minutos", "nach zehn Minuten"
_AFTER = re.compile(r"^\s*(?:después|más tarde|antes|luego|später|danach|darauf|zuvor|plus tard|après|avant)\b", re.I)
_LEAD = re.compile(r"(?:\bal cabo de|\bnach|\bau bout de|\bvor|\bil y a)\s*$", re.I)
# counted from the start: "después de empezar", "nach dem Start", "après le début"
_FROM_START = re.compile(
    r"^\s*(?:después de (?:empezar|comenzar|iniciar)|desde (?:el )?(?:principio|inicio)|nach (?:dem )?(?:Start|Beginn)"
    r"|seit (?:dem )?Beginn|après le début|depuis le début)",
    re.I,
)
# "al día siguiente", "a la mañana siguiente", "am nächsten Morgen", "le lendemain": a later day
NEXT_DAY = re.compile(
    r"\b(?:al|el) día siguiente\b|\ba la (?:mañana|tarde|noche) siguiente\b|\bam (?:nächsten|folgenden) "
    r"(?:Tag|Morgen|Abend|Nachmittag)\b|\ble lendemain\b|\ble (?:jour|matin|soir) suivant\b",
    re.I,
)


def _approx(word: str | None) -> str:
    if not word:
        return ""
    word = word.lower()
    if re.fullmatch(_BELOW, word, re.I):
        return "about-below" if word in ("casi", "fast", "presque", "knapp") else "below"
    if re.fullmatch(_ABOVE, word, re.I):
        return "above"
    return "about"


def _unit(word: str) -> float:
    word = word.lower()
    for stem, minutes in _UNITS.items():
        if word.startswith(stem[:-1] if stem.endswith("e") else stem):
            return minutes
    return 1.0


def european_durations(text: str, taken: list[Amount]) -> list[Amount]:
    """The times of `text` told in Spanish, German or French, with how exact each is and whether it is a gap
    between two moments ("después"), a time since the start or a later day; none overlapping `taken`."""
    out: list[Amount] = []

    def add(amount: Amount) -> None:
        if any(amount.start < a.end and amount.end > a.start for a in [*taken, *out]):
            return
        amount.text = text[amount.start : amount.end]
        after = text[amount.end : amount.end + 40]
        amount.relative = amount.relative or bool(_AFTER.match(after) or _LEAD.search(text[: amount.start]))
        amount.from_start = bool(_FROM_START.match(after))
        out.append(amount)

    for match in NEXT_DAY.finditer(text):
        amount = Amount(match.start(), match.end(), NEXT_DAY_MINUTES, DURATION, relative=True, approx="above")
        amount.next_day = True
        add(amount)
    for match in _FRACTION.finditer(text):
        share = 0.5 if match.group("half") else 0.75 if match.group("three") else 0.25
        add(Amount(match.start(), match.end(), 60 * share, DURATION, 1.0, approx=_approx(match.group("q"))))
    for match in _TIME.finditer(text):
        scale = _unit(match.group("u"))
        if match.group("vague"):
            # "unos segundos", "ein paar Minuten": two to five of them; of seconds, any gap under five
            low = 0.0 if scale < 1 else 2.0
            add(Amount(match.start(), match.end(), low * scale, DURATION, scale, high=5 * scale, approx="about"))
            continue
        raw = match.group("n").lower()
        value = _WORDS.get(raw)
        if value is None:
            try:
                value = float(raw.replace(",", "."))
            except ValueError:
                continue
        amount = Amount(match.start(), match.end(), value * scale, DURATION, scale, approx=_approx(match.group("q")))
        amount.scale = scale
        add(amount)
    return out
