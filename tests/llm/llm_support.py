"""Helpers for the tests of `retell outline` and `retell draft`: an approved work folder, Messages API
answers in the wire format (SSE), a recording stub transport, and a fake `claude` executable. (The loopback
stub server the end-to-end fault tests drive the CLI with is tests/stubapi.py, shared by every test folder.)

Not a conftest.py on purpose: the root conftest is imported by name (`from conftest import ...`) and a second
conftest.py would shadow it. Each test module isolates itself with `isolate()` in an autouse fixture.

No test reaches the network: `isolate()` clears every ANTHROPIC_* variable, hides any real `claude` from PATH,
points XDG_CONFIG_HOME and HOME at tmp_path and makes socket connections fail (but to 127.0.0.1, where the
stub server listens).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx2
import pytest
from conftest import Transcript, image_block, make_png, text_block
from model_answers import answer_text, call_kind, user_text
from stubapi import message_events
from typer.testing import CliRunner, Result

from retell.cli import app
from retell.llm.engines import AnthropicEngine
from retell.llm.pricing import load_prices

HERE = Path(__file__).resolve().parent
REPO_ROOT = HERE.parents[1]
CASSETTES = REPO_ROOT / "tests" / "cassettes" / "llm"

# A fake GitHub token, assembled at run time so no token-shaped literal sits in the source.
FAKE_GITHUB_TOKEN = "gh" + "p_" + "k3Y9xQ2mB7vL1pR8sT4wZ6nC0dF5hJ2aE9uM"
SECOND_GITHUB_TOKEN = "gh" + "p_" + "Zq81LmN0pX4vB7cD2eF5gH8jK1mN4pQ7rS0t"
PLACEHOLDER = "[REDACTED:github-token]"

# The author's words in the standard session: they must survive every condensation.
AUTHOR_ASK = "the timeline hides whole groups when I filter, please fix it"
AUTHOR_PIVOT = "wait, hide the items and keep the group headers visible"
AUTHOR_END = "ship it, and write down why groups stay"


# -- isolation ---------------------------------------------------------------------------------------


def isolate(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No API key, no base URL, no real `claude`, a private config dir, and no network."""
    for name in list(os.environ):
        if name.startswith("ANTHROPIC_") or name in ("RETELL_MODEL", "RETELL_CLAUDE"):
            monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    path = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and not (Path(d) / "claude").exists()]
    monkeypatch.setenv("PATH", os.pathsep.join(path))

    real_connect, real_connect_ex, real_create = (
        socket.socket.connect,
        socket.socket.connect_ex,
        socket.create_connection,
    )

    def loopback(address: Any) -> bool:
        return isinstance(address, tuple) and address[0] in ("127.0.0.1", "::1", "localhost")

    def connect(self: socket.socket, address: Any) -> None:
        if not loopback(address):
            raise OSError("tests/llm: no network in tests")
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        if not loopback(address):
            raise OSError("tests/llm: no network in tests")
        return real_connect_ex(self, address)

    def create_connection(address: Any, *args: Any, **kwargs: Any) -> socket.socket:
        if not loopback(address):
            raise OSError("tests/llm: no network in tests")
        return real_create(address, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", connect)
    monkeypatch.setattr(socket.socket, "connect_ex", connect_ex)
    monkeypatch.setattr(socket, "create_connection", create_connection)
    load_prices.cache_clear()  # the price table is cached per process; a test's XDG_CONFIG_HOME must count


# -- the command line --------------------------------------------------------------------------------


def run(*args: str | Path) -> Result:
    """`retell <args>` in-process."""
    return CliRunner().invoke(app, [str(a) for a in args])


def ok(result: Result) -> Result:
    assert result.exit_code == 0, (result.exit_code, result.output, result.exception)
    assert result.exception is None, result.exception
    return result


def failed(result: Result) -> str:
    """Exit 1 with a `retell: error:` message and no traceback; returns stderr."""
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert "retell: error:" in result.stderr, result.stderr
    return result.stderr


# -- an approved work folder -------------------------------------------------------------------------


def standard_session(*, token: bool = True, image: bool = True, filler: int = 0) -> Transcript:
    """Two chapters (a compaction between them), an author message holding a GitHub token, an image.

    `filler` adds that many long assistant messages and tool runs to chapter 1 (for budget tests).
    """
    tx = Transcript()
    tx.user(AUTHOR_ASK)
    tx.assistant("Let me look at the filter code first.")
    tx.tool_call("Read", {"file_path": f"{tx.cwd}/src/filter.ts"}, "export function filter() {}")
    for i in range(filler):
        tx.assistant(f"Step {i}: " + ("I traced the grouping logic through the reducer and the view model. " * 16))
        tx.tool_call("Bash", {"command": f"npm test -- --grep group{i}"}, "Tests: 3 passed " + "." * 400)
    if token:
        tx.user(f"use the token {FAKE_GITHUB_TOKEN} to push the branch")
    tx.assistant("Found it: the filter drops whole groups instead of their items.")
    if image:
        tx.user([text_block("this is what I see"), image_block(make_png((6, 4)))])
        tx.assistant("I see the empty group in the screenshot.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160_000})
    tx.user(
        "This session is being continued from a previous conversation that ran out of context. "
        "The conversation is summarized below:\nThe timeline filter bug: groups vanish.",
        isCompactSummary=True,
    )
    tx.user(AUTHOR_PIVOT)
    tx.assistant("Done: items are hidden, the group headers stay.")
    tx.user(AUTHOR_END)
    tx.assistant("Committed with a note on why the headers stay.")
    return tx


def make_workdir(tmp_path: Path, tx: Transcript | None = None, *, name: str = "W", approve: bool = True) -> Path:
    """`retell parse` + `retell triage` (+ `--approve`) on a transcript; returns the work folder.

    Each distinct transcript is parsed once per test session; later calls get a copy of that work folder.
    """
    tx = tx or standard_session()
    key = hashlib.sha256(json.dumps([tx.records, approve], sort_keys=True).encode()).hexdigest()[:16]
    pristine = tmp_path.parent / "_llm_workdirs" / key
    workdir = tmp_path / name
    if pristine.is_dir():
        shutil.copytree(pristine, workdir)
        return workdir
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    ok(run("parse", session, "-o", workdir))
    ok(run("triage", workdir))
    if approve:
        ok(run("triage", workdir, "--approve"))
    staging = pristine.with_name(f"{key}.{os.getpid()}.tmp")
    shutil.copytree(workdir, staging)
    staging.rename(pristine)
    return workdir


def edit_triage(workdir: Path, change: Callable[[Any], None], *, approve: bool = True) -> None:
    """Edit triage.yaml as an author would (comments kept), then approve it again."""
    from retell import yamlio

    doc = yamlio.load(workdir / "triage.yaml")
    change(doc)
    yamlio.save(workdir / "triage.yaml", doc, backup=False)
    if approve:
        ok(run("triage", workdir, "--approve"))


def edit_triage_approved_by_hand(workdir: Path, change: Callable[[Any], None]) -> None:
    """Edit triage.yaml and set `approved: true` by hand, as an author may: `retell triage --approve` would
    refuse a secret in the author's own text, so this is how such text reaches a later stage, whose guard
    must still stop it before anything is sent."""
    from retell import yamlio

    doc = yamlio.load(workdir / "triage.yaml")
    change(doc)
    doc["approved"] = True
    yamlio.save(workdir / "triage.yaml", doc, backup=False)


# -- Messages API answers ----------------------------------------------------------------------------

DEFAULT_USAGE = {
    "input_tokens": 100,
    "output_tokens": 42,
    "cache_read_input_tokens": 50,
    "cache_creation_input_tokens": 20,
}


def sse_events(
    text: str,
    *,
    model: str = "claude-sonnet-5-5",
    usage: dict[str, int] | None = None,
    chunks: int = 1,
    stop_reason: str = "end_turn",
    message_id: str = "msg_01TestStub",
) -> list[tuple[str, dict[str, Any]]]:
    """A whole streamed message: message_start, the text in `chunks` deltas, message_delta, message_stop."""
    use = {"input_tokens": 0, **(DEFAULT_USAGE if usage is None else usage)}
    return message_events(text, model=model, usage=use, stop_reason=stop_reason, chunks=chunks, message_id=message_id)


def sse_bytes(events: list[tuple[str, dict[str, Any]]]) -> bytes:
    return "".join(f"event: {name}\ndata: {json.dumps(data)}\n\n" for name, data in events).encode()


def sse_response(
    text: str, *, request_id: str = "req_01TestStub", headers: dict[str, str] | None = None, **kwargs: Any
) -> httpx2.Response:
    return raw_sse_response(sse_bytes(sse_events(text, **kwargs)), request_id=request_id, headers=headers)


def raw_sse_response(
    body: bytes, *, request_id: str = "req_01TestStub", headers: dict[str, str] | None = None
) -> httpx2.Response:
    return httpx2.Response(
        200,
        headers={"content-type": "text/event-stream", "request-id": request_id, **(headers or {})},
        content=body,
    )


ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def error_response(status: int, message: str = "", headers: dict[str, str] | None = None) -> httpx2.Response:
    kind = ERROR_TYPES.get(status, "api_error")
    body = {"type": "error", "error": {"type": kind, "message": message or kind.replace("_", " ")}}
    return httpx2.Response(
        status,
        headers={"content-type": "application/json", "request-id": f"req_err_{status}", **(headers or {})},
        json=body,
    )


# -- what retell sends, and the answers a model would give -------------------------------------------


def count_tokens(body: dict[str, Any]) -> int:
    """What the stubs answer messages.count_tokens with: ~4 characters a token of everything sent."""
    texts = [b["text"] for b in body.get("system", [])]
    texts += [b["text"] for m in body["messages"] for b in m["content"]]
    return sum(len(t) for t in texts) // 4 + 1


Answer = Callable[[dict[str, Any], "Stub"], httpx2.Response]


def good_answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
    return sse_response(answer_text(user_text(body)), model=body["model"], request_id=f"req_{len(stub.bodies):04d}")


class Stub:
    """A MockTransport handler: records every request (body, headers, path) and answers through `answer`.

    messages.count_tokens requests are answered apart (an estimate of the prompt) and kept in `counted`."""

    def __init__(self, answer: Answer = good_answer) -> None:
        self.answer = answer
        self.bodies: list[dict[str, Any]] = []
        self.raw: list[bytes] = []
        self.headers: list[dict[str, str]] = []
        self.paths: list[str] = []
        self.counted: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def __call__(self, request: httpx2.Request) -> httpx2.Response:
        content = request.read()
        body = json.loads(content)
        if request.url.path.endswith("/count_tokens"):
            with self._lock:
                self.counted.append(body)
            return httpx2.Response(200, json={"input_tokens": count_tokens(body)})
        with self._lock:
            self.raw.append(content)
            self.bodies.append(body)
            self.headers.append(dict(request.headers))
            self.paths.append(request.url.path)
        return self.answer(body, self)

    @property
    def kinds(self) -> list[str]:
        return [call_kind(b) for b in self.bodies]

    def count(self, kind: str) -> int:
        return sum(1 for k in self.kinds if k == kind or k.startswith(kind + ":"))

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [b for b in self.bodies if call_kind(b) == kind]


def install(
    monkeypatch: pytest.MonkeyPatch, stub: Stub, *, max_retries: int = 0, timeout: float = 30.0, key: bool = True
) -> list[AnthropicEngine]:
    """Every engine retell builds talks to `stub`; ANTHROPIC_API_KEY is set so `anthropic` is chosen."""
    if key:
        monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    engines: list[AnthropicEngine] = []

    def factory(_choice: Any) -> AnthropicEngine:
        engine = AnthropicEngine(
            api_key="sk-test",
            base_url="http://stub.invalid",
            max_retries=max_retries,
            timeout=timeout,
            http_client=httpx2.Client(transport=httpx2.MockTransport(stub)),
        )
        engines.append(engine)
        return engine

    monkeypatch.setattr("retell.llm.runner.make_engine", factory)
    return engines


# -- reading results ---------------------------------------------------------------------------------


def call_logs(workdir: Path) -> list[dict[str, Any]]:
    """The saved records of finished calls in WORKDIR/llm/ (not the failures, not the dry run)."""
    folder = workdir / "llm"
    if not folder.is_dir():
        return []
    paths = [p for p in sorted(folder.glob("*.json")) if not p.name.endswith(".failed.json")]
    return [json.loads(p.read_text(encoding="utf-8")) for p in paths]


def outline_and_draft(monkeypatch: pytest.MonkeyPatch, workdir: Path, stub: Stub | None = None) -> Stub:
    stub = stub or Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    ok(run("draft", workdir))
    return stub


# -- a fake `claude` executable ----------------------------------------------------------------------

FAKE_CLAUDE = """\
#!{python}
# A stand-in for `claude -p`. Like the real one (a commander.js program) it refuses a flag it does not know, so a
# typo in retell's argv fails a test instead of passing unnoticed; it logs its calls and answers as retell's
# prompts expect. FAKE_CLAUDE_MODE picks a behaviour: ok, error, crash, max_tokens (cut off unless
# CLAUDE_CODE_MAX_OUTPUT_TOKENS is at least FAKE_CLAUDE_ROOM), refusal, old (no stop_reason in the result),
# tool (a tool call used up the one turn), continued (past the budget, Claude Code asked the model to go on and
# returns the last part as a success: more output tokens than the budget), limit (a usage limit), login (not
# logged in). `--version` prints FAKE_CLAUDE_VERSION (default 2.1.120).
import json, os, sys
sys.path.insert(0, {support!r})
if sys.argv[1:] == ["--version"]:
    print(os.environ.get("FAKE_CLAUDE_VERSION", "2.1.120") + " (Claude Code)")
    sys.exit(0)
# The flags retell may pass, and how many values each takes (from the CLI reference).
KNOWN = {{"-p": 0, "--print": 0, "--output-format": 1, "--model": 1, "--system-prompt": 1, "--tools": 1,
         "--strict-mcp-config": 0, "--setting-sources": 1, "--disable-slash-commands": 0, "--max-turns": 1,
         "--no-session-persistence": 0, "--settings": 1}}
argv = sys.argv[1:]
flags = {{}}
i = 0
while i < len(argv):
    flag = argv[i]
    if flag not in KNOWN:
        print(f"error: unknown option '{{flag}}'", file=sys.stderr)
        sys.exit(1)
    if KNOWN[flag] and i + 1 >= len(argv):
        print(f"error: option '{{flag}}' argument missing", file=sys.stderr)
        sys.exit(1)
    flags[flag] = argv[i + 1] if KNOWN[flag] else True
    i += 1 + KNOWN[flag]
prompt = sys.stdin.read()
settings = None
if "--settings" in flags:
    with open(flags["--settings"], encoding="utf-8") as handle:
        settings = json.load(handle)
with open(os.environ["FAKE_CLAUDE_LOG"], "a", encoding="utf-8") as log:
    log.write(json.dumps({{"argv": argv, "stdin": prompt, "cwd": os.getcwd(),
                          "max_output_tokens": os.environ.get("CLAUDE_CODE_MAX_OUTPUT_TOKENS"),
                          "env": {{k: v for k, v in os.environ.items() if k.startswith(("ANTHROPIC_", "FAKE_SET"))}},
                          "settings": settings}}) + "\\n")
problems = []
if "-p" not in flags and "--print" not in flags:
    problems.append("no -p")
if flags.get("--output-format") != "json":
    problems.append("no --output-format json")
if "--model" not in flags:
    problems.append("no --model")
if problems:
    print("fake claude: " + ", ".join(problems), file=sys.stderr)
    sys.exit(2)
mode = os.environ.get("FAKE_CLAUDE_MODE", "ok")
if mode == "error":
    print(json.dumps({{"type": "result", "subtype": "success", "is_error": True,
                      "result": "Credit balance is too low", "session_id": "sess-err"}}))
    sys.exit(1)
if mode == "crash":
    print("Error: not logged in. Run claude /login", file=sys.stderr)
    sys.exit(1)
if mode == "limit":
    print(json.dumps({{"type": "result", "subtype": "success", "is_error": True,
                      "result": "You've hit your limit · resets 3pm (Europe/Berlin)", "session_id": "sess-limit"}}))
    sys.exit(1)
if mode == "login":
    print("Invalid API key · Please run /login", file=sys.stderr)
    sys.exit(1)
if mode == "tool":
    print(json.dumps({{"type": "result", "subtype": "error_max_turns", "is_error": True, "num_turns": 1,
                      "session_id": "sess-tool"}}))
    sys.exit(1)
from model_answers import answer_text
# retell sends its instructions first, in an <instructions> block, then the task itself.
task = prompt.split("</instructions>\\n\\n", 1)[1] if prompt.startswith("<instructions>") else prompt
text, stop = answer_text(task), "end_turn"
room = int(os.environ.get("CLAUDE_CODE_MAX_OUTPUT_TOKENS") or 0)
if mode == "max_tokens" and room < int(os.environ.get("FAKE_CLAUDE_ROOM", "10**9".replace("**9", "000000000"))):
    text, stop = text[: len(text) // 2], "max_tokens"
if mode == "refusal":
    text, stop = "I can't help with that.", "refusal"
result = {{
    "type": "result", "subtype": "success", "is_error": False, "result": text, "stop_reason": stop,
    "usage": {{"input_tokens": 120, "output_tokens": 80, "cache_read_input_tokens": 0,
               "cache_creation_input_tokens": 0}},
    "total_cost_usd": 0.01, "session_id": "sess-0001", "num_turns": 1,
}}
if mode == "old":
    del result["stop_reason"]
if mode == "continued" and room < int(os.environ.get("FAKE_CLAUDE_ROOM", "1000000000")):
    result["result"] = "…and that is the end of the section."  # only the continuation's part
    result["usage"]["output_tokens"] = room + 500
print(json.dumps(result))
"""


def fake_claude(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: str = "ok") -> Path:
    """A `claude` script on PATH; returns the JSON-lines log of its invocations."""
    folder = tmp_path / "fakebin"
    folder.mkdir(exist_ok=True)
    script = folder / "claude"
    script.write_text(FAKE_CLAUDE.format(python=sys.executable, support=str(HERE.parent)), encoding="utf-8")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder) + os.pathsep + os.environ.get("PATH", ""))
    log = tmp_path / "fake-claude.log"
    monkeypatch.setenv("FAKE_CLAUDE_LOG", str(log))
    monkeypatch.setenv("FAKE_CLAUDE_MODE", mode)
    return log


def fake_claude_calls(log: Path) -> list[dict[str, Any]]:
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


# -- cassettes (vcrpy) -------------------------------------------------------------------------------

CASSETTE_URI = "https://api.anthropic.com/v1/messages"


def _block(text: str, indent: str, keep: bool) -> str:
    """A YAML literal block: `|+` keeps every trailing newline (SSE bodies need their last blank line)."""
    head = "|+" if keep else "|-"
    body = "\n".join((indent + line) if line else "" for line in text.split("\n"))
    if keep:
        body = body.rstrip("\n") + "\n" * (len(text) - len(text.rstrip("\n")))
        return f"{head}\n{body}"
    return f"{head}\n{body}\n"


def write_cassette(path: Path, interactions: list[dict[str, Any]], comment: str = "") -> None:
    """Write a vcrpy cassette by hand: request bodies as pretty JSON, SSE response bodies as `|+` blocks.

    Each interaction: {"request": <body dict>, "status": int, "headers": {name: value}, "body": str}.
    """
    lines = [f"# {line}".rstrip() for line in comment.strip().splitlines()] if comment else []
    lines.append("interactions:")
    for item in interactions:
        request = json.dumps(item["request"], indent=2, ensure_ascii=False)
        lines.append("- request:")
        lines.append("    body: " + _block(request, " " * 6, keep=False).rstrip("\n"))
        lines += ["    headers:", "      content-type:", "      - application/json"]
        lines += ["    method: POST", f"    uri: {CASSETTE_URI}"]
        lines.append("  response:")
        status = item["status"]
        reason = {200: "OK", 429: "Too Many Requests", 529: "Overloaded"}.get(status, "Error")
        lines += ["    status:", f"      code: {status}", f"      message: {reason}"]
        lines.append("    headers:")
        for name, value in item["headers"].items():
            lines += [f"      {name}:", f"      - '{value}'"]
        body = item["body"]
        keep = body.endswith("\n")
        lines.append("    body:")
        lines.append("      string: " + _block(body, " " * 8, keep=keep).rstrip("\n"))
        if keep:
            lines.append("")  # the block's kept blank line
    lines.append("version: 1")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_cassette(path: Path) -> list[dict[str, Any]]:
    """A cassette's interactions in write_cassette's shape."""
    import yaml

    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out = []
    for interaction in data["interactions"]:
        request, response = interaction["request"], interaction["response"]
        out.append(
            {
                "request": json.loads(request["body"]) if request["body"] else {},
                "status": response["status"]["code"],
                "headers": {k: v[0] for k, v in response["headers"].items()},
                "body": response["body"]["string"],
            }
        )
    return out
