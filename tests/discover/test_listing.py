"""`list_sessions`: which files are sessions, where each row's facts come from, titles, filters."""

from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

import orjson
import pytest
from conftest import Transcript, write_jsonl
from discover_support import BIG_PAD, T0, at, isolate, project, restore_tz, session, sid

from retell.claude.locate import SessionRef
from retell.discover.headtail import ReadMeter
from retell.discover.listing import Listing, ListQuery, SessionRow, list_sessions
from retell.errors import InputError
from retell.parse import ParseOptions, extract_session

CWD = "/home/ana/src/my_app.v2"  # '_' and '.' make the folder name lossy: -home-ana-src-my-app-v2


@pytest.fixture(autouse=True)
def config(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[Path]:
    yield isolate(monkeypatch, tmp_path)
    restore_tz()


def _all(**kwargs: object) -> Listing:
    return list_sessions(ListQuery(all_projects=True, limit=0, **kwargs))  # type: ignore[arg-type]


def _row(listing: Listing, name: str) -> SessionRow:
    return next(r for r in listing.rows if r.session_id == sid(name))


# -- what is a session -------------------------------------------------------------------------------


def test_real_path_from_cwd_not_the_lossy_folder_name(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "one", cwd=CWD)
    row = _all().rows[0]
    assert folder.name == "-home-ana-src-my-app-v2"
    assert row.project == CWD and row.folder == folder.name
    assert row.to_dict()["project"] == CWD


def test_subagent_and_compaction_replay_files_are_not_sessions(config: Path) -> None:
    folder = project(config, CWD)
    path, _ = session(folder, "main", cwd=CWD, pad=BIG_PAD)  # big: counts come from the files on disk
    sub = path.with_suffix("") / "subagents"
    agent = Transcript(sid("main"), cwd=CWD, sidechain=True, agent_id="a1")
    agent.user("look around")
    agent.write(sub / "agent-a1.jsonl")
    agent.write(sub / "agent-acompact-77.jsonl")
    old = Transcript(sid("main"), cwd=CWD, sidechain=True, agent_id="b2")  # the pre-2.1.2 layout
    old.user("search the docs")
    old.write(folder / "agent-b2.jsonl")
    listing = _all()
    assert [r.session_id for r in listing.rows] == [sid("main")]
    row = listing.rows[0]
    assert row.peek.subagents == 2  # agent-a1 and the old-layout agent-b2
    assert row.peek.compactions == 1  # the acompact replay stands for a compaction


def test_empty_files_and_files_without_messages_are_skipped_and_counted(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "real", cwd=CWD)
    (folder / f"{sid('empty')}.jsonl").write_bytes(b"")
    write_jsonl(folder / f"{sid('hollow')}.jsonl", [{"type": "summary", "summary": "x", "leafUuid": "nowhere"}])
    listing = _all()
    assert [r.session_id for r in listing.rows] == [sid("real")]
    assert listing.empty_files == 2 and listing.sessions == 1


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads mode-000 files anyway")
def test_an_unreadable_file_is_listed_with_a_warning(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "ok", cwd=CWD)
    locked, _ = session(folder, "locked", cwd=CWD, start=at(60))
    locked.chmod(0)
    try:
        listing = _all()
    finally:
        locked.chmod(0o600)
    row = _row(listing, "locked")
    assert row.problem == "permission denied" and row.title == "(permission denied)"
    assert any("permission denied" in w for w in listing.warnings)
    assert _row(listing, "ok").problem is None
    assert _all().rows[0].problem is None  # readable again: read, not served from a cached failure


def test_an_unreadable_file_is_listed_with_a_warning_without_chmod(
    config: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same as above for root, who can read mode-000 files: the read itself fails."""
    import retell.discover.listing as listing_module

    folder = project(config, CWD)
    locked, _ = session(folder, "locked", cwd=CWD)

    def refuse(path: Path, *args: object, **kwargs: object) -> object:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(listing_module, "peek_session", refuse)
    listing = _all()
    assert listing.rows[0].problem == "permission denied"
    assert listing.rows[0].session_id == locked.stem
    assert listing.warnings == [f"{locked}: permission denied; listed without details"]


def test_a_growing_file_with_a_half_written_line_lists_and_is_reread_when_it_grows(config: Path) -> None:
    folder = project(config, CWD)
    path, tx = session(folder, "live", cwd=CWD, prompts=("first question",))
    with path.open("ab") as fh:
        fh.write(b'{"parentUuid":"x","type":"user","message":{"role":"user","content":"second qu')
    assert _all().rows[0].peek.human_turns == 1
    tx.user("second question")
    tx.write(path)
    assert _all().rows[0].peek.human_turns == 2


# -- facts of a row ------------------------------------------------------------------------------------


def test_a_small_file_is_read_whole_and_counts_like_parse(config: Path) -> None:
    folder = project(config, CWD)
    path, _ = session(folder, "small", cwd=CWD, prompts=("one", "two", "three"))
    row = _all().rows[0]
    manifest = extract_session(SessionRef(path, path.stem), None, ParseOptions()).manifest
    assert row.peek.exact and row.peek.depth == "file"
    assert row.peek.human_turns == manifest["counts"]["human_turns"] == 3
    assert row.peek.tool_calls == manifest["counts"]["tool_calls"]
    assert row.start == manifest["session"]["start"] and row.end == manifest["session"]["end"]
    assert row.peek.files_changed == 3


def test_a_big_file_is_read_at_both_ends_only_and_says_its_counts_are_lower_bounds(config: Path) -> None:
    folder = project(config, CWD)
    path, tx = session(
        folder,
        "big",
        cwd=CWD,
        prompts=("start here", "middle", "the end"),
        pad=BIG_PAD,
        tail=[{"type": "ai-title", "aiTitle": "Fixing the flaky test", "sessionId": sid("big")}],
    )
    meter = ReadMeter()
    listing = list_sessions(ListQuery(all_projects=True), meter=meter)
    row = listing.rows[0]
    assert path.stat().st_size > BIG_PAD
    assert meter.per_file[str(path)] <= 2 * 64 * 1024
    assert row.peek.depth == "windows" and not row.peek.exact
    assert row.peek.first_prompt == "start here"  # from the head
    assert row.title == "Fixing the flaky test" and row.title_source == "ai-title"  # from the tail
    assert row.start == tx.records[0]["timestamp"] and row.end == tx.records[-2]["timestamp"]
    assert 1 <= row.peek.human_turns <= 3


def test_title_precedence_custom_over_ai_over_summary_over_first_prompt(config: Path) -> None:
    folder = project(config, CWD)
    custom = {"type": "custom-title", "customTitle": "My title", "sessionId": sid("a")}
    ai = {"type": "ai-title", "aiTitle": "AI title", "sessionId": sid("a")}
    session(folder, "a", cwd=CWD, tail=[ai, custom])
    session(folder, "b", cwd=CWD, start=at(10), tail=[ai])
    _, c = session(folder, "c", cwd=CWD, start=at(20), prompts=("Why is CI red?\nmore detail",))
    leaf = c.records[-1]["uuid"]
    session(folder, "d", cwd=CWD, start=at(30), head=[{"type": "summary", "summary": "Red CI fixed", "leafUuid": leaf}])
    listing = _all()
    assert (_row(listing, "a").title, _row(listing, "a").title_source) == ("My title", "custom-title")
    assert (_row(listing, "b").title, _row(listing, "b").title_source) == ("AI title", "ai-title")
    assert (_row(listing, "c").title, _row(listing, "c").title_source) == ("Red CI fixed", "summary")
    assert (_row(listing, "d").title, _row(listing, "d").title_source) == (
        "Fix the flaky test",
        "first-prompt",
    )  # tidied as parse does


def test_a_summary_at_the_top_of_a_file_titles_the_session_its_leaf_is_in(config: Path) -> None:
    """d3ad4cdc's first line names ba79134d in the real corpus: the summary describes the earlier session."""
    folder = project(config, CWD)
    _, earlier = session(folder, "earlier", cwd=CWD, prompts=("write the program that embeds words",))
    resumed_head = [{"type": "summary", "summary": "Embedding words into sound", "leafUuid": earlier.last_uuid}]
    session(folder, "later", cwd=CWD, start=at(90), prompts=("make a notebook",), head=resumed_head)
    listing = _all()
    assert _row(listing, "earlier").title == "Embedding words into sound"
    assert _row(listing, "later").title == "Make a notebook"


def test_the_authors_own_request_comes_before_a_summary_written_by_a_later_session(config: Path) -> None:
    """A summary record at the top of a later file describes this one, and can be about something else: when
    its words are not the session's, the author's first request is the title (in parse and list alike)."""
    folder = project(config, CWD)
    _, earlier = session(folder, "earlier", cwd=CWD, prompts=("fix the flaky login test on CI",))
    head = [{"type": "summary", "summary": "Tokenizer App Documentation", "leafUuid": earlier.last_uuid}]
    session(folder, "later", cwd=CWD, start=at(90), prompts=("make a notebook",), head=head)
    row = _row(_all(), "earlier")
    assert (row.title, row.title_source) == ("Fix the flaky login test on CI", "first-prompt")


def test_first_prompt_skips_what_is_not_the_human_speaking(config: Path) -> None:
    folder = project(config, CWD)
    meta = Transcript(sid("x"), cwd=CWD)
    meta.user("<command-name>/clear</command-name>")
    meta.user("Caveat: The messages below were generated by the user while running local commands.", isMeta=True)
    meta.user("<system-reminder>ignore</system-reminder>Refactor the parser please")
    meta.assistant("Sure.")
    meta.write(folder / f"{sid('x')}.jsonl")
    assert _all().rows[0].title == "Refactor the parser"  # tidied: no "please"


# -- the index fast path -------------------------------------------------------------------------------


def _index(folder: Path, entries: list[dict[str, object]], original: str = CWD) -> None:
    (folder / "sessions-index.json").write_bytes(
        orjson.dumps({"version": 1, "entries": entries, "originalPath": original})
    )


def test_a_valid_index_entry_is_used_without_reading_the_file(config: Path) -> None:
    folder = project(config, CWD)
    path, _ = session(folder, "indexed", cwd=CWD)
    entry = {
        "sessionId": sid("indexed"),
        "fullPath": f"/elsewhere/{path.name}",  # written on another machine: matched by name
        "fileMtime": path.stat().st_mtime_ns / 1e6,
        "firstPrompt": "Please fix the flaky test",
        "summary": "Flaky test fixed",
        "messageCount": 6,
        "created": "2026-03-02T09:00:00.000Z",
        "modified": "2026-03-02T09:30:00.000Z",
        "gitBranch": "main",
        "projectPath": CWD,
        "isSidechain": False,
    }
    _index(folder, [entry, {"sessionId": 42}, "junk"])
    meter = ReadMeter()
    row = list_sessions(ListQuery(all_projects=True), meter=meter).rows[0]
    assert str(path) not in meter.per_file
    assert row.peek.depth == "index" and row.title == "Flaky test fixed" and row.peek.messages == 6
    assert row.duration_ms == 30 * 60_000 and row.peek.human_turns is None


def test_a_stale_or_broken_index_is_ignored(config: Path) -> None:
    folder = project(config, CWD)
    path, _ = session(folder, "s", cwd=CWD)
    _index(folder, [{"sessionId": sid("s"), "fileMtime": 1, "summary": "stale"}])
    assert _all().rows[0].peek.depth == "file"
    (folder / "sessions-index.json").write_bytes(b"{not json")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))  # a fresh read
    assert _all().rows[0].title == "Fix the flaky test"  # tidied as parse does


def test_the_index_names_the_project_when_no_record_does(config: Path) -> None:
    folder = project(config, "/opt/tool")
    write_jsonl(
        folder / f"{sid('s')}.jsonl",
        [{"type": "user", "message": {"role": "user", "content": "hi"}, "timestamp": "2026-03-02T09:00:00Z"}],
    )
    _index(folder, [], original="/opt/tool")
    assert _all().rows[0].project == "/opt/tool"


# -- which project --------------------------------------------------------------------------------------


def test_default_project_is_the_current_folder_or_its_nearest_parent(config: Path, tmp_path: Path) -> None:
    here = tmp_path / "work" / "app"
    (here / "src").mkdir(parents=True)
    session(project(config, str(here)), "mine", cwd=str(here))
    session(project(config, "/other"), "theirs", cwd="/other")
    for cwd in (here, here / "src"):
        rows = list_sessions(ListQuery(), cwd=cwd).rows
        assert [r.session_id for r in rows] == [sid("mine")]


def test_project_by_path_folder_name_or_unique_ending(config: Path) -> None:
    session(project(config, CWD), "mine", cwd=CWD)
    session(project(config, "/srv/other"), "theirs", cwd="/srv/other")
    folder = config / "projects" / "-home-ana-src-my-app-v2"
    for given in (CWD, folder.name, str(folder), "my_app.v2", "src/my-app-v2"):
        rows = list_sessions(ListQuery(project=given), cwd=Path("/")).rows
        assert [r.session_id for r in rows] == [sid("mine")], given


def test_unknown_project_and_missing_config_dir_are_clear_errors(config: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    session(project(config, CWD), "mine", cwd=CWD)
    with pytest.raises(InputError, match="retell list --all"):
        list_sessions(ListQuery(project="/no/such/project"))
    with pytest.raises(InputError, match=r"no Claude Code sessions for /nowhere"):
        list_sessions(ListQuery(), cwd=Path("/nowhere"))
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(config.parent / "missing"))
    with pytest.raises(InputError, match="CLAUDE_CONFIG_DIR") as err:
        list_sessions(ListQuery(all_projects=True))
    assert str(config.parent / "missing" / "projects") in str(err.value)


# -- filters and order -----------------------------------------------------------------------------------


def test_newest_first_limit_grep_and_since(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "old", cwd=CWD, start=T0, prompts=("Port the parser to Rust",))
    session(folder, "mid", cwd=CWD, start=at(24 * 60), prompts=("Fix the CSS",))
    session(folder, "new", cwd=CWD, start=at(48 * 60), prompts=("Write the release notes",))
    ids = lambda listing: [r.session_id for r in listing.rows]  # noqa: E731
    assert ids(_all()) == [sid("new"), sid("mid"), sid("old")]
    limited = list_sessions(ListQuery(all_projects=True, limit=2))
    assert ids(limited) == [sid("new"), sid("mid")] and limited.matched == 3
    assert ids(_all(grep="rust")) == [sid("old")]
    assert ids(_all(grep="MY_APP")) == ids(_all())  # the project path matches too
    assert ids(_all(since=datetime(2026, 3, 3, tzinfo=timezone.utc))) == [sid("new"), sid("mid")]


def test_sort_by_score(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "short", cwd=CWD, start=at(60))
    session(folder, "rich", cwd=CWD, prompts=tuple(f"step {i}" for i in range(8)))
    rows = list_sessions(ListQuery(all_projects=True, sort="score")).rows
    assert [r.session_id for r in rows] == [sid("rich"), sid("short")]
    assert rows[0].score > rows[1].score


def test_exact_parses_the_rows_shown_and_caches_the_counts(config: Path) -> None:
    folder = project(config, CWD)
    session(folder, "big", cwd=CWD, prompts=("a", "b", "c", "d", "e"), pad=BIG_PAD)
    assert not _all().rows[0].peek.exact
    row = list_sessions(ListQuery(all_projects=True, exact=True)).rows[0]
    assert row.peek.exact and row.peek.depth == "parse" and row.peek.human_turns == 5
    meter = ReadMeter()
    again = list_sessions(ListQuery(all_projects=True), meter=meter).rows[0]
    assert again.peek.human_turns == 5 and meter.bytes == 0
