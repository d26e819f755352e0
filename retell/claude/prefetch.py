"""Reading a big transcript on two cores: a forked child goes through the lines ahead of the parser.

Most lines of a session are noise (progress, snapshots), counted from their bytes alone, and every byte is
hashed. For a big file a child process does that work, on the other core, with the reader's own code
(`TranscriptReader.lines_to_decode`): it sends, in file order, where each line to decode is and the links
of the records it skipped; the parser reads those lines back (`os.pread`, no copy through the pipe) and
decodes them. The same functions run in the same order as in one process, so the results are the same.
The reader's `ahead` work (the images of a line decoded, verified and written, say) is done by the child
too, and its result sent just before the line it came from, with the spans of the line the parser need not
read (a screenshot's base64 text, once the child has told what it is): the parser reads the rest of the line
around them, and a short stand-in in their place.

For files of PREFETCH_MIN bytes or more, where a fork is safe (retell/cores.py); elsewhere the reader reads
in this process.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import struct
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Protocol

import msgspec

from retell import cores
from retell.claude.readstats import AgentProgressLink, ReadStats
from retell.errors import InputError

if TYPE_CHECKING:
    from retell.claude.records import Record

PREFETCH_MIN = 32 << 20  # below this, starting a process costs about what it saves
_BATCH = 512  # items per message from the child (the first ones smaller: the parser starts sooner)
_FIRST_BATCH = 16
_PIPE_SIZE = 1 << 20
_READ_STEP = 1 << 20  # what the parser reads of the pipe at once
# (a line to decode: _RECORD, _USER_RECORD, or _CUT_USER_RECORD: a user record with spans not to read)
_RECORD, _LINK, _AHEAD, _USER_RECORD, _CUT_USER_RECORD = 0, 1, 2, 3, 4
_LENGTH = struct.Struct("<I")
_BOM = b"\xef\xbb\xbf"
_REPORT_EVERY = 4 << 20


class Reader(Protocol):
    """What reading on two cores asks of a transcript reader (reader.TranscriptReader, which imports this
    module: the reader chooses how its lines are read, this module does not know the reader)."""

    path: Path
    stats: ReadStats
    agent_progress: list[AgentProgressLink]
    on_progress: Callable[[int], None] | None
    on_link: Callable[[int, str, str | None], None] | None
    # (mark, work, take): work(line) -> (what to take, or None; the spans of the line the parser may read as
    # other bytes: (start, end, stand-in))
    ahead: tuple[bytes, Callable[[bytes], tuple[Any, list[tuple[int, int, bytes]]]], Callable[[Any], None]] | None
    meanwhile: Callable[[], None] | None
    when_read: Callable[[], None] | None
    while_waiting: Callable[[], bool] | None
    digest: bool
    hexdigest: str | None
    snapshot_line: int
    last_snapshot: bytes | None

    def lines_to_decode(self, fh: Iterable[bytes]) -> Iterator[tuple[int, bytes, bytes, bool]]: ...

    def decode(self, lineno: int, line: bytes, complete: bool, user: bool = False) -> Record | None: ...

    def note_snapshot(self, lineno: int, line: bytes) -> None: ...


def worthwhile(fh: BinaryIO) -> bool:
    """Whether to read this open transcript on two cores."""
    if not cores.can_fork():
        return False
    try:
        return os.fstat(fh.fileno()).st_size >= PREFETCH_MIN
    except (OSError, ValueError):
        return False


def records(reader: Reader, fh: BinaryIO) -> Iterator[tuple[int, Record]]:
    """What iterating `reader` yields, with the lines read, counted and hashed by a child process."""
    read_end, write_end = os.pipe()
    _widen(write_end)
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(reader, fh, write_end)
    os.close(write_end)
    child = _Child(pid)
    try:
        if reader.meanwhile is not None:
            reader.meanwhile()  # while the child gets ahead (the parser would wait for its first lines)
        pipe = _Pipe(read_end, reader.while_waiting)
        try:
            yield from _parse(reader, fh.fileno(), pipe, child)
        finally:
            os.close(read_end)
    finally:
        child.wait()  # (the pipe is closed: a child still writing stops at once)


class _Pipe:
    """The child's messages, read in 1 MB steps. When the next one is not there yet, `while_waiting` (work
    the parser would do later, in small steps: it returns whether there is more) runs instead of a wait."""

    def __init__(self, fd: int, while_waiting: Callable[[], bool] | None) -> None:
        self.fd, self.while_waiting = fd, while_waiting
        self.buffer = bytearray()
        self.at = 0
        self.poll: Any = None  # (select.poll: no limit on the descriptor's number, unlike select.select)
        if while_waiting is not None:
            import select  # (Linux: where a file is read on two cores at all)

            self.poll = select.poll()
            self.poll.register(fd, select.POLLIN)

    def ready(self) -> bool:
        """Whether reading the pipe would return at once."""
        return bool(self.poll.poll(0))

    def read(self, size: int) -> bytes:
        """`size` bytes, fewer only at the end of the pipe."""
        while len(self.buffer) - self.at < size:
            if self.while_waiting is not None and not self.ready() and self.while_waiting():
                continue  # (a step done: the child may have sent it meanwhile)
            chunk = os.read(self.fd, _READ_STEP)
            if not chunk:
                break
            del self.buffer[: self.at]
            self.at = 0
            self.buffer += chunk
        data = bytes(self.buffer[self.at : self.at + size])
        self.at += len(data)
        return data


class _Child:
    """The reading child's process, waited for once."""

    def __init__(self, pid: int) -> None:
        self.pid, self.ended = pid, False

    def done(self) -> bool:
        """Whether it has ended (it has sent all it found: the rest is in the pipe)."""
        if not self.ended:
            self.ended = os.waitpid(self.pid, os.WNOHANG)[0] == self.pid
        return self.ended

    def wait(self) -> None:
        if not self.ended:
            os.waitpid(self.pid, 0)
            self.ended = True


def _widen(pipe: int) -> None:
    """A 1 MB pipe instead of 64 KB: the child may run that much further ahead, so that a pause of its own
    (importing Pillow for the first image, a huge line) is not a pause of the parser's."""
    import fcntl  # (here: there is none on Windows, where this module is imported but never reads)

    with contextlib.suppress(OSError):  # (above the system's limit: the default size works, with less lead)
        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, _PIPE_SIZE)


def _parse(reader: Reader, fd: int, pipe: _Pipe, child: _Child) -> Iterator[tuple[int, Record]]:
    decoder = msgspec.msgpack.Decoder()
    next_report = _REPORT_EVERY
    when_read = reader.when_read
    while True:
        size = pipe.read(_LENGTH.size)
        if len(size) < _LENGTH.size:
            raise InputError(f"{reader.path}: reading stopped unexpectedly")
        message = decoder.decode(pipe.read(_LENGTH.unpack(size)[0]))
        if when_read is not None and child.done():  # (asked once a batch: a system call, not a wait)
            when_read()  # (and again after each batch from then on: the free core may take more)
        if isinstance(message, dict):  # the last message: what the child counted
            _finish(reader, message)
            return
        for item in message:
            if item[0] == _LINK:
                assert reader.on_link is not None
                reader.on_link(item[1], item[2], item[3])
                continue
            if item[0] == _AHEAD:
                assert reader.ahead is not None
                reader.ahead[2](item[1])
                continue
            kind, lineno, offset, length = item[:4]
            raw = (
                os.pread(fd, length, offset) if kind != _CUT_USER_RECORD else _read_around(fd, offset, length, item[4])
            )
            if reader.on_progress is not None and offset + length >= next_report:
                reader.on_progress(offset + length)
                next_report = offset + length + _REPORT_EVERY
            line = raw[len(_BOM) :] if lineno == 1 and raw.startswith(_BOM) else raw
            record = reader.decode(lineno, line, raw.endswith(b"\n"), kind != _RECORD)
            if record is not None:
                yield lineno, record


def _read_around(fd: int, offset: int, length: int, cuts: list[list[Any]]) -> bytes:
    """A line read without the spans the child cut from it, each read as its stand-in instead."""
    parts: list[bytes] = []
    at = 0
    for start, end, stand_in in cuts:
        parts.append(os.pread(fd, start - at, offset + at))
        parts.append(stand_in)
        at = end
    parts.append(os.pread(fd, length - at, offset + at))
    return b"".join(parts)


def _finish(reader: Reader, counted: dict[str, Any]) -> None:
    """Add what the child counted to the reader's own figures (the lines it decoded)."""
    if counted["error"]:
        raise InputError(f"{reader.path}: cannot read ({counted['error']})")
    stats = reader.stats
    stats.lines += counted["lines"]
    stats.bytes_read += counted["bytes_read"]
    stats.blank_lines += counted["blank_lines"]
    stats.skipped_unparsed += counted["skipped_unparsed"]
    stats.record_types.update(counted["record_types"])
    stats.attachment_types.update(counted["attachment_types"])
    stats.progress_types.update(counted["progress_types"])
    reader.agent_progress.extend(AgentProgressLink(t, a) for t, a in counted["agent_progress"])
    if counted["snapshot"] is not None:
        reader.note_snapshot(*counted["snapshot"])
    reader.hexdigest = counted["sha256"]


def _child(reader: Reader, fh: BinaryIO, write_end: int) -> None:
    """Go through the lines as reading in one process would, and tell the parent. Exits the process."""
    code = 0
    try:
        with os.fdopen(write_end, "wb", buffering=1 << 16) as out:
            encoder = msgspec.msgpack.Encoder()

            def send(message: Any) -> None:
                data = encoder.encode(message)
                out.write(_LENGTH.pack(len(data)))
                out.write(data)
                out.flush()  # at once: a batch left in the buffer is a parser waiting for it

            batch: list[tuple[Any, ...]] = []

            def link(lineno: int, uuid: str, parent: str | None) -> None:
                batch.append((_LINK, lineno, uuid, parent))  # in file order, between the lines to decode

            if reader.on_link is not None:
                reader.on_link = link
            reader.on_progress = None
            digest = hashlib.sha256() if reader.digest else None
            error: str | None = None
            ahead = reader.ahead
            size = _FIRST_BATCH
            try:
                for lineno, raw, line, user in reader.lines_to_decode(_hashing(fh, digest) if digest else fh):
                    cuts: list[tuple[int, int, bytes]] = []
                    if ahead is not None and ahead[0] in line:
                        if batch:  # the lines before first: the parser works on them meanwhile
                            send(batch)
                            batch = []
                        done, cuts = _ahead(ahead[1], line)
                        if done is not None:
                            batch.append((_AHEAD, done))  # before the line: the parser takes it first
                    offset = reader.stats.bytes_read - len(raw)
                    if cuts and user:  # (a user record's image blocks: where the parser reads a stand-in)
                        bom = len(raw) - len(line)
                        batch.append(
                            (_CUT_USER_RECORD, lineno, offset, len(raw), [(bom + a, bom + b, s) for a, b, s in cuts])
                        )
                    else:
                        batch.append((_USER_RECORD if user else _RECORD, lineno, offset, len(raw)))
                    if len(batch) >= size:
                        send(batch)
                        batch, size = [], min(2 * size, _BATCH)
            except OSError as exc:
                error = exc.strerror or str(exc)
            if batch:
                send(batch)
            stats = reader.stats
            snapshot = (reader.snapshot_line, reader.last_snapshot) if reader.last_snapshot is not None else None
            send(
                {
                    "error": error,
                    "lines": stats.lines,
                    "bytes_read": stats.bytes_read,
                    "blank_lines": stats.blank_lines,
                    "skipped_unparsed": stats.skipped_unparsed,
                    "record_types": dict(stats.record_types),
                    "attachment_types": dict(stats.attachment_types),
                    "progress_types": dict(stats.progress_types),
                    "agent_progress": [(link.tool_use_id, link.agent_id) for link in reader.agent_progress],
                    "snapshot": snapshot,
                    "sha256": digest.hexdigest() if digest is not None else None,
                }
            )
    except BaseException:  # the parent stopped listening (or anything else): the child just ends
        code = 1
    finally:
        os._exit(code)


def _ahead(
    work: Callable[[bytes], tuple[Any, list[tuple[int, int, bytes]]]], line: bytes
) -> tuple[Any, list[tuple[int, int, bytes]]]:
    """The reader's ahead work on a line; (None, no cuts: the parser does it) if it fails."""
    try:
        return work(line)
    except Exception:  # only a head start: what it would have found, the parser finds itself
        return None, []


def _hashing(fh: BinaryIO, digest: Any) -> Iterator[bytes]:
    """The lines of a file, hashed as they are read."""
    update = digest.update
    for raw in fh:
        update(raw)
        yield raw
