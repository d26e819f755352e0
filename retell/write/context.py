"""What outline and draft share: the prompt context built from triage and the facts, and the options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.events import EventLog
from retell.templating import TemplateLibrary
from retell.triage.model import LENGTHS, Triage
from retell.write.facts import session_facts
from retell.write.style import load_style

ANGLE_HELP = {
    "process": "how the session went, step by step, with its turns",
    "decision": "why one approach won over another",
    "methodology": "a reusable way of working the reader can apply",
    "capability": "what the tool can now do, shown through the session",
    "tool-building": "making the tool itself",
}
MAX_NOTE_CHARS = 20_000


@dataclass
class StageOptions:
    engine: str | None = None
    model: str | None = None
    force: bool = False
    dry_run: bool = False
    max_cost: float | None = None
    jobs: int = 3
    prompts_dir: Path | None = None
    max_input_tokens: int = 60_000


def system_context(triage: Triage, manifest: dict[str, Any]) -> dict[str, Any]:
    """The variables of prompts/system.md.j2. Author notes go in as written: a secret in one is stopped by
    the guard (triage never saw it, so it cannot be cleared there)."""
    notes = []
    for path in triage.story.notes:
        try:
            text = Path(path).read_text(encoding="utf-8", errors="replace")
        except OSError as exc:
            raise RetellError(f"cannot read the note {path}: {exc.strerror}") from None
        notes.append({"name": Path(path).name, "text": text[:MAX_NOTE_CHARS]})
    style = load_style()
    return {
        "post": triage.post,
        "story": triage.story,
        "angle_help": ANGLE_HELP.get(triage.story.angle, ""),
        "words": LENGTHS[triage.post.length],
        "facts": session_facts(manifest, triage.told_sessions()),
        "notes": notes,
        "links": triage.story.links,
        "banned_examples": ", ".join(f"“{p}”" for p in style.examples[:6]),
    }


def prompts(options: StageOptions) -> TemplateLibrary:
    return TemplateLibrary("prompts", options.prompts_dir)


def chapter_titles(triage: Triage, view: EventLog) -> dict[str, str]:
    titles = {c.id: c.title for c in triage.chapters}
    return {c.id: titles.get(c.id) or f"Part {c.index}" for c in view.chapters}
