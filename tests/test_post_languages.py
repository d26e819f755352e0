"""A post in Hebrew, Greek, Indonesian, Ukrainian (and Persian, Hindi, Thai, Romanian, Hungarian, Finnish,
Danish, Norwegian) is headed in its language: a blind reader found "Where it ended" and "By the numbers" in
Hebrew, Greek, Indonesian and Ukrainian posts (issue 24)."""

from __future__ import annotations

import pytest

from retell.events import TOOL_RUN, Event, ToolCall
from retell.extract.local_headings import deed_in_language, fits_language, in_language, project_title
from retell.write.locales import words

_NEW = [
    ("he", "התוצאה", "במספרים"),
    ("el", "Πού καταλήξαμε", "Σε αριθμούς"),
    ("id", "Bagaimana akhirnya", "Dalam angka"),
    ("uk", "Чим усе закінчилося", "У цифрах"),
    ("fa", "به کجا رسید", "به زبان اعداد"),
    ("hi", "नतीजा क्या रहा", "आँकड़ों में"),
    ("th", "สรุปผล", "สรุปเป็นตัวเลข"),
    ("ro", "Rezultatul", "În cifre"),
    ("hu", "Az eredmény", "Számokban"),
    ("fi", "Lopputulos", "Lukuina"),
    ("da", "Resultatet", "I tal"),
    ("no", "Resultatet", "I tall"),
    ("nb", "Resultatet", "I tall"),
]


@pytest.mark.parametrize(("language", "ended", "numbers"), _NEW)
def test_a_post_is_headed_in_its_language(language: str, ended: str, numbers: str) -> None:
    assert in_language("Where it ended", [], language) == ended
    assert words(language)["heading"] == numbers
    assert set(words(language)) == set(words("pl"))  # every word the numbers box and the note need
    assert words(language)["sessions"] != words("en")["sessions"]


@pytest.mark.parametrize("language", [lang for lang, _, _ in _NEW])
def test_every_made_up_heading_has_its_words(language: str) -> None:
    from retell.extract.local_headings import WORDS, table_key

    assert set(WORDS[table_key(language)]) == set(WORDS["sv"])
    events = [Event(TOOL_RUN, id="t1", calls=[ToolCall("Edit", target="/p/renderer.py")])]
    edited = in_language("Changing the renderer", events, language)
    assert "renderer.py" in edited and "Changing" not in edited
    assert in_language("Setting DEBUG to NO", [], language).count("DEBUG") == 1
    assert "Setting" not in in_language("Setting DEBUG to NO", [], language)
    assert deed_in_language("Adding RPM limiter", language).count("RPM limiter") == 1
    assert "Adding" not in deed_in_language("Adding RPM limiter", language)
    assert (project_title("retell", language) or "").count("retell") == 1
    # its own headings can stand in its post; an English one cannot
    assert fits_language(in_language("Getting the tests to pass", [], language), language)
    assert not fits_language("Getting the tests to pass", language)


def test_french_and_german_say_how_it_went_as_a_blog_would() -> None:
    # the reader judged "Où cela s'est terminé" and "Wo es endete" word-for-word
    assert in_language("Where it ended", [], "fr") == "Le bilan"
    assert in_language("Where it ended", [], "de") == "Wie es ausging"


@pytest.mark.parametrize("heading", ["Πού καταλήξαμε", "התוצאה", "नतीजा क्या रहा", "สรุปผล"])
def test_a_heading_in_another_script_heads_no_latin_lettered_post(heading: str) -> None:
    assert not fits_language(heading, "de")


@pytest.mark.parametrize("language", [lang for lang, _, _ in _NEW])
def test_the_numbers_box_of_a_post_is_in_its_language(tx, parse, language: str) -> None:  # type: ignore[no-untyped-def]
    from retell.templating import TemplateLibrary
    from retell.write.facts import session_facts
    from retell.write.locales import stats_context

    tx.user("Fix the renderer, please.")
    tx.assistant("Done: the renderer is fixed.")
    context = stats_context(session_facts(parse(tx).manifest), language, first_person=True, credit=True)
    box = TemplateLibrary("templates").render("stats.md.j2", **context).text
    assert words(language)["heading"] in box and words(language)["sessions"] not in ("", "Sessions")
    assert not any(english in box for english in ("By the numbers", "Figures from", "counted by", "Tool calls"))
