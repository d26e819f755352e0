"""Tool calls as compact actions, their results as one-line outcomes, and runs of them as one sentence.

Never the bulky input or output: a call keeps its name and the one field a reader needs.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from retell.events import ToolCall

MAX_TARGET = 200
MAX_ERROR = 200

# The input field a reader needs, per tool; the first present wins.
_TARGET_FIELDS: dict[str, tuple[str, ...]] = {
    "Read": ("file_path", "path"),
    "Write": ("file_path", "path"),
    "Edit": ("file_path", "path"),
    "MultiEdit": ("file_path", "path"),
    "NotebookEdit": ("notebook_path", "file_path"),
    "NotebookRead": ("notebook_path",),
    "Bash": ("command",),
    "BashOutput": ("bash_id", "shell_id"),
    "KillShell": ("shell_id",),
    "KillBash": ("shell_id",),
    "TaskStop": ("task_id", "shell_id"),
    "Grep": ("pattern",),
    "Glob": ("pattern",),
    "LS": ("path",),
    "WebFetch": ("url",),
    "WebSearch": ("query",),
    "Skill": ("skill", "command"),
    "SlashCommand": ("command",),
    "SendMessage": ("to",),
    "TaskOutput": ("task_id",),
}
_GENERIC_FIELDS = ("file_path", "path", "command", "pattern", "url", "query", "name", "description", "prompt")

# Families group consecutive calls into one run.
_FAMILIES: dict[str, str] = {
    "Read": "read",
    "NotebookRead": "read",
    "Edit": "edit",
    "MultiEdit": "edit",
    "NotebookEdit": "edit",
    "Write": "write",
    "Grep": "search",
    "Glob": "search",
    "LS": "list",
    "ToolSearch": "tools",
    "Bash": "bash",
    # Checking on or stopping a command started in the background: not running one.
    "BashOutput": "background",
    "TaskOutput": "background",
    "KillShell": "background",
    "KillBash": "background",
    "TaskStop": "background",
    "WebFetch": "web",
    "WebSearch": "web",
    "TodoWrite": "todo",
    "TaskCreate": "todo",
    "TaskUpdate": "todo",
    "TaskList": "todo",
    "TaskGet": "todo",
}

_TEST_COMMAND = re.compile(
    r"(?:^|[\s;&|(/])(?:pytest|py\.test|tox|nox|jest|vitest|mocha|ava|rspec|phpunit|ctest|"
    r"go\s+test|cargo\s+(?:test|nextest)|(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test|deno\s+test|"
    r"dotnet\s+test|mvn\s+(?:-\S+\s+)*test|gradle\w*\s+test|\./gradlew\s+\S*test|make\s+(?:check|test)|"
    r"python\d?(?:\.\d+)?\s+-m\s+(?:pytest|unittest)|uv\s+run\s+(?:python\s+-m\s+)?pytest)\b"
)
_COUNTS = re.compile(r"(\d+)\s+(passed|failed|errors?|skipped|xfailed|xpassed|pending|todo|broken)\b", re.I)
_CARGO = re.compile(r"test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed")
_JEST_TESTS = re.compile(r"^Tests:\s+(.+?)\s*$", re.M)
_GO_FAIL = re.compile(r"^(?:--- FAIL|FAIL\s)", re.M)
_GO_OK = re.compile(r"^ok\s+\S+", re.M)
_ERROR_TAG = re.compile(r"</?tool_use_error>")
# `cd <dir> &&` (or `;`) in front of the command that does the work; the folder is not the story.
_CD_PREFIX = re.compile(r"^\s*cd\s+(?:\"[^\"]*\"|'[^']*'|[^\s;&|]+)\s*(?:&&|;)\s*")
_BARE_CD = re.compile(r"^\s*cd(?:\s+(\"[^\"]*\"|'[^']*'|[^\s;&|]+))?\s*$")
_STOP_TOOLS = frozenset({"KillShell", "KillBash", "TaskStop"})


def family(name: str) -> str:
    if name in _FAMILIES:
        return _FAMILIES[name]
    if name.startswith("mcp__"):
        return "mcp:" + name.split("__")[1] if name.count("__") >= 2 else name
    return name


MAX_KEPT_WHOLE = 400  # a flagged value the cut would split is kept whole up to this length, else cut before


def shorten(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    return _ellipsis(text, *safe_cut(text, limit - 1))


def shorten_words(text: str, limit: int) -> str:
    """Like `shorten`, for prose: the cut falls between words when one is near."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = limit - 1
    space = text.rfind(" ", 0, cut)
    if space >= limit * 0.6:
        cut = space
    return _ellipsis(text, *safe_cut(text, cut), strip=" ,;:-")


def safe_cut(text: str, at: int) -> tuple[int, bool]:
    """Where to cut `text` near `at` without splitting a flagged value (a token, a password, a home
    folder): the part before a cut would leak and no rule would recognise it. Redaction comes first:
    the value is kept whole (and so flagged and redacted whole), or left out when it is long.
    Returns (where to cut, whether a value was kept whole)."""
    from retell.secrets import flagged_spans

    for start, end in flagged_spans(text):
        if start < at < end:
            return (end, True) if end - start <= MAX_KEPT_WHOLE else (start, False)
    return at, False


def _ellipsis(text: str, cut: int, kept: bool, strip: str = "") -> str:
    if cut >= len(text):
        return text
    if kept:  # a space after the kept value lets the rules see where it ends
        return text[:cut] + " …"
    return text[:cut].rstrip(strip + " ") + "…"


def relative_path(path: str, cwd: str | None) -> str:
    """Paths under the project folder are shown relative to it."""
    if cwd and path.startswith(cwd.rstrip("/") + "/"):
        return path[len(cwd.rstrip("/")) + 1 :]
    return path


def describe_call(name: str, tool_input: Any, cwd: str | None, tool_use_id: str | None = None) -> ToolCall:
    """A compact action: the tool's name and the single field a reader needs."""
    target: str | None = None
    if isinstance(tool_input, dict):
        if name == "TodoWrite":
            todos = tool_input.get("todos")
            if isinstance(todos, list):
                done = sum(1 for t in todos if isinstance(t, dict) and t.get("status") == "completed")
                target = f"{len(todos)} items, {done} done"
        elif name == "AskUserQuestion":
            questions = tool_input.get("questions")
            if isinstance(questions, list) and questions and isinstance(questions[0], dict):
                q = questions[0].get("question")
                target = q if isinstance(q, str) else None
        else:
            for key in _TARGET_FIELDS.get(name, _GENERIC_FIELDS):
                value = tool_input.get(key)
                if isinstance(value, str) and value.strip():
                    target = value
                    break
    if target is not None:
        if name == "Bash":
            target = command_target(target)
        if name in ("Read", "Write", "Edit", "MultiEdit", "NotebookEdit", "NotebookRead", "LS"):
            target = relative_path(target, cwd)
        target = shorten(target, MAX_TARGET)
    diff = edit_diff(name, tool_input) if name in _EDIT_TOOLS and isinstance(tool_input, dict) else None
    return ToolCall(name=name, target=target, diff=diff, tool_use_id=tool_use_id)


# -- what an edit changed ---------------------------------------------------------------------------------

MAX_DIFF_LINES = 14
MAX_DIFF_LINE = 160
MAX_DIFF_INPUT = 40_000  # longer edits are told by their size only: a diff of them is no snippet
_EDIT_TOOLS = frozenset({"Edit", "MultiEdit", "Write"})


def edit_diff(name: str, tool_input: dict[str, Any]) -> str | None:
    """The lines an edit changed, as a compact diff a post can show: `-old` and `+new` lines with one line of
    context (` line`), `…` between stretches, at most MAX_DIFF_LINES lines. A Write shows its first lines."""
    if name == "Write":
        content = tool_input.get("content")
        if not isinstance(content, str) or not content.strip():
            return None
        lines = content.splitlines()
        shown = [f"+{_diff_line(ln)}" for ln in lines[: MAX_DIFF_LINES - 1]]
        if len(lines) > len(shown):
            shown.append(f"… ({len(lines)} lines in all)")
        return "\n".join(shown)
    pairs: list[tuple[Any, Any]] = []
    if name == "MultiEdit" and isinstance(tool_input.get("edits"), list):
        pairs = [(e.get("old_string"), e.get("new_string")) for e in tool_input["edits"] if isinstance(e, dict)]
    else:
        pairs = [(tool_input.get("old_string"), tool_input.get("new_string"))]
    out: list[str] = []
    hidden = 0
    for old, new in pairs:
        if not isinstance(old, str) or not isinstance(new, str) or old == new:
            continue
        if len(old) + len(new) > MAX_DIFF_INPUT:
            hidden += old.count("\n") + new.count("\n") + 2
            continue
        for line in _changed_lines(old.splitlines(), new.splitlines()):
            if len(out) < MAX_DIFF_LINES:
                out.append(line)
            elif line[:1] in "+-":
                hidden += 1
        if out and len(out) < MAX_DIFF_LINES and out[-1] != "…":
            out.append("…")
    while out and out[-1] == "…":
        out.pop()
    if hidden:
        out.append(f"… ({hidden} more changed lines)")
    return "\n".join(out) or None


def _changed_lines(old: list[str], new: list[str]) -> list[str]:
    import difflib  # only a session with edits pays for it

    lines: list[str] = []
    for group in difflib.SequenceMatcher(None, old, new, autojunk=False).get_grouped_opcodes(1):
        if lines:
            lines.append("…")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines.extend(f" {_diff_line(ln)}" for ln in old[i1:i2])
                continue
            lines.extend(f"-{_diff_line(ln)}" for ln in old[i1:i2])
            lines.extend(f"+{_diff_line(ln)}" for ln in new[j1:j2])
    return lines


def _diff_line(line: str) -> str:
    line = line.rstrip()
    return shorten(line, MAX_DIFF_LINE) if len(line) > MAX_DIFF_LINE else line


def command_target(command: str) -> str:
    """The line of a shell command that does the work: `cd <dir> &&` prefixes and bare `cd` lines dropped,
    ` …` added when more lines follow. A command that only changes folder stays `cd <dir>`."""
    lines = [ln for ln in re.sub(r"\\\n", " ", command.strip()).splitlines() if ln.strip()]  # `\` continues
    for i, line in enumerate(lines):
        while _CD_PREFIX.match(line):
            line = line[_CD_PREFIX.match(line).end() :]  # type: ignore[union-attr]
        if line.strip() and not _BARE_CD.match(line):
            return line.strip() + (" …" if i < len(lines) - 1 else "")
    return lines[0].strip() if lines else command


def result_text(content: Any) -> str:
    """The text of a tool_result's content (a string, or a list of text blocks)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            b["text"]
            for b in content
            if isinstance(b, dict) and b.get("type") == "text" and isinstance(b.get("text"), str)
        )
    return ""


@lru_cache(maxsize=4096)
def is_test_command(command: str | None) -> bool:
    # cached: asked of every Bash result, and a session runs the same few commands again and again
    return bool(command) and _TEST_COMMAND.search(command) is not None  # type: ignore[arg-type]


def test_outcome(output: str, failed: bool) -> str | None:
    """'3 failed, 10 passed' from a test runner's output; None when it does not say."""
    tail = output[-4000:]
    m = _CARGO.search(tail)
    if m:
        return f"{m.group(2)} failed, {m.group(1)} passed" if m.group(2) != "0" else f"{m.group(1)} passed"
    m = _JEST_TESTS.search(tail)
    if m:
        return _counts_phrase(m.group(1)) or m.group(1)
    # the last line that counts tests: none when the tail as a whole has no count (one search, not one a line);
    # else searched from the end, where a runner prints its summary
    last = None
    if _COUNTS.search(tail):
        last = next((ln for ln in reversed(tail.splitlines()) if _COUNTS.search(ln)), None)
    if last is not None:
        phrase = _counts_phrase(last)
        if phrase:
            return phrase
    if _GO_FAIL.search(tail):
        return "failed"
    if _GO_OK.search(tail):
        return "passed"
    return "failed" if failed else None


def _counts_phrase(line: str) -> str | None:
    counts: dict[str, int] = {}
    for number, word in _COUNTS.findall(line):
        key = word.lower()
        key = "errors" if key.startswith("error") else key
        counts[key] = counts.get(key, 0) + int(number)
    order = ("failed", "errors", "passed", "skipped", "xfailed", "xpassed", "pending", "todo", "broken")
    parts = [f"{counts[k]} {'error' if k == 'errors' and counts[k] == 1 else k}" for k in order if k in counts]
    return ", ".join(parts) if parts else None


def result_matters(call: ToolCall) -> bool:
    """Whether a successful call's output says something the story uses (a test run, a build, an answer)."""
    return call.name == "AskUserQuestion" or (
        call.name == "Bash" and (is_test_command(call.target) or is_outcome_command(call.target))
    )


def apply_result(call: ToolCall, content: Any, is_error: bool) -> None:
    """Record what a reader needs of a call's result: its error line, a test run's outcome, and a command's
    exit and telling output lines (of a failure, a test run, a build, a lint or a commit)."""
    text = result_text(content)
    if is_error:
        first = next((ln for ln in _ERROR_TAG.sub("", text).splitlines() if ln.strip()), "failed")
        call.error = shorten(first, MAX_ERROR)
    if call.name == "Bash" and is_test_command(call.target):
        call.outcome = test_outcome(text, is_error)
    elif call.name == "AskUserQuestion" and text and not is_error:
        call.outcome = shorten(text, 300)
    if call.name == "Bash" and (is_error or is_test_command(call.target) or is_outcome_command(call.target)):
        call.output = command_output(text, is_error)


# -- what a command said ----------------------------------------------------------------------------------

MAX_OUTPUT_LINES = 4
MAX_OUTPUT_LINE = 160
# Commands whose output tells whether the work holds up: builds, type checks, linters, formatters in check
# mode, commits, merges, pushes and deploys (test runners are _TEST_COMMAND).
_OUTCOME_COMMAND = re.compile(
    r"(?:^|[\s;&|(/])(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:build|lint|typecheck|type-check|check|tsc)|"
    r"tsc|eslint|ruff|mypy|pyright|flake8|pylint|black\s+--check|prettier\s+--check|biome|clippy|"
    r"cargo\s+(?:build|check|clippy)|go\s+(?:build|vet)|next\s+build|vite\s+build|webpack|"
    r"make(?:\s+[\w-]+)?|cmake\s+--build|gradle\w*\s+build|\./gradlew\s+\S*build|mvn\s+(?:-\S+\s+)*(?:package|install|verify)|"
    r"docker\s+build|hugo|jekyll\s+build|git\s+(?:commit|merge|push|rebase|cherry-pick)|vercel|netlify\s+deploy|"
    r"uv\s+(?:build|sync|pip\s+install)|pip\s+install|(?:npm|pnpm|yarn|bun)\s+(?:install|add|ci))(?![\w.-])"
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
_EXIT = re.compile(r"^Exit code (\d+)\s*$")
# Lines that say how it went: failures, errors, warnings, summaries and counts.
_TELLING = re.compile(
    r"\b(?:error|errors|failed|failure|fail|FAIL|exception|traceback|warning|warn|passed|success|succeeded|"
    r"built|compiled|done|found \d+|\d+ (?:problems?|files? changed|insertions?|deletions?)|"
    r"All checks passed|no issues|not found|denied|refused|fatal|panic|abort(?:ed)?)\b|[✓✗×✔✘]|"
    r"^\[[\w./-]+(?: \(root-commit\))? [0-9a-f]{7,}\]",  # git commit's "[main 1a2b3c4] message"
    re.I,
)


@lru_cache(maxsize=4096)
def is_outcome_command(command: str | None) -> bool:
    return bool(command) and _OUTCOME_COMMAND.search(command) is not None  # type: ignore[arg-type]


def command_output(text: str, failed: bool) -> str | None:
    """A command's exit (when it failed) and its telling output lines: the last lines that name an error, a
    failure, a warning or a count, else its last lines; at most MAX_OUTPUT_LINES, each shortened."""
    lines = [_ANSI.sub("", ln).rstrip() for ln in _ERROR_TAG.sub("", text[-20_000:]).splitlines()]
    lines = [ln for ln in lines if ln.strip()]
    exit_line = ""
    if lines and (match := _EXIT.match(lines[0].strip())):
        exit_line = f"exit {match.group(1)}"
        lines = lines[1:]
    elif failed:
        exit_line = "failed"
    telling = [ln for ln in lines if _TELLING.search(ln)]
    picked = (telling or lines)[-(MAX_OUTPUT_LINES - (1 if exit_line else 0)) :] if lines else []
    shown = [shorten(ln.strip(), MAX_OUTPUT_LINE) for ln in picked]
    out = ([exit_line] if exit_line else []) + shown
    return "\n".join(out) or None


# -- runs ---------------------------------------------------------------------------------------------


def summarize_run(calls: Sequence[ToolCall]) -> str:
    """One sentence for a run of calls of one family: 'Read 14 files in src/auth/'."""
    fam = family(calls[0].name)
    n = len(calls)
    failed = sum(1 for c in calls if c.error)
    targets = [c.target for c in calls if c.target]
    if fam in ("read", "edit", "write"):
        sentence = _files_sentence(fam, calls[0].name, targets, n)
    elif fam == "bash":
        sentence = _bash_sentence(calls)
    elif fam == "background":
        sentence = _background_sentence(calls)
    elif fam == "list":
        sentence = f"Listed {targets[0]}" if n == 1 and targets else f"Listed {n} folders"
    elif fam == "tools":
        sentence = "Looked up the tools it needed" + (f" ({n} times)" if n > 1 else "")
    elif fam == "search":
        sentence = f"Searched for {_quote(targets[0])}" if n == 1 and targets else f"Ran {n} searches"
        if n > 1 and targets:
            sentence += (
                " (" + ", ".join(_quote(t) for t in _unique(targets)[:3]) + ("…" if len(set(targets)) > 3 else "") + ")"
            )
    elif fam == "web":
        sentence = _web_sentence(calls)
    elif fam == "todo":
        last = targets[-1] if targets else None
        sentence = "Updated the task list" + (f" ({last})" if last else "") + (f" {n} times" if n > 1 else "")
    else:
        label = calls[0].name if len({c.name for c in calls}) == 1 else fam
        sentence = (
            f"Used {label}" + (f" on {targets[0]}" if n == 1 and targets else "") + (f" ({n} times)" if n > 1 else "")
        )
    if failed and fam != "bash":
        sentence += f" ({failed} failed)" if n > 1 else " (failed)"
    return sentence


def _files_sentence(fam: str, tool: str, targets: list[str], n: int) -> str:
    verb = {"read": "Read", "edit": "Edited", "write": "Wrote"}[fam]
    files = _unique(targets)
    if not files:
        return f"{verb} {n} files" if n > 1 else f"{verb} a file"
    if len(files) == 1:
        if n == 1:
            return f"{verb} {files[0]}"
        unit = "edits" if fam == "edit" else "times"
        return f"{verb} {files[0]} ({n} {unit})"
    common = _common_dir(files)
    where = f" in {common}/" if common else ""
    names = [f[len(common) + 1 :] if common else f for f in files]
    listed = ": " + ", ".join(names[:3]) + ("…" if len(names) > 3 else "") if len(files) <= 6 else ""
    extra = f" ({n} edits)" if fam == "edit" and n > len(files) else ""
    return f"{verb} {len(files)} files{where}{extra}{listed}"


def _bash_sentence(calls: Sequence[ToolCall]) -> str:
    tests = [c for c in calls if c.name == "Bash" and is_test_command(c.target)]
    failed = sum(1 for c in calls if c.error)
    if len(calls) == 1:
        call = calls[0]
        if tests:
            return f"Ran tests: {call.outcome}" if call.outcome else "Ran tests"
        folder = _BARE_CD.match(call.target or "")
        if folder:
            sentence = f"Changed into {folder.group(1)}" if folder.group(1) else "Changed folder"
        else:
            sentence = f"Ran `{call.target}`" if call.target else f"Used {call.name}"
        return sentence + (" (failed)" if call.error else "")
    sentence = f"Ran {len(calls)} commands"
    if tests:
        last = tests[-1]
        sentence += f"; tests: {last.outcome}" if last.outcome else "; ran tests"
    if failed:
        sentence += f" ({failed} failed)"
    return sentence


def _background_sentence(calls: Sequence[ToolCall]) -> str:
    """BashOutput/TaskOutput check on a command running in the background; KillShell/TaskStop stop it."""
    stopped = sum(1 for c in calls if c.name in _STOP_TOOLS)
    checked = len(calls) - stopped
    parts = []
    if checked:
        parts.append("Checked on a background command" + (f" {_times(checked)}" if checked > 1 else ""))
    if stopped:
        what = "a background command" if stopped == 1 else f"{stopped} background commands"
        parts.append(("stopped " if parts else "Stopped ") + what)
    return " and ".join(parts)


def _times(n: int) -> str:
    return "twice" if n == 2 else f"{n} times"


def _web_sentence(calls: Sequence[ToolCall]) -> str:
    searches = [c.target for c in calls if c.name == "WebSearch" and c.target]
    fetches = [c.target for c in calls if c.name == "WebFetch" and c.target]
    parts = []
    if searches:
        parts.append(
            f"Searched the web for {_quote(searches[0])}" if len(searches) == 1 else f"Ran {len(searches)} web searches"
        )
    if fetches:
        hosts = _unique([_host(u) for u in fetches])
        parts.append(
            f"fetched {len(fetches)} pages ({', '.join(hosts[:3])})" if len(fetches) > 1 else f"fetched {fetches[0]}"
        )
    sentence = "; ".join(parts) if parts else f"Used the web ({len(calls)} calls)"
    return sentence[0].upper() + sentence[1:]


def _host(url: str) -> str:
    m = re.match(r"^[a-z]+://([^/]+)", url)
    return m.group(1) if m else url


def _quote(text: str) -> str:
    return f"“{shorten(text, 60)}”"


def _unique(items: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _common_dir(paths: list[str]) -> str:
    if any(p.startswith("/") for p in paths) and not all(p.startswith("/") for p in paths):
        return ""
    try:
        common = posixpath.commonpath(paths)
    except ValueError:
        return ""
    if common in paths:  # one of the paths is the common prefix itself: use its folder
        common = posixpath.dirname(common)
    return "" if common in ("", "/") else common
