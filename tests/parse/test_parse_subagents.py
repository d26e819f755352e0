"""Linking spawns (Task/Agent tool calls) to subagent transcripts, by every kind of evidence."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import SESSION_ID, Transcript, events, text_block, tool_use_block

PROMPT = "Find where the config file is loaded and report the function name."
RESULT = "The config is loaded by `load_settings()` in src/config.py."
USAGE_TAIL = "<usage>total_tokens: 18734\ntool_uses: 4\nduration_ms: 21045</usage>"


def _spawn(tx: Transcript, prompt: str = PROMPT, *, tool: str = "Task", description: str = "Find config") -> str:
    tool_id = tx.new_tool_id()
    tx.assistant(
        tool_use_block(tool, {"description": description, "prompt": prompt, "subagent_type": "Explore"}, tool_id)
    )
    return tool_id


def _agent(agent_id: str, prompt: str = PROMPT, result: str = RESULT, session: str = SESSION_ID) -> Transcript:
    """A subagent transcript: the prompt again, one search, and the answer (which the parent receives)."""
    agent = Transcript(session, sidechain=True, agent_id=agent_id)
    agent.user(prompt)
    agent.tool_call("Grep", {"pattern": "def load_settings"}, "src/config.py:12:def load_settings():")
    agent.assistant(result)
    return agent


def _subagents_dir(session_path: Path) -> Path:
    return session_path.parent / SESSION_ID / "subagents"


def _only_spawn(result) -> dict:
    (spawn,) = events(result, "subagent")
    return spawn


def test_linked_by_tool_use_result_agent_id(tx: Transcript, parse, session_path: Path) -> None:
    tx.user("where is the config loaded?")
    tool_id = _spawn(tx)
    tx.tool_result(
        tool_id,
        [text_block(RESULT)],
        tool_use_result={
            "status": "completed",
            "agentId": "a1f2e3d4c5b6a7980",
            "prompt": PROMPT,
            "content": [text_block(RESULT)],
            "totalTokens": 18734,
            "totalToolUseCount": 4,
            "totalDurationMs": 21045,
        },
    )
    _agent("a1f2e3d4c5b6a7980").write(_subagents_dir(session_path) / "agent-a1f2e3d4c5b6a7980.jsonl")
    result = parse(tx)

    spawn = _only_spawn(result)
    agent = spawn["subagent"]
    assert agent["agent_id"] == "a1f2e3d4c5b6a7980"
    assert agent["linked_by"] == "toolUseResult"
    assert agent["file"] == f"{SESSION_ID}/subagents/agent-a1f2e3d4c5b6a7980.jsonl"
    assert agent["description"] == "Find config"
    assert agent["prompt"] == PROMPT
    assert agent["result"] == RESULT
    assert agent["usage"] == {"total_tokens": 18734, "tool_uses": 4, "duration_ms": 21045}
    # Its own events: the prompt (a repeat of the brief) and the final answer (a repeat of the result) are
    # not told twice; what it did in between is.
    inner = agent["events"]
    assert [e["kind"] for e in inner] == ["tool_run"]
    assert inner[0]["id"] == f"{spawn['id']}.1"
    assert inner[0]["chapter"] == spawn["chapter"]
    (linked,) = result.manifest["subagents"]["linked"]
    assert linked["transcript_usage"]["api_messages"] == 2
    assert result.manifest["usage"]["subagents"]["api_messages"] == 2
    assert result.manifest["usage"]["total"]["api_messages"] == result.manifest["usage"]["main"]["api_messages"] + 2


def test_linked_by_agent_id_tail_with_usage(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx, tool="Agent")
    tx.tool_result(
        tool_id,
        [
            text_block(RESULT),
            text_block(f"agentId: b0c1d2e (for resuming to continue this agent's work if needed)\n{USAGE_TAIL}"),
        ],
    )
    _agent("b0c1d2e").write(_subagents_dir(session_path) / "agent-b0c1d2e.jsonl")
    agent = _only_spawn(parse(tx))["subagent"]
    assert agent["agent_id"] == "b0c1d2e"
    assert agent["linked_by"] == "result-tail"
    assert agent["result"] == RESULT  # without the bookkeeping tail
    assert agent["usage"] == {"total_tokens": 18734, "tool_uses": 4, "duration_ms": 21045}
    assert [e["kind"] for e in agent["events"]] == ["tool_run"]


def test_linked_by_meta_json_when_the_result_is_missing(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx)
    tx.user([text_block("[Request interrupted by user for tool use]")])
    folder = _subagents_dir(session_path)
    _agent("c9d8e7f6a5b4c3d21").write(folder / "agent-c9d8e7f6a5b4c3d21.jsonl")
    (folder / "agent-c9d8e7f6a5b4c3d21.meta.json").write_text(
        json.dumps({"agentType": "Explore", "description": "Find config", "toolUseId": tool_id})
    )
    result = parse(tx)
    agent = _only_spawn(result)["subagent"]
    assert agent["agent_id"] == "c9d8e7f6a5b4c3d21"
    assert agent["linked_by"] == "meta.json"
    assert "result" not in agent
    assert [e["kind"] for e in agent["events"]] == ["tool_run", "assistant"]  # its answer was never delivered
    assert result.manifest["subagents"]["unmatched_spawns"] == []


def test_linked_by_old_agent_progress_records(tx: Transcript, parse, session_path: Path) -> None:
    tx.version = "2.0.28"
    tool_id = _spawn(tx)
    for i in range(2):
        tx.add(
            {
                "parentUuid": tx.last_uuid,
                "isSidechain": False,
                "userType": "external",
                "cwd": tx.cwd,
                "sessionId": SESSION_ID,
                "version": "2.0.28",
                "gitBranch": "main",
                "type": "progress",
                "data": {
                    "type": "agent_progress",
                    "message": {"type": "assistant", "message": {"content": [text_block(f"step {i}")]}},
                    "normalizedMessages": [],
                    "prompt": PROMPT,
                    "agentId": "d4c3b2a1",
                },
                "toolUseID": f"agent_msg_01{i}",
                "parentToolUseID": tool_id,
                "uuid": tx.new_uuid(),
                "timestamp": tx.tick(),
            }
        )
    tx.tool_result(tool_id, [text_block(RESULT)])
    # the 2.0.x layout: agent files beside the sessions, naming their parent session in each record
    _agent("d4c3b2a1").write(session_path.parent / "agent-d4c3b2a1.jsonl")
    result = parse(tx)
    agent = _only_spawn(result)["subagent"]
    assert agent["agent_id"] == "d4c3b2a1"
    assert agent["linked_by"] == "agent_progress"
    assert agent["file"] == "agent-d4c3b2a1.jsonl"
    assert [e["kind"] for e in agent["events"]] == ["tool_run"]
    assert result.manifest["records"]["progress_types"] == {"agent_progress": 2}


def test_old_layout_agent_file_beside_the_session(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx)
    tx.tool_result(tool_id, [text_block(RESULT)], tool_use_result={"agentId": "e5f6a7b8", "content": []})
    _agent("e5f6a7b8").write(session_path.parent / "agent-e5f6a7b8.jsonl")
    # another session's agent in the same project folder is not ours
    _agent("f0f0f0f0", session="11111111-2222-4333-8444-555555555555").write(
        session_path.parent / "agent-f0f0f0f0.jsonl"
    )
    result = parse(tx)
    agent = _only_spawn(result)["subagent"]
    assert agent["file"] == "agent-e5f6a7b8.jsonl"
    assert agent["events"]
    assert result.manifest["subagents"]["unlinked_files"] == []


def test_parallel_spawns_each_get_their_own_transcript(tx: Transcript, parse, session_path: Path) -> None:
    msg = tx.new_message_id()
    ids = []
    for n in (1, 2):
        tool_id = tx.new_tool_id()
        ids.append(tool_id)
        tx.assistant(
            tool_use_block("Task", {"description": f"job {n}", "prompt": f"do job {n}"}, tool_id), message_id=msg
        )
    for n, tool_id in reversed(list(enumerate(ids, 1))):  # results arrive out of order
        tx.tool_result(tool_id, [text_block(f"job {n} done")], tool_use_result={"agentId": f"a{n}a{n}a{n}a{n}"})
    for n in (1, 2):
        _agent(f"a{n}a{n}a{n}a{n}", prompt=f"do job {n}", result=f"job {n} done").write(
            _subagents_dir(session_path) / f"agent-a{n}a{n}a{n}a{n}.jsonl"
        )
    spawns = events(parse(tx), "subagent")
    assert [(s["subagent"]["description"], s["subagent"]["agent_id"]) for s in spawns] == [
        ("job 1", "a1a1a1a1"),
        ("job 2", "a2a2a2a2"),
    ]
    assert [s["subagent"]["result"] for s in spawns] == ["job 1 done", "job 2 done"]


def test_compaction_replays_are_never_subagents(tx: Transcript, parse, session_path: Path) -> None:
    tx.user("hi")
    folder = _subagents_dir(session_path)
    _agent("acompact-7f3e2d", prompt="summarize").write(folder / "agent-acompact-7f3e2d.jsonl")
    result = parse(tx)
    assert result.manifest["subagents"] == {"linked": [], "unlinked_files": [], "unmatched_spawns": []}


def test_warmup_agent_files_are_reported_unlinked(tx: Transcript, parse, session_path: Path) -> None:
    tx.user("hi")
    folder = _subagents_dir(session_path)
    warm = Transcript(SESSION_ID, sidechain=True, agent_id="w4a1b2c3")
    warm.user("Warmup")
    warm.assistant("I'm ready to help.")
    warm.write(folder / "agent-w4a1b2c3.jsonl")
    _agent("0rphan00").write(folder / "agent-0rphan00.jsonl")
    result = parse(tx)
    unlinked = {u["agent_id"]: u for u in result.manifest["subagents"]["unlinked_files"]}
    assert unlinked["w4a1b2c3"]["reason"] == "warmup"
    assert unlinked["w4a1b2c3"]["file"] == f"{SESSION_ID}/subagents/agent-w4a1b2c3.jsonl"
    assert unlinked["0rphan00"]["reason"] == "no matching spawn"


def test_spawn_without_any_transcript_is_reported(tx: Transcript, parse) -> None:
    tool_id = _spawn(tx)
    tx.tool_result(tool_id, [text_block(RESULT)])
    result = parse(tx)
    spawn = _only_spawn(result)
    assert spawn["subagent"]["result"] == RESULT
    assert result.manifest["subagents"]["unmatched_spawns"] == [
        {"event": spawn["id"], "tool_use_id": tool_id, "agent_id": None}
    ]


def test_no_subagents_keeps_spawns_without_nested_events(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx)
    tx.tool_result(tool_id, [text_block(RESULT)], tool_use_result={"agentId": "a1f2e3d4"})
    _agent("a1f2e3d4").write(_subagents_dir(session_path) / "agent-a1f2e3d4.jsonl")
    result = parse(tx, include_subagents=False)
    agent = _only_spawn(result)["subagent"]
    assert agent["agent_id"] == "a1f2e3d4"
    assert agent["result"] == RESULT
    assert "events" not in agent
    assert result.manifest["options"]["include_subagents"] is False
    assert result.manifest["usage"]["subagents"]["api_messages"] == 0


def test_further_instructions_inside_a_subagent_are_prompts(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx)
    tx.tool_result(tool_id, [text_block(RESULT)], tool_use_result={"agentId": "a7b7c7d7"})
    agent = _agent("a7b7c7d7")
    agent.user("Also check the environment variables.")
    agent.assistant("RETELL_HOME is read too.")
    agent.write(_subagents_dir(session_path) / "agent-a7b7c7d7.jsonl")
    result = parse(tx)
    inner = _only_spawn(result)["subagent"]["events"]
    assert [e["kind"] for e in inner] == ["tool_run", "assistant", "prompt", "assistant"]
    assert result.manifest["counts"]["human_turns"] == 0


def test_sidechain_thread_in_the_main_file_is_attached_to_its_spawn(tx: Transcript, parse) -> None:
    """Claude Code 1.0.x wrote a Task's conversation into the main file as a sidechain thread."""
    tx.version = "1.0.43"
    tx.user("where is the config loaded?")
    tool_id = _spawn(tx)
    spawn_uuid = tx.last_uuid
    tx.sidechain, tx.last_uuid = True, None
    tx.user(PROMPT)
    tx.tool_call("Grep", {"pattern": "def load_settings"}, "src/config.py:12")
    tx.assistant(RESULT)
    tx.sidechain, tx.last_uuid = False, spawn_uuid
    tx.tool_result(tool_id, [text_block(RESULT)])
    tx.assistant("Found it: `load_settings()`.")
    result = parse(tx)

    assert [e["kind"] for e in events(result)] == ["human", "subagent", "assistant"]
    agent = _only_spawn(result)["subagent"]
    assert agent["linked_by"] == "sidechain"
    assert "file" not in agent
    assert [e["kind"] for e in agent["events"]] == ["tool_run"]
    assert not any(e.get("sidechain") for e in events(result))
    assert result.manifest["counts"]["human_turns"] == 1


def test_sidechain_records_of_no_spawn_are_kept_and_marked(tx: Transcript, parse) -> None:
    tx.user("fix the flaky test")
    branch_point = tx.assistant("Trying a retry decorator.")["uuid"]
    tx.sidechain = True
    tx.user("no, try a fixed seed instead")
    tx.assistant("Using a fixed seed.")
    tx.sidechain, tx.last_uuid = False, branch_point
    tx.user("ok, and the other test?")
    result = parse(tx)
    marked = [(e["kind"], e.get("sidechain", False)) for e in events(result)]
    assert marked == [
        ("human", False),
        ("assistant", False),
        ("human", True),
        ("assistant", True),
        ("human", False),
    ]
    assert result.manifest["records"]["sidechain"] == 2
    assert result.log.session.title == "Fix the flaky test"


def test_agent_file_with_a_malformed_line_is_still_attached(tx: Transcript, parse, session_path: Path) -> None:
    tool_id = _spawn(tx)
    tx.tool_result(tool_id, [text_block(RESULT)], tool_use_result={"agentId": "a9a9a9a9"})
    path = _agent("a9a9a9a9").write(_subagents_dir(session_path) / "agent-a9a9a9a9.jsonl")
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(lines[0] + b'{"type":"assistant", oops\n' + b"".join(lines[1:]))
    result = parse(tx)
    assert [e["kind"] for e in _only_spawn(result)["subagent"]["events"]] == ["tool_run"]
    assert any("agent-a9a9a9a9.jsonl" in w and "malformed" in w for w in result.warnings)
