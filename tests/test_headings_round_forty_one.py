"""Round forty-one (issue 24, the offline engine's headings), from fresh43's offline posts (stop 62, sessions written
blind): a heading taken from Claude's words kept their Markdown emphasis ("The **date format**"), printed with its
asterisks escaped; and a chapter of fresh42's homestay was titled with its author's thanks and a redaction marker in it
("ขอบคุณ[REDACTED:person-name] ทำให้มันรันเอง…", also tests/secrets/test_round_forty_one.py). Asserted on the two
sessions themselves (bench/sessions/fresh42, fresh43)."""

from __future__ import annotations

from pathlib import Path

import pytest
from told_support import ok
from typer.testing import CliRunner

from retell.cli import app

SESSIONS = Path(__file__).resolve().parents[1] / "bench" / "sessions"
runner = CliRunner()


def _outline(tmp_path: Path, session: Path) -> str:
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(session), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    return (work / "triage.yaml").read_text(encoding="utf-8") + (work / "outline.yaml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "session",
    [
        "fresh43/projects/-home-adewale-ajo/a515cfb0-8c44-4c54-88de-bba5b97b485e.jsonl",
        "fresh42/projects/-Users-nok-Downloads-tmp2/7ff633ef-5ade-45ce-b0d8-a6fa79c36c20.jsonl",
        # (stop 63) a heading cut inside its marker: "小さなピアノ教室をしている[REDACTED"
        "fresh46/projects/-home-morishita-tmp2/a45afc40-1a5c-41a1-be6e-88419fc6d390.jsonl",
    ],
)
def test_no_heading_shows_emphasis_or_a_redaction_marker(tmp_path: Path, session: str) -> None:
    planned = _outline(tmp_path, SESSIONS / session)
    headings = [line for line in planned.splitlines() if line.strip().startswith(("heading:", "title:"))]
    assert headings
    assert not [h for h in headings if "**" in h or "[REDACTED" in h], headings


def test_a_heading_keeps_no_emphasis_of_claudes(tmp_path: Path) -> None:
    from retell.write.offline import _unbold

    assert _unbold("The **date format**") == "The date format"
    assert _unbold("2 ** 8 bytes") == "2 ** 8 bytes"  # (an operator, no emphasis)


def test_bold_run_into_a_script_without_spaces_is_dropped_whole() -> None:
    """fresh44's budget (Korean): Claude's "1월 지출이 **1,255,800원**인데 … **57,000원 차이**가" kept one `**` of three
    pairs, escaped, in the offline post's quote, which then failed its own check."""
    from retell.write.offline import _unbold

    said = "1월 지출이 **1,255,800원**인데 스크립트는 **1,312,800원**이라 **57,000원 차이**가 나네요."
    assert _unbold(said) == "1월 지출이 1,255,800원인데 스크립트는 1,312,800원이라 57,000원 차이가 나네요."
    assert _unbold("是**三个**文件") == "是三个文件"
    assert _unbold("src/**/x.py and def f(**kwargs)") == "src/**/x.py and def f(**kwargs)"
