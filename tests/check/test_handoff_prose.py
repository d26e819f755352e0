# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Slips and faithful wording found in a real model's post written through the hand-off engine: session F of
bench/check/work (../shared/corpus's ai-music session, nine minutes long: a README's idea turned into
`ai_music.py`, then a conda environment that would not stay active). The prose is written for these tests,
the way the drafts write."""

from __future__ import annotations

from check_support import problems


def test_a_relative_time_in_an_uncited_opening_may_be_the_whole_sessions_span() -> None:
    opening = "I had a README describing an odd idea and a repository with almost nothing in it. {time} later Claude had written the program, and I had learned something about conda.\n"
    assert problems("F", opening.format(time="Nine minutes")) == []
    assert problems("F", opening.format(time="Ten minutes")) == []  # rounded as people round
    line = problems("F", opening.format(time="Forty minutes"))
    assert len(line) == 1 and 'number: "Forty minutes": no two events in the session are that far apart' in line[0]
    assert "(closest: 9 min, the chapter's length)" in line[0]


def test_a_module_and_a_name_imported_from_it_are_borne_out_by_the_import_line() -> None:
    # ai_music.py (e18) has `from scipy import signal`; nothing in the session writes scipy.signal.
    imports = "The header says what it is for, and the imports follow the requirements: `numpy`, `{name}`, `sounddevice` and matplotlib. <!-- ev: e18 -->\n"
    assert problems("F", imports.format(name="scipy.signal")) == []
    line = problems("F", imports.format(name="scipy.fftpack"))
    assert len(line) == 1 and 'code: "scipy.fftpack": no event names it' in line[0]


def test_an_output_the_session_never_kept_is_reported() -> None:
    # e33 ran `source activate aie311` and `echo $CONDA_DEFAULT_ENV`; the session kept neither's output.
    told = "So Claude tried `source activate aie311` and checked with `echo $CONDA_DEFAULT_ENV`, which still printed `base`. <!-- ev: e32 e33 e34 -->\n"
    line = problems("F", told)
    assert len(line) == 1
    assert (
        'output: "base": output not in the session: the run of `echo $CONDA_DEFAULT_ENV` (e33) kept no output'
        in line[0]
    )
    assert "mark it <!-- ok --> if you saw it" in line[0] and "stops render --strict" not in line[0]
    # What Claude read out of a run right after it is the run's output; a command only named prints nothing.
    assert (
        problems(
            "F", "I asked which environment I was in, and `conda info --envs` showed `base`. <!-- ev: e29 e30 e31 -->\n"
        )
        == []
    )
    assert (
        problems(
            "F",
            "Claude checked `python --version`, then made the environment with `conda create -n aie311 python=3.11 -y`. <!-- ev: e22 e23 -->\n",
        )
        == []
    )
    assert problems("F", "Claude wanted `echo $CONDA_DEFAULT_ENV` to print `aie311`. <!-- ev: e32 e33 e34 -->\n") == []


# -- heavier retellings of session A (the tokenizer moved into a submodule) ----------------------------------


def test_a_credit_echoed_later_by_claude_stays_with_whoever_asked() -> None:
    # e1: "not very inviting for other people to collaborate with"; Claude's closing summary (e36, far from
    # e1) says "easier for others to ... contribute to". The author asked first.
    wanted = "I wanted the tokenizer in a repository of its own that others could contribute to, so I asked whether a submodule could hold it. <!-- ev: e1 e2 -->\n"
    assert problems("A", wanted) == []
    # Claude's idea credited to Claude's side when the paragraph cites where the author said it: still reported.
    moved = problems("A", "Claude decided to switch the submodule to the HTTPS address. <!-- ev: e52 e53 e54 -->\n")
    assert len(moved) == 1 and "you said it first (e52), not Claude" in moved[0]


def test_commits_are_counted_as_the_ones_that_went_through_and_steps_are_no_result() -> None:
    # e84, e115 and e143 committed in the tokenizer repo; the commit of e113 was turned down.
    steps = "The tokenizer repo went through {n} commits on the way to a page that worked: relative paths, a `<base>` tag, then plain relative paths again. <!-- ev: e84 e113 e115 e143 -->\n"
    assert problems("A", steps.format(n="three")) == []
    line = problems("A", steps.format(n="five"))
    assert len(line) == 1 and 'number: "five commits": no event or figure of the session states it' in line[0]
    # "went through" on its own is still a result to show.
    result = problems("A", "The tokenizer repo's fix went through. <!-- ev: e84 e113 e115 e143 -->\n")
    assert len(result) == 1 and "outcome" in result[0]


# -- whose file: session D (alice, bob and carol, each in a worktree of their own) ---------------------------


def test_a_file_given_to_the_wrong_teammate_is_reported() -> None:
    # Round one: alice wrote research-plan-mode.md (e9), bob research-teammates.md (e10), carol
    # research-beads.md (e11). In round two each read all three and edited only their own (e28-e30).
    mine = "Carol's `work/research-beads.md` leaned on Steve Yegge's own posts. <!-- ev: e10 e11 -->\n"
    assert problems("D", mine) == []
    theirs = problems("D", mine.replace("Carol's", "Bob's"))
    assert len(theirs) == 1
    assert "path: \"work/research-beads.md\": carol's file (e11.9), not bob's" in theirs[0]
    assert "→ name the file bob edited, or credit carol" in theirs[0]
    edited = "In round two bob, editing `work/{file}`, added a comparison against plan mode and Beads. <!-- ev: e28 e29 e30 -->\n"
    assert problems("D", edited.format(file="research-teammates.md")) == []
    wrong = problems("D", edited.format(file="research-plan-mode.md"))
    assert len(wrong) == 1 and "alice's file" in wrong[0] and "not bob's" in wrong[0]
    # Reading another's file is what round two did: no problem.
    assert (
        problems(
            "D",
            "In round two bob read `work/research-beads.md` before writing his comparison. <!-- ev: e28 e29 e30 -->\n",
        )
        == []
    )


# -- outcomes nobody saw --------------------------------------------------------------------------------------


def test_teammates_who_answered_a_message_they_never_got() -> None:
    # D: e18 sent the round-two brief with SendMessage; the agents had ended, nobody answered (e22, e27).
    told = "Claude sent the round-two brief to alice, bob and carol, and all three {verb} within a minute. <!-- ev: e17 e18 e19 -->\n"
    for verb in ("replied", "acknowledged it"):
        line = problems("D", told.format(verb=verb))
        assert len(line) == 1 and "no subagent answered in the cited events (after the message sent to them)" in line[0]
    # Words between the author and Claude are no teammates' reply; the round-one agents did report back.
    assert problems("D", "I replied that they seemed stuck, and Claude went to look. <!-- ev: e22 e23 -->\n") == []
    assert (
        problems(
            "D",
            "Round one went to plan: each replied with a document and a commit on its branch. <!-- ev: e9 e10 e11 -->\n",
        )
        == []
    )


def test_a_result_in_a_browser_and_a_lint_run_nobody_showed() -> None:
    browsers = problems(
        "B",
        "Claude restarted the dev server, and the recorder worked in Firefox and Chrome. <!-- ev: e79 e82 e87 -->\n",
    )
    assert len(browsers) == 2 and "outcome" in browsers[0] and "no message of yours reports it" in browsers[0]
    assert 'name: "Firefox": the session never names Firefox' in browsers[1]  # nor any browser of the kind
    lint = problems("A", "The lint run came back clean before the commit. <!-- ev: e84 e86 -->\n")
    assert len(lint) == 1 and "no build in the session shows this" in lint[0]
    # Code that loads something is no result; agents that worked in their own worktrees did work, not succeed.
    assert (
        problems(
            "B",
            "Then it edited `js/lib/recorder.js` so the recorder loads that worklet module first. <!-- ev: e95 e97 -->\n",
        )
        == []
    )


# -- attribution ---------------------------------------------------------------------------------------------


def test_quotes_given_by_my_message_and_according_to_claude_are_attributed() -> None:
    # A: e49 is Claude's "Vercel doesn't automatically check out git submodules"; e44 is the author's.
    claude_words = "Vercel doesn't automatically check out git submodules"
    mine = "Still doesn't work, maybe there's a step needed to have the submodule checked out during Vercel build?"
    moved = problems("A", f'My next message was blunt: "{claude_words}." <!-- ev: e44 e45 e49 -->\n')
    assert len(moved) == 1 and "author quote" in moved[0] and "these are Claude's words (e49), not yours" in moved[0]
    given = problems("A", f'According to Claude, "{mine}" <!-- ev: e44 e45 e49 -->\n')
    assert len(given) == 1 and "Claude quote" in given[0] and "these are your words (e44), not Claude's" in given[0]
    assert problems("A", f'My next message was blunt: "{mine}" <!-- ev: e44 e45 e49 -->\n') == []
    assert problems("A", f'According to Claude, "{claude_words}." <!-- ev: e44 e45 e49 -->\n') == []


def test_a_japanese_passive_names_who_said_it() -> None:
    # C: e1 is the author's request; Claude に「…」と言われた says Claude said it to me.
    told = problems(
        "C", "Claude に「@CLAUDE.md を最新の状態にアップデートしてください」と言われた。 <!-- ev: e1 e2 -->\n"
    )
    assert len(told) == 1 and "Claude quote" in told[0] and "not Claude's" in told[0]
    assert (
        problems(
            "C", "私は Claude に「@CLAUDE.md を最新の状態にアップデートしてください」と頼んだ。 <!-- ev: e1 e2 -->\n"
        )
        == []
    )


# -- numbers -------------------------------------------------------------------------------------------------


def test_minutes_and_seconds_are_one_duration() -> None:
    # D: the round-two agents ran 3 min 22 s (carol), 3 min 28 s (bob) and 3 min 47 s (alice).
    told = "Round two was quicker: between three minutes 22 seconds and three minutes 47 seconds per agent. <!-- ev: e28 e29 e30 -->\n"
    assert problems("D", told) == []
    wrong = problems("D", told.replace("three minutes 47", "nine minutes 47"))
    assert len(wrong) == 1 and 'number: "nine minutes 47 seconds"' in wrong[0]


def test_a_product_named_by_its_major_version() -> None:
    # A: the author's HAR came from Firefox 143.0.3; the build log says Next.js 13.0.2.
    assert problems("A", "Firefox 143 reported both files as `NS_ERROR_CORRUPTED_CONTENT`. <!-- ev: e94 -->\n") == []
    assert problems("A", 'On Next.js 13 the build log said "Host key verification failed." <!-- ev: e52 -->\n') == []
    wrong = problems("A", 'On Next.js 14 the build log said "Host key verification failed." <!-- ev: e52 -->\n')
    assert len(wrong) == 1 and 'number: "Next.js 14": no event names this version' in wrong[0]


def test_a_command_the_session_kept_cut_short_may_be_given_in_full() -> None:
    # D, e25: the session keeps the loop up to `git -C "$d" branc…`.
    loop = 'Claude checked every worktree in one loop: `for d in .claude/worktrees/agent-*; do echo "=== $d ==="; git -C "$d" log --oneline -3 2>/dev/null; echo "-- status --"; git -C "$d" status --short 2>/dev/null; echo "-- branch --"; git -C "$d" branch --show-current; done`. <!-- ev: e25 -->\n'
    assert problems("D", loop) == []
    changed = problems("D", loop.replace("--short", "--long"))  # a flag before the cut is still compared
    assert len(changed) == 1 and "never run in the session" in changed[0]


def test_a_result_the_author_gave_while_turning_a_call_down() -> None:
    # A, e109: the author turned the commit down with "So if I do …/tokenizer/index.html that works – but would
    # this fix work in…" (kept by this events.json as the call's error).
    seen = "Loading the page at its full path, `/tokenizer/index.html`, worked; my question was whether the fix would hold elsewhere. <!-- ev: e108 e109 e110 -->\n"
    assert problems("A", seen) == []
    # A tool's own error is no report of the author's: nothing shows the page working there.
    unseen = problems("A", "After that edit the page worked. <!-- ev: e60 e61 e62 -->\n")
    assert len(unseen) == 1 and "no message of yours reports it" in unseen[0]


def test_an_http_status_told_without_the_words_status_code() -> None:
    # A, e70: the HAR shows the stylesheet and the script answered 404 (the page 304).
    assert (
        problems("A", "Both files came back with a 404, and the page itself with a 304. <!-- ev: e70 e71 -->\n") == []
    )
    wrong = problems("A", "Both files came back with a 500. <!-- ev: e70 e71 -->\n")
    assert len(wrong) == 1 and 'number: "500"' in wrong[0]
    assert problems("D", "Alice wrote 873 words, with 500 to 800 asked for. <!-- ev: e9 e9.20 -->\n") == []
