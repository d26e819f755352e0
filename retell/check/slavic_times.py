"""Times told in the Slavic languages, whose numerals and units decline: Czech "za necelou půlminutu", "po sedmi
minutách", "za minutu a deset sekund", "necelé tři a půl minuty", "čtvrt hodiny"; Slovak "o sedem minút neskôr";
Polish "po siedmiu minutach", "półtorej minuty"; Croatian and Serbian "sedam minuta kasnije", "pola sata";
Slovene "čez sedem minut"; Russian "спустя семь минут", "полчаса"; Ukrainian "через сім хвилин", "півхвилини".

Each is glossed into the English `amounts.py` reads ("just under half a minute later", "7 minutes later", "1 minute
10 seconds later", "just under 3.5 minutes"): the figure, its unit, the word that makes it relative and the one
that says how exact it is. A time with no number ("za minutu", "через час") is one of its unit only where a word
makes it relative. Counts of other things in number words are left alone (a writer's own sum as often as a
figure of the session)."""

from __future__ import annotations

import re

# Each numeral in the forms it takes before a unit of time (nominative, accusative, genitive, locative).
_NUMERALS: dict[int, str] = {
    1: "jeden jedna jedno jednu jedné jednom jedním jednoho jednej jedną jedan jednoj ena eno eni ene один одна "
    "одну одной одного однієї",
    2: "dva dvě dvou dvěma dve dvoch dvoma dwa dwie dwóch dwu dwoma dvije dvaju dveh двa два две двух двумя дві "
    "двох двома",
    3: "tři tří třech třem třemi tri troch trzy trzech trema treh три трёх трех трьох",
    4: "čtyři čtyř čtyřech čtyřmi štyri štyroch cztery czterech četiri štiri štirih четыре четырёх четырех "
    "чотири чотирьох",
    5: "pět pěti päť piatich pięć pięciu pet petih пять пяти п'ять п’ять п'яти п’яти",
    6: "šest šesti šesť šiestich sześć sześciu šestih шесть шести шість шести",
    7: "sedm sedmi sedem siedmich siedem siedmiu sedam sedmih семь семи сім семи",
    8: "osm osmi osem ôsmich osiem ośmiu osam osmih восемь восьми вісім восьми",
    9: "devět devíti deväť deviatich dziewięć dziewięciu devet devetih девять девяти дев'ять дев’ять дев'яти",
    10: "deset deseti desať desiatich dziesięć dziesięciu desetih десять десяти",
    11: "jedenáct jedenácti jedenásť jedenaście jedenastu jedanaest enajst одиннадцать одинадцять",
    12: "dvanáct dvanácti dvanásť dwanaście dwunastu dvanaest dvanajst двенадцать дванадцять",
    13: "třináct třinácti trinásť trzynaście trzynastu trinaest trinajst тринадцать тринадцять",
    14: "čtrnáct čtrnácti štrnásť czternaście czternastu četrnaest štirinajst четырнадцать чотирнадцять",
    15: "patnáct patnácti pätnásť pätnástich piętnaście piętnastu petnaest petnajst petnajstih пятнадцать "
    "пятнадцати п'ятнадцять п’ятнадцять",
    16: "šestnáct šestnácti šestnásť szesnaście szesnastu šesnaest šestnajst шестнадцать шістнадцять",
    17: "sedmnáct sedmnácti sedemnásť siedemnaście siedemnastu sedamnaest sedemnajst семнадцать сімнадцять",
    18: "osmnáct osmnácti osemnásť osiemnaście osiemnastu osamnaest osemnajst восемнадцать вісімнадцять",
    19: "devatenáct devatenácti devätnásť dziewiętnaście dziewiętnastu devetnaest devetnajst девятнадцать "
    "дев'ятнадцять",
    20: "dvacet dvaceti dvadsať dvadsiatich dwadzieścia dwudziestu dvadeset dvajset dvajsetih двадцать двадцати "
    "двадцять",
    30: "třicet třiceti tridsať trzydzieści trzydziestu trideset trideset тридцать тридцати тридцять",
    40: "čtyřicet čtyřiceti štyridsať czterdzieści czterdziestu četrdeset štirideset сорок сорока",
    45: "pětačtyřicet",
    50: "padesát padesáti päťdesiat pięćdziesiąt pięćdziesięciu pedeset petdeset пятьдесят пятидесяти п'ятдесят",
    60: "šedesát šedesáti šesťdesiat sześćdziesiąt šezdeset šestdeset шестьдесят шістдесят",
}
_VALUE = {form: value for value, forms in _NUMERALS.items() for form in forms.split()}

# Each unit in its cases; the group name is the English unit.
_SECONDS = (
    r"sekund(?:a|e|u|y|ě|ách|ami|ach|ah|i|o|ę|ы|у)?|sekúnd|vteřin(?:a|u|y|ě|ách|ami)?|секунд(?:а|ы|у|е|ах|ами|и|і)?"
)
_MINUTES = (
    r"minut(?:a|e|u|y|ě|ách|ami|ach|ah|i|o|ę)?|minút(?:a|u|y|ach|ami|e)?|minucie|минут(?:а|ы|у|е|ах|ами)?"
    r"|хвилин(?:а|и|у|і|ах|ами)?"
)
_HOURS = (
    r"hodin(?:a|u|y|ě|ách|ami)?|hodín|godzin(?:a|ę|y|ie|ach|ami)?|sat(?:a|i|u|ima)?|ur(?:a|e|i|o|ah|ami)?"
    r"|час(?:а|ов|у|ах|ами)?|годин(?:а|и|у|і|ах|ами)?"
)
_UNIT = rf"(?:(?P<s>{_SECONDS})|(?P<m>{_MINUTES})|(?P<h>{_HOURS}))"
_UNIT2 = rf"(?:(?P<s2>{_SECONDS})|(?P<m2>{_MINUTES})|(?P<h2>{_HOURS}))"
_ENGLISH = {"s": "second", "m": "minute", "h": "hour"}

# A unit told alone is one of it ("za minutu", "через час", "necelá hodina"), where a word makes it a time
_ONE = (
    r"(?P<one>(?P<os>sekund[ua]|sekundę|vteřin[ua]|sekúnd[ua]|секунд[уа])|(?P<om>minut[ua]|minút[ua]|minutę|минут[уа]"
    r"|хвилин[уа])|(?P<oh>hodin[ua]|godzin[ęa]|ur[oa]|sat|час|годин[уа]))"
)
# A fraction of a unit: "půl minuty", "půlminutu", "čtvrt hodiny", "kwadrans", "полчаса", "півхвилини",
# "półtorej minuty", "полторы минуты", "pola sata"
_FRACTION = (
    r"(?P<half>(?:půl|pol|pół|pola|пол|пів)\s?(?=\w))"
    r"|(?P<quarter>(?:čtvrt|štvrť|četvrt|četrt|четверть|чверть)\s+(?=\w))"
    r"|(?P<oneandhalf>(?:półtorej|półtora|полторы|полтора|півтори|півтора|jeden a půl|jedna a půl)\s+(?=\w))"
)
_AND_HALF = r"(?:\s+(?:a|i|in|и|і|с|з)\s+(?:půl|pol|pół|pola|половиной|половиною))"
# tens and units said apart: "двадцать три", "dwadzieścia trzy", "dvacet tři" (round thirty-two: read alone, "три
# минуты" of "через час и двадцать три минуты" was a time nobody told)
_TENS_FORMS = sorted((f for v in (20, 30, 40, 50, 60) for f in _NUMERALS[v].split()), key=len, reverse=True)
_ONES_FORMS = sorted((f for v in range(1, 10) for f in _NUMERALS[v].split()), key=len, reverse=True)
_COMPOUND = rf"(?:{'|'.join(map(re.escape, _TENS_FORMS))})\s+(?:{'|'.join(map(re.escape, _ONES_FORMS))})"
_NUMBER = rf"{_COMPOUND}|\d+(?:[.,]\d+)?|" + "|".join(sorted(map(re.escape, _VALUE), key=len, reverse=True))
_FIGURE = (
    rf"(?:(?:(?P<n>{_NUMBER})(?P<nh>{_AND_HALF})?\s+|{_FRACTION}){_UNIT}(?P<uh>{_AND_HALF})?"
    rf"|{_ONE}(?P<oh2>{_AND_HALF})?)"
    # the smaller unit after the larger, joined by "and" or told straight on ("через 8 минут 45 секунд"): one time
    rf"(?:(?:\s+(?:a|i|in|и|і))?\s+(?P<n2>{_NUMBER})\s+{_UNIT2})?"
)
# How exact: "necelou" (not quite), "asi" (about), "přes" (over), "do" (within)
_QUALIFIER = (
    r"(?P<below>necel(?:á|é|ý|ou|ých|ými)|necel(?:ú|ej)|niecał(?:a|e|y|ą|ych)|niespełna|nepun(?:a|e|i|u|ih)?|"
    r"méně než|míň než|menej ako|menej než|mniej niż|manje od|manj kot|неполн(?:ых|ые|ую|ая)|меньше|менее|"
    r"неповн(?:их|і|у|а)|менше)"
    r"|(?P<about>asi|zhruba|přibližně|približne|približno|kolem|okolo|cca|skoro|téměř|takmer|około|jakieś|"
    r"mniej więcej|prawie|oko|otprilike|gotovo|skoraj|okoli|примерно|около|почти|где-то|приблизно|близько|майже|десь)"
    r"|(?P<above>přes|více než|víc než|viac ako|vyše|ponad|przeszło|więcej niż|više od|preko|več kot|dobrých|"
    r"dobrou|dobré|dobrih|dobre|больше|более|свыше|понад|більше)"
    r"|(?P<within>do|během|w ciągu|v priebehu|в течение|протягом)"
)
# The word that makes it relative, before the figure ("za", "po", "через", "спустя", "nakon", "čez")
_BEFORE = r"(?P<rel>za|po|nakon|poslije|posle|čez|через|спустя|после|після)"
# or after it ("později", "poté", "neskôr", "później", "kasnije", "kasneje", "позже", "спустя", "пізніше")
_AFTER = (
    r"(?P<after>po|после|після|nakon|poslije|posle)(?=\s+\w)|(?P<rel2>později|poté|nato|neskôr|później|potem|kasnije|poslije|posle|kasneje|pozneje|zatem|спустя|"
    r"позже|позднее|потом|потому|пізніше|згодом)"
)
_TIME = re.compile(
    rf"(?<!\w)(?:{_BEFORE}\s+)?(?:(?:{_QUALIFIER})\s+)?(?:{_FIGURE})(?:\s+(?:{_AFTER}))?(?!\w)",
    re.I,
)


def _number(raw: str) -> float | None:
    if raw[:1].isdigit():
        return float(raw.replace(",", "."))
    values = [_VALUE.get(word) for word in raw.lower().replace("’", "'").split()]
    return None if not values or None in values else float(sum(v for v in values if v is not None))


def _unit(match: re.Match[str], names: tuple[str, str, str]) -> str:
    return next(_ENGLISH[k[0]] for k in names if match.group(k))


def _show(value: float, unit: str) -> str:
    figure = f"{value:g}"
    return f"{figure} {unit}" + ("" if value == 1 else "s")


def slavic_times(text: str) -> list[tuple[int, int, str]]:
    """(start, end, English) of each time these languages tell in `text`."""
    out: list[tuple[int, int, str]] = []
    for match in _TIME.finditer(text):
        relative = bool(match.group("rel") or match.group("rel2") or match.group("after"))
        if match.group("n"):
            value = _number(match.group("n"))
            if value is None:
                continue
            unit = _unit(match, ("s", "m", "h"))
            if match.group("nh") or match.group("uh"):
                value += 0.5
            told = _show(value, unit)
        elif match.group("one"):
            if not (
                relative or match.group("n2") or match.group("oh2") or match.group("below") or match.group("about")
            ):
                continue  # "na minutu", "hodinu": a unit alone is a figure only where a word makes it a time
            unit = {"os": "second", "om": "minute", "oh": "hour"}[next(k for k in ("os", "om", "oh") if match.group(k))]
            told = _show(1.5 if match.group("oh2") else 1.0, unit)
        else:
            unit = _unit(match, ("s", "m", "h"))
            if match.group("half"):
                told = f"half a {unit}" if unit != "hour" else "half an hour"
            elif match.group("quarter"):
                told = f"{15 if unit == 'hour' else 0.25:g} {'minutes' if unit == 'hour' else unit + 's'}"
            else:
                told = _show(1.5, unit)
        if match.group("n2"):
            second = _number(match.group("n2"))
            if second is None:
                continue
            told += " " + _show(second, _unit(match, ("s2", "m2", "h2")))
        qualifier = next((k for k in ("below", "about", "above", "within") if match.group(k)), "")
        english = {"below": "just under ", "about": "about ", "above": "over ", "within": "within "}.get(qualifier, "")
        # "dvě minuty po tom vysvětlení": "2 minutes after" what the sentence names
        ending = " after" if match.group("after") else " later" if relative else ""
        out.append((match.start(), match.end(), english + told + ending))
    return out
