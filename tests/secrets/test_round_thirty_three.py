"""Round thirty-three (issue 22): dev24's false positive and partial redaction as classes, and the classes left on
earlier tuned sets: a key, a program or a team named over its own mailbox (a GPG uid, a review trailer); a version
in a list of versions read as a private address; the digest of a stored password hash read as a hex key; WordPress's
cookie name's site hash left between two markers; a forge's login cookie told in a message, in brackets, or in a HAR
file's header; a credential read out with jq. Every case is this file's own, none a blind set's text.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


def _whole(text: str, secret: str, kind: str) -> bool:
    start = text.index(secret)
    return any(f.kind == kind and f.start <= start and start + len(secret) <= f.end for f in SCANNER.scan(text))


def _covered(text: str, secret: str) -> bool:
    """Every character of `secret` inside one secret's finding, whatever rule's."""
    start = text.index(secret)
    return any(f.category == "secret" and f.start <= start and start + len(secret) <= f.end for f in SCANNER.scan(text))


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in SCANNER.scan(text)]


# -- a key, a program or a team over its own mailbox ------------------------------------------------------------

NOT_PEOPLE = [
    "uid           [ultimate] Package Signing Key <packages@lindenhof-tools.io>",
    "uid  [ unknown] Kestrelbox Archive Automatic Signing Key <archive@kestrelbox.org>",
    "pub   rsa4096 2024-01-09 [SC]\nuid   Tarnwell Release Signing Key <release@tarnwell.dev>",
    "Reviewed-by: Copilot <copilot@github.com>",
    "Co-authored-by: Renovate Bot <bot@renovateapp.com>",
]


@pytest.mark.parametrize("text", NOT_PEOPLE)
def test_a_key_or_a_program_over_its_own_mailbox_is_no_one(text: str) -> None:
    assert _kinds(text) == []


PEOPLE = [
    ("uid           [ultimate] Ilse Vandermeer <ilse.vandermeer@posteo.de>", "Ilse Vandermeer"),
    ("Reviewed-by: Tomasz Wielgosz <tomasz@wielgosz.pl>", "Tomasz Wielgosz"),
    # a family name that is also a word of a key's name stays a person's
    ("Signed-off-by: Francis Scott Key <francis@keyfamily.net>", "Francis Scott Key"),
]


@pytest.mark.parametrize(("text", "name"), PEOPLE)
def test_a_person_over_their_mailbox_stays_one(text: str, name: str) -> None:
    kinds = _kinds(text)
    assert ("person-name", name) in kinds
    assert any(kind == "email" for kind, _ in kinds)


# -- versions in a list, not addresses -------------------------------------------------------------------------

VERSION_LISTS = [
    "Found TensorRT 10.2.0.19, CUDA 12.2.2, cuDNN 8.9.7.29",
    "Detected: Python 3.11.9, OpenVINO 10.1.0.4 and NumPy 1.26",
    "runtime | TensorRT 10.0.1.6 | CUDA 12.4",
]


@pytest.mark.parametrize("text", VERSION_LISTS)
def test_a_four_part_version_among_versions_is_no_address(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "private-ip"]


ADDRESSES = [
    ("nginx 1.25.3, upstream 10.0.0.12", "10.0.0.12"),
    ("Redis 7.2.4, DB 10.0.4.5", "10.0.4.5"),
    ("connect to 10.3.0.26, CUDA 12.4.1", "10.3.0.26"),
    ("Postgres 10.1.0.3", "10.1.0.3"),
]


@pytest.mark.parametrize(("text", "address"), ADDRESSES)
def test_an_address_beside_a_version_is_still_found(text: str, address: str) -> None:
    assert ("private-ip", address) in _kinds(text)


# -- a stored password hash's digest is no key ------------------------------------------------------------------

HASH = "scrypt:32768:8:1$T7wPq2LxVb9R$" + "3e8f1b0d9c2a4e6f8b1d3c5e7a9f0b2d4c6e8a1f3b5d7c9e9a1f4c0e2b7d6a5c"


def test_a_stored_hashs_digest_is_no_private_key() -> None:
    text = '[{"model": "accounts.user", "pk": 7, "fields": {"password": "' + HASH + '"}}]'
    assert not [k for k in _kinds(text) if k[0] == "private-key"]


def test_a_hex_key_beside_its_word_is_still_found() -> None:
    key = "3e8f1b0d9c2a4e6f8b1d3c5e7a9f0b2d4c6e8a1f3b5d7c9e9a1f4c0e2b7d6a5c"
    assert _whole(f"deployer private key: {key}", key, "private-key")


# -- session cookies -----------------------------------------------------------------------------------------

WP_VALUE = "jdoe%7C1765900000%7CRt5kLq0PzX2mWn8aBv4cYd6eFg1hJk3lMn9oPq7rSt%7C4f2a9c" + "e1d3b5" * 8
WP_HASH = "5d41402abc4b2a76b9719d911017c592"


@pytest.mark.parametrize(
    "text",
    [
        f"Cookie: wordpress_logged_in_{WP_HASH}={WP_VALUE}",
        f"the admin cookie was wordpress_sec_{WP_HASH}={WP_VALUE} in the log",
    ],
)
def test_wordpress_cookie_hash_and_value_are_one_span(text: str) -> None:
    assert _whole(text, f"{WP_HASH}={WP_VALUE}", "session-cookie")


FORGE_COOKIES = [
    (
        "Gitea'ya bununla giriyorum: i_like_gitea=q3v81mzk0x7hd2pwa5nl9tjr4cyb6sfe0gu1",
        "q3v81mzk0x7hd2pwa5nl9tjr4cyb6sfe0gu1",
    ),
    ("logged in with i_like_gogs=7fd0e2a94c1b3d8e6f5a0b9c2d4e7f1a", "7fd0e2a94c1b3d8e6f5a0b9c2d4e7f1a"),
    ("_gitlab_session=b7e14c09a2d35f8e61c0a9d4b3f2e781 is what the browser sent", "b7e14c09a2d35f8e61c0a9d4b3f2e781"),
    (
        "here's my _gitlab_session cookie (b7e14c09a2d35f8e61c0a9d4b3f2e781), pull the pipeline page with it",
        "b7e14c09a2d35f8e61c0a9d4b3f2e781",
    ),
]


@pytest.mark.parametrize(("text", "value"), FORGE_COOKIES)
def test_a_forges_login_cookie_told_in_a_message_is_found(text: str, value: str) -> None:
    assert _covered(text, value)


def test_a_cookie_in_a_har_header_is_found() -> None:
    value = "CfDJ8Kq2vR9xLm4TnB7wYc1Zp6Hs3Dj0Fg5Ue8Ai_Vo2Wr7Qt9-Ey4Nk1Mb6Jc3Xz8Pl5Gh0Sd2Fa7"
    text = (
        '{\n  "headers": [\n    {\n      "name": "Cookie",\n'
        f'      "value": "theme=dark; .AspNetCore.Cookies={value}"\n    }}\n  ]\n}}'
    )
    assert _whole(text, value, "session-cookie")


def test_a_har_header_that_is_no_cookie_is_left() -> None:
    text = '{\n  "name": "Accept",\n  "value": "text/html; .AspNetCore.Cookies=applicationjsonutf8charsetxx"\n}'
    assert not [k for k in _kinds(text) if k[0] == "session-cookie"]


@pytest.mark.parametrize(
    "text",
    ["the session cookie (see the docs for its format) is set by Django", "the session cookie (SESSION_COOKIE_AGE)"],
)
def test_a_note_in_brackets_after_a_cookie_is_no_value(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "session-cookie"]


# -- a credential read out with jq ---------------------------------------------------------------------------

JQ_READS = [
    (
        "$ jq .token ~/.local/share/jupyter/runtime/jpserver-88.json\n"
        '"9f27c04be1d35a6f80c9e24b7d1a3f58c6e0b2d47a9f1c38"',
        "9f27c04be1d35a6f80c9e24b7d1a3f58c6e0b2d47a9f1c38",
    ),
    (
        "$ curl -s -X POST https://auth.lindenhof.io/login -d @me.json | jq -r '.data.access_token'\n"
        "Lq8vTz3Rk0Wn5Yb2Xc7Md4Pf9Hs1Jg6A\n",
        "Lq8vTz3Rk0Wn5Yb2Xc7Md4Pf9Hs1Jg6A",
    ),
]


@pytest.mark.parametrize(("text", "value"), JQ_READS)
def test_a_credential_read_out_with_jq_is_found(text: str, value: str) -> None:
    assert _whole(text, value, "token-in-text")


@pytest.mark.parametrize(
    "text",
    [
        '$ jq .token_type resp.json\n"Bearer"',
        "$ jq '.tokens | length' usage.json\n42",
        '$ jq .token a.json\n"${TOKEN}"',
    ],
)
def test_what_jq_prints_that_is_no_credential_is_left(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "token-in-text"]
