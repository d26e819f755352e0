"""The proposed `language:` is decided by script first; py3langid's model (about a second of CPU to load) is
loaded only when the author's messages need it, and never again for a parse whose messages it already judged."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from conftest import Transcript
from triage_support import load, make_session, parse_into

from retell.triage import language
from retell.triage.language import main_language
from retell.triage.stage import run_triage
from retell.workdir import Workdir

JAPANESE = ["ログインのバグ、直して", "お願い", "テストが失敗しました、もう一度見て", "この関数を分けてください"]
SIMPLIFIED = ["继续修", "还是不行", "改一下这个函数的名字", "测试又失败了"]
TRADITIONAL = ["繼續", "這個可以", "測試失敗了", "幫我修這個錯誤"]
KOREAN = ["로그인 버그를 고쳐 주세요", "테스트가 실패했어요"]
ENGLISH = [
    "Please make the feed fetcher retry three times on timeouts",
    "The tests still fail on the reader, can you look again?",
    "Rename the helper so that it says what it does",
]
FRENCH = ["Peux-tu corriger le bouton de connexion qui ne marche plus ?", "Les tests échouent encore sur le lecteur"]
GERMAN = ["Bitte repariere den Anmeldeknopf, er funktioniert nicht mehr", "Die Tests schlagen immer noch fehl"]
SHORT = ["ok", "continue", "yes", "継続"]


def _reference(texts: list[str]) -> str:
    """The rule as it was before the model was skipped: every message judged, the model asked for each."""
    votes: Counter[str] = Counter()
    chinese: list[str] = []
    for text in texts:
        prose = language._NOT_PROSE.sub(" ", text)
        found = language.script_language(prose)
        if found is None and sum(ch.isalpha() for ch in prose) >= language.MIN_LETTERS:
            found = language._identified(prose)
        if found is None:
            continue
        votes[found] += 1
        if found == "zh":
            chinese.append(prose)
    if not votes:
        return language.DEFAULT_LANGUAGE
    winner = min(votes, key=lambda lang: (-votes[lang], lang))
    return language.chinese_script(chinese) if winner == "zh" else winner


def _model_loaded() -> bool:
    return language._identifier.cache_info().currsize > 0


def test_skipping_the_model_never_changes_the_language() -> None:
    pools = [JAPANESE, SIMPLIFIED, TRADITIONAL, KOREAN, ENGLISH, FRENCH, GERMAN, SHORT]
    rng = random.Random(26)
    for _ in range(300):
        texts = [rng.choice(rng.choice(pools)) for _ in range(rng.randint(0, 9))]
        assert main_language(texts) == _reference(texts), texts


def test_a_japanese_session_with_a_few_english_lines_is_told_without_the_model() -> None:
    language._identifier.cache_clear()
    assert main_language([*JAPANESE, ENGLISH[0], FRENCH[0]]) == "ja"
    assert not _model_loaded()


def test_english_lines_that_could_outvote_the_script_still_ask_the_model() -> None:
    language._identifier.cache_clear()
    assert main_language([JAPANESE[0], *ENGLISH]) == "en"
    assert _model_loaded()


def test_a_chinese_session_is_told_its_script_without_the_model() -> None:
    language._identifier.cache_clear()
    assert main_language([*TRADITIONAL, ENGLISH[1]]) == "zh-Hant"
    assert not _model_loaded()


def test_a_second_triage_of_the_same_parse_does_not_load_the_model(tmp_path: Path) -> None:
    session = make_session(tmp_path)
    run_triage(session.workdir)
    assert load(session.triage)["post"]["language"] == "en"
    session.triage.unlink()  # the author starts over: the whole document is proposed again
    language._identifier.cache_clear()
    run_triage(session.workdir)
    assert load(session.triage)["post"]["language"] == "en"
    assert not _model_loaded()


def test_an_answer_remembered_for_other_messages_is_not_reused(tmp_path: Path) -> None:
    def triaged(messages: list[str], name: str, remembered: Path | None = None) -> Path:
        tx = Transcript()
        for message in messages:
            tx.user(message)
            tx.assistant("Done.")
        work = tmp_path / name
        parse_into(tx.write(tmp_path / f"{name}.jsonl"), work)
        if remembered is not None:
            Workdir(work).language.write_bytes(remembered.read_bytes())
        run_triage(work)
        return work

    english = triaged(ENGLISH, "english")
    assert load(english / "triage.yaml")["post"]["language"] == "en"
    german = triaged(GERMAN * 2, "german", remembered=Workdir(english).language)
    assert load(german / "triage.yaml")["post"]["language"] == "de"


@pytest.mark.parametrize("garbage", [b"", b"{not json", b'{"key": 1, "language": ["x"]}'])
def test_a_damaged_remembered_answer_is_judged_again(tmp_path: Path, garbage: bytes) -> None:
    session = make_session(tmp_path)
    Workdir(session.workdir).language.write_bytes(garbage)
    outcome = run_triage(session.workdir)
    assert outcome.problems.errors == []
    assert load(session.triage)["post"]["language"] == "en"


# Gulf Arabic as people type it to Claude Code: English terms mixed in, and py3langid's share of Arabic spread
# over its labels of Arabic's varieties (ar 0.71 alone, under the confidence needed; 0.9996 with arz and ary).
ARABIC = [
    "التطبيق لما أغير اللغة للعربي، الأيقونات (السهم للخلف وأيقونة السلة) ما تنعكس، والـ padding في كروت المنتجات"
    " يطلع بالجهة الغلط. Flutter 3.27",
    "ممتاز اشتغل 👌 سوّ commit",
]


def test_an_arabic_session_is_proposed_in_arabic_whatever_variety_the_model_hears() -> None:
    assert main_language(ARABIC) == "ar"


def test_varieties_add_up_only_within_their_language() -> None:
    # a Persian message stays Persian: its share is not Arabic's, though the script is the same
    assert main_language(["لطفا این تابع را درست کن، تست‌ها هنوز شکست می‌خورند و نمی‌دانم چرا"]) == "fa"


# Indonesian as a developer types it: py3langid hears 0.59 Indonesian and 0.37 Malay, under the confidence needed
# alone; the two standards' shares add up and the post is told in the one heard most.
INDONESIAN = ["hmm masih ada 9 test gagal di modul login… ya udah lah, kita balik lagi aja dulu"]
# and Malay in its own words stays Malay
MALAY = ["saya mahu cuba tukar pangkalan data ke postgres, boleh tolong semak skrip migrasi ini"]


def test_an_indonesian_session_is_proposed_in_indonesian_not_english() -> None:
    assert main_language(INDONESIAN) == "id"


def test_a_malay_session_stays_malay() -> None:
    assert main_language(MALAY) == "ms"


def test_close_standards_add_up_only_among_themselves() -> None:
    # a Dutch message stays Dutch: adding up close standards never moves a share to another language
    assert main_language(["kun je kijken waarom de build faalt sinds gisteren? de logs zeggen alleen timeout"]) == "nl"
