"""A number read as a phone's by the words a model put around it, where the session printed the same number and its
scan flagged nothing there (blind48's writer, stop 58: an outline saying "Pers nummer blir 202601290" of a payment
reference the session's own run printed was refused as a phone number: Swedish "nummer" labels a phone, and 020… is
a valid Swedish freephone number). The cleared view sent the number already, and the author could not clear it in
triage (the parse never flagged it). A number the session flagged, or one it never printed, still stops."""

from __future__ import annotations

import pytest
from conftest import Transcript

from retell.errors import SecretLeakError
from retell.redact import Redactor, guard

PLAN = "Kontrollen skriver `luhn ok: True`, och Pers nummer blir 202601290."


def _session(tx: Transcript, printed: str) -> None:
    tx.user("Kan du lägga till en kontrollsiffra i betalningsreferenserna?")
    tx.tool_call("Bash", {"command": "python avgifter.py --ocr"}, f"{printed}\nlängd ok: True\nluhn ok: True")
    tx.assistant("Klart: kontrollsiffran är tillagd och alla referenser klarar kontrollen.")


def test_a_number_the_session_printed_unflagged_passes_in_a_models_plan(tx: Transcript, parse) -> None:
    _session(tx, "202601290 202602397")
    redactor = Redactor.for_log(parse(tx).log, {})
    assert [f.kind for _, f in redactor.uncleared(PLAN)] == ["phone-number"]  # read as a phone here, not there
    guard([("outline", PLAN)], redactor, "the outline prompt")


def test_a_number_the_session_never_printed_still_stops(tx: Transcript, parse) -> None:
    _session(tx, "202601457 202602397")
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard([("outline", PLAN)], redactor, "the outline prompt")


def test_a_number_the_session_flagged_still_stops(tx: Transcript, parse) -> None:
    tx.user("Ring Per på telefon 202601290 om avgiften.")
    tx.assistant("Noterat.")
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard([("outline", PLAN)], redactor, "the outline prompt")


def test_words_that_call_the_printed_number_a_phone_still_stop(tx: Transcript, parse) -> None:
    # (a general word for a number labels; "call", "phone", "Telefon" say what the session never said)
    _session(tx, "202601290 202602397")
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard(
            [("outline", "Call Per on his phone, 202601290, before the invoice goes out.")],
            redactor,
            "the outline prompt",
        )
