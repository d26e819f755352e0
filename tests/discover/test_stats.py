"""`session_stats`: one pass through the parser, numbers equal to the manifest's, tokens once per message."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from conftest import Transcript, text_block, tool_use_block, usage
from discover_support import isolate, project, restore_tz, session, sid, split_assistant

from retell.claude.locate import SessionRef
from retell.discover.cache import ListCache, default_cache_path
from retell.discover.listing import ListQuery, list_sessions, remember_full_parse
from retell.discover.stats import session_stats, stats_from_manifest
from retell.discover.stats_text import render_stats
from retell.llm.pricing import load_prices
from retell.parse import ParseOptions, extract_session

CWD = "/srv/app"
SONNET = "claude-sonnet-4-5-20250929"  # $3 / $15 per million in the shipped table


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))  # no user price table
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


def _stats(path: Path) -> dict:
    return session_stats(SessionRef(path, path.stem), load_prices(Path("/nonexistent.yaml"))).stats


def _manifest(path: Path) -> dict:
    return extract_session(SessionRef(path, path.stem), None, ParseOptions()).manifest


def test_split_records_of_one_api_message_count_their_tokens_once(config: Path) -> None:
    tx = Transcript(sid("split"), cwd=CWD)
    tx.user("Run the tests")
    tokens = usage(output_tokens=100, input_tokens=10, cache_read=1000, cache_write=200)
    split_assistant(tx, "Running them now.", ("Bash", {"command": "pytest"}), tokens)
    partial = tx.new_message_id()  # a streaming partial, then the final record with more output tokens
    tx.assistant("All green.", message_id=partial, usage_=usage(output_tokens=5, input_tokens=3, cache_read=0))
    tx.assistant("All green.", message_id=partial, usage_=usage(output_tokens=40, input_tokens=3, cache_read=0))
    path = tx.write(project(config, CWD) / f"{sid('split')}.jsonl")
    stats = _stats(path)
    assert stats["tokens"]["total"] == {
        "input": 13,
        "output": 140,
        "cache_read": 1000,
        "cache_write": 250,
        "api_messages": 2,
    }
    assert stats["turns"]["assistant_messages"] == 2
    expected_usd = (13 * 3 + 140 * 15 + 1000 * 0.30 + 250 * 3.75) / 1e6
    assert stats["cost"]["usd"] == pytest.approx(expected_usd, abs=1e-4)
    assert stats["cost"]["by_model"] == {SONNET: pytest.approx(expected_usd, abs=1e-4)}


def test_active_and_idle_time(config: Path) -> None:
    tx = Transcript(sid("idle"), cwd=CWD)
    tx.user("first")
    tx.assistant("ok")  # 1 s later
    tx.tick(60 * 60)  # an hour away: idle
    tx.user("back again")
    tx.assistant("welcome back")
    path = tx.write(project(config, CWD) / f"{sid('idle')}.jsonl")
    time = _stats(path)["time"]
    assert time["duration_ms"] == 3_603_000  # records 1 s apart, and the hour between the two turns
    assert time["active_ms"] == 2_000
    assert time["idle_ms"] == 3_601_000


def test_tools_by_tool_with_errors_and_files(config: Path) -> None:
    tx = Transcript(sid("tools"), cwd=CWD)
    tx.user("Fix it")
    tx.tool_call("Read", {"file_path": f"{CWD}/a.py"}, "code")
    tx.tool_call("Edit", {"file_path": f"{CWD}/a.py", "old_string": "x", "new_string": "y"}, "ok")
    tx.tool_call("Write", {"file_path": f"{CWD}/b.py", "content": "z"}, "ok")
    tx.tool_call("Bash", {"command": "make"}, "boom", is_error=True)
    tx.tool_call("Bash", {"command": "make"}, "ok")
    tx.add({"type": "file-history-snapshot", "messageId": "m", "snapshot": {"trackedFileBackups": {"a.py": {}}}})
    path = tx.write(project(config, CWD) / f"{sid('tools')}.jsonl")
    stats = _stats(path)
    assert stats["tools"]["calls"] == 5 and stats["tools"]["errors"] == 1
    assert list(stats["tools"]["by_tool"]) == ["Bash", "Edit", "Read", "Write"]  # busiest first
    assert stats["tools"]["by_tool"]["Bash"] == {"calls": 2, "errors": 1}
    assert stats["files"] == {"read": ["a.py"], "edited": ["a.py"], "written": ["b.py"], "snapshot": ["a.py"]}
    text = render_stats(stats)
    assert "5 (1 failed)" in text and "Bash" in text and "1 edited" in text


def test_subagent_tokens_are_priced_at_the_subagent_model(config: Path) -> None:
    folder = project(config, CWD)
    tx = Transcript(sid("boss"), cwd=CWD)
    tx.user("Find the config loader")
    tool_id = tx.new_tool_id()
    spawn = {"description": "find", "prompt": "Find it", "subagent_type": "Explore"}
    tx.assistant(tool_use_block("Task", spawn, tool_id))
    tx.tool_result(tool_id, [text_block("It is load()")], tool_use_result={"agentId": "a1", "status": "completed"})
    path = tx.write(folder / f"{sid('boss')}.jsonl")
    agent = Transcript(sid("boss"), cwd=CWD, sidechain=True, agent_id="a1", model="claude-haiku-4-5-20251001")
    agent.user("Find it")
    agent.assistant("It is load()", usage_=usage(output_tokens=1_000_000, input_tokens=0, cache_read=0, cache_write=0))
    sub = folder / sid("boss") / "subagents"
    agent.write(sub / "agent-a1.jsonl")
    stats = _stats(path)
    assert stats["subagents"] == {"spawned": 1, "linked": 1, "without_transcript": 0, "unlinked_files": 0}
    assert stats["tokens"]["subagents"]["output"] == 1_000_000
    assert stats["cost"]["by_model"]["claude-haiku-4-5-20251001"] == pytest.approx(5.0)  # $5 per M output
    (sub / "agent-a1.meta.json").write_bytes(orjson.dumps({"agentType": "Explore", "model": "mystery-model-1"}))
    stats = _stats(path)
    assert stats["cost"]["unpriced_tokens"] == {"mystery-model-1": 1_000_000}


def test_unknown_models_are_unpriced_not_guessed(config: Path) -> None:
    path, _ = session(project(config, CWD), "odd", cwd=CWD, model="gpt-9-turbo")
    cost = _stats(path)["cost"]
    assert cost["usd"] is None and cost["unpriced_tokens"] == {"gpt-9-turbo": 2 * (4 + 10 + 100 + 50)}
    assert "unknown" in render_stats(_stats(path))


def test_a_price_table_override(config: Path, tmp_path: Path) -> None:
    path, _ = session(project(config, CWD), "s", cwd=CWD)
    prices = tmp_path / "prices.yaml"
    prices.write_text('as_of: "2030-01-01"\nmodels:\n  claude-sonnet-4-5: {input: 1000000, output: 0}\n')
    table = load_prices(prices)
    stats = session_stats(SessionRef(path, path.stem), table).stats
    # 2 messages × 4 input tokens at $1 a token; cache reads and writes priced from the multipliers
    assert stats["cost"]["prices_as_of"] == "2030-01-01"
    assert stats["cost"]["usd"] == pytest.approx(8 + 2 * 100 * 0.1 + 2 * 50 * 1.25)


def test_stats_equal_the_manifest_and_upgrade_the_listing(config: Path) -> None:
    folder = project(config, CWD)
    path, _ = session(folder, "s", cwd=CWD, prompts=("a", "b", "c"), pad=300_000)
    assert not list_sessions(ListQuery(all_projects=True)).rows[0].peek.exact
    result = session_stats(SessionRef(path, path.stem), load_prices(Path("/nonexistent.yaml")))
    manifest = _manifest(path)
    assert result.stats == {**stats_from_manifest(manifest, load_prices(Path("/nonexistent.yaml"))), "warnings": []}
    cache = ListCache.load(default_cache_path())
    remember_full_parse(path, result.size, result.mtime_ns, result.manifest, cache)
    cache.save()
    row = list_sessions(ListQuery(all_projects=True)).rows[0]
    assert row.peek.exact and row.peek.human_turns == manifest["counts"]["human_turns"] == 3
    assert row.peek.active_ms == manifest["session"]["active_ms"]


def test_a_session_that_changed_during_the_pass_is_not_cached(config: Path) -> None:
    path, tx = session(project(config, CWD), "s", cwd=CWD)
    result = session_stats(SessionRef(path, path.stem), load_prices(Path("/nonexistent.yaml")))
    tx.user("more")
    tx.write(path)
    cache = ListCache.load(default_cache_path())
    remember_full_parse(path, result.size, result.mtime_ns, result.manifest, cache)
    assert cache.entries == {}
