"""The names a reader meets in a post: people, tools, libraries, projects, files.

Sections are written one call each, so a section cannot see which names the opening and the sections before it
have introduced; it used "Vercel" or "alice" cold, or introduced the project again. The outline says what each
section tells (its heading, purpose and beats) and the session events it cites; the names in those are the ones
the reader has met by the time a section begins. Found by their form, deterministically: `code spans`, file
names, CamelCase and dotted names, acronyms, and capitalised words that do not merely begin a sentence. In a
language that capitalises every noun (German), a plain capitalised word is a noun as often as a name ("Wunsch",
"Installation"), so there only the forms no noun takes count: code spans, files, CamelCase, dotted, acronyms.
Neither the acronyms every developer reads unexplained (HTML, ID, CI) nor code spans that hold a statement
rather than a name (`display: ruby-base`) are names to introduce; nor, by their form, months and weekdays (in
every language retell's locales know), a word set as a variable (`TZ=UTC`), an id of a ticket or a finding
(`ALTO-02`, `CVE-2024-3094`), or a code span that is an encoded payload (`..%2f`) rather than a word.
Capitalised words that follow one another are one name ("New York", "GitHub Actions"). SQL's keywords in
capitals (`INSERT INTO … SELECT`) are no names, nor, in a language that capitalises nouns, a compound of plain
nouns ("Commit-Zeile"). `code_names` says which names the material shows in code or output (a model class, a
pod's state): those are told as shown, never defined.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from typing import Literal

# Every code span, paired in order whatever its length (a one-character `%` included): matching only spans of 2 to
# 40 characters paired the closing backtick of `%` with the next opening one, and the words between ("oraz
# regułę, z") came out as a name (round 42). The length is judged after (`_code_name`).
_CODE = re.compile(r"`([^`\n]+)`")
_CODE_CHARS = (2, 40)
_FILE = re.compile(
    r"(?<![\w/.-])([\w-]+\.(?:py|js|mjs|ts|tsx|jsx|vue|md|json|ya?ml|toml|go|rs|java|kt|rb|sh|css|html|sql|txt|lock))\b"
)
# (a name qualified by `::` is one name: `Net::ReadTimeout` is one class, never `Net` and `ReadTimeout`: round 49)
# A name in Latin letters ends where another script begins: Korean and Japanese write a particle straight after a
# word ("Seoul을", "Claudeが"), and the particle is no part of the name (a blind Korean post, stop 51).
# The same holds before a name: "Vercelで動くNext.jsの" names Next.js after a kana.
_LATIN = r"0-9A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF"
_WORD = re.compile(rf"(?<![{_LATIN}`'’.:-])([A-Z][{_LATIN}]*(?:(?:[.-]|::)[A-Za-z0-9][{_LATIN}]*)*)")
# A name in Cyrillic letters, written title-case ("Дорота", "Докер"): found as a Latin one is (material round 63: a
# Russian post's people and tools were never listed, so no rule on their cases could hold). Words in capitals
# ("БД", "ПО") are everyday abbreviations, not names.
_CYRILLIC_UPPER = "А-ЯЁЄІЇҐЎЂЈЉЊЋЏЅЃЌ"
_CYRILLIC_LOWER = "а-яёєіїґўђјљњћџѕѓќ"
_CYRILLIC_WORD = re.compile(
    rf"(?<![{_LATIN}{_CYRILLIC_UPPER}{_CYRILLIC_LOWER}`'’.:-])([{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}]+"
    rf"(?:-[{_CYRILLIC_UPPER}][{_CYRILLIC_LOWER}]+)?)(?![{_LATIN}{_CYRILLIC_UPPER}{_CYRILLIC_LOWER}])"
)
# Cyrillic words a sentence may capitalise that name nothing: the polite "you" (Russian, Ukrainian, Belarusian,
# Bulgarian, Serbian), and Claude's name as Cyrillic writes it ("Клод", "Клода", "Клоду")
_CYRILLIC_NOT_NAMES = re.compile(r"^(?:В[ыи]|Ва[сшм]\w*|Вами|Клод\w{0,3})$")
# A name written lower-case first: a product's one-letter prefix before its capital ("iPhone", "eBay", "jQuery",
# "gRPC") or an OS's ending ("macOS", "iPadOS"); a scoped package or a handle ("@vue-leaflet", "@tanstack/query"),
# a hyphen or a slash in it (a decorator, "@dataclass", is code). Both were left out of the names to introduce beside
# "Safari" and "Leaflet" of the same message (material round 61). Code's camelCase ("maxWidth", "autoPan") is no
# such name: more than one letter before its first capital.
_LOWER_FIRST = re.compile(
    rf"(?<![{_LATIN}`'’.:@/-])([a-z][A-Z][{_LATIN}]*|[a-z]{{2,6}}OS)(?![{_LATIN}(=])"
    rf"|(?<![\w.@/`-])(@[a-z0-9][\w.]*(?:[-/][\w.]+)+)(?![\w@`])"
)
# Scripts without capitals: a capitalised Latin word there is a name wherever it stands, a sentence's start included.
_CASELESS = frozenset(["ja", "zh", "ko", "th", "lo", "km", "my", "ka", "hy", "he", "ar", "fa", "ur", "hi", "bn"])
# (a link's text begins as a sentence does: "[View source on GitHub](…)" names no "View": stop 52; `List[Path]`
# is no link)
_SENTENCE_START = re.compile(r"(?:^|[.!?:;。！？]\s*|\n\s*[-*>#]*\s*|(?:[“\"(]|(?<![\w\]])\[)\s*)$")
# A word with a one-letter label after it ("Option C", "Plan B", "Approach A"): one of a set of choices, no name.
_LABELLED = re.compile(r" [A-Z](?![\w-]|\.\w)")
# (stop 62) Words in capitals that name nothing, listed by two writers of fresh42/43 as names to introduce: a
# contraction shouted ("DON'T" gave "DON"), a word shouted ("WOW", of "ok WOW that's so much more sensible": English
# words in capitals, but for the acronyms that are words too), and an amount after its currency's letter ("N20,000")
_SHOUTED_CONTRACTION = re.compile(r"[A-Z]{2,}['’][A-Z]{1,2}\b")
_AMOUNT = re.compile(r"[A-Z]\d{1,3}(?:,\d{3})+\b")
_WORD_ACRONYMS = frozenset(["REST", "SOAP", "RAID", "LAMP", "CAN", "SWIFT", "SAFE", "BASIC", "DART"])
# Capitalised words that are no name, and names every prompt already gives the model.
_NOT_NAMES = frozenset(
    [
        "I",
        "I'm",
        "I've",
        "I'd",
        "I'll",
        "A",
        "An",
        "The",
        "This",
        "That",
        "These",
        "Those",
        "It",
        "Its",
        "He",
        "She",
        "We",
        "They",
        "You",
        "My",
        "Our",
        "Your",
        "Their",
        "His",
        "Her",
        "And",
        "But",
        "Or",
        "So",
        "Then",
        "Now",
        "When",
        "While",
        "After",
        "Before",
        "If",
        "Once",
        "Yes",
        "No",
        "Not",
        "OK",
        "Okay",
        "Also",
        "Next",
        "Here",
        "There",
        "What",
        "Why",
        "How",
        "Which",
        "Who",
        "Where",
        "Let",
        "Please",
        "Thanks",
        "Done",
        "Fix",
        "Add",
        "Use",
        "See",
        "Note",
        "Step",
        "Part",
        "Chapter",
        "Session",
        "Sessions",
        "Section",
    ]
)
# The abbreviations every developer reads without an introduction: a prompt that lists them as names to
# introduce asks the model to explain what HTML is (a blind reading of a Japanese post, stop 36).
_EVERYDAY_ACRONYMS = frozenset(
    {
        "AI", "API", "APIs", "ASCII", "CD", "CI", "CLI", "CPU", "CSS", "CSV", "DNS", "FAQ", "GPU", "HTML",
        "HTTP", "HTTPS", "ID", "IDs", "IDE", "IP", "JS", "JSON", "LLM", "OS", "PDF", "PNG", "PR", "PRs",
        "RAM", "README", "REST", "SDK", "SQL", "SSH", "SSL", "SVG", "TLS", "TODO", "UI", "URL", "URLs",
        "UTF-8", "UX", "XML", "YAML", "UTC", "GMT", "SMTP", "SMS", "TCP", "UDP", "DB",
        # (and those of everyday life, and a date format's letters: a drafter of fresh34 was asked to introduce
        # "AM" of "1 AM", "PC", "ISBN", "UK" and "DD, MM, YYYY", stop 58)
        "AM", "PM", "PC", "TV", "UK", "US", "USA", "EU", "ISBN", "EAN", "VAT", "GPS", "USB", "QR", "NAS", "VPN",
        "PIN", "OK", "FYI", "ETA", "ASAP", "DD", "MM", "YYYY", "YY", "HH", "SS",
    }
)  # fmt: skip
# A code span holding a declaration, an assignment or a statement is code the post quotes, not a name
# (`display: ruby-base`, `x = 1;`); one holding a command or an identifier names a thing (`uv tool`, `useAuth`).
_CODE_NOT_NAME = re.compile(r"(?<!:):(?!:)|[=;{}]|\s\S+\s\S+\s")  # (`Net::ReadTimeout` is a name)
ALWAYS_MET = ("Claude", "Claude Code")
# Claude's name as languages inflect it (Swedish "Claudes", Finnish "Clauden", Polish "Claude'a", Czech "Clauda",
# "Claudovi", "Claudova"):
# the same name the reader met, never a new one (a Swedish prompt listed "Claudes" as a name to introduce, stop 51)
_CLAUDE_INFLECTED = re.compile(
    r"^Claud(?:e(?:(?!tt)[a-zäöüåéěáíóúůý]{1,4}|['’][a-z]{1,3})?|[aouů](?:[a-zěáíóúůý]{0,3}))$"  # not Claudette
)
# Claude Code's own tools and agent types: a prompt that lists "Task" or "Explore-Agent" as a name to introduce
# asks the model to explain the tool, and all the material shows of it is its name (a blind reading of a German
# post, blind set 7). A word of an error message ("Host key verification failed") is no name either.
_CLAUDE_TOOLS = frozenset(
    {
        "Agent", "AskUserQuestion", "Bash", "BashOutput", "Edit", "ExitPlanMode", "Explore", "Glob", "Grep",
        "KillShell", "LS", "MultiEdit", "NotebookEdit", "NotebookRead", "Plan", "PowerShell", "Read",
        "SendMessage", "Skill", "SlashCommand", "Task", "TodoWrite", "WebFetch", "WebSearch", "Write",
    }
)  # fmt: skip
_MESSAGE_WORDS = frozenset(
    {
        "Host", "Error", "Warning", "Permission", "Connection", "Exit", "Failed", "Success", "Usage", "Key",
        "Server", "Client", "Request", "Response", "Timeout", "Denied", "Invalid", "Missing", "Unknown",
    }
)  # fmt: skip
# SQL's keywords, written in capitals in a statement the plan's notes quote (`INSERT INTO … SELECT`): no names.
_SQL_WORDS = frozenset(
    {
        "SELECT", "INSERT", "INTO", "UPDATE", "DELETE", "FROM", "WHERE", "DROP", "COLUMN", "TABLE", "ALTER",
        "CREATE", "ADD", "JOIN", "VALUES", "SET", "NULL", "PRIMARY", "KEY", "INDEX", "ORDER", "BY", "GROUP",
        "LIMIT", "AND", "OR", "AS", "DISTINCT", "RETURNING", "CONSTRAINT", "FOREIGN", "REFERENCES", "DEFAULT",
        "TRUNCATE", "CASCADE", "UNIQUE", "EXISTS", "INNER", "LEFT", "OUTER", "HAVING", "UNION", "ALL", "ON",
        "NOT", "IN", "IS", "BEGIN", "COMMIT", "ROLLBACK", "RENAME", "TO", "MIGRATION",
    }
)  # fmt: skip
_NOUNS_CAPITALISED = frozenset(["de", "lb"])  # German, Luxembourgish: every noun begins with a capital
MAX_NAMES = 24
# An id of a ticket or a finding (`ALTO-02`, `JIRA-123`, `CVE-2024-3094`): a reference, not a thing to introduce.
_REFERENCE = re.compile(r"^(?:[A-Z]{2,}-\d+|CVE-\d{4}-\d+)$")  # (ISO-8859-1 names an encoding: a name)
# A code span that is a payload or an encoding rather than a word (`..%2f`, `%00`, `../../`): a percent
# escape, or no letter at all.
_PAYLOAD = re.compile(r"%[0-9A-Fa-f]{2}")
_LETTER = re.compile(r"[^\W\d_]")
_NOUN_COMPOUND = re.compile(r"^[A-ZÄÖÜ][a-zäöüß]+(?:-[A-ZÄÖÜ][a-zäöüß]+)+$")


@functools.lru_cache(maxsize=1)
def calendar_words() -> frozenset[str]:
    """Month and weekday names in every language of retell's locales, as they are written capitalised
    ("March", "Friday", "Maret", "Senin" name a date, not a thing), and English abbreviations ("Mar", "Fri").
    Other languages' abbreviations stay names: "Sam", "Tor" and "Per" are people and tools as often as days."""
    from babel.dates import get_day_names, get_month_names

    from retell.write.locales import babel_locale, known_languages

    found: set[str] = set()
    for language in known_languages():
        locale = babel_locale(language)
        widths: tuple[Literal["wide", "abbreviated"], ...] = ("wide", "abbreviated") if language == "en" else ("wide",)
        for width in widths:
            for context in ("format", "stand-alone"):
                months = get_month_names(width, context, locale).values()
                names = [*months, *get_day_names(width, context, locale).values()]
                found.update(n.rstrip(".") for n in names if len(n.rstrip(".")) >= 3)
    return frozenset(n[:1].upper() + n[1:] for n in found)


@functools.lru_cache(maxsize=1)
def _calendar_pairs() -> frozenset[tuple[str, str]]:
    """Day and month names of two words ("Thứ Ba", Vietnamese Tuesday), as (first word lower-cased, last word)."""
    return frozenset((parts[0].lower(), parts[-1]) for name in calendar_words() if len(parts := name.split()) == 2)


def _calendar_tail(text: str, start: int, word: str) -> bool:
    """Whether `word` ends a two-word day or month name written with its first word in small letters ("thứ Ba",
    "thứ Hai": a model in the loop was asked to introduce "Ba" and "Hai" as names, stop 51)."""
    before = text[:start].rstrip().rsplit(None, 1)
    return bool(before) and (before[-1].lower(), word) in _calendar_pairs()


# A comma, a full stop or a semicolon before a space: a clause of prose, which no name holds.
_PROSE = re.compile(r"[,.;!?]\s")
# A figure or a version in a code span (`48113 bytes`, `3.02s`, `2.3.1`): what a run printed, not a name.
_FIGURE = re.compile(r"^\d[\d.,:]*\s?[^\W\d_]{0,6}%?$")


# Code by its form, never a name to introduce, whatever it calls: a literal (`True`, `None`, `nil`), a call with its
# arguments (`Report(path)`; a function named with empty parentheses, `scan()`, is a name), a decorator or an
# annotation (`@cli.command`), a string in quotes (blind28: the Names rule asked to introduce a literal set in a
# call's argument, a call and a decorator).
_LITERALS = frozenset(
    {"True", "False", "None", "NaN", "Infinity", "null", "nil", "undefined", "true", "false", "NULL", "TRUE", "FALSE"}
)
_CODE_FORM = re.compile(r"^(?:@[\w.]+(?:\(.*\))?|[\w.:]+\(.+\)|([\"']).*\1|-?\d[\w.]*)$")
_OWNER_PAIR = re.compile(r"^([\w-]+)[ :]\1$")
_SLASH_WORD = re.compile(r"^/[\w.-]+$")


def _code_name(span: str) -> bool:
    """Whether a code span names a thing (`uv tool`, `useAuth`), rather than holding a statement, a payload, a
    figure or a reference."""
    span = span.strip()
    if not _CODE_CHARS[0] <= len(span) <= _CODE_CHARS[1] or _PROSE.search(span):
        return False
    if _CODE_NOT_NAME.search(span) or span in _CLAUDE_TOOLS or _REFERENCE.match(span) or _FIGURE.match(span):
        return False
    if span.startswith("-") or _OWNER_PAIR.match(span):
        return False  # `-a`, `--force`: a command's option; `root root`, `deploy deploy`: a listing's owner and group
    if _SLASH_WORD.match(span):
        return False  # `/init`, `/clear`, `/tmp`: a slash command or a root folder, told by what it did (stop 52)
    if span in _LITERALS or _CODE_FORM.match(span):
        return False  # `True`, `Report(path)`, `@cli.command`, `"borrow"`: code, never a name (blind28)
    return not _PAYLOAD.search(span) and _LETTER.search(span) is not None


_MARKER = re.compile(r"\[REDACTED(?::[\w.-]+)?\]")


def names_in(text: str, language: str = "en") -> list[str]:
    """The names `text` (written in `language`, a BCP 47 tag) uses, in the order it first uses them."""
    plain_words_are_nouns = language.split("-")[0].lower() in _NOUNS_CAPITALISED
    caseless = language.split("-")[0].lower() in _CASELESS
    text = re.sub(
        r"\bClaude Code(?![0-9A-Za-z_])", "Claude", text
    )  # named by every prompt; "Code" is no name of its own
    # what retell wrote for a redaction (`[REDACTED:password-in-text]`) names nothing the reader met
    text = _MARKER.sub(lambda m: "\0" * len(m.group(0)), text)
    found: list[tuple[int, str]] = []
    for match in _CODE.finditer(text):
        if _code_name(match.group(1)):
            found.append((match.start(), match.group(1).strip()))
    for match in _FILE.finditer(text):
        found.append((match.start(), match.group(1)))
    calendar = calendar_words()
    words: list[tuple[int, int, str]] = []  # (start, end, word) of the capitalised words that name something
    # (a word inside a code span is code: the span is judged whole, above; `True` of `strict=True` is no name: blind28)
    prose = _CODE.sub(lambda m: " " * len(m.group(0)), text)
    for match in _WORD.finditer(prose):
        word = match.group(1).rstrip(".-")
        if word in _NOT_NAMES or _CLAUDE_INFLECTED.match(word) or word in _EVERYDAY_ACRONYMS or len(word) < 2:
            continue
        after = text[match.start() + len(word) : match.start() + len(word) + 1]
        if _SHOUTED_CONTRACTION.match(text, match.start()) or _AMOUNT.match(text, match.start()) or after == "$":
            # "DON'T", "WOW": a word in capitals; "N20,000": an amount in naira (stop 62's writers); "NT$23,920",
            # "HK$", "R$": a dollar's country (stop 63)
            continue
        if word.isupper() and len(word) >= 3 and word.isalpha() and word not in _WORD_ACRONYMS:
            from retell.secrets.english import english_word  # lazily: the word list loads on first use

            if english_word(word.lower()):
                continue
        if word in calendar or _REFERENCE.match(word) or after == "=" or _calendar_tail(text, match.start(), word):
            continue  # "March", "Friday"; "ALTO-02"; "TZ=UTC": a date, a reference, a variable
        if word in _LITERALS or after == "(" or text[match.start() - 1 : match.start()] in ("=", "@"):
            continue  # code written bare: a literal, a call (`Dispatcher(bot)`), a value set (`fp16=True`)
        if word in _MESSAGE_WORDS and words and words[-1][1] + 1 == match.start() and text[words[-1][1]] == " ":
            start, _end, first = words.pop()  # "Database Error": an error's label, one name (round 49)
            words.append((start, match.start() + len(word), f"{first} {word}"))
            continue
        if word in _MESSAGE_WORDS or any(part in _CLAUDE_TOOLS for part in word.split("-")):
            continue  # "Task-Werkzeug", "Explore-Agent": Claude Code's tools, named by what they did
        if word in _SQL_WORDS:
            continue  # "INSERT INTO … SELECT": a statement's keywords
        if not any(c.isupper() for c in word[1:]) and _LABELLED.match(text, match.start() + len(word)):
            continue  # "Option C": a choice's label (stop 52)
        if plain_words_are_nouns and _NOUN_COMPOUND.match(word):
            continue  # "Commit-Zeile", "Pod-Liste": a compound noun, its parts plain capitalised words
        # a hyphen makes a name only with a capital or a digit after it ("GPT-4", "Explore-Agent"): "I-am",
        # "Mi-a", "Dis-moi" begin a sentence with a word and its clitic (Romanian, French: stop 40)
        hyphened = any(c.isupper() or c.isdigit() for part in word.split("-")[1:] for c in part)
        strong = any(c.isupper() for c in word[1:]) or "." in word or hyphened or any(c.isdigit() for c in word)
        if not strong and (
            plain_words_are_nouns or (not caseless and _SENTENCE_START.search(text[: match.start()][-6:]))
        ):
            continue  # "Fixed the import." begins a sentence; "die Installation" is a noun: neither names anything
        if words and words[-1][1] + 1 == match.start() and text[words[-1][1]] == " ":
            start, _end, first = words.pop()  # "New York": one name in two words
            words.append((start, match.start() + len(word), f"{first} {word}"))
        else:
            words.append((match.start(), match.start() + len(word), word))
    found.extend((start, word) for start, _end, word in words)
    cyrillic: list[tuple[int, int, str]] = []
    for match in _CYRILLIC_WORD.finditer(prose):
        word = match.group(1)
        if _CYRILLIC_NOT_NAMES.match(word) or word in calendar:
            continue
        if not caseless and _SENTENCE_START.search(text[: match.start()][-6:]):
            continue  # "Потом Claude …" begins a sentence: no name
        if cyrillic and cyrillic[-1][1] + 1 == match.start() and text[cyrillic[-1][1]] == " ":
            start, _end, first = cyrillic.pop()  # "Дорота Новак": one name in two words
            cyrillic.append((start, match.end(), f"{first} {word}"))
        else:
            cyrillic.append((match.start(), match.end(), word))
    found.extend((start, word) for start, _end, word in cyrillic)
    for match in _LOWER_FIRST.finditer(prose):
        name = (match.group(1) or match.group(2) or "").rstrip(".-")
        if name and name not in _NOT_NAMES:
            found.append((match.start(), name))
    ordered: dict[str, None] = {}
    for _, name in sorted(found, key=lambda item: item[0]):
        ordered.setdefault(name, None)
    return [name for name in ordered if name]


def code_spans(texts: Iterable[str]) -> list[str]:
    """Every code span of these texts, a name or not (`pip install -e .` holds a statement, and `-e .` in it)."""
    return [m.group(1).strip() for text in texts for m in _CODE.finditer(text) if len(m.group(1).strip()) >= 2]


def is_met(name: str, met: Iterable[str], language: str = "en") -> bool:
    """Whether the reader has met `name`: among `met` (names, or code spans read before), a whole part of one
    (`-e .` of `pip install -e .`), or, in a language that inflects names, one of them in another case
    (`same_name`: "Ktorze" of the met "Ktora")."""
    pattern = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])")
    return any(
        name == seen or (len(seen) > len(name) and pattern.search(seen)) or same_name(name, seen, language)
        for seen in met
    )


def met_names(texts: Iterable[str], limit: int = MAX_NAMES, language: str = "en") -> list[str]:
    """The names in these texts (what the reader has read so far), the most recently met last, at most
    `limit` of them (the latest)."""
    seen: dict[str, None] = {}
    for text in texts:
        for name in names_in(text, language):
            seen.pop(name, None)
            seen[name] = None
    return list(seen)[-limit:]


# A name written as plain words ("Marcus", "Database Error"): a person, or words of a message, unless code shows it.
_PLAIN_WORDS = re.compile(r"[A-Z][a-z]+(?: [A-Z][a-z]+)*")
_RUN_LINE = re.compile(r"^\[[^\]]+\] (?:TOOLS|AUTHOR ran)\b")


_FENCED = re.compile(r"```[^\n]*\n.*?(?:```|\Z)", re.S)
_ARITY_NAME = re.compile(r"(?:[\w.]+[.:])?([a-z_]\w*[?!]?)/\d{1,2}")


def code_names(names: Iterable[str], material: str) -> list[str]:
    """Of `names`, those the material shows in code, in a command or in what a command printed (its indented
    lines: an edit's changed lines, an output): `Livre` of `model Livre {`, `CrashLoopBackOff` of a pod listing,
    `schedule.yml` of `cat config/schedule.yml`. Such a name is no person, tool or project to introduce: it is
    told as the material shows it. A name in plain words that the session's messages also use as a word is not
    one: "Marcus" of a git log line, whom the author tags, is a person (round 49)."""
    lines = material.splitlines()
    # (a command is in backticks on a run's line or the lines under it; a message's backticks are its words)
    runs = [line for line in lines if line.startswith("  ") or _RUN_LINE.match(line)]
    spans = [m.group(1) for line in runs for m in _CODE.finditer(line)]
    # (material round 60) what the author pasted in a fenced block is output too: a stack trace's
    # `Plotwise.Notifier.offer_made/1` was listed as a name to introduce
    pasted = [m.group(0) for m in _FENCED.finditer(material)]
    shown = "\n".join([line for line in lines if line.startswith("    ")] + spans + pasted)
    prose = "\n".join(_CODE.sub(" ", line) for line in lines if not line.startswith("  "))

    def found(name: str, text: str) -> bool:
        # (a function named with its parentheses, `process_tar_file()`, is shown as its call or its definition:
        # `def process_tar_file(self, path):`; stop 52 listed it as a name to introduce, its sibling as shown)
        bare = name[:-2] if name.endswith("()") else name
        tail = r"\(" if bare != name else r"(?![\w-])"
        if re.search(rf"(?<![\w-]){re.escape(bare)}{tail}", text) is not None:
            return True
        # a function with its arity (`wait_for_notifier/0`, Elixir's and Erlang's way) is shown where code defines
        # or calls it (`def wait_for_notifier do`, `Plotwise.DataCase.wait_for_notifier()`): material round 60
        arity = _ARITY_NAME.fullmatch(name)
        if arity is None:
            return False
        function = re.escape(arity.group(1))
        return re.search(rf"(?:\bdefp?\s+|[.:]|(?<![\w-])){function}(?:\s*\(|\s+do\b|/\d)", text) is not None

    def said(name: str) -> bool:  # ("Marcus Oyelaran" of a git log line, whom the author tags as "Marcus")
        parts = [p for p in name.split() if p not in _MESSAGE_WORDS]
        return _PLAIN_WORDS.fullmatch(name) is not None and any(found(p, prose) for p in parts)

    return [n for n in names if found(n, shown) and not said(n)]


_PRINTED_SENTENCE = re.compile(r"^\s{4}(\w[\w'-]*)((?: [a-z][\w'-]*)+)[.!?]?\s*$")


def printed_words(names: Iterable[str], material: str) -> list[str]:
    """Of `names`, the words that only open a sentence a command printed ("All" of ruff's "All checks passed!",
    "Done" of "Done in 2s"): a word of output with a capital, never a name to introduce or to show as code (round
    50)."""
    lines = material.splitlines()
    opening = [line for line in lines if _PRINTED_SENTENCE.match(line)]
    openers = {m.group(1) for line in opening if (m := _PRINTED_SENTENCE.match(line))}
    rest = "\n".join(line for line in lines if line not in opening)  # ("Pydantic" of the author's words: a name)
    for line in opening:  # (the sentence quoted again: a result worth showing)
        rest = rest.replace(line.strip(), " ")

    def elsewhere(name: str) -> bool:  # (where a name stands: "All tests pass." opens a sentence, as any word may)
        found = re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", rest)
        return any(not _SENTENCE_START.search(rest[: m.start()][-6:]) for m in found)

    return [n for n in names if n in openers and not any(c.isupper() for c in n[1:]) and not elsewhere(n)]


_SHOUTED = 6  # an acronym has fewer letters: `EXAMPLES`, `BEHAVIOR` (a help text's headings) are words in capitals


def ordinary_words(names: Iterable[str], texts: Iterable[str]) -> list[str]:
    """Of `names`, the plain words: a word in plain letters ("Migrate", "Comparison", "EXAMPLES") that these texts
    (the plan and the material) write in small letters at least as often as with a capital where a sentence does
    not begin ("Let's also Migrate to AudioWorklet" beside "migrate" three times: stop 52), or a word in capitals
    that heads a part of what a command printed (`EXAMPLES:` of a help text). Code spans and what a command printed
    are left out of the count; a name ("Vite", "Markdown") is written with its capital."""
    lines = [line for text in texts for line in text.splitlines() if not line.startswith("    ")]
    shown = "\n".join(line for text in texts for line in text.splitlines() if line.startswith("    "))
    prose = "\n".join(_CODE.sub(" ", line) for line in lines)
    out = []
    for name in names:
        shouted = name.isupper() and name.isalpha() and len(name) >= _SHOUTED
        # a short word in capitals is an acronym ("CSV") unless the texts write it small far more often: an author's
        # stress on a word of their language ("MAS", "NO" in a Portuguese message) is no name to introduce
        stressed = name.isupper() and name.isalpha() and 2 <= len(name) < _SHOUTED
        if not (shouted or stressed or (name.isalpha() and name[0].isupper() and name[1:].islower())):
            continue
        if shouted and re.search(rf"^\s*(?:[A-Z]+ )*{name}(?: [A-Z]+)*:\s*$", shown, re.M):
            out.append(name)  # `EXAMPLES:` of a help text: a heading the material shows
            continue
        # (a path's or a file's part is no word: `pantry/stock.py` writes no "pantry" beside "Pantry")
        small = len(re.findall(rf"(?<![\w/.-]){name.lower()}(?![\w/-]|\.\w)", prose))
        found = re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", prose)
        capital = sum(1 for m in found if not _SENTENCE_START.search(prose[: m.start()][-6:]))
        if stressed:
            if small >= max(2, 2 * capital):
                out.append(name)
            continue
        if small and small >= capital:
            out.append(name)
    return out


# The endings a name takes for its case in a language that inflects names by an ending ("Ktora", "Ktorze" of Ktor in
# Polish; "Ктора", "Кторе" in Russian; "Ktorin", "Ktorissa" in Finnish; "GitHubs" in German): the plan's prose,
# written in one, gives a name in the case its sentence needs. A Names list that repeats that form asks a model to
# use it where another case is due (round 42), and one that lists a second case of a met name as new asks it to
# introduce the name again (material round 63: "Ktorze" to introduce beside the met "Ktora"). Turkish sets its
# endings off with an apostrophe ("Prometheus'a"), which no name found here takes.


def _endings(text: str) -> frozenset[str]:
    return frozenset(text.split())


_SLAVIC_LATIN = "a u e i o y ą ę ě ů ie ze zie cie em iem om ou ovi owi ach ách ech ami ima ama ov ów och ům ih ja ju"
_CYRILLIC = "а у е ы и і о ю я ом ем ой ей ою ею ам ям ами ями ах ях ов ев ів ові еві ой ай ът ят та то ў има ама"
_CASE_ENDINGS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("pl", "cs", "sk", "hr", "sr", "bs", "sl"), _endings(_SLAVIC_LATIN)),
    **dict.fromkeys(("ru", "uk", "be", "bg", "mk"), _endings(_CYRILLIC)),
    "fi": _endings(
        "n a ä t in ia iä ta tä na nä ssa ssä sta stä lla llä lta ltä lle ksi tta ttä iin hin seen en ien it ja jä "
        "issa issä ista istä illa illä ilta iltä ille iksi ina inä ita itä itta ittä"
    ),
    "et": _endings("s d i l t ga ks le lt ni na ta is st sse il ilt ile iks iga ina ist isse"),
    "hu": _endings(
        "t ot et öt at ban ben ba be ból ből ra re ról ről on en ön n hoz hez höz nál nél tól től nak nek val vel "
        "ig ért ként ul ül vá vé"
    ),
    "lt": _endings("as is ys o io ui iui ą į u iu e yje ė ės ei ę ai ams uose"),
    "lv": _endings("s a am u ā ai os ē ei i"),
    "ro": _endings("ul ului le lui a ei"),
    "de": _endings("s es"),
}
# (Hungarian doubles a name's last consonant before -val/-vel and -vá/-vé: "Kotlinnal", "Dockerrel")
_HU_DOUBLED = re.compile(r"^(?:[ae]l|[áé])$")
_INFLECTING = frozenset(_CASE_ENDINGS)
_ENDING = 3  # the longest ending taken for a case: "-owi", "-em", "-a"
_MIN_NAME = 4  # a name of fewer letters is matched as written ("Git", "Vue")
_MIN_STEM = 3
_NAME_WORD = re.compile(r"^[^\W\d_]+$")


def _case_ending(ending: str, stem: str, endings: frozenset[str], language: str) -> bool:
    if not ending or ending in endings:
        return True
    return language == "hu" and len(ending) >= 2 and ending[0] == stem[-1] and bool(_HU_DOUBLED.match(ending[1:]))


def _one_word(a: str, b: str, language: str) -> bool:
    if a == b:
        return True
    endings = _CASE_ENDINGS.get(language)
    if endings is None or min(len(a), len(b)) < _MIN_NAME or not (_NAME_WORD.match(a) and _NAME_WORD.match(b)):
        return False
    if not (a[0].isupper() and b[0].isupper()):
        return False
    shared = 0
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    # (the stem may end before the letters two endings share: "Ktorem" and "Ktore" are "Ktor" + "em", "e")
    for stem in range(shared, _MIN_STEM - 1, -1):
        rest_a, rest_b = a[stem:], b[stem:]
        if not (rest_a.islower() or not rest_a) or not (rest_b.islower() or not rest_b):
            return False
        if _case_ending(rest_a, a[:stem], endings, language) and _case_ending(rest_b, a[:stem], endings, language):
            return True
    return False


def same_name(a: str, b: str, language: str = "en") -> bool:
    """Whether `a` and `b` are one name, in a language that inflects names by an ending: the same, or each of its
    words the same or a shared stem of at least three letters with a case ending after it ("Ktora" and "Ktorze",
    "Ktorin" and "Ktorissa", "Дорота" and "Дороте"), for names of four letters or more. Elsewhere only the same."""
    if a == b:
        return True
    key = language.replace("_", "-").lower().split("-")[0]
    words_a, words_b = a.split(), b.split()
    if key not in _CASE_ENDINGS or len(words_a) != len(words_b):
        return False
    return all(_one_word(x, y, key) for x, y in zip(words_a, words_b, strict=True))


def one_per_name(names: Iterable[str], language: str = "en") -> list[str]:
    """`names` with each name once: a case of a name listed before it left out (the first form stays)."""
    out: list[str] = []
    for name in names:
        if not any(same_name(name, kept, language) for kept in out):
            out.append(name)
    return out


def as_written(name: str, forms: Iterable[str], language: str) -> str:
    """`name` in the form the session writes it: in a language that inflects names, a name that is one of
    `forms` (the names the session's own words use) with a case ending after it ("Prometheusa" of "Prometheus")
    is that form; otherwise the name as it is."""
    if language.split("-")[0].lower() not in _INFLECTING:
        return name
    best = name
    for form in forms:
        rest = name[len(form) :]
        inflected = len(form) >= 4 and 0 < len(rest) <= _ENDING and name.startswith(form)
        if inflected and rest.isalpha() and rest.islower() and len(form) < len(best):
            best = form
    return best


def names_as_written(names: Iterable[str], forms: Iterable[str], language: str) -> list[str]:
    """`names`, each in the form the session writes it (`as_written`), in order, each once."""
    known = list(forms)
    return list(dict.fromkeys(as_written(name, known, language) for name in names))


def written_forms(text: str) -> list[str]:
    """Every capitalised word of `text`, a sentence's first included ("Prometheus wczytuje…"): the forms a name
    may take as written, for `as_written` to compare with."""
    return [m.group(1).rstrip(".-") for m in _WORD.finditer(text)] + [m.group(1) for m in _CYRILLIC_WORD.finditer(text)]


def quoted_labels(names: Iterable[str], plan: Iterable[str], material: str) -> list[str]:
    """Of `names`, the plain capitalised words the plan writes with the words after them as a line the material
    shows writes them: a label or a sentence of what a command or a page printed, quoted without quote marks
    ("the page's View source link" of `🔗 View source on GitHub</a>`; "All checks passed": stop 52). Such a word
    opens words the material shows, and is no name."""
    shown = "\n".join(line for line in material.splitlines() if line.startswith("    "))
    text = "\n".join(plan)
    out = []
    for name in names:
        if not (name.isalpha() and name[0].isupper() and name[1:].islower()):
            continue
        for match in re.finditer(rf"(?<![\w-]){re.escape(name)} ([a-z][\w'-]*)", text):
            if re.search(rf"(?<![\w-]){re.escape(match.group(0))}(?![\w-])", shown):
                out.append(name)
                break
    return out


def in_session(names: Iterable[str], forms: Iterable[str], session: str, language: str = "en") -> list[str]:
    """Of `names` (a section's plan's), those the session itself writes: one of its own forms (`forms`, as
    `session_names` finds them, a name's other case counting as that name) or words its text shows in any case
    (`session`, tool output and paths included: "Pantry" of `pantry/stock.py`). A name only the plan writes
    ("American" of a hook, "text với dòng" of a beat) is the planner's word: listed among the names to introduce,
    it asked the writer to name what the session never does (stop 61's model-in-the-loop writers)."""
    known = list(dict.fromkeys(forms))
    out = []
    for name in names:
        if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", session, re.IGNORECASE) or any(
            same_name(name, form, language) for form in known
        ):
            out.append(name)
    return out
