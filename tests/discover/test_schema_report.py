"""`retell schema`: every line decoded and counted; what retell does not know is named."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from conftest import Transcript, image_block, make_png, write_jsonl

from retell.discover.schema_report import render_survey, survey, transcript_files
from retell.errors import InputError


def _transcript(tmp_path: Path) -> Path:
    tx = Transcript()
    tx.user("Hello")
    tx.assistant("Hi", "there")  # two text blocks in one message
    tx.tool_call("Read", {"file_path": "/a.py"}, [{"type": "text", "text": "x"}, image_block(make_png())])
    tx.system("turn_duration", durationMs=10)
    tx.attachment({"type": "hook_success", "content": ""})
    tx.add({"type": "progress", "data": {"type": "hook_progress"}, "uuid": "p1"})
    return tx.write(tmp_path / "s.jsonl")


def test_counts_types_subtypes_blocks_keys_and_versions(tmp_path: Path) -> None:
    result = survey([_transcript(tmp_path)])
    assert result.files == 1 and result.malformed == 0
    assert result.record_types == {"user": 2, "assistant": 2, "system": 1, "attachment": 1, "progress": 1}
    assert result.system_subtypes == {"turn_duration": 1}
    assert result.attachment_types == {"hook_success": 1}
    assert result.progress_types == {"hook_progress": 1}
    # the user's string content is no block; the tool result's text and image are
    assert result.content_blocks == {"text": 3, "tool_use": 1, "tool_result": 1, "image": 1}
    assert result.top_level_keys["sessionId"] == 6 and result.versions == {"2.1.20": 6}
    assert all(not names for names in result.unknown().values())
    assert "retell knows every type" in render_survey(result)


def test_unknown_names_are_reported(tmp_path: Path) -> None:
    records = [
        {"type": "hologram", "uuid": "u1"},
        {"type": "system", "subtype": "time_travel", "flux": 1},
        {"type": "attachment", "attachment": {"type": "smell"}},
        {"type": "assistant", "message": {"content": [{"type": "telepathy"}]}},
        {"type": "progress", "data": {"type": "teleport_progress"}},
    ]
    path = write_jsonl(tmp_path / "new.jsonl", records)
    unknown = survey([path]).unknown()
    assert unknown["record_types"] == {"hologram": 1}
    assert unknown["system_subtypes"] == {"time_travel": 1}
    assert unknown["attachment_types"] == {"smell": 1}
    assert unknown["content_blocks"] == {"telepathy": 1}
    assert unknown["progress_types"] == {"teleport_progress": 1}
    assert unknown["top_level_keys"] == {"flux": 1}
    text = render_survey(survey([path]))
    assert "hologram" in text and "← new to retell" in text and "(in system)" in text
    assert "retell does not know 6 of these" in text


def test_a_folder_is_searched_and_history_is_not_a_transcript(tmp_path: Path) -> None:
    _transcript(tmp_path / "projects" / "p")
    write_jsonl(tmp_path / "projects" / "p" / "s" / "subagents" / "agent-a.jsonl", [{"type": "user"}])
    write_jsonl(tmp_path / "history.jsonl", [{"display": "hi", "project": "/x"}])
    files = transcript_files([tmp_path])
    assert sorted(f.name for f in files) == ["agent-a.jsonl", "s.jsonl"]
    assert survey([tmp_path]).files == 2


def test_empty_malformed_and_missing(tmp_path: Path) -> None:
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "bad.jsonl").write_bytes(b'{"type":"user"}\nnot json\n[1,2]\n\n{"type":"user","message":{"con')
    result = survey([tmp_path])
    assert result.files == 2 and result.empty_files == [str(tmp_path / "empty.jsonl")]
    assert result.records == 1 and result.malformed == 3  # bad JSON, a non-object, the cut last line
    with pytest.raises(InputError, match="no such file"):
        survey([tmp_path / "nope.jsonl"])


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads mode-000 files anyway")
def test_an_unreadable_file_is_noted(tmp_path: Path) -> None:
    path = _transcript(tmp_path)
    path.chmod(0)
    try:
        result = survey([path])
    finally:
        path.chmod(0o600)
    assert result.files == 0 and "Permission denied" in result.unreadable[0]


def test_schema_counts_agree_with_the_parse_manifest(tmp_path: Path) -> None:
    from retell.claude.locate import SessionRef
    from retell.parse import ParseOptions, extract_session

    path = _transcript(tmp_path)
    manifest = extract_session(SessionRef(path, path.stem), None, ParseOptions()).manifest
    result = survey([path])
    assert dict(result.record_types) == manifest["records"]["by_type"]
    assert dict(result.attachment_types) == manifest["records"]["attachment_types"]
