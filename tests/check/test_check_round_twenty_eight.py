"""Round twenty-eight of the check (issue 21): blind21's classes (AA1 English, AA2 told in Japanese from an English
session), each on a session of our own and, where the class touches them, in Japanese, Korean and Chinese and in
Spanish, Portuguese or French.

The rules' false alarms, by class: a word left in English with Japanese glued to it (「…structuredはどのみち…」,
"awaitしていなかった", "1つでいい") read as one name a translated quote must keep; the author's relative clause
(私が引用した主張) read as who speaks, over the topic that does (Claudeは…と答えた); "a fifth of a second" read as
"a second" (and 5分の1秒 as one second); a file a cited commit's stat lists told as what the commit touched; the lines
a lead-in's block shows ("found two lines:"; a lead-in ending on a full-width colon is one); an object written with
fields left out (`{ ok: false }`); tests a script writes from a string it assigns; the author's message quoting
what Claude had said, told as Claude's words; a run of the author's own told as what had come before the cited one;
a lead-in that cites what its time is measured from.

Recall, by general mechanisms: the order two steps are told in inside one clause (`a`を読んだあとで`b`を検索,
`a`를 읽은 후, 读了`a`之后) or around an infinitive ("después de leer `a`", "avant de lire `a`"); Claude told as
running a command only the author ran (`!`); the author told as editing what Claude's tools edited, in Japanese,
Chinese and Korean; a program named by a path it did not run from (`./target/debug/app` of `./target/release/app`);
Japanese outcomes in the polite form (通りました, 落ちました); a paragraph opening on a relative time ("Two minutes
later …") measured up to what it cites; a name given in quotation marks (「TabGroups Plus」); a result whose subject
is the clause before's ("…, and passed again").

The session: e1 my message (quoting Claude's advice of the day before), e2 Claude, e3 a search (two lines), e4 a
read, e5 `git show --stat`, e6 an edit of the handler (`{ ok: false, error: String(e) }`), e7 a script that
replaces a test by two and runs them, e8 Claude, e9 the timed release build, e10 Claude, e11 my own `!` run, e12 my
answer, e13 the commit five seconds after it, e14 Claude, e15 a test run (1 failed, 32 passed), e16 Claude."""

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
from retell.check.attribution import AUTHOR, CLAUDE, speaker_of
from retell.check.translation import anchors

ROOT = "/home/ana/shelf"
START = datetime(2025, 11, 3, 9, 0, 0, tzinfo=timezone.utc)
ADVICE = "storage serializes with structured clone anyway, so this just makes the copy explicit"
STAT = "\n".join(
    [
        "commit 9f3c2e1d0b8a4f77a1c3e0d9a6b51f2c3e8d7a40",
        "assertions: check balance assertions in posting order",
        "src/assert.rs       | 41 +++++++++++++++++++++++++++++------------",
        "tests/assertions.rs | 28 ++++++++++++++++++++++++++++",
        "2 files changed, 57 insertions(+), 12 deletions(-)",
    ]
)
HANDLER_OLD = "    await saveRules(msg.rules);\n    return;"
HANDLER_NEW = (
    "    try {\n      await saveRules(msg.rules);\n      return { ok: true };\n    } catch (e) {\n"
    "      return { ok: false, error: String(e) };\n    }"
)
SCRIPT = (
    "python3 - <<'EOF'\np='src/store.test.ts'\ns=open(p).read()\n"
    "new='''  it(\"stores plain rules only\", async () => {\n    expect(1).toBe(1);\n  });\n\n"
    "  it(\"restores RegExp and Set\", async () => {\n    expect(2).toBe(2);\n  });\n'''\n"
    "open(p,'w').write(s + new)\nEOF\nnpm test -- --run 2>&1 | tail -3"
)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=START)
    tx.user(
        f'Yesterday you told me to use `structuredClone(opts)` before saving, because "{ADVICE}". '
        "Was that right? The options page says 'Saved' even when it fails."
    )
    tx.tick(10)
    tx.assistant("It's not accurate: structuredClone only copies. Let me look at what is saved.")
    tx.tool_call(
        "Grep",
        {"pattern": "structuredClone", "path": f"{ROOT}/src", "output_mode": "content"},
        "src/store.ts:41:  const snapshot = structuredClone(opts);\n"
        "src/store.ts:42:  await sync.set({ rules: snapshot });",
    )
    tx.tool_call("Read", {"file_path": f"{ROOT}/src/store.ts"}, "export async function saveRules() {}")
    tx.tool_call("Bash", {"command": "git show --stat 9f3c2e1"}, STAT)
    tx.tool_call(
        "Edit", {"file_path": f"{ROOT}/src/index.ts", "old_string": HANDLER_OLD, "new_string": HANDLER_NEW}, "ok"
    )
    tx.tool_call("Bash", {"command": SCRIPT}, "Test Files  4 passed (4)\nTests  33 passed (33)")
    tx.assistant("Now the timing.")
    tx.tick(30)
    tx.tool_call(
        "Bash",
        {"command": "cargo build --release && time ./target/release/shelf check"},
        "Finished `release` profile in 38.12s\nreal\t0m0.19s",
    )
    tx.assistant("Back to 0.19 s. The check now reports 3 errors.")
    tx.tick(90)
    tx.user("<bash-input>./target/release/shelf check | grep -c 'failed'</bash-input>")
    tx.user("<bash-stdout>3</bash-stdout><bash-stderr></bash-stderr>")
    tx.tick(240)
    tx.user("ok, the first one is real. commit it")
    tx.tick(4)
    tx.tool_call("Bash", {"command": "git add -A src && git commit -m 'store plain rules'"}, "[main 6d0e2b7] store")
    tx.assistant("Committed `6d0e2b7`. Running the suite once more.")
    tx.tool_call("Bash", {"command": "npm test -- --run"}, "FAIL  src/store.test.ts\nTests  1 failed | 32 passed (33)")
    tx.assistant("One test fails: the migration.")
    return approved_workdir(tmp_path_factory.mktemp("r28"), tx)


def _clean(work: Path, body: str) -> None:
    assert problems(work, body) == [], body


def _reported(work: Path, body: str, *words: str) -> None:
    found = problems(work, body)
    assert found, body
    assert all(any(word in line for line in found) for word in words), found


# -- false alarms: each faithful case clean, its planted twin reported -------------------------------------------


def test_a_word_left_in_english_ends_where_the_other_script_begins() -> None:
    quote = "「chrome.storageはどのみちstructured cloneでシリアライズするので」"
    assert anchors(quote)[0] == {"chrome.storage", "structured", "clone"}
    assert anchors("一度もawaitしていなかった")[0] == {"await"}
    assert anchors("コミットは1つでいい") == (set(), {1.0})
    assert anchors("`Redis`를 썼고 storage는 그대로")[0] >= {"redis", "storage"}


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "私は「storageはどのみちstructured cloneでシリアライズする」とも書きました。"
            "<!-- translated: e1 --> <!-- ev: e1 -->",
            "私は「storageはどのみちJSONでシリアライズする」とも書きました。<!-- translated: e1 --> <!-- ev: e1 -->",
        ),
        (
            '저는 "storage는 어차피 structured clone으로 직렬화한다"고 썼습니다. '
            "<!-- translated: e1 --> <!-- ev: e1 -->",
            '저는 "storage는 어차피 JSON으로 직렬화한다"고 썼습니다. <!-- translated: e1 --> <!-- ev: e1 -->',
        ),
    ],
)
def test_a_translated_quote_keeps_the_english_words_glued_to_its_script(
    work: Path, faithful: str, planted: str
) -> None:
    _clean(work, faithful)
    _reported(work, planted, "JSON")


def test_a_relative_clause_of_mine_does_not_make_me_the_speaker() -> None:
    lead = "返事で、Claudeはまず前日の会話は見えないと断り、私が引用したとおりの主張としてなら"
    assert speaker_of(lead, after="と答えました。") == CLAUDE
    assert speaker_of("Claude 回答说，我引用的说法", after="。") == CLAUDE
    assert speaker_of("Claudeが答えたあと、私が念を押して", after="と書きました。") == AUTHOR
    assert speaker_of("私が", after="と書きました。") == AUTHOR


def test_a_fraction_of_a_unit_is_read_whole() -> None:
    def read(text: str) -> list[tuple[str, float, str]]:
        return [(a.text, round(a.value * 60, 3), a.approx) for a in amounts(text)]

    assert read("in under a fifth of a second") == [("a fifth of a second", 0.2, "below")]
    assert read("in half a second") == [("half a second", 0.5, "")]
    assert read("two thirds of a minute") == [("two thirds of a minute", 40.0, "")]
    assert read("5分の1秒足らずで") == [("5分の1秒足らず", 0.2, "below")]
    assert read("五分之一秒") == [("五分之一秒", 0.2, "")]
    assert read("5분의 1초") == [("5분의 1초", 0.2, "")]
    assert read("a quarter of an hour") == [("a quarter of an hour", 900.0, "")]


def test_a_fifth_of_a_second_is_no_second(work: Path) -> None:
    _clean(work, "After the fix the check ran in under a fifth of a second. <!-- ev: e9 -->")
    _clean(work, "修正後、チェックは5分の1秒足らずで終わりました。<!-- ev: e9 -->")
    _reported(work, "After the fix the check ran in about three seconds. <!-- ev: e9 -->", "number")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "The stat of `9f3c2e1` showed it touched `src/assert.rs` and `tests/assertions.rs`. <!-- ev: e5 -->",
            "The stat of `9f3c2e1` showed it touched `src/assert.rs` and `src/journal.rs`. <!-- ev: e5 -->",
        ),
        (
            "`9f3c2e1` の stat を見ると、`src/assert.rs` と `tests/assertions.rs` を変更していた。 <!-- ev: e5 -->",
            "`9f3c2e1` の stat を見ると、`src/assert.rs` と `src/journal.rs` を変更していた。 <!-- ev: e5 -->",
        ),
        (
            "El stat de `9f3c2e1` mostró que cambió `src/assert.rs` y `tests/assertions.rs`. <!-- ev: e5 -->",
            "El stat de `9f3c2e1` mostró que cambió `src/assert.rs` y `src/journal.rs`. <!-- ev: e5 -->",
        ),
    ],
)
def test_a_file_a_cited_commit_lists_is_what_it_changed(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "src/journal.rs")


BLOCK = (
    "\n\n```text\nsrc/store.ts:41:  const snapshot = structuredClone(opts);\n"
    "src/store.ts:42:  await sync.set({ rules: snapshot });\n```\n<!-- ev: e3 -->"
)


@pytest.mark.parametrize(
    ("lead", "wrong"),
    [
        ("Claudeが`src`を検索すると、`src/store.ts`の2行が見つかりました：", "3行"),
        ("Claude searched `src` and found 2 lines in `src/store.ts`:", "3 lines"),
        ("Claude buscó en `src` y encontró 2 líneas en `src/store.ts`:", "3 líneas"),
    ],
)
def test_the_lines_a_lead_in_counts_are_its_blocks(work: Path, lead: str, wrong: str) -> None:
    _clean(work, lead + BLOCK)
    _reported(work, lead.replace(wrong.replace("3", "2"), wrong) + BLOCK, "number")


def test_an_object_told_with_fields_left_out(work: Path) -> None:
    _clean(work, "On failure the handler returns `{ ok: false }`, with `String(e)` as `error`. <!-- ev: e6 -->")
    _clean(work, "失敗したときは`{ ok: false }`が返ります。<!-- ev: e6 -->")
    _reported(work, "On failure the handler returns `{ ok: false, retry: true }`. <!-- ev: e6 -->", "code")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "古いテストはPythonの短いスクリプトで2つに置き換えられました。<!-- ev: e7 -->",
            "古いテストはPythonの短いスクリプトで3つに置き換えられました。<!-- ev: e7 -->",
        ),
        (
            "A short Python script replaced the old test by 2 tests. <!-- ev: e7 -->",
            "A short Python script replaced the old test by 3 tests. <!-- ev: e7 -->",
        ),
        (
            "Um script curto de Python trocou o teste antigo por 2 testes. <!-- ev: e7 -->",
            "Um script curto de Python trocou o teste antigo por 3 testes. <!-- ev: e7 -->",
        ),
    ],
)
def test_tests_a_script_writes_from_a_string(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "number")


@pytest.mark.parametrize(
    "text",
    [
        f'As I put it, the day before Claude had said "{ADVICE}". <!-- ev: e1 -->',
        "前日、Claudeは「storageはどのみちstructured cloneでシリアライズするので、これはコピーを明示するだけ」だと"
        "勧めた、と私は書きました。<!-- translated: e1 --> <!-- ev: e1 -->",
        "Según mi mensaje, Claude había dicho «storage serializa con structured clone de todos modos, así que "
        "esto solo "
        "hace explícita la copia». <!-- translated: e1 --> <!-- ev: e1 -->",
    ],
)
def test_words_my_message_quotes_are_not_mine(work: Path, text: str) -> None:
    _clean(work, text)


def test_words_of_my_own_told_as_claudes_are_still_moved(work: Path) -> None:
    _reported(work, 'Claude wrote "The options page says Saved even when it fails". <!-- ev: e1 -->', "your words")


# -- recall ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "Claudeが`src`を検索したあとで`store.ts`を読みました。<!-- ev: e3 e4 -->",
            "Claudeが`store.ts`を読んだあとで`src`を検索しました。<!-- ev: e3 e4 -->",
        ),
        (
            "Claude가 `src`를 검색한 후 `store.ts`를 읽었다. <!-- ev: e3 e4 -->",
            "Claude가 `store.ts`를 읽은 후 `src`를 검색했다. <!-- ev: e3 e4 -->",
        ),
        (
            "Claude先搜索了`src`之后再读`store.ts`。 <!-- ev: e3 e4 -->",
            "Claude先读了`store.ts`之后再搜索`src`。 <!-- ev: e3 e4 -->",
        ),
        (
            "Claude leyó `store.ts` después de buscar en `src`. <!-- ev: e3 e4 -->",
            "Claude buscó en `src` después de leer `store.ts`. <!-- ev: e3 e4 -->",
        ),
        (
            "Claude a cherché dans `src` avant de lire `store.ts`. <!-- ev: e3 e4 -->",
            "Claude a lu `store.ts` avant de chercher dans `src`. <!-- ev: e3 e4 -->",
        ),
    ],
)
def test_the_order_told_inside_a_clause(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "wrong order")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        (
            "About a minute and a half later I ran the check again, piped into `grep -c 'failed'`. <!-- ev: e11 -->",
            "About a minute and a half later Claude ran the check again, piped into `grep -c 'failed'`. "
            "<!-- ev: e11 -->",
        ),
        (
            "私が`grep -c 'failed'`を実行すると、`3`と出ました。<!-- ev: e11 -->",
            "Claudeが`grep -c 'failed'`を実行すると、`3`と出ました。<!-- ev: e11 -->",
        ),
        (
            "Ejecuté de nuevo el check con `grep -c 'failed'`. <!-- ev: e11 -->",
            "Claude ejecutó de nuevo el check con `grep -c 'failed'`. <!-- ev: e11 -->",
        ),
    ],
)
def test_claude_told_as_running_my_own_command(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "you did this")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        ("Claudeが`src/index.ts`を直しました。<!-- ev: e6 -->", "私が`src/index.ts`を直しました。<!-- ev: e6 -->"),
        (
            "`String(e)`を入れた`{ ok: false }`を返す部分は、Claudeが書き足しました。<!-- ev: e6 -->",
            "`String(e)`を入れた`{ ok: false }`を返す部分は、私が書き足しました。<!-- ev: e6 -->",
        ),
        ("Claude改了`src/index.ts`。<!-- ev: e6 -->", "我自己改了`src/index.ts`。<!-- ev: e6 -->"),
        ("Claude가 `src/index.ts`를 고쳤습니다. <!-- ev: e6 -->", "제가 `src/index.ts`를 고쳤습니다. <!-- ev: e6 -->"),
    ],
)
def test_me_told_as_editing_what_claude_edited(work: Path, faithful: str, planted: str) -> None:
    _clean(work, faithful)
    _reported(work, planted, "Claude did this")


def test_a_program_named_by_a_path_it_did_not_run_from(work: Path) -> None:
    _clean(work, "Claude timed `./target/release/shelf check`. <!-- ev: e9 -->")
    _clean(work, "Claude timed `shelf check`. <!-- ev: e9 -->")
    _reported(work, "Claude timed `./target/debug/shelf check`. <!-- ev: e9 -->", "never run")


def test_a_japanese_outcome_in_the_polite_form(work: Path) -> None:
    _clean(work, "Claudeがもう一度テストを走らせると、テストが1つ落ちました。<!-- ev: e15 -->")
    _reported(work, "Claudeがもう一度テストを走らせると、テストは全部通りました。<!-- ev: e15 -->", "outcome")


@pytest.mark.parametrize(
    ("before", "faithful", "planted"),
    [
        (
            "My answer named only the first error.",
            "Five seconds later Claude made the commit.",
            "Two minutes later Claude made the commit.",
        ),
        (
            "私の返事は最初のエラーだけでした。",
            "5秒後、Claudeがコミットしました。",
            "2分後、Claudeがコミットしました。",
        ),
        (
            "Mi respuesta nombró solo el primer error.",
            "Cinco segundos después, Claude hizo el commit.",
            "Dos minutos después, Claude hizo el commit.",
        ),
    ],
)
def test_a_paragraph_opening_on_its_time_measures_up_to_what_it_cites(
    work: Path, before: str, faithful: str, planted: str
) -> None:
    before += " <!-- ev: e12 -->\n\n"
    _clean(work, before + faithful + " <!-- ev: e13 -->")
    _reported(work, before + planted + " <!-- ev: e13 -->", "number")


@pytest.mark.parametrize(
    "text",
    [
        "ブラウザー拡張「TabGroups Plus」のルール保存について、Claudeに問い直しました。",
        "La extensión «TabGroups Plus» guarda las reglas, y le pregunté a Claude si el consejo era correcto.",
    ],
)
def test_a_name_given_in_quotation_marks(work: Path, text: str) -> None:
    _reported(work, text + " <!-- ev: e1 -->", "never names")


def test_a_result_whose_subject_is_the_clause_before(work: Path) -> None:
    _clean(work, "The tests ran once more, and failed on the migration. <!-- ev: e15 -->")
    _reported(
        work, "The tests failed on the migration, and passed again once it was fixed. <!-- ev: e15 -->", "outcome"
    )
