"""`retell run`: parse → triage → (the author's gate) → outline → draft → render, resumable.

Each stage is skipped when its inputs did not change: the parse when the transcripts' hashes are the ones
in manifest.json, the outline when outline.yaml exists, the draft when triage, outline and events are
the ones it was made from. Render only replaces what retell wrote before.
"""

from __future__ import annotations

import hashlib
import shlex
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path

import orjson

from retell import __version__
from retell.claude.locate import SessionRef
from retell.events import EVENTS_SCHEMA_VERSION
from retell.parse import ParseOptions, check_source, default_workdir_for, parse_to_workdir
from retell.workdir import Workdir
from retell.write.context import StageOptions


@dataclass
class RunOptions:
    workdir: Path | None = None
    yes: bool = False
    engine: str | None = None
    model: str | None = None
    target: str = "hugo"
    post_dir: Path | None = None
    max_cost: float | None = None
    strict: bool = False  # render refuses untraced author quotes and numbers
    dry_run: bool = False  # parse and triage, then the whole run's estimate; nothing sent, nothing drafted
    force: bool = False  # re-parse a folder of more sessions with only those named
    verify: bool = False  # `retell check --verify` after the draft: a model reads it (advice, never blocking)
    model_clears: bool = True  # with verify: a low-confidence rule problem the model supports counts as traced
    # (retell.check.verify.MODEL_CLEARS; the command line passes its choice)


@dataclass
class RunOutcome:
    workdir: Path
    stopped_at_gate: bool = False
    post: Path | None = None
    messages: list[str] = field(default_factory=list)


STAGE_DOING = {
    "parse": "Parsing: reading the transcripts",
    "triage": "Triage: writing triage.yaml and the contact sheet",
    "outline": "Outline: planning the post",
    "draft": "Draft: writing the sections",
    "verify": "Verify: a model reads the draft beside the session",
    "render": "Render: checking the draft, converting the images, writing the post",
}


def run_pipeline(
    refs: Sequence[SessionRef],
    options: RunOptions,
    progress: Callable[[str], None],
    again: Sequence[str] = (),
    working: Callable[[str], AbstractContextManager[object]] = lambda _doing: nullcontext(),
) -> RunOutcome:
    """`again`: the command-line words that name the sessions, for the "continue with" hint. `working(what)`:
    shown while a stage runs (a stage's line comes only when it ends)."""
    from retell.render import RenderOptions, guessed_title_note, run_render
    from retell.triage.stage import run_triage
    from retell.write.draft import run_draft
    from retell.write.outline import run_outline

    for ref in refs:
        check_source(ref.path)
    path = options.workdir or default_workdir_for(refs)
    workdir = Workdir(path)
    outcome = RunOutcome(path)

    def stage(name: str, work: Callable[[], str]) -> None:
        from retell.llm.handoff import HandoffWaiting

        started = time.monotonic()
        try:
            with working(STAGE_DOING[name]):
                note = work()
        except HandoffWaiting as waiting:  # --engine handoff: as far as the answers go; the error says the rest
            count = len(waiting.pending)
            progress(f"{name:<8} {time.monotonic() - started:6.2f} s  waiting for {count} hand-off answer(s)")
            for message in outcome.messages:  # what the stages before said (an outline past its limits: stop 52)
                progress(message)
            outcome.messages.clear()
            raise
        progress(f"{name:<8} {time.monotonic() - started:6.2f} s  {note}")

    def parse() -> str:
        if _parse_is_current(workdir, [ref.path for ref in refs]):
            return "unchanged since the last run, kept"
        _, result = parse_to_workdir(refs, path, ParseOptions(force=options.force))
        counts = result.manifest["counts"]
        return (
            f"{counts['events']} events, {counts['chapters']} chapter(s), "
            f"{len(result.manifest['pii_warnings'])} flagged item(s)"
        )

    stage("parse", parse)

    triage_outcome = None

    def triage() -> str:
        nonlocal triage_outcome
        # with --yes nobody reviews before the post is written: the contact sheet waits for `retell triage`
        triage_outcome = run_triage(path, approve=options.yes, contact_sheet=not options.yes)
        if triage_outcome.problems.errors:
            from retell.errors import ValidationError

            raise ValidationError(str(triage_outcome.path), triage_outcome.problems.errors)
        state = "approved" if triage_outcome.triage and triage_outcome.triage.approved else "waiting for your review"
        return f"{triage_outcome.path.name} {state}"

    stage("triage", triage)
    assert triage_outcome is not None
    if not (triage_outcome.triage and triage_outcome.triage.approved):
        outcome.stopped_at_gate = True
        flagged = len(triage_outcome.triage.secrets) if triage_outcome.triage else 0
        outcome.messages += [
            f"Stopped at the gate: nothing has been sent anywhere. Review {workdir.triage}",
            f"  ({'sessions and ' if len(refs) > 1 else ''}chapters to tell, {flagged} flagged secret(s) and "
            "personal detail(s), images"
            + (f"; see {workdir.contact_sheet.name}" if workdir.contact_sheet.exists() else "")
            + ").",
            f"Then approve it: retell triage {path} --approve",
            f"and continue:    retell run {' '.join(shlex.quote(a) for a in again)} -o {shlex.quote(str(path))}",
        ]
        return outcome

    stage_options = StageOptions(engine=options.engine, model=options.model, max_cost=options.max_cost)
    if options.dry_run:
        from retell.write.estimate import estimate_run

        dry = StageOptions(engine=options.engine, model=options.model, dry_run=True)
        estimate = estimate_run(path, dry)
        if options.verify:
            from retell.check.verify import estimate_verify

            estimate_verify(path, estimate, dry)
        ceiling = estimate.ceiling(options.max_cost)
        outcome.messages += [estimate.text(), *([ceiling] if ceiling else [])]
        outcome.messages.append("Nothing was sent: run it without --dry-run to write")
        return outcome
    estimated = _estimate(path, stage_options, options.verify)  # said again at the end, against what was used

    spent: list[str] = []  # the cost tables of the stages that called a model
    used: list[float | None] = []

    def outline() -> str:
        result = run_outline(path, stage_options)
        if result.costs:
            spent.append(result.costs)
            used.append(result.spent_usd)
        for warning in result.warnings:
            outcome.messages.append(f"warning: {warning}")
        if result.kept:
            return "outline.yaml kept (it is current, or you edited it)"
        if result.notes:  # what changed: triage.yaml, or an answer to the outline's prompt (stop 52 said triage)
            return f"{result.choice.name}: {result.notes[0]}"
        return f"{result.choice.name}: {len(result.outline.sections) if result.outline else 0} sections"

    stage("outline", outline)

    def draft() -> str:
        result = run_draft(path, stage_options, reuse=True)
        if result.costs:
            spent.append(result.costs)
            used.append(result.spent_usd)
        if result.reused:
            return "draft.md kept (made from the same triage and outline)"
        from retell.write.locales import length_text

        return f"{result.choice.name}: {length_text(result.words, result.unit)}" + (
            f", {len(result.style)} style note(s)" if result.style else ""
        )

    stage("draft", draft)

    def verify() -> str:
        from retell.check.stage import load_draft, run_check
        from retell.check.verdict import MODEL
        from retell.check.verify import run_verify

        loaded = load_draft(path)  # read once: the text checked is the text sent
        result = run_verify(
            path,
            run_check(path, loaded),
            loaded=loaded,
            engine=options.engine,
            model=options.model,
            max_cost=options.max_cost,
            clears=options.model_clears,
        )
        outcome.messages.extend(f"warning: {note}" for note in result.notes)
        if result.costs:
            spent.append(result.costs)
            used.append(result.spent_usd)
        if not result.report.verified:
            return "the rules only (no model)"
        found = sum(1 for f in result.report.problems if f.source == MODEL)
        cleared = f", {len(result.report.cleared)} of the rules' cleared by it" if result.report.cleared else ""
        return f"{result.engine}: {found} problem(s) only the model found{cleared} (render shows them; none blocks)"

    if options.verify:
        stage("verify", verify)

    def render() -> str:
        result = run_render(
            path, RenderOptions(output=options.post_dir, target=options.target, force=True, strict=options.strict)
        )
        outcome.post = result.post
        checked = result.claims  # the grounding check of the draft, run by render before it writes
        if checked is not None and not checked.ok:
            outcome.messages.append(f"{checked.summary()}: see `retell check {path}`")
        if result.guessed_title:
            outcome.messages.append(f"Note: {guessed_title_note(result.guessed_title, path)}")
        if not result.written:
            return f"{result.post} unchanged, kept"
        return f"{result.post} ({len(result.images)} image(s))"

    stage("render", render)
    outcome.messages.extend(spent)
    if spent and estimated is not None:
        total = None if any(u is None for u in used) else sum(u or 0.0 for u in used)
        outcome.messages.append(
            f"Estimated before the run: {estimated}; the calls used "
            + ("an unknown amount (a price is missing)" if total is None else f"${total:.2f}")
        )
    outcome.messages.append(f"Done: {outcome.post}")
    return outcome


def _estimate(path: Path, options: StageOptions, verify: bool = False) -> str | None:
    """The whole run's estimate as a range ("$0.19–$0.99"), for the closing note; None when it cannot be made
    (the run itself then says why) or when nothing would be paid for (offline, the hand-off engine)."""
    from retell.errors import RetellError
    from retell.write.estimate import estimate_run

    if options.engine in ("offline", "handoff"):  # asked for by name: nothing to estimate, no work to do
        return None
    try:
        estimate = estimate_run(path, options, count=False)
        if verify:
            from retell.check.verify import estimate_verify

            estimate_verify(path, estimate, options, count=False)
    except RetellError:
        return None
    if estimate.choice.name in ("offline", "handoff"):
        return None
    return estimate.range_text()


def _parse_is_current(workdir: Workdir, sources: Sequence[Path]) -> bool:
    """True when manifest.json was made by this retell from exactly these files' bytes, in this events.json format
    (a folder an older retell wrote is parsed again: its events lack what the later stages now read)."""
    try:
        manifest = orjson.loads(workdir.manifest.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        return False
    if manifest.get("retell_version") != __version__ or not workdir.events.exists():
        return False
    if manifest.get("events_schema_version") != EVENTS_SCHEMA_VERSION:
        return False
    parts = manifest.get("sessions") or [manifest]
    recorded = sorted(str(part.get("source", {}).get("sha256")) for part in parts)
    return recorded == sorted(_sha256(path) for path in sources)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
