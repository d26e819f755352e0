"""What the prompts left unclear to the model answering them (blind set 7's README, its last list, and the
in-loop round 37's leftovers in docs/prompts.md), each asserted on the prompt text a model receives, built from
sessions in Claude Code's own record format:

1. "Results worth showing" offered a PASSED line of a test run that failed (`… PASSED [ 85%]`).
2. "Messages from the author: 1" beside a `!` run and a `/clear`: whether the `!` run is the author's to tell.
3. A search showed its pattern, never what it found; Claude's next words were told as its result.
4. A subagent's own work (its steps) never reached the drafting prompts, only its brief and report.
5. The local clock was only in tool output; the prompts give UTC: the author's zone, when they gave it.
6. The Names rule listed Claude Code's tools (Task, Explore-Agent) and an error's words ("Host") as names.
7. An English quote in a German post: translated under `translated`, or left as it was?
8. "Never quote a start-to-end length" beside "20 minutes after the previous one ended".
9. "Subagents: 1" where the material shows two spawns, one failed before it started.
10. A two-minute session's section was asked for 913 words.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, text_block, tool_use_block
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 1, 23, 17, 13, tzinfo=timezone.utc)
CWD = "/src/experiments/claude_p"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, *sessions: Transcript, change=None) -> Path:
    folder = tmp_path / "claude" / "projects" / "-src-experiments-claude-p"
    paths = [str(tx.write(folder / f"{tx.session_id}.jsonl")) for tx in sessions]
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", *paths, "-o", str(work), "-q"]))
    if change is not None:
        ok(runner.invoke(app, ["triage", str(work), "-q"]))
        doc = yamlio.load(work / "triage.yaml")
        change(doc)
        (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _outline_prompt(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def _section_prompts(work: Path) -> dict[str, str]:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return {p.stem.split(".")[0]: p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("section-*")}


def _numbers(prompt: str) -> str:
    return prompt.split("# Numbers", 1)[1].split("# Craft", 1)[0]


def _bang(tx: Transcript, command: str, printed: str) -> None:
    tx.user(f"<bash-input>{command}</bash-input>")
    tx.user(f"<bash-stdout>{printed}</bash-stdout><bash-stderr></bash-stderr>")


def _browser_tests(tx: Transcript) -> None:
    """L1's shape: a `/clear`, the author's own failing run (only its last progress lines kept), one message."""
    tx.user(
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"
    )
    printed = "\n".join(
        [
            "test/test_timeline_browser.py::TestTimeline::test_filter_sync[chromium] FAILED [ 70%]",
            "test/test_timeline_browser.py::TestTimeline::test_filter_all[chromium] PASSED [ 75%]",
            "test/test_timeline_browser.py::TestTimeline::test_filter_edge_cases[chromium] PASSED [ 85%]",
        ]
    )
    _bang(tx, "uv run pytest -m browser -v", printed)
    tx.user("We've just done a big refactoring and a lot of the browser tests are failing.")
    tx.assistant("Let me look at the models.")


# -- 1. no PASSED line of a failed run as a result --------------------------------------------------------------


def test_a_run_that_printed_a_failure_offers_no_result_worth_showing(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    _browser_tests(tx)
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "FAILED [ 70%]" in prompt  # the run itself is told, with its failure
    assert "Results worth showing" not in prompt
    assert "said: test/test_timeline_browser.py::TestTimeline::test_filter_edge_cases" not in prompt

    tx.tool_call("Bash", {"command": "uv run pytest -m browser"}, "===== 20 passed in 3.41s =====")
    tx.assistant("All 20 browser tests pass.")
    prompt = _outline_prompt(_parse(tmp_path / "again", tx))
    assert re.search(r"^- \[e\d+\] `uv run pytest -m browser` said: 20 passed in 3\.41s$", prompt, re.M)
    assert "PASSED [ 85%]\n" not in prompt.split("Results worth showing", 1)[1]


# -- 2. what the author ran themselves is not a message, and is theirs -----------------------------------------


def test_the_numbers_say_the_authors_own_commands_are_not_counted_as_messages(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    _browser_tests(tx)
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert (
        "- Messages from the author: 1 (not counting what they ran themselves: 1 `!` shell command and "
        "1 slash command); tool calls" in _numbers(prompt)
    )
    assert re.search(r"^\[e\d+\] AUTHOR ran `uv run pytest -m browser -v` themselves \(a `!` command", prompt, re.M)


# -- 3. what a search found ---------------------------------------------------------------------------------


def test_a_search_says_what_it_found(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Why are sidechain messages not styled?")
    tx.tool_call(
        "Grep",
        {"pattern": "sidechain|sub.*assistant", "output_mode": "files_with_matches"},
        f"Found 2 files\n{CWD}/claude_code_log/models.py\n{CWD}/claude_code_log/templates/transcript.html",
    )
    tx.tool_call("Glob", {"pattern": "**/*claude*"}, "No files found")
    tx.assistant("There's an `isSidechain` field in the model.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "  “sidechain|sub.*assistant” found 2 files: models.py, transcript.html\n" in prompt
    assert "  “**/*claude*” found nothing\n" in prompt


# -- 4. a subagent's own work -------------------------------------------------------------------------------


def _explore(tx: Transcript, folder: Path, *, refused_first: bool = False) -> None:
    tx.user("Use the Explore task with Haiku to give me an overview of the code organization.")
    if refused_first:  # round 37: a spawn with no prompt, refused before it started
        refused = tx.new_tool_id()
        tx.assistant(tool_use_block("Task", {"description": "Overview", "subagent_type": "Explore"}, refused))
        tx.tool_result(
            refused,
            "<tool_use_error>InputValidationError: Task failed due to the following issue:\n"
            "The required parameter `prompt` is missing</tool_use_error>",
            is_error=True,
        )
    spawn = {"description": "Explore codebase structure", "prompt": "Map the project.", "subagent_type": "Explore"}
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", spawn, tool_id))
    agent = Transcript(tx.session_id, cwd=CWD, start=START, sidechain=True, agent_id="a2271d1")
    agent.user("Map the project.")
    agent.tool_call("Bash", {"command": "tree -L 2 /workspace/claude-code-log"}, ".\n├── claude_code_log\n└── test")
    agent.tool_call("Read", {"file_path": "/workspace/claude-code-log/README.md"}, "# Claude Code Log")
    agent.tool_call("Bash", {"command": "wc -l claude_code_log/*.py | tail -1"}, "10629 total")
    agent.assistant("The package holds 31 modules.")
    agent.write(folder / tx.session_id / "subagents" / "agent-a2271d1.jsonl")
    usage = {"agentId": "a2271d1", "totalToolUseCount": 3, "totalDurationMs": 67_000}
    tx.tool_result(tool_id, [text_block("The package holds 31 modules.")], tool_use_result=usage)
    tx.assistant("Here's an overview of the project.")


def test_a_subagents_own_steps_reach_the_prompt_with_their_ids(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    _explore(tx, tmp_path / "claude" / "projects" / "-src-experiments-claude-p")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    line = next(ln for ln in prompt.splitlines() if "SUBAGENT “Explore codebase structure”" in ln)
    assert "was asked: “Map the project.” | its own work (3 tool uses, 1 min): [e2.1] Ran `tree -L 2 " in line
    assert "; [e2.2] Read /workspace/claude-code-log/README.md; [e2.3] Ran `wc -l " in line
    assert line.endswith("| reported back: The package holds 31 modules.")


# -- 5. the author's clock ------------------------------------------------------------------------------------


def test_the_authors_clock_is_given_only_when_they_gave_their_posts_date_an_offset(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Search if claude -p can use WebSearch.")
    tx.assistant("It can, when the tool is allowed.")
    utc = _outline_prompt(_parse(tmp_path, tx))
    assert "The author's time zone is not known (UTC is not their clock)" in utc

    def paris(doc: dict) -> None:
        doc["post"]["date"] = "2026-01-23T18:13:00+01:00"

    local = _outline_prompt(_parse(tmp_path / "paris", tx, change=paris))
    assert "The author's clock was UTC+01:00 (17:13 UTC was 18:13 there): tell a time of day" in local
    assert "never in UTC. A time the author wrote" in local
    assert "time zone is not known" not in local


# -- 6. the names a section introduces ---------------------------------------------------------------------------


def test_claude_codes_tools_and_an_errors_words_are_no_names_to_introduce(tmp_path: Path) -> None:
    from retell.write.names import names_in

    assert names_in("Der Explore-Agent und das Task-Werkzeug lesen `parser.py`.", "de") == ["parser.py"]
    assert names_in("The push stopped at Host key verification failed, so Bash and WebSearch tried GitHub.") == [
        "GitHub"
    ]
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Push the branch to GitHub.")
    tx.tool_call("Bash", {"command": "git push"}, "Host key verification failed.", is_error=True)
    tx.assistant("The push failed: Host key verification failed. I used the Task tool and WebSearch to look.")
    work = _parse(tmp_path, tx)
    prompt = next(iter(_section_prompts(work).values()))
    assert "Claude Code's own tools (Bash, Read, Task, WebSearch) are told only by what they did here." in prompt
    named = re.search(r"Anyone or anything (?:else )?you name(?: \(here: ([^)]*)\))?", prompt)
    assert named is not None
    for word in ("Host", "Task", "WebSearch", "Bash"):
        assert word not in (named.group(1) or "").split(", ")


# -- 7. quotes in another language ------------------------------------------------------------------------------


def test_a_quote_in_another_language_is_translated_and_marked_each_time(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Search if claude -p can use WebSearch.")
    tx.assistant("It can, when the tool is allowed.")

    def german(doc: dict) -> None:
        doc["post"]["language"] = "de"

    prompt = _outline_prompt(_parse(tmp_path, tx, change=german))
    assert (
        "Words in another language than German are quoted translated, never left as they were inside German prose: put "
        "`<!-- translated: e1 -->` right after each translated quote instead (no cleaned mark), one per quote, "
        "however short." in prompt
    )


# -- 8. the time between sessions is no start-to-end length ------------------------------------------------------


def test_two_sessions_may_say_the_time_between_them(tmp_path: Path) -> None:
    first = Transcript("2b4ed4c0-b905-41de-9238-273db3ec737a", cwd=CWD, start=START)
    first.user("Search if claude -p can use WebSearch.")
    first.assistant("It can, when the tool is allowed.")
    second = Transcript(
        "29ccd257-68b1-427f-ae5f-6524b7cb6f20", cwd=CWD, start=datetime(2026, 1, 23, 17, 34, 42, tzinfo=timezone.utc)
    )
    second.user("Give me an overview of the code organization.")
    second.assistant("Here it is.")
    prompt = _outline_prompt(_parse(tmp_path, first, second))
    assert (
        "never quote a start-to-end length (the time between two sessions, as the material gives it, may be said)"
        in _numbers(prompt)
    )
    assert "# Session 2 of 2 (29ccd257), 2026-01-23 17:34 UTC, 22 minutes after the previous one ended" in prompt


# -- 9. a subagent that failed before it started ---------------------------------------------------------------


def test_the_numbers_say_a_subagent_that_failed_before_starting_is_not_counted(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    _explore(tx, tmp_path / "claude" / "projects" / "-src-experiments-claude-p", refused_first=True)
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "- Subagents: 1 (not counting 1 that failed before starting); context" in _numbers(prompt)
    assert "The required parameter `prompt` is missing" in prompt  # the failed spawn is in the material


# -- 10. a section's length follows its material -------------------------------------------------------------


def test_a_short_sessions_section_is_not_asked_for_more_than_its_material_holds(tmp_path: Path) -> None:
    from retell.write.post_budget import section_words

    tx = Transcript(cwd=CWD, start=START)
    tx.user("Update CLAUDE.md to the project as it is now.")
    tx.tool_call("Read", {"file_path": f"{CWD}/CLAUDE.md"}, "# claude_p")
    tx.tool_call("Edit", {"file_path": f"{CWD}/CLAUDE.md", "old_string": "# claude_p", "new_string": "# claude_p\n"})
    tx.assistant("Updated CLAUDE.md with the current layout.")

    def medium(doc: dict) -> None:
        doc["post"]["length"] = "medium"

    prompts = _section_prompts(_parse(tmp_path, tx, change=medium))
    asked = [
        int(m.group(1).replace(",", ""))
        for p in prompts.values()
        for m in [re.search(r"Length: [\d,]+ to ([\d,]+) words: (?:its share|what its material holds)", p)]
        if m
    ]
    # before: 1,800-2,500 over its sections, 913 or more each; now the post's one length, 150 words for its sections at
    # the least (material round 63), shared out over them
    assert asked and sum(asked) == 150, asked
    # a section with material enough keeps its share of the post
    assert section_words(913, "word " * 4000, "en") == 913
    assert section_words(913, "word " * 600, "en") == 300
    assert section_words(1218, "キ" * 200, "ja") == section_words(1218, "", "ja")  # the floor, in characters
    data = json.loads((tmp_path / "w" / "events.json").read_text(encoding="utf-8"))
    assert len(data["events"]) < 10  # (the session is as small as the round's two-minute one)
