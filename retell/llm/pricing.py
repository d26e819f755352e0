"""The model table (retell/data/models.yaml, dated, overridable by the user): what each model costs and the
limits its requests are sized by. Costs of usage records and of planned calls are computed here."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.userconfig import config_dir

PRICE_FIELDS = ("input", "output", "cache_write_5m", "cache_write_1h", "cache_read", "long_prompt")
THINKING_MODES = ("always", "adaptive", "off")
# A dated snapshot of a model (claude-haiku-4-5-20251001) or a context-window variant (claude-sonnet-5-5[1m]).
_SNAPSHOT = re.compile(r"^(?P<base>.+?)(?:-\d{8}|\[[^\]]*\])$")


@dataclass(frozen=True)
class Rates:
    """USD per million tokens."""

    input: float
    output: float
    cache_write: float  # 5-minute writes: the only kind retell makes
    cache_read: float

    def dollars(self, usage: dict[str, int]) -> float:
        return (
            usage.get("input_tokens", 0) * self.input
            + usage.get("output_tokens", 0) * self.output
            + usage.get("cache_creation_input_tokens", 0) * self.cache_write
            + usage.get("cache_read_input_tokens", 0) * self.cache_read
        ) / 1_000_000


@dataclass(frozen=True)
class Price:
    model: str  # the table entry that matched
    rates: Rates
    long_prompt: tuple[int, Rates] | None = None  # (threshold, rates) for a request whose prompt is longer

    def rates_for(self, prompt_tokens: int) -> Rates:
        if self.long_prompt is not None and prompt_tokens > self.long_prompt[0]:
            return self.long_prompt[1]
        return self.rates

    def cost(self, usage: dict[str, int]) -> float:
        """USD for one request's usage (a long prompt is billed at its tier on every token, output included)."""
        prompt = sum(
            usage.get(k, 0) for k in ("input_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
        )
        return self.rates_for(prompt).dollars(usage)


@dataclass(frozen=True)
class Limits:
    """What a request to this model may ask for, and what caching needs."""

    model: str  # the table entry that matched, or "" for the fallback
    context: int
    max_output: int
    thinking: str  # always | adaptive | off
    thinking_reserve: int  # tokens of max_tokens kept for thinking
    min_cache_tokens: int

    @property
    def thinks(self) -> bool:
        return self.thinking != "off"


@dataclass(frozen=True)
class PriceTable:
    as_of: str
    defaults: dict[str, str]
    prices: dict[str, Price]
    limits_by_model: dict[str, Limits]
    fallback: Limits
    notes: dict[str, str]  # why an entry has no price
    retired: frozenset[str] = frozenset()  # ids the API no longer serves: priced for past sessions, never called

    def entry(self, model: str) -> str | None:
        """The table entry for a model id: the id itself, else the model a dated snapshot of it belongs to."""
        for known in (self.limits_by_model, self.retired):
            if model in known:
                return model
            match = _SNAPSHOT.match(model)
            if match and match.group("base") in known:
                return match.group("base")
        return None

    def is_retired(self, model: str) -> bool:
        entry = self.entry(model)
        return entry is not None and entry in self.retired

    def served(self) -> list[str]:
        """The ids retell may call, as the table lists them."""
        return list(self.limits_by_model)

    def lookup(self, model: str) -> Price | None:
        """The price of a model id, or None when it is unknown (never a neighbour's price)."""
        entry = self.entry(model)
        return self.prices.get(entry) if entry else None

    def limits(self, model: str) -> Limits:
        entry = self.entry(model)
        return self.limits_by_model.get(entry, self.fallback) if entry else self.fallback

    def unknown_reason(self, model: str) -> str:
        entry = self.entry(model)
        if entry and entry in self.notes:
            return f"price unknown for {model}: {self.notes[entry]}"
        return f"price unknown for {model}: it is not in retell's model table"

    def cost(self, model: str, usage: dict[str, int]) -> float | None:
        """USD for one usage record (input, output, cache read/creation tokens); None for unknown models."""
        price = self.lookup(model)
        return None if price is None else price.cost(usage)


@functools.lru_cache(maxsize=4)
def load_prices(user_file: Path | None = None) -> PriceTable:
    import yaml  # PyYAML: a plain data file, no comments to keep

    data = yaml.safe_load(resources.files("retell.data").joinpath("models.yaml").read_text(encoding="utf-8"))
    override = user_file if user_file is not None else config_dir() / "models.yaml"
    if override.is_file():
        try:
            extra = yaml.safe_load(override.read_text(encoding="utf-8")) or {}
        except yaml.YAMLError as exc:
            raise RetellError(f"{override}: not valid YAML ({exc})") from None
        if not isinstance(extra, dict):
            raise RetellError(f"{override}: expected a mapping with `models:`")
        data = _merged(data, extra)
    return _table(data)


def _merged(base: dict[str, Any], extra: dict[str, Any]) -> dict[str, Any]:
    """The user's file over ours: top-level mappings merge; a model's limits merge field by field, while its
    prices are the user's as a whole (cache prices not given follow the user's input price, not ours)."""
    out = dict(base)
    for key, value in extra.items():
        if key == "models" and isinstance(value, dict):
            models = dict(base.get("models") or {})
            for model, entry in value.items():
                if not isinstance(entry, dict):
                    raise RetellError(f"model table: the entry of {model!r} must be a mapping")
                ours = dict(models.get(model) or {})
                if any(field in entry for field in PRICE_FIELDS) or "cache_write" in entry:
                    ours = {k: v for k, v in ours.items() if k not in PRICE_FIELDS and k != "note"}
                models[model] = {**ours, **entry}
            out["models"] = models
        elif isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _number(model: str, entry: dict[str, Any], field: str, default: float | None = None) -> float:
    value = entry.get(field, default)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RetellError(f"model table: {model!r} needs a number for `{field}`")
    return float(value)


def _rates(model: str, entry: dict[str, Any], multipliers: dict[str, Any]) -> Rates:
    inp, out = _number(model, entry, "input"), _number(model, entry, "output")
    write = entry.get("cache_write_5m", entry.get("cache_write", inp * float(multipliers.get("write_5m", 1.25))))
    read = entry.get("cache_read", inp * float(multipliers.get("read", 0.1)))
    return Rates(inp, out, _number(model, {"w": write}, "w"), _number(model, {"r": read}, "r"))


def _limits(model: str, entry: dict[str, Any], fallback: Limits) -> Limits:
    thinking = str(entry.get("thinking", fallback.thinking))
    if thinking not in THINKING_MODES:
        raise RetellError(f"model table: {model!r} has thinking {thinking!r}; use one of {', '.join(THINKING_MODES)}")
    return Limits(
        model,
        int(_number(model, entry, "context", fallback.context)),
        int(_number(model, entry, "max_output", fallback.max_output)),
        thinking,
        int(_number(model, entry, "thinking_reserve", fallback.thinking_reserve)),
        int(_number(model, entry, "min_cache_tokens", fallback.min_cache_tokens)),
    )


def _table(data: dict[str, Any]) -> PriceTable:
    multipliers = data.get("cache_multipliers") or {}
    fallback = _limits("", data.get("limits_fallback") or {}, Limits("", 200_000, 32_000, "adaptive", 16_000, 4096))
    prices: dict[str, Price] = {}
    limits: dict[str, Limits] = {}
    notes: dict[str, str] = {}
    for name, entry in (data.get("models") or {}).items():
        model = str(name)
        if not isinstance(entry, dict):
            raise RetellError(f"model table: the entry of {model!r} must be a mapping")
        limits[model] = _limits(model, entry, fallback)
        if "input" not in entry and "output" not in entry:
            notes[model] = str(entry.get("note") or "no price given")
            continue
        tier = entry.get("long_prompt")
        long_prompt = None
        if isinstance(tier, dict):
            long_prompt = (int(_number(model, tier, "threshold")), _rates(model, tier, multipliers))
        prices[model] = Price(model, _rates(model, entry, multipliers), long_prompt)
    retired = set()
    for name, entry in (data.get("retired") or {}).items():
        model = str(name)
        if model in limits:  # the user's table lists it as a model to call (a gateway may still serve it)
            continue
        if not isinstance(entry, dict):
            raise RetellError(f"model table: the entry of retired {model!r} must be a mapping")
        retired.add(model)
        prices[model] = Price(model, _rates(model, entry, multipliers))
    return PriceTable(
        str(data.get("as_of", "unknown")),
        dict(data.get("defaults") or {}),
        prices,
        limits,
        fallback,
        notes,
        frozenset(retired),
    )
