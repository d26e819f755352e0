"""Round seventeen of the check (issue 21): what the verification prompt gives a model and asks of it, and how its
verdicts are read. A model's verdicts on faithful prose raised 3-4 false alarms per 1,000 words on blind11 and
blind12 alike: a caution the post makes ("the session never shows the lines Claude read") contradicted by a diff
beside the missing thing; the post's own reading of events it shows ("the red test was the one my condition
rested on") judged as a fact; a state the shown code and run bear out together called Claude's word alone. The
prompt now names those three, and a contradiction (or a claim placed in another event) must copy the words of the
material that show it: a verdict whose words the material does not hold is no evidence, and is not used. The
cases are our own, on sessions of bench/check/work other than blind11's."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from bench_support import load_bench
from check_support import _offline, bench_session  # noqa: F401  (_offline: a fixture)

from retell.check.verify import read_answer
from retell.check.verify_request import SCHEMA, chunks, verify_requests
from retell.llm.handoff import json_problem
from retell.llm.pricing import load_prices
from retell.templating import TemplateLibrary

DRAFT = (
    "---\ntitle: t\n---\n\n## The build\n\n"
    "Claude read the config first. <!-- ev: e3 -->\n\n"
    "The session never shows the lines Claude read: its account is the only one. <!-- ev: e3 -->\n"
)


def _system() -> str:
    return TemplateLibrary("prompts").render("verify_system.md.j2").text


def _request(post: str, text: str = DRAFT):  # type: ignore[no-untyped-def]
    triage, parsed, view = bench_session(post)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    pairs = verify_requests(
        text, view, parsed.manifest, triage, model, prices.limits(model), TemplateLibrary("prompts")
    )
    return pairs[0]


# -- what the prompt asks ------------------------------------------------------------------------------------------


def test_each_claim_carries_the_words_of_its_evidence() -> None:
    item = SCHEMA["properties"]["claims"]["items"]
    assert "evidence" in item["properties"] and "evidence" in item["required"]
    system = _system()
    assert "`evidence`" in system
    assert "copied" in system and "no words to copy" in system  # no quote, no contradiction


@pytest.mark.parametrize("post", ["A", "M2", "L1"])
def test_every_request_asks_for_the_evidence_in_its_schema(post: str) -> None:
    _, request = _request(post)
    assert request.json_schema is SCHEMA
    assert "`evidence`" in request.system[0].text


def test_a_caution_the_post_makes_is_contradicted_only_by_the_thing_it_says_is_missing() -> None:
    """Q1-like: "the session never shows the lines of app.ts Claude read" was contradicted by an edit's diff of a
    few other lines of the file: something shown beside what the post says is missing is no contradiction."""
    system = _system()
    assert "the very thing it says is missing" in system
    assert "beside it" in system


def test_the_posts_reading_of_events_it_shows_is_not_a_fabrication() -> None:
    """What the author says their own request or condition covered, how two shown events bear on each other:
    a reading, judged against the events it relates; a reason, feeling or decision nobody gave stays a claim."""
    system = _system()
    assert "the post's reading of events it shows" in system
    assert "what the author's own message or condition was about" in system
    assert "a reason, feeling or decision nobody gave is no reading" in system


def test_a_state_events_other_than_claudes_show_together_is_borne_out() -> None:
    """The code a search shows opens a file, and a run of that code printed its result: the run needed the file,
    whatever Claude says of it; Claude's word alone is still no proof."""
    system = _system()
    assert "show together" in system
    assert "Claude's words show what Claude said, not that it was so" in system
    _, request = _request("A")
    assert "events that together show it" in request.user


# -- how the verdicts are read -----------------------------------------------------------------------------------


def _answer(*claims: dict[str, object]) -> str:
    return json.dumps({"claims": list(claims)})


def _claim(words: str, verdict: str, event: str, evidence: str | None) -> dict[str, object]:
    item: dict[str, object] = {"line": 8, "words": words, "verdict": verdict, "event": event, "reason": "r"}
    if evidence is not None:
        item["evidence"] = evidence
    return item


TEXT = (
    "---\ntitle: t\n---\n\n## The build\n\n"
    "Claude read the config first. <!-- ev: e3 -->\n"
    "The session never shows the lines Claude read: its account is the only one. <!-- ev: e3 -->\n"
)
SHOWN = (
    "[e3] 14:02:32 TOOLS: Read 2 files in src/: app.ts, routes/webhooks.ts\n"
    "[e4] 14:04:22 TOOLS: Edited src/app.ts\n  changed src/app.ts:\n    +app.use('/webhooks', webhooksRouter);\n"
    "[e5] 14:04:41 TOOLS: Ran tests: 1 failed, 2 passed\n    Tests  1 failed | 2 passed (3)\n"
)


def _read(*claims: dict[str, object]) -> tuple[list[object], int]:
    part = chunks(TEXT)[0]
    return read_answer(_answer(*claims), part, TEXT.split("\n"), {"e3", "e4", "e5"}, shown=SHOWN)  # type: ignore[return-value]


def test_a_contradiction_whose_words_the_material_does_not_hold_is_not_used() -> None:
    verdicts, dropped = _read(
        _claim("Claude read the config first", "contradicted", "e3", "Read 3 files in lib/: config.ts"),
        _claim("Claude read the config first", "contradicted", "e3", ""),
        _claim("Claude read the config first", "not in the cited events", "e4", "Edited src/config.ts"),
    )
    assert verdicts == [] and dropped == 3


def test_a_contradiction_quoting_the_material_is_kept_and_says_its_words() -> None:
    verdicts, dropped = _read(
        # whitespace, case, markup and a cut in the middle do not matter; the diff's sign may be left out
        _claim("Claude read the config first", "contradicted", "e3", "read 2 FILES in `src/`: app.ts … webhooks.ts"),
        _claim("its account is the only one", "not in the cited events", "e4", "app.use('/webhooks', webhooksRouter);"),
        _claim("its account is the only one", "contradicted", "e5", "Tests 1 failed | 2 passed (3)"),
    )
    assert dropped == 0 and len(verdicts) == 3
    assert "read 2 FILES" in verdicts[0].evidence  # type: ignore[attr-defined]


def test_a_figure_the_material_does_not_hold_is_no_evidence() -> None:
    verdicts, dropped = _read(_claim("its account is the only one", "contradicted", "e5", "Tests 1 failed | 7 passed"))
    assert verdicts == [] and dropped == 1


def test_verdicts_that_name_no_event_need_no_words() -> None:
    verdicts, dropped = _read(
        _claim("Claude read the config first", "supported", "e3", ""),
        _claim("its account is the only one", "not in the session", "", ""),
    )
    assert len(verdicts) == 2 and dropped == 0


def test_an_answer_to_an_older_prompt_without_evidence_is_read_as_before() -> None:
    verdicts, dropped = _read(_claim("Claude read the config first", "contradicted", "e3", None))
    assert len(verdicts) == 1 and dropped == 0


def test_a_handoff_answer_must_give_the_evidence_field() -> None:
    with_it = _answer(_claim("Claude read the config first", "supported", "e3", ""))
    without = _answer(_claim("Claude read the config first", "supported", "e3", None))
    assert json_problem(with_it, SCHEMA) is None
    assert json_problem(without, SCHEMA) is not None


def test_the_models_finding_shows_the_words_it_rests_on() -> None:
    from retell.check.stage import check_draft
    from retell.check.verify import Verification, merge

    triage, parsed, view = bench_session("A")
    report = check_draft(TEXT, view, parsed.manifest, triage, log=parsed.log)
    verdicts, _ = _read(_claim("Claude read the config first", "contradicted", "e3", "Read 2 files in src/"))
    merged = merge(report, Verification("x", "handoff", "m", verdicts), TEXT)  # type: ignore[arg-type]
    assert any('"Read 2 files in src/"' in line for line in merged.lines())


# -- the benchmark's paragraphs --------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("check_real.py", "check_real_bench")


def test_a_code_block_with_a_blank_line_is_one_paragraph_with_its_marker(bench: ModuleType) -> None:
    """A diff of two hunks has a blank line inside its fence: a problem on its first hunk is in the paragraph of a
    plant on the block's citation, not a false alarm elsewhere."""
    text = "Two edits did it:\n\n```diff\n-a\n+b\n\n c\n+d\n```\n<!-- ev: e12 -->\n\nNext.\n"
    spans = bench.paragraphs(text)
    assert spans[4] == spans[10] == (3, 10)
    assert spans[1] == (1, 1) and spans[12] == (12, 12)


def test_a_models_verdict_on_one_line_of_a_block_is_not_merged_into_a_rule_finding_on_another() -> None:
    """Two lines of one listing are wrong; the rules find one of them, the model both: two findings, not one (a
    verdict joined a rule finding of its block by the tokens the two listing lines share, a date and a folder)."""
    from retell.check.claims import Claim
    from retell.check.document import read_blocks
    from retell.check.report import CheckReport
    from retell.check.verdict import LOW, UNTRACED, Finding
    from retell.check.verify import Verdict, Verification, merge

    text = (
        "---\ntitle: t\n---\n\nThe listing:\n\n```text\n87  2026-05-19 12:52   pkg/__init__.py\n"
        "2290  2026-05-19 12:52   pkg/rules/calc.py\n914  2026-05-19 12:52   pkg/rules/rates.py\n"
        "```\n<!-- ev: e11 -->\n"
    )
    block = next(b for b in read_blocks(text) if b.kind == "code")
    claim = Claim("quote", "914  2026-05-19 12:52   pkg/rules/rates.py", 10, block)
    report = CheckReport("draft.md", [Finding(claim, UNTRACED, None, "", "r", confidence=LOW)])
    verdicts = [
        Verdict(8, "87  2026-05-19 12:52   pkg/__init__.py", "contradicted", "e11", "63 bytes"),
        Verdict(10, "914  2026-05-19 12:52   pkg/rules/rates.py", "contradicted", "e11", "laden.py"),
    ]
    merged = merge(report, Verification("x", "handoff", "m", verdicts), text)
    lines = sorted(f.claim.line for f in merged.findings if f.problem)
    assert lines == [8, 10]
