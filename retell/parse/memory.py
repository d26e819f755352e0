"""Peak memory of a big parse: hand multi-MB line buffers back to the system as soon as they are freed.

glibc's malloc raises its mmap threshold to the size of each big block freed (up to 32 MB), so after the
first huge line of a session (a 5 MB Bash output), every later line up to that size is allocated on the
heap, whose freed space the process keeps: ~15 MB of a 1 GB session's peak. A fixed threshold turns that
adjustment off. Other C libraries have no such knob, or do not need it: there this does nothing.
"""

from __future__ import annotations

import sys

BIG_INPUT = 64 << 20  # below this, the heap a parse keeps is a few MB at most
_M_MMAP_THRESHOLD = -3  # mallopt's parameter number, from glibc's malloc.h
_THRESHOLD = 1 << 20  # lines under 1 MB stay on the heap, which reuses their space line after line


def release_big_buffers(input_bytes: int) -> None:
    """Fix glibc's mmap threshold for a parse of `input_bytes` (once per process; no-op elsewhere)."""
    if input_bytes < BIG_INPUT or not sys.platform.startswith("linux"):
        return
    import contextlib
    import ctypes

    with contextlib.suppress(OSError, AttributeError):  # not glibc
        ctypes.CDLL("libc.so.6").mallopt(_M_MMAP_THRESHOLD, _THRESHOLD)
