"""Material round 63 (issue 24): where retell's drafting prompts contradicted each other, found by six writers who
answered fresh27's hand-off prompts as the model. Asserted on sessions written for these tests (a greenhouse logger's
CSV export in English, a Chinese one's, and a Polish, a Russian and a Finnish plan; other names and figures than the
writers' sessions), in Claude Code's record format:

1. The code blocks: the outline's "at most 5 code blocks in all" beside sections given 3 or 4 among them. One budget
   now: the outline's total is what the sections are given, and each section says what the others take.
2. The ending: "say that the work stayed uncommitted, with Claude's summary unanswered" beside "never write that the
   author wrote nothing more" and "name no … state the sections tell"; and the craft's "end on the last thing it does
   show" beside "then every part still unshown". One rule, stated once.
3. Names: "Ktorze" to introduce beside the met "Ktora": a name met in one case is met in any, in the languages that
   inflect names by an ending.
4. The length: the outline's "about N words", the sections' ranges adding up to another figure, the finishing
   prompt's "the sections come to" a third; a Chinese post's paragraph said in words. One length, in one unit.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_ids, handoff_prompts, outline_prompt, parse_work
from told_support import no_live_settings  # noqa: F401  (a fixture, used by name)

from retell.write.names import is_met

pytestmark = pytest.mark.usefixtures("no_live_settings")

START = datetime(2026, 12, 2, 7, 40, tzinfo=timezone.utc)
GREENHOUSE = "/home/ines/src/greenhouse-log"
PROJECTS = "claude/projects/-home-ines-src-greenhouse-log"


def _greenhouse(language: str = "en") -> Transcript:
    """A logger's nightly CSV export that drops each day's last reading: a red test run, the fix and a green run, a
    test added, the work left uncommitted at the author's word, the session ending on Claude's reply."""
    tx = Transcript(cwd=GREENHOUSE, start=START)
    if language == "zh":
        tx.user("温室记录器每晚导出的 CSV 总是少了每天最后一条读数。帮我修一下，再加个测试。先别提交，我要看 diff。")
    else:
        tx.user(
            "the nightly csv export of the greenhouse logger drops the last reading of every day. fix it and add a "
            "test please. don't commit, I want to read the diff first"
        )
    tx.tick(5)
    tx.assistant("Let me read the export first.", usage_=usage())
    tx.tool_call(
        "Read",
        {"file_path": f"{GREENHOUSE}/logger/export.py"},
        "def day_rows(rows):\n    out = []\n    for i in range(len(rows) - 1):\n        out.append(rows[i])\n"
        "    return out\n",
    )
    tx.tick(4)
    tx.tool_call(
        "Bash",
        {"command": "pytest -q tests/test_export.py"},
        "F...                                                                     [100%]\n"
        "FAILED tests/test_export.py::test_day_has_every_reading - assert 47 == 48\n"
        "1 failed, 3 passed in 0.19s",
        is_error=True,
    )
    tx.tick(6)
    tx.assistant("The loop stops one row early: `range(len(rows) - 1)` leaves out the last reading.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{GREENHOUSE}/logger/export.py",
            "old_string": "    for i in range(len(rows) - 1):",
            "new_string": "    for i in range(len(rows)):",
        },
        "The file has been updated.",
    )
    tx.tick(3)
    tx.tool_call("Bash", {"command": "pytest -q tests/test_export.py"}, "....  [100%]\n4 passed in 0.18s")
    tx.tick(5)
    tx.assistant("Now a test for the 23:50 reading, the one that went missing.", usage_=usage())
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{GREENHOUSE}/tests/test_export.py",
            "old_string": "def test_day_has_every_reading():",
            "new_string": "def test_last_reading_of_the_day_is_kept():\n"
            "    assert day_rows(ROWS)[-1].time == '23:50'\n\n\ndef test_day_has_every_reading():",
        },
        "The file has been updated.",
    )
    tx.tick(40)
    tx.user("looks right. leave it uncommitted for now")
    tx.tick(4)
    tx.assistant(
        "Understood. Nothing is committed: `logger/export.py` and `tests/test_export.py` are modified.", usage_=usage()
    )
    return tx


def _plan(runs: list[str], humans: list[str], words: list[str]) -> dict:
    read, red, fix, green, test = runs

    def beat(kind: str, ids: list[str], note: str) -> dict:
        return {"beat": kind, "treatment": "summarise", "events": ids, "note": note}

    return {
        "title": "The last reading of the day",
        "hook": "The nightly export left out each day's last reading.",
        "sections": [
            {
                "id": "s1",
                "heading": "A test that counted 47 readings",
                "chapters": ["ch1"],
                "purpose": "The bug and the red run.",
                "beats": [
                    beat("opening", [humans[0]], "I asked for a fix and a test."),
                    beat("discovery", [read, red], "Claude read the export; show the failing run."),
                ],
                "images": [],
            },
            {
                "id": "s2",
                "heading": "One row too few",
                "chapters": ["ch1"],
                "purpose": "The fix and the green run.",
                "beats": [
                    beat("pivot", [words[1], fix], "The loop stopped one row early; show the diff."),
                    beat("convergence", [green], "Four tests passed."),
                ],
                "images": [],
            },
            {
                "id": "s3",
                "heading": "A test for the 23:50 reading",
                "chapters": ["ch1"],
                "purpose": "The new test, left uncommitted.",
                "beats": [
                    beat("action", [words[2], test], "Claude added a test for the last reading."),
                    beat("resolution", [humans[1], words[3]], "I asked to leave it uncommitted; Claude said so."),
                ],
                "images": [],
            },
        ],
        "ending": "End on the fix and the test, still uncommitted.",
    }


@pytest.fixture(scope="module")
def greenhouse(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[str], str]:
    """The outline prompt, the three section prompts and the finishing prompt of the greenhouse session."""
    work = parse_work(tmp_path_factory.mktemp("greenhouse"), _greenhouse(), PROJECTS)
    outline = outline_prompt(work)
    runs, humans, words = event_ids(work, "tool_run"), event_ids(work, "human"), event_ids(work, "assistant")
    assert len(runs) == 5 and len(humans) == 2 and len(words) == 4, (runs, humans, words)
    sections, finish = handoff_prompts(work, _plan(runs, humans, words), f"I fixed it. <!-- ev: {runs[-1]} -->")
    assert len(sections) == 3
    return outline, sections, finish


def _flat(text: str) -> str:
    return " ".join(text.split())


def _number(text: str) -> int:
    return int(text.replace(",", ""))


# -- 1. one budget of code blocks -----------------------------------------------------------------------------------


def test_the_outlines_total_of_code_blocks_is_what_the_sections_are_given(greenhouse) -> None:
    outline, sections, _finish = greenhouse
    total = re.search(r"the post shows at most (\d+) code blocks? in all", _flat(outline))
    assert total, "the outline names no total of code blocks"
    rooms, posts = [], []
    for prompt in sections:
        line = next(ln for ln in prompt.splitlines() if ln.startswith("- Code blocks:"))
        room = re.match(r"- Code blocks: (?:at most (\d+) in this section|none in this section)", line)
        post = re.search(r"of the (\d+) the post shows in all|the post has room for (\d+)", line)
        assert room and post, line
        rooms.append(int(room.group(1) or 0))
        posts.append(int(post.group(1) or post.group(2)))
    # one total in every prompt, and it is what the sections are given
    assert posts == [int(total.group(1))] * len(sections) and sum(rooms) == int(total.group(1)), (total, rooms, posts)
    assert "at most two in a section" in _flat(outline) and all(n <= 2 for n in rooms), rooms


def test_a_section_says_what_the_others_take(greenhouse) -> None:
    _outline, sections, _finish = greenhouse
    lines = [next(ln for ln in p.splitlines() if ln.startswith("- Code blocks:")) for p in sections]
    rooms = [int(m.group(1)) if (m := re.match(r"- Code blocks: at most (\d+)", ln)) else 0 for ln in lines]
    for index, line in enumerate(lines):
        others = ", ".join(f"{n} in s{j + 1}" for j, n in enumerate(rooms) if j != index and n)
        assert f"in all ({others})" in line, line


def test_the_section_with_a_change_and_its_green_run_keeps_both(greenhouse) -> None:
    """(round 49's rule, kept within the one budget: one block to each section, the second to the one whose beats cite
    a change and the run it turns on)"""
    _outline, sections, _finish = greenhouse
    lines = [next(ln for ln in p.splitlines() if ln.startswith("- Code blocks:")) for p in sections]
    assert [ln.split(" in this section")[0] for ln in lines] == [
        "- Code blocks: at most 1",
        "- Code blocks: at most 2",
        "- Code blocks: at most 1",
    ]


# -- 2. the ending's rules, each stated once -------------------------------------------------------------------------


def test_the_ending_is_not_asked_to_say_the_work_stayed_uncommitted_against_its_other_rules(greenhouse) -> None:
    _outline, _sections, finish = greenhouse
    flat = _flat(finish)
    assert "say that the work stayed uncommitted" not in flat
    assert "with Claude's summary unanswered" not in flat  # (that is "the author wrote nothing more")
    # the state is one of the parts still open, and only where no section tells it; of a session that ran no git at
    # all (this one), commits are not spoken of (stop 58)
    assert flat.count("the work left uncommitted") == 0
    assert "then each part of it still open that the sections do not tell, named (" in flat
    # one rule on how the session ended, not a second in the note on it
    assert flat.count("the author wrote nothing more") == 1
    assert "For you, not a sentence for the post: The session ends on Claude's reply [" in flat


def test_the_ending_says_two_things_in_every_prompt_that_plans_or_writes_it(greenhouse) -> None:
    outline, sections, finish = greenhouse
    assert "which says two things and nothing else: whether the goal the author set was reached" in _flat(outline)
    assert "what the author says they learned" not in _flat(outline)  # (no third thing in the plan)
    assert "that says two things, in this order, and nothing else: first whether the goal" in _flat(finish)
    # the craft no longer asks a post to end on what was shown where the ending names what is still open
    for prompt in [outline, *sections, finish]:
        assert "end on the last thing it does show" not in prompt
    assert "a section ends on it, and what is still open is the ending's to name" in _flat(sections[-1])


# -- 3. a name met in one case is met in any -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "language", "same"),
    [
        ("Ktora", "Ktorze", "pl", True),  # genitive and locative of Ktor
        ("Ktorem", "Ktore", "pl", True),
        ("Kafka", "Kafki", "pl", True),
        ("Vite", "Vitest", "pl", False),  # two tools, no case ending between them
        ("Дорота", "Дороте", "ru", True),
        ("Кафка", "Кафке", "ru", True),
        ("Ktorin", "Ktorissa", "fi", True),
        ("Kotlin", "Kotlinissa", "fi", True),
        ("Kotlin", "Kotlinnal", "hu", True),
        ("GitHub", "GitHubs", "de", True),
        ("Ktora", "Ktorze", "en", False),  # English inflects no name
        ("Git", "Gita", "pl", False),  # under four letters: matched as written
        ("Pandas", "Panda", "pl", False),
    ],
)
def test_one_name_in_two_cases(a: str, b: str, language: str, same: bool) -> None:
    from retell.write.names import same_name

    assert same_name(a, b, language) is same
    assert is_met(b, [a], language) is same


def test_the_met_list_keeps_one_form_of_a_name() -> None:
    from retell.write.names import one_per_name

    assert one_per_name(["Ktora", "Kotlina", "Ktorze", "Exposed"], "pl") == ["Ktora", "Kotlina", "Exposed"]


def _names_plan(first: str, second: str) -> dict:
    def section(sid: str, note: str) -> dict:
        beat = {"beat": "action", "treatment": "summarise", "events": [], "note": note}
        return {"id": sid, "heading": f"Part {sid}", "chapters": ["ch1"], "purpose": "Tell it.", "beats": [beat]}

    return {
        "title": "A plan",
        "hook": "The export dropped a reading.",
        "sections": [section("s1", first), section("s2", second)],
        "ending": "End on it.",
    }


def _names_line(prompt: str) -> str:
    return next(ln for ln in prompt.splitlines() if ln.startswith("- Names:"))


@pytest.mark.parametrize(
    ("language", "first", "second", "name", "inflected"),
    [
        (
            "pl",
            "Napisałem, że podbiłem Ktora do wersji 3.0.3 i build się sypie.",
            "Według Claude'a w Ktorze 3 handlery mają nowy odbiornik.",
            "Ktora",
            "Ktorze",
        ),
        (
            "ru",
            "Я написал, что Дорота проверит вход в понедельник.",
            "Claude предложил показать результат Дороте после входа.",
            "Дорота",
            "Дороте",
        ),
        (
            "fi",
            "Kerroin, että päivitin Ktorin versioon 3.0.3 ja build hajosi.",
            "Clauden mukaan käsittelijöillä on nyt Ktorissa uusi vastaanottaja.",
            "Ktorin",
            "Ktorissa",
        ),
    ],
)
def test_a_name_met_in_one_case_is_not_new_in_another(
    tmp_path: Path, language: str, first: str, second: str, name: str, inflected: str
) -> None:
    tx = _greenhouse()
    tx.tick(3)
    tx.user(first)  # the session names it too (a name only the plan writes is no name to introduce: stop 62)
    work = parse_work(tmp_path, tx, PROJECTS, language=language)
    sections, _finish = handoff_prompts(work, _names_plan(first, second), "Tekst. <!-- ev: e1 -->")
    s1, s2 = _names_line(sections[0]), _names_line(sections[1])
    assert re.search(rf"\(here: [^)]*\b{name}\b", s1), s1  # new in the first section
    assert f"already met {name}" in s2, s2  # met in the second, in the case it was met
    assert inflected not in s2, s2  # never a name to introduce again, nor a second met name


# -- 4. one length, in one unit --------------------------------------------------------------------------------------


def test_every_prompt_gives_the_same_length_and_each_its_share(greenhouse) -> None:
    outline, sections, finish = greenhouse
    told = re.search(
        r"The post's length: about ([\d,]+) words in all[^;]*; its sections take about ([\d,]+) of them \(each is "
        r"given its share from its own material\), the opening and the ending about ([\d,]+)\. Plan the sections' "
        r"beats for about ([\d,]+) words in all\.",
        _flat(outline),
    )
    # (before: "This session's material holds about N words of post, … Plan beats for about N words in all.")
    held = re.search(r"material holds about ([\d,]+) words of post", _flat(outline))
    assert told or held, "the outline gives the post no length"
    part = _number(told.group(2) if told else held.group(1))  # type: ignore[union-attr]
    whole = _number(told.group(1)) if told else part
    ends, said = [], set()
    for prompt in sections:
        line = re.search(r"Length: ([\d,]+) to ([\d,]+) words", prompt)
        assert line, "a section prompt gives no length"
        ends.append(_number(line.group(2)))
        share = re.search(
            r"(?:its share|what its material holds, less than an even share) of the ([\d,]+) the post's 3 sections "
            r"take together, in a post of about ([\d,]+) with its opening and ending"
            r"|All the sections' lengths together come to ([\d,]+) words",
            _flat(prompt),
        )
        assert share, "a section prompt gives no share of the post"
        said.add((_number(share.group(1) or share.group(3)), _number(share.group(2) or share.group(3))))
    assert said == {(part, whole)}, (said, part, whole)  # the outline's figures, in every section
    assert sum(ends) == part, (ends, part)  # the sections' ranges add up to their part of the post
    asked = re.search(
        r"Length: about ([\d,]+) words for the opening and the ending together: the post's about ([\d,]+), less the "
        r"([\d,]+) its sections take",
        _flat(finish),
    )
    assert "the sections come to" not in finish  # (no third figure: what they came to as written)
    assert asked and (_number(asked.group(2)), _number(asked.group(3))) == (whole, part)
    assert _number(asked.group(1)) == whole - part


def test_a_chinese_posts_prompts_give_every_length_in_characters(tmp_path: Path) -> None:
    work = parse_work(tmp_path, _greenhouse("zh"), PROJECTS, language="zh-Hans")
    outline = outline_prompt(work)
    runs, humans, words = event_ids(work, "tool_run"), event_ids(work, "human"), event_ids(work, "assistant")
    sections, finish = handoff_prompts(work, _plan(runs, humans, words), f"修好了。 <!-- ev: {runs[-1]} -->")
    for prompt in [outline, *sections, finish]:
        assert not re.search(r"\d[\d,]* words\b", prompt), re.search(r".{60}\d[\d,]* words\b.{20}", prompt)
    assert "(about 200 characters)" in _flat(sections[0])  # a paragraph's length, in the post's unit
    assert re.search(r"The post's length: about [\d,]+ characters in all", _flat(outline))


@pytest.mark.parametrize("holds", [120, 483, 700, 850, 5000])
def test_the_whole_is_its_sections_and_the_frame(holds: int) -> None:
    from retell.write.post_budget import post_length

    length = post_length(holds, "en", "short")
    assert length.sections == max(150, min(holds, 850)) and length.whole == length.sections + length.frame
    assert length.short is (length.whole < 800)
    assert length.frame >= 60 and (length.whole < 400 or 0.1 <= length.frame / length.whole <= 0.2)


def test_the_shares_add_up_to_the_sections_part() -> None:
    from retell.write.post_budget import share_sections

    # (an even share where the material holds it, what a thin section holds, the rest to the sections that hold more)
    shares = share_sections(850, [120, 2000, 900], 150)
    assert sum(shares) == 850 and shares[0] == 150 and shares[1] == shares[2]
    assert share_sections(437, [60, 300, 300], 145) == [145, 146, 146]
    assert sum(share_sections(1700, [300, 355, 9000], 150)) == 1700
