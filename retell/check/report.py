"""The check's findings as lines a person reads (`draft.md:LINE: kind: "claim"`), a summary, and JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retell.check.text import one_line
from retell.check.verdict import ACCEPTED, CONTRADICTED, MODEL, TRACED, UNCHECKED, UNTRACED, Finding

STRICT_MARK = " [stops render --strict]"


@dataclass
class CheckReport:
    name: str  # how the draft is named in report lines ("draft.md")
    findings: list[Finding]
    code_blocks: int = 0  # fenced code shown as code: not checked
    cited_paragraphs: int = 0
    verified: str = ""  # "engine, model" when a model's verdicts are merged in (`retell check --verify`)

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.problem]

    @property
    def blocking(self) -> list[Finding]:
        """What `render --strict` refuses to publish: the problems the check is sure of (docs/check.md)."""
        return [f for f in self.problems if f.blocking]

    def count(self, status: str) -> int:
        return sum(1 for f in self.findings if f.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems

    def where(self, finding: Finding) -> str:
        """A report line's opening: file, line, kind (the preview's panel shows these on their own)."""
        # with a model's verdicts merged in, every line says who found it
        source = f" [{finding.source}]" if self.verified else ""
        return f"{self.name}:{finding.claim.line}: {finding.claim.kind}{source}: "

    def line(self, finding: Finding) -> str:
        claim = finding.claim
        text = one_line(claim.text, 90)
        out = f'{self.where(finding)}"{text}"'
        if finding.cleared:  # the rules' problem, and the model's word that cleared it
            note = one_line(finding.model_note, 120)
            return out + f": cleared by the model (the rules: {finding.reason or UNTRACED}; {note})"
        if finding.notice:  # not a problem: worth knowing
            return out + f": note: {finding.notice}"
        if finding.status == TRACED:
            where = finding.event or "?"
            out += f" -> {where}" + (" (cited)" if finding.cited else "")
            return out + (f" ({one_line(finding.model_note, 120)})" if finding.model_note else "")
        out += f": {finding.reason}" if finding.reason else f": {finding.status}"
        if finding.status == ACCEPTED:
            out += " (accepted" + (f": {claim.accepted}" if claim.accepted else "") + ")"
        if finding.event and finding.excerpt:
            out += f"; closest {finding.event}: “{one_line(finding.excerpt, 70)}”"
        if finding.problem and finding.advice:
            out += f" → {finding.advice}"
        if finding.model_note and finding.source != MODEL:
            out += f" ({one_line(finding.model_note, 120)})"
        if finding.softened:  # a sure figure the model supported: reported, but no longer stopping the gate
            out += " (the model supports this figure: it no longer stops render --strict; check it)"
        if finding.blocking:
            out += STRICT_MARK
        return out

    @property
    def cleared(self) -> list[Finding]:
        """Rule problems the model supported with an event (`--verify`): counted as traced, listed as such."""
        return [f for f in self.findings if f.cleared]

    def lines(self, verbose: bool = False) -> list[str]:
        wanted = self.findings if verbose else [f for f in self.findings if f.problem or f.cleared or f.notice]
        return [self.line(f) for f in wanted]

    def summary(self) -> str:
        untraced, contradicted = self.count(UNTRACED), self.count(CONTRADICTED)
        claims = sum(1 for f in self.findings if f.claim.kind != "citation")
        head = f"Check: {claims} claim(s) in {self.name}, {self.count(TRACED)} traced to the session"
        if untraced or contradicted:
            head += f"; {untraced} untraced, {contradicted} contradicted"
        else:
            head += "; nothing untraced"
        if self.verified:
            by_model = sum(1 for f in self.problems if f.source == MODEL)
            head += f"; verified by a model ({self.verified}): {by_model} problem(s) only it found"
            if self.cleared:
                head += f", {len(self.cleared)} of the rules' cleared by it"
        if self.count(ACCEPTED):
            head += f"; {self.count(ACCEPTED)} accepted by you"
        notes = sum(1 for f in self.findings if f.notice)
        if notes:
            head += f"; {notes} note(s): a rewound branch cited"
        if self.blocking:
            head += f" ({len(self.blocking)} would stop render --strict)"
        if self.count(UNCHECKED):
            head += f" ({self.count(UNCHECKED)} not checked: nothing in it can be compared)"
        if self.code_blocks:
            head += f" ({self.code_blocks} code block(s) not checked)"
        return head

    def to_json(self) -> dict[str, Any]:
        return {
            "draft": self.name,
            "ok": self.ok,
            "summary": {
                "claims": len(self.findings),
                "traced": self.count(TRACED),
                "untraced": self.count(UNTRACED),
                "contradicted": self.count(CONTRADICTED),
                "accepted": self.count(ACCEPTED),
                "unchecked": self.count(UNCHECKED),
                "blocking": len(self.blocking),
                "code_blocks_not_traced": self.code_blocks,
                "cited_paragraphs": self.cited_paragraphs,
                "verified_by": self.verified or None,
                "cleared_by_model": len(self.cleared),
            },
            "claims": [
                {
                    "line": f.claim.line,
                    "kind": f.claim.kind,
                    "claim": f.claim.text,
                    "status": f.status,
                    "reason": f.reason or None,
                    "event": f.event,
                    "excerpt": f.excerpt or None,
                    "cited": f.cited,
                    "confidence": f.confidence if f.problem else None,
                    "blocking": f.blocking,
                    "advice": (f.advice or None) if f.problem else None,
                    "source": f.source,
                    "model": f.model_note or None,
                    "cleared_by_model": f.cleared,
                    "softened_by_model": f.softened,
                    "notice": f.notice or None,
                }
                for f in self.findings
            ],
        }
