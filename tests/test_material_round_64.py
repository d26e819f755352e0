"""Material round 64 (issue 24): fresh31's drafters (a real model's part, written blind) found the code-block list of a
section prompt ("show these in this order up to the limit") giving its places against what the beats asked. In the
Russian snt-svet, "показания" (meter readings) and "показали" (showed, told in the past) were read as asks to show, so
the author's own query took a one-block section from the migration's fix its beat asked for; and a beat's second
block (a test file's opening lines) came before the report output the next beat asked to show. Asserted on records."""

from __future__ import annotations

import pytest

from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.draft import _ASKS_TO_SHOW, block_order
from retell.write.outline_model import Beat, Section


def _run(eid: str, target: str, output: str = "", diff: str | None = None) -> Event:
    name = "Edit" if diff else "Bash"
    call = ToolCall(name=name, target=target, command=None if diff else target, output=output, diff=diff)
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[call])


@pytest.mark.parametrize(
    ("note", "asks"),
    [
        ("показания не убывают, и Claude предложил оставить максимум", False),
        ("а строки целиком показали, что всё внесла казначей", False),
        ("der Test zeigte zwei Fehler", False),
        ("Показать правку миграции", True),
        ("показать вывод отчёта", True),
        ("die Ausgabe als text-Block zeigen", True),
        ("mostrar a saída do teste", True),
    ],
)
def test_a_note_that_tells_what_something_showed_asks_for_no_block(note: str, asks: bool) -> None:
    assert bool(_ASKS_TO_SHOW.search(note)) is asks


def test_each_beats_first_block_comes_before_any_beats_second() -> None:
    events = [
        _run(
            "e31", "billing.py", "The file has been updated.", diff="-    return usage\n+    return needs_review(row)"
        ),
        _run("e33", "tests/test_billing_review.py", "File created.", diff="+class FakeConn:\n+    pass"),
        _run(
            "e34",
            "python -m snt_svet.report --month 2026-03 --only-review",
            "117 needs_review\nИтого на проверку: 3 из 146",
        ),
    ]
    section = Section(
        "s3",
        "Пометка needs_review",
        ["ch3"],
        "Tell it.",
        [
            Beat(
                "action",
                "summarise",
                ["e31", "e33"],
                "Показать правку `billing.py` и тест `tests/test_billing_review.py`.",
            ),
            Beat("convergence", "summarise", ["e34"], "Показать вывод отчёта."),
        ],
    )
    order = [item.split("]")[0] + "]" for item in block_order(section, events)]
    assert order == ["[e31]", "[e34]", "[e33]"]
