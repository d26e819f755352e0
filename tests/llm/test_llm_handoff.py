"""`--engine handoff`: every call a stage would make is a prompt file in WORKDIR/handoff/; the stage exits 75 until
each has an answer beside it, then goes on as with a model's answers. Driven through the real command line, with
answers written by the test as an answerer would (valid, invalid, stale) - docs/handoff.md is the contract."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import re
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Transcript
from llm_support import (
    AUTHOR_PIVOT,
    FAKE_GITHUB_TOKEN,
    SECOND_GITHUB_TOKEN,
    call_logs,
    edit_triage,
    edit_triage_approved_by_hand,
    isolate,
    make_workdir,
    ok,
    run,
    standard_session,
)
from model_answers import answer_text, finish_answer, outline_answer
from typer.testing import Result

from retell.write.outline_model import FINISH_JSON_SCHEMA, OUTLINE_JSON_SCHEMA

HANDOFF = "--engine", "handoff"


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


# -- the answerer's side -------------------------------------------------------------------------------


def prompts(workdir: Path) -> list[Path]:
    return sorted((workdir / "handoff").glob("*.prompt.md"))


def answer_of(prompt: Path) -> Path:
    return prompt.with_name(prompt.name.removesuffix(".prompt.md") + ".answer.md")


def pending(workdir: Path) -> list[str]:
    return [p.name.removesuffix(".prompt.md") for p in prompts(workdir) if not answer_of(p).exists()]


def part(prompt: Path, tag: str) -> str:
    """A part of a prompt file as a model reads it: <system>, <user> or <answer_format>."""
    text = prompt.read_text(encoding="utf-8")
    start = text.index(f"\n<{tag}>\n") + len(tag) + 4
    return text[start : text.index(f"\n</{tag}>\n", start)]


def write_answer(prompt: Path, text: str) -> Path:
    """As the answerer is asked to: a temporary file, then a rename."""
    target = answer_of(prompt)
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)
    return target


def answer_pending(workdir: Path, change: dict[str, str] | None = None) -> list[str]:
    """Answer every pending prompt as a well-behaved model would (`change`: other text for some of them)."""
    answered = []
    for prompt in prompts(workdir):
        stem = prompt.name.removesuffix(".prompt.md")
        if answer_of(prompt).exists():
            continue
        call = stem.split("-", 1)[1]
        text = change[call] if change and call in change else answer_text(part(prompt, "user"))
        write_answer(prompt, text)
        answered.append(stem)
    return answered


def waiting(result: Result, count: int) -> str:
    """Exit 75, no traceback, and the last line says how many answers are awaited, and where."""
    assert result.exit_code == 75, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    last = result.stderr.strip().splitlines()[-1]
    noun = "answer" if count == 1 else "answers"
    assert re.match(rf"retell: waiting for {count} {noun} in \S+/handoff \(", last), last
    return result.stderr


def refused_line(stderr: str, stem: str) -> str:
    lines = [line for line in stderr.splitlines() if line.startswith("retell: error: ") and f"{stem}.answer.md" in line]
    assert len(lines) == 1, stderr
    return lines[0]


# -- outline: one structured call ---------------------------------------------------------------------


def test_outline_writes_the_whole_request_as_one_prompt_and_waits(workdir: Path) -> None:
    result = run("outline", workdir, *HANDOFF)
    stderr = waiting(result, 1)
    assert (
        stderr.strip()
        .splitlines()[-1]
        .endswith("(0001-outline-plan): write each as NNNN-….answer.md beside its prompt, then run this command again")
    )
    assert "Engine: handoff" in result.stdout
    assert not (workdir / "outline.yaml").exists()
    [prompt] = prompts(workdir)
    assert prompt.name == "0001-outline-plan.prompt.md"
    # the request as it would be sent: the system prompt, the user message, the output format with its schema
    assert part(prompt, "system").startswith("You are helping the author turn one of their Claude Code sessions")
    user = part(prompt, "user")
    assert user.startswith("Plan the post.") and AUTHOR_PIVOT in user
    schema = part(prompt, "answer_format").split("\n\n")[1]
    assert json.loads(schema) == OUTLINE_JSON_SCHEMA
    assert "`0001-outline-plan.answer.md`" in prompt.read_text(encoding="utf-8")


def test_a_prompt_holds_nothing_triage_did_not_clear(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    text = prompts(workdir)[0].read_text(encoding="utf-8")
    assert FAKE_GITHUB_TOKEN not in text
    assert "[REDACTED:github-token]" in text  # the author's message is there, the token redacted


def test_a_secret_in_the_authors_own_text_stops_before_any_prompt_is_written(workdir: Path) -> None:
    edit_triage_approved_by_hand(
        workdir, lambda doc: doc["story"].__setitem__("backstory", f"the token was {SECOND_GITHUB_TOKEN}")
    )
    result = run("outline", workdir, *HANDOFF)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "secret" in result.stderr and SECOND_GITHUB_TOKEN not in result.output
    assert prompts(workdir) == []


def test_outline_goes_on_from_a_valid_answer_and_logs_the_call(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    assert answer_pending(workdir) == ["0001-outline-plan"]
    result = ok(run("outline", workdir, *HANDOFF))
    assert "Wrote" in result.stdout and (workdir / "outline.yaml").exists()
    [log] = call_logs(workdir)
    assert log["engine"] == "handoff" and log["status"] == "ok"
    assert log["request_id"] == "handoff/0001-outline-plan.answer.md"
    assert prompts(workdir)[0].read_text(encoding="utf-8").count(log["key"]) == 1  # the hash beside the answer
    # the cost table: the call, estimated tokens, no price
    row = next(line for line in result.stdout.splitlines() if line.startswith("outline "))
    assert row.split()[1:3] == ["1", "0"] and row.split()[-1] == "-"
    assert "handoff: answered outside retell" in result.stdout
    # and a re-run asks nothing again
    ok(run("outline", workdir, *HANDOFF, "--force"))
    assert pending(workdir) == [] and len(prompts(workdir)) == 1


def _with(user: str, **change: object) -> str:
    return json.dumps({**outline_answer(user), **change})


# what the answerer wrote (from the prompt's user message), and the start of what retell says of it
BAD_OUTLINES = {
    "empty": (lambda user: "   \n", "it is empty"),
    "truncated JSON": (lambda user: _with(user)[:60], "its JSON does not parse"),
    "wrong schema": (
        lambda user: _with(user, sections=[{"heading": "Only a heading"}]),
        "its JSON does not match the schema asked for (sections[0]",
    ),
    "prose": (lambda user: "Here is my plan: four sections, starting with the bug.", "it is prose where one JSON"),
    "a secret": (
        lambda user: _with(user, hook=f"I pushed with {SECOND_GITHUB_TOKEN}."),
        "it holds 1 secret(s) not cleared in triage",
    ),
    "live markup": (
        lambda user: _with(user, hook="A <script>alert(1)</script> in a filter."),
        "it holds markup a post would run or hide: hook: line 1: raw HTML `<script>`",
    ),
    "no sections": (lambda user: _with(user, sections=[]), "the outline answer is not the JSON asked for"),
}


@pytest.mark.parametrize("kind", list(BAD_OUTLINES))
def test_a_bad_outline_answer_is_refused_by_name_and_its_prompt_stays_pending(workdir: Path, kind: str) -> None:
    make, reason = BAD_OUTLINES[kind]
    waiting(run("outline", workdir, *HANDOFF), 1)
    [prompt] = prompts(workdir)
    text = make(part(prompt, "user"))
    write_answer(prompt, text)
    stderr = waiting(run("outline", workdir, *HANDOFF), 1)
    line = refused_line(stderr, "0001-outline-plan")
    assert line.startswith(f"retell: error: {workdir / 'handoff' / '0001-outline-plan.answer.md'}: refused: {reason}")
    assert line.endswith("moved to 0001-outline-plan.refused.md; 0001-outline-plan.prompt.md waits for a new answer")
    assert SECOND_GITHUB_TOKEN not in stderr  # a secret is named by its id, never shown
    assert pending(workdir) == ["0001-outline-plan"]
    assert (workdir / "handoff" / "0001-outline-plan.refused.md").read_text(encoding="utf-8") == text
    assert not (workdir / "outline.yaml").exists()
    assert call_logs(workdir) == [] and not list((workdir / "llm").glob("*.failed.json"))
    # the same prompt, answered well this time
    answer_pending(workdir)
    ok(run("outline", workdir, *HANDOFF))
    assert (workdir / "outline.yaml").exists()


def test_a_refused_secret_is_named_by_its_line_and_a_masked_preview(workdir: Path) -> None:
    # blind53's writer could not tell which words of a long outline answer were refused from an id alone
    waiting(run("outline", workdir, *HANDOFF), 1)
    [prompt] = prompts(workdir)
    answer = json.dumps(outline_answer(part(prompt, "user")), indent=1)
    write_answer(prompt, answer.replace('"hook": "', f'"hook": "I pushed with {SECOND_GITHUB_TOKEN}. ', 1))
    line = refused_line(waiting(run("outline", workdir, *HANDOFF), 1), "0001-outline-plan")
    where = next(n for n, text in enumerate(answer.splitlines(), 1) if '"hook"' in text)
    assert f", line {where})" in line
    assert SECOND_GITHUB_TOKEN not in line and SECOND_GITHUB_TOKEN[:4] in line


def test_an_answer_in_a_code_fence_or_with_a_sentence_around_it_is_read_as_a_models_would_be(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    write_answer(
        prompts(workdir)[0], "```json\n" + json.dumps(outline_answer(part(prompts(workdir)[0], "user"))) + "\n```"
    )
    ok(run("outline", workdir, *HANDOFF))


# -- stale answers ---------------------------------------------------------------------------------


def test_an_answer_to_a_prompt_that_changed_is_never_used(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    old = prompts(workdir)[0]
    write_answer(old, json.dumps({**outline_answer(part(old, "user")), "title_options": ["The stale plan"]}))
    # the author changes what is told: the request is another one
    edit_triage(workdir, lambda doc: doc["post"].__setitem__("tone", "dry and exact"))
    stderr = waiting(run("outline", workdir, *HANDOFF), 1)
    assert pending(workdir) == ["0002-outline-plan"]
    assert f"{old}: retell no longer asks it" in stderr and "moved with its answer to" in stderr
    stale = workdir / "handoff" / "stale"
    assert sorted(p.name for p in stale.iterdir()) == ["0001-outline-plan.answer.md", "0001-outline-plan.prompt.md"]
    assert "dry and exact" in part(prompts(workdir)[0], "system")
    answer_pending(workdir)
    ok(run("outline", workdir, *HANDOFF))
    assert "The stale plan" not in (workdir / "outline.yaml").read_text(encoding="utf-8")


def test_a_prompt_file_edited_by_hand_is_asked_again_and_its_answer_not_used(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    old = prompts(workdir)[0]
    old.write_text(old.read_text(encoding="utf-8").replace("4 to 6 sections", "2 sections"), encoding="utf-8")
    write_answer(old, json.dumps(outline_answer(part(old, "user"))))
    stderr = waiting(run("outline", workdir, *HANDOFF), 1)
    assert "its prompt file was changed since retell wrote it" in stderr
    assert pending(workdir) == ["0002-outline-plan"]
    assert "4 to 6 sections" in part(prompts(workdir)[0], "user")
    assert call_logs(workdir) == []


def test_an_answer_without_its_prompt_is_named_and_moved_aside(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    orphan = workdir / "handoff" / "0007-section-s9.answer.md"
    orphan.write_text("A section nobody asked for.", encoding="utf-8")
    answer_pending(workdir)
    result = ok(run("outline", workdir, *HANDOFF))
    assert f"retell: warning: {orphan}: an answer to no prompt" in result.stderr
    assert not orphan.exists() and (workdir / "handoff" / "stale" / orphan.name).exists()
    ok(run("outline", workdir, *HANDOFF))
    assert prompts(workdir)[0].name == "0001-outline-plan.prompt.md"


def test_a_late_answer_to_a_retired_prompt_is_not_used_and_nothing_kept_is_overwritten(workdir: Path) -> None:
    waiting(run("outline", workdir, *HANDOFF), 1)
    first = prompts(workdir)[0]
    write_answer(first, "an answer to the first request")
    edit_triage(workdir, lambda doc: doc["post"].__setitem__("tone", "dry and exact"))
    waiting(run("outline", workdir, *HANDOFF), 1)  # 0001 and its answer retired
    write_answer(first, "a second answer, written late to the retired prompt")
    answer_pending(workdir)
    result = ok(run("outline", workdir, *HANDOFF))
    assert "0001-outline-plan.answer.md: an answer to no prompt" in result.stderr
    stale = workdir / "handoff" / "stale"
    assert (stale / "0001-outline-plan.answer.md").read_text(encoding="utf-8") == "an answer to the first request"
    assert (stale / "0001-outline-plan.answer.md.1").read_text(encoding="utf-8").startswith("a second answer")
    assert [log["request_id"] for log in call_logs(workdir)] == ["handoff/0002-outline-plan.answer.md"]


# -- draft: the sections, then the call that depends on them ------------------------------------------


@pytest.fixture
def planned(workdir: Path) -> Path:
    waiting(run("outline", workdir, *HANDOFF), 1)
    answer_pending(workdir)
    ok(run("outline", workdir, *HANDOFF))
    return workdir


def test_draft_asks_for_the_sections_first_and_the_finishing_call_once_they_are_answered(planned: Path) -> None:
    stderr = waiting(run("draft", planned, *HANDOFF), 2)
    assert pending(planned) == ["0002-section-s1", "0003-section-s2"]
    assert "(0002-section-s1, 0003-section-s2)" in stderr
    assert not (planned / "draft.md").exists()
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)
    assert pending(planned) == ["0004-finish-tie"]
    finish = prompts(planned)[-1]
    assert json.loads(part(finish, "answer_format").split("\n\n")[1]) == FINISH_JSON_SCHEMA
    assert "Section s2 ends with the fix in place" in part(finish, "user")  # the sections' answers, as written
    answer_pending(planned)
    result = ok(run("draft", planned, *HANDOFF))
    assert "Wrote" in result.stdout
    body = (planned / "draft.md").read_text(encoding="utf-8")
    assert "engine: handoff" in body and "It began with a timeline that hid too much." in body
    assert "Section s1 ends with the fix in place" in body
    assert {log["engine"] for log in call_logs(planned)} == {"handoff"} and len(call_logs(planned)) == 4


def test_an_answer_edited_after_it_was_read_is_read_again_and_what_was_made_from_it_asked_anew(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)  # both sections read and logged; the finishing call asked
    first_finish = prompts(planned)[-1]
    section = answer_of(next(p for p in prompts(planned) if "section-s1" in p.name))
    edited = section.read_text(encoding="utf-8").replace("Section s1 ends", "Section s1, rewritten by hand, ends")
    write_answer(section.with_name(section.name.removesuffix(".answer.md") + ".prompt.md"), edited)

    stderr = waiting(run("draft", planned, *HANDOFF), 1)
    assert f"retell: warning: {section}: edited since retell read it; read again" in stderr
    assert not first_finish.exists()  # the finishing prompt quoted the old section: retired, asked anew
    finish = prompts(planned)[-1]
    assert finish.name.startswith("0005-finish") and "rewritten by hand" in part(finish, "user")
    answer_pending(planned)
    ok(run("draft", planned, *HANDOFF))
    assert "Section s1, rewritten by hand, ends" in (planned / "draft.md").read_text(encoding="utf-8")


def _edit_answer(workdir: Path, call: str, old: str, new: str) -> Path:
    """The answerer rewrites an answer retell has already read (a phrase in it, as a temporary file and a rename)."""
    answer = answer_of(next(p for p in prompts(workdir) if call in p.name))
    text = answer.read_text(encoding="utf-8")
    assert old in text, text
    write_answer(answer.with_name(answer.name.removesuffix(".answer.md") + ".prompt.md"), text.replace(old, new))
    return answer


def test_an_outline_answer_edited_after_outline_yaml_was_made_plans_again_from_it(planned: Path) -> None:
    # outline.yaml is current: without the edit, the stage keeps it and asks nothing
    ok(run("outline", planned, *HANDOFF))
    answer = _edit_answer(planned, "outline-plan", "Part 2: ch2", "The pivot, retold")
    result = ok(run("outline", planned, *HANDOFF))
    assert f"{answer}: edited since retell read it; read again" in result.stderr
    assert "The pivot, retold" in (planned / "outline.yaml").read_text(encoding="utf-8")
    assert [log["request_id"] for log in call_logs(planned)] == ["handoff/0001-outline-plan.answer.md"]
    # read once more, it is current again: kept, with no warning
    again = ok(run("outline", planned, *HANDOFF))
    assert "edited since" not in again.stderr and "kept" in again.stdout


def test_an_outline_answer_edited_when_outline_yaml_was_edited_too_keeps_the_authors_outline(planned: Path) -> None:
    outline = planned / "outline.yaml"
    outline.write_text(outline.read_text(encoding="utf-8").replace("'Part 2: ch2'", "'My own heading'"), "utf-8")
    answer = _edit_answer(planned, "outline-plan", "Part 2: ch2", "The pivot, retold")
    result = ok(run("outline", planned, *HANDOFF))
    assert "My own heading" in outline.read_text(encoding="utf-8")
    warning = next(line for line in result.stderr.splitlines() if str(answer) in line)
    assert "you edited outline.yaml too, so it is kept" in warning and "retell outline --force" in warning


def test_a_section_answer_edited_after_the_draft_was_made_is_read_again_by_retell_run(tmp_path: Path) -> None:
    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    work = tmp_path / "R"
    args = ("run", session, "--yes", "-o", work, *HANDOFF)
    for expected in (1, 2, 1):
        waiting(run(*args), expected)
        answer_pending(work)
    ok(run(*args))
    section = _edit_answer(work, "section-s1", "Section s1 ends", "Section s1, rewritten after the post, ends")
    # the finishing call quoted the old section: asked anew, then the post is made from the edited answer
    stderr = waiting(run(*args), 1)
    assert f"{section}: edited since retell read it; read again" in stderr
    assert pending(work) == ["0005-finish-tie"]
    answer_pending(work)
    ok(run(*args))
    [post] = list((work / "post").rglob("index.md"))
    assert "Section s1, rewritten after the post, ends" in post.read_text(encoding="utf-8")
    # made from the answers as they now stand: kept, and a dry run plans no draft call
    assert "draft.md kept" in ok(run(*args)).output
    assert "draft.md was made from these very inputs and is kept" in ok(run(*args, "--dry-run")).output


def test_an_answer_read_and_left_alone_is_taken_from_the_log(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)
    stderr = waiting(run("draft", planned, *HANDOFF), 1)  # nothing edited: the finishing prompt stands
    assert "edited since" not in stderr and pending(planned) == ["0004-finish-tie"]


def test_a_dry_run_plans_without_writing_a_prompt_and_prices_nothing(planned: Path) -> None:
    result = ok(run("draft", planned, *HANDOFF, "--dry-run"))
    calls = [line.split() for line in result.stdout.splitlines() if line.startswith(("section/", "finish/"))]
    rows = {call[0]: call[-1] for call in calls}
    assert rows == {"section/s1": "-", "section/s2": "-", "finish/tie": "-"}
    total = next(line for line in result.stdout.splitlines() if line.startswith("estimated total"))
    assert total.split()[-1] == "-"
    assert pending(planned) == [] and len(prompts(planned)) == 1  # only the outline's, answered
    assert list((planned / "llm" / "dry-run").glob("section-*.prompt.md"))


def test_one_bad_section_answer_leaves_the_others_used(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned, {"section-s1": "I opened the <details> of the filter and it was empty. <!-- ev: e1 -->"})
    stderr = waiting(run("draft", planned, *HANDOFF), 1)
    line = refused_line(stderr, "0002-section-s1")
    assert "it holds markup a post would run or hide: line 1: raw HTML `<details>`" in line
    assert pending(planned) == ["0002-section-s1"]
    assert [log["label"] for log in call_logs(planned) if log["stage"] == "section"] == ["s2"]
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)
    assert pending(planned) == ["0004-finish-tie"]


def test_a_section_answer_may_carry_retells_own_markers(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    text = 'I asked Claude "why do groups vanish?" <!-- cleaned: e1 --> and it read `filter.ts`. <!-- ev: e1 e2 -->'
    answer_pending(planned, {"section-s1": text, "section-s2": "Then `<Group>` kept its header. <!-- ev: e3 -->"})
    waiting(run("draft", planned, *HANDOFF), 1)
    assert pending(planned) == ["0004-finish-tie"]


def test_a_finishing_answer_of_the_wrong_shape_is_refused(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)
    finish = prompts(planned)[-1]
    wrong = {**finish_answer(part(finish, "user")), "closing": "an extra key"}
    write_answer(finish, json.dumps(wrong))
    stderr = waiting(run("draft", planned, *HANDOFF), 1)
    assert "Additional properties are not allowed ('closing' was unexpected)" in refused_line(stderr, "0004-finish-tie")
    assert not (planned / "draft.md").exists()


def test_an_edited_outline_retires_the_prompts_made_from_the_old_one(planned: Path) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned, {"section-s2": "An answer to the old plan. <!-- ev: e1 -->"})
    outline = planned / "outline.yaml"
    outline.write_text(outline.read_text(encoding="utf-8").replace("'Part 2: ch2'", "'The pivot'"), "utf-8")
    # every section's request carries the outline: both are asked again, and the old answer is never used
    stderr = waiting(run("draft", planned, *HANDOFF), 2)
    assert pending(planned) == ["0004-section-s1", "0005-section-s2"]
    assert "0002-section-s1.prompt.md: retell no longer asks it" in stderr
    assert "0003-section-s2.prompt.md: retell no longer asks it" in stderr and "moved with its answer" in stderr
    assert "The pivot" in part(prompts(planned)[-1], "system")
    answer_pending(planned)
    waiting(run("draft", planned, *HANDOFF), 1)
    assert "An answer to the old plan" not in part(prompts(planned)[-1], "user")


# -- faults of the folder ---------------------------------------------------------------------------------


def test_a_prompt_that_cannot_be_written_is_one_line_and_nothing_half_written(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(path: Path, text: str, **_kw: object) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("retell.llm.handoff.atomic_write_text", refuse)
    result = run("outline", workdir, *HANDOFF)
    assert result.exit_code == 1 and "Traceback" not in result.output
    [line] = result.stderr.strip().splitlines()
    assert line == (
        f"retell: error: cannot write the prompt {workdir / 'handoff' / '0001-outline-plan.prompt.md'}: "
        "Permission denied"
    )
    assert prompts(workdir) == [] and not (workdir / "outline.yaml").exists()


@contextlib.contextmanager
def read_only(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The folder made read-only: by its mode, or (for root, whom modes do not stop) by failing every write or
    rename into it as the kernel would for anyone else."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield
        finally:
            folder.chmod(0o755)
        return
    real_mkstemp, real_replace = tempfile.mkstemp, Path.replace

    def mkstemp(*args: Any, **kwargs: Any) -> Any:
        if Path(kwargs.get("dir") or ".").resolve() == folder.resolve():
            raise PermissionError(errno.EACCES, "Permission denied", str(folder))
        return real_mkstemp(*args, **kwargs)

    def replace(self: Path, target: Any) -> Path:
        if folder.resolve() in (self.resolve().parent, Path(target).resolve().parent):
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real_replace(self, target)

    with monkeypatch.context() as patch:
        patch.setattr(tempfile, "mkstemp", mkstemp)
        patch.setattr(Path, "replace", replace)
        yield


def test_a_read_only_handoff_folder(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    waiting(run("draft", planned, *HANDOFF), 2)
    answer_pending(planned, {"section-s2": ""})
    folder = planned / "handoff"
    with read_only(folder, monkeypatch):
        # s1's answer is read and kept; s2's (empty) is refused but cannot be moved aside; nothing can be written
        result = run("draft", planned, *HANDOFF)
        assert result.exit_code == 75 and "Traceback" not in result.output
        line = refused_line(result.stderr, "0003-section-s2")
        assert line.endswith(
            "0003-section-s2.prompt.md waits for a new answer (it could not be moved aside: Permission denied)"
        )
        assert [log["label"] for log in call_logs(planned)] == ["plan", "s1"]
        write_answer_blocked = folder / "0003-section-s2.answer.md"
        assert write_answer_blocked.read_text(encoding="utf-8") == ""  # left as it was
    write_answer(folder / "0003-section-s2.prompt.md", "Section two, answered again. <!-- ev: e1 -->")
    with read_only(folder, monkeypatch):
        result = run("draft", planned, *HANDOFF)  # both sections answered: the finishing prompt cannot be written
        assert result.exit_code == 1 and "Traceback" not in result.output
        assert result.stderr.strip().splitlines() == [
            f"retell: error: cannot write the prompt {folder / '0004-finish-tie.prompt.md'}: Permission denied"
        ]
        assert not list(folder.glob(".*")) and not (planned / "draft.md").exists()
    waiting(run("draft", planned, *HANDOFF), 1)
    assert pending(planned) == ["0004-finish-tie"]


# -- revise ------------------------------------------------------------------------------------------------


@pytest.fixture
def drafted(planned: Path) -> Path:
    for _ in range(2):
        waiting(run("draft", planned, *HANDOFF), len(pending(planned)) or 2)
        answer_pending(planned)
    ok(run("draft", planned, *HANDOFF))
    return planned


def test_revise_through_a_handoff_answer(drafted: Path) -> None:
    before = (drafted / "draft.md").read_text(encoding="utf-8")
    waiting(run("revise", drafted, "make the opening shorter", *HANDOFF), 1)
    assert pending(drafted) == ["0005-revise-post"]
    assert (drafted / "draft.md").read_text(encoding="utf-8") == before
    answer_pending(drafted)
    result = ok(run("revise", drafted, "make the opening shorter", *HANDOFF))
    assert "Revised" in result.stdout
    assert "I revised this part as asked: make the opening shorter" in (drafted / "draft.md").read_text("utf-8")
    assert list((drafted / "revisions").iterdir())


def test_a_revise_answer_naming_a_part_not_asked_for_is_refused_and_the_draft_kept(drafted: Path) -> None:
    before = (drafted / "draft.md").read_bytes()
    waiting(run("revise", drafted, "tighten section 1", "--section", "1", *HANDOFF), 1)
    answer_pending(drafted, {"revise-s1": "=== part 2 ===\nA part nobody asked for."})
    stderr = waiting(run("revise", drafted, "tighten section 1", "--section", "1", *HANDOFF), 1)
    assert "refused: the answer has a part 2, which was not asked for" in refused_line(stderr, "0005-revise-s1")
    assert (drafted / "draft.md").read_bytes() == before


def test_the_authors_own_markup_may_come_back_in_a_revision_but_no_new_markup(drafted: Path) -> None:
    draft = drafted / "draft.md"
    mine = "Press <kbd>F5</kbd> to see the groups again."
    text = draft.read_text(encoding="utf-8")
    heading = next(line for line in text.splitlines() if line.startswith("## "))
    draft.write_text(text.replace(heading, f"{heading}\n\n{mine}", 1), encoding="utf-8")
    args = ("revise", drafted, "add a closing line", "--section", "1", *HANDOFF)
    waiting(run(*args), 1)
    [prompt] = [p for p in prompts(drafted) if "-revise-" in p.name]
    body = part(prompt, "user").split("=== part 1 ===\n", 1)[1].split("\n=== end ===", 1)[0].split("\n", 1)[1]
    write_answer(prompt, f"=== part 1 ===\n{body.strip()}\n\nAnd a <b>bold</b> close.")
    stderr = waiting(run(*args), 1)
    assert "line" in refused_line(stderr, prompt.name.removesuffix(".prompt.md")) and "`<b>`" in stderr
    assert "<kbd>" not in stderr.split("refused:", 1)[1]
    write_answer(prompt, f"=== part 1 ===\n{body.strip()}\n\nAnd a quiet close.")
    ok(run(*args))
    assert mine in draft.read_text(encoding="utf-8")


# -- retell run ------------------------------------------------------------------------------------------


def test_retell_run_goes_as_far_as_the_answers_allow_then_to_a_post(tmp_path: Path) -> None:
    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    work = tmp_path / "R"
    args = ("run", session, "--yes", "-o", work, *HANDOFF)
    stages = []
    for expected in (1, 2, 1):
        stderr = waiting(run(*args), expected)
        stages.append([line.split()[0] for line in stderr.splitlines() if not line.startswith("retell:")][-1])
        assert not (work / "post").exists()
        answer_pending(work)
    assert stages == ["outline", "draft", "draft"]
    result = ok(run(*args))
    assert result.stdout.rstrip().splitlines()[-1].startswith("Done: ")
    [post] = list((work / "post").rglob("index.md"))
    assert "Section s2 ends with the fix in place" in post.read_text(encoding="utf-8")
    assert FAKE_GITHUB_TOKEN not in post.read_text(encoding="utf-8")
    ok(run(*args))  # nothing left to answer: the draft is kept
    assert pending(work) == [] and len(prompts(work)) == 4


def test_an_answer_naming_someone_the_session_names_unflagged_is_accepted_and_kept(tmp_path: Path) -> None:
    """blind41's drafter had an outline refused twice for "found Sian's commit": the session's own scan had not
    flagged "Sian hand-curated that…", so the prompt showed the name, and the publish gate (redact.guard) would have
    published it; the hand-off judged the answer more strictly than the gate, and the outline then wrote
    "[REDACTED:person-name]'s commit" for it. A flagged secret is still refused (test_a_bad_outline_answer_…)."""
    from retell.redact import Redactor
    from retell.triage.stage import require_approved

    tx = Transcript(cwd="/home/gethin/code/ringing-sheets")
    tx.user("please don't touch species.py, Sian hand-curated that over about three winters and I value my life")
    tx.assistant("Understood: I will leave `species.py` alone and only change the converter.")
    work = make_workdir(tmp_path, tx)
    hook = "Claude fetched and found Sian's commit `7a90c34`, which touched only `species.py`."
    triage, parsed, _ = require_approved(work)
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    assert [f.value for _, f in redactor.uncleared(hook)] == ["Sian"]  # read as a person here, not in the session
    waiting(run("outline", work, *HANDOFF), 1)
    [prompt] = prompts(work)
    write_answer(prompt, _with(part(prompt, "user"), hook=hook))
    ok(run("outline", work, *HANDOFF))
    assert "found Sian" in (work / "outline.yaml").read_text(encoding="utf-8")
