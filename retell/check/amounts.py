"""Figures as a writer states them: a number with its unit ("16 tests", "about four minutes", "+70 / -12",
"Python 3.12.1", "three to four weeks", "an hour and twenty minutes", "約21秒", "ツールを6回"), with how exact
it claims to be ("about", "over", "under", "or so", "ほど") and, for times, whether it is a span of calendar
days ("spread over two days") or the time between two moments ("two minutes later").

Used on both sides: the draft's claims, and the figures the session's own texts state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retell.check.language import language_of
from retell.check.numerals import CJK_NUMBER, DIGITS, EN_NUMBER, value_of
from retell.check.text import NUMBER_WORDS, wordset

DURATION = "duration"
DIFF = "diff"
TESTS = "tests"
FAILED = "failed"
# A verb of a run's result right before its count of tests ("failed two tests", "passed eleven tests")
_COUNT_VERB = re.compile(r"(?i)\b(failed|broke|passed)\s+(?:on\s+|in\s+)?(?:all\s+|only\s+|just\s+|another\s+)?$")
MONEY = "money"
PERCENT = "percent"
TOKENS = "tokens"
FILES = "files"
THING = "thing:"  # a count of something else: "thing:<noun>"
VERSION = "version:"

# Units a figure of the session can be compared with; anything else counted is a THING.
_UNITS: list[tuple[str, str]] = [
    (TOKENS, r"tokens?"),
    (FAILED, r"failed|failing|failures?"),
    (TESTS, r"tests?|test cases?|passed|passing|passes"),
    (MONEY, r"dollars?|usd|cents?"),
    (PERCENT, r"%|percent|per cent"),
    ("lines", r"lines?(?: of code)?|s?loc"),  # "~2,600 LOC" is lines of code
    ("words", r"words?"),
    ("insertions", r"insertions?|inserted(?: lines)?|additions?|added lines"),
    ("deletions", r"deletions?|deleted(?: lines)?|removed lines"),
    ("messages", r"messages?|prompts?"),
    ("calls", r"tool calls?|calls?|tool uses?"),
    ("subagents", r"sub-?agents?|agents?|teammates?"),
    (FILES, r"files?"),
    ("commands", r"commands?"),
    ("edits", r"edits?"),
    ("commits", r"commits?"),
    ("compactions", r"compactions?|context compactions?"),
    ("chapters", r"chapters?"),
    ("searches", r"searches|greps?"),
    ("errors", r"errors?"),
    ("images", r"screenshots?|images?"),
]
UNIT_NAMES = frozenset(name for name, _ in _UNITS)
_UNIT_RE = "|".join(f"(?P<u_{name}>{pattern})" for name, pattern in _UNITS)
_KNOWN_UNIT = re.compile(r"\s+(?:" + "|".join(pattern for _, pattern in _UNITS) + r")\b", re.I)
# A plural unit right after a singular one is the head of the compound: "two command files", "three error messages"
# ("three error lines" stays three errors: a line each, as round 35 reads an output's "error:" lines)
_HEAD_NOUN = re.compile(
    r"\s+(files|commands|edits|commits|messages|prompts|calls|images|screenshots|errors|searches|tokens|"
    r"chapters|subagents|agents)\b",
    re.I,
)
_FILLER = (
    r"(?:\s+(?:more|new|other|separate|different|extra|additional|total|whole|full|tool|test|unit|green|red|passing|"
    r"failing|broken|remaining|changed|edited|modified|source|python|markdown|research|real|distinct|"
    r"of\s+(?:those|the|them|its|these|my|his|her|their)))"
)
_FAILING_FILLER = re.compile(r"\b(?:red|failing|broken)\b", re.I)
_NUM = rf"(?:\$\s?)?(?:{DIGITS}|{EN_NUMBER})"
_MULT = r"(?:\s?(?:k|K|M|million|thousand|billion|bn)\b)?"
# Not inside a word, a path or a version; after a hyphen only in a range ("3-4 weeks", "500–800 words").
# "~920 words" is about 920 (a tilde after no digit is no range)
_START = r"(?:(?<=\d[-–~〜])|(?<=(?<![\w.])~)|(?<![A-Za-z0-9_.,/#$\-–~〜]))"
_COUNT = re.compile(
    rf"{_START}(?P<num>{_NUM}){_MULT}(?P<pct>\s?%)?"
    rf"(?:{_FILLER}{{0,2}}\s*-?\s*(?:{_UNIT_RE})\b"
    # (a noun is a whole word: not "cent" of "centímetros", blind56's BJ2; kana or Han may follow, "115 ESRでした")
    rf"|-(?P<hyphen>[a-z]+)\b|\s+(?P<noun>[a-z][a-z-]{{2,}})(?![^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]))?",
    re.I,
)
_NOT_NOUNS = wordset(
    """of to and or in on at by for with from as is are was were be been than that which who the a an it
    its more less times time later after before earlier ago apart each apiece per out up down off over under
    about into onto through again too also still later years year months month weeks week days day hours
    hour minutes minute seconds second percent then when while so if but all both either neither one
    ones other others way ways january february march april may june july august september october
    november december jan feb mar apr jun jul aug sep sept oct nov dec monday tuesday wednesday thursday
    friday saturday sunday am pm utc gmt"""
)
_DIFF = re.compile(r"(?<![A-Za-z0-9_])\+(?P<plus>\d+)\s*/?\s*[-−–](?P<minus>\d+)\b")
_VERSION = re.compile(
    # (not a date as German, Dutch, Polish or Russian write it: "12.03.2025", "1.9.2026")
    r"(?<![A-Za-z0-9_.])(?!(?:0?[1-9]|[12]\d|3[01])\.(?:0?[1-9]|1[0-2])\.(?:19|20)\d\d(?!\d|\.\d))"
    r"(?P<v>v\d+(?:\.\d+)+|\d+\.\d+\.\d+(?:\.\d+)*)(?![A-Za-z0-9_.]*\d)"
    r"|\b(?:version|Python|Node(?:\.js)?|Claude Code|Django|React|Rust|Go|Ruby|Java|TypeScript|Next\.js|Vite|"
    r"Tailwind(?: CSS)?|Firefox|Chrome|Safari|Firefox)\s+v?(?P<w>\d+(?:\.\d+)+)\b"
    # a product named by its major version: "Firefox 143", "Python 3", "Tailwind CSS v4", "React 19"
    r"|\b(?:Python|Node(?:\.js)?|Django|React|TypeScript|Next\.js|Vite|Tailwind(?: CSS)?|Firefox|Chrome|Safari|"
    r"Edge|Ubuntu|Debian|macOS|iOS|Android|Java|PHP|Postgres(?:QL)?|Vue|Angular|Svelte|"
    # (and the languages and tools the stop-52 drafts name so: "three Swift 6 errors", tomatillo)
    r"Swift|Kotlin|Xcode|Gradle|Neovim|Vim|Zig|Lua|Dart|Flutter|Deno|Bun|Electron|Rails|Spring|Laravel|Scala|Perl|"
    r"Fedora|Windows|MySQL|\.NET|C\+\+|ES)\s+v?(?P<major>\d+)\b(?![.,]\d)"
)

# -- times ------------------------------------------------------------------------------------------------

_MINUTES = {
    "ms": 1 / 60000,
    "s": 1 / 60,
    "sec": 1 / 60,
    "second": 1 / 60,
    "m": 1.0,
    "min": 1.0,
    "minute": 1.0,
    "h": 60.0,
    "hr": 60.0,
    "hour": 60.0,
    "day": 1440.0,
    "week": 10080.0,
    "month": 43200.0,
}
_TIME_NUM = rf"(?:{DIGITS}|{EN_NUMBER}|an?|half\s+an?|a\s+few|several)"
_TIME_UNIT = r"seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?"
_DURATION = re.compile(
    # "a full day", "two whole hours": the same time, said with weight
    rf"{_START}(?P<n>{_TIME_NUM})(?P<full>\s+(?:full|whole|entire|good|solid))?(?P<half>\s+and\s+a\s+half)?\s*-?\s*"
    rf"(?P<u>{_TIME_UNIT})\b"
    # "an hour and nineteen minutes", "three minutes 22 seconds": one duration ("two hours, 29 minutes of
    # them active" is two)
    rf"(?P<more>\s+and\s+a\s+half\b|(?:\s+and)?\s+(?P<n2>{DIGITS}|{EN_NUMBER})\s*-?\s*"
    r"(?P<u2>seconds?|secs?|minutes?|mins?)\b"
    # "an hour and forty-two of which I was away", "une heure et quarante-deux pendant lesquelles": an hour's
    # minutes with their unit left out (pyrivage, fresh24), read when a clause goes on after them
    rf"|\s+and\s+(?P<n3>{DIGITS}|{EN_NUMBER})(?=\s+(?:of\s+(?:which|them|those|it)|during|while|when|in\s+which|"
    r"pendant|durant|dont|von\s+denen|de\s+(?:las|los)\s+que)\b|\s*[,.;:)])"
    r")?",
    re.I,
)
# "half an hour", "a quarter of an hour", "three quarters of an hour": a fraction of a unit, read before "an
# hour" alone (which "quarter of an hour" holds)
# (and any fraction of a second, a minute, an hour: "a fifth of a second", "two thirds of a minute", "half a second")
_HALF_AN_HOUR = re.compile(
    r"\b(?:(?P<three>three[\s-]+quarters?)|(?P<quarter>(?:an?\s+|one\s+)?quarter)|half"
    r"|(?P<k>an?|one|two|three|four)[\s-]+(?P<part>thirds?|fifths?|tenths?|hundredths?|thousandths?))(?:\s+of)?\s+"
    r"(?:an?\s+)?(?P<u>hour|minute|day|second)\b",
    re.I,
)
_FRACTION_PARTS = {"third": 3, "fifth": 5, "tenth": 10, "hundredth": 100, "thousandth": 1000}
_FRACTION_COUNTS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4}
# 5分の1秒, 五分之一秒, 5분의 1초: a fraction of a unit, the parts first (not five minutes and a second)
_CJK_FRACTION = re.compile(
    r"(?P<den>[0-9０-９]+|[一二三四五六七八九十百千]+)\s*(?:分の|分之|분의)\s*(?P<num>[0-9０-９]+|[一二三四五六七八九十]+)\s*"
    r"(?P<u>秒|초|分钟|分鐘|分間|분|時間|小时|小時|시간)"
    r"(?:\s?(?P<post>ほど|くらい|ぐらい|程度|足らず|弱|未満|以内|強|あまり|余り|以上|超|近く|左右|多|쯤|정도|미만|이내|이상|넘게|남짓))?"
)
_CJK_FRACTION_UNIT = {"秒": 1 / 60, "초": 1 / 60, "時間": 60.0, "小时": 60.0, "小時": 60.0, "시간": 60.0}
# a decimal with its point or, as most of Europe writes it, its comma ("0,2 s": never "2 s"; "1,500 ms" stays a
# thousand and a half: a comma before three digits groups thousands)
_DECIMAL = r"(?:\.\d+|,\d{1,2}(?!\d))"
_SHORT = re.compile(
    r"(?<![A-Za-z0-9_.,])(?:(?P<h>\d+)\s?(?:h|hrs?)\s?(?P<hm>\d+)\s?(?:m|min|mins)\b"
    # "2 min 21 s", "2m 21s", "2m21.5s": one length, as `time` prints it
    rf"|(?P<mm>\d+)\s?(?:m|min|mins)\s?(?P<ms>\d+{_DECIMAL}?)\s?(?:s|sec|secs)\b"
    rf"|(?P<n>\d+{_DECIMAL}?)\s?(?P<u>h|min|ms|m)\b|(?P<s>\d{{1,2}}{_DECIMAL}?|\d+{_DECIMAL})\s?s\b)"
)
# "ran in 2:21", "took 1:05:30": minutes and seconds (or hours) on a clock's face told as a length, only after a
# word that makes it one ("at 2:21" is a time of day)
_CLOCK_LENGTH = re.compile(r"(?<![\w.:])(?:(?P<h>\d{1,2}):)?(?P<m>\d{1,2}):(?P<s>\d{2})(?:\.\d+)?(?![\w:])")
_CLOCK_BEFORE = re.compile(
    r"\b(?:in|took|takes|taking|lasted|lasting|within|under|of)\s+(?:about\s+|just\s+|roughly\s+|only\s+)?$", re.I
)
_CLOCK_AFTER = re.compile(r"^\s*(?:[ap]\.?m\b|Uhr\b|h\b|o['’]clock|UTC|GMT|CET|[+-]\d)", re.I)
_ORDINAL_SECOND = re.compile(
    r"\s*(?!later|after|before|earlier|ago|or\b|and\b|passed|in\b|of\b|to\b|apart|long|more|less)[a-z]", re.I
)
# "those two months", "both days", "the two months, 2025-02-01 and 2025-03-01": calendar units counted as things a
# query or a file holds, not a length of time; "the one-day `fixture.json`", "a two-week window": what data spans
_CALENDAR_UNIT = re.compile(r"(?:day|week|month)s?", re.I)
_DEMONSTRATIVE = re.compile(r"\b(?:those|these|both|the\s+same|the\s+other|the|its|their)\s+$", re.I)
_DATED = re.compile(r"^\s*[,:(]\s*(?:\d{4}-\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)", re.I)
_SPANNED = re.compile(
    r"^\s+(?:CODE|(?:data|fixture|file|window|range|bucket|partition|snapshot|export|dataset|slice|sample|"
    r"report|table|view|query|filter|ttl|retention|lookback|interval)s?\b)",
    re.I,
)
_THEN = re.compile(r"^\s*(?:later|earlier|ago|before|after|on|in|into|of\s+work)\b", re.I)


def _counts_calendar_units(unit: str, before: str, after: str, said: str) -> bool:
    """Calendar units a sentence counts as things, or that name what data spans, rather than a time that passed."""
    if not _CALENDAR_UNIT.fullmatch(unit) or _THEN.match(after):
        return False
    if "-" in said and _SPANNED.match(after):
        return True  # "the one-day `9414290-20251103.json`": a file of one day's data
    if _DATED.match(after):
        return True  # "gave two months, 2025-02-01 and 2025-03-01": the months it names
    the = _DEMONSTRATIVE.search(before)
    return the is not None and the.group(0).strip().lower() not in ("the", "its", "their")


_CALENDAR = re.compile(r"(?:\b(?:spread|stretched|spread out)\s+)?\b(?:over|across|spanning|on)\s+$", re.I)
# A time counted from the beginning: "an hour and a half after it began", "after the session started", "forty
# minutes into the session", "ten minutes in,".
_FROM_START = re.compile(
    r"^(?:\s*or so)?\s*(?:after (?:it|the session|we|I|the work|work) (?:had )?(?:began|begun|started|opened)"
    r"|after the (?:start|beginning)|into (?:the|that|this) (?:session|sitting|work|morning|evening)"
    r"|after (?:my|the author's) (?:first|opening) (?:message|prompt|request|question)"
    r"|in(?=\s*[,;.]))",
    re.I,
)
# Tests written, not run: "added two tests", "wrote three", "Claude created four test cases"
_WRITTEN_BEFORE = re.compile(r"\b(?:added|adding|wrote|writing|written|created|creating|new)\s+(?:\w+\s+)?$", re.I)
# A length told of the whole story so far: "the whole experiment, from my brief to Claude's summary, took…"
_WHOLE_STORY = re.compile(
    r"\b(?:whole|entire)\s+(?:session|experiment|thing|exercise|investigation|effort|job|morning|evening|afternoon)\b"
    r"|\bfrom (?:my|the) (?:first |opening )?(?:brief|message|prompt|request|question|start|beginning)\b"
    r"|\bfrom start to finish\b|\bstart to finish\b|\ball told\b",
    re.I,
)
# "An hour and nine minutes passed with no one at work", "five minutes went by": the time between two events too
_RELATIVE = re.compile(
    r"^(?:\s*or so)?\s*(?:later|after|afterwards|before|earlier|ago|apart|in\b|on\b"
    r"|(?:had\s+|have\s+)?(?:passed|went\s+by|gone\s+by|elapsed)\b)",
    re.I,
)
# A length told with the verb that makes it one: "the build took about 7 minutes on staging", "lasted roughly an
# hour in CI": a word after it ("on", "in", "before") places the length, it does not make it a time between events
_LENGTH_VERB = re.compile(
    r"\b(?:took|takes|taking|take|lasted|lasts|lasting|last|spent|spends|ran for|runs for|run for|needed|needs)\s+"
    r"(?:(?:about|around|roughly|nearly|almost|approximately|some|close to|just|only|over|under|barely|well over|"
    r"more than|less than|a good|a full|another|all of)\s+)*~?\s*$",
    re.I,
)
# The state before and the state after, each measured: "6842 ms before and 62 ms after", "6842 ms before, 62 ms
# after", "from 6842 ms before to 62 ms after": a pair of figures an output prints, not times between events
_PAIRED_BEFORE = re.compile(r"^\s*before\s*(?:,|and\b|to\b|vs\.?|versus\b|→|->)\s*(?:about\s+|~\s*)?\d", re.I)
_PAIRED_AFTER = re.compile(
    r"\d[\d.,]*\s*\w*\s+before\s*(?:,|and\b|to\b|vs\.?|versus\b|→|->)\s*(?:about\s+|~\s*)?$", re.I
)

_ABOUT_BEFORE = re.compile(
    r"(?:\babout|\baround|\broughly|\bnearly|\balmost|\bapproximately|\bsome|~|\bclose to|\bthe better part of)\s*$",
    re.I,
)
_ABOVE_BEFORE = re.compile(
    r"(?:\bover|\bmore than|\bat least|\bupwards of|\bbeyond|\bwell over|\bjust over|\ba (?:bit|little) over"
    r"|\ba (?:bit|little) more than|\bafter)\s*$",
    re.I,
)
_BELOW_BEFORE = re.compile(
    r"(?:\bunder|\bless than|\bfewer than|\bat most|\bjust under|\ba (?:bit|little) under|\bwithin|\bbelow"
    r"|\bbarely|\bnot even|\bshort of|\bin under)\s*$",
    re.I,
)
_ABOUT_AFTER = re.compile(r"^(?:\s*or so\b|-?ish\b|\s*give or take\b|\s*or thereabouts\b|-odd\b)", re.I)


@dataclass
class Amount:
    """A figure in a text: where it is, its value (and the top of a range), its unit and how exact it is."""

    start: int
    end: int
    value: float
    unit: str
    precision: float = 1.0
    high: float | None = None  # a range: value..high
    approx: str = ""  # "" | about | above | below | about-below ("within about ten minutes")
    calendar: bool = False  # "over three days": the calendar days spanned
    relative: bool = False  # "two minutes later": the time between two moments
    from_start: bool = False  # "an hour and a half after it began", "ten minutes in": since the session began
    changed: bool = False  # files: "changed", "edited", "written" (the session's files changed)
    text: str = ""
    scale: float = 1.0  # what one of the written number is worth in `unit` ("four weeks": 10,080 minutes)
    result: bool = False  # tests: a run's result ("16 passed", "all 12 tests passed", "2 tests failed")
    written: bool = False  # tests: tests written, not run ("added two tests", "three new tests")
    each: bool = False  # "six tool calls each", "every agent made seven": a count of one of several, never a sum
    next_day: bool = False  # "the next morning", 第二天: a later day, so hours at least between two events
    weekday: int = -1  # "on Tuesday morning", 周二上午: the day of the week (Monday 0) the events fall on
    hours: tuple[int, int] = (0, 24)  # with a weekday: the part of the day ("morning": 5 to 12, local time)
    full: bool = False  # "a full day", "two whole hours": the time itself, never a date change ("the next day")


def _qualifier(text: str, start: int, end: int) -> str:
    before = text[max(0, start - 30) : start]
    after = text[end : end + 20]
    about = bool(_ABOUT_BEFORE.search(before) or _ABOUT_AFTER.match(after))
    if about:
        trimmed = _ABOUT_BEFORE.sub("", before)
        if _BELOW_BEFORE.search(trimmed):
            return "about-below"
        if _ABOVE_BEFORE.search(trimmed):
            return "about-above"
        return "about"
    if _ABOVE_BEFORE.search(before) and not re.search(r"\bafter\s*$", before, re.I):
        return "above"
    if _BELOW_BEFORE.search(before):
        return "below"
    return ""


def _unit_minutes(word: str) -> float:
    word = word.lower().rstrip("s") if len(word) > 2 else word.lower()
    return _MINUTES.get(word, _MINUTES.get(word[:3], _MINUTES.get(word[:1], 1.0)))


def _vague(raw: str) -> tuple[float, float] | None:
    raw = " ".join(raw.lower().split())
    if raw == "a few":
        return 2.0, 5.0
    if raw == "several":
        return 3.0, 9.0
    return None


# Where a number may start: a digit, "$", or a word a number is spelt with. Found with one cheap scan, so the
# patterns (each a long alternation) are tried only there, not at every character of a long session text.
_NUMBER_STARTS = frozenset(
    {*NUMBER_WORDS, "a", "an", "half", "several", "twenty", "thirty", "forty", "fifty", "sixty", "seventy"}
    | {"eighty", "ninety", "one", "single", "dozen", "couple", "pair"}
)


_START_RE = re.compile(
    r"\$|(?<!\d)\d|\b(?:an?|half)\s+(?=(?:(?:full|whole|entire|good|solid)\s+)?(?:single|dozen|couple|pair|few|half|second|minute|hour|day|week|month)s?\b)"
    r"|\b(?:" + "|".join(sorted(_NUMBER_STARTS - {"a", "an", "half"}, key=len, reverse=True)) + r")\b",
    re.I,
)


def _starts(text: str) -> list[int]:
    return [match.start() for match in _START_RE.finditer(text)]


def _matches(pattern: re.Pattern[str], text: str, starts: list[int]) -> list[re.Match[str]]:
    """`pattern.finditer(text)`, tried only where a number may start (no overlapping matches)."""
    out: list[re.Match[str]] = []
    end = 0
    for start in starts:
        if start < end:
            continue
        match = pattern.match(text, start)
        if match is not None and match.end() > match.start():
            out.append(match)
            end = match.end()
    return out


# "9h", "16h" as Vietnamese and French write the hour of the day (fresh23's tocdep: "Trên máy mình, 9h thành 02:00Z …
# tức 16h giờ Việt Nam"): after "at", "from", "until" (lúc, từ, đến, tới, à, vers, dès, jusqu'à), before "giờ", or
# in a sentence that gives a clock (02:00Z) or a span of hours (9h–19h). "mất 2h", "en 2h" stay lengths.
_HOUR_OF_DAY_BEFORE = re.compile(r"(?<!\w)(?:lúc|từ|đến|tới|khoảng|à|vers|dès|jusqu['’]à|avant|de)\s+$", re.I)
_HOUR_OF_DAY_NEAR = re.compile(
    r"(?<![\w.])\d{1,2}:\d{2}(?!\d)|\d{1,2}h\s?[–—-]\s?\d{1,2}h\b|^\s*(?:giờ|sáng|chiều|tối)\b"
)


def _o_clock(text: str, match: re.Match[str]) -> bool:
    """Whether "9h" at `match` (the digits and "h" written together) is an hour of the day in a Vietnamese or
    French text."""
    if not re.fullmatch(r"\d{1,2}h", match.group(0)) or language_of(text) not in ("vi", "fr"):
        return False
    if _HOUR_OF_DAY_BEFORE.search(text[max(0, match.start() - 12) : match.start()]):
        return True
    if _HOUR_OF_DAY_NEAR.match(text, match.end()):
        return True
    start = max(text.rfind(". ", 0, match.start()), text.rfind("\n", 0, match.start())) + 1
    stop = min((i for i in (text.find(". ", match.end()), text.find("\n", match.end())) if i >= 0), default=len(text))
    return bool(_HOUR_OF_DAY_NEAR.search(text[start:stop]))


def durations(text: str, starts: list[int] | None = None) -> list[Amount]:
    out: list[Amount] = []
    starts = _starts(text) if starts is None else starts

    def add(amount: Amount) -> None:
        if not any(amount.start < a.end and amount.end > a.start for a in out):
            amount.text = text[amount.start : amount.end]
            if not amount.approx:
                amount.approx = _qualifier(text, amount.start, amount.end)
            amount.relative = amount.relative or (
                bool(_RELATIVE.match(text[amount.end :]))
                and not _LENGTH_VERB.search(text[max(0, amount.start - 60) : amount.start])
                and not _PAIRED_BEFORE.match(text[amount.end :])
                and not (
                    re.match(r"\s*after\b", text[amount.end :], re.I)
                    and _PAIRED_AFTER.search(text[max(0, amount.start - 40) : amount.start])
                )
            )
            clause = re.split(r"[.;!?。！？]\s", text[: amount.start])[-1]
            amount.from_start = bool(_FROM_START.match(text[amount.end :]) or _WHOLE_STORY.search(clause))
            out.append(amount)

    for match in _SHORT.finditer(text):
        if match.group("u") == "h" and _o_clock(text, match):
            continue
        if match.group("h"):
            hours = int(match.group("h")) * 60 + int(match.group("hm"))
            add(Amount(match.start(), match.end(), float(hours), DURATION, 1.0))
        elif match.group("mm"):
            length = int(match.group("mm")) + float(match.group("ms").replace(",", ".")) / 60
            add(Amount(match.start(), match.end(), length, DURATION, 1 / 60))
        elif match.group("s"):
            add(Amount(match.start(), match.end(), float(match.group("s").replace(",", ".")) / 60, DURATION, 1 / 60))
        else:
            scale = _MINUTES[match.group("u")]
            add(Amount(match.start(), match.end(), float(match.group("n").replace(",", ".")) * scale, DURATION, scale))
    for match in _CLOCK_LENGTH.finditer(text):
        if _CLOCK_BEFORE.search(text[max(0, match.start() - 30) : match.start()]) and not _CLOCK_AFTER.match(
            text[match.end() : match.end() + 6]
        ):
            clock = int(match.group("h") or 0) * 60 + int(match.group("m")) + int(match.group("s")) / 60
            add(Amount(match.start(), match.end(), clock, DURATION, 1 / 60))
    for match in _HALF_AN_HOUR.finditer(text):
        share = 0.75 if match.group("three") else 0.25 if match.group("quarter") else 0.5
        if match.group("part"):
            parts = _FRACTION_PARTS[match.group("part").lower().rstrip("s")]
            share = _FRACTION_COUNTS[match.group("k").lower()] / parts
        scale = _unit_minutes(match.group("u"))
        add(Amount(match.start(), match.end(), scale * share, DURATION, scale * share / 2 if scale < 1 else 1.0))
    for match in _CJK_FRACTION.finditer(text):
        den, num = value_of(match.group("den")), value_of(match.group("num"))
        if den is None or num is None or not den[0]:
            continue
        post = match.group("post") or ""
        approx = "below" if post in _CJK_BELOW else "above" if post in _CJK_ABOVE else "about" if post else ""
        scale = _CJK_FRACTION_UNIT.get(match.group("u"), 1.0)
        value = scale * num[0] / den[0]
        add(Amount(match.start(), match.end(), value, DURATION, value / 2, approx=approx))
    for match in _matches(_DURATION, text, starts):
        raw, unit = match.group("n"), match.group("u")
        scale = _unit_minutes(unit)
        if raw.lower() in ("a", "an") and unit.lower() == "second" and _ORDINAL_SECOND.match(text[match.end() :]):
            continue  # "a second sitting": an ordinal, not a second of time
        vague = _vague(raw)
        if vague is not None:
            low, high = vague
            if scale < 1:
                # "a few seconds later": event times are when a message was written, not when it was seen, so
                # a vague count of seconds bears out any gap under its top, none at all included
                low = 0.0
            add(Amount(match.start(), match.end(), low * scale, DURATION, scale, high=high * scale, approx="about"))
            continue
        if raw.lower().startswith("half"):
            parsed: tuple[float, float] | None = (0.5, 0.5)
        elif raw.lower() in ("a", "an"):
            parsed = (1.0, 1.0)
        else:
            parsed = value_of(raw)
        if parsed is None:
            continue
        value, precision = parsed
        if match.group("half"):
            value += 0.5
            precision = 0.5
        more = match.group("more") or ""
        if more:
            if match.group("n3"):
                extra = value_of(match.group("n3"))
                # "two days and 3,", "an hour and 90": no minutes of an hour, the first length alone
                if re.fullmatch(r"hours?|hrs?", match.group("u"), re.I) and extra is not None and extra[0] < 60:
                    value = value * scale + extra[0]
                    scale = 1.0
                    precision = 1.0
            elif match.group("n2"):
                extra = value_of(match.group("n2"))
                if extra is not None:
                    value = value * scale / _unit_minutes(match.group("u2")) + extra[0]
                    scale = _unit_minutes(match.group("u2"))
                    precision = 1.0
            else:
                value += 0.5
                precision = 0.5
        if match.group("full"):
            precision = min(precision, 0.5)  # "a full day" is no twelve hours
        before = text[max(0, match.start() - 30) : match.start()]
        if _counts_calendar_units(unit, before, text[match.end() : match.end() + 40], match.group(0)):
            continue
        calendar = unit.lower().startswith("day") and bool(_CALENDAR.search(before))
        amount = Amount(match.start(), match.end(), value * scale, DURATION, precision * scale, calendar=calendar)
        amount.scale = scale
        amount.full = bool(match.group("full"))
        add(amount)
    out.extend(_cjk_durations(text, out))
    return out


# -- Chinese, Japanese, Korean -----------------------------------------------------------------------------

_CJK_N = rf"(?:{CJK_NUMBER}|{DIGITS})"
# Korean bounds after a figure: 미만 (under), 이내 (within), 이상 / 넘게 / 남짓 (over), 가량 / 안팎 / 내외 (about)
_KO_BOUND = "미만|이내|이상|넘게|남짓|가량|안팎|내외"
_CJK_TEXT = re.compile("[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_CJK_TIME_UNIT = r"(?:日間|天|일간|일 동안|時間|小时|小時|钟头|鐘頭|시간|分|분|秒|초)"
_CJK_DURATION = re.compile(
    rf"(?=(?:(?:約|およそ|ほぼ|大体|だいたい|大约|大概|约|약)\s*)?{_CJK_N}\s*[个個]?\s*{_CJK_TIME_UNIT})"
    rf"(?P<pre>約|およそ|ほぼ|大体|だいたい|大约|大概|约|약)?\s*"
    rf"(?:(?P<d>{_CJK_N})\s*(?:日間|天|일간|일 동안)(?=[^\d]|$))?"
    # 三个小时, 十三個小時: Chinese counts hours with the counter 个 (three "pieces" of hour)
    rf"(?:(?P<h>{_CJK_N})\s*[个個]?\s*(?:時間|小时|小時|钟头|鐘頭|시간)(?P<hh>半)?)?\s*"
    rf"(?:(?P<m>{_CJK_N})\s*(?:分間|分钟|分鐘|分(?!の)|분))?\s*"
    rf"(?:(?P<s>{_CJK_N})\s*(?:秒間|秒钟|秒|초))?"
    rf"(?:\s?(?P<post>ほど|くらい|ぐらい|程度|前後|足らず|弱|未満|以内|強|あまり|余り|以上|超|近く|左右|多|쯤|정도|{_KO_BOUND}))?"
    # "5分後", "5分ほどして", "5分経って", "5分钟后", "5분 뒤", "5분쯤 지나서": the time between two moments
    rf"(?:\s*(?P<rel>後|前|之后|以后|后|후|전|뒤|して|した|経って|経ち|経つ|経過|たって|たち|(?:이|가)?\s*지나|지난))?"
)
# "过了5分钟", "经过大约十分钟": the time between two moments, said before the figure
_CJK_SINCE_FIRST = re.compile(
    r"(?:第一条|第一條|第一则|第一則|最初の|첫)\s*(?:消息|訊息|信息|留言|メッセージ|메시지)"
    r"(?:发出|發出|送出|を送って|을 보낸)?"
    r"\s*(?:之后|之後|以后|以後|后|後|から|후)?\s*[，,]?\s*"
    # "從我的第一則訊息算起，這是三分四十七秒後": counted "from" it, then "this was" (blind55 BI2:144)
    r"(?:(?:算起|起算|开始算|開始算|から数えて|부터)\s*[，,、]?\s*(?:這是|这是|是|過了|过了|已經|已经|で)?\s*)?$"
)
_CJK_PASSED_BEFORE = re.compile(r"(?:过了|過了|经过了?|經過了?)\s*(?:大约|大概|约|將近|将近|差不多)?\s*$")
# A bound said before a figure, in Chinese: "under" (不到十秒, 不足, 少于, 不超过), "over" (超过, 多于, 至少), "nearly"
_CJK_BELOW_BEFORE = re.compile(r"(?:不到|不足|不满|不滿|少于|少於|低于|不超过|不超過|未满|未滿|未到)\s*$")
_CJK_ABOVE_BEFORE = re.compile(r"(?:超过|超過|多于|多於|至少|高于|逾)\s*$")
_CJK_NEARLY_BEFORE = re.compile(r"(?:将近|將近|接近|差不多|近)\s*$")


def _cjk_bound_before(before: str) -> str:
    if _CJK_BELOW_BEFORE.search(before):
        return "below"
    if _CJK_ABOVE_BEFORE.search(before):
        return "above"
    if _CJK_NEARLY_BEFORE.search(before):
        return "about"  # 将近三个小时 is close to three hours, as "nearly" is: not anything under it
    return ""


_CJK_ABOUT = {"ほど", "くらい", "ぐらい", "程度", "前後", "左右", "쯤", "정도", "가량", "안팎", "내외"}
_CJK_BELOW = {"足らず", "弱", "未満", "以内", "近く", "미만", "이내"}
_CJK_ABOVE = {"強", "あまり", "余り", "以上", "超", "多", "이상", "넘게", "남짓"}


def _cjk_durations(text: str, taken: list[Amount]) -> list[Amount]:
    out: list[Amount] = []
    if not _CJK_TEXT.search(text):
        return out
    for match in _CJK_DURATION.finditer(text):
        parts = [(match.group(k), scale) for k, scale in (("d", 1440.0), ("h", 60.0), ("m", 1.0), ("s", 1 / 60))]
        present = [(raw, scale) for raw, scale in parts if raw]
        if not present or any(match.start() < a.end and match.end() > a.start for a in taken):
            continue
        if match.group("d") and _CJK_THAT_DAY.search(text[: match.start()]) and not match.group("h"):
            continue  # 那一天, 同一天, 前一天: a day named (userevents, stop 52: "切换的那一天事件"), not a length
        if not match.group("d") and not match.group("h") and _CJK_CLOCK_HOUR.search(text[: match.start()]):
            continue  # 17시 2분, 17時2分, 17点2分: the minutes of a time of day, not a length
        value = 0.0
        for raw, scale in present:
            parsed = value_of(raw)
            if parsed is None:
                break
            value += parsed[0] * scale
        else:
            if match.group("hh"):
                value += 30.0
            post = match.group("post") or ""
            approx = "about" if match.group("pre") or post in _CJK_ABOUT else ""
            approx = "below" if post in _CJK_BELOW else "above" if post in _CJK_ABOVE else approx
            start = match.start("pre") if match.group("pre") else match.start(next(k for k in "dhms" if match.group(k)))
            amount = Amount(start, match.end(), value, DURATION, present[-1][1], approx=approx)
            amount.relative = bool(match.group("rel") or _CJK_PASSED_BEFORE.search(text[max(0, start - 8) : start]))
            # "我第一条消息之后四分十九秒", "第一条消息发出四分十九秒后": counted from the session's first message
            since_first = _CJK_SINCE_FIRST.search(text[max(0, start - 20) : start])
            if since_first is not None:
                amount.relative = amount.from_start = True
            if not approx:  # 不到十秒, 不足两分钟, 超过一小时: a bound said before the figure
                approx = _cjk_bound_before(text[max(0, start - 6) : start])
                amount.approx = approx
            amount.text = text[start : match.end()]
            out.append(amount)
    return out


_CJK_COUNTER = re.compile(
    rf"(?P<pre>約|およそ|ほぼ|大约|约|약)?\s*(?<![A-Za-z0-9_.,])(?P<n>{_CJK_N})\s*"
    r"(?P<c>回|体|通|件|個|つ|行|語|文字|人|名|本|項目|项|个|個|次|条|개|번|명|줄|%|％|トークン|ファイル)?"
    rf"(?:\s?(?P<post>ほど|くらい|ぐらい|程度|足らず|弱|未満|以内|強|あまり|余り|以上|超|近く|左右|多|쯤|정도|{_KO_BOUND}))?"
)
# After a noun of the clause before a count: a moment the time counts from ("after my message"), not the thing counted
_CJK_ANCHOR_AFTER = re.compile(r"\s*(?:之|以)?(?:後|后)|\s*の?(?:後|あと)|\s*から|\s*(?:이후|후에|다음)")
# A unit of measure written after a space ("0.4 km", "12 ms", "3.5 MB"): the figure is a measure, not a count
_MEASURE_AFTER = re.compile(r"\s+(?:km|m|cm|mm|kg|g|ms|s|sec|min|h|kb|mb|gb|tb|px|pt|em|rem|°C|%)(?![A-Za-z])", re.I)
_CJK_KEYWORDS: list[tuple[str, str]] = [
    ("ファイル|文件|檔案|档案|파일", FILES),
    ("テスト|测试|測試|테스트", TESTS),
    ("ツール|工具|도구|呼び出し|调用|呼叫", "calls"),
    ("コマンド|命令|指令|명령", "commands"),
    ("検索|搜索|搜尋|검색", "searches"),
    ("コミット|提交|커밋", "commits"),
    ("メッセージ|消息|訊息|讯息|메시지|プロンプト", "messages"),
    ("サブエージェント|エージェント|子代理|代理|에이전트|担当", "subagents"),
    ("トークン|令牌|토큰", TOKENS),
    ("失敗|失败|실패|エラー|错误|錯誤", FAILED),
]
_CJK_COUNTERS = {"体": "subagents", "通": "messages", "行": "lines", "줄": "lines", "語": "words", "%": PERCENT}
_CJK_COUNTERS |= {"％": PERCENT, "トークン": TOKENS, "ファイル": FILES}
# A clause ends at a stop or a comma, full-width too (，；： are the clause's ends in Chinese, where a sentence
# of three clauses may name tests in its first and count lines in its last)
_CLAUSE = re.compile(r"[。、，；：!?！？\n]|[.,;:](?=\s)")
_CLAUSE_AFTER = re.compile(r"[。、!?！？\n]|[.,](?=\s)")
# A noun after 测试/テスト that heads the compound: 测试类 (a test class), 测试文件 (a test file)
_CJK_HEAD = re.compile(
    r"类|類|文件|檔案|档案|檔|档|ファイル|脚本|スクリプト|函数|関数|框架|目录|数据|データ|套件|クラス"
)
_CJK_FAILED = re.compile(r"挂|失败|失敗|没过|沒過|未通过|不通过|落ち|通らな|실패")
_CJK_PASSED = re.compile(r"(?<!未)(?<!不)通过|通過|通っ|パス|成功|통과")
_CJK_CHANGED = re.compile(r"変更|編集|書き換え|修改|编辑|更改|수정|변경")


# Before a 1 that is a word, not a count: "the same", "another", "each", "which", "the next", "the last", "the
# only", "the newest" (同一个, 另一个, 下一个, 最后一个, 唯一一个, 最新的一个, 最後の一つ, 마지막 한 개)
_CJK_ONE_AS_WORD = re.compile(
    r"(?:同|另|每|这|這|那|哪|任何|もう|下|上|最后|最後|最新|最近|最早|最初|唯一|唯|其中|某|任|单|單|마지막|다른|같은)\s*(?:的|の)?\s*$"
)
# After a 1 with its counter: a denial that makes it "not a single one" (一行没动, 一个也没跑, 1件もない, 한 줄도 안)
# (一个没通过, "one did not pass", is a count: only a denial of touching it, 一行没动, 一字不改, is the zero)
_CJK_NOT_ONE = re.compile(
    r"[^。，、！？]{0,8}?(?:也|都)\s*(?:没|沒|不|未|無)"
    # Japanese and Korean deny at the verb's end: 一行も変えていない, 1件もない, 한 줄도 바꾸지 않았다
    r"|\s*(?:も|도)[^。，、！？.]{0,12}?(?:ない|なかった|ません|せず|ず|無|않|안|없|못)"
    r"|\s*(?:没|沒|未)有?\s*(?:动|動|改|变|變|碰|修改|更改)|\s*不(?:动|動|改|变|變|少|差)"
)


# A failure said of the tests before the count: 실패한 테스트 3개, 失败的测试有 3 个, 落ちたテスト3件
_CJK_FAILED_NOUN = re.compile(
    r"(?:실패한|실패하는|失败的|失敗的|失敗した|落ちた|通らなかった)\s*(?:테스트|测试|測試|テスト)[는은가이はがの有]?\s*$"
)
# A date or an hour of the day after a bare number (hagwon, fresh24: "2025년 11월 12일", "17시 2분", "21시"); the
# hour's minutes are the clock's too
_CJK_CALENDAR = re.compile(r"\s?(?:년|월|일|시(?!간)|年|月|日|時(?!間)|时(?!间)|点(?![钟鐘]))")
_CJK_THAT_DAY = re.compile(r"(?:那|这|這|同|哪|前|后|後|某|每|另|第|当|當|その|この|あの|同じ)\s*$")
_CJK_CLOCK_HOUR = re.compile(r"\d{1,2}\s?(?:시|時|时|点|點)\s*$")
# A Korean case particle on the number itself: the number is a value the sentence names ("모르는 QR에 404를")
_KO_PARTICLE = re.compile(r"(?:를|을|가|이(?![상하내])|는|은|에|로|으로|와|과|의)(?![\uac00-\ud7af])")


def _cjk_counts(text: str, taken: list[Amount]) -> list[Amount]:
    out: list[Amount] = []
    if not _CJK_TEXT.search(text):
        return out
    for match in _CJK_COUNTER.finditer(text):
        if any(match.start("n") < a.end and match.end("n") > a.start for a in taken):
            continue
        parsed = value_of(match.group("n"))
        if parsed is None:
            continue
        counter = match.group("c") or ""
        if counter and (re.match(r"\s*目", text[match.end() :]) or text[: match.start()].endswith("第")):
            continue  # 2体目, 3回目, 第: an ordinal ("the second subagent"), not a count
        # The clause the figure is in: what it counts is named there (ツールを6回, サブエージェントは3体).
        clause = _CLAUSE.split(text[max(0, match.start() - 60) : match.start()])[-1]
        unit = _CJK_COUNTERS.get(counter, "")
        nearest = -1
        # a counter that names its own unit (十六行, 3줄, 20%) counts that, whatever the clause named before it
        named = clause if not unit else ""
        # 修正、測試和一個…需求: a noun before "and" is the list's item before, not what this figure counts
        named = re.split(r"和|與|与|以及|及|및", named)[-1]
        for pattern, name in _CJK_KEYWORDS:
            for found in re.finditer(pattern, named):
                if _CJK_ANCHOR_AFTER.match(named, found.end()):
                    continue  # 我的訊息後十七秒列出兩個原因: a moment counted from, not what is counted (round 38)
                if found.start() > nearest:
                    nearest, unit = found.start(), name
            # 12個のテスト, 5 个 TUI 测试, 4 个旧测试: the noun after it (a word or two may qualify it)
            after = re.match(rf"\s*の?\s*(?:[A-Za-z][\w.-]*\s*|[^\W\d]{{1,2}}?)?(?:{pattern})", text[match.end() :])
            if after:
                # 一个测试类, 两个测试文件: the last noun is what is counted (a class, files), not the tests
                head = _CJK_HEAD.match(text[match.end() + after.end() :]) if name == TESTS else None
                unit = (
                    (FILES if re.search(r"文件|檔|档|ファイル", head.group(0)) else THING + head.group(0))
                    if head
                    else name
                )
                nearest = len(clause)
        if not counter and re.match(r"[A-Za-z]", text[match.end("n") : match.end("n") + 1]):
            continue  # 300px, 48px, 2x: a size or a value in a unit of Latin letters, no count (round 38, AI2:186)
        if not counter and _MEASURE_AFTER.match(text, match.end("n")):
            continue  # 마포구 0.4 km, 3.1 km: a distance in a clause that named the subagent, no count of them
        if counter in ("回", "次", "번") and unit not in ("calls", "commands", "searches"):
            unit = THING + counter  # テストを2回, 一次测试: runs of the tests, not tests
        if parsed[0] == 1 and _CJK_ONE_AS_WORD.search(text[: match.start("n")]):
            # 同一个, 另一个, 每一个, 最后一个, 唯一一个, 最後の1つ: "the same", "another", "the last", not a count
            continue
        if parsed[0] == 1 and _CJK_NOT_ONE.match(text[match.end() :]):
            continue  # 一个测试也没选中, 一行没动, 1件もない, 한 줄도 안: "not a single one", a zero
        if not counter and not re.search(r"\d", match.group("n")):
            continue  # 一 in 一方, 一手: a word, not a figure
        verb = text[match.end() : match.end() + 4].lstrip()
        if counter in ("个", "個", "件") and (_CJK_PASSED.match(verb) or _CJK_FAILED.match(verb)):
            unit = TESTS  # 整个文件 27 个通过: what passed is counted, not the file the clause names
        if not counter and _CJK_CALENDAR.match(text, match.end("n")):
            continue  # 2025년 11월 12일, 17시, 2025年11月: a date or a time of day, never a count of the clause's tests
        if not counter and _KO_PARTICLE.match(text, match.end("n")):
            continue  # 404를, 1을 돌려줘야: a value the sentence names (a status, a return value), counted by nothing
        if not unit:
            if not counter:
                continue  # a bare number: a port, a year, an id
            if parsed[0] == 1 and not re.search(r"\d", match.group("n")):
                continue  # 一個我半途加上的需求: "a" requirement, the article, not a count of one (no noun it counts)
            unit = THING + counter
        post = match.group("post") or ""
        approx = "about" if match.group("pre") or post in _CJK_ABOUT else ""
        approx = "below" if post in _CJK_BELOW else "above" if post in _CJK_ABOVE else approx
        start = match.start("pre") if match.group("pre") else match.start("n")
        approx = approx or _cjk_bound_before(text[max(0, start - 6) : start])
        # 4 个测试挂了, 3 个测试通过: a run's result, of failed tests when the clause says they failed
        # (the verb may follow a comma: 四十八个测试，也都通过了)
        told = _CLAUSE_AFTER.split(text[match.end() : match.end() + 16])[0] if unit in (TESTS, FAILED) else ""
        told = re.split(r"\d|[一二三四五六七八九十两][个個件]", told)[0]  # 6 个测试里 5 个失败: up to the next count
        if _CJK_FAILED.search(told) or (unit == TESTS and _CJK_FAILED_NOUN.search(clause)):
            unit = FAILED  # 3 个测试挂了; 실패한 테스트 3개, 失败的测试 3 个: the failure said before the noun
        elif unit == FAILED and _CJK_PASSED.match(told.strip()):
            unit = TESTS  # 有一个测试失败了：26 个通过: the verb after the count says what it counts
        amount = Amount(start, match.end(), parsed[0], unit, parsed[1], approx=approx, text=text[start : match.end()])
        amount.result = bool(told) and bool(_CJK_FAILED.search(told) or _CJK_PASSED.search(told))
        amount.changed = unit == FILES and bool(_CJK_CHANGED.search(clause))
        out.append(amount)
    return out


# -- the whole text ---------------------------------------------------------------------------------------

_RANGE = re.compile(rf"(?P<a>{DIGITS}|{EN_NUMBER}|{CJK_NUMBER})\s*(?:to|-|–|—|~|〜|～|or|から)\s*$", re.I)
_CHAIN = re.compile(rf"(?:{DIGITS})\s+to\s+(?:(?:{DIGITS})\s+to\s+)+$", re.I)
_PARTNER = re.compile(
    rf"(?<![A-Za-z0-9_.,/#-])(?P<num>{DIGITS}|{EN_NUMBER})\s*(?:,|\band\b|\bof\b(?:\s+(?:those|the|them|these|its|all))?)\s*$",
    re.I,
)
# "status code 504", "HTTP 404", "exit code 1": a code the session's output must show
_STATUS = re.compile(
    r"\b(?:status(?: code)?|HTTP(?: status)?|exit (?:code|status)|error code|returned)\s+(?P<n>\d{3})\b"
    # "came back with a 500", "got a 404", "answered with a 403": an HTTP status
    r"|\b(?:with|got|returned|gave|threw|answered)\s+(?:an?\s+)?(?P<n2>[1-5]\d\d)\b(?![-\w]|\.\d|\s+(?:words?|tokens?|"
    r"lines?|files?|tests?|ms|seconds?|minutes?|characters?|bytes?|entries|items|calls?|times|requests?|%))",
    re.I,
)
_OF_WHICH = re.compile(
    rf"(?<![A-Za-z0-9_.])(?P<num>{DIGITS}|{EN_NUMBER})\s+of\s+(?:which|them|those|these)\s+"
    r"(?:(?P<f>failed|errored)|passed)\b",
    re.I,
)
# "250 passed in", "500 passed to `setTimeout`", "passed as the delay": a value given to code ("40 passed in 2.78s"
# is a test run's, a length after it)
_HANDED = re.compile(r"\s+(?:in|to|into|as|along|through|down)\b(?!\s*~?\d)", re.I)
_CHANGE = r"changed|edited|modified|written|wrote|touched|rewrote|updated|created|deleted|changing|editing"
_CHANGED_BEFORE = re.compile(rf"\b(?:{_CHANGE})\b(?:\s+\w+){{0,2}}\s*$", re.I)
_CHANGED_AFTER = re.compile(rf"\s+(?:were\s+|was\s+|got\s+)?(?:{_CHANGE})\b", re.I)


# "The next morning", "the following day", "overnight", 第二天, 次の日, 翌朝: a time told by the calendar, which
# needs hours between the events it falls between (a session of ten minutes has no "next morning" in it).
_NEXT_DAY = re.compile(
    r"\b(?:the\s+)?(?:next|following)\s+(?:morning|day|evening|afternoon|night)\b|\bovernight\b"
    r"|第二天|隔天|次日|翌日|翌朝|次の日|次の朝|다음 날|이튿날",
    re.I,
)
NEXT_DAY_MINUTES = 180.0
# What follows a calendar word that names a time in the code's data: a clock time ("the next day at 0:00",
# "翌日 23:59", "다음 날 09:00"), or a case, a test, a value it qualifies ("翌朝のケース", "the next-day case")
_NAMES_DATA = re.compile(
    r"(?:\s*(?:at|um|à|a las|às)?\s*\d{1,2}(?::\d\d|時|点|시)"
    r"|(?:\s*(?:の|的|-)?\s*)(?:ケース|テスト|シナリオ|返却|用例|测试|情况|케이스|테스트|"
    r"(?:case|test|scenario|return|due date|fixture|boundary)\b))",
    re.I,
)
# What puts a calendar word inside a description of code or its data: a verb of computing before it in the same
# clause ("用它算 16:00 截單與隔天", "counted as the next day"), or the day it follows ("期限日の翌日", "截止日的隔天")
_COMPUTES_DAY = re.compile(
    r"(?:算|計算|计算|判定|判成|換算|换算|扱|変換|转换|轉換)[^。，,；;、！？!?]{0,12}$"
    r"|(?:日|期限|締め|截止|到期|截單|截单|デッドライン)\s*(?:の|的)\s*$"
    r"|\b(?:comput|calculat|count|treat|roll|bump|push|assign|mov|book|round|shift)\w*"
    r"(?:\s+[^\s;!?]+){0,6}?\s+(?:as|to|into|onto)\s+$"
    # a day the program moves to: "para que no se adelante al día siguiente", "passe au jour suivant"
    r"|\b(?:adelant|pas[aeó]|cambi|avanz|salt|mud|bascul|spring|spost|przeskocz)\w*"
    r"(?:(?:\s+[^\s;!?]+){0,3}?\s+(?:a|al|ao|à|au|para|auf|na|do))?\s*$"
    # a value of the code's, "with DTEND on the next day", "`expires_at` at the next day": a field's day
    r"|(?:`[^`\n]+`|(?<![\w-])(?-i:[A-Z][A-Z0-9_]{2,}))\s+(?:on|to|at|is|=)\s*$",
    re.I,
)
# "on Tuesday morning", "Sunday evening", 周二上午, 星期日晚上, 火曜日の朝: a day of the week, and a part of it; not a
# day that names a thing of the work ("the Saturday classes", 土曜クラス, 周六班): the session's data, not its time
_WEEKDAY = re.compile(
    r"\b(?:on\s+)?(?P<en>Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)"
    r"(?:\s+(?P<part_en>morning|afternoon|evening|night))?\b"
    r"(?!\s+(?:class|session|slot|shift|group|course|lesson|rehearsal|meeting|market|service|edition|match|"
    r"game|training|column|row|entry|entries|booking|release)(?:e?s)?\b)"
    r"|(?:周|週|星期|礼拜|禮拜)(?P<zh>[一二三四五六日天])(?P<part_zh>早上|上午|中午|下午|晚上|夜里|凌晨)?(?![班课課场場])"
    r"|(?P<ja>[月火水木金土日])曜日?(?:の)?(?P<part_ja>朝|午前|午後|夕方|夜)?(?![\u30a1-\u30fa教講便版枠組])"
)
_DAY_INDEX = {"mon": 0, "tue": 1, "wed": 2, "thu": 3, "fri": 4, "sat": 5, "sun": 6}
_DAY_INDEX |= dict(zip("一二三四五六", range(6), strict=True)) | {"日": 6, "天": 6}
_DAY_INDEX |= dict(zip("月火水木金土", range(6), strict=True))
_PARTS = [
    (r"morning|早上|上午|朝|午前", (5, 12)),
    (r"中午", (11, 14)),
    (r"afternoon|下午|午後", (12, 18)),
    (r"evening|晚上|夕方", (17, 24)),
    (r"night|夜里|夜", (19, 29)),
    (r"凌晨", (0, 6)),
]  # at least this many minutes between two events: a night, or most of a day, went by


_HYPHENS = str.maketrans("\u2010\u2011", "--")


# Thousands grouped with a space (Russian, French, Polish, Swedish: "20 037 строк", "2 361 870") or a no-break or
# narrow no-break space ("20\u00a0037", "20\u202f037"): one number, never two (fresh23's logpipe read "037 строк")
_GROUPED = re.compile(r"(?<![\d.,:/-])(\d{1,3})((?:[\u00a0\u202f]\d{3})+|(?: \d{3})+)(?![\d]|[.,:]\d)")


def grouped_thousands(text: str) -> str:
    """`text` with the spaces that group a number's thousands written as commas (the same length, the same
    offsets). A plain space groups only outside English, where "step 2 123 lines" may be two numbers."""
    if not _GROUPED.search(text):
        return text
    english = language_of(text) == "en"

    def joined(match: re.Match[str]) -> str:
        groups = match.group(2)
        if english and " " in groups:
            return match.group(0)
        return match.group(1) + re.sub(r"[ \u00a0\u202f]", ",", groups)

    return _GROUPED.sub(joined, text)


_FILE_SIZE = re.compile(r"[\d.,]+\s?(?:[KkMG]i?B?)\s*-?\s*file", re.I)


def amounts(text: str, default_unit: str = "") -> list[Amount]:
    """Every figure of `text` (quotes and code should be blanked out already). `default_unit`: the unit of a
    bare number (a table row's label gives it)."""
    # a non-breaking hyphen is a hyphen ("a 2‑hour window", blind24 AD1:33): the same length, the same offsets
    text = text.translate(_HYPHENS)
    text = grouped_thousands(text)
    found: list[Amount] = []

    def add(amount: Amount) -> bool:
        if any(amount.start < a.end and amount.end > a.start for a in found):
            return False
        if not amount.text:
            amount.text = text[amount.start : amount.end]
        found.append(amount)
        return True

    for match in _WEEKDAY.finditer(text):
        day = match.group("en") or match.group("zh") or match.group("ja")
        part = match.group("part_en") or match.group("part_zh") or match.group("part_ja") or ""
        amount = Amount(match.start(), match.end(), 0.0, DURATION, relative=True)
        amount.weekday = _DAY_INDEX[day.lower()[:3] if day.isascii() else day]
        amount.hours = next((hours for pattern, hours in _PARTS if part and re.fullmatch(pattern, part, re.I)), (0, 24))
        add(amount)
    for match in _NEXT_DAY.finditer(text):
        if _NAMES_DATA.match(text, match.end()):
            continue  # "翌日 0:00", "the next-morning case": a time in the code's data, not one of the session's
        if _COMPUTES_DAY.search(text[max(0, match.start() - 60) : match.start()]):
            continue  # "用它算 16:00 截單與隔天", "期限日の翌日", "counted as the next day": a day code computes
        amount = Amount(match.start(), match.end(), NEXT_DAY_MINUTES, DURATION, relative=True, approx="above")
        amount.next_day = True
        add(amount)
    starts = _starts(text)
    if not starts and not _CJK_TEXT.search(text):
        return found
    if "+" in text:
        for match in _DIFF.finditer(text):
            add(Amount(match.start(), match.end(), float(match.group("plus")), DIFF))
    for match in _VERSION.finditer(text):
        version = (match.group("v") or match.group("w") or match.group("major") + ".").lstrip("v")
        add(Amount(match.start(), match.end(), 0.0, VERSION + version))
    for amount in durations(text, starts):
        if _of_the_data(text, amount):
            continue  # "un periodo de 14 días", "dos días de retraso": a length in the work's data, not its time
        if add(amount):
            _range(text, amount, add)
    for match in _matches(_COUNT, text, starts):
        count = _count(text, match, default_unit)
        if count is not None and count.unit == FILES and _FILE_SIZE.fullmatch(text[count.start : count.end]):
            continue  # "a 3.9K file", "a 215K file": a file's size (cctrace, stop 52), not a count of files
        if count is not None and add(count):
            _range(text, count, add)
            _partners(text, count, add)
            _follower(text, count, add)
            _out_of(text, count, add)
            _parallel(text, count, add)
    for amount in _cjk_counts(text, found):
        if add(amount):
            _range(text, amount, add)
    for match in _STATUS.finditer(text):
        group = "n" if match.group("n") else "n2"
        add(Amount(match.start(group), match.end(group), float(match.group(group)), THING + "status code"))
    for match in _matches(_OF_WHICH, text, starts):
        parsed = value_of(match.group("num"))
        if parsed is not None:
            add(Amount(match.start("num"), match.end(), parsed[0], FAILED if match.group("f") else TESTS))
    for amount in found:
        amount.each = _distributive(text, amount)
    found.sort(key=lambda a: a.start)
    return found


# A length the work's data holds, not one the session took: a period or a cycle of the program's ("a period of 14
# days", "cada 15 días"), a delay it computes ("two days late", "dos días de retraso"), in the languages posts are
# written in (the figure and its unit glossed into English, the words around it as written)
_DATA_BEFORE = re.compile(
    r"(?:\b(?:period|cycle|interval|window|every|periodo|período|ciclo|intervalo|cada|période|intervalle|tous les|"
    r"Zeitraum|Periode|Intervall|alle|ogni|intervallo|periode|elke|okres|co|cykl)(?:\s+(?:of|de|di|van|von|z))?"
    r"|-day|-Tage)\s*$",
    re.I,
)
_DATA_AFTER = re.compile(
    r"\s*(?:late|overdue|behind|of delay|of lateness|de retraso|de atraso|de demora|tarde|en retard|de retard|"
    r"di ritardo|in ritardo|Verspätung|Verzug|zu spät|te laat|vertraging|spóźnienia|opóźnienia|po terminie)\b",
    re.I,
)


def _of_the_data(text: str, amount: Amount) -> bool:
    if amount.relative or amount.from_start:
        return False
    before = text[max(0, amount.start - 30) : amount.start]
    if _DATA_BEFORE.search(before) or _DATA_AFTER.match(text, amount.end):
        return True
    # "a day that cannot be a month" (13/01: a day of the month, no month): a unit named as a thing, not a length
    said = text[amount.start : amount.end].lower()
    thing = _THING_AFTER.match(text, amount.end) and not _TOOK_BEFORE.search(before)
    if re.match(r"(?:a|an|one)\s", said) and (thing or _THING_BEFORE.search(before)):
        return True
    # "vom 20.11.2025 mit sechs Monaten", "with a 12-month interval": a test's or a rule's span of days or more
    return amount.value >= 24 * 60 and bool(_WITH_BEFORE.search(before))


_THING_AFTER = re.compile(r"\s+(?:that|which)\b", re.I)
# (and a calendar unit the work handles as an item: "made the summary skip a month without an intake file", "cover a
# week", "add a day"; blind53 BG1:174)
_THING_BEFORE = re.compile(
    r"\b(?:be|as|is|was|skips?|skipped|skipping|miss(?:es|ed|ing)?|covers?|covered|adds?|added|drops?|dropped|"
    r"includes?|included|per)\s+$",
    re.I,
)
_TOOK_BEFORE = re.compile(r"\b(?:took|takes|lasted|spent|for|in|after|within)\s+(?:only\s+|just\s+)?$", re.I)
_WITH_BEFORE = re.compile(r"\b(?:with|mit|con|avec|com|met|z)\s+$", re.I)


_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+)$")
_EACH = re.compile(r"\b(?:each|apiece|every|per|a piece)\b|各|每", re.I)
_SENTENCE_END = re.compile(r"[.;!?。！？](?:\s|$)")


def _distributive(text: str, amount: Amount) -> bool:
    """Does the figure's sentence count for each of several ("each agent made six or seven tool calls")?"""
    before = _SENTENCE_END.split(text[max(0, amount.start - 60) : amount.start])[-1]
    after = _SENTENCE_END.split(text[amount.end : amount.end + 30])[0]
    # "the two edits are the same, and each has 19 more lines": an "each" that opens a clause of its own is the
    # subject of the figure after it, not a word of this one ("six tool calls each" is)
    after = re.split(r"[,;:，；：]|\s(?:and|but|while|whereas)\s", after)[0]
    return bool(_EACH.search(before) or _EACH.search(after))


# What numbers places in a file or a table: "lines 38 to 42", "rows 3 and 4" (the count is of where, not of what),
# in the post's language too: "in Zeile 10 von `parse.py`", "ligne 12", "línea 7", "riga 3", "строке 10" (blind19)
_LINE_NUMBERS = re.compile(
    r"(?<!\w)(?:lines?|rows?|columns?|cols?|ll\.|Zeilen?|Spalten?|lignes?|colonnes?|l[ií]neas?|filas?|columnas?"
    r"|righe|riga|colonn[ae]|linhas?|colunas?|regels?|kolom(?:men)?|rad(?:en|erna)?|kolumn(?:en|er)?|wiersz[auy]?"
    r"|строк[аеиу]?|столб(?:ец|це|ца)|satır(?:ı|ında)?)\s*"
    r"(?:\d+\s*(?:to|and|through|bis|und|à|et|a|y|e|до|и|-|–)\s*)?$",
    re.I,
)


def _count(text: str, match: re.Match[str], default_unit: str) -> Amount | None:
    raw = match.group("num")
    is_money = raw.lstrip().startswith("$")
    unit = next((name[2:] for name, v in match.groupdict().items() if name.startswith("u_") and v), "")
    end = match.end()
    head = _HEAD_NOUN.match(text, end) if unit and unit not in (TESTS, FAILED) else None
    if head is not None and not match.group(f"u_{unit}").lower().endswith("s"):
        # "the two command files", "three error messages": a singular noun before a plural one is what the
        # count describes, not what it counts (blind37 AQ1:80 read "two command" as two tool calls)
        unit, end = _unit_of_word(head.group(1)), head.end()
    if match.group("pct"):
        unit = PERCENT
    if is_money:
        unit = MONEY
    hyphen, noun = match.group("hyphen"), match.group("noun")
    if not unit and hyphen:
        unit = _unit_of_word(hyphen) or THING + singular(hyphen)  # "6-line change", "seven-item list"
    elif not unit and noun:
        word = noun.lower()
        if word in _NOT_NOUNS or word.endswith("ly"):
            end = match.end("num")
            noun = None
        else:
            unit = _unit_of_word(word) or THING + singular(word)
    if not unit:
        end = match.end("num") + len(match.group("pct") or "")
        if not default_unit or not raw.strip()[0].isdigit():
            return None
        unit = default_unit
    if _LINE_NUMBERS.search(text[max(0, match.start() - 24) : match.start()]):
        return None  # "printed lines 38 to 42 of the file": where in a file, not how many files
    number = raw.strip().lstrip("$").strip()
    mult = re.match(r"\s?(k|K|M|million|thousand|billion|bn)\b", text[match.end("num") :])
    parsed = value_of(number)
    if parsed is None:
        return None
    value, precision = parsed
    scale = 1.0
    if mult:
        scale = {"k": 1e3, "thousand": 1e3, "m": 1e6, "million": 1e6, "billion": 1e9, "bn": 1e9}[mult.group(1).lower()]
        value, precision = value * scale, precision * scale
    if unit == MONEY and re.search(r"cents?\s*$", text[match.start() : end], re.I):
        value, precision = value / 100, precision / 100
    if unit == "lines" and not number[:1].isdigit() and not hyphen:
        return None  # "in one line" is a figure of speech; "70 lines" is a fact
    if re.fullmatch(r"passes", text[match.end("num") : end].strip(), re.I) and re.search(
        r"\b(?:in|over|across|within)\s+$", text[max(0, match.start() - 10) : match.start()], re.I
    ):
        return None  # "added the tests in two passes": rounds of work, not tests that passed
    if re.fullmatch(r"passed", text[match.end("num") : end].strip(), re.I) and _HANDED.match(text[end:]):
        return None  # "with the same 250 passed in": a value handed to code, not tests that passed
    if unit.startswith(THING) and number.lower() in ("a single", "one"):
        return None  # "one thing", "a single edit": not a count anyone checks
    if (
        unit.startswith(THING)
        and noun
        and (re.match(r"\.[A-Za-z]{1,5}\b", text[end:]) or re.search(r"\d:\s?$", text[: match.start("num")]))
    ):
        return None  # a listing's "09:54 actions.ts": a clock and a file's name, not 54 actions (blind18 X1:64)
    if unit == FAILED and re.match(r"\s+to\b", text[end:]) and text[match.end("num") : end].strip().lower() == "failed":
        return None  # "none of the other fifty-six failed to decode": lines that failed to do something, no run's count
    if unit == FAILED:  # "two failed requests": requests that failed, not failed tool calls or tests
        known = _KNOWN_UNIT.match(text[end:])
        thing = re.match(r"\s+([a-z][a-z-]{2,})\b", text[end:], re.I)
        if known:
            end += known.end()
        elif thing and thing.group(1).lower() not in _NOT_NOUNS:
            unit, end = THING + singular(thing.group(1)), end + thing.end()
    if (
        unit == "calls"
        and not re.search(r"tool|uses?", text[match.start() : end], re.I)
        and OWNED.search(text[max(0, match.start() - 24) : match.start()])
    ):
        # "the spec makes its two calls one after the other": calls of a program's own (fresh21's tillpoint), not
        # the session's tool calls; "Claude's 24 calls" stays the session's
        unit = THING + "call"
    # "Two of the five tests failed": five is the run's whole, not its failures (blind38 AR1:20)
    of_whole = bool(_WHOLE_BEFORE.search(text[max(0, match.start() - 30) : match.start()]))
    if of_whole and unit == FAILED and not re.match(r"\s+(?:[\w-]+\s+)?tests?\b", text[end:], re.I):
        # "one of fourteen failed": fourteen is the run's whole, not its failures, and "failed" the verb of the one
        # before it (blind48 BB1:19)
        unit, end = TESTS, match.end("num")
    whole = of_whole and unit == TESTS
    # the verb before the count says which it is: "failed two tests and passed eleven", "passed eleven tests and
    # failed two" (blind56 BJ1:85), whatever the clause after it says
    verb = _COUNT_VERB.search(text[max(0, match.start() - 24) : match.start()]) if unit == TESTS else None
    if verb is not None and not whole:
        unit = FAILED if verb.group(1).lower().startswith(("fail", "broke")) else TESTS
    elif unit == TESTS and not whole and _RESULT_AFTER.match(text[end:]):
        unit = FAILED if re.match(r"\s+(?:\w+\s+)?fail", text[end:], re.I) else TESTS
    # "one red test", "two failing tests", "a broken test": the session's "1 failed"
    failing = unit == TESTS and bool(_FAILING_FILLER.search(text[match.end("num") : match.start("u_tests")]))
    if failing:
        unit = FAILED
    amount = Amount(match.start(), end, value, unit, precision, text=text[match.start() : end], scale=scale)
    amount.result = (
        failing
        or verb is not None
        or (
            not whole
            and unit in (TESTS, FAILED)
            and bool(re.search(r"pass|fail", amount.text, re.I) or _RESULT_AFTER.match(text[end:]))
        )
    )
    opens = _SENTENCE_START.search(text[: match.start()]) is not None
    if unit == TESTS and number.lower() == "one" and not amount.result and opens:
        return None  # "One test feeds Ruth's sentence to `dates_in_text`…": one of them, not a count (blind52 BF1:196)
    amount.approx = _qualifier(text, match.start(), end)
    if unit == TESTS and not amount.result:
        before = text[max(0, match.start() - 30) : match.start()]
        amount.written = bool(_WRITTEN_BEFORE.search(before) or re.match(r"\s*new\b", text[match.end("num") :]))
    if unit == FILES:  # "changed eleven files", "5 files changed": the files the session changed
        before = _CLAUSE.split(text[max(0, match.start() - 30) : match.start()])[-1]
        amount.changed = bool(_CHANGED_BEFORE.search(before) or _CHANGED_AFTER.match(text[end:]))
    return amount


# A possessive before a count that is not Claude's, a subagent's or the session's: "its", "their", "the spec's"
OWNED = re.compile(r"(?:\b(?:its|their|his|her)|(?<!Claude)(?<!agent)(?<!session)['’]s)\s+(?:own\s+)?$", re.I)


def _unit_of_word(word: str) -> str:
    for name, pattern in _UNITS:
        if re.fullmatch(pattern, word, re.I):
            return name
    return ""


def singular(word: str) -> str:
    """A counted noun's singular ("refunds" → "refund"), as a count's unit names it."""
    word = word.lower()
    if word.endswith("ies") and len(word) > 4:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss") and len(word) > 3:
        return word[:-1]
    return word


def _range(text: str, amount: Amount, add: object) -> None:
    """ "three to four weeks", "500–800 words", "six or seven tool calls": one claim from the first to the last."""
    chain = _CHAIN.search(text[max(0, amount.start - 60) : amount.start])
    if chain is not None:
        # "from 40 to 58 to 65 passing tests": a count at three moments, each of them a claim, not a range
        offset = max(0, amount.start - 60)
        for number in re.finditer(DIGITS, chain.group(0)):
            parsed_step = value_of(number.group(0))
            if parsed_step is None:
                continue
            begin = offset + chain.start() + number.start()
            step = Amount(begin, begin + len(number.group(0)), parsed_step[0], amount.unit, parsed_step[1])
            step.text, step.result, step.changed = number.group(0), amount.result, amount.changed
            add(step)  # type: ignore[operator]
        return
    match = _RANGE.search(text[max(0, amount.start - 30) : amount.start])
    if not match:
        return
    parsed = value_of(match.group("a"))
    if parsed is None:
        return
    low = parsed[0] * amount.scale
    if low >= amount.value:
        return
    amount.high = amount.value
    amount.value = low
    amount.start = max(0, amount.start - 30) + match.start()
    amount.text = text[amount.start : amount.end]
    if not amount.approx:
        amount.approx = _qualifier(text, amount.start, amount.end)


_RESULT_AFTER = re.compile(r"\s+(?:\w+\s+)?(?:passed|passing|pass|failed|failing|fail|went green|were green)\b", re.I)
_FAILED_AFTER = re.compile(r"\s+(?:had\s+|have\s+)?(?:failed|errored|broke)\b", re.I)


def _partners(text: str, amount: Amount, add: object) -> None:
    """Numbers that share the unit of the one after them: "2 of those 8 tool calls", "11 and 13 passed"."""
    if amount.unit in (DURATION, MONEY, PERCENT) or amount.unit.startswith(THING):
        return
    start = amount.start
    while True:
        match = _PARTNER.search(text[max(0, start - 40) : start])
        if not match:
            return
        begin = max(0, start - 40) + match.start("num")
        parsed = value_of(match.group("num"))
        if parsed is None or (not match.group("num")[:1].isdigit() and match.group("num").lower() not in NUMBER_WORDS):
            return
        unit = amount.unit
        if re.search(r"\bof\b", match.group(0)) and _FAILED_AFTER.match(text[amount.end :]):
            unit = FAILED  # "2 of those 5 tool calls failed": two failed calls
        partner = Amount(begin, begin + len(match.group("num")), parsed[0], unit, parsed[1])
        partner.changed = amount.changed
        if not add(partner):  # type: ignore[operator]
            return
        start = begin


# "823 words, and after three edits it was down to 780": a bare figure a sentence gives as the same thing's
# new value takes the unit of the count before it (digits only: "down to one" is no figure).
_FOLLOWER = re.compile(
    r"[^.;:!?\n]{0,60}?\b(?:(?:down|up|back|cut|trimmed|reduced|grew|rose|fell|dropped|shrank|went)\s+to|"
    r"(?:and\s+)?then)\s+(?P<num>\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(?![\w.%,]*\w)(?!\s*(?:%|[A-Za-z]))",
    re.I,
)


# A part of a whole before the count: "two of the five", "3 out of 12"
_WHOLE_BEFORE = re.compile(
    rf"(?:{DIGITS}|{EN_NUMBER}|all)\s+(?:out\s+of|of)\s+(?:the\s+|all\s+|its\s+|my\s+)?$",
    re.I,
)
# "114 tests of 120", "114 pruebas de 120", "114 tests sur 120", "114 Tests von 120": the whole the count is part
# of, a count of the same things
_OUT_OF = re.compile(
    r"\s+(?:out\s+of|of|de|sur|von|su)\s+(?:(?:un\s+)?total\s+de\s+)?(?P<num>\d{1,3}(?:,\d{3})+|\d+)\b(?![.,]\d)"
)


def _out_of(text: str, amount: Amount, add: object) -> None:
    if amount.unit in (DURATION, MONEY, PERCENT, DIFF) or amount.unit.startswith((THING, VERSION)) or not amount.unit:
        return
    match = _OUT_OF.match(text, amount.end)
    if match is None:
        return
    parsed = value_of(match.group("num"))
    if parsed is not None:
        whole = Amount(match.start("num"), match.end("num"), parsed[0], amount.unit, parsed[1])
        whole.changed = amount.changed
        add(whole)  # type: ignore[operator]


def _follower(text: str, amount: Amount, add: object) -> None:
    if amount.unit in (DURATION, MONEY, PERCENT, DIFF) or amount.unit.startswith((THING, VERSION)) or not amount.unit:
        return
    match = _FOLLOWER.match(text, amount.end)
    if match is None:
        return
    parsed = value_of(match.group("num"))
    if parsed is not None:
        follower = Amount(match.start("num"), match.end("num"), parsed[0], amount.unit, parsed[1])
        follower.changed = amount.changed
        add(follower)  # type: ignore[operator]


# "`tui.py` at about 2,600 lines, `renderer.py` at about 2,300 and `cache.py` at 1,850", "mit rund 2.600 Zeilen,
# `renderer.py` mit rund 2.300": figures a sentence lists after one with its unit, each after the same preposition,
# count the same thing.
_QUALIFIER = (
    r"(?:about|around|roughly|some|nearly|almost|over|under|rund|etwa|circa|ca\.|knapp|gut|fast|environ|près de|"
    r"unos|unas|alrededor de|casi|~)"
)
_PREPOSITION = re.compile(rf"(?<!\w)(?P<prep>[^\W\d_]{{2,5}})\s+(?:{_QUALIFIER}\s*)?$", re.I)
_PREPOSITIONS = wordset("at with of by to from mit bei von auf um con de en avec à a")
_LIST_END = re.compile(r"[;:!?\n]|\.(?:\s|$)")


def _parallel(text: str, amount: Amount, add: object) -> None:
    if amount.unit in (DURATION, MONEY, PERCENT, DIFF) or amount.unit.startswith((THING, VERSION)) or not amount.unit:
        return
    lead = _PREPOSITION.search(text[max(0, amount.start - 30) : amount.start])
    if lead is None or lead.group("prep").lower() not in _PREPOSITIONS:
        return
    stop = _LIST_END.search(text, amount.end)
    rest = text[amount.end : stop.start() if stop else len(text)]
    follower = re.compile(
        rf"(?<!\w){re.escape(lead.group('prep'))}\s+(?P<q>{_QUALIFIER}\s*)?(?P<num>\d{{1,3}}(?:[,.]\d{{3}})+|\d+)"
        r"(?![\w%]|[.,]\d)",
        re.I,
    )
    for match in follower.finditer(rest):
        after = re.match(r"\s*([^\W\d_]+)", rest[match.end() :])
        if after is not None and after.group(1).lower() not in _LIST_WORDS:
            continue  # "at 2,300 words": a figure with a unit of its own
        number = match.group("num")
        grouped = re.search(r"[,.]\d{3}$", number) is not None
        value = float(re.sub(r"[,.]", "", number)) if grouped else float(number)
        parsed = value_of(number.replace(".", ","))
        begin = amount.end + match.start("num")
        partner = Amount(begin, begin + len(number), value, amount.unit, parsed[1] if parsed else 1.0)
        partner.approx = amount.approx if match.group("q") else ""
        partner.changed = amount.changed
        add(partner)  # type: ignore[operator]


_LIST_WORDS = wordset("and und et y e en or oder ou o")


def unit_of_label(label: str) -> str:
    """The unit a table row's label gives its bare numbers ("Tool calls" -> calls)."""
    for name, pattern in _UNITS:
        if re.search(rf"\b(?:{pattern})\b", label, re.I):
            return name
    if re.search(r"\b(?:cost|price|spend)\b", label, re.I):
        return MONEY
    if re.search(r"\b(?:time|length|duration)\b", label, re.I):
        return DURATION
    return ""
