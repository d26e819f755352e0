# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Round six of `retell check` on real prose: each class of miss and false alarm the holdouts of both blind sets
showed, fixed by a rule, and tested here on sentences written for the test (not the sets') about the same
sessions (bench/check/work): the faithful wording left alone, the slip of the same class reported.

A (Vercel, tokenizer): e44 my "Still doesn't work, maybe there's a step needed…"; e52 the Vercel build log I
pasted (it ran `git submodule update --init --recursive && yarn run build`); e69 Claude's "Try committing and
deploying this!"; e70 my HAR of five requests (`"name": "x-matched-path", "value": "/404"`); e145 a commit at
12:33, e146 Claude's summary eleven minutes later.
B (Web Audio): e7, e9, e11 read eight files; e87 Claude's summary; e97 two edits of js/lib/recorder.js; e111
Claude's wrap-up listing recorder.js and drone.js (edited in e9-e103, not in e111).
C (Japanese): e1 my /init at 09:52:03, e3 and e5 task lists at 09:52:09 and 09:52:15.
D (worktrees): e10 bob, who loaded the skill my-worktree-actors; e22 my question at 13:45:02; e27 Claude's
"Worktrees are clean and still at round-1 commits — no uncommitted work." at 13:46:01; e38 the recap: "No
next action unless you want to inspect the docs or push."
G1 (cctrace): e44 `SELECT COUNT(*) … FROM base_messages` printing 255; e88 and e141 terminals I pasted
(`claude --dangerously-skip-permissions --verbose -c`, `… -r`), e141 opening with my "still no"; e103 my
"…a json file oir is that somewhere else?"; e183 my "we would want to include all sources…".
G2 (five English sessions told in Chinese, 13-17 July 2025): aa5c5ada-e22 a run of 27 passed, 1 skipped;
37f83ec9-e5 my "I didn't find those cross-session navigation links helpful"; 37f83ec9-e85 my question, e86
Claude's "We don't need `_generate_html_with_combined_link` at all… Let me remove the unnecessary function"."""

from __future__ import annotations

from check_support import check, problems

from retell.check.amounts import amounts

# -- commands run outside Claude's tools --------------------------------------------------------------------


def test_a_command_shown_by_a_log_the_author_pasted_ran_there() -> None:
    ran = "Vercel's build ran `git submodule update --init --recursive && yarn run build` and stopped at the SSH clone. <!-- ev: e52 -->\n"
    assert problems("A", ran) == []
    changed = "Vercel's build ran `git submodule update --init --remote && yarn run build` and stopped at the SSH clone. <!-- ev: e52 -->\n"
    assert any("command" in line for line in problems("A", changed))


def test_a_command_i_typed_is_borne_out_by_the_terminal_i_pasted() -> None:
    assert problems("G1", "In my own terminal I then typed `claude -c`, and it found nothing. <!-- ev: e88 -->\n") == []
    assert problems("G1", "What settled it was me running `claude -r` myself. <!-- ev: e141 -->\n") == []


# -- who says the words ------------------------------------------------------------------------------------


def test_a_quote_that_ends_its_sentence_is_not_said_by_the_next_sentences_subject() -> None:
    mine = "A moment later: \"Still doesn't work, maybe there's a step needed to have the submodule checked out during Vercel build?\" Claude agreed that Vercel does not fetch submodules by itself. <!-- ev: e44 e49 -->\n"
    assert problems("A", mine) == []


def test_a_quote_opening_its_own_sentence_takes_the_speaker_named_after_it() -> None:
    moved = 'Claude added the rewrites to next.config.js. "Try committing and deploying this!" I told Claude, without much hope. <!-- ev: e66 e69 -->\n'
    assert any("these are Claude's words (e69)" in line for line in problems("A", moved))


def test_a_possessive_after_a_word_of_time_is_not_the_speaker() -> None:
    told = 'Its reply came a minute after my question: "Worktrees are clean and still at round-1 commits — no uncommitted work." <!-- ev: e22 e27 -->\n'
    assert problems("D", told) == []


def test_a_short_quote_with_its_speaker_named_right_before_is_checked() -> None:
    moved = 'Claude looked once more and reported "still no". <!-- ev: e140 e141 -->\n'
    assert any("these are your words (e141)" in line for line in problems("G1", moved))
    assert not check("G1", moved).blocking  # two words: never sure enough to stop --strict
    assert problems("G1", 'I looked once more and wrote "still no". <!-- ev: e140 e141 -->\n') == []


def test_it_speaking_in_a_chinese_post_is_claude_and_it_spoken_to_is_not() -> None:
    moved = "它听完先说了一句“I didn't find those cross-session navigation links helpful”。<!-- ev: 37f83ec9-e4 37f83ec9-e5 -->\n"
    assert any("these are your words (37f83ec9-e5)" in line for line in problems("G2", moved))
    mine = (
        "我打断它问：“Do we even need _generate_html_with_combined_link then?”<!-- ev: 37f83ec9-e84 37f83ec9-e85 -->\n"
    )
    assert problems("G2", mine) == []


def test_a_mistyped_short_word_may_be_fixed_under_cleaned() -> None:
    tidied = 'I asked: "is there supposed to be a json file or is that somewhere else?" <!-- cleaned: e103 --> <!-- ev: e103 -->\n'
    assert problems("G1", tidied) == []
    changed = 'I asked: "is there supposed to be a json file and is that somewhere else?" <!-- cleaned: e103 --> <!-- ev: e103 -->\n'
    assert any("author quote" in line for line in problems("G1", changed))


# -- what a written thing says, what a condition says -------------------------------------------------------


def test_what_a_note_says_is_no_outcome() -> None:
    told = "The old banner came out of index.html, replaced by a note that the app works in every modern browser. <!-- ev: e75 e77 e87 -->\n"
    assert problems("B", told) == []


def test_what_i_might_want_is_no_decision_of_mine() -> None:
    told = "The recap said nothing was left to do unless I wanted to inspect the docs or push. <!-- ev: e38 -->\n"
    assert problems("D", told) == []


# -- files ---------------------------------------------------------------------------------------------------


def test_a_file_a_cited_summary_lists_is_in_the_cited_events() -> None:
    listed = "Its wrap-up listed the two files it had updated, recorder.js and drone.js. <!-- ev: e111 -->\n"
    assert problems("B", listed) == []
    other = "Its wrap-up listed the two files it had updated, recordLive.js and drone.js. <!-- ev: e111 -->\n"
    assert any('path: "recordLive.js"' in line for line in problems("B", other))


def test_edits_to_a_file_are_an_edit_of_that_file() -> None:
    assert problems("B", "Claude made two edits to `js/lib/recorder.js`. <!-- ev: e97 -->\n") == []
    wrong = problems("B", "Claude made two edits to `js/recordLive.js`. <!-- ev: e97 -->\n")
    assert any('path: "js/recordLive.js": not in the cited events' in line for line in wrong)


def test_files_read_are_counted_from_the_cited_reads() -> None:
    assert problems("B", "Claude read eight files in three batches. <!-- ev: e7 e9 e11 -->\n") == []
    wrong = problems("B", "Claude read eleven files in three batches. <!-- ev: e7 e9 e11 -->\n")
    assert any('"eleven files": the cited events read 8 file(s)' in line for line in wrong)
    # fewer may be a part of them: left alone
    assert problems("B", "Claude read two files first, then six more. <!-- ev: e7 e9 e11 -->\n") == []


def test_a_name_given_as_a_name_is_a_claim() -> None:
    assert problems("D", "Bob loaded a skill called my-worktree-actors first. <!-- ev: e10 -->\n") == []
    invented = problems("D", "Bob loaded a skill called team-worktree-kit first. <!-- ev: e10 -->\n")
    assert any('code: "team-worktree-kit": no event names it' in line for line in invented)
    # a name of an idea, not of a thing of software: no claim
    assert problems("D", "Bob compared it with a pattern called copy-on-write. <!-- ev: e10 -->\n") == []


# -- numbers -------------------------------------------------------------------------------------------------


def test_a_header_of_a_pasted_har_is_its_name_and_value() -> None:
    assert problems("A", "Both 404s carried `x-matched-path: /404`. <!-- ev: e70 -->\n") == []
    assert any(
        "x-matched-path: /500" in line
        for line in problems("A", "Both carried `x-matched-path: /500`. <!-- ev: e70 -->\n")
    )


def test_more_requests_than_the_pasted_list_holds_is_reported() -> None:
    assert problems("A", "The HAR I attached held five requests. <!-- ev: e70 -->\n") == []
    wrong = problems("A", "The HAR I attached held nine requests. <!-- ev: e70 -->\n")
    assert any('"nine requests": the cited events hold 5 request entries' in line for line in wrong)


def test_a_count_a_cited_query_printed_is_not_the_sessions_own_count() -> None:
    assert problems("G1", "The database turned out to hold 255 messages. <!-- ev: e44 -->\n") == []


def test_a_count_followed_by_its_list_is_the_list() -> None:
    told = "The fix came with two new tests, `test_find_project_sessions_handles_underscore_in_project_path` and `test_find_project_sessions_handles_multiple_special_chars`.\n"
    assert problems("G1", told) == []


def test_a_chinese_count_of_what_passed_is_a_test_count() -> None:
    assert problems("G2", "整个文件 27 个通过、1 个跳过。<!-- ev: aa5c5ada-e20 aa5c5ada-e22 -->\n") == []
    assert any(
        '"29 个": no event or figure of the session states it' in line
        for line in problems("G2", "整个文件 29 个通过、1 个跳过。<!-- ev: aa5c5ada-e20 aa5c5ada-e22 -->\n")
    )


# -- times ---------------------------------------------------------------------------------------------------


def test_a_weekday_given_with_its_date_is_checked_as_that_date() -> None:
    assert problems("G2", "从 7 月 13 日周日到 17 日周四，我开了五次会话。<!-- ev: 37f83ec9-e85 -->\n") == []
    wrong = problems("G2", "从 7 月 13 日周一开始，我开了五次会话。<!-- ev: 37f83ec9-e85 -->\n")
    assert any("7/13 is no Monday" in line for line in wrong)


def test_a_time_counted_from_my_message_is_the_gap_from_it() -> None:
    assert problems("C", "タスクリストを作り直すまで、依頼から10秒ほどだった。<!-- ev: e3 e5 -->\n") == []
    assert any(
        "2分" in line
        for line in problems("C", "タスクリストを作り直すまで、依頼から2分ほどだった。<!-- ev: e3 e5 -->\n")
    )


def test_a_full_day_is_a_day_not_a_change_of_date() -> None:
    (full,) = amounts("a full day later")
    assert full.value == 1440 and full.relative and full.full
    wrong = problems("A", "Its summary came a full day after that commit. <!-- ev: e145 e146 -->\n")
    assert any('"a full day"' in line for line in wrong)
    assert problems("A", "Its summary came eleven minutes after that commit. <!-- ev: e145 e146 -->\n") == []


# -- decisions -----------------------------------------------------------------------------------------------


def test_leaving_several_words_out_is_a_drop() -> None:
    wrong = problems("G1", "We agreed to leave the empty sources out of the export. <!-- ev: e183 -->\n")
    assert any("told the other way round" in line for line in wrong)


def test_a_decision_told_in_chinese_of_english_messages_is_compared_by_its_direction() -> None:
    agreed = "我问要不要这个函数，我们商定删掉它。<!-- ev: 37f83ec9-e85 37f83ec9-e86 -->\n"
    assert problems("G2", agreed) == []
    wrong = problems("G2", "我问要不要这个函数，我们商定先保留它。<!-- ev: 37f83ec9-e85 37f83ec9-e86 -->\n")
    assert any("credit" in line and "told the other way round: 37f83ec9-e86" in line for line in wrong)
    report = check("G2", "我问要不要这个函数，我们商定先保留它。<!-- ev: 37f83ec9-e85 37f83ec9-e86 -->\n")
    assert not report.blocking  # words across languages: never sure enough to stop --strict


# -- outcomes ------------------------------------------------------------------------------------------------


def test_how_a_call_failed_is_a_claim_too() -> None:
    # D e9.6: alice's fetch of claudelog.com failed with "Request failed with status code 403"
    assert problems("D", "One of alice's fetches failed with a 403. <!-- ev: e9 -->\n") == []
    wrong = problems("D", "One of alice's page fetches timed out. <!-- ev: e9 -->\n")
    assert any("did not time out (Request failed with status code 403)" in line for line in wrong)


def test_a_recording_that_played_back_is_an_outcome_the_session_must_show() -> None:
    wrong = problems("B", "A first test recording played back cleanly. <!-- ev: e111 -->\n")
    assert any("outcome" in line and "nothing in the cited events shows it" in line for line in wrong)


def test_a_page_that_opened_in_a_chinese_post_is_an_outcome_the_session_must_show() -> None:
    # G2 89488521: the session only edits tui.py; nothing is run or opened
    wrong = problems("G2", "改完以后在 TUI 里按一下，页面就直接打开了。<!-- ev: 89488521-e7 89488521-e9 -->\n")
    assert any("outcome" in line and "nothing in the cited events shows it" in line for line in wrong)


def test_a_japanese_decision_with_no_one_named_is_the_narrators_and_must_be_in_the_session() -> None:
    # C e1: my only request, "@CLAUDE.md を最新の状態にアップデートしてください"; e16 Claude's closing report
    assert problems("C", "まず CLAUDE.md を最新の状態にアップデートすることに決めた。<!-- ev: e1 -->\n") == []
    invented = problems("C", "二重構造は、次のセッションで components/ 側にまとめることに決めた。<!-- ev: e16 -->\n")
    assert any("credit" in line for line in invented)
