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

_FENCE = re.compile(r"```.*?(?:```|\Z)", re.S)
_PLAN_PREAMBLE = re.compile(r"\A\s*implement the following plan:?\s*", re.I)
_PLAN_HEADING = re.compile(r"^\s*#{1,3}\s*(?:(?:implementation )?plan\s*[:—–-]\s*)?(.+?)\s*$", re.I | re.M)
_MARKUP = re.compile(r"^\s*(?:#{1,6}\s+|>\s*|[-*+•]\s+|\d+[.)]\s+|\[[ xX]\]\s+)+")
_EMPHASIS = re.compile(r"\*\*|__|`")
_GREETING = re.compile(
    r"^(?:(?:hi|hello|hey|hallo|howdy|yo|greetings|good (?:morning|afternoon|evening))(?: there)?"
    r"(?:,?\s+(?:claude|cc|buddy|friend|mate))?|你好|您好|こんにちは|xin chào|chào bạn)\b[\s,!.:;—–-]*",
    re.I,
)
# Spoken fillers in front of the request: "Ok, so, …", "Now add …", "Also, …".
_FILLER = re.compile(
    r"^(?:(?:ok(?:ay)?|so|alright|right|well|hmm+|now|and|also|but|actually)\b[\s,.!:;—–-]*)+(?=\w)", re.I
)
_POLITE = re.compile(r"^(?:please|pls|kindly)\s+|^(?:can|could|would|will) you(?: please)?\s+", re.I)
_ACKNOWLEDGEMENT = re.compile(
    r"^(?:ok(?:ay)?|k|yes|yep|yeah|no|nope|y|n|sure|thanks?(?: you)?(?: so much)?|thx|ty|cool|great|nice|perfect|"
    r"good|done|lgtm|continue|go on|go ahead|proceed|next|retry|try again|keep going|do it|looks good|"
    r"继续|好的?|可以|谢谢|行|对|是的?|はい|いいえ|続けて|ありがとう|ok luôn|tiếp tục|được|cảm ơn|"
    r"weiter|danke|ja|nein|genau|passt)\b[\s.!,;:]*$",
    re.I,
)
_LOG_LINE = re.compile(
    r"^\[?\d{4}-\d\d-\d\d[ T]\d\d:\d\d|^\[?\d\d:\d\d:\d\d\b|^\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL)\b|"
    r"^Traceback \(most recent|^\s*at \S+ \(|^\s*File \"|^[\w.]*(?:Error|Exception|Warning)(?:\[\w+\])?:|"
    r"^npm (?:ERR!|WARN)|^error(?:\[\w+\])?:|^warning:|^\S+@\S+:\S*[$#] |^[$#>] \S|^PS [A-Z]:\\|"
    r"^\(\S+\) \S+@|^\d+ (?:passed|failed)\b",
    re.I,
)
_FLAG = re.compile(r"^--?[A-Za-z][\w-]*(?:[= ]\S+)?$")
_ID = re.compile(r"^(?:[0-9a-f]{7,}|[0-9a-f]{8}-[0-9a-f-]{27,}|\d+|#\d+)$", re.I)
_PATHLIKE = re.compile(r"^(?:[~.]?/\S*|[A-Za-z]:\\\S*|@?[\w.-]+(?:/[\w.@-]+)+/?|@?[\w-]+\.[A-Za-z0-9]{1,5})$")
_SLASH = re.compile(r"^/[\w:-]+(?:\s+(.*))?$")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

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
    plan = _PLAN_PREAMBLE.match(text)
    if plan:
        heading = _PLAN_HEADING.search(text[plan.end() :])
        return _tidy(heading.group(1)) if heading else None
    for line in _FENCE.sub("\n", text).splitlines():
        cleaned = _tidy(line)
        if cleaned:
            return cleaned
    return None


def _tidy(line: str) -> str | None:
    line = " ".join(line.split())
    if not line or _LOG_LINE.search(line):
        return None
    slash = _SLASH.match(line)
    if slash:
        line = slash.group(1) or ""
    line = _MARKUP.sub("", line)
    line = _EMPHASIS.sub("", line).strip()
    line = _GREETING.sub("", line).strip()
    line = _FILLER.sub("", line)
    polite = _POLITE.match(line)
    if polite:  # "can you fix the tests?" is the request "Fix the tests"
        line = line[polite.end() :].rstrip("? ")
    line = re.sub(r"[\s,]+please\W*$", "", line, flags=re.I)
    line = re.sub(r"(?<![\w.])@(?=[\w./-]+\.\w)", "", line)  # "@src/app.py": Claude Code's file mention
    line = line.rstrip(" .,;:!—–-")
    if not line or _ACKNOWLEDGEMENT.match(line) or _FLAG.match(line) or _ID.match(line) or _PATHLIKE.match(line):
        return None
    letters = sum(ch.isalpha() for ch in line)
    if letters < 2 or letters < 0.5 * len(line.replace(" ", "")):
        return None
    return line[:1].upper() + line[1:]


def substantial(request: str) -> bool:
    """Enough words to name a post: three words, or six CJK characters."""
    return len(request.split()) >= TITLE_WORDS or len(_CJK.findall(request)) >= 2 * TITLE_WORDS


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


_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+|(?<=[。！？])")


def first_sentence(text: str) -> str:
    return _SENTENCE_END.split(text, maxsplit=1)[0].strip().rstrip(".!。！")
