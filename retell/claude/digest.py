"""sha256 of the transcripts a run parses, on one background worker for all of them.

hashlib and file reads release the GIL, so on a second core the hash costs the parse nothing. One daemon
thread serves the whole run (several sessions hash one after another; subagent files are not hashed at
all: nothing records their hash). A file that grew while being parsed is hashed up to what the parser read.
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
        _worker().put(self)

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


_jobs: queue.SimpleQueue[FileDigest] | None = None
_lock = threading.Lock()


def _worker() -> queue.SimpleQueue[FileDigest]:
    """The queue of the one hashing thread, started on first use (a daemon: it never holds up an exit)."""
    global _jobs
    with _lock:
        if _jobs is None:
            _jobs = queue.SimpleQueue()
            threading.Thread(target=_serve, args=(_jobs,), name="retell-sha256", daemon=True).start()
        return _jobs


def _serve(jobs: queue.SimpleQueue[FileDigest]) -> None:
    while True:
        jobs.get().run()
