"""py3langid's model is unpacked once into retell's cache folder; the identifier answers exactly as py3langid's own."""

from __future__ import annotations

import lzma
from pathlib import Path

import pytest
from py3langid.langid import MODEL_FILE, LanguageIdentifier

from retell.triage import langmodel

TEXTS = [
    "Please make the feed fetcher retry three times on timeouts",
    "Peux-tu corriger le bouton de connexion qui ne marche plus ?",
    "Bitte repariere den Anmeldeknopf, er funktioniert nicht mehr",
    "Пожалуйста, исправь кнопку входа",
    "Будь ласка, виправ кнопку входу",
    "ok",
    "",
]


@pytest.fixture(scope="module")
def reference() -> LanguageIdentifier:
    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "retell"


def _same_answers(identifier: LanguageIdentifier, reference: LanguageIdentifier) -> None:
    for text in TEXTS:
        assert identifier.classify(text) == reference.classify(text)
        assert identifier.rank(text) == reference.rank(text)


def test_the_model_is_unpacked_once_and_answers_as_py3langids_own(
    cache: Path, reference: LanguageIdentifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    _same_answers(langmodel.load_identifier(), reference)
    assert [p.name for p in cache.iterdir()] == [next(cache.glob(f"py3langid-{langmodel.model_version()}-*.npz")).name]

    def no_unpacking(*args: object, **kwargs: object) -> None:
        raise AssertionError("the model was unpacked again")

    monkeypatch.setattr(lzma, "open", no_unpacking)
    _same_answers(langmodel.load_identifier(), reference)


def test_a_damaged_cache_falls_back_to_py3langids_loader(cache: Path, reference: LanguageIdentifier) -> None:
    langmodel.load_identifier()
    (unpacked,) = cache.glob("py3langid-*.npz")
    unpacked.write_bytes(unpacked.read_bytes()[:1000])
    _same_answers(langmodel.load_identifier(), reference)
    _same_answers(langmodel.load_identifier(), reference)  # unpacked again
    assert unpacked.stat().st_size > 1000


def test_an_unwritable_cache_falls_back_to_py3langids_loader(
    tmp_path: Path, reference: LanguageIdentifier, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))
    _same_answers(langmodel.load_identifier(), reference)
