"""What the models answering retell's prompts in the loop (stop 40, fresh8 sessions) found in the finishing call:
the ending's plan rested on events after the last one any section cites (the author's "bumped it myself", Claude's
last advice), which the call never showed while it asked to cite only the sections' ids; and "the last section
already ends with" joined a section's first paragraph to a later code block, skipping what stood between."""

from __future__ import annotations

from retell.events import ASSISTANT, HUMAN, Event
from retell.templating import TemplateLibrary
from retell.write.draft import _last_paragraph, untold_after


def _events() -> tuple[Event, ...]:
    return (
        Event(kind=HUMAN, id="e1", text="the export drops the last row"),
        Event(kind=ASSISTANT, id="e2", text="Found it: the loop stops one short. Fixed and tested."),
        Event(kind=ASSISTANT, id="e3", text="Worth tagging 1.4.1, since 1.4.0 is already published with the bug."),
        Event(kind=HUMAN, id="e4", text="tagged it myself, thanks"),
    )


def test_the_finishing_call_sees_what_follows_the_last_cited_event() -> None:
    sections = ["The export lost a row; Claude found the loop. <!-- ev: e1 e2 -->"]
    after = untold_after(_events(), sections)
    assert "[e3]" in after and "Worth tagging 1.4.1" in after
    assert "[e4] AUTHOR: tagged it myself, thanks" in after
    assert "[e2] CLAUDE: Found it" in after and "[e1]" not in after  # the last cited event whole (stop 41)
    prompt = (
        TemplateLibrary("prompts")
        .render(
            "finish_task.md.j2",
            sections=[{"id": "s1", "heading": "The lost row", "text": sections[0]}],
            hook="A row went missing.",
            first_words="The export lost a row.",
            ending="End on the tag.",
            last_words="The export lost a row.",
            after=after,
        )
        .text
    )
    assert "from the last event the sections cite on" in prompt
    assert "citing ids from the sections' markers above or from the events shown after them" in prompt


def test_nothing_is_added_when_the_sections_cite_the_last_event() -> None:
    assert untold_after(_events(), ["All of it. <!-- ev: e1 e2 e3 e4 -->"]) == ""
    assert untold_after(_events(), ["No marker at all."]) == ""
    prompt = (
        TemplateLibrary("prompts")
        .render("finish_task.md.j2", sections=[], hook="h", first_words="", ending="e", last_words="", after="")
        .text
    )
    assert "from the last event the sections cite on" not in prompt
    assert "citing ids from the sections' markers above (they are the events you have)" in prompt


def test_the_last_paragraph_is_the_last_one_written_when_blocks_stand_between_markers() -> None:
    section = (
        "Claude replaced the prefix filter with a date range. The change:\n\n"
        "```diff\n-    qs = qs.filter(day__startswith=month)\n+    qs = qs.filter(day__range=(first, last))\n```\n"
        "<!-- ev: e9 e10 -->\n\n"
        "Then it asked for the query plan: an index scan. The tests passed:\n\n"
        "```text\n12 passed, 1 skipped in 4.18s\n```\n<!-- ev: e11 -->\n\n"
        "I said to deploy first and leave the export for tomorrow. <!-- ev: e14 -->\n"
    )
    assert _last_paragraph(section) == "I said to deploy first and leave the export for tomorrow."
    ending_on_code = section.rsplit("\n\nI said", 1)[0]
    assert _last_paragraph(ending_on_code) == (
        "Then it asked for the query plan: an index scan. The tests passed:\n"
        "```text\n12 passed, 1 skipped in 4.18s\n```"
    )
