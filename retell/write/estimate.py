"""What a whole run (outline and draft, and with `--verify` the verification) would cost, before anything is
paid: `retell run --dry-run`, `retell outline --dry-run`, and the note `retell run` ends with (the estimate
against what the calls used).

The outline call is the one `retell outline` would send. The draft's calls follow outline.yaml when there is one
(it is what `retell draft` follows), else the offline engine's plan of the session as a stand-in: its sections cut
the material as a model's plan would, so their prompts are the size the real ones will be. Each call is priced
twice: with an answer of the text asked for and no thinking, and with the model's whole thinking reserve spent
on top (models that think decide how much, per call); calls that share a cached prefix read it after the first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from retell.errors import RetellError
from retell.llm.engines import EngineChoice, choose_engine
from retell.llm.pricing import PriceTable, load_prices
from retell.llm.runner import PlannedCall, Runner, pick_model
from retell.redact import Redactor
from retell.triage.model import Triage
from retell.triage.stage import require_approved
from retell.workdir import Workdir
from retell.write.context import StageOptions
from retell.write.draft import (
    FINISH_EXPECTED_TOKENS,
    current_fingerprint,
    draft_calls,
    existing_fingerprint,
    inputs_fingerprint,
    tokens_per_unit,
)
from retell.write.offline import offline_outline
from retell.write.outline import (
    OUTLINE_EXPECTED_OUTPUT,
    build_outline_request,
    load_outline,
    outline_state,
    triage_fingerprint,
)
from retell.write.outline_model import Outline


@dataclass
class StageEstimate:
    stage: str  # outline | draft | verify
    model: str
    calls: int
    cached: int
    input_tokens: int
    output_low: int  # the text asked for, no thinking
    output_high: int  # and the model's whole thinking reserve on top
    usd_low: float | None  # None: the model has no price in the table
    usd_high: float | None


@dataclass
class RunEstimate:
    choice: EngineChoice
    priced_as: str  # the engine whose prices are shown (offline runs are priced as if sent to the API)
    stages: list[StageEstimate]
    notes: list[str] = field(default_factory=list)
    plan: Outline | None = None  # the plan the draft is estimated on (for estimating its verification)
    section_words: int = 0  # each section's length, in the post's unit
    draft_kept: bool = False  # draft.md is kept as it is: no draft call

    @property
    def low(self) -> float | None:
        values = [s.usd_low for s in self.stages]
        return None if any(v is None for v in values) else sum(v or 0.0 for v in values)

    @property
    def high(self) -> float | None:
        values = [s.usd_high for s in self.stages]
        return None if any(v is None for v in values) else sum(v or 0.0 for v in values)

    def range_text(self) -> str:
        return usd_range(self.low, self.high)

    def ceiling(self, max_cost: float | None) -> str | None:
        """What `--max-cost` would make of the run, for a dry run to say (each stage is held to it)."""
        if max_cost is None:
            return None
        ceiling = f"--max-cost ${max_cost:.2f}"
        if self.high is None:
            return f"{ceiling}: the run's cost cannot be estimated (a price is missing), so it would be refused"
        if self.low is not None and self.low > max_cost:
            return f"Above {ceiling}: estimated at {self.range_text()}, the run would be refused, nothing sent"
        if self.high > max_cost:
            return (
                f"May exceed {ceiling}: estimated at {self.range_text()}; a stage estimated above it is refused "
                "before anything is sent"
            )
        return f"Within {ceiling} (estimated at {self.range_text()})"

    def text(self) -> str:
        stages = "outline, draft and verify" if any(s.stage == "verify" for s in self.stages) else "outline and draft"
        head = f"Whole run ({stages}), engine: {self.choice.name} ({self.choice.reason})"
        if self.priced_as != self.choice.name:
            head += f"; priced as if sent with --engine {self.priced_as}"
        rows = [("stage", "model", "calls", "~in", "~out", "~USD")]
        for s in self.stages:
            calls = f"{s.calls}" + (f" ({s.cached} cached)" if s.cached else "")
            rows.append(
                (
                    s.stage,
                    s.model,
                    calls,
                    f"{s.input_tokens:,}",
                    f"{s.output_low:,}–{s.output_high:,}",
                    usd_range(s.usd_low, s.usd_high),
                )
            )
        total_in = sum(s.input_tokens for s in self.stages)
        low_out, high_out = sum(s.output_low for s in self.stages), sum(s.output_high for s in self.stages)
        calls_in_all = sum(s.calls for s in self.stages)
        rows.append(("total", "", f"{calls_in_all}", f"{total_in:,}", f"{low_out:,}–{high_out:,}", self.range_text()))
        widths = [max(len(row[i]) for row in rows) for i in range(6)]
        lines = [head + ":"]
        for row in rows:
            cells = [row[0].ljust(widths[0]), row[1].ljust(widths[1])]
            cells += [cell.rjust(width) for cell, width in zip(row[2:], widths[2:], strict=True)]
            lines.append("  " + "  ".join(cells).rstrip())
        lines += [f"({note})" for note in self.notes]
        return "\n".join(lines)


def usd_range(low: float | None, high: float | None) -> str:
    if low is None or high is None:
        return "unknown"
    return f"${low:.2f}" if abs(high - low) < 0.005 else f"${low:.2f}–${high:.2f}"


def estimate_run(path: Path, options: StageOptions, *, count: bool = True) -> RunEstimate:
    """The estimate of `retell outline` then `retell draft` with these options, nothing sent (the verification of
    `retell run --verify` is added by `retell.check.verify.estimate_verify`). `count`: input tokens counted with
    messages.count_tokens where the engine can (free), else estimated."""
    triage, parsed, view = require_approved(path)
    choice = choose_engine(options.engine, dry_run=True)
    priced_as = "anthropic" if choice.name == "offline" else choice.name
    prices = load_prices()
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    runner = Runner(path, EngineChoice(priced_as, choice.reason), redactor, force=options.force, jobs=1)
    notes: list[str] = []

    workdir = Workdir(path)
    outline_request, _ = build_outline_request(triage, parsed, view, redactor, options)
    outline_calls = runner.plan([outline_request], {"outline": OUTLINE_EXPECTED_OUTPUT}, count=count)
    outline_kept = (
        workdir.outline.exists() and not options.force and outline_state(workdir, triage_fingerprint(triage)) != "stale"
    )
    if outline_kept:  # `retell outline` (and run) keep it: no call
        outline_calls = []
        notes.append("outline.yaml is kept as it is: no outline call")

    plan = None
    if workdir.outline.exists():
        try:
            plan, _ = load_outline(workdir, view, triage)
        except RetellError:
            plan = None
    if plan is None:
        plan = offline_outline(view, triage)
        notes.append(
            f"the draft is estimated on a plan of {len(plan.sections)} section(s) made without a model; the model's "
            "own plan usually has 4 to 6"
        )
    draft_model = pick_model("draft", options.model, prices)
    calls = draft_calls(plan, view, triage, parsed, options, draft_model)
    finish = calls.finish([("x " * calls.words) for _ in plan.sections])
    section_text = int(calls.words * tokens_per_unit(calls.unit))
    draft_planned = runner.plan(
        [*calls.sections, finish], {"section": section_text, "finish": FINISH_EXPECTED_TOKENS}, count=count
    )
    drafted_with = (choice.name, "" if choice.name == "offline" else draft_model)
    if outline_kept and _draft_is_current(workdir, triage, parsed.events_sha256, *drafted_with):
        draft_planned = []  # `retell run` keeps a draft made from the very same inputs
        notes.append("draft.md was made from these very inputs and is kept: no draft calls")
    texts = {"outline": OUTLINE_EXPECTED_OUTPUT, "section": section_text, "finish": FINISH_EXPECTED_TOKENS}
    stages = [
        stage_estimate("outline", outline_calls, texts, prices, pick_model("outline", options.model, prices)),
        stage_estimate("draft", draft_planned, texts, prices, draft_model),
    ]
    notes.append(f"input tokens {runner.count_note}")
    if choice.name == "offline":
        notes.insert(0, "offline writes without a model and costs nothing; these are the figures with one")
    elif choice.name == "claude-cli":
        notes.insert(0, "`claude -p` is paid by your Claude plan; these are the same calls at API prices")
    elif choice.name == "handoff":
        notes.insert(0, "hand-off answers are written outside retell, which pays nothing; these are API prices")
    notes.append(
        "output: the text asked for, without thinking – with the model's whole thinking reserve; prices as of "
        + prices.as_of
    )
    return RunEstimate(choice, priced_as, stages, notes, plan, calls.words, not draft_planned)


STAND_IN_PARAGRAPH = 90  # words of a paragraph of the stand-in draft (a model's run about 60 to 120)


def stand_in_draft(plan: Outline, words: int) -> str:
    """A draft of the plan's shape, for estimating its verification before it is written: each section's heading
    and `words` words in paragraphs, each citing the next events of the section's beats (what a verification
    request carries besides the prose)."""
    out = ["---", "title: stand-in", "---", ""]
    for section in plan.sections:
        out += [f"## {section.heading}", ""]
        ids = [i for beat in section.beats if beat.treatment != "skip" for i in beat.events]
        paragraphs = max(1, round(words / STAND_IN_PARAGRAPH))
        for n in range(paragraphs):
            cited = ids[2 * n % len(ids) : 2 * n % len(ids) + 2] if ids else []
            marker = f" <!-- ev: {' '.join(cited)} -->" if cited else ""
            out += [" ".join(["word"] * STAND_IN_PARAGRAPH) + marker, ""]
    return "\n".join(out)


def _draft_is_current(workdir: Workdir, triage: Triage, events_sha256: str, engine: str, model: str) -> bool:
    made_from = inputs_fingerprint(workdir, triage, events_sha256, engine, model)
    return existing_fingerprint(workdir) == current_fingerprint(workdir, made_from, engine)


def stage_estimate(
    name: str, planned: list[PlannedCall], texts: dict[str, int], prices: PriceTable, model: str
) -> StageEstimate:
    """One stage's row: its calls priced with an answer of the text asked for, then with the thinking reserve."""
    low = high = 0.0
    unknown = False
    out_low = out_high = input_tokens = 0
    for call in planned:
        if call.cached:
            continue
        limits = prices.limits(call.request.model)
        text = min(call.request.max_tokens, texts.get(call.request.stage, call.request.max_tokens))
        thinking = limits.thinking_reserve if limits.thinks else 0
        most = min(call.request.max_tokens, text + thinking)
        input_tokens += call.input_tokens
        out_low += text
        out_high += most
        price = prices.lookup(call.request.model)
        if price is None:
            unknown = True
            continue
        usage = {
            "input_tokens": call.input_tokens - call.cache_read - call.cache_write,
            "cache_read_input_tokens": call.cache_read,
            "cache_creation_input_tokens": call.cache_write,
        }
        low += price.cost({**usage, "output_tokens": text})
        high += price.cost({**usage, "output_tokens": most})
    return StageEstimate(
        name,
        model,
        len(planned),
        sum(1 for c in planned if c.cached),
        input_tokens,
        out_low,
        out_high,
        None if unknown else low,
        None if unknown else high,
    )
