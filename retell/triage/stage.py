"""`retell triage`: write, merge, check and approve triage.yaml; and the gate later stages go through."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap

from retell import __version__, yamlio
from retell.errors import GateError, RetellError, SecretLeakError, ValidationError, WorkdirError
from retell.events import EVENTS_SCHEMA_VERSION, EventLog, branch_id
from retell.fsutil import atomic_write_text
from retell.parse import MANIFEST_SCHEMA_VERSION
from retell.secrets.author_terms import load_user_terms
from retell.triage import viewcache
from retell.triage.contact_sheet import write_contact_sheet
from retell.triage.generate import build_document
from retell.triage.merge import MergeReport, merge
from retell.triage.model import DEFAULT_LENGTH, LENGTHS, TRIAGE_SCHEMA_VERSION, Triage
from retell.triage.select import select_chapters
from retell.triage.validate import Known, Problems, validate
from retell.workdir import EVENTS, MANIFEST, TRIAGE, Workdir

PARSE_HINT = "run `retell parse SESSION -o WORKDIR` first"


@dataclass
class Parsed:
    """events.json and manifest.json of a work folder, checked to belong together."""

    log: EventLog
    manifest: dict[str, Any]
    events_sha256: str


def load_parsed(workdir: Workdir) -> Parsed:
    workdir.require(EVENTS, MANIFEST, hint=PARSE_HINT)
    raw = workdir.events.read_bytes()
    manifest = workdir.load_json(MANIFEST, MANIFEST_SCHEMA_VERSION)
    data = workdir.load_json(EVENTS, EVENTS_SCHEMA_VERSION)
    digest = hashlib.sha256(raw).hexdigest()
    recorded = (manifest.get("artifacts") or {}).get("events_json_sha256")
    if recorded and recorded != digest:
        raise WorkdirError(
            f"{workdir.events} and {workdir.manifest} are out of step (an interrupted parse?); re-run `retell parse`"
        )
    try:
        log = EventLog.from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise WorkdirError(f"{workdir.events} is not a valid events file ({exc}); re-run `retell parse`") from None
    log.flagged = flagged_texts(manifest)
    return Parsed(log, manifest, digest)


def flagged_texts(manifest: dict[str, Any]) -> frozenset[str] | None:
    """Where the parse found flagged items (redact.all_texts' keys), when this retell's scanner wrote the
    manifest: every later stage then looks for the known values in those texts only, not in all of them (a
    100 MB session's texts took ~0.8 s a stage). A manifest of another version says nothing: None."""
    warnings = manifest.get("pii_warnings")
    if manifest.get("retell_version") != __version__ or not isinstance(warnings, list):
        return None
    keys: set[str] = set()
    for warning in warnings:
        for location in warning.get("locations", []) if isinstance(warning, dict) else ():
            event, name = location.get("event"), location.get("field")
            if not isinstance(event, str) or not isinstance(name, str):
                return None
            keys.add(name if event == "session" else f"{event}.{name}")
    return frozenset(keys)


def known_of(parsed: Parsed, workdir: Workdir) -> Known:
    log = parsed.log
    return Known(
        session_id=log.session.id,
        events_sha256=parsed.events_sha256,
        chapters=[c.id for c in log.chapters],
        secrets={f["id"]: f["kind"] for f in parsed.manifest.get("pii_warnings", [])},
        images=[i["asset"] for i in parsed.manifest.get("images", [])],
        workdir=workdir.path,
        tried=list(dict.fromkeys(branch_id(e.abandoned, e.chapter) for e in log.events if e.abandoned)),
        sessions=[s.key for s in log.sessions],
        chapter_sessions=log.session_of_chapter(),
        terms=load_user_terms(),
    )


@dataclass
class TriageOutcome:
    path: Path
    created: bool
    changed: bool
    merge: MergeReport | None
    problems: Problems
    triage: Triage | None
    summary: str
    contact_sheet: Path | None
    approved_now: bool = False
    notes: list[str] = field(default_factory=list)
    written: bool = False  # triage.yaml was (re)written by this run


def run_triage(path: Path, *, check: bool = False, approve: bool = False, contact_sheet: bool = True) -> TriageOutcome:
    """`contact_sheet`: draw contact-sheet.png (False: `retell run --yes`, where nobody looks at it before the
    post is written; `retell triage` draws it then)."""
    if check and approve:
        raise RetellError("--check and --approve do not go together: check first, then approve")
    workdir = Workdir(path)
    parsed = load_parsed(workdir)
    known = known_of(parsed, workdir)
    fresh = build_document(parsed.log, parsed.manifest, known.terms, language_file=workdir.language)
    created = False
    report: MergeReport | None = None
    original: str | None = None
    if not workdir.triage.exists():
        if check:
            raise WorkdirError(f"{workdir.triage} does not exist; run `retell triage {path}` to write it")
        doc = fresh
        created = True
    else:
        original = workdir.triage.read_text(encoding="utf-8", errors="replace")
        doc = yamlio.load(workdir.triage)  # a broken file is reported, never overwritten
        if not isinstance(doc, CommentedMap):
            raise ValidationError(TRIAGE, [f"{TRIAGE}:1: the file must be a mapping of sections"])
        if not check:
            refuse_newer(doc)  # before anything touches the file
            if written_for(doc, known):
                # made for this very parse: the author's ids are checked as they wrote them, so the merge cannot
                # paper over a typo (the chapter a mistyped id meant would come back, included)
                mistyped = validate(doc, known, TRIAGE)[1].mistyped
                if mistyped:
                    return TriageOutcome(workdir.triage, False, False, None, Problems(TRIAGE, mistyped), None, "", None)
            report = merge(doc, fresh)
    triage, problems = validate(doc, known, TRIAGE)
    if triage is not None and (check or approve):
        _check_author_text(triage, parsed, problems)
    approved_now = False
    if approve:
        if triage is None or problems.errors:
            raise ValidationError(TRIAGE, problems.errors)
        if not triage.approved:
            doc["approved"] = True
            triage.approved = True
            approved_now = True
    changed = False
    written = False
    # A run that fails leaves the author's file as it was: a merged key written beside their typo would be a
    # duplicate once they fix it, and the file would no longer parse.
    if not check and (created or not problems.errors):
        if original is not None and report is not None and not report.touched and not approved_now:
            text = original  # nothing to change: the author's file stays byte for byte, and is not serialised
        else:
            text = yamlio.dumps(doc)
        if text != original:
            # One save per run: the backup is always the author's previous version. The text is the one just
            # compared (a big session's triage.yaml takes seconds to serialise; once is enough).
            atomic_write_text(workdir.triage, text, backup=original is not None)
            changed = not created
            written = True
    if not check and triage is not None and triage.approved and not problems.errors:
        _remember_gate(workdir, triage, parsed)  # `retell run` goes on to the gate with this very file
    sheet = None if check or not contact_sheet else _contact_sheet(workdir, parsed, triage)
    summary = told_summary(triage, parsed, path) if triage is not None else ""
    return TriageOutcome(
        workdir.triage, created, changed, report, problems, triage, summary, sheet, approved_now, written=written
    )


def written_for(doc: CommentedMap, known: Known) -> bool | None:
    """Whether the file was written (or last merged) for this very parse: then every id in it must be one of
    the parse's, and an unknown one is a typo rather than a chapter a new parse dropped."""
    info = doc.get("info")
    stored = info.get("events_sha256") if isinstance(info, CommentedMap) else None
    if not stored or not known.events_sha256:
        return None
    return bool(stored == known.events_sha256)


def _check_author_text(triage: Triage, parsed: Parsed, problems: Problems) -> None:
    """A secret the author typed (a token pasted into `story.intent`) is caught here, at the gate they edit,
    not later at outline or render."""
    from retell.redact import Redactor, check_author_text

    try:
        check_author_text(triage, Redactor.for_log(parsed.log, triage.secrets))
    except SecretLeakError as exc:
        problems.errors.append(f"{TRIAGE}: {exc}")


def refuse_newer(doc: CommentedMap) -> None:
    version = doc.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > TRIAGE_SCHEMA_VERSION:
        line = yamlio.line_of(doc, "schema_version")
        raise ValidationError(
            TRIAGE,
            [f"{TRIAGE}:{line}: written by a newer retell (schema_version {version}); upgrade retell to read it"],
        )


def _contact_sheet(workdir: Workdir, parsed: Parsed, triage: Triage | None) -> Path | None:
    images = parsed.manifest.get("images", [])
    if not images:
        return None
    by_id = parsed.log.by_id()
    groups: dict[str, list[tuple[str, bool]]] = {}
    for image in images:
        chapter = next((by_id[e].chapter for e in image.get("events", []) if e in by_id), "?")
        include = True
        if triage is not None and image["asset"] in triage.images:
            include = triage.images[image["asset"]].include
        groups.setdefault(chapter, []).append((image["asset"], include))
    titles = {c.id: c.title for c in triage.chapters} if triage is not None else {}
    order = {c.id: i for i, c in enumerate(parsed.log.chapters)}  # story order (ch10 after ch9; sessions by time)
    chapters = sorted(groups, key=lambda cid: (order.get(cid, len(order)), cid))
    ordered = [(f"{cid}: {titles.get(cid, '')}".strip(": "), groups[cid]) for cid in chapters]
    return workdir.contact_sheet if write_contact_sheet(workdir.contact_sheet, workdir.assets, ordered) else None


def told_summary(triage: Triage, parsed: Parsed, path: Path | str = "WORKDIR") -> str:
    """What will be told (and sent to a model), in a few lines."""
    chapters = {c.id: c for c in parsed.log.chapters}
    told = [c for c in triage.chapters if triage.tells(c)]
    left_out = [c.id for c in triage.chapters if not triage.tells(c)]
    tokens = sum(chapters[c.id].token_estimate for c in told if c.id in chapters)
    flagged = {f["id"] for f in parsed.manifest.get("pii_warnings", [])}
    actions = [d.action for sid, d in triage.secrets.items() if sid in flagged]  # gone secrets do not count
    undecided = len(flagged) - len(actions)
    low, high = LENGTHS[triage.post.length]
    images = triage.included_images()
    lines = [
        f"Story: \u201c{triage.post.title}\u201d, {triage.post.length} ({low:,}-{high:,} words), "
        f"{triage.post.voice}, {triage.post.language}, angle: {triage.story.angle}",
        f"Chapters told: {len(told)} of {len(triage.chapters)} "
        f"({', '.join(c.id + (' into ' + c.merge_into if c.merge_into else '') for c in told)}), "
        f"about {tokens:,} tokens of session material",
    ]
    if triage.sessions:
        # a session is told when it is included and one of its chapters is (its only chapter left out: not told)
        telling = {c.session for c in told}
        skipped = [key for key, include in triage.sessions.items() if not include or key not in telling]
        lines.append(
            f"Sessions told: {len(triage.sessions) - len(skipped)} of {len(triage.sessions)}"
            + (f" (left out: {', '.join(skipped)})" if skipped else "")
        )
    if left_out:
        lines.append(left_out_line(left_out, parsed.log))
    lines.append(
        f"Secrets: {actions.count('redact') + max(0, undecided)} redacted, {actions.count('replace')} replaced, "
        f"{actions.count('keep')} kept as is"
    )
    if triage.redact:
        lines.append(f"Your terms: {len(triage.redact)} in the redact list, replaced everywhere")
    shown = len(parsed.manifest.get("images", []))
    lines.append(
        f"Images: {len(images)} of {shown} included"
        + ("; images are not scanned for secrets: look at each in contact-sheet.png" if images else "")
    )
    lines.append(
        "Thinking: may be mentioned (never quoted)" if triage.post.use_thinking else "Thinking: stays on this machine"
    )
    lines.append(
        "Approved: yes" if triage.approved else "Approved: no (review, then `retell triage WORKDIR --approve`)"
    )
    return "\n".join(lines)


def left_out_line(left_out: list[str], log: EventLog) -> str:
    """The chapters not told, and who left them out: retell's default for a long session (and why), or the author."""
    selection = select_chapters(log, DEFAULT_LENGTH)
    by_default = [cid for cid in left_out if cid in selection.left_out]
    by_author = [cid for cid in left_out if cid not in selection.left_out]
    parts = []
    if by_default:
        parts.append(
            f"{', '.join(by_default)}: by retell, as a {selection.length} post tells about {selection.budget} of the "
            f"{len(selection.weights)} chapters and these carry the least of the story (fewest messages from you, "
            "changes of course, outcomes, errors fixed, images; triage.yaml says what each holds, and "
            "include: true tells one)"
        )
    if by_author:
        parts.append(f"{', '.join(by_author)}: by you")
    return "Left out: " + "; ".join(parts)


# `retell run` goes through the gate three times (outline, draft, render) and `retell draft` twice: the same
# files give the same answer, so it is worked out once per process (reading events.json, loading a big
# triage.yaml with its comments and clearing the view each take seconds on a long session).
_GATE: dict[tuple[object, ...], tuple[Triage, Parsed, EventLog | None]] = {}  # view None: not cleared yet


def _remember_gate(workdir: Workdir, triage: Triage, parsed: Parsed) -> None:
    """What the gate would find in the triage.yaml just written (validated, approved), kept for it."""
    key = _gate_key(workdir)
    if key is not None:
        _GATE.clear()
        _GATE[key] = (triage, parsed, None)


def _gate_key(workdir: Workdir) -> tuple[object, ...] | None:
    try:
        triage = workdir.triage.read_bytes()
        stats = [p.stat() for p in (workdir.events, workdir.manifest)]
    except OSError:
        return None
    files = tuple((st.st_ino, st.st_size, st.st_mtime_ns) for st in stats)
    return (str(workdir.path.resolve()), hashlib.sha256(triage).hexdigest(), files)


def require_approved(path: Path) -> tuple[Triage, Parsed, EventLog]:
    """The gate of every stage that sends or publishes: a valid, approved triage for these very events.

    Returns the decisions, the parse, and the cleared view (the same objects while the files are the same:
    callers read them, never change them).
    """
    workdir = Workdir(path)
    key = _gate_key(workdir)
    if key is not None and key in _GATE:
        triage, parsed, view = _GATE[key]
        if view is None:
            view = viewcache.cleared(workdir.path, parsed.log, parsed.events_sha256, triage)
            _GATE[key] = (triage, parsed, view)
        return triage, parsed, view
    passed = _require_approved(workdir, path)
    if key is not None:
        _GATE.clear()  # one work folder at a time
        _GATE[key] = passed
    return passed


def _require_approved(workdir: Workdir, path: Path) -> tuple[Triage, Parsed, EventLog]:
    parsed = load_parsed(workdir)
    if not workdir.triage.exists():
        raise GateError(
            f"{workdir.triage} does not exist: run `retell triage {path}`, review it, "
            f"then `retell triage {path} --approve`"
        )
    doc = yamlio.load(workdir.triage)
    if isinstance(doc, CommentedMap):
        refuse_newer(doc)
        info = doc.get("info")
        if not isinstance(info, CommentedMap) or not info.get("events_sha256"):
            raise GateError(
                f"{workdir.triage} has no info.events_sha256, so retell cannot tell whether it still matches "
                f"the session: run `retell triage {path}` to restore it"
            )
    triage, problems = validate(doc, known_of(parsed, workdir), TRIAGE)
    if triage is None:
        raise ValidationError(str(workdir.triage), problems.errors)
    if not triage.approved:
        raise GateError(
            f"{workdir.triage} is not approved yet: review it, then run `retell triage {path} --approve` "
            "(nothing is sent to a model before that)"
        )
    return triage, parsed, viewcache.cleared(workdir.path, parsed.log, parsed.events_sha256, triage)
