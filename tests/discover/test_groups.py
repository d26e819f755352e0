"""`retell list` marks sessions that belong together and prints the command that parses each group."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import pytest
from discover_support import at, isolate, project, restore_tz, session, sid
from sessions_support import CWD, SESSION_A, SESSION_B, SESSION_C, write_sessions
from typer.testing import CliRunner, Result

from retell.cli import app
from retell.discover.listing import ListQuery, list_sessions


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.chdir(tmp_path)
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def _groups() -> dict[str, list[str] | None]:
    rows = list_sessions(ListQuery(all_projects=True, limit=0)).rows
    return {row.session_id: [r.session_id for r in row.group.rows] if row.group else None for row in rows}


def test_a_resumed_a_continued_and_a_same_branch_session_are_one_group(config: Path) -> None:
    write_sessions(project(config, CWD))  # A; B two days later on the branch, continuing A; C resuming B
    listing = list_sessions(ListQuery(all_projects=True, limit=0))
    (group,) = {id(r.group): r.group for r in listing.rows if r.group}.values()
    assert group is not None
    assert [r.session_id for r in group.rows] == [SESSION_A, SESSION_B, SESSION_C]
    assert set(group.reasons) == {"continued", "resumed", "branch feat/login"}
    assert group.command() == "retell parse a11ce000 b0b00000 c0ffee00"


def test_what_does_not_belong_together_stays_apart(config: Path) -> None:
    folder = project(config, "/home/ana/app")
    session(folder, "monday", cwd="/home/ana/app")
    session(folder, "monday-again", cwd="/home/ana/app", start=at(30))  # /clear and start again
    session(folder, "thursday", cwd="/home/ana/app", start=at(3 * 24 * 60))  # main, days later
    other = project(config, "/home/ana/other")
    session(other, "elsewhere", cwd="/home/ana/other", start=at(31))  # close in time, another project
    groups = _groups()
    assert groups[sid("monday")] == groups[sid("monday-again")] == [sid("monday"), sid("monday-again")]
    assert groups[sid("thursday")] is None
    assert groups[sid("elsewhere")] is None


def test_list_marks_the_group_and_prints_its_command(config: Path) -> None:
    write_sessions(project(config, CWD))
    folder = project(config, "/home/ana/app")
    session(folder, "alone", cwd="/home/ana/app", start=datetime(2025, 12, 1, tzinfo=timezone.utc))
    result = run("list", "--all", "--limit", "2")  # the newest two: C and B (C replays B from its start)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["ID", "G", "PROJECT"]
    assert sorted(line.split()[0] for line in lines[1:3]) == ["b0b00000", "c0ffee00"]
    assert [line.split()[1] for line in lines[1:3]] == ["A", "A"]
    assert "Sessions that belong together (G); each group parses into one story:" in result.stdout
    assert "A  3 sessions, 2026-01-05 to 2026-01-07: " in result.stdout
    assert "     retell parse a11ce000 b0b00000 c0ffee00" in result.stdout  # the whole group, A included
    rows = json.loads(run("list", "--all", "--json").stdout)
    by_id = {r["id"]: r for r in rows}
    assert by_id["a11ce000"]["group"]["sessions"] == [SESSION_A, SESSION_B, SESSION_C]
    assert by_id["a11ce000"]["group"]["command"] == "retell parse a11ce000 b0b00000 c0ffee00"
    assert by_id[sid("alone")[:8]]["group"] is None


def test_the_printed_command_parses_the_group(config: Path) -> None:
    write_sessions(project(config, CWD))
    command = json.loads(run("list", "--all", "--json").stdout)[0]["group"]["command"].split()
    assert command[:2] == ["retell", "parse"]
    result = run(*command[1:], "-o", "story")
    assert result.exit_code == 0, result.output
    assert "Parsed 3 sessions" in result.output


def test_without_groups_the_table_is_as_before(config: Path) -> None:
    folder = project(config, "/home/ana/app")
    session(folder, "one", cwd="/home/ana/app")
    result = run("list", "--all")
    assert result.stdout.splitlines()[0].split()[:2] == ["ID", "PROJECT"]
    assert "belong together" not in result.stdout
