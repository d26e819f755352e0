"""The numbers table's "(1 failed)" in the form the count takes in the post's language.

A blind editor of a Polish post (stop 41, fresh9, a real model in the loop) marked "15 (1 nieudanych)": Polish
says "1 nieudane", "3 nieudane", "5 nieudanych"; Spanish, Romanian, Czech, Swedish, Greek, Hebrew, Italian and
Catalan have a singular of their own too. Babel's CLDR plural rules choose the form."""

from __future__ import annotations

import pytest

from retell.write.locales import known_languages, stats_context, words

FACTS = {
    "tool_calls": 15,
    "tool_errors": 1,
    "human_turns": 3,
    "files_changed": 2,
    "subagents": 0,
    "compactions": 0,
    "tokens": 1000,
    "sessions": 1,
    "days": 1,
    "cost_usd": None,
    "duration": "9 min",
    "active_time": "6 min",
}


def _failed(language: str, n: int) -> str:
    context = stats_context({**FACTS, "tool_errors": n}, language, first_person=True, credit=False)
    return context["t"]["failed"].format(n=context["n"]["tool_errors"])


@pytest.mark.parametrize(
    ("language", "n", "told"),
    [
        ("pl", 1, "1 nieudane"),
        ("pl", 3, "3 nieudane"),
        ("pl", 5, "5 nieudanych"),
        ("pl", 22, "22 nieudane"),
        ("cs", 1, "1 neúspěšné"),
        ("cs", 3, "3 neúspěšná"),
        ("cs", 7, "7 neúspěšných"),
        ("es", 1, "1 fallida"),
        ("es", 2, "2 fallidas"),
        ("ro", 1, "1 eșuat"),
        ("ro", 4, "4 eșuate"),
        ("el", 1, "1 απέτυχε"),
        ("en", 1, "1 failed"),
        ("de", 1, "1 fehlgeschlagen"),
    ],
)
def test_a_count_of_failed_calls_takes_the_form_its_number_asks_for(language: str, n: int, told: str) -> None:
    assert _failed(language, n) == told


def test_every_language_has_a_form_for_any_count() -> None:
    for language in known_languages():
        entry = words(language)["failed"]
        forms = [entry] if isinstance(entry, str) else list(entry.values())
        assert isinstance(entry, str) or "other" in entry, language
        assert all("{n}" in form for form in forms), language
        for n in (0, 1, 2, 5, 21, 101):
            assert str(n) in _failed(language, n) or language in ("ar", "fa", "hi", "th"), (language, n)
