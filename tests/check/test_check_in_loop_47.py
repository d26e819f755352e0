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

from retell.check.verify_evidence import whole_evidence
from retell.triage.stage import require_approved

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


def test_a_refused_edits_lines_are_evidence_and_said_to_be_refused(tmp_path: Path) -> None:
    """Round 50 hides a refused edit's lines from the writer's material; the verification prompt must show them,
    as refused, or a post that quotes them is judged against nothing (a faithful line of blind20 was)."""
    tx = Transcript(cwd="/home/ines/infra", start=START)
    tx.user("pick the timestamp by entry type")
    edit = {"file_path": "/home/ines/infra/utils.py", "old_string": "ts = e.timestamp", "new_string": "ts = pick(e)"}
    tx.tool_call("Edit", edit, "File has not been read yet. Read it first before writing to it.", is_error=True)
    tx.tool_call("Read", {"file_path": "/home/ines/infra/utils.py"}, "ts = e.timestamp")
    tx.tool_call("Edit", edit, "The file has been updated.")
    work = approved_workdir(tmp_path, tx)
    view = require_approved(work)[2]
    whole = whole_evidence(["e2"], "Its first edit, `ts = pick(e)`, was refused.", view, shown="")
    assert "refused before it applied" in whole and "ts = pick(e)" in whole


def test_the_offline_engines_note_in_every_language_claims_nothing(tmp_path: Path) -> None:
    """The offline engine's note on its English sentences, in the post's language, was checked as prose: German's
    nouns and Dutch's "Engels" (English) were names the session never gives (stop 47: fresh16, fresh17)."""
    from retell.write.locales import _table
    from retell.write.offline import _language_note

    work = _work(tmp_path)
    body = "\n\n".join(_language_note(language) for language in sorted(_table()) if language != "en")
    assert "Engels" in body and "Sprachmodell" in body  # (the notes this is about)
    assert problems(work, body) == []
