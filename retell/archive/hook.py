"""The SessionEnd hook: keep the session that just ended, and never fail it.

Claude Code runs the hook when a session ends (`/exit`, `/clear`, logout, closing the terminal) and writes
one JSON object on its stdin:
`{"session_id", "transcript_path", "cwd", "hook_event_name": "SessionEnd", "reason": "clear" | "logout" |
"prompt_input_exit" | "other" | …}`. Whatever goes wrong here (input that is not that object, a read-only or
full disk, a transcript already gone), the hook writes one line to `hook.log` in the archive (or to stderr
when even that cannot be written) and exits 0: the author's session is never held up or reported failed.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import orjson

from retell.archive.store import ArchiveError, keep_session

LOG_FILE = "hook.log"
MAX_LOG_BYTES = 256 << 10  # then the older half goes: a log, not a history
MAX_INPUT_BYTES = 1 << 20  # the hook's input is a few hundred bytes


class BadInput(Exception):
    pass


def session_end(raw: bytes, archive: Path) -> str:
    """Keep the session `raw` (the hook's stdin) names; returns the line to log. Never raises."""
    started = time.perf_counter()
    try:
        event = _parse(raw)
        transcript = Path(event["transcript_path"]).expanduser()
        cwd = event.get("cwd") if isinstance(event.get("cwd"), str) else None
        reason = event.get("reason") if isinstance(event.get("reason"), str) else None
        kept = keep_session(transcript, archive, cwd=cwd, reason=reason)
        took = time.perf_counter() - started
        return (
            f"kept {kept.key} ({kept.copied} file(s) copied, {kept.unchanged} unchanged) in {took:.2f} s"
            f"{f' ({reason})' if reason else ''}"
        )
    except (BadInput, ArchiveError) as exc:
        return f"not kept: {exc}"
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        return f"not kept: {where}{exc.strerror or exc}"
    except BaseException as exc:  # a hook must not fail the session it runs after, even on a bug
        return f"not kept: {type(exc).__name__}: {exc}"


def run(archive: Path) -> int:
    """The hook's whole life: read stdin, keep the session, log one line. Returns the exit status: 0."""
    signal.signal(signal.SIGTERM, _interrupted)  # Claude Code cancels a slow hook: clean up the temp file
    if sys.stdin is None or sys.stdin.isatty():  # run by hand: there is no event to wait for
        sys.stderr.write("retell hook session-end reads Claude Code's SessionEnd event on stdin; nothing kept\n")
        return 0
    try:
        raw = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
    except BaseException as exc:
        raw = b""
        line = f"not kept: cannot read the hook's input: {exc}"
    else:
        line = session_end(raw, archive)
    log_line(archive, line)
    return 0


def log_line(archive: Path, line: str) -> None:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    text = f"{stamp} retell hook session-end: {' '.join(line.split())}\n"
    log = archive / LOG_FILE
    try:
        if not archive.is_dir():
            archive.mkdir(parents=True, mode=0o700)
        _trim(log)
        with log.open("a", encoding="utf-8") as fh:
            fh.write(text)
    except OSError:
        with contextlib.suppress(OSError, ValueError):  # nowhere left to say it: still exit 0
            sys.stderr.write(text)


def _trim(log: Path) -> None:
    try:
        if log.stat().st_size <= MAX_LOG_BYTES:
            return
    except FileNotFoundError:
        return
    tail = log.read_bytes()[-MAX_LOG_BYTES // 2 :]
    log.write_bytes(tail[tail.find(b"\n") + 1 :])


def _parse(raw: bytes) -> dict[str, Any]:
    if len(raw) > MAX_INPUT_BYTES:
        raise BadInput("the hook's input is too big to be Claude Code's SessionEnd event")
    try:
        event = orjson.loads(raw)
    except orjson.JSONDecodeError:
        shown = raw[:60].decode("utf-8", "replace")
        raise BadInput(f"the hook's input is not JSON ({shown!r}); is this hook wired to SessionEnd?") from None
    if not isinstance(event, dict):
        raise BadInput("the hook's input is not a JSON object")
    path = event.get("transcript_path")
    if not isinstance(path, str) or not path.strip():
        raise BadInput("the hook's input has no transcript_path")
    return event


def _interrupted(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt  # unwinds through the copy, which removes its temp file
