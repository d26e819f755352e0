"""The gate: `retell outline` and `retell draft` refuse to run until triage.yaml is valid, current and approved."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_error
from triage_support import GROWN_SECRET_VALUES, THINKING, USER, Session, make_session, regrow, replace_line

from retell.triage.stage import run_triage

STAGES = ["outline", "draft"]


@pytest.fixture
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Session:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)  # --engine offline never needs one; make sure
    return make_session(tmp_path)


def _approve(cli, session: Session) -> None:
    result = cli("triage", session.workdir, "--approve")
    assert result.exit_code == 0, result.output


def _run(cli, stage: str, session: Session):
    return cli(stage, session.workdir, "--engine", "offline")


@pytest.mark.parametrize("stage", STAGES)
def test_refused_before_triage_exists(cli, session: Session, stage: str) -> None:
    message = assert_clean_error(_run(cli, stage, session))
    assert f"`retell triage {session.workdir} --approve`" in message
    assert not (session.workdir / "outline.yaml").exists()


@pytest.mark.parametrize("stage", STAGES)
def test_refused_until_approved(cli, session: Session, stage: str) -> None:
    assert cli("triage", session.workdir).exit_code == 0
    message = assert_clean_error(_run(cli, stage, session))
    assert "is not approved yet" in message
    assert f"`retell triage {session.workdir} --approve`" in message
    assert not (session.workdir / "outline.yaml").exists()
    assert not (session.workdir / "draft.md").exists()


@pytest.mark.parametrize("stage", STAGES)
def test_refused_when_approved_by_hand_but_invalid(cli, session: Session, stage: str) -> None:
    run_triage(session.workdir)
    text, _ = replace_line(session.triage.read_text(), r"^approved:", "approved: true")
    text, line = replace_line(text, r"^    action:", "action: keep", after=r"- id: github-token-")
    session.triage.write_text(text)
    message = assert_clean_error(_run(cli, stage, session), one_line=False)
    assert f"triage.yaml:{line}: " in message
    assert "confirm_keep" in message


def test_outline_then_draft_after_approval(cli, session: Session) -> None:
    run_triage(session.workdir)
    text, _ = replace_line(session.triage.read_text(), r"^    include:", "include: false", after=r"- id: ch2$")
    session.triage.write_text(text)
    _approve(cli, session)
    result = _run(cli, "outline", session)
    assert result.exit_code == 0, result.output
    assert "Engine: offline" in result.stdout
    result = _run(cli, "draft", session)
    assert result.exit_code == 0, result.output
    for name in ("outline.yaml", "draft.md"):
        written = (session.workdir / name).read_text(encoding="utf-8")
        for kind, value in GROWN_SECRET_VALUES.items():
            assert value not in written, (name, kind)
        assert USER not in written
        assert THINKING not in written
        assert "rotate the token and fix the redirect" not in written, name  # ch2 was left out


@pytest.mark.parametrize("stage", STAGES)
def test_a_reparse_closes_the_gate_again(cli, session: Session, stage: str) -> None:
    _approve(cli, session)
    if stage == "draft":
        assert _run(cli, "outline", session).exit_code == 0
    regrow(session)
    message = assert_clean_error(_run(cli, stage, session), one_line=False)
    assert "events.json changed since this file was written" in message
    assert "run `retell triage" in message
    assert cli("triage", session.workdir).exit_code == 0  # merges; the new chapter resets approval
    assert "is not approved yet" in assert_clean_error(_run(cli, stage, session))
    _approve(cli, session)
    if stage == "draft":
        assert cli("outline", session.workdir, "--engine", "offline", "--force").exit_code == 0
    result = _run(cli, stage, session)
    assert result.exit_code == 0, result.output
