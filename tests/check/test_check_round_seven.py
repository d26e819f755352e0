# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round seven of `retell check` on real prose: claims graded by what the cited events show, in English, German
and French. Each class blind3 missed or cried wolf on, tested on sentences written for the test (not the set's)
about the same sessions (bench/check/work), the faithful wording left alone and the slip reported.

H1 (deep-manifest): e12 an edit of `.gitignore` splitting `main.py.oldscratch`; e28-e30 the empty commit
`1d28f1e` (nothing is pushed in the session); e71, e82, e92 runs of 40, 58 and 65 passed; e110
`pytest --cov-fail-under=99`: 66 passed, then "FAIL Required test coverage of 99% not reached"; e131 my
"Option C: Extra field", e132 Claude's "Good choice - keeping everything on one line is cleaner."; e134-e135
Claude's plan with the grep-able `!` prefix; e173 Claude's summary listing four commits by their hashes.
H2 (coderabbit-review-helper, 39 minutes): e4 a subagent of 14 tool calls; e7 a failed AskUserQuestion ("No such
tool available"); e62 an edit of README.md from "Python 3.6+" to "Python 3.10+"; e64 at 11:35:28, my next
message e65 at 11:43:18; e185 my "Does this doc page help?", e187 Claude picking `uv tool upgrade --reinstall`;
e200 my "Let's update readme with the working reinstall"."""

from __future__ import annotations

import pytest
from check_support import problems

from retell.check.attribution import AUTHOR, CLAUDE, speaker_of

# -- a file and what the sentence says it holds ------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "Claude found that one line of `pyproject.toml` read `main.py.oldscratch` and split it in two. <!-- ev: e9 e11 e12 -->",
        "Claude fand, dass eine Zeile der `pyproject.toml` `main.py.oldscratch` lautete. <!-- ev: e9 e11 e12 -->",
        "Claude a vu qu'une ligne de `pyproject.toml` contenait `main.py.oldscratch`. <!-- ev: e9 e11 e12 -->",
        "Claude 发现 `pyproject.toml` 里有一行写成了 `main.py.oldscratch`。 <!-- ev: e9 e11 e12 -->",
    ],
)
def test_code_told_in_a_file_the_events_show_it_elsewhere_is_reported(slip: str) -> None:
    assert any("`main.py.oldscratch` is in .gitignore (e12), not in pyproject.toml" in p for p in problems("H1", slip))


def test_code_told_in_its_own_file_is_not_reported() -> None:
    faithful = "Claude found that one line of `.gitignore` read `main.py.oldscratch` and split it in two. <!-- ev: e9 e11 e12 -->"
    assert problems("H1", faithful) == []
    assert problems("H2", "In der `README.md` ging die Python-Version von 3.6+ auf 3.10+. <!-- ev: e62 -->") == []


def test_a_version_told_in_a_file_no_tool_changed_is_reported() -> None:
    slip = "In der `requirements.txt` ging die Python-Version von 3.6+ auf 3.10+. <!-- ev: e62 -->"
    assert any("`3.6+` is in README.md (e62), not in requirements.txt" in p for p in problems("H2", slip))


# -- a result told of a named run, a push --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "A run with `--cov-fail-under=99` passed. <!-- ev: e110 -->",
        "Ein Lauf mit `--cov-fail-under=99` lief durch. <!-- ev: e110 -->",
        "Un lancement avec `--cov-fail-under=99` a réussi. <!-- ev: e110 -->",
        "带 `--cov-fail-under=99` 的那次运行通过了。 <!-- ev: e110 -->",
    ],
)
def test_a_run_told_as_passing_whose_output_says_fail_is_contradicted(slip: str) -> None:
    found = problems("H1", slip)
    assert any("the run in e110 failed (FAIL Required test coverage of 99% not reached" in p for p in found)
    assert all("[stops render --strict]" in p for p in found)


def test_a_run_told_as_failing_on_its_coverage_is_not_reported() -> None:
    assert problems("H1", "A run with `--cov-fail-under=99` failed on coverage alone. <!-- ev: e110 -->") == []
    assert problems("H1", "带 `--cov-fail-under=99` 的那次运行没有通过。 <!-- ev: e110 -->") == []


@pytest.mark.parametrize(
    "slip",
    [
        "The health check went in as an empty commit, `1d28f1e`, and pushed to `origin` right away. <!-- ev: e28 e29 e30 -->",
        "Der Gesundheitscheck kam als leerer Commit `1d28f1e` dazu und wurde gleich nach `origin` gepusht. <!-- ev: e28 e29 e30 -->",
        "空提交 `1d28f1e` 随后推送到了 `origin`。 <!-- ev: e28 e29 e30 -->",
    ],
)
def test_a_push_the_session_never_ran_is_reported(slip: str) -> None:
    assert any("no push in the session shows this" in p for p in problems("H1", slip))
    assert problems("H1", "The health check went in as an empty commit, `1d28f1e`. <!-- ev: e28 e29 e30 -->") == []


# -- who says the words ------------------------------------------------------------------------------------------


def test_a_quote_in_a_clause_of_mine_after_a_semicolon_is_mine() -> None:
    moved = 'Claude laid out three options; I chose option C, since "keeping everything on one line is cleaner." <!-- ev: e129 e130 e131 e132 -->'
    assert any("these are Claude's words (e132), not yours" in p for p in problems("H1", moved))
    told = 'Claude laid out three options and I picked C. Its reason: "keeping everything on one line is cleaner." <!-- ev: e129 e130 e131 e132 -->'
    assert problems("H1", told) == []


@pytest.mark.parametrize(
    ("lead", "after", "speaker"),
    [
        ("", ", bat ich.", AUTHOR),
        ("", ", schrieb Claude zurück.", CLAUDE),
        ("Claude antwortete: ", "", CLAUDE),
        ("Darauf schrieb ich: ", "", AUTHOR),
        ("", ", ai-je écrit.", AUTHOR),
        ("", ", a répondu Claude.", CLAUDE),
        ("J'ai répondu : ", "", AUTHOR),
    ],
)
def test_who_says_a_quote_in_german_and_french(lead: str, after: str, speaker: str) -> None:
    assert speaker_of(lead, "", after) == speaker


@pytest.mark.parametrize(
    "slip",
    [
        "„Ergänze im README auch, wie man mit `uv sync` installiert“, schrieb ich. <!-- translated: e200 --> <!-- ev: e200 -->",
        "« Complète le README avec `uv sync` », ai-je écrit. <!-- translated: e200 --> <!-- ev: e200 -->",
    ],
)
def test_a_translated_quote_must_keep_the_code_of_what_it_renders(slip: str) -> None:
    assert any("as a translation of e200, it has uv sync, which e200 does not" in p for p in problems("H2", slip))


@pytest.mark.parametrize(
    "faithful",
    [
        "„Lass uns das README um die Neuinstallation ergänzen, die funktioniert“, schrieb ich. <!-- translated: e200 --> <!-- ev: e200 -->",
        "« Mets à jour le README avec la réinstallation qui marche », ai-je écrit. <!-- translated: e200 --> <!-- ev: e200 -->",
        "Claude wollte mir Fragen stellen, aber das Werkzeug fehlte („No such tool available“). <!-- ev: e6 e7 -->",
    ],
)
def test_quotes_in_german_and_french_marks_that_bear_out_are_not_reported(faithful: str) -> None:
    assert problems("H2", faithful) == []


def test_the_language_of_a_text_is_told_by_its_small_words() -> None:
    from retell.check.language import language_of  # new in round seven: imported here, so main collects the rest

    assert language_of("Lass uns das README mit der Neuinstallation ergänzen") == "de"
    assert language_of("J'ai demandé à Claude de garder le nom du fichier") == "fr"
    assert language_of("Let's update the readme with the working reinstall") == "en"
    assert language_of("我们商定先保留它，然后再说") == "cjk"


# -- decisions ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "I found `uv tool upgrade --reinstall` in the page myself and had Claude run it. <!-- ev: e185 e187 e188 -->",
        "Ich fand `uv tool upgrade --reinstall` selbst auf der Seite und ließ Claude es ausführen. <!-- ev: e185 e187 e188 -->",
        "J'ai trouvé `uv tool upgrade --reinstall` moi-même dans la page. <!-- ev: e185 e187 e188 -->",
    ],
)
def test_a_find_credited_to_me_naming_code_only_claude_named_is_reported(slip: str) -> None:
    assert any("`uv tool upgrade --reinstall` was Claude's to name (e187)" in p for p in problems("H2", slip))
    faithful = "Claude picked `uv tool upgrade --reinstall` out of the page I pasted. <!-- ev: e185 e187 e188 -->"
    assert problems("H2", faithful) == []


def test_an_idea_credited_to_me_that_claudes_plan_had_is_reported() -> None:
    slip = "The `!` prefix was my idea, so that the marker is easy to grep. <!-- ev: e133 e134 e135 -->"
    assert any("Claude said this (e134), not you" in p for p in problems("H1", slip))


# -- numbers and times in German and French ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "slip"),
    [
        (
            "Ein Subagent sah sich das Projekt an, vierzehn Werkzeugaufrufe lang. <!-- ev: e3 e4 -->",
            "Ein Subagent sah sich das Projekt an, vierundzwanzig Werkzeugaufrufe lang. <!-- ev: e3 e4 -->",
        ),
        (
            "Un sous-agent a parcouru le projet en quatorze appels d'outils. <!-- ev: e3 e4 -->",
            "Un sous-agent a parcouru le projet en vingt-quatre appels d'outils. <!-- ev: e3 e4 -->",
        ),
    ],
)
def test_a_count_of_tool_calls_in_german_and_french(faithful: str, slip: str) -> None:
    assert problems("H2", faithful) == []
    assert any("closest: 14 the subagent's tool uses in e4" in p for p in problems("H2", slip))


@pytest.mark.parametrize(
    ("faithful", "slip"),
    [
        (
            "Acht Minuten später kam mein eigentlicher Wunsch. <!-- ev: e64 e65 -->",
            "Eine halbe Stunde später kam mein eigentlicher Wunsch. <!-- ev: e64 e65 -->",
        ),
        (
            "Huit minutes plus tard, je suis revenu avec ma vraie demande. <!-- ev: e64 e65 -->",
            "Une demi-heure plus tard, je suis revenu avec ma vraie demande. <!-- ev: e64 e65 -->",
        ),
    ],
)
def test_a_time_later_in_german_and_french_is_the_gap_between_events(faithful: str, slip: str) -> None:
    assert problems("H2", faithful) == []
    assert any(
        "no two events near this paragraph are that far apart (closest: 8 min" in p for p in problems("H2", slip)
    )


def test_a_count_at_several_moments_is_several_claims() -> None:
    told = "Claude added the tar tests in two passes, and the count went from 40 to 58 to 65 passing tests. <!-- ev: e71 e82 e92 -->"
    assert problems("H1", told) == []  # "two passes" are rounds of work, not tests that passed
    slip = told.replace("58", "56")
    assert any(
        '"56": no event or figure of the session states it (closest: 58 test run in e82)' in p
        for p in problems("H1", slip)
    )


def test_commits_a_summary_lists_by_their_hashes_are_counted() -> None:
    assert (
        problems("H1", "When I said thanks there were four commits waiting for a push. <!-- ev: e171 e172 e173 -->")
        == []
    )
    assert any(
        '"six commits"' in p
        for p in problems(
            "H1", "When I said thanks there were six commits waiting for a push. <!-- ev: e171 e172 e173 -->"
        )
    )


# -- a command only proposed -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "Claude then ran `uv tool install --reinstall .`, and the help stayed old. <!-- ev: e179 e181 e183 -->",
        "Claude führte danach `uv tool install --reinstall .` aus, die Hilfe blieb alt. <!-- ev: e179 e181 e183 -->",
    ],
)
def test_a_command_whose_only_call_i_turned_down_never_ran(slip: str) -> None:
    assert any("it never ran: the only call of it was turned down (e183)" in p for p in problems("H2", slip))
    told = "Claude wanted to run `uv tool install --reinstall .` as well, and I turned it down. <!-- ev: e183 e184 -->"
    assert problems("H2", told) == []


# -- citations ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "told",
    [
        "The subagent came back with `process_zip_file()`, `process_zip_contents()`, nested ZIPs opened through `BytesIO` and a bare `pass` for one that fails.",
        "Der Subagent brachte `process_zip_file()`, `process_zip_contents()`, über `BytesIO` geöffnete ZIPs und ein nacktes `pass` für eines, das scheitert, mit.",
    ],
)
def test_a_citation_most_claims_rest_far_from_is_reported(told: str) -> None:
    # one claim (`pass`) is also in the test run cited; four rest on the subagent's report and the health check
    assert any(
        "its claims trace to e27, e33, not to the events it cites" in p
        for p in problems("H1", told + " <!-- ev: e92 e93 -->")
    )
    assert problems("H1", told + " <!-- ev: e32 e33 -->") == []


# -- a run of my own ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "slip",
    [
        "I ran `coderabbit-extract --help` myself from `/tmp` afterwards, and it worked. <!-- ev: e48 e51 e56 -->",
        "Ich habe `coderabbit-extract --help` danach selbst aus `/tmp` aufgerufen, es lief. <!-- ev: e48 e51 e56 -->",
        "J'ai ensuite lancé `coderabbit-extract --help` moi-même depuis `/tmp`, et ça marchait. <!-- ev: e48 e51 e56 -->",
    ],
)
def test_a_result_of_a_run_of_my_own_needs_a_message_of_mine(slip: str) -> None:
    found = problems("H2", slip)
    assert any("no message of yours reports it" in p for p in found)
    assert not any("slash command" in p for p in found)  # `/tmp` is a folder
    assert (
        problems(
            "H2",
            "Claude ran `coderabbit-extract --help` after reinstalling, and it printed its help. <!-- ev: e48 e51 e56 -->",
        )
        == []
    )


# -- vouched for -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "vouched",
    [
        "The health check went in as an empty commit, `1d28f1e`, and pushed to `origin` right away <!-- ok: I pushed it later -->. <!-- ev: e28 e29 e30 -->",
        "A run with `--cov-fail-under=99` passed <!-- ok -->. <!-- ev: e110 -->",
        "Claude found that one line of `pyproject.toml` read `main.py.oldscratch` <!-- ok -->. <!-- ev: e9 e11 e12 -->",
    ],
)
def test_an_ok_mark_vouches_for_what_the_evidence_rules_read(vouched: str) -> None:
    assert problems("H1", vouched) == []


def test_a_short_quoted_error_no_event_says_is_reported_beside_a_failed_call() -> None:
    slip = "Claude wollte mir Fragen stellen, aber das Werkzeug fehlte („Permission denied“). <!-- ev: e6 e7 -->"
    assert any(
        "no event says this; the failed call in e7 says: Error: No such tool available" in p
        for p in problems("H2", slip)
    )
    english = 'The question tool failed with "access denied", so Claude wrote a plan instead. <!-- ev: e6 e7 -->'
    assert any("the failed call in e7" in p for p in problems("H2", english))


def test_a_count_of_failed_calls_after_a_command_is_no_result_of_it() -> None:
    # the offline engine's own wording: "(1 failed)" counts the failed calls, it tells no run's result
    told = "After that it ran two commands, among them `pytest --cov-fail-under=99` (1 failed). <!-- ev: e108 e109 e110 -->"
    assert problems("H1", told) == []


# -- Spanish -----------------------------------------------------------------------------------------------------


def test_spanish_is_read_as_german_and_french_are() -> None:
    assert (
        problems("H2", "Un subagente revisó el proyecto en catorce llamadas a herramientas. <!-- ev: e3 e4 -->") == []
    )
    assert any(
        "closest: 14 the subagent's tool uses in e4" in p
        for p in problems(
            "H2", "Un subagente revisó el proyecto en veinticuatro llamadas a herramientas. <!-- ev: e3 e4 -->"
        )
    )
    assert problems("H2", "Ocho minutos después llegó mi verdadera petición. <!-- ev: e64 e65 -->") == []
    assert any(
        "closest: 8 min" in p
        for p in problems("H2", "Media hora después llegó mi verdadera petición. <!-- ev: e64 e65 -->")
    )
    slip = "«Completa el README con `uv sync`», escribí. <!-- translated: e200 --> <!-- ev: e200 -->"
    assert any("it has uv sync, which e200 does not" in p for p in problems("H2", slip))
    found = "Encontré `uv tool upgrade --reinstall` yo mismo en la página. <!-- ev: e185 e187 e188 -->"
    assert any("was Claude's to name (e187)" in p for p in problems("H2", found))
    assert any(
        "the run in e110 failed" in p
        for p in problems("H1", "Una ejecución con `--cov-fail-under=99` pasó. <!-- ev: e110 -->")
    )
    assert any(
        "is in .gitignore (e12)" in p
        for p in problems("H1", "En `pyproject.toml` una línea decía `main.py.oldscratch`. <!-- ev: e9 e11 e12 -->")
    )


def test_a_quote_that_ends_its_sentence_is_not_said_by_whoever_acts_next() -> None:
    told = 'Then came the actual feature: "We should support those (.tar, .tar.gz) as well, in a similar way to the .zip embedded archives." Claude sent a subagent through the code before touching it. <!-- ev: e31 e32 e33 -->'
    assert problems("H1", told) == []
    moved = 'Then came Claude\'s answer: "We should support those (.tar, .tar.gz) as well, in a similar way to the .zip embedded archives." <!-- ev: e31 e32 e33 -->'
    assert any("these are your words (e31), not Claude's" in p for p in problems("H1", moved))


@pytest.mark.parametrize(
    "slip",
    [
        'It put "Sprint 0: Bug Fix (CRITICAL)" at the top of `docs/technical-requirements.md`. <!-- ev: e160 e163 e165 -->',
        "Claude schrieb „Sprint 0: Bug Fix (CRITICAL)“ an den Anfang von `docs/technical-requirements.md`. <!-- ev: e160 e163 e165 -->",
        "Claude a mis « Sprint 0: Bug Fix (CRITICAL) » en tête de `docs/technical-requirements.md`. <!-- ev: e160 e163 e165 -->",
    ],
)
def test_what_a_sentence_puts_into_a_file_must_be_in_that_file(slip: str) -> None:
    # G1: e165 adds the Sprint 0 heading to docs/implementation-plan.md; e160 edits docs/technical-requirements.md
    assert any(
        "“Sprint 0: Bug Fix (CRITICAL)” is in docs/implementation-plan.md (e165)" in p for p in problems("G1", slip)
    )
    told = 'Claude added "Sprint 0: Bug Fix (CRITICAL)" to `docs/implementation-plan.md`. <!-- ev: e160 e163 e165 -->'
    assert problems("G1", told) == []
