"""`retell check --verify`: the draft cut into parts, and one model request per part.

A part is a run of paragraphs under one heading, at most CHUNK_WORDS words (a longer paragraph is a part of
its own). Each request carries the part's lines, numbered as in draft.md, the events its paragraphs cite with
NEAR events either side (what the rules call "near"), and the rest of the cleared session condensed to a fixed
budget: input is bounded whatever the session's size. Everything comes from the cleared view (what
`require_approved` returns); the runner's guard scans the whole request before it leaves the machine.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from retell.check.document import CODE, HEADING, IMAGE, Block, read_blocks
from retell.check.verify_evidence import unsettled, whole_evidence
from retell.events import Event, EventLog, walk
from retell.extract.project import project_name
from retell.llm.budget import output_budget, worth_caching
from retell.llm.pricing import Limits
from retell.llm.request import LLMRequest, SystemBlock, estimate_tokens
from retell.templating import TemplateLibrary
from retell.triage.model import Triage
from retell.write.facts import session_facts
from retell.write.material import render_material

STAGE = "verify"
SYSTEM_TEMPLATE = "verify_system.md.j2"
TASK_TEMPLATE = "verify_task.md.j2"
CHUNK_WORDS = 350  # a part's prose: about what one careful read holds
CODE_LINES = 30  # of a code block shown in a part (a command, a diff, a test the post says the session has)
CODE_WORDS = 60  # what a code block counts toward a part's size, however long
NEAR = 2  # events either side of a cited one (as the rules look "near" a paragraph)
NEAR_TOKENS = 7_000  # the cited events and their neighbours
REST_TOKENS = 5_000  # the rest of the session, condensed
ANSWER_TOKENS = 3_000  # about 40 claims with their reasons

SUPPORTED = "supported"
CONTRADICTED = "contradicted"
NOT_CITED = "not in the cited events"
NOT_IN_SESSION = "not in the session"
# the material cuts the place the claim would be (round twenty-six): no finding, and no support of a rule's either
NOT_SHOWN = "not shown here"
VERDICTS = (SUPPORTED, CONTRADICTED, NOT_CITED, NOT_IN_SESSION, NOT_SHOWN)

SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "claims": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "line": {"type": "integer"},
                    "words": {"type": "string"},
                    "verdict": {"type": "string", "enum": list(VERDICTS)},
                    "event": {"type": "string"},
                    "evidence": {"type": "string"},  # the event's own words that show a contradiction or where it is
                    "reason": {"type": "string"},
                },
                "required": ["line", "words", "verdict", "event", "evidence", "reason"],
                "additionalProperties": False,
            },
        }
    },
    "required": ["claims"],
    "additionalProperties": False,
}

_COMMENT = re.compile(r"<!--.*?-->", re.S)
_WORD = re.compile(r"\w+")
_EVENT_ID = re.compile(r"^\[([^\]\s]+)\]", re.M)  # an event's line in the material starts with its id


@dataclass
class Chunk:
    number: int  # 1-based
    first: int  # lines of draft.md it covers (1-based, inclusive)
    last: int
    heading: str
    blocks: list[Block] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"p{self.number}"

    @property
    def cites(self) -> list[str]:
        return list(dict.fromkeys(i for b in self.blocks for i in b.cites))

    def cited_by(self) -> dict[str, list[int]]:
        """Each cited event: the first lines of the paragraphs and blocks that cite it, shown on the event's own
        line, so "does this event say what L12 says?" is asked of it alone, not of its neighbours (round fourteen:
        a citation one event off was read as right)."""
        out: dict[str, list[int]] = {}
        for block in self.blocks:
            for event_id in _shown_cites(block):
                if block.start not in out.setdefault(event_id, []):
                    out[event_id].append(block.start)
            tail = block.lead_tail()
            if tail is not None and block.follows is not None:
                for event_id in block.follows.own_cites:  # (the lead-in's last words tell the block's moment)
                    if tail not in out.setdefault(event_id, []):
                        out[event_id].append(tail)
        return out

    def lines(self) -> str:
        """The part as the model reads it: `L12: text`, hidden markers left out, each cited paragraph ending
        with the events it cites."""
        out: list[str] = []
        for block in self.blocks:
            raw = block.lines
            shown_lines = 0
            for n, line in enumerate(raw):
                shown = _COMMENT.sub("", line).rstrip()
                if not shown.strip():
                    continue
                if block.kind == CODE and shown_lines == CODE_LINES:
                    rest = sum(1 for x in raw[n:] if _COMMENT.sub("", x).strip())
                    out.append(f"L{block.start + n}: … ({rest} more lines of the block)")
                    break
                out.append(f"L{block.start + n}: {shown}")
                shown_lines += 1
            cites = _shown_cites(block)
            tail = block.lead_tail()
            if cites and tail is not None and block.follows is not None:
                leads = " ".join(block.follows.own_cites)
                out.append(
                    f"(cites: {' '.join(cites)}; from L{tail} on, the words leading into the block below: {leads})"
                )
            elif cites:
                out.append(f"(cites: {' '.join(cites)})")
            out.append("")
        return "\n".join(out).strip("\n")


def _shown_cites(block: Block) -> list[str]:
    # a lead-in and its block that each cite their own events are judged by them: the block's citation shared
    # with a lead-in would hide a wrong one on the lead-in
    return block.own_cites or block.cites


def _words(block: Block) -> int:
    return len(_WORD.findall(_COMMENT.sub("", block.raw)))


def chunks(text: str, max_words: int = CHUNK_WORDS) -> list[Chunk]:
    """The draft's prose in parts: under one heading, at most `max_words` words each. A code block goes with the
    prose around it (the rules compare only shell blocks, and a flag or value changed in a block is a claim like
    any other: round twelve); images are left out (an image is the session's own)."""
    out: list[Chunk] = []
    heading = ""
    current: Chunk | None = None
    words = 0

    def close() -> None:
        nonlocal current, words
        if current is not None and current.blocks:
            out.append(current)
        current, words = None, 0

    for block in read_blocks(text):
        if block.kind == HEADING:
            close()
            heading = _COMMENT.sub("", block.raw).strip().lstrip("#").strip()
            continue
        if block.kind == IMAGE:
            continue
        size = min(_words(block), CODE_WORDS) if block.kind == CODE else _words(block)
        if not size:
            continue
        if current is not None and words + size > max_words:
            close()
        if current is None:
            current = Chunk(len(out) + 1, block.start, block.start, heading)
        current.blocks.append(block)
        current.last = block.start + len(block.lines) - 1
        words += size
    close()
    for number, chunk in enumerate(out, 1):
        chunk.number = number
    return out


def near_events(chunk: Chunk, view: EventLog) -> tuple[list[Event], list[Event]]:
    """(the events the part cites with NEAR either side, the rest of the session), in session order. A cited
    step of a subagent (`e2.4`) comes with its neighbours among the subagent's own steps, right after the spawn:
    the spawn's line shows only the brief and the report, not what the agent ran or read."""
    position = {e.id: i for i, e in enumerate(view.events)}
    wanted: set[int] = set()
    steps: dict[int, set[int]] = {}  # a spawn's position: the positions of its wanted steps (walk order)
    for cited in chunk.cites:
        top = cited if cited in position else cited.split(".")[0]
        at = position.get(top)
        if at is None:
            continue
        wanted.update(range(max(0, at - NEAR), min(len(view.events), at + NEAR + 1)))
        if top != cited:
            inner = _subagent_steps(view.events[at])
            found = next((i for i, e in enumerate(inner) if e.id == cited), None)
            if found is not None:
                steps.setdefault(at, set()).update(range(max(0, found - NEAR), min(len(inner), found + NEAR + 1)))
    near: list[Event] = []
    for i, event in enumerate(view.events):
        if i in wanted:
            near.append(event)
            inner = _subagent_steps(event) if i in steps else []
            near.extend(inner[k] for k in sorted(steps.get(i, ())))
    rest = [e for i, e in enumerate(view.events) if i not in wanted]
    return near, rest


def _subagent_steps(event: Event) -> list[Event]:
    """A spawn's subagent's events, its own subagents' included, in the order they happened."""
    if event.subagent is None:
        return []
    return list(walk(event.subagent.events))


def _clock(ts: str) -> str:
    """`11:06:03.6`: the time to a tenth of a second where the record keeps it. A post's "half a second later"
    is measured between 11:06:03.6 and 11:06:04.1; rounded to the second, a model read it as contradicted by
    one whole second (blind12, R2:48 and R2:72)."""
    tenth = ts[20:21] if len(ts) > 20 and ts[19] == "." else ""
    return ts[11:19] + (f".{tenth}" if tenth.isdigit() else "")


def _timed(text: str, events: list[Event], cited_by: dict[str, list[int]] | None = None) -> str:
    """Each event's line with its UTC clock time after the id (`[e12] 23:45:15 AUTHOR: …`): a claim of time
    ("twenty minutes later", "五分ほど") is measured between them. The material's pause lines give the day. A
    cited event also says which lines cite it (`[e12] 23:45:15 (cited by L40 L44) TOOLS: …`)."""
    clock = {e.id: _clock(e.ts) for e in events if e.id and e.ts and len(e.ts) >= 19 and e.ts[10] == "T"}
    cited_by = cited_by or {}

    def stamp(match: re.Match[str]) -> str:
        time = clock.get(match.group(1))
        out = f"{match.group(0)} {time}" if time else match.group(0)
        lines = cited_by.get(match.group(1))
        return f"{out} (cited by {' '.join(f'L{n}' for n in lines)})" if lines else out

    return _EVENT_ID.sub(stamp, text)


def _facts_line(manifest: dict[str, Any], triage: Triage, view: EventLog) -> str:
    facts = session_facts(manifest, triage.told_sessions(), view.events)
    parts = [
        f"{facts.get('sessions', 1)} session(s)",
        f"active time {facts.get('active_time', '?')}"
        + (f" ({facts['active_counted']})" if facts.get("active_counted") else ""),
        f"{facts.get('human_turns', 0)} messages from the author",
        f"{facts.get('tool_calls', 0)} tool calls ({facts.get('tool_errors', 0)} failed)",
        f"{facts.get('files_changed', 0)} files Claude edited or wrote (a commit's stat counts what git took in)",
        f"{facts.get('subagents', 0)} subagents",
        f"{facts.get('compactions', 0)} compactions",
    ]
    if facts.get("first_day"):
        parts.append(f"from {facts['first_day']} to {facts.get('last_day') or facts['first_day']} (UTC)")
    # the project the post may name ("my gateway pod" of `notify-gateway`), which no event need spell out
    raw = manifest.get("session")
    session: dict[str, Any] = raw if isinstance(raw, dict) else {}
    project = project_name(session.get("cwd"))
    if project:
        parts.append(f"project folder `{project}`")
    branches = [b for b in session.get("git_branches") or [] if isinstance(b, str) and b and b != "HEAD"]
    if branches:
        parts.append("git branch " + ", ".join(f"`{b}`" for b in branches[:3]))
    return "; ".join(parts)


def _story(triage: Triage) -> str:
    story = triage.story
    said = [
        ("Backstory", story.backstory),
        ("What they set out to do", story.intent),
        ("Corrections", story.corrections),
        ("Scope", story.scope),
    ]
    return "\n".join(f"- {name}: {text.strip()}" for name, text in said if text and text.strip())


def verify_requests(
    text: str,
    view: EventLog,
    manifest: dict[str, Any],
    triage: Triage,
    model: str,
    limits: Limits,
    library: TemplateLibrary,
) -> list[tuple[Chunk, LLMRequest]]:
    """One request per part of the draft: the instructions as the cached system prefix, the part and its
    events as the user message, a JSON answer (SCHEMA)."""
    system = library.render(SYSTEM_TEMPLATE)
    parts = chunks(text)
    facts, story = _facts_line(manifest, triage, view), _story(triage)
    cache = len(parts) > 1 and worth_caching(limits, estimate_tokens(system.text))
    out = []
    for chunk in parts:
        near, rest = near_events(chunk, view)
        # the cited events (a subagent's cited steps too) with all a claim can cite of them: every output the
        # session kept (a `tree`'s "25 directories, 131 files", a `wc -l`'s total), each target in full
        cited = frozenset(chunk.cites)
        # every note is worked out against the whole session (whose figure a number is, the pauses), not against
        # what this prompt shows: the same note the same in every prompt (round 38, blind27 AG1's "10s")
        session = list(view.events)
        shown_near = render_material(near, NEAR_TOKENS, cited, session=session) if near else None
        shown_rest = render_material(rest, REST_TOKENS, frozenset(), session=session) if rest else None
        condensed = [*(shown_near.condensed if shown_near else []), *(shown_rest.condensed if shown_rest else [])]
        lines = chunk.lines()
        # what the material's lines cut of the cited events (a Write's diff, a listing, a subagent's steps), whole
        whole = whole_evidence(chunk.cites, lines, view, shown_near.text) if shown_near else ""
        task = library.render(
            TASK_TEMPLATE,
            facts=facts,
            story=story,
            chunk=chunk,
            chunks=len(parts),
            lines=lines,
            near=_timed(shown_near.text, near, chunk.cited_by()) if shown_near else "",
            whole=whole,
            unsettled=unsettled(chunk.cites, view),
            rest=_timed(shown_rest.text, rest) if shown_rest else "",
            condensed="; ".join(condensed),
        )
        request = LLMRequest(
            stage=STAGE,
            label=chunk.label,
            model=model,
            system=(SystemBlock(system.text, cache=cache),),
            user=task.text,
            max_tokens=output_budget(limits, ANSWER_TOKENS),
            template=f"{SYSTEM_TEMPLATE}+{TASK_TEMPLATE}",
            template_hash=f"{system.template_hash}+{task.template_hash}",
            json_schema=SCHEMA,
            published=False,  # verdicts are read, never published: a quoted `<tag>` in them is no markup
        )
        out.append((chunk, request))
    return out
