"""Round twenty-nine of the check (issue 21), the verifying model, on sessions of our own.

- The tools a cited event called, by name: the material's line tells what a step did ("Edited utils.py (2 edits)"),
  not with which tool, and a faithful "an Edit and a MultiEdit together" was judged `not in the session` (blind18
  X1:66).
- A sure figure (a rule finding that stops --strict) the model supports, with an event and with words that hold the
  figure, is softened to a note: reported, no longer stopping the gate. Every other class of sure finding (a quote,
  a speaker, a command, an outcome) stays the rules' word alone, and so does a figure whose support is of other
  words of its sentence.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from conftest import Transcript

from retell.check.claims import NUMBER
from retell.check.stage import run_check
from retell.check.verify import Verdict, Verification, merge
from retell.check.verify_request import verify_requests
from retell.llm.pricing import load_prices
from retell.templating import TemplateLibrary
from retell.triage.stage import require_approved

START = datetime(2026, 3, 9, 8, 0, tzinfo=timezone.utc)
EDIT = {"file_path": "/home/ada/app/utils.py", "old_string": "a = 1", "new_string": "a = 2"}
MULTI = {"file_path": "/home/ada/app/utils.py", "edits": [{"old_string": "b = 1", "new_string": "b = 2"}]}
PYTEST = "============ 16 passed in 0.42s ============"


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/ada/app", start=START)
    tx.user("bump the two constants and run the tests")  # e1
    tx.tool_call("Edit", EDIT, "The file has been updated.")  # e2
    tx.tool_call("MultiEdit", MULTI, "Applied 1 edit.")  # e3
    tx.tool_call("Bash", {"command": "pytest -q"}, PYTEST)  # e4
    tx.assistant("All 16 tests pass with both constants bumped.")  # e5
    return approved_workdir(tmp_path, tx)


def _request_text(work: Path, text: str) -> str:
    (work / "draft.md").write_text(text, encoding="utf-8")
    triage, parsed, view = require_approved(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    limits = prices.limits(model)
    pairs = verify_requests(text, view, parsed.manifest, triage, model, limits, TemplateLibrary("prompts"))
    return pairs[0][1].user


def test_the_prompt_names_the_tools_each_cited_event_called(tmp_path: Path) -> None:
    work = _work(tmp_path)
    view = require_approved(work)[2]
    ids = {c.name: e.id for e in view.events for c in e.calls or ()}
    cites = f"{ids['Edit']} {ids['MultiEdit']}"
    text = f"## The edits\n\nClaude changed both constants, an Edit and a MultiEdit. <!-- ev: {cites} -->\n"
    shown = _request_text(work, text)
    line = next(x for x in shown.splitlines() if x.startswith("The tools the cited events called"))
    assert "Edit" in line and "MultiEdit" in line
    assert line.index("Edit") < line.index("MultiEdit")  # in order


def _checked(work: Path, text: str):  # type: ignore[no-untyped-def]
    (work / "draft.md").write_text(text, encoding="utf-8")
    return run_check(work)


def _merged(work: Path, text: str, *verdicts: Verdict, clears: bool = True):  # type: ignore[no-untyped-def]
    report = _checked(work, text)
    view = require_approved(work)[2]
    verification = Verification("x", "handoff", "m", list(verdicts), clears=clears)
    return merge(report, verification, text, view=view)


def _test_event(work: Path) -> str:
    view = require_approved(work)[2]
    return next(e.id for e in view.events for c in e.calls or () if c.name == "Bash")


TEXT = "## The tests\n\nThen all 20 tests passed. <!-- ev: {e} -->\n"


def _sure_figure(work: Path) -> tuple[str, str]:
    event = _test_event(work)
    text = TEXT.format(e=event)
    report = _checked(work, text)
    sure = [f for f in report.findings if f.blocking]
    assert sure and sure[0].claim.kind == NUMBER, [(f.claim.kind, f.claim.text, f.reason) for f in report.findings]
    return text, event


def test_a_sure_figure_the_model_supports_word_for_word_no_longer_stops_strict(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, event = _sure_figure(work)
    figure = next(f for f in _checked(work, text).findings if f.blocking).claim.text
    verdict = Verdict(3, f"Then {figure} passed", "supported", event, "the run says so")
    report = _merged(work, text, verdict)
    assert not report.blocking
    softened = [f for f in report.findings if f.softened]
    assert softened and softened[0].problem  # still reported: the author reads it
    line = report.line(softened[0])
    assert "no longer stops render --strict" in line and "[stops render --strict]" not in line


def test_a_figure_whose_support_is_of_other_words_still_stops_strict(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, event = _sure_figure(work)
    report = _merged(work, text, Verdict(3, "tests passed", "supported", event, "the run passed"))
    assert report.blocking and not any(f.softened for f in report.findings)


def test_a_support_without_an_event_or_with_a_made_up_one_still_stops_strict(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, _ = _sure_figure(work)
    figure = next(f for f in _checked(work, text).findings if f.blocking).claim.text
    for event in ("", "e999"):
        report = _merged(work, text, Verdict(3, f"Then {figure} passed", "supported", event, "so it says"))
        assert report.blocking


def test_keeping_the_rule_findings_keeps_the_gate_too(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, event = _sure_figure(work)
    figure = next(f for f in _checked(work, text).findings if f.blocking).claim.text
    verdict = Verdict(3, f"Then {figure} passed", "supported", event, "the run says so")
    assert _merged(work, text, verdict, clears=False).blocking


def test_a_sure_quote_the_model_supports_still_stops_strict(tmp_path: Path) -> None:
    work = _work(tmp_path)
    view = require_approved(work)[2]
    first = view.events[0].id
    text = f'## The ask\n\nI wrote "bump the three constants and deploy". <!-- ev: {first} -->\n'
    report = _checked(work, text)
    sure = [f for f in report.findings if f.blocking]
    assert sure, [(f.claim.kind, f.claim.text, f.reason) for f in report.findings]
    verdict = Verdict(3, "bump the three constants and deploy", "supported", first, "the author asked that")
    assert _merged(work, text, verdict).blocking
