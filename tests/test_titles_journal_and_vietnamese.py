"""Two offline titles of fresh33 and fresh34 (written blind), read before any change:

- a Polish session opening with a pasted `journalctl` excerpt was titled by its first line, "Kwi 08 09:14:22
  opony-pi gunicorn[812]": a journal line opens on the month in the machine's language, which the log-line rule
  did not know (it knew ISO dates and bare times);
- a Vietnamese title was cut in the middle of its phrase, "Mình cần tính lương khoán tháng 1 cho xưởng may để phát"
  (… to pay [before Tết]): Vietnamese writes each syllable apart, so a phrase of ten words counted fifteen; and its
  "Mình cần …" (I need …) is the author's need, said as the deed it asks for ("Tính lương khoán …")."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.built_title import built_goal
from retell.extract.deeds import reports_output
from retell.extract.title_forms import word_count
from retell.extract.title_gate import fails

pytestmark = pytest.mark.usefixtures("offline_env")

JOURNAL = (
    "kwi 08 09:14:17 opony-pi gunicorn[812]: [2026-04-08 09:14:17 +0200] [815] [INFO] POST /przyjecie 302\n"
    "kwi 08 09:14:22 opony-pi gunicorn[812]: [2026-04-08 09:14:22,406] ERROR in app: Exception on /przyjecie\n"
    "kwi 08 09:14:22 opony-pi gunicorn[812]: sqlite3.OperationalError: database is locked\n\n"
    "Od rana co chwilę to samo przy przyjmowaniu opon. Możesz zobaczyć, co się dzieje?"
)


@pytest.mark.parametrize(
    "line",
    [
        "Kwi 08 09:14:22 opony-pi gunicorn[812]",
        "Apr  8 09:14:22 web-1 nginx[901]: connect() failed",
        "févr. 12 07:00:01 nas CRON[2211]: (root) CMD (backup.sh)",
    ],
)
def test_a_journal_line_in_any_language_is_output_not_a_title(line: str) -> None:
    assert reports_output(line)
    assert fails(line) == "output"


def test_a_sentence_that_names_a_month_is_still_a_title() -> None:
    assert fails("Kwiecień 2026: rozliczenie przechowalni opon") == ""


def test_a_session_opening_with_a_journal_paste_is_not_titled_by_it(tx: Transcript, tmp_path: Path) -> None:
    tx.cwd = "/home/pawel/projekty/przechowalnia-opon"
    tx.user(JOURNAL)
    tx.assistant("Podejrzewam, że to kolejność w `przyjmij()`: etykieta drukuje się przed commitem.")
    edit(tx, "app.py")
    tx.assistant("Teraz commit jest przed drukowaniem etykiety, a SQLite działa w trybie WAL z timeoutem 15 s.")
    told = Told(tx, tmp_path)
    assert "09:14" not in told.title and "gunicorn" not in told.title


def test_vietnamese_syllables_count_as_the_words_they_make() -> None:
    title = "Tính lương khoán tháng 1 cho xưởng may để phát trước Tết"
    assert word_count(title) <= 12  # thirteen syllables, about nine words
    assert word_count("Fix the sidebar so it stops covering the button") == 9


@pytest.mark.parametrize(
    ("request_", "wanted"),
    [
        ("Mình cần tính lương khoán tháng 1 cho xưởng may", "Tính lương khoán tháng 1 cho xưởng may"),
        ("Saya perlu laporan z-score per posyandu", "Laporan z-score per posyandu"),
    ],
)
def test_a_vietnamese_or_indonesian_need_titles_as_its_deed(request_: str, wanted: str) -> None:
    assert built_goal(request_, "vi" if request_.startswith("Mình") else "id") == wanted


def test_the_vietnamese_session_keeps_its_title_whole(tx: Transcript, tmp_path: Path) -> None:
    tx.cwd = "/Users/ngoctuan/work/luong-khoan"
    tx.user(
        "Mình cần tính lương khoán tháng 1 cho xưởng may để phát trước Tết. File sản lượng là data/san_luong_T1.xlsx, "
        "đơn giá ở data/don_gia.xlsx. Script tinh_luong.py năm ngoái chạy bình thường, giờ tổ 2 với tổ 3 toàn là 0."
    )
    tx.assistant("Mình xem script và hai file dữ liệu trước nhé.")
    edit(tx, "tinh_luong.py")
    tx.assistant("Đã sửa: mã công đoạn ở tổ 2 và tổ 3 có khoảng trắng thừa, giờ được bỏ đi trước khi tra đơn giá.")
    told = Told(tx, tmp_path)
    assert told.title == "Tính lương khoán tháng 1 cho xưởng may để phát trước Tết"
