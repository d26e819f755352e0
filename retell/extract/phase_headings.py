"""A heading for one phase of a long stretch (the offline engine tells a long chapter in sections at its turns):
what happened in that phase, said as a heading, in the post's language: the commit it made, the cause Claude
found, what the work now does, else what the stretch's own heading says. Never a line the author typed ("no
aspetta il BOM non lo tocco stasera", "Nah I'll ping him"), never a stock phrase that heads any phase
("Committing the work", "Running commands"); "" when nothing is left, and the phase is told with the one before.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterator, Sequence

from retell.events import ASSISTANT, Event
from retell.extract.commits import best_summary, commit_phrase, session_summaries, shorthand
from retell.extract.headings import (
    _ADDRESSED,
    HEADING_CHARS,
    chapter_heading,
    chat_line,
    found_cause,
    reacts,
)
from retell.extract.local_headings import deed_in_language, english_on, fits_language, in_language, table_key
from retell.extract.requests import author_words, clean_request
from retell.extract.result import claude_result
from retell.extract.stock_headings import stock_in_language, stock_said

# Headings that would head any phase of any session: what kind of work it was, not what happened (judged
# generic on fresh12-fresh20: "Committing the work", "Ejecutando comandos", "Working with GitHub", "The fix"; on
# fresh22, tool narration of any kind: "Running scripts", "Running SSH gpu01 and jq", "הרצת jq"). Retell's own stock,
# in any language, is stock_headings.stock_said's (keeps asks it too); these two are a phase's besides.
_STOCK = re.compile(r"^(?:Working with [\w.-]+|Making a plan)$")
_WORD = re.compile(r"\w+")
# A line of a log or a stack trace ("ActiveRecord::RecordNotUnique: PG::UniqueViolation: ERROR"): pasted, not said
_LOG = re.compile(r"::|\b(?:ERROR|FATAL|WARN(?:ING)?|Traceback)\b|\w(?:Error|Exception):")


def phase_heading(
    events: Sequence[Event], avoid: Collection[str] = (), language: str | None = None, *, opening: bool = False
) -> str:
    """The heading of the phase told by `events`; `avoid`: the post's title, then the headings before; `opening`:
    the phase opens its chapter, and the author's words there may head it (the problem as the author brought it:
    a later line of theirs is a reply, "no aspetta il BOM non lo tocco stasera")."""
    taken = {a.casefold() for a in avoid}
    for candidate in _candidates(events, avoid, language):
        # (the candidate as made, in English: a stock phrase or a file list there; its language is judged once it
        # is said in the post's, "Setting channel_id to orders" heading a Hindi post as "channel_id को orders पर…")
        if not candidate or _SUBORDINATE.match(candidate) or not keeps(candidate, events, None, opening=True):
            continue
        heading = in_language(candidate, events, language)
        if stock_in_language(heading, events, language):
            continue  # said in the post's language as tool narration ("Ejecutando glab mr")
        if heading.casefold() not in taken and keeps(heading, events, language, opening=opening):
            return heading
    return ""


def keeps(heading: str, events: Sequence[Event], language: str | None, *, opening: bool = False) -> bool:
    """Whether a blogger would keep `heading` over the phase told by `events`: not a stock phrase, a log line,
    a redaction marker, the author's chat or (unless the phase opens its chapter) a line they typed there, nor
    another language's."""
    if not heading or _STOCK.match(heading) or stock_said(heading) or _LOG.search(heading) or "[REDACTED" in heading:
        return False
    if re.match(r"[^\w`\"'“«„「]", heading) or heading.count("(") != heading.count(")"):
        return False  # "- mostly unnecessary now)": a fragment of a list, not a heading
    if not fits_language(heading, language) or english_on(heading, language) or chat_line(heading) or reacts(heading):
        return False
    said = [_plain(w) for e in events if (w := author_words(e))]
    return opening or not _typed(heading, said)


def _candidates(events: Sequence[Event], avoid: Collection[str], language: str | None) -> Iterator[str]:
    summaries = session_summaries(events)
    asks = [r for e in events if (w := author_words(e)) and (r := clean_request(w))]
    best = best_summary(summaries, asks[0] if asks else None)
    for summary in sorted(summaries, key=lambda s: s != best):  # the commit the phase made
        committed = commit_phrase(summary, limit=HEADING_CHARS)
        if not fits_language(committed, language):
            committed = deed_in_language(committed, language)
        if committed and not shorthand(committed) and committed.count(",") + committed.count("，") < 2:
            yield committed  # (not a list of three changes: "Tolerating cp1250 rows, case-insensitive weights, …")
    english = not language or table_key(language) == "en"
    # what Claude found, in English by its form ("`N_FRAMES` is hard-coded"); in another language Claude's first
    # sentence after looking is as often what it was doing or about to do ("Kolon tipine bakıyorum", "先写个测试复现",
    # judged blind on fresh22: a chat line of Claude's), so only a cause it gave with "because" (said_cause) heads
    if english:
        yield found_cause(events)
    yield said_cause(events)
    yield claude_result(events, HEADING_CHARS)  # what the work now does ("`/pass` now redirects to…")
    yield chapter_heading(events, avoid, language)


def _plain(text: str) -> str:
    return " ".join(_WORD.findall(text.casefold()))


def _typed(heading: str, said: list[str]) -> bool:
    """Whether `heading` is a line the author typed in the phase, kept as it was (a chat line as a heading)."""
    plain = _plain(heading)
    return bool(plain) and any(plain in words for words in said)


# "because" in the languages retell heads in, where it comes before the cause it gives (not German's "weil" nor
# Dutch "omdat": the clause after it puts its verb last, "weil Mitgliedsdaten drinstehen", a fragment as a heading)
_BECAUSE = re.compile(
    r"(?i)(?:\bbecause\b|\bпотому что\b|\bтак как\b|\bparce qu(?:e\b|['’])|\bperché\b|\bpoiché\b|\bporque\b|"
    r"\bvì\b|\bçünkü\b|\beftersom\b|\bprotože\b|\bтому що\b|\bponieważ\b|"
    r"因为|因為|由于|由於|لأن)\s*"
)
# A sentence about what is to come: its advice's reason is a forecast, no heading ("il faudra sans doute former
# quelqu'un de plus, parce qu'un mois à 13 créneaux sera encore plus juste")
_FORECAST = re.compile(
    r"(?i)\b(?:will|would|should|il faudra|faudra|sera|serait|devrait|wird|würde|sollte|será|sería|debería|sarà|"
    r"sarebbe|dovrebbe|vai ser|seria|deveria|будет|буде|będzie|bude|zal|zou)\b"
)
_CLAUSE_END = re.compile(r"[,;:.!?，。；：！？]|\s[—–-]\s")
_SUBORDINATE = re.compile(r"(?i)^(?:since|because|so|which|when|if|and|but|as)\b")


def said_cause(events: Sequence[Event]) -> str:
    """The cause Claude gave in the phase, in its own language: the clause after its first "because" ("тесты
    гоняются по живому стенду"), 12 to HEADING_CHARS characters, not a question and not addressed to the author."""
    for event in events:
        if event.kind != ASSISTANT or event.sidechain or event.abandoned or not event.text:
            continue
        prose = " ".join(re.sub(r"```.*?```", " ", event.text, flags=re.S).split())
        for match in _BECAUSE.finditer(prose):
            clause = _CLAUSE_END.split(prose[match.end() :], maxsplit=1)[0].strip(" *_")
            if not 12 <= len(clause) <= HEADING_CHARS or _ADDRESSED.search(clause) or _SUBORDINATE.match(clause):
                continue
            if clause.count("`") % 2 or re.match(r"(?i)of\b", clause):  # ("because of …": a thing, no cause)
                continue  # a code span cut in two
            if _FORECAST.search(prose[max(0, match.start() - 60) : match.start()] + " " + clause):
                continue  # advice for later, not a cause of what happened ("il faudra … parce qu'un mois … sera")
            plain_word = re.match(r"[^\W\d_]+\b(?![_.-]\w)", clause)  # not "created_at", a name kept as it is
            return clause[:1].upper() + clause[1:] if plain_word else clause
    return ""
