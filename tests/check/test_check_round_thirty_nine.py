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
