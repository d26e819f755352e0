"""Round forty-seven, tuned on blind38 (fresh29's register-indexer in English on Windows and gas-ordini in Italian,
written blind) after its untuned measure (rules and model, downgrade: recall 0.99, precision 0.94, 1.5 false alarms
per 1,000 words, `--strict` 2 of 2; every false alarm left was the rules'): each form, checked as `retell check`
reads a draft of those sessions (bench/check/work), beside the slip of the same shape it must still report."""

from __future__ import annotations

import pytest
from check_support import about, problems

from retell.check.amounts import FAILED, TESTS, amounts


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Two of the five tests failed:", [("Two", FAILED, False), ("five tests", TESTS, False)]),
        ("3 out of 12 tests passed", [("12 tests", TESTS, False)]),
        ("5 tests failed", [("5 tests", FAILED, True)]),
        ("All five tests passed", [("five tests", TESTS, True)]),
    ],
)
def test_the_whole_a_part_is_counted_of_is_no_result(text: str, expected: list[tuple[str, str, bool]]) -> None:
    assert [(a.text, a.unit, a.result) for a in amounts(text)] == expected


def test_a_runs_whole_is_its_failures_and_passes_together() -> None:
    assert about(problems("AR1", "Two of the five tests failed: <!-- ev: e4 -->\n"), "five") == []
    assert about(problems("AR1", "Two of the six tests failed: <!-- ev: e4 -->\n"), "six")


def test_a_count_a_cited_run_printed_of_what_its_command_names() -> None:
    body = "The folder held 1,486 files named `*_thumb.jpg` and 2,973 TIFFs. <!-- ev: e12 -->\n"
    assert about(problems("AR1", body), "1,486") == []
    wrong = "The folder held 1,468 files named `*_thumb.jpg` and 2,973 TIFFs. <!-- ev: e12 -->\n"
    assert about(problems("AR1", wrong), "1,468")


def test_a_week_between_two_dates_a_listing_prints() -> None:
    assert (
        about(problems("AR1", "The next page was written a week after it, on 21 September. <!-- ev: e25 -->\n"), "week")
        == []
    )
    assert about(problems("AR1", "The next page was written a month after it. <!-- ev: e25 -->\n"), "month")


def test_a_proposal_and_what_a_script_cannot_read_touch_no_file() -> None:
    body = (
        "Claude proposed that the script carry on, skip what it cannot read and list it in `problems.txt` for "
        "rescanning. <!-- ev: e26 -->\n"
    )
    assert about(problems("AR1", body), "problems.txt") == []


def test_someones_own_tests_may_be_counted_anywhere_in_the_session() -> None:
    body = "The page order and my nephew's two tests are fixed, checked by the test runs. <!-- ev: e28 e33 -->\n"
    assert about(problems("AR1", body), "two tests") == []
    planted = "The page order and my nephew's four tests are fixed, checked by the test runs. <!-- ev: e28 e33 -->\n"
    assert about(problems("AR1", planted), "four tests")


def test_the_authors_own_clause_is_no_part_of_claudes_proposal() -> None:
    body = (
        "One Saturday I brought Claude two problems, and within a few minutes it had also proposed deleting files "
        "from the one folder I cannot let anything change. <!-- ev: e1 e14 -->\n"
    )
    assert about(problems("AR1", body), "said it first") == []


def test_an_italian_report_opens_an_account() -> None:
    body = (
        "Nel suo resoconto il nome veniva usato tal quale come chiave di un `defaultdict(list)`, quindi ogni variante "
        "diventava un produttore a sé. <!-- ev: e3 -->\n"
    )
    assert about(problems("AR2", body), "told as fact") == []
    bare = (
        "Il nome veniva usato tal quale come chiave di un `defaultdict(list)`, quindi ogni variante diventava un "
        "produttore a sé. <!-- ev: e3 -->\n"
    )
    assert about(problems("AR2", bare), "told as fact")


def test_italians_article_is_no_pronoun_giving_the_sentence_to_claude() -> None:
    """ "Il" opens an Italian sentence as its article ("Il pacchetto era installato…"), French's as "he"."""
    planted = (
        "Il pacchetto era installato nel venv come copia, con `pip install .` e non in modalità editabile, e quel "
        "`produttori.py` era vecchio, di un tentativo precedente. <!-- ev: e13 -->\n"
    )
    told = about(problems("AR2", planted), "told as fact")
    faithful = (
        "Secondo Claude il pacchetto era installato nel venv come copia, con `pip install .` e non in modalità "
        "editabile, e quel `produttori.py` era vecchio, di un tentativo precedente. <!-- ev: e13 -->\n"
    )
    assert told and about(problems("AR2", faithful), "told as fact") == []


def test_the_items_of_a_proposal_are_the_proposals() -> None:
    body = (
        "Ha proposto due livelli. <!-- ev: e4 -->\n\n"
        "Il primo era una normalizzazione automatica: minuscole, niente accenti né apostrofi tipografici, via i "
        "prefissi come «az. agr.» o «soc. coop.» e gli spazi doppi. <!-- ev: e4 -->\n"
    )
    assert about(problems("AR2", body), "told as fact") == []
