"""The secret guard: what the author did not clear in triage never leaves the machine.

With the default triage the session's token is redacted in every request; a secret that reaches a prompt
some other way (a --prompts-dir template, the author's story fields) aborts the run before the first request,
naming the secret's id and kind, never its value. Every assertion is on what the stub transport received.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import httpx2
import pytest
from conftest import thinking_block
from llm_support import (
    AUTHOR_ASK,
    FAKE_GITHUB_TOKEN,
    PLACEHOLDER,
    REPO_ROOT,
    SECOND_GITHUB_TOKEN,
    Stub,
    answer_text,
    call_kind,
    edit_triage,
    edit_triage_approved_by_hand,
    failed,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    outline_and_draft,
    run,
    sse_response,
    standard_session,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


def _nothing_leaked(stub: Stub, *secrets: str) -> None:
    for raw, headers in zip(stub.raw, stub.headers, strict=True):
        for secret in secrets:
            assert secret.encode() not in raw
            assert secret not in str(headers)


def _folder_holds(folder: Path, secret: str) -> list[str]:
    return [str(p) for p in folder.rglob("*") if p.is_file() and secret.encode() in p.read_bytes()]


def _guard_message(stderr: str) -> str:
    assert "not cleared in triage" in stderr, stderr
    assert "github-token" in stderr
    assert re.search(r"github-token-[0-9a-f]{6,}", stderr), stderr  # the secret's id
    assert FAKE_GITHUB_TOKEN not in stderr and SECOND_GITHUB_TOKEN not in stderr  # never the value
    return stderr


def _prompts_with(tmp_path: Path, name: str, extra: str) -> Path:
    """A --prompts-dir holding one changed copy of a shipped template."""
    folder = tmp_path / "my-prompts"
    folder.mkdir(exist_ok=True)
    text = (REPO_ROOT / "prompts" / name).read_text(encoding="utf-8")
    (folder / name).write_text(text + "\n" + extra + "\n", encoding="utf-8")
    return folder


# -- the default: redacted everywhere -----------------------------------------------------------------


def test_default_triage_redacts_the_session_token_in_every_request(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = outline_and_draft(monkeypatch, workdir)
    assert len(stub.bodies) == 4
    _nothing_leaked(stub, FAKE_GITHUB_TOKEN)
    assert PLACEHOLDER in stub.of("outline")[0]["messages"][0]["content"][0]["text"]
    assert PLACEHOLDER in stub.of("section:s1")[0]["messages"][0]["content"][0]["text"]
    # what retell keeps locally about the calls is the redacted version too
    assert _folder_holds(workdir / "llm", FAKE_GITHUB_TOKEN) == []
    assert FAKE_GITHUB_TOKEN not in (workdir / "draft.md").read_text(encoding="utf-8")


def test_replace_decision_is_what_is_sent(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit_triage(workdir, lambda doc: doc["secrets"][0].update(action="replace", replacement="<my-token>"))
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    _nothing_leaked(stub, FAKE_GITHUB_TOKEN)
    user = stub.bodies[0]["messages"][0]["content"][0]["text"]
    assert "use the token <my-token> to push" in user
    assert PLACEHOLDER not in user


def test_a_secret_the_author_chose_to_keep_is_sent(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit_triage(workdir, lambda doc: doc["secrets"][0].update(action="keep", confirm_keep=True))
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    assert FAKE_GITHUB_TOKEN in stub.bodies[0]["messages"][0]["content"][0]["text"]


# -- the guard: uncleared secrets abort before the first request --------------------------------------


def test_secret_in_a_prompts_dir_system_template_aborts_the_outline(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _prompts_with(tmp_path, "system.md.j2", f"Deploy with {SECOND_GITHUB_TOKEN} if asked.")
    stub = Stub()
    install(monkeypatch, stub)
    message = _guard_message(failed(run("outline", workdir, "--prompts-dir", folder)))
    assert "outline/plan system[0]" in message
    assert stub.bodies == []
    assert not (workdir / "outline.yaml").exists()


def test_secret_in_a_prompts_dir_outline_template_aborts(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _prompts_with(tmp_path, "outline.md.j2", f"(token for the repo: {SECOND_GITHUB_TOKEN})")
    stub = Stub()
    install(monkeypatch, stub)
    message = _guard_message(failed(run("outline", workdir, "--prompts-dir", folder)))
    assert "outline/plan user message" in message
    assert stub.bodies == []


def test_secret_in_a_prompts_dir_template_aborts_the_draft_before_any_section(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    folder = _prompts_with(tmp_path, "system.md.j2", f"Deploy with {SECOND_GITHUB_TOKEN} if asked.")
    message = _guard_message(failed(run("draft", workdir, "--prompts-dir", folder, "--jobs", "4")))
    assert "section/s1 system[0]" in message
    assert stub.kinds == ["outline"]  # not one draft request
    assert not (workdir / "draft.md").exists()


def test_secret_in_the_authors_backstory_aborts(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    edit_triage_approved_by_hand(
        workdir, lambda doc: doc["story"].update(backstory=f"Our CI token is {SECOND_GITHUB_TOKEN}.")
    )
    stub = Stub()
    install(monkeypatch, stub)
    _guard_message(failed(run("outline", workdir)))
    assert stub.bodies == []


def test_the_guard_also_covers_a_dry_run(workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing is sent by a dry run, but it must not report a plan that would be refused."""
    folder = _prompts_with(tmp_path, "system.md.j2", f"Deploy with {SECOND_GITHUB_TOKEN} if asked.")
    stub = Stub()
    install(monkeypatch, stub)
    _guard_message(failed(run("outline", workdir, "--dry-run", "--prompts-dir", folder)))
    assert stub.bodies == []


def test_a_note_file_secret_never_reaches_the_model(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    note = workdir / "notes.md"
    note.write_text(f"# Background\nThe release bot uses {SECOND_GITHUB_TOKEN} to tag.\n", encoding="utf-8")
    edit_triage_approved_by_hand(workdir, lambda doc: doc["story"]["notes"].append("notes.md"))
    stub = Stub()
    install(monkeypatch, stub)
    result = run("outline", workdir)
    _nothing_leaked(stub, SECOND_GITHUB_TOKEN, FAKE_GITHUB_TOKEN)
    if result.exit_code == 0:
        assert "## Author's note: notes.md" in stub.bodies[0]["system"][0]["text"]
        assert "The release bot uses [REDACTED:github-token] to tag." in stub.bodies[0]["system"][0]["text"]


def test_a_note_file_secret_not_cleared_in_triage_aborts(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    note = workdir / "notes.md"
    note.write_text(f"The release bot uses {SECOND_GITHUB_TOKEN} to tag.\n", encoding="utf-8")
    edit_triage_approved_by_hand(workdir, lambda doc: doc["story"]["notes"].append("notes.md"))
    stub = Stub()
    install(monkeypatch, stub)
    _guard_message(failed(run("outline", workdir)))
    assert stub.bodies == []


def test_secret_in_a_prompts_dir_section_template_aborts(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    folder = _prompts_with(tmp_path, "section_task.md.j2", f"(push with {SECOND_GITHUB_TOKEN})")
    _guard_message(failed(run("draft", workdir, "--prompts-dir", folder)))
    assert stub.kinds == ["outline"]


def test_a_secret_edited_into_outline_yaml_is_stopped_before_anything_is_sent(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stub = Stub()
    install(monkeypatch, stub)
    ok(run("outline", workdir))
    path = workdir / "outline.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^hook: .*$", f"hook: We pushed with {SECOND_GITHUB_TOKEN} and it broke.", text, flags=re.M)
    path.write_text(text, encoding="utf-8")
    result = run("draft", workdir)
    _nothing_leaked(stub, SECOND_GITHUB_TOKEN)
    if result.exit_code == 0:  # redacted consistently: fine
        assert all(PLACEHOLDER in b["system"][1]["text"] for b in stub.bodies[1:])
    else:  # or refused: then before the first draft request
        _guard_message(failed(result))
        assert stub.kinds == ["outline"]


def test_guard_failure_leaves_the_work_folder_resumable(
    workdir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _prompts_with(tmp_path, "system.md.j2", f"Deploy with {SECOND_GITHUB_TOKEN} if asked.")
    stub = Stub()
    install(monkeypatch, stub)
    # (the cleared view the gate kept is a cache of what the author approved, not a stage's output)
    before = sorted(p.name for p in workdir.iterdir() if p.name != "cleared-view.json")
    failed(run("outline", workdir, "--prompts-dir", folder))
    assert sorted(p.name for p in workdir.iterdir() if p.name != "cleared-view.json") == before
    shutil.rmtree(folder)
    ok(run("outline", workdir))
    assert stub.kinds == ["outline"]


def test_a_secret_shaped_string_in_a_model_answer_does_not_wedge_the_draft(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    email = "jana.dvorak" + "@acme-corp.io"

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "section:s1":
            return sse_response(f"I wrote to the maintainer at {email} about the filter.", model=body["model"])
        return good_answer(body, stub)

    install(monkeypatch, stub := Stub(answer))
    ok(run("outline", workdir))
    ok(run("draft", workdir))
    assert stub.count("finish") == 1
    assert email not in json.dumps(stub.of("finish")[0])


# -- what the author left out never leaves either -----------------------------------------------------


def test_an_excluded_chapter_thinking_and_image_are_never_sent(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tx = standard_session()
    tx.assistant(thinking_block("PRIVATE-THOUGHT: maybe the reducer is cursed"), "Checking the reducer.")
    workdir = make_workdir(tmp_path, tx)

    def change(doc) -> None:  # type: ignore[no-untyped-def]
        doc["chapters"][0]["include"] = False  # ch1 holds the ask, the token and the image
        doc["images"][0]["include"] = False
        doc["post"]["title"] = "Keeping group headers"  # the default title quotes ch1's first message

    edit_triage(workdir, change)
    stub = outline_and_draft(monkeypatch, workdir)
    assert stub.count("section") == 1
    asset = next((workdir / "assets").iterdir()).name
    for raw in stub.raw:
        text = raw.decode()
        assert AUTHOR_ASK not in text
        assert asset not in text
        assert "PRIVATE-THOUGHT" not in text
        assert FAKE_GITHUB_TOKEN not in text and PLACEHOLDER not in text
    assert "## Chapter ch2:" in stub.of("outline")[0]["messages"][0]["content"][0]["text"]


# -- the guard never strands a paid run ---------------------------------------------------------------


def test_a_secret_in_the_authors_text_stops_before_anything_is_sent_naming_where(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    edit_triage_approved_by_hand(
        workdir, lambda doc: doc["story"].update(intent=f"Rotate {SECOND_GITHUB_TOKEN} afterwards.")
    )
    stub = Stub()
    install(monkeypatch, stub)
    message = _guard_message(failed(run("outline", workdir)))
    assert "triage.yaml story.intent" in message
    assert stub.bodies == []


def test_secret_shaped_model_output_is_redacted_and_reported_and_the_run_goes_on(
    workdir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model invents a password in the outline's hook and a connection string in a section: both are
    redacted where the model wrote them, reported, and the draft is written; a re-run is not stopped."""
    password = "Zq9" + "xk2pLm4Rt"
    url_password = "s3cr" + "etPw9x"

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        kind = call_kind(body)
        text = answer_text(body["messages"][0]["content"][0]["text"])
        if kind == "outline":
            plan = json.loads(text)
            plan["hook"] = f"It started with password={password} in a config file."
            text = json.dumps(plan)
        elif kind == "section:s1":
            text += f"\n\nThe app read postgres://app:{url_password}@localhost/shop at start."
        return sse_response(text, model=body["model"])

    install(monkeypatch, stub := Stub(answer))
    outline = ok(run("outline", workdir))
    assert "the outline: the model wrote 1 secret-shaped item(s) (password-assignment); redacted" in outline.output
    drafted = ok(run("draft", workdir))
    assert "section s1: the model wrote 1 secret-shaped item(s) (connection-string); redacted" in drafted.output
    assert stub.count("finish") == 1
    for name in ("outline.yaml", "draft.md"):
        text = (workdir / name).read_text(encoding="utf-8")
        assert password not in text and url_password not in text, name
    assert password not in json.dumps(stub.of("finish")[0])
    ok(run("draft", workdir, "--force"))  # the same answers again: not stopped either
