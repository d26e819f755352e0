"""What a model answering retell's real prompts for two sessions (blind20: an English Pydantic helper rewritten, a
Simplified Chinese test fix) said the prompts withheld or got wrong, each fixed at its cause and asserted on the
prompt a model receives, from a session in Claude Code's record format written for these tests (another project,
other figures and names than those sessions'):

1. Times counted from a `/clear` (the session's first record) where the author asked a minute later: the hook's
   "Two minutes later" for an edit 53 s after the request, then kept by the finishing call; a length under the
   active time beside it ("2 min (active: 2.2 min)").
2. An edit refused, then sent again: its lines shown first, identical to the retry's, and ranked first to show.
3. An edit's place the closing line of a signature (`) -> List[str]:`), the function named only by Claude.
4. An edit's changed lines shown cut, and Claude's summary of the lines not shown told as what the code does.
5. A word of output ("All" of "All checks passed!") listed as a name.
6. One author message beside a `!` command, counted as one message and as "their 2 messages".
7. An output cut "(earlier lines like these)" with no count; five failures of which the output names three.
8. "The full test suite" (Claude's word) for a run that deselects tests.
9. Docstrings translated inside quotation marks; diffs in a ```python block.
10. A `zh` post's sections given "at most 200 characters: a ceiling, not a target", far under the post's floor.
11. Endings that leave out that the session stops on Claude's summary, with no reply and no commit, and give the
    author a satisfaction the session does not show.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings, ok  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app
from retell.events import EventLog
from retell.extract.edit_places import edit_places
from retell.extract.tools import command_output
from retell.write.context import session_end
from retell.write.names import printed_words
from retell.write.post_budget import section_words

START = datetime(2026, 11, 14, 9, 0, tzinfo=timezone.utc)
CWD = "/home/noor/src/pantry"
PROJECTS = "claude/projects/-home-noor-src-pantry"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

_OLD = (
    "def restock(\n"
    "    shelves: list[Shelf],\n"
    "    crates: list[Crate],\n"
    ") -> list[str]:\n"
    '    """Shelf names to restock.\n'
    "\n"
    "    Sorted\n"
    '    """\n'
    "    due: dict[str, str] = {}\n"
    "    for item in [*shelves, *crates]:\n"
    '        if hasattr(item, "name") and item.name:\n'
    '            due[item.name] = item.stocked_at if hasattr(item, "stocked_at") else item.packed_at\n'
    + "".join(f"    # keep {n}\n" for n in range(12))
    + "    return list(due)\n"
)
_NEW = (
    "def restock(\n"
    "    shelves: list[Shelf],\n"
    "    crates: list[Crate],\n"
    ") -> list[str]:\n"
    '    """Shelf names to restock.\n'
    "\n"
    "    Sorted by date (newest first).\n"
    '    """\n'
    "    due: dict[str, str] = {}\n"
    "\n"
    "    for item in [*shelves, *crates]:\n"
    '        name = getattr(item, "name", None)\n'
    "        if not name:\n"
    "            continue\n"
    + "".join(f"    # kept {n}\n" for n in range(12))
    + "    return sorted(due, key=due.get, reverse=True)\n"
)
_RED = "\n".join(
    [f"tests/test_shelf_{n}.py::test_ok PASSED" for n in range(40)]
    + [
        "E       AssertionError: assert 'cellar' == 'pantry'",
        "tests/test_restock.py:31: AssertionError",
        "FAILED tests/test_restock.py::test_newest_first - AssertionError",
        "FAILED tests/test_restock.py::test_crates_by_packing - AssertionError",
        "===== 4 failed, 61 passed, 12 deselected in 2.10s =====",
    ]
)


def _clear(tx: Transcript) -> None:
    tx.user(
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"
    )


def _pantry_session() -> Transcript:
    """A `/clear`, the author's own red run (`!`), one request; an edit refused then sent again, cut; ruff; a summary
    that names code the lines shown do not hold; no reply, no commit."""
    tx = Transcript(cwd=CWD, start=START)
    _clear(tx)
    tx.tick(40)
    tx.user('<bash-input>uv run pytest -m "not slow" -v</bash-input>')
    tx.user(f"<bash-stdout>{_RED}</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(35)
    tx.user("restock should sort by date, newest first, for both shelves and crates")
    tx.tick(4)
    tx.assistant("The `restock` helper gets two kinds of item: shelves carry `stocked_at`, crates `packed_at`.")
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/pantry/stock.py", "old_string": _OLD.rstrip(), "new_string": _NEW.rstrip()},
        "File has not been read yet. Read it first before writing to it.",
        is_error=True,
    )
    tx.tick(3)
    numbered = "\n".join(f"{n:>6}→{line}" for n, line in enumerate(_OLD.splitlines(), 1))
    tx.tool_call("Read", {"file_path": f"{CWD}/pantry/stock.py"}, numbered)
    tx.tick(20)
    tx.tool_call(
        "Edit", {"file_path": f"{CWD}/pantry/stock.py", "old_string": _OLD.rstrip(), "new_string": _NEW.rstrip()}
    )
    tx.tick(5)
    tx.assistant("Now the linter.")
    tx.tool_call("Bash", {"command": "ruff check --fix"}, "All checks passed!")
    tx.tick(4)
    tx.assistant("Let's run the full test suite.")
    tx.tool_call(
        "Bash",
        {"command": 'uv run pytest -m "not slow" -q'},
        "65 passed, 12 deselected in 2.02s",
    )
    tx.tick(8)
    tx.assistant(
        "Done: `restock` uses `isinstance()` to tell a `Crate` apart, takes its `packed_at`, and sorts newest first.",
        usage_=usage(),
    )
    return tx


def _numbers(prompt: str) -> str:
    return prompt.split("# Numbers", 1)[1].split("# Craft", 1)[0]


@pytest.fixture(scope="module")
def pantry(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered)."""
    tmp = tmp_path_factory.mktemp("pantry")
    work = parse_work(tmp, _pantry_session(), PROJECTS)
    refused, _read, edit, ruff, green = event_ids(work, "tool_run")
    plan = {
        "title": "Restock by date",
        "hook": "Two minutes later the helper was rewritten.",
        "sections": [
            plan_section("s1", ("opening", ["e1", "e2", "e3"])),
            plan_section("s2", ("action", [refused, edit])),
            plan_section("s3", ("convergence", [ruff, green]), ("resolution", [event_ids(work, "assistant")[-1]])),
        ],
        "ending": "End on it.",
    }
    sections, finish = handoff_prompts(work, plan, f"Claude edited the helper. <!-- ev: {edit} -->")
    return work, sections, finish


# -- 1. times from the author's message ------------------------------------------------------------------------------


def test_the_numbers_count_times_from_the_authors_message_not_from_the_clear(pantry) -> None:
    work, sections, _finish = pantry
    for prompt in (outline_prompt(work), sections[0]):
        numbers = _numbers(prompt)
        assert (
            "- Times from the author's first message [e3]: Claude's first change that went through [e7] 33 s later, "
            "its last tool run [e11] 48 s later, its last reply [e12] 58 s later; the session's length counts from "
            "[e1] (a `/clear`), 1 min 18 s before that message. A time after the author asked" in numbers
        )
        assert "counts from their message, as these do, never from a `/clear`, a command or the session's start" in (
            numbers
        )


def test_a_short_sessions_length_is_never_said_shorter_than_its_active_time(pantry) -> None:
    work, _sections, _finish = pantry
    prompt = outline_prompt(work)
    assert (
        "- Session length: 2.3 min (from its first event to its last, as the chapters' times count; active: 2.3 min,"
        in prompt
    )
    assert "UTC (2.3 min; active 2.3 min)" in prompt  # (whole minutes said "2 min" beside "active 2.3 min")


def test_the_finishing_call_checks_the_hooks_figures_against_the_times(pantry) -> None:
    _work, _sections, finish = pantry
    assert (
        "Start from the hook (Two minutes later the helper was rewritten.): its facts, in its words or yours, none "
        "added, and each figure in it checked against the numbers above (times from the author's first message [e3]: "
        "Claude's first change that went through [e7] 33 s later" in finish
    )
    assert "a time or count they do not bear out is left out or said as they give it, never kept because the plan" in (
        finish
    )


# -- 2. an edit refused, then sent again ---------------------------------------------------------------------------


def test_a_refused_edit_shows_no_lines_and_is_not_offered_as_a_block(pantry) -> None:
    work, sections, _finish = pantry
    refused, _read, edit, _ruff, _green = event_ids(work, "tool_run")
    block = event_block(sections[1], refused)
    assert "(failed) — failed: File has not been read yet." in block
    assert f"(one edit, [{refused}]: refused, so it changed nothing in pantry/stock.py;" in block
    assert "Sorted by date" not in block and "changed pantry/stock.py" not in block
    assert "Sorted by date (newest first)." in event_block(sections[1], edit)
    line = next(ln for ln in sections[1].splitlines() if ln.startswith("- Code blocks: "))
    assert f"show these in this order up to the limit: [{edit}] (its changed lines, in a ```diff block); tell" in line
    assert f"[{refused}]" not in line
    assert "an edit refused, then sent again, is one edit, told from the one that went through" in sections[1]


# -- 3. the function an edit changed, from a signature over several lines ------------------------------------------


def test_an_edit_inside_a_signature_over_several_lines_names_its_def(pantry) -> None:
    work, sections, _finish = pantry
    edit = event_ids(work, "tool_run")[2]
    assert "changed pantry/stock.py (one edit, [" + edit + "]), within `def restock(`:" in sections[1]
    old = "fn totals(\n    rows: &[Row],\n) -> Vec<u64> {\n    let mut out = Vec::new();\n    out\n}\n"
    assert edit_places("src/t.rs", old, "    let mut out = Vec::new();", "    let mut out = vec![];", None) == [
        "fn totals("
    ]
    data = "spec:\n  items: [\n    a,\n  ]\n  limit: 3\n"  # (indented data keeps its nearest holder)
    assert edit_places("x.yaml", data, "  limit: 3", "  limit: 4", None) == ["spec:"]


# -- 4. an edit shown cut, and Claude's account of it --------------------------------------------------------------


def test_the_lines_an_edit_leaves_out_and_claudes_account_of_them_are_marked(pantry) -> None:
    work, sections, _finish = pantry
    edit = event_ids(work, "tool_run")[2]
    assert (
        "  (what the 24 changed lines not shown do is not in the material: tell the lines shown as the diff's, and "
        "anything more Claude says of this edit as Claude's account, never as lines the reader "
        "cannot see)"
    ) in event_block(sections[1], edit)
    summary = event_block(outline_prompt(work), "e12")
    assert (
        f"(Claude tells here what its edit [{edit}] (24 of its changed lines not shown) does; the material shows only "
        "the lines above: what those lines do is the diff's, anything more is Claude's account of its own code, "
        "told as Claude's; `isinstance()`, `Crate` are in no line shown here; never tell the reader that anything is "
        "not shown)"
    ) in summary
    assert "`restock`" not in summary.split("\n", 1)[1]  # (the author's own word for it)
    assert "and so is Claude's account of its own change (what the new code uses, how it orders)" in sections[2]


# -- 5. a word of output ----------------------------------------------------------------------------------------------


def test_a_word_that_opens_a_printed_sentence_is_no_name() -> None:
    material = (
        "[e2] AUTHOR: tidy the Pydantic models\n"
        "[e9] TOOLS: Ran `ruff check --fix`\n"
        "  `ruff check --fix` said:\n"
        "    All checks passed!\n"
        "    Pydantic models loaded\n"
    )
    assert printed_words(["All", "Pydantic", "Crate"], material) == ["All"]


def test_the_names_rule_leaves_out_a_word_of_output(pantry, tmp_path: Path) -> None:
    work, _sections, _finish = pantry
    _refused, _read, _edit, ruff, green = event_ids(work, "tool_run")
    copy = tmp_path / "w"
    copy.mkdir()
    for name in ("events.json", "manifest.json", "triage.yaml"):
        (copy / name).write_bytes((work / name).read_bytes())
    section = plan_section("s1", ("convergence", [ruff, green]))
    section["beats"][0]["note"] = "ruff printed All checks passed! and the Pantry tests ran green."
    plan = {"title": "Restock", "hook": "It sorts.", "sections": [section], "ending": "End on it."}
    yamlio.save(copy / "outline.yaml", yamlio.loads(json.dumps(plan), "outline.yaml"), backup=False)
    ok(runner.invoke(app, ["draft", str(copy), "--engine", "handoff", "--dry-run"]))
    prompt = next((copy / "llm" / "dry-run").glob("section-*")).read_text(encoding="utf-8")
    names = next(ln for ln in prompt.splitlines() if ln.startswith("- Names: "))
    assert "(here: Pantry)" in names and "All" not in names.split("(here:", 1)[1].split(")")[0]


# -- 6. one message and one command ---------------------------------------------------------------------------------


def test_a_command_the_author_ran_is_never_counted_as_a_message(pantry) -> None:
    work, _sections, _finish = pantry
    numbers = _numbers(outline_prompt(work))
    assert "- Messages from the author: 1 (not counting what they ran themselves: 1 `!` shell command" in numbers
    waits = "at most a minute of the wait before each of their 1 later message and 1 command they ran themselves"
    assert waits in numbers
    assert "their 2 messages" not in numbers


# -- 7. an output cut: how many lines, and which failures ------------------------------------------------------------


def test_an_output_read_from_its_end_still_counts_the_lines_it_leaves_out() -> None:
    lines = [f"tests/test_{i}.py::test_ok PASSED" for i in range(900)] + ["===== 900 passed in 4.0s ====="]
    excerpt = command_output("\n".join(lines), False)
    assert excerpt is not None and excerpt.startswith("… (")
    count = int(re.match(r"… \((\d+) earlier lines like these\)", excerpt).group(1))  # type: ignore[union-attr]
    assert 880 < count < 900  # (counted past the last 20,000 characters it reads lines from)


def test_failures_the_output_does_not_name_are_said_as_not_shown(pantry) -> None:
    _work, sections, _finish = pantry
    block = event_block(sections[0], "e2")
    assert "… (39 earlier lines like these)" in block
    assert (
        "(2 of the 4 failing tests are named above; the other 2 are in lines not shown: never say where they are or "
        "what failed in them)"
    ) in block


# -- 8. a run that deselects tests ------------------------------------------------------------------------------------


def test_a_run_that_deselects_tests_is_said_not_to_be_the_whole_suite(pantry) -> None:
    work, sections, _finish = pantry
    green = event_ids(work, "tool_run")[-1]
    note = (
        "(12 tests deselected by the command's own filter: this run is not the whole suite, whatever Claude calls it)"
    )
    assert note in event_block(sections[2], green)
    assert note in event_block(sections[0], "e2")
    assert (
        "Claude's name for a run (\"the full test suite\") is no more than what the run's own line shows"
        in (sections[2])
    )


# -- 9. code strings and diffs ---------------------------------------------------------------------------------------


def test_code_strings_stay_code_and_diffs_go_in_diff_blocks(pantry) -> None:
    _work, sections, _finish = pantry
    assert (
        "a string in code (a docstring, a test's name or message, a comment an edit changed) is code too, shown in "
        "backticks or a code block as written, never translated inside quotation marks" in sections[1]
    )
    assert "an edit's changed lines in a ```diff block, their `-` and `+` kept" in sections[1]


# -- 10. a zh post's sections ---------------------------------------------------------------------------------------


def test_a_zh_section_counts_its_english_material_as_characters_told() -> None:
    material = " ".join(["word"] * 600)  # 600 words of English material
    assert section_words(1000, material, "en") == 300
    # (counted one a word it gave a zh section 300 characters, where 600 words tell as about 900)
    assert section_words(1000, material, "zh") == 450
    assert section_words(1000, "短" * 1400, "zh") == 700


def test_a_thin_section_is_given_a_range_not_a_ceiling(tmp_path: Path) -> None:
    tx = _pantry_session()
    work = parse_work(tmp_path, tx, PROJECTS, "zh-CN")
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    prompts = [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]
    lengths = [next(ln for ln in p.splitlines() if ln.startswith("Length: ")) for p in prompts]
    assert lengths and all("a ceiling, not a target" not in ln for ln in lengths)
    assert all(
        re.match(r"Length: [\d,]+ to [\d,]+ characters \(counted as the post's length is\): ", ln) for ln in lengths
    )


# -- 11. how the session ends ------------------------------------------------------------------------------------------


def test_the_ending_is_told_how_the_session_stops(pantry) -> None:
    _work, _sections, finish = pantry
    flat = " ".join(finish.split())
    assert (
        "For you, not a sentence for the post: The session ends on Claude's reply [e12] (the author wrote nothing "
        "after it)."
    ) in flat  # (round 51: asked to "say so", both endings of fresh17 told "I wrote nothing after it"; stop 58: a
    # session that ran no git says nothing of commits)
    # (material round 63: how to tell it is the ending's one rule, and the work left uncommitted one of its open parts)
    assert (
        "and never how the session ended: not that it stops there or that the author wrote nothing more, and no reply "
        'or verdict of theirs (pleased, satisfied, "what I wanted") that no word of theirs shows.'
    ) in flat
    assert "a limit lowered for the test)" in flat  # (no git ran: stop 58)


def test_an_author_who_answers_last_is_not_told_they_never_replied(tmp_path: Path) -> None:
    tx = _pantry_session()
    tx.tick(30)
    tx.user("great, thanks")
    tx.tick(2)
    tx.tool_call("Bash", {"command": "git commit -qam 'Restock by date' && git log --oneline -1"}, "9f1c2ab Restock")
    work = parse_work(tmp_path, tx, PROJECTS)
    events = EventLog.from_dict(json.loads((work / "events.json").read_text(encoding="utf-8"))).events
    end = session_end(events)
    assert end.startswith("The session ends on the author's message [")
    assert "and the last commit [" in end and "went through." in end and "wrote nothing after it" not in end
