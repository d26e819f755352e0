"""`retell parse`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from retell.cli.app import ParseProgress, Quiet, Verbose, app, handle_errors, say, setup_logging, warn

# -- parse ------------------------------------------------------------------------------------------


@app.command(rich_help_panel="The pipeline")
@handle_errors
def parse(
    session: Annotated[
        str,
        typer.Argument(help="A session's .jsonl file, or the start of its session id.", show_default=False),
    ],
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Work folder to write (default: ./retell-<session id prefix>)."),
    ] = None,
    include_subagents: Annotated[
        bool,
        typer.Option("--include-subagents/--no-subagents", help="Parse linked subagent transcripts too."),
    ] = True,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on malformed lines instead of skipping them.")] = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Extract the story from a transcript: events.json, manifest.json, assets/."""
    setup_logging(quiet, verbose)
    from retell.claude.locate import resolve_session
    from retell.parse import ParseOptions, parse_to_workdir
    from retell.report import parse_summary

    ref = resolve_session(session)
    with ParseProgress(ref.path, quiet) as on_progress:
        workdir, result = parse_to_workdir(
            ref,
            output,
            ParseOptions(include_subagents=include_subagents, strict=strict, on_progress=on_progress),
        )
    if not quiet:
        for message in result.warnings:
            warn(message)
    say(parse_summary(result.manifest, workdir), quiet)
