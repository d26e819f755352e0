"""Where the author rewound an exchange that triage leaves out, the material says so (stop 63). fresh45's band archive:
"Nein, lassen wir das PDF weg" (no, let's drop the PDF) answered a PDF asked for on a branch the author had rewound,
and the model saw no PDF anywhere; three writers of two stops asked why a message answered nothing. The branch's words
stay out (they are the author's to include, `tried:` in triage.yaml); only the fact that something was taken back
reaches the model, on the next event kept."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import outline_prompt, parse_work, runner
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell import yamlio
from retell.cli import app
from retell.write.material import REWOUND_BEFORE

pytestmark = pytest.mark.usefixtures("no_live_settings")
PROJECTS = "claude/projects/-home-urs-noten"


def _archive() -> Transcript:
    tx = Transcript(cwd="/home/urs/noten")
    tx.user("Mach mir aus der Notenliste eine HTML-Seite, nach Gattung sortiert.")  # e1
    tx.assistant("Fertig: notenliste.html enthält 412 Titel in 9 Gattungen.")  # e2
    fork = tx.last_uuid
    tx.user("Kannst du daraus auch ein PDF machen, A4 mit Seitenzahlen?")  # e3 (rewound)
    tx.assistant("Dafür installiere ich WeasyPrint.")  # e4 (rewound)
    tx.last_uuid = fork
    tx.user("Nein, lassen wir das PDF weg. Viel wichtiger sind mir die Duplikate.")  # e5
    tx.assistant("Dann prüfe ich die Duplikate nach Titel und Arrangeur.")  # e6
    return tx


def test_the_message_after_a_left_out_rewind_says_something_was_taken_back(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _archive(), PROJECTS))
    assert f"{REWOUND_BEFORE}\n[e5] AUTHOR: Nein, lassen wir das PDF weg" in prompt
    assert "Kannst du daraus auch ein PDF machen" not in prompt  # the branch's own words stay out
    assert prompt.count("(here the author rewound") == 1


def test_a_rewind_the_author_includes_is_told_as_tried_and_needs_no_note(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _archive(), PROJECTS)
    doc = yamlio.load(work / "triage.yaml")
    doc["tried"][0]["include"] = True
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    assert runner.invoke(app, ["triage", str(work), "--approve", "-q"]).exit_code == 0
    prompt = outline_prompt(work)
    assert "(tried, then rewound: not what finally happened) AUTHOR: Kannst du daraus auch ein PDF machen" in prompt
    assert "(here the author rewound" not in prompt
