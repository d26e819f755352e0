"""Round thirty-eight (issue 24, headings): three kinds of offline heading a blind judge sent back on fresh33-35
(stop 58, judged before any was tuned on): a line that opens on a word tying it to the reply it came from ("Då
fungerar filen oavsett hur Excel sparar den", "Nu blir summan exakt 84 600 kr", "Alltså `2026012` + `9` +
kontrollsiffra": "'Då' refers back to an explanation the section never gives"); a German cause cut after "weil",
whose verb comes last ("Mitgliedsdaten drinstehen": "a broken subordinate-clause fragment"); and Claude's result cut
before its verb's object ("The file now starts": "a cut-off sentence fragment that says nothing"). Our own wording,
the real cases' shapes; each failed on main bd30e13."""

from __future__ import annotations

import pytest
from test_result_subject import _closing

from retell.events import ASSISTANT, Event
from retell.extract.headings import chat_line
from retell.extract.phase_headings import said_cause
from retell.extract.result import claude_result


@pytest.mark.parametrize(
    "heading",
    [
        "Då fungerar filen oavsett hur Excel sparar den",
        "Nu blir summan exakt 84 600 kr",
        "Alltså `2026012` + `9` + kontrollsiffra",
        "So the cache was keyed by name only",
        "Dus de planner weigert nu dubbele lessen",
        "Quindi la coda stampa due volte",
        "Takže vzdálenosti teď sedí",
        "Jadi kolom tanggal terbaca sebagai teks",
        "І тепер він починається з BOM `239 187 191`",  # fresh37 (stop 59, judged blind)
        "Ось що тепер пішло б в API",
        "Итак, кэш читается дважды",
    ],
)
def test_a_line_that_opens_on_the_reply_before_it_heads_nothing(heading: str) -> None:
    assert chat_line(heading)


@pytest.mark.parametrize(
    "heading",
    [
        "Soap dispenser firmware on the ESP32",  # "So" only as a word of its own
        "Nullwerte im Export",
        "Dann-Regeln im Dienstplan",  # a hyphenated name, not "Dann, …"
    ],
)
def test_a_heading_that_only_begins_with_those_letters_stands(heading: str) -> None:
    assert not chat_line(heading)


def test_a_german_or_dutch_cause_whose_verb_comes_last_heads_nothing() -> None:
    german = [Event(ASSISTANT, id="a1", text="Die CSV habe ich nicht eingecheckt, weil Mitgliedsdaten drinstehen.")]
    dutch = [Event(ASSISTANT, id="a1", text="De test faalde omdat de planner de pauze niet meetelde.")]
    english = [Event(ASSISTANT, id="a1", text="The test failed because the planner ignored the break.")]
    assert said_cause(german) == ""
    assert said_cause(dutch) == ""
    assert said_cause(english) == "The planner ignored the break"


def test_a_result_cut_short_keeps_what_its_verb_takes() -> None:
    text = (
        "The file now starts with `EF BB BF` (the BOM) and PowerShell reads Bryn Tŵr back correctly. "
        "Ask Bethan to re-open the data source."
    )
    assert claude_result(_closing(text)) == "The file now starts with `EF BB BF` (the BOM)"


# -- fresh36's offline posts, judged blind at stop 59 before any was tuned on ------------------------------------


@pytest.mark.parametrize(
    "heading",
    [
        "おそらく文字コード",  # "probably the encoding": a guess, not what was found
        "Probably the cache key",
        "Vermutlich die Zeitzone",
        "Why does the run sheet script blow up for tomorrow?",  # a day of the chat's own, in a question
        "早上继续",  # "continuing in the morning"
        "Uy Tlajomulco es el que nunca sé",  # an interjection, then chat
        "Híjole, otra vez el flete",
    ],
)
def test_a_guess_a_chat_day_or_an_interjection_heads_nothing(heading: str) -> None:
    assert chat_line(heading)


@pytest.mark.parametrize(
    "heading",
    [
        "La lista de pedidos sale vacía desde ayer",  # a report keeps its day: it says the problem
        "Today's orders in the kitchen printer",
        "Probabilistic rounding for the small sizes",
    ],
)
def test_a_report_with_its_day_or_a_word_that_only_starts_alike_stands(heading: str) -> None:
    assert not chat_line(heading)
