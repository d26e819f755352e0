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

import pytest
from typer.testing import CliRunner

from retell.cli import app

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples/claude/projects/-home-sam-src-tidyfeeds/0b7c3f52-5d1e-4a8e-9c1a-7f3e2d9b6a10.jsonl"
GOLDEN_EVENTS = ROOT / "tests/golden/example.events.json"
POST_DIR = ROOT / "examples/post"
GOLDEN_DRAFT = ROOT / "examples/draft.md"
UPDATE = os.environ.get("RETELL_UPDATE_GOLDEN") == "1"
# Image files are named by the hash of their encoded bytes, which depends on the installed libwebp.
_IMAGE_NAME = re.compile(r"[0-9a-f]{16}\.(webp|png|jpg|gif)")


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))  # no user overrides of prompts or prices


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
