"""Round forty (issue 24, the offline engine's headings): retell's stock said in the post's language heads no phase
("Zmiany: ogloszenia.py", fresh39's parish announcements; "Committing the work and pushing the changes"); a run-up
to the request ("Bit of background first") and Turkish praise ("Listeler güzel olmuş", fresh41's book swap) are chat;
a commit subject that states ("Default printer is the ribbon/label one") is not made an ask ("Defaulting printer
is…"); a wrapper PowerShell or Python puts around any failure (WriteErrorException, CalledProcessError) names no
problem to fix. Our own wording, the real cases' shapes; each failed on main 59906c0."""

from __future__ import annotations

import pytest

from retell.events import TOOL_RUN, Event, ToolCall
from retell.extract.commits import commit_phrase
from retell.extract.deeds import resolved_error
from retell.extract.headings import chat_line
from retell.extract.phase_headings import keeps


@pytest.mark.parametrize(
    "heading",
    ["Committing the work and pushing the changes", "Zmiany: ogloszenia.py", "Изменения в billing.py и test.py"],
)
def test_a_phase_keeps_no_stock_heading_in_any_language(heading: str) -> None:
    assert not keeps(heading, [], None)


def test_a_phase_keeps_a_heading_that_says_what_happened() -> None:
    assert keeps("Counting offcuts before new sticks", [], None)


@pytest.mark.parametrize(
    "line", ["Bit of background first", "A bit of context", "Some background:", "Listeler güzel olmuş", "Ottimo lavoro"]
)
def test_a_run_up_or_praise_is_chat(line: str) -> None:
    assert chat_line(line)


def test_a_heading_about_background_jobs_is_no_run_up() -> None:
    assert not chat_line("Background jobs for the nightly export")
    assert not chat_line("Güzellik salonu randevuları")  # (a beauty salon's bookings: "güzel" only inside a word)


def test_a_commit_subject_that_states_is_not_made_an_ask() -> None:
    assert commit_phrase("Default printer is the ribbon/label one") == "Default printer is the ribbon/label one"
    assert commit_phrase("Check printer is online") == "Checking printer is online"  # a verb whose object is a clause
    assert commit_phrase("Default to the ribbon printer") == "Defaulting to the ribbon printer"


def _failed_then_ran(command: str, output: str) -> list[Event]:
    return [
        Event(TOOL_RUN, id="t1", calls=[ToolCall("Bash", command, error="Exit code 1", output=output)]),
        Event(TOOL_RUN, id="t2", calls=[ToolCall("Bash", command, output="ok")]),
    ]


@pytest.mark.parametrize(
    "output",
    [
        "exit 1\n+ CategoryInfo          : NotSpecified: (:) [Write-Error], WriteErrorException",
        "+ FullyQualifiedErrorId : ActionPreferenceStopException",
        "subprocess.CalledProcessError: Command '['make']' returned non-zero exit status 2.",
    ],
)
def test_a_wrapper_around_any_failure_names_no_problem_to_fix(output: str) -> None:
    """fresh41's badge tracker was titled "Fixing the WriteErrorException", PowerShell's wrapper of whatever
    `Write-Error` said, an exception its post never shows (judged unusable blind)."""
    assert resolved_error(_failed_then_ran("powershell.exe -NoProfile -Command Import-Excel", output)) == ""


def test_an_error_that_names_the_problem_still_titles_its_fix() -> None:
    output = "ConnectionResetError: [Errno 104] Connection reset by peer"
    assert resolved_error(_failed_then_ran("python sync.py", output)) == "Fixing the ConnectionResetError"
