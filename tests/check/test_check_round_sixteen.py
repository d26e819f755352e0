"""Round sixteen of the check (issue 21): the rules' false alarms on blind11's faithful prose, as classes, with
cases of our own on other sessions of bench/check/work. L1: e57 "1 failed, 19 passed, 208 deselected in 39.22s".
M2 (Spanish session): e6 its red run "3 failed, 2 passed". A (English): e57 Claude "Next.js might be treating
`/tokenizer/` as a route rather than serving the static files". Each faithful case has a planted twin."""

from __future__ import annotations

import pytest
from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

from retell.check.amounts import FAILED, TESTS, amounts

# -- a failing test called red, failing or broken is a failed test ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("The change cost one red test on the way.", 1, FAILED),
        ("Two failing tests were left.", 2, FAILED),
        ("a single broken test", 1, FAILED),
        ("three green tests", 3, TESTS),
        ("It added 4 tests.", 4, TESTS),
    ],
)
def test_a_test_named_by_its_colour_or_state_is_counted_as_such(text: str, value: int, unit: str) -> None:
    found = [(a.value, a.unit) for a in amounts(text)]
    assert found == [(value, unit)]


def test_one_red_test_is_the_runs_one_failure() -> None:
    faithful = "The run left one red test among the nineteen that passed. <!-- ev: e57 -->\n"
    planted = "The run left three red tests among the nineteen that passed. <!-- ev: e57 -->\n"
    assert problems("L1", faithful) == []
    assert problems("L1", planted)


def test_failing_tests_counted_in_a_post_are_the_runs_failures() -> None:
    faithful = "The first run of the new tests had three failing tests and two passing ones. <!-- ev: e6 -->\n"
    planted = "The first run of the new tests had seven failing tests and two passing ones. <!-- ev: e6 -->\n"
    assert problems("M2", faithful) == []
    assert problems("M2", planted)


# -- a name the session holds, with a genitive or plural -s -------------------------------------------------------


def test_a_dutch_genitive_of_a_name_the_session_holds_is_that_name() -> None:
    faithful = "Volgens Claudes uitleg behandelde Next.js `/tokenizer/` misschien als een route. <!-- ev: e57 -->\n"
    planted = "Volgens Pieters uitleg behandelde Next.js `/tokenizer/` misschien als een route. <!-- ev: e57 -->\n"
    assert problems("A", faithful) == []
    assert problems("A", planted)


# -- a paragraph that only denies shares no words with what it cites, in more languages ---------------------------


@pytest.mark.parametrize(
    "denial",
    [
        "Welke van de twee oplossingen ik koos, komt in de sessie niet ter sprake.",  # Dutch
        "Qual das duas soluções eu escolhi, a sessão não diz.",  # Portuguese
        "Quale delle due soluzioni abbia scelto, la sessione non lo dice.",  # Italian
        "Której z dwóch dróg użyłem, sesja nigdy nie mówi.",  # Polish
        "Vilken av de två lösningarna jag valde säger sessionen inte.",  # Swedish
    ],
)
def test_a_paragraph_that_only_denies_is_no_wrong_citation(denial: str) -> None:
    assert problems("A", f"{denial} <!-- ev: e57 -->\n") == []


# -- a guess of Claude's told with a hedge in more languages ----------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Next.js behandelde `/tokenizer/` waarschijnlijk als een route, niet als statische bestanden.",
            "Next.js behandelde `/tokenizer/` als een route, niet als statische bestanden.",
        ),
        (
            "Secondo Claude, Next.js forse trattava `/tokenizer/` come una route.",
            "Next.js trattava `/tokenizer/` come una route e non serviva i file statici.",
        ),
        (
            "Według Claude'a Next.js prawdopodobnie traktował `/tokenizer/` jak trasę.",
            "Next.js traktował `/tokenizer/` jak trasę i nie serwował plików statycznych.",
        ),
    ],
)
def test_a_guess_told_with_a_hedge_in_dutch_italian_or_polish_is_told_as_one(faithful: str, planted: str) -> None:
    assert problems("A", f"{faithful} <!-- ev: e57 -->\n") == []
    assert problems("A", f"{planted} <!-- ev: e57 -->\n")


# -- a name with a case ending after an apostrophe (Polish, Czech, Turkish write a foreign name so) ----------------


@pytest.mark.parametrize(
    "faithful",
    [
        "Zapytałem Claude'a, czy to nie jest tak, że Next.js może traktować `/tokenizer/` jako trasę."
        " <!-- ev: e57 -->\n",
        "Dałem to Claude'owi, a ten podejrzewał, że to się dzieje, bo Next.js może traktować `/tokenizer/` jako trasę."
        " <!-- ev: e57 -->\n",
        "Claude'un tahminine göre Next.js `/tokenizer/` yolunu belki bir route gibi işliyordu. <!-- ev: e57 -->\n",
    ],
)
def test_a_name_with_a_case_ending_after_an_apostrophe_is_the_name(faithful: str) -> None:
    assert [p for p in problems("A", faithful) if "never names" in p] == []


def test_a_name_the_session_never_holds_is_found_in_a_polish_post() -> None:
    planted = (
        "Zapytałem Wojtka, czy to nie jest tak, że Next.js może traktować `/tokenizer/` jako trasę. <!-- ev: e57 -->\n"
    )
    assert [p for p in problems("A", planted) if "never names Wojtka" in p]
