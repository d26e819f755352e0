"""A commit message that gives as a cause what Claude had only guessed: under the commit's run, a note naming the
guess. Claude wrote 「那個跳動很可能就是第 2 點造成的」 ("the jumping is most likely caused by point 2"), then committed
「移除 … 寫死的 300px 寬度（先前地圖亂跳的原因）」 ("remove the fixed 300px width (the cause of the map's jumping)"):
a draft told the cause as found, from the message (material round 61).

The form is read, not the meaning, in any language: a sentence of Claude's before the commit carries a hedge
("probably", "likely", "I suspect", *vermutlich*, 很可能, たぶん, 아마 …) and a word of cause ("caused", "the
reason", 造成, 原因, *Ursache* …); a part of the commit message carries a word of cause too, and the two share a
name (`300px`, `maxWidth`, a path) or two words. Whether a run later bore the guess out is left to the model: the
note says the message is Claude's word, to be told as a guess unless a run shows it.
"""

from __future__ import annotations

import re

from retell.events import ASSISTANT, TOOL_RUN, Event
from retell.extract.hedges import HEDGE
from retell.extract.tools import SHELL_TOOLS, shorten
from retell.write.commit_text import COMMIT, commit_message

# The check's table of hedges (retell/extract/hedges.py), and the Traditional Chinese forms a commit's guess was
# written in ("應該", "也許") and a bare "guess" (猜)
_HEDGE = re.compile(rf"{HEDGE.pattern}|應該|应该|也許|猜", re.I)
# A word of cause: Claude's guess names one, and so does the message that repeats it as found
_CAUSE = re.compile(
    r"(?i)\b(?:caus\w*|culprit|reason|because|due to|root|responsible|triggers?|triggered|behind|"
    r"causa\w*|porque|debido|motivo|raz[óo]n|provoc\w*|parce que|raison|Ursache|verursach\w*|weil|wegen|Grund|"
    r"oorzaak|veroorza\w*|perch[ée]|przyczyn\w*|powod\w*|orsak\w*|penyebab|neden|причин\w*|из-за)\b"
    r"|原因|造成|導致|导致|引起|起因|所致|因為|因为|的關係|的关系|元凶|せい|ため|引き起こ|원인|때문|탓"
)
_PLAN = re.compile(r"(?i)\b(?:should|let me|let's|I'll|we can|plan|option)\b")
_SENTENCES = re.compile(r"(?<=[.!?])\s+|(?<=[。！？।॥])|\n+")
# a commit message's parts: its paragraphs (joined by " / "), its lines, its list items
_PARTS = re.compile(r"\s/\s|\n+|(?:^|\s)[-*•]\s")
_WORD = re.compile(r"[A-Za-z0-9_][\w.\-/:@]*[A-Za-z0-9_]|[^\W\d_]{4,}")
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{2,}")
_STOP_WORDS = (
    "that this with from have were will would there their then than when what which into about after before "
    "because caused cause causes causing reason fix fixes fixed commit change changes the and for not"
)
_STOP = frozenset(_STOP_WORDS.split())
QUOTE_CHARS = 120


def _tokens(text: str) -> tuple[set[str], set[str]]:
    """A text's names (a word with a digit or a code mark: `300px`, `maxWidth`, `a/b.py`) and its plain words
    (four letters or more, and each pair of CJK characters)."""
    text = re.sub(r"[`'\"“”「」]", " ", text)
    names: set[str] = set()
    words: set[str] = set()
    for word in _WORD.findall(text):
        low = word.lower().strip(".:-/")
        if len(low) < 3 or low in _STOP or _CAUSE.fullmatch(low) or _HEDGE.fullmatch(low):
            continue
        coded = re.search(r"\d|[._/:@-]", low) or re.search(r"[a-z][A-Z]", word)
        (names if coded else words).add(low)
    for run in _CJK_RUN.findall(text):
        words.update(run[i : i + 2] for i in range(len(run) - 1) if not _CAUSE.fullmatch(run[i : i + 2]))
    return names, words


def _shared(guess: str, part: str) -> bool:
    g_names, g_words = _tokens(guess)
    p_names, p_words = _tokens(part)
    return bool(g_names & p_names) or len(g_words & p_words) >= 2


def _guesses(event: Event) -> list[str]:
    """The sentences of a message of Claude's that guess at a cause (code blocks left out)."""
    prose = re.sub(r"```.*?(?:```|$)", "", event.text or "", flags=re.S)
    out = []
    for sentence in _SENTENCES.split(prose):
        hedge = _HEDGE.search(sentence)
        if hedge and _CAUSE.search(sentence) and not _PLAN.search(sentence[: hedge.start()]):
            out.append(sentence.strip())
    return out


def _quote(text: str) -> str:
    return shorten(" ".join(text.split()), QUOTE_CHARS)


def guessed_cause_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Under a run of Claude's that commits, where a part of its message gives a cause that a sentence of Claude's
    before it only guessed: which event guessed it, in its words."""
    ordered = session or events
    wanted = {e.id for e in events if e.kind == TOOL_RUN}
    guesses: list[tuple[str, str]] = []  # (event id, sentence), in the session's order
    notes: dict[str, list[str]] = {}
    for event in ordered:
        if event.kind == ASSISTANT:
            guesses.extend((event.id, s) for s in _guesses(event))
            continue
        if event.kind != TOOL_RUN or event.id not in wanted or not guesses:
            continue
        for call in event.calls or ():
            command = call.command or call.target or ""
            if call.name not in SHELL_TOOLS or not COMMIT.search(command):
                continue
            message = commit_message(command) or ""
            for part in _PARTS.split(message):
                if not part or not _CAUSE.search(part):
                    continue
                found = next(((gid, g) for gid, g in reversed(guesses) if _shared(g, part)), None)
                if found is None:
                    continue
                note = (
                    f"(the commit message gives a cause, “{_quote(part)}”, that Claude only guessed at [{found[0]}]: "
                    f"“{_quote(found[1])}”; the message is Claude's word: tell the cause as Claude's guess unless a "
                    "run the material shows bears it out)"
                )
                if note not in notes.get(event.id, []):
                    notes.setdefault(event.id, []).append(note)
                break
    return notes
