"""The engines that write: the Anthropic API, the `claude` CLI (subscription users), or none (offline).
`handoff` (retell/llm/handoff.py) writes each call as a prompt file for someone else to answer.

Engine choice, when not forced: `anthropic` with ANTHROPIC_API_KEY set, else `claude-cli` with a
`claude` executable on PATH, else `offline`. `handoff` is only ever chosen with --engine. The choice and its
reason are always reported.
"""

from __future__ import annotations

import functools
import os
import random
import re
import shutil
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
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
        if requested == "claude-cli":
            found = shutil.which(os.environ.get("RETELL_CLAUDE", "claude"))
            if found is None:
                if dry_run:
                    return EngineChoice(requested, "chosen with --engine; no `claude` on PATH, so a dry run only")
                raise RetellError("--engine claude-cli needs the `claude` command on PATH (Claude Code)")
            check_claude_version(found)
        if requested == "handoff":
            return EngineChoice(
                requested, "chosen with --engine: each call is a prompt file in WORKDIR/handoff/ to answer"
            )
        return EngineChoice(requested, "chosen with --engine")
    if os.environ.get("ANTHROPIC_API_KEY"):
        return EngineChoice("anthropic", "ANTHROPIC_API_KEY is set")
    found = shutil.which(os.environ.get("RETELL_CLAUDE", "claude"))
    if found:
        check_claude_version(found)  # before anything runs: an old one deletes the transcripts retell tells
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
            # The SDK's own retries (429, 529, 5xx, connection errors, before a stream starts) are silent, and a
            # `retry-after: 60` is a minute of a blank screen: its middleware (run once per attempt, inside its
            # retry loop) tells the call's hooks what happened and how long it waits.
            self.client = anthropic.Anthropic(**kwargs, middleware=[_SdkRetries(max_retries)])
        except TypeError:  # an SDK without middleware: its retries stay silent
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
        _CURRENT.hooks = hooks  # the SDK's retries of this call (on this thread) are told to its hooks
        try:
            return self._complete(request, body, hooks)
        finally:
            _CURRENT.hooks = None

    def _complete(self, request: LLMRequest, body: dict[str, Any], hooks: CallHooks) -> LLMResponse:
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
        opened = False  # the response began: a connection lost after this is a stream cut, worth asking again
        try:
            # Streaming: drafts are long, and non-streaming requests are refused above ~21k max_tokens.
            with self.client.messages.stream(**body) as stream:
                opened = True
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
            if exc.status_code == 413:  # a re-run would send the very same request
                raise LLMError(
                    "the request is too large for the Anthropic API (413); a re-run sends the same request, so send "
                    "less: a lower --max-input-tokens, fewer chapters in triage.yaml, or shorter notes"
                ) from None
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
        except anthropic.APIConnectionError as exc:  # APITimeoutError is one of these
            # Newer SDKs wrap a connection lost mid-stream as this too; the SDK only retries before the stream opens.
            if opened:
                raise _StreamFault(f"the response stream broke off ({exc})") from None
            if isinstance(exc, anthropic.APITimeoutError):
                raise LLMError("the request to the Anthropic API timed out; re-run (finished calls are kept)") from None
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


# The hooks of the call under way on each thread (the runner runs each call on one thread).
_CURRENT = threading.local()
_RETRIED_STATUS = {
    408: "timed out (408)",
    409: "answered 409 (conflict)",
    429: "rate limited (429)",
    529: "overloaded (529)",
}


class _SdkRetries:
    """The SDK's middleware that says, for each attempt the SDK will retry, why and how long it waits (its own
    rule: the response's retry-after(-ms), else a backoff of 0.5 s doubling up to 8 s)."""

    def __init__(self, max_retries: int) -> None:
        self.max_retries = max_retries

    def __call__(self, request: Any, call_next: Callable[[Any], Any]) -> Any:
        retrying = getattr(request, "retries_taken", 0) < self.max_retries
        try:
            response = call_next(request)
        except Exception as exc:  # a connection failure has no response: the SDK retries it
            if retrying and type(exc).__name__ in ("APIConnectionError", "APITimeoutError"):
                what = "timed out" if type(exc).__name__ == "APITimeoutError" else "could not connect"
                self._tell(f"the request to the Anthropic API {what}", None, request)
            raise
        status = getattr(response, "status_code", 200)
        if retrying and (status in _RETRIED_STATUS or status >= 500):
            headers = getattr(response, "headers", {}) or {}
            if headers.get("x-should-retry") != "false":
                reason = _RETRIED_STATUS.get(status, f"answered with error {status}")
                self._tell(f"the Anthropic API {reason}", headers, request)
        return response

    def _tell(self, what: str, headers: Any, request: Any) -> None:
        hooks = getattr(_CURRENT, "hooks", None)
        if hooks is None:
            return
        wait = _retry_after(headers)
        if wait is None:  # the SDK's backoff, before its jitter
            wait = min(8.0, 0.5 * 2 ** getattr(request, "retries_taken", 0))
        hooks.on_retry(what, wait)


def _retry_after(headers: Any) -> float | None:
    """Seconds the response asks the SDK to wait (retry-after-ms, else retry-after in seconds)."""
    if not headers:
        return None
    for name, scale in (("retry-after-ms", 0.001), ("retry-after", 1.0)):
        try:
            value = float(headers.get(name)) * scale
        except (TypeError, ValueError):
            continue
        if value > 0:
            return value
    return None


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
#   --settings <file>            settings of the user's that the isolation above would drop (see below)
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
BUDGET_VARIABLE = "CLAUDE_CODE_MAX_OUTPUT_TOKENS"
# `--setting-sources ""` also drops what the user's ~/.claude/settings.json needs for `claude` to reach a model at
# all: its `env` (a gateway's ANTHROPIC_BASE_URL, Bedrock or Vertex switches) and the helpers that make
# credentials. Those keys alone go back in through `--settings`, which Claude Code applies whatever
# --setting-sources says (https://code.claude.com/docs/en/settings); so does cleanupPeriodDays, which keeps a
# user's longer transcript retention. Nothing else of theirs (hooks, permissions, memory) reaches the call.
FORWARDED_SETTINGS = (
    "env",
    "apiKeyHelper",
    "awsAuthRefresh",
    "awsCredentialExport",
    "otelHeadersHelper",
    "forceLoginMethod",
    "cleanupPeriodDays",
)
# Before 2.1.101, `--setting-sources` made Claude Code delete transcripts older than 30 days at start-up:
# the very files retell tells. An older `claude` is refused before anything runs.
MIN_CLAUDE_VERSION = (2, 1, 101)
_VERSION = re.compile(r"\b(\d+)\.(\d+)\.(\d+)\b")


@functools.lru_cache(maxsize=8)
def claude_version(executable: str) -> tuple[int, ...] | None:
    """The version `claude --version` prints ("2.1.120 (Claude Code)"); None when it prints none."""
    try:
        proc = subprocess.run(
            [executable, "--version"], capture_output=True, text=True, timeout=60, check=False, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    match = _VERSION.search(proc.stdout or "")
    return tuple(int(n) for n in match.groups()) if match else None


def check_claude_version(executable: str) -> None:
    """Refuse a Claude Code too old for retell's isolation flags, before any call is made."""
    version = claude_version(executable)
    need = ".".join(map(str, MIN_CLAUDE_VERSION))
    if version is None:
        raise RetellError(
            f"cannot tell which Claude Code {executable} is (`claude --version` printed no version); retell needs "
            f"{need} or later: update it (`claude update`), or use --engine anthropic or --engine offline"
        )
    if version < MIN_CLAUDE_VERSION:
        raise RetellError(
            f"Claude Code {'.'.join(map(str, version))} is too old for retell (it needs {need} or later): before "
            f"{need}, the flag that keeps your settings out of retell's calls made Claude Code delete transcripts "
            "older than 30 days, which are what retell tells; update it (`claude update`) and run again; nothing "
            "was run"
        )


def user_settings() -> dict[str, Any]:
    """The keys of FORWARDED_SETTINGS in the user's Claude Code settings (`$CLAUDE_CONFIG_DIR/settings.json`,
    else ~/.claude/settings.json); {} when there are none or the file cannot be read."""
    from retell.claude.locate import config_dir

    try:
        data = orjson.loads((config_dir() / "settings.json").read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return {}
    if not isinstance(data, dict):
        return {}
    kept = {key: data[key] for key in FORWARDED_SETTINGS if key in data}
    if not isinstance(kept.get("env"), dict):
        kept.pop("env", None)
    return kept


class ClaudeCliEngine:
    """`claude -p` for people with a Claude subscription and no API key.

    The prompt goes on stdin, the system prompt replaces Claude Code's own; no tools, no settings or memory
    files (but the user's settings `env` and credential helpers), one turn, in an empty folder, and the run is
    not saved as a session of its own.
    """

    name = "claude-cli"

    def __init__(self, executable: str | None = None, timeout: float = 900.0) -> None:
        found = shutil.which(executable or os.environ.get("RETELL_CLAUDE", "claude"))
        if found is None:
            raise LLMError("the `claude` command is not on PATH")
        self.executable = found
        self.timeout = timeout

    def argv(self, request: LLMRequest, settings: str | None = None) -> list[str]:
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
            *(["--settings", settings] if settings else []),
        ]

    def environment(self, request: LLMRequest, settings: dict[str, Any]) -> dict[str, str]:
        """The process's environment: the user's settings `env` under what their shell already sets, and the
        answer's budget, which is always retell's."""
        env = {str(k): str(v) for k, v in (settings.get("env") or {}).items() if k != BUDGET_VARIABLE}
        return {**env, **os.environ, BUDGET_VARIABLE: str(request.max_tokens)}

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
        settings = user_settings()
        env = self.environment(request, settings)
        with tempfile.TemporaryDirectory(prefix="retell-claude-") as cwd:
            settings_file = None
            if settings:
                # in the call's own folder (readable by the user alone), never on the command line: an env block
                # may hold a key
                forwarded = dict(settings)
                if "env" in forwarded:
                    forwarded["env"] = {k: v for k, v in forwarded["env"].items() if k not in os.environ}
                    forwarded["env"].pop(BUDGET_VARIABLE, None)
                settings_file = str(Path(cwd) / "retell-settings.json")
                Path(settings_file).write_bytes(orjson.dumps(forwarded))
            try:
                proc = subprocess.run(
                    self.argv(request, settings_file),
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
        return parse_cli_output(proc.returncode, proc.stdout, proc.stderr, max_tokens=request.max_tokens)


def parse_cli_output(returncode: int, stdout: str, stderr: str, *, max_tokens: int | None = None) -> LLMResponse:
    """The result of `claude -p --output-format json`, with its stop reason (as the Messages API gives it)."""
    try:
        data = orjson.loads(stdout)
    except orjson.JSONDecodeError:
        last = (stderr.strip() or stdout.strip()).splitlines()[-1:] or ["no output"]
        raise LLMError(cli_error(last[0][:300], returncode)) from None
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
        raise LLMError(cli_error(str(message)[:300], returncode))
    if not isinstance(result, str):
        raise LLMError("`claude -p` returned no text result")
    # Older Claude Code versions do not report a stop reason; a success result is then the only signal.
    stop_reason = data.get("stop_reason", "end_turn")
    if max_tokens is not None and usage.output_tokens > max_tokens:
        # Past CLAUDE_CODE_MAX_OUTPUT_TOKENS, Claude Code asks the model to go on and returns only the last part
        # as a success: more output than the budget means an answer cut off and stitched, never a whole one.
        stop_reason = "max_tokens"
    return LLMResponse(
        text=result,
        usage=usage,
        request_id=data.get("session_id") if isinstance(data.get("session_id"), str) else None,
        model=None,
        stop_reason=stop_reason if isinstance(stop_reason, str) else None,
        cost_usd=cost_usd,
    )


# What `claude -p` says when it cannot answer, and what the author can do about it.
_CLI_ERRORS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"usage limit|hit your limit|limit reached|limit will reset|resets? (?:at )?\d", re.I),
        "your Claude plan's usage limit is reached ({said}); re-run once it resets (finished calls are kept), or use "
        "--engine anthropic with an API key",
    ),
    (
        re.compile(r"credit balance is too low", re.I),
        "the account `claude` uses has no credit left ({said}); add credit in the Anthropic Console, or log "
        "`claude` in with your subscription (run `claude`, then /login), and re-run",
    ),
    (
        re.compile(r"not logged in|/login|invalid api key|oauth token|authentication|unauthori[sz]ed|401", re.I),
        "`claude` is not logged in ({said}); run `claude` once and log in (/login), then re-run",
    ),
    (
        re.compile(r"prompt is too long|context (?:window|length)|too many tokens|413", re.I),
        "the prompt is too long for the model behind `claude -p` ({said}); a re-run sends the same prompt, so send "
        "less: a lower --max-input-tokens, or fewer chapters in triage.yaml",
    ),
    (
        re.compile(r"overloaded|529|api error: 5\d\d|internal server error", re.I),
        "the API behind `claude -p` is busy or failing ({said}); re-run in a few minutes (finished calls are kept)",
    ),
    (
        re.compile(r"rate limit|429", re.I),
        "`claude -p` was rate limited ({said}); wait a minute and re-run (finished calls are kept)",
    ),
)


def cli_error(said: str, returncode: int) -> str:
    """A one-line error for what `claude -p` reported: what happened and what to do, its own words in quotes."""
    said = " ".join(said.split()) or f"exit {returncode}"
    for pattern, message in _CLI_ERRORS:
        if pattern.search(said):
            return message.format(said=f"it said: “{said}”")
    return f"`claude -p` failed (exit {returncode}): {said}"


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
