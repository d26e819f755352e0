"""The one warning about Claude Code's `cleanupPeriodDays`: sessions about to be deleted that retell has not kept.

Claude Code deletes a transcript `cleanupPeriodDays` (30 by default) after its last change. `retell list`
says so once, the first time it lists a session that goes within a week (or has gone past its date: the next
Claude Code start deletes it) and is not in retell's archive; a marker file in retell's data folder
remembers that it was said.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Sequence
from pathlib import Path

from retell.archive.paths import data_dir
from retell.archive.settings import cleanup_period_days, settings_path
from retell.fsutil import atomic_write_text
from retell.report import plural

WARN_WITHIN_DAYS = 7
MARKER_FILE = "cleanup-warned"
_DAY_NS = 86_400 * 10**9


def marker_path() -> Path:
    return data_dir() / MARKER_FILE


def cleanup_warning(unkept_mtimes_ns: Sequence[int], *, now_ns: int | None = None) -> str | None:
    """The warning, the first time one of the live sessions retell has not kept (their files' modification
    times) is in danger; None otherwise, and every time after."""
    marker = marker_path()
    if marker.exists():
        return None
    period, from_settings = cleanup_period_days()
    now = now_ns if now_ns is not None else time.time_ns()
    days_left = [(mtime + period * _DAY_NS - now) / _DAY_NS for mtime in unkept_mtimes_ns]
    soon = [d for d in days_left if d <= WARN_WITHIN_DAYS]
    if not soon:
        return None
    first = min(soon)
    when = "at its next start" if first <= 0 else f"in {_days(first)}"
    it = "it" if len(soon) == 1 else "them"
    message = (
        f"Claude Code deletes a session {period} days after its last change (cleanupPeriodDays: "
        f"{f'{period} in {settings_path()}' if from_settings else f'{period}, the default'}): "
        f"{plural(len(soon), 'session')} listed here {'goes' if len(soon) == 1 else 'go'} within "
        f"{WARN_WITHIN_DAYS} days, the first {when}, and retell has not kept {it}. "
        f"`retell hook keep` keeps {it} now; `retell hook install` keeps every session as it ends "
        "(this is said once)"
    )
    with contextlib.suppress(OSError):  # a read-only data folder: the warning may come again, better than never
        atomic_write_text(marker, f"warned {time.strftime('%Y-%m-%dT%H:%M:%SZ', time.gmtime(now / 1e9))}\n")
    return message


def _days(days: float) -> str:
    if days < 1:
        return "less than a day"
    return plural(round(days), "day")
