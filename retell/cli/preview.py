"""`retell preview`: the post as readers will see it, with what the checks found."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from retell.cli.app import Quiet, Verbose, Workdir, app, handle_errors, say, setup_logging
from retell.cli.publish import TargetOpt

if TYPE_CHECKING:
    from retell.findings import Finding


@app.command(rich_help_panel="The pipeline")
@handle_errors
def preview(
    workdir: Workdir,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="The HTML file (default: WORKDIR/preview/index.html).")
    ] = None,
    open_browser: Annotated[bool, typer.Option("--open", help="Open it in your browser.")] = False,
    serve: Annotated[
        bool, typer.Option("--serve", help="Serve it on 127.0.0.1 and reload when draft.md or triage.yaml changes.")
    ] = False,
    target: TargetOpt = "hugo",
    templates_dir: Annotated[Path | None, typer.Option("--templates-dir", help="Your own output templates.")] = None,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """See the post as readers will: one HTML page with its images, and what would stop `retell render`."""
    setup_logging(quiet, verbose)
    from retell.render.preview import PreviewOptions, run_preview

    options = PreviewOptions(output=output, target=target, templates_dir=templates_dir)
    if serve:
        from retell.render.preview.serve import serve_preview

        def ready(url: str) -> None:
            say(f"Serving the preview at {url} (reloads when draft.md or triage.yaml changes; Ctrl-C stops)")
            if open_browser:
                _open(url)

        serve_preview(workdir, options, ready=ready, report=lambda line: say(line, quiet))
        say("Stopped.", quiet)
        return
    result = run_preview(workdir, options)
    if result.written:
        say(f"Wrote {result.page} ({len(result.images)} image(s))", quiet)
    else:
        say(f"{result.page} is up to date (nothing changed)", quiet)
    for line in summary(result.findings):
        say(line, quiet)
    if open_browser:
        _open(result.page.resolve().as_uri())


def summary(findings: list[Finding]) -> list[str]:
    """What the panel shows, as lines for the terminal: each check that passed, then each finding."""
    from retell.render.preview import sources_of

    passed = [f"{source}: passed" for source in sources_of(findings) if not any(f.source == source for f in findings)]
    return passed + [f"{f.source}: {f.kind}: {f.located()}" for f in findings]


def _open(url: str) -> None:
    import webbrowser

    if not webbrowser.open(url):
        typer.echo(f"retell: warning: no browser could be opened; open {url} yourself", err=True)
