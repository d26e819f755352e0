"""`retell preview --serve` as a real process: started, asked over HTTP on 127.0.0.1, stopped with Ctrl-C."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

WAIT = 90.0  # seconds for the server to start or a change to show: a hang fails the test, a busy machine not


@dataclass
class Served:
    process: subprocess.Popen[str]
    url: str
    lines: queue.Queue[str | None]  # stdout's lines; None once it closed
    seen: list[str] = field(default_factory=list)
    closed: bool = False

    def get(self, path: str = "") -> tuple[int, bytes]:
        try:
            with urllib.request.urlopen(self.url + path.lstrip("/"), timeout=WAIT) as reply:
                return reply.status, reply.read()
        except urllib.error.HTTPError as exc:
            return exc.code, b""

    def version(self) -> str:
        status, body = self.get("/__retell/version")
        assert status == 200
        return body.decode()

    def page(self) -> str:
        status, body = self.get("/")
        assert status == 200
        return body.decode("utf-8")

    def wait_for(self, check: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + WAIT
        while not check():
            assert self.process.poll() is None, f"the server exited ({self.process.returncode}) while {what}"
            assert time.monotonic() < deadline, f"gave up after {WAIT:.0f} s waiting for {what}"
            time.sleep(0.05)

    def output(self) -> list[str]:
        """Every stdout line so far."""
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return self.seen
            if line is None:
                self.closed = True
                return self.seen
            self.seen.append(line)

    def interrupt(self) -> tuple[int, str, str]:
        """Ctrl-C; (exit code, all of stdout, stderr)."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=WAIT)
        assert self.process.stderr is not None
        stderr = self.process.stderr.read()
        while not self.closed:  # until the reader thread has handed over the last line
            line = self.lines.get(timeout=WAIT)
            if line is None:
                self.closed = True
            else:
                self.seen.append(line)
        return self.process.returncode, "\n".join(self.seen), stderr


@contextmanager
def serve(workdir: Path, tmp: Path, *args: str) -> Iterator[Served]:
    """`retell preview WORKDIR --serve ARGS` in the background, with no API key and a private config."""
    env = {k: v for k, v in os.environ.items() if k not in ("ANTHROPIC_API_KEY", "RETELL_MODEL", "RETELL_CLAUDE")}
    env.update(XDG_CONFIG_HOME=str(tmp / "config"), XDG_CACHE_HOME=str(tmp / "cache"), PYTHONUNBUFFERED="1")
    command = [sys.executable, "-m", "retell", "preview", str(workdir), "--serve", *args]
    process = subprocess.Popen(
        command, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line.rstrip("\n"))
        lines.put(None)  # stdout closed: nothing more will come

    threading.Thread(target=pump, daemon=True).start()
    served = Served(process, "", lines)
    try:
        deadline = time.monotonic() + WAIT
        while not served.url:
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                if process.poll() is not None or time.monotonic() > deadline:
                    stderr = process.stderr.read() if process.poll() is not None and process.stderr else ""
                    raise AssertionError(f"no URL printed: {served.seen} {stderr}") from None
                continue
            if line is None:  # stdout closed before a URL: the server exited
                served.closed = True
                process.wait(timeout=WAIT)
                stderr = process.stderr.read() if process.stderr else ""
                raise AssertionError(f"no URL printed: {served.seen} {stderr}")
            served.seen.append(line)
            if "Serving the preview at " in line:
                served.url = line.split(" at ", 1)[1].split()[0]
        yield served
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
