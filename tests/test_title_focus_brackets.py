"""A commit's subject focused as a title (retell/extract/title_focus.py), two forms found on fresh22 (stop 50): a
list's commas inside a parenthesis are a detail of one change, not a list ("feat: pedidos programados (pickupAt,
SCHEDULED, validación en server)" was titled "feat: pedidos programados (pickupAt", cut inside its parenthesis), and a
conventional commit's type ("feat:", "fix(api):") names a kind of change, never the thing a title is about."""

from __future__ import annotations

import pytest

from retell.extract.title_focus import focused, items


def test_commas_inside_a_parenthesis_are_one_change() -> None:
    assert items("pedidos programados (pickupAt, SCHEDULED, validación en server)", "es") == [
        "pedidos programados (pickupAt, SCHEDULED, validación en server)"
    ]
    assert items("pin boto3 (1.34, not 1.35), write rows as utf-8, retry on 429", "en") == [
        "pin boto3 (1.34, not 1.35)",
        "write rows as utf-8",
        "retry on 429",
    ]


@pytest.mark.parametrize(
    ("subject", "language"),
    [
        ("feat: pedidos programados (pickupAt, SCHEDULED, validación en server)", "es"),
        ("fix(api): retry the upload on 429", "en"),
        ("chore: bump ruff to 0.8", "en"),
    ],
)
def test_a_commit_type_is_never_the_titles_subject(subject: str, language: str) -> None:
    title = focused(subject, [], language)
    assert not title.lower().startswith(("feat", "fix", "chore")), title
    assert title.count("(") == title.count(")"), title
