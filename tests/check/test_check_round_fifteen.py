"""Round fifteen of the check (issue 21): cases of our own for the classes it works on, written before the
change, on sessions of bench/check/work. A (English, a tokenizer page on Vercel): e57 Claude "Next.js might be
treating `/tokenizer/` as a route rather than serving the static files", e59 "Next.js is returning HTML
(probably a 404 page or index page)". G1 (English): e137 "Test session has `isSidechain: true` - probably
filtered out". H1 (English): e21 "40 passed in 2.78s". J2 (English session): e62 "BUILD FAILED in 2m 12s".
L1: e57 "1 failed, 19 passed, 208 deselected in 39.22s". M1 (English): e11 the new test, e12 "10 passed in
0.61s". M2 (Spanish): e5 the new test, e6 its red run "3 failed, 2 passed". Each planted case has its
faithful twin; the counts on the base are in docs/check.md ("Round fifteen")."""

from __future__ import annotations

import pytest
from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

# -- Claude's guess told as fact: its hedged words in the cited events, told without a hedge ------------------


def test_claude_s_might_be_told_as_fact_is_a_guess_told_as_fact() -> None:
    faithful = "Claude suspected Next.js might be treating `/tokenizer/` as a route. <!-- ev: e57 -->\n"
    planted = "Next.js was treating `/tokenizer/` as a route rather than serving the static files. <!-- ev: e57 -->\n"
    assert problems("A", faithful) == []
    assert problems("A", planted)


def test_claude_s_probably_told_as_fact_is_a_guess_told_as_fact() -> None:
    faithful = (
        "The test session had `isSidechain: true`, which Claude guessed was probably filtered out. <!-- ev: e137 -->\n"
    )
    planted = "The test session had `isSidechain: true`, so Claude Code filtered it out. <!-- ev: e137 -->\n"
    assert problems("G1", faithful) == []
    assert problems("G1", planted)


def test_a_guess_told_with_a_hedge_of_the_post_s_own_is_no_guess_as_fact() -> None:
    faithful = (
        "Next.js was probably returning a 404 page for `/tokenizer/` instead of the static files. <!-- ev: e59 -->\n"
    )
    planted = "Next.js returned a 404 page for `/tokenizer/` instead of the static files. <!-- ev: e59 -->\n"
    assert problems("A", faithful) == []
    assert problems("A", planted)


def test_a_spanish_post_telling_claude_s_guess_as_fact_is_a_guess_told_as_fact() -> None:
    faithful = "Según Claude, Next.js quizá trataba `/tokenizer/` como una ruta. <!-- ev: e57 -->\n"
    planted = "Next.js trataba `/tokenizer/` como una ruta y no servía los ficheros estáticos. <!-- ev: e57 -->\n"
    assert problems("A", faithful) == []
    assert problems("A", planted)


def test_a_portuguese_post_telling_claude_s_guess_as_fact_is_a_guess_told_as_fact() -> None:
    faithful = (
        "A sessão de teste tinha `isSidechain: true`, e o Claude supôs que por isso era filtrada. <!-- ev: e137 -->\n"
    )
    planted = "A sessão de teste tinha `isSidechain: true`, e por isso o Claude Code a filtrava. <!-- ev: e137 -->\n"
    assert problems("G1", faithful) == []
    assert problems("G1", planted)


# -- a length a cited output prints, told in words ------------------------------------------------------------


def test_a_length_the_cited_run_prints_may_be_told_rounded() -> None:
    faithful = "The whole suite ran in nearly three seconds: 40 passed. <!-- ev: e21 -->\n"
    planted = "The whole suite ran in nearly thirty seconds: 40 passed. <!-- ev: e21 -->\n"
    assert problems("H1", faithful) == []
    assert problems("H1", planted)


def test_a_build_s_length_told_in_spanish_words_is_the_printed_one() -> None:
    faithful = "La compilación falló tras algo más de dos minutos. <!-- ev: e62 -->\n"
    planted = "La compilación falló tras unos veinte minutos. <!-- ev: e62 -->\n"
    assert problems("J2", faithful) == []
    assert problems("J2", planted)


@pytest.mark.xfail(strict=True, reason="left: ten minutes is near a gap between N2's events, which bears it out")
def test_a_length_in_milliseconds_the_cited_output_prints_may_be_told_in_words() -> None:
    faithful = "The first file's six tests ran in under a second. <!-- ev: e17 -->\n"
    planted = "The first file's six tests ran in about ten minutes. <!-- ev: e17 -->\n"
    assert problems("N2", faithful) == []
    assert problems("N2", planted)


def test_a_length_of_forty_seconds_the_cited_run_prints() -> None:
    faithful = "That run took some forty seconds and one test failed. <!-- ev: e57 -->\n"
    planted = "That run took some four minutes and one test failed. <!-- ev: e57 -->\n"
    assert problems("L1", faithful) == []
    assert problems("L1", planted)


# -- what a test does ("a test that fails if …") is no result ------------------------------------------------


def test_a_test_that_fails_if_is_what_it_checks_not_a_run_result() -> None:
    faithful = "What I have is a test that fails if the date moves with the time zone. <!-- ev: e11 -->\n"
    planted = "What I have is a test that failed when the date moved with the time zone. <!-- ev: e12 -->\n"
    assert problems("M1", faithful) == []
    assert problems("M1", planted)


def test_a_spanish_test_that_fails_if_is_what_it_checks() -> None:
    faithful = "Queda un test que falla si alguien vuelve a servir `..%2f` sin filtrar. <!-- ev: e5 -->\n"
    planted = (
        "Queda un test que falla si alguien vuelve a servir `..%2f` sin filtrar, y pasó con 97 tests en verde. "
        "<!-- ev: e6 -->\n"
    )
    assert problems("M2", faithful) == []
    assert problems("M2", planted)


# -- what the model is shown: the project a post may name without an event spelling it out --------------------


def test_the_verification_prompt_names_the_project_folder_and_branch() -> None:
    from test_check_round_eleven import _request

    # "my billing API" of /Users/marcus/work/billing-api: the folder's name, never the path with the user's name
    shown = _request("M1", "The billing API's due dates moved with the time zone. <!-- ev: e11 -->\n")
    assert "project folder `billing-api`" in shown and "git branch `fix/flaky-due-dates`" in shown
    assert "marcus" not in shown.split("# Part")[0]
    spanish = _request("M2", "La intranet servía ficheros fuera de su carpeta. <!-- ev: e8 -->\n")
    assert "project folder `intranet-api`" in spanish


# -- who did it: a lead-in telling as mine the command of the block under it; an idea of Claude's told as mine -

JEST = "\n\n```bash\nnpx jest test/descargas.traversal.test.js\n```\n<!-- ev: e6 -->\n"
COMMIT = (
    '\n\n```bash\ngit add tests/test_invoices.py && git commit -m "test: freeze clock in invoice due-date tests"\n```\n'
)


def test_a_lead_in_telling_claude_s_commit_as_mine_is_the_wrong_speaker() -> None:
    assert problems("M1", "Claude committed it on the branch:" + COMMIT + "<!-- ev: e18 -->\n") == []
    assert problems("M1", "I committed it on the branch:" + COMMIT + "<!-- ev: e18 -->\n")


def test_a_portuguese_lead_in_telling_claude_s_run_as_mine_is_the_wrong_speaker() -> None:
    assert problems("M2", "O Claude rodou o teste novo, só esse arquivo:" + JEST) == []
    assert problems("M2", "Rodei eu mesmo o teste novo, só esse arquivo:" + JEST)


def test_a_portuguese_run_of_claude_s_told_as_mine_after_a_lead_is_the_wrong_speaker() -> None:
    assert problems("M2", "Dessa vez o Claude rodou o teste novo:" + JEST) == []
    assert problems("M2", "Dessa vez eu rodei o teste novo:" + JEST)


def test_an_idea_only_claude_put_forward_told_as_mine_is_the_wrong_speaker() -> None:
    body = "{} validating the name and passing `root` and `dotfiles: 'deny'` to `sendFile`. <!-- ev: e12 -->\n"
    assert problems("M2", body.format("Claude proposed")) == []
    assert problems("M2", body.format("I proposed"))


def test_a_portuguese_idea_only_claude_put_forward_told_as_mine_is_the_wrong_speaker() -> None:
    body = "{} validar o nome e passar `root` e `dotfiles: 'deny'` ao `sendFile`. <!-- ev: e12 -->\n"
    assert problems("M2", body.format("O Claude propôs")) == []
    assert problems("M2", body.format("Eu propus"))
