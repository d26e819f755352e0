"""outline.yaml follows triage.yaml until the author edits it; after that the author's plan wins."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript, text_block
from told_support import offline
from typer.testing import CliRunner

from retell.cli import app
from retell.triage.stage import require_approved


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    offline(monkeypatch, tmp_path, ("ANTHROPIC_API_KEY",))
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # no `claude` on PATH


def run(*args: object) -> str:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result.output


def _workdir(tmp_path: Path, chapters: int = 1) -> Path:
    tx = Transcript()
    tx.user("Fix the flaky login test, please.")
    tx.assistant(text_block("The test depends on the clock; I will freeze it."))
    for n in range(1, chapters):
        tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 150000})
        tx.user(
            "This session is being continued from a previous conversation that ran out of context. "
            f"The conversation is summarized below:\nSummary {n}: the login test was fixed by freezing time.",
            isCompactSummary=True,
        )
        tx.user(f"Now part {n + 1}: clean up the fixtures.")
        tx.assistant(text_block(f"Done with part {n + 1}."))
    path = tx.write(tmp_path / "s.jsonl")
    work = tmp_path / "w"
    run("parse", path, "-o", work, "-q")
    run("triage", work, "--approve", "-q")
    return work


def _set_title(work: Path, chapter: str, title: str) -> None:
    text = (work / "triage.yaml").read_text()
    start = text.index(f"- id: {chapter}")
    line_start = text.index("    title: ", start)
    line_end = text.index("\n", line_start)
    (work / "triage.yaml").write_text(text[:line_start] + f"    title: {title}" + text[line_end:])


def test_a_changed_triage_replans_an_untouched_outline(tmp_path: Path) -> None:
    work = _workdir(tmp_path)
    run("outline", work, "--engine", "offline")
    _set_title(work, "ch1", "Freezing time")
    out = run("outline", work, "--engine", "offline")
    assert "planned again" in out
    assert "heading: Freezing time" in (work / "outline.yaml").read_text()


def test_an_edited_outline_is_kept_with_a_warning(tmp_path: Path) -> None:
    work = _workdir(tmp_path)
    run("outline", work, "--engine", "offline")
    outline = work / "outline.yaml"
    text = outline.read_text()
    start = text.index("    heading: ")
    outline.write_text(text[:start] + "    heading: My own heading" + text[text.index("\n", start) :])
    _set_title(work, "ch1", "Freezing time")
    result = CliRunner().invoke(app, ["outline", str(work), "--engine", "offline"])
    assert result.exit_code == 0, result.output
    assert "you edited outline.yaml" in result.output
    assert "My own heading" in outline.read_text()
    run("outline", work, "--engine", "offline", "--force")
    assert "My own heading" not in outline.read_text()


def test_turning_the_credit_off_replans_and_redrafts_nothing(tmp_path: Path) -> None:
    """The credit line is render's alone: a triage.yaml that turns it off (or predates it) keeps the plan and
    the draft, which a model may have been paid for."""
    work = _workdir(tmp_path)
    run("outline", work, "--engine", "offline")
    run("draft", work, "--engine", "offline")
    triage, _, _ = require_approved(work)
    digest = triage.decisions_digest()
    text = (work / "triage.yaml").read_text()
    assert "\n  credit: true " in text  # written with its comment, on by default
    (work / "triage.yaml").write_text(text.replace("\n  credit: true ", "\n  credit: false "))
    run("triage", work, "--approve", "-q")
    triage, _, _ = require_approved(work)
    assert triage.post.credit is False
    assert triage.decisions_digest() == digest
    assert "kept it" in run("outline", work)


def test_an_unchanged_outline_is_simply_kept(tmp_path: Path) -> None:
    work = _workdir(tmp_path)
    run("outline", work, "--engine", "offline")
    before = (work / "outline.yaml").read_text()
    assert "kept it" in run("outline", work)  # no engine needed, none announced
    assert (work / "outline.yaml").read_text() == before


def test_a_bridge_after_an_excluded_chapter_is_not_told(tmp_path: Path) -> None:
    """A compaction summary retells what came before: after a left-out chapter it would leak it."""
    work = _workdir(tmp_path, chapters=3)
    text = (work / "triage.yaml").read_text()
    start = text.index("- id: ch2")
    text = text[:start] + text[start:].replace("include: true", "include: false", 1)
    (work / "triage.yaml").write_text(text)
    run("triage", work, "--approve", "-q")
    _triage, parsed, view = require_approved(work)
    assert "ch3" in {e.chapter for e in parsed.log.events if e.kind == "bridge"}  # it had one
    assert "ch3" not in {e.chapter for e in view.events if e.kind == "bridge"}  # ch3's follows the excluded ch2
    assert next(c for c in view.chapters if c.id == "ch3").bridge is None
