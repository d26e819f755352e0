"""A config's settings named beside an account are no password.

A model answering retell's prompts for a Flask app behind nginx (fresh23, stop 51) wrote that the unit "runs as
`User=deploy` and `Group=deploy`": the rule for an account followed by a quoted password (`log in as admin and
"velvet otter 4"`) read the second setting as deploy's password, and the hand-off engine refused the answer. A
password beside an account is still found.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


@pytest.mark.parametrize(
    "text",
    [
        "The unit now runs as `User=deploy` and `Group=deploy`, so the socket belongs to deploy.",
        "gunicorn runs as user `www-data` with `Group=www-data` in the service file.",
        "Set it to run as root and `umask=0027` in the unit.",
    ],
)
def test_settings_beside_an_account_are_not_flagged(text: str) -> None:
    assert [f.kind for f in SCANNER.scan(text)] == []


@pytest.mark.parametrize(
    ("text", "password"),
    [
        ("log in to the panel as admin and 'velvet otter 4'", "velvet otter 4"),
        ("ssh in as deploy and `Tr0ub4dor&3`", "Tr0ub4dor&3"),
        ("login: user and 'Sommer2024!'", "Sommer2024!"),
    ],
)
def test_a_password_beside_an_account_is_still_found(text: str, password: str) -> None:
    assert password in [f.value for f in SCANNER.scan(text)]


def test_a_setting_whose_key_names_a_password_is_still_found() -> None:
    assert "pass=sommer2024x" in [f.value for f in SCANNER.scan("ssh in as root and `pass=sommer2024x`")]


@pytest.mark.parametrize(
    "text",
    [
        "its device node `/dev/bus/usb/001/007` owned by `root root` with `crw-rw-r--`.",
        "the key file is owned by deploy with `-rw-------` now",
        "logged in as admin, the folder shows `drwxr-xr-x@`",
    ],
)
def test_a_files_mode_beside_an_owner_is_no_password(text: str) -> None:
    """A model in the loop (fresh25's taillight, stop 52) copied `ls -l`'s owner and mode; the answer was refused
    twice as holding a password."""
    assert [f.kind for f in SCANNER.scan(text)] == []
