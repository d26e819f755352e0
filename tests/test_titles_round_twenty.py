"""Titles, round twenty (issue 24): a title a blogger would keep, in the post's language.

A. On a post not in English, an English commit subject is the last resort: when Claude's closing words name no
   change in a form retell reads, the author's clause that names the work or the problem titles it ("sipariş
   servisi prod'da sürekli restart oluyor"), greetings and run-ups ("selam, acil bir durum var.") left out; a
   clause that points at a paste ("…hází tohle:") or asks ("mám to prostě pustit?") names nothing.
B. When the author's words name nothing the session is about, Claude's statement of the cause or outcome does
   ("Zwei Stellen verwenden die System-Zeitzone").
C. The author's long report or question is said by its clause that names the work, in any language ("quick q,
   whats the cleanest way to paginate…" -> "Paginating…").
D. A commit in a language written without spaces (Japanese, Chinese) is a commit like any other: its subject is
   one "word" to str.split, never too short to say the work.

Controls keep good titles: an English post's commit said as work, a commit in the post's language, a crisp problem
statement in the author's words, Claude's statement of what it did. Every line here is our own wording."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.local_headings import fits_language

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


_PASTE = '\n\n```\nTraceback (most recent call last):\n  File "app/worker.py", line 88, in run\nMemoryError\n```'


def _session(
    tx: Transcript, opening: str, answers: list[str], subject: str | None, file: str = "app/worker.py"
) -> None:
    """The author's opening, Claude reading and editing, its answers, then a commit of `subject` (none if None)."""
    tx.user(opening)
    tx.tool_call("Read", {"file_path": f"{CWD}/{file}"}, "x = 1")
    for answer in answers[:-1]:
        tx.assistant(answer)
    edit(tx, file)
    _bash(tx, "make test", "all 12 tests passed")
    tx.assistant(answers[-1])
    if subject:
        tx.user("super, commit")
        _bash(tx, f'git commit -qam "{subject}"')
        tx.assistant("👍")


# -- A. the author's clause, in the post's language, over an English commit -------------------------------------

# (language, the author's opening, Claude's words (no statement of a change in a form retell reads), the commit,
# the title)
_CLAUSES = [
    ("tr", "selam, acil bir durum var. fatura servisi prod'da sürekli çöküyor, loglar şunu diyor:" + _PASTE,
     ["Fatura servisinde bağlantı havuzu sınırsız büyüyor; her istek yeni bir bağlantı açıyor.",
      "Tamam."],
     "fix: bound the DB connection pool in the invoice service", "Fatura servisi prod'da sürekli çöküyor"),
    ("pl", "Cześć! Migruję naszą aplikację w Django do wersji 5.0, bo 4.2 traci wsparcie. Po aktualizacji testy "
     "padają z takim błędem:" + _PASTE,
     ["W Django 5.0 usunięto starą opcję w ustawieniach aplikacji.", "Gotowe."],
     "Upgrade to Django 5.0", "Migruję naszą aplikację w Django do wersji 5.0"),
    ("sv", "Hej! Vår nattliga export till S3 har slutat fungera sedan i måndags. Loggen säger:" + _PASTE,
     ["Exporten till S3 stryps av AWS när alla filer laddas upp samtidigt.",
      "Klart."],
     "fix: retry S3 uploads on throttling", "Vår nattliga export till S3 har slutat fungera sedan i måndags"),
    ("uk", "Привіт. Після кожного релізу в нас падає фоновий воркер з помилкою пам'яті. Можеш глянути?",
     ["Воркер після релізу читає всю чергу за раз, тому пам'яті не вистачає.",
      "Готово."],
     "Limit worker batch size to fix OOM after deploys",
     "Після кожного релізу в нас падає фоновий воркер з помилкою пам'яті"),
    ("pt", "Bom dia. O relatório mensal demora 40 segundos a gerar em produção. Consegues investigar?",
     ["O relatório mensal faz uma consulta por cliente, são 3000 consultas.",
      "Feito."],
     "Fix N+1 queries in the monthly report", "O relatório mensal demora 40 segundos a gerar em produção"),
    ("vi", "chào Claude, trang thanh toán tính thuế hai lần cho mỗi đơn hàng. sửa giúp mình với",
     ["Trang thanh toán gọi hàm tính thuế ở cả server và client, nên thuế bị cộng hai lần.",
      "Xong."],
     "fix: apply tax once per order in checkout", "Trang thanh toán tính thuế hai lần cho mỗi đơn hàng"),
    ("ar", "السلام عليكم. عندنا لوحة تحكم React وبدنا ندعم الوضع الليلي بشكل كامل. من وين نبدأ؟",
     ["لوحة التحكم فيها ألوان ثابتة في 40 ملف، سأحولها إلى متغيرات حتى يعمل الوضع الليلي.",
      "تم."],
     "feat(ui): dark mode for the dashboard", "عندنا لوحة تحكم React وبدنا ندعم الوضع الليلي بشكل كامل"),
]  # fmt: skip


@pytest.mark.parametrize(("language", "opening", "answers", "subject", "title"), _CLAUSES, ids=[c[0] for c in _CLAUSES])
def test_the_authors_clause_titles_a_post_over_an_english_commit(
    tx: Transcript, tmp_path: Path, language: str, opening: str, answers: list[str], subject: str, title: str
) -> None:
    _session(tx, opening, answers, subject)
    told = Told(tx, tmp_path)
    assert told.triage["post"].get("language", language).startswith(language[:2])
    assert told.title == title, told.title
    assert fits_language(told.title, language)


def test_a_clause_of_the_report_names_the_work_when_the_sentence_has_two(tx: Transcript, tmp_path: Path) -> None:
    # the report's first clause names what is wrong; the greeting and the rest are chat around it
    _session(
        tx,
        "qué onda! tengo un problema con los webhooks de Stripe, a veces llegan dos veces y se cobra doble. ayuda",
        ["Los webhooks de Stripe se reintentan si tardamos más de 10 segundos en responder.",
         "Listo, cada webhook de Stripe se procesa una sola vez gracias a su id."],
        "fix: make Stripe webhook handling idempotent",
    )  # fmt: skip
    told = Told(tx, tmp_path)
    assert "webhooks de Stripe" in told.title, told.title
    assert fits_language(told.title, "es"), told.title
    assert not told.title.lower().startswith(("qué onda", "fix", "make")), told.title


# -- B. Claude's statement of the cause, when the author's words name nothing ---------------------------------


def test_claudes_finding_titles_it_when_the_author_names_nothing(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "Moin! Kurze Frage bevor ich verzweifle: irgendwas stimmt mit den Zeiten nicht. Hast du eine Idee?",
        [
            "Zwei Stellen verwenden die **System**-Zeitzone: `Kalender.kt:12` und `Export.kt:40`.",
            "Erledigt, alle Tests sind grün.",
        ],
        "fix: use the configured zone instead of the system default",
        file="src/Kalender.kt",
    )
    told = Told(tx, tmp_path)
    assert told.title == "Zwei Stellen verwenden die System-Zeitzone", told.title


def test_a_clause_that_points_at_a_paste_or_asks_names_nothing(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "ahoj, po upgradu celery mi worker hází tohle:" + _PASTE + "\n\nmám to prostě restartovat?",
        [
            "Plánovač používá **staré** jméno úlohy `reports.send_daily`, které po upgradu celery neexistuje.",
            "Hotovo, plánovač i worker běží.",
        ],
        "fix: rename beat task to the new module path",
    )
    told = Told(tx, tmp_path)
    assert told.title == "Plánovač používá staré jméno úlohy reports.send_daily", told.title


def test_the_english_subject_stays_when_nothing_in_the_language_names_the_work(tx: Transcript, tmp_path: Path) -> None:
    # the author only points at a paste, Claude says nothing that names the work: the subject, whole, is the last resort
    _session(tx, "hej, mam taki błąd:" + _PASTE, ["Już.", "Gotowe."], "Fix memory leak in the report worker")
    told = Told(tx, tmp_path)
    assert "memory leak in the report worker" in told.title, told.title  # (the subject, or it said as work)


# -- C. the long report or question: its clause that names the work ---------------------------------------------


def test_a_long_french_report_is_said_by_its_clause(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "Bonjour, j'ai un script qui importe les factures des fournisseurs dans PostgreSQL mais il plante sur "
        "certains fichiers. Tu peux regarder ?",
        [
            "Certains fichiers de factures sont en Latin-1 et pas en UTF-8.",
            "Ça passe : toutes les factures des fournisseurs sont importées.",
        ],
        None,
        file="import_factures.py",
    )
    told = Told(tx, tmp_path)
    assert told.title == "Un script qui importe les factures des fournisseurs dans PostgreSQL", told.title


@pytest.mark.parametrize(
    "opening",
    ["quick q, whats the cleanest way to paginate the orders table in OrdersPage.tsx? its loading 5000 rows at once",
     "Quick question: what is the best way to paginate the orders table in OrdersPage.tsx? It loads 5000 rows"],
    ids=["quick-q", "quick-question"],
)  # fmt: skip
def test_an_english_how_to_question_is_said_as_the_work(tx: Transcript, tmp_path: Path, opening: str) -> None:
    _session(tx, opening, ["Done: the table now loads 50 rows a page."], None, file="src/OrdersPage.tsx")
    told = Told(tx, tmp_path)
    assert told.title == "Paginating the orders table in OrdersPage.tsx", told.title
    assert not any(h.lower().startswith(("what", "quick")) for h in told.headings), told.headings  # (no question)


def test_a_how_to_question_is_known_by_its_form() -> None:
    from retell.extract.phrasing import how_to_question

    assert how_to_question("What's the cleanest way to debounce the search box in SearchBar.tsx")
    assert how_to_question("is there a good way to retry failed uploads?")
    assert not how_to_question("Debouncing the search box in SearchBar.tsx")


# -- D. a commit written without spaces --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "subject"),
    [("社内のバックアップスクリプトが遅すぎて困っています。速くできますか？",
      "バックアップ処理を高速化：圧縮をストリーミングに変更"),
     ("我们的订单导出在凌晨总是少一天的数据，帮我看看", "修复订单导出的时区问题")],
    ids=["ja", "zh"],
)  # fmt: skip
def test_a_commit_without_spaces_titles_its_post(tx: Transcript, tmp_path: Path, opening: str, subject: str) -> None:
    _session(tx, opening, ["確認します。" if "社内" in opening else "我看一下。", "OK"], subject, file="tools/job.py")
    told = Told(tx, tmp_path)
    assert told.title == subject, told.title


# -- controls ------------------------------------------------------------------------------------------------------


def test_an_english_posts_commit_is_kept(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "hey, the worker dies on big batches, getting this:" + _PASTE,
        ["The worker reads the whole queue at once.", "Fixed: it reads 500 jobs at a time now."],
        "fix(worker): read the queue in batches of 500",
    )
    told = Told(tx, tmp_path)
    # (round thirty-three: the thing the author named, "the worker", in front of the change that does not say it)
    assert told.title == "Worker: reading the queue in batches of 500", told.title


def test_a_commit_in_the_posts_language_is_kept(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "Cześć! Eksport CSV wywala się na dużych plikach, zobaczysz?",
        ["Eksport trzyma cały plik w pamięci.", "Gotowe."],
        "Napraw eksport CSV dla dużych plików",
    )
    told = Told(tx, tmp_path)
    assert told.title == "Napraw eksport CSV dla dużych plików", told.title


def test_a_crisp_problem_statement_is_kept(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "Aplikasi KasirKu crash setelah update ke 2.1",
        ["Aplikasi KasirKu membaca kolom yang sudah dihapus.", "Sudah, aplikasi tidak crash lagi."],
        None,
    )
    told = Told(tx, tmp_path)
    assert told.title == "Aplikasi KasirKu crash setelah update ke 2.1", told.title


def test_claudes_statement_of_what_it_did_still_comes_first(tx: Transcript, tmp_path: Path) -> None:
    _session(
        tx,
        "Moin! Unser Importer hängt bei großen Dateien, schau mal bitte:" + _PASTE,
        ["Der Worker-Pool liest die Ergebnisse zu spät.",
         "Ich habe den Deadlock im Worker-Pool behoben, indem die Ergebnisse sofort gelesen werden."],
        "importer: fix deadlock on large batches",
    )  # fmt: skip
    told = Told(tx, tmp_path)
    assert told.title == "Deadlock im Worker-Pool beheben", told.title
