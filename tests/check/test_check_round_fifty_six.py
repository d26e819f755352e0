"""Round fifty-six: two of fresh41's four offline drafts (stop 61, written blind) failed their own check, so a post
retell wrote could not pass `--strict` as written. The author's message, block-quoted, "…I want to check which branch
the club website pulls from, because last time I pushed to the wrong one…" was read as the post's claim that a push
happened in the events it cites; and Claude's "eşleşme 109'dan **104**'e indi", printed plain by the draft, was read
as a quote it never wrote (the emphasis marks split "104'e" into two words). Each faithful case has a planted twin
that must still be reported. (From fresh32's offline drafts, measured the same stop: a pasted log quoted up to "…"
inside a bracket, "KegView[code=KT-0412, customerId=31…", whose whole bracket the source drops.)"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

START = datetime(2026, 5, 16, 11, 0, tzinfo=timezone.utc)
ASK = (
    "Commit that please. I'll push after lunch; I want to check which branch the club website pulls from first, "
    "because last time I pushed to the wrong one and the fixtures page vanished for a weekend."
)
SAID = "4 test geçti. Mükerrer yanıtlar ayıklanınca eşleşme 109'dan **104**'e indi."


LOG = (
    "java.lang.IllegalStateException: Duplicate key KT-0412 (attempted merging values KegView[code=KT-0412, "
    "customerId=31, lastMovementAt=2026-02-06T15:02:11Z] and KegView[code=KT-0412, customerId=31])"
)


def _work(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/Users/gareth/averages", start=START)
    tx.user(ASK)  # e1
    tx.tool_call("Bash", {"command": "git commit -am 'Skip DNB rows'"}, "[main 4e1c9a7] Skip DNB rows")  # e2
    tx.assistant(SAID)  # e3
    tx.tick(5400)
    tx.user("ok push it")  # e4
    tx.tool_call("Bash", {"command": "git push origin main"}, "To github.com:club/averages.git\n   a..b  main -> main")
    tx.user(LOG)  # e6
    return approved_workdir(tmp_path, tx)


def test_the_authors_words_in_a_block_quote_claim_no_push(tmp_path: Path) -> None:
    work = _work(tmp_path)
    told = f"I asked:\n\n> {ASK} <!-- ev: e1 -->\n"
    assert not [p for p in problems(work, told) if "push" in p]
    planted = "I asked Claude to commit, and it pushed to the club's branch at once. <!-- ev: e1 e2 -->\n"
    assert [p for p in problems(work, planted) if "push" in p]


def test_a_quote_printed_without_its_emphasis_marks_is_the_same_words(tmp_path: Path) -> None:
    work = _work(tmp_path)
    told = "It wrapped up with: “Mükerrer yanıtlar ayıklanınca eşleşme 109'dan 104'e indi.” <!-- ev: e3 -->\n"
    assert problems(work, told) == []
    planted = "It wrapped up with: “Mükerrer yanıtlar ayıklanınca eşleşme 109'dan 101'e indi.” <!-- ev: e3 -->\n"
    assert [p for p in problems(work, planted) if "101" in p]


def test_a_quote_cut_inside_a_bracket_is_the_words_before_it(tmp_path: Path) -> None:
    work = _work(tmp_path)
    quoted = "Duplicate key {key} (attempted merging values KegView[code=KT-0412, customerId=31…"
    told = "I pasted:\n\n> java.lang.IllegalStateException: {quoted} <!-- ev: e6 -->\n"
    assert problems(work, told.format(quoted=quoted.format(key="KT-0412"))) == []
    planted = told.format(quoted=quoted.format(key="KT-0415"))
    assert [p for p in problems(work, planted) if "0415" in p]
