"""Python's own regex parser and its constants, read by the modules that reason about the rules' regexes
(overlines.py, gate.py, bench/secrets/required.py): `re._parser` since Python 3.11, `sre_parse` before."""

from __future__ import annotations

import importlib
from typing import Any

try:
    parser: Any = importlib.import_module("re._parser")
    constants: Any = importlib.import_module("re._constants")
except ImportError:  # pragma: no cover - Python 3.10
    parser = importlib.import_module("sre_parse")
    constants = importlib.import_module("sre_constants")
