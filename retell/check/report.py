"""The check's findings as lines a person reads (`draft.md:LINE: kind: "claim"`), a summary, and JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from retell.check.claims import AUTHOR_QUOTE, NUMBER
from retell.check.text import one_line
from retell.check.trace import ACCEPTED, CONTRADICTED, TRACED, UNCHECKED, UNTRACED, Finding

# What `render --strict` refuses to publish: words put in the author's mouth and figures nobody stated.
BLOCKING_KINDS = (AUTHOR_QUOTE, NUMBER)


@dataclass
class CheckReport:
    name: str  # how the draft is named in report lines ("draft.md")
    findings: list[Finding]
    code_blocks: int = 0  # fenced code shown as code: not checked
    cited_paragraphs: int = 0

    @property
    def problems(self) -> list[Finding]:
        return [f for f in self.findings if f.problem]

    @property
    def blocking(self) -> list[Finding]:
        return [f for f in self.problems if f.claim.kind in BLOCKING_KINDS]

    def count(self, status: str) -> int:
        return sum(1 for f in self.findings if f.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self, finding: Finding) -> str:
        claim = finding.claim
        text = one_line(claim.text, 90)
        out = f'{self.name}:{claim.line}: {claim.kind}: "{text}"'
        if finding.status == TRACED:
            where = finding.event or "?"
            return out + f" -> {where}" + (" (cited)" if finding.cited else "")
        out += f": {finding.reason}" if finding.reason else f": {finding.status}"
        if finding.status == ACCEPTED:
            out += " (accepted" + (f": {claim.accepted}" if claim.accepted else "") + ")"
        if finding.event and finding.excerpt:
            out += f"; closest {finding.event}: “{one_line(finding.excerpt, 70)}”"
        return out

    def lines(self, verbose: bool = False) -> list[str]:
        wanted = self.findings if verbose else self.problems
        return [self.line(f) for f in wanted]

    def summary(self) -> str:
        untraced, contradicted = self.count(UNTRACED), self.count(CONTRADICTED)
        claims = sum(1 for f in self.findings if f.claim.kind != "citation")
        head = f"Check: {claims} claim(s) in {self.name}, {self.count(TRACED)} traced to the session"
        if untraced or contradicted:
            head += f"; {untraced} untraced, {contradicted} contradicted"
        else:
            head += "; nothing untraced"
        if self.count(ACCEPTED):
            head += f"; {self.count(ACCEPTED)} accepted by you"
        if self.count(UNCHECKED):
            head += f" ({self.count(UNCHECKED)} freely worded credit(s) not checked)"
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
                }
                for f in self.findings
            ],
        }
