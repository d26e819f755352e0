"""The shortcuts that keep big sessions cheap must not change what parse produces.

- Tool outputs stay raw bytes (msgspec.Raw) and are decoded only when the story uses them.
- The file's sha256 is computed on one background thread for the whole run (subagent files are not hashed).
- events.json is written one event at a time.
"""

from __future__ import annotations

import hashlib
import json
import threading
from pathlib import Path

import pytest
from conftest import Transcript, image_block, make_png, text_block

from retell import jsonio
from retell.claude import digest, reader, records
from retell.claude.locate import SessionRef
from retell.claude.records import ResultBlock
from retell.events import EventLog
from retell.parse import ParseOptions, extract_session, parse_to_workdir

BIG = "x" * 40_000  # outputs of this size are what the fast path is for


def _big_session(tmp_path: Path) -> Path:
    tx = Transcript()
    tx.user("Please look at the logs and run the tests.")
    tx.tool_call("Read", {"file_path": "/srv/demo/proj/app.log"}, BIG, tool_use_result={"file": {"content": BIG}})
    tx.tool_call("Bash", {"command": "pytest -q"}, BIG + "\n=== 2 failed, 9 passed in 0.5s ===")
    tx.tool_call("Grep", {"pattern": "Traceback"}, BIG, is_error=True)
    tx.tool_call("Bash", {"command": "ls"}, [text_block(BIG), image_block(make_png((30, 20)))])
    tx.tool_call(
        "AskUserQuestion",
        {"questions": [{"question": "Keep the old cache?"}]},
        'User has answered your questions: "Keep the old cache?"="No, drop it". ' + BIG,
    )
    tx.tool_call(
        "Task",
        {"description": "Scan the logs", "prompt": "Find every traceback.", "subagent_type": "Explore"},
        [text_block(BIG[:20_000] + "\nFound 3 tracebacks.")],
        tool_use_result={"agentId": "a1b2c3", "totalTokens": 1234, "totalToolUseCount": 3, "totalDurationMs": 9000},
    )
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/app.py"}, BIG)
    tx.assistant(text_block("Two tests fail, the agent found three tracebacks, and app.py is fixed."))
    # A replayed big result (the same uuid again) is still counted once.
    tx.add(dict(tx.records[-2]))
    return tx.write(tmp_path / "big.jsonl")


def _parse(path: Path) -> tuple[str, str]:
    result = extract_session(SessionRef(path, path.stem), None, ParseOptions(write_assets=False))
    return json.dumps(result.log.to_dict(), sort_keys=True), json.dumps(result.manifest, sort_keys=True)


def test_tool_outputs_are_decoded_only_when_the_story_uses_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _big_session(tmp_path)
    decoded: list[object] = []
    content_value = ResultBlock.content_value
    monkeypatch.setattr(ResultBlock, "content_value", lambda block: decoded.append(block) or content_value(block))
    skimmed = _parse(path)
    # the test run, the error, the image, the answer and the subagent's report; not the Read, Edit or replay
    assert len(decoded) == 5
    # every message decoded in full: no user record decoded with its blocks, none read as tool results only
    monkeypatch.setattr(reader, "decode_user_record", records.decode_record)
    monkeypatch.setattr(records.Record, "tool_results", lambda record: None)
    assert _parse(path) == skimmed
    events = json.loads(skimmed[0])["events"]
    outcomes = [c.get("outcome") for e in events for c in e.get("calls", [])]
    errors = [c.get("error") for e in events for c in e.get("calls", [])]
    assert "2 failed, 9 passed" in outcomes  # a test run's result was decoded
    assert any(o and "No, drop it" in o for o in outcomes)  # so was the answer to a question
    assert any(errors)  # and the failed call's error line
    assert any(e["kind"] == "image" for e in events)  # and the image inside a result
    spawn = next(e for e in events if e["kind"] == "subagent")
    assert spawn["subagent"]["result"].endswith("Found 3 tracebacks.")
    assert spawn["subagent"]["usage"]["total_tokens"] == 1234
    assert json.loads(skimmed[1])["records"]["replayed"] == 1


def test_a_truncated_big_last_line_is_reported_not_skimmed(tmp_path: Path) -> None:
    path = _big_session(tmp_path)
    data = path.read_bytes()
    path.write_bytes(data[: len(data) - 5000])  # the file ends in the middle of a big line
    manifest = json.loads(_parse(path)[1])
    assert manifest["malformed"]["truncated_last_line"] is True


def test_the_manifest_hash_is_the_files_sha256(tmp_path: Path) -> None:
    path = _big_session(tmp_path)
    _, result = parse_to_workdir(SessionRef(path, path.stem), tmp_path / "w", ParseOptions())
    assert result.manifest["source"]["sha256"] == hashlib.sha256(path.read_bytes()).hexdigest()
    events = (tmp_path / "w" / "events.json").read_bytes()
    assert result.manifest["artifacts"] == {
        "events_json_sha256": hashlib.sha256(events).hexdigest(),
        "events_json_bytes": len(events),
    }


def test_events_json_is_written_exactly_as_one_dump(tmp_path: Path) -> None:
    path = _big_session(tmp_path)
    parse_to_workdir(SessionRef(path, path.stem), tmp_path / "w", ParseOptions())
    written = (tmp_path / "w" / "events.json").read_bytes()
    assert written == jsonio.dumps(EventLog.from_dict(json.loads(written)).to_dict())


@pytest.mark.parametrize("items", [[], [{"b": 1, "a": [1, {"z": "é\n"}]}], [{"x": None}, {"y": [[]]}]])
def test_the_streaming_writer_matches_dumps(tmp_path: Path, items: list[object]) -> None:
    head = {"schema_version": 1, "session": {"id": "s", "title": None}, "chapters": [{"id": "ch1"}]}
    digest, size = jsonio.write_document_streaming(tmp_path / "doc.json", head, "events", iter(items))
    expected = jsonio.dumps({**head, "events": items})
    assert (tmp_path / "doc.json").read_bytes() == expected
    assert (digest, size) == (hashlib.sha256(expected).hexdigest(), len(expected))


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "claude" / "projects" / "-home-sam-src-tidyfeeds"


def test_one_hashing_thread_serves_every_file_and_subagents_are_not_hashed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hashed: list[Path] = []
    file_digest = digest.FileDigest.__init__

    def record(self: digest.FileDigest, path: Path) -> None:
        hashed.append(path)
        file_digest(self, path)

    monkeypatch.setattr(digest.FileDigest, "__init__", record)
    started: list[str] = []

    class CountedThread(threading.Thread):
        def start(self) -> None:
            started.append(self.name)
            super().start()

    # Threads started, not threads alive when the parse ends: the server leaves after an idle wait, which a
    # loaded machine can reach before the assertion (it did). The wait is made long enough that a slow machine
    # never has to start a second server between two files.
    monkeypatch.setattr(digest.threading, "Thread", CountedThread)
    monkeypatch.setattr(digest, "_IDLE_S", 60.0)
    sessions = sorted(EXAMPLE.glob("*.jsonl"))
    _, result = parse_to_workdir([SessionRef(p, p.stem) for p in sessions], tmp_path / "w", ParseOptions())
    assert sorted(hashed) == sessions  # the three sessions; not their subagents' files
    assert started.count("retell-sha256") <= 1  # one server for every file (none if an earlier test's still runs)
    by_source = [s["source"]["sha256"] for s in result.manifest["sessions"]]
    assert sorted(by_source) == sorted(hashlib.sha256(p.read_bytes()).hexdigest() for p in sessions)


def _line(message: object, **keys: object) -> bytes:
    return json.dumps({"type": "user", "uuid": "u1", **keys, "message": message}).encode() + b"\n"


@pytest.mark.parametrize(
    "line",
    [
        _line({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": BIG}]}),
        _line({"content": [{"type": "tool_result", "tool_use_id": "t2", "is_error": True, "content": [{"x": 1}]}]}),
        _line({"content": []}),
        _line({"content": [{"type": "tool_result", "tool_use_id": "t3"}, {"type": "text", "text": "and stop"}]}),
        _line({"content": "Please look at the logs."}, isCompactSummary=True),
        _line(None),
        b'{"type":"user","message":{"content":[{"type":"tool_result","content":"\xff bad utf-8"}]}}\n',
        b'{"type":"user","message":{"content":[{"type":"tool_result"}]},"type":"assistant"}\n',  # (read last)
    ],
)
def test_a_user_record_read_in_one_pass_reads_as_in_two(line: bytes) -> None:
    """A line known to be a user record has its tool results decoded with the line: same blocks, same
    message, same other fields; anything else is decoded as before."""
    once, twice = records.decode_user_record(line), records.decode_record(line)
    assert isinstance(once, records.ToolResults) == (twice.type == "user" and twice.tool_results() is not None)

    def blocks(record: records.Record) -> object:
        found = record.tool_results()
        return None if found is None else [(b.tool_use_id, b.is_error, b.content_value()) for b in found]

    assert blocks(once) == blocks(twice)
    assert (once.type, once.uuid, once.isCompactSummary) == (twice.type, twice.uuid, twice.isCompactSummary)
    if not isinstance(once, records.ToolResults):
        assert once.message_value() == twice.message_value()


def test_a_parse_without_a_user_config_does_not_load_the_yaml_library(tmp_path: Path) -> None:
    """The author's redact list is read only when their config file exists: a parse of an author who has none
    does not pay for importing ruamel.yaml (~20 ms, in a fresh interpreter as a user's `retell parse` runs)."""
    import os
    import subprocess
    import sys

    example = Path(__file__).resolve().parents[2] / "examples/claude/projects/-home-sam-src-tidyfeeds"
    session = sorted(example.glob("*.jsonl"))[0]
    code = (
        "import sys\n"
        "from retell.cli import app\n"
        f"sys.argv = ['retell', 'parse', {str(session)!r}, '-o', {str(tmp_path / 'work')!r}, '-q']\n"
        "try:\n    app()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
        "print('ruamel' in ' '.join(sys.modules))\n"
    )
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False", done.stderr
    assert (tmp_path / "work" / "events.json").is_file()
