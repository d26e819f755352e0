"""Claude's reading of an output the session shows cut.

A run's output is kept as its telling lines, with `… (3 more lines)` where lines were left out. Claude read what the
command printed (never more than its own `| tail -25` kept); the material shows the kept lines. A model told
Claude's "the 06:00 run had not finished by 06:10" and "Full refresh worked" as what the output showed, where the
shown lines hold neither (round 49). A note under
the message that follows such a run says which lines are not shown, and names the words Claude quotes as an
output's (`Duplicate row detected during DML action`) that no output shown holds; and under one that follows a
search whose listing is cut ("4 files: a, b, c and 1 more"), that what it says of the rest is its reading (round 52).
"""

from __future__ import annotations

import re

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, ToolCall

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
    files = _files(ordered) if wanted else set()
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
        if not runs and not _cut_edits(ordered[:at]):
            continue
        runs.reverse()
        cut: list[str] = []
        kept_by_command: list[str] = []
        listed: list[str] = []
        for run in runs:
            hidden = sum(int(m.group(1)) for call in run.calls or () for m in _CUT.finditer(call.output or ""))
            if hidden:
                cut.append(f"[{run.id}] ({hidden} of its lines not shown)")
                kept_by_command.extend(f"[{run.id}] `{k}`" for call in run.calls or () if (k := _own_cut(call)))
            listed.extend(_cut_listings(run))
        printed = "\n".join(_shown(e) for e in ordered[:at] if e.kind == TOOL_RUN)
        quoted = [
            span
            for span in dict.fromkeys(m.group(1).strip() for m in _SPAN.finditer(event.text or ""))
            if _MESSAGE.fullmatch(span) and span not in printed
        ]
        parts = []
        told = _told_edits(ordered, at, printed, files)
        if told:
            parts.append(told)
        if cut:
            # never "the whole output": a model wrote "having read the whole output" of `cargo build | tail -25`,
            # whose command kept 25 lines of it (round 52)
            text = (
                "Claude read what "
                + ", ".join(cut)
                + " printed; the material shows only the lines above: tell what those lines hold as the output's, and "
                "what only the left-out lines could show as Claude's reading"
            )
            if kept_by_command:
                text += (
                    "; " + ", ".join(kept_by_command) + " kept only part of what ran printed: Claude saw that part, "
                    "never all of it"
                )
            parts.append(text)
        if listed:
            # a search's "4 files: a, b, c and 1 more": Claude's "only referenced in config.rs" was told as fact
            # (round 52)
            parts.append(
                "; ".join(listed) + ": what Claude says of what was found beyond the names shown (that something is "
                "only in one file, or nowhere else) is Claude's reading, told as Claude's"
            )
        if quoted:
            parts.append(", ".join(f"`{q}`" for q in quoted[:3]) + " is in no output shown here: Claude's word")
        if parts:
            notes[event_id] = [f"({'; '.join(parts)}; never tell the reader that anything is not shown)"]
    return notes


# A command's own last stage that keeps part of what it printed: `| tail -25`, `| head -n 40`.
_OWN_CUT = re.compile(r"\|\s*((?:tail|head)\b[^|;&]*?)\s*$")
# A listing summarised with a count of the names it leaves out: "found 4 files: a, b, c and 1 more".
_LISTED = re.compile(r"\b(\d+) (\w+): (.+) and (\d+) more$")


def _own_cut(call: ToolCall) -> str:
    """The command's own `tail`/`head` stage at its end (`tail -25`), or ""."""
    match = _OWN_CUT.search(call.target or "")
    return match.group(1).strip() if match else ""


def _cut_listings(run: Event) -> list[str]:
    """What a run's outcome lists cut: `[e4] names 3 of the 4 files it found`."""
    found = []
    for call in run.calls or ():
        match = _LISTED.search(call.outcome or "")
        if match:
            total, kind, more = int(match.group(1)), match.group(2), int(match.group(4))
            found.append(f"[{run.id}] names {total - more} of the {total} {kind} it found")
    return found


_CUT_EDIT = re.compile(r"^… \((\d+) more changed lines?\)$", re.M)
_CALL = re.compile(r"\(\)$")


def _cut_edits(before: list[Event]) -> list[tuple[Event, int]]:
    """The edits since the author's last message whose diff is shown cut, with how many changed lines it leaves
    out."""
    edits: list[tuple[Event, int]] = []
    for event in reversed(before):
        if event.kind == HUMAN:
            break
        if event.kind != TOOL_RUN:
            continue
        for call in event.calls or ():
            if call.diff and not call.error and (m := _CUT_EDIT.search(call.diff)):
                edits.insert(0, (event, int(m.group(1))))
    return edits


def _told_edits(ordered: list[Event], at: int, printed: str, files: set[str]) -> str:
    """A note on Claude's account of its own edits whose changed lines are shown cut, under the message that ends
    the stretch since the author's last message (its summary) or that names code no line shown holds: a post told
    "uses `isinstance()`" and "sorts by timestamp" of 19 lines nobody saw (round 50)."""
    before, message = ordered[:at], ordered[at]
    edits = _cut_edits(before)
    if not edits or _announces_edit(ordered, at):
        return ""
    spans = dict.fromkeys(m.group(1).strip() for m in _SPAN.finditer(message.text or ""))
    # (a name the author's or Claude's words used before is no code of the edit's: `restock` of "restock should…")
    said = "\n".join(e.text or "" for e in before if e.kind in (HUMAN, ASSISTANT))
    unshown = [s for s in spans if len(s) > 2 and not _shown_span(s, printed, files) and s not in said][:3]
    # the note is for a reply that tells the edit: one that speaks of the data or of the program running, after
    # the edit, says nothing of its lines (blind28: the note stood under three such replies in a row)
    if not unshown and not (_ends_stretch(ordered, at) and _tells_edit(message, edits)):
        return ""
    which = ", ".join(f"[{e.id}] ({n} of its changed lines not shown)" for e, n in edits)
    text = (
        f"Claude tells here what its edit {which} does; the material shows only the lines above: what those lines do "
        "is the diff's, anything more is Claude's account of its own code, told as Claude's"
    )
    if unshown:
        text += "; " + ", ".join(f"`{s}`" for s in unshown) + (" is" if len(unshown) == 1 else " are")
        text += " in no line shown here"
    return text


def _files(ordered: list[Event]) -> set[str]:
    """The files the session's calls name (read, edited, searched), whole and by their last part: a file Claude
    names is shown by the read before or after it, never code of an edit's left-out lines (blind28)."""
    found: set[str] = set()
    for event in ordered:
        for call in event.calls or () if event.kind == TOOL_RUN else ():
            target = (call.target or "").strip()
            if target and " " not in target and "." in target.rsplit("/", 1)[-1]:
                found |= {target, target.rsplit("/", 1)[-1]}
    return found


def _shown_span(span: str, printed: str, files: set[str]) -> bool:
    """Whether a span of Claude's is shown: in a line a run shows (a call named with its parentheses too), a file
    the session's calls name, or a slash command whose name a line shows without its slash (`/add` of
    `Command("add")`: blind28)."""
    if _CALL.sub("", span) in printed or span in files or (span.rsplit("/", 1)[-1] in files and "." in span):
        return True
    # a list of names ("`(sala_id, start)`") whose every name a shown line holds, written otherwise there
    # (`#[ORM\Index(columns: ['sala_id', 'start'])]`: an allegretto drafter found the note contradicting the diff)
    names = re.findall(r"[A-Za-z_]\w+", span)
    if len(names) >= 2 and re.fullmatch(r"[\s(\[{]*[A-Za-z_]\w*(?:\s*,\s*[A-Za-z_]\w*)+[\s)\]}]*", span):
        return all(re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", printed) for n in names)
    slash = re.match(r"^/([\w-]+)", span)
    return slash is not None and re.search(rf"(?<![\w-]){re.escape(slash.group(1))}(?![\w-])", printed) is not None


# Words that tell a change, in the languages Claude most often answers in: "I rewrote", "now returns", "diubah".
_CHANGE_WORDS = re.compile(
    r"\b(?:edit(?:ed|s)?|chang(?:e|ed|es)|rewr(?:ote|itten|ite)|creat(?:e|ed|es)|wrote|written|refactor(?:ed|s)?|replac(?:e|ed|es)|add(?:ed|s)?|"
    r"remov(?:e|ed|es)|renam(?:e|ed|es)|updated|fix(?:ed|es)?|migrat(?:e|ed|es)|switch(?:ed|es)?|implement(?:ed|s)?|"
    r"now (?:uses|calls|reads|returns|handles|takes|sorts|skips|checks|keeps|writes|builds|loads|runs|passes)|"
    r"(?:di)?ubah|(?:di)?ganti|(?:di)?tambahkan|(?:di)?hapus|(?:di)?perbaiki|geändert|ersetzt|hinzugefügt|entfernt|"
    r"modifié|remplacé|ajouté|supprimé|corrigé|cambi\w*|reemplaz\w*|añad\w*|agreg\w*|corrig\w*|alterad\w*|"
    r"substituí\w*|adicionad\w*|modificat\w*|sostituit\w*|aggiunt\w*)\b|変更|修正|追加|削除|修改|替换|添加|删除|변경|수정",
    re.I,
)
_IDENT = re.compile(r"[A-Za-z_][\w]*(?:\.[A-Za-z_]\w*)*")


def _tells_edit(message: Event, edits: list[tuple[Event, int]]) -> bool:
    """Whether Claude's reply tells what its edits did: it names an edited file, a name from code the edits' lines
    show, or a change in words ("rewrote", "now returns"); never a reply on the data or on the program running
    ("the bot is up again; try `/stock` from the chat")."""
    text = message.text or ""
    prose = _SPAN.sub(" ", text)
    if _CHANGE_WORDS.search(prose):
        return True
    files = {(c.target or "").rsplit("/", 1)[-1] for e, _n in edits for c in e.calls or () if c.diff and c.target}
    if any(f and re.search(rf"(?<![\w-]){re.escape(f)}(?![\w-])", text) for f in files):
        return True
    code = "\n".join(c.diff or "" for e, _n in edits for c in e.calls or ())
    named = {w for m in _SPAN.finditer(text) if not m.group(1).startswith("/") for w in _IDENT.findall(m.group(1))}
    return any(len(w) > 2 and re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", code) for w in named)


def _announces_edit(ordered: list[Event], at: int) -> bool:
    """Whether Claude's message at `at` comes before an edit of its own, with no word of the author or of Claude
    between: it says what it is about to change ("Now let me fix the colour mismatch by adding CSS:"), not what
    the edits before did (stop 52 put the note on the edit before under such a line)."""
    for later in ordered[at + 1 :]:
        if later.kind in (HUMAN, ASSISTANT):
            return False
        if later.kind == TOOL_RUN and any(call.diff for call in later.calls or ()):
            return True
    return False


def _ends_stretch(ordered: list[Event], at: int) -> bool:
    """Whether Claude's message at `at` is its last word before the author's next message (its summary)."""
    for later in ordered[at + 1 :]:
        if later.kind == HUMAN:
            return True
        if later.kind == ASSISTANT:
            return False
    return True
