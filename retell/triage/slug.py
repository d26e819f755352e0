"""A post's URL name: readable words of its title, never cut inside a word, made unique by the session.

Only the words: a URL, a path (`src/app/main.py` gives `main`) or another session's id in the title is never
part of the slug (the session's own id ends it).

Latin, Cyrillic, Greek… titles are transliterated to ASCII (python-slugify); Chinese, Japanese and Korean
are kept as they are (a romanisation would read Japanese kanji as Mandarin) and may be cut between
characters, which are their words. Two sessions with the same title get different slugs: the slug ends
with the first characters of the session id.
"""

from __future__ import annotations

import re
from typing import Any

from retell.redact import PLACEHOLDER

SLUG_CHARS = 60  # the readable part (a CJK character counts twice); the session suffix comes on top
SUFFIX_CHARS = 6
# Scripts kept as written: CJK ideographs, kana, Hangul (slugify would transliterate them).
_CJK_RUN = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]+")
SLUG_PATTERN = re.compile(
    r"^[a-z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]"
    r"[a-z0-9\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff-]*$"
)


def post_slug(title: str, session_id: str) -> str:
    suffix = re.sub(r"[^0-9a-z]", "", session_id.lower())[:SUFFIX_CHARS] or "post"
    words = _title_words(title)
    readable = ""
    for word in words:
        candidate = f"{readable}-{word}" if readable else word
        if _width(candidate) <= SLUG_CHARS:
            readable = candidate
            continue
        if _CJK_RUN.fullmatch(word):  # CJK: characters are the words; cut between them
            room = (SLUG_CHARS - _width(readable) - (1 if readable else 0)) // 2
            if room >= 2:
                readable = f"{readable}-{word[:room]}" if readable else word[:room]
        elif not readable:
            readable = word[:SLUG_CHARS]  # one giant word (a hash, a URL): nothing better to cut at
        break
    return f"{readable}-{suffix}" if readable else f"session-{suffix}"


def _width(text: str) -> int:
    return len(text) + sum(len(run) for run in _CJK_RUN.findall(text))


_URL = re.compile(r"(?:https?://|www\.)\S+")
_PATH = re.compile(r"(?:[~.]?/|[A-Za-z]:\\)?(?:[\w.@-]+[/\\])+([\w.@-]*)")
# An id of some session or commit: 7+ hex digits with a digit and a letter, or a uuid
_ID = re.compile(r"^(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,}$")


_UUID = re.compile(r"\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b", re.I)


def _words_only(title: str) -> str:
    """The title without URLs, uuids and redaction markers, with paths as their last part (a file's name
    without its extension)."""
    # (what retell wrote for a redacted value is no word of the title: `redacted-internal-host` would put the kind
    # of what was hidden into the post's address)
    title = _UUID.sub(" ", _URL.sub(" ", PLACEHOLDER.sub(" ", title)))
    return _PATH.sub(lambda m: " " + m.group(1).rsplit(".", 1)[0] + " ", title)


def _title_words(title: str) -> list[str]:
    from slugify import slugify  # python-slugify: transliteration of every other script

    return [w for w in _slug_words(_words_only(title), slugify) if not _ID.match(w)]


def _slug_words(title: str, slugify: Any) -> list[str]:
    words: list[str] = []
    last = 0
    for match in _CJK_RUN.finditer(title):
        words.extend(w for w in slugify(title[last : match.start()]).split("-") if w)
        words.append(match.group(0))
        last = match.end()
    words.extend(w for w in slugify(title[last:]).split("-") if w)
    return words
