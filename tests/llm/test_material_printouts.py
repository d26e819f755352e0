"""What commands printed, in the material a model writes from.

The hand-off post of corpus session ba79134d: its last section turns on `echo $CONDA_DEFAULT_ENV` printing
`base` (the activation did not stick in Claude's shell), but the prompt said only "[e33] TOOLS: Ran 2 commands":
neither the commands nor what they printed, so a model could not tell the turn, or made the output up. Now a
run of several commands names them, and under it stands what the commands that matter printed, within a
budget, through the same cleared view (redaction) as the rest of the material.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import Transcript
from llm_support import FAKE_GITHUB_TOKEN, PLACEHOLDER, isolate, make_workdir, ok, run

from retell.events import Event, ToolCall
from retell.write.material import PRINTED_CHARS, decisive_results, render_material

ENVS = "# conda environments:\n#\nbase                  *  /opt/anaconda3\n"
ENVS += "aie311                   /opt/anaconda3/envs/aie311\n"
ENVS += "".join(f"env{i:02}                    /opt/anaconda3/envs/env{i:02}\n" for i in range(12))


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def conda_session() -> Transcript:
    """The end of ba79134d as it happened: a conda environment made, 'activated', asked about, activated again."""
    tx = Transcript()
    tx.user("create a conda environment to run this. name it aie[xxx] with [xxx] being the python version")
    tx.tool_call("Bash", {"command": "python --version"}, "Python 3.11.5")
    tx.tool_call(
        "Bash",
        {"command": "conda create -n aie311 python=3.11 -y"},
        "Collecting package metadata: done\nSolving environment: done\n"
        + "".join(f"  package-{i}    1.{i}    build_{i}\n" for i in range(40))
        + "Preparing transaction: done\nExecuting transaction: done\n# To activate this environment, use\n"
        "#     $ conda activate aie311",
    )
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/CLAUDE.md", "old_string": "## Dev", "new_string": "## Dev\n"})
    tx.assistant("Created conda environment `aie311` with Python 3.11.")
    tx.user("conda activate aie311")
    tx.tool_call("Bash", {"command": "conda activate aie311"}, "")
    tx.assistant("Environment activated.")
    tx.user("which conda environment am i in?")
    tx.tool_call("Bash", {"command": "conda info --envs"}, ENVS)
    tx.assistant("You're currently in the `base` environment (marked with `*`).")
    tx.user("conda activate aie311")
    tx.tool_call("Bash", {"command": "source activate aie311"}, "")
    tx.tool_call("Bash", {"command": "echo $CONDA_DEFAULT_ENV"}, "base")
    tx.assistant("The environment activation didn't persist in the bash session.")
    return tx


def section_material(work: Path) -> str:
    """The material of the one section of a dry-run draft (its prompt, as a model would be sent it)."""
    from retell import yamlio

    ids = [e["id"] for e in json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]]
    outline = {
        "schema_version": 1,
        "title": "Why conda activate did not stick",
        "title_options": ["Why conda activate did not stick"],
        "hook": "I asked Claude to activate a conda environment.",
        "description": "A conda detour.",
        "sections": [
            {
                "id": "s1",
                "heading": "The detour",
                "chapters": ["ch1"],
                "purpose": "Tell the detour.",
                "beats": [{"beat": "pivot", "treatment": "summarise", "events": ids, "note": "the turn"}],
                "images": [],
            }
        ],
        "ending": "End on the lesson.",
    }
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(outline), "outline.yaml"), backup=False)
    ok(run("draft", work, "--engine", "anthropic", "--dry-run"))
    prompt = (work / "llm" / "dry-run" / "section-s1.prompt.md").read_text(encoding="utf-8")
    return prompt.split("Material from the session", 1)[1]


def test_a_group_of_commands_names_them_and_shows_the_line_the_story_turns_on(tmp_path: Path) -> None:
    text = section_material(make_workdir(tmp_path, conda_session()))
    assert "TOOLS: Ran 2 commands, one call each: `source activate aie311`, `echo $CONDA_DEFAULT_ENV`\n" in text
    assert "  `source activate aie311` printed nothing\n  `echo $CONDA_DEFAULT_ENV` printed:\n    base\n" in text
    # the answer Claude's next words take up, its long listing cut to first and last lines
    assert re.search(
        r"TOOLS: Ran `conda info --envs`\n  it printed:\n    # conda environments:\n    #\n"
        r"    base                  \*  /opt/anaconda3\n    … \(10 more lines\)\n",
        text,
    )
    assert "TOOLS: Ran `conda activate aie311`\n  it printed nothing\n" in text
    # a short answer is shown; a long routine output nobody takes up stays a named command
    assert "  `python --version` printed:\n    Python 3.11.5\n" in text
    assert "Ran 2 commands, one call each: `python --version`, `conda create -n aie311 python=3.11 -y`\n" in text
    assert "package-" not in text and "Solving environment" not in text


def test_a_secret_a_command_printed_reaches_no_prompt_uncleared(tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("why does the deploy fail?")
    tx.tool_call("Bash", {"command": "cat .env"}, f"DEBUG=1\nGITHUB_TOKEN={FAKE_GITHUB_TOKEN}\nREGION=eu-west-1")
    tx.assistant("The GITHUB_TOKEN in .env is set; the REGION is the wrong one.")
    work = make_workdir(tmp_path, tx)
    text = section_material(work)
    assert f"  it printed:\n    DEBUG=1\n    GITHUB_TOKEN={PLACEHOLDER}\n    REGION=eu-west-1\n" in text
    ok(run("outline", work, "--engine", "anthropic", "--dry-run"))
    sent = [p for p in (work / "llm").rglob("*") if p.is_file()]
    assert len(sent) >= 2
    assert not [p.name for p in sent if FAKE_GITHUB_TOKEN in p.read_text(encoding="utf-8")]


# -- the choice and its budget, on events as the parse writes them ----------------------------------------------


def _run(ident: str, *calls: tuple[str, str]) -> Event:
    tool_calls = [ToolCall("Bash", target, output=output) for target, output in calls]
    summary = f"Ran `{calls[0][0]}`" if len(calls) == 1 else f"Ran {len(calls)} commands, one call each"
    return Event("tool_run", id=ident, summary=summary, calls=tool_calls)


def test_what_the_next_words_take_up_comes_first_and_the_rest_stays_within_the_budget() -> None:
    listing = "\n".join(f"src/module_{i}.py" for i in range(3)) + "\n… (40 more lines)\nsetup.cfg\ntox.ini\nREADME.md"
    stretch = [Event("human", id="e1", text="look around and tell me which Python we have")]
    # forty routine commands with short outputs: more than the budget holds
    stretch += [_run(f"e{i}", (f"wc -l file_{i}.txt", f"{i * 7} file_{i}.txt")) for i in range(2, 42)]
    stretch += [_run("e42", ("ls -R", listing), ("python3 --version", "Python 3.12.4"), ("git status", listing))]
    stretch += [Event("assistant", id="e43", text="The project runs on Python 3.12.4.")]
    material = render_material(stretch, 100_000)
    shown = re.findall(r"^  `[^`]+` printed:\n(?:    .*\n?)+|^  it printed:\n(?:    .*\n?)+", material.text, re.M)
    assert 0 < sum(len(block) for block in shown) <= PRINTED_CHARS
    assert "  `python3 --version` printed:\n    Python 3.12.4" in material.text  # taken up: shown first
    assert "  `git status` printed:\n    src/module_0.py" in material.text  # the last before Claude speaks
    assert "  `ls -R` printed:" not in material.text  # a long listing nobody takes up
    assert "[e42] TOOLS: Ran 3 commands, one call each: `ls -R`, `python3 --version`, `git status`\n" in material.text
    assert "[e41] TOOLS: Ran `wc -l file_41.txt`" in material.text  # not shown, still there


def test_a_plain_printout_is_no_result_worth_showing() -> None:
    stretch = [_run("e1", ("echo $CONDA_DEFAULT_ENV", "base")), _run("e2", ("pytest -q", "3 passed in 0.1s"))]
    assert decisive_results(stretch) == ["- [e2] `pytest -q` said: 3 passed in 0.1s"]


@pytest.mark.parametrize(
    ("command", "output", "verdict"),
    [
        (
            "uv run pyright",
            "0 errors, 0 warnings, 0 informations\n"
            "WARNING: there is a new pyright version available (v1.1.401 -> v1.1.402).",
            "0 errors, 0 warnings, 0 informations",
        ),
        (
            "pip install -e . && pytest -q",
            "12 passed in 0.84s\n\n[notice] A new release of pip is available: 23.2 -> 24.0\n"
            "[notice] To update, run: pip install --upgrade pip",
            "12 passed in 0.84s",
        ),
        (
            "npm test",
            "Tests:       8 passed, 8 total\nnpm notice New minor version of npm available! 10.2.4 -> 10.8.1",
            "Tests:       8 passed, 8 total",
        ),
    ],
)
def test_the_result_shown_is_the_verdict_not_an_update_notice_printed_after_it(
    command: str, output: str, verdict: str
) -> None:
    """Seen in a blind reading (claude-code-log, stop 36): pyright's "new version available" warning, printed
    after "0 errors", was offered to the model as the result worth showing."""
    assert decisive_results([_run("e7", (command, output))]) == [f"- [e7] `{command}` said: {verdict.strip()}"]


def test_a_task_list_update_does_not_hide_the_run_claude_then_reports_on() -> None:
    """blind6's K1 (stop 36): `act -j test` went green, Claude ticked its task list, then said "GitHub Action is
    working"; the material named the run but showed none of what it printed, so the post had to guess."""
    act_output = "[CI/test-1] ⭐ Run Set up job\n[CI/test-1] 🚀  Start image=catthehacker/ubuntu:act-latest\n"
    act_output += "… (333 more lines)\n[CI/test-2]   ✅  Success - Complete job\n[CI/test-2] 🏁  Job succeeded"
    todo = Event("tool_run", id="e16", summary="Updated the task list", calls=[ToolCall("TodoWrite", None)])
    stretch = [
        Event("human", id="e14", text="set up the GitHub action and try it locally"),
        _run("e15", ("act --container-architecture linux/amd64 -j test", act_output)),
        todo,
        Event("assistant", id="e17", text="Perfect! GitHub Action is working on both Python versions."),
    ]
    material = render_material(stretch, 100_000)
    assert "[e15] TOOLS: Ran `act --container-architecture linux/amd64 -j test`\n  it printed:" in material.text
    assert "🏁  Job succeeded" in material.text


def test_what_the_authors_own_command_printed_is_in_the_material() -> None:
    """A model in the loop (stop 36): the author's `!uv run pytest` ended the session, and the prompt showed the
    command with no result, so the post could not say the five rewritten tests failed under the new rule."""
    run = ToolCall("Bash", "uv run pytest test/test_names.py", outcome="5 failed, 6 passed")
    run.output = "FAILED test/test_names.py::test_nested - AssertionError\n5 failed, 6 passed in 0.37s"
    ok_run = ToolCall("Bash", "uv run pytest", outcome="11 passed", output="11 passed in 0.30s")
    stretch = [
        Event("command", id="e8", name="!", args="uv run pytest test/test_names.py", calls=[run]),
        Event("command", id="e9", name="!", args="uv run pytest", calls=[ok_run]),
    ]
    material = render_material(stretch, 100_000)
    ran = "[e8] AUTHOR ran `uv run pytest test/test_names.py` themselves (a `!` command in Claude Code)\n"
    assert ran in material.text
    assert "5 failed, 6 passed in 0.37s" in material.text
    assert "- [e9] `uv run pytest` said: 11 passed in 0.30s" in material.text  # a result worth showing


def test_a_cut_diff_says_how_many_changed_lines_it_leaves_out() -> None:
    """A model in the loop (stop 36): `… (1 more lines)` stood under a diff whose own last line said 16 more
    were cut, and the 16 held the fix."""
    diff = "\n".join(f"+line {i}" for i in range(14)) + "\n… (16 more changed lines)"  # as events.json keeps it
    edit = Event("tool_run", id="e14", summary="Edited app.py", calls=[ToolCall("Edit", "app.py", diff=diff)])
    material = render_material([edit], 100_000)
    assert "… (16 more changed lines)" in material.text
    assert "(1 more lines)" not in material.text
