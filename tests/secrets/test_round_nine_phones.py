"""Issue 22, round nine: a number no word calls a phone is one only where nothing says it is something else.
The North American rule took any `ddd ddd dddd` libphonenumber calls valid, where the national one already
read the context: a size (`size: 350 411 8444 bytes`, from a `ps` output of holdout6), an order's or a job's
number, a duration, an amount, a version before it, a row of figures. Both now share one context test.
Numbers a person wrote as a phone stay flagged, with a word or without.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


NOT_PHONES = {
    "sizes": [
        "size: 350 411 8444 bytes",
        "Total: 212 555 1234 bytes transferred",
        "Disk: 617 288 4410 KiB free",
        "heap used 650 253 0199",
    ],
    "ids": [
        "order 415-555-2671 shipped to the warehouse",
        "Order #212 555 7789 was refunded",
        "request id 646-555-0134 failed with 502",
        "job 313-555-8821 queued behind 4 others",
    ],
    "durations": ["Ran 415 555 2671 ms", "took 212 555 1234 ns in the hot loop", "elapsed 646 555 0134 µs"],
    "amounts": ["€ 415 555 2671 raised in the round", "price: 212 555 1234 VND", "revenue 646 555 0134 last year"],
    "versions and rows": [
        "version 3.12 415.555.2671",
        "sales 415 555 0188 201 555 0199 212 555 0132",
    ],
}


@pytest.mark.parametrize("text", [text for texts in NOT_PHONES.values() for text in texts], ids=lambda text: text[:30])
def test_a_figure_that_only_looks_like_a_phone_is_not_flagged(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "phone-number"], text


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Rosa is at 415-555-0132 until five", "415-555-0132"),
        ("reach me at 415 555 2671 tonight", "415 555 2671"),
        ("numbers: 415-555-0132, 212-555-0198, 646-555-0111", "212-555-0198"),
        ("Best,\nLars\n+46 70 123 45 67", "+46 70 123 45 67"),
        ("o celular dela é (11) 98765-4321", "(11) 98765-4321"),
        ("Ayşe: 0532 123 45 67", "0532 123 45 67"),
    ],
)
def test_a_number_written_as_a_phone_is_still_flagged(scanner: Scanner, text: str, number: str) -> None:
    spans = [(f.start, f.end) for f in scanner.scan(text) if f.kind == "phone-number"]
    start = text.index(number)
    assert any(a <= start and start + len(number) <= b for a, b in spans), text


@pytest.mark.parametrize(
    ("text", "numbers"),
    [
        ("Jane 415 555 0132, Bob 212 555 0199", ["415 555 0132", "212 555 0199"]),
        ("Reach Jane on 415 555 0132 or Bob on 212 555 0199.", ["415 555 0132", "212 555 0199"]),
        ("Jane (415) 555 0132 and Bob (212) 555 0199", ["(415) 555 0132", "(212) 555 0199"]),
        ("customer phone: 415 555 0132, 212 555 0199", ["415 555 0132", "212 555 0199"]),
        ("Sent 415-555-0132 the invoice", ["415-555-0132"]),
        ("Free 415-555-0132 after six", ["415-555-0132"]),
        ("Suite 200 415-555-0132", ["415-555-0132"]),
        ("ran into Bob at 3 415-555-0132", ["415-555-0132"]),
    ],
)
def test_numbers_that_are_phones_stay_phones_beside_each_other_and_after_a_verb(text: str, numbers: list[str]) -> None:
    """The review of round nine (stop 36): two North American numbers on one line took each other for a row of
    figures, and a verb or a house number before one made it something else: all were redacted before."""
    from retell.secrets import Scanner

    assert [f.value for f in Scanner().scan(text) if f.kind == "phone-number"] == numbers
