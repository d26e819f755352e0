"""Round twenty-one of the check (issue 21): false alarms on faithful prose, by class.

- A length a command's output prints ("Execution Time: 6842.118 ms") told as "6842 ms before and 62 ms after" is
  that output's figure (a pair of measured states), not a time between events.
- A length told with the verb that makes it one ("the build took about 7 minutes on staging") is a length, even
  where a word after it ("on", "in") would make a bare figure a time between events; Claude's own stated length,
  told as Claude's, is in the message the paragraph cites.
- Whoever a subordinate clause names ("while Claude worked:") is not the one who speaks the quote after it.
- A name the sentence says the session never ran ("No `make test` runs in the session") does not place the
  paragraph at the event that mentions it.
- A model's reading of clock times to the second ("seven seconds, not six") does not overrule a gap the rules
  measured to the millisecond that rounds to the figure told.

Each faithful case has a planted twin that must still be reported.

The session (real record format): e1 my ask, e2 Claude's plan, e3 the first EXPLAIN (6842.118 ms), e4 Claude's
note, e5 the index build and the second EXPLAIN (62.411 ms), e6 Claude's summary (the build took ~7 minutes), e7 my
question, e8 Claude's answer 6.3 s later naming `make test`, e9 the commit."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import _offline  # noqa: F401  (fixture)
from conftest import Transcript

from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage

HEAD = "---\ntitle: t\n---\n\n"
PLAN = "Sort  (cost=1.00..2.00 rows=10 width=56)\n  ->  Seq Scan on transactions t\nPlanning Time: 0.812 ms\n"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("r21")
    tx = Transcript()
    tx.user("The statement query takes 4-9 seconds. Is an index going to help?")
    tx.assistant("Let's look at the plan before guessing.")
    tx.tool_call("Bash", {"command": "psql -c 'EXPLAIN ANALYZE SELECT 1'"}, PLAN + "Execution Time: 6842.118 ms")
    tx.assistant("It reads every org's rows. I'll build a composite index and run the plan again.")
    tx.tick(200)
    tx.tool_call(
        "Bash",
        {"command": "psql -c 'CREATE INDEX CONCURRENTLY t_idx ON t (a, b)' && psql -c 'EXPLAIN ANALYZE SELECT 1'"},
        "CREATE INDEX\n" + PLAN + "Execution Time: 62.411 ms",
    )
    tx.assistant("6842 ms -> 62 ms. Heads-up for prod: the build took ~7 minutes on staging; expect longer there.")
    tx.tick(5.0)
    tx.user("Wait, does the migration lock writes? We had an outage last week.")
    tx.tick(5.3)
    tx.assistant("No, CONCURRENTLY takes no write lock. Next I'd run `make test` before you merge.")
    tx.tick(30)
    tx.tool_call("Bash", {"command": "git commit -qam 'add index' && git log --oneline -1"}, "a1b2c3d add index")
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


def problems(work: Path, body: str) -> list[str]:
    (work / "draft.md").write_text(HEAD + body + "\n", encoding="utf-8")
    return run_check(work).lines()


# -- a figure a command's output prints, told as the state before and after --------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        ("On the same replica that is 6842 ms before and 62 ms after.", "That is 6842 ms before and 12 ms after."),
        ("The query ran 6842 ms before, 62 ms after.", "The query ran 6842 ms before, 12 ms after."),
        ("From 6842 ms before to 62 ms after the index.", "From 6842 ms before to 12 ms after the index."),
    ],
)
def test_a_printed_length_told_as_before_and_after_is_the_outputs(work: Path, faithful: str, planted: str) -> None:
    assert problems(work, faithful + " <!-- ev: e5 e6 -->") == []
    assert problems(work, planted + " <!-- ev: e5 e6 -->")


def test_a_relative_time_is_still_read_as_one(work: Path) -> None:
    """ "Five seconds after" with nothing paired with it is still the time between two events."""
    assert problems(work, "Five seconds after Claude's summary I asked about locks. <!-- ev: e6 e7 -->") == []
    assert problems(work, "Ten minutes after Claude's summary I asked about locks. <!-- ev: e6 e7 -->")


# -- a length told with its verb -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "For prod, Claude noted the build took about 7 minutes on staging, by its account.",
            "For prod, Claude noted the build took about 25 minutes on staging, by its account.",
        ),
        (
            "Claude warned that the build had lasted roughly 7 minutes on staging.",
            "Claude warned that the build had lasted roughly 25 minutes on staging.",
        ),
        (
            "By Claude's account the index build takes about 7 minutes in staging.",
            "By Claude's account the index build takes about 25 minutes in staging.",
        ),
    ],
)
def test_a_length_with_its_verb_is_a_length(work: Path, faithful: str, planted: str) -> None:
    assert problems(work, faithful + " <!-- ev: e6 -->") == []
    assert problems(work, planted + " <!-- ev: e6 -->")


# -- who speaks a quote after a subordinate clause ---------------------------------------------------------------

QUOTE = '"Wait, does the migration lock writes? We had an outage last week."'


@pytest.mark.parametrize(
    "lead",
    [
        "Between the index and that answer I had typed a question, which waited while Claude worked:",
        "I had sent a question as Claude finished the build:",
        "My question came in while Claude was still writing up the plan:",
    ],
)
def test_a_subordinate_clause_does_not_name_the_speaker(work: Path, lead: str) -> None:
    assert problems(work, f"{lead} {QUOTE} <!-- ev: e7 -->") == []


@pytest.mark.parametrize("lead", ["Claude asked:", "While I waited, Claude wrote:", "As I watched, Claude asked:"])
def test_a_quote_still_given_to_claude_is_reported(work: Path, lead: str) -> None:
    assert problems(work, f"{lead} {QUOTE} <!-- ev: e7 -->")


# -- a name the sentence says never ran -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "faithful",
    [
        "No `make test` runs in the session, neither locally nor in CI.",
        "Ingen `make test` körs i sessionen, varken lokalt eller i CI.",
        "Kein `make test` läuft in der Sitzung.",
        "Geen `make test` draait in de sessie.",
        "The session never runs `make test`.",
    ],
)
def test_a_name_said_never_to_run_does_not_place_the_paragraph(work: Path, faithful: str) -> None:
    assert problems(work, faithful + " <!-- ev: e3 e9 -->") == []


def test_a_name_said_to_run_is_still_placed(work: Path) -> None:
    assert problems(work, "Claude then ran `make test` and committed. <!-- ev: e3 e9 -->")


# -- the model's reading of clock times -------------------------------------------------------------------------


def _merged(work: Path, body: str, words: str, reason: str) -> list[str]:
    from retell.check.verify import Verdict, Verification, merge

    text = HEAD + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    report = run_check(work)
    verdict = Verdict(5, words, "contradicted", "e8", reason)
    return merge(report, Verification("x", "handoff", "m", [verdict]), text, downgrade=False).lines()


def test_a_models_clock_reading_does_not_overrule_a_gap_the_rules_measured(work: Path) -> None:
    """e7 at :05.0 and e8 at :10.3 by the record (6.3 s); a model shown whole seconds may count seven."""
    body = "Claude answered six seconds after my message. <!-- ev: e7 e8 -->"
    assert _merged(work, body, "six seconds after my message", "10:03:47 to 10:03:54: seven seconds, not six") == []


def test_a_models_contradiction_of_a_gap_that_does_not_round_stays(work: Path) -> None:
    body = "Claude answered about ten seconds after my message. <!-- ev: e7 e8 -->"
    assert _merged(work, body, "about ten seconds after my message", "six seconds, not ten")


def test_the_verify_prompt_says_what_a_contradiction_needs_and_how_clock_times_round() -> None:
    """The instructions: a gap read on times to the second may be a second off; a printed length told as before and
    after is the output's; what the material does not mention or cuts short contradicts nothing."""
    text = (Path(__file__).resolve().parents[2] / "prompts" / "verify_system.md.j2").read_text(encoding="utf-8")
    assert "within that rounding" in text
    assert "is that output's figure, not a time between events" in text
    assert "contradicts nothing: what is cut may hold it" in text
