"""A long stretch of an offline post is told in sections at its turns, each under a heading a blogger keeps.

Issue 24, headings: a blind judge read the offline posts of fresh19 and fresh20 and asked for sections in 12 of
the 24 (9 of 12 in fresh19), always at the same kinds of places: the problem as the author brought it; the turn
(the cause Claude found, the author's pushback, a new request mid-session); the fix, the result, the commit.
Short linear posts (one request, one fix) read fine headless. These sessions have those shapes."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")
CWD = "/home/ada/shop"
START = datetime(2026, 6, 1, 8, 0, tzinfo=timezone.utc)
# Headings that head any phase: what the judge called generic
STOCK = {"Committing the work", "Running commands", "The fix", "What came next", "Where it started", "Fix"}


def _draft(tmp_path: Path, tx: Transcript) -> str:
    session = tx.write(tmp_path / "claude" / "projects" / "-home-ada-shop" / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["check", str(work), "-q"]))  # the draft passes its own check
    return (work / "draft.md").read_text(encoding="utf-8")


def _headings(draft: str) -> list[str]:
    return [h for h in re.findall(r"^## (.+)$", draft, re.M) if h != "Where it ended"]


def _sections(draft: str) -> dict[str, str]:
    """Each `## ` heading -> the text under it."""
    parts = re.split(r"^## (.+)$", draft, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def _bash(tx: Transcript, command: str, output: str) -> None:
    tx.tool_call("Bash", {"command": command}, output)


def _edit(tx: Transcript, path: str) -> None:
    tx.tool_call("Edit", {"file_path": f"{CWD}/{path}", "old_string": "a = 1", "new_string": "a = 2"}, "ok")


PROBLEM = "the nightly export job keeps timing out on the orders table since last week, can you look into it?"
PUSHBACK = "no, don't batch it in the job. do it properly: add the index with a migration instead"
COMMIT = "great, commit it please"


def _pushback_session() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user(PROBLEM)
    tx.assistant("Looking at the export job and its query first.")
    tx.tool_call("Read", {"file_path": f"{CWD}/jobs/export.py"}, "rows = db.execute(EXPORT_SQL)")
    _bash(tx, "psql -c 'explain select * from orders where created_at > now()'", "Seq Scan on orders (rows=41000000)")
    tx.tool_call("Grep", {"pattern": "created_at", "path": CWD}, "jobs/export.py:12")
    tx.assistant(
        "Found it: the export query scans the whole orders table because created_at has no index. The table grew "
        "past 41 million rows last week, so the job now runs past its 30 minute limit."
    )
    _edit(tx, "jobs/export.py")
    _bash(tx, "pytest tests/test_export.py", "5 passed in 0.42s")
    tx.assistant("The export now reads the orders in batches of 10,000 rows and finishes in about 4 minutes.")
    tx.user(PUSHBACK)
    tx.assistant("Understood: I'll take the batching out again and add the index in a migration.")
    _edit(tx, "jobs/export.py")
    tx.tool_call("Write", {"file_path": f"{CWD}/migrations/0042_orders_created_at_index.py", "content": "..."}, "ok")
    _bash(tx, "pytest", "6 passed in 0.51s")
    tx.assistant(
        "The export query now uses an index scan on orders.created_at and runs in 40 seconds; all 6 tests pass."
    )
    tx.user(COMMIT)
    _bash(
        tx,
        'git commit -am "Index orders.created_at so the nightly export stops timing out"',
        "[main 1a2b3c4] Index orders.created_at so the nightly export stops timing out\n 2 files changed",
    )
    tx.assistant("Committed as 1a2b3c4 on main.")
    return tx


def test_a_long_session_is_told_in_sections_at_its_turns(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _pushback_session())
    headings = _headings(draft)
    assert len(headings) >= 2, draft
    sections = _sections(draft)
    # the author's pushback opens a section of its own: the problem and the first fix come before it
    opened = [h for h, text in sections.items() if text.lstrip().split("\n\n", 2)[1].startswith(f"> {PUSHBACK[:20]}")]
    assert opened, draft
    assert PROBLEM[:30] not in sections[opened[0]]
    # every message of the author told once, under some heading
    for message in (PROBLEM, PUSHBACK, COMMIT):
        assert draft.count(f"> {message}") == 1, message


def test_a_phase_heading_says_what_happened_never_a_line_the_author_typed(tmp_path: Path) -> None:
    headings = _headings(_draft(tmp_path, _pushback_session()))
    for heading in headings:
        assert heading not in STOCK
        assert heading.casefold().rstrip(".?!") not in (PUSHBACK.casefold(), COMMIT.casefold())
        assert not heading.casefold().startswith(("no, don", "great, commit"))
    # the turn the judge asked a heading for: the cause Claude found, or the fix that followed the pushback
    assert any("index" in h.casefold() or "created_at" in h for h in headings), headings


def test_a_short_linear_session_stays_headless(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the footer shows 2025, can you make the year come from the current date?")
    tx.tool_call("Read", {"file_path": f"{CWD}/templates/footer.html"}, "© 2025 Ada's shop")
    _edit(tx, "templates/footer.html")
    tx.assistant("The footer now takes the year from the current date.")
    tx.user("thanks!")
    tx.assistant("You're welcome.")
    draft = _draft(tmp_path, tx)
    assert "\n## " not in draft, draft


JA_PROBLEM = "SHT31の読み取りが毎回ETIMEDOUTで失敗します。原因を調べて直していただけますか。"
JA_NEW = "ついでに、電池で動かしたいです。測定の合間はdeepsleepで眠らせてください。"


JA_BROKE = "deepsleepにしてから、ログの行が増えていません。起きたあとに何も書いていないようです。"
JA_COMMIT = "lightsleepで電流も十分下がりました。コミットしてください。"


def _japanese_session() -> Transcript:
    tx = Transcript(cwd="/home/haruka/pico", start=START)
    tx.user(JA_PROBLEM)
    tx.assistant("まずドライバと配線の設定を確認して、I2Cバスのスキャン結果を見てみます。")
    tx.tool_call("Read", {"file_path": "/home/haruka/pico/main.py"}, "i2c = I2C(0, freq=400000)\naddr = 0x45")
    _bash(tx, "mpremote exec 'print(i2c.scan())'", "[68]")
    tx.assistant(
        "スキャン結果は0x44なので、コードに書かれたアドレス0x45が間違っています。原因はI2Cアドレスの違いです。"
    )
    tx.tool_call("Edit", {"file_path": "/home/haruka/pico/main.py", "old_string": "0x45", "new_string": "0x44"}, "ok")
    _bash(tx, "mpremote run main.py", "23.4C 45%")
    tx.assistant("アドレスを0x44に直したので、温度と湿度が毎回きちんと読めるようになりました。")
    tx.user(JA_NEW)
    tx.assistant("測定のあとにdeepsleepを入れて、六十秒ごとに起きて測るようにします。")
    tx.tool_call("Edit", {"file_path": "/home/haruka/pico/main.py", "old_string": "sleep(60)", "new_string": "x"}, "ok")
    _bash(tx, "mpremote run main.py", "23.5C 44%")
    tx.assistant("deepsleepを入れたので、測定の合間は電流がほとんど流れなくなるはずです。")
    tx.user(JA_BROKE)
    tx.assistant("deepsleepから起きるとボードがリセットされ、ログのファイルを開き直していませんでした。")
    tx.tool_call(
        "Edit", {"file_path": "/home/haruka/pico/main.py", "old_string": "deepsleep", "new_string": "lightsleep"}, "ok"
    )
    _bash(tx, "mpremote run main.py", "23.6C 44%\n23.6C 44%")
    tx.assistant("lightsleepに切り替えたので、起きたあともログの行がちゃんと増えるようになりました。")
    tx.user(JA_COMMIT)
    _bash(
        tx,
        'git commit -am "測定の合間をlightsleepにして電池で動かせるようにする"',
        "[main 9f8e7d6] 測定の合間をlightsleepにして電池で動かせるようにする",
    )
    tx.assistant("測定の合間にlightsleepで眠るようになり、その変更をコミットしました。")
    return tx


def test_a_new_request_mid_session_opens_a_section_in_the_posts_language(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _japanese_session())
    headings = _headings(draft)
    assert len(headings) >= 2, draft
    sections = _sections(draft)
    opened = [h for h, text in sections.items() if f"> {JA_NEW[:10]}" in text.lstrip().split("\n\n", 2)[1]]
    assert opened, draft
    for heading in headings:
        assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", heading), heading  # said in Japanese, not "Fixing…"
        assert not any(heading.rstrip("。") in said for said in (JA_NEW, JA_BROKE, JA_COMMIT))
    for message in (JA_PROBLEM, JA_NEW, JA_BROKE, JA_COMMIT):
        assert draft.count(f"> {message}") == 1


ZH_PROBLEM = "load_sales.py 读 0417 门店的 CSV 时报 UnicodeDecodeError，帮我看看是什么原因，然后修一下。"
ZH_BACK = "吃完饭回来了。我想了一下，还是在 stores.yaml 里按门店配置编码，不要自动回退。"
ZH_COMMIT = "好的，测试都过了，提交吧。"


def _chinese_session() -> Transcript:
    tx = Transcript(cwd="/data/work/etl", start=START)
    tx.user(ZH_PROBLEM)
    tx.assistant("我先看一下读取 CSV 的代码，再用 hexdump 看看这个文件的实际编码是什么。")
    tx.tool_call("Read", {"file_path": "/data/work/etl/load_sales.py"}, "pd.read_csv(path, encoding='utf-8')")
    _bash(tx, "hexdump -C data/0417.csv | head -2", "00000000  c3 c5 b5 ea  |....|")
    tx.assistant("这个文件是 GBK 编码的，因为 0417 门店的收银机导出时用的是 GBK，而代码固定按 UTF-8 读取。")
    tx.tool_call("Edit", {"file_path": "/data/work/etl/load_sales.py", "old_string": "a", "new_string": "b"}, "ok")
    _bash(tx, "pytest tests/test_load_sales.py", "3 passed in 0.3s")
    tx.assistant("现在先按 UTF-8 读取，失败时回退到 GBK，三个测试都通过了。")
    tx.tick(45 * 60)  # lunch
    tx.user(ZH_BACK)
    tx.assistant("同意，自动回退可能把乱码悄悄写进数据库，按门店配置编码更稳妥。")
    tx.tool_call("Edit", {"file_path": "/data/work/etl/stores.yaml", "old_string": "a", "new_string": "b"}, "ok")
    tx.tool_call("Edit", {"file_path": "/data/work/etl/load_sales.py", "old_string": "b", "new_string": "c"}, "ok")
    _bash(tx, "pytest", "5 passed in 0.4s")
    tx.assistant("现在每个门店按 stores.yaml 里配置的编码读取，0417 配置为 gb18030，五个测试都通过了。")
    tx.user(ZH_COMMIT)
    _bash(
        tx,
        'git commit -am "按 stores.yaml 的 encoding 读取门店 CSV，0417 改为 gb18030"',
        "[main 5e6f7a8] 按 stores.yaml 的 encoding 读取门店 CSV，0417 改为 gb18030",
    )
    tx.assistant("已经提交了。")
    return tx


def test_the_author_back_after_a_pause_opens_a_section(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _chinese_session())
    headings = _headings(draft)
    assert len(headings) >= 2, draft
    sections = _sections(draft)
    opened = [h for h, text in sections.items() if f"> {ZH_BACK[:6]}" in text.lstrip().split("\n\n", 2)[1]]
    assert opened, draft
    for heading in headings:
        assert re.search(r"[\u4e00-\u9fff]", heading), heading  # said in Chinese
        assert not any(heading.rstrip("。") in said for said in (ZH_BACK, ZH_COMMIT))
    for message in (ZH_PROBLEM, ZH_BACK, ZH_COMMIT):
        assert draft.count(f"> {message}") == 1


# Round thirty-five: a stock heading that claims what did not happen. fresh21 17ea5ec6 was headed "Naprawa testów"
# ("Fixing the tests") because the author's first message said where the tests live; no test was broken: Claude
# wrote a new test first, it failed as it should, and the fix made it pass (judged unusable: misleading).
TDD_PROBLEM = (
    "re-materializing a partition duplicates its rows because we do a plain INSERT. Plan: DELETE + INSERT in one "
    "transaction per partition. The tests are in tests/test_gtfs.py"
)
TDD_NEXT = "good morning. now the hours past 24:00 please, store them as an INTERVAL"
TDD_COMMIT = "looks right, commit it"


def _test_first_session() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user(TDD_PROBLEM)
    tx.assistant("I'll add a test that materializes the same partition twice, then make the asset idempotent.")
    tx.tool_call("Read", {"file_path": f"{CWD}/pipelines/assets/gtfs.py"}, "con.execute('INSERT INTO stop_times ...')")
    _edit(tx, "tests/test_gtfs.py")
    _bash(tx, "pytest tests/test_gtfs.py", "1 failed, 1 passed in 0.31s")
    _edit(tx, "pipelines/assets/gtfs.py")
    _bash(tx, "pytest tests/test_gtfs.py", "2 passed in 0.29s")
    tx.assistant("Re-materializing a partition now replaces its rows: delete and insert run in one transaction.")
    tx.tick(15 * 3600)  # the next morning
    tx.user(TDD_NEXT)
    tx.assistant("Switching the departure and arrival columns to INTERVAL so 25:13:00 parses.")
    _edit(tx, "pipelines/assets/gtfs.py")
    _bash(tx, "pytest tests/test_gtfs.py", "3 passed in 0.30s")
    tx.assistant("Hours past midnight are now stored as intervals: 25:13:00 reads as 1 day 01:13:00.")
    tx.user(TDD_COMMIT)
    _bash(tx, "git commit -am 'Idempotent partitions, hours past 24:00 as INTERVAL'", "[main 3f1c2aa] Idempotent")
    tx.assistant("Committed.")
    return tx


def test_a_heading_never_claims_tests_were_fixed_when_none_was_broken(tmp_path: Path) -> None:
    draft = _draft(tmp_path, _test_first_session())
    headings = _headings(draft)
    # the next morning is told where it begins (its stock heading, "Changing the gtfs", is folded: round 39)
    assert "15 hours later, I came back to it." in draft, draft
    for heading in headings:
        assert heading != "Getting the tests to pass", draft  # the only red run was the new test, before its fix
    for message in (TDD_PROBLEM, TDD_NEXT, TDD_COMMIT):
        assert draft.count(f"> {message}") == 1
