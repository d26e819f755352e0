"""Titles, round sixteen (issue 24): a title is in the post's language and about the first ask.

A. Claude's summary of a change replaces the author's long report only when it is the first ask's: the summary
   after the session's last edit may be about a second task ("nu iets anders, …"), and the author's crisp
   statement of the problem then says more than it (round fourteen's regression on fresh10's Dutch post).
B. An English commit on a post in another language, when the author's first words only lead into a pasted
   error, titles it (round seventeen: by its subject whole; this round said it as "Naprawa deadlock", a mix a
   blind reader faulted); an English post keeps the English commit said as work.

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# -- A. a later task's summary never titles the first ask ------------------------------------------------------

# (language, the author's report, Claude's close of the first task (no result said with "now"), the author's
# second ask, Claude's summary of the second task, a word of the report the title keeps, words of the second
# summary the title must not hold)
_SECOND_TASKS = [
    (
        "nl",
        "De nachtelijke export naar het magazijn stopt halverwege zodra er meer dan duizend orders zijn, "
        "daarna gebeurt er niks meer??",
        "Opgelost: de export haalt de orders per pagina op in plaats van alles in één keer.",
        "iets anders nog, kun je de knop voor het exporteren van facturen blauw maken in het dashboard?",
        "De exportknop is nu blauw, net als de andere knoppen in het dashboard.",
        "export",
        "blauw",
    ),
    (
        "de",
        "Der Login mit Google bricht auf dem Staging-Server jedes Mal mit einem 403 ab, lokal geht alles, "
        "keine Ahnung warum",
        "Behoben: die Redirect-URL zeigte noch auf die alte Domain.",
        "noch was anderes, kannst du im Footer das Jahr im Copyright automatisch setzen lassen?",
        "Der Footer zeigt jetzt immer das aktuelle Jahr im Copyright an.",
        "Login",
        "Footer",
    ),
    (
        "en",
        "The invoice PDFs have been coming out with the wrong totals for customers with discounts since Monday",
        "Fixed: the discount was applied twice, once per line and once on the sum.",
        "unrelated, but can you also make the invoice list sortable by date?",
        "The invoice list now sorts by date when you click the column header.",
        "invoice",
        "sorts",
    ),
    (
        "es",
        "El job que manda los correos de bienvenida se queda colgado cada vez que un usuario se registra con Google",
        "Listo: el job esperaba una respuesta del proveedor de correo sin ningún timeout.",
        "otra cosa, ¿puedes cambiar el asunto del correo de bienvenida para que incluya el nombre?",
        "El asunto del correo ahora incluye el nombre del usuario registrado.",
        "correos",
        "asunto",
    ),
]


@pytest.mark.parametrize(
    ("language", "report", "first_close", "second_ask", "second_result", "kept", "not_in"),
    _SECOND_TASKS,
    ids=[c[0] for c in _SECOND_TASKS],
)
def test_a_second_tasks_summary_never_titles_the_authors_first_problem(
    tx: Transcript,
    tmp_path: Path,
    language: str,
    report: str,
    first_close: str,
    second_ask: str,
    second_result: str,
    kept: str,
    not_in: str,
) -> None:
    tx.user(report)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/jobs.py"}, "def run(): ...")
    edit(tx, "app/jobs.py")
    _bash(tx, "pytest -q", "12 passed")
    tx.assistant(first_close)
    tx.user(second_ask)
    edit(tx, "app/ui.py")
    tx.assistant(second_result)
    told = Told(tx, tmp_path)
    assert not_in.casefold() not in told.title.casefold(), told.title
    assert kept.casefold() in told.title.casefold(), told.title


def test_the_first_tasks_own_summary_still_titles_a_long_report(tx: Transcript, tmp_path: Path) -> None:
    # control: the result said right after the first ask's change is the first ask's, and stays the title
    tx.user("The dashboard has been really slow for everybody on the team ever since the release last Thursday")
    tx.tool_call("Read", {"file_path": f"{CWD}/dashboard/queries.py"}, "def run(): ...")
    edit(tx, "dashboard/queries.py")
    tx.assistant("The dashboard query now uses the index on orders.created_at and returns in 40 ms.")
    tx.user("great, and can you make the refresh button a bit bigger?")
    edit(tx, "dashboard/ui.py")
    tx.assistant("The refresh button is now twice as big.")
    told = Told(tx, tmp_path)
    assert "index on orders.created_at" in told.title, told.title


# -- B. an English commit said in the post's language ---------------------------------------------------------

# (language, the author's lead-in to a pasted error, Claude's answer, a word of the commit's object)
_FOREIGN_COMMITS = [
    (
        "pl",
        "cześć, mam taki błąd w moim narzędziu do logów:",
        "Mamy klasyczny problem: workery czekają na kanale, a główna goroutine czeka na nie. Poprawiłem to i "
        "dodałem test, który odtwarza ten błąd na dużym pliku.",
    ),
    (
        "ru",
        "привет, вот такая ошибка в моей утилите для логов:",
        "Классическая ситуация: воркеры ждут на канале, а главная горутина ждёт их. Исправил и добавил тест, "
        "который воспроизводит ошибку на большом файле.",
    ),
    (
        "de",
        "hallo, ich bekomme diesen Fehler in meinem Log-Tool:",
        "Ein klassischer Fall: die Worker warten auf den Kanal, und die Haupt-Goroutine wartet auf die Worker. "
        "Ich habe das behoben und einen Test hinzugefügt, der den Fehler mit einer großen Datei nachstellt.",
    ),
    (
        "es",
        "hola, me sale este error en mi herramienta de logs:",
        "Es un caso clásico: los workers esperan en el canal y la goroutine principal espera a los workers. Lo "
        "he corregido y he añadido una prueba que reproduce el error con un archivo grande.",
    ),
]

_PASTE = (
    "\n\n```\n$ ./logtool analyze access.log\nfatal error: all goroutines are asleep - deadlock!\n\n"
    "goroutine 1 [semacquire]:\nsync.(*WaitGroup).Wait(0xc000012170)\n```"
)


def _fixed_and_committed(tx: Transcript, lead_in: str, answer: str, subject: str) -> None:
    tx.user(lead_in + _PASTE)
    tx.tool_call("Read", {"file_path": f"{CWD}/internal/analyze/analyze.go"}, "func Run() {}")
    edit(tx, "internal/analyze/analyze.go")
    _bash(tx, "go test ./...", "ok  \tlogtool/internal/analyze\t0.41s")
    tx.assistant(answer)
    tx.user("ok, commit")
    _bash(tx, f'git commit -qam "{subject}"')
    tx.assistant("Done.")


@pytest.mark.parametrize(("language", "lead_in", "answer"), _FOREIGN_COMMITS, ids=[c[0] for c in _FOREIGN_COMMITS])
def test_an_english_commit_is_said_in_the_posts_language(
    tx: Transcript, tmp_path: Path, language: str, lead_in: str, answer: str
) -> None:
    _fixed_and_committed(tx, lead_in, answer, "analyze: fix deadlock on large files, add --top flag")
    told = Told(tx, tmp_path)
    assert told.triage["post"].get("language", language).startswith(language)
    # (round seventeen: the subject whole, not "Naprawa deadlock", a mix of a local verb and English words; round
    # nineteen: without its scope, and only when nothing in the post's language says the work: "Poprawiłem to",
    # "Исправил и…", "Ich habe das behoben", "Lo he corregido" name nothing)
    assert told.title == "Fix deadlock on large files, add --top flag", told.title


def test_an_english_commit_keeps_its_words_on_an_english_post(tx: Transcript, tmp_path: Path) -> None:
    # control: the commit is in the post's language, and says what was done as it is
    _fixed_and_committed(
        tx,
        "hey, getting this error in my log tool:",
        "Classic case: the workers block on the channel while main waits for them. Fixed, with a test that "
        "reproduces it on a big file.",
        "analyze: fix deadlock on large files, add --top flag",
    )
    told = Told(tx, tmp_path)
    assert told.title.startswith("Fixing deadlock on large files"), told.title


# (language, the author's crisp statement of the problem, Claude's answer, a word of the statement)
_STATED_PROBLEMS = [
    (
        "id",
        "Aplikasi kasir crash setelah update ke 2.3, tapi cuma di HP yang sebelumnya udah pasang versi lama",
        "Penyebabnya migrasi database dari versi 5 ke 6 tidak ada. Saya sudah menambahkan migrasinya dan tesnya "
        "lulus di perangkat dengan versi lama.",
        "kasir",
    ),
    (
        "it",
        "L'app del magazzino va in crash dopo l'aggiornamento alla 2.3, ma solo sui telefoni con la versione vecchia",
        "Mancava la migrazione del database dalla versione 5 alla 6. L'ho aggiunta e il test passa anche sui "
        "dispositivi con la versione vecchia.",
        "magazzino",
    ),
]


@pytest.mark.parametrize(
    ("language", "statement", "answer", "kept"), _STATED_PROBLEMS, ids=[c[0] for c in _STATED_PROBLEMS]
)
def test_the_authors_statement_in_the_posts_language_stays_over_an_english_commit(
    tx: Transcript, tmp_path: Path, language: str, statement: str, answer: str, kept: str
) -> None:
    # control: the author's words say the problem in the post's language; a commit cut short says less
    tx.user(statement)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/db/Migrations.kt"}, "object Migrations {}")
    edit(tx, "app/db/Migrations.kt")
    _bash(tx, "./gradlew test", "BUILD SUCCESSFUL")
    tx.assistant(answer)
    _bash(tx, 'git commit -qam "Fix crash on upgrade: add Room migration 5 -> 6"')
    tx.assistant("Done.")
    told = Told(tx, tmp_path)
    assert kept in told.title, told.title
