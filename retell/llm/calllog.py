"""WORKDIR/llm/: every call saved (prompt, response, usage, request id, timing) and reused by prompt hash.

A finished call is written the moment it returns, so a crash, Ctrl-C or API error later in the run
re-spends nothing on the next run. Only finished answers are ever saved as answers (or reused): a cut-off,
refused or broken one is kept as `<name>.failed.json` for diagnosis and asked for again.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from retell import jsonio
from retell.fsutil import atomic_write_bytes, atomic_write_text
from retell.llm.request import LLMRequest, LLMResponse, Usage
from retell.llm.stops import is_finished

CALL_SCHEMA_VERSION = 1


@dataclass
class CallRecord:
    path: Path
    request: LLMRequest
    response: LLMResponse
    engine: str
    cached: bool  # True: reused from an earlier run, nothing spent now
    seconds: float


def log_name(stage: str, label: str, key: str) -> str:
    """A logged call's file name (without `.json`): its stage, its label and the start of its request's hash."""
    return f"{stage}-{label}-{key[:12]}"


class CallStore:
    def __init__(self, root: Path) -> None:
        self.root = root

    def _name(self, request: LLMRequest, key: str) -> str:
        return log_name(request.stage, request.label, key)

    def logged_answer(self, stage: str, label: str, key: str) -> str | None:
        """The answer text logged for the request with this key, when one was used (status ok)."""
        try:
            data = orjson.loads((self.root / f"{log_name(stage, label, key)}.json").read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return None
        if not isinstance(data, dict) or data.get("key") != key or data.get("status") != "ok":
            return None
        text = (data.get("response") or {}).get("text")
        return text if isinstance(text, str) else None

    def lookup(self, request: LLMRequest, engine: str) -> CallRecord | None:
        key = request.key(engine)
        path = self.root / f"{self._name(request, key)}.json"
        if not path.is_file():
            return None
        try:
            data = orjson.loads(path.read_bytes())
        except (OSError, orjson.JSONDecodeError):
            return None  # a damaged log entry is simply redone
        if data.get("key") != key or data.get("status") != "ok":
            return None
        stop_reason = data["response"].get("stop_reason")
        if stop_reason is not None and not is_finished(stop_reason):
            return None  # saved by an older retell that did not check: never reuse a cut-off or refused answer
        response = LLMResponse(
            text=data["response"]["text"],
            usage=Usage.from_dict(data.get("usage")),
            request_id=data.get("request_id"),
            model=data.get("response_model"),
            stop_reason=data["response"].get("stop_reason"),
            cost_usd=data.get("engine_cost_usd"),
        )
        return CallRecord(path, request, response, engine, cached=True, seconds=0.0)

    def save(
        self, request: LLMRequest, response: LLMResponse, engine: str, seconds: float, sent: LLMRequest | None = None
    ) -> CallRecord:
        """Saved under the key of the request as planned; `sent` is what went out when it differs (a retry
        with a larger max_tokens), so the next run finds the answer without paying for it again."""
        sent = sent or request
        key = request.key(engine)
        name = self._name(request, key)
        path = self.root / f"{name}.json"
        record: dict[str, Any] = {
            "schema_version": CALL_SCHEMA_VERSION,
            "status": "ok",
            "key": key,
            "stage": request.stage,
            "label": request.label,
            "engine": engine,
            "model": request.model,
            "response_model": response.model,
            "template": request.template,
            "template_hash": request.template_hash,
            "request": sent.body(),
            "response": {"text": response.text, "stop_reason": response.stop_reason},
            "usage": response.usage.to_dict(),
            "engine_cost_usd": response.cost_usd,
            "request_id": response.request_id,
            "seconds": round(seconds, 3),
            "finished_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        if sent.max_tokens != request.max_tokens:
            record["max_tokens_grown_from"] = request.max_tokens
        atomic_write_bytes(path, jsonio.dumps(record))
        atomic_write_text(self.root / f"{name}.prompt.md", readable_prompt(sent))
        self._forget_failure(request, engine)
        return CallRecord(path, request, response, engine, cached=False, seconds=seconds)

    def _forget_failure(self, request: LLMRequest, engine: str) -> None:
        """A call that finished after an earlier failure: its failure note is history, not a problem."""
        failed = self.root / f"{self._name(request, request.key(engine))}.failed.json"
        failed.unlink(missing_ok=True)

    def save_failure(self, request: LLMRequest, engine: str, error: str, response: LLMResponse | None = None) -> Path:
        """A call that gave no usable answer: what was asked, the error, and what came back (for diagnosis)."""
        key = request.key(engine)
        path = self.root / f"{self._name(request, key)}.failed.json"
        atomic_write_bytes(
            path,
            jsonio.dumps(
                {
                    "schema_version": CALL_SCHEMA_VERSION,
                    "status": "failed",
                    "key": key,
                    "engine": engine,
                    "model": request.model,
                    "error": error,
                    "request": request.body(),
                    "response": None
                    if response is None
                    else {"text": response.text, "stop_reason": response.stop_reason},
                    "usage": None if response is None else response.usage.to_dict(),
                }
            ),
        )
        return path


def readable_prompt(request: LLMRequest) -> str:
    parts = [f"<!-- {request.stage}/{request.label} · {request.model} · {request.template} {request.template_hash} -->"]
    for i, block in enumerate(request.system):
        marker = "  (cache breakpoint after this block)" if block.cache else ""
        parts.append(f"# system[{i}]{marker}\n\n{block.text}")
    parts.append(f"# user\n\n{request.user}")
    return "\n\n".join(parts) + "\n"
