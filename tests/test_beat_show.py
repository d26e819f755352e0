"""A beat names the blocks it shows (stop 63). The code blocks' order read what a beat asked to show from its note's
words: in three posts of fresh43's five the ask landed on the beat's other run ("show the FAILED line" gave the
edit before it), and a Romanian note ("diff-ul reparației") was never read as asking. The outline now says it in ids:
each beat's "show" lists the events whose own lines its section shows in a code block, the one that matters most
first; a note is read only for a beat that lists none (an outline.yaml written before)."""

from __future__ import annotations

import json

from retell import yamlio
from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.draft import block_order
from retell.write.outline_model import OUTLINE_JSON_SCHEMA, Beat, Section, to_document, validate_outline


def _edit(eid: str, target: str, diff: str) -> Event:
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[ToolCall(name="Edit", target=target, diff=diff, output="ok")])


def _run(eid: str, command: str, output: str, error: str | None = None) -> Event:
    call = ToolCall(name="Bash", target=command, command=command, output=output, error=error)
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[call])


_EVENTS = [
    _edit("e6", "labels.py", "-ROW_GAP = 0\n+ROW_GAP = 2.54"),
    _run(
        "e7", "pytest -q", "FAILED test_labels.py::test_price - ValueError: '$8.00'\n1 failed, 4 passed", "Exit code 1"
    ),
    _edit("e9", "labels.py", "-    price = float(cell)\n+    price = parse_price(cell)"),
]


def _section(note: str, show: list[str]) -> Section:
    return Section(
        "s1", "Rândul care urca", ["ch1"], "Tell it.", [Beat("action", "summarise", ["e6", "e7", "e9"], note, show)]
    )


def test_the_blocks_a_beat_lists_come_first_in_its_order() -> None:
    order = block_order(_section("Testul pică la prețul cu dolar; arată linia FAILED.", ["e7", "e9"]), _EVENTS)
    assert order[0] == "[e7] (its beat asks to show it: what it printed)"
    assert order[1].startswith("[e9] (its beat asks to show it: its changed lines)")
    assert "[e6] (its beat asks" not in " ".join(order)  # the edit no one listed is no ask


def test_a_note_in_any_language_need_not_say_it() -> None:
    """The note says nothing of showing ("the repair's diff" named, no verb): the list alone decides."""
    order = block_order(_section("Diff-ul reparației pentru prețul cu dolar.", ["e9"]), _EVENTS)
    assert order[0].startswith("[e9] (its beat asks to show it")


def test_a_beat_that_lists_none_is_read_from_its_note_as_before() -> None:
    order = block_order(_section("Claude fixes the gap (show the diff of `ROW_GAP`).", []), _EVENTS)
    assert order[0].startswith("[e6] (its beat asks to show it")


def test_the_model_must_say_what_each_beat_shows() -> None:
    beat = OUTLINE_JSON_SCHEMA["properties"]["sections"]["items"]["properties"]["beats"]["items"]
    assert "show" in beat["required"] and beat["properties"]["show"]["type"] == "array"


def test_outline_yaml_keeps_the_list_and_drops_an_id_the_beat_does_not_rest_on() -> None:
    from retell.write.outline_model import Outline

    outline = Outline("T", ["T"], "Hook.", "Desc.", [_section("Note.", ["e7"])], "End.")
    text = yamlio.dumps(to_document(outline))
    assert "show: [e7]" in text
    doc = yamlio.loads(text.replace("show: [e7]", "show: [e7, e99]"), "outline.yaml")
    read, errors, warnings = validate_outline(doc, {"ch1"}, {"e6", "e7", "e9"}, set())
    assert not errors and read is not None
    assert read.sections[0].beats[0].show == ["e7"]
    assert any("`sections[0].beats[0].show`: e99 not among its events (ignored)" in w for w in warnings)


def test_a_handoff_outline_answer_without_the_list_is_refused() -> None:
    from retell.llm.handoff import json_problem

    answer = {
        "title_options": ["A"],
        "hook": "H",
        "description": "D",
        "ending": "E",
        "sections": [
            {
                "heading": "H",
                "chapters": ["ch1"],
                "purpose": "P",
                "images": [],
                "beats": [{"beat": "action", "treatment": "summarise", "events": ["e1"], "note": "N"}],
            }
        ],
    }
    problem = json_problem(json.dumps(answer), OUTLINE_JSON_SCHEMA)
    assert problem is not None and "'show' is a required property" in problem
    answer["sections"][0]["beats"][0]["show"] = []
    assert json_problem(json.dumps(answer), OUTLINE_JSON_SCHEMA) is None


def test_a_traceback_the_author_pasted_without_a_mark_is_shown_when_listed() -> None:
    """fresh46's calendar: the plan listed the author's first message, a terminal's traceback pasted with no mark of
    a paste, and the block order left it out for the section's edits."""
    from retell.events import HUMAN

    pasted = Event(
        id="e1",
        kind=HUMAN,
        text=(
            "(.venv) khoa@thinkpad:~/code/lich$ python tao_lich.py 2026\nTraceback (most recent call last):\n"
            '  File "amlich.py", line 139, in am_sang\nValueError: Năm 2026 không có tháng 6 nhuận\n\n'
            "chay cho nam 2026 thi bi loi nay"
        ),
    )
    events = [pasted, *_EVENTS]
    beat = Beat("opening", "quote", ["e1", "e6"], "Lỗi khi chạy cho năm 2026.", ["e1"])
    order = block_order(Section("s1", "Năm nhuận", ["ch1"], "Tell it.", [beat]), events)
    assert order[0] == "[e1] (its beat asks to show it: the lines the author pasted)"
