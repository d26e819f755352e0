"""Where a claim is looked for first: the events its paragraph cites, what is nested in them (a subagent's
own events), and their immediate neighbours; for times, also the events of the paragraph told just before
(a post tells the session in order: "two minutes later" counts from there)."""

from __future__ import annotations

from dataclasses import dataclass, field

from retell.check.document import HEADING, Block
from retell.check.sources import Sources


@dataclass
class Scope:
    cited: list[str] = field(default_factory=list)  # what the paragraph cites (a lead-in's citation shared)
    near: set[str] = field(default_factory=set)  # cited, nested in them, and their neighbours
    around: set[str] = field(default_factory=set)  # near, and the events of the cited paragraphs on either side
    told: set[str] = field(default_factory=set)  # events the paragraph's other claims were traced to
    section: set[str] = field(default_factory=set)  # a heading's: the events its section cites (and nested in them)

    @property
    def has_citation(self) -> bool:
        return bool(self.cited)


NEIGHBOURS = (
    2  # events on either side of a cited one that count as near it (a tool run and its result, the message after)
)


def near_events(index: Sources, cited: list[str]) -> set[str]:
    known = [i for i in cited if index.known(i)]
    out = index.expand(known)
    for event_id in known:
        for step in (0, 1):
            current: str | None = event_id
            for _ in range(NEIGHBOURS):
                current = index.siblings.get(current or "", (None, None))[step]
                if current is None:
                    break
                out.add(current)
    return out


def scopes(blocks: list[Block], index: Sources) -> dict[int, Scope]:
    """The scope of each block, by `id(block)`."""
    out: dict[int, Scope] = {}
    cited_blocks = [(n, block) for n, block in enumerate(blocks) if block.cites]
    near: dict[int, set[str]] = {id(b): near_events(index, b.cites) for _, b in cited_blocks}
    for n, block in enumerate(blocks):
        before = next((b for m, b in reversed(cited_blocks) if m < n), None)
        after = next((b for m, b in cited_blocks if m > n), None)
        if block.kind == HEADING:
            # A heading sums up its section: its times are measured among the section's events.
            level = len(block.text) - len(block.text.lstrip().lstrip("#"))
            section: set[str] = set()
            cited: set[str] = set()
            for other in blocks[n + 1 :]:
                if other.kind == HEADING and len(other.text) - len(other.text.lstrip().lstrip("#")) <= level:
                    break
                section |= near.get(id(other), set())
                cited |= index.expand([i for i in other.cites if index.known(i)])
            out[id(block)] = Scope([], set(), section, section=cited)
            continue
        if block.cites:
            own = near[id(block)]
            around = set(own)
            if before is not None:
                around |= near[id(before)]
            out[id(block)] = Scope(list(block.cites), own, around)
        else:
            around = set()
            for side in (before, after):
                if side is not None:
                    around |= near[id(side)]
            out[id(block)] = Scope([], set(), around)
    return out
