"""Where a session's title comes from: its own title records, a summary (possibly in another file), or
its first prompt."""

from __future__ import annotations

from pathlib import Path

from conftest import Transcript, text_block, write_jsonl

from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, extract_session

EARLIER = "11111111-1111-4111-8111-111111111111"
LATER = "22222222-2222-4222-8222-222222222222"


def _title(path: Path) -> tuple[str | None, str | None]:
    result = extract_session(SessionRef(path, path.stem), None, ParseOptions(write_assets=False))
    return result.log.session.title, result.log.session.title_source


def test_a_summary_written_into_the_next_session_names_the_earlier_one(tmp_path: Path) -> None:
    project = tmp_path / "projects" / "-srv-demo-proj"
    earlier = Transcript(session_id=EARLIER)
    earlier.user("Can you look at why the nightly export is slow? It used to take a minute.")
    last = earlier.assistant(text_block("The export reads every row twice; I fixed the loop."))
    earlier_path = earlier.write(project / f"{EARLIER}.jsonl")
    later = Transcript(session_id=LATER)
    later.user("Now add a progress bar.")
    write_jsonl(
        project / f"{LATER}.jsonl",
        [
            {"type": "summary", "summary": "Nightly export: halving the reads", "leafUuid": last["uuid"]},
            *later.records,
        ],
    )
    assert _title(earlier_path) == ("Nightly export: halving the reads", "summary")
    # The later file's own head summary describes the earlier session, not itself (its title is its first
    # request, without the spoken "Now").
    assert _title(project / f"{LATER}.jsonl") == ("Add a progress bar", "first-prompt")


def test_an_ai_title_wins_over_the_first_prompt(tmp_path: Path) -> None:
    tx = Transcript()
    tx.user("Please fix the flaky test in test_login.py, it fails one run in ten.")
    tx.add({"type": "ai-title", "aiTitle": "Fix flaky login test", "sessionId": tx.session_id})
    assert _title(tx.write(tmp_path / "s.jsonl")) == ("Fix flaky login test", "ai-title")


def test_a_long_first_prompt_is_cut_between_words(tmp_path: Path) -> None:
    prompt = (
        "Restructure every configuration loader module plus each environment variable override mechanism plus caching"
    )
    tx = Transcript()
    tx.user(prompt)
    title, source = _title(tx.write(tmp_path / "s.jsonl"))
    assert source == "first-prompt"
    assert title is not None and title.endswith("…") and len(title) <= 80
    assert prompt.startswith(title[:-1]) and prompt[len(title) - 1] == " "  # the cut falls before a space


def test_a_long_first_prompt_is_cut_at_the_end_of_a_clause(tmp_path: Path) -> None:
    prompt = "I would like to restructure the configuration loader so that environment variables override files"
    tx = Transcript()
    tx.user(prompt)
    title, _ = _title(tx.write(tmp_path / "s.jsonl"))
    assert title == "I would like to restructure the configuration loader"  # a whole clause: no "…"
