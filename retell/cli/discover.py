"""`retell list`, `retell stats`, `retell schema`: finding the session worth a post."""

from __future__ import annotations

import shutil
from datetime import datetime, time, timedelta, timezone
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from retell.cli.app import Quiet, Verbose, app, handle_errors, say, setup_logging, warn

JsonFlag = Annotated[bool, typer.Option("--json", help="Print JSON instead of text.")]


class SortKey(str, Enum):
    date = "date"
    score = "score"


def parse_since(value: str | None, *, through_day: bool = False) -> datetime | None:
    """`2026-10-01` (local midnight; with `through_day`, the midnight after it: the whole day is in) or an
    ISO datetime (local time unless it names an offset)."""
    if value is None:
        return None
    text = value.strip()
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise typer.BadParameter(f"{value!r} is not a date (use 2026-10-01 or 2026-10-01T14:30)") from None
    if len(text) == 10:  # a bare date: from its start (or up to its end)
        moment = datetime.combine(moment.date() + timedelta(days=1 if through_day else 0), time())
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the user's local time
    return moment.astimezone(timezone.utc)


# -- list -------------------------------------------------------------------------------------------


@app.command("list", rich_help_panel="Finding a session")
@handle_errors
def list_command(
    project: Annotated[
        str | None,
        typer.Argument(
            metavar="PROJECT",
            help="A project path or its folder name under ~/.claude/projects (default: the current folder's).",
            show_default=False,
        ),
    ] = None,
    all_projects: Annotated[bool, typer.Option("--all", "-a", help="List the sessions of every project.")] = False,
    limit: Annotated[int, typer.Option("--limit", "-n", min=0, help="Rows to show; 0 shows all.")] = 10,
    grep: Annotated[
        str | None,
        typer.Option(
            "--grep",
            "-g",
            metavar="TEXT",
            help="Only sessions where you wrote TEXT (any message), or whose title or project holds it.",
        ),
    ] = None,
    grep_claude: Annotated[bool, typer.Option("--grep-claude", help="--grep also searches what Claude said.")] = False,
    since: Annotated[
        str | None,
        typer.Option("--since", metavar="DATE", help="Only sessions active on or after DATE (2026-10-01)."),
    ] = None,
    sort: Annotated[SortKey, typer.Option("--sort", help="Newest first, or highest story score first.")] = (
        SortKey.date
    ),
    exact: Annotated[
        bool,
        typer.Option("--exact", help="Read the sessions shown in full for exact counts (slow once, then cached)."),
    ] = False,
    as_json: JsonFlag = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """List sessions, newest first, with a story score: how post-worthy each one looks."""
    setup_logging(quiet, verbose)
    if project is not None and all_projects:
        raise typer.BadParameter("give a PROJECT or --all, not both")
    if grep_claude and not grep:
        raise typer.BadParameter("--grep-claude searches with --grep TEXT; give one")
    since_utc = parse_since(since)
    from retell.discover.groups import describe, group_marks
    from retell.discover.listing import ARCHIVE_ONLY, ListQuery, list_sessions
    from retell.discover.table import render_table
    from retell.report import plural

    query = ListQuery(project, all_projects, limit, grep, since_utc, sort.value, exact, grep_claude)
    listing = list_sessions(query)
    if not quiet:
        from retell.discover.retention import cleanup_warning

        for message in listing.warnings:
            warn(message)
        cleanup = cleanup_warning(listing.unkept_mtimes_ns)
        if cleanup:
            warn(cleanup)
    if as_json:
        from retell import jsonio

        typer.echo(jsonio.dumps([row.to_dict() for row in listing.rows]).decode("utf-8"), nl=False)
        return
    if not listing.rows:
        where = "" if all_projects else f" in {listing.folders[0]}"
        say("No sessions" + (" match" if grep or since else "") + where, quiet)
        return
    marks, groups = group_marks(listing.rows)
    kept_column = listing.archive is not None
    typer.echo(render_table(listing.rows, shutil.get_terminal_size((120, 24)).columns, marks, kept=kept_column))
    if groups:
        typer.echo("\nSessions that belong together (G); each group parses into one story:")
        for letter, group in groups:
            typer.echo(f"  {letter:<2} {describe(group)}")
            typer.echo(f"     {group.command()}")
    notes = []
    if listing.matched > len(listing.rows):
        notes.append(f"{len(listing.rows)} of {listing.matched} shown (--limit 0 shows all)")
    if any(row.archived == ARCHIVE_ONLY for row in listing.rows):
        notes.append(f"KEPT only: Claude Code has deleted it; listed from retell's archive ({listing.archive})")
    if listing.empty_files:
        notes.append(f"{plural(listing.empty_files, 'empty session')} skipped")
    if any(not row.peek.exact and row.peek.human_turns is not None for row in listing.rows):
        notes.append("N+: counted in the head and tail of a big file (--exact, or `retell stats`, for all)")
    if notes and not quiet:
        typer.echo("; ".join(notes), err=True)


# -- stats ------------------------------------------------------------------------------------------


@app.command(rich_help_panel="Finding a session")
@handle_errors
def stats(
    session: Annotated[
        str,
        typer.Argument(help="A session's .jsonl file, or the start of its session id.", show_default=False),
    ],
    prices: Annotated[
        Path | None,
        typer.Option("--prices", help="A price table (YAML, like retell/data/models.yaml) to use instead."),
    ] = None,
    as_json: JsonFlag = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """One pass over a session: time, turns, tools, files, subagents, tokens and an estimated cost."""
    setup_logging(quiet, verbose)
    from retell import jsonio
    from retell.claude.locate import resolve_session
    from retell.cli.app import ParseProgress
    from retell.discover.cache import ListCache, default_cache_path
    from retell.discover.listing import in_a_project_folder, listed_title, remember_full_parse
    from retell.discover.stats import session_stats
    from retell.discover.stats_text import render_stats
    from retell.llm.pricing import load_prices

    if prices is not None and not prices.is_file():
        raise typer.BadParameter(f"{prices}: no such file", param_hint="--prices")
    ref = resolve_session(session)
    table = load_prices(prices)
    with ParseProgress(ref.path, quiet or as_json) as on_progress:
        result = session_stats(ref, table, on_progress=on_progress)
    if in_a_project_folder(ref.path):  # remember the exact counts for `retell list`, and show its title
        cache = ListCache.load(default_cache_path())
        remember_full_parse(ref.path, result.size, result.mtime_ns, result.manifest, cache)
        listed = listed_title(ref.path, cache)  # a summary in another file may name this session
        cache.save()
        if listed is not None:
            result.stats["session"]["title"], result.stats["session"]["title_source"] = listed
    if not quiet:
        for message in result.stats["warnings"]:
            warn(message)
    if as_json:
        typer.echo(jsonio.dumps(result.stats).decode("utf-8"), nl=False)
    else:
        say(render_stats(result.stats), quiet)


# -- schema -----------------------------------------------------------------------------------------


@app.command(rich_help_panel="Finding a session")
@handle_errors
def schema(
    paths: Annotated[
        list[Path],
        typer.Argument(
            help="Transcripts, or folders to search for them (e.g. ~/.claude/projects).", show_default=False
        ),
    ],
    as_json: JsonFlag = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """What transcripts hold — record types, subtypes, blocks, keys — and what retell does not know."""
    setup_logging(quiet, verbose)
    from retell import jsonio
    from retell.discover.schema_report import render_survey, survey
    from retell.errors import InputError

    result = survey(paths)
    for problem in result.unreadable:
        warn(f"{problem}; skipped")
    if result.files == 0:
        raise InputError("no transcript could be read" if result.unreadable else "no .jsonl files found")
    if as_json:
        typer.echo(jsonio.dumps(result.to_dict()).decode("utf-8"), nl=False)
    else:
        say(render_survey(result), quiet)
