"""Round nineteen of the check (issue 21): false alarms on faithful prose, with sessions of our own in the real
record format.

- A relative time told in another language than English ("5分ほどして", "过了5分钟", "5분 뒤", "через пять
  минут", "5 dakika sonra", "بعد خمس دقائق", "cinque minuti dopo"…) is the time between two events, as "five
  minutes later" is: not a length that nothing near it took.
- A duration told in one notation (2分21秒, "2 min 21 s", "2:21", "141 seconds") is the same as what `time`
  printed (`real 2m21.480s`, `real 141.48`): the run's output is the evidence, before Claude's words saying it.

Session J (Japanese messages): e1 my ask, e2 Claude's plan (a sample of 100万行), e3 `time` of the full run
(`real 2m21.480s`), e4 Claude's "2分21秒", five minutes' pause, e5 my answer, e6 the commit, fifty minutes' pause,
e7 my next ask, e8 an edit, e9 Claude's summary. Session E (English): the same with `time -p` (`real 141.48`)
and Claude's "2:21"."""

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


def _work(root: Path, tx: Transcript) -> Path:
    path = tx.write(root / "s.jsonl")
    work = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), work, ParseOptions())
    run_triage(work, approve=True)
    return work


@pytest.fixture(scope="module")
def japanese(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user("ログ集計スクリプト agg.py が遅いです。速くできますか？")
    tx.assistant("まず100万行のサンプルで計測し、そのあと全量で測ります。")
    tx.tool_call(
        "Bash",
        {"command": "time python agg.py /data/big.log > /tmp/out.txt"},
        "real\t2m21.480s\nuser\t2m14.902s\nsys\t0m5.117s",
    )
    tx.assistant("全量で 2分21秒 です。")
    tx.tick(300)
    tx.user("なるほど。コミットお願いします。")
    tx.tool_call("Bash", {"command": "git commit -qam 'speed up agg.py' && git log --oneline -1"}, "d2c09a7 speed up")
    tx.tick(3000)
    tx.user("READMEも直してください。")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/README.md"}, "ok")
    tx.assistant("README を直しました。")
    return _work(tmp_path_factory.mktemp("ja"), tx)


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript()
    tx.user("agg.py is too slow on the full log. Can you speed it up?")
    tx.assistant("I'll measure on a sample of a million lines first, then on the full log.")
    tx.tool_call(
        "Bash",
        {"command": "time -p python agg.py /data/big.log > /tmp/out.txt"},
        "real 141.48\nuser 134.90\nsys 5.11",
    )
    tx.assistant("The full log now takes 2:21.")
    tx.tick(300)
    tx.user("Great, commit it please.")
    tx.tool_call("Bash", {"command": "git commit -qam 'speed up agg.py' && git log --oneline -1"}, "d2c09a7 speed up")
    tx.tick(3000)
    tx.user("Fix the README too.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/README.md"}, "ok")
    tx.assistant("The README is fixed.")
    return _work(tmp_path_factory.mktemp("en"), tx)


def check(work: Path, body: str) -> CheckReport:
    (work / "draft.md").write_text(HEAD + body, encoding="utf-8")
    return run_check(work)


def problems(work: Path, body: str) -> list[str]:
    return check(work, body).lines()


# -- a relative time in another language ----------------------------------------------------------------------

BEFORE = "Claude measured the full log. <!-- ev: e2 e3 e4 -->\n\n"

# (how the post tells "five minutes later", and the same sentence telling twenty)
RELATIVE = [
    (
        "5分ほどして、私は「なるほど。コミットお願いします。」と返した。",
        "20分ほどして、私は「なるほど。コミットお願いします。」と返した。",
    ),
    ("5分して、私はコミットを頼んだ。", "20分して、私はコミットを頼んだ。"),
    ("5分ほど経ってから、私はコミットを頼んだ。", "20分ほど経ってから、私はコミットを頼んだ。"),
    ("五分たって、私はコミットを頼んだ。", "二十分たって、私はコミットを頼んだ。"),
    ("过了大约5分钟，我让它提交。", "过了大约20分钟，我让它提交。"),
    ("过了五分钟，我让它提交。", "过了二十分钟，我让它提交。"),
    ("5분 뒤 나는 커밋을 부탁했다.", "20분 뒤 나는 커밋을 부탁했다."),
    ("5분쯤 지나서 나는 커밋을 부탁했다.", "20분쯤 지나서 나는 커밋을 부탁했다."),
    ("Через пять минут я попросил сделать коммит.", "Через двадцать минут я попросил сделать коммит."),
    ("Спустя примерно 5 минут я попросил сделать коммит.", "Спустя примерно 20 минут я попросил сделать коммит."),
    ("Yaklaşık beş dakika sonra commit istedim.", "Yaklaşık yirmi dakika sonra commit istedim."),
    ("بعد خمس دقائق طلبت منه الالتزام.", "بعد عشرين دقيقة طلبت منه الالتزام."),
    ("Cinque minuti dopo gli ho chiesto di fare il commit.", "Venti minuti dopo gli ho chiesto di fare il commit."),
    ("Cerca de cinco minutos depois pedi o commit.", "Cerca de vinte minutos depois pedi o commit."),
    ("Vijf minuten later vroeg ik om de commit.", "Twintig minuten later vroeg ik om de commit."),
    ("Pięć minut później poprosiłem o commit.", "Dwadzieścia minut później poprosiłem o commit."),
]


@pytest.mark.parametrize(("faithful", "planted"), RELATIVE)
def test_a_relative_time_in_another_language_is_the_gap_before_the_cited_event(
    japanese: Path, faithful: str, planted: str
) -> None:
    assert problems(japanese, BEFORE + faithful + " <!-- ev: e5 -->\n") == []
    assert problems(japanese, BEFORE + planted + " <!-- ev: e5 -->\n")


def test_a_relative_time_is_read_as_one_in_the_paragraph_alone(japanese: Path) -> None:
    """Without the paragraph before it: the gap before the one event it cites."""
    assert problems(japanese, "5分ほどして、私はコミットを頼んだ。 <!-- ev: e5 -->\n") == []
    assert problems(japanese, "Через пять минут я попросил сделать коммит. <!-- ev: e5 -->\n") == []
    assert problems(japanese, "20分ほどして、私はコミットを頼んだ。 <!-- ev: e5 -->\n")


# -- a duration told in one notation, printed in another --------------------------------------------------------


def _number_event(report: CheckReport, told: str) -> str | None:
    finding = next(f for f in report.findings if f.claim.kind == "number" and told in f.claim.text)
    return finding.event


@pytest.mark.parametrize("told", ["2分21秒", "2分21秒ほど", "約2分21秒"])
def test_a_duration_time_printed_is_traced_to_the_run_in_japanese(japanese: Path, told: str) -> None:
    body = f"確かめたのは、100万行のサンプルでの差分と、全量が{told}で終わったことまでだ。<!-- ev: e3 e5 -->\n"
    report = check(japanese, body)
    assert report.lines() == []
    assert _number_event(report, told.strip("約ほど")) == "e3"


@pytest.mark.parametrize("told", ["2 min 21 s", "2m 21s", "2:21", "141 seconds", "two minutes and 21 seconds"])
def test_a_duration_time_printed_is_traced_to_the_run_in_english(english: Path, told: str) -> None:
    body = f"All I checked was a sample of a million lines and that the full log ran in {told}. <!-- ev: e3 e5 -->\n"
    report = check(english, body)
    assert report.lines() == []
    assert _number_event(report, told) == "e3"


def test_a_duration_the_run_did_not_print_is_still_reported(english: Path, japanese: Path) -> None:
    assert problems(english, "The full log ran in 9 min 40 s. <!-- ev: e3 -->\n")
    assert problems(japanese, "全量は9分40秒で終わった。<!-- ev: e3 -->\n")


def test_a_time_of_day_is_no_duration(english: Path) -> None:
    assert problems(english, "At 2:21 the full log was done. <!-- ev: e3 -->\n") == []


# -- a translated quote of a message that pastes code -------------------------------------------------------------


@pytest.fixture(scope="module")
def pasted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1 my message: a complaint, a pasted CSS rule (`2em`, `0.15em`), one question; e2 Claude's answer; e3 my
    short message with a figure of its own."""
    tx = Transcript()
    tx.user(
        "Hm, Safari ignores this :(\n\nThe rule:\n\n.gloss rt {\n  font-size: 2em;\n  margin: 0 0.15em;\n}\n\n"
        "Could you rewrite it with real ruby elements?"
    )
    tx.assistant("Yes: I'll use <ruby> and <rt> instead of the display trick.")
    tx.user("Please keep the timeout at 30 seconds.")
    return _work(tmp_path_factory.mktemp("pasted"), tx)


@pytest.mark.parametrize(
    "quote",
    [
        "我只提了一个请求：“能帮我用真正的 ruby 元素重写吗？”<!-- translated: e1 --> <!-- ev: e1 -->",
        "お願いは一つだけ、「本物の ruby 要素で書き直してもらえますか？」。<!-- translated: e1 --> <!-- ev: e1 -->",
        "Mijn enige vraag: „Kun je het herschrijven met echte ruby-elementen?” <!-- translated: e1 --> <!-- ev: e1 -->",
    ],
)
def test_a_translated_question_need_not_keep_the_numbers_of_the_code_pasted_with_it(pasted: Path, quote: str) -> None:
    assert problems(pasted, quote + "\n") == []


def test_a_translated_message_still_keeps_its_own_numbers(pasted: Path) -> None:
    assert problems(pasted, "我只说了一句：“请把超时保持不变。”<!-- translated: e3 --> <!-- ev: e3 -->\n")
    assert problems(pasted, "我只提了一个请求：“能帮我把字号改成 3em 吗？”<!-- translated: e1 --> <!-- ev: e1 -->\n")
