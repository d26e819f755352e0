# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round nine of the check (issue 21): each class of miss and false alarm that blind5 showed, written again in
sentences of our own, in English and another language, on the sessions of bench/check/work (J1: a timeline
fix with three edits turned down; J2: a phase of Android work, a Gradle run piped through `tail`, a summary
counting "30 UI Compose tests failed")."""

from __future__ import annotations

from check_support import _offline, problems  # noqa: F401  (_offline: a fixture)

# -- times -----------------------------------------------------------------------------------------------


def test_a_few_seconds_bears_out_a_gap_the_clock_shows_as_none() -> None:
    # e12 and e13 are written in the same second: "a few seconds later" is no wrong time
    assert problems("J1", "Claude agreed and tried again a few seconds later. <!-- ev: e12 e13 -->\n") == []
    assert (
        problems("J1", "Claude estuvo de acuerdo y lo intentó de nuevo unos segundos después. <!-- ev: e12 e13 -->\n")
        == []
    )


def test_a_time_after_an_event_named_in_words_counts_from_the_event_before_the_cited_one() -> None:
    before = "Claude ticked off both tasks and summed up. <!-- ev: e37 e39 -->\n\n"
    right = (
        "About twelve minutes after Claude's summary I ran `/doctor`, `/status` and `/mcp`. <!-- ev: e40 e41 e42 -->\n"
    )
    assert problems("J1", before + right) == []
    wrong = problems("J1", before + right.replace("twelve", "forty"))
    assert len(wrong) == 1 and '"forty minutes": no two events near this paragraph are that far apart' in wrong[0]


def test_times_told_in_spanish_german_and_french_are_read() -> None:
    summary = "En el resumen final, Claude daba las 9 pruebas por buenas. <!-- ev: e73 -->\n\n"
    asked = 'le pregunté: "Háblame de los problemas del Pixel 7a" <!-- translated: e74 --> <!-- ev: e74 -->\n'
    assert problems("J2", summary + "Unos ocho minutos después " + asked) == []
    wrong = problems("J2", summary + "Unos cuarenta minutos después " + asked)
    assert len(wrong) == 1 and '"cuarenta minutos": no two events near this paragraph are that far apart' in wrong[0]
    next_day = problems("J2", summary + "Al día siguiente " + asked)
    assert len(next_day) == 1 and '"Al día siguiente": no two events near this paragraph are hours apart' in next_day[0]
    german = problems("J2", summary + "Am nächsten Morgen fragte ich nach dem Pixel 7a. <!-- ev: e74 -->\n")
    assert len(german) == 1 and "Am nächsten Morgen" in german[0]
    french = "Dix minutes plus tard, j'ai posé une question sur le Pixel 7a. <!-- ev: e74 -->\n"
    assert problems("J2", summary + french) == []
    assert "Trois heures" in " ".join(problems("J2", summary + french.replace("Dix minutes", "Trois heures")))


def test_a_heading_in_another_language_sums_up_its_section_loosely() -> None:
    body = (
        "## Diez minutos de pruebas instrumentadas\n\n"
        "Claude lanzó las pruebas instrumentadas en segundo plano y fue mirando cómo iban. <!-- ev: e42 e44 e46 e48 -->\n"
    )
    assert problems("J2", body) == []


# -- outcomes, output, counts ----------------------------------------------------------------------------


def test_a_gradle_failure_piped_through_tail_is_a_failed_run() -> None:
    # e62: `./gradlew … 2>&1 | tail -50` exits 0 (tail's status) and prints BUILD FAILED
    failed = "The first attempt, `./gradlew connectedDebugAndroidTest` without a module, failed with `BUILD FAILED in 2m 12s`. <!-- ev: e62 -->\n"
    assert problems("J2", failed) == []
    assert problems("J2", failed.replace("failed with", "acabó con")) == []
    passed = problems(
        "J2", "The first attempt, `./gradlew connectedDebugAndroidTest` without a module, passed. <!-- ev: e62 -->\n"
    )
    assert len(passed) == 1 and "the run in e62 failed (BUILD FAILED in 2m 12s)" in passed[0]


def test_output_the_session_keeps_cut_short_names_the_whole_message() -> None:
    # e51's output ends "…-app-.xml: No such file or dire…"
    cut = "Its first read of the results failed with `No such file or directory`. <!-- ev: e51 -->\n"
    assert problems("J2", cut) == []
    assert problems("J2", cut.replace("Its first read of the results failed with", "Su primer intento falló con")) == []
    other = problems("J2", cut.replace("No such file or directory", "No such file or folder here"))
    assert len(other) == 1 and "no event names it" in other[0]


def test_a_count_of_tests_with_their_kind_between_number_and_noun() -> None:
    # e73: "30 UI Compose tests failed due to infrastructure issues"
    told = "In its summary Claude added that 30 tests had failed on a Pixel 7a. <!-- ev: e73 -->\n"
    assert problems("J2", told) == []
    assert (
        problems("J2", "En su resumen Claude añadía que habían fallado 30 pruebas en un Pixel 7a. <!-- ev: e73 -->\n")
        == []
    )
    assert "40 tests" in " ".join(problems("J2", told.replace("30", "40")))


def test_a_heading_counts_the_edits_its_section_tells() -> None:
    section = (
        "Claude had a first edit of `applyFilters()` ready. <!-- ev: e8 e9 -->\n\n"
        "I rejected it. <!-- ev: e9 e10 e11 -->\n\n"
        "I stopped the second one as well. <!-- ev: e14 e15 -->\n\n"
        "Claude proposed CSS for `timeline_styles.css`, and I rejected that too. <!-- ev: e29 e30 -->\n"
    )
    assert problems("J1", "## Three edits turned down\n\n" + section) == []
    assert problems("J1", "## Tres ediciones rechazadas\n\n" + section) == []
    assert "Five edits" in " ".join(problems("J1", "## Five edits turned down\n\n" + section))


# -- who did it, and what a paragraph cites --------------------------------------------------------------


def test_turning_a_call_down_is_the_authors_act_though_the_harness_words_it() -> None:
    # e9: "The user doesn't want to proceed with this tool use…", a tool's result
    told = "I rejected it, so nothing was written (Claude Code told Claude I did not want to proceed with that tool use). <!-- ev: e9 e10 e11 -->\n"
    assert problems("J1", told) == []


def test_a_paragraph_telling_what_did_not_happen_shares_no_words_with_its_citation() -> None:
    before = "Claude ticked off both tasks and summed up. <!-- ev: e37 e39 -->\n\n"
    assert (
        problems("J1", before + "I ran no test and did not reload the timeline in the session. <!-- ev: e39 e40 -->\n")
        == []
    )
    assert (
        problems(
            "J1", before + "No ejecuté ninguna prueba ni volví a cargar la línea de tiempo. <!-- ev: e39 e40 -->\n"
        )
        == []
    )
    told = problems(
        "J1", before + "I ran the whole suite and reloaded the timeline in the browser. <!-- ev: e39 e40 -->\n"
    )
    assert len(told) == 1 and "the cited events share little with the paragraph" in told[0]


# -- names the session never gives -----------------------------------------------------------------------


def test_a_person_the_session_never_names_is_reported_as_a_note() -> None:
    told = "On a Saturday evening I asked Claude for two changes to the timeline of claude-code-log, which my colleague Priya Raman had built. <!-- ev: e1 -->\n"
    found = problems("J1", told)
    assert found == [
        'draft.md:5: name: "Priya Raman": the session never names Priya, Raman → name what the session shows, or '
        "mark it <!-- ok --> if you know it from elsewhere"
    ]
    assert problems("J1", told.replace(", which my colleague Priya Raman had built", "")) == []
    assert problems("J1", told.replace("built.", "built <!-- ok: she wrote it -->.")) == []


def test_a_language_is_no_name_the_session_must_give() -> None:
    """The offline engine's own note ("its own sentences are in English") failed its own check on a corpus
    session told in Japanese (stop 36)."""
    told = "I asked Claude for two changes to the timeline, and wrote the post in English though the notes were in Spanish. <!-- ev: e1 -->\n"
    assert problems("J1", told) == []


def test_a_name_in_spanish_prose_and_the_languages_left_alone() -> None:
    spanish = (
        "Trabajé con Claude en la fase 4 del proyecto que mantengo con Tomás Rivera, solo la fase 4. <!-- ev: e1 -->\n"
    )
    assert [line.split(": the")[0] for line in problems("J2", spanish)] == ['draft.md:5: name: "Tomás Rivera"']
    # told once: a credit of the paragraph that already says the session never mentions the name keeps it
    credited = problems(
        "J2", "Le pedí a Claude la fase 4 del proyecto que mantengo con Tomás Rivera. <!-- ev: e1 -->\n"
    )
    assert len(credited) == 1 and "never mentions rivera, tomás" in credited[0]
    # names the session gives (Pixel, Compose), acronyms and the months are no invention
    known = "En el Pixel 7a fallaron las pruebas de Compose en julio, y la API no cambió. <!-- ev: e73 -->\n"
    assert problems("J2", known) == []
    # German capitalises every noun: a German post is not read for names
    german = "Ich bat Claude um Phase 4, und mein Kollege Tomás Rivera prüfte die Änderungen. <!-- ev: e1 -->\n"
    assert problems("J2", german) == []


def test_a_citation_beside_what_the_paragraph_tells_is_wrong() -> None:
    # e7 and e8 are the two subagents' reports; e4 is a read of the task document, e11 a read of three files
    spanish = "El primero volvió diciendo que el código heredado (`isActivityInForeground`, `checkAllComplete()`, `STARTUP_GRACE_PERIOD_MS`) ya no estaba; el segundo, que `EngineController` no tenía ningún mecanismo de comprobación de salud. <!-- ev: {} -->\n"
    english = "The first came back saying the old code (`isActivityInForeground`, `checkAllComplete()`, `STARTUP_GRACE_PERIOD_MS`) was gone; the second, that `EngineController` had no health check at all. <!-- ev: {} -->\n"
    for told in (spanish, english):
        assert problems("J2", told.format("e7 e8")) == []
        wrong = problems("J2", told.format("e4 e11"))
        assert len(wrong) == 1
        assert (
            'citation: "<!-- ev: e4 e11 -->": its claims trace to e7, next to the events it cites, and to none of them'
            in wrong[0]
        )
        assert wrong[0].endswith("→ cite e7")


def test_the_whole_a_count_is_part_of_is_a_count_too() -> None:
    # e50: "All 114 tests passed … with 0 failures": no total of 120 anywhere
    assert problems("J2", "Luego informó de que en el emulador habían pasado 114 pruebas. <!-- ev: e50 -->\n") == []
    for told in (
        "Luego informó de que en el emulador habían pasado 114 pruebas de 120. <!-- ev: e50 -->\n",
        "Then it reported that 114 tests out of 120 had passed on the emulator. <!-- ev: e50 -->\n",
    ):
        found = problems("J2", told)
        assert len(found) == 1 and 'number: "120": no event or figure of the session states it' in found[0]


# -- decisions and requests told in Spanish and French ---------------------------------------------------


def test_a_request_told_in_spanish_needs_a_message_of_the_author_where_it_is_cited() -> None:
    # e20, e21, e23: Claude's plan and its first edits; no message of mine
    asked = "Le pedí que dejara fuera la prueba nueva para ir más rápido. <!-- ev: e20 e21 e23 -->\n"
    found = problems("J2", asked)
    assert len(found) == 1 and "no message of yours is in the cited events (e20, e21, e23)" in found[0]
    # where my message is cited, a request is no claim to the idea
    assert problems("J2", "Le pedí que planificara y trabajara en la fase 4, solo la fase 4. <!-- ev: e1 -->\n") == []


def test_a_shared_decision_told_in_spanish_or_french_nobody_proposed() -> None:
    # e84: Claude's closing question; nothing after it
    for told in (
        "Decidimos dejar las pruebas de Compose fuera de la integración continua hasta arreglarlas. <!-- ev: e84 -->\n",
        "Nous avons décidé de laisser les tests Compose hors de l'intégration continue. <!-- ev: e84 -->\n",
    ):
        found = problems("J2", told)
        assert len(found) == 1 and "credit:" in found[0] and "nobody in the cited events proposed this" in found[0]


# -- a run told as repeated ------------------------------------------------------------------------------


def test_a_run_told_as_repeated_needs_a_test_run_where_the_paragraph_points() -> None:
    # e55, e57: a grep of the results and Claude's count; no test ran there. e67: the e2e run from :app
    for told in (
        "Claude contó 9 pruebas de `ServiceLifecycleTest` pasadas y las volvió a ejecutar una por una para asegurarse. <!-- ev: e55 e57 -->\n",
        "Claude counted 9 `ServiceLifecycleTest` tests passed and re-ran them one by one to make sure. <!-- ev: e55 e57 -->\n",
    ):
        found = [line for line in problems("J2", told) if "run again" in line]
        assert (
            len(found) == 1 and "no test run in or next to the cited events (e55, e57) shows it run again" in found[0]
        )
    assert problems("J2", "Claude proposed to re-run them one by one. <!-- ev: e55 e57 -->\n") == []
    assert problems("J2", "Claude re-ran the e2e test from the `:app` module. <!-- ev: e64 e67 -->\n") == []


def test_gradle_test_tasks_are_test_runs() -> None:
    from retell.extract.tools import is_test_command

    assert is_test_command(
        "./gradlew :app:connectedDebugAndroidTest -Pandroid.testInstrumentationRunnerArguments.class=X"
    )
    assert is_test_command("./gradlew test") and not is_test_command("./gradlew :app:compileDebugKotlin")


def test_a_script_run_again_needs_any_run_not_a_test_run() -> None:
    # I1 e16: `python model_comparison.py` failed, the requirements were installed, and it ran again
    told = "Its first run failed with a traceback, so Claude installed the requirements and ran it again. <!-- ev: e14 e16 -->\n"
    assert [line for line in problems("I1", told) if "run again" in line] == []
    # e13: a web search only
    lone = problems("I1", "Claude searched the web and then ran it again. <!-- ev: e13 -->\n")
    assert [line for line in lone if "run again" in line] != []


# -- quotes given to nobody, in a paragraph about Claude -------------------------------------------------


def test_words_of_the_author_in_a_paragraph_that_tells_only_what_claude_said() -> None:
    # e81: Claude's analysis; e82: my own guess that physical hardware is faster than the emulator
    spanish = 'Claude leyó `TorrentListScreenTest.kt` y dio tres razones; el error apuntaba al marco de pruebas de Compose, porque "physical hardware tends to be a lot faster than the emulator". <!-- ev: e77 e79 e81 -->\n'
    found = problems("J2", spanish)
    assert len(found) == 1 and "these are your words (e82), in a paragraph that tells only what Claude said" in found[0]
    # the narrator in the paragraph: the words may be theirs
    mine = 'Claude leyó `TorrentListScreenTest.kt`, y yo añadí mi sospecha: "physical hardware tends to be a lot faster than the emulator". <!-- ev: e77 e79 e81 e82 -->\n'
    assert problems("J2", mine) == []


# -- an error told by what happened ----------------------------------------------------------------------


def test_an_error_told_by_what_happened_must_be_what_the_failed_call_says() -> None:
    # J1 e9: the edit was turned down ("The user doesn't want to proceed…"), nothing was "not found"
    found = problems(
        "J1",
        "I rejected it, and the edit failed because the old string was not found in the file. <!-- ev: e9 e10 e11 -->\n",
    )
    assert (
        len(found) == 1
        and "no missing error near it; the failed call in e9 says: The user doesn't want to proceed" in found[0]
    )
    # J2 e62: a Gradle run through `| tail` that printed BUILD FAILED, and nothing about the emulator
    for told in (
        "The first attempt ended with `BUILD FAILED in 2m 12s`: the emulator did not respond. <!-- ev: e62 -->\n",
        "El primer intento acabó con `BUILD FAILED in 2m 12s`: el emulador no respondía. <!-- ev: e62 -->\n",
        "La première tentative a échoué : l'émulateur ne répondait pas. <!-- ev: e62 -->\n",
    ):
        found = problems("J2", told)
        assert (
            len(found) == 1
            and "no unresponsive error near it; the failed call in e62 says: BUILD FAILED in 2m 12s" in found[0]
        )
    assert problems("J2", "El primer intento acabó con `BUILD FAILED in 2m 12s`. <!-- ev: e62 -->\n") == []


# -- what the author did by hand -------------------------------------------------------------------------


def test_what_the_author_did_by_hand_needs_a_message_of_theirs() -> None:
    # J1 e39: Claude's summary; e40-e42: /doctor, /status, /mcp; no message of mine after e32
    before = "Claude ticked off both tasks and summed up. <!-- ev: e37 e39 -->\n\n"
    for told in (
        "I reloaded the timeline, toggled the sidechain filter and watched its row disappear. <!-- ev: e39 e40 -->\n",
        "Recargué la línea de tiempo, activé el filtro y vi desaparecer la fila. <!-- ev: e39 e40 -->\n",
        "J'ai rechargé la page et la ligne a disparu. <!-- ev: e39 e40 -->\n",
    ):
        found = problems("J1", before + told)
        assert len(found) == 1 and "no message of yours in or next to the cited events (e39, e40) tells it" in found[0]
    assert problems("J1", before + "I did not reload the timeline in the session. <!-- ev: e39 e40 -->\n") == []
    # my first message (e1) is where I said what I saw on the page
    assert (
        problems(
            "J1", 'I had checked the timeline and saw that filtering would "also collapse the row". <!-- ev: e1 -->\n'
        )
        == []
    )


def test_a_name_is_given_by_the_session_only_where_a_word_begins() -> None:
    """The review of stop 36: "Ian" counted as given because "median" holds it."""
    from retell.check.names import _named_in

    assert not _named_in("ian", "the median run took 3 s")
    assert _named_in("ian", "ask ian about it") and _named_in("vercel", "deployed to vercel.app")
