"""`retell list`, `retell stats`, `retell schema` through the CLI: output, exit codes, clean errors."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import assert_clean_error
from discover_support import BIG_PAD, at, isolate, project, restore_tz, session, sid
from typer.testing import CliRunner, Result

from retell.cli import app

CWD = "/home/ana/src/app"


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.chdir(tmp_path)
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


@pytest.fixture
def sessions(config: Path) -> Path:
    folder = project(config, CWD)
    session(folder, "first", cwd=CWD, prompts=("Port the parser",))
    session(folder, "second", cwd=CWD, start=at(120), prompts=("Fix the CSS", "and the footer"), pad=BIG_PAD)
    return folder


# -- list ----------------------------------------------------------------------------------------------


def test_list_prints_a_table_newest_first(sessions: Path) -> None:
    result = run("list", "--all")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["ID", "PROJECT", "START"]
    assert lines[1].startswith(sid("second")[:8]) and lines[2].startswith(sid("first")[:8])
    assert CWD in lines[1] and "Fix the CSS" in lines[1]
    assert "N+: counted in the head and tail" in result.stderr  # the big session's turns are a lower bound


def test_list_json_prints_the_same_rows(sessions: Path) -> None:
    result = run("list", CWD, "--json", "--limit", "1")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["session_id"] for r in rows] == [sid("second")]
    assert rows[0]["project"] == CWD and rows[0]["exact"] is False and rows[0]["title"] == "Fix the CSS"


def test_list_fits_a_narrow_terminal(sessions: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    result = run("list", "--all")
    assert result.exit_code == 0
    assert all(len(line) <= 60 for line in result.stdout.splitlines())


def test_list_filters_that_match_nothing(sessions: Path) -> None:
    result = run("list", "--all", "--grep", "kubernetes")
    assert result.exit_code == 0 and "No sessions match" in result.stdout
    assert json.loads(run("list", "--all", "--json", "--since", "2030-01-01").stdout) == []


def test_list_exact_reads_the_shown_sessions_in_full(sessions: Path) -> None:
    rows = json.loads(run("list", "--all", "--json", "--exact").stdout)
    assert all(r["exact"] for r in rows) and rows[0]["human_turns"] == 2


def test_list_usage_errors_exit_2(sessions: Path) -> None:
    assert run("list", CWD, "--all").exit_code == 2
    bad_date = run("list", "--all", "--since", "last tuesday")
    assert bad_date.exit_code == 2 and "not a date" in bad_date.output


def test_list_without_a_config_dir_says_where_it_looked(config: Path) -> None:
    message = assert_clean_error(run("list", "--all"))
    assert str(config / "projects") in message and "CLAUDE_CONFIG_DIR" in message


def test_list_outside_any_project_suggests_all(sessions: Path) -> None:
    message = assert_clean_error(run("list"))
    assert "retell list --all" in message


# -- stats ---------------------------------------------------------------------------------------------


def test_stats_text_and_json(sessions: Path) -> None:
    result = run("stats", sid("second")[:8])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"{sid('second')[:8]}  Fix the CSS")
    for label in ("time", "turns", "tool calls", "files", "subagents", "compactions", "images", "tokens", "cost"):
        assert f"  {label}" in result.stdout
    data = json.loads(run("stats", sid("second")[:8], "--json").stdout)
    assert data["turns"]["human"] == 2 and data["tools"]["by_tool"]["Edit"] == {"calls": 2, "errors": 0}
    # The pass is remembered: the listing now shows exact numbers for this session.
    row = json.loads(run("list", "--all", "--json").stdout)[0]
    assert row["session_id"] == sid("second") and row["exact"] and row["human_turns"] == 2


def test_stats_errors(sessions: Path, tmp_path: Path) -> None:
    (sessions / f"{sid('empty')}.jsonl").write_bytes(b"")
    assert "is empty" in assert_clean_error(run("stats", sessions / f"{sid('empty')}.jsonl"))
    assert "no session id starts with" in assert_clean_error(run("stats", "ffffffff"))
    assert run("stats", sid("first")[:8], "--prices", tmp_path / "missing.yaml").exit_code == 2
    (tmp_path / "bad.yaml").write_text("models: [1, 2")
    bad = run("stats", sid("first")[:8], "--prices", tmp_path / "bad.yaml")
    assert "not valid YAML" in assert_clean_error(bad, one_line=False)  # PyYAML says where, over lines


# -- schema --------------------------------------------------------------------------------------------


def test_schema_over_a_folder(sessions: Path, config: Path) -> None:
    result = run("schema", config)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("2 files,") and "record types" in result.stdout
    data = json.loads(run("schema", config, "--json").stdout)
    assert data["record_types"]["user"] > 0 and data["unknown"]["record_types"] == {}


def test_schema_errors(tmp_path: Path) -> None:
    assert "no such file" in assert_clean_error(run("schema", tmp_path / "nope"))
    (tmp_path / "empty-dir").mkdir()
    assert "no .jsonl files" in assert_clean_error(run("schema", tmp_path / "empty-dir"))


def test_since_accepts_dates_and_datetimes() -> None:
    from datetime import datetime, timezone

    from retell.cli.discover import parse_since

    assert parse_since(None) is None
    assert parse_since("2026-10-01") == datetime(2026, 10, 1, tzinfo=timezone.utc)  # local midnight; TZ is UTC
    assert parse_since("2026-10-01T14:30") == datetime(2026, 10, 1, 14, 30, tzinfo=timezone.utc)
    assert parse_since("2026-10-01T14:30:00+02:00") == datetime(2026, 10, 1, 12, 30, tzinfo=timezone.utc)
    assert parse_since("2026-10-01T14:30:00Z") == datetime(2026, 10, 1, 14, 30, tzinfo=timezone.utc)
