"""A failed command whose result reads like the author's typed reply in an IDE is still the command's output.

Claude Code 2.x records the author's words, when they turn a shell call down in an IDE, as `toolUseResult: "Error:
<their words>"`; a command's failure starts with "Exit code N". A session written blind (fresh25's ledgerly-docs,
stop 52) recorded a rejected `git push` as `Error: To github.com:… ! [rejected] … error: failed to push some refs …`
with no "Exit code" line: retell told git's lines as the author's message, a quote that was not theirs. Lines only a
program prints (git's `error:`/`hint:`/`! [rejected]`, a traceback) are never a reply; a reply is still one.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from typer.testing import CliRunner

from retell.cli import app

PUSH = (
    "To github.com:ledgerly/ledgerly-docs.git\n"
    " ! [rejected]        docs/v3 -> docs/v3 (fetch first)\n"
    "error: failed to push some refs to 'github.com:ledgerly/ledgerly-docs.git'\n"
    "hint: Updates were rejected because the remote contains work that you do not have locally."
)
REPLY = "please add transformer.js too first"


def _events(tmp_path: Path, result: str) -> list[dict]:
    tx = Transcript(cwd="/Users/priya/docs", start=datetime(2026, 3, 2, 14, 0, tzinfo=timezone.utc), version="2.1.40")
    tx.user("push")
    tx.tool_call("Bash", {"command": "git push"}, result, is_error=True, tool_use_result="Error: " + result)
    tx.assistant("Someone pushed to the branch in the meantime.")
    path = tx.write(tmp_path / "s.jsonl")
    result_ = CliRunner().invoke(app, ["parse", str(path), "-o", str(tmp_path / "w"), "-q"])
    assert result_.exit_code == 0, result_.output
    return json.loads((tmp_path / "w" / "events.json").read_text(encoding="utf-8"))["events"]


def test_a_failed_push_is_the_commands_output_not_the_authors_words(tmp_path: Path) -> None:
    events = _events(tmp_path, PUSH)
    assert [e["text"] for e in events if e["kind"] == "human"] == ["push"]
    (run,) = [e for e in events if e["kind"] == "tool_run"]
    assert run["calls"][0]["error"] != "turned down by the author"
    assert "failed to push some refs" in run["calls"][0]["output"]


def test_a_reply_typed_in_the_ide_is_still_the_authors(tmp_path: Path) -> None:
    events = _events(tmp_path, REPLY)
    assert [e["text"] for e in events if e["kind"] == "human"] == ["push", REPLY]


@pytest.mark.parametrize(
    "output",
    [
        "zsh: command not found: cloud-init",
        "/home/kuba/dev/Server/ClassesController.cs(19,44): error CS1061: 'ClaimsPrincipal' has no GetUserId",
        "Processing attiny85 (platform: atmelavr)\nCompiling main.cpp.o\nsrc/main.cpp:17:5: error: redefinition",
        "Configuring upload protocol...\nUploading firmware.hex\navrdude: error: could not find USB device",
        'Traceback (most recent call last):\n  File "<string>", line 4\nValueError: time data "2025-12-01"',
    ],
)
def test_a_compilers_or_a_shells_failure_is_no_reply(tmp_path: Path, output: str) -> None:
    """fresh25 (stop 52): four more failures written without "Exit code" were told as the author's messages."""
    events = _events(tmp_path, output)
    assert [e["text"] for e in events if e["kind"] == "human"] == ["push"]
