"""The edits a blind editor needed on four drafts a model wrote answering retell's prompts for two fresh18 sessions
(a Rust CLI in English, a Go API told in Japanese), and blind21's EDITS.md, by class, each fixed at what the prompt
gave, withheld or asked, and asserted on the prompt a model receives, from a session in Claude Code's record format
written for these tests (another project, other figures and names than those sessions'):

1. Claude's reading of a search told as fact ("the key was referenced only in config.rs") where the search's
   listing named three of its four files: no note said so.
2. "Having read the whole output" of a build piped through `tail -25`: retell's own note said "Claude read the
   whole output"; and an output said to end on a line above its last.
3. The material's cuts told to the reader ("in the 8 lines we don't see"): the notes on lines not shown said
   nothing of the reader.
4. Padding: a section's range counted retell's notes as material to tell (a round that added notes lengthened the
   ranges); prose retelling a block just shown (a comment's reasons); a command followed by a clause that says what
   its name says.
5. Style in the rules every call shares: "an 8 min session" (the material's short times copied into prose); a quote
   led in by a clause about what it was for; an account, its reasons and a comparison in one sentence; a caveat
   the reader must read twice; "seen by hand" of a run Claude made; a Japanese step with no subject, read as the
   narrator's; a block with no sentence before it; a printed line quoted cut at its start; an excerpt called "the
   first half".
6. The ending: "as far as passing the tests" of a goal the sections show reached and committed.
7. A heading telling Claude's verdict as fact.
"""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell.events import ASSISTANT, TOOL_RUN, Event, ToolCall
from retell.write.cut_readings import cut_reading_notes
from retell.write.post_budget import section_words

START = datetime(2026, 9, 14, 18, 5, tzinfo=timezone.utc)
CWD = "/home/odile/src/shelf-api"
PROJECTS = "claude/projects/-home-odile-src-shelf-api"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

_FOUND = "Found 5 files\nsrc/config.ts\nREADME.md\nconfig.example.json\nsrc/http.ts\ntest/config.test.ts"
_BUILD = "\n".join(
    [f"src/routes/item{i}.ts: compiled" for i in range(30)]
    + [
        "src/http.ts(41,19): error TS2339: Property 'retries' does not exist on type 'Options'.",
        "Found 1 error in src/http.ts:41",
    ]
)


def _shelf_session() -> Transcript:
    """A retries setting read and never used: a search whose listing is cut, Claude's reading of it, a build piped
    through `tail -30` that fails, Claude's reading of it, the fix, a build that passes, a commit."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the retries setting IS read (a typo gives 'unknown key') but a 503 is never retried. fix it and commit")
    tx.tick(5)
    tx.tool_call("Grep", {"pattern": "retries", "path": CWD}, _FOUND)
    tx.tick(4)
    tx.assistant("So `retries` is only read in `config.ts`; `http.ts` never sees it. Passing it on.", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/src/http.ts", "old_string": "fetch(url)", "new_string": "fetch(url, opts.retries)"},
        "ok",
    )
    tx.tick(6)
    tx.tool_call("Bash", {"command": "npm run build 2>&1 | tail -30"}, f"Exit code 2\n{_BUILD}", is_error=True)
    tx.tick(5)
    tx.assistant("The type has no `retries` yet: `Options` was written before the setting existed.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/src/http.ts",
            "old_string": "  timeout: number;",
            "new_string": "  timeout: number;\n  retries: number;",
        },
        "ok",
    )
    tx.tick(20)
    tx.tool_call("Bash", {"command": "npm run build && npm test"}, "Tests: 14 passed, 14 total")
    tx.tick(4)
    tx.tool_call("Bash", {"command": "git commit -qam 'http: retry a 503 as configured'"}, "")
    tx.tick(3)
    tx.assistant("Committed. The build and the 14 tests pass.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def shelf(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("shelf")
    work = parse_work(tmp, _shelf_session(), PROJECTS)
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "Retries that were never passed on",
        "hook": "A 503 was never retried though the setting was read.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0], words[0]]), ("pivot", [runs[1], runs[2], words[1]])),
            plan_section("s2", ("action", [runs[3]]), ("resolution", [runs[4], words[2]])),
        ],
        "ending": "End on the commit and the 14 tests passing.",
    }
    sections, finish = handoff_prompts(work, plan, f"Claude passed the setting on. <!-- ev: {runs[4]} -->")
    return work, sections, finish


@pytest.fixture(scope="module")
def outline_text(shelf) -> str:
    return outline_prompt(shelf[0])


def _system(prompt: str) -> str:
    """A hand-off prompt's system part; a dry run's prompt (the outline's) whole."""
    return prompt.split("<system>", 1)[1].split("</system>", 1)[0] if "<system>" in prompt else prompt


def _flat(text: str) -> str:
    return " ".join(text.split())


# -- 1. a search's listing shown cut: what Claude says beyond its names is Claude's reading ---------------------------


def test_claudes_reading_of_a_cut_listing_is_marked_as_claudes(shelf, outline_text: str) -> None:
    work, sections, _finish = shelf
    search, reading = event_ids(work, "tool_run")[0], event_ids(work, "assistant")[0]
    for prompt in (sections[0], outline_text):
        assert "and 2 more" in event_block(prompt, search)
        note = _flat(event_block(prompt, reading))
        assert f"[{search}] names 3 of the 5 files it found" in note
        assert "(that something is only in one file, or nowhere else) is Claude's reading, told as Claude's" in note


def test_a_listing_named_whole_gets_no_note() -> None:
    listing = ToolCall(name="Grep", target="x", outcome="found 2 files: a.ts, b.ts")
    whole = Event(id="e2", kind=TOOL_RUN, calls=[listing])
    words = Event(id="e3", kind=ASSISTANT, text="Only `a.ts` reads it.")
    assert cut_reading_notes([whole, words]) == {}


# -- 2. a command that kept part of its output: Claude never read "the whole output" ----------------------------------


def test_a_command_cut_by_its_own_tail_is_never_read_whole(shelf, outline_text: str) -> None:
    work, sections, _finish = shelf
    build, reading = event_ids(work, "tool_run")[2], event_ids(work, "assistant")[1]
    for prompt in (sections[0], outline_text):
        block = event_block(prompt, build)
        assert "lines like these)" in block or "more lines)" in block  # the material shows it cut
        note = _flat(event_block(prompt, reading))
        assert f"Claude read what [{build}]" in note
        assert f"[{build}] `tail -30` kept only part of what ran printed: Claude saw that part, never all of it" in note
        assert "whole output" not in prompt


def test_an_outputs_last_line_and_a_commands_own_cut_are_in_every_call(shelf, outline_text: str) -> None:
    _work, sections, finish = shelf
    for prompt in (*sections, finish, outline_text):
        text = _flat(_system(prompt))
        assert "An output ended on its last line shown, never on a line above it" in text
        assert "(`| tail -20`, `| head`) showed Claude that part only: never say Claude read all of it" in text


# -- 3. the material's cuts are never the reader's ---------------------------------------------------------------------


def test_the_notes_on_lines_not_shown_keep_them_from_the_reader(shelf, outline_text: str) -> None:
    work, sections, _finish = shelf
    reading = event_ids(work, "assistant")[1]
    assert "never tell the reader that anything is not shown)" in event_block(sections[0], reading)
    for prompt in (*sections, outline_text):
        assert 'never tell the reader of lines "not shown" or "we don\'t see"' in _flat(_system(prompt))


# -- 4. padding ----------------------------------------------------------------------------------------------------


def test_a_sections_range_does_not_count_retells_notes_as_material() -> None:
    material = "\n".join(f"[e{i}] TOOLS: Ran `make step{i}`\n  `make step{i}` said:\n    ok {i}" for i in range(40))
    note = "  (Claude read what [e3] (4 of its lines not shown) printed; the material shows only the lines above)\n"
    noted = material.replace("\n[e5]", "\n" + note * 30 + "[e5]")
    assert section_words(1000, noted, "en") == section_words(1000, material, "en") < 1000
    assert section_words(1000, noted, "ja") == section_words(1000, material, "ja")


@pytest.mark.parametrize(
    "rule",
    [
        "Each fact is told once. Once in a sentence too: a command is not followed by a clause that says what its name "
        "says",
        "What a block you show says (a comment's reasons, a test's names, a commit's message) is not told again in the "
        "sentences around it",
        "never add a paragraph after a block that retells it",
    ],
)
def test_every_call_asks_for_no_padding(shelf, outline_text: str, rule: str) -> None:
    _work, sections, finish = shelf
    for prompt in (*sections, finish, outline_text):
        assert rule in _flat(_system(prompt)), rule


# -- 5. style rules every call shares ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rule",
    [
        # the material's short times
        'in the post\'s sentences, write a time as its language\'s prose writes it ("twelve minutes", "a minute and '
        'five seconds" in English), never the short form ("a 12 min session", "12 min passed")',
        # leading into a quote
        "Lead into a quote plainly, by who wrote it and when",
        "the words the author typed under something they pasted are their message's",
        # one claim a sentence; caveats
        "A sentence carries one claim and what it rests on: an account, its reasons and a comparison are two or three "
        "sentences",
        "A caveat is said plainly where it belongs",
        # who did what
        'a run Claude made is never told as done "by hand" or "manually"',
        "In a language whose sentences leave the subject out (Japanese, Korean, Chinese), name Claude where a step of "
        "its follows one of the author's or a result",
        # blocks and excerpts
        "Every block follows a sentence that says what it is",
        "a line quoted in a sentence too: from its first word",
        '"part of" the change, never a "first half" you cannot count',
    ],
)
def test_every_call_carries_the_rule(shelf, outline_text: str, rule: str) -> None:
    _work, sections, finish = shelf
    for prompt in (*sections, finish, outline_text):
        assert rule in _flat(_system(prompt)), rule


# -- 6. the ending says the goal plainly ---------------------------------------------------------------------------


def test_the_ending_names_the_goal_and_what_shows_it(shelf) -> None:
    finish = _flat(shelf[2])
    assert (
        "in a plain sentence that names the goal and, in a few words, what shows it (the test they asked for passing, "
        'the commit made), never hedged ("got as far as") where the sections show it reached'
    ) in finish


# -- 7. headings -----------------------------------------------------------------------------------------------------


def test_a_heading_never_tells_claudes_verdict_as_fact(outline_text: str) -> None:
    assert "a verdict of Claude's (\"the old test pinned the bug\") is no heading's fact" in _flat(outline_text)
