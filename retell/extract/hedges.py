"""The words a speaker hedges with ("probably", "I suspect", *vermutlich*, 可能, たぶん, 아마 …), in the languages
retell reads: one table for the check's guess rule (retell/check/guesses.py) and the drafting notes on a commit
message that repeats a guess as found (retell/write/guessed_causes.py)."""

from __future__ import annotations

import re

HEDGE = re.compile(
    r"\b(?:probably|likely|presumably|possibly|perhaps|maybe|might(?: be| have)?|could be|may be|may have|"
    r"(?:I|I'd)\s+(?:suspect|guess|think|believe|bet)|my (?:guess|hunch|suspicion)|seems?(?: to| like)?|"
    r"appears? to|looks like|smells? like|sounds? like|"
    r"probablemente|quiz[áa]s?|tal vez|puede que|parece(?: que)?|supongo|sospecho|"
    r"provavelmente|talvez|pode ser|acho que|suspeito|"
    r"probablement|sans doute|peut-[êe]tre|il semble|je (?:pense|suppose|soup[çc]onne)|"
    r"vermutlich|wahrscheinlich|vielleicht|anscheinend|scheint|ich (?:vermute|glaube|denke)|"
    # Dutch, Italian, Polish, Swedish, Indonesian, Turkish, Russian
    r"waarschijnlijk|misschien|wellicht|vermoedelijk|lijkt|ik (?:denk|vermoed)|probabilmente|forse|magari|"
    r"sembra|(?:credo|penso) che|suppongo|prawdopodobnie|chyba|wydaje się|myślę, że|förmodligen|kanske|"
    r"troligen|verkar|mungkin|sepertinya|kayaknya|barangkali|muhtemelen|belki|galiba|sanırım|вероятно|"
    r"возможно|может быть|кажется|похоже)\b"
    r"|可能|也许|大概|似乎|恐怕|たぶん|多分|おそらく|かもしれ|と思い|と思わ|아마|것 같",
    re.I,
)
