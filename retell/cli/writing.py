"""`retell outline` and `retell draft`: the stages that may call a model."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

if TYPE_CHECKING:
    from retell.llm.engines import EngineChoice
    from retell.write.context import StageOptions

import typer

from retell.cli.app import Quiet, Verbose, Workdir, app, handle_errors, say, setup_logging, warn, working


def known_engine(value: str | None) -> str | None:
    """`--engine gpt` is refused at once, with the names there are, not at the stage that first calls a model."""
    if value is None:
        return None
    from retell.llm.engines import ENGINES

    if value not in ENGINES:  # one line, as every retell error (typer's usage box is several), and exit 2: usage
        typer.echo(f"retell: error: unknown engine {value!r}; choose one of {', '.join(ENGINES)}", err=True)
        raise typer.Exit(2)
    return value


EngineOpt = Annotated[
    str | None,
    typer.Option(
        "--engine",
        help="anthropic | claude-cli | handoff (prompt files you answer) | offline (default: picked from your "
        "setup, and said).",
        callback=known_engine,
    ),
]
ModelOpt = Annotated[str | None, typer.Option("--model", help="Model id (default: RETELL_MODEL, else per stage).")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Redo: ignore cached answers and the existing file.")]
DryRunOpt = Annotated[bool, typer.Option("--dry-run", help="Render every prompt, show tokens and cost; send nothing.")]
MaxCostOpt = Annotated[float | None, typer.Option("--max-cost", help="Refuse to start if the estimate is above USD.")]
PromptsOpt = Annotated[Path | None, typer.Option("--prompts-dir", help="Your own prompt templates (override ours).")]
MaxInputOpt = Annotated[int, typer.Option("--max-input-tokens", help="Token budget of session material per call.")]


def _engine_announcer(quiet: bool) -> Callable[[EngineChoice], None]:
    """Says which engine was chosen, before any work, so a failure still says who was asked."""

    def announce(choice: EngineChoice) -> None:
        say(f"Engine: {choice.name} ({choice.reason})", quiet)

    return announce


def _options(**kwargs: Any) -> StageOptions:
    from retell.write.context import StageOptions

    return StageOptions(**kwargs)


@app.command(rich_help_panel="The pipeline")
@handle_errors
def outline(
    workdir: Workdir,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    force: ForceOpt = False,
    dry_run: DryRunOpt = False,
    max_cost: MaxCostOpt = None,
    prompts_dir: PromptsOpt = None,
    max_input_tokens: MaxInputOpt = 100_000,
    check: Annotated[bool, typer.Option("--check", help="Only validate outline.yaml.")] = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Plan the post (outline.yaml): sections, beats, where each image goes."""
    setup_logging(quiet, verbose)
    from retell.write.outline import run_outline

    if check:
        from retell.triage.stage import require_approved
        from retell.workdir import Workdir as WorkFolder
        from retell.write.outline import load_outline

        triage, _parsed, view = require_approved(workdir)
        _outline, warnings = load_outline(WorkFolder(workdir), view, triage)
        for message in warnings:
            warn(message)
        say(f"{workdir / 'outline.yaml'} is valid", quiet)
        return
    options = _options(
        engine=engine,
        model=model,
        force=force,
        dry_run=dry_run,
        max_cost=max_cost,
        prompts_dir=prompts_dir,
        max_input_tokens=max_input_tokens,
    )
    with working("Outline: planning the post", quiet):
        result = run_outline(
            workdir, options, log=lambda m: say(m, quiet or not verbose), on_engine=_engine_announcer(quiet)
        )
    for message in result.warnings:
        warn(message)
    for note in result.condensed:
        say(f"Condensed to fit: {note}", quiet)
    for note in result.notes:
        say(note, quiet)
    if result.dry_run_plan:
        from retell.write.estimate import estimate_run

        # then what the whole run (outline and draft) would cost: estimated, not counted (the outline call above
        # is counted already, and this asks nothing more of the API)
        estimate = estimate_run(workdir, options, count=False)
        ceiling = estimate.ceiling(max_cost)
        say(f"{result.dry_run_plan}\n\n{estimate.text()}" + (f"\n{ceiling}" if ceiling else ""), quiet)
        return
    if result.kept:
        say(f"{result.path} exists and is valid; kept it (use --force to plan again)", quiet)
    else:
        sections = len(result.outline.sections) if result.outline else 0
        say(f"Wrote {result.path}: {sections} sections. Edit it if you like, then run `retell draft {workdir}`", quiet)
    if result.costs:
        say(result.costs, quiet)


@app.command(rich_help_panel="The pipeline")
@handle_errors
def draft(
    workdir: Workdir,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    force: ForceOpt = False,
    dry_run: DryRunOpt = False,
    max_cost: MaxCostOpt = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=16, help="Sections written at once.")] = 3,
    prompts_dir: PromptsOpt = None,
    max_input_tokens: MaxInputOpt = 60_000,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write the post (draft.md) from the outline, one section per call, then the opening and ending."""
    setup_logging(quiet, verbose)
    from retell.write.draft import run_draft

    options = _options(
        engine=engine,
        model=model,
        force=force,
        dry_run=dry_run,
        max_cost=max_cost,
        jobs=jobs,
        prompts_dir=prompts_dir,
        max_input_tokens=max_input_tokens,
    )
    with working("Draft: writing the sections", quiet):
        result = run_draft(
            workdir, options, log=lambda m: say(m, quiet or not verbose), on_engine=_engine_announcer(quiet)
        )
    for message in result.warnings:
        warn(message)
    for note in result.condensed:
        say(f"Condensed to fit: {note}", quiet)
    if result.dry_run_plan:
        say(result.dry_run_plan, quiet)
        return
    from retell.write.locales import length_text

    say(f"Wrote {result.path}: {length_text(result.words, result.unit)}. Next: `retell render {workdir}`", quiet)
    if result.style:
        say(f"Style check: {len(result.style)} thing(s) to look at in draft.md:", quiet)
        for problem in result.style[:20]:
            say(f"  {problem}", quiet)
    # The grounding check reads draft.md as it now stands (it comes after the draft in the data flow).
    from retell.check.stage import run_check

    with working("Check: tracing the draft's claims to the session", quiet):
        report = run_check(workdir)
    say(report.summary(), quiet)
    for line in report.lines()[:20]:
        say(f"  {line}", quiet)
    if result.costs:
        say(result.costs, quiet)


# `--verify`: whether a low-confidence rule problem the model supports with an event counts as traced (None: the
# default, retell.check.verify.MODEL_CLEARS)
KeepRuleFindingsOpt = Annotated[
    bool | None,
    typer.Option(
        "--keep-rule-findings/--model-clears",
        help="With --verify: --model-clears (the default): a low-confidence rule finding the model supports with "
        "an event counts as traced, listed as cleared by the model (fewer false alarms, a few real catches lost: "
        "docs/check.md, round twenty-seven); --keep-rule-findings: it stays a problem, the model's word beside it.",
        show_default=False,
    ),
]


def model_clears(keep_rule_findings: bool | None) -> bool:
    """Whether the model's word clears a low-confidence rule problem, given `--keep-rule-findings/--model-clears`."""
    from retell.check.verify import MODEL_CLEARS

    return MODEL_CLEARS if keep_rule_findings is None else not keep_rule_findings
