"""`retell outline`: the gate, outline.yaml written from the model's JSON, the author's edits kept across re-runs,
and an outline.yaml edited into nonsense reported line by line with nothing lost."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx2
import pytest
from llm_support import (
    Stub,
    failed,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    outline_and_draft,
    run,
    sse_response,
    user_text,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


# -- the gate ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["outline", "draft"])
def test_refuses_until_triage_is_approved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    workdir = make_workdir(tmp_path, approve=False)
    install(monkeypatch, stub := Stub())
    message = failed(run(command, workdir))
    assert "is not approved yet" in message
    assert f"retell triage {workdir} --approve" in message
    assert stub.bodies == []


@pytest.mark.parametrize("command", ["outline", "draft"])
def test_refuses_a_workdir_without_triage(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    workdir = make_workdir(tmp_path)
    (workdir / "triage.yaml").unlink()
    install(monkeypatch, stub := Stub())
    message = failed(run(command, workdir))
    assert "triage.yaml does not exist" in message
    assert "retell triage" in message
    assert stub.bodies == []


def test_refuses_a_folder_that_was_never_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty").mkdir()
    install(monkeypatch, stub := Stub())
    assert "retell parse" in failed(run("outline", tmp_path / "empty"))
    assert stub.bodies == []


def test_draft_needs_an_outline(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    assert f"run `retell outline {workdir}` first" in failed(run("draft", workdir))
    assert stub.bodies == []


# -- outline.yaml from the model's answer ------------------------------------------------------------


def test_outline_yaml_is_written_and_valid(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub())
    out = ok(run("outline", workdir)).output
    assert "Wrote" in out and "2 sections" in out
    text = (workdir / "outline.yaml").read_text(encoding="utf-8")
    assert text.startswith("# retell outline: the plan of the post.")
    assert "schema_version: 1" in text
    assert "engine: anthropic" in text and "model: claude-sonnet-5-5" in text
    assert "title: Hiding items, not groups" in text
    assert "heading: 'Part 1: ch1'" in text
    assert f"{workdir / 'outline.yaml'} is valid" in ok(run("outline", workdir, "--check")).output


def test_ids_the_model_made_up_are_dropped(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        plan = {
            "title_options": ["T"],
            "hook": "h",
            "description": "d",
            "sections": [
                {
                    "heading": "Only",
                    "chapters": ["ch1", "ch77"],
                    "purpose": "p",
                    "beats": [{"beat": "action", "treatment": "quote", "events": ["e1", "e999"], "note": "n"}],
                    "images": [{"asset": "not-in-triage.png", "caption": "c"}],
                }
            ],
            "ending": "e",
        }
        return sse_response(json.dumps(plan), model=body["model"])

    install(monkeypatch, Stub(answer))
    ok(run("outline", workdir))
    text = (workdir / "outline.yaml").read_text(encoding="utf-8")
    assert "chapters: [ch1]" in text
    assert "events: [e1]" in text
    assert "not-in-triage.png" not in text
    ok(run("outline", workdir, "--check"))


def test_json_in_a_code_fence_is_accepted(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        from llm_support import answer_text

        return sse_response("```json\n" + answer_text(user_text(body)) + "\n```", model=body["model"])

    install(monkeypatch, Stub(answer))
    ok(run("outline", workdir))
    assert (workdir / "outline.yaml").is_file()


def test_an_answer_that_is_not_the_json_asked_for(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub(lambda b, _s: sse_response("Sure! Here is a plan: first the bug...", model=b["model"])))
    message = failed(run("outline", workdir))
    assert "not the JSON asked for" in message
    log = re.search(r"\(see (\S+?)\)", message).group(1)
    assert Path(log).is_file()  # the answer is kept for a look
    assert not (workdir / "outline.yaml").exists()
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))  # the bad answer was not cached: a plain re-run asks again
    assert stub.kinds == ["outline"]


# -- the author's edits ------------------------------------------------------------------------------


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_edits_survive_a_rerun_and_the_draft_follows_them(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    path = workdir / "outline.yaml"
    _edit(path, "heading: 'Part 1: ch1'", "heading: Where the groups went  # my heading")
    _edit(path, "title: Hiding items, not groups", "title: My own title")
    edited = path.read_text(encoding="utf-8")

    out = ok(run("outline", workdir)).output
    assert "kept it (use --force to plan again)" in out
    assert path.read_text(encoding="utf-8") == edited  # byte for byte, comment included
    assert stub.kinds == ["outline"]  # nothing asked

    ok(run("draft", workdir))
    s1 = stub.of("section:s1")[0]
    assert 'Write section s1 of the post (the first of its 2 sections): "Where the groups went".' in user_text(s1)
    assert "## s1. Where the groups went" in s1["system"][1]["text"]
    assert "Title: My own title" in s1["system"][1]["text"]
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    assert "## Where the groups went" in draft
    assert "title: My own title" in draft


def test_a_deleted_section_is_not_written(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    path = workdir / "outline.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("  - id: s2")
    end = text.index("ending:")
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    ok(run("draft", workdir))
    assert stub.kinds == ["outline", "section:s1", "finish"]
    assert "Part 2" not in (workdir / "draft.md").read_text(encoding="utf-8")


def test_force_replans_and_keeps_the_edit_as_backup(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    path = workdir / "outline.yaml"
    _edit(path, "title: Hiding items, not groups", "title: My own title")
    ok(run("outline", workdir, "--force"))
    assert stub.kinds == ["outline", "outline"]
    assert "title: Hiding items, not groups" in path.read_text(encoding="utf-8")
    assert "title: My own title" in (workdir / "outline.yaml.bak").read_text(encoding="utf-8")


# -- nonsense ----------------------------------------------------------------------------------------


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if needle in line)


def test_nonsense_is_reported_with_line_numbers_and_nothing_is_lost(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    draft_before = (workdir / "draft.md").read_bytes()
    path = workdir / "outline.yaml"
    _edit(path, "    treatment: quote", "    treatment: interpretive dance")
    _edit(path, "chapters: [ch2]", "chapters: [ch9]")
    _edit(path, "ending: ", "mood: gloomy\nending: ")
    _edit(path, "heading: 'Part 2: ch2'", "heading: ''")
    broken = path.read_bytes()

    for command in (("draft", workdir), ("outline", workdir), ("outline", workdir, "--check")):
        message = failed(run(*command))
        assert "outline.yaml: 4 problems:" in message
        assert f"outline.yaml:{_line(path, 'interpretive dance')}: `sections[0].beats[0].treatment`" in message
        assert f"outline.yaml:{_line(path, '[ch9]')}: `sections[1].chapters`: 'ch9' is not a chapter" in message
        assert f"outline.yaml:{_line(path, 'mood:')}: unknown key `mood`" in message
        empty = _line(path, "heading: ''")
        assert f"outline.yaml:{empty}: `sections[1].heading` must not be empty" in message
    assert path.read_bytes() == broken  # the author's file is untouched
    assert (workdir / "draft.md").read_bytes() == draft_before
    assert len(stub.bodies) == 4  # nothing sent for a broken outline

    # fixed by hand: the draft resumes from the cache for what did not change
    _edit(path, "    treatment: interpretive dance", "    treatment: quote")
    _edit(path, "chapters: [ch9]", "chapters: [ch2]")
    _edit(path, "mood: gloomy\n", "")
    _edit(path, "heading: ''", "heading: 'Part 2: ch2'")
    ok(run("draft", workdir))
    assert len(stub.bodies) == 4


def test_invalid_yaml_points_at_the_line(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    path = workdir / "outline.yaml"
    _edit(path, "hook: ", "hook: [unclosed, list\n  oops: ")
    message = failed(run("draft", workdir))
    assert re.search(r"outline\.yaml:\d+: not valid YAML", message), message
    assert stub.kinds == ["outline"]


@pytest.mark.parametrize(
    "text",
    ["", "just a sentence\n", "- a\n- list\n", "schema_version: 1\nsections: []\ntitle: t\n"],
    ids=["empty", "scalar", "list", "no-sections"],
)
def test_outline_yaml_that_is_not_an_outline(workdir: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", workdir))
    (workdir / "outline.yaml").write_text(text, encoding="utf-8")
    message = failed(run("draft", workdir))
    assert re.search(r"outline\.yaml:\d+: ", message), message
    assert stub.kinds == ["outline"]


def test_newer_schema_version_is_refused(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub())
    ok(run("outline", workdir))
    _edit(workdir / "outline.yaml", "schema_version: 1", "schema_version: 9")
    assert "newer retell" in failed(run("draft", workdir))


def test_the_model_answer_goes_through_good_answer(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Sanity check of the helper every test relies on: one section per told chapter."""
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    response = good_answer(stub.bodies[0], stub)
    assert b"Part 2: ch2" in response.read()
