"""Results the draft asserts ("the tests passed", "pushed, and the deploy went through", "recording worked
first time") checked against what the cited events show: the exit status and test counts of the runs of
that kind (a failed call, "2 failed"), a subagent's error, and the author's own reports ("still doesn't
work"). A result nothing in the session shows is reported as unshown, never as false."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from retell.check.attribution import AUTHOR, CLAUDE, SUBAGENT
from retell.check.claims import Claim
from retell.check.scope import Scope
from retell.check.sources import TOOL, Source, Sources, is_refusal_reason
from retell.check.verdict import CONTRADICTED, HIGH, LOW, TRACED, UNCHECKED, UNTRACED, Finding, found
from retell.extract.testlines import listed_tests
from retell.extract.testruns import a_run_passed, times_run, told_runs
from retell.extract.tools import INTERRUPTED, SHELL_TOOLS, is_test_command, run_lines, test_outcome

MYSELF = "myself"  # an outcome's noun: what the author ran themselves ("I ran the tests myself: five failed")
OWN_RUN = "own run"  # a claim's family: "I ran the tests myself", the act with no result told


def _segments(command: str) -> list[str]:
    """The simple commands of a command line (`cd x && git push` -> `cd x`, `git push`), each without the
    path of its program (`.venv/bin/pytest` -> `pytest`)."""
    out = []
    for part in re.split(r"&&|\|\||;|\||\n", command):
        words = part.strip().split()
        while words:
            words[0] = words[0].lstrip("'\"")  # a command quoted for another shell: `ssh box 'sudo install …'`
            if "=" in words[0] or words[0] in ("sudo", "env", "time", "npx", "uvx", "exec", ""):
                words = words[1:]
            elif words[0] == "ssh":
                words = _past_ssh(words)
            elif len(words) > 1 and words[0] in ("sh", "bash", "zsh") and words[1] == "-c":
                words = words[2:]  # `bash -c 'make install'`
            else:
                break
        if words:
            out.append(" ".join([words[0].rsplit("/", 1)[-1], *words[1:]]))
    return out


def _past_ssh(words: list[str]) -> list[str]:
    """The remote command of `ssh [options] host command…` (fresh23's plotwait: `scp … && ssh plots-prod 'sudo
    install -m 644 …'` installed the unit on the server); nothing when ssh only logs in."""
    rest = words[1:]
    while rest and rest[0].startswith("-"):
        takes_value = re.fullmatch(r"-[bcDEeFIiJLlmOopQRSWw]", rest[0]) is not None
        rest = rest[2:] if takes_value else rest[1:]
    return rest[1:]  # past the host


def _runs(pattern: str) -> Callable[[str], bool]:
    compiled = re.compile(pattern)
    return lambda command: any(compiled.match(segment) for segment in _segments(command))


_COMMANDS: dict[str, Callable[[str], bool]] = {
    "tests": lambda c: is_test_command(c),
    "build": _runs(
        r"(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|lint|typecheck|type-check|check)\b|tsc\b|webpack\b|make\b"
        r"|vite\s+build\b|next\s+build\b|cargo\s+(?:build|check|clippy)\b|go\s+build\b|eslint\b|ruff\b|mypy\b"
        # a build system's or a compiler's own run (round thirty-three, fresh22's stepview: `cmake --build
        # build-asan` failing with exit 2 is the "first ASan build" that failed)
        r"|cmake\s+--build\b|ninja\b|meson\s+compile\b|xcodebuild\b|msbuild\b|mvn\s+(?:\S+\s+)*?(?:compile|package"
        r"|install|verify)\b|(?:gcc|g\+\+|clang|clang\+\+|rustc|javac|zig\s+cc)\s"
        # any other tool's own build, as its first or second word: `dbt build`, `docker build`, `docker compose
        # build`, `dotnet build`, `swift build`, `bazel build`, `./gradlew build` (not a folder named build: `rm -rf
        # build`, `cd build`, `git add build`)
        r"|(?!(?:rm|rmdir|cd|ls|mkdir|cp|mv|cat|git|find|du|tar|zip|touch|chmod|chown|ln|echo|grep|rg|tree|open|code|"
        r"vim?|nano|stat|head|tail|less|file|wc|diff)\b)[\w.-]+\s+(?:[a-z][\w-]*\s+)?build(?![\w.-]))"
    ),
    "deploy": _runs(
        r"(?:vercel\b|netlify\s+deploy\b|wrangler\s+(?:deploy|publish)\b|fly\s+deploy\b|firebase\s+deploy\b"
        r"|gh-pages\b|kubectl\s+apply\b|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?deploy\b)"
    ),
    "push": _runs(r"git\s+(?:-C\s+\S+\s+)?push\b"),
    "merge": _runs(r"(?:git\s+(?:-C\s+\S+\s+)?merge\b|gh\s+pr\s+merge\b)"),
    "commit": _runs(r"git\s+(?:-C\s+\S+\s+)?commit\b"),
    # a package manager's, and an install by other means: coreutils' `install -m 755 a /usr/local/sbin/a`, `make
    # install`, `go install`, `gem install`, `pipx install`, the system's package managers
    "install": _runs(
        r"(?:(?:npm|pnpm|yarn|pip3?|pipx|uv|bun|cargo|brew|apt(?:-get)?|go|gem|make|composer|poetry)\s+(?:install|add|i|sync)\b"
        r"|install\b|(?:dnf|yum|zypper|apk)\s+(?:install|add)\b|pacman\s+-S)"
    ),
    "fetch": _runs(r"(?:curl|wget|http|xh)\b"),
    # what the session can show of a CI service's run: its own client watching or listing it
    "ci": _runs(r"(?:gh\s+(?:run|pr\s+checks|workflow)|glab\s+ci|circleci|travis)\b"),
    "run": lambda c: True,  # "the command failed": any run near it
    "process": lambda c: True,  # "the export went through": a run that names it (see _by_runs)
}
# A family some of whose runs are a tool's own calls, not a shell command: a fetch is WebFetch's.
_TOOLS = {
    "fetch": frozenset({"WebFetch", "WebSearch"}),
    "run": frozenset(),  # "1 of those 5 tool calls failed": any tool's call (see _ANY_TOOL)
}
_ANY_TOOL = frozenset({"run"})  # families whose runs are every call, whatever its tool (a rejected MultiEdit too)
_WORD = {
    "tests": "test run",
    "build": "build",
    "deploy": "deploy",
    "push": "push",
    "merge": "merge",
    "commit": "commit",
    "install": "install",
    "fetch": "fetch",
    "ci": "CI run",
    "run": "command",
    "process": "run",
}
_BAD_REPORT = re.compile(
    r"\b(?:doesn'?t|does not|didn'?t|did not|isn'?t|is not|still not|not)\s+(?:work|load|pass|build|run|show|redirect)"
    r"|\bstill\s+(?:doesn|broken|fail|the same)|\bnot working\b|\bbroken\b|\bfail(?:s|ed|ing|ure)?\b|\berrors?\b"
    r"|\b40[034]\b|\b50[0-4]\b|\bblocked\b|\bcan'?t\b|\bcannot\b|\bannoying\b|\bnothing happens\b|\bcrash"
    r"|動かない|失敗|エラー|不行|失败",
    re.I,
)
_FAILED_STATUS = re.compile(
    r'"status"\s*:\s*[45]\d\d\b|\bHTTP/[\d.]+"?\s+[45]\d\d\b|\bstatus(?: code)?:? [45]\d\d\b', re.I
)
_GOOD_REPORT = re.compile(
    r"\b(?:works|worked|working now|it loads|loaded fine|passes|passed|perfect|great|nice|looks good|fixed|"
    r"that did it|does the job|did the job|success|all good|lgtm)\b|動いた|できた|成功|可以了",
    re.I,
)


def _calls(
    index: Sources, ids: set[str] | None, tools: frozenset[str] = frozenset(), *, any_tool: bool = False
) -> list[tuple[str, Any]]:
    events = (
        index.event_calls.items() if ids is None else ((i, index.event_calls.get(i, [])) for i in index.in_order(ids))
    )
    return [
        (event_id, call)
        for event_id, calls in events
        for call in calls
        if (call.name in SHELL_TOOLS and call.target) or call.name in tools or any_tool
    ]


# A line of a run's output that says the run failed whatever its tests did: pytest's coverage gate ("FAIL
# Required test coverage of 99% not reached"), a Go or a make failure, a Python traceback, a Gradle or Maven
# build ("BUILD FAILED in 2m 12s": piped through `| tail`, the run's exit status is tail's).
_FAILURE_LINE = re.compile(
    r"^(?:BUILD |TESTS? )?(?:FAIL|FAILED|FAILURE|ERROR)\b.*|^Traceback \(most recent call last\).*|^make: \*\*\*.*"
    # xcodebuild's "** BUILD FAILED **", kept through `| grep | head` that exits 0 (tomatillo, stop 52)
    r"|^\*\* (?:BUILD|TEST|ARCHIVE|ANALYZE|CLEAN) FAILED \*\*",
    re.M,
)


def _failed(call: Any) -> bool:
    outcome = call.outcome or ""
    output = getattr(call, "output", None) or ""
    return (
        (bool(call.error) and call.error != INTERRUPTED)
        or bool(re.search(r"\b[1-9]\d* (?:failed|errors?)\b", outcome))
        or outcome == "failed"
        or bool(_FAILURE_LINE.search(output))
        # a verbose run kept with no summary (its tail, an `!` run): a test it lists as failed failed the run
        or (not outcome and listed_tests(call.target, output).failed > 0)
    )


def failure_line(call: Any) -> str:
    """The line of a run's output that says it failed whatever its exit status ("BUILD FAILED in 2m 12s"), or ""."""
    line = _FAILURE_LINE.search(getattr(call, "output", None) or "")
    return line.group(0) if line else ""


def _failure(call: Any) -> str:
    """What a failed run says of its failure, in one line."""
    output = getattr(call, "output", None) or ""
    listed = listed_tests(call.target, output)
    if not call.error and not call.outcome and listed.failed:
        return f"{listed.failed} of the {listed.total} tests it lists failed"
    line = _FAILURE_LINE.search(output)
    what = call.error or (line.group(0) if line and not re.search(r"\bfailed\b", call.outcome or "") else "")
    return (what or call.outcome or "it failed").splitlines()[0][:80]


def check_outcome(claim: Claim, index: Sources, scope: Scope) -> Finding:
    if not claim.positive and scope.has_citation and _TIMED_OUT.search(claim.text):
        mode = _timed_out(claim, index, scope)
        if mode is not None:
            return mode
    finding = _check(claim, index, scope)
    if claim.soft and finding.status == UNTRACED:
        finding.status, finding.reason = UNCHECKED, "nothing near it says whether it worked"
    return finding


_TIMED_OUT = re.compile(r"timed? ?out|time-out|deadline exceeded|超时|タイムアウト", re.I)


def _timed_out(claim: Claim, index: Sources, scope: Scope) -> Finding | None:
    """ "claudelog.com timed out": how it failed is a claim too. The failed calls near the paragraph must say
    so; one that failed otherwise ("Request failed with status code 403") is reported, never blocking."""
    failed = [(e, c) for e, c in _calls(index, scope.near, any_tool=True) if _failed(c)]
    if not failed:
        return None
    said = next(((e, c) for e, c in failed if _TIMED_OUT.search(c.error or c.outcome or "")), None)
    if said is not None:
        return found(claim, _first(index, said[0]), cited=True)
    event_id, call = failed[-1]
    error = (call.error or call.outcome or "it failed").splitlines()[0][:80]
    return found(
        claim,
        _first(index, event_id),
        f"the call that failed in {event_id} did not time out ({error})",
        CONTRADICTED,
        confidence=LOW,
        advice="say how it failed, as the session shows",
    )


def _check(claim: Claim, index: Sources, scope: Scope) -> Finding:
    family = claim.family
    where = scope.near if scope.has_citation else None
    if family == OWN_RUN:
        return _own_run(claim, index, where)
    if family in _COMMANDS:
        verdict = _by_runs(claim, index, where)
        if verdict is not None:
            return verdict
        # A command line the session keeps cut short ("git add -A && git commit -m "Fix…" …") may hold the run
        # the sentence tells ("committed and pushed"): it cannot be told either way.
        cut = [
            e
            for e, c in _calls(index, where)
            if (c.target or "").rstrip().endswith("…") and _announced(index, e, family)
        ]
        if cut and family not in ("run", "process"):
            return found(
                claim,
                _first(index, cut[-1]),
                f"the command in {cut[-1]} is cut short in the session; it may hold the {_WORD[family]}",
                UNCHECKED,
            )
        if scope.has_citation:
            elsewhere = _by_runs(claim, index, None)
            if elsewhere is not None and elsewhere.status == TRACED:
                return found(
                    claim,
                    _first(index, elsewhere.event),
                    f"the {_WORD[family]} is not in the cited events",
                    UNTRACED,
                    advice=f"cite {elsewhere.event}, where it is, or say what the cited events show",
                )
        if family == "process":
            return found(claim, None, f"no run of the {claim.noun or 'job'} in the cited events", UNCHECKED)
        if family in ("build", "tests") and _by_runs(claim, index, None) is None:
            # Never run in the session: a build on the host or in CI that your own message near it reports
            # ("The Vercel build log I pasted").
            reported = _by_reports(claim, index, where)
            if reported.status in (TRACED, CONTRADICTED):
                return reported
        if family != "deploy":
            return found(
                claim,
                None,
                f"no {_WORD[family]} in the session shows this",
                UNTRACED,
                advice="say what the session shows, or mark it <!-- ok --> if it happened outside it",
            )
    if family == "reply":
        return _replied(claim, index, where)
    if family == "subagent" and claim.retry:
        return _retried(claim, index)
    if family == "subagent":
        return _by_subagents(claim, index, where)
    if family == "app" and claim.noun == MYSELF:
        # "I ran the tests myself: five failed": the author's own `!` run near it shows what it printed
        own = {e for e in (where if where is not None else index.event_kinds) if index.event_kinds.get(e) == "command"}
        verdict = _by_runs(replace(claim, family="run"), index, own) if own else None
        if verdict is not None and verdict.status == TRACED:
            return verdict
    return _by_reports(claim, index, where)


# A test run of part of the suite: one file, one test (`::`), a keyword or marker selection, the last failures.
_PART_OF_SUITE = re.compile(r"::|\s-k\s|\s-m\s|--lf\b|--last-failed\b|\s\S*test\S*\.(?:py|[jt]sx?)\b")


def _keeps_results(index: Sources) -> bool:
    """Whether this session keeps what its shell commands printed (an older events.json kept no output, so a
    run without one says nothing there)."""
    shell = [c for calls in index.event_calls.values() for c in calls if c.name in SHELL_TOOLS and c.target]
    kept = sum(1 for c in shell if c.outcome or getattr(c, "output", None) or c.error)
    return len(shell) >= 4 and kept >= 0.8 * len(shell)


def _truncated(call: Any) -> bool:
    """Whether the session keeps only part of what a run printed: piped to head or tail, or cut by the parse."""
    output = getattr(call, "output", None) or ""
    return bool(re.search(r"\|\s*(?:head|tail)\b", call.target or "") or re.search(r"… \(\d+ more lines?\)", output))


def _cut_short(index: Sources, event_id: str, call: Any, keeps: bool) -> str:
    """Why a shell run shows no result, in a session that keeps results: none came back (the run was cut short,
    or the session ended first). "" when it shows one, or when the session keeps no output at all."""
    if not keeps or call.name not in SHELL_TOOLS or call.outcome or getattr(call, "output", None) or call.error:
        return ""  # a Read or an Edit keeps no output of its own
    at = index.order.get(event_id, -1)
    last = not any(o > at and "." not in e for e, o in index.order.items())
    return f"no result of the run in {event_id} is in the session" + (" (it ends there)" if last else "")


def _announced(index: Sources, event_id: str, family: str) -> bool:
    """Whether Claude's words right before a run name what the sentence tells of it ("Let me commit and push
    these changes", then a command cut short): "Let me stage and commit" announces no push."""
    at = index.order.get(event_id, -1)
    before = [s for s in index.sources if s.speaker == CLAUDE and s.order < at and "." not in s.id]
    if not before:
        return False
    last = max(s.order for s in before)
    stem = {"tests": "test", "build": "build", "install": "install", "deploy": "deploy"}.get(family, family)
    return any(re.search(rf"\b{stem}", s.text, re.I) for s in before if s.order == last)


def _by_runs(claim: Claim, index: Sources, ids: set[str] | None) -> Finding | None:
    tools = _TOOLS.get(claim.family, frozenset())
    any_tool = claim.family in _ANY_TOOL
    matching = [
        (e, c)
        for e, c in _calls(index, ids, tools, any_tool=any_tool)
        if any_tool or c.name in tools or _COMMANDS[claim.family](run_lines(c))
    ]
    if claim.family == "process":
        matching = [(e, c) for e, c in matching if claim.noun and claim.noun in (c.target or "").lower()]
    if not matching:
        return None
    cited = ids is not None
    if claim.positive:
        # A result cut short is no result: a run whose output never came back, and, for "the whole suite
        # passed", a run of part of it.
        keeps = _keeps_results(index)
        short = [(e, c, _cut_short(index, e, c, keeps)) for e, c in matching]
        shown = [(e, c) for e, c, why in short if not why]
        if not shown:
            event_id, _, why = short[-1]
            return found(
                claim,
                _first(index, event_id),
                why,
                UNTRACED,
                cited=cited,
                advice="say the run was cut short, or mark it <!-- ok --> if you saw its result",
            )
        if claim.whole and claim.family != "tests":
            # "without a single warning": a run whose output the session keeps only part of (`| head -20`,
            # "… (14 more lines)") cannot show that nothing went wrong.
            complete = [(e, c) for e, c in shown if not _truncated(c)]
            if not complete:
                event_id, call = shown[-1]
                return found(
                    claim,
                    _first(index, event_id),
                    f"the session keeps only part of what the run in {event_id} printed",
                    UNTRACED,
                    cited=cited,
                    advice="say what the part shown says, or mark it <!-- ok --> if you saw the rest",
                )
            shown = complete
        if claim.family == "tests" and claim.whole:
            full = [(e, c) for e, c in shown if not _PART_OF_SUITE.search(" " + (c.target or ""))]
            if not full:
                event_id, call = shown[-1]
                return found(
                    claim,
                    _first(index, event_id),
                    f"only part of the suite ran in {event_id} (`{(call.target or '')[:60]}`)",
                    CONTRADICTED,
                    cited=cited,
                    confidence=LOW,
                    advice="say which tests ran, or cite the run of the whole suite",
                )
            shown = full
        matching = shown + [(e, c) for e, c in matching if _failed(c) and (e, c) not in shown]
    # a call that ran the tests twice (with the fix, then without it) backs "passed" by its green run and "failed"
    # by its red one
    good = [
        (e, c)
        for e, c in matching
        if not _failed(c) or (claim.positive and (_passed_in_part(c, claim.part) or _a_run_of_several_passed(c)))
    ]
    bad = [(e, c) for e, c in matching if _failed(c)]
    if (claim.positive and good) or (not claim.positive and bad):
        event_id = (good if claim.positive else bad)[-1][0]
        return found(claim, _first(index, event_id), cited=cited)
    event_id, call = (bad if claim.positive else good)[-1]
    reason = (
        f"the {_WORD[claim.family]} in {event_id} failed ({_failure(call)})"
        if claim.positive
        else f"the {_WORD[claim.family]} in {event_id} went through"
    )
    return found(
        claim,
        _first(index, event_id),
        reason,
        CONTRADICTED,
        cited=cited,
        confidence=HIGH,
        advice="say what the run shows",
    )


# A run told as what had come before ("the test that had failed when I ran it myself", 我自己跑时失败的, 自分で
# 走らせたときに落ちた…, 직접 돌렸을 때): a clause of time or a relative one, not the step the paragraph tells
_TOLD_AS_EARLIER = re.compile(
    r"\b(?:had|earlier|before|previously|antes|anteriormente|avant|auparavant|plus tôt|vorher|zuvor|davor|früher)\b"
    r"|时[^，。]{0,12}的|時[^，。]{0,12}的|とき|時に|た時|때",
    re.I,
)


def _own_run(claim: Claim, index: Sources, ids: set[str] | None) -> Finding:
    """ "I ran the tests myself": the act, told with no result. An `!` command of the author's, or a message of
    theirs, near the paragraph shows it; what the run printed is another claim's."""
    pool = index.of(ids) if ids is not None else index.sources
    runs = [s for s in pool if s.speaker == AUTHOR and index.event_kinds.get(s.id) == "command" and s.text[:1] == "!"]
    said = [s for s in pool if s.speaker == AUTHOR and index.event_kinds.get(s.id) == "human"]
    if runs or said:
        return found(claim, (runs or said)[-1], cited=ids is not None)
    first = min((index.clock[i] for i in ids or () if i in index.clock), default=None)
    earlier = [s for s in index.sources if s.speaker == AUTHOR and index.event_kinds.get(s.id) == "command"]
    earlier = [s for s in earlier if s.text[:1] == "!" and first is not None and index.clock.get(s.id, first) < first]
    if earlier and _TOLD_AS_EARLIER.search(claim.text):
        # "the test that had failed when I ran it myself": my own run told as what came before the cited events
        return found(claim, earlier[-1], cited=False)
    where = "the cited events" if ids is not None else "the session"
    return found(
        claim,
        None,
        f"no run or message of yours in {where} shows it",
        UNTRACED,
        advice="cite your own run (an `!` command) or the message where you said so, or mark it <!-- ok -->",
    )


def _outcome_of(call: Any) -> str | None:
    """A run's test counts ("1 failed, 5 passed"): as parse read them, or, for tests run on a line after a heredoc
    (`cat >> t.rs <<'EOF' … EOF` then `cargo test`), which parse reads as the `cat`, from what the call printed."""
    if call.outcome or not getattr(call, "output", None) or call.target == run_lines(call):
        return call.outcome
    return test_outcome(call.output, bool(call.error)) if is_test_command(run_lines(call)) else None


def _a_run_of_several_passed(call: Any) -> bool:
    """Whether a call that ran the tests more than once passed in one of its runs ("2 passed, then 1 failed")."""
    return times_run(call.outcome) > 1 and a_run_passed(call.outcome)


def _passed_in_part(call: Any, part: int | None) -> bool:
    """Whether a run bears out that some of its tests passed ("the other three passed", "the rest passed"): its
    summary or the lines it lists per test count at least that many passed."""
    if part is None:
        return False
    # of several runs, the one that passed most ("20 runs: 19 passed" counts runs, not tests: no count)
    outcome = _outcome_of(call)
    counts = [int(m.group(1)) for run in told_runs(outcome) if (m := re.search(r"\b(\d+) passed\b", run))]
    passed = max(counts) if counts else listed_tests(call.target, getattr(call, "output", None)).passed
    return passed > 0 and passed >= part


def _by_subagents(claim: Claim, index: Sources, ids: set[str] | None) -> Finding:
    agents = [i for i, kind in index.event_kinds.items() if kind == "subagent" and (ids is None or i in ids)]
    if not agents:
        return found(claim, None, "no subagent in the cited events", UNTRACED, advice="cite the subagent's event")
    good = [i for i in agents if i not in index.subagent_errors]
    bad = [i for i in agents if i in index.subagent_errors]
    if (claim.positive and good) or (not claim.positive and bad):
        return found(claim, _first(index, (good if claim.positive else bad)[-1]), cited=ids is not None)
    event_id = (bad if claim.positive else good)[-1]
    reason = f"the subagent of {event_id} " + ("failed" if claim.positive else "finished")
    return found(claim, _first(index, event_id), reason, CONTRADICTED, confidence=LOW, advice="say what it shows")


def _replied(claim: Claim, index: Sources, ids: set[str] | None) -> Finding:
    """Teammates who "replied" or "acknowledged": a subagent's own words after the message sent to them
    (SendMessage), near the paragraph. Agents that had finished never answer a message."""
    pool = ids if ids is not None else set(index.event_kinds)
    sent = [index.order.get(e, 0) for e in pool for c in index.event_calls.get(e, []) if c.name == "SendMessage"]
    after = min(sent, default=-1)
    answers = [
        s
        for e in index.in_order(pool)
        if "." not in e and index.order.get(e, 0) > after
        for s in index.by_event.get(e, [])
        if s.speaker == SUBAGENT
    ]
    if answers:
        return found(claim, answers[0], cited=ids is not None)
    return found(
        claim,
        None,
        "no subagent answered in the cited events" + (" (after the message sent to them)" if sent else ""),
        UNTRACED,
        advice="say what the session shows (cite where they answered), or mark it <!-- ok --> if you know better",
    )


def _retried(claim: Claim, index: Sources) -> Finding:
    """A subagent run again: the session must have two runs of the same task (its description or brief)."""
    briefs: dict[str, list[str]] = {}
    for event_id, kind in index.event_kinds.items():
        if kind == "subagent":
            first = next((s.text for s in index.by_event.get(event_id, []) if s.retells), "")
            briefs.setdefault(" ".join(first.lower().split()), []).append(event_id)
    again = [ids for brief, ids in briefs.items() if brief and len(ids) > 1]
    if again:
        return found(claim, _first(index, again[0][-1]))
    return found(
        claim,
        None,
        "no subagent in the session was run a second time on the same task",
        UNTRACED,
        advice="say what happened to the first run, and cite the subagents that did run",
    )


# A result told as how Claude read it: "Claude read the run as the fix working", "by Claude's reading it passed"
_CLAUDES_READING = re.compile(
    r"\bClaude\s+(?:read|took)\s+(?:it|this|that|the\s+\w+)\s+(?:as|for)\b|\bby\s+(?:its|Claude's)\s+reading\b"
)


def _by_reports(claim: Claim, index: Sources, ids: set[str] | None) -> Finding:
    """A result outside the session (a page in a browser, a deploy): only the author's messages show it."""
    pool = index.of(ids) if ids is not None else index.sources
    reasons = _rejection_reasons(index, {s.id for s in pool})
    # "Claude read the run as the staging fix working": Claude's reading, which Claude's own words report
    readers = {AUTHOR, CLAUDE} if _CLAUDES_READING.search(claim.text) else {AUTHOR}
    reports = [s for s in pool if s.speaker in readers or (s.speaker == TOOL and s.text in reasons)]
    # A report may say both ("this does the job, but we end up with two failed requests"): it is no denial.
    good = [s for s in reports if _GOOD_REPORT.search(_report_words(s.text))]
    bad = [
        s
        for s in reports
        if _BAD_REPORT.search(_report_words(s.text)) and not _GOOD_REPORT.search(_report_words(s.text))
    ]
    if not claim.positive and not bad:
        # A log the author pasted shows failed requests by their status ("two requests failed" in a HAR whose
        # entries include two 404s), wherever in the paste they are.
        bad = [s for s in reports if s.speaker == AUTHOR and _FAILED_STATUS.search(s.text)]
    if (claim.positive and good) or (not claim.positive and bad):
        return found(claim, (good if claim.positive else bad)[-1], cited=ids is not None)
    if claim.positive and bad:
        return found(
            claim,
            bad[-1],
            "your message in the cited events says it did not work",
            CONTRADICTED,
            advice="say what you saw, or mark it <!-- ok --> if you checked it later",
        )
    where = "the cited events" if ids is not None else "the session"
    if claim.soft:
        return found(claim, None, f"nothing in {where} says whether it worked", UNCHECKED)
    return found(
        claim,
        None,
        f"nothing in {where} shows it (no message of yours reports it, no run checks it)",
        UNTRACED,
        advice="say what the session shows, or mark it <!-- ok --> if you saw it yourself",
    )


def _report_words(text: str) -> str:
    """Where a message reports how things went: its opening, and its end, where the words typed under a long paste
    are ("…UnicodeDecodeError…\n\nthis worked fine in january. same card reader"); not the middle of the paste."""
    return text if len(text) <= 800 else f"{text[:400]}\n{text[-400:]}"


def _rejection_reasons(index: Sources, ids: set[str]) -> set[str]:
    return {
        call.error
        for event_id in ids
        for call in index.event_calls.get(event_id, [])
        if call.error and is_refusal_reason(call.error)
    }


def _first(index: Sources, event_id: str | None) -> Source | None:
    items = index.by_event.get(event_id or "")
    return items[0] if items else None
