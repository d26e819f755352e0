"""A relative time told in a language `gloss.py` does not gloss whole ("через пять минут", "5 dakika sonra",
"بعد خمس دقائق", "cinque minuti dopo", "vijf minuten later", "pięć minut później"), glossed into English ("5
minutes later"), so `amounts.py` reads it as the time between two moments, as "five minutes later" is.

A length or a count told with its unit ("de sessie duurde 19 minuten", "19 dakika sürdü", "3 bestanden",
"Сессия длилась 19 минут") is glossed too ("19 minutes", "3 files"), in the languages the drafting prompt writes
in (round twenty): before, "19 minuten" was read as 19 of something unknown, which no event gives, and "19 минут"
was not read at all. Only the figure and its unit are glossed; every other word stays as it is."""

from __future__ import annotations

import re

from retell.check.gloss import Gloss
from retell.check.hebrew_times import hebrew_times
from retell.check.slavic_times import slavic_times
from retell.check.spaced_numeral_times import spaced_numeral_times

_WORDS = {
    # Russian (the forms after "через" and "спустя")
    "одну": 1, "одна": 1, "две": 2, "два": 2, "три": 3, "четыре": 4, "пять": 5, "шесть": 6, "семь": 7,
    "восемь": 8, "девять": 9, "десять": 10, "пятнадцать": 15, "двадцать": 20, "тридцать": 30, "сорок": 40,
    # Turkish
    "bir": 1, "iki": 2, "üç": 3, "dört": 4, "beş": 5, "altı": 6, "yedi": 7, "sekiz": 8, "dokuz": 9, "on": 10,
    "on beş": 15, "yirmi": 20, "otuz": 30, "kırk": 40,
    # Arabic
    "ثلاث": 3, "ثلاثة": 3, "أربع": 4, "أربعة": 4, "خمس": 5, "خمسة": 5, "ست": 6, "ستة": 6, "سبع": 7, "سبعة": 7,
    "ثماني": 8, "ثمانية": 8, "تسع": 9, "تسعة": 9, "عشر": 10, "عشرة": 10, "عشرين": 20, "ثلاثين": 30, "أربعين": 40,
    # Italian, Portuguese
    "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "sei": 6, "sette": 7, "otto": 8, "nove": 9, "dieci": 10,
    "quindici": 15, "venti": 20, "trenta": 30, "quaranta": 40,
    "um": 1, "uma": 1, "un": 1, "una": 1, "uno": 1,
    "dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7, "oito": 8, "dez": 10,
    "quinze": 15, "vinte": 20, "trinta": 30, "quarenta": 40,
    # Dutch
    "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9, "tien": 10,
    "vijftien": 15, "twintig": 20, "dertig": 30, "veertig": 40,
    # Polish
    "dwie": 2, "dwa": 2, "trzy": 3, "cztery": 4, "pięć": 5, "sześć": 6, "siedem": 7, "osiem": 8,
    "dziewięć": 9, "dziesięć": 10, "piętnaście": 15, "dwadzieścia": 20, "trzydzieści": 30, "czterdzieści": 40,
}  # fmt: skip
# Tens and units written as one word (round thirty-two): Italian "ventitré", "trentotto"; Dutch "drieëntwintig"
_IT_TENS = {"vent": 20, "trent": 30, "quarant": 40, "cinquant": 50}
_IT_ONES = {
    "uno": 1,
    "due": 2,
    "tre": 3,
    "tré": 3,
    "quattro": 4,
    "cinque": 5,
    "sei": 6,
    "sette": 7,
    "otto": 8,
    "nove": 9,
}
for _tens, _t in _IT_TENS.items():
    for _one, _o in _IT_ONES.items():
        # "ventuno", "ventotto" drop the tens' vowel; the rest keep it ("ventitré", "trentadue")
        _WORDS[_tens + ("" if _one[0] in "uo" else ("i" if _t == 20 else "a")) + _one] = _t + _o
_NL_ONES = {"een": 1, "twee": 2, "drie": 3, "vier": 4, "vijf": 5, "zes": 6, "zeven": 7, "acht": 8, "negen": 9}
for _tens, _t in {"twintig": 20, "dertig": 30, "veertig": 40, "vijftig": 50}.items():
    for _one, _o in _NL_ONES.items():
        _WORDS[_one + ("ën" if _one.endswith("e") else "en") + _tens] = _t + _o
_WORDS.update({"een": 1, "één": 1, "eén": 1})
# Eastern Arabic digits, as an Arabic post may write them
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹", "01234567890123456789")

_UNITS = [
    (r"секунд[уы]?|saniye|ثوان[ٍي]?|ثانية|ثانيتين|secondi|secondo|segundos?|seconden|seconde|sekund[ęy]?", "seconds"),
    (r"минут[уы]?|dakika|دقائق|دقيقة|دقيقتين|minuti|minuto|minutos|minuten|minuut|minut[ęy]?", "minutes"),
    (r"час(?:а|ов)?|saat|ساعات|ساعة|ساعتين|ore|ora|horas?|uur|godzin[ęy]?", "hours"),
]
# The units of a length or a count told alone (no word making it relative), in the languages the drafting
# prompt writes in, after a figure in digits. English words are left to
# `amounts.py`, which reads them in every language.
_BARE_UNITS = [
    (
        r"секунд[ауы]?|секунди|saniye|seconden|seconde[ns]?|secondi|secondo|segundos?|sekund[aęy]?|sekunder|"
        r"Sekunden?|sekunn(?:i|in|ia)",
        "seconds",
    ),
    (
        r"минут[ауы]?|хвилин[аиу]?|dakika|minuten|minuut|minuti|minuto|minutos|minut[aęuy]?|minuter|Minuten?|"
        r"minuutt(?:i|ia)",
        "minutes",
    ),
    (
        r"час(?:а|ов)?|годин[аиу]?|saat|uur|uren|ore|horas?|godzin[aęy]?|hodin[auy]?|timm(?:e|ar|arna)|Stunden?|"
        r"heures?|tun(?:ti|tia)",
        "hours",
    ),
    (r"дн(?:я|ей)|днів|dagen|giorni|dias|días|dni|dní|dagar|Tage|jours|gün|päivää", "days"),
    (
        r"файл(?:а|ов|ів|и)|bestanden|Dateien|arquivos|ficheiros|archivos|fichiers|plik(?:i|ów)|soubor(?:y|ů)|"
        r"filer|dosya",
        "files",
    ),
    (r"тест(?:а|ов|ів|и)|testy|testów|testů|tester|testler|testi|testes|pruebas", "tests"),
    (
        r"стро(?:ки|к)|рядк(?:и|ів)|regels|Zeilen|righe|linhas|líneas|lignes|lini[ei]|wierszy|řádk(?:y|ů)|rader|"
        r"satır",
        "lines",
    ),
]
# A unit with no number before it is one of it ("через минуту", "بعد ساعة"), or two in Arabic's dual
_DUAL = re.compile(r"دقيقتين|ساعتين|ثانيتين")
_UNIT = "|".join(f"(?:{pattern})" for pattern, _ in _UNITS)
_NUMBER = r"\d+(?:[.,]\d+)?|[٠-٩۰-۹]+|" + "|".join(sorted(map(re.escape, _WORDS), key=len, reverse=True))
_ABOUT = (
    r"примерно|около|почти|где-то|yaklaşık|aşağı yukarı|حوالي|نحو|قرابة|circa|quasi|cerca de|uns|umas|quase|"
    r"ongeveer|zo'n|bijna|około|jakieś|prawie"
)
# tens and units said apart: "trinta e sete", "тридцать семь", "otuz yedi", "trzydzieści siedem"
_TENS = {word: n for word, n in _WORDS.items() if n >= 20}
_ONES = {word: n for word, n in _WORDS.items() if n < 10}
# Turkish says its teens as ten and a unit, apart: "on üç saat" (13 hours; "On" opening a sentence, stop 63: read as
# "On 3 hours" the gap between two sessions was checked as three hours no events showed)
_TURKISH_TEEN = r"on\s+(?:bir|iki|üç|dört|beş|altı|yedi|sekiz|dokuz)"
_COMPOUND = (
    _TURKISH_TEEN
    + "|(?:"
    + "|".join(sorted(map(re.escape, _TENS), key=len, reverse=True))
    + r")\s+(?:e\s+)?(?:"
    + "|".join(sorted(map(re.escape, _ONES), key=len, reverse=True))
    + ")"
)
_NUMBER = rf"{_COMPOUND}|{_NUMBER}"
_HOURS = next(pattern for pattern, english in _UNITS if english == "hours")
_MINUTES = next(pattern for pattern, english in _UNITS if english == "minutes")
# the larger part of a compound time: hours before minutes, or minutes before seconds ("tre minuti e ventisette
# secondi dopo": one time, 3 min 27 s, never "ventisette secondi dopo" alone)
_LARGER = f"{_HOURS}|{_MINUTES}"
# an hour part before the minutes: "uma hora e trinta e sete minutos depois", "через час и пять минут" (one
# duration; read alone, "sete minutos depois" would be a time the post never told)
# Italian elides "one" into its unit: "un'ora", "un’ora" (an hour). The word between the hour and the minutes may
# be missing: Turkish "bir saat yirmi üç dakika sonra", Russian "через час двадцать минут".
_ONE = r"un['’]"
_FIGURE = (
    rf"(?:(?P<about>{_ABOUT})\s+)?"
    rf"(?:(?:(?P<hone>{_ONE})|(?P<hn>{_NUMBER})\s+)?(?P<hunit>{_LARGER})\s*(?:,\s*|\s+(?:(?:e|и|ve|i|en|y)\s+)?))?"
    rf"(?:(?P<one>{_ONE})|(?P<n>{_NUMBER})\s+)?(?P<unit>{_UNIT})"
)
# The word that makes it relative, before the figure ("через", "спустя", "بعد", "dopo", "depois de", "na", "po")
# or after it ("спустя", "sonra", "dopo", "depois", "later", "później"); "kadar" is "about" after the figure.
_BEFORE = re.compile(
    rf"(?<!\w)(?:через|спустя|بعد|dopo|depois de|após|na|po)\s+{_FIGURE}(?!\w)",
    re.I,
)
_AFTER = re.compile(
    rf"(?<!\w){_FIGURE}(?:\s+(?P<kadar>kadar))?\s+"
    r"(?:спустя|sonra|dopo|più tardi|depois|mais tarde|later|później)(?!\w)",
    re.I,
)


# The author's first message after a relative time's word ("… dopo il mio primo messaggio"): a time since the start
_FIRST_MESSAGE = re.compile(
    r"\s+(?:il mio primo messaggio|la mia prima (?:richiesta|domanda)|(?:a )?minha primeira (?:mensagem|pergunta)|"
    r"(?:od )?mojej pierwszej wiadomości|ilk mesajımdan)(?!\w)",
    re.I,
)
_BARE_UNIT_RE = "|".join(f"(?:{pattern})" for pattern, _ in _BARE_UNITS)
# in digits only: a number word alone is often a figure of speech or a sum the writer made ("cinco testes" of
# 250 runs of 50), and "Due minuti e mezzo dopo" is a relative time the table above does not read whole
_BARE = re.compile(rf"(?<![\w.,:/-])(?P<n>\d+(?:[.,]\d+)?)\s+(?P<unit>{_BARE_UNIT_RE})(?!\w)", re.I)


# Only Russian and Arabic say "one" by the unit alone ("через минуту", "بعد ساعة"): "dopo ore" is no hour
_BARE_UNIT = re.compile(r"[\u0400-\u04ff\u0600-\u06ff]")


def _value(raw: str | None, unit: str) -> str | None:
    if raw is None:
        if not _BARE_UNIT.match(unit):
            return None
        return "2" if _DUAL.fullmatch(unit) else "1"
    raw = raw.translate(_DIGITS)
    if raw[:1].isdigit():
        return raw.replace(",", ".")
    words = raw.lower().split()
    if len(words) > 1:  # tens and units: "trinta e sete"
        parts = [_WORDS.get(w) for w in words if w != "e"]
        return None if None in parts else str(sum(p for p in parts if p is not None))
    number = _WORDS.get(raw.lower())
    return None if number is None else str(number)


def gloss_relative(text: str) -> Gloss | None:
    """The text with each relative time of these languages in English ("about 5 minutes later"), and each length
    or count told with its unit ("19 minutes", "3 files"), or None when it has none."""
    replacements = slavic_times(text)  # declined numerals and units first: "po sedmi minutách", "za půl minuty"
    replacements += hebrew_times(text)  # "כעבור כשלוש-עשרה שניות", "כשעה אחר כך": words Hebrew writes together
    replacements += spaced_numeral_times(text)  # "mười bốn phút", "dua puluh detik kemudian": numbers written apart
    for pattern in (_BEFORE, _AFTER):
        for match in pattern.finditer(text):
            if any(match.start() < b and match.end() > a for a, b, _ in replacements):
                continue
            unit = match.group("unit")
            value = "1" if match.group("one") else _value(match.group("n"), unit)
            if value is None:
                continue
            english = next(e for p, e in _UNITS if re.fullmatch(p, unit, re.I))
            about = "about " if match.group("about") or match.groupdict().get("kadar") else ""
            hours, start = "", match.start()
            if match.group("hunit") is not None:
                counted = "1" if match.group("hone") else _value(match.group("hn"), match.group("hunit"))
                if counted is None:  # no hour counted ("Ora, cinque minuti dopo": now, five minutes later)
                    start = min(match.start(g) for g in ("one", "n", "unit") if match.group(g) is not None)
                    about = ""
                else:
                    larger = next(e for p, e in _UNITS if re.fullmatch(p, match.group("hunit"), re.I))
                    if larger == english:  # ("dieci minuti, cinque minuti dopo": two times, not one)
                        start = min(match.start(g) for g in ("one", "n", "unit") if match.group(g) is not None)
                    else:
                        hours = f"{counted} {larger} and "
            first = _FIRST_MESSAGE.match(text, match.end())
            if first is not None and match.group(0).rstrip().lower().endswith(("dopo", "depois", "później", "sonra")):
                # "tre minuti e ventisette secondi dopo il mio primo messaggio": counted from the session's start
                replacements.append((start, first.end(), f"{about}{hours}{value} {english} after my first message"))
                continue
            replacements.append((start, match.end(), f"{about}{hours}{value} {english} later"))
    for match in _BARE.finditer(text):
        if any(match.start() < b and match.end() > a for a, b, _ in replacements):
            continue
        value = _value(match.group("n"), match.group("unit"))
        if value is not None:
            english = next(e for p, e in _BARE_UNITS if re.fullmatch(p, match.group("unit"), re.I))
            replacements.append((match.start(), match.end(), f"{value} {english}"))
    if not replacements:
        return None
    return Gloss.of(text, replacements)
