"""Round thirty-six of the check (issue 21), the verifying model, tuned on blind27: a run's counts ("1 failed,
1 passed") name no test, so "the new test failed, the old one passed" told as fact rests on Claude's reading unless
a line of the run names the test (blind27 AG2:67, missed by both answers: the model took the counts for the
names). The rule is in the system prompt of every verification request."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    verify_pairs,
)
from conftest import Transcript

START = datetime(2026, 4, 2, 9, 0, tzinfo=timezone.utc)


def test_the_verifier_is_told_a_runs_counts_name_no_test(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/lin/src/kiosk", start=START)
    tx.user("the sort breaks on empty names, write a test first")
    tx.tool_call("Bash", {"command": "pytest -q tests/test_sort.py"}, "1 failed, 1 passed in 0.12s", is_error=True)
    tx.assistant("As expected the new test fails without the fix, and the old one still passes.")
    work = approved_workdir(tmp_path, tx)
    text = "## The test first\n\nWithout the fix the new test failed and the old one passed. <!-- ev: e2 e3 -->\n"
    requests = verify_pairs(work, text)
    assert requests
    system = "\n".join(block.text for block in requests[0][1].system)
    assert "A run's counts name no test: `1 failed, 1 passed` says neither which test failed nor which passed" in system
    assert "told as fact from Claude's words alone, it is `not in the session`" in system
