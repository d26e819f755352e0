"""Work on the second core: a forked child process takes part of a big job.

Python runs one thread of Python at a time, so retell uses a second core through `os.fork()`: the child
inherits everything already computed (nothing to send it) and sends back only its results. A fork without
exec is safe only where it copies a process whose other threads hold nothing: on Linux, when this process
runs no other thread (retell's hashing thread ends when idle). Elsewhere the work stays in this process.
"""

from __future__ import annotations

import contextlib
import marshal
import os
import signal
import struct
import sys
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")
_LENGTH = struct.Struct("<I")  # before each result a stealing child sends


def can_fork() -> bool:
    """Whether a forked child can take work now: Linux, two cores or more, no other thread running."""
    return (
        sys.platform.startswith("linux")
        and hasattr(os, "fork")
        and (os.cpu_count() or 1) >= 2
        and threading.active_count() == 1
    )


def _same(value: Any) -> Any:
    return value


def _nothing() -> None:
    return None


class Shared(Generic[T, R]):
    """`[func(item) for item in items]` split with a forked child started now: the child takes `child_share`
    of the work (by `weight`) at once; this process does the rest when `results()` is called, so it may do
    other work in between. Results go through `marshal` (`to_wire` makes one of plain data, `from_wire` turns
    it back); if the child fails, this process does its share too. Without a fork, all is done here.

    With `steal` (for pure work: an item may be done by both), the child sends each result as it has it, and
    `results()`, its own share done, takes the child's items from the last one back while the child goes on
    from the first, until they meet: neither waits for the other, however the shares were guessed (a child
    started half way through a parse may be handed most of the work, and finish last).

    With `feed` too, the child waits for more once its share is done: `extend(items)` hands it more (sent
    through a pipe with `marshal`, asked once it is `finished()`), so the work it has made ready (regexes
    compiled, caches filled) serves them too, where a new child would make it again."""

    def __init__(
        self,
        func: Callable[[T], R],
        items: Sequence[T],
        *,
        weight: Callable[[T], int],
        child_share: float = 0.5,
        to_wire: Callable[[R], Any] = _same,
        from_wire: Callable[[Any], R] = _same,
        steal: bool = False,
        feed: bool = False,
    ) -> None:
        items = list(items)  # (extend() adds to it)
        self.func, self.items, self.from_wire, self.steal = func, items, from_wire, steal
        self.pid: int | None = None
        self.mine: list[int] = list(range(len(items)))
        self.theirs: list[int] = []
        self._feed: int | None = None  # where extend() writes (feed)
        self._close_feed: Callable[[], Any] = _nothing
        self._received = bytearray()  # what the stealing child has sent, read ahead by finished() (feed)
        self._counted = (0, 0)  # (results whole in _received, where the next begins)
        if len(items) < 2 or not can_fork():
            return
        if child_share >= 1:  # all of it: this process is busy meanwhile
            self.mine, self.theirs = [], self.mine
        else:
            self.mine, self.theirs = _split(items, weight, child_share)
        read_end, write_end = os.pipe()
        if steal:
            _widen(write_end)
        more = os.pipe() if steal and feed else None
        pid = os.fork()
        if pid == 0:  # the child: never returns
            os.close(read_end)
            theirs = self.theirs
            if steal:
                fed = None
                if more is not None:
                    os.close(more[1])
                    fed = (more[0], items)
                _streaming_child(lambda i: marshal.dumps(to_wire(func(items[i]))), theirs, write_end, fed)
            _child(lambda: marshal.dumps([to_wire(func(items[i])) for i in theirs]), write_end)
        os.close(write_end)
        if more is not None:
            os.close(more[0])
            self._feed = more[1]
            # (closed when collected, or when this object goes unused, say after an error: the child then ends)
            self._close_feed = weakref.finalize(self, os.close, more[1])
        self.pid, self._read_end = pid, read_end

    def fed(self) -> bool:
        """Whether `extend` can hand the child more (it was started with `feed` and is still listening)."""
        return self._feed is not None

    def extend(self, more: Sequence[T]) -> None:
        """More items: to the child when it is fed and done with what it had (else this process does them)."""
        start = len(self.items)
        self.items.extend(more)
        added = list(range(start, len(self.items)))
        if self._feed is None or not self.finished():
            self.mine.extend(added)
            return
        try:
            data = marshal.dumps(list(more))
            _write_all(self._feed, _LENGTH.pack(len(data)) + data)
        except (OSError, ValueError):  # (the child has ended, or an item marshal cannot send: done here)
            self.mine.extend(added)
            return
        self.theirs.extend(added)

    def finished(self) -> bool:
        """Whether the child has ended (all its share sent, or failed): its results wait in the pipe. It is not
        reaped here (`results()` does). True when there is no child."""
        if self.pid is None:
            return True
        if self.steal and self._feed is not None:  # (a fed child never ends: done when all its results are here)
            return self._read_ahead() >= len(self.theirs)
        try:  # (WNOWAIT: asked, not reaped; Linux, where a child is forked at all)
            return os.waitid(os.P_PID, self.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
        except ChildProcessError:
            return True

    def results(self) -> list[R]:
        results: list[Any] = [None] * len(self.items)
        if self.pid is None:
            return [self.func(item) for item in self.items]
        if self.steal:
            return self._results_meeting(results)
        try:
            for i in self.mine:
                results[i] = self.func(self.items[i])
            with os.fdopen(self._read_end, "rb") as pipe:
                data = pipe.read()
        finally:
            _, status = os.waitpid(self.pid, 0)
        if status == 0:
            for i, value in zip(self.theirs, marshal.loads(data), strict=True):
                results[i] = self.from_wire(value)
        else:
            for i in self.theirs:
                results[i] = self.func(self.items[i])
        return results

    def _read_ahead(self) -> int:
        """How many of the child's results have come whole (read into _received without waiting)."""
        os.set_blocking(self._read_end, False)
        while True:
            try:
                chunk = os.read(self._read_end, 1 << 20)
            except BlockingIOError:
                break
            if not chunk:
                break
            self._received += chunk
        count, at = self._counted
        while len(self._received) - at >= _LENGTH.size:
            size = _LENGTH.unpack_from(self._received, at)[0]
            if len(self._received) - at - _LENGTH.size < size:
                break
            count, at = count + 1, at + _LENGTH.size + size
        self._counted = (count, at)
        return count

    def _results_meeting(self, results: list[Any]) -> list[R]:
        """This process's share, then the child's from the last item back until it meets the child's own
        progress (its results read as they come, never waited for)."""
        assert self.pid is not None
        if self._feed is not None:
            self._close_feed()  # (a fed child ends once it has done what it was given)
            self._feed = None
        for i in self.mine:
            results[i] = self.func(self.items[i])
        theirs, got, end = self.theirs, 0, len(self.theirs)
        received, self._received = self._received, bytearray()
        os.set_blocking(self._read_end, False)
        open_pipe = True
        try:
            while got < end:
                while open_pipe:  # what the child has sent so far
                    try:
                        chunk = os.read(self._read_end, 1 << 20)
                    except BlockingIOError:
                        break
                    if not chunk:
                        open_pipe = False  # (it ended: done, or failed; what it sent whole still counts)
                    received += chunk
                at = 0
                while got < end and len(received) - at >= _LENGTH.size:
                    size = _LENGTH.unpack_from(received, at)[0]
                    if len(received) - at - _LENGTH.size < size:
                        break
                    start = at + _LENGTH.size
                    results[theirs[got]] = self.from_wire(marshal.loads(received[start : start + size]))
                    got, at = got + 1, start + size
                del received[:at]
                if got < end:
                    end -= 1
                    results[theirs[end]] = self.func(self.items[theirs[end]])
        finally:
            os.close(self._read_end)
            if got < len(theirs):  # (met half way: the child's last item is this process's already)
                os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        return results


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _widen(pipe: int) -> None:
    """A 1 MB pipe: a stealing child's results wait there while this process is busy elsewhere, instead of
    the child waiting for room (a 100 MB session's scan sends ~80 KB)."""
    import fcntl  # (Linux: where a fork is used at all)

    with contextlib.suppress(OSError):  # (above the system's limit: the default size works, with less lead)
        fcntl.fcntl(pipe, fcntl.F_SETPIPE_SZ, 1 << 20)


def _split(items: Sequence[T], weight: Callable[[T], int], child_share: float) -> tuple[list[int], list[int]]:
    """The indexes of `items` for this process and for the child, in proportion to their shares."""
    total = sum(weight(item) for item in items) or 1
    load = [0.0, 0.0]
    shares = (1 - child_share, child_share)
    sides: list[list[int]] = [[], []]
    for i in sorted(range(len(items)), key=lambda i: weight(items[i]), reverse=True):
        side = 0 if load[0] / shares[0] <= load[1] / shares[1] else 1  # each side's load, for its share
        sides[side].append(i)
        load[side] += weight(items[i]) / total
    return sides[0], sides[1]


def map_on_two_cores(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    weight: Callable[[T], int],
    to_wire: Callable[[R], Any] = _same,
    from_wire: Callable[[Any], R] = _same,
    steal: bool = False,
) -> list[R]:
    """`[func(item) for item in items]`, about half of the work (by `weight`) done by a forked child when a
    fork is possible (see Shared)."""
    return Shared(func, items, weight=weight, to_wire=to_wire, from_wire=from_wire, steal=steal).results()


def _child(work: Callable[[], bytes], write_end: int) -> None:
    code = 0
    try:
        data = work()
        with os.fdopen(write_end, "wb") as out:
            out.write(data)
    except BaseException:  # anything at all: the parent does this share itself
        code = 1
    finally:
        os._exit(code)


def _streaming_child(
    work: Callable[[int], bytes], order: list[int], write_end: int, fed: tuple[int, list[Any]] | None = None
) -> None:
    """A stealing child: each result sent as soon as it is done, in `order`; `fed` (a pipe, the items): then the
    items read from the pipe, until it closes. Exits the process."""
    code = 0
    try:
        with os.fdopen(write_end, "wb") as out:
            for i in order:
                data = work(i)
                out.write(_LENGTH.pack(len(data)) + data)
                out.flush()
            if fed is not None:
                pipe, items = fed
                with os.fdopen(pipe, "rb") as more:
                    while len(head := more.read(_LENGTH.size)) == _LENGTH.size:
                        start = len(items)
                        items.extend(marshal.loads(more.read(_LENGTH.unpack(head)[0])))
                        for i in range(start, len(items)):
                            data = work(i)
                            out.write(_LENGTH.pack(len(data)) + data)
                            out.flush()
    except BaseException:  # a closed pipe (the parent met it half way), or anything: the parent does the rest
        code = 1
    finally:
        os._exit(code)
