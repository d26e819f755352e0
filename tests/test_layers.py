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
    {"claude", "archive"},  # bytes -> records: the only code that knows Claude Code's files (and retell's copies)
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
    "lazyre",  # module-level regexes compiled on first use
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


# -- no module imports itself round a circle --------------------------------------------------------------

# Circles still to break, each in its own issue; no new one may join them. (A package's __init__ importing its
# own submodules to register them is not a circle of design: cli/__init__ imports its commands.)
KNOWN_CIRCLES: list[set[str]] = []


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _module_imports(path: Path, known: set[str]) -> set[str]:
    """The retell modules a file imports (`from retell.a import b` counts `retell.a.b` when it is a module),
    whether at the top, lazily, or only for type checking: each ties the two modules together."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found.update(name for name in names if name in known)
    return found


def _circles() -> list[set[str]]:
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    known = set(modules)
    graph = {name: _module_imports(path, known) - {name} for name, path in modules.items()}
    # a package's __init__ re-exporting its submodules is not an edge back
    for name in graph:
        graph[name] = {m for m in graph[name] if not (name.startswith(m + ".") and modules[m].name == "__init__.py")}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_round_a_circle() -> None:
    new = [sorted(c) for c in _circles() if c not in KNOWN_CIRCLES]
    assert not new, f"modules that import each other (directly or round a circle): {new}"


@pytest.mark.parametrize(
    "pair",
    [
        ("retell.parse.manifest", "retell.parse.transcript"),  # the plain types they share: parse/parts.py
        ("retell.claude.prefetch", "retell.claude.reader"),  # the figures they share: claude/readstats.py
    ],
)
def test_the_broken_circles_stay_broken(pair: tuple[str, str]) -> None:
    assert not [sorted(c) for c in _circles() if set(pair) <= c]
