"""A session's code span that retell copies into its own words is the session's text, as the author cleared it.

A Czech session (fresh23, stop 51: a VAT rounding bug) had Claude write "`749 − 129.99` je ve floatu
`619.0099999…`": among those words the scan flags nothing, and triage listed nothing. A note retell adds to the
prompt then listed the same spans ("`float`, `749 − 129.99`, `619.0099999…` are in no line shown here"); among
retell's words the decimal read as a phone number, and the last check refused every prompt: no post at all from a
session with nothing secret in it. The same value outside a code span, in words the session never put around it,
still stops.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import ok
from typer.testing import CliRunner

from retell.cli import app
from retell.errors import SecretLeakError
from retell.events import EventLog
from retell.redact import Redactor, guard

runner = CliRunner()

CLAUDE_SAYS = (
    "Pokračuju u zaokrouhlení. `totalsByRate()` počítá ve `float` a ořezává přes `floor()`. "
    "`749 − 129.99` je ve floatu `619.0099999…` a `floor` z toho udělá `619.00`."
)
NOTE = "(Claude tells here what its edit does; `float`, `749 − 129.99`, `619.0099999…` are in no line shown here)"


@pytest.fixture
def redactor(tmp_path: Path) -> Redactor:
    tx = Transcript(cwd="/var/www/kolonial-shop")
    tx.user("pokračuj s tím zaokrouhlením DPH, test pořád padá")
    tx.assistant(CLAUDE_SAYS)
    tx.tool_call("Bash", {"command": "vendor/bin/phpunit"}, "OK (12 tests, 30 assertions)")
    session = tx.write(tmp_path / "projects" / "-var-www-kolonial-shop" / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    log = EventLog.from_dict(json.loads((work / "events.json").read_text(encoding="utf-8")))
    return Redactor.for_log(log, {})


def test_the_session_flags_nothing(redactor: Redactor) -> None:
    assert redactor.known == {}


def test_a_note_listing_the_sessions_code_spans_may_be_sent(redactor: Redactor) -> None:
    guard([("outline prompt", f"[e2] CLAUDE: {CLAUDE_SAYS}\n  {NOTE}")], redactor, "a prompt about to be sent")


def test_the_same_value_in_words_the_session_never_gave_it_still_stops(redactor: Redactor) -> None:
    with pytest.raises(SecretLeakError):
        guard([("draft.md", "Call the shop on 619.0099999 before noon.")], redactor, "the rendered post")
