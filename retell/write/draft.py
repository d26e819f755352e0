"""`retell draft`: the post's prose, as draft.md.

With a model: one call per outline section (independent, run concurrently), then one call for the
opening, transitions and ending. Offline: the deterministic digest. Either way draft.md references
images as `assets/<file>` and ends with a style check.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell import __version__
from retell.errors import LLMError
from retell.events import BRIDGE, Event, EventLog
from retell.fsutil import atomic_write_text
from retell.llm.answers import extract_json
from retell.llm.engines import EngineChoice, choose_engine
from retell.llm.pricing import load_prices
from retell.llm.request import LLMRequest, SystemBlock
from retell.llm.runner import Runner, cost_table, enforce_max_cost, pick_model, plan_table
from retell.redact import Redactor, check_author_text, clear_model_output
from retell.triage.model import LENGTHS, Triage
from retell.triage.stage import require_approved
from retell.workdir import Workdir
from retell.write.context import StageOptions, prompts, system_context
from retell.write.material import render_material
from retell.write.offline import offline_draft
from retell.write.outline import load_outline
from retell.write.outline_model import FINISH_JSON_SCHEMA, Outline, Section, outline_yaml_for_prompt
from retell.write.style import check_style

WORDS_TO_TOKENS = 1.6  # prose in English; generous so sections are not cut off
FINISH_MAX_TOKENS = 3000


@dataclass
class DraftResult:
    path: Path
    choice: EngineChoice
    words: int = 0
    style: list[str] = field(default_factory=list)
    condensed: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    dry_run_plan: str | None = None
    costs: str | None = None
    reused: bool = False


def inputs_fingerprint(workdir: Workdir, parsed_sha: str, engine: str, model: str) -> str:
    """What a draft depends on: the events, the author's triage and outline, the engine and model."""
    digest = hashlib.sha256()
    for part in (parsed_sha, engine, model, __version__):
        digest.update(part.encode() + b"\0")
    for file in (workdir.triage, workdir.outline):
        digest.update(file.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def existing_fingerprint(workdir: Workdir) -> str | None:
    if not workdir.draft.is_file():
        return None
    head = workdir.draft.read_text(encoding="utf-8", errors="replace")[:2000]
    match = re.search(r"^inputs: ['\"]?([0-9a-f]{16})", head, re.M)
    return match.group(1) if match else None


def run_draft(
    path: Path,
    options: StageOptions,
    log: Any = lambda _m: None,
    *,
    reuse: bool = False,
    on_engine: Callable[[EngineChoice], None] | None = None,
) -> DraftResult:
    """With `reuse`, an existing draft.md made from the very same inputs is kept (and its edits with it).
    `on_engine` hears which engine was chosen before any work is asked of it."""
    triage, parsed, view = require_approved(path)
    workdir = Workdir(path)
    outline, warnings = load_outline(workdir, view, triage)
    choice = choose_engine(options.engine)
    if on_engine is not None:
        on_engine(choice)
    model = "" if choice.name == "offline" else pick_model("draft", options.model, load_prices())
    fingerprint = inputs_fingerprint(workdir, parsed.events_sha256, choice.name, model)
    if reuse and existing_fingerprint(workdir) == fingerprint:
        return DraftResult(workdir.draft, choice, warnings=warnings, reused=True)
    if choice.name == "offline":
        if options.dry_run:
            return DraftResult(workdir.draft, choice, dry_run_plan="offline: no model calls", warnings=warnings)
        body = offline_draft(view, triage, outline)
        text = assemble_file(outline, triage, body, choice.name, "", fingerprint)
        _backup_hand_edits(workdir)
        _write_draft(workdir, text)
        return DraftResult(workdir.draft, choice, words=count_words(body), style=check_style(text), warnings=warnings)

    redactor = Redactor.for_log(parsed.log, triage.secrets)
    check_author_text(triage, redactor)  # a secret the author wrote stops the run before anything is sent
    library = prompts(options)
    # Only the session material is redacted here (it comes from the cleared view). Everything else (notes,
    # templates, the outline) is the author's: the guard below stops any secret in it before a request leaves.
    system = library.render("system.md.j2", **system_context(triage, parsed.manifest))
    context = library.render("outline_context.md.j2", outline=outline_yaml_for_prompt(outline))
    shared = (SystemBlock(system.text), SystemBlock(context.text, cache=True))
    words_per_section = _words_per_section(triage, outline)
    template_hash = f"{system.template_hash}+{context.template_hash}"
    requests, condensed = section_requests(
        outline, view, triage, library, shared, model, words_per_section, options.max_input_tokens, template_hash
    )
    # The finishing call depends on the sections' text; until then it is planned with text of the expected size.
    finish_preview = finish_request(
        outline, [("x " * words_per_section) for _ in outline.sections], library, shared, model, template_hash
    )
    runner = Runner(path, choice, redactor, force=options.force, jobs=options.jobs, log=log)
    runner.check([*requests, finish_preview])  # before the first request leaves, not after the sections are paid
    expected = {"section": int(words_per_section * WORDS_TO_TOKENS), "finish": 900}
    planned = runner.plan([*requests, finish_preview], expected)
    if options.dry_run:
        folder = runner.write_dry_run(planned)
        plan = plan_table(planned, runner.prices.as_of) + f"\nprompts written to {folder}"
        return DraftResult(workdir.draft, choice, dry_run_plan=plan, condensed=condensed, warnings=warnings)
    enforce_max_cost(planned, options.max_cost)
    _backup_hand_edits(workdir)
    records = runner.run(requests)
    # A model may write something secret-shaped of its own; it never came from the author, so it is
    # redacted and reported rather than stopping a run that is already paid for.
    sections_text = []
    for r in records:
        cleared, notes = clear_model_output(clean_section(r.response.text), redactor, f"section {r.request.label}")
        sections_text.append(cleared)
        warnings.extend(notes)
    for index, section in enumerate(outline.sections):
        sections_text[index], missing = ensure_images(section, sections_text[index])
        warnings.extend(f"{section.id}: the model left out image {name}; it was added at the end" for name in missing)
    finish = finish_request(outline, sections_text, library, shared, model, template_hash)
    record = runner.run([finish], accept=_require_finish_json)[0]
    answer, notes = clear_model_output(record.response.text, redactor, "the opening and ending", json_text=True)
    warnings.extend(notes)
    tie = extract_json(answer)
    body = assemble_body(outline, sections_text, tie)
    text = assemble_file(outline, triage, body, choice.name, model, fingerprint)
    _write_draft(workdir, text)
    return DraftResult(
        workdir.draft,
        choice,
        words=count_words(body),
        style=check_style(text),
        condensed=condensed,
        warnings=warnings,
        costs=cost_table(runner.costs, runner.prices.as_of),
    )


def _require_finish_json(text: str) -> None:
    data = extract_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("opening"), str):
        raise LLMError("the finishing answer is not the JSON asked for")


def ensure_images(section: Section, text: str) -> tuple[str, list[str]]:
    """Every image the outline places in a section appears in its text (added at the end if left out)."""
    missing = [im for im in section.images if f"(assets/{im.asset}" not in text]
    for image in missing:
        text = f"{text}\n\n![{image.caption or 'Screenshot'}](assets/{image.asset})"
    return text, [im.asset for im in missing]


def _draft_hash_file(workdir: Workdir) -> Path:
    return workdir.path / ".draft.sha256"


def _backup_hand_edits(workdir: Workdir) -> None:
    """Keep draft.md as draft.md.bak before replacing it, when the author edited it since retell wrote it."""
    if not workdir.draft.exists():
        return
    hash_file = _draft_hash_file(workdir)
    recorded = hash_file.read_text().strip() if hash_file.exists() else ""
    current = hashlib.sha256(workdir.draft.read_bytes()).hexdigest()
    if current != recorded:
        shutil.copy2(workdir.draft, workdir.draft.with_name("draft.md.bak"))


def _write_draft(workdir: Workdir, text: str) -> None:
    atomic_write_text(workdir.draft, text)
    atomic_write_text(_draft_hash_file(workdir), hashlib.sha256(text.encode("utf-8")).hexdigest() + "\n")


def _words_per_section(triage: Triage, outline: Outline) -> int:
    low, high = LENGTHS[triage.post.length]
    return max(150, int((low + high) / 2 * 0.85 / max(1, len(outline.sections))))


def section_requests(
    outline: Outline,
    view: EventLog,
    triage: Triage,
    library: Any,
    shared: tuple[SystemBlock, ...],
    model: str,
    words: int,
    budget: int,
    template_hash: str,
) -> tuple[list[LLMRequest], list[str]]:
    by_id = {e.id: e for e in view.events}
    bridges = {c.id: by_id.get(c.bridge) for c in view.chapters if c.bridge}
    requests = []
    condensed = []
    slices = section_events(outline, view)
    for index, section in enumerate(outline.sections):
        material = render_material(slices[index], budget)
        if material.condensed:
            condensed.append(f"{section.id}: " + "; ".join(material.condensed))
        previously = "\n\n".join(
            b.text for c in section.chapters if (b := bridges.get(c)) is not None and b.kind == BRIDGE and b.text
        )
        task = library.render(
            "section_task.md.j2",
            section=section,
            words=words,
            previous=_neighbour(outline.sections, index - 1),
            next=_neighbour(outline.sections, index + 1),
            previously=previously,
            images=[{"asset": im.asset, "caption": im.caption or "Screenshot"} for im in section.images],
            material=material.text,
            condensed="; ".join(material.condensed),
        )
        requests.append(
            LLMRequest(
                stage="section",
                label=section.id,
                model=model,
                system=shared,
                user=task.text,
                max_tokens=int(words * WORDS_TO_TOKENS * 1.5) + 500,
                template=f"system.md.j2+outline_context.md.j2+{task.name}",
                template_hash=f"{template_hash}+{task.template_hash}",
            )
        )
    return requests, condensed


def section_events(outline: Outline, view: EventLog) -> list[list[Event]]:
    """The session material each section is written from: its chapters' events; where sections share a
    chapter, each gets the stretch from its first cited event up to the next section's."""
    order = {e.id: i for i, e in enumerate(view.events)}
    starts = [min((order[e] for b in s.beats for e in b.events if e in order), default=None) for s in outline.sections]
    out = []
    for index, section in enumerate(outline.sections):
        chapter_events = [e for e in view.events if e.chapter in section.chapters]
        shared = any(
            set(section.chapters) & set(other.chapters) for j, other in enumerate(outline.sections) if j != index
        )
        start = starts[index]
        if not shared or start is None:
            out.append(chapter_events)
            continue
        later = [s for s in starts[index + 1 :] if s is not None and s > start]
        end = min(later) if later else len(view.events)
        earlier = [s for s in starts[:index] if s is not None and s < start]
        begin = start if earlier else min(start, min((order[e.id] for e in chapter_events), default=start))
        out.append([e for e in view.events[begin:end] if e.chapter in section.chapters])
    return out


def _neighbour(sections: list[Section], index: int) -> dict[str, str] | None:
    if 0 <= index < len(sections):
        return {"heading": sections[index].heading, "summary": sections[index].summary()}
    return None


def finish_request(
    outline: Outline, texts: list[str], library: Any, shared: tuple[SystemBlock, ...], model: str, template_hash: str
) -> LLMRequest:
    sections = [{"id": s.id, "heading": s.heading, "text": t} for s, t in zip(outline.sections, texts, strict=True)]
    task = library.render("finish_task.md.j2", sections=sections, hook=outline.hook, ending=outline.ending)
    return LLMRequest(
        stage="finish",
        label="tie",
        model=model,
        system=shared,
        user=task.text,
        max_tokens=FINISH_MAX_TOKENS,
        template=f"system.md.j2+outline_context.md.j2+{task.name}",
        template_hash=f"{template_hash}+{task.template_hash}",
        json_schema=FINISH_JSON_SCHEMA,
    )


def clean_section(text: str) -> str:
    """A section as the model wrote it, minus a heading it may have added anyway."""
    lines = text.strip().splitlines()
    while lines and lines[0].lstrip().startswith("#"):
        lines.pop(0)
    return "\n".join(lines).strip()


def assemble_body(outline: Outline, sections: list[str], tie: dict[str, Any]) -> str:
    transitions = {}
    for item in tie.get("transitions") or []:
        if isinstance(item, dict) and isinstance(item.get("section"), str) and isinstance(item.get("text"), str):
            transitions[item["section"]] = item["text"].strip()
    parts = [str(tie.get("opening") or "").strip()]
    for section, text in zip(outline.sections, sections, strict=True):
        lead = transitions.get(section.id, "")
        parts.append(f"## {section.heading}\n\n" + (f"{lead}\n\n" if lead else "") + text)
    parts.append(str(tie.get("ending") or "").strip())
    return "\n\n".join(p for p in parts if p) + "\n"


def assemble_file(outline: Outline, triage: Triage, body: str, engine: str, model: str, inputs: str) -> str:
    """draft.md: a small front matter of retell's own (render turns it into the site's), then the body."""
    import yaml

    meta = {
        "title": outline.title or triage.post.title,
        "description": triage.post.description or outline.description,
        "generated_by": f"retell {__version__}",
        "engine": engine,
    }
    if model:
        meta["model"] = model
    meta["inputs"] = inputs  # lets `retell run` keep this draft (and your edits) while nothing changed
    front = yaml.safe_dump(meta, sort_keys=False, allow_unicode=True, width=1000).strip()
    return f"---\n{front}\n---\n\n{body.strip()}\n"


def count_words(text: str) -> int:
    return len([w for w in text.split() if any(ch.isalnum() for ch in w)])
