"""What a real model answering retell's prompts in the loop wrote (a Ukrainian post on a Go service's graceful
shutdown), and a blind editor reading the post against the session had to edit, each traced to what the material
or the prompts gave or withheld, asserted on the prompt a model receives or on the rendered post, built from
sessions in Claude Code's record format written for these tests (other tools, languages and figures than that
session's):

1. A chained command's `time` lines, "telling" since round 43, crowded the rest of its short output out of the
   material (the service's log lines after them): the post said the output showed only the time.
2. The note on a figure the author gave led the model to say how they came by it ("my estimate, not a
   measurement"); Claude's figures in words the note could not read (Ukrainian `30 с`) had no note at all.
3. The description promised a result no run showed ("without 502s during deploys"), and the title stated
   Claude's cause as proven.
4. The numbers rendered as a table with an empty header row (`| | |`).
5. A figure Claude expected ("not 10 s until SIGKILL") told as a before/after comparison.
"""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import pytest
from conftest import Transcript, usage
from prompt_support import event_block as _event_block
from prompt_support import outline_prompt as _outline_prompt
from prompt_support import parse_work
from prompt_support import section_prompts as _section_prompts
from told_support import no_live_settings, ok  # noqa: F401  (no_live_settings: a fixture, used by name)
from typer.testing import CliRunner

from retell.cli import app

runner = CliRunner()
START = datetime(2026, 12, 2, 10, 0, tzinfo=timezone.utc)
CWD = "/home/taras/src/relay"
PROJECTS = "claude/projects/-home-taras-src-relay"
pytestmark = pytest.mark.usefixtures("no_live_settings")


def _parse(tmp_path: Path, tx: Transcript, language: str = "") -> Path:
    return parse_work(tmp_path, tx, PROJECTS, language)


def _render(work: Path, target: str = "") -> str:
    ok(runner.invoke(app, ["outline", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["draft", str(work), "--engine", "offline", "-q"]))
    ok(runner.invoke(app, ["render", str(work), "-q", *(["--target", target] if target else [])]))
    return next((work / "post").rglob("*.md")).read_text(encoding="utf-8")


def _one_run(command: str, output: str, reply: str, *, is_error: bool = False) -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("перевір, будь ласка")
    tx.tick(5)
    tx.tool_call("Bash", {"command": command}, output, is_error=is_error)
    tx.tick(8)
    tx.assistant(reply, usage_=usage())
    return tx


# -- 1. a measurement never hides the rest of an output -------------------------------------------------------------

DOCKER_STOP = (
    "sha256:5f0c2d9e41b7",
    "9b1e77c0a3d4",
    "real\t0m4.208s",
    "user\t0m0.019s",
    "sys\t0m0.011s",
    "relay",
    "2026/12/02 10:00:06 listening on :9090",
    "2026/12/02 10:00:08 SIGTERM received, draining",
    "2026/12/02 10:00:12 closed 3 idle connections",
    "2026/12/02 10:00:12 bye",
)
TIMED_EXPORT = (
    "16 passed in 0.41s",
    "real\t0m12.774s",
    "user\t0m11.902s",
    "sys\t0m0.640s",
    "wrote 4200 rows to out/export.csv",
    "skipped 3 rows without a customer id",
)
TIMED_BENCH = (
    "go build -o bin/relay ./cmd/relay",
    "real\t0m2.031s",
    "user\t0m1.840s",
    "sys\t0m0.122s",
    "p50 1.8ms  p99 14.2ms  (10000 requests)",
)


@pytest.mark.parametrize(
    ("command", "output", "reply", "language"),
    [
        (
            "go build ./... && docker build -q -t relay:dev . && docker run -d --name relay relay:dev && sleep 1 && "
            "time docker stop relay && docker logs relay",
            DOCKER_STOP,
            "Тепер `docker stop` триває 4,2 с, і в логах видно `SIGTERM received` → `bye`.",
            "uk",
        ),
        (
            "pytest -q && time python export.py --month 2026-11",
            TIMED_EXPORT,
            "Der Export braucht 12,8 s und schreibt 4200 Zeilen; 3 ohne Kunden-ID übersprungen.",
            "de",
        ),
        ("make relay && time ./bin/loadtest -n 10000", TIMED_BENCH, "p99 liegt bei 14,2 ms.", "de"),
    ],
)
def test_a_short_outputs_lines_beside_a_timing_all_reach_the_material(
    tmp_path: Path, command: str, output: tuple[str, ...], reply: str, language: str
) -> None:
    """A successful output of up to EXCERPT_WHOLE lines is kept whole, as any command's: `time`'s lines are one
    part of it, never all of it."""
    block = _event_block(_outline_prompt(_parse(tmp_path, _one_run(command, "\n".join(output), reply), language)), "e2")
    for line in output:
        assert line in block, block
    assert "more line" not in block


def test_a_long_outputs_timing_is_kept_beside_its_last_lines(tmp_path: Path) -> None:
    """Over EXCERPT_WHOLE lines and no verdict line: `time`'s figures and the output's first and last lines."""
    progress = [f"batch {n:>2}: 1000 rows" for n in range(1, 15)]
    output = ["real\t1m02.114s", "user\t0m58.300s", "sys\t0m1.901s", *progress, "imported 14000 rows into staging"]
    tx = _one_run(
        "cargo build --release && time ./target/release/etl --into staging",
        "\n".join(output),
        "14 000 рядків за хвилину з секундами.",
    )
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "uk")), "e2")
    for line in ("real\t1m02.114s", "user\t0m58.300s", "imported 14000 rows into staging", "batch 14: 1000 rows"):
        assert line in block, block
    assert re.search(r"… \(\d+ more lines\)", block), block  # what is left out is said


def test_a_long_outputs_timing_stands_beside_its_verdict(tmp_path: Path) -> None:
    """With a verdict line in a long output, the timing is kept with it, not instead of it."""
    dots = [f"tests/test_part_{n}.py ........" for n in range(12)]
    output = [*dots, "96 passed in 3.88s", "real\t0m4.512s", "user\t0m3.900s", "sys\t0m0.301s"]
    tx = _one_run("time pytest -q", "\n".join(output), "96 Tests in 4,5 s.")
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "de")), "e2")
    assert "96 passed in 3.88s" in block and "real\t0m4.512s" in block, block


def test_a_failures_reason_is_never_crowded_out_by_the_timing(tmp_path: Path) -> None:
    """A failed run that ends on `time`'s three lines: its error line stays beside them."""
    output = (
        "Exit code 3\n"
        "applying 0007_orders_index.sql\n"
        'ERROR:  relation "orders_customer_idx" already exists\n'
        "migration aborted at 0007\n"
        "real\t0m0.912s\nuser\t0m0.031s\nsys\t0m0.020s"
    )
    tx = _one_run(
        "time ./scripts/migrate.sh", output, "Індекс уже є: міграцію 0007 треба зробити ідемпотентною.", is_error=True
    )
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "uk")), "e2")
    assert 'relation "orders_customer_idx" already exists' in block, block
    assert "real\t0m0.912s" in block, block


def test_a_warning_never_hides_a_long_successful_outputs_last_lines(tmp_path: Path) -> None:
    """Another "telling" kind with the same fault: a lone warning took the place of the install's last line."""
    collecting = [f"Collecting pkg{n}==1.{n}" for n in range(12)]
    output = [
        *collecting,
        "WARNING: The script relayctl is installed in '/home/taras/.local/bin' which is not on PATH.",
        "Successfully installed pkg0-1.0 pkg1-1.1 relay-0.4.0",
    ]
    tx = _one_run("pip install -r requirements.txt", "\n".join(output), "Встановлено, але relayctl не в PATH.")
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "uk")), "e2")
    assert "Successfully installed pkg0-1.0 pkg1-1.1 relay-0.4.0" in block, block
    assert "is not on PATH" in block, block


# -- 2. a figure the author gave, and Claude's figures in other languages -------------------------------------------


def _graceful(language_words: tuple[str, str]) -> Transcript:
    ask, reply = language_words
    tx = Transcript(cwd=CWD, start=START)
    tx.user(ask)
    tx.tick(20)
    tx.assistant(reply, usage_=usage())
    return tx


@pytest.mark.parametrize(
    ("ask", "reply", "author_figure", "written"),
    [
        (
            "Під час кожного деплою у нас ~30 секунд 502-ок від ingress. Глянь?",
            "PID 1 — це shell, він не пересилає SIGTERM. Через 30 с k8s надсилає SIGKILL. Звідси рівно ~30 секунд.",
            "30 с",
            "~30 секунд",
        ),
        (
            "Bei jedem Deploy haben wir etwa 45 Sekunden lang 502er. Schau mal?",
            "Die Shell leitet SIGTERM nicht weiter; nach 45 s kommt SIGKILL.",
            "45 s",
            "etwa 45 Sekunden",
        ),
        (
            "the nightly export takes about 90s, can you look?",
            "Most of those 90 s are the CSV writer flushing per row.",
            "90 s",
            "about 90s",
        ),
    ],
)
def test_the_authors_figure_is_noted_with_their_own_words_and_nothing_on_how_they_got_it(
    tmp_path: Path, ask: str, reply: str, author_figure: str, written: str
) -> None:
    block = _event_block(_outline_prompt(_parse(tmp_path, _graceful((ask, reply)))), "e2")
    note = block.split("\n", 1)[1]
    assert f"{author_figure}: the author wrote “{written}” in [e1]; no output shows it" in note, note
    for how in ("estimate", "measure", "own figure"):
        assert how not in note, note


def test_claudes_own_figures_in_ukrainian_are_noted(tmp_path: Path) -> None:
    """`10 с`, `5,3 с`, `250 мс`: a time in Cyrillic units is a figure like `10 s`."""
    tx = Transcript(cwd=CWD, start=START)
    tx.user("зупини контейнер і заміряй")
    tx.tick(5)
    tx.tool_call("Bash", {"command": "time docker stop relay"}, "relay\nreal\t0m5.312s\nuser\t0m0.021s\nsys\t0m0.014s")
    tx.tick(8)
    tx.assistant("Тепер зупинка триває 5,3 с, а не 10 с до SIGKILL; пауза між спробами 250 мс.", usage_=usage())
    block = _event_block(_outline_prompt(_parse(tmp_path, tx, "uk")), "e3")
    note = block.split("\n", 1)[1] if "\n" in block else ""
    assert "10 с is Claude's own figure, in no output shown here" in note, block
    assert "250 мс is Claude's own figure" in note, block
    assert "5,3 с" not in note, block  # the `time` run printed it


def test_the_instructions_tell_an_authors_figure_as_they_gave_it(tmp_path: Path) -> None:
    work = _parse(tmp_path, _graceful(("у нас ~30 секунд 502-ок", "Через 30 с приходить SIGKILL.")), "uk")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "an estimate they typed" not in prompt
        assert "the author's estimate" not in prompt
        assert "tell it as the author gave it" in prompt
        assert "never say how they came by it" in prompt


# -- 3. the title and the description ------------------------------------------------------------------------------


def test_the_title_and_description_promise_no_outcome_no_run_showed(tmp_path: Path) -> None:
    prompt = _outline_prompt(_parse(tmp_path, _graceful(("у нас ~30 секунд 502-ок", "Через 30 с SIGKILL.")), "uk"))
    task = prompt[prompt.index("# Your task") :]
    assert "say what was done and shown" in task
    assert "never an outcome no run showed" in task
    assert "a cause stays Claude's explanation unless a run showed it" in task


# -- 4. the numbers ------------------------------------------------------------------------------------------------


def _timed() -> Transcript:
    tx = Transcript(cwd=CWD, start=START)
    tx.user("додай healthcheck")
    tx.tick(60)
    tx.tool_call("Bash", {"command": "go test ./..."}, "ok  \texample.com/relay\t0.412s")
    tx.tick(30)
    tx.assistant("Готово.", usage_=usage())
    return tx


@pytest.mark.parametrize("target", ["jekyll", "hugo", "astro", "plain"])
@pytest.mark.parametrize(
    ("language", "label"), [("uk", "Виклики інструментів"), ("ja", "ツール呼び出し"), ("en", "Tool calls")]
)
def test_the_numbers_have_no_empty_header_row(tmp_path: Path, target: str, language: str, label: str) -> None:
    post = _render(_parse(tmp_path, _timed(), language), target)
    assert "| |" not in post and "|---|" not in post, post
    row = next(line for line in post.splitlines() if label in line)
    assert re.match(rf"^- \*\*{label}\*\*\s?[:：]\s?1$", row), row


def test_the_numbers_follow_the_languages_punctuation(tmp_path: Path) -> None:
    post = _render(_parse(tmp_path, _timed(), "fr"))
    row = next(line for line in post.splitlines() if "Appels d'outils" in line or "outils" in line)
    assert re.match(r"^- \*\*[^*]+\*\*\u00a0: 1$", row), row


# -- 5. a comparison needs both runs ---------------------------------------------------------------------------------


def test_the_instructions_say_a_comparison_needs_both_runs(tmp_path: Path) -> None:
    work = _parse(tmp_path, _graceful(("у нас ~30 секунд 502-ок", "Через 30 с приходить SIGKILL.")), "uk")
    for prompt in (_outline_prompt(work), *_section_prompts(work)):
        assert "a before/after comparison needs both runs shown" in prompt
