"""Round twenty of the check (issue 21): lengths and counts told with their unit in the languages the drafting
prompt writes in, and what a verification prompt shows of the cited events.

- "de sessie duurde 19 minuten", "Die Sitzung dauerte 19 Minuten", "Oturum 19 dakika sürdü", "Сессия длилась 19
  минут" are lengths, traced as "The session took 19 minutes" is; the same sentence with 40 is still reported.
- "3 bestanden", "3 testy", "3 теста" are counts of files and tests, compared with what the session counts.
- A verification prompt gives each event's clock time to a tenth of a second (a post's "half a second later"
  is measured), and a cited run that read or edited several files names every one of them (its line cuts the
  list short).

The session (real record format): e1 my ask, e2 Claude's plan, e3 a test run (3 passed), ten minutes' pause,
e4 Claude's note, e5 an edit of two files, nine minutes' pause, e6 my request to commit, e7 the commit."""

from __future__ import annotations

from pathlib import Path

import pytest
from check_support import _offline  # noqa: F401  (fixture)
from conftest import Transcript

from retell.check.stage import run_check
from retell.claude.locate import SessionRef
from retell.parse import ParseOptions, parse_to_workdir
from retell.triage.stage import run_triage

HEAD = "---\ntitle: t\n---\n\n"


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("r20")
    tx = Transcript()
    tx.user("The export job is slow. Can you look at it?")
    tx.assistant("I'll run the tests first.")
    tx.tool_call("Bash", {"command": "pytest -q"}, "3 passed in 0.41s")
    tx.tick(600)
    tx.assistant("All 3 tests pass. I'll edit export.py and utils.py.")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/export.py"}, "ok")
    tx.tool_call("Edit", {"file_path": "/srv/demo/proj/utils.py"}, "ok")
    tx.tick(540)
    tx.user("Thanks, commit it.")
    tx.tool_call("Bash", {"command": "git commit -qam 'fix export' && git log --oneline -1"}, "d2c09a7 fix export")
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


def problems(work: Path, body: str) -> list[str]:
    (work / "draft.md").write_text(HEAD + body + "\n", encoding="utf-8")
    return run_check(work).lines()


# (the session's length told in a language, the same sentence with a length nothing took)
LENGTHS = [
    ("De sessie duurde 19 minuten.", "De sessie duurde 40 minuten."),
    ("Die Sitzung dauerte 19 Minuten.", "Die Sitzung dauerte 40 Minuten."),
    ("La sessione è durata 19 minuti.", "La sessione è durata 40 minuti."),
    ("A sessão durou 19 minutos.", "A sessão durou 40 minutos."),
    ("Sesja trwała 19 minut.", "Sesja trwała 40 minut."),
    ("Relace trvala 19 minut.", "Relace trvala 40 minut."),
    ("Sessionen tog 19 minuter.", "Sessionen tog 40 minuter."),
    ("Oturum 19 dakika sürdü.", "Oturum 40 dakika sürdü."),
    ("Сессия длилась 19 минут.", "Сессия длилась 40 минут."),
    ("Сесія тривала 19 хвилин.", "Сесія тривала 40 хвилин."),
    ("セッションは19分かかった。", "セッションは40分かかった。"),
    ("세션은 19분 걸렸다.", "세션은 40분 걸렸다."),
]


@pytest.mark.parametrize(("faithful", "planted"), LENGTHS)
def test_a_length_told_with_its_unit_in_another_language_is_a_length(work: Path, faithful: str, planted: str) -> None:
    assert problems(work, faithful + " <!-- ev: e1 e7 -->") == []
    assert problems(work, planted + " <!-- ev: e1 e7 -->")


# (two files edited, told in a language; the same with four)
COUNTS = [
    ("Claude bewerkte 2 bestanden.", "Claude bewerkte 4 bestanden."),
    ("Claude hat 2 Dateien bearbeitet.", "Claude hat 4 Dateien bearbeitet."),
    ("Claude editou 2 arquivos.", "Claude editou 4 arquivos."),
    ("Claude edytował 2 pliki.", "Claude edytował 4 pliki."),
    ("Claude upravil 2 soubory.", "Claude upravil 4 soubory."),
    ("Claude отредактировал 2 файла.", "Claude отредактировал 4 файла."),
]


@pytest.mark.parametrize(("faithful", "planted"), COUNTS)
def test_a_count_of_files_in_another_language_is_compared(work: Path, faithful: str, planted: str) -> None:
    assert problems(work, faithful + " <!-- ev: e4 e5 -->") == []
    assert problems(work, planted + " <!-- ev: e4 e5 -->")


@pytest.mark.parametrize(
    ("faithful", "planted"),
    [
        ("Claude uruchomił 3 testy i przeszły.", "Claude uruchomił 5 testów i przeszły."),
        ("Claude запустил 3 теста, и они прошли.", "Claude запустил 5 тестов, и они прошли."),
        ("Claude körde 3 tester och alla gick igenom.", "Claude körde 5 tester och alla gick igenom."),
    ],
)
def test_a_count_of_tests_in_another_language_is_compared(work: Path, faithful: str, planted: str) -> None:
    assert problems(work, faithful + " <!-- ev: e3 -->") == []
    assert problems(work, planted + " <!-- ev: e3 -->")


# -- what a verification prompt shows ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1 my ask; e2 Claude reads four files in one run (its line names three); e3, half a second after e2,
    Claude's note."""
    root = tmp_path_factory.mktemp("r20v")
    tx = Transcript()
    tx.user("The listing page is slow. Can you look?")
    tx.tool_call("Read", {"file_path": "/srv/demo/app/controllers/projects_controller.rb"}, "class X; end")
    tx.tool_call("Read", {"file_path": "/srv/demo/app/views/projects/_project.html.erb"}, "<%= x %>")
    tx.tool_call("Read", {"file_path": "/srv/demo/app/models/project.rb"}, "class Project; end")
    tx.tool_call("Read", {"file_path": "/srv/demo/app/models/task.rb"}, "class Task; end")
    tx.tick(0.5)
    tx.assistant("An N+1 in the partial.")
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


def _prompt(work: Path, body: str) -> str:
    from retell.check.stage import load_draft
    from retell.check.verify_request import verify_requests
    from retell.llm.pricing import load_prices
    from retell.templating import TemplateLibrary

    (work / "draft.md").write_text(HEAD + body + "\n", encoding="utf-8")
    loaded = load_draft(work)
    prices = load_prices()
    model = prices.defaults.get("verify", "claude-sonnet-5-5")
    library = TemplateLibrary("prompts")
    pairs = verify_requests(
        loaded.text, loaded.view, loaded.parsed.manifest, loaded.triage, model, prices.limits(model), library
    )
    return pairs[0][1].user


def test_a_cited_read_of_several_files_names_every_one(quick: Path) -> None:
    body = "Claude read the controller, the partial and the models `project.rb` and `task.rb`. <!-- ev: e2 -->"
    user = _prompt(quick, body)
    assert "task.rb" in user.split("# The events it cites")[1]


def test_clock_times_are_given_to_a_tenth_of_a_second(quick: Path) -> None:
    import re

    user = _prompt(quick, "Half a second later Claude named an N+1 in the partial. <!-- ev: e2 e3 -->")
    times = re.findall(r"\] (\d\d:\d\d:\d\d\.\d)", user)
    assert len(times) >= 2


# -- a translated quote of what a tool shows, or of text pasted in a message ------------------------------------


@pytest.fixture(scope="module")
def pasted(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1 my message in Dutch, pasting an English warning; e2 Claude's edit whose new line carries an English
    comment; e3 Claude's note."""
    root = tmp_path_factory.mktemp("r20t")
    tx = Transcript()
    tx.user(
        "Bullet geeft nu een waarschuwing op de detailpagina:\n\n```\nGET /projects/412\n"
        "USE eager loading detected\n  Task => [:assignee]\n  Add to your query: .includes([:assignee])\n"
        "Call stack\n  /app/views/projects/show.html.erb:21:in block in the view\n```\n\n"
        "Waarom? Ik heb die pagina niet aangeraakt."
    )
    tx.tool_call(
        "Edit",
        {
            "file_path": "/srv/demo/test/fixtures/projects.yml",
            "old_string": "  archived: false",
            "new_string": "  archived: false\n  tasks_count: 3 # fixtures skip counter_cache callbacks",
        },
        "ok",
    )
    tx.assistant("De fixtures hebben nu een tasks_count.")
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


@pytest.mark.parametrize(
    "body",
    [
        "Claude zette `tasks_count` in de fixtures, met het commentaar «fixtures slaan de callbacks van "
        "counter_cache over» <!-- translated: e2 -->. <!-- ev: e2 -->",
        "Il commento diceva «le fixtures saltano i callback della counter_cache» <!-- translated: e2 -->. "
        "<!-- ev: e2 -->",
    ],
)
def test_a_translated_quote_of_a_code_comment_in_an_edit_is_traced(pasted: Path, body: str) -> None:
    assert problems(pasted, body) == []


def test_a_translated_quote_of_a_code_comment_still_keeps_its_names(pasted: Path) -> None:
    body = (
        "Het commentaar zei «fixtures slaan de callbacks van touch_later over» <!-- translated: e2 -->. <!-- ev: e2 -->"
    )
    assert problems(pasted, body)


@pytest.mark.parametrize(
    "body",
    [
        "Bullet zei me «voeg aan je query toe» <!-- translated: e1 --> een `.includes([:assignee])`. <!-- ev: e1 -->",
        "Bullet mi diceva «aggiungi alla tua query» <!-- translated: e1 --> un `.includes([:assignee])`. "
        "<!-- ev: e1 -->",
    ],
)
def test_a_translated_quote_of_a_warning_pasted_in_a_message_is_no_invented_quote(pasted: Path, body: str) -> None:
    assert problems(pasted, body) == []


# -- a model's verdict the rules' own reading of the same names clears ----------------------------------------------


def _merged(work: Path, body: str, words: str, verdict: str = "not in the session") -> list[str]:
    from retell.check.verify import Verdict, Verification, draft_hash, merge

    text = HEAD + body + "\n"
    (work / "draft.md").write_text(text, encoding="utf-8")
    report = run_check(work)
    verification = Verification(
        draft_hash(text), "handoff", "m", [Verdict(5, words, verdict, "", "no event shows it being read")]
    )
    return merge(report, verification, text).lines()


def test_a_not_in_the_session_on_names_the_cited_event_holds_is_not_used(quick: Path) -> None:
    body = "Claude read the controller, the partial and the models `project.rb` and `task.rb`. <!-- ev: e2 -->"
    assert _merged(quick, body, "the models `project.rb` and `task.rb`") == []


def test_a_verdict_that_says_more_than_the_names_is_kept(quick: Path) -> None:
    body = "Claude read `task.rb`, which is safe because `project.rb` already validates every task. <!-- ev: e2 -->"
    assert _merged(quick, body, "which is safe because `project.rb` already validates every task")


# -- a test run's lines counted by `uniq -c` ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def repeated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """e1 my ask; e2 a go test run five times over, its lines sorted and counted; e3 a pytest run the same way."""
    root = tmp_path_factory.mktemp("r20u")
    tx = Transcript()
    tx.user("Run the limiter tests a few times with -race, please.")
    tx.tool_call(
        "Bash",
        {
            "command": "go test -race -count=5 ./internal/ratelimit/ -v 2>&1"
            " | grep -E '^(---|ok|FAIL|PASS)' | sort | uniq -c"
        },
        "      5 --- PASS: TestSweepEvictsIdle (0.00s)\n      5 --- PASS: TestUnknownKeyFallsBackToIP (0.00s)\n"
        "      1 PASS\n      1 ok  \tgithub.com/acme/gw/internal/ratelimit\t2.114s",
    )
    tx.tool_call(
        "Bash",
        {
            "command": "for i in 1 2 3; do pytest -v tests/test_limits.py; done"
            " | grep -E 'PASSED|FAILED' | sort | uniq -c"
        },
        "      3 tests/test_limits.py::test_burst PASSED\n      3 tests/test_limits.py::test_refill PASSED\n"
        "      3 tests/test_limits.py::test_idle PASSED",
    )
    path = tx.write(root / "s.jsonl")
    target = root / "w"
    parse_to_workdir(SessionRef(path, path.stem), target, ParseOptions())
    run_triage(target, approve=True)
    return target


@pytest.mark.parametrize(
    ("faithful", "planted", "cites"),
    [
        ("The counted lines name two tests, each passing five times.", "The counted lines name four tests.", "e2"),
        ("Three tests passed in each of the three runs.", "Six tests passed in each of the three runs.", "e2"),
    ],
)
def test_a_count_of_tests_a_uniq_c_listing_names_is_traced(
    repeated: Path, faithful: str, planted: str, cites: str
) -> None:
    assert problems(repeated, f"{faithful} <!-- ev: {cites} -->") == []
    assert problems(repeated, f"{planted} <!-- ev: {cites} -->")
