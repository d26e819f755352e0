"""What ran after a file's last change: a result shown before a change is not the result after it.

The author tried Ctrl-C by hand and saw exit 130; the exit code was then changed to 1, and the only run after it was
`go test` over packages that never run the command. The post said the Ctrl-C try "now ends with exit 1" (round 48).
Under the last change a session makes to a file, once some command has run before it (a result a reader could take
as the one after), the material says which commands ran after it, by id, or that none did.
"""

from __future__ import annotations

from retell.events import TOOL_RUN, Event
from retell.extract.tools import CHANGE_TOOLS, SHELL_TOOLS, shorten

RUNS_NAMED = 3  # commands named after a last change (the rest counted)
COMMAND_CHARS = 80


def after_change_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Notes to put under the edits in `events`, by event id: for each file whose last change in the session
    (`session`, every event in order) the edit is, made after some command had run, the commands that ran after
    it. None without the whole session: in a part of it (a revision's events, a fact-check's neighbours) a change
    made again later would read as the last."""
    if session is None:
        return {}
    ordered = session
    last: dict[str, str] = {}  # file -> the id of the event that changed it last
    for event in ordered:
        for path in _changed(event):
            last[path] = event.id
    position = {e.id: i for i, e in enumerate(ordered)}
    notes: dict[str, list[str]] = {}
    for event in events:
        at = position.get(event.id)
        files = [p for p in _changed(event) if last.get(p) == event.id]
        if at is None or not files or not any(_commands(e) for e in ordered[:at]):
            continue
        runs = [(e.id, command) for e in ordered[at + 1 :] for command in _commands(e)]
        named = ", ".join(f"`{f}`" for f in files)
        if not runs:
            notes[event.id] = [f"(the last change to {named} in the session, and no command ran after it)"]
            continue
        shown = "; ".join(f"[{i}] `{shorten(c, COMMAND_CHARS)}`" for i, c in runs[:RUNS_NAMED])
        more = f"; and {len(runs) - RUNS_NAMED} more" if len(runs) > RUNS_NAMED else ""
        notes[event.id] = [f"(the last change to {named} in the session; what ran after it: {shown}{more})"]
    return notes


def _changed(event: Event) -> list[str]:
    """The files an event's edits and writes changed, each once, in order."""
    if event.kind != TOOL_RUN:
        return []
    paths = [c.target for c in event.calls or () if c.name in CHANGE_TOOLS and c.target and not c.error]
    return list(dict.fromkeys(paths))


def _commands(event: Event) -> list[str]:
    if event.kind != TOOL_RUN:
        return []
    return [c.target for c in event.calls or () if c.name in SHELL_TOOLS and c.target]
