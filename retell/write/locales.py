"""The post's language in what retell itself decides and writes: how long a post is (words, or characters for
Chinese, Japanese and Korean, whose words are not separated by spaces), and the words, numbers and dates of the
"By the numbers" table and the offline engine's note (retell/data/locales.yaml).

Numbers, money, days and durations are formatted by Babel, which carries the Unicode CLDR data for every
language (imported only when a post is not in English: English keeps retell's own formats).
"""

from __future__ import annotations

import functools
import re
from datetime import date
from importlib import resources
from typing import Any

from retell.triage.model import CHARS_PER_WORD, LENGTHS  # (the characters per word: triage.yaml's comment too)

# A character of these scripts counts as one unit of length; anything else is counted in words.
_DENSE = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af\u1100-\u11ff]")
_HANT_REGIONS = ("tw", "hk", "mo", "hant")
# Norwegian: py3langid says `no`, a writer's setting may say `nb`; Malay reads the Indonesian words, Bosnian
# the Croatian ones (retell/extract/local_headings.py)
_ALIASES = {"nb": "no", "nn": "no", "ms": "id", "bs": "hr"}
_COMMENT = re.compile(r"<!--.*?-->", re.S)


def language_key(language: str) -> str:
    """`zh-Hans`, `zh-Hant`, or the language's first part (`pt` for pt-BR), lower case."""
    parts = language.replace("_", "-").lower().split("-")
    if parts[0] == "zh":
        return "zh-Hant" if any(p in _HANT_REGIONS for p in parts[1:]) else "zh-Hans"
    return _ALIASES.get(parts[0], parts[0]) or "en"


def counts_characters(language: str) -> bool:
    return language_key(language).split("-")[0] in CHARS_PER_WORD


def length_range(language: str, length: str) -> tuple[int, int, str]:
    """(low, high, unit) of a post of this length preset: words, or characters in zh, ja and ko."""
    low, high = LENGTHS[length]
    base = language_key(language).split("-")[0]
    if base not in CHARS_PER_WORD:
        return low, high, "words"
    ratio = CHARS_PER_WORD[base]
    return _round(low * ratio), _round(high * ratio), "characters"


def scale(words: int, language: str) -> int:
    """A length in words, in the language's unit."""
    base = language_key(language).split("-")[0]
    return _round(words * CHARS_PER_WORD[base]) if base in CHARS_PER_WORD else words


def _round(n: float) -> int:
    return int(round(n / 50) * 50) or 50


# How count_length counts a post in characters, said the same way to the model (system.md.j2) and in the report
# of the draft's length, so that both name one unit.
CHARACTER_RULE = (
    "each Chinese, Japanese or Korean character counts one, each word in another script (a name, a command) "
    "counts one; punctuation, spaces and the hidden markers count nothing"
)


# Languages whose verbs (in the past, or always) and adjectives agree in gender with their subject: no sentence
# about Claude is neutral ("Claude קרא" / "קראה", "Claude sprawdził" / "sprawdziła"), so avoiding a pronoun does
# not keep one gender through sections written apart (round 49, a Hebrew post).
GENDERED_VERBS = frozenset(
    {"he", "ar", "ru", "uk", "be", "pl", "cs", "sk", "bg", "sr", "hr", "sl", "lt", "lv", "hi", "ur"}
)


def gendered_verbs(language: str) -> bool:
    """Whether a post in `language` must give Claude a grammatical gender in its verbs and adjectives."""
    return language_key(language).split("-")[0] in GENDERED_VERBS


def length_rule(language: str) -> str:
    """How a post's length is counted, when that is not simply its words ("" for words)."""
    return CHARACTER_RULE if counts_characters(language) else ""


def length_text(n: int, unit: str) -> str:
    """A length as retell reports it, with how it was counted when the unit is characters (CHARACTER_RULE)."""
    if unit != "characters":
        return f"{n:,} {unit}"
    return (
        f"{n:,} characters (one per Chinese, Japanese or Korean character and per word in another script; "
        "punctuation and spaces not counted)"
    )


def count_length(text: str, language: str) -> int:
    """How long a text is in the language's unit: words, or (zh, ja, ko) characters of those scripts plus the
    words of any other script among them. Hidden markers are not counted."""
    text = _COMMENT.sub(" ", text)
    if not counts_characters(language):
        return len([w for w in text.split() if any(ch.isalnum() for ch in w)])
    dense = len(_DENSE.findall(text))
    rest = _DENSE.sub(" ", text)
    return dense + len([w for w in rest.split() if any(ch.isalnum() for ch in w)])


def told_length(text: str, language: str) -> int:
    """How long a text would be told in the language's unit: words; in zh, ja and ko each character of those
    scripts one, and each word of another script (the material's commands and Claude's English) as many characters
    as a word is worth. Counted one a word, or all scaled from English words (a run of Chinese one "word"), a zh
    section of the same content got a third less room than its neighbours in other languages (round 56)."""
    if not counts_characters(language):
        return count_length(text, language)
    text = _COMMENT.sub(" ", text)
    dense = len(_DENSE.findall(text))
    other = len([w for w in _DENSE.sub(" ", text).split() if any(ch.isalnum() for ch in w)])
    return dense + int(other * CHARS_PER_WORD[language_key(language).split("-")[0]])


# -- the words retell writes into a post ----------------------------------------------------------------------


@functools.lru_cache(maxsize=1)
def _table() -> dict[str, dict[str, str]]:
    import yaml

    text = resources.files("retell.data").joinpath("locales.yaml").read_text(encoding="utf-8")
    return yaml.safe_load(text)


def words(language: str) -> dict[str, str]:
    """retell's own words in the post's language (English where the language is not in the table)."""
    table = _table()
    return {**table["en"], **table.get(language_key(language), {})}


# The offline engine's note in every post not in English (after the note in the post's language, if any)
ENGLISH_OFFLINE_NOTE = (
    "retell wrote this draft without a model: its own sentences are in English, the quotes are the session's "
    "original words. Draft it with a model for a post written in the session's language."
)


@functools.lru_cache(maxsize=1)
def offline_notes() -> frozenset[str]:
    """Every wording of the offline engine's note on its English sentences: retell's words about the draft, which
    claim nothing of the session (`retell check` leaves them alone: the German one's nouns read as names)."""
    table = _table()
    notes = {" ".join(str(t.get("offline_note") or "").split()) for t in table.values()}
    return frozenset(n for n in notes | {ENGLISH_OFFLINE_NOTE} if n)


def knows(language: str) -> bool:
    return language_key(language) in _table()


def babel_locale(language: str) -> Any:
    """Babel's Locale for the post's language (English when Babel does not know it)."""
    from babel import Locale, UnknownLocaleError

    key = language_key(language)
    for candidate in (_babel_tag(language), key.split("-")[0]):
        try:
            return Locale.parse(candidate)
        except (UnknownLocaleError, ValueError):
            continue
    return Locale.parse("en")


def _babel_tag(language: str) -> str:
    """The post's language as Babel names a locale: Chinese by its script (`zh_Hant` for zh-TW), else the tag."""
    return {"zh-Hans": "zh_Hans", "zh-Hant": "zh_Hant"}.get(language_key(language), language.replace("-", "_"))


def language_name(language: str) -> str:
    """The post's language by its English name, as a prompt names it ("Italian", "Chinese (Traditional)"): a bare
    code read as a word ("inside it prose") told a model nothing; the code itself when Babel does not know it."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(_babel_tag(language)).get_display_name("en") or language
    except (UnknownLocaleError, ValueError):
        return language


def _english(language: str) -> bool:
    return language_key(language) == "en"


def number(n: int, language: str) -> str:
    if _english(language):
        return f"{n:,}"
    from babel.numbers import format_decimal

    return str(format_decimal(n, locale=babel_locale(language)))


def money(usd: float, language: str) -> str:
    if _english(language):
        return f"${usd:.2f}"
    from babel.numbers import format_currency

    return str(format_currency(usd, "USD", locale=babel_locale(language)))


def day(iso_day: str | None, language: str) -> str:
    """A calendar day (`2025-10-03`) as the language writes it (`3. Oktober 2025`); ISO in English."""
    if not iso_day or _english(language):
        return iso_day or ""
    from babel.dates import format_date

    return str(format_date(date.fromisoformat(iso_day), format="long", locale=babel_locale(language)))


def duration(ms: int | None, language: str, *, tenths: bool = False) -> str:
    """`1 h 05 min` in English; in another language its own units (`1 Std. 5 Min.`, `1小时5分钟`). With `tenths`,
    a time of one to ten minutes to a tenth of a minute (`6.7 min`, `6,7 min`), as the prompts give active time."""
    from retell.write.facts import format_duration, worked_minutes

    if tenths and ms and 60_000 <= ms < 10 * 60_000:
        if _english(language):
            return worked_minutes(ms)
        from babel.units import format_unit

        return str(format_unit(round(ms / 60_000, 1), "duration-minute", length="short", locale=babel_locale(language)))
    if _english(language) or not ms or ms <= 0:
        return format_duration(ms)
    from babel.units import format_unit

    locale = babel_locale(language)
    minutes = round(ms / 60000)
    hours, rest = divmod(minutes, 60)
    parts = []
    if hours:
        parts.append(str(format_unit(hours, "duration-hour", length="short", locale=locale)))
    if rest or not hours:
        parts.append(str(format_unit(rest, "duration-minute", length="short", locale=locale)))
    joiner = "" if language_key(language).startswith("zh") else " "
    return joiner.join(parts)


# -- the "By the numbers" table ---------------------------------------------------------------------------------


def project_home() -> str | None:
    """The project's home page as its package metadata names it (pyproject.toml's [project.urls] Homepage);
    None while it names none, so that no post links to a page nobody has checked."""
    from importlib.metadata import PackageNotFoundError, metadata

    try:
        entries = metadata("retell").get_all("Project-URL") or []
    except PackageNotFoundError:
        return None
    for entry in entries:
        label, _, url = str(entry).partition(",")
        if label.strip().lower() == "homepage" and url.strip().startswith("https://"):
            return url.strip()
    return None


def stats_context(facts: dict[str, Any], language: str, *, first_person: bool, credit: bool) -> dict[str, Any]:
    """The variables of templates/stats.md.j2: the words in the post's language and every figure formatted."""
    w = words(language)
    home = project_home() if credit else None
    tokens = number(facts["tokens"], language)
    share = cache_share(facts)
    if share is not None:
        tokens = w["tokens_cached"].format(tokens=tokens, share=percent(share, language))
    return {
        "t": {**w, "failed": counted(w["failed"], facts["tool_errors"], language)},
        "facts": facts,
        "first_person": first_person,
        "n": {
            "tool_calls": number(facts["tool_calls"], language),
            "tool_errors": number(facts["tool_errors"], language),
            "human_turns": number(facts["human_turns"], language),
            "files_changed": number(facts["files_changed"], language),
            "subagents": number(facts["subagents"], language),
            "compactions": number(facts["compactions"], language),
            "tokens": tokens,
            "sessions": number(facts["sessions"], language),
            "days": number(facts["days"], language),
            "cost": money(facts["cost_usd"], language) if facts.get("cost_usd") is not None else None,
            "first_day": day(facts.get("first_day"), language),
            "last_day": day(facts.get("last_day"), language),
            "duration": duration(facts.get("duration_ms"), language) if "duration_ms" in facts else facts["duration"],
            # Claude's time at work, the part of active time a reader can count again from the events' times
            "worked": duration(facts["claude_ms"], language, tenths=True) if facts.get("claude_ms") else None,
            "active_time": (
                duration(facts.get("active_ms"), language, tenths=True)
                if "active_ms" in facts
                else facts["active_time"]
            ),
        },
        # the credit names retell only as a link a reader can follow: a bare name is a tool they cannot look up
        "credit": w["credit"].format(retell=f"[retell]({home})") if home else "",
    }


CACHE_SHARE_SHOWN = 0.5  # from this share of cache reads on, the token count says it


def cache_share(facts: dict[str, Any]) -> float | None:
    """The share of the tokens read from the prompt cache, when it is at least CACHE_SHARE_SHOWN (None below,
    or for facts from before it was counted)."""
    cached, total = facts.get("cache_read_tokens"), facts.get("tokens")
    if not cached or not total or cached / total < CACHE_SHARE_SHOWN:
        return None
    return float(cached / total)


def cache_percent(facts: dict[str, Any]) -> int | None:
    """cache_share as the whole percentage the post's table prints and the prompt gives the model (one rounding for
    both: the prompt's 93 % beside the table's 94 % read as a slip of the author's), None below the share shown."""
    share = cache_share(facts)
    return None if share is None else whole_percent(share)


def whole_percent(share: float) -> int:
    """A share as a whole percentage, never 100 for less than all."""
    return min(round(share * 100), 99 if share < 1 else 100)


def percent(share: float, language: str) -> str:
    """A share as a whole percentage in the language's form ("91%", "91 %"), never "100%" for less than all."""
    from babel.numbers import format_percent

    return str(format_percent(whole_percent(share) / 100, locale=babel_locale(language)))


def counted(entry: str | dict[str, str], n: int, language: str) -> str:
    """A phrase of a count in the form the number takes: `entry` is one string, or its forms by CLDR plural
    category ("1 nieudane", "5 nieudanych"), chosen by Babel."""
    if isinstance(entry, str):
        return entry
    form = "other" if _english(language) else babel_locale(language).plural_form(n)
    return entry.get(form) or entry["other"]


def known_languages() -> list[str]:
    """The languages retell's own words are written in (retell/data/locales.yaml)."""
    return list(_table())
