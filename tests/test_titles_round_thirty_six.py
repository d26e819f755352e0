"""Titles, round thirty-six (issue 24, story36): one last step for every default title (extract.title_pick) in place
of a fifth layer of patches. Candidates from every source are said in title form (a commit's type or file prefix, a
route, a "+ tests" tail dropped), one gate rejects by form (an observation stated, a question, code, a route or a path,
over-long), and a commit ranks before Claude's sentence, which the blind judge never kept (fresh16-fresh22: 0 of 7).
Every line here is our own wording, none a fresh session's.

- A. The author's remark ("05 and 06 were flashed on Monday") or Claude's ("The sample file is the problem, not the
  script") gives way to the session's commit, said as the work.
- B. A line of code the author pasted first gives way to the commit.
- C. A commit's prefix of a file ("README: …"), a route after its thing, a tail of tests are dropped.
- D. The form gate, line by line: what it rejects and what it keeps."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.title_pick import form_fault, in_title_form

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


def _commit(tx: Transcript, subject: str) -> None:
    _bash(tx, f'git commit -am "{subject}"', f"[main 7c1d2e3] {subject}\n 2 files changed")


# -- A. a remark gives way to the commit ---------------------------------------------------------------------------


def test_the_authors_remark_gives_way_to_the_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "```yaml\n# inventory/hosts.yml\nall:\n  children:\n    cams:\n      hosts:\n"
        "        shed-cam-01: { ansible_host: 10.9.0.21 }\n        shed-cam-02: { ansible_host: 10.9.0.22 }\n```\n"
        "05 and 06 were flashed on Monday"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/roles/grafana/tasks/main.yml"}, "- apt_key: url=…")
    tx.assistant("The play fails on 05 and 06 because the vendored Grafana apt key expired last week.")
    edit(tx, "roles/grafana/tasks/main.yml")
    _bash(tx, "ansible-playbook site.yml --limit cams", "PLAY RECAP shed-cam-05 ok=9 changed=2 failed=0")
    tx.assistant("All cameras report again, and the play now refuses a key with less than 30 days left.")
    tx.user("nice. commit")
    _commit(tx, "grafana: signed-by keyring, rotate expired Grafana apt key, expiry guard")
    tx.assistant("Committed.")
    title = Told(tx, tmp_path).title
    assert " were " not in title, title
    assert "Grafana apt key" in title, title
    assert not title.startswith("grafana"), title  # (the thing in front, capitalised as a title writes it)


def test_claudes_remark_gives_way_to_the_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "so what I would like today is to get the invoice classifier notebook training on the new labels because the "
        "relabelled export landed in data slash processed last week and the old label set had seven classes and now "
        "there are nine because refunds got split in two, and I think the notebook still reads the old CSV"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/notebooks/classify.ipynb"}, "{}")
    tx.assistant("**The sample file is the problem, not the script**: it holds only seven of the nine classes.")
    edit(tx, "notebooks/classify.ipynb")
    _bash(tx, "jupyter nbconvert --execute notebooks/classify.ipynb", "[NbConvertApp] Writing 41234 bytes")
    tx.assistant("The smoke run trains on all nine classes now.")
    tx.user("ok commit it")
    _commit(tx, "classifier: train on labels_v2 (9 classes), derived labels, class weights")
    tx.assistant("Committed.")
    title = Told(tx, tmp_path).title
    assert "is the problem" not in title, title
    assert title.startswith("Classifier: training on labels_v2"), title


# -- B. code pasted first ------------------------------------------------------------------------------------------


def test_a_line_of_code_gives_way_to_the_commit(tx: Transcript, tmp_path: Path) -> None:
    tx.user("Where(s => s.Konum.Mesafe(__merkez_0) < __cap_1)")
    tx.assistant("That predicate cannot be translated to SQL: the provider does not know the distance on this type.")
    edit(tx, "Services/StoreService.cs")
    _bash(tx, "dotnet test", "Passed!  - Failed: 0, Passed: 12")
    tx.assistant("The query runs in the database now, with the distance in metres.")
    tx.user("tamam, commit")
    _commit(tx, "Mağaza sorgusu: NTS etkin, geography cast ile metre mesafe, GiST indeksi")
    tx.assistant("Commit edildi.")
    title = Told(tx, tmp_path).title
    assert "=>" not in title and "__" not in title, title
    assert title.startswith("Mağaza sorgusu"), title


# -- C. a commit's prefixes and tails -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "language", "formed"),
    [
        ("README: adding --depth and colour output", "en", "Adding --depth and colour output"),
        ("feat: pedidos por hora (slotAt", "es", "Pedidos por hora"),
        ("Tila: käytä uusinta riviä + testit", "fi", "Tila: käytä uusinta riviä"),
        ("Cache: load keys on boot and tests", "en", "Cache: loading keys on boot"),
        ("Resi: POST /api/ordini/{id}/resi con controllo atomico e 409", "it", "Resi con controllo atomico e 409"),
        ("cargo test fails on the parser", "en", "cargo test fails on the parser"),  # (a command: its case kept)
    ],
)
def test_a_commit_is_said_in_title_form(title: str, language: str, formed: str) -> None:
    assert in_title_form(title, language) == formed


# -- D. the form gate ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("title", "language", "fault"),
    [
        ("The sample folder is fixtures/", "en", "path"),
        ("05 and 06 were flashed on Monday", "en", "observation"),
        ("The cache is the problem, not the queue", "en", "observation"),
        ("API भी 404 देता है", "hi", "observation"),
        ("El modelo Pedido está en el esquema del backend", "es", "observation"),
        ("Where(s => s.Konum < __cap_1)", "tr", "code"),
        ("PUT /api/carrelli/{id}/righe con blocco ottimistico", "it", "path"),
        ("Why does the exporter drop every other row?", "en", "question"),
    ],
)
def test_the_gate_rejects_by_form(title: str, language: str, fault: str) -> None:
    assert form_fault(title, language) == fault


@pytest.mark.parametrize(
    ("title", "language"),
    [
        ("Making coupon redemption idempotent per cart", "en"),
        ("Using a ring buffer for stable handle addresses", "en"),
        ("Stündliche Partitionen und Zeiten >= 24:00 als INTERVAL", "de"),
        ("Migrating to @acme/edge-sdk v7", "en"),
        ("Fixing empty tab: use chrome.* instead of browser.*", "en"),
        ("Removing label leakage: past-only windows, chronological split", "en"),
        ("Site bilingue fr/en, build strict", "fr"),
    ],
)
def test_the_gate_keeps_titles(title: str, language: str) -> None:
    assert form_fault(title, language) == ""
