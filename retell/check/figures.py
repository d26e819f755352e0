"""Numbers in the draft traced to the session: to a figure an event states ("16 passed", "333 insertions"), a
count of what the paragraph cites (its tool calls, files, messages), the session's stats, and for times, to
the time between two events near the paragraph, a chapter's length or the pause before it, a subagent's run,
or the calendar days the session spans.

A figure of the wrong unit never backs a claim ("All 12 tests passed" is not traced to 12 tool calls), and
a range or an approximation is traced when the session bears it out ("three to four weeks", "about 40").
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from datetime import date, datetime, timezone
from typing import Any

from retell.check.amounts import (
    DIFF,
    DURATION,
    FAILED,
    FILES,
    MONEY,
    NEXT_DAY_MINUTES,
    OWNED,
    PERCENT,
    TESTS,
    THING,
    VERSION,
    Amount,
    amounts,
    durations,
)
from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.claims import SMALL_COUNT, Claim
from retell.check.document import CODE, HEADING
from retell.check.gloss import gloss, glossable
from retell.check.language import language_of
from retell.check.order import sentences
from retell.check.relative_times import gloss_relative
from retell.check.scope import Scope
from retell.check.sources import (
    NOT_RUN,
    NOTE,
    PATHISH,
    TESTS_RUN,
    TOOL,
    Figure,
    Source,
    Sources,
    derived_counts,
    derived_minutes,
)
from retell.check.text import code_spans, wordset
from retell.check.verdict import HIGH, LOW, TRACED, UNCHECKED, UNTRACED, Finding, found
from retell.extract.timeutil import IDLE_GAP_MS
from retell.extract.tools import SHELL_TOOLS

_ALIKE = {
    FAILED: {FAILED, "errors"},
    "errors": {"errors", FAILED},
    TESTS: {TESTS},
    "edits": {"edits", "calls"},
    "searches": {"searches", "calls"},
    "commands": {"commands", "calls"},
    "subagents": {"subagents"},
    "insertions": {"insertions", "lines", DIFF},
    "deletions": {"deletions", "lines", "diff-"},
    "lines": {"lines", "insertions", "deletions"},
}
# Counts a paragraph may make of what it cites ("it ran three commands"). Never tests: a count of tests is
# only what a test run says.
_COUNTABLE = wordset(
    """messages calls subagents files commands edits commits compactions chapters searches errors images
    failed"""
)
# Things a cited run's output may list one a line, by their name ("image=checkout-api:…", "Image: …"): never
# what the session's stats count.
_GREP_LINE = re.compile(r"^\s*(?:[\w./\\-]+:)?\d+[:-]\s*\S")  # a search's matching line: `41:    传记: …`
_LISTED_UNITS = {
    "images": re.compile(r"\bimages?\b", re.I),
    # "只有三个" failures of a run whose output lists three `FAILED tests/…::test_x` lines (blind20 Z2:35): the
    # failures it printed by name, a part of its count
    FAILED: re.compile(r"^\s*(?:FAILED|FAIL:|✗|×|✕)\s", re.M),
}
# A count a run is said to have printed: "printed two messages", "its run listed 3 files", "the script wrote 12 rows"
_PRINTED_BEFORE = re.compile(
    r"(?i)\b(?:printed|printing|prints|listed|lists|output|outputs|showed|shows)\s+(?:\w+\s+)?$"
)
# Units whose stated or counted figure the session always has: a different value is a contradiction.
_STATS_UNITS = wordset("""messages calls failed errors files subagents compactions tokens money""")


def _bounds(amount: Amount, value: float) -> bool:
    """Does the session's `value` bear out the claim as written (its precision, range and qualifier)?"""
    low, high = amount.value, amount.high if amount.high is not None else amount.value
    slack = amount.precision / 2 + 1e-9
    approx = amount.approx
    if amount.unit == DURATION:
        # Times are told loosely ("two minutes later" for 1 min 55 s, "thirty seconds" for 24 s), to the
        # precision of their unit ("three hours" is 2.5 to 3.5 hours).
        share = 0.35 if low < 1 else 0.3 if "about" in approx else 0.25
        slack = max(slack, share * high)
    elif "about" in approx:
        slack = max(slack, 0.15 * abs(value))
    if approx.endswith("above"):
        return low - slack <= value <= max(high * 3, high + 10)
    if approx.endswith("below"):
        return low / 10 <= value <= high + slack
    return low - slack <= value <= high + slack


# A relative time that names what it counts from: "about twenty minutes after my suggestion" (a message of
# mine), "under three minutes after Claude's switch", "ten minutes after its summary" (Claude's).
_ANCHOR = re.compile(
    r"^\s*(?:or so\s+)?(?:after|since)\s+(?:(?P<mine>my)|(?P<claude>Claude's|Claude’s|its))\s+[a-z]", re.I
)


def _anchored(
    claim: Claim, index: Sources, gaps: list[tuple[float, str, str]], around: set[str]
) -> list[tuple[float, str, str]]:
    """The gaps that start at the side the sentence counts from (an author's message for "after my…", one of
    Claude's events for "after Claude's…") among the events the paragraphs around it cite, when there are any:
    not any two events near the paragraph, nor an event a code span of it happened to be found in."""
    amount = claim.amount
    assert amount is not None
    match = _ANCHOR.match(claim.block.text[amount.end : amount.end + 60])
    if match is None:
        return gaps
    mine = bool(match.group("mine"))
    kinds = index.event_kinds

    def on_side(event_id: str) -> bool:
        kind = kinds.get(event_id.split(".")[0])
        return kind == "human" if mine else kind not in (None, "human", "command", "interrupt")

    anchored = [(g, a, b) for g, a, b in gaps if a in around and b in around and on_side(a)]
    return anchored or gaps


# What counts from one of the author's messages the paragraph need not cite: "two minutes after my go-ahead",
# "since I asked", 依頼から12秒ほど, 离我问那句话过了将近一个小时.
_AFTER_MINE = re.compile(
    r"^\s*(?:or so\s+)?(?:after|since|from)\s+(?:my\b|I\s+(?:asked|said|wrote|typed|answered|replied|approved|"
    r"agreed|gave|sent|told)\b)"
    # German, French, Spanish: "eine Dreiviertelstunde nach meiner ersten Nachricht", "après mon message"
    r"|^\s*(?:nach|seit)\s+meine[mnrs]?\b|^\s*(?:après|depuis)\s+(?:mon|ma|mes)\b|^\s*(?:después\s+de|tras|desde)\s+mis?\b"
    # Russian, glossed or not: "через 8 минут 45 секунд после моего первого сообщения"
    r"|^\s*(?:after|после|с|от)\s+(?:моего|моей|моих)\b",
    re.I,
)
_MINE_BEFORE = re.compile(
    r"(?:依頼|質問|指示|お願い|問いかけ|メッセージ|発言)から\s*$|离我[^。，,]{0,12}(?:过了|已经|有)?\s*$"
    # "在我的訊息後十七秒", "我的消息之后两分钟", "私のメッセージの後、十秒" (round 38, blind29 AI2:26 and :80)
    r"|我的?(?:訊息|讯息|消息|留言|問題|问题|提問|提问|請求|请求|要求|回覆|回复|指示|話|话)(?:之)?[後后]\s*[，,]?\s*$"
    r"|私の(?:メッセージ|依頼|質問|指示|発言)の?(?:後|あと)[、,]?\s*$"
)
AUTHOR_ANCHORS = 2  # the author's messages before the paragraph's events a time "after my…" may count from
# "six and a half minutes after my first one", "через 8 минут после моего первого сообщения": counted from the
# author's first message of the session, however many came between (not only the last AUTHOR_ANCHORS)
_MY_FIRST = re.compile(
    r"^\s*(?:or so\s+)?(?:after|since|from)\s+my\s+(?:very\s+)?(?:first|opening)\b"
    r"|^\s*(?:after|после|с|от)\s+(?:моего|моей|моих)\s+(?:сам(?:ого|ой)\s+)?перв(?:ого|ой|ых)\b"
    r"|^\s*(?:nach|seit)\s+meine[mnrs]?\s+erste[mnrs]?\b|^\s*(?:après|depuis)\s+(?:mon\s+premier|ma\s+première)\b"
    r"|^\s*(?:después\s+de|tras|desde)\s+mi\s+primer[oa]?\b",
    re.I,
)


def _after_amount(claim: Claim) -> str:
    """The words after a time, its "после" again where the time took it in ("через 8 минут после моего…")."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    after = text[amount.end : amount.end + 60]
    return " после" + after if re.search(r"(?<!\w)после$", text[: amount.end].rstrip(), re.I) else after


def _from_my_message(claim: Claim) -> bool:
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    return bool(
        _AFTER_MINE.match(_after_amount(claim)) or _MINE_BEFORE.search(text[max(0, amount.start - 30) : amount.start])
    )


def _from_author(index: Sources, ids: set[str]) -> list[tuple[float, str, str]]:
    """From each of the author's last messages before these events, or among them, to each of them: "私のメッセージ
    から九秒ほどで" of a queued message the paragraph before told, between the events it cites (blind37 AQ2:60)."""
    stamps = [(index.clock[i], i) for i in ids if i in index.clock]
    if not stamps:
        return []
    last = max(stamps)[0]
    kinds = index.event_kinds
    mine = sorted(
        (t, i) for i, t in index.clock.items() if "." not in i and kinds.get(i) in ("human", "command") and t < last
    )[-AUTHOR_ANCHORS:]
    return [(t - m, a, b) for m, a in mine for t, b in stamps if t >= m]


def _from_first_author(index: Sources, ids: set[str]) -> list[tuple[float, str, str]]:
    """From the author's first message (of each session, in a post of several) to each of these events."""
    kinds = index.event_kinds
    firsts: dict[str, tuple[float, str]] = {}
    for event_id, minute in index.clock.items():
        if "." not in event_id and kinds.get(event_id) in ("human", "command"):
            session = event_id.rsplit("-", 1)[0] if "-" in event_id else ""
            firsts[session] = min(firsts.get(session, (minute, event_id)), (minute, event_id))
    out = []
    for event_id in sorted(ids):
        session = event_id.rsplit("-", 1)[0] if "-" in event_id else ""
        if event_id in index.clock and session in firsts and index.clock[event_id] >= firsts[session][0]:
            out.append((index.clock[event_id] - firsts[session][0], firsts[session][1], event_id))
    return out


def _calendar_days_apart(amount: Amount, index: Sources, a: str, b: str) -> bool:
    """ "Two days later", 两天后: told in days, it is the calendar days between two events (Monday night to
    Wednesday morning is two days, though 35 hours), in some time zone from UTC-12 to UTC+14."""
    moments = _whole_days(amount, index, a, b, least=1)
    if moments is None:
        return False
    days, first, last = moments
    return last - first >= 0.75 * amount.value - 1440 and _dates_apart(first, last, days)


def _calendar_days_spanned(amount: Amount, index: Sources, a: str, b: str) -> bool:
    """ "On two days", "an zwei Tagen", "over two days": told in days and not as a time later, it counts the calendar
    days the work fell on, the first and the last included (fresh45's band archive: a session and its resume the next
    morning, 22 h 25 min apart, were checked as two days no event took); at least half a day for each day after the
    first, so an evening's work past midnight is no two days."""
    moments = _whole_days(amount, index, a, b, least=2)
    if moments is None:
        return False
    days, first, last = moments
    return last - first >= (days - 1) * 720 and _dates_apart(first, last, days - 1)


def _whole_days(amount: Amount, index: Sources, a: str, b: str, least: int) -> tuple[int, float, float] | None:
    """(the whole days `amount` tells, the earlier and the later of two events' minutes), when it tells `least` days
    or more, exactly, and both events have a time."""
    days = amount.value / 1440
    if amount.full or amount.high is not None or days < least or days != int(days):
        return None
    if a not in index.clock or b not in index.clock:
        return None
    first, last = sorted((index.clock[a], index.clock[b]))
    return int(days), first, last


def _dates_apart(first: float, last: float, days: int) -> bool:
    """Whether two moments (minutes since the epoch, UTC) fall `days` dates apart in some time zone from UTC-12 to
    UTC+14."""
    day = 1440.0
    return any(int((last + h * 60) // day) - int((first + h * 60) // day) == days for h in range(-12, 15))


_QUOTED = re.compile(r"[\"“„«»「]([^\"“”„«»「」]+)[\"”“«»」]")


def _words_said(claim: Claim, index: Sources, scope: Scope, count: int) -> Finding | None:
    """ "My whole request was three words: „…“": a count of words is what a message it cites says in that many
    words, or the quote its paragraph gives (blind18 X2:6 and 121, "push to github")."""
    if any(len(m.group(1).split()) == count for m in _QUOTED.finditer(claim.block.text)):
        return Finding(claim, TRACED, None, "the quote it counts", weak=True)
    pool = index.of(sorted(scope.near | index.expand(scope.cited))) if scope.has_citation else index.sources
    said = next((s for s in pool if s.speaker in (AUTHOR, CLAUDE) and len(s.text.split()) == count), None)
    return found(claim, said, cited=True) if said is not None else None


def _show(value: float, unit: str) -> str:
    if unit == DURATION:
        if value < 1:
            return f"{round(value * 60)} s"
        minutes = round(value)
        if minutes >= 2 * 1440:
            return f"{minutes / 1440:.1f} days"
        return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"
    if unit == "money":
        return f"${value:.2f}"
    return f"{value:,.0f}" if value == int(value) else f"{value:,}"


def _first(index: Sources, event_id: str | None) -> Source | None:
    items = index.by_event.get(event_id or "")
    return items[0] if items else None


def check_number(claim: Claim, index: Sources, scope: Scope) -> Finding:
    amount = claim.amount
    assert amount is not None
    unit = amount.unit
    if unit.startswith(VERSION):
        return _version(claim, index, scope)
    if unit == DIFF:
        return _diff(claim, index, scope)
    if unit == DURATION:
        finding = check_time(claim, index, scope)
    elif unit.startswith(THING):
        finding = _thing(claim, index, scope)
    else:
        finding = _count(claim, index, scope)
    if finding.status == UNTRACED:
        given = _author_gave(claim, index, scope)
        if given is not None:
            return found(claim, given, cited=True)
    return finding


# The author told as the teller: a first person of the post's language ("I", "jag", "ich", "je", "yo", 私, 我…)
_FIRST_PERSON = re.compile(
    r"(?<!\w)(?<!\d\s)(?:(?-i:I)|my|me|jag|mitt|min|mina|mig|jeg|mine|ich|mein\w*|mir|mich|je|j['’]|mon|ma|mes|moi|yo|mis?"
    r"|eu|meu|minha|io|mio|mia|ik|mijn|ja|mój|moj\w*|mnie|mi|я|мой|мне|ben|benim|minä|minun)(?!\w)"
    r"|私|僕|俺|我|제가|내가",
    re.I,
)
_SOMEONE_ELSE = re.compile(r"\b(?:Claude|the agent|the assistant|(?:a|the)\s+subagent)\b", re.I)
_WRITTEN_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")
_STATED_FIGURE = re.compile(r"(?<![\w.,:/#-])(\d+(?:[.,]\d+)?)\s?(%|°\w*|[^\W\d_]{1,20}(?![\w-]*\d))")
_UNIT_WORD = re.compile(r"%|°\w*|[^\W\d_]+")


def _author_gave(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """A figure the author gave in a message the paragraph cites, told as the author's: "with the sensor unplugged
    it cut out after about 3 seconds" after "the next day I reported my test", of the author's own "av efter ca 3
    sekunder" (fresh23's bastu). What the author wrote is no measurement of the session's to hold it against; the
    figure must be the author's own (the same number, a time the same length), in a paragraph that tells it as
    theirs (the first person before it, or in its sentence) and a sentence that gives it to no one else."""
    amount = claim.amount
    assert amount is not None
    if not scope.cited or claim.block.kind == HEADING:
        return None
    text = claim.block.text
    begin = next((a for a, b in sentences(text) if a <= amount.start < b), 0)
    end = next((b for a, b in sentences(text) if a <= amount.start < b), len(text))
    if _SOMEONE_ELSE.search(text[begin:end]) or not _FIRST_PERSON.search(text[:end]):
        return None
    written = {float(n.replace(",", ".")) for n in _WRITTEN_NUMBER.findall(text[amount.start : amount.end])}
    mine = [s for s in index.of(sorted(scope.cited)) if s.speaker == AUTHOR]
    for source in mine:
        if amount.unit == DURATION:
            if any(_bounds(amount, value) for value, _ in _times_stated(source.text)):
                return source
            continue
        # a figure the author gives with what it counts ("7 fel", "250 mA", "ca 20 %"), never a number inside a
        # pasted timestamp, id or listing
        # ... counting the same thing: the word after it the same as the post's ("250 mA" is no "250 errors")
        words = _UNIT_WORD.findall(text[amount.start : amount.end]) or _UNIT_WORD.findall(text[amount.end :])[:1]
        said = (words[-1] if words else "")[:3].lower()
        stated = {
            float(n.replace(",", "."))
            for n, unit in _STATED_FIGURE.findall(source.text)
            if said and unit[:3].lower() == said
        }
        values = {amount.value} | ({amount.high} if amount.high else set())
        if values <= stated or (written and written <= stated and amount.value in written):
            return source
    return None


def _version(claim: Claim, index: Sources, scope: Scope) -> Finding:
    version = claim.unit.split(":", 1)[1]
    if version.endswith("."):  # a major version ("Firefox 143"): 143, 143.0.3, v143
        major = re.escape(version[:-1])
        pattern = re.compile(rf"(?<![A-Za-z0-9_.])v?{major}(?![A-Za-z0-9_]|,\d)")
    else:
        pattern = re.compile(r"(?<![A-Za-z0-9_.])v?" + re.escape(version) + r"(?![A-Za-z0-9_]|\.\d)")
    # (what the paragraph cites first: "v0.9.0" of my message it cites, not Claude's mention of it just before)
    for source in [*index.of(scope.cited), *index.of(scope.near), *index.sources]:
        if pattern.search(source.text):
            return found(claim, source, cited=source.id in scope.near)
    return found(claim, None, "no event names this version", UNTRACED, advice="check the version")


def _diff(claim: Claim, index: Sources, scope: Scope) -> Finding:
    flat = re.sub(r"[\s−–]", "", claim.text).replace("/", "")
    for source in [*index.of(scope.cited), *index.of(scope.near), *index.sources]:
        if flat and flat in re.sub(r"[\s−–]", "", source.text).replace("/", ""):
            return found(claim, source, cited=source.id in scope.near)
    stated = [f for f in index.figures_by_unit.get(DIFF, []) if f.source in scope.near or not scope.has_citation]
    if stated:  # the session states a diff here, and another one
        said = ", ".join(dict.fromkeys(f"+{_show(f.value, DIFF)} in {f.source}" for f in stated[:3]))
        return found(
            claim,
            _first(index, stated[0].source),
            f"the session states another diff ({said})",
            UNTRACED,
            confidence=HIGH,
            advice="give the diff the session shows",
        )
    return found(claim, None, "no event states this diff", UNTRACED, advice="give the diff the session shows")


def _figures(index: Sources, units: set[str]) -> list[Figure]:
    return [f for unit in units for f in index.figures_by_unit.get(unit, [])]


# A test a diff adds: `+def test_…`, `+    it("…"`, RSpec's `+  it "…" do`, `+test("…"`, Go's `+func TestX(`, Rust's
# `+#[test]`, JUnit's `+@Test`, xUnit's `+[Fact]`, Pester's `+    It '…' {` (in a heredoc a command writes, its
# lines carry no `+`)
_TEST_ADDED = (
    r"^{plus}{lit}[ \t]*(?:async\s+)?(?:def\s+test_\w*|(?:it|It|test|specify)\s*(?:\(\s*)?['\"`]|func\s+Test\w*\s*\("
    r"|#\[(?:tokio::)?test\]|@Test\b|\[(?:Fact|Theory|Test|TestMethod)\])"
)
_TEST_ADDED_DIFF = re.compile(_TEST_ADDED.format(plus=r"\+", lit=""), re.M)
# a script that writes a test file may open the test's text in a string it assigns (`new = '''  it("…"`)
_TEST_WRITTEN = re.compile(
    _TEST_ADDED.format(plus=r"\+?", lit=r"(?:[\w.]+\s*[:=]\s*[rbfu]?(?:'''|\"\"\"|['\"`]))?"), re.M
)
# A test a diff shows at all, added, removed or as a line of context around a change: the tests an edit touches
_TEST_SHOWN = re.compile(_TEST_ADDED.format(plus=r"[+ \-]?", lit=""), re.M)


def _tests_touched(index: Sources, ids: set[str]) -> dict[int, str]:
    """The counts of tests the edits of these events touch ("the visible part involves two tests" of an edit whose
    diff changes lines under two `def test_…`): one edit's, or all of them together, each with its event."""
    out: dict[int, str] = {}
    every: set[str] = set()
    last = ""
    for event_id in index.in_order(ids):
        for call in index.event_calls.get(event_id, []):
            diff = getattr(call, "diff", None) or ""
            names = {m.group(0).lstrip("+- \t") for m in _TEST_SHOWN.finditer(diff)}
            if names:
                out.setdefault(len(names), event_id)
                every |= names
                last = event_id
    if every:
        out.setdefault(len(every), last)
    return out


# A list of tests in a schema file (dbt's `tests:` / `data_tests:` under a column or a model): each item at the list's
# own indentation is a test (`- unique`, `- dbt_utils.expression_is_true:` with its arguments below it)
_YAML_TESTS = r"^{plus}([ \t]*)(?:data_)?tests:[ \t]*\n((?:{plus}\1[ \t]+\S.*(?:\n|$))+)"
_YAML_TESTS_DIFF = re.compile(_YAML_TESTS.format(plus=r"\+"), re.M)
_YAML_TESTS_WRITTEN = re.compile(_YAML_TESTS.format(plus=r"\+?"), re.M)


def _tests_in(text: str, *, diff: bool) -> int:
    """How many tests `text` adds: a diff's added lines, or a file a command writes whole (a heredoc)."""
    functions, lists = (_TEST_ADDED_DIFF, _YAML_TESTS_DIFF) if diff else (_TEST_WRITTEN, _YAML_TESTS_WRITTEN)
    count = len(functions.findall(text))
    for match in lists.finditer(text):
        items = re.findall(r"^\+?([ \t]*)-[ \t]+\S", match.group(2), re.M)
        count += sum(1 for indent in items if len(indent) == len(items[0])) if items else 0
    # dbt's tests as a flow list: `tests: [not_null]` → `tests: [unique, not_null]` adds one
    flows = [(m.group("sign"), _flow_items(m)) for m in _FLOW_TESTS.finditer(text)]
    added = sum(n for sign, n in flows if sign == "+" or not diff)
    removed = sum(n for sign, n in flows if sign == "-" and diff)
    count += max(0, added - removed)
    return count


_FLOW_TESTS = re.compile(r"^(?P<sign>[+-]?)[ \t]*(?:data_)?tests:[ \t]*\[(?P<items>[^\]\n]*)\]", re.M)


def _flow_items(match: re.Match[str]) -> int:
    return len([item for item in match.group("items").split(",") if item.strip()])


def _call_tests(call: Any) -> tuple[int, bool]:
    """The tests one call adds (an edit's diff, or a heredoc its command writes), and whether its diff is cut short."""
    diff = getattr(call, "diff", None) or ""
    count = _tests_in(diff, diff=True)
    if getattr(call, "name", "") == "Write" and re.search(
        r"(?:^|/)tests/[^/]+\.sql$", getattr(call, "target", "") or ""
    ):
        count += 1  # a dbt singular test: a query under `tests/` is one test
    command = getattr(call, "command", None) or ""
    if "<<" in command:
        count += _tests_in(command, diff=False)
    return count, bool(count) and bool(re.search(r"… \(\d+ more (?:changed )?lines?\)\s*$", diff))


_LISTED = re.compile(r"\s*[,:(]\s*`[^`\n]+`(?:\s*(?:,|\band\b|\bor\b|、|和|と)\s*(?:and\s+)?`[^`\n]+`)*")


def _tests_added(index: Sources, ids: set[str]) -> tuple[int, str, bool]:
    """How many tests the edits of these events add, the last event that adds one, and whether a diff that adds one
    is cut short in the session ("… (22 more changed lines)": then the count is a least)."""
    count, last, cut = 0, "", False
    for event_id in index.in_order(ids):
        for call in index.event_calls.get(event_id, []):
            found_here, cut_here = _call_tests(call)
            if found_here:
                count, last = count + found_here, event_id
                cut = cut or cut_here
    return count, last, cut


# Tests told as those there before the session's own: "the two tests that were there before", "two existing tests"
_EXISTING_AFTER = re.compile(
    r"\s*(?:(?:that|which)\s+(?:were|was)\s+)?(?:(?:already\s+)?there(?:\s+(?:before|already))?|already\s+in\s+place|"
    r"from before)\b",
    re.I,
)
_EXISTING_BEFORE = re.compile(r"\b(?:existing|old|original|pre-existing|earlier)\s+(?:\w+\s+)?$", re.I)


def _existing_tests(text: str, amount: Amount) -> bool:
    inside = text[amount.start : amount.end]
    return bool(
        _EXISTING_AFTER.match(text, amount.end)
        or _EXISTING_BEFORE.search(text[max(0, amount.start - 24) : amount.start])
        or re.search(r"\b(?:existing|old|original)\b", inside, re.I)
    )


def _existing_counts(index: Sources, ids: set[str], units: set[str]) -> dict[int, str]:
    """The counts of tests there before the session added any, by a run of `ids`: its count less the tests the
    edits before it added, each with the run's event."""
    out: dict[int, str] = {}
    for figure in _figures(index, units):
        if figure.source not in ids or figure.label != TESTS_RUN:
            continue
        at = index.order.get(figure.source, 0)
        earlier = {e for e in index.event_kinds if index.order.get(e, 0) < at}
        added = _tests_added(index, earlier)[0]
        if added and figure.value > added:
            out.setdefault(int(figure.value) - added, figure.source)
    return out


def _tests_added_counts(index: Sources, ids: set[str], whole: set[str]) -> dict[int, str]:
    """The counts of tests a paragraph may give of what these events add ("the two tests under `order_id`",
    "## Three tests"): one edit's or one event's of `ids`, or those of `whole` (what it cites) together, each with
    the event that adds them."""
    out: dict[int, str] = {}
    total, last = 0, ""
    for event_id in index.in_order(ids | whole):
        each: list[int] = [_call_tests(call)[0] for call in index.event_calls.get(event_id, [])]
        added = sum(each)
        if event_id in ids:
            for count in [*each, added]:
                out.setdefault(count, event_id)
        if event_id in whole and added:
            total, last = total + added, event_id
    out.setdefault(total, last)
    out.pop(0, None)
    return out


def _fits_figure(amount: Amount, figure: Figure) -> bool:
    if figure.high is not None:  # the session states a range: the claim must be inside it (or the same range)
        if amount.high is None and not amount.approx and amount.unit != DURATION:
            return False  # a range is a target or a guess ("500–800 words"): it never states an exact "740 words"
        high = amount.high if amount.high is not None else amount.value
        return figure.value - amount.precision / 2 <= amount.value and high <= figure.high + amount.precision / 2
    return _bounds(amount, figure.value)


def _count(claim: Claim, index: Sources, scope: Scope) -> Finding:
    amount = claim.amount
    assert amount is not None
    unit = amount.unit
    units = _ALIKE.get(unit, {unit})
    if unit == FILES and amount.changed:
        units = {FILES}
    # Someone's own tests ("my nephew's two tests", blind38 AR1:184): a count the whole session may state, a run's
    # failures among them (the two that failed are the two that were fixed)
    owned = bool(OWNED.search(claim.block.text[max(0, amount.start - 24) : amount.start]))
    if owned and unit == TESTS and not amount.result:
        units = {TESTS, FAILED}
    if unit == TESTS and amount.written and scope.has_citation:
        # "added two tests": the test functions the cited edits add, not what a run counted
        added, last, cut = _tests_added(index, scope.near)
        if added and _bounds(amount, float(added)):
            return found(claim, _first(index, last), cited=True)
        if added and cut and amount.value > added:
            return found(
                claim, _first(index, last), f"the cited edits, cut short in the session, add {added}+", UNCHECKED
            )
    heading = claim.block.kind == HEADING and not scope.has_citation and bool(scope.around)
    ran = re.search(r"\b(?:ran|runs?|running|re-?ran|executed)\s+(?:\w+\s+){0,2}$", claim.block.text[: amount.start])
    if unit == TESTS and not amount.result and not ran and amount.high is None and (scope.has_citation or heading):
        # "the two tests under `order_id`", "## Three tests": tests told as things, no run's result, are what the
        # cited edits add (one edit's, one event's, or all of them), not what a run counted ("ran one test" is a run's)
        told = set(scope.around) if heading else index.expand(scope.cited)
        where = _tests_added_counts(index, told if heading else scope.near, told).get(int(amount.value))
        if where is not None and amount.value == int(amount.value):
            return found(claim, _first(index, where), cited=True)
        where = _tests_touched(index, told if heading else index.expand(scope.cited)).get(int(amount.value))
        if where is not None and amount.value == int(amount.value):
            return found(claim, _first(index, where), cited=True)
    shown_below = _lines_shown_below(claim)
    if unit == "lines" and amount.high is None and shown_below == amount.value:
        # "the search found two lines:" over a block of two: the count is the block's (its lines traced apart)
        return Finding(claim, TRACED, None, "the lines of the block under it", weak=True)
    listed = _LISTED.match(claim.block.text, amount.end)
    if listed and amount.high is None and len(re.findall(r"`[^`]+`", listed.group(0))) == amount.value:
        # "two new tests, `test_a` and `test_b`": the count is the list that follows (its names are claims
        # of their own, traced one by one)
        return Finding(claim, TRACED, None, "the names listed after it", weak=True)
    if scope.has_citation and unit in _LISTED_UNITS and amount.high is None and not amount.approx:
        # "The history gave the two images" of a cited `rollout history` printing two `image=…` lines: what the
        # cited output lists by that very word, not the session's screenshots
        noun = _LISTED_UNITS[unit]
        for event_id in sorted(index.expand(scope.cited)):
            for source in index.of([event_id]):
                lines = {line.strip() for line in source.text.splitlines() if noun.search(line)}
                if source.speaker == TOOL and len(lines) == amount.value:
                    return found(claim, source, cited=True)
    if unit == "lines" and scope.has_citation and amount.high is None and not amount.approx:
        # "只找到两行" of a cited `grep -n … | head -3` that printed two matching lines (and, after them, another
        # command's count): the lines a search printed, by their `N:` (or `file:N:`) form
        for source in index.of(sorted(index.expand(scope.cited))):
            matched = [ln for ln in source.text.splitlines() if _GREP_LINE.match(ln)]
            if source.speaker == TOOL and matched and len(matched) == amount.value:
                return found(claim, source, cited=True)
    if unit == "words" and amount.high is None and amount.value == int(amount.value):
        said = _words_said(claim, index, scope, int(amount.value))
        if said is not None:
            return said
    if unit == TESTS and amount.high is None and scope.has_citation and _existing_tests(claim.block.text, amount):
        # "the two tests that were there before failed with the new ones": a cited run's count less the tests the
        # edits before it added (4 run, 2 added), a count the session shows only as that difference
        before = _existing_counts(index, index.expand(scope.cited) | set(scope.near), units)
        if int(amount.value) in before:
            return found(claim, _first(index, before[int(amount.value)]), cited=True)
    figures = _figures(index, units)
    if amount.result:  # "all 6 passed" is what passed, never the run's parts added up
        figures = [f for f in figures if f.label not in (TESTS_RUN, NOT_RUN)]
    near = scope.near
    cited = index.expand(scope.cited)
    for figure in sorted(figures, key=lambda f: f.source not in cited):  # what it cites, then its neighbours
        if figure.source in near | cited and _fits_figure(amount, figure):
            return _figure_found(claim, figure, index, cited=True)
    # A heading sums up its section ("## Three edits turned down"): what the section's paragraphs cite counts
    countable = (scope.has_citation or heading) and unit in _COUNTABLE and not amount.approx and amount.high is None
    whole = amount.value == int(amount.value)
    # "six tool calls each": what one of the cited events counts, never all of them together
    groups = [[i] for i in scope.cited] if amount.each else [scope.cited]
    if heading:
        groups = [sorted(scope.around)]
    counted = (
        countable
        and whole
        and any(int(amount.value) in derived_counts(index, group, unit, amount.changed) for group in groups)
    )
    if counted:
        pool = groups[0] if heading else scope.cited
        event_id = next((i for i in pool if i in index.by_event), pool[0])
        return found(claim, _first(index, event_id), cited=True)
    # A figure the cited events give in words the session's reading of figures does not parse ("Word count is
    # 823"): the number itself is there. Never for what a result or the stats count (tests, files, calls, money).
    if scope.has_citation and unit in (TESTS, FAILED) and amount.high is None and amount.value == int(amount.value):
        # "30 tests failed" of a cited "30 UI Compose tests failed": a few words of what kind of tests between
        # the number and the noun, which the session's reading of figures does not parse
        kinds = re.compile(rf"(?<![\w.]){int(amount.value)}(?:\s+[\w-]+){{1,3}}?\s+tests?\b", re.I)
        given = next((s for s in index.of(near) if kinds.search(s.text)), None)
        if given is not None:
            return found(claim, given, cited=True)
    literal = scope.has_citation and unit not in {TESTS, MONEY, PERCENT, *_STATS_UNITS} and not amount.approx
    if literal and amount.high is None and amount.value >= 10:
        given = next((s for s in index.of(near) if amount.value in _numbers_in(s.text)), None)
        if given is not None:
            return found(claim, given, weak=True)
    written = _written_in_cited(claim, amount, index, cited)
    if written is not None:
        return found(claim, written, cited=True)
    if scope.has_citation and unit in _STATS_UNITS and amount.high is None:
        # "the database held 255 messages": a count a cited run printed (`SELECT COUNT(*) FROM base_messages`
        # → 255) counts something of its own, not the session's messages.
        # "The folder held 1,486 files named `*_thumb.jpg`": a count printed by a run whose command holds what the
        # sentence counts (blind38 AR1:69, `Get-ChildItem … -Filter *_thumb.jpg | Measure-Object`)
        stem = unit[:5].lower()
        before_amount = claim.block.text[max(0, amount.start - 30) : amount.start]
        named = [c.lower() for c in code_spans(_sentence_of(claim), 3)]
        # (a count of failures only beside its word: "7 failed", "failures: 7"; not any 7 of a run whose output says
        # FAILED, as an assertion's `{'W45': 7}` beside pytest's "2 failed", blind56 BJ1)
        as_written = re.escape(_show(amount.value, ""))
        beside = re.compile(rf"(?i)(?<![\d.]){as_written}\s+(?:\w+\s+)?fail|fail\w*\W{{1,3}}{as_written}(?![\d.])")
        for event_id in sorted(cited):
            runs = [s for s in index.of([event_id]) if s.speaker == TOOL]
            printed = next(
                (s for s in runs if amount.value in _numbers_in(s.text) and (unit != FAILED or beside.search(s.text))),
                None,
            )
            if printed is not None and any(stem in s.folded or any(c in s.folded for c in named) for s in runs):
                return found(claim, printed, cited=True)
            # "Its first run printed two messages": what a cited run printed, in the sentence's own word for it (the
            # run's "2 reminders.", fresh43's savings group, a real model's draft: never the author's messages)
            if (
                printed is not None
                and unit != FAILED
                and _PRINTED_BEFORE.search(before_amount)
                and re.search(rf"(?<![\d.,]){as_written}[ \t]+[^\W\d_]{{2,}}", printed.text)  # (a count: "2 reminders")
            ):
                return found(claim, printed, cited=True)
    touched = _TOUCHED_BEFORE.search(claim.block.text[max(0, amount.start - 24) : amount.start])
    reading = touched is not None and touched.group(0).lower().startswith(("read", "opened"))
    # the session's count of files changed (edited or written) says nothing of the files read
    backed = [f for f in figures if not (reading and f.unit == FILES and f.source == "stats")]
    if countable and unit == FILES and touched is not None and not any(_fits_figure(amount, f) for f in backed):
        # "read eleven files": what the cited tools read (or changed) is the count, not every file they name
        tools = sorted(c for c in derived_counts(index, scope.cited, unit, amount.changed) if c)
        around = derived_counts(index, sorted(scope.near), unit, amount.changed)
        # more than they touched: fewer may be a part of them ("read four of them first")
        if tools and amount.value > max([*tools, *around]):
            return found(
                claim,
                None,
                f"the cited events {touched.group(0).strip()} {' or '.join(map(str, tools))} file(s)",
                UNTRACED,
                advice="give the count of files the cited tools touched, or cite the events it counts",
            )
    if unit == FILES and not amount.changed and _named_files(index, scope) >= amount.value > 0:
        finding = found(claim, index.of(scope.near)[0] if scope.near else None)
        finding.weak = True
        return finding
    # "un script Python de treize lignes": the lines of a command a cited event ran (a heredoc's, with or without its
    # opening and closing lines; blind39 AS1:32)
    if scope.has_citation and unit == "lines" and amount.high is None:
        for event_id, command in index.runs:
            if event_id in near and "\n" in command:
                count = command.strip("\n").count("\n") + 1
                if _bounds(amount, float(count)) or _bounds(amount, float(count - 2)):
                    return found(claim, _first(index, event_id), cited=True)
    # "the last three commits", "the first 20 lines": what a command near it was told to show (`git log -3`)
    shown = scope.has_citation and unit in ("commits", "lines") and amount.high is None
    if shown and amount.value in _command_numbers(index, near):
        return found(claim, _first(index, next(iter(sorted(near)))), cited=False)
    near_figures = [f.value for f in figures if f.source in near and f.source != "stats"]
    # A sum of what it cites: never for a count of each of several, nor for a range ("six or seven apiece"),
    # and only where the sentence adds up ("in all", 合计) or the unit is one a writer totals (tokens, money):
    # "42 files" is not the tree's "30 files" plus the 12 a later run wrote.
    summed = not amount.each and amount.high is None and (unit in _TOTALLED or _totalled(claim))
    if summed and len(near_figures) > 1 and any(_bounds(amount, total) for total in _sums(near_figures)):
        return found(claim, _first(index, next(f.source for f in figures if f.source in near)), cited=True)
    if unit == MONEY and amount.high is None and len(near_figures) > 1:
        # an amount worked out from a quote's lines: the items without the fee (a total less a part), or the
        # deposit at the share the quote states ("Anticipo (50%)": half the total, before the quote rounds it)
        shares = [float(p) / 100 for s in index.of(near) for p in _PERCENT.findall(s.text) if 0 < float(p) < 100]
        worked = _worked_out(near_figures, shares)
        if any(_bounds(amount, value) for value in worked):
            return found(claim, _first(index, next(f.source for f in figures if f.source in near)), cited=True)
    rest = _rest_of(claim, [f.value for f in figures if f.source in near | cited])
    if rest is not None:
        return found(claim, _first(index, next(f.source for f in figures if f.value == rest)), cited=True)
    # Where the cited events hold a test run, its counts are the paragraph's: a figure of another run elsewhere
    # in the session does not back it ("5 TUI tests passed" beside a cited run's "3 passed").
    stated_near = scope.has_citation and unit in (TESTS, FAILED) and bool(near_figures) and not owned
    for figure in sorted(figures, key=lambda f: f.source != "stats"):
        if stated_near and figure.source not in near and figure.source != "stats":
            continue
        if _fits_figure(amount, figure):
            return _figure_found(claim, figure, index, cited=figure.source in near)
    # A range the session sets ("a 500–800 word target") is no measurement an exact figure could contradict.
    exact = amount.high is None and not amount.approx
    measured = [f for f in figures if not (exact and f.high is not None)]
    comparable = [f for f in measured if f.source == "stats" or f.source in near]
    closest = min(comparable or measured, key=lambda f: abs(f.value - amount.value), default=None)
    reason = "no event or figure of the session states it"
    if closest is not None:
        reason += f" (closest: {_show(closest.value, unit)} {closest.label}" + (
            f" in {closest.source})" if closest.source != "stats" else " in the session's stats)"
        )
    # Sure when the session has this very count and it differs (the stats' messages, a diff its cited events
    # state), and for a test run's result the session does not have ("all 12 tests passed").
    stated = any(f.source in near for f in comparable)
    sure = (bool(comparable) and (unit in _STATS_UNITS or stated)) or (unit in (TESTS, FAILED) and amount.result)
    if unit == TESTS and not figures:
        reason = "no test run in the session states a count of tests"
    advice = (
        f"write {_show(closest.value, unit)}, or cite the events it counts"
        if closest is not None and sure
        else "give the figure the session shows, or mark it <!-- ok --> if it comes from elsewhere"
    )
    nearest = _first(index, closest.source) if closest is not None and closest.source != "stats" else None
    return found(claim, nearest, reason, UNTRACED, confidence=HIGH if sure else LOW, advice=advice)


# The figure as the post writes it, digits and the word after them, that a cited event writes too: "leyó los 40
# archivos" of a cited run's "INFO etl.cli: 40 archivos, 18412 filas leídas", "en los 31 archivos buenos" of a
# cited message of Claude's (blind22 AB2:59, 148: the session's count of files read "archivos" as no word of its
# own, and compared them with the 2 files Claude changed). Never for a result, money or a share, whose figure
# must be a run's, nor for a figure in words ("forty files"), which no event writes the same way.
_DIGITS_AND_WORD = re.compile(r"^\d[\d,.]*\s+[^\W\d_]{3,}$")
_NOT_WRITTEN = frozenset({TESTS, FAILED, MONEY, PERCENT})


def _written_in_cited(claim: Claim, amount: Amount, index: Sources, cited: set[str]) -> Source | None:
    said = " ".join(claim.block.text[amount.start : amount.end].split())
    if amount.unit in _NOT_WRITTEN or amount.high is not None or amount.approx or not _DIGITS_AND_WORD.match(said):
        return None
    written = re.compile(rf"(?<![\w.,]){re.escape(said)}(?!\w)", re.I)
    return next((s for s in index.of(sorted(cited)) if written.search(" ".join(s.text.split()))), None)


# "the other 32 files", "the remaining three", 另外两个, 其余的五个, 残りの2つ, 나머지 두 개: what is left of a
# whole once some of it is set apart (one, or a count the sentence gives)
_REST_BEFORE = re.compile(
    r"(?:\b(?:the\s+)?(?:other|remaining|rest\s+of\s+the)\s+|另外|另|其余的?|其餘的?|其他的?|剩下的?|剩余的?|剩餘的?"
    r"|残りの?|他の|ほかの|나머지\s*|남은\s*)$",
    re.I,
)
_REST_AFTER = re.compile(r"\b(?:other|remaining)\b", re.I)


def _lines_shown_below(claim: Claim) -> int | None:
    """How many lines the code block a lead-in introduces shows (its fences and blank lines left out)."""
    block = claim.block.follows
    if block is None or block.kind != CODE:
        return None
    body = [line for line in block.text.splitlines() if line.strip() and not line.lstrip().startswith(("```", "~~~"))]
    return len(body)


def _rest_of(claim: Claim, totals: list[float]) -> float | None:
    """The whole a "the other N" is the rest of: a figure of the cited events that is N and one more, or N and a
    count the paragraph gives beside it ("five failed; three are named, the other two are cut")."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    if amount.high is not None or not totals:
        return None
    if not (_REST_BEFORE.search(text[max(0, amount.start - 20) : amount.start]) or _REST_AFTER.search(amount.text)):
        return None
    parts = {1.0} | {a.value for a in amounts(text) if a.start != amount.start and a.unit != DURATION}
    return next((total for total in totals if total - amount.value in parts and total > amount.value), None)


_TOTALLED = wordset("tokens money")
_TOTAL = re.compile(
    r"\b(?:in all|all told|in total|total(?:led|ling)?|altogether|combined|together|between them|sum|overall)\b"
    r"|合计|合計|总共|總共|一共|共计|合わせて|全部で|あわせて|計",
    re.I,
)


def _totalled(claim: Claim) -> bool:
    """The sentence around a figure adds up ("34,000 tokens in all", "between them", 合计)."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    return bool(_TOTAL.search(text[max(0, amount.start - 50) : amount.end + 40]))


def _command_numbers(index: Sources, ids: set[str], *, waits: bool = False) -> set[float]:
    """The numbers the commands near a paragraph were given (`git log -3`, `head -n 20`); with `waits`, only
    how long they waited (`sleep 2`, `timeout 30`), in seconds."""
    pattern = r"\b(?:sleep|timeout)\s+(\d{1,4})\b" if waits else r"(?<![\w.])-{0,2}[a-z]*\s?(\d{1,4})(?![\w.])"
    out: set[float] = set()
    for event_id in ids:
        for call in index.event_calls.get(event_id, []):
            if call.name in SHELL_TOOLS and call.target:
                out |= {float(n) for n in re.findall(pattern, call.target)}
    return out


_PERCENT = re.compile(r"(?<![\d.])(\d{1,2}(?:\.\d+)?)\s?%")
# A count compared with another after its noun: "twenty tickets fewer than before", "3 Zeilen mehr", "dos más"
_COMPARED = re.compile(
    r"(?i)\s*(?:[^\W\d_]+\s+){0,2}(?:fewer|more|less|extra|weniger|mehr|menos|más|moins|de plus|de moins|meno|"
    r"in più|in meno|mniej|więcej|minder|meer|färre|fler|méně|více)\b"
)
# A table's header line, in the languages authors write in: a count of its rows is its lines less this one
_HEADER_ROW = re.compile(
    r"(?i)\bheader\b|\bheading row\b|Kopfzeile|cabecera|encabezado|en-tête|intestazione|cabeçalho|nagłówek|"
    r"заголов|заголовк|\bkopregel\b|表头|表頭|标题行|標題列|ヘッダー|헤더"
)


def _worked_out(values: list[float], shares: list[float]) -> list[float]:
    """What a writer works out from a quote's amounts (blind50 BD2:102-103, "Los cuatro artículos suman $1,875…
    la mitad de eso son $1,037.50", of a total of $2,075 with a $200 fee and a 50 % deposit): a total less one of its
    parts, and an amount at a share the quote states."""
    first = values[:10]
    out = [a - b for a, b in itertools.permutations(first, 2) if a > b]
    out += [v * share for v in first for share in shares[:4]]
    return out


def _sums(values: list[float]) -> list[float]:
    """What a paragraph may add up of the figures it cites ("3万4千 tokens in all" for 13,751 and 20,218)."""
    out = [sum(values)]
    out += [a + b for a, b in itertools.combinations(values[:12], 2)]
    return out


# A file's name: a stem with a letter and an extension of letters (`fetch.py`, `notes.v2.md`), not a number with a
# unit (`0.42s`, `1.5MB`), which a test run's or a build's output line is full of.
_FILE_NAME = re.compile(r"[\w.-]*[A-Za-z][\w-]*\.[A-Za-z][A-Za-z0-9]{0,7}")


_TOUCHED_BEFORE = re.compile(r"\b(?:read|opened|edited|changed|modified|wrote|created|touched)\s+(?:all\s+)?$", re.I)


def _named_files(index: Sources, scope: Scope) -> int:
    """How many distinct files the paragraph's cited events name ("four files" when its summary lists four)."""
    names = set()
    for source in index.of(scope.near):
        for match in PATHISH.finditer(source.text):
            name = match.group(0).rstrip("/.").rsplit("/", 1)[-1]
            if _FILE_NAME.fullmatch(name):
                names.add(name.lower())
    return len(names)


def _figure_found(claim: Claim, figure: Figure, index: Sources, *, cited: bool = False) -> Finding:
    if figure.source == "stats":
        return Finding(claim, TRACED, "stats", f"{figure.label}: {_show(figure.value, figure.unit)}")
    return found(claim, _first(index, figure.source) or Source(figure.source, NOTE, figure.label), cited=cited)


# The measure words of Chinese, Japanese and Korean that count any kind of thing (个 of quotes, of problems)
_CLASSIFIERS = frozenset({"个", "個", "개", "つ", "件", "项", "項", "处", "處", "条", "條"})


_DID_COUNT = re.compile(r"(?i)\b(?:printed|made|wrote|scanned|tried|tested|sent|ordered|labelled|labeled)\s+(\d+)\b")


def _printed_with(claim: Claim, amount: Amount, pool: Iterable[Source]) -> Source | None:
    after = re.match(r"\s+([^\W\d_]{2,})", claim.block.text[amount.end :])
    if after is None or amount.high is not None:
        return None
    word = re.escape(after.group(1))
    number = _show(amount.value, "")
    line = re.compile(rf"(?im)^\W*{re.escape(number)}\s+{word}\b")
    return next((s for s in pool if s.speaker == TOOL and line.search(s.text)), None)


def _in_a_table_row(amount: Amount, pool: list[Source]) -> Source | None:
    """The first of `pool` printing a Markdown table row whose label names the amount's thing (its noun, singular or
    plural) and one of whose cells is the amount's number."""
    stem = amount.unit.removeprefix(THING).lower().rstrip("s")
    if len(stem) < 3 or amount.high is not None:
        return None
    number = re.escape(_show(amount.value, ""))
    label = rf"^[ \t]*\|?[ \t]*{re.escape(stem)}\w{{0,3}}[ \t]*\|"
    row = re.compile(rf"(?im){label}(?:[^|\n]*\|)*?[ \t]*{number}[ \t]*(?:\||$)")
    return next((s for s in pool if row.search(s.text)), None)


def _thing(claim: Claim, index: Sources, scope: Scope) -> Finding:
    """A count of something else ("172 tasks", "three failed requests"): traced when the cited events (or,
    without a citation, the session) count the same thing alike, reported when they count it otherwise ("two
    failed requests"); without that, traced when they give the number, a big one they do not give is
    reported, and a small one, which a writer counts from the story ("three routes"), is left alone."""
    amount = claim.amount
    assert amount is not None
    same = [f for f in index.figures_by_unit.get(amount.unit, []) if not scope.has_citation or f.source in scope.near]
    pool = index.of(scope.near) if scope.has_citation else index.sources
    wanted = {amount.value} if amount.high is None else {amount.value, amount.high}
    if claim.block.kind == HEADING and scope.section:
        # A heading sums up its section: "212 points, three skipped" over the run its section cites ("skipped 3
        # without GPS"), never a later run of the session ("2 skipped", fresh23's glen). A section that neither
        # counts the thing nor gives the number leaves the heading to the session's counts ("## Three examples" of
        # a session that counts 4 and 14)
        local = [f for f in same if f.source in scope.section]
        if local:
            same, pool = local, index.of(scope.section)
        else:
            given = next((s for s in index.of(scope.section) if wanted & _numbers_in(s.text)), None)
            if given is not None:
                return found(claim, given, weak=True)
    if same:
        match = next((f for f in same if _fits_figure(amount, f)), None)
        if match is not None:
            return found(claim, _first(index, match.source))
    if same and amount.high is None and _COMPARED.match(claim.block.text[amount.end : amount.end + 40]):
        # "twenty tickets fewer than before" of a cited 480 and 460: the difference of two counts of the thing
        values = sorted({f.value for f in same})
        if any(b - a == amount.value for a, b in itertools.combinations(values, 2)):
            return found(claim, _first(index, same[0].source), cited=True)
    if scope.has_citation and amount.high is None and _HEADER_ROW.search(claim.block.text):
        # "213 lines in the file, the header and 212 rows" of a cited `wc -l` printing 213: the lines less the
        # header line the sentence names (blind54 BH1:173)
        counted = next((s for s in pool if amount.value + 1 in _numbers_in(s.text)), None)
        if counted is not None:
            return found(claim, counted, cited=True)
    if scope.has_citation and amount.high is None:
        # "nine requests" of a HAR of five, "three entries" of a JSON file a cited event holds: its items of that name
        noun = re.escape(amount.unit.removeprefix(THING))
        keyed = max((len(re.findall(rf'"{noun}"\s*:\s*[{{\[]', s.text)) for s in index.of(scope.cited)), default=0)
        # More than the list holds (a part of it, "two requests failed", may be fewer)
        if keyed >= 2 and amount.value > keyed and not _fits_figure(amount, Figure(amount.unit, float(keyed), "", "")):
            return found(
                claim,
                None,
                f"the cited events hold {keyed} {amount.unit.removeprefix(THING)} entries",
                UNTRACED,
                advice="give the count the cited events show",
            )
    # Where the cited events count this very thing, only the texts that count it say anything of it ("0
    # suspect sequences, down from 159"); else any number they give may be the count.
    holders = {f.source for f in same}
    if amount.unit.removeprefix(THING) in _CLASSIFIERS:
        holders = {s.id for s in pool}  # "17 个 `“`": a classifier counts anything, not the thing others counted
    # (and a run the paragraph itself cites: "36 rows" of a cited subagent run printing `… 36` beside the subagent's
    # report, which counts "40 rows" of another course; blind50 BD1:84)
    holders |= {s.id for s in index.of(scope.cited) if s.speaker == TOOL} if scope.has_citation else set()
    given = next((s for s in pool if (not same or s.id in holders) and wanted & _numbers_in(s.text)), None)
    if given is None and amount.precision > 1 and amount.high is None:
        # "about 41.9 million bytes" of a listing's 41872614 (a column headed `Length`, no unit beside it): a
        # rounded figure a cited number rounds to, whatever else the events count in that unit (page_214's 0 bytes)
        half = amount.precision / 2
        rounded = (s for s in pool if any(abs(n - amount.value) <= half for n in _numbers_in(s.text)))
        given = next(rounded, None)
    if given is None and same:
        # the author's own count of what they did: "## Ten labels…" of "back. printed 10, they scan fine", where a
        # run of the section wrote 87 (blind41 AU1:115)
        given = next(
            (s for s in pool if s.speaker == AUTHOR and wanted & {float(n) for n in _DID_COUNT.findall(s.text)}), None
        )
    if given is None and same:
        # a cited run that prints the number with the word the post says after its noun: "listed 9 customers due in
        # the next 90 days" of a run ending "9 due in the next 90 days", where Claude's prose counted a subset of them
        # ("five customers appear who were missing"; a real model's draft of fresh34's gas-safety reminders)
        given = _printed_with(claim, amount, pool)
    if given is None and same and scope.has_citation:
        # a table a cited message or output prints, its row labelled with the thing and the figure in one of its
        # cells: "193 households over 398 visits in February" of Claude's `| Visits | 412 | 398 |` (fresh42's pantry,
        # a real model's draft, stop 62)
        given = _in_a_table_row(amount, index.of(scope.cited))
    bulleted = _bulleted(index, scope, amount) if scope.has_citation and given is None else None
    if bulleted is not None:
        return found(claim, bulleted, cited=True)  # "a five-item list" of a message the paragraph cites
    if same and given is None:
        noun = amount.unit.removeprefix(THING)
        said = ", ".join(dict.fromkeys(f"{_show(f.value, '')} in {f.source}" for f in same[:3]))
        return found(
            claim,
            _first(index, same[0].source),
            f"the {'cited events' if scope.has_citation else 'session'} count {noun}s otherwise ({said})",
            UNTRACED,
            advice=f"write the count of {noun}s the session gives",
        )
    if given is not None:
        return found(claim, given, weak=True)
    listing = _lists(index, scope, amount) if scope.has_citation and amount.high is None else None
    if listing is not None and listing[1] == amount.value:
        return found(claim, listing[0], cited=True)
    if listing is not None and amount.value > listing[1] >= 2:  # more than it lists ("the first three" may be fewer)
        noun = amount.unit.removeprefix(THING)
        return found(
            claim,
            listing[0],
            f"the cited output lists {listing[1]} {noun}s",
            UNTRACED,
            advice="give the count the cited output shows",
        )
    if amount.value <= SMALL_COUNT and amount.high is None:
        return found(claim, None, "", UNCHECKED, weak=True)  # dropped from the report: see trace_all
    for source in index.sources:
        if any(figure in wanted for figure in _numbers_in(source.text)):
            return found(claim, source, "this number is not in the cited events", UNTRACED, advice="cite the event")
    return found(
        claim,
        None,
        "no event gives this number",
        UNTRACED,
        advice="give the count the session shows, or mark it <!-- ok -->",
    )


# Items of one kind a tool's output lists, by the noun a post counts them with (its singular): "the line is cut after
# fourteen dates" of a run printing fourteen `2026-02-08`s, "three URLs", "two commits" of hashes
_ITEMS = {
    ("date", "fecha", "datum"): re.compile(r"(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])"),
    ("url", "link", "lien", "enlace"): re.compile(r"https?://[^\s)\]>\"']+"),
    ("commit", "hash", "sha"): re.compile(r"(?<![\w-])[0-9a-f]{7,40}(?![\w-])"),
}


# What a list's entries are called, whatever they hold: "a five-item list", "the list had five points"
_LIST_NOUNS = wordset("item point step task bullet entry requirement todo checkbox thing question")
_LIST_LINE = re.compile(r"^(\s*)(?:[-*+•]|\d{1,2}[.)])\s+(?:\[[ xX]\]\s+)?\S", re.M)


def _bulleted(index: Sources, scope: Scope, amount: Amount) -> Source | None:
    """A text the paragraph cites whose Markdown list has as many entries as the count of list entries told
    (its top-level entries, or all of them): a message of five checkboxes is "a five-item list", whatever the
    task list a tool printed next to it counts."""
    if amount.unit.removeprefix(THING) not in _LIST_NOUNS or amount.high is not None:
        return None
    for source in index.of(scope.cited):
        indents = [len(m.group(1).expandtabs()) for m in _LIST_LINE.finditer(source.text)]
        if len(indents) >= 2 and amount.value in (len(indents), sum(i <= min(indents) for i in indents)):
            return source
    return None


def _lists(index: Sources, scope: Scope, amount: Amount) -> tuple[Source, int] | None:
    """The cited tool output that lists items of the kind counted (distinct, each matched whole), and how many: the
    one that lists exactly the figure first, else the one that lists most. A count read off the output, which
    prints no figure for it."""
    noun = amount.unit.removeprefix(THING)
    pattern = next((p for nouns, p in _ITEMS.items() if noun in nouns), None)
    if pattern is None or amount.value != int(amount.value):
        return None
    listed = [
        (source, len(set(pattern.findall(source.text))))
        for source in index.of(sorted(index.expand(scope.cited)))
        if source.speaker == TOOL
    ]
    listed = [(source, count) for source, count in listed if count]
    exact = next(((source, count) for source, count in listed if count == amount.value), None)
    return exact or max(listed, key=lambda pair: pair[1], default=None)


_DECIMAL = re.compile(r"(?<![A-Za-z0-9_.])\d+\.\d+(?![A-Za-z0-9_]|\.\d)")
_BARE_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])\d{1,3}(?:,\d{3})+(?![A-Za-z0-9_])|(?<![A-Za-z0-9_.])\d+(?![A-Za-z0-9_])")


# "770K", "3.2M", "12KB": a size or count with its thousands written as a letter
_SCALED_NUMBER = re.compile(r"(?<![A-Za-z0-9_.])(\d+(?:\.\d+)?)\s?([KkMG])(?:i?B)?(?![A-Za-z0-9_])")
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6, "G": 1e9}


def _numbers_in(text: str) -> set[float]:
    out = {float(m.group(0).replace(",", "")) for m in _BARE_NUMBER.finditer(text)}
    # and a decimal whole ("70.61" of pytest's "assert 70.61... == 38.2...", not only its 70)
    out |= {float(m.group(0)) for m in _DECIMAL.finditer(text)}
    for match in _SCALED_NUMBER.finditer(text):
        out |= {float(match.group(1)), float(match.group(1)) * _SCALE[match.group(2)]}
    return out


# -- times ------------------------------------------------------------------------------------------------


def _gaps(index: Sources, ids: set[str]) -> list[tuple[float, str, str]]:
    """The time between every two of these events, with the two ids (earlier first)."""
    stamps = sorted((index.clock[i], i) for i in ids if i in index.clock)
    return [(b - a, x, y) for (a, x), (b, y) in itertools.combinations(stamps, 2)]


def _session_gaps(index: Sources) -> list[tuple[float, str, str]]:
    """Without a citation: the time between two events in a row, and between any two of the author's messages."""
    stamps = sorted((t, i) for i, t in index.clock.items() if "." not in i)
    out = [(b - a, x, y) for (a, x), (b, y) in itertools.pairwise(stamps)]
    authors = sorted((index.clock[s.id], s.id) for s in index.sources if s.speaker == "author" and s.id in index.clock)
    out += [(b - a, x, y) for (a, x), (b, y) in itertools.combinations(authors, 2)]
    return out


_BETWEEN = ("the pause before this chapter", "the time between two sessions")
_WHOLE = ("the session's length", "a session's length", "the chapter's length")


def _between(index: Sources, scope: Scope) -> list[tuple[float, str, str]]:
    """For "two minutes later": the time between any two moments of this paragraph and the one before."""
    return _gaps(index, scope.around) if scope.around else _session_gaps(index)


def _from_start(index: Sources, ids: set[str]) -> list[tuple[float, str, str]]:
    """For "an hour after it began", "the whole experiment took half an hour": from the start of the session (of
    each, in a post of several) to each of these events."""
    starts: dict[str, tuple[float, str]] = {}
    for event_id, minute in index.clock.items():
        if "." not in event_id:
            session = event_id.rsplit("-", 1)[0] if "-" in event_id else ""
            starts[session] = min(starts.get(session, (minute, event_id)), (minute, event_id))
    out = []
    for event_id in sorted(ids):
        session = event_id.rsplit("-", 1)[0] if "-" in event_id else ""
        if event_id in index.clock and session in starts:
            begun, first = starts[session]
            out.append((index.clock[event_id] - begun, first, event_id))
    return out


def _lengths(index: Sources, scope: Scope, heading: bool = False) -> list[tuple[float, str, str]]:
    """For "it took five minutes": how long what the paragraph cites took (first to last, from an event it
    mentions, or one subagent it cites), a wait a command was given (`sleep 2`), and one step of work (a
    pause of more than IDLE_GAP_MS between two events is not work)."""
    out = [(float(n) / 60, "", "") for n in _command_numbers(index, scope.near, waits=True)]
    cited = index.expand(scope.cited)
    worked = derived_minutes(index, cited)  # what the turns it cites took, added up
    if worked is not None:
        out.append((worked, "", ""))
    groups = [cited, *(index.expand([i]) for i in scope.cited)] if cited else []
    if heading and scope.around:
        # a heading ("## Ten minutes of tests") sums up loosely: the time between any two events of its section
        out += _gaps(index, scope.around)
    for group in groups:
        stamps = sorted((index.clock[i], i) for i in group if i in index.clock)
        if len(stamps) > 1:
            out.append((stamps[-1][0] - stamps[0][0], stamps[0][1], stamps[-1][1]))
    # "two and a half minutes from my “yes please”": from an event it mentions to the ends of what it cites
    ends = sorted((index.clock[i], i) for i in cited if i in index.clock)
    for told in sorted(scope.told - cited):
        if told in index.clock and ends:
            out += [(abs(index.clock[told] - t), min(told, i), max(told, i)) for t, i in (ends[0], ends[-1])]
    # "from my first message to Claude's summary took half an hour": between two events it cites
    out += _gaps(index, set(scope.cited))
    steps = cited or scope.around or {i for i in index.clock if "." not in i}
    stamps = sorted((index.clock[i], i) for i in steps if i in index.clock)
    out += [(b - a, x, y) for (a, x), (b, y) in itertools.pairwise(stamps) if b - a <= IDLE_GAP_MS / 60000]
    return out


# A time the code near a paragraph sets rather than one anything took: `DEBOUNCE_DELAY = 300`, `timeout=30`,
# `setTimeout(fn, 500)`: the figure within a few words after a name of a wait.
_SETTING_NAME = re.compile(
    r"(?:delay|debounce|timeout|interval|wait|sleep|throttle|retry|backoff|duration|ttl|expire|poll)\w*", re.I
)


def _setting(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """The event near the paragraph whose code or output sets the figure of "waits 300 ms", "a 30-second
    timeout" (a setting is told in the post as a time but is no length between events)."""
    amount = claim.amount
    assert amount is not None
    figure = re.search(r"\d+(?:[.,]\d+)?", amount.text)
    if figure is None or not scope.near:
        return None
    number = re.escape(figure.group().replace(",", "."))
    pattern = re.compile(rf"(?<![\w.]){number}(?![\d.])")
    for source in index.of(scope.near):
        for name in _SETTING_NAME.finditer(source.text):
            if pattern.search(source.text, name.end(), name.end() + 40):
                return source
    return None


# A length an output prints ("1832.44 / 0.00 ms", "40 passed in 2.78s", "BUILD FAILED in 2m 12s", "(3.9m)"):
# told in words ("a pass of nearly two seconds"), it is that output's figure, not a time between events.
# `time`'s own notations are the same length told otherwise: "real 2m21.480s" (bash), "real 141.48" (`time -p`),
# "2:21.48elapsed" (GNU time), "Elapsed (wall clock) time (h:mm:ss or m:ss): 2:21.48".
_PRINTED = re.compile(
    r"(?<![\w.])(?:(?P<m2>\d+)m\s*(?P<s2>\d+(?:\.\d+)?)s|(?P<n>\d+(?:\.\d+)?)(?:\s*/\s*\d+(?:\.\d+)?)?\s?"
    r"(?P<u>ms|s|sec|secs|m|min|mins|h))(?![\w])"
    r"|(?<![\w.])real\s+(?P<real>\d+(?:\.\d+)?)(?![\w.])"
    r"|(?<![\w.:])(?:(?P<ch>\d+):)?(?P<cm>\d+):(?P<cs>\d{2}(?:\.\d+)?)elapsed\b"
    r"|wall clock\) time[^:\n]*:\s*(?:(?P<wh>\d+):)?(?P<wm>\d+):(?P<ws>\d{2}(?:\.\d+)?)"
)
_TO_MINUTES = {"ms": 1 / 60000, "s": 1 / 60, "sec": 1 / 60, "secs": 1 / 60, "m": 1.0, "min": 1.0, "mins": 1.0}


def _printed(claim: Claim, index: Sources, scope: Scope, among: set[str] | None = None) -> Source | None:
    """The cited event (or its neighbour; or one of `among`) whose output prints the length a claim tells ("nearly
    two seconds")."""
    amount = claim.amount
    assert amount is not None
    among = scope.near if among is None else among
    if amount.relative or not among:
        return None
    for source in index.of(among):
        if source.speaker not in (TOOL, AUTHOR):
            continue
        for m in _PRINTED.finditer(source.text):
            if m.group("m2"):
                value = int(m.group("m2")) + float(m.group("s2")) / 60
            elif m.group("real"):
                value = float(m.group("real")) / 60
            elif m.group("cm") or m.group("wm"):
                keys = ("ch", "cm", "cs") if m.group("cm") else ("wh", "wm", "ws")
                h, mm, ss = (m.group(k) for k in keys)
                value = int(h or 0) * 60 + int(mm) + float(ss) / 60
            else:
                value = float(m.group("n")) * _TO_MINUTES.get(m.group("u"), 60.0)
            if value > 0 and _bounds(amount, value):
                return source
    return None


# "the two dates are a day apart", "New York is five hours behind UTC": a difference between two clocks, dates
# or time zones the work is about, not a length of time between events of the session.
_CLOCKS = re.compile(
    r"\b(?:dates?|clocks?|time\s?zones?|timezones?|UTC|GMT|offsets?|calendars?|days? of the week)\b", re.I
)
_APART = re.compile(r"^\s*(?:apart|behind|ahead|earlier than|later than|off)\b", re.I)


def _between_clocks(claim: Claim) -> bool:
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    if not _APART.match(text[amount.end : amount.end + 20]):
        return False
    start = max(text.rfind(stop, 0, amount.start) for stop in (". ", "; ", ": ", "\n"))
    return bool(_CLOCKS.search(text[start + 1 : amount.start]))


_CLOCK_TIME = re.compile(r"(?<![\d:.])([01]?\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?(?![\d:])")


def _between_times_given(claim: Claim) -> bool:
    """A time between two clock times the sentence itself gives, told beside them: "the label line at 09:14:17, the
    lock error at 09:14:22, five seconds later" (blind47 BA1:71): arithmetic on the post's own figures, which the
    figures are checked for, not a gap between two events."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    begin = next((a for a, b in sentences(text) if a <= amount.start < b), 0)
    times = [
        int(h) * 3600 + int(m) * 60 + int(sec or 0) for h, m, sec in _CLOCK_TIME.findall(text[begin : amount.start])
    ]
    seconds = {round(amount.value * 60)} | ({round(amount.high * 60)} if amount.high is not None else set())
    return any(abs(b - a) in seconds for a, b in itertools.combinations(times, 2))


# The word that makes a figure a time between two moments, right after it
_RELATION = re.compile(r"\s*(apart|later|earlier|after|before)\b", re.I)


def _stated_gap(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """A cited message that states the same time between two moments in the same words: "two requests 300 ms apart
    can still resolve in the wrong order" retold from Claude's reasoning is that message's figure, no time between
    two events of the session."""
    amount = claim.amount
    assert amount is not None
    word = _RELATION.match(claim.block.text[amount.end : amount.end + 20])
    if not amount.relative or word is None or not scope.cited:
        return None
    for source in index.of(index.expand(scope.cited)):
        if source.speaker not in (CLAUDE, AUTHOR, SUBAGENT):
            continue
        for told in durations(source.text):
            said = _RELATION.match(source.text[told.end : told.end + 20])
            if said is not None and said.group(1).lower() == word.group(1).lower() and told.value == amount.value:
                return source
    return None


# A time code states: Rails' `15.minutes`, `3.days.from_now`; Python's `timedelta(days=3)`
_CODE_TIME = re.compile(
    r"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\.(?P<u>second|minute|hour|day|week)s?\b"
    r"|\b(?P<u2>second|minute|hour|day|week)s\s*=\s*(?P<n2>\d+(?:\.\d+)?)\b"
)
_UNIT_MINUTES = {"second": 1 / 60, "minute": 1.0, "hour": 60.0, "day": 1440.0, "week": 10080.0}


def _times_stated(text: str) -> list[tuple[float, bool]]:
    """The times a text states (in minutes, each with whether it is told as between two moments): in its words,
    in another language's words glossed (Claude's "פג אחרי 15 דקות"), and in its code (`3.days.from_now`)."""
    out = [(a.value, a.relative) for a in durations(text)]
    # A language the reader of languages does not tell (Swedish, Danish, Norwegian, Finnish…) is glossed too: the
    # author's own "av efter ca 3 sekunder" states the time a draft retells (fresh23's bastu)
    if language_of(text) != "en":
        glossed = gloss_relative(text)
        if glossed is not None:
            out += [(a.value, a.relative) for a in durations(glossed.text)]
        # German, French, Spanish through the draft's own gloss: the author's "Ich bin in einer Stunde in einem
        # Meeting" states the hour a draft retells as "in einer Stunde" (blind19's Y2)
        if glossable(text):
            out += [(a.value, a.relative) for a in durations(gloss(text).text)]
    for m in _CODE_TIME.finditer(text):
        number, unit = (m.group("n"), m.group("u")) if m.group("n") else (m.group("n2"), m.group("u2"))
        out.append((float(number) * _UNIT_MINUTES[unit], False))
    return out


def _stated_time(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """A cited event that states the time itself: "an abandoned claim of 20 minutes" of Claude's list ("(20 דק׳)"),
    "a claim that expires after 15 minutes" of its plan, "an appointment in three days" of a test's
    `3.days.from_now`. The figure is retold from what the event says, not measured between two events; a time told
    as a gap ("later", "after") rests only on one the event tells as a gap too."""
    amount = claim.amount
    assert amount is not None
    if not scope.cited:
        return None
    for source in index.of(index.expand(scope.cited)):
        if any(
            relative == amount.relative and _bounds(amount, value) for value, relative in _times_stated(source.text)
        ):
            return source
    return None


# A moment a tool's output prints on a line of its own (a log's `2026-08-03T06:13:47.551Z`, dbt's `14:50:53`)
_PRINTED_CLOCK = re.compile(r"^(?:\d{4}-\d{2}-\d{2}[T ])?(\d{1,2}):(\d{2}):(\d{2}(?:\.\d+)?)", re.M)


def _printed_gaps(index: Sources, ids: set[str]) -> list[tuple[float, str, str]]:
    """The time between the moments a cited output prints, line after line and first to last: "almost four minutes
    later the timeout came" of a log a paragraph cites is told from its lines, not from when the session ran it."""
    out: list[tuple[float, str, str]] = []
    for source in index.of(ids):
        if source.speaker != TOOL:
            continue
        for moments in (
            [int(h) * 60 + int(m) + float(s) / 60 for h, m, s in _PRINTED_CLOCK.findall(source.text)],
            _printed_dates(source.text),
        ):
            pairs = list(itertools.pairwise(moments))
            if len(moments) > 2:
                pairs.append((moments[0], moments[-1]))
            out += [(b - a, source.id, source.id) for a, b in pairs if b > a]
    return out


# A date an output prints, with its time if it has one: `14/09/2025 15:07:55`, `2025-09-21 10:44`, `21.09.2025`
_PRINTED_DATE = re.compile(
    r"(?<![\d/.-])(?:(?P<d1>\d{1,2})(?P<sep>[/.])(?P<m1>\d{1,2})(?P=sep)(?P<y1>\d{4})|(?P<y2>\d{4})-(?P<m2>\d{2})-(?P<d2>\d{2}))"
    r"(?:[T ](?P<h>\d{1,2}):(?P<mi>\d{2})(?::(?P<s>\d{2}))?)?(?![\d/])"
)


def _printed_dates(text: str) -> list[float]:
    """The moments (in minutes) of the dates an output prints, in order: "a week after it, on 21 September" of a
    listing whose files are dated 14/09/2025 and 21/09/2025 (blind38 AR1:132). Day first unless a date's second
    part cannot be a month's day-first reading."""
    found = list(_PRINTED_DATE.finditer(text))
    month_first = any(m["d1"] and int(m["m1"]) > 12 for m in found) and not any(
        m["d1"] and int(m["d1"]) > 12 for m in found
    )
    out: list[float] = []
    for m in found:
        if m["y2"]:
            year, month, day = int(m["y2"]), int(m["m2"]), int(m["d2"])
        else:
            first, second = int(m["d1"]), int(m["m1"])
            day, month = (second, first) if month_first else (first, second)
            year = int(m["y1"])
        try:
            ordinal = date(year, month, day).toordinal()
        except ValueError:
            continue
        minutes = int(m["h"] or 0) * 60 + int(m["mi"] or 0) + int(m["s"] or 0) / 60
        out.append(ordinal * 1440.0 + minutes)
    return out


# A paragraph that opens on its time: "Two minutes later", "About a minute later", "Cinco minutos después", "5分後、"
_OPENS_ON_IT = re.compile(
    r"^\W*(?:(?:about|around|some|roughly|nearly|almost|just|only|unos|unas|cerca\s+de|environ|etwa)\s+)?$", re.I
)


# "Claude agreed within half a minute": at most that long after what came before, as much as a length of its own
_WITHIN = re.compile(r"\bwithin\s+(?:about\s+|roughly\s+|just\s+)?$", re.I)


def _since_before(index: Sources, scope: Scope) -> list[tuple[float, str, str]]:
    """The time from each earlier event around the paragraph to the first it cites (what it tells happened
    "within half a minute")."""
    cited = sorted((index.clock[i], i) for i in scope.cited if i in index.clock)
    if not cited:
        return []
    at, first = cited[0]
    return [(at - index.clock[i], i, first) for i in sorted(scope.around) if i in index.clock and index.clock[i] < at]


# A calendar time a message names back from its own day: "last month", "a week ago", "yesterday", 先月, 上個月
_LAST = {
    1440.0: re.compile(r"\byesterday\b|\b(?:a|one)\s+day\s+ago\b|昨日|昨天|어제", re.I),
    10080.0: re.compile(r"\blast\s+week\b|\b(?:a|one)\s+week\s+ago\b|先週|上週|上周|上星期|지난\s?주", re.I),
    43200.0: re.compile(r"\blast\s+month\b|\b(?:a|one)\s+month\s+ago\b|先月|上個月|上个月|지난\s?달", re.I),
}


def _said_last(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """ "a model I had signed off on a month earlier" of my message's "I signed off on this model last month":
    one calendar unit back from a moment before the session, which no two events measure; a cited message
    that names it so bears it out."""
    amount = claim.amount
    assert amount is not None
    last = _LAST.get(amount.scale)
    if last is None or not amount.relative or amount.value != amount.scale or not scope.cited:
        return None
    return next((s for s in index.of(scope.cited) if s.speaker == AUTHOR and last.search(s.text)), None)


_SIGN_BEFORE = re.compile(r"(?<![\w.])([+\-−±])\s?$")
_SIGNED = re.compile(r"(?<![\w.])([+\-−±])\s?(\d+(?:[.,]\d+)?)(?![\d])")


def _signed_value(claim: Claim, index: Sources, scope: Scope) -> Source | None:
    """ "Krejčí měl odchylku +4 s" of a cited table's "+4" in its `odchylka_s` column: a signed amount is a
    value the work measures (a clock's offset, a drift), not a time the session took; an event near it that
    prints the same signed number bears it out (blind49 BC2:147)."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    sign = _SIGN_BEFORE.search(text[max(0, amount.start - 2) : amount.start])
    if sign is None or amount.relative or not scope.near:
        return None
    digits = re.match(r"\d+(?:[.,]\d+)?", text[amount.start : amount.end])
    if digits is None:
        return None
    wanted = (sign.group(1).replace("−", "-"), float(digits.group(0).replace(",", ".")))
    for source in index.of(scope.near):
        for m in _SIGNED.finditer(source.text):
            if (m.group(1).replace("−", "-"), float(m.group(2).replace(",", "."))) == wanted:
                return source
    return None


def check_time(claim: Claim, index: Sources, scope: Scope) -> Finding:
    amount = claim.amount
    assert amount is not None
    if amount.calendar:
        days = {round(amount.value / 1440)} | ({round(amount.high / 1440)} if amount.high else set())
        if days & index.days:
            return Finding(claim, TRACED, "stats", f"the calendar days it spans: {sorted(index.days)}", weak=True)
    if amount.next_day:
        return _next_day(claim, index, scope)
    if amount.weekday >= 0:
        return _weekday(claim, index, scope)
    if _between_clocks(claim):
        return found(claim, None, "a difference between clocks or dates, not a time taken", UNCHECKED, weak=True)
    if _between_times_given(claim):
        return Finding(claim, TRACED, None, "the time between the two clock times its sentence gives", weak=True)
    signed = _signed_value(claim, index, scope)
    if signed is not None:
        return found(claim, signed, cited=signed.id in scope.near)
    # "two minutes later" is the time between two events, never a length: only durations ("it took an
    # hour") are compared with the session's lengths (a chapter's, a subagent's run, the session's own).
    # An uncited paragraph (an opening, an ending, a heading) tells the whole story: "nine minutes later
    # Claude had written the program" is measured from the session's (or a chapter's) start to its end.
    whole = not scope.has_citation
    mine = _from_my_message(claim) and bool(scope.near)  # "two minutes after my go-ahead": a gap, never a length
    spans = [
        s
        for s in index.spans
        if (not (amount.relative or mine) or s.label in _BETWEEN or (whole and s.label in _WHOLE))
        # a turn's, a subagent's or a stated length counts near the paragraph; the session's anywhere
        and (s.source == "stats" or s.source not in index.clock or not scope.has_citation or s.source in scope.near)
    ]
    # What a cited run printed ("real 2m21.480s") is the evidence of the length told (2分21秒), before Claude's
    # words saying the same beside it
    printed = _printed(claim, index, scope, among=index.expand(scope.cited)) if scope.cited else None
    if printed is not None:
        return found(claim, printed, cited=True)
    for span in spans:
        if _bounds(amount, span.value):
            if span.source == "stats" or span.source not in index.by_event:
                return Finding(claim, TRACED, span.source, f"{span.label}: {_show(span.value, DURATION)}", weak=True)
            return found(claim, _first(index, span.source), cited=span.source in scope.near)
    setting = (
        _setting(claim, index, scope)
        or _printed(claim, index, scope)
        or _stated_gap(claim, index, scope)
        or _stated_time(claim, index, scope)
    )
    if setting is not None:
        return found(claim, setting, cited=setting.id in scope.near)
    said = _said_last(claim, index, scope)
    if said is not None:
        return found(claim, said, cited=True)
    gaps = _between(index, scope) if amount.relative else _lengths(index, scope, claim.block.kind == HEADING)
    if scope.cited:
        gaps += _printed_gaps(index, index.expand(scope.cited))
    text = claim.block.text
    if not amount.relative and scope.cited and _WITHIN.search(text[max(0, amount.start - 30) : amount.start]):
        gaps += _since_before(index, scope)
    if amount.relative and scope.around:
        # an event its other claims were found in counts only if its paragraph's own citation reaches it ("twelve
        # minutes after Claude's summary", citing the event after the summary)
        gaps = _anchored(claim, index, gaps, scope.around - (scope.told - scope.near))
    jitter = 0.0
    if amount.relative and scope.cited and _OPENS_ON_IT.match(text[: amount.start]):
        # "Two minutes later Claude made the commits": what the paragraph opens on is the time up to what it cites
        # (an event's clock is when it was written, to about a second: "two seconds later" for 2.8 s)
        ending = [g for g in gaps if g[2] in index.expand(scope.cited)]
        gaps, jitter = (ending, 1 / 60) if ending else (gaps, 0.0)
    if mine:
        gaps = gaps + _from_author(index, scope.near | scope.told)
        if _MY_FIRST.match(_after_amount(claim)):
            gaps += _from_first_author(index, scope.near | scope.told)
    if amount.from_start and (scope.around or scope.near):
        gaps += _from_start(index, set(scope.around or scope.near))
    for gap, a, b in gaps:
        if (
            _bounds(amount, gap)
            or abs(gap - amount.value) <= jitter
            or (amount.relative and _calendar_days_apart(amount, index, a, b))
            or (not amount.relative and _calendar_days_spanned(amount, index, a, b))
        ):
            if not b:
                return Finding(claim, TRACED, None, "the wait a command was given", weak=True)
            first = _first(index, b) or _first(index, a)
            return Finding(
                claim,
                TRACED,
                b,
                f"{_show(gap, DURATION)} "
                + (f"between {a} and {b}" if a != b else f"between two moments {a} prints")
                + (f": {first.text[:60]}" if first else ""),
                weak=True,
                measured=gap,
            )
    labels = {g: f"between {a} and {b}" if a != b else f"between two moments {a} prints" for g, a, b in gaps if a and b}
    labels |= {s.value: s.label for s in spans}
    candidates = [g for g, _, _ in gaps] + [s.value for s in spans]
    closest = min(candidates, key=lambda v: abs(v - amount.value), default=None)
    # Sure when every time near the paragraph (or, without a citation, in the session) is at least twice or
    # at most half what the draft says.
    local = [g for g, _, _ in gaps] if scope.has_citation else candidates
    nearest = min(local, key=lambda v: abs(v - amount.value), default=None)
    low, high = amount.value, amount.high or amount.value
    sure = (
        nearest is not None
        and not amount.approx.endswith(("above", "below"))
        and (nearest > 2 * high or nearest < low / 2)
    )
    where = "near this paragraph" if scope.around else "in the session"
    reason = f"no two events {where} are that far apart" if amount.relative else f"nothing {where} took that long"
    took = [g for g in gaps if g[1] and g[2] and set(scope.cited) >= {g[1], g[2]}]
    if took and not amount.relative:
        longest = max(took)
        reason += f" (what it cites, {longest[1]} to {longest[2]}, took {_show(longest[0], DURATION)})"
    elif closest is not None:
        label = labels.get(closest, "")
        reason += f" (closest: {_show(closest, DURATION)}" + (f", {label})" if label else ")")
    return found(
        claim,
        None,
        reason,
        UNTRACED,
        confidence=HIGH if sure else LOW,
        advice="give the time the events show, or cite the events it is measured between",
    )


def _next_day(claim: Claim, index: Sources, scope: Scope) -> Finding:
    """ "The next morning", 第二天: hours between two events near the paragraph (or a pause between sessions).
    Told loosely, so only reported (never blocking) when no gap near it comes close."""
    gaps = _between(index, scope) + (_session_gaps(index) if not scope.has_citation else [])
    pauses = [s for s in index.spans if s.label in _BETWEEN and (not scope.has_citation or s.source in scope.near)]
    if any(s.value >= NEXT_DAY_MINUTES for s in pauses):
        return Finding(claim, TRACED, "stats", "the pause before it", weak=True)
    longest = max(gaps, default=None)
    if longest is not None and longest[0] >= NEXT_DAY_MINUTES:
        return Finding(
            claim,
            TRACED,
            longest[2] or None,
            f"{_show(longest[0], DURATION)} between {longest[1]} and {longest[2]}",
            weak=True,
        )
    where = "near this paragraph" if scope.around else "in the session"
    reason = f"no two events {where} are hours apart"
    if longest is not None:
        reason += f" (the longest gap: {_show(longest[0], DURATION)}, between {longest[1]} and {longest[2]})"
    return found(
        claim,
        None,
        reason,
        UNTRACED,
        confidence=LOW,
        advice="give the time the events show, or cite the events it falls between",
    )


_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _names_date(index: Sources, date: datetime) -> str | None:
    """The first event whose text names this date (2026-03-21, date(2026, 3, 21), 21 March, March 21st)."""
    month = _MONTHS[date.month - 1]
    pattern = re.compile(
        rf"\b{date.year}-0?{date.month}-0?{date.day}\b|\b{date.year},\s*0?{date.month},\s*0?{date.day}\b"
        rf"|\b0?{date.day}(?:st|nd|rd|th)?\s+(?:of\s+)?{month}\b|\b{month}\s+0?{date.day}(?:st|nd|rd|th)?\b",
        re.I,
    )
    return next((s.id for s in index.sources if s.speaker != NOTE and pattern.search(s.text)), None)


def _named_weekday(weekday: int, index: Sources, scope: Scope) -> str | None:
    """The event near the paragraph whose text names this weekday ("Saturday + 14 = Saturday 2026-03-21" in a test's
    comment, "`e41c0d2` on Friday", the author's "since friday"): a day the work is about, not the day it ran. Near
    is the cited events and their neighbours, for a heading its section's (blind24 AD1:39, "## Friday's commit")."""
    ids = scope.near if scope.has_citation else scope.around
    if not ids:
        return None
    day = _DAYS[weekday]
    pattern = re.compile(rf"\b(?:(?i:{day})|{day[:3]})\b")
    return next((s.id for s in index.of(sorted(ids)) if s.speaker != NOTE and pattern.search(s.text)), None)


def _weekday(claim: Claim, index: Sources, scope: Scope) -> Finding:
    """ "On Tuesday morning", 周二上午: some event the paragraph cites falls on that day (and part of it) in some
    time zone (UTC-12 to UTC+14: the session keeps UTC, not where the author was). Reported, never blocking."""
    amount = claim.amount
    assert amount is not None
    dated = _dated_weekday(claim, index)
    if dated is not None:
        return dated
    named = _named_weekday(amount.weekday, index, scope)
    if named is not None:
        return Finding(claim, TRACED, named, f"the weekday {named} names", weak=True)
    ids = set(index.expand(scope.cited)) if scope.has_citation else set(index.clock)  # not the neighbours
    stamps = [index.clock[i] for i in ids if i in index.clock]
    if not stamps:
        return found(claim, None, "", UNCHECKED, weak=True)
    start, end = amount.hours
    for minutes in stamps:
        for offset in range(-12 * 60, 14 * 60 + 1, 30):
            local = minutes + offset
            # epoch day 0 (1 January 1970) was a Thursday
            day, hour = (int(local // 1440) + 3) % 7, (local % 1440) / 60
            if (day == amount.weekday and start <= hour < min(end, 24)) or (
                end > 24 and (day - 1) % 7 == amount.weekday and hour < end - 24
            ):
                return Finding(claim, TRACED, None, "a day the events near it fall on", weak=True)
    utc = sorted({_DAYS[(int(m // 1440) + 3) % 7] for m in stamps})
    return found(
        claim,
        None,
        f"the events it cites fall on {', '.join(utc)} (UTC): no time zone puts them on {_DAYS[amount.weekday]}"
        + ("" if amount.hours == (0, 24) else " at that time of day"),
        UNTRACED,
        confidence=LOW,
        advice="give the day the events show, or cite the events it tells",
    )


# A weekday given with its date (7 月 13 日周日, "Sunday 13 July", "13 July, a Sunday"): the date is the claim, not
# the events the paragraph cites (an opening spans the sessions: "from Sunday the 13th to Thursday the 17th").
_ZH_DATE = re.compile(r"(?:(?P<m>\d{1,2})\s*月\s*)?(?P<d>\d{1,2})\s*日\s*(?:[（(]\s*)?$")
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "may",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
]
_EN_DATE_AFTER = re.compile(r"^,?\s*(?:the\s+)?(?P<d>\d{1,2})(?:st|nd|rd|th)?(?:\s+(?:of\s+)?(?P<m>[A-Z][a-z]+))?")


def _dated_weekday(claim: Claim, index: Sources) -> Finding | None:
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    before, after = text[max(0, amount.start - 12) : amount.start], text[amount.end : amount.end + 20]
    day = month = None
    zh = _ZH_DATE.search(before)
    if zh:
        day, month = int(zh.group("d")), int(zh.group("m")) if zh.group("m") else None
        if month is None:  # 从 7 月 13 日周日到 17 日周四: the month told earlier in the sentence
            earlier = re.findall(r"(\d{1,2})\s*月", text[: amount.start])
            month = int(earlier[-1]) if earlier else None
    else:
        en = _EN_DATE_AFTER.match(after)
        if en and en.group("m") and en.group("m").lower() in _MONTHS:
            day, month = int(en.group("d")), _MONTHS.index(en.group("m").lower()) + 1
        elif en and re.match(r",?\s*the\s", after):  # "Saturday the 7th": the month told earlier in the paragraph
            earlier = re.findall(r"\b(" + "|".join(_MONTHS) + r")\b", text[: amount.start].lower())
            day, month = int(en.group("d")), _MONTHS.index(earlier[-1]) + 1 if earlier else None
    if day is None or month is None or not index.clock:
        return None
    years = {datetime.fromtimestamp(m * 60, timezone.utc).year for m in index.clock.values()}
    for year in sorted(years):
        try:
            date = datetime(year, month, day, tzinfo=timezone.utc)
        except ValueError:
            continue
        if date.weekday() != amount.weekday:
            continue
        start = date.timestamp() / 60
        if any(start - 14 * 60 <= m < start + 24 * 60 + 12 * 60 for m in index.clock.values()):
            return Finding(claim, TRACED, None, f"{date:%Y-%m-%d}, a day of the session", weak=True)
        named = _names_date(index, date)
        if named is not None:  # a date the work is about (a test's frozen clock, a deadline), not when it ran
            return Finding(claim, TRACED, named, f"{date:%Y-%m-%d}, a date {named} names", weak=True)
    return found(
        claim,
        None,
        f"{month}/{day} is no {_DAYS[amount.weekday]} on which the session ran",
        UNTRACED,
        confidence=LOW,
        advice="give the day and date the events show",
    )


def _sentence_of(claim: Claim) -> str:
    """The sentence of the claim's paragraph its figure is in."""
    amount = claim.amount
    assert amount is not None
    text = claim.block.text
    return next((text[a:b] for a, b in sentences(text) if a <= amount.start < b), text)
