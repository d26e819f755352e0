"""Strict validation of a hand-edited triage.yaml: every problem at once, each with `triage.yaml:LINE`."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from retell.secrets import Scanner, replacement_problem
from retell.secrets.author_terms import Term, read_terms
from retell.triage.model import (
    ACTIONS,
    ANGLES,
    LENGTHS,
    TRIAGE_SCHEMA_VERSION,
    VOICES,
    ChapterChoice,
    ImageChoice,
    PostSettings,
    SecretDecision,
    Story,
    Triage,
)
from retell.triage.slug import SLUG_PATTERN
from retell.yamlio import line_of

_LANGUAGE = re.compile(r"^[A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})*$")
TOP_KEYS = (
    "schema_version",
    "info",
    "post",
    "story",
    "sessions",
    "chapters",
    "tried",
    "secrets",
    "redact",
    "images",
    "approved",
)
POST_KEYS = (
    "title",
    "slug",
    "date",
    "tags",
    "description",
    "audience",
    "tone",
    "length",
    "language",
    "voice",
    "use_thinking",
    "draft",
    "cover",
    "credit",
)
STORY_KEYS = ("angle", "backstory", "intent", "corrections", "scope", "notes", "links")
CHAPTER_KEYS = ("id", "include", "title", "merge_into", "info")
SECRET_KEYS = ("id", "action", "replacement", "confirm_keep", "info")
IMAGE_KEYS = ("file", "include", "caption", "alt", "info")
TRIED_KEYS = ("id", "include", "info")
SESSION_KEYS = ("id", "include", "info")


@dataclass
class Known:
    """What the current parse knows, to check the file against."""

    session_id: str
    events_sha256: str
    chapters: list[str]
    secrets: dict[str, str]  # id -> kind
    images: list[str]
    workdir: Path
    tried: list[str] = field(default_factory=list)  # ids of the abandoned branches: b1, b2… (<key>-b1…)
    sessions: list[str] = field(default_factory=list)  # session keys, when the folder tells several
    chapter_sessions: dict[str, str | None] = field(default_factory=dict)  # chapter id -> its session's key
    terms: list[Term] = field(default_factory=list)  # the redact list of retell's user config


@dataclass
class Problems:
    name: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    mistyped: list[str] = field(default_factory=list)  # the errors of ids that name nothing (a merge adds the
    # entry they meant, so these are found before it)

    def error(self, line: int | None, message: str) -> None:
        self.errors.append(f"{self.name}:{line}: {message}" if line else f"{self.name}: {message}")

    def warn(self, line: int | None, message: str) -> None:
        self.warnings.append(f"{self.name}:{line}: {message}" if line else f"{self.name}: {message}")


def validate(doc: Any, known: Known, name: str = "triage.yaml") -> tuple[Triage | None, Problems]:
    """Check everything; return the decisions (None when there are errors) and all problems found."""
    p = Problems(name)
    if not isinstance(doc, CommentedMap):
        p.error(1, "the file must be a mapping of sections (post, story, chapters, secrets, images, approved)")
        return None, p
    _unknown_keys(doc, TOP_KEYS, "", p)
    version = doc.get("schema_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > TRIAGE_SCHEMA_VERSION:
        p.error(
            line_of(doc, "schema_version"),
            f"written by a newer retell (schema_version {version}); upgrade retell to read it",
        )
        return None, p
    if version is not None and version != TRIAGE_SCHEMA_VERSION:
        p.error(line_of(doc, "schema_version"), f"schema_version must be {TRIAGE_SCHEMA_VERSION}")
    info = doc.get("info")
    if isinstance(info, CommentedMap):
        if info.get("session") not in (None, known.session_id):
            p.error(
                line_of(info, "session"),
                f"this triage.yaml is for session {info.get('session')}, but the work folder holds {known.session_id}",
            )
        stored = info.get("events_sha256")
        if stored and known.events_sha256 and stored != known.events_sha256:
            p.error(
                line_of(info, "events_sha256"),
                "events.json changed since this file was written (a new `retell parse`); "
                "run `retell triage WORKDIR` to merge the changes in",
            )
    post = _post(_section(doc, "post", p), known, p)
    story = _story(_section(doc, "story", p), known, p)
    sessions = _sessions(doc, known, p)
    chapters = _chapters(_list(doc, "chapters", p), known, sessions, p)
    secrets = _secrets(_list(doc, "secrets", p), known, p)
    images = _images(_list(doc, "images", p), known, p)
    terms, term_errors = read_terms(doc.get("redact"), name)
    p.errors.extend(term_errors)
    tried = _tried(doc.get("tried") if "tried" in doc else CommentedSeq(), doc, known, p)
    approved = doc.get("approved", False)
    if not isinstance(approved, bool):
        p.error(line_of(doc, "approved"), f"approved must be true or false, not {approved!r}")
        approved = False
    if post is not None and post.cover and images is not None:
        if post.cover not in images:
            p.error(line_of(doc["post"], "cover"), f"cover {post.cover!r} is not one of the images below")
        elif not images[post.cover].include:
            p.error(line_of(doc["post"], "cover"), f"cover {post.cover!r} is an image with include: false")
    if chapters is not None and not any(c.include and sessions.get(c.session or "", True) for c in chapters):
        p.error(line_of(doc, "chapters"), "no chapter is included: there would be nothing to tell")
    if p.errors or post is None or story is None or chapters is None or secrets is None or images is None:
        return None, p
    triage = Triage(
        session_id=known.session_id,
        post=post,
        story=story,
        chapters=chapters,
        secrets=secrets,
        images=images,
        approved=approved,
        warnings=list(p.warnings),
        tried=tried,
        sessions=sessions,
        redact=[*known.terms, *terms],
    )
    return triage, p


# -- sections ---------------------------------------------------------------------------------------


def _section(doc: CommentedMap, key: str, p: Problems) -> CommentedMap | None:
    value = doc.get(key)
    if value is None:
        p.error(line_of(doc, key) if key in doc else None, f"section `{key}` is missing")
        return None
    if not isinstance(value, CommentedMap):
        p.error(line_of(doc, key), f"`{key}` must be a mapping of keys")
        return None
    return value


def _list(doc: CommentedMap, key: str, p: Problems) -> CommentedSeq | None:
    value = doc.get(key)
    if key not in doc:
        p.error(None, f"section `{key}` is missing")
        return None
    if value is None:
        return CommentedSeq()
    if not isinstance(value, CommentedSeq):
        p.error(line_of(doc, key), f"`{key}` must be a list")
        return None
    return value


def _unknown_keys(node: CommentedMap, allowed: tuple[str, ...], where: str, p: Problems) -> None:
    for key in node:
        if key not in allowed:
            hint = _closest(str(key), allowed)
            p.error(
                line_of(node, key),
                f"unknown key `{where}{key}`" + (f" (did you mean `{hint}`?)" if hint else ""),
            )


def _closest(key: str, allowed: tuple[str, ...]) -> str | None:
    import difflib

    match = difflib.get_close_matches(key, allowed, n=1, cutoff=0.6)
    return match[0] if match else None


def _str(node: CommentedMap, key: str, where: str, p: Problems, *, required: bool = False) -> str:
    value = node.get(key, "")
    if value is None:
        value = ""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        value = str(value)
    if not isinstance(value, str):
        p.error(line_of(node, key), f"`{where}{key}` must be text, not {_kind_of(value)}")
        return ""
    if required and not value.strip():
        p.error(line_of(node, key) if key in node else line_of(node), f"`{where}{key}` must not be empty")
    return value.strip()


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _bool(node: CommentedMap, key: str, where: str, p: Problems, default: bool) -> bool:
    value = node.get(key, default)
    if not isinstance(value, bool):
        p.error(line_of(node, key), f"`{where}{key}` must be true or false, not {value!r}")
        return default
    return value


def _choice(node: CommentedMap, key: str, where: str, options: tuple[str, ...], p: Problems, default: str) -> str:
    value = node.get(key, default)
    if value not in options:
        p.error(line_of(node, key), f"`{where}{key}`: {value!r} is not one of {', '.join(options)}")
        return default
    return str(value)


def _post(node: CommentedMap | None, known: Known, p: Problems) -> PostSettings | None:
    if node is None:
        return None
    _unknown_keys(node, POST_KEYS, "post.", p)
    slug = _str(node, "slug", "post.", p, required=True)
    if slug and not SLUG_PATTERN.match(slug):
        p.error(
            line_of(node, "slug"),
            f"`post.slug` {slug!r} may hold only a-z, 0-9, '-' and Chinese, Japanese or Korean characters",
        )
    tags_value = node.get("tags", [])
    tags: list[str] = []
    if not isinstance(tags_value, list) or not all(isinstance(t, str) for t in tags_value):
        p.error(line_of(node, "tags"), "`post.tags` must be a list of words, e.g. [claude-code, python]")
    else:
        tags = [t.strip() for t in tags_value if t.strip()]
    language = _str(node, "language", "post.", p) or "en"
    if not _LANGUAGE.match(language):
        p.error(line_of(node, "language"), f"`post.language` {language!r} is not a language code like en or pt-BR")
    cover = _str(node, "cover", "post.", p) or None
    return PostSettings(
        title=_str(node, "title", "post.", p, required=True),
        slug=slug,
        date=_date(node, p),
        tags=tags,
        description=_str(node, "description", "post.", p),
        audience=_str(node, "audience", "post.", p),
        tone=_str(node, "tone", "post.", p),
        length=_choice(node, "length", "post.", tuple(LENGTHS), p, "medium"),
        language=language,
        voice=_choice(node, "voice", "post.", VOICES, p, "first-person"),
        use_thinking=_bool(node, "use_thinking", "post.", p, False),
        draft=_bool(node, "draft", "post.", p, True),
        cover=cover,
        credit=_bool(node, "credit", "post.", p, True),
    )


def _date(node: CommentedMap, p: Problems) -> str:
    value = node.get("date")
    if isinstance(value, datetime):
        moment = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return moment.isoformat()
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day, tzinfo=timezone.utc).isoformat()
    if isinstance(value, str) and value.strip():
        text = value.strip()
        try:
            moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
        except ValueError:
            p.error(
                line_of(node, "date"), f"`post.date` {text!r} is not an ISO 8601 date like 2026-11-02T09:30:00+01:00"
            )
            return text
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=timezone.utc)
        return moment.isoformat()
    p.error(line_of(node, "date") if "date" in node else line_of(node), "`post.date` is missing")
    return ""


def _story(node: CommentedMap | None, known: Known, p: Problems) -> Story | None:
    if node is None:
        return None
    _unknown_keys(node, STORY_KEYS, "story.", p)
    notes_value = node.get("notes") or []
    notes: list[str] = []
    if not isinstance(notes_value, list) or not all(isinstance(n, str) for n in notes_value):
        p.error(line_of(node, "notes"), "`story.notes` must be a list of file paths")
    else:
        for note in notes_value:
            path = Path(note).expanduser()
            if not path.is_absolute():
                path = known.workdir / path
            if not path.is_file():
                p.error(
                    line_of(node, "notes"), f"note file {note!r} not found (relative paths start at the work folder)"
                )
            notes.append(str(path))
    links_value = node.get("links") or []
    links: list[dict[str, str]] = []
    if not isinstance(links_value, list):
        p.error(line_of(node, "links"), "`story.links` must be a list")
    else:
        for i, link in enumerate(links_value):
            if isinstance(link, str):
                links.append({"title": "", "url": link})
            elif isinstance(link, dict) and isinstance(link.get("url"), str):
                extra = set(link) - {"title", "url"}
                if extra:
                    p.error(line_of(links_value, i), f"`story.links[{i}]`: unknown keys {sorted(extra)}")
                links.append({"title": str(link.get("title") or ""), "url": link["url"]})
            else:
                p.error(line_of(links_value, i), f"`story.links[{i}]` must be a URL or {{title: …, url: …}}")
    return Story(
        angle=_choice(node, "angle", "story.", ANGLES, p, "process"),
        backstory=_str(node, "backstory", "story.", p),
        intent=_str(node, "intent", "story.", p),
        corrections=_str(node, "corrections", "story.", p),
        scope=_str(node, "scope", "story.", p),
        notes=notes,
        links=links,
    )


def _items(
    seq: CommentedSeq, key: str, section: str, allowed: tuple[str, ...], p: Problems
) -> list[tuple[int, CommentedMap, str]]:
    """(index, entry, id) for each well-formed entry; duplicates and shapeless entries reported."""
    seen: dict[str, int] = {}
    out = []
    for i, entry in enumerate(seq):
        if not isinstance(entry, CommentedMap):
            p.error(line_of(seq, i), f"`{section}[{i}]` must be a mapping with `{key}:`")
            continue
        _unknown_keys(entry, allowed, f"{section}[{i}].", p)
        ident = entry.get(key)
        if not isinstance(ident, str) or not ident:
            p.error(line_of(entry), f"`{section}[{i}]` has no `{key}`")
            continue
        if ident in seen:
            p.error(line_of(entry, key), f"duplicate {section} entry {ident!r} (first on line {seen[ident]})")
            continue
        seen[ident] = line_of(entry, key) or 0
        out.append((i, entry, ident))
    return out


def _sessions(doc: CommentedMap, known: Known, p: Problems) -> dict[str, bool]:
    """Which sessions are told (a folder of one session has no `sessions` section; an older file of a folder
    that grew tells every session until `retell triage` adds the section)."""
    if not known.sessions:
        if doc.get("sessions"):
            p.warn(line_of(doc, "sessions"), "the work folder holds one session now: `sessions` is ignored")
        return {}
    chosen = dict.fromkeys(known.sessions, True)
    seq = doc.get("sessions")
    if seq is None:
        return chosen
    if not isinstance(seq, CommentedSeq):
        p.error(line_of(doc, "sessions"), "`sessions` must be a list")
        return chosen
    listed = set()
    for i, entry, ident in _items(seq, "id", "sessions", SESSION_KEYS, p):
        if ident not in chosen:
            p.warn(line_of(entry, "id"), f"session {ident!r} is no longer in the work folder; it is ignored")
            continue
        listed.add(ident)
        chosen[ident] = _bool(entry, "include", f"sessions[{i}].", p, True)
    missing = [key for key in known.sessions if key not in listed]
    if missing:
        p.warn(line_of(seq), f"sessions {', '.join(missing)} are not listed; run `retell triage` to add them")
    if not any(chosen.values()):
        p.error(line_of(doc, "sessions"), "no session is included: there would be nothing to tell")
    return chosen


def _chapters(
    seq: CommentedSeq | None, known: Known, sessions: dict[str, bool], p: Problems
) -> list[ChapterChoice] | None:
    if seq is None:
        return None
    choices = []
    entries = _items(seq, "id", "chapters", CHAPTER_KEYS, p)
    ids = {ident for _, _, ident in entries}
    unlisted = tuple(c for c in known.chapters if c not in ids)
    meant: set[str] = set()  # chapters a mistyped id stands for: said once, in the typo's error
    for i, entry, ident in entries:
        if ident not in known.chapters:
            if unlisted:  # an unknown id while a chapter of the session is missing: a typo, and the next
                # `retell triage` would add that chapter back, included (a chapter a new parse dropped leaves
                # none missing: the merge lists every current one)
                hint = _closest(ident, unlisted)
                meant.add(hint or "")
                p.error(
                    line_of(entry, "id"),
                    f"chapter {ident!r} is not a chapter of this session"
                    + (f" (did you mean {hint!r}?)" if hint else f" (its chapters: {', '.join(known.chapters)})"),
                )
                p.mistyped.append(p.errors[-1])
                continue
            p.warn(line_of(entry, "id"), f"chapter {ident!r} is no longer in the session; it is ignored")
            continue
        where = f"chapters[{i}]."
        merge = entry.get("merge_into")
        if merge is not None and merge != "":
            if not isinstance(merge, str) or merge not in ids:
                p.error(line_of(entry, "merge_into"), f"`{where}merge_into`: {merge!r} is not a chapter id above")
                merge = None
            elif merge == ident:
                p.error(line_of(entry, "merge_into"), f"`{where}merge_into`: a chapter cannot merge into itself")
                merge = None
        else:
            merge = None
        choices.append(
            ChapterChoice(
                id=ident,
                include=_bool(entry, "include", where, p, True),
                title=_str(entry, "title", where, p),
                merge_into=merge,
                session=known.chapter_sessions.get(ident),
            )
        )
    by_id = {c.id: c for c in choices}

    def told(c: ChapterChoice) -> bool:
        return c.include and sessions.get(c.session or "", True)

    for c in choices:
        target = by_id.get(c.merge_into) if c.merge_into else None
        if target is not None and target.merge_into:
            entry = next(e for _, e, ident in entries if ident == c.id)
            p.error(
                line_of(entry, "merge_into"),
                f"chapter {c.id!r} merges into {target.id!r}, which itself merges into {target.merge_into!r}; "
                "merge into the final chapter directly",
            )
        if target is not None and told(c) and not told(target):
            entry = next(e for _, e, ident in entries if ident == c.id)
            why = "which is not included" if not target.include else f"but session {target.session} is left out"
            p.error(line_of(entry, "merge_into"), f"chapter {c.id!r} merges into {target.id!r}, {why}")
    missing = [c for c in known.chapters if c not in by_id and c not in meant]
    if missing:
        p.warn(line_of(seq), f"chapters {', '.join(missing)} are not listed; run `retell triage` to add them")
    return choices


def _secrets(seq: CommentedSeq | None, known: Known, p: Problems) -> dict[str, SecretDecision] | None:
    if seq is None:
        return None
    scanner = Scanner()
    decisions: dict[str, SecretDecision] = {}
    for i, entry, ident in _items(seq, "id", "secrets", SECRET_KEYS, p):
        where = f"secrets[{i}]."
        if ident not in known.secrets:
            p.warn(line_of(entry, "id"), f"secret {ident!r} is no longer found in the session; it is ignored")
        action = _choice(entry, "action", where, ACTIONS, p, "redact")
        replacement = _str(entry, "replacement", where, p)
        confirm = entry.get("confirm_keep", False)
        if confirm not in (True, False):
            p.error(line_of(entry, "confirm_keep"), f"`{where}confirm_keep` must be true or false")
        if action == "keep" and confirm is not True:
            p.error(
                line_of(entry, "action"),
                f"secret {ident!r}: `action: keep` also needs `confirm_keep: true` "
                "(it will be sent to the model and published as is)",
            )
        if action == "replace":
            if not replacement:
                p.error(line_of(entry, "action"), f"secret {ident!r}: `action: replace` needs a `replacement`")
            elif problem := replacement_problem(replacement):
                p.error(line_of(entry, "replacement"), f"secret {ident!r}: {problem}")
            elif scanner.scan(replacement):
                p.error(line_of(entry, "replacement"), f"secret {ident!r}: the replacement itself looks like a secret")
        decisions[ident] = SecretDecision(ident, action, replacement)
    return decisions


def _images(seq: CommentedSeq | None, known: Known, p: Problems) -> dict[str, ImageChoice] | None:
    if seq is None:
        return None
    choices: dict[str, ImageChoice] = {}
    for i, entry, ident in _items(seq, "file", "images", IMAGE_KEYS, p):
        where = f"images[{i}]."
        if ident not in known.images:
            p.warn(line_of(entry, "file"), f"image {ident!r} is no longer in the session; it is ignored")
            continue
        choices[ident] = ImageChoice(
            file=ident,
            include=_bool(entry, "include", where, p, True),
            caption=_str(entry, "caption", where, p),
            alt=_str(entry, "alt", where, p),
        )
    return choices


def _tried(seq: Any, doc: CommentedMap, known: Known, p: Problems) -> set[str]:
    """Abandoned branches the author included as "what was tried" (an older file without the section has
    none)."""
    if seq is None:
        return set()
    if not isinstance(seq, CommentedSeq):
        p.error(line_of(doc, "tried"), "`tried` must be a list")
        return set()
    included: set[str] = set()
    for i, entry, ident in _items(seq, "id", "tried", TRIED_KEYS, p):
        if ident not in known.tried:
            p.warn(line_of(entry, "id"), f"branch {ident!r} is no longer in the session; it is ignored")
            continue
        if _bool(entry, "include", f"tried[{i}].", p, False):
            included.add(ident)
    return included
