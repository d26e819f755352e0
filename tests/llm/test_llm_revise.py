"""`retell revise` through the real CLI, against the loopback stub of the Messages API (tests/stubapi.py) and a
fake `claude`: what the author did by hand survives byte for byte, every revision can be undone exactly, a
secret in the instruction never leaves, a repeated revision costs nothing, model text is made inert, and a
fault leaves draft.md as it was with nothing cached."""

from __future__ import annotations

import json
import re
import shutil
import threading
from pathlib import Path

import pytest
from conftest import assert_clean_error
from llm_support import (
    AUTHOR_ASK,
    AUTHOR_PIVOT,
    FAKE_GITHUB_TOKEN,
    call_logs,
    edit_triage,
    fake_claude,
    fake_claude_calls,
    isolate,
    make_workdir,
    ok,
    run,
)
from model_answers import revise_parts
from stubapi import Hold, StubAPI, answer, cut_off, refusal

import retell.llm.engines
from retell.errors import LLMError
from retell.redact import Redactor
from retell.secrets import Scanner
from retell.write.draftfile import DraftFile
from retell.write.revise import read_answer, revised_part

SECRET_LINE = f"the deploy token is {FAKE_GITHUB_TOKEN}"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)
    monkeypatch.setattr(retell.llm.engines, "RETRY_BASE_DELAY", 0.005)


@pytest.fixture
def drafted(tmp_path: Path, stub_api: StubAPI) -> Path:
    """A work folder with outline.yaml and draft.md written by a well-behaved model (the stub), which then
    forgets what it received. Drafted once per test session; each test gets a copy."""
    pristine = tmp_path.parent / "_revise_drafted"
    workdir = tmp_path / "W"
    if not pristine.is_dir():
        made = make_workdir(tmp_path, name="drafting")
        ok(run("outline", made))
        ok(run("draft", made))
        staging = tmp_path.parent / f"_revise_drafted.{id(made)}.tmp"
        shutil.copytree(made, staging)
        staging.rename(pristine)
    shutil.copytree(pristine, workdir)
    stub_api.reset()
    return workdir


def draft_of(workdir: Path) -> bytes:
    return (workdir / "draft.md").read_bytes()


def parts(data: bytes) -> dict[str, str]:
    """draft.md cut into its front matter and its parts, each as its exact text (heading line included)."""
    draft = DraftFile.parse(data.decode("utf-8"))
    out = {"front matter": draft.front_matter()}
    for part in draft.parts:
        out[part.label] = "".join(draft.lines[part.start : part.end])
    return out


def hand_edit(workdir: Path, old: str, new: str) -> bytes:
    text = draft_of(workdir).decode("utf-8")
    assert old in text, old
    data = text.replace(old, new, 1).encode("utf-8")
    (workdir / "draft.md").write_bytes(data)
    return data


def revise_requests(stub: StubAPI) -> list[str]:
    return [got.body["messages"][0]["content"][0]["text"] for got in stub.of("revise")]


# -- what is kept byte for byte ----------------------------------------------------------------------------


def test_untouched_sections_and_the_authors_hand_edits_survive_byte_for_byte(drafted: Path, stub_api: StubAPI) -> None:
    # The author edits section 1 (not revised), writes a paragraph of their own between the sections, and edits
    # the section to revise, with markup of their own (raw HTML is theirs to publish).
    hand_edit(drafted, "it found the cause quickly.", "it found the cause in ten minutes, to my surprise.")
    hand_edit(drafted, "## Part 2", "A note of mine between the sections.\n\n## Part 2")
    before = hand_edit(
        drafted,
        "Section s2 ends with the fix in place",
        "I pressed <kbd>Ctrl</kbd>+<kbd>S</kbd> and watched it.\n\nSection s2 ends with the fix in place",
    )
    out = ok(run("revise", drafted, "make it more concrete", "--section", "2")).output
    after = draft_of(drafted)
    old, new = parts(before), parts(after)
    assert new["front matter"] == old["front matter"]
    assert new["opening"] == old["opening"]
    assert new["s1"] == old["s1"]  # the hand edit in section 1 and the author's paragraph after it, as they were
    assert "A note of mine between the sections." in new["s1"]
    assert new["s2"] != old["s2"]
    # The hand-edited text was the base of the revision: it was sent, and the author's own line came back
    # (the model kept it) exactly as they wrote it, HTML and all.
    (sent,) = revise_requests(stub_api)
    assert "<kbd>Ctrl</kbd>+<kbd>S</kbd>" in sent and "ten minutes" not in sent  # only the section asked for
    assert "I pressed <kbd>Ctrl</kbd>+<kbd>S</kbd> and watched it.\n" in new["s2"]
    assert "I revised this part as asked: make it more concrete" in new["s2"]
    assert after.startswith(before[: before.index(b"## Part 2")])  # every byte before the section, unchanged
    assert "Revised section 2" in out and "revision 0001" in out


def test_the_whole_post_is_sent_and_only_the_parts_the_model_returns_change(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    ok(run("revise", drafted, "shorten the opening"))
    (sent,) = revise_requests(stub_api)
    assert sorted(revise_parts(sent)) == [0, 1, 2]  # every part went out
    assert "Return only the parts the instruction asks you to change" in sent
    old, new = parts(before), parts(draft_of(drafted))
    assert new["opening"] != old["opening"]  # the stub returns part 0 only
    assert {k: v for k, v in new.items() if k != "opening"} == {k: v for k, v in old.items() if k != "opening"}


def test_a_new_heading_replaces_the_old_one_and_nothing_else_moves(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    renamed = "=== part 1 ===\n## Where the groups went\n\nThe groups vanished. <!-- ev: e1 -->"
    stub_api.script("revise", answer(renamed))
    ok(run("revise", drafted, "a more telling heading", "--heading", "part 1: CH1"))
    new, old = parts(draft_of(drafted)), parts(before)
    assert new["s1"].startswith("## Where the groups went\n\nThe groups vanished. <!-- ev: e1 -->\n")
    assert new["s2"] == old["s2"] and new["opening"] == old["opening"]


def test_each_section_is_revised_with_the_material_it_was_written_from(drafted: Path, stub_api: StubAPI) -> None:
    """By its heading in the outline; renamed, by its place while draft.md has the outline's sections; added by
    the author, by the chapters of the events it cites; else with no session material."""
    hand_edit(drafted, "## Part 2: ch2", "## The pivot")
    ok(run("revise", drafted, "tighten it", "--heading", "the pivot"))
    (sent,) = revise_requests(stub_api)
    assert "(outline section s2:" in sent and AUTHOR_PIVOT in sent and AUTHOR_ASK not in sent
    (drafted / "draft.md").write_bytes(
        draft_of(drafted) + b"\n## Afterword\n\nWhat I took from it. <!-- ev: e1 -->\n\n## Credits\n\nThanks.\n"
    )
    stub_api.reset()
    ok(run("revise", drafted, "tighten it", "--section", "3"))
    (sent,) = revise_requests(stub_api)
    assert "(outline section" not in sent and AUTHOR_ASK in sent and AUTHOR_PIVOT not in sent
    stub_api.reset()
    ok(run("revise", drafted, "tighten it", "--section", "4"))
    (sent,) = revise_requests(stub_api)
    assert "Material from the session" not in sent


# -- undo --------------------------------------------------------------------------------------------------


def test_undo_restores_the_previous_draft_exactly_and_walks_back(drafted: Path, stub_api: StubAPI) -> None:
    original = hand_edit(drafted, "It began", "It all began")  # hand edits before a revision are kept too
    ok(run("revise", drafted, "first change", "--section", "1"))
    once = draft_of(drafted)
    ok(run("revise", drafted, "second change", "--section", "2"))
    assert draft_of(drafted) != once
    out = ok(run("revise", drafted, "--undo")).output
    assert "Undid revision 0002 (“second change”)" in out
    assert draft_of(drafted) == once
    out = ok(run("revise", drafted, "--undo")).output
    assert "Undid revision 0001 (“first change”)" in out
    assert draft_of(drafted) == original
    message = assert_clean_error(run("revise", drafted, "--undo"))
    assert "nothing to undo" in message
    assert draft_of(drafted) == original
    # every revision is still kept, marked undone
    for name in ("0001", "0002"):
        folder = drafted / "revisions" / name
        assert {p.name for p in folder.iterdir()} == {"before.md", "after.md", "revision.json", "undone.json"}
    assert (drafted / "revisions" / "0001" / "before.md").read_bytes() == original


def test_undo_never_silently_loses_an_edit_made_after_the_revision(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    ok(run("revise", drafted, "tighten it", "--section", "2"))
    edited = hand_edit(drafted, "It began", "Later, by hand: it began")
    message = assert_clean_error(run("revise", drafted, "--undo"))
    assert "edited after revision 0001" in message and "--undo --force" in message
    assert draft_of(drafted) == edited  # refused: nothing changed
    out = ok(run("revise", drafted, "--undo", "--force")).output
    assert draft_of(drafted) == before
    replaced = drafted / "revisions" / "0001" / "replaced.md"
    assert replaced.read_bytes() == edited and str(replaced) in out


def test_undo_walks_back_over_an_edit_made_between_two_revisions(drafted: Path, stub_api: StubAPI) -> None:
    """An edit made between two revisions is kept in the second one's before.md: going back past it loses
    nothing, and --undo says where it is."""
    original = draft_of(drafted)
    ok(run("revise", drafted, "first change", "--section", "1"))
    edited = hand_edit(drafted, "It began", "By hand: it began")
    ok(run("revise", drafted, "second change", "--section", "2"))
    ok(run("revise", drafted, "--undo"))
    assert draft_of(drafted) == edited
    out = ok(run("revise", drafted, "--undo")).output
    assert "Undid revision 0001" in out and "revisions/0002/before.md" in out
    assert draft_of(drafted) == original
    assert (drafted / "revisions" / "0002" / "before.md").read_bytes() == edited


def test_a_revision_record_names_the_instruction_parts_engine_model_and_call(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    ok(run("revise", drafted, "say when it happened", "--section", "2", "--model", "claude-sonnet-5-5"))
    folder = drafted / "revisions" / "0001"
    record = json.loads((folder / "revision.json").read_text(encoding="utf-8"))
    assert record["instruction"] == "say when it happened"
    assert record["parts"] == [{"part": 2, "heading": "## Part 2: ch2", "changed": True}]
    assert (record["engine"], record["model"]) == ("anthropic", "claude-sonnet-5-5")
    (call,) = record["calls"]
    assert (drafted / call["log"]).is_file() and call["request_id"] and call["cached"] is False
    assert (folder / "before.md").read_bytes() == before
    assert (folder / "after.md").read_bytes() == draft_of(drafted)


# -- the guard, the cache, the plan ------------------------------------------------------------------------


def test_a_secret_in_the_instruction_stops_the_call_before_anything_is_sent(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    message = assert_clean_error(run("revise", drafted, f"mention that {SECRET_LINE}", "--section", "1"))
    assert "your instruction holds 1 secret" in message and "github-token" in message
    assert FAKE_GITHUB_TOKEN not in message  # named by its id, never shown
    assert stub_api.received == []  # not even a token count
    assert draft_of(drafted) == before and not (drafted / "revisions").exists()


def test_a_secret_in_the_section_to_revise_stops_the_call_naming_its_lines(drafted: Path, stub_api: StubAPI) -> None:
    hand_edit(drafted, "Then came part s2.", f"Then came part s2. {SECRET_LINE}")
    message = assert_clean_error(run("revise", drafted, "tighten it", "--section", "2"))
    line = next(n for n, text in enumerate(draft_of(drafted).decode().split("\n"), 1) if SECRET_LINE in text)
    assert f"draft.md line {line} (section 2" in message and "github-token" in message
    assert FAKE_GITHUB_TOKEN not in message
    assert stub_api.received == []


def test_a_second_identical_revision_is_answered_from_the_cache(drafted: Path, stub_api: StubAPI) -> None:
    ok(run("revise", drafted, "tighten it", "--section", "2"))
    first = draft_of(drafted)
    ok(run("revise", drafted, "--undo"))
    out = ok(run("revise", drafted, "tighten it", "--section", "2")).output
    assert len(stub_api.of("revise")) == 1  # the second was never sent
    assert draft_of(drafted) == first
    row = next(line.split() for line in out.splitlines() if line.startswith("revise "))
    assert row[1:3] == ["1", "1"] and row[-1] == "0.0000"  # one call, cached, nothing spent
    ok(run("revise", drafted, "--undo"))
    ok(run("revise", drafted, "tighten it", "--section", "2", "--force"))  # --force asks again
    assert len(stub_api.of("revise")) == 2


def test_a_revision_reads_the_prompt_cache_the_draft_wrote(tmp_path: Path, stub_api: StubAPI) -> None:
    workdir = make_workdir(tmp_path)
    ok(run("outline", workdir))
    ok(run("draft", workdir, "--jobs", "1"))
    written = stub_api.of("section")[0].cache_write
    ok(run("revise", workdir, "tighten it", "--section", "1"))
    (got,) = stub_api.of("revise")
    assert written > 0 and got.cache_read == written and got.cache_write == 0


def test_dry_run_writes_the_prompt_and_the_plan_and_sends_nothing(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    out = ok(run("revise", drafted, "tighten it", "--section", "2", "--dry-run")).output
    assert "revise/s2" in out and "estimated total" in out
    prompt = (drafted / "llm" / "dry-run" / "revise-s2.prompt.md").read_text(encoding="utf-8")
    assert "<instruction>\ntighten it\n</instruction>" in prompt and "(cache breakpoint after this block)" in prompt
    assert stub_api.calls == []
    assert draft_of(drafted) == before and not (drafted / "revisions").exists()


def test_max_cost_refuses_a_revision_above_it(drafted: Path, stub_api: StubAPI) -> None:
    message = assert_clean_error(run("revise", drafted, "tighten it", "--max-cost", "0.0001"))
    assert "above --max-cost" in message and "nothing was sent" in message
    assert stub_api.calls == []


# -- what the model writes ---------------------------------------------------------------------------------


def test_the_revised_section_is_processed_as_a_drafted_one(drafted: Path, stub_api: StubAPI) -> None:
    edit_triage(drafted, lambda doc: None)  # approved as it is
    stub_api.script(
        "revise",
        answer(
            "=== part 1 ===\n"
            "It ran <script>alert(1)</script> and {{ site.title }} [here](javascript:alert(1)). <!-- ev: e1 -->\n\n"
            f"The model made up {FAKE_GITHUB_TOKEN} on its own. <!-- ev: e1 -->\n\n"
            "![not chosen](assets/0123456789abcdef.png)\n"
        ),
    )
    before = parts(draft_of(drafted))["s1"]
    result = ok(run("revise", drafted, "liven it up", "--section", "1"))
    section = parts(draft_of(drafted))["s1"]
    assert "\\<script>alert(1)\\</script>" in section and "<script>" not in section.replace("\\<script>", "")
    assert "\\{\\{ site.title \\}\\}" in section and "`[here](javascript:alert(1))`" in section  # shown as code
    assert FAKE_GITHUB_TOKEN not in section and "[REDACTED:github-token]" in section
    assert "section 1 “Part 1: ch1”: the model wrote 1 secret-shaped item(s) (github-token); redacted" in result.stderr
    assert "<!-- ev: e1 -->" in section  # citations are kept
    assert "!\\[not chosen](assets/0123456789abcdef.png)" in section  # an image not included: text
    # the section's images were left out by the model: added back, with a warning
    for image in [line for line in before.splitlines() if line.startswith("![")]:
        assert image in section
    assert "left out image" in result.stderr


def test_the_check_after_a_revision_counts_what_is_outside_the_revised_lines_as_it_is(
    drafted: Path, stub_api: StubAPI
) -> None:
    """Issue 27: "(7 more outside the revised lines)" when none was listed and 7 is all there is."""
    hand_edit(drafted, "it found the cause quickly.", "it said “the cache was poisoned by a cron job”.")
    stub_api.script("revise", answer("=== part 2 ===\nThe group headers stay. <!-- ev: e10 -->\n"))
    out = ok(run("revise", drafted, "make it plainer", "--section", "2")).output
    summary = next(line for line in out.splitlines() if line.startswith("Check: "))
    problems = sum(int(n) for n in re.findall(r"(\d+) (?:untraced|contradicted)", summary))
    assert problems >= 1
    what = "it is" if problems == 1 else f"all {problems} are"
    assert f"  (none in the revised lines: {what} elsewhere in draft.md, `retell check {drafted}`)" in out
    assert "more outside the revised lines" not in out


def test_an_ok_mark_on_a_rewritten_sentence_is_dropped(drafted: Path, stub_api: StubAPI) -> None:
    hand_edit(drafted, "Then came part s2.", "Then came part s2, all 40 of them. <!-- ok -->")
    stub_api.script("revise", answer("Then came part s2, all 41 of them. <!-- ok -->\n\nThe rest."))
    result = ok(run("revise", drafted, "fix the number", "--section", "2"))
    section = parts(draft_of(drafted))["s2"]
    assert "all 41 of them." in section and "ok -->" not in section
    assert "`<!-- ok -->` mark(s) of yours" in result.stderr


# -- faults ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("replies", "said"),
    [((refusal(),), "declined"), ((cut_off(), cut_off()), "cut off")],
    ids=["refusal", "cut-off"],
)
def test_a_fault_leaves_draft_md_untouched_and_nothing_cached(
    drafted: Path, stub_api: StubAPI, replies: tuple, said: str
) -> None:
    before = draft_of(drafted)
    stub_api.script("revise", *replies)
    message = assert_clean_error(run("revise", drafted, "tighten it", "--section", "2"))
    assert said in message and "draft.md is unchanged" in message
    assert draft_of(drafted) == before and not (drafted / "revisions").exists()
    assert not [log for log in call_logs(drafted) if log["stage"] == "revise"]  # nothing cached
    assert list((drafted / "llm").glob("revise-s2-*.failed.json"))  # kept for diagnosis
    ok(run("revise", drafted, "tighten it", "--section", "2"))  # asked again, and this time it works
    assert len(stub_api.of("revise")) == len(replies) + 1


def test_an_answer_that_names_no_part_of_the_post_is_not_used(drafted: Path, stub_api: StubAPI) -> None:
    before = draft_of(drafted)
    stub_api.script("revise", answer("Here is a tighter version of the post, as you asked."))
    message = assert_clean_error(run("revise", drafted, "tighten it"))
    assert "names no part of the post" in message and "draft.md is unchanged" in message
    assert draft_of(drafted) == before


def test_an_edit_saved_while_the_model_answers_is_never_overwritten(drafted: Path, stub_api: StubAPI) -> None:
    hold = Hold()
    stub_api.script("revise", answer(hold=hold))
    saved = {}

    def save_meanwhile() -> None:
        hold.wait_arrived()  # the model has been asked and retell waits for its answer
        saved["data"] = hand_edit(drafted, "It began", "Meanwhile: it began")
        hold.release.set()

    editor = threading.Thread(target=save_meanwhile)
    editor.start()
    message = assert_clean_error(run("revise", drafted, "tighten it", "--section", "2"))
    editor.join()
    assert "changed while the model was answering" in message
    assert draft_of(drafted) == saved["data"] and not (drafted / "revisions").exists()


# -- engines -----------------------------------------------------------------------------------------------


def test_revise_with_the_claude_cli_engine(drafted: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    log = fake_claude(tmp_path, monkeypatch)
    before = parts(draft_of(drafted))
    out = ok(run("revise", drafted, "name the file", "--section", "1")).output
    assert "Engine: claude-cli" in out
    (call,) = fake_claude_calls(log)
    assert "<instruction>\nname the file\n</instruction>" in call["stdin"]
    after = parts(draft_of(drafted))
    assert "I revised this part as asked: name the file" in after["s1"]
    assert after["s2"] == before["s2"]


@pytest.mark.parametrize("engine", [["--engine", "offline"], []], ids=["--engine offline", "none set up"])
def test_offline_says_revising_needs_a_model_and_what_to_do_instead(
    drafted: Path, monkeypatch: pytest.MonkeyPatch, engine: list[str]
) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"):
        monkeypatch.delenv(name, raising=False)
    before = draft_of(drafted)
    message = assert_clean_error(run("revise", drafted, "tighten it", *engine))
    assert "revising needs a model" in message
    assert "edit" in message and "retell check" in message and "retell preview" in message
    assert draft_of(drafted) == before


# -- bad input ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["tighten it", "--section", "7"], "--section 7: draft.md has 2 `## ` section(s)"),
        (["tighten it", "--section", "-1"], "--section -1"),
        (["tighten it", "--heading", "no such heading"], "no `## ` heading of draft.md matches"),
        (["tighten it", "--heading", "part"], "matches 2 headings"),
        (["   "], "say what to change"),
        ([], "say what to change"),
        (["tighten it", "--undo"], "--undo takes no instruction"),
    ],
)
def test_bad_input_gets_one_clear_line(drafted: Path, stub_api: StubAPI, args: list[str], said: str) -> None:
    before = draft_of(drafted)
    message = assert_clean_error(run("revise", drafted, *args))
    assert said in message
    assert stub_api.received == [] and draft_of(drafted) == before


def test_no_draft_unapproved_triage_and_no_work_folder(tmp_path: Path, stub_api: StubAPI) -> None:
    workdir = make_workdir(tmp_path)
    ok(run("outline", workdir))
    stub_api.reset()
    assert "run `retell draft" in assert_clean_error(run("revise", workdir, "tighten it"))
    unapproved = make_workdir(tmp_path, name="U", approve=False)
    assert "not approved" in assert_clean_error(run("revise", unapproved, "tighten it"))
    assert "no such work folder" in assert_clean_error(run("revise", tmp_path / "nope", "--undo"))
    assert stub_api.calls == []


# -- reading an answer -------------------------------------------------------------------------------------


def test_reading_an_answer() -> None:
    assert read_answer("=== part 2 ===\nNew.\n\n=== part 0 ===\nOpen.\n=== end ===\nbye", {0, 1, 2}, True) == {
        2: "New.",
        0: "Open.",
    }
    assert read_answer("Just the text.", {3}, False) == {3: "Just the text."}  # one part asked: markers optional
    for text, said in [
        ("Just the text.", "names no part"),
        ("=== part 5 ===\nx", "not asked for"),
        ("=== part 1 ===\nx\n=== part 1 ===\ny", "twice"),
        ("=== part 1 ===\n\n=== part 2 ===\ny", "came back empty"),
    ]:
        with pytest.raises(LLMError, match=said):
            read_answer(text, {0, 1, 2}, True)


def test_what_the_model_copies_from_the_prompt_is_left_out() -> None:
    draft = DraftFile.parse("Open.\n\n## The fix\n\nOld text. <!-- ev: e3 -->\n")
    section = draft.parts[1]
    redactor = Redactor("salt", {}, Scanner())
    warnings: list[str] = []
    copied = "## The fix\n(outline section s1: How it was fixed.)\n\nNew text. <!-- ev: e3 -->"
    assert revised_part(draft, section, copied, redactor, set(), warnings) == (None, "New text. <!-- ev: e3 -->")
    renamed = revised_part(draft, section, "## How it got fixed\n\nNew text.", redactor, set(), warnings)
    assert renamed == ("## How it got fixed", "New text.")
    assert any("dropped its hidden citations" in w for w in warnings)
    assert revised_part(draft, section, "### Old text. <!-- ev: e3 -->", redactor, set(), []) == (
        None,
        "### Old text. <!-- ev: e3 -->",
    )  # a level-3 heading is the body's own
    assert revised_part(draft, section, "Old text. <!-- ev: e3 -->", redactor, set(), []) is None  # no change
