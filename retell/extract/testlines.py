"""What a test run printed, read a line at a time: each test's own line and the lines that say a run failed.

One reading for the whole pipeline: the writing side asks whether a run is a success to show (`shows_failure`,
`no_verdict`), the check asks how many tests a run lists as passed and failed (`listed_tests`). A session
often keeps only the tail of a run, or only what the author's `!` command printed, and no summary: these lines
are then its only word on what passed and what failed. The shapes, as the runners print them:

- pytest -v: `tests/test_x.py::test_y[chromium] FAILED   [ 70%]`; -rA: `FAILED tests/test_x.py::test_y - Err`
- unittest -v: `test_y (mod.Case.test_y) ... ok`, `... FAIL`, `... ERROR`, `... skipped 'why'`
- cargo test: `test parser::tests::empty ... ok`, `... FAILED`, `... ignored`
- go test -v: `--- PASS: TestParse (0.00s)`, `--- FAIL: TestParse/empty (0.01s)`, `--- SKIP: …`
- jest, vitest, mocha, phpunit --testdox: `✓ renders (3 ms)`, `✔ adds`, `✕ fails`, `× fails`, `✘ fails`,
  `○ skipped`, `↓ skipped`; vitest's file lines (`✓ src/a.test.ts (3 tests) 5ms`) and jest's
  (`PASS src/a.test.js`, `FAIL src/b.test.js`) are a file's, not a test's: they count no test
- mocha, phpunit: a failure numbered `  1) fails on empty input` / `1) Tests\\CalcTest::testSub` (the same number
  again in the details below counts once); rspec: `rspec ./spec/calc_spec.rb:12 # Calc adds` under "Failed
  examples", and `adds numbers (FAILED - 1)` in its documentation format
- dotnet test: `  Passed Calc.Tests.Adds [12 ms]`, `  Failed Calc.Tests.Subtracts [15 ms]`, `  Skipped …`

A failure shown anywhere is also a summary that counts one: `1 failed`, `1 failing` (mocha), `1 failure`
(rspec), `Failures: 1` and `FAILURES!` (phpunit), `Failed!  - Failed:     1` (dotnet), `test result: FAILED`
(cargo), `FAIL` (go), `FAILED (failures=1)` (unittest); `Failed:     0` and `0 failures` are none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from retell.extract.tools import is_test_command

PASSED, FAILED, SKIPPED = "passed", "failed", "skipped"

_WORDS = {
    "PASSED": PASSED, "PASS": PASSED, "ok": PASSED, "Passed": PASSED, "XFAIL": PASSED,
    "FAILED": FAILED, "FAIL": FAILED, "ERROR": FAILED, "XPASS": FAILED, "Failed": FAILED,
    "SKIPPED": SKIPPED, "SKIP": SKIPPED, "ignored": SKIPPED, "skipped": SKIPPED, "Skipped": SKIPPED,
}  # fmt: skip
_MARKS = {
    "✓": PASSED, "✔": PASSED, "√": PASSED,
    "✕": FAILED, "✗": FAILED, "✘": FAILED, "×": FAILED,
    "○": SKIPPED, "↓": SKIPPED,
}  # fmt: skip
_PYTEST_WORDS = "PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS"
_SHAPES = (
    # pytest -v: path::Class::test[param] STATUS [ 70%]
    re.compile(rf"^\s*(?P<name>\S+::\S+)(?:\s+\S+)?\s+(?P<word>{_PYTEST_WORDS})\b"),
    # pytest -rA summary: FAILED path::test - AssertionError
    re.compile(rf"^\s*(?P<word>{_PYTEST_WORDS})\s+(?P<name>\S+::\S+)"),
    # cargo test: test foo::bar ... ok
    re.compile(r"^\s*test\s+(?P<name>\S+)\s+\.\.\.\s+(?P<word>ok|FAILED|ignored)\b"),
    # unittest -v: test_y (mod.Case) ... ok
    re.compile(r"^\s*(?P<name>\w+\s+\([\w.]+\))\s+\.\.\.\s+(?P<word>ok|FAIL|ERROR|skipped)\b"),
    # go test -v: --- FAIL: TestX (0.00s)
    re.compile(r"^\s*---\s+(?P<word>PASS|FAIL|SKIP):\s+(?P<name>\S+)"),
    # dotnet test: Passed Calc.Tests.Adds [12 ms]
    re.compile(r"^\s*(?P<word>Passed|Failed|Skipped)\s+(?P<name>\S.*?)\s+\[[\d.,]+\s*(?:ms|s|m)\]\s*$"),
    # rspec, documentation format: adds numbers (FAILED - 1)
    re.compile(r"^\s*(?P<name>\S.*?)\s+\((?P<word>FAILED)\s+-\s+\d+\)\s*$"),
    # rspec, failed examples: rspec ./spec/calc_spec.rb:12 # Calc adds
    re.compile(r"^\s*rspec\s+(?P<name>\./\S+:\d+)\s+#"),
)
# jest, vitest, mocha, phpunit --testdox: a mark, then the test's name
_MARKED = re.compile(r"^\s*(?P<mark>[✓✔√✕✗✘×○↓])\s+(?P<name>\S.*?)\s*$")
# vitest's line for a file (`✓ src/a.test.ts (3 tests) 5ms`, `❯ src/b.test.ts (2 tests | 1 failed)`) and jest's
# (`PASS src/a.test.js`): a file's verdict, no test of its own
_FILE_LINE = re.compile(r"\(\d+ tests?(?: \| [^)]*)?\)(?:\s+\d+\s*m?s)?\s*$|^\s*(?:PASS|FAIL)\s+\S+\.\w+\b")
# mocha's and phpunit's failures, numbered: `  1) fails on empty input`, `1) Tests\CalcTest::testSub`
_NUMBERED = re.compile(r"^\s*(\d+)\)\s+\S")
# pytest's progress line (`tests/test_a.py ..F.   [ 70%]`): how far a run got, no verdict on it
_PROGRESS = re.compile(r"\[\s*\d+%\]\s*$")
# A summary or a runner's word that a run failed (a count of at least one failure, or the runner's own flag).
_FAILED_RUN = re.compile(
    r"\b[1-9]\d*\s+(?:failed|failing|failures?|errors?)\b"
    r"|\b(?:Failures|Errors):\s*[1-9]"
    r"|^\s*(?:FAILURES!|ERRORS!|Failed!|FAIL(?:ED)?\b|ERROR\b)"
    r"|Failed:\s+[1-9]"
    r"|\btest result: FAILED\b",
    re.M,
)


@dataclass(frozen=True)
class OneTest:
    """One test's own line: its name and whether it passed, failed or was skipped."""

    name: str
    status: str


def one_test(line: str) -> OneTest | None:
    """The test a line reports on, in any of the runners' shapes above; None for any other line."""
    if _FILE_LINE.search(line):
        return None
    marked = _MARKED.match(line)
    if marked:
        return OneTest(marked.group("name"), _MARKS[marked.group("mark")])
    for shape in _SHAPES:
        match = shape.match(line)
        if match:
            word = match.groupdict().get("word") or "FAILED"  # (rspec's failed examples carry no word)
            return OneTest(match.group("name").strip(), _WORDS[word])
    return None


def no_verdict(line: str) -> bool:
    """A line that says nothing of a whole run: one test's own line, or a progress line (`… PASSED [ 85%]`)."""
    return one_test(line) is not None or _PROGRESS.search(line) is not None or _NUMBERED.match(line) is not None


def shows_failure(output: str) -> bool:
    """Whether a run's output shows a failure anywhere: a failing test's line, or a count or flag of one."""
    if _FAILED_RUN.search(output):
        return True
    return any((t := one_test(line)) is not None and t.status == FAILED for line in output.splitlines())


@dataclass(frozen=True)
class Listed:
    """What the lines a run printed per test say: how many passed and how many failed."""

    passed: int = 0
    failed: int = 0

    @property
    def total(self) -> int:
        return self.passed + self.failed


# a run piped through `uniq -c` (`go test -count=5 … | sort | uniq -c`): its lines lead with a count
_UNIQ_COUNT = re.compile(r"\|\s*uniq\s+(?:-\w*c\w*|--count)\b")
_COUNT_PREFIX = re.compile(r"^\s*\d+\s+")


def listed_tests(command: str | None, output: str | None) -> Listed:
    """The tests a test run's output lists one a line, counted by status (none for any other command)."""
    if not output or not is_test_command(command):
        return Listed()
    passed = failed = 0
    numbered: set[str] = set()
    counted = bool(_UNIQ_COUNT.search(command or ""))
    for line in output.splitlines():
        if counted:  # `… | sort | uniq -c`: each line led by how often it came, one line per test
            line = _COUNT_PREFIX.sub("", line, count=1)
        found = one_test(line)
        if found is not None:
            passed += found.status == PASSED
            failed += found.status == FAILED
        elif (number := _NUMBERED.match(line)) is not None:
            numbered.add(number.group(1))  # one failure, however often its number comes back (details below)
    # mocha numbers its failures where a mark would be; phpunit's testdox marks them and numbers them again
    return Listed(passed, max(failed, len(numbered)))
