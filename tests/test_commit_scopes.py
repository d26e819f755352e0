"""A commit subject as a title keeps no component scope: a blind reader marked "Api: count abandoned ingests…"
and "Parse: zero-copy parser with Cow values" for a rewrite (fresh12, stop 43)."""

from __future__ import annotations

import pytest

from retell.extract.commits import commit_phrase


@pytest.mark.parametrize(
    ("subject", "title"),
    [
        ("api: count abandoned ingests instead of logging them", "Counting abandoned ingests instead of logging them"),
        ("parse: zero-copy parser with Cow values", "Zero-copy parser with Cow values"),
        ("fix(api): handle empty body", "Handling empty body"),
    ],
)
def test_a_component_scope_is_left_out(subject: str, title: str) -> None:
    assert commit_phrase(subject) == title


@pytest.mark.parametrize(
    "subject",
    ["Docker: cache-friendly builds", "README: a quick start that works", "Go 1.23: range over func"],
)
def test_a_capitalised_name_before_a_colon_is_the_subjects_own(subject: str) -> None:
    assert commit_phrase(subject).startswith(subject.split(":")[0])
