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
