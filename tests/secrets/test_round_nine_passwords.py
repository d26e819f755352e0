"""Issue 22, round nine: a password made as a word, a dot and a word with digits (`Hibiscus.nordsee57`) told
beside its account (`admin / …`) was refused as a version or a path: the pair rules' test of a chosen password
now knows that shape, as the assignment rules did. An attribute or a dotted code word still is not one.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("管理画面には admin / Lavendel.sommer84 でログインできます", "Lavendel.sommer84"),
        ("grafana login: admin / Maple.syrup99", "Maple.syrup99"),
        ("ssh deploy / Gato.negro2024", "Gato.negro2024"),
    ],
)
def test_a_dotted_password_beside_its_account_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", ["see config.timeout30 / settings.value2", "use node / Lodash.debounce42 here"])
def test_a_dotted_code_word_beside_a_slash_is_not_a_password(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text
