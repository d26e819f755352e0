"""Issue 22: classes a sixth blind set's dev half (dev6) showed missed or wrongly flagged, each tested with
variants written here (none is the set's string): a user and a password said together with "and" (`for portainer
it's ops and Cobalt2025!`) in the languages authors write in; a `git blame --date=short` line's author; a token's
scopes (`admin:public_key`) read as a token. And what only looks like a login: two words joined by "and" where no
login is told, or where the second is a version, a file or a plain word.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    ("for the staging jenkins it's deploy and Tramway88!, log in and check the queue", "Tramway88!"),
    ("on the NAS the login is backup and Kestrel2031 btw", "Kestrel2031"),
    ("für das Grafana ist es viewer und Sonnenblume7!, meld dich an", "Sonnenblume7!"),
    ("pour le portail c'est admin et Lavande2024! si tu veux te connecter", "Lavande2024!"),
    ("the account is svc-report and Paloma#2030, sign in and export the csv", "Paloma#2030"),
    ("for minio it's archivist and Nordlicht#12 – try logging in from the console", "Nordlicht#12"),
]

CLEAN = [
    "the fix is parser and lexer2 both, nothing else changed",
    "our CI matrix is python3.12 and Node20 on ubuntu-latest",
    "the difference is main.py and utils2.py, login flow untouched",
    "it's fast and Simple2Use was the library's old slogan",
    "both are ready and Release2031 ships tomorrow",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_a_user_and_password_said_together_are_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", CLEAN)
def test_two_words_joined_where_no_login_is_told_are_not(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "password-in-text"], text


SCOPES = [
    "  - Token scopes: 'admin:public_key', 'read:org', 'workflow'",
    "token scopes: write:packages, delete:packages, admin:repo_hook",
    "The token's scopes are user:email and read:discussion_comments",
]


@pytest.mark.parametrize("text", SCOPES)
def test_a_tokens_scopes_are_not_a_token(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


def test_a_machine_made_token_after_the_same_words_still_is(scanner: Scanner) -> None:
    text = "  - Token: gho_R8fK2mQx9TzL4vNp7sYwB1cE6hJ3dG0aU5iO"
    assert flagged_whole(scanner, text, "gho_R8fK2mQx9TzL4vNp7sYwB1cE6hJ3dG0aU5iO")


BLAME_SHORT = [
    ("3f9c2a1b (Siobhán Ní Bhriain    2026-01-14 12)     return total", "Siobhán Ní Bhriain"),
    ("^a41e0d7 (Jean-Baptiste Okafor 2025-11-02  7) import os", "Jean-Baptiste Okafor"),
    ("9b0e77c2 src/cart.py (Haruka Nishimura-Lee 2026-03-09 41)         raise", "Haruka Nishimura-Lee"),
]


@pytest.mark.parametrize(("text", "name"), BLAME_SHORT)
def test_a_blame_line_with_a_short_date_names_its_author(scanner: Scanner, text: str, name: str) -> None:
    assert flagged_whole(scanner, text, name), text


README_EXAMPLES = [
    "xoxb-your-token",
    "SLACK_BOT_TOKEN=xoxb-your-bot-token-here",
    "export STRIPE_SECRET_KEY=sk_live_your_key_here",
]


@pytest.mark.parametrize("text", README_EXAMPLES)
def test_a_vendor_prefix_before_placeholder_words_is_a_readme_example(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


def test_a_real_slack_token_is_still_flagged(scanner: Scanner) -> None:
    token = "xoxb-2048117730-4477812209-Kx8mQ2vTz9LpR4wN7bYc1DfH"
    assert flagged_whole(scanner, f"SLACK_BOT_TOKEN={token}", token)


COMMA_PAIRS = [
    ("RDP: administrator, Kestrel#2031", "Kestrel#2031"),
    ("VNC on the lab box: pi, Himbeere#22", "Himbeere#22"),
    ("for the login use root, Toor2031!", "Toor2031!"),
    ("ssh: deploy, Kranich2031 (port 2222)", "Kranich2031"),
]

COMMA_LISTS = [
    "roles: admin, Editor2024",
    "users: admin, guest, Deploy2",
    "login as admin, Dashboard2 is broken again",
]


@pytest.mark.parametrize(("text", "value"), COMMA_PAIRS)
def test_an_account_and_its_password_after_a_comma_on_a_login_line_are_flagged(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", COMMA_LISTS)
def test_a_comma_in_a_list_or_a_sentence_joins_no_login(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text
