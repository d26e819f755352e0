"""The parser never crashes on records of a shape it does not expect (the format changes without notice)."""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path
from typing import Any

from conftest import Transcript, events, image_block, make_png, text_block, tool_use_block, write_jsonl
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from retell import jsonio
from retell.claude.locate import SessionRef
from retell.errors import InputError
from retell.parse import ParseOptions, extract_session


def _templates() -> list[dict[str, Any]]:
    """One real-shaped record of every kind the extractor reads."""
    tx = Transcript()
    tx.user("fix the parser")
    tx.user([text_block("see this"), image_block(make_png((1, 1)))])
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": "pytest -q"}, tool_id), text_block("Running."))
    tx.tool_result(tool_id, "=== 1 failed, 2 passed in 0.1s ===", is_error=True)
    spawn_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": "d", "prompt": "p", "subagent_type": "Explore"}, spawn_id))
    tx.tool_result(
        spawn_id,
        [text_block("r\nagentId: abc123\n<usage>total_tokens: 5</usage>")],
        tool_use_result={"agentId": "abc123", "totalTokens": 5},
    )
    tx.assistant({"type": "thinking", "thinking": "hmm", "signature": "x"})
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 1000})
    tx.user("This session is being continued from a previous conversation.", isCompactSummary=True)
    tx.system("turn_duration", durationMs=1200)
    tx.system("away_summary", content="Recap. (disable recaps in /config)")
    tx.attachment({"type": "queued_command", "prompt": "also this"})
    tx.queue("enqueue", "later")
    tx.queue("remove", reason="absorbed_mid_turn")
    tx.add({"type": "summary", "summary": "A title", "leafUuid": tx.last_uuid})
    tx.add({"type": "custom-title", "customTitle": "Mine", "sessionId": tx.session_id})
    tx.user("<command-name>/compact</command-name>")
    tx.sidechain = True
    tx.user("branch attempt")
    return tx.records


TEMPLATES = _templates()

_json = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
_TOP_KEYS = [
    "type",
    "message",
    "uuid",
    "parentUuid",
    "sessionId",
    "timestamp",
    "isSidechain",
    "isMeta",
    "cwd",
    "toolUseResult",
    "origin",
    "subtype",
    "durationMs",
    "compactMetadata",
    "content",
    "operation",
    "attachment",
    "isCompactSummary",
    "summary",
    "leafUuid",
    "agentId",
    "reason",
]
_MESSAGE_KEYS = ["content", "id", "model", "usage"]
_BLOCK_KEYS = ["type", "text", "input", "name", "id", "content", "source", "tool_use_id", "is_error", "thinking"]


def _mutate(record: dict[str, Any], data: st.DataObject) -> dict[str, Any]:
    record = copy.deepcopy(record)
    where = data.draw(st.sampled_from(["top", "message", "block"]))
    message = record.get("message")
    blocks = message.get("content") if isinstance(message, dict) else None
    if where == "message" and isinstance(message, dict):
        message[data.draw(st.sampled_from(_MESSAGE_KEYS))] = data.draw(_json)
    elif where == "block" and isinstance(blocks, list) and blocks:
        blocks[0][data.draw(st.sampled_from(_BLOCK_KEYS))] = data.draw(_json)
    else:
        record[data.draw(st.sampled_from(_TOP_KEYS))] = data.draw(_json)
    return record


# derandomize: the same examples every run, so a red run is always reproducible.
@settings(
    max_examples=150, deadline=None, derandomize=True, database=None, suppress_health_check=[HealthCheck.too_slow]
)
@given(data=st.data())
def test_records_of_unexpected_shapes_never_crash_the_parser(data: st.DataObject) -> None:
    records = [
        _mutate(r, data) if data.draw(st.booleans(), label=f"mutate {i}") else r for i, r in enumerate(TEMPLATES)
    ]
    with tempfile.TemporaryDirectory() as tmp:
        path = write_jsonl(Path(tmp) / "fuzz.jsonl", records)
        try:
            result = extract_session(SessionRef(path, "fuzz"), Path(tmp) / "assets", ParseOptions())
        except InputError:
            return  # a clean refusal is fine; a traceback is not
        jsonio.dumps(result.log.to_dict())
        jsonio.dumps(result.manifest)


def test_only_a_repeated_uuid_makes_a_replay(tx: Transcript, parse) -> None:
    for i in range(3):
        tx.user(f"message {i}")["uuid"] = f"00000000-0000-4000-8000-{i:012d}"  # sequential, as tools write them
    result = parse(tx)
    assert [e["text"] for e in events(result, "human")] == ["message 0", "message 1", "message 2"]
    assert result.manifest["records"]["replayed"] == 0


def test_content_block_whose_type_is_not_a_string(tx: Transcript, parse) -> None:
    tx.user("hi")
    tx.assistant({"type": ["text"], "text": "odd"}, text_block("Hello."))
    result = parse(tx)
    assert [e["text"] for e in events(result, "assistant")] == ["Hello."]
