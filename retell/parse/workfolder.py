"""The work folder `retell parse` writes: where it goes, its anchor session, and the atomic write of
events.json, manifest.json and assets/ for one session or several told as one story."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from retell import jsonio
from retell.claude.locate import SessionRef, peek_session_id
from retell.errors import InputError, WorkdirError
from retell.fsutil import staging_dir
from retell.parse.joined import join_sessions, order_sessions
from retell.parse.memory import release_big_buffers
from retell.parse.transcript import ParseOptions, ParseResult, check_source, extract_session
from retell.workdir import ASSETS, EVENTS, MANIFEST, commit_parse_output


def default_workdir(session_id: str) -> Path:
    return Path(f"retell-{session_id[:8]}")


def default_workdir_for(refs: Sequence[SessionRef]) -> Path:
    """`./retell-<first 8 characters of the session id>`; for several sessions, the first of their default
    folders that already holds a parse (so adding a session to a folder continues it), else the earliest's."""
    folders = [default_workdir(peek_session_id(ref.path)) for ref in refs]
    if len(folders) > 1:
        for folder in folders:
            if (folder / MANIFEST).is_file():
                return folder
    return folders[0]


def parse_to_workdir(
    refs: SessionRef | Sequence[SessionRef], workdir: Path | None, options: ParseOptions
) -> tuple[Path, ParseResult]:
    """Parse and write the work folder (a temp folder first, then moved into place). Several sessions are
    told in time order as one story."""
    todo = [refs] if isinstance(refs, SessionRef) else list(refs)
    if not todo:
        raise InputError("no session to parse")
    for ref in todo:
        check_source(ref.path)
    release_big_buffers(sum(_size(ref.path) for ref in todo))
    if len(todo) > 1:
        todo = order_sessions(todo)
    target = workdir or default_workdir_for(todo)
    anchor = folder_anchor(target) if len(todo) > 1 else None
    with staging_dir(target.resolve()) as staging:
        result = extract_sessions(todo, staging / ASSETS if options.write_assets else None, options, anchor=anchor)
        event_log = result.log
        digest, size = jsonio.write_document_streaming(
            staging / EVENTS, event_log.head_dict(), "events", (e.to_dict() for e in event_log.events)
        )
        result.manifest["artifacts"] = {"events_json_sha256": digest, "events_json_bytes": size}
        (staging / MANIFEST).write_bytes(jsonio.dumps(result.manifest))
        (staging / ASSETS).mkdir(exist_ok=True)
        commit_parse_output(staging, target.resolve())
    return target, result


def folder_anchor(workdir: Path) -> str | None:
    """The session a work folder was first parsed from (events.json's `session.id`): a folder that grows
    keeps it, so its secret ids and its slug stay the same."""
    if not (workdir / MANIFEST).is_file():
        return None
    try:
        manifest = jsonio.load(workdir / MANIFEST)
    except WorkdirError:
        return None  # not a retell work folder after all: nothing to keep
    session = manifest.get("session") if isinstance(manifest, dict) else None
    anchor = session.get("id") if isinstance(session, dict) else None
    return anchor if isinstance(anchor, str) and anchor else None


def extract_sessions(
    refs: Sequence[SessionRef], assets_dir: Path | None, options: ParseOptions, *, anchor: str | None = None
) -> ParseResult:
    """One session as `extract_session`; several joined into one story (see joined.py)."""
    if len(refs) == 1:
        return extract_session(refs[0], assets_dir, options)
    return join_sessions(refs, assets_dir, options, anchor=anchor)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0
