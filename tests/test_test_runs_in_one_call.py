"""One command line that runs the tests more than once: the fix proved by running the tests with it and then
without it (`php artisan test … && git stash -q && php artisan test … | tail -4; git stash pop -q`), a flaky test
run in a loop, `cargo test` and then `cargo test --release`. The call's outcome tells each run in order ("2
passed, then 1 failed"; a loop's 20 runs as "20 runs: 19 passed, 1 failed"), and every reader of it reads it
right: the tool sentence, the "Results worth showing" list (the green run's line), the offline engine, the
headings and the check (a "passed" cited to the call is backed by its passing run, a "failed without the fix" by
its failing one). A runner that prints two summary lines for one run (jest's "Test Suites:" and "Tests:",
pytest's short summary and its final line, cargo's "test result:" of each crate) is one run.

Every session is in Claude Code's record format, written for these tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Parse, Transcript, events
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.check.stage import run_check
from retell.cli import app
from retell.events import Event, ToolCall
from retell.extract.headings import outcome_heading

pytestmark = pytest.mark.usefixtures("no_live_settings")
PROJECTS = "claude/projects/-srv-demo-proj"

# -- what each runner prints ---------------------------------------------------------------------------------------

ARTISAN_PASS = """
   PASS  Tests\\Feature\\RefundTest
  ✓ refund is issued once                                               0.31s
  ✓ refund is not issued when the gateway rolls back                    0.10s

  Tests:    2 passed (5 assertions)
  Duration: 0.52s
"""
ARTISAN_FAIL_TAIL = """  Failed asserting that table [refunds] matches expected entries count of 0. Entries found: 1.

  Tests:    1 failed (2 assertions)
  Duration: 0.40s
"""

PYTEST_PASS = """============================= test session starts ==============================
collected 3 items

tests/test_slug.py ...                                                   [100%]

============================== 3 passed in 0.12s ===============================
"""
PYTEST_FAIL = """============================= test session starts ==============================
collected 3 items

tests/test_slug.py .F.                                                   [100%]

=================================== FAILURES ===================================
_______________________________ test_unicode_slug ______________________________
E       AssertionError: assert 'caf' == 'cafe'
tests/test_slug.py:14: AssertionError
=========================== short test summary info ============================
FAILED tests/test_slug.py::test_unicode_slug - AssertionError: assert 'caf' == 'cafe'
========================= 1 failed, 2 passed in 0.15s ==========================
"""

JEST_PASS = """PASS src/price.test.ts
  ✓ rounds half up (3 ms)
  ✓ keeps cents (1 ms)
PASS src/cart.test.ts

Test Suites: 2 passed, 2 total
Tests:       4 passed, 4 total
Snapshots:   0 total
Time:        1.21 s
Ran all test suites.
"""
JEST_FAIL = """FAIL src/price.test.ts
  ✕ rounds half up (4 ms)
  ✓ keeps cents (1 ms)
PASS src/cart.test.ts

Test Suites: 1 failed, 1 passed, 2 total
Tests:       1 failed, 3 passed, 4 total
Snapshots:   0 total
Time:        1.30 s
Ran all test suites.
"""

CARGO_DEBUG = """
running 3 tests
test parse::tests::empty ... ok
test parse::tests::nested ... ok
test parse::tests::unicode ... ok

test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s


running 2 tests
test roundtrip ... ok
test large_input ... ok

test result: ok. 2 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s


running 0 tests

test result: ok. 0 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
"""
CARGO_RELEASE = """
running 3 tests
test parse::tests::empty ... ok
test parse::tests::nested ... FAILED
test parse::tests::unicode ... ok

failures:

---- parse::tests::nested stdout ----
thread 'parse::tests::nested' panicked at src/parse.rs:88:9:
attempt to subtract with overflow

failures:
    parse::tests::nested

test result: FAILED. 2 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s
"""
# cargo's own lines go to stderr, which Claude Code puts after all that went to stdout
CARGO_STDERR = """   Compiling tinyjson v0.3.1 (/srv/demo/proj)
    Finished `test` profile [unoptimized + debuginfo] target(s) in 1.02s
     Running unittests src/lib.rs (target/debug/deps/tinyjson-1a2b3c)
     Running tests/roundtrip.rs (target/debug/deps/roundtrip-4d5e6f)
   Doc-tests tinyjson
   Compiling tinyjson v0.3.1 (/srv/demo/proj)
    Finished `release` profile [optimized] target(s) in 3.40s
     Running unittests src/lib.rs (target/release/deps/tinyjson-7a8b9c)
error: test failed, to rerun pass `--lib`"""

# two crates of a workspace, each with cargo's template test: one run, though a test name comes twice
CARGO_WORKSPACE = (
    "\nrunning 1 test\ntest tests::it_works ... ok\n\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured;"
    " 0 filtered out; finished in 0.00s\n\n\nrunning 1 test\ntest tests::it_works ... ok\n\ntest result: ok. 1 passed;"
    " 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n\n"
    "    Finished `test` profile [unoptimized + debuginfo] target(s) in 0.90s\n"
    "     Running unittests src/lib.rs (target/debug/deps/core-1a2b3c)\n"
    "     Running unittests src/lib.rs (target/debug/deps/cli-4d5e6f)"
)

GO_OK = "ok  \tgithub.com/ada/queue\t0.012s\n"
GO_FAIL = (
    "--- FAIL: TestRetryOrder (0.00s)\n    queue_test.go:41: got [2 1], want [1 2]\n"
    "FAIL\nFAIL\tgithub.com/ada/queue\t0.011s\n"
)
GO_ALL = (
    "ok  \tgithub.com/ada/queue\t0.012s\nok  \tgithub.com/ada/queue/store\t0.030s\n"
    "?   \tgithub.com/ada/queue/cmd\t[no test files]\n"
)

MINITEST_PASS = """Run options: --seed 4242

# Running:

...

Finished in 0.081s, 37.0 runs/s, 61.7 assertions/s.
3 runs, 5 assertions, 0 failures, 0 errors, 0 skips
"""
MINITEST_FAIL = """Run options: --seed 4243

# Running:

.F.

Failure:
OrderTest#test_total_with_coupon [test/models/order_test.rb:22]:
Expected: 90
  Actual: 100

Finished in 0.090s, 33.3 runs/s, 55.5 assertions/s.
3 runs, 5 assertions, 1 failures, 0 errors, 0 skips
"""

PHPUNIT_PASS = (
    "PHPUnit 10.5.9 by Sebastian Bergmann and contributors.\n\n...   3 / 3 (100%)\n\nTime: 00:00.021\n\n"
    "OK (3 tests, 6 assertions)\n"
)
PHPUNIT_FAIL = (
    "PHPUnit 10.5.9 by Sebastian Bergmann and contributors.\n\n.F.   3 / 3 (100%)\n\nThere was 1 failure:\n\n"
    "1) Tests\\Unit\\TaxTest::testRounding\nFailed asserting that 1.99 matches expected 2.0.\n\n"
    "FAILURES!\nTests: 3, Assertions: 6, Failures: 1.\n"
)

MOCHA_PASS = "\n  slugify\n    ✔ lowercases\n    ✔ strips accents\n    ✔ joins words\n\n\n  3 passing (9ms)\n\n"
MOCHA_FAIL = (
    "\n  slugify\n    ✔ lowercases\n    1) strips accents\n    ✔ joins words\n\n\n  2 passing (11ms)\n  1 failing\n\n"
    "  1) slugify\n       strips accents:\n     AssertionError: expected 'cafe' to equal 'café'\n"
)

DOTNET_PASS = (
    "  Determining projects to restore...\n  Api.Tests -> /src/Api.Tests/bin/Debug/net8.0/Api.Tests.dll\n"
    "Test run for /src/Api.Tests/bin/Debug/net8.0/Api.Tests.dll (.NETCoreApp,Version=v8.0)\n"
    "Passed!  - Failed:     0, Passed:     4, Skipped:     0, Total:     4, Duration: 120 ms - Api.Tests.dll (net8.0)\n"
)
DOTNET_FAIL = (
    "Test run for /src/Api.Tests/bin/Debug/net8.0/Api.Tests.dll (.NETCoreApp,Version=v8.0)\n"
    "  Failed Api.Tests.InvoiceTests.RoundsTax [15 ms]\n"
    "Failed!  - Failed:     1, Passed:     3, Skipped:     0, Total:     4, Duration: 131 ms - Api.Tests.dll (net8.0)\n"
)

VITEST_PASS = (
    " ✓ src/date.test.ts (2 tests) 4ms\n\n Test Files  1 passed (1)\n      Tests  2 passed (2)\n"
    "   Start at  10:02:11\n   Duration  310ms\n"
)
VITEST_FAIL = (
    " ❯ src/date.test.ts (2 tests | 1 failed) 6ms\n   × parses ISO weeks\n\n Test Files  1 failed (1)\n"
    "      Tests  1 failed | 1 passed (2)\n   Start at  10:02:13\n   Duration  320ms\n"
)


GRADLE_PASS = "> Task :compileJava UP-TO-DATE\n> Task :test\n\nBUILD SUCCESSFUL in 4s\n5 actionable tasks: 1 executed\n"
GRADLE_FAIL = (
    "> Task :test FAILED\n\nInvoiceTest > roundsTax() FAILED\n"
    "    org.opentest4j.AssertionFailedError at InvoiceTest.java:31\n\n"
    "12 tests completed, 1 failed\n\nFAILURE: Build failed with an exception.\n\nBUILD FAILED in 5s\n"
)
# a multi-module Maven run: surefire's counts per class and per module, one BUILD line
MAVEN_ONE_RUN = (
    "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.1 s - in com.ada.PriceTest\n"
    "[INFO] Tests run: 3, Failures: 0, Errors: 0, Skipped: 0\n[INFO] Building api 1.0\n"
    "[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.2 s - in com.ada.ApiTest\n"
    "[INFO] Results:\n[INFO] Tests run: 4, Failures: 0, Errors: 0, Skipped: 0\n[INFO] BUILD SUCCESS\n"
)
MAVEN_COMPILE = "[INFO] Compiling 12 source files to /srv/demo/proj/target/classes\n[INFO] BUILD SUCCESS\n"


def _outcome(parse: Parse, command: str, output: str, *, is_error: bool = False) -> dict:
    tx = Transcript()
    tx.user("prove the fix")
    tx.tool_call("Bash", {"command": command}, output, is_error=is_error)
    [run] = [e for e in events(parse(tx)) if e["kind"] == "tool_run"]
    return run


# (command, output, the outcome each run in order)
TWO_RUNS = [
    pytest.param(
        "php artisan test --filter=RefundTest && git stash -q && php artisan test --filter=rolls_back 2>&1 | tail -4;"
        " git stash pop -q",
        ARTISAN_PASS + ARTISAN_FAIL_TAIL,
        "2 passed, then 1 failed",
        id="artisan",
    ),
    pytest.param(
        "pytest tests/test_slug.py; git stash; pytest tests/test_slug.py; git stash pop",
        PYTEST_PASS + "Saved working directory and index state WIP on main: 1a2b3c4 slug\n" + PYTEST_FAIL,
        "3 passed, then 1 failed, 2 passed",
        id="pytest",
    ),
    pytest.param(
        "npm test && git checkout HEAD~1 -- src/price.ts && npm test",
        JEST_PASS + JEST_FAIL,
        "4 passed, then 1 failed, 3 passed",
        id="jest",
    ),
    pytest.param(
        "cargo test && cargo test --release",
        CARGO_DEBUG + CARGO_RELEASE + "\n" + CARGO_STDERR,
        "5 passed, then 1 failed, 2 passed",
        id="cargo",
    ),
    pytest.param(
        "bin/rails test test/models/order_test.rb && git stash && bin/rails test test/models/order_test.rb",
        MINITEST_PASS + MINITEST_FAIL,
        "3 passed, then 1 failed, 2 passed",
        id="minitest",
    ),
    pytest.param(
        "vendor/bin/phpunit tests/Unit/TaxTest.php && git stash && vendor/bin/phpunit tests/Unit/TaxTest.php",
        PHPUNIT_PASS + PHPUNIT_FAIL,
        "3 passed, then 1 failed, 2 passed",
        id="phpunit",
    ),
    pytest.param(
        "npx mocha test/slug.test.js; git stash; npx mocha test/slug.test.js; git stash pop",
        MOCHA_PASS + MOCHA_FAIL,
        "3 passed, then 1 failed, 2 passed",
        id="mocha",
    ),
    pytest.param(
        "dotnet test && git stash && dotnet test",
        DOTNET_PASS + DOTNET_FAIL,
        "4 passed, then 1 failed, 3 passed",
        id="dotnet",
    ),
    pytest.param(
        "npx vitest run src/date.test.ts && git stash && npx vitest run src/date.test.ts",
        VITEST_PASS + VITEST_FAIL,
        "2 passed, then 1 failed, 1 passed",
        id="vitest",
    ),
    pytest.param(
        "./gradlew test && git stash && ./gradlew test",
        GRADLE_PASS + GRADLE_FAIL,
        "passed, then 1 failed, 11 passed",
        id="gradle",
    ),
    pytest.param(
        "go test ./queue/ && git stash && go test ./queue/",
        GO_OK + GO_FAIL,
        "passed, then failed",
        id="go",
    ),
]


@pytest.mark.parametrize(("command", "output", "outcome"), TWO_RUNS)
def test_each_run_of_one_call_is_told_in_order(parse: Parse, command: str, output: str, outcome: str) -> None:
    run = _outcome(parse, command, output)
    assert run["calls"][0]["outcome"] == outcome
    assert run["summary"] == f"Ran tests twice: {outcome}"


def test_a_long_output_keeps_the_green_runs_summary(parse: Parse) -> None:
    """The red run's failure lines fill the lines kept of a long output: the green run's summary is kept too."""
    logged = "".join(f"ERROR    slug:slug.py:{n} could not transliterate 'é'\n" for n in range(12, 18))
    captured = "------------------------------ Captured log call -------------------------------\n" + logged
    output = PYTEST_PASS + PYTEST_FAIL.replace("=========================== short", captured + "=========== short")
    run = _outcome(parse, "pytest tests/test_slug.py; git stash; pytest tests/test_slug.py; git stash pop", output)
    kept = run["calls"][0]["output"]
    assert "3 passed in 0.12s" in kept and "1 failed, 2 passed in 0.15s" in kept


def test_a_loop_of_many_runs_is_counted_by_run(parse: Parse) -> None:
    output = GO_OK * 12 + GO_FAIL + GO_OK * 7
    run = _outcome(parse, "for i in $(seq 20); do go test -count=1 -run TestRetryOrder ./queue/; done", output)
    assert run["calls"][0]["outcome"] == "20 runs: 19 passed, 1 failed"
    assert run["summary"] == "Ran tests 20 times: 19 passed, 1 failed"
    loop = _outcome(parse, "for i in 1 2 3 4 5; do pytest -q tests/test_slug.py; done", "...\n3 passed in 0.10s\n" * 5)
    assert loop["calls"][0]["outcome"] == "5 runs: 5 passed"


# (command, output of ONE run whose runner prints two summary lines or several per-crate lines, its outcome)
ONE_RUN = [
    pytest.param("npm test", JEST_FAIL, "1 failed, 3 passed", id="jest-suites-and-tests"),
    pytest.param("pytest tests/test_slug.py", PYTEST_FAIL, "1 failed, 2 passed", id="pytest-short-summary"),
    pytest.param("cargo test", CARGO_DEBUG + CARGO_STDERR.split("   Compiling", 2)[1], "5 passed", id="cargo-crates"),
    pytest.param("cargo test --workspace", CARGO_WORKSPACE, "2 passed", id="cargo-crates-sharing-test-names"),
    pytest.param("go test ./...", GO_ALL, "passed", id="go-packages"),
    pytest.param("mvn test", MAVEN_ONE_RUN, "7 passed", id="maven-modules"),
    pytest.param("mvn -q compile && mvn test", MAVEN_COMPILE + MAVEN_ONE_RUN, "7 passed", id="maven-build-then-tests"),
    pytest.param("npx vitest run", VITEST_FAIL, "1 failed, 1 passed", id="vitest-files-and-tests"),
    pytest.param("dotnet test", DOTNET_PASS, "4 passed", id="dotnet-one-project"),
    pytest.param("php artisan test", ARTISAN_PASS, "2 passed", id="artisan"),
]


@pytest.mark.parametrize(("command", "output", "outcome"), ONE_RUN)
def test_one_run_with_several_summary_lines_is_one_run(parse: Parse, command: str, output: str, outcome: str) -> None:
    run = _outcome(parse, command, output)
    assert run["calls"][0]["outcome"] == outcome
    assert "then" not in run["summary"] and "times" not in run["summary"]


# -- the readers -------------------------------------------------------------------------------------------------


def _proof_session() -> Transcript:
    """A red run (the test written first), the fix, then one call that runs the tests with the fix and again
    with it stashed: green, then red on purpose."""
    tx = Transcript()
    tx.user("Refunds are issued twice when the gateway times out. Fix it and add a test.")
    tx.assistant("I'll write the test first.")
    tx.tool_call(
        "Bash",
        {"command": "php artisan test --filter=RefundTest"},
        "Exit code 1\n   FAIL  Tests\\Feature\\RefundTest\n  ⨯ refund is not issued when the gateway rolls back\n"
        "  Tests:    1 failed, 1 passed (3 assertions)\n  Duration: 0.50s",
        is_error=True,
    )
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app/Services/RefundService.php"}, "ok")
    tx.tool_call(
        "Bash",
        {
            "command": "php artisan test --filter=RefundTest && git stash -q && php artisan test --filter=rolls_back "
            "2>&1 | tail -4; git stash pop -q"
        },
        ARTISAN_PASS + ARTISAN_FAIL_TAIL,
    )
    tx.assistant("The test passes with the fix and fails without it (stashed, one refund row too many).")
    return tx


def test_results_worth_showing_show_the_passing_run(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _proof_session(), PROJECTS)
    prompt = outline_prompt(work)
    results = prompt.split("Results worth showing", 1)[1].split("\n\n", 1)[0]
    assert "[e5]" in results and "Tests:    2 passed (5 assertions)" in results
    assert "1 failed" not in results.split("[e5]", 1)[1].splitlines()[0]
    assert "[e5] TOOLS: Ran tests twice: 2 passed, then 1 failed" in prompt


def test_the_facts_count_a_failed_call_not_a_red_run_on_purpose(tmp_path: Path) -> None:
    """The proof ended with `git stash pop`: no failed call, and its red run is no setback to count; the red run
    written first is the one failed call."""
    prompt = outline_prompt(parse_work(tmp_path, _proof_session(), PROJECTS))
    assert "tool calls: 3 (1 failed, of them 1 test run whose tests failed" in prompt


def test_the_offline_engine_tells_the_passing_run(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _proof_session(), PROJECTS)
    ok(CliRunner().invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    outline = yamlio.load(work / "outline.yaml")
    beats = [b for s in outline["sections"] for b in s["beats"]]
    assert any(b["beat"] == "convergence" and "e5" in b["events"] for b in beats)


def _call(command: str, outcome: str, error: str | None = None) -> ToolCall:
    return ToolCall(name="Bash", target=command, outcome=outcome, error=error)


def _run(call: ToolCall, n: int) -> Event:
    return Event(id=f"e{n}", kind="tool_run", calls=[call])


def test_a_heading_reads_the_green_run_before_the_red_one() -> None:
    red = _run(_call("pytest tests/test_slug.py", "1 failed, 2 passed", "Exit code 1"), 1)
    proof = _run(_call("pytest tests/test_slug.py; git stash; pytest tests/test_slug.py", "3 passed, then 1 failed"), 2)
    assert outcome_heading([red, proof]) == "Getting the tests to pass"
    # the proof alone got nothing to pass: its red run came after the green one, on purpose
    assert outcome_heading([proof]) != "Getting the tests to pass"


def test_the_check_backs_passed_and_failed_without_the_fix_with_their_runs(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _proof_session(), PROJECTS)

    def problems(body: str) -> list[str]:
        (work / "draft.md").write_text("---\ntitle: t\n---\n\n" + body + "\n", encoding="utf-8")
        return run_check(work).lines()

    assert problems("With the fix, the tests passed. <!-- ev: e5 -->") == []
    assert problems("The test passes with the fix and fails without it. <!-- ev: e5 -->") == []
    assert problems("Without the fix, the test failed again. <!-- ev: e5 -->") == []


def test_the_check_still_finds_passed_contradicted_by_runs_that_all_failed(tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("Does the slug test pass now?")
    tx.tool_call(
        "Bash",
        {"command": "pytest tests/test_slug.py; pytest tests/test_slug.py -p no:cacheprovider"},
        "Exit code 1\n" + PYTEST_FAIL + PYTEST_FAIL,
        is_error=True,
    )
    tx.assistant("It still fails.")
    work = parse_work(tmp_path, tx, PROJECTS)
    (work / "draft.md").write_text("---\ntitle: t\n---\n\nThe tests passed. <!-- ev: e2 -->\n", encoding="utf-8")
    assert any("failed" in line for line in run_check(work).lines())
