"""JSON written the same way every time: sorted keys, two-space indent, UTF-8, trailing newline."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import orjson

from retell.errors import WorkdirError

_DUMP_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE
_ITEM_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS
_FLUSH_SIZE = 1 << 20


def dumps(obj: Any) -> bytes:
    """Deterministic bytes for `obj` (same object, same bytes)."""
    return orjson.dumps(obj, option=_DUMP_OPTIONS)


def write_document_streaming(path: Path, head: dict[str, Any], list_key: str, items: Iterable[Any]) -> tuple[str, int]:
    """Write `{**head, list_key: [items...]}` exactly as `dumps` would, one item at a time.

    A big session's events never exist as one document in memory. Returns (sha256, size) of the bytes.
    """
    digest = hashlib.sha256()
    size = 0
    keys = sorted([*head, list_key])
    pending: list[bytes] = []  # written and hashed ~1 MB at a time (a call each per event cost more)
    pending_size = 0
    with path.open("wb") as fh:

        def flush() -> None:
            nonlocal size, pending_size
            chunk = b"".join(pending)
            fh.write(chunk)
            digest.update(chunk)
            size += len(chunk)
            pending.clear()
            pending_size = 0

        def emit(chunk: bytes) -> None:
            nonlocal pending_size
            pending.append(chunk)
            pending_size += len(chunk)
            if pending_size >= _FLUSH_SIZE:
                flush()

        emit(b"{\n")
        for n, key in enumerate(keys):
            emit(b"  " + orjson.dumps(key) + b": ")
            if key == list_key:
                first = True
                for item in items:
                    emit(b"[\n    " if first else b",\n    ")
                    emit(orjson.dumps(item, option=_ITEM_OPTIONS).replace(b"\n", b"\n    "))
                    first = False
                emit(b"[]" if first else b"\n  ]")
            else:
                emit(orjson.dumps(head[key], option=_ITEM_OPTIONS).replace(b"\n", b"\n  "))
            emit(b",\n" if n < len(keys) - 1 else b"\n")
        emit(b"}\n")
        flush()
    return digest.hexdigest(), size


def load(path: Path) -> Any:
    """Read a JSON file retell wrote; a missing or corrupt file is a WorkdirError, not a traceback."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise WorkdirError(f"{path} does not exist") from None
    except OSError as exc:
        raise WorkdirError(f"cannot read {path}: {exc.strerror}") from None
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise WorkdirError(f"{path} is not valid JSON ({exc}); re-run the stage that writes it") from None
