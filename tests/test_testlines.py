"""One reading of a test run's lines (retell/extract/testlines.py), for the check's counts and the material's
results worth showing alike, on output in the shapes each runner prints. Before it, the material looked for
`FAILED|FAIL|ERROR` anywhere and the check for per-test lines of five runners: a failing dotnet, mocha, rspec or
phpunit run was offered as a result worth showing, and a jest file line or a log's `ERROR` word read differently
on each side."""

from __future__ import annotations

import pytest

from retell.events import TOOL_RUN, Event, ToolCall
from retell.extract.testlines import FAILED, PASSED, SKIPPED, OneTest, listed_tests, no_verdict, one_test, shows_failure
from retell.write.material import decisive_results

# (command, output as the runner prints it, passed listed, failed listed, whether it shows a failure)
RUNS = {
    "pytest": (
        "pytest -v tests/test_due.py",
        "tests/test_due.py::test_friday PASSED                                    [ 50%]\n"
        "tests/test_due.py::test_sunday_utc[0230] FAILED                          [100%]\n"
        "=========================== short test summary info ============================\n"
        "FAILED tests/test_due.py::test_sunday_utc[0230] - AssertionError: assert datetime.date(2026, 4, 5) == …\n"
        "========================= 1 failed, 1 passed in 0.31s ==========================",
        1,
        2,  # the failure's own line and its line in the short summary
        True,
    ),
    "pytest green": (
        "pytest -q",
        "..........                                                               [100%]\n10 passed in 0.57s",
        0,
        0,
        False,
    ),
    "jest": (
        "npx jest test/descargas.test.js",
        "FAIL test/descargas.test.js\n"
        "  GET /api/descargas/:nombre\n"
        "    ✓ sirve un archivo legítimo (12 ms)\n"
        "    ✕ rechaza ..%2f..%2fetc%2fpasswd (4 ms)\n"
        "    ○ skipped rechaza nombres vacíos\n\n"
        "  ● GET /api/descargas/:nombre › rechaza ..%2f..%2fetc%2fpasswd\n\n"
        "Tests:       1 failed, 1 skipped, 1 passed, 3 total",
        1,
        1,
        True,
    ),
    "vitest": (
        "npx vitest run",
        " ✓ src/sum.test.ts (3 tests) 5ms\n"
        " ❯ src/div.test.ts (2 tests | 1 failed) 7ms\n"
        "   × divides by zero 3ms\n\n"
        " Test Files  1 failed | 1 passed (2)\n"
        "      Tests  1 failed | 4 passed (5)",
        0,  # the file lines count no test of their own
        1,
        True,
    ),
    "go": (
        "go test -v ./...",
        "=== RUN   TestParse\n=== RUN   TestParse/empty\n"
        "--- FAIL: TestParse (0.00s)\n    --- FAIL: TestParse/empty (0.00s)\n"
        "=== RUN   TestFormat\n--- PASS: TestFormat (0.00s)\n"
        "FAIL\nFAIL\tgithub.com/acme/csv2pq\t0.012s",
        1,
        2,
        True,
    ),
    "cargo": (
        "cargo test",
        "running 3 tests\ntest parser::tests::empty ... ok\ntest parser::tests::quoted ... FAILED\n"
        "test writer::tests::big ... ignored\n\n"
        "test result: FAILED. 1 passed; 1 failed; 1 ignored; 0 measured; 0 filtered out; finished in 0.01s",
        1,
        1,
        True,
    ),
    "rspec": (
        "bundle exec rspec",
        "Calculator\n  adds numbers\n  subtracts numbers (FAILED - 1)\n\n"
        "Finished in 0.01 seconds (files took 0.1 seconds to load)\n2 examples, 1 failure\n\n"
        "Failed examples:\n\nrspec ./spec/calculator_spec.rb:9 # Calculator subtracts numbers",
        0,
        2,  # the documentation line and the failed example's rerun line
        True,
    ),
    "rspec green": ("bundle exec rspec", "..\n\nFinished in 0.01 seconds\n2 examples, 0 failures", 0, 0, False),
    "phpunit": (
        "vendor/bin/phpunit",
        "PHPUnit 10.5.0 by Sebastian Bergmann and contributors.\n\n..F.                    4 / 4 (100%)\n\n"
        "There was 1 failure:\n\n1) Tests\\Unit\\CalcTest::testSubtract\n"
        "Failed asserting that 1 matches expected 2.\n\n"
        "FAILURES!\nTests: 4, Assertions: 6, Failures: 1.",
        0,
        1,
        True,
    ),
    "phpunit testdox": (
        "vendor/bin/phpunit --testdox",
        "Calc (Tests\\Unit\\Calc)\n ✔ Adds numbers\n ✘ Subtracts numbers\n\n"
        "1) Tests\\Unit\\CalcTest::testSubtract\nFailed asserting that 1 matches expected 2.",
        1,
        1,  # marked and numbered again below: one failure
        True,
    ),
    "phpunit green": ("vendor/bin/phpunit", "....  4 / 4 (100%)\n\nOK (4 tests, 6 assertions)", 0, 0, False),
    "mocha": (
        "npx mocha",
        "  Array\n    #indexOf()\n      ✔ returns -1 when absent\n      1) returns the index\n\n"
        "  1 passing (6ms)\n  1 failing\n\n  1) Array\n       #indexOf()\n         returns the index:\n"
        "     AssertionError: expected -1 to equal 0",
        1,
        1,
        True,
    ),
    "dotnet": (
        "dotnet test",
        "  Passed Calc.Tests.Adds [12 ms]\n  Failed Calc.Tests.Subtracts [15 ms]\n  Error Message:\n"
        "   Assert.Equal() Failure\n\n"
        "Failed!  - Failed:     1, Passed:     1, Skipped:     0, Total:     2, Duration: 27 ms - "
        "Calc.Tests.dll (net8.0)",
        1,
        1,
        True,
    ),
    "dotnet green": (
        "dotnet test",
        "Passed!  - Failed:     0, Passed:     5, Skipped:     0, Total:     5, Duration: 12 ms - "
        "Calc.Tests.dll (net8.0)",
        0,
        0,
        False,
    ),
    "unittest": (
        "python -m unittest -v",
        "test_add (test_calc.CalcTest.test_add) ... ok\ntest_div (test_calc.CalcTest.test_div) ... ERROR\n\n"
        "Ran 2 tests in 0.001s\n\nFAILED (errors=1)",
        1,
        1,
        True,
    ),
}


@pytest.mark.parametrize("runner", sorted(RUNS))
def test_each_runners_lines_are_counted_and_a_failure_is_seen(runner: str) -> None:
    command, output, passed, failed, failing = RUNS[runner]
    listed = listed_tests(command, output)
    assert (listed.passed, listed.failed) == (passed, failed)
    assert shows_failure(output) is failing


@pytest.mark.parametrize("runner", sorted(RUNS))
def test_a_run_that_shows_a_failure_is_no_result_worth_showing(runner: str) -> None:
    command, output, _passed, _failed, failing = RUNS[runner]
    event = Event(id="e4", kind=TOOL_RUN, summary=f"Ran `{command}`", calls=[ToolCall("Bash", command, output=output)])
    shown = decisive_results([event])
    assert (shown == []) is failing, shown


def test_one_tests_line_is_no_verdict_on_its_run() -> None:
    pytest_line = "tests/test_x.py::test_y[chromium] PASSED [ 85%]"
    assert one_test(pytest_line) == OneTest("tests/test_x.py::test_y[chromium]", PASSED)
    assert one_test("    ✕ rechaza ..%2f (4 ms)").status == FAILED  # type: ignore[union-attr]
    assert one_test("test writer::tests::big ... ignored").status == SKIPPED  # type: ignore[union-attr]
    assert one_test(" ✓ src/sum.test.ts (3 tests) 5ms") is None  # a file's line
    assert one_test("PASS src/a.test.js") is None
    for line in ("tests/test_a.py ....    [ 70%]", "  --- PASS: TestFormat (0.00s)", "  1) returns the index"):
        assert no_verdict(line)
    for line in ("10 passed in 0.57s", "Tests:       4 passed, 4 total", "OK (4 tests, 6 assertions)"):
        assert not no_verdict(line)


def test_a_log_line_or_a_zero_count_is_no_failure() -> None:
    assert not shows_failure("2 examples, 0 failures\nFailed:     0, Passed:     5")
    assert not shows_failure("tests/test_errors.py::test_error_page PASSED [100%]\n1 passed in 0.1s")
    assert listed_tests("ls -la", "test foo ... FAILED") == listed_tests(None, None)  # not a test run
