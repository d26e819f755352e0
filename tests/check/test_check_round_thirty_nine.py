"""Round thirty-nine's rules, from blind32's faithful Traditional Chinese post (fresh28's LINE bot, written blind):
`--strict` refused it for three findings, each of a form any Traditional Chinese post writes.

- "二十秒後我請 Claude：「好，幫我 commit…」": 請 (ask) before the name makes Claude the one asked, as 请 does in
  Simplified script; the quote is the author's.
- "我打了下一則訊息，排在 Claude 的工作後面：「對了…」": a possessive names whose work, not who speaks; Claude's
  own words ("Claude 的回覆：「…」") still are Claude's.
- "`git add` 只列了這四個檔案", "兩個新的測試檔": 檔案 and 測試檔 are files, counted as files, not as 個 of
  something no event counts."""

from __future__ import annotations

import pytest

from retell.check.amounts import amounts
from retell.check.attribution import AUTHOR, CLAUDE, speaker_of
from retell.check.text import typo_level


@pytest.mark.parametrize(
    ("lead", "speaker"),
    [
        ("二十秒後我請 Claude：", AUTHOR),
        ("我問 Claude：", AUTHOR),
        ("我打了下一則訊息，排在 Claude 的工作後面：", AUTHOR),
        ("Claude 的回覆：", CLAUDE),
        ("Claude 回答：", CLAUDE),
        ("我请 Claude：", AUTHOR),
        ("我只問了 Claude 一句：", AUTHOR),  # (a real model's draft of fresh28's LINE bot)
    ],
)
def test_who_speaks_a_quote_after_a_traditional_chinese_lead(lead: str, speaker: str) -> None:
    assert speaker_of(lead) == speaker


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("`git add` 只列了這四個檔案", 4.0, "files"),
        ("兩個新的測試檔只看過它們通過", 2.0, "files"),
        ("两个测试文件", 2.0, "files"),
        ("Claude 跑了三個指令", 3.0, "commands"),
        # (a real model's draft of fresh28's Korean session: a distance in a clause that named the subagent)
        ("서브에이전트가 계산한 결과는 마포구 0.4 km였다", None, None),
    ],
)
def test_traditional_chinese_nouns_name_what_is_counted(text: str, value: float | None, unit: str | None) -> None:
    assert [(a.value, a.unit) for a in amounts(text)] == ([(value, unit)] if value is not None else [])


@pytest.mark.parametrize(
    "text",
    [
        "從我開口問，到修正、測試和一個我半途加上的通知格式需求一起 commit",  # ("a" requirement; the tests before 和)
        "这次加了一个我没想到的检查",
    ],
)
def test_one_as_the_article_is_no_count(text: str) -> None:
    """Real-model drafts of fresh28 (Traditional Chinese): 一個 before a clause is "a", and a noun before 和
    ("and") is the list's item before, not what the figure counts; both stopped `render --strict`."""
    assert amounts(text) == []


def test_one_failed_test_is_still_a_count() -> None:
    assert [(a.value, a.unit) for a in amounts("一個測試失敗")] == [(1.0, "failed")]


@pytest.mark.parametrize(
    "lead",
    [
        "Nel primo messaggio ho chiesto a Claude: ",
        "Le pregunté a Claude: ",
        "J'ai écrit à Claude : ",
        "Perguntei ao Claude: ",
    ],
)
def test_claude_spoken_to_in_a_romance_language_is_not_the_speaker(lead: str) -> None:
    """A real model's Italian draft of fresh29: "ho chiesto a Claude: “…”" is the author's question, and the check
    called it Claude's words (stopping `render --strict`)."""
    assert speaker_of(lead) != CLAUDE


@pytest.mark.parametrize(("typed", "fixed"), [("evry", "every"), ("nevr", "never"), ("nver", "never")])
def test_a_misspelt_word_that_matters_fixed_is_a_typo_fix(typed: str, fixed: str) -> None:
    """A real model's draft of fresh29 fixed the author's "evry" under `cleaned`, as the prompt allows; the check
    called the quote words never written (stopping `render --strict`), "every" being a word whose change matters."""
    assert typo_level(fixed, typed)


@pytest.mark.parametrize(("a", "b"), [("not", "now"), ("every", "ever"), ("every", "some"), ("none", "nine")])
def test_another_word_for_a_word_that_matters_is_still_a_change(a: str, b: str) -> None:
    assert not typo_level(a, b)
