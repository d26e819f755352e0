"""The whole offline pipeline over every real session in ../shared/corpus: a post whose every claim traces to
the session (`retell check`), or a clear refusal."""

from __future__ import annotations

from pathlib import Path

import pytest

from retell.claude.locate import SessionRef
from retell.errors import RetellError
from retell.parse import ParseOptions, parse_to_workdir
from retell.render import RenderOptions, run_render
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

pytestmark = [pytest.mark.corpus, pytest.mark.e2e]


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.mark.skipif(not SESSIONS, reason="no ../shared/corpus beside the repository")
@pytest.mark.parametrize("session", SESSIONS, ids=lambda p: p.stem[:12])
def test_every_real_session_becomes_a_post_or_says_why_not(session: Path, tmp_path: Path) -> None:
    work = tmp_path / "w"
    _, parsed = parse_to_workdir(SessionRef(session, session.stem), work, ParseOptions())
    outcome = run_triage(work, approve=True)
    assert not outcome.problems.errors, outcome.problems.errors
    offline = StageOptions(engine="offline")
    if parsed.manifest["counts"]["events"] == 0:
        with pytest.raises(RetellError, match="nothing to tell"):
            run_outline(work, offline)
        return
    run_outline(work, offline)
    drafted = run_draft(work, offline)
    # The offline engine's post passes its own check: every quote, path, command and number traced.
    assert drafted.check is not None and drafted.check.ok, "\n".join(drafted.check.lines() if drafted.check else [])
    result = run_render(work, RenderOptions(output=tmp_path / "site"))
    post = result.post.read_text(encoding="utf-8")
    assert post.startswith("---\n") and "\n## " in post
