"""A JavaScript stack trace's frames of async functions and constructors (`at async handleFailed (…)`, `at new
Pool (…)`) are a pasted log, never the author's request: fresh25's pinboard session was titled "At async
handleFailed" (issue 24: "a pasted log line" as a title). Our own wording and names below."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.deeds import reports_output
from retell.extract.requests import first_request

pytestmark = pytest.mark.usefixtures("offline_env")

TRACE = (
    "Error: Lease expired for upload 77. completeUpload\n"
    "    at Store.commitLease (/srv/app/node_modules/leasekit/dist/store.js:211:9)\n"
    "    at async drainQueue (/srv/app/node_modules/leasekit/dist/queue.js:88:5)\n"
    "    at new LeasePool (/srv/app/node_modules/leasekit/dist/pool.js:12:11)\n"
)


@pytest.mark.parametrize(
    "frame", ["    at async drainQueue (/srv/app/q.js:88:5)", "at new LeasePool (/srv/app/pool.js:12:11)"]
)
def test_a_frame_of_an_async_function_or_a_constructor_is_a_log_line(frame: str) -> None:
    assert reports_output(frame)
    assert first_request([f"{frame}\n\nthe uploads of big files fail with this"]) != frame.strip()


def test_a_trace_pasted_before_the_request_never_titles_the_post(tx: Transcript, tmp_path: Path) -> None:
    tx.user(TRACE + "\nthe uploads of big files fail with this since Monday, the worker is src/upload.ts")
    tx.tool_call("Read", {"file_path": "/srv/app/src/upload.ts"}, "export async function upload() {}")
    tx.assistant("The lease is taken for 5 s and a big file takes longer, so it expires before the commit.")
    tx.user("ok raise it")
    tx.assistant("Raised the lease to 60 s.")
    title = Told(tx, tmp_path).title
    assert not title.lower().startswith("at "), title
    assert "drainQueue" not in title and "LeasePool" not in title


def test_a_long_title_is_never_cut_inside_a_time_or_a_number() -> None:
    """fresh26's p1lite (Dutch, written blind) was titled "… 4.821 m³ gas tussen 00": the first clause was cut at
    the colon of "00:00"."""
    from retell.extract.title_gate import repaired

    forms = repaired("Why did the meter count 4,821 m³ of gas between 00:00 and 01:00 last night on the dashboard?")
    assert forms and not any(form.endswith((" 00", " 4", " 821")) for form in forms), forms
    assert any("00:00" in form for form in forms)
