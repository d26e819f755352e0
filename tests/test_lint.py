"""The code stays ruff-clean and mypy-clean (settings in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]], ids=["check", "format"])
def test_ruff(args: list[str]) -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (pip install -e '.[test]')")
    result = subprocess.run([ruff, *args], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy() -> None:
    mypy = shutil.which("mypy") or str(Path(sys.executable).parent / "mypy")
    if not Path(mypy).exists():
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = subprocess.run([mypy], cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
