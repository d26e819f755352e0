"""Where the figures in Claude's words come from, when no output shows them.

A model tells a figure of Claude's as measured: "from 90 s to 21 s" reads as two timings, where 90 s was the
author's own estimate, typed in their message, and only 21 s a command printed. Or it drops a figure Claude
worked out ("4000 × 3000 is 12 000 000 pixels") because nothing marks it as the point of the explanation. Each
figure of a Claude message with a unit (a time, a size, a percentage) or worked out in it (a result beside a
product) is looked up in what came before it in the session: found in a command's output, it needs no note;
else the note says whose it is: the author's words (with their event), Claude's arithmetic, or in no output.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from retell.events import ASSISTANT, HUMAN, TOOL_RUN, TURN_DURATION, Event
from retell.extract.timeutil import to_epoch_ms

_GROUPED = r"\d{1,3}(?:(?:[ \u00a0\u202f]|,(?=\d{3}(?!\d)))\d{3})+"
_NUMBER = rf"(?:{_GROUPED}|\d+)(?:[.,]\d+)?"
# Times in the words of the languages Claude most often answers in ("30 с", "45 Sekunden", "2 minutos"): a
# Ukrainian session's "not 10 с until SIGKILL" had no note (round 45). Hours only where the word is no year
# (Russian "год").
_TIME_WORDS = (
    r"мс|с|сек|секунд[аиу]?|хв|хвилин[аиу]?|мин|минут[аы]?|ч|час(?:а|ов)?|годин[аиу]?"
    r"|[Ss]ek(?:unden?|und[ay]?)?|[Mm]inuten?|minut[ay]?|[Ss]td|[Ss]tunden?|godz(?:in[ay]?)?"
    r"|secondes?|segundos?|secondi|minutos?|minuti|heures?|horas?"
)
_UNIT = (
    r"ms|s|sec|secs|seconds?|min|mins|minutes?|h|hrs?|hours?|%|[KMGT]i?B|[kmgt]b|[KMGT](?=\s|$)"  # (3.4M: du -h)
    rf"|{_TIME_WORDS}"
)
# "21.4 s", "90s", "48 MB", "56,6%", "640k lines", "1m52s"; never inside a word or a longer number
_FIGURE = re.compile(
    rf"(?<![\w.,/#-])(?:(?P<m>\d+)m(?P<ms>\d+(?:[.,]\d+)?)s"
    rf"|(?P<n>{_NUMBER})(?P<k>k\b)?(?:[ \u00a0]?(?P<u>{_UNIT})(?![\w/]))?)"
    r"(?:[ \u00a0](?P<w>[^\W\d_]{3,}))?",
    re.UNICODE,
)
# (never a hex literal: "0x43, 0x68" read as 0 × 43 made T2 = 26691 "Claude's arithmetic": prompts51)
_OPERATION = re.compile(rf"(?<![\w.])(?!0[xX][0-9a-fA-F])({_NUMBER})k?\s?[×x*]\s?({_NUMBER})k?")
_HEX = re.compile(r"(?<![\w.])0[xX]([0-9a-fA-F]{2,16})\b")
_SENTENCE = re.compile(r"(?:[^.!?\n]|[.!?](?=\d))+(?:[.!?]|\n|$)")  # "21.4 s" is no sentence's end
_SCALE = {"ms": 0.001, "s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1, "min": 60, "mins": 60}
_SCALE |= {"minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600, "hours": 3600}
_SCALE_BY_STEM = (  # a time word of another language, by its first letters (lower case)
    ("мс", 0.001), ("с", 1), ("sek", 1), ("seg", 1), ("sec", 1), ("хв", 60), ("мин", 60), ("min", 60),
    ("ч", 3600), ("год", 3600), ("std", 3600), ("stund", 3600), ("godz", 3600), ("heure", 3600), ("hora", 3600),
)  # fmt: skip
_SIZE = {"k": 1e3, "m": 1e6, "g": 1e9, "t": 1e12}
_BARE_MULTIPLES = frozenset("KMGT")  # a size when alone ("3.4M", du -h); a count before a word ("1.19M rows")
_BYTE_WORDS = frozenset({"bytes", "byte", "octets", "bajtów", "bytů", "байт", "байтів"})
# EXPLAIN ANALYZE's "actual time=0.011..4.190" (Postgres, MySQL 8): two times in milliseconds, with no unit
_PLAN_TIMES = re.compile(r"actual time=(\d+(?:\.\d+)?)\.\.(\d+(?:\.\d+)?)")
MAX_NOTED = 4  # figures a note names, at most
_CLAUDES = "Claude's"


@dataclass(frozen=True)
class Figure:
    text: str  # as written
    value: float  # in seconds, bytes, percent or plain units
    kind: str  # "time", "size", "percent" or "count"
    decimals: int  # the precision it was written with
    scale: float = 1  # what one of its written unit is worth (0.001 for "ms"): its precision is in that unit
    bare: bool = False  # written with a bare multiple and no word after it ("4.21M"): a size or a count


def _value(number: str) -> tuple[float, int]:
    """A written number's value and decimals: "12 000 000", "10,000" (groups) and "8,9", "21.4" (decimals)."""
    compact = re.sub(r"[ \u00a0\u202f]|,(?=\d{3}(?!\d))", "", number)
    whole, _, fraction = compact.replace(",", ".").partition(".")
    return float(f"{whole}.{fraction or 0}"), len(fraction)


def _time_scale(unit: str) -> float | None:
    """Seconds in one of `unit`, when it is a time ("s", "min", "секунд", "Minuten"); None otherwise."""
    unit = unit.lower()
    if unit in _SCALE:
        return _SCALE[unit]
    return next((scale for stem, scale in _SCALE_BY_STEM if unit.startswith(stem)), None)


def _figures(text: str) -> list[tuple[Figure, re.Match[str]]]:
    """The figures of `text`, each with where it is written."""
    found = []
    for match in _FIGURE.finditer(text):
        if match.group("m") is not None:
            seconds, decimals = _value(match.group("ms"))
            value = int(match.group("m")) * 60 + seconds
            found.append((Figure(match.group(0).split()[0], value, "time", decimals), match))
            continue
        value, decimals = _value(match.group("n"))
        if match.group("k"):
            value *= 1000
        unit = match.group("u")
        written = match.group(0) if unit is None else match.group(0)[: match.end("u") - match.start()]
        if unit is None:
            figure = Figure(written.strip(), value, "count", decimals)
        elif unit in _BARE_MULTIPLES and match.group("w") and match.group("w").lower() not in _BYTE_WORDS:
            power = _SIZE[unit.lower()]  # "1.19M rows", "45K requests": a count in thousands or millions
            figure = Figure(written, value * power, "count", decimals, power)
        elif unit == "%":
            figure = Figure(written, value, "percent", decimals)
        elif (scale := _time_scale(unit)) is not None:
            figure = Figure(written, value * scale, "time", decimals, scale)
        else:
            power = _SIZE.get(unit[0].lower(), 1)
            figure = Figure(written, value * power, "size", decimals, bare=unit in _BARE_MULTIPLES)
        found.append((figure, match))
    return found


def figures_in(text: str) -> list[Figure]:
    """The figures of `text` with a unit, or with a word after them (a count: "12 000 000 pixels")."""
    return [figure for figure, _ in _figures(text)]


# A word that says a figure is rough, written before it: kept with the author's figure when the note quotes it
# ("~30 секунд", "about 90s", "etwa 45 Sekunden"), since it is part of what they said.
_ROUGHLY = re.compile(
    r"(?:(?<![^\W\d_])(?:about|around|roughly|approximately|approx\.|nearly|almost|some|etwa|ungefähr|circa|ca\.|rund|"
    r"fast|environ|presque|unos|unas|aproximadamente|casi|quasi|около|примерно|почти|близько|приблизно|майже|"
    r"około|prawie|ongeveer|bijna|ungefär|nästan|omkring|cirka|yaklaşık|zhruba|asi)\s+|[~≈∼]\s?)$",
    re.I,
)


def _as_written(figure: Figure, text: str) -> str:
    """How the author wrote `figure` in `text`, with a word before it that makes it rough."""
    for seen, match in _figures(text):
        if _same(figure, seen):
            start = match.start()
            rough = _ROUGHLY.search(text[max(0, start - 20) : start])
            end = match.start() + len(seen.text) if match.group("u") or match.group("m") else match.end()
            return text[start - (len(rough.group(0)) if rough else 0) : end].strip()
    return figure.text


def _same(claimed: Figure, seen: Figure) -> bool:
    """Whether `seen` is `claimed`, as Claude rounded it (8.94 s told as "8,9 s", 1m52.37s as "1m52s")."""
    if claimed.kind != seen.kind:
        # "4.21M − 3.93M" is the author's "4.21M rows": a bare multiple is a count as well as a size (round 49:
        # a note called the author's figure Claude's own)
        bare = (claimed.bare and seen.kind == "count") or (seen.bare and claimed.kind == "count")
        if not bare:
            return False
        return abs(seen.value - claimed.value) <= 10.0 ** -min(claimed.decimals, seen.decimals) / 2 * max(
            claimed.scale, seen.scale, _SIZE.get(claimed.text[-1:].lower(), 1), _SIZE.get(seen.text[-1:].lower(), 1)
        )
    if claimed.kind == "size":  # a size printed in KiB or kB, told in the other
        return any(abs(seen.value * f - claimed.value) <= 0.05 * claimed.value for f in (1, 1.024**2, 1 / 1.024**2))
    # (as written: "250 ms" is 250 ± 0.5 ms, never 0.25 ± 0.5 s, which a `user 0m0.021s` would be)
    return abs(seen.value - claimed.value) <= 10.0**-claimed.decimals / 2 * claimed.scale + 1e-9


def _in(claimed: Figure, figures: Iterable[Figure]) -> bool:
    return any(_same(claimed, seen) for seen in figures)


def _worked_out(sentence: str) -> list[float]:
    """The operands of the products a sentence states ("4000 × 3000"): a figure larger than them all is their
    result."""
    return [_value(n)[0] for match in _OPERATION.finditer(sentence) for n in match.groups()]


def _printed_figures(output: str) -> list[Figure]:
    """The figures an output printed: those with a unit, and a query plan's times, in milliseconds unsaid (a
    "4 ms seq scan" read off `actual time=0.011..4.190` is the plan's, not Claude's: round 47)."""
    figures = figures_in(output)
    # a hex value printed is the output's in decimal too: Claude's "T2 = 26691" for a printed `T2=0x6843` is a
    # conversion anyone can check, and a note calling it Claude's own had the post hedge it (prompts51)
    figures += [Figure(m.group(0), int(m.group(1), 16), "count", 0) for m in _HEX.finditer(output)]
    if "actual time=" in output:
        for match in _PLAN_TIMES.finditer(output):
            for number in match.groups():
                value, decimals = _value(number)
                figures.append(Figure(f"{number} ms", value * 0.001, "time", decimals, 0.001))
    # a time printed as a clock counts it (`ps`'s elapsed `05:21:09`, `1-02:00:00`, `time`'s `0:07:12`): Claude's "5h"
    # of it is the output's (blind28: a note called it Claude's own, and the post hedged what `ps` printed)
    for match in _ELAPSED.finditer(output):
        days, hours, minutes, seconds = (int(g or 0) for g in match.groups())
        value = ((days * 24 + hours) * 60 + minutes) * 60 + seconds
        figures.append(Figure(match.group(0), value, "time", 0))
    return figures


# An elapsed time as a clock, `[D-]H:MM:SS`; never a time of day after a date (`2026-01-05 10:04:11`, `Jan 08
# 20:02:11`, `T10:04:11`) nor one with a zone or a fraction after it.
_ELAPSED = re.compile(
    r"(?<![\d:.T-])(?<!\d{4}-\d\d-\d\d )(?<![A-Z][a-z]{2} \d\d )(?<![A-Z][a-z]{2}  \d )"
    r"(?:(\d{1,3})-)?(\d{1,3}):([0-5]\d):([0-5]\d)(?![\d:.]|\s?(?:[AP]M|UTC|Z)\b)"
)


# Code in Claude's words, a fenced block or a span: its numbers are the code's (`sessions|length > 1 %}` is no
# "1 %" of Claude's: stop 52), never a figure Claude gives.
_CODE = re.compile(r"^ {0,3}(`{3,}|~{3,})[^\n]*\n.*?(?:^ {0,3}\1[ \t]*$|\Z)|`[^`\n]+`", re.M | re.S)


def _blank(match: re.Match[str]) -> str:
    """The code, each line of it blank: sentences end where they did."""
    return re.sub(r"[^\n]", " ", match.group(0))


TIMED_FROM_S = 60  # a time of Claude's this long or longer is looked for in the events' own times
TURN_LOOKAHEAD = 50  # the turn's duration is looked for this many events after Claude's message, at most


def _spans(ordered: list[Event], at: int) -> list[tuple[float, str]]:
    """The times the session's own events bear out for Claude's message at `at`, each in seconds with where from:
    each tool run's since the author's last message (from its call to the event after it) and the turn's own
    ("Claude worked 8.0 min on that turn"). A "~7 min" the run's times show is no figure of Claude's own (blind28: a
    note called it so, and steered the post to hedge it). (Not the time since the author asked: "the last 2 minutes"
    of a query's window matched it by chance.)"""
    start = next((i for i in range(at - 1, -1, -1) if ordered[i].kind == HUMAN), 0)
    found: list[tuple[float, str]] = []
    after: Event | None = ordered[at]  # the next event with a time, walking back from the message
    for i in range(at - 1, start - 1, -1):
        event = ordered[i]
        begun = to_epoch_ms(event.ts or "")
        ended = to_epoch_ms(after.ts or "") if after is not None else None
        if event.kind == TOOL_RUN and after is not None and begun is not None and ended is not None and ended > begun:
            found.append(((ended - begun) / 1000, f"[{event.id}] to [{after.id}]: {_span_text(ended - begun)}"))
        if event.ts:
            after = event
    for event in ordered[at + 1 : at + 1 + TURN_LOOKAHEAD]:
        if event.kind == HUMAN:
            break
        if event.kind == TURN_DURATION and event.duration_ms:
            found.append((event.duration_ms / 1000, f"Claude's turn [{event.id}]: {event.duration_ms / 60000:.1f} min"))
            break
    return found


def _span_text(ms: int) -> str:
    """A span as the material writes times: "6 min 57 s" under ten minutes, "1 h 04 min" past an hour."""
    seconds = round(ms / 1000)
    if seconds < 600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 60 else f"{minutes // 60} h {minutes % 60:02d} min"


Spans = Callable[[], list[tuple[float, str]]]


def _timed(figure: Figure, spans: Spans | None) -> str:
    """Where the events' times bear out a time of Claude's (`spans`), as a note says it; "" where none does."""
    if spans is None or figure.kind != "time" or figure.value < TIMED_FROM_S:
        return ""
    return next((how for seconds, how in spans() if _same(figure, Figure("", seconds, "time", 3))), "")


# A time a command line gives in its own short form (`now() - 2m`, `--timeout 90s`, `sleep 5m`): the command's,
# which Claude's "in the last 2 minutes" tells (round 59: matched to a turn's 1.8 min by chance, once commands' times
# were no figure at all).
_COMMAND_TIME = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(ms|s|m|h|d)\b")
_COMMAND_SCALE = {"ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86400}


def _command_figures(command: str) -> list[Figure]:
    found = []
    for match in _COMMAND_TIME.finditer(command):
        value, decimals = _value(match.group(1))
        scale = _COMMAND_SCALE[match.group(2)]
        found.append(Figure(match.group(0), value * scale, "time", decimals, scale))
    return found


def _source_note(event: Event, before: list[Event], spans: Spans | None = None) -> str | None:
    outputs = [
        f
        for e in before
        if e.kind == TOOL_RUN
        for call in e.calls or ()
        for f in _printed_figures(f"{call.output or ''}\n{call.outcome or ''}")
    ]
    outputs += [
        f
        for e in before
        if e.kind == TOOL_RUN
        for call in e.calls or ()
        if call.name in ("Bash", "PowerShell") and (call.command or call.target)
        for f in _command_figures(call.command or call.target or "")
    ]
    said = [(e, figures_in(e.text or "")) for e in before if e.kind == HUMAN]
    notes: list[str] = []
    seen: set[str] = set()
    noted: list[Figure] = []  # "30 с" and "~30 секунд" in one message: one figure, one note
    for sentence in _SENTENCE.findall(_CODE.sub(_blank, event.text or "")):
        operands = _worked_out(sentence)
        for figure in figures_in(sentence):
            if figure.text in seen or _in(figure, outputs) or (figure.kind != "count" and _in(figure, noted)):
                continue
            by_author = next((e for e, figs in reversed(said) if _in(figure, figs)), None)
            if by_author is not None:
                if figure.kind == "count":
                    continue  # a count the author gave (4000 photos) is theirs to give: no measurement to miss
                # only what the session shows: their words, and that no output has it; never how they came by
                # it (a model read "the author's own figure" as "my estimate, not a measurement": round 45)
                written = _as_written(figure, by_author.text or "")
                notes.append(f"{figure.text}: the author wrote “{written}” in [{by_author.id}]; no output shows it")
            elif operands and figure.value > max(operands) and figure.value not in operands:
                notes.append(f"{figure.text} is {_CLAUDES} arithmetic, in no output")
            elif timed := _timed(figure, spans):
                notes.append(f"{figure.text} is what the events' times show ({timed}), not {_CLAUDES} own figure")
            elif figure.kind != "count":
                notes.append(f"{figure.text} is {_CLAUDES} own figure, in no output shown here")
            elif runs := _counts_runs(figure, sentence):
                # (material round 60) "after ~130 runs", "1000 clean runs": how many times something ran is a
                # count only an output can show; a command's limit (`--repeat-until-failure 1000`) is not it
                asked = _asked_for(figure, before)
                notes.append(
                    f"{runs}: {asked}, no output shows how many ran"
                    if asked
                    else f"{runs} is {_CLAUDES} own count, in no output shown here"
                )
            else:
                continue
            seen.add(figure.text)
            noted.append(figure)
    if not notes:
        return None
    shown = notes[:MAX_NOTED]
    # a note is for the writer: a model hedged every figure it named ("by its count", "both its figures": round 47)
    once = "; say once that they are Claude's, not at each figure" if sum(_CLAUDES in n for n in shown) > 1 else ""
    return f"(where its figures come from: {'; '.join(shown)}{once})"


# the words of a count of times something ran ("130 runs", "1000 clean runs", "after 40 iterations")
_REPEATS = r"(?:runs?|iterations?|tries|attempts?|passes|repetitions?|rounds|reruns?|executions?|loops)\b"


def _counts_runs(figure: Figure, sentence: str) -> str:
    """The words of a count of times something ran ("1000 clean runs", one word between at most); "" for others."""
    number = re.escape(figure.text.split()[0])
    found = re.search(rf"(?<![\w.,]){number}[ \u00a0](?:[^\W\d_]+ )?{_REPEATS}", sentence, re.I)
    return found.group(0) if found else ""


def _asked_for(figure: Figure, before: list[Event]) -> str:
    """Where the last command before a count of runs gives its number (`--repeat-until-failure 1000`): "the number
    `…` asked for ([e10])"; "" where none does."""
    number = figure.text.split()[0]
    for event in reversed(before):
        if event.kind != TOOL_RUN:
            continue
        for call in event.calls or ():
            command = call.command or call.target or ""
            found = re.search(rf"(?:--?[\w-]+[ =])?(?<![\w.]){re.escape(number)}(?![\w.])", command)
            if found:
                return f"the number `{found.group(0)}` asked for in [{event.id}]"
    return ""


def figure_notes(events: list[Event], session: list[Event] | None = None) -> dict[str, list[str]]:
    """Notes to put under Claude's messages in `events`, by event id: whose each figure is that no output before
    it shows. `session`: every event of the session, in order, where the figures are looked for (default:
    `events`)."""
    ordered = session if session is not None else events
    position = {e.id: i for i, e in enumerate(ordered)}
    notes: dict[str, list[str]] = {}
    for event in events:
        if event.kind != ASSISTANT or not event.text or not any(ch.isdigit() for ch in event.text):
            continue
        at = position.get(event.id)
        before = ordered[:at] if at is not None else [e for e in events if e is not event]
        spans = functools.cache(functools.partial(_spans, ordered, at)) if at is not None else None
        note = _source_note(event, before, spans)
        if note:
            notes[event.id] = [note]
    return notes
