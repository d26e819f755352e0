"""Round forty-one's rules, from twelve drafts a real model wrote of fresh28's and fresh29's sessions (written blind,
drafted through the hand-off engine at stop 55): each finding below was raised on faithful prose, each of a form
any post writes.

- `\\` in a code span ("`/` on the Mac, `\\` on Windows"): a backslash inside a span is itself, and the span closed
  there; read as an escape, the span ran on into the prose ("code: "` on Windows. That is why…"").
- "list them in `problems.txt`", citing an edit whose code writes that file: the cited events name it.
- "I asked Claude to commit, adding: “Don't commit index.csv…”", citing the message that asks it: an ask of mine,
  though Claude's `git commit` after it holds the same words.
- "each about 41.9 million bytes" of a listing's 41872614 (a `Length` column, no unit beside it).
- `pyproject.toml` of `~\\src\\shoot-sorter\\pyproject.toml`: a Windows path's file, by its last part.
- "My script had worked in January", citing a long paste whose last line says "this worked fine in january".
- Claude's guess, then the run the paragraph cites that shows it ("exiftool printed an Artist line").
- "DTEND on the next day", 土曜クラス ("the Saturday class"): a day of the code's data, not of the session.
- "Claudeの説明では、…。 …13日になる。": an account of Claude's that a Japanese paragraph goes on telling, and
  "続いてClaudeは…ビルドし" (Claude between kana) names Claude.
- "Tre minuti e ventisette secondi dopo il mio primo messaggio": one time, 3 min 27 s, since the first message.
- "prefissi come «az. agr.» o doppi spazi": a stop inside a short quote ends no sentence."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

import pytest
from check_support import (
    _offline,  # noqa: F401  (fixture)
    approved_workdir,
    ids_by_mark,
)
from check_support import draft_problems as problems
from conftest import Transcript

from retell.check.amounts import DURATION, amounts
from retell.check.claims import _CODE_SPAN
from retell.check.order import sentences
from retell.check.readings import _ACCOUNT, GIVEN
from retell.check.relative_times import gloss_relative

ROOT = "/home/sam/src/register-indexer"
PASTE = "\n".join(f'  File "indexer.py", line {n}, in build_index' for n in range(40))


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    tx = Transcript(cwd=ROOT, start=datetime(2026, 1, 10, 11, 38, tzinfo=timezone.utc))
    tx.user(
        f"Traceback (most recent call last):\n{PASTE}\nOSError: empty file\n\nthis worked fine in january, same scanner"
    )
    tx.tick(20)
    tx.assistant("My guess: the scanner wrote her name in the EXIF **Artist** field, and that byte trips cp1252.")
    tx.tool_call(
        "Bash",
        {"command": "exiftool -Artist DSC09214.ARW"},
        "Artist                          : Chidinma Okonkwo",
    )
    tx.tool_call(
        "Bash",
        {"command": "ls -l scans/originals"},
        "Name         Length\npage_210.tif 41872614\npage_211.tif 41901220\npage_214.tif        0",
    )
    tx.assistant("`page_214.tif` is 0 bytes. I'd rather skip files that can't be read and list them in a file.")
    tx.tool_call(
        "Edit",
        {
            "file_path": f"{ROOT}/indexer.py",
            "old_string": "    write_csv(rows, args.out)",
            "new_string": '    write_csv(rows, args.out)\n    Path("problems.txt").write_text("\\n".join(problems))',
        },
        "The file has been updated.",
    )
    tx.tick(60)
    tx.user("Perfect. Can you commit it please? Don't commit index.csv or problems.txt, they're in .gitignore I think")
    tx.tick(8)
    tx.tool_call(
        "Bash",
        {
            "command": 'git add indexer.py && git commit -m "Skip unreadable scans" -m "Empty or corrupt TIFFs are '
            'skipped and listed in problems.txt instead of stopping the run."'
        },
        "[main 4e1c9a2] Skip unreadable scans\n 1 file changed, 4 insertions(+)",
    )
    return approved_workdir(tmp_path_factory.mktemp("r41"), tx)


@pytest.fixture(scope="module")
def ids(work: Path) -> dict[str, str]:
    marks = {
        "paste": "worked fine in january",
        "guess": "My guess",
        "exif": "exiftool -Artist",
        "listing": "ls -l scans",
        "zero": "is 0 bytes",
        "edit": "write_text",
        "ask": "Can you commit it please",
        "commit": "git add indexer.py",
    }
    return ids_by_mark(work, marks)


def test_a_file_the_cited_edit_writes_is_in_the_cited_events(work: Path, ids: dict[str, str]) -> None:
    found = problems(
        work, f"Claude let the script list the unreadable scans in `problems.txt`. <!-- ev: {ids['edit']} -->"
    )
    assert not any("problems.txt" in line for line in found), found


def test_an_ask_cited_to_my_message_is_mine(work: Path, ids: dict[str, str]) -> None:
    body = (
        "In my next message I asked Claude to commit, adding: “Don't commit index.csv or problems.txt, they're in "
        f".gitignore I think”. <!-- ev: {ids['ask']} -->"
    )
    found = problems(work, body)
    assert not any("credit" in line for line in found), found


def test_a_rounded_figure_of_a_cited_listing_is_traced(work: Path, ids: dict[str, str]) -> None:
    body = (
        "`page_214.tif` had a `Length` of 0, while the pages before it were each about 41.9 million bytes. "
        f"<!-- ev: {ids['listing']} {ids['zero']} -->"
    )
    assert not any("41.9" in line for line in problems(work, body))


def test_a_figure_no_cited_number_rounds_to_is_still_reported(work: Path, ids: dict[str, str]) -> None:
    body = (
        "`page_214.tif` had a `Length` of 0, while the pages before it were each about 52.3 million bytes. "
        f"<!-- ev: {ids['listing']} {ids['zero']} -->"
    )
    assert any("52.3" in line for line in problems(work, body))


def test_my_report_under_a_long_paste_backs_an_outcome(work: Path, ids: dict[str, str]) -> None:
    body = (
        "My indexing script had worked in January with the same scanner, and it fell over on the new scans. "
        f"<!-- ev: {ids['paste']} -->"
    )
    assert not any("outcome" in line for line in problems(work, body))


def test_a_guess_the_cited_run_then_shows_is_no_guess_told_as_fact(work: Path, ids: dict[str, str]) -> None:
    body = (
        "Claude guessed at a name in the EXIF data. On `DSC09214.ARW`, exiftool printed an Artist line holding "
        f"such a name. <!-- ev: {ids['guess']} {ids['exif']} -->"
    )
    assert not any("guess" in line for line in problems(work, body))


def test_a_guess_no_cited_run_shows_is_still_reported(work: Path, ids: dict[str, str]) -> None:
    body = "The scanner wrote her name in the EXIF Artist field, and that byte tripped cp1252."
    body += f" <!-- ev: {ids['guess']} -->"
    assert any("guess" in line for line in problems(work, body))


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("`/` on the Mac, `\\` on Windows. That is why", "\\"),
        ("a ``code with ` inside`` span", "code with ` inside"),
        ("an escaped \\`tick and `real` code", "real"),
    ],
)
def test_a_backslash_inside_a_code_span_is_itself(text: str, code: str) -> None:
    assert code in [m.group("code") for m in _CODE_SPAN.finditer(text)]


@pytest.mark.parametrize(
    "text",
    [
        "all-day rows as `VALUE=DATE` with DTEND on the next day, since DTEND is exclusive",
        "Claude set `due_at` to the next day",
        "2/14には土曜クラスが2回ある",
        "the Saturday classes moved to the gym",
        "周六班有两个老师",
    ],
)
def test_a_day_of_the_codes_data_is_no_time_of_the_session(text: str) -> None:
    assert not [a for a in amounts(text) if a.next_day or a.weekday >= 0]


@pytest.mark.parametrize(
    "text",
    [
        "The next day I came back.",
        "I ran `make` the next morning",
        "土曜日の朝に戻った",
        "on Saturday morning I ran it",
    ],
)
def test_a_day_of_the_session_is_still_read(text: str) -> None:
    assert [a for a in amounts(text) if a.next_day or a.weekday >= 0]


def test_claude_between_kana_is_named_and_an_account_goes_on() -> None:
    assert GIVEN.search("続いてClaudeは`TZ`を変えて3回ビルドした")
    assert _ACCOUNT.search("Claudeの説明では、`new Date()`は0時として解釈される")


@pytest.mark.parametrize(
    ("text", "glossed"),
    [
        (
            "Tre minuti e ventisette secondi dopo il mio primo messaggio, Claude aveva scritto",
            "3 minutes and 27 seconds after my first message",
        ),
        ("drie minuten en zevenentwintig seconden later", "3 minutes and 27 seconds later"),
        ("uma hora e trinta e sete minutos depois", "1 hours and 37 minutes later"),
        ("cinque minuti dopo", "5 minutes later"),
    ],
)
def test_a_compound_time_is_one_time(text: str, glossed: str) -> None:
    gloss = gloss_relative(text)
    assert gloss is not None and glossed in gloss.text


def test_since_my_first_message_counts_from_the_start() -> None:
    found = amounts("3 minutes and 27 seconds after my first message, Claude had written three files")
    assert [(round(a.value, 2), a.from_start) for a in found if a.unit == DURATION] == [(3.45, True)]


def test_a_stop_inside_a_short_quote_ends_no_sentence() -> None:
    text = "I wrote: “don’t commit yet.” Then Claude ran it. Prefissi come «az. agr.» o doppi spazi. Fine."
    assert [text[a:b].strip() for a, b in sentences(text)] == [
        "I wrote: “don’t commit yet.” Then Claude ran it.",
        "Prefissi come «az. agr.» o doppi spazi.",
        "Fine.",
    ]


# -- from six more real-model drafts, of fresh30 (written blind; drafted at stop 56) -------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ein Monatsende-Test: geprüft am 12.03.2025, fällig bis 31.03.2026 statt am 02.03.2026.",
        "the job ran on 1.9.2026 and again",
    ],
)
def test_a_date_with_dots_is_no_version(text: str) -> None:
    assert not [a for a in amounts(text) if a.unit.startswith("version")]


def test_a_version_with_three_parts_is_still_one() -> None:
    assert [a.unit for a in amounts("fpdf v0.9.0, then Python 3.12.1")] == ["version:0.9.0", "version:3.12.1"]


@pytest.mark.parametrize(
    "text",
    [
        "a period of 14 days",
        "every 15 days",
        "two days late give 10000 centavos",
        "para que en la noche no se adelante the next day como pasaría con UTC",
    ],
)
def test_a_length_in_the_works_data_is_no_time_of_the_session(text: str) -> None:
    """fresh30's tandas (Mexican Spanish): "un periodo de 14 días", "dos días de retraso", "no se adelante al día
    siguiente" were read as the session's time and stopped `render --strict`."""
    assert not [a for a in amounts(text) if a.unit == DURATION]


@pytest.mark.parametrize("text", ["It took 14 days", "14 days later I came back", "two days later it failed"])
def test_a_length_of_the_session_is_still_read(text: str) -> None:
    assert [a for a in amounts(text) if a.unit == DURATION]


@pytest.mark.parametrize(
    ("lead", "speaker"),
    [
        ("Następne polecenie odrzuciłam i napisałam: ", "author"),
        ("Odpisałem: ", "author"),
        ("Claude odpowiedział: ", "claude"),
        ("Mình từ chối lệnh đó và viết: ", "author"),
        ("Claude trả lời: ", "claude"),
        ("Respondi: ", "author"),
        ("Claude escreveu: ", "claude"),
        ("Ho scritto a Claude: ", "author"),
    ],
)
def test_who_speaks_after_a_polish_vietnamese_portuguese_or_italian_lead(lead: str, speaker: str) -> None:
    from retell.check.attribution import speaker_of

    assert speaker_of(lead) == speaker


@pytest.mark.parametrize(
    ("text", "pushed"),
    [("就把这个字符推到下一列", False), ("然后推到了 GitHub", True), ("推送到 origin", True)],
)
def test_a_character_pushed_to_the_next_column_is_no_git_push(text: str, pushed: bool) -> None:
    from retell.check.evidence import _PUSHED

    assert bool(_PUSHED.search(text)) is pushed
