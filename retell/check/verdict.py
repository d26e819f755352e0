"""What tracing one claim found: its status, the event it rests on (or the closest one), why it is a problem,
how sure the check is, and what the author can do about it."""

from __future__ import annotations

from dataclasses import dataclass

from retell.check.claims import Claim
from retell.check.sources import Source
from retell.check.text import one_line

TRACED = "traced"
UNTRACED = "untraced"
CONTRADICTED = "contradicted"
ACCEPTED = "accepted"
UNCHECKED = "unchecked"

# How sure the check is that a problem is real. `retell render --strict` stops only on HIGH: words put in
# someone's mouth, a figure or a result the session contradicts (docs/check.md lists them).
HIGH = "high"
LOW = "low"

# Who found it: the check's rules, a model asked by `retell check --verify` (check/verify.py), or both.
RULES = "rules"
MODEL = "model"
RULES_AND_MODEL = "rules+model"


@dataclass
class Finding:
    claim: Claim
    status: str
    event: str | None = None
    excerpt: str = ""
    reason: str = ""
    cited: bool = False  # traced to an event its paragraph cites (or one next to them)
    confidence: str = LOW
    advice: str = ""  # what to do about it
    weak: bool = (
        False  # traced by a loose rule (a time between events, a count of files named): says nothing of a citation
    )
    far: bool = False  # said, but far from what its paragraph cites (a quote of another moment)
    source: str = RULES  # who found it (RULES, MODEL, RULES_AND_MODEL)
    model_note: str = ""  # what the model said of a rule finding (`--verify`): its verdict, event and reason
    cleared: bool = False  # a rule problem the model supported with an event, counted as traced (`--verify`)
    softened: bool = False  # a sure figure the model supported, word for word, with an event: no longer stops --strict
    notice: str = ""  # not a problem, worth knowing: a citation of a rewound branch triage leaves out (branches.py)
    measured: float | None = None  # times: the gap in minutes the rules measured on the record's clock (to the ms)

    @property
    def problem(self) -> bool:
        return self.status in (UNTRACED, CONTRADICTED)

    @property
    def blocking(self) -> bool:
        return self.problem and self.confidence == HIGH


def found(
    claim: Claim,
    source: Source | None,
    reason: str = "",
    status: str = TRACED,
    *,
    cited: bool = False,
    confidence: str = LOW,
    advice: str = "",
    weak: bool = False,
) -> Finding:
    if source is None:
        return Finding(claim, status, reason=reason, confidence=confidence, advice=advice, weak=weak)
    return Finding(claim, status, source.id, one_line(source.text), reason, cited, confidence, advice, weak)


ACCEPT_HINT = "mark it <!-- ok --> if you know better"
