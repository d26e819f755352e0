"""One run of two edits, the author turning down one of them, is told as such.

A model answering retell's prompts for a Turkish session of a set written blind (blind26, stop 52) was shown one
run of two edits as "— turned down by the author", each edit under "changed …", while the author had turned down
only the second (a column's type) and the first (`UseNetTopologySuite()` in Program.cs) went through: its draft told
both as refused. The run's line names what the author turned down and says the rest went through; the edit turned
down is shown as proposed, never applied.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, tool_use_block
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

runner = CliRunner()
CWD = "/home/emre/src/eczane"
pytestmark = pytest.mark.usefixtures("no_live_settings")
REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)


def _session(*, both_turned_down: bool) -> Transcript:
    tx = Transcript(cwd=CWD, start=datetime(2026, 3, 2, 8, 52, tzinfo=timezone.utc))
    tx.user("the nearby-pharmacies query throws: Distance could not be translated. fix it please")
    tx.assistant("NetTopologySuite is not enabled on the Npgsql side, and the column is geometry.")
    program, model = tx.new_tool_id(), tx.new_tool_id()
    tx.assistant(
        tool_use_block(
            "Edit",
            {
                "file_path": f"{CWD}/Api/Program.cs",
                "old_string": "o.UseNpgsql(cs));",
                "new_string": "o.UseNpgsql(cs, x => x.UseNetTopologySuite()));",
            },
            program,
        ),
        tool_use_block(
            "Edit",
            {
                "file_path": f"{CWD}/Api/Data/EczaneDb.cs",
                "old_string": '"geometry (point, 4326)"',
                "new_string": '"geography (point, 4326)"',
            },
            model,
        ),
    )
    if both_turned_down:
        tx.tool_result(program, REJECTED, is_error=True)
    else:
        tx.tool_result(program, "The file Api/Program.cs has been updated.")
    tx.tool_result(model, REJECTED, is_error=True)
    tx.user("don't change the column type, the map service expects geometry. cast in the query")
    tx.assistant("Understood: the column stays geometry, and the query casts to geography.")
    return tx


def _outline_prompt(tmp_path: Path, tx: Transcript) -> str:
    return outline_prompt(parse_work(tmp_path, tx, "claude/projects/-home-emre-src-eczane"))


def test_the_edit_turned_down_is_named_and_the_other_went_through(tmp_path: Path) -> None:
    prompt = _outline_prompt(tmp_path, _session(both_turned_down=False))
    run = prompt.split("TOOLS: Edited 2 files", 1)[1].split("\n[e", 1)[0]
    assert run.startswith(" in Api/: Program.cs, Data/EczaneDb.cs — `EczaneDb.cs` turned down by the author")
    assert "(1 of its 2 calls); the rest went through\n" in run
    assert "  changed Api/Program.cs (edit 1 of 2 in" in run
    assert "  proposed for Api/Data/EczaneDb.cs (edit 2 of 2 in" in run and "never applied" in run
    assert "changed Api/Data/EczaneDb.cs" not in run


def test_a_run_turned_down_whole_says_so_once(tmp_path: Path) -> None:
    prompt = _outline_prompt(tmp_path, _session(both_turned_down=True))
    run = prompt.split("TOOLS: Edited 2 files", 1)[1].split("\n[e", 1)[0]
    assert run.split("\n", 1)[0].endswith("— turned down by the author")
    assert "the rest went through" not in run and "  changed " not in run
    assert run.count("the author turned it down: never applied") == 2
