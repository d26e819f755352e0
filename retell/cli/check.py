"""`retell check`: every claim of draft.md traced to the session (`--verify`: and read by a model)."""

from __future__ import annotations

from typing import Annotated

import typer

from retell.cli.app import Quiet, Workdir, app, handle_errors, say, setup_logging, warn, working
from retell.cli.writing import (
    DryRunOpt,
    EngineOpt,
    KeepRuleFindingsOpt,
    MaxCostOpt,
    ModelOpt,
    PromptsOpt,
    _engine_announcer,
    model_clears,
)
from retell.errors import RetellError


@app.command(rich_help_panel="The pipeline")
@handle_errors
def check(
    workdir: Workdir,
    as_json: Annotated[bool, typer.Option("--json", help="Every claim, traced or not, as JSON.")] = False,
    quiet: Quiet = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List traced claims too, with their event.")] = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Also have a model read each part of the draft beside the events it cites (one call per part; "
            "the cleared session only). Its findings are marked [model] and never stop render --strict; a "
            "low-confidence rule finding it supports with an event is cleared unless --keep-rule-findings.",
        ),
    ] = False,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    force: Annotated[
        bool, typer.Option("--force", help="With --verify: ask the model again, not the call cache.")
    ] = False,
    dry_run: DryRunOpt = False,
    max_cost: MaxCostOpt = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, max=16, help="With --verify: parts read at once.")] = 3,
    prompts_dir: PromptsOpt = None,
    keep_rule_findings: KeepRuleFindingsOpt = None,
) -> None:
    """Trace every quote, path, command, number and credit in draft.md to the session; exit 1 if any is not."""
    setup_logging(quiet, verbose)
    from retell import jsonio
    from retell.check.stage import load_draft, run_check

    if not verify and (
        engine or model or force or dry_run or max_cost is not None or prompts_dir or keep_rule_findings is not None
    ):
        raise RetellError(
            "--engine, --model, --force, --dry-run, --max-cost, --prompts-dir, --keep-rule-findings and --model-clears "
            "go with --verify"
        )
    loaded = load_draft(workdir)  # read once: the text checked is the text sent for --verify
    report = run_check(workdir, loaded)
    outcome = None
    if verify:
        from retell.check.verify import run_verify

        hush = quiet or as_json
        with working("Check: a model reads the draft beside the session", hush):
            outcome = run_verify(
                workdir,
                report,
                loaded=loaded,
                engine=engine,
                model=model,
                force=force,
                dry_run=dry_run,
                max_cost=max_cost,
                jobs=jobs,
                prompts_dir=prompts_dir,
                clears=model_clears(keep_rule_findings),
                log=lambda m: say(m, hush or not verbose),
                on_engine=_engine_announcer(hush),
            )
        for note in outcome.notes:
            warn(note)
        if outcome.dry_run_plan:
            say(outcome.dry_run_plan, quiet)
            return
        report = outcome.report
    if as_json:
        typer.echo(jsonio.dumps(report.to_json()).decode())
    else:
        for line in report.lines(verbose):
            typer.echo(line)
        say(report.summary(), quiet)
        if outcome is not None and outcome.costs:
            say(outcome.costs, quiet)
    if not report.ok:
        raise typer.Exit(1)
