"""Two faithful drafts of real sessions in ../shared/corpus, written independently of the check's rules,
report nothing, and each fabrication planted in them is reported on its line. (That the offline engine's
post of every corpus session checks clean is asserted in tests/e2e/test_corpus_pipeline.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from planted import CORPUS, CORPUS_DRAFTS, CorpusDraft

from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage

pytestmark = pytest.mark.corpus


@pytest.mark.parametrize("draft", CORPUS_DRAFTS, ids=lambda d: d.fixture.stem)
def test_independent_faithful_drafts_of_real_sessions(draft: CorpusDraft, tmp_path: Path) -> None:
    session = CORPUS / draft.session
    if not session.is_file():
        pytest.skip(f"no {session}")
    work = tmp_path / "w"
    parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    run_triage(work, approve=True)
    base = draft.fixture.read_text(encoding="utf-8")
    (work / "draft.md").write_text(base, encoding="utf-8")
    faithful = run_check(work)
    assert faithful.lines() == [] and len(faithful.findings) >= 20
    for plant in draft.plants:
        (work / "draft.md").write_text(plant.draft(base), encoding="utf-8")
        report = run_check(work)
        line = plant.line(base)
        assert [(f.claim.line, f.claim.kind) for f in report.problems] == [(line, plant.kind)], plant.name
