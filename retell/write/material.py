"""The cleared view as prompt material: one compact line per event, condensed to a token budget.

Condensation is deterministic and reported: first long texts are trimmed, then the lowest-value events
are dropped (pacing, tool runs, thinking, middle assistant messages); the author's own words never are.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from retell.events import (
    ASSISTANT,
    BRIDGE,
    COMMAND,
    HUMAN,
    IMAGE,
    INTERRUPT,
    PLAN,
    PROMPT,
    RECAP,
    SUBAGENT,
    THINKING,
    TOOL_RUN,
    TURN_DURATION,
    Event,
)
from retell.extract.tools import shorten
from retell.llm.request import estimate_tokens

# Dropped first when over budget (lowest story value first).
_DROP_ORDER = (TURN_DURATION, TOOL_RUN, IMAGE, THINKING, COMMAND, PROMPT, ASSISTANT, SUBAGENT, PLAN, RECAP)
_TRIM_STEPS = (4000, 1500, 600, 250)


@dataclass
class Material:
    text: str
    tokens: int
    events: int
    condensed: list[str] = field(default_factory=list)  # what was done to fit, for the report


def event_line(event: Event, limit: int | None = None) -> str:
    """One event as a line a model can cite by id."""

    def clip(text: str | None) -> str:
        text = (text or "").strip()
        return shorten(text, limit) if limit else text

    tag = f"[{event.id}]" + (" (tried, then rewound: not what finally happened)" if event.abandoned else "")
    kind = event.kind
    if kind == HUMAN:
        extra = " (typed while Claude worked)" if event.queued else ""
        images = f" [pasted image: {', '.join(event.images)}]" if event.images else ""
        return f"{tag} AUTHOR{extra}: {clip(event.text)}{images}"
    if kind == ASSISTANT:
        return f"{tag} CLAUDE: {clip(event.text)}"
    if kind == THINKING:
        return f"{tag} CLAUDE (private thinking, never quote): {clip(event.text)}"
    if kind == PLAN:
        return f"{tag} CLAUDE proposed a plan: {clip(event.text)}"
    if kind == TOOL_RUN:
        errors = [c.error for c in event.calls or () if c.error]
        failed = f" — failed: {shorten(errors[0], 160)}" if errors else ""
        return f"{tag} TOOLS: {event.summary}{failed}"
    if kind == SUBAGENT and event.subagent is not None:
        agent = event.subagent
        who = agent.description or agent.agent_type or "a subagent"
        parts = [f"{tag} SUBAGENT “{who}”"]
        if agent.prompt:
            parts.append(f" was asked: {clip(agent.prompt)}")
        if agent.result:
            parts.append(f" | reported back: {clip(agent.result)}")
        elif agent.error:
            parts.append(f" | failed: {agent.error}")
        return "".join(parts)
    if kind == IMAGE:
        return f"{tag} IMAGE {event.asset} (returned by {event.source})"
    if kind == COMMAND:
        return f"{tag} AUTHOR ran {event.name}{' ' + clip(event.args) if event.args else ''}"
    if kind == INTERRUPT:
        return f"{tag} AUTHOR interrupted Claude"
    if kind == PROMPT:
        return f"{tag} PARENT AGENT: {clip(event.text)}"
    if kind == TURN_DURATION:
        minutes = (event.duration_ms or 0) / 60000
        return f"{tag} (that turn took {minutes:.1f} min)"
    if kind in (BRIDGE, RECAP):
        return f"{tag} SUMMARY SO FAR: {clip(event.text)}"
    return f"{tag} {kind}: {clip(event.text)}"


def render_material(events: list[Event], budget_tokens: int) -> Material:
    """Events as lines, condensed until they fit `budget_tokens`."""
    kept = [e for e in events if e.kind not in (BRIDGE,)]  # bridges are given separately, as "previously"
    notes: list[str] = []
    limit: int | None = None
    lines = [event_line(e) for e in kept]
    text = "\n".join(lines)
    for step in _TRIM_STEPS:
        if estimate_tokens(text) <= budget_tokens:
            break
        limit = step
        lines = [event_line(e, limit if e.kind != HUMAN else max(limit, 1500)) for e in kept]
        text = "\n".join(lines)
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
        lines = [event_line(e, limit if limit and e.kind != HUMAN else None) for e in kept]
        text = "\n".join(lines)
    tokens = estimate_tokens(text)
    if tokens > budget_tokens:
        notes.append(f"still {tokens:,} tokens after condensing (budget {budget_tokens:,}): only your messages remain")
    return Material(text=text, tokens=tokens, events=len(kept), condensed=notes)
