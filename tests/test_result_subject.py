"""Claude's closing "now" sentence says what the work now does only when it names what does it: "It runs end to
end now", "Everything works now" or "Jetzt läuft alles" name nothing a reader of a title or heading can see, and
fresh18's birdcall session was titled "It runs end to end now" (judged unusable, stop 48). Our own wording."""

from __future__ import annotations

import pytest

from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.extract.result import claude_result


def _closing(text: str) -> list[Event]:
    edit = ToolCall("Edit", target="/srv/demo/proj/loader.py", output="ok")
    return [Event(TOOL_RUN, id="t1", calls=[edit]), Event(ASSISTANT, id="a1", text=text)]


@pytest.mark.parametrize(
    "text",
    [
        "It runs end to end now. Summary: the cache was keyed by file name only.",
        "Ça compile maintenant sur les deux cibles.",
        "Jetzt läuft es wieder durch, auch auf dem Server.",
        "Esto funciona ahora también en producción.",
    ],
)
def test_a_result_whose_subject_names_nothing_is_no_result(text: str) -> None:
    assert claude_result(_closing(text)) == ""


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("The loader now reads each clip once. Details below.", "The loader now reads each clip once"),
        ("Itineraries now keep their order after a reload.", "Itineraries now keep their order after a reload"),
        ("Der Export schreibt jetzt jede Zeile einmal.", "Der Export schreibt jetzt jede Zeile einmal"),
        ("Everything lines up on both layouts now.", "Everything lines up on both layouts now"),
        ("This endpoint now returns 404 for a missing id.", "This endpoint now returns 404 for a missing id"),
        ("Das Skript läuft jetzt ohne Fehler durch.", "Das Skript läuft jetzt ohne Fehler durch"),
    ],
)
def test_a_result_that_names_its_subject_stands(text: str, result: str) -> None:
    assert claude_result(_closing(text)) == result
