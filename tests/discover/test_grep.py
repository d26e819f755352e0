"""Issue 28, point 2: `retell list --grep` finds a phrase the author typed anywhere in a session (and, with
--grep-claude, what Claude said), from a cached text index that a second listing does not rebuild."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from discover_support import at, isolate, project, restore_tz, session, sid
from typer.testing import CliRunner, Result

from retell.cli import app
from retell.discover import fulltext

CWD = "/home/ana/src/app"


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg-config"))
    monkeypatch.setenv("COLUMNS", "140")
    monkeypatch.chdir(tmp_path)
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


@pytest.fixture
def sessions(config: Path) -> Path:
    folder = project(config, CWD)
    session(
        folder,
        "cache",
        cwd=CWD,
        prompts=("Port the parser", "now the tests", "why does the Redis\n   eviction policy drop our keys?"),
    )
    session(folder, "css", cwd=CWD, start=at(600), prompts=("Fix the CSS", "and the footer"))
    return folder


def ids(*args: str) -> list[str]:
    result = run("list", "--all", "--json", *args)
    assert result.exit_code == 0, result.output
    return [row["session_id"] for row in json.loads(result.stdout)]


def run(*args: str | Path) -> Result:
    return CliRunner().invoke(app, [str(a) for a in args])


def test_grep_finds_what_the_author_typed_in_the_middle_of_a_session(sessions: Path) -> None:
    assert ids("--grep", "redis eviction policy") == [sid("cache")]  # the third message, across a line break
    assert ids("--grep", "REDIS  EVICTION") == [sid("cache")]  # case and spacing do not matter
    assert ids("--grep", "footer") == [sid("css")]
    assert ids("--grep", "Fix the CSS") == [sid("css")]  # the title still matches
    assert ids("--grep", "policy drop our keys? Fix") == []  # never across two messages or sessions


def test_what_claude_said_is_searched_only_when_asked(sessions: Path) -> None:
    assert ids("--grep", "done with step 3") == []  # Claude's words, not the author's
    assert ids("--grep", "done with step 3", "--grep-claude") == [sid("cache")]


def test_a_second_grep_reads_only_what_changed(sessions: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    log = tmp_path / "read.log"  # a file: the reads may happen in a forked child on the second core
    original = fulltext.session_text

    def counted(path: Path) -> fulltext.SessionText:
        with log.open("a") as fh:
            fh.write(path.stem + "\n")
        return original(path)

    def read() -> list[str]:
        names = log.read_text().split() if log.exists() else []
        log.unlink(missing_ok=True)
        return sorted(names)

    monkeypatch.setattr(fulltext, "session_text", counted)
    assert ids("--grep", "eviction") == [sid("cache")]
    assert read() == sorted([sid("cache"), sid("css")])
    assert ids("--grep", "footer") == [sid("css")]
    assert read() == []  # served from the index
    with (sessions / f"{sid('css')}.jsonl").open("a") as fh:
        record = {
            "type": "user",
            "uuid": "u-late",
            "parentUuid": None,
            "sessionId": sid("css"),
            "timestamp": "2026-03-02T20:00:00Z",
            "userType": "external",
            "cwd": CWD,
            "message": {"role": "user", "content": "also the sitemap"},
        }
        fh.write(json.dumps(record) + "\n")
    assert ids("--grep", "sitemap") == [sid("css")]
    assert read() == [sid("css")]  # only the session that grew


def test_a_corrupt_text_index_is_rebuilt(sessions: Path, tmp_path: Path) -> None:
    index = tmp_path / "cache" / "retell" / "text.sqlite"
    index.parent.mkdir(parents=True, exist_ok=True)
    index.write_bytes(b"this is not a database, it is a sandwich" * 100)
    assert ids("--grep", "eviction") == [sid("cache")]
    with sqlite3.connect(index) as db:  # a real index again
        assert db.execute("SELECT count(*) FROM texts").fetchone()[0] == 2


def test_a_corrupt_list_cache_is_rebuilt_too(sessions: Path, tmp_path: Path) -> None:
    assert ids("--grep", "eviction") == [sid("cache")]
    cache = tmp_path / "cache" / "retell" / "list.json"
    cache.write_bytes(b'{"schema_version": 3, "entries": {"x": ')
    assert ids("--grep", "eviction") == [sid("cache")]
    assert json.loads(cache.read_bytes())["entries"]


def test_grep_claude_alone_is_refused(sessions: Path) -> None:
    result = run("list", "--all", "--grep-claude")
    assert result.exit_code == 2 and "--grep-claude searches with --grep" in result.output
    assert "Traceback" not in result.output
