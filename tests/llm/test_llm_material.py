"""What each prompt gives the model (issue 20): every event a section's beats cite, the post's shape (an opening
before, the section's place, what its neighbours tell, an ending after), Claude Code's compaction summary as a
source with an id and within a budget (in revisions too), the times, the outcomes of tool work, lengths in the
post's language, and the guidance on code and translated quotes.

The prompts are the ones `retell draft --dry-run` writes: what a model would be sent, byte for byte.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from llm_support import edit_triage, isolate, make_workdir, ok, run

from retell.write.material import SUMMARY_CHARS

ASK = "the feed reader shows garbled apostrophes, find out why"
NEXT_DAY = "good morning, now make the cache keep bytes too"
# A compaction summary as Claude Code writes them: numbered parts, code listings and the author's messages.
SUMMARY = (
    "This session is being continued from a previous conversation that ran out of context. "
    "The conversation is summarized below:\n"
    "Analysis:\nThe author reported garbled feeds. " + "I looked at many files along the way. " * 40 + "\n\n"
    "Summary:\n"
    "1. Primary Request and Intent:\n   Fix the garbled apostrophes at their cause.\n\n"
    "2. Key Technical Concepts:\n" + "   - requests decodes text/* as ISO-8859-1 without a charset\n" * 30 + "\n"
    "3. Files and Code Sections:\n"
    + "   - tidyfeeds/fetch.py: def fetch(url): return session.get(url).text\n"
    * 120
    + "\n"
    "4. Errors and fixes:\n   - The repair pass corrupted real headlines; it was reverted.\n\n"
    "6. All user messages:\n" + "   - an old message of the author's\n" * 60 + "\n"
    "8. Current Work:\n   Switching fetch.py to keep resp.content (the bytes).\n\n"
    "Please continue the conversation from where we left it off without asking the user any further questions."
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


def session() -> Transcript:
    """Chapter 1: the ask, a failing test run, an edit, a passing run. A compaction. Chapter 2, 13 hours later:
    the next ask and a commit."""
    tx = Transcript(start=datetime(2025, 10, 3, 23, 40, tzinfo=timezone.utc))
    tx.user(ASK)  # e1
    tx.assistant("Let me run the tests first.")
    tx.tool_call(
        "Bash",
        {"command": "pytest -q"},
        "Exit code 1\n..F\nFAILED tests/test_feed.py::test_apostrophe - AssertionError: 'â€™' != '’'\n"
        "1 failed, 2 passed",
        is_error=True,
    )
    tx.assistant("The fetch decodes bare text/xml as Latin-1.")
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{tx.cwd}/tidyfeeds/fetch.py",
            "old_string": "    body = resp.text\n    return body",
            "new_string": "    body = resp.content  # keep the bytes\n    return body",
        },
        "ok",
    )
    tx.tool_call("Bash", {"command": "pytest -q"}, "...\n3 passed in 0.12s")
    tx.assistant("All three pass now.")
    tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 160_000})
    tx.user(SUMMARY, isCompactSummary=True)
    tx.tick(13 * 3600)
    tx.user(NEXT_DAY)
    tx.assistant("The cache now stores and loads bytes.")
    tx.tool_call("Bash", {"command": 'git commit -am "Keep bytes"'}, "[main 1a2b3c4] Keep bytes\n 2 files changed")
    tx.assistant("Committed.")
    return tx


@pytest.fixture
def work(tmp_path: Path) -> Path:
    return make_workdir(tmp_path, session())


def events(work: Path) -> list[dict]:
    return json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]


def event_id(work: Path, text: str) -> str:
    return next(e["id"] for e in events(work) if text in (e.get("text") or "") + json.dumps(e.get("calls") or []))


def write_outline(work: Path, sections: list[dict]) -> None:
    """outline.yaml as an author (or the model) planned it."""
    from retell import yamlio

    doc = {
        "schema_version": 1,
        "title": "Bytes, not text",
        "title_options": ["Bytes, not text"],
        "hook": "My feed reader showed â€™ where apostrophes belonged.",
        "description": "A feed encoding bug.",
        "sections": sections,
        "ending": "End on what works now and what is still open.",
    }
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(doc), "outline.yaml"), backup=False)


def section(sid: str, chapters: list[str], *cited: list[str], heading: str = "") -> dict:
    return {
        "id": sid,
        "heading": heading or f"Part {sid}",
        "chapters": chapters,
        "purpose": f"What {sid} is for.",
        "beats": [
            {"beat": "action", "treatment": "summarise", "events": ids, "note": f"beat of {sid}"} for ids in cited
        ],
        "images": [],
    }


def dry_prompts(work: Path) -> dict[str, str]:
    ok(run("draft", work, "--engine", "anthropic", "--dry-run"))
    folder = work / "llm" / "dry-run"
    return {p.name.removesuffix(".prompt.md"): p.read_text(encoding="utf-8") for p in folder.glob("*.prompt.md")}


def user_part(prompt: str) -> str:
    return prompt.split("\n# user\n", 1)[1].lstrip("\n")


def material(prompt: str) -> str:
    return user_part(prompt).split("Material from the session", 1)[1]


def cited_lines(text: str) -> set[str]:
    return set(re.findall(r"^\[(e\d+)\]", text, re.M))


# -- 1. every event a section's beats cite ---------------------------------------------------------------------


def test_a_section_gets_every_event_its_beats_cite_whatever_stretch_it_falls_in(work: Path) -> None:
    ask, edit, nxt, commit = (event_id(work, t) for t in (ASK, "keep the bytes", NEXT_DAY, "Keep bytes"))
    # s1 and s2 share chapter 1: s1's stretch ends where s2's first cited event begins; s1 also cites the fix,
    # which falls in s2's stretch, and the commit in chapter 2; s3 (chapter 2) cites the edit of chapter 1.
    write_outline(
        work,
        [
            section("s1", ["ch1"], [ask], [edit, commit]),
            section("s2", ["ch1"], [event_id(work, "All three pass now.")]),
            section("s3", ["ch2"], [nxt], [edit]),
        ],
    )
    prompts = dry_prompts(work)
    s1, s3 = material(prompts["section-s1"]), material(prompts["section-s3"])
    assert {ask, edit, commit} <= cited_lines(s1)
    assert edit in cited_lines(s3) and nxt in cited_lines(s3)
    # the fix's own lines come with it: the section can show the change it says it shows
    assert "+    body = resp.content  # keep the bytes" in s3
    # events are in the order they happened
    order = [int(i[1:]) for i in re.findall(r"^\[(e\d+)\]", s3, re.M)]
    assert order == sorted(order)


# -- 2. the post's shape ---------------------------------------------------------------------------------------


def test_each_section_knows_its_place_the_opening_before_and_the_ending_after(work: Path) -> None:
    ask, fail, nxt = (event_id(work, t) for t in (ASK, "1 failed, 2 passed", NEXT_DAY))
    write_outline(
        work,
        [section("s1", ["ch1"], [ask]), section("s2", ["ch1"], [fail]), section("s3", ["ch2"], [nxt])],
    )
    prompts = dry_prompts(work)
    first, middle, last = (user_part(prompts[f"section-s{n}"]) for n in (1, 2, 3))
    assert first.startswith('Write section s1 of the post (the first of its 3 sections): "Part s1".')
    assert "An opening comes before the first section" in first
    assert "start with the first beat, without introducing the post, the project or the author" in first
    assert "The section before" not in first
    # the middle one: what its neighbours tell (their events), and how to open from the one before
    assert middle.startswith('Write section s2 of the post (section 2 of 3): "Part s2".')
    assert f'The section before, "Part s1", covers: What s1 is for. beat of s1 (events {ask}: mention them' in middle
    # (round three: what the section before ends on, and an opening on this section's own first beat)
    assert f"It ends on its last beat: (action) beat of s1. (event {ask})" in middle
    assert "Open on this section's own first beat" in middle and '"With X done, …"' in middle
    assert f'The section after, "Part s3", covers: What s3 is for. beat of s3 (events {nxt})' in middle
    assert "do not anticipate or foreshadow it" in middle
    # the last one: an ending and a table follow; it must not close the story itself
    assert "This is the last section. After it come only a short ending" in last
    assert "End on the last beat itself: no wrap-up, no lessons" in last
    assert "The section after" not in last
    # the finishing call asks for the one opening and the one ending, no transition paragraphs
    finish = user_part(prompts["finish-tie"])
    assert '"opening"' in finish and '"ending"' in finish and "transition" not in finish
    assert "nor the story so far or the session's numbers" in finish
    assert "Do not lay out the route ahead" in finish


def test_a_transition_from_an_older_answer_is_woven_into_the_sections_first_paragraph() -> None:
    from retell.write.draft import assemble_body
    from retell.write.outline_model import Outline, Section

    outline = Outline("T", [], "", "", [Section("s1", "One", [], ""), Section("s2", "Two", [], "")], "")
    tie = {
        "opening": "It began.",
        "transitions": [{"section": "s2", "text": "That fix held for a day."}],
        "ending": "",
    }
    body = assemble_body(outline, ["First part.", "Then the cache broke. <!-- ev: e9 -->\n\n- a list"], tie)
    assert "## Two\n\nThat fix held for a day. Then the cache broke. <!-- ev: e9 -->\n\n- a list" in body
    # before a list (or code, or a quote) it stays a sentence before it: never glued into the list
    body = assemble_body(outline, ["First part.", "- a list"], tie)
    assert "## Two\n\nThat fix held for a day.\n\n- a list" in body


# -- 3. Claude Code's compaction summary -------------------------------------------------------------------------


def test_the_compaction_summary_is_a_framed_citable_source_within_its_budget(work: Path) -> None:
    ask, nxt = event_id(work, ASK), event_id(work, NEXT_DAY)
    bridge = next(e["id"] for e in events(work) if e["kind"] == "bridge")
    write_outline(work, [section("s1", ["ch1"], [ask]), section("s2", ["ch2"], [nxt])])
    prompts = dry_prompts(work)
    s2 = material(prompts["section-s2"])
    line = next(ln for ln in s2.splitlines() if ln.startswith(f"[{bridge}]"))
    assert line.startswith(f"[{bridge}] CLAUDE CODE'S SUMMARY, written by Claude Code when it compacted its context")
    assert "it may cover work from before the chapters told here and may be wrong about the order of events" in line
    assert f"cite {bridge} for what you take from it" in line
    body = s2.split(line, 1)[1].split("\n[e", 1)[0]
    assert len(body) <= SUMMARY_CHARS + 20
    # what a post needs is kept whole; the code listing and the author's old messages go first, named
    assert "Switching fetch.py to keep resp.content (the bytes)." in body
    assert "Fix the garbled apostrophes at their cause." in body
    assert "The repair pass corrupted real headlines; it was reverted." in body
    assert "def fetch(url)" not in body and "an old message of the author's" not in body
    assert "(left out here: " in body and "Files and Code Sections" in body
    assert "Please continue the conversation" not in body
    assert "Previously" not in user_part(prompts["section-s2"])
    # the summary's whole text is ~13,000 characters; no prompt gives it more than its budget
    assert max(p.count("tidyfeeds/fetch.py: def fetch") for p in prompts.values()) == 0
    # a section that does not cover the chapter the summary opens is not given it
    assert f"[{bridge}]" not in material(prompts["section-s1"])


def test_the_summary_feeds_the_revision_of_the_section_it_fed(work: Path) -> None:
    ask, nxt = event_id(work, ASK), event_id(work, NEXT_DAY)
    bridge = next(e["id"] for e in events(work) if e["kind"] == "bridge")
    write_outline(work, [section("s1", ["ch1"], [ask]), section("s2", ["ch2"], [nxt])])
    ok(run("draft", work, "--engine", "offline"))
    ok(run("revise", work, "shorter", "--section", "2", "--engine", "anthropic", "--dry-run"))
    (prompt,) = (work / "llm" / "dry-run").glob("revise-*.prompt.md")
    text = prompt.read_text(encoding="utf-8")
    assert re.search(rf"^\[{bridge}\] CLAUDE CODE'S SUMMARY", text, re.M)
    assert "Switching fetch.py to keep resp.content" in text


# -- 4. time ------------------------------------------------------------------------------------------------------


def test_the_prompts_say_when_each_chapter_ran_and_where_time_passed(work: Path) -> None:
    ask, nxt = event_id(work, ASK), event_id(work, NEXT_DAY)
    write_outline(work, [section("s1", ["ch1", "ch2"], [ask], [nxt])])
    ok(run("outline", work, "--engine", "anthropic", "--dry-run", "--force"))
    outline = (work / "llm" / "dry-run" / "outline-plan.prompt.md").read_text(encoding="utf-8")
    assert "When: Friday 3 October 2025, 23:40 to 23:40 UTC (under a minute; active under a minute)" in outline
    # chapter 2 opens with the compaction and runs into the next day, where the author came back
    assert re.search(
        r"^When: Friday 3 October 2025, 23:40 to Saturday 4 October 2025, 12:40 UTC \(13 h 00 min;", outline, re.M
    )
    s1 = dry_prompts(work)["section-s1"]
    assert "When this happened (UTC):\n- chapter ch1: Friday 3 October 2025, 23:40 to 23:40 UTC" in s1
    # the pause itself, between the two events it separates
    assert re.search(rf"^\(13 h 00 min later: Saturday 4 October 2025, 12:\d\d UTC\)\n\[{nxt}\] AUTHOR:", s1, re.M)


def test_a_chapter_says_how_long_after_the_one_before_it_began() -> None:
    from retell.events import Chapter, Event
    from retell.write.timetext import chapter_time

    before = Chapter("ch1", 1, "start", start="2025-10-03T23:00:00.000Z", end="2025-10-03T23:51:00.000Z")
    chapter = Chapter("ch2", 2, "idle", start="2025-10-04T12:32:00.000Z", end="2025-10-04T12:44:30.000Z")
    stamps = ["2025-10-04T12:32:00.000Z", "2025-10-04T12:38:00.000Z", "2025-10-04T12:44:30.000Z"]
    line = chapter_time(chapter, [Event("assistant", ts=ts) for ts in stamps], before)
    assert line == (
        "Saturday 4 October 2025, 12:32 to 12:44 UTC (12 min; active 12 min); "
        "12 h 41 min after the chapter before ended"
    )


# -- 5. outcomes -----------------------------------------------------------------------------------------------------


def test_the_material_shows_test_results_failing_lines_diffs_and_commits(work: Path) -> None:
    ask = event_id(work, ASK)
    write_outline(work, [section("s1", ["ch1", "ch2"], [ask])])
    s1 = material(dry_prompts(work)["section-s1"])
    assert "TOOLS: Ran tests: 1 failed, 2 passed\n  `pytest -q` said:\n    exit 1\n" in s1
    assert "    FAILED tests/test_feed.py::test_apostrophe - AssertionError" in s1
    assert re.search(  # each edit its own unit, with its id (round 42)
        r"  changed tidyfeeds/fetch\.py \(one edit, \[e\d+\]\):\n    -    body = resp\.text\n"
        r"    \+    body = resp\.content  # keep the bytes",
        s1,
    )
    # (a short output whole, its progress dots too: round 45)
    assert "TOOLS: Ran tests: 3 passed\n  `pytest -q` said:\n    ...\n    3 passed in 0.12s" in s1
    assert "    [main 1a2b3c4] Keep bytes\n    2 files changed" in s1


def test_outcomes_shrink_to_their_share_of_a_small_budget(work: Path) -> None:
    from retell.events import Event, ToolCall
    from retell.write.material import render_material

    diff = "\n".join(f"+line {i}" for i in range(14))
    runs = [
        Event("tool_run", id=f"e{i}", summary="Edited a.py", calls=[ToolCall("Edit", "a.py", diff=diff)])
        for i in range(1, 30)
    ]
    roomy = render_material(runs, 100_000)
    assert roomy.text.count("+line 13") == 29 and not roomy.condensed
    tight = render_material(runs, 2_000)
    assert "+line 13" not in tight.text and tight.condensed[0].startswith("tool outcomes cut to")
    assert len(re.findall(r"^\[e\d+\] TOOLS: Edited a.py", tight.text, re.M)) == 29  # the runs stay


# -- 6. language -------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "system_length", "section_length"),
    [
        ("ja", "3,600 to 5,000 characters in all, counted as retell counts them", "characters"),
        ("zh-Hant", "2,700 to 3,750 characters in all", "characters"),
        ("ko", "2,900 to 4,000 characters in all", "characters"),
        ("de", "1,800 to 2,500 words in all.", "words"),
    ],
)
def test_lengths_are_in_characters_for_chinese_japanese_and_korean(
    work: Path, language: str, system_length: str, section_length: str
) -> None:
    ask, fail, nxt = (event_id(work, t) for t in (ASK, "1 failed, 2 passed", NEXT_DAY))
    write_outline(work, [section("s1", ["ch1"], [ask]), section("s2", ["ch1"], [fail]), section("s3", ["ch2"], [nxt])])

    def change(doc) -> None:
        doc["post"]["language"] = language

    edit_triage(work, change)
    s1 = dry_prompts(work)["section-s1"]
    assert system_length in s1
    # (the figure is the section's share of the post, at most half its material: post_budget.share_sections)
    assert re.search(rf"Length: [\d,]+ to [\d,]+ {section_length}", s1)
    # (round 50: a thin section is given a range, not "a ceiling, not a target"; material round 63: of the post's
    # one length, in its unit)
    assert re.search(
        r"(?:its share|what its material holds, less than an even share) of the [\d,]+ the post's 3 sections take "
        r"together, in a post of about [\d,]+ with its opening and ending \(under the [\d,]+ to [\d,]+ of its length",
        " ".join(s1.split()),
    )


def test_a_japanese_drafts_length_is_counted_in_characters() -> None:
    from retell.write.locales import count_length

    text = "キャッシュもバイトで保存する。<!-- ev: e12 --> `fetch.py` を直した。"
    assert count_length(text, "ja") == 14 + 4 + 1  # kana and kanji (not the full stops), the file name as a word
    assert count_length("Keep the bytes. <!-- ev: e1 -->", "en") == 3


# -- 7. code and translated quotes ----------------------------------------------------------------------------------


def test_the_instructions_say_when_code_earns_its_place_and_how_to_mark_a_translation(work: Path) -> None:
    write_outline(work, [section("s1", ["ch1", "ch2"], [event_id(work, ASK)])])
    system = dry_prompts(work)["section-s1"].split("\n# system[1]", 1)[0]
    assert "Show the change the post is about." in system
    assert "a fenced block with its language" in system and "under about 15 lines" in system
    assert "never write code the material does not show" in system
    assert f"put `<!-- translated: {event_id(work, ASK)} -->` right after each translated quote" in system


def test_a_translated_mark_never_reaches_the_post() -> None:
    from retell.write.markers import HIDDEN, TRANSLATED, count_translated, strip_markers

    text = "I wrote: “make the cache keep bytes” <!-- translated: e12 --> and it did. <!-- ev: e12 -->"
    assert TRANSLATED.search(text).group(1) == "e12"
    assert count_translated(text) == 1
    assert strip_markers(text) == "I wrote: “make the cache keep bytes” and it did."
    assert HIDDEN.sub("", text) == strip_markers(text)
