"""What a model answering blind28's prompts through the hand-off engine found misleading in the material it was given,
each fixed at its cause and asserted on the prompt a model receives, from sessions in Claude Code's record format
written for these tests (other projects, names and figures than blind28's):

1. A commit chained after a heredoc in one Bash command (`python - <<'PY' … PY` then `&& git commit -am …`) not
   counted as a commit: the finishing prompt named an earlier one as the last, the numbers timed "to the last
   commit" from it, and "Results worth showing" left it out.
2. Figures called Claude's own where the material shows them: a duration Claude says ("5h") that `ps` printed as a
   clock (`05:21:09`), and one ("~7 min") the events' own times bear out.
3. A failed run whose lines end before the exception its traceback ends on: the exception line is kept where the
   run printed it (`KeyError: …` is no line "\\berror\\b" finds), and a note says so where no line shown holds it.
4. A subagent's own runs given as one-line summaries: the lines its report draws on (an `ls`'s sizes, a grep's
   `file:line` hits) are shown, cited by their own ids.
5. Code in a plan's note listed as names to introduce: a literal (`True` of `strict=True`), a call
   (`Dispatcher(bot)`), a decorator (`@cli.command`).
6. A section's one block given to Claude's output where its beat asked for the author's own `!` command's.
7. Notes under Claude's replies: a slash command (`/return`) "in no line shown" beside a diff that shows
   `CommandHandler("return", …)`, a file the session reads called unshown, and "Claude tells here what its edit …
   does" under replies on the data or the program running.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, text_block, tool_use_block, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 11, 3, 8, 0, tzinfo=timezone.utc)


def _flat(text: str) -> str:
    return " ".join(text.split())


def _names(prompt: str) -> tuple[list[str], list[str]]:
    """(to introduce, told as shown) of a section prompt's Names line."""
    line = next(ln for ln in prompt.splitlines() if ln.startswith("- Names:"))
    new = re.search(r"you name \(here: (.*?)\), a person", line)
    shown = re.search(r"an output \((.*?): a file, a class", line)
    return tuple(m.group(1).split(", ") if m else [] for m in (new, shown))  # type: ignore[return-value]


def _until_next(prompt: str, event_id: str) -> str:
    """An event's lines in a material up to the next event's (a subagent's report runs over lines of its own)."""
    found = re.search(rf"^\[{event_id}\] .*?(?=^\[e\d+\] |\Z)", prompt, re.M | re.S)
    assert found, f"[{event_id}] not in the prompt"
    return found.group(0)


def _order(prompt: str) -> str:
    found = re.search(r"show these in this order up to the limit: (.*?); tell the rest", _flat(prompt))
    assert found, _flat(prompt)[:3000]
    return found.group(1)


# -- a kiln logger's firing report: points 1 to 5 ---------------------------------------------------------------------

KILN = "/home/ines/src/kilnlog"
KILN_PROJECTS = "claude/projects/-home-ines-src-kilnlog"
_REPORT = (
    "Findings:\n"
    "- `exports/probe_v2.csv` (481,907 bytes) names its temperature column `temp_celsius`; `probe_v1.csv` had "
    "`temp_c`.\n"
    "- `report.py` reads `temp_c` on lines 27 and 31."
)
_PATCH = (
    "python - <<'PY'\n"
    "import pathlib\n"
    "p = pathlib.Path('report.py'); s = p.read_text()\n"
    "p.write_text(s.replace('pd.read_csv(path)', \"pd.read_csv(path).rename(columns={'temp_celsius': 'temp_c'})\"))\n"
    "PY\n"
    "python report.py exports/probe_v2.csv | tail -2 && git commit -am 'report: read probe v2 exports'"
)


def _kiln(tmp_path: Path) -> Transcript:
    """A firing report that breaks on a renamed column: a subagent maps the exports, a smoke run keeps the head of
    a traceback, another its tail, a commit of a sample, then a script patched in a heredoc with the commit chained
    after it (a run of some seven minutes), and a `ps` the author asks for."""
    tx = Transcript(cwd=KILN, start=START)
    tx.user("the firing report breaks on the new probe export. find out why, smoke it on the march sample, commit it")
    tx.tick(4)
    tx.assistant("A helper maps the exports and the report first.", usage_=usage())
    spawn = tx.new_tool_id()
    brief = {"description": "Map exports and report", "prompt": "Map exports/ and report.py."} | {
        "subagent_type": "Explore"
    }
    tx.assistant(tool_use_block("Task", brief, spawn))
    agent = Transcript(tx.session_id, cwd=KILN, start=START.replace(second=6), sidechain=True, agent_id="c4e1a07")
    agent.user("Map exports/ and report.py.")
    agent.tick(3)
    agent.tool_call(
        "Bash",
        {"command": "ls -l exports/ && head -2 exports/probe_v2.csv"},
        "total 912\n-rw-r--r-- 1 ines ines 433120 Mar  3 09:12 probe_v1.csv\n"
        "-rw-r--r-- 1 ines ines 481907 Mar 10 18:40 probe_v2.csv\nstamp,probe,temp_celsius\n"
        "2026-03-10T18:00:00Z,k1,24.5",
    )
    agent.tick(3)
    agent.tool_call(
        "Bash",
        {"command": "grep -n 'temp_c' report.py"},
        "27:peak = df['temp_c'].max()\n31:ramp = df['temp_c'].diff()",
    )
    agent.tick(3)
    agent.assistant(_REPORT)
    agent.write(tmp_path / KILN_PROJECTS / tx.session_id / "subagents" / "agent-c4e1a07.jsonl")
    tx.tick(20)
    tx.tool_result(spawn, [text_block(_REPORT)], tool_use_result={"agentId": "c4e1a07"})
    tx.tick(3)
    tx.assistant("The report reads a column the new export renamed. A smoke run first.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": "python report.py exports/probe_v2.csv 2>&1 | head -4"},
        "Exit code 1\nLoading exports/probe_v2.csv\nTraceback (most recent call last):\n"
        '  File "report.py", line 27, in <module>',
        is_error=True,
    )
    tx.tick(3)
    tx.assistant("The head of it stops in the traceback; its end next.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {"command": "python report.py exports/probe_v2.csv 2>&1 | tail -15"},
        "Exit code 1\nLoading exports/probe_v2.csv\nTraceback (most recent call last):\n"
        "  File \"report.py\", line 27, in <module>\n    peak = df['temp_c'].max()\n"
        '  File "frame.py", line 4102, in __getitem__\n    indexer = self.columns.get_loc(key)\n'
        "KeyError: 'temp_c'",
        is_error=True,
    )
    tx.tick(3)
    tx.assistant("It is the renamed column, as the helper found. A sample for the tests first.", usage_=usage())
    tx.tick(2)
    tx.tool_call(
        "Bash",
        {
            "command": "head -3 exports/probe_v2.csv > tests/probe_v2_head.csv && git add tests && git commit -m "
            "'tests: a probe v2 sample'"
        },
        "[main 1a0c3d4] tests: a probe v2 sample\n 1 file changed, 3 insertions(+)",
    )
    tx.tick(3)
    tx.assistant("Now the patch, with a smoke run before its commit.", usage_=usage())
    tool = tx.new_tool_id()
    tx.assistant(tool_use_block("Bash", {"command": _PATCH}, tool))
    tx.tick(416)  # the smoke run over the March sample: to Claude's next words, 6 min 58 s
    tx.tool_result(
        tool,
        "peak 1222.0 C\nramp max 148.5 C/h\n[main 7c1e9b2] report: read probe v2 exports\n"
        " 1 file changed, 1 insertion(+), 1 deletion(-)",
    )
    tx.assistant("The smoke run went through (~7 min on the March sample): peak 1222.0 C. Committed.", usage_=usage())
    tx.system("turn_duration", durationMs=482_000)
    tx.tick(40)
    tx.user("is kilnd still logging? how long has it been up")
    tx.tick(3)
    tx.tool_call(
        "Bash",
        {"command": "ps -eo user,etime,cmd | grep kilnd | grep -v grep"},
        "ines     05:21:09 /usr/local/bin/kilnd --port /dev/ttyUSB0",
    )
    tx.tick(3)
    tx.assistant("Yes: `kilnd` has been up for 5h and still logs; a full firing takes about 9 hours.", usage_=usage())
    return tx


def _kiln_plan(work: Path) -> dict:
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    humans = event_ids(work, "human")
    agents = event_ids(work, "subagent")

    def section(sid: str, heading: str, *beats: tuple[list[str], str]) -> dict:
        return {
            "id": sid,
            "heading": heading,
            "chapters": ["ch1"],
            "purpose": "Tell it.",
            "beats": [{"beat": "action", "treatment": "summarise", "events": ids, "note": n} for ids, n in beats],
            "images": [],
        }

    return {
        "title": "A renamed column in the kiln report",
        "hook": "The firing report broke on a new export.",
        "sections": [
            section(
                "s1",
                "The renamed column",
                ([humans[0], words[0], *agents], "A helper mapped the exports."),
                ([words[1], runs[0], words[2], runs[1], words[3]], "Two smoke runs failed."),
            ),
            section(
                "s2",
                "Reading the new export",
                (
                    [runs[2], words[4], runs[3], words[5]],
                    "Claude set `strict=True` in the `Report(path)` call under `@cli.command`, with fp16=False left.",
                ),
                ([humans[1], runs[4], words[6]], "kilnd was still up."),
            ),
        ],
        "ending": "End on the report.",
    }


@pytest.fixture(scope="module")
def kiln(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[str], str]:
    """The work folder, its outline prompt, its section prompts and its finishing prompt."""
    tmp = tmp_path_factory.mktemp("kiln")
    work = parse_work(tmp, _kiln(tmp), KILN_PROJECTS)
    outline = outline_prompt(work)
    runs = event_ids(work, "tool_run")
    sections, finish = handoff_prompts(work, _kiln_plan(work), f"Claude fixed the report. <!-- ev: {runs[3]} -->")
    return work, outline, sections, finish


def test_the_kiln_session_is_parsed_as_the_tests_expect(kiln) -> None:
    work, _outline, sections, _finish = kiln
    assert len(event_ids(work, "tool_run")) == 5
    assert len(event_ids(work, "subagent")) == 1
    assert len(sections) == 2


# -- 1. a commit after a heredoc ---------------------------------------------------------------------------------------


def test_a_commit_chained_after_a_heredoc_is_the_last_commit(kiln) -> None:
    work, outline, _sections, finish = kiln
    sample, patch = event_ids(work, "tool_run")[2:4]
    assert f"and the last commit [{patch}] went through" in _flat(finish)
    assert f"the last commit [{sample}]" not in _flat(finish)
    # from the author's first message (08:00:01) to the patch's call (08:00:57), not to the sample's (08:00:51)
    assert "from the author's first message to the last commit: 56 s" in _flat(outline)
    results = outline.split("Results worth showing", 1)[1].split("\n\n", 1)[0]
    assert f"[{patch}] `python - <<'PY' …` said: [main 7c1e9b2] report: read probe v2 exports" in results
    assert f"[{sample}] " in results  # (the earlier commit stays among them, shown by its own line)
    assert "[main 1a0c3d4] tests: a probe v2 sample" in results
    assert "  commit message: “report: read probe v2 exports”" in event_block(outline, patch)


# -- 2. figures the material shows in another form ---------------------------------------------------------------------


def test_a_duration_a_clock_or_the_events_times_show_is_not_claudes_own(kiln) -> None:
    work, outline, _sections, _finish = kiln
    words = event_ids(work, "assistant")
    patch = event_ids(work, "tool_run")[3]
    smoke = event_block(outline, words[5])
    assert f"7 min is what the events' times show ([{patch}] to [{words[5]}]: 6 min 58 s)" in smoke
    assert "is Claude's own figure" not in smoke
    uptime = event_block(outline, words[6])
    assert "5h" not in uptime.split("\n", 1)[1]  # (`ps` printed `05:21:09`)
    assert "9 hours is Claude's own figure, in no output shown here" in uptime  # (an estimate stays Claude's)


# -- 3. a traceback and the exception it ends on -----------------------------------------------------------------------


def test_the_exception_a_traceback_ends_on_is_kept_and_its_absence_said(kiln) -> None:
    work, outline, _sections, _finish = kiln
    head, tail = event_ids(work, "tool_run")[:2]
    assert "KeyError: 'temp_c'" in event_block(outline, tail)
    assert "the traceback's last line" not in event_block(outline, tail)
    assert (
        "(the traceback's last line, the exception that stopped the run and its message, is in no line shown here: "
        "why it failed is Claude's reading, told as Claude's, never as what the run printed)"
    ) in _flat(event_block(outline, head))


# -- 4. what a subagent's own runs printed -----------------------------------------------------------------------------


def test_a_subagents_runs_show_the_lines_its_report_draws_on(kiln) -> None:
    work, outline, sections, _finish = kiln
    agent = event_ids(work, "subagent")[0]
    block = _until_next(outline, agent)
    assert "its own runs printed (the lines that hold what it reports; cite them by their own ids):" in block
    listing = f"  [{agent}.1] `ls -l exports/ && head -2 exports/probe_v2.csv` printed (3 of its 5 lines):"
    assert listing in block
    # (the account in the listing is redacted as in the paths: secrets round 42)
    assert "    -rw-r--r-- 1 [REDACTED:username] [REDACTED:username] 481907 Mar 10 18:40 probe_v2.csv" in block
    assert "    stamp,probe,temp_celsius" in block
    assert "total 912" not in block  # (no figure of the report's)
    assert f"  [{agent}.1] `grep -n 'temp_c' report.py` printed:\n    27:peak" in block
    assert "    31:ramp = df['temp_c'].diff()" in block
    assert "[REDACTED:username] 481907" in _until_next(sections[0], agent)  # (the section's material too)


# -- 5. code is no name to introduce -----------------------------------------------------------------------------------


def test_literals_calls_and_decorators_are_no_names_to_introduce(kiln) -> None:
    _work, _outline, sections, _finish = kiln
    new, _shown = _names(sections[1])
    for code in ("True", "False", "Report(path)", "@cli.command", "Report"):
        assert code not in new, (code, new)


# -- a club's lending bot: points 6 and 7 ------------------------------------------------------------------------------

SHELF = "/home/tomo/bots/shelfbot"
SHELF_PROJECTS = "claude/projects/-home-tomo-bots-shelfbot"
_OLD_BOT = (
    "from telegram.ext import Updater, CommandHandler\n\n"
    "updater = Updater(TOKEN)\n"
    'updater.dispatcher.add_handler(CommandHandler("borrow", borrow))\n'
    'updater.dispatcher.add_handler(CommandHandler("return", give_back))\n'
    "updater.start_polling()\n"
)
_NEW_BOT = (
    "from telegram.ext import ApplicationBuilder, CommandHandler\n\n"
    "app = ApplicationBuilder().token(TOKEN).build()\n"
    'app.add_handler(CommandHandler("borrow", borrow))\n'
    'app.add_handler(CommandHandler("return", give_back))\n'
    + "".join(f"# step {n}: await the loan store\n" for n in range(14))
    + "app.run_polling()\n"
)
_JOURNAL = (
    "Nov 03 08:01:10 pi python[911]: Traceback (most recent call last):\n"
    "Nov 03 08:01:10 pi python[911]: AttributeError: 'Updater' object has no attribute 'dispatcher'\n"
    "Nov 03 08:01:13 pi systemd[1]: shelfbot.service: Scheduled restart job, restarts counter is at 87."
)


def _shelf() -> Transcript:
    """A lending bot broken by a library upgrade: Claude's `pip show`, the author's own `journalctl`, the bot ported
    in an edit shown cut, tests, a reply on the loans data, the restart, and a reply on the bot running."""
    tx = Transcript(cwd=SHELF, start=START)
    tx.user("the bot stopped answering /borrow after I upgraded python-telegram-bot. check?")
    tx.tick(3)
    tx.assistant("Checking the installed version.", usage_=usage())
    tx.tool_call(
        "Bash", {"command": "pip show python-telegram-bot | head -2"}, "Name: python-telegram-bot\nVersion: 21.6"
    )
    tx.tick(3)
    tx.assistant("Version 21 dropped `Updater.dispatcher`; the bot should not even start. Can you check its log?")
    tx.tick(40)
    tx.user("<bash-input>journalctl --user -u shelfbot -n 3 --no-pager</bash-input>")
    tx.user(f"<bash-stdout>{_JOURNAL}</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(20)
    tx.user("yes it keeps restarting. port it to v21")
    tx.tick(3)
    tx.tool_call("Read", {"file_path": f"{SHELF}/bot.py"}, "     1→" + _OLD_BOT)
    tx.tool_call("Edit", {"file_path": f"{SHELF}/bot.py", "old_string": _OLD_BOT, "new_string": _NEW_BOT})
    tx.tick(3)
    tx.tool_call("Bash", {"command": "python -m pytest -q"}, "2 passed in 0.05s")
    tx.tick(3)
    tx.assistant("Tests pass. The loans are kept in `loans.json`; a look at them before the restart.", usage_=usage())
    tx.tool_call("Read", {"file_path": f"{SHELF}/loans.json"}, '     1→{"dune": ["ana", "rui"]}')
    tx.tick(3)
    tx.assistant(
        "Two members still hold the same copy of Dune; clear one with `/return` once you know whose it is. "
        "Restarting the service now.",
        usage_=usage(),
    )
    tx.tool_call(
        "Bash",
        {"command": "systemctl --user restart shelfbot && sleep 3 && journalctl --user -u shelfbot -n 1 --no-pager"},
        "Nov 03 08:09:40 pi python[1420]: INFO:telegram.ext.Application:Application started",
    )
    tx.tick(3)
    tx.assistant(
        "The bot is running again and answered its first update. Send `/borrow Dune` from the group to try it.",
        usage_=usage(),
    )
    return tx


@pytest.fixture(scope="module")
def shelf(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, list[str]]:
    tmp = tmp_path_factory.mktemp("shelf")
    work = parse_work(tmp, _shelf(), SHELF_PROJECTS)
    outline = outline_prompt(work)
    runs = event_ids(work, "tool_run")
    own = event_ids(work, "command")[0]
    humans = event_ids(work, "human")
    words = event_ids(work, "assistant")
    plan = {
        "title": "A lending bot after a library upgrade",
        "hook": "The bot went quiet.",
        "sections": [
            {
                "id": "s1",
                "heading": "A bot that kept restarting",
                "chapters": ["ch1"],
                "purpose": "Tell it.",
                "beats": [
                    {"beat": "opening", "treatment": "quote", "events": [humans[0]], "note": "My ask."},
                    {"beat": "discovery", "treatment": "summarise", "events": [runs[0], words[1]], "note": "v21."},
                    {
                        "beat": "discovery",
                        "treatment": "summarise",
                        "events": [own, humans[1]],
                        "note": "My own journal lines, the error and the restart counter.",
                    },
                ],
                "images": [],
            },
            {
                "id": "s2",
                "heading": "Porting the bot",
                "chapters": ["ch1"],
                "purpose": "Tell it.",
                "beats": [
                    {
                        "beat": "action",
                        "treatment": "summarise",
                        "events": [runs[2], runs[3], words[2], runs[4], words[3], runs[5], words[4]],
                        "note": "The port, the tests and the restart.",
                    }
                ],
                "images": [],
            },
        ],
        "ending": "End on the bot.",
    }
    sections, _finish = handoff_prompts(work, plan, f"Claude ported the bot. <!-- ev: {runs[2]} -->")
    return work, outline, sections


def test_the_shelf_session_is_parsed_as_the_tests_expect(shelf) -> None:
    work, _outline, sections = shelf
    assert len(event_ids(work, "tool_run")) == 6
    assert len(event_ids(work, "command")) == 1
    assert len(sections) == 2


# -- 6. the author's own run and a beat's ask come first ---------------------------------------------------------------


def test_the_authors_own_run_comes_first_among_a_sections_blocks(shelf) -> None:
    work, _outline, sections = shelf
    own = event_ids(work, "command")[0]
    pip = event_ids(work, "tool_run")[0]
    order = _order(sections[0])
    assert order.startswith(f"[{own}] (the author's own command: what it printed)"), order
    assert f"[{pip}]" in order


def test_a_run_its_beat_asks_to_show_comes_first() -> None:
    from retell.events import TOOL_RUN, Event, ToolCall
    from retell.write.draft import block_order
    from retell.write.outline_model import Beat, Section

    def run(event_id: str, target: str, output: str, error: str | None = None) -> Event:
        call = ToolCall(name="Bash", target=target, output=output, error=error)
        return Event(id=event_id, kind=TOOL_RUN, ts=None, calls=[call], summary=f"Ran `{target}`")

    failing = run("e4", "pytest -q", "exit 1\n1 failed, 3 passed in 0.2s", error="Exit code 1")
    listing = run("e6", "ls -l dist", "-rw-r--r-- 1 tomo tomo 48113 dist/shelf.whl")
    beats = [
        Beat("discovery", "summarise", ["e4"], "The tests failed."),
        Beat("resolution", "summarise", ["e6"], "Show the wheel's size line in a block."),
    ]
    section = Section(id="s1", heading="h", chapters=["ch1"], purpose="p", beats=beats, images=[])
    order = block_order(section, [failing, listing])
    assert order[0] == "[e6] (its beat asks to show it: what it printed)", order


# -- 7. notes under Claude's replies after an edit shown cut -----------------------------------------------------------


def test_a_slash_command_a_diff_shows_and_a_file_read_are_shown(shelf) -> None:
    work, outline, _sections = shelf
    edit = event_ids(work, "tool_run")[2]
    words = event_ids(work, "assistant")
    assert "more changed lines" in event_block(outline, edit)  # (the edit is shown cut)
    assert 'CommandHandler("return", give_back)' in event_block(outline, edit)
    for reply in words[2:4]:  # (`loans.json`, read after it; `/return`, shown as `CommandHandler("return", …)`)
        assert "in no line shown here" not in event_block(outline, reply)
        assert "Claude tells here what its edit" not in event_block(outline, reply)


def test_a_reply_on_the_program_running_gets_no_note_on_the_edit(shelf) -> None:
    work, outline, _sections = shelf
    words = event_ids(work, "assistant")
    assert "Claude tells here what its edit" not in event_block(outline, words[4])
    assert "Claude tells here what its edit" not in outline


def test_a_time_a_command_gives_is_the_commands_not_the_turns() -> None:
    """Claude's "in the last 10 minutes" of a query's `--since -10m` is the command's: neither Claude's own figure nor
    the turn's 10.2 min, which it matches by chance."""
    from retell.events import ASSISTANT, TOOL_RUN, TURN_DURATION, Event, ToolCall
    from retell.write.figure_sources import figure_notes

    call = ToolCall(name="Bash", target="journalctl -u kilnd --since -10m | grep -c ERROR", output="0")
    events = [
        Event(kind=TOOL_RUN, id="e2", ts="2026-11-03T08:00:00.000Z", calls=[call], summary="Ran it"),
        Event(kind=ASSISTANT, id="e3", ts="2026-11-03T08:10:10.000Z", text="No errors in the last 10 minutes."),
        Event(kind=TURN_DURATION, id="e4", ts="2026-11-03T08:10:11.000Z", duration_ms=612_000),
    ]
    assert figure_notes(events) == {}
    call.target = "journalctl -u kilnd -n 200 | grep -c ERROR"
    assert figure_notes(events) == {
        "e3": [
            "(where its figures come from: 10 minutes is what the events' times show ([e2] to [e3]: 10 min), "
            "not Claude's own figure)"
        ]
    }
