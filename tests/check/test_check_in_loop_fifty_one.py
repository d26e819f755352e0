"""A false alarm `retell check` raised on a draft a model wrote through the hand-off engine (stop 51, fresh23's
Flask app behind nginx, told in English), on a session of our own with its planted twin:

"After lunch, I curled the site's stylesheet myself and got `HTTP/2 403`" read as Claude's act: the author's own
`!` run printed the output the sentence quotes, and the check took the run's output for a tool result of Claude's.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

ROOT = "/Users/mo/code/plotbook"
START = datetime(2025, 11, 6, 9, 30, 0, tzinfo=timezone.utc)
CSS = "curl -sI https://plots.example.org/static/css/site.css | head -1"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user("the new box gives 502 on every page, nginx and gunicorn configs are in deploy/")
    tx.tick(6)
    tx.tool_call("Bash", {"command": "curl -s -o /dev/null -w '%{http_code}' https://plots.example.org/"}, "200")
    tx.tick(20)
    tx.assistant("The home page answers 200 now. I'll leave the static files for after lunch.")
    tx.tick(4900)
    tx.user(f"<bash-input>{CSS}</bash-input>")
    tx.user("<bash-stdout>HTTP/2 403</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(30)
    tx.user("back. pages load but no css at all, static is 403")
    tx.tick(6)
    tx.tool_call("Bash", {"command": "namei -l /srv/plotbook/static/css/site.css"}, "drwx------ deploy deploy static")
    tx.tick(5)
    tx.assistant("The static folder is 700, so nginx cannot read it.")
    return approved_workdir(tmp_path_factory.mktemp("inloop51"), tx)


def _event(work: Path, text: str) -> str:
    events = json.loads((work / "events.json").read_text())["events"]
    return next(e["id"] for e in events if text in json.dumps(e))


def test_the_output_of_the_authors_own_run_is_no_act_of_claudes(work: Path) -> None:
    mine = _event(work, "site.css")
    faithful = f"After lunch, I curled the site's stylesheet myself and got `HTTP/2 403`. <!-- ev: {mine} -->"
    assert problems(work, faithful) == []


def test_claudes_run_told_as_mine_is_still_reported(work: Path) -> None:
    claudes = _event(work, "namei -l")
    planted = f"I ran `namei -l /srv/plotbook/static/css/site.css` myself. <!-- ev: {claudes} -->"
    found = problems(work, planted)
    assert any("Claude did this" in line for line in found), found
