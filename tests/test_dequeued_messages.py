"""A message the author typed while Claude worked, delivered by `dequeue` (Claude Code ~2.0-2.1.x): the queue's
`enqueue` carries the text at the time it was typed; when the running step ends, a `dequeue` and a normal user
record with the same text deliver it, minutes later. That user record is the queued message, typed while Claude
worked, at the enqueue's time: not a new prompt, not a reply to what came in between (fresh14's Turkish Spring Boot
session: typed 07:37:32 as a test run began, delivered 07:41:11 after it failed, told as written "4 minutes after
the test output"; and "Claude at work 13 min" where the events' times give about 17).

The same `enqueue` + `dequeue` pair is also written for every message an IDE sends while Claude is idle (the two a
few milliseconds apart, nothing in between): that one is an ordinary prompt. A dequeued message whose user record
never comes, or comes with other words, changes nothing."""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from types import ModuleType

import pytest
from bench_support import load_bench
from conftest import Transcript, events, text_block
from prompt_support import outline_prompt, parse_work
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app
from retell.events import Event
from retell.write.facts import work_time, worked_minutes

runner = CliRunner()

TR_START = datetime(2026, 2, 24, 7, 31, 55, tzinfo=timezone.utc)
TR_CWD = "/home/emre/workspace/siparis-servisi"
TR_PROJECTS = "claude/projects/-home-emre-workspace-siparis-servisi"
TR_NOTE = (
    "bu arada trailing slash'e dikkat et, mobil uygulama bazı yerlerde /api/orders/ diye çağırıyor, onu kırmayalım"
)


def _humans(result) -> list[tuple[str, bool, str | None]]:
    return [(e["text"], e.get("queued", False), e.get("typed_at")) for e in events(result, "human")]


def _turkish(version: str = "2.1.33") -> tuple[Transcript, str]:
    """The fresh14 shape: Claude says the tests take minutes, the author types a note as the run starts, the run
    fails 3.6 min later, then `dequeue` and the user record deliver the note. Returns the enqueue's time."""
    tx = Transcript(cwd=TR_CWD, version=version, start=TR_START)
    tx.user("siparis-servisi'ni Spring Boot 2.7'den 3.2'ye yükseltelim, yetkilendirme kuralları aynı kalsın")
    tx.tool_call("Bash", {"command": "./mvnw -q -DskipTests compile"}, "BUILD SUCCESS")
    tx.tick(40)
    tx.assistant("Derleniyor. Şimdi testler; Testcontainers yüzünden birkaç dakika sürer.")
    tx.tick(45)
    typed = tx.queue("enqueue", TR_NOTE)["timestamp"]
    tool_id = tx.new_tool_id()
    tx.assistant({"type": "tool_use", "id": tool_id, "name": "Bash", "input": {"command": "./mvnw -q test"}})
    tx.tick(215)  # the Testcontainers run
    tx.tool_result(
        tool_id,
        "Exit code 1\n[ERROR] Tests run: 142, Failures: 1, Errors: 3, Skipped: 0\n"
        "[ERROR]   OrderControllerIT.listOrdersWithTrailingSlash:88 Status expected:<200> but was:<404>",
        is_error=True,
    )
    tx.queue("dequeue")
    tx.user(TR_NOTE, permissionMode="default")
    tx.assistant("Tam da söylediğin şey testlerde de çıktı 🙂 `listOrdersWithTrailingSlash` 404 veriyor.")
    tx.tool_call("Edit", {"file_path": f"{TR_CWD}/src/main/java/WebConfig.java", "old_string": "a", "new_string": "b"})
    tx.tool_call("Bash", {"command": "./mvnw -q test"}, "[INFO] Tests run: 142, Failures: 0, Errors: 0, Skipped: 0")
    tx.assistant("142/142 test geçiyor.")
    return tx, typed


# -- the event ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("version", ["2.1.33", "2.0.74", "2.1.17"])
def test_a_dequeued_message_is_the_queued_message_at_the_time_it_was_typed(parse, version: str) -> None:
    tx, typed = _turkish(version)
    result = parse(tx)
    humans = _humans(result)
    assert humans[1] == (TR_NOTE, True, typed)
    note = events(result, "human")[1]
    assert note["ts"] > typed  # delivered later: the event stays where Claude read it
    assert len(humans) == 2  # told once: the enqueue's copy is no second event


def test_a_german_message_queued_while_claude_generated(parse) -> None:
    """fresh13's shape: a few seconds in the queue while Claude wrote its next steps (no long call)."""
    tx = Transcript(cwd="/home/felix/dev/kasse-monorepo", version="2.1.33")
    tx.user("stell das Monorepo von Jest auf Vitest um")
    tx.tool_call("Read", {"file_path": "/home/felix/dev/kasse-monorepo/jest.config.js"}, "module.exports = {}")
    typed = tx.queue("enqueue", "ach nimm doch globals: true, ich will keine 47 Dateien im Diff für Imports")[
        "timestamp"
    ]
    tx.assistant("Ich lege die vitest.config.ts an.")
    tx.tool_call("Write", {"file_path": "/home/felix/dev/kasse-monorepo/vitest.config.ts", "content": "x"})
    tx.queue("dequeue")
    tx.user("ach nimm doch globals: true, ich will keine 47 Dateien im Diff für Imports")
    tx.assistant("Gut, globals: true.")
    assert _humans(parse(tx))[1] == (
        "ach nimm doch globals: true, ich will keine 47 Dateien im Diff für Imports",
        True,
        typed,
    )


def test_a_dequeued_message_in_blocks_with_ide_context(parse) -> None:
    """Claude Code 2.0.x in VS Code: the queue and the user record carry blocks, an IDE notice before the words."""
    tx = Transcript(version="2.0.42")
    tx.user("ビルドが遅いので原因を調べて")
    tx.tool_call("Bash", {"command": "npm run build -- --profile"}, "done in 93s")
    content = [
        text_block(
            "<ide_selection>The user selected the lines 3 to 9 from /srv/demo/proj/vite.config.ts</ide_selection>"
        ),
        text_block("この設定も見てください"),
    ]
    typed = tx.queue("enqueue", content)["timestamp"]
    tx.tool_call("Read", {"file_path": "/srv/demo/proj/package.json"}, "{}")
    tx.queue("dequeue")
    tx.user(content)
    tx.assistant("vite.config.ts も確認します。")
    assert _humans(parse(tx))[1] == ("この設定も見てください", True, typed)


@pytest.mark.parametrize(
    "text", ["yes please, and let's make it cross-browser", "oui, et garde la compatibilité avec Safari"]
)
def test_an_ide_message_sent_while_claude_was_idle_is_an_ordinary_prompt(parse, text: str) -> None:
    """2.0.x IDE sessions write enqueue and dequeue for every message, milliseconds apart: nothing waited."""
    tx = Transcript(version="2.0.42")
    tx.user("set up a recorder page")
    tx.assistant("Done: index.html records from the microphone.")
    tx.tick(90)
    tx.queue("enqueue", [text_block(text)])
    tx.queue("dequeue")
    tx.user([text_block(text)])
    tx.assistant("Adding the Safari fallback.")
    assert _humans(parse(tx))[1] == (text, False, None)


def test_a_dequeued_message_whose_record_says_other_words_changes_nothing(parse) -> None:
    tx, _ = _turkish()
    records = tx.records
    delivered = next(r for r in records if r.get("type") == "user" and r["message"]["content"] == TR_NOTE)
    delivered["message"]["content"] = "tamam, testleri tekrar çalıştır"
    humans = _humans(parse(tx))
    assert humans[1] == ("tamam, testleri tekrar çalıştır", False, None)
    assert TR_NOTE not in [h[0] for h in humans]


def test_a_dequeued_message_whose_record_never_comes_changes_nothing(parse) -> None:
    """No user record follows the dequeue (the turn went on); the same words typed later as a new message
    are that new message."""
    tx = Transcript()
    tx.user("run the migration")
    tx.queue("enqueue", "and keep the old column")
    tx.tool_call("Bash", {"command": "alembic upgrade head"}, "OK")
    tx.queue("dequeue")
    tx.assistant("Migration done.")
    tx.tick(120)
    tx.user("and keep the old column")
    assert _humans(parse(tx)) == [("run the migration", False, None), ("and keep the old column", False, None)]


def test_a_dequeue_with_nothing_queued_changes_nothing(parse) -> None:
    """`claude -p` writes a dequeue before its first message, with no enqueue."""
    tx = Transcript(version="2.1.17")
    tx.queue("dequeue")
    tx.user("What are the tools that are available to you?")
    tx.assistant("Read, Edit, Bash…")
    assert _humans(parse(tx)) == [("What are the tools that are available to you?", False, None)]


def test_a_queued_command_attachment_and_the_dequeued_record_of_one_message_are_one_event(parse) -> None:
    tx = Transcript()
    tx.user("run the migration")
    tx.queue("enqueue", "and add a test for it")
    tx.tool_call("Bash", {"command": "alembic upgrade head"}, "OK")
    tx.attachment({"type": "queued_command", "prompt": "and add a test for it", "commandMode": "prompt"})
    tx.queue("dequeue")
    tx.user("and add a test for it")
    tx.assistant("Adding a test.")
    humans = _humans(parse(tx))
    assert [h[:2] for h in humans] == [("run the migration", False), ("and add a test for it", True)]


def test_the_field_survives_events_json() -> None:
    event = Event(
        kind="human", ts="2026-02-24T07:41:11.011Z", text="x", queued=True, typed_at="2026-02-24T07:37:32.165Z"
    )
    again = Event.from_dict(event.to_dict())
    assert again.typed_at == "2026-02-24T07:37:32.165Z" and again.queued
    assert "typed_at" not in Event(kind="human", text="x").to_dict()


# -- its readers ----------------------------------------------------------------------------------------------


def test_the_wait_in_the_queue_is_claudes_work(parse) -> None:
    tx, _ = _turkish()
    result = parse(tx)
    work = work_time(result.log.events)
    assert work is not None
    first, last = (
        datetime.fromisoformat(r["timestamp"].replace("Z", "+00:00")) for r in (tx.records[0], tx.records[-1])
    )
    span_ms = int((last - first).total_seconds() * 1000)
    assert work.claude_ms == span_ms  # the author waited for nothing: every gap was Claude's
    assert work.waits == 0 and work.author_ms == 0
    assert result.manifest["counts"]["human_turns"] == 2


def test_the_material_says_when_it_was_typed_and_no_reply_gap(tmp_path: Path, no_live_settings) -> None:  # noqa: F811
    tx, typed = _turkish()
    delivered = next(r for r in tx.records if r.get("type") == "user" and r["message"]["content"] == TR_NOTE)
    prompt = outline_prompt(parse_work(tmp_path, tx, TR_PROJECTS))
    lines = prompt.splitlines()
    line = next(ln for ln in lines if TR_NOTE[:30] in ln and "AUTHOR" in ln)
    before = lines[lines.index(line) - 1]
    assert not re.fullmatch(r"\(\d+ min later\)", before.strip()), before
    assert f"typed while Claude worked, at {typed[11:16]} UTC" in line, line
    assert f"at {delivered['timestamp'][11:16]} UTC" in line, line  # when it reached Claude
    first, last = (_ms(r["timestamp"]) for r in (tx.records[0], tx.records[-1]))
    assert f"Claude at work {worked_minutes(last - first)}," in prompt  # the wait in the queue was Claude's


def _ms(ts: str) -> int:
    return int(datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp() * 1000)


def test_the_offline_post_adds_it_while_claude_worked(tmp_path: Path, no_live_settings) -> None:  # noqa: F811
    tx, _ = _turkish()
    work = parse_work(tmp_path, tx, TR_PROJECTS)
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    draft = (work / "draft.md").read_text(encoding="utf-8")
    lead = draft.index("While Claude was still working, I added:")
    assert "trailing slash" in draft[lead : lead + 400]


# -- the fidelity bench ---------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def fidelity() -> ModuleType:
    return load_bench("fidelity.py", "fidelity_bench_dequeued")


def test_the_bench_counts_a_dequeued_message_as_queued(fidelity: ModuleType, tmp_path: Path) -> None:
    tx, _ = _turkish()
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in tx.records), encoding="utf-8")
    raw = fidelity.Raw(path)
    assert len(raw.messages) == 2
    assert raw.queued == {fidelity._key(TR_NOTE)}


def test_the_bench_does_not_count_an_idle_ide_message_as_queued(fidelity: ModuleType, tmp_path: Path) -> None:
    tx = Transcript(version="2.0.42")
    tx.user("set up a recorder page")
    tx.assistant("Done.")
    tx.queue("enqueue", [text_block("now make it cross-browser")])
    tx.queue("dequeue")
    tx.user([text_block("now make it cross-browser")])
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in tx.records), encoding="utf-8")
    assert fidelity.Raw(path).queued == set()


def test_the_bench_reads_which_quotes_the_post_tells_as_added(fidelity: ModuleType) -> None:
    post = "I started with this:\n\n> fix it\n\nWhile Claude was still working, I added:\n\n> mind the slash\n\nDone."
    assert fidelity.queued_quotes(post) == ["mind the slash"]
