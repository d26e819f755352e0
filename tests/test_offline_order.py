"""The offline post tells a turn's steps in the session's order, and counts failures as the check does.

Two faults the merged check of stop 40 found in the offline engine's own posts of real sessions: Claude's first
words were told before the calls it made first ("Claude started with: “Pushed!”" above "After that it ran two
commands"), and a call the author turned down was told as run ("ran three commands, among them `rm -rf
public/`") and left out of the post's "N of those M tool calls failed" while
the check still counted it among the failures."""

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
REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)


def _post(tmp_path: Path, tx: Transcript) -> tuple[str, str]:
    session = tx.write(tmp_path / "claude" / "projects" / "-home-ada-site" / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    checked = runner.invoke(app, ["check", str(work)])
    return (work / "draft.md").read_text(encoding="utf-8"), checked.output


def _session() -> Transcript:
    tx = Transcript(cwd="/home/ada/site", start=datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    tx.user("the site build is failing on main, can you fix the config and push it?")
    tx.tool_call("Read", {"file_path": "/home/ada/site/config.toml"}, "baseURL = 'https://ada.example.org'")
    tx.tool_call(
        "Edit",
        {"file_path": "/home/ada/site/config.toml", "old_string": "theme = 'old'", "new_string": "theme = 'ink'"},
        "ok",
    )
    tx.tool_call("Bash", {"command": "rm -rf public/"}, REJECTED, is_error=True)
    tx.tool_call("Bash", {"command": "hugo --minify"}, "Error: module 'ink' not found", is_error=True)
    tx.tool_call("Bash", {"command": "git push origin main"}, "To github.com:ada/site.git\n   1a2b3c4..5d6e7f8  main")
    tx.assistant("Pushed the config fix to main; the theme module still needs adding before the build passes.")
    tx.user("ok, I'll add the module myself tomorrow")
    tx.assistant("Sounds good.")
    return tx


def test_words_that_came_after_the_calls_are_told_after_them(tmp_path: Path) -> None:
    draft, checked = _post(tmp_path, _session())
    montage = draft.index("`hugo --minify`")
    said = draft.index("Pushed the config fix to main")
    assert montage < said, draft
    assert "When it was done, Claude said" in draft
    assert "wrong order" not in checked, checked


def test_a_turned_down_call_is_no_failure_in_the_post_or_the_check(tmp_path: Path) -> None:
    draft, checked = _post(tmp_path, _session())
    failed = re.search(r"(\d+|one|two) of those (\d+) tool calls failed", draft)
    assert failed is not None and failed.group(1) in ("1", "one"), draft  # the hugo build, not the turned-down rm
    assert "I turned down one of its calls (`rm -rf public/`)" in draft
    assert "ran two commands" in draft and "among them `rm" not in draft  # it never ran
    assert "nothing untraced" in checked, checked
