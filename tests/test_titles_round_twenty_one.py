"""Titles, round twenty-one (issue 24): every title passes one gate, whoever proposed it.

A title is a noun phrase or a short clause that names the work or the problem (3-12 words, 6-30 CJK characters).
Never a file list ("修改 fetch.py、test_fetch.py 等"), two commit subjects joined by " / ", a line of chat (an
opener that names nothing, a plea, a sign-off), the author's wish before the work ("On doit passer à…"), a report
shouting in capitals, a clause cut at its conjunction or hanging on a condition, an explanation ("… parce que …").
A candidate that fails gives way to its repaired form, to the next candidate that passes, else to one built from
the problem the author named ("IllegalStateException 해결"), else to the project's name: never a file list.

Controls keep good titles: an English commit said as work, a commit with a colon in the post's language, a short
commit, a Chinese commit with a comma, Claude's polite Japanese statement. Every line here is our own wording."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.title_gate import fails, file_list, repaired

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


def _worked(tx: Transcript, opening: str, answers: list[str], files: list[str], subject: str | None) -> None:
    """The author's opening, Claude reading and editing `files`, its answers, then a commit of `subject`."""
    tx.user(opening)
    tx.tool_call("Read", {"file_path": f"{CWD}/{files[0]}"}, "x = 1")
    for answer in answers[:-1]:
        tx.assistant(answer)
    for file in files:
        edit(tx, file)
    _bash(tx, "make test", "all 9 tests passed")
    tx.assistant(answers[-1])
    if subject:
        tx.user("ok, commit")
        _bash(tx, f'git commit -qam "{subject}"')
        tx.assistant("Committed.")


_FILES = ["app/fetch.py", "app/main.py", "tests/test_fetch.py"]
_LIST = re.compile(r"\.py\b.*\.py\b|\b(?:and more|dan lainnya|e altri|und weitere)\b|等$")

# -- A. a file list never titles a post --------------------------------------------------------------------------

# (language, an opening that names nothing a title can take, Claude's words that name no change in a form retell reads)
_NAMELESS = [
    ("zh-Hant", "早安～幫我看一下好嗎？拜託", ["好的。", "好了。"]),
    ("id", "mas, tolong ya. makasih", ["Oke.", "Sudah."]),
    ("it", "ciao! mi dai una mano? grazie", ["Certo.", "Fatto."]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "answers"), _NAMELESS, ids=[c[0] for c in _NAMELESS])
def test_a_file_list_never_titles_a_post(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str]
) -> None:
    _worked(tx, opening, answers, _FILES, None)
    told = Told(tx, tmp_path)
    assert not _LIST.search(told.title), told.title


# -- B. two commit subjects joined ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "subject", "title"),
    [
        ("予約一覧の日付が1日ずれて表示されます。src/utils/date.ts を見てもらえますか",
         "fix: 日付だけの文字列をそのまま表示する / 和暦の表示に対応", "日付だけの文字列をそのまま表示する"),
        ("The export drops rows with empty names, see export.py",
         "Keep rows with empty names / add a test for the export", "rows with empty names"),
        ("Der Export verliert Zeilen ohne Namen, siehe export.py",
         "Zeilen ohne Namen behalten / Test für den Export ergänzen", "Zeilen ohne Namen behalten"),
    ],
    ids=["ja", "en", "de"],
)  # fmt: skip
def test_two_joined_subjects_give_the_first(
    tx: Transcript, tmp_path: Path, opening: str, subject: str, title: str
) -> None:
    _worked(tx, opening, ["…", "Done."], ["src/utils/date.ts"], subject)
    told = Told(tx, tmp_path)
    assert " / " not in told.title, told.title
    assert title.lower() in told.title.lower(), told.title


# -- C. chat as title: an opener that names nothing, a wish, shouting ------------------------------------------------


def test_an_opener_that_names_nothing_gives_way_to_the_problem(tx: Transcript, tmp_path: Path) -> None:
    _worked(
        tx,
        "Buenas tardes. Tenemos un problema gordo: algunos clientes reciben dos correos de confirmación por pedido. "
        "Usamos colas con Redis.",
        ["El job de confirmación se reintenta antes de terminar.", "Listo."],
        ["app/Jobs/EnviarConfirmacion.php"],
        None,
    )
    told = Told(tx, tmp_path)
    assert "problema gordo" not in told.title.lower(), told.title
    assert "correos de confirmación" in told.title, told.title


def test_a_wish_gives_the_work_after_it(tx: Transcript, tmp_path: Path) -> None:
    _worked(
        tx,
        "Salut ! On doit passer à pydantic 2 parce que FastAPI l'exige maintenant. Les tests cassent partout.",
        ["Les validateurs utilisent encore l'ancienne syntaxe.", "C'est bon."],
        ["app/schemas.py"],
        "Migrate schemas to Pydantic v2",
    )
    told = Told(tx, tmp_path)
    assert not told.title.lower().startswith("on doit"), told.title
    assert "pydantic 2" in told.title.lower(), told.title


def test_a_report_shouting_in_capitals_is_said_calmly(tx: Transcript, tmp_path: Path) -> None:
    tx.user("the orders list sometimes shows the PREVIOUS page, not the current one")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/OrdersList.tsx"}, "x")
    edit(tx, "src/OrdersList.tsx")
    tx.assistant("The stale page came from a closure over the old state.")
    told = Told(tx, tmp_path)
    assert "PREVIOUS" not in told.title, told.title


def test_a_named_error_builds_the_title_when_nothing_else_passes(tx: Transcript, tmp_path: Path) -> None:
    # the author's words are a plea and a paste; Claude names no change; the commit is English on a Korean post
    _worked(
        tx,
        "안녕하세요 ㅠㅠ 앱이 켜자마자 죽어요. 로그:\n\n```\nFatal Exception: java.lang.IllegalStateException: "
        "Migration didn't properly handle: habits\n```",
        ["확인했습니다.", "됐습니다."],
        ["app/src/main/java/Migrations.kt"],
        "Fix 4->5 migration: reminder_time NOT NULL DEFAULT -1",
    )
    told = Told(tx, tmp_path)
    assert "IllegalStateException" in told.title, told.title
    assert re.search(r"[\uac00-\ud7af]", told.title), told.title  # (in the post's language)


# -- controls: good titles stay -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "subject", "title"),
    [
        ("swipe to delete crashes while the search is active", "Fix swipe-to-delete while searching",
         "Fixing swipe-to-delete while searching"),
        ("la pagina dei prestiti è lentissima", "Pagina prestiti: niente N+1, contatore prestiti in corso",
         "Pagina prestiti: niente N+1, contatore prestiti in corso"),
        ("Beim Start schlägt die Flyway-Validierung fehl", "Lagerort für Artikelbestand",
         "Lagerort für Artikelbestand"),
        ("帮我看下这个编译错误，加了个访问计数之后就不行了", "访问计数的锁在 await 前释放，修复 handler 非 Send",
         "访问计数的锁在 await 前释放，修复 handler 非 Send"),
    ],
    ids=["en", "it", "de", "zh"],
)  # fmt: skip
def test_a_good_commit_title_stays(tx: Transcript, tmp_path: Path, opening: str, subject: str, title: str) -> None:
    _worked(tx, opening, ["…", "Done."], ["src/app.py"], subject)
    assert Told(tx, tmp_path).title == title


# -- the gate, by form ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "title",
    [
        "修改 fetch.py、test_fetch.py 等",
        "Mengubah default.conf, maintenance.html, dan lainnya",
        "Changing the refresh, RefreshToken.js and more",
        "Modifiche a prestiti_controller.rb, la migrazione e altri",
        "日付のみの文字列を表示 / 和暦表示に対応",
        "Tolong",
        "Bhai ek weird bug hai",
        "Tenemos un problema gordo",
        "Wir haben ein komisches Problem",
        "On doit passer à pydantic 2",
        "Chcę przenieść testy z JUnit 4 na 5",
        "The results sometimes show for the PREVIOUS filter",
        "Betik artık iki durumu da kaldırıyor ama",
        "Kalau restart nginx baru normal lagi",
        "大概是被擋了：每 15 秒抓一次整頁 HTML",
        "Passer à pydantic 2 parce que FastAPI l'exige",
        "OK, that's enough for now",
        "Theek hai abhi itna kaafi",
        "diff --git a/app/paths.py b/app/paths.py",
    ],
)
def test_the_gate_turns_down_what_is_no_title(title: str) -> None:
    assert fails(title), title


@pytest.mark.parametrize(
    "title",
    [
        "Fixing swipe-to-delete while searching",
        "Pagina prestiti: niente N+1, contatore prestiti in corso",
        "Lagerort für Artikelbestand",
        "Paginação por cursor",
        "Orders-service komt na de deploy niet meer op",
        "Zero-copy parser with Cow values",
        "Aylık satış raporunu çıkaran script patladı",
        "Профили конфигурации deployctl",
        "リトライのタイムアウトを30秒に変更しました",
        "Fix 4->5 migration: reminder_time NOT NULL DEFAULT -1",
        "Making backup.sh not suck",
        "Changing export.py and its tests",
    ],
)
def test_the_gate_lets_a_title_pass(title: str) -> None:
    assert not fails(title), (title, fails(title))


def test_repairs_say_the_work() -> None:
    assert "Passer à pydantic 2" in repaired("On doit passer à pydantic 2")
    assert "日付のみの文字列を表示" in repaired("日付のみの文字列を表示 / 和暦表示に対応")
    assert any("previous" in r and "PREVIOUS" not in r for r in repaired("It shows the PREVIOUS page again"))
    assert file_list("修改 fetch.py、test_fetch.py 等") and not file_list("Changing export.py")
