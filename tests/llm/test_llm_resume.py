"""Resume without re-spending: every finished call is saved the moment it returns and reused by prompt hash;
`--force` asks again. Sections run concurrently (`--jobs`)."""

from __future__ import annotations

import threading
from pathlib import Path

import httpx2
import pytest
from llm_support import (
    Stub,
    call_kind,
    call_logs,
    error_response,
    failed,
    good_answer,
    install,
    isolate,
    make_workdir,
    ok,
    run,
    sse_response,
    standard_session,
)


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def planned(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    workdir = make_workdir(tmp_path)
    install(monkeypatch, Stub())
    ok(run("outline", workdir))
    return workdir


def _s2_fails_forever(body: dict, stub: Stub) -> httpx2.Response:
    if call_kind(body) == "section:s2":
        return error_response(500, "Internal server error")
    return good_answer(body, stub)


@pytest.mark.parametrize("jobs", ["1", "3"])
def test_a_failed_draft_resumes_without_asking_for_finished_sections(
    planned: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    first = Stub(_s2_fails_forever)
    install(monkeypatch, first)
    message = failed(run("draft", planned, "--jobs", jobs))
    assert "error 500" in message
    assert "finished calls are kept" in message
    assert sorted(first.kinds) == ["section:s1", "section:s2"]
    assert not (planned / "draft.md").exists()
    assert [log["label"] for log in call_logs(planned) if log["stage"] == "section"] == ["s1"]
    failure = next((planned / "llm").glob("section-s2-*.failed.json"))
    assert '"status": "failed"' in failure.read_text(encoding="utf-8")

    second = Stub()
    install(monkeypatch, second)
    result = ok(run("draft", planned, "--jobs", jobs))
    assert second.kinds == ["section:s2", "finish"]  # s1 is not requested again
    assert (planned / "draft.md").is_file()
    # the cost table counts s1 as cached: nothing spent on it in this run
    row = next(line for line in result.output.splitlines() if line.startswith("section "))
    assert row.split()[1:3] == ["2", "1"]

    third = Stub()
    install(monkeypatch, third)
    ok(run("draft", planned, "--force", "--jobs", jobs))
    assert sorted(third.kinds) == ["finish", "section:s1", "section:s2"]


def test_a_failed_finishing_pass_keeps_the_sections(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def finish_fails(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "finish":
            return error_response(529, "Overloaded")
        return good_answer(body, stub)

    install(monkeypatch, first := Stub(finish_fails))
    assert "overloaded" in failed(run("draft", planned))
    assert sorted(first.kinds) == ["finish", "section:s1", "section:s2"]
    install(monkeypatch, second := Stub())
    ok(run("draft", planned))
    assert second.kinds == ["finish"]


def test_a_complete_rerun_spends_nothing(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub())
    ok(run("draft", planned))
    first = (planned / "draft.md").read_text(encoding="utf-8")
    install(monkeypatch, stub := Stub())
    result = ok(run("draft", planned))
    assert stub.bodies == []
    assert (planned / "draft.md").read_text(encoding="utf-8") == first
    assert not (planned / "draft.md.bak").exists()  # nothing of the author's to keep: the draft was not edited
    # an edited draft is kept aside before it is replaced, and that copy survives later re-runs
    (planned / "draft.md").write_text(first + "\nMy own closing line.\n", encoding="utf-8")
    ok(run("draft", planned, "--force"))
    assert (planned / "draft.md.bak").read_text(encoding="utf-8").endswith("My own closing line.\n")
    ok(run("draft", planned, "--force"))
    assert (planned / "draft.md.bak").read_text(encoding="utf-8").endswith("My own closing line.\n")
    install(monkeypatch, stub := Stub())
    result = ok(run("draft", planned))
    assert "USD" in result.output
    for line in result.output.splitlines():
        if line.startswith(("section ", "finish ")):
            calls, cached, tokens_in, tokens_out = line.split()[1:5]
            assert calls == cached
            assert tokens_in == tokens_out == "0"
            assert line.split()[-1] == "0.0000"


def test_outline_answer_is_reused_when_outline_yaml_is_deleted(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    written = (planned / "outline.yaml").read_text(encoding="utf-8")
    (planned / "outline.yaml").unlink()
    (planned / "outline.yaml.bak").unlink(missing_ok=True)
    install(monkeypatch, stub := Stub())
    ok(run("outline", planned))
    assert stub.bodies == []
    assert (planned / "outline.yaml").read_text(encoding="utf-8") == written


def test_force_asks_again(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, stub := Stub())
    ok(run("outline", planned, "--force"))
    assert stub.kinds == ["outline"]


def test_a_changed_prompt_is_a_new_call(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache key is the request body: another model or other material is asked for, never served stale."""
    install(monkeypatch, Stub())
    ok(run("draft", planned))
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned, "--model", "claude-sonnet-5-5"))
    assert sorted(stub.kinds) == ["finish", "section:s1", "section:s2"]


def _concurrency(monkeypatch: pytest.MonkeyPatch, workdir: Path, jobs: str) -> int:
    """The most section calls in flight at once. Each call after the first (which goes alone: it warms the
    prompt cache the others read) is held until `jobs` are in flight or every section was sent, so the peak
    does not depend on how fast a busy machine sends them."""
    sections = 4
    changed = threading.Condition()
    state = {"now": 0, "peak": 0, "sent": 0}

    def answer(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body).startswith("section"):
            with changed:
                state["now"] += 1
                state["sent"] += 1
                state["peak"] = max(state["peak"], state["now"])
                changed.notify_all()
                # a deadline only against a hang: retell sending fewer at once than --jobs fails the assert below
                first = state["sent"] == 1
                changed.wait_for(lambda: first or state["now"] >= int(jobs) or state["sent"] == sections, timeout=60)
            with changed:
                state["now"] -= 1
        return good_answer(body, stub)

    install(monkeypatch, stub := Stub(answer))
    ok(run("draft", workdir, "--jobs", jobs, "--force"))
    assert stub.count("section") == 4
    return state["peak"]


def test_sections_are_written_concurrently_up_to_jobs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # four chapters (three compactions): four sections
    tx = standard_session(image=False)
    for n in range(2):
        tx.system("compact_boundary", compactMetadata={"trigger": "auto", "preTokens": 150_000})
        tx.user(f"Summary {n}: more work on the filter.", isCompactSummary=True)
        tx.user(f"now part {n + 3}: the tests for the filter")
        tx.assistant(f"Part {n + 3} done.")
    workdir = make_workdir(tmp_path, tx)
    install(monkeypatch, Stub())
    ok(run("outline", workdir))
    assert _concurrency(monkeypatch, workdir, "1") == 1
    assert _concurrency(monkeypatch, workdir, "3") == 3
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    # whatever order they finished in, the sections are in outline order
    positions = [draft.index(f"## Part {n}: ch{n}") for n in range(1, 5)]
    assert positions == sorted(positions)


def test_jobs_is_bounded(planned: Path) -> None:
    result = run("draft", planned, "--jobs", "0")
    assert result.exit_code == 2  # a usage error, from typer


def test_a_bad_finishing_answer_is_asked_again_alone(planned: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def prose_finish(body: dict, stub: Stub) -> httpx2.Response:
        if call_kind(body) == "finish":
            return sse_response("Here is an opening paragraph for you.", model=body["model"])
        return good_answer(body, stub)

    install(monkeypatch, Stub(prose_finish))
    assert "is not the JSON asked for" in failed(run("draft", planned))
    install(monkeypatch, stub := Stub())
    ok(run("draft", planned))
    assert stub.kinds == ["finish"]
