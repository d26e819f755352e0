# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round eleven of the check (issue 21): each class of false alarm the rules raised on blind7's faithful text,
written again in sentences of our own, on the sessions of bench/check/work (L1: claude-code-log's browser tests
after a refactoring, the author's own `!` run in e2 keeping four verbose pytest lines and no summary; L2: a
`claude -p` question and an Explore subagent whose report counts "~10,600 LOC")."""

from __future__ import annotations

from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

# -- a verbose run kept without its summary ---------------------------------------------------------------


def test_a_run_listing_a_failed_test_failed() -> None:
    # e2 keeps `…::test_timeline_filter_synchronization[chromium] FAILED [ 70%]` and three PASSED lines
    assert (
        problems("L1", "My own run of the browser suite came back red: one timeline test failed. <!-- ev: e2 -->\n")
        == []
    )
    passed = problems("L1", "My own run of the browser suite passed. <!-- ev: e2 -->\n")
    assert len(passed) == 1 and "1 of the 4 tests it lists failed" in passed[0]


def test_the_tests_a_verbose_run_lists_are_counted() -> None:
    assert problems("L1", "Of the tests my run printed, three passed and one failed. <!-- ev: e2 -->\n") == []
    wrong = problems("L1", "Of the tests my run printed, six passed and one failed. <!-- ev: e2 -->\n")
    assert wrong and all('"six passed"' in w or '"Of the tests my run printed, six passed"' in w for w in wrong)


def test_some_tests_of_a_failed_run_passed() -> None:
    # "the other three passed" tells of part of the run: its passing part bears it out, never "the tests passed"
    assert (
        problems("L1", "One timeline test failed in my run, and the other three tests passed. <!-- ev: e2 -->\n") == []
    )
    assert (
        problems("L1", "In the full run one test failed; the rest of the browser tests passed. <!-- ev: e57 -->\n")
        == []
    )
    whole = problems("L1", "My run of the browser tests passed. <!-- ev: e2 -->\n")
    assert len(whole) == 1 and "failed" in whole[0]


# -- what the author did, told without a result -----------------------------------------------------------


def test_a_run_of_my_own_told_without_a_result_rests_on_my_run() -> None:
    # e2 is the author's `!` run; e3, the author's message, says tests are failing: no result is told here
    assert (
        problems("L1", "Before I wrote to Claude, I ran the browser suite myself from the prompt. <!-- ev: e1 e2 -->\n")
        == []
    )
    assert (
        problems("L1", "Bevor ich Claude schrieb, habe ich die Browser-Tests selbst ausgeführt. <!-- ev: e1 e2 -->\n")
        == []
    )
    nothing = problems("L1", "Later I ran the sidechain test myself. <!-- ev: e30 -->\n")
    assert len(nothing) == 1 and "no run or message of yours" in nothing[0]
    # a result told of it is still weighed against what the run printed
    worked = problems("L1", "I ran the browser suite myself and it worked. <!-- ev: e2 -->\n")
    assert len(worked) == 1 and "failed" in worked[0]


# -- files ------------------------------------------------------------------------------------------------


def test_a_file_in_the_clause_a_reading_verb_takes_is_not_read() -> None:
    # e6: Claude says `renderer.py` was deleted; no tool read it
    assert problems("L1", "Claude read in the file list that `renderer.py` no longer existed. <!-- ev: e6 -->\n") == []
    assert problems("L1", "Claude read from the diff whether `renderer.py` was still there. <!-- ev: e6 -->\n") == []
    read = problems("L1", "Claude read `renderer.py` first. <!-- ev: e6 -->\n")
    assert len(read) == 1 and "no tool read, edited or wrote it" in read[0]


# -- figures ----------------------------------------------------------------------------------------------


def test_loc_counts_lines() -> None:
    # e3: "tui.py - Interactive TUI built with Textual framework (~2,600 LOC)"
    assert problems("L2", "Claude gave `tui.py` about 2,600 lines of code. <!-- ev: 29ccd257-e3 -->\n") == []
    wrong = problems("L2", "Claude gave `tui.py` exactly 3,100 lines. <!-- ev: 29ccd257-e3 -->\n")
    assert len(wrong) == 1 and '"3,100 lines"' in wrong[0]


def test_figures_listed_after_one_with_its_unit_count_the_same_thing() -> None:
    listed = "By Claude's table, `cache.py` came in at 1,850 lines, `renderer.py` at 2,300 and `tui.py` at {n}. <!-- ev: 29ccd257-e3 -->\n"
    assert problems("L2", listed.format(n="2,600")) == []
    wrong = problems("L2", listed.format(n="3,400"))
    assert len(wrong) == 1 and '"3,400"' in wrong[0]
    # a figure with a unit of its own is not the list's
    assert (
        problems(
            "L2", "`cache.py` came in at 1,850 lines, per Claude, at 2 in the afternoon. <!-- ev: 29ccd257-e3 -->\n"
        )
        == []
    )


# -- quotes and code --------------------------------------------------------------------------------------


def test_a_short_translated_quote_takes_its_paragraphs_language() -> None:
    # the subagent's report (e2): "Main package (31 Python files, ~10,600 LOC)"; too few small words in the
    # quote to tell its language, and German groups thousands with a dot
    body = "Im Bericht des Agenten stand für das Hauptpaket „{q}“, und das wurde so übernommen. <!-- translated: 29ccd257-e2 --> <!-- ev: 29ccd257-e2 -->\n"
    assert problems("L2", body.format(q="~10.600 LOC in 31 Python-Dateien")) == []
    wrong = problems("L2", body.format(q="~12.400 LOC in 31 Python-Dateien"))
    assert len(wrong) == 1 and "it has 12.400" in wrong[0]


def test_an_empty_literal_is_named_by_its_quotes() -> None:
    # e10: "Use `""` to disable all tools"
    assert problems("L2", 'Claude explained that `""` turns every tool off. <!-- ev: 2b4ed4c0-e10 -->\n') == []
    other = problems("L2", "Claude explained that `[]` turns every tool off. <!-- ev: 2b4ed4c0-e10 -->\n")
    assert len(other) == 1 and "no event names it" in other[0]
