"""What a model answering retell's real prompts for two sessions (blind17: an English dbt fix, a Hebrew Sidekiq fix)
said the prompts withheld or got wrong, each fixed at its cause and asserted on the prompt a model receives, from
sessions in Claude Code's record format written for these tests (other tools, languages and figures than those
sessions'):

1. A figure the author gave ("8.4M rows") noted as "Claude's own figure" where Claude wrote it bare ("8.4M − 7.9M").
2. Outputs a story turns on left out ("printed 12 lines, not shown here"): a query whose rows Claude reads by date
   without the year, a migration's lines in the section that tells the migration; a rewrite's changed lines cut.
3. A commit command cut mid-word, so Claude's report of its message could not be checked.
4. Claude's reading of an output resting on lines the output does not show, with no note saying so.
5. One code block per section, diffs first, so the red or green run a section turns on was told only in prose.
6. Names: `Net::ReadTimeout` split in two, "Database" of "Database Error", a person of a git log line listed as "a
   state, a class, a field".
7. A search with no match ("exit 1") beside "1 failed" in the numbers, where it is not counted.
8. No time from the author's first message to the commit: an opening's only figure was the session's length.
9. Languages whose verbs agree in gender: how to refer to Claude.
10. `short` said as "a ceiling, not a target", and drafts under its floor.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app
from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.extract.tools import MAX_COMMIT_TARGET
from retell.write.cut_readings import cut_reading_notes
from retell.write.material import event_line
from retell.write.names import code_names, names_in

START = datetime(2026, 11, 3, 8, 0, tzinfo=timezone.utc)
CWD = "/home/ines/src/ledger"
PROJECTS = "claude/projects/-home-ines-src-ledger"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "", length: str = "") -> Path:
    work = parse_work(tmp_path, tx, PROJECTS, language)
    if length:
        doc = yamlio.load(work / "triage.yaml")
        doc["post"]["length"] = length
        (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
        ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _section_prompts(work: Path, sections: list[dict]) -> list[str]:
    plan = {"title": "Ledger", "hook": "It started with a count.", "sections": sections, "ending": "End on it."}
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(plan), "outline.yaml"), backup=False)
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


def _numbers(prompt: str) -> str:
    return prompt.split("# Numbers", 1)[1].split("# Craft", 1)[0]


# -- a session: a count by day, a migration, the tests red then green, a commit -------------------------------------

_BY_DAY = "\n".join(
    ["    day     | rows  | ids   ", "------------+-------+-------"]
    + [f" 2026-10-{d:02d} | {4100 + d} | {4100 + d}" for d in range(20, 26)]
    + [f" 2026-10-{d:02d} | {8300 + d} | {4150 + d}" for d in range(26, 31)]
    + ["(11 rows)"]
)
_MESSAGE = (
    "Dedupe ledger entries on import / The importer re-read the whole export after a retry, so every entry of a "
    "retried batch was inserted again: 41,873 duplicate rows since the 26th. / - importer: upsert on entry_id "
    "instead of insert - migration: unique index on entry_id, built concurrently - tests: a retried batch imports "
    "once, an unchanged export imports nothing / The production table still holds the duplicates: run "
    "scripts/dedupe_entries.sql once before the migration, or the index build fails on them; after it, compare "
    "the count of rows with the count of distinct entry_id on the replica first, then on the primary."
)


def _ledger_session() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("ledger_entries has 8.4M rows but only 7.9M unique entry_id since the retry change. why?")
    tx.tick(4)
    tx.tool_call(
        "Bash",
        {"command": "psql ledger -c \"select date(imported_at) as day, count(*) as rows, count(distinct entry_id) "
         "as ids from ledger_entries where imported_at >= '2026-10-20' group by 1 order by 1\""},
        _BY_DAY,
    )  # fmt: skip
    tx.tick(20)
    tx.assistant(
        "Clean until 10-25, then about two rows per entry every day from 10-26: the importer inserts a retried "
        "batch again. That is 8.4M − 7.9M, roughly the 0.5M extra rows.",
        usage_=usage(),
    )
    tx.tick(300)
    tx.user("ok fix it, upsert please")
    tx.tick(5)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/ledger/importer.py",
            "old_string": "    session.add(Entry(**row))\n",
            "new_string": "    session.execute(upsert(Entry).values(**row).on_conflict_do_nothing())\n",
        },
    )
    tx.tick(5)
    tx.assistant("Now the unique index.")
    tx.tool_call(
        "Bash",
        {"command": "alembic upgrade head 2>&1 | tail -5"},
        "INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.\n"
        "INFO  [alembic.runtime.migration] Will assume transactional DDL.\n"
        "INFO  [alembic.runtime.migration] Running upgrade 7c1d -> 9e4a, unique entry_id\n"
        "INFO  [alembic.runtime.migration] Running upgrade 9e4a -> 9e4b, backfill import_batch\n"
        "INFO  [alembic.runtime.migration] Done in 2.41s on ledger_dev",
    )
    tx.tick(5)
    tx.assistant("Is the old retry helper still used?")
    tx.tool_call("Bash", {"command": "grep -n 'retry_batch' ledger/importer.py"}, "Exit code 1", is_error=True)
    tx.tick(5)
    tx.assistant("No. The tests:")
    tx.tool_call(
        "Bash",
        {"command": "pytest -q tests/test_importer.py"},
        "F.\nFAILED tests/test_importer.py::test_retried_batch_imports_once - assert 4 == 2\n"
        "1 failed, 1 passed in 0.31s",
        is_error=True,
    )
    tx.tick(5)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/ledger/importer.py",
            "old_string": "    return len(rows)\n",
            "new_string": "    return result.rowcount\n",
        },
    )
    tx.tick(5)
    tx.tool_call("Bash", {"command": "pytest -q tests/test_importer.py"}, "..\n2 passed in 0.29s")
    tx.tick(5)
    tx.assistant("Both tests pass.", usage_=usage())
    tx.tick(600)
    tx.user("commit")
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": f'git add -A && git commit -q -m "{_MESSAGE}" && git log --oneline -1'},
        "5b0e7c2 Dedupe ledger entries on import",
    )
    tx.tick(5)
    tx.assistant("Committed 5b0e7c2; the message says to run the dedupe script before the migration.", usage_=usage())
    tx.tick(660)
    tx.user("thanks!")
    tx.tick(3)
    tx.assistant("You're welcome.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def ledger(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    tmp = tmp_path_factory.mktemp("ledger")
    work = _parse(tmp, _ledger_session(), length="short")
    runs = event_ids(work, "tool_run")
    query, fix, migrate, grep, red, fix2, green, commit = runs
    prompts = _section_prompts(
        work,
        [
            plan_section("s1", ("opening", ["e1"]), ("discovery", [query, "e3"])),
            plan_section("s2", ("action", [fix, migrate, grep]), ("action", [red, fix2, green])),
            plan_section("s3", ("resolution", [commit])),
        ],
    )
    return work, prompts


# -- 1. the author's figure, written bare by Claude --------------------------------------------------------------


def test_a_figure_the_author_gave_is_noted_as_theirs_where_claude_writes_it_bare(ledger) -> None:
    _work, prompts = ledger
    note = next(ln for ln in prompts[0].splitlines() if "where its figures come from" in ln)
    assert "8.4M: the author wrote “8.4M” in [e1]; no output shows it" in note
    assert "8.4M is Claude's own figure" not in note


# -- 2. the outputs a story turns on ---------------------------------------------------------------------------------


def test_a_query_claude_reads_by_date_without_the_year_is_shown(ledger) -> None:
    work, prompts = ledger
    for prompt in (outline_prompt(work), prompts[0]):
        block = event_block(prompt, event_ids(work, "tool_run")[0])
        assert "not shown here" not in block
        assert "2026-10-26 | 8326 | 4176" in block


def test_a_cited_output_nobody_takes_up_is_shown_in_the_section_that_tells_it(ledger) -> None:
    work, prompts = ledger
    block = event_block(prompts[1], event_ids(work, "tool_run")[2])
    assert "Running upgrade 7c1d -> 9e4a, unique entry_id" in block and "not shown here" not in block


def test_a_rewrite_keeps_twice_the_changed_lines_of_an_edit(tmp_path: Path) -> None:
    old = "".join(f"def step_{n}():\n    return {n}\n\n" for n in range(12))
    new = "".join(f"def step_{n}():\n    return {n * 10}\n\n" for n in range(12))
    tx = Transcript(cwd=CWD, start=START)
    tx.user("scale every step by ten")
    numbered = "\n".join(f"{n:>6}→{line}" for n, line in enumerate(old.splitlines(), 1))
    tx.tool_call("Read", {"file_path": f"{CWD}/steps.py"}, numbered)
    tx.assistant("Each step returns its number.")
    tx.tool_call("Write", {"file_path": f"{CWD}/steps.py", "content": new}, "File updated", tool_use_result=None)
    tx.assistant("Every step is scaled.", usage_=usage())
    work = _parse(tmp_path, tx)
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    call = next(c for e in events for c in e.get("calls", ()) if c["name"] == "Write")
    assert call["rewrite_of"] == "read"
    assert "+    return 70" in call["diff"]  # past the 14 lines an edit's diff keeps
    assert "+    return 70" in outline_prompt(work)


# -- 3. a commit's message whole ---------------------------------------------------------------------------------


def test_a_long_commit_message_is_kept_whole_and_shown(ledger) -> None:
    work, prompts = ledger
    assert len(_MESSAGE) > MAX_COMMIT_TARGET
    block = event_block(prompts[2], event_ids(work, "tool_run")[-1])
    assert "then on the primary.”" in block
    assert "cut short here" not in block


def test_a_commit_command_cut_short_says_claudes_word_on_its_message_cannot_be_checked() -> None:
    target = 'git commit -q -m "Fix the importer / - tests: a retried batch imports once, an unchanged exp…'
    run = Event(id="e9", kind=TOOL_RUN, summary=f"Ran `{target}`", calls=[ToolCall(name="Bash", target=target)])
    line = event_line(run)
    assert "(the command is cut short here, inside its commit message, at “exp…”: what the message says past" in line
    assert "what Claude says it holds is Claude's word)" in line


# -- 4. Claude's reading of lines not shown ------------------------------------------------------------------------


def test_claudes_reading_of_a_cut_output_is_marked_as_resting_on_lines_not_shown() -> None:
    logs = "07:00:01 sync start\n… (3 more lines)\n07:14:09 sync done"
    run = Event(id="e2", kind=TOOL_RUN, calls=[ToolCall(name="Bash", target="journalctl -u sync", output=logs)])
    words = Event(id="e3", kind=ASSISTANT, text="Two runs overlapped, and the second hit `Lock wait timeout exceeded`.")
    notes = cut_reading_notes([run, words])
    assert notes["e3"] == [
        "(Claude read what [e2] (3 of its lines not shown) printed; the material shows only the lines above: "
        "tell what those lines hold as the output's, and what only the left-out lines could show as Claude's reading; "
        "`Lock wait timeout exceeded` is in no output shown here: Claude's word; never tell the reader that anything "
        "is not shown)"
    ]
    whole = Event(
        id="e2", kind=TOOL_RUN, calls=[ToolCall(name="Bash", target="cat x", output="Lock wait timeout exceeded")]
    )
    assert cut_reading_notes([whole, words]) == {}


# -- 5. room and order for the blocks a section turns on --------------------------------------------------------------


def test_a_section_with_a_change_and_its_green_run_has_room_for_both_the_run_first(ledger) -> None:
    work, prompts = ledger
    _query, fix, migrate, _grep, red, fix2, green, _commit = event_ids(work, "tool_run")
    line = next(ln for ln in prompts[1].splitlines() if ln.startswith("- Code blocks: "))
    assert line.startswith("- Code blocks: at most 2 in this section, of the 4 the post shows in all (")
    assert (
        f"show these in this order up to the limit: [{green}] (the run it turns on: its own result lines), [{fix}] "
        f"(its changed lines, in a ```diff block), [{fix2}] (its changed lines, in a ```diff block), [{red}] (its "
        f"failing output), [{migrate}] (what it "
        "printed)"
    ) in line
    assert "at most as many as each section's prompt gives (two to five in a post)" in prompts[1]


# -- 6. names as the material writes them ----------------------------------------------------------------------------


def test_a_qualified_class_and_an_errors_label_are_one_name_each() -> None:
    assert names_in("The worker logged Net::ReadTimeout, then a Database Error, and `Faraday::ConnectionFailed`.") == [
        "Net::ReadTimeout",
        "Database Error",
        "Faraday::ConnectionFailed",
    ]


def test_a_person_of_a_git_log_line_is_a_name_to_introduce_not_code() -> None:
    material = (
        "[e3] TOOLS: Ran `git log -1 --format='%h %an %s'`\n"
        "  it printed:\n"
        "    4e2b9d1 Priya Raman importer: retry whole batches\n"
        "    14:48:40  Database Error in model ledger\n"
        "[e4] CLAUDE: Priya's change retries whole batches; `Retrier` does it.\n"
        "[e5] TOOLS: Ran `cat config/importer.toml`\n"
    )
    assert code_names(["Priya Raman", "Database Error", "importer.toml", "Retrier"], material) == [
        "Database Error",
        "importer.toml",
    ]  # (a message's backticks are its words: `Retrier` is introduced from what the material shows of it)


# -- 7. a search with no match ---------------------------------------------------------------------------------------


def test_a_search_with_no_match_is_said_not_counted_as_failed(ledger) -> None:
    work, prompts = ledger
    numbers = _numbers(prompts[1])
    assert (
        "tool calls: 8 (1 failed, of them 1 test run whose tests failed: a run that reported failing tests" in numbers
    )
    assert "not counted as failed: 1 search that matched nothing, whose exit 1 is the answer" in numbers
    block = event_block(prompts[1], event_ids(work, "tool_run")[3])
    assert "(no line matched: its exit 1 is the answer, not a failure, and is not counted as failed)" in block


# -- 8. the time to the commit ------------------------------------------------------------------------------------


def test_the_numbers_give_the_time_from_the_first_message_to_the_commit(ledger) -> None:
    _work, prompts = ledger
    numbers = _numbers(prompts[0])
    assert "- Session length: 28 min (" in numbers
    assert "; from the author's first message to the last commit: 16 min\n" in numbers
    assert "or the time from the author's first message to the commit (16 min, said as that)" in numbers


# -- 9. languages whose verbs agree in gender ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "name", "said"),
    [("pl", "Polish", True), ("ar", "Arabic", True), ("en", "English", False), ("fr", "French", False)],
)
def test_a_language_whose_verbs_agree_in_gender_is_told_which_forms_claude_takes(
    tmp_path: Path, language: str, name: str, said: bool
) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("policz wpisy")
    tx.tool_call("Bash", {"command": "wc -l entries.csv"}, "812 entries.csv")
    tx.assistant("812 wierszy.", usage_=usage())
    prompt = outline_prompt(_parse(tmp_path, tx, language))
    rule = f"In {name}, verbs and adjectives agree in gender, so no sentence about Claude is neutral: give Claude"
    assert (rule in prompt) is said
    if said:
        assert "the masculine forms in every sentence of every section" in prompt


# -- 10. short's range -----------------------------------------------------------------------------------------------


def test_short_is_said_as_its_range_and_a_thin_section_as_a_ceiling(ledger) -> None:
    _work, prompts = ledger
    assert "- Length: short: 800 to 1,200 words in all. Never more; fewer only where the material holds" in prompts[0]
    assert "a ceiling, not a target: a short session" not in prompts[0]
    # every section a range, a thin one too (round 50: "a ceiling, not a target" gave a draft under half the post's
    # floor)
    assert re.search(
        r"\nLength: \d+ to \d+ words: (?:its share|what its material holds, less than an even share) of the [\d,]+ "
        r"the post's \d sections take together",
        prompts[2],
    )
    # and the post's length, under short's 800 words, is said to win (stop 47: two answerers of fresh17's prompts
    # asked which of the two lengths to keep); one figure, the outline's (material round 63)
    planned = re.search(
        r"in a post of about ([\d,]+) with its opening and ending \(under the 800 to 1,200 of its length, short: "
        r"this session's material holds no more, so that is the post's length; never stretch the section toward it\)",
        " ".join(prompts[2].split()),
    )
    assert planned and int(planned.group(1).replace(",", "")) < 800
