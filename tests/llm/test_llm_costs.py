"""What a run costs: the cost table per stage (tokens summed from usage, dollars from the dated price table),
the --dry-run plan (every prompt rendered, nothing sent) and --max-cost."""

from __future__ import annotations

import re
from pathlib import Path

import httpx2
import pytest
import yaml
from llm_support import (
    REPO_ROOT,
    Stub,
    answer_text,
    call_kind,
    count_tokens,
    failed,
    install,
    isolate,
    make_workdir,
    ok,
    run,
    sse_response,
    user_text,
)

PRICES = yaml.safe_load((REPO_ROOT / "retell" / "data" / "models.yaml").read_text(encoding="utf-8"))

# Usage per call, different for each so that a wrong sum shows.
USAGE = {
    "outline": {
        "input_tokens": 3000,
        "output_tokens": 700,
        "cache_read_input_tokens": 0,
        "cache_creation_input_tokens": 0,
    },
    "section:s1": {
        "input_tokens": 900,
        "output_tokens": 1200,
        "cache_read_input_tokens": 0,
        "cache_creation_input_tokens": 2500,
    },
    "section:s2": {
        "input_tokens": 800,
        "output_tokens": 1100,
        "cache_read_input_tokens": 2500,
        "cache_creation_input_tokens": 0,
    },
    "finish": {
        "input_tokens": 2600,
        "output_tokens": 300,
        "cache_read_input_tokens": 2500,
        "cache_creation_input_tokens": 0,
    },
}


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


def _metered(body: dict, _stub: Stub) -> httpx2.Response:
    return sse_response(answer_text(user_text(body)), model=body["model"], usage=USAGE[call_kind(body)])


def _usd(model: str, *usages: dict) -> float:
    """Priced from models.yaml directly: the model's own cache prices."""
    price = PRICES["models"][model]
    total = 0.0
    for u in usages:
        total += (
            u["input_tokens"] * price["input"]
            + u["output_tokens"] * price["output"]
            + u["cache_creation_input_tokens"] * price["cache_write_5m"]
            + u["cache_read_input_tokens"] * price["cache_read"]
        )
    return total / 1_000_000


def _rows(output: str) -> dict[str, list[str]]:
    """The cost table's rows by stage: [calls, cached, in, out, cache rd, cache wr, hit, USD]."""
    rows = {}
    for line in output.splitlines():
        parts = line.split()
        if parts and parts[0] in ("outline", "section", "finish", "total") and len(parts) == 9:
            rows[parts[0]] = parts[1:]
    return rows


def _n(text: str) -> int:
    return int(text.replace(",", ""))


def test_cost_table_sums_usage_and_prices_it(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(_metered))
    out = ok(run("outline", workdir)).output
    rows = _rows(out)
    assert list(rows) == ["outline"]  # one stage: no total line
    assert rows["outline"][:7] == ["1", "0", "3,000", "700", "0", "0", "0%"]
    assert rows["outline"][7] == f"{_usd('claude-sonnet-5-5', USAGE['outline']):.4f}"  # 0.0130
    assert f"(prices as of {PRICES['as_of']};" in out

    out = ok(run("draft", workdir)).output
    rows = _rows(out)
    s1, s2, fin = USAGE["section:s1"], USAGE["section:s2"], USAGE["finish"]
    assert [_n(x) for x in rows["section"][:6]] == [
        2,
        0,
        s1["input_tokens"] + s2["input_tokens"],
        s1["output_tokens"] + s2["output_tokens"],
        s1["cache_read_input_tokens"] + s2["cache_read_input_tokens"],
        s1["cache_creation_input_tokens"] + s2["cache_creation_input_tokens"],
    ]
    section_usd = _usd("claude-opus-5-5", s1, s2)
    finish_usd = _usd("claude-opus-5-5", fin)
    assert rows["section"][7] == f"{section_usd:.4f}"
    # the hit rate: prompt tokens read from the cache, of all prompt tokens (1,700 + 2,500 read + 2,500 written)
    assert rows["section"][6] == f"{2500 / 6700:.0%}"
    assert [_n(x) for x in rows["finish"][:6]] == [1, 0, 2600, 300, 2500, 0]
    assert rows["finish"][7] == f"{finish_usd:.4f}"
    assert [_n(x) for x in rows["total"][:6]] == [3, 0, 4300, 2600, 5000, 2500]
    assert rows["total"][7] == f"{section_usd + finish_usd:.4f}"
    # by hand, to be sure the table's formula is the documented one: opus 5.5 costs $4/$20, its 5-minute cache
    # writes $5 (1.25x input) and its cache reads $0.20 (0.05x input, not the 0.1x of most models)
    assert section_usd == pytest.approx((1700 * 4 + 2300 * 20 + 2500 * 5 + 2500 * 0.2) / 1e6)


def test_a_user_price_table_overrides_the_shipped_one(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    user = tmp_path / "xdg" / "retell" / "models.yaml"
    user.parent.mkdir(parents=True)
    user.write_text('as_of: "2027-01-01"\nmodels:\n  claude-sonnet-5-5: {input: 1.0, output: 1.0}\n', encoding="utf-8")
    install(monkeypatch, Stub(_metered))
    out = ok(run("outline", workdir)).output
    assert _rows(out)["outline"][7] == f"{(3000 + 700) / 1e6:.4f}"
    assert "(prices as of 2027-01-01;" in out


def test_an_unknown_price_is_said_and_refused_only_under_a_ceiling(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    install(monkeypatch, Stub(_metered))
    # no ceiling asked for: the run goes ahead, and the table says the price is unknown (never a guess)
    out = ok(run("outline", workdir, "--model", "claude-unreleased-7")).output
    assert _rows(out)["outline"][7] == "unknown"
    assert "(price unknown for claude-unreleased-7: it is not in retell's model table)" in out
    # a ceiling asked for cannot be promised for it: refused before anything is sent, saying why
    install(monkeypatch, stub := Stub(_metered))
    message = failed(run("outline", workdir, "--force", "--model", "claude-unreleased-7", "--max-cost", "5"))
    assert "cannot be estimated (price unknown for claude-unreleased-7" in message
    assert "~/.config/retell/models.yaml" in message and "nothing was sent" in message
    assert stub.bodies == []
    # a model the table knows but has no price for says why
    message = failed(run("outline", workdir, "--force", "--model", "claude-mythos-preview", "--max-cost", "5"))
    assert "price unknown for claude-mythos-preview: a research preview by invitation" in message


# -- --dry-run ---------------------------------------------------------------------------------------


def _plan(output: str) -> dict[str, list[str]]:
    rows = {}
    for line in output.splitlines():
        match = re.match(r"^((?:outline|section|finish)/\S+)\s+(\S+)\s+([\d,]+)\s+([\d,]+)\s+(\S+)$", line)
        if match:
            rows[match.group(1)] = list(match.groups()[1:])
    return rows


def test_outline_dry_run_sends_nothing_and_prints_the_plan(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    out = ok(run("outline", workdir, "--dry-run")).output
    assert stub.bodies == []
    assert not (workdir / "outline.yaml").exists()
    plan = _plan(out)
    assert list(plan) == ["outline/plan"]
    model, tokens_in, tokens_out, usd = plan["outline/plan"]
    assert model == "claude-sonnet-5-5"
    # the input is counted (messages.count_tokens, free), not guessed: the stub's count, and the plan says so
    assert len(stub.counted) == 1
    assert "output_config" in stub.counted[0] and "max_tokens" not in stub.counted[0]
    assert _n(tokens_in) == count_tokens(stub.counted[0])
    assert "input tokens counted with messages.count_tokens" in out
    # output: the plan's 2,500 tokens of JSON plus a quarter of sonnet 5.5's 16,000-token thinking reserve
    assert tokens_out == "6,500"
    assert float(usd) == pytest.approx((_n(tokens_in) * 2 + 6500 * 10) / 1e6, abs=1e-4)
    assert "estimated total" in out
    prompt = workdir / "llm" / "dry-run" / "outline-plan.prompt.md"
    assert prompt.is_file()
    text = prompt.read_text(encoding="utf-8")
    assert "# system[0]" in text and "# user\n\nPlan the post." in text
    assert f"prompts written to {workdir / 'llm' / 'dry-run'}" in out
    # a dry run is not a finished call: the real run still asks
    ok(run("outline", workdir))
    assert stub.kinds == ["outline"]


def test_draft_dry_run_renders_every_prompt(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    out = ok(run("draft", workdir, "--dry-run")).output
    assert stub.kinds == ["outline"]
    assert not (workdir / "draft.md").exists()
    plan = _plan(out)
    assert list(plan) == ["section/s1", "section/s2", "finish/tie"]
    assert {row[0] for row in plan.values()} == {"claude-opus-5-5"}
    total = float(re.search(r"estimated total\s+([\d.]+)", out).group(1))
    assert total == pytest.approx(sum(float(row[3]) for row in plan.values()), abs=2e-4)
    names = sorted(p.name for p in (workdir / "llm" / "dry-run").iterdir())
    assert names == ["finish-tie.prompt.md", "section-s1.prompt.md", "section-s2.prompt.md"]
    s1 = (workdir / "llm" / "dry-run" / "section-s1.prompt.md").read_text(encoding="utf-8")
    assert "(cache breakpoint after this block)" in s1


def test_dry_run_marks_finished_calls_as_cached(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub())
    ok(run("outline", workdir))
    out = ok(run("outline", workdir, "--dry-run")).output
    assert _plan(out)["outline/plan"][3] == "cached"
    assert re.search(r"estimated total\s+0\.0000", out)


# -- --max-cost --------------------------------------------------------------------------------------


def test_max_cost_refuses_an_outline_above_it(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    message = failed(run("outline", workdir, "--max-cost", "0.0001"))
    assert "above --max-cost $0.00" in message
    assert "nothing was sent" in message
    assert stub.bodies == []
    assert not (workdir / "outline.yaml").exists()
    ok(run("outline", workdir, "--max-cost", "1"))
    assert stub.kinds == ["outline"]


def test_max_cost_refuses_a_draft_above_it(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    failed(run("draft", workdir, "--max-cost", "0.001"))
    assert stub.kinds == ["outline"]
    assert not (workdir / "draft.md").exists()


def test_max_cost_counts_the_finishing_call(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    out = ok(run("draft", workdir, "--dry-run")).output
    total = float(re.search(r"estimated total\s+([\d.]+)", out).group(1))
    finish = float(_plan(out)["finish/tie"][3])
    assert finish > 0.002
    limit = f"{total - finish / 2:.4f}"  # above the sections alone, below sections + finish
    failed(run("draft", workdir, "--max-cost", limit))
    assert stub.kinds == ["outline"]
