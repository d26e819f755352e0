"""A fresh triage.yaml from events.json and manifest.json: sensible defaults, and comments that teach.

The document is built as ruamel.yaml structures so the same items can be appended into an existing,
hand-edited file by merge.py.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq

from retell.events import HUMAN, TOOL_RUN, Chapter, Event, EventLog, SessionEntry, branch_id, session_key_of
from retell.extract.headings import (
    activity_heading,
    chapter_heading,
    kind_heading,
    shows_screenshots,
    without_typos,
)
from retell.extract.local_headings import in_language, project_title
from retell.extract.project import project_name
from retell.extract.requests import author_words
from retell.extract.timeutil import to_epoch_ms
from retell.extract.title_gate import file_list
from retell.extract.titles import post_title, which_tests
from retell.extract.tools import shorten_words
from retell.redact import Redactor
from retell.report import gap_phrase, human_bytes
from retell.secrets import default_replacement
from retell.secrets.author_terms import Term
from retell.triage.language import author_language
from retell.triage.model import ANGLES, DEFAULT_LENGTH, TRIAGE_SCHEMA_VERSION, length_presets
from retell.triage.select import select_chapters
from retell.triage.slug import post_slug
from retell.yamlio import flow

HEADER = """\
retell triage: your gate between the session and the world.

Nothing is sent to a model and nothing is published until you set `approved: true` at the bottom
(or run `retell triage WORKDIR --approve`). Edit anything; retell keeps your values and comments
when it updates this file after a new `retell parse`. Check your edits: `retell triage WORKDIR --check`.

`info:` blocks are facts from the session, refreshed on every run; edits there are ignored."""

Scrub = Callable[[str], str]

_EXTENSION_TAGS = {
    ".py": "python",
    ".ts": "typescript",
    ".tsx": "typescript",
    ".js": "javascript",
    ".jsx": "javascript",
    ".rs": "rust",
    ".go": "go",
    ".rb": "ruby",
    ".java": "java",
    ".kt": "kotlin",
    ".swift": "swift",
    ".c": "c",
    ".cpp": "cpp",
    ".cs": "csharp",
    ".php": "php",
}


def build_document(
    log: EventLog, manifest: dict[str, Any], terms: Sequence[Term] = (), *, language_file: Path | None = None
) -> CommentedMap:
    """`language_file`: where the proposed language is remembered (see `author_language`)."""
    # Defaults quote the session (titles, gists); they are written with every flagged item redacted (and the
    # terms of the user config's redact list replaced), so triage.yaml itself never repeats a secret.
    scrub = Redactor.for_log(log, {}, terms).text
    doc = CommentedMap()
    doc["schema_version"] = TRIAGE_SCHEMA_VERSION
    doc.yaml_set_start_comment(HEADER)
    doc["info"] = session_info(log, manifest, scrub)
    doc["post"] = post_section(log, manifest, scrub, language_file)
    doc.yaml_set_comment_before_after_key("post", before="\nHow the post is made and presented.")
    doc["story"] = story_section()
    doc.yaml_set_comment_before_after_key(
        "story",
        before="\nWhat the transcript cannot tell. Every prompt uses this; fill in what you can.",
    )
    if log.sessions:
        doc["sessions"] = CommentedSeq(session_entries(log, manifest))
        doc.yaml_set_comment_before_after_key(
            "sessions",
            before=(
                "\nThe sessions this post tells, in time order; their chapters' ids start with the session's id.\n"
                "include: false leaves a whole session out (its chapters are never sent to a model)."
            ),
        )
    selection = select_chapters(log, DEFAULT_LENGTH)
    told: dict[str, list[Event]] = {c.id: [] for c in log.chapters}
    for event in log.events:  # one pass, not one per chapter (a long session has dozens)
        if not event.abandoned and event.chapter in told:
            told[event.chapter].append(event)
    taken = [str(doc["post"]["title"])]  # a chapter's heading never repeats the title or another chapter's
    language = str(doc["post"]["language"])
    entries = CommentedSeq()
    for c in log.chapters:
        entry = chapter_entry(c, told[c.id], scrub, taken, left_out=selection.left_out.get(c.id), language=language)
        entries.append(entry)
        taken.append(str(entries[-1]["title"]))
    doc["chapters"] = entries
    doc.yaml_set_comment_before_after_key(
        "chapters",
        before=(
            "\nOne entry per chapter (a new one starts at each session change and compaction).\n"
            "include: false leaves a chapter out; it is never sent to a model.\n"
            "merge_into: <id> tells a chapter as part of another one."
            + (
                f"\nThis session has more chapters than a {DEFAULT_LENGTH} post tells: retell left out the "
                f"{len(selection.left_out)} that carry the least of the story (each says why)."
                if selection.left_out
                else ""
            )
        ),
    )
    doc["tried"] = CommentedSeq(tried_entries(log, scrub))
    doc.yaml_set_comment_before_after_key(
        "tried",
        before=(
            "\nAbandoned branches: a prompt you cancelled or rewound (Esc Esc), and what followed it there.\n"
            "They are never told as if they happened. include: true lets the post mention them as what was tried."
        ),
    )
    doc["secrets"] = CommentedSeq(secret_entry(f) for f in manifest.get("pii_warnings", []))
    doc.yaml_set_comment_before_after_key(
        "secrets",
        before=(
            "\nEvery secret and personal detail retell found. Nothing flagged leaves this machine unless you say so.\n"
            "action: redact (a placeholder replaces it everywhere) | replace (by `replacement`) |\n"
            "        keep (as is: also add `confirm_keep: true`; it will be sent to the model and published)."
        ),
    )
    doc["redact"] = CommentedSeq()
    doc.yaml_set_comment_before_after_key(
        "redact",
        before=(
            "\nYour own terms, which no detector can know (a client's name, an internal host, a code name), and what\n"
            "each becomes, everywhere: every request, the post, the preview. A term is whole words, any case; a regex\n"
            "is a Python regex. Terms for every session go in retell's config.yaml (docs/secrets.md). E.g.\n"
            "  - {term: Acme Corp, replace: a client}\n"
            "  - {regex: 'PROJ-[0-9]+', replace: a ticket}"
        ),
    )
    by_id = log.by_id()  # once, not once per image
    doc["images"] = CommentedSeq(image_entry(i, log, by_id) for i in manifest.get("images", []))
    doc.yaml_set_comment_before_after_key(
        "images",
        before=(
            "\nImages from the session; look at contact-sheet.png to choose. include: false keeps one out.\n"
            "Images are NOT scanned for secrets: a screenshot may show a token, a name or a client's data.\n"
            "Look at each one in contact-sheet.png before you include it.\n"
            "caption is shown under the image; alt describes it for screen readers."
        ),
    )
    doc["approved"] = False
    doc.yaml_set_comment_before_after_key(
        "approved",
        before=(
            "\nThe gate: true means you reviewed all of the above. `retell outline` and `retell draft`\n"
            "refuse to run until then."
        ),
    )
    return doc


def session_info(log: EventLog, manifest: dict[str, Any], scrub: Scrub) -> CommentedMap:
    info = CommentedMap()
    info["session"] = log.session.id
    info["events_sha256"] = (manifest.get("artifacts") or {}).get("events_json_sha256", "")
    info["source"] = scrub(manifest.get("source", {}).get("path", ""))  # a home folder is personal data
    return info


def default_title(log: EventLog, language: str | None = None) -> str:
    """The post title retell proposes (extract.titles.post_title: the author's own, what the session's commits
    say it did, Claude Code's, the first request said as what happened), its secrets redacted; else a plain
    one named after the project (in the post's `language` when retell knows its words)."""
    title, _ = proposed_title(log, language)
    if title:
        return without_leading_placeholder(Redactor.for_log(log, {}).text(title))
    project = project_name(log.session.cwd)
    local = project_title(project, language)
    if local:
        return local
    return f"Working on {project} with Claude Code" if project else "A session with Claude Code"


def title_set_by_author(post_title: str, log: EventLog, language: str | None = None) -> bool:
    """Whether triage.yaml's title is one the author set (render keeps it over the outline's), not the one retell
    proposed from the session's words (a working title the outline replaces)."""
    return post_title != default_title(log, language)


def proposed_title(log: EventLog, language: str | None = None) -> tuple[str | None, str | None]:
    """The title before redaction, without the obvious typos of the author's words (never in a title someone
    set); a session that holds no request is titled by its work ("Debugging a failing test with a subagent"),
    not "Working on <project> with Claude Code", which could head any session."""
    title, source = post_title(log.session.title, log.session.title_source, log.events, language)
    # (and a line of the author's taken as said: "buld" where the session writes "build")
    if title and source in ("first-prompt", "commit", "said"):
        title = without_typos(title, log.events, language)
    if title and source in ("deed", "work"):  # "Fixing the ConnectionResetError" is retell's own words: in the post's
        title = in_language(title, log.events, language)
    if title and source != "custom-title" and file_list(title):
        return None, None  # a list of files titles no post (extract.title_gate): the project's name does
    if not title:  # no request and no title (an excerpt, a session of tool work): what the work was ("Working on
        # <project> with Claude Code" says nothing of it); the work only: a talk is no title
        work = in_language(which_tests(activity_heading(log.events), log.events), log.events, language)
        if work and not file_list(work):  # (a list of files titles no post: the project's name does, below)
            title, source = work, "work"
        elif project_name(log.session.cwd) and kind_heading(log.events) in _KIND_TITLES:
            # screenshots and words, no tool work: what the author did, on what ("Looking at screenshots of app")
            kind = kind_heading(log.events)
            title = in_language(f"{kind} {_KIND_TITLES[kind]} {project_name(log.session.cwd)}", log.events, language)
            source = "work"
    return title, source if title else None


# A redaction placeholder heading a title, with a possessive or a colon after it: "[REDACTED:person-name] invoice
# iframe and device check" (a supplier's name read as a person's) titles nothing a blogger would keep, and a
# placeholder baked into triage.yaml's title stays there when the author then keeps the name
_LEADING_PLACEHOLDER = re.compile(r"^\s*\[REDACTED:[\w-]+\](?:['’]s)?\s*[:,–—-]?\s+(?=\S)")


# A placeholder run into the words around it ("ขอบคุณ[REDACTED:person-name] ทำให้…"), or one the heading's cut left
# open ("小さなピアノ教室をしている[REDACTED", fresh46's recital, stop 63): no heading reads with it
_GLUED_PLACEHOLDER = re.compile(r"\w\[REDACTED(?::[\w-]+)?\]|\[REDACTED(?::[\w-]+)?\]\w|\[REDACTED(?::[\w-]*)?[.…]*$")


def without_leading_placeholder(title: str) -> str:
    """`title` without a redaction placeholder that heads it (the rest, its first letter raised); a placeholder
    elsewhere stays, where the words around it still say what it was ("Deploying with [REDACTED:github-token]")."""
    rest = _LEADING_PLACEHOLDER.sub("", title, count=1)
    if rest == title or len(rest.split()) < 2:
        return title
    return rest[0].upper() + rest[1:]


# A kind of stretch that can title a session with no request and no tool work, and how it joins the project
_KIND_TITLES = {"Looking at screenshots": "of", "Making a plan": "for"}


def default_slug(log: EventLog, title: str | None = None, language: str | None = None) -> str:
    """The slug retell proposes for `title` (the default title, in the post's `language`, when None)."""
    return post_slug(title if title is not None else default_title(log, language), log.session.id)


def post_section(
    log: EventLog, manifest: dict[str, Any], scrub: Scrub, language_file: Path | None = None
) -> CommentedMap:
    language = author_language(log, language_file)
    proposed, _ = proposed_title(log, language)
    title = without_leading_placeholder(scrub(proposed)) if proposed else default_title(log, language)
    post = CommentedMap()
    post["title"] = title
    post["slug"] = default_slug(log, title)
    post["date"] = iso_date(log.session.start)
    post["tags"] = flow(default_tags(manifest))
    post["description"] = ""
    post["audience"] = "developers curious about working with an AI coding agent"
    post["tone"] = "candid and concrete"
    post["length"] = DEFAULT_LENGTH
    post["language"] = language
    post["voice"] = "first-person"
    post["use_thinking"] = False
    post["draft"] = True
    post["cover"] = ""
    post["credit"] = True
    comments = {
        "title": "retell's guess from your words (a model's outline titles the post instead) until you set yours here",
        "slug": "its URL name; follows the title (yours, or the outline's) until you set one",
        "date": "ISO 8601 with offset; defaults to when the session started",
        "description": "one sentence for link previews; empty: taken from the outline",
        "audience": "who the post is for",
        "length": length_presets(language),
        "language": "language of the post: en, de, fr, ja… (default: the language you wrote in)",
        "voice": 'first-person ("I asked Claude…") | third-person',
        "use_thinking": "may the post mention Claude's thinking (never quoted)? false: it never leaves",
        "draft": "mark the post as a draft in its front matter",
        "cover": "asset file name of the cover image; empty: the first included image",
        "credit": 'end "By the numbers" with "counted by retell", linked to its home (none yet: left out); false: no',
    }
    for key, comment in comments.items():
        post.yaml_add_eol_comment(comment, key, column=30)
    return post


def story_section() -> CommentedMap:
    story = CommentedMap()
    story["angle"] = "process"
    story["backstory"] = ""
    story["intent"] = ""
    story["corrections"] = ""
    story["scope"] = ""
    story["notes"] = flow([])
    story["links"] = flow([])
    story.yaml_add_eol_comment(" | ".join(ANGLES), "angle", column=30)
    story.yaml_set_comment_before_after_key(
        "angle",
        before=(
            "angle: process = how the session went; decision = why X over Y; methodology = a reusable\n"
            "way of working; capability = what the tool can do now; tool-building = making the tool itself."
        ),
        indent=2,
    )
    for key, comment in {
        "backstory": "why this work, what came before",
        "intent": "what you set out to do",
        "corrections": "what the transcript gets wrong or leaves out",
        "scope": "what to focus on, what to leave out",
        "notes": "paths to your notes or documents, woven in as your knowledge",
        "links": "e.g. [{title: Repo, url: 'https://…'}], mentioned where relevant",
    }.items():
        story.yaml_add_eol_comment(comment, key, column=30)
    return story


def session_entries(log: EventLog, manifest: dict[str, Any]) -> list[CommentedMap]:
    """One entry per session of a work folder that tells several (their titles are stored redacted)."""
    figures = {part["key"]: part for part in manifest.get("sessions", [])}
    entries = []
    previous: SessionEntry | None = None
    for session in log.sessions:
        chapters = [c for c in log.chapters if c.session == session.key]
        entry = CommentedMap()
        entry["id"] = session.key
        entry["include"] = True
        info = CommentedMap()
        info["session"] = session.id
        info["title"] = session.title or ""
        info["span"] = span_text(session.start, session.end)
        info["after"] = (
            f"{gap_phrase(previous.end, session.start)} (after {previous.key})" if previous else "the first session"
        )
        if session.continues:
            info["continues"] = f"{session.continues} (resumed)" if session.resumed else session.continues
        info["human_turns"] = sum(c.human_turns for c in chapters)
        info["chapters"] = ", ".join(c.id for c in chapters)
        replayed = figures.get(session.key, {}).get("records", {}).get("replayed", 0)
        if replayed:
            info["replayed"] = f"{replayed} record(s) from an earlier session, told once there"
        entry["info"] = info
        entries.append(entry)
        previous = session
    return entries


def chapter_entry(
    chapter: Chapter,
    events: list[Event],
    scrub: Scrub,
    avoid: Iterable[str] = (),
    *,
    left_out: str | None = None,
    language: str | None = None,
) -> CommentedMap:
    """A chapter's entry from its told events; `avoid`: headings it must not repeat; `left_out`: why the default
    leaves it out (None: told); `language`: the post's (a heading retell makes up is in it)."""
    entry = CommentedMap()
    entry["id"] = chapter.id
    entry["include"] = left_out is None
    if left_out is not None:
        entry.yaml_add_eol_comment(left_out, "include")
    entry["title"] = in_language(default_chapter_title(chapter, events, scrub, avoid, language), events, language)
    entry["info"] = chapter_info(chapter, events, scrub)
    return entry


def chapter_info(chapter: Chapter, events: list[Event], scrub: Scrub) -> CommentedMap:
    info = CommentedMap()
    info["span"] = span_text(chapter.start, chapter.end)
    info["started_by"] = chapter.reason
    info["human_turns"] = chapter.human_turns
    info["tokens"] = chapter.token_estimate
    info["gist"] = gist(events, scrub)
    bridge = next((e for e in events if e.id == chapter.bridge), None)
    if bridge is not None and bridge.text:
        info["bridge"] = shorten_words(" ".join(scrub(bridge.text).split()), 240)
    return info


def tried_entries(log: EventLog, scrub: Scrub) -> list[CommentedMap]:
    """One entry per abandoned branch, left out by default (in file order, session by session)."""
    branches: dict[tuple[int, int], list[Event]] = {}
    rank = {s.key: i for i, s in enumerate(log.sessions)}  # branches are numbered within their session
    for event in log.events:
        if event.abandoned:
            session = rank.get(session_key_of(event.chapter) or "", 0)
            branches.setdefault((session, event.abandoned), []).append(event)
    entries = []
    for (_rank, number), events in sorted(branches.items()):
        entry = CommentedMap()
        entry["id"] = branch_id(number, events[0].chapter)
        entry["include"] = False
        info = CommentedMap()
        info["chapter"] = events[0].chapter
        info["events"] = f"{events[0].id} to {events[-1].id} ({len(events)})"
        info["gist"] = gist(events, scrub)
        entry["info"] = info
        entries.append(entry)
    return entries


def secret_entry(flag: dict[str, Any]) -> CommentedMap:
    entry = CommentedMap()
    entry["id"] = flag["id"]
    entry["action"] = "redact"
    entry["replacement"] = ""
    entry.yaml_add_eol_comment(f"redact uses {default_replacement(flag['kind'])}", "action", column=30)
    entry["info"] = secret_info(flag)
    return entry


def secret_info(flag: dict[str, Any]) -> CommentedMap:
    info = CommentedMap()
    info["kind"] = f"{flag['kind']} ({flag['category']})"
    info["preview"] = flag["preview"]
    info["occurrences"] = flag["occurrences"]
    info["where"] = where_text(flag["locations"])
    return info


def image_entry(image: dict[str, Any], log: EventLog, by_id: dict[str, Event] | None = None) -> CommentedMap:
    entry = CommentedMap()
    entry["file"] = image["asset"]
    entry["include"] = True
    entry["caption"] = ""
    entry["alt"] = ""
    entry["info"] = image_info(image, log, by_id)
    return entry


def image_info(image: dict[str, Any], log: EventLog, by_id: dict[str, Event] | None = None) -> CommentedMap:
    by_id = by_id if by_id is not None else log.by_id()
    chapters = sorted({by_id[e].chapter for e in image.get("events", []) if e in by_id})
    info = CommentedMap()
    info["chapter"] = ", ".join(chapters) if chapters else ""
    info["size"] = f"{image['width']}x{image['height']}, {human_bytes(image['bytes'])}"
    info["source"] = ", ".join(image.get("sources", []))
    info["events"] = ", ".join(image.get("events", []))
    return info


# -- defaults ---------------------------------------------------------------------------------------


def iso_date(ts: str | None) -> str:
    if ts:
        ms = to_epoch_ms(ts)
        if ms is not None:
            return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).replace(microsecond=0).isoformat()
    return datetime.now(tz=timezone.utc).replace(microsecond=0).isoformat()


def default_tags(manifest: dict[str, Any]) -> list[str]:
    tags = ["claude-code"]
    files = manifest.get("files", {})
    touched: Iterable[str] = [*files.get("edited", []), *files.get("written", [])]
    counts: dict[str, int] = {}
    for path in touched:
        match = re.search(r"\.[A-Za-z0-9]+$", path)
        tag = _EXTENSION_TAGS.get(match.group(0).lower()) if match else None
        if tag:
            counts[tag] = counts.get(tag, 0) + 1
    tags.extend(sorted(counts, key=lambda t: (-counts[t], t))[:2])
    return tags


def gist(events: list[Event], scrub: Scrub) -> str:
    """One line: what the author asked first in this stretch of the session."""
    words = next((w for e in events if (w := author_words(e) if not e.abandoned else e.text)), None)
    if not words:
        return "(no message from you in this chapter)"
    return shorten_words(" ".join(scrub(words).split()), 140)


def default_chapter_title(
    chapter: Chapter, events: list[Event], scrub: Scrub, avoid: Iterable[str] = (), language: str | None = None
) -> str:
    """What the chapter is about (extract.headings.chapter_heading), never a heading in `avoid`."""
    scrubbed = [_scrubbed(e, scrub) for e in events]
    passed = list(avoid)
    for _ in range(3):  # a heading that would show a redaction marker is passed over for the next
        heading = chapter_heading(scrubbed, passed, language)
        # (made from the scrubbed words, a heading shows a marker where it quotes a secret; one run into the words
        # around it, "ขอบคุณ[REDACTED:person-name] ทำให้มันรันเอง…" (fresh42's homestay, stop 62), no longer reads: a
        # marker standing as a word of its own does, as in a title, "Deploy with [REDACTED:github-token] now")
        if not heading or (scrub(heading) == heading and not _GLUED_PLACEHOLDER.search(heading)):
            return heading or fallback_heading(chapter, events)
        passed.append(heading)
    return fallback_heading(chapter, events)


def _scrubbed(event: Event, scrub: Scrub) -> Event:
    """The author's words of an event with secrets redacted (a heading quotes them)."""
    words = author_words(event)
    if not words:
        return event
    clone = copy.copy(event)
    if event.kind == HUMAN:
        clone.text = scrub(words)
    else:
        clone.args = scrub(words)
    return clone


def fallback_heading(chapter: Chapter, events: Sequence[Event] = ()) -> str:
    if shows_screenshots(events) and not any(e.kind == TOOL_RUN for e in events):
        return "What the screenshots showed"  # a stretch of screenshots and words: "Where it started" says less
    if chapter.reason == "idle":
        return "Coming back to it"
    if chapter.reason in ("compaction", "slash_compact"):
        return "After the context was compacted"
    if chapter.reason == "session_change":
        return "Picking the session up again"
    return "Where it started" if chapter.index == 1 else f"Part {chapter.index}"


def span_text(start: str | None, end: str | None) -> str:
    a = to_epoch_ms(start) if start else None
    b = to_epoch_ms(end) if end else None
    if a is None or b is None:
        return ""
    fmt = "%Y-%m-%d %H:%M"
    begin = datetime.fromtimestamp(a / 1000, tz=timezone.utc)
    finish = datetime.fromtimestamp(b / 1000, tz=timezone.utc)
    minutes = max(0, (b - a) // 60000)
    length = f"{minutes // 60}h {minutes % 60:02d}m" if minutes >= 60 else f"{minutes}m"
    end_fmt = "%H:%M" if begin.date() == finish.date() else fmt
    return f"{begin.strftime(fmt)} to {finish.strftime(end_fmt)} UTC ({length})"


def where_text(locations: list[dict[str, str]], limit: int = 6) -> str:
    events = list(dict.fromkeys(loc["event"] for loc in locations))
    shown = ", ".join(events[:limit])
    return shown + (f" and {len(events) - limit} more" if len(events) > limit else "")
