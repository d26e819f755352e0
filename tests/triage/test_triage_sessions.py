"""triage.yaml for a work folder of several sessions: the sessions listed, a whole session left out, branches
tried in one session told, and a folder that grew from one session keeping every decision."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sessions_support import SESSION_A, SESSION_B, write_sessions

from retell import yamlio
from retell.claude.locate import SessionRef
from retell.errors import ValidationError
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import require_approved, run_triage
from retell.write.facts import session_facts

A, B = "a11ce000", "b0b00000"


def _parse(paths: list[Path], work: Path) -> None:
    parse_to_workdir([SessionRef(p, p.stem) for p in paths], work, ParseOptions())


def _edit(work: Path, change: Callable[[Any], None]) -> None:
    """Edit triage.yaml as an author would (through ruamel, so comments stay)."""
    path = work / "triage.yaml"
    doc = yamlio.load(path)
    change(doc)
    path.write_text(yamlio.dumps(doc), encoding="utf-8")


def _by_id(doc: Any, section: str) -> dict[str, Any]:
    return {e["id"]: e for e in doc[section]}


def _include_sessions(**include: bool) -> Callable[[Any], None]:
    def change(doc: Any) -> None:
        for entry in doc["sessions"]:
            entry["include"] = include.get(entry["id"], entry["include"])

    return change


@pytest.fixture
def work(project_dir: Path, tmp_path: Path) -> Path:
    files = write_sessions(project_dir, rewound=True)
    work = tmp_path / "work"
    _parse([files["a"], files["b"]], work)
    run_triage(work)
    return work


def test_triage_lists_the_sessions_and_their_chapters(work: Path):
    doc = yamlio.load(work / "triage.yaml")
    sessions = _by_id(doc, "sessions")
    assert list(sessions) == [A, B]
    assert sessions[A]["include"] is True
    info = sessions[B]["info"]
    assert info["session"] == SESSION_B
    assert info["after"] == f"two days later (after {A})"
    assert info["continues"] == A
    assert info["chapters"] == f"{B}-ch1"
    assert list(_by_id(doc, "chapters")) == [f"{A}-ch1", f"{B}-ch1"]
    assert doc["info"]["session"] == SESSION_A  # the anchor
    # B's rewound prompt is a branch of session B.
    assert list(_by_id(doc, "tried")) == [f"{B}-b1"]
    text = (work / "triage.yaml").read_text(encoding="utf-8")
    assert text.index("\nsessions:") < text.index("\nchapters:")
    assert "include: false leaves a whole session out" in text


def test_a_session_left_out_is_never_told(work: Path):
    _edit(work, _include_sessions(**{A: False}))
    _edit(work, lambda doc: doc.update(approved=True))
    triage, parsed, view = require_approved(work)
    assert triage.told_sessions() == [B]
    assert [c.id for c in view.chapters] == [f"{B}-ch1"]
    assert {e.chapter for e in view.events} == {f"{B}-ch1"}
    assert [s.key for s in view.sessions] == [B]
    assert "The login page is blank" not in " ".join(e.text or "" for e in view.events)
    # The numbers are those of the session told.
    facts = session_facts(parsed.manifest, triage.told_sessions())
    assert facts["sessions"] == 1
    assert facts["human_turns"] == parsed.manifest["sessions"][1]["counts"]["human_turns"]
    outcome = run_triage(work)
    assert f"Sessions told: 1 of 2 (left out: {A})" in outcome.summary


def test_leaving_every_session_out_or_merging_into_one_left_out_is_an_error(work: Path):
    _edit(work, _include_sessions(**{A: False, B: False}))
    with pytest.raises(ValidationError, match="no session is included"):
        _check(work)
    _edit(work, _include_sessions(**{A: True, B: True}))
    _edit(work, lambda doc: doc["chapters"][0].insert(2, "merge_into", f"{B}-ch1"))
    _check(work)  # merging A's chapter into B's, both told: fine
    _edit(work, _include_sessions(**{B: False}))
    with pytest.raises(ValidationError, match=f"merges into '{B}-ch1', but session {B} is left out"):
        _check(work)


def _check(work: Path) -> None:
    outcome = run_triage(work, check=True)
    if outcome.problems.errors:
        raise ValidationError("triage.yaml", outcome.problems.errors)


def test_a_branch_tried_in_one_session_is_told_when_included(work: Path):
    _edit(work, lambda doc: doc.update(approved=True))
    _, _, view = require_approved(work)
    assert "Rewrite the login page in htmx instead." not in [e.text for e in view.events]
    _edit(work, lambda doc: doc["tried"][0].update(include=True))
    _, _, view = require_approved(work)
    assert "Rewrite the login page in htmx instead." in [e.text for e in view.events]


def test_a_folder_of_one_session_grows_and_keeps_every_decision(project_dir: Path, tmp_path: Path):
    files = write_sessions(project_dir, rewound=True)
    work = tmp_path / "work"
    _parse([files["b"]], work)  # Wednesday first, alone
    run_triage(work)

    def decide(doc: Any) -> None:
        doc["chapters"][0]["title"] = "The redirect # not a comment"
        doc["tried"][0]["include"] = True
        email = next(s for s in doc["secrets"] if s["id"].startswith("email-"))
        email["action"], email["replacement"] = "replace", "my work address"
        doc["post"]["slug"] = "login-week"
        doc["approved"] = True

    _edit(work, decide)
    before = yamlio.load(work / "triage.yaml")
    token_id = next(s["id"] for s in before["secrets"] if s["id"].startswith("github-token-"))

    _parse([files["a"], files["b"]], work)  # then Monday joins it
    outcome = run_triage(work)
    assert outcome.merge is not None and outcome.merge.upgraded
    assert outcome.merge.added["sessions"] == [A, B]
    assert outcome.merge.added["chapters"] == [f"{A}-ch1"]
    assert outcome.merge.approval_reset
    doc = yamlio.load(work / "triage.yaml")
    chapters = _by_id(doc, "chapters")
    assert chapters[f"{B}-ch1"]["title"] == "The redirect # not a comment"
    assert _by_id(doc, "tried")[f"{B}-b1"]["include"] is True
    secrets = _by_id(doc, "secrets")
    assert token_id in secrets  # the token is in both sessions: the same id, decided once
    email = next(s for s in secrets.values() if str(s["id"]).startswith("email-"))
    assert (email["action"], email["replacement"]) == ("replace", "my work address")
    assert doc["post"]["slug"] == "login-week"
    assert doc["approved"] is False
    assert outcome.problems.errors == []
    assert outcome.triage is not None and outcome.triage.tried == {f"{B}-b1"}
    # Nothing else to do on a second run.
    assert not run_triage(work).changed
