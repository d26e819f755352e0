"""The offline post's ending ("Where it ended": Claude's last word) never quotes again what the last section just
quoted: when the last reply is one sentence ("Committed as 0e5a91c on main."), 8 of fresh18's 12 offline posts
told it twice in a row, "When it was done, Claude said: “…”" then "Claude's last word on the matter: “…”"."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")


def _session(last_reply: str) -> Transcript:
    tx = Transcript(cwd="/home/kai/game", start=datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    tx.user("make the jump feel less floaty, add coyote time and a jump buffer")
    tx.assistant("The jump applies gravity before reading input; I'll move it into _physics_process.")
    tx.tool_call("Edit", {"file_path": "/home/kai/game/player.gd", "old_string": "a", "new_string": "b"}, "ok")
    tx.tool_call("Bash", {"command": "godot --headless -s addons/gut/gut_cmdln.gd"}, "13/13 passed")
    tx.assistant("Coyote time is 0.1 s and the buffer 0.12 s; all 13 tests pass with the new timing.")
    tx.user("better. lower the apex hang to 0.7 and commit")
    tx.tool_call("Bash", {"command": "git commit -am 'Lower apex hang'"}, "[main 0e5a91c] Lower apex hang")
    tx.assistant(last_reply)
    return tx


def test_a_one_sentence_last_reply_is_quoted_once(tmp_path: Path) -> None:
    last = "Changed to 0.7, the tests are green, committed as 0e5a91c on main."
    told = Told(_session(last), tmp_path)
    assert told.post.count(last) == 1


def test_what_the_last_reply_adds_is_still_the_ending(tmp_path: Path) -> None:
    last = (
        "Changed to 0.7, the tests are green, committed as 0e5a91c on main. "
        "The apex multiplier also affects wall jumps, so check those before the next build."
    )
    told = Told(_session(last), tmp_path)
    assert told.post.count("Changed to 0.7, the tests are green") == 1
    assert "wall jumps" in told.post
