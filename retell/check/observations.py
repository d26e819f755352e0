"""What the author says they did or saw by hand ("I reloaded the timeline and watched the row disappear",
"recargué la página", "j'ai vérifié dans le navigateur", "ich klickte auf den Filter"): the session can only
show it through a message of the author's. A paragraph that tells it and cites no message of the author's (nor
sits next to one) tells something with no counterpart in the session."""

from __future__ import annotations

import re

from retell.check.claims import OUTCOME, Claim
from retell.check.document import CODE, Block
from retell.check.evidence import accept_marked
from retell.check.scope import near_events
from retell.check.sources import NOTE, Sources
from retell.check.verdict import UNTRACED, Finding

# The narrator checking something by hand, in English, Spanish (its verb says who), French and German.
_BY_HAND = re.compile(
    r"\bI\s+(?:then\s+|also\s+|first\s+)?(?:reloaded|refreshed|toggled|clicked|opened|watched|saw|noticed|checked|"
    r"tried|tested|confirmed|verified|played|listened|ran it in)\b"
    r"|(?<!\w)(?i:recargué|refresqué|pulsé|hice clic|abrí|vi|comprobé|probé|verifiqué|confirmé|escuché)\b"
    r"|\b(?i:j['’]ai)\s+(?:\w+\s+)?(?:rechargé|actualisé|cliqué|ouvert|vu|vérifié|testé|essayé|confirmé|écouté)\b"
    r"|\b[Ii]ch\s+(?:\w+\s+)?(?:lud|klickte|öffnete|sah|prüfte|testete|probierte|bestätigte|hörte)\b",
)
# Told as not done, wished for or asked for: "I never reloaded", "no comprobé", "I should have tried"
_NOT_DONE = re.compile(
    r"\b(?:not|never|no|n't|nothing|nobody|none|neither|should|would|could|might|will|wanted|want|nunca|ni|nada|nadie|"
    r"pas|jamais|rien|personne|nicht|nie|nichts|niemand|kein\w*)\b",
    re.I,
)
_TOLD_OF = re.compile(r"\b(?:what|whatever|lo que|ce que|was)\s*$", re.I)
_SENTENCE = re.compile(r"[.!?;]\s|[\n。！？]")
_INLINE_CODE = re.compile(r"`[^`\n]*`")


def _noted(index: Sources, event_id: str) -> bool:
    return any(s.speaker == NOTE for s in index.of([event_id]))


def grade_by_hand(blocks: list[Block], index: Sources, findings: list[Finding]) -> list[Finding]:
    """One finding a paragraph, unless a result of it is already reported ("recording worked": no message of
    yours reports it), which says the same."""
    out: list[Finding] = []
    told = {id(f.claim.block) for f in findings if f.problem and f.claim.kind == OUTCOME}
    for block in blocks:
        if not block.cites or id(block) in told:
            continue
        near = near_events(index, block.cites)
        # a message of the author's (a slash command such as `/doctor` reports nothing seen)
        authored = [i for i in near if index.event_kinds.get(i) == "human" or _noted(index, i)]
        if authored:
            continue  # a message of the author's is there to tell it
        if block.kind == CODE:
            continue  # `vi.mocked(…)` in a test's code is no "vi" (I saw) of a Spanish narrator
        text = _INLINE_CODE.sub(lambda m: " " * len(m.group(0)), block.text)
        for match in _BY_HAND.finditer(text):
            sentence = _SENTENCE.split(text[: match.start()])[-1]
            if _NOT_DONE.search(sentence[-40:] + " " + text[match.start() : match.end() + 12]):
                continue
            if _TOLD_OF.search(sentence):
                continue  # "saying what I saw": what was said, not what was done
            claim = Claim(OUTCOME, match.group(0), block.line_at(match.start()), block, at=match.end())
            accept_marked([claim], [])
            if claim.accepted is not None:
                continue
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    reason=f"no message of yours in or next to the cited events ({', '.join(block.cites)}) tells it",
                    advice="cite the message where you said so, or mark it <!-- ok --> if it happened outside the "
                    "session",
                )
            )
            break  # one finding a paragraph
    return out
