"""list / stats / schema over the real transcripts in ../shared/corpus/claude, used as a config dir."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from discover_support import CORPUS

from retell.claude.locate import SessionRef, is_subagent_file
from retell.discover.listing import Listing, ListQuery, SessionRow, list_sessions
from retell.discover.schema_report import survey
from retell.discover.stats import session_stats
from retell.llm.pricing import load_prices
from retell.parse import ParseOptions, extract_session

CONFIG = CORPUS / "claude"
AI_MUSIC = "-Users-chip-dev-ai-music"

pytestmark = [
    pytest.mark.corpus,
    pytest.mark.skipif(not (CONFIG / "projects").is_dir(), reason="../shared/corpus/claude is not present"),
]


@pytest.fixture(scope="module")
def listing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Listing]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("CLAUDE_CONFIG_DIR", str(CONFIG))
        mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("cache")))
        yield list_sessions(ListQuery(all_projects=True, limit=0))


@pytest.fixture(scope="module")
def manifests(listing: Listing) -> dict[str, dict[str, Any]]:
    return {
        str(r.path): extract_session(SessionRef(r.path, r.path.stem), None, ParseOptions()).manifest
        for r in listing.rows
    }


def _by_prefix(listing: Listing, prefix: str) -> SessionRow:
    return next(r for r in listing.rows if r.session_id.startswith(prefix))


def test_ai_music_titles_follow_summaries_to_the_session_they_describe(listing: Listing) -> None:
    # d3ad4cdc's own first line summarises ba79134d; fed8ce56's summarises d3ad4cdc; nobody's names fed8ce56.
    assert _by_prefix(listing, "ba79134d").title == "AI Music: Embedding Words into Sound"
    assert _by_prefix(listing, "d3ad4cdc").title == "AI Music Generation: Diverse Embedding Mapping"
    fed = _by_prefix(listing, "fed8ce56")
    assert (fed.title, fed.title_source) == ("Push to github", "first-prompt")
    for prefix in ("ba79134d", "d3ad4cdc", "fed8ce56"):
        row = _by_prefix(listing, prefix)
        assert row.project == "/Users/chip/dev/ai-music" and row.folder == AI_MUSIC


def test_every_session_file_is_a_row_or_counted_as_empty_and_no_agent_file_is(listing: Listing) -> None:
    session_files = [p for p in (CONFIG / "projects").glob("*/*.jsonl") if not is_subagent_file(p)]
    assert len(listing.rows) + listing.empty_files == len(session_files)
    assert not any(r.path.name.startswith("agent-") or "subagents" in r.path.parts for r in listing.rows)
    empty = {p.stem for p in session_files if p.stat().st_size == 0}
    assert empty.isdisjoint(r.path.stem for r in listing.rows)


def test_rows_agree_with_the_parse_manifest(listing: Listing, manifests: dict[str, dict[str, Any]]) -> None:
    for row in listing.rows:
        manifest = manifests[str(row.path)]
        counts, session = manifest["counts"], manifest["session"]
        assert row.project == session["cwd"], row.path
        assert row.session_id == session["id"], row.path
        if row.peek.exact:
            for key in ("human_turns", "tool_calls", "subagents", "compactions", "images"):
                assert getattr(row.peek, key) == counts[key], (row.path, key)
            assert (row.start, row.end) == (session["start"], session["end"]), row.path
        else:  # head and tail only: never more than there is
            assert 0 <= row.peek.human_turns <= counts["human_turns"], row.path
            assert row.peek.tool_calls <= counts["tool_calls"], row.path
            assert row.end == session["end"], row.path
        if row.peek.exact or session["title_source"] in ("custom-title", "ai-title"):
            assert (row.title, row.title_source) == (session["title"], session["title_source"]), row.path
        if row.title_source == "first-prompt" and session["title_source"] == "first-prompt":
            assert row.title == session["title"], row.path


def test_stats_agree_with_the_manifest(listing: Listing, manifests: dict[str, dict[str, Any]]) -> None:
    prices = load_prices(Path("/nonexistent.yaml"))
    for row in listing.rows:
        stats = session_stats(SessionRef(row.path, row.path.stem), prices).stats
        manifest = manifests[str(row.path)]
        counts, usage = manifest["counts"], manifest["usage"]
        assert stats["turns"] == {"human": counts["human_turns"], "assistant_messages": counts["assistant_messages"]}
        assert (stats["tools"]["calls"], stats["tools"]["errors"]) == (counts["tool_calls"], counts["tool_errors"])
        assert sum(t["calls"] for t in stats["tools"]["by_tool"].values()) == counts["tool_calls"]
        assert sum(t["errors"] for t in stats["tools"]["by_tool"].values()) == counts["tool_errors"]
        assert stats["images"] == counts["images"]
        assert stats["subagents"]["spawned"] == counts["subagents"]
        assert stats["compactions"] == counts["compactions"]
        for part in ("main", "subagents", "total"):
            t = stats["tokens"][part]
            u = usage[part]
            assert (t["input"], t["output"], t["cache_read"], t["cache_write"], t["api_messages"]) == (
                u["input_tokens"],
                u["output_tokens"],
                u["cache_read_input_tokens"],
                u["cache_creation_input_tokens"],
                u["api_messages"],
            ), (row.path, part)
        assert stats["time"]["active_ms"] == manifest["session"]["active_ms"]


def test_schema_of_the_corpus(manifests: dict[str, dict[str, Any]]) -> None:
    result = survey([CONFIG])
    assert result.files > len(manifests) and result.malformed == 0
    assert not any(result.unknown()[name] for name in ("record_types", "system_subtypes", "content_blocks"))
    for path, manifest in list(manifests.items())[:10]:  # the reader's byte-level counts, checked by decoding
        assert dict(survey([Path(path)]).record_types) == manifest["records"]["by_type"], path


def test_a_first_listing_on_two_cores_is_the_listing_on_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forks: list[int]
) -> None:
    """The files not in the cache are shared with a forked child (retell/cores.py): same rows, same bytes read."""
    from retell import cores

    if not cores.sys.platform.startswith("linux"):
        pytest.skip("the second core is used on Linux only")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(CONFIG))
    monkeypatch.setattr(cores, "can_fork", lambda: False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "one"))
    alone = list_sessions(ListQuery(all_projects=True, limit=0))
    assert not forks
    monkeypatch.setattr(cores, "can_fork", lambda: True)  # (whatever idle threads other tests left)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "two"))
    shared = list_sessions(ListQuery(all_projects=True, limit=0))
    assert forks
    assert [r.to_dict() for r in shared.rows] == [r.to_dict() for r in alone.rows]
    assert shared.warnings == alone.warnings and shared.sources == alone.sources
    assert shared.meter.per_file == alone.meter.per_file
