"""Two classes found on a real model's drafts (fresh18's in-loop posts, stop 48: a subagent answering retell's
prompts through the hand-off engine), each a false alarm on a faithful sentence:

- a calendar word that names a time in the code's data, not one between the session's events: a late-fee test's
  cases "翌朝のケース" (the next-morning case), "翌日 0:00 と翌日 23:59 で 1" (1 at 0:00 and 23:59 the next day)
  were read as "the next morning" of the session, which was five minutes long;
- a clause of contrast read as part of the clause before it: "`src/clock.rs` reads that variable, while `today`
  still called `Utc::now()`" put `Utc::now()` in `src/clock.rs` and contradicted it (it is in `src/main.rs`)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

_MAIN_BEFORE = "fn today() -> NaiveDate {\n    let day = Utc::now().date_naive();\n    day\n}\n"
_MAIN_AFTER = "fn today() -> NaiveDate {\n    let day = clock::now().date_naive();\n    day\n}\n"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1 my message, e2 a grep (`src/clock.rs` reads TIDEWATCH_NOW), e3 the read of `src/main.rs`, e4 its edit
    (`Utc::now()` → `clock::now()`), e5 the run of the boundary tests, e6 Claude's summary; five minutes in all."""
    tx = Transcript(cwd="/home/sakura/fees", start=datetime(2026, 3, 2, 9, 0, tzinfo=timezone.utc))
    tx.user("the late fee is one day too high when a loan crosses a month, and pin the clock in the tests")
    tx.tool_call("Grep", {"pattern": "TIDEWATCH_NOW", "path": "src"}, 'src/clock.rs:4:    env::var("TIDEWATCH_NOW")')
    tx.tool_call("Read", {"file_path": "/home/sakura/fees/src/main.rs"}, _MAIN_BEFORE)
    tx.tool_call(
        "Edit",
        {"file_path": "/home/sakura/fees/src/main.rs", "old_string": _MAIN_BEFORE, "new_string": _MAIN_AFTER},
        "ok",
    )
    tx.tool_call(
        "Bash",
        {"command": "go test -run TestLateFee_Boundaries -v ./..."},
        "--- PASS: TestLateFee_Boundaries/due_exactly (0.00s)\n--- PASS: TestLateFee_Boundaries/next_day (0.00s)\nok",
    )
    tx.assistant("The boundary cases pass: 0 at the due time, 1 at 0:00 and at 23:59 the next day.")
    return approved_workdir(tmp_path_factory.mktemp("in-loop-48"), tx)


@pytest.mark.parametrize(
    "sentence",
    [
        "境界のテストは、期限ちょうどで 0、翌日 0:00 と翌日 23:59 で 1 を期待する。 <!-- ev: e5 e6 -->",
        "翌朝のケースは 1 になるはずだった。 <!-- ev: e5 e6 -->",
        "The boundary test expects 0 at the due time and 1 for a return the next day at 0:00. <!-- ev: e5 e6 -->",
        "The next-day case expects 1. <!-- ev: e5 e6 -->",
    ],
)
def test_a_calendar_word_of_the_codes_data_is_no_time_of_the_session(work: Path, sentence: str) -> None:
    assert problems(work, sentence) == []


def test_a_calendar_word_told_of_the_session_still_needs_hours_between_its_events(work: Path) -> None:
    (line,) = problems(work, "The next morning the boundary tests passed. <!-- ev: e5 e6 -->")
    assert "no two events near this paragraph are hours apart" in line
    (line,) = problems(work, "翌朝、境界のテストが通った。 <!-- ev: e5 e6 -->")
    assert "no two events near this paragraph are hours apart" in line


def test_a_clause_of_contrast_puts_its_code_in_no_file_of_the_clause_before(work: Path) -> None:
    faithful = (
        "A grep found that `src/clock.rs` reads that variable, while `today` still called `Utc::now()` directly, "
        "so `src/main.rs` switched to `clock::now()`. <!-- ev: e2 e3 e4 -->"
    )
    assert problems(work, faithful) == []
    (line,) = problems(work, "The grep showed that `src/clock.rs` still called `Utc::now()`. <!-- ev: e2 e3 e4 -->")
    assert "is in src/main.rs" in line
