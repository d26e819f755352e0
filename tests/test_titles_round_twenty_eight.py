"""Titles, round twenty-eight (issue 24, story31): a session about something else is not titled by the check it ran on
the way. fresh19's blind judge found three of twelve offline titles unusable, all of one class: a stock activity title
("Getting the tests to pass", "Far funzionare la build") over a session whose subject was a kitchen display's bump
bar, a button under the gesture bar, accents in a search. Each cause is tested on sessions built for it; every line
here is our own wording, none a fresh19 session's.

- A. A commit that names its thing "Bump …" ("Bump map shader: tangent space, …") is work, not a version bump: it
  titles the post, framed by its thing, and is not said as "Bumping …".
- B. No commit, the author's words no title (a line of chat): the cause Claude named under a label of its closing
  summary ("- **Causa**: …") titles the post, in the post's language, before a stock activity title.
- C. A check ("Getting the build to work") titles a session only when the tests or the build were its subject:
  Italian "ci" ("già che ci sei") is no CI.
- D. A call's bracket ("Insets(0)") stays in a title; an aside in brackets after a space still goes."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract import headings
from retell.extract.built_title import built
from retell.extract.commits import session_summaries

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


# -- A. a thing named "Bump …" -----------------------------------------------------------------------------------------


def test_a_thing_named_bump_is_work_not_a_version_bump(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "Hi! Some context first: the renderer draws the cave level with flat lighting and it looks like cardboard. "
        "Today I'd like the walls to get real depth from the normal maps we already ship."
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/shaders/wall.frag"}, "void main() {}")
    edit(tx, "shaders/wall.frag")
    _bash(tx, "cargo test -q render", "test result: ok. 9 passed; 0 failed")
    tx.assistant("The walls now sample the normal map in tangent space, with a parallax offset and per-light shadows.")
    tx.user("looks great, commit please")
    _bash(
        tx,
        'git add -A && git commit -q -m "Bump map shader: tangent space, parallax offset, per-light shadows" '
        "&& git log -1 --oneline",
        "4c1d2e9 Bump map shader: tangent space, parallax offset, per-light shadows",
    )
    tx.assistant("Committed.")
    told = Told(tx, tmp_path)
    # (a list of three changes is titled by its main one since round thirty-three; the thing stays a thing)
    assert told.title == "Bump map shader: per-light shadows", told.title


@pytest.mark.parametrize(
    ("subject", "kept"),
    [
        ("Bump map shader: tangent space, parallax offset, per-light shadows", True),
        ("Bump serde from 1.0.197 to 1.0.203", False),
        ("Bump deps: serde 1.0.203", False),
        ("bump version", False),
    ],
)
def test_only_a_version_bump_is_housekeeping(tx: Transcript, subject: str, kept: bool) -> None:
    tx.user("go ahead")
    _bash(tx, f'git commit -qm "{subject}"')
    assert bool(session_summaries(_events(tx))) is kept


def _events(tx: Transcript) -> list:  # type: ignore[type-arg]
    import json
    import tempfile

    from retell.claude.locate import SessionRef
    from retell.events import EventLog
    from retell.parse import ParseOptions, parse_to_workdir

    folder = Path(tempfile.mkdtemp())
    path = tx.write(folder / "claude" / "projects" / "-srv-demo-proj" / f"{tx.session_id}.jsonl")
    parse_to_workdir(SessionRef(path, path.stem), folder / "work", ParseOptions())
    return EventLog.from_dict(json.loads((folder / "work" / "events.json").read_text(encoding="utf-8"))).events


# -- B. the cause Claude named, when nothing else titles the post ------------------------------------------------------


def _search_session(tx: Transcript, opening: str, fold: str, summary: str, answer: str) -> None:
    """A bare question in chat form, a search fix, a test that fails and then passes, no commit: before this round
    the post was "Getting the tests to pass" said in its language."""
    tx.user(opening)
    tx.assistant(fold)
    _bash(tx, "curl -s localhost:9200/recetas/_analyze -d @q.json", '{"tokens":[{"token":"café"}]}')
    edit(tx, "search/mapping.json")
    _bash(tx, "pytest -q tests/test_indexer.py", "F.\n1 failed, 1 passed in 0.4s")
    edit(tx, "tests/test_indexer.py")
    _bash(tx, "pytest -q tests/test_indexer.py", "..\n2 passed in 0.3s")
    tx.assistant(summary)
    tx.user(answer)


@pytest.mark.parametrize(
    ("opening", "fold", "summary", "answer", "title"),
    [
        (
            "allora ciao senti la ricerca non trova caffe se lo scrivo senza accento praticamente nessuno trova niente "
            "ti mando lo screen poi già che ci sei guarda anche i filtri perché credo abbiano lo stesso problema",
            "Dallo screen si vede la ricerca vuota. L'analizzatore fa solo `lowercase`, lo verifico con `_analyze`.",
            "I 2 test passano.\n\n- **Causa**: l'analizzatore `it_testo` non toglie gli accenti, quindi query e "
            "documento danno token diversi.\n- **Fix**: sotto-campo `.senza_accenti` con `asciifolding`.",
            "perfetto grazie",
            "L'analizzatore it_testo non toglie gli accenti",
        ),
        (
            'sao gõ "bun cha" không ra "bún chả" vậy?',
            "Analyzer hiện tại chỉ `lowercase`, không bỏ dấu. Để mình kiểm tra bằng `_analyze`.",
            "Cả 2 test đều qua.\n\n- **Nguyên nhân**: analyzer `vi_mon` chỉ lowercase, không bỏ dấu.\n"
            "- **Sửa**: thêm sub-field `.khong_dau` với `asciifolding`.",
            "ok cảm ơn nhé",
            "Analyzer vi_mon chỉ lowercase, không bỏ dấu",
        ),
    ],
    ids=["it", "vi"],
)
def test_the_cause_claude_named_titles_a_session_of_chat(
    tx: Transcript, tmp_path: Path, opening: str, fold: str, summary: str, answer: str, title: str
) -> None:
    _search_session(tx, opening, fold, summary, answer)
    told = Told(tx, tmp_path)
    assert told.title == title, told.title


def test_a_cause_in_another_language_titles_nothing(tx: Transcript, tmp_path: Path) -> None:
    _search_session(
        tx,
        'oye y por qué buscar "cafe" no saca "café" jaja',
        "El analizador actual solo pasa a minúsculas. Lo compruebo con `_analyze`.",
        "Both tests pass.\n\n- **Cause**: the `es_texto` analyzer keeps accents, so the tokens differ.",
        "genial gracias",
    )
    assert "accents" not in Told(tx, tmp_path).title


# -- C. a check titles a session only when it was the subject ----------------------------------------------------------


@pytest.mark.parametrize(
    ("opening", "subject"),
    [
        ("ho aggiornato la libreria e già che ci sei guarda anche il menu che non si apre", False),
        ("the ci keeps failing on the lint step since this morning", True),
        ("CI rossa di nuovo sul branch di release", True),
        ("i test di integrazione falliscono da ieri", True),
    ],
)
def test_italian_ci_is_no_ci(opening: str, subject: bool) -> None:
    assert headings.tests_were_the_subject([], [opening]) is subject


def test_a_build_on_the_way_titles_no_session_about_a_screen(tx: Transcript, tmp_path: Path) -> None:
    tx.user(
        "allora senti ho messo la nuova versione di android e adesso la lista dei corsi finisce sotto la barra in "
        "basso già che ci sei guarda anche il profilo ti mando lo screen"
    )
    tx.assistant("Dallo screen si vede la lista sotto la barra dei gesti. Controllo gli Scaffold.")
    edit(tx, "app/src/main/java/it/demo/CorsiScreen.kt")
    _bash(
        tx,
        "./gradlew :app:compileDebugKotlin",
        "e: CorsiScreen.kt:41 Unresolved reference\nBUILD FAILED",
        is_error=True,
    )
    edit(tx, "app/src/main/java/it/demo/CorsiScreen.kt")
    _bash(tx, "./gradlew :app:compileDebugKotlin", "BUILD SUCCESSFUL in 12s")
    tx.assistant("Compila, e la lista ora si ferma sopra la barra.")
    tx.user("perfetto grazie")
    title = Told(tx, tmp_path).title
    assert title != "Far funzionare la build", title


# -- D. a call's bracket -----------------------------------------------------------------------------------------------


def test_a_calls_bracket_stays_in_a_title() -> None:
    assert built("Lo Scaffold esterno passava WindowInsets(0)", "said", "it").endswith("WindowInsets(0)")
    assert built("Il menu laterale non si apre più (Android 15)", "said", "it") == "Il menu laterale non si apre più"


# -- E. the author's "again" kept as the title (a judged rewrite: a line of chat) --------------------------------------


@pytest.mark.parametrize(
    ("opening", "cause", "title"),
    [
        (
            "again the nightly export job died, third time this week",
            "- **Cause**: the export query holds a lock on `ledger_entries` while the vacuum job waits on it.",
            "The export query holds a lock on ledger_entries while the vacuum job waits on it",
        ),
        (
            "опять ночной экспорт упал, третий раз за неделю",
            "- **Причина**: запрос экспорта держит блокировку на `ledger_entries`, пока ждёт vacuum.",
            "Запрос экспорта держит блокировку на ledger_entries, пока ждёт vacuum",
        ),
    ],
    ids=["en", "ru"],
)
def test_an_again_line_gives_way_to_the_cause(
    tx: Transcript, tmp_path: Path, opening: str, cause: str, title: str
) -> None:
    tx.user(opening)
    tx.assistant("Let me look at the job's logs." if opening.startswith("again") else "Смотрю логи задачи.")
    _bash(tx, "kubectl logs job/export-nightly --tail=20", "ERROR: canceling statement due to lock timeout")
    edit(tx, "jobs/export.sql")
    _bash(tx, "pytest -q tests/test_export.py", "3 passed in 0.4s")
    tx.assistant(("Done.\n\n" if opening.startswith("again") else "Готово.\n\n") + cause)
    tx.user("ok thanks" if opening.startswith("again") else "ок спасибо")
    told = Told(tx, tmp_path)
    assert told.title == title, told.title


@pytest.mark.parametrize(
    ("subject", "scope"),
    [
        ("Add freeze mode: crossfaded buffer write, frozen write head", ""),  # the change itself (fresh20, stop 49)
        ("Fix login flow: keep the next parameter", ""),
        ("camera rig: smoother follow, no jitter", "Camera rig"),
        ("Bump bar support: keyboard selection, per-station PubSub", "Bump bar support"),
    ],
)
def test_a_scope_of_several_words_that_opens_on_a_verb_is_the_change(subject: str, scope: str) -> None:
    from retell.extract.framed_title import thing

    assert thing(subject) == scope
