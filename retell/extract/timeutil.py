"""Timestamps: ordering without parsing every one, and active time (gaps shorter than IDLE_GAP_MS)."""

from __future__ import annotations

from datetime import datetime, timezone

IDLE_GAP_MS = 10 * 60 * 1000  # a pause longer than this is idle time, not work
# Active time, as a reader means it: Claude's working time, and of each wait before an author's message (not one
# typed while Claude worked) only this much (reading and typing it); the rest of the wait is idle.
WAIT_COUNTED_MS = 60 * 1000
BREAK_GAP_MS = 2 * 60 * 60 * 1000  # a pause of hours: the author came back later, a new chapter


def sortable(ts: str) -> str:
    """A key that orders ISO-8601 UTC stamps of mixed precision ('…:48Z' vs '…:48.536Z')."""
    if len(ts) == 24 and ts[19] == "." and ts[23] == "Z":
        return ts[:23] + "000"  # Claude Code's own form, by far the most common: no parsing needed
    if len(ts) >= 19 and ts[10:11] == "T":
        frac = ""
        rest = ts[19:]
        if rest.startswith("."):
            digits = rest[1:].rstrip("Z")
            frac = "".join(ch for ch in digits if ch.isdigit())[:6]
        return ts[:19] + "." + frac.ljust(6, "0")
    return ts


def to_epoch_ms(ts: str) -> int | None:
    try:
        value = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except (ValueError, TypeError):
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
    return int(value.timestamp() * 1000)


class Clock:
    """Start, end and active milliseconds of a stream of timestamps (file order, not sorted)."""

    def __init__(self) -> None:
        self._min: tuple[str, str] | None = None
        self._max: tuple[str, str] | None = None
        self._last_ms: int | None = None
        self.active_ms = 0
        self._minute_cache: dict[str, int | None] = {}
        self._minute = ""  # the minute of the last stamp in Claude Code's own form, and its epoch ms
        self._minute_ms = 0

    def tick(self, ts: str) -> int:
        """Note a timestamp; returns the pause since the latest one before it (ms; 0 for the first)."""
        # Runs on every record: Claude Code's own form ('2025-11-30T02:20:48.536Z') in the minute of the
        # stamp before is placed without a call (the same arithmetic as _fast_ms and sortable).
        if len(ts) == 24 and ts[:16] == self._minute and ts[16] == ":" and ts[19] == "." and ts[23] == "Z":
            try:
                seconds = float(ts[17:23])
            except ValueError:
                return 0
            if not 0 <= seconds < 61:
                return 0
            ms = self._minute_ms + int(seconds * 1000)
            key = ts[:23] + "000"
        else:
            found = self._fast_ms(ts)
            if found is None:
                return 0  # not a timestamp we can place in time: it neither starts nor ends the session
            ms = found
            key = sortable(ts)
        if self._min is None or key < self._min[0]:
            self._min = (key, ts)
        if self._max is None or key > self._max[0]:
            self._max = (key, ts)
        last = self._last_ms
        if last is None:
            self._last_ms = ms
            return 0
        gap = ms - last
        if gap > 0:
            self._last_ms = ms
            if gap <= IDLE_GAP_MS:
                self.active_ms += gap
            return gap
        return 0

    def _fast_ms(self, ts: str) -> int | None:
        """Parse the minute once, then only the seconds: cheap enough to run on every record."""
        if len(ts) >= 19 and ts[10:11] == "T" and ts[16:17] == ":" and ts.endswith("Z"):
            minute = ts[:16]
            base = self._minute_cache.get(minute, -1)
            if base == -1:
                base = to_epoch_ms(minute + ":00Z")
                if len(self._minute_cache) > 4096:
                    self._minute_cache.clear()
                self._minute_cache[minute] = base
            if base is None:
                return None
            if len(ts) == 24 and ts[16] == ":":
                self._minute, self._minute_ms = minute, base
            try:
                seconds = float(ts[17:-1])
            except ValueError:
                return None
            return base + int(seconds * 1000) if 0 <= seconds < 61 else None
        return to_epoch_ms(ts)

    @property
    def latest(self) -> tuple[str, str] | None:
        """The latest stamp so far, as (sort key, stamp): what `cut_at` takes."""
        return self._max

    def cut_at(self, latest: tuple[str, str] | None) -> None:
        """End the span at an earlier latest stamp (records after it are not part of the session's time)."""
        if latest is not None:
            self._max = latest

    def start_at(self, earliest: tuple[str, str]) -> None:
        """Start the span at a later stamp (records before it are not part of the session's time)."""
        self._min = earliest

    def span(self) -> tuple[str | None, str | None]:
        return (self._min[1] if self._min else None, self._max[1] if self._max else None)
