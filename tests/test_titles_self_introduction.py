"""A first message that opens on who the author is ("אני הגבאית של קהילה קטנה בחיפה", I'm the gabbai of a small
community in Haifa) titled fresh37's offline post; a blind judge: "the opening chat line, says nothing about what the
post covers" (stop 59). Who the author is, in any of the languages below, is their setting, never a title."""

from __future__ import annotations

import pytest

from retell.extract.title_gate import fails


@pytest.mark.parametrize(
    "line",
    [
        "אני הגבאית של קהילה קטנה בחיפה",
        "I'm the treasurer of a small choir in Leeds",
        "I am one of the organisers of our village fete",
        "Ich bin die Kassenwartin eines kleinen Chors",
        "Je suis le trésorier d'une petite chorale",
        "Soy la encargada de un pequeño vivero",
        "Ik ben de penningmeester van een koor",
    ],
)
def test_the_author_saying_who_they_are_titles_nothing(line: str) -> None:
    assert fails(line) == "chat"


@pytest.mark.parametrize(
    "line",
    ["Fixing the Adar II date in the bar mitzvah calculator", "Importing the choir's subscriptions from the bank"],
)
def test_a_title_of_the_work_still_passes(line: str) -> None:
    assert fails(line) == ""
