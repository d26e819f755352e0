"""Shared helpers: a builder of real-shaped Claude Code records, and runners for `retell parse`.

Records look like the ones Claude Code writes (see ../shared/notes/format.md): uuid/parentUuid chains,
sessionId, ISO timestamps, `message{role, content, id, model, usage}`, `isSidechain`, `userType`, `cwd`,
`version`. Ids and timestamps are derived from a counter, so every fixture is deterministic.
"""

from __future__ import annotations

import base64
import io
import json
import os
import signal
import uuid
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings
from stubapi import StubAPI
from typer.testing import CliRunner, Result

from retell.claude.locate import SessionRef
from retell.cli import app
from retell.parse import ParseOptions, ParseResult, extract_session

# CI runs the property tests on Hypothesis's fixed examples: a run on a fresh clone must give the same answer every
# time (a random draw once found the case test_inert's xfail records); locally they draw afresh
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

REPO_ROOT = Path(__file__).resolve().parents[1]
CORPUS = REPO_ROOT / ".." / "shared" / "corpus"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
PARSE_FIXTURES = FIXTURES / "parse"

SESSION_ID = "5e551011-7c0d-4b7e-9a41-0d3c5a9e2f10"
CWD = "/srv/demo/proj"
MODEL = "claude-sonnet-4-5-20250929"
_NS = uuid.UUID("8f14e45f-ceea-467f-a0e6-5c1b3f0d2a77")

# A shell that starts pytest in the background (`pytest &`, a CI runner without job control) makes it ignore
# SIGINT, and every `retell` it starts inherits that: the tests that press Ctrl-C in a child would see it
# carry on. Python's own handler in this process is reset to the default in each child it starts.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture(autouse=True)
def _private_data_dir(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> None:
    """No test reads or writes the real retell archive (~/.local/share/retell) or its warning marker."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("xdg-data")))
    monkeypatch.delenv("RETELL_ARCHIVE_DIR", raising=False)


# -- records -----------------------------------------------------------------------------------------


def text_block(text: str) -> dict[str, Any]:
    return {"type": "text", "text": text}


def thinking_block(text: str) -> dict[str, Any]:
    return {"type": "thinking", "thinking": text, "signature": "EqQBCkYIBxgCKkA" + "x" * 20}


def tool_use_block(name: str, tool_input: dict[str, Any], tool_id: str) -> dict[str, Any]:
    return {"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}


def image_block(data: bytes, media_type: str = "image/png") -> dict[str, Any]:
    return {
        "type": "image",
        "source": {"type": "base64", "media_type": media_type, "data": base64.b64encode(data).decode()},
    }


def usage(output_tokens: int = 10, input_tokens: int = 4, cache_read: int = 100, cache_write: int = 50):
    return {
        "input_tokens": input_tokens,
        "cache_creation_input_tokens": cache_write,
        "cache_read_input_tokens": cache_read,
        "output_tokens": output_tokens,
        "service_tier": "standard",
    }


def make_png(size: tuple[int, int] = (4, 3), color: tuple[int, int, int] = (200, 30, 30)) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "PNG")
    return buf.getvalue()


def make_jpeg(size: tuple[int, int] = (5, 5), color: tuple[int, int, int] = (10, 120, 200)) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", size, color).save(buf, "JPEG")
    return buf.getvalue()


class Transcript:
    """Builds one transcript's records in order, chaining parentUuid and advancing the clock 1 s a record.

    Each method appends a record and returns it, so a test can tweak fields before writing.
    """

    def __init__(
        self,
        session_id: str = SESSION_ID,
        *,
        cwd: str = CWD,
        version: str = "2.1.20",
        model: str = MODEL,
        start: datetime | None = None,
        sidechain: bool = False,
        agent_id: str | None = None,
    ) -> None:
        self.session_id = session_id
        self.cwd = cwd
        self.version = version
        self.model = model
        self.sidechain = sidechain
        self.agent_id = agent_id
        self.records: list[dict[str, Any]] = []
        self.last_uuid: str | None = None
        self._n = 0
        self._clock = start or datetime(2026, 1, 5, 10, 0, 0, tzinfo=timezone.utc)

    # ids and time
    def _next(self) -> int:
        self._n += 1
        return self._n

    def new_uuid(self) -> str:
        return str(uuid.uuid5(_NS, f"{self.session_id}/{self.agent_id}/{self._next()}"))

    def new_message_id(self) -> str:
        return f"msg_01{uuid.uuid5(_NS, f'msg/{self.session_id}/{self.agent_id}/{self._next()}').hex[:22]}"

    def new_tool_id(self) -> str:
        return f"toolu_01{uuid.uuid5(_NS, f'tool/{self.session_id}/{self.agent_id}/{self._next()}').hex[:22]}"

    def tick(self, seconds: float = 1.0) -> str:
        self._clock += timedelta(seconds=seconds)
        return self._clock.strftime("%Y-%m-%dT%H:%M:%S.") + f"{self._clock.microsecond // 1000:03d}Z"

    # records
    def _base(
        self, rtype: str, *, before: dict[str, Any] | None = None, body: dict[str, Any] | None = None, **fields: Any
    ) -> dict[str, Any]:
        """Keys in Claude Code's order: common fields, [before], type, [body], uuid, timestamp, extras.

        The order matters: the reader sniffs a record's type from the bytes when `"type"` comes before
        any nested object (user, progress) and decodes the line otherwise (assistant, attachment).
        """
        record: dict[str, Any] = {
            "parentUuid": self.last_uuid,
            "isSidechain": self.sidechain,
            "userType": "external",
            "cwd": self.cwd,
            "sessionId": self.session_id,
            "version": self.version,
            "gitBranch": "main",
        }
        if self.agent_id is not None:
            record["agentId"] = self.agent_id
        record.update(before or {})
        record["type"] = rtype
        record.update(body or {})
        record["uuid"] = self.new_uuid()
        record["timestamp"] = self.tick()
        record.update(fields)
        return self.add(record)

    def add(self, record: dict[str, Any]) -> dict[str, Any]:
        self.records.append(record)
        if isinstance(record.get("uuid"), str):
            self.last_uuid = record["uuid"]
        return record

    def user(self, content: Any, **fields: Any) -> dict[str, Any]:
        return self._base("user", body={"message": {"role": "user", "content": content}}, **fields)

    def assistant(
        self,
        *blocks: dict[str, Any] | str,
        message_id: str | None = None,
        model: str | None = None,
        usage_: dict[str, Any] | None = None,
        **fields: Any,
    ) -> dict[str, Any]:
        content = [text_block(b) if isinstance(b, str) else b for b in blocks]
        message = {
            "id": message_id or self.new_message_id(),
            "type": "message",
            "role": "assistant",
            "model": model or self.model,
            "content": content,
            "stop_reason": None,
            "stop_sequence": None,
            "usage": usage_ if usage_ is not None else usage(),
        }
        return self._base("assistant", before={"message": message, "requestId": f"req_011C{self._n:020d}"}, **fields)

    def tool_result(
        self,
        tool_id: str,
        content: Any,
        *,
        is_error: bool = False,
        tool_use_result: Any = None,
        **fields: Any,
    ) -> dict[str, Any]:
        block: dict[str, Any] = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
        if is_error:
            block["is_error"] = True
        extra: dict[str, Any] = dict(fields)
        if tool_use_result is not None:
            extra["toolUseResult"] = tool_use_result
        return self.user([block], **extra)

    def tool_call(
        self,
        name: str,
        tool_input: dict[str, Any],
        result: Any = "ok",
        *,
        is_error: bool = False,
        tool_use_result: Any = None,
    ) -> str:
        """An assistant tool_use record and the user record with its result; returns the tool_use id."""
        tool_id = self.new_tool_id()
        self.assistant(tool_use_block(name, tool_input, tool_id))
        if result is not None:
            self.tool_result(tool_id, result, is_error=is_error, tool_use_result=tool_use_result)
        return tool_id

    def system(self, subtype: str, **fields: Any) -> dict[str, Any]:
        return self._base("system", body={"subtype": subtype, "isMeta": False, "level": "info"}, **fields)

    def queue(self, operation: str, content: Any = None, **fields: Any) -> dict[str, Any]:
        record: dict[str, Any] = {
            "type": "queue-operation",
            "operation": operation,
            "timestamp": self.tick(),
            "sessionId": self.session_id,
        }
        if content is not None:
            record["content"] = content
        record.update(fields)
        return self.add(record)

    def attachment(self, attachment: dict[str, Any], **fields: Any) -> dict[str, Any]:
        return self._base("attachment", before={"attachment": attachment}, **fields)

    def write(self, path: Path) -> Path:
        return write_jsonl(path, self.records)


def write_jsonl(path: Path, records: Iterable[Any]) -> Path:
    """One compact JSON object per line, as Claude Code writes them (non-ASCII kept as UTF-8)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records]
    path.write_bytes(("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
    return path


# -- fixtures ----------------------------------------------------------------------------------------


@pytest.fixture
def forks(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The pids of the children `retell.cores` forks while the test runs (each fork still happens)."""
    from retell import cores

    pids: list[int] = []
    fork = cores.os.fork

    def counted() -> int:
        pid = fork()
        if pid:
            pids.append(pid)
        return pid

    monkeypatch.setattr(cores.os, "fork", counted)
    return pids


@pytest.fixture
def make_transcript() -> Callable[..., Transcript]:
    return Transcript


@pytest.fixture
def tx() -> Transcript:
    """A fresh transcript of the default session."""
    return Transcript()


@pytest.fixture
def project_dir(tmp_path: Path) -> Path:
    """A Claude Code project folder inside a private config dir (`<tmp>/claude/projects/<encoded>/`)."""
    path = tmp_path / "claude" / "projects" / "-srv-demo-proj"
    path.mkdir(parents=True)
    return path


@pytest.fixture
def session_path(project_dir: Path) -> Path:
    return project_dir / f"{SESSION_ID}.jsonl"


Parse = Callable[..., ParseResult]


@pytest.fixture
def parse(tmp_path: Path, session_path: Path) -> Parse:
    """Write a transcript (a Transcript, a list of records, or raw bytes) and run the pure parse layer."""

    def run(
        source: Transcript | list[dict[str, Any]] | bytes,
        *,
        path: Path | None = None,
        assets: bool = True,
        **options: Any,
    ) -> ParseResult:
        target = path or session_path
        if isinstance(source, Transcript):
            source.write(target)
        elif isinstance(source, bytes):
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(source)
        else:
            write_jsonl(target, source)
        assets_dir = tmp_path / "assets" if assets else None
        return extract_session(SessionRef(target, target.stem), assets_dir, ParseOptions(**options))

    return run


@pytest.fixture
def cli(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., Result]:
    """Run `retell <args>` in a scratch working folder with a private CLAUDE_CONFIG_DIR."""
    work = tmp_path / "cwd"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(tmp_path / "claude"))
    runner = CliRunner()

    def run(*args: str | Path) -> Result:
        return runner.invoke(app, [str(a) for a in args])

    return run


# -- reading results ---------------------------------------------------------------------------------


def events(result: ParseResult, kind: str | None = None) -> list[dict[str, Any]]:
    """Top-level events as written to events.json, optionally of one kind."""
    out = result.log.to_dict()["events"]
    return [e for e in out if kind is None or e["kind"] == kind]


def kinds(result: ParseResult) -> list[str]:
    return [e["kind"] for e in events(result)]


def assert_clean_error(result: Result, *, one_line: bool = True) -> str:
    """Exit 1, a `retell: error:` message on stderr, and no traceback anywhere."""
    assert result.exit_code == 1, (result.exit_code, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    message = result.stderr.strip()
    assert message.startswith("retell: error:"), message
    if one_line:
        assert "\n" not in message, message
    return message


# -- a loopback stub of the Messages API -------------------------------------------------------------


@pytest.fixture
def stub_api(monkeypatch: pytest.MonkeyPatch) -> Iterator[StubAPI]:
    """A stub of the streaming Messages API on 127.0.0.1 (tests/stubapi.py), with ANTHROPIC_BASE_URL pointing
    at it and a fake ANTHROPIC_API_KEY, so `retell outline/draft/run` talk to it through the real SDK."""
    stub = StubAPI().start()
    monkeypatch.setenv("ANTHROPIC_BASE_URL", stub.url)
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-stub-not-a-real-key")
    yield stub
    stub.stop()
    assert not stub.errors, "the stub API failed:\n" + "\n".join(stub.errors)
