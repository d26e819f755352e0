"""What a real model answering retell's prompts in the loop wrote (a Polish post on a Go session), and a blind
editor reading the post against the session had to edit, each traced to what the prompts gave or withheld,
asserted on the prompt a model receives or on the rendered post, built from sessions in Claude Code's record
format written for these tests (other tools, languages and figures than that session's):

1. An explanation resting on a computation (a buffer size times a count) lost its figures in the post.
2. The author's quote changed by formatting: backticks splitting a flag from its argument.
3. A before/after figure whose "before" was the author's own estimate, never measured, told as measured.
4. Claude's reading of a profile hedged ("according to his reading") where the profile's table was in the session,
   but the material showed only its last lines.
5. A failing test's own message named the line; the material dropped it and the post credited Claude.
6. The post implied more was checked than was (a test on a sample file; a benchmark not re-run).
7. The numbers' table: a token count that is mostly cache reads, and "counted by retell", a name no reader knows.
8. A paragraph right after a closing code fence, with no blank line between.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block as _event_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from prompt_support import section_prompts as _section_prompts
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import markup
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 11, 3, 14, 0, tzinfo=timezone.utc)
CWD = "/home/mara/src/thumbs"
PROJECTS = "claude/projects/-home-mara-src-thumbs"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


# -- a Rust session: an estimate, a profile, a failing test, a timing --------------------------------------------

PROFILE = (
    "# Overhead  Command  Shared Object  Symbol\n"
    "    41.20%  thumbs   thumbs         [.] png::decoder::zlib::inflate\n"
    "    17.85%  thumbs   thumbs         [.] image::imageops::sample::horizontal_sample\n"
    "    12.02%  thumbs   libc.so.6      [.] __memmove_avx_unaligned_erms\n"
    "     6.31%  thumbs   thumbs         [.] image::imageops::sample::vertical_sample\n"
    "     4.77%  thumbs   thumbs         [.] alloc::raw_vec::finish_grow\n"
    "     3.02%  thumbs   thumbs         [.] crc32fast::specialized::pclmulqdq::calculate\n"
    "     2.40%  thumbs   libc.so.6      [.] _int_malloc\n"
    "     1.96%  thumbs   thumbs         [.] thumbs::resize::fit\n"
)
CARGO_FAIL = (
    "running 4 tests\n"
    "test resize::tests::keeps_aspect ... ok\n"
    "test resize::tests::tiny_input ... ok\n"
    "test resize::tests::same_as_reference ... FAILED\n"
    "test resize::tests::zero_width ... ok\n"
    "\n"
    "failures:\n"
    "\n"
    "---- resize::tests::same_as_reference stdout ----\n"
    "thread 'resize::tests::same_as_reference' panicked at src/resize.rs:212:13:\n"
    "photo 0317.png differs from the reference at pixel (0, 1199)\n"
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    "\n"
    "\n"
    "failures:\n"
    "    resize::tests::same_as_reference\n"
    "\n"
    "test result: FAILED. 3 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.84s\n"
    "\n"
    "error: test failed, to rerun pass `--lib`"
)


def _thumbnails(cache_read: int = 0) -> Transcript:
    """The author's estimate (~90s for 4000 photos), a profile whose table Claude reads, a new code path checked by
    a test against a reference, the test's own message naming the photo, and one timing at the end."""
    tx = Transcript(cwd=CWD, start=START)
    big = usage(output_tokens=300, input_tokens=200, cache_read=cache_read, cache_write=500)
    tx.user("generating thumbnails for the 4000 photos in ~/pics takes ~90s on 8 cores, can it go faster?")
    tx.tick(20)
    tx.assistant("Let me profile it first instead of guessing.", usage_=big)
    tx.tool_call(
        "Bash",
        {"command": "cargo build --release && perf record -g ./target/release/thumbs ~/pics && perf report | head -9"},
        PROFILE,
    )
    tx.tick(30)
    tx.assistant(
        "Most of the time goes to PNG decoding (`inflate`) and the horizontal resampling pass. The photos are "
        "decoded at full size although we only need 1/8 of it: a 4000 × 3000 photo is 12 000 000 pixels, 48 MB "
        "at 4 bytes a pixel. I'll decode at a reduced size and keep the old path as a reference in the tests.",
        usage_=big,
    )
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/src/resize.rs",
            "old_string": "let img = decode(path)?;",
            "new_string": "let img = decode_scaled(path, 8)?;",
        },
    )
    tx.tool_call("Bash", {"command": "cargo test 2>&1 | tail -20"}, CARGO_FAIL, is_error=True)
    tx.tick(15)
    tx.assistant("The reduced decode drops the last row on odd heights. Fixing the rounding:", usage_=big)
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/src/resize.rs",
            "old_string": "let h = height / 8;",
            "new_string": "let h = (height + 7) / 8;",
        },
    )
    tx.tool_call(
        "Bash",
        {"command": "cargo test 2>&1 | tail -3 && time ./target/release/thumbs ~/pics >/dev/null"},
        "test result: ok. 4 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.91s\n\n"
        "real\t0m21.37s\nuser\t2m41.02s\nsys\t0m3.11s",
    )
    tx.tick(10)
    tx.assistant(
        "**90 s → 21.4 s** for the 4000 photos, and the test shows the output matches the reference.", usage_=big
    )
    tx.tick(120)
    tx.user("nice, commit it")
    return tx


def test_an_output_with_no_verdict_line_shows_its_first_lines(tmp_path: Path) -> None:
    """A profile printed by a command that also builds (no line says how it went): the table's top rows, the
    ones Claude's reading rests on, reach the material, not only its last lines."""
    prompt = _outline_prompt(_parse(tmp_path, _thumbnails()))
    block = _event_block(prompt, "e3")
    assert "41.20%  thumbs   thumbs         [.] png::decoder::zlib::inflate" in block
    assert "17.85%" in block and "horizontal_sample" in block


def test_a_failing_test_runs_own_message_reaches_the_material(tmp_path: Path) -> None:
    """cargo: the panic's place and its message; the line after the FAILED summary alone said nothing of why."""
    prompt = _outline_prompt(_parse(tmp_path, _thumbnails()))
    block = _event_block(prompt, "e6")
    assert "panicked at src/resize.rs:212:13" in block
    assert "photo 0317.png differs from the reference at pixel (0, 1199)" in block
    assert "test result: FAILED. 3 passed; 1 failed" in block


GO_FAIL = (
    "Exit code 1\n"
    "?   \texample.com/ledger/cmd\t[no test files]\n"
    "--- FAIL: TestImportMatchesLegacy (0.03s)\n"
    '    import_test.go:57: row 2291: legacy ok=false, new ok=true: "2024-02-30;;EUR"\n'
    "FAIL\n"
    "FAIL\texample.com/ledger/internal/importer\t0.041s\n"
    "FAIL"
)


def test_a_go_tests_failure_message_is_kept_past_its_fail_lines(tmp_path: Path) -> None:
    """go test ends on bare FAIL lines: they filled the lines kept, and the message naming the row was lost."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("czy nowy importer daje to samo co stary?")
    tx.tool_call("Bash", {"command": "go test ./... 2>&1"}, GO_FAIL, is_error=True)
    tx.assistant("Wiersz 2291 ma datę 30 lutego: stary importer go odrzucał.")
    prompt = _outline_prompt(_parse(tmp_path, tx, "pl"))
    block = _event_block(prompt, "e2")
    assert 'import_test.go:57: row 2291: legacy ok=false, new ok=true: "2024-02-30;;EUR"' in block
    assert "--- FAIL: TestImportMatchesLegacy (0.03s)" in block


# -- 3. where a figure comes from ----------------------------------------------------------------------------------


def test_a_figure_only_the_author_gave_is_marked_as_theirs_and_unmeasured(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _thumbnails()))
    block = _event_block(prompt, "e10")
    # 90 s: the author's "~90s" in [e1], in no output; 21.4 s: the `time` run's "real 0m21.37s"
    # (round 45: the note quotes the author's words and says no output shows it, never how they came by it)
    assert re.search(r"90 s: the author wrote “[^”\n]*90s?[^”\n]*” in \[e1\]; no output shows it", block), block
    assert "21.4 s" not in block.split("\n", 1)[1]  # measured: no note on it


def test_a_figure_of_claudes_own_arithmetic_is_marked_as_such(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _thumbnails()))
    notes = _event_block(prompt, "e4").split("\n", 1)[1]
    assert re.search(r"12 000 000 pixels[^\n]*Claude's arithmetic", notes), notes
    assert re.search(r"48 MB[^\n]*Claude's", notes), notes


def test_figures_a_command_printed_have_no_note(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("how big is the build now?")
    tx.tool_call("Bash", {"command": "du -sh dist"}, "3.4M\tdist")
    tx.assistant("The build is 3.4 MB now.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert _event_block(prompt, "e3") == "[e3] CLAUDE: The build is 3.4 MB now."


# -- the instructions (1, 2, 3, 4, 5, 6) ----------------------------------------------------------------------------


def test_the_instructions_keep_the_figures_an_explanation_rests_on(tmp_path: Path) -> None:
    work = _parse(tmp_path, _thumbnails(), "de")
    outline = _outline_prompt(work)
    sections = _section_prompts(work)
    for prompt in (outline, *sections):
        assert "keep the figures it rests on" in prompt
    assert "the figures an explanation rests on" in outline  # the plan's notes carry them to the sections


def test_the_instructions_quote_the_author_as_typed(tmp_path: Path) -> None:
    (prompt, *_) = _section_prompts(_parse(tmp_path, _thumbnails(), "pl"))
    assert "as they typed it" in prompt
    assert "never split by code formatting" in prompt


def test_the_instructions_say_once_where_a_figure_comes_from(tmp_path: Path) -> None:
    (prompt, *_) = _section_prompts(_parse(tmp_path, _thumbnails(), "fr"))
    assert "say once where a figure comes from" in prompt
    assert "never as measured" in prompt


def test_the_instructions_cite_an_output_and_hedge_only_claudes_own_words(tmp_path: Path) -> None:
    (prompt, *_) = _section_prompts(_parse(tmp_path, _thumbnails()))
    assert "tell it from the output" in prompt
    assert "hedge only what only Claude's words say" in prompt
    assert "credit it to the run" in prompt


def test_the_instructions_say_what_was_checked_and_on_what(tmp_path: Path) -> None:
    (prompt, *_) = _section_prompts(_parse(tmp_path, _thumbnails()))
    assert "say what was checked, and on what" in prompt


# -- 7. the numbers' table ------------------------------------------------------------------------------------------


def _render(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["render", str(work), "-q"]))
    (post,) = (work / "post").glob("*/index.md")
    return post.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("language", "row"),
    [
        ("en", r"- \*\*Tokens\*\*: 44,820 \(90% read from cache\)\n"),
        ("pl", r"- \*\*Tokeny\*\*: 44\s820 \(90%\s?z pamięci podręcznej\)\n"),
        ("de", r"- \*\*Tokens\*\*: 44\.820 \(90\s?% aus dem Cache\)\n"),
    ],
)
def test_the_token_count_says_its_share_of_cache_reads(tmp_path: Path, language: str, row: str) -> None:
    post = _render(_parse(tmp_path, _thumbnails(cache_read=10_000), language))
    assert re.search(row, post), post[post.rindex("\n## ") :]


def test_the_token_count_with_few_cache_reads_is_a_plain_figure(tmp_path: Path) -> None:
    post = _render(_parse(tmp_path, _thumbnails(cache_read=0)))
    assert re.search(r"- \*\*Tokens\*\*: 4,820\n", post)  # 10% cache reads: the count alone


def test_the_credit_names_no_tool_the_reader_cannot_look_up(tmp_path: Path) -> None:
    post = _render(_parse(tmp_path, _thumbnails()))
    assert "*Figures from the session transcript.*" in post
    assert "counted by retell" not in post


# -- 8. a blank line around every fenced block ---------------------------------------------------------------------


def test_a_paragraph_right_after_a_closing_fence_is_set_apart() -> None:
    text = "Lead:\n```go\nx := 1\n```\nThe next paragraph.\n~~~text\nok\n~~~\nLast.\n"
    assert markup.fenced_blocks_apart(text) == (
        "Lead:\n\n```go\nx := 1\n```\n\nThe next paragraph.\n\n~~~text\nok\n~~~\n\nLast.\n"
    )


def test_fences_inside_a_fence_and_blocks_already_apart_are_left_as_they_are() -> None:
    text = "Text.\n\n````md\nA line\n```go\nx\n```\nafter\n````\n\nEnd.\n"
    assert markup.fenced_blocks_apart(text) == text
    listed = "- item\n  ```sh\n  ls\n  ```\n- next\n"  # a block inside a list item: the list's own lines
    assert markup.fenced_blocks_apart(listed) == listed


def test_the_rendered_post_has_a_blank_line_after_a_block_whose_marker_is_removed(tmp_path: Path) -> None:
    work = _parse(tmp_path, _thumbnails())
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    draft = (work / "draft.md").read_text(encoding="utf-8")
    body = (
        "The fix was one line:\n\n```rust\nlet h = (height + 7) / 8;\n```\n<!-- ev: e8 -->\n\n"
        "Then the tests passed.\n```text\ntest result: ok. 4 passed\n```\nAnd the timing. <!-- ev: e9 -->\n"
    )
    head, _, _ = draft.partition("\n---\n")
    (work / "draft.md").write_text(f"{head}\n---\n\n{body}", encoding="utf-8")
    ok(runner.invoke(app, ["render", str(work), "-q", "--force"]))
    (post,) = (work / "post").glob("*/index.md")
    text = post.read_text(encoding="utf-8")
    assert "let h = (height + 7) / 8;\n```\n\nThen the tests passed.\n\n```text\n" in text
    assert "test result: ok. 4 passed\n```\n\nAnd the timing." in text


def test_a_timings_figures_are_kept_beside_a_test_verdict(tmp_path: Path) -> None:
    """`time` after a test run: its real/user lines are the measurement a post quotes, never dropped for the
    test's verdict line."""
    block = _event_block(_outline_prompt(_parse(tmp_path, _thumbnails())), "e9")
    assert "test result: ok. 4 passed" in block
    assert "real\t0m21.37s" in block and "user\t2m41.02s" in block


def test_pytests_reason_for_each_failure_is_kept_never_its_traceback_frames() -> None:
    from retell.extract.tools import command_output

    output = (
        "Exit code 1\n=================================== FAILURES ===================================\n"
        "_____ test_rounds_half_up _____\n"
        "tests/test_money.py:31: in test_rounds_half_up\n    assert round_eur(2.675) == 2.68\n"
        "E   AssertionError: assert 2.67 == 2.68\n"
        "=========================== short test summary info ============================\n"
        "FAILED tests/test_money.py::test_rounds_half_up - AssertionError: assert 2.67 ...\n"
        "========================= 1 failed, 40 passed in 0.52s ========================="
    )
    shown = command_output(output, failed=True) or ""
    assert "E   AssertionError: assert 2.67 == 2.68" in shown
    assert "in test_rounds_half_up\n" not in shown and "1 failed, 40 passed" in shown


def test_a_warning_on_the_way_is_no_failures_place() -> None:
    from retell.extract.tools import _failure_places

    lines = [
        "/usr/lib/python3/site-packages/lib/generic.py:260: FutureWarning: `old` is deprecated.",
        "--- FAIL: TestShapes (0.00s)",
        "    shapes_test.go:18: shapes (3,) and (4,) not aligned",
        "FAIL",
    ]
    assert _failure_places(lines) == [2]
