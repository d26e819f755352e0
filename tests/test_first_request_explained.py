"""A first ask only to have the project explained, then the work asked for (fresh28's Brazilian session: "me explica
rapidinho como esse projeto gera as etiquetas hoje?", then "quero colocar um QR Pix estático em cada etiqueta…"):
the question was gated out as a title and Claude's answer to it, "Tudo está em src/etiquetas.ts", titled the post.
The work asked for titles it; a session that only asked for an explanation is still titled by that ask."""

from __future__ import annotations

import pytest

from retell.extract.requests import first_request


@pytest.mark.parametrize(
    ("messages", "wanted"),
    [
        (
            [
                "oi! me explica rapidinho como esse projeto gera as etiquetas hoje?",
                "quero colocar um QR Pix em cada etiqueta",
            ],
            "Quero colocar um QR Pix em cada etiqueta",
        ),
        (
            ["can you explain how the cache layer works?", "ok, add a TTL to the cache entries"],
            "Add a TTL to the cache entries",
        ),
        (["erkläre mir kurz, wie der Export funktioniert", "bau bitte einen CSV-Export für Rechnungen ein"], None),
        (
            ["このプロジェクトの構成を説明して", "ログイン画面にパスワード表示ボタンを追加して"],
            "ログイン画面にパスワード表示ボタンを追加して",
        ),
    ],
)
def test_the_work_asked_for_after_an_explanation_is_the_request(messages: list[str], wanted: str | None) -> None:
    found = first_request(messages)
    assert found is not None
    assert found == wanted if wanted else "CSV-Export" in found


def test_a_session_that_only_asked_for_an_explanation_keeps_that_ask() -> None:
    assert first_request(["can you explain how the cache layer works?"]) == "Explain how the cache layer works"


def test_a_request_for_work_first_stays_first() -> None:
    assert first_request(["fix the login bug", "explain the cache layer to me"]) == "Fix the login bug"
