"""Issue 22, round seven: the classes a fourth blind set's dev half (dev4) showed missed or falsely flagged,
each tested with variants written here (none is the set's string): a password told after a long naming of
what it is for (French, German), after an adverb ("ist jetzt", "c'est maintenant"), an account and its
password as a pair ("con admin / …"); a person credited by name, a person from a team named in one German
compound; and what only looks like them (a URL after `Bearer $TOKEN`, a type annotation under a session's
name, a pair of paths).
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _flagged_whole(scanner: Scanner, text: str, value: str) -> bool:
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    start = text.find(value)
    assert start >= 0
    return any(a <= start and start + len(value) <= b for a, b in spans)


FOUND = [
    ("le mot de passe du routeur wifi de la salle de réunion c'est Pivoine2031, merci", "Pivoine2031"),
    ("Das Passwort für die Datenbank auf dem alten Staging-Server ist Tannenzapfen77!", "Tannenzapfen77!"),
    ("Das Kennwort für den Grafana-Admin ist jetzt Herbst#2031, bitte nicht committen", "Herbst#2031"),
    ("el password del vpn es ahora Cangrejo2031$ por si lo necesitas", "Cangrejo2031$"),
    ("log into the staging dashboard with admin / Snowdrop!2031 and check the queue", "Snowdrop!2031"),
    ("entra en phpmyadmin con root / Tortuga88# y borra la tabla vieja", "Tortuga88#"),
    ("meld dich mit deploy / Kranich2031! am Jenkins an", "Kranich2031!"),
    ("I credited Oluwaseun Adebayo for the original report in CHANGELOG.md", "Oluwaseun Adebayo"),
    ("Kudos to Mirela Dragomir for spotting the race condition", "Mirela Dragomir"),
    ("Annika Lindqvist aus dem Datenbank-Team hat die Migration geschrieben", "Annika Lindqvist"),
    ("Pooja Raghunathan from the platform team owns the Terraform state", "Pooja Raghunathan"),
]

CLEAN = [
    'curl -H "Authorization: Bearer $TOKEN" https://api.example.net/v2/items?page=3 | jq .',
    'http GET https://api.acme.dev/v1/users "Authorization:Bearer ${API_TOKEN}" https://mirror.acme.dev/x',
    "    selected_session_id: reactive[Optional[str]] = reactive(None)",
    "    current_session_id: dict[str, list[int]] = field(default_factory=dict)",
    "copy the build with dist / build2024 as the target folder",  # a path pair, no letter-digit password shape
    "compare with main / v2.3.1 before tagging",
    "Das Passwort-Feld für den Login ist jetzt Pflicht",
    "credited the fix to the new parser for the speed-up",
    "Annika aus dem Team hat das geschrieben",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_the_value_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


@pytest.mark.parametrize("text", CLEAN)
def test_nothing_is_flagged(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
