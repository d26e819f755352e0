"""`retell check --verify`: a model reads each part of the draft beside the events it cites (round ten).

What a user notices: one call per part, through the engine they have (a loopback stub of the API, a fake
`claude`, hand-off answer files); the model's findings marked [model] in the report, the preview and render,
never stopping --strict; a malformed answer asked for once more, then a one-line error; offline, the rules
alone, and said; nothing uncleared ever in a request; the verdicts dropped once draft.md changes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import httpx2
import pytest
from llm_support import (
    FAKE_GITHUB_TOKEN,
    Stub,
    call_logs,
    fake_claude,
    fake_claude_calls,
    install,
    isolate,
    make_workdir,
    ok,
    run,
    sse_response,
    standard_session,
)
from model_answers import call_kind, user_text, verify_answer

from retell.check.report import CheckReport
from retell.check.stage import run_check
from retell.check.verdict import MODEL, RULES_AND_MODEL, TRACED, UNTRACED
from retell.check.verify import VERIFY_FILE, Verdict, Verification, draft_hash, merge, read_answer
from retell.check.verify_request import chunks

DRAFT = """---
title: The filter that hid whole groups
---

The timeline hid whole groups when I filtered it, so I asked Claude to fix it. <!-- ev: e1 -->

Claude read the filter code first and found it dropped whole groups instead of their items. <!-- ev: e2 e3 e5 -->

## The fix

I asked for the items to be hidden and the group headers kept visible. <!-- ev: e9 -->

Claude hid the items, and the designers were delighted with the change the same evening. <!-- ev: e10 -->

In the end my colleague Zorblax read the change over. <!-- ev: e12 -->
"""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    work = make_workdir(tmp_path)
    (work / "draft.md").write_text(DRAFT, encoding="utf-8")
    return work


def _verify_answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
    text = json.dumps(verify_answer(user_text(body)))
    return sse_response(text, model=body["model"], request_id=f"req_{len(stub.bodies):04d}")


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.split("\n"), 1) if needle in line)


def test_verify_sends_one_call_per_part_and_marks_the_models_findings(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    result = run("check", workdir, "--verify")
    assert result.exit_code == 1, result.output  # the model found a name nothing holds
    assert len(stub.bodies) == len(chunks(DRAFT)) == 2  # one per part: the opening, and "The fix"
    delighted = _line_of(DRAFT, "delighted")
    line = next(x for x in result.stdout.splitlines() if x.startswith(f"draft.md:{delighted}:"))
    assert "[model]" in line and "not in the session" in line
    assert "verified by a model (anthropic, " in result.stdout
    logs = call_logs(workdir)
    assert [c["stage"] for c in logs] == ["verify", "verify"]
    assert (workdir / VERIFY_FILE).is_file()
    # the structured answer asked for: a JSON Schema with the four verdicts
    schema = stub.bodies[0]["output_config"]["format"]["schema"]
    assert schema["properties"]["claims"]["items"]["properties"]["verdict"]["enum"][3] == "not in the session"


def test_each_call_carries_its_part_and_the_events_it_cites(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    run("check", workdir, "--verify")
    second = user_text(stub.bodies[1])
    assert "under “The fix”" in second
    assert "delighted" in second and "The timeline hid whole groups" not in second  # only its own part
    near = second.split("# The events it cites, and their neighbours", 1)[1].split("# The rest of the session")[0]
    assert "[e10]" in near and "[e9]" in near and "[e1]" not in near  # cited, with neighbours; not the rest
    assert "<!-- ev:" not in second  # the markers are said as "(cites: …)", not sent as HTML
    assert "(cites: e10)" in second


def test_the_sessions_secret_is_never_in_a_request(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    run("check", workdir, "--verify")
    assert stub.bodies
    assert all(FAKE_GITHUB_TOKEN not in json.dumps(body) for body in stub.bodies)  # the cleared view only


def test_an_uncleared_secret_in_the_draft_stops_before_anything_is_sent(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    text = DRAFT.replace("so I asked Claude", f"so I pasted {FAKE_GITHUB_TOKEN} and asked Claude")
    (workdir / "draft.md").write_text(text, encoding="utf-8")
    result = run("check", workdir, "--verify")
    assert result.exit_code != 0
    assert "secret" in result.stderr and f"draft.md line {_line_of(text, 'pasted')}" in result.stderr
    assert FAKE_GITHUB_TOKEN not in result.output
    assert stub.bodies == []


def test_a_malformed_answer_is_asked_for_once_more(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
        if len(stub.bodies) == 1:
            return sse_response("Here is my review: the post looks fine.", model=body["model"])
        return _verify_answer(body, stub)

    stub = Stub(answer)
    install(monkeypatch, stub, key=True)
    result = run("check", workdir, "--verify", "--jobs", "1")
    assert result.exit_code == 1, result.output
    assert len(stub.bodies) == 3  # the part answered in prose was asked again; the other was not
    assert "[model]" in result.stdout


def test_an_answer_malformed_twice_is_one_line_and_nothing_is_kept(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
        return sse_response('{"claims": [{"line": 5, "verdict": "probably fine"}]}', model=body["model"])

    install(monkeypatch, Stub(answer))
    result = run("check", workdir, "--verify", "--jobs", "1")
    assert result.exit_code == 1
    errors = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(errors) == 1 and errors[0].startswith("retell: error:"), result.stderr
    assert "verify p1" in errors[0] and "claims[0]" in errors[0]
    assert "Traceback" not in result.output
    assert not (workdir / VERIFY_FILE).exists()
    assert list((workdir / "llm").glob("verify-p1-*.failed.json"))


def test_offline_is_the_rules_alone_and_says_so(workdir: Path) -> None:
    result = run("check", workdir, "--verify", "--engine", "offline")
    assert "rules only" in result.stderr
    assert "[model]" not in result.stdout and "verified by a model" not in result.stdout
    assert not (workdir / VERIFY_FILE).exists()


def test_engine_options_need_verify(workdir: Path) -> None:
    result = run("check", workdir, "--engine", "anthropic")
    assert result.exit_code == 1
    assert "go with --verify" in result.stderr


def test_a_dry_run_writes_the_prompts_and_sends_nothing(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    result = ok(run("check", workdir, "--verify", "--dry-run"))
    assert stub.bodies == []
    assert "verify/p1" in result.stdout and "verify/p2" in result.stdout
    assert sorted(p.name for p in (workdir / "llm" / "dry-run").iterdir()) == [
        "verify-p1.prompt.md",
        "verify-p2.prompt.md",
    ]


def test_a_second_run_reads_the_call_log_and_pays_nothing(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub(_verify_answer)
    install(monkeypatch, stub)
    run("check", workdir, "--verify")
    run("check", workdir, "--verify")
    assert len(stub.bodies) == 2


def test_the_fake_claude_cli_engine(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    log = fake_claude(tmp_path, monkeypatch)
    result = run("check", workdir, "--verify", "--engine", "claude-cli")
    assert result.exit_code == 1, result.output
    assert len(fake_claude_calls(log)) == 2
    assert "[model]" in result.stdout


def test_handoff_writes_prompt_files_then_reads_the_answers(workdir: Path) -> None:
    result = run("check", workdir, "--verify", "--engine", "handoff")
    assert result.exit_code == 75, result.output
    prompts = sorted((workdir / "handoff").glob("*-verify-*.prompt.md"))
    assert len(prompts) == 2
    for prompt in prompts:
        text = prompt.read_text(encoding="utf-8")
        user = text.split("<user>\n", 1)[1].split("\n</user>", 1)[0]
        answer = prompt.with_name(prompt.name.replace(".prompt.md", ".answer.md"))
        answer.write_text(json.dumps(verify_answer(user)), encoding="utf-8")
    result = run("check", workdir, "--verify", "--engine", "handoff")
    assert result.exit_code == 1, result.output
    assert "[model]" in result.stdout and "the designers were" in result.stdout


def test_a_handoff_answer_in_prose_is_refused_with_why(workdir: Path) -> None:
    run("check", workdir, "--verify", "--engine", "handoff")
    for prompt in sorted((workdir / "handoff").glob("*-verify-*.prompt.md")):
        prompt.with_name(prompt.name.replace(".prompt.md", ".answer.md")).write_text("Looks fine.", encoding="utf-8")
    result = run("check", workdir, "--verify", "--engine", "handoff")
    assert result.exit_code == 75
    assert "JSON" in result.output
    assert list((workdir / "handoff").glob("*.refused.md"))


def test_render_and_preview_show_the_models_findings_and_strict_does_not_stop_on_them(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(monkeypatch, Stub(_verify_answer))
    run("check", workdir, "--verify")
    out = workdir / "out"
    result = run("render", workdir, "--strict", "-o", out)
    assert result.exit_code == 0, result.output  # the model's finding is advice
    assert "verified by a model" in result.output
    from retell.render.preview import MODEL_CHECK, PreviewOptions, build_preview

    preview = build_preview(workdir, PreviewOptions())
    model = [f for f in preview.findings if f.source == MODEL_CHECK]
    assert len(model) == 1 and "the designers were" in model[0].message and not model[0].strict
    assert MODEL_CHECK in preview.html()


def test_verdicts_are_dropped_once_the_draft_changes(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(_verify_answer))
    run("check", workdir, "--verify")
    (workdir / "draft.md").write_text(DRAFT.replace("delighted", "pleased"), encoding="utf-8")
    result = run("render", workdir, "-o", workdir / "out")
    assert "verified by a model" not in result.output


# -- merging, on the report itself --------------------------------------------------------------------------


def _report(workdir: Path) -> CheckReport:
    return run_check(workdir)


def test_a_problem_both_found_is_marked_as_both(workdir: Path) -> None:
    report = _report(workdir)
    zorblax = _line_of(DRAFT, "Zorblax")
    rule = [f for f in report.problems if f.claim.line == zorblax]
    assert rule, report.lines()  # the rules say "the session never names Zorblax"
    words = "my colleague Zorblax read the change over"
    merged = merge(
        report,
        Verification(draft_hash(DRAFT), "t", "m", [Verdict(zorblax, words, "not in the session", "", "no one")]),
        DRAFT,
    )
    both = [f for f in merged.problems if f.claim.line == zorblax and "Zorblax" in f.claim.text]
    assert [f.source for f in both] == [RULES_AND_MODEL]
    assert "[rules+model]" in merged.line(both[0]) and "the model: not in the session" in merged.line(both[0])
    assert not [f for f in merged.problems if f.source == MODEL]  # one finding, not two


def test_a_low_confidence_rule_finding_the_model_supports_is_cleared_unless_kept(workdir: Path) -> None:
    zorblax = _line_of(DRAFT, "Zorblax")
    verdict = Verdict(zorblax, "my colleague Zorblax", "supported", "e10", "said in e10")
    kept = merge(_report(workdir), Verification(draft_hash(DRAFT), "t", "m", [verdict], clears=False), DRAFT)
    finding = next(f for f in kept.findings if f.claim.line == zorblax and "Zorblax" in f.claim.text)
    assert finding.status == UNTRACED and "the model: supported (e10)" in kept.line(finding) and not kept.cleared
    assert (
        len(merge(_report(workdir), Verification(draft_hash(DRAFT), "t", "m", [verdict]), DRAFT).cleared) == 1
    )  # the default, round twenty-seven
    lowered = merge(_report(workdir), Verification(draft_hash(DRAFT), "t", "m", [verdict], clears=True), DRAFT)
    finding = next(f for f in lowered.findings if f.claim.line == zorblax and "Zorblax" in f.claim.text)
    assert finding.status == TRACED and finding.event == "e10" and lowered.cleared == [finding]
    assert "cleared by the model (the rules: " in lowered.line(finding) and "supported (e10)" in lowered.line(finding)
    # with no event named, the model's word clears nothing
    bare = Verdict(zorblax, "my colleague Zorblax", "supported", "", "seems fine")
    unnamed = merge(_report(workdir), Verification(draft_hash(DRAFT), "t", "m", [bare], clears=True), DRAFT)
    assert not unnamed.cleared


def _supports_zorblax(body: dict[str, Any], stub: Stub) -> httpx2.Response:
    """The test model's answer, and the Zorblax line read as supported by e12."""
    user = user_text(body)
    data = verify_answer(user)
    for match in re.finditer(r"^L(\d+): (.*Zorblax.*)$", user, re.M):
        data["claims"].append(
            {
                "line": int(match.group(1)),
                "words": "my colleague Zorblax",
                "verdict": "supported",
                "event": "e12",
                "reason": "e12",
            }
        )
    return sse_response(json.dumps(data), model=body["model"], request_id=f"req_{len(stub.bodies):04d}")


def test_check_verify_model_clears_says_which(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(_supports_zorblax))
    zorblax = _line_of(DRAFT, "Zorblax")
    result = run("check", workdir, "--verify", "--model-clears")
    line = next(x for x in result.stdout.splitlines() if x.startswith(f"draft.md:{zorblax}:") and "Zorblax" in x)
    assert "cleared by the model" in line and "supported (e12)" in line
    assert "1 of the rules' cleared by it" in result.stdout
    data = json.loads(run("check", workdir, "--verify", "--model-clears", "--json").stdout)
    cleared = [c for c in data["claims"] if c["cleared_by_model"]]
    assert data["summary"]["cleared_by_model"] == 1 and len(cleared) == 1
    assert cleared[0]["status"] == "traced" and cleared[0]["source"] == "rules+model" and cleared[0]["reason"]
    # render and the preview read the same verify.json: the same finding cleared, listed apart, never counted
    render = run("render", workdir, "-o", workdir / "out")
    assert "1 of the rules' cleared by it" in render.output
    from retell.render.preview import CLEARED, GROUNDING, PreviewOptions, build_preview

    preview = build_preview(workdir, PreviewOptions())
    assert [f.lines for f in preview.findings if f.source == CLEARED] == [(zorblax,)]
    assert not [f for f in preview.findings if f.source == GROUNDING and zorblax in f.lines]
    page = preview.html()
    assert CLEARED in page and "Zorblax" in page.split(CLEARED, 1)[1]


def test_by_default_the_model_clears_and_keep_rule_findings_keeps_them(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Clearing is on by default from round twenty-seven (fewer false alarms on five blind-answered sets for 2 of
    372 catches); --keep-rule-findings keeps the rule findings, in check, render and the preview alike."""
    install(monkeypatch, Stub(_supports_zorblax))
    zorblax = _line_of(DRAFT, "Zorblax")
    cleared = run("check", workdir, "--verify")
    line = next(x for x in cleared.stdout.splitlines() if x.startswith(f"draft.md:{zorblax}:") and "Zorblax" in x)
    assert "cleared by the model" in line
    assert json.loads((workdir / VERIFY_FILE).read_text("utf-8"))["model_clears"] is True
    result = run("check", workdir, "--verify", "--keep-rule-findings")
    line = next(x for x in result.stdout.splitlines() if x.startswith(f"draft.md:{zorblax}:") and "Zorblax" in x)
    assert "cleared" not in line and "the model: supported (e12)" in line
    assert json.loads((workdir / VERIFY_FILE).read_text("utf-8"))["model_clears"] is False
    assert "cleared by it" not in run("render", workdir, "-o", workdir / "out").output
    from retell.render.preview import CLEARED, GROUNDING, PreviewOptions, build_preview

    preview = build_preview(workdir, PreviewOptions())
    assert not [f for f in preview.findings if f.source == CLEARED]
    assert [f for f in preview.findings if f.source == GROUNDING and zorblax in f.lines]


def test_keep_rule_findings_and_model_clears_go_with_verify(workdir: Path) -> None:
    for flag in ("--keep-rule-findings", "--model-clears"):
        result = run("check", workdir, flag)
        assert result.exit_code == 1 and flag in result.output and "Traceback" not in result.output


def test_the_answer_is_placed_on_the_line_that_holds_its_words(workdir: Path) -> None:
    part = chunks(DRAFT)[1]
    lines = DRAFT.split("\n")
    answer = json.dumps(
        {
            "claims": [
                {
                    "line": part.first,
                    "words": "my colleague Zorblax",
                    "verdict": "not in the session",
                    "event": "",
                    "reason": "x",
                },
                {
                    "line": part.first,
                    "words": "words nowhere in the post",
                    "verdict": "not in the session",
                    "event": "",
                    "reason": "x",
                },
                {
                    "line": part.first,
                    "words": "the group headers kept visible",
                    "verdict": "supported",
                    "event": "e99",
                    "reason": "x",
                },
            ]
        }
    )
    verdicts, dropped = read_answer(answer, part, lines, {"e9", "e10"})
    assert [v.line for v in verdicts] == [_line_of(DRAFT, "Zorblax"), _line_of(DRAFT, "group headers")]
    assert dropped == 1
    assert verdicts[1].event == ""  # an id the session does not have is no evidence


def test_a_part_is_bounded_whatever_the_sessions_size(workdir: Path) -> None:
    long = DRAFT + "\n".join(
        f"\nParagraph {n} tells more of the fix, at some length. <!-- ev: e10 -->" for n in range(200)
    )
    parts = chunks(long)
    sizes = [len(re.findall(r"\w+", re.sub(r"<!--.*?-->", "", " ".join(b.raw for b in p.blocks)))) for p in parts]
    assert len(parts) >= 6 and max(sizes) <= 350


def test_run_verify_reads_the_draft_after_writing_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub()  # a well-behaved model: outline, sections, finish, and the verification's JSON
    install(monkeypatch, stub)
    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    result = ok(run("run", session, "--yes", "-o", tmp_path / "R", "--verify"))
    kinds = [call_kind(body) for body in stub.bodies]
    assert "verify" in kinds and kinds.index("verify") > kinds.index("finish")
    assert "verify " in result.stderr and "problem(s) only the model found" in result.stderr
    assert (tmp_path / "R" / VERIFY_FILE).is_file()


def test_a_handoff_answer_quoting_markup_of_the_draft_is_read(workdir: Path) -> None:
    """A verdict quotes the draft's words, tags and all: it is never published, so it is no live markup."""
    text = DRAFT.replace("the designers were delighted", "the designers were delighted with the <details> block")
    (workdir / "draft.md").write_text(text, encoding="utf-8")
    run("check", workdir, "--verify", "--engine", "handoff")
    for prompt in sorted((workdir / "handoff").glob("*-verify-*.prompt.md")):
        body = prompt.read_text(encoding="utf-8")
        assert "raw HTML tags" not in body  # the post's markup rules are not this answer's
        user = body.split("<user>\n", 1)[1].split("\n</user>", 1)[0]
        answer = verify_answer(user)
        for claim in answer["claims"]:
            claim["words"] = "the <details> block"
        prompt.with_name(prompt.name.replace(".prompt.md", ".answer.md")).write_text(json.dumps(answer), "utf-8")
    result = run("check", workdir, "--verify", "--engine", "handoff")
    assert result.exit_code == 1, result.output
    assert "[model]" in result.stdout and "<details>" in result.stdout


def test_json_gives_each_claims_source_and_who_verified(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(_verify_answer))
    result = run("check", workdir, "--verify", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert data["summary"]["verified_by"].startswith("anthropic, ")
    model = [c for c in data["claims"] if c["source"] == "model"]
    assert len(model) == 1 and model[0]["kind"] == "claim" and model[0]["blocking"] is False
    assert {c["source"] for c in data["claims"]} <= {"rules", "model", "rules+model"}


def test_a_secret_shaped_item_the_model_writes_is_redacted(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict[str, Any], stub: Stub) -> httpx2.Response:
        data = verify_answer(user_text(body))
        for claim in data["claims"]:
            claim["reason"] = f"the token {FAKE_GITHUB_TOKEN} is not in the session"
        return sse_response(json.dumps(data), model=body["model"])

    install(monkeypatch, Stub(answer))
    result = run("check", workdir, "--verify")
    assert FAKE_GITHUB_TOKEN not in result.output
    assert FAKE_GITHUB_TOKEN not in (workdir / VERIFY_FILE).read_text(encoding="utf-8")
    assert "secret-shaped" in result.stderr


def test_a_cited_step_of_a_subagent_is_shown_with_its_neighbours() -> None:
    """A paragraph citing what a subagent ran (`e2.4`) gets that step before the model, not only the spawn's
    brief and report: otherwise every claim about the agent's own work reads as "not in the session"."""
    from retell.check.verify_request import near_events
    from retell.events import SUBAGENT, TOOL_RUN, Event, EventLog, SessionInfo, Subagent, ToolCall

    steps = [
        Event(kind=TOOL_RUN, id=f"e2.{n}", summary=f"Ran step {n}", calls=[ToolCall("Bash", target=f"ls dir{n}")])
        for n in range(1, 9)
    ]
    spawn = Event(kind=SUBAGENT, id="e2", subagent=Subagent("toolu_1", description="Explore the code", events=steps))
    log = EventLog(
        session=SessionInfo(id="s"),
        chapters=[],
        events=[Event(kind="human", id="e1", text="map the code"), spawn, Event(kind="assistant", id="e3", text="ok")],
    )
    part = chunks("The agent listed `dir4` first. <!-- ev: e2.4 -->\n")[0]
    near, rest = near_events(part, log)
    ids = [e.id for e in near]
    assert ids[: ids.index("e2") + 1] == ["e1", "e2"]
    assert "e2.4" in ids and ids.index("e2.4") > ids.index("e2")
    assert "e2.8" not in ids  # the agent's other steps stay out: only the cited one's neighbours
    assert [e.id for e in rest] == []


def test_the_preview_panel_says_each_place_once_with_verdicts_merged(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The panel shows a finding's line and kind on their own: its message is the rest of the report line, with
    or without the `[source]` tag a merged report adds (else "draft.md:13: claim [model]: …" stood in it)."""
    install(monkeypatch, Stub(_verify_answer))
    run("check", workdir, "--verify")
    from retell.render.preview import GROUNDING, MODEL_CHECK, PreviewOptions, build_preview

    preview = build_preview(workdir, PreviewOptions())
    shown = [f for f in preview.findings if f.source in (GROUNDING, MODEL_CHECK)]
    assert any(f.source == MODEL_CHECK for f in shown)
    assert all(not f.message.startswith("draft.md:") for f in shown), [f.message for f in shown]


def test_check_verify_reads_the_work_folder_once(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check and the model read the same draft.md, read once (round eleven: verify read the work folder
    again after the check, so the text sent could be another than the text checked)."""
    import retell.check.stage
    import retell.triage.stage

    loads: list[Path] = []
    original = retell.triage.stage.require_approved

    def counted(path: Path) -> Any:
        loads.append(path)
        return original(path)

    monkeypatch.setattr(retell.triage.stage, "require_approved", counted)
    monkeypatch.setattr(retell.check.stage, "require_approved", counted)
    install(monkeypatch, Stub(_verify_answer))
    result = run("check", workdir, "--verify")
    assert result.exit_code == 1, result.output
    assert len(loads) == 1


def test_run_verify_asks_the_model_run_was_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`retell run --model X --verify`: every call of the run goes to X, the verification's too (round eleven: it
    went to the verify default)."""
    stub = Stub()
    install(monkeypatch, stub)
    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    ok(run("run", session, "--yes", "-o", tmp_path / "R", "--verify", "--model", "claude-haiku-4-5"))
    verify = [body for body in stub.bodies if call_kind(body) == "verify"]
    assert verify and {body["model"] for body in verify} == {"claude-haiku-4-5"}
    assert {body["model"] for body in stub.bodies} == {"claude-haiku-4-5"}


def test_an_ok_vouches_for_the_model_findings_of_its_own_sentence(workdir: Path) -> None:
    """`<!-- ok -->` after a claim vouches for that claim (docs/check.md, "The hidden markers"): a model's finding
    too, when the mark follows its words in their sentence; a finding of another sentence of the paragraph stands
    (round eleven: one `ok` anywhere in a paragraph accepted every finding the model made in it)."""
    text = DRAFT.replace(
        "Claude hid the items, and the designers were delighted with the change the same evening. <!-- ev: e10 -->",
        "Claude hid the items, and the designers were delighted with the change the same evening. "
        "<!-- ok: they said so at the stand-up --> The sales team ordered a cake for it. <!-- ev: e10 -->",
    )
    report = CheckReport("draft.md", [], 0, 1)
    line = _line_of(text, "delighted")
    verdicts = [
        Verdict(line, "the designers were delighted with the change", "not in the session", "", "nobody said so"),
        Verdict(line, "The sales team ordered a cake", "not in the session", "", "no cake in the session"),
    ]
    merged = merge(report, Verification(draft_hash(text), "anthropic", "m", verdicts), text)
    by_words = {f.claim.text: f for f in merged.findings}
    delighted = by_words["the designers were delighted with the change"]
    assert delighted.status == "accepted" and delighted.claim.accepted == "they said so at the stand-up"
    assert by_words["The sales team ordered a cake"].status == UNTRACED


def test_run_verify_keeps_the_choice_of_clearing_in_verify_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`retell run --verify` keeps the rule findings as `retell check --verify` does, `--model-clears` clears: the
    choice is kept in verify.json, so the render the run ends with (and a later preview) reads it the same way."""
    install(monkeypatch, Stub())
    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    ok(run("run", session, "--yes", "-o", tmp_path / "R", "--verify", "--model-clears"))
    assert json.loads((tmp_path / "R" / VERIFY_FILE).read_text("utf-8"))["model_clears"] is True
    ok(run("run", session, "--yes", "-o", tmp_path / "K", "--verify", "--keep-rule-findings"))
    assert json.loads((tmp_path / "K" / VERIFY_FILE).read_text("utf-8"))["model_clears"] is False
    ok(run("run", session, "--yes", "-o", tmp_path / "D", "--verify"))  # the default clears (round twenty-seven)
    assert json.loads((tmp_path / "D" / VERIFY_FILE).read_text("utf-8"))["model_clears"] is True
    alone = run("run", session, "--yes", "-o", tmp_path / "X", "--model-clears")
    assert alone.exit_code == 1 and "--keep-rule-findings and --model-clears go with --verify" in alone.output


def test_a_code_block_is_shown_to_the_model_with_the_events_cited_after_it(workdir: Path) -> None:
    """Round twelve: a flag changed in a code block (`--ff-only` for `--no-ff`, a `True` for a `False`) slipped
    past the model because the parts left code blocks out, and a citation on the line after the closing fence
    was read as an example inside the block. A block now goes to the model with its lines numbered, its lead-in
    and itself citing what the marker after it cites; a long one is cut after CODE_LINES lines."""
    from retell.check.verify_request import CODE_LINES

    text = (
        "---\ntitle: t\n---\n\nClaude merged the branch with:\n\n```bash\ngit merge --ff-only fix/groups\n```\n\n"
        "<!-- ev: e10 -->\n\nThe long listing it printed:\n\n```text\n"
        + "\n".join(f"line {n} of the listing" for n in range(CODE_LINES + 12))
        + "\n```\n"
    )
    first = chunks(text)[0]
    shown = first.lines()
    assert "L8: git merge --ff-only fix/groups" in shown
    assert shown.count("(cites: e10)") == 2  # the lead-in and the block
    # its opening fence and 29 of its 42 lines shown; the other 13 and the closing fence counted
    assert f"L{15 + CODE_LINES}: … (14 more lines of the block)" in shown
    assert f"line {CODE_LINES - 2} of the listing" in shown and f"line {CODE_LINES - 1} of the listing" not in shown


def test_the_instructions_ask_for_code_citations_motives_and_guesses() -> None:
    """The system prompt names what round twelve found the model letting through, and what drafts get wrong in
    practice: a code block compared line by line, a claim only a neighbour of the cited events holds, a reason or
    feeling the author never gave, Claude's guess told as fact."""
    from retell.templating import TemplateLibrary

    system = TemplateLibrary("prompts").render("verify_system.md.j2").text
    assert "code block" in system and "flags and values" in system
    assert "a claim only a neighbour holds" in system
    assert "a reason or feeling the author never gave" in system and "Claude's guess told as fact" in system


def test_a_lead_in_and_its_block_citing_their_own_events_are_shown_with_their_own() -> None:
    """Round thirteen: the block's citation shared with a lead-in that cites another event hid a wrong citation
    from the model ("It came back with the crash itself:" citing the search, the block the query's output)."""
    text = (
        "It came back with the crash itself: <!-- ev: e13 -->\n\n```text\nError: missing env var\n```\n"
        "<!-- ev: e12 -->\n\nThe query ran next:\n\n```bash\nlogcli query x\n```\n<!-- ev: e12 -->\n"
    )
    shown = chunks(text)[0].lines()
    assert "L1: It came back with the crash itself:\n(cites: e13)\n" in shown
    assert "L5: ```\n(cites: e12)\n" in shown
    # a lead-in with no marker of its own still shows the block's
    assert "L8: The query ran next:\n(cites: e12)\n" in shown


def test_the_instructions_say_claudes_words_are_no_proof_of_what_they_state() -> None:
    """Round thirteen: the model took Claude's own words as support for the same words told as fact ("the third
    replica was crashlooping", "prod was still on revision 41 and healthy")."""
    from retell.templating import TemplateLibrary

    system = TemplateLibrary("prompts").render("verify_system.md.j2").text
    assert "Claude's words show what Claude said, not that it was so" in system


def test_each_cited_event_says_which_lines_cite_it() -> None:
    """Round fourteen: a citation one event off (the search cited for the query's output, the red run for the
    green one) was read as right: the model found the claim in a neighbour. Each cited event now names the lines
    that cite it, so it is read against those alone; a neighbour names none."""
    from retell.check.verify_request import _timed

    text = (
        "It came back with the crash itself: <!-- ev: e13 -->\n\n```text\nError: missing env var\n```\n"
        "<!-- ev: e12 -->\n\nThe search found nothing. <!-- ev: e13 -->\n"
    )
    part = chunks(text)[0]
    assert part.cited_by() == {"e13": [1, 8], "e12": [3]}
    shown = _timed("[e12] TOOLS: logcli\n[e13] TOOLS: grep\n[e14] CLAUDE: found it", [], part.cited_by())
    assert shown.splitlines() == [
        "[e12] (cited by L3) TOOLS: logcli",
        "[e13] (cited by L1 L8) TOOLS: grep",
        "[e14] CLAUDE: found it",
    ]


def test_the_instructions_ask_who_did_each_thing_and_in_what_order() -> None:
    """Round fourteen: an act told as the wrong one's (the author's for Claude's, or the reverse) and a step told
    after one it came before are claims the model is asked to judge."""
    from retell.templating import TemplateLibrary

    system = TemplateLibrary("prompts").render("verify_system.md.j2").text
    assert "who did each thing" in system and "in what order" in system
    assert "cited by" in system
