"""The author's main language, the default `language:` of the post.

About a third of real sessions are not in English, and authors mix in English technical terms. Each of the
author's messages (code, paths and URLs removed) casts one vote, whatever its length: one pasted English
spec does not outvote thirty-five short Chinese messages.

- Chinese, Japanese and Korean are told by their script, not by a statistical model: a short Chinese message
  ("继续修") scores too low for one, and a model trained on Wikipedia reads Traditional Chinese as Cantonese.
  Kana make a message Japanese, Hangul Korean, Han characters Chinese.
- Chinese is then `zh-Hant` or `zh-Hans`: Traditional or Simplified, by which of the characters only one of
  the two scripts has (CC-CEDICT's lists, from zhon) the author's Chinese messages use more. Cantonese
  written in Traditional characters is `zh-Hant` too.
- Other messages are identified by py3langid; a message too short to tell ("ok", "continue") or one it is
  unsure of does not vote. When nothing votes, Claude's answers vote the same way (an author who pasted an
  error and typed "socorro" is answered in their language); English when they do not either.
- py3langid spreads one written language over labels of its varieties (Arabic over `ar`, Egyptian `arz` and
  Moroccan `ary`): their shares are added up before its answer is judged sure or not, or a Gulf Arabic
  message with two English words (ar 0.49, ary 0.22) never votes and the post is proposed in English.
"""

from __future__ import annotations

import contextlib
import hashlib
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from retell.events import ASSISTANT, EventLog
from retell.extract.requests import author_words
from retell.fsutil import atomic_write_bytes

DEFAULT_LANGUAGE = "en"
RULES_VERSION = 5  # of the rules below: a remembered answer made by other rules is not reused
MIN_LETTERS = 16  # fewer letters than this cannot be told apart reliably (scripts aside)
MIN_CONFIDENCE = 0.8
MESSAGES = 200  # the first messages say it; a long session need not be read to the end
_NOT_PROSE = re.compile(r"```.*?(?:```|\Z)|`[^`\n]*`|https?://\S+|(?:[\w.@~-]*/)+[\w.@-]*|\S+\.\w{1,5}\b", re.S)
# A program's line pasted with the author's words ("UnicodeDecodeError: 'utf-8' codec can't decode…" above
# "socorro"): the program's English, not the author's, so it casts no vote
_PROGRAM_LINE = re.compile(
    r"(?m)^[ \t]*(?:[\w.$]*(?:Error|Exception|Warning)\s*:|Traceback \(most recent call last\)|"
    r"File \"[^\"]*\", line \d+|at [\w.$<>]+ \(|(?:panic|fatal|FATAL|ERROR|WARN(?:ING)?)\s*[:\]]).*$"
)
_HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_KANA = re.compile(r"[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]")
_HANGUL = re.compile(r"[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]")
_LATIN = re.compile(r"[A-Za-z\u00c0-\u024f]")
# py3langid answers for Chinese script that are not a language a post is written in here.
_CHINESE_LABELS = frozenset({"zh", "yue", "wuu"})
# py3langid's labels of a variety, and the written language a post in it is told in.
_VARIETY_OF = {"arz": "ar", "ary": "ar", "hbo": "he", "grc": "el", "uzs": "uz", "sdh": "ku", "nn": "no"}
# Written standards so close that py3langid splits one message's share between them (Indonesian heard as 0.80
# Indonesian and 0.16 Malay): their shares are added up and the post takes the one heard most.
_CLOSE_STANDARDS = (frozenset({"id", "ms"}), frozenset({"hr", "sr", "bs"}), frozenset({"cs", "sk"}))


def author_language(log: EventLog, remembered: Path | None = None) -> str:
    """`remembered`: a file in the work folder that keeps the answer keyed to the author's messages, so that
    triaging the same parse again never loads the model (about a second of CPU) to say the same thing."""
    texts = [w for e in log.events if (w := author_words(e))][:MESSAGES]
    answers = [e.text for e in log.events if e.kind == ASSISTANT and not e.sidechain and e.text][:MESSAGES]
    if remembered is None:
        return main_language(texts, answers)
    key = _messages_key([*texts, "\0", *answers])
    try:
        kept = orjson.loads(remembered.read_bytes())
    except (OSError, orjson.JSONDecodeError):
        kept = None
    if isinstance(kept, dict) and kept.get("key") == key and isinstance(kept.get("language"), str):
        return str(kept["language"])
    language = main_language(texts, answers)
    with contextlib.suppress(OSError):  # a read-only work folder: the answer is only not remembered
        atomic_write_bytes(remembered, orjson.dumps({"key": key, "language": language}), durable=False)
    return language


def main_language(texts: list[str], answers: list[str] | None = None) -> str:
    """The language most of `texts` (the author's messages) are in; when none of them can be told (an error
    pasted with "socorro", a short line), the language Claude answered in (`answers`), else English."""
    language = _voted(texts)
    if language is None and answers:
        language = _voted(answers)
    return language or DEFAULT_LANGUAGE


def _voted(texts: list[str]) -> str | None:
    proses = [_NOT_PROSE.sub(" ", _PROGRAM_LINE.sub(" ", text)) for text in texts]
    by_script = [script_language(prose) for prose in proses]
    votes: Counter[str] = Counter(language for language in by_script if language is not None)
    # The messages only the model can tell: at most one vote each. When they cannot overturn what the scripts
    # decided, the model is not loaded (a Japanese or Chinese session with a few English lines).
    untold = [
        prose
        for prose, language in zip(proses, by_script, strict=True)
        if language is None and _letters(prose) >= MIN_LETTERS
    ]
    if untold and not _decided(votes, len(untold)):
        votes.update(language for prose in untold if (language := _identified(prose)) is not None)
    if not votes:
        return None
    winner = min(votes, key=lambda lang: (-votes[lang], lang))
    if winner != "zh":
        return winner
    return chinese_script([prose for prose, language in zip(proses, by_script, strict=True) if language == "zh"])


def _decided(votes: Counter[str], undecided: int) -> bool:
    """Whether the leader of `votes` stays the leader whatever `undecided` more votes say (all of them for
    its closest rival, or for a language with no vote yet)."""
    if not votes:
        return False
    leader, *rest = sorted(votes.values(), reverse=True)
    return leader > (rest[0] if rest else 0) + undecided


def script_language(text: str) -> str | None:
    """`ja`, `ko` or `zh` when the message is written in that script (English terms mixed in), else None."""
    han, kana, hangul = len(_HAN.findall(text)), len(_KANA.findall(text)), len(_HANGUL.findall(text))
    if han + kana + hangul < 2:
        return None
    latin = len(_LATIN.findall(text))
    # A CJK character carries about a word; an English word has about five letters.
    if 4 * (han + kana + hangul) < latin and han + kana + hangul < 8:
        return None
    if kana >= 2 or (kana and kana * 10 >= han):
        return "ja"
    if hangul >= han:
        return "ko"
    return "zh"


def chinese_script(texts: list[str]) -> str:
    """`zh-Hant` when the texts use more characters that only Traditional Chinese has than characters only
    Simplified Chinese has, else `zh-Hans`."""
    traditional, simplified = _script_sets()
    counts = Counter(ch for text in texts for ch in _HAN.findall(text))
    trad = sum(n for ch, n in counts.items() if ch in traditional)
    simp = sum(n for ch, n in counts.items() if ch in simplified)
    return "zh-Hant" if trad > simp else "zh-Hans"


def _letters(prose: str) -> int:
    return sum(ch.isalpha() for ch in prose)


def _identified(prose: str) -> str | None:
    """py3langid's answer for a message of at least MIN_LETTERS letters in no CJK script, None when unsure."""
    shares: dict[str, float] = {}
    for label, probability in _identifier().rank(prose):
        language = _VARIETY_OF.get(str(label), str(label))
        shares[language] = shares.get(language, 0.0) + float(probability)
    for standards in _CLOSE_STANDARDS:
        heard = sorted((share, label) for label, share in shares.items() if label in standards)
        if len(heard) > 1:
            shares[heard[-1][1]] = sum(share for share, _ in heard)
            for _, label in heard[:-1]:
                del shares[label]
    language, confidence = min(shares.items(), key=lambda item: (-item[1], item[0]))
    if confidence < MIN_CONFIDENCE or language in _CHINESE_LABELS:
        return None  # (Chinese script was decided above; a model's Chinese guess on other text is noise)
    return language


def _messages_key(texts: list[str]) -> str:
    """The author's messages and what answers for them (these rules, the model's version)."""
    digest = hashlib.sha256(f"{RULES_VERSION}:{_model_version()}:{MIN_LETTERS}:{MIN_CONFIDENCE}".encode())
    for text in texts:
        digest.update(len(text).to_bytes(8, "little"))
        digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def _model_version() -> str:
    from retell.triage.langmodel import model_version

    return model_version()


@lru_cache(maxsize=1)
def _script_sets() -> tuple[frozenset[str], frozenset[str]]:
    """(characters only Traditional Chinese writes, characters only Simplified Chinese writes)."""
    # zhon: CC-CEDICT's character lists (a few hundred KB of data, imported only for a Chinese session)
    from zhon import cedict

    traditional, simplified = set(cedict.traditional), set(cedict.simplified)
    return frozenset(traditional - simplified), frozenset(simplified - traditional)


@lru_cache(maxsize=1)
def _identifier() -> Any:
    # py3langid: a small, deterministic language identifier (langid.py's model, 97 languages) that runs
    # offline; loaded only when triage first needs it, unpacked once into retell's cache (langmodel.py).
    from retell.triage.langmodel import load_identifier

    return load_identifier()
