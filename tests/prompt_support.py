"""What the prompt rounds' tests share: a work folder made from a session in the real record format, parsed and
approved (its post's language set when asked), and the prompts a model would be sent for it."""

from __future__ import annotations

import json
import re
from pathlib import Path

from conftest import Transcript
from told_support import ok
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()


def parse_work(tmp_path: Path, tx: Transcript, projects: str, language: str = "") -> Path:
    """The session written under `projects` in tmp_path, parsed into tmp_path/w and approved as proposed."""
    path = tx.write(tmp_path / projects / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    if language:
        ok(runner.invoke(app, ["triage", str(work), "-q"]))
        doc = yamlio.load(work / "triage.yaml")
        doc["post"]["language"] = language
        (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def outline_prompt(work: Path) -> str:
    """The outline prompt the anthropic engine would send (a dry run)."""
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def section_prompts(work: Path) -> list[str]:
    """The section prompts of the offline engine's outline, as the hand-off engine would write them."""
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


def event_block(prompt: str, event_id: str) -> str:
    """The lines of one event in a material: its own line and the indented lines under it."""
    match = re.search(rf"^\[{event_id}\] .*(?:\n  .*)*", prompt, re.M)
    assert match, f"[{event_id}] not in the prompt"
    return match.group(0)


def event_ids(work: Path, kind: str) -> list[str]:
    """The ids of the work folder's top-level events of `kind` ("tool_run", "assistant"…), in order."""
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    return [e["id"] for e in events if e["kind"] == kind]


def plan_section(sid: str, *beats: tuple[str, list[str]]) -> dict:
    """A section of a hand-written outline.yaml: (beat, its events) each told as a summary."""
    return {
        "id": sid,
        "heading": f"Part {sid}",
        "chapters": ["ch1"],
        "purpose": "Tell it.",
        "beats": [
            {"beat": kind, "treatment": "summarise", "events": ids, "note": "It.", "show": []} for kind, ids in beats
        ],
        "images": [],
    }


def handoff_prompts(work: Path, plan: dict, answer: str) -> tuple[list[str], str]:
    """The section prompts the hand-off engine writes for a hand-written outline (`plan`), and the finishing prompt
    it writes once every section is answered with `answer`."""
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(plan), "outline.yaml"), backup=False)
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    handoff = work / "handoff"
    sections = [p.read_text(encoding="utf-8") for p in sorted(handoff.glob("*-section-*.prompt.md"))]
    for prompt in sorted(handoff.glob("*-section-*.prompt.md")):
        prompt.with_name(prompt.name.removesuffix(".prompt.md") + ".answer.md").write_text(answer, encoding="utf-8")
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    return sections, next(handoff.glob("*-finish-*.prompt.md")).read_text(encoding="utf-8")
