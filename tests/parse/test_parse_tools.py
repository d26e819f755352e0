"""Tool calls as compact actions, their errors and test outcomes, and runs of them as one sentence."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import CWD, Transcript, events, kinds


def _runs(result) -> list[dict]:
    return events(result, "tool_run")


@pytest.mark.parametrize(
    ("name", "tool_input", "target"),
    [
        ("Read", {"file_path": f"{CWD}/src/app/main.py"}, "src/app/main.py"),
        ("Read", {"file_path": "/etc/hosts"}, "/etc/hosts"),
        ("Edit", {"file_path": f"{CWD}/README.md", "old_string": "a", "new_string": "b"}, "README.md"),
        ("Bash", {"command": "npm run build", "description": "Build"}, "npm run build"),
        ("Bash", {"command": "cd web && \\\n  npm ci\nnpm test"}, "npm ci …"),  # the cd is not the work
        ("Grep", {"pattern": "def load_.*config", "path": "src", "output_mode": "content"}, "def load_.*config in src"),
        ("Glob", {"pattern": "**/*.toml"}, "**/*.toml"),
        (
            "WebFetch",
            {"url": "https://docs.python.org/3/library/re.html", "prompt": "flags?"},
            "https://docs.python.org/3/library/re.html",
        ),
        ("WebSearch", {"query": "orjson surrogates"}, "orjson surrogates"),
        (
            "TodoWrite",
            {
                "todos": [
                    {"content": "a", "status": "completed"},
                    {"content": "b", "status": "pending"},
                    {"content": "c", "status": "in_progress"},
                ]
            },
            "3 items, 1 done",
        ),
        ("mcp__github__get_issue", {"owner": "o", "repo": "r", "issue_number": 7}, None),
    ],
)
def test_compact_target_per_tool(tx: Transcript, parse, name: str, tool_input: dict, target: str) -> None:
    tx.tool_call(name, tool_input, "done")
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["name"] == name
    assert run["calls"][0].get("target") == target


def test_tool_input_bulk_never_reaches_the_events(tx: Transcript, parse) -> None:
    big = "x = 1\n" * 5000
    tx.tool_call("Write", {"file_path": f"{CWD}/gen.py", "content": big}, "File created")
    tx.tool_call("Read", {"file_path": f"{CWD}/gen.py"}, big)
    result = parse(tx)
    # a written file's first lines may be shown as a snippet, never the file: 5,000 lines stay out
    dumped = json.dumps(result.log.to_dict())
    assert dumped.count("x = 1") <= 13
    assert "5000 lines in all" in dumped
    assert result.manifest["files"]["written"] == ["gen.py"]
    assert result.manifest["files"]["read"] == ["gen.py"]


def test_tool_error_is_flagged_with_its_first_line(tx: Transcript, parse) -> None:
    tx.tool_call(
        "Read",
        {"file_path": f"{CWD}/missing.py"},
        "<tool_use_error>File does not exist. Did you mean mising.py?\nCurrent dir: /srv</tool_use_error>",
        is_error=True,
    )
    result = parse(tx)
    (run,) = _runs(result)
    assert run["calls"][0]["error"] == "File does not exist. Did you mean mising.py?"
    assert run["errors"] == 1
    assert run["summary"] == "Read missing.py (failed)"
    assert result.manifest["counts"]["tool_errors"] == 1
    assert result.manifest["counts"]["tools"]["Read"] == {"calls": 1, "errors": 1}


def test_failed_command_error_and_summary(tx: Transcript, parse) -> None:
    tx.tool_call("Bash", {"command": "make deploy"}, "Error: Exit code 2\nmake: *** No rule", is_error=True)
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["error"] == "Error: Exit code 2"
    assert run["summary"] == "Ran `make deploy` (failed)"


def test_three_reads_in_a_row_are_one_run(tx: Transcript, parse) -> None:
    tx.user("how does auth work?")
    for name in ("session.py", "tokens.py", "middleware.py"):
        tx.tool_call("Read", {"file_path": f"{CWD}/src/auth/{name}"}, "...")
    result = parse(tx)
    assert kinds(result) == ["human", "tool_run"]
    (run,) = _runs(result)
    assert run["name"] == "read"
    assert len(run["calls"]) == 3
    assert run["summary"].startswith("Read 3 files in src/auth/")
    assert "session.py" in run["summary"]


def test_four_edits_of_one_file(tx: Transcript, parse) -> None:
    for i in range(4):
        tx.tool_call("Edit", {"file_path": f"{CWD}/src/parse.py", "old_string": f"a{i}", "new_string": f"b{i}"}, "ok")
    (run,) = _runs(parse(tx))
    assert run["summary"] == "Edited src/parse.py (4 edits)"
    assert [c["target"] for c in run["calls"]] == ["src/parse.py"] * 4


def test_text_between_calls_splits_runs(tx: Transcript, parse) -> None:
    tx.tool_call("Read", {"file_path": f"{CWD}/a.py"}, "...")
    tx.assistant("Now the other one.")
    tx.tool_call("Read", {"file_path": f"{CWD}/b.py"}, "...")
    tx.tool_call("Grep", {"pattern": "TODO"}, "a.py:1: TODO")
    result = parse(tx)
    assert kinds(result) == ["tool_run", "assistant", "tool_run", "tool_run"]
    assert [r["summary"] for r in _runs(result)] == ["Read a.py", "Read b.py", "Searched for “TODO”"]


def test_pytest_outcome(tx: Transcript, parse) -> None:
    output = (
        "============ test session starts ============\ncollected 13 items\n\n"
        "tests/test_a.py ..F.F..F.....\n\nFAILED tests/test_a.py::test_x - assert 1 == 2\n"
        "=== 3 failed, 10 passed in 1.2s ==="
    )
    tx.tool_call("Bash", {"command": "uv run pytest -q tests/"}, f"Error: Exit code 1\n{output}", is_error=True)
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["outcome"] == "3 failed, 10 passed"
    assert run["summary"] == "Ran tests: 3 failed, 10 passed"


@pytest.mark.parametrize(
    ("command", "output", "outcome"),
    [
        # Minitest, as Rails and `rake test` print it (a blind set's author found `bin/rails test` untold, stop 42)
        (
            "bin/rails test test/models",
            "Finished in 3.9s\n65 runs, 174 assertions, 0 failures, 0 errors, 0 skips",
            "65 passed",
        ),
        (
            "bundle exec rake test",
            "12 runs, 30 assertions, 2 failures, 1 errors, 1 skips",
            "2 failed, 1 error, 8 passed, 1 skipped",
        ),
        ("mix test", "Finished in 0.4 seconds\n24 tests, 0 failures", "24 passed"),
        ("swift test", "Executed 9 tests, with 1 failure (0 unexpected) in 0.2 seconds", "1 failed, 8 passed"),
        ("php artisan test", "Tests:    2 failed, 31 passed (80 assertions)", "2 failed, 31 passed"),
    ],
)
def test_more_test_runners_are_test_runs(tx: Transcript, parse, command: str, output: str, outcome: str | None) -> None:
    tx.tool_call("Bash", {"command": command}, output)
    (run,) = _runs(parse(tx))
    assert run["summary"].startswith("Ran tests"), run["summary"]
    if outcome:
        assert run["calls"][0]["outcome"] == outcome


def test_passing_test_run_among_other_commands(tx: Transcript, parse) -> None:
    tx.tool_call("Bash", {"command": "git status"}, "clean")
    tx.tool_call("Bash", {"command": "python -m pytest"}, "==== 12 passed, 1 skipped in 0.4s ====")
    (run,) = _runs(parse(tx))
    assert run["summary"] == "Ran 2 commands, one call each; tests: 12 passed, 1 skipped"


def test_exit_plan_mode_is_a_plan(tx: Transcript, parse) -> None:
    tx.tool_call("ExitPlanMode", {"plan": "1. Add the flag\n2. Test it\n"}, "User approved the plan")
    result = parse(tx)
    assert kinds(result) == ["plan"]
    assert events(result, "plan")[0]["text"] == "1. Add the flag\n2. Test it"


# -- outcomes: what an edit changed and what a command said (issue 20: "no outcomes") --------------------


def test_an_edit_keeps_its_changed_lines_as_a_compact_diff(tx: Transcript, parse) -> None:
    old = "\n".join(f"line {i}" for i in range(40))
    new = old.replace("line 20", 'headers = {"Accept": "application/rss+xml"}')
    tx.tool_call("Edit", {"file_path": f"{CWD}/fetch.py", "old_string": old, "new_string": new}, "ok")
    (run,) = _runs(parse(tx))
    diff = run["calls"][0]["diff"]
    assert diff.splitlines() == [" line 19", "-line 20", '+headers = {"Accept": "application/rss+xml"}', " line 21"]


def test_a_multi_edit_shows_each_change_and_counts_what_it_leaves_out(tx: Transcript, parse) -> None:
    edits = [{"old_string": f"a{i} = {i}", "new_string": f"a{i} = {i + 1}"} for i in range(12)]
    tx.tool_call("MultiEdit", {"file_path": f"{CWD}/m.py", "edits": edits}, "ok")
    (run,) = _runs(parse(tx))
    lines = run["calls"][0]["diff"].splitlines()
    assert lines[:3] == ["-a0 = 0", "+a0 = 1", "…"]
    assert len(lines) <= 15
    assert lines[-1].startswith("… (") and lines[-1].endswith("more changed lines)")


def test_a_failing_command_keeps_its_exit_and_telling_lines(tx: Transcript, parse) -> None:
    output = (
        "Exit code 2\n> tsc --noEmit\n\n"
        + "".join(f"noise {i}\n" for i in range(50))
        + "src/App.vue(12,3): error TS2345: Argument of type 'string' is not assignable\nFound 1 error.\n"
    )
    tx.tool_call("Bash", {"command": "npm run typecheck"}, output, is_error=True)
    (run,) = _runs(parse(tx))
    call = run["calls"][0]
    assert call["output"].splitlines() == [
        "exit 2",
        "src/App.vue(12,3): error TS2345: Argument of type 'string' is not assignable",
        "Found 1 error.",
    ]


def test_a_build_that_passes_keeps_its_last_telling_lines(tx: Transcript, parse) -> None:
    tx.tool_call(
        "Bash", {"command": "pnpm build"}, "vite v5\ntransforming...\n✓ 42 modules transformed.\nbuilt in 1.2s"
    )
    tx.tool_call("Bash", {"command": "ls -la"}, "a\nb\nc")
    first, *_ = _runs(parse(tx))
    calls = first["calls"]
    # a short output is kept whole (round 45: `time`'s lines had crowded out the lines printed after them)
    whole = ["vite v5", "transforming...", "✓ 42 modules transformed.", "built in 1.2s"]
    assert calls[0]["output"].splitlines() == whole
    assert calls[1]["output"] == "a\nb\nc"  # any other command: what it printed, as it printed it


def test_a_long_build_that_passes_keeps_its_last_telling_lines(tx: Transcript, parse) -> None:
    steps = "\n".join(f"transforming src/part{n}.ts" for n in range(12))
    tx.tool_call("Bash", {"command": "pnpm build"}, f"vite v5\n{steps}\n✓ 42 modules transformed.\nbuilt in 1.2s")
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["output"].splitlines() == ["✓ 42 modules transformed.", "built in 1.2s"]


def test_a_commit_keeps_its_summary(tx: Transcript, parse) -> None:
    tx.tool_call(
        "Bash",
        {"command": 'git commit -m "Keep bytes"'},
        "[fix/garbled 1a2b3c4] Keep bytes\n 3 files changed, 40 insertions(+), 9 deletions(-)",
    )
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["output"].splitlines() == [
        "[fix/garbled 1a2b3c4] Keep bytes",
        "3 files changed, 40 insertions(+), 9 deletions(-)",
    ]


# -- what any other command printed (the hand-off post of ba79134d: "Ran 2 commands", the `base` lost) ------


def _conda_detour(tx: Transcript) -> None:
    """The end of session ba79134d: activation does not persist in Claude's shell, and `echo` says so."""
    tx.user("conda activate aie311")
    tx.tool_call("Bash", {"command": "source activate aie311", "description": "Activate aie311"}, "")
    tx.tool_call("Bash", {"command": "echo $CONDA_DEFAULT_ENV", "description": "Check the environment"}, "base")
    tx.assistant("The environment activation didn't persist in the bash session.")


def test_a_successful_command_keeps_what_it_printed(tx: Transcript, parse) -> None:
    _conda_detour(tx)
    (run,) = _runs(parse(tx))
    assert run["summary"] == "Ran 2 commands, one call each"
    assert [(c["target"], c["output"]) for c in run["calls"]] == [
        ("source activate aie311", "(no output)"),
        ("echo $CONDA_DEFAULT_ENV", "base"),
    ]


def test_a_long_output_keeps_its_first_and_last_lines(tx: Transcript, parse) -> None:
    listing = "# conda environments:\n#\n" + "".join(f"env{i:02}   /opt/conda/envs/env{i:02}\n" for i in range(30))
    tx.tool_call("Bash", {"command": "conda info --envs"}, "\x1b[1m" + listing + "\n\n")
    (run,) = _runs(parse(tx))
    assert run["calls"][0]["output"].splitlines() == [
        "# conda environments:",
        "#",
        "env00   /opt/conda/envs/env00",
        "… (26 more lines)",
        "env27   /opt/conda/envs/env27",
        "env28   /opt/conda/envs/env28",
        "env29   /opt/conda/envs/env29",
    ]


def test_a_key_block_the_excerpt_would_split_is_left_out_whole(tx: Transcript, parse) -> None:
    body = [("MIIEpAIBAAKCAQEA" + "x" * 48)[:64]] + [("Qk" + str(i) * 62)[:64] for i in range(10)]
    key = ["-----BEGIN RSA PRIVATE KEY-----", *body, "-----END RSA PRIVATE KEY-----"]
    tx.tool_call("Bash", {"command": "cat deploy/id_rsa"}, "\n".join(["# deploy key", "", *key]))
    tx.tool_call("Bash", {"command": "tail deploy/notes"}, "\n".join([*key, "rotated in May", "ok"]))
    runs = _runs(parse(tx))
    outputs = [c["output"] for run in runs for c in run["calls"]]
    assert outputs[0].splitlines() == ["# deploy key", "… (13 more lines)"]
    assert outputs[1].splitlines() == ["… (13 more lines)", "rotated in May", "ok"]
    assert not any("MIIE" in o or "Qk" in o for o in outputs)


def test_events_with_outputs_are_byte_identical_across_parses(tx: Transcript, tmp_path: Path) -> None:
    from retell.claude.locate import SessionRef
    from retell.parse import ParseOptions, parse_to_workdir

    _conda_detour(tx)
    tx.tool_call("Bash", {"command": "ls"}, "\n".join(f"f{i}.py" for i in range(40)))
    session = tx.write(tmp_path / "s.jsonl")
    written = []
    for name in ("a", "b"):
        parse_to_workdir(SessionRef(session, session.stem), tmp_path / name, ParseOptions())
        written.append((tmp_path / name / "events.json").read_bytes())
    assert written[0] == written[1]
    assert "f0.py\\nf1.py\\nf2.py\\n… (34 more lines)".encode() in written[0]


def test_a_commit_line_a_command_only_printed_is_no_commit_of_the_session(tx: Transcript, parse) -> None:
    from retell.events import Event
    from retell.extract.commits import session_summaries

    tx.tool_call("Bash", {"command": "cat notes/release.txt"}, "[main 1a2b3c4] Add the feed cache layer\nshipped")
    tx.tool_call(
        "Bash", {"command": 'git commit -m "Keep bytes in the cache"'}, "[main 9f8e7d6] Keep bytes in the cache"
    )
    runs = [Event.from_dict(run) for run in _runs(parse(tx))]
    assert session_summaries(runs) == ["Keep bytes in the cache"]


def test_a_long_coloured_test_run_keeps_its_last_telling_lines() -> None:
    """The telling lines of an output are looked for from its end: the last ones are kept, colour codes off,
    as when every line was looked at."""
    from retell.extract.tools import command_output

    lines = [f"\x1b[32mtests/test_{i}.py::test_ok PASSED\x1b[0m" for i in range(3000)]
    lines[2990] = "\x1b[31mtests/test_x.py::test_bad FAILED\x1b[0m"
    lines += ["", "\x1b[1m=== 1 failed, 2999 passed in 9.1s ===\x1b[0m", "\u2028"]
    assert command_output("Exit code 1\n" + "\n".join(lines), True) == "\n".join(
        [
            "failed",  # (the exit line is beyond the last 20,000 characters read)
            "… (2998 earlier lines like these)",  # said, never silently left out; counted past what was read too
            "tests/test_2998.py::test_ok PASSED",
            "tests/test_2999.py::test_ok PASSED",
            "=== 1 failed, 2999 passed in 9.1s ===",
        ]
    )
