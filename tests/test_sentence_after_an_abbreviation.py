"""A title's or an abbreviation's stop ends no sentence (stop 62): fresh42's food pantry, written blind, opened "ok so I
volunteer at St. Brendan's food pantry (tuesdays and saturdays)…", and its first chapter was titled "I volunteer at
St", its post described as "ok so I volunteer at St.". Nor "No." (an answer as often as a number's sign) nor a single
capital ("Plan B." ends a sentence as often as "J." starts a name) is read as an abbreviation. And Thai, which writes no
stop, ends a sentence with a polite particle and a space: fresh42's homestay was titled by its first message whole (161
characters)."""

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
        # Thai writes no stop: a polite particle then a space ends a sentence (fresh42's homestay)
        ("รัน script ที่หลานเขียนไว้ให้แล้วขึ้นแบบนี้ค่ะ เป็น script รวมปฏิทินจอง", "รัน script ที่หลานเขียนไว้ให้แล้วขึ้นแบบนี้"),
        ("ช่วยดูให้หน่อยครับ ขอบคุณ", "ช่วยดูให้หน่อย"),
        ("คะแนนของห้อง river ไม่ขึ้น", "คะแนนของห้อง river ไม่ขึ้น"),  # (a word that begins as a particle does)
    ],
)  # fmt: skip
def test_an_abbreviation_ends_no_sentence(text: str, first: str) -> None:
    assert first_sentence(text) == first
