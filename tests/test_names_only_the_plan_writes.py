"""Names the section prompt asks the writer to introduce are names the session writes (stop 62): two writers answering
fresh40's and fresh41's hand-off prompts found "American" (a word of the outline's hook) and "text với dòng" (a
beat's note) in a section's "Names … (here: …)", which told them to name and introduce what the session never
mentions. Asserted on a session written for this test (a choir's rota export), in Claude Code's record format."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import ok, parse_work, runner
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell import yamlio
from retell.cli import app

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 11, 20, 18, 5, tzinfo=timezone.utc)
CHOIR = "/home/rhian/src/choir-rota"
PROJECTS = "claude/projects/-home-rhian-src-choir-rota"


def _choir() -> Transcript:
    tx = Transcript(cwd=CHOIR, start=START)
    tx.user(
        "the rota export skips the altos whenever one is away in the SQLite sheet. can you look? "
        "it runs on the Pi under cron"
    )
    tx.tick(4)
    tx.assistant("Let me run the export for next month.", usage_=usage())
    tx.tool_call(
        "Bash",
        {"command": "python3 rota.py --month 2026-12"},
        "Soprano: 4 singers\nTenor: 3 singers\nBass: 5 singers\n",
    )
    tx.tick(3)
    tx.assistant("The altos are missing: `voices()` stops at the first absent singer.", usage_=usage())
    return tx


def _plan(note: str, hook: str) -> dict:
    beat = {"beat": "discovery", "treatment": "summarise", "events": [], "note": note}
    section = {
        "id": "s1",
        "heading": "Where the altos went",
        "chapters": ["ch1"],
        "purpose": "Tell it.",
        "beats": [beat],
    }
    return {"title": "The missing altos", "hook": hook, "sections": [section], "ending": "End on it."}


def _names_line(prompt: str) -> str:
    return next(line for line in prompt.splitlines() if line.startswith("- Names:"))


def test_a_name_only_the_plan_writes_is_not_one_to_introduce(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _choir(), PROJECTS)
    note = (
        "An alto was away in SQLite, and the American hymnal Claude guessed at on Hetzner had nothing to do with it; "
        "the Pi ran it."
    )
    yamlio.save(work / "outline.yaml", _plan(note, "An export lost a voice."), backup=False)
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    names = _names_line((work / "llm" / "dry-run" / "section-s1.prompt.md").read_text(encoding="utf-8"))
    listed = names.split("(here: ", 1)[1].split(")", 1)[0]
    assert "SQLite" in listed and "Pi" in listed  # the session's own tools and machines
    assert "American" not in listed and "Hetzner" not in listed  # the planner's words alone


def test_a_name_the_session_writes_in_another_case_or_in_a_path_is_its_own() -> None:
    from retell.write.names import in_session

    session = "ran /home/ines/pantry/stock.py\nWeszłam do Ktora 3.0"
    assert in_session(["Pantry", "Ktorze", "Vercel"], ["Ktora", "Weszłam"], session, "pl") == ["Pantry", "Ktorze"]
    assert in_session(["Ktorze"], ["Ktora"], "", "en") == []  # English inflects no name


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("ok WOW that's so much more sensible, 202 not 412 haha", []),  # a word shouted
        ("DON'T run it on ajo.db directly, it is the live one on Hetzner", ["Hetzner"]),  # a contraction shouted
        ("this month Kemi owes N20,000 and Musa N5,000", ["Kemi", "Musa"]),  # amounts in naira
        ("the API behind Nginx, and the CSV on AWS and GCP", ["Nginx", "AWS", "GCP"]),  # acronyms stay
    ],
)
def test_words_in_capitals_and_amounts_are_no_names(text: str, names: list[str]) -> None:
    from retell.write.names import names_in

    assert names_in(text) == names


def test_a_dollars_country_is_no_name() -> None:
    """fresh45's badminton fees: "NT$23,920" put "NT" among the names to introduce (stop 63)."""
    from retell.write.names import names_in

    assert names_in("We split NT$23,920 over 160 visits at Riverside Hall; HK$ and R$ too.") == ["Riverside Hall"]
