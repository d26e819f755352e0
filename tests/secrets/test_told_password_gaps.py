"""Issue 22: a password told in a sentence whose words fooled the rule, each written here from how people type:
a word before the real verb that is a verb in another language ("the password on the pi is …": "on"), a
phrase between the verb and a colon ("is the same as before: …"), `pass` as a noun ("the wifi pass for the
office is …"), the `psw:` abbreviation. And the sentences that only look like them: tests that pass, a
pass rate, a type checker that is happy.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    ("the password on the old pi is raspberry42", "raspberry42"),
    ("das Passwort to the NAS is Wanderweg#5", "Wanderweg#5"),
    ("the password for metabase is the same as before: Quokka2031#", "Quokka2031#"),
    ("the root password is unchanged from last week: Lantern77!", "Lantern77!"),
    ("the wifi pass for the guest network is Cinnamon#88", "Cinnamon#88"),
    ("my vpn pass is Harbour2031 if you need it", "Harbour2031"),
    ("psw: Gondola2031", "Gondola2031"),
]

CLEAN = [
    "All 48 tests pass and the linter is happy!",
    "the pass rate is 98.5% on the nightly run",
    "our tests pass: 212/212 in 41s",
    "the password on the form is optional now",
    "the password policy is the same as before: twelve characters minimum",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_a_password_told_past_words_that_fooled_the_rule_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", CLEAN)
def test_sentences_that_only_look_like_one_are_not(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


@pytest.mark.parametrize(
    ("text", "value"), [("the password is Sommer!", "Sommer!"), ("das Passwort ist Kätzchen!", "Kätzchen!")]
)
def test_a_capitalised_password_ending_in_a_symbol_is_still_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


def test_a_very_long_run_of_placeholder_words_is_scanned_without_error(scanner: Scanner) -> None:
    # (placeholder words were split by recursion, one level a word: 1,100 of them exhausted the stack)
    assert scanner.scan("password: " + "foo" * 1100) == []
