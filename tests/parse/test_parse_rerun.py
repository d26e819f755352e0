"""Re-running with fewer sessions than a work folder tells (issue 25): `retell run A` after `retell run A B`
refuses, in one line naming --force, instead of silently re-parsing the folder as one session."""

from __future__ import annotations

from pathlib import Path

import orjson
from conftest import assert_clean_error
from sessions_support import write_sessions


def _sessions_in(work: Path) -> list[str]:
    manifest = orjson.loads((work / "manifest.json").read_bytes())
    return [part["session"]["id"][:8] for part in manifest.get("sessions") or [manifest]]


def test_naming_fewer_sessions_than_the_folder_tells_is_refused(project_dir: Path, tmp_path: Path, cli) -> None:
    files = write_sessions(project_dir)
    work = tmp_path / "work"
    result = cli("parse", files["a"], files["b"], "-o", work)
    assert result.exit_code == 0, result.output
    triage = cli("triage", work)
    assert triage.exit_code == 0, triage.output
    before = {p.name: p.read_bytes() for p in work.iterdir() if p.is_file()}
    for command in ("parse", "run"):
        message = assert_clean_error(cli(command, files["a"], "-o", work))
        assert "b0b00000" in message and "--force" in message, message
        assert {p.name: p.read_bytes() for p in work.iterdir() if p.is_file()} == before  # nothing touched
    # the same sessions again, or one more, are fine
    again = cli("parse", files["b"], files["a"], "-o", work)
    assert again.exit_code == 0, again.output
    assert _sessions_in(work) == ["a11ce000", "b0b00000"]
    # --force says: tell only this one
    forced = cli("parse", files["a"], "-o", work, "--force")
    assert forced.exit_code == 0, forced.output
    assert _sessions_in(work) == ["a11ce000"]
