"""What a verification prompt shows of the events a part cites, whole: the lines the material's event lines cut.

The material (`render_material`) condenses every event to fit its budget: a cited Write's diff to two lines and
"… (12 more changed lines)", a listing to its first and last lines, a subagent to eight of its steps. Answerers
then judged a post's copy of the lines cut away "not in the session" (blind18, X1: 22 of the model's 30 false
alarms on 1,716 faithful words). This section gives them back, within a budget of its own: a cited subagent's
steps, all of them, with its exact run time; each cited call's diff and output as the session keeps them; where
a text does not fit, its lines that share a word with the part, so the line a claim names is there.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from itertools import groupby

from retell.check.guesses import asked, hedged
from retell.check.readings import claude_readings
from retell.check.text import code_spans
from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, EventLog, walk
from retell.extract.timeutil import to_epoch_ms
from retell.extract.tools import NO_OUTPUT
from retell.llm.request import estimate_tokens
from retell.write.material import refused

EVIDENCE_TOKENS = 6_000  # the cited events whole, beside the material's NEAR_TOKENS
STEPS_SHOWN = 80  # of a cited subagent's steps, at most this many named
STEP_CHARS = 120
_TERM = re.compile(r"[\w@/.~-]{3,}")
_STOPWORDS = (
    "the and for with that this from was were are its his her their then than into onto over after before "
    "which what when where who not but all one two der die das und mit von den des ein eine ist"
)
_STOP = frozenset(_STOPWORDS.split())


def _terms(text: str) -> set[str]:
    return {t.casefold().strip(".-") for t in _TERM.findall(text) if t.casefold() not in _STOP}


def _seconds(ms: int | None) -> str:
    """A run time to the second ("46 s", "3 min 31 s"): "about 46 seconds" rounded to "1 min" read as contradicted."""
    if not ms or ms <= 0:
        return ""
    seconds = round(ms / 1000)
    return f"{seconds} s" if seconds < 120 else f"{seconds // 60} min {seconds % 60} s"


def _clock(event: Event) -> str:
    ts = event.ts or ""
    return ts[11:19] if len(ts) >= 19 and ts[10] == "T" else ""


def _cited_events(cites: Iterable[str], view: EventLog) -> tuple[list[Event], list[Event]]:
    """(the cited events themselves, the spawns whose subagent a citation names), in citation order."""
    by_id = {e.id: e for e in walk(view.events) if e.id}
    events: list[Event] = []
    spawns: list[Event] = []
    for cited in cites:
        event = by_id.get(cited)
        if event is not None and event not in events:
            events.append(event)
        spawn = by_id.get(cited.split(".")[0]) if "." in cited else event
        if spawn is not None and spawn.subagent is not None and spawn not in spawns:
            spawns.append(spawn)
    return events, spawns


def _steps(spawn: Event) -> list[str]:
    agent = spawn.subagent
    if agent is None:
        return []
    runs = [e for e in walk(agent.events) if e.kind == TOOL_RUN and e.summary and not e.abandoned]
    figures = [f"{agent.tool_uses} tool uses"] if agent.tool_uses else []
    # its run time to the second, as the prompt promises: the record's own, else from its first record to its last
    # ("1 min" of the event's line could neither bear out nor deny "about forty-four seconds": blind34 AN1:20)
    ran = agent.duration_ms or _span_ms(spawn, agent.events)
    if _seconds(ran):
        figures.append(f"ran {_seconds(ran)}")
    if len(runs) <= 1:
        return [f"[{spawn.id}] its subagent: {', '.join(figures)}"] if _seconds(ran) else []
    head = f"[{spawn.id}] its subagent's steps, all {len(runs)} runs in order" + (
        f" ({', '.join(figures)})" if figures else ""
    )
    out = [head + ":"]
    for event in runs[:STEPS_SHOWN]:
        summary = " ".join((event.summary or "").split())
        if len(summary) > STEP_CHARS:
            summary = summary[: STEP_CHARS - 1] + "…"
        failed = sum(1 for c in event.calls or () if c.error)
        mark = (" (failed)" if failed == len(event.calls or ()) else f" ({failed} failed)") if failed else ""
        mark = "" if "failed)" in summary else mark  # its summary says so already
        out.append(" ".join(x for x in (f"  [{event.id}]", _clock(event), summary + mark) if x))
    if len(runs) > STEPS_SHOWN:
        out.append(f"  and {len(runs) - STEPS_SHOWN} more")
    return out


def _span_ms(spawn: Event, events: list[Event]) -> int | None:
    """From the spawn to the subagent's last record, in milliseconds; None when a time is missing."""
    times = [t for e in walk(events) if e.ts and (t := to_epoch_ms(e.ts)) is not None]
    start = to_epoch_ms(spawn.ts) if spawn.ts else None
    if not times or start is None:
        return None
    return max(times) - start


def _texts(event: Event) -> list[tuple[str, str]]:
    """(what it is, its text) of each call of a cited event: a diff, an output."""
    out = []
    calls = event.calls or ()
    for call in calls:
        name = call.target or call.name
        if call.diff and refused(call):
            # the material hides a refused edit's lines (round 50): a post that quotes them is judged against them
            out.append((f"the edit to {name} the tool refused before it applied (it changed nothing)", call.diff))
        elif call.diff:
            out.append((f"the change to {name}", call.diff))
        if call.output and call.output != NO_OUTPUT:
            out.append((f"what `{name}` printed" if call.name != "Read" else f"what {name} held", call.output))
    return out


def _fitted(lines: list[str], wanted: set[str], room: int) -> list[str]:
    """The lines of a text that fit `room` tokens: all of them, else those that share a word with the part (and
    the first and last), "…" where lines are left out."""
    if estimate_tokens("\n".join(lines)) <= room:
        return lines
    keep = {0, len(lines) - 1} | {i for i, line in enumerate(lines) if _terms(line) & wanted}
    out: list[str] = []
    used = 0
    last = -1
    for i in sorted(keep):
        cost = estimate_tokens(lines[i]) + 1
        if used + cost > room:
            break
        if i != last + 1:
            out.append("…")
        out.append(lines[i])
        used += cost
        last = i
    if last != len(lines) - 1:
        out.append("…")
    return out


NAMED_PER_TERM = 3  # of the session's lines that hold a name the part gives, at most this many each
_NAMED = re.compile(r"`([^`\n]{6,120})`|[\"“„«]([^\"“”„«»\n]{6,120})[\"”“»]")


def named_lines(part: str, view: EventLog, shown: str, budget: int) -> list[str]:
    """Lines anywhere in the session's tool texts that hold a name, code or quote the part gives and that the
    prompt does not show: what a claim names, found where it is (a file listed in a run nobody cites)."""
    terms = [next(g for g in m.groups() if g) for m in _NAMED.finditer(part)]
    terms = [t.strip() for t in dict.fromkeys(terms) if t.strip() and t.strip() not in shown]
    if not terms:
        return []
    out: list[str] = []
    used = 0
    texts = [(e.id, t) for e in walk(view.events) if e.id for _, t in _texts(e)]
    for term in terms:
        found = 0
        for event_id, text in texts:
            for line in text.splitlines():
                if term not in line or line.strip() in shown:
                    continue
                entry = f"  [{event_id}] {line.strip()[:300]}"
                cost = estimate_tokens(entry)
                if used + cost > budget:
                    return out
                out.append(entry)
                used += cost
                found += 1
                break  # one line of each text
            if found >= NAMED_PER_TERM:
                break
    return out


QUOTED_TOKENS = 600  # of the lines Claude quoted from a tool's text, at most this many


def _code_spans(text: str) -> list[str]:
    """Claude's spans of 6 to 120 characters, each whole (text.code_spans pairs them left to right: "`Arial` ở đây …
    nên `tr()`" holds no span of prose)."""
    return [span for span in code_spans(text, 6) if len(span) <= 120]


def quoted_lines(part: str, cites: Iterable[str], view: EventLog, shown: str, budget: int) -> list[str]:
    """The lines of a tool's text that Claude quotes in code spans (`SPRING_PROFILES_ACTIVE: it,shared-db` of a
    read of ci.yml), where the prompt shows that tool by name only: what Claude says a file or an output holds is
    then what the file or output holds, no longer Claude's word alone (blind23 AC2:162 "CI tests still go to the
    stand's database" was judged Claude's reading: the read of ci.yml that says so was shown as "Read ci.yml").
    Claude's messages among the cited events, then those that share two words with the part; each span found in
    the last tool text before the message."""
    cited = {c.split(".")[0] for c in cites}
    wanted = _terms(part)
    events = [e for e in walk(view.events) if e.id]
    messages = [
        (i, e)
        for i, e in enumerate(events)
        if e.kind == ASSISTANT and e.text and (e.id in cited or len(_terms(e.text) & wanted) >= 2)
    ]
    messages.sort(key=lambda m: m[1].id not in cited)
    out: list[str] = []
    used = 0
    for i, message in messages:
        spans = [s.strip() for s in dict.fromkeys(_code_spans(message.text or "")) if s.strip()]
        unread = _unkept_reads(events, i)
        unfound = [
            span
            for span in spans
            if not any(span in t for e in events[max(0, i - 6) : i] for _, t in _texts(e))
            and not any(span in (c.target or "") for r in unread for c in r.calls or ())
        ]
        if unread and unfound:
            # the record keeps nothing a Read returned: Claude's quote of the file just read is all there is of it
            names = ", ".join(f"[{r.id}] {r.summary or 'a read'}" for r in unread)
            quoted = ", ".join(f"`{span}`" for span in unfound[:8])
            entry = (
                f"  {names}: the session keeps none of what the read returned; Claude's next words ({message.id}) "
                f"quote from it {quoted}: that is what the file held, as far as the session shows"
            )
            cost = estimate_tokens(entry)
            if entry not in out and used + cost <= budget:
                out.append(entry)
                used += cost
        for span in spans:
            for before in reversed(events[max(0, i - 6) : i]):
                texts = [t for _, t in _texts(before)]
                line = next((x for t in texts for x in t.splitlines() if span in x), None)
                if line is None:
                    continue
                entry = f"  [{before.id}] {line.strip()[:300]}   (Claude quotes it in {message.id})"
                if line.strip() in shown or entry in out:
                    break
                cost = estimate_tokens(entry)
                if used + cost > budget:
                    return out
                out.append(entry)
                used += cost
                break
    return out


def _unkept_reads(events: list[Event], i: int) -> list[Event]:
    """The tool runs right before events[i] when every one is a read with nothing kept of what it returned (a run or
    an edit among them could be where a quote comes from: then none)."""
    out: list[Event] = []
    for event in reversed(events[:i]):
        if event.kind != TOOL_RUN:
            break
        calls = event.calls or ()
        if not calls or not all(c.name == "Read" and not c.output and not c.diff for c in calls):
            return []
        out.append(event)
    return out[::-1]


# The session itself keeps a long diff as its first lines and "… (19 more changed lines)": nothing holds the rest,
# neither the writer's material nor this prompt. A claim of what those lines do, told as the diff's, is Claude's
# account at most (blind20 Z1:115, "the diff shows the code now using `isinstance()`", was judged `not shown here`).
_KEPT_NOTE = (
    "no event holds the lines that cut stands for, so a claim of what they show is `not in the session`, never "
    "`not shown here` (unless the post gives it as what Claude said of them, and Claude said it)"
)
_RECORD_CUT = re.compile(r"^\s*… \(\d+ more [^)]*\)\s*$")
_EVENT_LINE = re.compile(r"^\[(e[\w.]+)\]", re.M)


_TAIL_WORDS = 4  # of a line the record stops short, what names its cut ("response error StatusCode: 40…")


def _record_cuts(lines: list[str]) -> list[str]:
    """The cuts the session's own record of a text makes (`… (19 more changed lines)` at its end, `… (16 more
    lines)` between an output's first and last lines), and a text that stops mid-line, `…` at its end (an
    error's "StatusCode: 40…": the record keeps an output to a length; blind22 AB1:77 read that cut as one that
    might hold why the delete failed, where only Claude's word says)."""
    cuts = [line.strip() for line in lines if _RECORD_CUT.match(line)]
    last = next((line.strip() for line in reversed(lines) if line.strip()), "")
    if last.endswith("…") and not _RECORD_CUT.match(last) and len(last.rstrip("… ")) >= 3:
        cuts.append(" ".join(last.split()[-_TAIL_WORDS:]))
    return cuts


def _stops_short(text: str, wanted: str) -> bool:
    """Whether the model's copy `wanted` ("StatusCode: 40…") is the end of a text the record stops mid-line."""
    last = " ".join(text.rstrip().splitlines()[-1].split()) if text.strip() else ""
    core = wanted.rstrip("… ")
    return wanted.endswith("…") and len(core) >= 3 and last.endswith("…") and last.endswith(wanted)


def _record_cut(lines: list[str]) -> str:
    return " ".join(f"`{cut}`" for cut in dict.fromkeys(_record_cuts(lines)))


def record_cut(event: Event, cut: str) -> bool:
    """Whether `cut` (`… (19 more changed lines)`, as a model copied it) is one the session's own record of the
    event makes, rather than one the prompt's material made to fit."""
    wanted = " ".join(cut.split()).strip("` ")
    if not wanted:
        return False
    for _, text in _texts(event):
        for found in _record_cuts(text.splitlines()):
            if " ".join(found.split()) in wanted:  # the whole cut, its count too: a bare "…" names no cut
                return True
        if _stops_short(text, wanted):
            return True
    return False


def _segments(shown: str) -> dict[str, str]:
    """The material's text of each event: its line and the lines under it, up to the next event's."""
    out: dict[str, str] = {}
    marks = list(_EVENT_LINE.finditer(shown))
    for n, mark in enumerate(marks):
        end = marks[n + 1].start() if n + 1 < len(marks) else len(shown)
        out[mark.group(1)] = out.get(mark.group(1), "") + shown[mark.start() : end]
    return out


UNSETTLED_SHOWN = 12  # guesses and questions of the cited events listed, at most
UNSETTLED_CHARS = 240


def unsettled(cites: Iterable[str], view: EventLog) -> str:
    """What the cited events only guessed, expected, asked or read: Claude's hedged sentences ("That smells like
    a `timestamp()` in the name."), its predictions ("it'll go through the same way"), the author's questions, and
    Claude's (or a subagent's) own reading told plainly, a cause or a state no output near it shows
    (`readings.claude_readings`). Told as settled, such a sentence was supported by a later search or by Claude's
    own restatement (blind22 AB1:26, blind18 X1:161), or by a diff that came after (blind27 AG2:22): the model is
    shown which of the cited words were no fact."""
    events, spawns = _cited_events(cites, view)
    flat = [e for e in walk(view.events) if not e.sidechain]
    out: list[str] = []
    for event in events:
        text = event.text or ""
        if event.kind == ASSISTANT:
            who = "SUBAGENT" if "." in (event.id or "") else "CLAUDE"
            found = [(f"{who} guessed or expected", piece) for piece in hedged(text)]
            found += [(f"{who}'s own reading, no output near it shows it", piece) for piece in _readings(event, flat)]
        elif event.kind == HUMAN:
            found = [("AUTHOR asked", piece) for piece in asked(text)]
        else:
            continue
        out.extend(_listed(event.id, what, piece) for what, piece in found)
    for spawn in spawns:
        agent = spawn.subagent
        if agent is None or not agent.result or spawn not in events:
            continue
        steps = [t for e in walk(agent.events) if e.kind == TOOL_RUN for t in _evidence_texts(e)]
        for piece in claude_readings(agent.result, steps):
            out.append(_listed(spawn.id, "SUBAGENT's own reading, no output of its steps shows it", piece))
    return "\n".join(out[:UNSETTLED_SHOWN])


def _listed(event_id: str, what: str, piece: str) -> str:
    piece = " ".join(piece.split())
    if len(piece) > UNSETTLED_CHARS:
        piece = piece[: UNSETTLED_CHARS - 1].rstrip() + "…"
    return f'[{event_id}] {what}: "{piece}"'


def _evidence_texts(event: Event) -> list[str]:
    if event.kind == HUMAN:
        return [event.text or ""]
    if event.kind != TOOL_RUN:
        return []
    out = [event.summary or ""]
    for call in event.calls or ():
        out.extend(x for x in (call.target, getattr(call, "command", None), getattr(call, "place", None)) if x)
    out.extend(text for _what, text in _texts(event))
    return out


def _readings(event: Event, flat: list[Event]) -> list[str]:
    """Claude's own readings in `event`, against what its turn shows: the tool events and the author's words from
    the author's message before it to the next one."""
    if event not in flat:
        return []
    at = flat.index(event)
    start = next((i for i in range(at, -1, -1) if flat[i].kind == HUMAN), 0)
    stop = next((i for i in range(at + 1, len(flat)) if flat[i].kind == HUMAN), len(flat))
    evidence = [t for e in flat[start:stop] for t in _evidence_texts(e)]
    return claude_readings(event.text or "", evidence)


TOOLS_NAMED = 24  # cited events whose tools are named, at most


def tools_called(events: list[Event]) -> str:
    """The tools each cited event called, by name, in order: the material's line tells what a step did ("Edited
    types/index.ts (2 edits)"), not with which tool, and a post that names the tool ("an Edit and a MultiEdit
    together") was judged `not in the session` on a faithful line (blind18 X1:66)."""
    named = []
    for event in events[:TOOLS_NAMED]:
        names: list[str] = []
        for call in event.calls or ():
            if call.name:
                names.append(call.name)
        if names and event.id:
            runs = [(name, sum(1 for _ in group)) for name, group in groupby(names)]
            named.append(f"[{event.id}] " + ", ".join(n if k == 1 else f"{n} ×{k}" for n, k in runs))
    if not named:
        return ""
    # (each event is one step of Claude's: "Edit ×2" are two calls sent together, which a post tells as "in the same
    # call" or "in one go"; read as two separate calls, three faithful lines of blind50 were judged contradicted)
    return (
        "The tools the cited events called, by name, in order (each [eN] is one step of Claude's: the calls it lists"
        " were sent together, in one go, and a post may tell them as one call or one step): " + "; ".join(named)
    )


def whole_evidence(cites: list[str], part: str, view: EventLog, shown: str, budget: int = EVIDENCE_TOKENS) -> str:
    """The cited events whole, as far as `shown` (the material) cuts them, and the lines of the session that hold
    what the part names; "" when there is nothing the prompt does not show already."""
    events, spawns = _cited_events(cites, view)
    wanted = _terms(part)
    out: list[str] = []
    used = 0
    for spawn in spawns:
        steps = _steps(spawn)
        cost = estimate_tokens("\n".join(steps))
        if steps and used + cost <= budget // 2:
            out.extend(steps)
            used += cost
    own = _segments(shown)
    for event in events:
        for what, text in _texts(event):
            lines = [line.rstrip() for line in text.splitlines()]
            cut = _record_cut(lines)
            # the material shows it whole already, on that event's own lines: an identical diff shown under another
            # event (a refused edit sent again) is not this event's (blind20 Z1:57 read the refused one as unshown)
            mine = own.get(event.id or "", "")
            if all(line.strip() in mine for line in lines if line.strip() and not line.startswith("… (")):
                if cut:
                    kept = "the lines above are all the session keeps of it"
                    out.append(
                        f"[{event.id}] {what}: {kept}; {cut} is the session's own cut, not retell's: {_KEPT_NOTE}"
                    )
                continue
            room = budget - used
            if room < 100:
                break
            fitted = _fitted(lines, wanted, min(room, budget // 3))
            block = [f"[{event.id}] {what}, as the session keeps it:", *(f"    {line}" for line in fitted)]
            if cut:
                block.append(
                    f"  (that is all the session keeps of it; {cut} is the session's own cut, "
                    f"not retell's: {_KEPT_NOTE})"
                )
            out.extend(block)
            used += estimate_tokens("\n".join(block))
    tools = tools_called(events)
    if tools and used + estimate_tokens(tools) <= budget:
        out.append(tools)
        used += estimate_tokens(tools)
    named = named_lines(part, view, shown + "\n".join(out), budget - used)
    if named:
        out.append(
            "Lines of the session that hold a name, code or quote the part gives (what the prompt shows nowhere else):"
        )
        out.extend(named)
        used += estimate_tokens("\n".join(named)) + 20
    quoted = quoted_lines(part, cites, view, shown + "\n".join(out), min(QUOTED_TOKENS, budget - used))
    if quoted:
        out.append(
            "Lines of the session's tool texts that Claude quotes (the file or output holds them, not only Claude's "
            "words):"
        )
        out.extend(quoted)
    return "\n".join(out)
