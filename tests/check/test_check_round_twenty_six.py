"""Round twenty-six of the check (issue 21): blind18's classes (X1 English, a session whose work is in subagents; X2
English told in German), each on sessions of our own.

The verification prompt: a cited event's diff, listing or subagent cut short in the material was judged "not in
the session" by the model (22 of its 30 false alarms on X1). The prompt now shows the cited events whole (within a
budget), a cited subagent's steps all, its run time to the second; an answer may say "not shown here" of what a cut
may hold, naming the cut (with none named, it is read as "not in the session"); and a "not in the session" of a
line of code a cited event holds, with the rest of its block, is not used.

The rules' false alarms, by class: a format named by its name ("Markdown files" of `**/*.md`); a subagent's task
name quoted whole; a module an import names (`next/image`); a package at a version inside pnpm's folder name
(`next@15.5.2_react-dom@…`); a listing's "09:54 actions.ts" read as 54 actions; "four failed builds"; a count of
words ("drei Wörter") of the message or quote it counts; an elided command (`git commit -m "…"`); a name told as not
used ("ohne `--force`"); German quotes: a message too short to tell its language by that the marker names, a
capitalised noun of a short quote (read as a name), a noun that begins as its English word does ("Modelle" of
"model"); German possessives of something said ("in meiner Zusammenfassung", "in Claudes Worten").

Each faithful case has a planted twin that must still be reported.

The English session: e1 my slash command, e2 a search for `**/*.md`, e3 Claude's plan, e4 a subagent "Create data
models" (e4.1 writes `types/todo.ts`, 23 lines; e4.2 a listing; 46.2 s), e5 a read of `page.tsx`, e6 the edit that
takes out `import Image from "next/image"`, e7 three commands (a pnpm folder `next@15.5.2_…`, two failed builds),
e8 Claude's "complete". The German post's session: e1 "push to github", e2 Claude, e3 a commit (its message: "model
comparison graphs", 14 files) and a push, e4 Claude's "All 14 files"."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript, text_block, tool_use_block

from retell.check.document import read_blocks
from retell.check.verify import Verdict, Verification, merge, read_answer
from retell.check.verify_evidence import whole_evidence
from retell.check.verify_request import NOT_IN_SESSION, chunks
from retell.triage.stage import require_approved

ROOT = "/home/kai/Demo"
START = datetime(2025, 9, 3, 0, 52, 30, tzinfo=timezone.utc)
TODO = "\n".join(
    [
        "/**",
        " * Core Todo interface",
        " */",
        "export interface Todo {",
        "  id: string;",
        "  text: string;",
        "  completed: boolean;",
        "  createdAt: Date;",
        "  updatedAt: Date;",
        "}",
        "",
        *[f"export type Extra{n} = Partial<Todo>;" for n in range(12)],
    ]
)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("en")
    tx = Transcript(cwd=ROOT, start=START)
    tx.user("/orchestrator create a TODO app")
    tx.tick(2)
    tx.tool_call("Glob", {"pattern": "**/*.md", "path": "/home/kai/.claude/commands"}, "No files found")
    tx.assistant("I'll split the app into subtasks and run them in parallel.")
    brief = "Create TypeScript types for a TODO app in types/."
    spawn = {"description": "Create data models", "prompt": brief, "subagent_type": "general-purpose"}
    tool_id = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", spawn, tool_id))
    agent = Transcript(tx.session_id, cwd=ROOT, start=START, sidechain=True, agent_id="a1b2c3d")
    agent.user(brief)
    agent.tick(5)
    agent.tool_call("Write", {"file_path": f"{ROOT}/types/todo.ts", "content": TODO}, "File created")
    agent.tick(5)
    agent.tool_call(
        "Bash",
        {"command": "ls -la types/"},
        "total 8\n-rw-r--r--  1 kai staff 1406  9  3 09:54 actions.ts\n"
        "-rw-r--r--  1 kai staff  550  9  3 09:54 todo.ts",
    )
    agent.assistant("Types written: seven distinct actions.")
    agent.write(root / "s" / "subagents" / "agent-a1b2c3d.jsonl")
    usage = {"agentId": "a1b2c3d", "totalToolUseCount": 2, "totalDurationMs": 46_200}
    tx.tool_result(tool_id, [text_block("Created types with seven distinct actions.")], tool_use_result=usage)
    tx.tick(3)
    page = 'import Image from "next/image";\n\nexport default function Home() {'
    tx.tool_call("Read", {"file_path": f"{ROOT}/src/app/page.tsx"}, page + "\n  return <main/>;\n}")
    tx.tool_call(
        "Edit",
        {"file_path": f"{ROOT}/src/app/page.tsx", "old_string": page, "new_string": "export default function Home() {"},
        "ok",
    )
    tx.tool_call(
        "Bash",
        {"command": "find node_modules/.pnpm -maxdepth 1 -name 'next@*'"},
        "node_modules/.pnpm/next@15.5.2_react-dom@19.1.0_react@19.1.0",
    )
    tx.tool_call(
        "Bash", {"command": "npm run build"}, "Exit code 1\nType error: Property 'x' does not exist", is_error=True
    )
    tx.tick(4)
    tx.tool_call(
        "Bash", {"command": "npm run build"}, "Exit code 1\nType error: Property 'y' does not exist", is_error=True
    )
    tx.assistant("The TODO app is complete.")
    return approved_workdir(root, tx)


@pytest.fixture(scope="module")
def german(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd="/home/chip/ai-music", start=START)
    tx.user("push to github")
    tx.tick(2)
    tx.assistant("I'll commit and push.")
    message = "Add AI music generation and model comparison graphs\n\n- 14 files: notebooks, tests, project setup"
    tx.tool_call(
        "Bash",
        {"command": f'git add . && git commit -m "{message}"'},
        "[main 5c1b231] Add AI music generation and model comparison graphs\n"
        " 14 files changed, 3289 insertions(+), 1 deletion(-)",
    )
    tx.tool_call(
        "Bash",
        {"command": "git push origin main"},
        "To github.com:chip/ai-music.git\n   6eea407..5c1b231  main -> main",
    )
    tx.assistant("Successfully pushed! All 14 files have been committed and pushed.")
    return approved_workdir(tx_root(tmp_path_factory), tx)


def tx_root(factory: pytest.TempPathFactory) -> Path:
    return factory.mktemp("de")


# -- the rules: each faithful sentence clean, its planted twin reported ---------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (  # a format named by its name, of a search for its extension
            "Claude searched `~/.claude/commands` for Markdown files and found none. <!-- ev: e2 -->",
            "Claude searched `~/.claude/commands` for Asciidoc files and found none. <!-- ev: e2 -->",
        ),
        (  # a subagent's task name quoted whole names it
            'Claude sent one subagent out: "Create data models". <!-- ev: e3 e4 -->',
            'Claude sent one subagent out: "Create the database models". <!-- ev: e3 e4 -->',
        ),
        (  # a module an import names is no file a tool should have opened
            "The edit took out the default `next/image` logo markup. <!-- ev: e5 e6 -->",
            "The edit took out the default `next/font` logo markup. <!-- ev: e5 e6 -->",
        ),
        (  # a package at a version in pnpm's folder name
            "The app's modules sit under `next@15.5.2`. <!-- ev: e7 -->",
            "The app's modules sit under `next@15.4.0`. <!-- ev: e7 -->",
        ),
    ],
)
def test_english_false_alarms_and_their_twins(english: Path, faithful: str, planted: str) -> None:
    assert problems(english, faithful) == []
    assert problems(english, planted) != []


def test_a_listings_clock_and_file_name_are_no_count(english: Path) -> None:
    # "09:54 actions.ts" in the cited listing was read as 54 actions
    assert problems(english, "The subagent's report counts seven actions in all. <!-- ev: e4 e4.2 -->") == []


def test_failed_builds_counted_in_a_heading(english: Path) -> None:
    body = "## Two failed builds\n\nClaude ran `npm run build` twice, and both runs failed. <!-- ev: e7 -->"
    assert problems(english, body) == []
    assert problems(english, "## The build\n\nClaude's `npm run build` passed. <!-- ev: e7 -->") != []


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (  # a count of words: the message it counts, the quote it gives
            "Meine ganze Bitte an Claude waren drei Wörter: „nach GitHub pushen“. <!-- translated: e1 --> "
            "<!-- ev: e1 -->",
            "Meine ganze Bitte an Claude waren fünf Wörter: „nach GitHub pushen“. <!-- translated: e1 --> "
            "<!-- ev: e1 -->",
        ),
        (  # an elided commit message
            'Claude schickte `git add .` und `git commit -m "…"` ab. <!-- ev: e3 -->',
            'Claude schickte `git add .` und `git commit --amend -m "…"` ab. <!-- ev: e3 -->',
        ),
        (  # a name told as not used
            "Der Push lief mit einem schlichten `git push origin main`, ohne `--force`. <!-- ev: e3 -->",
            "Der Push lief mit einem schlichten `git push origin main`, mit `--force-with-lease`. <!-- ev: e3 -->",
        ),
        (  # a capitalised German noun in a short quote, beside a number that survives
            "In Claudes Worten waren „alle 14 Dateien“ <!-- translated: e4 --> committet und gepusht, darunter die "
            "Notebooks und die Tests. <!-- ev: e4 -->",
            "In Claudes Worten waren „alle 15 Dateien“ <!-- translated: e4 --> committet und gepusht, darunter die "
            "Notebooks und die Tests. <!-- ev: e4 -->",
        ),
        (  # a German noun that begins as its English word does
            "Dazu kamen noch Visualisierungen, „Vergleichsgrafiken der Modelle“ <!-- translated: e3 -->, und eine "
            "README mit den Details des Projekts. <!-- ev: e3 -->",
            "Dazu kamen noch Visualisierungen, „Vergleichsgrafiken der Stimmen“ <!-- translated: e3 -->, und eine "
            "README mit den Details des Projekts. <!-- ev: e3 -->",
        ),
    ],
)
def test_german_false_alarms_and_their_twins(german: Path, faithful: str, planted: str) -> None:
    assert problems(german, faithful) == []
    assert problems(german, planted) != []


def test_a_german_possessive_of_something_said_names_the_speaker(german: Path) -> None:
    # Claude's "All 14 files", told as my summary
    body = (
        "In meiner Zusammenfassung waren „alle 14 Dateien“ <!-- translated: e4 --> committet und gepusht, darunter "
        "die Notebooks und die Tests. <!-- ev: e4 -->"
    )
    said = problems(german, body)
    assert any("author quote" in line for line in said), said


# -- the verification prompt -----------------------------------------------------------------------------------


def test_the_cited_events_whole_show_what_the_material_cut(english: Path) -> None:
    _, _, view = require_approved(english)
    part = "Its `Todo` has `updatedAt: Date;`, written in about 46 seconds. <!-- ev: e4 e4.1 -->"
    whole = whole_evidence(["e4", "e4.1"], part, view, shown="")
    assert "  updatedAt: Date;" in whole  # the Write's line the material's two-line excerpt left out
    assert "all 2 runs in order (2 tool uses, ran 46 s)" in whole  # the subagent's steps, its time to the second
    assert "[e4.2]" in whole
    # nothing the material shows whole, on the event's own lines, is repeated
    lines = "\n".join("  +" + line for line in TODO.splitlines())
    shown = f"[e4.1] TOOLS: Wrote types/todo.ts\n{lines}"
    assert "the change to types/todo.ts" not in whole_evidence(["e4.1"], part, view, shown=shown)


def _verdicts(answer: str, draft: str) -> list[Verdict]:
    chunk = chunks(draft)[0]
    return read_answer(answer, chunk, draft.split("\n"), {"e4", "e4.1", "e4.2"}, shown="… (12 more changed lines)")[0]


DRAFT = (
    "---\ntitle: t\n---\n\nIts `Todo`:\n\n```ts\nexport interface Todo {\n  updatedAt: Date;\n}\n```\n"
    "<!-- ev: e4.1 -->\n"
)


def test_not_shown_here_needs_the_cut_it_names() -> None:
    item = '{"line": 9, "words": "updatedAt: Date;", "verdict": "not shown here", "reason": "cut", '
    named = '{"claims": [' + item + '"event": "e4.1", "evidence": "… (12 more changed lines)"}]}'
    bare = '{"claims": [' + item + '"event": "", "evidence": ""}]}'
    assert _verdicts(named, DRAFT)[0].verdict == "not shown here"
    assert _verdicts(bare, DRAFT)[0].verdict == NOT_IN_SESSION


def test_a_code_line_the_cited_event_holds_whole_is_not_reported(english: Path) -> None:
    from retell.check.stage import run_check

    _, _, view = require_approved(english)
    for cite, kept in (("e4.1", False), ("e5", True)):  # the Write holds the block; the page's read does not
        text = DRAFT.replace("e4.1", cite)
        (english / "draft.md").write_text(text, encoding="utf-8")
        report = run_check(english)
        verdict = Verdict(9, "updatedAt: Date;", NOT_IN_SESSION, "", "the diff is cut", "p1", "")
        merged = merge(report, Verification("x", "handoff", "m", [verdict]), text, view=view)
        model = [f for f in merged.findings if f.claim.line == 9 and f.source == "model"]
        assert bool(model) is kept, (cite, model)
        assert read_blocks(text)


# -- misses a general rule reads -------------------------------------------------------------------------------


def test_a_copied_line_of_a_cited_edit_changed(english: Path) -> None:
    # the Write's lines, copied with one changed: `title` where it wrote `text`
    faithful = (
        "The Write's first lines: <!-- ev: e4.1 -->\n\n"
        "```ts\nexport interface Todo {\n  id: string;\n  text: string;\n}\n```\n"
    )
    planted = faithful.replace("  text: string;", "  title: string;")
    assert problems(english, faithful) == []
    said = problems(english, planted)
    assert any("e4.1 has `text: string` on this line" in line for line in said), said


def test_a_git_stat_line_in_an_output_block_keeps_its_figures(german: Path) -> None:
    stat = "14 files changed, 3289 insertions(+), 1 deletion(-)"
    faithful = f"Git reported the commit: <!-- ev: e3 -->\n\n```text\n{stat}\n```\n"
    assert problems(german, faithful) == []
    assert problems(german, faithful.replace("3289", "3298")) != []


def test_a_terminals_output_under_its_prompt_is_quoted(english: Path) -> None:
    faithful = (
        "The first build: <!-- ev: e7 -->\n\n```text\n$ npm run build\nType error: Property 'x' does not exist\n```\n"
    )
    assert problems(english, faithful) == []
    assert problems(english, faithful.replace("Property 'x' does not exist", "Cannot find module 'react-dom'")) != []


def test_a_blocks_own_citation_that_shows_none_of_its_lines(german: Path) -> None:
    # the push's output cited to the commit before it; its lead-in cites the push
    body = (
        "Der Push meldete: <!-- ev: e3 e4 -->\n\n```text\nTo github.com:chip/ai-music.git\n"
        "6eea407..5c1b231  main -> main\n```\n<!-- ev: {cite} -->\n"
    )
    assert problems(german, body.format(cite="e3")) == []
    said = problems(german, body.format(cite="e4"))
    assert any("which shows none of its lines" in line for line in said), said


TOKEN = "ghp_" + "Zq8Lr2Vx7Nw4Kt9Pb3Hc6Jd1Mf5Gs0Yu8Ea"


def test_the_cited_events_whole_keep_secrets_cleared(tmp_path: Path) -> None:
    from retell.check.verify_request import verify_requests
    from retell.llm.pricing import load_prices
    from retell.templating import TemplateLibrary

    tx = Transcript(cwd=ROOT, start=START)
    tx.user("add the deploy config")
    lines = ["deploy:", f"  github_token: {TOKEN}"] + [f"  step_{n}: run" for n in range(30)]
    tx.tool_call("Write", {"file_path": f"{ROOT}/deploy.yml", "content": "\n".join(lines)}, "File created")
    tx.assistant("Written.")
    work = approved_workdir(tmp_path, tx)
    triage, parsed, view = require_approved(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    draft = "---\ntitle: t\n---\n\nClaude wrote `deploy.yml` with a `github_token` line. <!-- ev: e2 -->\n"
    pairs = verify_requests(
        draft, view, parsed.manifest, triage, model, prices.limits(model), TemplateLibrary("prompts")
    )
    user = "\n".join(request.user for _, request in pairs)
    whole = whole_evidence(["e2"], draft, view, shown="")
    assert "github_token:" in whole  # the line is shown whole, its value cleared
    for text in (user, whole):
        assert TOKEN not in text and "Zq8Lr2Vx7Nw4" not in text


def test_a_name_the_part_gives_is_shown_where_the_session_has_it(english: Path) -> None:
    _, _, view = require_approved(english)
    part = "L5: The search found `.pnpm/next@15.5.2_react-dom`.\n(cites: e2)"
    whole = whole_evidence(["e2"], part, view, shown="")
    assert "[e7] node_modules/.pnpm/next@15.5.2_react-dom@19.1.0_react@19.1.0" in whole
    assert "[e7]" not in whole_evidence(["e2"], part, view, shown=".pnpm/next@15.5.2_react-dom")
