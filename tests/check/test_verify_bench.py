"""`bench/check_real.py --verify-dir`: the verification prompts of a blind set's drafts are written as hand-off
prompt files that say nothing of the answer key, and the answers written beside them are read and merged."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import ModuleType

import pytest
from bench_support import BENCH_DIR, load_bench

POST = "K1"
FOLDER = BENCH_DIR / "check" / "blind6" / "holdout" / POST


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("check_real.py", "check_real_bench")


@pytest.fixture
def work(tmp_path: Path, bench: ModuleType, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    target = tmp_path / "work" / POST
    shutil.copytree(bench.DATA / "work" / POST, target)
    return target


def _verifying(bench: ModuleType, folder: Path) -> object:
    verifying = bench.Verifying(folder=folder)
    verifying.blind = "blind6"
    return verifying


def test_the_prompt_files_say_nothing_of_the_answer_key(bench: ModuleType, work: Path, tmp_path: Path) -> None:
    out = tmp_path / "verify"
    verifying = _verifying(bench, out)
    for name in ("faithful.md", "planted.md"):
        text = (FOLDER / name).read_text(encoding="utf-8")
        report = bench.run_check_text(work, text)
        assert verifying.merged(work, text, report) is report  # no answer yet: the rules alone
    folders = sorted(p.name for p in (out / "blind6").iterdir())
    assert len(folders) == 2 and all(name.startswith(f"{POST}-") for name in folders)
    plants = [json.loads(line)["planted"] for line in (FOLDER / "plants.jsonl").read_text().splitlines() if line]
    for prompt in (out / "blind6").rglob("*.prompt.md"):
        text = prompt.read_text(encoding="utf-8")
        assert "faithful" not in prompt.as_posix() and "planted" not in prompt.as_posix()
        assert "plant" not in text.lower() and "faithful" not in text.lower()
    assert verifying.pending == verifying.written > 0
    assert any(plants[0][:30] in p.read_text(encoding="utf-8") for p in (out / "blind6").rglob("*.prompt.md"))


def test_answers_beside_the_prompts_are_merged_and_stale_ones_set_aside(
    bench: ModuleType, work: Path, tmp_path: Path
) -> None:
    out = tmp_path / "verify"
    text = (FOLDER / "planted.md").read_text(encoding="utf-8")
    _verifying(bench, out).merged(work, text, bench.run_check_text(work, text))
    prompts = sorted((out / "blind6").rglob("*.prompt.md"))
    first = prompts[0].read_text(encoding="utf-8")
    line = int(first.split("\nL", 1)[1].split(":", 1)[0])
    words = first.split(f"\nL{line}: ", 1)[1].split("\n", 1)[0].split()[:4]
    for prompt in prompts:
        claims = []
        if prompt == prompts[0]:
            claims = [
                {"line": line, "words": " ".join(words), "verdict": "not in the session", "event": "", "reason": "r"}
            ]
        answer = prompt.with_name(prompt.name.replace(".prompt.md", ".answer.md"))
        answer.write_text(json.dumps({"claims": claims}), encoding="utf-8")
    verifying = _verifying(bench, out)
    merged = verifying.merged(work, text, bench.run_check_text(work, text))
    assert merged.verified and verifying.answered == len(prompts) and verifying.pending == 0
    assert any(f.source in ("model", "rules+model") and f.claim.line == line for f in merged.problems)
    # the prompt of the first part changes (a template edited): its answer no longer answers it
    prompts[0].write_text(first.replace("careful", "diligent"), encoding="utf-8")
    verifying = _verifying(bench, out)
    verifying.merged(work, text, bench.run_check_text(work, text))
    assert verifying.stale == 1 and verifying.pending == 1
    assert prompts[0].with_name(prompts[0].name.replace(".prompt.md", ".stale.md")).is_file()


def test_as_answered_reads_the_stored_answers_beside_their_prompts_and_writes_nothing(
    bench: ModuleType, work: Path, tmp_path: Path
) -> None:
    """`--as-answered`: bench/check/verify keeps round ten's answers to round ten's prompts; once the check words a
    prompt otherwise they are still read (and counted as such), never set aside or overwritten."""
    text = (FOLDER / "faithful.md").read_text(encoding="utf-8")
    out = tmp_path / "verify"
    _verifying(bench, out).merged(work, text, bench.run_check_text(work, text))  # this round's prompts
    prompts = sorted((out / "blind6").rglob("*.prompt.md"))
    for prompt in prompts:  # answered, then the prompt worded otherwise (as round eleven's differ from round ten's)
        prompt.with_name(prompt.name.replace(".prompt.md", ".answer.md")).write_text('{"claims": []}', "utf-8")
        prompt.write_text(prompt.read_text(encoding="utf-8").replace("careful", "diligent"), encoding="utf-8")
    before = {p: p.read_bytes() for p in (out / "blind6").rglob("*") if p.is_file()}
    verifying = _verifying(bench, out)
    verifying.frozen = True  # type: ignore[attr-defined]
    merged = verifying.merged(work, text, bench.run_check_text(work, text))
    assert merged.verified
    assert verifying.answered == verifying.older == len(prompts)  # type: ignore[attr-defined]
    assert verifying.stale == verifying.written == verifying.pending == 0  # type: ignore[attr-defined]
    assert {p: p.read_bytes() for p in (out / "blind6").rglob("*") if p.is_file()} == before


def test_a_kind_no_set_planted_before_is_scored_per_kind(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    """A set whose plants.jsonl lists kinds of its own (`invented-motive`, `guess-as-fact`, or any other) is scored
    kind by kind, without a change to the script; the model's `claim` finding is what catches them first."""
    planted = "---\ntitle: t\n---\n\nI did it because I was tired.\n\nCI runs on UTC.\n\nNothing else.\n"
    found = [{"line": 5, "kind": "claim", "claim": "because I was tired", "status": "untraced"}]
    plants = [
        {"line": 5, "kind": "invented-motive", "planted": "because I was tired"},
        {"line": 7, "kind": "guess-as-fact", "planted": "CI runs on UTC"},
        {"line": 9, "kind": "a-kind-of-its-own", "planted": "Nothing else"},
    ]
    checked = bench.Checked(found, 0, 0.0)
    result = bench.PostResult("holdout", "Z1", 10.0, bench.Checked([], 0, 0.0), checked, plants)
    bench.score(result, planted)
    assert result.caught == [True, False, False]
    figures = bench.report("blindZ", "holdout", [result], verbose=False)
    assert figures["recall"]["invented-motive"] == 1.0 and figures["recall"]["guess-as-fact"] == 0.0
    assert figures["recall"]["a-kind-of-its-own"] == 0.0 and figures["recall"]["wrong-time"] is None
    out = capsys.readouterr().out
    assert out.index("wrong-time") < out.index("invented-motive") < out.index("guess-as-fact") < out.index("a-kind-of")
