"""The engines that write: the Anthropic API, the `claude` CLI (subscription users), or none (offline).
`handoff` (retell/llm/handoff.py) writes each call as a prompt file for someone else to answer.

Engine choice, when not forced: `anthropic` with ANTHROPIC_API_KEY set, else `claude-cli` with a
`claude` executable on PATH, else `offline`. `handoff` is only ever chosen with --engine. The choice and its
reason are always reported.
"""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from retell.errors import LLMError, RetellError
from retell.llm.request import LLMRequest, LLMResponse, Usage

ENGINES = ("anthropic", "claude-cli", "handoff", "offline")


@dataclass
class CallHooks:
    """What an engine tells the runner while a call is under way."""

    on_start: Callable[[], None] = lambda: None  # the answer began: its prompt's cache entry is now readable
    on_retry: Callable[[str, float], None] = lambda _what, _delay: None  # a fault, retried after `delay` seconds


class Engine(Protocol):
    name: str

    def complete(self, request: LLMRequest, hooks: CallHooks | None = None) -> LLMResponse: ...


@dataclass(frozen=True)
class EngineChoice:
    name: str
    reason: str


def choose_engine(requested: str | None, *, dry_run: bool = False) -> EngineChoice:
    """The engine to write with. A dry run may name `anthropic` without a key: it sends nothing, and its
    token counts are then estimates."""
    if requested:
        if requested not in ENGINES:
            raise RetellError(f"unknown engine {requested!r}; choose one of {', '.join(ENGINES)}")
        if requested == "anthropic" and not os.environ.get("ANTHROPIC_API_KEY"):
            if dry_run:
                return EngineChoice(requested, "chosen with --engine; no ANTHROPIC_API_KEY, so a dry run only")
            raise RetellError(
                "--engine anthropic needs an API key: set ANTHROPIC_API_KEY (or use --engine claude-cli "
                "with a Claude subscription, or --engine offline)"
            )
        if requested == "claude-cli" and shutil.which(os.environ.get("RETELL_CLAUDE", "claude")) is None:
            raise RetellError("--engine claude-cli needs the `claude` command on PATH (Claude Code)")
        if requested == "handoff":
            return EngineChoice(
                requested, "chosen with --engine: each call is a prompt file in WORKDIR/handoff/ to answer"
            )
        return EngineChoice(requested, "chosen with --engine")
    if os.environ.get("ANTHROPIC_API_KEY"):
        return EngineChoice("anthropic", "ANTHROPIC_API_KEY is set")
    if shutil.which(os.environ.get("RETELL_CLAUDE", "claude")):
        return EngineChoice("claude-cli", "no ANTHROPIC_API_KEY, but a `claude` executable is on PATH")
    return EngineChoice("offline", "no ANTHROPIC_API_KEY and no `claude` on PATH: writing without a model")


# -- anthropic ----------------------------------------------------------------------------------------

# Faults inside a stream (after the HTTP 200) are retried here, as the SDK retries a 529 before one: with
# exponential backoff and jitter, 0.5 s doubling up to 8 s.
RETRY_BASE_DELAY = 0.5
RETRY_MAX_DELAY = 8.0
RETRYABLE_STREAM_ERRORS = ("overloaded_error", "api_error")


class _StreamFault(Exception):
    """A stream that broke off or carried a transient error: worth asking again."""


class AnthropicEngine:
    """The Messages API through the anthropic SDK: streaming, retries with backoff, one cache breakpoint."""

    name = "anthropic"

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        max_retries: int = 4,
        timeout: float = 600.0,
        http_client: Any = None,
    ) -> None:
        import anthropic  # lazy: a second of import time nobody else should pay

        self._anthropic = anthropic
        self.max_retries = max_retries
        kwargs: dict[str, Any] = {"max_retries": max_retries, "timeout": timeout}
        if api_key is not None:
            kwargs["api_key"] = api_key
        if base_url is not None:
            kwargs["base_url"] = base_url
        if http_client is not None:
            kwargs["http_client"] = http_client
        try:
            self.client = anthropic.Anthropic(**kwargs)
        except anthropic.AnthropicError as exc:
            raise LLMError(f"cannot set up the Anthropic client: {exc}") from None

    def count_tokens(self, request: LLMRequest) -> int:
        """The exact input tokens of a request (messages.count_tokens: free, not billed)."""
        anthropic = self._anthropic
        import httpx2

        body = request.body()
        body.pop("max_tokens")
        try:
            counted = self.client.with_options(max_retries=0).messages.count_tokens(**body)
        except (anthropic.APIError, httpx2.HTTPError) as exc:
            raise LLMError(f"count_tokens failed: {_api_message(exc)}") from None
        return int(counted.input_tokens)

    def complete(self, request: LLMRequest, hooks: CallHooks | None = None) -> LLMResponse:
        hooks = hooks or CallHooks()
        body = request.body()
        for attempt in range(self.max_retries + 1):
            try:
                return self._stream(request, body, hooks)
            except _StreamFault as fault:
                if attempt == self.max_retries:
                    tried = f" even after {self.max_retries} retries" if self.max_retries else ""
                    raise LLMError(f"{fault}{tried}; re-run later (finished calls are kept)") from None
                delay = min(RETRY_MAX_DELAY, RETRY_BASE_DELAY * 2**attempt) * (1 - 0.25 * random.random())
                hooks.on_retry(str(fault), delay)
                time.sleep(delay)
        raise AssertionError("unreachable")

    def _stream(self, request: LLMRequest, body: dict[str, Any], hooks: CallHooks) -> LLMResponse:
        import httpx2  # the SDK's transport; errors in the middle of a stream surface as its exceptions

        anthropic = self._anthropic
        try:
            # Streaming: drafts are long, and non-streaming requests are refused above ~21k max_tokens.
            with self.client.messages.stream(**body) as stream:
                complete = False
                for event in stream:
                    if event.type == "message_start":
                        hooks.on_start()
                    elif event.type == "message_stop":
                        complete = True  # a stream cut short still yields a message: only this says it is whole
                message = stream.get_final_message()
                request_id = stream.request_id
        except anthropic.AuthenticationError:
            raise LLMError("the Anthropic API rejected the key (401): check ANTHROPIC_API_KEY") from None
        except anthropic.PermissionDeniedError as exc:
            raise LLMError(f"the Anthropic API refused the request (403): {_api_message(exc)}") from None
        except anthropic.NotFoundError as exc:
            raise LLMError(
                f"model {request.model!r} not found (404): {_api_message(exc)}; choose another with --model"
            ) from None
        except anthropic.RateLimitError:
            raise LLMError(
                "rate limited (429) even after retries; wait a little and re-run (finished calls are kept)"
            ) from None
        except anthropic.BadRequestError as exc:
            raise LLMError(f"the Anthropic API rejected the request (400): {_api_message(exc)}") from None
        except anthropic.APIStatusError as exc:
            if exc.status_code == 200:  # an `error` event inside the stream
                kind = _api_error_type(exc)
                if kind in RETRYABLE_STREAM_ERRORS:
                    raise _StreamFault(f"the Anthropic API stopped the response ({_api_error_kind(exc)})") from None
                raise LLMError(
                    f"the Anthropic API stopped the response ({_api_error_kind(exc)}); re-run (finished calls are kept)"
                ) from None
            what = "is overloaded (529)" if exc.status_code == 529 else f"answered with error {exc.status_code}"
            raise LLMError(
                f"the Anthropic API {what} even after retries; re-run later (finished calls are kept)"
            ) from None
        except anthropic.APITimeoutError:
            raise LLMError("the request to the Anthropic API timed out; re-run (finished calls are kept)") from None
        except anthropic.APIConnectionError:
            raise LLMError("cannot reach the Anthropic API (connection error); check the network and re-run") from None
        except (anthropic.APIError, httpx2.HTTPError, httpx2.StreamError) as exc:
            raise _StreamFault(f"the response stream broke off ({exc})") from None
        except AssertionError:  # the SDK asserts on a stream that carried no message at all
            raise _StreamFault("the Anthropic API sent an empty response stream") from None
        if not complete or message.stop_reason is None:
            raise _StreamFault("the response stream ended before the message was complete")
        text = "".join(getattr(block, "text", "") for block in message.content if block.type == "text")
        usage = message.usage
        return LLMResponse(
            text=text,
            usage=Usage(
                input_tokens=usage.input_tokens or 0,
                output_tokens=usage.output_tokens or 0,
                cache_read_input_tokens=getattr(usage, "cache_read_input_tokens", 0) or 0,
                cache_creation_input_tokens=getattr(usage, "cache_creation_input_tokens", 0) or 0,
            ),
            request_id=request_id,
            model=message.model,
            stop_reason=message.stop_reason,
        )


def _api_error_type(exc: Any) -> str | None:
    body = getattr(exc, "body", None)
    error = body.get("error") if isinstance(body, dict) else None
    return error.get("type") if isinstance(error, dict) else None


def _api_error_kind(exc: Any) -> str:
    body = getattr(exc, "body", None)
    error = body.get("error") if isinstance(body, dict) else None
    if isinstance(error, dict):
        kind = error.get("type") or "error"
        message = error.get("message") or ""
        return f"{kind}: {message}" if message else str(kind)
    return _api_message(exc)


def _api_message(exc: Any) -> str:
    body = getattr(exc, "body", None)
    if isinstance(body, dict):
        error = body.get("error")
        if isinstance(error, dict) and isinstance(error.get("message"), str):
            return error["message"]
    return str(getattr(exc, "message", exc))


# -- claude CLI ---------------------------------------------------------------------------------------

# Every flag below is in the Claude Code CLI reference, https://code.claude.com/docs/en/cli-reference
# (checked 2026-12-01):
#   -p / --print                 one prompt in (stdin), one result out, then exit
#   --output-format json         a single JSON result object: result, stop_reason, usage, total_cost_usd
#   --model <id>                 the model
#   --system-prompt <text>       replaces Claude Code's own system prompt
#   --tools ""                   no built-in tools at all (a tool call would end a one-turn run as an error,
#                                and every call would pay for the tool definitions)
#   --strict-mcp-config          only MCP servers from --mcp-config, and none is given: no MCP tools either
#   --setting-sources ""         no user, project or local settings, and so no CLAUDE.md memory files
#                                (see "settingSources" in https://code.claude.com/docs/en/agent-sdk/claude-code-features)
#   --disable-slash-commands     no skills
#   --max-turns 1                one turn
#   --no-session-persistence     the run is not saved as a session of its own
# Not --bare: it skips OAuth and the keychain, and subscription users (this engine's users) log in with OAuth.
# The answer's budget goes in CLAUDE_CODE_MAX_OUTPUT_TOKENS (https://code.claude.com/docs/en/env-vars).
CLAUDE_ISOLATION = (
    "--tools",
    "",
    "--strict-mcp-config",
    "--setting-sources",
    "",
    "--disable-slash-commands",
    "--max-turns",
    "1",
    "--no-session-persistence",
)


class ClaudeCliEngine:
    """`claude -p` for people with a Claude subscription and no API key.

    The prompt goes on stdin, the system prompt replaces Claude Code's own; no tools, no settings or memory
    files, one turn, in an empty folder, and the run is not saved as a session of its own.
    """

    name = "claude-cli"

    def __init__(self, executable: str | None = None, timeout: float = 900.0) -> None:
        found = shutil.which(executable or os.environ.get("RETELL_CLAUDE", "claude"))
        if found is None:
            raise LLMError("the `claude` command is not on PATH")
        self.executable = found
        self.timeout = timeout

    def argv(self, request: LLMRequest) -> list[str]:
        system = "You are a careful writing assistant. Follow the instructions at the top of the message exactly."
        return [
            self.executable,
            "-p",
            "--output-format",
            "json",
            "--model",
            request.model,
            "--system-prompt",
            system,
            *CLAUDE_ISOLATION,
        ]

    def complete(self, request: LLMRequest, hooks: CallHooks | None = None) -> LLMResponse:
        # The instructions travel on stdin with the task: an argument would show in `ps`, and Linux refuses
        # a single argument over 128 KiB (long author notes).
        instructions = "\n\n".join(block.text for block in request.system)
        if request.json_schema is not None:
            instructions += (
                "\n\nAnswer with one JSON object only, matching this JSON Schema:\n"
                + orjson.dumps(request.json_schema).decode()
            )
        stdin = f"<instructions>\n{instructions}\n</instructions>\n\n{request.user}"
        env = {**os.environ, "CLAUDE_CODE_MAX_OUTPUT_TOKENS": str(request.max_tokens)}
        with tempfile.TemporaryDirectory(prefix="retell-claude-") as cwd:
            try:
                proc = subprocess.run(
                    self.argv(request),
                    input=stdin,
                    capture_output=True,
                    text=True,
                    timeout=self.timeout,
                    cwd=cwd,
                    env=env,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                raise LLMError(f"`claude -p` did not answer within {self.timeout:.0f} s") from None
            except OSError as exc:
                raise LLMError(f"cannot run {self.executable}: {exc.strerror}") from None
        return parse_cli_output(proc.returncode, proc.stdout, proc.stderr)


def parse_cli_output(returncode: int, stdout: str, stderr: str) -> LLMResponse:
    """The result of `claude -p --output-format json`, with its stop reason (as the Messages API gives it)."""
    try:
        data = orjson.loads(stdout)
    except orjson.JSONDecodeError:
        last = (stderr.strip() or stdout.strip()).splitlines()[-1:] or ["no output"]
        raise LLMError(f"`claude -p` failed (exit {returncode}): {last[0][:300]}") from None
    if not isinstance(data, dict):
        raise LLMError("`claude -p` printed JSON that is not a result object")
    result = data.get("result")
    usage = Usage.from_dict(data.get("usage") if isinstance(data.get("usage"), dict) else None)
    cost = data.get("total_cost_usd")
    cost_usd = float(cost) if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None
    # Claude Code reports an answer over its output limit as an error result naming the limit.
    if data.get("is_error") and isinstance(result, str) and "output token maximum" in result:
        return LLMResponse(text="", usage=usage, stop_reason="max_tokens", cost_usd=cost_usd)
    if data.get("subtype") == "error_max_turns":
        raise LLMError("`claude -p` used its one turn without answering (it tried to use a tool); re-run")
    if data.get("is_error") or returncode != 0 or data.get("subtype") not in (None, "success"):
        message = result or data.get("subtype") or f"exit {returncode}"
        raise LLMError(f"`claude -p` reported an error: {str(message)[:300]}")
    if not isinstance(result, str):
        raise LLMError("`claude -p` returned no text result")
    # Older Claude Code versions do not report a stop reason; a success result is then the only signal.
    stop_reason = data.get("stop_reason", "end_turn")
    return LLMResponse(
        text=result,
        usage=usage,
        request_id=data.get("session_id") if isinstance(data.get("session_id"), str) else None,
        model=None,
        stop_reason=stop_reason if isinstance(stop_reason, str) else None,
        cost_usd=cost_usd,
    )


def make_engine(choice: EngineChoice) -> Engine:
    if choice.name == "anthropic":
        return AnthropicEngine(
            api_key=os.environ.get("ANTHROPIC_API_KEY"), base_url=os.environ.get("ANTHROPIC_BASE_URL") or None
        )
    if choice.name == "claude-cli":
        return ClaudeCliEngine()
    if choice.name == "handoff":  # the runner makes it: its folder is in the work folder
        raise RetellError("the handoff engine is made by the runner of a stage, for its work folder")
    raise RetellError("the offline engine writes without a model; it has no completion API")
