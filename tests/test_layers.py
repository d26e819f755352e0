"""Data flows one way (docs/design.md): bytes -> records -> events -> cleared view -> outline -> draft -> post.

No module imports from a stage after its own. Shared vocabulary (events, errors, the work folder, file
helpers, templating, markup, findings) may be imported from anywhere and imports no stage.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "retell"

# In data-flow order; names on one line form one layer (they may import each other).
LAYERS: list[set[str]] = [
    {"claude"},  # bytes -> records: the only code that knows Claude Code's files
    {"secrets"},  # detection rules (used while extracting: a cut never falls inside a secret)
    {"extract"},  # records -> events
    {"parse"},  # events.json, manifest.json (of one session, or several joined)
    {"triage", "redact"},  # the author's decisions -> the cleared view
    {"llm"},  # model calls (the guard reads the cleared view's redactor)
    {"discover"},  # list / stats / schema: a side branch that reads transcripts and prices
    {"write"},  # outline, draft
    {"check"},  # the draft's claims traced to the session
    {"render"},  # the post, and its preview
    {"pipeline"},  # retell run
    {"cli", "__main__"},
]
SHARED = {
    "cores",  # when and how work goes to a forked child on the second core
    "data",  # models.yaml, style.yaml
    "events",
    "errors",
    "findings",
    "fsutil",
    "jsonio",
    "markup",
    "report",
    "templating",
    "userconfig",
    "workdir",
    "yamlio",
}


def _rank(name: str) -> int | None:
    for rank, layer in enumerate(LAYERS):
        if name in layer:
            return rank
    return None


def _imports(path: Path) -> set[str]:
    """The retell sub-packages/modules a file imports (top-level and lazy imports alike)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "retell" and len(parts) > 1:
                found.add(parts[1])
    return found


def _stage_of(path: Path) -> str:
    relative = path.relative_to(PACKAGE)
    return relative.parts[0].removesuffix(".py")


FILES = sorted(p for p in PACKAGE.rglob("*.py") if _stage_of(p) not in ("__init__", "_data"))


def test_every_module_belongs_to_a_layer_or_the_shared_vocabulary() -> None:
    unknown = {_stage_of(p) for p in FILES} - SHARED - set().union(*LAYERS)
    assert not unknown, f"add {sorted(unknown)} to LAYERS or SHARED in tests/test_layers.py"


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_imports_a_later_stage(path: Path) -> None:
    stage = _stage_of(path)
    imported = _imports(path) - {stage}
    if stage in SHARED:
        stages = sorted(imported - SHARED)
        assert not stages, f"shared module {path.name} imports stage(s) {stages}"
        return
    rank = _rank(stage)
    assert rank is not None
    later = sorted(name for name in imported if (_rank(name) or -1) > rank)
    assert not later, f"{path.relative_to(PACKAGE)} ({stage}) imports later stage(s): {later}"
