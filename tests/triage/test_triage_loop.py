"""The author's triage loop (issue 25): a failing run never changes triage.yaml, and `--check` catches what a
later stage would otherwise trip on (a mistyped chapter id, a token typed into the story, a session told by
no chapter)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_error
from sessions_support import write_sessions
from triage_support import TOKEN, Session, make_session, replace_line

from retell import yamlio
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage


@pytest.fixture
def triaged(tmp_path: Path) -> Session:
    session = make_session(tmp_path)
    run_triage(session.workdir)
    return session


def test_a_mistyped_key_leaves_the_file_byte_identical(triaged: Session, cli) -> None:
    text, line = replace_line(triaged.triage.read_text(), r"^  angle:", "angel: decision")
    raw = text.encode("utf-8")
    triaged.triage.write_bytes(raw)
    message = assert_clean_error(cli("triage", triaged.workdir), one_line=False)
    assert f"triage.yaml:{line}: unknown key `story.angel` (did you mean `angle`?)" in message
    assert triaged.triage.read_bytes() == raw  # no `angle:` merged in beside the typo
    assert not (triaged.workdir / "triage.yaml.bak").exists()
    # the author fixes the typo: the file parses and is valid (no duplicate key)
    triaged.triage.write_text(text.replace("angel: decision", "angle: decision"))
    result = cli("triage", triaged.workdir, "--check")
    assert result.exit_code == 0, result.output
    assert "angle: decision" in result.stdout


def test_check_catches_a_mistyped_chapter_id(triaged: Session, cli) -> None:
    text, _ = replace_line(triaged.triage.read_text(), r"^    include:", "include: false", after=r"- id: ch2$")
    text, line = replace_line(text, r"^  - id: ch2$", "- id: chh2")
    raw = text.encode("utf-8")
    triaged.triage.write_bytes(raw)
    message = assert_clean_error(cli("triage", triaged.workdir, "--check"), one_line=False)
    assert f"triage.yaml:{line}: chapter 'chh2' is not a chapter of this session (did you mean 'ch2'?)" in message
    # and a plain run refuses too, rather than putting ch2 back, included
    assert_clean_error(cli("triage", triaged.workdir), one_line=False)
    assert triaged.triage.read_bytes() == raw


def test_a_chapter_a_new_parse_dropped_is_only_a_warning(triaged: Session, cli) -> None:
    """After a re-parse, an id of the old parse is a chapter that is gone, not a typo."""
    text, _ = replace_line(triaged.triage.read_text(), r"^  - id: ch3$", "- id: ch9")
    text = text.replace("events_sha256: ", "events_sha256: 0", 1)  # written for another parse
    triaged.triage.write_text(text)
    result = cli("triage", triaged.workdir)
    assert result.exit_code == 0, result.output
    assert "chapter 'ch9' is no longer in the session" in result.stderr


def test_check_catches_a_token_typed_into_the_story(triaged: Session, cli) -> None:
    text, _ = replace_line(triaged.triage.read_text(), r"^  intent:", f"intent: show how {TOKEN} leaked")
    triaged.triage.write_text(text)
    for args in (("--check",), ("--approve",)):
        message = assert_clean_error(cli("triage", triaged.workdir, *args), one_line=False)
        assert "github-token" in message and "triage.yaml story.intent" in message
        assert TOKEN not in message  # the error never shows the secret itself
    assert yamlio.load(triaged.triage)["approved"] is False


def test_sessions_told_counts_a_session_whose_only_chapter_is_left_out(project_dir: Path, tmp_path: Path) -> None:
    files = write_sessions(project_dir, rewound=True)
    work = tmp_path / "work"
    parse_to_workdir([SessionRef(p, p.stem) for p in (files["a"], files["b"])], work, ParseOptions())
    run_triage(work)
    doc = yamlio.load(work / "triage.yaml")
    second = doc["chapters"][1]
    assert doc["sessions"][1]["info"]["chapters"] == second["id"]  # the second session's only chapter
    second["include"] = False
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    summary = run_triage(work, check=True).summary
    key = doc["sessions"][1]["id"]
    assert f"Sessions told: 1 of 2 (left out: {key})" in summary
