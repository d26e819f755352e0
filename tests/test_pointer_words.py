"""A "this" or "these" that stands for the thing itself is kept in a heading or title made from a request: read as
an article before a noun, "so this gets caught next time" became "so the gets caught next time" in a real model's
outline prompt (blind17's README), and "make sure this works" "Making sure the works"."""

from __future__ import annotations

import pytest

from retell.extract.phrasing import request_phrase


@pytest.mark.parametrize(
    ("ask", "phrase"),
    [
        ("also add dbt tests so this gets caught next time", "Adding dbt tests so this gets caught next time"),
        ("make sure this works on windows", "Making sure this works on windows"),
        ("delete the flag because this broke the build", "Deleting the flag because this broke the build"),
        ("update these tests so those pass again", "Updating the tests so those pass again"),
        ("fix it properly this time", "Fixing it properly this time"),
    ],
)
def test_a_pointer_that_stands_for_the_thing_is_kept(ask: str, phrase: str) -> None:
    assert request_phrase(ask) == phrase


@pytest.mark.parametrize(
    ("ask", "phrase"),
    [
        ("fix these lint errors", "Fixing the lint errors"),
        ("rename this process", "Renaming the process"),
        ("refactor this class", "Refactoring the class"),
        ("remove those unused imports", "Removing the unused imports"),
    ],
)
def test_a_pointer_before_a_things_name_is_the(ask: str, phrase: str) -> None:
    assert request_phrase(ask) == phrase
