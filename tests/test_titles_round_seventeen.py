"""Titles and headings, round seventeen (issue 24): a title says the work in a short phrase of one language.

A. An English commit on a post in another language, when nothing in the post's language says the work, titles
   the post by its subject whole, as the author committed it: never a mix the code made of a local verb and
   English words ("Naprawa deadlock", "Исправление deadlock"), nor the commit re-said as English work.
B. The author's long report titles a post only when nothing else says the work; then its own first clause, when
   that clause is short and names something ("Пишу бота для Telegram на aiogram"), not the whole report with
   its complaint ("…, не могу понять, почему…").
C. The author's closing words (a stretch of no tool work at the session's end: a yes, a word on committing,
   thanks) head no section: they are told at the end of the section before ("Makes sense, nice catch…",
   "Is prima voor dev" headed sections of their own).

Every case here is our own wording, written before the code (none is a fresh set's line)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# -- A. an English commit's subject whole, never a mix ----------------------------------------------------------

_SUBJECT = "worker: fix deadlock on large batches, add --limit"
_BODY = " / - results were drained only after the wait group finished"

# (language, the author's lead-in to a pasted error, Claude's answer: no result said with "now")
_FOREIGN = [
    (
        "pl",
        "hej, mam taki błąd w moim programie do importu:",
        "To klasyczny problem: workery czekają na kanale, a główna goroutine czeka na nie. Poprawiłem to i dodałem "
        "test, który odtwarza błąd na dużej paczce.",
    ),
    (
        "ru",
        "добрый день, у меня вот такая ошибка в импортёре:",
        "Классическая ситуация: воркеры ждут на канале, а главная горутина ждёт их. Исправил и добавил тест, "
        "который воспроизводит ошибку на большой пачке.",
    ),
    (
        "ja",
        "インポートツールでこのエラーが出ました。",
        "典型的なパターンです。ワーカーがチャネルで待ち、メインのゴルーチンがワーカーを待っています。修正して、"
        "大きなバッチで再現するテストも追加しました。",
    ),
    (
        "es",
        "hola, me sale este error en mi importador:",
        "Es un caso clásico: los workers esperan en el canal y la goroutine principal espera a los workers. Lo "
        "he corregido y he añadido una prueba que reproduce el error con un lote grande.",
    ),
]

_PASTE = (
    "\n\n```\n$ ./importer run batch.csv\nfatal error: all goroutines are asleep - deadlock!\n\n"
    "goroutine 1 [semacquire]:\nsync.(*WaitGroup).Wait(0xc000012170)\n```"
)


def _fixed_and_committed(tx: Transcript, lead_in: str, answer: str, message: str) -> None:
    tx.user(lead_in + _PASTE)
    tx.tool_call("Read", {"file_path": f"{CWD}/internal/worker/pool.go"}, "func Run() {}")
    edit(tx, "internal/worker/pool.go")
    _bash(tx, "go test ./...", "ok  \timporter/internal/worker\t0.38s")
    tx.assistant(answer)
    tx.user("ok, commit")
    _bash(tx, f'git commit -qam "{message}"')
    tx.assistant("Done.")


@pytest.mark.parametrize(("language", "lead_in", "answer"), _FOREIGN, ids=[c[0] for c in _FOREIGN])
def test_an_english_commit_titles_a_post_in_another_language_by_its_subject_whole(
    tx: Transcript, tmp_path: Path, language: str, lead_in: str, answer: str
) -> None:
    _fixed_and_committed(tx, lead_in, answer, _SUBJECT + _BODY)
    told = Told(tx, tmp_path)
    assert told.triage["post"].get("language", language).startswith(language)
    # (round nineteen: without its scope, "worker: ")
    assert told.title == "Fix deadlock on large batches, add --limit", told.title


def test_an_english_commit_is_said_as_work_on_an_english_post(tx: Transcript, tmp_path: Path) -> None:
    # control: on an English post the commit is the post's language, said as what was done
    _fixed_and_committed(
        tx,
        "hey, getting this error in my importer:",
        "Classic case: the workers block on the channel while main waits for them. Fixed, with a test that "
        "reproduces it on a big batch.",
        _SUBJECT + _BODY,
    )
    told = Told(tx, tmp_path)
    assert told.title.startswith("Fixing deadlock on large batches"), told.title


def test_a_commit_in_the_posts_language_stays_as_said(tx: Transcript, tmp_path: Path) -> None:
    # control: a German commit on a German post is said as it was written, no English in it
    _fixed_and_committed(
        tx,
        "hallo, ich bekomme diesen Fehler in meinem Importer:",
        "Ein klassischer Fall: die Worker warten auf den Kanal, und die Haupt-Goroutine wartet auf die Worker. "
        "Ich habe das behoben und einen Test hinzugefügt.",
        "Importer: Deadlock bei großen Stapeln beheben",
    )
    told = Told(tx, tmp_path)
    # (without its one-word scope since round twenty-two: a blind judge marked "Fronta: …", "고객: …" for a rewrite)
    assert told.title == "Deadlock bei großen Stapeln beheben", told.title


# -- B. a long report's own first clause, when nothing else says the work ---------------------------------------

# (language, the author's long report: a clause naming the work, then the complaint; the clause the title keeps)
_REPORTS = [
    (
        "ru",
        "Привет. Пишу бота для Telegram на aiogram 3, не могу понять, почему он отвечает на каждое сообщение дважды:",
        "Пишу бота для Telegram на aiogram 3",
    ),
    (
        "uk",
        "Привіт. Роблю парсер прайсів постачальників на pandas, ніяк не можу зрозуміти, чому ціни з копійками "
        "зникають:",
        "Роблю парсер прайсів постачальників на pandas",
    ),
    (
        "tr",
        "Selam. Flask ile küçük bir rezervasyon sitesi yazıyorum, formu gönderince neden her seferinde 400 aldığımı "
        "bir türlü çözemedim:",
        "Flask ile küçük bir rezervasyon sitesi yazıyorum",
    ),
]

_ERROR = '\n\n```\nTraceback (most recent call last):\n  File "app/main.py", line 12\nRuntimeError: boom\n```'


@pytest.mark.parametrize(("language", "report", "clause"), _REPORTS, ids=[c[0] for c in _REPORTS])
def test_a_long_report_gives_its_own_first_clause(
    tx: Transcript, tmp_path: Path, language: str, report: str, clause: str
) -> None:
    tx.user(report + _ERROR)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "def main(): ...")
    tx.assistant({"ru": "Посмотрел код.", "uk": "Подивився код.", "tr": "Koda baktım."}[language])
    told = Told(tx, tmp_path)
    assert told.title == clause, told.title


def test_a_short_report_stays_whole(tx: Transcript, tmp_path: Path) -> None:
    # control: a report of a few words is a title as it stands
    tx.user("Бот отвечает дважды" + _ERROR)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "def main(): ...")
    tx.assistant("Посмотрел код.")
    told = Told(tx, tmp_path)
    assert told.title == "Бот отвечает дважды", told.title


def test_a_report_whose_first_clause_is_a_run_up_stays_whole(tx: Transcript, tmp_path: Path) -> None:
    # control: a first clause that is a greeting or a run-up names nothing; no cut is made of it
    report = "Привет, слушай, бот на aiogram 3 отвечает на каждое сообщение дважды и я не понимаю почему"
    tx.user(report + _ERROR)
    tx.tool_call("Read", {"file_path": f"{CWD}/app/main.py"}, "def main(): ...")
    tx.assistant("Посмотрел код.")
    told = Told(tx, tmp_path)
    assert "слушай" not in told.title.split(",")[0].casefold() or "дважды" in told.title, told.title


# -- C. the author's closing words head no section ---------------------------------------------------------------

# (the author's three asks, their closing words, Claude's last reply)
_CLOSINGS = [
    (
        (
            "the nightly report query takes 9 seconds, can you make it faster? it's in reports/nightly.sql",
            "a big btree on orders will upset the DBA, can you use a cheaper index instead?",
            "the totals for two stores changed after the rewrite, can you make them match the old query again?",
        ),
        "makes sense, nice catch on the time zone thing. leave it uncommitted, I'll show the team first. thanks a lot",
        "Will do, nothing committed.",
    ),
    (
        (
            "kun je de nachtelijke rapportquery sneller maken? hij staat in reports/nightly.sql en duurt 9 seconden",
            "een grote btree op orders vindt de DBA niet leuk, kun je een goedkopere index gebruiken?",
            "de totalen van twee winkels zijn veranderd, kun je zorgen dat ze weer gelijk zijn aan de oude query?",
        ),
        "is prima zo voor nu. ik commit het zelf na de review met Joost, bedankt!",
        "Graag gedaan!",
    ),
    (
        (
            "dá pra deixar a consulta do relatório noturno mais rápida? está em reports/nightly.sql e leva 9 segundos",
            "um índice btree grande em orders o DBA não vai aceitar, dá pra usar um índice mais barato?",
            "os totais de duas lojas mudaram depois da reescrita, dá pra deixar igual à consulta antiga?",
        ),
        "conferi aqui: bateu certinho. Perfeito, valeu demais!! não precisa commitar nada",
        "Show, então ficou certo!",
    ),
    (
        (
            "можешь ускорить ночной отчёт? запрос в reports/nightly.sql и он идёт 9 секунд",
            "большой btree индекс на orders администратор не одобрит, можно взять индекс подешевле?",
            "итоги двух магазинов изменились после переписывания, можешь сделать как в старом запросе?",
        ),
        "Отлично, теперь всё быстро. Коммитить не надо, я ещё посмотрю. Спасибо, очень помогло!",
        "Рад помочь!",
    ),
]


def _worked_then_closed(tx: Transcript, asks: tuple[str, ...], closing: str, reply: str) -> None:
    for n, ask in enumerate(asks):
        tx.user(ask)
        tx.tool_call("Read", {"file_path": f"{CWD}/reports/nightly.sql"}, "select 1;")
        edit(tx, f"reports/nightly_{n}.sql")
        _bash(tx, "psql -f reports/nightly.sql", "Time: 410 ms")
        tx.assistant("Done: 9 s -> 0.4 s.")
    tx.user(closing)
    tx.assistant(reply)


@pytest.mark.parametrize(("asks", "closing", "reply"), _CLOSINGS, ids=["en", "nl", "pt", "ru"])
def test_the_authors_closing_words_head_no_section(
    tx: Transcript, tmp_path: Path, asks: tuple[str, ...], closing: str, reply: str
) -> None:
    _worked_then_closed(tx, asks, closing, reply)
    told = Told(tx, tmp_path)
    first = closing.split(".")[0].split(":")[0].split(",")[0].casefold()
    assert not any(first in h.casefold() for h in told.headings), told.headings
    assert closing.split()[-1].rstrip("!") in told.post  # (still told)


def test_a_closing_question_keeps_its_section(tx: Transcript, tmp_path: Path) -> None:
    # control: a last message that asks something is no closing word; its stretch stays a section
    _worked_then_closed(
        tx,
        _CLOSINGS[0][0],
        "thanks! but why did the old index on created_at not help at all before the rewrite?",
        "Because the filter cast created_at to a date, so the planner could not use the index on the raw column.",
    )
    told = Told(tx, tmp_path)
    assert len(told.headings) >= 2, told.headings
