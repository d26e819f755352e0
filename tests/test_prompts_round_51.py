"""The edits a blind editor needed on four drafts a model wrote answering retell's prompts for two fresh17 sessions
(Terraform in English, STM32 firmware in Russian), by class, each fixed at what the prompt gave, withheld or asked,
and asserted on the prompt a model receives, from a session in Claude Code's record format written for these tests
(another project, other figures and names than those sessions'):

1. A hex value's decimal marked as Claude's arithmetic (`0x43, 0x68` read as 0 × 43), so the post hedged what
   anyone can check ("by Claude's arithmetic, T2 = 26691").
2. The ending told "the session stops at Claude's reply; I wrote nothing after it": the finishing prompt asked it
   to say so (round 50).
3. Endings that repeat the last section (the plan's one change, the commits): the plan's ending given as what to
   tell, and the last section's paragraph quoted from its start, cut before its end.
4. A finishing call told the post is 1,800 to 2,500 words after sections of about 1,100: the endings were padded.
5. Style, in the rules every call shares: a quote run into the next sentence with no full stop; a quote cleaned
   (a month capitalised) where the rest are verbatim; "the last item was in capitals" of one word in capitals; a
   hedge tacked on after a code span; a paragraph packing a summary, a reply, two commits and a cleanup; "a
   second" and "the rest" with nothing to refer to; a changed byte told backwards.
6. Blocks and excerpts: three commands' outputs in one block (with a diff's bare `---`/`+++`); "four more lines
   not shown" of an excerpt cut earlier than the material's; a grep's matches told as the whole list; "at the
   top of run.tf" for blocks added above a resource.
7. Claude's "it was already broken" passed on where an earlier run went through; a change the author turned down
   that came back through a script, with Claude's own word on it left out.
8. Titles, descriptions and headings: a title naming a stage and no result, one leaving out half the work and
   reading as a sequence ("after a state file held both"); "an AI coding agent" in a description of a post that
   says Claude; a count in a description not the material's; a heading that covers the first beats only.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.write.context import left_uncommitted, session_end
from retell.write.draft import _last_paragraph
from retell.write.figure_sources import figure_notes

START = datetime(2026, 10, 3, 7, 40, tzinfo=timezone.utc)
CWD = "/home/ines/src/hive-scale"
PROJECTS = "claude/projects/-home-ines-src-hive-scale"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

_PROBE = "offset=0x1A2C weight=412 g\nexpected offset=0x1A2B"
_SUMMARY = (
    "The offset in `calib_table()` was one off: 0x1A2C is 6700 where the datasheet's 0x1A2B is 6699. I regenerated "
    "the table from the datasheet with a script: it differs from yours in that one byte, 0x2C to 0x2B."
)


def _hive_session() -> Transcript:
    """A load cell's offset one off in a calibration table; the author turns down the byte's fix; a script
    regenerates the table (the same byte); tests and the build in one call; a commit; Claude's reply last."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the scale reads 412 g empty. fix the offset, and DON'T flash anything, I'll do it")
    tx.tick(6)
    tx.tool_call("Bash", {"command": "python3 tools/probe.py"}, _PROBE)
    tx.tick(5)
    tx.assistant(_SUMMARY.split(" I regenerated")[0] + " Fixing the byte:", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/src/calib.c", "old_string": "0x1A, 0x2C,", "new_string": "0x1A, 0x2B,"},
        "The user doesn't want to proceed with this tool use. The tool use was rejected.",
        is_error=True,
    )
    tx.tick(40)
    tx.user("no. don't poke at single bytes, regenerate it from the datasheet")
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": "python3 tools/gen_calib.py > src/calib_table.h && git diff --stat && make test && make fw"},
        "src/calib_table.h | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)\n"
        "test_calib.c:12:test_offset:PASS\n1 Tests 0 Failures 0 Ignored\n"
        "[100%] Linking C executable hive.elf",
    )
    tx.tick(5)
    tx.assistant(_SUMMARY, usage_=usage())
    tx.tick(120)
    tx.user("flashed. 0 g empty. commit")
    tx.tick(4)
    tx.tool_call(
        "Bash",
        {"command": "git commit -qam 'calib: regenerate table from datasheet' && git log --oneline -1"},
        "5d1e0a7 calib: regenerate table from datasheet",
    )
    tx.tick(3)
    tx.assistant("Committed as `5d1e0a7`.", usage_=usage())
    return tx


_LONG_LAST = (
    "Claude summed up what it had changed. "
    + "It named the table, the script and the tests it ran. " * 12
    + "Then it committed, and `git log --oneline -1` printed `5d1e0a7`."
)


@pytest.fixture(scope="module")
def hive(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("hive")
    work = parse_work(tmp, _hive_session(), PROJECTS)
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "Scale offset",
        "hook": "The scale read 412 g with nothing on it.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0], words[0]]), ("pivot", [runs[1], "e6"])),
            plan_section("s2", ("action", [runs[2], words[1]]), ("resolution", ["e9", runs[3], words[2]])),
        ],
        "ending": "End on the commit and the empty scale reading 0 g.",
    }
    sections, finish = handoff_prompts(work, plan, f"Claude fixed the table.\n\n{_LONG_LAST} <!-- ev: {runs[3]} -->")
    return work, sections, finish


def _system(prompt: str) -> str:
    """A hand-off prompt's system part; a dry run's prompt (the outline's) whole."""
    return prompt.split("<system>", 1)[1].split("</system>", 1)[0] if "<system>" in prompt else prompt


@pytest.fixture(scope="module")
def outline_text(hive) -> str:
    return outline_prompt(hive[0])


def _flat(text: str) -> str:
    return " ".join(text.split())


# -- 1. a hex value's decimal is the output's, and a hex literal is no product ----------------------------------------


def test_the_decimal_of_a_printed_hex_value_needs_no_hedge(hive) -> None:
    work, sections, _finish = hive
    claude = event_block(sections[0], event_ids(work, "assistant")[0])
    assert "0x1A2C is 6700" in claude
    assert "where its figures come from" not in claude  # (main: "6700 … is Claude's arithmetic, in no output")


def test_a_hex_literal_is_never_read_as_a_product() -> None:
    said = Event(id="e2", kind=ASSISTANT, ts=None, text="The array has `0x43, 0x68` where it needs 0x67: T2 = 26691.")
    assert figure_notes([said]) == {}  # (main: "26691 is Claude's arithmetic", from 0 × 43)
    run = Event(id="e1", kind=TOOL_RUN, ts=None, calls=[ToolCall(name="Bash", target="./calc", output="T2=0x6843")])
    kept = Event(id="e2", kind=ASSISTANT, ts=None, text="So 2 × 13345 = 26690 steps, and T2 is 26691 steps.")
    notes = figure_notes([run, kept])["e2"][0]
    assert "26691" not in notes and "26690 steps is Claude's arithmetic" in notes  # the printed one is the run's


# -- 2. how the session ends is for the writer, not a sentence for the post ------------------------------------------


def test_the_ending_is_not_asked_to_say_the_session_stops(hive) -> None:
    work, _sections, finish = hive
    last = event_ids(work, "assistant")[-1]
    flat = _flat(finish)
    assert (
        f"For you, not a sentence for the post: The session ends on Claude's reply [{last}] (the author wrote nothing "
        "after it), and the last commit" in flat
    )
    # (material round 63: the rule stated once, in the ending's own)
    assert "and never how the session ended: not that it stops there or that the author wrote nothing more" in flat
    assert flat.count("wrote nothing more") == 1
    assert "Say so where the ending tells how it stands" not in flat
    assert "say that the work stayed uncommitted, with Claude's summary unanswered" not in flat  # (it was)


def test_a_session_with_no_commit_has_the_ending_say_so() -> None:
    events = [
        Event(id="e1", kind="human", ts=None, text="fix it"),
        Event(id="e2", kind="tool_run", ts=None, calls=[ToolCall("Edit", "app.py", diff="-a\n+b")]),
        Event(id="e3", kind="tool_run", ts=None, calls=[ToolCall("Bash", "git diff --stat", output="app.py | 2 +-")]),
        Event(id="e4", kind=ASSISTANT, ts=None, text="Fixed."),
    ]
    # (material round 63: said as what happened; the ending names it among the parts still open, where no section
    # tells it, by `left_uncommitted`)
    assert session_end(events).endswith("), and nothing was committed.")
    assert left_uncommitted(events) and not left_uncommitted(events[:1] + events[2:])
    # (stop 58: of a session that ran no git at all, commits are not spoken of)
    no_git = events[:2] + events[3:]
    assert "committed" not in session_end(no_git) and not left_uncommitted(no_git)


# -- 3. the ending tells only what the sections do not -----------------------------------------------------------------


def test_the_ending_keeps_of_its_plan_only_what_the_sections_do_not_tell(hive) -> None:
    _work, _sections, finish = hive
    flat = _flat(finish)
    assert (
        "The plan for it, written before the sections: End on the commit and the empty scale reading 0 g. Take from "
        "the plan only what these two things need and the sections do not tell" in flat
    )
    assert (
        "Beyond the few words that show the goal reached, nothing a section tells comes again, even in other words (a "
        "result, figure, file, commit or state" in flat
    )


def test_the_last_paragraph_is_quoted_from_its_end(hive) -> None:
    _work, _sections, finish = hive
    quoted = _flat(finish).split('the last section ends with "', 1)[1].split('". For you', 1)[0]
    assert quoted.startswith("… It named the table")  # a sentence's start, after a mark that it is cut
    assert quoted.endswith("printed `5d1e0a7`.")  # (main: the paragraph's first 600 characters, its end cut off)
    assert _last_paragraph("Short. Whole.") == "Short. Whole."


# -- 4. the finishing call is told the post's length is the sections' -----------------------------------------------


def test_the_finishing_call_is_told_the_sections_are_the_posts_length(hive) -> None:
    _work, _sections, finish = hive
    # (material round 63: the post's one length, the outline's, and the opening's and the ending's part of it)
    match = re.search(
        r"Length: about ([\d,]+) words for the opening and the ending together: the post's about ([\d,]+), less the "
        r"([\d,]+) its sections take \(under the 1,800 to 2,500 of its length, medium",
        _flat(finish),
    )
    assert match, "the finishing prompt does not say the post's length"
    assert int(match.group(1)) + int(match.group(3)) == int(match.group(2)) < 1800
    assert "Keep both short; never lengthen either toward the post's length." in finish


# -- 5. style rules every call shares ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule",
    [
        # a quote run into the next sentence; a cleaned quote; "in capitals"
        "A quote that ends your sentence is followed by its full stop (or a colon) even where their words had none",
        "their lower case, their own quotation marks and their punctuation stay",
        'one word in capitals is that word in capitals, never "in capitals"',
        # hedges
        "An attribution is a clause of its own, with a verb, before what it covers",
        "never on what anyone can check from the material: a hex value and its decimal",
        # clumsy passages, padding, repetition
        '"a second command", never "a second" alone; never "the rest" or "also" for what the reader was not told',
        "A value that changed is told old to new",
        "A paragraph tells one step, in about five sentences at most (about 120 words)",
        "Each fact is told once.",
        # blocks and excerpts
        "one block holds one command's lines",
        "a diff's `---` and `+++` lines that name no file are left out",
        "cut further and say the block is the start, with no count",
        "What a filtered command printed (`grep`, `head`, a pattern) is what matched, not all there is",
        "Where in a file an edit went is told only as the material shows it",
        # Claude's accounts
        "So is Claude's account of how things stood before",
        "A change the author turned down that comes back another way",
    ],
)
def test_every_call_carries_the_rule(hive, outline_text: str, rule: str) -> None:
    _work, sections, finish = hive
    for prompt in (*sections, finish, outline_text):
        assert rule in _flat(_system(prompt)), rule


def test_the_material_shows_each_commands_output_under_its_own_line(hive) -> None:
    work, sections, _finish = hive
    block = event_block(sections[1], event_ids(work, "tool_run")[2])
    assert "1 Tests 0 Failures 0 Ignored" in block and "[100%] Linking C executable hive.elf" in block


# -- 8. titles, descriptions and headings ------------------------------------------------------------------------------


def test_the_outline_asks_for_titles_descriptions_and_headings_that_cover_the_work(outline_text: str) -> None:
    prompt = _flat(outline_text)
    assert "A title names the work the post tells (where it did two things, both, in a few words)" in prompt
    assert 'never only a stage it went through ("before the deploy")' in prompt
    assert 'It calls Claude by its name (never "an AI coding agent"), and each count in it' in prompt
    assert "it names what its whole section tells, its last beats included" in prompt
