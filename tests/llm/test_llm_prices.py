"""The model table (retell/data/models.yaml): every model the installed SDK knows is priced exactly or said to
be unknown, ids never take a neighbour's price, cache prices are each model's own, and the user's file wins."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from retell.llm.pricing import PriceTable, load_prices


@pytest.fixture
def table() -> PriceTable:
    return load_prices(Path("/nonexistent.yaml"))  # the shipped table, whatever the user has


def sdk_model_ids() -> list[str]:
    """The model ids the installed anthropic SDK lists (the Literal in its ModelParam)."""
    from anthropic.types.model_param import ModelParam

    ids: list[str] = []
    for arg in typing.get_args(ModelParam):
        ids += [a for a in typing.get_args(arg) if isinstance(a, str)]
    return ids


def test_the_sdk_lists_models() -> None:
    ids = sdk_model_ids()
    assert len(ids) >= 10 and "claude-opus-4-8" in ids


@pytest.mark.parametrize("model", sdk_model_ids())
def test_every_sdk_model_has_an_exact_price_or_is_reported_unknown(table: PriceTable, model: str) -> None:
    entry = table.entry(model)
    assert entry is not None, f"{model} is not in retell/data/models.yaml: add it, with its price or a note"
    assert entry == model or model.startswith(entry + "-"), (model, entry)  # itself, or a dated snapshot of it
    price = table.lookup(model)
    if price is None:
        reason = table.unknown_reason(model)
        assert reason.startswith(f"price unknown for {model}: ") and "no price given" not in reason
        assert table.cost(model, {"input_tokens": 1000}) is None
    else:
        assert price.model == entry
        assert price.rates.input > 0 and price.rates.output > price.rates.input
    limits = table.limits(model)
    assert limits.model == entry  # sized by its own limits, not the fallback
    assert 0 < limits.max_output <= limits.context


def test_the_table_calls_only_models_the_api_serves(table: PriceTable) -> None:
    """Issue 27: claude-3-*, Opus 4 and 4.1, Sonnet 4 and 4.5 are retired; the SDK lists what is served."""
    served = set(sdk_model_ids())
    assert set(table.served()) <= served, set(table.served()) - served
    for model in ("claude-3-5-sonnet-20241022", "claude-3-haiku-20240307", "claude-opus-4-1", "claude-sonnet-4-5"):
        assert table.is_retired(model), model
    assert not any(table.is_retired(m) for m in served)
    # a past session on a retired model is still costed ("By the numbers", `retell stats`)
    assert table.cost("claude-sonnet-4-5-20250929", {"input_tokens": 1_000_000, "output_tokens": 1_000_000}) == 18


def test_a_retired_model_is_refused_before_anything_is_sent(table: PriceTable, monkeypatch: pytest.MonkeyPatch) -> None:
    from retell.errors import RetellError
    from retell.llm.runner import pick_model

    monkeypatch.delenv("RETELL_MODEL", raising=False)
    with pytest.raises(RetellError) as caught:
        pick_model("draft", "claude-3-7-sonnet-20250219", table)
    message = str(caught.value)
    assert message.startswith("claude-3-7-sonnet-20250219 is retired: the Claude API no longer serves it")
    assert "claude-sonnet-5-5, claude-opus-5-5" in message
    assert pick_model("draft", None, table) == "claude-opus-5-5"


def test_the_readme_names_the_default_models(table: PriceTable) -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    for stage, model in table.defaults.items():
        assert f"`{model}` for the {stage}" in readme, (stage, model)


def test_claude_opus_4_8_is_not_priced_as_claude_opus_4(table: PriceTable) -> None:
    assert table.lookup("claude-opus-4-8").model == "claude-opus-4-8"  # type: ignore[union-attr]
    assert table.cost("claude-opus-4-8", {"input_tokens": 1_000_000, "output_tokens": 1_000_000}) == 5 + 25
    assert table.cost("claude-opus-4", {"input_tokens": 1_000_000, "output_tokens": 1_000_000}) == 15 + 75


def test_ids_match_exactly_or_as_a_dated_snapshot_never_by_prefix(table: PriceTable) -> None:
    assert table.lookup("claude-opus-4-5-20251101").model == "claude-opus-4-5"  # type: ignore[union-attr]
    assert table.lookup("claude-sonnet-5-5[1m]").model == "claude-sonnet-5-5"  # type: ignore[union-attr]
    assert table.lookup("claude-opus-4-9") is None  # not claude-opus-4
    assert table.lookup("claude-sonnet-5-6") is None  # not claude-sonnet-5
    assert (
        table.unknown_reason("claude-opus-4-9")
        == "price unknown for claude-opus-4-9: it is not in retell's model table"
    )


@pytest.mark.parametrize(
    ("model", "read_share"),
    [("claude-opus-5-5", 0.05), ("claude-sonnet-5-5", 0.05), ("claude-fable-5-1", 0.025), ("claude-opus-4-8", 0.1)],
)
def test_cache_reads_are_each_models_own_price(table: PriceTable, model: str, read_share: float) -> None:
    price = table.lookup(model)
    assert price is not None
    assert price.rates.cache_read == pytest.approx(price.rates.input * read_share)
    assert price.rates.cache_write == pytest.approx(price.rates.input * 1.25)  # 5-minute writes


def test_a_long_prompt_on_haiku_5_5_is_billed_at_its_tier(table: PriceTable) -> None:
    short = {"input_tokens": 90_000, "output_tokens": 1_000, "cache_read_input_tokens": 0}
    long = {"input_tokens": 90_000, "output_tokens": 1_000, "cache_read_input_tokens": 20_000}
    assert table.cost("claude-haiku-5-5", short) == pytest.approx((90_000 * 0.10 + 1_000 * 0.50) / 1e6)
    assert table.cost("claude-haiku-5-5", long) == pytest.approx((90_000 * 0.50 + 1_000 * 2.50 + 20_000 * 0.05) / 1e6)


def test_the_table_is_dated_and_has_defaults(table: PriceTable) -> None:
    assert table.as_of == "2026-12-01"
    assert table.lookup(table.defaults["outline"]) is not None
    assert table.lookup(table.defaults["draft"]) is not None


def test_a_user_file_replaces_prices_whole_and_limits_field_by_field(tmp_path: Path) -> None:
    user = tmp_path / "models.yaml"
    user.write_text(
        "models:\n"
        "  claude-opus-5-5: {input: 2.0, output: 8.0}\n"
        "  claude-sonnet-5-5: {max_output: 20000}\n"
        "  claude-mythos-preview: {input: 12.0, output: 60.0}\n"
        "  claude-next-1: {input: 1.0, output: 2.0, thinking: always}\n",
        encoding="utf-8",
    )
    table = load_prices(user)
    opus = table.lookup("claude-opus-5-5")
    assert opus is not None and (opus.rates.input, opus.rates.output) == (2.0, 8.0)
    # cache prices not given follow the user's input price (the multipliers), not ours
    assert opus.rates.cache_read == pytest.approx(0.2) and opus.rates.cache_write == pytest.approx(2.5)
    assert table.limits("claude-opus-5-5").max_output == 128_000  # limits untouched
    assert table.limits("claude-sonnet-5-5").max_output == 20_000
    assert table.lookup("claude-sonnet-5-5").rates.input == 2.0  # type: ignore[union-attr]
    assert table.lookup("claude-mythos-preview").rates.output == 60.0  # type: ignore[union-attr]
    fresh = table.limits("claude-next-1")
    assert fresh.thinking == "always" and fresh.max_output == table.fallback.max_output


def test_a_broken_user_file_is_one_clear_error(tmp_path: Path) -> None:
    from retell.errors import RetellError

    user = tmp_path / "models.yaml"
    user.write_text("models:\n  claude-opus-5-5: {input: cheap, output: 8}\n", encoding="utf-8")
    with pytest.raises(RetellError, match="'claude-opus-5-5' needs a number for `input`"):
        load_prices(user)
    user.write_text("models:\n  claude-opus-5-5: {thinking: sometimes}\n", encoding="utf-8")
    with pytest.raises(RetellError, match="thinking 'sometimes'"):
        load_prices(user)
