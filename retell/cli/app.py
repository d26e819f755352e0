"""The typer app and what every command shares: error mapping, logging, output helpers."""

from __future__ import annotations

import contextlib
import functools
import logging
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer

from retell import __version__
from retell.errors import RetellError

app = typer.Typer(
    name="retell",
    help="Turn a Claude Code session into a blog post, with you in control of what is told.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

F = TypeVar("F", bound=Callable[..., Any])

Quiet = Annotated[bool, typer.Option("--quiet", "-q", help="Print only errors.")]
Verbose = Annotated[bool, typer.Option("--verbose", "-v", help="Print debug details.")]
Workdir = Annotated[Path, typer.Argument(help="The work folder `retell parse` wrote.", show_default=False)]

PROGRESS_MIN_BYTES = 8 << 20  # smaller files parse faster than a bar can draw


def _version(value: bool) -> None:
    if value:
        typer.echo(f"retell {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version and exit.")
    ] = False,
) -> None:
    """retell: parse → triage → outline → draft → render."""


def handle_errors(func: F) -> F:
    """Expected failures become one line on stderr and exit 1; real bugs keep their traceback."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except RetellError as exc:
            typer.echo(exc.report(), err=True)
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            raise  # the reader went away (`retell list | head`): main() exits quietly
        except KeyboardInterrupt:
            typer.echo("retell: interrupted", err=True)
            raise typer.Exit(130) from None
        except OSError as exc:  # disk full, permission denied on the output: the environment, not a bug
            where = f"{exc.filename}: " if exc.filename else ""
            typer.echo(f"retell: error: {where}{exc.strerror or exc}", err=True)
            raise typer.Exit(1) from None

    return wrapper  # type: ignore[return-value]


def setup_logging(quiet: bool, verbose: bool) -> None:
    level = logging.ERROR if quiet else logging.DEBUG if verbose else logging.WARNING
    logging.basicConfig(level=level, format="retell: %(levelname)s: %(message)s", stream=sys.stderr, force=True)


def say(message: str, quiet: bool = False) -> None:
    if not quiet:
        typer.echo(message)


def warn(message: str) -> None:
    typer.echo(f"retell: warning: {message}", err=True)


def on_a_terminal() -> bool:
    """Whether stderr is a terminal: progress is drawn there only, never into a pipe or a log file."""
    return sys.stderr.isatty()


@contextlib.contextmanager
def working(message: str, quiet: bool = False) -> Iterator[None]:
    """A spinner saying what retell is doing while a step runs, on stderr when it is a terminal (nothing when
    piped or with -q). It clears itself: what the step prints when it ends is all that stays on screen."""
    if quiet or not on_a_terminal():
        yield
        return
    from rich.console import Console  # rich comes with typer; imported only when a terminal will show it

    with Console(stderr=True).status(message):
        yield


class ParseProgress:
    """A progress bar on stderr for big files, only when stderr is a terminal and not --quiet. Several
    files (one story of several sessions) fill one bar, one after the other. Once every byte is read, the bar
    says what comes next (the story is put together and written), rather than sitting at 100 %."""

    READING = "Reading the transcript"
    BUILDING = "Putting the story together and writing it"

    def __init__(self, paths: Path | list[Path], quiet: bool) -> None:
        self.size = 0
        for path in [paths] if isinstance(paths, Path) else paths:
            with contextlib.suppress(OSError):
                self.size += path.stat().st_size
        self.enabled = not quiet and self.size >= PROGRESS_MIN_BYTES and on_a_terminal()
        self.progress: Any = None
        self.task: Any = None
        self.done = 0
        self.base = 0  # bytes of the files read before this one
        self.in_file = 0

    def __enter__(self) -> Callable[[int], None] | None:
        if not self.enabled:
            return None
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self.progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            DownloadColumn(),
            TimeElapsedColumn(),
            console=Console(stderr=True),
            transient=True,
        )
        self.progress.start()
        self.task = self.progress.add_task(self.READING, total=self.size)
        return self.update

    def update(self, bytes_read: int) -> None:
        if bytes_read < self.in_file:  # the next file began
            self.base += self.in_file
        self.in_file = bytes_read
        self.done = self.base + bytes_read
        if self.done >= self.size:  # every byte read: the rest of the work has no byte count, so no bar
            self.progress.update(self.task, description=self.BUILDING, total=None, completed=self.size)
        else:
            self.progress.update(self.task, completed=self.done)

    def __exit__(self, *exc: object) -> None:
        if self.progress is not None:
            self.progress.stop()


def main() -> None:
    import retell.cli  # noqa: F401  (registers the commands)

    try:
        app()
    except BrokenPipeError:  # `retell list | head`
        sys.stderr.close()
        sys.exit(1)
