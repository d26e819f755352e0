"""A title's or an abbreviation's stop ends no sentence (stop 62): fresh42's food pantry, written blind, opened "ok so I
volunteer at St. Brendan's food pantry (tuesdays and saturdays)…", and its first chapter was titled "I volunteer at
St", its post described as "ok so I volunteer at St.". Nor "No." (an answer as often as a number's sign) nor a single
capital ("Plan B." ends a sentence as often as "J." starts a name) is read as an abbreviation."""

from __future__ import annotations

import pytest

from retell.extract.requests import first_sentence


@pytest.mark.parametrize(
    ("text", "first"),
    [
        ("ok so I volunteer at St. Brendan's food pantry (tuesdays). The script is old.", "ok so I volunteer at St. "
         "Brendan's food pantry (tuesdays)"),
        ("Dr. Okafor wants the export by friday. Can you look?", "Dr. Okafor wants the export by friday"),
        ("Use the defaults, e.g. the ones in config.toml. Then run.", "Use the defaults, e.g. the ones in config.toml"),
        ("Wir brauchen z.B. die Spalte Datum. Danke!", "Wir brauchen z.B. die Spalte Datum"),
        ("No. That is the wrong file.", "No"),
        ("We go with plan B. Next step is the tests.", "We go with plan B"),
        ("It ends at St.", "It ends at St"),
    ],
)  # fmt: skip
def test_an_abbreviation_ends_no_sentence(text: str, first: str) -> None:
    assert first_sentence(text) == first
