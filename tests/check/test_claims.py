# ruff: noqa: F811  (the fixtures imported from check_support are requested by name)
"""What counts as a claim, who a quote is attributed to, how much a quote may be tidied, and how numbers,
tables, code and citations are read."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from check_support import _offline, approved_example, check_example, example  # noqa: F401  (fixtures)

from retell.check.claims import extract, speaker_of
from retell.check.report import CheckReport
from retell.write.markers import cite, strip_markers

Check = Callable[[str], CheckReport]
HEAD = "---\ntitle: t\n---\n\n"


def _problems(check: Check, body: str) -> list[str]:
    return check(HEAD + body).lines()


def _kinds(body: str) -> list[tuple[str, str]]:
    return [(c.kind, c.text) for c in extract(HEAD + body).claims]


@pytest.mark.parametrize(
    ("lead", "speaker"),
    [
        ("I started with this:", "author"),
        ("While Claude was still working, I added:", "author"),
        ("I told Claude:", "author"),
        ("Claude answered me:", "claude"),
        ("Claude sent a subagent off to trace it. It came back with:", "subagent"),
        ("At this point Claude Code compacted its context. Its own summary of where things stood:", "claude"),
        ("By the end of that stretch:", None),
        ("Explore Claude Code session storage:", None),  # a task's name, not someone speaking
        ("Its summary:", None),  # "it" with nobody named before it in the paragraph
    ],
)
def test_who_a_quote_is_attributed_to(lead: str, speaker: str | None) -> None:
    assert speaker_of(lead) == speaker


def test_front_matter_plain_code_images_and_links_are_not_claims() -> None:
    body = (
        "```python\nimport os\nprint('all 99 tests passed')\n```\n\n"
        "![A screenshot with 12 files](assets/abc.png)\n\n"
        "See [the repo](https://example.com/tidyfeeds/blob/main/fetch.py) for more.\n"
    )
    assert _kinds(body) == []
    assert extract(HEAD + body).code_blocks == 1


def test_a_shell_session_in_a_post_is_a_list_of_commands() -> None:
    # …and what they printed under their prompts, read as a ```text block's lines are (round twenty-six)
    body = "```console\n$ .venv/bin/python -m pytest -q\n16 passed\n$ git status --short\n```\n"
    assert _kinds(body) == [
        ("command", ".venv/bin/python -m pytest -q"),
        ("command", "git status --short"),
        ("number", "16 passed"),
    ]


def test_numbers_are_read_with_their_unit() -> None:
    body = (
        "It took 1 h 54 min, about 3.2 million tokens and $1.18; 2 of those 8 tool calls failed, "
        "all 16 tests passed, the diff was +70 / -12, and it ran on Python 3.12.1. I read one line of it.\n"
    )
    claims = extract(HEAD + body).claims
    found = {(c.text, c.unit, c.value, c.amount.approx) for c in claims if c.kind == "number" and c.amount}
    assert ("1 h 54 min", "duration", 114, "") in found
    assert ("3.2 million tokens", "tokens", 3_200_000, "about") in found
    assert ("$1.18", "money", 1.18, "") in found
    assert ("8 tool calls", "calls", 8, "") in found and ("2", "failed", 2, "") in found  # two of them failed
    assert ("16 tests", "tests", 16, "") in found
    assert ("+70 / -12", "diff", 70, "") in found
    assert ("Python 3.12.1", "version:3.12.1", 0, "") in found
    assert not any("line" in text for text, *_ in found)  # "one line" is a figure of speech


def test_approximate_and_bounded_figures_trace_within_their_tolerance(check_example: Check) -> None:
    # The example session: 1 h 54 min long, 29 min active, $1.18, 3,208,563 tokens, 35 tool calls.
    fine = "It took nearly two hours, 29 minutes of it active, cost under $2 and went through over 3 million tokens.\n"
    assert _problems(check_example, fine) == []
    wrong = "It took about three hours and more than 4 million tokens.\n"
    problems = _problems(check_example, wrong)
    assert [p.split(": ")[1] for p in problems] == ["number", "number"]
    assert "nothing in the session took that long (closest: 1 h 54 min, the session's length)" in problems[0]


def test_the_by_the_numbers_box_is_checked_against_the_stats(check_example: Check) -> None:
    box = (
        "## By the numbers\n\n| | |\n|---|---|\n| Session length | 1 h 54 min (29 min active) |\n"
        "| My messages | 8 |\n| Tool calls | 35 (3 failed) |\n| Files changed | 7 |\n| Subagents | 1 |\n"
        "| Tokens | 3,208,563 |\n| Cost at API prices | $1.18 |\n"
    )
    report = check_example(HEAD + box)
    assert report.ok and report.count("traced") == 9
    wrong = check_example(HEAD + box.replace("| Tool calls | 35", "| Tool calls | 40"))
    assert [line.split(": ")[:3] for line in wrong.lines()] == [["draft.md:11", "number", '"40"']]


def test_the_numbers_as_a_list_are_checked_against_the_stats(check_example: Check) -> None:
    """retell writes its numbers as a list since round 45: pasted into draft.md, they are checked as the table was."""
    box = (
        "## By the numbers\n\n- **Session length**: 1 h 54 min (29 min active)\n- **My messages**: 8\n"
        "- **Tool calls**: 35 (3 failed)\n- **Files changed**: 7\n- **Subagents**: 1\n"
        "- **Tokens**: 3,208,563\n- **Cost at API prices**: $1.18\n"
    )
    report = check_example(HEAD + box)
    assert report.ok and report.count("traced") == 9, report.lines(verbose=True)
    wrong = check_example(HEAD + box.replace("**Tool calls**: 35", "**Tool calls**: 40"))
    assert [line.split(": ")[:3] for line in wrong.lines()] == [["draft.md:9", "number", '"40"']]


@pytest.mark.parametrize(
    ("quote", "ok"),
    [
        # verbatim, with case and punctuation changed: fine without a marker
        ("> OK, go with the repair step. Keep it in its own function though.", True),
        # two sentences of a longer message, the one between left out: fine
        ("> ok, go with the repair step. […] so it's easy to rip out later if it misbehaves", True),
        # a word left out inside a sentence without an elision: needs a cleaned marker
        ("> ok, go with the repair step. keep it in its function though", False),
        ("> ok, go with the repair step. keep it in its function though <!-- cleaned: e12 -->", True),
        # a typo fixed: fine either way
        ("> ok, go with the repiar step. keep it in its own function though", True),
        # a negation added or a word swapped: never, not even when marked cleaned
        ("> ok, don't go with the repair step. <!-- cleaned: e12 -->", False),
        ("> ok, go with the rewrite step. <!-- cleaned: e12 -->", False),
    ],
)
def test_how_much_an_author_quote_may_be_tidied(check_example: Check, quote: str, ok: bool) -> None:
    problems = _problems(check_example, f"I wrote:\n\n{quote}\n")
    assert (problems == []) is ok, problems


def test_words_in_quotes_are_traced_to_the_speaker_they_are_attributed_to(check_example: Check) -> None:
    claude_words = "“The publisher is fine; we break it ourselves.”"
    assert _problems(check_example, f"Claude put it plainly: {claude_words}\n") == []
    problems = _problems(check_example, f"I put it plainly: {claude_words}\n")
    assert len(problems) == 1 and "author quote" in problems[0]
    assert "these are Claude's words (e36), not yours" in problems[0] and "→ attribute them to Claude" in problems[0]


def test_short_quoted_terms_are_not_quotes(check_example: Check) -> None:
    assert _kinds("Claude added a “mojibake repair” step and a 'clean' flag.\n") == []


def test_inline_code_is_a_path_a_command_or_an_identifier(check_example: Check) -> None:
    body = "It edited `tidyfeeds/cache.py`, ran `git status --short` and changed `Fetched.body`.\n"
    assert _kinds(body) == [
        ("path", "tidyfeeds/cache.py"),
        ("command", "git status --short"),
        ("code", "Fetched.body"),
    ]
    assert _problems(check_example, body) == []
    problems = _problems(check_example, "It also changed `Fetched.headers_cache`.\n")
    assert len(problems) == 1 and problems[0].startswith('draft.md:5: code: "Fetched.headers_cache": no event names it')


def test_a_citation_of_an_event_the_author_left_out_or_that_says_something_else(check_example: Check) -> None:
    unknown = _problems(check_example, "The repair step went in and the tests ran. <!-- ev: e999 -->\n")
    assert len(unknown) == 1 and "cites e999: not in what you cleared in triage.yaml" in unknown[0]
    unrelated = (
        "The report showed every feed in the zoo coming through clean, Kettle and Diário included, "
        "with the Windows-1252 sample and the UTF-16 one read correctly too. <!-- ev: e12 -->\n"
    )
    problems = _problems(check_example, unrelated)
    assert len(problems) == 1 and "citation" in problems[0] and "share little with the paragraph" in problems[0]
    assert _problems(check_example, unrelated.replace("e12", "e74")) == []


def test_markers_leave_the_text_untouched_when_stripped() -> None:
    text = "Claude said: “x y z” <!-- cleaned: e3 --> and more. <!-- ev: e3 e4 -->\n> quote <!-- ok -->\n"
    assert strip_markers(text) == "Claude said: “x y z” and more.\n> quote\n"
    assert cite(["e3", "e4", "e3", ""]) == "<!-- ev: e3 e4 -->"
    assert cite([]) == ""
