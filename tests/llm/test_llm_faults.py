"""The real CLI against a loopback stub of the streaming Messages API (tests/stubapi.py), through every fault a
real model or the real API produces: each run ends in a complete post or in a one-line error that names the call
and the fix, never a traceback, and never with a cut-off or refused answer in draft.md, outline.yaml or the call
cache; a re-run after a fault pays only for the calls that did not finish."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from llm_support import REPO_ROOT, call_logs, isolate, make_workdir, ok, run
from stubapi import (
    Hold,
    StubAPI,
    answer,
    context_full,
    cut,
    cut_off,
    overloaded,
    refusal,
    status,
    stream_error,
)

import retell.llm.engines


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)
    # in-stream faults are retried after 0.5 s, 1 s, 2 s...: a hundredth of that keeps the tests quick
    monkeypatch.setattr(retell.llm.engines, "RETRY_BASE_DELAY", 0.005)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


@pytest.fixture
def planned(workdir: Path, stub_api: StubAPI) -> Path:
    """outline.yaml written by a well-behaved stub; what it received is forgotten."""
    ok(run("outline", workdir))
    stub_api.reset()
    return workdir


def one_line_error(result) -> str:  # type: ignore[no-untyped-def]
    """Exit 1, `retell: error: ...` on one line of stderr, no traceback anywhere."""
    assert result.exit_code == 1, (result.exit_code, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output, result.output
    message = result.stderr.strip()
    assert message.startswith("retell: error: ") and "\n" not in message, message
    return message


def answers_in_cache(workdir: Path) -> dict[str, dict]:
    """The finished answers the call cache holds, by `stage/label`."""
    return {f"{log['stage']}/{log['label']}": log for log in call_logs(workdir)}


def assert_nothing_unfinished_kept(workdir: Path) -> None:
    for log in call_logs(workdir):
        assert log["response"]["stop_reason"] == "end_turn", log["label"]
    assert not list(workdir.rglob(".*.tmp")), "a half-written file was left behind"


def draft_body(workdir: Path) -> str:
    return (workdir / "draft.md").read_text(encoding="utf-8")


# -- a normal run: the cache is warmed by the first section and read by the others -------------------


def test_sections_after_the_first_go_out_once_it_answered_and_read_its_cache(
    workdir: Path, stub_api: StubAPI, tmp_path: Path
) -> None:
    ok(run("outline", workdir))
    stub_api.reset()
    stub_api.latency = 0.3  # a model takes a moment to begin: calls sent together would each write the cache
    out = ok(run("draft", workdir, "--jobs", "3")).output
    first, second = stub_api.of("section")
    assert first.finished and second.finished  # both answered in full
    assert second.at >= first.started, "the second section went out before the first began answering"
    assert first.cache_write > 0 and first.cache_read == 0
    assert second.cache_read == first.cache_write and second.cache_write == 0
    finish = stub_api.of("finish")[0]
    assert finish.cache_read == 0 and finish.cache_write == 0  # it sets no breakpoint: it asks for JSON output
    row = next(line.split() for line in out.splitlines() if line.startswith("section "))
    assert row[5] == f"{second.cache_read:,}" and row[6] == f"{first.cache_write:,}"
    assert row[7] == f"{second.cache_read / sum(r.prompt_tokens for r in (first, second)):.0%}"


EXAMPLE = REPO_ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"


def test_the_example_drafted_with_a_warm_cache(tmp_path: Path, stub_api: StubAPI) -> None:
    """The bundled example, start to finish: each section after the first is sent once the first answered,
    reads the prefix it wrote, and the cost table shows those reads and the hit rate."""
    work = tmp_path / "example"
    ok(run("parse", EXAMPLE, "-o", work, "-q"))
    ok(run("triage", work, "--approve", "-q"))
    ok(run("outline", work))
    stub_api.reset()
    stub_api.latency = 0.3  # a model takes a moment to begin: calls sent together would each write the cache
    out = ok(run("draft", work)).output
    sections = stub_api.of("section")
    assert len(sections) >= 2
    first, rest = sections[0], sections[1:]
    for got in rest:
        assert got.at >= first.started  # sent only once the first answer had begun (a cache entry exists)
        assert got.cache_read == first.cache_write > 0 and got.cache_write == 0
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.startswith(("section ", "finish "))}
    reads = sum(g.cache_read for g in rest)
    assert rows["section"][5] == f"{reads:,}" and rows["section"][6] == f"{first.cache_write:,}"
    assert rows["section"][7] == f"{reads / sum(g.prompt_tokens for g in sections):.0%}"
    assert rows["finish"][5:7] == ["0", "0"]
    assert (work / "draft.md").is_file()


def test_one_section_at_a_time_warms_the_cache_too(planned: Path, stub_api: StubAPI) -> None:
    ok(run("draft", planned, "--jobs", "1"))
    first, second = stub_api.of("section")
    assert second.at >= first.finished
    assert second.cache_read > 0


def test_no_breakpoint_under_the_models_minimum(
    workdir: Path, stub_api: StubAPI, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A model caches nothing under its minimum: a breakpoint there would promise what never happens. (The minimum
    is the user's table's, above this session's shared prompt: round 49's instructions took it past 4,096.)"""
    config = tmp_path / "xdg"
    (config / "retell").mkdir(parents=True)
    (config / "retell" / "models.yaml").write_text(
        "models:\n  claude-haiku-4-5: {min_cache_tokens: 16384}\n", encoding="utf-8"
    )
    monkeypatch.setenv("XDG_CONFIG_HOME", str(config))
    stub_api.min_cache_tokens = {"claude-haiku-4-5": 16384}
    ok(run("outline", workdir, "--model", "claude-haiku-4-5"))
    ok(run("draft", workdir, "--model", "claude-haiku-4-5"))
    for got in stub_api.calls:
        assert "cache_control" not in json.dumps(got.body)
        assert got.cache_read == got.cache_write == 0


# -- max_tokens --------------------------------------------------------------------------------------


def test_a_cut_off_section_is_asked_once_more_with_twice_the_budget(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", cut_off())
    result = ok(run("draft", planned))
    cut_call, again = stub_api.of("section:s2")
    assert again.body["max_tokens"] == 2 * cut_call.body["max_tokens"]
    assert {k: v for k, v in again.body.items() if k != "max_tokens"} == {
        k: v for k, v in cut_call.body.items() if k != "max_tokens"
    }
    note = f"section s2: cut off at max_tokens {cut_call.body['max_tokens']:,} (thinking and text share it); "
    assert note + f"asked once more with {again.body['max_tokens']:,}" in result.stderr
    # the finished answer is the one kept and written, under the call as planned: a re-run pays nothing
    assert "Section s2 ends with the fix in place" in draft_body(planned)
    kept = answers_in_cache(planned)["section/s2"]
    assert kept["max_tokens_grown_from"] == cut_call.body["max_tokens"]
    assert kept["request"]["max_tokens"] == again.body["max_tokens"]
    assert_nothing_unfinished_kept(planned)
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.calls == []


def test_cut_off_twice_is_a_clear_error_and_nothing_is_kept(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", cut_off(), cut_off())
    message = one_line_error(run("draft", planned))
    # (the sections of a few lines share the least a post is given, 150 words: 75 each, int(75 * 1.6 * 1.5) + 500 +
    # 8,000 thinking)
    assert "section s2: the answer was cut off by max_tokens at 8,680 and again at 17,360 tokens" in message
    # retell's one doubling stopped it, far below what the model allows: the message says so (issue 27)
    assert "retell asks again only once, with twice the room; claude-opus-5-5 allows up to 128,000" in message
    assert "allows no more" not in message
    assert "triage.yaml" in message and "--model" in message
    assert not (planned / "draft.md").exists()
    assert set(answers_in_cache(planned)) == {"outline/plan", "section/s1"}
    assert_nothing_unfinished_kept(planned)
    failure = json.loads(next((planned / "llm").glob("section-s2-*.failed.json")).read_text())
    assert failure["response"]["stop_reason"] == "max_tokens"  # kept for diagnosis, never as an answer
    # the re-run pays only for what did not finish
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2", "finish"]


def test_a_cut_off_outline_is_never_written(workdir: Path, stub_api: StubAPI) -> None:
    stub_api.script("outline", cut_off(), cut_off())
    message = one_line_error(run("outline", workdir))
    assert message.startswith("retell: error: outline plan: the answer was cut off by max_tokens")
    assert not (workdir / "outline.yaml").exists()
    assert answers_in_cache(workdir) == {}
    ok(run("outline", workdir))
    assert (workdir / "outline.yaml").is_file()


def test_cut_off_json_of_the_finish_is_asked_again(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("finish", cut_off())  # half a JSON object
    ok(run("draft", planned))
    assert len(stub_api.of("finish")) == 2
    assert draft_body(planned).rstrip().endswith("The filter now hides items and keeps the groups.")


# -- refusals and full context windows ---------------------------------------------------------------


def test_a_refusal_names_the_call_and_what_to_change(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s1", refusal())
    message = one_line_error(run("draft", planned))
    assert "section s1: the model declined to write this (stop reason: refusal)" in message
    assert "--dry-run" in message and "triage.yaml" in message and "outline.yaml" in message
    assert not (planned / "draft.md").exists()
    assert "section/s1" not in answers_in_cache(planned)
    # s2 went out once s1 began answering, finished, and is kept: the re-run asks only for what did not finish
    assert "section/s2" in answers_in_cache(planned)
    assert_nothing_unfinished_kept(planned)
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s1", "finish"]
    assert "can't help" not in draft_body(planned)


def test_calls_held_back_for_the_cache_are_not_sent_when_the_first_fails(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s1", status(400, "messages: text content blocks must be non-empty"))
    message = one_line_error(run("draft", planned, "--jobs", "3"))
    assert "section s1: the Anthropic API rejected the request (400): messages: text content blocks" in message
    assert stub_api.kinds == ["section:s1"]  # s2 waited for s1 to begin answering, which it never did


def test_a_full_context_window_says_to_send_less(workdir: Path, stub_api: StubAPI) -> None:
    stub_api.script("outline", context_full())
    message = one_line_error(run("outline", workdir))
    assert "outline plan: the prompt and the answer do not fit the model's context window" in message
    assert "--max-input-tokens" in message
    assert not (workdir / "outline.yaml").exists()


def test_a_prompt_counted_over_the_context_window_is_not_sent(workdir: Path, stub_api: StubAPI, tmp_path: Path) -> None:
    user = tmp_path / "xdg" / "retell" / "models.yaml"
    user.parent.mkdir(parents=True)
    user.write_text("models:\n  claude-sonnet-5-5: {context: 1000}\n", encoding="utf-8")
    message = one_line_error(run("outline", workdir))
    assert stub_api.counted and not stub_api.calls  # counted (free), found too long, never sent
    assert "retell: error: outline plan: the prompt is " in message
    assert "more than claude-sonnet-5-5's 1,000-token context window" in message
    assert "--max-input-tokens" in message and "nothing was sent" in message


# -- faults of the API and the network ---------------------------------------------------------------


@pytest.mark.parametrize("kind", ["overloaded_error", "api_error"])
def test_an_error_event_inside_the_stream_is_retried(planned: Path, stub_api: StubAPI, kind: str) -> None:
    stub_api.script("section:s2", stream_error(kind))
    result = ok(run("draft", planned))
    assert len(stub_api.of("section:s2")) == 2
    assert f"section s2: the Anthropic API stopped the response ({kind}" in result.stderr
    assert "Section s2 ends with the fix in place" in draft_body(planned)
    assert_nothing_unfinished_kept(planned)


def test_an_overloaded_finish_inside_the_stream_is_retried(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("finish", stream_error("overloaded_error", after=6))
    ok(run("draft", planned))
    assert len(stub_api.of("finish")) == 2


def test_persistent_errors_inside_the_stream_give_up_clearly(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s1", *[stream_error("overloaded_error")] * 5)
    message = one_line_error(run("draft", planned))
    assert (
        "section s1: the Anthropic API stopped the response (overloaded_error: Overloaded) even after 4 retries"
        in message
    )
    assert "re-run later (finished calls are kept)" in message
    assert len(stub_api.of("section:s1")) == 5
    assert not (planned / "draft.md").exists()


def test_a_529_burst_is_waited_out(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s1", overloaded(), overloaded(), overloaded())
    ok(run("draft", planned))
    first = stub_api.of("section:s1")
    assert len(first) == 4
    assert [g.reply.status for g in first] == [529, 529, 529, 200]  # type: ignore[union-attr]
    assert "Section s1 ends" in draft_body(planned)


def test_a_529_burst_longer_than_the_retries_stops_the_run_cleanly(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", *[overloaded()] * 5)
    message = one_line_error(run("draft", planned, "--jobs", "1"))
    assert message == (
        "retell: error: section s2: the Anthropic API is overloaded (529) even after retries; "
        "re-run later (finished calls are kept)"
    )
    assert set(answers_in_cache(planned)) == {"outline/plan", "section/s1"}
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2", "finish"]


@pytest.mark.parametrize("how", ["reset", "eof"])
def test_a_stream_cut_mid_way_is_asked_again(planned: Path, stub_api: StubAPI, how: str) -> None:
    stub_api.script("section:s1", cut(after=5, how=how))
    result = ok(run("draft", planned))
    assert len(stub_api.of("section:s1")) == 2
    assert "section s1: the response stream" in result.stderr
    assert "Section s1 ends with the fix in place" in draft_body(planned)
    assert_nothing_unfinished_kept(planned)


def test_a_stream_that_keeps_breaking_stops_the_run_and_resumes(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", *[cut(after=4)] * 5)
    message = one_line_error(run("draft", planned, "--jobs", "1"))
    assert message.startswith("retell: error: section s2: the response stream broke off")
    assert "even after 4 retries" in message
    assert not (planned / "draft.md").exists()
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2", "finish"]


def test_a_bad_key_is_named(workdir: Path, stub_api: StubAPI) -> None:
    stub_api.script("outline", status(401, "invalid x-api-key"))
    message = one_line_error(run("outline", workdir))
    assert message == "retell: error: outline plan: the Anthropic API rejected the key (401): check ANTHROPIC_API_KEY"


# -- `retell run`, end to end ------------------------------------------------------------------------


def test_retell_run_through_a_fault_to_a_post(tmp_path: Path, stub_api: StubAPI) -> None:
    from llm_support import standard_session

    tx = standard_session()
    session = tx.write(tmp_path / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    work = tmp_path / "R"
    stub_api.script("section:s2", refusal())
    result = run("run", session, "--yes", "-o", work)
    assert result.exit_code == 1 and "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert [line.split()[0] for line in lines[:-1]] == ["parse", "triage", "outline"]  # progress, then the error
    assert lines[-1].startswith("retell: error: section s2: the model declined")
    assert not (work / "draft.md").exists() and not (work / "post").exists()
    stub_api.reset()
    result = ok(run("run", session, "--yes", "-o", work))
    assert stub_api.kinds == ["section:s2", "finish"]  # outline and s1 were kept
    # What this run spent, stage by stage: s1's answer came from the call cache, s2 and the finish were paid.
    spent = {line.split()[0]: line.split()[1:3] for line in result.stdout.splitlines() if line[:1].isalpha()}
    assert spent["section"] == ["2", "1"] and spent["finish"] == ["1", "0"] and spent["total"] == ["3", "1"]
    assert result.stdout.rstrip().splitlines()[-1].startswith("Done: ")
    posts = list((work / "post").rglob("index.md"))
    assert len(posts) == 1
    assert "Section s2 ends with the fix in place" in posts[0].read_text(encoding="utf-8")


# -- Ctrl-C ------------------------------------------------------------------------------------------


def _interrupt_draft(planned: Path, stub_api: StubAPI, jobs: str, hold: Hold) -> subprocess.CompletedProcess[str]:
    """`retell draft` in its own process, interrupted (SIGINT, as Ctrl-C sends) while s2 is in flight: s2's
    answer is held back by the stub until the test has seen what it waits for, whatever the machine's speed."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "retell", "draft", str(planned), "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )
    try:
        hold.wait_arrived()  # s2 was sent: retell waits for its answer
        _wait_for(lambda: "section/s1" in answers_in_cache(planned), "s1's answer in the call cache", proc)
        proc.send_signal(signal.SIGINT)
        assert proc.stderr is not None
        seen = []
        if jobs != "1":  # calls in flight are waited for: let s2 answer once retell says it waits for it
            while line := proc.stderr.readline():
                seen.append(line)
                if "in flight to finish" in line:
                    break
        hold.release.set()
        out, err = proc.communicate(timeout=Hold.WAIT)
    finally:
        hold.release.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, "".join(seen) + err)


def _wait_for(check: Callable[[], bool], what: str, proc: subprocess.Popen[str]) -> None:
    """Until `check()` holds (a file appeared): polled, with a deadline only against a hang."""
    deadline = time.monotonic() + Hold.WAIT
    while not check():
        assert proc.poll() is None, f"retell exited ({proc.returncode}) before {what}"
        assert time.monotonic() < deadline, f"no {what} after {Hold.WAIT:.0f} s"
        time.sleep(0.02)


@pytest.mark.slow
def test_ctrl_c_keeps_finished_calls_and_leaves_nothing_half_written(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", answer(hold=(hold := Hold())))  # an answer that takes its time
    done = _interrupt_draft(planned, stub_api, "1", hold)
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.strip().splitlines()[-1] == "retell: interrupted"
    assert set(answers_in_cache(planned)) == {"outline/plan", "section/s1"}  # s1 had finished: it is kept
    assert not (planned / "draft.md").exists()
    assert_nothing_unfinished_kept(planned)
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2", "finish"]


@pytest.mark.slow
def test_ctrl_c_lets_calls_in_flight_finish_and_keeps_them(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s2", answer(hold=(hold := Hold())))
    done = _interrupt_draft(planned, stub_api, "3", hold)
    assert done.returncode == 130, done.stderr
    # s2, and s1 when its thread is still saving the answer it got (no outside event tells that apart)
    assert re.search(r"waiting for [12] call\(s\) in flight to finish; they are paid for and will be kept", done.stderr)
    assert "Traceback" not in done.stderr
    assert set(answers_in_cache(planned)) == {"outline/plan", "section/s1", "section/s2"}
    assert not stub_api.of("finish")  # nothing new was started
    assert not (planned / "draft.md").exists()
    assert_nothing_unfinished_kept(planned)
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["finish"]


def test_thinking_is_billed_but_never_written(planned: Path, stub_api: StubAPI) -> None:
    stub_api.script("section:s1", answer(thinking="Weighing whether to open on the screenshot or the bug."))
    ok(run("draft", planned))
    assert "Weighing whether" not in draft_body(planned)
    assert "Weighing whether" not in json.dumps(answers_in_cache(planned)["section/s1"]["response"])
    got = stub_api.of("section:s1")[0]
    assert answers_in_cache(planned)["section/s1"]["usage"]["output_tokens"] == got.usage["output_tokens"]  # type: ignore[index]


def test_an_unfinished_answer_an_older_retell_cached_is_asked_again(planned: Path, stub_api: StubAPI) -> None:
    ok(run("draft", planned))
    path = next((planned / "llm").glob("section-s2-*.json"))
    record = json.loads(path.read_text())
    record["response"]["stop_reason"] = "max_tokens"  # what a retell that did not look saved
    path.write_text(json.dumps(record))
    (planned / "draft.md").unlink()
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2"]  # s1 and the finish (same texts, once s2 is answered alike) are reused


@pytest.mark.parametrize("stop", ["pause_turn", "tool_use", "stop_sequence"])
def test_any_other_stop_is_not_an_answer(planned: Path, stub_api: StubAPI, stop: str) -> None:
    stub_api.script("section:s2", answer(stop=stop))
    message = one_line_error(run("draft", planned))
    assert f"section s2: the model stopped before finishing (stop reason: {stop}); re-run to ask again" in message
    assert "section/s2" not in answers_in_cache(planned)
    stub_api.reset()
    ok(run("draft", planned))
    assert stub_api.kinds == ["section:s2", "finish"]
