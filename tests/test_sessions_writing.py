"""Writing a story of several sessions: the offline post states the gaps and bridges, the prompts carry the
session boundaries, and a session left out in triage is left out of the post and of its numbers."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import SESSION_ID, Transcript
from sessions_support import SESSION_B, session_a, session_b
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner, Result

from retell import yamlio
from retell.cli import app

CONTINUED = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\nWe fixed the blank login page (the template was never rendered) and "
    "the redirect now returns to the page the user came from. Pending: the changelog."
)
pytestmark = pytest.mark.usefixtures("no_live_settings")


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def session_d() -> Transcript:
    """Friday: a new session that Claude Code opened with a summary of the one before (context ran out)."""
    tx = Transcript(SESSION_ID, cwd="/home/robin/proj", start=datetime(2026, 1, 9, 16, 0, tzinfo=timezone.utc))
    tx.user(CONTINUED, isCompactSummary=True)
    tx.user("Write the changelog entry now.")
    tx.tool_call("Edit", {"file_path": "/home/robin/proj/CHANGELOG.md"}, "ok")
    tx.assistant("The changelog names both fixes.")
    return tx


@pytest.fixture
def work(project_dir: Path, tmp_path: Path) -> Path:
    a = session_a()
    paths = [tx.write(project_dir / f"{tx.session_id}.jsonl") for tx in (a, session_b(a), session_d())]
    work = tmp_path / "w"
    ok(run("parse", *paths, "-o", work, "-q"))
    ok(run("triage", work, "--approve", "-q"))
    return work


def test_the_offline_post_states_each_gap_and_uses_the_session_s_opening_summary(work: Path, tmp_path: Path):
    ok(run("outline", work, "--engine", "offline", "-q"))
    ok(run("draft", work, "--engine", "offline", "-q"))
    draft = (work / "draft.md").read_text(encoding="utf-8")
    assert "\nThis is the story of three sessions with Claude Code on proj, over five days" in draft
    wednesday = draft.index("Two days later, on Wednesday 7 January, I picked up where that session had stopped")
    friday = draft.index("Two days later, on Friday 9 January, I came back to it in a new session.")
    bridge = draft.index("The new session opened with Claude Code's own summary of the one before:")
    assert draft.index("The login page is blank after the deploy.") < wednesday < friday < bridge
    assert draft.index("This time I began with:", friday) > bridge  # the first ask of the new session
    assert "ran out of room and compacted" not in draft  # a session's opening summary is not a compaction
    ok(run("render", work, "-q"))
    (post,) = (work / "post").glob("*/index.md")
    assert "- **Sessions**: 3, over 5 days (2026-01-05 to 2026-01-09)\n" in post.read_text(encoding="utf-8")


def test_a_session_left_out_is_not_in_the_post_nor_in_its_numbers(work: Path):
    doc = yamlio.load(work / "triage.yaml")
    for entry in doc["sessions"]:
        entry["include"] = entry["info"]["session"] == SESSION_B
    doc["approved"] = True
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    ok(run("outline", work, "--engine", "offline", "-q"))
    ok(run("draft", work, "--engine", "offline", "-q"))
    ok(run("render", work, "-q"))
    (post,) = (work / "post").glob("*/index.md")
    text = post.read_text(encoding="utf-8")
    assert "Now the redirect after login." in text
    assert "The login page is blank" not in text and "Write the changelog entry now." not in text
    assert "This is the story of a session with Claude Code" in text  # one session told: told as one
    assert "**Sessions**" not in text
    assert re.search(r"- \*\*My messages\*\*: 1\n", text)


def test_the_prompts_carry_the_session_boundaries(work: Path):
    out = ok(run("outline", work, "--engine", "anthropic", "--dry-run")).output
    assert "dry run" in out
    dry = work / "llm" / "dry-run"
    (outline_prompt,) = dry.glob("outline-*.prompt.md")
    text = outline_prompt.read_text(encoding="utf-8")
    assert "The post tells 3 sessions, in time order" in text
    assert "Organise the post by day or by theme" in text
    second = "# Session 2 of 3 (b0b00000), 2026-01-07 09:30 UTC, two days after the previous one ended"
    assert f"{second}; it continues that one" in text
    assert "# Session 3 of 3 (5e551011), 2026-01-09 16:00 UTC, two days after the previous one ended" in text
    # The summary Claude Code opened the third session with is in its material: an id to cite, framed as Claude
    # Code's own (which may cover work before the told chapters), and when that chapter ran.
    assert re.search(
        r"^\[5e551011-e\d+\] CLAUDE CODE'S SUMMARY, written by Claude Code when it compacted its context .*"
        r"may cover work from before the chapters told here.*\nWe fixed the blank login page",
        text,
        re.M,
    )
    assert re.search(r"^When: Friday 9 January 2026, 16:00 to .* UTC \(", text, re.M)
    assert "- 3 sessions, over 5 days (2026-01-05 to 2026-01-09); active time in all:" in text
    assert "turn 3 of their Claude Code sessions, one piece of work told in time order, into a blog post" in text
    ok(run("outline", work, "--engine", "offline", "-q"))
    ok(run("draft", work, "--engine", "anthropic", "--dry-run"))
    sections = {p.name: p.read_text(encoding="utf-8") for p in dry.glob("section-*.prompt.md")}
    opening = [name for name, body in sections.items() if "This section opens a new session: Session" in body]
    assert len(opening) == 2, sorted(sections)
    assert any("Session 3 of 3 (5e551011)" in sections[name] for name in opening)
