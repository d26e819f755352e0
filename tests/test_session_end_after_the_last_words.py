"""How a session ends, told to the ending: what came after the last words, a merge as a commit, and
"uncommitted" only where a file changed.

Measured with a model in the loop on the corpus's sessions (stop 52): the finishing prompt said "The session ends on
Claude's reply [e7]: the author wrote nothing after it" where the author then ran the tests themselves (`!uv run
pytest`: 5 failed, 6 passed), which the last section had to tell; "ends on Claude's reply [e59]" where Claude
wrote and ran a script after it; "nothing was committed … say that the work stayed uncommitted" where Claude had
merged three branches with `git merge --no-ff -m …`, and in a session of questions and answers that changed no file.
"""

from __future__ import annotations

from retell.events import ASSISTANT, COMMAND, HUMAN, TOOL_RUN, Event, ToolCall
from retell.write.context import left_uncommitted, session_end

EDIT = ToolCall("Edit", "src/app.py", diff="-a\n+b")


def _run(id_: str, *calls: ToolCall) -> Event:
    return Event(id=id_, kind=TOOL_RUN, ts=None, calls=list(calls))


def test_the_authors_own_run_after_claudes_reply_ends_the_session() -> None:
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="make the parser strict"),
        _run("e2", EDIT),
        Event(id="e3", kind=ASSISTANT, ts=None, text="Done: the parser is strict now."),
        Event(id="e4", kind=COMMAND, ts=None, name="!", args="uv run pytest"),
    ]
    end = session_end(events)
    assert end.startswith("The session ends on the author's own command [e4] (`uv run pytest`), run after Claude's")
    assert "what it printed is their own check" in end
    assert "the author wrote nothing after it" not in end


def test_claudes_runs_after_its_last_reply_end_the_session() -> None:
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="it still sounds like church music"),
        Event(id="e2", kind=ASSISTANT, ts=None, text="You're right. Let me write a test that plays each layer."),
        _run("e3", ToolCall("Write", "test_no_church.py", diff="+print(1)")),
        _run("e4", ToolCall("Bash", "python test_no_church.py", output="1")),
    ]
    end = session_end(events)
    assert end.startswith("The session ends on Claude's tool run [e4], after its last reply [e2]")


def test_claudes_runs_after_the_authors_last_message_are_said() -> None:
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="ok, commit it"),
        _run("e2", ToolCall("Bash", "git commit -qam 'strict parser'", output="[main 1a2b3c4] strict parser")),
    ]
    end = session_end(events)
    assert end.startswith("The session ends on the author's message [e1], then Claude's tool runs, the last [e2]")
    assert "the last commit [e2] went through" in end


def test_a_merge_is_a_commit() -> None:
    merge = "git merge --no-ff alice/plan bob/teams -m 'merge round 1'"
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="merge their branches"),
        _run("e2", EDIT),
        _run("e3", ToolCall("Bash", merge, output="Merge made by the 'octopus' strategy.")),
        Event(id="e4", kind=ASSISTANT, ts=None, text="Merged."),
    ]
    end = session_end(events)
    assert "the last commit [e3] went through" in end
    assert "nothing was committed" not in end and not left_uncommitted(events)


def test_a_session_that_changed_nothing_is_not_told_uncommitted() -> None:
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="what tools do you have?"),
        Event(id="e2", kind=ASSISTANT, ts=None, text="Read, Edit, Bash and a few more."),
    ]
    end = session_end(events)
    assert end == "The session ends on Claude's reply [e2] (the author wrote nothing after it)."
    assert not left_uncommitted(events)


def test_a_change_left_uncommitted_is_still_said() -> None:
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="fix it"),
        _run("e2", EDIT),
        _run("e3", ToolCall("Bash", "git status --short", output=" M app.py")),
        Event(id="e4", kind=ASSISTANT, ts=None, text="Fixed."),
    ]
    end = session_end(events)
    # (material round 63: said as what happened; the finishing prompt names it among the parts still open)
    assert end.endswith(", and nothing was committed.") and left_uncommitted(events)


def test_the_authors_own_commit_with_a_bang_command_is_a_commit() -> None:
    """Stop 60: fresh38's sawmill, where the author committed with `! git commit -am …` and the finishing prompt told
    the model "nothing was committed" (a blind set writer answering it caught it)."""
    commit = 'git commit -am "parse tally with encoding/csv"'
    events = [
        Event(id="e1", kind=HUMAN, ts=None, text="fix the tally parser"),
        _run("e2", EDIT, ToolCall("Bash", "go test ./...", output="ok")),
        Event(id="e3", kind=ASSISTANT, ts=None, text="Fixed; the tests pass."),
        Event(
            id="e4",
            kind=COMMAND,
            ts=None,
            name="!",
            args=commit,
            calls=[ToolCall("Bash", commit, output="[main 7d41c0e] parse tally with encoding/csv\n 2 files changed")],
        ),
        Event(id="e5", kind=HUMAN, ts=None, text="pushed. thanks"),
    ]
    end = session_end(events)
    assert "nothing was committed" not in end
    assert "the last commit [e4] went through" in end
    assert not left_uncommitted(events)
