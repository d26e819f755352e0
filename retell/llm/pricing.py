"""Model prices as dated data (retell/data/models.yaml), overridable by the user; cost estimates."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.userconfig import config_dir


@dataclass(frozen=True)
class Price:
    model: str  # the table entry that matched
    input: float  # USD per million tokens
    output: float
    cache_write: float
    cache_read: float


@dataclass(frozen=True)
class PriceTable:
    as_of: str
    defaults: dict[str, str]
    prices: dict[str, Price]

    def lookup(self, model: str) -> Price | None:
        """Exact id, else the longest known prefix (dated ids like claude-opus-4-5-20251101)."""
        if model in self.prices:
            return self.prices[model]
        for key in sorted(self.prices, key=len, reverse=True):
            if model.startswith(key):
                return self.prices[key]
        return None

    def cost(self, model: str, usage: dict[str, int]) -> float | None:
        """USD for one usage record (input, output, cache read/creation tokens); None for unknown models."""
        price = self.lookup(model)
        if price is None:
            return None
        return (
            usage.get("input_tokens", 0) * price.input
            + usage.get("output_tokens", 0) * price.output
            + usage.get("cache_creation_input_tokens", 0) * price.cache_write
            + usage.get("cache_read_input_tokens", 0) * price.cache_read
        ) / 1_000_000


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
    out = dict(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}
        else:
            out[key] = value
    return out


def _table(data: dict[str, Any]) -> PriceTable:
    multipliers = data.get("cache_multipliers") or {}
    write = float(multipliers.get("write_5m", 1.25))
    read = float(multipliers.get("read", 0.1))
    prices = {}
    for model, entry in (data.get("models") or {}).items():
        try:
            inp, out = float(entry["input"]), float(entry["output"])
        except (KeyError, TypeError, ValueError):
            raise RetellError(f"price table: model {model!r} needs numeric `input` and `output`") from None
        prices[str(model)] = Price(
            str(model),
            inp,
            out,
            float(entry.get("cache_write", inp * write)),
            float(entry.get("cache_read", inp * read)),
        )
    return PriceTable(str(data.get("as_of", "unknown")), dict(data.get("defaults") or {}), prices)
