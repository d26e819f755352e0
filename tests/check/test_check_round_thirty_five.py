"""Round thirty-five (issue 21): blind26 (tuned on from this round) and the drafts a real model wrote through the
hand-off engine in stop 52, each fixed as a class, on a session of our own:

- a `cleaned` quote may spell out the author's chat shorthand ("if u can" quoted "if you can"); without the marker,
  or where a short form is made into another word ("u" quoted "we"), it is still reported;
- a sure figure the model's support softened to a note is never cleared as traced by a second verdict on the same
  sentence (a planted "Three error lines" beside a supported "the last line counts one compilation error");
- Korean dates and hours ("2025년 11월 12일", "17시 2분", "21시") and a value with its case particle ("404를") in a
  sentence about tests are no counts of tests, and "17시 2분" is no length; "실패한 테스트 3개" counts failed tests;
- "the reconnect I asked for is committed", "the tests I asked Claude to fix pass again": a request told in a noun's
  relative clause is no request to trace; "when I asked for it: `70f2781`" neither; "… was my call, it said" is
  Claude's word; "J'ai demandé à Claude : « … ? » Claude a répondu …" ends at the question;
- an hour's minutes with their unit left out ("une heure cinquante", "une heure et quarante-deux pendant
  lesquelles", "an hour and forty-two of which") are one length;
- fresh23's `inloop-all` (left by round thirty-four): "`tsc --noEmit` 沒有報錯" (traditional characters) is a run
  that reported no error; "it took two messages from me to turn it" counts the author's cited messages after
  Claude's cited act; a branch a commit is told on (`chore/lint-migrations`) is no path;
- and from the stop-52 drafts again: "An hour and nine minutes passed" is a gap between events; "a 3.9K file" is a
  size; a sentence that ends inside a code span starts the next ("…project.` Reading the diff"); 那一天 is a day
  named; xcodebuild's "** BUILD FAILED **" fails a run that exited 0 through `| head`, and its "error:" lines are
  the errors it counts; "Swift 6" is a version."""

from __future__ import annotations

import json
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    DRAFT_HEAD,
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    ids_by_mark,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import amounts
from retell.check.claims import credit_claims
from retell.check.document import read_blocks
from retell.check.stage import load_draft, run_check
from retell.check.verify import SUPPORTED, Verdict, Verification, merge

ROOT = "/home/ada/zhex"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=datetime(2026, 2, 3, 19, 2, tzinfo=timezone.utc))
    tx.user("fix the red tests first pls")
    tx.tick(8)
    tx.tool_call(
        "Bash",
        {"command": "zig build test 2>&1 | head -20"},
        "src/main.zig:41:28: error: no field named 'writer'\nsrc/format.zig:12:5: error: no member named "
        "'mem.copy'\nerror: the following command failed with 1 compilation errors",
        is_error=True,
    )
    tx.tick(120)
    tx.user("readme, then commit everything as separate commits if u can")
    return approved_workdir(tmp_path_factory.mktemp("r35"), tx)


@pytest.fixture(scope="module")
def ids(work: Path) -> dict[str, str]:
    marks = {"run": "zig build test", "ask": "separate commits"}
    return ids_by_mark(work, marks)


def _copy(work: Path, tmp_path: Path) -> Path:
    target = tmp_path / "w"
    shutil.copytree(work, target)
    return target


# -- chat shorthand spelled out in a cleaned quote ---------------------------------------------------------------------


def test_a_cleaned_quote_may_spell_out_chat_shorthand(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        'Then I wrote "README, then commit everything as separate commits if you can". '
        f"<!-- cleaned: {ids['ask']} --> <!-- ev: {ids['ask']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_shorthand_spelled_out_without_the_marker_is_reported(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f'Then I wrote "readme, then commit everything as separate commits if you can". <!-- ev: {ids["ask"]} -->'
    assert any("cleaned" in p for p in problems(_copy(work, tmp_path), body))


def test_shorthand_made_into_another_word_is_reported(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        'Then I wrote "README, then commit everything as separate commits if we can". '
        f"<!-- cleaned: {ids['ask']} --> <!-- ev: {ids['ask']} -->"
    )
    assert any("if we can" in p for p in problems(_copy(work, tmp_path), body))


# -- a softened figure is not cleared by a second verdict --------------------------------------------------------------


def _merged(work: Path, body: str, verdicts: list[Verdict]) -> list[str]:
    text = DRAFT_HEAD + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    loaded = load_draft(work)
    report = run_check(work, loaded)
    merged = merge(report, Verification("x", "handoff", "m", verdicts), text, downgrade=True, view=loaded.view)
    return [line for line in merged.lines() if "cleared by the model" not in line]  # what is still reported


def test_a_softened_count_is_not_cleared_by_a_second_verdict(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"Three error lines; the last line counts one compilation error. <!-- ev: {ids['run']} -->"
    line = DRAFT_HEAD.count("\n") + 1
    folder = _copy(work, tmp_path)
    assert any("Three error" in p for p in problems(folder, body))
    verdicts = [
        Verdict(line, "Three error lines", SUPPORTED, ids["run"], "three lines hold 'error:'"),
        Verdict(line, "the last line counts one compilation error", SUPPORTED, ids["run"], "it says 1"),
    ]
    assert any("Three error" in p for p in _merged(folder, body, verdicts))


def test_a_true_count_stays_quiet_with_the_models_support(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"Two error lines; the last line counts one compilation error. <!-- ev: {ids['run']} -->"
    assert problems(_copy(work, tmp_path), body) == []


# -- the drafts of stop 52: a session of our own -----------------------------------------------------------------------

KOTLIN = (
    "    private fun clockAt(h: Int, m: Int) = Clock.fixed(ZonedDateTime.of(2025, 11, 12, h, m, 0, 0, SEOUL)"
    '.toInstant(), ZoneOffset.UTC)\n    @Test fun late() { AttendanceService(clockAt(17, 2), n).checkIn("qr-1") }\n'
    "    @Test fun absent() { assertEquals(1, AttendanceService(clockAt(21, 0), n).notifyAbsences(day)) }\n"
    "    @Test fun `모르는 QR은 404`() = testApplication { }\n"
)


@pytest.fixture(scope="module")
def stop52(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd="/home/ada/hagwon", start=datetime(2025, 11, 12, 12, 0, tzinfo=timezone.utc))
    tx.user("please add a reconnect with backoff to the mqtt client, and a test that fakes two failed connects")
    tx.tick(30)
    tx.tool_call(
        "Write", {"file_path": "/home/ada/hagwon/src/test/AttendanceServiceTest.kt", "content": KOTLIN}, "written"
    )
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "./gradlew test --tests AttendanceServiceTest"},
        "AttendanceServiceTest > late FAILED\n4 tests completed, 3 failed",
        is_error=True,
    )
    tx.tick(60)
    tx.tool_call(
        "Edit",
        {
            "file_path": "/home/ada/hagwon/src/mqtt.py",
            "old_string": "connect()",
            "new_string": "connect_with_backoff()",
        },
        "edited",
    )
    tx.tick(30)
    tx.tool_call("Bash", {"command": "pytest -q tests/test_mqtt.py"}, "3 passed in 0.41s")
    tx.tick(6000)
    tx.assistant("The reconnect is in and its test passes against mocked clients. Shall I commit?")
    tx.tick(60)
    tx.tool_call("Bash", {"command": "git commit -am 'mqtt: reconnect with backoff'"}, "[main 70f2781] mqtt: reconnect")
    return approved_workdir(tmp_path_factory.mktemp("r35b"), tx)


def _ids52(work: Path) -> dict[str, str]:
    marks = {
        "ask": "reconnect with backoff to the mqtt",
        "write": "AttendanceServiceTest.kt",
        "red": "3 failed",
        "green": "3 passed in",
        "said": "Shall I commit",
        "commit": "70f2781",
    }
    return ids_by_mark(work, marks)


def test_korean_dates_hours_and_a_status_are_no_counts_of_tests(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = (
        "Claude는 `AttendanceServiceTest.kt`를 썼다. 테스트는 2025년 11월 12일 서울 시각을 UTC 존의 `Clock`으로 "
        "고정한다. 17시 2분 체크인에는 알림이 없어야 하고, 21시 시계로 부른 `notifyAbsences`는 1을 돌려줘야 한다. "
        f"라우트 테스트는 모르는 QR에 404를 확인한다. <!-- ev: {ids['write']} -->"
    )
    assert problems(_copy(stop52, tmp_path), body) == []


def test_failed_tests_counted_in_korean_trace_to_the_run(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = f"## 실패한 테스트 3개\n\n실패한 테스트 3개가 나왔다. <!-- ev: {ids['red']} -->"
    assert problems(_copy(stop52, tmp_path), body) == []


def test_a_wrong_count_of_failed_tests_in_korean_is_still_reported(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = f"실패한 테스트 5개가 나왔다. <!-- ev: {ids['red']} -->"
    assert any("5개" in p for p in problems(_copy(stop52, tmp_path), body))


def test_a_korean_length_in_minutes_is_still_a_length() -> None:
    assert [(a.text.strip(), a.unit) for a in amounts("테스트는 2분 걸렸다")] == [("2분", "duration")]


@pytest.mark.parametrize(
    "text",
    [
        "The reconnect I asked for is committed, and its test passes against mocked clients.",
        "The reconnect I asked Claude to add passes its test now, against mocked clients.",
    ],
)
def test_a_request_in_a_relative_clause_is_no_request_to_trace(stop52: Path, tmp_path: Path, text: str) -> None:
    ids = _ids52(stop52)
    body = f"{text} <!-- ev: {ids['green']} {ids['commit']} -->"
    assert [p for p in problems(_copy(stop52, tmp_path), body) if "message of yours" in p or "not you" in p] == []


def test_a_request_told_with_no_message_cited_is_still_reported(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = f"I asked Claude to add a retry queue with jittered backoff. <!-- ev: {ids['green']} -->"
    assert any("message of yours" in p for p in problems(_copy(stop52, tmp_path), body))


def test_a_request_of_it_before_a_colon_is_no_request_to_trace(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = (
        f"The commit came later, when I asked for it: `70f2781`, the reconnect with backoff. "
        f"<!-- ev: {ids['commit']} -->"
    )
    assert [p for p in problems(_copy(stop52, tmp_path), body) if "not you" in p or "message of yours" in p] == []


@pytest.mark.parametrize(
    ("text", "claims"),
    [
        ("Going back to `3e-3` was my call, it said, since the NaN wasn't the LR's fault.", 0),
        ("Going back to `3e-3` was my call, since the NaN wasn't the LR's fault.", 1),
    ],
)
def test_whose_call_it_was_by_claudes_word_is_no_credit(text: str, claims: int) -> None:
    block = next(b for b in read_blocks(DRAFT_HEAD + text + "\n") if "call" in b.text)
    assert len(credit_claims(block.text, block)) == claims


def test_an_hours_minutes_without_their_unit_are_one_length_in_english() -> None:
    found = [
        (a.text, a.value)
        for a in amounts("It took an hour and fifty minutes, an hour and forty-two of which I was away.")
    ]
    assert found == [("an hour and fifty minutes", 110.0), ("an hour and forty-two", 102.0)]


def test_an_hours_minutes_without_their_unit_are_one_length_in_french(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = (
        "De ma demande au commit, il s'est écoulé une heure cinquante, la plus grande partie en pause pour aller "
        f"manger. <!-- ev: {ids['ask']} {ids['commit']} -->"
    )
    assert [p for p in problems(_copy(stop52, tmp_path), body) if "heure" in p] == []


def test_a_changed_length_in_french_is_still_reported(stop52: Path, tmp_path: Path) -> None:
    ids = _ids52(stop52)
    body = (
        "De ma demande au commit, il s'est écoulé trois heures cinquante, la plus grande partie en pause pour aller "
        f"manger. <!-- ev: {ids['ask']} {ids['commit']} -->"
    )
    assert any("heures" in p for p in problems(_copy(stop52, tmp_path), body))


# -- fresh23's inloop-all, left by round thirty-four ---------------------------------------------------------------


@pytest.fixture(scope="module")
def wave(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd="/home/ada/wavelog", start=datetime(2025, 11, 21, 16, 2, tzinfo=timezone.utc))
    tx.user("precommit is reformating the alembic migrations AGAIN. fix it")
    tx.tick(20)
    tx.tool_call(
        "Edit",
        {"file_path": "/home/ada/wavelog/migrations/script.py.mako", "old_string": "a", "new_string": "b"},
        "edited",
    )
    tx.tick(30)
    tx.user("no. don't touch the migrations or the template, this is a config problem")
    tx.tick(10)
    tx.user("and stop guessing, figure out WHY the pyproject exclude doesn't work")
    tx.tick(40)
    tx.tool_call("Bash", {"command": "npm test && npx tsc --noEmit"}, "# pass 6\n# fail 0")
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": "git add pyproject.toml && git commit -m 'lint: exclude migrations' && git log --oneline -1"},
        "3f0b2d6 lint: exclude migrations",
    )
    tx.tick(5)
    tx.assistant("Committed `3f0b2d6` on `chore/lint-migrations`.")
    return approved_workdir(tmp_path_factory.mktemp("r35c"), tx)


def _wave_ids(work: Path) -> dict[str, str]:
    marks = {
        "first": "reformating",
        "edit": "script.py.mako",
        "no": "don't touch",
        "why": "stop guessing",
        "tsc": "tsc --noEmit",
        "commit": "git commit",
        "said": "Committed `3f0b2d6`",
    }
    return ids_by_mark(work, marks)


def test_a_run_with_no_error_in_traditional_chinese_is_no_failure(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    body = f"同一個指令接著跑的 `tsc --noEmit` 沒有報錯。<!-- ev: {ids['tsc']} -->"
    assert problems(_copy(wave, tmp_path), body) == []


def test_a_run_told_as_failing_in_traditional_chinese_is_still_reported(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    body = f"同一個指令接著跑的 `tsc --noEmit` 報錯。<!-- ev: {ids['tsc']} -->"
    assert any("tsc" in p for p in problems(_copy(wave, tmp_path), body))


def test_the_messages_it_took_after_claudes_act(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    cites = " ".join(ids[k] for k in ("first", "edit", "no", "why", "commit"))
    body = (
        "Claude's first fix was an edit to the migrations' template, and it took two messages from me to turn it "
        f"toward finding out why the exclude was being ignored. <!-- ev: {cites} -->"
    )
    assert problems(_copy(wave, tmp_path), body) == []


def test_a_wrong_count_of_messages_is_still_reported(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    cites = " ".join(ids[k] for k in ("first", "edit", "no", "why", "commit"))
    body = (
        "Claude's first fix was an edit to the migrations' template, and it took five messages from me to turn it "
        f"toward finding out why the exclude was being ignored. <!-- ev: {cites} -->"
    )
    assert any("five messages" in p for p in problems(_copy(wave, tmp_path), body))


def test_a_branch_a_commit_is_told_on_is_no_path(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    body = (
        "Every hook line read as passing, and the commit came back as `3f0b2d6`, on `chore/lint-migrations` as Claude "
        f"reported it. <!-- ev: {ids['commit']} {ids['said']} -->"
    )
    assert problems(_copy(wave, tmp_path), body) == []


def test_a_file_never_opened_is_still_reported(wave: Path, tmp_path: Path) -> None:
    ids = _wave_ids(wave)
    body = (
        f"Claude then edited `chore/lint-migrations.toml` to exclude them. <!-- ev: {ids['commit']} {ids['said']} -->"
    )
    assert problems(_copy(wave, tmp_path), body) != []


# -- the stop-52 drafts, again ----------------------------------------------------------------------------------------


def test_a_length_that_passed_is_a_gap_between_events() -> None:
    found = amounts("An hour and nine minutes passed with no one at work.")
    assert [(a.text, a.relative) for a in found] == [("An hour and nine minutes", True)]


def test_a_files_size_is_no_count_of_files() -> None:
    assert [a.unit for a in amounts("Claude made four copies of it, a 3.9K file, in a new folder.")] == ["thing:copy"]
    assert [(a.text, a.unit) for a in amounts("It touched 3 files.")] == [("3 files", "files")]


@pytest.mark.parametrize(("text", "found"), [("那一天事件还是会重复", []), ("测试跑了一天", ["一天"])])
def test_that_day_in_chinese_is_no_length(text: str, found: list[str]) -> None:
    assert [a.text for a in amounts(text)] == found


def test_swift_6_is_a_version() -> None:
    assert [(a.text, a.unit) for a in amounts("three Swift 6 errors")] == [("Swift 6", "version:6.")]


BUILD = 'xcodebuild -scheme T build 2>&1 | grep -E "error:|BUILD" | head -20'


@pytest.fixture(scope="module")
def xcode(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd="/Users/ines/Tomatillo", start=datetime(2026, 1, 5, 19, 40, tzinfo=timezone.utc))
    tx.user("add a notification when a focus block ends")
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": BUILD},
        "/Users/ines/Tomatillo/T/NotificationService.swift:4:7: error: main actor-isolated conformance\n"
        "/Users/ines/Tomatillo/T/NotificationService.swift:35:10: error: sending 'response' risks data races\n"
        "/Users/ines/Tomatillo/T/TimerModel.swift:18:62: error: main actor-isolated method 'tick()'\n"
        "** BUILD FAILED **",
    )
    tx.tick(4000)
    tx.assistant("Now the docs: `getStdOut` reads the diff.")
    tx.tick(30)
    tx.tool_call("Bash", {"command": BUILD}, "** BUILD SUCCEEDED **")
    return approved_workdir(tmp_path_factory.mktemp("r35d"), tx)


def _xcode_ids(work: Path) -> list[str]:
    events = json.loads((work / "events.json").read_text())["events"]
    return [e["id"] for e in events]


def test_a_build_failed_through_a_pipe_and_its_errors(xcode: Path, tmp_path: Path) -> None:
    e = _xcode_ids(xcode)
    body = f"The first build failed on three errors, and the next one went through. <!-- ev: {e[1]} {e[3]} -->"
    assert problems(_copy(xcode, tmp_path), body) == []


def test_a_wrong_count_of_errors_is_still_reported(xcode: Path, tmp_path: Path) -> None:
    e = _xcode_ids(xcode)
    body = f"The first build failed on five errors. <!-- ev: {e[1]} -->"
    assert any("five errors" in p for p in problems(_copy(xcode, tmp_path), body))


def test_a_gap_that_passed_before_the_cited_event(xcode: Path, tmp_path: Path) -> None:
    e = _xcode_ids(xcode)
    body = f"An hour and six minutes passed with no one at work. Then Claude went on. <!-- ev: {e[2]} -->"
    assert problems(_copy(xcode, tmp_path), body) == []


def test_a_wrong_gap_that_passed_is_still_reported(xcode: Path, tmp_path: Path) -> None:
    e = _xcode_ids(xcode)
    body = f"Five hours passed with no one at work. Then Claude went on. <!-- ev: {e[2]} -->"
    assert any("Five hours" in p for p in problems(_copy(xcode, tmp_path), body))


def test_a_sentence_ended_in_a_code_span_starts_the_next(xcode: Path, tmp_path: Path) -> None:
    e = _xcode_ids(xcode)
    body = f"Claude wrote `Now the docs.` Reading the diff, it went on. <!-- ev: {e[2]} -->"
    assert [p for p in problems(_copy(xcode, tmp_path), body) if "Reading" in p] == []
