"""Notes on what a run's output and its place among the runs can and cannot tell (round 53).

Three posts told what the material never showed: tests, lint and a commit sent in one run told as "lint passed,
then Claude committed" (the commit did not wait for the result); a test that failed in one run told as "kept
failing"; a query's `sum(amount_cents)/100.0 amt` per `refund_id` told as the refunds' amounts. Each note here puts
the missing fact beside the run: which calls of a run went together, how many runs failed before one passed, and
what a query's summed columns are.
"""

from __future__ import annotations

import re
from itertools import pairwise

from retell.events import ASSISTANT, COMMAND, HUMAN, TOOL_RUN, Event, ToolCall, walk
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


# What a run printed that says nothing a reader can use: Claude Code's notice that the command went on in the
# background (its output comes later, in another file), a traceback's header with nothing under it, a bare verdict
# word, an exit status; a line that is mostly what retell redacted (`Author: [REDACTED:person-name] <…>`).
_BACKGROUND = re.compile(r"^Command running in background with ID: ", re.M)
_BARE = re.compile(r"^\s*(?:Traceback \(most recent call last\):|failed|error|exit \d+|\.\.\.|…)\s*$", re.I)
_REDACTION = re.compile(r"\[REDACTED(?::[\w.-]+)?\]")


def went_to_background(output: str | None) -> bool:
    """Whether an output is only Claude Code's notice that the command runs on in the background."""
    return bool(output) and _BACKGROUND.search(output or "") is not None


def telling_lines(output: str | None) -> list[str]:
    """The lines of an output that say something: not blank, no bare header or verdict word, not mostly redacted;
    none for a notice that the command went to the background (stop 52 offered such outputs to show)."""
    if not output or went_to_background(output):
        return []
    out = []
    for line in output.splitlines():
        plain = _REDACTION.sub("", line)
        if not line.strip() or _BARE.match(line) or len(plain.strip()) * 2 < len(line.strip()):
            continue
        if _REDACTION.search(line) and len(re.findall(r"[^\W\d_]{2,}", plain)) < 2:
            continue  # `Author: [REDACTED:person-name] <[REDACTED:email]>`: its label alone is left
        out.append(line)
    return out


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
                "can go out together, before any result is back). Tell them as separate commands, never as one "
                "command or one chain, and never as Claude seeing that output pass and then going on; what Claude "
                "says of the results afterwards is its account)"
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


def _segments(command: str) -> list[tuple[str, str]]:
    """A shell line's commands at its top level, each with the operator before it ("" for the first): `&&`, `||`
    or `;` outside quotes. A pipe stays inside its segment (`ctest 2>&1 | tail -2`)."""
    out: list[tuple[str, str]] = []
    quote, start, joined, at = "", 0, "", 0
    while at < len(command):
        ch = command[at]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif command.startswith(("&&", "||"), at) or ch in ";\n":
            out.append((joined, command[start:at]))
            joined = command[at : at + 2] if ch in "&|" else ";"
            at += len(joined)
            start = at
            continue
        at += 1
    out.append((joined, command[start:]))
    return [(op, seg.strip()) for op, seg in out if seg.strip()]


_PIPE = re.compile(r"(?<![|>&])\|(?![|&])")


def _piped_to(segment: str) -> str | None:
    """The last command of a segment's pipeline, whose status `&&` reads; None without a pipe (outside quotes)."""
    # quoted text blanked to its own length, so that the command is quoted as written (`grep -E 'Tests '`, never
    # `grep -E ''`: round 56)
    bare = re.sub(r"'[^']*'|\"[^\"]*\"", lambda m: "_" * len(m.group(0)), segment)
    pipes = [m.end() for m in _PIPE.finditer(bare)]
    return segment[pipes[-1] :].strip() if pipes else None


def ungated_notes(events: list[Event]) -> dict[str, list[str]]:
    """Under a command that runs a check and then commits, pushes or deploys in one line where the act does not wait
    on the check's verdict: the check's output piped on (`ctest … | tail -2 && git commit`: the pipe's status is
    `tail`'s) or a `;` between them. A post told "only then came the commit" of such a line (round 55)."""
    notes: dict[str, list[str]] = {}
    for event in events:
        for call in _shell(event):
            command = call.command or call.target or ""
            if "pipefail" in command:
                continue
            segments = _segments(command)
            act = next((i for i, (_, seg) in enumerate(segments) if _ACT.search(seg)), None)
            checks = [
                i for i, (_, seg) in enumerate(segments[: act or 0]) if is_test_command(seg) or _CHECK.search(seg)
            ]
            if act is None or not checks:
                continue
            check = checks[-1]
            piped = _piped_to(segments[check][1])
            after = [op for op, _ in segments[check + 1 : act + 1]]
            if "||" in after:
                continue  # the act runs only on some failure: no note says when
            if piped is not None:
                why = f"a pipeline's status is its last command's (`{shorten(piped, COMMAND_CHARS)}`)"
            elif ";" in after:
                why = "a `;` runs the next command whatever the one before did"
            else:
                continue
            act_cmd, check_cmd = segments[act][1], segments[check][1]
            notes.setdefault(event.id, []).append(
                f"(in this command, `{shorten(act_cmd, COMMAND_CHARS)}` comes after "
                f"`{shorten(check_cmd, COMMAND_CHARS)}` but did not wait on its result: {why}, so it ran once "
                "the check ended, whatever it printed. Tell it as run in the same command after the check, never "
                "as coming only once the check passed)"
            )
    return notes


# `$?` read by an echo or a test: the status of the command just before
_STATUS_READ = re.compile(r"\$\?|\$\{\?\}")


def piped_status(command: str) -> tuple[str, str] | None:
    """(the check, the pipeline's last command) where a command reads `$?` after piping a check's output on
    (`./gradlew test -q 2>&1 | tail -5; echo "exit=$?"`): the status printed is the last command's. None else."""
    if "pipefail" in command or "PIPESTATUS" in command:
        return None
    for (_, before), (op, segment) in pairwise(_segments(command)):
        piped = _piped_to(before)
        if piped is None or op not in (";", "&&") or not _STATUS_READ.search(segment):
            continue
        first = _PIPE.split(before)[0].strip()
        if is_test_command(first) or _CHECK.search(first):
            return first, piped
    return None


def piped_status_notes(events: list[Event]) -> dict[str, list[str]]:
    """Under a command that prints `$?` after a pipeline: whose status it is. Stop 52: a model in the loop told
    "exit=0" after such a line as the tests' result (fresh24, hagwon)."""
    notes: dict[str, list[str]] = {}
    for event in events:
        for call in _shell(event):
            found = piped_status(call.command or call.target or "")
            if found is None:
                continue
            first, piped = found
            notes.setdefault(event.id, []).append(
                f"(in this command, `$?` is read after a pipeline: the status it prints is "
                f"`{shorten(piped, COMMAND_CHARS)}`'s, the pipeline's last command, not "
                f"`{shorten(first, COMMAND_CHARS)}`'s: it does not say whether the check passed; tell the check's "
                "result only from the lines it printed, if any)"
            )
    return notes


# A name with a slash in Claude's words (a branch, a path, a URL): `feat/pedidos-programados`
_SLASHED = re.compile(r"[\w.~@:+-]*/[\w./~@:+#-]+")


def _listed(path: str, shown: str) -> bool:
    """Whether a file path a listing shows in parts: `instance/plotwait.db` where `ls -l /srv/app/instance/` printed
    `plotwait.db` (a note called it Claude's word alone: fresh23 in the loop). A file's name (with an extension) and
    each folder above it, each shown as a whole word."""
    parts = [p for p in path.split("/") if p and p not in (".", "..", "~")]
    if len(parts) < 2 or "." not in parts[-1].lstrip("."):
        return False
    return all(re.search(rf"(?<![\w.-]){re.escape(part)}(?![\w-])", shown) for part in parts)


# a function with its arity, as Elixir and Erlang write it: `wait_for_notifier/0`, `Plotwise.Notifier.offer_made/1`,
# `lists:map/2`
_ARITY = re.compile(r"(?:[\w.]+[.:])?([a-z_][\w]*[?!]?)/\d{1,2}")
# an error's or an exception's name: `OwnershipError`, `DBConnection.ConnectionError`, `IllegalStateException`
_ERROR_NAME = re.compile(r"(?<![\w.])(?:[A-Z]\w*\.)*[A-Z][A-Za-z0-9]*(?:Error|Exception)(?![\w])")


def _function_shown(name: str, shown: str) -> bool:
    """Whether `name` is a function with its arity (`wait_for_notifier/0`) whose name the session shows as code
    shows a function: defined (`def wait_for_notifier do`) or called (`wait_for_notifier()`, `Mod.wait_for_notifier`).
    A name and its arity is no path: a note called `wait_for_notifier/0` Claude's word beside the diff defining it
    (material round 60)."""
    match = _ARITY.fullmatch(name)
    if match is None:
        return False
    function = re.escape(match.group(1))
    return bool(re.search(rf"(?:\bdefp?\s+|\bfn\s+|[.:]|\b){function}(?:\s*\(|\s+do\b|/\d)", shown))


def claude_word_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Under a message of Claude's, the branches, paths and URLs it names in code that no command, output or
    message of the author's in the session shows: Claude's word alone. A post's ending told "the commit is on
    branch feat/…" as fact, where only Claude's closing message named the branch (round 55). None without the
    whole session."""
    if session is None:
        return {}  # a part of the session cannot tell what no run of it shows
    seen: list[str] = []
    for event in walk(session):  # a subagent's steps too: a path its grep printed is shown (blind27)
        if event.kind in (HUMAN, COMMAND):
            seen.extend((event.text or "", event.args or ""))
        for call in event.calls or ():
            seen.extend(x or "" for x in (call.target, call.command, call.diff, call.output, call.outcome, call.error))
    shown = "\n".join(seen)
    notes: dict[str, list[str]] = {}
    for event in events:
        if event.kind != ASSISTANT or not event.text:
            continue
        prose = re.sub(r"```.*?(?:```|$)", "", event.text, flags=re.S)
        names: list[str] = []
        for span in re.findall(r"`([^`\n]+)`", prose):
            name = span.strip()
            # two parts at least: `/tmp` or a slash command (`/commit`) names no branch or file of the work
            if not _SLASHED.fullmatch(name) or "/" not in name.strip("/~") or name in names:
                continue
            if not re.search(r"[^\W\d_]", name):
                continue  # `700/600`, `3/4`: modes or a ratio, no branch or file
            if _function_shown(name, shown):
                continue  # `wait_for_notifier/0`: a function and its arity, shown where code defines or calls it
            if name.rstrip("/") not in shown and not _listed(name.rstrip("/"), shown):
                names.append(name)
        # (material round 60) an error's name no output, command or diff shows (`OwnershipError` where the run
        # printed a task terminating at a line): Claude's reading of the failure, not what the run printed
        for error in _ERROR_NAME.findall(prose):
            if error not in names and not re.search(rf"(?<![\w]){re.escape(error)}(?![\w])", shown):
                names.append(error)
        if names:
            said = ", ".join(f"`{n}`" for n in names[:3])
            notes[event.id] = [
                f"({said}: in no command, output or message of the author's in the session, only in Claude's "
                'words here: told as Claude\'s ("Claude said …") or left out, never as fact)'
            ]
    return notes
