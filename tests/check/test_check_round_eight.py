# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round eight of `retell check` on real prose: each class blind4 missed or cried wolf on, tested on sentences
written for the test (not the set's) about the same sessions (bench/check/work), in English and in French or
German, the faithful wording left alone and the slip reported.

I1 (music from embeddings, English): e1 my first message, e10 my real question 15 minutes later; e16 the first
run, stopped by "None of PyTorch, TensorFlow >= 2.0, or Flax have been found"; e38 "SyntaxError: unexpected
character after line continuation character"; e48 my message, only the command `python diverse_musical_ai.py`;
e49 Claude's edit swapping the "Press Enter" prompt for a three-second pause; e50 the run.
I2 (browser tokenizer): e8 Claude's "Thank you for the clarifications!"; e34, e36 a `debounce` helper and
`DEBOUNCE_DELAY = 300`; e42-e48 the share button's edits; e52 Claude's summary (no run, no browser check);
e55-e56 Claude's answer on a worker, opening "Looking at your code and the constraints"."""

from __future__ import annotations

import pytest
from check_support import problems

# -- a fraction of an hour ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faithful",
    [
        'Quarter of an hour after my first message I asked the real question: "help me find models where the embeddings have more diverse values". <!-- ev: e10 -->',
        "A quarter of an hour after my first message I asked for more diverse embeddings. <!-- ev: e10 -->",
    ],
)
def test_a_quarter_of_an_hour_is_fifteen_minutes_not_an_hour(faithful: str) -> None:
    assert problems("I1", faithful) == []


@pytest.mark.parametrize(
    "slip",
    [
        "Three quarters of an hour after my first message I asked for more diverse embeddings. <!-- ev: e10 -->",
        "Trois quarts d'heure après mon premier message, j'ai demandé des embeddings plus variés. <!-- ev: e10 -->",
        "Eine Dreiviertelstunde nach meiner ersten Nachricht bat ich um vielfältigere Embeddings. <!-- ev: e10 -->",
    ],
)
def test_three_quarters_of_an_hour_is_read_in_english_french_and_german(slip: str) -> None:
    told = slip.split(" après")[0].split(" after")[0].removeprefix("Eine ").split(" nach")[0]
    assert any(f'number: "{told}"' in p for p in problems("I1", slip))


# -- a time the code sets -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faithful",
    [
        "Typing now waits 300 ms before the text is tokenized again, through a small `debounce` helper and a `DEBOUNCE_DELAY` constant. <!-- ev: e34 e36 -->",
        "Die Eingabe wartet jetzt 300 ms, bevor neu tokenisiert wird: eine kleine `debounce`-Funktion und die Konstante `DEBOUNCE_DELAY`. <!-- ev: e34 e36 -->",
    ],
)
def test_a_delay_the_cited_code_sets_is_no_length_of_time(faithful: str) -> None:
    assert problems("I2", faithful) == []


def test_a_delay_the_code_does_not_set_is_still_reported() -> None:
    slip = "Typing now waits 800 ms before the text is tokenized again, through a small `debounce` helper. <!-- ev: e34 e36 -->"
    assert any('"800 ms"' in p for p in problems("I2", slip))


# -- the output of a run shown as a block ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lead", "error"),
    [
        ("The first run stopped at once: <!-- ev: e16 -->", "ModuleNotFoundError: No module named 'torch'"),
        (
            "Le premier lancement s'est arrêté tout de suite : <!-- ev: e16 -->",
            "ModuleNotFoundError: No module named 'torch'",
        ),
        ("Python stopped at line 73: <!-- ev: e38 -->", "IndentationError: unexpected indent"),
    ],
)
def test_an_error_shown_in_a_text_block_the_cited_run_never_printed_is_reported(lead: str, error: str) -> None:
    found = problems("I1", f"{lead}\n\n```text\n{error}\n```")
    assert any(error in p for p in found)


def test_the_error_the_cited_run_printed_is_not_reported() -> None:
    shown = "Python stopped at line 73: <!-- ev: e38 -->\n\n```text\nSyntaxError: unexpected character after line continuation character\n```"
    assert problems("I1", shown) == []


# -- a look in the browser nothing shows ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "A last check in the browser showed every model loading in parallel without an error. <!-- ev: e52 -->",
        "Un dernier essai dans le navigateur montrait tous les modèles chargés en parallèle. <!-- ev: e52 -->",
        "Je l'ai rechargée dans le navigateur et tous les modèles se sont chargés sans erreur. <!-- ev: e52 -->",
        "Ein letzter Test im Browser zeigte alle Modelle parallel geladen. <!-- ev: e52 -->",
    ],
)
def test_a_result_seen_in_the_browser_that_no_message_reports_is_reported(slip: str) -> None:
    assert any("nothing in the cited events shows it" in p for p in problems("I2", slip))


def test_a_look_in_the_browser_said_not_to_have_happened_is_no_claim() -> None:
    told = "Je ne l'ai pas essayée dans le navigateur pendant la session : l'essai reste à faire. <!-- ev: e52 -->"
    assert problems("I2", told) == []


# -- a quote from another moment ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        'Claude answered with an analysis rather than code, opening with "Thank you for the clarifications!" and recommending `requestIdleCallback`. <!-- ev: e55 e56 -->',
        "Claude a répondu par une analyse, en commençant par « Thank you for the clarifications! » et en recommandant `requestIdleCallback`. <!-- ev: e55 e56 -->",
    ],
)
def test_words_said_an_hour_before_the_cited_moment_are_reported_with_where_they_are(slip: str) -> None:
    assert any("these words are in e8, not in the cited events (e55, e56)" in p for p in problems("I2", slip))


def test_a_paragraph_whose_only_quote_is_of_another_moment_has_its_citation_reported() -> None:
    told = 'Claude answered with an analysis rather than code, opening with "Thank you for the clarifications!" <!-- ev: e55 e56 -->'
    found = problems("I2", told)
    assert len(found) == 1 and "citation" in found[0] and "its claims trace to e8" in found[0]


# -- a decision credited to the author ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "I decided to drop the test script altogether and typed just `python diverse_musical_ai.py`. <!-- ev: e48 e49 e50 -->",
        "Ich entschied, das Testskript ganz wegzulassen, und tippte nur `python diverse_musical_ai.py`. <!-- ev: e48 e49 e50 -->",
    ],
)
def test_a_decision_your_cited_message_does_not_hold_is_reported(slip: str) -> None:
    assert any(
        "no message of yours in the cited events (e48, e49, e50) says you decided this" in p
        for p in problems("I1", slip)
    )


def test_a_wish_told_of_your_own_cited_message_is_not_given_to_claude() -> None:
    told = "I wanted the real thing and typed just `python diverse_musical_ai.py`. Claude replaced the prompt with a three-second pause and ran it. <!-- ev: e48 e49 e50 -->"
    assert problems("I1", told) == []


# -- a name the paragraph compares with -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "told",
    [
        "The share button ran into the same problem as `removeModel`: a first edit of the Enter key handler did not find its text, and two reads of the file later it went in at the end. <!-- ev: e42 e44 e46 e48 -->",
        "Le bouton de partage a connu le même souci que `removeModel` : une première édition n'a pas trouvé son texte, et il a fallu relire le fichier deux fois. <!-- ev: e42 e44 e46 e48 -->",
    ],
)
def test_a_name_told_as_a_comparison_says_nothing_of_the_citation(told: str) -> None:
    assert problems("I2", told) == []


# -- an error told by its kind --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "The share button took two tries: the first edit failed on a permission error. <!-- ev: e42 e44 -->",
        "Le bouton de partage a demandé deux essais : la première édition a échoué sur une erreur de permission. <!-- ev: e42 e44 -->",
        "Der Teilen-Knopf brauchte zwei Versuche: die erste Bearbeitung scheiterte an einem Berechtigungsfehler. <!-- ev: e42 e44 -->",
    ],
)
def test_an_error_told_by_a_kind_the_failed_call_does_not_show_is_reported(slip: str) -> None:
    assert any(
        "no permission error near it; the failed call in e42 says: String to replace not found" in p
        for p in problems("I2", slip)
    )


def test_the_failure_told_as_the_call_gave_it_is_not_reported() -> None:
    told = (
        "The share button took two tries: the first edit did not find the text it was to replace. <!-- ev: e42 e44 -->"
    )
    assert problems("I2", told) == []
