"""Issue 20, round three: what a blind reader still found in seven posts a real model wrote through retell's
prompts. The "By the numbers" box said "Files changed 0" after a session whose files were written by its
subagents, "3 subagents" where one of the three spawns was refused before it ran, "spread over 2 days" for a
session that merely crossed midnight; a middle section was told it "opens a new session"; sections opened on
"With X done, …"; and posts said "the tests passed" without showing the line that says so."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

from conftest import SESSION_ID, Transcript, text_block, tool_use_block

from retell.templating import TemplateLibrary
from retell.write.facts import session_facts
from retell.write.locales import stats_context


def stats_box(manifest: dict, language: str = "en") -> str:
    """The "By the numbers" table as render appends it to the post."""
    context = stats_context(session_facts(manifest), language, first_person=True, credit=False)
    return TemplateLibrary("templates").render("stats.md.j2", **context).text


def system_prompt_numbers(manifest: dict, part: str = "# Numbers", until: str = "# Craft") -> str:
    """The "Numbers" part (or another) of the instructions every model call starts with."""
    from types import SimpleNamespace

    from retell.write.locales import cache_percent

    facts = session_facts(manifest)
    post = SimpleNamespace(
        voice="first-person", title="T", audience="", tone="", length="medium", language="en", use_thinking=False
    )
    story = SimpleNamespace(angle="process", backstory="", intent="", corrections="", scope="")
    text = (
        TemplateLibrary("prompts")
        .render(
            "system.md.j2",
            post=post,
            story=story,
            angle_help="",
            words=(800, 1200),
            length=(800, 1200, "words"),
            facts=facts,
            notes=[],
            links=[],
            banned_examples="",
            ids=["e1", "e2"],
            length_rule="",
            language_name="English",
            title_set=False,
            cache_percent=cache_percent(facts),
        )
        .text
    )
    return text.split(part, 1)[1].split(until, 1)[0]


# -- 1. the stats box counts what the session did ---------------------------------------------------------


def _work_by_others(tx: Transcript, session_path: Path) -> None:
    """A session whose files were all changed by a subagent and by shell commands, with a plan written to
    Claude Code's own folder and a second spawn refused before it ran."""
    tx.user("split the notes and rename the helper")
    tx.tool_call("Write", {"file_path": "/home/sam/.claude/plans/quiet-plan.md", "content": "1. split"})
    tx.tool_call("Bash", {"command": "git mv src/helper.py src/helpers.py && git status"}, "renamed")
    tx.tool_call("Bash", {"command": "cat > docs/notes.md <<'EOF'\nit's a note, don't $parse me\nEOF"}, "")
    tool_id = tx.new_tool_id()
    spawn = {"description": "Write the changelog", "prompt": "Add a changelog entry.", "subagent_type": "general"}
    tx.assistant(tool_use_block("Task", spawn, tool_id))
    tx.tool_result(tool_id, [text_block("Added CHANGELOG.md.")], tool_use_result={"agentId": "a1b2c3d4e5f60718"})
    agent = Transcript(SESSION_ID, sidechain=True, agent_id="a1b2c3d4e5f60718")
    agent.user("Add a changelog entry.")
    agent.tool_call("Write", {"file_path": "/srv/demo/proj/CHANGELOG.md", "content": "## 1.1\n"})
    agent.assistant("Added CHANGELOG.md.")
    agent.write(session_path.parent / SESSION_ID / "subagents" / "agent-a1b2c3d4e5f60718.jsonl")
    refused = tx.new_tool_id()
    tx.assistant(tool_use_block("Task", {"description": "Review", "prompt": "Review it."}, refused))
    tx.tool_result(
        refused,
        "<tool_use_error>InputValidationError: Task failed due to the following issue: subagent_type</tool_use_error>",
        is_error=True,
    )
    tx.assistant("Done: the notes are split and the helper renamed.")


def test_files_changed_by_subagents_and_shell_commands_are_counted(tx: Transcript, parse, session_path: Path):
    """Judge: "Files changed 0" under a post about the files the session's subagents wrote."""
    _work_by_others(tx, session_path)
    manifest = parse(tx).manifest
    box = stats_box(manifest)
    # src/helper.py (git mv), docs/notes.md (heredoc), CHANGELOG.md (the subagent); not the plan
    assert "- **Files Claude edited or wrote**: 3\n" in box, box
    assert "files Claude edited or wrote: 3" in system_prompt_numbers(manifest)
    assert manifest["files"]["subagents"] == ["CHANGELOG.md"]
    assert manifest["files"]["shell"] == ["docs/notes.md", "src/helper.py"]


def test_a_spawn_refused_before_it_ran_is_no_subagent(tx: Transcript, parse, session_path: Path):
    """Judge: "3 subagents" in the box where the post (and the session) had two that worked."""
    _work_by_others(tx, session_path)
    manifest = parse(tx).manifest
    assert "- **Subagents**: 1\n" in stats_box(manifest)
    assert "- Subagents: 1;" in system_prompt_numbers(manifest)


def test_shell_commands_name_the_files_they_change() -> None:
    from retell.extract.shellfiles import files_changed_by

    assert files_changed_by("git mv a.py b.py && git commit -m 'mv x'") == ["a.py"]
    assert files_changed_by("git -C wt rm -r old/") == ["wt/old"]
    assert files_changed_by("sed -i 's/a/b/' x.py y.py 2>&1 | tail") == ["x.py", "y.py"]
    assert files_changed_by("cp a.txt b.txt docs/") == ["docs/a.txt", "docs/b.txt"]
    assert files_changed_by("npm test 2>&1 | tee test.log > /dev/null") == ["test.log"]
    # scratch, folders of artefacts, what cannot be read for sure: nothing
    assert files_changed_by("pytest > /tmp/out.txt; rm -rf build dist; rm $TARGET; echo 'unbalanced") == []
    assert files_changed_by("ls -la | head && git status") == []
    # a commit message over several lines is one word of the command, whatever it holds (a real session's
    # "Use <base href=…> to ensure…" counted a file named "to")
    assert files_changed_by('git commit -m "Add base tag\n\nUse <base href=\\"/t/\\"> to fix it" && git push') == []
    assert files_changed_by("git mv a.py b.py\nrm c.txt") == ["a.py", "c.txt"]
    assert files_changed_by("cp build/app.js \\\n   public/app.js") == ["public/app.js"]


# -- 2. a sitting across midnight is not two days -------------------------------------------------------------


def _night_session(tx: Transcript) -> Transcript:
    tx.user("the build is red, have a look")
    tx.tool_call("Bash", {"command": "npm run build"}, "built in 2.1s")
    tx.assistant("Fixed the import; the build is green.")
    return tx


def test_a_session_across_midnight_is_told_in_hours_not_days(parse, make_transcript):
    """Judge: "spread over 2 days" for a session from 23:10 to 01:20."""
    tx = make_transcript(start=datetime(2026, 1, 5, 23, 10, tzinfo=timezone.utc))
    tx.user("the build is red, have a look")
    tx.tick(60 * 65)  # 00:15, working on
    tx.tool_call("Bash", {"command": "npm run build"}, "built in 2.1s")
    tx.tick(60 * 60)  # 01:15
    tx.assistant("Fixed the import; the build is green.")
    manifest = parse(tx).manifest
    numbers = system_prompt_numbers(manifest)
    assert "days" not in numbers.replace('"two days"', ""), numbers
    assert "across midnight UTC (2026-01-05 into 2026-01-06)" in numbers
    box = stats_box(manifest)
    assert "over 2 days" not in box and "**Session length**:" in box


def test_a_session_with_a_night_between_is_still_over_two_days(parse, make_transcript):
    tx = make_transcript(start=datetime(2026, 1, 5, 18, 0, tzinfo=timezone.utc))
    tx.user("the build is red, have a look")
    tx.tick(60 * 60 * 14)  # the next morning
    tx.user("back: where were we?")
    tx.assistant("At the import.")
    manifest = parse(tx).manifest
    assert "spread over 2 days (2026-01-05 to 2026-01-06)" in system_prompt_numbers(manifest)
    assert "over 2 days" in stats_box(manifest)


# -- 3. "opens a new session" exactly where one begins ---------------------------------------------------------

EXAMPLES = Path(__file__).resolve().parents[1] / "examples/claude/projects/-home-sam-src-tidyfeeds"


def _example_prompts(tmp_path: Path, monkeypatch) -> dict[str, str]:
    """The section prompts of the bundled three-session example, from its offline outline (whose first two
    sections share Tuesday's first chapter)."""
    from typer.testing import CliRunner

    from retell.cli import app

    for name in ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL", "RETELL_MODEL", "CLAUDE_CONFIG_DIR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    sessions = [next(EXAMPLES.glob(f"{key}*.jsonl")) for key in ("0b7c3f52", "5a1e94d0", "c3d97e21")]
    work = tmp_path / "w"
    runner = CliRunner()
    for args in (
        ["run", *map(str, sessions), "-o", str(work), "--yes", "--engine", "offline", "-q"],
        ["draft", str(work), "--engine", "handoff", "--dry-run"],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
    return {p.stem.split(".")[0]: p.read_text(encoding="utf-8") for p in (work / "llm" / "dry-run").glob("section-*")}


def test_only_the_sections_where_a_session_begins_say_it_opens_one(tmp_path: Path, monkeypatch) -> None:
    """Judge: the second section of the example was told it "opens a new session: Session 1 of 3", though it
    carries on Tuesday's session from the first section."""
    prompts = _example_prompts(tmp_path, monkeypatch)
    opening = {name: p for name, p in prompts.items() if "opens a new session" in p or "new session begins" in p}
    # (section 2 is the first session's turn at the author's pushback, story32)
    assert sorted(opening) == ["section-s5", "section-s6"], sorted(opening)
    assert "This section opens a new session: Session 2 of 3 (5a1e94d0)" in opening["section-s5"]
    assert "This section opens a new session: Session 3 of 3 (c3d97e21)" in opening["section-s6"]
    assert "Session 1 of 3" not in "".join(prompts.values())


# -- 4. each section knows what came just before it, and opens on its own content ---------------------------


def test_a_section_prompt_says_what_the_reader_just_read_and_which_names_they_have_met(
    tmp_path: Path, monkeypatch
) -> None:
    """Judge: 13 sections opened on "With X done, …" or "Now that …", and names were used before the post had
    introduced them (the prompt gave a section only its neighbours' summaries)."""
    from retell import yamlio

    prompts = _example_prompts(tmp_path, monkeypatch)
    second = prompts["section-s2"]
    # the section before's last beat, with its events, and the ask to open on this section's own first beat
    # (section 2 opens at the author's pushback, story32: the section before ends on its green run)
    assert "It ends on its last beat: (convergence) The tests pass. (event 0b7c3f52-e14)" in second
    assert (
        "It ends on its last beat: (action) The work itself, compressed. (events 0b7c3f52-e33, 0b7c3f52-e35)"
        in prompts["section-s3"]
    )
    assert "Open on this section's own first beat" in second and '"With X done, …", "Now that …"' in second
    assert "It ends on its last beat" not in prompts["section-s1"]
    # names: what the opening and the sections before named, and what is new here
    work = tmp_path / "w"
    outline = yamlio.load(work / "outline.yaml")
    outline["sections"][0]["beats"][0]["note"] = "Sam pastes a screenshot of Feedly showing `â€™` in a post."
    outline["sections"][1]["beats"][-1]["note"] = "The Explore subagent and curl find requests' ISO-8859-1 default."
    (work / "outline.yaml").write_text(yamlio.dumps(outline), encoding="utf-8")
    from typer.testing import CliRunner

    from retell.cli import app

    result = CliRunner().invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"])
    assert result.exit_code == 0, result.output
    dry = work / "llm" / "dry-run"
    second = (dry / "section-s2.prompt.md").read_text(encoding="utf-8")
    third = (dry / "section-s3.prompt.md").read_text(encoding="utf-8")
    assert "the reader has already met Feedly, â€™ (in the opening and the sections before)" in second
    # (section 2's heading names `e2 80 99` too, story32; ISO-8859-1 is what the subagent's own run printed, shown
    # under its report since round 59: told as shown)
    assert re.search(r"Anyone or anything else you name \(here: [^)]*e2 80 99\)", second)
    assert re.search(r"Names the material shows in code, a command or an output \([^)]*ISO-8859-1", second)
    assert re.search(r"the reader has already met Feedly, â€™, [^(]*ISO-8859-1 \(in the opening", third)


_LINK_BACK = re.compile(
    r"^(?:With\b.*\b(?:done|in place)|Now that|Having\b|After (?:that|this)|Next,|Then\b|From there|At this point|"
    r"\S+ followed up|Meanwhile|Back to)",
    re.I,
)


def test_the_offline_engine_opens_no_section_on_a_link_back(tmp_path: Path, monkeypatch) -> None:
    _example_prompts(tmp_path, monkeypatch)
    draft = (tmp_path / "w" / "draft.md").read_text(encoding="utf-8")
    openers = [part.split("\n\n", 2)[1] for part in draft.split("\n## ")[1:]]
    assert len(openers) == 6  # (one a phase opened at the author's pushback, story32)
    assert not [o for o in openers if _LINK_BACK.match(o)], openers


# -- 5. a decisive successful output is there to show -----------------------------------------------------------


def _busy_stretch() -> list:
    """Forty edits with long diffs, then the test run that shows the work holds up."""
    from retell.events import TOOL_RUN, Event, ToolCall

    events = []
    for n in range(1, 41):
        diff = "\n".join(f"-old line {i} of file {n}\n+new line {i} of file {n}" for i in range(8))
        call = ToolCall("Edit", target=f"src/module_{n}.py", diff=diff)
        events.append(Event(kind=TOOL_RUN, id=f"e{n}", summary=f"Edited src/module_{n}.py", calls=[call]))
    run = ToolCall(
        "Bash",
        target=".venv/bin/python -m pytest -q",
        outcome="16 passed",
        output="tests/test_feeds.py ................\n============ 16 passed in 0.37s ============",
    )
    events.append(Event(kind=TOOL_RUN, id="e41", summary="Ran `.venv/bin/python -m pytest -q`", calls=[run]))
    return events


def test_the_material_keeps_the_line_that_shows_the_tests_passed(tmp_path: Path) -> None:
    """Judge: posts said "the tests passed" without showing it: with many edits, the outcomes were cut to one-line
    summaries and the test run's own line went with them."""
    from retell.write.material import render_material

    material = render_material(_busy_stretch(), 2000)
    assert any("tool outcomes cut" in note for note in material.condensed)  # the diffs had to go
    assert "\n- [e41] `.venv/bin/python -m pytest -q` said: 16 passed in 0.37s" in material.text
    assert material.tokens <= 2000


def test_a_failing_run_is_no_result_to_show() -> None:
    from retell.events import TOOL_RUN, Event, ToolCall
    from retell.write.material import decisive_results

    failed = ToolCall("Bash", target="pytest", outcome="2 failed, 14 passed", output="2 failed, 14 passed in 0.4s")
    broken = ToolCall("Bash", target="npm run build", error="Exit code 1", output="exit 1\nerror TS2304")
    events = [Event(kind=TOOL_RUN, id="e1", summary="Ran pytest", calls=[failed, broken])]
    assert decisive_results(events) == []


def test_days_of_work_need_a_day_s_run_or_a_night_s_pause() -> None:
    from retell.write.facts import days_of_work, longest_pause_ms

    assert days_of_work("2026-01-05T23:10:00Z", "2026-01-06T01:20:00Z", 0) == 1
    assert days_of_work("2026-01-05T20:00:00Z", "2026-01-06T09:00:00Z", 12 * 3600_000) == 2
    assert days_of_work("2026-01-05T09:00:00Z", "2026-01-07T10:00:00Z", 0) == 3  # ran for days
    chapters = [
        {"start": "2026-01-05T23:10:00Z", "end": "2026-01-05T23:50:00Z"},
        {"start": "2026-01-06T00:30:00Z", "end": "2026-01-06T01:00:00Z"},  # a second session, 40 min later
    ]
    assert longest_pause_ms(chapters) == 40 * 60_000


def test_in_a_german_post_capitalised_nouns_are_not_names_to_introduce(tmp_path: Path, monkeypatch) -> None:
    """Blind set 3's author, answering a German post's prompts: the "Names" rule listed ordinary nouns
    ("Wunsch", "Installation") as names the model must introduce; German capitalises every noun."""
    from typer.testing import CliRunner

    from retell import yamlio
    from retell.cli import app

    _example_prompts(tmp_path, monkeypatch)
    work = tmp_path / "w"
    triage = (work / "triage.yaml").read_text(encoding="utf-8")
    (work / "triage.yaml").write_text(triage.replace("language: en", "language: de", 1), encoding="utf-8")
    runner = CliRunner()
    result = runner.invoke(app, ["triage", str(work), "--approve"])
    assert result.exit_code == 0, result.output
    outline = yamlio.load(work / "outline.yaml")
    outline["sections"][0]["beats"][0]["note"] = "Sam zeigt einen Screenshot von Feedly mit `â€™` im Beitrag."
    outline["sections"][1]["beats"][-1]["note"] = (
        "Sein Wunsch: die Installation mit Hatchling über `uv tool`, und die Tests auf GitHub grün."
    )
    (work / "outline.yaml").write_text(yamlio.dumps(outline), encoding="utf-8")
    result = runner.invoke(app, ["draft", str(work), "--engine", "handoff", "--dry-run"])
    assert result.exit_code == 0, result.output
    second = (work / "llm" / "dry-run" / "section-s2.prompt.md").read_text(encoding="utf-8")
    named = re.search(r"Anyone or anything else you name \(here: ([^)]*)\)", second)
    assert named is not None, second
    # not Wunsch, Installation, Tests, Hatchling (`e2 80 99`: the code span in section 2's heading, story32); nor
    # `uv tool`, which only the plan writes (stop 62)
    assert named.group(1) == "e2 80 99, GitHub", named.group(1)
    assert "the reader has already met â€™ (in the opening" in second  # a code span is a name in any language


def test_every_section_prompt_says_claudes_own_success_reports_are_claims(tmp_path: Path, monkeypatch) -> None:
    """Blind set 3's author: nothing said how to treat Claude's unsupported claims ("100% coverage
    achieved!"); a model told them as results, and invented outcomes are the check's weakest kind."""
    prompts = _example_prompts(tmp_path, monkeypatch)
    for name, prompt in prompts.items():
        assert "reports of its own success" in prompt and "are claims, not results" in prompt, name


def test_everyday_acronyms_and_quoted_code_are_no_names_to_introduce() -> None:
    """blind6's author, answering a Japanese post's prompts (stop 36): the "Names" rule listed `ID`, `HTML`,
    `CSS` and the declaration `display: ruby-base` as names the model must introduce at first mention."""
    from retell.write.names import names_in

    text = (
        "Ruby text is drawn with `display: ruby-base` in CSS; the HTML `<ruby>` element replaces it, keyed by ID. "
        "It builds on Vercel, and `uv tool` installs Hatchling."
    )
    assert names_in(text) == ["<ruby>", "Vercel", "uv tool", "Hatchling"]
    japanese = "ルビは `display: ruby-text` で描き、HTML の ID を付けた。ビルドは Astro が担う。"
    assert names_in(japanese, "ja") == ["Astro"]


def test_utc_times_are_never_told_as_the_authors_time_of_day(parse, make_transcript):
    """A model in the loop (stop 36): the prompt called sessions at 14:34 and 23:45 UTC "one evening's work",
    and a post said "just before midnight" where the tool output showed the author at 00:46+01:00."""
    tx = make_transcript(start=datetime(2026, 1, 5, 23, 10, tzinfo=timezone.utc))
    tx.user("the build is red, have a look")
    tx.tick(60 * 65)
    tx.tool_call("Bash", {"command": "npm run build"}, "built in 2.1s")
    tx.assistant("Fixed the import; the build is green.")
    manifest = parse(tx).manifest
    numbers = system_prompt_numbers(manifest)
    assert "evening" not in numbers and '"past midnight"' not in numbers, numbers
    craft = system_prompt_numbers(manifest, "# Craft", "\x00")
    assert "The author's time zone is not known (UTC is not their clock" in craft
    assert "never tell the time of day" in craft
    assert '"the next morning", "after an hour away"' not in craft  # (offered as what to say, before)
