"""Titles and headings, round twenty-five (issue 24, story28): built from what the session did, as a blogger names it.
fresh16's and fresh17's blind judges faulted, across both sets and many languages, titles made of a commit's list
without the thing it changed ("Mutex, limpeza de buckets…", "Compatibile con pandas 2.2, split temporale…"), a
commit's outcome in brackets dropped ("no_grad i straty jako float" without "(naprawia OOM…)"), a commit's
enumeration and add-on kept ("…DuckDB（UTC、缺测清洗、去重）+ qixiang ingest CLI"), Claude's detail where the commit
named the work ("The jump is read in _process"), one of two commits on the same thing ("Moving state to GCS"); and
headings that could head any fix ("De tests laten slagen") or a line that only leads into a checklist. Each class is
tested on sessions built for it; every line here is our own wording, none a fresh16 or fresh17 session's.

- A. A commit that lists its changes titles the post framed by its thing, its last two changes joined by the post's
  "and", an outcome in brackets kept, an enumeration in brackets and a "+ add-on" left out.
- B. Claude's sentence gives way to the session's commit so framed.
- C. Two commits on the same thing: the thing, then both changes.
- D. The test that failed before the fix, described in the post's language, heads the stretch that made it pass.
- E. A line that only leads into a checklist ("list for today:") heads nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.deeds import introduces_list
from retell.extract.framed_title import framed, one_thing, thing
from retell.extract.local_headings import in_own_words

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


def _commit(tx: Transcript, subject: str) -> None:
    _bash(tx, f'git commit -am "{subject}"', f"[main 7e6f5a4] {subject}\n 2 files changed")


# -- A. a commit's list, framed by its thing ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("subject", "language", "title"),
    [
        (
            "cache: lock por shard, expiração preguiçosa e métricas por rota",
            "pt",
            "Cache: lock por shard, expiração preguiçosa e métricas por rota",
        ),
        (
            "importer: compatibile con numpy 2, deduplica senza perdita di righe (errore 0.8 %)",
            "it",
            "Importer: compatibile con numpy 2 e deduplica senza perdita di righe (errore 0.8 %)",
        ),
        ("camera rig: dead zone, look-ahead, screen shake", "en", "Camera rig: dead zone, look-ahead and screen shake"),
        (
            "export: poprawne strefy czasowe w CSV (naprawia przesunięcie o godzinę); testy porządkują pliki",
            "pl",
            "Export: poprawne strefy czasowe w CSV (naprawia przesunięcie o godzinę)",
        ),
        ("feat: 订单 CSV 批量导出到 S3（分片、压缩、重试）+ export CLI", "zh-Hans", "订单 CSV 批量导出到 S3"),
        ("flutter: Xcode 16 相容（簽章、SDK、CocoaPods）", "zh-Hant", "Flutter：Xcode 16 相容"),
        ("fix(sync): Konflikte, Wiederholungen, Zeitstempel", "de", "Sync: Konflikte, Wiederholungen und Zeitstempel"),
    ],
    ids=["pt", "it", "en", "pl-outcome", "zh-Hans-enumeration", "zh-Hant-fragment", "de-conventional"],
)
def test_a_commit_that_lists_is_framed_by_its_thing(subject: str, language: str, title: str) -> None:
    assert framed(subject, language) == title


@pytest.mark.parametrize(
    ("subject", "language"),
    [
        ("assertions: sort the rows once, not per account", "en"),  # a contrast, not a list
        ("storage: keep plain objects in sync storage, surface write errors", "en"),  # verbs: commit_phrase's
        ("orders: geen dubbele bestellingen meer", "nl"),  # one change, no bracket: the subject as it is
    ],
)
def test_what_is_no_list_is_left_as_it_is(subject: str, language: str) -> None:
    assert framed(subject, language) == ""


@pytest.mark.parametrize(
    ("subject", "named"),
    [("fix(throttle): x y z", "Throttle"), ("feat: a b c", ""), ("docs: x y", ""), ("bme280: x y", "bme280")],
)
def test_the_thing_is_the_scope_not_the_kind_of_change(subject: str, named: str) -> None:
    assert thing(subject) == named


def test_a_portuguese_list_titles_the_post_with_its_thing(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "O cache de respostas está travando com muitas requisições simultâneas e a memória só cresce. "
        "Consegue olhar o pacote internal/cache e corrigir isso? Quero também métricas por rota."
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/internal/cache/cache.go"}, "package cache")
    edit(tx, "internal/cache/cache.go")
    _bash(tx, "go test ./internal/cache/...", "ok  \tdemo/internal/cache\t0.02s")
    tx.assistant("Pronto: um lock por shard, expiração preguiçosa das entradas e métricas por rota.")
    tx.user("ótimo, pode commitar")
    _commit(tx, "cache: lock por shard, expiração preguiçosa e métricas por rota")
    tx.assistant("Commit feito.")
    title = Told(tx, tmp_path).title
    # (round thirty-three: a list of three changes buries the story; the change the author named stays, framed)
    assert title == "Cache: métricas por rota", title


def test_an_outcome_in_brackets_stays_in_the_title(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Eksport raportów do CSV przesuwa wszystkie godziny o jedną po zmianie czasu. "
        "Sprawdź moduł export i popraw strefy czasowe, proszę."
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/export/csv.py"}, "def write(): ...")
    edit(tx, "export/csv.py")
    _bash(tx, "pytest -q tests/test_export.py", "3 passed in 0.10s")
    tx.assistant("Strefy czasowe są teraz zapisywane poprawnie, a testy porządkują pliki tymczasowe.")
    tx.user("dobrze, zrób commit")
    _commit(tx, "export: poprawne strefy czasowe w CSV (naprawia przesunięcie o godzinę); testy porządkują pliki")
    tx.assistant("Zrobione.")
    title = Told(tx, tmp_path).title
    assert title == "Export: poprawne strefy czasowe w CSV (naprawia przesunięcie o godzinę)", title


def test_an_enumeration_and_an_add_on_are_left_out_of_a_chinese_title(tx: Transcript, tmp_path: Path) -> None:
    tx.user("请帮我实现订单数据批量导出到 S3 的功能，文件要分片压缩，失败了要自动重试，最好再加一个命令行入口。")
    tx.tool_call("Read", {"file_path": f"{CWD}/orders/export.py"}, "def export(): ...")
    edit(tx, "orders/export.py")
    _bash(tx, "pytest -q", "5 passed in 0.30s")
    tx.assistant("导出已经完成，分片、压缩和重试都有测试覆盖。")
    tx.user("好的，提交吧")
    _commit(tx, "feat: 订单 CSV 批量导出到 S3（分片、压缩、重试）+ export CLI")
    tx.assistant("已提交。")
    title = Told(tx, tmp_path).title
    assert title == "订单 CSV 批量导出到 S3", title


# -- B. Claude's sentence gives way to the commit, framed ------------------------------------------------------------


def test_claudes_detail_gives_way_to_the_framed_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "I'm dictating this so bear with me, the camera in the platformer feels awful, it snaps to the player on "
        "every step and there is no shake when you land hard, can you make it feel better"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/scripts/camera_rig.gd"}, "extends Camera2D")
    tx.assistant("The camera target is updated in _physics_process, so it snaps on every step.")
    edit(tx, "scripts/camera_rig.gd")
    _bash(tx, "godot --headless -s tests/run_tests.gd", "All 6 tests passed")
    tx.assistant("Added a dead zone, look-ahead in the walking direction and a short screen shake on hard landings.")
    tx.user("feels great, commit it")
    _commit(tx, "camera rig: dead zone, look-ahead, screen shake")
    tx.assistant("Committed.")
    title = Told(tx, tmp_path).title
    assert title == "Camera rig: dead zone, look-ahead and screen shake", title


# -- C. two commits on the same thing ---------------------------------------------------------------------------


def test_two_commits_on_one_thing_name_it_and_both_changes() -> None:
    summaries = ["ansible: move secrets to the vault", "ansible: split site.yml, per-host vars, no root login"]
    assert one_thing("Moving secrets to the vault", summaries, "en") == (
        "Ansible: moving secrets to the vault and splitting site.yml"
    )
    assert one_thing("Moving secrets to the vault", ["ansible: move secrets", "docker: slim image"], "en") == ""
    assert one_thing("Ansible secrets moved", summaries, "en") == ""  # the thing already named


def test_two_commits_on_one_thing_title_the_post(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Two things for the ansible repo today: move the plain-text secrets into the vault, then split the huge "
        "site.yml into roles. Stop and ask if something looks off."
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/site.yml"}, "- hosts: all")
    edit(tx, "group_vars/all/vault.yml")
    tx.assistant("The secrets now live in the vault file, encrypted.")
    tx.user("good, commit that separately")
    _commit(tx, "ansible: move secrets to the vault")
    edit(tx, "site.yml")
    edit(tx, "roles/web/tasks/main.yml")
    _bash(tx, "ansible-playbook --syntax-check site.yml", "playbook: site.yml")
    tx.assistant("site.yml is split into roles, with per-host vars and root login disabled.")
    tx.user("great, commit")
    _commit(tx, "ansible: split site.yml, per-host vars, no root login")
    tx.assistant("Committed both.")
    title = Told(tx, tmp_path).title
    assert title == "Ansible: moving secrets to the vault and splitting site.yml", title


# -- D. the failing test's description heads the stretch -----------------------------------------------------------


def _test_fix(tx: Transcript, opening: str, report: str, failing: str, answer: str, commit: str) -> None:
    """A side question answered, then the author's report; a test that fails, the fix, the test green, a commit (the
    post's title): the stretch's heading was the check ("De tests laten slagen") before this round."""
    tx.user(opening)
    tx.assistant("That is expected: the load function runs once on the server and once in the browser.")
    tx.user(report)
    tx.tool_call("Read", {"file_path": f"{CWD}/src/booking.ts"}, "export function book() {}")
    tx.tool_call("Write", {"file_path": f"{CWD}/src/booking.test.ts", "content": "test"}, "ok")
    _bash(
        tx,
        "npx vitest run src/booking 2>&1 | tail -8",
        f" FAIL  src/booking.test.ts > booking > {failing}\nAssertionError: expected 2 to be 1\n"
        " Test Files  1 failed (1)\n      Tests  1 failed (1)",
    )
    edit(tx, "src/booking.ts")
    _bash(tx, "npx vitest run src/booking 2>&1 | tail -4", " Test Files  1 passed (1)\n      Tests  1 passed (1)")
    tx.assistant(answer)
    _commit(tx, commit)


@pytest.mark.parametrize(
    ("opening", "report", "failing", "answer", "commit"),
    [
        (
            "waarom zie ik mijn console.log uit de load functie twee keer? een keer in de terminal en een keer hier",
            "ok dat snap ik. maar het echte probleem: er worden soms twee boekingen gemaakt voor dezelfde fiets",
            "maakt nooit twee boekingen voor dezelfde fiets",
            "Klaar: de knop verstuurt nu maar één keer en de database weigert dubbele boekingen.",
            "boekingen: geen dubbele boekingen meer bij dubbelklikken",
        ),
        (
            "warum sehe ich mein console.log aus der load-Funktion zweimal? einmal im Terminal und einmal im Browser",
            "ok, verstanden. aber das eigentliche Problem: manchmal gibt es zwei Buchungen für dasselbe Fahrrad",
            "erstellt niemals zwei Buchungen für dasselbe Fahrrad",
            "Fertig: der Knopf sendet nur noch einmal und die Datenbank lehnt doppelte Buchungen ab.",
            "buchungen: keine doppelten Buchungen mehr beim Doppelklick",
        ),
        (
            "¿por qué veo mi console.log de la función load dos veces? una en la terminal y otra en el navegador",
            "vale, entendido. pero el problema de verdad: a veces se crean dos reservas para la misma bicicleta",
            "nunca crea dos reservas para la misma bicicleta",
            "Listo: el botón solo envía una vez y la base de datos rechaza reservas duplicadas.",
            "reservas: no más reservas duplicadas con doble clic",
        ),
    ],
    ids=["nl", "de", "es"],
)
def test_the_failing_test_heads_the_fix(
    tx: Transcript, tmp_path: Path, opening: str, report: str, failing: str, answer: str, commit: str
) -> None:
    _test_fix(tx, opening, report, failing, answer, commit)
    headings = Told(tx, tmp_path).headings
    assert headings[0] == failing[:1].upper() + failing[1:], headings


def test_a_test_named_in_english_heads_no_post_in_another_language(tx: Transcript, tmp_path: Path) -> None:
    _test_fix(
        tx,
        "load fonksiyonundaki console.log neden iki kez görünüyor? biri terminalde, biri tarayıcıda",
        "tamam anladım. ama asıl sorun: bazen aynı bisiklet için iki rezervasyon oluşuyor",
        "never creates two bookings for the same bike",
        "Düzeltildi: düğme artık yalnızca bir kez gönderiyor ve veritabanı yinelenen rezervasyonları reddediyor.",
        "rezervasyon: çift tıklamada artık çift rezervasyon yok",
    )
    headings = Told(tx, tmp_path).headings
    assert "Never creates two bookings for the same bike" not in headings, headings


def test_a_test_that_names_code_heads_nothing(tx: Transcript, tmp_path: Path) -> None:
    _test_fix(
        tx,
        "why do I see my console.log from the load function twice? once in the terminal and once in the browser",
        "ok got it. but the real problem: sometimes two bookings are created for the same bike",
        "bookRide stores compiled options twice",
        "Fixed: the button submits once and the database refuses duplicate bookings.",
        "bookings: no more double bookings on a double click",
    )
    headings = Told(tx, tmp_path).headings
    assert "BookRide stores compiled options twice" not in headings, headings


@pytest.mark.parametrize(
    ("text", "language", "own"),
    [
        ("maakt nooit twee boekingen voor dezelfde fiets", "nl", True),
        ("uses ttl in milliseconds", "tr", False),
        ("never creates two bookings for the same bike", "de", False),
        ("nunca crea dos reservas para la misma bicicleta", "es", True),
        ("anything at all", "en", True),
    ],
)
def test_in_own_words(text: str, language: str, own: bool) -> None:
    assert in_own_words(text, language) is own


# -- E. a line that leads into a checklist -------------------------------------------------------------------------


def test_a_line_leading_into_a_checklist_is_no_step() -> None:
    assert introduces_list("plan for today, stop if anything looks odd:\n\n- [ ] move secrets\n- [ ] split roles\n")
    assert introduces_list("Heute bitte:\n1. Secrets verschieben\n2. Rollen aufteilen")
    assert not introduces_list("move the secrets into the vault:\n\n```\npassword: x\n```")
    assert not introduces_list("move the secrets into the vault")
