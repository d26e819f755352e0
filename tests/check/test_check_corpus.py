"""On the real sessions of ../shared/corpus: the offline engine's posts pass their own check (zero untraced
claims on every one; the example is covered in tests/test_example.py), and two faithful drafts written
independently of the check's rules report nothing, while each fabrication planted in them is reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from planted import CORPUS_DRAFTS, CorpusDraft

from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage
from retell.write.context import StageOptions
from retell.write.draft import run_draft
from retell.write.outline import run_outline

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus"
SESSIONS = (
    sorted(
        p
        for p in CORPUS.rglob("*.jsonl")
        if p.stat().st_size and "subagents" not in p.parts and not p.name.startswith("agent-")
    )
    if CORPUS.is_dir()
    else []
)

pytestmark = pytest.mark.corpus


@pytest.mark.skipif(not SESSIONS, reason="no ../shared/corpus beside the repository")
@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: p.stem[:12])
def test_the_offline_draft_of_every_real_session_checks_clean(session: Path, tmp_path: Path) -> None:
    work = tmp_path / "w"
    _, parsed = parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    if parsed.manifest["counts"]["events"] == 0:
        pytest.skip("an empty session has no post to check")
    run_triage(work, approve=True)
    offline = StageOptions(engine="offline")
    run_outline(work, offline)
    result = run_draft(work, offline)
    assert result.check is not None and result.check.ok, "\n".join(result.check.lines() if result.check else [])
    report = run_check(work)
    assert report.lines() == []


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
