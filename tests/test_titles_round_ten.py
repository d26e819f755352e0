"""Titles and headings, round ten (issue 24): the fault classes two blind readers found on fresh6, each in a
session of our own wording, told by form rather than by a list of words per language. A title or heading is
never a greeting, a message the author sent while getting ready ("one moment, pasting the log"), a reply of a
few words, the line that leads into a paste, a program's banner, or the author's sign-off before a commit; a
commit in English is not replaced by such chat on a post in another language (a title in English needs a
rewrite; a greeting is no title at all); a commit's scope is not the first word of a title in another script;
and retell's own headings are no "until…" fragment."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.commits import commit_phrase
from retell.extract.local_headings import WORDS, fits_language
from retell.extract.requests import clean_request

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


def _commit(tx: Transcript, subject: str) -> None:
    _bash(tx, f'git commit -am "{subject}"', f"[main 7e6f5a4] {subject}\n 2 files changed")


# -- a greeting or an opener, told by its form ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        # a greeting in a script the greeting list does not hold: two words, then the request
        ("مرحبا بك. التقرير الشهري يحسب المرتجعات مرتين في الجدول", "التقرير الشهري يحسب المرتجعات"),
        ("Γεια σου. Η αναφορά μετράει τις επιστροφές δύο φορές", "Η αναφορά μετράει"),
        # one word set off by a full stop ("so.", "look.")
        ("also. seit dem Update auf Gradle 9 schlägt der Release-Build fehl", "Seit dem Update auf Gradle 9"),
        # two words pointing at what follows
        ("fíjate acá. el botón de guardar queda deshabilitado después del primer error", "El botón de guardar"),
    ],
)
def test_an_opener_of_one_or_two_words_never_starts_a_request(said: str, kept: str) -> None:
    assert (clean_request(said) or "").startswith(kept), clean_request(said)


@pytest.mark.parametrize(
    "said",
    ["Fix it. The login page crashes on submit for every user", "Refactor auth. It is messy and slow now"],
)
def test_an_ask_in_two_words_is_no_opener(said: str) -> None:
    assert (clean_request(said) or "").startswith(said.split(".")[0]), clean_request(said)


def test_a_greeting_never_titles_a_post(tx: Transcript, tmp_path: Path) -> None:
    # (main: "مرحبا بك", the greeting; the commit was turned down for its language and the chat came back)
    tx.user("مرحبا بك. التقرير الشهري يحسب المرتجعات مرتين، الرقم في لوحة المالية أعلى من الحقيقي")
    tx.tool_call("Read", {"file_path": f"{CWD}/reports/monthly.sql"}, "SELECT ...")
    tx.assistant("المرتجعات تنضم مرتين عبر جدول الدفعات. سأصلح الاستعلام.")
    edit(tx, "reports/monthly.sql")
    tx.user("تمام، اعمل commit بالإنجليزي")
    _commit(tx, "reports: count each refund once in the monthly totals")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "ar"
    assert not told.title.startswith("مرحبا"), told.title


# -- a message sent while getting ready -----------------------------------------------------------------------


def test_a_message_sent_while_getting_ready_never_titles_or_heads_a_post(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Einen Moment, ich hole noch schnell den Stacktrace", what the author was about to do)
    tx.user("einen moment, ich hole noch schnell den stacktrace")
    tx.assistant("Klar, ich warte.")
    tx.user(
        "seit dem umstieg auf java 21 startet der export-dienst nicht mehr, die fehlermeldung kommt beim laden "
        "der konfiguration, vorher lief alles"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/export/Config.java"}, "class Config {}")
    tx.assistant("Die Konfiguration nutzt eine entfernte API. Ich stelle sie um.")
    edit(tx, "export/Config.java")
    told = Told(tx, tmp_path)
    shown = [told.title, *told.headings]
    assert not any("moment" in s.casefold() or "stacktrace" in s.casefold() for s in shown), shown


# -- a reply of a few words, a sign-off before a commit ------------------------------------------------------


def test_a_short_reply_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Vâng làm đi", a reply that agrees to what Claude proposed, headed a stretch)
    tx.user("hàm tính ngày lễ trả về sai ngày cho Tết năm 2026, mình cần sửa trước khi phát hành bản mới")
    tx.tool_call("Read", {"file_path": f"{CWD}/holidays/tet.py"}, "def tet(year): ...")
    edit(tx, "holidays/tet.py")
    tx.assistant("Đã sửa. Mình có nên thêm test cho các năm nhuận không?")
    tx.tick(3 * 3600)  # the reply after a pause: it opens a stretch of its own
    tx.user("vâng làm đi")
    edit(tx, "tests/test_tet.py")
    _bash(tx, "pytest -q", "4 passed")
    told = Told(tx, tmp_path)
    assert not any(h.casefold().startswith("vâng") for h in told.headings), told.headings


def test_a_sign_off_before_a_commit_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Подивлюся в понеділок", the author's plan, headed the stretch that only committed)
    tx.user("Сторінка замовлень вантажиться двадцять секунд, коли в історії більше тисячі записів")
    tx.tool_call("Read", {"file_path": f"{CWD}/orders/views.py"}, "def history(): ...")
    edit(tx, "orders/views.py")
    _bash(tx, "pytest -q tests/test_orders.py", "6 passed")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160000})
    edit(tx, "orders/templates/history.html")
    _bash(tx, "pytest -q tests/test_orders.py", "7 passed")
    tx.assistant("Я додав пагінацію. Можна ще додати індекс у базі, але це міграція.")
    tx.user("ок, подивлюся в понеділок. індекс поки не треба, просто закоміть те що є")
    _commit(tx, "orders: paginate the order history page")
    told = Told(tx, tmp_path)
    assert not any("подивлюся" in h.casefold() for h in told.headings), told.headings


# -- the line that leads into a paste, a program's banner ----------------------------------------------------


def test_the_line_leading_into_a_paste_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Ενημέρωσα το sqlalchemy σε 2.0 και τώρα", cut before the colon and the error under it)
    tx.user(
        "Ενημέρωσα το sqlalchemy σε 2.0 και τώρα:\n\n"
        "sqlalchemy.exc.ArgumentError: Textual SQL expression 'SELECT 1' should be declared as text('SELECT 1')"
    )
    tx.tool_call("Grep", {"pattern": "execute\\(", "path": f"{CWD}/app"}, "app/db.py:12")
    edit(tx, "app/db.py")
    _bash(tx, "pytest -q", "1 failed", is_error=True)
    edit(tx, "app/db.py")
    _bash(tx, "pytest -q", "9 passed")
    told = Told(tx, tmp_path)
    assert not any(h.startswith("Ενημέρωσα") for h in [told.title, *told.headings]), [told.title, *told.headings]


@pytest.mark.parametrize(
    "line",
    ["<--- JS stacktrace --->", "=== RUN   TestQueue", "[4:0x7f3a9c0] 5512 ms: Scavenge 1021.2 -> 1019.8 MB"],
)
def test_a_programs_banner_or_bracketed_id_is_a_log_line(line: str) -> None:
    assert clean_request(line) is None


# -- a commit in English on a post in another language --------------------------------------------------------


def test_an_english_commit_with_no_function_word_is_english_to_a_french_reader() -> None:
    # (main: "Support multiple authors per book" passed as French: no "the", "and", "to" in it)
    assert not fits_language("Support multiple authors per book", "fr")
    assert not fits_language("Nested comments per thread", "fr")
    assert fits_language("Plusieurs auteurs par livre", "fr")
    assert fits_language("Mehrere Autoren pro Buch", "de")


def test_claude_codes_title_in_the_posts_language_beats_an_english_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.add({"type": "ai-title", "aiTitle": "Commentaires imbriqués dans les fils", "sessionId": tx.session_id})
    tx.user("on voudrait des commentaires imbriqués dans les fils de discussion, deux niveaux au maximum")
    tx.tool_call("Read", {"file_path": f"{CWD}/forum/models.py"}, "class Comment: ...")
    edit(tx, "forum/models.py")
    tx.user("parfait, commit en anglais")
    _commit(tx, "forum: nested comments per thread")
    told = Told(tx, tmp_path)
    assert told.title == "Commentaires imbriqués dans les fils", told.title


def test_an_english_commit_is_kept_over_a_greeting(tx: Transcript, tmp_path: Path) -> None:
    # the author's words are a greeting, a remark and a pasted error: the commit, in English, says what was done
    tx.user("hallo")
    tx.assistant("Hallo! Woran arbeiten wir?")
    tx.user("moment, ich such noch den link zum ticket")
    tx.assistant("Kein Problem.")
    tx.user(
        'Traceback (most recent call last):\n  File "importer/rows.py", line 41, in parse\n'
        "ValueError: time data '' does not match format '%Y-%m-%d'"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/importer/rows.py"}, "def parse(row): ...")
    edit(tx, "importer/rows.py")
    tx.user("passt, commit bitte auf englisch")
    _commit(tx, "Skip rows with an empty date in the nightly import")
    told = Told(tx, tmp_path)
    # (round seventeen: the subject whole on a German post, not re-said as English work)
    assert told.title == "Skip rows with an empty date in the nightly import", told.title


def test_a_scope_is_no_first_word_of_a_title_in_another_script() -> None:
    # (main: "billing: 0042 마이그레이션 충돌 해결")
    assert commit_phrase("orders: 주문 내역 페이지네이션 추가") == "주문 내역 페이지네이션 추가"
    assert commit_phrase("api: исправить подсчёт возвратов") == "Исправить подсчёт возвратов"
    assert commit_phrase("Docker: cache-friendly layers") == "Docker: cache-friendly layers"


# -- retell's own headings -------------------------------------------------------------------------------------

# "Until…" in the languages whose heading was a fragment on main ("حتى نجحت الاختبارات": "until the tests passed")
_UNTIL = ("まで", "Aż ", "Tills ", "Dokud ", "حتى ", "עד ", "Μέχρι ", "Sampai ", "Доки ", "تا ", "तक", "Până ",
          "Amíg ", "Kunnes ", "Indtil ", "Til ")  # fmt: skip


@pytest.mark.parametrize("key", ["tests", "types", "lint", "build"])
def test_retells_own_headings_are_no_until_fragment(key: str) -> None:
    for language, words in WORDS.items():
        heading = words[key]
        assert not heading.startswith(_UNTIL) and not heading.endswith(("まで", "तक")), (language, heading)


@pytest.mark.parametrize(
    ("language", "said"),
    [("he", "התוצאה"), ("da", "Resultatet"), ("no", "Resultatet"), ("fi", "Lopputulos"), ("hu", "Az eredmény")],
)
def test_how_it_ended_is_said_as_a_plain_result_not_a_word_for_word_where(language: str, said: str) -> None:
    # (main: "איפה זה נגמר", "Hvor vi endte": "where it ended" word for word; a reader took the Hebrew for a question)
    from retell.extract.local_headings import in_language

    assert in_language("Where it ended", [], language) == said


def test_a_greeting_by_form_leaves_the_commit_over_the_scene_after_it(tx: Transcript, tmp_path: Path) -> None:
    # (main: "أهلاً", then "عندنا موقع Next.js", the scene the greeting opened: neither says what was done)
    tx.user("أهلاً. عندنا موقع Next.js. صفحة الدفع تعرض المبلغ بالإنجليزي حتى لو اللغة عربية، نبغى الأرقام بالعربي")
    tx.tool_call("Read", {"file_path": f"{CWD}/app/checkout/page.tsx"}, "export default function Page() {}")
    edit(tx, "app/checkout/page.tsx")
    tx.user("تمام، commit بالإنجليزي")
    _commit(tx, "Format checkout totals with the active locale")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "ar"
    assert not told.title.startswith(("أهلاً", "عندنا")), told.title


@pytest.mark.parametrize(
    ("language", "said"),
    [("de", "Room auf KSP umstellen"), ("fr", "Migrer Room vers KSP"), ("ja", "Room を KSP に移行")],
)
def test_a_move_from_one_thing_to_another_is_said_in_the_posts_language(language: str, said: str) -> None:
    from retell.extract.local_headings import deed_in_language

    assert deed_in_language("Migrating Room to KSP and aligning JVM target with toolchain 17", language) == said
    assert deed_in_language("Moving the config to a file", language) == ""  # English words in its names


def test_claude_codes_title_of_two_changes_is_joined_by_the_posts_and(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Sửa lỗi múi giờ; thêm test", a commit's semicolon in a title)
    tx.add({"type": "ai-title", "aiTitle": "Sửa lỗi múi giờ; thêm test", "sessionId": tx.session_id})
    tx.user("ngày hết hạn hiển thị lệch một ngày với người dùng ở Việt Nam, bạn xem giúp mình với nhé")
    tx.tool_call("Read", {"file_path": f"{CWD}/billing/dates.py"}, "def due(): ...")
    edit(tx, "billing/dates.py")
    told = Told(tx, tmp_path)
    assert told.title == "Sửa lỗi múi giờ và thêm test", told.title


def test_what_claude_found_in_the_posts_language_beats_an_english_commit(tx: Transcript, tmp_path: Path) -> None:
    # (main: the English commit "Reset the price cache on every price change" titled a post written in Ukrainian)
    tx.user("Привіт. Після зміни ціни сторінка товару ще годину показує стару ціну, клієнти скаржаться")
    tx.tool_call("Read", {"file_path": f"{CWD}/shop/cache.py"}, "def price(sku): ...")
    tx.assistant("Причина зрозуміла: кеш цін не скидається після зміни ціни. Виправляю.")
    edit(tx, "shop/cache.py")
    tx.user("дякую, закоміть англійською")
    _commit(tx, "Reset the price cache on every price change")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "uk"
    assert told.title == "Кеш цін не скидається після зміни ціни", told.title
