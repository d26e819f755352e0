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
    r"возможно|может быть|кажется|похоже|"
    # the hedges of speech beside the textbook ones: "I imagine", *me imagino*, *скорее всего*, *herhalde* …
    r"I (?:imagine|reckon|wonder if)|I'd (?:guess|say|bet)|chances are|odds are|my bet is|"
    r"me imagino|imagino que|creo que|a lo mejor|seguramente|dir[íi]a que|"
    r"imagino|deve ser|creio que|desconfio|pelo jeito|"
    r"je crois|j'imagine|on dirait|vraisemblablement|"
    r"ich nehme an|dürfte|ich tippe|"
    r"immagino|è probabile|sospetto|"
    r"ik gok|zou kunnen|"
    r"pewnie|podejrzewam|zapewne|"
    r"скорее всего|видимо|наверное|подозреваю|по-видимому|судя по всему|мабуть|ймовірно|схоже|"
    r"herhalde|tahminimce|şüpheleniyorum|"
    r"có lẽ|chắc là|hình như|tôi đoán|"
    r"kemungkinan|saya curiga)\b"
    r"|可能|也许|也許|大概|似乎|恐怕|估计|估計|怀疑|懷疑|看起来|看起來|应该是|應該是|疑似"
    r"|たぶん|多分|おそらく|かもしれ|と思い|と思わ|ようです|みたいです|でしょう|と推測|気がします"
    r"|아마|것 같|듯합|듯해|추정|의심"
    r"|शायद|लगता है|संभवतः|हो सकता है",
    re.I,
)
