"""Which chapters a post of the asked length tells by default, when the session has more than it holds.

A long session (a day of UI debugging, thirty compactions) has far more chapters than a post of 1,800-2,500
words can tell: each told chapter needs at least a section of its own (about 400 words). The default triage
includes the chapters that carry the story, scored from what the transcript shows (the author's messages,
changes of course, outcomes, images, errors fixed), up to the number the length holds, and says of each
chapter it left out why; the author can include any of them back.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from retell.events import ASSISTANT, IMAGE, TOOL_RUN, Event, EventLog
from retell.extract.requests import author_words, is_author_message
from retell.extract.signals import DISCOVERY, PIVOT
from retell.extract.testruns import a_run_passed

# How many chapters a post of each length tells (a section of about 400 words each, with an opening and an
# ending). A session with no more chapters than this is told whole.
CHAPTERS_PER_LENGTH = {"short": 3, "medium": 6, "long": 10}


@dataclass
class ChapterWeight:
    """What a chapter carries of the story, counted from its told events."""

    id: str
    messages: int = 0  # the author's messages on the final thread
    pivots: int = 0  # messages that change course ("actually", "scrap that")
    images: int = 0  # screenshots pasted or returned by a tool
    fixed: int = 0  # failed tool calls followed, in the same chapter, by a passing test run
    passed: int = 0  # test runs that passed
    findings: int = 0  # Claude saying what turned out to be the cause
    opens: bool = False  # the session's first chapter: where the story starts
    closes: bool = False  # the last chapter: where it ends up

    @property
    def score(self) -> int:
        return (
            2 * min(self.messages, 8)
            + 4 * min(self.pivots, 3)
            + min(self.images, 3)
            + 3 * min(self.fixed, 2)
            + 2 * min(self.passed, 2)
            + 2 * min(self.findings, 2)
            + (10 if self.opens else 0)
            + (10 if self.closes else 0)
        )

    def carries(self) -> str:
        """What it carries, in a few words ("2 messages from you, no change of course")."""
        parts = [f"{self.messages} message{'s' if self.messages != 1 else ''} from you"]
        if self.pivots:
            parts.append(f"{self.pivots} change{'s' if self.pivots != 1 else ''} of course")
        if self.fixed:
            parts.append("an error fixed")
        elif self.passed:
            parts.append("tests passing")
        if self.findings:
            parts.append("a cause found")
        if self.images:
            parts.append(f"{self.images} image{'s' if self.images != 1 else ''}")
        return ", ".join(parts)


@dataclass
class Selection:
    """The chapters the default triage leaves out, with the reason for each (empty: all are told)."""

    length: str
    budget: int
    weights: dict[str, ChapterWeight] = field(default_factory=dict)
    left_out: dict[str, str] = field(default_factory=dict)  # chapter id -> why


def chapter_weights(log: EventLog) -> dict[str, ChapterWeight]:
    """Each chapter's weight, in story order."""
    weights = {c.id: ChapterWeight(c.id) for c in log.chapters}
    failed: dict[str, int] = {}
    for event in log.events:
        weight = weights.get(event.chapter)
        if weight is None or event.sidechain or event.abandoned:
            continue
        _count(weight, event, failed)
    if log.chapters:
        weights[log.chapters[0].id].opens = True
        weights[log.chapters[-1].id].closes = True
    return weights


def _count(weight: ChapterWeight, event: Event, failed: dict[str, int]) -> None:
    if is_author_message(event):
        weight.messages += 1
        if PIVOT.search(author_words(event) or ""):
            weight.pivots += 1
    weight.images += len(event.images or ()) + (1 if event.kind == IMAGE and event.asset else 0)
    if event.kind == ASSISTANT and event.text and DISCOVERY.search(event.text):
        weight.findings += 1
    if event.kind == TOOL_RUN:
        for call in event.calls or ():
            if call.error:
                failed[weight.id] = failed.get(weight.id, 0) + 1
            elif a_run_passed(call.outcome):  # (a call that ran them twice: its green run)
                weight.passed += 1
                if failed.get(weight.id):
                    weight.fixed += 1
                    failed[weight.id] = 0


def select_chapters(log: EventLog, length: str) -> Selection:
    """The chapters a `length` post leaves out by default: the lowest-scored beyond what it holds."""
    budget = CHAPTERS_PER_LENGTH.get(length, CHAPTERS_PER_LENGTH["medium"])
    weights = chapter_weights(log)
    selection = Selection(length, budget, weights)
    if len(weights) <= budget:
        return selection
    order = {cid: i for i, cid in enumerate(weights)}
    # Highest score first; between equals, the earlier chapter (the story's set-up reads better than a middle).
    ranked = sorted(weights.values(), key=lambda w: (-w.score, order[w.id]))
    kept = {w.id for w in ranked[:budget]}
    for weight in weights.values():
        if weight.id not in kept:
            selection.left_out[weight.id] = (
                f"left out by retell: a {length} post tells about {budget} of these {len(weights)} chapters, and "
                f"this one carries less of the story ({weight.carries()}); include: true tells it"
            )
    return selection
