# ruff: noqa: E501  (paragraphs kept on one line as in draft.md)
"""Chinese and Japanese on either side of the check: a session in Chinese told in Chinese or English, and the
other way round. Quotes in 「」『』 and full-width quotes, text without spaces, native numerals and counters,
a Chinese test summary backing an English claim, and a lone "？" that is no quote."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import _offline  # noqa: F401  (fixture)
from conftest import Transcript

from retell.check.report import CheckReport
from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage

HEAD = "---\ntitle: t\n---\n\n"
ASK = "缓存里的标题全是乱码，帮我找出字节在哪里变成了字符串，先不要改测试"


@pytest.fixture(scope="module")
def chinese(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1: the author's ask; e2: Claude's plan; e3: pytest (18 passed); e4: Claude's summary in Chinese."""
    tx = Transcript()
    tx.user(ASK)
    tx.assistant("我先读一下 fetch.py，看看响应是怎么解码的。")
    tx.tool_call("Read", {"file_path": "/home/li/feeds/fetch.py"}, "resp.text")
    tx.tool_call(
        "Bash",
        {"command": ".venv/bin/python -m pytest -q"},
        "..................\n18 passed in 0.42s",
    )
    tx.assistant("测试结果：18/18 全部通过。问题出在 fetch.py 里的 resp.text，它在缓存之前就把字节解码了。")
    root = tmp_path_factory.mktemp("zh")
    path = tx.write(root / "s.jsonl")
    work = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), work, ParseOptions())
    run_triage(work, approve=True)
    return work


def check(work: Path, body: str) -> CheckReport:
    (work / "draft.md").write_text(HEAD + body, encoding="utf-8")
    return run_check(work)


def ids(work: Path) -> dict[str, str]:
    import json

    events = json.loads((work / "events.json").read_text(encoding="utf-8"))["events"]
    return {e["kind"] + str(n): e["id"] for n, e in enumerate(events)}


def test_a_chinese_test_summary_backs_an_english_claim_and_the_other_way(chinese: Path) -> None:
    summary = "e5"
    assert check(chinese, f"Claude reported all 18 tests passing: 18 passed. <!-- ev: {summary} -->\n").ok
    wrong = check(chinese, f"By the end, all 20 tests passed. <!-- ev: {summary} -->\n")
    assert len(wrong.problems) == 1 and '"20 tests"' in wrong.lines()[0] and wrong.blocking
    assert check(chinese, "跑完测试，18 个测试全部通过。<!-- ev: e4 -->\n").ok
    report = check(chinese, "跑完测试，二十个测试全部通过。<!-- ev: e4 -->\n")
    assert [f.claim.text for f in report.problems] == ["二十个"] and report.blocking


def test_quotes_in_corner_brackets_and_without_spaces(chinese: Path) -> None:
    assert check(chinese, f"我只说了一句：「{ASK}」<!-- ev: e1 -->\n").ok
    assert check(chinese, f"我只说了一句：『{ASK}』<!-- ev: e1 -->\n").ok
    assert check(chinese, f"我只说了一句：＂{ASK}＂<!-- ev: e1 -->\n").ok
    invented = check(chinese, "我只说了一句：「把整个缓存目录删掉，然后重新开始」<!-- ev: e1 -->\n")
    (line,) = invented.lines()
    assert ": author quote: " in line and "you never wrote this in the session" in line and invented.blocking
    changed = check(
        chinese, "我只说了一句：「缓存里的标题全是乱码，帮我找出字节在哪里变成了字符串，先改测试」<!-- ev: e1 -->\n"
    )
    assert changed.problems and changed.problems[0].claim.kind == "author quote"


def test_a_quote_of_claude_given_to_the_author_in_chinese(chinese: Path) -> None:
    moved = check(chinese, "我在最后写道：「问题出在 fetch.py 里的 resp.text」。<!-- ev: e5 -->\n")
    (line,) = moved.lines()
    assert "these are Claude's words (e5), not yours" in line


def test_a_lone_question_mark_or_a_short_term_is_not_a_quote(chinese: Path) -> None:
    report = check(chinese, "它回了一个「？」，又提到「乱码」。<!-- ev: e1 e2 -->\n")
    assert [f for f in report.findings if f.claim.kind.endswith("quote")] == []


def test_native_numerals_are_counted(chinese: Path) -> None:
    assert check(chinese, "它只读了一个文件，跑了一次测试。<!-- ev: e3 e4 -->\n").ok
    wrong = check(chinese, "它一共读了三个文件。<!-- ev: e3 -->\n")
    assert [f.claim.text for f in wrong.problems] == ["三个"]


def test_chinese_paraphrase_is_compared_on_its_characters(chinese: Path) -> None:
    told = "它说问题出在缓存之前：字节在 fetch 里就被解码成了字符串，测试都通过了。<!-- ev: e5 -->\n"
    assert check(chinese, told).ok
    unrelated = "最后一段讲部署和域名配置，跟乱码毫无关系，只是顺便提到。<!-- ev: e5 -->\n"
    assert "share little with the paragraph" in check(chinese, unrelated).lines()[0]


def test_an_english_post_translating_the_chinese_ask(chinese: Path) -> None:
    good = 'I asked: "Find where the bytes turn into a string, and don\'t touch the tests yet" <!-- translated: e1 -->. <!-- ev: e1 -->\n'
    report = check(chinese, good)
    assert report.ok and report.count("unchecked") == 1  # no name or number in it to compare: honest, not a failure
    named = 'I asked: "Find where fetch.py turns the bytes into a string" <!-- translated: e1 -->. <!-- ev: e1 -->\n'
    (line,) = check(chinese, named).lines()
    assert "as a translation of e1, it has fetch.py, which e1 does not" in line
