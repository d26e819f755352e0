"""PowerShell's Pester, as fresh30's choir module ran it (written blind): `pwsh -Command "Invoke-Pester …"` was no
test run to retell, so a post's "the first test run failed all four tests" had nothing to rest on, and the tests a
diff added (`It '…' {`) counted none."""

from __future__ import annotations

import pytest

from retell.check.figures import _tests_in
from retell.extract.tools import is_test_command
from retell.extract.tools import test_outcome as outcome_of


@pytest.mark.parametrize(
    ("command", "runs"),
    [
        ('pwsh -NoProfile -Command "Invoke-Pester -Path tests -Output Detailed"', True),
        ("Invoke-Pester ./tests", True),
        ("cat Invoke-Pester.md", False),
        ('bash -c "pytest -q"', True),
    ],
)
def test_a_pester_run_is_a_test_run(command: str, runs: bool) -> None:
    assert is_test_command(command) is runs


@pytest.mark.parametrize(
    ("output", "outcome"),
    [
        (
            "Discovery found 4 tests in 112ms.\nTests Passed: 0, Failed: 4, Skipped: 0, Inconclusive: 0, NotRun: 0",
            "4 failed, 0 passed",
        ),
        ("Tests Passed: 5, Failed: 0, Skipped: 1, Inconclusive: 0, NotRun: 0", "5 passed, 1 skipped"),
    ],
)
def test_pesters_summary_is_the_runs_outcome(output: str, outcome: str) -> None:
    assert outcome_of(output, failed=outcome.startswith("4 failed")) == outcome


def test_a_pester_test_a_diff_adds_is_counted() -> None:
    diff = "+    It 'flags singers below the threshold' {\n+        $r | Should -Be 1\n+    }\n+    It 'summarises' {\n"
    assert _tests_in(diff, diff=True) == 2
