"""Streaming, retries and API errors, through a stub transport: each failure is one clear message, exit 1,
nothing half-written, and a re-run picks up where the failed one stopped."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx2
import pytest
from llm_support import (
    Stub,
    answer_text,
    call_kind,
    error_response,
    failed,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    raw_sse_response,
    run,
    sse_bytes,
    sse_events,
    sse_response,
    user_text,
)

from retell.llm.engines import AnthropicEngine, EngineChoice, make_engine


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


@pytest.fixture
def planned(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A work folder with outline.yaml written (through a well-behaved stub)."""
    install(monkeypatch, Stub())
    ok(run("outline", workdir))
    return workdir


def _failing_for(kind: str, failure: Any) -> Stub:
    """A stub that answers `kind` calls with `failure(body, stub)` and everything else well."""

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == kind:
            return failure(body, stub)
        return good_answer(body, stub)

    return Stub(answer)


# -- streaming ---------------------------------------------------------------------------------------


def test_a_section_streamed_in_many_deltas_is_assembled(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_text = " ".join(f"Sentence number {i} of the first section about the timeline filter." for i in range(60))

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s1":
            return sse_response(long_text, model=body["model"], chunks=97)
        return good_answer(body, stub)

    stub = Stub(answer)
    install(monkeypatch, stub)
    ok(run("draft", planned))
    assert len(sse_events(long_text, chunks=97)) > 97
    assert long_text in (planned / "draft.md").read_text(encoding="utf-8")


def test_multibyte_text_split_across_deltas(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Die Gruppen blieben sichtbar: “Überschriften” zuerst, dann die Einträge. 日本語も大丈夫。"

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s2":
            return sse_response(text, model=body["model"], chunks=len(text))  # one character per delta
        return good_answer(body, stub)

    install(monkeypatch, Stub(answer))
    ok(run("draft", planned))
    assert text in (planned / "draft.md").read_text(encoding="utf-8")


def _without_message_stop(body: dict, _stub: Stub) -> httpx2.Response:
    events = sse_events(answer_text(user_text(body)), model=body["model"])
    return raw_sse_response(sse_bytes(events[:-1]))


def _cut_after_first_delta(body: dict, _stub: Stub) -> httpx2.Response:
    events = sse_events(answer_text(user_text(body)), model=body["model"], chunks=5)
    return raw_sse_response(sse_bytes(events[:4]))  # message_start, block start, ping, one delta


@pytest.mark.parametrize("failure", [_without_message_stop, _cut_after_first_delta], ids=["no-message-stop", "cut"])
def test_a_stream_that_ends_early_is_an_error(planned: Path, monkeypatch: pytest.MonkeyPatch, failure: Any) -> None:
    stub = _failing_for("section:s2", failure)
    install(monkeypatch, stub)
    message = failed(run("draft", planned, "--jobs", "1"))
    assert "stream" in message
    assert not (planned / "draft.md").exists()
    # and the broken answer is not cached as finished: the re-run asks again
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned))
    assert stub.kinds == ["section:s2", "finish"]


def _overloaded_event(body: dict, _stub: Stub) -> httpx2.Response:
    events = sse_events("Half a sent", model=body["model"])[:4]
    events.append(("error", {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}))
    return raw_sse_response(sse_bytes(events))


def test_an_error_event_mid_stream_fails_cleanly(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = _failing_for("section:s1", _overloaded_event)
    install(monkeypatch, stub)
    failed(run("draft", planned, "--jobs", "1"))
    assert not (planned / "draft.md").exists()
    assert list((planned / "llm").glob("section-s1-*.failed.json"))
    # resumable: the next run asks for s1 again and finishes
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned))
    assert sorted(stub.kinds) == ["finish", "section:s1", "section:s2"]


def test_an_overloaded_error_event_is_named(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, _failing_for("section:s1", _overloaded_event))
    message = failed(run("draft", planned, "--jobs", "1"))
    assert "overloaded" in message.lower()
    assert "error 200" not in message


class _CutStream(httpx2.SyncByteStream):
    """The connection drops after a few events (what a proxy timeout or a network blip looks like)."""

    def __init__(self, head: bytes) -> None:
        self.head = head

    def __iter__(self):  # type: ignore[no-untyped-def]
        yield self.head
        raise httpx2.RemoteProtocolError("peer closed connection without sending complete message body")


def test_a_connection_dropped_mid_stream_is_a_clear_error(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def cut(body: dict, _stub: Stub) -> httpx2.Response:
        head = sse_bytes(sse_events("Half a sentence", model=body["model"], chunks=3)[:4])
        return httpx2.Response(200, headers={"content-type": "text/event-stream"}, stream=_CutStream(head))

    install(monkeypatch, _failing_for("section:s1", cut))
    failed(run("draft", planned, "--jobs", "1"))
    assert not (planned / "draft.md").exists()


class _StalledStream(httpx2.SyncByteStream):
    """The answer starts, then nothing more arrives until the read times out."""

    def __init__(self, head: bytes) -> None:
        self.head = head

    def __iter__(self):  # type: ignore[no-untyped-def]
        yield self.head
        raise httpx2.ReadTimeout("The read operation timed out")


def test_a_stream_that_stalls_mid_way_is_a_cut_stream(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Newer SDKs wrap a timeout or a lost connection inside an open stream as APITimeoutError/APIConnectionError,
    # which they retry only before the stream opens: retell treats it as a cut stream (asked again, with
    # retries on: tests/llm/test_llm_faults.py), never as "cannot reach the API".
    def stall(body: dict, _stub: Stub) -> httpx2.Response:
        head = sse_bytes(sse_events("Half a sentence", model=body["model"], chunks=3)[:4])
        return httpx2.Response(200, headers={"content-type": "text/event-stream"}, stream=_StalledStream(head))

    install(monkeypatch, _failing_for("section:s1", stall))
    message = failed(run("draft", planned, "--jobs", "1"))
    assert message.startswith("retell: error: section s1: the response stream broke off"), message
    assert not (planned / "draft.md").exists()
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned))
    assert "section:s1" in stub.kinds


def test_an_empty_stream_is_a_clear_error(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, _failing_for("section:s1", lambda _b, _s: raw_sse_response(b"")))
    failed(run("draft", planned, "--jobs", "1"))
    assert not (planned / "draft.md").exists()


def test_an_empty_answer_is_an_error_and_not_cached(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, _failing_for("section:s1", lambda b, _s: sse_response("", model=b["model"])))
    message = failed(run("draft", planned, "--jobs", "1"))
    assert "section s1: the model returned no text" in message
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned))
    assert "section:s1" in stub.kinds


# -- API errors --------------------------------------------------------------------------------------


def test_invalid_key_401(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(lambda _b, _s: error_response(401, "invalid x-api-key"))
    install(monkeypatch, stub)
    message = failed(run("outline", workdir))
    assert "rejected the key (401)" in message
    assert "ANTHROPIC_API_KEY" in message
    assert len(stub.bodies) == 1  # a 401 is not retried
    assert not (workdir / "outline.yaml").exists()
    failures = list((workdir / "llm").glob("outline-plan-*.failed.json"))
    assert len(failures) == 1
    # with a good key the same command works
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    assert stub.kinds == ["outline"]


def test_model_not_found_404(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(lambda b, _s: error_response(404, f"model: {b['model']}"))
    install(monkeypatch, stub)
    message = failed(run("outline", workdir, "--model", "claude-nonesuch-9"))
    assert "model 'claude-nonesuch-9' not found (404)" in message
    assert "--model" in message
    assert len(stub.bodies) == 1


def test_bad_request_400_shows_the_apis_message(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(lambda _b, _s: error_response(400, "prompt is too long: 250000 tokens > 200000")))
    message = failed(run("outline", workdir))
    assert "(400): prompt is too long" in message


def test_429_with_retry_after_ms_then_success(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if len(stub.bodies) == 1:
            return error_response(429, "rate limited", {"retry-after-ms": "1"})
        return good_answer(body, stub)

    stub = Stub(answer)
    engines = install(monkeypatch, stub, max_retries=4)
    slept: list[float] = []
    monkeypatch.setattr("anthropic._base_client.time.sleep", slept.append)  # the SDK's own wait, not the test's
    ok(run("outline", workdir))
    assert slept == [0.001]  # retry-after-ms honoured: no multi-second backoff
    assert len(stub.bodies) == 2
    assert stub.bodies[0] == stub.bodies[1]  # the same request, retried
    assert stub.headers[1].get("x-stainless-retry-count") == "1"
    assert engines[0].client.max_retries == 4
    assert (workdir / "outline.yaml").is_file()


def test_the_sdks_own_retry_is_a_line_with_its_reason_and_wait(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SDK retries a 429 or 529 before the stream starts, silently: `retry-after: 60` would be a minute of a
    blank screen. Each retry is a line, said before the wait."""

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if len(stub.bodies) == 1:
            return error_response(429, "rate limited", {"retry-after-ms": "45000", "retry-after": "45"})
        if len(stub.bodies) == 2:
            return error_response(529, "Overloaded", {"retry-after-ms": "2"})
        return good_answer(body, stub)

    slept: list[float] = []
    monkeypatch.setattr("anthropic._base_client.time.sleep", slept.append)  # the SDK's own wait, not the test's
    install(monkeypatch, Stub(answer), max_retries=4)
    result = ok(run("outline", workdir))
    assert "outline plan: the Anthropic API rate limited (429); asking again in 45 s" in result.stderr
    assert "outline plan: the Anthropic API overloaded (529); asking again in 0.0 s" in result.stderr
    assert slept[:2] == [45.0, 0.002]


def test_a_request_too_large_says_what_to_cut(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(lambda _b, _s: error_response(413, "request too large")))
    message = failed(run("outline", workdir))
    assert "the request is too large for the Anthropic API (413); a re-run sends the same request" in message
    assert "--max-input-tokens" in message and "re-run later" not in message


def test_5xx_then_success_is_retried(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if len(stub.bodies) <= 2:
            return error_response(500 if len(stub.bodies) == 1 else 529, headers={"retry-after-ms": "1"})
        return good_answer(body, stub)

    stub = Stub(answer)
    install(monkeypatch, stub, max_retries=4)
    ok(run("outline", workdir))
    assert len(stub.bodies) == 3


def test_rate_limited_beyond_retries(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(lambda _b, _s: error_response(429, "rate limited", {"retry-after-ms": "1"}))
    install(monkeypatch, stub, max_retries=4)
    message = failed(run("outline", workdir))
    assert "rate limited (429) even after retries" in message
    assert len(stub.bodies) == 5  # one try and four retries
    assert not (workdir / "outline.yaml").exists()


def test_overloaded_beyond_retries(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(lambda _b, _s: error_response(529, "Overloaded", {"retry-after-ms": "1"}))
    install(monkeypatch, stub, max_retries=4)
    slept: list[float] = []
    monkeypatch.setattr("anthropic._base_client.time.sleep", slept.append)  # the SDK's own wait, not the test's
    message = failed(run("outline", workdir))
    assert slept == [0.001] * 4  # retry-after-ms honoured each time: no multi-second backoff
    assert "overloaded" in message
    assert "re-run" in message
    assert len(stub.bodies) == 5


def test_timeout(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(_body: dict, _stub: Stub) -> httpx2.Response:
        raise httpx2.ReadTimeout("timed out")

    stub = Stub(answer)
    install(monkeypatch, stub, timeout=0.5)
    message = failed(run("outline", workdir))
    assert "timed out" in message
    assert len(stub.bodies) == 1


def test_connection_error(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(_body: dict, _stub: Stub) -> httpx2.Response:
        raise httpx2.ConnectError("connection refused")

    install(monkeypatch, Stub(answer))
    message = failed(run("outline", workdir))
    assert "cannot reach the Anthropic API" in message


def test_the_real_engine_retries_four_times_with_a_ten_minute_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://proxy.invalid:8080")
    engine = make_engine(EngineChoice("anthropic", "test"))
    assert isinstance(engine, AnthropicEngine)
    assert engine.client.max_retries == 4
    assert engine.client.timeout == 600.0
    assert str(engine.client.base_url).startswith("http://proxy.invalid:8080")
    assert engine.client.api_key == "sk-ant-test-not-a-real-key"
