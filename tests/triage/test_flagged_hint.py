"""A stage after the parse looks for the session's known secret values only in the texts the parse flagged
(manifest `pii_warnings`' locations): the values it finds must be exactly those a scan of every text finds, or
a repeat of a secret in a context no rule reads would reach a prompt or a post unredacted."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import Result

from retell import redact
from retell.events import EventLog
from retell.triage.stage import flagged_texts, load_parsed
from retell.workdir import Workdir

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = sorted((ROOT / "examples" / "claude" / "projects").glob("*/*.jsonl"))
CORPUS = ROOT.parent / "shared" / "corpus"


def _known_both_ways(workdir: Path) -> tuple[dict[str, Any], dict[str, Any], EventLog]:
    log = load_parsed(Workdir(workdir)).log
    assert log.flagged is not None, "a manifest this retell wrote gives the flagged texts"
    redact._SCANNED.clear()
    _, hinted, _, _ = redact._known_values(log)
    everything = EventLog(log.session, log.chapters, log.events, log.sessions)  # flagged: None
    redact._SCANNED.clear()
    _, scanned, _, _ = redact._known_values(everything)
    return hinted, scanned, log


def _parsed(cli: Callable[..., Result], tmp_path: Path, *sessions: Path) -> Path:
    out = tmp_path / f"wd{len(list(tmp_path.iterdir()))}"
    result = cli("parse", *sessions, "-o", out)
    assert result.exit_code == 0, result.output
    return out


def test_the_example_sessions_known_values_are_the_full_scans(cli: Callable[..., Result], tmp_path: Path) -> None:
    for sessions in ([EXAMPLE[0]], EXAMPLE):  # one session, and the three as one post
        hinted, scanned, log = _known_both_ways(_parsed(cli, tmp_path, *sessions))
        assert hinted == scanned
        assert list(hinted) == list(scanned)  # the same order: the first kind a value was found as wins
        assert len(log.flagged or ()) < sum(1 for _ in redact.all_texts(log))  # fewer texts are read


def _corpus_sample() -> list[Path]:
    files = sorted((CORPUS / "claude" / "projects").glob("*/*.jsonl"))
    told = [f for f in files if not f.name.startswith("agent-") and f.stat().st_size > 50_000]
    return told[::2]  # ~12 sessions with something in them, spread over the corpus' projects


@pytest.mark.skipif(not CORPUS.is_dir(), reason="../shared/corpus is not here (a user's clone)")
def test_real_sessions_known_values_are_the_full_scans(cli: Callable[..., Result], tmp_path: Path) -> None:
    with_values = 0
    for session in _corpus_sample():
        hinted, scanned, _ = _known_both_ways(_parsed(cli, tmp_path, session))
        assert hinted == scanned, session.name
        with_values += bool(scanned)
    assert with_values >= 3  # the sample holds sessions with secrets to find


def test_a_manifest_of_another_retell_gives_no_hint(cli: Callable[..., Result], tmp_path: Path) -> None:
    workdir = _parsed(cli, tmp_path, EXAMPLE[0])
    manifest = json.loads((workdir / "manifest.json").read_text(encoding="utf-8"))
    assert flagged_texts(manifest) is not None
    assert flagged_texts({**manifest, "retell_version": "0.0.1"}) is None  # its scanner may have read otherwise
    assert flagged_texts({k: v for k, v in manifest.items() if k != "pii_warnings"}) is None
    broken = {**manifest, "pii_warnings": [{"locations": [{"event": 3}]}]}
    assert flagged_texts(broken) is None


def test_a_secret_in_the_title_and_in_a_tool_output_is_known(cli: Callable[..., Result], tmp_path: Path) -> None:
    """The session's own title is a text of its own (`title`, not an event's): a value found only there is
    still known."""
    token = "ghp_" + "Zq7Lm2Xc9Vb4Nn1Kd8Rt5Yw3Pe6Hs0Ja2Uf"
    session = tmp_path / "claude" / "projects" / "-home-ana-src-app" / "1c2d3e4f-0000-4000-8000-000000000001.jsonl"
    session.parent.mkdir(parents=True)
    base = {"sessionId": session.stem, "cwd": "/home/ana/src/app", "version": "2.1.9", "isSidechain": False}
    records = [
        {**base, "type": "custom-title", "customTitle": f"rotate {token} today"},
        {
            **base,
            "type": "user",
            "uuid": "u1",
            "parentUuid": None,
            "timestamp": "2026-03-01T10:00:00Z",
            "message": {"role": "user", "content": "the deploy key leaked, rotate it"},
        },
        {
            **base,
            "type": "assistant",
            "uuid": "a1",
            "parentUuid": "u1",
            "timestamp": "2026-03-01T10:00:05Z",
            "message": {
                "role": "assistant",
                "id": "msg_1",
                "content": [{"type": "text", "text": "I will look at the workflow file."}],
            },
        },
    ]
    session.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    hinted, scanned, log = _known_both_ways(_parsed(cli, tmp_path, session))
    assert token in scanned and hinted == scanned
    assert "title" in (log.flagged or ())
