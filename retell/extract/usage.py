"""Token usage counted once per API message.

One API response is written as several records (one per content block) that repeat the same `usage`;
streaming partials may repeat it with growing `output_tokens`. Each message counts once, with the largest
value seen for each field. Keyed by `message.id`, else `requestId`, else the record's uuid.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from retell.extract.ids import key64

if TYPE_CHECKING:
    from retell.claude.records import Usage

USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")
_OPEN_LIMIT = 256  # split records of one message sit close together; older ones are final
_CLOSED_LIMIT = 8192


@dataclass
class UsageTotals:
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    api_messages: int = 0

    def add(self, values: tuple[int, int, int, int]) -> None:
        self.input_tokens += values[0]
        self.output_tokens += values[1]
        self.cache_read_input_tokens += values[2]
        self.cache_creation_input_tokens += values[3]
        self.api_messages += 1

    def merge(self, other: UsageTotals) -> None:
        for name in (*USAGE_FIELDS, "api_messages"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def to_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in (*USAGE_FIELDS, "api_messages")}


@dataclass
class UsageLedger:
    totals: UsageTotals = field(default_factory=UsageTotals)
    by_model: dict[str, UsageTotals] = field(default_factory=dict)
    # Every message counted in the work folder so far, shared by the ledgers of its sessions: a message a
    # resumed session's file repeats was paid for once. None: one file, where only a late repeat can occur.
    counted: set[int] | None = None
    _open: OrderedDict[str, tuple[str, list[int], int]] = field(default_factory=OrderedDict)  # model, values, key64
    # Messages already counted, to ignore a late repeat; only recent ones can repeat (bounded memory).
    _closed: set[int] = field(default_factory=set)
    _closed_order: deque[int] = field(default_factory=deque)

    def record(self, key: str, model: str, usage: Usage | None) -> None:
        if usage is None:
            return
        # once per assistant record: the four fields read without a call each (as _int does)
        values = [
            v if type(v) is int and v > 0 else 0
            for v in (
                usage.input_tokens,
                usage.output_tokens,
                usage.cache_read_input_tokens,
                usage.cache_creation_input_tokens,
            )
        ]
        entry = self._open.get(key)
        if entry is not None:
            current = entry[1]
            if values != current:
                for i, v in enumerate(values):
                    if v > current[i]:
                        current[i] = v
            return
        hashed = key64(key)
        if hashed in self._closed or (self.counted is not None and hashed in self.counted):
            return
        self._open[key] = (model, values, hashed)
        if len(self._open) > _OPEN_LIMIT:
            self._close(self._open.popitem(last=False)[1])

    def _close(self, entry: tuple[str, list[int], int]) -> None:
        model, values, hashed = entry
        if self.counted is not None:
            self.counted.add(hashed)
        self._closed.add(hashed)
        self._closed_order.append(hashed)
        if len(self._closed_order) > _CLOSED_LIMIT:
            self._closed.discard(self._closed_order.popleft())
        as_tuple = (values[0], values[1], values[2], values[3])
        self.totals.add(as_tuple)
        self.by_model.setdefault(model, UsageTotals()).add(as_tuple)

    def finish(self) -> None:
        while self._open:
            self._close(self._open.popitem(last=False)[1])

    def merge(self, other: UsageLedger) -> None:
        """Add another (finished) ledger's totals, e.g. a subagent's."""
        self.totals.merge(other.totals)
        for model, totals in other.by_model.items():
            self.by_model.setdefault(model, UsageTotals()).merge(totals)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.totals.to_dict(),
            "by_model": {m: t.to_dict() for m, t in sorted(self.by_model.items())},
        }
