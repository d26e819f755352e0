"""Notes on what a run's output and its place among the runs can and cannot tell (round 53).

Three posts told what the material never showed: tests, lint and a commit sent in one run told as "lint passed,
then Claude committed" (the commit did not wait for the result); a test that failed in one run told as "kept
failing"; a query's `sum(amount_cents)/100.0 amt` per `refund_id` told as the refunds' amounts. Each note here puts
the missing fact beside the run: which calls of a run went together, how many runs failed before one passed, and
what a query's summed columns are.
"""

from __future__ import annotations

import re

from retell.events import COMMAND, TOOL_RUN, Event, ToolCall
from retell.extract.tools import SHELL_TOOLS, is_test_command, shorten
from retell.report import plural

COMMAND_CHARS = 60

# An act a later call of a run commits to, which a reader takes as done on the earlier calls' results
_ACT = re.compile(
    r"\bgit\s+(?:-\S+\s+)*(?:commit|push|merge|tag|rebase)\b|\bgh\s+(?:pr\s+(?:create|merge)|release\s+create)\b|"
    r"\b(?:deploy|publish)\b|\bkubectl\s+apply\b|\bterraform\s+apply\b|\bnpm\s+publish\b"
)
# A run whose output is a check's verdict: tests, lint, a type check, a build
_CHECK = re.compile(
    r"\b(?:dbt\s+(?:build|test)|lint|eslint|ruff|flake8|mypy|tsc|clippy|cargo\s+(?:build|check)|go\s+(?:build|vet)|"
    r"make|gradle\w*|mvn|npm\s+run\s+build|pnpm\s+(?:run\s+)?build|yarn\s+build)\b"
)
# dbt's build and test run the project's data tests (a test run the shared detector does not name)
_DBT_CHECK = re.compile(r"(?:^|&&|;|\|\||\|)\s*dbt\s+(?:build|test)\b")
_GIT = re.compile(r"\s*git\s")
STREAK_SHOWN = 4  # failing runs in a row named one by one
_FAILED = re.compile(r"\b[1-9]\d* (?:failed|errors?)\b|\bFAIL(?:ED)?\b")
# A package manager's install: its progress lines ("Progress: resolved 312", "Done in 1.8s") are no result
_INSTALL = re.compile(
    r"\b(?:(?:pnpm|npm|yarn|bun)\s+(?:add|install|i|ci)|pip3?\s+install|uv\s+(?:add|sync|pip\s+install)|"
    r"poetry\s+(?:add|install)|cargo\s+add|go\s+get|bundle\s+(?:add|install)|gem\s+install|composer\s+(?:require|install)|"
    r"brew\s+install|apt(?:-get)?\s+install)\b"
)


def is_install(command: str | None) -> bool:
    """A command that only installs packages (not one that also runs the tests): its output is progress."""
    return bool(command) and _INSTALL.search(command or "") is not None and not is_test_command(command)


def _shell(event: Event) -> list[ToolCall]:
    if event.kind not in (TOOL_RUN, COMMAND):
        return []
    return [c for c in event.calls or () if c.name in SHELL_TOOLS and c.target]


def _named(call: ToolCall) -> str:
    return f"`{shorten(call.target or '', COMMAND_CHARS)}`"


def one_run_notes(events: list[Event]) -> dict[str, list[str]]:
    """Under a run of several commands whose later command commits, pushes or deploys after an earlier one that
    prints a verdict (tests, lint, a build): nothing shows the later one waited for that verdict. A post told
    "lint passed too; Claude then committed" of a commit sent in the same batch as the lint (round 53)."""
    notes: dict[str, list[str]] = {}
    for event in events:
        calls = _shell(event)
        if event.kind != TOOL_RUN or len(calls) < 2:
            continue
        for later, call in enumerate(calls):
            if not later or not _ACT.search(call.target or ""):
                continue
            checks = [c for c in calls[:later] if is_test_command(c.target) or _CHECK.search(c.target or "")]
            if not checks or _ACT.search(checks[0].target or ""):
                continue
            verdicts = " and ".join(_named(c) for c in checks[:2])
            notes[event.id] = [
                f"({plural(len(calls), 'command')} of [{event.id}] are one run, with no word from Claude between "
                f"them: nothing shows that {_named(call)} waited for what {verdicts} printed (the calls of one run "
                "can go out together, before any result is back). Tell them as done together, never as Claude "
                "seeing that output pass and then going on; what Claude says of the results afterwards is its "
                "account)"
            ]
            break
    return notes


def _test_run(call: ToolCall) -> bool:
    """A run of the tests; not a git command that names a test's file (`git add pytest.ini`)."""
    if _GIT.match(call.target or ""):
        return False
    return is_test_command(call.target) or _DBT_CHECK.search(call.target or "") is not None


def _failed(call: ToolCall) -> bool:
    return bool(call.error) or bool(_FAILED.search(call.outcome or ""))


def _told(event_id: str, calls: list[ToolCall]) -> str:
    """`[e21] 1 failed, 9 passed`, `[e19] failed`: a run of the tests as its outcome says."""
    failed = any(_failed(c) for c in calls)
    outcome = next((c.outcome for c in calls if c.outcome and _failed(c) == failed), None)
    return f"[{event_id}] {outcome or ('failed' if failed else 'went through')}"


def failure_count_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Under the first of each stretch of failing test runs, the session's runs of the tests around it, each with
    its outcome: a hook said a test "kept failing" that failed in one build and passed in the next (round 53).
    None without the whole session (a part of it cannot count the runs)."""
    if session is None:
        return {}
    runs: list[tuple[str, bool, str]] = []  # (event id, failed, as told), in order
    for event in session:
        calls = [c for c in _shell(event) if _test_run(c)]
        if calls:
            runs.append((event.id, any(_failed(c) for c in calls), _told(event.id, calls)))
    wanted = {e.id for e in events}
    notes: dict[str, list[str]] = {}
    at = 0
    while at < len(runs):
        if not runs[at][1]:
            at += 1
            continue
        end = at
        while end < len(runs) and runs[end][1]:
            end += 1
        streak = [told for _, _, told in runs[at:end]]
        if len(streak) > STREAK_SHOWN:
            streak = [*streak[:2], f"… ({len(streak) - 3} more failing runs)", streak[-1]]
        shown = ([runs[at - 1][2]] if at else []) + streak + ([runs[end][2]] if end < len(runs) else ["none after"])
        first = next((i for i, _, _ in runs[at:end] if i in wanted), None)
        if first is not None:
            notes[first] = [
                f"(the session's runs of the tests around this one, in order: {'; '.join(shown)}. Tell how often "
                'a test failed as these runs show it, each failure with the test it names ("failed once", never '
                '"kept failing" beyond them; two runs failing on two tests are two failures, not one test failing '
                "again))"
            ]
        at = end
    return notes


_SELECT = re.compile(r"\bselect\b", re.I)
_FROM = re.compile(r"\bfrom\b", re.I)
_GROUP = re.compile(r"\bgroup\s+by\s+([^\"';]+?)(?=\s+(?:having|order|limit|window|qualify)\b|[\"';)]|$)", re.I)
_AGGREGATE = re.compile(r"\b(sum|count|avg|total|mean)\s*\(", re.I)
_ALIASED = re.compile(r"^(?P<expr>.+?)\s+(?:as\s+)?(?P<alias>[A-Za-z_]\w*)$", re.I | re.S)


def _select_items(query: str) -> list[str]:
    """The items of a query's first select list, split at its top-level commas; [] when no `from` ends it."""
    start = _SELECT.search(query)
    if start is None:
        return []
    rest = query[start.end() :]
    items: list[str] = []
    depth, begun = 0, 0
    for index, ch in enumerate(rest):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and ch == ",":
            items.append(rest[begun:index])
            begun = index + 1
        elif depth == 0 and not rest[index - 1 : index].isalnum() and _FROM.match(rest, index):
            items.append(rest[begun:index])
            return [i.strip() for i in items if i.strip()]
    return []


def query_column_notes(call: ToolCall) -> list[str]:
    """Under a grouped query's shown output, what its summed and counted columns are: a row's `amt` of
    `sum(amount_cents)/100.0 … group by 1` was told as one refund's amount (round 53)."""
    if not call.output or call.name not in SHELL_TOOLS or not call.target:
        return []
    group = _GROUP.search(call.target)
    if group is None:
        return []
    header: set[str] = set()
    for line in call.output.splitlines():
        header.update(w for w in re.split(r"[\s|│,]+", line.strip()) if w)
    told = []
    for item in _select_items(call.target):
        match = _ALIASED.match(item)
        if match is None or not _AGGREGATE.search(match.group("expr")):
            continue
        alias, expr = match.group("alias"), " ".join(match.group("expr").split())
        if alias.lower() in ("as", "end") or alias not in header:
            continue
        told.append(f"`{alias}` is `{shorten(expr, COMMAND_CHARS)}`")
    if not told:
        return []
    by = " ".join(group.group(1).split())
    return [
        f"    (in this output, {' and '.join(told)}, each over the rows of its group (`group by {by}`): a figure in "
        "such a column is the group's total or count, never one row's amount)"
    ]
