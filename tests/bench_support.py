"""A bench script (bench/*.py is no package) loaded as a module, for the tests of its pure parts."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH_DIR = Path(__file__).resolve().parent.parent / "bench"


def load_bench(script: str, name: str) -> ModuleType:
    """bench/`script` as the module `name` (registered, so its dataclasses resolve their own module)."""
    spec = importlib.util.spec_from_file_location(name, BENCH_DIR / script)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
