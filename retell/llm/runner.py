"""Running a stage's model calls: the secret guard, the token plan and cost estimate, the response cache,
bounded concurrency with a warmed prompt cache, stop reasons, and the cost table at the end."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import FIRST_EXCEPTION, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from retell.errors import LLMError, RetellError
from retell.fsutil import atomic_write_text
from retell.llm.budget import expected_output, grown_budget
from retell.llm.calllog import CallRecord, CallStore, readable_prompt
from retell.llm.engines import CallHooks, Engine, EngineChoice, make_engine
from retell.llm.handoff import (
    FOLDER,
    HANDOFF,
    AnswerPending,
    AnswerRefused,
    HandoffEngine,
    HandoffWaiting,
    PromptUnwritable,
    json_strings,
)
from retell.llm.pricing import PriceTable, load_prices
from retell.llm.request import LLMRequest, LLMResponse, Usage
from retell.llm.stops import CUT_OFF, cut_off_message, is_finished, unfinished_message
from retell.markup import live_markup
from retell.redact import Redactor, guard

logger = logging.getLogger(__name__)

USAGE_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def pick_model(stage: str, override: str | None, prices: PriceTable) -> str:
    """--model, else RETELL_MODEL, else the table's default for the stage (fast for outline, best for draft).
    A model the API no longer serves is refused before anything is sent."""
    model = override or os.environ.get("RETELL_MODEL") or prices.defaults.get(stage) or "claude-sonnet-5-5"
    check_served(model, prices)
    return model


def check_served(model: str, prices: PriceTable) -> None:
    if prices.is_retired(model):
        current = ", ".join(dict.fromkeys(prices.defaults.values())) or ", ".join(prices.served()[:3])
        raise RetellError(
            f"{model} is retired: the Claude API no longer serves it (requests to it fail); pick a current model with "
            f"--model or RETELL_MODEL (retell's defaults: {current}; every one it knows is in retell/data/models.yaml)"
        )


def call_name(request: LLMRequest) -> str:
    """How messages name a call: `section s2`, `finish tie`, `outline plan`."""
    return f"{request.stage} {request.label}"


@dataclass
class PlannedCall:
    request: LLMRequest
    input_tokens: int
    output_tokens: int  # expected (text and thinking), for the estimate
    cost_usd: float | None
    cached: bool
    counted: bool = False  # input_tokens from messages.count_tokens, not an estimate
    cache_read: int = 0  # expected, with the prefix warmed by the first call that shares it
    cache_write: int = 0
    priced: bool = True  # False: answered outside retell (handoff), nothing to price


@dataclass
class StageCost:
    calls: int = 0
    cached: int = 0
    usage: Usage = field(default_factory=Usage)
    cost_usd: float = 0.0
    unknown_price: bool = False
    unpriced: bool = False  # answered outside retell (handoff): tokens estimated, no price

    @property
    def hit_rate(self) -> float | None:
        """The share of prompt tokens read from the prompt cache."""
        u = self.usage
        prompt = u.input_tokens + u.cache_read_input_tokens + u.cache_creation_input_tokens
        return u.cache_read_input_tokens / prompt if prompt else None


class _Gate:
    """Holds back calls that share a cache prefix until the first of them has begun answering (its cache entry
    is readable from then on). Closed before that (the first failed, or the run was stopped), it tells them not
    to go out at all; once open, it stays open."""

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self.closed = False

    def open(self) -> None:
        with self._lock:
            self._event.set()

    def close(self) -> None:
        with self._lock:
            if not self._event.is_set():
                self.closed = True
                self._event.set()

    def passes(self) -> bool:
        self._event.wait()
        return not self.closed


class _NotSent(Exception):
    """A call held back while another one failed: it was never sent."""


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
        self.notes: list[str] = []  # what the author should hear once the run is over (retries, grown budgets)
        self.count_note = "estimated"
        self._lock = threading.Lock()
        self._stages: set[str] = set()  # every stage of the requests checked: what a hand-off run tidies

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            if self.choice.name == HANDOFF:  # its folder is the work folder's, which make_engine does not know
                self._engine = HandoffEngine(self.workdir / FOLDER, self.redactor)
            else:
                self._engine = self._engine_factory(self.choice)
        return self._engine

    def _note(self, message: str) -> None:
        with self._lock:
            self.notes.append(message)
        self.log(message)

    # -- before anything is sent ----------------------------------------------------------------------

    def check(self, requests: list[LLMRequest]) -> None:
        """The last scan before text leaves the machine: any uncleared secret aborts the whole run."""
        for request in requests:
            guard(request.texts(), self.redactor, "a prompt about to be sent", request.answers)
            self._stages.add(request.stage)

    def plan(
        self, requests: list[LLMRequest], expected_text: dict[str, int], *, count: bool = True
    ) -> list[PlannedCall]:
        """Tokens and dollars of each call, before any is sent. `expected_text` is the text each stage is
        expected to write (thinking is added per model). Input is counted when the engine can count it (and
        `count`: an estimate made in passing asks nothing of the network)."""
        cached = [not self.force and self.store.lookup(r, self.choice.name) is not None for r in requests]
        counts = self._count([r for r, hit in zip(requests, cached, strict=True) if not hit]) if count else {}
        warmed: set[str] = set()
        planned = []
        for request, hit in zip(requests, cached, strict=True):
            limits = self.prices.limits(request.model)
            counted = counts.get(id(request))
            tokens_in = counted if counted is not None else request.estimated_input_tokens()
            if counted is not None and counted >= limits.context:
                raise LLMError(
                    f"{call_name(request)}: the prompt is {counted:,} tokens, more than {request.model}'s "
                    f"{limits.context:,}-token context window; send less material (a lower --max-input-tokens, "
                    "or fewer chapters in triage.yaml) or pick a model with a larger window; nothing was sent"
                )
            text = expected_text.get(request.stage, request.max_tokens)
            tokens_out = min(request.max_tokens, expected_output(limits, text))
            call = PlannedCall(request, tokens_in, tokens_out, 0.0, hit, counted is not None)
            if not hit:
                prefix = request.cache_prefix()
                if prefix is not None:
                    # the prefix's share of the (counted or estimated) input, as it is of the estimate
                    estimated = max(1, request.estimated_input_tokens())
                    share = min(tokens_in, round(request.estimated_prefix_tokens() * tokens_in / estimated))
                    if prefix in warmed:
                        call.cache_read = share
                    else:
                        call.cache_write = share
                        warmed.add(prefix)
                price = self.prices.lookup(request.model)
                usage = {
                    "input_tokens": tokens_in - call.cache_read - call.cache_write,
                    "output_tokens": tokens_out,
                    "cache_read_input_tokens": call.cache_read,
                    "cache_creation_input_tokens": call.cache_write,
                }
                call.cost_usd = None if price is None else price.cost(usage)
                if self.choice.name == HANDOFF:
                    call.cost_usd, call.priced = 0.0, False
            planned.append(call)
        return planned

    def _count(self, requests: list[LLMRequest]) -> dict[int, int]:
        """Exact input tokens by messages.count_tokens (free) with the anthropic engine and a key; else none,
        and the plan says it estimated."""
        if not requests:
            return {}
        if self.choice.name != "anthropic":
            self.count_note = f"estimated ({self.choice.name} cannot count them)"
            return {}
        counter = getattr(self.engine, "count_tokens", None) if os.environ.get("ANTHROPIC_API_KEY") else None
        if counter is None:
            self.count_note = "estimated (no ANTHROPIC_API_KEY to count them with)"
            return {}
        counts: dict[int, int] = {}
        failures: list[str] = []
        with ThreadPoolExecutor(max_workers=min(8, len(requests))) as pool:
            futures = {pool.submit(counter, r): r for r in requests}
            for future, request in futures.items():
                try:
                    counts[id(request)] = future.result()
                except RetellError as exc:
                    failures.append(str(exc))
        if failures:
            self.count_note = f"estimated where counting failed ({failures[0]})"
        else:
            self.count_note = "counted with messages.count_tokens"
        return counts

    def write_dry_run(self, planned: list[PlannedCall]) -> Path:
        folder = self.workdir / "llm" / "dry-run"
        for call in planned:
            atomic_write_text(
                folder / f"{call.request.stage}-{call.request.label}.prompt.md", readable_prompt(call.request)
            )
        return folder

    # -- sending --------------------------------------------------------------------------------------

    def run(
        self,
        requests: list[LLMRequest],
        accept: Callable[[str], object] | None = None,
        *,
        authors: frozenset[str] = frozenset(),
    ) -> list[CallRecord]:
        """Every request answered, cached ones first; at most `jobs` in flight. Order is preserved.

        Calls that share a cache prefix go out once the first of them has begun answering, so they read
        the entry it wrote instead of each paying for a write. `accept(text)` raises LLMError for an answer
        that cannot be used: such an answer is logged as a failure and never cached, so the next run asks again.
        `authors`: lines of the author's an answer may return as they are (their own markup stays theirs).
        """
        self.check(requests)
        if self.choice.name == HANDOFF:
            return self._run_handoff(requests, accept, authors)
        results: dict[int, CallRecord] = {}
        todo: list[tuple[int, LLMRequest]] = []
        for i, request in enumerate(requests):
            record = None if self.force else self.store.lookup(request, self.choice.name)
            if record is not None:
                results[i] = record
                self._account(record)
                self.log(f"{call_name(request)}: cached ({record.path.name})")
            else:
                todo.append((i, request))
        if self.jobs == 1 or len(todo) <= 1:
            for i, request in todo:  # one after another: the first warms the cache for the rest
                results[i] = self._call(request, accept)
        elif todo:
            self._run_concurrently(todo, accept, results)
        return [results[i] for i in range(len(requests))]

    def _run_concurrently(
        self, todo: list[tuple[int, LLMRequest]], accept: Callable[[str], object] | None, results: dict[int, CallRecord]
    ) -> None:
        prefixes = [request.cache_prefix() for _, request in todo]
        gates = {p: _Gate() for p in prefixes if p is not None and prefixes.count(p) > 1}
        pool = ThreadPoolExecutor(max_workers=self.jobs)
        futures: dict[Future[CallRecord], int] = {}
        warming: set[str] = set()
        try:
            for (i, request), prefix in zip(todo, prefixes, strict=True):
                gate = gates.get(prefix) if prefix is not None else None
                if gate is not None and prefix is not None and prefix not in warming:
                    warming.add(prefix)  # the first of its prefix: goes now, and opens the gate once it answers
                    futures[pool.submit(self._call, request, accept, gate)] = i
                else:
                    futures[pool.submit(self._call_after, request, accept, gate)] = i
            wait(futures, return_when=FIRST_EXCEPTION)
            errors = [f.exception() for f in futures if f.done()]
            real = [e for e in errors if e is not None and not isinstance(e, _NotSent)]
            if real:
                raise real[0]
            for future, i in futures.items():
                results[i] = future.result()
        except KeyboardInterrupt:
            running = sum(1 for f in futures if f.running())
            if running:
                logger.warning(
                    "stopping: waiting for %d call(s) in flight to finish; they are paid for and will be kept", running
                )
            raise
        finally:
            # On an error or Ctrl-C: held-back calls are never sent; calls not yet started are dropped; calls in
            # flight finish and are saved, so the next run does not pay for them again.
            for gate in gates.values():
                gate.close()
            pool.shutdown(wait=True, cancel_futures=True)

    def _run_handoff(
        self, requests: list[LLMRequest], accept: Callable[[str], object] | None, authors: frozenset[str]
    ) -> list[CallRecord]:
        """Every answer there is read and checked; every request without one gets its prompt file. One bad
        answer does not stop the others: the run raises HandoffWaiting once all were looked at."""
        engine = self.engine
        assert isinstance(engine, HandoffEngine)
        engine.asked.update(r.key(HANDOFF) for r in requests)
        results: dict[int, CallRecord] = {}
        pending: list[Path] = []
        refused: list[str] = []
        errors: list[str] = []
        for i, request in enumerate(requests):
            record = None if self.force else self.store.lookup(request, self.choice.name)
            edited = None if record is None else engine.edited_since(request, record.response.text)
            if edited is not None:
                engine.notes.append(f"{edited}: edited since retell read it; read again")
                record = None
            if record is not None:
                results[i] = record
                self._account(record)
                self.log(f"{call_name(request)}: cached ({record.path.name})")
                continue
            try:
                results[i] = self._answer(request, accept, None, authors)
            except AnswerPending as wait:
                pending.append(wait.prompt)
            except AnswerRefused as bad:
                refused.append(str(bad))
                pending.append(bad.prompt)
            except PromptUnwritable as exc:
                errors.append(str(exc))
        waiting = bool(pending or errors)
        # Once waiting, nothing later in this stage is asked this run: its other prompts are out of date too.
        engine.tidy(self._stages if waiting else {r.stage for r in requests})
        if waiting:
            # what earlier calls of this stage had to say (an answer read again) is heard with the wait, or never
            raise HandoffWaiting(engine.folder, sorted(pending), refused, [*self.notes, *engine.notes], errors)
        for note in engine.notes:
            self._note(note)
        engine.notes.clear()
        return [results[i] for i in range(len(requests))]

    def _call_after(
        self, request: LLMRequest, accept: Callable[[str], object] | None, gate: _Gate | None
    ) -> CallRecord:
        if gate is not None and not gate.passes():
            raise _NotSent
        return self._call(request, accept)

    def _call(
        self, request: LLMRequest, accept: Callable[[str], object] | None, gate: _Gate | None = None
    ) -> CallRecord:
        try:
            record = self._answer(request, accept, gate)
        except BaseException:
            if gate is not None:
                gate.close()
            raise
        if gate is not None:
            gate.open()
        return record

    def _answer(
        self,
        request: LLMRequest,
        accept: Callable[[str], object] | None,
        gate: _Gate | None,
        authors: frozenset[str] = frozenset(),
    ) -> CallRecord:
        name = call_name(request)
        started = time.monotonic()
        hooks = CallHooks(
            on_start=gate.open if gate is not None else lambda: None,
            on_retry=lambda what, delay: self._note(f"{name}: {what}; asking again in {_wait(delay)}"),
        )
        sent = request
        grown_from: int | None = None
        while True:
            if self.choice.name == HANDOFF:
                self.log(f"{name}: reading its hand-off answer…")
            else:
                self.log(f"{name}: calling {self.choice.name} ({request.model}, max_tokens {sent.max_tokens:,})…")
            response = self._complete(request, sent, hooks)
            if response.stop_reason == CUT_OFF:
                self._add_usage(request, response)  # the cut-off answer was billed all the same
                bigger = None if grown_from else grown_budget(self.prices.limits(request.model), sent.max_tokens)
                if bigger is None:
                    limits = self.prices.limits(request.model)
                    message = cut_off_message(name, sent.max_tokens, request.model, grown_from, limits.max_output)
                    self.store.save_failure(request, self.choice.name, message, response)
                    raise LLMError(message)
                self._note(
                    f"{name}: cut off at max_tokens {sent.max_tokens:,} (thinking and text share it); "
                    f"asked once more with {bigger:,}"
                )
                grown_from, sent = sent.max_tokens, sent.with_max_tokens(bigger)
                continue
            if not is_finished(response.stop_reason):
                self._add_usage(request, response)
                message = unfinished_message(name, response.stop_reason)
                self.store.save_failure(request, self.choice.name, message, response)
                raise LLMError(message)
            break
        if not response.text.strip():
            self.store.save_failure(request, self.choice.name, "empty response", response)
            raise LLMError(f"{name}: the model returned no text; re-run to ask again")
        if accept is not None:
            try:
                accept(response.text)
            except LLMError as exc:
                if isinstance(self.engine, HandoffEngine):  # the answer file is the record: it is moved aside
                    raise self.engine.refuse(request, str(exc)) from None
                kept = self.store.save_failure(request, self.choice.name, str(exc), response)
                raise LLMError(f"{name}: {exc} (see {kept}); re-run to ask again") from None
        if isinstance(self.engine, HandoffEngine) and request.published:
            problems = _live_markup(response.text, request.json_schema is not None, authors)
            if problems:
                more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
                raise self.engine.refuse(
                    request,
                    f"it holds markup a post would run or hide: {problems[0]}{more}; write Markdown without it "
                    "(code, tags and anything in angle brackets go in backticks)",
                )
        record = self.store.save(request, response, self.choice.name, time.monotonic() - started, sent=sent)
        self._account(record)
        self.log(f"{name}: done in {record.seconds:.1f} s")
        return record

    def _complete(self, request: LLMRequest, sent: LLMRequest, hooks: CallHooks) -> LLMResponse:
        try:
            return self.engine.complete(sent, hooks)
        except (AnswerPending, AnswerRefused, PromptUnwritable):
            raise  # a hand-off call without a usable answer yet: its prompt file says it all, nothing to log
        except RetellError as exc:
            self.store.save_failure(request, self.choice.name, str(exc))
            raise LLMError(f"{call_name(request)}: {exc}") from None
        except Exception as exc:  # a bug or an unexpected SDK error: keep the request for diagnosis
            self.store.save_failure(request, self.choice.name, repr(exc))
            raise

    # -- accounting -----------------------------------------------------------------------------------

    def _account(self, record: CallRecord) -> None:
        with self._lock:  # workers add their usage to the same totals
            cost = self.costs.setdefault(record.request.stage, StageCost())
            cost.calls += 1
            cost.unpriced |= self.choice.name == HANDOFF
            if record.cached:
                cost.cached += 1
                return  # nothing spent in this run
        self._add_usage(record.request, record.response)

    def _add_usage(self, request: LLMRequest, response: LLMResponse) -> None:
        with self._lock:
            cost = self.costs.setdefault(request.stage, StageCost())
            usage = response.usage
            for name in USAGE_FIELDS:
                setattr(cost.usage, name, getattr(cost.usage, name) + getattr(usage, name))
            if self.choice.name == HANDOFF:
                cost.unpriced = True  # written outside retell: whoever answered knows what it cost
                return
            if response.cost_usd is not None:  # the engine's own figure (claude-cli)
                cost.cost_usd += response.cost_usd
                return
            dollars = self.prices.cost(request.model, usage.to_dict())
            if dollars is None:
                cost.unknown_price = True
            else:
                cost.cost_usd += dollars


def _live_markup(text: str, json_answer: bool, authors: frozenset[str]) -> list[str]:
    """Live markup in an answer: in the strings of a JSON answer (named by where they are), else in its text."""
    if not json_answer:
        return live_markup(text, authors)
    from retell.llm.answers import extract_json

    return [f"{where}: {p}" for where, value in json_strings(extract_json(text)) for p in live_markup(value)]


def total_spent(costs: dict[str, StageCost]) -> float | None:
    """What the calls of a run cost in all; None when a model's price is unknown."""
    if any(c.unknown_price for c in costs.values()):
        return None
    return sum(c.cost_usd for c in costs.values())


def _wait(seconds: float) -> str:
    """A wait as the author reads it: `0.6 s`, `45 s`, `2 min 30 s`."""
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 90:
        return f"{round(seconds)} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest:02d} s"


def _row(label: str, c: StageCost) -> str:
    usd = "unknown" if c.unknown_price else "-" if c.unpriced and not c.cost_usd else f"{c.cost_usd:.4f}"
    hit = "-" if c.hit_rate is None else f"{c.hit_rate:.0%}"
    u = c.usage
    return (
        f"{label:<9} {c.calls:>5} {c.cached:>6} {u.input_tokens:>9,} {u.output_tokens:>8,} "
        f"{u.cache_read_input_tokens:>9,} {u.cache_creation_input_tokens:>9,} {hit:>5} {usd:>8}"
    )


def cost_table(costs: dict[str, StageCost], as_of: str, unknown: list[str] | None = None) -> str:
    """Tokens in, out, cache read, cache write, the cache hit rate and dollars per stage, for this run."""
    header = (
        f"{'stage':<9} {'calls':>5} {'cached':>6} {'in':>9} {'out':>8} {'cache rd':>9} {'cache wr':>9} "
        f"{'hit':>5} {'USD':>8}"
    )
    lines = [header, "-" * len(header)]
    total = StageCost()
    for stage, c in costs.items():
        lines.append(_row(stage, c))
        total.calls += c.calls
        total.cached += c.cached
        total.cost_usd += c.cost_usd
        total.unknown_price |= c.unknown_price
        total.unpriced |= c.unpriced
        for name in USAGE_FIELDS:
            setattr(total.usage, name, getattr(total.usage, name) + getattr(c.usage, name))
    if len(costs) > 1:
        lines.append("-" * len(header))
        lines.append(_row("total", total))
    lines.append(
        f"(prices as of {as_of}; hit: the share of prompt tokens read from the prompt cache; "
        "cached calls cost nothing in this run)"
    )
    lines.extend(f"({reason})" for reason in unknown or [])
    if any(c.unpriced for c in costs.values()):
        lines.append("(handoff: answered outside retell; tokens are estimates and retell has no price for them)")
    return "\n".join(lines)


def plan_table(planned: list[PlannedCall], as_of: str, count_note: str = "estimated") -> str:
    header = f"{'call':<16} {'model':<22} {'~in':>8} {'~out':>7} {'~USD':>8}"
    lines = [header, "-" * len(header)]
    total = 0.0
    unknown = False
    for call in planned:
        label = f"{call.request.stage}/{call.request.label}"
        if call.cached:
            usd = "cached"
        elif not call.priced:
            usd = "-"
        elif call.cost_usd is None:
            usd, unknown = "unknown", True
        else:
            usd = f"{call.cost_usd:.4f}"
            total += call.cost_usd
        lines.append(f"{label:<16} {call.request.model:<22} {call.input_tokens:>8,} {call.output_tokens:>7,} {usd:>8}")
    lines.append("-" * len(header))
    unpriced = bool(planned) and not any(call.priced for call in planned)
    shown = "unknown" if unknown else "-" if unpriced else f"{total:.4f}"
    lines.append(f"{'estimated total':<47} {shown:>8}")
    lines.append(
        f"(input tokens {count_note}; output: the text asked for plus a share of the model's thinking reserve; "
        f"calls sharing a cached prefix read it after the first writes it; prices as of {as_of})"
    )
    return "\n".join(lines)


def estimated_total(planned: list[PlannedCall]) -> float | None:
    if any(c.cost_usd is None and not c.cached for c in planned):
        return None
    return sum(c.cost_usd or 0.0 for c in planned)


def unknown_prices(prices: PriceTable, models: list[str]) -> list[str]:
    """Why each model without a price has none, once per model."""
    return [prices.unknown_reason(m) for m in dict.fromkeys(models) if prices.lookup(m) is None]


def enforce_max_cost(planned: list[PlannedCall], max_cost: float | None, prices: PriceTable | None = None) -> None:
    """A ceiling the author asked for: a run above it, or one that cannot be priced, is refused unsent."""
    refused = over_max_cost(planned, max_cost, prices)
    if refused is not None:
        raise RetellError(f"{refused}; nothing was sent")


def over_max_cost(planned: list[PlannedCall], max_cost: float | None, prices: PriceTable | None = None) -> str | None:
    """Why `--max-cost` refuses these calls, or None: what a run enforces, and a dry run says."""
    if max_cost is None:
        return None
    total = estimated_total(planned)
    if total is None:
        table = prices or load_prices()
        reasons = unknown_prices(table, [c.request.model for c in planned if c.cost_usd is None and not c.cached])
        return (
            f"--max-cost: the cost of this run cannot be estimated ({'; '.join(reasons)}); add the price to "
            "~/.config/retell/models.yaml or run without --max-cost"
        )
    if total > max_cost:
        return f"the run is estimated at ${total:.2f}, above --max-cost ${max_cost:.2f}"
    return None
