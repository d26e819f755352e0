"""Round thirty-eight of the check (issue 21), the verifying model, blind29 tuned on: what six answerers found
contradictory or unworkable in the verification prompt, fixed in the prompt and, where the cause was in what retell
hands the model, in the code.

- `words` on a line shorter than three words (`exit 2`) is the whole line; in text without spaces a span of
  characters; the reader places both.
- A wrong duration or order is shown by clock times alone: `[e3] 19:47:30.9` is evidence the reader accepts.
- A pause is measured between the two events it really separates and names them, so the same pause reads the same
  in every prompt, whichever events each shows; the notes on Claude's figures are worked out against the whole
  session (blind27 AG1's "10s": "Claude's own figure" in some prompts, "the author wrote" in others).
- One rule for cuts (retell's, the session's own), which wins between a summary and a neighbour, attribution that
  goes on over the next sentences, and Claude's own words contradicting a claim of what Claude said.
"""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    draft_problems,
    verify_pairs,
)
from conftest import Transcript

from retell.check.verify import read_answer
from retell.check.verify_request import chunks

START = datetime(2026, 5, 4, 19, 40, tzinfo=timezone.utc)

TEXT = (
    "---\ntitle: t\n---\n\n## The run\n\n"
    "Two minutes later the build ran. <!-- ev: e3 e5 -->\n\n"
    "```\nexit 2\n```\n\n"
    "構建在兩分鐘後失敗了，輸出只有一行。 <!-- ev: e5 -->\n"
)
SHOWN = "[e3] 19:47:30.9 CLAUDE: I'll build it.\n[e5] 19:52:10.2 (cited by L7) TOOLS: Ran make\n    exit 2\n"


def _answer(*claims: dict[str, object]) -> str:
    return json.dumps({"claims": list(claims)}, ensure_ascii=False)


def _claim(line: int, words: str, verdict: str, event: str = "", evidence: str = "") -> dict[str, object]:
    return {"line": line, "words": words, "verdict": verdict, "event": event, "evidence": evidence, "reason": "r"}


def _read(*claims: dict[str, object]) -> tuple[list[object], int]:
    part = chunks(TEXT)[0]
    return read_answer(_answer(*claims), part, TEXT.split("\n"), {"e3", "e5"}, shown=SHOWN)  # type: ignore[return-value]


def test_a_short_line_whole_and_a_span_of_characters_are_placed_on_their_lines() -> None:
    verdicts, dropped = _read(
        _claim(10, "exit 2", "supported", "e5"),
        _claim(13, "構建在兩分鐘後失敗了", "supported", "e5"),
    )
    assert dropped == 0
    assert [v.line for v in verdicts] == [10, 13]  # type: ignore[attr-defined]


def test_clock_times_are_evidence_of_a_wrong_duration() -> None:
    verdicts, dropped = _read(
        _claim(7, "Two minutes later the build ran", "contradicted", "e5", "[e3] 19:47:30.9, [e5] 19:52:10.2"),
    )
    assert dropped == 0 and verdicts
    # a time the material does not give that event is no evidence
    verdicts, dropped = _read(
        _claim(7, "Two minutes later the build ran", "contradicted", "e5", "[e3] 19:47:30.9, [e5] 19:49:30.9"),
    )
    assert dropped == 1 and not verdicts


def _session_with_a_pause() -> Transcript:
    tx = Transcript(cwd="/home/mei/src/nightmap", start=START)
    tx.user("the popup is cut off on phones, take a look (it took 10s to load)")
    tx.assistant("The popup has autoPan off; I'll turn it on.")
    tx.tool_call("Bash", {"command": "npm run build"}, "built in 3.1s")
    tx.assistant("Built fine.")
    tx._clock += timedelta(hours=15, minutes=18)
    tx.user("back again: the map still jumps")
    tx.assistant("Loading takes 10s on the phone, so the pan starts late.")
    tx.tool_call("Bash", {"command": "npm test"}, "12 passed")
    tx.assistant("All 12 pass.")
    for _ in range(12):
        tx.user("and now?")
        tx.assistant("Still fine.")
    return tx


def test_a_pause_reads_the_same_in_every_prompt_and_names_its_events(tmp_path: Path) -> None:
    work = approved_workdir(tmp_path, _session_with_a_pause())
    text = (
        "## Day one\n\nClaude turned autoPan on and the build went through. <!-- ev: e2 e3 -->\n\n"
        "## Day two\n\nThe next day the tests passed, 12 of them. <!-- ev: e7 e8 -->\n\n"
        "## Later\n\nI kept asking and it stayed fine. <!-- ev: e20 -->\n"
    )
    users = [request.user for _, request in verify_pairs(work, text)]
    assert len(users) >= 2
    marks = {line.strip() for user in users for line in user.splitlines() if "15 h 18 min later" in line}
    assert marks and all("from [e4] to [e5]" in mark for mark in marks), marks
    assert len(marks) == 1, marks
    assert not any("15 h" in line and "15 h 18 min" not in line for user in users for line in user.splitlines())


def test_a_note_on_claudes_figure_is_the_same_in_every_prompt(tmp_path: Path) -> None:
    work = approved_workdir(tmp_path, _session_with_a_pause())
    text = (
        "## Day one\n\nClaude turned autoPan on. <!-- ev: e2 -->\n\n"
        "## Day two\n\nLoading took 10s on the phone, Claude said. <!-- ev: e6 -->\n\n"
        "## Later\n\nI kept asking and it stayed fine. <!-- ev: e20 -->\n"
    )
    users = [request.user for _, request in verify_pairs(work, text)]
    notes = {line.strip() for user in users for line in user.splitlines() if "where its figures come from: 10s" in line}
    assert len(users) == 3 and len(notes) == 1 and "the author wrote “10s” in [e1]" in notes.pop()


def test_the_system_prompt_settles_what_answerers_found_contradictory(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/mei/src/nightmap", start=START)
    tx.user("push it")
    tx.assistant("Committed; not pushed yet.")
    work = approved_workdir(tmp_path, tx)
    requests = verify_pairs(work, "## End\n\nClaude committed it. <!-- ev: e2 -->\n")
    system = "\n".join(block.text for block in requests[0][1].system)
    assert "a line shorter than that (`exit 2`, `bookworm`, `left:  418`), the whole line" in system
    assert "a span of 4 to 30 characters" in system
    assert "copy each event's id and time as the material writes them (`[e3] 19:47:30.9, [e5] 19:52:10.2`)" in system
    assert "Two kinds of cut, one rule" in system
    assert "Which wins: a sentence that gathers several moments" in system
    assert "A sentence that only names an item of a list the sentence before gave to Claude" in system
    # (a sentence stating a cause after Claude's account is the post's own: blind30's guesses told as fact)
    assert "No other sentence carries over" in system
    assert "Claude's own words can contradict a claim about what Claude said, did or knew" in system


# -- the rules' false alarms on blind29's faithful drafts, by class -------------------------------------------


def _map_session() -> Transcript:
    tx = Transcript(cwd="/home/mei/src/yeshi-map", start=START)
    tx.user("手機上攤位資訊卡被切掉了，幫我看一下")
    tx.tool_call("Read", {"file_path": "/home/mei/src/yeshi-map/src/components/StallMap.vue"}, "<template>…")
    tx.tick(16)
    tx.assistant("找到兩個原因：`autoPan: false`，以及 `width: 300px !important` 寫死寬度。")
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/mei/src/yeshi-map/src/components/StallMap.vue",
            "old_string": "  width: 300px !important;\n  margin: 12px 14px;",
            "new_string": "  margin: 12px 14px;",
        },
        "The file has been updated.",
    )
    tx.tool_call("Bash", {"command": "git commit -am '移除寫死的 300px 寬度'"}, "[main 6f2b8c4] 移除寫死的 300px 寬度")
    return tx


def test_a_count_after_my_message_counts_the_noun_after_it_not_the_message(tmp_path: Path) -> None:
    work = approved_workdir(tmp_path, _map_session())
    found = draft_problems(
        work,
        "## 原因\n\nClaude 讀了 `StallMap.vue`，在我的訊息後十七秒列出兩個原因。 <!-- ev: e2 e3 -->\n\n"
        "commit 訊息把寫死的 300px 寬度拿掉了。 <!-- ev: e3 e5 -->\n",
    )
    assert not [p for p in found if "兩個" in p or "300" in p or "十七秒" in p], found


def test_a_function_with_its_arity_is_no_path(tmp_path: Path) -> None:
    tx = Transcript(cwd="/home/ana/src/plotwise", start=START)
    tx.user("the notifier test flakes, fix it")
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/ana/src/plotwise/lib/plotwise/notifier.ex",
            "old_string": "  def offer_made(offer) do\n    Task.start(fn -> deliver(offer) end)",
            "new_string": "  def offer_made(offer) do\n    Task.Supervisor.start_child(Sup, fn -> :ok end)",
        },
        "The file has been updated.",
    )
    work = approved_workdir(tmp_path, tx)
    found = draft_problems(
        work, "## The fix\n\nClaude changed `offer_made/1` to start delivery under a supervisor. <!-- ev: e2 -->\n"
    )
    assert not [p for p in found if "offer_made" in p or "citation" in p], found


def test_a_models_clock_reading_minutes_away_is_not_overruled_by_another_gap(tmp_path: Path) -> None:
    """The rules traced "six seconds after the run began" to a gap between two other events (the author's
    message and Claude's answer); the model read the run and the report, 3 min 37 s apart: not a second's
    misreading, so the model's contradiction stands (blind29 AI1:114)."""
    from retell.check.verify import Verdict, Verification, merge

    tx = Transcript(cwd="/home/ana/src/plotwise", start=START)
    tx.user("run it a thousand times")
    tx.tick(5)
    tx.assistant("Running it now.")
    tx.tool_call("Bash", {"command": "mix test --repeat-until-failure 1000"}, "10 tests, 0 failures")
    tx.tick(217)
    tx.assistant("1000 clean runs.")
    work = approved_workdir(tmp_path, tx)
    head = "---\ntitle: t\n---\n\n"
    body = "Claude reported 1000 clean runs six seconds after the run began. <!-- ev: e3 e4 -->"
    text = head + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    from retell.check.stage import run_check

    report = run_check(work)
    verdict = Verdict(5, "six seconds after the run began", "contradicted", "e4", "19:40:06 to 19:43:43: 3 min 37 s")
    lines = merge(report, Verification("x", "handoff", "m", [verdict]), text, downgrade=False).lines()
    assert any("six seconds after the run began" in line for line in lines), lines
