"""An author's paste they cut short themselves (a stack trace ending in a line of `...`) is told to the model as
part of the output: a real model's post called it "the whole stack trace" and a blind editor marked it a must-fix
(stop 42, in the loop on a Polish Go session)."""

from __future__ import annotations

import pytest

from retell.events import HUMAN, Event
from retell.write.material import event_line

_NOTE = "part of the output, not all of it"


@pytest.mark.parametrize(
    "text",
    [
        "it crashes:\n```\ngoroutine 7 [chan send]:\nmain.run()\n...\n```\nwhat is wrong?",
        "Fehler:\n```text\nTraceback (most recent call last):\n  …\nKeyError: 'id'\n```",
        "~~~\nERROR 1\n....\nERROR 9\n~~~",
    ],
)
def test_a_paste_the_author_cut_short_is_said_to_be_part_of_the_output(text: str) -> None:
    assert _NOTE in event_line(Event(HUMAN, id="e1", text=text))


@pytest.mark.parametrize(
    "text",
    [
        "it crashes:\n```\ngoroutine 7 [chan send]:\nmain.run()\n```\nwhat is wrong?",
        "it says ... and then nothing",
        "```python\ndef f(): ...\n```",
    ],
)
def test_a_whole_paste_or_a_mere_ellipsis_gets_no_such_note(text: str) -> None:
    assert _NOTE not in event_line(Event(HUMAN, id="e1", text=text))
