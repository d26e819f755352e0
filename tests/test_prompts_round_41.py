"""What the models answering retell's prompts in the loop (stop 40, two fresh8 sessions: a wheel missing its
templates, a Romanian on-call 502) found unclear, and the blind editor's "must" edits, each asserted on the prompt
a model receives, built from sessions of the same shape written for these tests:

1. A section's last run's output left out ("it printed 6 lines, not shown here") though the beat shows it: the
   words that took it up opened the next section.
2. The plan's ending rested on the message the last section cited for its summing-up (Claude's "bump the version,
   e.g. 2.3.1"), which the finishing call showed only as an id.
3. The Names rule listed `-e .` though the hook said `pip install -e .`, a figure (`48113 bytes`), and a Romanian
   verb with its clitic ("I-am") as names to introduce.
4. "That turn took 0.6 min" read as the author's wait; the author's reply 7 minutes after Claude's advice was
   told as done before it.
5. A log's telling line left out: the reply named SIGKILL, which the command's `grep -E` pattern named too.
6. The push note under `git commit … && git push -q … && git log --oneline -1`, whose log line shows the push
   exited 0.
7. Which wins, the code-block limit or a result's ```text block; a lead-in line's marker; a log line in English
   inside a Romanian post; event ids in the plan's text fields.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, tool_use_block
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 9, 9, 11, 22, tzinfo=timezone.utc)
CWD = "/home/ana/src/billing"
pytestmark = pytest.mark.usefixtures("no_live_settings")
BUILD = (
    'rm -rf dist && python -m build -q 2>&1 | tail -1 && unzip -l dist/billing-1.4.0-py3-none-any.whl | grep "assets/"'
)
LISTING = "Successfully built billing-1.4.0.tar.gz and billing-1.4.0-py3-none-any.whl\n" + "\n".join(
    f"{size}  2026-09-09 11:25   billing/assets/{name}"
    for size, name in [(1822, "base.html"), (4410, "bill.html"), (2291, "print.css"), (110764, "Inter.woff2")]
)


def _parse(tmp_path: Path, tx: Transcript) -> Path:
    folder = tmp_path / "claude" / "projects" / "-home-ana-src-billing"
    path = tx.write(folder / f"{tx.session_id}.jsonl")
    work = tmp_path / "w"
    ok(runner.invoke(app, ["parse", str(path), "-o", str(work), "-q"]))
    ok(runner.invoke(app, ["triage", str(work), "--approve", "-q"]))
    return work


def _save_outline(work: Path, outline: dict) -> None:
    yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(outline), "outline.yaml"), backup=False)


def _wheel() -> Transcript:
    """A wheel built without its assets, fixed in two steps; Claude's advice to bump; the author's reply later."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("why does the wheel from our index have no assets folder? works fine with pip install -e .")
    tx.tool_call("Bash", {"command": BUILD.replace('grep "assets/"', 'grep -c "assets/"')}, "Successfully built\n0")
    tx.assistant("Reproduced: zero files under assets/. Declaring them as package data.")
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{CWD}/pyproject.toml",
            "old_string": "x\n",
            "new_string": "x\n[tool.setuptools.package-data]\n",
        },
    )
    tx.tool_call("Bash", {"command": BUILD}, LISTING)
    tx.assistant("All 4 files in the wheel now. Checking how render.py finds them at runtime.")
    tx.tool_call("Bash", {"command": "python -m pytest -q 2>&1 | tail -1"}, "23 passed in 3.02s")
    tx.assistant("Tests pass. You'll want to bump the version (e.g. 1.4.1) before publishing.")
    tx.system("turn_duration", durationMs=205_000)
    tx.tick(400)
    tx.user("bumped it myself. thx")
    return tx


def _wheel_outline() -> dict:
    """Two sections of one chapter: s1 ends on the rebuilt wheel (e5), s2 opens on Claude's word on it (e6)."""
    ask, build, edit, rebuild, rebuilt, tests, advice = "e1", "e2", "e4", "e5", "e6", "e7", "e8"
    return {
        "title": "A wheel without its assets",
        "hook": "My package worked with `pip install -e .`, but the wheel had no assets.",
        "sections": [
            {
                "id": "s1",
                "heading": "Zero assets in the wheel",
                "chapters": ["ch1"],
                "purpose": "Reproduce and fix the packaging.",
                "beats": [
                    {"beat": "opening", "treatment": "quote", "events": [ask], "note": "I asked why, given `-e .`."},
                    {
                        "beat": "action",
                        "treatment": "summarise",
                        "events": [build, edit, rebuild],
                        "note": "Claude declared package data and the rebuilt wheel listed all four files.",
                    },
                ],
            },
            {
                "id": "s2",
                "heading": "Checking it",
                "chapters": ["ch1"],
                "purpose": "Check the fix.",
                "beats": [
                    {
                        "beat": "convergence",
                        "treatment": "summarise",
                        "events": [rebuilt, tests, advice],
                        "note": "The tests printed `23 passed in 3.02s` and the render `48113 bytes`.",
                    }
                ],
            },
        ],
        "ending": "End on the version bump and my short reply.",
    }


def _section_prompts(work: Path) -> list[str]:
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


# -- 1. the output a beat shows, taken up by the next section's first words --------------------------------------


def test_a_sections_last_run_shows_what_the_next_sections_first_words_take_up(tmp_path: Path) -> None:
    work = _parse(tmp_path, _wheel())
    _save_outline(work, _wheel_outline())
    first = _section_prompts(work)[0]
    assert "All 4 files in the wheel" not in first  # the next section's words are not in its material
    assert "not shown here" not in first
    assert "    4410  2026-09-09 11:25   billing/assets/bill.html\n" in first


# -- 2. the finishing call sees the message its ending rests on ---------------------------------------------------


def test_the_finishing_call_shows_the_last_cited_message_whole(tmp_path: Path) -> None:
    work = _parse(tmp_path, _wheel())
    outline = _wheel_outline()
    _save_outline(work, outline)
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    advice = outline["sections"][1]["beats"][0]["events"][-1]
    for prompt in sorted((work / "handoff").glob("*-section-*.prompt.md")):
        target = prompt.with_name(prompt.name.removesuffix(".prompt.md") + ".answer.md")
        target.write_text(f"Claude checked the fix and the tests passed. <!-- ev: {advice} -->", encoding="utf-8")
    runner.invoke(app, ["draft", str(work), "--engine", "handoff", "-q"])
    finish = next((work / "handoff").glob("*-finish-*.prompt.md")).read_text(encoding="utf-8")
    assert "What the session holds from the last event the sections cite on" in finish
    assert f"[{advice}] CLAUDE: Tests pass. You'll want to bump the version (e.g. 1.4.1)" in finish
    assert "(7 min later)\n" in finish and "AUTHOR: bumped it myself. thx" in finish
    assert (
        "Start from the hook (" in finish
        and "): its facts, in its words or yours, none added, and each figure" in finish
    )


# -- 3. names ----------------------------------------------------------------------------------------------------------


def _names(prompt: str) -> str:
    return prompt.split("- Names: ", 1)[1].split("\n", 1)[0]


def test_a_part_of_a_met_command_and_a_figure_are_no_new_names(tmp_path: Path) -> None:
    work = _parse(tmp_path, _wheel())
    _save_outline(work, _wheel_outline())
    first, second = (_names(p) for p in _section_prompts(work))
    assert "-e ." not in first  # the hook's `pip install -e .` holds it
    assert "48113 bytes" not in second and "23 passed" not in second


def test_a_romanian_verb_and_its_clitic_beginning_a_sentence_is_no_name() -> None:
    from retell.write.names import names_in

    found = names_in("I-am scris lui Claude că avem 502. Mi-a răspuns cu un plan pentru Jean-Luc și GitLab.", "ro")
    assert found == ["Jean-Luc", "GitLab"]


# -- 4. a turn's length and the author's reply -------------------------------------------------------------------------


def test_a_turns_length_is_claudes_work_and_the_authors_reply_says_how_long_after(tmp_path: Path) -> None:
    ok(runner.invoke(app, ["outline", str(work := _parse(tmp_path, _wheel())), "--engine", "anthropic", "--dry-run"]))
    prompt = next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")
    assert "(Claude worked 3.4 min on that turn)\n(7 min later)\n" in prompt
    assert "took 3.4 min" not in prompt
    assert 'a reply in the order it came: "already" only for what the material shows done before' in prompt
    assert 'name no event id (ids go in "events" and "show" only)' in prompt


# -- 5, 6. a log line the reply names through a filter; a push the exit vouches for ---------------------------


JOURNAL = "\n".join(
    f"[2026-02-05 21:3{i}:31 +0200] [2291] [{'CRITICAL' if i % 2 == 0 else 'ERROR'}] "
    + ("WORKER TIMEOUT (pid:2304)" if i % 2 == 0 else "Worker (pid:2304) was sent SIGKILL! Perhaps out of memory?")
    for i in range(5)
)


JOURNALCTL = "ssh deploy@app1 \"sudo journalctl -u facturi --no-pager | grep -E 'WORKER TIMEOUT|SIGKILL' | tail -8\""


def _outage() -> Transcript:
    tx = Transcript(cwd="/home/andrei/ops/facturi", start=START)
    tx.user("salut, avem 502 pe facturi de la deploy-ul de azi. poti sa te uiti pe server? am ssh ca deploy@app1")
    calls = [
        ('ssh deploy@app1 "sudo tail -n 8 /var/log/nginx/facturi.error.log"', "\n".join(
            f"2026/02/05 21:3{i}:02 [error] 1182#1182: *8841{i} upstream prematurely closed connection while reading "
            "response header from upstream, client: 86.124.x.x" for i in range(3))),
        (JOURNALCTL, JOURNAL),
        ('ssh deploy@app1 "systemctl cat facturi | grep ExecStart; free -m | head -2"',
         "ExecStart=/srv/facturi/venv/bin/gunicorn app.wsgi -w 4 --timeout 30\nMem:  3911  1422  391  12  2097  2188"),
    ]  # fmt: skip
    ids = [tx.new_tool_id() for _ in calls]
    tx.assistant(*(tool_use_block("Bash", {"command": c}, i) for (c, _o), i in zip(calls, ids, strict=True)))
    for (_c, output), tool_id in zip(calls, ids, strict=True):
        tx.tool_result(tool_id, output)
    tx.assistant("Nu e memorie. Workerii gunicorn sunt omorâți de timeout-ul de 30 s: arbitrul trimite SIGKILL.")
    log, show = tx.new_tool_id(), tx.new_tool_id()
    tx.assistant(
        tool_use_block("Bash", {"command": "git log --oneline origin/main@{1.day.ago}..origin/main"}, log),
        tool_use_block("Bash", {"command": "git show 3a9f812 -- app/facturi/views.py | head -30"}, show),
    )
    tx.tool_result(log, "7d21c0e export: include linii de factura in CSV\n3a9f812 facturi: filtrare dupa luna")
    tx.tool_result(show, "\n".join(f"+        qs = qs.filter(data__year=an, linie={i})  # filtrare" for i in range(9)))
    tx.assistant("Suspectul e 3a9f812: filtrul data__year pe 7d21c0e.")
    tx.tool_call(
        "Bash",
        {"command": 'git commit -qam "facturi: filtru pe interval" && git push -q origin main && git log --oneline -1'},
        "e55f3d1 facturi: filtru pe interval",
    )
    tx.assistant("Gata, e pe main.")
    return tx


def test_a_log_line_the_reply_names_through_the_commands_filter_is_shown(tmp_path: Path) -> None:
    work = _parse(tmp_path, _outage())
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    prompt = next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")
    assert "was sent SIGKILL! Perhaps out of memory?" in prompt
    assert f"  `{JOURNALCTL}` printed:\n" in prompt


def test_a_push_the_commands_exit_vouches_for_has_no_note(tmp_path: Path) -> None:
    work = _parse(tmp_path, _outage())
    ok(runner.invoke(app, ["outline", str(work), "--engine", "anthropic", "--dry-run"]))
    prompt = next((work / "llm" / "dry-run").glob("outline*.prompt.md")).read_text(encoding="utf-8")
    assert "e55f3d1 facturi: filtru pe interval" in prompt
    assert "no line here is the push's" not in prompt


# -- 7. rules a model asked for ---------------------------------------------------------------------------------------


def test_the_code_block_limit_wins_and_a_lead_in_shares_the_blocks_marker(tmp_path: Path) -> None:
    work = _parse(tmp_path, _wheel())
    _save_outline(work, _wheel_outline())
    first = _section_prompts(work)[0]
    assert "This limit wins: a ```text block of a result counts as one;" in first
    assert (
        "(a sentence ending in a colon before a code block goes with it: one marker for both, on a line after the "
        "closing fence)" in first
    )
    assert "What a command or log printed and code are shown as they are, never translated:" in first
