"""retell's entry in Claude Code's user settings (`$CLAUDE_CONFIG_DIR/settings.json`, default
`~/.claude/settings.json`), and what those settings say about how long Claude Code keeps transcripts.

The entry, in the documented hooks format:
`"hooks": {"SessionEnd": [{"hooks": [{"type": "command", "command": "… hook session-end", "timeout": 30}]}]}`.
`timeout` matters: SessionEnd hooks share a budget of 1.5 s unless a hook asks for more (Claude Code then
waits up to 60 s), and copying a big transcript can take longer than that. Everything else in the file (every
other key, every other hook, the order) is kept as it was.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import orjson

from retell.claude.locate import config_dir
from retell.errors import InputError
from retell.fsutil import atomic_write_bytes

EVENT = "SessionEnd"
HOOK_TIMEOUT_S = 30
DEFAULT_CLEANUP_DAYS = 30  # Claude Code's default for cleanupPeriodDays
_OURS = re.compile(r"\bretell\b.*\bhook session-end\b")


def settings_path() -> Path:
    return config_dir() / "settings.json"


def read_settings(path: Path) -> dict[str, Any]:
    """The settings as an object ({} when there is no file yet). Raises InputError when the file is not a
    JSON object: retell never rewrites a file it cannot read whole."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return {}
    except OSError as exc:
        raise InputError(f"{path}: {exc.strerror or exc}") from None
    if not raw.strip():
        return {}
    try:
        data = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise InputError(f"{path}: not valid JSON ({exc}); fix it first, retell does not rewrite it") from None
    if not isinstance(data, dict):
        raise InputError(f"{path}: not a JSON object; fix it first, retell does not rewrite it")
    return data


def write_settings(path: Path, data: dict[str, Any]) -> None:
    """Atomically, the previous file kept as `settings.json.bak`; a symlinked settings file (dotfiles) is
    written through, not replaced by a plain file."""
    target = path.resolve() if path.is_symlink() else path
    atomic_write_bytes(target, orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n", backup=target.exists())


def hook_entry(command: str) -> dict[str, Any]:
    return {"hooks": [{"type": "command", "command": command, "timeout": HOOK_TIMEOUT_S}]}


def is_ours(hook: Any) -> bool:
    return isinstance(hook, dict) and isinstance(hook.get("command"), str) and bool(_OURS.search(hook["command"]))


def with_hook(settings: dict[str, Any], command: str) -> tuple[dict[str, Any], bool]:
    """`settings` with retell's SessionEnd hook running `command` (replacing an older retell entry), and
    whether anything changed."""
    new = copy.deepcopy(settings)
    groups = _session_end_groups(new, create=True)
    wanted = hook_entry(command)["hooks"][0]
    for group in groups:
        hooks = group.get("hooks") if isinstance(group, dict) else None
        for i, hook in enumerate(hooks if isinstance(hooks, list) else []):
            if is_ours(hook):
                if hook == wanted:
                    return settings, False
                hooks[i] = wanted  # type: ignore[index]
                return new, True
    groups.append(hook_entry(command))
    return new, True


def without_hook(settings: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """`settings` without retell's SessionEnd hook, and how many entries went. A group, the SessionEnd list
    or `hooks` itself left empty by that goes too; nothing else is touched."""
    new = copy.deepcopy(settings)
    groups = _session_end_groups(new, create=False)
    removed = 0
    kept_groups = []
    for group in groups:
        hooks = group.get("hooks") if isinstance(group, dict) else None
        if not isinstance(hooks, list) or not any(is_ours(h) for h in hooks):
            kept_groups.append(group)
            continue
        rest = [h for h in hooks if not is_ours(h)]
        removed += len(hooks) - len(rest)
        if rest:
            kept_groups.append({**group, "hooks": rest})
    if not removed:
        return settings, 0
    all_hooks = new["hooks"]
    if kept_groups:
        all_hooks[EVENT] = kept_groups
    else:
        del all_hooks[EVENT]
        if not all_hooks:
            del new["hooks"]
    return new, removed


def installed_command(settings: dict[str, Any]) -> str | None:
    for group in _session_end_groups(settings, create=False):
        hooks = group.get("hooks") if isinstance(group, dict) else None
        for hook in hooks if isinstance(hooks, list) else []:
            if is_ours(hook):
                return str(hook["command"])
    return None


def _session_end_groups(settings: dict[str, Any], *, create: bool) -> list[Any]:
    hooks = settings.get("hooks")
    if hooks is None:
        if not create:
            return []
        hooks = settings["hooks"] = {}
    if not isinstance(hooks, dict):
        raise InputError(f'{settings_path()}: "hooks" is not an object; fix it first, retell does not rewrite it')
    groups = hooks.get(EVENT)
    if groups is None:
        if not create:
            return []
        groups = hooks[EVENT] = []
    if not isinstance(groups, list):
        raise InputError(f'{settings_path()}: "hooks.{EVENT}" is not a list; fix it first, retell does not rewrite it')
    return groups


def cleanup_period_days() -> tuple[int, bool]:
    """How many days Claude Code keeps a transcript after its last change, and whether the user settings say
    so (`cleanupPeriodDays`) or it is the default, 30. Unreadable settings count as the default: this only
    informs a warning."""
    try:
        value = read_settings(settings_path()).get("cleanupPeriodDays")
    except InputError:
        return DEFAULT_CLEANUP_DAYS, False
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
        return DEFAULT_CLEANUP_DAYS, False
    return int(value), True
