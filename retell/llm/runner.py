"""Running a stage's model calls: the secret guard, the token plan and cost estimate, the response cache,
bounded concurrency, and the cost table at the end."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from retell.errors import LLMError, RetellError
from retell.fsutil import atomic_write_text
from retell.llm.calllog import CallRecord, CallStore, readable_prompt
from retell.llm.engines import Engine, EngineChoice, make_engine
from retell.llm.pricing import PriceTable, load_prices
from retell.llm.request import LLMRequest, Usage
from retell.redact import Redactor, guard


def pick_model(stage: str, override: str | None, prices: PriceTable) -> str:
    """--model, else RETELL_MODEL, else the table's default for the stage (fast for outline, best for draft)."""
    return override or os.environ.get("RETELL_MODEL") or prices.defaults.get(stage) or "claude-sonnet-5-5"


@dataclass
class PlannedCall:
    request: LLMRequest
    input_tokens: int
    output_tokens: int  # expected, for the estimate
    cost_usd: float | None
    cached: bool


@dataclass
class StageCost:
    calls: int = 0
    cached: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    unknown_price: bool = False


class Runner:
    def __init__(
        self,
        workdir: Path,
        choice: EngineChoice,
        redactor: Redactor,
        *,
        force: bool = False,
        jobs: int = 3,
        engine_factory: Callable[[EngineChoice], Engine] | None = None,
        log: Callable[[str], None] = lambda _m: None,
    ) -> None:
        self.workdir = workdir
        self.choice = choice
        self.redactor = redactor
        self.force = force
        self.jobs = max(1, jobs)
        self.store = CallStore(workdir / "llm")
        self.prices = load_prices()
        self._engine_factory = engine_factory or make_engine
        self._engine: Engine | None = None
        self.log = log
        self.costs: dict[str, StageCost] = {}
        self._lock = threading.Lock()

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = self._engine_factory(self.choice)
        return self._engine

    # -- before anything is sent ----------------------------------------------------------------------

    def check(self, requests: list[LLMRequest]) -> None:
        """The last scan before text leaves the machine: any uncleared secret aborts the whole run."""
        for request in requests:
            guard(request.texts(), self.redactor, "a prompt about to be sent")

    def plan(self, requests: list[LLMRequest], expected_output: dict[str, int]) -> list[PlannedCall]:
        planned = []
        for request in requests:
            cached = not self.force and self.store.lookup(request, self.choice.name) is not None
            tokens_in = request.estimated_input_tokens()
            tokens_out = min(request.max_tokens, expected_output.get(request.stage, request.max_tokens))
            price = self.prices.lookup(request.model)
            cost = None
            if price is not None:
                cost = 0.0 if cached else (tokens_in * price.input + tokens_out * price.output) / 1_000_000
            planned.append(PlannedCall(request, tokens_in, tokens_out, cost, cached))
        return planned

    def write_dry_run(self, planned: list[PlannedCall]) -> Path:
        folder = self.workdir / "llm" / "dry-run"
        for call in planned:
            atomic_write_text(
                folder / f"{call.request.stage}-{call.request.label}.prompt.md", readable_prompt(call.request)
            )
        return folder

    # -- sending --------------------------------------------------------------------------------------

    def run(self, requests: list[LLMRequest], accept: Callable[[str], object] | None = None) -> list[CallRecord]:
        """Every request answered, cached ones first; at most `jobs` in flight. Order is preserved.

        `accept(text)` raises LLMError for an answer that cannot be used: such an answer is logged as a
        failure and never cached, so the next run asks again.
        """
        self.check(requests)
        results: dict[int, CallRecord] = {}
        todo: list[tuple[int, LLMRequest]] = []
        for i, request in enumerate(requests):
            record = None if self.force else self.store.lookup(request, self.choice.name)
            if record is not None:
                results[i] = record
                self._account(record)
                self.log(f"{request.stage} {request.label}: cached ({record.path.name})")
            else:
                todo.append((i, request))
        if todo:
            if self.jobs == 1 or len(todo) == 1:
                for i, request in todo:
                    results[i] = self._call(request, accept)
            else:
                pool = ThreadPoolExecutor(max_workers=self.jobs)
                try:
                    futures = {pool.submit(self._call, request, accept): i for i, request in todo}
                    done, _pending = wait(futures, return_when=FIRST_EXCEPTION)
                    for future in done:
                        error = future.exception()
                        if error is not None:
                            raise error
                        results[futures[future]] = future.result()
                finally:
                    # On an error or Ctrl-C, calls not yet started are dropped; calls in flight finish and
                    # are saved, so the next run does not pay for them again.
                    pool.shutdown(wait=True, cancel_futures=True)
        return [results[i] for i in range(len(requests))]

    def _call(self, request: LLMRequest, accept: Callable[[str], object] | None) -> CallRecord:
        started = time.monotonic()
        self.log(f"{request.stage} {request.label}: calling {self.choice.name} ({request.model})…")
        try:
            response = self.engine.complete(request)
        except RetellError as exc:
            self.store.save_failure(request, self.choice.name, str(exc))
            raise
        except Exception as exc:  # a bug or an unexpected SDK error: keep the request for diagnosis
            self.store.save_failure(request, self.choice.name, repr(exc))
            raise
        if not response.text.strip():
            self.store.save_failure(request, self.choice.name, "empty response")
            raise LLMError(f"{request.stage} {request.label}: the model returned no text")
        if accept is not None:
            try:
                accept(response.text)
            except LLMError as exc:
                kept = self.store.save_failure(request, self.choice.name, f"{exc}\n\n{response.text}")
                raise LLMError(f"{request.stage} {request.label}: {exc} (see {kept}); re-run to ask again") from None
        record = self.store.save(request, response, self.choice.name, time.monotonic() - started)
        self._account(record)
        self.log(f"{request.stage} {request.label}: done in {record.seconds:.1f} s")
        return record

    def _account(self, record: CallRecord) -> None:
        with self._lock:  # workers add their usage to the same totals
            self._add_cost(record)

    def _add_cost(self, record: CallRecord) -> None:
        cost = self.costs.setdefault(record.request.stage, StageCost())
        cost.calls += 1
        if record.cached:
            cost.cached += 1
            return  # nothing spent in this run
        usage = record.response.usage
        for name in ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"):
            setattr(cost.usage, name, getattr(cost.usage, name) + getattr(usage, name))
        if record.response.cost_usd is not None:
            cost.cost_usd += record.response.cost_usd
            return
        dollars = self.prices.cost(record.request.model, usage.to_dict())
        if dollars is None:
            cost.unknown_price = True
        else:
            cost.cost_usd += dollars


def cost_table(costs: dict[str, StageCost], as_of: str) -> str:
    """Tokens in, out, cache read, cache write and dollars per stage, for what this run spent."""
    header = f"{'stage':<9} {'calls':>5} {'cached':>6} {'in':>9} {'out':>8} {'cache rd':>9} {'cache wr':>9} {'USD':>8}"
    lines = [header, "-" * len(header)]
    total = StageCost()
    for stage, c in costs.items():
        usd = "?" if c.unknown_price else f"{c.cost_usd:.4f}"
        lines.append(
            f"{stage:<9} {c.calls:>5} {c.cached:>6} {c.usage.input_tokens:>9,} {c.usage.output_tokens:>8,} "
            f"{c.usage.cache_read_input_tokens:>9,} {c.usage.cache_creation_input_tokens:>9,} {usd:>8}"
        )
        total.calls += c.calls
        total.cached += c.cached
        total.cost_usd += c.cost_usd
        total.unknown_price |= c.unknown_price
        for name in ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens"):
            setattr(total.usage, name, getattr(total.usage, name) + getattr(c.usage, name))
    if len(costs) > 1:
        lines.append("-" * len(header))
        usd = "?" if total.unknown_price else f"{total.cost_usd:.4f}"
        lines.append(
            f"{'total':<9} {total.calls:>5} {total.cached:>6} {total.usage.input_tokens:>9,} "
            f"{total.usage.output_tokens:>8,} {total.usage.cache_read_input_tokens:>9,} "
            f"{total.usage.cache_creation_input_tokens:>9,} {usd:>8}"
        )
    lines.append(f"(prices as of {as_of}; cached calls cost nothing in this run)")
    return "\n".join(lines)


def plan_table(planned: list[PlannedCall], as_of: str) -> str:
    header = f"{'call':<16} {'model':<22} {'~in':>8} {'~out':>7} {'~USD':>8}"
    lines = [header, "-" * len(header)]
    total = 0.0
    unknown = False
    for call in planned:
        label = f"{call.request.stage}/{call.request.label}"
        if call.cached:
            usd = "cached"
        elif call.cost_usd is None:
            usd, unknown = "?", True
        else:
            usd = f"{call.cost_usd:.4f}"
            total += call.cost_usd
        lines.append(f"{label:<16} {call.request.model:<22} {call.input_tokens:>8,} {call.output_tokens:>7,} {usd:>8}")
    lines.append("-" * len(header))
    lines.append(f"{'estimated total':<47} {'?' if unknown else f'{total:.4f}':>8}")
    lines.append(f"(estimate: ~4 characters per token, prices as of {as_of}, prompt caching not counted)")
    return "\n".join(lines)


def estimated_total(planned: list[PlannedCall]) -> float | None:
    if any(c.cost_usd is None and not c.cached for c in planned):
        return None
    return sum(c.cost_usd or 0.0 for c in planned)


def enforce_max_cost(planned: list[PlannedCall], max_cost: float | None) -> None:
    if max_cost is None:
        return
    total = estimated_total(planned)
    if total is None:
        raise RetellError(
            "--max-cost: the cost of this run cannot be estimated (a model is missing from the price table)"
        )
    if total > max_cost:
        raise RetellError(f"the run is estimated at ${total:.2f}, above --max-cost ${max_cost:.2f}; nothing was sent")
