# ruff: noqa: F811  (the fixtures imported from check_support are requested by name)
"""`retell check WORKDIR [--json] [-q/-v]`: what a user sees, and the exit codes scripts rely on."""

from __future__ import annotations

import json
from pathlib import Path

from check_support import _offline, approved_example, check_example, example  # noqa: F401  (fixtures)
from planted import FAITHFUL, REQUIRED
from typer.testing import CliRunner

from retell.cli import app


def _run(*args: str | Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, [str(a) for a in args])
    return result.exit_code, result.stdout, result.stderr


def _planted(example: Path) -> str:
    text = FAITHFUL.read_text(encoding="utf-8")
    for plant in REQUIRED[:1] + REQUIRED[2:]:  # the first two plant on the same line; one of them is enough
        text = plant.draft(text)
    (example / "draft.md").write_text(text, encoding="utf-8")
    return text


def test_a_faithful_draft_exits_0_with_a_summary(example: Path) -> None:
    (example / "draft.md").write_text(FAITHFUL.read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = _run("check", example)
    assert code == 0
    assert out.startswith("Check: ") and "nothing untraced" in out
    assert out.count("\n") == 1  # only the summary


def test_code_shown_as_code_is_counted_as_not_checked(example: Path) -> None:
    """Issue 27: fenced code is never traced, and the summary says "not checked", not "not traced"."""
    text = FAITHFUL.read_text(encoding="utf-8").rstrip() + "\n\n```python\nprint('hello')\n```\n"
    (example / "draft.md").write_text(text, encoding="utf-8")
    code, out, _ = _run("check", example)
    assert code == 0
    assert out.rstrip().endswith("(1 code block(s) not checked)")
    assert "not traced" not in out


def test_each_untraced_claim_is_one_line_with_the_closest_event(example: Path) -> None:
    text = _planted(example)
    code, out, _ = _run("check", example)
    assert code == 1
    lines = out.strip().splitlines()
    problems = lines[:-1]
    assert len(problems) == 6
    numbered = text.splitlines()
    for line in problems:
        assert line.startswith("draft.md:")
        number = int(line.split(":")[1])
        kind = line.split(": ")[1]
        claim = line.split(": ", 2)[2].split('"')[1]
        assert claim[:20] in numbered[number - 1], (line, numbered[number - 1])
        assert kind in ("author quote", "path", "command", "number", "credit")
        assert " → " in line  # each says what to do
    invented = next(ln for ln in problems if "author quote" in ln)
    assert '"honestly, just delete the whole cache folder and move on."' in invented
    assert invented.endswith("[stops render --strict]")
    moved = next(ln for ln in problems if ": credit: " in ln)
    assert "you said this (e29), not Claude" in moved and "closest e29" in moved and moved.endswith("→ credit yourself")
    assert lines[-1] == (
        "Check: 57 claim(s) in draft.md, 51 traced to the session; 5 untraced, 1 contradicted "
        "(3 would stop render --strict)"
    )


def test_quiet_prints_only_the_problems_and_verbose_every_claim(example: Path) -> None:
    _planted(example)
    code, quiet, _ = _run("check", example, "-q")
    assert code == 1 and len(quiet.strip().splitlines()) == 6 and "Check:" not in quiet
    code, verbose, _ = _run("check", example, "-v")
    assert code == 1
    traced = [ln for ln in verbose.splitlines() if " -> " in ln]
    assert len(traced) == 51
    assert 'draft.md:18: path: "tidyfeeds/clean.py" -> e5 (cited)' in verbose


def test_json_lists_every_claim_for_scripts(example: Path) -> None:
    _planted(example)
    code, out, _ = _run("check", example, "--json")
    assert code == 1
    data = json.loads(out)
    assert data["ok"] is False
    assert data["summary"]["untraced"] == 5 and data["summary"]["contradicted"] == 1
    assert data["summary"]["blocking"] == 3  # the invented author quote, test count and duration
    untraced = [c for c in data["claims"] if c["status"] != "traced"]
    assert {c["kind"] for c in untraced} == {"author quote", "path", "command", "number", "credit"}
    keys = {"line", "kind", "claim", "status", "reason", "event", "excerpt", "cited"}
    keys |= {"confidence", "blocking", "advice"}
    assert all(set(c) >= keys and c["advice"] for c in untraced)
    assert sorted(c["claim"] for c in untraced if c["blocking"]) == sorted(
        ["honestly, just delete the whole cache folder and move on.", "20 tests", "forty minutes"]
    )
    assert all(c["confidence"] == ("high" if c["blocking"] else "low") for c in untraced)


def test_without_a_draft_or_an_approved_triage_it_says_what_to_run(example: Path, tmp_path: Path) -> None:
    code, _, err = _run("check", example)
    assert code == 1 and "draft.md does not exist: run `retell draft" in err and "Traceback" not in err
    (example / "triage.yaml").write_text(
        (example / "triage.yaml").read_text(encoding="utf-8").replace("approved: true", "approved: false"),
        encoding="utf-8",
    )
    code, _, err = _run("check", example)
    assert code == 1 and "not approved yet" in err
    code, _, err = _run("check", tmp_path / "nowhere")
    assert code == 1 and "retell parse" in err


def test_the_report_is_the_same_from_run_to_run(tmp_path: Path) -> None:
    """Python orders a set differently in each process; the report, its events and its verdicts must not change."""
    import os
    import shutil
    import subprocess
    import sys

    bench = Path(__file__).resolve().parents[2] / "bench" / "check"
    work = tmp_path / "w"
    shutil.copytree(bench / "work" / "A", work)
    shutil.copy(bench / "drafts" / "A.md", work / "draft.md")
    outputs = set()
    for seed in ("1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-m", "retell", "check", str(work), "--json"], capture_output=True, env=env, check=False
        )
        outputs.add(done.stdout)
    assert len(outputs) == 1 and b'"claims"' in outputs.pop()


def test_the_readme_shows_this_very_output(example: Path) -> None:
    """README.md's excerpt of `retell check` on a planted draft is real: the same lines, word for word."""
    _planted(example)
    _, out, _ = _run("check", example)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    missing = [line for line in out.strip().splitlines() if line not in readme]
    assert missing == [], "update the excerpt of `retell check` in README.md"
