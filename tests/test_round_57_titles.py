"""Titles of fresh31's offline posts (six sessions written blind, stop 57): a Turkish wish titled whole ("…eklemek
istiyorum", I want to add…), and a Hindi sentence of Claude's cut after the danda ("…में हैं। इसलिए", "therefore")
because no sentence splitter knew "।" ended a sentence."""

from __future__ import annotations

import pytest

from retell.extract.built_title import built_goal
from retell.extract.requests import first_sentence


@pytest.mark.parametrize(
    ("wish", "deed"),
    [
        (
            "Apartmanın aidat takip uygulamasına aylık rapor sayfası eklemek istiyorum",
            "Apartmanın aidat takip uygulamasına aylık rapor sayfası ekleme",
        ),
        (
            "Cumartesi toplantısına kadar gecikme cezası hesaplamak istiyorum.",
            "Cumartesi toplantısına kadar gecikme cezası hesaplama",
        ),
        ("Merhaba, bir sorum var", ""),
    ],
)
def test_a_turkish_wish_is_titled_by_its_deed(wish: str, deed: str) -> None:
    assert built_goal(wish, "tr") == deed


def test_the_danda_ends_a_sentence() -> None:
    text = "दोनों 0.1 के step में हैं। इसलिए: interpolation की ज़रूरत नहीं।"
    assert first_sentence(text) == "दोनों 0.1 के step में हैं।"


def test_the_hindi_offline_title_ends_on_a_sentence(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from typer.testing import CliRunner

    from retell.cli import app

    root = Path(__file__).resolve().parents[1] / "bench" / "sessions" / "fresh31"
    session = next((root / "projects" / "-home-rakesh-dairy-bhugtan").glob("*.jsonl"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(root))
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL"):
        monkeypatch.delenv(name, raising=False)
    result = CliRunner().invoke(app, ["run", str(session), "-o", str(tmp_path / "w"), "--yes", "--engine", "offline"])
    assert result.exit_code == 0, result.output
    title = next(
        line
        for line in (tmp_path / "w" / "draft.md").read_text(encoding="utf-8").splitlines()
        if line.startswith("title:")
    )
    assert "इसलिए" not in title
