"""Round forty-three, tuned on blind34 (fresh30's ocourse and zupu-typst, written blind) after its untuned measure
(rules and model, downgrade: recall 1.00, every kind 6 of 6; precision 0.92; 2.2 false alarms per 1,000 words;
`--strict` passed 1 of 2 faithful drafts):

- "In short: “No, don't put this file in repo.”" ending its line, "Claude agreed…" on the next: the quote was
  read as Claude's, joined to the next sentence's subject;
- "no `git` command ran at all": a command named as what never ran;
- "我第一条消息之后四分十九秒": a time since the first message, read as a length of its own;
- "只找到两行" of a cited `grep -n … | head -3` that printed two matching lines;
- "## 问过一句 LuaLaTeX" over paragraphs that cite a rewound question: its heading reads that branch too;
- the verify prompt promised a subagent's run time to the second and gave "1 min"."""

from __future__ import annotations

import pytest
from check_support import _offline  # noqa: F401  (fixture)

from retell.check.amounts import DURATION, amounts
from retell.check.claims import _WITHOUT
from retell.check.figures import _GREP_LINE


@pytest.mark.parametrize(
    "text", ["我第一条消息之后四分十九秒，Claude 改了模板", "第一条消息发出四分十九秒后，Claude 改了模板"]
)
def test_a_time_since_the_first_message_counts_from_the_start(text: str) -> None:
    found = [a for a in amounts(text) if a.unit == DURATION]
    assert [(round(a.value, 2), a.from_start) for a in found] == [(4.32, True)]


def test_a_time_after_no_first_message_is_still_a_gap() -> None:
    found = [a for a in amounts("四分十九秒后 Claude 改了模板") if a.unit == DURATION]
    assert [(a.relative, a.from_start) for a in found] == [(True, False)]


@pytest.mark.parametrize("lead", ["and no ", "never ", "kein ", "without the "])
def test_code_named_as_never_run_need_not_be_named_by_the_session(lead: str) -> None:
    assert _WITHOUT.search(lead)


def test_a_search_s_matching_lines_are_its_lines() -> None:
    lines = ["41:    传记: 字仲谦，号「南山」。", "87:    传记: 光绪末年", "17"]
    assert [line for line in lines if _GREP_LINE.match(line)] == lines[:2]


def test_a_quote_ending_its_line_is_not_the_next_lines_subject_s() -> None:
    from retell.check.claims import extract

    text = (
        "---\ntitle: t\n---\n\nThirty-one seconds later I gave my reason: “no dont put this file in repo”.\n"
        "In short: “No, don't put this file in repo.” <!-- ev: e15 -->\n"
        "Claude agreed not to commit the club's map data and wrote a fake one. <!-- ev: e16 -->\n"
    )
    quotes = [c for c in extract(text, frozenset()).claims if "repo." in c.text]
    assert quotes and all(c.speaker != "claude" for c in quotes)


def test_a_heading_over_a_told_rewound_branch_reads_it() -> None:
    from check_support import problems

    body = (
        "## 问过一句 LuaLaTeX\n\n一分多钟后，我问要不要干脆换成 LuaLaTeX + luatexja 的竖排（tate），因为听说那个竖排"
        "是原生的。 <!-- ev: e4 e5 -->\n"
    )
    assert not [line for line in problems("AN2", body) if "LuaLaTeX" in line and "no event names it" in line]


def test_the_verify_material_gives_a_subagents_run_time_to_the_second() -> None:
    from check_support import bench_session

    from retell.check.verify_evidence import _steps

    _triage, _parsed, view = bench_session("AN1")
    spawn = next(e for e in view.events if e.subagent is not None)
    assert _steps(spawn) == [f"[{spawn.id}] its subagent: 3 tool uses, ran 44 s"]


def test_what_i_said_i_would_do_myself_is_no_act_of_mine() -> None:
    """fresh30's ocourse, a real model's draft: "Still open is the commit, which I said I would make myself, with
    `tests/fixtures/purplepen_minimal.xml` in it" was read as my writing the file Claude wrote, and stopped
    `render --strict`."""
    from retell.check.speaker import _INTENT, _MYSELF

    match = _MYSELF.search("Still open is the commit, which I said I would make myself, with `x.xml` in it.")
    assert match is not None and _INTENT.search(match.group(0))
    done = _MYSELF.search("I ran `make test` myself, and it passed.")
    assert done is not None and not _INTENT.search(done.group(0))
