# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round twelve of the check (issue 21): each class of false alarm the rules raised on blind8's faithful text,
written again in sentences of our own, on the sessions of bench/check/work (M1: a flaky due-date test, e11 the
edit freezing the clock at `dt.datetime(2026, 3, 6, …)` and `(2026, 3, 8, …)` with comments naming Friday and
Saturday; the session ran on Monday 9 March 2026. M2: a path-traversal fix, e16 Claude's last word)."""

from __future__ import annotations

from check_support import _offline, check, problems  # noqa: F401  (_offline: a fixture)

# -- a date the work is about, not the day it ran ----------------------------------------------------------


def test_a_weekday_and_date_the_events_name_is_no_claim_on_when_the_session_ran() -> None:
    assert (
        problems("M1", "The fixed test now pretends it is Friday 6 March, three in the afternoon. <!-- ev: e11 -->\n")
        == []
    )
    # the month told earlier in the sentence: "Sunday 8 March … Saturday the 7th"
    assert (
        problems(
            "M1",
            "The new test runs as if at 02:30 UTC on Sunday 8 March, still Saturday the 7th for New York. <!-- ev: e11 -->\n",
        )
        == []
    )
    # a date the session names nowhere is still no day it ran
    wrong = problems("M1", "The fixed test now pretends it is Friday 13 March. <!-- ev: e11 -->\n")
    assert len(wrong) == 1 and "is no Friday on which the session ran" in wrong[0]


def test_a_weekday_the_cited_events_name_is_content() -> None:
    # e11's comment: "Saturday + 14 = Saturday 2026-03-21"
    assert problems("M1", "Its comment starts the count on a Saturday. <!-- ev: e11 -->\n") == []
    # e14 names no weekday: a Saturday there is still a day the session did not run on
    wrong = problems("M1", "On Saturday I ran the loop. <!-- ev: e14 -->\n")
    assert len(wrong) == 1 and "no time zone puts them on Saturday" in wrong[0]


def test_a_difference_between_two_clocks_is_no_time_the_work_took() -> None:
    body = "Around midnight in UTC the date in New York and the date on the runner are a day apart. <!-- ev: e6 -->\n"
    assert problems("M1", body) == []
    assert not check("M1", body).blocking
    # a day told as what the work took is still weighed against the events
    took = check("M1", "The fix took a day. <!-- ev: e10 e11 -->\n")
    assert took.problems and len(took.blocking) == 1


# -- what the sentence denies ------------------------------------------------------------------------------


def test_a_file_told_as_not_touched_needs_no_touch_in_the_cited_events() -> None:
    # e5 read billing/invoices.py; the commit (e18) changed only the test file
    assert problems("M1", "The commit left `billing/invoices.py` untouched. <!-- ev: e18 -->\n") == []
    assert problems("M1", "Nobody edited `billing/invoices.py`; only the test changed. <!-- ev: e18 -->\n") == []
    touched = problems("M1", "The commit edited `billing/invoices.py`. <!-- ev: e18 -->\n")
    assert len(touched) == 1 and "not in the cited events" in touched[0]


def test_what_I_saw_inside_a_denial_is_no_act_of_mine() -> None:
    assert problems("M1", "Nothing was pushed anywhere while I watched; the loop ran here. <!-- ev: e14 -->\n") == []
    seen = problems("M1", "I watched the loop go green on CI. <!-- ev: e14 -->\n")
    assert len(seen) == 1 and "no message of yours" in seen[0]


def test_a_spanish_ni_ni_sentence_tells_an_absence() -> None:
    assert (
        problems(
            "M2", "La sesión acaba ahí: ni el parche sube a producción ni nadie lo prueba de nuevo. <!-- ev: e16 -->\n"
        )
        == []
    )
    # the same sentence without the denial shares nothing with the event: the citation is still wrong
    wrong = problems(
        "M2", "La sesión acaba ahí: el parche sube a producción y alguien lo prueba de nuevo. <!-- ev: e16 -->\n"
    )
    assert wrong


# -- a citation on its own line after a code block ---------------------------------------------------------

_FROZEN = """The first edit pinned the clock in the decorator like this:

```python
@time_machine.travel(dt.datetime(2026, 3, 6, 15, 0, tzinfo=BILLING_TZ), tick=False)
def test_due_date_rolls_to_next_business_day(customer):
```

<!-- ev: {cites} -->
"""


def test_a_citation_after_a_code_block_cites_the_block_and_its_lead_in() -> None:
    from retell.check.document import read_blocks

    lead, code = read_blocks(_FROZEN.format(cites="e11"))[:2]
    assert lead.cites == code.cites == ["e11"]  # it was read as an example inside the block: nothing cited
    assert problems("M1", _FROZEN.format(cites="e11")) == []
    # the test run, two events on, holds none of it: the citation is reported on the marker's own line
    wrong = check("M1", _FROZEN.format(cites="e14"))
    marker_line = 5 + _FROZEN.split("\n").index("<!-- ev: {cites} -->")  # after the four lines of front matter
    assert [f.claim.line for f in wrong.problems if f.claim.kind == "citation"] == [marker_line]


def test_a_shell_block_cited_after_its_fence_is_checked_against_what_it_cites() -> None:
    shell = 'Claude looked for the dependency:\n\n```bash\ngrep -rn "time-machine" .\n```\n\n<!-- ev: e9 -->\n'
    found = problems("M1", shell)
    assert len(found) == 1 and "grep -rn" in found[0]
    assert "```" not in found[0].split(":", 3)[-1].split('"')[1]  # the closing fence is no command


def test_the_counts_of_a_run_summary_shown_as_output_are_the_runs() -> None:
    # e6: jest's tail, "Tests:       3 failed, 2 passed, 5 total"
    shown = "La ejecución en rojo terminó así:\n\n```text\nTests:       {counts}\n```\n\n<!-- ev: e6 -->\n"
    assert problems("M2", shown.format(counts="3 failed, 2 passed, 5 total")) == []
    wrong = problems("M2", shown.format(counts="3 failed, 1 passed"))
    assert len(wrong) == 1 and '"1 passed"' in wrong[0] and "write 2" in wrong[0]
