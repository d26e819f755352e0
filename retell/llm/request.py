"""One model call, as data: what is sent (engine-independent) and what came back."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

import orjson


@dataclass(frozen=True)
class SystemBlock:
    text: str
    cache: bool = False  # put the one cache breakpoint after this block


@dataclass(frozen=True)
class LLMRequest:
    stage: str  # outline | section | finish
    label: str  # e.g. "s2" for a section; names the log file
    model: str
    system: tuple[SystemBlock, ...]
    user: str
    max_tokens: int
    template: str  # template file name(s)
    template_hash: str
    json_schema: dict[str, Any] | None = None  # structured output
    published: bool = True  # False: the answer is never part of the post (a verification), so no markup rule holds
    # (issue 24) texts of this request that each passed the guard alone, (as shown here, as they passed): a draft's
    # sections in the finishing call, the parts of draft.md a revision or a verification quotes. The guard judges
    # a finding inside one of them by that text alone (retell.redact.guard). Never sent, never part of the key.
    answers: tuple[tuple[str, str], ...] = field(default=(), compare=False, repr=False)

    def body(self) -> dict[str, Any]:
        """The Messages API request body (also what the cache key and the secret guard see)."""
        system = []
        for block in self.system:
            item: dict[str, Any] = {"type": "text", "text": block.text}
            if block.cache:
                item["cache_control"] = {"type": "ephemeral"}
            system.append(item)
        body: dict[str, Any] = {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": system,
            "messages": [{"role": "user", "content": [{"type": "text", "text": self.user}]}],
        }
        if self.json_schema is not None:
            body["output_config"] = {"format": {"type": "json_schema", "schema": self.json_schema}}
        return body

    def with_max_tokens(self, max_tokens: int) -> LLMRequest:
        return dataclasses.replace(self, max_tokens=max_tokens)

    @property
    def breakpoint(self) -> int | None:
        """The index of the system block the cache breakpoint follows, if any."""
        marked = [i for i, block in enumerate(self.system) if block.cache]
        return marked[-1] if marked else None

    def cache_prefix(self) -> str | None:
        """What a prompt-cache entry of this request is keyed by: the model, the output format and the system
        blocks up to the breakpoint. Requests with the same prefix read one another's entry; None: no breakpoint."""
        end = self.breakpoint
        if end is None:
            return None
        body = self.body()
        payload = {"model": self.model, "output_config": body.get("output_config"), "system": body["system"][: end + 1]}
        return hashlib.sha256(orjson.dumps(payload, option=orjson.OPT_SORT_KEYS)).hexdigest()

    def estimated_prefix_tokens(self) -> int:
        """Estimated tokens up to the breakpoint (0 without one)."""
        end = self.breakpoint
        return 0 if end is None else sum(estimate_tokens(b.text) for b in self.system[: end + 1])

    def key(self, engine: str) -> str:
        """Cache key: the same prompt to the same engine and model gives the same key."""
        payload = orjson.dumps({"engine": engine, "body": self.body()}, option=orjson.OPT_SORT_KEYS)
        return hashlib.sha256(payload).hexdigest()

    def texts(self) -> list[tuple[str, str]]:
        """Every piece of text that leaves the machine, named for error messages."""
        parts = [(f"{self.stage}/{self.label} system[{i}]", b.text) for i, b in enumerate(self.system)]
        parts.append((f"{self.stage}/{self.label} user message", self.user))
        return parts

    def estimated_input_tokens(self) -> int:
        return estimate_tokens(self.user) + sum(estimate_tokens(b.text) for b in self.system)


@dataclass
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0

    def to_dict(self) -> dict[str, int]:
        return {
            "input_tokens": self.input_tokens,
            "output_tokens": self.output_tokens,
            "cache_read_input_tokens": self.cache_read_input_tokens,
            "cache_creation_input_tokens": self.cache_creation_input_tokens,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any] | None) -> Usage:
        d = d or {}

        def _n(key: str) -> int:
            value = d.get(key)
            return int(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0

        return cls(
            _n("input_tokens"), _n("output_tokens"), _n("cache_read_input_tokens"), _n("cache_creation_input_tokens")
        )


@dataclass
class LLMResponse:
    text: str
    usage: Usage = field(default_factory=Usage)
    request_id: str | None = None
    model: str | None = None
    stop_reason: str | None = None
    cost_usd: float | None = None  # when the engine reports it (claude-cli)


# The newer tokenizer uses up to ~1.35x the tokens of the old ~4 characters per token; scripts without spaces
# between words (Japanese, Chinese) take about a token per character, which 3 UTF-8 bytes a token covers.
CHARS_PER_TOKEN = 4 / 1.35
BYTES_PER_TOKEN = 3


def estimate_tokens(text: str) -> int:
    """An estimate that does not undercount: used to budget and price a call when it cannot be counted."""
    if not text:
        return 0
    return math.ceil(max(len(text) / CHARS_PER_TOKEN, len(text.encode("utf-8", "surrogatepass")) / BYTES_PER_TOKEN))
