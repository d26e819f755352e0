"""Round fourteen of the check (issue 21): cases of our own for the classes it works on, written before the
change on two sessions of bench/check/work (M1, English: a flaky due-date test; e9 a grep of pyproject.toml, e11
the test edit, e12 one pytest run "10 passed in 0.61s", e14 five runs under `TZ=UTC` and the suite "212 passed",
e18 the commit `4be91c2`, "1 file changed, 17 insertions(+), 4 deletions(-)". M2, Spanish: a path traversal; e5
the new test, e6 its red run "3 failed, 2 passed", e8 the fix, e9 the suite "97 passed", e15 the commit `2d8c5b7`
"2 files changed, 33 insertions(+)"). Each planted case has its faithful twin."""

from __future__ import annotations

import pytest
from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

TODO = pytest.mark.xfail(strict=True, reason="a case of the class the rules still miss")

# -- wrong citations: what a paragraph names is in another event than the one it cites ------------------------

RUN = "```text\n10 passed in 0.61s\n```\n<!-- ev: e12 -->\n"
SUITE_ES = "```text\nTests:       97 passed, 97 total\n```\n<!-- ev: e9 -->\n"


def test_a_commit_s_figures_cited_to_a_test_run_are_a_wrong_citation() -> None:
    body = "Claude committed it as `4be91c2`: 17 insertions and 4 deletions in one file. <!-- ev: {} -->\n"
    assert problems("M1", body.format("e18")) == []
    assert problems("M1", body.format("e14"))


def test_a_spanish_commit_cited_to_the_suite_run_is_a_wrong_citation() -> None:
    body = "El commit `2d8c5b7` tocó dos ficheros, con 33 líneas añadidas. <!-- ev: {} -->\n"
    assert problems("M2", body.format("e15")) == []
    assert problems("M2", body.format("e9"))


def test_a_lead_in_citing_another_event_than_the_output_it_shows_is_a_wrong_citation() -> None:
    lead = "The first run came back green: <!-- ev: {} -->\n\n"
    assert problems("M1", lead.format("e12") + RUN) == []
    assert problems("M1", lead.format("e9") + RUN)


def test_a_spanish_lead_in_citing_the_red_run_for_the_green_one_is_a_wrong_citation() -> None:
    lead = "La suite completa salió así: <!-- ev: {} -->\n\n"
    assert problems("M2", lead.format("e9") + SUITE_ES) == []
    assert problems("M2", lead.format("e6") + SUITE_ES)


def test_a_figure_only_the_run_beside_the_cited_one_printed_is_a_wrong_citation() -> None:
    body = "The whole suite then came back with 212 passed. <!-- ev: {} -->\n"
    assert problems("M1", body.format("e14")) == []
    assert problems("M1", body.format("e12"))  # e12 printed 10 passed; e14, beside it, 212


def test_a_grep_s_output_cited_to_the_message_before_it_is_a_wrong_citation() -> None:
    body = "It found `time-machine>=2.13` on line 48 of `pyproject.toml`. <!-- ev: {} -->\n"
    assert problems("M1", body.format("e9")) == []
    assert problems("M1", body.format("e8"))


def test_a_spanish_figure_cited_to_the_edit_before_its_run_is_a_wrong_citation() -> None:
    body = "La suite completa dio 97 tests en verde. <!-- ev: {} -->\n"
    assert problems("M2", body.format("e9")) == []
    assert problems("M2", body.format("e8"))


@TODO
def test_small_counts_cited_to_the_edit_before_their_run_are_a_wrong_citation() -> None:
    # left: "3" and "2" are small counts the rules trace loosely, which say nothing of a citation
    body = "El test nuevo falló: 3 fallos y 2 aprobados. <!-- ev: {} -->\n"
    assert problems("M2", body.format("e6")) == []
    assert problems("M2", body.format("e5"))


# -- the order of steps ---------------------------------------------------------------------------------------


def test_a_step_told_after_one_it_came_before_is_out_of_order() -> None:
    faithful = (
        "Before the commit `4be91c2`, `TZ=UTC` runs of the tests printed 10 passed five times. <!-- ev: e14 e18 -->\n"
    )
    planted = (
        "After the commit `4be91c2`, `TZ=UTC` runs of the tests printed 10 passed five times. <!-- ev: e14 e18 -->\n"
    )
    assert problems("M1", faithful) == []
    assert problems("M1", planted)


def test_a_spanish_step_told_after_one_it_came_before_is_out_of_order() -> None:
    faithful = "Tras el commit `2d8c5b7`, Claude recomendó desplegarlo cuanto antes. <!-- ev: e15 e16 -->\n"
    planted = "Tras el commit `2d8c5b7`, Claude lanzó `npx jest` y salieron 97 tests en verde. <!-- ev: e9 e15 -->\n"
    assert problems("M2", faithful) == []
    assert problems("M2", planted)


def test_a_paragraph_opening_on_then_that_cites_only_earlier_events_is_out_of_order() -> None:
    first = "Claude committed the fix as `4be91c2` on `fix/flaky-due-dates`. <!-- ev: e18 -->\n\n"
    assert problems("M1", first + "Then I read the commit line myself and said nothing more. <!-- ev: e19 -->\n") == []
    assert problems(
        "M1", first + "Then it ran `uv run pytest tests/test_invoices.py -q`: 10 passed. <!-- ev: e12 -->\n"
    )


# -- who did it -----------------------------------------------------------------------------------------------


def test_the_author_s_remark_told_as_claude_s_is_the_wrong_speaker() -> None:
    body = "{} suggested that `time-machine` was probably already among the dev dependencies. <!-- ev: e8 -->\n"
    assert problems("M1", body.format("I")) == []
    assert problems("M1", body.format("Claude"))


def test_a_spanish_request_of_mine_told_as_claude_s_is_the_wrong_speaker() -> None:
    assert problems("M2", "Le pedí que referenciara el hallazgo en el mensaje del commit. <!-- ev: e14 -->\n") == []
    assert problems("M2", "Claude propuso referenciar el hallazgo en el mensaje del commit. <!-- ev: e14 -->\n")


def test_a_run_of_claude_s_told_as_mine_is_the_wrong_speaker() -> None:
    ran = "`uv run pytest tests/test_invoices.py -q` and got 10 passed. <!-- ev: e12 -->\n"
    assert problems("M1", "Claude ran " + ran) == []
    assert problems("M1", "I ran " + ran)


def test_a_spanish_run_of_claude_s_told_as_mine_is_the_wrong_speaker() -> None:
    ran = "`npx jest` y salieron 97 tests en verde. <!-- ev: e9 -->\n"
    assert problems("M2", "Claude ejecutó " + ran) == []
    assert problems("M2", "Ejecuté yo mismo " + ran)


def test_what_i_pasted_told_as_claude_s_is_the_wrong_speaker() -> None:
    body = "{} the CI failure: `1 failed, 211 passed in 14.02s`. <!-- ev: e1 -->\n"
    assert problems("M1", body.format("I pasted")) == []
    assert problems("M1", body.format("Claude pasted"))


def test_a_spanish_paste_of_mine_told_as_claude_s_is_the_wrong_speaker() -> None:
    body = "{} el informe con la prueba `GET /api/descargas/..%2f..%2f..%2fetc%2fpasswd`. <!-- ev: e1 -->\n"
    assert problems("M2", body.format("Pegué")) == []
    assert problems("M2", body.format("Claude pegó"))


# -- false alarms, by class ---------------------------------------------------------------------------------------
# B: the Web Audio session names `AudioContext`, never `new AudioContext()`; I2 (a tokenizer page) names
# "HuggingFace", in one word, and handles the Enter key.

CALL = "In `js/drone.js` the code already {} `new {}()`. <!-- ev: e58 e61 e62 e63 -->\n"


def test_a_constructor_call_around_a_name_the_session_gives_is_that_name() -> None:
    assert problems("B", CALL.format("used", "AudioContext")) == []
    assert problems("B", CALL.format("used", "AudioContextPool"))


def test_a_constructor_call_in_spanish_prose_is_that_name_too() -> None:
    assert problems("B", CALL.format("usaba", "AudioContext").replace("the code already", "el código ya")) == []
    assert problems("B", CALL.format("usaba", "AudioGraphContext").replace("the code already", "el código ya"))


def test_a_name_the_session_writes_in_one_word_may_be_told_in_two() -> None:
    assert problems("I2", "Titles are taken from the model pages of Hugging Face. <!-- ev: e58 -->\n") == []
    assert problems("I2", "Titles are taken from the model pages of Hugging Hub. <!-- ev: e58 -->\n")


def test_a_french_name_the_session_writes_in_one_word_may_be_told_in_two() -> None:
    assert problems("I2", "Les titres viennent des pages de Hugging Face. <!-- ev: e58 -->\n") == []
    assert problems("I2", "Les titres viennent des pages de Hugging Hub. <!-- ev: e58 -->\n")


def test_a_key_of_the_keyboard_is_no_name() -> None:
    body = "Le gestionnaire de la touche {} n'a pas trouvé son texte. <!-- ev: e42 e44 -->\n"
    assert problems("I2", body.format("Entrée")) == []
    assert problems("I2", body.format("Entrée, écrit par Lucas,"))
    assert problems("I2", "El manejador de la tecla Intro no encontró su texto. <!-- ev: e42 e44 -->\n") == []


def test_a_result_verb_in_another_sense_is_no_result() -> None:
    # M1 has a commit and no push: "pushed numbers through the parser" tells no `git push`
    assert problems("M1", "Claude pushed three made-up dates through the test with a loop. <!-- ev: e14 -->\n") == []
    assert problems("M1", "Claude committed the fix and pushed it. <!-- ev: e18 -->\n")
    # read in English only: a Spanish "empujó" is no outcome the rules compare, either way
    assert (
        problems("M2", "Con `npx jest`, Claude empujó la suite entera hasta 97 tests en verde. <!-- ev: e9 -->\n") == []
    )
