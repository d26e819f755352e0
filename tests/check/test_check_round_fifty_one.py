"""Round fifty-one: Claude's guesses as people say them, not only as textbooks write them ("me imagino", "deve
ser", "скорее всего", "ये … लगता है"), a hedge that ends its sentence where the verb comes last, and Hindi words
read whole (Python's \\w leaves out the vowel signs, which cut "भैंस" into "भ" and "स"). Made from the language's
forms, not from a set's plants; checked as `retell check` reads a draft of those sessions (bench/check/work), beside
the same sentence told as Claude's."""

from __future__ import annotations

import pytest
from check_support import about, problems

from retell.check.guesses import hedged
from retell.check.text import words
from retell.extract.hedges import HEDGE


def test_a_hindi_guess_whose_hedge_ends_its_sentence_is_told_as_fact() -> None:
    # e18: "ये भैंस का दूध लगता है।" (this looks like buffalo milk): Claude's guess, the hedge last
    as_fact = "Ramesh Yadav का fat 7.35 था, क्योंकि वो भैंस का दूध था। <!-- ev: e18 -->\n"
    as_claude_s = "Ramesh Yadav का fat 7.35 था; Claude के हिसाब से वो भैंस का दूध लगता था। <!-- ev: e18 -->\n"
    assert about(problems("AT2", as_fact), "guess")
    assert about(problems("AT2", as_claude_s), "guess") == []


def test_a_portuguese_deve_ser_is_a_guess_and_para_claude_gives_it_to_claude() -> None:
    # e30: "Deve ser 80 g, com um zero a mais."
    assert about(problems("AV1", "O certo era 80 g, com um zero a mais no arquivo. <!-- ev: e30 -->\n"), "guess")
    told = "Para Claude, o certo seria 80 g, com um zero a mais no arquivo. <!-- ev: e30 -->\n"
    assert about(problems("AV1", told), "guess") == []


def test_by_claude_s_account_in_traditional_chinese_is_claude_s() -> None:
    told = (
        "依 Claude 的說法，`x-line-signature` 是用 channel secret 對原始 request body 算出的 HMAC-SHA256。"
        " <!-- ev: e2 -->\n"
    )
    assert about(problems("AL2", told), "guess") == []


@pytest.mark.parametrize(
    "sentence",
    [
        "Me imagino que es el portátil con Python 3.8.",
        "Скорее всего, это переход счётчика через ноль.",
        "Deve ser o Excel que salvou em Latin-1.",
        "Herhalde önbellek eski kalmış.",
        "Có lẽ do múi giờ UTC.",
        "估计是时区的问题。",
        "タイムゾーンの問題でしょう。",
        "ये भैंस का दूध लगता है।",
        "I'd guess the cache is stale.",
        "Ich nehme an, der Zähler läuft über.",
    ],
)
def test_a_hedge_of_speech_makes_claude_s_sentence_a_guess(sentence: str) -> None:
    assert HEDGE.search(sentence)
    assert hedged(sentence) == [sentence]


@pytest.mark.parametrize(
    "sentence",
    [
        "Creo que lo mejor es hacerlo con la biblioteca estándar.",
        "Je crois qu'il vaut mieux exporter en CSV.",
        "I ran the tests again.",
    ],
)
def test_a_hedged_plan_or_a_plain_report_is_no_guess(sentence: str) -> None:
    assert hedged(sentence) == []


def test_a_hindi_word_is_one_word_with_its_vowel_signs() -> None:
    assert words("ये भैंस का दूध था") == ["ये", "भैंस", "का", "दूध", "था"]
    assert words("שָׁלוֹם עולם") == ["שָׁלוֹם", "עולם"]
