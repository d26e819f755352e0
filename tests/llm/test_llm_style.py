"""The style check after drafting: banned phrases, em dashes and repeated sentences, with line numbers."""

from __future__ import annotations

from pathlib import Path

import httpx2
import pytest
from llm_support import Stub, call_kind, good_answer, install, isolate, make_workdir, ok, run, sse_response

from retell.write.style import check_style, load_style

DRAFT = """\
---
title: Let's dive in — a title is front matter, not prose
---

I asked Claude to look at the filter. Let's dive in.

It was a game-changer for the dashboard team, honestly.

```
# code is not prose: let's dive in — at the end of the day
```

![A journey through the groups](assets/abc.png)

The filter now hides the items and keeps the group headers.
Then we wrote the tests. The filter now hides the items and keeps the group headers.
"""


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def test_banned_phrases_are_reported_with_their_line() -> None:
    problems = check_style(DRAFT)
    assert "line 5: stock phrase “Let's dive in” (pattern \"let's dive in\")" in problems
    assert any(p.startswith("line 7: stock phrase “game-changer”") for p in problems)
    # front matter, code blocks and image lines are not prose
    assert not any(p.startswith(("line 2:", "line 10:", "line 13:")) for p in problems)


def test_regex_patterns_match() -> None:
    problems = check_style("We delved into it.\n\nIt is not just fast but also correct.\n")
    assert any(p.startswith("line 1: stock phrase “delved”") for p in problems)
    assert any(p.startswith("line 3: stock phrase “not just fast but”") for p in problems)


def test_a_repeated_sentence_is_reported_with_both_lines() -> None:
    problems = check_style(DRAFT)
    repeats = [p for p in problems if "repeats a sentence" in p]
    assert repeats == [
        "line 16: repeats a sentence from line 15: “The filter now hides the items and keeps the group headers.”"
    ]


def test_short_repeats_are_fine() -> None:
    assert check_style("It works.\n\nIt works.\n") == []


def test_em_dash_overuse_is_reported() -> None:
    text = "\n\n".join(f"Paragraph {i} — with a dash, and some words to go around it here." for i in range(5))
    problems = check_style(text)
    dash_lines = [p for p in problems if "em dash" in p]
    assert len(dash_lines) == 5 and all("per 1,000" in p for p in dash_lines), problems
    assert check_style("One — dash in a long enough text. " + "word " * 600) == []


def test_em_dashes_are_reported_with_line_numbers() -> None:
    text = "Intro line.\n\nA sentence — with a dash.\n\nAnother — and another — here.\n"
    problems = [p for p in check_style(text) if "em dash" in p]
    assert problems
    assert all(p.startswith("line ") for p in problems)
    assert any("line 3" in p for p in problems) and any("line 5" in p for p in problems)


def test_user_style_file_adds_phrases(tmp_path: Path) -> None:
    user = tmp_path / "xdg" / "retell" / "style.yaml"
    user.parent.mkdir(parents=True)
    user.write_text("phrases:\n  - rock solid\nem_dashes_per_1000_words: 1000\n", encoding="utf-8")
    style = load_style()
    problems = check_style("It is rock solid — let's dive in.\n", style)
    assert any("“rock solid”" in p for p in problems)
    assert any("“let's dive in”" in p for p in problems)  # the defaults are kept
    assert not any("em dashes" in p for p in problems)


def test_draft_reports_style_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    workdir = make_workdir(tmp_path)

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s2":
            text = "Let's dive in. The group headers stayed visible after the fix went in."
            text += "\n\nThe group headers stayed visible after the fix went in."
            return sse_response(text, model=body["model"])
        return good_answer(body, stub)

    install(monkeypatch, Stub(answer))
    ok(run("outline", workdir))
    out = ok(run("draft", workdir)).output
    draft = (workdir / "draft.md").read_text(encoding="utf-8").splitlines()
    dive = next(i for i, line in enumerate(draft, 1) if line.startswith("Let's dive in."))
    assert "Style check: 2 thing(s) to look at in draft.md:" in out
    assert f"  line {dive}: stock phrase “Let's dive in”" in out
    assert f"  line {dive + 2}: repeats a sentence from line {dive}:" in out
