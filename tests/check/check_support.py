"""Fixtures of the check's tests (imported by each test module: a conftest.py here would shadow the one in
tests/ that other test folders import from): the bundled example, parsed and approved once, copied per test."""

from __future__ import annotations

import functools
import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from planted import EXAMPLE

from retell.check.report import CheckReport
from retell.check.stage import check_draft, run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import require_approved, run_triage


@pytest.fixture(autouse=True)
def _offline(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


@pytest.fixture(scope="session")
def approved_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    work = tmp_path_factory.mktemp("example") / "w"
    parse_to_workdir(SessionRef(EXAMPLE, EXAMPLE.stem), work, ParseOptions())
    run_triage(work, approve=True)
    return work


@pytest.fixture
def example(approved_example: Path, tmp_path: Path) -> Path:
    """A work folder of the example with an approved triage and no draft yet (a fresh copy per test)."""
    work = tmp_path / "w"
    shutil.copytree(approved_example, work)
    return work


@pytest.fixture(scope="session")
def check_example(approved_example: Path):  # type: ignore[no-untyped-def]
    """check(text) -> the check's report of `text` as the example's draft (the cleared view read once)."""
    triage, parsed, view = require_approved(approved_example)

    def check(text: str) -> CheckReport:
        return check_draft(text, view, parsed.manifest, triage)

    return check


# The work folders committed with the check's benchmark (bench/check/work): drafts written for a test are checked
# against them as `retell check` would, each session approved once per test run.
BENCH_WORK = Path(__file__).resolve().parents[2] / "bench" / "check" / "work"
FRONT_MATTER = "---\ntitle: t\n---\n\n"


@functools.cache
def bench_session(post: str) -> tuple[Any, Any, Any]:
    return require_approved(BENCH_WORK / post)


def check(post: str, body: str) -> CheckReport:
    """`body` checked as a draft of the bench work folder `post` (A, B, …, G2)."""
    triage, parsed, view = bench_session(post)
    return check_draft(FRONT_MATTER + body, view, parsed.manifest, triage, log=parsed.log)


def problems(post: str, body: str) -> list[str]:
    return check(post, body).lines()


def about(found: list[str], needle: str) -> list[str]:
    """The lines of a check's report that mention `needle`."""
    return [line for line in found if needle in line]


DRAFT_HEAD = "---\ntitle: t\n---\n\n"


def approved_workdir(root: Path, tx: Any) -> Path:
    """A session of the test's own (a conftest Transcript), parsed into ROOT/w and its triage approved as proposed."""
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


def verify_pairs(work: Path, text: str) -> list[tuple[Any, Any]]:
    """The verification requests `retell check --verify` would send for `text`, written as the work folder's draft:
    (part, request) pairs, the default verifying model's."""
    from retell.check.verify_request import verify_requests
    from retell.llm.pricing import load_prices
    from retell.templating import TemplateLibrary

    (work / "draft.md").write_text(text, encoding="utf-8")
    triage, parsed, view = require_approved(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    limits = prices.limits(model)
    return verify_requests(text, view, parsed.manifest, triage, model, limits, TemplateLibrary("prompts"))


def draft_problems(work: Path, body: str) -> list[str]:
    """What `retell check` says of `body`, written as the work folder's draft."""
    (work / "draft.md").write_text(DRAFT_HEAD + body + "\n", encoding="utf-8")
    return run_check(work).lines()


def ids_by_mark(work: Path, marks: dict[str, str]) -> dict[str, str]:
    """Each name's event id: the first event of the work folder whose JSON holds its mark (a command, a phrase)."""
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    return {
        name: next(e["id"] for e in events if mark in json.dumps(e, ensure_ascii=False)) for name, mark in marks.items()
    }
