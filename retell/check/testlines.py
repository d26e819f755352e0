"""The tests a verbose run lists one a line: `test_x.py::test_y[chromium] FAILED [ 70%]` (pytest -v), `test foo
... ok` (cargo), `--- FAIL: TestX` (go test -v), `test_y (mod.Case) ... ERROR` (unittest -v), `✓ renders` and
`✕ renders` (jest, vitest). A session often keeps only such lines of a run (its tail, or what the author's `!`
command printed) and no summary: they are then its only word on what passed and what failed."""

from __future__ import annotations

import re
from dataclasses import dataclass

from retell.extract.tools import is_test_command

_STATUS = r"(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS|ok|FAIL|PASS|ignored)"
_LINE = re.compile(
    r"^\s*(?:"
    rf"\S+::\S+(?:\s+\S+)?\s+{_STATUS}\b"  # pytest -v: path::Class::test[param] STATUS [ 70%]
    rf"|(?:{_STATUS})\s+\S+::\S+"  # pytest -rA summary: FAILED path::test - AssertionError
    rf"|test\s+\S+\s+\.\.\.\s+{_STATUS}\b"  # cargo test: test foo::bar ... ok
    rf"|\w+\s+\([\w.]+\)\s+\.\.\.\s+{_STATUS}\b"  # unittest -v: test_y (mod.Case) ... ok
    rf"|---\s+{_STATUS}:\s+\S+"  # go test -v: --- FAIL: TestX (0.00s)
    r"|([✓✔√✕✗✘×])\s+\S"  # jest, vitest, mocha
    r")",
    re.M,
)
_FAILING = {"FAILED", "ERROR", "FAIL", "XPASS", "✕", "✗", "✘", "×"}
_PASSING = {"PASSED", "ok", "PASS", "XFAIL", "✓", "✔", "√"}


@dataclass(frozen=True)
class Listed:
    """What the lines a run printed per test say: how many passed and how many failed."""

    passed: int = 0
    failed: int = 0

    @property
    def total(self) -> int:
        return self.passed + self.failed


def listed_tests(command: str | None, output: str | None) -> Listed:
    """The tests a test run's output lists one a line, counted by status (none for any other command)."""
    if not output or not is_test_command(command):
        return Listed()
    passed = failed = 0
    for match in _LINE.finditer(output):
        status = next((s for s in match.groups() if s), "")
        if status in _FAILING:
            failed += 1
        elif status in _PASSING:
            passed += 1
    return Listed(passed, failed)
