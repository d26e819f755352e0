"""What retell sends to the Messages API: system blocks and the one cache breakpoint, structured output, model
ids, max_tokens, the triage settings in every prompt, and the call log written for each request."""

from __future__ import annotations

import json
import re
from pathlib import Path

import httpx2
import jsonschema
import pytest
from llm_support import (
    AUTHOR_ASK,
    Stub,
    call_kind,
    call_logs,
    edit_triage,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    outline_and_draft,
    run,
    sse_response,
)

from retell.write.outline_model import FINISH_JSON_SCHEMA, OUTLINE_JSON_SCHEMA


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


def _cache_controls(body: dict) -> list:
    return [block.get("cache_control") for block in body["system"]]


def test_outline_request_asks_for_json_schema_output(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    assert stub.kinds == ["outline"]
    body = stub.bodies[0]
    assert stub.paths == ["/v1/messages"]
    assert body["stream"] is True
    assert body["output_config"]["format"]["type"] == "json_schema"
    assert body["output_config"]["format"]["schema"] == OUTLINE_JSON_SCHEMA
    assert body["model"] == "claude-sonnet-5-5"  # the table's outline default
    # thinking counts against max_tokens: the plan's 8,000 tokens plus sonnet 5.5's thinking reserve (models.yaml)
    assert body["max_tokens"] == 8000 + 16000
    assert [m["role"] for m in body["messages"]] == ["user"]
    assert all(block["type"] == "text" for block in body["system"])
    # one call, nothing to reuse: no breakpoint is needed, and there must never be more than one
    assert sum(c is not None for c in _cache_controls(body)) <= 1
    # the chapters told are in the prompt, by id and with the author's words
    assert "## Chapter ch1:" in body["messages"][0]["content"][0]["text"]
    assert "## Chapter ch2:" in body["messages"][0]["content"][0]["text"]
    assert AUTHOR_ASK in body["messages"][0]["content"][0]["text"]


@pytest.mark.parametrize("schema", [OUTLINE_JSON_SCHEMA, FINISH_JSON_SCHEMA], ids=["outline", "finish"])
def test_json_schemas_fit_the_structured_output_subset(schema: dict) -> None:
    """Structured outputs need every object closed (additionalProperties: false) with every property required."""
    jsonschema.Draft202012Validator.check_schema(schema)

    def walk(node: dict, where: str) -> None:
        if node.get("type") == "object":
            assert node.get("additionalProperties") is False, where
            assert sorted(node["required"]) == sorted(node["properties"]), where
            for key, child in node["properties"].items():
                walk(child, f"{where}.{key}")
        if node.get("type") == "array":
            walk(node["items"], f"{where}[]")

    walk(schema, "$")


def test_section_and_finish_requests_put_one_breakpoint_after_the_outline(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    assert stub.count("outline") == 1
    assert stub.count("section") == 2
    assert stub.count("finish") == 1
    sections = stub.of("section:s1") + stub.of("section:s2")
    first_system = None
    for body in sections:
        controls = _cache_controls(body)
        assert controls == [None, {"type": "ephemeral"}], controls  # exactly one, on the last (outline) block
        assert body["system"][1]["text"].startswith("# The outline of the whole post")
        assert "Part 1: ch1" in body["system"][1]["text"]  # the outline's headings
        # the stable prefix (instructions + outline) is byte-identical in every call: it can be cached
        first_system = first_system or body["system"]
        assert body["system"] == first_system
        # per-section material comes after the breakpoint, in the user message
        assert "cache_control" not in json.dumps(body["messages"])
    assert "output_config" not in stub.of("section:s1")[0]
    finish = stub.of("finish")[0]
    assert finish["output_config"]["format"]["type"] == "json_schema"
    assert finish["output_config"]["format"]["schema"] == FINISH_JSON_SCHEMA
    assert finish["max_tokens"] == 3000 + 8000  # its JSON, plus opus 5.5's thinking reserve
    # JSON output can read no entry the sections wrote, and nothing reads one of its own: no breakpoint,
    # the same instructions and outline
    assert _cache_controls(finish) == [None, None]
    assert [b["text"] for b in finish["system"]] == [b["text"] for b in first_system]
    # the outline call's instructions are the same text as the draft calls' first block
    assert stub.of("outline")[0]["system"][0]["text"] == first_system[0]["text"]


def test_section_requests_carry_their_own_material_and_the_word_budget(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    s1, s2 = stub.of("section:s1")[0], stub.of("section:s2")[0]
    u1, u2 = s1["messages"][0]["content"][0]["text"], s2["messages"][0]["content"][0]["text"]
    assert AUTHOR_ASK in u1 and AUTHOR_ASK not in u2  # s1 is chapter 1, s2 chapter 2
    assert "keep the group headers visible" in u2
    # medium post (1,800-2,500 words) over two sections was 913 words each, but no section is asked for more
    # than half its material, and these hold a few lines: the post's sections take the least a post is given, 150
    # words, 75 each (material round 63: one length, the same in every prompt). max_tokens is the text's budget
    # (words * 1.6 * 1.5 + 500) plus opus 5.5's thinking reserve of 8,000
    assert "60 to 75 words: its share of the 150 the post's 2 sections take together" in u1
    assert s1["max_tokens"] == s2["max_tokens"] == int(75 * 1.6 * 1.5) + 500 + 8000
    # the image is offered to the section the outline placed it in, as assets/<file>
    assert "](assets/" in u1
    assert "](assets/" not in u2
    # the chapter-2 bridge (Claude Code's compaction summary) is in its material, with an id to cite and framed
    # as Claude Code's, not the author's
    assert "groups vanish" in u2
    assert re.search(r"^\[e\d+\] CLAUDE CODE'S SUMMARY, written by Claude Code when it compacted its context", u2, re.M)
    assert "Previously" not in u2


def test_draft_md_references_images_as_assets(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    outline_and_draft(monkeypatch, workdir)
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    images = [line for line in draft.splitlines() if line.startswith("![")]
    assert len(images) == 1
    asset = images[0].split("](assets/")[1].rstrip(")")
    assert (workdir / "assets" / asset).is_file()
    assert draft.startswith("---\ntitle: Hiding items, not groups\n")
    assert "## Part 1: ch1" in draft and "## Part 2: ch2" in draft
    assert "It began with a timeline that hid too much." in draft  # the finishing pass's opening
    assert "Then came part s2. In section s2" in draft  # s2 opens from s1 in its own first paragraph
    assert draft.rstrip().endswith("The filter now hides items and keeps the groups.")


def test_model_defaults_per_stage(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    assert {b["model"] for b in stub.of("outline")} == {"claude-sonnet-5-5"}
    assert {b["model"] for b in stub.bodies if b not in stub.of("outline")} == {"claude-opus-5-5"}
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    assert "\nmodel: claude-opus-5-5\n" in draft


def test_retell_model_env_sets_every_stage(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RETELL_MODEL", "claude-haiku-5-5")
    stub = outline_and_draft(monkeypatch, workdir)
    assert {b["model"] for b in stub.bodies} == {"claude-haiku-5-5"}


def test_model_option_beats_retell_model(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RETELL_MODEL", "claude-haiku-5-5")
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir, "--model", "claude-sonnet-4-6"))
    ok(run("draft", workdir, "--model", "claude-opus-4-7"))
    assert [b["model"] for b in stub.bodies] == ["claude-sonnet-4-6"] + ["claude-opus-4-7"] * 3


def test_user_models_yaml_changes_the_defaults(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / "xdg" / "retell" / "models.yaml"
    user.parent.mkdir(parents=True)
    user.write_text("defaults:\n  outline: claude-haiku-5-5\n  draft: claude-sonnet-5-5\n", encoding="utf-8")
    stub = outline_and_draft(monkeypatch, workdir)
    assert [b["model"] for b in stub.bodies] == ["claude-haiku-5-5"] + ["claude-sonnet-5-5"] * 3


def test_triage_settings_shape_every_prompt(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def change(doc) -> None:  # type: ignore[no-untyped-def]
        doc["post"]["audience"] = "embedded Rust developers"
        doc["post"]["tone"] = "dry and precise"
        doc["post"]["length"] = "short"
        doc["post"]["language"] = "de"
        doc["post"]["voice"] = "third-person"
        doc["story"]["angle"] = "decision"
        doc["story"]["backstory"] = "The timeline is our release dashboard."
        doc["story"]["intent"] = "Hide noise without losing the structure."

    edit_triage(workdir, change)
    stub = outline_and_draft(monkeypatch, workdir)
    assert len(stub.bodies) == 4
    for body in stub.bodies:
        system = body["system"][0]["text"]
        assert "Audience: embedded Rust developers" in system
        assert "Tone: dry and precise" in system
        assert "Length: short: 800 to 1,200 words in all." in system
        assert "write in German" in system
        assert "third person" in system
        assert "Angle: decision" in system and "why one approach won over another" in system
        assert "The timeline is our release dashboard." in system
        assert "Hide noise without losing the structure." in system
    # short post, two sections: the material holds a few lines, so the sections take the least a post is given
    assert (
        "60 to 75 words: its share of the 150 the post's 2 sections"
        in stub.of("section:s1")[0]["messages"][0]["content"][0]["text"]
    )


def test_every_call_is_logged_with_prompt_response_usage_and_request_id(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    logs = call_logs(workdir)
    assert sorted(log["stage"] for log in logs) == ["finish", "outline", "section", "section"]
    sent = {json.dumps(b["system"], sort_keys=True) + json.dumps(b["messages"], sort_keys=True) for b in stub.bodies}
    for log in logs:
        assert log["schema_version"] == 1
        assert log["status"] == "ok"
        assert log["engine"] == "anthropic"
        assert log["model"] in ("claude-sonnet-5-5", "claude-opus-5-5")
        assert log["template"].endswith(".md.j2")
        assert all(len(part) == 12 for part in log["template_hash"].split("+"))
        assert log["request_id"].startswith("req_")
        assert log["usage"] == {
            "input_tokens": 100,
            "output_tokens": 42,
            "cache_read_input_tokens": 50,
            "cache_creation_input_tokens": 20,
        }
        assert log["response"]["stop_reason"] == "end_turn"
        assert log["response"]["text"]
        assert isinstance(log["seconds"], (int, float))
        assert log["finished_at"].endswith("Z")
        # the logged request is exactly what went over the wire (minus the SDK's `stream: true`)
        wire = json.dumps(log["request"]["system"], sort_keys=True) + json.dumps(
            log["request"]["messages"], sort_keys=True
        )
        assert wire in sent
    prompts = sorted((workdir / "llm").glob("*.prompt.md"))
    assert len(prompts) == 4
    section = next(p for p in prompts if p.name.startswith("section-s1-")).read_text(encoding="utf-8")
    assert "# system[1]  (cache breakpoint after this block)" in section
    assert "# user\n\nWrite section s1" in section


def test_logged_template_names_and_hashes_follow_the_files(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    outline_and_draft(monkeypatch, workdir)
    prompts_dir = Path(__file__).resolve().parents[2] / "prompts"

    def digest(name: str) -> str:
        return hashlib.sha256((prompts_dir / name).read_bytes()).hexdigest()[:12]

    by_stage = {log["stage"]: log for log in call_logs(workdir)}
    assert by_stage["outline"]["template"] == "system.md.j2+outline.md.j2"
    assert by_stage["outline"]["template_hash"] == f"{digest('system.md.j2')}+{digest('outline.md.j2')}"
    assert by_stage["section"]["template"] == "system.md.j2+outline_context.md.j2+section_task.md.j2"
    assert by_stage["section"]["template_hash"] == "+".join(
        digest(n) for n in ("system.md.j2", "outline_context.md.j2", "section_task.md.j2")
    )
    assert by_stage["finish"]["template"] == "system.md.j2+outline_context.md.j2+finish_task.md.j2"


def test_a_heading_the_model_adds_is_dropped(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s2":
            return sse_response("## Part 2: the fix\n\nThe headers stayed where they were.", model=body["model"])
        return good_answer(body, stub)

    outline_and_draft(monkeypatch, workdir, Stub(answer))
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    assert "## Part 2: the fix" not in draft
    assert "## Part 2: ch2\n\nThe headers stayed where they were." in draft


def test_an_image_the_model_leaves_out_is_not_lost_silently(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s1":
            return sse_response("The first part, told without the screenshot.", model=body["model"])
        return good_answer(body, stub)

    install(monkeypatch, Stub(answer))
    ok(run("outline", workdir))
    result = ok(run("draft", workdir))
    asset = next((workdir / "assets").iterdir()).name
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    assert f"](assets/{asset})" in draft or asset in result.output + result.stderr
