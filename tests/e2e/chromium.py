"""Headless Chromium (Debian's `chromium`), driven over the Chrome DevTools Protocol on a pipe.

`--remote-debugging-pipe` makes Chromium read CDP commands from fd 3 and write replies and events to fd 4,
each message JSON ended by a NUL byte: no port, no websocket library, nothing to find or to leak. The flags
are the ones this machine needs (no sandbox as root, no background network, a new empty profile).
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    "--hide-scrollbars",
    "--remote-debugging-pipe",
]
TIMEOUT = 30.0  # seconds for one command or one awaited event; a hung browser fails the test, never the run


def find_chromium() -> str:
    """The Chromium executable, else skip with how to get it."""
    found = CHROMIUM if Path(CHROMIUM).is_file() else shutil.which("chromium")
    if found is None:
        pytest.skip("chromium is not installed: `apt-get install chromium` (.ci/run installs it)")
    return found


class CDPError(Exception):
    pass


@dataclass
class Browser:
    process: subprocess.Popen[bytes]
    to_browser: int
    from_browser: int
    events: list[dict[str, Any]] = field(default_factory=list)
    _buffer: bytes = b""
    _next_id: int = 0

    def send(self, method: str, params: dict[str, Any] | None = None, session: str | None = None) -> dict[str, Any]:
        """One command; its result (events that arrive meanwhile are kept in `events`)."""
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        reply = self._wait(lambda m: m.get("id") == self._next_id, f"the reply to {method}")
        if "error" in reply:
            raise CDPError(f"{method}: {reply['error']}")
        return dict(reply.get("result", {}))

    def wait_event(self, method: str, session: str | None = None) -> dict[str, Any]:
        """The first event `method` (of `session`) not waited for yet."""

        def wanted(message: dict[str, Any]) -> bool:
            return message.get("method") == method and (session is None or message.get("sessionId") == session)

        for index, event in enumerate(self.events):
            if wanted(event):
                return self.events.pop(index)
        event = self._wait(wanted, f"the event {method}")
        self.events.remove(event)
        return event

    def _wait(self, wanted: Any, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + TIMEOUT
        while True:
            while b"\0" in self._buffer:
                raw, self._buffer = self._buffer.split(b"\0", 1)
                message = json.loads(raw)
                if "id" not in message:
                    self.events.append(message)
                if wanted(message):
                    return dict(message)
            left = deadline - time.monotonic()
            if left <= 0 or self.process.poll() is not None:
                raise CDPError(f"no answer from chromium: waited {TIMEOUT:.0f} s for {what}")
            ready, _, _ = select.select([self.from_browser], [], [], left)
            if ready:
                chunk = os.read(self.from_browser, 1 << 16)
                if not chunk:
                    raise CDPError(f"chromium closed the pipe while we waited for {what}")
                self._buffer += chunk

    @contextmanager
    def page(self, width: int, height: int, *, mobile: bool = False, scale: float = 1) -> Iterator[Page]:
        """A new tab with the given viewport; closed on exit."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = Page(self, session)
        try:
            for domain in ("Page", "Runtime", "Network"):
                page.send(f"{domain}.enable")
            page.send(
                "Emulation.setDeviceMetricsOverride",
                {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": mobile},
            )
            yield page
        finally:
            self.send("Target.closeTarget", {"targetId": target})


@dataclass
class Page:
    browser: Browser
    session: str

    def send(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.browser.send(method, params, self.session)

    def goto(self, url: str) -> None:
        """Navigate and wait for the load event (every image loaded or failed by then)."""
        self.requests_seen()  # forget those of an earlier page
        reply = self.send("Page.navigate", {"url": url})
        if reply.get("errorText"):
            raise CDPError(f"cannot open {url}: {reply['errorText']}")
        if reply.get("loaderId"):  # none when only the #fragment changed: nothing is loaded then
            self.browser.wait_event("Page.loadEventFired", self.session)

    def wait_load(self) -> None:
        """Wait for the next load event (after the page reloaded itself)."""
        self.browser.wait_event("Page.loadEventFired", self.session)

    def evaluate(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page (DevTools is not bound by the page's CSP)."""
        reply = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in reply:
            raise CDPError(f"{expression[:60]}…: {reply['exceptionDetails'].get('text')}")
        return reply["result"].get("value")

    def requests_seen(self) -> list[str]:
        """URLs the page asked for since the last call (and forgets them)."""
        mine = [
            e
            for e in self.browser.events
            if e.get("sessionId") == self.session and e.get("method") == "Network.requestWillBeSent"
        ]
        for event in mine:
            self.browser.events.remove(event)
        return [e["params"]["request"]["url"] for e in mine]

    def console_errors(self) -> list[str]:
        """Messages of exceptions thrown and errors logged in the page (a blocked script says so here)."""
        out = []
        for event in self.browser.events:
            if event.get("sessionId") != self.session:
                continue
            if event.get("method") == "Runtime.exceptionThrown":
                out.append(event["params"]["exceptionDetails"].get("text", ""))
            elif event.get("method") == "Runtime.consoleAPICalled" and event["params"].get("type") == "error":
                out.append(" ".join(str(a.get("value", "")) for a in event["params"].get("args", [])))
        return out

    def screenshot(self, path: Path, *, full_page: bool = False) -> None:
        params: dict[str, Any] = {"format": "png"}
        if full_page:
            params["captureBeyondViewport"] = True
            size = self.evaluate("[document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": size[0], "height": size[1], "scale": 1}
        data = self.send("Page.captureScreenshot", params)["data"]
        path.write_bytes(base64.b64decode(data))


def _pipes() -> tuple[int, int, int, int]:
    """(we write, we read, chromium reads, chromium writes). Chromium's ends are moved to fds of 10 and up, so
    putting them on 3 and 4 in the child never overwrites one with the other."""
    to_read, to_browser = os.pipe()  # chromium reads commands on its fd 3
    from_browser, to_write = os.pipe()  # and writes replies on its fd 4
    high = []
    for fd in (to_read, to_write):
        high.append(fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10))
        os.close(fd)
    return to_browser, from_browser, high[0], high[1]


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium for the duration of the block (skips when it is not installed)."""
    executable = find_chromium()
    to_browser, from_browser, to_read, to_write = _pipes()
    profile = tempfile.mkdtemp(prefix="retell-chromium-")
    # bash (dash reads only one-digit fds) puts our pipe ends on fds 3 and 4 of the browser, then becomes it.
    command = ["bash", "-c", f'exec "$@" 3<&{to_read} 4>&{to_write}', "bash", executable, *FLAGS]
    command.append(f"--user-data-dir={profile}")
    process = subprocess.Popen(
        command, pass_fds=(to_read, to_write), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    os.close(to_read)
    os.close(to_write)
    browser = Browser(process, to_browser, from_browser)
    try:
        browser.send("Browser.getVersion")
        yield browser
    finally:
        try:
            browser.send("Browser.close")
            process.wait(timeout=10)
        except (CDPError, OSError, subprocess.TimeoutExpired):
            process.kill()
            process.wait()
        os.close(to_browser)
        os.close(from_browser)
        shutil.rmtree(profile, ignore_errors=True)
