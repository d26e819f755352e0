"""Round forty-six, tuned on blind37 (fresh29's initbot in terse English and tsuchibi in Japanese, written blind)
after its untuned measure (rules alone: precision 0.89, 1.7 false alarms per 1,000 words, `--strict` 1 of 2): each
false alarm of the rules, checked as `retell check` reads a draft of those sessions (bench/check/work), beside the
slip of the same shape it must still report."""

from __future__ import annotations

from pathlib import Path

from check_support import (
    _offline,  # noqa: F401  (fixture)
    about,
    approved_workdir,
    draft_problems,
    problems,
)
from conftest import Transcript

from retell.check.amounts import FILES, amounts


def test_a_library_named_like_a_file_holds_no_code_of_the_sessions() -> None:
    body = (
        "Its explanation was about caching: discord.js fills `interaction.channel` only from its cache, and threads "
        "are usually not cached. <!-- ev: e4 -->\n"
    )
    assert about(problems("AQ1", body), "discord.js") == []


def test_a_file_the_session_read_is_still_checked() -> None:
    body = "It then read `src/commands/roll.ts`, the source of that command. <!-- ev: e3 -->\n"
    assert about(problems("AQ1", body), "roll.ts")


def test_a_count_of_compound_nouns_counts_the_last_noun() -> None:
    found = amounts("Then Claude made five edits to the two command files in one go.")
    assert [(a.text, a.unit, a.value) for a in found if a.unit == FILES] == [("two command files", FILES, 2.0)]
    body = "Then Claude made five edits to the two command files in one go. <!-- ev: e10 -->\n"
    assert about(problems("AQ1", body), "two command") == []


def test_a_list_that_goes_on_from_claudes_account_is_still_claudes() -> None:
    body = (
        "Claudeの見立てでは、原因は二つ重なっていました。 <!-- ev: e4 -->\n\n"
        "一つ目は、列が七つあるうえに `white-space: nowrap` で折り返しを禁じているため、表の最小幅がスマホの画面幅より"
        "広くなることです。 <!-- ev: e4 -->\n"
    )
    assert about(problems("AQ2", body), "told as fact") == []


def test_the_same_list_with_no_account_before_it_is_told_as_fact() -> None:
    body = (
        "原因は二つ重なっていました。 <!-- ev: e4 -->\n\n"
        "一つ目は、列が七つあるうえに `white-space: nowrap` で折り返しを禁じているため、表の最小幅がスマホの画面幅より"
        "広くなることです。 <!-- ev: e4 -->\n"
    )
    assert about(problems("AQ2", body), "told as fact")


def test_a_japanese_command_claude_advised_running_is_no_claim_it_ran() -> None:
    body = (
        "Claudeは変更点をまとめ、スマホで確かめるには `npm run dev -- --host` を実行し、表示される `Network:` のURLを"
        "同じWi-FiのiPhoneで開くよう勧めました。 <!-- ev: e12 -->\n"
    )
    assert about(problems("AQ2", body), "npm run dev") == []


def test_a_japanese_command_told_as_run_is_still_checked() -> None:
    body = "Claudeは `npm run dev -- --host` を実行しました。 <!-- ev: e12 -->\n"
    assert about(problems("AQ2", body), "never run")


def test_a_time_from_a_message_the_paragraph_before_told_counts_from_it() -> None:
    body = (
        "その編集の一秒ほどあと、作業中に打っておいたメッセージがClaudeに届きました。 <!-- ev: e7 e8 -->\n\n"
        "Claudeは満席の件も入れると答え、私のメッセージから九秒ほどで残席と予約ボタンのセルを書き換えました。"
        " <!-- ev: e9 e10 -->\n"
    )
    assert about(problems("AQ2", body), "九秒") == []


def test_a_time_from_my_message_nothing_measures_is_still_reported() -> None:
    body = (
        "その編集の一秒ほどあと、作業中に打っておいたメッセージがClaudeに届きました。 <!-- ev: e7 e8 -->\n\n"
        "Claudeは満席の件も入れると答え、私のメッセージから三十分ほどで残席と予約ボタンのセルを書き換えました。"
        " <!-- ev: e9 e10 -->\n"
    )
    assert about(problems("AQ2", body), "三十分")


def test_claudes_guess_in_quotation_marks_is_given_as_claudes(tmp_path: Path) -> None:
    """The offline engine's own draft of fresh31's snt-svet (written blind) failed its check: it quoted Claude's
    summary, “… По цифрам похоже на переход через ноль …”, and the guess rule read the quoted sentence as the post's."""
    tx = Transcript(cwd="/home/dmitry/snt-svet")
    tx.user("счёт для участка 117 за март получился отрицательный")  # e1
    tx.tool_call("Read", {"file_path": "/home/dmitry/snt-svet/billing.py"}, "def usage(prev, cur): return cur - prev")
    tx.assistant("По цифрам похоже на переход через ноль: 28.02 было 99874, 31.03 стало 416.")  # e3
    work = approved_workdir(tmp_path, tx)
    quoted = "Its summary: “По цифрам похоже на переход через ноль: 28.02 было 99874, 31.03 стало 416.” <!-- ev: e3 -->"
    assert [p for p in draft_problems(work, quoted) if "guess" in p] == []
    told = "Счётчик перешёл через ноль: 28.02 было 99874, 31.03 стало 416. <!-- ev: e3 -->"
    assert [p for p in draft_problems(work, told) if "guess" in p]
