"""The story score formula, and the table people read."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from retell.discover.listing import SessionRow
from retell.discover.peek import Peek
from retell.discover.score import ScoreInputs, story_score
from retell.discover.table import format_duration, render_table, text_width


def test_score_formula_values() -> None:
    assert story_score(ScoreInputs()) == 0
    assert story_score(ScoreInputs(human_turns=1)) == 7
    assert story_score(ScoreInputs(human_turns=7)) == 21  # 7 × log2(8)
    assert story_score(ScoreInputs(minutes=45)) == 8  # 4 × log2(1 + 3)
    assert story_score(ScoreInputs(files_changed=3, subagents=1, compactions=1, images=2)) == 6 + 2 + 3 + 2


def test_score_caps_at_100_and_each_term_is_capped() -> None:
    huge = ScoreInputs(human_turns=10_000, minutes=10_000, files_changed=999, subagents=99, compactions=9, images=50)
    assert story_score(huge) == 100
    assert story_score(ScoreInputs(human_turns=63)) == story_score(ScoreInputs(human_turns=6300)) == 42
    assert story_score(ScoreInputs(compactions=3)) == story_score(ScoreInputs(compactions=30)) == 9


def test_score_grows_with_each_input() -> None:
    base = ScoreInputs(human_turns=3, minutes=30, files_changed=2, subagents=1, compactions=0, images=0)
    for more in (
        ScoreInputs(4, 30, 2, 1, 0, 0),
        ScoreInputs(3, 60, 2, 1, 0, 0),
        ScoreInputs(3, 30, 5, 1, 0, 0),
        ScoreInputs(3, 30, 2, 3, 0, 0),
        ScoreInputs(3, 30, 2, 1, 1, 0),
        ScoreInputs(3, 30, 2, 1, 0, 1),
    ):
        assert story_score(more) > story_score(base), more


@pytest.mark.parametrize(
    ("ms", "text"),
    [
        (None, "–"),
        (12_000, "12s"),
        (5 * 60_000, "5m"),
        (3 * 3_600_000 + 7 * 60_000, "3h 07m"),
        (50 * 3_600_000, "2d 02h"),
    ],
)
def test_format_duration(ms: int | None, text: str) -> None:
    assert format_duration(ms) == text


def _row(title: str, project: str = "/home/ana/src/app", turns: int = 4, exact: bool = True) -> SessionRow:
    peek = Peek(
        session_id="5e551011-7c0d-4b7e-9a41-0d3c5a9e2f10",
        start="2026-03-02T09:00:00.000Z",
        end="2026-03-02T10:30:00.000Z",
        human_turns=turns,
        depth="file" if exact else "windows",
    )
    return SessionRow(peek.session_id or "", Path("/x.jsonl"), "-x", project, 123_456, 0, title, "ai-title", 42, peek)


@pytest.fixture
def utc(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("utc")
def test_table_columns_align_and_lines_fit_the_width() -> None:
    rows = [
        _row("Fixing the flaky test in the scheduler that only fails on Tuesdays"),
        _row("日本語のタイトルがここにあります、とても長いタイトルです", turns=12, exact=False),
        _row("short", project="/very/long/path/to/a/project/that/needs/cutting/at/the/left/end"),
    ]
    lines = render_table(rows, 120).splitlines()
    assert lines[0].split() == ["ID", "PROJECT", "START", "DURATION", "TURNS", "SIZE", "SCORE", "TITLE"]
    assert all(text_width(line) <= 120 for line in lines)
    assert lines[1].startswith("5e551011  /home/ana/src/app") and "2026-03-02 09:00" in lines[1]
    assert "12+" in lines[2] and "   4  " in lines[1]
    assert "…t/needs/cutting/at/the/left/end" in lines[3]  # 32 columns, the end kept
    assert lines[2].endswith("…")  # the wide title is cut by columns, not characters
    title_col = lines[0].index("TITLE")
    assert lines[3][title_col:] == "short"


@pytest.mark.parametrize(("width", "has_project"), [(100, True), (80, False), (40, False)])
def test_a_narrow_terminal_shrinks_then_drops_the_project_column(width: int, has_project: bool) -> None:
    rows = [_row("A title that is long enough to be cut somewhere", project="/home/ana/src/some/project")]
    lines = render_table(rows, width).splitlines()
    assert ("PROJECT" in lines[0]) is has_project
    assert all(text_width(line) <= width for line in lines)
    if has_project:
        assert "…rc/some/project" in lines[1]


def test_table_of_a_wide_terminal_keeps_whole_titles() -> None:
    line = render_table([_row("A title")], 200).splitlines()[1]
    assert line.endswith("A title") and "1h 30m" in line
