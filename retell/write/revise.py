"""`retell revise`: change draft.md by saying what to change, in one model call for the part(s) concerned.

The base of a revision is draft.md as it stands, hand edits and all; the parts are found by its `## `
headings (draftfile.py). `--section N` / `--heading TEXT` name the parts to revise; without them the whole post
is sent and the model returns only the parts the instruction concerns, so every part it leaves out stays byte
for byte. The call has the draft's own layout: the instructions and the outline as the cached shared prefix
(a revision reads the entry the draft, or the previous revision, wrote), then revise_task.md.j2 with the
instruction, the parts' current text and the session material of the chapters they were written from.

The answer is processed as a drafted section is (secrets redacted, model Markdown made inert, images checked),
with two differences, both for the author's sake: a line of theirs the model returned unchanged is kept
exactly as they wrote it, and a `<!-- ok -->` vouching for a sentence the model rewrote is dropped (it vouched
for their sentence, not the new one). Every revision is kept in revisions/ (revisions.py); `--undo` goes back.
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from retell.errors import LLMError, RetellError, SecretLeakError, WorkdirError
from retell.events import Event, EventLog
from retell.fsutil import atomic_write_bytes
from retell.llm.budget import output_budget
from retell.llm.engines import EngineChoice, choose_engine
from retell.llm.pricing import load_prices
from retell.llm.request import LLMRequest, estimate_tokens
from retell.llm.runner import Runner, cost_table, enforce_max_cost, pick_model, plan_table, unknown_prices
from retell.markup import live_matches, model_markdown, substitute_live
from retell.redact import Redactor, author_sources, check_author_text, clear_model_output, guard
from retell.triage.stage import require_approved
from retell.workdir import Workdir
from retell.write.context import StageOptions, example_ids
from retell.write.draft import DraftCalls, draft_prompts, section_events, section_text_tokens, shared_prefix
from retell.write.draftfile import DraftFile, Part, code_lines, normalized, select_parts, split_lines
from retell.write.markers import ACCEPT, CITE, event_ids
from retell.write.material import render_material
from retell.write.offline import headless, opens_headless
from retell.write.outline import load_outline
from retell.write.outline_model import Outline, Section
from retell.write.revisions import Revision, record_revision
from retell.write.style import check_style

STAGE = "revise"
_PART_LINE = re.compile(r"^[ \t]*={3,}[ \t]*part[ \t]+(\d+)\b[^\n]*?={3,}[ \t]*$", re.I | re.M)
_END_LINE = re.compile(r"^[ \t]*={3,}[ \t]*end[ \t]*={3,}[ \t]*$", re.I | re.M)
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$")
_IMAGE = re.compile(r"!\[[^\]\n]*\]\(assets/([^)\s]+)(?:[ \t]+\"[^\"\n]*\")?\)")
_STYLE_LINE = re.compile(r"^line (\d+):")
# What the prompt says about a part (revise_task.md.j2), in case the model copies it into its answer.
_SCAFFOLD = re.compile(r"^\((?:the opening, before the first heading|outline section [^)\n]*)\)$")
_ACCEPT_WITH_SPACE = re.compile(r"[ \t]*" + ACCEPT.pattern, re.I)

OFFLINE = (
    "revising needs a model, {why}: use --engine anthropic (with ANTHROPIC_API_KEY), --engine claude-cli (with "
    "Claude Code) or --engine handoff (you answer the prompt); or edit {draft} by hand, then run "
    "`retell check {path}` and `retell preview {path}`"
)


@dataclass
class ReviseResult:
    path: Path
    choice: EngineChoice
    asked: list[str]  # the parts sent, as messages name them
    revised: list[str] = field(default_factory=list)  # the parts that changed
    spans: list[tuple[int, int]] = field(default_factory=list)  # their lines in the new draft.md (1-based)
    revision: Revision | None = None
    style: list[str] = field(default_factory=list)  # style problems in the revised lines
    warnings: list[str] = field(default_factory=list)
    condensed: list[str] = field(default_factory=list)
    dry_run_plan: str | None = None
    costs: str | None = None


def run_revise(
    path: Path,
    instruction: str,
    options: StageOptions,
    *,
    sections: list[int] | None = None,
    headings: list[str] | None = None,
    log: Callable[[str], None] = lambda _m: None,
    on_engine: Callable[[EngineChoice], None] | None = None,
) -> ReviseResult:
    instruction = instruction.strip()
    if not instruction:
        raise RetellError(
            f'say what to change: retell revise {path} "make the opening shorter" (or --undo to go back one revision)'
        )
    triage, parsed, view = require_approved(path)
    workdir = Workdir(path)
    original = _read_draft(workdir)
    draft = DraftFile.parse(original.decode("utf-8"))
    outline, warnings = load_outline(workdir, view, triage)
    whole = not (sections or headings)
    chosen = draft.parts if whole else select_parts(draft, sections or [], headings or [])
    if whole and not any(draft.text(p).strip() for p in chosen):
        raise RetellError(f"{workdir.draft} has no text to revise")
    for part in chosen:
        if not whole and not draft.text(part).strip():
            raise RetellError(f"{part.name} of draft.md is empty: there is nothing to revise; write it by hand")

    choice = choose_engine(options.engine, dry_run=options.dry_run)
    if choice.name == "offline":
        why = (
            "and --engine offline has none"
            if options.engine
            else "and none is set up (no ANTHROPIC_API_KEY, no `claude`)"
        )
        raise RetellError(OFFLINE.format(why=why, draft=workdir.draft, path=path))
    if on_engine is not None:
        on_engine(choice)
    model = _model(options.model, draft)

    # The instruction and the text to revise are the author's: a secret in either stops the run here, before
    # any request is built, naming where it is (the guard in the runner would name only the request).
    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    redactor.sources = author_sources(path, triage, options.prompts_dir)  # where the guard names a line to fix
    check_author_text(triage, redactor)
    _guard_instruction(instruction, redactor)
    guard(_texts_to_revise(draft, chosen, redactor), redactor, "the text of draft.md to revise")
    calls = draft_prompts(outline, view, triage, parsed, options, model)
    request, condensed = revise_request(calls, draft, chosen, whole, view, instruction, options.max_input_tokens)
    runner = Runner(path, choice, redactor, force=options.force, jobs=1, log=log)
    runner.check([request])
    expected = estimate_tokens("\n\n".join(draft.text(p) for p in chosen))
    planned = runner.plan([request], {STAGE: expected})
    asked = ["the whole post"] if whole else [p.name for p in chosen]
    result = ReviseResult(workdir.draft, choice, asked, warnings=warnings, condensed=condensed)
    if options.dry_run:
        folder = runner.write_dry_run(planned)
        plan = plan_table(planned, runner.prices.as_of, runner.count_note)
        result.dry_run_plan = f"{plan}\nprompts written to {folder}"
        return result
    enforce_max_cost(planned, options.max_cost, runner.prices)
    numbers = {p.number for p in chosen}
    try:
        # The author's own lines may come back as they are, markup and all (kept as written, see revised_part).
        authors = frozenset().union(*(draft.prose_lines(p) for p in chosen), (draft.heading_line(p) for p in chosen))
        record = runner.run([request], accept=lambda text: read_answer(text, numbers, whole), authors=authors)[0]
    except LLMError as exc:
        raise LLMError(f"{exc}; draft.md is unchanged") from None
    result.warnings += runner.notes
    result.costs = cost_table(runner.costs, runner.prices.as_of, unknown_prices(runner.prices, [model]))
    answer = read_answer(record.response.text, numbers, whole)
    allowed = set(triage.included_images())
    changes: dict[int, tuple[str | None, str]] = {}
    for part in chosen:
        if part.number in answer:
            change = revised_part(draft, part, answer[part.number], redactor, allowed, result.warnings)
            if change is not None:
                changes[part.number] = change
    if not changes:
        result.warnings.append("the model changed nothing: draft.md is unchanged")
        return result
    text, spans = draft.replace(changes)
    if _read_draft(workdir) != original:
        raise RetellError(
            f"{workdir.draft} changed while the model was answering; it was left as you saved it (the answer is "
            f"kept in {record.path}): run the revision again"
        )
    after = text.encode("utf-8")
    result.revision = record_revision(
        workdir,
        original,
        after,
        {
            "instruction": instruction,
            "asked": asked,
            "parts": [
                {"part": p.number, "heading": draft.heading_line(p), "changed": p.number in changes} for p in chosen
            ],
            "engine": choice.name,
            "model": model,
            "calls": [
                {
                    "log": str(record.path.relative_to(workdir.path)),
                    "request_id": record.response.request_id,
                    "cached": record.cached,
                }
            ],
            "before_sha256": hashlib.sha256(original).hexdigest(),
            "after_sha256": hashlib.sha256(after).hexdigest(),
        },
    )
    atomic_write_bytes(workdir.draft, after)
    result.revised = [p.name for p in chosen if p.number in changes]
    result.spans = [spans[n] for n in sorted(changes)]
    result.style = [s for s in check_style(text) if _in_spans(s, result.spans)]
    return result


def _read_draft(workdir: Workdir) -> bytes:
    if not workdir.draft.is_file():
        raise WorkdirError(f"{workdir.draft} does not exist: run `retell draft {workdir.path}` first")
    data = workdir.draft.read_bytes()
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise WorkdirError(f"{workdir.draft} is not UTF-8 text (byte {exc.start}); save it as UTF-8") from None
    return data


def _model(override: str | None, draft: DraftFile) -> str:
    """--model, else RETELL_MODEL, else the model that wrote the draft (its cached prefix is then read), else the
    draft's default."""
    prices = load_prices()
    if override or os.environ.get("RETELL_MODEL"):
        return pick_model("draft", override, prices)
    drafted_with = _front_matter_model(draft)
    if drafted_with and not prices.is_retired(drafted_with):
        return drafted_with
    return pick_model("draft", None, prices)  # a model retired since the draft: today's default


def _front_matter_model(draft: DraftFile) -> str | None:
    import yaml

    front = draft.front_matter()
    if not front:
        return None
    try:
        meta = yaml.safe_load(front.strip().strip("-").strip("."))
    except yaml.YAMLError:
        return None
    model = meta.get("model") if isinstance(meta, dict) else None
    return model.strip() if isinstance(model, str) and model.strip() else None


def _texts_to_revise(draft: DraftFile, chosen: list[Part], redactor: Redactor) -> list[tuple[str, str]]:
    """The text to revise as the guard reads it: line by line where a secret sits on one line (so the message
    names the line), else part by part (a secret may run over lines)."""
    items: list[tuple[str, str]] = []
    for part in chosen:
        lines = [(f"draft.md line {n} ({part.name})", text) for n, text in draft.text_lines(part)]
        if any(redactor.uncleared(text) for _, text in lines):
            items += lines
        else:
            first, last = draft.line_range(part)
            items.append((f"draft.md lines {first}–{last} ({part.name})", draft.text(part)))
    return items


def _guard_instruction(instruction: str, redactor: Redactor) -> None:
    found = sorted({f"{sid} ({finding.kind})" for sid, finding in redactor.uncleared(instruction)})
    if found:
        raise SecretLeakError(
            f"your instruction holds {len(found)} secret(s) not cleared in triage ({'; '.join(found)}); nothing "
            "was sent: say what to change without it"
        )


def _in_spans(problem: str, spans: list[tuple[int, int]]) -> bool:
    match = _STYLE_LINE.match(problem)
    return match is None or any(a <= int(match.group(1)) <= b for a, b in spans)


# -- the request -------------------------------------------------------------------------------------------


def outline_sections(draft: DraftFile, outline: Outline) -> dict[int, int]:
    """Which outline section (by index) each `## ` part of draft.md was written from: the one with its heading,
    else, while draft.md has as many sections as the outline, the one at its place. The offline draft of a
    one-section outline heads nothing (offline.headless): its opening holds the section, unless a `## ` part has
    the section's heading (the author put it back)."""
    by_heading = {normalized(s.heading): i for i, s in enumerate(outline.sections)}
    found = {p.number: by_heading[normalized(p.title)] for p in draft.sections if normalized(p.title) in by_heading}
    if headless(outline) and not found:
        return {0: 0}
    # (the offline draft tells a first section headed by retell's stock under no heading, in its opening:
    # offline.opens_headless; the parts after it are the sections after it)
    opening = opens_headless(outline) and 0 not in found.values() and len(draft.sections) < len(outline.sections)
    if opening:
        found[0] = 0
    if len(draft.sections) + opening == len(outline.sections):
        taken = set(found.values())
        for part in draft.sections:
            at = part.number - 1 + opening
            if part.number not in found and at not in taken:
                found[part.number] = at
    return found


def part_events(
    draft: DraftFile, part: Part, mapped: dict[int, int], slices: list[list[Event]], view: EventLog
) -> list[Event]:
    """The session material a part is revised with: its outline section's events; for a section the outline
    does not know, the chapters of the events it cites; none for the opening (written from the whole post)."""
    if part.number in mapped:
        return slices[mapped[part.number]]
    if part.number == 0:
        return []
    cited = {i.split(".")[0] for m in CITE.finditer(draft.text(part)) for i in event_ids(m.group(1))}
    chapters = {e.chapter for e in view.events if e.id in cited}
    return [e for e in view.events if e.chapter in chapters]


def revise_request(
    calls: DraftCalls,
    draft: DraftFile,
    chosen: list[Part],
    whole: bool,
    view: EventLog,
    instruction: str,
    budget: int,
) -> tuple[LLMRequest, list[str]]:
    outline = calls.outline
    mapped = outline_sections(draft, outline)
    slices = section_events(outline, view)
    wanted: dict[str, Event] = {}
    for part in chosen:
        for event in part_events(draft, part, mapped, slices, view):
            wanted.setdefault(event.id, event)
    order = {e.id: i for i, e in enumerate(view.events)}
    material = render_material(sorted(wanted.values(), key=lambda e: order.get(e.id, 0)), budget)
    numbers = {p.number for p in chosen}
    task = calls.library.render(
        "revise_task.md.j2",
        instruction=instruction,
        whole=whole,
        contents=[
            {"number": p.number, "title": p.title or "(the opening)", "revise": p.number in numbers}
            for p in draft.parts
            if p.number or draft.text(p).strip()
        ],
        parts=[
            {
                "number": p.number,
                "heading": draft.heading_line(p),
                "section": _section(outline, mapped.get(p.number)),
                "text": draft.text(p),
            }
            for p in chosen
            if p.number or draft.text(p).strip()
        ],
        material=material.text if wanted else "",
        ids=example_ids(sorted(wanted.values(), key=lambda e: order.get(e.id, 0)) or view.events),
        condensed="; ".join(material.condensed),
    )
    text_tokens = estimate_tokens("\n\n".join(draft.text(p) for p in chosen))
    label = "post" if whole else "+".join(p.label for p in chosen)
    request = LLMRequest(
        stage=STAGE,
        label=label,
        model=calls.model,
        system=shared_prefix(calls),
        user=task.text,
        # room for the parts to come back twice as long (thinking comes on top)
        max_tokens=output_budget(calls.limits, max(section_text_tokens(calls.words), 2 * text_tokens + 500)),
        template=f"system.md.j2+outline_context.md.j2+{task.name}",
        template_hash=f"{calls.template_hash}+{task.template_hash}",
        # (issue 24) each part passed the guard alone (run_revise, _texts_to_revise): joined in the request, a value
        # inside one is judged by its own part, not by a context the part before gives it
        answers=tuple((draft.text(p), draft.text(p)) for p in chosen if draft.text(p).strip()),
    )
    condensed = [f"{label}: " + "; ".join(material.condensed)] if material.condensed and wanted else []
    return request, condensed


def _section(outline: Outline, index: int | None) -> Section | None:
    return None if index is None else outline.sections[index]


# -- the answer --------------------------------------------------------------------------------------------


def read_answer(text: str, asked: set[int], whole: bool) -> dict[int, str]:
    """The parts in a model's answer, by number. Raises LLMError for an answer that cannot be used (it is then
    neither used nor cached)."""
    text = _END_LINE.split(text, maxsplit=1)[0]
    markers = list(_PART_LINE.finditer(text))
    if not markers:
        if not whole and len(asked) == 1:
            return {next(iter(asked)): text.strip()}
        raise LLMError("the answer names no part of the post (no `=== part N ===` line)")
    parts: dict[int, str] = {}
    for index, marker in enumerate(markers):
        number = int(marker.group(1))
        if number not in asked:
            raise LLMError(f"the answer has a part {number}, which was not asked for")
        if number in parts:
            raise LLMError(f"the answer has part {number} twice")
        end = markers[index + 1].start() if index + 1 < len(markers) else len(text)
        body = text[marker.end() : end].strip("\r\n")
        if not body.strip():
            raise LLMError(f"part {number} came back empty (to remove a part, delete it in draft.md by hand)")
        parts[number] = body
    return parts


def revised_part(
    draft: DraftFile, part: Part, answer: str, redactor: Redactor, allowed_images: set[str], warnings: list[str]
) -> tuple[str | None, str] | None:
    """(new heading line or None, new body) for a part as the model returned it, made ready for draft.md as a
    drafted section is; None when nothing changed."""
    # A model may write something secret-shaped of its own; it never came from the author, so it is redacted
    # and reported, as in a draft, rather than stopping a run already paid for.
    cleared, notes = clear_model_output(answer, redactor, part.name)
    warnings.extend(notes)
    lines = cleared.strip("\r\n").split("\n")
    heading: str | None = None
    while lines:
        first = lines[0].strip()
        match = _HEADING.match(first)
        if match and len(match.group(1)) <= 2:
            if part.number and len(match.group(1)) == 2 and heading is None:
                title = match.group(2).strip()
                if normalized(title) != normalized(part.title):
                    heading = model_markdown(f"## {title}")
        elif not (_SCAFFOLD.match(first) or not first):
            break
        lines.pop(0)  # a heading the model added anyway (as a drafted section's), the prompt's notes, blank lines
    body = "\n".join(lines).strip()
    current = draft.text(part)
    body = _restore_images(part, current, body, warnings)
    body, dropped = _authors_lines(body, draft.prose_lines(part))
    if dropped:
        warnings.append(
            f"{part.name}: {dropped} `<!-- ok -->` mark(s) of yours were on sentences the revision rewrote and were "
            "dropped; add them again where the new sentences still need them"
        )
    body = _inert_images(part, body, allowed_images | _images(current), warnings)
    if "<!-- ev:" in current and not CITE.search(body):
        warnings.append(
            f"{part.name}: the revision dropped its hidden citations (<!-- ev: … -->); `retell check` traces its "
            "claims without them"
        )
    if heading is None and body == current:
        return None
    return heading, body


def _images(markdown: str) -> set[str]:
    return {m.group(1) for m in live_matches(markdown, _IMAGE)}


def _restore_images(part: Part, current: str, body: str, warnings: list[str]) -> str:
    """An image the part showed stays in it: one the model left out is added back at the end."""
    for match in live_matches(current, _IMAGE):
        if f"(assets/{match.group(1)}" not in body:
            body = f"{body}\n\n{match.group(0)}"
            warnings.append(
                f"{part.name}: the model left out image {match.group(1)}; it was added back at the end "
                "(delete its line in draft.md to drop it)"
            )
    return body


def _authors_lines(body: str, authors: set[str]) -> tuple[str, int]:
    """The model's Markdown made inert, except the lines the author wrote that came back unchanged: those are
    kept as written (their own HTML or shortcode stays theirs). `<!-- ok -->` marks on other lines are dropped.
    Returns the text and how many marks were dropped."""
    raw = split_lines(body)
    code = code_lines(body)
    dropped = 0
    stripped = []
    for number, line in enumerate(raw):
        content = line.rstrip("\r\n")
        if number not in code and content not in authors:
            line, count = _ACCEPT_WITH_SPACE.subn("", line)
            dropped += count
        stripped.append(line)
    encoded = split_lines(model_markdown("".join(stripped)))
    out = [
        original if original.rstrip("\r\n") in authors and number not in code else made
        for number, (original, made) in enumerate(zip(stripped, encoded, strict=True))
    ]
    return "".join(out), dropped


def _inert_images(part: Part, body: str, allowed: set[str], warnings: list[str]) -> str:
    """An image of the session the author did not include in triage is shown as text, never published."""

    def inert(match: re.Match[str]) -> str:
        warnings.append(f"{part.name}: image {match.group(1)} is not included in triage.yaml; shown as text")
        return "!\\" + match.group(0)[1:]

    return substitute_live(body, _IMAGE, lambda m: m.group(0) if m.group(1) in allowed else inert(m))


def spans_text(spans: list[tuple[int, int]]) -> str:
    return ", ".join(f"{a}–{b}" if a != b else str(a) for a, b in spans)
