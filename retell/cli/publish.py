"""`retell render` and `retell run`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from retell.cli.app import Quiet, Verbose, Workdir, app, handle_errors, say, setup_logging, working
from retell.cli.parse import BranchOpt, FewerOpt, ProjectOpt, Sessions, SinceOpt, UntilOpt, resolve_sessions
from retell.cli.writing import KeepRuleFindingsOpt, known_engine, model_clears
from retell.errors import RetellError

TargetOpt = Annotated[str, typer.Option("--target", "-t", help="hugo | jekyll | astro | plain")]


@app.command(rich_help_panel="The pipeline")
@handle_errors
def render(
    workdir: Workdir,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Site folder (default: WORKDIR/post).")] = None,
    target: TargetOpt = "hugo",
    max_width: Annotated[int, typer.Option("--max-width", min=200, help="Widest image, in pixels.")] = 1600,
    image_format: Annotated[str, typer.Option("--image-format", help="auto | png | webp | keep")] = "auto",
    stats: Annotated[bool, typer.Option("--stats/--no-stats", help="Add a 'By the numbers' box.")] = True,
    force: Annotated[bool, typer.Option("--force", help="Replace what retell wrote there before.")] = False,
    check: Annotated[bool, typer.Option("--check", help="Run only the publish gate; write nothing.")] = False,
    templates_dir: Annotated[Path | None, typer.Option("--templates-dir", help="Your own output templates.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse untraced author quotes and numbers.")] = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """Publish the draft: Markdown with front matter for your site, images beside it, behind the gate."""
    setup_logging(quiet, verbose)
    from retell.render import RenderOptions, guessed_title_note, run_render

    options = RenderOptions(
        output=output,
        target=target,
        max_width=max_width,
        image_format=image_format,
        stats=stats,
        force=force,
        check=check,
        templates_dir=templates_dir,
        strict=strict,
    )
    with working("Render: checking the draft, converting the images, writing the post", quiet):
        result = run_render(workdir, options)
    if result.claims is not None:
        say(result.claims.summary() + ("" if result.claims.ok else f" (details: retell check {workdir})"), quiet)
    if result.cleaned_quotes:
        say(f"Note: {result.cleaned_quotes} quote(s) were cleaned by the model; check them in draft.md", quiet)
    if result.guessed_title:
        say(f"Note: {guessed_title_note(result.guessed_title, workdir)}", quiet)
    if check:
        say(f"Publish gate passed: {result.post} would be written with {len(result.images)} image(s)", quiet)
        if result.needs_force:
            say(f"Note: {result.needs_force}", quiet)
        return
    if not result.written:
        say(f"{result.post} is up to date (nothing changed)", quiet)
        return
    say(f"Wrote {result.post} ({len(result.images)} image(s))", quiet)


@app.command(rich_help_panel="The pipeline")
@handle_errors
def run(
    sessions: Sessions = None,
    output: Annotated[Path | None, typer.Option("--output", "-o", help="Work folder (default: ./retell-<id>).")] = None,
    project: ProjectOpt = None,
    since: SinceOpt = None,
    until: UntilOpt = None,
    branch: BranchOpt = None,
    yes: Annotated[
        bool,
        typer.Option(
            "--yes",
            "-y",
            help="Approve triage.yaml as it stands: the defaults on a first run (every secret redacted), "
            "else your edits.",
        ),
    ] = False,
    engine: Annotated[
        str | None,
        typer.Option("--engine", help="anthropic | claude-cli | handoff | offline", callback=known_engine),
    ] = None,
    model: Annotated[str | None, typer.Option("--model", help="Model id for outline, draft and --verify.")] = None,
    target: TargetOpt = "hugo",
    post_dir: Annotated[
        Path | None, typer.Option("--post-dir", help="Where render writes (default: WORKDIR/post).")
    ] = None,
    max_cost: Annotated[float | None, typer.Option("--max-cost", help="Refuse model runs estimated above USD.")] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse untraced author quotes and numbers.")] = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="After the draft, a model reads it beside the session (retell check --verify); advice only.",
        ),
    ] = False,
    keep_rule_findings: KeepRuleFindingsOpt = None,
    dry_run: Annotated[
        bool,
        typer.Option("--dry-run", help="Parse, triage, then say what outline and draft would cost; send nothing."),
    ] = False,
    force: FewerOpt = False,
    quiet: Quiet = False,
    verbose: Verbose = False,
) -> None:
    """The whole pipeline: parse, triage, (your review), outline, draft, render. Re-run to continue."""
    setup_logging(quiet, verbose)
    from retell.pipeline import RunOptions, run_pipeline

    if keep_rule_findings is not None and not verify:
        raise RetellError("--keep-rule-findings and --model-clears go with --verify")
    refs = resolve_sessions(sessions, project, since, until, branch)
    again = list(sessions or ()) or [f"--project={project}"] + [
        f"--{name}={value}" for name, value in (("since", since), ("until", until), ("branch", branch)) if value
    ]
    # the choices that shape the stages after the gate: the "continue" command repeats them, or a run begun with
    # `--engine handoff` would go on with the default engine
    again += [
        f"--{name}={value}"
        for name, value in (("engine", engine), ("model", model), ("post-dir", post_dir), ("max-cost", max_cost))
        if value is not None
    ]
    again += [f"--target={target}"] if target != "hugo" else []
    again += [flag for flag, on in (("--strict", strict), ("--verify", verify)) if on]
    if keep_rule_findings is not None:
        again.append("--keep-rule-findings" if keep_rule_findings else "--model-clears")
    outcome = run_pipeline(
        refs,
        RunOptions(
            workdir=output,
            yes=yes,
            engine=engine,
            model=model,
            target=target,
            post_dir=post_dir,
            max_cost=max_cost,
            strict=strict,
            dry_run=dry_run,
            force=force,
            verify=verify,
            model_clears=model_clears(keep_rule_findings),
        ),
        progress=lambda line: typer.echo(line, err=True) if not quiet else None,
        again=again,
        working=lambda doing: working(doing, quiet),
    )
    for line in outcome.messages:
        say(line, quiet)
