"""What the session held of each file it read or wrote, so a whole-file Write over one is told as what it changed.

A Write gives the whole new file; told by its first lines alone, every line reads as new (round 44: a post told
an unchanged `Counter` as the rewrite's, and could not show the old regex it replaced). The content held is the
last whole Read's (its result decoded only when a Write to that file comes), the last Write's, with the Edits
since applied; a shell command that changes the file, a failed edit or a partial Read leaves nothing held.
When the session held nothing of it, Claude Code's own record of the Write says what it replaced: its result
(`toolUseResult`, type "update") carries the file as it was (`originalFile`, in newer versions) or the hunks it
changed (`structuredPatch`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from retell.events import ToolCall
from retell.extract.edit_places import edit_places
from retell.extract.tools import (
    MAX_REWRITE_LINES,
    absolute_path,
    apply_edits,
    compact_diff,
    pairs_diff,
    read_content,
    result_text,
)

# What is held of a file: its content, or how to read it from a Read's result; and where it came from.
_Content = str | Callable[[], str | None]


class HeldFiles:
    def __init__(self) -> None:
        self._held: dict[str, tuple[_Content, str]] = {}  # path -> (content, "read" | "written")
        self._pending: dict[str, tuple[str, str]] = {}  # tool_use_id -> (path, tool name)
        self._unheld: dict[str, tuple[ToolCall, str]] = {}  # a Write over nothing held: (its call, new content)

    def forget(self, path: str) -> None:
        self._held.pop(path, None)

    def called(self, name: str, tool_input: dict[str, Any], tool_use_id: str, cwd: str | None, call: ToolCall) -> None:
        """A Read, Write, Edit or MultiEdit call: a Write over a file held gets its diff against it."""
        path = tool_input.get("file_path")
        if not isinstance(path, str) or not path or name not in ("Read", "Write", "Edit", "MultiEdit"):
            return
        path = absolute_path(path, cwd)
        if name == "Read":
            if tool_input.get("limit") is None and tool_input.get("offset") in (None, 0, 1):
                self._pending[tool_use_id] = (path, name)  # held when its result comes, if it is the whole file
            return  # (a part of the file, by offset or limit, holds no whole file)
        self._pending[tool_use_id] = (path, name)
        before = self._content(path)
        if name == "Write":
            content = tool_input.get("content")
            if not isinstance(content, str):
                self.forget(path)
                return
            if before is not None and before.rstrip("\n") != content.rstrip("\n"):
                diff = pairs_diff([(before, content)], MAX_REWRITE_LINES)
                if diff:
                    call.diff, call.rewrite_of = diff, self._held[path][1]
            elif before is None:
                self._unheld[tool_use_id] = (call, content)  # its result may say what it replaced
            self._held[path] = (content, "written")
        elif before is not None:
            if name == "Edit" and isinstance(old := tool_input.get("old_string"), str):
                new = tool_input.get("new_string")
                call.place = (
                    "\n".join(edit_places(path, before, old, new if isinstance(new, str) else "", call.diff)) or None
                )
            after = apply_edits(before, tool_input)
            if after is None:
                self.forget(path)
            else:
                self._held[path] = (after, self._held[path][1])

    def answered(self, tool_use_id: str, is_error: bool, content: Callable[[], Any], record: Any) -> None:
        """A call's result: a whole Read's content is held (read only if needed), a failed change forgets."""
        pending = self._pending.pop(tool_use_id, None)
        unheld = self._unheld.pop(tool_use_id, None)
        if pending is None:
            return
        path, name = pending
        if unheld is not None and not is_error:
            _replaced(*unheld, record.tool_use_result())
        if is_error:
            if name != "Read":
                self.forget(path)
            return
        if name == "Read":
            self._held[path] = (lambda: read_content(result_text(content()), record.tool_use_result()), "read")

    def _content(self, path: str) -> str | None:
        held = self._held.get(path)
        if held is None:
            return None
        value, source = held
        if isinstance(value, str):
            return value
        text = value()
        if text is None:
            self.forget(path)
            return None
        self._held[path] = (text, source)
        return text


def _replaced(call: ToolCall, content: str, result: Any) -> None:
    """A Write the session held nothing of before: its diff from Claude Code's record of what it replaced."""
    if not isinstance(result, dict) or result.get("type") != "update":
        return  # "create": a new file, told by its lines
    original = result.get("originalFile")
    if isinstance(original, str):
        diff = pairs_diff([(original, content)], MAX_REWRITE_LINES)
    else:
        diff = _patch_lines(result.get("structuredPatch"))
    if diff:
        call.diff, call.rewrite_of = diff, "found"


def _patch_lines(patch: Any) -> str | None:
    """The hunks of a `structuredPatch` as any edit's diff is written (`compact_diff`); None with no change."""
    if not isinstance(patch, list):
        return None
    runs = [
        [line for line in hunk["lines"] if isinstance(line, str) and line[:1] in "+- "]
        for hunk in patch
        if isinstance(hunk, dict) and isinstance(hunk.get("lines"), list)
    ]
    if not any(line[:1] in "+-" for run in runs for line in run):
        return None
    return compact_diff(runs, limit=MAX_REWRITE_LINES)
