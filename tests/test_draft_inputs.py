"""`retell run` keeps a draft (and the author's edits to it) while what it was made from is unchanged: the
events, the author's triage decisions, the outline, the engine. Where the transcript lives is not one of them,
so a work folder or a clone moved to another machine keeps its draft."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from told_support import no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
SESSION = "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def _inputs(draft: Path) -> str:
    return next(line for line in draft.read_text(encoding="utf-8").splitlines() if line.startswith("inputs:"))


def test_the_same_session_drafted_from_two_places_has_the_same_inputs(tmp_path: Path) -> None:
    elsewhere = tmp_path / "clone"
    shutil.copytree(ROOT / "examples/claude", elsewhere / "claude")
    drafts = []
    places = ((ROOT / SESSION, tmp_path / "a"), (elsewhere / SESSION.removeprefix("examples/"), tmp_path / "b"))
    for source, work in places:
        _run("run", str(source), "-o", str(work), "--yes", "--engine", "offline", "-q")
        drafts.append(work / "draft.md")
    assert "source:" in (tmp_path / "a/triage.yaml").read_text(encoding="utf-8")  # the path is recorded, but
    assert _inputs(drafts[0]) == _inputs(drafts[1])  # it is not something the draft is made from
    assert drafts[0].read_text(encoding="utf-8") == drafts[1].read_text(encoding="utf-8")


def test_a_hand_edit_survives_a_rerun_until_a_triage_decision_changes(tmp_path: Path) -> None:
    work = tmp_path / "w"
    _run("run", str(ROOT / SESSION), "-o", str(work), "--yes", "--engine", "offline", "-q")
    draft = work / "draft.md"
    draft.write_text(draft.read_text(encoding="utf-8") + "\nA sentence the author added.\n", encoding="utf-8")

    # A comment in triage.yaml is not a decision: the edited draft is kept.
    triage = work / "triage.yaml"
    triage.write_text(triage.read_text(encoding="utf-8") + "# a note to self\n", encoding="utf-8")
    output = _run("run", str(ROOT / SESSION), "-o", str(work), "--yes", "--engine", "offline")
    assert "draft.md kept" in output
    assert "A sentence the author added." in draft.read_text(encoding="utf-8")

    # A new title is: the draft is made again.
    text = triage.read_text(encoding="utf-8")
    triage.write_text(text.replace("title: Fix garbled characters in fetched feeds", "title: Mojibake, gone"), "utf-8")
    output = _run("run", str(ROOT / SESSION), "-o", str(work), "--yes", "--engine", "offline")
    assert "draft.md kept" not in output
    assert "A sentence the author added." not in draft.read_text(encoding="utf-8")
