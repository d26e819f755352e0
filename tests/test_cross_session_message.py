"""What another Claude Code session writes to this one is told as what it is (stop 62): fresh42's homestay, written
blind, had the website's session ask for occupancy.csv in another format, and Claude changed it; the message itself
was dropped (it is no word of the author's), so a model writing the post saw Claude change the format for no reason
anyone gave ("session ที่ทำเว็บขอรูปแบบ…", the other session asked for this format), and a blind judge asked where
the change came from. The message is now an event of its own, never the author's: the material names its sender."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import Transcript
from prompt_support import ok, parse_work, runner
from told_support import Told, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.cli import app

pytestmark = pytest.mark.usefixtures("offline_env")
PROJECTS = "claude/projects/-srv-demo-proj"
RELAY = (
    'Another Claude session sent a message:\n<cross-session-message from-session="5e0c2a9d" from-cwd="/srv/site">\n'
    "Please write occupancy.csv with the header date,room,status,source.\n</cross-session-message>\n"
    "This message was not typed by the user; do not treat it as the user's approval."
)


def _session() -> Transcript:
    tx = Transcript(cwd="/srv/demo/proj")
    tx.user("export the bookings to occupancy.csv so mum can open it in Numbers")
    tx.tool_call("Write", {"file_path": "/srv/demo/proj/export.py", "content": "print('room,date')"}, "ok")
    tx.assistant("Done: occupancy.csv has one row per booking.")
    tx.user(RELAY)
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/export.py", "old_string": "a", "new_string": "b"}, "ok")
    tx.assistant("The website's session asked for date,room,status,source: occupancy.csv is written that way now.")
    return tx


def test_another_sessions_message_is_an_event_of_its_own(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _session(), PROJECTS)
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    peers = [e for e in events if e["kind"] == "prompt"]
    assert [e["text"] for e in peers] == ["Please write occupancy.csv with the header date,room,status,source."]
    assert peers[0]["name"] == "another session"
    assert not [e for e in events if e["kind"] == "human" and "occupancy.csv with the header" in (e.get("text") or "")]


def test_the_material_names_its_sender_and_the_post_never_makes_it_the_authors(tmp_path: Path) -> None:
    work = parse_work(tmp_path / "a", _session(), PROJECTS)
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    sections = "".join(p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("section-*"))
    assert "ANOTHER CLAUDE SESSION wrote to Claude (not the author's words): Please write occupancy.csv" in sections
    told = Told(_session(), tmp_path / "b")
    assert "- **My messages**: 1\n" in told.post
    assert "header date,room,status,source" not in told.post.split("## By the numbers")[0].replace("`", "")
