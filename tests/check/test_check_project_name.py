"""The project's name, from the folder the session ran in, is a name the session shows: the offline engine opens a
post with it ("a session with Claude Code on Prenotaparete"), and a session whose every tool path is relative to that
folder named it nowhere else, so `retell check` reported retell's own draft (fresh19's Android session, stop 49)."""

from __future__ import annotations

from pathlib import Path

from check_support import approved_workdir, draft_problems
from conftest import Transcript


def _relative_session(tx: Transcript) -> Transcript:
    tx.cwd = "/home/ines/AndroidStudioProjects/Quadrifoglio"
    tx.user("il bottone finisce sotto la barra dei gesti, puoi sistemarlo?")
    tx.tool_call("Read", {"file_path": "app/src/main/java/Booking.kt"}, 'Button(onClick = book) { Text("Prenota") }')
    tx.tool_call("Edit", {"file_path": "app/src/main/java/Booking.kt", "old_string": "a", "new_string": "b"}, "ok")
    tx.assistant("Ho aggiunto il padding per la barra di navigazione.")
    return tx


def test_the_projects_folder_name_is_a_name_the_session_shows(tmp_path: Path, tx: Transcript) -> None:
    work = approved_workdir(tmp_path, _relative_session(tx))
    problems = draft_problems(work, "I worked on Quadrifoglio, where the booking button sat under the gesture bar.")
    assert not [p for p in problems if "Quadrifoglio" in p], problems


def test_a_project_the_session_never_ran_in_is_still_reported(tmp_path: Path, tx: Transcript) -> None:
    work = approved_workdir(tmp_path, _relative_session(tx))
    problems = draft_problems(work, "I worked on Trifoglio, where the booking button sat under the gesture bar.")
    assert [p for p in problems if "Trifoglio" in p], problems
