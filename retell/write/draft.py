"""`retell draft`: the post's prose, as draft.md.

With a model: one call per outline section (independent, run concurrently), then one call for the
opening, transitions and ending. Offline: the deterministic digest. Either way draft.md references
images as `assets/<file>` and ends with a style check.

The section calls share one byte-identical prefix (the instructions and the outline) behind one cache
breakpoint, so all but the first read it from the prompt cache; the finishing call asks for JSON output,
which no cache entry of the sections can serve, so it sets no breakpoint. The shape of run_draft: build the
requests (draft_calls), plan and send them, turn the answers into draft.md text (draft_text), write it.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell import __version__
from retell.errors import LLMError
from retell.events import ASSISTANT, HUMAN, TOOL_RUN, Event, EventLog, ToolCall
from retell.extract.tools import ANSWERS, SHELL_TOOLS, run_lines, says_how_it_went, tells_outcome
from retell.fsutil import atomic_copy, atomic_write_text
from retell.llm.answers import extract_json
from retell.llm.budget import output_budget, worth_caching
from retell.llm.calllog import CallRecord
from retell.llm.engines import EngineChoice, choose_engine
from retell.llm.pricing import Limits, load_prices
from retell.llm.request import LLMRequest, SystemBlock, estimate_tokens
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
from retell.markup import model_markdown
from retell.redact import Redactor, author_sources, check_author_text, clear_model_output
from retell.triage.model import Triage
from retell.triage.stage import Parsed, require_approved
from retell.workdir import Workdir
from retell.write.context import (
    StageOptions,
    example_ids,
    from_message,
    left_uncommitted,
    prompts,
    session_end,
    session_openings,
    system_context,
    title_set,
)
from retell.write.locales import count_length, counts_characters, length_range
from retell.write.markers import CITE, event_ids, strip_markers
from retell.write.material import FOLLOWING_EVENTS, decisive_results, pasted_quote, render_material
from retell.write.names import (
    code_names,
    code_spans,
    in_session,
    is_met,
    met_names,
    names_as_written,
    names_in,
    one_per_name,
    ordinary_words,
    printed_words,
    quoted_labels,
    written_forms,
)
from retell.write.offline import offline_draft
from retell.write.outline import load_outline
from retell.write.outline_model import FINISH_JSON_SCHEMA, Outline, Section, outline_yaml_for_prompt
from retell.write.post_budget import (
    SECTION_BLOCKS,
    PostLength,
    post_code_blocks,
    section_floor,
    session_length,
    share_sections,
)
from retell.write.post_budget import changes as _changes
from retell.write.post_budget import own_run as _own_run
from retell.write.post_budget import prints as _prints
from retell.write.room import material_holds
from retell.write.run_notes import is_install, telling_lines
from retell.write.style import check_style
from retell.write.timetext import chapter_time

WORDS_TO_TOKENS = 1.6  # prose in English; generous so sections are not cut off
CHARS_TO_TOKENS = 1.35  # Chinese, Japanese, Korean: about a token a character (the newer tokenizer: more)
FINISH_TEXT_TOKENS = 3000  # the opening and the ending, as JSON
FINISH_EXPECTED_TOKENS = 700
MAX_NEW_NAMES = 12  # the names a section prompt points out as new to the reader


def section_text_tokens(length: int, unit: str = "words") -> int:
    """The text budget of a section of about `length` words (or characters), with room to run long (thinking
    comes on top)."""
    return int(length * tokens_per_unit(unit) * 1.5) + 500


def tokens_per_unit(unit: str) -> float:
    return CHARS_TO_TOKENS if unit == "characters" else WORDS_TO_TOKENS


@dataclass
class DraftResult:
    path: Path
    choice: EngineChoice
    words: int = 0  # the draft's length, in `unit`
    unit: str = "words"  # words, or characters for a post in Chinese, Japanese or Korean
    style: list[str] = field(default_factory=list)
    condensed: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    dry_run_plan: str | None = None
    costs: str | None = None
    spent_usd: float | None = None  # what its calls cost (None: a price unknown)
    reused: bool = False


DRAFT_STAGES = {"section", "finish"}  # the calls a draft is made of


def inputs_fingerprint(workdir: Workdir, triage: Triage, parsed_sha: str, engine: str, model: str) -> str:
    """What a draft depends on: the events, the author's triage decisions and outline, the engine and model."""
    digest = hashlib.sha256()
    for part in (parsed_sha, triage.decisions_digest(), engine, model, __version__):
        digest.update(part.encode() + b"\0")
    digest.update(workdir.outline.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def with_answers(fingerprint: str, answers: list[str]) -> str:
    """The fingerprint of a draft made from hand-off answers: its inputs and the answers' texts (in any order)."""
    digest = hashlib.sha256(fingerprint.encode() + b"\0")
    for text in sorted(answers):
        digest.update(text.encode("utf-8", "surrogatepass") + b"\0")
    return digest.hexdigest()[:16]


def current_fingerprint(workdir: Workdir, fingerprint: str, engine: str) -> str:
    """What a draft made now from these inputs would record. With the hand-off engine it includes the answers, so
    one edited after the draft was made makes it again (docs/handoff.md)."""
    if engine != "handoff":
        return fingerprint
    from retell.llm.handoff import answer_texts

    return with_answers(fingerprint, answer_texts(workdir.path, DRAFT_STAGES))


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
    choice = choose_engine(options.engine, dry_run=options.dry_run)
    if on_engine is not None:
        on_engine(choice)
    model = "" if choice.name == "offline" else pick_model("draft", options.model, load_prices())
    fingerprint = inputs_fingerprint(workdir, triage, parsed.events_sha256, choice.name, model)
    if reuse and existing_fingerprint(workdir) == current_fingerprint(workdir, fingerprint, choice.name):
        return DraftResult(workdir.draft, choice, warnings=warnings, reused=True)
    if choice.name == "offline":
        if options.dry_run:
            return DraftResult(workdir.draft, choice, dry_run_plan="offline: no model calls", warnings=warnings)
        body = offline_draft(view, triage, outline)
        text = assemble_file(outline, triage, body, choice.name, "", fingerprint)
        _backup_hand_edits(workdir)
        _write_draft(workdir, text)
        return DraftResult(
            workdir.draft,
            choice,
            words=count_length(strip_markers(body), triage.post.language),
            unit=length_unit(triage.post.language),
            style=check_style(text),
            warnings=warnings,
        )

    redactor = Redactor.for_log(parsed.log, triage.secrets, triage.redact)
    redactor.sources = author_sources(path, triage, options.prompts_dir)  # where the guard names a line to fix
    check_author_text(triage, redactor)  # a secret the author wrote stops the run before anything is sent
    calls = draft_calls(outline, view, triage, parsed, options, model)
    runner = Runner(path, choice, redactor, force=options.force, jobs=options.jobs, log=log)
    # The finishing call depends on the sections' text: from their cached answers when all are there, else
    # planned with text of the expected size.
    cached = [None if options.force else runner.store.lookup(r, choice.name) for r in calls.sections]
    if all(record is not None for record in cached):
        finish_preview = calls.finish(section_texts(outline, [r for r in cached if r is not None], redactor, []))
    else:
        finish_preview = calls.finish([("x " * calls.words) for _ in outline.sections])
    runner.check([*calls.sections, finish_preview])  # before the first request leaves, not after the sections are paid
    expected = {"section": int(calls.words * tokens_per_unit(calls.unit)), "finish": FINISH_EXPECTED_TOKENS}
    planned = runner.plan([*calls.sections, finish_preview], expected)
    if options.dry_run:
        folder = runner.write_dry_run(planned)
        plan = plan_table(planned, runner.prices.as_of, runner.count_note) + f"\nprompts written to {folder}"
        refused = over_max_cost(planned, options.max_cost, runner.prices)
        if refused is not None:  # what the real run would stop on, said now
            plan += f"\nWithout --dry-run this would be refused: {refused}"
        return DraftResult(workdir.draft, choice, dry_run_plan=plan, condensed=calls.condensed, warnings=warnings)
    enforce_max_cost(planned, options.max_cost, runner.prices)
    _backup_hand_edits(workdir)
    records = runner.run(calls.sections)
    sections_text = section_texts(outline, records, redactor, warnings)
    record = runner.run([calls.finish(sections_text)], accept=_require_finish_json)[0]
    tie = finish_answer(record, redactor, warnings)
    if choice.name == "handoff":
        fingerprint = with_answers(fingerprint, [r.response.text for r in [*records, record]])
    text = draft_text(outline, triage, sections_text, tie, choice.name, model, fingerprint)
    _write_draft(workdir, text)
    return DraftResult(
        workdir.draft,
        choice,
        words=count_length(strip_markers(text.split("\n---\n", 1)[-1]), triage.post.language),
        unit=length_unit(triage.post.language),
        style=check_style(text),
        condensed=calls.condensed,
        warnings=warnings + runner.notes,
        costs=cost_table(runner.costs, runner.prices.as_of, unknown_prices(runner.prices, [model])),
        spent_usd=total_spent(runner.costs),
    )


# -- the requests ------------------------------------------------------------------------------------


@dataclass
class DraftCalls:
    """The requests of a draft: one per section, and the finishing call once their texts are known."""

    outline: Outline
    sections: list[LLMRequest]
    condensed: list[str]
    words: int  # per section, in `unit`
    model: str
    library: Any
    instructions: str  # system.md.j2, rendered
    context: str  # outline_context.md.j2, rendered
    template_hash: str
    limits: Limits
    unit: str = "words"  # or characters (zh, ja, ko)
    events: tuple[Event, ...] = ()  # the cleared view's events, for what the sections leave untold at the end
    one_session: bool = True  # (the times from the author's message are a single session's)
    language: str = "en"
    post_length: tuple[int, int] = (0, 0)  # the post's range, in `unit`
    # the post's one length (post_budget.session_length) and the code blocks it shows at most
    # (post_budget.post_code_blocks)
    length: PostLength | None = None
    post_blocks: int = 0

    def finish(self, texts: list[str]) -> LLMRequest:
        return finish_request(self, texts)


def draft_calls(
    outline: Outline, view: EventLog, triage: Triage, parsed: Parsed, options: StageOptions, model: str
) -> DraftCalls:
    calls = draft_prompts(outline, view, triage, parsed, options, model)
    calls.sections, calls.condensed = section_requests(outline, view, triage, calls, options.max_input_tokens)
    calls.events = tuple(view.events)
    calls.one_session = len(view.sessions) < 2
    return calls


def draft_prompts(
    outline: Outline, view: EventLog, triage: Triage, parsed: Parsed, options: StageOptions, model: str
) -> DraftCalls:
    """What every call about the draft shares (the instructions and the outline), before any section request:
    `retell revise` builds its call on it too, so a revision reads the draft's cached prefix."""
    library = prompts(options)
    # Only the session material is redacted here (it comes from the cleared view). Everything else (notes,
    # templates, the outline) is the author's: the guard stops any secret in it before a request leaves.
    system = library.render(
        "system.md.j2", **system_context(triage, parsed.manifest, view, title_set=title_set(triage, parsed))
    )
    context = library.render("outline_context.md.j2", outline=outline_yaml_for_prompt(outline))
    # the same length the outline was told (its chapters' material), shared out over the sections
    length = session_length(view, triage.post.language, triage.post.length, options.max_input_tokens)
    return DraftCalls(
        outline,
        [],
        [],
        max(1, length.sections // max(1, len(outline.sections))),
        model,
        library,
        system.text,
        context.text,
        f"{system.template_hash}+{context.template_hash}",
        load_prices().limits(model),
        length_unit(triage.post.language),
        language=triage.post.language,
        post_length=length_range(triage.post.language, triage.post.length)[:2],
        length=length,
        post_blocks=post_code_blocks(view, triage.post.length),
    )


def shared_prefix(calls: DraftCalls) -> tuple[SystemBlock, ...]:
    """The sections' common prefix: instructions, then the outline, with the one cache breakpoint after it.
    None when only one section would use it (nothing reads the entry), or when the prefix is shorter than the
    model's minimum cacheable length (a breakpoint there caches nothing, silently)."""
    tokens = estimate_tokens(calls.instructions) + estimate_tokens(calls.context)
    cache = len(calls.outline.sections) > 1 and worth_caching(calls.limits, tokens)
    return (SystemBlock(calls.instructions), SystemBlock(calls.context, cache=cache))


def section_texts(outline: Outline, records: list[CallRecord], redactor: Redactor, warnings: list[str]) -> list[str]:
    """The sections' answers, cleaned, with every image the outline placed in them."""
    # A model may write something secret-shaped of its own; it never came from the author, so it is
    # redacted and reported rather than stopping a run that is already paid for.
    texts = []
    for r in records:
        cleared, notes = clear_model_output(clean_section(r.response.text), redactor, f"section {r.request.label}")
        texts.append(cleared)
        warnings.extend(notes)
    for index, section in enumerate(outline.sections):
        texts[index], missing = ensure_images(section, texts[index])
        warnings.extend(f"{section.id}: the model left out image {name}; it was added at the end" for name in missing)
    return texts


def finish_answer(record: CallRecord, redactor: Redactor, warnings: list[str]) -> dict[str, Any]:
    """The opening, transitions and ending the finishing call wrote, with anything secret-shaped redacted."""
    answer, notes = clear_model_output(record.response.text, redactor, "the opening and ending", json_text=True)
    warnings.extend(notes)
    return extract_json(answer)


def draft_text(
    outline: Outline,
    triage: Triage,
    sections: list[str],
    tie: dict[str, Any],
    engine: str,
    model: str,
    inputs: str,
) -> str:
    """The model's answers (sections and the finishing JSON) turned into the text of draft.md.

    The model's Markdown keeps its structure; HTML, template syntax and links to scripts it echoed from the
    material are made inert, like the session text the offline engine places (retell/markup.py)."""
    body = model_markdown(assemble_body(outline, sections, tie))
    return assemble_file(outline, triage, body, engine, model, inputs)


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
        atomic_copy(workdir.draft, workdir.draft.with_name("draft.md.bak"))  # never half a backup on a full disk


def _write_draft(workdir: Workdir, text: str) -> None:
    atomic_write_text(workdir.draft, text)
    atomic_write_text(_draft_hash_file(workdir), hashlib.sha256(text.encode("utf-8")).hexdigest() + "\n")


SECTION_FLOOR = 0.8  # of a section's full share: the low end of its range


def _cited_runs(section: Section, events: list[Event]) -> list[Event]:
    """The tool runs a section's beats cite (skipped beats left out), in the order the beats cite them, the
    author's own shell commands (`!`) among them: what they printed is a block a section shows as well (blind28:
    the author's own log query was left to prose, its section's one block given to Claude's version check)."""
    runs = {e.id: e for e in events if e.kind == TOOL_RUN or _own_run(e)}
    ids = dict.fromkeys(e for b in section.beats if b.treatment != "skip" for e in b.events)
    return [runs[i] for i in ids if i in runs]


# A beat's note that asks for a block: "show the error line", "in a code block", "tampilkan baris error"; in the
# languages posts are most often written in.
_ASKS_TO_SHOW = re.compile(
    # (not what something showed, told in the past, nor Russian's "показания", readings: "строки целиком показали,
    # что…" and "показания не убывают" of fresh31's snt-svet, where the author's query then took a one-block section
    # from the fix a later beat asked to show)
    r"```|\b(?!zeigte|gezeigt|mostrou|mostrava|mostró|mostraba|montra|montré|gösterdi|gösteriyor|pokazał)"
    r"(?:show|shown|showing|display|displayed|quote (?:its|the) (?:lines?|output)|code block|"
    r"tampil\w*|tunjuk\w*|blok kode|muestr\w*|mostr\w*|bloque|bloco|montr\w*|affich\w*|zeig\w*|codeblock|"
    r"blocco|toon|poka[żz]\w*|показать|покажи\w*|показав\w*|показыва(?:я|ть)|göster\w*|hiển thị|"
    # Swedish, Danish and Norwegian, Czech, Finnish ("visa diffen": fresh35's vagforening)
    r"visa|vis|ukázat|ukaž\w*|näytä\w*|"
    # Romanian's "arată" (show) only before what is shown, never "testul arată că…" (the test shows that: stop 62,
    # fresh43's guesthouse, whose notes asked "(arată diff-ul lui)" and no block was listed as asked)
    r"arată(?=\s+(?:diff|rând|ieșir|ieşir|bloc|cod|modific|lini|output|eroar|mesaj))|afișea\w*)\b"
    r"|示す|表示|見せ|展示|显示|顯示|代码块|보여",
    re.I,
)
# What a note names in code (`invoiceFrame`, `HiveRoutes.kt`): the words it picks one run of its beat's by
_CODE_SPAN = re.compile(r"`([^`\n]+)`")
_SENTENCE_END = re.compile(r"[;；。]|\.(?:\s|$)")
# A note's words for a run's output and for its changed lines (which of a write and the run of what it wrote)
_ASKS_OUTPUT = re.compile(
    r"print|output|\blog\b|result|wypis|wynik|salida|imprim|sortie|ausgabe|saída|出力|输出|輸出|打印", re.I
)
_ASKS_CHANGE = re.compile(r"\bdiff\b|\bedit|\bchange|zmian|edycj|cambio|änderung|改动|改動|変更|差分", re.I)


def _show_clause(note: str) -> str:
    """A note's words from where it asks to show to the end of that sentence: what it asks to show."""
    found = _ASKS_TO_SHOW.search(note)
    if found is None:
        return ""
    end = _SENTENCE_END.search(note, found.end())
    clause = note[found.start() : end.start() if end else len(note)]
    # (marks inside a code span are code's: "`error: externally-managed-environment`" holds no clause's colon)
    blank = _CODE_SPAN.sub(lambda m: "x" * len(m.group(0)), note)
    before = blank[: found.start()]
    opened = max(before.rfind("("), before.rfind("（"))
    inside = opened >= 0 and max(before.rfind(")"), before.rfind("）")) < opened  # (the ask inside a parenthesis)
    parenthesis = before.rstrip().endswith(("(", "（")) and not _CODE_SPAN.search(clause)
    if len(clause.split()) <= 2 or parenthesis or inside:
        # the verb last, as German, Dutch and Japanese put it ("…; die Ausgabe des letzten Laufs als text-Block
        # zeigen"): what it asks to show is the clause before it, from the last clause mark
        marks = [";", "；", ". ", "。", ": "]
        if parenthesis or inside:
            # "…, then gave `pd.to_datetime` the format in `load` (show the diff)": a parenthesis asks to show what
            # its clause names, not the whole beat's (fresh34's gas-safety: the test added before the fix was listed
            # as the diff asked for, and the fix went to prose)
            marks += [", ", "，", "、"]
        # (an ask inside a parenthesis shows what the parenthesis and its clause name: "…又被系统拒绝（`error:
        # externally-managed-environment`，展示这一行所在的输出）", fresh43's group buy, stop 62)
        limit = opened if inside else found.start()
        begin = max(blank.rfind(mark, 0, limit) for mark in marks)
        clause = note[begin + 1 : end.start() if end else len(note)].strip()
    return clause


def _run_text(event: Event) -> str:
    """What a note can name a run by: its targets (a file, a command), its changed lines, its output."""
    return "\n".join(f"{c.target or ''}\n{c.diff or ''}\n{c.output or ''}" for c in event.calls or ())


def _named_runs(clause: str, runs: list[Event]) -> list[Event]:
    """The runs of a beat's that its note's words for what to show pick (material round 62: a beat citing the write
    of a probe and its run asked for "the probe's three printed lines", and the write's lines were listed as asked):
    those naming most of the note's code words (a file's own name counts for its path), then, among those left,
    the output the note asks for or the change. With nothing to tell them apart, all of them."""
    spans = [s.strip().rstrip("()").lower() for s in _CODE_SPAN.findall(clause)]
    spans = [s for s in spans if len(s) > 2]
    if spans and len(runs) > 1:
        scores = [sum(s in _run_text(r).lower() for s in spans) for r in runs]
        if max(scores) > 0:
            runs = [r for r, n in zip(runs, scores, strict=True) if n == max(scores)]
    if len(runs) > 1:
        output, change = _ASKS_OUTPUT.search(clause), _ASKS_CHANGE.search(clause)
        if output and not change:
            keep = [r for r in runs if _prints(r)]
        elif change and not output:
            keep = [r for r in runs if _changes(r)]
        else:
            keep = runs
        runs = keep or runs
    return runs


def _block_of(event: Event) -> bool:
    """Whether an event has lines a code block can show: a run's change or output, the author's own command, or the
    lines the author pasted."""
    if event.kind == HUMAN:
        # (what the plan names: a traceback pasted with no mark of a paste, as fresh46's calendar opened with, is
        # lines to show as well; the plan's beat asked for it and the block order had left it out)
        return bool(pasted_quote(event.text)) or len((event.text or "").strip().splitlines()) >= 3
    return (event.kind == TOOL_RUN or _own_run(event)) and (_changes(event) or _prints(event))


def _asked_to_show(section: Section, events: list[Event]) -> dict[str, int]:
    """The events a beat asks to show (skipped beats left out), each with its place among its beat's (0 for the
    first): those its "show" lists; else, of the runs it cites, the ones its note's words name (`_named_runs`: an
    event in a beat's list is what the beat rests on, no request to show it), and an author's message it cites with
    lines they pasted (the error a beat asks to quote in a text block)."""
    by_id = {e.id: e for e in events}
    asked: dict[str, int] = {}
    for beat in section.beats:
        if beat.treatment == "skip":
            continue
        if beat.show:  # the plan names them: its note's words are not read for them
            shown = [by_id[i] for i in beat.show if i in by_id]
            named = [e.id for e in shown if _block_of(e)]
            for place, event_id in enumerate(named):
                asked[event_id] = min(place, asked.get(event_id, place))
            continue
        clause = _show_clause(beat.note or "")
        if not clause:
            continue
        cited = [by_id[i] for i in beat.events if i in by_id]
        runs = [e for e in cited if e.kind != HUMAN and _block_of(e)]
        named = [e.id for e in _named_runs(clause, runs)]
        named += [e.id for e in cited if e.kind == HUMAN and pasted_quote(e.text)]
        for place, event_id in enumerate(named):
            asked[event_id] = min(place, asked.get(event_id, place))
    return asked


_GIT_RECORD = re.compile(r"\bgit\s+(?:-\S+\s+)*(?:commit|push|tag)\b")
_VERDICT = re.compile(r"\b(?:[Cc]ompleted successfully|succeeded|passed|failed|PASS|FAIL|ERROR)\b")


def _result(call: ToolCall) -> bool:
    """Whether a call is a run whose own lines say how it went: a test run, a build, a failure, or an output
    ending on a verdict (`Done. PASS=10 …`, `1 of 1 FAIL 283719 …`); a search's or a diff's exit 1 is an answer."""
    if (
        not telling_lines(call.output)  # (a traceback's header alone, a background notice: stop 52)
        or call.name not in SHELL_TOOLS
        or call.error in ANSWERS
        or _GIT_RECORD.search(run_lines(call))
    ):
        return False  # (a commit or a push records the work: no run it turns on)
    if call.outcome or call.error or tells_outcome(call):
        return True
    lines = [ln for ln in (call.output or "").splitlines() if ln.strip()]
    return bool(lines) and (says_how_it_went(lines[-1]) or _VERDICT.search(lines[-1]) is not None)


def _turning_run(section: Section, events: list[Event]) -> Event | None:
    """The run a section turns on: the last one its beats cite whose lines say how it went (red or green); with
    none, the last output a discovery or a pivot rests on (the log lines that bear out a reading)."""
    cited = _cited_runs(section, events)
    result = next((e for e in reversed(cited) if any(_result(c) for c in e.calls or ())), None)
    if result is not None:
        return result
    found = {e for b in section.beats if b.beat in ("discovery", "pivot") and b.treatment != "skip" for e in b.events}
    return next((e for e in reversed(cited) if e.id in found and _prints(e)), None)


def code_blocks(sections: list[Section], slices: list[list[Event]], total: int) -> list[int]:
    """How many code blocks each section may show: the post's `total` (post_budget.post_code_blocks) shared out, at most
    SECTION_BLOCKS a section and never more than the blocks its beats cite (`block_order`): one to each section that
    has any, in reading order; then a second to each section whose beats cite both a change and the red or green run
    it turns on (round 49); then the rest, one at a time in reading order. They add up to `total` unless the sections'
    beats cite fewer blocks than that (material round 63: the outline's "5 code blocks in all" beside sections given 3
    or 4 among them)."""
    room = [min(SECTION_BLOCKS, len(block_order(section, slices[index]))) for index, section in enumerate(sections)]
    both = []
    for index, section in enumerate(sections):
        runs = [e for e in _cited_runs(section, slices[index]) if _changes(e) or _prints(e)]
        turning = _turning_run(section, slices[index])
        red_or_green = turning is not None and any(_result(c) for c in turning.calls or ())
        if room[index] and red_or_green and any(_changes(e) for e in runs if e is not turning):
            both.append(index)
    blocks = [0] * len(sections)
    order = [i for i in range(len(sections)) if room[i]]

    def give(index: int) -> None:
        if sum(blocks) < total and blocks[index] < room[index]:
            blocks[index] += 1

    for index in [*order, *both]:
        give(index)
    while sum(blocks) < total and any(blocks[i] < room[i] for i in order):
        for index in order:
            give(index)
    return blocks


def session_names(view: EventLog) -> list[str]:
    """The capitalised words of the session's own words (the author's and Claude's messages), as they write them:
    the forms a name inflected in the plan's prose is compared with."""
    found: dict[str, None] = {}
    for event in view.events:
        if event.kind in (HUMAN, ASSISTANT) and event.text:
            found.update(dict.fromkeys(written_forms(event.text)))
    return list(found)


def block_order(section: Section, events: list[Event]) -> list[str]:
    """The code blocks a section's beats ask for, in the order it keeps them when they are more than its share
    ("[e4] (its changed lines)"): the run the section turns on first (its last red or green run: round 49, where
    a diff put first left the failing prod test to prose), then the change, then a failure's output, then other
    output (the craft's "the fix, the failing line or the config"), each in the order the beats cite them. A
    model over the limit was not told which to drop (round 42). Before them all, what a beat asks to show and what the
    author ran themselves (blind28: a section of one block gave it to Claude's version check, where its beat asked
    for the author's own log query)."""
    cited = _cited_runs(section, events)
    turning = _turning_run(section, events)
    asked = _asked_to_show(section, events)
    # the runs the material's "Results worth showing" asks to show in a ```text block (round 61: a section of two
    # blocks listed two beats' blocks before its green run, whose line then went to prose against that rule)
    listed = {line[3:].split("]", 1)[0] for line in decisive_results(events)}
    # (rank, the block's place among its beat's asked blocks, citation order): each beat's first block before any
    # beat's second (fresh31's snt-svet: a beat's second block, a test file's opening lines, took the last place
    # from the report output the next beat asked to show)
    ranked: list[tuple[int, int, int, str]] = []
    # an author's paste a beat asks to show (round 62: the opening's error, asked for in a text block, was missing)
    pasted = [e for e in events if e.id in asked and e.kind == HUMAN]
    for order, message in enumerate(pasted, start=-len(pasted)):
        ranked.append(
            (-2, asked[message.id], order, f"[{message.id}] (its beat asks to show it: the lines the author pasted)")
        )
    for order, run in enumerate(cited):
        calls = run.calls or []
        changed = _changes(run)
        place = asked.get(run.id, 0)
        if _own_run(run):
            # first when a beat asks for it or none asks for anything; after what a beat asks to show (fresh31's
            # snt-svet: the author's duplicates query took a one-block section from the migration's fix it asked for)
            first = run.id in asked or not asked
            ranked.append(
                (-3 if first else -2, place, order, f"[{run.id}] (the author's own command: what it printed)")
            )
        elif run is turning and run.id in listed and any(_result(c) for c in calls):
            ranked.append((-3, place, order, f"[{run.id}] (the run it turns on: its own result lines)"))
        elif run.id in asked and (changed or _prints(run)):
            # a change a beat asks to show before an output one asks for (the output's lines can be told in prose)
            what = "its changed lines" if changed else "what it printed"
            ranked.append((-3 if changed else -2, place, order, f"[{run.id}] (its beat asks to show it: {what})"))
        elif run is turning:
            what = "its own result lines" if any(_result(c) for c in calls) else "what it printed"
            ranked.append((-1, 0, order, f"[{run.id}] (the run it turns on: {what})"))
        elif changed:  # (a refused edit changed nothing: round 50)
            ranked.append((0, 0, order, f"[{run.id}] (its changed lines, in a ```diff block)"))
        elif any(telling_lines(c.output) and c.error and c.error not in ANSWERS for c in calls):
            ranked.append((1, 0, order, f"[{run.id}] (its failing output)"))
        elif any(
            telling_lines(c.output) and not is_install(c.target) for c in calls
        ):  # (an install's progress: round 53)
            ranked.append((2, 0, order, f"[{run.id}] (what it printed)"))
    # what beats ask for (and the author's own run, the run it turns on) by place first: every asking beat's first
    # block, then a second of any
    return [text for *_keys, text in sorted(ranked, key=lambda r: (r[0] > -2, r[1], r[0], r[2]))]


def section_requests(
    outline: Outline, view: EventLog, triage: Triage, calls: DraftCalls, budget: int
) -> tuple[list[LLMRequest], list[str]]:
    shared = shared_prefix(calls)
    requests = []
    condensed = []
    slices = section_events(outline, view)
    starts = session_starts(outline, view)
    # what the reader has read before each section: the opening (from the hook) and the sections before it
    told = [outline.hook or "", *(_section_text(s) for s in outline.sections)]
    language = triage.post.language
    # a name as the session's own words write it, not inflected as the plan's prose needed it ("Prometheusa")
    forms = session_names(view)
    met = [
        names_as_written(met_names(told[: index + 1], language=language), forms, language)
        for index in range(len(outline.sections))
    ]
    times = chapter_times(view)
    count = len(outline.sections)
    blocks = code_blocks(outline.sections, slices, calls.post_blocks)
    position = {e.id: i for i, e in enumerate(view.events)}
    materials = []
    for index, section in enumerate(outline.sections):
        last = max((position.get(e.id, -1) for e in slices[index]), default=-1)
        # what follows the section in the session: the words that take up its last run's output
        following = list(view.events[last + 1 : last + 1 + FOLLOWING_EVENTS])
        cited = frozenset(e for beat in section.beats for e in beat.events)
        # the run a beat ends on (a montage compresses its runs): its output is what the beat rests on
        resting = frozenset(b.events[-1] for b in section.beats if b.events and b.treatment not in ("montage", "skip"))
        materials.append(
            render_material(
                slices[index], budget, following=following, cited=cited, session=view.events, resting=resting
            )
        )
    # the sections' part of the post's one length (post_budget.session_length, what the outline was told), shared out by
    # what each section's material holds: the ranges add up to it (material round 63)
    length = calls.length or session_length(view, language, triage.post.length, budget)
    floor = section_floor(length, count, language)
    lengths = share_sections(length.sections, [material_holds(m.text, language) for m in materials], floor)
    # words of the plan that are no names, judged on the whole material: plain words ("Migrate"), a sentence a
    # command printed ("All checks passed!"), a page's label ("View source"): neither met nor to introduce
    shown = "\n".join(m.text for m in materials)
    # what the session writes, tool output included: a name only the plan writes is no name to introduce
    session_text = "\n".join([shown, *(e.text for e in view.events if e.text)])
    named_all = list(dict.fromkeys(n for text in told for n in names_in(text, language)))
    plain = {
        *ordinary_words(named_all, [*told, shown]),
        *printed_words(named_all, shown),
        *quoted_labels(named_all, told, shown),
    }
    # one form of each name: a case of a name met before is that name (material round 63: "Ktora" and "Ktorze")
    met = [one_per_name([n for n in names if n not in plain], language) for names in met]
    # (older templates' variables: the sections' lengths together where the post falls short of its preset, stop 47)
    planned = length.sections if length.short else 0
    for index, section in enumerate(outline.sections):
        material = materials[index]
        seen = [*met[index], *code_spans(told[: index + 1])]
        named = names_as_written(names_in(_section_text(section), language), [*forms, *met[index]], language)
        new_names = one_per_name([n for n in named if not is_met(n, seen, language)], language)
        new_names = [n for n in new_names if n not in printed_words(new_names, material.text) and n not in plain]
        new_names = in_session(new_names, forms, session_text, language)
        new_names = new_names[:MAX_NEW_NAMES]
        in_code = code_names(new_names, material.text)
        words = lengths[index]
        if material.condensed:
            condensed.append(f"{section.id}: " + "; ".join(material.condensed))
        task = calls.library.render(
            "section_task.md.j2",
            section=section,
            number=index + 1,
            count=count,
            words=words,
            # near the section's full share, not one cut well below it to what its material holds: a range, as the
            # post's length is
            # ("at most" alone gave drafts under the floor of `short`: round 49)
            # and a thin one too, near what its material holds: "at most …: a ceiling, not a target" gave a zh draft
            # under half the post's floor (round 50)
            floor=int(words * SECTION_FLOOR),
            thin=words < length.sections / count * SECTION_FLOOR,
            unit=calls.unit,
            length=length,
            planned=planned,
            post_floor=length.low,
            hook=outline.hook,
            ending=outline.ending,
            previous=_neighbour(outline.sections, index - 1),
            met=met[index],
            new_names=[n for n in new_names if n not in in_code],
            code_names=in_code,
            blocks=blocks[index],
            block_order=block_order(section, slices[index]) if blocks[index] else [],
            # the post's blocks, and what the other sections take of them: one budget, the same in every prompt
            post_blocks=sum(blocks),
            planned_blocks=calls.post_blocks,
            others=", ".join(
                f"{n} in {s.id}" for s, n in zip(outline.sections, blocks, strict=True) if s is not section and n
            ),
            next=_neighbour(outline.sections, index + 1),
            when=[f"{titles}: {line}" for titles, line in _section_times(section, times)],
            sessions=starts[index],
            # (the one variable of older templates: the session the section opens with, "" for none)
            session=next((str(s["line"]) for s in starts[index] if s["opens"]), ""),
            images=[{"asset": im.asset, "caption": im.caption or "Screenshot"} for im in section.images],
            material=material.text,
            condensed="; ".join(material.condensed),
            ids=example_ids(slices[index]),
        )
        requests.append(
            LLMRequest(
                stage="section",
                label=section.id,
                model=calls.model,
                system=shared,
                user=task.text,
                max_tokens=output_budget(calls.limits, section_text_tokens(words, calls.unit)),
                template=f"system.md.j2+outline_context.md.j2+{task.name}",
                template_hash=f"{calls.template_hash}+{task.template_hash}",
            )
        )
    return requests, condensed


def session_starts(outline: Outline, view: EventLog) -> list[list[dict[str, str | bool]]]:
    """Per section, the sessions that begin in it as the post tells them: a session begins in the first section
    (in reading order) that tells one of its chapters, and the post's first session begins with the post.
    Each as {"line": when it started (context.session_openings), "opens": whether the section opens with it
    (else it begins at a later chapter of the section)}. A section that shares its chapter with the one before
    opens no session, whatever its chapter is."""
    openings = session_openings(view)
    if not openings:
        return [[] for _ in outline.sections]
    session_of = {c.id: c.session for c in view.chapters}
    line_of = {session_of[c]: line for c, line in openings.items()}
    told: set[str | None] = set()
    out: list[list[dict[str, str | bool]]] = []
    for index, section in enumerate(outline.sections):
        mine = [c.id for c in view.chapters if c.id in section.chapters]
        found: list[dict[str, str | bool]] = []
        for position, chapter in enumerate(mine):
            session = session_of[chapter]
            if session in told:
                continue
            told.add(session)
            if index == 0 and position == 0:
                continue  # the post begins with it
            found.append({"line": line_of.get(session, ""), "opens": position == 0, "chapter": chapter})
        out.append([f for f in found if f["line"]])
    return out


def chapter_times(view: EventLog) -> dict[str, str]:
    """Chapter id -> when it ran (timetext.chapter_time), for every chapter with times."""
    out: dict[str, str] = {}
    before = None
    for chapter in view.chapters:
        line = chapter_time(chapter, [e for e in view.events if e.chapter == chapter.id], before)
        if line:
            out[chapter.id] = line
        before = chapter
    return out


def _section_times(section: Section, times: dict[str, str]) -> list[tuple[str, str]]:
    return [(f"chapter {c}", times[c]) for c in section.chapters if c in times]


def section_events(outline: Outline, view: EventLog) -> list[list[Event]]:
    """The session material each section is written from: its chapters' events; where sections share a
    chapter, each gets the stretch from its first cited event up to the next section's. Every event a section's
    beats cite is in its material too, wherever it falls (another section's stretch, another chapter): a beat
    is never written from the outline's note alone."""
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
            stretch = chapter_events
        else:
            later = [s for s in starts[index + 1 :] if s is not None and s > start]
            end = min(later) if later else len(view.events)
            earlier = [s for s in starts[:index] if s is not None and s < start]
            begin = start if earlier else min(start, min((order[e.id] for e in chapter_events), default=start))
            stretch = [e for e in view.events[begin:end] if e.chapter in section.chapters]
        have = {e.id for e in stretch}
        # an id inside a subagent (`e7.3`) is told by its spawn (`e7`)
        cited = {ident.split(".")[0] for beat in section.beats for ident in beat.events}
        missing = [view.events[order[i]] for i in cited - have if i in order]
        out.append(sorted([*stretch, *missing], key=lambda e: order[e.id]) if missing else stretch)
    return out


def _neighbour(sections: list[Section], index: int) -> dict[str, str] | None:
    if 0 <= index < len(sections):
        section = sections[index]
        told = [ident for beat in section.beats if beat.treatment != "skip" for ident in beat.events]
        return {
            "heading": section.heading,
            "summary": section.summary(),
            "events": ", ".join(dict.fromkeys(told)),
            "close": _close(section),
        }
    return None


def _close(section: Section) -> str:
    """A section's last told beat, as the next one is told it: "(convergence) The tests pass. (events e64)"."""
    beats = [b for b in section.beats if b.treatment != "skip"] or section.beats
    if not beats:
        return section.purpose.rstrip(".") + "."
    last = beats[-1]
    note = " ".join((last.note or section.purpose).split()).rstrip(".") + "."
    cited = f" (event{'s' if len(last.events) > 1 else ''} {', '.join(last.events)})" if last.events else ""
    return f"({last.beat}) {note}{cited}"


def _section_text(section: Section) -> str:
    """What a section tells, as the outline says it: its heading, purpose and beats."""
    return "\n".join([section.heading, section.purpose, *(b.note for b in section.beats if b.treatment != "skip")])


def finish_request(calls: DraftCalls, texts: list[str]) -> LLMRequest:
    """The call for the opening, transitions and ending. It asks for JSON output, so no cache entry of the
    sections can serve it and nothing would read one of its own: the same instructions, no breakpoint."""
    pairs = zip(calls.outline.sections, texts, strict=True)
    sections = [{"id": s.id, "heading": s.heading, "text": t} for s, t in pairs]
    first_words = _first_sentence(texts[0]) if texts else ""
    last_words = _last_paragraph(texts[-1]) if texts else ""
    task = calls.library.render(
        "finish_task.md.j2",
        sections=sections,
        hook=calls.outline.hook,
        ending=calls.outline.ending,
        unit=calls.unit,
        first_words=first_words,
        last_words=last_words,
        # the sections' length when it falls short of the post's: fresh17's endings, asked for 1,800-2,500 words
        # after sections of about 1,100, were where the editor cut padding and repeats (prompts51)
        written=_short_of(calls, texts),
        post_length=calls.post_length,
        # the post's one length: the opening's and the ending's part of it (material round 63)
        length=calls.length,
        after=untold_after(calls.events, texts),
        session_end=session_end(list(calls.events)),
        uncommitted=left_uncommitted(list(calls.events)),
        from_message=from_message(list(calls.events)) if calls.one_session else "",
    )
    return LLMRequest(
        stage="finish",
        label="tie",
        model=calls.model,
        system=(SystemBlock(calls.instructions), SystemBlock(calls.context)),
        user=task.text,
        max_tokens=output_budget(calls.limits, FINISH_TEXT_TOKENS),
        template=f"system.md.j2+outline_context.md.j2+{task.name}",
        template_hash=f"{calls.template_hash}+{task.template_hash}",
        json_schema=FINISH_JSON_SCHEMA,
        # (issue 24) each section passed alone as the model's accepted answer (section_texts), and so did the first
        # and last words quoted from it with its lines joined: joined under their headings, a rule that reads a
        # value by its context (a login named in the section before) must not stop the paid-for draft
        answers=(*((t, t) for t in texts), *_quoted(first_words, texts[:1]), *_quoted(last_words, texts[-1:])),
    )


def _quoted(words: str, text: list[str]) -> tuple[tuple[str, str], ...]:
    return ((words, text[0]),) if words and text else ()


# The material of what follows the sections' last cited event: the ending's own events (an answer, a last
# check, the author's word that they finished it) are often there, and a finishing call that cannot see them
# either leaves the plan's ending out or cites an event that does not hold it (both seen in the loop, stop 40).
AFTER_TOKENS = 1500


def untold_after(events: tuple[Event, ...], texts: list[str]) -> str:
    """The session's events from the last one a section cites on (that one whole: a section tells only part of
    it, and Claude's last advice, "bump the version, e.g. 2.3.1", sat in the message the last section cited
    for its summing-up, stop 40), as material lines; "" when no section cites one or nothing follows it."""
    cited = {ident.split(".")[0] for text in texts for group in CITE.findall(text) for ident in event_ids(group)}
    order = [i for i, event in enumerate(events) if event.id in cited]
    if not order or not [e for e in events[max(order) + 1 :] if "." not in e.id]:
        return ""
    rest = [e for e in events[max(order) :] if "." not in e.id]
    # the whole session: what a run in it shows is no note's "nothing shows" (round 55)
    return render_material(rest, AFTER_TOKENS, session=list(events)).text.strip()


def clean_section(text: str) -> str:
    """A section as the model wrote it, minus a heading it may have added anyway."""
    lines = text.strip().splitlines()
    while lines and lines[0].lstrip().startswith("#"):
        lines.pop(0)
    return "\n".join(lines).strip()


def assemble_body(outline: Outline, sections: list[str], tie: dict[str, Any]) -> str:
    """The opening, the sections under their headings, the ending. Sections open from the one before on their
    own; a transition sentence an older finishing answer still carries is woven into the section's first
    paragraph, never set as a paragraph of its own."""
    transitions = {}
    for item in tie.get("transitions") or []:
        if isinstance(item, dict) and isinstance(item.get("section"), str) and isinstance(item.get("text"), str):
            transitions[item["section"]] = item["text"].strip()
    parts = [str(tie.get("opening") or "").strip()]
    for section, text in zip(outline.sections, sections, strict=True):
        parts.append(f"## {section.heading}\n\n" + weave(transitions.get(section.id, ""), text))
    parts.append(str(tie.get("ending") or "").strip())
    return "\n\n".join(p for p in parts if p) + "\n"


_PROSE_START = re.compile(r"^[^\s#>|`!<*\-+\d]")


def weave(lead: str, text: str) -> str:
    """`text` with the sentence `lead` in front of its first paragraph (when that paragraph is prose: before a
    list, a quote or code it stays a sentence of its own)."""
    lead = " ".join(lead.split())
    if not lead:
        return text
    if _PROSE_START.match(text):
        return f"{lead} {text}"
    return f"{lead}\n\n{text}"


_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def _blocks(text: str) -> list[str]:
    """A section's paragraphs, a fenced code block whole as one (a blank line inside it splits nothing) and
    always a block of its own: the prose written against it, with no blank line between, is not part of it (the
    evidence marker that stood between them is gone here)."""
    blocks: list[str] = []
    current: list[str] = []
    fence = ""
    for line in strip_markers(text).strip().splitlines():
        opened = _FENCE.match(line)
        if fence:
            current.append(line)
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
                blocks.append("\n".join(current))
                current = []
        elif opened:
            if current:
                blocks.append("\n".join(current))
            fence = opened.group(1)
            current = [line]
        elif line.strip():
            current.append(line)
        elif current:
            blocks.append("\n".join(current))
            current = []
    if current:
        blocks.append("\n".join(current))
    return [b for b in blocks if not b.startswith("![")]


def _first_sentence(text: str) -> str:
    blocks = _blocks(text)
    first = next((b for b in blocks if not _FENCE.match(b)), "")
    match = re.match(r"(.+?[.!?。！？])(?:\s|$)", first, re.S)
    return " ".join((match.group(1) if match else first).split())[:300]


def _short_of(calls: DraftCalls, texts: list[str]) -> int:
    """The sections' length all together, in the post's unit, when it is under the post's floor; else 0."""
    written = sum(count_length(strip_markers(t), calls.language) for t in texts)
    return written if written < calls.post_length[0] else 0


def _last_paragraph(text: str) -> str:
    """The section's last paragraph as the finishing call quotes it; a code block never cut (the model writing
    the ending saw a block cut to its first lines, and a different section from the post's): a section ending
    on code is quoted from the paragraph before it, with the block whole."""
    blocks = _blocks(text)
    if not blocks:
        return ""
    if _FENCE.match(blocks[-1]):
        before = [b for b in blocks[:-1] if not _FENCE.match(b)]
        lead = _tail(" ".join(before[-1].split())) if before else ""
        return f"{lead}\n{blocks[-1]}".strip()
    return _tail(" ".join(blocks[-1].split()))


def _tail(paragraph: str, most: int = 600) -> str:
    """A paragraph's end, from a sentence's start: what the ending must not say again is how the section ends (a
    600-character cut from the start stopped before a section's commits and deleted workspaces: prompts51)."""
    if len(paragraph) <= most:
        return paragraph
    cut = paragraph[-most:]
    start = re.search(r"(?<=[.!?…。！？])\s+(?=\S)", cut)
    return "… " + (cut[start.end() :] if start else cut.split(" ", 1)[-1])


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
    return len([w for w in strip_markers(text).split() if any(ch.isalnum() for ch in w)])  # citations are not words


def length_unit(language: str) -> str:
    return "characters" if counts_characters(language) else "words"
