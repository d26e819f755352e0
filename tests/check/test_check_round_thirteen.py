"""Round thirteen of the check (issue 21): each class of false alarm the rules raised on blind9's faithful text,
written again in sentences of our own, on the sessions of bench/check/work (N1: a prod rollback; e2 a pod list
and a `rollout history` printing two `image=…` lines; e8 Claude's `kubectl delete rs …`, turned down; e10 my
"whoa no dont delete the rs, that's how argo tracks it. just check the logs in loki")."""

from __future__ import annotations

from check_support import _offline, check, problems  # noqa: F401  (_offline: a fixture)


def test_a_count_the_cited_output_lists_by_its_noun_is_no_count_of_screenshots() -> None:
    assert problems("N1", "Its history listed two images, one per revision. <!-- ev: e2 -->\n") == []
    wrong = problems("N1", "Its history listed three images, one per revision. <!-- ev: e2 -->\n")
    assert len(wrong) == 1


def test_a_turned_down_call_shown_under_a_lead_in_that_denies_its_effect_did_not_run() -> None:
    block = "```bash\nkubectl -n shop delete rs checkout-api-7d9c5f6b8\n```\n<!-- ev: e8 -->\n"
    denied = check("N1", "Its next call deleted nothing at all: <!-- ev: e8 -->\n\n" + block)
    assert not denied.problems and not denied.blocking
    ran = check("N1", "Then Claude ran this: <!-- ev: e8 -->\n\n" + block)
    assert len(ran.problems) == 1 and "never ran" in ran.problems[0].reason


def test_a_negation_typed_without_its_apostrophe_may_be_quoted_with_it() -> None:
    body = "\"Don't delete the RS, that's how Argo tracks it,\" I wrote. <!-- cleaned: e10 --> <!-- ev: e10 -->\n"
    assert problems("N1", body) == []
    # a word changed is still a changed quote
    changed = "\"Don't delete the pods, that's how Argo tracks it,\" I wrote. <!-- cleaned: e10 --> <!-- ev: e10 -->\n"
    assert problems("N1", changed)


# -- who speaks, in French -----------------------------------------------------------------------------------
# N2: e2 is Claude's "D'accord. Je regarde d'abord le schéma, …"; e21 mine: "non le mobile est en lecture seule, …"


def test_a_french_pluperfect_of_mine_before_a_quote_names_me() -> None:
    assert problems("N2", "J'avais écrit « Je regarde d'abord le schéma », rien de plus. <!-- ev: e2 -->\n")
    assert problems("N2", "Claude avait écrit « Je regarde d'abord le schéma », rien de plus. <!-- ev: e2 -->\n") == []


def test_a_french_inverted_tag_after_a_quote_names_its_speaker() -> None:
    # "ajoutait-il" with nobody named before it: the one who writes besides me is Claude
    assert problems("N2", "Mais « le mobile est en lecture seule », ajoutait-il, et c'était tout. <!-- ev: e21 -->\n")
    assert problems("N2", "« Le mobile est en lecture seule », a-t-il écrit. <!-- ev: e21 -->\n")
    assert problems("N2", "Mais « le mobile est en lecture seule », ai-je répondu. <!-- ev: e21 -->\n") == []
