"""A German session drafted offline: the draft must pass its own check, and say what a subagent was sent to do
in words a reader can read. The offline engine's note to a German author ("Diesen Entwurf hat retell ohne
Sprachmodell geschrieben…") was read by `retell check` as English prose whose capitalised nouns are names (six
"the session never names Entwurf, Sprachmodell…"), and the subagent's task was lowercased into the English
sentence ("off to spaltenannahmen finden": German writes its nouns with a capital)."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_subagent_brief_quoted import _session
from told_support import Told, no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()


@pytest.mark.usefixtures("no_live_settings")
def test_a_german_offline_draft_passes_its_own_check(tmp_path: Path) -> None:
    tx = _session(tmp_path / "claude" / "projects" / "-srv-demo-proj")  # (where Told writes the session)
    tx.user("Super, danke! Bitte committen, den DAG stoße ich nach dem Meeting selbst an.")
    tx.tool_call("Bash", {"command": "git commit -am 'DWD: neue Spalten zulassen'"}, "[main 91d2c4e] DWD")
    tx.assistant("Committet als 91d2c4e auf main.")
    work = Told(tx, tmp_path).work
    draft = (work / "draft.md").read_text(encoding="utf-8")
    assert "Diesen Entwurf hat retell ohne Sprachmodell geschrieben" in draft  # (the note this is about)
    assert "off with the task “Spaltenannahmen finden”" in draft
    checked = runner.invoke(app, ["check", str(work)])
    assert checked.exit_code == 0, checked.output
    assert "never names" not in checked.output
