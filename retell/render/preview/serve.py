"""`retell preview --serve`: the preview on 127.0.0.1, rebuilt when draft.md or triage.yaml changes.

The standard library's threading HTTP server answers in the background; the main thread polls the two
files' stat (mtime, size, inode: an editor that saves by rename changes the inode) and rebuilds. The page
asks `/__retell/version` twice a second and reloads when the version changed. A rebuild that fails (a
triage.yaml that no longer validates, say) serves a page with the error, until the next change fixes it.
"""

from __future__ import annotations

import html
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.render.preview import (
    RELOAD_SCRIPT,
    PreviewOptions,
    build_preview,
    check_page_path,
    content_security_policy,
    default_output,
    write_preview,
)
from retell.workdir import Workdir

log = logging.getLogger(__name__)
VERSION_PATH = "/__retell/version"
POLL_SECONDS = 0.25


@dataclass
class LivePreview:
    """What the server shows: the current page (as served) and the image files it may hand out."""

    folder: Path
    page_name: str
    html: bytes = b""
    version: int = 0
    images: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def publish(self, page: Callable[[str], str], images: set[str] | None = None) -> None:
        """The next version: `page(version)` is its HTML; `images` the files it shows (None: as before)."""
        with self.lock:
            self.version += 1
            self.html = page(str(self.version)).encode("utf-8")
            if images is not None:
                self.images = images

    def snapshot(self) -> tuple[bytes, str, set[str]]:
        with self.lock:
            return self.html, str(self.version), set(self.images)


def serve_preview(
    path: Path,
    options: PreviewOptions,
    *,
    ready: Callable[[str], None],
    report: Callable[[str], None],
) -> None:
    """Serve until Ctrl-C. `ready` gets the URL once the first page is built and the server listens (on a
    free port); `report` a line after each rebuild."""
    page = options.output or default_output(path)
    check_page_path(page)
    workdir = Workdir(path)
    watched = [workdir.draft, workdir.triage]
    live = LivePreview(page.parent, page.name)
    seen = _stats(watched)  # before the build, so a change made meanwhile is not missed
    rebuild(path, options, page, live, report, first=True)
    server = _Server(("127.0.0.1", 0), _handler(live))
    thread = threading.Thread(target=server.serve_forever, name="retell-preview", daemon=True)
    thread.start()
    try:
        host, bound = server.server_address[:2]
        ready(f"http://{host!s}:{bound}/")
        while True:
            time.sleep(POLL_SECONDS)
            now = _stats(watched)
            if now == seen:
                continue
            while True:  # an editor may write in several steps: wait until the files stop changing
                time.sleep(POLL_SECONDS)
                settled = _stats(watched)
                if settled == now:
                    break
                now = settled
            seen = now
            rebuild(path, options, page, live, report)
    except KeyboardInterrupt:
        pass  # Ctrl-C is how the author stops it
    finally:
        server.shutdown()
        server.server_close()


def rebuild(
    path: Path,
    options: PreviewOptions,
    page: Path,
    live: LivePreview,
    report: Callable[[str], None],
    *,
    first: bool = False,
) -> None:
    """Build, write and publish the next version. A problem stops the first build (there is nothing to show);
    later, it is published as a page that says what it is, and the server goes on."""
    try:
        preview = build_preview(path, options)
        write_preview(page, preview.html(), preview.images)
    except RetellError as exc:
        if first:
            raise
        message = str(exc)
        live.publish(lambda version: error_page(message, version))
        report(f"retell: error: {message}")
        return
    live.publish(preview.html, {image.name for image in preview.images})
    blocking = sum(1 for f in preview.findings if f.blocking)
    state = f"{blocking} finding(s) would stop render" if blocking else "publish gate passed"
    report(f"{'Built' if first else 'Updated'} {page} at {time.strftime('%H:%M:%S')}: {state}")


def error_page(message: str, version: str) -> str:
    """A page that says why the post could not be built, and reloads when that changes."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<meta http-equiv="Content-Security-Policy" content="{content_security_policy(live=True)}">'
        f'<meta name="retell-version" content="{version}"><title>retell preview: error</title></head>'
        '<body style="font: 17px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 42rem; padding: 0 1rem">'
        "<h1>The preview cannot be built</h1>"
        f'<p id="error" style="white-space: pre-wrap">{html.escape(message)}</p>'
        "<p>Fix it and save: this page reloads by itself.</p>"
        f"<script>{RELOAD_SCRIPT}</script></body></html>"
    )


def _stats(paths: list[Path]) -> list[tuple[int, int, int] | None]:
    out: list[tuple[int, int, int] | None] = []
    for path in paths:
        try:
            st = path.stat()
        except OSError:
            out.append(None)
            continue
        out.append((st.st_mtime_ns, st.st_size, st.st_ino))
    return out


class _Server(ThreadingHTTPServer):
    daemon_threads = True  # a browser's open connection never holds up the exit

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A browser that goes away mid-answer (a reload, a closed tab) is normal: no traceback on the
        author's terminal, a debug line with -v."""
        log.debug("request from %s failed", client_address, exc_info=True)


def _handler(live: LivePreview) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        server_version = "retell-preview"

        def do_GET(self) -> None:
            page, version, images = live.snapshot()
            name = self.path.split("?", 1)[0].lstrip("/")
            if self.path.split("?", 1)[0] == VERSION_PATH:
                self._send(version.encode(), "text/plain; charset=utf-8")
            elif name in ("", live.page_name):
                self._send(page, "text/html; charset=utf-8")
            elif name in images:  # only the page's own images: nothing else of the folder is served
                try:
                    data = (live.folder / name).read_bytes()
                except OSError:
                    self.send_error(HTTPStatus.NOT_FOUND)
                    return
                self._send(data, _image_type(name))
            else:
                self.send_error(HTTPStatus.NOT_FOUND)

        def _send(self, data: bytes, content_type: str) -> None:
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            log.debug("%s " + format, self.address_string(), *args)

    return Handler


_IMAGE_TYPES = {"jpg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp"}


def _image_type(name: str) -> str:
    return _IMAGE_TYPES.get(name.rsplit(".", 1)[-1], "application/octet-stream")
