"""The author's main language, the default `language:` of the post.

About a third of real sessions are not in English, and authors mix in English technical terms. Each of the
author's messages (code, paths and URLs removed) is identified on its own by py3langid; the language with
the most letters wins. Messages too short to tell ("ok", "continue") do not vote, and English is the answer
when nothing does.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Any

from retell.events import EventLog
from retell.extract.requests import author_words

DEFAULT_LANGUAGE = "en"
MIN_LETTERS = 16  # fewer letters than this cannot be told apart reliably
MIN_CONFIDENCE = 0.8
MESSAGES = 200  # the first messages say it; a long session need not be read to the end
_NOT_PROSE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`|https?://\S+|(?:[\w.@~-]*/)+[\w.@-]*|\S+\.\w{1,5}\b", re.S)
# py3langid is unsure of Traditional Chinese (it often says Cantonese at under 0.5): Han characters without
# kana or Hangul are Chinese by their script alone.
MIN_HAN = 8
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")
_DENSE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")  # a character is a word's worth


def author_language(log: EventLog) -> str:
    texts = [w for e in log.events if (w := author_words(e))][:MESSAGES]
    return main_language(texts)


def main_language(texts: list[str]) -> str:
    votes: Counter[str] = Counter()
    for text in texts:
        prose = _NOT_PROSE.sub(" ", text)
        dense = len(_DENSE.findall(prose))
        letters = sum(ch.isalpha() for ch in prose) + 2 * dense
        if letters < MIN_LETTERS:
            continue
        if len(_HAN.findall(prose)) >= MIN_HAN and not _KANA_HANGUL.search(prose):
            votes["zh"] += letters  # Han characters alone are Chinese, whatever the identifier's confidence
            continue
        language, confidence = _identifier().classify(prose)
        if confidence >= MIN_CONFIDENCE:
            # written Cantonese is told in Traditional Chinese, and Traditional Chinese is often taken for it
            votes["zh" if language == "yue" else str(language)] += letters
    if not votes:
        return DEFAULT_LANGUAGE
    language = min(votes, key=lambda lang: (-votes[lang], lang))
    if language == "zh" and _traditional(texts):
        return "zh-Hant"  # the post's own words ("By the numbers") in the script the author writes
    return language


# Common characters written differently in the two Chinese scripts (the first of each pair traditional): the
# author's script is the one whose forms they use more. py3langid tells Chinese, not which script.
_SCRIPT_PAIRS = (
    "們们這这說说個个為为會会來来時时對对發发後后經经過过還还開开關关點点無无與与問问題题應应該该實实現现"
    "資资檔档數数據据設设定定頁页碼码鍵键網网線线執执裡里讓让從从見见覺觉錯错誤误測测試试體体圖图標标號号"
)
_TRADITIONAL = frozenset(_SCRIPT_PAIRS[0::2]) - frozenset(_SCRIPT_PAIRS[1::2])
_SIMPLIFIED = frozenset(_SCRIPT_PAIRS[1::2]) - frozenset(_SCRIPT_PAIRS[0::2])


def _traditional(texts: list[str]) -> bool:
    traditional = sum(1 for text in texts for ch in text if ch in _TRADITIONAL)
    simplified = sum(1 for text in texts for ch in text if ch in _SIMPLIFIED)
    return traditional > simplified


@lru_cache(maxsize=1)
def _identifier() -> Any:
    # py3langid: a small, deterministic language identifier (langid.py's model, 97 languages) that runs
    # offline; loaded only when triage first needs it (about half a second).
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
