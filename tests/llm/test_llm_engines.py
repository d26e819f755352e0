"""The engines: which one is chosen and why, `claude -p` through a fake `claude` on PATH, and the offline digest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from llm_support import (
    FAKE_GITHUB_TOKEN,
    SECOND_GITHUB_TOKEN,
    Stub,
    edit_triage,
    edit_triage_approved_by_hand,
    failed,
    fake_claude,
    fake_claude_calls,
    install,
    isolate,
    make_workdir,
    ok,
    run,
)

import retell.llm.runner


@pytest.fixture(autouse=True)
def _isolated(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    isolate(monkeypatch, tmp_path)


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    return make_workdir(tmp_path)


@pytest.fixture
def no_api(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Anthropic engine must not be built at all."""

    def refuse(choice):  # type: ignore[no-untyped-def]
        if choice.name == "anthropic":
            raise AssertionError("the anthropic engine was built")
        return real(choice)

    real = retell.llm.runner.make_engine
    monkeypatch.setattr("retell.llm.runner.make_engine", refuse)


# -- the choice --------------------------------------------------------------------------------------


def test_a_key_chooses_anthropic(workdir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    install(monkeypatch, Stub())
    fake_claude(workdir.parent, monkeypatch)  # a `claude` on PATH does not matter when a key is set
    assert "Engine: anthropic (ANTHROPIC_API_KEY is set)" in ok(run("outline", workdir)).output


def test_no_key_but_claude_on_path_chooses_claude_cli(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    fake_claude(workdir.parent, monkeypatch)
    out = ok(run("outline", workdir)).output
    assert "Engine: claude-cli (no ANTHROPIC_API_KEY, but a `claude` executable is on PATH)" in out


def test_neither_chooses_offline(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    out = ok(run("outline", workdir)).output
    assert "Engine: offline (no ANTHROPIC_API_KEY and no `claude` on PATH: writing without a model)" in out
    out = ok(run("draft", workdir)).output
    assert "Engine: offline" in out
    assert not (workdir / "llm").exists()  # no calls, so no call log


@pytest.mark.parametrize("command", ["outline", "draft"])
def test_forced_anthropic_without_a_key(workdir: Path, command: str) -> None:
    if command == "draft":
        ok(run("outline", workdir, "--engine", "offline"))
    message = failed(run(command, workdir, "--engine", "anthropic"))
    assert "ANTHROPIC_API_KEY" in message
    assert "--engine claude-cli" in message or "--engine offline" in message


def test_forced_claude_cli_without_claude(workdir: Path) -> None:
    message = failed(run("outline", workdir, "--engine", "claude-cli"))
    assert "`claude` command on PATH" in message


def test_an_unknown_engine(workdir: Path) -> None:
    result = run("outline", workdir, "--engine", "gpt")
    assert result.exit_code == 2 and "Traceback" not in result.output  # a usage error, refused before any stage
    names = "anthropic, claude-cli, handoff, offline"
    assert result.stderr == f"retell: error: unknown engine 'gpt'; choose one of {names}\n"


def test_forced_engine_wins_over_the_key(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-test-not-a-real-key")
    assert "Engine: offline (chosen with --engine)" in ok(run("outline", workdir, "--engine", "offline")).output


def test_an_empty_key_counts_as_none(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "")
    assert "Engine: offline" in ok(run("outline", workdir)).output


# -- claude -p ---------------------------------------------------------------------------------------


def test_claude_cli_end_to_end(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    log = fake_claude(workdir.parent, monkeypatch)
    out = ok(run("outline", workdir, "--engine", "claude-cli")).output
    assert "Engine: claude-cli (chosen with --engine)" in out
    assert "outline       1      0" in out
    assert out.splitlines()[-2].endswith("0.0100")  # the CLI's own total_cost_usd, not a price-table guess
    out = ok(run("draft", workdir, "--engine", "claude-cli", "--jobs", "2")).output
    calls = fake_claude_calls(log)
    assert len(calls) == 4
    for call in calls:
        argv = call["argv"]
        assert argv[0] == "-p"
        assert argv[argv.index("--output-format") + 1] == "json"
        assert argv[argv.index("--max-turns") + 1] == "1"
        assert "--no-session-persistence" in argv
        # isolated: no built-in tools, no MCP servers, no settings or memory files, no skills
        assert argv[argv.index("--tools") + 1] == ""
        assert "--strict-mcp-config" in argv and "--mcp-config" not in argv
        assert argv[argv.index("--setting-sources") + 1] == ""
        assert "--disable-slash-commands" in argv
        assert "--bare" not in argv  # it would skip the OAuth login subscription users have
        assert int(call["max_output_tokens"]) > 0  # the call's budget, thinking included
        assert Path(call["cwd"]).resolve() != workdir.resolve()  # an empty folder: no project CLAUDE.md
        assert not Path(call["cwd"]).exists()  # and it is cleaned up
        assert FAKE_GITHUB_TOKEN not in json.dumps(call)
    models = [c["argv"][c["argv"].index("--model") + 1] for c in calls]
    assert models == ["claude-sonnet-5-5"] + ["claude-opus-5-5"] * 3
    assert calls[0]["max_output_tokens"] == str(8000 + 16000)  # outline: its JSON plus sonnet 5.5's thinking
    # instructions and task both go on stdin (never in argv: `ps` shows it, and argv has a size limit)
    outline_call = calls[0]
    instructions, task = outline_call["stdin"].split("</instructions>\n\n", 1)
    assert instructions.startswith("<instructions>\nYou are helping the author turn one of their Claude Code sessions")
    assert "matching this JSON Schema" in instructions  # no output_config on the CLI: the schema is in the prompt
    assert task.startswith("Plan the post.")
    assert "[REDACTED:github-token]" in task
    assert "You are helping" not in " ".join(outline_call["argv"])
    section_instructions = calls[1]["stdin"].split("</instructions>", 1)[0]
    assert "# The outline of the whole post" in section_instructions
    assert "JSON Schema" not in section_instructions
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    assert "engine: claude-cli" in draft
    assert "## Part 1: ch1" in draft
    assert "](assets/" in draft
    logs = [json.loads(p.read_text()) for p in (workdir / "llm").glob("*.json")]
    assert {entry["engine"] for entry in logs} == {"claude-cli"}
    assert {entry["request_id"] for entry in logs} == {"sess-0001"}
    assert {entry["engine_cost_usd"] for entry in logs} == {0.01}
    # a re-run asks `claude` nothing
    ok(run("draft", workdir, "--engine", "claude-cli"))
    assert len(fake_claude_calls(log)) == 4


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        # what happened and what to do, the CLI's own words quoted (issue 27: not raw CLI text)
        (
            "error",
            "the account `claude` uses has no credit left (it said: “Credit balance is too low”); add credit in the "
            "Anthropic Console, or log `claude` in with your subscription",
        ),
        (
            "crash",
            "`claude` is not logged in (it said: “Error: not logged in. Run claude /login”); run `claude` once and "
            "log in (/login), then re-run",
        ),
        (
            "limit",
            "your Claude plan's usage limit is reached (it said: “You've hit your limit · resets 3pm "
            "(Europe/Berlin)”); re-run once it resets (finished calls are kept), or use --engine anthropic",
        ),
        ("login", "`claude` is not logged in (it said: “Invalid API key · Please run /login”)"),
    ],
)
def test_claude_cli_failures_are_clear(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api, mode: str, expected: str
) -> None:
    log = fake_claude(workdir.parent, monkeypatch, mode=mode)
    assert expected in failed(run("outline", workdir))
    assert len(fake_claude_calls(log)) == 1
    assert not (workdir / "outline.yaml").exists()
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "ok")
    ok(run("outline", workdir))
    assert len(fake_claude_calls(log)) == 2


def test_the_guard_runs_before_claude_is_started(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    log = fake_claude(workdir.parent, monkeypatch)
    edit_triage_approved_by_hand(workdir, lambda doc: doc["story"].update(backstory=f"CI token {SECOND_GITHUB_TOKEN}"))
    message = failed(run("outline", workdir, "--engine", "claude-cli"))
    assert "github-token" in message and SECOND_GITHUB_TOKEN not in message
    assert fake_claude_calls(log) == []


def test_claude_cli_with_long_author_notes(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    log = fake_claude(workdir.parent, monkeypatch)
    names = []
    for n in range(3):  # 3 x 20,000 characters of Japanese: ~180 KB of UTF-8
        (workdir / f"note{n}.md").write_text(
            f"Note {n}: " + "グループの表示について検討した。" * 1300, encoding="utf-8"
        )
        names.append(f"note{n}.md")
    edit_triage(workdir, lambda doc: doc["story"]["notes"].extend(names))
    ok(run("outline", workdir, "--engine", "claude-cli"))
    assert len(fake_claude_calls(log)) == 1


# -- offline -----------------------------------------------------------------------------------------


def test_offline_is_deterministic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    drafts = []
    for name in ("A", "B"):
        workdir = make_workdir(tmp_path, name=name)
        ok(run("outline", workdir, "--engine", "offline"))
        ok(run("draft", workdir, "--engine", "offline"))
        drafts.append(((workdir / "outline.yaml").read_text(), (workdir / "draft.md").read_text()))
    assert drafts[0] == drafts[1]
    outline, draft = drafts[0]
    assert "engine: offline" in outline
    assert "engine: offline" in draft
    assert FAKE_GITHUB_TOKEN not in draft
    # forced again in the same folder: the same bytes
    ok(run("outline", workdir, "--engine", "offline", "--force"))
    ok(run("draft", workdir, "--engine", "offline"))
    assert (workdir / "draft.md").read_text() == draft


def test_offline_draft_references_images_as_assets(workdir: Path, no_api) -> None:
    ok(run("outline", workdir, "--engine", "offline"))
    ok(run("draft", workdir, "--engine", "offline"))
    draft = (workdir / "draft.md").read_text(encoding="utf-8")
    images = [line for line in draft.splitlines() if line.startswith("![")]
    assert images, draft
    for line in images:
        asset = line.split("](assets/")[1].rstrip(")")
        assert (workdir / "assets" / asset).is_file()


def test_offline_dry_run(workdir: Path, no_api) -> None:
    out = ok(run("outline", workdir, "--engine", "offline", "--dry-run")).output
    assert "offline: no model calls" in out
    assert not (workdir / "outline.yaml").exists()


def test_the_fake_claude_refuses_a_flag_it_does_not_know(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """So a typo in retell's argv fails a test, as it would fail the real `claude`."""
    import subprocess

    fake_claude(tmp_path, monkeypatch)
    script = tmp_path / "fakebin" / "claude"
    done = subprocess.run(
        [str(script), "-p", "--output-format", "json", "--model", "m", "--setting-source", ""],
        input="hi",
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "error: unknown option '--setting-source'" in done.stderr


def test_claude_cli_cut_off_is_asked_once_more_with_a_bigger_budget(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api
) -> None:
    log = fake_claude(workdir.parent, monkeypatch, mode="max_tokens")
    monkeypatch.setenv("FAKE_CLAUDE_ROOM", "30000")  # more than the outline's first budget, less than twice it
    out = ok(run("outline", workdir, "--engine", "claude-cli"))
    calls = fake_claude_calls(log)
    assert [c["max_output_tokens"] for c in calls] == ["24000", "48000"]
    assert "outline plan: cut off at max_tokens 24,000 (thinking and text share it); asked once more with 48,000" in (
        out.stderr
    )
    assert (workdir / "outline.yaml").is_file()


def test_claude_cli_cut_off_twice_is_never_kept(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    fake_claude(workdir.parent, monkeypatch, mode="max_tokens")
    message = failed(run("outline", workdir, "--engine", "claude-cli"))
    assert "outline plan: the answer was cut off by max_tokens at 24,000 and again at 48,000 tokens" in message
    assert not (workdir / "outline.yaml").exists()
    assert not [p for p in (workdir / "llm").glob("*.json") if not p.name.endswith(".failed.json")]


def test_claude_cli_output_past_the_budget_is_a_cut_off_answer_never_kept(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api
) -> None:
    """Past CLAUDE_CODE_MAX_OUTPUT_TOKENS, Claude Code asks the model to go on and returns only the last part as a
    success: retell takes more output tokens than it allowed as a cut-off answer and asks again with more room."""
    log = fake_claude(workdir.parent, monkeypatch, mode="continued")
    monkeypatch.setenv("FAKE_CLAUDE_ROOM", "30000")
    out = ok(run("outline", workdir, "--engine", "claude-cli"))
    assert [c["max_output_tokens"] for c in fake_claude_calls(log)] == ["24000", "48000"]
    assert "outline plan: cut off at max_tokens 24,000" in out.stderr
    assert "and that is the end" not in (workdir / "outline.yaml").read_text(encoding="utf-8")
    monkeypatch.setenv("FAKE_CLAUDE_ROOM", "100000")  # never enough: never kept
    message = failed(run("outline", workdir, "--engine", "claude-cli", "--force"))
    assert "the answer was cut off by max_tokens at 24,000 and again at 48,000 tokens" in message


def test_the_users_settings_env_and_credential_helper_reach_claude(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, no_api
) -> None:
    """`--setting-sources ""` drops the user's settings; a gateway's or Bedrock user's `env` and an
    apiKeyHelper go back in (and nothing else of theirs: hooks, permissions)."""
    config = tmp_path / "claude-config"
    config.mkdir()
    (config / "settings.json").write_text(
        json.dumps(
            {
                "env": {
                    "ANTHROPIC_BASE_URL": "https://gateway.example.com",
                    "FAKE_SETTING": "from-settings",
                    "CLAUDE_CODE_MAX_OUTPUT_TOKENS": "5",
                },
                "apiKeyHelper": "~/bin/key.sh",
                "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "say done"}]}]},
                "permissions": {"allow": ["Bash"]},
            }
        ),
        encoding="utf-8",
    )
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config))
    monkeypatch.setenv("FAKE_SET_BY_SHELL", "shell")
    log = fake_claude(workdir.parent, monkeypatch)
    ok(run("outline", workdir, "--engine", "claude-cli"))
    (call,) = fake_claude_calls(log)
    assert call["env"]["ANTHROPIC_BASE_URL"] == "https://gateway.example.com"
    assert call["env"]["FAKE_SETTING"] == "from-settings" and call["env"]["FAKE_SET_BY_SHELL"] == "shell"
    assert call["max_output_tokens"] == "24000"  # the budget is retell's, whatever the settings say
    assert "--setting-sources" in call["argv"] and "--settings" in call["argv"]
    assert call["settings"] == {
        "env": {"ANTHROPIC_BASE_URL": "https://gateway.example.com", "FAKE_SETTING": "from-settings"},
        "apiKeyHelper": "~/bin/key.sh",
    }
    # the settings travel in a file of the call's own folder, never on the command line
    assert "gateway.example.com" not in " ".join(call["argv"])


@pytest.mark.parametrize("version", ["2.1.100", "2.0.77", "1.0.128"])
def test_a_claude_code_too_old_is_refused_before_anything_runs(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api, version: str
) -> None:
    log = fake_claude(workdir.parent, monkeypatch)
    monkeypatch.setenv("FAKE_CLAUDE_VERSION", version)
    for args in (["--engine", "claude-cli"], []):  # chosen by name, or because it is on PATH
        message = failed(run("outline", workdir, *args))
        assert f"Claude Code {version} is too old for retell (it needs 2.1.101 or later)" in message
        assert "delete transcripts older than 30 days" in message and "claude update" in message
    assert fake_claude_calls(log) == []
    assert not (workdir / "outline.yaml").exists()


def test_claude_code_2_1_101_is_new_enough(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    fake_claude(workdir.parent, monkeypatch)
    monkeypatch.setenv("FAKE_CLAUDE_VERSION", "2.1.101")
    ok(run("outline", workdir, "--engine", "claude-cli"))


def test_claude_cli_refusal_and_tool_use_are_clear(workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api) -> None:
    fake_claude(workdir.parent, monkeypatch, mode="refusal")
    assert "outline plan: the model declined to write this (stop reason: refusal)" in failed(run("outline", workdir))
    monkeypatch.setenv("FAKE_CLAUDE_MODE", "tool")
    assert "used its one turn without answering (it tried to use a tool)" in failed(run("outline", workdir))
    assert not (workdir / "outline.yaml").exists()


def test_an_older_claude_without_a_stop_reason_still_works(
    workdir: Path, monkeypatch: pytest.MonkeyPatch, no_api
) -> None:
    fake_claude(workdir.parent, monkeypatch, mode="old")
    ok(run("outline", workdir, "--engine", "claude-cli"))
    assert (workdir / "outline.yaml").is_file()
