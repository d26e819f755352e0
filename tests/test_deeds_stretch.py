"""A task list is cumulative: each TodoWrite repeats the items completed before it. What a call marked
completed (events.json `done`) is what it newly completed, or a later stretch is headed by an earlier one's
step ("Fixing the parser crash" over the chapter that added the retry)."""

from __future__ import annotations

from conftest import Parse, Transcript, events
from told_support import CWD

from retell.events import Event
from retell.extract.deeds import completed_items


def _todos(tx: Transcript, *items: tuple[str, str]) -> None:
    todos = [{"content": a, "activeForm": a, "status": s} for a, s in items]
    tx.tool_call("TodoWrite", {"todos": todos}, "Todos have been modified successfully.")


def test_done_holds_only_what_the_call_newly_completed(tx: Transcript, parse: Parse) -> None:
    tx.user("fix the parser crash, then add a retry to the fetcher")
    _todos(tx, ("Fixing the parser crash", "completed"), ("Adding a retry to the fetcher", "in_progress"))
    tx.tool_call("Edit", {"file_path": f"{CWD}/fetch.py", "old_string": "a", "new_string": "b"}, "ok")
    _todos(tx, ("Fixing the parser crash", "completed"), ("Adding a retry to the fetcher", "completed"))
    result = parse(tx)
    todo = [c for e in events(result, "tool_run") for c in e["calls"] if c["name"] == "TodoWrite"]
    assert [c.get("done") for c in todo] == ["Fixing the parser crash", "Adding a retry to the fetcher"]
    second = [Event.from_dict(e) for e in events(result, "tool_run")][1:]  # the stretch after the first call
    assert completed_items(second) == ["Adding a retry to the fetcher"]


def test_a_sidechains_task_list_leaves_the_main_threads_alone(tx: Transcript, parse: Parse) -> None:
    """An old main file holds a subagent's thread as sidechain records: its own list, not the main one's."""
    tx.user("fix the parser crash, then add a retry to the fetcher")
    _todos(tx, ("Fixing the parser crash", "completed"), ("Adding a retry to the fetcher", "in_progress"))
    tx.sidechain = True
    _todos(tx, ("Searching the fetcher's callers", "completed"))
    tx.sidechain = False
    _todos(tx, ("Fixing the parser crash", "completed"), ("Adding a retry to the fetcher", "completed"))
    result = parse(tx)
    main = [c for e in events(result, "tool_run") for c in e["calls"] if c["name"] == "TodoWrite"][-1]
    assert main.get("done") == "Adding a retry to the fetcher"
