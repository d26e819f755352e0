"""One list of greetings for every reader that must see past them (issue 24: headings and titles a blogger keeps).
Three lists had grown apart: the request reader did not know Arabic, so "السلام عليكم 👋" on a message's first line
became the post's first heading; and a message in a script with no capitals was read as shouted when the only
capitals were an acronym's ("API"), so it named no request at all."""

from __future__ import annotations

import pytest

from retell.extract.built_title import built_goal, without_opener
from retell.extract.deeds import greets
from retell.extract.requests import clean_request
from retell.extract.title_gate import fails

ARABIC = "أريد إضافة اللغة العربية لرسائل الخطأ (ملف src/i18n)"


@pytest.mark.parametrize(
    ("message", "wanted"),
    [
        ("السلام عليكم 👋\n" + ARABIC, ARABIC),
        ("Привіт!\nДодай перевірку токена до API", "Додай перевірку токена до API"),
        ("Merhaba 🙂\nCSV dışa aktarımına tarih sütunu ekle", "CSV dışa aktarımına tarih sütunu ekle"),
        ("Szia!\nAdd a retry to the upload job", "Add a retry to the upload job"),
        ("Hi Claude 👋\nadd a retry to the upload job", "Add a retry to the upload job"),
        # (fresh28: "Happy wednesday quick one" headed a post's first section)
        ("hey Claude! happy wednesday 👋\nadd a retry to the upload job", "Add a retry to the upload job"),
        ("Happy Friday!\nadd a retry to the upload job", "Add a retry to the upload job"),
        ("feliz viernes 🙂\nagrega un reintento al job de subida", "Agrega un reintento al job de subida"),
    ],
)
def test_a_greeting_line_is_never_the_request(message: str, wanted: str) -> None:
    assert clean_request(message) == wanted


@pytest.mark.parametrize("message", ["DAG fails on import since the upgrade", "Super slow builds since Monday"])
def test_a_word_that_only_starts_like_a_greeting_is_the_request(message: str) -> None:
    assert clean_request(message) == message
    assert not greets(message)


@pytest.mark.parametrize(
    "message",
    [
        "السلام عليكم، عندنا مشكلة في تسجيل الدخول",
        "שלום, יש באג בהתחברות",
        "Szia, a feltöltés elakad",
        "Hei, bygget feiler",
    ],
)
def test_every_reader_knows_the_same_greetings(message: str) -> None:
    assert greets(message)
    assert without_opener(message) != message


@pytest.mark.parametrize(
    ("message", "wanted"),
    [
        ("תוסיף בדיקת טוקן לכל הבקשות של ה-API החדש", "תוסיף בדיקת טוקן לכל הבקשות של ה-API החדש"),
        ("أضف فحص JWT إلى الـ API", "أضف فحص JWT إلى الـ API"),
        ("API डॉक्स में उदाहरण जोड़ो", "API डॉक्स में उदाहरण जोड़ो"),
    ],
)
def test_an_acronym_in_a_script_without_capitals_is_no_shout(message: str, wanted: str) -> None:
    assert clean_request(message) == wanted


@pytest.mark.parametrize("answer", ["YES", "OPTION B, USE POSTGRES"])
def test_an_answer_in_capitals_is_still_no_request(answer: str) -> None:
    assert clean_request(answer) is None


@pytest.mark.parametrize(
    ("title", "language"),
    [
        ("I get this error in my importer", "en"),
        ("Вот такая ошибка в импортёре", "ru"),
        ("Me sale este error en mi importador", "es"),
        ("Diese Fehlermeldung beim Login", "de"),
    ],
)
def test_a_title_that_points_at_a_paste_fails_the_gate(title: str, language: str) -> None:
    """With the greeting taken off, "добрый день, у меня вот такая ошибка в импортёре:" left a title a reader cannot
    follow (the error is in the paste below it); the gate sends it on to the next candidate (the commit's subject)."""
    assert fails(title, language) == "points at a paste"


@pytest.mark.parametrize("title", ["Fixing the MissingGreenlet error", "Fixing the error in the importer"])
def test_a_title_that_names_its_error_passes(title: str) -> None:
    assert fails(title, "en") == ""


@pytest.mark.parametrize(
    ("ask", "goal"),
    [
        ("أريد إضافة اللغة العربية لرسائل الخطأ في الـ API", "إضافة اللغة العربية لرسائل الخطأ في الـ API"),
        ("نريد تحسين سرعة البحث", "تحسين سرعة البحث"),
        ("أريد أن أضيف اللغة العربية", ""),  # a verb after "أن" ("that I add") is no title
    ],
)
def test_an_arabic_wish_titles_by_the_deed_it_asks_for(ask: str, goal: str) -> None:
    """ "أريد إضافة…" ("I want adding…") titled a post as the author's wish; the verbal noun after it is the deed."""
    assert built_goal(ask, "ar") == goal
