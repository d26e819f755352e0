"""Round fifty-five: blind54 and blind55 (stop 60, fresh39's four sessions), measured untuned, then tuned on. Their
faithful drafts quoted "i dont trust it" cleaned as "I don't trust it" (read as a quote the author never wrote),
counted "the header and 212 rows" of a `wc -l` printing 213, said "twenty tickets fewer than before" of counts of
480 and 460, told Claude's words in Polish under "twierdził", "jak dodał", "Podejrzewał, że" (read as told as fact),
read "asking which language I wanted" as the author's wish, took "Środzie Popielcowej" of the session's "Środa
Popielcowa" for a name it never gave, and timed a run "從我的第一則訊息算起，這是三分四十七秒後"
(from the first message, not from the events near it). Each was reported; each is true."""

from __future__ import annotations

import pytest
from check_support import problems

_TRUST = "I asked for a sanity check before seeding: “{quote}” <!-- cleaned: e26 --> <!-- ev: e26 -->\n"


def test_a_contraction_a_chat_typed_without_its_apostrophe_is_a_tidy_up() -> None:
    quote = (
        "I don't trust it at all, last year someone was entered in the wrong age group and we only found out on "
        "poolside."
    )
    assert problems("BH1", _TRUST.format(quote=quote)) == []


def test_a_tidied_quote_that_turns_the_meaning_is_still_reported() -> None:
    quote = "I do trust it, last year someone was entered in the wrong age group and we only found out on poolside."
    assert problems("BH1", _TRUST.format(quote=quote))


def test_rows_are_the_lines_less_the_header_the_sentence_names() -> None:
    told = (
        "The subagent's first command counted 213 lines in the file, the header and {rows} rows. <!-- ev: e28.1 -->\n"
    )
    assert problems("BH1", told.format(rows=212)) == []
    assert problems("BH1", told.format(rows=215))


def test_a_count_compared_with_another_is_their_difference() -> None:
    told = "That is {n} tickets fewer than before, two books of ten. <!-- ev: e8 e17 -->\n"
    assert problems("BI1", told.format(n="twenty")) == []
    assert problems("BI1", told.format(n="thirty"))


@pytest.mark.parametrize(
    "told",
    [
        "Pomyłki między tymi kodowaniami, twierdził, praktycznie nie ma, bo tekst w cp1250 z polskimi literami prawie "
        "nigdy nie jest poprawnym UTF-8. <!-- ev: e4 -->",
        "W jego wyjaśnieniu `strftime('%A')` bierze nazwę z ustawień regionalnych C, a skrypt nigdy ich nie ustawia. "
        "<!-- ev: e8 -->",
        "Kolumny `zamawiajacy` i `stypendium`, jak dodał, dalej nie trafiają do ogłoszeń. <!-- ev: e11 -->",
        "Jego przypuszczenie brzmiało: lutowy eksport jest w cp1250, a styczniowy był w UTF-8. <!-- ev: e2 -->",
    ],
)
def test_claudes_words_given_to_it_in_polish_are_told_as_its_own(told: str) -> None:
    assert problems("BH2", told + "\n") == []


def test_an_indirect_question_credits_no_one() -> None:
    told = "Claude ended by asking which language I wanted and where the ticket data was. <!-- ev: e2 -->\n"
    assert problems("BI1", told) == []


def test_a_time_counted_from_the_first_message_in_chinese() -> None:
    told = "從我的第一則訊息算起，這是{gap}後，也是 Claude 最後一次跑指令。<!-- ev: e20 -->\n"
    assert problems("BI2", told.format(gap="三分四十七秒")) == []
    assert problems("BI2", told.format(gap="九分鐘"))


def test_a_polish_name_declined_with_its_consonant_softened_is_the_sessions() -> None:
    # the session writes "Środa Popielcowa"; its locative softens d to dz and takes the adjective's -ej
    assert problems("BH2", "W Środzie Popielcowej msza jest o 18:00. <!-- ev: e21 -->\n") == []
    assert problems("BH2", "W Warszawie msza jest o 18:00. <!-- ev: e21 -->\n")


# -- blind56 and blind57 (stop 60, fresh38), measured untuned after the part above, then tuned on -----------------


def test_the_verb_before_a_count_of_tests_says_which_it_counts() -> None:
    from retell.check.amounts import amounts

    read = {a.text: a.unit for a in amounts("the first run failed two tests and passed eleven")}
    assert read == {"two tests": "failed"}
    read = {a.text: a.unit for a in amounts("pytest passed eleven tests and failed two")}
    assert read["eleven tests"] == "tests"


def test_a_count_of_failures_is_the_runs_not_any_number_its_output_prints() -> None:
    told = "Under a minute after my go-ahead, the first run of `python -m pytest` failed {n} tests and passed {m}: "
    told += "<!-- ev: e8 e15 -->\n"
    assert problems("BJ1", told.format(n="two", m="eleven")) == []
    # (the run's output prints an assertion's `{'W45': 7}` and says FAILED: no backing for "seven")
    assert problems("BJ1", "Seven tests failed. <!-- ev: e15 -->\n")


def test_claudes_guess_named_in_korean_is_told_as_its_own() -> None:
    told = (
        "Claude의 추측은 누군가 관리 화면에서 가격을 쉼표와 함께 입력했고, 정수로 바꿀 때 쉼표 앞까지만 읽혔다는 "
        "것이었습니다. <!-- ev: e2 -->\n"
    )
    assert problems("BK2", told) == []


def test_a_noun_after_a_count_is_a_whole_word() -> None:
    from retell.check.amounts import amounts

    # "60 por 60 centímetros" (a real model's draft of fresh38's marble workshop): no sixty cents
    assert all(a.unit != "money" for a in amounts("um quadrado de 60 por 60 centímetros"))
    assert [a.unit for a in amounts("it cost 60 cents")] == ["money"]
    assert [(a.text, a.unit) for a in amounts("The first test run failed on two tests:")] == [("two tests", "failed")]
