"""The test runs in what one command printed, in order: a fix proved by running the tests with it and then without
it (`pytest t.py; git stash; pytest t.py; git stash pop`), a flaky test run in a loop, `cargo test` and then
`cargo test --release`.

A run ends with its runner's summary. Where a runner prints one summary line a run, each such line ends a run:
pytest's final `1 failed, 2 passed in 0.15s` (its "short test summary info" lines above it carry no " in 0.15s"),
jest's and Pest's `Tests:` (jest's `Test Suites:` above it is not one), vitest's `Tests  2 passed (2)` (its `Test
Files` line is not one), minitest's `3 runs, 5 assertions, …`, rspec's `3 examples, 0 failures`, PHPUnit's `OK (3
tests, …)` / `Tests: 3, Assertions: …`, mocha's `3 passing (9ms)` with its `1 failing` below, unittest's `Ran 3
tests in 0.01s` with its `OK`/`FAILED (…)`, Maven's and Gradle's `BUILD …`.
Where a runner prints one line per crate, package or project (cargo's `test result:`, go's `ok  pkg 0.01s` and
`FAIL pkg`, dotnet's `Passed!  - … - Api.Tests.dll`), those lines make one run until one of them comes back: a
package or a project already told, or a crate whose tests (`test parse::empty ... ok`) or label (`Running
unittests src/lib.rs`) were already told. cargo writes its labels to stderr, which Claude Code puts after all
of stdout: they say how many runs there were (no label told twice: one run, whatever test names two crates
share), and the crates are shared out evenly between them when the test names did not already tell them apart.

The outcome of a call that ran the tests more than once tells each run in order, joined by ", then " ("2 passed,
then 1 failed"); four runs or more are counted by run ("20 runs: 19 passed, 1 failed")."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

THEN = ", then "
COUNTED_FROM = 4  # this many runs or more are told by how many passed and failed, not one by one
_COUNTED = re.compile(r"^(\d+) runs: (.*)$")
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
# a run's own outcome says it failed: a count of failures or errors, or the bare word
_RUN_FAILED = re.compile(r"\b[1-9]\d* (?:failed|errors?)\b|^failed$")

_UNKEYED = {
    "pytest": re.compile(
        r"^[ \t=]*(?:\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|deselected|warnings?)\b[^\n]*?"
        r"|no tests ran) in [\d.]+s\b.*$",
        re.M,
    ),
    "jest": re.compile(
        r"^[ \t]*Tests:[ \t]+\d+ (?:failed|passed|skipped|todo|pending|risky|incomplete|warnings?)\b.*$", re.M
    ),
    "vitest": re.compile(r"^[ \t]*Tests[ \t]{2,}\d+ (?:failed|passed|skipped|todo)\b.*$", re.M),
    "minitest": re.compile(
        r"^[ \t]*(\d+) (?:runs|tests), \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips.*$", re.M
    ),
    "rspec": re.compile(r"^[ \t]*(\d+) examples?, (\d+) failures?(?:, (\d+) pending)?.*$", re.M),
    "phpunit": re.compile(r"^[ \t]*(?:OK \((\d+) tests?, \d+ assertions?\)|Tests: (\d+), Assertions: \d+.*)$", re.M),
    "mocha": re.compile(r"^[ \t]*(\d+) passing \([^)\n]*\)(?:\n[ \t]*(\d+) pending)?(?:\n[ \t]*(\d+) failing)?", re.M),
    "unittest": re.compile(r"^Ran (\d+) tests? in [\d.]+s\s*\n\s*\n?(OK\b.*|FAILED \(.*\))$", re.M),
    "maven": re.compile(r"^\[(?:INFO|ERROR)\] BUILD (SUCCESS|FAILURE)\b.*$", re.M),
    "gradle": re.compile(r"^BUILD (SUCCESSFUL|FAILED) in \S+.*$", re.M),
}
_CARGO = re.compile(r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed.*$", re.M)
_GO = re.compile(r"^(ok|FAIL)[ \t]+(\S+)[ \t]+(?:[\d.]+s|\(cached\)|\[[^\]\n]*\]).*$", re.M)
_DOTNET = re.compile(
    r"^[ \t]*(?:Passed|Failed)![ \t]+-[ \t]+Failed:[ \t]+(\d+),[ \t]+Passed:[ \t]+(\d+),[ \t]+Skipped:[ \t]+(\d+),"
    r".*?-[ \t]+(\S+)",
    re.M,
)
_CARGO_TEST = re.compile(r"^test (\S+) \.\.\. ", re.M)
# `Running unittests src/lib.rs (target/debug/deps/core-1a2b3c)`, an older cargo's `Running
# target/debug/deps/core-1a2b3c`, `Doc-tests core`: a crate's test binary, known by what it runs and its name
# without the hash (debug and release builds of one crate are one binary run again; two crates' `src/lib.rs` are
# two)
_CARGO_LABEL = re.compile(
    r"^[ \t]*(?:Running[ \t]+(?:([^(\n]*?)[ \t]*\()?(?:[^)\s]*/)?([\w.-]+?)(?:-[0-9a-f]{6,})?(?:\.exe)?\)?[ \t]*$"
    r"|Doc-tests[ \t]+(\S+))",
    re.M,
)
_GO_FAILED = re.compile(r"^(?:--- FAIL|FAIL\b)", re.M)
_MAVEN_COUNTS = re.compile(r"Tests run: (\d+), Failures: (\d+), Errors: (\d+), Skipped: (\d+)")
_GRADLE_COUNTS = re.compile(r"(\d+) tests? completed, (\d+) failed(?:, (\d+) skipped)?")
# a Maven or Gradle build that ran tests: surefire's counts, Gradle's test task or its count of failures
_BUILD_TESTED = re.compile(r"Tests run: \d+|^> Task \S*:\w*[Tt]est\b|\d+ tests? completed", re.M)
_UNITTEST_COUNTS = re.compile(r"(failures|errors|skipped)=(\d+)")


@dataclass
class _Mark:
    """One summary line: where it ends, its runner, and for a runner that prints one a crate or a package, what
    it is of (the package, the project, the crate's tests or label)."""

    start: int
    end: int
    family: str
    match: re.Match[str]
    keys: frozenset[str] = frozenset()


@dataclass
class TestRun:
    """One run of the tests in a command's output: its runner, its outcome ("1 failed, 2 passed") and its
    summary line as printed (the line a post can show)."""

    family: str
    outcome: str
    line: str


def test_runs(output: str) -> list[TestRun]:
    """The test runs the output shows, in order (one for a run whose runner prints several summary lines)."""
    text = _ANSI.sub("", output) if "\x1b" in output else output
    marks: list[_Mark] = []
    for mark in sorted(_marks(text), key=lambda m: m.start):
        if not marks or mark.start >= marks[-1].end:  # (a line two runners' shapes match is one summary)
            marks.append(mark)
    groups: list[list[_Mark]] = []
    seen: set[str] = set()
    for mark in marks:
        last = groups[-1] if groups else None
        joins = (
            last is not None
            and mark.family in ("cargo", "go", "dotnet")
            and last[-1].family == mark.family
            and not (mark.keys & seen)
        )
        if joins and last is not None:
            last.append(mark)
            seen |= mark.keys
        else:
            groups.append([mark])
            seen = set(mark.keys)
    groups = _cargo_by_labels(text, groups)
    runs = []
    start = 0
    for group in groups:
        segment = text[start : group[-1].end]
        start = group[-1].end
        if len(groups) > 1 and group[0].family in ("maven", "gradle") and not _BUILD_TESTED.search(segment):
            continue  # `mvn compile && mvn test`: a build that ran no tests is no run of them
        runs.append(TestRun(group[0].family, _outcome(group, segment), group[-1].match.group(0).strip()))
    return runs


def _marks(text: str) -> list[_Mark]:
    marks = [
        _Mark(m.start(), m.end(), family, m) for family, pattern in _UNKEYED.items() for m in pattern.finditer(text)
    ]
    previous = 0
    for m in _CARGO.finditer(text):
        block = text[previous : m.start()]
        names = {f"test:{n}" for n in _CARGO_TEST.findall(block)}
        names |= {f"label:{n}" for n in _labels(block)}
        marks.append(_Mark(m.start(), m.end(), "cargo", m, frozenset(names)))
        previous = m.end()
    marks += [_Mark(m.start(), m.end(), "go", m, frozenset({m.group(2)})) for m in _GO.finditer(text)]
    marks += [_Mark(m.start(), m.end(), "dotnet", m, frozenset({m.group(4)})) for m in _DOTNET.finditer(text)]
    return marks


def _cargo_by_labels(text: str, groups: list[list[_Mark]]) -> list[list[_Mark]]:
    """cargo's crates shared out between its runs by its labels (`Running unittests src/lib.rs`), when it printed
    them: no label told twice is one run, whatever test names two crates share (`tests::it_works`); a label told k
    times is k runs, the crates shared out evenly when their test names did not already make k runs. cargo writes
    its labels to stderr, which comes after stdout: they say how many runs there were, not which crate was whose."""
    if not groups or any(g[0].family != "cargo" for g in groups):
        return groups
    labels = Counter(_labels(text))
    if not labels:
        return groups
    runs = max(labels.values())
    crates = [mark for group in groups for mark in group]
    if runs == 1:
        return [crates]
    if len(groups) == runs or len(crates) % runs:
        return groups
    size = len(crates) // runs
    return [crates[i : i + size] for i in range(0, len(crates), size)]


def _labels(text: str) -> list[str]:
    return [
        f"doc {m.group(3)}" if m.group(3) else f"{m.group(1) or ''} {m.group(2)}" for m in _CARGO_LABEL.finditer(text)
    ]


def _outcome(group: list[_Mark], segment: str) -> str:
    family, match = group[0].family, group[-1].match
    if family == "cargo":
        passed = sum(int(m.match.group(1)) for m in group)
        failed = sum(int(m.match.group(2)) for m in group)
        return tally(failed=failed, passed=passed)
    if family == "go":
        return "failed" if _GO_FAILED.search(segment) else "passed"
    if family == "dotnet":
        return tally(
            failed=sum(int(m.match.group(1)) for m in group),
            passed=sum(int(m.match.group(2)) for m in group),
            skipped=sum(int(m.match.group(3)) for m in group),
        )
    if family == "minitest":
        runs, failures, errors, skips = (int(g) for g in match.groups())
        return tally(failed=failures, errors=errors, passed=runs - failures - errors - skips, skipped=skips)
    if family == "rspec":
        examples, failures, pending = int(match.group(1)), int(match.group(2)), int(match.group(3) or 0)
        return tally(failed=failures, passed=examples - failures - pending, pending=pending)
    if family == "phpunit":
        if match.group(1):
            return tally(passed=int(match.group(1)))
        line = match.group(0)
        tests = int(match.group(2))
        said = {k.lower(): int(v) for k, v in re.findall(r"(Failures|Errors|Skipped|Incomplete): (\d+)", line)}
        failed, errors = said.get("failures", 0), said.get("errors", 0)
        skipped = said.get("skipped", 0) + said.get("incomplete", 0)
        return tally(failed=failed, errors=errors, passed=tests - failed - errors - skipped, skipped=skipped)
    if family == "mocha":
        passing, pending, failing = (int(g or 0) for g in match.groups())
        return tally(failed=failing, passed=passing, pending=pending)
    if family == "unittest":
        flags = {k: int(v) for k, v in _UNITTEST_COUNTS.findall(match.group(2))}
        failed, errors, skipped = flags.get("failures", 0), flags.get("errors", 0), flags.get("skipped", 0)
        return tally(
            failed=failed, errors=errors, passed=int(match.group(1)) - failed - errors - skipped, skipped=skipped
        )
    if family == "maven":
        # each module's total (its "Tests run:" line with no class's time after it), summed over the modules
        lines = [ln for ln in segment.splitlines() if _MAVEN_COUNTS.search(ln)]
        totals = [ln for ln in lines if "Time elapsed" not in ln] or lines
        if totals:
            tests, failures, errors, skips = (
                sum(int(m.group(i)) for ln in totals if (m := _MAVEN_COUNTS.search(ln))) for i in (1, 2, 3, 4)
            )
            return tally(failed=failures, errors=errors, passed=tests - failures - errors - skips, skipped=skips)
        return "passed" if match.group(1) == "SUCCESS" else "failed"
    if family == "gradle":
        gradle = _GRADLE_COUNTS.findall(segment)
        if gradle:
            tests, failures, skips = (int(g or 0) for g in gradle[-1])
            return tally(failed=failures, passed=tests - failures - skips, skipped=skips)
        return "passed" if match.group(1) == "SUCCESSFUL" else "failed"
    # pytest, jest, Pest, vitest: the summary line counts its tests
    line = match.group(0)
    counts = dict.fromkeys(("failed", "errors", "passed", "skipped", "xfailed", "xpassed", "pending", "todo"), 0)
    for number, word in re.findall(r"(\d+) (failed|errors?|passed|skipped|xfailed|xpassed|pending|todo)\b", line):
        counts["errors" if word.startswith("error") else word] += int(number)
    if not any(counts.values()):
        return "no tests ran" if "no tests ran" in line else "passed"
    return tally(**counts)


def tally(**counts: int) -> str:
    """`1 failed, 2 passed` from counts, in the order the outcomes have always been told (failures first)."""
    order = ("failed", "errors", "passed", "skipped", "xfailed", "xpassed", "pending", "todo")
    parts = []
    for key in order:
        n = counts.get(key, 0)
        if n or (key == "passed" and not any(counts.get(k, 0) for k in ("failed", "errors"))):
            parts.append(f"{n} {'error' if key == 'errors' and n == 1 else key}")
    return ", ".join(parts)


def runs_outcome(runs: list[TestRun]) -> str:
    """The outcome of several runs: each in order ("2 passed, then 1 failed"), or counted by run (four or more)."""
    if len(runs) < COUNTED_FROM:
        return THEN.join(run.outcome for run in runs)
    failed = sum(1 for run in runs if run_failed(run.outcome))
    parts = [f"{len(runs) - failed} passed"] if len(runs) > failed else []
    parts += [f"{failed} failed"] if failed else []
    return f"{len(runs)} runs: {', '.join(parts)}"


# -- reading an outcome back -------------------------------------------------------------------------------------


def told_runs(outcome: str | None) -> list[str]:
    """Each run's outcome, in order, of a call's outcome ("2 passed, then 1 failed" -> "2 passed", "1 failed"); a
    loop counted by run gives "passed" and "failed" as often as it counts them. One item for one run."""
    if not outcome:
        return []
    counted = _COUNTED.match(outcome)
    if counted:
        out: list[str] = []
        for number, word in re.findall(r"(\d+) (passed|failed)", counted.group(2)):
            out += [word] * int(number)
        return out
    return outcome.split(THEN)


def times_run(outcome: str | None) -> int:
    """How many runs of the tests a call's outcome tells (1 for an ordinary run)."""
    counted = _COUNTED.match(outcome or "")
    return int(counted.group(1)) if counted else len(told_runs(outcome))


def run_failed(run: str) -> bool:
    """Whether one run's outcome says it failed (a count of failures or errors, or "failed")."""
    return bool(_RUN_FAILED.search(run))


def a_run_passed(outcome: str | None) -> bool:
    """Whether any run a call's outcome tells passed: "passed" with no failure in that run."""
    return any("passed" in run and "failed" not in run for run in told_runs(outcome))


def passing_line(output: str | None) -> str | None:
    """The summary line of the last passing run a command's output (or its kept excerpt) shows, or None."""
    passing = [run for run in test_runs(output or "") if "passed" in run.outcome and not run_failed(run.outcome)]
    return passing[-1].line if passing else None
