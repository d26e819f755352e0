"""Claude's reading of an output the session shows cut.

A run's output is kept as its telling lines, with `… (3 more lines)` where lines were left out. Claude read the
whole output; the material shows the kept lines. A model told Claude's "the 06:00 run had not finished by 06:10"
and "Full refresh worked" as what the output showed, where the shown lines hold neither (round 49). A note under
the message that follows such a run says which lines are not shown, and names the words Claude quotes as an
output's (`Duplicate row detected during DML action`) that no output shown holds.
"""

from __future__ import annotations

import re

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event

_CUT = re.compile(r"^… \((\d+) (?:more|earlier) lines?\b[^)]*\)$", re.M)
_SPAN = re.compile(r"`([^`\n]+)`")
# A quoted message: three or more words of letters, the first capitalised ("Duplicate row detected during DML
# action"), no code's operators or calls.
_MESSAGE = re.compile(r"[A-Z][\w'-]*(?: [\w'-]+){2,}")


def _shown(event: Event) -> str:
    return "\n".join(
        part for call in event.calls or () for part in (call.output, call.target, call.diff, call.command) if part
    )


def cut_reading_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Notes to put under Claude's messages in `events`, by event id: the runs just before it whose output is
    shown cut, and the messages it quotes that no output shown holds. `session`: every event, in order (default:
    `events`)."""
    ordered = session if session is not None else events
    position = {e.id: i for i, e in enumerate(ordered)}
    wanted = {e.id for e in events if e.kind == ASSISTANT and e.text}
    notes: dict[str, list[str]] = {}
    for event_id in wanted:
        at = position.get(event_id)
        if at is None:
            continue
        event = ordered[at]
        runs: list[Event] = []
        for before in reversed(ordered[:at]):
            if before.kind in (HUMAN, ASSISTANT):
                break
            if before.kind == TOOL_RUN:
                runs.append(before)
        if not runs:
            continue
        runs.reverse()
        cut = []
        for run in runs:
            hidden = sum(int(m.group(1)) for call in run.calls or () for m in _CUT.finditer(call.output or ""))
            if hidden:
                cut.append(f"[{run.id}] ({hidden} of its lines not shown)")
        printed = "\n".join(_shown(e) for e in ordered[:at] if e.kind == TOOL_RUN)
        quoted = [
            span
            for span in dict.fromkeys(m.group(1).strip() for m in _SPAN.finditer(event.text or ""))
            if _MESSAGE.fullmatch(span) and span not in printed
        ]
        parts = []
        if cut:
            parts.append(
                "Claude read the whole output of "
                + ", ".join(cut)
                + "; the material shows only the lines above: tell what those lines hold as the output's, and what "
                "only the left-out lines could show as Claude's reading"
            )
        if quoted:
            parts.append(", ".join(f"`{q}`" for q in quoted[:3]) + " is in no output shown here: Claude's word")
        if parts:
            notes[event_id] = [f"({'; '.join(parts)})"]
    return notes
