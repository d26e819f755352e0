"""A default title headed by a redaction placeholder (stop 54, fresh27's invoice-fetch: a supplier's name read as a
person's, "[REDACTED:person-name] invoice iframe and device check" proposed as the post's title)."""

from __future__ import annotations

from pathlib import Path

from conftest import Transcript
from triage_support import TOKEN, load, parse_into

from retell.triage.generate import without_leading_placeholder
from retell.triage.stage import run_triage


def test_a_placeholder_heading_a_title_is_left_out() -> None:
    assert without_leading_placeholder("[REDACTED:person-name] invoice iframe and device check") == (
        "Invoice iframe and device check"
    )
    assert without_leading_placeholder("[REDACTED:person-name]'s portal: a device check") == "Portal: a device check"


def test_a_placeholder_elsewhere_or_alone_stays() -> None:
    # the words around it still say what was there; a title of the placeholder alone or one word is no better bare
    assert without_leading_placeholder("Deploying with [REDACTED:github-token]") == (
        "Deploying with [REDACTED:github-token]"
    )
    assert without_leading_placeholder("[REDACTED:person-name]") == "[REDACTED:person-name]"
    assert without_leading_placeholder("[REDACTED:person-name] fix") == "[REDACTED:person-name] fix"


def test_triage_proposes_no_title_headed_by_a_placeholder(tmp_path: Path, session_path: Path) -> None:
    tx = Transcript(cwd="/home/gareth/src/invoice-fetch")
    tx.user("The invoice download broke again, the selector finds nothing. Can you look?")
    tx.assistant("The portal now shows a device check inside the iframe and wants a code emailed to finance.")
    tx.add({"type": "ai-title", "aiTitle": f"{TOKEN} invoice iframe and device check", "sessionId": tx.session_id})
    tx.write(session_path)
    workdir = tmp_path / "work"
    parse_into(session_path, workdir)
    run_triage(workdir)
    assert TOKEN not in (workdir / "triage.yaml").read_text(encoding="utf-8")
    assert load(workdir / "triage.yaml")["post"]["title"] == "Invoice iframe and device check"
