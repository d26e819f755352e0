"""The note "only in Claude's words" under a message of Claude's names only what no run showed.

A model answering retell's prompts for a Flask app behind nginx (fresh23, in the loop, stop 51) was told that
`instance/plotwait.db` and `700/600` were Claude's word alone, where `ls -l /srv/plotwait/instance/` had printed
`plotwait.db` and the modes were numbers, not a branch or a file: it worked around true facts as if they were
unconfirmed. A branch only Claude named is still noted.
"""

from __future__ import annotations

from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.write.run_notes import claude_word_notes


def _session(claude_says: str) -> list[Event]:
    listing = ToolCall(
        name="Bash",
        target="ls -l /srv/plotwait/instance/",
        output="-rw-r--r-- 1 root root 28672 Mar  3 10:12 plotwait.db",
    )
    return [
        Event(id="e1", kind=TOOL_RUN, calls=[listing]),
        Event(id="e2", kind=ASSISTANT, text=claude_says),
    ]


def test_a_file_a_listing_showed_in_parts_and_modes_are_not_claudes_word() -> None:
    session = _session("The database `instance/plotwait.db` is root's; I set the modes to `700/600`.")
    assert claude_word_notes(session, session) == {}


def test_a_branch_only_claude_named_is_still_noted() -> None:
    session = _session("Committed on `fix/socket-perms`; the database is `instance/plotwait.db`.")
    notes = claude_word_notes(session, session)
    assert list(notes) == ["e2"]
    assert "`fix/socket-perms`" in notes["e2"][0]
    assert "plotwait.db" not in notes["e2"][0]


def test_a_path_a_subagents_own_grep_printed_is_shown() -> None:
    """blind27's writer (stop 52): `app/routers/kunto.py:31` was called "in no output", where the subagent's grep
    (e19.2) had printed that very line."""
    from retell.events import SUBAGENT, Subagent

    grep = ToolCall(
        name="Bash",
        target="grep -n 'order_by(Kunto' app/routers/kunto.py",
        output="app/routers/kunto.py:31:    viimeisin = db.query(Kunto).order_by(Kunto.paivitetty).first()",
    )
    agent = Subagent("toolu_01", description="Find the queries", events=[Event(id="e1.2", kind=TOOL_RUN, calls=[grep])])
    session = [
        Event(id="e1", kind=SUBAGENT, subagent=agent),
        Event(id="e2", kind=ASSISTANT, text="The subagent found `app/routers/kunto.py:31` and `app/raportit.py:18`."),
    ]
    notes = claude_word_notes(session, session)
    assert list(notes) == ["e2"] and "kunto.py" not in notes["e2"][0] and "`app/raportit.py:18`" in notes["e2"][0]
