"""A push or a result inside someone's quoted words is theirs, checked as a quote, never the post's claim.

fresh25's ledgerly-docs (written blind, stop 52): the offline draft's "Along the way, Claude said: “Someone pushed
to the branch in the meantime.”" after a push that failed was read as the post claiming a push went through, and
stopped `render --strict`. The same words in the post's own prose are still checked.
"""

from __future__ import annotations

from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)


def _pushes(lines: list[str]) -> list[str]:
    return [line for line in lines if "push" in line and "outcome" in line]


def test_a_push_in_claudes_quoted_words_is_no_claim_of_the_post() -> None:
    told = "Along the way, Claude said: “Someone pushed to the branch in the meantime.” <!-- ev: e64 -->\n"
    assert _pushes(problems("J2", told)) == []


def test_a_push_the_post_tells_is_still_checked() -> None:
    told = "Claude pushed the branch to origin after the tests passed. <!-- ev: e64 -->\n"
    assert _pushes(problems("J2", told)) != []
