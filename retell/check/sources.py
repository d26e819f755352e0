"""What a claim may be traced to: the cleared view's texts (each with its event id and who wrote it), the
commands that ran, the paths tools touched, the session's numbers, and the author's own notes.

Only the cleared view is used: a fact from a chapter the author left out is not a fact this post may tell.
"""

from __future__ import annotations

import heapq
import re
from collections import defaultdict
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from retell.check.claims import AUTHOR, CLAUDE, SUBAGENT
from retell.check.text import Tokens, content_stems, idf, tokens
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
)
from retell.events import (
    SUBAGENT as SUBAGENT_EVENT,
)
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import family, is_test_command
from retell.triage.model import Triage
from retell.write.facts import session_facts

TOOL = "tool"
RAREST_WORDS = 8  # words of a query that pick its candidate sources
THOUGHT = "thinking"
NOTE = "note"
_FILE_FAMILIES = ("read", "edit", "write")
_ANSWER = re.compile(r'"([^"]+)"="([^"]*)"')
_PATHISH = re.compile(r"(?:~|\.{1,2})?/?(?:[\w.@+-]+/)+[\w.@+*-]*|[\w.-]+\.\w{1,6}\b")
_TEST_NUMBERS = re.compile(
    r"(?P<n>\d+)\s+(?:(?P<failed>failed|failing|failures?|errors?)"
    r"|(?:passed|passing|pass(?:es)?|tests?|test cases?)\b)",
    re.I,
)
_ALL_PASS = re.compile(r"\ball\s+(?P<n>\d+)\s+(?:tests?\s+)?pass", re.I)
_TEXT_DURATION = re.compile(
    r"(?P<n>\d+(?:\.\d+)?)\s*(?P<u>ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?)\b", re.I
)
_MINUTES = {"ms": 1 / 60000, "s": 1 / 60, "m": 1, "h": 60, "d": 1440}


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


@dataclass
class Sources:
    sources: list[Source]
    by_event: dict[str, list[Source]]
    runs: list[tuple[str, str]]  # (event id, command that ran)
    touched: list[tuple[str, str]]  # (event id, path a tool read, edited or wrote, or a command named)
    figures: list[Figure]
    event_calls: dict[str, list[Any]]  # event id -> its tool calls (for counting what a paragraph cites)
    event_kinds: dict[str, str]
    durations_ms: dict[str, int]  # turn-duration events
    order: dict[str, int]
    programs: frozenset[str]
    _postings: dict[frozenset[str], dict[str, list[int]]] = field(default_factory=dict, repr=False)

    def of(self, ids: list[str]) -> list[Source]:
        """The sources of these events and of everything nested in them (a subagent's own events)."""
        out: list[Source] = []
        for event_id in ids:
            for key in self.family.get(event_id, [event_id]):
                out.extend(self.by_event.get(key, []))
        return out

    @cached_property
    def family(self) -> dict[str, list[str]]:
        """Each event id with the ids nested in it ("e7" -> e7, e7.1, e7.2, …)."""
        out: dict[str, list[str]] = defaultdict(list)
        for key in self.by_event:
            parts = key.split(".")
            for n in range(1, len(parts) + 1):
                out[".".join(parts[:n])].append(key)
        return dict(out)

    def known(self, event_id: str) -> bool:
        return event_id in self.by_event or event_id in self.event_kinds

    def postings(self, allowed: frozenset[str] | None) -> dict[str, list[int]]:
        """word -> the sources (of the allowed speakers) that use it."""
        key = allowed or frozenset()
        if key not in self._postings:
            postings: dict[str, list[int]] = defaultdict(list)
            for index, source in enumerate(self.sources):
                if allowed is None or source.speaker in allowed:
                    for word in set(source.toks.words):
                        postings[word].append(index)
            self._postings[key] = dict(postings)
        return self._postings[key]

    def candidates(self, query: list[str], allowed: set[str] | None, limit: int = 8) -> list[Source]:
        """Sources (of the allowed speakers) sharing the most rare words with `query`, best first."""
        postings = self.postings(frozenset(allowed) if allowed is not None else None)
        total = len(self.sources)
        scores: dict[int, float] = defaultdict(float)
        # The rarest words find a quote's source; common ones only cost time (and a word in most texts tells
        # nothing).
        known = sorted((len(postings[w]), w) for w in set(query) if w in postings)
        for count, word in known[:RAREST_WORDS]:
            if count > total * 0.6 and total > 20:
                continue
            weight = idf(count, total)
            for index in postings[word]:
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


def build_sources(view: EventLog, manifest: dict[str, Any], triage: Triage) -> Sources:
    sources: list[Source] = []
    runs: list[tuple[str, str]] = []
    touched: list[tuple[str, str]] = []
    figures: list[Figure] = []
    event_calls: dict[str, list[Any]] = {}
    event_kinds: dict[str, str] = {}
    durations: dict[str, int] = {}
    order: dict[str, int] = {}
    programs: set[str] = set()

    def add(event_id: str, speaker: str, text: str | None, retells: bool = False) -> None:
        if text and text.strip():
            sources.append(Source(event_id, speaker, text, order.get(event_id.split(".")[0], 0), retells))

    def visit(event: Event, inside: bool) -> None:
        event_kinds[event.id] = event.kind
        order.setdefault(event.id, len(order))
        kind = event.kind
        voice = SUBAGENT if inside else CLAUDE
        if kind == HUMAN:
            add(event.id, AUTHOR, event.text)
        elif kind == PROMPT:
            add(event.id, CLAUDE, event.text, retells=True)  # the parent agent's further instructions
        elif kind == COMMAND:
            add(event.id, AUTHOR, f"{event.name or ''} {event.args or ''}".strip())
            if event.name and event.name.startswith("!"):
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
            figures.append(Figure("duration", event.duration_ms / 60000, event.id, "a turn's duration"))
        elif kind == TOOL_RUN:
            add(event.id, TOOL, event.summary)
            event_calls[event.id] = list(event.calls or [])
            for call in event.calls or ():
                _visit_call(event.id, call, add, runs, touched, programs)
        elif kind == SUBAGENT_EVENT and event.subagent is not None:
            agent = event.subagent
            add(event.id, CLAUDE, agent.description, retells=True)
            add(event.id, CLAUDE, agent.prompt, retells=True)
            add(event.id, SUBAGENT, agent.result)
            add(event.id, TOOL, agent.error)
            if agent.duration_ms:
                figures.append(Figure("duration", agent.duration_ms / 60000, event.id, "the subagent's run"))
            if agent.total_tokens:
                figures.append(Figure("tokens", agent.total_tokens, event.id, "the subagent's tokens"))
            if agent.tool_uses:
                figures.append(Figure("calls", agent.tool_uses, event.id, "the subagent's tool uses"))
            for nested in agent.events:
                visit(nested, True)

    for event in view.events:
        visit(event, False)
    for source in sources:
        figures.extend(_figures_in(source))
    figures.extend(_stats(view, manifest))
    session = view.session
    if session.title:
        sources.append(Source("title", NOTE, session.title))
    for name, text in _author_texts(triage):
        sources.append(Source(name, NOTE, text))
        figures.extend(_figures_in(sources[-1]))
    for value in (manifest.get("session") or {}).get("versions") or []:
        sources.append(Source("stats", TOOL, f"Claude Code {value}"))
    for value in (manifest.get("session") or {}).get("models") or []:
        sources.append(Source("stats", TOOL, str(value)))
    by_event: dict[str, list[Source]] = defaultdict(list)
    for source in sources:
        by_event[source.id].append(source)
    return Sources(
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
    )


def _visit_call(event_id: str, call: Any, add: Any, runs: list, touched: list, programs: set[str]) -> None:
    fam = family(call.name)
    if call.name == "AskUserQuestion":
        for question, answer in _ANSWER.findall(call.outcome or ""):
            add(event_id, CLAUDE, question)
            add(event_id, AUTHOR, answer)
        add(event_id, CLAUDE, call.target)
        return
    add(event_id, TOOL, call.target)
    add(event_id, TOOL, call.error)
    add(event_id, TOOL, call.outcome)
    if not call.target:
        return
    if fam == "bash" and call.name == "Bash":
        runs.append((event_id, call.target))
        for match in _PATHISH.finditer(call.target):
            touched.append((event_id, match.group(0)))
        for part in re.split(r"&&|\|\||;|\|", call.target):
            first = part.strip().split(" ", 1)[0]
            if first and re.fullmatch(r"[\w./-]+", first):
                programs.add(first.rsplit("/", 1)[-1])
    elif fam in _FILE_FAMILIES or call.name in ("LS", "Glob", "NotebookRead"):
        touched.append((event_id, call.target))


def _figures_in(source: Source) -> list[Figure]:
    """Numbers a text states with a unit: "16 passed", "took 3 minutes", "5 files, +70 / -12"."""
    from retell.check.claims import number_claims
    from retell.check.document import Block

    out = []
    text = source.text
    if len(text) > 200_000:
        text = text[:200_000]
    for match in _TEST_NUMBERS.finditer(text):
        out.append(Figure("failed" if match.group("failed") else "tests", int(match.group("n")), source.id, "test run"))
    for match in _ALL_PASS.finditer(text):
        out.append(Figure("tests", int(match.group("n")), source.id, "test run"))
    for match in _TEXT_DURATION.finditer(text):
        unit = match.group("u").lower()
        minutes = _MINUTES.get("ms" if unit.startswith("mil") or unit == "ms" else unit[0])
        if minutes is not None:
            out.append(Figure("duration", float(match.group("n")) * minutes, source.id, "stated"))
    block = Block("paragraph", 1, text.split("\n"))
    for claim in number_claims(text, block):
        out.append(Figure(claim.unit, claim.value, source.id, "stated"))
        if claim.unit == "diff":
            minus = re.search(r"[-−–]\s*(\d+)", claim.text)
            if minus:
                out.append(Figure("diff-", int(minus.group(1)), source.id, "stated"))
    return out


def _stats(view: EventLog, manifest: dict[str, Any]) -> list[Figure]:
    facts = session_facts(manifest)
    session = manifest.get("session") or {}
    out = [
        Figure("messages", facts["human_turns"], "stats", "messages from the author"),
        Figure("calls", facts["tool_calls"], "stats", "tool calls"),
        Figure("failed", facts["tool_errors"], "stats", "failed tool calls"),
        Figure("errors", facts["tool_errors"], "stats", "failed tool calls"),
        Figure("files", facts["files_changed"], "stats", "files changed"),
        Figure("subagents", facts["subagents"], "stats", "subagents"),
        Figure("compactions", facts["compactions"], "stats", "context compactions"),
        Figure("tokens", facts["tokens"], "stats", "tokens"),
        Figure("tokens", facts["output_tokens"], "stats", "output tokens"),
        Figure("chapters", len(manifest.get("chapters") or []), "stats", "chapters"),
        Figure("chapters", len(view.chapters), "stats", "chapters told"),
        Figure("images", (manifest.get("counts") or {}).get("images", 0), "stats", "images"),
    ]
    if facts["cost_usd"] is not None:
        out.append(Figure("money", facts["cost_usd"], "stats", "cost at API prices"))
    for key, label in (("duration_ms", "the session's length"), ("active_ms", "active time")):
        if session.get(key):
            out.append(Figure("duration", session[key] / 60000, "stats", label))
    # What the cleared view itself holds (fewer than the whole session when chapters are left out).
    top = [e for e in view.events if not e.sidechain]
    calls = [c for e in top if e.kind == TOOL_RUN for c in e.calls or ()]
    out += [
        Figure("messages", sum(1 for e in top if e.kind == HUMAN), "stats", "messages told"),
        Figure("calls", len(calls), "stats", "tool calls told"),
        Figure("failed", sum(1 for c in calls if c.error), "stats", "failed tool calls told"),
        Figure("subagents", sum(1 for e in top if e.kind == SUBAGENT_EVENT), "stats", "subagents told"),
    ]
    for chapter in view.chapters:
        if chapter.pre_tokens:
            out.append(Figure("tokens", chapter.pre_tokens, chapter.id, "context before compaction"))
    for before, chapter in zip(view.chapters, view.chapters[1:], strict=False):  # "Six hours later, I came back"
        a = to_epoch_ms(before.end) if chapter.reason == "idle" and before.end else None
        b = to_epoch_ms(chapter.start) if chapter.start else None
        if a is not None and b is not None and b > a:
            out.append(Figure("duration", (b - a) / 60000, chapter.id, "the pause before this chapter"))
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


def derived_counts(index: Sources, ids: list[str]) -> set[int]:
    """Every count a paragraph citing `ids` can state about them: calls in all and per kind of work, files
    per kind, failed calls, commands, events of each kind."""
    calls = [c for event_id in ids for c in index.event_calls.get(event_id, [])]
    work = [c for c in calls if c.name != "AskUserQuestion"]  # a question to the author is not work
    found: set[int] = {len(calls), len(work), sum(1 for c in calls if c.error), sum(1 for c in work if c.error)}
    families: dict[str, list[Any]] = defaultdict(list)
    for call in calls:
        families[family(call.name)].append(call)
    for fam, group in families.items():
        found.add(len(group))
        found.add(len({c.target for c in group if c.target}))
        if fam == "bash":
            tests = [c for c in group if is_test_command(c.target)]
            found.update({len(tests), len(group) - len(tests)})
    kinds: dict[str, int] = defaultdict(int)
    for event_id in ids:
        kinds[index.event_kinds.get(event_id, "")] += 1
        found.add(len(index.event_calls.get(event_id, [])))
    found.update(kinds.values())
    return found


def derived_minutes(index: Sources, ids: list[str]) -> float | None:
    total = sum(index.durations_ms.get(event_id, 0) for event_id in ids)
    return total / 60000 if total else None
