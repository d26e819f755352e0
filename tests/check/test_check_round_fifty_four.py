"""Round fifty-four: blind48 and blind49 (measured untuned at stop 58) and blind50 (measured untuned at stop 59),
tuned on. Their faithful drafts said "one of fourteen failed" of a run's "1 failed, 13 passed" (read as fourteen
failures), "Krejčí měl odchylku +4 s" of a clock's offset a cited table printed as "+4" (read as a time taken), copied
a subagent's run line for line (matched to the subagent's report first, whose figures differ), counted "36 rows" of
that run beside the report's "40 rows", worked a quote's amounts out ("Los cuatro artículos suman $1,875", "la mitad
de eso son $1,037.50") and told two calls of one step as "in the same call". Each was reported; each is true."""

from __future__ import annotations

import pytest
from check_support import problems

from retell.check.amounts import amounts


def test_one_of_a_runs_whole_failed() -> None:
    told = "Claude ran the tests six seconds after my message, and one of fourteen failed: <!-- ev: e1 e3 -->\n"
    assert problems("BB1", told) == []
    read = {a.text: a.unit for a in amounts(told)}
    assert read["one"] == "failed" and read["fourteen"] == "tests"


def test_a_wrong_whole_is_still_reported() -> None:
    told = "Claude ran the tests six seconds after my message, and one of twenty failed: <!-- ev: e1 e3 -->\n"
    assert problems("BB1", told)


def test_a_signed_amount_is_a_value_the_work_measured() -> None:
    assert problems("BC2", "Krejčí měl odchylku +4 s, Novák −31 s a Pokorný +38 s. <!-- ev: e20 -->\n") == []
    assert problems("BC2", "Krejčí měl odchylku +9 s, Novák −31 s a Pokorný +38 s. <!-- ev: e20 -->\n")


_SUBAGENT_RUN = """The subagent ran `ring()` for each Plain Bob method, single and bob: <!-- ev: e14.2 e14.3 -->
```text
plain_bob_minor s ['123564', '123645', '123456'] {length}
plain_bob_minor - ['123564', '123645', '123456'] 36
```
<!-- ev: e14.3 -->
Single and bob gave the same lead heads and the same lengths, {rows} rows for Minor. <!-- ev: e14.3 -->
"""


def test_a_subagents_run_copied_line_for_line_is_its_own() -> None:
    assert problems("BD1", _SUBAGENT_RUN.format(length=36, rows=36)) == []


def test_a_figure_changed_in_a_subagents_run_is_reported() -> None:
    found = problems("BD1", _SUBAGENT_RUN.format(length=63, rows=36))
    assert [p for p in found if "'123456'] 63" in p]
    assert problems("BD1", _SUBAGENT_RUN.format(length=36, rows=63))


@pytest.mark.parametrize(
    "told",
    [
        "Los cuatro artículos suman $1,875, y con el flete el total llega a $2,075. <!-- ev: e26 -->",
        "La mitad de eso son $1,037.50; el script puso $1,038. <!-- ev: e26 -->",
    ],
)
def test_amounts_worked_out_from_a_quote_are_true(told: str) -> None:
    assert problems("BD2", told + "\n") == []


def test_an_amount_no_working_gives_is_reported() -> None:
    told = "Los cuatro artículos suman $1,925, y con el flete el total llega a $2,075. <!-- ev: e26 -->\n"
    assert problems("BD2", told)


def test_the_verifying_model_is_told_an_events_calls_went_together() -> None:
    from retell.check.verify_evidence import tools_called
    from retell.events import TOOL_RUN, Event, ToolCall

    step = Event(TOOL_RUN, id="e18", calls=[ToolCall("Edit", target="a.py"), ToolCall("Edit", target="b.py")])
    line = tools_called([step])
    assert "[e18] Edit ×2" in line and "sent together, in one go" in line


# -- blind52 and blind53 (stop 59), measured untuned after the round above, then tuned on --------------------------


def test_one_test_that_opens_a_sentence_is_one_of_them() -> None:
    told = "One test feeds Ruth's own sentence to `dates_in_text` and expects 26 March 2026. <!-- ev: e30 -->\n"
    assert [p for p in problems("BF1", told) if "One test" in p] == []
    assert amounts("Claude added one test.")  # a count where the sentence counts


def test_lines_that_failed_to_decode_are_no_failed_run() -> None:
    told = "The three lines were 41, 42 and 43, and none of the other fifty-six failed to decode. <!-- ev: e4 -->\n"
    assert problems("BG1", told) == []
    assert [a.unit for a in amounts("fifty-six failed in the nightly run")] == ["failed"]


def test_a_month_the_work_skips_is_no_time_taken() -> None:
    told = "Claude's edit to `main()` made the summary skip a month without an intake file: <!-- ev: e26 e27 -->\n"
    assert problems("BG1", told) == []


def test_a_reflexive_tells_the_act_of_its_own_clause() -> None:
    # "the fix is in commit 7d2c4a9, after I checked the Levi family myself": the check was the author's own run (e13)
    told = "התיקון לאדר ב' ולשקיעה נמצא בקומיט `7d2c4a9`, אחרי שבדקתי בעצמי את משפחת לוי. <!-- ev: e13 e15 -->\n"
    assert [p for p in problems("BG2", told) if "not you" in p] == []
    mine = "עשיתי בעצמי את הקומיט `7d2c4a9`. <!-- ev: e15 -->\n"  # "I made the commit myself": Claude's (e15)
    assert [p for p in problems("BG2", mine) if "not you" in p]


# -- the real-model drafts of fresh37 (the writers of blind52 and blind53 answering retell's prompts) ----------------


@pytest.mark.parametrize(
    ("post", "told"),
    [
        # the one asked about inside what the author asked is not who speaks
        (
            "BF1",
            'While Claude was working, I asked whether it could "save a file I can open in Numbers rather than just '
            'printing to the screen?" since I wanted to colour the squares in. <!-- ev: e21 e22 -->',
        ),
        # Ukrainian "I asked Claude:", the one asked after a preposition
        (
            "BF2",
            "Я спитала в Claude: «Чому Excel показує назви міст у out\\ttn_report.csv як РџРѕР»С‚Р°РІР° замість "
            "Полтава?» <!-- ev: e1 -->",
        ),
    ],
)
def test_the_author_asking_claude_is_the_authors_quote(post: str, told: str) -> None:
    assert [p for p in problems(post, told + "\n") if "not Claude's" in p] == []


def test_hebrew_gershayim_is_part_of_its_word() -> None:
    # תש"צ (5790) and בחו"ל (abroad): the straight quote of an abbreviation, no quotation between them
    told = (
        "בסיכום שלו, הבן של משפחת לוי חוגג בי' אדר ב' תש\"צ (15.3.2030), ובשבת 16.3.2030 קוראים פרשת ויקרא. "
        'בחו"ל זה אחרת. <!-- ev: e11 -->'
    )
    assert [p for p in problems("BG2", told + "\n") if "quote:" in p] == []
    from retell.check.text import unquoted_text

    quote = '"שלום לכולם"'
    assert unquoted_text(f'אמר {quote} ויצא מחו"ל') == "אמר " + " " * len(quote) + ' ויצא מחו"ל'
