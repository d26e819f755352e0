"""draft.md cut into parts by its `## ` headings as a CommonMark parser sees them, and put back together with
every byte outside the replaced text as it was (what `retell revise` relies on)."""

from __future__ import annotations

import pytest

from retell.errors import RetellError
from retell.write.draftfile import DraftFile, select_parts

DRAFT = """\
---
title: A post
---

The opening.

## First: `git`

One.

```md
## not a heading: it is code
```

> ## nor is this one, in a quote

## Second

Two.
"""


def test_parts_are_found_by_the_top_level_level_two_headings() -> None:
    draft = DraftFile.parse(DRAFT)
    assert [p.title for p in draft.parts] == ["", "First: `git`", "Second"]
    assert draft.text(draft.parts[0]) == "The opening."
    assert "## not a heading" in draft.text(draft.parts[1])
    assert draft.front_matter() == "---\ntitle: A post\n---\n"
    assert draft.replace({}) == (DRAFT, {})


def test_a_replaced_part_keeps_the_blank_lines_around_it_and_every_other_byte() -> None:
    draft = DraftFile.parse(DRAFT)
    text, spans = draft.replace({1: (None, "New one.\n\nAnd more.")})
    old = "One.\n\n```md\n## not a heading: it is code\n```\n\n> ## nor is this one, in a quote\n"
    assert text == DRAFT.replace(old, "New one.\n\nAnd more.\n")
    lines = text.split("\n")
    first, last = spans[1]
    assert lines[first - 1] == "## First: `git`" and lines[last - 1] == "And more."


def test_a_new_heading_line_and_the_opening() -> None:
    text, _ = DraftFile.parse(DRAFT).replace({0: (None, "Shorter."), 2: ("## The second", "Two.")})
    assert text == DRAFT.replace("The opening.", "Shorter.").replace("## Second", "## The second")


@pytest.mark.parametrize(
    ("before", "change", "after"),
    [
        ("intro\r\n\r\n## A\r\n\r\nold\r\n", {1: (None, "new\nlines")}, "intro\r\n\r\n## A\r\n\r\nnew\r\nlines\r\n"),
        ("## A\n\nold", {1: (None, "new")}, "## A\n\nnew"),  # no line break at the end: still none
        ("## A\n## B\n", {1: (None, "filled")}, "## A\n\nfilled\n\n## B\n"),  # an empty section
        ("## A", {1: (None, "x")}, "## A\n\nx\n"),
        ("---\na: 1\n---\n## A\n", {0: (None, "An opening.")}, "---\na: 1\n---\n\nAn opening.\n\n## A\n"),
    ],
    ids=["crlf", "no-final-newline", "empty-section", "heading-at-end", "new-opening"],
)
def test_edge_cases_of_the_file(before: str, change: dict, after: str) -> None:
    assert DraftFile.parse(before).replace(change)[0] == after


def test_selecting_parts() -> None:
    draft = DraftFile.parse(DRAFT)
    assert [p.number for p in select_parts(draft, [2, 0], [])] == [0, 2]
    assert [p.number for p in select_parts(draft, [], ["first: GIT"])] == [1]  # case and code ticks ignored
    assert [p.number for p in select_parts(draft, [], ["## second"])] == [2]
    assert [p.number for p in select_parts(draft, [], ["sec"])] == [2]  # a part of one heading
    with pytest.raises(RetellError, match="matches 2 headings"):
        select_parts(DraftFile.parse("## Setup one\n\n## Setup two\n"), [], ["setup"])
    with pytest.raises(RetellError, match=r"--section 3: draft\.md has 2"):
        select_parts(draft, [3], [])
