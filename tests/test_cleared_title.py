"""A cleared post can always be published: a title retell proposes from a message that tells a password holds the
placeholder, and the next token of the clause is not read as a second password the author never cleared
("the wifi password is [REDACTED], SSID FH-Lantai3" stopped triage; a blind secrets set's author found it, stop 42).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("offline_env")


@pytest.mark.parametrize(
    ("message", "secret"),
    [
        ("the wifi password is Persib1933*, SSID FH-Lantai3. try it and set up the printer script", "Persib1933*"),
        ("password wifi kantor Merapi2024! ya, SSID-nya FH-Lantai3, tolong setup printernya", "Merapi2024!"),
        ("das WLAN-Passwort ist Kiefer#2291, Netz Buero-5G, richte bitte das Druckerskript ein", "Kiefer#2291"),
    ],
)
def test_a_title_made_from_a_message_that_tells_a_password_can_be_published(
    tx: Transcript, tmp_path: Path, message: str, secret: str
) -> None:
    tx.user(message)
    edit(tx, "printer/setup.sh")
    tx.assistant("Done: the printer script now connects.")
    told = Told(tx, tmp_path)
    assert secret not in told.title
    assert secret not in told.post
