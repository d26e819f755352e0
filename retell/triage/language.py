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
        language, confidence = _identifier().classify(prose)
        if confidence >= MIN_CONFIDENCE:
            votes[str(language)] += letters
    if not votes:
        return DEFAULT_LANGUAGE
    return min(votes, key=lambda lang: (-votes[lang], lang))


@lru_cache(maxsize=1)
def _identifier() -> Any:
    # py3langid: a small, deterministic language identifier (langid.py's model, 97 languages) that runs
    # offline; loaded only when triage first needs it (about half a second).
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    return LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
