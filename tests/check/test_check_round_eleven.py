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


# -- what the model is shown (retell check --verify) ------------------------------------------------------


def _request(post: str, body: str) -> str:
    """The user message of the verification request of `body`, a one-part draft of the bench work folder `post`."""
    from check_support import FRONT_MATTER, bench_session

    from retell.check.verify_request import verify_requests
    from retell.llm.pricing import load_prices
    from retell.templating import TemplateLibrary

    triage, parsed, view = bench_session(post)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    pairs = verify_requests(
        FRONT_MATTER + body, view, parsed.manifest, triage, model, prices.limits(model), TemplateLibrary("prompts")
    )
    assert len(pairs) == 1
    return pairs[0][1].user


def test_a_cited_run_shows_all_the_session_kept_of_what_it_printed() -> None:
    # e2.4's `tree` output is kept as its first and last lines, "25 directories, 131 files" the last; e2.23's
    # `wc -l` printed "10629 total": the drafting material's choice of outputs left both out
    tree = _request("L2", "The agent's `tree` ended on a count of folders and files. <!-- ev: 29ccd257-e2.4 -->\n")
    assert "25 directories, 131 files" in tree
    counted = _request("L2", "The agent counted the package's lines with `wc -l`. <!-- ev: 29ccd257-e2.23 -->\n")
    assert "10629 total" in counted
    # a second command of a cited run, whose output no reply took up
    grep = _request("L2", "Claude filtered the help with `grep` too. <!-- ev: 2b4ed4c0-e4 -->\n")
    assert "--add-dir <directories...>" in grep


def test_a_query_the_runs_line_cuts_short_is_given_in_full() -> None:
    # e3's line reads “…Task tool capabilities 20…”: the query's end is what a post may quote
    shown = _request("L2", "The web search was refused. <!-- ev: 2b4ed4c0-e3 -->\n")
    assert "in full: `Claude Code CLI -p flag WebSearch Task tool capabilities 2025 2026`" in shown


def test_a_subagents_type_is_shown() -> None:
    shown = _request("L2", "Claude started one subagent. <!-- ev: 29ccd257-e2 -->\n")
    assert "SUBAGENT “Explore codebase structure” (agent type: Explore)" in shown


def test_the_drafting_material_is_unchanged() -> None:
    """What the outline and draft prompts show is not the fact-check's: the same events render as before."""
    from check_support import bench_session

    from retell.write.material import render_material

    _, _, view = bench_session("L2")
    text = render_material(view.events, 40_000).text
    assert "(agent type:" not in text and "in full:" not in text
    assert "25 directories, 131 files" not in text  # chosen out of the drafting material, as before


def test_the_instructions_say_what_a_standing_fact_and_a_denial_are() -> None:
    # blind6's answers read "the page is the tokenizer's" as told of another moment, and "I only saw it later"
    # as an outcome nobody saw: neither is
    from retell.check.verify_request import SYSTEM_TEMPLATE
    from retell.templating import TemplateLibrary

    system = " ".join(TemplateLibrary("prompts").render(SYSTEM_TEMPLATE).text.split())
    assert "A standing fact (what a file, page, tool or project is or does) is no moment" in system
    assert "A sentence that says what the session does not show" in system
    assert "`in full:` below it" in system
