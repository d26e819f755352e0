"""The name a reader knows a project by, from the folder the session worked in; None when that folder names
nothing: a home folder (`~`, `/Users/sam`), a download or scratch folder (`~/dl`, `/tmp/x`), Claude Code's own
folders (`~/.claude/memory`), a drive root. A generic container (`src`, `app`) gives its parent's name."""

from __future__ import annotations

import re

# Folder names that say where a project sits, not what it is: the parent names the project.
_CONTAINERS = frozenset(
    {
        "src", "source", "sources", "app", "apps", "lib", "code", "dev", "work", "workspace", "workspaces",
        "project", "projects", "repo", "repos", "repositories", "git", "github", "gitlab", "sandbox",
        "playground", "scratch", "tmp", "temp", "test", "tests", "dl", "download", "downloads", "desktop",
        "documents", "my documents", "memory", "worktrees", "packages",
    }
)  # fmt: skip
# Folders nobody's project lives in directly.
_NOWHERE = frozenset({"home", "users", "root", "tmp", "temp", "var", "private", "mnt", "volumes", "opt", "srv"})
# Hidden folders of tools: whatever lies below them is the tool's, not a project.
_TOOL_FOLDERS = frozenset({".claude", ".cache", ".local", ".trash", ".npm", ".cargo", ".rustup", ".venv"})
_HOME = re.compile(r"^(?:[A-Za-z]:)?/(?:Users|home)/[^/]+$|^/root$|^~$", re.I)


def project_name(cwd: str | None) -> str | None:
    if not cwd:
        return None
    path = cwd.replace("\\", "/").rstrip("/")
    parts = [p for p in path.split("/") if p]
    if not parts or re.fullmatch(r"[A-Za-z]:", parts[-1]):
        return None
    if any(p.lower() in _TOOL_FOLDERS for p in parts) or parts[0].lower() in ("tmp", "temp"):
        return None
    while parts:
        if _HOME.match("/" + "/".join(parts)) or _HOME.match("/".join(parts)):
            return None
        name = parts[-1]
        if re.fullmatch(r"[A-Za-z]:", name) or (len(parts) == 1 and name.lower() in _NOWHERE):
            return None
        if name.lower() not in _CONTAINERS and name != "~":
            return name
        parts.pop()
    return None
