"""Material round 61 (issue 24): what a writer answering a fresh session's prompts as the model found misleading,
the part round 60 left, each fixed at its cause and asserted on the prompt a model receives, from sessions in Claude
Code's record format written for these tests (other projects, names and figures than the writer's):

7. A commit message that gives as a cause what Claude had only guessed (「很可能」 → 「…的原因」), with no note.
5. A section of two code blocks whose beats ask to show a failure and a change listed both before its green run, the
   one line "Results worth showing" asks to show in a ```text block: it went to prose.
8. A post in Chinese whose triage.yaml said its length presets in words ("short (800-1,200 words)").
9. Chapters titled by later words: Claude's turn to the next piece of work ("Now the LiveView one") as what the
   change made, and a build the stretch's own change broke and mended ("Getting the build to work", 「讓建置成功」)
   as what the stretch got to; the outline prompt carries the titles.
4. Names written lower-case first (`iPhone`, `@vue-leaflet`) left out of the names to introduce beside `Safari`.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell import yamlio
from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.extract.headings import chapter_heading, outcome_heading
from retell.extract.result import claude_result
from retell.write.draft import block_order
from retell.write.names import names_in
from retell.write.outline_model import Beat, Section

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 10, 3, 9, 0, tzinfo=timezone.utc)

# -- 7. a commit message that repeats a guess as found --------------------------------------------------------------

BAKERY = "/Users/mei/projects/bakery-queue"
BAKERY_PROJECTS = "claude/projects/-Users-mei-projects-bakery-queue"


def _guessed_cause() -> Transcript:
    tx = Transcript(cwd=BAKERY, start=START)
    tx.user("取號畫面在平板上會閃一下，然後號碼才出來，幫我看看")
    tx.tick(3)
    tx.tool_call("Read", {"file_path": f"{BAKERY}/src/QueueBoard.vue"}, "<template>…</template>")
    tx.tick(3)
    tx.assistant(
        "閃一下應該是這行造成的：`transition: opacity 400ms` 在號碼還沒載入時就先淡入，所以畫面先空白再出現號碼。"
        "先把它拿掉：",
        usage_=usage(),
    )
    tx.tick(2)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{BAKERY}/src/QueueBoard.vue",
            "old_string": "  transition: opacity 400ms;\n",
            "new_string": "",
        },
        "The file has been updated.",
    )
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": 'git commit -am "移除 QueueBoard 的 opacity 400ms 淡入（畫面閃爍的原因）"'},
        "[main 3c9e1f0] 移除 QueueBoard 的 opacity 400ms 淡入（畫面閃爍的原因）\n 1 file changed, 1 deletion(-)",
    )
    tx.tick(2)
    tx.assistant("已提交。", usage_=usage())
    return tx


def test_a_commit_message_giving_a_guessed_cause_as_found_is_noted(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _guessed_cause(), BAKERY_PROJECTS)
    prompt = outline_prompt(work)
    guess = event_ids(work, "assistant")[0]
    commit = event_ids(work, "tool_run")[-1]
    block = " ".join(event_block(prompt, commit).split())
    assert f"that Claude only guessed at [{guess}]" in block
    assert "“閃一下應該是這行造成的" in block and "tell the cause as Claude's guess" in block


def _event(eid: str, kind: str, text: str = "", command: str = "") -> Event:
    calls = [ToolCall(name="Bash", target=command, command=command, output="[main 1a2b3c4] x")] if command else None
    return Event(id=eid, kind=kind, text=text, calls=calls)


@pytest.mark.parametrize(
    ("guess", "message", "noted"),
    [
        # English: a hedged cause, then a message that calls it the cause
        ("The flicker is probably caused by `retryDelay: 0` in api.ts.", "fix: retryDelay 0 caused the flicker", True),
        # German
        ("Vermutlich verursacht `maxAge=0` die leeren Antworten.", "Cache: maxAge=0 war die Ursache", True),
        # a guess at a cause the message never gives as one
        ("The flicker is probably caused by `retryDelay: 0`.", "chore: bump retryDelay to 200", False),
        # a plain statement of Claude's, no hedge: left to the model
        ("The flicker is caused by `retryDelay: 0`.", "fix: retryDelay 0 caused the flicker", False),
        # a hedged cause about something else than the message's
        ("The 502 is probably caused by nginx's timeout.", "fix: retryDelay 0 caused the flicker", False),
    ],
)
def test_which_commit_messages_repeat_a_guess(guess: str, message: str, noted: bool) -> None:
    from retell.write.guessed_causes import guessed_cause_notes  # (new in this round: a failure, not an error, before)

    events = [_event("e2", ASSISTANT, guess), _event("e3", TOOL_RUN, command=f'git commit -m "{message}"')]
    notes = guessed_cause_notes(events)
    assert bool(notes.get("e3")) is noted


# -- 5. the green run a section turns on, within its limit -----------------------------------------------------------


def _run(eid: str, command: str, output: str, error: str | None = None, diff: str | None = None) -> Event:
    name = "Edit" if diff else "Bash"
    call = ToolCall(name=name, target=command, command=None if diff else command, output=output, error=error, diff=diff)
    return Event(id=eid, kind=TOOL_RUN, text="", calls=[call])


@pytest.mark.parametrize(
    ("red", "green"),
    [
        (
            ("go test ./queue/...", "--- FAIL: TestDrain (0.01s)\nFAIL\tqueue\t0.02s"),
            ("go test ./queue/...", "ok  \tqueue\t0.03s"),
        ),
        (
            ("pytest -q tests/test_slots.py", "F.\n1 failed, 1 passed in 0.2s"),
            ("pytest -q tests/test_slots.py", "..\n2 passed in 0.2s"),
        ),
    ],
)
def test_a_green_run_the_results_ask_to_show_comes_before_a_failure_a_beat_asks_for(red, green) -> None:
    events = [
        _run("e2", red[0], red[1], error="Exit code 1"),
        _run("e3", "queue/drain.go", "The file has been updated.", diff="-\tclose(ch)\n+\tdefer close(ch)"),
        _run("e4", green[0], green[1]),
    ]
    section = Section(
        "s1",
        "The drain",
        ["ch1"],
        "Fix it.",
        [
            Beat("reproduce", "summarise", ["e2"], "Show the failing run."),
            Beat("fix", "summarise", ["e3"], "Show the changed line."),
            Beat("convergence", "summarise", ["e4"], "It passed."),
        ],
    )
    order = block_order(section, events)
    assert [item.split("]")[0] + "]" for item in order[:2]] == ["[e3]", "[e4]"]
    assert order[2] == "[e2] (its beat asks to show it: what it printed)"


# -- 8. the length presets in the post's unit ----------------------------------------------------------------------


def test_the_length_presets_are_said_in_the_posts_unit() -> None:
    from retell.triage.model import length_presets  # (new in this round)

    assert length_presets("en") == "short (800-1,200 words) | medium (1,800-2,500) | long (3,000+)"
    assert length_presets("zh-Hant") == "short (1,200-1,800 characters) | medium (2,700-3,750) | long (4,500+)"
    assert length_presets("ja").startswith("short (1,600-2,400 characters)")


def test_a_chinese_sessions_triage_says_its_length_in_characters(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _guessed_cause(), BAKERY_PROJECTS)
    text = (work / "triage.yaml").read_text(encoding="utf-8")
    assert yamlio.load(work / "triage.yaml")["post"]["language"].startswith("zh")
    assert "# short (1,200-1,800 characters) | medium (2,700-3,750) | long (4,500+)" in text
    assert "800-1,200 words" not in text


# -- 9. a chapter titled by what comes later ------------------------------------------------------------------------


def _edit(eid: str, path: str) -> Event:
    return _run(eid, path, "The file has been updated.", diff="-a\n+b")


@pytest.mark.parametrize(
    ("turn", "result"),
    [
        ("500 clean runs. Now the mailer one. Its trace ends in the task.", ""),
        ("Green again. Now for the export: it times out too.", ""),
        ("Fertig. Jetzt zum Export der Rechnungen.", ""),
        ("The receipt list now sorts by date and then by id.", "The receipt list now sorts by date and then by id"),
    ],
)
def test_a_turn_to_the_next_piece_of_work_is_no_result(turn: str, result: str) -> None:
    events = [_edit("e2", "lib/receipts.ex"), _event("e3", ASSISTANT, turn)]
    assert claude_result(events) == result


def _build(eid: str, ok: bool) -> Event:
    out = "vite v5.4.2 building for production...\n✓ built in 2.31s" if ok else "src/Map.vue(41,9): error TS2339"
    return _run(eid, "npm run build 2>&1 | tail -5", out, error=None if ok else "Exit code 2")


def test_a_build_the_stretchs_own_change_broke_is_no_goal_it_reached() -> None:
    ours = [_edit("e2", "src/Map.vue"), _build("e3", False), _edit("e4", "src/Map.vue"), _build("e5", True)]
    assert outcome_heading(ours) == ""
    assert chapter_heading(ours, [], "en") != "Getting the build to work"
    theirs = [_build("e2", False), _edit("e3", "src/Map.vue"), _build("e4", True)]
    assert outcome_heading(theirs) == "Getting the build to work"  # (set out from a red build: what it got to)


FLAKES = "/home/ines/dev/ledger"
FLAKES_PROJECTS = "claude/projects/-home-ines-dev-ledger"


def _two_flakes() -> Transcript:
    tx = Transcript(cwd=FLAKES, start=START)
    tx.user("```\n==> ledger\n  1) test entries sort by time (Ledger.EntryTest)\n2 tests, 1 failure\n```")
    tx.tick(3)
    tx.assistant("Two flakes. The sort first: entries with the same second tie.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{FLAKES}/lib/ledger/entry_list.ex",
            "old_string": "order_by: [asc: e.inserted_at]",
            "new_string": "order_by: [asc: e.inserted_at, asc: e.id]",
        },
        "The file has been updated.",
    )
    tx.tick(2)
    tx.tool_call("Bash", {"command": "mix test test/ledger/entry_test.exs"}, "2 tests, 0 failures")
    tx.tick(2)
    tx.assistant("Green. Now the LiveView one. Its trace ends in the notifier.", usage_=usage())
    return tx


def test_the_outline_prompt_titles_no_chapter_by_its_turn_to_the_next(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _two_flakes(), FLAKES_PROJECTS)
    prompt = outline_prompt(work)
    assert "## Chapter ch1: " in prompt
    # (on main the post's title: "Now the LiveView one"): only Claude's own line says it
    assert prompt.count("Now the LiveView one") == 1
    assert "] CLAUDE: Green. Now the LiveView one." in prompt


# -- 4. names written lower-case first -------------------------------------------------------------------------------


def test_names_written_lower_case_first_are_names() -> None:
    note = "附上 iPhone 13 Safari 的截圖，地圖用 Leaflet 1.9 和 @vue-leaflet；popupOptions 的 autoPan 與 @dataclass。"
    assert names_in(note, "zh-Hant") == ["iPhone", "Safari", "Leaflet", "@vue-leaflet"]
    assert names_in("Tried it on macOS, an iPad and with @tanstack/react-query; maxWidth stays.", "en") == [
        "macOS",
        "iPad",
        "@tanstack/react-query",
    ]
    assert names_in("mail ines@ledger-app.dev or see gRPC", "en") == ["gRPC"]
