"""A quote in another language than its source: what survives translation can still be compared. Names,
numbers, code, paths and URLs are kept as they are by a translator (retell's prompt asks for it), so a
translated quote must keep those of its source, in either direction (a Japanese post quoting Claude's
English, an English post quoting the author's Japanese)."""

from __future__ import annotations

import re

from retell.check.language import capitalises_nouns, language_of, other_language
from retell.check.numerals import CJK_NUMBER, DIGITS, EN_NUMBER, value_of
from retell.check.text import CJK, script_of

# A word of Latin letters and digits (accents kept: "período"), ending where another script begins: Japanese and
# Korean glue their particles and verbs to a word left in English ("structuredはどのみち", "awaitしていなかった",
# "1つでいい"), which are no part of the name
_LATIN_WORD = r"[0-9A-Za-z_\u00c0-\u024f]"
_TOKEN = re.compile(rf"[A-Za-z0-9](?:{_LATIN_WORD}|[.@/+#-])*{_LATIN_WORD}|[A-Za-z0-9]")
_NUMBER = re.compile(
    rf"(?<![A-Za-z0-9_.])(?:{DIGITS}|{CJK_NUMBER})(?![A-Za-z0-9_.]*\d)|(?<![A-Za-z])(?:{EN_NUMBER})", re.I
)
_SENTENCE_START = re.compile(r"(?:^|[.!?]\s+|\n)$")


def _is_name(token: str, before: str, nouns: bool = False) -> bool:
    """A token a translator keeps: code-like (dots, slashes, digits, underscores, inner capitals), all
    capitals, or a capitalised word that does not start a sentence (not in German, whose nouns all are)."""
    if re.search(r"[._/@#+\d]|[a-z][A-Z]", token) or (token.isupper() and len(token) > 1):
        return True
    return not nouns and token[:1].isupper() and not _SENTENCE_START.search(before)


# Thousands grouped with dots, as German, Spanish, Italian, Dutch and Portuguese write them: "10.600" is 10,600 there
# and 10.6 in English. Such a figure in a translation is read both ways.
_DOT_GROUPED = re.compile(r"^\d{1,3}(?:\.\d{3})+$")


def readings(figure: str) -> set[float]:
    """The values a figure written in a translated quote may have: "10.600" is 10.6 or 10,600."""
    parsed = value_of(figure)
    out = {parsed[0]} if parsed is not None else set()
    if _DOT_GROUPED.match(figure.strip()):
        out.add(float(figure.strip().replace(".", "")))
    return out


def anchors(text: str, nouns_of: str = "") -> tuple[set[str], set[float]]:
    """(names, numbers) of a text: in Chinese, Japanese or Korean text every Latin word is a name (it was left
    untranslated); in other text, only what looks like a name or code. `nouns_of`: a German text a quote too
    short to tell its language by is read in, where a capital makes no name."""
    cjk = script_of(text) == "cjk"
    nouns = not cjk and (capitalises_nouns(text) or (not language_of(text) and capitalises_nouns(nouns_of)))
    names: set[str] = set()
    for match in _TOKEN.finditer(text):
        token = match.group(0).strip(".-")
        if not token or token.isdigit() or re.fullmatch(DIGITS, token):
            continue
        if cjk or _is_name(token, text[: match.start()], nouns):
            names.add(token.lower())
    # code a translator keeps whole: "`uv sync`" must be in its source as it is
    names |= {m.group(1).strip().lower() for m in re.finditer(r"`([^`]+)`", text) if m.group(1).strip()}
    numbers: set[float] = set()
    for match in _NUMBER.finditer(text):
        parsed = value_of(match.group(0))
        # "a", "one" and a lone 一 are as often an article or "the last one" (最后一个) as a count: never an anchor
        if parsed is not None and match.group(0).lower() not in ("a", "one", "一"):
            numbers.add(parsed[0])
    return names, numbers


# Code a translator keeps as it is (`_generate_html`, paths): not the language a sentence is written in
_CODEISH = re.compile(r"`[^`]*`|[\w.@/+#-]*[_./@#][\w.@/+#-]*")


def prose_script(text: str) -> str:
    """The script of a text's words, code left out: 那还需要 `_generate_html_with_combined_link` 吗 is Chinese."""
    return script_of(_CODEISH.sub(" ", text)) or script_of(text)


def other_script(quote: str, source: str, context: str = "") -> bool:
    """The quote and its source are written in different scripts (one of them Chinese, Japanese or Korean), or
    in different languages of one script (a German post quoting the author's English). A quote too short to
    tell its language by ("31 Python-Dateien, ~10.600 LOC") is taken to be in the language of its `context`,
    the paragraph that quotes it."""
    a, b = prose_script(quote), prose_script(source)
    if a and b and a != b:
        return True
    if context and not language_of(_CODEISH.sub(" ", quote)):
        quote = context
    return other_language(_CODEISH.sub(" ", quote), _CODEISH.sub(" ", source))


def tongue_known(text: str) -> bool:
    """Whether a text's language can be told from its words (code left out)."""
    return bool(language_of(_CODEISH.sub(" ", text)))


def tongue(text: str) -> str:
    """The language of a text's words when it can be told, else its script."""
    return language_of(_CODEISH.sub(" ", text)) or prose_script(text)


def survives(quote: str, source: str, *, part: bool = False, context: str = "") -> tuple[bool, list[str], int]:
    """Does a translated quote keep its source's names and numbers? (ok, what is missing, how many anchors
    were compared). Every name and number of the quote must be in the source; when the quote renders all
    of a short source, the source's numbers must be in the quote too. `part`: the source is a tool's text (an
    edit's lines, an output), of which a quote renders a piece (a comment, a warning), never all. `context`: the
    paragraph that quotes it: a quote too short to tell its language by, in a German paragraph, whose capitalised
    words are missing from the source, survives when, read as German nouns, its other anchors do ("alle 14
    Dateien" of "All 14 files", blind18 X2:113; with nothing else to compare, "„Kosten und Latenz minimieren“"
    stays a name the source lacks, blind7 L2:55)."""
    german = bool(context) and capitalises_nouns(context)
    ok, missing, compared = _survives(quote, source, part, "", cognates=german)
    if not ok and german and not language_of(quote):
        again = _survives(quote, source, part, context)
        if again[0] and again[2] > 0:
            return again
    return ok, missing, compared


def _survives(
    quote: str, source: str, part: bool, nouns_of: str, *, cognates: bool = False
) -> tuple[bool, list[str], int]:
    q_names, q_numbers = anchors(quote, nouns_of)
    s_names, s_numbers = anchors(source)
    s_folded = source.lower()
    missing = [
        n
        for n in sorted(q_names)
        if n not in s_names
        and n not in s_folded
        and not _compound_kept(n, s_folded)
        and not (cognates and _cognate(n, s_folded))
    ]
    # a figure read both ways ("10.600": 10.6 or 10,600) survives when either reading is in the source
    grouped = {m.group(0): readings(m.group(0)) for m in _NUMBER.finditer(quote) if _DOT_GROUPED.match(m.group(0))}
    either = {v for values in grouped.values() for v in values}
    missing += [_show(v) for v in sorted(q_numbers - s_numbers - either)]
    missing += [figure for figure, values in grouped.items() if not values & s_numbers]
    q_all = q_numbers | {v for values in grouped.values() for v in values}
    # Code pasted in the message (a CSS rule, a config) is no part of what a translator renders: "render all of
    # a short message" and "keep its numbers" are counted on its prose
    prose = "\n".join(line for line in source.splitlines() if not _CODE_LINE.search(line))
    whole = len(CJK.findall(quote)) + len(quote.split()) >= len(prose.split()) // 2
    if whole and len(prose) < 400 and not part:
        missing += [_show(v) for v in sorted(anchors(prose)[1] - q_all) if v >= 2]
    return not missing, missing, len(q_names) + len(q_numbers)


# A line of code in a message: one that opens or closes a block or ends a statement, an assignment or a prompt
_CODE_LINE = re.compile(r"[{};]\s*\\?$|^\s*[}\])]|^\s*(?:\$ |>>> |[\w.-]+\s*[:=]\s*\S+[;,]?\s*$)")


def _cognate(word: str, source: str) -> bool:
    """A German noun, capitalised as every noun is, that begins as a word of its English source does ("Modelle"
    of "model comparison", "Latenz" of "latency"): the word translated, not a name (blind18 X2:65)."""
    if not word.isalpha() or len(word) < 6:
        return False
    return re.search(rf"(?<![a-z]){re.escape(word[:5])}", source) is not None


def _compound_kept(name: str, source: str) -> bool:
    """ "Python-Dateien", "Haiku-Modell": a name joined to a word of the translation's language by a hyphen
    survives when its name is in the source."""
    parts = [p for p in name.split("-") if len(p) > 1]
    return len(parts) > 1 and any(re.search(rf"(?<![\w-]){re.escape(p)}(?![\w-])", source) for p in parts)


def _show(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)
