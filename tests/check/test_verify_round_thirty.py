"""Round thirty of the check (issue 21), the verifying model, on sessions of our own.

- What the cited events only guessed, expected or asked is listed in the prompt, sentence by sentence: a cause
  Claude said "smells like" a `timestamp()` was told as settled at that moment and supported by the search after
  it (blind22 AB1:26).
- A failed run's output the record keeps to a length and ends mid-line ("StatusCode: 40…") is the record's own cut:
  a `not shown here` naming it is `not in the session` (blind22 AB1:77).
- A low-confidence citation problem of a paragraph whose every claim the model supports with an event the
  paragraph cites is cleared (blind22 AB2:8, blind21 AA2:131); one verdict of another kind keeps it.
- A figure as the post writes it, digits and the word after them, that a cited event writes too ("los 40
  archivos" of a cited "40 archivos, 18412 filas leídas") is traced (blind22 AB2:59, 148).
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

from retell.check.claims import CITATION, NUMBER
from retell.check.stage import run_check
from retell.check.verify import Verdict, Verification, merge, read_answer
from retell.check.verify_request import verify_requests
from retell.llm.pricing import load_prices
from retell.templating import TemplateLibrary
from retell.triage.stage import require_approved

START = datetime(2026, 3, 9, 8, 0, tzinfo=timezone.utc)
ERROR = (
    "│ Error: deleting CloudFront Origin Access Control (E2QWRUHAPOMQZL): operation error CloudFront: "
    "DeleteOriginAccessControl, https response error StatusCode: 409, RequestID: 7d4f3a0e-2b61-4c55-9a8e, "
    "OriginAccessControlInUse: The origin access control is in use.\n│\n╵"
)
LOAD = "INFO etl.cli: 40 archivos, 18412 filas leídas\nINFO etl.load: 18375 filas válidas\nlisto en 4.9 s"


def _work(tmp_path: Path, secret: str = "") -> Path:
    tx = Transcript(cwd="/home/ada/site", start=START)
    tx.user("terraform plan wants to replace the OAC again. is it the name?")  # e1
    tx.tool_call("Bash", {"command": "terraform plan -no-color"}, "~ name = (known after apply) # forces replacement")
    tx.assistant(f"The name is the trigger. That smells like a `timestamp()` in the name{secret}.")  # e3
    tx.tool_call("Grep", {"pattern": "timestamp"}, "modules/site/cloudfront.tf:2: name = timestamp()")  # e4
    tx.tool_call("Bash", {"command": "terraform apply -auto-approve"}, ERROR, is_error=True)  # e5
    tx.assistant("Fixed the ordering. With `create_before_destroy` prod should go through the same way.")  # e6
    tx.tool_call("Bash", {"command": "python -m etl.cli --mes 2025-11"}, LOAD)  # e7
    return approved_workdir(tmp_path, tx)


def _ids(work: Path) -> dict[str, str]:
    view = require_approved(work)[2]
    out: dict[str, str] = {}
    for event in view.events:
        for call in event.calls or ():
            out.setdefault(call.target or call.name, event.id)
        if event.kind in ("assistant", "human"):
            out.setdefault((event.text or "")[:12], event.id)
    return out


def _requests(work: Path, text: str):  # type: ignore[no-untyped-def]
    (work / "draft.md").write_text(text, encoding="utf-8")
    triage, parsed, view = require_approved(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    limits = prices.limits(model)
    return verify_requests(text, view, parsed.manifest, triage, model, limits, TemplateLibrary("prompts"))


def _section(user: str) -> list[str]:
    head = "# What the cited events only guessed, expected, asked or read"
    if head not in user:
        return []
    return user.split(head, 1)[1].strip().split("\n\n", 1)[0].splitlines()


def test_the_prompt_lists_what_the_cited_events_only_guessed_or_asked(tmp_path: Path) -> None:
    work = _work(tmp_path)
    ids = _ids(work)
    asked, guessed = ids["terraform pl"], ids["The name is "]
    text = (
        f"## The plan\n\nA `timestamp()` in the module rewrote the name on every run. <!-- ev: {asked} {guessed} -->\n"
    )
    listed = _section(_requests(work, text)[0][1].user)
    assert any(line.startswith(f"[{guessed}] CLAUDE guessed") and "smells like" in line for line in listed), listed
    assert any(line.startswith(f"[{asked}] AUTHOR asked") and "is it the name?" in line for line in listed), listed
    # the plain sentence of the same message is no guess, and the author's instruction no question
    assert not any("The name is the trigger" in line or "wants to replace" in line for line in listed)


def test_an_expectation_is_listed_and_an_uncited_guess_is_not(tmp_path: Path) -> None:
    work = _work(tmp_path)
    ids = _ids(work)
    expected = ids["Fixed the or"]
    listed = _section(
        _requests(work, f"## Prod\n\nProd goes through the same way. <!-- ev: {expected} -->\n")[0][1].user
    )
    assert listed and "should go through the same way" in listed[0] and "Fixed the ordering" not in listed[0]
    assert not any("smells like" in line for line in listed)  # e3 is not cited


def test_a_part_whose_cited_events_guess_nothing_has_no_such_section(tmp_path: Path) -> None:
    work = _work(tmp_path)
    run = _ids(work)["python -m etl.cli --mes 2025-11"]
    user = _requests(work, f"## The load\n\nThe load read 40 files. <!-- ev: {run} -->\n")[0][1].user
    assert "# What the cited events only guessed" not in user


def test_secrets_stay_cleared_in_the_guesses_listed(tmp_path: Path) -> None:
    key = "ghp_" + "Zq8Lr2Vx7Nw4Kt9Pb3Hc6Jd1Mf5Gs0Yu8Ea"
    work = _work(tmp_path, secret=f" (key {key})")
    guessed = next(v for k, v in _ids(work).items() if k.startswith("The name is"))
    text = f"## The plan\n\nThe name held a timestamp. <!-- ev: {guessed} -->\n"
    for _, request in _requests(work, text):
        assert key not in request.user
        assert _section(request.user)  # the guess is still listed, its key cleared


def test_an_output_the_record_stops_mid_line_is_its_own_cut(tmp_path: Path) -> None:
    work = _work(tmp_path)
    failed = _ids(work)["terraform apply -auto-approve"]
    text = f"## The apply\n\nThe distribution still pointing at the old OAC blocked the delete. <!-- ev: {failed} -->\n"
    chunk, request = _requests(work, text)[0]
    whole = request.user.split("# The cited events whole", 1)[1].split("# The rest of the session", 1)[0]
    assert f"[{failed}]" in whole and "is the session's own cut" in whole and "StatusCode: 40…" in whole
    item = {
        "line": 3,
        "words": "The distribution still pointing at the old OAC blocked the delete",
        "verdict": "not shown here",
        "event": failed,
        "evidence": "https response error StatusCode: 40…",
        "reason": "the error is cut before its reason",
    }
    view = require_approved(work)[2]
    known = {e.id for e in view.events}
    found, _ = read_answer(
        json.dumps({"claims": [item]}), chunk, text.split("\n"), known, shown=request.user, view=view
    )
    assert [v.verdict for v in found] == ["not in the session"]


def _checked(work: Path, text: str):  # type: ignore[no-untyped-def]
    (work / "draft.md").write_text(text, encoding="utf-8")
    return run_check(work)


def _citation_problem(work: Path) -> tuple[str, str, str]:
    ids = _ids(work)
    run, asked = ids["python -m etl.cli --mes 2025-11"], ids["terraform pl"]
    # a summary in other words of what it cites: the rules see none of the cited events' words in it
    words = "Somewhere in between came a long detour of mine through rainy weekend errands, spare bicycle parts"
    text = f"## In short\n\n{words} and kitchen chores. <!-- ev: {run} {asked} -->\n"
    report = _checked(work, text)
    problems = [f for f in report.findings if f.problem and f.claim.kind == CITATION]
    assert problems and not problems[0].blocking, [(f.claim.kind, f.reason) for f in report.findings]
    return text, run, asked


def _merged(work: Path, text: str, *verdicts: Verdict):  # type: ignore[no-untyped-def]
    report = _checked(work, text)
    view = require_approved(work)[2]
    return merge(report, Verification("x", "handoff", "m", list(verdicts), clears=True), text, view=view)


def test_a_citation_problem_clears_when_the_model_supports_every_claim_with_a_cited_event(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, _run, asked = _citation_problem(work)
    verdict = Verdict(3, "a long detour of mine through rainy weekend errands", "supported", asked, "the author asked")
    report = _merged(work, text, verdict)
    citation = [f for f in report.findings if f.claim.kind == CITATION]
    assert citation and not any(f.problem for f in citation) and citation[0].cleared


def test_a_citation_problem_stays_on_one_doubt_or_an_uncited_event(tmp_path: Path) -> None:
    work = _work(tmp_path)
    text, run, asked = _citation_problem(work)
    other = _ids(work)["The name is "]
    for verdicts in (
        [
            Verdict(3, "a long detour of mine through rainy weekend errands", "supported", asked, "the author asked"),
            Verdict(3, "spare bicycle parts and kitchen chores", "not in the cited events", run, "elsewhere"),
        ],
        [Verdict(3, "a long detour of mine through rainy weekend errands", "supported", other, "Claude's message")],
        [],
    ):
        report = _merged(work, text, *verdicts)
        assert any(f.problem and f.claim.kind == CITATION for f in report.findings), verdicts


def test_a_figure_a_cited_event_writes_the_same_way_is_traced(tmp_path: Path) -> None:
    work = _work(tmp_path)
    run = _ids(work)["python -m etl.cli --mes 2025-11"]
    good = f"## La carga\n\nLa carga leyó los 40 archivos sin error. <!-- ev: {run} -->\n"
    assert not [f for f in _checked(work, good).findings if f.problem and f.claim.kind == NUMBER]
    wrong = f"## La carga\n\nLa carga leyó los 42 archivos sin error. <!-- ev: {run} -->\n"
    assert [f for f in _checked(work, wrong).findings if f.problem and f.claim.kind == NUMBER]


def test_a_request_put_as_a_question_is_no_question_and_a_plan_no_guess() -> None:
    from retell.check.guesses import asked, hedged

    assert asked("Can you please update these tests? Was that advice actually right?") == [
        "Was that advice actually right?"
    ]
    assert asked("¿puedes correrlo otra vez? oye, ¿no se van a duplicar lecturas?") == [
        "oye, ¿no se van a duplicar lecturas?"
    ]
    assert hedged("I think the better approach is a base class. It might be the cache.") == ["It might be the cache."]


def test_a_citation_problem_clears_when_the_model_finds_a_claim_between_two_cited_events(tmp_path: Path) -> None:
    """A summary of the stretch between two runs it cites ("only one test changed in between", blind27 AG2:161) is
    told by the events the citation spans: where the model supports a claim with a cited event and the others with
    events between two cited ones, the rules' low-confidence citation problem clears; with none on a cited event,
    it stays."""
    work = _work(tmp_path)
    text, run, asked = _citation_problem(work)
    events = [e.id for e in require_approved(work)[2].events]
    between = events[(events.index(asked) + events.index(run)) // 2]
    assert between not in (asked, run)
    cited = Verdict(3, "a long detour of mine through rainy weekend errands", "supported", asked, "the author asked")
    spanned = Verdict(3, "spare bicycle parts and kitchen chores", "supported", between, "in between")
    report = _merged(work, text, cited, spanned)
    assert not any(f.problem and f.claim.kind == CITATION for f in report.findings)
    alone = _merged(work, text, spanned)  # (no claim on a cited event: the citation may be all wrong)
    assert any(f.problem and f.claim.kind == CITATION for f in alone.findings)
