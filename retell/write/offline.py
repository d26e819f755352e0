"""The offline engine: an outline and a draft built from the cleared view with no model at all.

Deterministic (the same triage gives the same post), and written to read like a decent devlog: the
author's asks as quotes, Claude's key explanations condensed, tool work as one montage sentence,
subagent findings as asides, compaction summaries as chapter intros, images where they occurred.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from retell.claude.schema import HOUSEKEEPING_COMMANDS
from retell.events import (
    ASSISTANT,
    BRIDGE,
    COMMAND,
    HUMAN,
    IMAGE,
    INTERRUPT,
    PLAN,
    SUBAGENT,
    TOOL_RUN,
    TURN_DURATION,
    Event,
    EventLog,
    SessionEntry,
    ToolCall,
)
from retell.extract.chatforms import signs_off
from retell.extract.headings import chapter_heading, chat_line
from retell.extract.headings import join_words as _join
from retell.extract.headings import short_path as _short_path
from retell.extract.local_headings import in_language
from retell.extract.phase_headings import phase_heading
from retell.extract.project import project_name
from retell.extract.requests import (
    is_author_message,
    is_request_command,
    own_prose,
    split_outside_quotes,
    without_greeting,
)
from retell.extract.signals import DISCOVERY, PIVOT
from retell.extract.stock_headings import stock_heading, stock_in_language, stock_said
from retell.extract.testruns import a_run_passed, times_run
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import (
    TURNED_DOWN,
    failed_call,
    family,
    is_test_command,
    other_tool_phrase,
    run_lines,
    says_something,
    shorten_words,
    summarize_run,
)
from retell.markup import code_span, heading_text, md_text, session_inline, session_quote
from retell.report import gap_phrase, number_word
from retell.triage.generate import fallback_heading
from retell.triage.model import Triage
from retell.triage.select import CHAPTERS_PER_LENGTH
from retell.write.facts import days_spanned
from retell.write.locales import ENGLISH_OFFLINE_NOTE, count_length, knows, language_key, length_range, words
from retell.write.markers import cite
from retell.write.outline_model import Beat, ImagePlacement, Outline, Section

MAX_SECTIONS = 6  # of a medium post; the length's own count is CHAPTERS_PER_LENGTH
EPISODES_PER_SECTION = 3
IMAGES_PER_SECTION = 2

_PIVOT = PIVOT
_DISCOVERY = DISCOVERY
# Slash commands that manage Claude Code itself; not part of the story.
_HOUSEKEEPING = HOUSEKEEPING_COMMANDS
_IMAGE_MARKER = re.compile(r"\s*\[Image #\d+\]")
# (a CJK stop ends a sentence with no space after it)
_SENTENCE_END = r"(?<=[.!?])\s+(?=[A-Z0-9“\"'(`])|(?<=[。！？।॥])"
# Emphasis and block markers; inline code keeps its backticks (it is placed as code, see retell/markup.py).
_MD_NOISE = re.compile(r"(^#+\s*|^\s*[-*+]\s+|^\s*\d+[.)]\s+)", re.M)
# Bold a model wrote (`**Root cause**`), dropped from prose quoted as a sentence; a `**` or `__` that is not a
# pair around words (a glob's `src/**/x`, `__init__.py`) is what was typed and stays. Scripts without spaces run
# bold into their words ("지출이 **1,255,800원**인데", "是**三个**文件"): only a Latin letter or a digit beside a `**`
# says it is no pair (fresh44's budget: one `**` of three pairs was left, escaped, and the quote failed its check).
_BOLD = re.compile(r"(?<![A-Za-z0-9_*/])\*\*(?=[^\s*])(.+?)(?<=[^\s*/])\*\*(?![A-Za-z0-9_*/])")


# -- episodes: an ask from the author and everything until the next one --------------------------------


@dataclass
class Episode:
    chapter: str
    events: list[Event] = field(default_factory=list)

    @property
    def ask(self) -> Event | None:
        return next((e for e in self.events if _is_ask(e)), None)


def episodes(view: EventLog, chapter_order: list[str]) -> list[Episode]:
    out: list[Episode] = []
    for chapter in chapter_order:
        current: Episode | None = None
        for event in view.events:
            if event.chapter != chapter or event.sidechain:
                continue
            if _is_ask(event) and not event.queued and current is not None and current.ask is not None:
                out.append(current)
                current = None
            if current is None:
                current = Episode(chapter)
            current.events.append(event)
        if current is not None and current.events:
            out.append(current)
    return out


def _is_ask(event: Event) -> bool:
    """The author asking for something: a message, or a slash command whose arguments are a request."""
    return event.kind == HUMAN or (event.kind == COMMAND and is_request_command(event))


def _words(event: Event) -> str:
    return (event.text if event.kind == HUMAN else event.args) or ""


def _group(eps: list[Episode], max_sections: int = MAX_SECTIONS) -> list[list[Episode]]:
    """Episodes into sections: about three per section, at most `max_sections`; a section spans chapters only
    when more chapters are told than the length has sections for (then neighbours share one)."""
    by_chapter: list[list[Episode]] = []
    for ep in eps:
        if by_chapter and by_chapter[-1][0].chapter == ep.chapter:
            by_chapter[-1].append(ep)
        else:
            by_chapter.append([ep])
    if len(by_chapter) > max_sections:
        return [[ep for chunk in run for ep in chunk] for run in _runs(by_chapter, max_sections)]
    per = EPISODES_PER_SECTION
    while True:
        groups = [chunk[i : i + per] for chunk in by_chapter for i in range(0, len(chunk), per)]
        if len(groups) <= max_sections or per > len(eps):
            return groups
        per += 1


def _fold_chat(groups: list[list[Episode]]) -> list[list[Episode]]:
    """A section of chat only (a thanks, a sign-off, praise; no tool work, no image) told at the end of the one
    before: "Thx ur the best" or "완벽해요" heads no section, and no made-up heading stands in for it."""
    folded: list[list[Episode]] = []
    for n, group in enumerate(groups, 1):
        events = [e for ep in group for e in ep.events]
        asks = [w for e in events if _is_ask(e) and (w := _words(e))]
        idle = not any(e.kind in (TOOL_RUN, IMAGE, SUBAGENT) for e in events)
        # (the session's last words, when they thank and ask nothing, close the section before: "makes sense,
        # nice catch… leave it uncommitted… thanks a lot" is no step, however long)
        closing = n == len(groups) and all(signs_off(w) for w in asks)
        if folded and idle and asks and (closing or all(_only_chat(w) for w in asks)):
            folded[-1] = folded[-1] + group
        else:
            folded.append(group)
    return folded


def _only_chat(words: str) -> bool:
    """A short message that is chat ("Thx ur the best", "今天先這樣，謝啦"); a longer one that thanks may also
    say what was found ("…le back compare à « SUPPRIMER » en dur… merci !") and keeps its section."""
    line = " ".join(words.split())
    short = len(line.split()) <= 8 and len(line) <= 40
    return short and chat_line(line)


def _runs(chunks: list[list[Episode]], count: int) -> list[list[list[Episode]]]:
    """`chunks` cut into `count` consecutive runs of near-equal length (the earlier runs one longer)."""
    size, extra = divmod(len(chunks), count)
    runs, at = [], 0
    for i in range(count):
        n = size + (1 if i < extra else 0)
        runs.append(chunks[at : at + n])
        at += n
    return runs


def _pick_images(group: list[Episode], triage: Triage, images_left: set[str]) -> list[ImagePlacement]:
    """The images a section shows, at most IMAGES_PER_SECTION: those the author captioned first, then those
    the author pasted (a screenshot is usually why a message was written), then the tool's, each in story
    order; the rest stay in the session (a post of 268 screenshots is nobody's read)."""
    found: list[tuple[bool, bool, int, str]] = []
    for ep in group:
        for event in ep.events:
            pasted = list(event.images or [])
            for asset in ([event.asset] if event.kind == IMAGE and event.asset else []) + pasted:
                if asset in images_left:
                    images_left.discard(asset)
                    captioned = bool(triage.images[asset].caption) if asset in triage.images else False
                    found.append((not captioned, asset not in pasted, len(found), asset))
    chosen = sorted(sorted(found)[:IMAGES_PER_SECTION], key=lambda item: item[2])
    return [
        ImagePlacement(asset, triage.images[asset].caption if asset in triage.images else "")
        for *_rank, asset in chosen
    ]


# -- phases: a long stretch told in sections at its turns ---------------------------------------------

# A stretch told in this many paragraphs or more is split at its turns (fresh19/fresh20, judged blind: fresh19's
# headless posts of 11 paragraphs or more were wanted in sections, none of 8 or fewer; fresh20's 9-paragraph
# stretch of b3bce155 was wanted split).
PHASE_PARAGRAPHS = 9
PHASE_MIN = 3  # paragraphs a phase tells at least: a heading over one sentence is a lopsided post's
PHASE_EACH = 4  # paragraphs per phase, about: a stretch of 12 is told in at most 3
PAUSE_MINUTES = 20  # an ask after this long a silence opens a phase (a pause of hours opens a chapter)
TURNS_TRIED = 8  # the best turns of a stretch, among which its cuts are chosen


def _in_phases(
    groups: list[list[Episode]], triage: Triage, max_sections: int
) -> tuple[list[list[Episode]], dict[int, str]]:
    """`groups` with each long one cut at its turns (see `_turns`), while the post keeps to `max_sections`;
    the headings of the phases, by their place in the list returned."""
    out: list[list[Episode]] = []
    headings: dict[int, str] = {}
    room = max_sections - len(groups)
    taken = [triage.post.title]
    for group in groups:
        phases = _phases(group, triage, room + 1, taken) if room > 0 else [(group, "")]
        room -= len(phases) - 1
        for phase, heading in phases:
            if len(phases) > 1:
                headings[len(out)] = heading
                taken.append(heading)
            out.append(phase)
    return out, headings


def _told_paragraphs(group: list[Episode], triage: Triage) -> int:
    """How many paragraphs the draft tells `group` in (a quote and its lead-in are two)."""
    text = _Writer(triage, {}).section([e for ep in group for e in ep.events])
    return len([b for b in re.split(r"\n\s*\n", text) if b.strip()])


def _phases(group: list[Episode], triage: Triage, most: int, taken: list[str]) -> list[tuple[list[Episode], str]]:
    """`group` cut at its turns into at most `most` phases of PHASE_MIN paragraphs or more, each with its heading
    (a phase with none that a blogger would keep is told with the one before); one phase, and no heading, when
    `group` is told in fewer than PHASE_PARAGRAPHS (a short linear post reads fine headless)."""
    size = _told_paragraphs(group, triage)
    if size < PHASE_PARAGRAPHS or most < 2:
        return [(group, "")]
    events = [e for ep in group for e in ep.events]
    starts = {id(ep.events[0]) for ep in group}
    turns = sorted(_turns(group))[:TURNS_TRIED]
    rank = {at: r for r, at in reversed(turns)}
    sizes: dict[tuple[int, int], int] = {}
    heads: dict[tuple[int, int], str] = {}

    def phase(a: int, b: int) -> list[Episode]:
        return _cut(events[a:b], [], {id(e) for e in events[a:b] if id(e) in starts}, group[0].chapter)[0]

    for count in range(min(size // PHASE_EACH, most, len(rank) + 1), 1, -1):  # the most phases first
        found: tuple[int, list[tuple[list[Episode], str]]] | None = None
        for chosen in combinations(sorted(rank), count - 1):
            bounds = [0, *chosen, len(events)]
            spans = list(pairwise(bounds))
            if any(sizes.setdefault(s, _told_paragraphs(phase(*s), triage)) < PHASE_MIN for s in spans):
                continue
            for n, (a, b) in enumerate(spans):
                if (a, b) not in heads:
                    told = events[a:b]
                    heads[(a, b)] = phase_heading(told, taken, triage.post.language, opening=n == 0)
            headings = [heads[s] for s in spans]
            # (a phase with no heading a blogger would keep is no phase of its own; nor one headed as another)
            if not all(headings) or len({h.casefold() for h in headings}) < len(headings):
                continue
            score = sum(rank[at] for at in chosen)  # the best turns: the author's pushback first
            if found is None or score < found[0]:
                found = (score, [(phase(a, b), h) for (a, b), h in zip(spans, headings, strict=True)])
        if found is not None:
            return found[1]
    return [(group, "")]


def _cut(events: list[Event], cuts: list[int], starts: set[int], chapter: str) -> list[list[Episode]]:
    """`events` cut before each index in `cuts`, each part in its episodes (a part opened mid-episode opens on
    an episode of its own with no ask)."""
    phases: list[list[Episode]] = []
    bounds = [0, *cuts, len(events)]
    for a, b in pairwise(bounds):
        episodes_: list[Episode] = []
        for n in range(a, b):
            if n == a or id(events[n]) in starts:
                episodes_.append(Episode(chapter))
            episodes_[-1].events.append(events[n])
        phases.append(episodes_)
    return phases


def _turns(group: list[Episode]) -> list[tuple[int, int]]:
    """Where the story in `group` turns, as (rank, index of the event a new phase opens on), best first: the
    author pushing back, changing course or back after a pause; a new ask (not a thanks), a cause Claude found
    after it had looked and before it changed anything more; a message the author added while Claude worked. (Not
    a subagent's return: the draft tells an episode's subagents before its other work, and a cut there would tell
    them out of order.)"""
    turns: list[tuple[int, int]] = []
    at = 0
    for n, ep in enumerate(group):
        ask = ep.ask
        words = _words(ask) if ask is not None else ""
        if n > 0 and ask is ep.events[0] and words and not _only_chat(words) and not signs_off(words):
            back = _minutes_between(group[n - 1].events[-1], ask) >= PAUSE_MINUTES  # "吃完饭回来了"
            turns.append((0 if back or _PIVOT.search(words) else 1, at))
        worked = False
        found = False
        for k, event in enumerate(ep.events):
            later = ep.events[k + 1 :]
            if k and event.kind == TOOL_RUN:
                worked = True
            elif (
                event.kind == ASSISTANT
                and worked
                and not found
                and _DISCOVERY.search(event.text or "")
                and any(e.kind == TOOL_RUN for e in later)
            ):
                found = True
                turns.append((1, at + k))
            elif event.kind == HUMAN and event.queued and k and not _only_chat(event.text or ""):
                turns.append((3, at + k))
        at += len(ep.events)
    return turns


def _proposed_title(view: EventLog, triage: Triage, chapter: str) -> str:
    """The title triage proposes for `chapter` (triage.generate.default_chapter_title, secrets aside): a title in
    triage.yaml that differs is the author's."""
    told = [e for e in view.events if e.chapter == chapter and not e.sidechain]
    language = triage.post.language
    return in_language(chapter_heading(told, [triage.post.title], language), told, language)


def _authors_title(view: EventLog, triage: Triage, titles: dict[str, str], chapter: str) -> bool:
    """Whether the title triage.yaml gives `chapter` is the author's: neither the one triage proposes nor, when it
    proposes none, its fallback ("Coming back to it", said in the post's language)."""
    title = titles.get(chapter)
    if not title or title == _proposed_title(view, triage, chapter) or stock_said(title):
        # (triage proposed it with the titles before it passed over, and a stock one, "Изменения в billing.py",
        # when the first it found was taken: retell's stock is never an author's heading)
        return False
    told = [e for e in view.events if e.chapter == chapter and not e.sidechain]
    found = next((c for c in view.chapters if c.id == chapter), None)
    return found is None or title != in_language(fallback_heading(found, told), told, triage.post.language)


def _minutes_between(before: Event, after: Event) -> float:
    """Minutes from `before` to `after` (0 when either has no time)."""
    a, b = to_epoch_ms(before.ts) if before.ts else None, to_epoch_ms(after.ts) if after.ts else None
    return (b - a) / 60000 if a is not None and b is not None else 0.0


# -- outline ------------------------------------------------------------------------------------------


def offline_outline(view: EventLog, triage: Triage) -> Outline:
    chapter_order = [c.id for c in view.chapters]
    titles = {c.id: c.title for c in triage.chapters}
    groups = _fold_chat(
        _group(episodes(view, chapter_order), CHAPTERS_PER_LENGTH.get(triage.post.length, MAX_SECTIONS))
    )
    groups, headed = _fold_headless(groups, view, triage, titles)
    groups, phase_headings = _in_phases(groups, triage, CHAPTERS_PER_LENGTH.get(triage.post.length, MAX_SECTIONS))
    split = {ep.chapter for n in phase_headings for ep in groups[n]}
    proposed = {chapter: _proposed_title(view, triage, chapter) for chapter in split}
    sections: list[Section] = []
    used_headings: set[str] = set()
    images_left = set(triage.included_images())
    last_assistant = next((e for e in reversed(view.events) if e.kind == ASSISTANT and not e.sidechain), None)
    for i, group in enumerate(groups, 1):
        chapter = group[0].chapter
        first_in_chapter = i == 1 or groups[i - 2][0].chapter != chapter
        # (a chapter told in phases: its title names the whole chapter, each phase's heading names the phase)
        heading = titles.get(chapter) if first_in_chapter else None
        if chapter in split and (not heading or heading == proposed.get(chapter)):
            # (a chapter told in phases: each phase's heading names the phase; a title the author set in triage
            # for the chapter heads its first one)
            heading = phase_headings.get(i - 1)
        if id(group) in headed:  # (a stretch with no heading of its own told with one that has: its heading)
            heading = headed[id(group)]
        if not heading:
            told = [e for ep in group for e in ep.events]
            heading = (
                chapter_heading(told, [triage.post.title, *used_headings], triage.post.language) or "What came next"
            )
            heading = in_language(heading, told, triage.post.language)
        # (a heading made of Claude's words keeps no emphasis of theirs: "The **date format**" was printed with its
        # asterisks escaped, fresh43's savings group, stop 62)
        heading = _unbold(heading)
        base, n = heading, 2
        while heading in used_headings:
            heading, n = f"{base} (part {n})", n + 1
        used_headings.add(heading)
        beats = _beats(group, is_first=i == 1, last_assistant=last_assistant)
        first = group[0].events[0]
        if chapter in split and not any(first.id in beat.events for beat in beats):
            # a phase opened mid-episode (at a cause found, a subagent's return) starts where the story turns
            beats.insert(0, Beat("pivot", "summarise", [first.id], "Where the story turns."))
        placements = _pick_images(group, triage, images_left)
        sections.append(
            Section(
                id=f"s{i}",
                heading=heading,
                chapters=list(dict.fromkeys(ep.chapter for ep in group)),
                purpose=_purpose(group),
                beats=beats,
                images=placements,
            )
        )
    first_ask = next((e for e in view.events if _is_ask(e) and _words(e)), None)
    title = triage.post.title
    return Outline(
        title=title,
        title_options=[title],
        hook=_hook(view, first_ask),
        description=triage.post.description or _description(first_ask, len(view.sessions)),
        sections=sections,
        ending="What works now, what is still open.",
        engine="offline",
        model="",
    )


# A section told in this many paragraphs or fewer (a lead-in, the author's line, one sentence of work) that changed
# no file is no section of its own: judged blind on fresh21-fresh22, "Meng-commit perubahan" and "קומיט לשינויים" over
# such a section ("merge it into the previous section"; "Committing the work" was kept 4 times over the same shape):
# told with its neighbour, nothing is lost. A short one that changed a file (a setting fixed after a report) keeps it.
SMALL_SECTION = 3


def _changed_files(group: list[Episode]) -> bool:
    calls = [c for ep in group for e in ep.events if e.kind == TOOL_RUN and not e.sidechain for c in e.calls or ()]
    return any(family(c.name) in ("edit", "write") for c in calls)


def _fold_headless(
    groups: list[list[Episode]], view: EventLog, triage: Triage, titles: dict[str, str]
) -> tuple[list[list[Episode]], dict[int, str]]:
    """`groups` with each section that has no heading a blogger would keep told with its neighbour: one whose
    heading would be stock or a file list (stock_headings), or one too small to head (SMALL_SECTION). It joins
    the section before of its chapter, else the one after, whose heading then heads both (returned: the merged
    group's id -> that heading). A section alone in its chapter keeps its own when it is only small; one whose
    heading would be stock is told with the section before, of any chapter of its session (judged blind on
    fresh30-fresh37's offline posts, stops 56-59: 22 of the 64 content headings were such stock, every one needing a
    rewrite or unusable). The first section keeps its stock heading, which the draft does not show (its stretch
    follows the opening line). A chapter title the author set in triage always heads its section."""
    if len(groups) < 2:
        return groups, {}
    session_of = {c.id: c.session for c in view.chapters}  # (a new session opens a section of its own)
    weak: list[bool] = []
    stock: list[bool] = []  # no heading of its own a blogger would keep (not merely small)
    made: list[str] = []
    used: list[str] = []  # the headings of the sections kept so far, as the outline's loop passes them over
    for n, group in enumerate(groups):
        heading = _made_heading(groups, n, view, triage, titles, used)
        small = _told_paragraphs(group, triage) <= SMALL_SECTION and not _changed_files(group)
        weak.append(heading is None or (small and heading[1]))
        stock.append(heading is None)
        made.append(heading[0] if heading is not None else "")
        if heading is not None and not weak[-1]:
            used.append(heading[0])
    out: list[list[Episode]] = []
    headed: dict[int, str] = {}  # a merged group's id -> the heading of the strong group in it
    pending: list[Episode] = []  # a weak group waiting for the next group of its chapter
    for n, (group, is_weak) in enumerate(zip(groups, weak, strict=True)):
        chapter = group[0].chapter
        if pending and pending[0].chapter != chapter:  # (no group of its chapter came after: it keeps its heading)
            out.append(pending)
            pending = []
        if is_weak and out and out[-1][-1].chapter == chapter and not pending:
            _join_before(out, headed, group)  # told with the section before, of the same chapter
        elif is_weak and n + 1 < len(groups) and groups[n + 1][0].chapter == chapter:
            pending = pending + group  # told with the section after, which heads both
        elif stock[n] and out and not pending and session_of.get(out[-1][-1].chapter) == session_of.get(chapter):
            # a chapter with no heading but a stock one ("La corrección", "Changes: a.ts, b.ts", a commit): told
            # with the section before, its pause or new session told where it begins (offline_draft)
            _join_before(out, headed, group)
        elif pending and is_weak and out and session_of.get(out[-1][-1].chapter) == session_of.get(chapter):
            # (weak sections of one chapter, none with a heading a blogger would keep: told with the section before)
            _join_before(out, headed, pending + group)
            pending = []
        elif pending:
            out.append(pending + group)
            if not is_weak:
                headed[id(out[-1])] = made[n]
            pending = []
        else:
            out.append(group)
    if pending:
        out.append(pending)
    return out, headed


def _join_before(out: list[list[Episode]], headed: dict[int, str], group: list[Episode]) -> None:
    """`group` told at the end of the last section of `out`, which keeps the heading `headed` gave it (by its id)."""
    kept = headed.pop(id(out[-1]), "")
    out[-1] = out[-1] + group
    if kept:
        headed[id(out[-1])] = kept


def _made_heading(
    groups: list[list[Episode]], n: int, view: EventLog, triage: Triage, titles: dict[str, str], used: list[str]
) -> tuple[str, bool] | None:
    """The heading section `n` of `groups` would get (as offline_outline makes it, `used` the headings before) and
    whether retell made it (not a title the author set); None when retell's is stock or a file list."""
    group = groups[n]
    chapter = group[0].chapter
    language = triage.post.language
    if n == 0 or groups[n - 1][0].chapter != chapter:
        if _authors_title(view, triage, titles, chapter):
            return titles[chapter], False
        told = [e for e in view.events if e.chapter == chapter and not e.sidechain]
        english = chapter_heading(told, [triage.post.title], language)
        said = titles.get(chapter) or in_language(english, told, language)
        return None if stock_heading(english) or stock_in_language(said, told, language) else (said, True)
    told = [e for ep in group for e in ep.events]
    english = chapter_heading(told, [triage.post.title, *used], language)
    said = in_language(english, told, language)
    return None if stock_heading(english) or stock_in_language(said, told, language) else (said, True)


def _beats(group: list[Episode], *, is_first: bool, last_assistant: Event | None) -> list[Beat]:
    beats: list[Beat] = []
    for n, ep in enumerate(group):
        ask = ep.ask
        if ask is not None and _words(ask):
            if is_first and n == 0:
                beats.append(Beat("opening", "quote", [ask.id], "The first ask, in the author's words."))
            elif _PIVOT.search(_words(ask)):
                beats.append(Beat("pivot", "quote", [ask.id], "The author changes course."))
            else:
                beats.append(Beat("action", "quote", [ask.id], "The next ask."))
        plans = [e.id for e in ep.events if e.kind == PLAN]
        if plans:
            beats.append(Beat("plan", "summarise", plans[:1], "Claude lays out a plan."))
        tools = [e.id for e in ep.events if e.kind == TOOL_RUN]
        if tools:
            beats.append(
                Beat(
                    "action",
                    "montage",
                    [tools[0], tools[-1]] if len(tools) > 1 else tools,
                    "The work itself, compressed.",
                )
            )
        found = [e.id for e in ep.events if e.kind == ASSISTANT and e.text and _DISCOVERY.search(e.text)]
        if found:
            beats.append(Beat("discovery", "summarise", found[:1], "What turned out to be going on."))
        passed = [
            e.id
            for e in ep.events
            if e.kind == TOOL_RUN
            and any(a_run_passed(c.outcome) for c in e.calls or ())  # (of a proof by stash: its green run)
        ]
        if passed:
            beats.append(Beat("convergence", "montage", passed[-1:], "The tests pass."))
        if last_assistant is not None and any(e is last_assistant for e in ep.events):
            beats.append(Beat("resolution", "summarise", [last_assistant.id], "Where things ended."))
    return beats


def _purpose(group: list[Episode]) -> str:
    asks = [ep.ask for ep in group if ep.ask is not None and _words(ep.ask)]
    if not asks:
        return "What Claude did next."
    return (
        "From “"
        + shorten_words(_one_line(own_prose(_words(asks[0]))), 80)
        + "”"
        + (f" through {len(asks) - 1} more ask{'s' if len(asks) > 2 else ''}." if len(asks) > 1 else ".")
    )


def _hook(view: EventLog, first_ask: Event | None) -> str:
    if first_ask is None or not _words(first_ask):
        return "A session with Claude Code, told from its transcript."
    return (
        "It started with one message to Claude Code: “"
        + shorten_words(_one_line(own_prose(_words(first_ask))), 140)
        + "”"
    )


def _description(first_ask: Event | None, sessions: int = 1) -> str:
    if sessions > 1:
        told = f"{number_word(sessions).capitalize()} sessions with Claude Code, told from their transcripts"
    else:
        told = "A session with Claude Code, told from its transcript"
    if first_ask is None or not _words(first_ask):
        return "How a session with Claude Code went, told from its transcript." if sessions == 1 else f"{told}."
    first = _sentences(without_greeting(re.sub(r"\[Image #\d+\]", "", _one_line(own_prose(_words(first_ask))))))
    return f"{told}: " + shorten_words(first[0] if first else "", 110)


# -- draft --------------------------------------------------------------------------------------------


# The most episodes a section tells in full, tried in turn until the draft keeps to its length (None: all).
_EPISODE_LIMITS = (None, 6, 4, 3, 2, 1)


def offline_draft(view: EventLog, triage: Triage, outline: Outline) -> str:
    """The whole draft.md body (no front matter): opening, one part per outline section, ending; no longer
    than the length allows, as far as telling fewer episodes in full (the rest as one montage) can make it."""
    high = length_range(triage.post.language, triage.post.length)[1]
    draft = ""
    for limit in _EPISODE_LIMITS:
        draft = _compose(view, triage, outline, limit)
        if count_length(draft, triage.post.language) <= high:
            break
    return draft


def _compose(view: EventLog, triage: Triage, outline: Outline, limit: int | None) -> str:
    by_id = {e.id: e for e in view.events}
    order = {e.id: i for i, e in enumerate(view.events)}
    starts = []
    for section in outline.sections:
        ids = [eid for beat in section.beats for eid in beat.events if eid in order]
        starts.append(min((order[eid] for eid in ids), default=None))
    chapter_bridges = {c.id: by_id.get(c.bridge) if c.bridge else None for c in view.chapters}
    placed = {im.asset: im for s in outline.sections for im in s.images}
    writer = _Writer(triage, placed, limit)
    parts = [writer.opening(view, outline), _language_note(triage.post.language)]
    seen_chapters: set[str] = set()
    breaks = _session_breaks(view)
    pauses = _pauses(view)
    headed = not headless(outline)
    for index, section in enumerate(outline.sections):
        start = starts[index]
        end = next((s for s in starts[index + 1 :] if s is not None), len(view.events))
        events = (
            view.events[start:end] if start is not None else [e for e in view.events if e.chapter in section.chapters]
        )
        body = []
        for k, stretch in enumerate(_by_chapter(events)):
            chapter = stretch[0].chapter
            if chapter not in seen_chapters:
                # (a chapter told inside a section, a long session's in a short post or one with no heading of
                # its own, says where it begins as a section would: a new session, a pause, the recap)
                seen_chapters.add(chapter)
                opened = breaks.pop(chapter, None)
                if opened is not None:  # the first told chapter of a later session: say how much later
                    body.append(writer.session_break(*opened))
                pause = pauses.get(chapter)
                if pause and opened is None:  # the author came back hours or days later: say so
                    body.append(writer.pause(*pause))
                bridge = chapter_bridges.get(chapter)
                if bridge is not None and (index > 0 or k > 0):
                    body.append(writer.bridge(bridge, session_start=opened is not None))
            body.append(writer.section(stretch))
        text = "\n\n".join(p for p in body if p.strip())
        shown = headed and not (index == 0 and opens_headless(outline))
        parts.append(f"## {heading_text(section.heading)}\n\n{text}".rstrip() if shown else text)
    parts.append(writer.ending(view))
    return "\n\n".join(p for p in parts if p.strip()) + "\n"


def _by_chapter(events: list[Event]) -> list[list[Event]]:
    """`events` in runs of one chapter each (none when there are no events)."""
    runs: list[list[Event]] = []
    for event in events:
        if runs and runs[-1][-1].chapter == event.chapter:
            runs[-1].append(event)
        else:
            runs.append([event])
    return runs


def opens_headless(outline: Outline) -> bool:
    """Whether the offline draft tells its outline's first section under no heading of its own, right after the
    opening line: its heading is retell's stock ("La corrección", "Changes: a.ts and b.ts", stock_said), which
    heads no stretch a blogger would head, and the sections after it have headings. An author who writes a
    heading of their own over it in outline.md gets it shown."""
    return outline.engine == "offline" and len(outline.sections) > 1 and stock_said(outline.sections[0].heading)


def headless(outline: Outline) -> bool:
    """Whether the offline draft tells its outline with no `## ` headings: a post of one section, whose only
    heading would stand over all of it right after the one-line opening (a blogger heads no short post's only
    stretch; 6 of fresh18's 8 such headings were judged to need a rewrite), and so no closing heading either.
    The outline keeps its heading (and triage its chapter titles): the author may add it back by hand."""
    return outline.engine == "offline" and len(outline.sections) == 1


def _pauses(view: EventLog) -> dict[str, tuple[str | None, str | None]]:
    """Chapters opened by a pause of hours or days -> (the end of the chapter before, their own start)."""
    found: dict[str, tuple[str | None, str | None]] = {}
    for before, chapter in zip(view.chapters, view.chapters[1:], strict=False):
        if chapter.reason == "idle":
            found[chapter.id] = (before.end, chapter.start)
    return found


def _session_breaks(view: EventLog) -> dict[str, tuple[SessionEntry, SessionEntry]]:
    """For a story of several sessions: the first told chapter of each session after the first -> (the
    session told before it, that session)."""
    sessions = {s.key: s for s in view.sessions}
    breaks: dict[str, tuple[SessionEntry, SessionEntry]] = {}
    previous: SessionEntry | None = None
    for chapter in view.chapters:
        current = sessions.get(chapter.session or "")
        if current is None or current is previous:
            continue
        if previous is not None:
            breaks[chapter.id] = (previous, current)
        previous = current
    return breaks


_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def _on_day(ts: str | None) -> str:
    """`on Thursday 14 May` (UTC), or "" without a time."""
    from datetime import datetime, timezone

    ms = to_epoch_ms(ts) if ts else None
    if ms is None:
        return ""
    day = datetime.fromtimestamp(ms / 1000, tz=timezone.utc)
    return f"on {_WEEKDAYS[day.weekday()]} {day.day} {_MONTHS[day.month - 1]}"


# The offline engine writes its own sentences in English; a post in another language says so plainly, in
# that language (retell/data/locales.yaml: at least zh-Hans, zh-Hant, ja, ko, es, de, fr, pt, vi), and in English.
_ENGLISH_NOTE = f"*{ENGLISH_OFFLINE_NOTE}*"


def _language_note(language: str) -> str:
    """Nothing for English; else a plain note that the engine's own sentences are English."""
    if language_key(language) == "en":
        return ""
    local = words(language)["offline_note"] if knows(language) else ""
    return f"*{local}*\n\n{_ENGLISH_NOTE}" if local else _ENGLISH_NOTE


class _Writer:
    """Turns episodes into paragraphs; small rotations keep repeated moves from reading identically."""

    def __init__(self, triage: Triage, placed: dict[str, ImagePlacement], limit: int | None = None) -> None:
        self.first_person = triage.post.voice == "first-person"
        self.language = triage.post.language
        self.limit = limit  # the most episodes a section tells in full (None: all)
        self.placed = placed
        self.images_done: set[str] = set()
        self.turn = 0
        self.session_opened = False  # a new session was just announced: its first ask says so
        # a section's first paragraph opens on its own content, never on a link back ("Next, I asked:")
        self.section_start = False
        self.quoted: list[str] = []  # Claude's words the body quoted: the ending never quotes them again

    def me(self, capital: bool = False) -> str:
        word = "I" if self.first_person else "the author"
        return word[:1].upper() + word[1:] if capital else word

    def opening(self, view: EventLog, outline: Outline) -> str:
        told = len(view.sessions)
        project = project_name(view.session.cwd) or next(
            (name for s in view.sessions if (name := project_name(s.cwd))), ""
        )
        where = f" on {md_text(project)}" if project else ""
        asks = sum(1 for e in view.events if is_author_message(e))
        agents = sum(1 for e in view.events if e.kind == SUBAGENT)
        calls = sum(len(e.calls or ()) for e in view.events if e.kind == TOOL_RUN)
        counts = [
            f"{asks} message{'s' if asks != 1 else ''} from me" if self.first_person else f"{asks} messages",
            f"{calls} tool call{'s' if calls != 1 else ''}",
        ]
        if agents:
            counts.append(f"{agents} subagent{'s' if agents != 1 else ''}")
        if told > 1:
            first, last = view.sessions[0], view.sessions[-1]
            days = days_spanned(first.start, last.end)
            over = f", over {_number(days)} days" if days > 1 else ", all on one day"
            return (
                f"This is the story of {_number(told)} sessions with Claude Code{where}{over}, told from their "
                f"transcripts: {_join(counts)}."
            )
        return f"This is the story of a session with Claude Code{where}, told from its transcript: {_join(counts)}."

    def bridge(self, event: Event, *, session_start: bool = False) -> str:
        summary = _condense_summary(event.text or "")
        if not summary:
            return ""
        if session_start and event.kind == BRIDGE:
            intro = "The new session opened with Claude Code's own summary of the one before:"
        elif event.kind == BRIDGE:
            intro = "Claude Code ran out of room and compacted its context. Its own summary of where things stood:"
        else:
            intro = f"When {self.me()} came back, Claude Code had left a recap:"
        return _cited(f"{intro}\n\n{_blockquote(summary)}", [event])

    def pause(self, previous_end: str | None, start: str | None) -> str:
        """A pause within one session: "Six days later, on Monday 11 January, I came back to it."."""
        gap = gap_phrase(previous_end, start)
        if not gap or gap == "right after":
            return ""
        lead = gap[:1].upper() + gap[1:]
        days_apart = gap.endswith(("days later", "weeks later")) or gap == "the next day"
        when = f", {_on_day(start)}," if days_apart and _on_day(start) else ","
        return f"{lead}{when} {self.me()} came back to it."

    def session_break(self, previous: SessionEntry, session: SessionEntry) -> str:
        """The gap between two sessions, stated: "Two days later, on Thursday 14 May, I came back to it…"."""
        gap = gap_phrase(previous.end, session.start) or "later"
        lead = gap[:1].upper() + gap[1:]
        days_apart = gap.endswith(("days later", "weeks later")) or gap == "the next day"
        when = f", {_on_day(session.start)}," if days_apart and _on_day(session.start) else ","
        self.session_opened = True
        if session.resumed and session.continues == previous.key:
            return f"{lead}{when} {self.me()} resumed that session."
        if session.continues == previous.key:
            return f"{lead}{when} {self.me()} picked up where that session had stopped, in a new one."
        return f"{lead}{when} {self.me()} came back to it in a new session."

    def section(self, events: list[Event]) -> str:
        episodes_: list[list[Event]] = []
        for event in events:
            if _is_ask(event) and not event.queued and episodes_ and any(_is_ask(e) for e in episodes_[-1]):
                episodes_.append([])
            if not episodes_:
                episodes_.append([])
            episodes_[-1].append(event)
        self.section_start = True
        paragraphs: list[str] = []
        if self.limit is not None and len(episodes_) > self.limit:
            # the first ones set the section up and the last one ends it; the middle ones are told in brief
            head, middle, tail = episodes_[: self.limit - 1], episodes_[self.limit - 1 : -1], episodes_[-1:]
            for episode in head:
                paragraphs.extend(self.episode(episode))
                self.section_start = False
            paragraphs.append(self.in_brief(middle))
            self.section_start = False
            for ep in middle:  # the images the outline chose in them still show (at most a few a section)
                for event in ep:
                    paragraphs.extend(self.image_lines(list(event.images or []), pasted=True))
                    if event.kind == IMAGE and event.asset:
                        paragraphs.extend(self.image_lines([event.asset]))
            episodes_ = tail
        for episode in episodes_:
            paragraphs.extend(self.episode(episode))
            self.section_start = False
        return "\n\n".join(p for p in paragraphs if p.strip())

    def in_brief(self, episodes_: list[list[Event]]) -> str:
        """Episodes told as one montage: how many asks, the first few in a handful of words each."""
        asks = [ask for ep in episodes_ if (ask := next((e for e in ep if _is_ask(e)), None)) is not None]
        quoted = [q for ask in asks if (q := shorten_words(_one_line(_words(ask)), 60))]
        # (no count of the tool calls in them: bookkeeping, as the prompts tell a model, and a figure the cited asks
        # cannot bear out, so the post's own check would report it)
        if not asks:
            return "A stretch of work followed." if any(e.kind == TOOL_RUN for ep in episodes_ for e in ep) else ""
        lead = f"In between came {_number(len(asks))} more ask{'s' if len(asks) != 1 else ''}"
        if not quoted:
            return _cited(f"{lead}.", asks)
        shown = [f"“{session_inline(q)}”" for q in quoted[:3]]
        more = len(quoted) - len(shown)
        listed = _join(shown + ([f"{_number(more)} more"] if more else []))
        return _cited(f"{lead}, among them {listed}.", asks[:3])

    def episode(self, events: list[Event]) -> list[str]:
        out: list[str] = []
        ask = next((e for e in events if _is_ask(e)), None)
        if ask is not None and ask.queued and any(e.kind in (ASSISTANT, TOOL_RUN) for e in events[: events.index(ask)]):
            ask = None  # (a phase opened on Claude's work: a message added meanwhile is told where it came)
        if ask is not None:
            out.append(self.ask(ask))
            out.extend(self.image_lines(ask.images or [], pasted=True))
        replies = [e for e in events if e.kind == ASSISTANT and e.text]
        opening_reply = _informative(replies[0].text or "", 1) if replies else ""
        runs = [e for e in events if e.kind == TOOL_RUN]
        # Claude's first words go where the session has them: before its calls, or after them when it worked first
        reply_later = bool(runs) and bool(replies) and events.index(replies[0]) > events.index(runs[0])
        if opening_reply:
            self.quoted.append(opening_reply)
        if opening_reply and not reply_later:
            out.append(_cited(f"Claude {self._said()}: “{session_inline(opening_reply)}”", replies[:1]))
        for event in events:
            if event.kind == PLAN:
                out.append(_cited(self.plan(event), [event]))
        agents = [e for e in events if e.kind == SUBAGENT and e.subagent is not None]
        if agents:
            out.append(_cited(self.subagents(agents), agents))
        minutes = sum((e.duration_ms or 0) for e in events if e.kind == TURN_DURATION) / 60000
        montage = self.montage(runs, minutes, opens=self.section_start and not out)
        if montage:
            out.append(_cited(montage, runs + [e for e in events if e.kind == TURN_DURATION]))
        for run in runs:
            for call in (c for c in run.calls or () if c.name == "AskUserQuestion" and c.outcome):
                out.append(_cited(self.question(call.target or "", call.outcome or ""), [run]))
        if opening_reply and reply_later:
            done = events.index(replies[0]) > events.index(runs[-1])
            lead = "When it was done, Claude said" if done else "Along the way, Claude said"
            out.append(_cited(f"{lead}: “{session_inline(opening_reply)}”", replies[:1]))
        for event in events:
            if event.kind == HUMAN and event.queued and event is not ask:
                out.append(
                    _cited(
                        f"While Claude was still working, {self.me()} added:\n\n{_blockquote(event.text or '')}",
                        [event],
                    )
                )
            elif event.kind == INTERRUPT:
                out.append(f"{self.me(True)} stopped it there.")
            elif (
                event.kind == COMMAND
                and event.name
                and event.name.startswith("/")
                and event.name not in _HOUSEKEEPING
                and event is not ask
            ):
                out.append(
                    _cited(
                        f"{self.me(True)} ran {code_span(event.name)}"
                        + (f" {session_inline(shorten_words(event.args, 80))}" if event.args else "")
                        + ".",
                        [event],
                    )
                )
            elif event.kind == COMMAND and event.name == "!" and event.args:  # a command the author ran
                outcome = next((c.outcome for c in event.calls or () if c.outcome), None)
                out.append(
                    _cited(
                        f"{self.me(True)} ran {code_span(shorten_words(event.args, 80))} "
                        + ("myself" if self.first_person else "in their own terminal")
                        + (f": {outcome}." if outcome else "."),
                        [event],
                    )
                )
            elif event.kind == IMAGE and event.asset:
                out.extend(self.image_lines([event.asset]))
        found_in = next((e for e in replies[1:] if e.text and _DISCOVERY.search(e.text)), None)
        finding = _cue_sentence(found_in.text or "") if found_in is not None else ""
        if finding:
            self.quoted.append(finding)
            out.append(
                _cited(
                    f"The turning point came when Claude wrote: “{session_inline(finding)}”",
                    [found_in] if found_in else [],
                )
            )
        if len(replies) > 1:
            closing = _informative(replies[-1].text or "", 2)
            if closing and closing != opening_reply and closing != finding:
                self.quoted.append(closing)
                lead = ("It wrapped up with", "By the end of that stretch", "Its summary")[self.turn % 3]
                out.append(_cited(f"{lead}: “{session_inline(closing)}”", replies[-1:]))
        return out

    def _said(self) -> str:
        return ("replied", "answered", "started with")[self.turn % 3]

    def ask(self, event: Event) -> str:
        self.turn += 1
        text = _words(event)
        opened, self.session_opened = self.session_opened, False
        if event.abandoned:
            lead = f"{self.me(True)} first tried another direction, then rewound it:"
        elif opened:
            lead = f"This time {self.me()} began with:"
        elif event.queued and self.turn > 1:  # (a phase opened on a message the author added while Claude worked)
            lead = f"While Claude was still working, {self.me()} added:"
        elif self.turn == 1:
            lead = f"{self.me(True)} started with this:"
        elif _PIVOT.search(text):
            lead = f"{self.me(True)} changed course:" if self.section_start else f"Then {self.me()} changed course:"
        elif self.section_start:
            lead = (f"{self.me(True)} asked:", f"{self.me(True)} wrote:", f"{self.me(True)} put it this way:")[
                self.turn % 3
            ]
        else:
            lead = (f"Next, {self.me()} asked:", f"{self.me(True)} followed up:", f"Then {self.me()} wrote:")[
                self.turn % 3
            ]
        quote = _blockquote(text) if text.strip() else ""
        if event.resent:
            quote += "\n\n" + self.resent(event)
        if event.kind == COMMAND:  # a slash command whose arguments are the request
            return _cited(f"{lead}\n\n{quote}\n\n(via `{event.name}`)", [event])
        if not quote and event.images and not event.documents:  # only an image: no empty quote
            what = "a screenshot" if len(event.images) == 1 else f"{_number(len(event.images))} screenshots"
            return _cited(f"{self.me(True)} {'started with' if self.turn == 1 else 'shared'} {what}.", [event])
        if event.documents:
            shared = _join([f"a {d} document" if d != "document" else "a document" for d in event.documents])
            note = f"({self.me(True)} shared {shared}" + (" with it.)" if quote else ".)")
            quote = f"{quote}\n\n{note}" if quote else note
        return _cited(f"{lead}\n\n{quote}", [event])

    def resent(self, event: Event) -> str:
        """A word of why the author had to send a message again."""
        times = "twice" if event.resent == 1 else f"{_number(event.resent + 1)} times"
        if event.errors:
            failed = "an error" if event.errors == 1 else f"{_number(event.errors)} errors"
            kind = "the API" if event.kind == HUMAN else "the command"
            return f"({self.me(True)} had to send it {times}: {kind} answered with {failed} before it went through.)"
        return f"({self.me(True)} had to send it {times} before it went through.)"

    def montage(self, runs: list[Event], minutes: float, *, opens: bool = False) -> str:
        calls = [c for e in runs for c in e.calls or () if c.name != "AskUserQuestion"]
        # a call the author turned down never ran: told as theirs, apart from the work
        refused = [c for c in calls if c.error == TURNED_DOWN]
        phrases = _montage_phrases([c for c in calls if c.error != TURNED_DOWN])
        if not phrases and not refused:
            return ""
        lead = ("Then it got to work: it", "From there it", "After that it")[self.turn % 3]
        if opens:  # the section's first paragraph: no "Then" back to a stretch the reader has not just read
            lead = "Claude got to work: it"
        sentence = f"{lead} {_join(phrases)}." if phrases else ""
        if refused:
            what = "one of its calls" if len(refused) == 1 else f"{_number(len(refused))} of its calls"
            example = _refused_example(refused)
            sentence += f" {self.me(True)} turned down {what}{example}."
        sentence = sentence.strip()
        failed = sum(1 for c in calls if failed_call(c))
        if failed and len(calls) == 1:
            sentence += " The call failed."
        elif failed:
            sentence += f" {failed} of those {len(calls)} tool calls failed along the way."
        if minutes >= 2:
            sentence += f" All in all that took about {round(minutes)} minutes."
        return sentence

    def subagents(self, events: list[Event]) -> str:
        lines = []
        for event in events:
            agent = event.subagent
            assert agent is not None
            task = agent.description or agent.agent_type or "a side task"
            finding = _informative(agent.result or "", 1)
            outcome = f": “{session_inline(finding)}”" if finding else (" (it failed)" if agent.error else "")
            lines.append(f"- *{md_text(task)}*{outcome}")
        if len(events) == 1:
            agent = events[0].subagent
            assert agent is not None
            sent = _sent_off(agent.description, self.language)
            finding = _informative(agent.result or "", 2)
            if finding:
                return f"{sent} It came back with: “{session_inline(finding)}”"
            return sent
        return f"Claude sent out {_number(len(events))} subagents:\n\n" + "\n".join(lines)

    def question(self, question: str, outcome: str) -> str:
        answer = _answer_to(question, outcome)
        if answer is not None:
            asked, answered = session_inline(shorten_words(question, 200)), session_inline(shorten_words(answer, 200))
            return f"Claude stopped to ask: “{asked}” {self.me(True)} answered: “{answered}”"
        answers = re.findall(r'"([^"]+)"="([^"]*)"', outcome)
        if answers:
            asked, answered = answers[0]
            asked, answered = session_inline(shorten_words(asked, 200)), session_inline(shorten_words(answered, 200))
            return f"Claude stopped to ask: “{asked}” {self.me(True)} answered: “{answered}”"
        return f"Claude stopped to ask: “{session_inline(shorten_words(question, 200))}”"

    def plan(self, event: Event) -> str:
        steps = [_plain(ln) for ln in (event.text or "").splitlines() if re.match(r"^\s*(?:[-*+]|\d+[.)])\s+\S", ln)]
        steps = [s for s in steps if len(s) > 8]
        if steps:
            listed = "\n".join(f"- {session_inline(shorten_words(s, 100))}" for s in steps[:5])
            more = f"\n- … and {len(steps) - 5} more" if len(steps) > 5 else ""
            return f"Before touching anything, Claude laid out a plan:\n\n{listed}{more}"
        summary = _informative(event.text or "", 2)
        return f"Before touching anything, Claude laid out a plan: “{session_inline(summary)}”" if summary else ""

    def image_lines(self, assets: list[str], pasted: bool = False) -> list[str]:
        lines = []
        for asset in assets:
            if asset in self.placed and asset not in self.images_done:
                self.images_done.add(asset)
                default = f"The image {self.me()} pasted into the session" if pasted else "Screenshot from the session"
                caption = self.placed[asset].caption or default
                lines.append(f"![{md_text(caption)}](assets/{asset})")
        return lines

    def _untold(self, summary: str) -> str:
        """`summary` of Claude's last message without what the body already quoted of it: the same sentence
        told twice in a row ("When it was done, Claude said: “Committed…”" then "Claude's last word…: “Committed…”")
        reads as a fault; "" when nothing new is left."""
        for quoted in self.quoted:
            if summary.startswith(quoted):  # (the body quoted its first sentences: what is left, if it says much)
                rest = summary[len(quoted) :].strip()
                return rest if len(rest) >= 25 else ""
            if quoted.startswith(summary[:60]):
                return ""
        return summary

    def ending(self, view: EventLog) -> str:
        last = next((e for e in reversed(view.events) if e.kind == ASSISTANT and e.text and not e.sidechain), None)
        if last is None:
            return ""
        summary = self._untold(_informative(last.text or "", 3))
        if not summary:
            return ""
        # (no heading of its own: one sentence under "Where it ended" was judged an empty label over a quote, "fold
        # the line into the previous section", by blind judges of fresh33-36's offline posts)
        return _cited(f"Claude's last word on the matter: “{session_inline(summary)}”", [last])


def _refused_example(refused: list[ToolCall]) -> str:
    """What the author turned down, named by its kind: " (`rm -rf public/`)", " (edits to `CLAUDE.md`)"."""
    kinds = {family(c.name) for c in refused}
    targets = list(dict.fromkeys(c.target for c in refused if c.target))
    if kinds == {"bash"}:
        named = [t for t in targets if len(t) <= 40 and says_something(t)]
        return f" ({code_span(named[0])})" if named else ""
    if len(kinds) == 1 and kinds <= {"edit", "write"} and len(targets) == 1:
        noun = kinds.pop()  # "edit" or "write"
        where = code_span(_short_path(targets[0]))
        if len(refused) > 1:
            return f" ({noun}s to {where})"
        return f" ({'an' if noun == 'edit' else 'a'} {noun} to {where})"
    return ""


def _montage_phrases(calls: list[ToolCall]) -> list[str]:
    """What a run of tool calls did, one phrase per kind of work, in the order the work started."""
    order: list[str] = []
    groups: dict[str, list[ToolCall]] = {}
    for call in calls:
        fam = family(call.name)
        if fam in ("todo", "tools"):  # bookkeeping, not work
            continue
        if fam not in groups:
            order.append(fam)
            groups[fam] = []
        groups[fam].append(call)
    phrases = []
    for fam in order:
        group = groups[fam]
        targets = list(dict.fromkeys(c.target for c in group if c.target))
        if fam in ("read", "edit", "write"):
            verb = {"read": "read", "edit": "edited", "write": "wrote"}[fam]
            if 0 < len(targets) <= 2:
                phrases.append(f"{verb} {_join([code_span(_short_path(t)) for t in targets])}")
            else:
                phrases.append(f"{verb} {len(targets) or len(group)} files")
        elif fam == "search":
            phrases.append("searched the code" + (f" {len(group)} times" if len(group) > 1 else ""))
        elif fam == "bash":
            # (the lines a call ran, as the check counts them: `cat >> t.rs <<'EOF' … EOF` then `cargo test` tests)
            tests = [c for c in group if is_test_command(run_lines(c))]
            tested = {id(c) for c in tests}
            others = len(group) - len(tests)
            if tests:
                outcomes = [c.outcome for c in tests if c.outcome]
                several = any(times_run(o) > 1 for o in outcomes)  # "2 passed, then 1 failed" has its own comma
                if len(outcomes) >= 2 and outcomes[0] != outcomes[-1] and several:
                    phrases.append(
                        f"ran the tests (at first {md_text(outcomes[0])}; in the end {md_text(outcomes[-1])})"
                    )
                elif len(outcomes) >= 2 and outcomes[0] != outcomes[-1]:
                    phrases.append(
                        f"ran the tests ({md_text(outcomes[0])} at first, {md_text(outcomes[-1])} in the end)"
                    )
                elif outcomes:
                    phrases.append(f"ran the tests ({md_text(outcomes[-1])})")
                else:
                    phrases.append("ran the tests")
            if others:
                short = [
                    c.target
                    for c in group
                    if c.target and id(c) not in tested and len(c.target) <= 40 and says_something(c.target)
                ]
                example = (
                    f", among them {code_span(short[0])}"
                    if short and others > 1
                    else (f" ({code_span(short[0])})" if short else "")
                )
                noun = "command" if others == 1 else "other commands" if tests else "commands"
                phrases.append(f"ran {_number(others)} {noun}{example}")
        elif fam == "background":
            phrases.append(_lower_first(summarize_run(group)))
        elif fam == "list":
            phrases.append(f"listed {_number(len(group))} folder{'s' if len(group) > 1 else ''}")
        elif fam == "web":
            phrases.append(f"looked things up on the web ({len(group)} {'call' if len(group) == 1 else 'calls'})")
        elif fam.startswith("mcp:"):
            phrases.append(md_text(other_tool_phrase(group)))
        else:
            phrases.append(md_text(other_tool_phrase(group)))
    return phrases


# -- text helpers -------------------------------------------------------------------------------------


def _cited(text: str, events: list[Event]) -> str:
    """`text` with the hidden marker of the events it quotes or states (`retell check` traces to them
    first; render strips it). A quote whose message ended in code (placed after the quote) takes the marker on
    its last quoted line: after a closing fence it would keep the fence from closing."""
    marker = cite(e.id for e in events)
    if not (text and marker):
        return text
    lines = text.split("\n")
    if re.match(r"^(`{3,}|~{3,})\s*$", lines[-1]):
        quoted = [n for n, line in enumerate(lines) if line.startswith(">")]
        lines[quoted[-1] if quoted else 0] += f" {marker}"  # else the lead-in ("I started with this:")
        return "\n".join(lines)
    return f"{text} {marker}"


def _answer_to(question: str, outcome: str) -> str | None:
    """The author's answer to `question` in Claude Code's AskUserQuestion result
    (`User has answered your questions: "Q"="A", "Q2"="A2". …`), read with the question known, so that a `"`
    inside either does not cut it short. None when the result does not hold it."""
    asked = f'"{question}"="'
    start = outcome.find(asked)
    if start < 0:
        return None
    rest = outcome[start + len(asked) :]
    end = re.search(r'"(?=, "|\.(?:\s|$)|$)', rest)
    return rest[: end.start()] if end else None


def _plain(text: str) -> str:
    """Markdown and code stripped to prose: code blocks removed, bold and list markers dropped."""
    text = re.sub(r"^[ \t]*```.*?(^[ \t]*```[ \t]*$|\Z)", " ", text, flags=re.S | re.M)
    return " ".join(_unbold(_MD_NOISE.sub("", text)).split())


def _unbold(text: str) -> str:
    return _BOLD.sub(r"\1", text)


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in split_outside_quotes(_SENTENCE_END, text) if s.strip()]  # ("«Az. Agr. X»" is one)


_NARRATION = re.compile(
    r"^(?:let me|now let me|now i|i'?ll|i will|first,? (?:let me|i)|next,? (?:let me|i)|here'?s|here is|"
    r"i'?ve (?:read|completed|thoroughly|now)|i have (?:read|completed)|i now have|now i have)\b",
    re.I,
)
_INTERJECTION = re.compile(
    r"^(?:perfect|great|excellent|good|ok(?:ay)?|alright|got it|done|sure|absolutely)[!.,]\s*", re.I
)


def _prose(text: str) -> str:
    """Only the running prose of a message: no code, headings, lists, tables or label lines."""
    text = re.sub(r"^[ \t]*```.*?(^[ \t]*```[ \t]*$|\Z)", "\n\n\ue000\n\n", text, flags=re.S | re.M)
    paragraphs: list[str] = []
    after_code = False
    for block in re.split(r"\n\s*\n", text):
        if block.strip() == "\ue000":
            # a code block inside a sentence ("la riga ```…``` usa `find`"): the words on either side are no
            # sentence of their own, and joined they were quoted as words Claude never wrote (fresh25's fattura)
            if paragraphs and not re.search(r"[.!?:…。！？]\s*$", paragraphs[-1]):
                paragraphs[-1] = re.sub(r"(?:(?<=[.!?])\s+|^)[^.!?]*$", "", paragraphs[-1]).strip()
                paragraphs = [p for p in paragraphs if p]
            after_code = True
            continue
        if after_code and re.match(r"\s*[a-zà-ÿ]", block):
            block = re.sub(r"^[^.!?]*[.!?]\s*", "", block.strip(), count=1)
        after_code = False
        lines = [ln.strip() for ln in block.splitlines() if ln.strip()]
        plain = [(ln, _unbold(_MD_NOISE.sub("", ln)).strip()) for ln in lines]
        prose = [
            bare
            for ln, bare in plain
            # (a bold item's number is a list's too: "**3. Parameters** — `Parameters.cpp`" heads a list, and read
            # as prose its items were joined into one quote, "Parameters — … Tests — …")
            if not re.match(r"^(#|\||>|---|===|[-*+]\s|\d+[.)]\s)", ln)
            and not re.match(r"^\d+[.)]\s", bare)
            and not bare.endswith(":")
            and not (ln.isupper() and len(ln) > 3)
        ]
        if prose and len(prose) >= len(lines) / 2 and re.search(r"[.!?](\s|$)", " ".join(prose)):
            paragraphs.append(" ".join(prose))
    return _plain("\n\n".join(paragraphs))


def _informative(text: str, n: int) -> str:
    """Up to `n` sentences that say something: no process narration ("Let me…"), no headings or lists."""
    picked = []
    for sentence in _sentences(_prose(text)):
        sentence = _INTERJECTION.sub("", sentence).strip()
        if len(sentence) < 25 or sentence.endswith(":") or "---" in sentence or _NARRATION.match(sentence):
            continue
        picked.append(sentence)
        if len(picked) == n:
            break
    return shorten_words(" ".join(picked), 360)


def _cue_sentence(text: str) -> str:
    for sentence in _sentences(_prose(text)):
        if _DISCOVERY.search(sentence) and len(sentence) >= 25:
            return shorten_words(_INTERJECTION.sub("", sentence).strip(), 300)
    return ""


_number = number_word


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _sent_off(description: str | None, language: str) -> str:
    """The sentence that sends a subagent off: its task read into the English sentence ("off to find the
    column checks"), or quoted as written when the post is in another language, whose words lowercased or
    read after "to" would be wrong ("off to spaltenannahmen im ETL finden")."""
    if not description:
        return "Claude sent a subagent off to look into something."
    if language_key(language) != "en":
        return f"Claude sent a subagent off with the task “{session_inline(description)}”."
    return f"Claude sent a subagent off to {session_inline(_lower_first(description))}."


def _lower_first(text: str) -> str:
    if len(text) > 1 and text[0].isupper() and not text[1].isupper():
        return text[0].lower() + text[1:]
    return text


def _blockquote(text: str, limit: int = 700) -> str:
    text = _IMAGE_MARKER.sub("", text).strip()  # Claude Code's "[Image #1]": the image itself follows
    if len(text) > limit:
        text = shorten_words(text, limit)
    return session_quote(text)  # its code stays code (beside the quote), the rest is shown as typed


def _condense_summary(text: str) -> str:
    """The prose of a compaction summary, without its numbered headings: a few sentences."""
    lines = []
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped or stripped.startswith(("#", "```")) or stripped.endswith(":"):
            continue
        stripped = re.sub(r"^(\d+[.)]|[-*+])\s+", "", stripped)
        stripped = re.sub(r"^\*\*[^*]+\*\*:?\s*", "", stripped)
        if len(stripped) > 20:
            lines.append(stripped)
    return shorten_words(" ".join(_sentences(_plain(" ".join(lines)))[:3]), 500)
