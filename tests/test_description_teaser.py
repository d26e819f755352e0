"""The offline post's description quotes the first sentence of the author's first message: a greeting there
("Moin!", "Hi Claude,") made the whole teaser a greeting ("told from its transcript: Moin!"), the line a feed
reader and a search result show under the title (issue 24: what a blogger keeps)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
import yaml
from conftest import Transcript
from told_support import Told, no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")


def _description(tmp_path: Path, first: str) -> str:
    tx = Transcript(cwd="/home/kai/etl", start=datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc))
    tx.user(first)
    tx.tool_call("Bash", {"command": "pytest -q tests/dwd"}, "1 failed, 5 passed")
    tx.assistant("The parser rejects the two new columns; I'll accept them and rerun.")
    tx.user("thanks, commit it please")
    tx.assistant("Committed as 91d2c4e.")
    front = (Told(tx, tmp_path).work / "draft.md").read_text(encoding="utf-8").split("---")[1]
    return str(yaml.safe_load(front)["description"])


@pytest.mark.parametrize(
    ("first", "teaser"),
    [
        (
            "Moin! Kurze Bitte: unser Import der DWD-Tageswerte bricht seit gestern ab. Kannst du das reparieren?",
            "Kurze Bitte: unser Import der DWD-Tageswerte bricht seit gestern ab",
        ),
        (
            "Hi Claude, the nightly import fails since yesterday. Can you fix it?",
            "the nightly import fails since yesterday",
        ),
        (
            "こんにちは！夜間のインポートが昨日から失敗しています。直してください。",
            "夜間のインポートが昨日から失敗しています",
        ),
    ],
)
def test_the_teaser_is_not_the_greeting(tmp_path: Path, first: str, teaser: str) -> None:
    assert teaser in _description(tmp_path, first)


def test_a_message_that_is_only_a_greeting_is_still_quoted(tmp_path: Path) -> None:
    assert _description(tmp_path, "Hello!").endswith("Hello!")


_CONFIG_FIRST = (
    '```toml\n# ~/.config/tides/config.toml\n[display]\ntimezone = "Europe/Lisbon"\nunits = "m"\n```\n\n'
    "with that config the tide times still print in UTC. can you find out why?"
)
_TRACE_FIRST = (
    "Traceback (most recent call last):\n"
    '  File "/srv/etl/cli.py", line 48, in <module>\n'
    "    main()\n"
    '  File "/srv/etl/extract.py", line 10, in leer_csv\n'
    '    return pd.read_csv(ruta, sep=";")\n'
    "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xf1 in position 41\n\n"
    "me sale esto al correr el pipeline de noviembre, ayuda porfa"
)


@pytest.mark.parametrize(
    ("first", "teaser"),
    [
        (_CONFIG_FIRST, "told from its transcript: with that config the tide times still print in UTC"),
        (_TRACE_FIRST, "told from its transcript: me sale esto al correr el pipeline de noviembre, ayuda porfa"),
    ],
)
def test_the_teaser_quotes_the_authors_words_not_what_they_pasted(tmp_path: Path, first: str, teaser: str) -> None:
    """A message that opens with a pasted config or stack trace: the teaser under the title was "```toml # ~/.config…"
    or "Traceback (most recent call last): File…", the paste's first characters instead of the author's ask."""
    description = _description(tmp_path, first)
    assert teaser in description
    assert "```" not in description and "Traceback" not in description


def test_a_message_that_is_only_a_paste_is_still_quoted(tmp_path: Path) -> None:
    assert "Traceback (most recent call last)" in _description(tmp_path, "Traceback (most recent call last):\n  x")
