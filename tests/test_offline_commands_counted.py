"""The offline draft counts a stretch's commands as its own check counts them (fresh17's ledgerlint and fresh18's
hondana-api, written blind: "ran six other commands" failed the draft's own check, stopping `render --strict`). A call
that writes a test with a heredoc and then runs `cargo test` on the line after it is a test run (the check reads every
line a call ran, `run_lines`); the draft had read only its first line, `cat >> …`, and counted it among the others."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from conftest import Transcript
from told_support import Told, no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

CWD = "/srv/demo/proj"
HEREDOC = (
    "cat >> src/date.rs <<'EOF'\n#[test]\nfn parses_iso() { assert!(parse(\"2024-01-02\").is_ok()); }\nEOF\ncargo test"
)


def _ledger() -> Transcript:
    tx = Transcript(cwd=CWD, start=datetime(2026, 2, 3, 9, 0, tzinfo=timezone.utc))
    tx.user("the balance assertion fails after an out-of-order transaction, can you fix it")
    tx.tool_call("Bash", {"command": "git log --oneline -5"}, "9f3c2e1 parse dates\n1a2b3c4 init")
    tx.tool_call("Bash", {"command": "cargo test 2>&1 | tail -3"}, "test result: FAILED. 72 passed; 1 failed")
    tx.tool_call("Edit", {"file_path": f"{CWD}/src/assert.rs", "old_string": "a", "new_string": "b"}, "ok")
    tx.tool_call("Bash", {"command": HEREDOC}, "test result: ok. 74 passed; 0 failed")
    tx.tool_call("Bash", {"command": "cargo build --release"}, "Finished release [optimized]")
    tx.assistant("Fixed: assertions now sort by date before checking, and the new date test passes.")
    return tx


def test_a_test_run_after_a_heredoc_is_counted_as_tests_and_the_draft_checks_clean(tmp_path: Path) -> None:
    told = Told(_ledger(), tmp_path)
    draft = (told.work / "draft.md").read_text(encoding="utf-8")
    assert "ran two other commands" in draft or "ran 2 other commands" in draft, draft
    result = CliRunner().invoke(app, ["check", str(told.work), "-q"])
    assert result.exit_code == 0, result.output
