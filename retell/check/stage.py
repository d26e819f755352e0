"""`retell check`: every claim of draft.md traced to the cleared session. Also run by `retell draft` at its
end and by `retell render` before it writes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from retell.check.claims import extract
from retell.check.report import CheckReport
from retell.check.sources import build_sources
from retell.check.trace import trace_all
from retell.errors import WorkdirError
from retell.events import EventLog
from retell.triage.model import Triage
from retell.triage.stage import require_approved
from retell.workdir import DRAFT, Workdir


def check_draft(text: str, view: EventLog, manifest: dict[str, Any], triage: Triage, name: str = DRAFT) -> CheckReport:
    """The check of a draft's text against the cleared view `view` (what `require_approved` returns)."""
    index = build_sources(view, manifest, triage)
    extracted = extract(text, index.programs)
    findings = trace_all(extracted.claims, extracted.blocks, index)
    cited = sum(1 for b in extracted.blocks if b.cites)
    return CheckReport(name, findings, extracted.code_blocks, cited)


def run_check(path: Path) -> CheckReport:
    triage, parsed, view = require_approved(path)
    workdir = Workdir(path)
    if not workdir.draft.is_file():
        raise WorkdirError(f"{workdir.draft} does not exist: run `retell draft {path}` first")
    text = workdir.draft.read_text(encoding="utf-8", errors="replace")
    return check_draft(text, view, parsed.manifest, triage)
