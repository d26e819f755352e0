"""A name read by its context in a model's own plan, where the session wrote the same word and its scan flagged
nothing there (a fresh29 drafter: the session's order sheets name "Apicoltura Rossi"; the model's outline note "ask
Rossi whether…" made the section prompt read it as a person's name, and the run stopped as "retell's own fault").
The cleared view sent the word already: the plan's words send nothing new. A name the session flagged, or one it
never wrote, still stops."""

from __future__ import annotations

import pytest
from conftest import Transcript

from retell.errors import SecretLeakError
from retell.redact import Redactor, guard


def _session(tx: Transcript) -> None:
    tx.user("fammi i fogli d'ordine per Apicoltura Rossi e Forno Bianchi, uno per produttore")
    tx.assistant("Fatto: un foglio per produttore, in ordini/.")


def test_a_name_the_session_wrote_unflagged_passes_in_a_models_plan(tx: Transcript, parse) -> None:
    _session(tx)
    redactor = Redactor.for_log(parse(tx).log, {})
    guard([("section 1 prompt", "Ask Rossi whether the honey arrives on Thursday.")], redactor, "the draft prompt")


def test_a_name_the_session_never_wrote_still_stops(tx: Transcript, parse) -> None:
    _session(tx)
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard([("section 1 prompt", "Ask Verdana whether the honey arrives.")], redactor, "the draft prompt")


def test_a_name_the_session_flagged_still_stops(tx: Transcript, parse) -> None:
    tx.user("the beekeeper Marco Rossi said the honey comes on Thursday")
    tx.assistant("Noted.")
    redactor = Redactor.for_log(parse(tx).log, {})
    with pytest.raises(SecretLeakError):
        guard([("section 1 prompt", "Ask Marco Rossi whether the honey arrives.")], redactor, "the draft prompt")
