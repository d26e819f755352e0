"""`retell check`: every claim of draft.md traced to the session."""

from __future__ import annotations

from typing import Annotated

import typer

from retell.cli.app import Quiet, Workdir, app, handle_errors, say, setup_logging


@app.command(rich_help_panel="The pipeline")
@handle_errors
def check(
    workdir: Workdir,
    as_json: Annotated[bool, typer.Option("--json", help="Every claim, traced or not, as JSON.")] = False,
    quiet: Quiet = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List traced claims too, with their event.")] = False,
) -> None:
    """Trace every quote, path, command, number and credit in draft.md to the session; exit 1 if any is not."""
    setup_logging(quiet, verbose)
    from retell import jsonio
    from retell.check.stage import run_check

    report = run_check(workdir)
    if as_json:
        typer.echo(jsonio.dumps(report.to_json()).decode())
    else:
        for line in report.lines(verbose):
            typer.echo(line)
        say(report.summary(), quiet)
    if not report.ok:
        raise typer.Exit(1)
