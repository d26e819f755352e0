"""The author's requests: which events carry the author's own words, and the one line of them a blogger
would keep as a title or heading.

Real first prompts are often not a title: a CLI flag (`--history`), a one-letter answer, a path, a greeting,
a slash command, plan-mode boilerplate ("Implement the following plan:"), a pasted log line, a list item.
`clean_request` finds the line that says what the author wanted and tidies it; None when there is none.
"""

from __future__ import annotations

import re

from retell.claude.schema import NOT_A_REQUEST_COMMANDS
from retell.events import COMMAND, HUMAN, Event

# Patterns as strings, compiled (and cached) by `re` on first use: most sessions are named by Claude Code's
# own title, so a parse seldom needs them, and compiling them all at import cost ~5 ms of every start.
_FENCE = r"(?s)```.*?(?:```|\Z)"
_PLAN_PREAMBLE = r"(?i)\A\s*implement the following plan:?\s*"
_PLAN_HEADING = r"(?im)^\s*#{1,3}\s*(?:(?:implementation )?plan\s*[:—–-]\s*)?(.+?)\s*$"
_MARKUP = r"^\s*(?:#{1,6}\s+|>\s*|[-*+•]\s+|\d+[.)]\s+|\[[ xX]\]\s+)+"
_EMPHASIS = r"\*\*|__|`"
_GREETING = (
    r"(?i)^(?:(?:hi|hello|hey|hallo|howdy|yo|greetings|good (?:morning|afternoon|evening))(?: there)?"
    r"(?:,?\s+(?:claude|cc|buddy|friend|mate))?|你好|您好|こんにちは|xin chào|chào bạn)\b[\s,!.:;—–-]*"
)
# Spoken fillers in front of the request: "Ok, so, …", "Now add …", "Also, …".
_FILLER = r"(?i)^(?:(?:ok(?:ay)?|so|alright|right|well|hmm+|now|and|also|but|actually)\b[\s,.!:;—–-]*)+(?=\w)"
_POLITE = r"(?i)^(?:please|pls|kindly)\s+|^(?:can|could|would|will) you(?: please)?\s+"
_ACKNOWLEDGEMENT = (
    r"(?i)^(?:ok(?:ay)?|k|yes|yep|yeah|no|nope|y|n|sure|thanks?(?: you)?(?: so much)?|thx|ty|cool|great|nice|perfect|"
    r"good|done|lgtm|continue|go on|go ahead|proceed|next|retry|try again|keep going|do it|looks good|"
    r"继续|好的?|可以|谢谢|行|对|是的?|はい|いいえ|続けて|ありがとう|ok luôn|tiếp tục|được|cảm ơn|"
    r"weiter|danke|ja|nein|genau|passt)\b[\s.!,;:]*$"
)
_LOG_LINE = (
    r"(?i)^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d|^\[?\d\d:\d\d:\d\d\b|^\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL)\b|"
    r"^Traceback \(most recent|^\s*at \S+ \(|^\s*File \"|^[\w.]*(?:Error|Exception|Warning)(?:\[\w+\])?:|"
    r"^npm (?:ERR!|WARN)|^error(?:\[\w+\])?:|^warning:|^\S+@\S+:\S*[$#] |^[$#>] \S|^PS [A-Z]:\\|"
    r"^\(\S+\) \S+@|^\d+ (?:passed|failed)\b"
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
    for line in re.sub(_FENCE, "\n", text).splitlines():
        cleaned = _tidy(line)
        if cleaned:
            return cleaned
    return None


def _tidy(line: str) -> str | None:
    line = " ".join(line.split())
    if not line or re.search(_LOG_LINE, line):
        return None
    slash = re.match(_SLASH, line)
    if slash:
        line = slash.group(1) or ""
    line = re.sub(_MARKUP, "", line)
    line = re.sub(_EMPHASIS, "", line).strip()
    line = re.sub(_GREETING, "", line).strip()
    line = re.sub(_FILLER, "", line)
    polite = re.match(_POLITE, line)
    if polite:  # "can you fix the tests?" is the request "Fix the tests"
        line = line[polite.end() :].rstrip("? ")
    line = re.sub(r"[\s,]+please\W*$", "", line, flags=re.I)
    line = re.sub(r"(?<![\w.])@(?=[\w./-]+\.\w)", "", line)  # "@src/app.py": Claude Code's file mention
    line = line.rstrip(" .,;:!—–-")
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
    return line[:1].upper() + line[1:]


def substantial(request: str) -> bool:
    """Enough words to name a post: three words, or six CJK characters."""
    return len(request.split()) >= TITLE_WORDS or len(re.findall(_CJK, request)) >= 2 * TITLE_WORDS


def first_request(texts: list[str]) -> str | None:
    """Of the author's messages in order, the first that makes a substantial request, else the first that
    makes any."""
    fallback = None
    for text in texts:
        request = clean_request(text)
        if request is None:
            continue
        if substantial(request):
            sentence = first_sentence(request)  # "Fix the sidebar. It covers…": the first says it
            return sentence if substantial(sentence) else request
        fallback = fallback or request
    return fallback


_SENTENCE_END = r"(?<=[.!?。！？])\s+|(?<=[。！？])"


def first_sentence(text: str) -> str:
    return re.split(_SENTENCE_END, text, maxsplit=1)[0].strip().rstrip(".!。！")
