"""The Numbers block's "of them N test runs whose tests failed" counts only runs whose tests failed.

A blind reading of a Korean post's prompts (check set blind25, stop 51) found "3 failed, of them 3 test runs whose
tests failed", where one of the three, `npx vitest run && npx vue-tsc --noEmit`, failed on the type-check after its
tests had passed: a model reading the count tells a passing test run as a red one.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

START = datetime(2026, 11, 3, 5, 10, tzinfo=timezone.utc)
CWD = "/Users/hana/dev/admin-web"
PROJECTS = "claude/projects/-Users-hana-dev-admin-web"
pytestmark = pytest.mark.usefixtures("no_live_settings")

_RED = (
    " FAIL  src/utils/date.spec.ts > formats in KST\n"
    " Test Files  1 failed | 3 passed (4)\n      Tests  2 failed | 31 passed (33)"
)
_GREEN_THEN_TSC = (
    " Test Files  4 passed (4)\n      Tests  34 passed (34)\n"
    "src/stores/orders.ts(12,5): error TS2353: Object literal may only specify known properties."
)
_GREEN = " Test Files  4 passed (4)\n      Tests  34 passed (34)"


def _session(tsc_fails: bool) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("order dates show in UTC, they must show in KST, and two vitest tests are broken. fix both")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "npx vitest run"}, f"Exit code 1\n{_RED}", is_error=True)
    tx.tick(4)
    tx.assistant("Both failures come from the date format: I will convert with dayjs.tz.", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/src/utils/date.ts", "old_string": "dayjs(iso)", "new_string": "dayjs.utc(iso).tz(TZ)"},
        "ok",
    )
    tx.tick(6)
    command = "npx vitest run && npx vue-tsc --noEmit"
    if tsc_fails:
        tx.tool_call("Bash", {"command": command}, f"Exit code 2\n{_GREEN_THEN_TSC}", is_error=True)
    else:
        tx.tool_call("Bash", {"command": command}, _GREEN)
    tx.tick(3)
    tx.assistant("The tests pass now.", usage_=usage())
    return tx


def _numbers_line(prompt: str) -> str:
    return next(line for line in prompt.splitlines() if "Messages from the author" in line)


def test_a_run_whose_tests_passed_before_the_type_check_failed_is_no_red_run(tmp_path: Path) -> None:
    line = _numbers_line(outline_prompt(parse_work(tmp_path, _session(tsc_fails=True), PROJECTS)))
    assert "2 failed" in line
    assert "of them 1 test run whose tests failed" in line


def test_a_run_whose_tests_failed_is_still_counted(tmp_path: Path) -> None:
    line = _numbers_line(outline_prompt(parse_work(tmp_path, _session(tsc_fails=False), PROJECTS)))
    assert "1 failed" in line
    assert "of them 1 test run whose tests failed" in line
