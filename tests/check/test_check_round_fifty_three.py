"""Round fifty-three: what never happened, said in the post's language. blind44-47's faithful drafts (tuned on in
round 52) said "Gepusht wurde nichts" (nothing was pushed), "整个会话里没有跑过 `git commit`" (no `git commit` ran in
the whole session), "Er kwam … geen `git commit` aan te pas" and "tidak ada satu pun perintah `git`" (not a single `git`
command), and the check read each as a push or a commit told as done ("never run in the session", "no push in the
session shows this"). A denial is true when the session never ran it, and reported when it did."""

from __future__ import annotations

import pytest
from check_support import problems


@pytest.mark.parametrize(
    ("post", "told"),
    [
        ("AX1", "Gepusht wurde nichts. <!-- ev: e21 e22 -->"),
        ("AY1", "整个会话里没有跑过 `git commit`，也没有推送。<!-- ev: e17 e31 -->"),
        ("AZ2", "Er kwam in dit werk geen `git commit` aan te pas. <!-- ev: e32 e33 -->"),
        ("BA2", "Dalam sesi ini tidak ada satu pun perintah `git`. <!-- ev: e21 e26 -->"),
        ("AZ2", "No `git commit` ran in this session. <!-- ev: e32 -->"),
    ],
)
def test_a_denial_of_what_never_ran_is_true(post: str, told: str) -> None:
    assert problems(post, told + "\n") == []


def test_a_push_told_as_done_is_still_checked() -> None:
    assert problems("AX1", "Gepusht wurde alles. <!-- ev: e21 e22 -->\n")


@pytest.mark.parametrize(
    "told",
    [
        "No `git commit` ran in this session. <!-- ev: e22 -->",
        "Dalam sesi ini tidak ada satu pun perintah `git commit`. <!-- ev: e22 -->",
    ],
)
def test_a_denial_of_what_did_run_is_reported(told: str) -> None:
    # BA1's e22 ran `git commit` (and the tests)
    found = problems("BA1", told + "\n")
    assert [p for p in found if "told as never run, but it ran in e22" in p]


# -- times told in Vietnamese and Indonesian number words ------------------------------------------------------------


def test_a_vietnamese_length_in_words_is_read_as_a_length() -> None:
    # "mười bốn phút" (fourteen minutes) was no figure, so the paragraph was judged by its words' overlap with the two
    # events it cites, its first and last (blind45 AY2:14)
    told = "Từ tin nhắn đầu tiên của mình đến câu trả lời cuối của Claude là mười bốn phút. <!-- ev: e1 e30 -->\n"
    assert problems("AY2", told) == []
    planted = "Từ tin nhắn đầu tiên của mình đến câu trả lời cuối của Claude là ba mươi phút. <!-- ev: e1 e30 -->\n"
    assert [p for p in problems("AY2", planted) if "took 14 min" in p]


def test_an_indonesian_range_claude_stated_is_claude_s_estimate() -> None:
    # e19: "Satu desa ~38 detik, jadi 12 desa sekitar 7–8 menit."
    told = "Dari angka itu Claude memperkirakan dua belas desa butuh tujuh sampai delapan menit. <!-- ev: e19 -->\n"
    assert problems("BA2", told) == []


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("hai mươi giây sau, Claude trả lời", "20 seconds later"),
        ("khoảng năm phút", "about 5 minutes"),
        ("một tiếng rưỡi", "1.5 hours"),
        ("chưa đầy hai mươi phút sau tin nhắn đầu tiên", "just under 20 minutes after my first message"),
        ("dua puluh detik kemudian", "20 seconds later"),
        ("sekitar satu jam setelah pertanyaan pertama saya", "about 1 hour after my first message"),
    ],
)
def test_vietnamese_and_indonesian_times_are_glossed(text: str, english: str) -> None:
    from retell.check.spaced_numeral_times import spaced_numeral_times

    assert [told for _, _, told in spaced_numeral_times(text)] == [english]


@pytest.mark.parametrize("text", ["lúc năm giờ chiều", "umurnya 731 hari", "năm ngoái"])
def test_a_time_of_day_an_age_or_a_year_is_no_length(text: str) -> None:
    from retell.check.spaced_numeral_times import spaced_numeral_times

    assert spaced_numeral_times(text) == []
