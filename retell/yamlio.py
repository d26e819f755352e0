"""Round-trip YAML for the files authors edit by hand (triage.yaml, outline.yaml).

ruamel.yaml keeps comments, key order and quoting on re-write, and remembers where every key and value
sits, so validation can point at `file:LINE`.
"""

from __future__ import annotations

import copy
import io
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError, YAMLError

from retell.errors import ValidationError, WorkdirError
from retell.fsutil import atomic_write_text


def _yaml() -> YAML:
    yaml = YAML(typ="rt")
    yaml.indent(mapping=2, sequence=4, offset=2)
    yaml.width = 4096  # never fold a long value onto a second line
    yaml.preserve_quotes = True
    return yaml


def load(path: Path) -> Any:
    """Parse an author-edited file; invalid YAML is a ValidationError pointing at the line."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise WorkdirError(f"{path} does not exist") from None
    except UnicodeDecodeError:
        raise ValidationError(str(path), ["the file is not UTF-8 text"]) from None
    return loads(text, str(path))


def loads(text: str, name: str) -> Any:
    try:
        return _yaml().load(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}" if mark is not None else ""
        problem = exc.problem or exc.context or "invalid YAML"
        raise ValidationError(name, [f"{Path(name).name}{line}: not valid YAML: {problem}"]) from None
    except YAMLError as exc:
        raise ValidationError(name, [f"{Path(name).name}: not valid YAML: {exc}"]) from None


def dumps(data: Any) -> str:
    buf = io.StringIO()
    _yaml().dump(data, buf)
    return buf.getvalue()


def save(path: Path, data: Any, *, backup: bool = True) -> None:
    """Write atomically, keeping the previous version as `<name>.bak`."""
    atomic_write_text(path, dumps(data), backup=backup)


def line_of(node: Any, key: Any = None) -> int | None:
    """1-based line of `node[key]` (or of the node itself) in the file it was loaded from."""
    try:
        if key is None:
            return int(node.lc.line) + 1
        if isinstance(node, CommentedMap):
            return int(node.lc.key(key)[0]) + 1
        if isinstance(node, CommentedSeq):
            return int(node.lc.item(key)[0]) + 1
    except (AttributeError, KeyError, TypeError, IndexError):
        return None
    return None


def flow(items: list[Any]) -> CommentedSeq:
    seq = CommentedSeq(items)
    seq.fa.set_flow_style()
    return seq


# ruamel keeps the comment lines that precede a key as the trailing comment of the node before it, i.e.
# on the deepest last item of the previous section. These helpers move that comment along when the last
# item changes, so a merge never drops or misplaces the author's (or our own) comments.


def _last_slot(node: Any) -> tuple[Any, Any, int] | None:
    """(container, key, comment index) of the deepest last item of `node`."""
    while True:
        if isinstance(node, CommentedMap) and len(node):
            key = list(node)[-1]
            child = node[key]
            if isinstance(child, (CommentedMap, CommentedSeq)) and len(child) and not child.fa.flow_style():
                node = child
                continue
            return node, key, 2
        if isinstance(node, CommentedSeq) and len(node):
            index = len(node) - 1
            child = node[index]
            if isinstance(child, (CommentedMap, CommentedSeq)) and len(child) and not child.fa.flow_style():
                node = child
                continue
            return node, index, 0
        return None


def pop_tail(node: Any) -> Any:
    """Detach and return the comment after `node`'s last item (None if there is none)."""
    slot = _last_slot(node)
    if slot is None:
        return None
    container, key, index = slot
    entry = container.ca.items.get(key)
    if not entry or len(entry) <= index or entry[index] is None:
        return None
    token = entry[index]
    value = getattr(token, "value", "")
    # One token holds the last line's end-of-line comment and the comment lines after it: the end-of-line
    # part stays on its line, only the lines after it move.
    if isinstance(value, str) and not value.startswith("\n") and "\n" in value.rstrip("\n"):
        eol, rest = value.split("\n", 1)
        moving = copy.copy(token)
        moving.value = "\n" + rest
        token.value = eol + "\n"
        return moving
    if isinstance(value, str) and not value.startswith("\n"):
        return None  # only an end-of-line comment: it belongs where it is
    entry[index] = None
    if not any(entry):
        del container.ca.items[key]
    return token


def push_tail(node: Any, token: Any) -> None:
    """Attach a comment popped with `pop_tail` after `node`'s (new) last item."""
    if token is None:
        return
    slot = _last_slot(node)
    if slot is None:
        return
    container, key, index = slot
    entry = container.ca.items.setdefault(key, [None, None, None, None])
    while len(entry) <= index:
        entry.append(None)
    existing = entry[index]
    if existing is not None and not getattr(existing, "value", "\n").startswith("\n"):
        # The new last line has an end-of-line comment of its own: the moved lines follow it.
        existing.value = existing.value.rstrip("\n") + "\n" + token.value[1:]
        return
    entry[index] = token


def refresh_map(target: CommentedMap, source: CommentedMap) -> bool:
    """Make `target` hold `source`'s keys and values, keeping `target`'s comments in place. False when it held
    them already (then it is not touched: a value quoted by hand keeps its quotes)."""
    if same_items(target, source):
        return False
    tail = pop_tail(target)
    for key in [k for k in target if k not in source]:
        del target[key]
    for key, value in source.items():
        target[key] = value
    push_tail(target, tail)
    return True


def same_items(a: CommentedMap, b: CommentedMap) -> bool:
    """The same keys in the same order with the same values."""
    return list(a) == list(b) and all(same_value(a[k], b[k]) for k in a)


def same_value(a: Any, b: Any) -> bool:
    """Equal, and of the same YAML kind (True is not 1, nor 1.0 the integer 1, nor '1' the number)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return list(a) == list(b) and all(same_value(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_value(x, y) for x, y in zip(a, b, strict=True))
    for kind in (bool, int, float, str):  # bool first: it is an int
        if isinstance(a, kind) or isinstance(b, kind):
            return isinstance(a, kind) and isinstance(b, kind) and a == b
    return a is None and b is None
