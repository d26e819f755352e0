"""What outline and draft share: the prompt context built from triage and the facts, and the options."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from retell.errors import RetellError
from retell.events import EventLog
from retell.report import gap_phrase, utc_minute
from retell.templating import TemplateLibrary
from retell.triage.model import LENGTHS, Triage
from retell.write.facts import session_facts
from retell.write.locales import length_range
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
        "length": length_range(triage.post.language, triage.post.length),
        "facts": session_facts(manifest, triage.told_sessions()),
        "notes": notes,
        "links": triage.story.links,
        "banned_examples": ", ".join(f"“{p}”" for p in style.examples[:6]),
    }


def prompts(options: StageOptions) -> TemplateLibrary:
    return TemplateLibrary("prompts", options.prompts_dir)


def session_openings(view: EventLog) -> dict[str, str]:
    """In a story of several sessions: the first told chapter of each session -> a line that places it in
    time ("Session 2 of 3 (d3ad4cdc), 2025-06-08 11:00 UTC, four minutes after the previous one ended; it
    continues that one"). Empty for one session."""
    if len(view.sessions) < 2:
        return {}
    sessions = {s.key: s for s in view.sessions}
    openings: dict[str, str] = {}
    previous = None
    for chapter in view.chapters:
        session = sessions.get(chapter.session or "")
        if session is None or session is previous:
            continue
        n = view.sessions.index(session) + 1
        line = f"Session {n} of {len(view.sessions)} ({session.key}), {utc_minute(session.start)}"
        if previous is not None:
            gap = gap_phrase(previous.end, session.start)
            line += f", {gap.replace(' later', ' after')} the previous one ended" if gap.endswith("later") else ""
            if session.continues == previous.key:
                line += "; it resumes that one" if session.resumed else "; it continues that one"
        openings[chapter.id] = line
        previous = session
    return openings


def chapter_titles(triage: Triage, view: EventLog) -> dict[str, str]:
    titles = {c.id: c.title for c in triage.chapters}
    return {c.id: titles.get(c.id) or f"Part {c.index}" for c in view.chapters}
