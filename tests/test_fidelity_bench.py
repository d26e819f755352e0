"""bench/fidelity.py counts an author message as told when the post quotes it after a lead that says the author
wrote it: the log an author pasted with their words is shown as a fenced code block beside the quote, and is
part of what was told (three messages of a blind set were counted lost while the post showed them whole)."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest
from bench_support import load_bench


@pytest.fixture(scope="module")
def fidelity() -> ModuleType:
    return load_bench("fidelity.py", "fidelity_bench")


def test_a_quote_and_the_log_after_it_are_one_message(fidelity: ModuleType) -> None:
    log = "ConnectionError: Error 111\n\nConnection refused."
    post = f"Next, I asked:\n\n> the CI broke:\n\n```\n{log}\n```\n\nClaude replied."
    (quote,) = fidelity.author_quotes(post)
    assert fidelity._key(quote) == fidelity._key(f"the CI broke:\n```\n{log}")


def test_a_log_before_the_words_is_part_of_the_message(fidelity: ModuleType) -> None:
    post = "Then I wrote:\n\n```\n pid | state\n 8812 | idle\n```\n\n> that job holds a transaction open\n\nNext."
    (quote,) = fidelity.author_quotes(post)
    assert fidelity._key(quote).startswith("pidstate8812idle")


def test_code_with_no_lead_is_no_quote_of_the_author(fidelity: ModuleType) -> None:
    assert fidelity.author_quotes("Claude ran:\n\n```\nls -la\n```\n\n> a quote of Claude") == []


def test_a_quote_with_a_name_redacted_is_the_message_it_quotes(fidelity: ModuleType) -> None:
    """retell redacts a colleague's name in the author's words by default: the quote is still theirs, not lost."""
    messages = ["ok, ask Priya about the flaky test first", "ok, ask me about the build"]
    quote = "ok, ask [REDACTED:person-name] about the flaky test first"
    assert fidelity.unredacted(quote, messages) == messages[0]
    assert fidelity.unredacted("ok, ask [REDACTED:person-name] about another test", messages).startswith("ok, ask [")


def test_a_redacted_quote_two_messages_could_be_is_left_as_it_is(fidelity: ModuleType) -> None:
    messages = ["thanks Ana, merged", "thanks Bo, merged"]
    assert fidelity.unredacted("thanks [REDACTED:person-name], merged", messages).startswith("thanks [")


def _records(version: str, reply: str, recorded: str) -> list[dict[str, object]]:
    call = {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": "git commit -m wip"}}
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": reply, "is_error": True}
    base = {"sessionId": "s", "version": version, "cwd": "/w", "isSidechain": False}
    return [
        {**base, "type": "user", "uuid": "u1", "parentUuid": None, "timestamp": "2025-10-04T00:00:00Z",
         "message": {"role": "user", "content": "commit it"}},
        {**base, "type": "assistant", "uuid": "a1", "parentUuid": "u1", "timestamp": "2025-10-04T00:00:05Z",
         "message": {"role": "assistant", "content": [call]}},
        {**base, "type": "user", "uuid": "u2", "parentUuid": "a1", "timestamp": "2025-10-04T00:00:30Z",
         "message": {"role": "user", "content": [result]}, "toolUseResult": recorded},
    ]  # fmt: skip


def _raw(fidelity: ModuleType, tmp_path: Path, records: list[dict[str, object]]) -> list[str]:
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return [text for _, text in fidelity.Raw(path).messages]


def test_the_reply_to_a_call_turned_down_in_an_ide_is_the_authors(fidelity: ModuleType, tmp_path: Path) -> None:
    """Claude Code 2.x in an IDE records the author's reply alone as the shell call's error (read in the corpus:
    three replies of one session were counted "not the author's" while retell told them rightly)."""
    reply = "please add the tokenizer file too first"
    assert _raw(fidelity, tmp_path, _records("2.0.5", reply, f"Error: {reply}")) == ["commit it", reply]


def test_a_shell_calls_own_error_is_no_reply(fidelity: ModuleType, tmp_path: Path) -> None:
    failure = "Exit code 1\nerror: pathspec 'x' did not match"
    assert _raw(fidelity, tmp_path, _records("2.0.5", failure, f"Error: {failure}")) == ["commit it"]
    assert _raw(fidelity, tmp_path, _records("1.0.98", "add it too", "Error: add it too")) == ["commit it"]


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("Привіт, у мене застосунок падає після оновлення, що це може бути?", "uk"),
        ("Привет, у меня приложение падает после обновления, что это может быть?", "ru"),
        ("سلام، این برنامه بعد از به‌روزرسانی دیگر کار نمی‌کند، چرا؟", "fa"),
        ("مرحبا، التطبيق يتوقف بعد التحديث، ما السبب؟", "ar"),
        ("שלום, הבנייה נכשלת אחרי העדכון האחרון", "he"),
        ("Γεια, η σελίδα των κρατήσεων είναι πολύ αργή", "el"),
        ("a riport nem működik, kell egy új makró ugyanaz a formátum mint régen", "hu"),
        ("per què falla això? no ho entenc, però el test passava ahir", "ca"),
        ("build padá na linkeru, nevím proč, zkus přidat tu knihovnu", "cs"),
        ("miksi linkkeri ei löydä tätä funktiota, se on kyllä kirjastossa", "fi"),
        ("tafadhali angalia ukurasa huu, maneno ni marefu sana kwa wakulima", "sw"),
        ("servernya gak bisa connect, udah dicek juga config yang baru", "id"),
        ("kenapa cart tak ada lepas user login, boleh cek config yang baru", "ms"),
        ("o teste voltou a falhar no CI, mais ou menos uma vez em cada cinco", "pt"),
        # "ya" is Indonesian's "yes" as much as Swahili's "of": only a word one of them writes decides (fresh9)
        ("mantap. commit pakai bahasa indonesia ya", "id"),
        ("sawa, nimeona ya kwanza, lakini hii ya pili bado inavunjika", "sw"),
        # fresh10's referee faults (stop 42): Turkish read as Portuguese, French as English, Hinglish as Portuguese
        ("sorun değil, iyi ki yakalandı. CI'da da aynı durum var mıydı?", "tr"),
        ("Salut ! J'ai mis à jour la lib et maintenant le service ne démarre plus du tout", "fr"),
        ("bhai webhook ka signature verify nahi ho raha, hamesha error aa raha hai", "hi-Latn"),
        # a formal Italian request counted as English on its "in" and "a" (fresh22's cantina, stop 62)
        ("Procediamo pure. Per la risposta in caso di giacenza insufficiente preferirei 422 con un messaggio.", "it"),
        ("La ringrazio. Sì, sistemi anche quello e faccia due commit distinti.", "it"),
        # Romanian's ă and â are Vietnamese letters too (fresh43's guesthouse voted Vietnamese)
        ("Îmi dă eroarea asta de azi dimineață când pornesc confirmările, și nu mai merge nimic", "ro"),
        ("không sao, em thử lại với file mới rồi, vẫn bị lỗi font", "vi"),
    ],
)
def test_the_bench_votes_a_script_shared_by_languages_by_the_letters_only_one_writes(
    fidelity: ModuleType, message: str, language: str
) -> None:
    assert fidelity.expected_language([message, message]) == language


@pytest.mark.parametrize(
    ("title", "caps"),
    [
        ("نص عربي مقطع ومعكوس في فواتير PDF", False),  # Arabic has no case: "PDF" is no shouting
        ("תיקון ה-API של הזמנות", False),
        ("แก้ CSV ที่อ่านไม่ออก", False),
        ("FIX THE BUILD", True),
        ("ÄNDERUNG DER API", True),
        ("ΔΙΟΡΘΩΣΗ API", True),
        ("Ось що тепер пішло б в API", False),  # small Cyrillic letters beside an acronym (fresh37)
        ("Тепер він починається з BOM `239 187 191`", False),
    ],
)
def test_all_caps_is_a_fault_only_in_a_script_with_case(fidelity: ModuleType, title: str, caps: bool) -> None:
    assert (fidelity.bad_title_reason(title) == "all caps") is caps


@pytest.mark.parametrize(
    ("result", "reason"),
    [
        (
            "The user doesn't want to proceed with this tool use. To tell you how to proceed, the user said:\nno deps",
            ["no deps"],
        ),
        (
            "The user doesn't want to proceed with this tool use. The user provided the following reason for the "
            "rejection: not on main",
            ["not on main"],
        ),
        (
            "The user doesn't want to proceed with this tool use. To tell you how to proceed, the user said:\nThe user "
            "wants to clarify these questions.\n    This means they may have additional information",
            [],
        ),
    ],
)
def test_a_reason_typed_when_turning_a_call_down_is_the_authors(
    fidelity: ModuleType, result: str, reason: list[str]
) -> None:
    """Claude Code 2.x words the reason "To tell you how to proceed, the user said:"; the bench knew only the older
    wording, so retell quoting the reason was counted as words not the author's (fresh16: 2)."""
    block = {"type": "tool_result", "tool_use_id": "t1", "is_error": True, "content": result}
    assert fidelity._rejection_reasons([block]) == reason


def test_a_pasted_stack_trace_is_not_the_authors_language(fidelity: ModuleType, tmp_path: Path) -> None:
    """A Spanish author who pastes a Python traceback above one line of their own, then writes in Spanish: the
    trace's English outvoted them and a post told in Spanish was counted in the wrong language (fresh18)."""
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/srv/etl/cli.py", line 48, in <module>\n'
        "    main()\n"
        "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xf1 in position 41: invalid continuation byte\n\n"
        "me sale esto al correr el pipeline con las lecturas de noviembre, ayuda porfa"
    )
    later = "oye y no se van a duplicar lecturas si vuelvo a correr noviembre? la vez pasada ya había cargado"
    assert fidelity.expected_language([trace, later]) == "es"
    # as read from the transcript: the bench's message texts are on one line, the language's keep their lines
    base = {"sessionId": "s", "version": "2.0.42", "cwd": "/w", "isSidechain": False}
    records = [
        {**base, "type": "user", "uuid": "u1", "parentUuid": None, "timestamp": "2025-10-04T00:00:00Z",
         "message": {"role": "user", "content": trace}},
        {**base, "type": "user", "uuid": "u2", "parentUuid": "u1", "timestamp": "2025-10-04T00:05:00Z",
         "message": {"role": "user", "content": later}},
    ]  # fmt: skip
    path = tmp_path / "s.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    assert fidelity.expected_language(fidelity.Raw(path).as_typed) == "es"


def test_a_message_opening_with_a_fenced_config_is_the_quote_that_shows_it(fidelity: ModuleType) -> None:
    """The post shows the pasted block as code without its fence: the message's key must not start with the
    fence's language ("toml…"), or the message counts as lost and its quote as not the author's (fresh18). The
    bench reads each message on one line."""
    message = '```toml [display] timezone = "Europe/Lisbon" ``` with that config times print in UTC'
    post = (
        'I started with this:\n\n```toml\n[display]\ntimezone = "Europe/Lisbon"\n```\n\n'
        "> with that config times print in UTC\n\nNext."
    )
    (quote,) = fidelity.author_quotes(post)
    assert fidelity._key(quote) == fidelity._key(message)
