"""Names the session never gives: a person, a team, a product or a library a post names (capitalised in the
middle of a sentence: "which my colleague Marta had built", "que mantengo con Lucía Ferrer") that appears in no
event, no tool's output and none of the author's notes. Comparing a claim with the events it cites cannot see
these: they have no counterpart in the session at all.

Read in the languages that capitalise names only (English, Spanish, French, Italian, Portuguese, Dutch); German
capitalises every noun, and a Chinese or Japanese post writes its people in its own script and the names of
formats and tools ("Markdown") in Latin letters whether or not the session uses them: both are left alone. A
word-frequency list was weighed for telling names from vocabulary and left out: in Spanish "Marta" and "Lucía"
are as frequent as common words (Zipf 4.2), and the list weighs 58 MB. Reported as a note, never blocking: a
post may name what the author knows from elsewhere (mark it `<!-- ok -->`)."""

from __future__ import annotations

import re

from retell.check.claims import Claim
from retell.check.document import HEADING, LIST, PARAGRAPH, QUOTE, Block
from retell.check.evidence import accept_marked
from retell.check.language import language_of
from retell.check.sources import Sources
from retell.check.text import unaccented, wordset
from retell.check.verdict import UNTRACED, Finding
from retell.write.names import calendar_words

NAME = "name"
# What is no name of the post's own: quoted words, code, links' targets, markers (blanked, offsets kept).
# (quotes in „…“ and »…« too: German, Dutch and Polish open a quote low, and its first word has a capital)
_HIDDEN = re.compile(
    r"`[^`\n]*`|“[^“”\n]*”|„[^„“”\n]*[“”]|»[^»«\n]*«|\"[^\"\n]*\"|«[^«»\n]*»|「[^「」\n]*」|\]\([^)\s]*\)|https?://\S+"
)
_UPPER = "A-ZÁÉÍÓÚÑÄÖÜÀÂÈÊÎÔÛÇČĎĚŇŘŠŤŮÝŽĹĽŔŁŚŹŻĆŃĘĄĐ"
# A run of capitalised words ("Lucía Ferrer"), each maybe hyphenated or possessive ("Vercel-hosted", "Claude's")
_WORD = rf"[{_UPPER}][\w'’-]*"
_RUN = re.compile(rf"(?<![\w'’./@#-]){_WORD}(?:[ \t]+{_WORD})*")
_CJK_WORD = rf"[{_UPPER}][A-Za-z0-9'’-]*"
_CJK_RUN = re.compile(
    rf"(?<![A-Za-z0-9_'’./@#-]){_CJK_WORD}(?![A-Za-z0-9_./@#])(?:[ \t]+{_CJK_WORD}(?![A-Za-z0-9_./@#]))*"
)
# (not after ";": a sentence goes on there, and a capital after it is a name's, "…; Horizon picks it up")
# (a sentence may end inside its closing quote: '…mark sent last." Its edit…', blind24 AD1:106)
# (or inside a code span that ends it: "…reads `Get the navigation.` Reading the diff, Claude…", stop 52)
_SENTENCE_START = re.compile(r"(?:^|[.!?:¿¡(\[*#>—–-]|[。！？：]|\n|[.!?][\"”’»」』)`]+)\s*$")
# Capitalised in English though no name of anything a session would hold: the days, the months, "I", and the
# languages (the offline engine's own note says its sentences are "in English"; a post says it is "in Spanish").
_VOCABULARY = wordset(
    "i i'd i'm i've i'll monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december "
    "english spanish french german italian portuguese dutch polish turkish russian ukrainian chinese japanese "
    "korean vietnamese arabic hebrew hindi swedish norwegian danish finnish czech greek indonesian thai "
    "mandarin cantonese traditional simplified"
)
# Languages that capitalise every noun: no capital there says "a name"
_NOUNS_CAPITALISED = ("de",)
_CAPITALISING = ("en", "es", "fr", "it", "pt", "nl", "pl", "cs", "sk", "hr", "sl")
# Alphabets that write a name of Latin letters as the session wrote it, in the middle of their own words ("של
# Twilio", "через Redis"): a capitalised Latin word there is a name, as in English (the alphabet's own names, with
# capitals or none, are left alone)
_LATIN_NAMES_IN = (
    "hebrew",
    "arabic",
    "cyrillic",
    "greek",
    "devanagari",
    "bengali",
    "tamil",
    "thai",
    "georgian",
    "armenian",
)
# Languages that decline a name: "podle Clauda", "Claudovo čtení", "Claudovi", "v Laravelu" (Czech), "z Claudem"
# (Polish), "prema Claudeu" (Croatian), "po Claudovem mnenju" (Slovene). A name's case ending, or the suffix of
# an adjective made from it, is cut off; what is left names what the session holds when a word of the session
# begins with it and goes on by one vowel at most (the "e" of "Claude", the "a" of "Marta": "Marty", "Martou").
_DECLINING = ("pl", "cs", "sk", "hr", "sl")
_CASE_ENDING = re.compile(
    r"(?:ov(?:ými|ých|ým|ou|ého|ému|em|ega|emu|ih|ima|om|ej|a|o|y|i|e|u)|ův|ův|ovi|owi|ům|ami|ach|ách|ech|ích|ie"
    r"|iej|ej|em|om|ou|ów|ą|ę|a|u|e|y|i|ě|ů)$"
)
# A Polish or Czech stem's last consonant as a case ending softens it ("Środzie" of "Środa", "Marcie" of "Marta",
# "Polsce" of "Polska", "Pradze" of "Praga", "Piotrze" of "Piotr", "Wiśle" of "Wisła"; blind54 BH2:147): the plain one
_SOFTENED = (("dz", "d"), ("c", "t"), ("c", "k"), ("dz", "g"), ("rz", "r"), ("l", "ł"), ("ś", "s"), ("ź", "z"))
MIN_STEM = 4
_KEY_BEFORE = re.compile(r"\b(?:touche|touches|tecla|teclas|tasto|toets|Taste|Tasten)\s+$", re.I)
_KEY_AFTER = re.compile(r"\s+(?:key|keys)\b", re.I)
MIN_NAME = 3  # letters of a name worth looking for ("QA", "UI" are too short to tell from vocabulary)


def _words(run: str) -> list[str]:
    out = []
    for word in run.split():
        # "Claude's", and a case ending after an apostrophe, as Polish, Czech and Turkish write a foreign name
        # ("Claude'a", "Claude'owi", "Claude'em", "Claude'un"), Turkish's a case and a copula after it too
        # ("CSV'deydi": "it was in the CSV", stop 63)
        word = re.sub(r"['’](?:s|[^\W\d_A-Z]{1,8})?$", "", word)
        for part in word.split("-"):
            part = part.strip("'’")
            if not part[:1].isupper():
                continue  # "Vercel-hosted": the name is the capitalised part
            if re.fullmatch(rf"[{_UPPER}\d]+s?", part):
                continue  # an acronym ("API", "SHAs"): the vocabulary of the trade more often than a name
            out.append(part)
    return out


def _named_in(word: str, said: str) -> bool:
    """Whether the session's text holds `word` where a word begins (not "ian" inside "median")."""
    start = said.find(word)
    while start >= 0:
        if start == 0 or not said[start - 1].isalnum():
            return True
        start = said.find(word, start + 1)
    return False


def _declined(word: str, said: str) -> bool:
    """Whether `word` is, with its case ending cut, a name the session's text holds ("Clauda": "claude")."""
    ending = _CASE_ENDING.search(word)
    if ending is None:
        return False
    stem = word[: ending.start()].lower()
    if len(stem) < MIN_STEM:
        return False
    plain = [stem[: -len(soft)] + hard for soft, hard in _SOFTENED if stem.endswith(soft)]
    return any(_stem_named(s, said) for s in (stem, *plain))


def _stem_named(stem: str, said: str) -> bool:
    """Whether the session's text holds `stem` at a word's start, with nothing or one vowel of an ending after it."""
    start = said.find(stem)
    while start >= 0:
        if start == 0 or not said[start - 1].isalnum():
            rest = re.match(r"\w*", said[start + len(stem) :])
            if rest is not None and (rest.group(0) == "" or rest.group(0) in ("a", "e", "o", "y", "i", "u")):
                return True
        start = said.find(stem, start + 1)
    return False


# A file format named by its name ("Markdown files") where the session names its files by their extension (`*.md`)
_FORMATS = {
    "markdown": ("md", "markdown", "mdx"),
    "yaml": ("yml", "yaml"),
    "json": ("json", "jsonl"),
    "typescript": ("ts", "tsx"),
    "javascript": ("js", "jsx", "mjs", "cjs"),
    "python": ("py",),
    "toml": ("toml",),
    "html": ("html", "htm"),
    "css": ("css", "scss"),
    "csv": ("csv",),
    "ruby": ("rb",),
    "rust": ("rs",),
    "kotlin": ("kt", "kts"),
    "svg": ("svg",),
    "sql": ("sql",),
}


def _format_of(word: str, said: str) -> bool:
    """ "Markdown" of a session that searched `**/*.md`: the format its files' extension names (blind18 X1:12)."""
    extensions = _FORMATS.get(word.lower())
    return bool(extensions) and any(re.search(rf"\w\.{e}\b|\*\.{e}\b", said) for e in extensions or ())


# A name given in quotation marks: a product's or a project's ("the extension “TabGroups Plus”", 「TabGroups Plus」,
# «TabGroups Plus»): one to four capitalised words of Latin letters and nothing else
_QUOTE_MARKS = '“”„"«»「」'
_QUOTED_NAME = re.compile(rf"[{_UPPER}][A-Za-z0-9]*(?:[ \t]+[{_UPPER}][A-Za-z0-9]*){{0,3}}")


def _quoted_name(quoted: str, *, cjk: bool) -> str:
    """What of a quote the name check reads: the name it gives, in place (its marks blanked), or nothing. Outside
    Chinese, Japanese and Korean prose, a quote of capitalised words may be a translated phrase («Listo»): only a
    word written as a product's name is (an inner capital or a digit: "TabGroups", "Web3")."""
    hidden = " " * len(quoted)
    if quoted[:1] not in _QUOTE_MARKS or quoted[-1:] not in _QUOTE_MARKS:
        return hidden
    inner = quoted[1:-1]
    if not _QUOTED_NAME.fullmatch(inner.strip()):
        return hidden
    if not cjk and not re.search(r"[a-z][A-Z0-9]", inner):
        return hidden
    return " " + inner + " "


def grade_names(blocks: list[Block], index: Sources, findings: list[Finding]) -> list[Finding]:
    """The capitalised names of the post's prose that no source of the session holds, one finding per run of
    them ("Lucía Ferrer"); a name another finding of its paragraph already reports is left to that one."""
    prose = [b for b in blocks if b.kind in (PARAGRAPH, QUOTE, LIST)]
    language = language_of(" ".join(b.text for b in prose))
    if language not in _CAPITALISING and language not in _LATIN_NAMES_IN and language != "cjk":
        return []
    # Chinese, Japanese and Korean write a name in Latin letters against their own script, with no space ("照着Sarah
    # 的提醒") or a particle written on ("Redis를"): the run stops where the Latin letters do
    runs = _CJK_RUN if language == "cjk" else _RUN
    said = " ".join(s.folded for s in index.sources)
    # (and every name without its accents: "México" of the session's `America/Mexico_City`)
    said_plain = unaccented(said)
    out: list[Finding] = []
    for block in prose:
        if block.kind == HEADING or language_of(block.text) in _NOUNS_CAPITALISED:
            continue  # (a German paragraph in a post in another language, as the offline engine's own note)
        text = _HIDDEN.sub(lambda m: _quoted_name(m.group(0), cjk=language == "cjk"), block.text)
        for match in runs.finditer(text):
            words = match.group(0).split()
            start = match.start()
            # the quotes are blanked in `text`; the sentence before may end inside one (the same offsets)
            if _SENTENCE_START.search(text[:start]) or _SENTENCE_START.search(block.text[:start]):
                if len(words) == 1:
                    continue  # the first word of a sentence is capitalised whatever it is
                start = match.start() + len(words[0]) + 1
                words = words[1:]
            if len(words) > 1 and any(_named_in(j.join(words).lower(), said) for j in ("", "-", "_")):
                continue  # "Hugging Face", the session's "HuggingFace": one name, written in words
            if _KEY_BEFORE.search(text[:start]) or (len(words) == 1 and _KEY_AFTER.match(text[match.end() :])):
                continue  # "la touche Entrée", "the Enter key": a key of the keyboard, no name
            unknown = [
                w
                for w in _words(" ".join(words))
                if len(w) >= MIN_NAME
                and w.lower() not in _VOCABULARY
                and w not in calendar_words()  # (a month's or a day's name in any language: "2 Aralık 20:00")
                and not _named_in(w.lower(), said)
                and not _named_in(unaccented(w.lower()), said_plain)
                # "Claudes lezing", "Annas Branch": a name the session holds, in a genitive or plural with -s
                and not (w.endswith("s") and len(w) > MIN_NAME and _named_in(w[:-1].lower(), said))
                and not (language in _DECLINING and _declined(w, said))
                and not _format_of(w, said)
            ]
            told = " ".join(f.reason for f in findings if f.claim.block is block and f.problem).lower()
            if not unknown or all(w.lower() in told for w in unknown):
                continue
            run = text[start : match.end()]
            claim = Claim(NAME, run, block.line_at(start), block, at=match.end())
            accept_marked([claim], [])
            if claim.accepted is not None:
                continue
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    reason=f"the session never names {', '.join(unknown[:3])}",
                    advice="name what the session shows, or mark it <!-- ok --> if you know it from elsewhere",
                )
            )
    return out
