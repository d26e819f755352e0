"""What a session, or a stretch of it, did, ranked by evidence: the task items Claude marked completed, what
Claude stated it found ("The bug was…"), the error that went away; and whether the author's words name a goal
at all. Titles (extract.titles) and headings (extract.headings) take these before the author's words, which
are chat as often as they are a goal ("yes, let's do that", a pasted log line, a greeting, a list of files)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Sequence

from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.extract.greetings import GREETING
from retell.extract.requests import author_words, opens_with_opener
from retell.extract.tools import SHELL_TOOLS, family

FOUND_CHARS = 70  # a finding longer than this reads as a sentence of the chat, not a heading
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")

# Verbs of an approach (reading, checking, running): a step, but not what the stretch did
_LOOKING_ITEM = re.compile(
    r"(?i)^(?:read|check|run|verify|test|explore|investigate|look|review|examine|search|understand|analy[sz]e|"
    r"find|inspect|confirm|re-?run|summari[sz]e|identify|commit|push|research|study|"
    r"reading|checking|running|verifying|testing|exploring|investigating|looking|reviewing|examining|"
    r"searching|understanding|analy[sz]ing|finding|inspecting|confirming|re-?running|summari[sz]ing|"
    r"identifying|committing|pushing|researching|studying)\b|^(?:阅读|閱讀|查看|检查|檢查|运行|運行|執行|确认|確認|调查|調查)|(?:を読む|を確認|を調査|を実行)"
)


def completed_items(events: Sequence[Event]) -> list[str]:
    """The task items a stretch marked completed (TodoWrite's activeForm, in Claude's words: "Fixing the
    off-by-one"), in order, those that only looked or ran something left out; an item completed in an
    earlier call of the stretch is not counted again."""
    seen: set[str] = set()
    items: list[str] = []
    for event in events:
        if event.kind != TOOL_RUN or event.sidechain or event.abandoned:
            continue
        for call in event.calls or ():
            for item in (call.done or "").splitlines() if family(call.name) == "todo" else ():
                if item not in seen:
                    seen.add(item)
                    items.append(item)
    kept = [i for i in items if not _LOOKING_ITEM.search(i) and len(i.split()) + len(_CJK.findall(i)) >= 2]
    return [_as_work(i) for i in kept]


def planned_item(events: Sequence[Event], language: str | None = None) -> str:
    """The task item Claude set out on (TodoWrite's item in progress, in its words: "Add Task.Supervisor to the
    supervision tree") when the stretch then changed files: what was done to them, said before their names. An
    approach item is left out, and an item not in the post's `language` (local_headings.fits_language)."""
    begun = ""
    for event in events:
        if event.kind != TOOL_RUN or event.sidechain or event.abandoned:
            continue
        for call in event.calls or ():
            kind = family(call.name)
            if kind == "todo" and not begun:
                begun = next((i for i in (call.doing or "").splitlines() if _a_step(i, language)), "")
            elif kind in ("edit", "write") and begun:
                return _as_work(begun)
    return ""


def _a_step(item: str, language: str | None) -> bool:
    from retell.extract.local_headings import fits_language

    words = len(item.split()) + len(_CJK.findall(item))
    return not _LOOKING_ITEM.search(item) and words >= 2 and len(item) <= FOUND_CHARS and fits_language(item, language)


def _as_work(item: str) -> str:
    """An item said as work: an older task list's imperative ("Set up project dependencies") as its -ing
    phrase ("Setting up project dependencies"), an aside in brackets left out."""
    from retell.extract.phrasing import as_phrase, rewrites

    item = re.sub(r"\s*\([^()]*\)$", "", item).strip()
    if _CJK.search(item) or not (item.split(" ", 1)[0].endswith("ing") or rewrites(item)):
        return item
    phrase = item if item.split(" ", 1)[0].endswith("ing") else as_phrase(item)
    # "Updating pyproject.toml to use Hatchling and fix module references": one verb form
    return re.sub(r"(?<=\S) and (?!the\b|a\b)([a-z]+)\b(?= \S)", _and_gerund, phrase)


def _and_gerund(match: re.Match[str]) -> str:
    from retell.extract.phrasing import gerund, rewrites

    verb = match.group(1)
    return f" and {gerund(verb)}" if rewrites(f"{verb} it") and not verb.endswith("ing") else match.group(0)


# Claude's statement of what it found, per language: the lead, then the finding (a clause that can head a
# section on its own: "The bug was that the cache key ignored the locale" -> "The cache key ignored the locale").
# German and Dutch put the verb last after "dass"/"dat": only their colon form is a heading as it stands.
_FOUND_LEADS = (
    r"(?:found it[.!:]\s*|so\s+|ok(?:ay)?[,.]\s*)?(?:the\s+)?(?:real\s+|actual\s+)?"
    r"(?:root cause|bug|issue|problem|culprit|cause)(?:\s+here)?\s+(?:was|is)(?!\s+clear\b)(?:\s+that)?[:,]?\s+|"
    r"(?:the\s+)?(?:root cause|culprit|cause)(?: is clear| found)?\s*:\s+",
    r"(?:原因は|問題は|根本原因は)[、，]?",
    r"(?:问题在于|问题出在|原因是|根本原因是|根因是|問題在於|問題出在|根本原因是)[：:，,]?",
    r"(?:원인은|문제는)\s*",
    r"(?:el problema (?:era|es|estaba en) (?:que\s+)?|la causa (?:era|es) (?:que\s+)?)",
    r"(?:le problème (?:était|est|venait (?:de ce )?qu[e']) ?|la cause (?:était|est) (?:que\s+)?)",
    r"(?:il problema (?:era|è) (?:che\s+)?|la causa (?:era|è) (?:che\s+)?)",
    r"(?:o problema (?:era|é) (?:que\s+)?|a causa (?:era|é) (?:que\s+)?)",
    r"(?:das problem|die ursache)(?: ist klar| gefunden)?\s*:\s+",
    r"(?:het probleem|de oorzaak)\s*:\s+",
    r"(?:проблема (?:была )?в том, что|причина (?:была )?в том, что|(?:проблема|причина)(?: понятна| найдена)?\s*:)\s*",
    r"(?:(?:проблема|причина) (?:була )?в тому, що|(?:проблема|причина)(?: зрозуміла| знайдена)?\s*:)\s*",
    r"(?:problem polegał na tym, że|przyczyną było to, że|problem\s*:)\s*",
    r"(?:sorunun (?:kaynağı|nedeni)|sorun)\s*:\s*",
    r"(?:vấn đề là|nguyên nhân là)\s*",
)
_FOUND = re.compile(r"(?i)^(?:" + "|".join(_FOUND_LEADS) + r")(?=\S)")
# what Claude says to the author or of itself: a finding says neither
_SPEAKING = re.compile(r"(?i:\b(?:you|your)\b)|\b(?:I|I'm|I've|my)\b|你|您|我|あなた|私|僕|제가|저는")


def claude_found(events: Sequence[Event]) -> str:
    """What Claude stated it found, in its words and language, when a change followed in the stretch: the
    finding after its lead ("The bug was that…", "原因は…", "Problem polegał na tym, że…"), its first
    clause; "" when none, or when it speaks to the author or is too long to head a section."""
    found = ""
    for event in events:
        if event.sidechain or event.abandoned:
            continue
        if event.kind == ASSISTANT and event.text and not found:
            found = _finding(event.text)
        elif found and event.kind == TOOL_RUN and any(family(c.name) in ("edit", "write") for c in event.calls or ()):
            return found
    return ""


def _finding(text: str) -> str:
    prose = " ".join(re.sub(r"```.*?```", " ", text, flags=re.S).split())
    for sentence in re.split(r"(?<=[。！？।॥])|(?<=[.!?])\s+(?=\S)", prose):
        lead = _FOUND.match(sentence.strip().replace("**", ""))
        if not lead:
            continue
        rest = sentence.strip().replace("**", "")[lead.end() :]
        rest = re.split(r"\s*[;；—]\s*|,\s+(?:so|which|and so|but)\s+|[，,]\s*(?:所以|因此|だから|ので)", rest)[0]
        rest = re.sub(r"(?:でした|です|だった|이었습니다|였습니다|입니다|이에요|예요)$", "", rest.rstrip("。.!！ "))
        size = len(_CJK.findall(rest)) * 2 + len(_CJK.sub("", rest))
        if _SPEAKING.search(rest) or not 12 <= size <= FOUND_CHARS or rest.endswith(("?", "？", ":")):
            return ""
        plain = re.match(r"(?i)(?:the|a|an)\s", rest) or re.match(r"[^\W\d_]+\b(?![_.-]\w)", rest)
        return rest[:1].upper() + rest[1:] if plain and not _CJK.match(rest) else rest
    return ""


# Claude's label for the cause on a line of its own, as its closing summary puts it ("- **Causa**: lo Scaffold…",
# "- **Nguyên nhân**: analyzer…", "**Root cause:** …")
_CAUSE_LABEL = re.compile(
    r"(?i)^(?:[-*•]\s+)?(?:root cause|cause|causa(?: raíz| principale)?|cause racine|ursache|oorzaak|orsak|årsak|"
    r"årsag|przyczyna|příčina|причина|neden|nguyên nhân|penyebab|原因|根本原因|根因|원인)\s*[:：]\s*(?=\S)"
)
CAUSE_CHARS = 80  # a cause longer than this, even cut at its first comma, is a paragraph, not a title


def claude_cause(events: Sequence[Event]) -> str:
    """The cause Claude named under a label of its own ("- **Causa**: lo Scaffold esterno … aveva …"), the last it
    named (an earlier one may be the wrong guess it dropped): its first sentence, cut at its first comma when long,
    without code marks; "" when none, or when it speaks to the author."""
    found = ""
    for event in events:
        if event.kind != ASSISTANT or not event.text or event.sidechain or event.abandoned:
            continue
        for line in event.text.splitlines():
            plain = line.strip().replace("**", "")
            label = _CAUSE_LABEL.match(plain)
            if not label:
                continue
            rest = re.split(r"(?<=[.!?])\s+|(?<=[。！？।॥])|\s*[;；]\s*", plain[label.end() :].replace("`", ""))[0]
            rest = rest.rstrip("。.!！ ")
            if len(rest) > CAUSE_CHARS:  # its asides out, then its first clause ("(`shared-db`, …)" is no clause)
                rest = re.split(r",\s+|，", re.sub(r"(?:\s+\(|\s*（)[^()（）]*[)）]", "", rest))[0]
            size = len(_CJK.findall(rest)) * 2 + len(_CJK.sub("", rest))
            if not _SPEAKING.search(rest) and 12 <= size <= CAUSE_CHARS and not rest.endswith(("?", "？", ":")):
                # (a name stays as written: "contentWindowInsets", "vi_text")
                plain_word = re.match(r"[^\W\d_]+\b(?![_.-]\w)", rest) and not re.match(r"\w*[a-z][A-Z]", rest)
                found = rest[:1].upper() + rest[1:] if plain_word and not _CJK.match(rest) else rest
    return found


_ERROR_NAME = re.compile(r"\b([A-Z][A-Za-z]*(?:Error|Exception)|E(?!RROR\b|XCEPTION\b)[A-Z]{3,}|TS\d{4}|E\d{4})\b")


# Errors whose name says nothing of the problem: any failing test raises an AssertionError ("Fixing the
# AssertionError" titled a line-count script's post and headed a hop-scaling fix, both judged unusable blind); nor do
# the wrappers a shell or a runner puts around any failure: PowerShell's Write-Error and -ErrorAction Stop ("Fixing
# the WriteErrorException" titled fresh41's badge tracker, an exception its post never shows, judged unusable blind),
# Python's failed subprocess
_NAMES_NO_PROBLEM = frozenset(
    {
        "AssertionError", "Error", "Exception", "RuntimeError", "RuntimeException", "WriteErrorException",
        "ActionPreferenceStopException", "CalledProcessError",
    }
)  # fmt: skip


def resolved_error(events: Sequence[Event]) -> str:
    """ "Fixing the ConnectionResetError": an error a command failed with, named by its class or code, when the
    same command later ran without it; "" when none went away. Only the problem the stretch set out to fix: an error
    seen before its first change, or one the author named; one the work itself caused on the way (the error a check
    added on purpose now raises, a notebook runner's wrapper of a slip in new code) is no story's name."""
    runs: list[tuple[ToolCall, bool]] = []  # each shell call, and whether the stretch had changed a file before it
    changed = False
    for event in events:
        for call in event.calls or () if event.kind == TOOL_RUN and not event.sidechain else ():
            if call.name in SHELL_TOOLS:
                runs.append((call, changed))
            changed = changed or family(call.name) in ("edit", "write")
    said = " ".join(w for e in events if (w := author_words(e)))
    for i, (call, after_a_change) in enumerate(runs):
        named = _ERROR_NAME.search(call.error or "") or _ERROR_NAME.search(call.output or "") if call.error else None
        if not named or not call.target or named.group(1) in _NAMES_NO_PROBLEM:
            continue
        if after_a_change and not re.search(rf"\b{re.escape(named.group(1))}\b", said):
            continue
        head = call.target.split()[:3]
        if any(later.target and later.target.split()[:3] == head and not later.error for later, _ in runs[i + 1 :]):
            return f"Fixing the {named.group(1)}"
    return ""


# -- whether the author's words name a goal -------------------------------------------------------------------

_GREETING = re.compile(
    rf"(?i)^{GREETING}|"
    # a pleasantry left when the greeting's name is taken off ("hey claude, hope you're doing well!")
    r"^(?:(?:I )?hope (?:you(?:'re| are)|all is|everything(?:'s| is)) (?:doing )?(?:well|good|fine)|"
    r"how(?:'s it going| are you| are things))\b"
)
# A log line: a timestamp or a level in front, a stack frame, a prompt's output
_LOG_LINE = re.compile(
    # (a syslog or journal line opens on its month in the machine's language: "Kwi 08 09:14:22 opony-pi gunicorn[812]")
    r"^\s*(?:[^\W\d_]{3,5}\.? +\d{1,2} \d\d:\d\d:\d\d |"
    r"\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|\[?\d\d:\d\d:\d\d[\].,]|\[?(?:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|"
    r"TRACE|CRITICAL)\]?[\s:]|at (?:async |new )?[\w$.<>]+ ?\(|Traceback \(most recent|Exception in thread|"
    r"npm ERR!|error\[E\d+\]|(?i:goroutine \d+ \[\w+)|panic: |"
    r"E\s{2,}|File \"[^\"]+\", line \d+|(?:\w+(?:\.\w+)+|[A-Z]\w*)(?:Error|Exception):)"
)
_PATH = re.compile(r"^[`'\"]?(?:[\w.@~-]+[/\\])+[\w.@-]+[`'\"]?[,;]?$|^[`'\"]?[\w-]+\.[A-Za-z0-9]{1,6}[`'\"]?[,;]?$")
# The author reacting, agreeing or sending Claude on (no goal of their own in the words)
_REACTION = re.compile(
    r"(?i)^(?:ugh|argh|meh|wtf|omg|sigh|damn|ok(?:ay)?|yes|yeah|yep|yup|sure|fine|right|no|nope|cool|nice|great|"
    r"perfect|thanks?|thx|lgtm|good|agreed?|exactly|do it|go(?: ahead| on)?|continue|proceed|"
    r"let'?s (?:do (?:it|that|this)|go)|sounds good|makes sense)\b[\s,.!]*"
    r"(?:(?:let'?s )?(?:do (?:it|that|this)|go ahead|commit(?: it)?|push(?: it)?|continue|proceed)\b|$)"
)
# A complaint, in the languages retell heads in (the words of a mood, not "again": "pick it up again" is a goal)
_COMPLAINT = re.compile(
    r"(?i)\b(?:annoying|so frustrating|frustrated|sucks|ridiculous|driving me (?:crazy|nuts)|hate (?:this|it)|"
    r"wtf|qué fastidio|harto|harta|nervt|nervig|ça m'énerve|relou|saoulant|que saco|saco cheio|che palle|uffa|"
    r"бесит|достало|задолбало|wkurza\w*|irritant|sinir bozucu|bıktım)\b|(?-i:\bAGAIN\b)|"
    r"짜증|열받|烦死|好烦|真烦|气死|うざ|イライラ|ムカつ"
)

# A line that points back at the chat for what it is about ("the thing from yesterday, same problem")
_POINTS_BACK = re.compile(
    r"(?i)^(?:the|that|this) (?:thing|issue|problem|bug|error|stuff) (?:from|of|we|I|you)\b|"
    # "the retry thing from yesterday": a thing named by a word or two, from a talk the reader did not see
    r"^(?:the|that|this) [\w-]+(?: [\w-]+)? (?:thing|stuff) (?:from|we|I|you)\b|"
    r"\bsame (?:problem|issue|error|thing|bug) (?:as|again|here)?\s*[.!]?$"
)


# What follows a line that only introduces a paste: a log line, a stack frame, a build tool's failure banner
_PASTED = re.compile(
    r"^\s*(?:[\w.]*(?:Error|Exception|Warning)\b|Traceback \(|FAILURE:|FAILED\b|error(?:\[\w+\])?:|panic:|"
    r"\d+\) |at [\w$.]+[(:]|WARNING:|ERROR\b|E\s{2,}|\[\d|={3,}|-{3,}|\$ |> )"
)
# A fence opening a block under the line: what the author pasted, whatever it holds (a trace, a log, a stack)
_FENCE = re.compile(r"^\s*(?:`{3,}|~{3,})")
REPLY_WORDS = 3  # a whole message this short, in letters spaced into words, answers Claude: it names no step


def introduces_paste(text: str) -> bool:
    """Whether a message's first line only leads into what the author pasted under it, in any language: it ends
    with a colon and the next line is a log line or an error ("Αναβάθμισα pydantic … και τώρα:" above a
    PydanticUserError). The paste is the symptom; the line is no goal a title or heading can say. (A line with
    no colon, "Getting InvalidDefinitionException when posting a card payment", says the symptom itself.)"""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return len(lines) >= 2 and lines[0].rstrip().endswith((":", "：")) and bool(_PASTED.match(lines[1]))


def introduces_block(text: str) -> bool:
    """Whether a message's first line leads, with a colon, into a fenced block the author pasted ("cześć, mam taki
    błąd w moim narzędziu do logów:" over a stack trace): as a heading it is the author's opening report, not
    the step. (A title keeps such a line when it names the thing: introduces_paste is the title's test.)"""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return len(lines) >= 2 and lines[0].rstrip().endswith((":", "：")) and bool(_FENCE.match(lines[1]))


def introduces_list(text: str) -> bool:
    """Whether a message's first line leads, with a colon, into a list ("list for today, in order, stop and tell me
    if anything is weird:" over "- [ ] move tf state…"): as a heading, the line only says a list follows; the work of
    the stretch says which of its items it did."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return len(lines) >= 3 and lines[0].rstrip().endswith((":", "：")) and bool(_LIST_ITEM.match(lines[1]))


_LIST_ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+\S")


def only_replies(text: str) -> bool:
    """Whether a whole message is a reply of REPLY_WORDS words or fewer ("ừ thêm đi", "mira esto", "ok go"), naming
    no path, file or figure, no CJK (three characters or fewer there: headings.chat_line)."""
    line = " ".join(text.split())
    named = re.search(r"[`/\\_\d]|\w\.\w", line)  # a path, a file, a figure: "~/proj/deploy.sh failed. Why?"
    return bool(line) and not _CJK.search(line) and len(line.split()) <= REPLY_WORDS and not named


# A message held back: short, answered without a tool call, and followed by a longer one ("moment, muss erst den
# build log kopieren", "one sec, pasting the log"): the author said what they were about to do, the next says it
HELD_WORDS = 8


def held_messages(events: Sequence[Event]) -> set[str]:
    """The author's messages that only held the floor before the request (see HELD_WORDS), in any language."""
    said = [(i, w) for i, e in enumerate(events) if (w := author_words(e)) and not e.sidechain]
    held: set[str] = set()
    for (i, words), (j, after) in itertools.pairwise(said):
        worked = any(e.kind == TOOL_RUN and not e.sidechain for e in events[i + 1 : j])
        short, longer = len(words.split()), len(after.split())
        if not worked and short <= HELD_WORDS and longer >= max(2 * short, HELD_WORDS):
            held.add(words)
    return held


_GIT_CHORE = re.compile(r"^\s*git\s+(?:add|commit|push|status|diff|log|show|switch|checkout|branch|tag|stash)\b")


def before_a_commit_only(events: Sequence[Event]) -> set[str]:
    """The author's messages after which the only work, up to their next message, was committing what was done
    ("ок, гляну завтра… поки закомічу що є", "yes. conventional commit pls"): a sign-off, whatever it says of
    the author's plans; the commit says the step."""
    said = [i for i, e in enumerate(events) if author_words(e) and not e.sidechain] + [len(events)]
    closing: set[str] = set()
    for i, j in itertools.pairwise(said):
        if i == len(events):
            break
        calls = [c for e in events[i + 1 : j] if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()]
        commands = [c.target or "" for c in calls]
        chores = calls and all(
            c.name in SHELL_TOOLS and _GIT_CHORE.match(t) for c, t in zip(calls, commands, strict=True)
        )
        if chores and any(re.search(r"\bgit\s+commit\b", t) for t in commands):
            closing.add(author_words(events[i]) or "")
    return closing


def complains(text: str) -> bool:
    """Whether a message holds a complaint (see _COMPLAINT): its request is a symptom in a mood, not a goal."""
    return bool(_COMPLAINT.search(" ".join(text.split())))


def greets(text: str) -> bool:
    """Whether a message opens with a greeting ("hi claude", "Привет!", "你好"), or with a sentence of one or two
    words before its request in a language the list does not hold ("السلام عليكم. عندنا…")."""
    return bool(_GREETING.search(" ".join(text.split()))) or opens_with_opener(text)


# Terminal output by its form: two "Key: value" fields with a figure or a dotted name ("Process: com.x.app, PID:
# 2190"), a row of columns mostly figures ("web-7d9c5b8f6d-2xkqp 0/1 CrashLoopBackOff 6 9m"), a command quoted
# with its flags inside a tool's hint ("…run 'python manage.py migrate --fake'")
_FIELD = re.compile(r"(?:^|[,;]\s*)[A-Za-z][\w ]{0,15}:\s+(?=\S*(?:\d|\w\.\w))")
_FIGURE = re.compile(r"^\d+(?:[/.:]\d+)*[smhd%]?$|^<?\d+[smhd]$")
_QUOTED_COMMAND = re.compile(r"['`\"][\w./-]+(?: [\w./=-]+)* --?[A-Za-z][\w-]*[^'`\"]*['`\"]")


def output_line(text: str) -> bool:
    """Whether a line is a program's output or a command it suggests, not words of the author's (see _FIELD)."""
    line = " ".join(text.split()).strip("`")
    if len(_FIELD.findall(line)) >= 2 or _QUOTED_COMMAND.search(line):
        return True
    tokens = line.split()
    figures = sum(bool(_FIGURE.match(t)) for t in tokens)
    return len(tokens) >= 3 and figures >= 2 and 2 * figures >= len(tokens)


def reports_output(text: str) -> bool:
    """Whether a message opens with what a program printed (a log line, a stack frame, a table of pods) or only
    leads into such a paste: a report of what went wrong, which the stretch after it mended."""
    first = next((line for line in text.strip().splitlines() if line.strip()), "")
    return bool(_LOG_LINE.search(first)) or output_line(first) or introduces_paste(text)


def names_a_goal(text: str) -> bool:
    """Whether a line of the author's names a goal a title or heading can say: not a greeting, a log line or
    stack frame, a bare list of files, a reaction or go-ahead ("yes, let's do that", "ok commit, message in
    Chinese"), nor a complaint. A line of chat around a step ("ah bien vu… le back vérifie le jeton en dur…
    merci !") is left to headings.chat_line, which judges the heading made of it, not the whole message."""
    from retell.extract.chatforms import code_line

    line = " ".join(text.split())
    if not line or _GREETING.search(line) or _LOG_LINE.search(text.strip()) or output_line(line) or code_line(line):
        return False
    tokens = [t for t in re.split(r"[\s,]+", line) if t]
    if tokens and sum(bool(_PATH.match(t)) for t in tokens) * 2 > len(tokens):
        return False  # mostly file names: a list, not a goal
    if _REACTION.match(line) or _COMPLAINT.search(line) or _POINTS_BACK.search(line):
        return False
    # "ok commit, message in Chinese": a chore asked for, the work's goal was before it
    return not re.match(
        r"(?i)^(?:(?:ok(?:ay)?|yes|sure)[,!.]?\s+)?(?:commit|push)(?: it| this| that| everything)?\b\W", line
    )


# -- the best of them -------------------------------------------------------------------------------------------

_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _script(text: str) -> str:
    """A rough language key: CJK, Cyrillic, English, or another language of Latin letters."""
    from retell.extract.typos import in_english

    if _CJK.search(text):
        return "cjk"
    if _CYRILLIC.search(text):
        return "cyrillic"
    return "en" if in_english(text) else "latin"


def best_deed(events: Sequence[Event], said_in: str | None = None) -> str:
    """What a session or stretch did, best evidence first: a task item Claude completed that changed something,
    what Claude stated it found before a change, the error that went away; "" when none. `said_in`: words of
    the author's, whose language a deed in Claude's words must share (an English item never heads a Russian
    post); a made-up "Fixing the <error>" is put in the post's language later (local_headings.in_language)."""
    language = _script(said_in) if said_in else None
    if language in ("en", "latin") and len((said_in or "").split()) < 6:
        language = None  # too few words to tell English from another language of Latin letters
    for deed in (*completed_items(events)[:1], claude_found(events)):
        if deed and (language is None or _script(deed) == language):
            return deed
    return resolved_error(events)
