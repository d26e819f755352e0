"""Issue 21, "checking a 2,500-word draft takes under 1 s": the cleared view is kept in the work folder
(`cleared-view.json`), keyed by what it is made of, so a new `retell check` does not scan the session for
secrets again. The cache must never change a finding, never let through a secret the author's current decisions
clear, and never hold a value the cleared view would not (nothing parse did not already write)."""

from __future__ import annotations

import hashlib
import random
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import CWD, Transcript, text_block, thinking_block

from retell.check.stage import check_draft, run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.redact import cleared_view
from retell.triage import stage as triage_stage
from retell.triage import viewcache
from retell.triage.stage import load_parsed, require_approved, run_triage
from retell.workdir import Workdir

BENCH = Path(__file__).resolve().parents[1] / "bench" / "check"
_rng = random.Random(21)


def _chars(n: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


TOKEN = "gh" + "p_" + _chars(36)  # token-shaped, made at run time: no token-shaped literal in the source
PASSWORD = "Tq" + _chars(10) + "!7"
CLIENT = "Borealis Freight"  # a name only the author knows is private (a `redact:` term)
THINKING = "The pipeline token may be stale; check the runs before touching anything."
LATER = "Later that day: rotate the staging password too."


@pytest.fixture(autouse=True)
def _fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Each test starts as a new process would: nothing remembered in memory, no user config."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    triage_stage._GATE.clear()


def _new_process() -> None:
    """What a new `retell check` remembers of the last one: only what is on disk."""
    from retell import redact

    triage_stage._GATE.clear()
    redact._SCANNED.clear()


def _session(path: Path, *, went_on: bool = False) -> Path:
    tx = Transcript(cwd=CWD)
    tx.user(text_block(f"Deploy the {CLIENT} tracker. The deploy token is {TOKEN}."))
    tx.assistant(thinking_block(THINKING))
    tx.assistant("Let me check the pipeline first.")
    tx.tool_call("Bash", {"command": f"GITHUB_TOKEN={TOKEN} gh run list --limit 3"}, "3 runs\n1 failed")
    tx.tool_call("Bash", {"command": f"mysql -u deploy -p{PASSWORD} -e 'select 1'"}, "1")
    tx.assistant(f"The last run failed on the {CLIENT} staging host; the token works.")
    tx.user("Good. Fix the failing step and run the tests.")
    tx.tool_call("Bash", {"command": "pytest -q"}, "12 passed in 0.41s")
    tx.assistant("All 12 tests pass now.")
    if went_on:
        tx.user(f"{LATER} It is still {PASSWORD} for {CLIENT}.")
        tx.assistant("I will rotate it.")
    return tx.write(path)


@pytest.fixture
def work(tmp_path: Path) -> Path:
    transcript = _session(tmp_path / "claude" / "projects" / "-srv-demo-proj" / "s.jsonl")
    folder = tmp_path / "w"
    parse_to_workdir(SessionRef(transcript, transcript.stem), folder, ParseOptions())
    run_triage(folder, approve=True)
    _new_process()
    return folder


def _decide(work: Path, kind: str, action: str, replacement: str = "") -> None:
    """Set the decision on the one secret of `kind` in triage.yaml, by hand as the author would, and approve."""
    lines = (work / "triage.yaml").read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  - id: {kind}-"))
    end = at + 1
    while lines[end].startswith("    "):
        end += 1
    decided = [f"    action: {action}", f"    replacement: '{replacement}'"]
    decided += ["    confirm_keep: true"] if action == "keep" else []
    decision = ("    action:", "    replacement:", "    confirm_keep:")
    kept = [line for line in lines[at + 1 : end] if not line.startswith(decision)]
    lines[at + 1 : end] = decided + kept
    (work / "triage.yaml").write_text("\n".join(lines), encoding="utf-8")
    run_triage(work, approve=True)
    _new_process()


def _texts(work: Path) -> str:
    """Every text of the view the gate gives now, as one string."""
    _, _, view = require_approved(work)
    return str(view.to_dict())


def _cache(work: Path) -> Path:
    return work / "cleared-view.json"


# -- the same view, the same findings ------------------------------------------------------------------------


def test_the_view_read_back_is_the_view_cleared(work: Path) -> None:
    _, parsed, first = require_approved(work)
    assert _cache(work).is_file()
    _new_process()
    _, _, again = require_approved(work)
    assert again == first
    assert again == cleared_view(parsed.log, triage_stage.require_approved(work)[0])


def test_a_warm_cache_clears_nothing_again(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_approved(work)
    _new_process()

    def never(*args: object) -> None:
        raise AssertionError("the view was cleared again")

    monkeypatch.setattr("retell.redact.cleared_view", never)
    _, _, view = require_approved(work)
    assert TOKEN not in str(view.to_dict())


@pytest.mark.parametrize("post", ["A", "C", "G2"])
def test_the_findings_are_the_same_cached_or_not(post: str, tmp_path: Path) -> None:
    """Real drafts of real sessions (English, and a Chinese post of English sessions): every finding, its
    wording and its verdict, the same from a cold cache, a warm one, and the view cleared directly."""
    draft = BENCH / "drafts" / f"{post}.md"
    if not (BENCH / "work" / post).is_dir() or not draft.is_file():
        pytest.skip(f"no bench work folder or draft for {post}")
    work = tmp_path / post
    shutil.copytree(BENCH / "work" / post, work)
    shutil.copy(draft, work / "draft.md")
    text = draft.read_text(encoding="utf-8")
    _new_process()
    parsed = load_parsed(Workdir(work))
    triage, _, _ = require_approved(work)
    direct = check_draft(text, cleared_view(parsed.log, triage), parsed.manifest, triage, log=parsed.log).to_json()
    _new_process()
    _cache(work).unlink(missing_ok=True)
    cold = run_check(work).to_json()
    assert _cache(work).is_file()
    _new_process()
    warm = run_check(work).to_json()
    assert cold == direct
    assert warm == direct


def test_a_new_retell_check_prints_the_same_with_a_warm_cache(work: Path) -> None:
    (work / "draft.md").write_text(
        "---\ntitle: t\n---\n\nI asked Claude to fix the failing step. All 12 tests passed, and then 14 did.\n",
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "retell", "check", str(work), "--json"]
    cold = subprocess.run(command, capture_output=True, text=True, check=False)
    assert _cache(work).is_file()
    warm = subprocess.run(command, capture_output=True, text=True, check=False)
    assert (warm.returncode, warm.stdout, warm.stderr) == (cold.returncode, cold.stdout, cold.stderr)
    assert cold.returncode == 1 and "14" in cold.stdout


# -- what invalidates it ---------------------------------------------------------------------------------------


def test_a_secret_decided_redact_after_keep_is_redacted(work: Path) -> None:
    assert TOKEN not in _texts(work)
    _decide(work, "github-token", "keep")
    assert TOKEN in _texts(work)  # the cache of the redacted view is not used for the kept one
    _decide(work, "github-token", "redact")
    assert TOKEN not in _texts(work)  # nor the cache of the kept view once it is redacted again


def test_a_replacement_changed_is_the_one_used(work: Path) -> None:
    _decide(work, "github-token", "replace", "<first>")
    assert "<first>" in _texts(work)
    _decide(work, "github-token", "replace", "<second>")
    seen = _texts(work)
    assert "<second>" in seen and "<first>" not in seen and TOKEN not in seen


def test_a_term_added_to_the_user_config_is_replaced(work: Path, tmp_path: Path) -> None:
    assert CLIENT in _texts(work)
    config = tmp_path / "config" / "retell" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text(f"redact:\n  - {{term: {CLIENT}, replace: a client}}\n", encoding="utf-8")
    _new_process()
    seen = _texts(work)
    assert CLIENT not in seen and "a client" in seen


def test_a_term_added_to_triage_is_replaced(work: Path) -> None:
    assert CLIENT in _texts(work)
    path = work / "triage.yaml"
    text = path.read_text(encoding="utf-8")
    assert "\nredact: []\n" in text
    terms = f"\nredact:\n  - {{term: {CLIENT}, replace: a client}}\n"
    path.write_text(text.replace("\nredact: []\n", terms), encoding="utf-8")
    run_triage(work, approve=True)
    _new_process()
    seen = _texts(work)
    assert CLIENT not in seen and "a client" in seen


def test_the_thinking_allowed_is_told(work: Path) -> None:
    assert THINKING not in _texts(work)
    path = work / "triage.yaml"
    text = path.read_text(encoding="utf-8")
    assert "use_thinking: false" in text
    path.write_text(text.replace("use_thinking: false", "use_thinking: true"), encoding="utf-8")
    run_triage(work, approve=True)
    _new_process()
    assert THINKING in _texts(work)


def test_a_new_parse_of_a_session_that_went_on_is_cleared_again(work: Path, tmp_path: Path) -> None:
    assert LATER not in _texts(work)
    transcript = _session(next((tmp_path / "claude").rglob("s.jsonl")), went_on=True)
    parse_to_workdir(SessionRef(transcript, transcript.stem), work, ParseOptions())
    run_triage(work, approve=True)
    _new_process()
    seen = _texts(work)
    assert LATER in seen and PASSWORD not in seen


def test_events_changed_under_the_cache_are_not_read_from_it(work: Path) -> None:
    """events.json changed in place (not by a parse): the triage merged again, the view is of the new events."""
    _, parsed, _ = require_approved(work)
    key = viewcache.read_key(_cache(work))
    events, manifest = work / "events.json", work / "manifest.json"
    events.write_bytes(events.read_bytes().replace(b"Let me check the pipeline first.", b"Let me look at the CI."))
    digest = hashlib.sha256(events.read_bytes()).hexdigest()
    manifest.write_text(manifest.read_text(encoding="utf-8").replace(parsed.events_sha256, digest), encoding="utf-8")
    run_triage(work, approve=True)
    _new_process()
    seen = _texts(work)
    assert "Let me look at the CI." in seen and "Let me check the pipeline first." not in seen
    assert viewcache.read_key(_cache(work)) != key


def test_another_retell_clears_the_view_again(work: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    require_approved(work)
    _new_process()
    monkeypatch.setattr(viewcache, "code_fingerprint", lambda: "another retell")
    cleared = []
    real = cleared_view

    def counted(*args: object) -> object:
        cleared.append(1)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("retell.redact.cleared_view", counted)
    require_approved(work)
    assert cleared == [1]


# -- a cache that cannot be read or written ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "content", [b"", b"{", b"[]", b'{"schema_version": 1}', b'{"schema_version": 1, "key": "x", "view": 3}']
)
def test_a_broken_cache_is_cleared_again(work: Path, content: bytes) -> None:
    _, _, view = require_approved(work)
    _cache(work).write_bytes(content)
    _new_process()
    assert require_approved(work)[2] == view


def test_a_cache_of_the_right_key_but_another_view_is_cleared_again(work: Path) -> None:
    """A view changed after it was written (by hand, by a disk) is not the view its key promises: not read."""
    _, _, view = require_approved(work)
    data = _cache(work).read_bytes()
    assert b"Let me check the pipeline first." in data
    _cache(work).write_bytes(data.replace(b"Let me check the pipeline first.", b"Let me check the pipeline twice."))
    _new_process()
    assert require_approved(work)[2] == view


def test_a_folder_where_the_cache_cannot_be_written_still_checks(work: Path) -> None:
    _cache(work).mkdir()  # a folder in the way: the write fails, the check goes on without a cache
    _, parsed, view = require_approved(work)
    assert view == cleared_view(parsed.log, require_approved(work)[0])
    assert not list(work.glob(".cleared-view.json.*"))  # no temp file left behind


# -- what it holds ------------------------------------------------------------------------------------------


def test_the_cache_holds_no_value_the_author_did_not_clear(work: Path, tmp_path: Path) -> None:
    config = tmp_path / "config" / "retell" / "config.yaml"
    config.parent.mkdir(parents=True)
    config.write_text(f"redact:\n  - {{term: {CLIENT}, replace: a client}}\n", encoding="utf-8")
    _new_process()
    require_approved(work)
    held = _cache(work).read_text(encoding="utf-8")
    for value in (TOKEN, PASSWORD, CLIENT):
        assert value not in held
    assert (_cache(work).stat().st_mode & 0o777) == 0o600


def test_a_kept_value_is_held_only_as_events_json_holds_it(work: Path) -> None:
    _decide(work, "github-token", "keep")
    require_approved(work)
    assert TOKEN in _cache(work).read_text(encoding="utf-8")
    assert TOKEN in (work / "events.json").read_text(encoding="utf-8")  # parse wrote it first
