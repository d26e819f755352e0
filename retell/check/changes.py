"""A setting told as changed from one value to another: "`retry` went from 5 to 2", "ה-`retry` ירד מ-5 ל-2", "`timeout`
von 30 auf 60", "`workers` de 4 a 8". The cited edit's diff shows the old value on a removed line and the new one
on an added line, each right after the name (`retry: 5`, `timeout = 30`, `"workers": 4`): a new value the diff
does not give is a changed figure, however well the rest of the sentence tells the edit.

Read only where the diff shows the name with the old value removed and the name again added with a value: a
setting the cited edits do not show, or show cut short, says nothing here."""

from __future__ import annotations

import re

from retell.check.claims import NUMBER, Claim
from retell.check.document import LIST, PARAGRAPH, Block
from retell.check.scope import near_events
from retell.check.sources import Sources
from retell.check.verdict import CONTRADICTED, Finding

_VALUE = r"`?(-?\d+(?:\.\d+)?)`?"
# from … to …, in the languages the drafting prompt writes in; Hebrew writes "from" and "to" onto the figure (מ-5 ל-2)
_FROM_TO = re.compile(
    rf"`(?P<name>[^`\n]{{2,60}})`[^.;:!?`\n]{{0,50}}?(?:"
    rf"\b(?:from|von|de|da|van|od|z|från|fra)\s+{_VALUE}\s+(?:to|auf|zu|à|a|para|naar|na|do|in|till|til)\s+{_VALUE}"
    rf"|(?<![\w-])מ-?{_VALUE}\s+ל-?{_VALUE})",
    re.I,
)


def change_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        if block.kind not in (PARAGRAPH, LIST) or not block.cites:
            continue
        near = near_events(index, block.cites)
        for match in _FROM_TO.finditer(block.text):
            old, new = (g for g in match.groups()[1:] if g is not None)
            name = match.group("name").strip().rsplit(".", 1)[-1].rsplit("/", 1)[-1]
            given = _diff_values(index, near, name)
            if given is None:
                continue
            removed, added, event_id = given
            if old not in removed or new in added or not added:
                continue
            claim = Claim(NUMBER, match.group(0), block.line_at(match.start()), block, at=match.end())
            shown = ", ".join(sorted(added))
            out.append(
                Finding(
                    claim,
                    CONTRADICTED,
                    event_id,
                    f"`{name}`: {old} → {shown}",
                    f"the cited edit changes `{name}` from {old} to {shown}, not to {new} ({event_id})",
                    advice=f"write {shown}",
                )
            )
    return out


def _diff_values(index: Sources, ids: set[str], name: str) -> tuple[set[str], set[str], str] | None:
    """The values one edit of these events removes and adds right after `name` (the first edit that removes one),
    and its event: another file's setting of the same name is not this one's."""
    after = re.compile(rf"(?<![\w-]){re.escape(name)}['\"]?\s*[:=]\s*['\"]?(-?\d+(?:\.\d+)?)(?![\w.])")
    for event_id in index.in_order(ids):
        for call in index.event_calls.get(event_id, []):
            removed: set[str] = set()
            added: set[str] = set()
            for line in (getattr(call, "diff", None) or "").splitlines():
                if line[:1] in ("+", "-"):
                    values = {m.group(1) for m in after.finditer(line[1:])}
                    (removed if line.startswith("-") else added).update(values)
            if removed:
                return removed, added, event_id
    return None
