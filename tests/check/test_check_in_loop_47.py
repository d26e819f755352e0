"""Three false alarms on a real model's drafts of two sessions written blind (fresh17, drafted through the hand-off
engine in stop 47), each a class:

- "a five-item list" of a message whose Markdown list has five checkboxes was held against the task list a tool
  printed beside it ("4 items"): a cited message's list is counted;
- "`wc -l` showed `main.tf` down to 61 lines" was held against an earlier `wc -l` run, because the cited run's
  command was cut short in its target (`python3 - <<'EOF' …`, the `wc -l *.tf` after the heredoc): the whole
  command is a run too;
- "I turned the edit down and interrupted Claude: “stop …”" (Russian: "я отклонил правку и прервал Claude: «…»")
  read Claude as the one speaking: a name right after a verb in the past, with "I" (я) its subject, is spoken to.

Each faithful case has a planted twin that must still be reported."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

START = datetime(2026, 1, 8, 8, 40, tzinfo=timezone.utc)
LIST = (
    "Please do these, and stop and tell me if anything is weird:\n"
    "- [ ] move the state to the GCS bucket\n- [ ] split main.tf into network.tf, run.tf and sql.tf\n"
    "- [ ] min instances 1 in prod\n- [ ] validate clean\n- [ ] plan clean for both workspaces"
)
SPLIT = "python3 - <<'EOF'\nprint('split')\nEOF\nwc -l *.tf && terraform fmt"


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/ines/infra", start=START)
    tx.user(LIST)  # e1
    tx.tool_call("TodoWrite", {"todos": [{"content": "state"}]}, "Updated the task list (4 items, 0 done)")  # e2
    tx.tool_call("Bash", {"command": "terraform state list | wc -l"}, "20")  # e3
    tx.tool_call("Bash", {"command": SPLIT}, "61 main.tf\n158 run.tf\n149 sql.tf\n368 total")  # e4
    tx.tool_call("Edit", {"file_path": "/home/ines/infra/sql.tf", "old_string": "a", "new_string": "b"}, "ok")
    tx.user("stop. don't touch the bytes, I typed them in by hand yesterday")  # e6
    tx.assistant("Understood, I'll leave the test bytes alone.")  # e7
    return approved_workdir(tmp_path, tx)


def test_a_cited_messages_list_is_counted(tmp_path: Path) -> None:
    work = _work(tmp_path)
    assert not [p for p in problems(work, "I gave Claude a five-item list. <!-- ev: e1 -->") if "item" in p]
    assert [p for p in problems(work, "I gave Claude a seven-item list. <!-- ev: e1 -->") if "item" in p]


def test_a_run_whose_target_was_cut_is_read_whole(tmp_path: Path) -> None:
    work = _work(tmp_path)
    told = "Then `wc -l` showed `main.tf` down to `61` lines. <!-- ev: e4 -->"
    assert not [p for p in problems(work, told) if "printed" in p]
    planted = "Then `wc -l` showed `main.tf` down to `64` lines. <!-- ev: e4 -->"
    assert [p for p in problems(work, planted) if "64" in p]


def test_a_name_after_my_verb_is_spoken_to(tmp_path: Path) -> None:
    work = _work(tmp_path)
    quote = "“stop. don't touch the bytes, I typed them in by hand yesterday”"
    told = f"I turned the edit down and interrupted Claude: {quote} <!-- ev: e6 -->"
    assert not [p for p in problems(work, told) if "not Claude's" in p]
    planted = f"Claude turned it down itself and said: {quote} <!-- ev: e6 -->"
    assert [p for p in problems(work, planted) if "not Claude's" in p]
