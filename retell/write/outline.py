"""`retell outline`: the plan of the post, as outline.yaml (one structured call, or offline heuristics)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from retell import yamlio
from retell.errors import LLMError, RetellError, ValidationError, WorkdirError
from retell.events import CONTENT_KINDS, EventLog, walk
from retell.llm.answers import extract_json
from retell.llm.budget import output_budget
from retell.llm.engines import EngineChoice, choose_engine
from retell.llm.pricing import load_prices
from retell.llm.request import LLMRequest, SystemBlock
from retell.llm.runner import (
    Runner,
    cost_table,
    enforce_max_cost,
    over_max_cost,
    pick_model,
    plan_table,
    total_spent,
    unknown_prices,
)
from retell.redact import Redactor, author_sources, check_author_text, clear_model_output
from retell.triage.model import Triage
from retell.triage.stage import Parsed, require_approved
from retell.workdir import OUTLINE, Workdir
from retell.write.context import (
    StageOptions,
    chapter_titles,
    example_ids,
    handoff_answers_edited,
    prompts,
    session_openings,
    system_context,
    title_set,
)
from retell.write.locales import count_length, counts_characters
from retell.write.offline import offline_outline
from retell.write.outline_model import (
    OUTLINE_JSON_SCHEMA,
    Outline,
    outline_from_answer,
    to_document,
    validate_outline,
)
from retell.write.post_budget import chapter_materials, post_code_blocks, session_length
from retell.write.timetext import chapter_time

OUTLINE_TEXT_TOKENS = 8000  # the JSON plan's own budget; a thinking model gets its reserve on top
OUTLINE_EXPECTED_OUTPUT = 2500


@dataclass
class OutlineResult:
    path: Path
    outline: Outline | None
    choice: EngineChoice
    kept: bool = False  # an existing outline.yaml was kept
    dry_run_plan: str | None = None
    costs: str | None = None
    spent_usd: float | None = None  # what its calls cost (None: a price unknown)
    condensed: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def known_ids(view: EventLog, triage: Triage) -> tuple[set[str], set[str], set[str]]:
    return (
        {c.id for c in view.chapters},
        {e.id for e in walk(view.events)},
        set(triage.included_images()),
    )


def load_outline(workdir: Workdir, view: EventLog, triage: Triage) -> tuple[Outline, list[str]]:
    if not workdir.outline.exists():
        raise WorkdirError(f"{workdir.outline} does not exist: run `retell outline {workdir.path}` first")
    doc = yamlio.load(workdir.outline)
    outline, errors, warnings = validate_outline(doc, *known_ids(view, triage), name=OUTLINE)
    if outline is None:
        raise ValidationError(str(workdir.outline), errors)
    return outline, warnings


def run_outline(
    path: Path,
    options: StageOptions,
    log: Any = lambda _m: None,
    on_engine: Callable[[EngineChoice], None] | None = None,
) -> OutlineResult:
    """`on_engine` hears which engine was chosen before any work is asked of it (not when outline.yaml is kept)."""
    triage, parsed, view = require_approved(path)
    if not any(e.kind in CONTENT_KINDS for e in view.events):
        raise RetellError(
            "nothing to tell: the chapters included in triage.yaml hold no messages and no work "
            "(an empty session, or every chapter left out)"
        )
    workdir = Workdir(path)
    made_from = triage_fingerprint(triage)
    notes: list[str] = []
    if workdir.outline.exists() and not options.force and not options.dry_run:
        state = outline_state(workdir, made_from)
        edited = handoff_answers_edited(path, options, {"outline"})
        if state == "current" and edited:
            notes.append(f"{edited[0]} was edited since outline.yaml was planned from it: planned again")
        elif state != "stale":
            outline, warnings = load_outline(workdir, view, triage)  # nothing to send: no engine needed
            if edited:
                warnings.append(
                    f"{edited[0]} was edited since outline.yaml was planned from it, but you edited outline.yaml "
                    "too, so it is kept; `retell outline --force` plans again from the answer"
                )
            if state == "stale-edited":
                warnings.append(
                    "triage.yaml changed since outline.yaml was planned, but you edited outline.yaml, so it is "
                    "kept; `retell outline --force` plans again from the new triage"
                )
            return OutlineResult(
                workdir.outline, outline, EngineChoice("none", "outline.yaml kept"), kept=True, warnings=warnings
            )
        notes.append("triage.yaml changed since the last plan (and outline.yaml was not edited): planned again")
    choice = choose_engine(options.engine, dry_run=options.dry_run)
    if on_engine is not None:
        on_engine(choice)
    if choice.name == "offline":
        outline = offline_outline(view, triage)
        if not options.dry_run:
            write_outline(workdir, outline, made_from)
        return OutlineResult(
            workdir.outline,
            outline,
            choice,
            dry_run_plan="offline: no model calls" if options.dry_run else None,
            notes=notes,
        )
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    redactor.sources = author_sources(path, triage, options.prompts_dir)  # where the guard names a line to fix
    check_author_text(triage, redactor)  # a secret the author wrote stops the run before anything is sent
    request, condensed = build_outline_request(triage, parsed, view, redactor, options)
    runner = Runner(path, choice, redactor, force=options.force, jobs=1, log=log)
    runner.check([request])
    planned = runner.plan([request], {"outline": OUTLINE_EXPECTED_OUTPUT})
    if options.dry_run:
        folder = runner.write_dry_run(planned)
        plan = plan_table(planned, runner.prices.as_of, runner.count_note) + f"\nprompts written to {folder}"
        refused = over_max_cost(planned, options.max_cost, runner.prices)
        if refused is not None:  # what the real run would stop on, said now
            plan += f"\nWithout --dry-run this would be refused: {refused}"
        return OutlineResult(workdir.outline, None, choice, dry_run_plan=plan, condensed=condensed)
    enforce_max_cost(planned, options.max_cost, runner.prices)
    record = runner.run([request], accept=_require_outline_json)[0]
    answer, model_notes = clear_model_output(record.response.text, redactor, "the outline", json_text=True)
    outline = parse_outline_answer(answer, choice.name, request.model, view, triage, record.path)
    write_outline(workdir, outline, made_from)
    over = [f"the outline's answer: {w}" for w in over_limits(outline, triage.post.language)]
    return OutlineResult(
        workdir.outline,
        outline,
        choice,
        costs=cost_table(runner.costs, runner.prices.as_of, unknown_prices(runner.prices, [request.model])),
        spent_usd=total_spent(runner.costs),
        condensed=condensed,
        notes=notes,
        warnings=[*runner.notes, *model_notes, *over],
    )


# The answer format's hard limits (prompts/outline.md.j2 states them): a link preview cuts a longer description
DESCRIPTION_WORDS = 30
DESCRIPTION_CHARACTERS = 80  # in a language counted in characters (zh, ja, ko)
MAX_SECTIONS = 8


def over_limits(outline: Outline, language: str) -> list[str]:
    """What in an outline answer passes a hard limit its prompt set, each as a line to warn with: the answer is
    kept (outline.yaml can be edited), but nothing past a limit goes by unsaid (stop 52: a 34-word description
    was taken without a word)."""
    characters = counts_characters(language)
    limit, unit = (DESCRIPTION_CHARACTERS, "characters") if characters else (DESCRIPTION_WORDS, "words")
    found = []
    length = count_length(outline.description, language)
    if length > limit:
        found.append(
            f"its description is {length} {unit}, over the {limit} the prompt allows: edit it in outline.yaml "
            "(or answer again) before the post is drafted"
        )
    if len(outline.sections) > MAX_SECTIONS:
        found.append(f"it plans {len(outline.sections)} sections, over the {MAX_SECTIONS} the prompt allows")
    return found


def build_outline_request(
    triage: Triage, parsed: Parsed, view: EventLog, redactor: Redactor, options: StageOptions
) -> tuple[LLMRequest, list[str]]:
    library = prompts(options)
    system = library.render(
        "system.md.j2", **system_context(triage, parsed.manifest, view, title_set=title_set(triage, parsed))
    )
    titles = chapter_titles(triage, view)
    openings = session_openings(view)
    chapters = []
    condensed = []
    before = None
    by_chapter = {c.id: [e for e in view.events if e.chapter == c.id] for c in view.chapters}
    materials = chapter_materials(view, options.max_input_tokens)
    for chapter, material in zip(view.chapters, materials, strict=True):
        events = by_chapter[chapter.id]
        if material.condensed:
            condensed.append(f"{chapter.id}: " + "; ".join(material.condensed))
        chapters.append(
            {
                "id": chapter.id,
                "title": titles[chapter.id],
                "when": chapter_time(chapter, events, before),
                "material": material.text,
                "session": openings.get(chapter.id, ""),
            }
        )
        before = chapter
    images = []
    for name in triage.included_images():
        near = next((e for e in view.events if e.asset == name or name in (e.images or [])), None)
        if near is None:
            continue
        images.append(
            {
                "asset": name,
                "chapter": near.chapter,
                "near": near.id,
                "caption": triage.images[name].caption,
            }
        )
    # the post's one length and its code blocks, as the draft's prompts will say them (post_budget.py): the plan asks no
    # more beats than the sections' part holds (round 56), nor more blocks than the sections will share (round 63)
    language = triage.post.language
    length = session_length(view, language, triage.post.length, options.max_input_tokens, materials)
    user = library.render(
        "outline.md.j2",
        length=length,
        max_blocks=post_code_blocks(view, triage.post.length),
        chapters=chapters,
        images=images,
        sessions=len(view.sessions),
        ids=example_ids(view.events),
        # a title's and a description's length: in words, or in characters where the post counts them (zh, ja, ko)
        unit="characters" if counts_characters(triage.post.language) else "words",
    )
    prices = load_prices()
    model = pick_model("outline", options.model, prices)
    # One call, nothing to reuse its prefix: no cache breakpoint.
    request = LLMRequest(
        stage="outline",
        label="plan",
        model=model,
        system=(SystemBlock(system.text),),
        user=user.text,
        max_tokens=output_budget(prices.limits(model), OUTLINE_TEXT_TOKENS),
        template=f"{system.name}+{user.name}",
        template_hash=f"{system.template_hash}+{user.template_hash}",
        json_schema=OUTLINE_JSON_SCHEMA,
    )
    return request, condensed


def _require_outline_json(text: str) -> None:
    data = extract_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list) or not data["sections"]:
        raise LLMError("the outline answer is not the JSON asked for")


def parse_outline_answer(text: str, engine: str, model: str, view: EventLog, triage: Triage, log_path: Path) -> Outline:
    data = extract_json(text)
    if not isinstance(data, dict) or not isinstance(data.get("sections"), list) or not data["sections"]:
        raise LLMError(f"the model's outline is not the JSON asked for (see {log_path}); re-run with --force")
    outline = outline_from_answer(data, engine, model)
    chapters, events, images = known_ids(view, triage)
    used: set[str] = set()
    for section in outline.sections:
        section.chapters = [c for c in section.chapters if c in chapters] or [view.chapters[0].id]
        for beat in section.beats:
            beat.events = [e for e in beat.events if e in events]
            beat.show = [e for e in dict.fromkeys(beat.show) if e in beat.events]  # (what it shows, it rests on)
        kept = []
        for placement in section.images:
            if placement.asset in images and placement.asset not in used:
                used.add(placement.asset)
                kept.append(placement)
        section.images = kept
    if not outline.title:
        outline.title = triage.post.title
    return outline


def write_outline(workdir: Workdir, outline: Outline, made_from: str) -> None:
    doc: CommentedMap = to_document(outline)
    doc["info"]["made_from"] = made_from  # the triage decisions it was planned from
    doc["info"]["checksum"] = plan_checksum(doc)  # tells later whether the author edited the plan
    yamlio.save(workdir.outline, doc, backup=True)


def triage_fingerprint(triage: Triage) -> str:
    """The triage decisions an outline depends on (not the approval flag itself): with terms in the redact
    list, those too (an outline planned before a term was listed may name it)."""
    return triage.decisions_digest(only=("post", "story", "chapters", "images", "redact"))[:16]


def plan_checksum(doc: Any) -> str:
    body = {k: v for k, v in doc.items() if k != "info"}
    return hashlib.sha256(yamlio.dumps(body).encode("utf-8")).hexdigest()[:16]


def outline_state(workdir: Workdir, made_from: str) -> str:
    """current | stale (triage changed, plan untouched: safe to plan again) | stale-edited | edited."""
    try:
        doc = yamlio.load(workdir.outline)
    except (ValidationError, WorkdirError):
        return "edited"  # let load_outline report it
    info = doc.get("info") if isinstance(doc, CommentedMap) else None
    if not isinstance(info, CommentedMap) or not info.get("made_from"):
        return "edited"
    edited = info.get("checksum") != plan_checksum(doc)
    if info.get("made_from") == made_from:
        return "edited" if edited else "current"
    return "stale-edited" if edited else "stale"
