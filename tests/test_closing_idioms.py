"""The author's closing words in the idioms of more languages head no section (found on a Turkish session of fresh14:
"eline sağlık 👏", "well done", closed the session and became a section of its own headed "Claude ile konuşmak",
"Talking with Claude", once its commit request no longer stood between it and the work)."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import Transcript
from told_support import CWD, Told, edit, offline_env  # noqa: F401  (offline_env: a fixture, used by name)

from retell.extract.chatforms import signs_off
from retell.extract.local_headings import WORDS

pytestmark = pytest.mark.usefixtures("offline_env")


def _bash(tx: Transcript, command: str, output: str = "") -> None:
    tx.tool_call("Bash", {"command": command, "description": "run"}, output)


# (the author's asks, their closing words, Claude's last reply, the language)
_SESSIONS = [
    (
        (
            "rapor sorgusu 9 saniye sürüyor, hızlandırabilir misin? reports/nightly.sql içinde",
            "orders üzerinde büyük bir btree DBA'yı üzer, daha ucuz bir index kullanabilir misin?",
        ),
        "eline sağlık 👏",
        "Rica ederim!",
        "tr",
    ),
    (
        (
            "گزارش شبانه ۹ ثانیه طول می‌کشد، می‌توانی سریعترش کنی؟ در reports/nightly.sql است",
            "ایندکس btree بزرگ روی orders را DBA قبول نمی‌کند، ایندکس ارزان‌تری داری؟",
        ),
        "دستت درد نکنه 🙏",
        "خواهش می‌کنم!",
        "fa",
    ),
    (
        (
            "تقرير الليل يأخذ 9 ثوانٍ، هل يمكنك تسريعه؟ هو في reports/nightly.sql",
            "فهرس btree كبير على orders لن يقبله مسؤول قاعدة البيانات، هل من فهرس أرخص؟",
        ),
        "يعطيك العافية",
        "الله يعافيك!",
        "ar",
    ),
]


@pytest.mark.parametrize(("asks", "closing", "reply", "language"), _SESSIONS, ids=[s[3] for s in _SESSIONS])
def test_a_closing_idiom_heads_no_section(
    tx: Transcript, tmp_path: Path, asks: tuple[str, ...], closing: str, reply: str, language: str
) -> None:
    for n, ask in enumerate(asks):
        tx.user(ask)
        tx.tool_call("Read", {"file_path": f"{CWD}/reports/nightly.sql"}, "select 1;")
        edit(tx, f"reports/nightly_{n}.sql")
        _bash(tx, "psql -f reports/nightly.sql", "Time: 410 ms")
        tx.assistant("9 s -> 0.4 s.")
    tx.user("commit")  # the commit asked for, as the session's last step of work
    _bash(tx, "git commit -am 'Speed up the nightly report'", "[main b7e2a40] Speed up the nightly report")
    tx.assistant("b7e2a40")
    tx.user(closing)
    tx.assistant(reply)
    told = Told(tx, tmp_path)
    talk = WORDS[language]["talk"]
    assert talk not in told.headings, told.headings
    assert closing.split()[0] in told.post  # (still told)


@pytest.mark.parametrize(
    "said", ["eline sağlık 👏", "ellerine sağlık hocam", "eyvallah", "دستت درد نکنه", "يعطيك العافية"]
)
def test_a_thank_you_idiom_signs_off(said: str) -> None:
    assert signs_off(said)


@pytest.mark.parametrize("said", ["sağlık modülünü de ekler misin", "eline sağlık ama neden yavaş?"])
def test_a_question_or_a_request_is_no_sign_off(said: str) -> None:
    assert not signs_off(said)


# -- an English commit's deed said in the post's language keeps no English preposition ------------------------------


@pytest.mark.parametrize(
    ("said", "language", "made"),
    [
        ("Upgrading to Spring Boot 3.2", "tr", ""),
        ("Upgrading to Spring Boot 3.2", "de", ""),
        ("Upgrading Spring Boot", "tr", "Spring Boot güncelleme"),
        ("Adding to the cart", "tr", ""),
        ("Fixing in place", "es", ""),
    ],
)
def test_an_english_deed_in_the_posts_language_keeps_no_preposition(said: str, language: str, made: str) -> None:
    # fresh14's Turkish post was titled "To Spring Boot 3.2 güncelleme" from its commit "Upgrade to Spring Boot 3.2"
    from retell.extract.local_headings import deed_in_language

    assert deed_in_language(said, language) == made
