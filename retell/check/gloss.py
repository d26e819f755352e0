"""German, French and Spanish figures glossed into English, so that the reader of numbers, units and times
(`amounts.py`) reads a post told in those languages: "vierundzwanzig Werkzeugaufrufe" is "twenty-four tool
calls", "knapp 1.300 Zeilen" is "just under 1,300 lines", "acht Minuten später" is "eight minutes later",
"une demi-heure plus tard" is "half an hour later".

Only figures and the words around them that say what they count or how exact they are are glossed; every
other word stays as it is. `Gloss.back` maps a place in the gloss to its place in the original, so a claim
is shown and placed as the post wrote it."""

from __future__ import annotations

import bisect
import itertools
import re
from dataclasses import dataclass, field

from retell.check.language import language_of

_ONES_DE = {
    "ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6, "sieben": 7, "acht": 8,
    "neun": 9,
}  # fmt: skip
_TEENS_DE = {
    "zehn": 10, "elf": 11, "zwölf": 12, "dreizehn": 13, "vierzehn": 14, "fünfzehn": 15, "sechzehn": 16,
    "siebzehn": 17, "achtzehn": 18, "neunzehn": 19,
}  # fmt: skip
_TENS_DE = {
    "zwanzig": 20, "dreißig": 30, "dreissig": 30, "vierzig": 40, "fünfzig": 50, "sechzig": 60, "siebzig": 70,
    "achtzig": 80, "neunzig": 90,
}  # fmt: skip
_FR = {
    "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "six": 6, "sept": 7, "huit": 8, "neuf": 9, "dix": 10,
    "onze": 11, "douze": 12, "treize": 13, "quatorze": 14, "quinze": 15, "seize": 16, "vingt": 20,
    "trente": 30, "quarante": 40, "cinquante": 50, "soixante": 60, "cent": 100, "mille": 1000,
}  # fmt: skip
_ES = {
    "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8, "nueve": 9, "diez": 10,
    "once": 11, "doce": 12, "trece": 13, "catorce": 14, "quince": 15, "dieciséis": 16, "diecisiete": 17,
    "dieciocho": 18, "diecinueve": 19, "veinte": 20, "veintiuno": 21, "veintidós": 22, "veintitrés": 23,
    "veinticuatro": 24, "veinticinco": 25, "veintiséis": 26, "veintisiete": 27, "veintiocho": 28,
    "veintinueve": 29, "treinta": 30, "cuarenta": 40, "cincuenta": 50, "sesenta": 60, "cien": 100, "mil": 1000,
}  # fmt: skip
_EN_WORDS = {
    1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine",
    10: "ten", 11: "eleven", 12: "twelve",
}  # fmt: skip

# What a figure counts, German and French, as the English word `amounts.py` knows.
_UNITS = [
    (r"Sekunden?|secondes?|segundos?", "seconds"),
    (r"Minuten?|minutes?|minutos?", "minutes"),
    (r"Stunden?|heures?|horas?", "hours"),
    (r"Tage?n?|jours?|días?", "days"),
    (r"Wochen?|semaines?|semanas?", "weeks"),
    (r"Monate?n?|mois|meses", "months"),
    (
        r"Werkzeugaufrufen?|Werkzeug-Aufrufen?|Tool-Aufrufen?|Toolaufrufen?|appels? d['’]outils?"
        r"|appels? (?:à|aux) des? outils?|llamadas? a (?:la |las )?herramientas?",
        "tool calls",
    ),
    (r"Aufrufen?|appels?", "calls"),
    (r"Zeilen|lignes?|líneas?", "lines"),
    (r"Dateien|Datei|fichiers?|archivos?|ficheros?", "files"),
    (r"Tests?|Testfällen?|tests?|pruebas?", "tests"),
    (r"Commits?|commits?", "commits"),
    (r"Bearbeitungen|Edits|modifications", "edits"),
    (r"Nachrichten|messages?|mensajes?", "messages"),
    (r"Fehlern?|erreurs?|errores", "errors"),
    (r"Subagenten|Sub-Agenten|sous-agents?|subagentes?", "subagents"),
    (r"Befehlen?|commandes?|comandos?", "commands"),
    (r"Durchläufen?|Läufen?|exécutions?", "runs"),
    (r"Prozent|pour ?cent|%", "percent"),
    (r"Wörtern?|mots", "words"),
]  # fmt: skip
_UNIT = re.compile(
    r"(?P<unit>" + "|".join(f"(?:{p})" for p, _ in _UNITS) + r")(?![\w-])",
)
# Words before a figure that say how exact it is, and after it, that it is a time between two moments.
_BEFORE = [
    (r"gut|gute|guten|über|mehr als|plus de|bien plus de|más de", "over"),
    (r"knapp(?:e[nmrs]?)?|fast|beinahe|près de|presque|à peine|casi", "just under"),
    (
        r"etwa|ungefähr|rund|circa|ca\.|gegen|environ|à peu près|quelque|autour de|unos|unas|alrededor de|cerca de",
        "about",
    ),
    (r"unter|weniger als|moins de|menos de", "under"),
    (r"binnen|innerhalb von|innerhalb|en moins de|en menos de", "within"),
    (r"nach|après|au bout de|tras", "after"),
]
_AFTER = [
    (r"später|danach|plus tard|après|después|más tarde", "later"),
    # "…nach dem Befehl", "…après mon message", "…después de mi mensaje": after a moment the sentence names
    (
        r"nach(?=\s+(?:dem|der|den|meine[mnr]?|seine[mnr]?|ihre[mnr]?|Claudes)\b)|après(?=\s+(?:le|la|les|mon|ma|mes|son|sa)\b)"
        r"|después de(?=\s+(?:el|la|los|las|mi|mis|su|sus)\b)",
        "after",
    ),
    (r"vorher|früher|plus tôt|avant|antes", "earlier"),
]
_BEFORE_RE = re.compile(r"(?<!\w)(?:" + "|".join(f"(?P<b{n}>{p})" for n, (p, _) in enumerate(_BEFORE)) + r")\s+$", re.I)
_AFTER_RE = re.compile(r"\s+(?:" + "|".join(f"(?P<a{n}>{p})" for n, (p, _) in enumerate(_AFTER)) + r")(?!\w)", re.I)
# Fixed phrases of time: "eine halbe Stunde", "anderthalb Stunden", "une demi-heure", "une heure et demie".
_PHRASES = [
    # a later day: "al día siguiente", "am nächsten Morgen", "le lendemain" (hours at least between two events)
    (
        r"(?:al|el) día siguiente|a la (?:mañana|tarde|noche) siguiente|am (?:nächsten|folgenden) "
        r"(?:Tag|Morgen|Abend|Nachmittag)|le lendemain|le (?:jour|matin|soir) suivant",
        "the next day",
    ),
    # a vague count: "unos segundos", "ein paar Sekunden", "quelques minutes"
    (r"unos (?:pocos )?segundos|(?:ein paar|einige) Sekunden|quelques secondes", "a few seconds"),
    (r"unos (?:pocos )?minutos|(?:ein paar|einige) Minuten|quelques minutes", "a few minutes"),
    (r"(?:eine|einer|einem) halben? Stunde|une demi-heure|une demie-heure|media hora", "half an hour"),
    (r"Dreiviertelstunde|trois quarts d['’]heure|tres cuartos de hora", "three quarters of an hour"),
    (r"(?:eine|einer|einem) Viertelstunde|(?:un|d['’]un) quart d['’]heure|un cuarto de hora", "a quarter of an hour"),
    (r"(?:eineinhalb|anderthalb) Stunden|une heure et demie|una hora y media", "an hour and a half"),
    (r"(?:eine|einer|einem) Stunde|une heure|una hora", "an hour"),
    (r"(?:eine|einer|einem) Minute|une minute|un minuto", "a minute"),
    (r"(?:ein|einen|einem) Tag|un jour", "a day"),
    (r"(?:eine|einer) Woche|une semaine", "a week"),
]
_PHRASE_RE = re.compile(
    r"(?<!\w)(?:" + "|".join(f"(?P<p{n}>{p})" for n, (p, _) in enumerate(_PHRASES)) + r")(?!\w)", re.I
)
# "una hora", "une heure", "eine Stunde" that claim no length (round thirty-two): a time of day ("a una hora más
# razonable", "à une heure" (one o'clock), "zu einer Stunde, in der…") or a turn of speech ("de una hora para
# otra", "d'une heure à l'autre", "von einer Stunde auf die andere": suddenly; "una hora u otra": sooner or later).
_HOUR_NOT_A_LENGTH_AFTER = re.compile(
    r"\s+(?:más|menos|plus|moins)\s+(?!de\b|que\b|d['’]|tard\b|tarde\b)\w"
    r"|\s+(?:razonable|decente|prudente|prudencial|tardía|temprana|tranquila|punta|pico|concreta|determinada|fija"
    r"|exacta|raisonnable|décente|tardive|matinale|avancée|creuse|de pointe|précise|fixe|convenable)\b"
    r"|,?\s+(?:en\s+(?:la\s+)?(?:que|cual)|donde|où|à laquelle|dans laquelle|in der|zu der)\b"
    r"|\s+(?:para|a)\s+otra\b|\s+[uo]\s+otra\b|\s+à\s+l['’]autre\b|\s+auf\s+die\s+andere\b",
    re.I,
)
_CLOCK_BEFORE = re.compile(r"(?<!\w)(?:à|vers)\s+$", re.I)  # "à une heure": one o'clock ("à une heure de…": away)
# A time of day picked, accepted or carried (round thirty-three, fresh22's taqueria): "`isValidPickup`, que acepta una
# hora solo si…", "si trae una hora", "elige una hora", "choisir une heure": the object of such a verb is a moment,
# never a length ("tardó una hora" has no such verb)
_PICKED_BEFORE = re.compile(
    r"(?<!\w)(?:acept|trae|traer|traen|trajo|traía|eleg|elig|escog|escoj|seleccion|ped|pid|fij|indic|marc|envi|enví|mand|recib|guard"
    r"|muestr|mostr|choisi|choisiss|accept|indiqu|envoi|envoy|reçoi|recev|fix|scegli|scelg|accett|sceglie"
    r"|escolh|aceit)\w*\s+$",
    re.I,
)
# The word joining an hour and the minutes of one length: "una hora y veintitrés minutos", "une heure et vingt
# minutes", "eine Stunde und dreiundzwanzig Minuten" (read apart, "23 minutes later" is a time nobody told)
_JOINED = re.compile(r"\s+(?P<and>y|et|und)\s+$", re.I)
_DE_WORD = (
    r"(?:(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und)?(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|"
    r"sechzig|siebzig|achtzig|neunzig)|dreizehn|vierzehn|fünfzehn|sechzehn|siebzehn|achtzehn|neunzehn|zwölf|elf|"
    r"zehn|zwei|drei|vier|fünf|sechs|sieben|acht|neun"
)
_ES_WORD = (
    r"veinti(?:uno|dós|trés|cuatro|cinco|séis|siete|ocho|nueve)|(?:treinta|cuarenta|cincuenta|sesenta) y "
    r"(?:uno|dos|tres|cuatro|cinco|seis|siete|ocho|nueve)|dieci(?:séis|siete|ocho|nueve)|trece|catorce|quince|"
    r"veinte|treinta|cuarenta|cincuenta|sesenta|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce"
)
_FR_WORD = (
    r"(?:vingt|trente|quarante|cinquante|soixante)(?:-(?:et-)?(?:un|deux|trois|quatre|cinq|six|sept|huit|neuf))?"
    r"|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|cent|mille"
)
# A figure: German thousands with dots (1.300) or spaces, a decimal comma (3,5), or a number word.
_FIGURE = re.compile(
    rf"(?<![\w.,])(?:(?P<digits>\d{{1,3}}(?:[. \u00a0\u202f]\d{{3}})+(?![\d.])|\d+,\d+(?!\d)|\d+)"
    rf"|(?P<word>{_DE_WORD}|{_FR_WORD}|{_ES_WORD}))(?![\w])",
    re.I,
)


def _word_value(word: str) -> int | None:
    word = word.lower()
    if word in _ONES_DE:
        return _ONES_DE[word]
    if word in _TEENS_DE:
        return _TEENS_DE[word]
    if word in _TENS_DE:
        return _TENS_DE[word]
    compound = re.fullmatch(r"(\w+?)und(\w+)", word)
    if compound and compound.group(1) in _ONES_DE and compound.group(2) in _TENS_DE:
        return _ONES_DE[compound.group(1)] + _TENS_DE[compound.group(2)]
    if word in _FR:
        return _FR[word]
    if word in _ES:
        return _ES[word]
    spanish = re.fullmatch(r"(\w+) y (\w+)", word)
    if spanish and spanish.group(1) in _ES and spanish.group(2) in _ES:
        return _ES[spanish.group(1)] + _ES[spanish.group(2)]
    parts = re.split(r"-(?:et-)?", word)
    if len(parts) == 2 and parts[0] in _FR and (parts[1] in _FR or parts[1] == "un"):
        return _FR[parts[0]] + (1 if parts[1] == "un" else _FR[parts[1]])
    return None


@dataclass
class Gloss:
    text: str
    # (start in the gloss, end in the gloss, start in the original, end in the original) of each replacement
    pieces: list[tuple[int, int, int, int]] = field(default_factory=list)

    @classmethod
    def of(cls, text: str, replacements: list[tuple[int, int, str]]) -> Gloss:
        """`text` with each (start, end, english) span replaced, the spans not overlapping."""
        out, pieces, last, length = [], [], 0, 0
        for start, end, english in sorted(replacements):
            out.append(text[last:start])
            length += start - last
            pieces.append((length, length + len(english), start, end))
            out.append(english)
            length += len(english)
            last = end
        out.append(text[last:])
        return cls("".join(out), pieces)

    def back(self, at: int, *, end: bool = False) -> int:
        """The place in the original of a place in the gloss (a place inside a replacement: its start, or its
        end when `end`)."""
        starts = [p[0] for p in self.pieces]
        n = bisect.bisect_right(starts, at) - 1
        if n < 0:
            return at
        g_start, g_end, o_start, o_end = self.pieces[n]
        if at < g_end or (at == g_end and end):
            return o_end if end and at > g_start else o_start
        return o_end + (at - g_end)


def glossable(text: str) -> bool:
    return language_of(text) in ("de", "fr", "es")


def gloss(text: str) -> Gloss:
    """The text with its German or French figures, units and time words in English."""
    replacements: list[tuple[int, int, str]] = []
    taken: list[tuple[int, int]] = []

    def add(start: int, end: int, english: str) -> None:
        if any(start < b and end > a for a, b in taken):
            return
        replacements.append((start, end, english))
        taken.append((start, end))

    for match in _PHRASE_RE.finditer(text):
        group = next(k for k, v in match.groupdict().items() if v is not None)
        english = _PHRASES[int(group[1:])][1]
        if english == "an hour" and _not_a_length(text, match.start(), match.end()):
            continue
        add(match.start(), match.end(), english)
        _qualify(text, match.start(), match.end(), add)
    for match in _FIGURE.finditer(text):
        unit = _UNIT.match(text, _skip_space(text, match.end()))
        if unit is None:
            continue  # a figure with no unit after it is not glossed ("Python 3", "PR 2")
        if match.group("digits"):
            raw = match.group("digits")
            value = (
                raw.replace(",", ".")
                if "," in raw
                else re.sub(r"[. \u00a0\u202f]", ",", raw)
                if re.search(r"\d[. \u00a0\u202f]\d{3}", raw)
                else raw
            )
        else:
            number = _word_value(match.group("word"))
            if number is None:
                continue
            value = _EN_WORDS.get(number, str(number))
        add(match.start(), match.end(), value)
        english = next(e for p, e in _UNITS if re.fullmatch(p, unit.group("unit")))
        add(unit.start(), unit.end(), english)
        _qualify(text, match.start(), unit.end(), add)
    _join_hours(text, replacements, add)
    _elided_minutes(text, replacements, add)
    return Gloss.of(text, replacements)


# "une heure et quarante-deux pendant lesquelles…", "une heure cinquante, la plus grande partie…", "eine Stunde
# und zweiundvierzig, in denen…": an hour's
# minutes, their unit left out (pyrivage, fresh24, read as "an hour" alone)
_ELIDED = re.compile(
    rf"\s+(?:(?:et|und|y)\s+)?(?P<n>\d{{1,2}}|{_FR_WORD}|{_DE_WORD}|{_ES_WORD})(?=\s*[,.;:)]|\s+(?:pendant|durant|dont|"
    r"von\s+denen|in\s+denen|während|de\s+(?:las|los)\s+que|en\s+(?:las|los)\s+que|durante)\b)",
    re.I,
)


def _elided_minutes(text: str, replacements: list[tuple[int, int, str]], add: object) -> None:
    for _, end, english in sorted(replacements):
        if not re.search(r"\b(?:an hour|hours?)$", english):
            continue
        elided = _ELIDED.match(text, end)
        if elided is None:
            continue
        raw = elided.group("n")
        number = int(raw) if raw.isdigit() else _word_value(raw)
        if number is not None and 0 < number < 60:
            add(end, elided.end(), f" and {number} minutes")  # type: ignore[operator]


def _not_a_length(text: str, start: int, end: int) -> bool:
    """Whether "una hora" at start:end is a time of day or a turn of speech, not a length."""
    if _HOUR_NOT_A_LENGTH_AFTER.match(text, end) or _PICKED_BEFORE.search(text[max(0, start - 24) : start]):
        return True
    return bool(_CLOCK_BEFORE.search(text[max(0, start - 8) : start])) and not re.match(r"\s+d[e'’]", text[end:])


def _join_hours(text: str, replacements: list[tuple[int, int, str]], add: object) -> None:
    """The "y" of "una hora y veintitrés minutos" as "and": one length of an hour and some minutes."""
    ordered = sorted(replacements)
    for (_, end, english), (start, _, _) in itertools.pairwise(ordered):
        if not re.search(r"\b(?:an hour|hours?|minutes?)$", english):  # (and minutes before their seconds)
            continue
        joined = _JOINED.fullmatch(" " + text[end:start]) if start > end else None
        if joined is not None:
            at = end + joined.start("and") - 1
            add(at, at + len(joined.group("and")), "and")  # type: ignore[operator]


def _skip_space(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \u00a0\u202f":
        at += 1
    return at


def _qualify(text: str, start: int, end: int, add: object) -> None:
    before = _BEFORE_RE.search(text[max(0, start - 24) : start])
    if before is not None:
        group = next(k for k, v in before.groupdict().items() if v is not None)
        offset = max(0, start - 24)
        add(offset + before.start(group), offset + before.end(group), _BEFORE[int(group[1:])][1])  # type: ignore[operator]
    after = _AFTER_RE.match(text, end)
    if after is not None:
        group = next(k for k, v in after.groupdict().items() if v is not None)
        add(after.start(group), after.end(group), _AFTER[int(group[1:])][1])  # type: ignore[operator]
