"""The listing cache: keyed by path, size and mtime; disposable when corrupt, foreign or unwritable."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import orjson
import pytest
from discover_support import isolate, project, restore_tz, session, sid

from retell.discover.cache import CACHE_SCHEMA_VERSION, ListCache, cache_dir, default_cache_path
from retell.discover.headtail import ReadMeter
from retell.discover.listing import ListQuery, list_sessions

CWD = "/srv/app"


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


def _list(meter: ReadMeter | None = None) -> list[dict[str, object]]:
    listing = list_sessions(ListQuery(all_projects=True, limit=0), meter=meter)
    return [r.to_dict() for r in listing.rows]


def _cache_file() -> dict[str, object]:
    return orjson.loads(default_cache_path().read_bytes())


def test_the_cache_lives_in_xdg_cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert cache_dir() == tmp_path / "cache" / "retell"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "retell"


def test_a_second_listing_reads_no_transcript_bytes_and_gives_the_same_rows(config: Path) -> None:
    folder = project(config, CWD)
    for i in range(5):
        session(folder, f"s{i}", cwd=CWD)
    first_meter, second_meter = ReadMeter(), ReadMeter()
    first = _list(first_meter)
    second = _list(second_meter)
    assert first_meter.bytes > 0 and second_meter.bytes == 0
    assert first == second
    assert _cache_file()["schema_version"] == CACHE_SCHEMA_VERSION


def test_a_changed_file_is_read_again(config: Path) -> None:
    folder = project(config, CWD)
    path, tx = session(folder, "s", cwd=CWD)
    _list()
    tx.user("one more thing")
    tx.write(path)
    meter = ReadMeter()
    assert _list(meter)[0]["human_turns"] == 2
    assert list(meter.per_file) == [str(path)]


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"[]",
        b'{"schema_version": 1, "entries": []}',
        b'{"schema_version": 1, "entries": {"/x.jsonl": 3}}',
        b"\x00\xff" * 10,
    ],
    ids=["truncated", "a-list", "entries-not-a-dict", "entry-not-a-dict", "binary"],
)
def test_a_corrupt_cache_is_rebuilt_silently(config: Path, content: bytes) -> None:
    session(project(config, CWD), "s", cwd=CWD)
    default_cache_path().parent.mkdir(parents=True)
    default_cache_path().write_bytes(content)
    assert _list()[0]["session_id"] == sid("s")
    assert _cache_file()["schema_version"] == CACHE_SCHEMA_VERSION


def test_an_entry_with_wrong_types_is_read_again(config: Path) -> None:
    path, _ = session(project(config, CWD), "s", cwd=CWD)
    good = _list()
    data = _cache_file()
    entry = data["entries"][str(path)]  # type: ignore[index]
    entry["peek"]["human_turns"] = "many"
    entry["peek"]["titles"] = {"ai-title": 7}
    default_cache_path().write_bytes(orjson.dumps(data))
    meter = ReadMeter()
    assert _list(meter) == good and meter.bytes > 0


def test_a_cache_from_a_newer_retell_is_ignored_and_rebuilt(config: Path) -> None:
    path, _ = session(project(config, CWD), "s", cwd=CWD)
    st = path.stat()
    future = {
        "schema_version": CACHE_SCHEMA_VERSION + 1,
        "entries": {str(path): {"size": st.st_size, "mtime_ns": st.st_mtime_ns, "peek": {"title": "from the future"}}},
    }
    default_cache_path().parent.mkdir(parents=True)
    default_cache_path().write_bytes(orjson.dumps(future))
    rows = _list()
    assert rows[0]["title"] == "Fix the flaky test"
    assert _cache_file()["schema_version"] == CACHE_SCHEMA_VERSION


def test_an_unwritable_cache_does_not_stop_the_listing(
    config: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session(project(config, CWD), "s", cwd=CWD)
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache dir should be")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    assert _list()[0]["session_id"] == sid("s")


def test_deleted_sessions_leave_the_cache_other_projects_stay(config: Path) -> None:
    gone, _ = session(project(config, CWD), "gone", cwd=CWD)
    kept, _ = session(project(config, "/srv/other"), "kept", cwd="/srv/other")
    _list()
    gone.unlink()
    list_sessions(ListQuery(project=CWD))
    entries = _cache_file()["entries"]
    assert str(gone) not in entries and str(kept) in entries  # type: ignore[operator]
    shutil.rmtree(kept.parent)  # a whole project deleted: `--all` forgets it
    _list()
    assert str(kept) not in _cache_file()["entries"]  # type: ignore[operator]


def test_cache_entries_are_keyed_by_absolute_path(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path, _ = session(project(config, CWD), "s", cwd=CWD)
    monkeypatch.chdir(config.parent)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", os.path.relpath(config))
    _list()
    assert str(path.absolute()) in _cache_file()["entries"]  # type: ignore[operator]


def test_list_cache_round_trip(tmp_path: Path) -> None:
    from retell.discover.peek import Peek

    cache = ListCache(tmp_path / "c.json")
    peek = Peek(session_id="x", titles={"ai-title": "t"}, summaries=[["leaf", "text"]], human_turns=3)
    cache.put(Path("/p.jsonl"), 10, 20, peek)
    cache.save()
    loaded = ListCache.load(tmp_path / "c.json")
    assert loaded.get(Path("/p.jsonl"), 10, 20) == peek
    assert loaded.get(Path("/p.jsonl"), 11, 20) is None
