"""Assistant records: split API messages, usage counted once, noise dropped, thinking, replays."""

from __future__ import annotations

import copy

from conftest import MODEL, Transcript, events, kinds, thinking_block, usage


def _usage(result) -> dict:
    return result.manifest["usage"]["main"]


def test_split_records_of_one_message_become_one_text_event(tx: Transcript, parse) -> None:
    tx.user("explain the bug")
    msg = tx.new_message_id()
    tx.assistant("The cache key ignores the locale.", message_id=msg, usage_=usage(output_tokens=42))
    tx.assistant("So French users see English pages.", message_id=msg, usage_=usage(output_tokens=42))
    result = parse(tx)
    texts = [e["text"] for e in events(result, "assistant")]
    assert len(texts) == 1
    assert "The cache key ignores the locale." in texts[0]
    assert "So French users see English pages." in texts[0]
    assert _usage(result)["output_tokens"] == 42
    assert _usage(result)["api_messages"] == 1
    assert result.manifest["counts"]["assistant_messages"] == 1


def test_streaming_partials_count_the_largest_usage_once(tx: Transcript, parse) -> None:
    msg = tx.new_message_id()
    tx.assistant("Looking.", message_id=msg, usage_=usage(output_tokens=3, input_tokens=7))
    tx.assistant(thinking_block(""), message_id=msg, usage_=usage(output_tokens=40, input_tokens=7))
    tx.assistant("Found it.", message_id=msg, usage_=usage(output_tokens=120, input_tokens=7))
    result = parse(tx)
    assert _usage(result)["output_tokens"] == 120
    assert _usage(result)["input_tokens"] == 7
    assert _usage(result)["api_messages"] == 1


def test_a_partial_repeating_a_block_does_not_repeat_the_text(tx: Transcript, parse) -> None:
    msg = tx.new_message_id()
    tx.assistant("Found it.", message_id=msg, usage_=usage(output_tokens=5))
    tx.assistant("Found it.", message_id=msg, usage_=usage(output_tokens=9))
    tx.user("thanks")
    tx.assistant("Found it.")  # the same words in a later message are a new event
    result = parse(tx)
    assert [e["text"] for e in events(result, "assistant")] == ["Found it.", "Found it."]
    assert _usage(result)["output_tokens"] == 9 + 10


def test_usage_of_separate_messages_adds_up_per_model(tx: Transcript, parse) -> None:
    tx.assistant("one", usage_=usage(output_tokens=10, cache_read=1000))
    tx.assistant("two", usage_=usage(output_tokens=20, cache_read=2000))
    tx.assistant("three", model="claude-haiku-4-5", usage_=usage(output_tokens=5, cache_read=0))
    result = parse(tx)
    main = _usage(result)
    assert main["output_tokens"] == 35
    assert main["cache_read_input_tokens"] == 3000
    assert main["api_messages"] == 3
    assert main["by_model"][MODEL]["output_tokens"] == 30
    assert main["by_model"]["claude-haiku-4-5"]["api_messages"] == 1
    assert result.manifest["session"]["models"] == sorted([MODEL, "claude-haiku-4-5"])


def test_synthetic_messages_are_dropped(tx: Transcript, parse) -> None:
    tx.user("hi")
    tx.assistant("No response requested.", model="<synthetic>", usage_=usage(output_tokens=0))
    result = parse(tx)
    assert kinds(result) == ["human"]
    assert result.manifest["records"]["synthetic"] == 1
    assert "<synthetic>" not in result.manifest["session"]["models"]


def test_api_error_messages_are_dropped(tx: Transcript, parse) -> None:
    tx.user("hi")
    tx.assistant('API Error: 529 {"type":"overloaded_error"}', isApiErrorMessage=True)
    tx.assistant("Hello!")
    result = parse(tx)
    assert [e["text"] for e in events(result, "assistant")] == ["Hello!"]
    assert result.manifest["records"]["api_errors"] == 1
    assert result.manifest["usage"]["main"]["api_messages"] == 1


def test_empty_thinking_is_skipped_but_counted(tx: Transcript, parse) -> None:
    tx.assistant(thinking_block(""))
    tx.assistant(thinking_block("   "))
    tx.assistant({"type": "redacted_thinking", "data": "EmwKAhgB"})
    tx.assistant("Done.")
    result = parse(tx)
    assert kinds(result) == ["assistant"]
    assert result.manifest["counts"]["thinking_blocks_empty"] == 2
    assert result.manifest["counts"]["thinking_blocks_redacted"] == 1


def test_non_empty_thinking_is_kept(tx: Transcript, parse) -> None:
    msg = tx.new_message_id()
    tx.assistant(thinking_block("The user wants X; the test fixture is stale."), message_id=msg)
    tx.assistant("I'll refresh the fixture.", message_id=msg)
    result = parse(tx)
    assert kinds(result) == ["thinking", "assistant"]
    assert events(result, "thinking")[0]["text"] == "The user wants X; the test fixture is stale."


def test_replayed_records_with_the_same_uuid_are_kept_once(tx: Transcript, parse) -> None:
    tx.user("first question")
    answer = tx.assistant("first answer")
    replay = copy.deepcopy(answer)
    replay["sessionId"] = "0d5e7f6a-1b2c-4d3e-8f90-a1b2c3d4e5f6"  # a resume replays under a new session id
    tx.add(replay)
    tx.user("second question")
    result = parse(tx)
    assert [e["text"] for e in events(result, "assistant")] == ["first answer"]
    assert result.manifest["records"]["replayed"] == 1
    assert result.manifest["usage"]["main"]["api_messages"] == 1
    assert len(result.log.chapters) == 1  # a replayed record is no session change


def test_text_split_around_a_tool_call_stays_in_order(tx: Transcript, parse) -> None:
    msg = tx.new_message_id()
    tx.assistant("Let me check the config.", message_id=msg)
    tool = tx.new_tool_id()
    tx.assistant(
        {"type": "tool_use", "id": tool, "name": "Read", "input": {"file_path": f"{tx.cwd}/a.toml"}},
        message_id=msg,
    )
    tx.tool_result(tool, "x = 1")
    tx.assistant("The config is fine.")
    assert kinds(parse(tx)) == ["assistant", "tool_run", "assistant"]
