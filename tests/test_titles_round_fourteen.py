"""Titles and headings, round fourteen (issue 24): a title says what was done or found, never the author's chat
(an apology or a run-up before the ask, a complaint, a plan, a report of more than six words that names no
result); Claude's summary of the change it made ("The export now streams every row") says the result when no
commit or task item does. A heading is never a code line, never a bare list of the files a stretch changed when
Claude said what it did to them, and never English in a post written in another language.

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

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


# -- A. a title is never the author's chat: Claude's summary of the change says the result ---------------------

# (language, the author's first message, what Claude read, Claude's closing summary, the chat the title must not
# open with, a word of the result the title must hold)
_CHAT_OPENINGS = [
    (
        "en",
        "Sorry for the mess in this repo, I've been trying to get the nightly export to stop cutting rows off "
        "at 1000 and nothing I try works",
        "export/nightly.py",
        "Fixed. The nightly export now streams every row instead of stopping at the first page.",
        ("Sorry", "I've been"),
        "export",
    ),
    (
        "de",
        "Folgendes, ich sitz seit gestern an dem Problem, dass der PDF-Export bei Umlauten einfach abstürzt und "
        "ich finde den Fehler nicht",
        "pdf/export.py",
        "Erledigt. Der PDF-Export bettet jetzt eine Schrift mit Umlauten ein, die Tests laufen durch.",
        ("Folgendes", "Ich sitz"),
        "PDF-Export",
    ),
    (
        "es",
        "Perdona el lío, llevo toda la mañana con esto y ya no sé qué más probar con el login de Google que "
        "devuelve 403",
        "auth/google.py",
        "Listo. El login de Google ahora usa la URL de redirección del dominio nuevo.",
        ("Perdona", "Llevo"),
        "login",
    ),
    (
        "fr",
        "Désolé pour le bazar, je galère depuis ce matin avec les factures qui sortent en double dans le "
        "tableau de bord",
        "factures/tableau.py",
        "C'est corrigé. Le tableau de bord regroupe maintenant les factures par numéro avant de les afficher.",
        ("Désolé", "Je galère"),
        "factures",
    ),
    (
        "hi-Latn",
        "Bhai razorpay webhook pe signature verify fail ho raha hai har baar, pata nahi kya scene hai yaar",
        "payments/webhook.py",
        "Done. The Razorpay webhook now verifies the signature against the raw request body.",
        ("Bhai",),
        "webhook",
    ),
    (
        "en",
        "I'm going to rewrite the invoice numbering next week anyway but for now the PDF totals are off by a cent",
        "invoices/totals.py",
        "The PDF totals now round once, after summing the lines, so they match the ledger.",
        ("I'm going to",),
        "totals",
    ),
    (
        "en",
        "The dashboard has been really slow for everybody on the team ever since the release last Thursday",
        "dashboard/queries.py",
        "The dashboard query now uses the index on orders.created_at and returns in 40 ms.",
        ("The dashboard has been",),
        "dashboard",
    ),
]


@pytest.mark.parametrize(("language", "message", "path", "summary", "chat", "result"), _CHAT_OPENINGS)
def test_a_title_is_what_was_done_not_the_authors_chat(
    tx: Transcript,
    tmp_path: Path,
    language: str,
    message: str,
    path: str,
    summary: str,
    chat: tuple[str, ...],
    result: str,
) -> None:
    tx.user(message)
    tx.tool_call("Read", {"file_path": f"{CWD}/{path}"}, "def run(): ...")
    edit(tx, path)
    _bash(tx, "pytest -q", "12 passed")
    tx.assistant(summary)
    told = Told(tx, tmp_path)
    assert not told.title.casefold().startswith(tuple(c.casefold() for c in chat)), told.title
    assert result.casefold() in told.title.casefold(), told.title


def test_a_run_up_gives_way_to_the_task_item_claude_completed(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Ok so, long story, I spent the whole weekend on this and honestly I'm lost: the mobile menu stays open "
        "after you tap a link"
    )
    _todo(tx, ("Close the mobile menu on navigation", "Closing the mobile menu on navigation", "in_progress"))
    edit(tx, "src/components/MobileMenu.tsx")
    _todo(tx, ("Close the mobile menu on navigation", "Closing the mobile menu on navigation", "completed"))
    told = Told(tx, tmp_path)
    assert told.title.startswith("Closing the mobile menu"), told.title


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("Add pagination to the orders list", "pagination"),  # an ask: it stays the title
        ("Añadir paginación al listado de pedidos", "paginación"),
        ("Migrate the session store to Redis", "Redis"),
    ],
)
def test_an_ask_keeps_its_title_beside_claudes_summary(
    tx: Transcript, tmp_path: Path, message: str, expected: str
) -> None:
    # a guard: the author's ask names the work; Claude's summary does not replace it
    tx.user(message)
    edit(tx, "app/orders.py")
    _bash(tx, "pytest -q", "8 passed")
    tx.assistant("The list now loads 50 rows at a time.")
    told = Told(tx, tmp_path)
    assert expected.casefold() in told.title.casefold(), told.title
    assert "now loads" not in told.title, told.title


def test_claudes_summary_that_speaks_to_the_author_titles_nothing(tx: Transcript, tmp_path: Path) -> None:
    # a guard: "you can now…" is Claude addressing the author, not the result said as a title
    tx.user("Sorry, I know this is vague, but something is off with the uploads again since the weekend")
    edit(tx, "uploads/handler.py")
    tx.assistant("You can now upload files again; I changed the size limit.")
    told = Told(tx, tmp_path)
    assert "You can now" not in told.title and not told.title.startswith("Sorry"), told.title


# -- B. a heading is never a code line ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "const total = items.reduce((sum, item) => sum + item.price, 0)",
        "SELECT id, total FROM orders WHERE paid = 0 ORDER BY created_at;",
        "for f in *.csv; do wc -l $f; done",
        "df = pd.read_csv('ventas.csv', sep=';')",
        "import numpy as np",
        "if (user == null) return res.status(401).end();",
        "from django.db import models",
        "docker compose up -d --build api",
    ],
)
def test_a_code_line_names_no_goal(line: str) -> None:
    from retell.extract.deeds import names_a_goal

    assert not names_a_goal(line), line


@pytest.mark.parametrize(
    "line",
    [
        "Fix the NaN in the cart total",
        "Use reduce for the cart total",
        "Arregla el total del carrito",
        "Den Import von ventas.csv beschleunigen",
        "Select the right orders for the monthly report",  # an English verb that is also SQL's
        "Import the customers from the old CRM",
    ],
)
def test_a_line_of_prose_is_no_code_line(line: str) -> None:
    from retell.extract.deeds import names_a_goal

    assert names_a_goal(line), line


def test_a_pasted_code_line_never_heads_its_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Add a total to the cart summary")
    edit(tx, "src/cart/summary.ts")
    tx.tick(3 * 3600)
    tx.user("const total = items.reduce((sum, item) => sum + item.price, 0)\n\nthis gives NaN on the second render")
    edit(tx, "src/cart/total.ts")
    _bash(tx, "npm test", "9 passed")
    told = Told(tx, tmp_path)
    assert not any(h.startswith("const ") for h in told.headings), told.headings


# -- C. a heading naming only the files gives way to what Claude said it did to them ----------------------------

_FILE_LISTS = [
    (
        "de",
        "Füge bitte eine Suche nach Kundennummer in der Terminliste hinzu",
        "So, jetzt noch die Sache mit den Terminen, die beim Wechsel auf Sommerzeit verrutschen, das nervt die Kunden",
        "Die Termine werden jetzt in UTC gespeichert und erst beim Anzeigen in Ortszeit umgerechnet.",
        ("Änderungen an", "So, jetzt"),
    ),
    (
        "es",
        "Añade una búsqueda por número de cliente en el listado de pedidos",
        "Bueno, ahora lo de los pedidos que se duplican cuando el cliente pulsa dos veces el botón de pagar",
        "El botón de pagar ahora se desactiva tras el primer clic y el servidor ignora pedidos repetidos.",
        ("Cambios en", "Bueno"),
    ),
    (
        "en",
        "Add a search by customer number to the appointments list",
        "Right, now the thing where the avatars come out blurry on retina screens, the design team keeps pinging me",
        "Avatars are now served at twice their display size with a srcset for retina screens.",
        ("Changing ", "Right, now"),
    ),
]


@pytest.mark.parametrize(("language", "ask", "message", "summary", "not_heading"), _FILE_LISTS)
def test_a_file_list_gives_way_to_claudes_summary_of_the_change(
    tx: Transcript, tmp_path: Path, language: str, ask: str, message: str, summary: str, not_heading: tuple[str, ...]
) -> None:
    tx.user(ask)
    edit(tx, "app/views/liste.py")
    _bash(tx, "pytest -q", "30 passed")
    tx.tick(3 * 3600)
    tx.user(message)
    edit(tx, "app/models/termin.py")
    edit(tx, "app/views/kalender.py")
    edit(tx, "app/serializers.py")
    edit(tx, "tests/test_termine.py")
    _bash(tx, "pytest -q", "31 passed")
    tx.assistant(summary)
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"].startswith(language), told.triage["post"]["language"]
    assert len(told.headings) >= 2, told.post
    # (the first stretch's heading gives way to the title, its ask: only the second is this case's)
    assert not told.headings[1].startswith(not_heading), (told.title, told.headings)


# -- D. a post in another language is headed in it ----------------------------------------------------------------


def test_an_english_task_item_never_heads_a_german_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Der Newsletter-Versand bricht bei Adressen mit Umlauten ab, bitte reparieren")
    edit(tx, "mail/versand.py")
    _bash(tx, "pytest -q", "5 passed")
    tx.tick(3 * 3600)
    tx.user("jetzt noch die Tests")
    _todo(tx, ("Add tests for umlaut addresses", "Adding tests for umlaut addresses", "in_progress"))
    edit(tx, "tests/test_versand.py")
    _todo(tx, ("Add tests for umlaut addresses", "Adding tests for umlaut addresses", "completed"))
    _bash(tx, "pytest -q", "7 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "de"
    assert not any(h.startswith(("Adding", "Add ")) for h in told.headings), told.headings


def test_retells_words_for_commands_and_an_english_item_never_head_a_german_stretch(
    tx: Transcript, tmp_path: Path
) -> None:
    tx.user("Füge bitte eine Suche nach Kundennummer in der Terminliste hinzu")
    edit(tx, "app/views/liste.py")
    tx.tick(3 * 3600)
    tx.user("ok weiter")  # a go-ahead: the stretch is its commands
    _bash(tx, "npm run lint", "ok")
    _bash(tx, "pytest -q", "14 passed")
    tx.tick(3 * 3600)
    tx.user("mach")  # too few words to tell an English task item from the post's language
    tx.tool_call("Write", {"file_path": f"{CWD}/tests/router.test.ts", "content": "test('routes')"}, "ok")
    _todo(tx, ("Add router tests", "Adding router tests", "completed"))
    edit(tx, "src/router.ts")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "de"
    assert not any(h.startswith(("Running", "Adding")) for h in told.headings), told.headings


def test_an_english_announcement_never_heads_a_hebrew_stretch(tx: Transcript, tmp_path: Path) -> None:
    tx.user("הכפתורים בטופס ההרשמה מופיעים הפוך כשהשפה עברית, אפשר לסדר?")
    tx.assistant("I'll switch the form layout to logical CSS properties so it mirrors in RTL.")
    edit(tx, "src/signup/form.css")
    edit(tx, "src/signup/Form.tsx")
    edit(tx, "src/signup/Form.test.tsx")
    _bash(tx, "npm test", "14 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "he"
    assert all(any("\u0590" <= c <= "\u05ff" for c in h) for h in told.headings), told.headings


# -- E. round thirteen's left: a plan of the author's heads nothing -------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Going to write it up for the team and let them argue about it",
        "Gonna leave this running overnight and look tomorrow",
        "Ich schreib das morgen fürs Team zusammen",
        "Lo dejo corriendo esta noche y mañana miro",
    ],
)
def test_a_plan_of_the_authors_is_chat(line: str) -> None:
    from retell.extract.headings import chat_line

    assert chat_line(line), line
