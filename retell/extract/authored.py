"""Whether a line the author typed can head a stretch: only when it names a task (an ask said as its step, an
-ing step, a label naming a thing to change), never when it reports (a symptom, a lead-in, a greeting, a
measurement). Decided by form, in any language, never by the words of a symptom:

- a report is a sentence: a clause mark inside it (a comma, the Arabic or CJK comma, a full stop before more
  words), an English finite verb's auxiliary or negation ("Button does nothing on Safari"), a figure in a unit of
  time or a share ("4s", "20 %"), a line longer than a label that opens on its subject's article, a
  demonstrative, a pronoun or when it happened ("Il bottone salva non risponde più…", "Вот что в логах…",
  "De export duurt…", "Ieri sera la coda…");
- a task is an -ing step (made from an ask), a label of LABEL_WORDS words or fewer, or a longer line of at most
  TASK_WORDS words that opens on something else (its verb: "Añade también un filtro por estado…");
- a longer line that does not report is neither (too_long): what the stretch did says it first."""

from __future__ import annotations

import re

LABEL_WORDS = 6  # a label naming a thing to change ("Añadir paginación al listado de pedidos") is this short
TASK_WORDS = 12  # …an ask may be longer, up to this (a heading then says its first clause)
CJK_LABEL_CHARS = 20  # …and in Chinese, Japanese or Korean, a label is this many characters

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_LATIN_ONLY = re.compile(r"^[\sA-Za-z\u00c0-\u024f\u1e00-\u1eff\d\W_]*$")
# A clause mark inside the line, in any script (the comma of Arabic and of CJK too): a sentence, not a label
_CLAUSE_MARK = re.compile(r"[,;،؛，、；。]|[.!?！？](?=\s)|[!?！？。]$")
# A figure in a unit of time or a share ("4s", "30 min", "20%"): a measurement told, not a thing to change
_MEASURED = re.compile(r"\b\d+(?:[.,]\d+)?\s*(?:ms|s|sec|min|h|%)(?!\w)", re.I)
# English finite verbs by their function words: a statement ("Button does nothing", "The export is empty since…")
_STATEMENT = re.compile(
    r"(?i)\b(?:is|are|was|were|am|does|doesn't|don't|did|didn't|isn't|aren't|wasn't|weren't|won't|can't|cannot|"
    r"couldn't|has|hasn't|haven't|had|keeps|kept|still|anymore|no longer|nothing|never|since)\b"
)
# A question by its question word (why, how, what, which, where, when), in the languages retell heads in: a thing to
# find out or to weigh ("What about the cache files already on disk?"), not a report
_FIND_OUT = re.compile(
    r"(?i)^(?:why|how|what|which|where|when|warum|wieso|weshalb|wie|was|welche[rs]?|wo|wann|pourquoi|comment|"
    r"quoi|quel(?:le)?s?|où|quand|et (?:si|les?|la)|por ?qu[ée]|cómo|como|qu[ée]|cu[áa]l(?:es)?|d[óo]nde|cu[áa]ndo|"
    r"¿\s*\w+|perché|come|cosa|quale|dove|quando|o que|qual|onde|waarom|hoe|wat|welke|waar|wanneer|dlaczego|jak|co|"
    r"który|gdzie|kiedy|почему|как|что|какой|где|когда|чому|як|що|який|де|коли|neden|nasıl|hangi|nerede|varför|"
    r"hur|vad|vilken|när|proč|jak|co|kde|kdy|γιατί|πώς|τι|ποιο|πού|πότε|mengapa|kenapa|bagaimana|apa|mana|kapan|"
    r"tại sao|sao|làm sao|gì|nào|đâu)\b|^(?:为什么|為什麼|怎么|怎麼|什么|哪|なぜ|どうして|何|どこ|いつ|왜|뭐|어디|언제)"
)
_STEP = re.compile(r"^[A-Z][a-z]+ing\b")  # retell's -ing step, made from an ask ("Adding a retry to…")
# What a subject opens on: an article, a demonstrative, a pronoun, a "here is" (function words of the languages
# retell heads in). A line that opens so and runs past a label reports what the author saw.
_SUBJECT_OPENING = re.compile(
    r"(?i)^(?:the|this|that|these|those|it|there|here|"
    r"el|la|los|las|lo|este|esta|ese|esa|aquel|aquella|le|les|l'|ce|cet|cette|ces|il|elle|ils|on|ça|"
    r"der|die|das|den|dem|des|ein|eine|dieser|diese|dieses|es|er|sie|"
    r"i|gli|lo|uno|una|questo|questa|quel|quella|o|a|os|as|um|uma|aquele|aquela|esse|essa|isso|isto|"
    r"de|het|een|deze|dit|dat|ten|ta|to|te|ten|tamten|"
    r"η|ο|το|οι|τα|της|του|αυτό|αυτή|αυτός|"
    r"вот|это|этот|эта|эти|тот|та|те|он|она|оно|они|ось|це|цей|ця|ці|той|"
    r"bu|şu|o|ini|itu|ada|cái|con|những|các|này|den|det|ett|en|ten|tento|tato|toto|"
    r"ה|זה|זאת|הנה|هذا|هذه|ذلك|تلك|هناك)\b"
)


# When it happened, opening the line ("Ieri sera la coda…", "Nach dem Update auf…", "Since Monday the…"): a report
_WHEN_OPENING = re.compile(
    r"(?i)^(?:yesterday|today|since|after|ever since|ieri|oggi|da quando|dopo|ayer|hoy|desde|después de|"
    r"hier|aujourd'hui|depuis|après|gestern|heute|seit|nach|ontem|hoje|desde|depois|gisteren|vandaag|sinds|"
    r"wczoraj|dziś|dzisiaj|od|po|вчера|сегодня|после|с тех пор|вчора|сьогодні|після|χθες|σήμερα|από|μετά|"
    r"kemarin|hari ini|sejak|setelah|hôm qua|hôm nay|từ khi|sau khi|dün|bugün|beri|sonra|igår|idag|sedan|efter)\b"
)


# A contrast between two clauses, in a language other than English (whose statements _STATEMENT tells): what a
# tool says against what is ("…\"Tests run: 0\" diyor ama projede 40 test var", "…läuft lokal, aber auf CI…")
_CONTRAST = re.compile(
    r"(?i)\s(?:ama|fakat|ancak|aber|mais|pero|però|mas|maar|ale|но|але|tapi|namun|nhưng|men|mutta)\s+\S+\s+\S"
)
# A Chinese, Japanese or Korean line that opens on the author's own situation ("我们有个爬虫脚本…", "うちの…",
# "저희 회사…"): it tells what they have, not a thing to do
_CJK_SITUATION = re.compile(
    r"^(?:我们|我們|咱们|我这边|我這邊|我(?=有)|うちの|私の|僕の|弊社の|저희|제가|우리)(?!来|來|想|要|需要)"
)


def names_a_task(line: str) -> bool:
    """Whether `line` names a task by its form (see the module's doc)."""
    text = " ".join(line.split()).strip()
    if not text or reports(text):
        return False
    if _CJK.search(text):
        return len(_CJK.findall(text)) <= CJK_LABEL_CHARS
    return bool(_STEP.match(text)) or len(text.split()) <= TASK_WORDS


def too_long(line: str) -> bool:
    """Whether a line that does not report is longer than an ask a heading says (TASK_WORDS): it heads a stretch
    only after what the stretch did, before the names of the files it changed."""
    text = " ".join(line.split()).strip()
    return bool(text) and not reports(text) and not names_a_task(text)


# What a program printed, reported by the author ("console says: Uncaught TypeError", "im Log steht: …", "la consola
# dice: …"): the author telling what they saw, never a step
_PROGRAM_SAYS = re.compile(
    r"(?i)^(?:(?:the|my|die|der|das|im|in der|la|el|le|il|o|a|na|w)\s+)?"
    r"(?:console|log|logs|terminal|output|compiler|browser|devtools|server|error|stack ?trace|konsole|ausgabe|"
    r"fehlermeldung|consola|salida|registro|sortie|journal|navigateur|uscita|saída|navegador|konsoli|konsola|"
    r"logu|logach|wyjściu|консол[ьи]|лог[еи]?|вывод[еи]?)\s+"
    r"(?:says|said|shows|showed|prints|printed|gives|gave|throws|threw|reads|spits out|sagt|zeigt|steht|meldet|"
    r"wirft|dice|muestra|pone|sale|dit|affiche|indique|mostra|diz|pokazuje|mówi|wyrzuca|пишет|показывает|выдает|"
    r"выдаёт)\b"
)


def reports(line: str) -> bool:
    """Whether `line` is a report by its form (see the module's doc): a sentence of what the author saw."""
    text = " ".join(line.split()).strip()
    if not text:
        return False
    if _PROGRAM_SAYS.match(text):
        return True
    if _STEP.match(text) and _LATIN_ONLY.match(text):
        return False  # retell's step, made from an ask ("Finding out whether it is possible to…")
    if _FIND_OUT.match(text) and text.endswith(("?", "？")) and not _CLAUSE_MARK.search(text[:-1]):
        return False  # "Why does the nightly build take 40 minutes?": what the stretch set out to find out
    if _CLAUSE_MARK.search(text) or _MEASURED.search(text):
        return True
    if _CJK.search(text):
        return bool(_CJK_SITUATION.match(text))
    if _CONTRAST.search(text) and not _in_english(text):
        return True
    if _LATIN_ONLY.match(text) and _in_english(text) and _STATEMENT.search(text):
        return True
    return len(text.split()) > LABEL_WORDS and bool(_SUBJECT_OPENING.match(text) or _WHEN_OPENING.match(text))


def _in_english(text: str) -> bool:
    from retell.extract.typos import foreign_words, in_english

    return in_english(text) and not foreign_words(text)
