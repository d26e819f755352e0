"""`retell check`: every claim of draft.md traced to the cleared session. Also run by `retell draft` at its
end and by `retell render` before it writes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell.check.branches import citing_lines, rewound_notes, with_cited_branches, without_rewound
from retell.check.claims import extract
from retell.check.evidence import evidence_claims, grade_error_kinds, grade_error_terms, grade_files, grade_rejected
from retell.check.names import grade_names
from retell.check.observations import grade_by_hand
from retell.check.report import STRICT_MARK, CheckReport
from retell.check.reruns import grade_reruns
from retell.check.sources import build_sources
from retell.check.trace import trace_all
from retell.errors import GateError, WorkdirError
from retell.events import EventLog
from retell.triage.model import Triage
from retell.triage.stage import require_approved
from retell.workdir import DRAFT, Workdir


def check_draft(
    text: str,
    view: EventLog,
    manifest: dict[str, Any],
    triage: Triage,
    name: str = DRAFT,
    log: EventLog | None = None,
) -> CheckReport:
    """The check of a draft's text against the cleared view `view` (what `require_approved` returns); `log`,
    the whole session, tells a citation of Claude's thinking from one of a chapter left out. A rewound branch the
    draft cites is read for the paragraphs that cite it only (branches.py): elsewhere it is as triage left it."""
    view = with_cited_branches(text, view, log, triage)
    plain = without_rewound(view, triage)
    if plain is view:
        return _check(text, view, manifest, triage, name, log)
    wide, narrow = _check(text, view, manifest, triage, name, log), _check(text, plain, manifest, triage, name, log)
    lines = citing_lines(text, view, triage)
    findings = [f for f in wide.findings if f.claim.line in lines or f.notice]
    findings += [f for f in narrow.findings if f.claim.line not in lines]
    findings.sort(key=lambda f: (f.claim.line, f.claim.at))
    return CheckReport(name, findings, wide.code_blocks, wide.cited_paragraphs)


def _check(
    text: str, view: EventLog, manifest: dict[str, Any], triage: Triage, name: str, log: EventLog | None
) -> CheckReport:
    index = build_sources(view, manifest, triage, log)
    extracted = extract(text, index.programs)
    # what the sentence rules leave unread and a sentence puts together (a flag and a result, a push)
    claims = [*extracted.claims, *evidence_claims(extracted.blocks, extracted.claims)]
    findings = trace_all(claims, extracted.blocks, index)
    grade_files(findings, index)
    grade_rejected(findings, index)
    findings += grade_error_terms(extracted.blocks, index)
    findings += grade_error_kinds(extracted.blocks, index)
    # what has no counterpart in the session at all: a name it never gives, a run it never repeated
    findings += grade_names(extracted.blocks, index, findings)
    findings += grade_reruns(extracted.blocks, index)
    findings += grade_by_hand(extracted.blocks, index, findings)
    findings += rewound_notes(extracted.blocks, view, triage)
    findings.sort(key=lambda f: (f.claim.line, f.claim.at))
    cited = sum(1 for b in extracted.blocks if b.cites)
    return CheckReport(name, findings, extracted.code_blocks, cited)


def require_traced(report: CheckReport) -> None:
    """`--strict`: a problem the check is sure of (words put in someone's mouth, a figure or a result the
    session contradicts) stops the render, as a secret does."""
    blocking = report.blocking
    if blocking:
        listed = "\n".join(f"  {report.line(f).removesuffix(STRICT_MARK)}" for f in blocking[:10])
        more = f"\n  … and {len(blocking) - 10} more" if len(blocking) > 10 else ""
        raise GateError(
            f"publish gate (--strict): {len(blocking)} claim(s) in draft.md the session contradicts or does "
            f"not have; fix them, or accept each with <!-- ok --> after it:\n{listed}{more}"
        )


@dataclass(frozen=True)
class Loaded:
    """What a check reads of a work folder, read once: the approved triage, the parse, the cleared view and
    draft.md's text. `retell check --verify` checks and sends this very text (draft.md may change meanwhile)."""

    triage: Triage
    parsed: Any  # retell.triage.stage's Parsed: its manifest and whole log
    view: EventLog
    text: str


def load_draft(path: Path) -> Loaded:
    triage, parsed, view = require_approved(path)
    workdir = Workdir(path)
    if not workdir.draft.is_file():
        raise WorkdirError(f"{workdir.draft} does not exist: run `retell draft {path}` first")
    text = workdir.draft.read_text(encoding="utf-8", errors="replace")
    # the rewound branches the draft cites are read too (the verifying model is shown them, marked)
    return Loaded(triage, parsed, with_cited_branches(text, view, parsed.log, triage), text)


def run_check(path: Path, loaded: Loaded | None = None) -> CheckReport:
    """The check of draft.md; `loaded`: the work folder as `load_draft` read it (read here when None)."""
    loaded = loaded or load_draft(path)
    return check_draft(loaded.text, loaded.view, loaded.parsed.manifest, loaded.triage, log=loaded.parsed.log)
