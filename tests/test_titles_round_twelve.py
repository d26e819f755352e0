"""Titles and headings, round twelve (issue 24): what a heading is, by form and source, not by wording. A heading
names what a stretch did (its commit, a task item, what Claude announced or found, a check made to pass); a line
the author typed heads only when it names a task (an ask, an -ing step, a short label naming a thing to change),
never a report of a symptom, a lead-in or a greeting, in any language. A heading that would only list the files
changed says what was done to them (a task item Claude set out and then did) or, failing that, the kind of stretch
in the post's language ("The fix"). A title is in the post's language, a commit's scope marker out of it.

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


def _todo(tx: Transcript, *items: tuple[str, str, str]) -> None:
    """A TodoWrite call of (content, activeForm, status) items."""
    todos = [{"content": c, "activeForm": a, "status": s} for c, a, s in items]
    tx.tool_call("TodoWrite", {"todos": todos}, "Todos have been modified successfully.")


def _ai_title(tx: Transcript, title: str) -> None:
    tx.add({"type": "ai-title", "aiTitle": title, "sessionId": tx.session_id})


# -- a line of the author's heads only when it names a task ----------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Añadir paginación al listado de pedidos",  # an infinitive (Spanish)
        "Ajouter un index sur commandes.client_id",  # (French)
        "Migration der Sitzungen auf Redis",  # a noun phrase naming a thing to change (German)
        "Exportação em CSV",  # (Portuguese)
        "Adding a retry to the webhook sender",  # an -ing step (English)
        "Rate limits per tenant",  # an English noun phrase, plural nouns and all
    ],
)
def test_a_task_is_a_heading(line: str) -> None:
    from retell.extract.authored import names_a_task

    assert names_a_task(line), line


@pytest.mark.parametrize(
    "line",
    [
        "Button does nothing on Safari",  # a symptom, no first-person word (English)
        "The export is empty since Monday",
        "Il bottone salva non risponde più dopo l'aggiornamento di ieri",  # a report (Italian)
        "Η αναζήτηση επιστρέφει διπλά αποτελέσματα από χθες το βράδυ",  # (Greek)
        "Khách hàng báo lỗi thanh toán bị trừ tiền hai lần trong tháng này",  # (Vietnamese)
        "Tabel pesanan kosong setelah migrasi, padahal di staging aman",  # (Indonesian)
        "Вот что в логах после деплоя на прод",  # a lead-in with no colon (Russian)
        "مرحبا، صفحة الدفع لا تعمل على الهاتف منذ التحديث",  # a greeting set off by a comma (Arabic)
        "Le build casse, 1 fois sur 3 à peu près",  # a report with a rate (French)
        "De export duurt nu 40 minuten in plaats van 5",  # (Dutch)
    ],
)
def test_a_report_is_no_heading(line: str) -> None:
    from retell.extract.authored import names_a_task

    assert not names_a_task(line), line


def test_a_portuguese_symptom_never_heads_the_stretch_that_fixed_it(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "O relatório mensal voltou a duplicar as linhas de devolução desde a última versão, no painel aparece o dobro"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/relatorios/mensal.sql"}, "SELECT ...")
    tx.assistant("Vou agrupar as devoluções por pedido antes da soma.")
    edit(tx, "relatorios/mensal.sql")
    _bash(tx, "pytest -q", "9 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "pt"
    assert not any(h.startswith("O relatório mensal") for h in told.headings), told.headings


def test_a_greek_report_after_a_pause_never_heads_its_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Πρόσθεσε ένα ευρετήριο στον πίνακα παραγγελιών για το πεδίο customer_id και τρέξε τα tests")
    edit(tx, "migrations/0012_orders_customer_idx.sql")
    _bash(tx, "pytest -q", "14 passed")
    tx.tick(3 * 3600)
    tx.user("Η σελίδα παραγγελιών αργεί ακόμα πολύ στο production, πάνω από 4 δευτερόλεπτα")
    _bash(tx, "psql -c 'EXPLAIN ANALYZE SELECT * FROM orders'", "Seq Scan on orders")
    edit(tx, "app/orders/queries.py")
    edit(tx, "app/orders/views.py")
    edit(tx, "tests/test_orders.py")
    _bash(tx, "pytest -q", "15 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "el"
    assert not any(h.startswith("Η σελίδα παραγγελιών") for h in told.headings), told.headings


def test_an_english_symptom_with_no_first_person_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("add a dark mode toggle to the settings page and remember the choice in localStorage")
    edit(tx, "src/settings/Settings.tsx")
    _bash(tx, "npm test", "22 passed")
    tx.tick(3 * 3600)
    tx.user("Checkout button does nothing on Safari anymore")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/checkout/Button.tsx"}, "export function Button() {}")
    edit(tx, "src/checkout/Button.tsx")
    edit(tx, "src/checkout/submit.ts")
    edit(tx, "src/checkout/polyfills.ts")
    told = Told(tx, tmp_path)
    assert not any(h.startswith("Checkout button does nothing") for h in told.headings), told.headings


def test_an_indonesian_complaint_never_heads_its_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Pengguna di Medan bilang notifikasi email pesanan mereka tidak pernah sampai sejak hari Senin kemarin")
    _bash(tx, "grep -rn smtp config/", "config/mail.yml: host: smtp.lama.id")
    tx.assistant("Penyebabnya host SMTP lama di config/mail.yml. Saya ganti ke host yang baru.")
    edit(tx, "config/mail.yml")
    _bash(tx, "go test ./...", "ok")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "id"
    assert not any(h.startswith("Pengguna di Medan") for h in told.headings), told.headings


def test_a_spanish_ask_still_heads_its_stretch(tx: Transcript, tmp_path: Path) -> None:
    # a guard: an ask names a task, whatever its length
    tx.user("Necesito un endpoint para exportar los pedidos del mes en CSV")
    edit(tx, "api/pedidos.py")
    _bash(tx, "pytest -q", "8 passed")
    tx.tick(3 * 3600)
    tx.user("Añade también un filtro por estado del pedido en ese endpoint")
    edit(tx, "api/pedidos.py")
    edit(tx, "tests/test_pedidos.py")
    _bash(tx, "pytest -q", "10 passed")
    told = Told(tx, tmp_path)
    assert any("filtro por estado" in h for h in told.headings), told.headings


# -- a heading that would only list the files ------------------------------------------------------------------


def test_files_give_way_to_the_task_item_claude_set_out_and_did(tx: Transcript, tmp_path: Path) -> None:
    tx.user("lib/kolejka/scheduler.ex")
    tx.tool_call("Read", {"file_path": f"{CWD}/lib/kolejka/scheduler.ex"}, "defmodule Kolejka.Scheduler do")
    tx.assistant("Otworzyłem scheduler.ex. Widzę, że zadania cykliczne nie mają limitu równoległości.")
    tx.user("tak, dokładnie o to chodzi. popraw to")
    _todo(
        tx,
        ("Ograniczyć równoległość zadań cyklicznych", "Ograniczam równoległość", "in_progress"),
        ("Uruchomić testy", "Uruchamiam testy", "pending"),
    )
    edit(tx, "lib/kolejka/scheduler.ex")
    edit(tx, "lib/kolejka/application.ex")
    edit(tx, "test/scheduler_test.exs")
    _bash(tx, "mix test", "12 tests, 0 failures")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "pl"
    assert not any(h.startswith("Zmiany:") for h in told.headings), told.headings


def test_files_give_way_to_the_kind_of_stretch_in_the_posts_language(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Nach dem Update auf Version 3 startet der Importer nicht mehr, im Log steht nur ein Timeout beim Verbinden"
    )
    _bash(tx, "kubectl logs importer-0 --tail 5", "timeout connecting to queue")
    edit(tx, "deploy/importer/values.yaml")
    edit(tx, "deploy/importer/configmap.yaml")
    edit(tx, "deploy/importer/deployment.yaml")
    _bash(tx, "kubectl rollout status deploy/importer", "successfully rolled out")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "de"
    assert not any(h.startswith(("Änderungen an", "Nach dem Update")) for h in told.headings), told.headings


def test_a_single_file_heading_in_another_language_gives_way_after_a_symptom(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Ieri sera la coda dei pagamenti si è bloccata di nuovo e nessuno se n'è accorto fino a stamattina")
    _bash(tx, "grep -n retry worker/pagamenti.py", "12: retry = 0")
    edit(tx, "worker/pagamenti.py")
    _bash(tx, "pytest -q", "6 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "it"
    assert not any(h.startswith(("Modifiche a", "Ieri sera")) for h in told.headings), told.headings


# -- titles -----------------------------------------------------------------------------------------------------


def test_a_breaking_commits_scope_is_no_part_of_the_title(tx: Transcript, tmp_path: Path) -> None:
    tx.user("continue")
    _bash(tx, "git status --short", " M api/invoices.py")
    edit(tx, "api/invoices.py")
    _bash(
        tx,
        "git commit -am 'billing!: drop the legacy invoice endpoint'",
        "[main 1a2b3c4] billing!: drop the legacy invoice endpoint\n 1 file changed",
    )
    told = Told(tx, tmp_path)
    assert "!:" not in told.title and not told.title.lower().startswith("billing"), told.title


def test_a_title_all_in_the_posts_language_beats_a_half_translated_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "连接池的 checkout 又编译不过了，帮我看看是哪里借用冲突：\n"
        "error[E0499]: cannot borrow `self.pool` as mutable more than once at a time\n --> src/pool.rs:31:9"
    )
    edit(tx, "src/pool.rs")
    _bash(tx, "cargo test", "test result: ok. 9 passed")
    tx.user("测试都过了，很好。现在提交吧，提交信息用英文写")
    _bash(
        tx, "git commit -am 'Fix double mutable borrow in Pool::checkout'", "[main 9f8e7d6] Fix double mutable borrow"
    )
    _ai_title(tx, "修复连接池的重复可变借用")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"].startswith("zh")
    assert told.title == "修复连接池的重复可变借用", told.title


def test_a_pasted_log_line_never_titles_a_post(tx: Transcript, tmp_path: Path) -> None:
    # a guard: the symptom pasted as a log line is no title
    tx.user("Traceback (most recent call last):\n  File \"app.py\", line 8\nKeyError: 'usuario_id'")
    tx.user("me pasa al entrar con una cuenta nueva, ¿lo puedes arreglar?")
    edit(tx, "app.py")
    _bash(tx, "pytest -q", "4 passed")
    told = Told(tx, tmp_path)
    assert not told.title.startswith(("Traceback", "KeyError", "File")), told.title


def test_an_english_claude_code_title_gives_way_on_a_dutch_post(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Kun je de rate limiter in internal/limit herschrijven met een mutex rond de map van clients?")
    tx.assistant("Ik zet een mutex rond de map en ruim inactieve clients op.")
    edit(tx, "internal/limit/limiter.go")
    _bash(tx, "go test -race ./internal/limit/...", "ok")
    _ai_title(tx, "Limiter mutex review")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "nl"
    assert told.title != "Limiter mutex review", told.title


def test_records_are_in_the_real_format(tx: Transcript) -> None:
    # the sessions above are Claude Code's records: a user record's message, an assistant record's blocks
    tx.user("hola")
    record = json.loads(json.dumps(tx.records[-1]))
    assert record["type"] == "user" and record["message"]["role"] == "user"


# -- found while reading the cases above (written before their fix) ---------------------------------------------


def test_a_title_in_another_language_is_not_spelled_as_english(tx: Transcript, tmp_path: Path) -> None:
    # an Indonesian word with no diacritic ("hari") is no typo of an English one ("hair")
    tx.user("Laporan harian gagal dikirim setiap hari Senin pagi ke tim keuangan, tolong perbaiki jadwal cron-nya")
    edit(tx, "jobs/laporan_harian.py")
    _bash(tx, "pytest -q", "7 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "id"
    assert "hair" not in told.title.split(), told.title


def test_a_yes_and_a_remark_never_title_a_post(tx: Transcript, tmp_path: Path) -> None:
    # the first message is a path; the second opens with a yes: what Claude set out on and did says the work
    tx.user("src/sync/uploader.ts")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/sync/uploader.ts"}, "export async function upload() {}")
    tx.assistant("Widzę, że upload nie ponawia próby po błędzie sieci.")
    tx.user("tak, właśnie to mnie męczy. zrób coś z tym")
    _todo(tx, ("Dodać ponawianie z wykładniczym opóźnieniem", "Dodaję ponawianie", "in_progress"))
    edit(tx, "src/sync/uploader.ts")
    _bash(tx, "npm test", "18 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "pl"
    assert not told.title.startswith(("Tak", "Właśnie")), told.title
