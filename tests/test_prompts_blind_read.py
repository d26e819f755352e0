"""What a model reading retell's outline and draft prompts found unclear or misleading (a blind read of two
corpus sessions through the hand-off engine, issues 21 and 24): each point here was the cause of an edit the
author would have had to make to the post.

1. The marker examples showed `e12` where the material's ids read `37f83ec9-e85`.
2. Claude's questions to the author (AskUserQuestion) showed only as "Asked a question": not the author's answer.
3. Claude's replies answered words the material did not show: a question's answer cut at 300 characters, and the
   reason the author gave for turning a tool call down.
4. "Say what it is at its first mention" pushed the model to bring in facts the session never showed.
5. A session's header gave the time its file opened (a caveat record), not when its told chapter began.
6. A Chinese post's length was asked in "characters" and reported in "characters" counted another way.
7. The ban on `{{ }}` and `{% %}` kept a template change out of a code block, where it is safe.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from sessions_support import session_a, session_b
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner, Result

from retell import yamlio
from retell.cli import app
from retell.markup import live_markup, protect_for_target

runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")


def run(*args: str | Path) -> Result:
    return runner.invoke(app, [str(a) for a in args])


def _work(tmp_path: Path, *sessions: Transcript) -> Path:
    folder = tmp_path / "claude" / "projects" / "-home-robin-proj"
    paths = [tx.write(folder / f"{tx.session_id}.jsonl") for tx in sessions]
    work = tmp_path / "w"
    ok(run("parse", *paths, "-o", work, "-q"))
    ok(run("triage", work, "--approve", "-q"))
    return work


def _prompts(work: Path, stage: str) -> dict[str, str]:
    """The prompts a stage would send, as `--dry-run` writes them (system prompt and user message)."""
    if stage == "draft":
        ok(run("outline", work, "--engine", "offline", "-q"))
    ok(run(stage, work, "--engine", "anthropic", "--dry-run"))
    return {p.name: p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("*.prompt.md")}


def _two_sessions(tmp_path: Path) -> Path:
    a = session_a()
    return _work(tmp_path, a, session_b(a))


# -- 1. the marker examples use the ids the material uses -----------------------------------------------------


def test_the_marker_examples_are_ids_of_the_material_in_its_own_form(tmp_path: Path) -> None:
    work = _two_sessions(tmp_path)
    prompts = {**_prompts(work, "outline"), **_prompts(work, "draft")}
    everything = "".join(prompts.values())
    for name, text in prompts.items():
        if name.startswith("finish"):
            continue
        shown = re.findall(r"<!-- (?:ev|cleaned|translated): ([^>]*?) -->", text)
        assert shown, name
        for ids in shown:
            for event_id in ids.split():
                assert re.fullmatch(r"[0-9a-f]{8}-e\d+", event_id), (name, ids)  # `0b7c3f52-e12`, never `e12`
                assert f"[{event_id}]" in everything, (name, event_id)  # an event of the material
        if name.startswith("section"):  # its own example: ids from the material under it
            own = re.search(r"end each paragraph with a hidden `<!-- ev: ([^>]*?) -->`", text)
            assert own and all(f"[{i}]" in text for i in own.group(1).split()), name
    outline = next(text for name, text in prompts.items() if name.startswith("outline"))
    assert re.search(r"each as a list of events with ids like \[[0-9a-f]{8}-e\d+\]", outline)


def test_retell_check_accepts_the_markers_the_prompt_asks_for(tmp_path: Path) -> None:
    work = _two_sessions(tmp_path)
    section = next(text for name, text in _prompts(work, "draft").items() if name.startswith("section"))
    cite = re.search(r"`(<!-- ev: [^>]*-->)`", section).group(1)  # type: ignore[union-attr]
    cleaned = re.search(r"`(<!-- cleaned: [^>]*-->)`", section).group(1)  # type: ignore[union-attr]
    first = cite.split()[2]
    assert f"<!-- cleaned: {first} -->" == cleaned
    ok(run("draft", work, "--engine", "offline", "-q"))
    draft = work / "draft.md"
    # the first event of the material is the author's first message: quote it tidied, as the prompt says
    paragraph = f"I started with “the login page is blank after the deploy. find out why.” {cleaned} {cite}\n"
    draft.write_text(draft.read_text(encoding="utf-8") + "\n" + paragraph, encoding="utf-8")
    out = run("check", work).output
    line = draft.read_text(encoding="utf-8").splitlines().index(paragraph.rstrip("\n")) + 1
    assert not [f for f in out.splitlines() if f.startswith(f"draft.md:{line}:")], out


# -- 2 and 3. the author's answers and reasons are in the material ---------------------------------------------

LONG_QUESTION = (
    "For the session resumption testing (Investigation Task #3), should I actually perform manual experiments "
    "copying session files to test what breaks? This requires modifying ~/.claude/ which I want to confirm first."
)
FREE_ANSWER = "can you explain the modifications needed to test?  is this for the import options?"


def _asking() -> Transcript:
    tx = Transcript(start=datetime(2026, 1, 6, 9, 0, tzinfo=timezone.utc))
    tx.user("Investigate whether a session can move to another folder.")
    tx.assistant("Before I go on, I have one clarifying question:")
    questions = {
        "questions": [
            {
                "question": LONG_QUESTION,
                "header": "Testing",
                "options": [{"label": "Yes, run experiments"}, {"label": "No, document findings only"}],
            }
        ]
    }
    tx.tool_call(
        "AskUserQuestion",
        questions,
        f'User has answered your questions: "{LONG_QUESTION}"="{FREE_ANSWER}". '
        "You can now continue with the user's answers in mind.",
    )
    tx.assistant("Good question. Let me explain what the testing would involve: new folders only.")
    proceed = {"questions": [{"question": "Should I proceed with the testing?", "options": [{"label": "Yes"}]}]}
    tx.tool_call(
        "AskUserQuestion",
        proceed,
        'User has answered your questions: "Should I proceed with the testing?"="Yes, run the tests". '
        "You can now continue with the user's answers in mind.",
    )
    tx.tool_call(
        "Bash",
        {"command": "npm install"},
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file "
        "edit, the new_string was NOT written to the file). The user provided the following reason for the "
        "rejection:  use pnpm",
        is_error=True,
    )
    tx.assistant("Switching to pnpm, as you prefer.")
    tx.tool_call("Bash", {"command": "pnpm install"}, "Done in 797ms")
    return tx


def test_the_author_s_answers_to_claude_s_questions_are_in_the_material_whole(tmp_path: Path) -> None:
    work = _work(tmp_path, _asking())
    (outline,) = _prompts(work, "outline").values()
    assert f"  Claude asked: “{LONG_QUESTION}”\n  the author answered: “{FREE_ANSWER}”\n" in outline
    proceed = "  Claude asked: “Should I proceed with the testing?”\n  the author answered: “Yes, run the tests”"
    assert proceed in outline
    # the answer comes before the reply that takes it up
    assert outline.index(FREE_ANSWER) < outline.index("Good question. Let me explain")


def test_the_reason_the_author_gave_for_turning_a_call_down_is_theirs_in_the_material(tmp_path: Path) -> None:
    work = _work(tmp_path, _asking())
    (outline,) = _prompts(work, "outline").values()
    said = re.search(r"^\[(e\d+)\] AUTHOR: use pnpm$", outline, re.M)
    assert said, outline
    assert outline.index(said.group(0)) < outline.index("CLAUDE: Switching to pnpm")


# -- 4. a name is explained from the session, or not at all --------------------------------------------------


def test_the_section_prompt_asks_to_explain_names_only_from_the_session(tmp_path: Path) -> None:
    work = _two_sessions(tmp_path)
    sections = [t for n, t in _prompts(work, "draft").items() if n.startswith("section")]
    for text in sections:
        assert "say in a few words what it is at its first mention" not in text
        assert "say what it is only from what the material shows of it" in text
        assert "name it plainly and add nothing: no maker, origin or description from outside the session" in text


# -- 5. a session's header gives the time of what is told ----------------------------------------------------


def test_a_session_header_starts_when_its_told_chapter_starts(tmp_path: Path) -> None:
    a = session_a()
    start = datetime(2026, 1, 7, 9, 34, tzinfo=timezone.utc)
    b = Transcript("aa5c5ada-4f1e-4b7f-9d1f-c496b3badde5", cwd=a.cwd, start=start)
    # Claude Code's caveat before a local command, then the author comes back 41 minutes later with /clear
    b.user(
        "Caveat: The messages below were generated by the user while running local commands. DO NOT respond "
        "to these messages or otherwise consider them in your response unless the user explicitly asks you to.",
        isMeta=True,
    )
    b.tick(41 * 60)
    b.user(
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>"
    )
    b.user("Add tests for the cache version check.")
    b.tool_call("Edit", {"file_path": f"{a.cwd}/test/test_cache.py"}, "ok")
    b.assistant("Added eleven tests; they pass.")
    work = _work(tmp_path, a, b)
    (outline,) = _prompts(work, "outline").values()
    header = re.search(r"^# Session 2 of 2 \(aa5c5ada\), 2026-01-07 (\d\d:\d\d) UTC", outline, re.M)
    when = re.search(r"^When: Wednesday 7 January 2026, (\d\d:\d\d) to", outline[header.end() :], re.M)  # type: ignore[union-attr]
    assert header and when, outline
    assert header.group(1) == when.group(1) == "10:15"


# -- 6. one unit of length, asked and reported the same way ----------------------------------------------------


def test_a_chinese_post_s_length_is_asked_and_reported_in_the_same_unit(tmp_path: Path) -> None:
    work = _two_sessions(tmp_path)
    doc = yamlio.load(work / "triage.yaml")
    doc["post"]["language"] = "zh-Hans"
    doc["approved"] = True
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    prompts = _prompts(work, "draft")
    rule = (
        "each Chinese, Japanese or Korean character counts one, each word in another script (a name, a command) "
        "counts one; punctuation, spaces and the hidden markers count nothing"
    )
    for name, text in prompts.items():
        assert f"characters in all, counted as retell counts them: {rule}" in text, name
        assert "(count characters, not words)" not in text
    out = ok(run("draft", work, "--engine", "offline")).output
    assert re.search(
        r"Wrote \S*draft\.md: [\d,]+ characters \(one per Chinese, Japanese or Korean character and per word in "
        r"another script; punctuation and spaces not counted\)",
        " ".join(out.split()),
    ), out


# -- 7. template syntax: allowed in code, said exactly ----------------------------------------------------------


def test_the_prompts_allow_template_syntax_in_code_which_render_keeps_literal(tmp_path: Path) -> None:
    work = _two_sessions(tmp_path)
    ok(run("outline", work, "--engine", "offline", "-q"))
    assert run("draft", work, "--engine", "handoff").exit_code == 75  # waiting for the answers
    handed = list((work / "handoff").glob("*.prompt.md"))
    assert handed
    for path in handed:
        text = path.read_text(encoding="utf-8")
        assert "template syntax such as `{{ }}` or `{% %}` outside code" in text, path.name
        assert "Inside a fenced code block or a code span, anything goes, template syntax included" in text
        assert "`{{ … }}` and `{% … %}` may be shown in a fenced block or a code span" in text
    # what the prompts allow, the answer's check accepts and every site generator shows as written
    answer = "The fix:\n\n```jinja\n{% for s in sessions %}{{ s.title }}{% endfor %}\n```\n\nand `{{ x }}`.\n"
    assert live_markup(answer) == []
    jekyll = protect_for_target(answer, "jekyll")
    assert "{% raw %}```jinja\n{% for s in sessions %}{{ s.title }}{% endfor %}\n```{% endraw %}" in jekyll
