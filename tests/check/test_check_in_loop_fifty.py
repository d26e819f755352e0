"""Two false alarms `retell check` raised on drafts a model wrote through the hand-off engine (stop 50, fresh21
sessions told in English and Brazilian Portuguese), each on a session of our own with its planted twin:

- "I ran `git status --short` myself, and it listed `errors.rb` and `redeem.rb`" read as Claude's act, because the
  files the author's own `!` run listed were ones Claude's later `git add` staged: the author's run of what the
  sentence names is the act it tells;
- "Uma hora e trinta e sete minutos depois" (an hour and thirty-seven minutes later) read as "sete minutos depois"
  (seven minutes later): an hour part before the minutes, and tens and units said apart ("trinta e sete"), make one
  duration."""

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

from retell.check.relative_times import gloss_relative

ROOT = "/home/ada/tillpoint"
START = datetime(2025, 12, 3, 8, 14, 0, tzinfo=timezone.utc)
STATUS = "M app/services/errors.rb\nM app/services/redeem.rb\nM spec/redeem_spec.rb"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user("redemptions blow up on POS retries, make redeem idempotent per order")
    tx.tick(6)
    tx.tool_call("Read", {"file_path": f"{ROOT}/app/services/redeem.rb"}, "class Redeem\nend")
    edit = {"file_path": f"{ROOT}/app/services/redeem.rb", "old_string": "end", "new_string": "x\nend"}
    tx.tool_call("Edit", edit, "ok")
    tx.tick(30)
    tx.assistant("Done: a retry with the same amount now returns the first redemption.")
    tx.tick(5820)  # an hour and 37 minutes after the first message, counting the steps above
    tx.user("<bash-input>git status --short</bash-input>")
    tx.user(f"<bash-stdout>{STATUS}</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(30)
    tx.user("ok commit it")
    tx.tick(6)
    tx.tool_call(
        "Bash",
        {"command": "git add app/services/errors.rb app/services/redeem.rb spec/redeem_spec.rb && git commit -m fix"},
        "[fix 7c41e0a] fix\n 3 files changed, 20 insertions(+), 2 deletions(-)",
    )
    tx.tick(5)
    tx.assistant("Committed as `7c41e0a`.")
    return approved_workdir(tmp_path_factory.mktemp("inloop50"), tx)


def _event(work: Path, text: str) -> str:
    events = json.loads((work / "events.json").read_text())["events"]
    return next(e["id"] for e in events if text in json.dumps(e))


def test_what_the_authors_own_run_listed_is_no_act_of_claudes(work: Path) -> None:
    mine = _event(work, "git status --short")
    faithful = f"I ran `git status --short` myself, and it listed `errors.rb` and `redeem.rb`. <!-- ev: {mine} -->"
    assert problems(work, faithful) == []


def test_claudes_commit_told_as_mine_is_still_reported(work: Path) -> None:
    commit = _event(work, "git commit -m fix")
    planted = f"I ran `git add app/services/errors.rb` myself and committed. <!-- ev: {commit} -->"
    found = problems(work, planted)
    assert any("Claude did this" in line for line in found), found


@pytest.mark.parametrize(
    ("text", "english"),
    [
        ("Uma hora e trinta e sete minutos depois, o commit saiu.", "1 hours and 37 minutes later"),
        ("2 horas e 5 minutos depois", "2 hours and 5 minutes later"),
        ("due ore e cinque minuti dopo", "2 hours and 5 minutes later"),
        ("otuz yedi dakika sonra", "37 minutes later"),
        ("uma hora depois", "1 hours later"),
    ],
)
def test_an_hour_part_and_tens_said_apart_make_one_duration(text: str, english: str) -> None:
    glossed = gloss_relative(text)
    assert glossed is not None and english in glossed.text


def test_a_compound_duration_in_portuguese_is_checked_whole(work: Path) -> None:
    first = _event(work, "redemptions blow up")
    commit = _event(work, "git commit -m fix")
    told = "Uma hora e trinta e sete minutos depois do meu pedido, o commit saiu. <!-- ev: {a} {b} -->"
    assert problems(work, told.format(a=first, b=commit)) == []
    wrong = "Quatro horas e dez minutos depois do meu pedido, o commit saiu. <!-- ev: {a} {b} -->"
    assert problems(work, wrong.format(a=first, b=commit)) != []
