"""The work folder `retell parse` writes: where it goes, its anchor session, and the atomic write of
events.json, manifest.json and assets/ for one session or several told as one story."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from retell import jsonio
from retell.claude.locate import SessionRef, file_session_id, is_session_file_name
from retell.claude.schema import HOUSEKEEPING_COMMANDS
from retell.errors import InputError, WorkdirError
from retell.events import COMMAND, CONTENT_KINDS, INTERRUPT, Event
from retell.fsutil import named_os_error, staging_dir
from retell.parse.joined import join_sessions, order_sessions
from retell.parse.memory import release_big_buffers
from retell.parse.parts import ParseOptions, ParseResult
from retell.parse.transcript import check_source, extract_session
from retell.workdir import ASSETS, EVENTS, MANIFEST, commit_parse_output


def default_workdir(session_id: str) -> Path:
    return Path(f"retell-{session_id[:8]}")


def default_workdir_for(refs: Sequence[SessionRef]) -> Path:
    """`./retell-<first 8 characters of the session id>`; for several sessions, the first of their default
    folders that already holds a parse (so adding a session to a folder continues it), else the earliest's."""
    folders = [default_workdir(file_session_id(ref.path)) for ref in refs]
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
    check_same_story(target, todo, force=options.force)
    anchor = folder_anchor(target) if len(todo) > 1 else None
    with staging_dir(target.resolve()) as staging:
        result = extract_sessions(todo, staging / ASSETS if options.write_assets else None, options, anchor=anchor)
        empty = nothing_to_tell(result.log.events)
        if empty:
            names = ", ".join(ref.path.name for ref in todo)
            raise InputError(f"nothing to tell: {names} {'holds' if len(todo) == 1 else 'hold'} {empty}")
        event_log = result.log
        with named_os_error(target / EVENTS):  # a full disk names the file; the staging folder goes
            digest, size = jsonio.write_document_streaming(
                staging / EVENTS, event_log.head_dict(), "events", (e.to_dict() for e in event_log.events)
            )
        result.manifest["artifacts"] = {"events_json_sha256": digest, "events_json_bytes": size}
        with named_os_error(target / MANIFEST):
            (staging / MANIFEST).write_bytes(jsonio.dumps(result.manifest))
        (staging / ASSETS).mkdir(exist_ok=True)
        commit_parse_output(staging, target.resolve())
    return target, result


def nothing_to_tell(events: Sequence[Event]) -> str | None:
    """Why a session holds no story (no message, no reply, no work: only `/exit`, `/clear`…), or None."""
    told = [e for e in events if e.kind in CONTENT_KINDS and not e.sidechain]
    if any(not _housekeeping(e) for e in told):
        return None
    commands = list(dict.fromkeys(f"`{e.name}`" for e in told if e.kind == COMMAND and e.name))
    if commands:
        return "no message and no work, only " + ", ".join(commands)
    return "no message and no work"


def _housekeeping(event: Event) -> bool:
    return event.kind == INTERRUPT or (event.kind == COMMAND and event.name in HOUSEKEEPING_COMMANDS)


def check_same_story(workdir: Path, refs: Sequence[SessionRef], *, force: bool = False) -> None:
    """A parse never replaces another story's work folder: the folder may hold these sessions (parsed again,
    or a session being added), but not only other ones. Nor does it drop sessions silently: `retell run A`
    after `retell run A B` would re-parse the folder as one session (its chapter ids change, the author's
    choices stop applying), so naming only some of a folder's sessions needs `force`."""
    if not (workdir / MANIFEST).is_file():
        return
    try:
        manifest = jsonio.load(workdir / MANIFEST)
    except WorkdirError:
        return  # not a retell work folder: staging_dir refuses to replace what it did not write
    held = _story_sessions(manifest)
    if not held:
        return
    given = {str(ref.path.resolve()) for ref in refs} | {file_session_id(ref.path) for ref in refs}
    if held & given:
        left = [_shown(part) for part in _story_parts(manifest) if not part & given]
        if left and not force:
            raise InputError(
                f"{workdir} tells {len(left) + len(refs)} sessions as one story, and {', '.join(left)} "
                f"{'is' if len(left) == 1 else 'are'} not named: name every session to parse it again, or add "
                "--force to re-parse it with only these (its chapter ids change)"
            )
        return
    shown = sorted(i for i in held if "/" not in i and "\\" not in i)
    raise InputError(
        f"{workdir} holds the story of another session ({', '.join(shown) or 'another transcript'}); "
        "give a new work folder with -o, or remove that one first"
    )


def _story_sessions(manifest: object) -> set[str]:
    """The transcripts a manifest was made from: their paths, and their files' session ids."""
    return set().union(*_story_parts(manifest))


def _story_parts(manifest: object) -> list[set[str]]:
    """Per transcript a manifest was made from: its path, and its file's session id."""
    if not isinstance(manifest, dict):
        return []
    sessions = manifest.get("sessions")
    parts: list[object] = sessions if isinstance(sessions, list) else [manifest]
    found: list[set[str]] = []
    for part in parts:
        if not isinstance(part, dict):
            continue
        held: set[str] = set()
        source = part.get("source")
        path = source.get("path") if isinstance(source, dict) else None
        session = part.get("session")
        sid = session.get("id") if isinstance(session, dict) else None
        if isinstance(path, str) and path:
            held.add(path)
            stem = Path(path).stem
            if is_session_file_name(stem):
                held.add(stem)
        if isinstance(sid, str) and sid and not any(is_session_file_name(h) for h in held):
            held.add(sid)
        if held:
            found.append(held)
    return found


def _shown(part: set[str]) -> str:
    """A session as the author names it: its id (or its file's path)."""
    ids = sorted(i for i in part if "/" not in i and "\\" not in i)
    return ids[0][:8] if ids else sorted(part)[0]


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
