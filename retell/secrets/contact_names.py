"""(round forty-one) A person's name right before their phone number: a contact as a list, a form or a note writes it
(`HOLD for Jan Whitcombe 0412 558 903, pays Sat`, an op shop's lay-by note; `H0077,Terrence Whitfield,(541) 555-0143`,
a food pantry's sign-in export; fresh42 and fresh43), where no word around says a person is named. Two or three
capitalised words of letters, one of them a given or a family name the gazetteer knows and not all English words,
ending just before a phone number the scan flagged (a space, a comma, a tab or a bar between), are that person's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.secrets.gazetteer import known_person

_NAME_BEFORE = re.compile(r"([^\W\d_][^\W\d_'’-]*(?:[ ][^\W\d_][^\W\d_'’-]*){1,2})[ \t]*[,;|\t]?[ \t]*$")


def beside_a_phone(text: str, phones: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the names written right before a flagged phone number in `text` (`phones`: their spans)."""
    out: list[tuple[int, int]] = []
    for start, _end in phones:
        line_start = text.rfind("\n", 0, start) + 1
        found = _NAME_BEFORE.search(text, max(line_start, start - 60), start)
        if found is None:
            continue
        words = found.group(1).split(" ")
        # (a label's words run on before a name: "HOLD for Jan Whitcombe" keeps the last capitalised ones)
        while words and not words[0][:1].isupper():
            words = words[1:]
        if not 2 <= len(words) <= 3 or not all(w[:1].isupper() and not w.isupper() for w in words):
            continue
        if known_person(words):  # ("Support Line", "Kings Cross": a label or a place)
            out.append((found.end(1) - len(" ".join(words)), found.end(1)))
    return out
