"""What a whole run would cost, before anything is paid (issue 20): `retell run --dry-run` and `retell outline
--dry-run` price the outline and the draft with any engine choice, as a range (answers without and with
thinking), naming the engine; `retell run` ends by setting that estimate against what its calls used."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from llm_support import isolate, make_workdir, ok, run, standard_session
from stubapi import StubAPI

RANGE = re.compile(r"\$(\d+\.\d\d)–\$(\d+\.\d\d)")


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def _session(tmp_path: Path) -> Path:
    tx = standard_session()
    return tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")


def _verify_dry_run(tmp_path: Path, work: Path, *extra: str) -> str:
    """What `retell run --verify --dry-run --engine anthropic` prints, with any further options."""
    session = _session(tmp_path)
    return ok(run("run", session, "--yes", "--dry-run", "--verify", "-o", work, "--engine", "anthropic", *extra)).stdout


def _total(text: str) -> tuple[float, float]:
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("total "))
    match = RANGE.search(line)
    assert match, line
    return float(match.group(1)), float(match.group(2))


@pytest.mark.parametrize(
    ("engine", "named"),
    [
        (
            None,
            "engine: offline (no ANTHROPIC_API_KEY and no `claude` on PATH: writing without a model); priced as "
            "if sent with --engine anthropic",
        ),
        ("anthropic", "engine: anthropic (chosen with --engine; no ANTHROPIC_API_KEY, so a dry run only)"),
        ("claude-cli", "engine: claude-cli (chosen with --engine; no `claude` on PATH, so a dry run only)"),
        ("handoff", "engine: handoff (chosen with --engine: each call is a prompt file"),
        ("offline", "engine: offline (chosen with --engine); priced as if sent with --engine anthropic"),
    ],
)
def test_run_dry_run_prices_the_whole_run_with_any_engine(tmp_path: Path, engine: str | None, named: str) -> None:
    work = tmp_path / "W"
    args = ["run", _session(tmp_path), "--yes", "--dry-run", "-o", work] + (["--engine", engine] if engine else [])
    out = ok(run(*args)).stdout
    assert f"Whole run (outline and draft), {named}" in out
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.startswith("  ")}
    assert rows["outline"][1:3] == ["claude-sonnet-5-5", "1"]
    assert rows["draft"][1] == "claude-opus-5-5" and int(rows["draft"][2]) >= 2  # sections and the finish
    low, high = _total(out)
    assert 0 < low < high  # the default models think: with thinking costs more
    assert "output: the text asked for, without thinking – with the model's whole thinking reserve" in out
    assert "Nothing was sent" in out
    # nothing was planned, drafted or published: parse and triage only
    assert not any((work / name).exists() for name in ("outline.yaml", "draft.md", "post", "handoff"))


def test_outline_dry_run_prices_the_draft_too_before_any_outline_exists(tmp_path: Path) -> None:
    work = make_workdir(tmp_path)
    out = ok(run("outline", work, "--engine", "anthropic", "--dry-run")).stdout
    assert "outline/plan" in out  # the outline call's own plan, as before
    assert "Whole run (outline and draft), engine: anthropic" in out
    assert "the draft is estimated on a plan of 2 section(s) made without a model" in out
    assert not (work / "outline.yaml").exists()


def test_a_kept_outline_and_draft_cost_nothing_in_the_estimate(tmp_path: Path) -> None:
    work = make_workdir(tmp_path)
    ok(run("outline", work, "--engine", "offline"))
    ok(run("draft", work, "--engine", "offline"))
    out = ok(run("outline", work, "--engine", "offline", "--dry-run")).stdout
    assert "outline.yaml is kept as it is: no outline call" in out
    assert "draft.md was made from these very inputs and is kept: no draft calls" in out
    assert "$0.00" in next(ln for ln in out.splitlines() if ln.strip().startswith("total "))


def test_run_ends_with_the_estimate_against_what_the_calls_used(tmp_path: Path, stub_api: StubAPI) -> None:
    result = ok(run("run", _session(tmp_path), "--yes", "-o", tmp_path / "R"))
    note = next(ln for ln in result.stdout.splitlines() if ln.startswith("Estimated before the run: "))
    assert re.fullmatch(r"Estimated before the run: \$\d+\.\d\d–\$\d+\.\d\d; the calls used \$\d+\.\d\d", note), note
    assert stub_api.kinds[0] == "outline"  # the estimate itself sent nothing


def test_run_verify_dry_run_prices_the_verification_too(tmp_path: Path) -> None:
    """`retell run --verify` pays for one verification call per part of the draft: its dry run says so, and a
    --max-cost the whole is held against counts them (round eleven: they were left out)."""
    work = tmp_path / "W"
    plain = ok(run("run", _session(tmp_path), "--yes", "--dry-run", "-o", work, "--engine", "anthropic")).stdout
    out = _verify_dry_run(tmp_path, work)
    assert "Whole run (outline, draft and verify), engine: anthropic" in out
    rows = {ln.split()[0]: ln.split() for ln in out.splitlines() if ln.startswith("  ")}
    assert rows["verify"][1] == "claude-sonnet-5-5" and int(rows["verify"][2]) >= 1
    assert "the verification is estimated on a stand-in of the draft" in out
    assert _total(out)[0] > _total(plain)[0] and _total(out)[1] > _total(plain)[1]
    low, high = _total(out)
    between = f"{(low + high) / 2:.2f}"
    ceiling = _verify_dry_run(tmp_path, work, "--max-cost", between)
    assert f"May exceed --max-cost ${between}" in ceiling
    # and with --model, every call of the run is priced on that model, the verification's too
    named = _verify_dry_run(tmp_path, work, "--model", "claude-haiku-4-5")
    named_rows = {ln.split()[0]: ln.split() for ln in named.splitlines() if ln.startswith("  ")}
    assert named_rows["verify"][1] == named_rows["draft"][1] == "claude-haiku-4-5"
