"""Token budgets: session material over --max-input-tokens is condensed deterministically, the condensation is
reported (on the terminal and in the prompt), and the author's own words survive it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import Transcript
from llm_support import (
    AUTHOR_ASK,
    AUTHOR_END,
    AUTHOR_PIVOT,
    PLACEHOLDER,
    Stub,
    install,
    isolate,
    make_workdir,
    ok,
    run,
    standard_session,
    user_text,
)

from retell.llm.request import estimate_tokens


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def big(tmp_path: Path) -> Path:
    """Chapter 1 is ~9,000 tokens of Claude's messages and tool runs; chapter 2 is small."""
    return make_workdir(tmp_path, standard_session(filler=30))


def _material(user: str) -> str:
    """The event lines of a prompt (what the budget is about)."""
    return "\n".join(line for line in user.splitlines() if re.match(r"^\[e\d+\] ", line))


def test_full_material_is_sent_when_it_fits(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    out = ok(run("outline", big)).output
    assert "Condensed" not in out
    assert estimate_tokens(_material(user_text(stub.bodies[0]))) > 8000


def test_an_over_budget_chapter_is_condensed_for_the_outline(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    out = ok(run("outline", big, "--max-input-tokens", "6000")).output
    assert "Condensed to fit: ch1: " in out and "long texts trimmed to 250 characters" in out
    assert "Condensed to fit: ch2" not in out  # the small chapter is left alone
    user = user_text(stub.bodies[0])
    material = _material(user)
    assert estimate_tokens(material) <= 6000
    for words in (AUTHOR_ASK, AUTHOR_PIVOT, AUTHOR_END):
        assert f"AUTHOR: {words}" in user  # verbatim
    assert f"use the token {PLACEHOLDER} to push the branch" in user  # redaction survives condensing too


def test_condensing_drops_low_value_events_but_never_the_author(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workdir = make_workdir(tmp_path, standard_session(filler=60))
    install(monkeypatch, stub := Stub())
    out = ok(run("outline", workdir, "--max-input-tokens", "4000")).output
    note = next(line for line in out.splitlines() if line.startswith("Condensed to fit: ch1:"))
    assert "tool_run event(s) left out" in note
    user = user_text(stub.bodies[0])
    assert "TOOLS:" not in _material(user)  # every tool run of chapter 1 went first
    for words in (AUTHOR_ASK, AUTHOR_PIVOT, AUTHOR_END):
        assert f"AUTHOR: {words}" in user


def test_condensing_is_deterministic(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", big, "--max-input-tokens", "6000", "--dry-run"))
    first = (big / "llm" / "dry-run" / "outline-plan.prompt.md").read_text(encoding="utf-8")
    ok(run("outline", big, "--max-input-tokens", "6000", "--dry-run"))
    assert (big / "llm" / "dry-run" / "outline-plan.prompt.md").read_text(encoding="utf-8") == first
    ok(run("outline", big, "--max-input-tokens", "6000"))
    ok(run("outline", big, "--max-input-tokens", "6000", "--force"))
    assert stub.bodies[0] == stub.bodies[1]


def test_an_over_budget_section_is_condensed_and_told_so(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", big))
    out = ok(run("draft", big, "--max-input-tokens", "3000")).output
    note = next(line for line in out.splitlines() if line.startswith("Condensed to fit: s1: "))
    assert note.startswith("Condensed to fit: s1: ") and "long texts trimmed to 250 characters" in note
    assert "Condensed to fit: s2" not in out
    s1 = user_text(stub.of("section:s1")[0])
    assert estimate_tokens(_material(s1)) <= 3000
    # the section's prompt says the same as the terminal
    assert s1.rstrip().endswith(f"(The material was condensed to fit: {note.removeprefix('Condensed to fit: s1: ')}.)")
    assert f"AUTHOR: {AUTHOR_ASK}" in s1
    s2 = user_text(stub.of("section:s2")[0])
    assert "condensed" not in s2


def test_a_long_author_message_is_trimmed_last(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tx = standard_session(filler=30)
    long_ask = "Here is the whole story of the dashboard. " * 30  # ~1,260 characters
    tx.user(long_ask.strip())
    workdir = make_workdir(tmp_path, tx)
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir, "--max-input-tokens", "4000"))
    assert long_ask.strip() in user_text(stub.bodies[0])  # kept whole while Claude's messages are cut to 250


def _four_even_chapters() -> Transcript:
    """Four chapters of ~1,800 tokens each (Claude's messages only; nothing needs trimming at 2,000)."""
    tx = Transcript()
    for n in range(4):
        if n:
            tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 150_000})
            tx.user(f"Summary {n}: the filter work so far.", isCompactSummary=True)
        tx.user(f"part {n + 1}: keep going with the filter")
        for i in range(6):
            tx.assistant(f"Part {n + 1}, step {i}: " + "I read the grouping reducer and its tests again. " * 23)
    return tx


def test_the_outline_budget_holds_with_many_chapters(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workdir = make_workdir(tmp_path, _four_even_chapters())
    install(monkeypatch, stub := Stub())
    out = ok(run("outline", workdir, "--max-input-tokens", "4000")).output
    material = _material(user_text(stub.bodies[0]))
    assert estimate_tokens(material) <= 4000 or "Condensed to fit" in out
    assert estimate_tokens(material) <= 4400


# -- budgets for thinking models, and counting -------------------------------------------------------


def test_thinking_models_get_their_reserve_on_top_of_the_text() -> None:
    from retell.llm.budget import grown_budget, output_budget
    from retell.llm.pricing import Limits, load_prices

    table = load_prices(Path("/nonexistent.yaml"))
    opus55, opus48 = (table.limits(m) for m in ("claude-opus-5-5", "claude-opus-4-8"))
    small = Limits("a-small-model", 200_000, 4096, "off", 0, 2048)
    assert opus55.thinking == "always" and output_budget(opus55, 2691) == 2691 + 8000
    assert opus48.thinking == "off" and output_budget(opus48, 2691) == 2691  # thinks only when asked; retell never asks
    assert output_budget(small, 8000) == 4096  # never above the model's max output
    # a cut-off answer gets twice the room once, up to the model's max output, then no more
    assert grown_budget(opus55, 10_691) == 21_382
    assert grown_budget(opus55, 100_000) == 128_000
    assert grown_budget(opus55, 128_000) is None


def test_the_estimate_does_not_undercount() -> None:
    english = "The filter hid whole groups, so I asked Claude to look at the reducer. " * 40
    assert estimate_tokens(english) >= 1.35 * len(english) / 4  # the newer tokenizer's worst case
    japanese = "グループの表示について検討した。" * 40
    assert estimate_tokens(japanese) >= len(japanese)  # about a token a character
    assert estimate_tokens("") == 0


def test_a_dry_run_without_a_key_estimates_and_says_so(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", big))
    monkeypatch.delenv("ANTHROPIC_API_KEY")
    out = ok(run("draft", big, "--engine", "anthropic", "--dry-run")).output
    assert "Engine: anthropic (chosen with --engine; no ANTHROPIC_API_KEY, so a dry run only)" in out
    assert "input tokens estimated (no ANTHROPIC_API_KEY to count them with)" in out
    assert stub.kinds == ["outline"] and len(stub.counted) == 1  # nothing sent, nothing counted for the draft
    # and without --dry-run the key is still required
    assert "needs an API key" in run("draft", big, "--engine", "anthropic").stderr


def test_with_a_key_every_uncached_call_is_counted(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", big))
    out = ok(run("draft", big, "--dry-run")).output
    assert "input tokens counted with messages.count_tokens" in out
    assert sorted(user_text(b)[:20] for b in stub.counted[1:]) == [
        "The sections of the ",
        "Write section s1 of ",
        "Write section s2 of ",
    ]
    ok(run("draft", big))
    before = len(stub.counted)
    ok(run("draft", big, "--dry-run"))
    assert len(stub.counted) == before  # cached calls cost nothing and need no count


def test_a_cut_off_message_names_the_limit_that_stopped_it() -> None:
    from retell.llm.stops import cut_off_message

    at_max = cut_off_message("section s2", 128_000, "claude-opus-5-5", 64_000, 128_000)
    assert "(thinking and text share it; the most claude-opus-5-5 allows)" in at_max
    doubled = cut_off_message("section s2", 21_382, "claude-opus-5-5", 10_691, 128_000)
    assert "retell asks again only once, with twice the room; claude-opus-5-5 allows up to 128,000" in doubled
