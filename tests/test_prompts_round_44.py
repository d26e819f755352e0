"""What a real model answering retell's prompts in the loop wrote (a Japanese post on a Python session), and a blind
editor reading the post against the session had to edit, each traced to what the prompts gave or withheld,
asserted on the prompt a model receives or on the rendered post, built from sessions in Claude Code's record
format written for these tests (other tools, languages and figures than that session's):

1. A whole-file Write over a file the session had read: the material showed only the new file's first lines, all
   as added, so the post could not show the old code and told an unchanged line as new.
2. A command that ran `diff` among other steps showed its exit and `time`'s lines; the hunk lines, its result,
   were dropped.
3. A short output (`head -5` after a timing) shown cut in the middle; the model cut it further, losing the header
   and the top row.
4. Claude's explanation, given before a check, told as what the check confirmed.
5. A `diff`, `cmp` or `grep` that exits 1 (differences found, no match) counted as a failed tool call.
6. "Active time" in the numbers' table, unexplained and hard to count again, and used in the title.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block as _event_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from prompt_support import section_prompts as _section_prompts
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
START = datetime(2026, 10, 14, 9, 0, tzinfo=timezone.utc)
CWD = "/home/ines/src/relay"
PROJECTS = "claude/projects/-home-ines-src-relay"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _render(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["render", str(work), "-q"]))
    return next((work / "post").rglob("*.md")).read_text(encoding="utf-8")


def _numbered(text: str, arrow: str = "→") -> str:
    """A file as Claude Code's Read tool returns it to the model: each line behind its number."""
    return "\n".join(f"{n:>6}{arrow}{line}" for n, line in enumerate(text.split("\n"), 1))


# -- 1. a whole-file Write over a file the session held -----------------------------------------------------------

OLD_JS = """const fs = require("fs");
const { Counter } = require("./counter");

// one object per line, then counted
const LINE = /^(\\S+) (.*?) (.*?) "(.*?)"$/;

function main(path) {
  const rows = fs.readFileSync(path, "utf8").split("\\n").map((l) => LINE.exec(l));
  const byHost = new Counter(rows.map((r) => r[1]));
  console.log(byHost.top(10));
}

main(process.argv[2]);"""

NEW_JS = """const fs = require("fs");
const readline = require("readline");
const { Counter } = require("./counter");

// negated classes: no backtracking on the agent string
const LINE = /^(\\S+) ([^ ]*) ([^ ]*) "([^"]*)"$/;

async function main(path) {
  const byHost = new Counter();
  for await (const l of readline.createInterface({ input: fs.createReadStream(path) })) {
    const m = LINE.exec(l);
    if (m) byHost.add(m[1]);
  }
  console.log(byHost.top(10));
}

main(process.argv[2]);"""


def _rewrite(read_first: bool = True, arrow: str = "→", read_input: dict | None = None) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("el script de hosts tarda muchísimo con los logs de ayer, ¿lo puedes acelerar?")
    tx.tick(10)
    if read_first:
        tx.tool_call("Read", read_input or {"file_path": f"{CWD}/hosts.js"}, _numbered(OLD_JS, arrow))
    tx.tick(20)
    tx.assistant("La expresión regular hace backtracking en el user agent, y se lee todo el fichero en memoria.")
    tx.tool_call(
        "Write", {"file_path": f"{CWD}/hosts.js", "content": NEW_JS}, "File updated: hosts.js", tool_use_result=None
    )
    tx.tick(15)
    tx.assistant("Listo: ahora lee línea a línea.")
    return tx


@pytest.mark.parametrize("arrow", ["→", "\t"])
def test_a_write_over_a_file_read_before_shows_what_changed(tmp_path: Path, arrow: str) -> None:
    """The old regex reaches the material as removed lines; a line both versions share is not told as added."""
    prompt = _outline_prompt(_parse(tmp_path, _rewrite(arrow=arrow), "es"))
    block = _event_block(prompt, "e4")
    assert '-const LINE = /^(\\S+) (.*?) (.*?) "(.*?)"$/;' in block, block
    assert '+const LINE = /^(\\S+) ([^ ]*) ([^ ]*) "([^"]*)"$/;' in block, block
    assert "+const { Counter }" not in block  # unchanged: context, never "added"
    assert "+const fs" not in block
    # marked: a whole-file Write, shown against the file as the session had read it
    assert re.search(r"changed hosts\.js \(one edit, \[e4\][^)\n]*whole file[^)\n]*read", block), block


def test_a_second_write_is_shown_against_the_first(tmp_path: Path) -> None:
    """A file the session wrote itself, then edited, then wrote again: the diff is against what it held then."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("schreib mir ein kleines Skript, das die Hosts zählt")
    tx.tool_call("Write", {"file_path": f"{CWD}/hosts.js", "content": OLD_JS}, "File created")
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/hosts.js", "old_string": "top(10)", "new_string": "top(20)"},
        "The file has been updated.",
    )
    tx.tick(30)
    tx.user("zu langsam mit 2 GB")
    tx.tool_call("Write", {"file_path": f"{CWD}/hosts.js", "content": NEW_JS.replace("top(10)", "top(20)")})
    prompt = _outline_prompt(_parse(tmp_path, tx, "de"))
    block = _event_block(prompt, "e5")
    assert "-const LINE" in block and "+const LINE" in block, block
    assert "top(" not in block or "-  console.log(byHost.top(20));" not in block  # the edit was taken in
    assert re.search(r"whole file[^)\n]*written", block), block


def test_a_write_of_a_file_never_read_shows_its_first_lines(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _rewrite(read_first=False)))
    block = _event_block(prompt, "e3")
    assert '+const fs = require("fs");' in block
    assert "whole file" not in block


def test_a_partial_read_is_no_base_for_a_diff(tmp_path: Path) -> None:
    """A Read of some lines (offset and limit) does not hold the file: no diff against it."""
    tx = _rewrite(read_input={"file_path": f"{CWD}/hosts.js", "offset": 1, "limit": 5})
    prompt = _outline_prompt(_parse(tmp_path, tx))
    block = _event_block(prompt, "e4")
    assert "-const LINE" not in block and "whole file" not in block


# -- 2 and 5. a diff's result, and its exit 1 --------------------------------------------------------------------

DIFF_OUT = (
    "Exit code 1\n\nreal\t0m2.114s\nuser\t0m1.980s\nsys\t0m0.101s\n41c41\n< /api/v2/items 88\n---\n> /api/v2/items 87"
)


def _compared(command: str, output: str) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("vergleiche bitte die Ausgabe von alt und neu")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, output, is_error=True)
    tx.tick(10)
    tx.assistant("Eine Zeile weicht ab.")
    return tx


DIFF_COMMAND = (
    "time node hosts.js sample.log > /tmp/new.txt && git stash -q && node hosts.js sample.log > /tmp/old.txt; "
    "git stash pop -q && diff <(sort /tmp/old.txt) <(sort /tmp/new.txt)"
)


def test_a_diffs_hunk_lines_reach_the_material(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _compared(DIFF_COMMAND, DIFF_OUT), "de"))
    block = _event_block(prompt, "e2")
    for line in ("41c41", "< /api/v2/items 88", "> /api/v2/items 87", "real\t0m2.114s"):
        assert line in block, block


@pytest.mark.parametrize(
    ("command", "output", "kept"),
    [
        (
            "npm run build && git diff --exit-code dist/",
            "Exit code 1\n> build\n> tsc\n\ndiff --git a/dist/app.js b/dist/app.js\n"
            "index 1a2b3c4..5d6e7f8 100644\n--- a/dist/app.js\n+++ b/dist/app.js\n"
            "@@ -3 +3 @@\n-const retries = 3;\n+const retries = 5;",
            ["@@ -3 +3 @@", "-const retries = 3;", "+const retries = 5;"],
        ),
        (
            "make all && cmp out/a.bin golden/a.bin",
            "Exit code 1\nmake: Nothing to be done for 'all'.\nout/a.bin golden/a.bin differ: byte 513, line 3",
            ["out/a.bin golden/a.bin differ: byte 513, line 3"],
        ),
    ],
)
def test_other_comparisons_keep_what_they_found(tmp_path: Path, command: str, output: str, kept: list[str]) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _compared(command, output)))
    block = _event_block(prompt, "e2")
    for line in kept:
        assert line in block, block


@pytest.mark.parametrize(
    ("command", "output"),
    [
        (DIFF_COMMAND, DIFF_OUT),
        ("cargo build --release && grep -c 'panic!' src/*.rs", "Exit code 1\n    Finished release"),
        ("cd api && rg -n 'TODO' src", "Exit code 1"),
        ("pytest -q; diff -u expected.txt actual.txt", "Exit code 1\n3 passed in 0.12s\n@@ -1 +1 @@\n-a\n+b"),
    ],
)
def test_a_comparison_that_exits_1_is_an_answer_not_a_failure(tmp_path: Path, command: str, output: str) -> None:
    work = _parse(tmp_path, _compared(command, output), "en")
    post = _render(work)
    row = next(line for line in post.splitlines() if line.startswith("- **Tool calls**"))
    assert "failed" not in row, row
    block = _event_block(_outline_prompt(work), "e2")
    assert "(failed)" not in block.split("\n")[0], block


@pytest.mark.parametrize(
    ("command", "output"),
    [
        ("diff a.txt b.txt && echo same", "Exit code 1\n1c1\n< a\n---\n> b"),  # the chain stopped at the diff: no
        ("node hosts.js big.log | grep -c items", "Exit code 1\nError: ENOENT: no such file"),  # (a pipe's end)
        ("diff -r build/ golden/", "Exit code 2\ndiff: golden/: No such file or directory"),  # trouble: 2
        ("npm test && grep -q ok out.txt", "Exit code 1\n1 failing"),
    ],
)
def test_a_failure_before_or_beside_a_comparison_still_counts(tmp_path: Path, command: str, output: str) -> None:
    """The last command of the chain decides, and only its exit 1; a chain cut short before it failed."""
    post = _render(_parse(tmp_path, _compared(command, output), "en"))
    row = next(line for line in post.splitlines() if line.startswith("- **Tool calls**"))
    assert "1 failed" in row, row


# -- 3. short outputs whole ----------------------------------------------------------------------------------------

TOP_HOSTS = (
    "real\t1m48.302s\nuser\t1m41.770s\nsys\t0m4.006s\n"
    "== top paths ==\n"
    "/api/v2/items       8,912,440\n"
    "/api/v2/cart        4,100,233\n"
    "/static/app.js      3,870,112\n"
    "/api/v2/search      2,004,981"
)


def test_a_short_output_reaches_the_material_whole(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("¿y con el log completo?")
    tx.tool_call(
        "Bash", {"command": "time node hosts.js /data/full.log > /tmp/full.txt && head -5 /tmp/full.txt"}, TOP_HOSTS
    )
    tx.tick(10)
    tx.assistant("Con el log completo tarda 1m48s.")
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "es")), "e2")
    for line in TOP_HOSTS.splitlines():
        assert line in block, block
    assert "more lines" not in block


def test_the_instructions_quote_an_output_whole_or_cut_at_its_end(tmp_path: Path) -> None:
    work = _parse(tmp_path, _rewrite(), "ja")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "never between a header and its rows" in prompt


# -- 4. an explanation given before a check ------------------------------------------------------------------------


def test_the_instructions_tell_an_explanation_before_a_check_as_claudes(tmp_path: Path) -> None:
    work = _parse(tmp_path, _rewrite(), "pl")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "an explanation Claude gave before a check" in prompt
        assert "only when its output shows it" in prompt


# -- 6. the session's length and Claude's time at work -------------------------------------------------------------


def _timed() -> Transcript:
    """Two of the author's messages; Claude works 4 minutes after the first and 3 after the second, and the author
    waits 6 minutes before the second."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("acelera hosts.js, por favor")
    for _ in range(4):
        tx.tick(60)
        tx.tool_call("Bash", {"command": "node hosts.js sample.log"}, "/api/v2/items 88")
    tx.tick(360)
    tx.user("vale, ahora con el log completo")
    for _ in range(3):
        tx.tick(60)
        tx.tool_call("Bash", {"command": "node hosts.js full.log"}, "/api/v2/items 8912440")
    tx.assistant("Hecho.", usage_=usage())
    return tx


@pytest.mark.parametrize(
    ("language", "expected"),
    [("en", "Claude at work"), ("ja", "Claude の作業"), ("es", "Claude trabajando"), ("de", "Claude bei der Arbeit")],
)
def test_the_numbers_say_what_the_time_of_work_counts(tmp_path: Path, language: str, expected: str) -> None:
    post = _render(_parse(tmp_path, _timed(), language))
    table = post[post.rindex("\n## ") :]
    row = next(line for line in table.splitlines() if line.startswith("- ") and re.search(r"\d", line))  # the session
    assert expected in row, row
    assert "active" not in row and "実作業" not in row, row


def test_the_numbers_tell_the_title_to_use_the_sessions_length(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _timed(), "ja"))
    assert "A title or the opening gives the session's length" in prompt
