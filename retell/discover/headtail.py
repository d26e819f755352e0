"""Bounded reads: the complete lines in the first and last bytes of a transcript, never the middle.

A listing needs a session's start (its head) and its end (its tail), not the gigabytes between. A line longer
than the window is skipped, never read in full: its bytes simply do not fit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

WINDOW = 64 * 1024  # bytes read at each end of a big file
WHOLE_FILE_LIMIT = 256 * 1024  # files up to this size are read whole: exact counts for small sessions
LONG_HEAD = 2 * 1024 * 1024  # read when the head window holds no message of the author (a pasted screenshot)


@dataclass
class ReadMeter:
    """Bytes read per file, so a benchmark (or a test) can check the reads stay bounded."""

    per_file: dict[str, int] = field(default_factory=dict)

    def add(self, path: Path, n: int) -> None:
        key = str(path)
        self.per_file[key] = self.per_file.get(key, 0) + n

    @property
    def bytes(self) -> int:
        return sum(self.per_file.values())

    @property
    def max_file_bytes(self) -> int:
        return max(self.per_file.values(), default=0)


@dataclass(frozen=True)
class Windows:
    head: list[bytes]  # complete lines from the start of the file, in order
    tail: list[bytes]  # lines at the end of the file, in order (empty when `whole`)
    whole: bool  # `head` holds every line of the file
    bytes_read: int


def read_windows(
    path: Path,
    size: int,
    *,
    window: int = WINDOW,
    whole_limit: int = WHOLE_FILE_LIMIT,
    meter: ReadMeter | None = None,
) -> Windows:
    """Read at most `max(whole_limit, 2 * window)` bytes of `path` (whose size was `size` when listed).

    The file may be growing: only `size` bytes are considered, and a last line without its newline is kept
    as a candidate the caller may fail to decode (a half-written record), never an error.
    Raises OSError when the file cannot be opened or read.
    """
    whole_limit = max(whole_limit, 2 * window)
    with path.open("rb") as fh:
        if size <= whole_limit:
            data = fh.read(size)
            lines = _split(data, drop_first=False)
            windows = Windows(lines, [], True, len(data))
        else:
            head = fh.read(window)
            fh.seek(size - window)
            tail = fh.read(window)
            # The head's last piece is cut by the window (or is a line longer than it): drop it.
            head_lines = head.split(b"\n")[:-1]
            windows = Windows(head_lines, _split(tail, drop_first=True), False, len(head) + len(tail))
    if meter is not None:
        meter.add(path, windows.bytes_read)
    return windows


def read_head(path: Path, size: int, limit: int, meter: ReadMeter | None = None) -> list[bytes]:
    """The complete lines in the first `limit` bytes of `path` (of its first `size`)."""
    with path.open("rb") as fh:
        data = fh.read(min(size, limit))
    if meter is not None:
        meter.add(path, len(data))
    return data.split(b"\n")[:-1] if len(data) < size else _split(data, drop_first=False)


def _split(data: bytes, *, drop_first: bool) -> list[bytes]:
    pieces = data.split(b"\n")
    if drop_first:
        pieces = pieces[1:]  # starts mid-line
    if pieces and not pieces[-1]:
        pieces.pop()  # the file ended with a newline
    return pieces
