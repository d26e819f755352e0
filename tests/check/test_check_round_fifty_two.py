"""Round fifty-two, tuned on blind44-blind47 (fresh33's German and Italian, Simplified Chinese and Vietnamese, fresh34's
Traditional Chinese and Dutch, Polish and Indonesian), written blind, after their untuned measure (rules and model,
downgrade: 1.00 / 0.99 / 0.0, 0.96 / 0.95 / 0.8, 1.00 / 0.98 / 0.4, 1.00 / 0.94 / 1.4; `--strict` 7 of 8 faithful
drafts): the two findings that refused a faithful draft and the rules' false alarms, each a class, checked as
`retell check` reads a draft of those sessions (bench/check/work)."""

from __future__ import annotations

import pytest
from check_support import about, problems

from retell.check.amounts import amounts

LAST_YEAR = (
    '"Script tinh_luong.py năm ngoái chạy bình thường, giờ chạy ra tổ 1 thì có số, còn tổ 2 với tổ 3 toàn là 0."'
)


@pytest.mark.parametrize(
    ("post", "mine", "claude_s"),
    [
        # Vietnamese: "I wrote to Claude:", the one written to after the verb (it refused blind45's faithful AY2)
        ("AY2", f"Mình viết cho Claude: {LAST_YEAR} <!-- ev: e1 -->", f"Claude viết: {LAST_YEAR} <!-- ev: e1 -->"),
        (
            "AZ2",
            "Ik schreef aan Claude: “Ik bel Fatima morgenvroeg om haar les te verzetten.” <!-- ev: e19 -->",
            "Claude schreef: “Ik bel Fatima morgenvroeg om haar les te verzetten.” <!-- ev: e19 -->",
        ),
        (
            "AZ2",
            "Daarna schreef ik: “Ik bel Fatima morgenvroeg om haar les te verzetten.” <!-- ev: e19 -->",
            "Claude antwoordde: “Ik bel Fatima morgenvroeg om haar les te verzetten.” <!-- ev: e19 -->",
        ),
        (
            "BA2",
            "Saya bertanya ke Claude: “kalau mau hitung z-score BB/U balita pakai standar WHO di R, paket apa yang "
            "paling gampang?” <!-- ev: e1 -->",
            "Claude menjawab: “kalau mau hitung z-score BB/U balita pakai standar WHO di R, paket apa yang paling "
            "gampang?” <!-- ev: e1 -->",
        ),
    ],
)
def test_my_words_told_as_mine_in_vietnamese_dutch_and_indonesian(post: str, mine: str, claude_s: str) -> None:
    assert about(problems(post, mine + "\n"), "quote") == []
    assert about(problems(post, claude_s + "\n"), "not Claude's")


def test_a_decimal_comma_is_part_of_its_number() -> None:
    # "0,2 s" was read as "2 s", a length nothing near took, which refused blind47's faithful BA1
    assert [round(a.value * 60, 3) for a in amounts("Każdy wątek czekał 0,2 s.")] == [0.2]
    assert [round(a.value * 60, 3) for a in amounts("Es dauerte 2,5 min.")] == [150.0]
    assert [round(a.value * 60, 3) for a in amounts("pauses of 3, 5 s and more")] == [5.0]
    told = "Wątki startują co 0,2 s, a test oczekuje od obu przyjęć kodu `302`. <!-- ev: e21 -->\n"
    assert problems("BA1", told) == []


def test_a_time_between_two_clock_times_the_sentence_gives() -> None:
    told = "The label line is at 09:14:17 and the lock error at 09:14:22, five seconds later. <!-- ev: e7 -->\n"
    assert problems("BA1", told) == []
    planted = "The label line is at 09:14:17 and the lock error at 09:14:22, six seconds later. <!-- ev: e7 -->\n"
    assert problems("BA1", planted)


def test_dutch_short_forms_are_tidied_under_cleaned() -> None:
    # "kan ik 'm … draaien" quoted as "kan ik hem … draaien" under `cleaned` (blind46's faithful AZ2, refused once
    # the quote was read as mine)
    told = (
        'In hetzelfde bericht schreef ik: "En daarna kan ik hem elke maandagochtend draaien." <!-- cleaned: e31 --> '
        "<!-- ev: e31 -->\n"
    )
    assert problems("AZ2", told) == []


def test_my_words_given_to_claude_are_mine_though_a_summary_repeats_them() -> None:
    quote = "“Laat de structuur eigenlijk maar zoals hij is, dat wordt te groot voor vanavond.”"
    assert about(problems("AM1", f"Claude antwoordde daarop: {quote} <!-- ev: e14 -->\n"), "not Claude's")
    assert problems("AM1", f"Ik schreef daarop: {quote} <!-- ev: e14 -->\n") == []


def test_a_vietnamese_reading_of_claude_s_told_as_fact() -> None:
    # Vietnamese writes each syllable apart and few reach the four letters a reading's words were compared by: two
    # syllables in a row ("gộp ô", "công nhân") are compared instead (blind45 AY2:39)
    told = "Cột C là mã công đoạn, và `C4:C15` là một ô gộp cho 12 công nhân cùng làm một công đoạn. <!-- ev: e5 -->\n"
    assert about(problems("AY2", told), "Claude's reading")
    given = "Theo Claude, cột C là mã công đoạn, và `C4:C15` là một ô gộp cho 12 công nhân. <!-- ev: e5 -->\n"
    assert problems("AY2", given) == []
