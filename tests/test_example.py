"""Golden tests on the bundled example: its events.json, the offline post committed in examples/post/, and
the offline draft it was rendered from (examples/draft.md, with its hidden citation markers).

Set RETELL_UPDATE_GOLDEN=1 to rewrite the golden files after an intended change (then review the diff).
"""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

import pytest
from told_support import no_live_settings  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app
from retell.write.facts import session_facts

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
GOLDEN_EVENTS = ROOT / "tests/golden/example.events.json"
POST_DIR = ROOT / "examples/post"
GOLDEN_DRAFT = ROOT / "examples/draft.md"
UPDATE = os.environ.get("RETELL_UPDATE_GOLDEN") == "1"
# Image files are named by the hash of their encoded bytes, which depends on the installed libwebp.
_IMAGE_NAME = re.compile(r"[0-9a-f]{16}\.(webp|png|jpg|gif)")
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_example_events_match_the_golden_file(tmp_path: Path) -> None:
    _run("parse", str(EXAMPLE), "-o", str(tmp_path / "w"), "-q")
    produced = (tmp_path / "w/events.json").read_text(encoding="utf-8")
    if UPDATE:
        GOLDEN_EVENTS.write_text(produced, encoding="utf-8")
    assert produced == GOLDEN_EVENTS.read_text(encoding="utf-8"), (
        "events.json of the example changed; if intended, rerun with RETELL_UPDATE_GOLDEN=1 and review the diff"
    )


def test_example_tells_its_story(tmp_path: Path) -> None:
    """What a reader of the example post relies on, stated plainly (the golden file says the rest)."""
    _run("parse", str(EXAMPLE), "-o", str(tmp_path / "w"), "-q")
    manifest = json.loads((tmp_path / "w/manifest.json").read_text())
    counts = manifest["counts"]
    assert counts["human_turns"] >= 6
    assert [c["reason"] for c in manifest["chapters"]] == ["start", "compaction"]
    assert manifest["chapters"][1]["bridge"]
    assert len(manifest["subagents"]["linked"]) == 1
    assert manifest["subagents"]["unlinked_files"] == []
    assert counts["images"] == 2
    assert {f["kind"] for f in manifest["pii_warnings"]} >= {"github-token", "email", "home-path"}
    assert manifest["malformed"]["count"] == 0


def _normalised(text: str) -> str:
    return _IMAGE_NAME.sub("IMAGE.\\1", text)


def test_offline_post_of_the_example_matches_the_committed_one(tmp_path: Path) -> None:
    work = tmp_path / "w"
    _run("run", str(EXAMPLE), "-o", str(work), "--yes", "--engine", "offline", "-q")
    produced_dir = next((work / "post").iterdir())
    committed_dir = POST_DIR / produced_dir.name
    if UPDATE:
        shutil.rmtree(POST_DIR, ignore_errors=True)
        shutil.copytree(produced_dir, committed_dir, ignore=shutil.ignore_patterns(".retell-render.json"))
    produced = (produced_dir / "index.md").read_text(encoding="utf-8")
    committed = (committed_dir / "index.md").read_text(encoding="utf-8")
    assert _normalised(produced) == _normalised(committed), (
        "the offline post of the example changed; if intended, rerun with RETELL_UPDATE_GOLDEN=1"
    )
    for match in _IMAGE_NAME.finditer(committed):
        assert (committed_dir / match.group(0)).is_file(), f"examples/post is missing {match.group(0)}"


def test_offline_draft_is_deterministic(tmp_path: Path) -> None:
    outputs = []
    for name in ("a", "b"):
        work = tmp_path / name
        _run("run", str(EXAMPLE), "-o", str(work), "--yes", "--engine", "offline", "-q")
        outputs.append((work / "draft.md").read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1]


def test_the_committed_draft_of_the_example_checks_clean(tmp_path: Path) -> None:
    work = tmp_path / "w"
    _run("run", str(EXAMPLE), "-o", str(work), "--yes", "--engine", "offline", "-q")
    produced = (work / "draft.md").read_text(encoding="utf-8")
    if UPDATE:
        GOLDEN_DRAFT.write_text(produced, encoding="utf-8")
    assert produced == GOLDEN_DRAFT.read_text(encoding="utf-8"), (
        "the offline draft of the example changed; if intended, rerun with RETELL_UPDATE_GOLDEN=1"
    )
    shutil.copy(GOLDEN_DRAFT, work / "draft.md")
    result = CliRunner().invoke(app, ["check", str(work)])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Check: ") and result.output.rstrip().endswith("nothing untraced")


# -- the three example sessions as one story ------------------------------------------------------------

FOLLOW_UP = EXAMPLE.with_name("5a1e94d0-7b3c-4f28-8d6e-2c9a0b4f1e37.jsonl")  # two days later, same branch
RESUMED = EXAMPLE.with_name("c3d97e21-0a4f-4b6d-9e85-71f2a6c3b5d8.jsonl")  # the follow-up, resumed that evening
_TOKEN_FIELDS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def _manifest(folder: Path) -> dict[str, Any]:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_the_example_sessions_make_one_post_in_time_order(tmp_path: Path) -> None:
    work = tmp_path / "w"
    _run("run", str(RESUMED), str(EXAMPLE), str(FOLLOW_UP), "-o", str(work), "--yes", "--engine", "offline", "-q")
    (post,) = list((work / "post").glob("*/index.md"))
    text = post.read_text(encoding="utf-8")
    # One story: Tuesday's session, then Thursday's, then its resumption, each opened with the time that passed.
    first = text.index("Some of my feeds come out of tidyfeeds garbled.")
    second = text.index("Two days later, on Thursday 14 May, I picked up where that session had stopped")
    third = text.index("Three hours later, I resumed that session.")
    assert first < text.index("back on the encoding branch before I open the PR") < third
    assert first < second < third
    assert text.count("back on the encoding branch before I open the PR") == 1  # replayed, told once
    assert "- **Sessions**: 3, over 3 days (2026-05-12 to 2026-05-14)\n" in text
    assert "ghp_" not in text  # the token, in two sessions, was redacted by one decision
    assert len(list(work.glob("triage.yaml"))) == 1
    assert [s["id"] for s in yamlio.load(work / "triage.yaml")["sessions"]] == ["0b7c3f52", "5a1e94d0", "c3d97e21"]


def test_the_example_story_s_numbers_are_the_sessions_numbers(tmp_path: Path) -> None:
    for name, path in (("one", EXAMPLE), ("two", FOLLOW_UP), ("three", RESUMED)):
        _run("parse", str(path), "-o", str(tmp_path / name), "-q")
    _run("parse", str(EXAMPLE), str(FOLLOW_UP), str(RESUMED), "-o", str(tmp_path / "all"), "-q")
    one, two, three, joined = (_manifest(tmp_path / n) for n in ("one", "two", "three", "all"))
    facts = session_facts(joined)
    single = [session_facts(m) for m in (one, two, three)]
    # The resumed file replays the whole of session two: the story counts it once, so it is one + three.
    for name in ("human_turns", "tool_calls", "tool_errors", "subagents", "compactions"):
        assert facts[name] == single[0][name] + single[2][name], name
        assert single[2][name] >= single[1][name], name
    (agent,) = joined["subagents"]["linked"]  # the Explore agent stays with Tuesday's session
    assert agent["event"].startswith("0b7c3f52-e") and agent["file"].startswith("0b7c3f52-5d1e")
    own_three = joined["sessions"][2]
    assert own_three["records"]["replayed"] > 0 and own_three["continues"] == "5a1e94d0"
    assert facts["human_turns"] == sum(s["counts"]["human_turns"] for s in joined["sessions"])
    # Tokens: each API message once, across every file (subagents included).
    distinct: dict[str, int] = {}
    for path in EXAMPLE.parent.rglob("*.jsonl"):
        if path.name.startswith("agent-acompact"):
            continue  # a compaction replay, not a conversation retell reads
        for line in path.read_text(encoding="utf-8").splitlines():
            record = json.loads(line)
            message = record.get("message")
            if record.get("type") == "assistant" and isinstance(message, dict) and "usage" in message:
                distinct[message["id"]] = sum(message["usage"].get(k, 0) for k in _TOKEN_FIELDS)
    assert facts["tokens"] == sum(distinct.values())
    assert facts["sessions"] == 3 and facts["days"] == 3


def test_the_example_story_is_deterministic(tmp_path: Path) -> None:
    for name, order in (("a", (EXAMPLE, FOLLOW_UP, RESUMED)), ("b", (RESUMED, FOLLOW_UP, EXAMPLE))):
        _run("parse", *map(str, order), "-o", str(tmp_path / name), "-q")
    for file in ("events.json", "manifest.json"):
        assert (tmp_path / "a" / file).read_bytes() == (tmp_path / "b" / file).read_bytes(), file
