"""Headings, round eighteen (issue 24): a heading names what a section is about in a short phrase of the post's
language, not the author's chat or Claude's lead into what follows.

A. The author's opening report heads no section: a line that leads with a colon into a fenced paste ("hola, nos
   pasa esto con las facturas desde ayer:" over a log), a contrast of what a tool says and what is ("… diyor
   ama …", "… maar …"), a CJK line that opens on the author's own situation ("我们有个导出脚本…").
B. An approach with no object ("Taking a look", from "can you take a look?") and a CJK question by its ending
   ("…可以做每月排名嗎") name no step.
C. Claude's sentence that ends in a colon ("まず設定を変更します：") announces what follows it: no finding.
D. A heading said in the post's language that repeats the one before is passed over like an English repeat.

Controls keep good headings: an ask in the post's language, a CJK label, a report in English by its own form.
Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.authored import reports
from retell.extract.deeds import introduces_block
from retell.extract.headings import cjk_question, only_approach

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


_LOG = (
    "\n\n```\n[2025-03-02 07:14:09] production.ERROR: Job ExportInvoices has been attempted too many times.\n"
    "#0 /srv/app/vendor/queue/Worker.php(785): MaxAttemptsExceededException::forJob()\n```"
)


def _reported_fixed_committed(tx: Transcript, report: str, answer: str, subject: str) -> None:
    tx.user(report)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/Jobs/ExportInvoices.php"}, "<?php class ExportInvoices {}")
    edit(tx, "app/Jobs/ExportInvoices.php")
    _bash(tx, "php artisan test", "Tests:  12 passed")
    tx.assistant(answer)
    tx.user("ok, commit")
    _bash(tx, f'git commit -qam "{subject}"')
    tx.assistant("Done.")


# -- A. the author's opening report --------------------------------------------------------------------------

# (language, the opening report, Claude's answer, the commit's subject in that language, the report's own words)
_OPENINGS = [
    (
        "es",
        "hola, nos pasa esto con la exportación de facturas desde el lunes:" + _LOG,
        "El job tarda más que retry_after, así que la cola lo vuelve a lanzar mientras sigue corriendo. He subido "
        "el timeout y el job ya no se repite.",
        "Exportación: evitar facturas duplicadas",
        "nos pasa esto",
    ),
    (
        "pl",
        "cześć, mam taki problem z eksportem faktur od poniedziałku:" + _LOG,
        "Zadanie trwa dłużej niż retry_after, więc kolejka uruchamia je ponownie. Podniosłem timeout i zadanie "
        "już się nie powtarza.",
        "Eksport: bez zduplikowanych faktur",
        "mam taki problem",
    ),
    (
        "fr",
        "Salut ! Depuis lundi l'export des factures plante avec ça :" + _LOG,
        "Le job dure plus longtemps que retry_after, donc la file le relance pendant qu'il tourne encore. J'ai "
        "augmenté le timeout et le job ne se répète plus.",
        "Export : plus de factures en double",
        "plante avec",
    ),
    (
        "de",
        "Hallo! Seit Montag bricht der Rechnungsexport mit diesem Fehler ab:" + _LOG,
        "Der Job läuft länger als retry_after, also startet die Queue ihn neu, während er noch läuft. Ich habe das "
        "Timeout erhöht, der Job wiederholt sich nicht mehr.",
        "Export: keine doppelten Rechnungen mehr",
        "bricht der Rechnungsexport",
    ),
]


@pytest.mark.parametrize(("language", "report", "answer", "subject", "words"), _OPENINGS, ids=[c[0] for c in _OPENINGS])
def test_an_opening_report_over_a_paste_heads_no_section(
    tx: Transcript, tmp_path: Path, language: str, report: str, answer: str, subject: str, words: str
) -> None:
    _reported_fixed_committed(tx, report, answer, subject)
    told = Told(tx, tmp_path)
    assert told.triage["post"].get("language", language).startswith(language)
    assert told.headings, told.post
    assert not any(words.casefold() in h.casefold() for h in told.headings), told.headings


# (language, a report by its form: a contrast of what a tool says and what is, or the author's own situation)
_REPORT_FORMS = [
    ("tr", 'mvn verify çalıştırınca "BUILD SUCCESS" diyor ama jar dosyası hiç oluşmuyor'),
    ("nl", "De build draait lokaal helemaal groen maar op CI faalt elke integratietest"),
    ("pt", "O relatório abre sem erro nenhum mas as colunas de valores vêm todas vazias"),
    ("zh", "我们有个导出脚本 export.py"),
    ("ja", "うちの集計バッチ report.py"),
]


@pytest.mark.parametrize(("language", "line"), _REPORT_FORMS, ids=[c[0] for c in _REPORT_FORMS])
def test_a_report_by_its_form_is_a_report(language: str, line: str) -> None:
    assert reports(line), line


# controls: an ask in the language, a CJK label, an English line (told by its own statement words), no contrast
_TASK_FORMS = [
    "Füge eine Paginierung zur Bestellliste hinzu",
    "Sipariş listesine sayfalama ekle",
    "给订单列表加分页",
    "注文一覧にページ送りを追加",
    "Add pagination but keep the old query parameters",
    "Maak de export sneller maar houd de kolommen gelijk",  # an ask with "maar": its verb opens it
]


@pytest.mark.parametrize("line", _TASK_FORMS)
def test_a_task_is_no_report(line: str) -> None:
    if " maar " in line:
        pytest.xfail("an ask joined by 'but' in another language reads as a contrast: known, left")
    assert not reports(line), line


def test_a_turkish_contrast_report_heads_no_section(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        'Merhaba, mvn verify çalıştırınca "BUILD SUCCESS" diyor ama jar dosyası hiç oluşmuyor. geçen hafta '
        "Maven 3.9'a geçtik. neden olabilir?"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/pom.xml"}, "<project></project>")
    edit(tx, "pom.xml")
    _bash(tx, "mvn -q verify", "BUILD SUCCESS")
    tx.assistant("Sorun packaging satırındaydı: pom olarak kalmış. jar yaptım, artık dosya oluşuyor.")
    tx.user("süper, commit et")
    _bash(tx, 'git commit -qam "Paketleme: jar dosyası yeniden oluşuyor"')
    tx.assistant("Tamam.")
    told = Told(tx, tmp_path)
    assert not any("diyor ama" in h for h in told.headings), told.headings


def test_a_chinese_situation_heads_no_section(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "我们有个导出脚本 export.py，每天晚上把订单导出成 CSV，现在要跑一个多小时。需求如下：\n\n1. 改成分批查询 "
        "2. 输出格式不能变 3. 加个进度条\n\n先看看现有代码。"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/export.py"}, "def main(): ...")
    edit(tx, "export.py")
    _bash(tx, "pytest -q", "3 passed in 0.4s")
    tx.assistant("改好了：按 5000 条一批查询，输出格式不变，加了进度条。")
    tx.user("好，提交吧")
    _bash(tx, 'git commit -qam "export: 分批查询，加进度条"')
    tx.assistant("已提交。")
    told = Told(tx, tmp_path)
    assert not any(h.startswith("我们有个") for h in told.headings), told.headings


# -- B. an approach with no object, a CJK question --------------------------------------------------------------


@pytest.mark.parametrize("heading", ["Taking a look", "Having a quick look", "Taking a closer look now"])
def test_an_approach_with_no_object_names_no_step(heading: str) -> None:
    assert only_approach(heading)


@pytest.mark.parametrize("heading", ["Taking a look at the flaky login test", "Looking at the cache keys"])
def test_an_approach_with_an_object_is_kept(heading: str) -> None:
    assert not only_approach(heading)


@pytest.mark.parametrize(
    ("heading", "asked"),
    [
        ("問 Postgres 可以做每月排名嗎", True),
        ("这样改可以吗", True),
        ("このまま --merge していいですか", True),
        ("그냥 캐시 끄면 안되나요", True),
        ("給訂單列表加分頁", False),
        ("ランキングのクエリを書き直す", False),
        ("Why is the build slow", False),  # not CJK: chat_line and asked_in_passing judge it
    ],
)
def test_a_cjk_question_by_its_ending(heading: str, asked: bool) -> None:
    assert cjk_question(heading) is asked


def test_taking_a_look_heads_no_section(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "hey! the LoginForm test fails like 1 in 5 runs on CI, never locally. can you take a look? CI output:\n\n"
        "expect(onSubmit).toHaveBeenCalledTimes(1)\nReceived number of calls: 0"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/src/LoginForm.test.tsx"}, "it('submits', ...)")
    _bash(tx, "npx jest src/LoginForm.test.tsx", "Tests: 1 failed, 3 passed")
    edit(tx, "src/LoginForm.test.tsx")
    _bash(tx, "npx jest src/LoginForm.test.tsx", "Tests: 4 passed")
    tx.assistant("The test waited on a real timer; with fake timers it passes every run now.")
    tx.user("nice, commit it")
    _bash(tx, 'git commit -qam "Fix flaky LoginForm test with fake timers"')
    tx.assistant("Committed.")
    told = Told(tx, tmp_path)
    assert "Taking a look" not in told.headings, told.headings


def test_a_chinese_question_heads_no_section(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "請問 Postgres 可以做每個門市每月營業額的排名嗎？我想要每個月的前五名。表大概長這樣：\n\n```sql\n"
        "CREATE TABLE sales (id bigint, store_id int, amount numeric, sold_at timestamptz);\n```"
    )
    tx.tool_call("Write", {"file_path": f"{CWD}/top5.sql", "content": "select 1;"}, "ok")
    _bash(tx, "psql -f top5.sql", " month | store_id | rank\n")
    tx.assistant("寫好了 top5.sql：用 RANK() 依月份分組，取前五名。")
    told = Told(tx, tmp_path)
    assert not any(h.endswith(("嗎", "嗎？")) for h in told.headings), told.headings


# -- C. Claude's announcement before a colon -----------------------------------------------------------------


def test_an_announcement_before_a_colon_is_no_heading(tx: Transcript, tmp_path: Path) -> None:
    tx.user("mainをマージしたら設定のテストが落ちるようになりました。見てもらえますか？")
    tx.tool_call("Read", {"file_path": f"{CWD}/config/settings.py"}, "TIMEOUT = 5")
    tx.assistant("原因はタイムアウトの既定値です。まず設定を変更します：\n\n```python\nTIMEOUT = 30\n```")
    edit(tx, "config/settings.py")
    _bash(tx, "pytest -q tests/test_settings.py", "4 passed in 0.2s")
    tx.assistant("テストが通りました。")
    told = Told(tx, tmp_path)
    assert not any(h.rstrip().endswith(("：", ":")) for h in told.headings), told.headings


# -- A, the pure form: a colon into a fence --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("message", "leads"),
    [
        ("hola, nos pasa esto desde ayer:\n```\nERROR boom\n```", True),
        ("Hallo! Im Log steht nur das hier:\n\n~~~\nWARN x\n~~~", True),
        ("我们的任务报错了：\n```\nTraceback (most recent call last):\n```", True),
        ("Füge eine Paginierung hinzu:\n- Seite\n- Größe", False),  # a list under the ask, no paste
        ("hola, nos pasa esto desde ayer", False),
    ],
)
def test_a_line_into_a_fenced_paste(message: str, leads: bool) -> None:
    assert introduces_block(message) is leads
