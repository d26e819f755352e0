"""The false alarms `retell check` raised on a real model's drafts of four sessions written blind (fresh33's wortsmith
and paa-nights, fresh34's gas-safety reminders and special orders, drafted through the hand-off engine in stop 58):
10 findings, none of them true, each a class:

- a test run through Claude Code's `PowerShell` tool was no run to the check (it read only `Bash`): "The new test
  failed once" was "no test run in the session shows this";
- a decimal a run prints was never read whole ("assert 70.61... == 38.2...": 70, not 70.61);
- "older orders were typed in as ISBN-10" made a command in the sentence one the author ran;
- Ruby's `Receive#call` (class `Receive`, its `def call`) was "no event names it";
- "whose hex ends in `782009`" of a query's `312D…2D782009`;
- "listed 9 customers due in the next 90 days" of a run ending "9 due in the next 90 days" was held against
  Claude's "five customers appear who were missing" (a subset);
- "two things Claude raised: it suggested …, and it warned …" told Claude's guess as fact.

Each faithful case has a planted twin that must still be reported."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    ids_by_mark,
)
from check_support import draft_problems as problems
from conftest import Transcript

START = datetime(2026, 1, 21, 9, 0, tzinfo=timezone.utc)
CWD = "C:\\Users\\dmorgan\\src\\gas-safety-reminders"
FAILED = (
    "exit 1\nE       AssertionError: assert 70.61... == 38.2... ± 7.6e-01\n"
    "FAILED tests/test_remind.py::test_export_dates_are_day_first\n1 failed, 3 passed, 1 warning in 0.61s"
)
LISTED = "29 Jan 2026  Mr D Lewis (landlord)  SA1 4AP\n03 Apr 2026  Mr P Rees  SA1 8DX\n9 due in the next 90 days"
RECEIVE = (
    "class Receive\n  def initialize(db)\n    @db = db\n  end\n\n  def call(invoice)\n    match(invoice)\n  end\nend"
)


def _work(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("`bin/orders receive <invoice.csv>` marks orders as arrived, but it only matches ISBN-13. Please fix it.")
    tx.assistant(f"`receive.rb` matches by ISBN-13 only:\n\n```ruby\n{RECEIVE}\n```")
    tx.tool_call("PowerShell", {"command": "py -m pytest -q"}, FAILED, is_error=True)
    tx.tool_call("PowerShell", {"command": "py remind.py --days 90"}, LISTED)
    tx.assistant(
        "Fixed. **Five customers appear who were missing this morning.** Worth checking with the office: the earlier "
        "runs probably sent reminder letters to several customers too early."
    )
    tx.tool_call(
        "Bash",
        {"command": 'sqlite3 tmp/copy.db "select hex(isbn) from orders where id=1187"'},
        "312D38353735342D3938332D782009",
    )
    tx.assistant("Now a dry run on the copy.")
    tx.tool_call("Bash", {"command": "bin/orders receive invoices/inv.csv --dry-run"}, "dry run: 3 matched")
    work = approved_workdir(tmp_path, tx)
    return work, ids_by_mark(
        work,
        {
            "ask": "only matches ISBN-13",
            "read": "def call(invoice)",
            "tests": "1 failed, 3 passed",
            "listed": "9 due in the next 90 days",
            "claude": "Five customers appear",
            "hex": "782009",
        },
    )


def test_a_powershell_test_run_is_a_test_run(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    assert problems(work, f"The new test failed once. <!-- ev: {ids['tests']} -->") == []
    assert [p for p in problems(work, f"All four tests passed. <!-- ev: {ids['tests']} -->") if "passed" in p]


def test_a_decimal_a_run_prints_is_read_whole(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    assert problems(work, f"It got 70.61 where 38.2 was expected. <!-- ev: {ids['tests']} -->") == []
    assert problems(work, f"It got 71.64 where 38.2 was expected. <!-- ev: {ids['tests']} -->")


def test_orders_typed_in_make_no_command_run(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    told = (
        "`bin/orders receive` marks orders as arrived, but older orders were typed in as ISBN-10. "
        f"<!-- ev: {ids['ask']} -->"
    )
    assert problems(work, told) == []


def test_ruby_s_class_hash_method_names_a_method_of_the_class(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    assert problems(work, f"Claude read `Receive#call` first. <!-- ev: {ids['read']} -->") == []
    assert problems(work, f"Claude read `Receive#match_all` first. <!-- ev: {ids['read']} -->")


def test_the_end_of_a_printed_hex_value_is_named_by_it(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    assert problems(work, f"Its hex ends in `782009`. <!-- ev: {ids['hex']} -->") == []
    assert problems(work, f"Its hex ends in `782011`. <!-- ev: {ids['hex']} -->")


def test_a_count_a_run_prints_with_the_posts_next_word(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    cites = f"{ids['listed']} {ids['claude']}"
    told = f"The run listed 9 customers due in the next 90 days; five had been missing. <!-- ev: {cites} -->"
    assert problems(work, told) == []
    planted = f"The run listed 12 customers due in the next 90 days; five had been missing. <!-- ev: {cites} -->"
    assert problems(work, planted)


def test_what_claude_suggested_or_warned_is_given_to_claude(tmp_path: Path) -> None:
    work, ids = _work(tmp_path)
    told = (
        "Still open is one thing Claude raised: it suggested that the earlier runs sent reminder letters to several "
        f"customers too early. <!-- ev: {ids['claude']} -->"
    )
    assert not [p for p in problems(work, told) if "guess" in p]
    planted = f"The earlier runs sent reminder letters to several customers too early. <!-- ev: {ids['claude']} -->"
    assert [p for p in problems(work, planted) if "guess" in p]
