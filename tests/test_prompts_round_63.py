"""Prompts, stop 63: two places where what the model was given disagreed with the post, from the writers who
answered fresh42's and fresh43's hand-off prompts as the model (other names and figures here):

1. "Title (working): …" showed retell's title, taken word for word from the author's first message, while the same
   prompt says titles never quote the session: the writers could not tell a title to keep from a guess to replace.
   A title the author set in triage.yaml (render keeps it) is now named as theirs; retell's guess as a guess.
2. The share of tokens read from the prompt cache: the prompt floored it (93 %), the post's table rounded it (94 %),
   so a post that told the prompt's figure contradicted its own table.
3. A message from another Claude Code session (fresh44's budget, fresh45's badminton fees) led Claude to a change the
   author never asked for; the material marked it as the other session's, but no rule said how to tell it.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import outline_prompt, parse_work, runner
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell import yamlio
from retell.cli import app

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 11, 24, 9, 0, tzinfo=timezone.utc)
CWD = "/home/ines/src/kiln-log"
PROJECTS = "claude/projects/-home-ines-src-kiln-log"


def _kiln() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("can you make the firing log script warn when cone 6 runs longer than 9 hours?")
    tx.tick(3)
    # with the tool call's own record: 1,500 of 1,600 tokens read from the cache, 93.75 %: the table prints 94 %
    tx.assistant(
        "Reading the script first.", usage_=usage(output_tokens=0, input_tokens=20, cache_read=1400, cache_write=16)
    )
    tx.tool_call("Bash", {"command": "pytest -q"}, "..\n2 passed in 0.03s")
    tx.assistant(
        "It warns now, and the tests pass.", usage_=usage(output_tokens=0, input_tokens=0, cache_read=0, cache_write=0)
    )
    return tx


def _title_line(prompt: str) -> str:
    return next(line for line in prompt.splitlines() if "itle" in line.split(":")[0])


def test_retells_own_title_is_given_as_a_guess(tmp_path: Path) -> None:
    prompt = outline_prompt(parse_work(tmp_path, _kiln(), PROJECTS))
    line = _title_line(prompt)
    assert line.startswith("- Working title (retell's guess")
    assert "never a title to reuse" in line
    assert "Title (the author's own" not in prompt


def test_a_title_the_author_set_is_given_as_theirs(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _kiln(), PROJECTS)
    doc = yamlio.load(work / "triage.yaml")
    doc["post"]["title"] = "Nine hours at cone 6"
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    assert runner.invoke(app, ["triage", str(work), "--approve", "-q"]).exit_code == 0
    line = _title_line(outline_prompt(work))
    assert line == "- Title (the author's own, kept as it is): Nine hours at cone 6"


def test_the_prompt_and_the_table_give_one_cache_share(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _kiln(), PROJECTS)
    prompt = outline_prompt(work)
    told = re.search(r"\((\d+)% of them the context read again from the prompt cache", prompt)
    assert told, "the prompt gives the share read from the cache"
    for stage in ("outline", "draft", "render"):
        result = runner.invoke(
            app, [stage, str(work), "--engine", "offline"] if stage != "render" else [stage, str(work)]
        )
        assert result.exit_code == 0, result.output
    post = next((work / "post").rglob("index.md")).read_text(encoding="utf-8")
    table = re.search(r"(\d+)\s?% ", post.split("## By the numbers")[1])
    assert table and told.group(1) == table.group(1) == "94"


def test_the_rule_on_another_sessions_message_comes_with_one(tmp_path: Path) -> None:
    """fresh44's budget and fresh45's badminton fees: another Claude session's message led Claude to a change the
    author never asked for, and both writers found no rule for a request that was not the author's."""
    from test_cross_session_message import _session

    with_peer = outline_prompt(parse_work(tmp_path / "a", _session(), "claude/projects/-srv-demo-proj"))
    assert "A message from another Claude Code session" in with_peer
    assert "tell what it asked as the other session's request" in with_peer
    without = outline_prompt(parse_work(tmp_path / "b", _kiln(), PROJECTS))
    assert "A message from another Claude Code session" not in without


def test_the_pronoun_rule_names_the_languages_writers_met(tmp_path: Path) -> None:
    """fresh45's dance school: the rule named only Dutch, German and French, and a Polish writer asked whether
    "według niego" (according to him) was allowed."""
    prompt = outline_prompt(parse_work(tmp_path, _kiln(), PROJECTS))
    assert 'pl "on" or "jego"' in prompt and "według Claude'a" in prompt


def test_the_authors_own_marks_inside_a_quote_stay(tmp_path: Path) -> None:
    """fresh45's band archive and dance school: "their own quotation marks … stay" beside "a quote inside a quote takes
    the other kind" left a writer with «…» typed by the author inside a German quote and no way to keep both."""
    prompt = outline_prompt(parse_work(tmp_path, _kiln(), PROJECTS))
    assert "it is your marks around them that take the other kind („…“ around their «…»" in prompt
