"""Round twenty-seven of the check (issue 21): blind20's classes (Z1 English, Z2 told in Simplified Chinese), each on
a session of our own and, where the class touches them, in Japanese and Korean beside Chinese.

The rules' false alarms, by class: a Chinese clause read past its full-width comma (，；：), so a count took the unit
of a noun in an earlier clause ("…涉及两个测试，另有十六行改动" read as sixteen tests); a counter that names its
unit (行, 줄) overruled by such a noun; 一 as a word ("最后一个", "下一个", "唯一一个") and a denial ("一行没动")
read as a count of one, in a count and in a translated quote; a bound said before a figure ("不到十秒"; Korean
"10초 미만" after it); a test count pytest prints as deselected or skipped ("48 deselected"), which no run's
"passed" is; tests an edit touches ("the diff involves two tests"); "no longer failed" (没有失败了) read as a
failure; the author's own `!` run as the proof of "I ran the tests myself: five failed"; "“…”是 Claude 的说法"
(whose words they are, told after the quote); "the other 32 files" of a run's "33"; an "each" that opens a clause
of its own ("the two edits …, and each has 46 more lines") read as making the figure before it one of several.

Recall, by general mechanisms: a name in Latin letters the session never gives, in Chinese, Japanese and Korean prose
(as in Hebrew or Russian); the order of two steps told by a CJK word ("…之后，", "…てから、", "…한 후,", "然后") or
by "before reading `…`", a step told by its act placed where the call that did it is; what a search looked for
("searched for `X`", 搜索 `X`, `X` を検索, `X`를 검색) must
be the cited search's pattern; a test runner's summary framed in rules ("=== 5 failed, … 84 deselected ===") is read
as a line of counts.

The session: e1 my `!` run (5 failed, 174 passed, 1 skipped, 48 deselected), e2 my message, e3 Claude ("only takes
the last one in the list"), e4 a search for `def display_name`, e5 a read, e6 an edit refused (unread file), e7 a
read, e8 the edit again (46 more changed lines each), e9 Claude, e10 an edit touching two tests, e11 Claude, e12
the run (179 passed, 48 deselected; 7 s after e10), e13 Claude, e14 `ruff format` ("33 files left unchanged")."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import amounts

ROOT = "/home/mei/namer"
START = datetime(2025, 7, 19, 14, 35, 0, tzinfo=timezone.utc)
RED = "\n".join(
    [
        "E       AssertionError: assert 'fixtures' == 'namer'",
        "FAILED test/test_name.py::TestName::test_root_preferred",
        "=========== 5 failed, 174 passed, 1 skipped, 48 deselected in 3.30s ============",
    ]
)
GREEN = "================ 179 passed, 1 skipped, 48 deselected in 3.17s ================="
OLD = '''    def test_root_preferred(self):
        """Root is preferred over subdirectories."""
        dirs = ["/w/namer", "/w/namer/fixtures"]
        assert display_name(dirs) == "namer"

    def test_nested(self):
        """Nested directories - should pick root."""
        dirs = ["/w/app", "/w/app/a/b"]
        assert display_name(dirs) == "app"'''
NEW = (
    OLD.replace('"""Root is preferred over subdirectories."""', '"""The last (newest) directory is used."""')
    .replace("should pick root.", "should pick last.")
    .replace('== "namer"', '== "fixtures"')
    .replace('== "app"', '== "b"')
)
UTIL_OLD = "\n".join(f"    line_{n} = {n}" for n in range(30))
UTIL_NEW = "\n".join(f"    line_{n} = {n + 1}" for n in range(30))


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user("<bash-input>uv run pytest -v</bash-input>")
    tx.user(f"<bash-stdout>{RED}</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(40)
    tx.user("Can you update these tests? We only take the newest directory from the list.")
    tx.tick(8)
    tx.assistant(
        "Looking at the failures, `display_name` only takes the last one in the list, and the tests expect the root "
        "first."
    )
    tx.tool_call("Grep", {"pattern": "def display_name", "path": ROOT}, "Found 1 file\nnamer/core.py")
    tx.tool_call("Read", {"file_path": f"{ROOT}/test/test_name.py"}, OLD)
    refused = "File has not been read yet. Read it first before writing to it."
    edit = {"file_path": f"{ROOT}/namer/util.py", "old_string": UTIL_OLD, "new_string": UTIL_NEW}
    tx.tool_call("Edit", edit, refused, is_error=True)
    tx.tool_call("Read", {"file_path": f"{ROOT}/namer/util.py"}, UTIL_OLD)
    tx.tool_call("Edit", edit, "ok")
    tx.tick(20)
    tx.assistant("Now the tests.")
    tx.tool_call("Edit", {"file_path": f"{ROOT}/test/test_name.py", "old_string": OLD, "new_string": NEW}, "ok")
    tx.tick(4)
    tx.assistant("Running the tests.")
    tx.tool_call("Bash", {"command": "uv run pytest -v"}, GREEN)
    tx.assistant("Formatting.")
    tx.tool_call("Bash", {"command": "ruff format"}, "33 files left unchanged")
    tx.assistant("Done: the tests now expect the last directory.")
    return approved_workdir(tmp_path_factory.mktemp("r27"), tx)


def _clean(work: Path, body: str) -> None:
    assert problems(work, body) == []


def _reported(work: Path, body: str, *words: str) -> None:
    found = problems(work, body)
    assert found, body
    assert all(any(word in line for line in found) for word in words), found


# -- false alarms: each faithful case clean, its planted twin reported -------------------------------------------

# A count's unit is named in its own clause (，；： end a clause), and a counter that names its unit keeps it.
CLAUSES = [
    (
        "这次修改没有碰测试，`util.py` 里另有四十六行改动没有显示。 <!-- ev: e8 -->",
        "这次修改没有碰测试，`util.py` 里另有六十四行改动没有显示。 <!-- ev: e8 -->",
    ),
    (
        "テストには触れず、`util.py` の表示されていない変更が46行ある。 <!-- ev: e8 -->",
        "テストには触れず、`util.py` の表示されていない変更が64行ある。 <!-- ev: e8 -->",
    ),
    (
        "테스트는 건드리지 않았고, `util.py`의 보이지 않는 변경이 46줄 있다. <!-- ev: e8 -->",
        "테스트는 건드리지 않았고, `util.py`의 보이지 않는 변경이 64줄 있다. <!-- ev: e8 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), CLAUSES)
def test_a_count_takes_the_unit_of_its_own_clause(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "number")


@pytest.mark.parametrize(
    "text",
    [
        "这次改的是测试，不是实现，`display_name` 本身一行没动。",
        "Claude 推测：这个函数取的是列表里最后一个目录，而测试期待的是根目录。",
        "实现的简化留到下一个版本；唯一一个改动的是测试文件。",
        "テストを直しただけで、`display_name` は一行も変えていない。",
        "테스트만 고쳤고, `display_name` 은 한 줄도 바꾸지 않았다.",
    ],
)
def test_one_as_a_word_is_no_count(text: str) -> None:
    assert [a.text for a in amounts(text) if a.value == 1] == []


def test_one_as_a_word_in_a_draft(work: Path) -> None:
    _clean(work, "这次改的是测试，不是实现，函数本身一行没动。 <!-- ev: e10 -->")
    _clean(work, "Claude 说，这个函数`display_name` 只取列表里最后一个目录，而测试期待根目录。 <!-- ev: e3 -->")
    _reported(work, "这次改的是测试，三个测试失败了，测试文件改了七行。 <!-- ev: e10 -->", "number")


# A bound before the figure (Chinese) or after it (Japanese, Korean): the edit and the run are 7 s apart, nothing near
# them more than 25 s: "under twenty seconds" holds, "over five minutes" does not.
BOUNDS = [
    (
        "改完不到二十秒，Claude 就跑了测试。 <!-- ev: e10 e12 -->",
        "改完超过五分钟，Claude 才跑了测试。 <!-- ev: e10 e12 -->",
    ),
    (
        "編集から20秒足らずで、Claude はテストを走らせた。 <!-- ev: e10 e12 -->",
        "編集から5分以上たって、Claude はテストを走らせた。 <!-- ev: e10 e12 -->",
    ),
    (
        "수정하고 20초 미만 만에 Claude가 테스트를 돌렸다. <!-- ev: e10 e12 -->",
        "수정하고 5분 이상 지나서 Claude가 테스트를 돌렸다. <!-- ev: e10 e12 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), BOUNDS)
def test_a_bound_said_around_a_time(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "number")


def test_a_bound_before_a_figure_is_read() -> None:
    assert [(a.value * 60, a.approx) for a in amounts("改完不到十秒")] == [(10.0, "below")]
    assert [a.approx for a in amounts("超过三分钟")] == ["above"]
    assert [(a.value * 60, a.approx) for a in amounts("10초 미만")] == [(10.0, "below")]
    assert [a.approx for a in amounts("3분 이상")] == ["above"]


# pytest's "48 deselected" counts tests that did not run: told as such it is traced, told as passed it is not.
@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "被排除的四十八个测试两次都没有跑。 <!-- ev: e12 -->",
            "之后我又跑了被排除的那四十八个测试，也都通过了。 <!-- ev: e12 -->",
        ),
        (
            "Both runs left 48 tests deselected. <!-- ev: e12 -->",
            "The 48 tests passed as well. <!-- ev: e12 -->",
        ),
    ],
)
def test_deselected_tests(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted)


# Tests an edit touches: the `def test_…` lines its diff shows, added or as context.
@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        ("能看到的改动只涉及两个测试。 <!-- ev: e10 -->", "能看到的改动涉及五个测试。 <!-- ev: e10 -->"),
        (
            "The visible part of the edit touches two tests. <!-- ev: e10 -->",
            "The edit touches five tests. <!-- ev: e10 -->",
        ),
    ],
)
def test_tests_an_edit_touches(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "number")


def test_no_longer_failed_is_a_pass(work: Path) -> None:
    _clean(work, "不到一分钟，同一条命令就没有失败了。 <!-- ev: e12 -->")
    _reported(work, "同一条命令就没有失败了。 <!-- ev: e1 -->", "outcome")


def test_the_authors_own_run_shows_its_result(work: Path) -> None:
    _clean(work, "我自己跑了一遍测试，五个失败；我请 Claude 把测试改好。 <!-- ev: e1 e2 -->")
    _clean(work, "I ran the tests myself, and five failed. <!-- ev: e1 -->")
    _reported(work, "I ran the tests myself, and they all passed. <!-- ev: e1 -->", "outcome")


# Whose words a quote is, told after it: 是 Claude 的说法, は Claude の言葉, 는 Claude의 말.
T3 = " <!-- translated: e3 -->"
E3 = " <!-- ev: e3 -->"
ZH_SAID = "“`display_name` 只取列表里最后一个”" + T3
JA_SAID = "「`display_name` はリストの最後の一つだけを取る」" + T3
KO_SAID = "“`display_name`은 목록의 마지막 하나만 쓴다”" + T3


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "我没看到代码，" + ZH_SAID + "是 Claude 读完失败之后的说法。" + E3,
            "Claude 还没开口，" + ZH_SAID + "是我的原话。" + E3,
        ),
        (
            "私はコードを見ていない。" + JA_SAID + "は Claude の言葉だ。" + E3,
            "Claude はまだ何も言っていない。" + JA_SAID + "は私の言葉だ。" + E3,
        ),
        (
            "나는 코드를 보지 않았다. " + KO_SAID + "는 Claude의 말이다." + E3,
            "Claude는 아직 말하지 않았다. " + KO_SAID + "는 내 말이다." + E3,
        ),
    ],
)
def test_whose_words_told_after_the_quote(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "quote")


# "the other N": the rest of a whole the cited events count, one (or a count the paragraph gives) set apart.
@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "So the edited file was already formatted, like the other 32 files. <!-- ev: e14 -->",
            "So the edited file was already formatted, like the other 40 files. <!-- ev: e14 -->",
        ),
        (
            "所以改过的文件本来就符合格式，其余三十二个文件也一样。 <!-- ev: e14 -->",
            "所以改过的文件本来就符合格式，其余四十个文件也一样。 <!-- ev: e14 -->",
        ),
        (
            "編集したファイルはもう整形済みで、残りの32ファイルも同じだった。 <!-- ev: e14 -->",
            "編集したファイルはもう整形済みで、残りの40ファイルも同じだった。 <!-- ev: e14 -->",
        ),
        (
            "수정한 파일은 이미 정리되어 있었고, 나머지 32개 파일도 마찬가지였다. <!-- ev: e14 -->",
            "수정한 파일은 이미 정리되어 있었고, 나머지 40개 파일도 마찬가지였다. <!-- ev: e14 -->",
        ),
    ],
)
def test_the_other_n(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "number")


def test_each_opening_a_clause_is_not_the_figure_before_it(work: Path) -> None:
    _clean(
        work,
        "The lines I can see of the two edits are the same, and each has 46 more changed lines. <!-- ev: e6 e8 -->",
    )
    _reported(
        work,
        "The lines I can see of the three edits are the same, and each has 46 more changed lines. <!-- ev: e6 e8 -->",
    )


# -- recall -----------------------------------------------------------------------------------------------------

SEARCHES = [
    (
        "Claude then searched for `def display_name`. <!-- ev: e4 -->",
        "Claude then searched for `display_name(dirs)`. <!-- ev: e4 -->",
    ),
    (
        "Claude 接着搜索了 `def display_name`。 <!-- ev: e4 -->",
        "Claude 接着搜索了 `display_name(dirs)`。 <!-- ev: e4 -->",
    ),
    (
        "Claude は `def display_name` を検索した。 <!-- ev: e4 -->",
        "Claude は `display_name(dirs)` を検索した。 <!-- ev: e4 -->",
    ),
    (
        "Claude는 `def display_name`를 검색했다. <!-- ev: e4 -->",
        "Claude는 `display_name(dirs)`를 검색했다. <!-- ev: e4 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), SEARCHES)
def test_what_a_search_looked_for(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "def display_name")


def test_a_search_shortened_is_the_searchs(work: Path) -> None:
    _clean(work, "Claude searched for `display_name` to find its definition. <!-- ev: e4 -->")


def test_a_framed_summary_line_is_read_as_counts(work: Path) -> None:
    block = "My own run ended like this:\n\n```text\n{}\n```\n<!-- ev: e1 -->"
    _clean(work, block.format("=========== 5 failed, 174 passed, 1 skipped, 48 deselected in 3.30s ============"))
    _reported(work, block.format("=========== 5 failed, 174 passed, 1 skipped, 84 deselected in 3.30s ============"))


# The order of two steps, told by a Chinese, Japanese or Korean word at the end of the first clause or the head of
# the second, or in English inside the sentence ("before reading `…`"); a step told by its act ("读了 `a.py`") is
# where the call that did it is, not every event that names the file (a search listing it).
ORDERS = [
    (
        "Claude 先搜索了 `def display_name`，然后读了 `test/test_name.py`。 <!-- ev: e4 e5 -->",
        "Claude 先读了 `test/test_name.py`，然后才搜索 `def display_name`。 <!-- ev: e4 e5 -->",
    ),
    (
        "Claude は `def display_name` を検索してから、`test/test_name.py` を読んだ。 <!-- ev: e4 e5 -->",
        "Claude は `test/test_name.py` を読んでから、`def display_name` を検索した。 <!-- ev: e4 e5 -->",
    ),
    (
        "Claude는 `def display_name`를 검색한 후, `test/test_name.py`를 읽었다. <!-- ev: e4 e5 -->",
        "Claude는 `test/test_name.py`를 읽은 후, `def display_name`를 검색했다. <!-- ev: e4 e5 -->",
    ),
    (
        "Claude searched for `def display_name` before reading `test/test_name.py`. <!-- ev: e4 e5 -->",
        "Claude read `test/test_name.py` before searching for `def display_name`. <!-- ev: e4 e5 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), ORDERS)
def test_the_order_of_two_steps(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "order")


# A name in Latin letters in Chinese, Japanese or Korean prose, written against the script with no space or with a
# particle on it ("同事Sarah的", "Sarahの", "Sarah의"): the session must name it (Claude, a file's format, do). A
# sentence's first word is left alone, as in the languages that capitalise.
NAMES = [
    (
        "按照我的消息，Claude 只改了测试。 <!-- ev: e2 e10 -->",
        "按照同事Sarah的提醒，Claude 只改了测试。 <!-- ev: e2 e10 -->",
    ),
    (
        "私のメッセージどおり、Claude はテストだけを直した。 <!-- ev: e2 e10 -->",
        "チームのSarahの指摘どおり、Claude はテストだけを直した。 <!-- ev: e2 e10 -->",
    ),
    (
        "내 메시지대로 Claude는 테스트만 고쳤다. <!-- ev: e2 e10 -->",
        "팀장 Sarah의 지적대로 Claude는 테스트만 고쳤다. <!-- ev: e2 e10 -->",
    ),
]


@pytest.mark.parametrize(("faithful", "planted"), NAMES)
def test_a_latin_name_in_cjk_prose(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "Sarah")
