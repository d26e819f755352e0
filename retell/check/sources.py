"""What a claim may be traced to: the cleared view's texts (each with its event id and who wrote it), the
commands that ran, the paths tools touched, when each event happened, the session's numbers, and the
author's own notes.

Only the cleared view is used: a fact from a chapter the author left out is not a fact this post may tell.
"""

from __future__ import annotations

import heapq
import itertools
import re
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import cached_property
from pathlib import Path
from typing import Any

from retell.check.amounts import DURATION, FAILED, TESTS, THING, Amount, amounts, singular
from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.language import language_of
from retell.check.relative_times import gloss_relative
from retell.check.text import Tokens, content_stems, idf, light_words, script_of, tokens
from retell.events import (
    ASSISTANT,
    BRIDGE,
    COMMAND,
    HUMAN,
    INTERRUPT,
    PLAN,
    PROMPT,
    RECAP,
    THINKING,
    TOOL_RUN,
    TURN_DURATION,
    Event,
    EventLog,
    walk,
)
from retell.events import (
    SUBAGENT as SUBAGENT_EVENT,
)
from retell.extract.project import project_name
from retell.extract.testlines import listed_tests
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import SHELL_TOOLS, TURNED_DOWN, failed_call, family, is_test_command, run_lines
from retell.triage.model import Triage
from retell.write.facts import session_facts, work_time

TOOL = "tool"
RAREST_WORDS = 8  # words of a query that pick its candidate sources
THOUGHT = "thinking"
NOTE = "note"
_FILE_FAMILIES = ("read", "edit", "write")
_SEARCHED_IN = re.compile(r" in (\S+)$")  # where a Grep searched (extract.tools: "`pattern` in path")
_ANSWER = re.compile(r'"([^"]+)"="([^"]*)"')
PATHISH = re.compile(r"(?:~|\.{1,2})?/?(?:[\w.@+-]+/)+[\w.@+*-]*|[\w.-]+\.\w{1,6}\b")
_TEST_NUMBERS = re.compile(
    # a runner that counts each test as it goes ("1 of 1 FAIL 283719 unique_fct_orders_order_id", "9 of 10 PASS …",
    # dbt's): how many it ran is the count after "of"
    r"\b\d+ of (?P<total>\d+) (?:PASS|FAIL|WARN)\b"
    r"|(?P<n>\d+)\s+(?:(?P<failed>failed|failing|failures?|errors?)"
    # pytest's "48 deselected", "1 skipped", "2 xfailed": tests too, which the run counted and did not run
    r"|(?:passed|passing|pass(?:es)?|tests?|test cases?|skipped|deselected|xfailed|xpassed)\b)"
    r"|(?P<m>\d+)/(?P<of>\d+)\s*(?:tests?\s*)?(?:passed|passing|pass|全部通过|通过|通過|パス|成功)"
    r"|(?P<k>\d+)\s*(?:個|件|个)?(?:の)?(?:テスト|测试|測試)(?:が|は)?(?:全て|すべて|全部)?(?P<kf>失敗|失败)?",
    re.I,
)
# An older events.json keeps the author's reason for turning a call down as the call's error ("So if I do
# …/tokenizer/index.html that works – but…", "please add transformer.js too first"): words in the first person,
# not a tool's message.
_FIRST_PERSON = re.compile(r"\b(?:I|I'm|I've|we|my|me|let's|please)\b(?!/)")
_TOOL_REJECTION = re.compile(r"^The user (?:doesn't|does not) want", re.I)
_TOOL_ERROR = re.compile(r"\bexit code\b|\berror\b|traceback|not found|permission denied|^\s*\w+Error\b", re.I)


def is_refusal_reason(error: str) -> bool:
    """Whether a call's error is the author's reason for turning it down, not a tool's message."""
    return (
        len(error) < 600
        and bool(_FIRST_PERSON.search(error))
        and not _TOOL_REJECTION.match(error)
        and not _TOOL_ERROR.search(error)
    )


TESTS_RUN = "tests the run ran"  # a test run's parts added up (a Figure's label)
_ALL_PASS = re.compile(r"\ball\s+(?P<n>\d+)\s+(?:tests?\s+)?pass", re.I)


@dataclass(eq=False)
class Source:
    """One piece of text from the cleared view (or the author's notes), with who wrote it."""

    id: str  # event id ("e12", "e7.3"), or "title" / "story" / "note:<file>"
    speaker: str  # author | claude | subagent | tool | thinking | note
    text: str
    order: int = 0  # position of its event in the session (for "closest")
    retells: bool = False  # a summary or a brief that restates what others said (not a credit's source)

    @cached_property
    def toks(self) -> Tokens:
        return tokens(self.text)

    @cached_property
    def stems(self) -> frozenset[str]:
        return frozenset(content_stems(self.text))

    @cached_property
    def folded(self) -> str:
        """Lower case, backticks gone, whitespace collapsed: for finding code and paths."""
        return " ".join(self.text.replace("`", "").lower().split())


@dataclass
class Figure:
    """A number the session states or counts: for tracing a number in the post."""

    unit: str
    value: float
    source: str  # event id or "stats"
    label: str
    high: float | None = None  # a range the session states ("500-800 words")


@dataclass
class Sources:
    sources: list[Source]
    by_event: dict[str, list[Source]]
    runs: list[tuple[str, str]]  # (event id, command that ran)
    touched: list[tuple[str, str, str]]  # (event id, path a tool read, edited or wrote, or a command named, how)
    figures: list[Figure]
    event_calls: dict[str, list[Any]]  # event id -> its tool calls (for counting what a paragraph cites)
    event_kinds: dict[str, str]
    durations_ms: dict[str, int]  # turn-duration events
    order: dict[str, int]
    programs: frozenset[str]
    clock: dict[str, float] = field(default_factory=dict)  # event id -> when it happened (epoch minutes)
    spans: list[Figure] = field(default_factory=list)  # lengths of time the session states or its clock shows
    days: set[int] = field(default_factory=set)  # calendar days the session (and each chapter) spans
    siblings: dict[str, tuple[str | None, str | None]] = field(default_factory=dict)  # id -> (before, after)
    hidden: dict[str, str] = field(default_factory=dict)  # ids the view leaves out -> why
    subagent_errors: dict[str, str] = field(default_factory=dict)  # subagent event id -> its error
    agent_names: dict[str, str] = field(default_factory=dict)  # subagent event id -> the name its brief gives it
    _scripts: dict[frozenset[str], set[str]] = field(default_factory=dict, repr=False)

    @cached_property
    def touched_by_name(self) -> dict[str, list[tuple[str, str, str]]]:
        """The paths tools touched, by their last part ("fetch.py" -> its touches), to find a path's fast."""
        out: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for touch in self.touched:
            name = re.sub(r":\d+(?:-\d+)?$", "", touch[1].strip().strip("\"'`")).replace("\\", "/")
            name = name.rstrip("/").rsplit("/", 1)[-1]
            out[name].append(touch)
            if "*" in name:
                out["*"].append(touch)
        return dict(out)

    def of(self, ids: list[str] | set[str]) -> list[Source]:
        """The sources of these events and of everything nested in them (a subagent's own events)."""
        out: list[Source] = []
        seen: set[str] = set()
        for event_id in self.in_order(ids):
            for key in self.family.get(event_id, [event_id]):
                if key not in seen:
                    seen.add(key)
                    out.extend(self.by_event.get(key, []))
        return out

    def in_order(self, ids: list[str] | set[str]) -> list[str]:
        """The ids in the session's order (a set's own order changes from run to run; a report must not)."""
        return sorted(ids, key=lambda i: (self.order.get(i, len(self.order)), i))

    def expand(self, ids: list[str] | set[str]) -> set[str]:
        """These ids and every id nested in them."""
        return {key for event_id in ids for key in self.family.get(event_id, [event_id])}

    @cached_property
    def family(self) -> dict[str, list[str]]:
        """Each event id with the ids nested in it ("e7" -> e7, e7.1, e7.2, …)."""
        out: dict[str, list[str]] = defaultdict(list)
        for key in self.event_kinds:
            parts = key.split(".")
            for n in range(1, len(parts) + 1):
                out[".".join(parts[:n])].append(key)
        for key in self.by_event:
            if key not in self.event_kinds:
                out[key].append(key)
        return dict(out)

    def known(self, event_id: str) -> bool:
        return event_id in self.by_event or event_id in self.event_kinds

    @cached_property
    def postings(self) -> dict[str, list[int]]:
        """word -> the sources that use it. Words as `text.words` finds them after a light normalising (case,
        width, apostrophes): enough to find a quote's candidates by its rarest words, which `quotes.judge`
        then compares in full."""
        postings: dict[str, list[int]] = defaultdict(list)
        for index, source in enumerate(self.sources):
            for word in set(light_words(source.text)):
                postings[word].append(index)
        return dict(postings)

    def candidates(self, query: list[str], allowed: set[str] | None, limit: int = 8) -> list[Source]:
        """Sources (of the allowed speakers) sharing the most rare words with `query`, best first."""
        postings = self.postings
        sources = self.sources
        total = len(sources)
        scores: dict[int, float] = defaultdict(float)
        # The rarest words find a quote's source; common ones only cost time (and a word in most texts tells
        # nothing).
        known = sorted((len(postings[w]), w) for w in set(query) if w in postings)
        for count, word in known[:RAREST_WORDS]:
            if count > total * 0.6 and total > 20:
                continue
            weight = idf(count, total)
            for index in postings[word]:
                if allowed is None or sources[index].speaker in allowed:
                    scores[index] += weight
        best = heapq.nsmallest(limit, scores, key=lambda i: (-scores[i], i))
        return [self.sources[i] for i in best]

    @cached_property
    def figures_by_unit(self) -> dict[str, list[Figure]]:
        out: dict[str, list[Figure]] = defaultdict(list)
        for figure in self.figures:
            out[figure.unit].append(figure)
        return dict(out)

    @cached_property
    def document_frequency(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for source in self.sources:
            for stem in source.stems:
                counts[stem] += 1
        return dict(counts)

    def scripts_of(self, speakers: set[str]) -> set[str]:
        """The scripts these speakers write in (a message of a few words says nothing of it)."""
        key = frozenset(speakers)
        if key not in self._scripts:
            self._scripts[key] = {
                script_of(s.text)
                for s in self.sources
                if s.speaker in speakers and not s.retells and len(s.text) >= 12 and script_of(s.text)
            }
        return self._scripts[key]

    def speakers(self, ids: set[str]) -> set[str]:
        """Who speaks in these events (author, claude, subagent, tool…)."""
        return {s.speaker for s in self.of(ids) if not s.retells}


def build_sources(view: EventLog, manifest: dict[str, Any], triage: Triage, log: EventLog | None = None) -> Sources:
    """The index of what the author cleared (`view`); `log`, the whole session, only says which cited ids
    the view leaves out and why."""
    sources: list[Source] = []
    runs: list[tuple[str, str]] = []
    touched: list[tuple[str, str, str]] = []
    figures: list[Figure] = []
    spans: list[Figure] = []
    event_calls: dict[str, list[Any]] = {}
    event_kinds: dict[str, str] = {}
    durations: dict[str, int] = {}
    order: dict[str, int] = {}
    clock: dict[str, float] = {}
    programs: set[str] = set()
    subagent_errors: dict[str, str] = {}
    agent_names: dict[str, str] = {}

    def add(event_id: str, speaker: str, text: str | None, retells: bool = False) -> None:
        if text and text.strip():
            sources.append(Source(event_id, speaker, text, order.get(event_id.split(".")[0], 0), retells))

    def visit(event: Event, inside: bool) -> None:
        event_kinds[event.id] = event.kind
        order.setdefault(event.id, len(order))
        if event.ts and (ms := to_epoch_ms(event.ts)) is not None:
            clock[event.id] = ms / 60000
        kind = event.kind
        voice = SUBAGENT if inside else CLAUDE
        if kind == HUMAN:
            add(event.id, AUTHOR, event.text)
        elif kind == PROMPT:
            add(event.id, CLAUDE, event.text, retells=True)  # the parent agent's further instructions
        elif kind == COMMAND:
            add(event.id, AUTHOR, f"{event.name or ''} {event.args or ''}".strip())
            if event.calls:  # the author's own `!` command as a call: the run, what it printed, its outcome
                event_calls[event.id] = list(event.calls)
                for call in event.calls:
                    _visit_call(event.id, call, voice, add, runs, touched, programs)
            elif event.name and event.name.startswith("!"):
                runs.append((event.id, (event.name[1:] + " " + (event.args or "")).strip()))
        elif kind == INTERRUPT:
            add(event.id, AUTHOR, event.text)
        elif kind in (ASSISTANT, PLAN):
            add(event.id, voice, event.text)
        elif kind == THINKING:
            add(event.id, THOUGHT, event.text)
        elif kind in (BRIDGE, RECAP):
            add(event.id, CLAUDE, event.text, retells=True)  # Claude Code wrote these summaries
        elif kind == TURN_DURATION and event.duration_ms:
            durations[event.id] = event.duration_ms
            spans.append(Figure(DURATION, event.duration_ms / 60000, event.id, "a turn's duration"))
        elif kind == TOOL_RUN:
            add(event.id, TOOL, event.summary)
            event_calls[event.id] = list(event.calls or [])
            for call in event.calls or ():
                _visit_call(event.id, call, voice, add, runs, touched, programs)
        elif kind == SUBAGENT_EVENT and event.subagent is not None:
            agent = event.subagent
            add(event.id, CLAUDE, agent.description, retells=True)
            # (its kind, "an Explore subagent": a name the spawn gives, shown as the material shows it)
            add(event.id, TOOL, f"a {agent.agent_type} subagent" if agent.agent_type else None)
            add(event.id, CLAUDE, agent.prompt, retells=True)
            add(event.id, SUBAGENT, agent.result)
            add(event.id, TOOL, agent.error)
            if agent.error:
                subagent_errors[event.id] = agent.error
            named = _AGENT_NAME.search(agent.prompt or "")
            if named and (named.group(1) or named.group(2)).lower() != "claude":
                agent_names[event.id] = (named.group(1) or named.group(2)).lower()
            if agent.duration_ms:
                spans.append(Figure(DURATION, agent.duration_ms / 60000, event.id, "the subagent's run"))
            if agent.total_tokens:
                figures.append(Figure("tokens", agent.total_tokens, event.id, "the subagent's tokens"))
            if agent.tool_uses:
                figures.append(Figure("calls", agent.tool_uses, event.id, "the subagent's tool uses"))
            for nested in agent.events:
                visit(nested, True)

    for event in view.events:
        visit(event, False)
    for source in sources:
        figures.extend(figures_in(source))
    figures.extend(_stats(view, manifest))
    session = view.session
    if session.title:
        sources.append(Source("title", NOTE, session.title))
    # the project's name, from the folder each session ran in: the post may name it ("a session on Prenotaparete")
    # where no tool path does (every path relative to that folder)
    folders = [session.cwd, *(entry.cwd for entry in view.sessions)]
    for project in sorted({name for cwd in folders if (name := project_name(cwd))}):
        sources.append(Source("stats", TOOL, project))
    for name, text in _author_texts(triage):
        sources.append(Source(name, NOTE, text))
        figures.extend(figures_in(sources[-1]))
    for value in (manifest.get("session") or {}).get("versions") or []:
        sources.append(Source("stats", TOOL, f"Claude Code {value}"))
    for value in (manifest.get("session") or {}).get("models") or []:
        sources.append(Source("stats", TOOL, str(value)))
    by_event: dict[str, list[Source]] = defaultdict(list)
    for source in sources:
        by_event[source.id].append(source)
    spans.extend(_time_spans(view, manifest))
    for figure in [f for f in figures if f.unit == DURATION]:
        spans.append(figure)
    figures = [f for f in figures if f.unit != DURATION]
    index = Sources(
        sources,
        dict(by_event),
        runs,
        touched,
        figures,
        event_calls,
        event_kinds,
        durations,
        order,
        frozenset(programs),
        clock,
        spans,
        _days(view, manifest),
        _siblings(view.events),
        _hidden(log, event_kinds, triage) if log is not None else {},
        subagent_errors,
        agent_names,
    )
    return index


# The name a brief gives a subagent: "You are **alice**, a teammate…", "You are bob (round 2)".
# A name in bold, or capitalised (never "You are Claude", "You are An…", "You are helping…").
_AGENT_NAME = re.compile(r"\bYou are (?:\*\*([A-Za-z][a-z]+)\*\*|(?!Claude\b|An?\b|The\b)([A-Z][a-z]+)(?=[\s,.(]))")


def _visit_call(event_id: str, call: Any, voice: str, add: Any, runs: list, touched: list, programs: set[str]) -> None:
    fam = family(call.name)
    if call.name == "AskUserQuestion":
        for question, answer in _ANSWER.findall(call.outcome or ""):
            add(event_id, CLAUDE, question)
            add(event_id, AUTHOR, answer)
        add(event_id, CLAUDE, call.target)
        add(event_id, TOOL, call.error)  # "No such tool available": a question tool a session did not have
        return
    add(event_id, TOOL, call.name)  # "a MultiEdit", "its first Edit": the tool is a fact of the session
    add(event_id, TOOL, call.target)
    add(event_id, TOOL, call.error)
    if call.error and is_refusal_reason(call.error):
        add(event_id, AUTHOR, call.error)  # "please add transformer.js too first": the author's own words
    add(event_id, TOOL, call.outcome)
    for extra in ("command", "output", "diff"):  # kept by newer parses: its whole script, what it printed or changed
        add(event_id, TOOL, getattr(call, extra, None))
    # the line an edit is within (`export const useCartStore = defineStore('cart', {`), read from the file as the
    # session held it: the session shows it (a prompt does too), so code a post quotes from it is named
    add(event_id, TOOL, getattr(call, "place", None))
    listed = listed_tests(call.target, getattr(call, "output", None))
    if listed.total and not call.outcome:  # a run kept as its per-test lines only: what they count
        add(event_id, TOOL, f"{listed.passed} passed, {listed.failed} failed")
    if not call.target:
        return
    if fam == "bash" and call.name in SHELL_TOOLS:
        runs.append((event_id, call.target))
        whole = getattr(call, "command", None)
        if whole and " ".join(whole.split()) != " ".join(call.target.split()):
            runs.append((event_id, whole))  # a target cut short ("python3 - <<'EOF' …") hides the `wc -l` after it
        for match in PATHISH.finditer(call.target):
            touched.append((event_id, match.group(0), "bash"))
        for part in re.split(r"&&|\|\||;|\|", call.target):
            first = part.strip().split(" ", 1)[0]
            if first and re.fullmatch(r"[\w./-]+", first):
                programs.add(first.rsplit("/", 1)[-1])
    elif fam in _FILE_FAMILIES or call.name in ("LS", "Glob", "NotebookRead"):
        how = "read" if fam == "read" or call.name in ("LS", "Glob", "NotebookRead") else "edit"
        touched.append((event_id, call.target, how))
    elif call.name == "Grep" and (where := _SEARCHED_IN.search(call.target)):
        # a search in one file or folder read it (`" in clients.csv`: the post's "the search in clients.csv found…";
        # fresh45's plow route, stop 63, was told no cited event touched it)
        touched.append((event_id, where.group(1), "read"))


# Languages a message's counts are read in through the gloss of relative times (its units glossed too), as the draft's
# own are (stop 63: Claude's "über 400 Zeilen" stated no "400 Zeilen" of a German draft, read as 400 lines, while the
# source's stayed 400 "zeilen"), and a digit before a word, the cheap test before it
_GLOSSED = frozenset({"cyrillic", "pl", "cs", "sk", "de", "nl", "it", "pt", "es", "fr", "sv", "tr", "ar"})
_COUNTED_WORD = re.compile(r"\d[\d\u00a0\u202f ]*\s[^\W\d_]")
NOT_RUN = "tests not run"  # a figure's label: "48 deselected", "1 skipped", which no result ("48 passed") is


def figures_in(source: Source) -> list[Figure]:
    """Numbers a text states with a unit: "16 passed", "took 3 minutes", "5 files, +70 / -12", "500-800 words"."""
    out = []
    text = source.text
    if len(text) > 200_000:
        text = text[:200_000]
    summary: list[int] = []  # "5 failed, 1 passed, 2 skipped": the run's parts, whose sum is the tests it ran
    for match in _TEST_NUMBERS.finditer(text):
        if match.group("n"):
            unit = FAILED if match.group("failed") else TESTS
            unrun = re.match(r"\d+\s+(?:skipped|deselected|xfailed|xpassed)\b", match.group(0), re.I)
            out.append(Figure(unit, int(match.group("n")), source.id, NOT_RUN if unrun else "test run"))
            if re.match(r"\d+\s+(?:passed|failed|errors?)\b", match.group(0), re.I):
                summary.append(int(match.group("n")))
        elif match.group("m"):
            out.append(Figure(TESTS, int(match.group("m")), source.id, "test run"))
            out.append(Figure(TESTS, int(match.group("of")), source.id, "test run"))
        elif match.group("total"):
            out.append(Figure(TESTS, int(match.group("total")), source.id, "test run"))
        elif match.group("k"):
            out.append(Figure(FAILED if match.group("kf") else TESTS, int(match.group("k")), source.id, "test run"))
    for match in _ALL_PASS.finditer(text):
        out.append(Figure(TESTS, int(match.group("n")), source.id, "test run"))
    skipped = [int(n) for n in re.findall(r"\b(\d+)\s+skipped\b", text[:2000])]
    if len(summary) > 1 or (summary and skipped):
        # "6 个测试里 5 个失败", "of the six tests, five failed": how many the run ran, never what passed
        out.append(Figure(TESTS, sum(summary) + sum(skipped[:1]), source.id, TESTS_RUN))
    out.extend(_table_figures(text, source.id))
    found = amounts(text)
    if source.speaker != TOOL and _COUNTED_WORD.search(text) and language_of(text) in _GLOSSED:
        # a message in Russian, Ukrainian, Polish…: "20 037 строк не разбираются" states the lines a draft retells
        # (fresh23's logpipe), read in the gloss the draft's own figures are read in
        glossed = gloss_relative(text)
        if glossed is not None:  # its times are read as before; its counts in the gloss
            found = [a for a in found if a.unit == DURATION] + [a for a in amounts(glossed.text) if a.unit != DURATION]
    for amount in found:
        out.append(_figure(amount, source.id))
        if amount.unit == "diff":
            minus = re.search(r"[-−–]\s*(\d+)", amount.text)
            if minus:
                out.append(Figure("diff-", int(minus.group(1)), source.id, "stated"))
    return out


# A query's result printed as a table: a header row, a rule, rows of cells ("| refunds | orders_with_refunds |")
_TABLE = re.compile(
    r"^[ \t]*\|(?P<head>.+)\|[ \t]*\n[ \t]*\|[\s:|+-]*-[\s:|+-]*\|[ \t]*\n(?P<rows>(?:[ \t]*\|.*\|[ \t]*(?:\n|$))+)",
    re.M,
)
_COUNTED_AS = {"n", "num", "number", "count", "cnt", "total", "distinct", "unique"}


def _table_figures(text: str, source_id: str) -> list[Figure]:
    """Whole numbers under a column named for what they count: 412 under `refunds` is "412 refunds", 389 under
    `orders_with_refunds` "389 orders" (the column's first word, or the word after `n_`/`count_`)."""
    out: list[Figure] = []
    if "|" not in text or "-" not in text:
        return out
    for table in _TABLE.finditer(text):
        nouns = []
        for head in table.group("head").split("|"):
            words = [w for w in re.split(r"[_\s.]+", head.strip().lower()) if w]
            while words and words[0] in _COUNTED_AS:
                words = words[1:]
            noun = words[0] if words and re.fullmatch(r"[a-z]{3,}", words[0]) else ""
            nouns.append(THING + singular(noun) if noun else "")
        for row in table.group("rows").splitlines()[:50]:
            for unit, cell in zip(nouns, row.strip().strip("|").split("|"), strict=False):
                if unit and re.fullmatch(r"\d{1,9}", cell.strip()):
                    out.append(Figure(unit, int(cell.strip()), source_id, "table"))
    return out


def _figure(amount: Amount, source_id: str) -> Figure:
    return Figure(amount.unit, amount.value, source_id, "stated", amount.high)


def _stats(view: EventLog, manifest: dict[str, Any]) -> list[Figure]:
    facts = session_facts(manifest)
    out = [
        Figure("messages", facts["human_turns"], "stats", "messages from the author"),
        Figure("calls", facts["tool_calls"], "stats", "tool calls"),
        Figure(FAILED, facts["tool_errors"], "stats", "failed tool calls"),
        Figure("errors", facts["tool_errors"], "stats", "failed tool calls"),
        Figure("files", facts["files_changed"], "stats", "files Claude edited or wrote"),
        Figure("subagents", facts["subagents"], "stats", "subagents"),
        Figure("compactions", facts["compactions"], "stats", "context compactions"),
        Figure("tokens", facts["tokens"], "stats", "tokens"),
        Figure("tokens", facts["output_tokens"], "stats", "output tokens"),
        Figure("chapters", len(manifest.get("chapters") or []), "stats", "chapters"),
        Figure("chapters", len(view.chapters), "stats", "chapters told"),
        Figure("images", (manifest.get("counts") or {}).get("images", 0), "stats", "images"),
        Figure("sessions", facts.get("sessions", 1), "stats", "sessions"),
    ]
    if facts["cost_usd"] is not None:
        out.append(Figure("money", facts["cost_usd"], "stats", "cost at API prices"))
    # What the cleared view itself holds (fewer than the whole session when chapters are left out).
    top = [e for e in view.events if not e.sidechain]
    calls = [c for e in top if e.kind == TOOL_RUN for c in e.calls or ()]
    out += [
        Figure("messages", sum(1 for e in top if e.kind == HUMAN), "stats", "messages told"),
        Figure("calls", len(calls), "stats", "tool calls told"),
        Figure(FAILED, sum(1 for c in calls if failed_call(c)), "stats", "failed tool calls told"),
        Figure("subagents", sum(1 for e in top if e.kind == SUBAGENT_EVENT), "stats", "subagents told"),
    ]
    for chapter in view.chapters:
        if chapter.pre_tokens:
            out.append(Figure("tokens", chapter.pre_tokens, chapter.id, "context before compaction"))
    # Each chapter's own counts ("in the first sitting I sent ten messages and Claude made 81 tool calls").
    if len(view.chapters) > 1:
        for chapter in view.chapters:
            events = [e for e in top if e.chapter == chapter.id]
            own = [c for e in events if e.kind == TOOL_RUN for c in e.calls or ()]
            out += [
                Figure("messages", sum(1 for e in events if e.kind == HUMAN), "stats", f"messages in {chapter.id}"),
                Figure("calls", len(own), "stats", f"tool calls in {chapter.id}"),
                Figure(FAILED, sum(1 for c in own if failed_call(c)), "stats", f"failed tool calls in {chapter.id}"),
            ]
    return out


def _minutes(ts: str | None) -> float | None:
    ms = to_epoch_ms(ts) if ts else None
    return None if ms is None else ms / 60000


def _time_spans(view: EventLog, manifest: dict[str, Any]) -> list[Figure]:
    """The session's lengths of time: its length and active time, each chapter's, the pause before each
    chapter, and the time between sessions told as one story."""
    out = []
    session = manifest.get("session") or {}
    for key, label in (("duration_ms", "the session's length"), ("active_ms", "active time")):
        if session.get(key):
            out.append(Figure(DURATION, session[key] / 60000, "stats", label))
    # the active time the prompts and the post's table give: counted from the events' times, and its parts
    work = work_time(view.events)
    if work is not None:
        for ms, label in ((work.active_ms, "active time"), (work.claude_ms, "Claude's working time")):
            if ms:
                out.append(Figure(DURATION, ms / 60000, "stats", label))
    chapters = [(c, _minutes(c.start), _minutes(c.end)) for c in view.chapters]
    for chapter, start, end in chapters:
        if start is not None and end is not None:
            out.append(Figure(DURATION, end - start, chapter.id, "the chapter's length"))
    for (_, _, end), (chapter, start, _) in itertools.pairwise(chapters):
        if end is not None and start is not None and start > end:
            out.append(Figure(DURATION, start - end, chapter.id, "the pause before this chapter"))
    parts = [part.get("session") or {} for part in manifest.get("sessions") or []]
    for before, after in itertools.pairwise(parts):
        end, start = _minutes(before.get("end")), _minutes(after.get("start"))
        if end is not None and start is not None and start > end:
            out.append(Figure(DURATION, start - end, "stats", "the time between two sessions"))
    for part in parts:
        start, end = _minutes(part.get("start")), _minutes(part.get("end"))
        if start is not None and end is not None:
            out.append(Figure(DURATION, end - start, "stats", "a session's length"))
    return out


def _day(minutes: float) -> int:
    return datetime.fromtimestamp(minutes * 60, tz=timezone.utc).toordinal()


def _days(view: EventLog, manifest: dict[str, Any]) -> set[int]:
    """How many calendar days (UTC) the session spans, each chapter spans, and each told session spans, as
    the facts line says it ("spread over 2 days")."""
    out = {session_facts(manifest).get("days", 1)}
    for chapter in view.chapters:
        start, end = _minutes(chapter.start), _minutes(chapter.end)
        if start is not None and end is not None:
            out.add(_day(end) - _day(start) + 1)
    stamps = [m for e in walk(view.events) if e.ts and (m := _minutes(e.ts)) is not None]
    if stamps:
        out.add(_day(max(stamps)) - _day(min(stamps)) + 1)
    return out


def _siblings(events: list[Event]) -> dict[str, tuple[str | None, str | None]]:
    """Each event's neighbours: the events right before and after it at its own level (a subagent's events
    among themselves)."""
    out: dict[str, tuple[str | None, str | None]] = {}

    def level(items: list[Event]) -> None:
        ids = [e.id for e in items]
        for n, event in enumerate(items):
            out[event.id] = (ids[n - 1] if n else None, ids[n + 1] if n + 1 < len(ids) else None)
            if event.subagent is not None and event.subagent.events:
                level(event.subagent.events)

    level(events)
    return out


def _hidden(log: EventLog, shown: dict[str, str], triage: Triage) -> dict[str, str]:
    """The session's ids the view leaves out, and why: Claude's thinking (use_thinking: false), or a chapter
    the author left out."""
    out = {}
    for event in walk(log.events):
        if event.id in shown:
            continue
        out[event.id] = "thinking" if event.kind == THINKING else "left out"
    return out


def _author_texts(triage: Triage) -> list[tuple[str, str]]:
    """The author's own words given in triage: the story fields and the notes (their knowledge)."""
    story = triage.story
    out = [("story", t) for t in (story.backstory, story.intent, story.corrections, story.scope) if t]
    out += [("title", t) for t in (triage.post.title, triage.post.description) if t]
    out += [("caption", c.caption) for c in triage.images.values() if c.include and c.caption]
    for chapter in triage.chapters:
        if chapter.include and chapter.title:
            out.append(("title", chapter.title))
    for path in story.notes:
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")[:200_000]
        except OSError:
            continue  # the draft stage says so; the check traces to what it can read
        out.append((f"note:{Path(path).name}", text))
    for link in story.links:
        out.append(("story", " ".join(str(v) for v in link.values())))
    return out


def derived_counts(index: Sources, ids: list[str] | set[str], unit: str, changed: bool = False) -> set[int]:
    """The counts of `unit` a paragraph citing `ids` can state about them: "it ran three commands" (its bash
    calls), "two of them failed", "read four files", "changed two files" (the files edited or written), "I
    sent two messages", "three subagents"."""
    found = _counts(index, index.expand(ids), unit, changed)
    # And what lies between the first and the last event it cites: "between those two messages, 14 tool calls".
    top = [i for i in ids if "." not in i and i in index.order]
    if len(top) > 1:
        first, last = min(index.order[i] for i in top), max(index.order[i] for i in top)
        span = {i for i, n in index.order.items() if first <= n <= last}
        found |= _counts(index, span, unit, changed)
    return found


_ERROR_LINE = re.compile(r"^\S+:\d+(?::\d+)?:\s*(?:fatal )?error\b", re.M)


def _counts(index: Sources, expanded: set[str], unit: str, changed: bool) -> set[int]:
    ids = {i for i in expanded if "." not in i}
    calls = [c for event_id in index.in_order(expanded) for c in index.event_calls.get(event_id, [])]
    work = [c for c in calls if c.name != "AskUserQuestion"]  # a question to the author is not work
    families: dict[str, list[Any]] = defaultdict(list)
    for call in work:
        families[family(call.name)].append(call)
    files = {"read", "edit", "write"}
    if unit == "calls":
        ok = [c for c in work if not c.error]
        on_files = [c for c in work if family(c.name) in files]  # "a read and an edit: two tool calls"
        refused = sum(1 for c in work if c.error == TURNED_DOWN)  # "I turned down two of its calls"
        return {len(calls), len(work), len(ok), len(on_files), refused, *(len(group) for group in families.values())}
    if unit in ("failed", "errors"):
        # a call the author turned down or stopped is no failure (`failed_call`), though it holds an error
        tallies = {sum(1 for c in work if c.error), sum(1 for c in calls if c.error), sum(map(failed_call, work))}
        if unit == "errors":
            # "the first build stopped on three errors": the compiler's "file:line:col: error:" lines a cited run
            # printed (tomatillo, stop 52), each run's own
            tallies |= {len(_ERROR_LINE.findall(c.output or "")) for c in work} - {0}
        return tallies
    if unit == "files":
        kinds = {"edit", "write"} if changed else files
        return {
            len({c.target for c in work if c.target and family(c.name) in kinds}),
            *(len({c.target for c in families.get(k, []) if c.target}) for k in kinds),
        }
    if unit == "commands":
        bash = families.get("bash", [])
        tests = [c for c in bash if is_test_command(run_lines(c))]
        ran = [c for c in bash if c.error != TURNED_DOWN]  # a command turned down never ran
        others = [c for c in ran if not is_test_command(run_lines(c))]
        return {len(bash), len(tests), len(bash) - len(tests), len(ran), len(others)}
    if unit in ("edits", "searches"):
        done = families.get("edit" if unit == "edits" else "search", [])
        # "three edits turned down", "the one edit that went through": the refused (or failed) and the rest
        refused = sum(1 for c in done if c.error)
        return {len(done), refused, len(done) - refused}
    if unit == "commits":
        # (every part of a command: a commit chained after a heredoc's end is one)
        commits = [c for c in families.get("bash", []) if re.search(r"\bgit\s+commit\b", run_lines(c))]
        # a summary listing the commits by their hashes ("1. `17015f9` - docs, 2. `1d28f1e` - …") counts them too
        hashes = {
            h
            for event_id in ids
            for source in index.by_event.get(event_id, [])
            for h in re.findall(r"(?<![\w/])`?\*{0,2}([0-9a-f]{7,12})\*{0,2}`?(?![\w/])", source.text)
            if re.search(r"[a-f]", h) and re.search(r"\d", h)
        }
        counts = {len(commits), sum(1 for c in commits if not c.error)}  # a commit turned down made none
        return counts | ({len(hashes)} if len(hashes) >= 2 else set())
    if unit == "subagents":  # "three subagents, two of which came back"
        agents = [i for i in ids if index.event_kinds.get(i) == SUBAGENT_EVENT]
        failed = [i for i in agents if i in index.subagent_errors]
        return {len(agents), len(agents) - len(failed), len(failed)}
    kind = {"messages": HUMAN, "images": "image"}.get(unit)
    if kind is not None:
        tallies = {sum(1 for i in ids if index.event_kinds.get(i) == kind)}
        if unit == "messages":
            # "it took two messages from me to turn it": the author's cited messages after the first thing Claude
            # did that the paragraph cites (wavelog, fresh23: e1, then Claude's edit e10, then e11 and e13)
            ordered = sorted((index.order[i], i) for i in ids if i in index.order)
            acted = next((at for at, i in ordered if index.event_kinds.get(i) not in (HUMAN, None)), None)
            if acted is not None:
                tallies.add(sum(1 for at, i in ordered if at > acted and index.event_kinds.get(i) == HUMAN))
        return tallies
    return set()


def derived_minutes(index: Sources, ids: list[str] | set[str]) -> float | None:
    total = sum(index.durations_ms.get(event_id, 0) for event_id in ids)
    return total / 60000 if total else None
