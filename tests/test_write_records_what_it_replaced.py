"""A whole-file Write over a file the session never read: Claude Code's own record of the Write (its
`toolUseResult`, type "update") says what it replaced, so the material shows what changed, not a new file.

Real records carry `structuredPatch` (the hunks) and, in newer versions, `originalFile` (the file before); a
Write of a new file says type "create" and is told by its first lines."""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import event_block as _event_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from test_prompts_round_44 import CWD, NEW_JS, OLD_JS, PROJECTS, START
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _patch(old: str, new: str) -> list[dict]:
    """The hunks as Claude Code writes them: old/new starts and counts, and prefixed lines."""
    hunks = []
    matcher = difflib.SequenceMatcher(a=old.split("\n"), b=new.split("\n"))
    for group in matcher.get_grouped_opcodes(3):
        a0, a1, b0, b1 = group[0][1], group[-1][2], group[0][3], group[-1][4]
        lines: list[str] = []
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                lines += [" " + x for x in old.split("\n")[i1:i2]]
            if tag in ("replace", "delete"):
                lines += ["-" + x for x in old.split("\n")[i1:i2]]
            if tag in ("replace", "insert"):
                lines += ["+" + x for x in new.split("\n")[j1:j2]]
        hunks.append({"oldStart": a0 + 1, "oldLines": a1 - a0, "newStart": b0 + 1, "newLines": b1 - b0, "lines": lines})
    return hunks


def _unread_write(result: dict | None) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("le script des hôtes est beaucoup trop lent sur les logs d'hier, tu peux l'accélérer ?")
    tx.tick(20)
    tx.assistant("La regex fait du backtracking sur le user agent ; je réécris la lecture ligne à ligne.")
    tx.tool_call(
        "Write",
        {"file_path": f"{CWD}/hosts.js", "content": NEW_JS},
        "The file /home/ines/src/relay/hosts.js has been updated.",
        tool_use_result=result,
    )
    tx.tick(15)
    tx.assistant("Voilà : lecture ligne à ligne.")
    return tx


@pytest.mark.parametrize(
    "result",
    [
        {"type": "update", "filePath": f"{CWD}/hosts.js", "content": NEW_JS, "structuredPatch": _patch(OLD_JS, NEW_JS),
         "originalFile": OLD_JS},
        {"type": "update", "filePath": f"{CWD}/hosts.js", "content": NEW_JS, "structuredPatch": _patch(OLD_JS, NEW_JS)},
    ],
    ids=["originalFile", "structuredPatch-only"],
)  # fmt: skip
def test_a_write_never_read_is_shown_against_what_claude_code_recorded(tmp_path, result: dict) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _unread_write(result), "fr"))
    block = _event_block(prompt, "e3")
    assert '-const LINE = /^(\\S+) (.*?) (.*?) "(.*?)"$/;' in block, block  # the old regex, which it replaced
    assert '+const LINE = /^(\\S+) ([^ ]*) ([^ ]*) "([^"]*)"$/;' in block, block
    assert "+const { Counter }" not in block  # unchanged: never told as added
    assert re.search(r"whole file[^)\n]*as it was before", block), block


def test_a_new_file_is_still_told_by_its_first_lines(tmp_path) -> None:
    result = {"type": "create", "filePath": f"{CWD}/hosts.js", "content": NEW_JS, "structuredPatch": []}
    block = _event_block(_outline_prompt(_parse(tmp_path, _unread_write(result))), "e3")
    assert '+const fs = require("fs");' in block
    assert "whole file" not in block


def test_a_failed_write_records_nothing(tmp_path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("speed up the hosts script please")
    tx.tool_call(
        "Write",
        {"file_path": f"{CWD}/hosts.js", "content": NEW_JS},
        "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>",
        is_error=True,
        tool_use_result={"type": "update", "structuredPatch": _patch(OLD_JS, NEW_JS), "originalFile": OLD_JS},
    )
    block = _event_block(_outline_prompt(_parse(tmp_path, tx)), "e2")
    assert "-const LINE" not in block and "as it was before" not in block, block


def test_a_secret_in_the_replaced_file_never_reaches_a_request(tmp_path) -> None:
    """The old lines are new text in events.json: a password the rewrite removed is flagged and held back."""
    old = 'const DB = "postgres://relay:Tr1cky-Pa55word-88@db.internal:5432/relay";\n' + OLD_JS
    result = {"type": "update", "structuredPatch": _patch(old, NEW_JS), "originalFile": old}
    prompt = _outline_prompt(_parse(tmp_path, _unread_write(result)))
    assert "-const DB" in _event_block(prompt, "e3")  # the removed line is told…
    assert "Tr1cky-Pa55word-88" not in prompt  # …without its password
