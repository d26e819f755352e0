# ruff: noqa: F811  (the fixtures imported from check_support are requested by name)
"""Every planted fabrication is reported on its own line with its kind, and nothing else is: the faithful
draft and its faithful rewordings report nothing, with or without citation markers."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from check_support import _offline, approved_example, check_example, example  # noqa: F401  (fixtures)
from planted import FABRICATIONS, FAITHFUL, PLANTS, REQUIRED, REWORDINGS, Plant

from retell.check.report import CheckReport

Check = Callable[[str], CheckReport]


def _without_citations(text: str) -> str:
    """The draft as a model that ignored the citation request would write it."""
    return re.sub(r" ?<!-- ev:[^>]*-->", "", text)


def test_the_issue_s_seven_fabrications_are_all_planted() -> None:
    assert [p.kind for p in REQUIRED] == [
        "author quote",
        "author quote",
        "path",
        "command",
        "number",
        "number",
        "credit",
    ]
    assert "cleaned" in REQUIRED[1].new
    assert len(FABRICATIONS) >= 20 and len(REWORDINGS) >= 5


@pytest.mark.parametrize("cited", [True, False], ids=["cited", "uncited"])
def test_the_faithful_draft_reports_nothing(check_example: Check, cited: bool) -> None:
    text = FAITHFUL.read_text(encoding="utf-8")
    report = check_example(text if cited else _without_citations(text))
    assert report.lines() == []
    assert report.ok
    assert len(report.findings) >= 45  # quotes, paths, commands, numbers and credits, all traced
    kinds = {f.claim.kind for f in report.findings}
    assert {"author quote", "Claude quote", "path", "command", "code", "number", "credit"} <= kinds


@pytest.mark.parametrize("plant", FABRICATIONS, ids=lambda p: p.name)
@pytest.mark.parametrize("cited", [True, False], ids=["cited", "uncited"])
def test_each_fabrication_is_reported_on_its_line(check_example: Check, plant: Plant, cited: bool) -> None:
    base = FAITHFUL.read_text(encoding="utf-8")
    text = plant.draft(base)
    report = check_example(text if cited else _without_citations(text))
    line = plant.line(base)
    expected = [f for f in report.problems if f.claim.line == line and f.claim.kind == plant.kind]
    assert expected, f"{plant.name}: nothing reported on line {line}:\n" + "\n".join(report.lines(verbose=True))
    others = [report.line(f) for f in report.problems if f not in expected]
    assert others == [], f"{plant.name}: reported more than the plant"
    assert all(report.line(f).startswith(f'draft.md:{line}: {plant.kind}: "') for f in expected)


@pytest.mark.parametrize("plant", REWORDINGS, ids=lambda p: p.name)
def test_faithful_rewordings_report_nothing(check_example: Check, plant: Plant) -> None:
    report = check_example(plant.draft(FAITHFUL.read_text(encoding="utf-8")))
    assert report.lines() == []


def test_precision_and_recall_on_the_planted_set(check_example: Check) -> None:
    """The figures bench/check_planted.py prints; both must stay at the level measured."""
    base = FAITHFUL.read_text(encoding="utf-8")
    found = missed = false_alarms = 0
    for plant in PLANTS:
        report = check_example(plant.draft(base))
        line = plant.line(base)
        hits = [f for f in report.problems if plant.kind and f.claim.line == line and f.claim.kind == plant.kind]
        found += bool(hits)
        missed += bool(plant.kind) and not hits
        false_alarms += len([f for f in report.problems if f not in hits])
    assert found / (found + false_alarms) >= 0.95
    assert found / (found + missed) >= 0.95
