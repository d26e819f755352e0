"""JSON written the same way every time: sorted keys, two-space indent, UTF-8, trailing newline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import orjson

from retell.errors import WorkdirError

_DUMP_OPTIONS = orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE


def dumps(obj: Any) -> bytes:
    """Deterministic bytes for `obj` (same object, same bytes)."""
    return orjson.dumps(obj, option=_DUMP_OPTIONS)


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
