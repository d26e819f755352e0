"""Golden paths replayed from hand-written vcrpy cassettes (tests/cassettes/llm/), through the real SDK client and
its own HTTP transport: an outline call with JSON output, a streamed section plus the finishing pass, and a 429
answered by a retry.

The responses are hand-written in the Messages API wire format (SSE bodies as YAML `|+` blocks). The request
bodies are what retell sends, matched as parsed JSON: when a prompt template changes on purpose, refresh them
with `RETELL_REWRITE_CASSETTES=1 pytest tests/llm/test_llm_cassettes.py` (responses are kept) and review the diff.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import httpx2
import pytest
import vcr
import yaml
from llm_support import (
    CASSETTE_URI,
    CASSETTES,
    FAKE_GITHUB_TOKEN,
    PLACEHOLDER,
    Stub,
    install,
    isolate,
    make_workdir,
    ok,
    read_cassette,
    run,
    write_cassette,
)
from pydantic import TypeAdapter

from retell.llm.engines import AnthropicEngine

REWRITE = os.environ.get("RETELL_REWRITE_CASSETTES") == "1"
COMMENT = """\
Hand-written Messages API responses (SSE bodies as YAML |+ blocks); the request bodies are what retell sends.
Refresh the requests after a deliberate prompt change:
  RETELL_REWRITE_CASSETTES=1 pytest tests/llm/test_llm_cassettes.py"""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


def _recorder() -> vcr.VCR:
    return vcr.VCR(
        record_mode="none",
        match_on=["method", "path", "body"],
        filter_headers=["authorization", "x-api-key"],
        decode_compressed_response=True,
    )


def _real_client(monkeypatch: pytest.MonkeyPatch, max_retries: int = 0) -> None:
    """The SDK's own httpx2 client (which vcrpy patches), aimed at the real API address."""
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    monkeypatch.setattr(
        "retell.llm.runner.make_engine",
        lambda _choice: AnthropicEngine(
            api_key="sk-ant-test-not-a-real-key", base_url="https://api.anthropic.com", max_retries=max_retries
        ),
    )


def _replay(
    name: str, monkeypatch: pytest.MonkeyPatch, *args: str | Path, max_retries: int = 0
) -> tuple[Any, vcr.cassette.Cassette]:
    """Run `retell <args>` against cassette `name`; in rewrite mode first capture its requests afresh."""
    path = CASSETTES / f"{name}.yaml"
    if REWRITE:
        _rewrite(path, monkeypatch, args, max_retries)
    _real_client(monkeypatch, max_retries)
    with _recorder().use_cassette(str(path)) as cassette:
        result = run(*args)
    return result, cassette


def _rewrite(path: Path, monkeypatch: pytest.MonkeyPatch, args: tuple, max_retries: int) -> None:
    interactions = read_cassette(path)

    def answer(_body: dict, stub: Stub) -> httpx2.Response:
        item = interactions[len(stub.bodies) - 1]
        return httpx2.Response(item["status"], headers=item["headers"], content=item["body"].encode())

    stub = Stub(answer)
    install(monkeypatch, stub, max_retries=max_retries)
    copies = []
    for arg in args:  # run on a copy of the work folder: the replay that follows starts from the same state
        if isinstance(arg, Path) and arg.is_dir():
            copy = arg.with_name(arg.name + "-rewrite")
            shutil.rmtree(copy, ignore_errors=True)
            shutil.copytree(arg, copy)
            arg = copy
        copies.append(arg)
    ok(run(*copies))  # every cassette here ends in a successful run
    assert len(stub.bodies) == len(interactions), "the cassette and the run disagree on the number of calls"
    for item, raw in zip(interactions, stub.raw, strict=True):
        body = json.loads(raw)
        body.pop("stream", None)  # the SDK adds it to every streamed request: kept out of the file, put back below
        item["request"] = {**body, "stream": True}
    write_cassette(path, interactions, COMMENT)


# -- the golden paths --------------------------------------------------------------------------------


def test_outline_call_with_json_output(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, cassette = _replay("test_outline_call_with_json_output", monkeypatch, "outline", workdir)
    ok(result)
    assert cassette.all_played
    assert cassette.play_count == 1
    request = cassette.requests[0]
    assert "x-api-key" not in {k.lower() for k in request.headers}  # filtered
    text = (workdir / "outline.yaml").read_text(encoding="utf-8")
    assert "title: 'Hiding items, not groups: a timeline filter fix'" in text
    assert "chapters: [ch1, ch2]" in text
    assert "caption: What I saw before the fix" in text
    # usage from the stream's message_start/message_delta, priced from the table (sonnet: $2/$10)
    row = next(line for line in result.output.splitlines() if line.startswith("outline "))
    assert row.split() == ["outline", "1", "0", "2,950", "612", "0", "0", "0%", f"{(2950 * 2 + 612 * 10) / 1e6:.4f}"]
    log = json.loads(next((workdir / "llm").glob("outline-plan-*.json")).read_text())
    assert log["request_id"] == "req_011CassetteOutline01"
    assert log["response_model"] == "claude-sonnet-5-5"


def test_streamed_section_and_finishing_pass(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ok(_replay("test_outline_call_with_json_output", monkeypatch, "outline", workdir)[0])
    result, cassette = _replay("test_streamed_section_and_finishing_pass", monkeypatch, "draft", workdir)
    ok(result)
    assert cassette.all_played
    assert cassette.play_count == 2
    section = json.loads(cassette.requests[0].body)
    # one section: nothing would read a cache entry of its prefix, so none is written (and the finishing call,
    # asking for JSON output, could not read it anyway)
    assert [b.get("cache_control") for b in section["system"]] == [None, None]
    assert [b.get("cache_control") for b in json.loads(cassette.requests[1].body)["system"]] == [None, None]
    assert FAKE_GITHUB_TOKEN not in cassette.requests[0].body.decode()
    assert PLACEHOLDER in section["messages"][0]["content"][0]["text"]
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    # the section arrived in many deltas and is whole
    assert (
        "I had asked Claude to fix a timeline filter that hid whole groups. It read the filter first, "
        "and the cause was one line: the predicate ran on groups, not on their items." in draft
    )
    assert "![What I saw before the fix](assets/" in draft
    assert draft.index("It started with a screenshot of an empty timeline.") < draft.index("## Items, not groups")
    assert draft.rstrip().endswith("The headers stay; the noise goes.")
    rows = {
        line.split()[0]: line.split()
        for line in result.output.splitlines()
        if line.startswith(("section ", "finish ", "total "))
    }
    assert rows["section"][1:8] == ["1", "0", "2,630", "268", "0", "0", "0%"]
    assert rows["finish"][1:8] == ["1", "0", "2,820", "95", "0", "0", "0%"]
    assert rows["total"][8] == f"{(2630 * 4 + 268 * 20 + 2820 * 4 + 95 * 20) / 1e6:.4f}"  # opus 5.5: $4/$20


def test_rate_limited_then_answered(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    result, cassette = _replay("test_rate_limited_then_answered", monkeypatch, "outline", workdir, max_retries=2)
    ok(result)
    assert cassette.all_played
    assert cassette.play_count == 2
    first, second = cassette.requests
    assert first.body == second.body  # the same request, retried after the 429
    assert (workdir / "outline.yaml").is_file()


def test_an_unmatched_request_is_not_sent_anywhere(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request the cassette does not hold (another model) fails; nothing goes to the network."""
    _real_client(monkeypatch)
    with _recorder().use_cassette(str(CASSETTES / "test_outline_call_with_json_output.yaml")) as cassette:
        result = run("outline", workdir, "--model", "claude-haiku-5-5")
    assert result.exit_code == 1
    assert "cannot reach the Anthropic API" in result.stderr
    assert cassette.play_count == 0


# -- the cassettes themselves ------------------------------------------------------------------------


def _sse(body: str) -> list[tuple[str, dict]]:
    events = []
    for chunk in body.split("\n\n"):
        if not chunk.strip():
            continue
        fields = dict(line.split(": ", 1) for line in chunk.splitlines())
        events.append((fields["event"], json.loads(fields["data"])))
    return events


@pytest.mark.parametrize("path", sorted(CASSETTES.glob("*.yaml")), ids=lambda p: p.stem)
def test_cassettes_are_valid_messages_api_traffic(path: Path) -> None:
    from anthropic.types import ErrorResponse, Message, RawMessageStreamEvent

    raw = path.read_text(encoding="utf-8")
    data = yaml.safe_load(raw)
    assert data["version"] == 1
    assert "content-encoding" not in raw.lower()
    assert "x-api-key" not in raw.lower() and "authorization" not in raw.lower()
    stream_events = TypeAdapter(RawMessageStreamEvent)
    for interaction in data["interactions"]:
        request, response = interaction["request"], interaction["response"]
        assert request["method"] == "POST"
        assert request["uri"] == CASSETTE_URI
        assert request["headers"]["content-type"] == ["application/json"]
        body = json.loads(request["body"])
        assert {"model", "max_tokens", "system", "messages"} <= set(body)
        assert body["stream"] is True
        kind = response["headers"]["content-type"][0]
        text = response["body"]["string"]
        if kind == "text/event-stream":
            assert response["status"]["code"] == 200
            assert text.endswith("\n\n"), "an SSE body must end with a blank line (write it with `|+`)"
            events = _sse(text)
            for name, event in events:
                assert name == event["type"]
                if name != "ping":  # a keep-alive, not one of the SDK's message events
                    stream_events.validate_python(event)
            assert events[0][0] == "message_start" and events[-1][0] == "message_stop"
            assert any(name == "message_delta" for name, _ in events)
            Message.model_validate(events[0][1]["message"])
        else:
            assert kind == "application/json"
            ErrorResponse.model_validate(json.loads(text))
            assert response["status"]["code"] >= 400
    assert raw.count("string: |+") == sum(
        1 for i in data["interactions"] if i["response"]["headers"]["content-type"][0] == "text/event-stream"
    )
