"""The engines that write: the Anthropic API, the `claude` CLI (subscription users), or none (offline).

Engine choice, when not forced: `anthropic` with ANTHROPIC_API_KEY set, else `claude-cli` with a
`claude` executable on PATH, else `offline`. The choice and its reason are always reported.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from typing import Any, Protocol

import orjson

from retell.errors import LLMError, RetellError
from retell.llm.request import LLMRequest, LLMResponse, Usage

ENGINES = ("anthropic", "claude-cli", "offline")


class Engine(Protocol):
    name: str

    def complete(self, request: LLMRequest) -> LLMResponse: ...


@dataclass(frozen=True)
class EngineChoice:
    name: str
    reason: str


def choose_engine(requested: str | None) -> EngineChoice:
    if requested:
        if requested not in ENGINES:
            raise RetellError(f"unknown engine {requested!r}; choose one of {', '.join(ENGINES)}")
        if requested == "anthropic" and not os.environ.get("ANTHROPIC_API_KEY"):
            raise RetellError(
                "--engine anthropic needs an API key: set ANTHROPIC_API_KEY (or use --engine claude-cli "
                "with a Claude subscription, or --engine offline)"
            )
        if requested == "claude-cli" and shutil.which(os.environ.get("RETELL_CLAUDE", "claude")) is None:
            raise RetellError("--engine claude-cli needs the `claude` command on PATH (Claude Code)")
        return EngineChoice(requested, "chosen with --engine")
    if os.environ.get("ANTHROPIC_API_KEY"):
        return EngineChoice("anthropic", "ANTHROPIC_API_KEY is set")
    if shutil.which(os.environ.get("RETELL_CLAUDE", "claude")):
        return EngineChoice("claude-cli", "no ANTHROPIC_API_KEY, but a `claude` executable is on PATH")
    return EngineChoice("offline", "no ANTHROPIC_API_KEY and no `claude` on PATH: writing without a model")


# -- anthropic ----------------------------------------------------------------------------------------


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

    def complete(self, request: LLMRequest) -> LLMResponse:
        import httpx2  # the SDK's transport; errors in the middle of a stream surface as its exceptions

        anthropic = self._anthropic
        body = request.body()
        try:
            # Streaming: drafts are long, and non-streaming requests are refused above ~21k max_tokens.
            with self.client.messages.stream(**body) as stream:
                # A stream cut short still yields a message: only `message_stop` says it is whole.
                complete = any(event.type == "message_stop" for event in stream)
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
            raise LLMError(f"the response stream broke off ({exc}); re-run (finished calls are kept)") from None
        except AssertionError:  # the SDK asserts on a stream that carried no message at all
            raise LLMError(
                "the Anthropic API sent an empty response stream; re-run (finished calls are kept)"
            ) from None
        if not complete or message.stop_reason is None:
            raise LLMError("the response stream ended before the message was complete; re-run")
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


class ClaudeCliEngine:
    """`claude -p` for people with a Claude subscription and no API key.

    The prompt goes on stdin, the system prompt replaces Claude Code's own, no tools and one turn, in an
    empty folder (so no project CLAUDE.md is read), and the run is not saved as a session of its own.
    """

    name = "claude-cli"

    def __init__(self, executable: str | None = None, timeout: float = 900.0) -> None:
        found = shutil.which(executable or os.environ.get("RETELL_CLAUDE", "claude"))
        if found is None:
            raise LLMError("the `claude` command is not on PATH")
        self.executable = found
        self.timeout = timeout

    def complete(self, request: LLMRequest) -> LLMResponse:
        # The instructions travel on stdin with the task: an argument would show in `ps`, and Linux refuses
        # a single argument over 128 KiB (long author notes).
        instructions = "\n\n".join(block.text for block in request.system)
        if request.json_schema is not None:
            instructions += (
                "\n\nAnswer with one JSON object only, matching this JSON Schema:\n"
                + orjson.dumps(request.json_schema).decode()
            )
        stdin = f"<instructions>\n{instructions}\n</instructions>\n\n{request.user}"
        system = "You are a careful writing assistant. Follow the instructions at the top of the message exactly."
        argv = [
            self.executable,
            "-p",
            "--output-format",
            "json",
            "--model",
            request.model,
            "--system-prompt",
            system,
            "--max-turns",
            "1",
            "--no-session-persistence",
        ]
        with tempfile.TemporaryDirectory(prefix="retell-claude-") as cwd:
            try:
                proc = subprocess.run(
                    argv,
                    input=stdin,
                    capture_output=True,
                    text=True,
                    timeout=self.timeout,
                    cwd=cwd,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                raise LLMError(f"`claude -p` did not answer within {self.timeout:.0f} s") from None
            except OSError as exc:
                raise LLMError(f"cannot run {self.executable}: {exc.strerror}") from None
        return parse_cli_output(proc.returncode, proc.stdout, proc.stderr)


def parse_cli_output(returncode: int, stdout: str, stderr: str) -> LLMResponse:
    try:
        data = orjson.loads(stdout)
    except orjson.JSONDecodeError:
        last = (stderr.strip() or stdout.strip()).splitlines()[-1:] or ["no output"]
        raise LLMError(f"`claude -p` failed (exit {returncode}): {last[0][:300]}") from None
    if not isinstance(data, dict):
        raise LLMError("`claude -p` printed JSON that is not a result object")
    if data.get("is_error") or returncode != 0 or data.get("subtype") not in (None, "success"):
        message = data.get("result") or data.get("subtype") or f"exit {returncode}"
        raise LLMError(f"`claude -p` reported an error: {str(message)[:300]}")
    result = data.get("result")
    if not isinstance(result, str):
        raise LLMError("`claude -p` returned no text result")
    cost = data.get("total_cost_usd")
    return LLMResponse(
        text=result,
        usage=Usage.from_dict(data.get("usage") if isinstance(data.get("usage"), dict) else None),
        request_id=data.get("session_id") if isinstance(data.get("session_id"), str) else None,
        model=None,
        stop_reason=None,
        cost_usd=float(cost) if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None,
    )


def make_engine(choice: EngineChoice) -> Engine:
    if choice.name == "anthropic":
        return AnthropicEngine(
            api_key=os.environ.get("ANTHROPIC_API_KEY"), base_url=os.environ.get("ANTHROPIC_BASE_URL") or None
        )
    if choice.name == "claude-cli":
        return ClaudeCliEngine()
    raise RetellError("the offline engine writes without a model; it has no completion API")
