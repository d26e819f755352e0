"""events + triage decisions -> the cleared view: the only version of the session later stages may use.

Everything that leaves the machine or gets published passes through `cleared_view`, and `guard` scans
it once more on the way out. Secrets are found by the same scanner as at parse time and matched to the
author's decisions by their stable id, so a decision applies everywhere the secret occurs (human text,
tool commands, subagent prompts and results, titles).
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass, field

from retell.errors import SecretLeakError
from retell.events import BRIDGE, HUMAN, IMAGE, RECAP, THINKING, Event, EventLog, SessionEntry, SessionInfo, walk
from retell.secrets import Finding, Scanner, default_replacement, secret_id, usernames_from_paths
from retell.triage.model import SecretDecision, Triage


@dataclass
class Redactor:
    """Applies the author's secret decisions to any text of one session.

    Secrets are found by the rules and, in addition, wherever a value flagged anywhere in the session
    reappears verbatim: a token first seen as `Bearer <token>` is still found when quoted bare.
    """

    salt: str
    decisions: dict[str, SecretDecision]
    scanner: Scanner
    known: dict[str, tuple[str, str]] = field(default_factory=dict)  # flagged value -> (kind, category)
    applied: dict[str, int] = field(default_factory=dict)  # secret id -> replacements made

    MIN_KNOWN_LENGTH = 6  # shorter values (a 3-letter user name) are left to the rules

    @classmethod
    def for_log(cls, log: EventLog, decisions: dict[str, SecretDecision]) -> Redactor:
        scanner = scanner_for(log)
        known: dict[str, tuple[str, str]] = {}
        for _, text in all_texts(log):
            for finding in scanner.scan(text):
                if len(finding.value) >= cls.MIN_KNOWN_LENGTH:
                    known.setdefault(finding.value, (finding.kind, finding.category))
        return cls(log.session.id, decisions, scanner, known)

    def find(self, text: str) -> list[Finding]:
        """Rule matches plus verbatim repeats of known flagged values, non-overlapping, in order."""
        findings = self.scanner.scan(text)
        for value in sorted(self.known, key=len, reverse=True):
            start = text.find(value)
            while start >= 0:
                end = start + len(value)
                if all(end <= f.start or start >= f.end for f in findings):
                    kind, category = self.known[value]
                    findings.append(Finding(kind, category, start, end, value))
                start = text.find(value, end)
        findings.sort(key=lambda f: f.start)
        return findings

    def replacement(self, finding: Finding) -> str | None:
        """What a finding becomes; None when the author chose to keep it."""
        sid = secret_id(finding.kind, finding.value, self.salt)
        decision = self.decisions.get(sid)
        if decision is None or decision.action == "redact":
            return default_replacement(finding.kind)
        if decision.action == "replace":
            return decision.replacement or default_replacement(finding.kind)
        return None

    def text(self, text: str) -> str:
        findings = self.find(text)
        if not findings:
            return text
        out = []
        last = 0
        for finding in findings:
            new = self.replacement(finding)
            if new is None:
                continue
            out.append(text[last : finding.start])
            out.append(new)
            last = finding.end
            sid = secret_id(finding.kind, finding.value, self.salt)
            self.applied[sid] = self.applied.get(sid, 0) + 1
        out.append(text[last:])
        return "".join(out)

    def uncleared(self, text: str) -> list[tuple[str, Finding]]:
        """Findings in `text` the author did not decide to keep: (secret id, finding)."""
        result = []
        for finding in self.find(text):
            sid = secret_id(finding.kind, finding.value, self.salt)
            decision = self.decisions.get(sid)
            if decision is None or decision.action != "keep":
                result.append((sid, finding))
        return result


def scanner_for(log: EventLog) -> Scanner:
    """The scanner `retell parse` used for this session (its user names come from the session's cwd; in a
    work folder of several sessions, from each session's)."""
    return Scanner(usernames=usernames_from_paths([log.session.cwd or ""] + [s.cwd or "" for s in log.sessions]))


def cleared_view(log: EventLog, triage: Triage) -> EventLog:
    """Only what the author cleared: included chapters (merges applied), the final thread (abandoned branches
    only when included as what was tried), included images, thinking only
    when allowed, every secret redacted or replaced as decided. The input is not modified."""
    target = triage.chapter_target()
    allowed_images = set(triage.included_images())
    redactor = Redactor.for_log(log, triage.secrets)
    # A compaction summary (or an away recap) retells everything before it: after a chapter the author
    # left out, it would tell that chapter anyway, so it is not used.
    unsafe_bridges = set()
    excluded_before = False
    for chapter in log.chapters:
        if chapter.id not in target:
            excluded_before = True
        elif excluded_before:
            unsafe_bridges.add(chapter.id)
    events: list[Event] = []
    for event in log.events:
        if event.chapter not in target or not triage.tells_branch(event.abandoned, event.chapter):
            continue
        if event.kind in (BRIDGE, RECAP) and event.chapter in unsafe_bridges:
            continue
        kept = _clear_event(event, target[event.chapter], allowed_images, triage.post.use_thinking, redactor)
        if kept is not None:
            events.append(kept)
    chapters = [copy.copy(c) for c in log.chapters if target.get(c.id) == c.id]
    for chapter in chapters:
        if chapter.id in unsafe_bridges:
            chapter.bridge = None
    session = copy.copy(log.session)
    told = {c.session for c in chapters}
    sessions = [copy.copy(s) for s in log.sessions if s.key in told]  # several sessions: those still told
    items: list[SessionInfo | SessionEntry] = [session, *sessions]
    for item in items:
        if item.title:
            item.title = redactor.text(item.title)
        if item.cwd:
            item.cwd = redactor.text(item.cwd)
    return EventLog(session=session, chapters=chapters, events=events, sessions=sessions)


def _clear_event(event: Event, chapter: str, images: set[str], use_thinking: bool, redactor: Redactor) -> Event | None:
    if event.kind == THINKING and not use_thinking:
        return None
    if event.kind == IMAGE and event.asset not in images:
        return None
    clone = copy.deepcopy(event)
    for item in walk([clone]):
        item.chapter = chapter
        if item.kind == HUMAN and item.images:
            item.images = [name for name in item.images if name in images] or None
        _redact_fields(item, redactor)
    if clone.subagent is not None:
        clone.subagent.events = [
            e
            for e in clone.subagent.events
            if (use_thinking or e.kind != THINKING) and (e.kind != IMAGE or e.asset in images)
        ]
    return clone


def _redact_fields(event: Event, redactor: Redactor) -> None:
    for name in ("text", "args", "summary"):
        value = getattr(event, name)
        if value:
            setattr(event, name, redactor.text(value))
    for call in event.calls or ():
        for name in ("target", "error", "outcome"):
            value = getattr(call, name)
            if value:
                setattr(call, name, redactor.text(value))
    if event.subagent is not None:
        for name in ("description", "prompt", "result", "error"):
            value = getattr(event.subagent, name)
            if value:
                setattr(event.subagent, name, redactor.text(value))


def guard(texts: Iterable[tuple[str, str]], redactor: Redactor, what: str) -> None:
    """The last check before text leaves the machine or is published: any secret the author did not
    explicitly keep aborts, naming the item (never the secret itself)."""
    in_session: list[str] = []
    elsewhere: list[str] = []
    for where, text in texts:
        for sid, finding in redactor.uncleared(text):
            from_session = finding.value in redactor.known
            (in_session if from_session else elsewhere).append(f"{sid} ({finding.kind}) in {where}")
    if not in_session and not elsewhere:
        return
    parts = []
    if in_session:
        listed = "; ".join(sorted(set(in_session))[:10])
        parts.append(f"{listed}: set their action in triage.yaml (redact, replace, or keep with confirm_keep: true)")
    if elsewhere:
        listed = "; ".join(sorted(set(elsewhere))[:10])
        parts.append(
            f"{listed}: not from the session (a note, a prompt template, or an edit of outline.yaml or "
            "draft.md), so triage cannot clear it; remove it there"
        )
    count = len(set(in_session)) + len(set(elsewhere))  # each item once, however often it occurs
    raise SecretLeakError(f"{what} holds {count} secret(s) not cleared in triage: " + " | ".join(parts))


def all_texts(log: EventLog) -> Iterable[tuple[str, str]]:
    if log.session.title:
        yield "title", log.session.title
    for event in walk(log.events):
        for name, text in event.texts():
            yield f"{event.id}.{name}", text
