"""Round thirty-seven (issue 24, headings): a section whose heading would say nothing is told with its neighbour.

A blind judge read fresh21's and fresh22's offline posts (stop 50, neither tuned on) and kept none of the headings
that name the kind of work rather than what happened: the fix in general ("Perbaikannya"), tool narration
("Ejecutando comandos", "Running scripts"), the files by their names ("Changing the main settings", "แก้ไข
test_payload.py และ payload.py"), nor a heading over a two-line section ("Meng-commit perubahan", "קומיט לשינויים":
"merge it into the previous section"). Measured on fresh16-fresh22 by bench/heading_paths.py: 0 of the 19 judged
headings of those paths were kept. These sessions have the real cases' shapes; each failed on main f948b42."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")
START = datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc)


def _draft(tmp_path: Path, tx: Transcript, project: str) -> str:
    session = tx.write(tmp_path / "claude" / "projects" / project / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["check", str(work), "-q"]))  # the draft passes its own check
    return (work / "draft.md").read_text(encoding="utf-8")


def _headings(draft: str) -> list[str]:
    return re.findall(r"^## (.+)$", draft, re.M)


# fresh22 24ef8c97: a bot broken by an upgrade, fixed, then "commit ya" and one command. Main headed the fix
# "Perbaikannya" (the fix), the commit "Meng-commit perubahan" over three lines, and closed on "Hasil akhirnya" (the
# final result) over a line saying a file was not committed.
ID_CWD = "/home/dimas/bot-warung"
ID_PROBLEM = "bot nya gk bales /stok lagi abis aku update aiogram, tolong cek dong kenapa ya"
ID_CHOICE = "iya bener crash terus. mending downgrade aja atau pindah ke v3? yang gampang aja deh"
ID_GO = "ok pindah ke v3 aja, sekalian rapihin handler nya"
ID_COMMIT = "udah bisa mantap 👍 commit ya. yang indomie nanti aku itung ulang besok"


def _indonesian_session() -> Transcript:
    tx = Transcript(cwd=ID_CWD, start=START)
    tx.user(ID_PROBLEM)
    tx.assistant("Oke, saya cek dulu versi aiogram dan handler `/stok`-nya.")
    tx.tool_call("Bash", {"command": "pip show aiogram"}, "Name: aiogram\nVersion: 3.17.0")
    tx.tool_call("Read", {"file_path": f"{ID_CWD}/bot.py"}, "from aiogram import executor\ndp = Dispatcher(bot)")
    tx.assistant(
        "Ketemu masalahnya: `requirements.txt` cuma bilang `aiogram>=2.25`, jadi yang terpasang aiogram 3.17. Kode "
        "bot ini masih gaya aiogram 2 (`executor`, `Dispatcher(bot)`), dan semua itu sudah dihapus di v3."
    )
    tx.user(ID_CHOICE)
    tx.assistant("Yang paling cepat: kunci ke v2. Yang lebih awet: pindah ke v3, kodenya cuma satu file.")
    tx.user(ID_GO)
    tx.tool_call("Write", {"file_path": f"{ID_CWD}/bot.py", "content": "from aiogram import Router\n"}, "ok")
    tx.tool_call("Bash", {"command": "pytest -q"}, "1 failed, 1 passed in 0.31s", is_error=True)
    tx.assistant("Test yang gagal ini bukan soal aiogram: `tambah_stok` memotong nama barang yang ada spasinya.")
    tx.tool_call(
        "Edit", {"file_path": f"{ID_CWD}/stok.py", "old_string": "split()", "new_string": "split(maxsplit=1)"}, "ok"
    )
    tx.tool_call("Bash", {"command": "pytest -q"}, "2 passed in 0.29s")
    tx.assistant("Bot sudah jalan lagi di aiogram 3. Coba kirim `/stok gula` dari Telegram.")
    tx.user(ID_COMMIT)
    tx.tool_call("Bash", {"command": "git add bot.py stok.py && git commit -m 'Pindah ke aiogram 3'"}, "[main f5a0c92]")
    tx.assistant("Sudah di-commit: `f5a0c92`. `stok.json` tidak ikut di-commit.")
    return tx


def test_no_stock_heading_and_no_heading_over_a_two_line_commit(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _indonesian_session(), "-home-dimas-bot-warung")
    headings = _headings(draft)
    for stock in ("Perbaikannya", "Meng-commit perubahan", "Hasil akhirnya"):
        assert stock not in headings, draft
    for message in (ID_PROBLEM, ID_CHOICE, ID_GO, ID_COMMIT):  # nothing is lost with the sections
        assert draft.count(f"> {message}") == 1, message


# fresh22 f8d6234c: the feature built and committed, then "súbelo y abre el MR" and two commands. Main headed the
# last stretch "Ejecutando comandos" (running commands), judged unusable: the section opens the merge request.
ES_CWD = "/home/marisol/taqueria"
ES_ASK = "agrega pedidos programados: que el cliente pueda escoger una hora para recoger su orden en el checkout"
ES_COMMIT = "ya quedó, haz commit porfa"
ES_PUSH = "ahora súbelo y abre el MR contra develop, asígnaselo a Memo"


def _spanish_session() -> Transcript:
    tx = Transcript(cwd=ES_CWD, start=START)
    tx.user(ES_ASK)
    tx.assistant("Reviso primero el modelo Order y la página del checkout.")
    tx.tool_call("Read", {"file_path": f"{ES_CWD}/prisma/schema.prisma"}, "model Order {\n  id Int @id\n}")
    tx.tool_call("Read", {"file_path": f"{ES_CWD}/app/checkout/page.tsx"}, "export default function Checkout() {}")
    for name in ("prisma/schema.prisma", "app/checkout/page.tsx", "app/api/orders/route.ts"):
        tx.tool_call("Edit", {"file_path": f"{ES_CWD}/{name}", "old_string": "a", "new_string": "b"}, "ok")
    tx.tool_call("Bash", {"command": "npx prisma migrate dev --name pickup_at"}, "Applied migration 20260601_pickup_at")
    tx.tool_call("Bash", {"command": "npm test"}, "Tests: 14 passed, 14 total")
    tx.assistant("Listo: el checkout ahora deja escoger la hora de recogida y la orden guarda `pickupAt`.")
    tx.user(ES_COMMIT)
    tx.tool_call("Bash", {"command": "git commit -am 'feat: pedidos programados'"}, "[feat/pickup 3c1d2e4]")
    tx.assistant("Hecho el commit `3c1d2e4`.")
    tx.user(ES_PUSH)
    tx.tool_call("Bash", {"command": "git push -u origin feat/pickup"}, "branch 'feat/pickup' set up to track")
    tx.tool_call("Bash", {"command": "glab mr create --target-branch develop --assignee memo --fill"}, "!42 opened")
    tx.assistant("Abrí el MR !42 contra develop y se lo asigné a Memo.")
    return tx


def test_tool_narration_heads_no_section(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _spanish_session(), "-home-marisol-taqueria")
    for heading in _headings(draft):
        assert not re.match(r"(?i)^(?:Ejecutando|Running|Haciendo el commit)\b", heading), draft
    for message in (ES_ASK, ES_COMMIT, ES_PUSH):
        assert draft.count(f"> {message}") == 1, message


# fresh22 cdac2902: an Ansible role changed over two stretches, each mostly edits of the role's tasks/main.yml. Main
# headed them "Changing the main settings" and "Back to the main settings" (a name taken from tasks/main.yml), both
# judged unusable: the reader learns a file's name, not what was done to it.
EN_CWD = "/home/tb/infra/edge-stack"
EN_ASKS = [
    "03 and 04 were reflashed last week, ok go",
    "hmm 04 reports the wrong arch in the facts",
    "ok whatever, rerun it",
    "and the other ones",
    "04 again",
    "fine, leave it like that",
]


def _file_named_session() -> Transcript:
    tx = Transcript(cwd=EN_CWD, start=START)
    main = f"{EN_CWD}/roles/node_exporter/tasks/main.yml"
    for n, ask in enumerate(EN_ASKS):
        tx.user(ask)
        tx.tool_call("Read", {"file_path": main}, "- name: install node_exporter")
        tx.tool_call("Edit", {"file_path": main, "old_string": f"v{n}", "new_string": f"v{n + 1}"}, "ok")
        tx.tool_call("Bash", {"command": "ansible-playbook site.yml --check"}, f"ok=12 changed={n + 1}")
        tx.assistant(f"The dry run would change {n + 1} tasks now.")
    return tx


def test_a_files_name_heads_no_section(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _file_named_session(), "-home-tb-infra-edge-stack")
    for heading in _headings(draft):
        assert not re.match(r"^(?:Changing|Back to|Editing|Writing|Reading) ", heading), draft
    for message in EN_ASKS:
        assert draft.count(f"> {message}") == 1, message
