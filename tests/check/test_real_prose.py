# ruff: noqa: E501, F811  (paragraphs kept on one line as in draft.md; the fixtures of check_support are requested by name)
"""The check on prose written the way a model writes it, about real sessions: the work folders of
bench/check/work (four sessions of ../shared/corpus, English and Japanese, committed with the benchmark). Each
test writes a paragraph or two the way the real-model drafts and their faithful rewrites do, and asserts what
an author would see: the slip reported on its line with what to do, the faithful wording left alone."""

from __future__ import annotations

from typing import Any

import pytest
from check_support import (  # noqa: F401  (_offline, approved_example, check_example: fixtures)
    BENCH_WORK,
    FRONT_MATTER,
    _offline,
    approved_example,
    bench_session,
    check,
    check_example,
    problems,
)

from retell.check.stage import check_draft


def one(post: str, body: str) -> str:
    found = problems(post, body)
    assert len(found) == 1, found
    return found[0]


# -- scope by citation ------------------------------------------------------------------------------------

# A: e22-e35 move the files and edit next.config.js; vercel.json is read at e40 and edited at e41.
MOVE = "Then it switched to my website's repo: a git rm for all four originals, and {file} opened for the redirect."


def test_a_file_touched_elsewhere_is_not_in_the_cited_events() -> None:
    line = one("A", MOVE.format(file="vercel.json") + " <!-- ev: e22 e24 e26 e27 e29 e30 -->\n")
    assert 'path: "vercel.json": not in the cited events (e22, e24, e26, e27…): a tool touched it in e' in line
    assert "→ name the file the cited events touch, or cite e" in line
    assert problems("A", MOVE.format(file="next.config.js") + " <!-- ev: e22 e24 e26 e27 e29 e30 -->\n") == []
    assert problems("A", MOVE.format(file="vercel.json") + " <!-- ev: e39 e40 e41 -->\n") == []


def test_a_file_only_read_there_is_not_one_edited_there() -> None:
    read = "Claude read `package.json` to see how the site builds. <!-- ev: e46 e47 e48 -->\n"
    edited = "Claude edited `package.json` to add the build step. <!-- ev: e46 e47 e48 -->\n"
    assert problems("A", read) == []
    assert "the cited events only read it (e47); no tool there edited or wrote it" in one("A", edited)


def test_a_command_that_ran_elsewhere_and_one_that_never_ran() -> None:
    elsewhere = "To check its work it ran `git status` and found the file staged. <!-- ev: e46 e47 e48 -->\n"
    assert "not in the cited events (e46, e47, e48): it ran in e" in one("A", elsewhere)
    changed = "Claude checked it with `git log --stat -5`. <!-- ev: e125 e127 e129 -->\n"
    line = one("A", changed)
    assert "never run in the session" in line and "closest: e127" in line
    assert problems("A", changed.replace("--stat", "--oneline")) == []


def test_a_url_route_and_a_product_are_not_files() -> None:
    body = "The rewrites map /tokenizer.css and /favicons/token.svg under /tokenizer/, on Next.js. <!-- ev: e146 -->\n"
    assert [line for line in problems("A", body) if ": path: " in line] == []


# -- outcomes ---------------------------------------------------------------------------------------------


def test_a_failed_test_run_told_as_passing_stops_strict(check_example: Any) -> None:
    body = "On the branch, Claude ran the suite again and the tests passed. <!-- ev: e20 -->\n"
    report = check_example(FRONT_MATTER + body)
    (line,) = report.lines()
    assert ': outcome: "' in line and "the test run in e20 failed (Exit code 1)" in line
    assert line.endswith("[stops render --strict]")
    failed = "On the branch, Claude ran the suite again and two tests failed. <!-- ev: e20 -->\n"
    assert check_example(FRONT_MATTER + failed).lines() == []
    passed = "Once the cache stored bytes, the tests passed. <!-- ev: e56 e57 -->\n"
    assert check_example(FRONT_MATTER + passed).lines() == []


def test_a_failed_call_of_any_tool_bears_out_a_failed_tool_call() -> None:
    """The offline engine's "1 of those 5 tool calls failed" cites a rejected MultiEdit; a KillShell that found
    the shell gone is a failed call too: neither is only a command, a read or an edit."""
    assert problems("B", "It tried to stop the dev server, and the tool call failed. <!-- ev: e84 -->\n") == []


def test_a_citation_under_a_shell_block_is_no_command_of_it() -> None:
    """A model cites a code block on the line after its closing fence; the fence is then no longer the block's
    last line, and was read as a command "```" that never ran."""
    body = "It ran the checks:\n\n```bash\nnpm run build\n```\n<!-- ev: e1 -->\n"
    assert not [line for line in problems("B", body) if '"```"' in line]


def test_a_push_the_cited_events_do_not_show() -> None:
    body = "So it committed only the submodule bump, pushed, and summed up. <!-- ev: e129 e130 e131 e132 -->\n"
    line = one("A", body)
    assert ": outcome: " in line and "the push is not in the cited events" in line and "cite e20" in line
    assert problems("A", "Claude copied the file, committed and pushed. <!-- ev: e19 e20 -->\n") == []


def test_a_result_in_the_browser_needs_the_author_to_report_it() -> None:
    seen = "When I opened the page, recording worked first time. <!-- ev: e82 e111 -->\n"
    line = one("B", seen)
    assert "nothing in the cited events shows it (no message of yours reports it, no run checks it)" in line
    assert "→ say what the session shows, or mark it <!-- ok --> if you saw it yourself" in line
    redirect = "After that deploy the redirect worked. <!-- ev: e43 e44 -->\n"
    assert "your message in the cited events says it did not work" in one("A", redirect)  # "Still doesn't work"
    assert problems("A", "Claude fixed the redirect in vercel.json. <!-- ev: e41 -->\n") == []  # an edit, not a claim


def test_a_subagent_retried_needs_a_second_run() -> None:
    body = "1体目は入力を直して再実行され、今度は正常に終わった。<!-- ev: e6 e7 -->\n"
    assert "no subagent in the session was run a second time on the same task" in one("C", body)


# -- attribution ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        "\"Still doesn't work, maybe there's a step needed to have the submodule checked out during Vercel build?\" I asked. <!-- ev: e44 -->",
        '"Still doesn\'t work," I replied, "maybe there\'s a step needed to have the submodule checked out during Vercel build?" <!-- ev: e44 -->',
        "I wrote: \"Still doesn't work, maybe there's a step needed to have the submodule checked out during Vercel build?\" Claude agreed at once. <!-- ev: e44 e45 -->",
    ],
    ids=["after", "split", "lead, then a new sentence"],
)
def test_a_quote_is_attributed_before_after_or_around_it(body: str) -> None:
    report = check("A", body + "\n")
    assert report.lines() == []
    assert {f.claim.kind for f in report.findings if f.claim.kind.endswith("quote")} == {"author quote"}


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            "\"Vercel doesn't have SSH keys set up, so it can't clone via the git@github.com: URL,\" I added. <!-- ev: e52 e53 -->",
            "Claude's words (e53), not yours",
        ),
        (
            'Claude suggested "maybe we should use the https repo address". <!-- ev: e52 e53 -->',
            "your words (e52), not Claude's",
        ),
        (
            "私が「CLAUDE.md を最新の状態にアップデートしてください」と頼んだのではなく、Claude が「CLAUDE.md を最新の状態にアップデートしてください」と書いた。<!-- ev: e1 -->",
            "your words (e1), not Claude's",
        ),
    ],
    ids=["after the quote", "Claude suggested", "Japanese"],
)
def test_a_quote_traced_to_the_other_speaker_is_reported_as_moved(body: str, words: str) -> None:
    post = "C" if "CLAUDE.md" in body else "A"
    line = one(post, body + "\n")
    assert f"these are {words}" in line and line.endswith("[stops render --strict]")


# -- numbers ----------------------------------------------------------------------------------------------


def test_counts_of_things_diff_sizes_and_versions() -> None:
    assert "no event gives this number" in one("D", "Claude filed 172 tasks on the board. <!-- ev: e6 -->\n")
    diff = "The first octopus merge brought in 3 new files and 512 insertions. <!-- ev: e36 -->\n"
    line = one("D", diff)
    assert '"512 insertions"' in line and "closest: 333" in line and line.endswith("[stops render --strict]")
    assert problems("D", diff.replace("512", "333")) == []
    assert problems("A", "The build log said Next.js 13.0.2. <!-- ev: e52 -->\n") == []
    assert "no event names this version" in one("A", "The build log said Next.js 13.4.1. <!-- ev: e52 -->\n")


def test_ranges_and_approximations_borne_out_by_the_session() -> None:
    brief = "Each brief set a target of roughly 500 to 800 words. <!-- ev: e9 e10 e11 -->\n"
    assert problems("D", brief) == []
    assert problems("D", brief.replace("500 to 800", "2,000 to 3,000")) != []
    assert (
        problems(
            "A",
            "It took two sittings, about 40 minutes the first night and about twelve minutes the next day. <!-- ev: e1 e132 e133 e146 -->\n",
        )
        == []
    )


def test_relative_times_are_gaps_between_events_not_lengths() -> None:
    # e43 (00:08:54) -> e44 (00:10:49); e55 (00:13:55) -> e56 (00:16:44); chapter 1 lasted 39 minutes.
    assert problems("A", "Two minutes later it still didn't work. <!-- ev: e43 e44 e45 -->\n") == []
    assert (
        problems("A", "Under three minutes after Claude's switch, I pasted the console. <!-- ev: e55 e56 -->\n") == []
    )
    line = one("A", "Half an hour after Claude's switch, I pasted the console. <!-- ev: e55 e56 -->\n")
    assert "no two events near this paragraph are that far apart" in line
    assert problems("A", "Twelve hours or so later I was back. <!-- ev: e132 e133 -->\n") == []


def test_a_compound_duration_is_one_claim() -> None:
    report = check(
        "D", "From my first message to the final merge took an hour and fifty-nine minutes. <!-- ev: e1 e39 -->\n"
    )
    assert [f.claim.text for f in report.findings if f.claim.kind == "number"] == ["an hour and fifty-nine minutes"]
    assert report.ok


def test_units_must_agree(check_example: Any) -> None:
    """A count of tests is only what a test run says: not twelve tool calls, not the commands run."""
    body = "Claude read the fetch code, and all 12 tests passed. <!-- ev: e4 e5 e7 e8 e11 -->\n"
    line = check_example(FRONT_MATTER + body).lines()[0]
    assert '"12 tests"' in line and line.endswith("[stops render --strict]")
    found = problems("C", "Claude が走らせた12個のテストはすべて通った。<!-- ev: e14 -->\n")  # no test ever ran
    assert any(': number: "12個": no test run in the session states a count of tests' in line for line in found)
    assert any(": outcome: " in line and "no test run in the session shows this" in line for line in found)


def test_what_the_facts_line_says_traces() -> None:
    """The prompts' facts say "Active time: 19 min, spread over 2 days (2025-11-17 to 2025-11-18)": said in
    the post, it traces."""
    assert problems("B", "It took 19 minutes of active time, spread over two days. <!-- ev: e1 e111 -->\n") == []
    assert problems("B", "It was spread over three days. <!-- ev: e1 e111 -->\n") != []


# -- tidy-ups and translations ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("body", "post"),
    [
        (
            'I stopped it: "please add transformers.js too, first" <!-- cleaned: e18 -->. <!-- ev: e18 -->',
            "A",
        ),  # typo, comma
        (
            '"The redirection doesn\'t work :( we might need to move it to @vercel.json?" <!-- cleaned: e37 --> I wrote. <!-- ev: e37 -->',
            "A",
        ),  # spacing
        (
            'I said: "I have both Node and Python, but I do not want to make it only work for me." <!-- ev: e26 -->',
            "B",
        ),  # contraction
        ("> OK, fine, let's do Vite\n\n<!-- ev: e29 -->", "B"),  # case
    ],
    ids=["typo", "spacing", "contraction", "case"],
)
def test_tidied_real_quotes_pass(body: str, post: str) -> None:
    assert problems(post, body + "\n") == []


def test_a_translated_quote_keeps_names_and_numbers_both_ways() -> None:
    ja = "報告がそろうと、Claude は「CLAUDE.md を最新のプロジェクト情報で更新します」<!-- translated: e11 -->と告げた。<!-- ev: e11 -->\n"
    assert problems("C", ja) == []
    assert "it has readme.md, which e11 does not" in one("C", ja.replace("CLAUDE.md を", "README.md を"))
    en = 'I typed one line: "Please update @CLAUDE.md to the latest state" <!-- translated: e1 --> and let it run. <!-- ev: e1 -->\n'
    assert problems("C", en) == []
    assert "it has readme.md, which e1 does not" in one("C", en.replace("@CLAUDE.md", "@README.md"))
    moved = (
        "私は「CLAUDE.md を最新のプロジェクト情報で更新します」<!-- translated: e11 -->と念を押した。<!-- ev: e11 -->\n"
    )
    assert "a translation of Claude's words (e11), not yours" in one("C", moved)


# -- Chinese, Japanese, Korean ----------------------------------------------------------------------------


def test_japanese_quotes_numbers_and_times() -> None:
    said = "私が送ったのは「/orchestrator @CLAUDE.md を最新の状態にアップデートしてください」という一文だけだった。<!-- ev: e1 -->\n"
    assert problems("C", said) == []
    invented = "私が送ったのは『CLAUDE.md を全部書き直してください』という一文だけだった。<!-- ev: e1 -->\n"
    assert "you never wrote this in the session" in one("C", invented)
    assert problems("C", "構造担当は40秒足らずでツールを6回使った。<!-- ev: e9 -->\n") == []
    assert "number" in one("C", "構造担当は40秒足らずでツールを11回使った。<!-- ev: e9 -->\n")
    assert problems("C", "依頼から最後の報告までが2分23秒。<!-- ev: e1 e16 -->\n") == []
    assert "number" in one("C", "依頼から最後の報告までが12分23秒。<!-- ev: e1 e16 -->\n")
    assert problems("C", "2体のサブエージェントが使ったトークンは合わせて3万4千ほどだった。<!-- ev: e7 e9 -->\n") == []


def test_a_lone_question_mark_is_not_a_quote() -> None:
    report = check("C", "私はただ「？」と思った。<!-- ev: e1 -->\n")
    assert [f for f in report.findings if f.claim.kind.endswith("quote")] == []


def test_paraphrase_in_japanese_is_measured_on_its_characters() -> None:
    told = "最後の報告は日本語で、技術スタック、プロジェクト構造、開発コマンド、サーバー情報の更新を項目ごとに並べていた。<!-- ev: e16 -->\n"
    assert problems("C", told) == []
    assert "share little with the paragraph" in one("C", told.replace("e16", "e1"))


# -- messages and the gate --------------------------------------------------------------------------------


def test_not_checked_is_never_a_problem() -> None:
    report = check(
        "C", "英語で返ってきたその一文を訳すと、「まず現在の構造を分析し、それに合わせて更新します」。<!-- ev: e2 -->\n"
    )
    assert report.ok and report.count("unchecked") == 1
    assert report.summary().endswith("; nothing untraced (1 not checked: nothing in it can be compared)")


def test_a_quote_may_run_past_where_the_session_cut_a_text() -> None:
    """The session keeps a commit command cut short ("…in submod…"): a quote of the whole message is not
    reported for the words past the cut, but a change before it is."""
    whole = 'Its commit message said "Add base tag to fix asset path resolution in submodule deployment". <!-- ev: e109 -->\n'
    assert problems("A", whole) == []
    assert problems("A", whole.replace("fix asset path", "fix the routing")) != []


def test_a_list_s_numbering_left_out_of_a_quote() -> None:
    body = 'Claude listed the steps: "Initialize and update git submodules (`git submodule update --init --recursive`) Then run your normal build command (`npm run build`)". <!-- ev: e51 -->\n'
    assert problems("A", body) == []


@pytest.mark.parametrize("post", ["A", "B", "C", "D"])
def test_every_problem_says_what_is_wrong_and_what_to_do(post: str) -> None:
    """On the blind set's planted rewrites (dev variant), every finding has a reason and advice, and a line
    that stops --strict says so."""
    text = (BENCH_WORK.parent / "blind" / "dev" / post / "planted.md").read_text(encoding="utf-8")
    triage, parsed, view = bench_session(post)
    report = check_draft(text, view, parsed.manifest, triage, log=parsed.log)
    assert report.problems
    for finding in report.problems:
        assert finding.reason and finding.advice, report.line(finding)
        assert report.line(finding).endswith("[stops render --strict]") == finding.blocking


def test_a_count_of_things_the_cited_events_count_otherwise() -> None:
    """e133: "…we end up with two failed requests…". Three is reported; a count nobody in the session gives
    ("three routes") is the writer's own and not a claim."""
    assert problems("A", "It answered with two failed requests. <!-- ev: e133 -->\n") == []
    assert "the cited events count requests otherwise (2 in e133)" in one(
        "A", "It answered with three failed requests. <!-- ev: e133 -->\n"
    )
    assert check("A", "It set out three routes. <!-- ev: e2 e3 e4 -->\n").ok


def test_heavier_retellings_of_session_d_trace() -> None:
    """Details a writer picks from the events themselves: short commit hashes, subagent run times and tool
    uses, per-chapter counts, a speaker who goes on speaking in one sentence."""
    body = (
        "Carol reported her commit as `5ea305f`, and the round-two commits were `9877e04` and `3fd7533`. <!-- ev: e11 e28 e30 -->\n\n"
        "Alice's run took about 13 and a half minutes and 24 tool uses; carol finished in roughly seven and a half minutes. <!-- ev: e9 e11 -->\n\n"
        'Claude called the plan "Round 2 dispatched to alice, bob, carol." and said it was "Waiting for their replies to come in." I waited. <!-- ev: e19 -->\n'
    )
    assert problems("D", body) == []
    assert "no event names it" in one("D", "The round-two commit was `3fd7534`. <!-- ev: e30 -->\n")


def test_a_mixed_report_is_no_denial_and_a_task_name_is_no_speech() -> None:
    assert problems("A", "After the next deploy the base tag worked. <!-- ev: e133 -->\n") == []  # "does the job, but…"
    label = "サブエージェントの1体目「Analyze project structure」は InputValidationError で止まった。<!-- ev: e6 -->\n"
    assert problems("C", label) == []


def test_a_diff_the_cited_events_state_otherwise_stops_strict(check_example: Any) -> None:
    body = "Claude committed it on the branch: 5 files, {diff}. <!-- ev: e77 e78 -->\n"
    assert check_example(FRONT_MATTER + body.format(diff="+70 / -12")).ok
    report = check_example(FRONT_MATTER + body.format(diff="+170 / -12"))
    (line,) = report.lines()
    assert "the session states another diff (+70 in e78)" in line and line.endswith("[stops render --strict]")


# -- round two: what the heavier retellings showed ----------------------------------------------------------

# D: alice's subagent (e9) wrote 873 words (e9.20); each round-two agent (e28-e30) made 6 or 7 tool calls;
# e11 states carol's target as a range ("500–800 words") and her ~920 words; carol's fetches in e11.4 and e11.6
# failed with a 404 and a 504, bob's subagent (e10) fetched nothing.


def test_a_bare_figure_takes_the_unit_of_the_count_before_it() -> None:
    trimmed = "Alice's document measured 873 words, and a few trims later it went down to {n}. <!-- ev: e9 -->\n"
    line = one("D", trimmed.format(n=610))
    assert ': number: "610": ' in line and "no event or figure of the session states it" in line
    assert problems("D", "Alice's document measured 873 words in the end. <!-- ev: e9 -->\n") == []


def test_a_count_of_each_is_never_a_sum_of_what_it_cites() -> None:
    each = "The second-round helpers made {n} tool calls each before they reported. <!-- ev: e28 e29 e30 -->\n"
    assert ': number: "13 tool calls": ' in one("D", each.format(n="13"))
    assert problems("D", each.format(n="six or seven")) == []


def test_a_range_the_session_sets_as_a_target_does_not_state_an_exact_figure() -> None:
    exact = "Carol's write-up came in at 640 words. <!-- ev: e11 -->\n"
    assert ': number: "640 words": ' in one("D", exact)
    assert problems("D", "Carol's write-up came in at about 920 words. <!-- ev: e11 -->\n") == []


def test_a_fetch_that_failed_is_read_from_the_fetches_and_a_domain_does_not_end_a_clause() -> None:
    failed = "One of carol's fetches, steveyegge.github.io's project page, failed with a 404. <!-- ev: e11 -->\n"
    assert problems("D", failed) == []
    bob = "Bob's web fetch of the Agent tool's docs failed, so he worked from the tool schemas. <!-- ev: e10 -->\n"
    line = one("D", bob)
    assert ": outcome: " in line and "the fetch is not in the cited events" in line


# C (Japanese): e4 ran two searches; the subagent of e9 finished, but one of its commands (e9.2, `tree`) failed;
# the subagent of e7 took 21 s.


def test_a_japanese_ordinal_is_no_count_and_the_subject_nearest_the_verb_is_what_failed() -> None:
    second = "2体目のエージェントはパッケージ設定を確認した。<!-- ev: e7 -->\n"
    assert problems("C", second) == []
    failed = "3体目は構成を調べたが、途中で `tree` コマンドがエラーで失敗した。<!-- ev: e9 -->\n"
    assert problems("C", failed) == []
    line = one("C", "3体目は構成を調べたが、途中でエージェント自体が失敗した。<!-- ev: e9 -->\n")
    assert ": outcome: " in line and "the subagent of e9 finished" in line


def test_a_japanese_time_of_one_unit_in_digits_and_a_count_of_searches_are_checked() -> None:
    assert problems("C", "パッケージ設定の確認は20秒ほどで終わった。<!-- ev: e7 -->\n") == []
    assert ': number: "10分' in one("C", "パッケージ設定の確認は10分ほどで終わった。<!-- ev: e7 -->\n")
    assert ': number: "1分": ' in one("C", "CLAUDE.md を読み直すのに1分かかった。<!-- ev: e12 e13 -->\n")  # 4 s
    assert problems("C", "CLAUDE.md を読み直すのに4秒かかった。<!-- ev: e12 e13 -->\n") == []
    assert ': number: "5回' in one("C", "Claude はまず5回検索した。<!-- ev: e4 -->\n")
    assert problems("C", "Claude はまず2回検索した。<!-- ev: e4 -->\n") == []


# B: Claude listed dev servers (e28) and I answered "ok, fine, let's do vite" (e29); nobody proposed Netlify or
# a staging branch.


def test_a_shared_decision_needs_someone_near_it_to_have_proposed_it() -> None:
    invented = "We agreed to keep a staging branch for the audio experiments. <!-- ev: e26 e28 e29 -->\n"
    line = one("B", invented)
    assert ": credit: " in line and "nobody in the cited events proposed this" in line
    assert "mark it <!-- ok --> if it was decided elsewhere" in line
    assert problems("B", "We agreed to serve the app with a Vite dev server. <!-- ev: e26 e28 e29 -->\n") == []
    assert problems("B", "Whatever we chose had to work on anyone's machine. <!-- ev: e26 -->\n") == []


def test_the_one_who_picked_from_a_list_chose_it() -> None:
    assert problems("B", "I chose Vite over the other dev servers on offer. <!-- ev: e28 e29 -->\n") == []
