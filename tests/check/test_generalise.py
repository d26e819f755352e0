# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""What a faithful paraphrase may do that the check once read as a slip, and the slips it once let through,
on prose written for the test about the blind sets' sessions (bench/check/work/G1): the real-model draft of
G1 (bench/check/drafts/G1.md) drew these false alarms, and the blind set's dev variant these misses.

G1 (cctrace): e1 my "@claude-code-prompt.md really ULTRATHINK this"; e56 a Read of an old export's
`conversation_full.md`; e231 my "i think for now we should continue to create all of the export files…";
e234 and e243 Claude's edits of the plan, whose text lists the legacy files (`conversation_full.md`,
`summary.txt`…); e275 a Read of `RENDERED.md`."""

from __future__ import annotations

from check_support import problems

# -- a verb acts on the files of its own phrase ---------------------------------------------------------------


def test_a_file_a_plan_lists_is_not_one_the_verb_edited() -> None:
    listed = "I didn't want the old files dropped yet, and Claude rewrote the layout with the five legacy files at the top of each export folder, `conversation_full.md`, `session_info.json` and `summary.txt`, followed by `RENDERED.md`. <!-- ev: e231 e233 e234 e237 e239 e243 e245 -->\n"
    assert problems("G1", listed) == []
    # The verb right before the file still tells of a touch: a file the cited events did not touch is reported.
    edited = "I didn't want the old files dropped yet, and Claude edited `conversation_full.md`. <!-- ev: e231 e233 e234 e237 e239 e243 e245 -->\n"
    assert any('path: "conversation_full.md": not in the cited events' in line for line in problems("G1", edited))


def test_a_verb_with_a_phrase_of_its_own_does_not_touch_the_file_after_it() -> None:
    pointing = 'I opened the session by pointing Claude at `claude-code-prompt.md`, with one extra instruction: "really ULTRATHINK this". <!-- ev: e1 -->\n'
    assert problems("G1", pointing) == []
    read = "Claude read `claude-code-prompt.md` first. <!-- ev: e1 -->\n"
    assert any("no tool read, edited or wrote it" in line for line in problems("G1", read))


# -- credits: wanting what was offered is asking for it -------------------------------------------------------


def test_wanting_what_a_report_listed_first_is_no_claim_to_the_idea() -> None:
    wanted = 'My answer was to take all of it: "i think we would want to include all sources related to a session". I also wanted the project\'s own prompts for skills, hooks, commands and agents, where the repo had them. <!-- ev: e183 e186 -->\n'
    assert problems("G1", wanted) == []


# -- decisions told the opposite way round, agreements nobody gave --------------------------------------------


def test_a_decision_told_the_opposite_way_round_from_my_answer_is_reported() -> None:
    para = "Claude asked whether to try it by hand. At that point I decided we would {} hands-on experiments. <!-- ev: e11 e12 e15 -->\n"
    assert problems("G1", para.format("go ahead with the")) == []
    skipped = problems("G1", para.format("skip the"))
    assert len(skipped) == 1
    assert (
        "credit" in skipped[0]
        and "told the other way round: your answer in e15 says “Yes, run the tests”" in skipped[0]
    )
    assert "stops render --strict" not in skipped[0]


def test_an_agreement_needs_my_answer_near_it() -> None:
    agreed = "Claude asked whether it should proceed with the hands-on testing, and I agreed to run the experiments. <!-- ev: e14 e15 -->\n"
    assert problems("G1", agreed) == []
    nobody = "Claude's comparison counted the new data sources, and I agreed to drop the XML view and the summary as not needed for GitHub. <!-- ev: e197 e200 e203 e205 -->\n"
    lines = problems("G1", nobody)
    assert len(lines) == 1 and "no message of yours in the cited events agrees to it" in lines[0]


# -- results cut short ----------------------------------------------------------------------------------------


def test_a_run_whose_result_never_came_back_shows_no_result() -> None:
    # e284, the session's last event, ran the full export and kept no output (G1 keeps every other run's).
    assert problems("G1", "Then I asked for a full export, and Claude ran it. <!-- ev: e282 e284 -->\n") == []
    told = problems("G1", "Then I asked for a full export, and the full export went through. <!-- ev: e282 e284 -->\n")
    assert len(told) == 1
    assert (
        'outcome: "the full export went through": no result of the run in e284 is in the session (it ends there)'
        in told[0]
    )


def test_the_whole_suite_is_not_one_file_of_it() -> None:
    # e225 ran `python3 -m pytest tests/test_find_project_sessions.py -v`: 3 passed.
    assert problems("G1", "The new tests passed, all three of them. <!-- ev: e225 -->\n") == []
    assert problems("G1", "All the tests passed. <!-- ev: e225 -->\n") == []
    whole = problems("G1", "The whole test suite passed. <!-- ev: e225 -->\n")
    assert len(whole) == 1 and "only part of the suite ran in e225" in whole[0]


def test_a_result_told_in_the_passive_is_a_claim() -> None:
    committed = problems("G1", "The fix went in and was committed. <!-- ev: e225 e230 -->\n")
    assert len(committed) == 1 and "no commit in the session shows this" in committed[0]


# -- times counted from the start -----------------------------------------------------------------------------


def test_a_time_after_the_session_began_counts_from_its_start() -> None:
    # e1 at 09:15:59, e284 at 10:52:28: an hour and 36 minutes.
    ending = 'The session ends {} after it began, with my "can we do a full export first". <!-- ev: e282 e284 -->\n'
    assert problems("G1", ending.format("an hour and a half")) == []
    wrong = problems("G1", ending.format("three hours"))
    assert len(wrong) == 1 and 'number: "three hours"' in wrong[0]


def test_a_credit_resting_on_my_cited_words_is_mine_though_claude_described_something_like_it_before() -> None:
    # e82 my "the folder /mnt/c/python/cctrace_test is empty. can try importing this session…"; e14 and e81,
    # Claude's earlier walkthroughs of a manual test, not cited.
    mine = "Then I suggested a real test: import a session into the empty `/mnt/c/python/cctrace_test` and let me try to resume it. <!-- ev: e82 e85 e87 -->\n"
    assert problems("G1", mine) == []


# -- tests written are not tests run --------------------------------------------------------------------------


def test_tests_added_are_counted_in_the_edit_not_in_the_run() -> None:
    # e223 adds `test_…_underscore_in_project_path` and more (its diff is cut short in the session: "… (22 more
    # changed lines)"); e219's run before it said "1 passed", e225's after it "3 passed".
    added = "Claude added two tests to `tests/test_find_project_sessions.py`, and the run came back with 3 passed. <!-- ev: e219 e223 e225 -->\n"
    assert problems("G1", added) == []
    ran = problems("G1", "The run came back with 4 passed. <!-- ev: e219 e223 e225 -->\n")
    assert len(ran) == 1 and 'number: "4 passed"' in ran[0]


# -- Chinese counts of tests ----------------------------------------------------------------------------------


def test_a_test_class_is_not_a_test() -> None:
    # aa5c5ada-e9 adds a test class to test/test_cache.py; aa5c5ada-e14 runs it: 11 passed.
    assert (
        problems(
            "G2",
            "它先在 `test/test_cache.py` 里加了一个测试类，单独跑这个类是 11 个通过。<!-- ev: aa5c5ada-e2 aa5c5ada-e9 aa5c5ada-e14 -->\n",
        )
        == []
    )


def test_the_verb_after_a_count_says_what_it_counts() -> None:
    # aa5c5ada-e16: 1 failed, 26 passed, 1 skipped.
    told = "接着跑整个文件，有一个旧测试失败了：{} 个通过，1 个跳过。<!-- ev: aa5c5ada-e16 -->\n"
    assert problems("G2", told.format(26)) == []
    wrong = problems("G2", told.format(25))
    assert len(wrong) == 1 and 'number: "25 个"' in wrong[0]


def test_the_tests_a_run_ran_are_its_parts_added_up_never_what_passed() -> None:
    # 37f83ec9-e43: 5 failed, 1 passed.
    assert problems("G2", "第一次运行 6 个测试里 5 个失败。<!-- ev: 37f83ec9-e41 37f83ec9-e43 -->\n") == []
    passed = problems("G2", "第一次运行，6 个测试全部通过。<!-- ev: 37f83ec9-e41 37f83ec9-e43 -->\n")
    assert len(passed) == 1 and 'number: "6 个"' in passed[0]


def test_the_whole_story_is_measured_from_the_start() -> None:
    # D: e1 (my brief) at 13:18:42, e36 (Claude's summary) at 13:50:40.
    whole = "A second octopus merge brought the comparison sections into master. The whole experiment, from my brief to Claude's summary, took {}. <!-- ev: e33 e35 e36 -->\n"
    assert problems("D", whole.format("about half an hour")) == []
    wrong = problems("D", whole.format("about four hours"))
    assert len(wrong) == 1 and 'number: "four hours"' in wrong[0]


# -- session A: a refusal's reason, a build outside the session, a command cut short ---------------------------
# e18 a commit I turned down with "please add transformer.js too first"; e52 my paste of Vercel's build log;
# e83 Claude's "Let me commit and push these changes", e84 `git add -A && git commit -m "Fix relative paths…" …`
# (cut short in the session); e130 "Let me stage and commit", e131 `git commit -m "Update tokenizer…" …`.


def test_the_reason_i_gave_for_turning_a_call_down_is_mine() -> None:
    assert (
        problems(
            "A",
            "Its first commit attempt got turned down: I wanted `transformers.js` copied over first. <!-- ev: e18 e19 e20 -->\n",
        )
        == []
    )


def test_a_build_outside_the_session_is_shown_by_my_report() -> None:
    assert (
        problems(
            "A",
            "The Vercel build log I pasted showed why that still failed: it cloned over SSH. <!-- ev: e52 e53 -->\n",
        )
        == []
    )


def test_a_command_cut_short_after_claude_announced_the_push_may_hold_it() -> None:
    told = "After my HAR showed that only the HTML had loaded, it changed the paths in `index.html` and `tokenizer.js`, committed and pushed them in the tokenizer repo, and updated the submodule. <!-- ev: e70 e75 e82 e84 e86 -->\n"
    assert problems("A", told) == []
    pushed = problems("A", "Claude committed the submodule bump and pushed it. <!-- ev: e130 e131 -->\n")
    assert len(pushed) == 1 and "outcome" in pushed[0]


def test_days_later_are_calendar_days() -> None:
    # 37f83ec9-e158 on Monday 14 July 23:26 UTC; 89488521-e1 on Wednesday 16 July 09:51 UTC: 34 hours, two
    # calendar days.
    before = (
        "我建议直接复用 `session_nav.html`，Claude 照做了。<!-- ev: 37f83ec9-e150 37f83ec9-e154 37f83ec9-e158 -->\n\n"
    )
    then = "{}，我让 TUI 直接打开缓存好的会话页面。<!-- ev: 89488521-e1 89488521-e7 -->\n"
    assert problems("G2", before + then.format("两天后")) == []
    wrong = problems("G2", before + then.format("五天后"))
    assert len(wrong) == 1 and 'number: "五天后"' in wrong[0]


# -- attribution: whom a quote is about is not who says it ----------------------------------------------------


def test_a_possessive_after_a_verb_of_naming_is_whom_the_quote_is_about() -> None:
    # e113 Claude's "That's a key insight!" about my observation (e111).
    assert problems("G1", 'Claude called my renaming observation "a key insight". <!-- ev: e111 e113 -->\n') == []
    mine = problems("G1", 'My renaming observation was, in my words, "a key insight". <!-- ev: e111 e113 -->\n')
    assert any("these are Claude's words (e113)" in line for line in mine)


# -- a relative time counts from the event it names -----------------------------------------------------------


def test_a_time_after_my_message_counts_from_my_message() -> None:
    # e82 my suggestion at 09:35:50; e87 Claude's set-up at 09:46:09; e88 my paste at 09:54:36. The lead-in
    # cites nothing; its `-c` is also found in e1, my first message (09:15:59): no anchor of the sentence.
    before = 'I suggested a shortcut: "the folder /mnt/c/python/cctrace_test is empty." Claude copied the session there. <!-- ev: e79 e81 e82 e85 e87 -->\n\n'
    then = "There is no `/continue`; continuing a session is the `-c` switch. {} after my suggestion, I pasted what it gave me:\n\n```text\nNo conversation found to continue\n```\n\nClaude saw that the copy's `cwd` still pointed at the old folder. <!-- ev: e88 e90 e93 -->\n"
    assert problems("G1", before + then.format("About twenty minutes")) == []
    wrong = problems("G1", before + then.format("About an hour"))
    assert len(wrong) == 1 and 'number: "an hour"' in wrong[0]


# -- what I saw in my own browser -----------------------------------------------------------------------------


def test_what_i_saw_in_my_browser_needs_my_message() -> None:
    # A: e44 my "Still doesn't work, maybe there's a step needed…". G2: 37f83ec9-e150..e158 hold no message of
    # mine about the page, only tests that passed.
    assert problems("A", "I reloaded the page in the browser, and it still didn't work. <!-- ev: e43 e44 -->\n") == []
    opened = problems(
        "G2",
        "多会话渲染测试也是 1 个通过，我在浏览器里打开合并记录页，导航和链接都在。<!-- ev: 37f83ec9-e150 37f83ec9-e154 37f83ec9-e156 37f83ec9-e158 -->\n",
    )
    assert len(opened) == 1 and "no message of yours reports it" in opened[0]


# -- a citation judged by what only one moment says -----------------------------------------------------------


def test_a_citation_whose_quote_and_figures_all_rest_elsewhere_is_wrong_though_a_file_name_fits() -> None:
    # 37f83ec9-e132 my "Oh no, we lost the session navigation…"; e136 the template fixed; e140 "6 passed";
    # e142 test_multi_session_rendering. e5, e9, e15 are the first request for a single link and its edits
    # (e15 edits transcript.html).
    para = "我发现不对：“Oh no, we lost the session navigation section from the combined transcript somehow :(” 它翻看 `transcript.html`，把会话导航加了回来。改完后 6 个测试都通过。<!-- ev: {} -->\n"
    assert problems("G2", para.format("37f83ec9-e131 37f83ec9-e132 37f83ec9-e135 37f83ec9-e136 37f83ec9-e140")) == []
    wrong = problems("G2", para.format("37f83ec9-e5 37f83ec9-e9 37f83ec9-e15"))
    assert len(wrong) == 1 and "citation" in wrong[0] and "not to the events it cites" in wrong[0]


# -- values, pasted logs, text an edit wrote ------------------------------------------------------------------


def test_a_path_given_as_the_new_value_is_no_file_touched() -> None:
    # A e74 "Use `./` prefix for relative paths", e75 two edits of index.html; e9 read public/tokenizer.css.
    assert (
        problems(
            "A", "It changed them to `./tokenizer.css` and `./tokenizer.js` in `index.html`. <!-- ev: e71 e74 e75 -->\n"
        )
        == []
    )


def test_failed_requests_are_shown_by_the_statuses_of_the_log_i_pasted() -> None:
    # A e70: my HAR, five entries, two with "status": 404 (far into the paste).
    assert problems("A", "Two requests failed in the HAR I pasted, out of five. <!-- ev: e70 -->\n") == []


def test_a_run_whose_output_the_session_keeps_only_part_of_shows_no_clean_finish() -> None:
    # G1 e228 ran the exporter `… 2>&1 | head -20`: "Found 15 session(s)", "… (14 more lines)", then
    # "Attempting to identify current session...".
    assert (
        problems(
            "G1",
            "From the test folder, the exporter now found 15 sessions, the imported one included. <!-- ev: e227 e228 e230 -->\n",
        )
        == []
    )
    told = problems(
        "G1",
        "From the test folder, the exporter now found 15 sessions and exported it without a single warning. <!-- ev: e227 e228 e230 -->\n",
    )
    assert len(told) == 1 and "the session keeps only part of what the run in e228 printed" in told[0]
