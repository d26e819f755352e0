"""Work on the second core: a forked child process takes part of a big job.

Python runs one thread of Python at a time, so retell uses a second core through `os.fork()`: the child
inherits everything already computed (nothing to send it) and sends back only its results. A fork without
exec is safe only where it copies a process whose other threads hold nothing: on Linux, when this process
runs no other thread (retell's hashing thread ends when idle). Elsewhere the work stays in this process.
"""

from __future__ import annotations

import marshal
import os
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


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


def map_on_two_cores(
    func: Callable[[T], R],
    items: Sequence[T],
    *,
    weight: Callable[[T], int],
    to_wire: Callable[[R], Any] = _same,
    from_wire: Callable[[Any], R] = _same,
) -> list[R]:
    """`[func(item) for item in items]`, with about half the work (by `weight`) done by a forked child when
    a fork is possible. Results go through `marshal` (`to_wire` makes one of plain data, `from_wire` turns it
    back); if the child fails, this process does its share too."""
    if len(items) < 2 or not can_fork():
        return [func(item) for item in items]
    load = [0, 0]
    sides: list[list[int]] = [[], []]
    for i in sorted(range(len(items)), key=lambda i: weight(items[i]), reverse=True):  # two even halves
        side = 0 if load[0] <= load[1] else 1
        sides[side].append(i)
        load[side] += weight(items[i])
    mine, theirs = sides
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        os.close(read_end)
        _child(lambda: marshal.dumps([to_wire(func(items[i])) for i in theirs]), write_end)
    os.close(write_end)
    results: list[Any] = [None] * len(items)
    try:
        for i in mine:
            results[i] = func(items[i])
        with os.fdopen(read_end, "rb") as pipe:
            data = pipe.read()
    finally:
        _, status = os.waitpid(pid, 0)
    if status == 0:
        for i, value in zip(theirs, marshal.loads(data), strict=True):
            results[i] = from_wire(value)
    else:
        for i in theirs:
            results[i] = func(items[i])
    return results


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
