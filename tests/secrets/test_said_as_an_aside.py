"""A verb of saying between two commas is an aside: "Así, dijo, se resuelve una ronda en milisegundos." names nobody.
blind43's drafter (stop 57) had a Spanish section refused three times as holding a person's name ("Así", thus); the
same verb after a name, without the aside's second comma, still reads the word before it as a person."""

from __future__ import annotations

import pytest

from retell.secrets.scanner import Scanner


@pytest.mark.parametrize(
    "text",
    [
        "Así, dijo, se resuelve una ronda en milisegundos.",
        "Entonces, dijo, bastaba con ordenar por puntos.",
        "Bueno, dice, ya está.",
    ],
)
def test_an_aside_of_saying_names_nobody(text: str) -> None:
    assert [f for f in Scanner().scan(text) if f.kind == "person-name"] == []


@pytest.mark.parametrize(
    ("text", "name"), [("Mireille said the rota was fine.", "Mireille"), ("Anna dijo que sí.", "Anna")]
)
def test_a_name_before_its_verb_of_saying_is_still_a_person(text: str, name: str) -> None:
    assert [f.value for f in Scanner().scan(text) if f.kind == "person-name"] == [name]
