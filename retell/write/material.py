"""The cleared view as prompt material: one compact line per event, condensed to a token budget.

What a line carries: who spoke or what was done, with the event's id to cite; for tool work, what it changed
and what it said (an edit's changed lines, a build's or a test run's telling output: the outcomes a post shows);
for Claude Code's own summaries (a compaction's, an away recap), the summary framed as what it is and cut to a
budget; and between events, the pauses that matter (an hour or more, a new day), so the prose can place them.

Condensation is deterministic and reported: first the outcomes shrink to their share of the budget, then long
texts are trimmed, then the lowest-value events are dropped (pacing, tool runs, thinking, middle assistant
messages); the author's own words never are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from retell.events import (
    ASSISTANT,
    BRIDGE,
    COMMAND,
    HUMAN,
    IMAGE,
    INTERRUPT,
    PEER,
    PLAN,
    PROMPT,
    RECAP,
    SUBAGENT,
    THINKING,
    TOOL_RUN,
    TURN_DURATION,
    Event,
    Subagent,
    ToolCall,
)
from retell.extract.shellwords import echoed
from retell.extract.testlines import no_verdict, shows_failure
from retell.extract.testruns import passing_line, told_runs
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import (
    ANSWERS,
    CHANGE_TOOLS,
    EXCEPTION_LINE,
    EXCERPT_WHOLE,
    INTERRUPTED,
    NO_MATCH,
    NO_OUTPUT,
    SEARCH_TOOLS,
    SHELL_TOOLS,
    TURNED_DOWN,
    excerpt_lines,
    family,
    is_outcome_command,
    is_test_command,
    question_answers,
    run_lines,
    says_how_it_went,
    shorten,
    shorten_words,
    tells_outcome,
)
from retell.llm.request import CHARS_PER_TOKEN, estimate_tokens
from retell.markup import code_blocks
from retell.report import plural
from retell.write.after_change import after_change_notes
from retell.write.commit_text import COMMIT as _COMMIT
from retell.write.commit_text import commit_message
from retell.write.cut_readings import cut_reading_notes
from retell.write.facts import format_duration, worked_minutes
from retell.write.figure_sources import figure_notes
from retell.write.guessed_causes import guessed_cause_notes
from retell.write.promises import gap_notes
from retell.write.room import SUBAGENT_OUTPUTS_HEAD
from retell.write.run_notes import (
    claude_word_notes,
    failure_count_notes,
    is_install,
    one_run_notes,
    piped_status,
    piped_status_notes,
    query_column_notes,
    telling_lines,
    ungated_notes,
)
from retell.write.timetext import clock_text, moment_text
from retell.write.unsaid import unnamed_change_notes

# Dropped first when over budget (lowest story value first).
_DROP_ORDER = (TURN_DURATION, TOOL_RUN, IMAGE, THINKING, COMMAND, PROMPT, ASSISTANT, SUBAGENT, PLAN, RECAP, BRIDGE)
_TRIM_STEPS = (4000, 1500, 600, 250)

# Claude Code's own summaries (a compaction's can run to 20,000 characters): at most this much of one in a
# prompt, its parts chosen by what a post needs (bench/bridge_share.py measures the share of each prompt).
SUMMARY_CHARS = 3000
# The outcomes of tool work (diffs, telling output lines) take at most this share of a material's budget:
# the lines shown per call shrink until they fit.
OUTCOME_SHARE = 0.3
_OUTCOME_LINES = (14, 8, 4, 2, 0)
# A pause this long between two events is stated between them; so is a new (UTC) day.
PAUSE_NOTE_MS = 60 * 60 * 1000

SUMMARY_FRAME = {
    BRIDGE: (
        "CLAUDE CODE'S SUMMARY, written by Claude Code when it compacted its context (not the author's words, "
        "not Claude's words to the author; it may cover work from before the chapters told here and may be "
        "wrong about the order of events: use it to bridge, never quote it, and cite {id} for what you take "
        "from it)"
    ),
    RECAP: (
        "CLAUDE CODE'S RECAP, written by Claude Code when the author came back after a break (not the author's "
        "words; it may be wrong about the order of events: use it to bridge, never quote it, and cite {id} for "
        "what you take from it)"
    ),
}


@dataclass
class Material:
    text: str
    tokens: int
    events: int
    condensed: list[str] = field(default_factory=list)  # what was done to fit, for the report


# An IDE's link to a place in a file, in Claude's words: `[next.config.js](cci:1://file://~/x/next.config.js:0:0-0:0)`
# or `[vercel.json](vercel.json:20:8-23:9)`. The name is what it says; the target is no link a post can carry (and
# one copied into a post is refused), so the material gives the name alone.
_EDITOR_LINK = re.compile(r"\[([^\]\n]{1,200})\]\((?:cci:\d+://[^)\s]*|[^)\s:]+:\d+:\d+-\d+:\d+)\)")


def editor_links(text: str | None) -> str | None:
    """Claude's text with each IDE link to a file position replaced by its name (in backticks, as a file is)."""
    if not text or "](" not in text:
        return text
    return _EDITOR_LINK.sub(lambda m: m.group(1) if m.group(1).startswith("`") else f"`{m.group(1)}`", text)


def event_line(
    event: Event,
    limit: int | None = None,
    outcome_lines: int = _OUTCOME_LINES[0],
    printed: Printed = None,
    *,
    exact: bool = False,
    scripts: Scripts | None = None,
) -> str:
    """One event as a line a model can cite by id (with its outcomes, for tool work, on lines below it).
    `printed`: the calls whose plain output is shown (see `chosen_printouts`); None shows every one. `exact`:
    what a fact-check needs besides (a subagent's type, a call's target in full where its line cuts it).
    `scripts`: the calls whose whole command of several lines is shown (see `chosen_scripts`); None: none."""

    def clip(text: str | None) -> str:
        text = (text or "").strip()
        return shorten(text, limit) if limit else text

    tag = f"[{event.id}]" + (" (tried, then rewound: not what finally happened)" if event.abandoned else "")
    if event.rewound_before:
        tag = f"{REWOUND_BEFORE}\n{tag}"
    kind = event.kind
    if kind == HUMAN:
        extra = f" ({typed_while_claude_worked(event)})" if event.queued else ""
        if pasted_quote(event.text):
            extra += " (its `>` lines are text they pasted, not their own words)"
        if cut_paste(event.text):
            extra += " (a paste in it shows `...` where they left lines out: part of the output, not all of it)"
        images = f" [pasted image: {', '.join(event.images)}]" if event.images else ""
        return f"{tag} AUTHOR{extra}: {clip(event.text)}{images}"
    if kind == ASSISTANT:
        return f"{tag} CLAUDE: {clip(editor_links(event.text))}"
    if kind == THINKING:
        return f"{tag} CLAUDE (private thinking, never quote): {clip(event.text)}"
    if kind == PLAN:
        return f"{tag} CLAUDE proposed a plan: {clip(event.text)}"
    if kind == TOOL_RUN:
        # a failed command's "Exit code 1" is told by its output below, with the lines that say why
        stopped = [c for c in event.calls or () if c.error == INTERRUPTED]
        told = [c for c in event.calls or () if c.error != INTERRUPTED]
        errors = [c.error for c in told if c.error and not (c.output and outcome_lines)]
        failed = f" — failed: {shorten(errors[0], 160)}" if errors else ""
        if errors and errors[0] == TURNED_DOWN:  # not a failure of the command: the author said no
            failed = f" — {TURNED_DOWN}"
            turned = [c for c in told if c.error == TURNED_DOWN]
            if len(turned) < len(told):  # the rest went through: which the author said no to, by name
                which = ", ".join(f"`{PurePosixPath(c.target).name if c.target else c.name}`" for c in turned)
                failed = f" — {which} {TURNED_DOWN} ({len(turned)} of its {len(told)} calls); the rest went through"
        if stopped:  # not a failure either: what it printed before the stop (below) says how far it got
            printed_some = outcome_lines and any(c.output for c in stopped)
            failed = f" — {INTERRUPTED}" + (", after printing what follows" if printed_some else "") + failed
        head = f"{tag} TOOLS: {event.summary}{named_commands(event)}{failed}"
        return (
            head
            + (targets_block(event, head) if exact else "")
            + commit_messages(event, head)
            + answers_block(event)
            + outcome_block(event, outcome_lines, printed, scripts)
        )
    if kind == SUBAGENT and event.subagent is not None:
        agent = event.subagent
        who = agent.description or agent.agent_type or "a subagent"
        typed = f" (agent type: {agent.agent_type})" if exact and agent.agent_type and agent.agent_type != who else ""
        parts = [f"{tag} SUBAGENT “{who}”{typed}"]
        if agent.prompt:
            # (quoted: its first word after "asked:" read as a person asked, "was asked: Durchsuche das Repository…")
            parts.append(f" was asked: “{clip(agent.prompt)}”")
        parts.append(subagent_work(agent))
        if agent.result:
            parts.append(f" | reported back: {clip(agent.result)}")
        elif agent.error:
            parts.append(f" | failed: {agent.error}")
        shown = subagent_outputs(agent, outcome_lines)
        return "".join(parts) + ("\n" + "\n".join(shown) if shown else "")
    if kind == IMAGE:
        return f"{tag} IMAGE {event.asset} (returned by {event.source})"
    if kind == COMMAND and event.name == "!":  # the author's own shell command, what it printed under it
        ran = f"{tag} AUTHOR ran `{clip(event.args)}` themselves (a `!` command in Claude Code)"
        return ran + outcome_block(event, outcome_lines, scripts=scripts)
    if kind == COMMAND:
        ran = f"{tag} AUTHOR ran {event.name}{' ' + clip(event.args) if event.args else ''}"
        return ran + outcome_block(event, outcome_lines)
    if kind == INTERRUPT:
        return f"{tag} AUTHOR interrupted Claude"
    if kind == PROMPT and event.name == PEER:
        # (stop 62: a writer of fresh42's homestay told a format change as Claude's own idea, its origin unseen)
        return f"{tag} ANOTHER CLAUDE SESSION wrote to Claude (not the author's words): {clip(event.text)}"
    if kind == PROMPT:
        return f"{tag} PARENT AGENT: {clip(event.text)}"
    if kind == TURN_DURATION:
        minutes = (event.duration_ms or 0) / 60000
        return f"{tag} (Claude worked {minutes:.1f} min on that turn)"  # ("that turn took" read as a wait)
    if kind in (BRIDGE, RECAP):
        frame = SUMMARY_FRAME[kind].format(id=event.id)
        chars = SUMMARY_CHARS if limit is None else min(SUMMARY_CHARS, max(limit, 600))
        return f"{tag} {frame}:\n{condense_summary(event.text or '', chars)}"
    return f"{tag} {kind}: {clip(event.text)}"


def typed_while_claude_worked(event: Event) -> str:
    """What a queued message's line says of its time: typed while Claude worked; for one Claude Code delivered
    later (`typed_at`), when it was typed and when it reached Claude, so that neither its place after the events
    in between nor the time between reads as a reply to them (round 45: "4 minutes after the test output I
    wrote…", of a note typed as the run began)."""
    typed, delivered = to_epoch_ms(event.typed_at or ""), to_epoch_ms(event.ts or "")
    if typed is None or delivered is None or delivered < typed:
        return "typed while Claude worked"
    return (
        f"typed while Claude worked, at {clock_text(event.typed_at)}; it reached Claude "
        f"{worked_minutes(delivered - typed).replace('under a minute', 'less than a minute')} later, at "
        f"{clock_text(event.ts)}, when the step then running ended: not a reply to what came in between"
    )


FULL_TARGET_CHARS = 400  # a call's target given in full (a query, a command line), at most this long

# Two or more lines of an author's message quoted with `>`: text they pasted (a report, a finding, a log).
_QUOTED_LINES = re.compile(r"^[ \t]*>", re.M)


def pasted_quote(text: str | None) -> bool:
    return bool(text) and len(_QUOTED_LINES.findall(text or "")) >= 2


# A line of only "..." (or "…", "[...]", "(…)") inside a fenced block of the author's: where they cut what they
# pasted. Never a test runner's progress line (ExUnit's, pytest's, RSpec's `....................`: a dot per test,
# five or more): a note called a whole log "part of the output" for its dots (material round 60)
_CUT_LINE = re.compile(r"^[ \t]*(?:\.{3,4}|…|\[(?:\.{3}|…)\]|\((?:\.{3}|…)\))[ \t]*$", re.M)


def cut_paste(text: str | None) -> bool:
    """Whether the author's message pastes output they shortened themselves (a stack trace ending in `...`): a
    post must not call it the whole trace."""
    return any(_CUT_LINE.search(block) for block in code_blocks(text or ""))


COMMIT_MESSAGE_CHARS = 1500


def commit_messages(event: Event, line: str) -> str:
    """Each commit's message in full under a run's line that cuts it short (`git commit -m "fix(api): …`):
    what the message says (that it names the finding the author asked it to name) is a fact a post tells."""
    out = []
    for call in event.calls or ():
        target = call.target or ""
        # (every part of the command: `python - <<'PY' … PY` then `git commit -qam '…'` commits too: blind28)
        ran = run_lines(call) if call.name in SHELL_TOOLS else ""
        if not _COMMIT.search(ran):
            continue
        whole = call.command if call.command and "\n" not in call.command else target
        if not _COMMIT.search(whole):  # (its commit on a line after the first)
            whole = next((ln for ln in ran.splitlines() if _COMMIT.search(ln)), whole)
        message = commit_message(whole)
        if message and " ".join(message.split()) not in " ".join(line.split()):
            out.append(f"  commit message: “{shorten(message, COMMIT_MESSAGE_CHARS)}”")
        if whole.endswith("…"):
            # a message cut short (an older work folder, a very long message): what it says past the cut, and
            # Claude's word on it, cannot be checked (round 49: "pai…", and "the message mentions the prod refresh")
            cut = whole.rstrip("…").split()[-1] if whole.rstrip("…").split() else ""
            out.append(
                f"  (the command is cut short here, inside its commit message, at “{cut}…”: what the message says "
                "past that is not shown; what Claude says it holds is Claude's word)"
            )
    return "\n" + "\n".join(out) if out else ""


def targets_block(event: Event, line: str) -> str:
    """Each call's target in full, under a run's line that cuts it (a search query ending "…capabilities 20…",
    a command named in 80 characters): what a claim quotes of it can be checked."""
    cut = [m.group(1).strip() for m in _CUT_SHORT.finditer(line)]
    out = []
    for call in event.calls or ():
        target = (call.target or "").strip()
        if target and not target.endswith("…") and any(len(c) >= 8 and target.startswith(c) for c in cut):
            out.append(f"  in full: `{shorten(target, FULL_TARGET_CHARS)}`")
    out.extend(_every_target(event, line))
    return "\n" + "\n".join(out) if out else ""


EVERY_TARGET = 40  # of a run's files, at most this many are named in full


def _every_target(event: Event, line: str) -> list[str]:
    """Every file a run of several reads or edits touched, when its line names only some ("Read 4 files in app/:
    a, b, c…"): a post that names the fourth was judged "not in the session" by a model shown three (blind12,
    R2:38)."""
    files = [c for c in event.calls or () if c.target and c.name not in SHELL_TOOLS and c.name not in SEARCH_TOOLS]
    targets = [(c.target or "").strip() for c in files]
    if len(targets) < 2 or all(PurePosixPath(t).name in line for t in targets):
        return []
    named = ", ".join(f"`{shorten(t, FULL_TARGET_CHARS)}`" for t in targets[:EVERY_TARGET])
    more = len(targets) - EVERY_TARGET
    return [f"  every file: {named}" + (f" and {more} more" if more > 0 else "")]


_CUT_SHORT = re.compile(r"[“`]([^“”`\n]+)…")  # a name the line cuts short: “…capabilities 20…”, `cmd &&…`


SUBAGENT_STEPS = 8  # of a subagent's own tool runs, at most this many are named (the rest counted)
SUBAGENT_STEP_CHARS = 90


def subagent_work(agent: Subagent) -> str:
    """` | its own work (24 tool uses, 1 min): [e2.3] Ran `tree -L 2`; [e2.5] Read 3 files …`: what a subagent
    did between its brief and its report, with the ids of its steps, so a post tells its work from what it did
    rather than from its report alone."""
    runs = [e for e in agent.events if e.kind == TOOL_RUN and e.summary and not e.abandoned]
    if not runs:
        return ""
    figures = [plural(agent.tool_uses, "tool use")] if agent.tool_uses else []
    if agent.duration_ms:
        figures.append(format_duration(agent.duration_ms))
    named = [f"[{e.id}] {shorten(e.summary or '', SUBAGENT_STEP_CHARS)}" for e in runs[:SUBAGENT_STEPS]]
    more = f"; and {plural(len(runs) - len(named), 'more step')}" if len(runs) > len(named) else ""
    head = f"its own work ({', '.join(figures)})" if figures else "its own work"
    return f" | {head}: " + "; ".join(named) + more


SUBAGENT_OUTPUT_LINES = 24  # of what a subagent's own runs printed, at most this many lines under its report
SUBAGENT_OUTPUT_CHARS = 240
# What a report states that an output line can hold: a figure (`61,877`, `3.5`), a name from code (`label_v2`,
# `tickets.csv`, `AuthError`, a code span), and a place a search printed (`Line 44` of `44:labels=…`).
_REPORT_NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?(?![\w])|(?<![\w.,])\d+(?:\.\d+)?(?![\w])")
_REPORT_NAME = re.compile(r"[A-Za-z_][\w-]*(?:[./:=][\w-]+)+|[A-Za-z]*_[\w]+|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*")
_REPORT_LINE = re.compile(r"\b[Ll]ines? (\d+)\b|:(\d+)\b")
_ELIDED_OUTPUT = re.compile(r"^… \(\d+ (?:more|earlier) lines?\b[^)]*\)$")


def _report_marks(report: str) -> tuple[set[str], re.Pattern[str] | None, set[str]]:
    """What a subagent's report states that its runs' outputs can show: its figures (three digits or more, or with
    a decimal: a `9` or a `12` is in every listing), the names from code it gives (a path's last part too), and the
    line numbers it cites."""
    numbers = {
        n.replace(",", "") for n in _REPORT_NUMBER.findall(report) if len(n.replace(",", "").replace(".", "")) >= 3
    }
    numbers |= {n for n in _REPORT_NUMBER.findall(report) if "." in n}
    spans = [m.strip() for m in re.findall(r"`([^`\n]+)`", report)]
    names = {n.strip(".:=/") for n in [*_REPORT_NAME.findall(report), *spans] if len(n.strip(".:=/")) >= 3}
    # a path's file by its name (`data/tickets.csv` of `ls`'s `tickets.csv`); never a word of prose joined by a slash
    # ("files/directories")
    names |= {PurePosixPath(n).name for n in names if "/" in n and "." in PurePosixPath(n).name[1:]}
    names = {n for n in names if "/" not in n or n in spans or re.match(r"[~./]|[\w.-]+/[\w.-]*\.\w", n)}
    places = {a or b for a, b in _REPORT_LINE.findall(report)}
    alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    return numbers, re.compile(rf"(?<![\w.-])(?:{alternatives})(?![\w-])") if names else None, places


def _draws_on(line: str, marks: tuple[set[str], re.Pattern[str] | None, set[str]]) -> bool:
    numbers, names, places = marks
    if {n.replace(",", "") for n in _REPORT_NUMBER.findall(line)} & numbers:
        return True
    if names is not None and names.search(line):
        return True
    place = re.match(r"^\s*(?:[\w./-]+:)?(\d+)[:-]", line)  # grep -n's `44:` (or `path:44:`)
    return bool(place and place.group(1) in places)


def subagent_outputs(agent: Subagent, max_lines: int) -> list[str]:
    """The lines a subagent's own runs printed that hold what its report states (its figures, the names from code
    it gives, the lines it cites), under its run's id: without them a post could tell the `ls`'s sizes or the
    grep's hits only as the report's words, where the subagent's own commands printed them (blind27, blind28). At
    most `max_lines` of each output, SUBAGENT_OUTPUT_LINES in all; the rest counted."""
    if max_lines <= 0 or not agent.result:
        return []
    marks = _report_marks(agent.result)
    out: list[str] = []
    left = SUBAGENT_OUTPUT_LINES
    untold = 0
    for run in agent.events:
        if run.kind != TOOL_RUN or run.abandoned:
            continue
        for call in run.calls or ():
            if not call.output or call.output == NO_OUTPUT:
                continue
            lines = [ln for ln in call.output.splitlines() if ln.strip() and not _ELIDED_OUTPUT.match(ln)]
            hits = [ln for ln in lines if _draws_on(ln, marks)]
            if not hits:
                continue
            kept = hits[: min(max_lines, left)]
            untold += len(hits) - len(kept)
            if not kept:
                continue
            left -= len(kept)
            target = shorten(call.target or call.name, NAMED_COMMAND_CHARS)
            did = f"its search for “{target}” found" if call.name in SEARCH_TOOLS else f"`{target}` printed"
            total = _printed_count(call.output)
            of = "" if len(kept) == total else f" ({len(kept)} of its {plural(total, 'line')})"
            out.append(f"  [{run.id}] {did}{of}:")
            out.extend(f"    {shorten(ln.rstrip(), SUBAGENT_OUTPUT_CHARS)}" for ln in kept)
    if untold:
        out.append(f"  (and {plural(untold, 'more line')} of its own runs' output that its report draws on)")
    if out:
        # (cited by their own ids: the report's words are the report's, these lines are what its commands printed)
        out.insert(0, f"  {SUBAGENT_OUTPUTS_HEAD}")
    return out


def answers_block(event: Event) -> str:
    """Claude's questions to the author (AskUserQuestion) and the author's answers, under the run's line: the
    answers are the author's own choices or words, so they are never condensed away."""
    out: list[str] = []
    for call in event.calls or ():
        if call.name != "AskUserQuestion":
            continue
        pairs = question_answers(call.outcome or "")
        if not pairs and call.outcome:
            pairs = [(call.target or "", call.outcome)]
        if not pairs and call.target and not call.error:
            out.append(f"  Claude asked: “{call.target}” (no answer in the session)")
        for question, answer in pairs:
            if question:
                out.append(f"  Claude asked: “{question}”")
            out.append(f"  the author answered: “{answer}”")
    return "\n" + "\n".join(out) if out else ""


_ELIDED_CHANGES = re.compile(r"^… \((\d+) more changed lines?\)$")


def outcome_block(event: Event, max_lines: int, printed: Printed = None, scripts: Scripts | None = None) -> str:
    """A tool run's outcomes as indented lines under its summary: each edit's changed lines, each telling
    command's exit and output, and what the chosen other commands printed (`printed`; None: all of them); at
    most `max_lines` lines of each (none when 0). Above a command's output, its whole command of several lines
    when `scripts` chose it (or that it is left out)."""
    if max_lines <= 0:
        return ""
    out: list[str] = []
    edits = sum(1 for call in event.calls or () if call.diff)
    edit = 0
    for index, call in enumerate(event.calls or ()):
        if call.name in SEARCH_TOOLS and call.outcome and not call.error:
            several = len(event.calls or ()) > 1 and call.target
            out.append(f"  {f'“{call.target}”' if several else 'it'} {call.outcome}")
            if call.output:  # the lines it found: what "found it" rests on
                out.extend(f"    {line}" for line in excerpt_lines(call.output, max_lines))
            continue
        if call.diff:
            lines = call.diff.splitlines()
            # the diff's own last line may already say how many it left out: `… (16 more changed lines)`
            elided = _ELIDED_CHANGES.match(lines[-1]) if lines else None
            if elided:
                lines = lines[:-1]
            # a whole file written again: its changed lines are the change itself (round 49), twice the room
            room = max_lines * 2 if call.rewrite_of else max_lines
            hidden = max(0, len(lines) - room) + (int(elided.group(1)) if elided else 0)
            shown = lines[:room] + ([f"… ({plural(hidden, 'more changed line')})"] if hidden else [])
            # each edit its own unit, with its id: a model joined two edits of one file into one diff (round 42)
            edit += 1
            unit = f"one edit, [{event.id}]" if edits == 1 else f"edit {edit} of {edits} in [{event.id}]"
            if call.rewrite_of:  # a Write's whole file, as what it changed: the old lines too (round 44)
                base = "it was before" if call.rewrite_of == "found" else f"the session had {call.rewrite_of} it before"
                unit += (
                    "; the whole file written again, shown as the lines that differ from the file as "
                    f"{base} (`-` its old lines, `+` the new, a space: unchanged)"
                )
            # where it changed the file, when its lines do not show it ("another probe" for the readinessProbe)
            within = ", within " + " and ".join(f"`{p}`" for p in call.place.splitlines()) if call.place else ""
            if refused(call):
                # an edit refused before it applied changed nothing: its lines shown first, identical to the retry's,
                # were told as the change (round 50); the edit that went through shows its own
                out.append(
                    f"  ({unit}: refused, so it changed nothing in {call.target or 'the file'}; its "
                    f"{plural(sum(1 for ln in lines if ln[:1] in '+-') + hidden, 'changed line')} are not shown "
                    "here, and are never shown as a change)"
                )
                continue
            if call.error == TURNED_DOWN:
                # the lines the author said no to: never applied (a run of two edits, one turned down, was told
                # as both turned down, and as the file both changed: blind26)
                out.append(
                    f"  proposed for {call.target or 'a file'} ({unit}; the author turned it down: never applied)"
                    f"{within}:"
                )
            else:
                out.append(f"  changed {call.target or 'a file'} ({unit}){within}:")
            out.extend(f"    {line}" for line in shown)
            if hidden:
                # the lines left out are no one's to tell: a post told the cut lines as what they do, from
                # Claude's summary (round 50)
                out.append(
                    f"  (what the {plural(hidden, 'changed line')} not shown do is not in the material: tell the "
                    "lines shown as the diff's, and anything more Claude says of this edit as Claude's account, never "
                    "as lines the reader cannot see)"
                )
        if call.command and scripts and (event.id, index) in scripts:
            who = (
                "the command" if len(event.calls or ()) == 1 else f"`{shorten(call.target or '', NAMED_COMMAND_CHARS)}`"
            )
            out.extend(script_block(call.command, who, script_lines(max_lines), scripts[(event.id, index)]))
        if not call.output:
            continue
        if not _plain_printout(call):
            lines = call.output.splitlines()
            out.append(f"  `{call.target or call.name}` said:")
            out.extend(f"    {line}" for line in lines[:max_lines])
            if len(lines) > max_lines:  # never fewer lines than it printed, unsaid: a loop of 5 showing 4
                out.append(f"    … ({plural(len(lines) - max_lines, 'more line')})")
            if call.error in ANSWERS:  # (the transcript marks it as an error: round 49)
                found = "no line matched" if call.error == NO_MATCH else "the files differ"
                out.append(f"    ({found}: its exit 1 is the answer, not a failure, and is not counted as failed)")
            if _push_unshown(call):
                out.append("    (no line here is the push's: its output does not show the push went through)")
            out.extend(traceback_notes(call))
            out.extend(echo_notes(call))
            out.extend(test_scope_notes(call))
            out.extend(query_column_notes(call))
        elif printed is None or (event.id, index) in printed:
            alone = len(event.calls or ()) == 1  # its line above already shows the command whole
            out.extend(printout_lines(None if alone else call.target or call.name, call.output, max_lines))
            if _push_unshown(call):  # (a push after a heredoc's end: the run's line names the script)
                out.append("    (no line here is the push's: its output does not show the push went through)")
            out.extend(traceback_notes(call))
            out.extend(echo_notes(call))
            out.extend(test_scope_notes(call))
            out.extend(query_column_notes(call))
        elif call.output != NO_OUTPUT:  # said, so that nothing reads as never printed
            alone = len(event.calls or ()) == 1
            who = "it" if alone else f"`{shorten(call.target or call.name, NAMED_COMMAND_CHARS)}`"
            out.append(f"  ({who} printed {plural(_printed_count(call.output), 'line')}, not shown here)")
    return "\n" + "\n".join(out) if out else ""


_TRACEBACK = re.compile(r"^\s*Traceback \(most recent call last\):")
_RAISED = re.compile(rf"{EXCEPTION_LINE}|^\s*E\s+\w|^\s*\w+(?:\.\w+)*: \S", re.M)


def traceback_notes(call: ToolCall) -> list[str]:
    """A note under a failed run's output whose traceback ends in no line shown (its header, maybe a frame, and no
    `KeyError: …`): a `| head -4` that kept the header and not the exception, or an excerpt cut before it. The
    cause is then Claude's reading of the failure, never the run's own words (blind28: the cause a post gave was
    Claude's, told as the run's)."""
    if not call.error or not call.output:
        return []
    lines = call.output.splitlines()
    heads = [n for n, line in enumerate(lines) if _TRACEBACK.match(line)]
    if not heads or any(_RAISED.match(line) for line in lines[heads[-1] + 1 :]):
        return []
    return [
        "    (the traceback's last line, the exception that stopped the run and its message, is in no line shown "
        "here: why it failed is Claude's reading, told as Claude's, never as what the run printed)"
    ]


_PUSH = re.compile(r"\bgit\s+(?:-\S+\s+)*push\b")
_PUSHED = re.compile(r"^\s*To \S+$|\S+ -> \S+|Everything up-to-date|set up to track|rejected|\bremote:", re.M)


def _push_unshown(call: ToolCall) -> bool:
    """A command that pushes after a commit (`git commit … && git push`) whose output has the commit's lines and
    none of the push's: a post would tell "committed and pushed" from a run that shows only the commit. Not when
    the command's exit vouches for the push: it ran without error and only `&&` follows the push (`… && git push
    -q origin main && git log --oneline -1` printed the log, so the push exited 0: stop 40)."""
    ran = run_lines(call)  # (a push on a line after a heredoc's end is one)
    push = _PUSH.search(ran)
    if not (push and call.output) or _PUSHED.search(call.output or ""):
        return False
    rest = re.sub(r"&&|\d*>&\d+", " ", ran[push.end() :])  # (`2>&1` redirects, runs nothing)
    return bool(call.error) or bool(re.search(r"[;|&\n]", rest))


# -- what commands printed ------------------------------------------------------------------------------------

# The (event id, call index) pairs whose plain output a material shows; None: all of them.
Printed = frozenset[tuple[str, int]] | None
# Of the commands that are not failures, test runs or builds (those are told above), a material shows what
# the ones that matter printed, within this many characters: a short answer (`base`) is often the turn of a
# story, the whole listing never is.
PRINTED_CHARS = 1600
TINY_OUTPUT_CHARS = 80  # an output this short says which steps ran: shown whenever there is room
FOLLOWING_EVENTS = 8  # of the events after a material, at most this many are read for its outputs
NAMED_COMMANDS = 6  # a run of several commands names at most this many
NAMED_COMMAND_CHARS = 80
# Words of a command's output that do not show the text after it is about that output.
_COMMON_WORDS = frozenset(
    {
        "the", "and", "for", "with", "this", "that", "you", "your", "are", "was", "not", "all", "from", "have",
        "has", "had", "can", "will", "into", "its", "out", "now", "then", "file", "files", "line", "lines", "done",
        "true", "false", "none", "null", "total", "error", "found",
    }
)  # fmt: skip
_WORD = re.compile(r"[A-Za-z0-9][\w.+-]*[A-Za-z0-9]|[A-Za-z0-9]{3,}")


def _plain_printout(call: ToolCall) -> bool:
    """An excerpt of what a shell command printed (not a failure's, a test run's or a build's telling lines)."""
    return call.name in SHELL_TOOLS and bool(call.output) and not tells_outcome(call)


def _printed_count(output: str) -> int:
    """How many lines an output excerpt stands for (its `… (N more lines)` counted)."""
    lines = output.splitlines()
    return sum(int(m.group(1)) if (m := _ELIDED_LINES.match(ln)) else 1 for ln in lines)


_ELIDED_LINES = re.compile(r"^… \((\d+) more lines?\)$")


def printout_lines(command: str | None, output: str, max_lines: int) -> list[str]:
    """A command's plain output under its run: `  `cmd` printed:` (`  it printed:` under a run of one command,
    named on the line above) and its lines, or that it printed nothing. The command is given whole (up to
    FULL_TARGET_CHARS): the run's line above names it cut short, and a cut mid-argument hides what it asked."""
    who = f"`{shorten(command, FULL_TARGET_CHARS)}`" if command else "it"
    if output == NO_OUTPUT:
        return [f"  {who} printed nothing"]
    return [f"  {who} printed:", *(f"    {line}" for line in excerpt_lines(output, max_lines))]


_ECHO_MEANS = {
    "||": "printed when the command before it failed (a search that found nothing included)",
    "&&": "printed when the command before it succeeded",
}


def refused(call: ToolCall) -> bool:
    """An edit the tool refused before it applied (a file not read first, an old text not found): not one the
    author turned down, whose lines are what they turned down, nor one cut off mid-way."""
    return bool(call.error) and call.error not in (TURNED_DOWN, INTERRUPTED) and call.name in CHANGE_TOOLS


_DESELECTED = re.compile(r"\b(\d+) deselected\b")
_FAILED_COUNT = re.compile(r"\b(\d+) failed\b")
_FAILED_LINE = re.compile(r"^(?:FAILED|ERROR) \S")


def test_scope_notes(call: ToolCall) -> list[str]:
    """Notes under a test run's output on what it did not run or did not show: the tests its filter deselected
    (Claude's "full test suite" for a run that left 48 out was told as every test), and the failing tests of its
    count that no line shown names (all five of "5 failed" put in the one file the three shown name: round 50)."""
    if not call.output or call.name not in SHELL_TOOLS or not is_test_command(call.target):
        return []
    notes = []
    if (left := _DESELECTED.findall(call.output)) and (n := int(left[-1])):
        notes.append(
            f"    ({plural(n, 'test')} deselected by the command's own filter: this run is not the whole suite, "
            "whatever Claude calls it)"
        )
    failed = _FAILED_COUNT.findall(call.output)
    named = sum(1 for line in call.output.splitlines() if _FAILED_LINE.match(line.strip()))
    if failed and named and (n := int(failed[-1])) > named:
        notes.append(
            f"    ({named} of the {n} failing tests are named above; the other {n - named} are in lines not shown: "
            "never say where they are or what failed in them)"
        )
    return notes


def echo_notes(call: ToolCall) -> list[str]:
    """A note under each output line that the command line's own `echo` after `||` or `&&` printed: told as the
    program's output, `grep … || echo 'no probes key'` made "grep found nothing (`no probes key`)" (round 46)."""
    if not call.output or call.name not in SHELL_TOOLS or not call.target or "echo" not in call.target:
        return []
    shown = {line.strip() for line in call.output.splitlines()}
    return [
        f"    (`{text}` is the command line's own `echo`, after `{operator}`: {_ECHO_MEANS[operator]}; "
        "no output of that command)"
        for text, operator in echoed(call.target)
        if text in shown
    ]


def named_commands(event: Event) -> str:
    """`: `python --version`, `conda create -n aie311 python=3.11 -y`` after "Ran 2 commands": a run of
    several commands says which, so that a post never has to guess what "two commands" were."""
    calls = [c for c in event.calls or () if c.name in SHELL_TOOLS and c.target]
    if len(calls) < 2 or family(calls[0].name) != "bash":
        return ""
    names = [f"`{shorten(c.target or '', NAMED_COMMAND_CHARS)}`" for c in calls[:NAMED_COMMANDS]]
    more = len(calls) - len(names)
    return ": " + ", ".join(names) + (f" and {more} more" if more else "")


def chosen_printouts(
    events: list[Event],
    budget_chars: int = PRINTED_CHARS,
    following: list[Event] | None = None,
    cited: frozenset[str] = frozenset(),
    resting: frozenset[str] = frozenset(),
) -> frozenset[tuple[str, int]]:
    """The commands whose plain output a material shows, within `budget_chars`: first those whose output the
    next words (Claude's or the author's) take up, then the last command before someone speaks (what a turn
    rests on), then short outputs (a few lines: usually the point of running the command), in time order
    within each. The rest stay named on their run's line. `following`: the session's events after these (a
    section's material ends where the next section's begins, and the words that take up its last run's output,
    "All 5 files in the wheel now", are often the next section's first: stop 40). `cited`: the runs a section's
    beats cite: of their outputs, those chosen by the rules above are shown first and whatever they take of the
    room, as the outline, with more room, was shown them and planned on them (round 42)."""
    ranked: list[tuple[int, int, tuple[str, int], int]] = []
    order = 0
    session = [*events, *(following or ())]
    for position, event in enumerate(events):
        if event.kind != TOOL_RUN:
            continue
        reply = _next_words(session, position)
        later = reply if reply is not None else _next_words(session, position, past_runs=True)
        calls = event.calls or []
        for index, call in enumerate(calls):
            if not _plain_printout(call):
                continue
            output = call.output or ""
            last = index == len(calls) - 1 and reply is not None
            if later is not None and _takes_up(output, call.target or "", later, strict=reply is None):
                rank = 0
            elif last or len(output) <= TINY_OUTPUT_CHARS:
                rank = 1  # (a few words, `SET / CREATE INDEX / ANALYZE / VACUUM`: a step between runs, round 47)
            elif output == NO_OUTPUT or len(output.splitlines()) <= 3:
                rank = 2
            elif _TELLS_TROUBLE.search(output):  # a log's fatal line: often the cause a post names
                rank = 3
            elif event.id in resting:
                # a beat ends on it though no word takes it up (a migration's lines in the section that tells
                # the migration: round 49): shown as the room allows, after the others
                rank = 4
            elif _printed_count(output) <= EXCERPT_WHOLE:
                # a few lines nobody took up, shown whole as the room allows after the others: a chain's last
                # `ls` showed the socket's new owner, and left unshown, four drafts of four told it as Claude's
                # account (round 56)
                rank = 5
            else:
                continue  # a long routine output nobody takes up: the outline was not shown it either
            if event.id in cited and rank < 4:
                rank = -1
            named = None if len(calls) == 1 else call.target or call.name
            cost = len("\n".join(printout_lines(named, output, _OUTCOME_LINES[0]))) + 1  # (+ its newline)
            ranked.append((rank, order, (event.id, index), cost))
            order += 1
    chosen: set[tuple[str, int]] = set()
    left = budget_chars
    for rank, _order, key, cost in sorted(ranked):
        if rank < 0:
            chosen.add(key)
        elif cost <= left:
            chosen.add(key)
            left -= cost
    return frozenset(chosen)


# -- a command's whole script --------------------------------------------------------------------------------

# The calls whose whole command of several lines (events.json's `command`) a material names: True, its lines are
# shown; False, it is said to be left out. A run's line names such a command by its first line (`python manage.py
# shell -c " …`, `psql <<'SQL' …`); the lines after it are what the script did, and a post told from the first line
# alone guessed the rest (stop 45: "inserted test data" for an UPDATE of the rows there, a re-apply between a
# rollback and the tests left out).
Scripts = dict[tuple[str, int], bool]
# The room for the scripts' lines in one material, beside the outputs' own (PRINTED_CHARS): a script never pushes an
# output out. When it is short, those whose output is told come first, then those a later word rests on, in time
# order within each; a script past the room is said to be left out, never silently.
SCRIPT_CHARS = 3000
# A file a command writes (`cat > fix.py <<'EOF'`, `tee notes.md`): a later command that names it rests on it.
_WRITES_FILE = re.compile(r"(?:>>?|\btee\s+(?:-a\s+)?)\s*['\"]?([\w.~/-]*\w\.\w+)")


def script_lines(outcome_lines: int) -> int:
    """At most how many lines of a script a material shows, as the outcomes' lines shrink to fit their share:
    30 at the full 14, 18 at 8, 10 at 4, none below (a run's line then names it)."""
    return outcome_lines * 2 + 2 if outcome_lines >= 4 else 0


def script_block(command: str, who: str, max_lines: int, shown: bool = True) -> list[str]:
    """`  the command as written (12 lines):` and its lines (blank ones left out, each line's indentation kept),
    at most `max_lines`, its first and last around `… (N more lines)`; or, not `shown`, that it is left out."""
    if max_lines <= 0:
        return []
    count = plural(_printed_count(command), "line")
    if not shown:
        return [f"  ({who} as written, {count}, not shown here)"]
    lines = excerpt_lines("\n".join(ln for ln in command.splitlines() if ln.strip()), max_lines)
    return [f"  {who} as written ({count}):", *(f"    {line}" for line in lines)]


def chosen_scripts(
    events: list[Event],
    printed: Printed,
    following: list[Event] | None = None,
    exact: frozenset[str] | None = None,
    budget_chars: int = SCRIPT_CHARS,
) -> Scripts:
    """The commands of several lines whose lines a material shows, within `budget_chars`: those whose output (or
    outcome, or error) it tells, then those a later word rests on (the next words name what the script names and
    its first line does not, or a later command names a file it wrote); for a fact-check, every one of the `exact`
    events first. The others stay named by their first line alone; those that do not fit are said to be left out."""
    session = [*events, *(following or ())]
    ranked: list[tuple[int, int, tuple[str, int], int]] = []
    for position, event in enumerate(events):
        if event.kind not in (TOOL_RUN, COMMAND):
            continue
        calls = event.calls or []
        for index, call in enumerate(calls):
            if not call.command or call.name not in SHELL_TOOLS or "\n" not in call.command:
                continue  # (a commit of one line kept whole for its message is told by its message)
            key = (event.id, index)
            if exact and event.id in exact:
                rank = -1
            elif _output_told(call, key, printed):
                rank = 0
            elif _script_rests_on(call, session, position):
                rank = 1
            else:
                continue
            who = "the command" if len(calls) == 1 else f"`{shorten(call.target or '', NAMED_COMMAND_CHARS)}`"
            cost = len("\n".join(script_block(call.command, who, script_lines(_OUTCOME_LINES[0])))) + 1
            ranked.append((rank, len(ranked), key, cost))
    chosen: Scripts = {}
    left = budget_chars
    for rank, _order, key, cost in sorted(ranked):
        shown = rank < 0 or cost <= left
        chosen[key] = shown
        if shown and rank >= 0:
            left -= cost
    return chosen


def _output_told(call: ToolCall, key: tuple[str, int], printed: Printed) -> bool:
    """Whether a material tells what a command printed (its outcome, its error, its output chosen), not "printed
    nothing", which says nothing of what the script did."""
    if call.outcome or call.error:
        return True
    if not call.output or call.output == NO_OUTPUT:
        return False
    return not _plain_printout(call) or printed is None or key in printed


def _script_rests_on(call: ToolCall, session: list[Event], position: int) -> bool:
    """Whether a later word rests on what a script did: the next words (Claude's or the author's, past other runs)
    name an identifier of its lines that its first line does not show, or a later command names a file it wrote."""
    script = call.command or ""
    words = _next_words(session, position, past_runs=True)
    if words:
        said = {w.lower() for w in _WORD.findall(words)}
        shown = {w.lower() for w in _WORD.findall(call.target or "")}
        for word in _WORD.findall(script):
            low = word.lower()
            if low in said and low not in shown and low not in _COMMON_WORDS and _IDENTIFIER.search(word):
                return True
    written = {m.group(1) for m in _WRITES_FILE.finditer(script)}
    later = (c.target or "" for e in session[position + 1 :] for c in e.calls or ())
    return bool(written) and any(name in target for target in later for name in written)


def _next_words(events: list[Event], position: int, *, past_runs: bool = False) -> str | None:
    """The text of the first message (Claude's or the author's) after events[position], when no other tool
    run comes between (`past_runs`: whatever runs come between: Claude's "Found it" after a log query and a
    search names what the query printed)."""
    for event in events[position + 1 :]:
        if event.kind in (HUMAN, ASSISTANT):
            return event.text or ""
        if event.kind == TOOL_RUN and not _bookkeeping(event) and not past_runs:
            return None
    return None


_FILTER_PATTERN = re.compile(r"\b(?:grep|rg|egrep)\b(?:\s+-[\w-]+)*\s+(?:'[^']*'|\"[^\"]*\"|\S+)")
_IDENTIFIER = re.compile(r"[_.-]|\d|[a-z][A-Z]|^[A-Z]{3,}$")  # a name from code, not a plain word
_SHORT_DATE = re.compile(r"\d{2}-\d{2}")  # "07-13", a date without its year
_DATE_TAIL = re.compile(r"\b\d{4}-(\d{2}-\d{2})\b")  # `2026-07-13`: its month and day
_TELLS_TROUBLE = re.compile(r"\b(?:fatal|error|exception|panic|missing|denied|refused|not found)\b", re.I)


def _bookkeeping(event: Event) -> bool:
    """A run that only updates the task list: between a command and Claude's word on it ("the workflow
    runs"), it does not stand between them (a CI run's green output was left out for a TodoWrite)."""
    return bool(event.calls) and all(family(call.name) == "todo" for call in event.calls or ())


def _takes_up(output: str, command: str, reply: str, *, strict: bool = False) -> bool:
    """Whether `reply` uses a word of `output` that the command itself does not name (`base`, `3.11.5`);
    `strict` (words after other runs came between): an identifier only (`PAYMENTS_KEY`, `values-prod.yaml`), not
    a plain word any later message may use ("environment")."""
    if output == NO_OUTPUT:
        return False
    said = {w.lower() for w in _WORD.findall(reply)}
    # a filter's pattern (`grep -E 'WORKER TIMEOUT|SIGKILL'`) asks which lines to keep: the lines it kept are
    # the answer, and a reply naming SIGKILL takes them up (the journal's line, left out, stop 40)
    asked = {w.lower() for w in _WORD.findall(_FILTER_PATTERN.sub(" ", command))}
    # a date told without its year: "clean until 07-12" takes up a row's `2026-07-12` (round 49: the one query
    # that showed where the duplicates began was left out)
    if {m.group(1) for m in _DATE_TAIL.finditer(output)} & {w for w in said if _SHORT_DATE.fullmatch(w)}:
        return True
    for word in _WORD.findall(output):
        low = word.lower()
        plain = low in said and low not in asked and low not in _COMMON_WORDS and (len(low) >= 4 or low.isalpha())
        if plain and (not strict or _IDENTIFIER.search(word)):
            return True
    return False


# Where the author rewound an exchange (Esc Esc) that triage leaves out: their next words may answer it
REWOUND_BEFORE = (
    "(here the author rewound: a message of theirs and Claude's replies to it were taken back and are left out of "
    "the post; what follows may answer them: tell none of it as done, at most that something was tried and taken "
    "back)"
)


# -- Claude Code's own summaries --------------------------------------------------------------------------

# A compaction summary's closing instruction to the model that continues: not part of what happened.
_CONTINUE = re.compile(r"\n\s*Please continue the conversation from where we left it off.*\Z", re.S)
_PART_HEAD = re.compile(r"^(?:\s*(\d+)\.\s+(.{3,60}?)|(Analysis|Summary)):\s*$", re.M)
# The parts of Claude Code's summary a post needs most come first; code listings and the author's own
# messages (told in the chapters themselves) last.
_PART_ORDER = (
    "current work",
    "primary request",
    "errors",
    "problem solving",
    "pending",
    "next step",
    "analysis",
    "key technical",
    "files and code",
    "all user messages",
)


def condense_summary(text: str, limit: int = SUMMARY_CHARS) -> str:
    """Claude Code's summary cut to `limit` characters by its parts: the ones a post needs most (the current
    work, the request, errors and fixes) whole while they fit, the rest shortened or left out (and named)."""
    text = _CONTINUE.sub("", text.strip()).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    if len(text) <= limit:
        return text
    heads = list(_PART_HEAD.finditer(text))
    if len(heads) < 2:
        return shorten_words(text, limit)
    parts: list[tuple[str, str]] = []  # (heading line, body) in their order
    for index, head in enumerate(heads):
        end = heads[index + 1].start() if index + 1 < len(heads) else len(text)
        body = text[head.end() : end].strip()
        if head.group(3) == "Summary" and not body:
            continue  # the heading above the numbered parts
        parts.append((head.group(0).strip(), body))
    lead = text[: heads[0].start()].strip()

    def rank(heading: str) -> int:
        name = heading.lower()
        return next((i for i, key in enumerate(_PART_ORDER) if key in name), len(_PART_ORDER) // 2)

    budget = limit - len(lead) - 120  # room for the note on what was left out
    chosen: dict[int, str] = {}
    left_out: list[str] = []
    for index in sorted(range(len(parts)), key=lambda i: (rank(parts[i][0]), i)):
        heading, body = parts[index]
        need = len(heading) + len(body) + 2
        if need <= budget:
            chosen[index] = body
            budget -= need
        elif budget >= 400:
            chosen[index] = shorten_words(body, budget - len(heading) - 2)
            budget = 0
        else:
            left_out.append(heading.rstrip(":").lstrip("0123456789. "))
    pieces = [lead] if lead else []
    pieces += [f"{parts[i][0]}\n{chosen[i]}" for i in sorted(chosen)]
    if left_out:
        pieces.append(f"(left out here: {', '.join(left_out)})")
    return "\n\n".join(pieces)


# -- results worth showing ------------------------------------------------------------------------------------

RESULTS_SHOWN = 3  # at most this many successful runs are pointed out per material
RESULT_LINES = 1  # of each, its last telling line (a test runner's summary, a build's last word)
RESULTS_HEAD = (
    "Results worth showing (what a successful test run, build or commit printed; when the post says it worked, "
    "show the line in a ```text block rather than only saying so, and cite its event):"
)
_FAILING = re.compile(r"\b(?:[1-9]\d* (?:failed|errors?)|failed|error|FAIL)\b")
# What a tool prints after its verdict and says nothing of the work: pyright's and pip's "a new version is
# available", npm's notices, a timer. The line a post shows is the verdict above them.
_AFTERWORD = re.compile(
    r"new (?:\w+ )?(?:version|release)\b.*\bavailable|\bupdate available\b|^\s*(?:npm (?:notice|warn)|\[notice\])"
    r"|^\s*(?:done|✨\s*done) in \d|^\s*real\s+\d+m[\d.]+s$",
    re.IGNORECASE,
)


_ONELINE_LOG = re.compile(r"^\s*[0-9a-f]{7,40} \S")  # `git log --oneline`: a short hash, then the subject
_GIT_STAT = re.compile(r"^\d+ files? changed\b")
# git commit's own line: `[main 1a2b3c4] subject`
_COMMITTED = re.compile(r"^\s*\[[^\]\s]+(?: \(root-commit\))? [0-9a-f]{7,40}\] \S")
_STATUS_LINE = re.compile(r"^\s*[\w ]{0,20}[=:]\s*\d{1,3}\s*$")  # an echoed status: `exit=0`, `EXIT: 0`


def decisive_results(events: list[Event], limit: int = RESULTS_SHOWN) -> list[str]:
    """The last successful runs of these events whose output says how the work held up (tests passing, a
    build or lint going through, a commit), each as `[e64] `pytest -q` said: 16 passed in 0.42s`: the lines
    a post can show instead of saying "the tests passed". Latest first in importance, given in time order."""
    found: list[tuple[Event, str, list[str]]] = []
    for event in events:
        if event.kind not in (TOOL_RUN, COMMAND):  # (a command the author ran with `!` has its output too)
            continue
        for call in event.calls or ():
            several = _passing_of_several(call)
            if several:  # the tests run twice in one call (with the fix, then without it): its green run
                found.append((event, call.target or call.name, [several]))
                continue
            if call.error or not telling_lines(call.output) or _FAILING.search(call.outcome or ""):
                continue
            ran = run_lines(call) if call.name in SHELL_TOOLS else call.target or ""  # (past a heredoc: blind28)
            if not (is_test_command(ran) or is_outcome_command(ran)) or is_install(ran):
                continue  # (an install's "Progress: resolved 312" is no result a post shows: round 53)
            lines = [ln for ln in (call.output or "").splitlines() if ln.strip() and not ln.startswith("exit ")]
            # a commit's own line, `[main 1a2b3c4] subject` (the last), or, quiet, `git log --oneline`'s first after it
            committed = [ln.strip() for ln in lines if _COMMITTED.match(ln)][-1:]
            committed = committed or [ln.strip() for ln in lines if _ONELINE_LOG.match(ln)][:1]
            if shows_failure("\n".join(lines)):  # a failure anywhere (`…::test_x FAILED [ 70%]`): no success
                continue
            while lines and _AFTERWORD.search(lines[-1]):
                lines.pop()
            # a short output is kept whole (round 45): its verdict, not a log line printed after it
            lines = lines[: max((i + 1 for i, ln in enumerate(lines) if says_how_it_went(ln)), default=len(lines))]
            if not lines or any(_FAILING.search(ln) and "0 failed" not in ln for ln in lines[-RESULT_LINES:]):
                continue
            if any(no_verdict(ln) for ln in lines[-RESULT_LINES:]):  # one test's own line says nothing of the run
                continue
            if _STATUS_LINE.match(lines[-1]) and piped_status(call.command or call.target or ""):
                continue  # `exit=0` after `… | tail -5; echo "exit=$?"`: tail's status, no result (stop 52)
            shown = [ln.strip().strip("=").strip() or ln.strip() for ln in lines[-RESULT_LINES:]]  # "=== 16 passed ==="
            logged = [ln.strip() for ln in lines if _ONELINE_LOG.match(ln)]
            if logged and _COMMIT.search(ran):
                # `git commit … && git log --oneline -2`: the newest commit is the log's first line, the last one
                # is the commit before it (fresh24's weichen was shown the older commit as its result)
                shown = logged[:1]
            elif committed and _COMMIT.search(ran) and _GIT_STAT.search(shown[-1]):
                # git's stat says nothing of which commit it was: the commit's own line does (a heredoc's script
                # then `git commit -am …` was offered as "1 file changed, 1 insertion(+)": blind28)
                shown = committed
            found.append((event, call.target or call.name, shown))
    chosen = found[-limit:]
    return [f"- [{event.id}] `{shorten(target, 120)}` said: " + " / ".join(lines) for event, target, lines in chosen]


def _passing_of_several(call: ToolCall) -> str:
    """Of a call that ran the tests more than once, the summary line of its passing run, with which run it was
    ("in run 1 of 2: Tests:    2 passed"); "" when it ran them once, or no run it kept passed."""
    runs = told_runs(call.outcome)
    if len(runs) < 2 or not is_test_command(call.target):
        return ""
    line = passing_line(call.output)
    passed = [n for n, run in enumerate(runs, 1) if not _FAILING.search(run)]
    if line is None or not passed:
        return ""
    which = f"run {passed[-1]} of {len(runs)}" if len(passed) == 1 else f"{len(passed)} of its {len(runs)} runs"
    return f"(in {which}) " + (line.strip("=").strip() or line)


# -- time ---------------------------------------------------------------------------------------------------


def pause_note(before: Event | None, event: Event) -> str:
    """`(11 h 48 min later: Saturday 4 October 2025, 12:32 UTC)` between two events an hour or more apart or
    on different days; "" otherwise."""
    if before is None or not before.ts or not event.ts:
        return ""
    a, b = to_epoch_ms(before.ts), to_epoch_ms(event.ts)
    if a is None or b is None or b <= a:
        return ""
    if b - a < PAUSE_NOTE_MS and a // 86_400_000 == b // 86_400_000:
        return ""
    return f"({format_duration(b - a)} later: {moment_text(event.ts)})"


def named_pause(before: Event, event: Event) -> str:
    """`(15 h 18 min later, from [e12] to [e13]: Saturday 4 October 2025, 12:32 UTC)`: a pause_note that names the
    two events it lies between; "" where they are not that far apart."""
    note = pause_note(before, event)
    if not note or not before.id or not event.id:
        return note
    return note.replace(" later: ", f" later, from [{before.id}] to [{event.id}]: ", 1)


REPLY_WAIT_MS = 60 * 1000  # an author's message this long after the event before it says how long


def reply_wait(before: Event | None, event: Event) -> str:
    """`(7 min later)` before an author's message a minute or more after the event before it: a reply's order
    and distance from what it answers ("bumped it myself", 7 minutes after Claude's advice to bump, was told
    as done before the advice: stop 40)."""
    if before is None or not before.ts or not event.ts:
        return ""
    a, b = to_epoch_ms(before.ts), to_epoch_ms(event.ts)
    if a is None or b is None or b - a < REPLY_WAIT_MS:
        return ""
    return f"({format_duration(b - a)} later)"


# -- the whole material -------------------------------------------------------------------------------------


def outline_printed_chars(budget_tokens: int) -> int:
    """The room for what commands printed in the outline's material of one chapter: the outcomes' share of its
    budget, and never less than a section's. A chapter is told in one section or several, each with
    PRINTED_CHARS of its own: at a section's room, the outline planned on fewer outputs than its sections then
    showed (round 42). Over the budget, each output shows fewer lines, as every outcome does."""
    return max(PRINTED_CHARS, int(budget_tokens * OUTCOME_SHARE * CHARS_PER_TOKEN))


def render_material(
    events: list[Event],
    budget_tokens: int,
    exact: frozenset[str] | None = None,
    following: list[Event] | None = None,
    cited: frozenset[str] = frozenset(),
    printed_chars: int = PRINTED_CHARS,
    session: list[Event] | None = None,
    resting: frozenset[str] = frozenset(),
) -> Material:
    """Events as lines, with the pauses between them, condensed until they fit `budget_tokens`; after them,
    the results worth showing (kept whatever is condensed, within the budget). `exact`, for a fact-check: the
    ids of events shown with everything a claim can cite of them (every output the session kept, each call's
    target in full); every line then also names a subagent's type. `following`: the session's events after
    these, read only to choose which outputs to show (`chosen_printouts`); `cited`: the runs whose outputs are shown
    first; `printed_chars`: the room for the other outputs; `session`: every event of the session, in order, where
    the figures in Claude's words are looked for (`figure_notes`; default: these events); `resting`: the runs a
    beat ends on (not a montage's), whose outputs are shown as the room allows though no word takes them up."""
    results = decisive_results(events)
    tail = "\n\n" + "\n".join([RESULTS_HEAD, *results]) if results else ""
    if tail and estimate_tokens(tail) * 4 > budget_tokens:
        tail = ""  # a material too small to spare room for it: the runs' own lines stay the only account
    budget_tokens -= estimate_tokens(tail)
    kept = list(events)
    notes: list[str] = []
    limit: int | None = None
    printed = chosen_printouts(kept, printed_chars, following, cited, resting)
    if exact:
        printed |= {(e.id, i) for e in kept if e.id in exact for i, call in enumerate(e.calls or ()) if call.output}
    scripts = chosen_scripts(kept, printed, following, exact)
    outcome_lines = _outcome_lines(kept, budget_tokens, printed, scripts)
    if outcome_lines < _OUTCOME_LINES[0]:
        notes.append(
            "tool outcomes cut to " + (f"{outcome_lines} lines each" if outcome_lines else "their one-line summaries")
        )

    def line(event: Event) -> str:
        trim = limit if limit is None or event.kind != HUMAN else max(limit, 1500)
        if exact is None:
            return event_line(event, trim, outcome_lines, printed, scripts=scripts)
        return (
            event_line(event, trim, outcome_lines, printed, exact=True, scripts=scripts)
            if event.id in exact
            else (event_line(event, trim, outcome_lines, printed, exact=event.kind == SUBAGENT, scripts=scripts))
        )

    gaps = gap_notes(kept)  # where a run did other than Claude had just announced
    for event_id, figures in figure_notes(kept, session).items():  # whose Claude's figures are, no output showing them
        gaps.setdefault(event_id, []).extend(figures)
    for event_id, changes in unnamed_change_notes(kept, session).items():  # what an edit did that Claude never said
        gaps.setdefault(event_id, []).extend(changes)
    for event_id, after in after_change_notes(kept, session).items():  # what ran after a file's last change
        gaps.setdefault(event_id, []).extend(after)
    for event_id, cut in cut_reading_notes(kept, session).items():  # Claude's reading of lines not shown
        gaps.setdefault(event_id, []).extend(cut)
    for event_id, together in one_run_notes(kept).items():  # a commit sent with the tests, not after their result
        gaps.setdefault(event_id, []).extend(together)
    for event_id, ungated in ungated_notes(kept).items():  # a commit after a piped check, which it never waited on
        gaps.setdefault(event_id, []).extend(ungated)
    for event_id, status in piped_status_notes(kept).items():  # `echo $?` after a pipe: the pipe's last command's
        gaps.setdefault(event_id, []).extend(status)
    for event_id, word in claude_word_notes(kept, session).items():  # a branch or path only Claude's words name
        gaps.setdefault(event_id, []).extend(word)
    for event_id, failures in failure_count_notes(kept, session).items():  # how many runs failed before one passed
        gaps.setdefault(event_id, []).extend(failures)
    for event_id, guessed in guessed_cause_notes(kept, session).items():  # a commit giving Claude's guess as found
        gaps.setdefault(event_id, []).extend(guessed)
    # a fact-check's pauses are measured between the events they really separate, named (round 38: one pause read
    # "15 h 18 min", "15 h 19 min" and "15 h 11 min" in three prompts, by which events each one showed)
    pauses = session if exact is not None and session is not None else None
    text = _join(kept, line, gaps, pauses)
    for step in _TRIM_STEPS:
        if estimate_tokens(text) <= budget_tokens:
            break
        limit = step
        text = _join(kept, line, gaps, pauses)
    if limit is not None:
        notes.append(f"long texts trimmed to {limit} characters")
    for kind in _DROP_ORDER:
        if estimate_tokens(text) <= budget_tokens:
            break
        victims = [e for e in kept if e.kind == kind]
        if kind in (ASSISTANT, SUBAGENT) and len(victims) > 2:
            victims = victims[1:-1]  # keep how the stretch opens and ends
        if not victims:
            continue
        drop = {id(e) for e in victims}
        kept = [e for e in kept if id(e) not in drop]
        notes.append(f"{len(victims)} {kind} event(s) left out")
        text = _join(kept, line, gaps, pauses)
    text += tail
    budget_tokens += estimate_tokens(tail)
    tokens = estimate_tokens(text)
    if tokens > budget_tokens:
        notes.append(f"still {tokens:,} tokens after condensing (budget {budget_tokens:,}): only your messages remain")
    return Material(text=text, tokens=tokens, events=len(kept), condensed=notes)


def _join(
    events: list[Event],
    line: Callable[[Event], str],
    gaps: dict[str, list[str]] | None = None,
    session: list[Event] | None = None,
) -> str:
    """The events' lines, with the pauses between them. `session` (a fact-check's): every event in order; a pause is
    then each long one between the event before and this one in the session, measured between the two events it
    separates and naming them, so that the same pause reads the same whichever events a prompt shows."""
    out: list[str] = []
    before: Event | None = None
    timed = [e for e in session if e.ts] if session is not None else []
    at = {id(e): i for i, e in enumerate(timed)}
    for event in events:
        # a queued message's line says when it was typed: the time since the event before is no reply's wait
        if session is not None and id(event) in at:
            start = at[id(before)] if before is not None and id(before) in at else max(0, at[id(event)] - 1)
            pauses = [named_pause(timed[i], timed[i + 1]) for i in range(start, at[id(event)]) if i + 1 < len(timed)]
            note = "\n".join(p for p in pauses if p)
        else:
            note = pause_note(before, event)
        note = note or (reply_wait(before, event) if event.kind == HUMAN and not event.queued else "")
        if note:
            out.append(note)
        out.append(line(event))
        out.extend(f"  {gap}" for gap in (gaps or {}).get(event.id, ()))
        if event.ts:
            before = event
    return "\n".join(out)


def _outcome_lines(events: list[Event], budget_tokens: int, printed: Printed, scripts: Scripts | None = None) -> int:
    """The most lines of each outcome that keep all outcomes (the scripts shown with them) within OUTCOME_SHARE of
    the budget."""
    runs = [e for e in events if e.kind == TOOL_RUN and any(c.diff or c.output or c.command for c in e.calls or ())]
    agents = [e.subagent for e in events if e.kind == SUBAGENT and e.subagent is not None and e.subagent.result]
    for lines in _OUTCOME_LINES:
        shares = [estimate_tokens(outcome_block(e, lines, printed, scripts)) for e in runs]
        shares += [estimate_tokens("\n".join(subagent_outputs(agent, lines))) for agent in agents]
        if sum(shares) <= budget_tokens * OUTCOME_SHARE:
            return lines
    return 0
