"""A loopback stub of the streaming Messages API, for driving the real CLI end to end without a network.

Point ANTHROPIC_BASE_URL at `StubAPI.url` (the `stub_api` fixture in tests/conftest.py does, with a fake key)
and run `retell outline/draft/run`: the SDK talks HTTP to a threaded server on 127.0.0.1 that answers
POST /v1/messages with a server-sent-event stream (message_start, content_block_start/delta/stop, message_delta
with stop_reason and usage, message_stop) and POST /v1/messages/count_tokens with {"input_tokens": N}.

Each request gets the next scripted reply for its kind (`stub.script("section:s2", overloaded(), answer())`),
else a good answer written for retell's prompts (tests/model_answers.py). Replies cover what real models and
the real API do: stops other than end_turn, 529s with retry-after, `error` events after the HTTP 200, streams
cut mid-way, and answers held back (to interrupt a run while a call is in flight).

Prompt caching is modelled observably: a request with a cache_control breakpoint whose prefix (the model, the
output format, system blocks and messages up to the breakpoint) reaches the model's minimum reads the entry
when an earlier request with the same prefix had begun answering before it arrived, and writes it otherwise
(so calls sent at the same moment each pay a write, as on the real API). Every request is recorded.
"""

from __future__ import annotations

import hashlib
import json
import math
import socket
import sys
import threading
import time
import traceback
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from model_answers import answer_text, call_kind, user_text

ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def stub_tokens(text: str) -> int:
    """The stub's tokenizer: about four characters a token."""
    return math.ceil(len(text) / 4) if text else 0


# -- what the stub does with one request -------------------------------------------------------------


class Hold:
    """An answer held back until the test releases it: `arrived` is set when the request reaches the stub (the
    client is now waiting for its answer), and the answer starts once `release` is set. Tests synchronise on
    these events, never on a delay that a busy machine can outlast."""

    WAIT = 120.0  # seconds: a test that never releases fails, rather than hanging the suite

    def __init__(self) -> None:
        self.arrived = threading.Event()
        self.release = threading.Event()

    def wait_arrived(self) -> None:
        assert self.arrived.wait(self.WAIT), "the held request never reached the stub"


@dataclass
class Reply:
    kind: str  # answer | status | stream_error | cut
    text: str | None = None  # None: the good answer for the prompt
    stop_reason: str = "end_turn"
    thinking: str | None = None
    status: int = 200
    error_type: str = ""
    message: str = ""
    headers: dict[str, str] = field(default_factory=dict)
    after: int = 3  # events sent before a stream fault
    how: str = "reset"  # a cut: "reset" (the connection drops mid-chunk) or "eof" (the body just ends)
    delay: float = 0.0  # seconds before the answer starts
    chunks: int = 4
    hold: Hold | None = None  # held back until the test releases it


def answer(
    text: str | None = None,
    *,
    stop: str = "end_turn",
    thinking: str | None = None,
    delay: float = 0.0,
    hold: Hold | None = None,
) -> Reply:
    return Reply("answer", text=text, stop_reason=stop, thinking=thinking, delay=delay, hold=hold)


def cut_off(text: str | None = None) -> Reply:
    """An answer stopped by max_tokens: the first half of the good answer (truncated JSON, for JSON calls)."""
    return Reply("answer", text=text, stop_reason="max_tokens")


def refusal(text: str = "I can't help with writing this.") -> Reply:
    return Reply("answer", text=text, stop_reason="refusal")


def context_full() -> Reply:
    return Reply("answer", text="", stop_reason="model_context_window_exceeded")


def status(code: int, message: str = "", *, retry_after_ms: int | None = None) -> Reply:
    headers = {}
    if retry_after_ms is not None:
        headers = {"retry-after-ms": str(retry_after_ms), "retry-after": str(max(1, math.ceil(retry_after_ms / 1000)))}
    kind = ERROR_TYPES.get(code, "api_error")
    return Reply("status", status=code, error_type=kind, message=message or kind.replace("_", " "), headers=headers)


def overloaded(retry_after_ms: int = 10) -> Reply:
    """A 529 before the stream starts, with retry-after (the SDK waits and retries it)."""
    return status(529, "Overloaded", retry_after_ms=retry_after_ms)


def stream_error(error_type: str = "overloaded_error", *, after: int = 3) -> Reply:
    """HTTP 200, a few events, then an `error` event (what the SDK does not retry by itself)."""
    message = {"overloaded_error": "Overloaded", "api_error": "Internal server error"}.get(error_type, error_type)
    return Reply("stream_error", error_type=error_type, message=message, after=after)


def cut(*, after: int = 3, how: str = "reset") -> Reply:
    """The stream stops after `after` events: the connection drops ("reset") or the body just ends ("eof")."""
    return Reply("cut", after=after, how=how)


# -- what the stub saw -------------------------------------------------------------------------------


@dataclass
class Received:
    path: str
    body: dict[str, Any]
    headers: dict[str, str]
    kind: str
    at: float  # time.monotonic() when it arrived
    reply: Reply | None = None
    started: float | None = None  # when message_start went out
    finished: float | None = None  # when message_stop went out
    usage: dict[str, int] | None = None

    @property
    def cache_read(self) -> int:
        return (self.usage or {}).get("cache_read_input_tokens", 0)

    @property
    def cache_write(self) -> int:
        return (self.usage or {}).get("cache_creation_input_tokens", 0)

    @property
    def prompt_tokens(self) -> int:
        u = self.usage or {}
        return u.get("input_tokens", 0) + self.cache_read + self.cache_write


def cache_prefix(body: dict[str, Any]) -> tuple[str, str] | None:
    """(key, text) of the prompt up to the last cache_control breakpoint, or None without one."""
    blocks: list[Any] = []
    found = False
    parts: list[Any] = [("tools", t) for t in body.get("tools") or []]
    system = body.get("system")
    if isinstance(system, list):
        parts += [("system", b) for b in system]
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, list):
            parts += [(message.get("role"), b) for b in content]
    upto = 0
    for index, (_where, block) in enumerate(parts):
        if isinstance(block, dict) and block.get("cache_control"):
            found, upto = True, index + 1
    if not found:
        return None
    blocks = parts[:upto]
    key = json.dumps(
        {"model": body.get("model"), "output_config": body.get("output_config"), "blocks": blocks}, sort_keys=True
    )
    text = "".join(b.get("text", "") for _w, b in blocks if isinstance(b, dict))
    return hashlib.sha256(key.encode()).hexdigest(), text


def prompt_text(body: dict[str, Any]) -> str:
    system = body.get("system")
    texts = [system] if isinstance(system, str) else [b.get("text", "") for b in system or []]
    for message in body.get("messages") or []:
        content = message.get("content")
        texts += [content] if isinstance(content, str) else [b.get("text", "") for b in content or []]
    return "".join(texts)


# -- the server --------------------------------------------------------------------------------------


class StubAPI:
    def __init__(
        self,
        *,
        classify: Callable[[dict[str, Any]], str] = call_kind,
        default: Callable[[str], str] = answer_text,
        min_cache_tokens: int | dict[str, int] = 0,
        latency: float = 0.0,
    ) -> None:
        self.classify = classify
        self.default = default
        self.min_cache_tokens = min_cache_tokens
        self.latency = latency  # seconds before every answer begins (a real model's time to first token)
        self.received: list[Received] = []
        self._scripts: dict[str, deque[Reply]] = defaultdict(deque)
        self._cache: dict[str, float] = {}  # prefix key -> when it became readable
        self._lock = threading.Lock()
        self._server: _Server | None = None
        self.errors: list[str] = []  # the stub's own failures (a bug in a test's script, not in retell)
        self._thread: threading.Thread | None = None

    # setup
    def start(self) -> StubAPI:
        stub = self

        class Handler(_Handler):
            owner = stub

        self._server = _Server(("127.0.0.1", 0), Handler)
        self._server.owner = self
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    @property
    def url(self) -> str:
        assert self._server is not None, "start() the stub first"
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def script(self, kind: str, *replies: Reply) -> StubAPI:
        """The next requests of `kind` ("outline", "section:s2", "finish", "any") get these replies, in order."""
        with self._lock:
            self._scripts[kind].extend(replies)
        return self

    def forget_cache(self) -> None:
        with self._lock:
            self._cache.clear()

    # reading what happened
    @property
    def calls(self) -> list[Received]:
        """Requests to /v1/messages, in the order they arrived."""
        return [r for r in self.received if r.path == "/v1/messages"]

    @property
    def counted(self) -> list[Received]:
        return [r for r in self.received if r.path == "/v1/messages/count_tokens"]

    @property
    def kinds(self) -> list[str]:
        return [r.kind for r in self.calls]

    def of(self, kind: str) -> list[Received]:
        return [r for r in self.calls if r.kind == kind or r.kind.startswith(kind + ":")]

    def reset(self) -> None:
        """Forget what was received (the cache entries stay, as on the real API)."""
        with self._lock:
            self.received.clear()

    # answering
    def _next_reply(self, kind: str) -> Reply:
        with self._lock:
            for key in (kind, "any"):
                if self._scripts[key]:
                    return self._scripts[key].popleft()
        return answer()

    def _minimum(self, model: str) -> int:
        if isinstance(self.min_cache_tokens, dict):
            return self.min_cache_tokens.get(model, 0)
        return self.min_cache_tokens

    def _usage(self, got: Received, text: str, thinking: str) -> tuple[dict[str, int], str | None]:
        """Usage of an answer, and the prefix key to mark readable once it starts (when it writes one)."""
        total = stub_tokens(prompt_text(got.body))
        read = write = 0
        writes = None
        prefix = cache_prefix(got.body)
        if prefix is not None:
            key, prefix_text = prefix
            size = stub_tokens(prefix_text)
            if size >= self._minimum(str(got.body.get("model"))):
                with self._lock:
                    readable = self._cache.get(key)
                if readable is not None and readable <= got.at:
                    read = size
                else:
                    write, writes = size, key
        usage = {
            "input_tokens": total - read - write,
            "cache_read_input_tokens": read,
            "cache_creation_input_tokens": write,
            "output_tokens": stub_tokens(text) + stub_tokens(thinking),
        }
        return usage, writes

    def _began(self, key: str | None, when: float) -> None:
        if key is not None:
            with self._lock:
                self._cache[key] = min(self._cache.get(key, when), when)


class _Server(ThreadingHTTPServer):
    owner: StubAPI

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that drops a kept-alive connection (the SDK does, after an error event) resets it while
        the handler waits for its next request: the end of that conversation, not an error. Anything else is
        kept for the test to see; socketserver's default would print a traceback to sys.stderr, which is the
        output of the command a test is running in-process."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionResetError, BrokenPipeError, ConnectionAbortedError)):
            return
        self.owner.errors.append("".join(traceback.format_exception(error)) if error else "unknown error")


class _Handler(BaseHTTPRequestHandler):
    owner: StubAPI
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:
        stub = self.owner
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            body = {}
        path = self.path.split("?", 1)[0]
        kind = stub.classify(body) if path == "/v1/messages" and body.get("messages") else "count"
        got = Received(path, body, dict(self.headers.items()), kind, time.monotonic())
        with stub._lock:
            stub.received.append(got)
        try:
            if path == "/v1/messages/count_tokens":
                self._json(200, {"input_tokens": stub_tokens(prompt_text(body))})
            elif path == "/v1/messages":
                self._messages(got)
            else:
                self._json(404, {"type": "error", "error": {"type": "not_found_error", "message": path}})
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            self.close_connection = True  # the client went away (Ctrl-C): nothing to tell it

    def _json(self, code: int, data: dict[str, Any], headers: dict[str, str] | None = None) -> None:
        payload = json.dumps(data).encode()
        self.send_response(code)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.send_header("request-id", f"req_stub_{id(data):x}")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _messages(self, got: Received) -> None:
        stub = self.owner
        reply = stub._next_reply(got.kind)
        got.reply = reply
        if reply.kind == "status":
            error = {"type": "error", "error": {"type": reply.error_type, "message": reply.message}}
            self._json(reply.status, error, reply.headers)
            return
        if reply.hold is not None:
            reply.hold.arrived.set()
            reply.hold.release.wait(Hold.WAIT)
        if reply.delay or stub.latency:
            time.sleep(reply.delay + stub.latency)
        good = stub.default(user_text(got.body))
        text = good if reply.text is None else reply.text
        if reply.stop_reason == "max_tokens" and reply.text is None:
            text = good[: max(1, len(good) // 2)]
        thinking = reply.thinking or ""
        usage, writes = stub._usage(got, text, thinking)
        model = str(got.body.get("model", "claude-stub"))
        events = message_events(
            text,
            model=model,
            usage=usage,
            stop_reason=reply.stop_reason,
            thinking=thinking,
            chunks=reply.chunks,
            message_id=f"msg_stub_{id(got):x}",
        )
        cut_at = len(events)
        if reply.kind in ("stream_error", "cut"):
            cut_at = min(reply.after, len(events) - 1)
        chunked = not (reply.kind == "cut" and reply.how == "eof")
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("request-id", f"req_stub_{len(stub.received):04d}")
        if chunked:
            self.send_header("transfer-encoding", "chunked")
        else:
            self.send_header("connection", "close")
            self.close_connection = True
        self.end_headers()
        for name, data in events[:cut_at]:
            if name == "message_start":
                got.started = time.monotonic()
                got.usage = usage
                stub._began(writes, got.started)
            self._send(f"event: {name}\ndata: {json.dumps(data)}\n\n".encode(), chunked)
            if name == "message_stop":
                got.finished = time.monotonic()
        if reply.kind == "stream_error":
            error = {"type": "error", "error": {"type": reply.error_type, "message": reply.message}}
            self._send(f"event: error\ndata: {json.dumps(error)}\n\n".encode(), chunked)
        if reply.kind == "cut":
            self.close_connection = True
            if chunked:  # drop the connection in the middle of the chunked body
                self.wfile.flush()
                self.connection.shutdown(socket.SHUT_RDWR)
            return
        if chunked:
            self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _send(self, data: bytes, chunked: bool) -> None:
        if chunked:
            self.wfile.write(f"{len(data):X}\r\n".encode() + data + b"\r\n")
        else:
            self.wfile.write(data)
        self.wfile.flush()


def message_events(
    text: str,
    *,
    model: str,
    usage: dict[str, int],
    stop_reason: str = "end_turn",
    thinking: str = "",
    chunks: int = 4,
    message_id: str = "msg_stub",
) -> list[tuple[str, dict[str, Any]]]:
    """A whole streamed message in the wire format: message_start (with the prompt's usage), an optional
    thinking block, the text in `chunks` deltas, message_delta (stop reason, output tokens), message_stop."""
    start_usage = {k: v for k, v in usage.items() if k != "output_tokens"} | {"output_tokens": 1}
    message = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": start_usage,
    }
    events: list[tuple[str, dict[str, Any]]] = [("message_start", {"type": "message_start", "message": message})]
    index = 0
    if thinking:
        block = {"type": "thinking", "thinking": "", "signature": ""}
        deltas = [
            {"type": "thinking_delta", "thinking": thinking},
            {"type": "signature_delta", "signature": "c3R1Yg=="},
        ]
        events.append(("content_block_start", {"type": "content_block_start", "index": 0, "content_block": block}))
        events += [("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": d}) for d in deltas]
        events.append(("content_block_stop", {"type": "content_block_stop", "index": 0}))
        index = 1
    text_block = {"type": "text", "text": ""}
    events += [
        ("content_block_start", {"type": "content_block_start", "index": index, "content_block": text_block}),
        ("ping", {"type": "ping"}),
    ]
    size = max(1, -(-len(text) // max(1, chunks)))
    for i in range(0, len(text), size):
        delta = {"type": "text_delta", "text": text[i : i + size]}
        events.append(("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}))
    final = {"output_tokens": usage.get("output_tokens", 0)}
    events += [
        ("content_block_stop", {"type": "content_block_stop", "index": index}),
        (
            "message_delta",
            {"type": "message_delta", "delta": {"stop_reason": stop_reason, "stop_sequence": None}, "usage": final},
        ),
        ("message_stop", {"type": "message_stop"}),
    ]
    return events
