"""The offline engine's posts pass their own check: zero untraced claims on every real session in
../shared/corpus (the example is covered in tests/test_example.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

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
