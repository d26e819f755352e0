"""Round fifty-eight: what `retell check` said of real model drafts of fresh44 and fresh45 (stop 63, sessions written
blind, posts written by helpers answering retell's hand-off prompts), each a false alarm on a faithful sentence:
- Turkish says its teens apart, ten and a unit: "On üç saat yedi dakika sonra" (thirteen hours seven minutes later,
  the gap between a session and its resume, which the prompt gave) was read as "On 3 hours 7 minutes" and would
  stop `--strict`;
- a month's name in a date ("2 Aralık 20:00", Turkish December) was a name the session never gives;
- a Turkish case ending after an apostrophe ("CSV'deydi", it was in the CSV) hid the name it was joined to;
- "An zwei Tagen schrieb Claude mir … drei Skripte" (on two days): the days the work fell on, read as a length no
  event took (22 h 25 min) and stopping `--strict`;
- "eine Tabelle mit über 400 Zeilen", Claude's own words in a German message it cites, stated no 400 lines: the
  draft's count was read in English, the message's was not.
Each faithful case has a planted twin that must still be reported."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from check_support import approved_workdir
from check_support import draft_problems as problems
from conftest import Transcript

START = datetime(2026, 12, 1, 16, 40, tzinfo=timezone.utc)


def _shuttle(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/kerem/servis", start=START)
    tx.user("sabah mesajı veliler 10:05te alıyor, 7:05 olmalı. bot Telegram üzerinden gidiyor")  # e1
    tx.assistant("Testi yazdım: `datetime(2025, 12, 2, 20, 0)` sonrası 07:05 olmalı.")  # e2
    tx.tick(13 * 3600 + 7 * 60)
    tx.user("saat düzeldi ama 2. servisin velileri yine almamış")  # e3
    tx.assistant("Güzergah adları CSV'de farklı yazılmış: Ihsaniye.")  # e4
    return approved_workdir(tmp_path, tx)  # (the post's language is the session's: Turkish)


def test_a_turkish_teen_is_one_number(tmp_path: Path) -> None:
    work = _shuttle(tmp_path)
    told = "On üç saat yedi dakika sonra şunu yazdım: „saat düzeldi”. <!-- ev: e2 e3 -->\n"
    assert [p for p in problems(work, told) if "saat" in p] == []
    planted = "Üç saat yedi dakika sonra şunu yazdım: „saat düzeldi”. <!-- ev: e2 e3 -->\n"
    assert [p for p in problems(work, planted) if "saat" in p]


def test_a_suffix_after_an_apostrophe_leaves_the_name() -> None:
    """(asserted on the words the check reads for names: the real draft's paragraph flags them only in a Turkish
    post's work folder) "Telegram'daydı" reads as Telegram, "Kubernetes'teydi" as Kubernetes; a month's name is no
    name to look for."""
    from retell.check.names import _words
    from retell.write.names import calendar_words

    assert _words("Telegram'daydı Kubernetes'teydi") == ["Telegram", "Kubernetes"]
    assert "Aralık" in calendar_words() and "Grudzień" in calendar_words()


def _archive(tmp_path: Path) -> Path:
    tx = Transcript(cwd="/home/urs/noten", start=START)
    tx.user("Ich möchte aus der Notenliste eine HTML-Seite machen, sortiert nach Gattung.")  # e1
    tx.assistant(
        "Zur Website: ob eine Tabelle mit über 400 Zeilen dort sauber dargestellt wird, kann ich nicht prüfen."
    )  # e2
    tx.tick(22 * 3600 + 25 * 60)
    tx.user("Weiter mit der Ausleihe wie gestern besprochen.")  # e3
    tx.assistant("Die Ausleihliste steht.")  # e4
    return approved_workdir(tmp_path, tx)


_OPENING = (
    "Seit letztem Frühling bin ich Notenchef einer Blasmusik, und mit dem Amt kam ein Notenarchiv, das in einer "
    "Excel-Tabelle lebt. Ich hatte den Verdacht, dass mein Vorgänger einiges doppelt erfasst hatte. {days} schrieb "
    "Claude mir dafür drei kleine Python-Skripte, ohne Frameworks und ohne Datenbank. <!-- ev: e1 e3 -->\n"
)


def test_the_days_the_work_fell_on(tmp_path: Path) -> None:
    work = _archive(tmp_path)
    assert [p for p in problems(work, _OPENING.format(days="An zwei Tagen")) if "Tagen" in p] == []
    assert [p for p in problems(work, _OPENING.format(days="An fünf Tagen")) if "Tagen" in p]


def test_a_count_in_a_cited_german_message(tmp_path: Path) -> None:
    work = _archive(tmp_path)
    told = "Ob eine Tabelle mit über 400 Zeilen dort sauber aussehe, könne Claude nicht prüfen. <!-- ev: e2 -->\n"
    assert [p for p in problems(work, told) if "Zeilen" in p] == []
    planted = "Ob eine Tabelle mit über 900 Zeilen dort sauber aussehe, könne Claude nicht prüfen. <!-- ev: e2 -->\n"
    assert [p for p in problems(work, planted) if "Zeilen" in p]


def test_korean_also_said_that_is_claudes_account(tmp_path: Path) -> None:
    """fresh44's budget: "…바꾸면 된다고도 했다" (Claude also said that…) was read as told as fact."""
    tx = Transcript(cwd="/Users/minji/budget", start=START)
    tx.user("2월 국민카드 할부는 어떻게 세?")  # e1
    tx.assistant("기준을 바꾸려면 `kookmin()`에서 `금액` 열 하나만 바꾸면 됩니다. 어느 기준으로 할까요?")  # e2
    work = approved_workdir(tmp_path, tx)
    told = "기준을 바꾸려면 `kookmin()`에서 `금액` 열 하나만 바꾸면 된다고도 했다. <!-- ev: e2 -->\n"
    assert [p for p in problems(work, told) if "claim:" in p] == []
    planted = "기준을 바꾸려면 `kookmin()`에서 `금액` 열 하나만 바꾸면 된다. <!-- ev: e2 -->\n"
    assert [p for p in problems(work, planted) if "claim:" in p]


def test_a_file_a_cited_search_looked_in_is_touched(tmp_path: Path) -> None:
    """fresh45's plow route: "the search in clients.csv found two rows" was told no cited event touched clients.csv
    (a later run did), where the cited Grep had searched it. Asserted on what the check reads as touched: the real
    draft's paragraph is needed to reach the finding itself."""
    from retell.check.sources import build_sources
    from retell.triage.stage import require_approved

    tx = Transcript(cwd="/Users/dale/code/plow", start=START)
    tx.user("the loader dies on an address with a comma")  # e1
    tx.tool_call(
        "Grep", {"pattern": '"', "path": "/Users/dale/code/plow/clients.csv"}, '31:Ace Feed,"12 Elm St, Unit B"'
    )  # e2
    tx.assistant("One row quotes its address because of the comma.")  # e3
    triage, parsed, view = require_approved(approved_workdir(tmp_path, tx))
    touched = build_sources(view, parsed.manifest, triage, log=parsed.log).touched
    assert ("e2", "clients.csv", "read") in touched
