"""The config dir's project folders, the session files in them, and the subagent files beside them.

Folder names are lossy encodings of project paths (`/`, `.`, `_` and more all became `-`), so a path given on
the command line is matched against them in encoded form, never decoded.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import orjson

from retell.claude.locate import encode_project_path, is_compaction_replay, projects_dir, session_files
from retell.discover.headtail import ReadMeter
from retell.discover.peek import AgentFiles
from retell.errors import InputError

AGENT_HEAD_BYTES = 8192  # an old-layout agent file names its session in its first record
_SESSION_ID = re.compile(rb'"sessionId"\s*:\s*"([^"\\]+)"')


def require_projects_dir() -> Path:
    root = projects_dir()
    if not root.is_dir():
        raise InputError(
            f"no Claude Code sessions found: {root} does not exist. retell looks in $CLAUDE_CONFIG_DIR/projects "
            "(default ~/.claude/projects); set CLAUDE_CONFIG_DIR if your Claude Code config lives elsewhere"
        )
    return root


def all_project_folders(root: Path) -> list[Path]:
    try:
        return sorted(p for p in root.iterdir() if p.is_dir())
    except OSError as exc:
        raise InputError(f"cannot list {root}: {exc.strerror}") from None


def _normalized(name: str) -> str:
    """Older Claude Code versions kept some characters newer ones replace; compare in one form."""
    return re.sub(r"[^A-Za-z0-9]", "-", name)


def find_project_folder(root: Path, project: str | None, cwd: Path) -> Path:
    """The folder of `project` (a path, or an encoded folder name), or of the current folder's project.

    Without `project`, the current folder and then its parents are tried, so running inside `src/` of a
    project finds the project's sessions.
    """
    folders = {_normalized(p.name): p for p in all_project_folders(root)}
    if project is None:
        for candidate in (cwd, *cwd.parents):
            if candidate.parent == candidate:
                break  # "/" is nobody's project
            found = folders.get(_normalized(encode_project_path(candidate)))
            if found is not None:
                return found
        raise InputError(
            f"no Claude Code sessions for {cwd} (looked for {root / encode_project_path(cwd)}); "
            "`retell list --all` lists every project"
        )
    if (root / project).is_dir() and "/" not in project:
        return root / project
    given = Path(project).expanduser()
    if given.is_dir() and given.resolve().parent == root.resolve():
        return given  # the project folder itself
    for candidate in (given.absolute(), given.resolve(), given):
        found = folders.get(_normalized(encode_project_path(candidate)))
        if found is not None:
            return found
    found = folders.get(_normalized(project))
    if found is not None:
        return found
    # The end of a path is enough when only one project ends that way: `retell list ai-music`.
    tail = "-" + _normalized(project).strip("-")
    endings = sorted((p for name, p in folders.items() if name.endswith(tail)), key=lambda p: p.name)
    if len(endings) == 1:
        return endings[0]
    if len(endings) > 1:
        names = ", ".join(p.name for p in endings[:10])
        raise InputError(f"{project!r} matches {len(endings)} projects ({names}); give more of the path")
    raise InputError(
        f"no Claude Code project {project!r} under {root} (looked for {encode_project_path(given.absolute())}); "
        "`retell list --all` lists every project"
    )


@dataclass(frozen=True)
class SessionFile:
    path: Path  # absolute
    folder: Path
    size: int
    mtime_ns: int


def list_session_files(folder: Path) -> tuple[list[SessionFile], list[tuple[Path, str]]]:
    """The top-level session transcripts of a folder with their size and mtime, and those that cannot be
    stat'ed (with the reason). Subagent and compaction-replay files are not sessions."""
    found: list[SessionFile] = []
    failed: list[tuple[Path, str]] = []
    if not os.access(folder, os.R_OK | os.X_OK):  # session_files() would quietly find nothing
        return found, [(folder, "permission denied")]
    for path in session_files(folder):
        try:
            st = path.stat()
        except OSError as exc:
            failed.append((path, exc.strerror or str(exc)))
            continue
        found.append(SessionFile(path.absolute(), folder, st.st_size, st.st_mtime_ns))
    return found, failed


class AgentFileIndex:
    """Subagent files of one project folder, by session: `<id>/subagents/` (2.1.2+), and the older layout's
    `agent-*.jsonl` beside the sessions, whose first 8 KB name their session. Built only when needed."""

    def __init__(self, folder: Path, meter: ReadMeter | None = None) -> None:
        self.folder = folder
        self.meter = meter
        self._old_layout: dict[str, int] | None = None

    def for_session(self, session_path: Path) -> AgentFiles:
        counts = AgentFiles()
        sub = session_path.with_suffix("") / "subagents"
        if sub.is_dir():
            for p in sub.rglob("agent-*.jsonl"):
                if is_compaction_replay(p):
                    counts.compaction_replays += 1
                else:
                    counts.subagents += 1
        counts.subagents += self._old_layout_counts().get(session_path.stem, 0)
        return counts

    def prepare(self) -> None:
        """Read the old layout's agent heads now (before the peeks are shared with a second core)."""
        self._old_layout_counts()

    def _old_layout_counts(self) -> dict[str, int]:
        if self._old_layout is None:
            self._old_layout = {}
            for path in sorted(self.folder.glob("agent-*.jsonl")):
                if is_compaction_replay(path):
                    continue
                session_id = self._session_of(path)
                if session_id is not None:
                    self._old_layout[session_id] = self._old_layout.get(session_id, 0) + 1
        return self._old_layout

    def _session_of(self, path: Path) -> str | None:
        """The session an old-layout agent file belongs to; None for an unreadable file or a 'Warmup' agent
        (Claude Code 2.0.x started those unasked; parse does not count them either)."""
        try:
            with path.open("rb") as fh:
                head = fh.read(AGENT_HEAD_BYTES)
        except OSError:
            return None
        if self.meter is not None:
            self.meter.add(path, len(head))
        m = _SESSION_ID.search(head)
        if m is None or _is_warmup(head):
            return None
        return m.group(1).decode("utf-8", "replace")


def _is_warmup(head: bytes) -> bool:
    """`extract.subagents.is_warmup_record` on the first line, when it fits in the head."""
    from retell.extract.subagents import is_warmup_record  # (a cached listing never needs it)

    first, newline, _ = head.partition(b"\n")
    if not newline:
        return False
    try:
        return is_warmup_record(orjson.loads(first))
    except orjson.JSONDecodeError:
        return False
