"""What outline and draft share: the prompt context built from triage and the facts, and the options."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from retell.errors import RetellError
from retell.events import (
    ASSISTANT,
    COMMAND,
    HUMAN,
    PEER,
    PROMPT,
    SUBAGENT,
    TOOL_RUN,
    TURN_DURATION,
    Event,
    EventLog,
)
from retell.extract.requests import is_request_command
from retell.extract.subagents import spawn_ran
from retell.extract.testlines import shows_failure
from retell.extract.testruns import run_failed, told_runs
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import (
    CHANGE_TOOLS,
    DIFFERENCES_FOUND,
    NO_MATCH,
    SHELL_TOOLS,
    TURNED_DOWN,
    is_test_command,
    run_lines,
)
from retell.report import gap_phrase, plural, utc_minute
from retell.templating import TemplateLibrary
from retell.triage.model import LENGTHS, Triage
from retell.triage.stage import Parsed
from retell.write.facts import format_duration, session_facts
from retell.write.locales import (
    cache_percent,
    counts_characters,
    gendered_verbs,
    language_name,
    length_range,
    length_rule,
    scale,
)
from retell.write.material import pasted_quote
from retell.write.style import load_style
from retell.write.timetext import author_clock

ANGLE_HELP = {
    "process": "how the session went, step by step, with its turns",
    "decision": "why one approach won over another",
    "methodology": "a reusable way of working the reader can apply",
    "capability": "what the tool can now do, shown through the session",
    "tool-building": "making the tool itself",
}
MAX_NOTE_CHARS = 20_000
PARAGRAPH_WORDS = 120  # the craft's "a paragraph … about 120 words", in the post's unit


def length_text_short(n: int, language: str) -> str:
    """A length in the post's unit, as the prompts say one: "120 words", "250 characters"."""
    return f"{n:,} {'characters' if counts_characters(language) else 'words'}"


@dataclass
class StageOptions:
    engine: str | None = None
    model: str | None = None
    force: bool = False
    dry_run: bool = False
    max_cost: float | None = None
    jobs: int = 3
    prompts_dir: Path | None = None
    max_input_tokens: int = 60_000


def handoff_answers_edited(path: Path, options: StageOptions, stages: set[str]) -> list[Path]:
    """With the hand-off engine: the answers of these stages edited since retell read them (none otherwise), so a
    stage whose output is otherwise current is made again from them."""
    if options.engine != "handoff":
        return []
    from retell.llm.handoff import answers_edited_since_read

    return answers_edited_since_read(path, stages)


def example_ids(events: list[Event]) -> list[str]:
    """Two ids of events the material shows, for the prompts' marker examples (`<!-- ev: e3 e5 -->`): ids in the
    form the material uses, `e3` in one session and `37f83ec9-e85` in several, so the model copies that form."""
    told = [e.id for e in events if e.kind in (HUMAN, ASSISTANT) and e.id] + [e.id for e in events if e.id]
    # Two different ids, or one: an example of the same id twice (`e2 e2`) is one a model copies.
    chosen = list(dict.fromkeys(told))[:2]
    order = {e.id: i for i, e in enumerate(events)}
    return sorted(chosen, key=lambda i: order.get(i, 0)) or ["e1"]  # in the material's order: `e1 e2`


def system_context(
    triage: Triage, manifest: dict[str, Any], view: EventLog, *, title_set: bool = False
) -> dict[str, Any]:
    """The variables of prompts/system.md.j2. Author notes go in as written: a secret in one is stopped by
    the guard (triage never saw it, so it cannot be cleared there). `title_set`: the author set the post's title
    in triage.yaml (it is kept as it is); else it is retell's guess from the session's words, which the outline's
    titles replace."""
    notes = []
    for path in triage.story.notes:
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise RetellError(f"cannot read the note {path}: {exc.strerror}") from None
        notes.append({"name": Path(path).name, "text": text[:MAX_NOTE_CHARS]})
    style = load_style()
    facts = session_facts(manifest, triage.told_sessions(), view.events) | uncounted(view.events)
    return {
        "post": triage.post,
        "title_set": title_set,
        "story": triage.story,
        "angle_help": ANGLE_HELP.get(triage.story.angle, ""),
        "words": LENGTHS[triage.post.length],
        "length": length_range(triage.post.language, triage.post.length),
        "length_rule": length_rule(triage.post.language),
        # a paragraph's length in the post's unit: "about 120 words" was the one figure a Chinese or Japanese
        # prompt gave in words (material round 63: one unit per language)
        "paragraph_length": length_text_short(scale(PARAGRAPH_WORDS, triage.post.language), triage.post.language),
        "gendered": gendered_verbs(triage.post.language),
        "language_name": language_name(triage.post.language),
        "facts": facts,
        "cache_percent": cache_percent(facts),  # as the post's table prints it
        "notes": notes,
        "links": triage.story.links,
        "banned_examples": ", ".join(f"“{p}”" for p in style.examples[:6]),
        "ids": example_ids(view.events),
        # the rule on pasted text, only where the material marks some (every line a model reads costs)
        "pasted": any(e.kind == HUMAN and pasted_quote(e.text) for e in view.events),
        # the rule on another Claude Code session's messages, only where one is there (stop 63: a change made at its
        # request was told as the author's wish, and its claim as checked before Claude checked it)
        "peer": any(e.kind == PROMPT and e.name == PEER for e in view.events),
        # the author's clock, when their post's date gives its offset (else times stay UTC, and no time of day)
        "author_clock": author_clock(triage.post.date, next((c.start for c in view.chapters if c.start), None)),
    }


def title_set(triage: Triage, parsed: Parsed) -> bool:
    """Whether the author set the post's title in triage.yaml (triage.generate.title_set_by_author)."""
    from retell.triage.generate import title_set_by_author

    return title_set_by_author(triage.post.title, parsed.log, triage.post.language)


def uncounted(events: list[Event]) -> dict[str, int | str]:
    """What the material shows that the session's counts leave out, so the Numbers block can say so: commands
    the author ran themselves (`!` shell commands, slash commands without a request), which are not "messages
    from the author", subagents that failed before they started, which are not "subagents", and the failed
    tool calls that are test runs whose tests failed: counted as failed, though a test written first is run
    to fail (a model told "8 (1 failed)" wrote the red run that reproduced a bug as a setback)."""
    told = [e for e in events if not e.sidechain and not e.abandoned]
    commands = [e for e in told if e.kind == COMMAND and not is_request_command(e)]
    shell = sum(1 for e in commands if e.name == "!")
    slash = sum(1 for e in commands if (e.name or "").startswith("/"))
    ran = [plural(shell, "`!` shell command")] if shell else []
    ran += [plural(slash, "slash command")] if slash else []
    red = sum(
        1
        for e in told
        if e.kind == TOOL_RUN
        for c in e.calls or ()
        if c.name in SHELL_TOOLS
        and c.error
        and c.error != TURNED_DOWN
        and is_test_command(c.target)
        and not _tests_passed(c.outcome)
    )
    # a search that matched nothing, a comparison that found a difference: exit 1 as the answer, never counted as
    # failed, though the transcript marks it as an error (round 49: the material said "exit 1" beside "1 failed")
    errors = [c.error for e in told if e.kind == TOOL_RUN for c in e.calls or ()]
    unmatched, differ = errors.count(NO_MATCH), errors.count(DIFFERENCES_FOUND)
    answers = [plural(unmatched, "search that matched nothing", "searches that matched nothing")] if unmatched else []
    answers += (
        [plural(differ, "comparison that found a difference", "comparisons that found a difference")] if differ else []
    )
    return {
        "red_runs": plural(red, "test run") if red else "",
        "answers": " and ".join(answers),
        "to_commit": to_commit(told),
        "from_message": from_message(told),
        "away": away(told),
        "own_commands": " and ".join(ran),  # "1 `!` shell command and 1 slash command"
        # a slash command with the author's words after it is a message, counted as one: said so, or a reader of
        # the material finds one message fewer than the count (fe5e1c67's `/orchestrator …`: stop 52)
        "request_commands": _request_commands(told),
        "failed_subagents": sum(1 for e in told if e.kind == SUBAGENT and not spawn_ran(e)),
    }


def _request_commands(told: list[Event]) -> str:
    """The slash commands "messages from the author" counts, as "1 of them the slash command `/x` with their
    words after it"; "" for none."""
    names = [e.name or "" for e in told if e.kind == COMMAND and is_request_command(e)]
    if not names:
        return ""
    shown = ", ".join(f"`{n}`" for n in dict.fromkeys(names))
    kind = "the slash command" if len(names) == 1 else "slash commands"
    return f"{len(names)} of them {kind} {shown} with their words after it"


def _tests_passed(outcome: str | None) -> bool:
    """Whether a failed call's test runs all passed: `vitest run && vue-tsc` failed on the type-check after its
    tests passed, and is no test run whose tests failed (blind25's Korean prompt counted it as one)."""
    runs = told_runs(outcome)
    return bool(runs) and not any(run_failed(run) for run in runs)


_COMMIT = re.compile(r"\bgit\s+(?:-\S+\s+)*commit\b")
_GIT_FIRST = re.compile(r"\s*git\s")  # `git add tests/test_x.py` names a test, runs none


def to_commit(events: list[Event]) -> str:
    """The time from the author's first message to the session's last commit that went through ("24 min"), ""
    with none: what an opening's "in under half an hour" can rest on, where the session's length runs on past it
    (round 49: a thank-you a minute after the commit made the only figure the session's length)."""
    first = next((e.ts for e in events if e.kind == HUMAN and e.ts), None)
    commits = [
        e.ts
        for e in events
        if e.kind == TOOL_RUN and e.ts
        for c in e.calls or ()
        # (every part of the command: a commit chained after a heredoc's end is one: blind28)
        if c.name in SHELL_TOOLS and not c.error and _COMMIT.search(run_lines(c)) and c.output
    ]
    if first is None or not commits:
        return ""
    start, end = to_epoch_ms(first), to_epoch_ms(commits[-1])
    if start is None or end is None or end <= start:
        return ""
    # to the second under ten minutes, as `from_message` gives it: "8 min" of 7 min 30 s was told "eight minutes"
    return _since(start, end)


AWAY_MS = 30 * 60_000  # a pause this long inside the span the times above count is said with them


def away(events: list[Event]) -> str:
    """The long pauses between the author's first message and the session's last tool run or reply, where no one
    was at work: "1 h 31 min between [e24] and [e26]". Round 55: a post told "1 h 34 min" from the request to the
    commit as time spent on the work, where 1 h 23 min of it the author was at lunch. "" with none."""
    told = [e for e in events if _ms(e) and not e.sidechain and not e.abandoned and e.kind != TURN_DURATION]
    first = next((i for i, e in enumerate(told) if e.kind == HUMAN), None)
    if first is None:
        return ""
    pauses = [
        f"{format_duration(_ms(after) - _ms(before))} between [{before.id}] and [{after.id}]"
        for before, after in zip(told[first:], told[first + 1 :], strict=False)
        if _ms(after) - _ms(before) >= AWAY_MS
    ]
    return "; ".join(pauses)


# A git command that makes a commit: `git commit`, and a merge, a cherry-pick, a revert or `git am` (ef958aa1 in the
# corpus merged its teammates' branches twice with `git merge --no-ff -m …` and its ending was told "nothing was
# committed")
_MAKES_A_COMMIT = re.compile(
    r"\bgit\s+(?:-\S+\s+)*(?:commit|merge(?!\s+--abort)|cherry-pick(?!\s+--abort)|revert(?!\s+--no-commit)|am)\b"
)


def _told(events: list[Event]) -> list[Event]:
    return [e for e in events if not e.sidechain and e.kind in (HUMAN, ASSISTANT, TOOL_RUN, COMMAND)]


def _ran(event: Event) -> bool:
    """Whether `event` ran commands: Claude's tool run, or the author's own `!` command (bash mode), whose call the
    session keeps alike (a commit the author made with `! git commit -am …` is a commit: stop 60, a blind writer's
    finishing prompt said "nothing was committed" of fresh38's sawmill)."""
    return event.kind == TOOL_RUN or (event.kind == COMMAND and event.name == "!")


def _commits(told: list[Event]) -> list[Event]:
    return [
        e
        for e in told
        if _ran(e)
        for c in e.calls or ()
        if c.name in SHELL_TOOLS and not c.error and _MAKES_A_COMMIT.search(run_lines(c)) and c.output
    ]


def left_uncommitted(events: list[Event]) -> bool:
    """Whether the session changed a file and no commit went through (blind20's editor asked an ending to say so:
    round 50): the finishing prompt names it among the parts still open (material round 63)."""
    told = _told(events)
    changed = any(c.name in CHANGE_TOOLS and not c.error for e in told if e.kind == TOOL_RUN for c in e.calls or ())
    return changed and not _commits(told) and _uses_git(told)


_GIT = re.compile(r"(?<![\w./-])git\s+-?\w")


def _uses_git(told: list[Event]) -> bool:
    """Whether any command of the session ran git: of a session that never did, "nothing was committed" reads as a
    claim about a repository the folder may not be (three blind writers' endings said "not committed yet" of such
    sessions, stop 58)."""
    return any(_GIT.search(c.target or "") for e in told if _ran(e) for c in e.calls or ())


def session_end(events: list[Event]) -> str:
    """How the session ends, for the model writing the ending (never a sentence for the post): on whose word or act,
    and whether a commit went through. Round 50: endings that stopped on Claude's summary as if the work were taken up
    ("which is what I had asked for", "这正是我要的"), where the author never answered it and nothing was committed.
    Stop 52 (the corpus drafted with a model in the loop): what came after the last words is said (the author's own
    test run after Claude's reply, Claude's runs after the author's last message), a merge is a commit, and
    "uncommitted" is said only of a session that changed a file. Material round 63: the rules on how to tell it are
    the finishing prompt's, stated once there; this says only what happened (its "say that the work stayed
    uncommitted, with Claude's summary unanswered" pulled against "never write that the author wrote nothing more"
    and "name no state the sections tell")."""
    told = _told(events)
    if not told:
        return ""
    commits = _commits(told)
    changed = any(c.name in CHANGE_TOOLS and not c.error for e in told if e.kind == TOOL_RUN for c in e.calls or ())
    last = told[-1]
    words = [e for e in told if e.kind in (HUMAN, ASSISTANT)]
    after = told[told.index(words[-1]) + 1 :] if words else []
    own_runs = [e for e in after if e.kind == COMMAND and e.name == "!"]  # the author's own shell commands
    runs = [e for e in after if e.kind == TOOL_RUN]
    if words and own_runs:
        ran, whose = own_runs[-1], "Claude's last reply" if words[-1].kind == ASSISTANT else "their last message"
        text = (
            f"The session ends on the author's own command [{ran.id}] (`{(ran.args or '').strip()[:80]}`), run "
            f"after {whose} [{words[-1].id}]: what it printed is their own check"
        )
    elif words and words[-1].kind == ASSISTANT:
        text = f"The session ends on Claude's reply [{words[-1].id}] (the author wrote nothing after it)"
        if runs:
            text = (
                f"The session ends on Claude's tool run [{runs[-1].id}], after its last reply [{words[-1].id}] "
                "(Claude said nothing of what it ran last, and the author wrote nothing after it)"
            )
    elif words:
        text = f"The session ends on the author's message [{words[-1].id}]"
        if runs:
            text += f", then Claude's tool runs, the last [{runs[-1].id}], with no reply of Claude's after them"
    else:
        text = f"The session ends on [{last.id}]"
    text += f", and the last commit [{commits[-1].id}] went through" if commits else ""
    if not commits and changed and _uses_git(told):
        text += ", and nothing was committed"
    return text + "." + never_failed(told)


# A test's file, by the names test runners look for (`tests/`, `test_x.py`, `x_test.go`, `x.spec.ts`, `x_spec.rb`)
_TEST_FILE = re.compile(
    r"(?:^|/)(?:tests?|spec|__tests__)/|(?:^|/)test_[^/]+$|[_.](?:test|spec)\.\w+$|Tests?\.\w+$", re.I
)


def never_failed(events: list[Event]) -> str:
    """The test files Claude wrote in the session whose runs afterwards never failed: the new tests were only ever
    seen passing, never on the code before the change they check. Round 55: endings called the work proven by a
    regression test that had only ever run on the fixed code. "" where a run after them failed, or none ran."""
    written: list[tuple[str, str]] = []  # (event id, file)
    runs: list[bool] = []  # after the first test file written: whether each run of the tests failed
    for event in events:
        if event.kind != TOOL_RUN:
            continue
        for call in event.calls or ():
            path = call.target or ""
            if call.name == "Write" and not call.error and not call.rewrite_of and _TEST_FILE.search(path):
                if path not in (f for _, f in written):
                    written.append((event.id, path))
            elif written and call.name in SHELL_TOOLS and is_test_command(path) and not _GIT_FIRST.match(path):
                runs.append(bool(call.error) or shows_failure(call.outcome or call.output or ""))
    if not written or not runs or any(runs):
        return ""
    files = ", ".join(f"`{PurePosixPath(f).name}` [{i}]" for i, f in written[:3])
    return (
        f" The test files Claude wrote ({files}) passed in every run after them: no run shows them failing, on the "
        "code before the change they check or at all. Where the ending tells what they show, it says they were only "
        "ever seen passing: one of the parts still open."
    )


def from_message(events: list[Event]) -> str:
    """The times of the session's landmarks counted from the author's first message: Claude's first change that
    went through, its last tool run, its last reply, and what came before the message (a `/clear`, a command the
    author ran) that the session's length counts from. "" without a timed message. Round 50: an opening's "Two
    minutes later" counted from a `/clear` a minute before the request, where the edit came 53 s after it."""
    told = [e for e in events if _ms(e) and not e.sidechain]
    first = next((e for e in told if e.kind == HUMAN), None)
    if first is None:
        return ""
    start = _ms(first)
    after = [e for e in told if _ms(e) >= start and e is not first]
    marks: list[str] = []
    change = next(
        (e for e in after if e.kind == TOOL_RUN and any(c.name in CHANGE_TOOLS and not c.error for c in e.calls or ())),
        None,
    )
    if change is not None:
        marks.append(f"Claude's first change that went through [{change.id}] {_since(start, _ms(change))} later")
    runs = [e for e in after if e.kind == TOOL_RUN]
    if runs and runs[-1] is not change:
        marks.append(f"its last tool run [{runs[-1].id}] {_since(start, _ms(runs[-1]))} later")
    replies = [e for e in after if e.kind == ASSISTANT]
    if replies:
        marks.append(f"its last reply [{replies[-1].id}] {_since(start, _ms(replies[-1]))} later")
    if not marks:
        return ""
    text = f"from the author's first message [{first.id}]: " + ", ".join(marks)
    before = [e for e in told if _ms(e) < start]
    if before:
        what = "a `/clear`" if before[0].kind == COMMAND and before[0].name == "/clear" else "an earlier step"
        ahead = _since(_ms(before[0]), start)
        text += f"; the session's length counts from [{before[0].id}] ({what}), {ahead} before that message"
    return text


def _ms(event: Event) -> int:
    return to_epoch_ms(event.ts or "") or 0 if event.ts else 0


def _since(start: int, end: int) -> str:
    """A short time to the second ("53 s", "2 min 06 s"), a long one in minutes as the numbers give them."""
    ms = max(0, end - start)
    if ms >= 10 * 60_000:
        return format_duration(ms)
    minutes, seconds = divmod(round(ms / 1000), 60)
    return f"{minutes} min {seconds:02d} s" if minutes else f"{seconds} s"


def prompts(options: StageOptions) -> TemplateLibrary:
    return TemplateLibrary("prompts", options.prompts_dir)


def session_openings(view: EventLog) -> dict[str, str]:
    """In a story of several sessions: the first told chapter of each session -> a line that places it in
    time ("Session 2 of 3 (d3ad4cdc), 2025-06-08 11:00 UTC, four minutes after the previous one ended; it
    continues that one"). Empty for one session."""
    if len(view.sessions) < 2:
        return {}
    sessions = {s.key: s for s in view.sessions}
    openings: dict[str, str] = {}
    previous = None
    ended = None  # when the last chapter told before this one ended
    for chapter in view.chapters:
        session = sessions.get(chapter.session or "")
        if session is None or session is previous:
            ended = chapter.end or ended
            continue
        n = view.sessions.index(session) + 1
        # The times of what is told, as the chapters' "When" lines give them: a session file often opens with
        # records nobody tells (Claude Code's caveat before a `/clear`), minutes or hours before its first chapter.
        start = chapter.start or session.start
        line = f"Session {n} of {len(view.sessions)} ({session.key}), {utc_minute(start)}"
        if previous is not None:
            gap = gap_phrase(ended or previous.end, start)
            line += f", {gap.replace(' later', ' after')} the previous one ended" if gap.endswith("later") else ""
            if session.continues == previous.key:
                line += "; it resumes that one" if session.resumed else "; it continues that one"
        openings[chapter.id] = line
        previous = session
        ended = chapter.end or ended
    return openings


def chapter_titles(triage: Triage, view: EventLog) -> dict[str, str]:
    titles = {c.id: c.title for c in triage.chapters}
    return {c.id: titles.get(c.id) or f"Part {c.index}" for c in view.chapters}
