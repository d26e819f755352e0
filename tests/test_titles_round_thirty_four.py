"""Titles, round thirty-four (issue 24, story34): fresh21's blind judge faulted a commit's scope capitalised from a
log's lower case ("Fov: …" where the session says "FOV") over a commit's imperative, and the author's chat line kept
as the title with its typos ("buld", "warnigs" where Claude writes "build", "warnings"). Each class is tested on
sessions built for it; every line here is our own wording, none a fresh session's.

- A. A commit's scope goes in front as the session's prose spells the thing it names ("HUD", not "Hud"), the change
  after it said as the work ("anchoring …", not "anchor …").
- B. A line of the author's taken as the title is spelled as the session spells its words elsewhere: a letter left
  out inside a word ("buld") is the word Claude or a commit wrote ("build"), in any language."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.title_focus import as_spelled
from retell.extract.typos import spelled_as_elsewhere

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# -- A. the scope as the session spells it ------------------------------------------------------------------------


def test_a_scope_is_written_as_the_session_spells_its_thing(tx: Transcript, tmp_path: Path) -> None:
    tx.user("hud STILL draws thru the minimap on ultrawide. this is the third time. fix it for real")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/ui/hud.rs"}, "fn layout() {}")
    tx.assistant("The HUD is laid out from the screen's centre, so on a 21:9 screen it lands over the minimap.")
    edit(tx, "src/ui/hud.rs")
    _bash(tx, "cargo test ui", "test result: ok. 6 passed")
    tx.assistant("All six UI tests pass.")
    tx.user("ok the HUD sits right now. commit")
    subject = "hud: block layout over the minimap on wide screens"
    _bash(tx, f'git commit -am "{subject}"', f"[main 1a2b3c4] {subject}\n 1 file changed")
    tx.assistant("Committed.")
    title = Told(tx, tmp_path).title
    assert title.startswith("HUD: "), title
    assert "blocking layout" in title, title


@pytest.mark.parametrize(
    ("name", "said", "spelled"),
    [
        ("Fov", ["fov STILL leaks", "The FOV pass reads walls", "FOV only, please"], "FOV"),
        ("Oauth", ["the OAuth callback fails", "OAuth needs the state"], "OAuth"),
        ("Worker", ["the worker dies", "The worker reads the queue"], "Worker"),  # no capitals inside: as it was
        ("Fov", ["see src/FOV/mod.rs", "fov leaks", "fov again"], "Fov"),  # a path is no prose
    ],
)
def test_the_spelling_is_the_sessions_prose(name: str, said: list[str], spelled: str) -> None:
    from retell.events import ASSISTANT, Event

    events = [Event(kind=ASSISTANT, id=f"e{i}", text=text) for i, text in enumerate(said)]
    assert as_spelled(name, events) == spelled


# -- B. the author's line without its typos ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "elsewhere", "meant"),
    [
        ("Το mkdocs buld σκάει με warnigs", {"build": 3, "warnings": 2}, "Το mkdocs build σκάει με warnings"),
        ("el buld falla", {"build": 2}, "el build falla"),
        ("the test fails", {"tests": 4}, "the test fails"),  # a letter at the end: an inflection, no slip
        ("el buld falla", {"build": 1}, "el buld falla"),  # written once elsewhere: not the session's word yet
        ("mit Sätze", {"Sätzen": 3}, "mit Sätze"),
    ],
)
def test_a_letter_left_out_inside_a_word_is_spelled_as_the_session_writes_it(
    line: str, elsewhere: dict[str, int], meant: str
) -> None:
    assert spelled_as_elsewhere(line, {k.lower(): v for k, v in elsewhere.items()}) == meant
