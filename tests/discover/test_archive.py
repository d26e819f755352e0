"""Issue 28, point 1: the SessionEnd hook keeps each finished session in retell's archive, `retell list` lists
what Claude Code has deleted, and warns once about cleanupPeriodDays. Driven through the real CLI with the
JSON Claude Code writes on the hook's stdin (its hooks reference: session_id, transcript_path, cwd,
hook_event_name, reason)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import assert_clean_error
from discover_support import at, isolate, project, restore_tz, session, sid
from typer.testing import CliRunner, Result

from retell.cli import app

CWD = "/home/ana/src/app"
OTHER_SETTINGS: dict[str, Any] = {
    "model": "opus",
    "permissions": {"allow": ["Bash(git status)"]},
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "SessionEnd": [{"matcher": "clear", "hooks": [{"type": "command", "command": "~/bin/on-clear.sh"}]}],
    },
    "cleanupPeriodDays": 45,
}


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("COLUMNS", "140")
    monkeypatch.chdir(tmp_path)
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


@pytest.fixture
def archive(tmp_path: Path) -> Path:
    return tmp_path / "xdg-data" / "retell" / "sessions"


def run(*args: str | Path, stdin: str | bytes | None = None) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args], input=stdin)


def session_end_event(transcript: Path, reason: str = "prompt_input_exit") -> str:
    """What Claude Code writes on a SessionEnd hook's stdin."""
    return json.dumps(
        {
            "session_id": transcript.stem,
            "transcript_path": str(transcript),
            "cwd": CWD,
            "hook_event_name": "SessionEnd",
            "reason": reason,
        }
    )


def with_subagent(transcript: Path) -> Path:
    agents = transcript.with_suffix("") / "subagents"
    agents.mkdir(parents=True)
    (agents / "agent-a1b2c3.jsonl").write_text('{"type":"user","isSidechain":true}\n')
    (agents / "agent-a1b2c3.meta.json").write_text('{"agentType":"Explore"}')
    return agents / "agent-a1b2c3.jsonl"


def hook_log(archive: Path) -> list[str]:
    return (archive / "hook.log").read_text().splitlines()


def leftovers(folder: Path) -> list[Path]:
    return list(folder.rglob("*.tmp")) if folder.exists() else []


# -- install / uninstall ------------------------------------------------------------------------------


def test_install_shows_the_entry_writes_it_beside_everything_else_and_uninstall_removes_exactly_it(
    config: Path,
) -> None:
    settings = config / "settings.json"
    config.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps(OTHER_SETTINGS, indent=2))

    result = run("hook", "install")
    assert result.exit_code == 0, result.output
    assert f"Adding to {settings}" in result.stdout and '"SessionEnd"' in result.stdout
    assert "hook session-end" in result.stdout and '"timeout": 30' in result.stdout
    data = json.loads(settings.read_text())
    assert {k: v for k, v in data.items() if k != "hooks"} == {k: v for k, v in OTHER_SETTINGS.items() if k != "hooks"}
    assert data["hooks"]["Stop"] == OTHER_SETTINGS["hooks"]["Stop"]
    ends = data["hooks"]["SessionEnd"]
    assert ends[0] == OTHER_SETTINGS["hooks"]["SessionEnd"][0]  # the user's own SessionEnd hook is untouched
    assert len(ends) == 2 and ends[1]["hooks"][0]["command"].endswith(" hook session-end")
    assert json.loads((config / "settings.json.bak").read_text()) == OTHER_SETTINGS

    again = run("hook", "install")
    assert again.exit_code == 0 and "already in" in again.stdout
    assert json.loads(settings.read_text()) == data  # idempotent

    removed = run("hook", "uninstall")
    assert removed.exit_code == 0, removed.output
    assert json.loads(settings.read_text()) == OTHER_SETTINGS
    assert "not in" in run("hook", "uninstall").stdout


def test_install_into_no_settings_and_uninstall_leaves_an_empty_object(config: Path) -> None:
    assert run("hook", "install", "--dry-run").exit_code == 0
    assert not (config / "settings.json").exists()  # a dry run changes nothing
    assert run("hook", "install").exit_code == 0
    assert list(json.loads((config / "settings.json").read_text())) == ["hooks"]
    assert run("hook", "uninstall").exit_code == 0
    assert json.loads((config / "settings.json").read_text()) == {}


def test_install_refuses_settings_it_cannot_read_whole(config: Path) -> None:
    config.mkdir(parents=True, exist_ok=True)
    (config / "settings.json").write_text('{"model": "opus",')
    message = assert_clean_error(run("hook", "install"))
    assert "settings.json: not valid JSON" in message
    assert (config / "settings.json").read_text() == '{"model": "opus",'


def test_the_installed_command_keeps_a_session_when_a_shell_runs_it(config: Path, archive: Path) -> None:
    """What Claude Code does: run the command from settings.json in a shell, the event on stdin."""
    transcript, _ = session(project(config, CWD), "shell", cwd=CWD)
    assert run("hook", "install").exit_code == 0
    command = json.loads((config / "settings.json").read_text())["hooks"]["SessionEnd"][0]["hooks"][0]["command"]
    done = subprocess.run(
        command, shell=True, input=session_end_event(transcript), capture_output=True, text=True, env=os.environ
    )
    assert done.returncode == 0, done.stderr
    assert (archive / transcript.parent.name / transcript.name).read_bytes() == transcript.read_bytes()


# -- the hook -----------------------------------------------------------------------------------------


def test_session_end_keeps_the_transcript_and_its_subagents_once(config: Path, archive: Path) -> None:
    transcript, _ = session(project(config, CWD), "kept", cwd=CWD)
    agent = with_subagent(transcript)
    result = run("hook", "session-end", stdin=session_end_event(transcript))
    assert result.exit_code == 0 and result.output == ""
    kept = archive / transcript.parent.name
    assert (kept / transcript.name).read_bytes() == transcript.read_bytes()
    assert (kept / transcript.stem / "subagents" / agent.name).read_bytes() == agent.read_bytes()
    assert (kept / transcript.name).stat().st_mtime_ns == transcript.stat().st_mtime_ns
    assert oct((archive).stat().st_mode & 0o777) == oct(0o700)  # transcripts are private
    index = json.loads((archive / "index.json").read_text())["sessions"]
    entry = index[f"{transcript.parent.name}/{transcript.name}"]
    assert entry["cwd"] == CWD and entry["reason"] == "prompt_input_exit" and entry["source"] == str(transcript)
    assert "kept" in hook_log(archive)[-1] and "3 file(s) copied" in hook_log(archive)[-1]

    assert run("hook", "session-end", stdin=session_end_event(transcript, "clear")).exit_code == 0
    assert "0 file(s) copied, 3 unchanged" in hook_log(archive)[-1]  # an identical copy is not made again
    with transcript.open("a") as fh:  # resumed and ended again: what it added is kept
        fh.write('{"type":"user","message":{"role":"user","content":"one more thing"}}\n')
    assert run("hook", "session-end", stdin=session_end_event(transcript)).exit_code == 0
    assert (kept / transcript.name).read_bytes() == transcript.read_bytes()
    assert leftovers(archive) == []


@pytest.mark.parametrize(
    ("stdin", "said"),
    [
        ("not json at all", "not JSON"),
        ("[1, 2]", "not a JSON object"),
        ('{"session_id": "x", "hook_event_name": "SessionEnd"}', "no transcript_path"),
        ('{"transcript_path": "/nowhere/gone.jsonl"}', "/nowhere/gone.jsonl: no such file"),
        ("", "not JSON"),
    ],
)
def test_session_end_with_bad_input_logs_one_line_and_exits_0(archive: Path, stdin: str, said: str) -> None:
    result = run("hook", "session-end", stdin=stdin)
    assert result.exit_code == 0 and "Traceback" not in result.output
    lines = hook_log(archive)
    assert len(lines) == 1 and said in lines[0] and "not kept" in lines[0]


def test_session_end_that_cannot_write_its_archive_says_so_on_stderr_and_exits_0(config: Path, tmp_path: Path) -> None:
    transcript, _ = session(project(config, CWD), "blocked", cwd=CWD)
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    result = run("hook", "session-end", "--archive", blocker / "sessions", stdin=session_end_event(transcript))
    assert result.exit_code == 0
    assert "retell hook session-end: not kept:" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders anyway")
def test_session_end_into_a_read_only_archive_exits_0(config: Path, archive: Path) -> None:
    transcript, _ = session(project(config, CWD), "readonly", cwd=CWD)
    archive.mkdir(parents=True)
    archive.chmod(0o500)
    try:
        result = run("hook", "session-end", stdin=session_end_event(transcript))
    finally:
        archive.chmod(0o700)
    assert result.exit_code == 0 and "not kept" in result.stderr and "Permission denied" in result.stderr


def test_session_end_on_a_full_disk_leaves_no_half_copy_and_exits_0(
    config: Path, archive: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    transcript, _ = session(project(config, CWD), "full", cwd=CWD)

    def disk_full(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(shutil, "copyfileobj", disk_full)
    result = run("hook", "session-end", stdin=session_end_event(transcript))
    assert result.exit_code == 0
    assert "No space left on device" in hook_log(archive)[-1]
    assert not (archive / transcript.parent.name / transcript.name).exists() and leftovers(archive) == []


def test_a_corrupt_archive_index_is_rebuilt_from_the_files(config: Path, archive: Path) -> None:
    folder = project(config, CWD)
    first, _ = session(folder, "one", cwd=CWD)
    second, _ = session(folder, "two", cwd=CWD)
    assert run("hook", "session-end", stdin=session_end_event(first)).exit_code == 0
    (archive / "index.json").write_bytes(b'{"schema_version": 1, "sessions": {"trunc')
    assert run("hook", "session-end", stdin=session_end_event(second)).exit_code == 0
    index = json.loads((archive / "index.json").read_text())["sessions"]
    assert sorted(index) == sorted(f"{folder.name}/{p.name}" for p in (first, second))


def test_hook_keep_keeps_every_session_there_is(config: Path, archive: Path) -> None:
    folder = project(config, CWD)
    paths = [session(folder, name, cwd=CWD)[0] for name in ("a", "b")]
    result = run("hook", "keep")
    assert result.exit_code == 0 and "Kept 2 sessions" in result.stdout
    assert all((archive / folder.name / p.name).read_bytes() == p.read_bytes() for p in paths)


def test_the_plugin_ships_the_hook_install_writes() -> None:
    from retell.archive.settings import hook_entry, is_ours

    hooks = json.loads((Path(__file__).parents[2] / ".plugin" / "hooks" / "hooks.json").read_text())
    assert list(hooks) == ["hooks"] and list(hooks["hooks"]) == ["SessionEnd"]
    [entry] = hooks["hooks"]["SessionEnd"]
    assert entry == hook_entry("retell hook session-end") and is_ours(entry["hooks"][0])


# -- retell list and the archive ----------------------------------------------------------------------


def test_list_includes_sessions_claude_code_deleted_and_marks_them(config: Path, archive: Path) -> None:
    folder = project(config, CWD)
    gone, _ = session(folder, "gone", cwd=CWD, prompts=("Port the parser to Rust",))
    here, _ = session(folder, "here", cwd=CWD, prompts=("Fix the CSS",), start=at(3 * 24 * 60))
    for path in (gone, here):
        assert run("hook", "session-end", stdin=session_end_event(path)).exit_code == 0
    gone.unlink()  # Claude Code's cleanup

    result = run("list", "--all")
    assert result.exit_code == 0, result.output
    header, *lines = result.stdout.splitlines()
    assert "KEPT" in header.split()
    row = {line.split()[0]: line for line in lines}
    assert " only " in row[sid("gone")[:8]] and "Port the parser" in row[sid("gone")[:8]]
    assert " yes " in row[sid("here")[:8]]
    assert "KEPT only: Claude Code has deleted it" in result.stderr

    rows = {r["session_id"]: r for r in json.loads(run("list", "--all", "--json").stdout)}
    assert rows[sid("gone")]["archived"] == "archive-only"
    assert rows[sid("gone")]["path"] == str(archive / folder.name / gone.name)
    assert rows[sid("here")]["archived"] == "kept" and rows[sid("here")]["path"] == str(here)
    assert len(rows) == 2  # a session in both places is listed once

    stats = run("stats", sid("gone")[:8], "--json")  # the id a listing shows still finds the session
    assert stats.exit_code == 0, stats.output
    assert json.loads(stats.stdout)["session"]["id"] == sid("gone")


def test_list_of_a_project_claude_code_no_longer_has(config: Path, archive: Path, tmp_path: Path) -> None:
    folder = project(config, CWD)
    gone, _ = session(folder, "gone", cwd=CWD)
    session(project(config, "/home/ana/src/other"), "other", cwd="/home/ana/src/other")
    assert run("hook", "session-end", stdin=session_end_event(gone)).exit_code == 0
    shutil.rmtree(folder)
    result = run("list", CWD, "--json")
    assert result.exit_code == 0, result.output
    assert [r["session_id"] for r in json.loads(result.stdout)] == [sid("gone")]


def age(path: Path, days: float) -> None:
    then = time.time() - days * 86400
    os.utime(path, (then, then))


def test_list_warns_once_when_cleanup_will_delete_sessions_not_kept(config: Path) -> None:
    folder = project(config, CWD)
    old, _ = session(folder, "old", cwd=CWD)
    session(folder, "new", cwd=CWD)
    age(old, 26)  # goes in 4 days with the default 30
    first = run("list", "--all")
    assert first.exit_code == 0, first.output
    assert "cleanupPeriodDays: 30, the default" in first.stderr
    assert "1 session listed here goes within 7 days, the first in 4 days" in first.stderr
    assert "retell hook keep" in first.stderr and "retell hook install" in first.stderr
    assert "cleanupPeriodDays" not in run("list", "--all").stderr  # once


@pytest.mark.parametrize(
    ("settings", "kept", "warned"),
    [({"cleanupPeriodDays": 90}, False, False), ({"cleanupPeriodDays": 28}, False, True), ({}, True, False)],
)
def test_the_cleanup_warning_reads_the_setting_and_the_archive(
    config: Path, settings: dict[str, Any], kept: bool, warned: bool
) -> None:
    old, _ = session(project(config, CWD), "old", cwd=CWD)
    age(old, 26)
    (config / "settings.json").write_text(json.dumps(settings))
    if kept:
        assert run("hook", "keep").exit_code == 0
        age(old, 26)  # the copy keeps the original's time: it is the same file
    assert ("cleanupPeriodDays" in run("list", "--all").stderr) is warned


def test_hook_keep_without_sessions_is_a_clean_error(config: Path) -> None:
    result = run("hook", "keep")
    assert_clean_error(result)
    assert "no Claude Code sessions found" in result.stderr


def test_an_unknown_project_is_still_a_clean_error_with_an_archive(config: Path) -> None:
    transcript, _ = session(project(config, CWD), "kept", cwd=CWD)
    assert run("hook", "session-end", stdin=session_end_event(transcript)).exit_code == 0
    message = assert_clean_error(run("list", "/home/ana/src/nothing-here"))
    assert f"under {config / 'projects'}" in message
