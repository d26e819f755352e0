"""Round twenty-seven of the check (issue 21), the verifying model: what blind20's verification prompts withheld
or let a model misread, each as a class, on sessions of our own.

- A refused edit sent again with the same lines: the material shows the lines once, under the edit that applied,
  and the "cited events whole" skipped the refused one as shown already; the model read "its 28 changed lines are
  not shown here" and contradicted a faithful "each has 19 more changed lines" (blind20 Z1:57).
- The session's own cut (a long diff kept as its first lines and "… (19 more changed lines)", an output's middle
  as "… (16 more lines)"): nothing holds what it stands for, so a claim of it is not in the session; a model's
  "not shown here" that names that cut let "the diff shows the code now using `isinstance()`" pass (blind20 Z1:115,
  blind18 X2:49).
- A model's contradiction of who spoke, on a line whose time the rules measured, was set aside as a misread clock
  (blind20 Z2:49, "eight seconds later I added my own guess"): only a contradiction that gives another time is one.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from conftest import Transcript

from retell.check.stage import run_check
from retell.check.verify import Verdict, Verification, merge, read_answer
from retell.check.verify_request import chunks, verify_requests
from retell.llm.pricing import load_prices
from retell.templating import TemplateLibrary
from retell.triage.stage import require_approved

START = datetime(2026, 2, 3, 21, 10, tzinfo=timezone.utc)
OLD = "\n".join(f"    value_{n} = entry.old_{n}" for n in range(30))
NEW = "\n".join(f"    value_{n} = pick(entry, {n})" for n in range(30))
EDIT = {"file_path": "/home/ines/logs/utils.py", "old_string": OLD, "new_string": NEW}


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/ines/logs", start=START)
    tx.user("use the right timestamp for each entry type")  # e1
    tx.tool_call("Edit", EDIT, "File has not been read yet. Read it first before writing to it.", is_error=True)  # e2
    tx.tool_call("Read", {"file_path": "/home/ines/logs/utils.py"}, OLD)  # e3
    tx.tool_call("Edit", EDIT, "The file has been updated.")  # e4
    tx.assistant("The code now uses isinstance() to tell the entry types apart.")  # e5
    return approved_workdir(tmp_path, tx)


def _requests(work: Path, text: str):  # type: ignore[no-untyped-def]
    (work / "draft.md").write_text(text, encoding="utf-8")
    triage, parsed, view = require_approved(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    return verify_requests(text, view, parsed.manifest, triage, model, prices.limits(model), TemplateLibrary("prompts"))


def _cut(view) -> str:  # type: ignore[no-untyped-def]
    diff = next(c.diff for e in view.events if e.id == "e4" for c in e.calls or ())
    return diff.splitlines()[-1]


def test_a_refused_edit_sent_again_is_shown_whole_under_its_own_id(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text = "## The edit\n\nThe lines of the two edits are the same. <!-- ev: e2 e4 -->\n"
    _, request = _requests(work, text)[0]
    assert "[e2] the edit to" in request.user and "refused before it applied" in request.user
    # and the diff that applied, shown under its own line, is not repeated
    assert "[e4] the change to" in request.user and "all the session keeps of it" in request.user


def test_the_sessions_own_cut_is_said_to_hold_nothing(tmp_path: Path) -> None:
    work = _work(tmp_path)
    view = require_approved(work)[2]
    cut = _cut(view)
    assert cut.startswith("… (") and "more changed lines" in cut  # the record keeps the diff cut
    text = "## The edit\n\nThe diff shows the code now using `isinstance()`. <!-- ev: e4 -->\n"
    _, request = _requests(work, text)[0]
    assert f"`{cut}` is the session's own cut" in request.user and "never `not shown here`" in request.user


def test_not_shown_here_of_the_sessions_own_cut_is_not_in_the_session(tmp_path: Path) -> None:
    work = _work(tmp_path)
    view = require_approved(work)[2]
    cut = _cut(view)
    text = "## The edit\n\nThe diff shows the code now using `isinstance()`. <!-- ev: e4 -->\n"
    chunk, request = _requests(work, text)[0]
    answer = json.dumps(
        {
            "claims": [
                {
                    "line": 3,
                    "words": "The diff shows the code now using `isinstance()`",
                    "verdict": "not shown here",
                    "event": "e4",
                    "evidence": cut,
                    "reason": "the cut lines could hold it",
                }
            ]
        }
    )
    lines, known = text.split("\n"), {"e1", "e2", "e3", "e4", "e5"}
    found, _ = read_answer(answer, chunk, lines, known, shown=request.user, view=view)
    assert [v.verdict for v in found] == ["not in the session"]
    # without the session to tell the record's cut from the prompt's, it is read as before
    found, _ = read_answer(answer, chunk, lines, known, shown=request.user)
    assert [v.verdict for v in found] == ["not shown here"]


def _speaker_work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/ines/logs", start=START)
    tx.user("please update the failing tests", timestamp="2026-02-03T21:10:00.000Z")  # e1
    tx.assistant("It seems the function takes the last directory.", timestamp="2026-02-03T21:10:08.200Z")  # e2
    return approved_workdir(tmp_path, tx)


def _merged(work: Path, body: str, words: str, reason: str) -> list[str]:
    text = f"## Guess\n\n{body}\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    report = run_check(work)
    verdict = Verdict(3, words, "contradicted", "e2", reason, "p1", "It seems the function takes the last directory.")
    merged = merge(report, Verification("x", "handoff", "m", [verdict]), text, view=require_approved(work)[2])
    return [f.claim.text for f in merged.findings if f.problem]


def test_a_contradiction_of_the_speaker_is_not_a_misread_clock(tmp_path: Path) -> None:
    work = _speaker_work(tmp_path)
    body = "Eight seconds later I added my own guess: the function takes the last directory. <!-- ev: e1 e2 -->"
    words = "Eight seconds later I added my own guess"
    # the model gives the post's own time: what it disputes is who spoke
    assert _merged(work, body, words, "The guess 8 s later came from Claude, not the author.") == [words]
    # the model gives another time: a reading of the clock to the second, the rules' measure stands
    assert _merged(work, body, words, "21:10:00 to 21:10:09: nine seconds, not eight") == []


def test_the_prompt_asks_about_decisions_and_quotes_moved_from_a_brief() -> None:
    system = TemplateLibrary("prompts").render("verify_system.md.j2").text
    assert "judge the decision, not only the act" in system
    assert "a brief Claude gave a subagent among them" in system


def test_secrets_stay_cleared_in_the_cited_events_whole(tmp_path: Path) -> None:
    key = "sk-live-" + "9fQ2xLw7Rt4Kp8Zm3Nv6Bc1D"
    tx = Transcript(cwd="/home/ines/logs", start=START)
    tx.user("rotate the key")
    edit = {"file_path": "/home/ines/logs/conf.py", "old_string": OLD, "new_string": NEW + f"\n    KEY = '{key}'"}
    tx.tool_call("Edit", edit, "File has not been read yet. Read it first before writing to it.", is_error=True)
    tx.tool_call("Edit", edit, "The file has been updated.")
    work = approved_workdir(tmp_path, tx)
    text = "## The key\n\nBoth edits wrote the same lines. <!-- ev: e2 e3 -->\n"
    for _, request in _requests(work, text):
        assert key not in request.user
    assert chunks(text)


def test_words_a_model_shortened_with_an_ellipsis_are_found_on_their_line(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text = (
        "## The types\n\nIn that account, the `TranscriptEntry` types and others have a `timestamp`. <!-- ev: e5 -->\n"
    )
    chunk, request = _requests(work, text)[0]
    item = {"line": 3, "verdict": "supported", "event": "e5", "evidence": "", "reason": "e5 says so"}
    shortened = json.dumps({"claims": [{**item, "words": "the `TranscriptEntry` types ... have a `timestamp`"}]})
    found, dropped = read_answer(shortened, chunk, text.split("\n"), {"e5"}, shown=request.user)
    assert [v.line for v in found] == [3] and dropped == 0
    wrong = json.dumps({"claims": [{**item, "words": "have a `timestamp` ... the `TranscriptEntry` types"}]})
    assert read_answer(wrong, chunk, text.split("\n"), {"e5"}, shown=request.user) == ([], 1)  # out of order


def test_not_shown_here_of_a_claim_about_the_cut_itself_stays(tmp_path: Path) -> None:
    """ "Another N changed lines are not shown" counts what the record's cut says: no finding, in any language."""
    work = _work(tmp_path)
    view = require_approved(work)[2]
    cut = _cut(view)
    count = cut.split("(")[1].split()[0]
    for claim in (f"another {count} changed lines are not shown", f"另有{count}行改动没有显示"):
        text = f"## The edit\n\nThe edit went through; {claim}. <!-- ev: e4 -->\n"
        chunk, request = _requests(work, text)[0]
        item = {"line": 3, "words": claim, "verdict": "not shown here", "event": "e4", "evidence": cut, "reason": "r"}
        found, _ = read_answer(
            json.dumps({"claims": [item]}), chunk, text.split("\n"), {"e4"}, shown=request.user, view=view
        )
        assert [v.verdict for v in found] == ["not shown here"], claim
