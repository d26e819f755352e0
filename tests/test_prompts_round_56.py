"""What the drafting subagents of stop 51 (fresh23's in-loop drafts, each answering only the prompt files) found
contradictory in retell's prompts, and the edits a blind editor still needed on their drafts, each fixed at its
cause and asserted on the prompt a model receives, from a session in Claude Code's record format written for these
tests (a kiln controller's report job, other names and figures than those sessions'):

1. The outline was told the post's length (1,800 words) while its sections were then given what their material
   holds (about 700 in all): it planned beats no section had room for. It is now told what the material holds.
2. The outline asked beats to show blocks a section's limit had no room for, and neither prompt said which wins.
3. The ending's "name nothing the sections tell" against "name what shows the goal reached", and "say whether the
   goal was reached" against "what is still open", with no order: one ending dropped one of two untried changes
   and called the other "the one piece still untried". The opening's "start from the hook" against "do not tell
   what the first section tells".
4. A chain's last `ls` (the socket's new owner) left unshown in every material, so four drafts of four told it as
   Claude's account.
5. `cat vitest.config.ts` read as a test run and shown as a result worth showing.
6. A zh post's sections given a third less room than other languages' for the same material.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block, event_ids, handoff_prompts, outline_prompt, parse_work, plan_section
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)
from typer.testing import CliRunner

from retell import yamlio
from retell.extract.tools import is_test_command
from retell.write.locales import told_length
from retell.write.post_budget import section_words
from retell.write.run_notes import _piped_to

START = datetime(2026, 11, 9, 8, 3, tzinfo=timezone.utc)
CWD = "/home/rune/src/kilnlog"
PROJECTS = "claude/projects/-home-rune-src-kilnlog"
runner = CliRunner()
pytestmark = pytest.mark.usefixtures("no_live_settings")

INSTALL = (
    "scp deploy/kilnlog.service kiln:/tmp/ && ssh kiln 'sudo install -m 644 /tmp/kilnlog.service "
    "/etc/systemd/system/kilnlog.service && sudo systemctl restart kilnlog && ls -la /run/kilnlog/'"
)
LISTING = (
    "total 0\n"
    "drwxr-x---  2 kiln  www-data  60 Nov  9 08:09 .\n"
    "drwxr-xr-x 27 root  root     820 Nov  9 08:09 ..\n"
    "srw-rw----  1 kiln  www-data   0 Nov  9 08:09 kilnlog.sock"
)
CONFIG = "cat vitest.config.ts"


def _kiln_session() -> Transcript:
    """A report job moved to a new box: a config read by `cat`, a unit changed, installed by a chain ending in a
    listing nobody takes up, a curl after it, and a commit."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("the report socket is refused since the move to the new box. fix the unit and commit")
    tx.tick(5)
    tx.tool_call("Bash", {"command": CONFIG}, "export default defineConfig({\n  test: { environment: 'node' },\n});")
    tx.tick(4)
    tx.assistant("The tests run in node. The socket's group is the problem, not the tests.", usage_=usage())
    tx.tool_call(
        "Edit",
        {"file_path": f"{CWD}/deploy/kilnlog.service", "old_string": "Group=kiln", "new_string": "Group=www-data"},
        "ok",
    )
    tx.tick(6)
    tx.tool_call("Bash", {"command": INSTALL}, LISTING)
    tx.tick(2)
    tx.tool_call("Bash", {"command": "curl -s -o /dev/null -w '%{http_code}' http://kiln/report"}, "200")
    tx.tick(3)
    tx.assistant("The report page answers again.", usage_=usage())
    tx.tool_call(
        "Bash", {"command": "git commit -qam 'unit: socket group www-data' && git log --oneline -1"}, "b41d2e0 unit"
    )
    tx.tick(2)
    tx.assistant("Committed `b41d2e0`.", usage_=usage())
    return tx


@pytest.fixture(scope="module")
def kiln(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], str]:
    """The work folder, its section prompts and its finishing prompt (the sections answered short)."""
    tmp = tmp_path_factory.mktemp("kiln")
    work = parse_work(tmp, _kiln_session(), PROJECTS)
    runs = event_ids(work, "tool_run")
    words = event_ids(work, "assistant")
    plan = {
        "title": "The report socket's group",
        "hook": "The report socket was refused after the move to the new box.",
        "sections": [
            plan_section("s1", ("opening", ["e1", runs[0], words[0]]), ("action", [runs[1]])),
            plan_section("s2", ("action", [runs[2], words[1]]), ("resolution", [runs[3], words[-1]])),
        ],
        "ending": "End on the commit.",
    }
    sections, finish = handoff_prompts(work, plan, f"I had Claude fix the unit. <!-- ev: {runs[3]} -->")
    return work, sections, finish


@pytest.fixture(scope="module")
def outline_text(kiln) -> str:
    return outline_prompt(kiln[0])


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_the_session_is_parsed_as_the_tests_expect(kiln) -> None:
    work, sections, _finish = kiln
    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    runs = [e for e in events if e["kind"] == "tool_run"]
    assert runs[2]["calls"][0]["target"] == INSTALL  # the install and the curl: one run
    assert len(runs[2]["calls"]) == 2
    assert len(sections) == 2


# -- 1. the outline is told the length its sections will be given ------------------------------------------------------


def test_the_outline_is_told_what_the_material_holds_under_the_posts_length(kiln, outline_text) -> None:
    _work, sections, _finish = kiln
    flat = _flat(outline_text)
    # (material round 63: the post's one length, its sections' part and the opening's and ending's)
    told = re.search(
        r"The post's length: about ([\d,]+) words in all, under the 1,800 to 2,500 of its length, medium: this "
        r"session's material holds no more, so that is the post's length; its sections take about ([\d,]+) of them",
        flat,
    )
    assert told, "the outline is not told what the material holds"
    holds = int(told.group(2).replace(",", ""))
    assert f"Plan the sections' beats for about {holds:,} words in all." in flat
    # the sections are then given their shares of the same figure
    given = re.search(r"of the ([\d,]+) the post's 2 sections take together", _flat(sections[0]))
    assert given and holds == int(given.group(1).replace(",", "")) < 1800


def test_the_line_names_the_posts_own_length(kiln, tmp_path: Path) -> None:
    work = Path(shutil.copytree(kiln[0], tmp_path / "w"))
    shutil.rmtree(work / "llm", ignore_errors=True)
    doc = yamlio.load(work / "triage.yaml")
    doc["post"]["length"] = "short"
    (work / "triage.yaml").write_text(yamlio.dumps(doc), encoding="utf-8")
    prompt = outline_prompt(work)
    assert re.search(
        r"The post's length: about [\d,]+ words in all, under the 800 to 1,200 of its length, short",
        prompt,
    )
    assert "under the 1,800" not in prompt


# -- 2. code blocks: the outline knows the room, the section's limit stands over a beat's "show" -----------------------


def test_the_outline_knows_the_posts_room_for_code_blocks(outline_text) -> None:
    # (material round 63: the total the sections are given, never more than the session's runs that can be blocks)
    assert re.search(
        r"the post shows at most [2-5] code blocks in all, at most two in a section \(each section is given its share "
        r"of them\): list a block in a beat.s \"show\" only for what its section turns on, and let the others tell "
        r"theirs in prose",
        _flat(outline_text),
    )


def test_the_sections_limit_stands_over_a_beats_show(kiln) -> None:
    _work, sections, _finish = kiln
    line = next(ln for ln in sections[1].splitlines() if ln.startswith("- Code blocks:"))
    assert 'This limit wins: a ```text block of a result counts as one; it stands over a beat\'s "show"' in line


# -- 3. the ending's order and its one exception; the opening and the first section ------------------------------------


def test_the_ending_says_the_goal_then_every_part_still_unshown_in_that_order(kiln) -> None:
    flat = _flat(kiln[2])
    goal = flat.index("first whether the goal the author set was reached")
    unshown = flat.index("then each part of it still open that the sections do not tell, named")
    assert goal < unshown
    # (material round 63: the one exception, for the goal's proof; an open part a section tells is not told again)
    assert "Beyond the few words that show the goal reached, nothing a section tells comes again" in flat
    assert 'never a count of them ("the one piece left") that leaves one out' in flat
    assert "a check made only under other conditions than the goal's, a limit lowered for the test" in flat
    # the rules the earlier rounds asserted stand, stated once
    assert flat.count("nothing a section tells comes again") == 1
    assert flat.count("whether the goal the author set was reached") == 1


def test_the_opening_leaves_to_the_first_section_what_both_tell(kiln) -> None:
    flat = _flat(kiln[2])
    # (stop 62: "leave it out of the opening" left openings with nothing of the hook, where every fact of the hook
    # was the first section's; the opening names the shared fact in a few words and leaves its detail to the section)
    assert (
        "Where the hook and the first section share a fact, the opening names it in a few words (what went wrong or "
        "was wanted, and what was at stake) and leaves its detail to the section"
    ) in flat
    assert "leave it out of the opening" not in flat


# -- 4. a chain's last listing is shown ----------------------------------------------------------------------------


def test_a_chains_short_listing_nobody_took_up_is_shown(kiln, outline_text) -> None:
    work, sections, _finish = kiln
    run = event_ids(work, "tool_run")[2]
    for prompt in (outline_text, sections[1]):
        block = event_block(prompt, run)
        assert "srw-rw----  1 kiln  www-data   0 Nov  9 08:09 kilnlog.sock" in block
        assert "not shown here" not in block


# -- 5. a `cat` of a runner's config is no test run --------------------------------------------------------------------


def test_a_cat_of_a_runners_config_is_no_result_worth_showing(kiln, outline_text) -> None:
    assert not is_test_command(CONFIG)
    assert not is_test_command("cat pytest.ini")
    assert is_test_command("npx vitest run") and is_test_command("py.test -x")
    for prompt in (outline_text, *kiln[1]):
        results = prompt.split("Results worth showing", 1)[1] if "Results worth showing" in prompt else ""
        assert CONFIG not in results


def test_a_pipes_last_command_is_quoted_as_written() -> None:
    assert _piped_to("TZ=UTC npx vitest run 2>&1 | grep -E 'Tests '") == "grep -E 'Tests '"
    assert _piped_to("echo 'a|b'") is None


# -- 6. a zh section's room for the same material ---------------------------------------------------------------------


def test_a_zh_sections_room_counts_its_characters_and_its_words() -> None:
    material = "我有一張發票明明中了獎" * 30 + " " + " ".join(["parseWinning"] * 2000)
    # each character of the script one, each word of another script as many characters as a word is worth (1.5)
    assert told_length(material, "zh-Hant") == 330 + 3000
    assert section_words(10**6, material, "zh-Hant") == (330 + 3000) // 2
    # more room than the same material gives a post counted in words, scaled as the post's length is
    assert section_words(10**6, material, "zh-Hant") > 1.5 * section_words(10**6, material, "vi")


# -- 7. titles and headings read as the post's language writes them -----------------------------------------------


def test_titles_and_headings_read_as_the_posts_language_writes_them(outline_text) -> None:
    flat = _flat(outline_text)
    assert (
        "phrased as its own writers phrase it (never an English phrase carried over word for word, its preposition "
        "or its order)"
    ) in flat
    assert 'never a noun with a bare participle after it, "the fix checked"' in flat


def test_headings_are_one_thing_joined_as_the_language_joins_words(outline_text) -> None:
    """fresh24 in the loop (stop 52, after round 56): 8 of 35 headings needed a rewrite, most of them shaped on the
    prompt's own example "the fix, and the commit": "Weiche 3 brummt, und der Commit", "Resize, a tela de login e o
    commit", "Two rollover tests, a try by hand and the commit", "A learning-rate theory, and a guard"."""
    flat = _flat(outline_text)
    assert '"the fix, and the commit"' not in flat
    assert "a commit at the end needs no word of its own), by the one thing they come to" in flat
    assert 'never a list of parts, "X, Y and the commit", nor a comma before its word for "and"' in flat
    assert 'each noun says what it is of, "a NaN guard", never "a guard"' in flat


def test_a_title_is_no_list_and_says_what_a_private_name_is(outline_text) -> None:
    """fresh24 in the loop: "Gastos compartidos del depto: tablas, saldos y tests…", and "…on Tomatillo's phase-end
    notifications", an app no reader knows."""
    flat = _flat(outline_text)
    assert 'never a list of what was done ("tables, balances and tests")' in flat
    assert "a name or a number only the project knows (its app's name, its own ids) comes with what it is" in flat
