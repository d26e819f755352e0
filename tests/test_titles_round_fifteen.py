"""Titles, round fifteen (issue 24): a commit message given to `git commit -m` over several paragraphs (a
subject, a blank line, a list or a paragraph of why) titles the post by its subject alone, never by the subject
and its body joined on the command's line ("Passage en ESM / node-fetch 3 n'existe qu'en ESM, ce qui…"), nor cut
off after a trailing " /". A blind reader marked 5 of fresh10's 24 titles for this (stop 42).

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.events import TOOL_RUN, Event, ToolCall
from retell.extract.commits import session_summaries

pytestmark = pytest.mark.usefixtures("offline_env")

# (the author's first message, the commit's subject, its body)
_COMMITS = [
    (
        "ciao! la pagina degli ordini ci mette una vita a caricare, puoi darci un'occhiata?",
        "Ordini: carica clienti e righe in una sola query",
        "- includes(:cliente, :righe) nello scope della lista\n- indice su righe.ordine_id",
    ),
    (
        "selam, CI'da testler bir haftadır hiç koşmuyor gibi, bakabilir misin",
        "CI: surefire 3.3.1 ile JUnit 5 testleri yeniden koşuyor",
        "- maven-surefire-plugin 3.3.1 sabitlendi\n- failIfNoTests açık",
    ),
    (
        "salut, le build plante depuis que j'ai mis à jour node-fetch, tu peux regarder ?",
        "Passage du serveur en modules ESM",
        "node-fetch 3 n'existe qu'en ESM, ce qui cassait le build CommonJS au démarrage du serveur.",
    ),
    (
        "hola, los PDFs de facturas salen duplicados a veces y otras no llegan, ¿lo miramos?",
        "Facturas: un solo PDF por factura aunque el job se reintente",
        "- retry_after mayor que el timeout del job\n- envío idempotente con la columna enviada_at",
    ),
    (
        "hey, can you look at why the nightly import takes forty minutes now",
        "Import: fetch pages concurrently and honour Retry-After",
        "- a semaphore of 20 requests\n- exponential backoff on 5xx, at most 5 tries\n\n"
        "A full run now takes about six minutes.",
    ),
]


@pytest.mark.parametrize(("message", "subject", "body"), _COMMITS, ids=["it", "tr", "fr", "es", "en"])
def test_a_commit_message_of_several_paragraphs_titles_the_post_by_its_subject(
    tx: Transcript, tmp_path: Path, message: str, subject: str, body: str
) -> None:
    tx.user(message)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "def run(): ...")
    edit(tx, "app/main.py")
    tx.tool_call("Bash", {"command": "pytest -q", "description": "run"}, "12 passed")
    commit = f'git add -A && git commit -q -m "{subject}\n\n{body}"'
    tx.tool_call("Bash", {"command": commit, "description": "commit"}, "")
    tx.assistant("Done, committed.")
    told = Told(tx, tmp_path)
    assert " / " not in told.title and not told.title.endswith("/"), told.title
    assert body.split("\n")[0].lstrip("- ")[:12] not in told.title, told.title


@pytest.mark.parametrize(
    ("message", "subject"),
    [
        ("Fix login / signup redirect loop / - keep the next= parameter", "Fix login / signup redirect loop"),
        ("Cache: read-through / write-behind for sessions", "Cache: read-through / write-behind for sessions"),
        (
            "Passage du serveur en ESM / node-fetch 3 n'existe qu'en ESM, ce qui cassait le build",
            "Passage du serveur en ESM",
        ),
        ("Pin surefire 3.3.1 / 1. failIfNoTests on / 2. JUnit 5 provider", "Pin surefire 3.3.1"),
    ],
)
def test_a_slash_inside_a_subject_is_the_subjects_own(message: str, subject: str) -> None:
    # the command's line as retell keeps it: a message's paragraphs joined by " / " (retell/extract/tools.py)
    events = [Event(TOOL_RUN, id="t1", calls=[ToolCall("Bash", target=f'git commit -qam "{message}"', output="")])]
    assert session_summaries(events) == [subject]
