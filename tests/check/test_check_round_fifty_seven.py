"""Round fifty-seven: a real model's Romanian draft of fresh43's guesthouse (stop 62, a session written blind, its post
written by a helper answering retell's hand-off prompts) could not pass `--strict`: "I-am scris lui Claude: „tot nu
merge…”" (I wrote to Claude) was read as Claude's quote of the author's words, twice, for Romanian's dative "lui"
before the name; and a paragraph that opens on Claude's explanation ("Explicația lui Claude pornea de la cifre.")
had each of its sentences flagged as a reading told as fact, where the prompt asks for one attribution per
explanation. Each faithful case has a planted twin that must still be reported."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import approved_workdir
from check_support import draft_problems as problems
from conftest import Transcript

START = datetime(2026, 2, 9, 10, 48, tzinfo=timezone.utc)
ASK = "tot nu merge, dar parca acum e alta linie"
WHY = (
    "De ce: un SMS normal (GSM-7) are 160 de caractere, dar un singur caracter din afara alfabetului GSM trece tot "
    "mesajul pe Unicode, unde încap doar 70 de caractere pe bucată. Mesajul nostru are ~150, deci 2 bucăți."
)


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="C:\\Users\\ilinca\\pensiune", start=START)
    tx.user("trimite SMS-urile fără diacritice, te rog")  # e1
    tx.assistant(WHY)  # e2
    tx.user(ASK)  # e3
    tx.assistant("Văd: acum e linia 50, la scrierea foii de curățenie.")  # e4
    return approved_workdir(tmp_path, tx)  # (the post's language is the session's: Romanian)


def test_words_written_to_claude_are_the_authors(tmp_path: Path) -> None:
    work = _work(tmp_path)
    told = f"I-am scris lui Claude: „{ASK}”. <!-- ev: e3 -->\n"
    assert problems(work, told) == []
    planted = f"Claude: „{ASK}”. <!-- ev: e3 -->\n"
    assert problems(work, planted)


def test_a_paragraph_opened_as_claudes_explanation_is_his_account(tmp_path: Path) -> None:
    work = _work(tmp_path)
    told = (
        "Explicația lui Claude pornea de la cifre. Un SMS obișnuit are 160 de caractere. Un singur caracter din afara "
        "alfabetului GSM trece tot mesajul pe Unicode, unde încap doar 70 de caractere pe bucată. <!-- ev: e2 -->\n"
    )
    assert problems(work, told) == []
    planted = (
        "Un SMS obișnuit are 160 de caractere. Un singur caracter din afara alfabetului GSM trece tot mesajul pe "
        "Unicode, unde încap doar 70 de caractere pe bucată. <!-- ev: e2 -->\n"
    )
    assert problems(work, planted)


def test_a_count_a_cited_run_printed_is_the_runs(tmp_path: Path) -> None:
    """fresh43's savings group, a real model's draft: "Its first run printed two messages" of a run whose output ends
    "2 reminders." was compared with the author's 4 messages, and would stop `--strict`."""
    tx = Transcript(cwd="/home/ngozi/ajo", start=START)
    tx.user("add a remind command for the members still owing")  # e1
    tx.tool_call(
        "Bash",
        {"command": "python3 ajo.py remind 2026-03"},
        "To: member 4\nGood evening, this is a gentle reminder.\n\nTo: member 5\nGood evening, this is a gentle "
        "reminder.\n\n2 reminders.",
    )  # e2
    tx.assistant("Two reminders; the treasurer can copy each into WhatsApp.")  # e3
    tx.user("thanks")  # e4
    tx.user("see you")  # e5
    tx.user("bye")  # e6
    work = approved_workdir(tmp_path, tx)
    told = "Its first run printed two messages, one for each member still owing. <!-- ev: e2 -->\n"
    assert problems(work, told) == []
    planted = "Its first run printed five messages, one for each member still owing. <!-- ev: e2 -->\n"
    assert problems(work, planted)


def test_a_count_in_a_cited_table_row_is_the_tables(tmp_path: Path) -> None:
    """fresh42's pantry, a real model's draft: "193 households over 398 visits in February" of Claude's table row
    `| Visits | 412 | 398 |` was reported as counting visits otherwise, for a run's one "visit" line."""
    tx = Transcript(cwd="/home/maureen/pantry", start=START)
    tx.user("run it for both months please")  # e1
    tx.tool_call("Bash", {"command": "python report.py data/visits.csv"}, "Visits: 412\n1 visit had no id")  # e2
    tx.assistant("Corrected numbers:\n\n| | January | February |\n|---|---|---|\n| Visits | 412 | 398 |")  # e3
    work = approved_workdir(tmp_path, tx)
    told = "Claude tabled 398 visits for February. <!-- ev: e2 e3 -->\n"
    assert problems(work, told) == []
    planted = "Claude tabled 391 visits for February. <!-- ev: e2 e3 -->\n"
    assert problems(work, planted)
