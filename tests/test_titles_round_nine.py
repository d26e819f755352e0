"""Titles and headings, round nine (issue 24): the fault classes a blind reader found on fresh5, each in a
session of our own wording. A title is never the opening of a chat message (an address or greeting, a report of
what the author did before pasting its error); a commit's title in another language than the post's is not used
as it stands; a heading that names only files says what was done to them; and no typo is made or kept (the
English dictionary never corrects another language; a word the author wrote once is spelled as the session
spells it elsewhere)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.events import TOOL_RUN, Event, ToolCall
from retell.extract.headings import activity_heading
from retell.extract.local_headings import in_language
from retell.extract.requests import clean_request
from retell.extract.typos import in_english

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "", *, is_error: bool = False) -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output, is_error=is_error)


# -- typos: never made, never kept ------------------------------------------------------------------------------


def test_the_english_dictionary_never_corrects_an_italian_title(tx: Transcript, tmp_path: Path) -> None:
    # (main: "mio" became "moi", the English dictionary's word two letters away)
    tx.user("ciao! fare tris in un file html per mio figlio, niente librerie")
    tx.assistant("Ecco il gioco del tris in un solo file.")
    tx.tool_call("Write", {"file_path": f"{CWD}/tris.html", "content": "<html></html>"}, "File created")
    tx.user("funziona! però il computer vince sempre, si può fare più facile?")
    edit(tx, "tris.html")
    told = Told(tx, tmp_path)
    assert "moi" not in told.title.split() and all("moi" not in h.split() for h in told.headings), told.title


def test_a_swedish_i_is_not_the_english_pronoun() -> None:
    # (main: "Rapporten har blivit långsam sen I måndags")
    assert clean_request("Rapporten har blivit långsam sen i måndags, runt tio sekunder") == (
        "Rapporten har blivit långsam sen i måndags, runt tio sekunder"
    )
    assert clean_request("am i on the right branch") == "Am I on the right branch"


@pytest.mark.parametrize(
    "text", ["Rapporten har blivit långsam sen i måndags", "Il gioco è già pronto", "Zrobiłem to w piątek"]
)
def test_a_word_english_never_writes_says_the_text_is_not_english(text: str) -> None:
    assert not in_english(text)


def test_a_word_written_once_is_spelled_as_the_session_spells_it_elsewhere() -> None:
    from retell.extract.typos import spelled_as_elsewhere, word_counts  # (new in round nine)

    counts = word_counts(
        [
            "la doc est completement dépassée depuis la v2",  # the author, once without its accent
            "Je réécris complètement la doc.",  # Claude
            "Le fichier Exprot.md est vide",  # the author, once with two letters swapped
            "Export.md liste les options ; Export.md est généré",
        ]
    )
    assert spelled_as_elsewhere("La doc est completement dépassée", counts) == "La doc est complètement dépassée"
    assert spelled_as_elsewhere("Le fichier Exprot.md", counts) == "Le fichier Export.md"
    # an inflection is no slip: "dépassé" next to "dépassée" stays as written
    assert spelled_as_elsewhere("dépassé", word_counts(["dépassé", "dépassée dépassée"])) == "dépassé"
    # a word written with its accents keeps them, whatever the session writes bare elsewhere
    czech = word_counts(["dispatch uvnitř transakci", "v transakci", "joby z transakcí po commitu"])
    assert spelled_as_elsewhere("Fronta: joby z transakcí po commitu", czech) == "Fronta: joby z transakcí po commitu"
    assert spelled_as_elsewhere("régler le probléme", word_counts(["le probleme", "probleme"])) == "régler le probléme"


# -- a title or heading in the post's language --------------------------------------------------------------------


def test_an_english_commit_never_titles_a_chinese_post_as_it_stands(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Adding retry queue, exponential backoff", English, on a post whose author writes Chinese)
    tx.user("回调失败之后就直接丢了，客户那边一直在投诉。帮我加个重试机制，最多重试五次，间隔逐渐变长")
    tx.tool_call("Read", {"file_path": f"{CWD}/hooks/sender.py"}, "def send(url, body): ...")
    tx.assistant("我在 sender.py 里加一个重试队列，失败时按指数退避重新投递。")
    edit(tx, "hooks/sender.py")
    tx.user("可以，提交吧")
    _bash(
        tx,
        'git commit -am "hooks: add retry queue, exponential backoff"',
        "[main 4c5d6e7] hooks: add retry queue, exponential backoff\n 1 file changed",
    )
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "zh-Hans"
    # (round twenty: a table-made mix, "添加 retry queue", gives way to the author's clause that names the problem)
    assert told.title == "回调失败之后就直接丢了", told.title
    assert not any(h.startswith("Adding") for h in told.headings), told.headings


def test_an_english_commit_never_heads_a_german_post(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Cache parsed settings once, skip re-reads per row" titled a post written in German)
    tx.user(
        "der import von kunden.csv dauert jetzt ewig, früher waren es ein paar sekunden. kannst du schauen "
        "woran das liegt? die datei ist nicht größer geworden"
    )
    tx.tool_call("Read", {"file_path": f"{CWD}/importer/run.py"}, "def run(): ...")
    tx.assistant("Die Einstellungen werden für jede Zeile neu eingelesen. Ich lese sie einmal am Anfang.")
    edit(tx, "importer/run.py")
    tx.user("super, bitte committen")
    _bash(
        tx,
        'git commit -am "perf: cache parsed settings once, skip re-reads per row"',
        "[main 9a8b7c6] perf: cache parsed settings once, skip re-reads per row\n 1 file changed",
    )
    told = Told(tx, tmp_path)
    assert told.triage["post"]["language"] == "de"
    shown = [told.title, *told.headings]
    assert not any(s.startswith(("Caching", "Cache ")) for s in shown), shown


# -- a title is never a chat message's opening --------------------------------------------------------------------


def test_an_address_never_opens_a_title(tx: Transcript, tmp_path: Path) -> None:
    # (main: "Tomek, raport miesięczny liczy zwroty dwa razy", the name the author addressed)
    tx.user("Tomek, raport miesięczny liczy zwroty dwa razy. Sprawdź zapytanie w reports/monthly.sql")
    tx.tool_call("Read", {"file_path": f"{CWD}/reports/monthly.sql"}, "SELECT ...")
    tx.assistant("Zwroty są dołączane dwa razy przez JOIN na tabeli płatności. Poprawiam zapytanie.")
    edit(tx, "reports/monthly.sql")
    told = Told(tx, tmp_path)
    assert not told.title.startswith("Tomek"), told.title
    assert told.title.startswith("Raport miesięczny liczy zwroty dwa razy"), told.title


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("ahoj, faktury se generují s datem splatnosti o den dříve", "Faktury se generují s datem splatnosti o den"),
        ("Also, add a --force flag to the sync command", "Add a --force flag to the sync command"),
        ("README, CHANGELOG and the docs are out of date", "README, CHANGELOG and the docs are out of date"),
        ("fix, then run the tests again", "Fix, then run the tests again"),
    ],
)
def test_a_word_set_off_before_the_request_is_an_address(said: str, kept: str) -> None:
    assert (clean_request(said) or "").startswith(kept)


def test_a_line_pointing_back_at_a_talk_never_titles_a_post(tx: Transcript, tmp_path: Path) -> None:
    # (main: "The cache thing from last week", what the reader cannot see; the commit says what was done)
    tx.user("hey")
    tx.assistant("Hi! What are we on today?")
    tx.user("the cache thing from last week. product pages still show the old price for an hour after a change")
    tx.tool_call("Read", {"file_path": f"{CWD}/shop/pricing.py"}, "def price(sku): ...")
    edit(tx, "shop/pricing.py")
    _bash(
        tx,
        'git commit -am "pricing: price-cache expiry on update w/ event hook, shorter ttl, miss logging"',
        "[main 2b3c4d5] pricing: price-cache expiry on update w/ event hook, shorter ttl, miss logging\n"
        " 1 file changed",
    )
    told = Told(tx, tmp_path)
    assert "thing from" not in told.title, told.title
    assert told.title == "Price-cache expiry on update with event hook", told.title


# -- a heading names what was done, not only the files ------------------------------------------------------------


def _edits(*diffs: tuple[str, str]) -> list[Event]:
    return [Event(TOOL_RUN, id=f"t{i}", calls=[ToolCall("Edit", target=p, diff=d)]) for i, (p, d) in enumerate(diffs)]


def test_a_setting_changed_in_two_files_heads_its_stretch_not_the_files() -> None:
    # (main: "Changing the settings and .env.example")
    events = _edits(
        ("/p/app/settings.py", "-MAX_UPLOAD_MB = 10\n+MAX_UPLOAD_MB = 50"),
        ("/p/.env.example", "-MAX_UPLOAD_MB=10\n+# larger scans from the clinic\n+MAX_UPLOAD_MB=50"),
    )
    assert activity_heading(events) == "Setting MAX_UPLOAD_MB to 50"
    assert in_language("Setting MAX_UPLOAD_MB to 50", events, "ja") == "MAX_UPLOAD_MB を 50 に設定"
    assert in_language("Setting MAX_UPLOAD_MB to 50", events, "de") == "MAX_UPLOAD_MB auf 50 setzen"


def test_edits_that_do_more_than_one_setting_keep_the_files() -> None:
    events = _edits(
        ("/p/app/settings.py", "-MAX_UPLOAD_MB = 10\n+MAX_UPLOAD_MB = 50"),
        ("/p/app/upload.py", "-    return save(f)\n+    return save(f, chunked=True)"),
    )
    assert activity_heading(events).startswith("Changing ")
    # a key of YAML with no "_" or capitals ("image:", "test:") is no setting a heading can name
    assert activity_heading(_edits(("/p/compose.yml", "-    image: grafana:10\n+    image: grafana:11"))).startswith(
        "Changing"
    )
