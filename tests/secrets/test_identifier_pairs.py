"""Names of columns and variables in code spans, paired by a preposition and "and" in the post's language, are no
login: a fresh26 drafter's Portuguese section ("a regra `unique` comparava `atleta1_id` com `atleta1_id` e
`atleta2_id` com `atleta2_id`, então as duas inscrições…") was refused as holding a password (`with-user-and-password`
read "com X e Y" as "with USER and PASSWORD", the underscore as a mark of a chosen password, and the article "as" as
"log in as"), and the refused words then stopped the finishing call until `--force`. A chosen password in a code span
is still one."""

from __future__ import annotations

import pytest

from retell.secrets.scanner import Scanner


@pytest.mark.parametrize(
    "text",
    [
        "a regra `unique` comparava `atleta1_id` com `atleta1_id` e `atleta2_id` com `atleta2_id`, então as duas "
        "inscrições eram linhas diferentes.",
        "la restricción compara `jugador1_id` con `jugador1_id` y `jugador2_id` con `jugador2_id`, así que las "
        "filas difieren",
        "the index joined `team_id` with `owner_id` and `season_2024` as its keys",
    ],
)
def test_names_in_code_paired_by_and_are_no_login(text: str) -> None:
    assert Scanner().scan(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("for portainer log in with ops and `Cobalt_2025`", "Cobalt_2025"),
        ("for portainer log in with ops and cobalt_2025!", "cobalt_2025!"),
    ],
)
def test_a_chosen_password_beside_its_user_is_still_one(text: str, value: str) -> None:
    assert [f.value for f in Scanner().scan(text)] == [value]
