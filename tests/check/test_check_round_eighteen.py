"""Round eighteen of the check (issue 21): the rules alone on two classes blind11's misses name, with cases of our
own on other sessions of bench/check/work, each planted case with a faithful twin.

- Invented decisions: a decision told in Dutch, Italian, Polish, Portuguese or German word order ("we besloten",
  "abbiamo deciso", "postanowiliśmy", "decidimos", "beschlossen wir") is a decision; and a decision whose words
  the session never says (a later pull request nobody mentioned) is one nobody stated, even where the question it
  would answer is cited. M1 (English): e6 Claude's two fix options and "Want me to go ahead?", e8 my "do 2",
  e13 Claude's plan to run under UTC, e15 its summary and "Want me to commit?", e17 "yes commit". M2 (Spanish):
  e10 Claude's plan to look for other `sendFile` calls, e12 its summary and "¿Hago commit?", e14 my "sí".
- Who did it: "I ran `…`" and "I opened `…` myself" in Dutch, Italian, Polish, Japanese and Chinese, and a
  file told as opened or read by the author that only Claude's tools read. M1: e5 Claude reads
  `billing/invoices.py`, e12 it runs `uv run pytest tests/test_invoices.py -q`."""

from __future__ import annotations

import pytest
from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

# -- a decision told in more languages ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (  # Dutch
            "Claude stelde voor de test ook onder UTC en een paar keer achter elkaar te draaien.",
            "We besloten de test ook onder UTC en een paar keer achter elkaar te draaien.",
        ),
        (  # Dutch, the verb first
            "Daarna wilde Claude de test ook onder UTC en een paar keer achter elkaar draaien.",
            "Daarna kozen we ervoor de test ook onder UTC en een paar keer achter elkaar te draaien.",
        ),
        (  # Italian
            "Claude propose di eseguire il test anche in UTC e più volte di fila.",
            "Abbiamo deciso di eseguire il test anche in UTC e più volte di fila.",
        ),
        (  # Polish
            "Claude zaproponował, żeby uruchomić test także w UTC i kilka razy z rzędu.",
            "Postanowiliśmy uruchomić test także w UTC i kilka razy z rzędu.",
        ),
        (  # Portuguese
            "O Claude propôs rodar o teste também em UTC e várias vezes seguidas.",
            "Combinamos rodar o teste também em UTC e várias vezes seguidas.",
        ),
        (  # German, the verb before its subject
            "Danach wollte Claude den Test auch unter UTC mehrmals hintereinander laufen lassen.",
            "Danach beschlossen wir, den Test auch unter UTC mehrmals hintereinander laufen zu lassen.",
        ),
        (  # Italian, the author alone
            "Claude propose di eseguire il test anche in UTC e più volte di fila.",
            "Ho deciso di eseguire il test anche in UTC e più volte di fila.",
        ),
        (  # Dutch, the author alone
            "Claude stelde voor de test ook onder UTC en een paar keer achter elkaar te draaien.",
            "Ik besloot de test ook onder UTC en een paar keer achter elkaar te draaien.",
        ),
    ],
)
def test_a_decision_told_in_another_language_with_no_message_of_mine_is_reported(faithful: str, planted: str) -> None:
    assert problems("M1", f"{faithful} <!-- ev: e13 -->\n") == []
    assert problems("M1", f"{planted} <!-- ev: e13 -->\n")


def test_a_decision_in_another_language_resting_on_my_answer_is_traced() -> None:
    assert problems("M1", "Ik koos de tweede optie: de klok bevriezen met `time_machine`. <!-- ev: e6 e8 -->\n") == []
    assert problems("M1", "Abbiamo scelto la seconda opzione, il `time_machine`. <!-- ev: e6 e8 -->\n") == []


# -- a decision whose words the session never says ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("post", "faithful", "planted"),
    [
        (
            "M1",
            "Claude asked whether to commit, and I answered “yes commit”. <!-- ev: e15 e17 -->",
            "Claude asked whether to commit, and we decided to hold the Sunday case back for a later pull request."
            " <!-- ev: e15 e17 -->",
        ),
        (
            "M1",
            "I decided on the second fix: freeze the clock in the test with `time_machine`. <!-- ev: e6 e8 -->",
            "I decided to keep the first fix for a separate pull request next sprint. <!-- ev: e6 e8 -->",
        ),
        (
            "M2",
            "Decidimos hacer el commit y referenciar el hallazgo en el mensaje. <!-- ev: e12 e14 -->",
            "Decidimos aplazar la revisión de `avatares.js` hasta la próxima auditoría trimestral."
            " <!-- ev: e12 e14 -->",
        ),
    ],
)
def test_a_decision_whose_words_the_session_never_says_is_reported(post: str, faithful: str, planted: str) -> None:
    assert problems(post, faithful + "\n") == []
    assert problems(post, planted + "\n")


# -- who did it, in more languages --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Claude draaide `uv run pytest tests/test_invoices.py -q`: 10 passed.",
            "Ik draaide zelf `uv run pytest tests/test_invoices.py -q`: 10 passed.",
        ),
        (
            "Claude ha eseguito `uv run pytest tests/test_invoices.py -q`: 10 passed.",
            "Ho eseguito io `uv run pytest tests/test_invoices.py -q`: 10 passed.",
        ),
        (
            "Claude uruchomił `uv run pytest tests/test_invoices.py -q`: 10 passed.",
            "Sam uruchomiłem `uv run pytest tests/test_invoices.py -q`: 10 passed.",
        ),
        (
            "Claude が `uv run pytest tests/test_invoices.py -q` を実行した。",
            "私が `uv run pytest tests/test_invoices.py -q` を実行した。",
        ),
        (
            "Claude 运行了 `uv run pytest tests/test_invoices.py -q`。",
            "我自己运行了 `uv run pytest tests/test_invoices.py -q`。",
        ),
    ],
)
def test_a_run_of_claude_s_told_as_mine_in_more_languages_is_the_wrong_speaker(faithful: str, planted: str) -> None:
    assert problems("M1", f"{faithful} <!-- ev: e12 -->\n") == []
    assert problems("M1", f"{planted} <!-- ev: e12 -->\n")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Claude opened `billing/invoices.py` and read how the due date is computed.",
            "I had opened `billing/invoices.py` myself and read how the due date is computed.",
        ),
        (
            "Claude las `billing/invoices.py` para ver cómo se calcula la fecha.",
            "Yo mismo abrí `billing/invoices.py` para ver cómo se calcula la fecha.",
        ),
        (
            "Claude las `billing/invoices.py` om te zien hoe de vervaldatum wordt berekend.",
            "Ik had `billing/invoices.py` zelf geopend om te zien hoe de vervaldatum wordt berekend.",
        ),
        (
            "Claude a lu `billing/invoices.py` pour voir comment la date est calculée.",
            "J'avais ouvert moi-même `billing/invoices.py` pour voir comment la date est calculée.",
        ),
        (
            "Claude las `billing/invoices.py`, um zu sehen, wie das Datum berechnet wird.",
            "Ich hatte `billing/invoices.py` selbst geöffnet, um zu sehen, wie das Datum berechnet wird.",
        ),
    ],
)
def test_a_file_only_claude_read_told_as_opened_by_me_is_the_wrong_speaker(faithful: str, planted: str) -> None:
    assert problems("M1", f"{faithful} <!-- ev: e5 -->\n") == []
    assert problems("M1", f"{planted} <!-- ev: e5 -->\n")


def test_a_file_i_named_told_as_opened_by_me_is_no_wrong_speaker() -> None:
    # the author pasted the failing test's path (e1): opening it is theirs to tell
    assert problems("M1", "I had opened `tests/test_invoices.py` myself before asking. <!-- ev: e1 -->\n") == []
