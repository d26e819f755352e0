"""`retell revise`: change the draft by saying what to change, and `--undo`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from retell.cli.app import Quiet, Verbose, Workdir, app, handle_errors, say, setup_logging, warn, working
from retell.cli.writing import (
    DryRunOpt,
    EngineOpt,
    MaxCostOpt,
    MaxInputOpt,
    ModelOpt,
    PromptsOpt,
    _engine_announcer,
    _options,
)
from retell.errors import RetellError

if TYPE_CHECKING:
    from retell.write.revise import ReviseResult

MAX_LINES = 20  # findings listed; the rest are counted


@app.command(rich_help_panel="The pipeline")
@handle_errors
def revise(
    workdir: Workdir,
    instruction: Annotated[
        str | None,
        typer.Argument(help='What to change, in your words: "make the opening shorter".', show_default=False),
    ] = None,
    section: Annotated[
        list[int] | None,
        typer.Option("--section", "-s", help="Revise this `## ` section (1 is the first; 0 the opening). Repeatable."),
    ] = None,
    heading: Annotated[
        list[str] | None,
        typer.Option("--heading", help="Revise the section with this heading (any case, or a part of it). Repeatable."),
    ] = None,
    undo: Annotated[bool, typer.Option("--undo", help="Go back one revision (draft.md as it was before it).")] = False,
    engine: EngineOpt = None,
    model: ModelOpt = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Ask the model again, not the call cache. With --undo: go back over edits made since."
        ),
    ] = False,
    dry_run: DryRunOpt = False,
    max_cost: MaxCostOpt = None,
    prompts_dir: PromptsOpt = None,
    max_input_tokens: MaxInputOpt = 60_000,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Revise draft.md by saying what to change: one model call for the section(s) concerned; --undo goes back."""
    setup_logging(quiet, verbose)
    if undo:
        if instruction is not None or section or heading:
            raise RetellError("--undo takes no instruction, --section or --heading: it goes back one revision")
        _undo(workdir, force, quiet)
        return
    from retell.write.revise import run_revise

    options = _options(
        engine=engine,
        model=model,
        force=force,
        dry_run=dry_run,
        max_cost=max_cost,
        jobs=1,
        prompts_dir=prompts_dir,
        max_input_tokens=max_input_tokens,
    )
    with working("Revise: asking the model", quiet):
        result = run_revise(
            workdir,
            instruction or "",
            options,
            sections=section or [],
            headings=heading or [],
            log=lambda m: say(m, quiet or not verbose),
            on_engine=_engine_announcer(quiet),
        )
    for message in result.warnings:
        warn(message)
    for note in result.condensed:
        say(f"Condensed to fit: {note}", quiet)
    if result.dry_run_plan:
        say(f"Would revise: {', '.join(result.asked)}", quiet)
        say(result.dry_run_plan, quiet)
        return
    if result.revision is not None:
        _report(workdir, result, quiet)
    if result.costs:
        say(result.costs, quiet)


def _report(workdir: Path, result: ReviseResult, quiet: bool) -> None:
    from retell.check.stage import run_check
    from retell.write.revise import spans_text

    assert result.revision is not None
    lines = spans_text(result.spans)
    say(f"Revised {', '.join(result.revised)} of {result.path} (now lines {lines})", quiet)
    say(
        f"Kept as {result.revision.describe()} in {result.revision.folder}; `retell revise {workdir} --undo` goes back",
        quiet,
    )
    if result.style:
        say(f"Style check: {len(result.style)} thing(s) to look at in the revised lines:", quiet)
        for problem in result.style[:MAX_LINES]:
            say(f"  {problem}", quiet)
    # The grounding check reads draft.md as it now stands, as after `retell draft`; the findings listed are
    # the revised lines' (the rest were there before: `retell check` lists them all).
    report = run_check(workdir)
    say(report.summary(), quiet)
    inside = [f for f in report.problems if any(a <= f.claim.line <= b for a, b in result.spans)]
    for finding in inside[:MAX_LINES]:
        say(f"  {report.line(finding)}", quiet)
    unlisted = len(inside) - min(len(inside), MAX_LINES)
    if unlisted:
        say(f"  ({unlisted} more in the revised lines: `retell check {workdir}`)", quiet)
    elsewhere = len(report.problems) - len(inside)
    if elsewhere and inside:
        say(f"  ({elsewhere} more outside the revised lines: `retell check {workdir}`)", quiet)
    elif elsewhere:
        what = "it is" if elsewhere == 1 else f"all {elsewhere} are"
        say(f"  (none in the revised lines: {what} elsewhere in draft.md, `retell check {workdir}`)", quiet)


def _undo(workdir: Path, force: bool, quiet: bool) -> None:
    from retell.workdir import Workdir as WorkFolder
    from retell.write.revisions import undo

    done = undo(WorkFolder(workdir), force=force)
    say(f"Undid {done.revision.describe()}: {workdir / 'draft.md'} is as it was before it", quiet)
    if done.replaced is not None:
        say(f"Your edits made since are kept in {done.replaced}", quiet)
    elif done.kept_in is not None:
        say(f"The draft.md it replaced is kept in {done.kept_in}", quiet)
