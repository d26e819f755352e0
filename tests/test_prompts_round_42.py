"""What a real model answering retell's prompts in the loop wrote, and a blind editor reading the post against the
session had to edit, each traced to what the prompts gave or withheld, asserted on the prompt a model receives,
built from sessions in Claude Code's record format written for these tests:

1. "9 min aktywnie" where the editor, counting the events' times, found 6.7 minutes: the figure was counted from
   every record (a hook's or a progress record inside a wait made it count whole) and rounded, and said neither.
2. A diff stitched from two edits: the material joined two Edit calls into one diff, with one id.
3. The outline saw less of a command's output than its sections then did.
4. A section over its code-block limit was not told which block to drop.
5. The Names list took inflected words and runs of ordinary words from a post's prose for names.
6. "about N words, at most" read two ways.
"""

from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, text_block, tool_use_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.cli import app

runner = CliRunner()
START = datetime(2026, 10, 14, 9, 0, tzinfo=timezone.utc)
CWD = "/home/ola/src/monitoring"
PROJECTS = "claude/projects/-home-ola-src-monitoring"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _section_prompts(work: Path, outline: dict | None = None) -> list[str]:
    if outline is None:
        ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    else:
        yamlio.save(work / "outline.yaml", yamlio.loads(json.dumps(outline), "outline.yaml"), backup=False)
    ok(runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"]))
    return [p.read_text(encoding="utf-8") for p in sorted((work / "llm" / "dry-run").glob("section-*"))]


# -- 1. active time a reader can count again ------------------------------------------------------------------------


def _alert_rule(tmp_path: Path) -> Transcript:
    """Claude works 2 min on the first message, a subagent among it; the author answers 4 min later (a hook's
    record halfway through the wait); Claude works 1.5 min more. A subagent's own steps run 11 min in all, with no
    record of the main thread between its spawn and its report."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("dodaj regułę alertu dla Prometheusa, gdy dysk przekroczy 90%")  # 09:00:01
    tx.tick(29)
    tx.tool_call("Read", {"file_path": f"{CWD}/rules/disk.yml"}, "groups: []")  # 09:00:31, result 09:00:32
    tx.tick(88)
    tx.assistant("Reguła będzie w rules/disk.yml.")  # 09:02:01
    tx.tick(119)
    tx.system("stop_hook_summary", hookCount=1)  # 09:04:01: no event
    tx.tick(119)
    tx.user("a jeszcze sprawdź, czy alertmanager ją widzi")  # 09:06:01, 4 min after Claude's last words
    tx.tick(29)
    spawn = tx.new_tool_id()
    brief = {"description": "Check alertmanager", "prompt": "Check the routes.", "subagent_type": "general-purpose"}
    tx.assistant(tool_use_block("Task", brief, spawn))  # 09:06:31
    agent = Transcript(tx.session_id, cwd=CWD, start=START.replace(minute=6, second=31), sidechain=True, agent_id="b81")
    agent.user("Check the routes.")  # 09:06:32
    agent.tick(239)
    agent.tool_call("Bash", {"command": "amtool config routes"}, "receiver: ops")  # 09:10:32, 09:10:33
    agent.tick(239)
    agent.tool_call("Bash", {"command": "amtool check-config alertmanager.yml"}, "SUCCESS")  # 09:14:33, 09:14:34
    agent.tick(179)
    agent.assistant("The route to ops is there.")  # 09:17:34
    agent.write(tmp_path / PROJECTS / tx.session_id / "subagents" / "agent-b81.jsonl")
    tx.tick(660)
    tx.tool_result(spawn, [text_block("The route to ops is there.")], tool_use_result={"agentId": "b81"})
    tx.tick(29)
    tx.assistant("Alertmanager kieruje alert do ops.")  # 09:18:03
    return tx


def test_active_time_is_counted_from_the_events_times_and_says_how(tmp_path: Path) -> None:
    work = _parse(tmp_path, _alert_rule(tmp_path), "pl")
    prompt = _outline_prompt(work)
    # Claude: 09:00:01 to 09:02:01 (2 min) and 09:06:01 to 09:18:03 (12.03 min, the subagent's steps filling the
    # main thread's 11-minute silence); the author: 1 min of the 4-minute wait. The hook's record counts nothing.
    assert (
        "- Session length: 18 min (from its first event to its last, as the chapters' times count; "
        "active: 15 min, counted from the events' times: Claude at work 14 min, from "
        "each of the author's messages to Claude's last step before their next, its subagents' steps included; "
        "and the author 1.0 min, at most a minute of the wait before their later message, for reading and typing it)\n"
    ) in prompt
    assert "(18 min; active 15 min)" in prompt  # the chapter's line, counted the same way


def test_a_short_sessions_active_time_is_given_to_a_tenth_of_a_minute(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("dodaj regułę alertu dla Prometheusa")  # 09:00:01
    tx.tick(400)
    tx.tool_call("Edit", {"file_path": f"{CWD}/rules/disk.yml", "old_string": "a", "new_string": "b"})  # 09:06:42
    tx.assistant("Gotowe.")  # 09:06:44
    prompt = _outline_prompt(_parse(tmp_path, tx, "pl"))
    assert "; active: 6.7 min, counted from the events' times: Claude at work 6.7 min, from each" in prompt
    assert 'Quote a time of work as it is named here ("6.7 min of Claude\'s work"' in prompt


# -- 2. a diff is one edit ------------------------------------------------------------------------------------------


def _two_edits_of_one_file() -> Transcript:
    """One rule file edited twice, in two runs; then a run of two edits, to two files."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("Add a Prometheus alert for a disk over 90% and load the rule file.")
    rule = {"file_path": f"{CWD}/rules/disk.yml", "old_string": "groups: []\n"}
    tx.tool_call("Edit", rule | {"new_string": "groups:\n  - name: disk\n    rules:\n      - alert: DiskFull\n"})
    tx.assistant("Now the threshold.")
    threshold = "      - alert: DiskFull\n        expr: disk_used_percent > 90\n        for: 5m\n"
    tx.tool_call("Edit", rule | {"old_string": "      - alert: DiskFull\n", "new_string": threshold})
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/prometheus.yml", "old_string": "rule_files: []\n", "new_string": "rule_files:\n  - x\n"},
    )
    tx.assistant("Done: the rule and the config that loads it.")
    return tx


def test_each_edit_is_its_own_diff_with_its_id(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _two_edits_of_one_file()))
    assert "[e2] TOOLS: Edited rules/disk.yml\n  changed rules/disk.yml (one edit, [e2]):\n    -groups: []\n" in prompt
    run = "[e4] TOOLS: Edited 2 files: rules/disk.yml, prometheus.yml\n"
    assert run + "  changed rules/disk.yml (edit 1 of 2 in [e4]):" in prompt
    assert "\n  changed prometheus.yml (edit 2 of 2 in [e4]):\n    -rule_files: []\n" in prompt


def test_the_instructions_say_a_diff_shows_one_edit(tmp_path: Path) -> None:
    work = _parse(tmp_path, _two_edits_of_one_file())
    rule = (
        "A diff shows one edit, as the material gives it under its `changed …` line: never the lines of two edits "
        "joined into one block, even of one file; two edits are two blocks, or one block and a sentence."
    )
    assert rule in _outline_prompt(work)
    section = _section_prompts(work)[0]
    assert rule in section
    assert "each edit under its own `changed …` line, with its id" in section


# -- 3. the outline sees what the sections will ---------------------------------------------------------------------

NODES = ("node-a", "node-b", "node-c", "node-d", "node-e")


def _describe(node: str) -> str:
    """`kubectl describe node` output: 12 lines, one of them the condition Claude then names."""
    lines = [f"Name:               {node}", "Roles:              worker", f"Labels:             zone=eu-{node[-1]}"]
    lines += [f"  MemoryPressure   False   kubelet has sufficient memory ({i})" for i in range(8)]
    lines.append(f"  DiskPressure     True    kubelet has disk pressure: pvc-{node[-1]}7f3 is at 97%")
    return "\n".join(lines)


def _nodes() -> Transcript:
    """Five nodes described one at a time, each output taken up by Claude's next words (a volume it names)."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the alerts say disk pressure on the workers. find which volumes fill them")
    for node in NODES:
        tx.tool_call("Bash", {"command": f"kubectl describe node {node}"}, _describe(node))
        tx.assistant(f"{node}: pvc-{node[-1]}7f3 is at 97%.")
    tx.user("ok, resize them all to 50Gi")
    tx.assistant("I'll resize them.")
    return tx


def _line(node: str) -> str:
    return f"    DiskPressure     True    kubelet has disk pressure: pvc-{node[-1]}7f3 is at 97%\n"


def test_the_outline_shows_every_output_a_section_of_its_chapter_would(tmp_path: Path) -> None:
    work = _parse(tmp_path, _nodes())
    outline = _outline_prompt(work)
    assert all(_line(node) in outline for node in NODES)
    assert "not shown here" not in outline


def test_a_section_shows_the_output_of_every_run_its_beats_cite(tmp_path: Path) -> None:
    work = _parse(tmp_path, _nodes())
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    runs = [e["id"] for e in events if e["kind"] == "tool_run"]
    beat = {"beat": "discovery", "treatment": "summarise", "note": "The last node's volume was full."}
    plan = {
        "title": "Disk pressure",
        "hook": "Five workers under disk pressure.",
        "sections": [
            {
                "id": "s1",
                "heading": "Five nodes",
                "chapters": ["ch1"],
                "purpose": "Find the full volumes.",
                "beats": [beat | {"events": [runs[-1]]}],
            }
        ],
        "ending": "End on the resize.",
    }
    section = _section_prompts(work, plan)[0]
    assert _line(NODES[-1]) in section  # the cited run's output, whatever else competes for the room


# -- 4. which code block goes when a section is over its limit -----------------------------------------------------


def _threshold_fix() -> Transcript:
    """A failing check, the fix to the rule, the check again: three runs a section may want to show."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("promtool says the disk rule is broken")
    tx.tool_call(
        "Bash",
        {"command": "promtool check rules rules/disk.yml"},
        'Checking rules/disk.yml\n  FAILED:\nrules/disk.yml: 4:15: group "disk", rule 1: could not parse expression',
        is_error=True,
    )
    tx.assistant("The expression has a stray `%`.")
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/rules/disk.yml", "old_string": "expr: disk > 90%\n", "new_string": "expr: disk > 90\n"},
    )
    tx.tool_call(
        "Bash", {"command": "promtool check rules rules/disk.yml"}, "Checking rules/disk.yml\n  SUCCESS: 1 rules found"
    )
    tx.assistant("SUCCESS: 1 rules found.")
    return tx


def test_a_section_over_its_code_block_limit_is_told_which_blocks_to_keep(tmp_path: Path) -> None:
    work = _parse(tmp_path, _threshold_fix())
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    failed, edit, passed = (e["id"] for e in events if e["kind"] == "tool_run")
    beats = [
        {"beat": "opening", "treatment": "summarise", "events": [failed], "note": "promtool failed."},
        {"beat": "action", "treatment": "summarise", "events": [edit], "note": "The stray % went."},
        {"beat": "resolution", "treatment": "summarise", "events": [passed], "note": "promtool passed."},
    ]
    sections = [
        {"id": "s1", "heading": "A stray %", "chapters": ["ch1"], "purpose": "Fix the rule.", "beats": beats},
        {"id": "s2", "heading": "Checked", "chapters": ["ch1"], "purpose": "Check it.", "beats": [beats[2]]},
    ]
    plan = {"title": "A stray %", "hook": "promtool failed.", "sections": sections, "ending": "End on it."}
    first = _section_prompts(work, plan)[0]
    line = next(ln for ln in first.splitlines() if ln.startswith("- Code blocks: "))
    assert line.startswith("- Code blocks: at most 2 in this section")
    # the run the section turns on (its last red or green run: round 49), then the change, then the failure
    assert (
        f"where the beats or the results ask for more, show these in this order up to the limit: [{passed}] (the run "
        f"it turns on: its own result lines), [{edit}] (its changed lines, in a ```diff block), [{failed}] (its "
        "failing output); tell the rest in prose."
    ) in line


# -- 5. names: proper names as written, never a run of words ---------------------------------------------------------


@pytest.mark.parametrize(
    ("language", "text", "names"),
    [
        ("pl", "Usunąłem `%` oraz regułę, z `for: 5m` dla Grafany i `amtool`.", ["Grafany", "amtool"]),
        ("de", "Ich habe `%` entfernt und die Regel, mit `x` für `amtool` geprüft.", ["amtool"]),
        ("es", "Quité el `%` de la regla, con `x` y lo comprobé con `amtool` en Grafana.", ["amtool", "Grafana"]),
        (
            "tr",
            "Dün Prometheus'a kural ekledim, `%` işaretini ve kural, ile `x` sildim; `amtool` ile denedim.",
            ["Prometheus", "amtool"],
        ),
        (
            "ru",
            "Добавил правило в Prometheus, убрал `%` и правило, с `x` проверил через `amtool`.",
            ["Prometheus", "amtool"],
        ),
    ],
)
def test_a_one_character_code_span_never_pairs_the_words_after_it_into_a_name(
    language: str, text: str, names: list[str]
) -> None:
    from retell.write.names import names_in

    assert names_in(text, language) == names


def test_a_name_inflected_in_the_posts_language_is_listed_as_the_session_writes_it(tmp_path: Path) -> None:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("dodaj regułę alertu, gdy dysk przekroczy 90%")
    tx.tool_call("Read", {"file_path": f"{CWD}/prometheus.yml"}, "rule_files: []")
    tx.assistant("Prometheus wczytuje reguły z rules/. Dodaję DiskFull.")
    work = _parse(tmp_path, tx, "pl")
    beat = {"beat": "action", "treatment": "summarise", "events": ["e3"]}
    sections = [
        {"id": "s1", "heading": "Reguła", "chapters": ["ch1"], "purpose": "Dodać regułę do Prometheusa.",
         "beats": [beat | {"note": "Claude dodał regułę do Prometheusa."}]},
        {"id": "s2", "heading": "Sprawdzenie", "chapters": ["ch1"], "purpose": "Sprawdzić regułę.",
         "beats": [beat | {"note": "Prometheusem sprawdziliśmy regułę DiskFull."}]},
    ]  # fmt: skip
    plan = {"title": "Reguła", "hook": "Dysk się zapełniał.", "sections": sections, "ending": "Koniec."}
    first, second = (p.split("- Names: ", 1)[1].split("\n", 1)[0] for p in _section_prompts(work, plan))
    assert "(here: Prometheus)" in first and "Prometheusa" not in first
    assert "the reader has already met Prometheus " in second or "met Prometheus (" in second
    assert "Prometheusem" not in second and "(here: DiskFull)" in second


# -- 6. one reading of a length -----------------------------------------------------------------------------------


def test_a_length_is_said_one_way_a_ceiling(tmp_path: Path) -> None:
    work = _parse(tmp_path, _threshold_fix(), "pl")
    outline = _outline_prompt(work)
    section = _section_prompts(work)[0]
    assert "at most 1,800–2,500" not in outline and "about" not in section.split("Length: ", 1)[1].split("\n")[0]
    # (round 49: a range, once, with what may fall under it; "a ceiling, not a target" gave drafts under the floor)
    assert "- Length: medium: 1,800 to 2,500 words in all. Never more; fewer only where the material holds" in outline
    assert re.search(
        r"\nLength: [\d,]+ to [\d,]+ words: (?:its share|what its material holds, less than an even share) of the "
        r"[\d,]+ (?:the post's \d+ sections take together|the post's one section takes), in a post of about [\d,]+ "
        r"with its opening and ending"
        r"(?: \(under [^\n]+\))?; fewer only where its beats hold no more to tell; say what the beats need and stop\. "
        r"Code blocks and code spans count toward it\.\n",
        section,
    )
