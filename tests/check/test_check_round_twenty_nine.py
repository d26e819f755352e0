"""Round twenty-nine of the check (issue 21): classes of false alarm that drafts a model wrote through the hand-off
engine raised on faithful prose (in-loop folders of stops 47-49: English, Japanese, Traditional Chinese), each on
sessions of our own and in every language the class touches. Never a sentence of those drafts.

By class: calendar units counted as things ("the two months, 2025-02-01 and 2025-03-01", "those two months") or
naming what data spans ("the one-day `fixture.json`") read as lengths of time; a calendar word inside a description
of code ("用它算 16:00 截單與隔天", "期限日の翌日", "counted as the next day") read as time between events; a count
read off a query's table (412 under `refunds`), line numbers ("lines 38 to 42 of the file") read as a count of
files, "from 1899.98 down to 640.00" as 1899.98 "downs"; the author's pluperfect ("a model I had signed off on a
month earlier", "the test I had asked for") borne out by their own message, wherever it is; the author's own example
quoted from their cited message that a file Claude wrote later also holds; a CJK name after a string's `\\n`; a
command named as what changed a file (`pnpm add` 改動的 `package.json`); a file told as reading a variable ("found
`src/clock.rs` reading it"); Claude's guess or reading told as Claude's ("Claude guessed someone had merged", "Claude
read the run as the fix working"); a Japanese sentence with no subject after one about Claude; dbt's tests in a flow
list (`[not_null]` → `[unique, not_null]`) and a singular test under `tests/`.

Each faithful sentence is clean; its planted twin, where the class has one, is still reported."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import DURATION, amounts

ROOT = "/home/mika/ledger"
START = datetime(2026, 3, 9, 10, 0, 0, tzinfo=timezone.utc)
TABLE = (
    "Previewing inline node:\n| invoices | customers_with_invoices | extra_rows |\n"
    "| -------- | ----------------------- | ---------- |\n|      318 |                     297 |         21 |"
)
TOP = (
    "| invoice_id | n |     amt |\n| ---------- | - | ------- |\n| in_7Qa     | 2 | 1899.98 |\n"
    "| in_8Rb     | 2 |  640.00 |"
)
MONTHS = (
    "| billed_month | invoices | expected |\n| ------------ | -------- | -------- |\n| 2025-02-01   |          |"
    "          |\n| 2025-03-01   |          |          |"
)
PROJECT = '38  models:\n39    ledger:\n40      +materialized: table\n41  +post-hook: "update x"\n42  # end'


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user(
        "The invoice totals in the monthly report are off by ~3k. I signed off on this model last month, so this "
        "is on me. Find it, fix it, and add a test so it can't happen again."
    )
    tx.tick(10)
    tx.assistant("Let me count the invoices per customer on dev.")
    tx.tool_call("Bash", {"command": 'dbt show --inline "select count(*) as invoices from x"'}, TABLE)
    tx.tool_call("Bash", {"command": 'dbt show --inline "select invoice_id from raw group by 1"'}, TOP)
    tx.assistant("21 extra rows: a few customers have two invoices each. Adding the tests now.")
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{ROOT}/models/_invoices.yml",
            "old_string": "        tests: [not_null]",
            "new_string": "        tests: [unique, not_null]",
        },
        "ok",
    )
    tx.tool_call(
        "Write",
        {"file_path": f"{ROOT}/tests/assert_invoices_reconcile.sql", "content": "select 1 where false\n"},
        "ok",
    )
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "dbt build --select invoices+ && dbt show --select assert_invoices_reconcile"},
        "1 of 3 FAIL 2 assert_invoices_reconcile\nDone. PASS=2 WARN=0 ERROR=1\n" + MONTHS,
    )
    tx.assistant(
        "The dedup works (`unique` passes), but the reconcile test fails on two months. My guess is someone merged "
        "the two backfills by hand."
    )
    tx.tool_call(
        "Bash", {"command": "grep -rn LEDGER_NOW src"}, 'src/clock.rs:9: if let Ok(s) = env::var("LEDGER_NOW")'
    )
    tx.tool_call("Bash", {"command": "ls tests/fixtures"}, "ledger-20251103.json\nledger-20251102-20251104.json")
    tx.tool_call("Bash", {"command": "sed -n 38,42p dbt_project.yml"}, PROJECT)
    tx.assistant("That post-hook nulls both months.")
    return approved_workdir(tmp_path_factory.mktemp("r29"), tx)


def _clean(work: Path, body: str) -> None:
    assert problems(work, body) == [], body


def _reported(work: Path, body: str, *words: str) -> None:
    found = problems(work, body)
    assert found, body
    assert all(any(word in line for line in found) for word in words), found


def _durations(text: str) -> list[str]:
    return [a.text for a in amounts(text) if a.unit == DURATION]


# -- calendar units counted as things, or naming what data spans --------------------------------------------------


def test_calendar_units_counted_as_things_are_no_length_of_time() -> None:
    assert _durations("The test named the two months, 2025-02-01 and 2025-03-01.") == []
    assert _durations("Showing it gave two months, 2025-02-01 and 2025-03-01.") == []
    assert _durations("the post-hook nulling those two months") == []
    assert _durations("both days failed") == []
    assert _durations("instead of the one-day CODE, with") == []
    # lengths stay lengths
    assert _durations("the two months it took") == ["two months"]
    assert _durations("two months later") == ["two months"]
    assert _durations("It took two days.") == ["two days"]


def test_two_months_a_query_returned_pass_strict_and_a_made_up_length_does_not(work: Path) -> None:
    _clean(work, "The reconcile test returned two months, 2025-02-01 and 2025-03-01. <!-- ev: e7 e8 -->")
    _clean(work, "The post-hook nulled those two months. <!-- ev: e9 e10 -->")
    _clean(
        work, "The test was pointed at the two-day file instead of the one-day `ledger-20251103.json`. <!-- ev: e9 -->"
    )
    _reported(work, "Getting the reconcile test to pass took three months. <!-- ev: e7 e8 -->", "three months")


# -- calendar words inside descriptions of code ---------------------------------------------------------------------


def test_a_calendar_word_code_computes_is_no_time_between_events() -> None:
    for text in ("再用它算 16:00 截單與隔天，註解也改了", "延滞日数は（期限日の翌日から返却日まで）", "截止日的隔天"):
        assert _durations(text) == [], text
    assert _durations("orders after 16:00 were counted as the next day") == []
    # the session's own next day is still one
    assert _durations("隔天我又回來看") == ["隔天"]
    assert _durations("翌日、続きをした") == ["翌日"]
    assert _durations("The next day, I came back") == ["The next day"]


def test_the_next_day_the_code_computes_is_clean_and_the_sessions_is_checked(work: Path) -> None:
    _clean(work, "The reconcile test counts an invoice billed after 23:00 as the next day. <!-- ev: e7 -->")
    _clean(work, "照帳本的規則，用它算 23:00 截單與隔天。<!-- ev: e7 -->")
    _reported(work, "The next day I came back to the failing test. <!-- ev: e7 e8 -->", "next day")


# -- counts read off a table, line numbers, "down to" -----------------------------------------------------------------


def test_a_count_under_its_column_is_the_tables(work: Path) -> None:
    _clean(work, "On dev the model held 318 invoices over 297 customers: 21 extra rows. <!-- ev: e3 e4 -->")
    _reported(work, "On dev the model held 318 invoices from 280 customers. <!-- ev: e3 e4 -->", "280 customers")


def test_line_numbers_and_down_to_are_no_counts(work: Path) -> None:
    assert [a.unit for a in amounts("printed lines 38 to 42 of the file, then")] == []
    assert [a.text for a in amounts("ran from 1899.98 down to 640.00.")] == []
    _clean(work, "A `sed` printed lines 38 to 42 of the file, the post-hook among them. <!-- ev: e9 -->")
    _clean(work, "The top two by amount ran from 1899.98 down to 640.00. <!-- ev: e3 -->")


# -- the author's pluperfect, borne out by their own message ----------------------------------------------------------


def test_what_i_had_done_before_is_my_messages_wherever_it_is(work: Path) -> None:
    _clean(work, "The model was one I had signed off on a month earlier, as my message said. <!-- ev: e1 e2 -->")
    _clean(work, "For the test I had asked for, Claude added `unique` to the YAML. <!-- ev: e5 -->")
    # a different calendar unit than the message's is still measured (and nothing is a week apart)
    _reported(work, "The model was one I had signed off on a week earlier. <!-- ev: e1 e2 -->", "a week")


# -- quotes, names, commands, files ---------------------------------------------------------------------------------


def test_a_file_told_as_reading_a_variable_is_no_touch_of_it(work: Path) -> None:
    _clean(work, "A `grep` for that variable found `src/clock.rs` reading it. <!-- ev: e9 -->")
    _reported(work, "Claude then edited `src/clock.rs`. <!-- ev: e9 -->", "src/clock.rs")


def test_claudes_guess_and_reading_are_told_as_its_own(work: Path) -> None:
    _clean(work, "Claude guessed someone had merged the two backfills by hand. <!-- ev: e8 -->")
    _clean(work, "Claude read the run as the dedup working, its `unique` test among the passes. <!-- ev: e7 e8 -->")


# -- dbt's tests ----------------------------------------------------------------------------------------------------


def test_dbt_tests_in_a_flow_list_and_under_tests_count(work: Path) -> None:
    section = (
        "## Two tests, and one that failed\n\n"
        "Claude added `unique` to the YAML and wrote a reconcile test. <!-- ev: e5 e6 -->"
    )
    _clean(work, section)
    _reported(work, section.replace("Two tests", "Five tests"), "Five tests")


# -- Chinese: the author's example, a name after `\n`, a command as what changed a file -------------------------------

ZH_ROOT = "/Users/yuting/bot"
ZH_TEST = 'it("全形", () => {\n  expect(parseOrderText("大腸包小腸 ×２\\n地瓜球Ｘ１０")).toEqual([]);\n});\n'
ZH_STAT = (
    "a1b2c3d 支援全形數量\npackage.json                |  1 +\npnpm-lock.yaml              | 10 ++++++++++\n"
    "src/parse.test.ts           |  3 +++\n 3 files changed, 14 insertions(+)"
)


@pytest.fixture(scope="module")
def zh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ZH_ROOT, start=START)
    tx.user(
        "今天要處理的：\n- [ ] 客人用全形數字下單（例如「大腸包小腸 ×２」）會解析失敗，要支援\n- [ ] 截單時間怪怪的"
    )
    tx.tick(5)
    tx.assistant("我先看看解析的程式。")
    tx.tool_call("Read", {"file_path": f"{ZH_ROOT}/src/parse.ts"}, "export function parseOrderText() {}")
    tx.tool_call("Bash", {"command": "pnpm add @date-fns/tz"}, "+ @date-fns/tz 1.4.1\nDone in 1.8s")
    tx.tool_call("Read", {"file_path": f"{ZH_ROOT}/src/cutoff.ts"}, "export function pickupDate() {}")
    tx.assistant("改成先做 NFKC 正規化。")
    tx.tool_call("Write", {"file_path": f"{ZH_ROOT}/src/parse.test.ts", "content": ZH_TEST}, "ok")
    tx.tick(30)
    tx.tool_call("Bash", {"command": "git add -A && git commit -m 支援全形數量 && git show --stat HEAD"}, ZH_STAT)
    tx.assistant("已提交。")
    return approved_workdir(tmp_path_factory.mktemp("r29zh"), tx)


def test_my_example_that_a_later_file_holds_is_still_mine(zh: Path) -> None:
    _clean(zh, "我給 Claude 的第一則訊息是一份待辦清單，例如「大腸包小腸 ×２」會解析失敗。<!-- ev: e1 -->")


def test_a_cjk_name_after_a_strings_escape_is_named(zh: Path) -> None:
    _clean(zh, "新的測試檔裡，`地瓜球Ｘ１０` 要解析成數量 10。<!-- ev: e7 -->")
    _reported(zh, "新的測試期望 `地瓜球Ｘ９` 解析成 9。<!-- ev: e7 -->", "地瓜球Ｘ９")


def test_a_command_named_as_what_changed_a_file_is_an_earlier_run(zh: Path) -> None:
    _clean(
        zh,
        "Claude 接著跑了提交的指令。git 的 stat 算進 3 個檔案、14 行新增，其中包括 `pnpm add` 改動的 `package.json` 與 "
        "`pnpm-lock.yaml`。<!-- ev: e8 -->",
    )
    _reported(zh, "Claude 接著跑了 `pnpm add`。<!-- ev: e8 -->", "pnpm add")


# -- Japanese: a sentence with no subject after one about Claude ------------------------------------------------------

JA_ROOT = "/home/ken/hondana"


@pytest.fixture(scope="module")
def ja(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=JA_ROOT, start=START)
    tx.user("延滞日数はカレンダー上の日数（期限日の翌日から返却日まで、JST）で数えてほしい。")
    tx.tick(20)
    tx.assistant(
        "経過時間で数える限り、返却時刻で結果がずれます。JST の日付同士の差で数えるべきなので、"
        "その考え方で `DaysOverdue` 自体を書き直します。"
    )
    tx.tool_call(
        "Edit",
        {"file_path": f"{JA_ROOT}/fee.go", "old_string": "return int(d.Hours() / 24)", "new_string": "return days"},
        "ok",
    )
    return approved_workdir(tmp_path_factory.mktemp("r29ja"), tx)


def test_a_japanese_decision_with_no_subject_goes_on_from_claude(ja: Path) -> None:
    body = (
        "経過時間で数える限り返却時刻で結果がずれる、と Claude は見た。そこで私の仕様どおり、JST の日付同士の差で"
        "数えるよう `DaysOverdue` 自体を書き直すことにした。<!-- ev: e2 -->"
    )
    _clean(ja, body)
    _clean(ja, "延滞日数は（期限日の翌日から返却日まで）数えると私は伝えた。<!-- ev: e1 -->")
