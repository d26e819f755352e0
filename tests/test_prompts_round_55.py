"""The edits a blind editor needed on eight drafts a model wrote answering retell's prompts for four sessions of
fresh21 and fresh22 (a Rails gift-card API and a C++ STEP viewer in English, a NestJS webhook in Brazilian
Portuguese, a Next.js taquería in Mexican Spanish), by the classes that recur across both sets, each fixed at what
the material showed or withheld, and asserted on the prompt a model receives, from a session in Claude Code's record
format written for these tests (another project, other figures and names than those sessions'):

1. A commit told as coming "only then", after the tests, in one command `go test … | tail -2 && git commit …`: a
   pipe's status is its last command's, so the commit never waited on the tests' result; and two calls of one
   run told as "one execution".
2. A branch name only Claude's closing message gives told as fact.
3. The ending calling the work proven by a test that had only ever run on the fixed code.
4. A time from the request to the commit told as working time, where most of it the author was at lunch; and
   7 min 30 s given as "8 min", told "eight minutes".
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, ToolCall
from retell.write.context import away, never_failed, to_commit
from retell.write.run_notes import claude_word_notes, one_run_notes, ungated_notes

START = datetime(2026, 11, 6, 9, 12, tzinfo=timezone.utc)
CWD = "/home/aiko/src/shop"
PROJECTS = "claude/projects/-home-aiko-src-shop"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

TEST_FILE = f"{CWD}/internal/slots/friday_test.go"
COMMIT_LINE = (
    "go test ./... 2>&1 | tail -2 && git add -A && git commit -qm 'slots: close at 18:00 on Fridays' && "
    "git log --oneline -1"
)
_OK = "ok  \texample.com/shop/internal/slots\t0.012s"
BRANCH = "fix/friday-close"


def _shop_session() -> Transcript:
    """Pickup slots offered after Friday's closing: a fix, a new test that only ever passes, a lunch, and the tests
    piped to `tail` and the commit in one command; Claude's closing message names a branch no output shows."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the booking page offers pickup slots after closing on fridays. fix it, add a test, then commit")
    tx.tick(6)
    tx.tool_call("Read", {"file_path": f"{CWD}/internal/slots/slots.go"}, "func Close(d time.Weekday) int { … }")
    tx.tick(4)
    tx.assistant("`Close` returns 20 for every day; Friday closes at 18.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/internal/slots/slots.go",
            "old_string": "return 20",
            "new_string": "if d == time.Friday {\n\t\treturn 18\n\t}\n\treturn 20",
        },
        "ok",
    )
    tx.tick(5)
    tx.tool_call(
        "Write",
        {
            "file_path": TEST_FILE,
            "content": "func TestFridayClose(t *testing.T) {\n\tif Close(time.Friday) != 18 {\n\t\tt.Fail()\n\t}\n}\n",
        },
        "File created successfully",
    )
    tx.tick(7)
    tx.tool_call("Bash", {"command": "go test ./..."}, _OK)
    tx.tick(3)
    tx.assistant("The new Friday test passes. Shall I commit?", usage_=usage())
    tx.tick(40)
    tx.user("lunch first, back in an hour")
    tx.tick(2)
    tx.assistant("Enjoy your lunch.", usage_=usage())
    tx.tick(3900)
    tx.user("back. commit it")
    tx.tick(6)
    tx.tool_call("Bash", {"command": COMMIT_LINE}, f"{_OK}\n7e41c0a slots: close at 18:00 on Fridays")
    tx.tick(3)
    tx.assistant(f"Committed `7e41c0a` on `{BRANCH}`.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def shop(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("shop")
    work = parse_work(tmp, _shop_session(), PROJECTS)
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "Friday's pickup slots",
        "hook": "The booking page offered pickup slots after closing on Fridays.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0], words[0]]), ("action", [runs[1], runs[2], runs[3]])),
            plan_section("s2", ("action", [words[1], "e2"]), ("resolution", [runs[4], words[-1]])),
        ],
        "ending": "End on the commit.",
    }
    sections, finish = handoff_prompts(work, plan, f"Claude fixed Friday's closing. <!-- ev: {runs[4]} -->")
    return work, sections, finish


@pytest.fixture(scope="module")
def outline_text(shop) -> str:
    return outline_prompt(shop[0])


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_session_is_parsed_as_the_tests_expect(shop) -> None:
    work, sections, _finish = shop
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    runs = [e for e in events if e["kind"] == "tool_run"]
    assert [c["name"] for r in runs for c in r["calls"]] == ["Read", "Edit", "Write", "Bash", "Bash"]
    assert runs[-1]["calls"][0]["target"] == COMMIT_LINE
    assert len(sections) == 2


# -- 1. a commit after a piped check in one command, and calls of one run ---------------------------------------------


def test_a_commit_after_tests_piped_to_tail_is_never_told_as_waiting_for_them(shop, outline_text: str) -> None:
    work, sections, finish = shop
    commit = event_ids(work, "tool_run")[-1]
    for prompt in (sections[1], finish, outline_text):
        note = _flat(event_block(prompt, commit))
        assert "`git commit -qm 'slots: close at 18:00 on Fridays'` comes after `go test ./... 2>&1 | tail -2`" in note
        assert "did not wait on its result: a pipeline's status is its last command's (`tail -2`)" in note
        assert "never as coming only once the check passed" in note


def test_a_check_that_gates_its_commit_gets_no_note() -> None:
    def run(command: str) -> dict[str, list[str]]:
        return ungated_notes([Event(id="e7", kind=TOOL_RUN, calls=[ToolCall(name="Bash", target=command)])])

    assert run("go test ./... && git commit -qam x") == {}
    assert run("set -o pipefail; go test ./... | tail -2 && git commit -qam x") == {}
    assert run("git commit -qam x && go test ./... | tail -2") == {}
    assert run("go test ./... | tail -2") == {}
    assert run("go test ./... | tail -2 || git commit -qam x") == {}
    assert run("echo 'a | b' && git commit -qam x") == {}
    assert "a `;` runs the next command whatever the one before did" in run("npm test; git push")["e7"][0]


def test_calls_of_one_run_are_told_as_separate_commands() -> None:
    tests = ToolCall(name="Bash", target="npm test", output="12 passed")
    commit = ToolCall(name="Bash", target="git commit -qam x", output="[main 1a2b3c4] x")
    note = _flat(one_run_notes([Event(id="e9", kind=TOOL_RUN, calls=[tests, commit])])["e9"][0])
    assert "Tell them as separate commands, never as one command or one chain" in note
    assert "never as Claude seeing that output pass and then going on" in note


# -- 2. what only Claude's words name --------------------------------------------------------------------------------


def test_a_branch_only_claude_names_is_marked_as_its_word(shop, outline_text: str) -> None:
    work, _sections, finish = shop
    closing = event_ids(work, "assistant")[-1]
    for prompt in (finish, outline_text):
        note = _flat(event_block(prompt, closing))
        assert f"(`{BRANCH}`: in no command, output or message of the author's in the session" in note
        assert "told as Claude's" in note and "never as fact" in note


def test_a_name_a_run_shows_or_a_plain_name_gets_no_note() -> None:
    push = ToolCall(name="Bash", target="git push -u origin fix/a-b")
    shown = Event(id="e3", kind=TOOL_RUN, calls=[ToolCall(name="Read", target="internal/slots/slots.go"), push])
    words = Event(id="e4", kind=ASSISTANT, text="Pushed `fix/a-b`; see `Close` in `internal/slots/` and `x/y`.")
    asked = Event(id="e1", kind=HUMAN, text="look at x/y")
    assert claude_word_notes([words], [asked, shown, words]) == {}
    fenced = Event(id="e5", kind=ASSISTANT, text="```\ngit push origin `feat/z`\n```")
    assert claude_word_notes([fenced], [fenced]) == {}
    assert claude_word_notes([words], [words]) != {}
    aside = Event(id="e6", kind=ASSISTANT, text="Run `/commit` later; scratch files go to `/tmp`.")
    assert claude_word_notes([aside], [aside]) == {}
    assert claude_word_notes([words]) == {}  # a part of the session: nothing to tell what no run shows


# -- 3. a new test only ever seen passing ----------------------------------------------------------------------------


def test_the_ending_says_a_new_test_was_only_seen_passing(shop) -> None:
    work, _sections, finish = shop
    written = event_ids(work, "tool_run")[2]
    text = _flat(finish)
    assert f"The test files Claude wrote (`friday_test.go` [{written}]) passed in every run after them" in text
    assert "it says they were only ever seen passing" in text


def test_a_new_test_seen_failing_gets_no_note() -> None:
    write = Event(id="e2", kind=TOOL_RUN, calls=[ToolCall(name="Write", target="tests/test_close.py")])
    red = Event(id="e3", kind=TOOL_RUN, calls=[ToolCall(name="Bash", target="pytest -q", outcome="1 failed")])
    green = Event(id="e4", kind=TOOL_RUN, calls=[ToolCall(name="Bash", target="pytest -q", outcome="3 passed")])
    assert never_failed([write, red, green]) == ""
    assert never_failed([write]) == ""  # never run: nothing to say of its runs
    assert "`test_close.py` [e2]" in never_failed([write, green])
    edit = Event(id="e2", kind=TOOL_RUN, calls=[ToolCall(name="Write", target="src/close.py")])
    assert never_failed([edit, green]) == ""


# -- 4. the time to the commit, and the author's pause inside it -----------------------------------------------------


def test_the_pause_inside_the_time_to_the_commit_is_said(shop, outline_text: str) -> None:
    work, sections, finish = shop
    humans = event_ids(work, "human")
    bye, back = event_ids(work, "assistant")[2], humans[-1]
    for prompt in (*sections, finish, outline_text):
        text = _flat(prompt)
        assert f"- Pauses within these times, no one at work: 1 h 05 min between [{bye}] and [{back}]." in text
        assert "never as time spent on the work" in text


def _at(event_id: str, kind: str, seconds: int, calls: list[ToolCall] | None = None) -> Event:
    ts = datetime.fromtimestamp(START.timestamp() + seconds, timezone.utc).isoformat().replace("+00:00", "Z")
    return Event(id=event_id, kind=kind, ts=ts, text="x", calls=calls)


def test_a_short_time_to_the_commit_is_given_to_the_second() -> None:
    commit = [ToolCall(name="Bash", target="git commit -qm x", output="[main 1a2b3c4] x")]
    events = [_at("e1", HUMAN, 0), _at("e2", TOOL_RUN, 450, commit)]
    assert to_commit(events) == "7 min 30 s"
    assert away(events) == ""
    events = [_at("e1", HUMAN, 0), _at("e2", ASSISTANT, 60), _at("e3", HUMAN, 2460), _at("e4", TOOL_RUN, 2500, commit)]
    assert to_commit(events) == "42 min"
    assert away(events) == "40 min between [e2] and [e3]"
