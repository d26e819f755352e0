"""A post that cites events of a branch the author rewound (Esc Esc: a question withdrawn, what Claude began on
it), which triage.yaml leaves out by default. Those events happened: a claim resting on them is no invention, so
the check and the verifying model read them (marked as tried, then rewound), and the check says once, as a note
and not a problem, that the post tells what triage leaves out: keeping it is the author's call."""

from __future__ import annotations

import dataclasses

from retell.check.claims import CITATION, Claim
from retell.check.document import HEADING, Block, read_blocks
from retell.check.verdict import TRACED, Finding
from retell.events import EventLog, branch_id, walk
from retell.triage.model import Triage


def cited_branches(text: str, view: EventLog, log: EventLog, triage: Triage) -> set[str]:
    """The ids (b1, <key>-b1) of the rewound branches the draft cites events of, in chapters it tells, that the
    cleared view leaves out."""
    cited = {i for block in read_blocks(text) for i in block.cites}
    if not cited:
        return set()
    shown = {e.id for e in walk(view.events) if e.id}
    told = triage.chapter_target()
    return {
        branch_id(event.abandoned, event.chapter)
        for event in walk(log.events)
        if event.id in cited and event.id not in shown and event.abandoned and event.chapter in told
    }


def with_cited_branches(text: str, view: EventLog, log: EventLog | None, triage: Triage) -> EventLog:
    """The cleared view with the rewound branches the draft cites added (cleared as any included branch is:
    secrets and terms replaced), or `view` itself when it cites none."""
    if log is None:
        return view
    branches = cited_branches(text, view, log, triage)
    if not branches:
        return view
    from retell.redact import cleared_view  # the check reads cleared views; only this one is made here

    return cleared_view(log, dataclasses.replace(triage, tried=triage.tried | branches))


def _rewound(view: EventLog, triage: Triage) -> dict[str, str]:
    """The view's events of rewound branches triage leaves out (added for the draft's citations), by id."""
    return {
        e.id: branch_id(e.abandoned, e.chapter)
        for e in walk(view.events)
        if e.id and e.abandoned and not triage.tells_branch(e.abandoned, e.chapter)
    }


def without_rewound(view: EventLog, triage: Triage) -> EventLog:
    """The view as triage left it: `view` itself when no rewound branch was added to it."""
    rewound = _rewound(view, triage)
    if not rewound:
        return view
    return dataclasses.replace(view, events=[e for e in view.events if e.id not in rewound])


def citing_lines(text: str, view: EventLog, triage: Triage) -> set[int]:
    """The lines of the blocks that cite events of an added rewound branch: only there are those events read (a
    file the branch read is no file the rest of the post may name: blind24 AD2:173's planted commit)."""
    rewound = _rewound(view, triage)
    out: set[int] = set()
    heading: Block | None = None
    for block in read_blocks(text):
        if block.kind == HEADING:
            heading = block
        if any(i in rewound for i in block.cites):
            out.update(range(block.start, block.start + len(block.lines)))
            if heading is not None:  # ("## 问过一句 LuaLaTeX" over the paragraphs that tell the rewound question)
                out.update(range(heading.start, heading.start + len(heading.lines)))
    return out


def rewound_notes(blocks: list[Block], view: EventLog, triage: Triage) -> list[Finding]:
    """A note on each citation of events of a rewound branch triage.yaml leaves out: not a problem (they happened),
    and what to do if the post should not tell them."""
    rewound = _rewound(view, triage)
    out = []
    for block in blocks:
        ids = [i for i in block.own_cites if i in rewound]
        if not ids:
            continue
        mark = next((m for m in block.marks if m.kind == "cite"), None)
        claim = Claim(
            CITATION, "<!-- ev: " + " ".join(block.own_cites) + " -->", block.line_at(mark.at if mark else 0), block
        )
        claim.at = mark.at if mark else 0
        branches = ", ".join(sorted({rewound[i] for i in ids}))
        note = (
            f"cites {', '.join(ids)}: a branch you rewound ({branches}), which triage.yaml leaves out; the events "
            f"happened and were checked, told as tried. To let the post tell it, set include: true under tried: "
            f"{branches}; or cut what the post tells of it"
        )
        out.append(Finding(claim, TRACED, ids[0], reason="a rewound branch", notice=note))
    return out
