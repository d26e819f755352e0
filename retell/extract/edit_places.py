"""Where in a file an edit changed it: the block, key or function its changed lines stand in, read from the file
as the session held it, when the edit's own diff does not show it.

An edit's old text is often only the lines it changes (`initialDelaySeconds: 8` / `periodSeconds: 4`): told by its
diff alone, a post said "another probe" where the edit changed the readinessProbe (round 46). The place is the
nearest line above the change that holds it: in YAML, JSON and indented code the nearest line indented less; in
code, the nearest such line that opens a definition (a `def`, `func`, `fn`, `class`) when there is one; in TOML
and INI, the `[section]` above.
"""

from __future__ import annotations

import difflib
import posixpath
import re

from retell.extract.tools import shorten

MAX_PLACES = 2
MAX_PLACE_CHARS = 80
_INDENTED_DATA = frozenset({".yaml", ".yml", ".json", ".j2", ".tpl"})
_SECTIONED = frozenset({".toml", ".ini", ".cfg", ".conf", ".properties", ".service"})
_SECTION = re.compile(r"^\s*\[[^\]]+\]\s*$")
# a line that opens a definition in the common languages (what `git diff`'s hunk header names)
_DEFINITION = re.compile(
    r"^\s*(?:(?:export|default|pub(?:\([\w:]+\))?|public|private|protected|internal|static|async|abstract|final|"
    r"override|unsafe|extern|inline|virtual)\s+)*"
    r"(?:def|class|func|fn|function|impl|trait|struct|enum|interface|module|object|sub|proc|type|namespace)\b"
)
_CLOSERS = frozenset(")]}")
_COMMENT = re.compile(r"^\s*(?:#|//|/\*|\*|--|;)")


def edit_places(path: str, before: str, old: str, new: str, shown: str | None) -> list[str]:
    """The lines above an Edit's changes (`readinessProbe:`, `def fetch(url):`) that its diff `shown` does not
    already show, at most MAX_PLACES; [] when the old text is not found once in `before`."""
    if not old or before.count(old) != 1:
        return []
    start = before[: before.index(old)].count("\n")
    file_lines = before.split("\n")
    old_lines, new_lines = old.split("\n"), new.split("\n")
    shown_lines = {line[1:].strip() for line in (shown or "").splitlines()}
    ext = posixpath.splitext(path)[1].lower()
    places: list[str] = []
    matcher = difflib.SequenceMatcher(a=old_lines, b=new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        first = old_lines[i1] if i2 > i1 and old_lines[i1].strip() else (new_lines[j1] if j2 > j1 else "")
        place = _place_above(file_lines, start + i1, indent_width(first), ext)
        if place and place.strip() not in shown_lines and place not in places:
            places.append(place)
        if len(places) == MAX_PLACES:
            break
    return [shorten(place.strip(), MAX_PLACE_CHARS) for place in places]


def indent_width(line: str) -> int:
    """The columns a line is indented by (a tab is four)."""
    return len(line.expandtabs(4)) - len(line.expandtabs(4).lstrip())


def _place_above(lines: list[str], at: int, indent: int, ext: str) -> str | None:
    """The nearest line above line `at` that holds a change indented `indent`."""
    above = [line for line in reversed(lines[: max(0, at)]) if line.strip() and not _COMMENT.match(line)]
    if ext in _SECTIONED:
        return next((line for line in above if _SECTION.match(line)), None)
    holders: list[str] = []  # the lines indented less, nearest first
    for line in above:
        if indent_width(line) < indent:
            if line.lstrip()[:1] in _CLOSERS and ext not in _INDENTED_DATA:
                # the last line of a signature written over several lines (`) -> List[str]:`): the line that
                # opens it, at the same indent, names the function (round 50: a post named a function from
                # Claude's words alone, the edit's place being `) -> List[str]:`)
                indent = indent_width(line) + 1
                continue
            holders.append(line)
            indent = indent_width(line)
            if indent == 0:
                break
    if not holders:
        return None
    if ext in _INDENTED_DATA:
        return holders[0]
    return next((line for line in holders if _DEFINITION.match(line)), holders[0])
