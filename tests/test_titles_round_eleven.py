"""Titles and headings, round eleven (issue 24): the fault classes a blind reader found on fresh7, each in a
session of our own wording, told by form. A heading is never the author speaking (a symptom as they lived it,
"…after I…"; a yes, a wait or a "well" opening a line; Korean polite speech, a Japanese "after I did X, Y
happened"), never a program's output or the command a tool suggests, never a file list garbled by spelling a
version out; a heading naming only files gives way to what Claude said it changed there or what the author asked
next after a choice or a yes ("yeah 2. and …"); and an English post is not headed in another language."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract import headings
from retell.extract.deeds import names_a_goal
from retell.extract.headings import chat_line
from retell.extract.requests import clean_request
from retell.extract.roles import file_role

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


# -- the author speaking --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Iya betul juga",  # a yes opening a line (Indonesian)
        "Ναι, το index λείπει",  # (Greek)
        "No dokładnie tak",  # a "well" in a line of three words (Polish)
        "잠깐만요 로그 복사할게요",  # a wait, Korean polite speech
        "로그 먼저 볼게요",  # Korean polite speech
        "うん、それでいい",  # a yes (Japanese)
        "Xcode 更新したらテストが落ちるようになった",  # "after I did X, Y happened"
    ],
)
def test_the_author_speaking_is_a_chat_line(line: str) -> None:
    assert chat_line(line), line


@pytest.mark.parametrize(
    ("line", "as_lived"),
    [
        ("The cart empties itself whenever I switch tabs", True),  # a symptom as the author lived it
        ("Broke right after we upgraded the router", True),
        ("I'm seeing duplicate rows in the export", True),
        ("Some of my feeds come out garbled", False),  # what was found: a possessive is no deed of the author's
        ("Fixing how we cache sessions", False),  # an -ing step may say "we"
        ("I test di integrazione", False),  # Italian "I" is an article
    ],
)
def test_a_symptom_as_the_author_lived_it(line: str, as_lived: bool) -> None:
    assert headings.lived(line) == as_lived, line


@pytest.mark.parametrize(
    "line",
    [
        "No retries on HTTP 500 errors",  # "no" opening a step of four words
        "Fixing how we cache sessions",  # an -ing step may say "we"
        "Some of my feeds come out garbled",  # what was found: a possessive is no deed of the author's
        "Ya no falla el login",  # Spanish "ya" is no yes
        "Room を KSP に移行中",
        "I test di integrazione",  # Italian "I" is an article
    ],
)
def test_a_step_is_no_chat_line(line: str) -> None:
    assert not chat_line(line), line


def test_a_symptom_told_in_the_first_person_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (base: "The cart empties itself whenever I switch tabs" headed the stretch that fixed it)
    tx.user("The cart empties itself whenever I switch tabs")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/cart/store.ts"}, "export const cart = ...")
    tx.assistant("The bug was that the store is recreated on every visibility change. I'll keep one instance.")
    edit(tx, "src/cart/store.ts")
    _bash(tx, "npm test", "12 passed")
    tx.tick(3 * 3600)
    tx.user("The totals are off by one cent when I apply a coupon twice")
    tx.tool_call("Read", {"file_path": f"{CWD}/src/cart/totals.ts"}, "export function total() {}")
    tx.assistant("The bug was that the discount is rounded before it is summed. I'll round once at the end.")
    edit(tx, "src/cart/totals.ts")
    _bash(tx, "npm test", "13 passed")
    told = Told(tx, tmp_path)
    shown = [told.title, *told.headings]
    assert not any(" I " in f" {h} " for h in shown), shown


def test_a_yes_in_another_language_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (base: "Iya betul juga", a yes to what Claude proposed, headed the stretch after a pause)
    tx.user("laporan bulanan menghitung retur dua kali, angka di dasbor keuangan lebih tinggi dari seharusnya")
    tx.tool_call("Read", {"file_path": f"{CWD}/reports/bulanan.sql"}, "SELECT ...")
    edit(tx, "reports/bulanan.sql")
    tx.assistant("Sudah diperbaiki. Perlu saya tambahkan tes untuk bulan dengan retur parsial?")
    tx.tick(3 * 3600)
    tx.user("iya betul juga, tambahkan tesnya sekalian untuk bulan februari")
    edit(tx, "tests/test_bulanan.py")
    _bash(tx, "pytest -q", "5 passed")
    told = Told(tx, tmp_path)
    assert not any(h.casefold().startswith("iya") for h in told.headings), told.headings


# -- a program's output, a command it suggests ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "Activity: org.example.shop.MainActivity, UID: 10342",  # fields with a dotted name and a figure
        "api-gateway-5f7c9d8b4-qx2lm 0/1 ImagePullBackOff 3 4m",  # a row of columns, mostly figures
        "Run 'npx prisma migrate resolve --applied 20240101' to fix it",  # a command a tool suggests
    ],
)
def test_a_programs_output_names_no_goal(line: str) -> None:
    assert not names_a_goal(line), line


@pytest.mark.parametrize(
    "line",
    [
        "Upgrade Node: 18 to 20",
        "Fixing the 3 failing tests in 2 files",
        "Adding the --dry-run flag",
        "Vpc!: key subnets by AZ",
    ],
)
def test_a_step_with_figures_is_no_output(line: str) -> None:
    assert names_a_goal(line), line


def test_a_pasted_pod_row_never_heads_a_stretch(tx: Transcript, tmp_path: Path) -> None:
    # (base: the pod's row, "Api-gateway-5f7c9d8b4-qx2lm 0/1 ImagePullBackOff 3 4m", headed the post)
    tx.user("api-gateway-5f7c9d8b4-qx2lm   0/1   ImagePullBackOff   3   4m")
    _bash(tx, "kubectl describe pod api-gateway-5f7c9d8b4-qx2lm", "Failed to pull image: tag v2.8.1 not found")
    tx.assistant("Das Image-Tag v2.8.1 existiert nicht in der Registry. Ich setze das Tag auf v2.8.0 zurück.")
    edit(tx, "deploy/gateway/kustomization.yaml")
    _bash(tx, "kubectl apply -k deploy/gateway", "deployment.apps/api-gateway configured")
    tx.user("danke, läuft wieder. Bitte noch das Tag in der Pipeline prüfen, bevor es ausgerollt wird")
    edit(tx, "ci/deploy.yml")
    told = Told(tx, tmp_path)
    shown = [told.title, *told.headings]
    assert not any("0/1" in h or "ImagePull" in h for h in shown), shown


# -- headings naming only files ---------------------------------------------------------------------------------


def test_a_version_in_a_file_name_is_kept_as_written() -> None:
    # (base: "MIGRATING-2.0.md" was said "the MIGRATING 2 0")
    assert file_role("docs/MIGRATING-2.0.md") == "MIGRATING-2.0.md"
    assert file_role("docs/release_notes.md") == "the release notes"


@pytest.mark.parametrize(
    ("said", "ask"),
    [
        ("yeah 3. and document the flag in the README", "Document the flag in the README"),
        ("네 그리고 빈 값은 '없음'으로 바꿔주세요", "빈 값은 '없음'으로 바꿔주세요"),
        ("oui et ajoute un test pour février", "Ajoute un test pour février"),
    ],
)
def test_a_choice_or_a_yes_before_an_ask_is_left_out(said: str, ask: str) -> None:
    assert clean_request(said) == ask, clean_request(said)


def test_the_ask_after_a_choice_heads_its_stretch_not_the_files(tx: Transcript, tmp_path: Path) -> None:
    # (base: "Changing flags.go, the MIGRATING 2 0 and main.go": the files, one of them garbled)
    tx.user("continue")
    _bash(tx, "git status --short", " M cmd/main.go")
    tx.assistant("Renaming the flag breaks every caller's scripts. Options: 1. keep both, 2. alias, 3. document it.")
    tx.tick(3 * 3600)
    tx.user("yeah 3. and write the rename up in the migration guide")
    edit(tx, "cmd/flags.go")
    tx.tool_call("Write", {"file_path": f"{CWD}/docs/MIGRATING-2.0.md", "content": "# Migrating"}, "ok")
    edit(tx, "cmd/main.go")
    _bash(tx, "go test ./...", "ok")
    told = Told(tx, tmp_path)
    assert not any("MIGRATING 2 0" in h for h in told.headings), told.headings
    assert any("migration guide" in h for h in [told.title, *told.headings]), (told.title, told.headings)


# -- another language on an English post ------------------------------------------------------------------------


def test_a_pasted_documents_first_line_in_another_language_never_heads_an_english_post(
    tx: Transcript, tmp_path: Path
) -> None:
    # (base: "Especificación — Pedidos recurrentes", the first line of a spec pasted in Spanish, headed a stretch)
    tx.user("add a created_at column to the orders table and backfill it from the audit log")
    edit(tx, "migrations/0007_created_at.sql")
    _bash(tx, "npm test", "28 passed")
    tx.tick(3 * 3600)
    tx.user(
        "Especificación — Pedidos recurrentes\n\nContexto: hoy cada pedido se crea a mano.\n"
        "Requisitos:\n1. Un tipo `Subscription` con `interval` y `nextRun`."
    )
    tx.user("^ that's from our product team in Madrid. can you implement it in the schema and the resolvers?")
    edit(tx, "schema/subscription.graphql")
    edit(tx, "src/resolvers/subscription.ts")
    _bash(tx, "npm test", "30 passed")
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "en"
    shown = [told.title, *told.headings]
    assert not any(h.startswith("Especificación") for h in shown), shown
