"""Round thirty-seven of the check (issue 21): Claude's reading told as fact. A cause or a state that only a
message of Claude's states, with no hedge ("the subquery picks the oldest row because `ORDER BY updated` has no
`DESC`", the file's lines never shown), told by the post as fact, was passed by the rules (the guess rule reads
hedged sentences only) and by the model (nothing marked it as Claude's; blind27 AG2:22, supported with a later
diff). The rules now report it (`readings.py`), and the verification request lists it as Claude's own reading.
Sessions of our own, English, Chinese and Finnish."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    draft_problems,
    ids_by_mark,
    verify_pairs,
)
from conftest import Transcript

START = datetime(2026, 3, 9, 9, 0, tzinfo=timezone.utc)

EN = (
    "The closed-trail filter on `status` is there, but the lateral subquery fetches the oldest condition row, "
    "because `ORDER BY updated` has no `DESC`."
)
ZH = "过滤条件 `status` 还在，但是横向子查询取的是最旧的状态记录，因为 `ORDER BY updated` 没有 `DESC`。"


def _session(tmp_path: Path, reading: str) -> tuple[Path, dict[str, str]]:
    tx = Transcript(cwd="/home/ana/src/trails", start=START)
    tx.user("nearby still returns closed trails, fix it")
    tx.tool_call("Grep", {"pattern": "nearby"}, "Found 2 files\napp/queries.py\ntests/test_trails.py")
    tx.tool_call("Read", {"file_path": "/home/ana/src/trails/app/queries.py"}, "")
    tx.assistant(reading)
    work = approved_workdir(tmp_path, tx)
    return work, ids_by_mark(work, {"reading": "ORDER BY updated"})


def test_claude_s_plain_reading_told_as_fact_is_reported(tmp_path: Path) -> None:
    work, ids = _session(tmp_path, EN)
    e = ids["reading"]
    planted = (
        "The bug was in the lateral subquery, which fetched the oldest condition row because `ORDER BY updated` "
        f"had no `DESC`. <!-- ev: {e} -->"
    )
    found = draft_problems(work, planted)
    assert any(f"Claude's reading ({e})" in line and "told as fact" in line for line in found), found


def test_claude_s_reading_told_as_claude_s_is_not_reported(tmp_path: Path) -> None:
    work, ids = _session(tmp_path, EN)
    e = ids["reading"]
    for faithful in (
        "By Claude's reading, the lateral subquery fetched the oldest condition row because `ORDER BY updated` "
        f"had no `DESC`. <!-- ev: {e} -->",
        "Claude concluded that the lateral subquery fetched the oldest condition row, since `ORDER BY updated` "
        f"had no `DESC`. <!-- ev: {e} -->",
        "Clauden mukaan vika oli lateral-alikyselyssä, joka hakee vanhimman condition-rivin, koska "
        f"`ORDER BY updated` on ilman `DESC`:iä. <!-- ev: {e} -->",
        "Menurut Claude, subquery lateral mengambil baris condition paling lama karena `ORDER BY updated` "
        f"tanpa `DESC`. <!-- ev: {e} -->",
    ):
        assert not any("reading (" in line for line in draft_problems(work, faithful)), faithful


def test_a_chinese_post_telling_claude_s_reading_as_fact_is_reported(tmp_path: Path) -> None:
    work, ids = _session(tmp_path, ZH)
    e = ids["reading"]
    planted = f"问题出在横向子查询：它取的是最旧的状态记录，因为 `ORDER BY updated` 没有 `DESC`。 <!-- ev: {e} -->"
    faithful = (
        f"Claude 认为问题出在横向子查询：它取的是最旧的状态记录，因为 `ORDER BY updated` 没有 `DESC`。 <!-- ev: {e} -->"
    )
    assert any(f"Claude's reading ({e})" in line for line in draft_problems(work, planted))
    assert not any("reading (" in line for line in draft_problems(work, faithful))


def test_a_reading_an_output_bears_out_is_not_reported(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/ana/src/trails", start=START)
    tx.user("nearby still returns closed trails, fix it")
    tx.tool_call(
        "Bash",
        {"command": "grep -n 'ORDER BY' app/queries.py"},
        "7:    SELECT status FROM condition WHERE trail_id = t.id ORDER BY updated LIMIT 1  -- oldest row, no DESC",
    )
    tx.assistant("The lateral subquery fetches the oldest condition row: `ORDER BY updated` has no `DESC`.")
    work = approved_workdir(tmp_path, tx)
    ids = ids_by_mark(work, {"run": "grep -n", "reading": "The lateral subquery"})
    text = (
        "The lateral subquery fetched the oldest condition row: `ORDER BY updated` had no `DESC`. "
        f"<!-- ev: {ids['run']} {ids['reading']} -->"
    )
    assert not any("reading (" in line for line in draft_problems(work, text))


def test_claude_s_plans_and_options_are_no_reading(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/ana/src/trails", start=START)
    tx.user("how do we stop this from happening again?")
    tx.assistant(
        "There are two options, yours to pick:\n"
        "1. Move the integration tests to Testcontainers so they never touch the shared database.\n"
        "2. Keep the shared database, but check in CI that migrations only add new files."
    )
    work = approved_workdir(tmp_path, tx)
    e = ids_by_mark(work, {"options": "two options"})["options"]
    text = f"The second: keep the shared database, but check in CI that migrations only add new files. <!-- ev: {e} -->"
    assert not any("reading (" in line for line in draft_problems(work, text))


def test_the_verifier_is_told_which_cited_words_are_claude_s_own_reading(tmp_path: Path) -> None:
    work, ids = _session(tmp_path, EN)
    e = ids["reading"]
    text = (
        "## The bug\n\nThe bug was in the lateral subquery, which fetched the oldest condition row because "
        f"`ORDER BY updated` had no `DESC`. <!-- ev: {e} -->\n"
    )
    requests = verify_pairs(work, text)
    user = requests[0][1].user
    assert f"[{e}] CLAUDE's own reading, no output near it shows it:" in user
    assert "ORDER BY updated" in user.split(f"[{e}] CLAUDE's own reading", 1)[1].splitlines()[0]
    system = "\n".join(block.text for block in requests[0][1].system)
    assert "is Claude's reading told as fact: `not in the session`" in system
    assert "a file's lines that only Claude describes are no standing fact" in system
