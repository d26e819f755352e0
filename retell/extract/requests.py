"""The author's requests: which events carry the author's own words, and the one line of them a blogger
would keep as a title or heading.

Real first prompts are often not a title: a CLI flag (`--history`), a one-letter answer, a path, a greeting,
a slash command, plan-mode boilerplate ("Implement the following plan:"), a pasted log line, a list item.
`clean_request` finds the line that says what the author wanted and tidies it; None when there is none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from retell.claude.schema import NOT_A_REQUEST_COMMANDS
from retell.events import COMMAND, HUMAN, Event
from retell.extract.greetings import GREETING, PLEASANTRY
from retell.extract.typos import in_english
from retell.extract.unchatted import without_pointer_lead

# Patterns as strings, compiled (and cached) by `re` on first use: most sessions are named by Claude Code's
# own title, so a parse seldom needs them, and compiling them all at import cost ~5 ms of every start.
_FENCE = r"(?s)```.*?(?:```|\Z)"
_PLAN_PREAMBLE = r"(?i)\A\s*implement the following plan:?\s*"
_PLAN_HEADING = r"(?im)^\s*#{1,3}\s*(?:(?:implementation )?plan\s*[:—–-]\s*)?(.+?)\s*$"
_MARKUP = r"^\s*(?:#{1,6}\s+|>\s*|[-*+•]\s+|\d+[.)]\s+|\[[ xX]\]\s+)+"
# Markdown's bold, as it opens or closes around words: not a masked value's run (`138****7350`), which stripped
# reads as another value (a phone number); `__` is left alone: in a developer's message it is a dunder (`__init__`)
_EMPHASIS = r"(?<![*\w])\*\*(?![*\s])|(?<![*\s])\*\*(?![*\w])|`"
_GREETING = (
    rf"(?i)^(?:{GREETING}"
    r"(?: there| again| all| everyone| a todos| pessoal| galera| zusammen| tout le monde)?"
    r"(?:,?\s+(?:claude|cc|buddy|friend|mate|team))?(?![\w'])[~～]*"  # "안녕하세요~"
    # several greetings in a row ("opa, bom dia."), and the smile after one ("Morning :)")
    r"(?::-?\)|:D\b|;-?\)|[\U0001F300-\U0001FAFF\u2600-\u27BF]|[\s,，、،؛!！.。:：;；—–-])*)+"
)
# An address or a greeting by its form, in any language: one word set off by a comma or "!" before the request
# ("ahoj, služba…", "Mohammed! the build…"); not a word in capitals ("README, CHANGELOG and…"), nor a list
_ADDRESS = r"^(?![A-Z]{2})[^\W\d_]{2,8}[,，!！]\s+(?![^\s,]+,|(?i:then|and|or|but)\b)(?=(?:\S+\s+){3}\S)"
# A greeting or an opener by its form, in a language the list above does not know: a sentence of one word, or
# of two words in no Latin letter ("السلام عليكم. عندنا تطبيق…", "So. nach dem Update…"), before four words more
_SALUTATION = r"^[^\W\d_][^\s.!！。؛,]*(?:\s[^\W\d_][^\s.!！。؛,]*)?[.!！。؛]+\s+(?=(?:\S+\s+){3}\S)"  # (marks: "أهلاً")


def opens_with_opener(text: str) -> bool:
    """Whether a message opens with a sentence of one or two words that `clean_request` leaves out (see
    _without_opener): a greeting or an opener by its form."""
    line = " ".join(text.split())
    return bool(line) and _without_opener(line) != line


def without_greeting(text: str) -> str:
    """`text` on one line without the greeting, the address or the opener it starts with ("Moin! Kurze
    Bitte: …", "Mohammed! the build…"): the words a teaser quotes; `text` itself when nothing else is left."""
    line = " ".join(text.split())
    return _past_greeting(line) or line


def _past_greeting(line: str) -> str:
    """`line` past its greeting, address or opener, and the punctuation after them ("" when that was all)."""
    line = re.sub(_GREETING, "", line).strip()
    line = re.sub(PLEASANTRY, "", line, count=1)  # "Hope your weekend's going well.": what it asks comes after
    return re.sub(_LEADING_PUNCTUATION, "", _without_opener(re.sub(_ADDRESS, "", line)))


def _without_opener(line: str) -> str:
    """`line` without an opening sentence of one or two words before four words or more (a greeting, "mira
    esto.", "ок, гляну завтра."), unless the line is English, whose greetings the list above knows and whose
    two words can be an ask ("Fix it. The login page…")."""
    opener = re.match(_SALUTATION, line)
    if not opener:
        return line
    english = in_english(line) and not re.search(r"[^\W\d_A-Za-z\u00c0-\u024f]", line)
    return line if english else line[opener.end() :]


# What a greeting's removal can leave in front: "你好，…", "Hi! …"
_LEADING_PUNCTUATION = r"^[\s,，、。.!！?？:：;；—–-]+"
# A prompt a plugin or a script wrote for the agent, not a request of the author's ("Memory agent, you are
# continuing…", "You are an expert…", "<role>…").
_BOILERPLATE = (
    r"(?i)^(?:[\w -]{1,40}\bagent,\s*)?you(?: are|'re)\s+(?:a|an|the|now|continuing|acting|working|operating|"
    r"tasked|going to be|an? expert)\b|^act as\b|^your (?:task|role|job|goal) is\b|^as an? [\w -]{1,40}\bagent\b|"
    r"^<[a-z_-]+>|^\[(?:system|instructions?|context)\]|^system prompt\b|^instructions?:|^context:"
)
_URL = r"https?://\S+|www\.\S+"
# A question that names nothing ("what is this?", "any ideas?", "can you help?"): not a title.
_QUESTION_FILLER = frozenset(
    {
        "what", "why", "how", "who", "where", "when", "which", "is", "are", "was", "were", "do", "does", "did",
        "can", "could", "would", "will", "should", "this", "that", "these", "those", "it", "its", "there", "here",
        "any", "ideas", "idea", "thoughts", "think", "you", "your", "me", "my", "i", "we", "us", "our", "the", "a",
        "an", "of", "to", "in", "on", "for", "with", "about", "help", "please", "going", "happening", "wrong",
        "ok", "okay", "so", "now", "then", "just", "anything", "something", "else",
    }
)  # fmt: skip
# Spoken fillers in front of the request: "Ok, so, …", "Now add …", "Also, …".
_FILLER = (
    r"(?i)^(?:(?:ok(?:ay)?|so|alright|right|well|hmm+|now|and|also|but|actually|to be (?:fair|honest)|maybe|"
    r"quick one|quick question|one more thing|ugh|oh|where were we|where was I|basically)"
    r"\b(?:\s*\([^()]{1,20}\))?[\s,.!:;—–-]*)+(?=\w)"  # "quick one (hopefully) — …"
)
# A thank-you after the words ("rotating now, thanks", "PR 描述帮我写详细点，谢谢")
_THANKS = (
    r"(?i)[\s,，.。!！]+(?:thanks|thank you|thx|ty|merci|danke(?: dir)?|gracias|obrigad[oa]|valeu|谢谢|謝謝|感谢|感謝|"
    r"ありがとう(?:ございます)?)[\s.!！。🙏]*$"
)
# A plea for help before the problem ("Hallo, kannst du mir helfen? Die Tests…", "pls help, my build…")
_PLEA = (
    r"(?i)^(?:(?:can|could|would) you (?:please )?help(?: me| us)?(?: with (?:something|this|a thing))?|"
    r"(?:kannst|könntest) du mir (?:bitte )?helfen|¿?(?:me )?(?:puedes|podrías) ayudar(?:me)?|¿?me ayudas|"
    r"(?:peux|pourrais)-tu m'aider|tu peux m'aider|(?:você )?(?:pode|poderia) me ajudar|"
    r"(?:pls|plz|please) help(?: me)?|help(?: me)?(?: pls| please)?|sos)\s*[?？!！.,:;]+\s*"
)
# How the agent should work, not what the work is ("Research question, please DON'T change any code.")
_HOW_TO_WORK = (
    r"(?i)[\s,.;:—–-]*(?:please\s+)?(?:do not|don'?t|no need to|never)\s+(?:change|touch|modify|edit|write)\s+"
    r"(?:any(?:thing| code| files?)?|the code|code|files?)\b[^.!?]*[.!?]*"
)
# A label in front of the question on the same line ("Question sans code :", "Quick question:", "Frage:"), and
# the scene set before it ("pour notre app (SQLite, …), est-ce que…"): the question is what is asked
_LABEL_LEAD = (
    r"(?i)^(?:(?:quick|small|simple|research|general|side|short|petite|kurze|pequeña|pequena)\s+)?"
    r"(?:question|q|frage|pregunta|pergunta|domanda)(?:\s+(?:sans code|without code|sin código|sem código|ohne code|"
    r"rapide|rápida|veloce|for you|pour toi))?\s*:\s*"
    r"(?:(?:pour|for|para|für|per) [^,()]{1,40}(?:\([^()]*\))?,\s*"
    r"(?=est-ce|is it|should|does|do we|vale la|vale a|lohnt|conviene))?"
    r"(?=\w)"
)
# What such a line can leave: a label, not a request
_LABEL = (
    r"(?i)^(?:(?:a|one|another|quick|small|simple|research|general|follow-up|side)\s+)*"
    r"(?:question|q|task|request|thing)$"
)
# An acknowledgement in front of the request ("good. write the findings up…", "Ja, die kommt…", "对，改吧"):
# the reply is not what the line asks. Only before punctuation: "No tests should be skipped" means what it says.
_ACK_WORDS = (
    r"(?:ok(?:ay)?|yes|yep|yeah|yess+|sure|thanks?|thx|ty|cool|great|nice|perfect|good|fine|alright|so|then|"
    r"got it|ugh|ah+|oh|hmm+|aha|wow|done|lgtm|agreed?|top|parfait|merci|super|prima|passt|danke|ja|"
    r"genial|vale|gracias|valeu|beleza|sii+|对|好的?|行|是的?|嗯|はい|ありがとう(?:ございます)?|"
    # an interjection or a return ("Nickel, les factures sortent", "うーん、じゃあ…", "回来了。前端…")
    r"nickel|pera|aspetta|attends|warte|wait|hmm+|uff|puxa|nossa|vaya|bueno|tja|naja|"
    r"等等|等一下|算了|哦|噢|啊|诶|欸|うーん|じゃあ|えっ|あー|回来了|回來了|我回来了|我回來了|"
    r"(?:bien vu|good catch|nice catch|buen ojo|gut gesehen|boa)(?: (?:pour|for|on|con|mit|bei|em) [^,.!;]{1,30})?)"
)
_ACK_LEAD = r"(?i)^(?:" + _ACK_WORDS + r"(?:\s+" + _ACK_WORDS + r")*[.!,;:，。！、]+\s*)+(?=\S)"
# A reply that opens an ask: a choice among Claude's options ("yeah 2. and put the snippet…"), or a yes joined to
# the ask by "and" in the author's language ("네 그리고 NaN 카테고리는…", "oui et ajoute…"): the ask is what follows
_REPLY_LEAD = (
    r"(?i)^(?:(?:ok(?:ay)?|yes|yeah|yep|sure|oke|ja|oui|sí|si|sim|да|так|네|예|はい|うん|ναι|evet|iya)[\s,.!]+)?"
    r"(?:(?:option\s+)?\d{1,2}[.)!,]+\s+(?:and\s+(?:also\s+)?)?(?=[^\W\d_])|"
    r"(?<=\s)(?:and|und|et|y|e|en|i|и|і|ve|dan|그리고|それと|そして)\s+(?=\S))"
)
_POLITE = r"(?i)^(?:please|pls|kindly)\s+|^(?:can|could|would|will) you(?: please)?\s+"
_ACKNOWLEDGEMENT = (
    # one or more acknowledgements and nothing else ("Ugh ok", "好的 谢谢", "valeu!!!"), never a request
    r"(?i)^(?:(?:ok(?:ay)?|k|yes|yep|yeah|no|nope|y|n|sure|thanks?(?: you)?(?: so much)?|thx|ty|cool|great|nice|"
    r"perfect|good|fine|alright|all right|got it|makes sense|sounds good|ugh|ah|oh|hmm+|aha|wow|yay|"
    r"done|lgtm|continue|go on|go ahead|proceed|next|retry|try again|keep going|do it|looks good|"
    r"继续|好的?|可以|谢谢|多谢|收到|行|对|是的?|はい|いいえ|続けて|ありがとう(?:ございます)?|了解(?:です)?|"
    r"わかりました|네|감사합니다|좋아요|ok luôn|tiếp tục|được|cảm ơn|"
    r"weiter|danke|ja|nein|genau|passt|gut|super|prima|klar|alles klar|gracias|vale|perfecto|listo|merci|"
    r"parfait|d'accord|top|valeu|beleza|obrigad[oa]|show)(?![\w'])"
    r"(?:[\s.!,;:，。！、~]|[\U0001F300-\U0001FAFF\u2600-\u27BF])*)+$"
)
_LOG_LINE = (
    r"(?i)^\[?\d{4}[-/.]\d\d[-/.]\d\d[ T,]\d\d:\d\d|^\[?\d\d?:\d\d:\d\d\b|"
    r"^\[?(?:ERROR|ERR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|CRITICAL|NOTICE|SEVERE|E|W|I|D)\b[\]:]|"
    r"^\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|CRITICAL)\b|"
    r"^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec) +\d\d? \d\d:\d\d|"
    r"^Traceback \(most recent|^\s*at (?:async |new )?\S+ \(|^\s*at [\w.$<>]+:\d|^\s*File \"|"
    r"^[\w.]*(?:Error|Exception|Warning|Fault)(?:\[\w+\])?:|^Caused by:|^panic:|^fatal:|^FAILED |^E {2,}|"
    r"^npm (?:ERR!|WARN)|^error(?:\[\w+\])?:|^warning:|^\S+@\S+:\S*[$#] |^[$#>] \S|^>>> |^PS (?:[A-Z]:|~)\\|"
    r"^\(\S+\) \S+@|^\d+ (?:passed|failed)\b|^[⎿│├└┌]|^\s*\{\s*\"|^\s*\d+\s*\||"
    r"^(?:GET|POST|PUT|DELETE|PATCH|HEAD) /\S* HTTP/|^HTTP/\d|^\w+\.(?:go|rs|py|js|ts|java|c|cpp):\d+|"
    # a banner a program prints around its output ("<--- Last few GCs --->", "=== RUN", "*** FAILED ***")
    r"^\s*(?:<-{2,}|={3,}|\*{3}|-{3,}>|>{3}|~{3,})|"
    # a process's or a thread's id in brackets ("[1:0x5a1c2e0] 86412331 ms: Mark-Compact…", "[12345] exited")
    r"^\[[^\]\s]*\d[^\]\s]*\]\s|"
    r"^\s*#?\d+[:\s]\s*0x[0-9a-fA-F]{4,}\b"  # a numbered stack frame at an address ("1: 0xb8a3c0 node::Abort")
)
_FLAG = r"^--?[A-Za-z][\w-]*(?:[= ]\S+)?$"
_ID = r"(?i)^(?:[0-9a-f]{7,}|[0-9a-f]{8}-[0-9a-f-]{27,}|\d+|#\d+)$"
_PATHLIKE = r"^(?:[~.]?/\S*|[A-Za-z]:\\\S*|@?[\w.-]+(?:/[\w.@-]+)+/?|@?[\w-]+\.[A-Za-z0-9]{1,5})$"
_SLASH = r"^/[\w:-]+(?:\s+(.*))?$"
_CJK = r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]"

TITLE_WORDS = 3  # a title says at least this much (or this many CJK characters, doubled)


def author_words(event: Event) -> str | None:
    """The author's own words an event carries: a message, or a slash command's arguments when they are a
    request (`/orchestrator create a TODO app`), not settings (`/model opus`)."""
    if event.sidechain or event.abandoned:
        return None
    if event.kind == HUMAN:
        return event.text or None
    if event.kind == COMMAND and is_request_command(event):
        return event.args
    return None


def is_author_message(event: Event) -> bool:
    """A message of the author on the final thread (what "messages from the author" counts)."""
    if event.sidechain or event.abandoned:
        return False
    return event.kind == HUMAN or (event.kind == COMMAND and is_request_command(event))


def is_request_command(event: Event) -> bool:
    name = event.name or ""
    return bool(event.args) and name.startswith("/") and name not in NOT_A_REQUEST_COMMANDS


def clean_request(text: str) -> str | None:
    """The first line of a message that reads as a request, tidied for a title; None when no line does."""
    text = text.strip()
    plan = re.match(_PLAN_PREAMBLE, text)
    if plan:
        heading = re.search(_PLAN_HEADING, text[plan.end() :])
        return _tidy(heading.group(1)) if heading else None
    for line in _outside_terminals(re.sub(_FENCE, "\n", text).splitlines()):
        cleaned = _tidy(line)
        if cleaned:
            return cleaned
    return None


# A shell's prompt and the command typed at it, pasted with what the command printed ("PS C:\src> python x.py",
# "PS ~\src>" once the home folder is cleared, "me@box:~/app$ make", "(venv) me@box …", "$ npm test", "C:\src>dir"):
# the lines under it, to a blank line, are its output ("Found 412 files (388 .ARW, 24 .MP4)"), not the author's words
_PROMPT_LINE = r"^(?:PS (?:[A-Za-z]:|~)\\[^>]*>|(?:[A-Za-z]:|~)\\[^>\s]*>\S|(?:\(\S+\) )?\S+@\S+:\S*[$#] |[$#] \S|>>> )"


def _outside_terminals(lines: list[str]) -> Iterator[str]:
    """`lines` without the terminals pasted in them: a shell's prompt line (_PROMPT_LINE) and what the command
    printed under it, up to the blank line that ends it."""
    in_terminal = False
    for line in lines:
        if re.match(_PROMPT_LINE, line):
            in_terminal = True
        elif in_terminal:
            in_terminal = bool(line.strip())
        if not in_terminal:
            yield line


def own_prose(text: str) -> str:
    """The author's own words in a message, without what they pasted: fenced blocks, and log lines (a stack
    trace's frames with the code lines indented under them) — what a teaser quotes of a message that opens
    with a config or a traceback; `text` itself when nothing else is left."""
    kept: list[str] = []
    in_log = False
    for line in _outside_terminals(re.sub(_FENCE, "\n", text).splitlines()):
        if re.search(_LOG_LINE, line.strip()):
            in_log = True
        elif not (in_log and line[:1].isspace() and line.strip()):
            in_log = False
            kept.append(line)
    prose = "\n".join(kept).strip()
    return prose if re.search(r"[^\W\d_]", prose) else text


def _tidy(line: str) -> str | None:
    line = " ".join(line.split())
    if not line or re.search(_LOG_LINE, line):
        return None
    slash = re.match(_SLASH, line)
    if slash:
        line = slash.group(1) or ""
    line = re.sub(r"\s*\[(?:Image|Pasted text)\b[^\]]*\]", "", line).strip()  # Claude Code's placeholders
    line = re.sub(_MARKUP, "", line)
    line = re.sub(_EMPHASIS, "", line).strip()
    line = re.sub(r"(?i)(?:\s+(?:lol|lmao|haha+|hehe+|xd|:-?[()DP]|kkk+|jaja+))+[\s.!?]*$", "", line)  # chat laughs
    if re.search(_BOILERPLATE, line):
        return None
    asked = line.rstrip().endswith(("?", "？"))
    line = _past_greeting(line)
    line = re.sub(_ACK_LEAD, "", line)
    line = re.sub(_REPLY_LEAD, "", line)
    line = re.sub(_PLEA, "", line)
    line = re.sub(_FILLER, "", line)
    line = re.sub(_HOW_TO_WORK, "", line).strip()
    if re.match(_LABEL, line.rstrip(" .,;:!")):
        return None  # "Research question": the request is on the next line
    line = re.sub(_LABEL_LEAD, "", line)  # "Question sans code : pour notre app, est-ce que…": the question
    polite = re.match(_POLITE, line)
    if polite:  # "can you fix the tests?" is the request "Fix the tests"
        line = line[polite.end() :].rstrip("? ")
    line = re.sub(r"[\s,]+please\W*$", "", line, flags=re.I)
    line = re.sub(_THANKS, "", line)
    # "…too while ur there", "…while you're at it": the author's aside, not the work
    line = re.sub(r"(?i)(?:\s+too)?,?\s+while (?:you'?re|ur|u r|you are) (?:there|at it|in there)\W*$", "", line)
    line = re.sub(r"(?<![\w.])@(?=[\w./-]+\.\w)", "", line)  # "@src/app.py": Claude Code's file mention
    line = _without_urls(line)
    line = re.sub(r"(?:\s*(?:[:;]-?[()DPp/\\|]|\\))+$", "", line)  # a trailing ":(" or a line-continuing "\"
    if in_english(line) and not re.search(r"(?i)\b(?:il|gli|della|nel|sono|che|funzionano|funziona)\b", line):
        # "am i in" -> "am I in"; not Italian "i pagamenti", Swedish "sen i tisdags"
        line = re.sub(r"(?<![\w'])i(?=\s|'m\b|'ve\b|'d\b|'ll\b)", "I", line)
    line = line.rstrip(" .,;:!—–-，。：；！")
    if (
        not line
        or re.match(_ACKNOWLEDGEMENT, line)
        or re.match(_FLAG, line)
        or re.match(_ID, line)
        or re.match(_PATHLIKE, line)
    ):
        return None
    letters = sum(ch.isalpha() for ch in line)
    if letters < 2 or letters < 0.5 * len(line.replace(" ", "")):
        return None
    if _shouted(line) or (asked and _names_nothing(line)) or _mostly_paths(line):
        return None
    if re.search(_CJK, line):
        return line  # "users テーブルの…": a table's name, not the start of a sentence
    from retell.extract.title_forms import capitalised

    return capitalised(line)  # (never a name in code: "fct_orders has…")


def _without_urls(line: str) -> str:
    """URLs out of a title: a line that is mostly one says nothing a reader can use; in a sentence, a URL is
    named by its site ("Compare with github.com")."""
    if not re.search(_URL, line):
        return line
    rest = re.sub(_URL, " ", line)
    if len(rest.split()) < TITLE_WORDS:
        return ""
    return " ".join(re.sub(_URL, lambda m: _host(m.group(0)), line).split())


def _host(url: str) -> str:
    """The site a URL is on, without a user or a password; nothing for a URL that is itself a credential
    (a webhook, a DSN): its host is a part of a secret, and a part is never told."""
    from retell.secrets import SECRET, Scanner  # lazily: only a first request with a URL pays for it

    secret = next((f.kind for f in Scanner().scan(url) if f.category == SECRET), None)
    if secret is not None:  # named by what it is
        return "a webhook" if secret.endswith("webhook") else "Sentry" if secret == "sentry-dsn" else ""
    host = re.sub(r"^(?:https?://)?(?:www\.)?", "", url).split("/")[0].rsplit("@", 1)[-1]
    return host.rstrip(".,;:)")


def _shouted(line: str) -> bool:
    """All capitals ("YES", "OPTION B, USE POSTGRES"): an answer to Claude's question, not a request."""
    if re.search(_CJK, line):
        return False  # "帮我把 README 翻译成英文": a name in capitals among Chinese words
    letters = [ch for ch in line if ch.isalpha()]
    cased = [ch for ch in letters if ch.isupper() or ch.islower()]
    # in a script with no capitals (Hebrew, Arabic, Hindi) an acronym's capitals are not the line's: "תוסיף בדיקת
    # טוקן ל-API" is a request
    mostly_cased = len(cased) * 2 >= len(letters)
    return len(cased) >= 2 and mostly_cased and all(ch.isupper() for ch in cased) and len(line.split()) <= 8


def _names_nothing(line: str) -> bool:
    """A bare question: fewer than two words that name something."""
    if re.search(_CJK, line):
        return False
    words = [w.lower() for w in re.findall(r"[\w'-]+", line)]
    return sum(1 for w in words if w not in _QUESTION_FILLER and len(w) >= 2) < 2


def _mostly_paths(line: str) -> bool:
    """Paths with no word around them that says something ("/src/app/main.py and tests/"): not a title."""
    words = line.split()
    paths = [w for w in words if re.search(r"[\w.-]/[\w.-]|^[~/]|\\", w)]
    said = [w for w in words if w not in paths and len(re.sub(r"\W", "", w)) >= 3 and w.lower() not in _STOPWORDS]
    return bool(paths) and not said


_STOPWORDS = frozenset({"and", "the", "for", "with", "from", "into", "see", "here", "this", "that", "also"})


def substantial(request: str) -> bool:
    """Enough words to name a post: three words, or six CJK characters."""
    return len(request.split()) >= TITLE_WORDS or len(re.findall(_CJK, request)) >= 2 * TITLE_WORDS


def first_request(texts: list[str]) -> str | None:
    """Of the author's messages in order, the first that makes a substantial request, else the first that
    makes any. A first ask only to have the project explained ("me explica rapidinho como esse projeto gera as
    etiquetas hoje?") gives way to a later one that asks for work: the explanation set the work up."""
    fallback = None
    explained = None
    for text in texts:
        request = clean_request(text)
        if request is None:
            continue
        request = without_pointer_lead(request)  # "esto es lo que nos pasa? el lockfile cambia…": the next says
        if substantial(request):
            sentence = first_sentence(request)  # "Fix the sidebar. It covers…": the first says it
            if re.match(_SCENE, sentence) and sentence != request.rstrip(".!。！"):
                found = request  # "we have 60 flags… figure out which ones…": the ask follows the scene it sets
            else:
                found = sentence if substantial(sentence) else request
            if re.search(_EXPLAIN_ONLY, found):
                explained = explained or found
                continue
            return found
        fallback = fallback or request
    return explained or fallback


# An ask only to have something explained, by its form, in the languages retell has met: a question or a plea
# to explain how the project (or a part of it) works now
_EXPLAIN_ONLY = (
    r"(?i)^(?:(?:can|could) you |please )?(?:explain|walk me through|tell me how)\b|^how does (?:this|the|it)\b|"
    r"^(?:me )?expli(?:ca|que)(?:-me)?\b|^expl[ií]ca(?:me|nos)\b|^(?:como|cómo) funciona\b|"
    r"^(?:explique|expliquez)(?:-moi)?\b|^comment (?:fonctionne|marche)\b|^erklär(?:e|en Sie)?\b|"
    r"^wie funktioniert\b|^spiegami\b|^come funziona\b|^leg (?:me )?uit\b|^hoe werkt\b|"
    r"^(?:объясни|поясни)|^wyjaśnij|^açıkla|^giải thích|説明して|教えて(?:ください)?[?？]?$|^解释一下|^讲讲|"
    r"설명해\s*(?:줘|주세요)"
)


# A sentence that sets the scene ("we have like 60 feature flags in LaunchDarkly and I think half are dead")
_SCENE = r"(?i)^(?:I|we) (?:have|'ve got|got) (?:like |about |around |some |roughly |~)?\d"


# (Thai writes no stop: a polite particle then a space ends a sentence, "…ขึ้นแบบนี้ค่ะ เป็น script…", fresh42's homestay,
# whose first message of 161 characters titled its post whole)
_THAI_STOPS = ("ค่ะ", "คะ", "ครับ")
_SENTENCE_END = r"(?<=[.!?。！？])\s+|(?<=[。！？।॥])|" + "|".join(rf"(?<={stop})\s+" for stop in _THAI_STOPS)
_THAI_STOP_AT_END = re.compile(rf"(?<=\S)\s*(?:{'|'.join(_THAI_STOPS)})$")


def first_sentence(text: str) -> str:
    """The text up to its first sentence end that no open quote holds: "…che «Az. Agr. Bianchi», «Bianchi» e …?"
    is one sentence, not "…che «Az" (a stop inside a quote that closes later ends no sentence of the author's)."""
    first = split_outside_quotes(_SENTENCE_END, text, maxsplit=1)[0].strip().rstrip(".!。！")
    return _THAI_STOP_AT_END.sub("", first)  # (Thai's polite particle is its stop)


def split_outside_quotes(pattern: str, text: str, maxsplit: int = 0) -> list[str]:
    """`re.split(pattern, text, maxsplit)` at the matches no open quote holds."""
    parts: list[str] = []
    start = 0
    for boundary in re.finditer(pattern, text):
        if maxsplit and len(parts) >= maxsplit:
            break
        if boundary.start() < start or _quote_open(text, boundary.start()) or _abbreviated(text, boundary.start()):
            continue
        parts.append(text[start : boundary.start()])
        start = boundary.end()
    return [*parts, text[start:]]


# A title or an abbreviation whose stop ends no sentence: "I volunteer at St. Brendan's food pantry" was cut to "I
# volunteer at St" (a heading and a description of fresh42's pantry, stop 62). Not "No." (an answer as often as a
# number's sign) nor a single capital ("Plan B." ends a sentence as often as "J." starts a name).
_ABBREVIATION = re.compile(
    r"(?:^|[\s(])(?:St|Mr|Mrs|Ms|Dr|Prof|Jr|Sr|Mt|Ave|Rd|Nr|vs|approx|Inc|Ltd|Co|Fig|Sgt|Capt|Rev|Fr|Hr|Sra?|Dra?|"
    r"Ing|Mme|Mlle|ca|bzw|z\.B|d\.h|u\.a|e\.g|i\.e)\.$"
)


def _abbreviated(text: str, at: int) -> bool:
    """Whether the stop just before `at` closes an abbreviation with more of the sentence after it."""
    return bool(_ABBREVIATION.search(text[max(0, at - 12) : at])) and at < len(text.rstrip())


# Quote marks that open and close differently, and the straight ones that do both
_QUOTE_PAIRS = (("«", "»"), ("「", "」"), ("『", "』"), ("“", "”"), ("„", "“"))


def _quote_open(text: str, at: int) -> bool:
    """Whether a quote opened before `at` closes only after it (a mark no later one closes is a stray)."""
    before, after = text[:at], text[at:]
    for opener, closer in _QUOTE_PAIRS:
        if opener == "“" and "„" in before:
            continue  # („…“: German's closing mark is English's opening one)
        if before.count(opener) > before.count(closer) and closer in after:
            return True
    return before.count('"') % 2 == 1 and '"' in after


_CLAUSE_END = re.compile(r"[,;:，；：]\s|\s[-–—]\s|\s\(|\s(?=(?:and|but|so|because|which|then|while)\s)")
# Where a phrase ends when no clause does: before "to …", "that …", "when …" (the verb phrase is whole)
_PHRASE_END = re.compile(r"\s(?=(?:to|that|with|for|when|if|in|on|from|into|by|using|via|after|before)\s)")


def clause_cut(text: str, limit: int, shortest: int = 24) -> str:
    """`text` up to the last clause boundary before `limit` (a comma, a dash, "and", "because"…), else the
    last phrase boundary (before "to", "with", "when"…), when that keeps at least `shortest` characters;
    "" when there is none."""
    for boundary in (_CLAUSE_END, _PHRASE_END):
        cut = 0
        for match in boundary.finditer(text):  # the whole text: a boundary's look-ahead may pass the limit
            if match.start() > limit:
                break
            if match.start() >= shortest:
                cut = match.start()
        if cut:  # (never ending on the connective itself: "…with the title 'Details' and" after "and then")
            return re.sub(r"(?:\s+(?:and|or|but|so|then))+$", "", text[:cut].rstrip(" ,;:-–—"))
    return ""
