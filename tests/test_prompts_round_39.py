"""What blind set 8's author, answering every prompt as the model, found the prompts left unclear
(bench/check/blind8/README.md, its last list), each asserted on the prompt text a model receives, built from
sessions in Claude Code's own record format:

1. The Names rule offered months, weekdays, "New" and "York" apart, `TZ`, a payload and a finding id as names.
2. A loop's output showed four of its five lines, with nothing saying one was left out.
3. Claude's guesses about the author ("you're in Eastern time") were covered by no rule.
4. The finishing prompt quoted a section's code block cut short.
5. "Make a reader want to go on" invited motives the session does not show.
6. The Numbers block counted a red test run, written to fail first, as a failed call without a word.
7. A `git commit -m` command was cut in the middle of its message.
8. A report the author pasted into their message read as their own words.
9. Whether restoring an accent, `¿` or a capital in a quote needs the `cleaned` mark.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 3, 9, 14, 2, tzinfo=timezone.utc)
CWD = "/Users/marcus/work/billing-api"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, change=None) -> Path:
    folder = tmp_path / "claude" / "projects" / "-Users-marcus-work-billing-api"
    path = tx.write(folder / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    if change is not None:
        ok(runner.invoke(app, ["triage", str(work), "-q"]))
        doc = yamlio.load(work / "triage.yaml")
        change(doc)
        (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _outline_prompt(work: Path) -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    return next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")


def _section_prompts(work: Path) -> list[str]:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


def _numbers(prompt: str) -> str:
    return prompt.split("# Numbers", 1)[1].split("# Craft", 1)[0]


def _spanish(doc: dict) -> None:
    doc["post"]["language"] = "es"


# -- 1. what a name is, by its form ----------------------------------------------------------------------------


def test_dates_variables_payloads_and_ids_are_no_names_and_new_york_is_one() -> None:
    from retell.write.names import names_in

    told = "Claude blamed two clocks, one in New York in Invoice.create, on Friday 6 March; I ran TZ=UTC five times."
    assert names_in(told) == ["New York", "Invoice.create"]
    assert names_in("El hallazgo ALTO-02 usa `..%2f` contra Express y `avatares.js`; el lunes, en Marzo.", "es") == [
        "Express",
        "avatares.js",
    ]
    assert names_in("Senin, 9 Maret: GitHub Actions menjalankan `pytest`.", "id") == ["GitHub Actions", "pytest"]


def test_a_sections_new_names_leave_out_dates_and_variables(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("The due-date test fails on Friday 6 March when the clock is in New York. Run it with TZ=UTC.")
    tx.assistant("Invoice.create uses New York time and the test uses date.today().")
    prompts = _section_prompts(_parse(tmp_path, tx))
    names = next(ln for ln in prompts[0].splitlines() if ln.startswith("- Names: "))
    assert names.startswith("- Names: the reader has already met New York (in the opening")  # from the hook
    for word in ("New,", "York,", "Friday", "March", "TZ", "UTC"):
        assert word not in names.split("Anyone or anything", 1)[0]


# -- 2. a cut output says it is cut ---------------------------------------------------------------------------


def test_a_loop_whose_output_was_cut_says_how_many_lines_are_left_out(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Run it twelve times with TZ=UTC to be sure.")
    loop = "for i in $(seq 12); do TZ=UTC pytest tests/test_due_dates.py -q | tail -1; done"
    # (over EXCERPT_WHOLE lines: a loop of five is shown whole since round 45)
    printed = "\n".join(f"10 passed in 0.{50 + i}s" for i in range(12))
    tx.tool_call("Bash", {"command": loop}, printed)
    tx.assistant("Twelve green runs.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    said = prompt.split("` said:\n", 1)[1].split("\n[e", 1)[0]
    assert said.splitlines()[:2] == ["    … (8 earlier lines like these)", "    10 passed in 0.58s"]
    assert said.count("10 passed in 0.") == 4  # the four the material keeps, and a line saying eight are not shown


# -- 3, 8, 9. the rules of the system prompt ---------------------------------------------------------------------


def _claude_guesses(tx: Transcript) -> None:
    tx.user(
        "This came from the pentest report:\n\n> ALTO-02: Path traversal en GET /api/descargas/:nombre\n"
        "> PoC: GET /api/descargas/..%2f..%2fetc%2fpasswd\n\nArréglalo sin cambiar la URL pública."
    )
    tx.assistant("Locally you're in Eastern time, and CI runners are UTC, so the two clocks disagree.")


def test_claudes_guesses_and_pasted_text_and_restored_accents_have_a_rule(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    _claude_guesses(tx)
    prompt = _outline_prompt(_parse(tmp_path, tx, change=_spanish))
    assert (
        'So are Claude\'s guesses about the author or their setting ("you\'re in Eastern time", "CI runs in UTC"): '
        "tell one as Claude's guess, or not at all." in prompt
    )
    assert (
        "- Text the author pasted (a report, a log, an error; the material marks its `>` lines) is not their own "
        "words: say they pasted it, and who wrote it when the session says." in prompt
    )
    assert "change a quote in any way (a restored accent, `¿` or capital included), put `<!-- cleaned" in prompt
    pasted = r"^\[e1\] AUTHOR \(its `>` lines are text they pasted, not their own words\): This came"
    assert re.search(pasted, prompt, re.M)
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Fix the flaky due-date test.")
    tx.assistant("Locally you're in Eastern time.")
    assert "- Text the author pasted" not in _outline_prompt(_parse(tmp_path / "typed", tx))  # only where some is


# -- 4. the finishing prompt quotes the sections whole ---------------------------------------------------------------


def _answer(prompt: Path, text: str) -> None:
    target = prompt.with_name(prompt.name.removesuffix(".prompt.md") + ".answer.md")
    target.write_text(text, encoding="utf-8")


def test_the_finishing_prompt_never_cuts_a_code_block(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("The due-date test fails about one CI run in five. Fix it.")
    tx.tool_call("Read", {"file_path": f"{CWD}/tests/test_due_dates.py"}, "def test_due():\n    ...")
    tx.assistant("Two clocks disagree: I will freeze time.")
    tx.user("Do it.")
    tx.tool_call("Bash", {"command": "pytest tests/test_due_dates.py -q"}, "10 passed in 0.57s")
    tx.assistant("Frozen and green.")
    work = _parse(tmp_path, tx)
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    code = (
        "```python\n@time_machine.travel(datetime(2026, 3, 6, 15, 0, tzinfo=UTC), tick=False)\n\n"
        "def test_due():\n    assert invoice.due == date(2026, 4, 5)\n```"
    )
    sections = sorted((work / "handoff").glob("*-section-*.prompt.md"))
    assert sections
    for prompt in sections:
        _answer(prompt, f"I froze the clock.\n\n{code}\n\n<!-- ev: e1 -->")
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    finish = next((work / "handoff").glob("*-finish-*.prompt.md")).read_text(encoding="utf-8")
    assert finish.count("    assert invoice.due == date(2026, 4, 5)\n```") == len(sections) + 1  # and the last words
    assert f'the last section ends with "I froze the clock.\n{code}"' in finish


def test_the_opening_draws_the_reader_on_from_what_happened(tmp_path: Path) -> None:
    from retell.templating import TemplateLibrary

    task = TemplateLibrary("prompts").render(
        "finish_task.md.j2", sections=[], hook="A flaky test", ending="", unit="words", first_words="", last_words=""
    )
    assert (
        "Start from the hook (A flaky test): its facts, in its words or yours, none added, and each figure in it "
        "checked against the numbers above: a time or count they do not bear out is left out or said as they give "
        "it, never kept because the plan wrote it; draw the reader on with "
        "what happened, never with a motive or "
        "feeling the session does not show." in task.text
    )
    assert "make a reader want to go on" not in task.text
    tx = Transcript(cwd=CWD, start=START)
    _claude_guesses(tx)
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert "Never give the author a reason, motive or feeling the session does not show." in prompt
    assert '- "hook": one or two sentences that open the post on what happened and make a developer' in prompt


# -- 6. a red run -----------------------------------------------------------------------------------------------


def test_the_numbers_say_a_failed_call_was_a_test_run_whose_tests_failed(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Primero reproduce el fallo con un test.")
    tx.tool_call("Write", {"file_path": f"{CWD}/test/descargas.test.js", "content": "test('..%2f', () => {})"})
    tx.tool_call(
        "Bash",
        {"command": "npx jest test/descargas.test.js"},
        "Exit code 1\n  ✓ sirve un archivo legítimo (12 ms)\n  ✕ rechaza ..%2f (4 ms)\n"
        "Tests:       3 failed, 2 passed, 5 total",
        is_error=True,
    )
    tx.assistant("Reproducido: tres payloads devuelven el archivo.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert (
        "tool calls: 2 (1 failed, of them 1 test run whose tests failed: a run that reported failing tests, not a "
        "broken call); files Claude edited or wrote" in _numbers(prompt)
    )


# -- 7. a commit's message in full ------------------------------------------------------------------------------------


def test_a_commits_message_is_given_whole_under_its_cut_command(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Haz commit y referencia el hallazgo en el mensaje.")
    subject = "fix(seguridad): validar el nombre en /api/descargas y servir con root"
    body = "Cierra el hallazgo ALTO-02 del pentest (path traversal)."
    command = f"git add -A && git commit -m \"$(cat <<'EOF'\n{subject}\n\n{body}\nEOF\n)\""
    tx.tool_call("Bash", {"command": command}, f"[main 2d8c5b7] {subject}\n 2 files changed, 41 insertions(+)")
    tx.assistant("Hecho.")
    prompt = _outline_prompt(_parse(tmp_path, tx))
    assert f'[e2] TOOLS: Ran `git add -A && git commit -m "{subject} / {body}"`' in prompt


def test_a_commit_message_the_runs_line_cuts_is_given_whole_under_it() -> None:
    from retell.events import TOOL_RUN, Event, ToolCall
    from retell.write.material import event_line

    message = "fix(seguridad): " + "validar el nombre y servir con root, " * 5 + "hallazgo ALTO-02"
    command = f'git add -A && git commit -m "{message}"'
    event = Event(id="e9", kind=TOOL_RUN, summary=f"Ran `{command[:80]}…`", calls=[ToolCall("Bash", target=command)])
    assert event_line(event).endswith(f"\n  commit message: “{message}”")
