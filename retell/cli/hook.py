"""`retell hook …`: keep every finished session in retell's archive, through Claude Code's SessionEnd hook."""

from __future__ import annotations

import shlex
import shutil
import sys
from pathlib import Path
from typing import Annotated

import typer

from retell.cli.app import Quiet, Verbose, app, handle_errors, say, setup_logging

hook_app = typer.Typer(
    help="Keep each finished session in retell's archive (Claude Code deletes old transcripts).",
    no_args_is_help=True,
)
app.add_typer(hook_app, name="hook", rich_help_panel="Finding a session")

ArchiveOption = Annotated[
    Path | None,
    typer.Option(
        "--archive",
        metavar="DIR",
        help="The archive folder (default: $RETELL_ARCHIVE_DIR, else ~/.local/share/retell/sessions).",
        show_default=False,
    ),
]


def _archive(given: Path | None) -> Path:
    from retell.archive.paths import archive_dir

    return given.expanduser().absolute() if given is not None else archive_dir()


def _retell_command() -> str:
    """This retell, by an absolute path: the hook runs from Claude Code, whose PATH may not hold a venv's."""
    script = Path(sys.argv[0])
    if script.name == "retell" and script.is_file():
        return shlex.quote(str(script.absolute()))
    found = shutil.which("retell")
    if found:
        return shlex.quote(str(Path(found).absolute()))
    return f"{shlex.quote(sys.executable)} -m retell"


@hook_app.command("install")
@handle_errors
def install(
    archive: ArchiveOption = None,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Show what would be added; change nothing.")] = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Add retell's SessionEnd hook to your Claude Code user settings (shown first; nothing else changes)."""
    setup_logging(quiet, verbose)
    import orjson

    from retell.archive.settings import hook_entry, read_settings, settings_path, with_hook, write_settings

    command = f"{_retell_command()} hook session-end"
    if archive is not None:
        command += f" --archive {shlex.quote(str(_archive(archive)))}"
    path = settings_path()
    settings = read_settings(path)
    new, changed = with_hook(settings, command)
    if not changed:
        say(f"retell's SessionEnd hook is already in {path}; nothing to do", quiet)
        return
    entry = orjson.dumps({"hooks": {"SessionEnd": [hook_entry(command)]}}, option=orjson.OPT_INDENT_2).decode()
    say(f"{'Would add' if dry_run else 'Adding'} to {path}:\n{entry}", quiet)
    if dry_run:
        return
    write_settings(path, new)
    say(
        f"Done: each session that ends from now on is kept in {_archive(archive)} "
        "(`retell hook keep` keeps the ones you have now; `retell hook uninstall` removes the hook)",
        quiet,
    )


@hook_app.command("uninstall")
@handle_errors
def uninstall(quiet: Quiet = False, verbose: Verbose = False) -> None:
    """Remove retell's SessionEnd hook from your Claude Code user settings (the archive stays)."""
    setup_logging(quiet, verbose)
    from retell.archive.settings import read_settings, settings_path, without_hook, write_settings

    path = settings_path()
    new, removed = without_hook(read_settings(path))
    if not removed:
        say(f"retell's SessionEnd hook is not in {path}; nothing to do", quiet)
        return
    write_settings(path, new)
    say(f"Removed retell's SessionEnd hook from {path}; the sessions already kept stay where they are", quiet)


@hook_app.command("session-end")
def session_end(archive: ArchiveOption = None) -> None:
    """What the hook runs: read Claude Code's SessionEnd JSON on stdin, keep that session. Always exits 0."""
    from retell.archive.hook import run

    raise typer.Exit(run(_archive(archive)))


@hook_app.command("keep")
@handle_errors
def keep(archive: ArchiveOption = None, quiet: Quiet = False, verbose: Verbose = False) -> None:
    """Keep every session Claude Code has now (copies only what changed since the last time)."""
    setup_logging(quiet, verbose)
    from retell.archive.store import ArchiveError, keep_session
    from retell.claude.locate import session_files
    from retell.discover.projects import all_project_folders, require_projects_dir
    from retell.report import plural

    target = _archive(archive)
    copied = kept = 0
    for folder in all_project_folders(require_projects_dir()):
        for path in session_files(folder):
            try:
                result = keep_session(path, target, reason="retell hook keep")
            except ArchiveError as exc:
                typer.echo(f"retell: warning: {exc}; skipped", err=True)
                continue
            kept += 1
            copied += result.copied
    say(f"Kept {plural(kept, 'session')} in {target} ({plural(copied, 'file')} copied, the rest unchanged)", quiet)
