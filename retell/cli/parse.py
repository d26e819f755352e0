"""`retell parse`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from retell.cli.app import ParseProgress, Quiet, Verbose, app, handle_errors, say, setup_logging, warn

if TYPE_CHECKING:
    from retell.claude.locate import SessionRef

Sessions = Annotated[
    list[str] | None,
    typer.Argument(
        metavar="SESSION",
        help="Sessions: .jsonl files, or the start of their session ids. Several are told as one story, in time order.",
        show_default=False,
    ),
]
ProjectOpt = Annotated[
    str | None,
    typer.Option(
        "--project",
        metavar="PATH",
        help="Instead of SESSIONs: every session of a project (a path, `.` for the current folder's, or its "
        "folder name under ~/.claude/projects), as `retell list` finds them.",
    ),
]
SinceOpt = Annotated[
    str | None, typer.Option("--since", metavar="DATE", help="With --project: sessions active on or after DATE.")
]
UntilOpt = Annotated[
    str | None, typer.Option("--until", metavar="DATE", help="With --project: sessions started on or before DATE.")
]
BranchOpt = Annotated[
    str | None, typer.Option("--branch", metavar="NAME", help="With --project: sessions on git branch NAME.")
]
FewerOpt = Annotated[
    bool,
    typer.Option(
        "--force",
        help="Re-parse a work folder that tells more sessions than those named, with only these "
        "(its chapter ids change).",
    ),
]


def resolve_sessions(
    sessions: list[str] | None,
    project: str | None,
    since: str | None,
    until: str | None,
    branch: str | None,
) -> list[SessionRef]:
    """The sessions named on the command line, or those `--project` selects."""
    from retell.claude.locate import refuse_subagent, resolve_session
    from retell.cli.discover import parse_since

    if project is None:
        if since or until or branch:
            raise typer.BadParameter("--since, --until and --branch select sessions of a --project")
        if not sessions:
            raise typer.BadParameter("give a SESSION (or several), or --project PATH")
        refs = [resolve_session(session) for session in sessions]
        for ref in refs:
            refuse_subagent(ref.path)
        return refs
    if sessions:
        raise typer.BadParameter("give SESSIONs or --project, not both")
    from retell.discover.select import Selection, select_sessions

    return select_sessions(
        Selection(project, parse_since(since), parse_since(until, through_day=True), branch), Path.cwd()
    )


# -- parse ------------------------------------------------------------------------------------------


@app.command(rich_help_panel="The pipeline")
@handle_errors
def parse(
    sessions: Sessions = None,
    output: Annotated[
        Path | None,
        typer.Option("--output", "-o", help="Work folder to write (default: ./retell-<session id prefix>)."),
    ] = None,
    project: ProjectOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    branch: BranchOpt = None,
    include_subagents: Annotated[
        bool,
        typer.Option("--include-subagents/--no-subagents", help="Parse linked subagent transcripts too."),
    ] = True,
    strict: Annotated[bool, typer.Option("--strict", help="Fail on malformed lines instead of skipping them.")] = False,
    force: FewerOpt = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Extract the story from transcripts: events.json, manifest.json, assets/."""
    setup_logging(quiet, verbose)
    from retell.parse import ParseOptions, parse_to_workdir
    from retell.report import parse_summary

    refs = resolve_sessions(sessions, project, since, until, branch)
    with ParseProgress([ref.path for ref in refs], quiet) as on_progress:
        workdir, result = parse_to_workdir(
            refs,
            output,
            ParseOptions(include_subagents=include_subagents, strict=strict, on_progress=on_progress, force=force),
        )
    if not quiet:
        for message in result.warnings:
            warn(message)
    say(parse_summary(result.manifest, workdir), quiet)
