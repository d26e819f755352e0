"""sha256 of the transcripts a run parses, on one background worker for all of them.

hashlib and file reads release the GIL, so on a second core the hash costs the parse nothing. One daemon
thread serves the whole run (several sessions hash one after another; subagent files are not hashed at
all: nothing records their hash), ending when idle. A file that grew while being parsed is hashed up to
what the parser read. (A big file read on two cores is hashed by the reading child instead: prefetch.py.)
"""

from __future__ import annotations

import hashlib
import queue
import threading
from pathlib import Path

_BLOCK = 1 << 20


class FileDigest:
    """The sha256 of one file, started now on the shared worker; `hexdigest(upto)` waits for it."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.hash = hashlib.sha256()
        self.hashed = 0
        try:
            self.size = path.stat().st_size
        except OSError:
            self.size = 0
        self._done = threading.Event()
        _submit(self)

    def run(self) -> None:
        # One buffer, refilled: a fresh 8 MB bytes object a block costs page faults that slow the parse too.
        buffer = bytearray(_BLOCK)
        view = memoryview(buffer)
        try:
            with self.path.open("rb", buffering=0) as fh:
                while self.hashed < self.size:
                    n = fh.readinto(view[: min(_BLOCK, self.size - self.hashed)])
                    if not n:
                        break
                    self.hash.update(view[:n])
                    self.hashed += n
        except OSError:
            pass
        finally:
            self._done.set()

    def hexdigest(self, upto: int) -> str:
        self._done.wait()
        if upto > self.hashed:
            with self.path.open("rb") as fh:
                fh.seek(self.hashed)
                rest = fh.read(upto - self.hashed)
            self.hash.update(rest)
            self.hashed += len(rest)
        return self.hash.hexdigest()


_jobs: queue.SimpleQueue[FileDigest] = queue.SimpleQueue()
_lock = threading.Lock()
_serving = False  # whether the hashing thread is running
_IDLE_S = 0.05  # it ends after this long without work (a new one starts when a file comes)


def _submit(job: FileDigest) -> None:
    """Queue a file for the one hashing thread, starting it if it is not running (a daemon: it never
    holds up an exit; and it ends when idle, so a big parse may fork, see prefetch.py)."""
    global _serving
    with _lock:
        _jobs.put(job)
        if not _serving:
            _serving = True
            threading.Thread(target=_serve, name="retell-sha256", daemon=True).start()


def _serve() -> None:
    global _serving
    while True:
        try:
            job = _jobs.get(timeout=_IDLE_S)
        except queue.Empty:
            with _lock:
                if _jobs.empty():
                    _serving = False
                    return
            continue
        job.run()
