"""A German article between two capitalised nouns is no name's particle (blind35, stop 56: a writer's outline answer
for a German post, "Nach dem Lesen der Ausgabe sah Claude den Fehler in Ueberfaellig", was refused as holding a
person's name, "Lesen der Ausgabe", "the reading of the output"); `van der`, `von den` still join a name."""

from __future__ import annotations

import pytest
from conftest import Transcript

from retell.errors import SecretLeakError
from retell.redact import Redactor, guard


def _session(tx: Transcript) -> None:
    tx.user("Wie rechnet man in Go am saubersten ein Jahr später aus?")
    tx.assistant("Mit `time.AddDate(1, 0, 0)`; am 29. Februar landet man am 1. März.")


@pytest.mark.parametrize(
    "text",
    [
        "Nach dem Lesen der Ausgabe sah Claude den Fehler in Ueberfaellig.",
        "Beim Prüfen der Fristen fiel Claude das Monatsende auf.",
    ],
)
def test_a_german_article_between_nouns_joins_no_name(tx: Transcript, parse, text: str) -> None:
    _session(tx)
    redactor = Redactor.for_log(parse(tx).log, {})
    guard([("outline answer", text)], redactor, "the outline")


def test_a_name_with_its_particles_still_stops(tx: Transcript, parse) -> None:
    _session(tx)
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard([("outline answer", "Den Bericht schrieb Ludwig van der Berg.")], redactor, "the outline")
