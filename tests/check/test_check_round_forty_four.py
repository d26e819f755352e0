"""Round forty-four, tuned on blind35 (fresh30's choir-roll on Windows and pruefplan in German, written blind) after
its untuned measure (rules and model, downgrade: recall 0.99, precision 0.90, 1.4 false alarms per 1,000 words,
`--strict` passed 2 of 2):

- "a day that cannot be a month" (13/01/2026: a day of the month, no month) read as two lengths of time;
- "vom 20.11.2025 mit sechs Monaten" (a test's six-month interval) read as the session's time;
- "Eine Minute und neunzehn Sekunden nach dem Befehl": one time, after the command (German "und" joined minutes to
  their seconds, and a "nach" after the figure);
- "Dasselbe passiere am Monatsende: … ergebe den 03.03.2025": German's reported speech (Konjunktiv I) gives the
  sentence to Claude, as a word of saying does;
- "kein einziger `git`-Befehl" named as never run; a paragraph that only denies cites where it did not happen."""

from __future__ import annotations

import pytest

from retell.check.amounts import DURATION, amounts
from retell.check.claims import _WITHOUT
from retell.check.gloss import gloss
from retell.check.readings import _DE_FIRST_PERSON, _DE_REPORTED


def _durations(text: str) -> list[str]:
    return [a.text for a in amounts(text) if a.unit == DURATION]


@pytest.mark.parametrize(
    "text",
    [
        "both were completed on 13/01/2026, a day that cannot be a month",
        "the third case runs from 20.11.2025 with six months over the year end",
    ],
)
def test_a_unit_named_as_a_thing_or_a_rules_span_is_no_time_of_the_session(text: str) -> None:
    assert _durations(text) == []


@pytest.mark.parametrize("text", ["It took a day that felt long", "A day later I came back", "It took a day."])
def test_a_length_of_the_session_is_still_one(text: str) -> None:
    assert _durations(text)


def test_a_german_compound_time_after_a_moment_is_one_time() -> None:
    glossed = gloss("Eine Minute und neunzehn Sekunden nach dem Befehl kam mein nächster Wunsch.").text
    found = [a for a in amounts(glossed) if a.unit == DURATION]
    assert [(a.text, round(a.value, 2), a.relative) for a in found] == [("a minute and 19 seconds", 1.32, True)]


@pytest.mark.parametrize(
    ("sentence", "reported"),
    [
        ("Dasselbe passiere am Monatsende: `AddDate(0, 1, 0)` ergebe den 03.03.2025.", True),
        ("Aus dem 29.02.2024 werde so der 29.02.2025, den es nicht gebe.", True),
        ("Ich habe die Tests danach selbst laufen lassen.", False),
        ("Die Tests liefen grün.", False),
    ],
)
def test_german_reported_speech_gives_the_sentence_to_claude(sentence: str, reported: bool) -> None:
    assert (bool(_DE_REPORTED.search(sentence)) and not _DE_FIRST_PERSON.search(sentence)) is reported


@pytest.mark.parametrize("lead", ["in der Sitzung lief kein einziger ", "not a single ", "no "])
def test_code_named_as_never_run_in_german_too(lead: str) -> None:
    assert _WITHOUT.search(lead)


@pytest.mark.parametrize(
    ("prose", "denies"),
    [
        ("Die ganze Suite mit `-race` lief nach der Korrektur nicht noch einmal.", True),
        ("No test ran after the fix.", True),
        ("Keine der beiden Ausgaben enthält eine Fehlermeldung, und ein `git status` meldete nichts.", False),
        ("Claude 還說 Leaflet 是用 `maxWidth` 計算尺寸，不知道 CSS 強制的寬度。", False),
    ],
)
def test_a_paragraph_that_denies_a_run_is_no_wrong_citation(prose: str, denies: bool) -> None:
    from retell.check.trace import _DENIES_A_RUN

    assert bool(_DENIES_A_RUN.search(prose)) is denies


@pytest.mark.parametrize(
    ("sentence", "mine"),
    [
        ("제가 `x`를 고쳤다", True),
        (
            '내가 "인코딩 키 넣었어"라고 답하자 Claude는 `%`가 있으면 키를 디코딩하고 `ApiError`로 보여 주게 고쳤다.',
            False,
        ),
        ("私が`x`を直した", True),
        ("私が頼むとClaudeが`x`を直した", False),
    ],
)
def test_an_act_whose_clause_has_claude_for_subject_is_claudes(sentence: str, mine: bool) -> None:
    """fresh28's Korean session, a real model's draft: with its code spans paired rightly, "…답하자 Claude는 …
    고쳤다" (when I answered, Claude fixed it) was read as my edit."""
    from retell.check.speaker import _I_OPENED

    assert bool(_I_OPENED.match(sentence)) is mine
