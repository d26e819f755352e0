"""What a real model answering retell's prompts in the loop wrote (an English post on a Go link checker made
parallel, a Korean one on a Django migration fixed before a merge), and blind editors reading each post against its
session had to edit, each traced to what the material or the prompts gave or withheld, asserted on the prompt a
model receives or on the rendered post, built from sessions in Claude Code's record format written for these tests
(other tools, languages and figures than those sessions'):

1. A behaviour claimed for the code after a change ("the Ctrl-C test now ends with exit 1") when the only run that
   showed it came before the change and nothing that ran after it tried it: the material says, under a file's last
   change, what ran after it; the instructions, that a result shown before a change is not the result after it.
2. The numbers' "Files changed: 4" beside git's "5 files changed" in the same post (a file a command made): the
   label says what the figure counts, the files Claude edited or wrote, in every language, and the instructions say
   a commit's stat is git's count, never to be squared with this one.
3. The instructions: who found something (Claude read the files, not "I opened"), what a command did read from its
   own words (an UPDATE of rows that were there, not "inserted test data"), where it ran (a local database is not
   production), every step of a chain between two results (the re-apply between a rollback and the tests), the
   author quoted in whole clauses, and a code excerpt cut where the prose's line is still in it.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import outline_prompt, parse_work, section_prompts
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

START = datetime(2026, 12, 13, 9, 0, tzinfo=timezone.utc)
CWD = "/home/tamar/src/relay"
PROJECTS = "claude/projects/-home-tamar-src-relay"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _system(prompt: str) -> str:
    return prompt[prompt.index("<system>") : prompt.index("</system>")] if "<system>" in prompt else prompt


def _block_of(prompt: str, needle: str) -> str:
    """The lines of the first event (its own line and the lines under it) whose lines hold `needle`."""
    for match in re.finditer(r"^\[(e\d+)\] .*(?:\n  .*)*", prompt, re.M):
        if needle in match.group(0):
            return match.group(0)
    raise AssertionError(f"{needle!r} in no event block")


def _edit(tx: Transcript, path: str, old: str, new: str) -> None:
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": old, "new_string": new}, "ok")


# -- 1. what ran after a file's last change ------------------------------------------------------------------------


def _exit_code_session() -> Transcript:
    """A Go CLI: the exit code on SIGTERM tried by running the binary, then changed, then only `go test` over a
    package with no tests of the command."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("relay should exit cleanly on SIGTERM and say how many messages were still queued")
    tx.tick(5)
    _edit(tx, "cmd/relay/main.go", "\tsrv.Run()\n", "\tif n := srv.Run(ctx); n > 0 {\n\t\tos.Exit(143)\n\t}\n")
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "go build -o /tmp/relay ./cmd/relay && (/tmp/relay & sleep 1; kill -TERM $!; wait $!; echo $?)"},
        "relay: 3 messages still queued\n143",
    )
    tx.tick(10)
    tx.assistant("SIGTERM now stops it with exit 143 after printing the queue.", usage_=usage())
    tx.tick(1800)
    tx.user("our supervisor restarts anything that exits >0 on TERM, make it exit 0 please")
    tx.tick(5)
    _edit(tx, "cmd/relay/main.go", "\t\tos.Exit(143)\n", "\t\tos.Exit(0)\n")
    tx.tick(10)
    tx.tool_call(
        "Bash",
        {"command": "go test ./... -count=1"},
        "?   \tgithub.com/tamar/relay/cmd/relay\t[no test files]\nok  \tgithub.com/tamar/relay/internal/queue\t0.412s",
    )
    tx.tick(10)
    tx.assistant("Exit code is 0 on SIGTERM now; tests pass.", usage_=usage())
    return tx


def _untried_session() -> Transcript:
    """A Python script: its output tried, then the script changed, and no command after it (Spanish)."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("el informe debe ordenar por fecha, no por nombre")
    tx.tick(5)
    _edit(tx, "scripts/report.py", "rows.sort(key=lambda r: r.name)", "rows.sort(key=lambda r: r.date)")
    tx.tick(10)
    tx.tool_call("Bash", {"command": "python scripts/report.py --month 2026-11"}, "2026-11-01 ana\n2026-11-02")
    tx.tick(10)
    tx.assistant("Ordenado por fecha.", usage_=usage())
    tx.tick(60)
    tx.user("y al revés, lo más reciente primero")
    tx.tick(5)
    _edit(tx, "scripts/report.py", "rows.sort(key=lambda r: r.date)", "rows.sort(key=lambda r: r.date, reverse=True)")
    tx.tick(10)
    tx.assistant("Hecho: ahora lo más reciente va primero.", usage_=usage())
    return tx


def test_a_files_last_change_says_what_ran_after_it(tmp_path: Path) -> None:
    work = _parse(tmp_path, _exit_code_session())
    for prompt in (outline_prompt(work), *section_prompts(work)):
        if "os.Exit(0)" not in prompt:
            continue
        block = _block_of(prompt, "+\t\tos.Exit(0)")
        assert "last change to `cmd/relay/main.go`" in block, block
        ran_after = block[block.index("last change to") :]
        assert "go test ./... -count=1" in ran_after, block  # the one run after it, by its command
        assert re.search(r"\[e\d+\]", ran_after), block  # and by its id
        assert "go build -o /tmp/relay" not in ran_after, block  # the run before it is no run after it
        if "os.Exit(143)\n" in prompt and "+\t\tos.Exit(143)" in prompt:
            first = _block_of(prompt, "+\t\tos.Exit(143)")
            assert "last change to" not in first, first  # a change made again later is not the last


def test_a_last_change_nothing_ran_after_says_so(tmp_path: Path) -> None:
    work = _parse(tmp_path, _untried_session(), "es")
    prompts = [outline_prompt(work), *section_prompts(work)]
    seen = False
    for prompt in prompts:
        if "reverse=True" not in prompt:
            continue
        seen = True
        block = _block_of(prompt, "reverse=True)")
        assert "last change to `scripts/report.py`" in block, block
        assert "no command ran after it" in block, block
    assert seen


def test_a_change_with_no_run_before_it_gets_no_note(tmp_path: Path) -> None:
    """Guard: with no result shown before it, a last change has nothing to be told apart from."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("rename the flag to --dry-run")
    tx.tick(5)
    _edit(tx, "cli.py", '"--dryrun"', '"--dry-run"')
    tx.tick(10)
    tx.assistant("Renamed.", usage_=usage())
    block = _block_of(outline_prompt(_parse(tmp_path, tx)), "--dry-run")
    assert "last change to" not in block, block


def test_the_instructions_say_a_result_before_a_change_is_not_the_result_after_it(tmp_path: Path) -> None:
    work = _parse(tmp_path, _exit_code_session())
    for prompt in (outline_prompt(work), *section_prompts(work)):
        system = _system(prompt)
        assert "a result shown before a change is not the result after it" in system.lower()
        assert "the author's word on their own try" in system


# -- 2. the files figure says what it counts ----------------------------------------------------------------------


def test_every_languages_files_label_says_whose_edits_it_counts() -> None:
    from retell.write.locales import _table

    table = _table()
    assert len(table) >= 30
    for language, words in table.items():
        label = words.get("files_changed", "")
        # the files Claude edited or wrote (declined: "Claudem"), not every file a commit took in
        assert "Claud" in label, (language, label)


@pytest.mark.parametrize(
    ("language", "label"),
    [("en", "Files Claude edited or wrote"), ("ko", "Claude가 편집하거나 작성한 파일"), ("de", "Von Claude")],
)
def test_the_posts_numbers_name_what_the_files_figure_counts(tmp_path: Path, language: str, label: str) -> None:
    """A Django session: Claude edits two files, a command makes a third (`makemigrations --merge`), and git's stat
    says 3 files changed; the numbers' figure is 2 and its label says whose."""
    from prompt_support import runner
    from told_support import ok

    from retell.cli import app

    tx = Transcript(cwd=CWD, start=START)
    tx.user("migrate에서 leaf node 두 개라고 나와요")
    tx.tick(5)
    _edit(tx, "shop/models.py", "opt_in = models.BooleanField()", "consent = models.BooleanField(default=False)")
    _edit(tx, "shop/admin.py", 'list_filter = ["opt_in"]', 'list_filter = ["consent"]')
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": "python manage.py makemigrations --merge --noinput shop"},
        "Created new merge migration /home/tamar/src/relay/shop/migrations/0031_merge_20261213_0901.py",
    )
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": 'git add shop/ && git commit -m "shop: merge 0030 branches"'},
        "[main 4f1a2b3] shop: merge 0030 branches\n 3 files changed, 21 insertions(+), 4 deletions(-)",
    )
    tx.tick(5)
    tx.assistant("커밋했습니다.", usage_=usage())
    work = _parse(tmp_path, tx, language)
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["render", str(work), "-o", str(tmp_path / "site"), "-q"]))
    post = next((tmp_path / "site").rglob("*.md")).read_text(encoding="utf-8")
    row = next(line for line in post.splitlines() if label in line)
    assert re.search(r"\b2\s*$", row), row


def test_the_numbers_say_the_files_figure_is_not_a_commits_count(tmp_path: Path) -> None:
    work = _parse(tmp_path, _exit_code_session())
    system = _system(outline_prompt(work))
    assert "files Claude edited or wrote:" in system  # the table's own words
    assert "a commit's stat is git's count" in system


# -- 3. what the instructions say ----------------------------------------------------------------------------------


def test_the_instructions_keep_who_did_what_and_where(tmp_path: Path) -> None:
    work = _parse(tmp_path, _untried_session(), "ko")
    for prompt in (outline_prompt(work), *section_prompts(work)):
        system = _system(prompt)
        assert 'never "I opened"' in system  # what Claude read or found is Claude's
        assert "an UPDATE changes rows that were there" in system  # a command's effect from its own words
        assert "where it ran" in system  # a local database is not production
        assert "every step of a chained command" in system  # the re-apply between a rollback and the tests
        assert "whole clause" in system  # the author quoted so the sentence still reads
        assert "the line the prose is about" in system  # an excerpt not cut just before it
