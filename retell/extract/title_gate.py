"""What a title must be, whoever proposed it: a noun phrase or short clause that names the work or the problem.

Every source of a title (a commit, Claude's words, the author's, retell's own for the work) can produce words that
are no title by their form: a file list ("修改 fetch.py、test_fetch.py 等"), two subjects joined by " / ", a line of
chat ("Tenemos un problema gordo", "Tolong"), a wish ("On doit passer à pydantic 2"), a report with shouting
capitals, a sentence cut at its conjunction ("… ama"), an explanation ("… parce que …"). `fails` says which; the
caller tries the next candidate, then `repaired` forms of it, and builds one from what the session is about when
none passes. The checks are by form, in the languages retell writes, never by a title's literal words."""

from __future__ import annotations

import re

from retell.extract.title_forms import (
    DANGLING,
    ENOUGH,
    FILE_MADE,
    MOST_WORDS,
    WISH,
    addresses,
    capitalised,
    word_count,
)

TITLE_WORDS = (3, MOST_WORDS)  # the fewest and the most words a title holds (spaced scripts)
TITLE_CJK = (6, 30)  # … and characters, in Japanese and Chinese (written without spaces)

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
_FILE = re.compile(r"(?<![\w/])[\w.-]*[A-Za-z_][\w-]*\.(?:[a-z]{1,4}|[A-Z]{2,4})(?![\w.])")
# The end of a list retell writes of what it touched ("and more", "等", "dan lainnya"): in every language it knows
_LIST_END = re.compile(
    r"(?i)(?:\band more|\band others|\betc\.?|\bu\.a\.|\bund weitere|\bet autres|\bentre autres|\by más|\by otros|"
    r"\be altri|\be outros|\ben meer|\bi inne|\bи другие|\bи др\.|\bі інші|\bve diğerleri|\boch fler|\ba další|"
    r"\bdan lainnya|\bvà các tệp khác|\bκαι άλλα|\bși altele|\bés mások|\bja muut|\bog flere|\bi altres|\bna zaidi|"
    r"\bat iba pa|\bi drugi|\bve daha fazlası|ועוד|وغيرها|و غیره|और अन्य|และอื่น ๆ)\s*$|"
    r"\s(?:等|など|ほか|외)\s*(?:の変更|の作成|를? ?수정|수정)?\s*$"
)
# Two subjects of a commit written as one ("A / B", "A；B")
_JOINED = re.compile(r"\S\s+/\s+\S|[;；]\s*\S")
# A word in capitals that is a common word said loudly ("the PREVIOUS filter"), not a name or a keyword
_SHOUT = re.compile(r"(?<![\w`])[A-Z]{5,}(?![\w`])")
_KEYWORDS = frozenset(
    {
        "analyze",
        "begin",
        "between",
        "cascade",
        "check",
        "commit",
        "debug",
        "default",
        "delete",
        "distinct",
        "error",
        "exists",
        "explain",
        "false",
        "foreign",
        "group",
        "having",
        "index",
        "inner",
        "insert",
        "join",
        "like",
        "limit",
        "null",
        "order",
        "outer",
        "partition",
        "primary",
        "references",
        "returning",
        "rollback",
        "select",
        "table",
        "true",
        "union",
        "unique",
        "update",
        "vacuum",
        "value",
        "values",
        "warning",
        "where",
    }
)  # (SQL's and logs' words, written in capitals by convention: no shouting)
_LOUD = re.compile(r"[!?？！]{2,}")
# A clause that hangs on a condition or a time ("Kalau restart nginx…", "jab woh … khole hote hain") or a guess
# ("大概是被擋了", "probably the cache"): no title on its own
_HANGS = re.compile(
    r"(?i)^(?:when|whenever|if|especially|specially|wenn|falls|sobald|quand|lorsque|si|cuando|quando|se|als|"
    r"wanneer|kiedy|jeśli|jeżeli|gdy|когда|если|коли|якщо|eğer|nếu|khi|om|när|když|pokud|kalau|jika|ketika|"
    r"jab|agar|إذا|عندما|כש|אם|probably|maybe|perhaps|vielleicht|wahrscheinlich|peut-être|probablement|"
    r"quizás|quizá|tal vez|probablemente|forse|talvez|misschien|może|chyba|наверное|возможно|мабуть|mungkin|"
    r"có lẽ|galiba|belki)\b|^(?:大概|可能是|應該是|应该是|也许|也許|たぶん|多分|おそらく|もし|아마|만약)"
)
# A sentence that gives a cause: an explanation, not a title ("… parce que FastAPI l'exige", "… 해서 NULL 허용")
_CAUSE = re.compile(
    r"(?i)\s(?:because|since|parce que|puisque|weil|da|porque|ya que|perché|poiché|omdat|aangezien|ponieważ|bo|"
    r"потому что|так как|тому що|бо|çünkü|eftersom|protože|karena|vì|لأن|כי|επειδή)\s"
    r"|(?:해서|어서|아서|때문에)\s|因为|因為|所以|ので、|から、|\s(?:เพราะ|ดังนั้น|จึง)"
    # (a Korean clause that ends on the reason it gives, Claude's "원인은 … 쓰고 있어서예요" without its copula)
    r"|(?:해서|어서|아서|여서|라서|니까|때문에)\s*[,.]?$"
)
# A line of code: SQL opening on its keyword in capitals, or two names compared ("a.id = t.account_id")
_CODE = re.compile(
    r"^(?:SELECT|FROM|WHERE|JOIN|UPDATE|INSERT|DELETE|CREATE|ALTER|WITH)\s+\w|[\w.]+\s*(?:==?|!=)\s*[\w.]+\.[\w]"
    r"|\b[a-z]+_[\w.]*\s*(?:==?|!=|<=?|>=?)\s*['\w]"
    # (an attribute or a setting with its quoted value: `android:windowSoftInputMode="adjustNothing"`, `mode='strict'`)
    r"|[\w.:-]+=([\"'])[^\"']*\1"
)
# An address or a redaction: a log's detail, never a title's ("Nginx mencoba ke 172.19.0.4")
_ADDRESS = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b|\[REDACTED[:\]]")
# Words that only say there is a problem, a plea or a greeting: a title of them names nothing
_EMPTY = re.compile(
    r"(?i)^(?:\W*(?:we|i|you|there|it|this|that|a|an|the|is|are|has|have|got|'s|'re|big|weird|strange|small|"
    r"serious|huge|real|problem|problems|issue|issues|bug|bugs|question|help|please|error|"
    r"tenemos|tengo|hay|un|una|problema|problemas|gordo|grande|raro|extraño|ayuda|por favor|"
    r"on|j'ai|nous avons|il y a|un|une|gros|grave|bizarre|problème|souci|aide|"
    r"wir|ich|haben|habe|es gibt|ein|eine|großes|komisches|seltsames|problem|fehler|hilfe|bitte|"
    r"temos|tenho|um|uma|problemão|estranho|ajuda|abbiamo|ho|c'è|strano|grosso|aiuto|"
    r"we hebben|ik heb|een|groot|raar|probleem|hulp|mamy|mam|jest|duży|dziwny|problem|pomocy|"
    r"у нас|у меня|есть|большая|странная|проблема|баг|помогите|bir|büyük|garip|sorun|var|yardım|"
    r"ada|masalah|besar|aneh|tolong|bantu|mas|bhai|bro|ek|hai|yaar|kuch|"
    r"mình|có|một|vấn đề|lỗi|lạ|giúp|với)\W*)+$"
)


# A line that answers Claude ("No, the index…", "ไม่ใช่ครับ …", "Нет, …"): the chat, whatever follows
_ANSWER = re.compile(
    r"(?i)^(?:no|nope|yes|yeah|yep|nein|ja|non|oui|sí|si|não|sim|nie|tak|ne|ano|nee|nej|нет|да|ні|так|hayır|evet|"
    r"không|tidak|bukan|iya|όχι|ναι|nu|igen|nem)\s*[,!.]\s"
    r"|^(?:いいえ|はい|不是|不对|不對|是的|아니요|아뇨|네)[、，,。!！\s]|^(?:ไม่ใช่|ใช่|ไม่)(?:ครับ|ค่ะ|คะ)"
)

# A plea to the reader or to Claude ("جرّب الآن من فضلك", "try it now please"): chat, never a title
_PLEA = re.compile(
    r"(?i)\b(?:please|por favor|s'il te plaît|s'il vous plaît|bitte|per favore|proszę|пожалуйста|будь ласка|lütfen|"
    r"vui lòng|kérlek|vă rog|παρακαλώ)\b|من فضلك|لو سمحت|お願いします|부탁(?:드립니다|해요)"
)


# A shell's prompt before a command pasted with its output (stop 63: fresh44's photographer opened with
# `PS ~\projetos\entrega-fotos> python entrega.py --cliente "Ana e Bruno"`, and it titled the offline post):
# PowerShell's `PS C:\…>`, cmd's `C:\…>`, a Unix shell's `user@host:~/dir$`
_SHELL_PROMPT = re.compile(
    r"(?:PS [A-Za-z]:\\|PS [~/\\]|[A-Za-z]:\\)[^>\n]{0,200}>[ \t]+\S|[\w.-]+@[\w.-]+:[~/][^$#\n]{0,200}[$#][ \t]+\S"
)
# A title that names its problem only by pointing at what the author pasted ("I get this error in my importer", "у
# меня вот такая ошибка в импортёре", "me sale este error"): a reader has no paste to look at
_POINTS_AT_PASTE = re.compile(
    r"(?i)(?:^|\s)(?:this|these|that|the following|este|esta|estos|estas|ese|esa|esse|essa|cette|ce|ces|dieser|"
    r"diesen|diese|dieses|folgenden|folgende|deze|dit|volgende|ten|ta|tento|tenhle|tuhle|"
    r"вот так(?:ая|ую|ой|ие)|так(?:ая|ую|ой|ие)|эт(?:а|у|от|и)|ц(?:я|ю|ей|і)|так(?:а|у|ий|і))\s+"
    r"(?:error|errors|exception|bug|issue|problem|warning|output|message|stack ?trace|traceback|errores|fallo|"
    r"fallos|problema|erro|erros|erreur|erreurs|problème|fehler|fehlermeldung|fout|foutmelding|chyba|chybu|błąd|"
    r"ошибк[аиу]|проблем[аиу]|помилк[аиу])(?![\w-])"
)


# The author introducing themself, what a first message often opens on ("I'm the treasurer of a small choir…",
# "אני הגבאית של קהילה קטנה בחיפה", judged blind on fresh37 as a title that says nothing of the post)
_INTRODUCES = re.compile(
    r"(?i)^(?:I'?m|I am|we'?re|we are)\s+(?:the|a|an|one of the)\s+(?!bit\b|little\b)|"
    r"^(?:ich bin|wir sind)\s+(?:der|die|das|ein|eine)\s|^je suis\s+(?:le|la|un|une)\s|^soy\s+(?:el|la|un|una)\s|"
    r"^sono\s+(?:il|la|un|una|uno)\s|^sou\s+(?:o|a|um|uma)\s|^ik ben\s+(?:de|het|een)\s|^jag är\s+(?:en|ett)\s|"
    r"^אני\s+ה[\u05d0-\u05ea]{2,}"
)


def fails(title: str, language: str | None = None) -> str:
    """Why `title` is no title by its form ("" when it passes): its length, a file list, joined subjects,
    shouting, a dangling conjunction, a cause given, a wish, a line of chat, words that name nothing, or (a
    `language` given) another language than the post's."""
    from retell.extract.chatforms import plans, runs_up, signs_off
    from retell.extract.deeds import greets, output_line, reports_output
    from retell.extract.headings import chat_line

    text = title.strip()
    if not text:
        return "empty"
    if _ANSWER.search(text) or _PLEA.search(text) or addresses(text, language):
        return "chat"  # (an answer, a plea, or Claude speaking to the author: "Você está usando o fragment…")
    if _INTRODUCES.match(text):
        return "chat"  # the author saying who they are ("אני הגבאית של קהילה קטנה בחיפה"): their setting, no title
    fewest, most = TITLE_CJK if _CJK.search(text) else TITLE_WORDS
    count = word_count(text)
    if count < fewest:
        return "short"
    if count > most:
        return "long"
    if file_list(text):
        return "file list"
    if _facts(text):
        return "facts"
    if _JOINED.search(text):
        return "joined"
    if shouts(text):
        return "shouting"
    if DANGLING.search(text):
        return "dangling"
    if _HANGS.search(text):
        return "hangs"
    if _CAUSE.search(text):
        return "cause"
    if WISH.match(text):
        return "wish"
    if ENOUGH.search(text):
        return "sign-off"
    if _EMPTY.match(text):
        return "names nothing"
    if _POINTS_AT_PASTE.search(text):
        return "points at a paste"
    if (
        output_line(text)
        or reports_output(text)
        or re.match(r"(?i)^(?:diff --git|[-+]{3} |@@ |\$ |>>> )", text)
        or _SHELL_PROMPT.match(text)
        or _ADDRESS.search(text)
        or _CODE.search(text)
    ):
        return "output"  # a program's line pasted ("api-gateway-… 0/1 ImagePullBackOff", "diff --git a/…")
    # (a CJK statement closed politely, "…を変更しました", is Claude's statement of the work, not chat)
    if (chat_line(text) and not _CJK.search(text)) or runs_up(text) or plans(text) or greets(text) or signs_off(text):
        return "chat"
    if language:
        from retell.extract.local_headings import fits_language, no_word_of, written_apart

        # a title not in the post's script ("Fix 4->5 migration…" on a Korean post), or of Latin letters with no word
        # of the post's language; one holding some of its words ("Deadlock im Worker-Pool beheben") is in it
        if not fits_language(text, language) and (written_apart(language) or no_word_of(text, language)):
            return "language"
    return ""


# The "and" or "but" joining two clauses, where a long title is cut (Arabic "و" and Hebrew "ו" are joined to the word)
_AND_BUT = re.compile(
    r"\s(?:and|but|und|aber|et|mais|y|pero|e|ma|mas|maar|i|ale|и|но|і|але|та|och|ve|ama|dan|tapi|và|nhưng|és|și|"
    r"dar|και|αλλά)\s|\s[וو](?=[^\W\d_]{2})"  # (not "a", "en", "de", "men": English and French words too)
)


def _facts(text: str) -> bool:
    """A list of facts, three short parts or more between commas ("Monorepo mit pnpm workspaces, 4 packages, alle
    TypeScript"): the setting the author gave, no title."""
    parts = [p for p in re.split(r"\s*[,，、]\s*", text) if p]
    return len(parts) >= 3 and all(word_count(p) <= 4 for p in parts)


def file_list(text: str) -> bool:
    """A list of what was touched: two file names or more, a list that ends "and more" in any language, or a file's
    name said as words ("the 000043 txn account posted idx")."""
    return len(_FILE.findall(text)) >= 2 or bool(_LIST_END.search(text)) or bool(FILE_MADE.search(text))


def shouts(text: str) -> bool:
    """Capitals for a common word among lower-case ones ("the PREVIOUS filter"), or "!!"/"??": a report shouting.
    A run of capitals (SQL's "NOT NULL DEFAULT") or a name in capitals alone ("UTF", "OOM") is not."""
    from retell.extract.typos import common_word

    if _LOUD.search(text):
        return True
    lower = sum(1 for w in text.split() if w[:1].islower())
    for match in _SHOUT.finditer(text):
        before, after = text[: match.start()].split()[-1:], text[match.end() :].split()[:1]
        if any(re.fullmatch(r"[A-Z_]{2,}\W*", w) for w in before + after):
            continue  # (keywords in a run)
        word = match.group().lower()
        if lower >= 2 and word not in _KEYWORDS and common_word(word):
            return True
    return False


def repaired(title: str) -> list[str]:
    """Forms of a failing title that may pass, each step on the one before: the work after a wish ("On doit passer
    à…" -> "Passer à…"), cut before a cause it gives, the first of two joined subjects, the shouting said calmly,
    without a dangling conjunction, a long one cut at its first clause."""
    from retell.extract.requests import clause_cut

    text = title.strip()
    out: list[str] = []
    wish = WISH.match(text)
    if wish:
        text = capitalised(text[wish.end() :])
        out.append(text)
    cause = _CAUSE.search(text)
    # (cut before a conjunction of its own; a Korean or Japanese ending, "…만 해서", leaves half a clause)
    if cause and cause.group().startswith(" ") and word_count(text[: cause.start()]) >= TITLE_WORDS[0]:
        text = text[: cause.start()].rstrip(" ,;:")
        out.append(text)
    joined = re.split(r"\s+/\s+|\s*[;；]\s*", text)
    if len(joined) > 1:
        text = joined[0].strip()
        out.append(text)
    calm = _SHOUT.sub(lambda m: m.group() if fails_shout_only(text, m) else m.group().lower(), text)
    text = DANGLING.sub("", _LOUD.sub(lambda m: m.group()[0], calm)).strip() or text
    out.append(text)
    if word_count(text) > (TITLE_CJK if _CJK.search(text) else TITLE_WORDS)[1]:
        # the first clause says the point (a colon or comma between digits, "00:00", "4,5", ends no clause)
        first = re.split(r"\s*(?:[,;:](?!\d)|(?<!\d)[,;:]|[，、；：])\s*", text)[0]
        # (a cut between words may leave a preposition that led on: "…the last plant in" ends before it)
        cut = re.sub(r"(?i)\s+(?:in|on|at|to|of|with|for|from|by|into)$", "", clause_cut(text, len(text) // 2 + 10))
        if word_count(first) >= TITLE_WORDS[0] and first != text:
            out.append(first)
        elif not _CJK.search(text):
            # (as many words as a title holds, without the words that led on: "…the last plant in a room" -> "…the
            # last plant"), then the half
            words = text.split()[: TITLE_WORDS[1]]
            while words and re.fullmatch(_LEADS_ON, words[-1]):
                words.pop()
            out.append(" ".join(words))
            out.append(cut)
        else:
            out.append(cut)
        # (else before its first "and" or "but": "نقلنا التطبيق إلى Flutter 3 والخطوط…" -> "…إلى Flutter 3")
        joined_by = _AND_BUT.search(text)
        if joined_by and word_count(text[: joined_by.start()]) >= TITLE_WORDS[0]:
            out.append(text[: joined_by.start()].rstrip(" ,"))
    return [r for r in dict.fromkeys(out) if r and r != title.strip()]


# A word that leads on to the next and ends no title, in the languages of Latin letters retell writes: an article, a
# preposition (with its article), a conjunction ("…el campo de contraseña del" -> "…el campo de contraseña")
_LEADS_ON = (
    r"(?i)a|an|the|in|on|at|to|of|with|for|from|by|into|and|or|when|if|"
    r"de|del|della|delle|dei|degli|di|da|dal|dalla|do|dos|das|du|des|le|la|les|el|los|las|lo|un|una|uno|une|al|au|"
    r"aux|à|en|con|per|para|por|pour|par|sur|y|e|et|o|ou|und|oder|im|am|zum|zur|von|vom|mit|für|der|die|das|den|dem|"
    r"ein|eine|einen|einem|na|w|z|ze|we|od|dla|i|van|het|een|op|voor|met"
)


def fails_shout_only(text: str, match: re.Match[str]) -> bool:
    """Whether a word in capitals is part of a run of capitals (kept as written)."""
    before, after = text[: match.start()].split()[-1:], text[match.end() :].split()[:1]
    return any(re.fullmatch(r"[A-Z_]{2,}\W*", w) for w in before + after)
