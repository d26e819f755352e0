"""A title built from what the session is about, in the form a blogger of the post's language gives one.

Rounds 17-21 picked a line (a commit, the author's opening, a clause of Claude's) and filtered the bad kinds; the
lines left were still said in the form of their source: a commit's imperative ("Corrige la migration…"), its scope
("고객: …"), the author's greeting, their "I have a weird bug with X", their need ("Потрібен нормальний …",
"…を追加したいです"), a sentence cut at a preposition ("… pică toate cu"). Here a candidate is rebuilt from its
subject and the kind of work: the action noun in French ("Correction de la migration…"), the infinitive in Spanish,
Portuguese and Italian, the gerund in English, the deed a need asked for, the fix of the bug the author reported.
A language with no pattern keeps the candidate as it was; the title gate (title_gate) stays the last filter. The
patterns are by form (a verb's person, a possessive, a greeting), never a title's literal words."""

from __future__ import annotations

import re

from retell.extract.greetings import GREETING
from retell.extract.title_forms import MOST_WORDS, capitalised, word_count

# A greeting that opens the author's line, with whom it greets ("Hi Claude!", "مرحبا،", "chào Claude,")
_GREETING = re.compile(
    rf"(?i)^(?:{GREETING}(?:\s+(?:claude|there|all|team|again|everyone))?"
    r"(?:[\s!,.،:;~～。！、]|[\U0001F300-\U0001FAFF\u2600-\u27BF])+)+"
)
# A sentence that only announces a question or a request ("I have a question.", "یه سوال داشتم", "j'ai une question"):
# it names nothing, what follows it does
_ANNOUNCES = re.compile(
    r"(?i)^(?:(?:i\s+)?(?:have|had|got)\s+a\s+(?:quick\s+)?(?:question|q)|quick\s+(?:question|q)|"
    r"(?:tengo|tenía)\s+una\s+(?:pregunta|duda)|una\s+pregunta|j'ai\s+une\s+question|petite\s+question|"
    r"(?:ich\s+)?(?:habe|hätte)\s+(?:da\s+)?eine\s+(?:kurze\s+)?frage|kurze\s+frage|(?:tenho|tinha)\s+uma\s+(?:pergunta|dúvida)|"
    r"(?:ho|avrei)\s+una\s+domanda|ik\s+heb\s+een\s+vraag|mam\s+pytanie|(?:у\s+меня|есть)\s+вопрос|"
    r"у\s+мене\s+питання|bir\s+sorum\s+var|saya\s+(?:mau\s+)?(?:ada|punya)\s+pertanyaan|mau\s+(?:minta\s+tolong|tanya)(?:\s+nih)?|"
    r"minta\s+tolong(?:\s+nih)?|(?:یه|یک)\s+سوال\s+(?:داشتم|دارم)|سوال\s+داشتم|عندي\s+سؤال|"
    r"質問があります|ちょっと質問|질문이\s+있(?:어요|습니다)|有个问题|有個問題|问个问题|問個問題|"
    r"mujhe\s+ek\s+(?:sawal|doubt)\s+(?:hai|tha)|ek\s+sawal\s+(?:hai|tha)|jeg\s+har\s+et\s+spørsmål|"
    r"jeg\s+har\s+et\s+spørgsmål|jag\s+har\s+en\s+fråga|minulla\s+on\s+kysymys|יש\s+לי\s+שאלה)"
    r"\s*[.!:،,;…。！]*\s*"
)
# A conjunction that opens a line lifted from a paragraph ("Och rapporten visar nu…", "And the report…")
_OPENING_AND = {
    "en": "and|so", "sv": "och|så", "de": "und|also", "fr": "et|alors", "es": "y|pues", "pt": "e|então",
    "it": "e|ed|quindi", "nl": "en", "pl": "i|więc", "cs": "a|i", "ru": "и|а", "uk": "і|й|та|а", "vi": "và",
    "id": "dan", "tr": "ve", "ro": "și|iar", "el": "και", "hu": "és", "da": "og", "no": "og",
}  # fmt: skip
_OPENING_AND_CJK = re.compile(r"^(?:そして|それで|然后|然後|而且|所以|그리고|그래서)[、，,\s]*")
# A commit's scope, in any script ("고객: …", "Fronta: …", "fix(items): …"): one word before a colon
# (one word: two, "Pagina prestiti: …", name the subject as a title does)
_SCOPE = re.compile(r"^[^\W\d][\w.-]*(?:\([\w./-]+\))?!?\s?[:：]\s+(?=\S)")

# A commit's verb, as the first word of its subject, and the title form of the work it says, per language: the action
# noun in French (a noun takes no agreement: "Correction de la migration…"), the infinitive in Spanish, Portuguese
# and Italian (as their writers title a change)
_FR_NOUNS = {
    "corrige": "Correction", "corriger": "Correction", "répare": "Réparation", "réparer": "Réparation",
    "ajoute": "Ajout", "ajouter": "Ajout", "supprime": "Suppression", "supprimer": "Suppression",
    "retire": "Retrait", "retirer": "Retrait", "migre": "Migration", "migrer": "Migration",
    "remplace": "Remplacement", "remplacer": "Remplacement", "déplace": "Déplacement", "déplacer": "Déplacement",
    "accélère": "Accélération", "accélérer": "Accélération", "optimise": "Optimisation", "optimiser": "Optimisation",
    "réécrit": "Réécriture", "réécrire": "Réécriture", "gère": "Gestion", "gérer": "Gestion",
    "modifie": "Modification", "modifier": "Modification", "simplifie": "Simplification",
    "simplifier": "Simplification", "nettoie": "Nettoyage", "nettoyer": "Nettoyage", "ajuste": "Ajustement",
    "ajuster": "Ajustement", "renomme": "Renommage", "renommer": "Renommage", "implémente": "Implémentation",
    "implémenter": "Implémentation", "active": "Activation", "activer": "Activation", "désactive": "Désactivation",
    "désactiver": "Désactivation", "passe": "Passage", "passer": "Passage", "sécurise": "Sécurisation",
    "sécuriser": "Sécurisation", "refactorise": "Refactorisation", "refactoriser": "Refactorisation",
}  # fmt: skip
_INFINITIVES = {
    "es": {
        "corrige": "Corregir", "arregla": "Arreglar", "añade": "Añadir", "agrega": "Agregar", "elimina": "Eliminar",
        "quita": "Quitar", "actualiza": "Actualizar", "mueve": "Mover", "monta": "Montar", "migra": "Migrar",
        "cambia": "Cambiar", "reemplaza": "Reemplazar", "usa": "Usar", "evita": "Evitar", "acelera": "Acelerar",
        "optimiza": "Optimizar", "reescribe": "Reescribir", "soluciona": "Solucionar", "ajusta": "Ajustar",
        "implementa": "Implementar", "simplifica": "Simplificar", "renombra": "Renombrar", "separa": "Separar"},
    "pt": {
        "corrige": "Corrigir", "adiciona": "Adicionar", "acrescenta": "Acrescentar", "remove": "Remover",
        "atualiza": "Atualizar", "actualiza": "Actualizar", "troca": "Trocar", "usa": "Usar", "evita": "Evitar",
        "muda": "Mudar", "migra": "Migrar", "substitui": "Substituir", "resolve": "Resolver", "ajusta": "Ajustar",
        "otimiza": "Otimizar", "optimiza": "Optimizar", "reescreve": "Reescrever", "implementa": "Implementar",
        "simplifica": "Simplificar", "conserta": "Consertar", "acelera": "Acelerar", "separa": "Separar"},
    "it": {
        "corregge": "Correggere", "correggi": "Correggere", "aggiunge": "Aggiungere", "aggiungi": "Aggiungere",
        "rimuove": "Rimuovere", "rimuovi": "Rimuovere", "aggiorna": "Aggiornare", "sistema": "Sistemare",
        "usa": "Usare", "sposta": "Spostare", "sostituisce": "Sostituire", "sostituisci": "Sostituire",
        "evita": "Evitare", "migra": "Migrare", "ottimizza": "Ottimizzare", "riscrive": "Riscrivere",
        "riscrivi": "Riscrivere", "risolve": "Risolvere", "risolvi": "Risolvere", "semplifica": "Semplificare",
        "velocizza": "Velocizzare", "implementa": "Implementare", "cambia": "Cambiare"},
}  # fmt: skip
# French "de" before the object: its article joined as French writes it
_FR_DE = ((r"^le\s+", "du "), (r"^les\s+", "des "), (r"^(?:la|l['’])", lambda m: "de " + m.group()),
          (r"^(?:un|une)\b", lambda m: "d'" + m.group()), (r"^(?=[aeiouéèêh])", "d'"))  # fmt: skip
_FR_PLACE = re.compile(r"(?i)^(?:à|au|aux|vers|en|sur|dans|pour|sous|chez)\b")

# The author bringing a bug: "I have a weird bug with Pinia" -> the work that fixes it, per language: (the opening,
# the form of the title; {rest} is what the bug is, from its noun on)
_BUG_NOUNS = (
    r"(?:bug|bugs|problem|problems|issue|error|crash|problema|problemas|error|fallo|problème|souci|erreur|fehler|erro|"
    r"errore|probleem|fout|problém|chyba|chybu|błąd|проблема|баг|ошибка|помилка|lỗi|vấn đề|masalah)"
)
_WITH = r"(?:with|in|con|en|com|em|avec|dans|mit|bei|met|z|ze|w|s|se|v|ve|с|в|з|у|với|trong|dengan|di)"
_EN_HAVE = r"(?:so\s+|ok\s+)?(?:i|we)(?:'ve| have| got|'ve got| am having| are having| keep (?:getting|hitting))\s+"
_VI_HAVE = r"(?:mình|tôi|em|anh|chị|bọn mình|chúng tôi|team mình)\s+(?:có|gặp|bị|đang bị|đang gặp)\s+(?:một\s+|1\s+)?"
_BUG = {
    "en": (_EN_HAVE, "Fixing {rest}"),
    "es": (r"(?:tengo|tenemos)\s+(?:un|una)\s+", "Resolver el {rest}"),
    "pt": (r"(?:tenho|temos|estou com|estamos com)\s+(?:um|uma)\s+", "Resolver o {rest}"),
    "it": (r"(?:ho|abbiamo)\s+(?:un|uno)\s+", "Risolvere il {rest}"),
    "vi": (_VI_HAVE, "Sửa {rest}"),
    "id": (r"(?:aku|saya|kami|kita)\s+(?:punya|ada|dapat|kena)\s+", "Memperbaiki {rest}"),
    "cs": (r"(?:mám|máme)\s+", "{Rest}"),
    "pl": (r"(?:mam|mamy)\s+", "{Rest}"),
    "ru": (r"у\s+(?:меня|нас)\s+(?:есть\s+)?", "{Rest}"),
    "uk": (r"у\s+(?:мене|нас)\s+(?:є\s+)?", "{Rest}"),
}  # fmt: skip
# The author owning a thing ("I have a backup script for my NAS that I wrote years ago…"): the thing, reworked
_HAVE_A = re.compile(
    r"(?i)^(?:so\s+)?(?:i|we)(?: have|'ve got| maintain)\s+(?:a|an)\s+(?P<what>.+?)"
    r"(?:\s+(?:that|which)\b|[,;:.!?…]|\s+-|$)"
)

# The author's symptom in the first person ("Plantly crashes when I swipe-to-delete the last plant"): the fix of it
_BREAKS_WHEN_I = re.compile(
    r"(?i)^(?P<what>(?:the\s+)?[\w.-]+(?:\s+[\w.-]+){0,2}?)\s+(?P<verb>crashes|hangs|freezes|crashed|hung|froze)\s+"
    r"(?:whenever|when|if|as soon as)\s+(?:i|we)\s+(?P<act>[a-z][\w-]*(?:\s+.+)?)$"
)
_BREAK_NOUNS = {"crashes": "crash", "crashed": "crash", "hangs": "hang", "hung": "hang", "freezes": "freeze",
                "froze": "freeze"}  # fmt: skip
# A need before the thing needed ("Потрібен нормальний graceful shutdown для нашого …"): the thing, without "proper"
_NEED = re.compile(
    r"(?i)^(?:потрібен|потрібна|потрібне|потрібно|потрібні|нужен|нужна|нужно|нужны|need|we need|brauche|wir brauchen|"
    r"chcę|potrzebuję|potrzebujemy|kell egy|behöver|vi behöver|"
    r"(?:mình|tôi|em|anh|chị|chúng tôi|chúng mình|bọn mình) (?:cần|muốn)|"
    r"saya (?:perlu|mau|ingin)|kami perlu|aku (?:perlu|mau))"
    r"\s+(?:(?:a|an|ein|eine|einen)\s+)?"
    r"(?:(?:нормальний|нормальна|нормальне|нормальный|нормальная|нормальное|правильний|правильный|proper|decent|real|"
    r"richtigen|richtige|vernünftigen|vernünftige|porządny|porządne|normalny|ordentlig)\s+)?"
)
# "Our" after a preposition ("для нашого gRPC-сервісу"): the author's, which a title does without
_OUR = re.compile(r"(?i)(?<=\s)(?:нашого|нашої|нашому|нашим|наших|нашего|нашей|нашему|нашим|нашу|naszego|naszej)\s+")
# A need in Japanese, Korean and Chinese, said as the deed ("…を追加したいです" -> "…を追加する")
_JA_WISH = re.compile(
    r"^(?P<what>.+?)(?P<verb>し|直し|変え|作り|入れ|使い|消し|書き直し|移し)たい"
    r"(?:です|んです|と思っています|と思います)?[。！]?$"
)
_JA_PLAIN = {
    "し": "する", "直し": "直す", "変え": "変える", "作り": "作る", "入れ": "入れる", "使い": "使う", "消し": "消す",
    "書き直し": "書き直す", "移し": "移す",
}  # fmt: skip
_KO_WISH = re.compile(r"^(?P<what>.+?)[을를]?\s*(?P<noun>\S+?)하고\s*싶(?:어요|습니다|어|은데요?)[.!]?$")
# A Korean request said as an ask ("…스크립트 만들어줘", "…버그 고쳐 주세요"): the deed is its verb's noun form
_KO_ASK = re.compile(
    r"^(?P<what>.+?)[을를]?\s*(?P<verb>만들어|고쳐|추가해|바꿔|수정해|넣어|작성해|구현해|정리해|짜)\s*"
    r"(?:줘|줘요|주세요|줄래|줄 수 있어)[.!?？]?$"
)
_KO_DEED = {
    "만들어": "만들기", "고쳐": "고치기", "추가해": "추가", "바꿔": "바꾸기", "수정해": "수정", "넣어": "넣기",
    "작성해": "작성", "구현해": "구현", "정리해": "정리", "짜": "짜기",
}  # fmt: skip
# Where a Korean ask's first steps end ("…값을 받아서 나쁨 이상이면…"): a long ask keeps its last step
_KO_STEP = re.compile(r"(?<=아서|어서|여서|해서|하고)\s+")
_ZH_WISH = re.compile(r"^(?:我|我们|我們)?(?:想要|想|希望|需要|打算)(?P<what>.{4,})$")
# "أريد إضافة اللغة العربية لرسائل الخطأ" (I want adding…): the verbal noun after the wish is the deed ("إضافة…");
# a verb after "أن" ("أريد أن أضيف", I want that I add) is no title, so only a noun is taken
_AR_WISH = re.compile(
    r"^(?:أريد|اريد|أود|اود|نريد|نود|بدي|بدنا|عايز|عاوز|عايزين|ودي|حاب|أحتاج|احتاج|نحتاج)\s+(?!أن\s|ان\s)(?P<what>\S.+)$"
)

# "…rapor sayfası eklemek istiyorum" (I want to add…): the infinitive's verbal noun is the deed ("…sayfası ekleme");
# fresh31's Turkish aidat session was titled by the whole wish
_TR_WISH = re.compile(
    r"^(?P<what>.+\s)(?P<stem>\S+?)m(?P<vowel>[ea])k\s+(?:istiyorum|istiyoruz|isterim|isterdim|lazım|gerekiyor)[.!]?$"
)

# A question of why, which a blogger keeps as the title without its mark ("ทำไมค้นหาชื่อยาภาษาไทยใน API เราไม่เจอ")
_WHY = re.compile(
    r"(?i)^(?:why|warum|wieso|pourquoi|por qué|porque|perché|waarom|dlaczego|почему|чому|neden|varför|proč|kenapa|"
    r"mengapa|tại sao|miért|de ce|γιατί|なぜ|どうして|为什么|為什麼|왜|ทำไม|למה|لماذا|چرا)"
)
# A preposition a sentence was cut after ("… pică toate cu", "… with"): the title ends before it. Not in German,
# Dutch or the Scandinavian languages, whose verbs end on a particle of that form ("komt … niet meer op"), nor the
# English particles of phrasal verbs ("log in", "turn on")
_TRAILING = re.compile(
    r"(?i)\s+(?:with|for|of|from|by|cu|la|de|pe|din|în|avec|pour|sur|dans|con|para|por|en|com|em|di|da|per|su|z|ze|w|"
    r"na|do|s|se|v|ve|u|с|со|в|на|для|з|із|у|від|ile|için|với|cho|của|dengan|untuk|di|ke|dari)\s*[:,.]?$"
)
_PARTICLES = frozenset({"de", "nl", "sv", "da", "no", "nb"})


def built(text: str, source: str | None, language: str | None, whole: str | None = None) -> str:
    """`text` (a title some source proposed) built into the title form of the post's `language` (see the module).
    `whole`: the author's request `text` was cut from by its length alone ("…sometimes shows results" of "…results
    for an older query"; titles.prompt_title), said shorter here without losing its end."""
    key = _key(language)
    title = _shortened(whole.strip(), key) if whole else text.strip()
    title = _without_greeting(title)
    title = _without_opening_and(title, key)
    if source == "scope":  # (its scope only: a heading compared with the title, headings.chapter_heading)
        title = _without_scope(title)
    elif source == "commit":
        title = _without_body(_without_scope(title))
        title = _recast(title, key)
    else:
        title = _from_opening(title, key)
    if source != "commit":
        title = _without_what_i_see(title)
    title = _without_aside(title) if key in _PARTICLES else _without_trailing(_without_aside(title))
    return title or text.strip()


def built_goal(request: str, language: str | None) -> str:
    """The author's need said as the deed it asks for ("Rust製の… に fix サブコマンドを追加したいです" -> "…を追加する",
    "Потрібен нормальний X для нашого Y" -> "X для Y"); "" when the request says no need in a form known here."""
    key = _key(language)
    text = _without_greeting(request.strip()).rstrip("。.!！")
    if key == "ja":
        wish = _JA_WISH.match(text)
        return f"{wish.group('what')}{_JA_PLAIN[wish.group('verb')]}" if wish else ""
    if key == "ko":
        wish = _KO_WISH.match(text)
        if wish:
            return f"{wish.group('what').strip()} {wish.group('noun')}"
        ask = _KO_ASK.match(text)
        if not ask:
            return ""
        what = ask.group("what").strip()
        while word_count(what) > MOST_WORDS - 2 and len(_KO_STEP.split(what, maxsplit=1)) == 2:
            what = _KO_STEP.split(what, maxsplit=1)[1]  # "…값을 받아서 나쁨 이상이면 …": the step the ask ends on
        return f"{what} {_KO_DEED[ask.group('verb')]}"
    if key in ("zh-Hans", "zh-Hant"):
        wish = _ZH_WISH.match(text)
        return wish.group("what") if wish else ""
    if key == "tr":
        wish = _TR_WISH.match(text)
        return capitalised(f"{wish.group('what')}{wish.group('stem')}m{wish.group('vowel')}") if wish else ""
    if key == "ar":
        wish = _AR_WISH.match(text)
        return _without_aside(wish.group("what")).strip() if wish and word_count(wish.group("what")) >= 2 else ""
    need = _NEED.match(text)
    if need and not key.startswith("en") and word_count(text[need.end() :]) >= 2:
        return capitalised(_without_aside(_OUR.sub("", text[need.end() :]).strip()))
    return ""


def _key(language: str | None) -> str:
    if not language:
        return ""
    return language if language.startswith("zh") else language.split("-")[0]


# Words of frequency and hedging a problem's statement does without ("sometimes", "randomly")
_HEDGES = re.compile(r"(?i)\s+(?:sometimes|randomly|occasionally|often|always|constantly|suddenly|intermittently)\b")
_FIRST_IN = re.compile(r"(?i)\s+(?:in|on)\s+the\s+(?:[\w-]+\s+){0,2}?[\w-]+(?=\s+[a-z]+(?:s|ed)\b)")


def _shortened(sentence: str, key: str) -> str:
    """A request too long for a title said shorter without losing its end: its hedges out, then (in English) the
    first "in the …" that places its subject ("The city search autocomplete in the booking form sometimes shows
    results for an older query" -> "The city search autocomplete shows results for an older query")."""
    text = _HEDGES.sub("", sentence) if key == "en" else sentence
    if key == "en" and word_count(text) > MOST_WORDS:
        text = _FIRST_IN.sub("", text, count=1)
    return text if word_count(text) <= MOST_WORDS else sentence


def _without_greeting(text: str) -> str:
    greeting = _GREETING.match(text)
    rest = text[greeting.end() :] if greeting else text
    announced = _ANNOUNCES.match(rest)  # ("سلام، یه سوال داشتم. دارم فایل…": the greeting and the announcement out)
    if announced and word_count(rest[announced.end() :]) >= 3:
        rest = rest[announced.end() :]
    if rest == text or word_count(rest) < 2:
        return text
    return capitalised(rest.strip())


def without_opener(text: str) -> str:
    """A request without the greeting and the announcement of a question it opens with ("سلام، یه سوال داشتم. دارم
    فایل فروش…" -> "دارم فایل فروش…"; "Halo Claude! Mau minta tolong nih. Tim finance…"); as it was when nothing
    follows them."""
    return _without_greeting(text.strip())


def only_opener(text: str) -> bool:
    """Whether a line is a greeting or an announcement of a question and nothing else ("سلام، یه سوال داشتم", "Hi!")."""
    rest = text.strip()
    greeting = _GREETING.match(rest + " ")
    rest = rest[greeting.end() :] if greeting else rest
    announced = _ANNOUNCES.match(rest)
    rest = rest[announced.end() :] if announced else rest
    return (bool(greeting) or bool(announced)) and word_count(rest) < 2


def _without_opening_and(text: str, key: str) -> str:
    cjk = _OPENING_AND_CJK.match(text)
    if cjk and len(text) - cjk.end() >= 6:
        return text[cjk.end() :]
    words = _OPENING_AND.get(key)
    opening = re.match(rf"(?i)^(?:{words})[,\s]+(?=\w)", text) if words else None
    if not opening or word_count(text[opening.end() :]) < 3:
        return text
    return capitalised(text[opening.end() :])


def _without_scope(text: str) -> str:
    scope = _SCOPE.match(text)
    if not scope or re.match(r"(?i)^(?:https?|ftp|note|todo|warning|error)\b", text):
        return text
    rest = text[scope.end() :]
    return capitalised(rest) if word_count(rest) >= 3 else text


def _without_body(text: str) -> str:
    """A commit's subject without its body, which the record joins to it by " / " ("長いタイトルで…切れないように /
    バッジを fixedSize にし、…"): the subject says the change, the body how."""
    subject, joined, _ = text.partition(" / ")
    if joined and (word_count(subject) >= 3 or len(subject) >= 8):
        return subject.rstrip(" .。")
    return text


def _recast(subject: str, key: str) -> str:
    """A commit's imperative in the post's title form (see the tables above); as it was in a language with none."""
    verb, _, rest = subject.partition(" ")
    lower = verb.lower()
    if key == "fr" and lower in _FR_NOUNS and rest:
        if lower in ("passe", "passer") and not _FR_PLACE.match(rest):
            return subject  # ("passe le test": no move to anything)
        if _FR_PLACE.match(rest):
            return f"{_FR_NOUNS[lower]} {rest}"
        for pattern, joined in _FR_DE:
            if re.match(pattern, rest, re.I):
                return f"{_FR_NOUNS[lower]} {re.sub(pattern, joined, rest, count=1, flags=re.I)}"
        return f"{_FR_NOUNS[lower]} de {rest}"
    if key in _INFINITIVES and lower in _INFINITIVES[key] and rest:
        return f"{_INFINITIVES[key][lower]} {rest}"
    if key == "en":
        from retell.extract.commits import names_a_bump_thing
        from retell.extract.phrasing import as_phrase, is_verb

        if is_verb(lower) and rest and not names_a_bump_thing(subject):
            return as_phrase(subject)
    return subject


def _from_opening(text: str, key: str) -> str:
    """The author's opening line built into a title: the fix of the bug they brought ("Mình có bug lạ với Pinia" ->
    "Sửa bug lạ với Pinia"), the thing they own, reworked, the thing they need."""
    bug = _BUG.get(key)
    if bug:
        # (the bug with its subject: "bug lạ với Pinia"; "un problema gordo: …" names none, its description does)
        opening = re.match(rf"(?i)^{bug[0]}(?P<rest>(?:\w+\s+){{0,2}}?{_BUG_NOUNS}(?:\s+\w+)?\s+{_WITH}\s.*)$", text)
        if opening:
            rest = opening.group("rest")
            if key == "en":
                rest = ("a " if not re.match(r"(?i)^(?:a|an|the|this|some)\b", rest) else "") + rest
            return bug[1].replace("{Rest}", capitalised(rest)).replace("{rest}", rest)
    if key == "en":
        broke = _BREAKS_WHEN_I.match(text)
        if broke:
            from retell.extract.phrasing import gerund

            act = broke.group("act").replace("-", " ")
            verb, _, rest = act.partition(" ")
            noun = _BREAK_NOUNS[broke.group("verb").lower()]
            what = re.sub(r"(?i)^the\s+", "", broke.group("what"))
            return f"Fixing the {what} {noun} when {gerund(verb)} {rest}".rstrip()
        owned = _HAVE_A.match(text)
        if owned and word_count(owned.group("what")) >= 2:
            return f"Reworking the {owned.group('what')}"
    need = built_goal(text, key)
    if need:
        return need
    return text


def built_opening(request: str, language: str | None) -> str:
    """The author's first request as a title by a pattern of this module (the fix of the bug they brought, the thing
    they need, a question of why without its mark); "" when none applies."""
    text = _without_greeting(request.strip().split("\n")[0])
    opening = _from_opening(text, _key(language))
    if opening != text:
        return opening
    # (Spanish opens a question on its own mark: "¿por qué en Android el teclado tapa…?" asks why all the same)
    asked = capitalised(text.lstrip("¿¡ "))
    if _WHY.match(asked) and word_count(asked) >= 3:
        return asked.rstrip(" ?？")
    return ""


# "… and in the log I see …": what the author saw, after the problem; the problem is the title
_I_SEE = re.compile(
    r"(?i)\s(?:e|and|und|y|et|i|и|і|a|en|och|và|dan|ve|și)\s(?:\S+\s){0,3}?"
    r"(?:vejo|veo|vedo|je vois|ich sehe|zie ik|widzę|vidím|вижу|бачу|i see|i get|i'm seeing|jag ser|tôi thấy|mình thấy|"
    r"saya lihat|görüyorum|văd)\b"
)


def _without_what_i_see(text: str) -> str:
    seen = _I_SEE.search(text)
    return text[: seen.start()] if seen and word_count(text[: seen.start()]) >= 3 else text


def _without_aside(text: str) -> str:
    """Without an aside in brackets at the end ("… notifier (Go 1.23)"): the setting, not the work."""
    # (a bracket on a word is a call's, "WindowInsets(0)": no aside)
    aside = re.search(r"(?:\s+\(|\s*（)[^()（）]*[)）]\s*$", text)
    if aside and re.search(r"\d.*(?:->|→|=>)", aside.group()):
        return text  # ("…（8GBで40分→2分21秒）": the outcome's figures, which the title keeps)
    return text[: aside.start()] if aside and word_count(text[: aside.start()]) >= 3 else text


def _without_trailing(text: str) -> str:
    trailing = _TRAILING.search(text)
    if not trailing or word_count(text[: trailing.start()]) < 3:
        return text
    return text[: trailing.start()].rstrip(" ,;:")


# Figures of a change, before and after ("1.91 GB -> 284 MB", "3.4 s → 0.4 s")
_FIGURE = r"\d[\d.,]*\s?(?:[KMGT]i?B|ms|s|min|m|h|%|rows|req/s|MB/s)\b"
_FIGURES = re.compile(rf"(?P<before>{_FIGURE})\s*(?:->|→|=>|to)\s*(?P<after>{_FIGURE})")


def figured(commit: str, opening: str) -> str:
    """A title of the author's subject and the change's figures: "a docker image 1.9 GB, csináld kisebbre" with a
    commit "… (1.91 GB -> 284 MB)" -> "A docker image: 1.91 GB → 284 MB". For a commit in another language than the
    post's, whose figures say the outcome in any; "" without figures, or when the author names no subject before
    their own figure or comma."""
    figures = _FIGURES.search(commit)
    if not figures:
        return ""
    first = _without_greeting(opening.strip().split("\n")[0])
    subject = re.split(
        rf"\s+{_FIGURE}|\s*[,;:.!?，、。]|\s+(?:is|ist|est|es|é|è|jest|je|är|ma|has|hat|"
        r"takes|duurt|tager|varer|tar|dauert|braucht|tarda|demora|prend|dure|impiega|dura|trwa|kestää|sürüyor)\s",
        first,
    )[0]
    subject = subject.strip()
    if not 2 <= word_count(subject) <= 6 or re.search(r"\d", subject):
        return ""
    return f"{capitalised(subject)}: {figures.group('before')} → {figures.group('after')}"
