"""A long session's default triage tells the chapters that carry the story, up to what the post's length
holds, and says which it left out and why (tests/long_session.py plants which chapters matter)."""

from __future__ import annotations

from pathlib import Path

from long_session import FIX_CHAPTER, PIVOT_CHAPTER, long_session
from typer.testing import CliRunner, Result

from retell import yamlio
from retell.cli import app


def run(*args: str | Path) -> Result:
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert result.exit_code == 0, result.output
    return result


def triaged(tmp_path: Path, chapters: int) -> tuple[Path, Result]:
    source = long_session(chapters).write(tmp_path / "long.jsonl")
    work = tmp_path / "w"
    run("parse", source, "-o", work, "-q")
    return work, run("triage", work)


def includes(work: Path) -> dict[str, bool]:
    doc = yamlio.load(work / "triage.yaml")
    return {c["id"]: c["include"] for c in doc["chapters"]}


def test_a_long_session_tells_the_chapters_that_carry_the_story_and_says_what_it_left_out(tmp_path: Path) -> None:
    work, result = triaged(tmp_path, 10)
    told = [cid for cid, include in includes(work).items() if include]
    assert len(told) == 6  # a medium post: about six chapters
    # the opening, the change of course, the error fixed and the ending are never the ones left out
    for must in ("ch1", f"ch{PIVOT_CHAPTER}", f"ch{FIX_CHAPTER}", "ch10"):
        assert must in told
    text = (work / "triage.yaml").read_text(encoding="utf-8")
    left = [cid for cid, include in includes(work).items() if not include]
    for cid in left:  # each left-out chapter says why, in the file the author edits
        entry = text[text.index(f"- id: {cid}\n") :]
        assert (
            "include: false  # left out by retell: a medium post tells about 6 of these 10 chapters"
            in (entry.splitlines()[1])
        )
    assert f"Left out: {', '.join(left)}: by retell, as a medium post tells about 6 of the 10 chapters" in (
        result.output.replace("\n", " ")
    )
    assert "Chapters told: 6 of 10" in result.output


def test_the_author_can_tell_a_left_out_chapter_back(tmp_path: Path) -> None:
    work, _ = triaged(tmp_path, 10)
    left = [cid for cid, include in includes(work).items() if not include]
    doc = yamlio.load(work / "triage.yaml")
    next(c for c in doc["chapters"] if c["id"] == left[0])["include"] = True
    yamlio.save(work / "triage.yaml", doc)
    result = run("triage", work, "--approve")
    assert "Chapters told: 7 of 10" in result.output
    assert includes(work)[left[0]] is True  # a re-run keeps the author's choice
    run("outline", work, "--engine", "offline", "-q")
    run("draft", work, "--engine", "offline", "-q")
    draft = (work / "draft.md").read_text(encoding="utf-8")
    assert f"module number {left[0][2:]} of the shop package" in draft


def test_a_session_the_length_holds_is_told_whole(tmp_path: Path) -> None:
    work, result = triaged(tmp_path, 6)
    assert all(includes(work).values())
    assert "Left out" not in result.output
    assert "left out by retell" not in (work / "triage.yaml").read_text(encoding="utf-8")
