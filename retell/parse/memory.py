"""Peak memory of a big parse: hand multi-MB line buffers back to the system as soon as they are freed.

glibc's malloc raises its mmap threshold to the size of each big block freed (up to 32 MB), so after the
first huge line of a session (a 5 MB Bash output), every later line up to that size is allocated on the
heap, whose freed space the process keeps: ~15 MB of a 1 GB session's peak. A fixed threshold turns that
adjustment off. Other C libraries have no such knob, or do not need it: there this does nothing.
"""

from __future__ import annotations

import sys

BIG_INPUT = 64 << 20  # below this, the heap a parse keeps is a few MB at most
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # mallopt's parameter numbers, from glibc's malloc.h
_THRESHOLD = 1 << 20  # lines under 1 MB stay on the heap, which reuses their space line after line
# Free space at the heap's top kept for the next line instead of handed back at once (glibc's default: 128 KB):
# a screenshot's 400 KB line, its decoded image and its stand-in'd copy freed one after the other were each
# returned to the system and faulted in again for the next one, page by page (~0.1 s of system time in the
# reading child of a 100 MB screenshot-heavy day). Bounded: at most this much of freed heap is kept.
_TRIM = 8 << 20


def release_big_buffers(input_bytes: int) -> None:
    """Fix glibc's mmap threshold, and the freed heap it keeps (`_TRIM`), for a parse of `input_bytes` (once per
    process; no-op elsewhere)."""
    if input_bytes < BIG_INPUT or not sys.platform.startswith("linux"):
        return
    import contextlib
    import ctypes

    with contextlib.suppress(OSError, AttributeError):  # not glibc
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(_M_MMAP_THRESHOLD, _THRESHOLD)
        libc.mallopt(_M_TRIM_THRESHOLD, _TRIM)
