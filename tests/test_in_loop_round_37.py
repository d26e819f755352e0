"""What a model in the loop (round 37: three corpus sessions answered through the hand-off engine, one in
Japanese, one of two chapters twelve hours apart, one post of two sessions) was given wrong or not at all, each
the cause of an edit an editor made to the post (docs/prompts.md, "Round 37"):

1. The author's reply when they turned a shell call down in an IDE (Claude Code 2.x in VS Code) stood as the
   command's output ("`git commit …` said: failed / please add transformer.js too first"), and was cut at 160
   characters: the post dropped half of what the author proposed.
2. A failed subagent's error stopped at "Task failed due to the following issue:": the reason was on the next
   line, and the post guessed that the same request had been sent again.
3. A search's folder was left out ("Ran 2 searches (“**/*.md”)"), so slash-command lookups read as a search of
   the project's documents.
4. One pause was said two ways in one prompt: "five minutes after the previous one ended" (floored) and "6 min
   after the chapter before ended" (rounded).
5. The marker example repeated one id (`<!-- ev: e2 e2 -->`) when the material had one message.
6. Claude's IDE links (`[next.config.js](cci:1://file://…)`) reached the material as links no post may carry.
7. The prompts did not say the model cannot see images (a post described "a screenshot of the network panel"),
   and the outline's own strings ("most of an hour", "the evening's work") escaped the prose's rules.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from conftest import Transcript, image_block, make_png, text_block
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app
from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event
from retell.report import gap_phrase
from retell.write.context import example_ids
from retell.write.facts import format_duration
from retell.write.material import event_line

runner = CliRunner()
START = datetime(2025, 10, 3, 23, 51, tzinfo=timezone.utc)
PROPOSAL = (
    "So if I do https://www.example.org/tokenizer/index.html that works – but would this fix work in the "
    "standalone repo, or should we redirect to https://www.example.org/tokenizer/index.html instead?"
)
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, *sessions: Transcript) -> Path:
    folder = tmp_path / "claude" / "projects" / "-home-robin-site"
    paths = [str(tx.write(folder / f"{tx.session_id}.jsonl")) for tx in sessions]
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", *paths, "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _outline_prompt(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def _events(work: Path) -> list[dict]:
    return json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]


def _ide_session(version: str = "2.0.5") -> Transcript:
    tx = Transcript(cwd="/home/robin/site", start=START, version=version)
    tx.user("Move the tokenizer into its own repo and add a base tag so its assets load.")
    tx.assistant("Adding the base tag, then committing.")
    commit = {"command": 'git add -A && git commit -m "Add base tag"'}
    tx.tool_call("Bash", commit, PROPOSAL, is_error=True, tool_use_result="Error: " + PROPOSAL)
    tx.assistant("Good catch! The base tag only works on the main site.")
    tx.tool_call("Bash", {"command": "npm test"}, "Exit code 1\n1 failed", is_error=True)
    # a command's output that is not what Claude Code records of a reply (no `toolUseResult: "Error: …"`)
    tx.tool_call("Bash", {"command": "cargo test"}, "test result: FAILED. 3 passed; 1 failed", is_error=True)
    tx.tool_call("Bash", {"command": "claude --version"}, "This command requires approval", is_error=True)
    tx.assistant("Done.")
    return tx


# -- 1. the author's words when they turn a shell call down in an IDE -----------------------------------------


def test_a_shell_call_turned_down_in_an_ide_gives_the_authors_words_whole(tmp_path: Path) -> None:
    work = _parse(tmp_path, _ide_session())
    events = _events(work)
    said = [e for e in events if e["kind"] == HUMAN]
    assert [e["text"] for e in said][1:] == [PROPOSAL]  # whole: the second half is what the post needed
    runs = [e for e in events if e["kind"] == TOOL_RUN]
    assert runs[0]["calls"][0]["error"] == "turned down by the author"
    assert "output" not in runs[0]["calls"][0]  # not the command's output
    assert said[1]["id"] == f"e{int(runs[0]['id'][1:]) + 1}"  # right after the call it answers
    # a command's own failure and Claude Code's refusal stay what they are
    assert "1 failed" in json.dumps(runs[1:]) and "This command requires approval" in json.dumps(runs[1:])
    prompt = _outline_prompt(work)
    assert f"AUTHOR: {PROPOSAL}" in prompt
    assert "— turned down by the author" in prompt
    assert "said:\n    failed\n    So if I do" not in prompt


def test_before_claude_code_2_a_shell_error_is_the_commands_output(tmp_path: Path) -> None:
    """Claude Code 1.x printed a failing command's output without "Exit code N": that is no reply of the author."""
    work = _parse(tmp_path, _ide_session(version="1.0.51"))
    assert [e["kind"] for e in _events(work)].count(HUMAN) == 1


# -- 2. why a subagent failed ---------------------------------------------------------------------------------


def test_a_failed_subagent_says_why(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/robin/site", start=START, version="1.0.108")
    tx.user("Update CLAUDE.md to the project as it is now.")
    error = (
        "<tool_use_error>InputValidationError: Task failed due to the following issue:\n"
        "The required parameter `prompt` is missing</tool_use_error>"
    )
    tx.tool_call(
        "Task", {"subagent_type": "general-purpose", "description": "Analyze project structure"}, error, is_error=True
    )
    tx.assistant("Updated CLAUDE.md.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert (
        "failed: InputValidationError: Task failed due to the following issue: "
        "The required parameter `prompt` is missing" in prompt
    )


# -- 3. where a search looked ---------------------------------------------------------------------------------


def test_a_search_names_the_folder_it_searched(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/robin/site", start=START)
    tx.user("Update CLAUDE.md.")
    tx.tool_call("Glob", {"pattern": "**/*.md", "path": "/home/robin/.claude/commands"}, "No files found")
    tx.tool_call("Glob", {"pattern": "**/*.md", "path": "/home/robin/site/.claude/commands"}, "No files found")
    tx.tool_call("Grep", {"pattern": "rewrites", "path": "/home/robin/site"}, "next.config.js")  # the project
    tx.assistant("No commands there.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "Ran 3 searches (“**/*.md in ~/.claude/commands”, “**/*.md in .claude/commands”, “rewrites”)" in prompt


# -- 4. one pause, one figure -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seconds", "minutes"), [(336, 6), (300, 5), (90, 2), (5 * 3600 + 100, 302)])
def test_a_pause_between_sessions_is_said_with_the_figure_the_chapter_gives(seconds: int, minutes: int) -> None:
    end = datetime(2026, 1, 23, 17, 14, 20, tzinfo=timezone.utc)
    start = end + timedelta(seconds=seconds)
    said = gap_phrase(end.isoformat(), start.isoformat())
    chapter = format_duration(seconds * 1000)
    if minutes < 60:
        word = {6: "six", 5: "five", 2: "two"}[minutes]
        assert (said, chapter) == (f"{word} minutes later", f"{minutes} min")
    else:
        assert (said, chapter) == ("five hours later", "5 h 02 min")


# -- 5. the marker example names two events ---------------------------------------------------------------------


def test_the_marker_example_never_repeats_one_id() -> None:
    one_message = [
        Event(kind=HUMAN, id="e1", text="Update CLAUDE.md"),
        Event(kind=TOOL_RUN, id="e2", summary="Ran 2 searches"),
        Event(kind=TOOL_RUN, id="e3", summary="Edited CLAUDE.md"),
    ]
    assert example_ids(one_message) == ["e1", "e2"]
    assert example_ids([Event(kind=ASSISTANT, id="e16", text="Done")]) == ["e16"]
    command_first = [Event(kind="command", id="e1", name="/orchestrator"), Event(kind=ASSISTANT, id="e2", text="On it")]
    assert example_ids(command_first) == ["e1", "e2"]  # in the material's order, never `e2 e1`
    assert example_ids([]) == ["e1"]


# -- 6. Claude's IDE links --------------------------------------------------------------------------------------


def test_claudes_ide_links_reach_the_material_as_names() -> None:
    text = (
        "I need to stage the [next.config.js](cci:1://file://~/w/next.config.js:0:0-0:0) change and the "
        "redirect in [vercel.json](vercel.json:20:8-23:9); see [the docs](https://nextjs.org/docs)."
    )
    line = event_line(Event(kind=ASSISTANT, id="e34", text=text))
    assert line == (
        "[e34] CLAUDE: I need to stage the `next.config.js` change and the redirect in `vercel.json`; "
        "see [the docs](https://nextjs.org/docs)."
    )


# -- 7. what the prompts say of images and of the outline's own strings ------------------------------------------


def test_the_prompts_say_the_model_cannot_see_an_image_and_the_plan_follows_the_prose_rules(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/robin/site", start=START)
    tx.user([text_block("Two failed requests are left, can we use rewrites?"), image_block(make_png())])
    tx.assistant("Adding rewrites.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "You cannot see an image: its caption says only what the author's words near it" in prompt
    assert "follow the rules for its prose (no time of day from UTC times" in prompt
    assert 'never "most of an hour"' in prompt
    section = (Path(__file__).resolve().parents[1] / "prompts" / "section_task.md.j2").read_text(encoding="utf-8")
    assert "You cannot see them: say what one shows only as the words around it in the material do" in section
    # a diff line the material cut (`comprehensive sta…`) was shown in a post ending on a full stop, as if whole
    assert "a line ending in `…` was cut short here: in code, keep its `…` or leave the line out" in section


# -- the editor's list of the round, kept with the answers it was made from --------------------------------------

FIXTURES = Path(__file__).parent / "fixtures" / "real_answers"


def _strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for value in node.values() for s in _strings(value)]
    if isinstance(node, list):
        return [s for value in node for s in _strings(value)]
    return []


def test_the_editors_list_quotes_the_answers_and_names_the_tests_that_pin_its_fixes() -> None:
    from retell import yamlio

    listed = yamlio.load(FIXTURES / "round37-edits.yaml")
    entries = listed["edits"] + listed["false_alarms"]
    assert len(listed["edits"]) == 15
    tests = {name for name in globals() if name.startswith("test_")}
    for entry in entries:
        answers = json.loads((FIXTURES / f"{entry['run']}.json").read_text(encoding="utf-8"))
        assert any(entry["text"] in s for s in _strings(answers)), entry["text"]
        assert entry.get("fixed_by") in (None, *tests), entry["fixed_by"]
