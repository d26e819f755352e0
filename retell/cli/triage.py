"""`retell triage`."""

from __future__ import annotations

from typing import Annotated

import typer

from retell.cli.app import Quiet, Verbose, Workdir, app, handle_errors, say, setup_logging, warn, working

# -- triage -----------------------------------------------------------------------------------------


@app.command(rich_help_panel="The pipeline")
@handle_errors
def triage(
    workdir: Workdir,
    check: Annotated[bool, typer.Option("--check", help="Only validate triage.yaml; list every problem.")] = False,
    approve: Annotated[
        bool, typer.Option("--approve", help="Show what will be told and sent, then set approved: true.")
    ] = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Write or update triage.yaml, the gate you edit: chapters, secrets, images, the post's settings."""
    setup_logging(quiet, verbose)
    from retell.errors import ValidationError
    from retell.triage.stage import run_triage

    with working(f"Triage: {'checking' if check else 'writing'} triage.yaml", quiet):
        outcome = run_triage(workdir, check=check, approve=approve)
    for message in outcome.problems.warnings:
        warn(message)
    if outcome.merge is not None and not outcome.problems.errors:  # a failed run wrote nothing: no merge to report
        for step in outcome.merge.upgraded:
            say(f"Upgraded {outcome.path.name}: {step}", quiet)
        for section, ids in outcome.merge.gone.items():
            if ids:
                warn(f"{section} no longer in the session (kept in triage.yaml, ignored): {', '.join(ids)}")
        added = {k: v for k, v in outcome.merge.added.items() if v}
        if added:
            say("Added: " + "; ".join(f"{len(v)} {k} ({', '.join(v)})" for k, v in added.items()), quiet)
        if outcome.merge.approval_reset:
            say("approved was reset to false: review the new entries, then approve again", quiet)
    if outcome.problems.errors:
        raise ValidationError(str(outcome.path), outcome.problems.errors)
    if outcome.created:
        say(f"Wrote {outcome.path}: review it, then run `retell triage {workdir} --approve`", quiet)
    elif outcome.approved_now:
        say(f"Approved {outcome.path}", quiet)
    elif outcome.changed:
        say(f"Updated {outcome.path} (your edits kept; the previous version is in triage.yaml.bak)", quiet)
    elif not check:
        say(f"{outcome.path} is up to date", quiet)
    if outcome.contact_sheet is not None:
        say(f"Contact sheet: {outcome.contact_sheet}", quiet)
    say(outcome.summary, quiet)
    if check:
        say(f"{outcome.path} is valid", quiet)
