"""Material round 65 (issue 24): what a drafter answering fresh34's prompts (a real model's part, written blind, stop
58) found the prompts asking wrongly. The "Names" rule asked to introduce "AM" of "1 AM", "PC", "ISBN", "UK" and a date
format's "DD, MM, YYYY"; and a beat whose note ended "…, then gave `pd.to_datetime` the format `%d/%m/%Y` in `load`
(show the diff)" had the test added before the fix listed as the diff it asked for (the whole note's code words were
weighed, and the test's diff named more of them), so a section of two blocks showed the test and left the fix to
prose. Asserted on records."""

from __future__ import annotations

from retell.events import TOOL_RUN, Event, ToolCall
from retell.write.draft import _show_clause, block_order
from retell.write.names import names_in
from retell.write.outline_model import Beat, Section


def _edit(eid: str, target: str, diff: str) -> Event:
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[ToolCall(name="Edit", target=target, diff=diff, output="ok")])


def _run(eid: str, command: str, output: str, error: str | None = None) -> Event:
    call = ToolCall(name="Bash", target=command, command=command, output=output, error=error)
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[call])


def test_everyday_and_date_format_acronyms_are_no_names_to_introduce() -> None:
    text = "It ran at 1 AM on the till PC, matched the ISBN of UK orders as DD/MM/YYYY, for Bethan at Gower View."
    assert names_in(text) == ["Bethan", "Gower View"]


def test_a_parenthesis_asks_to_show_what_its_own_clause_names() -> None:
    note = (
        "Claude added the test `test_export_dates_are_day_first`, which failed once with `Timestamp('2025-04-11')`, "
        "then gave `pd.to_datetime` the format `%d/%m/%Y` in `load` (show the diff)."
    )
    assert _show_clause(note) == "then gave `pd.to_datetime` the format `%d/%m/%Y` in `load` (show the diff)"
    events = [
        _edit(
            "e10",
            "tests/test_remind.py",
            "+def test_export_dates_are_day_first(tmp_path):\n"
            "+    assert df.loc[0, 'LastCert'] == pd.Timestamp(2025, 11, 4)",
        ),
        _run("e11", "py -m pytest -q", "E  assert Timestamp('2025-04-11')\n1 failed, 3 passed", error="Exit code 1"),
        _edit(
            "e13",
            "remind.py",
            '-    df["LastCert"] = pd.to_datetime(df["LastCert"])\n'
            '+    df["LastCert"] = pd.to_datetime(df["LastCert"], format="%d/%m/%Y")',
        ),
    ]
    section = Section(
        "s1", "Month-first dates", ["ch1"], "Tell it.", [Beat("action", "summarise", ["e10", "e11", "e13"], note)]
    )
    assert block_order(section, events)[0].startswith("[e13] (its beat asks to show it")


# -- fresh35's blind set writers (stop 58) ---------------------------------------------------------------------------


def test_a_cull_list_after_the_tests_is_no_test_outcome() -> None:
    """`pytest -q && python -m lambing cull` printed "23 passed" and then a cull list with "7  broken mouth": the
    run was told as "Ran tests: 7 broken" (a count of "broken" alone counts tests only beside a pass or a failure)."""
    from retell.extract.tools import test_outcome

    output = (
        "....   [100%]\n23 passed in 0.52s\nCull candidates after 2025 season\ntag  age  reason\n"
        "UK0744310 00031    7  broken mouth (note 2025-10-02)\n5 candidates out of 212 ewes"
    )
    assert test_outcome(output, False) == "23 passed"
    assert test_outcome("== 3 failed, 10 passed, 2 broken in 1.2s ==", True) == "3 failed, 10 passed, 2 broken"


def test_an_edit_the_author_turned_down_is_no_block_before_the_fix() -> None:
    """fresh35's vagforening: the author turned down Claude's edit of their CSV; the section's list of blocks gave it
    first, "(its changed lines, in a ```diff block)", before the fix its beat asked to show in Swedish ("visa
    diffen", which was not read as asking)."""
    from retell.extract.tools import TURNED_DOWN

    turned = ToolCall(name="Edit", target="fastigheter.csv", diff="-Per;2,0\n+Per;3,0", error=TURNED_DOWN)
    events = [
        Event(id="e9", kind=TOOL_RUN, text="", calls=[turned]),
        _edit("e12", "avgifter.py", "-    f['avgift'] = round(x)\n+    f['avgift'] = storsta_rest(x)"),
    ]
    beats = [
        Beat("pivot", "quote", ["e9"], "Claude vill ändra csv-filen, men jag säger nej."),
        Beat("action", "summarise", ["e12"], "Claude ändrar bara avgiftsberäkningen; visa diffen."),
    ]
    order = block_order(Section("s2", "Öresutjämning", ["ch1"], "Tell it.", beats), events)
    assert order and order[0].startswith("[e12] (its beat asks to show it")
    assert not any(item.startswith("[e9]") for item in order)
