"""`retell parse` on the command line: determinism, and every kind of bad input a user can hand it."""

from __future__ import annotations

import json
import os
import random
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import (
    PARSE_FIXTURES,
    SESSION_ID,
    Transcript,
    assert_clean_error,
    image_block,
    make_png,
    text_block,
    tool_use_block,
    write_jsonl,
)

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, extract_session

FIXTURE_SESSION = "3f9c1a2e-8b7d-4c6e-9f10-2a3b4c5d6e7f"  # the sessionId inside tests/fixtures/parse/*.jsonl


def _fixture(tmp_path: Path, name: str) -> Path:
    """A private copy of a static fixture: nothing a parse does can touch the committed file."""
    target = tmp_path / "in" / name
    target.parent.mkdir(exist_ok=True)
    shutil.copyfile(PARSE_FIXTURES / name, target)
    return target


def _load(folder: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    events = json.loads((folder / "events.json").read_text(encoding="utf-8"))
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    return events, manifest


def _parse_ok(cli, path: Path, out: Path, *args: str) -> tuple[dict[str, Any], dict[str, Any]]:
    result = cli("parse", path, "-o", out, *args)
    assert result.exit_code == 0, result.output
    assert result.exception is None, result.exception
    return _load(out)


@pytest.fixture
def cwd() -> Path:
    return Path.cwd()  # the `cli` fixture has chdir'ed into an empty scratch folder


def _assert_nothing_written(folder: Path) -> None:
    assert list(folder.iterdir()) == [], "a failed parse left files behind"


# -- the happy path and determinism ------------------------------------------------------------------


def _rich_session(path: Path) -> Path:
    """One of everything: pasted image, tool runs, a linked subagent, a compaction, a flagged secret."""
    tx = Transcript()
    tx.user([text_block("the login page renders blank"), image_block(make_png())])
    for name in ("login.tsx", "auth.ts", "api.ts"):
        tx.tool_call("Read", {"file_path": f"{tx.cwd}/web/src/{name}"}, "...")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": "Trace the API", "prompt": "Trace /api/login"}, tool_id))
    tx.tool_result(tool_id, [text_block("It 500s on a null user.")], tool_use_result={"agentId": "a0b1c2d3"})
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160_000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. "
        "The conversation is summarized below:\nThe login page bug.",
        isCompactSummary=True,
    )
    tx.user("use the token " + "gh" + "p_" + "k3Y9xQ2mB7vL1pR8sT4wZ6nC0dF5hJ2aE9uM")
    tx.tool_call("Bash", {"command": "npm test"}, "Tests: 1 failed, 41 passed, 42 total", is_error=True)
    tx.write(path)
    agent = Transcript(SESSION_ID, sidechain=True, agent_id="a0b1c2d3")
    agent.user("Trace /api/login")
    agent.tool_call("Grep", {"pattern": "login"}, "api/login.ts:3")
    agent.assistant("It 500s on a null user.")
    agent.write(path.parent / SESSION_ID / "subagents" / "agent-a0b1c2d3.jsonl")
    return path


def test_parse_writes_a_work_folder(cli, session_path: Path, cwd: Path) -> None:
    _rich_session(session_path)
    result = cli("parse", session_path)
    assert result.exit_code == 0, result.output
    out = cwd / f"retell-{SESSION_ID[:8]}"
    assert sorted(p.name for p in out.iterdir()) == ["assets", "events.json", "manifest.json"]
    events, manifest = _load(out)
    assert events["schema_version"] == 2
    assert manifest["schema_version"] == 1
    assert manifest["session"]["id"] == SESSION_ID
    assert [p.name for p in (out / "assets").iterdir()] == [manifest["images"][0]["asset"]]
    assert len(manifest["subagents"]["linked"]) == 1
    assert [c["reason"] for c in manifest["chapters"]] == ["start", "compaction"]
    assert [f["kind"] for f in manifest["pii_warnings"]] == ["github-token"]
    assert f"Parsed session {SESSION_ID[:8]}" in result.stdout
    assert "Traceback" not in result.output
    assert [p.name for p in cwd.iterdir()] == [out.name]  # no staging folder left beside it


def test_same_input_gives_byte_identical_output(cli, session_path: Path, tmp_path: Path) -> None:
    _rich_session(session_path)
    first, second = tmp_path / "out1", tmp_path / "out2"
    _parse_ok(cli, session_path, first)
    _parse_ok(cli, session_path, second)
    for name in ("events.json", "manifest.json"):
        assert (first / name).read_bytes() == (second / name).read_bytes(), name
    assert sorted(p.name for p in (first / "assets").iterdir()) == sorted(p.name for p in (second / "assets").iterdir())
    events = (first / "events.json").read_bytes()
    assert events.endswith(b"}\n")
    assert json.loads(events)["events"][0]["kind"] == "human"


def test_reparsing_keeps_the_authors_files(cli, session_path: Path, tmp_path: Path) -> None:
    _rich_session(session_path)
    out = tmp_path / "work"
    _parse_ok(cli, session_path, out)
    (out / "triage.yaml").write_text("# my decisions\n")
    (out / "assets" / "my-diagram.png").write_bytes(make_png((2, 2)))
    before = (out / "events.json").read_bytes()
    _parse_ok(cli, session_path, out)
    assert (out / "triage.yaml").read_text() == "# my decisions\n"
    assert (out / "assets" / "my-diagram.png").exists()
    assert (out / "events.json").read_bytes() == before


def test_session_id_prefix_is_found_in_the_config_dir(cli, session_path: Path, cwd: Path) -> None:
    tx = Transcript()
    tx.user("hello from the config dir")
    tx.write(session_path)
    result = cli("parse", SESSION_ID[:8])
    assert result.exit_code == 0, result.output
    events, _ = _load(cwd / f"retell-{SESSION_ID[:8]}")
    assert events["events"][0]["text"] == "hello from the config dir"


def test_no_subagents_option(cli, session_path: Path, tmp_path: Path) -> None:
    _rich_session(session_path)
    events, manifest = _parse_ok(cli, session_path, tmp_path / "out", "--no-subagents")
    (spawn,) = [e for e in events["events"] if e["kind"] == "subagent"]
    assert "events" not in spawn["subagent"]
    assert spawn["subagent"]["agent_id"] == "a0b1c2d3"
    assert manifest["options"]["include_subagents"] is False


# -- bad input: a clean one-line error, exit 1, nothing written ----------------------------------------


def test_missing_file(cli, tmp_path: Path, cwd: Path) -> None:
    message = assert_clean_error(cli("parse", tmp_path / "nope.jsonl"))
    assert "nope.jsonl" in message
    assert "no such file" in message
    _assert_nothing_written(cwd)


def test_a_directory(cli, project_dir: Path, cwd: Path) -> None:
    message = assert_clean_error(cli("parse", project_dir))
    assert "folder" in message
    _assert_nothing_written(cwd)


def test_empty_file(cli, tmp_path: Path, cwd: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"")
    message = assert_clean_error(cli("parse", path))
    assert "empty" in message
    _assert_nothing_written(cwd)


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("plain_text.jsonl", "not a Claude Code transcript"),
        ("other_jsonl.jsonl", "not a Claude Code transcript"),
        ("blank_lines.jsonl", "no records"),
    ],
)
def test_not_a_transcript(cli, tmp_path: Path, cwd: Path, name: str, expected: str) -> None:
    message = assert_clean_error(cli("parse", _fixture(tmp_path, name)))
    assert expected in message
    assert name in message
    _assert_nothing_written(cwd)


def test_binary_file(cli, tmp_path: Path, cwd: Path) -> None:
    rng = random.Random(1234)
    data = bytes(rng.randrange(256) for _ in range(64 * 1024)) + b"\x00\x00\x00"
    path = tmp_path / "core.jsonl"
    path.write_bytes(data)
    message = assert_clean_error(cli("parse", path))
    assert "not a Claude Code transcript" in message
    _assert_nothing_written(cwd)


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_permission_denied(cli, tmp_path: Path, cwd: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("running as root: root ignores file permissions")
    path = write_jsonl(tmp_path / "private.jsonl", Transcript().records or [{"type": "user"}])
    path.chmod(0)
    try:
        message = assert_clean_error(cli("parse", path))
    finally:
        path.chmod(0o600)
    assert "permission denied" in message
    _assert_nothing_written(cwd)


def test_session_prefix_matching_nothing_says_where_it_looked(cli, session_path: Path, tmp_path: Path) -> None:
    write_jsonl(session_path, [{"type": "user"}])
    message = assert_clean_error(cli("parse", "deadbeef"))
    assert "'deadbeef'" in message
    assert str(tmp_path / "claude" / "projects") in message


def test_session_prefix_without_a_projects_folder(cli, tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "no-such-config"))
    message = assert_clean_error(cli("parse", "deadbeef"))
    assert str(tmp_path / "no-such-config" / "projects") in message
    assert "CLAUDE_CONFIG_DIR" in message


def test_ambiguous_session_prefix_lists_the_candidates(cli, project_dir: Path, cwd: Path) -> None:
    ids = ["abcd1234-0000-4000-8000-000000000001", "abcd1234-0000-4000-8000-000000000002"]
    other = project_dir.parent / "-srv-other"
    for folder, sid in zip((project_dir, other), ids, strict=True):
        tx = Transcript(sid)
        tx.user("hi")
        tx.write(folder / f"{sid}.jsonl")
    message = assert_clean_error(cli("parse", "abcd"), one_line=False)
    assert "matches 2 sessions" in message
    for sid in ids:
        assert sid in message
    _assert_nothing_written(cwd)


def test_strict_fails_on_a_malformed_line_naming_it(cli, tmp_path: Path, cwd: Path) -> None:
    path = _fixture(tmp_path, "malformed_middle.jsonl")
    message = assert_clean_error(cli("parse", path, "--strict"))
    assert f"{path.name}:3" in message
    _assert_nothing_written(cwd)


def test_output_path_that_is_a_file(cli, session_path: Path, tmp_path: Path) -> None:
    _rich_session(session_path)
    target = tmp_path / "notes.txt"
    target.write_text("mine")
    message = assert_clean_error(cli("parse", session_path, "-o", target))
    assert "notes.txt" in message
    assert target.read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["claude", "cwd", "notes.txt"]


# -- damaged but usable input: parsed, exit 0 -------------------------------------------------------------


def test_malformed_line_in_the_middle_is_skipped_and_counted(cli, tmp_path: Path) -> None:
    result = cli("parse", _fixture(tmp_path, "malformed_middle.jsonl"), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "line 3" in result.stderr
    events, manifest = _load(tmp_path / "out")
    assert manifest["malformed"] == {"count": 1, "lines": [3], "truncated_last_line": False}
    assert [e["kind"] for e in events["events"]] == ["human", "assistant", "tool_run", "assistant"]


def test_truncated_last_line(cli, tmp_path: Path) -> None:
    result = cli("parse", _fixture(tmp_path, "truncated_last_line.jsonl"), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "incomplete" in result.stderr
    events, manifest = _load(tmp_path / "out")
    assert manifest["malformed"]["truncated_last_line"] is True
    assert manifest["malformed"]["count"] == 0
    assert [e["kind"] for e in events["events"]] == ["human", "assistant", "tool_run"]


def test_truncated_last_line_is_fatal_when_strict(cli, tmp_path: Path) -> None:
    """The README: malformed lines, a session still being written among them, are skipped; --strict makes them
    fatal (issue 25: it used to let an incomplete last line through)."""
    source = _fixture(tmp_path, "truncated_last_line.jsonl")
    message = assert_clean_error(cli("parse", source, "-o", tmp_path / "out", "--strict"))
    lines = source.read_bytes().count(b"\n") + 1
    assert f"{source}:{lines}: the last line is incomplete" in message and "--strict" in message
    assert not (tmp_path / "out").exists()


def test_invalid_utf8_inside_a_string_is_repaired(cli, tmp_path: Path) -> None:
    events, manifest = _parse_ok(cli, _fixture(tmp_path, "invalid_utf8.jsonl"), tmp_path / "out")
    text = events["events"][0]["text"]
    assert text.startswith("café ")
    assert text.endswith(" menu")
    assert "\ufffd" in text
    assert manifest["malformed"]["count"] == 0


def test_lone_surrogate_escape_is_parsed(cli, tmp_path: Path) -> None:
    _parse_ok(cli, _fixture(tmp_path, "lone_surrogate.jsonl"), tmp_path / "out")
    raw = (tmp_path / "out" / "events.json").read_bytes()
    text = json.loads(raw.decode("utf-8"))["events"][0]["text"]  # strict UTF-8: no surrogate written out
    assert text.startswith("emoji half: ")
    assert text.endswith(" end")
    assert "\ud800" not in text


def test_bom_and_crlf_line_endings(cli, tmp_path: Path) -> None:
    windows, _ = _parse_ok(cli, _fixture(tmp_path, "bom_crlf.jsonl"), tmp_path / "win")
    unix, _ = _parse_ok(cli, _fixture(tmp_path, "minimal.jsonl"), tmp_path / "unix")
    assert windows["events"] == unix["events"]


def test_unicode_line_separators_do_not_split_records(cli, tmp_path: Path) -> None:
    events, manifest = _parse_ok(cli, _fixture(tmp_path, "unicode_line_separators.jsonl"), tmp_path / "out")
    assert events["events"][0]["text"] == "first\u2028second\u2029third\u0085fourth"
    assert manifest["malformed"]["count"] == 0
    assert manifest["source"]["lines"] == 2


def test_unknown_record_types_are_listed(cli, tmp_path: Path) -> None:
    events, manifest = _parse_ok(cli, _fixture(tmp_path, "unknown_types.jsonl"), tmp_path / "out")
    assert manifest["unknown"] == {
        "record_types": {"hologram": 2, "time-travel": 1},
        "attachment_types": {"quantum_reminder": 1},
        "progress_types": {"teleport_progress": 1},
        "system_subtypes": {"weather_report": 1},
        "content_blocks": {"hologram_block": 1},
    }
    assert [e["kind"] for e in events["events"]] == ["human", "assistant"]


def test_fields_of_unexpected_types_do_not_crash(cli, tmp_path: Path) -> None:
    result = cli("parse", _fixture(tmp_path, "unexpected_field_types.jsonl"), "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert result.exception is None, result.exception
    events, manifest = _load(tmp_path / "out")
    humans = [e["text"] for e in events["events"] if e["kind"] == "human"]
    assert humans[0] == "the one normal message"
    assert manifest["malformed"]["count"] == 2  # the two lines that are JSON but not objects
    assert manifest["session"]["id"] == FIXTURE_SESSION


def test_a_transcript_with_only_noise_has_no_events(cli, tmp_path: Path) -> None:
    path = _fixture(tmp_path, "noise_only.jsonl")
    parsed = extract_session(SessionRef(path, path.stem), None, ParseOptions())
    assert parsed.log.events == []
    assert parsed.manifest["records"]["skipped_unparsed"] == 4
    assert [Path(p).name for p in parsed.manifest["files"]["snapshot"]] == ["a.py"]
    # as a command: nothing to tell, said in one line, and no work folder
    result = cli("parse", path, "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert result.output.strip() == "retell: error: nothing to tell: noise_only.jsonl holds no message and no work"
    assert not (tmp_path / "out").exists()


def _with_timestamps(path: Path, *timestamps: Any) -> Path:
    """One human message per timestamp (the first with a good one), the given values written as-is."""
    tx = Transcript()
    for i, timestamp in enumerate(timestamps):
        tx.user(f"message {i}")["timestamp"] = timestamp
    return tx.write(path)


@pytest.mark.parametrize(
    "timestamp",
    [1767603601, None, "yesterday", "2026-13-45T99:99:99Z", "2026-01-05T10:00:nanZ", ["2026"]],
)
def test_odd_timestamps_do_not_crash(cli, tmp_path: Path, timestamp: Any) -> None:
    path = _with_timestamps(tmp_path / "ts.jsonl", "2026-01-05T10:00:00.000Z", timestamp)
    events, manifest = _parse_ok(cli, path, tmp_path / "out")
    assert [e["text"] for e in events["events"]] == ["message 0", "message 1"]
    assert manifest["session"]["start"] == "2026-01-05T10:00:00.000Z"


def test_infinite_seconds_in_a_timestamp_do_not_crash(cli, tmp_path: Path) -> None:
    path = _with_timestamps(tmp_path / "ts.jsonl", "2026-01-05T10:00:00.000Z", "2026-01-05T10:00:infZ")
    result = cli("parse", path, "-o", tmp_path / "out")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0


def test_a_number_too_big_for_a_double_does_not_crash(cli, tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("hello")
    path = tx.write(tmp_path / "big.jsonl")
    with path.open("a") as fh:
        fh.write(
            '{"type":"system","subtype":"turn_duration","durationMs":1e400,"isSidechain":false,'
            f'"sessionId":"{SESSION_ID}","uuid":"4f1d2a3b-5c6d-4e7f-8a9b-0c1d2e3f4a5b",'
            '"timestamp":"2026-01-05T10:00:05.000Z"}\n'
        )
    result = cli("parse", path, "-o", tmp_path / "out")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert result.exit_code == 0


def test_a_single_50_mb_line(cli, tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("dump the table")
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": "psql -c 'select * from events'"}, tool_id))
    bulk = "0123456789abcdef" * (50 * 1024 * 1024 // 16)
    tx.tool_result(tool_id, bulk, tool_use_result={"stdout": "", "stderr": "", "interrupted": False})
    tx.assistant("That is a lot of rows.")
    path = tx.write(tmp_path / "huge.jsonl")
    assert max(len(line) for line in path.read_bytes().split(b"\n")) > 50 * 1024 * 1024
    started = time.perf_counter()
    events, manifest = _parse_ok(cli, path, tmp_path / "out")
    elapsed = time.perf_counter() - started
    assert [e["kind"] for e in events["events"]] == ["human", "tool_run", "assistant"]
    assert manifest["sizes"]["file_bytes"] > 50 * 1024 * 1024
    assert (tmp_path / "out" / "events.json").stat().st_size < 10_000  # the bulk is not the story
    # a guard against a line read or scanned in quadratic time (hours), not a benchmark: a busy machine may be
    # several times slower than an idle one
    assert elapsed < 120, f"a 50 MB line took {elapsed:.1f}s"


# -- a subagent's transcript named on its own ---------------------------------------------------------


def _subagent(path: Path) -> Path:
    """A subagent's transcript: its first message is the Task prompt Claude wrote, not the author's."""
    t = Transcript(sidechain=True, agent_id="a36efb2a1231c41e2")
    t.user("You are alice (round 2). Merge master into your branch and report.")
    t.assistant([text_block("Merged; no conflicts.")])
    return t.write(path)


@pytest.mark.parametrize("layout", ["subagents folder (2.1+)", "beside the sessions (before 2.1.2)"])
def test_a_subagents_transcript_is_refused_with_its_session_named(
    cli, session_path: Path, cwd: Path, layout: str
) -> None:
    """A post of its own would quote Claude's Task prompt as the author's first message."""
    Transcript().write(session_path)
    if layout.startswith("subagents"):
        agent = session_path.with_suffix("") / "subagents" / "agent-a36efb2a1231c41e2.jsonl"
    else:
        agent = session_path.with_name("agent-a36efb2a.jsonl")
    agent.parent.mkdir(parents=True, exist_ok=True)
    _subagent(agent)
    for command in ("parse", "run"):
        message = assert_clean_error(cli(command, agent))
        assert "subagent's transcript" in message
        assert str(session_path) in message  # what to give instead
    _assert_nothing_written(cwd)


def test_a_subagents_transcript_whose_session_is_gone_names_the_session(cli, tmp_path: Path, cwd: Path) -> None:
    agent = _subagent(tmp_path / "agent-a36efb2a.jsonl")
    message = assert_clean_error(cli("parse", agent))
    assert f"session {SESSION_ID}" in message
    _assert_nothing_written(cwd)


def test_a_compaction_replay_is_not_a_session(cli, tmp_path: Path, cwd: Path) -> None:
    agent = _subagent(tmp_path / "agent-acompact-3f1e.jsonl")
    message = assert_clean_error(cli("parse", agent))
    assert "compaction" in message
    _assert_nothing_written(cwd)
