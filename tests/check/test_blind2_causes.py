# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""The causes of the misses and false alarms the second blind set (bench/check/blind2, sessions G1 and G2)
showed, each on prose written for the test about the same sessions (bench/check/work/G1, G2): the slip
reported, the faithful wording left alone.

G1 (cctrace): e87 Claude's set-up, telling me to type `/continue`; e88 my paste of "No conversation found to
continue"; e153 my "it worked!"; e167 Claude's summary naming `claude -r`; e231 my "i think for now we should
continue to create all of the export files…"; e272 `tree` printing "11 directories, 30 files"; e281 Claude's
summary. G2 (claude-code-log, five English sessions told in Chinese): 326189cf-e2 my "please fix these"; the
first session ends at 326189cf-e21 (Sunday 21:18 UTC), aa5c5ada-e2 (Monday 10:22 UTC) asks for tests;
aa5c5ada-e16 a run with 1 failed, 26 passed; 937c6e6b-e46 a run with 3 passed; 37f83ec9-e85 my "Do we even
need _generate_html_with_combined_link then?"."""

from __future__ import annotations

from check_support import check, problems

# -- attribution: who the sentence says is speaking ----------------------------------------------------------


def test_what_claude_code_the_program_answers_is_not_claudes_words() -> None:
    program = 'When I tried to resume it, Claude Code answered "No conversation found to continue". <!-- ev: e88 -->\n'
    assert problems("G1", program) == []


def test_the_last_speaker_of_the_sentence_says_the_quote() -> None:
    mine = "Claude's plan had left the old files out, and I didn't want that yet: \"i think for now we should continue to create all of the export files that the older version did\". <!-- ev: e231 -->\n"
    assert problems("G1", mine) == []
    moved = 'Claude\'s plan changed, and it answered: "i think for now we should continue to create all of the export files that the older version did". <!-- ev: e231 -->\n'
    assert any("Claude quote" in line and "these are your words (e231)" in line for line in problems("G1", moved))


def test_chinese_names_whom_one_speaks_to_before_the_name() -> None:
    mine = "我把报错交给 Claude，只说了一句“please fix these”。<!-- ev: 326189cf-e2 -->\n"
    assert problems("G2", mine) == []
    moved = "Claude 回复说“please fix these”。<!-- ev: 326189cf-e2 -->\n"
    assert any("these are your words (326189cf-e2)" in line for line in problems("G2", moved))


# -- numbers and times ---------------------------------------------------------------------------------------


def test_hours_counted_with_a_chinese_counter_are_a_time() -> None:
    first = "第一天晚上，`ty` 的报错都修好了。<!-- ev: 326189cf-e2 326189cf-e21 -->\n\n"
    then = "{n}后，我请它给缓存版本兼容检查写测试。<!-- ev: aa5c5ada-e2 -->\n"
    assert problems("G2", first + then.format(n="大约十三个小时")) == []
    wrong = problems("G2", first + then.format(n="大约三个小时"))
    assert (
        len(wrong) == 1 and 'number: "大约三个小时后": no two events near this paragraph are that far apart' in wrong[0]
    )


def test_a_chinese_test_count_takes_its_unit_past_a_qualifier_and_its_result_from_the_verb() -> None:
    assert problems("G2", "这次 3 个 TUI 测试通过。<!-- ev: 937c6e6b-e46 -->\n") == []
    wrong = problems("G2", "这次 5 个 TUI 测试通过。<!-- ev: 937c6e6b-e46 -->\n")
    assert len(wrong) == 1 and 'number: "5 个"' in wrong[0] and "3 test" in wrong[0]
    assert problems("G2", "整个测试文件一跑，1 个旧测试挂了。<!-- ev: aa5c5ada-e16 -->\n") == []
    failed = problems("G2", "整个测试文件一跑，4 个旧测试挂了。<!-- ev: aa5c5ada-e16 -->\n")
    assert len(failed) == 1 and 'number: "4 个"' in failed[0]


def test_figures_are_added_up_only_where_the_sentence_adds_up() -> None:
    tree = "A trial export came to {n} files in 11 directories. <!-- ev: e272 e281 -->\n"
    assert problems("G1", tree.format(n="30")) == []
    wrong = problems("G1", tree.format(n="42"))
    assert len(wrong) == 1 and 'number: "42 files"' in wrong[0]


def test_a_tilde_before_a_figure_is_about() -> None:
    # D's e11: carol's report gives her document as "(~920 words, 5 sections + sources)"
    assert problems("D", "Carol's write-up came in at about 920 words. <!-- ev: e11 -->\n") == []


# -- commands ------------------------------------------------------------------------------------------------


def test_a_slash_command_only_named_needs_only_the_session_to_name_it() -> None:
    told = "Claude set up the folder and told me to start `claude` in a new terminal and type `/continue`. <!-- ev: e87 -->\n"
    assert problems("G1", told) == []
    invented = problems("G1", "Claude told me to type `/resume-session` in a new terminal. <!-- ev: e87 -->\n")
    assert any('command: "/resume-session": no such slash command in the session' in line for line in invented)


def test_a_command_the_author_typed_in_their_own_terminal_is_left_to_them_never_blocking() -> None:
    mine = check(
        "G1", "It was only settled when I opened another terminal and typed `claude -r`. <!-- ev: e153 e167 -->\n"
    )
    # Round six: the terminal I pasted (e132, e141: `claude --dangerously-skip-permissions --verbose -r`) shows it.
    assert not [line for line in mine.lines() if "command" in line]
    claudes = problems("G1", "Claude then ran `claude -r` itself. <!-- ev: e153 e167 -->\n")
    assert any('command: "claude -r": named in the session, but never run' in line for line in claudes)


# -- a Chinese post on English sessions: markers and translations ----------------------------------------------


def test_a_chinese_quote_of_english_sessions_is_a_translation_marked_or_not() -> None:
    heading = (
        "## “这个函数还需要吗？”\n\n我问它 `_generate_html_with_combined_link` 还要不要。<!-- ev: 37f83ec9-e85 -->\n"
    )
    assert problems("G2", heading) == []
    marked = "我问：“那还需要 `_generate_html_with_combined_link` 吗？”<!-- translated: 37f83ec9-e85 --> <!-- ev: 37f83ec9-e85 37f83ec9-e86 -->\n"
    assert problems("G2", marked) == []
    wrong = "我问：“那还需要 `_generate_html_with_nav_link` 吗？”<!-- translated: 37f83ec9-e85 --> <!-- ev: 37f83ec9-e85 -->\n"
    assert problems("G2", wrong) != []


def test_markers_of_a_several_session_post_name_events_by_their_session_prefixed_ids() -> None:
    assert problems("G2", "我请它给缓存版本兼容检查写测试。<!-- ev: aa5c5ada-e2 -->\n") == []
    unknown = problems("G2", "我请它给缓存版本兼容检查写测试。<!-- ev: aa5c5ada-e999 -->\n")
    assert any("citation" in line for line in unknown)
    (bare,) = problems("G2", "我请它给缓存版本兼容检查写测试。<!-- ev: e2 -->\n")
    assert "in a post of several sessions an event id starts with its session's key → cite 326189cf-e2 or" in bare
    assert problems("G1", "I asked whether a session could be imported at all. <!-- ev: e1 -->\n") == []


def test_a_size_with_its_thousands_as_a_letter_is_read() -> None:
    # G1's audit (e174-e182) gives the session's file as "Session JSONL (770K)"
    audit = "Besides the roughly {n} JSONL file there were file-history snapshots and the plan file. <!-- ev: e168 e170 e174 e177 e180 e182 -->\n"
    assert problems("G1", audit.format(n="770K")) == []
    assert any('number: "990K JSONL"' in line for line in problems("G1", audit.format(n="990K")))


# -- credits -------------------------------------------------------------------------------------------------


def test_asking_for_what_claude_offered_is_no_claim_to_the_idea() -> None:
    # Claude offered a full export early on (e7); I asked for one at the end (e282)
    assert (
        problems(
            "G1",
            "I asked for a full export first, and Claude ran the exporter on this very session. <!-- ev: e282 e284 -->\n",
        )
        == []
    )


def test_the_next_morning_needs_hours_between_the_events_it_falls_between() -> None:
    # G1: Claude's audit (e182, 10:16) and my answer (e183, 10:27) are ten minutes apart
    audit = "Claude's audit listed everything tied to the session. <!-- ev: e180 e182 -->\n\n"
    report = check("G1", audit + "The next morning I gave my answer: take all of it. <!-- ev: e183 -->\n")
    (line,) = report.lines()
    assert 'number: "The next morning": no two events near this paragraph are hours apart' in line
    assert "stops render --strict" not in line
    assert problems("G1", audit + "Ten minutes later I gave my answer: take all of it. <!-- ev: e183 -->\n") == []
    # G2: the first session ends on Sunday evening (326189cf-e21), the next request comes on Monday (aa5c5ada-e2)
    first = "第一天晚上，`ty` 的报错都修好了。<!-- ev: 326189cf-e2 326189cf-e21 -->\n\n"
    assert problems("G2", first + "第二天，我请它给缓存版本兼容检查写测试。<!-- ev: aa5c5ada-e2 -->\n") == []


def test_not_a_single_one_is_no_count_of_one() -> None:
    # G2: `pytest -m unit` selected no test (37f83ec9-e21), the template tests then ran, 10 passed (37f83ec9-e29)
    marker = "<!-- ev: 37f83ec9-e9 37f83ec9-e15 37f83ec9-e19 37f83ec9-e21 37f83ec9-e29 -->"
    assert problems("G2", f"`pytest -m unit` 一个测试也没选中，它转而跑模板渲染测试，10 个通过。{marker}\n") == []


def test_a_weekday_is_one_the_cited_events_fall_on_in_some_time_zone() -> None:
    # G2: 326189cf-e2 is Sunday 13 July 2025, 21:17 UTC; 89488521-e1 is Wednesday 16 July, 09:51 UTC
    assert problems("G2", "周日晚上我跑了 `uv run ty check`，把报错交给 Claude。<!-- ev: 326189cf-e2 -->\n") == []
    assert problems("G2", "On Sunday evening I handed Claude the errors. <!-- ev: 326189cf-e2 -->\n") == []
    (line,) = problems("G2", "周二上午，我提了个简化。<!-- ev: 89488521-e1 -->\n")
    assert (
        'number: "周二上午": the events it cites fall on Wednesday (UTC): no time zone puts them on Tuesday at that time of day'
        in line
    )
    assert "stops render --strict" not in line
    # a Tuesday evening in UTC-12 is still Tuesday somewhere: a weekday alone is told loosely
    assert problems("G2", "On Tuesday I proposed a simplification. <!-- ev: 89488521-e1 -->\n") == []
