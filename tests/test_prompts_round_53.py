"""The edits a blind editor needed on four drafts a model wrote answering retell's prompts for two fresh19 sessions
(a dbt project told in English, a LINE bot told in Traditional Chinese), by class, each fixed at what the prompt
gave, withheld or asked, and asserted on the prompt a model receives, from a session in Claude Code's record format
written for these tests (another project, other figures and names than those sessions'):

1. Calls sent in one batch told as if each waited for the other's result ("lint passed, then Claude committed",
   of a commit sent with the tests and lint): the material showed one run of two commands and said nothing of it.
2. A test that failed in one run told as "kept failing": nothing counted the runs of the tests.
3. A grouped query's summed column told as single amounts: nothing said what the output's columns were.
4. Padding: a package install's progress lines ("Progress: resolved 312 …") offered as a result worth showing.
5. Style in the rules every call shares: a quote inside a quote in the same marks; test names shown bare; a value
   (a UTC timestamp for a local midnight) given without what it stands for; a paragraph whose search reads as
   explaining the sentence before it.
6. Headings: a chain of steps in one heading; a heading whose counts or act say other than what happened.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, tool_use_block, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.run_notes import failure_count_notes, is_install, one_run_notes, query_column_notes

START = datetime(2026, 10, 2, 8, 40, tzinfo=timezone.utc)
CWD = "/home/ines/src/freight-report"
PROJECTS = "claude/projects/-home-ines-src-freight-report"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

QUERY = (
    'sqlite3 -header -column data/freight.db "select carrier, count(*) parcels, sum(weight_g)/1000.0 kg '
    'from shipments where week = 39 group by carrier having count(*) > 1 order by kg desc"'
)
_TABLE = "carrier  parcels  kg\n-------  -------  -----\nDHL      4        81.25\nGLS      2        12.5"
_INSTALL = (
    "Collecting tabulate\n  Downloading tabulate-0.9.0-py3-none-any.whl (35 kB)\nSuccessfully installed tabulate-0.9.0"
)
_FAIL = "F.......\nFAILED tests/test_weekly.py::test_one_row_per_parcel - assert 6 == 4\n1 failed, 7 passed in 0.41s"
_PASS = "........\n8 passed in 0.38s"
_LINT = "All checks passed!"
_COMMIT = "[main 4c1d2e9] weekly: count each parcel once\n 2 files changed, 14 insertions(+), 3 deletions(-)"


def _freight_session() -> Transcript:
    """A weekly report counting parcels twice: a grouped query, an install, a fix, a test that fails once and then
    passes, and the tests, lint and commit sent in one batch."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the weekly freight report counts some parcels twice. fix it, add a test, tests and lint must pass first")
    tx.tick(5)
    tx.tool_call("Bash", {"command": QUERY}, _TABLE)
    tx.tick(4)
    tx.assistant("DHL has 4 rows for week 39: the join with `labels` repeats a parcel per label.", usage_=usage())
    tx.tool_call("Bash", {"command": "pip install tabulate"}, _INSTALL)
    tx.tick(3)
    tx.assistant("Now the fix: one row per parcel before the join.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/report/weekly.py",
            "old_string": "rows = join(p, l)",
            "new_string": "rows = join(p, first(l))",
        },
        "ok",
    )
    tx.tick(6)
    tx.tool_call("Bash", {"command": "pytest -q"}, f"Exit code 1\n{_FAIL}", is_error=True)
    tx.tick(5)
    tx.assistant("The test's fixture still has two labels on one parcel; fixing the expectation.", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/tests/test_weekly.py", "old_string": "== 6", "new_string": "== 4"},
        "ok",
    )
    tx.tick(8)
    test_id, commit_id = tx.new_tool_id(), tx.new_tool_id()
    tx.assistant(
        tool_use_block("Bash", {"command": "pytest -q && ruff check ."}, test_id),
        tool_use_block("Bash", {"command": "git commit -qam 'weekly: count each parcel once'"}, commit_id),
    )
    tx.tick(2)
    tx.tool_result(test_id, f"{_PASS}\n{_LINT}")
    tx.tool_result(commit_id, _COMMIT)
    tx.tick(3)
    tx.assistant("Committed `4c1d2e9`; the 8 tests and lint pass.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def freight(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("freight")
    work = parse_work(tmp, _freight_session(), PROJECTS)
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "Parcels counted twice in a weekly report",
        "hook": "The weekly report counted some parcels twice.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0], words[0]]), ("action", [runs[1], runs[2]])),
            plan_section("s2", ("pivot", [runs[3], words[2], runs[4]]), ("resolution", [runs[5], words[3]])),
        ],
        "ending": "End on the commit.",
    }
    sections, finish = handoff_prompts(work, plan, f"Claude fixed the join. <!-- ev: {runs[5]} -->")
    return work, sections, finish


@pytest.fixture(scope="module")
def outline_text(freight) -> str:
    return outline_prompt(freight[0])


def _system(prompt: str) -> str:
    """A hand-off prompt's system part; a dry run's prompt (the outline's) whole."""
    return prompt.split("<system>", 1)[1].split("</system>", 1)[0] if "<system>" in prompt else prompt


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_session_is_parsed_as_the_tests_expect(freight) -> None:
    work, _sections, _finish = freight
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    last = [e for e in events if e["kind"] == "tool_run"][-1]
    assert [c["target"] for c in last["calls"]] == [
        "pytest -q && ruff check .",
        "git commit -qam 'weekly: count each parcel once'",
    ]


# -- 1. calls sent in one run: the commit never waited for the tests' result in the material --------------------------


def test_a_commit_sent_with_the_tests_is_never_told_as_made_after_they_passed(freight, outline_text: str) -> None:
    work, sections, _finish = freight
    batch = event_ids(work, "tool_run")[-1]
    for prompt in (sections[1], outline_text):
        note = _flat(event_block(prompt, batch))
        assert f"2 commands of [{batch}] are one run, with no word from Claude between them" in note
        assert (
            "nothing shows that `git commit -qam 'weekly: count each parcel once'` waited for what "
            "`pytest -q && ruff check .` printed" in note
        )
        assert "never as Claude seeing that output pass and then going on" in note


def test_the_order_rule_is_in_every_call(freight, outline_text: str) -> None:
    _work, sections, finish = freight
    for prompt in (*sections, finish, outline_text):
        text = _flat(_system(prompt))
        assert "one as done on another's result only where the material shows it waited" in text
        assert 'one failed run is "failed once", never "kept failing"' in text


def test_no_note_for_a_run_that_checks_after_it_commits_or_never_commits() -> None:
    commit = ToolCall(name="Bash", target="git commit -qam x", output="[main 1a2b3c4] x")
    tests = ToolCall(name="Bash", target="pytest -q", output="3 passed")
    build = ToolCall(name="Bash", target="make", output="ok")
    assert one_run_notes([Event(id="e4", kind=TOOL_RUN, calls=[commit, tests])]) == {}
    assert one_run_notes([Event(id="e4", kind=TOOL_RUN, calls=[build, tests])]) == {}
    assert one_run_notes([Event(id="e4", kind=TOOL_RUN, calls=[tests])]) == {}
    assert "e4" in one_run_notes([Event(id="e4", kind=TOOL_RUN, calls=[build, commit])])


# -- 2. how many runs of the tests failed ------------------------------------------------------------------------------


def test_a_test_that_failed_once_is_counted_beside_the_run(freight, outline_text: str) -> None:
    work, sections, _finish = freight
    runs = event_ids(work, "tool_run")
    failing, passing = runs[3], runs[5]
    for prompt in (sections[1], outline_text):
        note = _flat(event_block(prompt, failing))
        assert (
            f"the session's runs of the tests around this one, in order: [{failing}] 1 failed, 7 passed; "
            f"[{passing}] 8 passed." in note
        )
        assert 'never "kept failing" beyond them' in note
        assert "runs of the tests" not in event_block(prompt, passing)


def _run(event_id: str, failed: bool) -> Event:
    call = ToolCall(name="Bash", target="go test ./...", error="Exit code 1" if failed else None)
    return Event(id=event_id, kind=TOOL_RUN, calls=[call])


def test_a_long_stretch_of_failures_is_counted_not_listed() -> None:
    session = [_run("e1", False), *(_run(f"e{i}", True) for i in range(2, 9)), _run("e9", False)]
    notes = failure_count_notes(session, session)
    assert list(notes) == ["e2"]
    assert (
        "[e1] went through; [e2] failed; [e3] failed; … (4 more failing runs); [e8] failed; [e9] went through"
        in notes["e2"][0]
    )
    assert failure_count_notes(session[:3], session[:3])["e2"][0].count("none after") == 1
    assert failure_count_notes(session) == {}  # a part of the session cannot count its runs


def test_a_dbt_build_counts_as_a_run_of_the_tests_and_a_file_name_does_not() -> None:
    build = ToolCall(name="Bash", target="sed -i 3d x.yml && dbt build --select orders+", error="Exit code 1")
    named = ToolCall(name="Bash", target="git add pytest.ini && git commit -qm y")
    session = [Event(id="e2", kind=TOOL_RUN, calls=[build]), Event(id="e3", kind=TOOL_RUN, calls=[named])]
    assert "[e2] failed; none after" in failure_count_notes(session, session)["e2"][0]


# -- 3. a grouped query's columns --------------------------------------------------------------------------------------


def test_a_grouped_querys_summed_columns_are_said(freight, outline_text: str) -> None:
    work, _sections, _finish = freight
    query = event_ids(work, "tool_run")[0]
    note = _flat(event_block(outline_text, query))
    assert (
        "`parcels` is `count(*)` and `kg` is `sum(weight_g)/1000.0`, each over the rows of its group "
        "(`group by carrier`)" in note
    )
    assert "never one row's amount" in note


def test_a_query_with_no_group_or_no_such_column_gets_no_note() -> None:
    total = ToolCall(name="Bash", target='psql -c "select sum(a) total from t"', output=" total\n 12")
    assert query_column_notes(total) == []
    nested = ToolCall(
        name="Bash",
        target='duckdb -c "select k, round(sum(coalesce(a, 0)), 2) as s from t group by k"',
        output="│ k │ s │\n│ x │ 3.5 │",
    )
    assert "`s` is `round(sum(coalesce(a, 0)), 2)`" in query_column_notes(nested)[0]
    unshown = ToolCall(name="Bash", target='psql -c "select k, count(*) n from t group by k"', output="(0 rows)")
    assert query_column_notes(unshown) == []


# -- 4. an install's progress is no result ----------------------------------------------------------------------------


def test_an_install_is_not_offered_as_a_result_or_a_block(freight, outline_text: str) -> None:
    work, sections, _finish = freight
    install = event_ids(work, "tool_run")[1]
    results = outline_text.split("Results worth showing", 1)[1].split("\n\n", 1)[0]
    assert "pip install" not in results and "`pytest -q && ruff check .` said" in results
    assert f"[{install}] (what it printed)" not in sections[0]
    assert is_install("pnpm add @x/y") and is_install("pip install -r req.txt")
    assert not is_install("pip install -e . && pytest -q") and not is_install("npm test")


# -- 5. the rules every call shares ------------------------------------------------------------------------------------


def test_the_style_rules_are_in_every_call(freight, outline_text: str) -> None:
    _work, sections, finish = freight
    for prompt in (*sections, finish, outline_text):
        text = _flat(_system(prompt))
        assert "A quote inside a quote takes the other kind of marks (‘…’ inside “…”, 『…』 inside 「…」)" in text
        assert "a test's name in code is introduced as a test's" in text
        assert "A value whose meaning is not plain says what it stands for where the material shows it" in text
        assert "A search that turns up a cause begins its own paragraph, and says what it explains" in text
        assert 'a wrong value the reader is pointed at is said ("a day early"), never only "the wrong date"' in text
        assert "no play on words the reader must untangle" in text


# -- 6. headings -------------------------------------------------------------------------------------------------------


def test_a_heading_is_one_thing_short_and_as_it_happened(outline_text: str) -> None:
    text = _flat(outline_text)
    assert 'never as a chain of its steps ("X, then Y, after Z, then the commit") or a title\'s words again' in text
    assert "it is short (at most about 8 words)" in text
    assert 'two tests, one of which failed, is never "two tests and a test that failed"' in text
    assert "the author's edit to Claude's file is never Claude's edit to theirs" in text
