"""Where Claude Code keeps its transcripts, and how to find one session among them."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import orjson

from retell.errors import InputError

_SESSION_FILE = re.compile(r"^[0-9A-Za-z][0-9A-Za-z_-]*\.jsonl$")


def config_dir() -> Path:
    """`$CLAUDE_CONFIG_DIR`, else `~/.claude`."""
    env = os.environ.get("CLAUDE_CONFIG_DIR")
    return Path(env).expanduser() if env else Path.home() / ".claude"


def projects_dir() -> Path:
    return config_dir() / "projects"


def encode_project_path(path: str | Path) -> str:
    """The folder name Claude Code uses for a project: every character outside [A-Za-z0-9-] becomes '-'."""
    return re.sub(r"[^A-Za-z0-9-]", "-", str(path))


def is_subagent_file(path: Path) -> bool:
    """Subagent transcripts (both layouts) and compaction replays are not sessions of their own."""
    return path.name.startswith("agent-") or path.parent.name == "subagents"


def is_compaction_replay(path: Path) -> bool:
    return path.name.startswith("agent-acompact")


def session_files(project: Path) -> list[Path]:
    """The top-level session transcripts of one project folder, sorted by name."""
    try:
        entries = sorted(project.iterdir())
    except OSError:
        return []
    return [p for p in entries if p.is_file() and _SESSION_FILE.match(p.name) and not is_subagent_file(p)]


@dataclass(frozen=True)
class SessionRef:
    path: Path
    session_id: str


def resolve_session(arg: str) -> SessionRef:
    """A path to a .jsonl, or a session-id prefix looked up under `<config>/projects/*/`."""
    candidate = Path(arg).expanduser()
    looks_like_path = candidate.suffix == ".jsonl" or os.sep in arg or arg.startswith(".")
    if candidate.exists() or looks_like_path:
        return SessionRef(check_transcript_path(candidate), candidate.stem)
    return find_by_prefix(arg)


def check_transcript_path(path: Path) -> Path:
    if not path.exists():
        raise InputError(f"{path}: no such file")
    if path.is_dir():
        raise InputError(f"{path} is a folder; give a session's .jsonl file (or a session id)")
    if not os.access(path, os.R_OK):
        raise InputError(f"{path}: permission denied")
    return path


def refuse_subagent(path: Path) -> None:
    """A subagent's transcript is told inside its session's post: its first message is the Task prompt Claude
    wrote, which a post of its own would quote as the author's words. Name the session to run instead."""
    if is_compaction_replay(path):
        raise InputError(f"{path.name} is Claude Code's replay of a compaction, not a session: nothing to tell")
    if not is_subagent_file(path):
        return
    if path.parent.name == "subagents":  # 2.1+: <session-id>/subagents/agent-<id>.jsonl
        session = path.parent.parent.name
        parent = path.parent.parent.with_suffix(".jsonl")
    else:  # before 2.1.2: agent-<id>.jsonl beside the sessions, naming its session inside
        session = _first_session_id(path) or ""
        parent = path.with_name(f"{session}.jsonl")
    where = f", {parent}" if session and parent.is_file() else f", session {session}" if session else ""
    raise InputError(
        f"{path.name} is a subagent's transcript, told inside the post of the session that started it; "
        f"give that session instead{where}"
    )


def find_by_prefix(prefix: str) -> SessionRef:
    """The session whose id starts with `prefix`, in Claude Code's projects folder or, for a session Claude
    Code has since deleted, in retell's archive of them."""
    from retell.archive.paths import archive_dir

    root = projects_dir()
    archive = archive_dir()
    if not root.is_dir() and not archive.is_dir():
        raise InputError(
            f"no session file {prefix!r}, and no Claude Code projects folder at {root} "
            "(set CLAUDE_CONFIG_DIR if your config lives elsewhere)"
        )
    matches = _prefix_matches(root, prefix)
    live = {(m.parent.name, m.name) for m in matches}
    matches += [m for m in _prefix_matches(archive, prefix) if (m.parent.name, m.name) not in live]
    if not matches:
        raise InputError(f"no session id starts with {prefix!r} under {root}/*/")
    if len(matches) > 1:
        listed = "\n".join(f"  {m.stem}  ({m.parent.name})" for m in matches[:20])
        more = f"\n  … and {len(matches) - 20} more" if len(matches) > 20 else ""
        raise InputError(f"{prefix!r} matches {len(matches)} sessions; give more characters:\n{listed}{more}")
    return SessionRef(matches[0], matches[0].stem)


def _prefix_matches(root: Path, prefix: str) -> list[Path]:
    try:
        folders = sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
    except OSError:
        return []
    return [f for project in folders for f in session_files(project) if f.stem.startswith(prefix)]


def subagent_candidates(session_path: Path, session_id: str) -> list[Path]:
    """Agent transcripts that may belong to this session: the `<id>/subagents/` folder (2.1+), then the
    older layout's `agent-*.jsonl` beside the sessions (their first record names the parent session)."""
    found: list[Path] = []
    sub = session_path.with_suffix("") / "subagents"
    if sub.is_dir():
        found.extend(sorted(p for p in sub.rglob("agent-*.jsonl") if not is_compaction_replay(p)))
    for p in sorted(session_path.parent.glob("agent-*.jsonl")):
        if not is_compaction_replay(p) and _first_session_id(p) == session_id:
            found.append(p)
    return found


_SESSION_ID = re.compile(rb'"sessionId"\s*:\s*"([^"]+)"')
_TIMESTAMP = re.compile(rb'"timestamp"\s*:\s*"([^"\\]{10,40})"')


def end_timestamps(path: Path, window: int = 65536) -> tuple[list[str], list[str]]:
    """The record timestamps in the first and in the last `window` bytes of a transcript (raw strings):
    enough to put sessions in time order without reading them."""
    try:
        with path.open("rb") as fh:
            head = fh.read(window)
            size = fh.seek(0, 2)
            fh.seek(max(len(head), size - window))
            tail = fh.read()
    except OSError:
        return [], []
    return _timestamps(head), _timestamps(tail) or _timestamps(head)


def _timestamps(raw: bytes) -> list[str]:
    return [m.group(1).decode("ascii", "replace") for m in _TIMESTAMP.finditer(raw)]


def sibling_summaries(session_path: Path, head_bytes: int = 16 << 10, limit: int = 300) -> list[tuple[str, str]]:
    """(leafUuid, summary) of the `summary` records at the top of the other sessions of the same project.

    Claude Code writes the summary of a session at the top of the *next* session's file, pointing at the
    earlier one by the uuid of its last record; only the heads of the newest sibling files are read.
    """
    try:
        siblings = [p for p in session_files(session_path.parent) if p != session_path]
        siblings.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    except OSError:
        return []
    found: list[tuple[str, str]] = []
    for path in siblings[:limit]:
        try:
            with path.open("rb") as fh:
                head = fh.read(head_bytes)
        except OSError:
            continue
        for line in head.split(b"\n"):
            if b'"type":"summary"' not in line:
                continue
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue  # the head may end mid-line
            leaf, text = record.get("leafUuid"), record.get("summary")
            if isinstance(leaf, str) and isinstance(text, str) and text.strip():
                found.append((leaf, text.strip()))
    return found


_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")


def is_session_file_name(stem: str) -> bool:
    """Whether a file name (without `.jsonl`) is a session id, as Claude Code names its transcripts."""
    return _UUID.match(stem) is not None


def file_session_id(path: Path) -> str:
    """The id of the session a transcript FILE holds: its name when Claude Code named it (a uuid), else the
    session id its records carry (a transcript copied under another name), else its name.

    Not the records' id alone: Claude Code 2.0.x wrote a resumed session as a new file whose records all
    carry the old session's id, and each file is a session of its own (its own work folder, its own key)."""
    return path.stem if is_session_file_name(path.stem) else (_first_session_id(path) or path.stem)


def peek_session_id(path: Path) -> str:
    """The session id a transcript's records carry (its first 64 KB), else its file name."""
    return _first_session_id(path) or path.stem


def _first_session_id(path: Path) -> str | None:
    """The sessionId of a file's first records, read from its first 64 KB only."""
    try:
        with path.open("rb") as fh:
            head = fh.read(65536)
    except OSError:
        return None
    m = _SESSION_ID.search(head)
    return m.group(1).decode("utf-8", "replace") if m else None
