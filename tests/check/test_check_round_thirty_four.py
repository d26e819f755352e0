"""Round thirty-four (issue 21): the false alarms left on blind14 and blind19 (tuned on from this round) and those a
real model's drafters reported on fresh23's drafts, each fixed as a class, on a session of our own:

- the author's own time in German, French or Spanish ("Weil ich in einer Stunde in einem Meeting war" of the
  author's "Ich bin in einer Stunde in einem Meeting") traces to their message; a time changed is still reported;
- "in Zeile 10 von `parse.py`", "ligne 12", "строке 10": a place in a file, never a count of "vons";
- a model's "not in the cited events" of the post's opening (before its first heading) that names where it is: the
  opening sums up the story; the same verdict on a paragraph of a section still stands;
- a model's "not in the session" of a command the rules found as written in the cited run, where the model was
  shown the run without its command line; a verdict that disputes the run itself still stands;
- thousands grouped with a space or a (narrow) no-break space ("20 037 строк") are one number, in the draft and in
  a message of Claude's in Russian;
- a heading's count is read over its section's events, never a later run ("three skipped" of "skipped 3", not "2
  skipped" further on);
- "9h", "16h" as Vietnamese (and French) write an hour of the day; "mất 2h" is a length still;
- a test run on the line after a heredoc (`cat >> t.rs <<'EOF' … EOF` then `cargo test`), one fed to a shell, and a
  Python script fed to `python -` that calls `pytest.main()` are test runs; a test file written by a heredoc is not;
- an install run over ssh (`scp … && ssh box 'sudo install …'`) is an install."""

from __future__ import annotations

import shutil
from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    DRAFT_HEAD,
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    ids_by_mark,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import amounts
from retell.check.stage import load_draft, run_check
from retell.check.verify import NOT_CITED, NOT_IN_SESSION, Verdict, Verification, merge
from retell.events import ToolCall

ROOT = "/home/ada/pegel"

HEREDOC = (
    "cat >> tests/targeting.rs <<'EOF'\n\n#[test]\nfn frost_skips_slowed() {\n    assert_eq!(1, 1);\n}\nEOF\n"
    "cargo test --test targeting 2>&1 | tail -3"
)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=datetime(2026, 1, 22, 7, 58, tzinfo=timezone.utc))
    tx.user(
        "Moin! Der nächtliche Import bricht ab. Kannst du rausfinden, was sich geändert hat? Ich bin in einer "
        "Stunde in einem Meeting, also gern selbstständig durcharbeiten."
    )
    tx.tick(8)
    tx.tool_call(
        "Grep",
        {"pattern": "COLUMNS", "path": "etl"},
        "etl/parse.py:10:    if list(df.columns) != COLUMNS:\netl/load.py:22:    df = df[COLUMNS[:2]]",
    )
    tx.tick(3)
    tx.assistant("Jetzt zähle ich die Dateien mit der neuen Spalte.")
    tx.tick(6)
    tx.tool_call("Bash", {"command": "ls data/*.txt | wc -l; echo 479 von 479"}, "479 von 479")
    tx.tick(12)
    tx.assistant("Второе место, которое вчера упустили: 20 037 строк не разбираются. Например, у `/healthz`.")
    tx.tick(20)
    tx.tool_call(
        "Bash",
        {"command": HEREDOC},
        "exit 101\ntest frost_skips_slowed ... FAILED\ntest result: FAILED. 5 passed; 1 failed; 0 ignored",
        is_error=True,
    )
    tx.tick(5)
    tx.assistant("Now the service on the box.")
    tx.tick(30)
    tx.tool_call(
        "Bash",
        {
            "command": "scp deploy/app.service box:/tmp/ && ssh box 'sudo install -m 644 /tmp/app.service "
            "/etc/systemd/system/app.service && sudo systemctl restart app && ls /run/app/'"
        },
        "app.sock",
    )
    tx.tick(5)
    tx.assistant("Now the photos of 4 January.")
    tx.tick(30)
    tx.tool_call(
        "Bash", {"command": "python tools/walk.py photos/0104"}, "212 points -> out.geojson; skipped 3 without GPS"
    )
    tx.tick(400)
    tx.user("now the 9 January folder please")
    tx.tick(20)
    tx.assistant("9 January: 187 points, 2 skipped. The layer is in `out/0109.geojson`.")
    tx.tick(60)
    tx.user("sao server lại lệch giờ vậy?")
    tx.tick(20)
    tx.assistant(
        "Theo giải thích của mình, `new Date` hiểu chuỗi không có offset theo giờ của process: trên server chạy "
        "UTC, `2026-02-10T09:00` thành 09:00Z, tức 16h giờ Việt Nam."
    )
    tx.tick(15)
    tx.tool_call("Bash", {"command": "npm test -- --run src/hooks"}, "Tests  4 passed (4)")
    tx.tick(5)
    tx.assistant("Now the emulator tests.")
    tx.tick(5)
    tx.tool_call(
        "Bash",
        {"command": "./gradlew :app:connectedDebugAndroidTest 2>&1 | tail -8"},
        "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
        "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
        "to proceed.",
        is_error=True,
    )
    return approved_workdir(tmp_path_factory.mktemp("r34"), tx)


@pytest.fixture(scope="module")
def ids(work: Path) -> dict[str, str]:
    """The event of each act, by a word of it."""
    marks = {
        "author": "Ich bin in einer",
        "grep": "COLUMNS in etl",
        "count": "479 von 479",
        "russian": "20 037",
        "heredoc": "cat >> tests/targeting.rs",
        "ssh": "scp deploy/app.service",
        "first": "skipped 3 without GPS",
        "second": "187 points, 2 skipped",
        "vietnamese": "16h giờ",
        "npm": "npm test -- --run",
        "refused": "connectedDebugAndroidTest",
    }
    return {name: _event(work, mark) for name, mark in marks.items()}


def _copy(work: Path, tmp_path: Path) -> Path:
    target = tmp_path / "w"
    shutil.copytree(work, target)
    return target


def _event(work: Path, text: str) -> str:
    return ids_by_mark(work, {"it": text})["it"]


# -- the author's own time, in German ----------------------------------------------------------------------------------


def test_the_authors_own_hour_in_german_traces_to_their_message(
    work: Path, tmp_path: Path, ids: dict[str, str]
) -> None:
    body = (
        "Weil ich in einer Stunde in einem Meeting war, bat ich Claude, selbstständig durchzuarbeiten. "
        f"<!-- ev: {ids['author']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_a_changed_hour_in_german_is_still_reported(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        "Weil ich in drei Stunden in einem Meeting war, bat ich Claude, selbstständig durchzuarbeiten. "
        f"<!-- ev: {ids['author']} -->"
    )
    assert any("drei Stunden" in p for p in problems(_copy(work, tmp_path), body))


# -- a line of a file, in the post's language -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "den Vergleich in Zeile 10 von `parse.py`",
        "la comparaison à la ligne 12 de `parse.py`",
        "la comparación en la línea 7 de `parse.py`",
        "сравнение в строке 10 из `parse.py`",
        "jämförelsen på rad 10 av `parse.py`",
    ],
)
def test_a_line_number_in_the_posts_language_is_no_count(text: str) -> None:
    assert [a.text for a in amounts(text)] == []


def test_a_line_number_in_german_raises_nothing(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        "Die Suche fand den Vergleich in Zeile 10 von `etl/parse.py`, und die Zählung gab 479 von 479. "
        f"<!-- ev: {ids['grep']} {ids['count']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


# -- thousands grouped with a space ------------------------------------------------------------------------------------


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"])
def test_thousands_grouped_with_a_space_trace_to_claudes_russian(
    work: Path, tmp_path: Path, ids: dict[str, str], space: str
) -> None:
    body = (
        f"## 20{space}037 строк, которые парсер не разобрал\n\nClaude нашёл второе место, которое вчера упустили. "
        f"<!-- ev: {ids['russian']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_a_changed_figure_grouped_with_a_space_is_still_reported(
    work: Path, tmp_path: Path, ids: dict[str, str]
) -> None:
    body = f"Claude нашёл второе место: 30 512 строк парсер не разобрал. <!-- ev: {ids['russian']} -->"
    assert any("30 512" in p for p in problems(_copy(work, tmp_path), body))


def test_a_space_between_two_english_numbers_stays_two() -> None:
    assert [a.value for a in amounts("It ran in 2 steps and 123 files changed.")] == [2.0, 123.0]


# -- a heading over its own section ------------------------------------------------------------------------------------


def test_a_headings_count_is_read_over_its_section_not_a_later_run(
    work: Path, tmp_path: Path, ids: dict[str, str]
) -> None:
    body = (
        "## The first script: 212 points, three skipped\n\nThe first run printed `212 points -> out.geojson`, and "
        f"three photos without GPS were left out. <!-- ev: {ids['first']} -->\n\n## The second day\n\nThe next "
        f"run gave 187 points. <!-- ev: {ids['second']} -->"
    )
    found = problems(_copy(work, tmp_path), body)
    assert not [p for p in found if "three skipped" in p], found


def test_a_headings_count_its_section_gives_otherwise_is_reported(
    work: Path, tmp_path: Path, ids: dict[str, str]
) -> None:
    body = f"## The second day: 187 points, three skipped\n\nThe next run gave 187 points. <!-- ev: {ids['second']} -->"
    assert any("three skipped" in p for p in problems(_copy(work, tmp_path), body))


# -- an hour of the day in Vietnamese ----------------------------------------------------------------------------------


def test_an_hour_of_the_day_in_vietnamese_is_no_length(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        "Theo giải thích của Claude, `new Date` hiểu chuỗi không có offset theo giờ của process. Trên máy mình, 9h "
        f"thành 02:00Z. Trên server chạy UTC, nó thành 09:00Z, tức 16h giờ Việt Nam. <!-- ev: {ids['vietnamese']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_a_length_in_hours_in_vietnamese_is_still_checked() -> None:
    found = amounts("Việc sửa lỗi này mất 2h, lâu hơn mình nghĩ nhiều so với dự kiến ban đầu.")
    assert [(a.value, a.unit) for a in found] == [(120.0, "duration")]


def test_an_hour_of_the_day_in_french() -> None:
    assert amounts("On se retrouve à 9h demain pour la réunion du projet, comme prévu la semaine dernière.") == []


# -- a test run through a heredoc --------------------------------------------------------------------------------------


def test_a_test_run_after_a_heredoc_is_a_test_run(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = (
        "One heredoc appended the new test and ran `cargo test --test targeting`. Five tests passed and one "
        f"failed. <!-- ev: {ids['heredoc']} -->"
    )
    assert problems(_copy(work, tmp_path), body) == []


def test_a_heredoc_run_told_as_passing_is_contradicted(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"One heredoc appended the new test, and the test run passed. <!-- ev: {ids['heredoc']} -->"
    found = problems(_copy(work, tmp_path), body)
    assert any("outcome" in p and "failed" in p for p in found), found


@pytest.mark.parametrize(
    ("command", "tests"),
    [
        (HEREDOC, True),
        ("cat <<'EOF' | sh\ncd app\nnpm test\nEOF", True),
        ("ssh box bash -s <<EOF\npytest -q\nEOF", True),
        ("python - <<'EOF'\nimport pytest\nraise SystemExit(pytest.main(['-q', 'tests']))\nEOF", True),
        ("cat > tests/test_a.py <<'EOF'\nimport pytest\n\ndef test_a():\n    assert True  # pytest\nEOF", False),
        ("python - <<'EOF'\nprint('pytest is not run here')\nEOF", False),
    ],
)
def test_what_a_heredoc_runs(command: str, tests: bool) -> None:
    from retell.extract.tools import is_test_command, run_lines

    call = ToolCall("Bash", target=command.split("\n")[0] + " …", command=command)
    assert is_test_command(run_lines(call)) is tests


# -- an install run over ssh -------------------------------------------------------------------------------------------


def test_an_install_run_over_ssh_is_an_install(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"Claude installed the new unit on the box and restarted the service. <!-- ev: {ids['ssh']} -->"
    assert problems(_copy(work, tmp_path), body) == []


def test_an_install_never_run_is_still_reported(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"Claude installed the new unit on the box. <!-- ev: {ids['count']} -->"
    assert any("install" in p for p in problems(_copy(work, tmp_path), body))


# -- the model's verdicts on an opening and on a command it was shown without its line ---------------------------------


def _merged(work: Path, body: str, verdict: Verdict) -> list[str]:
    text = DRAFT_HEAD + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    loaded = load_draft(work)
    report = run_check(work, loaded)
    return merge(report, Verification("x", "handoff", "m", [verdict]), text, downgrade=True, view=loaded.view).lines()


def _opening(ids: dict[str, str]) -> str:
    return (
        f"I asked Claude why the import broke, and a search found the cause. <!-- ev: {ids['author']} -->\n\n"
        f"## The search\n\nThe search found the comparison in `etl/parse.py`. <!-- ev: {ids['count']} -->"
    )


def test_the_models_not_cited_of_the_opening_is_no_finding(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    verdict = Verdict(5, "found the cause", NOT_CITED, ids["grep"], "the search is in the uncited event")
    assert not [line for line in _merged(_copy(work, tmp_path), _opening(ids), verdict) if "found the cause" in line]


def test_the_models_not_cited_of_a_sections_paragraph_stands(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    verdict = Verdict(
        9, "The search found the comparison", NOT_CITED, ids["grep"], "the search is in the uncited event"
    )
    found = _merged(_copy(work, tmp_path), _opening(ids), verdict)
    assert any("The search found the comparison" in line for line in found), found


def test_the_models_not_in_the_session_of_the_opening_stands(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    verdict = Verdict(5, "found the cause", NOT_IN_SESSION, "", "nothing shows that a search found a cause")
    assert any("found the cause" in line for line in _merged(_copy(work, tmp_path), _opening(ids), verdict))


def _tried(ids: dict[str, str]) -> str:
    return (
        "Claude wanted to run the emulator tests with `./gradlew :app:connectedDebugAndroidTest`, and I said no. "
        f"<!-- ev: {ids['refused']} -->"
    )


TRIED = "Claude wanted to run the emulator tests with `./gradlew :app:connectedDebugAndroidTest`"
UNSEEN = "The turned-down run keeps no command line ('Ran tests: failed'); nothing shows which command it was."


def test_a_refused_command_the_model_was_shown_without_its_line_is_no_finding(
    work: Path, tmp_path: Path, ids: dict[str, str]
) -> None:
    verdict = Verdict(5, TRIED, NOT_IN_SESSION, "", UNSEEN)
    assert not [line for line in _merged(_copy(work, tmp_path), _tried(ids), verdict) if "emulator tests" in line]


def test_a_refused_run_the_model_disputes_otherwise_stands(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    verdict = Verdict(5, TRIED, NOT_IN_SESSION, "", "Claude never wanted to run it; the author asked for it.")
    assert any("emulator tests" in line for line in _merged(_copy(work, tmp_path), _tried(ids), verdict))


def test_a_run_that_went_ahead_stays_the_models_to_judge(work: Path, tmp_path: Path, ids: dict[str, str]) -> None:
    body = f"Claude ran the hook's tests with `npm test -- --run src/hooks` first. <!-- ev: {ids['npm']} -->"
    words = "Claude ran the hook's tests with `npm test -- --run src/hooks` first"
    verdict = Verdict(5, words, NOT_IN_SESSION, "", "The run's command line is not shown, nor that it came first.")
    assert any("hook's tests" in line for line in _merged(_copy(work, tmp_path), body, verdict))
