"""Prompts, stop 62: three places where retell's drafting prompts contradicted each other, found by two writers who
answered fresh42's and fresh43's hand-off prompts as the model (sessions written blind; other names and figures
here):

1. A session spread over days was told "never quote the start-to-end length" and, further down the same block, "A
   title or the opening gives the session's length (4 h 12 min)"; a resumed pair of sessions, "(unknown)". Where
   no start-to-end length may be said, no rule asks for one.
2. The ending: the outline's "what now works is told with how it was checked" beside the system's "a result is not
   told again … least of all in the ending". One rule: the few words that show the goal reached, nothing else again.
3. The sections: "under a quarter of an hour of work: three" beside "a run that fails after the change … and work
   the author asks for after a pause each begin a new section": where the turns outnumber the sections, the
   turns that matter most begin them.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 11, 20, 18, 5, tzinfo=timezone.utc)
CWD = "/home/rhian/src/choir-rota"
PROJECTS = "claude/projects/-home-rhian-src-choir-rota"


def _rota(days_between: int) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the rota export skips the altos whenever one is away. can you fix it and add a test?")
    tx.tick(4)
    tx.tool_call("Bash", {"command": "pytest -q"}, "F.\n1 failed, 1 passed in 0.05s", is_error=True)
    tx.assistant("`voices()` stops at the first absent singer. Fixing it.", usage_=usage())
    tx.tool_call("Bash", {"command": "pytest -q"}, "..\n2 passed in 0.04s")
    tx.tick(days_between * 86_400)
    tx.user("now print it for december please")
    tx.tool_call("Bash", {"command": "python3 rota.py --month 2026-12"}, "Alto: 4 singers\nTenor: 3 singers")
    tx.assistant("December's rota has every voice.", usage_=usage())
    return tx


def test_a_session_over_days_is_asked_for_no_start_to_end_length(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _rota(2), PROJECTS))
    assert "never quote the start-to-end length" in prompt
    assert "gives the session's length" not in prompt
    assert "A title or the opening gives no start-to-end length" in prompt


def test_a_session_of_one_sitting_still_gives_its_length(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _rota(0), PROJECTS))
    assert "A title or the opening gives the session's length (" in prompt


def test_the_ending_and_the_sections_are_one_rule_each(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _rota(0), PROJECTS))
    assert "what now works is told with how it was checked" not in prompt
    assert "the goal reached is named with, in a few words, what shows it" in prompt
    assert "least of all in the ending, beyond the few words there that show the goal reached" in prompt
    assert "the turns that matter most begin sections and the others are beats within one" in prompt


@pytest.mark.parametrize(
    ("note", "asks"),
    [
        ("Schimbarea a fost un singur rând (arată diff-ul lui); o a doua modificare a adăugat tabela", True),
        ("Testele au trecut toate șapte (arată rândul `7 passed in 0.31s`), iar rularea a scris foaia", True),
        ("Testul arată că foaia se scrie în UTF-8", False),  # the test shows that…: no ask
        ("Rularea a arătat eroarea de la linia 50", False),  # told in the past
    ],
)
def test_a_romanian_note_asks_to_show(note: str, asks: bool) -> None:
    """fresh43's guesthouse: the writer's Romanian notes asked "(arată diff-ul lui)" (show its diff), and the code
    blocks' order never listed a block as asked for them."""
    from retell.write.draft import _show_clause

    assert bool(_show_clause(note)) is asks


def test_an_ask_inside_a_parenthesis_shows_what_the_parenthesis_names() -> None:
    """fresh43's group buy, a writer's Chinese note: "…用 `pip install --user` 安装又被系统拒绝（`error:
    externally-managed-environment`，展示这一行所在的输出）" asked to show the install's refusal; the colon inside the
    code span was read as a clause's, the code words were lost, and the block order listed the beat's last run."""
    from retell.write.draft import _show_clause

    note = (
        "第一次运行报 `ModuleNotFoundError: No module named 'openpyxl'`，用 `pip install --user` 安装又被系统拒绝"
        "（`error: externally-managed-environment`，展示这一行所在的输出），Claude 给脚本单独建了 venv"
    )
    clause = _show_clause(note)
    assert "`error: externally-managed-environment`" in clause and "`pip install --user`" in clause
    assert "ModuleNotFoundError" not in clause
