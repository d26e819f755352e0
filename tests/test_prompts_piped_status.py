"""`$?` read after a pipeline is the pipeline's last command's status, and the material says so.

A Korean session of a set written blind (fresh24's hagwon, stop 52) ran `./gradlew test -q 2>&1 | tail -5; echo
"exit=$?"`: it printed `exit=0`, `tail`'s status, and Claude said every test passed; a model answering retell's
prompts told "exit=0" as the tests' result. The note under the run says whose status it is; with `pipefail`, or with
no pipe, there is no note.
"""

from __future__ import annotations

import pytest

from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.run_notes import piped_status_notes


def _run(command: str, output: str = "exit=0") -> list[Event]:
    return [Event(id="e17", kind=TOOL_RUN, ts=None, calls=[ToolCall("Bash", command, output=output)])]


def test_status_after_a_piped_test_run_is_the_last_commands() -> None:
    notes = piped_status_notes(_run('./gradlew test -q 2>&1 | tail -5; echo "exit=$?"'))
    assert list(notes) == ["e17"]
    (note,) = notes["e17"]
    assert "`tail -5`'s, the pipeline's last command, not `./gradlew test -q 2>&1`'s" in note
    assert "does not say whether the check passed" in note


@pytest.mark.parametrize(
    "command",
    [
        'set -o pipefail; ./gradlew test -q 2>&1 | tail -5; echo "exit=$?"',
        './gradlew test -q; echo "exit=$?"',
        "pytest -q 2>&1 | tail -3",
        'cat log.txt | grep ERROR; echo "exit=$?"',
    ],
)
def test_no_note_where_the_status_is_the_checks_or_none_is_read(command: str) -> None:
    assert piped_status_notes(_run(command)) == {}


def test_a_piped_status_is_no_result_worth_showing() -> None:
    from retell.write.material import decisive_results

    piped = _run('./gradlew test -q 2>&1 | tail -5; echo "exit=$?"')
    assert decisive_results(piped) == []
    whole = _run("./gradlew test -q 2>&1 | tail -1", output="BUILD SUCCESSFUL in 12s")
    assert decisive_results(whole) == ["- [e17] `./gradlew test -q 2>&1 | tail -1` said: BUILD SUCCESSFUL in 12s"]


@pytest.mark.parametrize(
    "command", ["head -20 vitest.config.ts", "sed -n 1,40p test/a.test.ts && cat vitest.config.ts"]
)
def test_a_runners_own_config_file_shown_is_no_test_run(command: str) -> None:
    """fresh24's expensas: a `sed` of a test file and a `cat` of vitest's config were told as "Ran tests"."""
    from retell.extract.tools import is_test_command

    assert not is_test_command(command)
    assert is_test_command("npx vitest run --config vitest.config.ts")


def test_a_commit_then_its_log_shows_the_new_commit_as_its_result() -> None:
    """fresh24's weichen: `git commit … && git log --oneline -2` printed the new commit, then the one before it, and
    the result worth showing was the older one (the output's last line)."""
    from retell.write.material import decisive_results

    run = _run(
        'git add src/main.cpp && git commit -qm "DCC decoder" && git log --oneline -2',
        output="b71c3e9 DCC decoder\n4fa2d10 Servo end positions calibrated",
    )
    (shown,) = decisive_results(run)
    assert shown.endswith("` said: b71c3e9 DCC decoder")
