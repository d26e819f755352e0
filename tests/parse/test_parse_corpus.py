"""Every real transcript in ../shared/corpus parses (skipped when the corpus is absent, as in a fresh clone)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest
from conftest import CORPUS

from retell import jsonio
from retell.claude.locate import SessionRef
from retell.errors import InputError
from retell.events import walk
from retell.parse import ParseOptions, extract_session

pytestmark = pytest.mark.corpus

_SKIP = "no ../shared/corpus beside the repository"
_REMINDER = re.compile(r"<system-reminder>.*?</system-reminder>", re.S)
_NOT_TYPED = ("[Request interrupted", "Caveat:", "This session is being continued", "Stop hook feedback:")


def _top_level_transcripts() -> list[Path]:
    if not CORPUS.is_dir():
        return []
    return sorted(
        p
        for p in CORPUS.rglob("*.jsonl")
        if "subagents" not in p.relative_to(CORPUS).parts and not p.name.startswith("agent-")
    )


def _params() -> list[Any]:
    files = _top_level_transcripts()
    if not files:
        return [pytest.param(None, marks=pytest.mark.skip(reason=_SKIP), id="no-corpus")]
    return [pytest.param(p, id=str(p.relative_to(CORPUS))) for p in files]


def _typed_user_text(path: Path) -> bool:
    """An independent, rough reading: does any main-thread user record hold words (or a slash command)?"""
    for line in path.read_bytes().split(b"\n"):
        if b'"user"' not in line:
            continue
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError:
            continue
        if not isinstance(record, dict) or record.get("type") != "user":
            continue
        if record.get("isMeta") or record.get("isCompactSummary") or record.get("isSidechain"):
            continue
        message = record.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content or []
        for block in blocks:
            if not isinstance(block, dict) or block.get("type") != "text" or not isinstance(block.get("text"), str):
                continue
            text = _REMINDER.sub("", block["text"]).strip()
            if "<command-name>" in text or (text and not text.startswith(("<", *_NOT_TYPED))):
                return True
    return False


@pytest.mark.parametrize("path", _params())
def test_every_transcript_parses(path: Path) -> None:
    if path.stat().st_size == 0:  # Claude Code leaves empty session files behind: a clean refusal
        with pytest.raises(InputError, match="empty"):
            extract_session(SessionRef(path, path.stem), None, ParseOptions())
        return
    result = extract_session(SessionRef(path, path.stem), None, ParseOptions())

    log = result.log.to_dict()
    jsonio.dumps(log)  # writable as UTF-8 JSON
    jsonio.dumps(result.manifest)
    all_events = list(walk(result.log.events))
    ids = Counter(e.id for e in all_events)
    assert not [i for i, n in ids.items() if n > 1], "event ids must be unique"
    chapters = {c["id"] for c in log["chapters"]}
    assert {e.chapter for e in all_events} <= chapters
    if _typed_user_text(path):
        kinds = Counter(e["kind"] for e in log["events"])
        assert kinds["human"] + kinds["command"] >= 1, kinds


def test_parse_by_session_prefix_in_the_corpus_config_dir(cli, monkeypatch, tmp_path: Path) -> None:
    claude = CORPUS / "claude"
    if not (claude / "projects").is_dir():
        pytest.skip(_SKIP)
    sessions = sorted(p for p in (claude / "projects").glob("*/*.jsonl") if not p.name.startswith("agent-"))
    prefixes = Counter(p.stem[:8] for p in sessions)
    chosen = next(p for p in sessions if prefixes[p.stem[:8]] == 1)
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(claude))
    result = cli("parse", chosen.stem[:8], "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    manifest = orjson.loads((tmp_path / "out" / "manifest.json").read_bytes())
    assert manifest["source"]["path"] == str(chosen.resolve())
    assert (tmp_path / "out" / "events.json").is_file()
