"""Round fifty, tuned on blind42 (fresh32's cardapio-merenda in Brazilian Portuguese and sento-komi in Japanese) and
blind43 (dojang-check in Korean and campeonato-mus in Spanish from Spain), written blind, after their untuned measure
(rules and model, downgrade: 1.00 / 0.98 / 0.4 and 0.96 / 1.00 / 0.0, `--strict` 2 of 2 each): forms of giving a
sentence to Claude the rules did not know, checked as `retell check` reads a draft of those sessions
(bench/check/work), beside the same sentence told as fact."""

from __future__ import annotations

import pytest
from check_support import about, problems

from retell.check.trace import _FIRST_PERSON


def test_a_portuguese_guess_named_as_one() -> None:
    told = (
        "O palpite de Claude foi que o Excel tinha salvo a TACO em ISO-8859-1, ou em cp1252, e que o pandas tentava "
        "ler como UTF-8. <!-- ev: e4 -->\n"
    )
    assert about(problems("AV1", told), "guess") == []
    bare = (
        "O Excel tinha salvo a TACO em ISO-8859-1, ou em cp1252, e o pandas tentava ler como UTF-8. <!-- ev: e4 -->\n"
    )
    assert about(problems("AV1", bare), "guess")


def test_a_spanish_aside_of_explaining_gives_the_sentence_to_claude() -> None:
    told = (
        "Si no queda ninguno, explicó, `next(..., libres[0])` la empareja con el primero que haya, aunque sea "
        "repetido. <!-- ev: e5 -->\n"
    )
    assert about(problems("AW2", told), "told as fact") == []


def test_korean_reported_speech_gives_the_sentence_to_claude() -> None:
    told = (
        "첫째, `SafeAreaView`를 `react-native`에서 가져오고 있어서 안드로이드에서는 인셋이 전혀 적용되지 않는다고 "
        "했어요. <!-- ev: e5 -->\n"
    )
    assert about(problems("AW1", told), "told as fact") == []
    bare = (
        "첫째, `SafeAreaView`를 `react-native`에서 가져오고 있어서 안드로이드에서는 인셋이 전혀 적용되지 않았어요. "
        "<!-- ev: e5 -->\n"
    )
    assert about(problems("AW1", bare), "told as fact")


@pytest.mark.parametrize(
    ("sentence", "mine"),
    [("Rechacé la llamada y escribí por qué.", True), ("Recusei a chamada.", True), ("Claude rechazó la idea.", False)],
)
def test_the_first_person_spanish_and_portuguese_say_by_the_verb_alone(sentence: str, mine: bool) -> None:
    assert bool(_FIRST_PERSON.search(sentence)) is mine
