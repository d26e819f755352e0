"""The story's secret scan on two cores: for a big story, a forked child scans part of its distinct texts.

A text's findings depend on the text alone (and the scanner's usernames), so which process scans it, and
when, changes nothing. `scan_ahead` splits the texts in two halves; `start_ahead` starts a child on most of
them as soon as the records are read, so that it scans while this process finishes the extraction, then
`Ahead.collect` does the rest. Earlier still, once the reading child is done (half way through a big parse),
`start_ahead` may give a child all the texts told so far, and each time that child is done, another the texts
told since (FOLLOW_MIN_CHARS of them at least); the later start then splits only the texts no child was given
(`earlier`), and `collect` scans first what none was given. Worth it from SPLIT_MIN_CHARS of distinct text (a
100 MB session tells ~2 MB, which takes ~0.15 s to scan); below that, or where a fork is not safe
(retell/cores.py), `Scanner.scan` finds them as it is asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from retell import cores
from retell.secrets.scanner import Finding, Scanner

SPLIT_MIN_CHARS = 256 << 10
FOLLOW_MIN_CHARS = 64 << 10  # of texts told since a child started, to start another once it is done
AHEAD_SHARE = 0.7  # of the texts by length, to the child: this process has the extraction to finish first


def scan_ahead(scanner: Scanner, texts: Iterable[str]) -> None:
    """Scan every distinct text of `texts` now, half of them in a child process, when worthwhile; the
    scanner then answers `scan` for them from what was found."""
    distinct = [text for text in dict.fromkeys(texts) if not scanner.primed(text)]
    if sum(map(len, distinct)) < SPLIT_MIN_CHARS or not cores.can_fork():
        return
    found = cores.map_on_two_cores(scanner.find, distinct, weight=len, to_wire=_plain, from_wire=_findings, steal=True)
    scanner.prime({text: tuple(findings) for text, findings in zip(distinct, found, strict=True)})


def _plain(findings: list[Finding]) -> list[tuple[Any, ...]]:
    return [(f.kind, f.category, f.start, f.end, f.value) for f in findings]


def _findings(plain: list[tuple[Any, ...]]) -> list[Finding]:
    return [Finding(*f) for f in plain]


class Ahead:
    """Texts being scanned by children while this process works on (see start_ahead): each part, the texts
    and their shared scan."""

    def __init__(self, scanner: Scanner, parts: list[tuple[list[str], cores.Shared[str, list[Finding]]]]) -> None:
        self.scanner, self.parts = scanner, parts

    def finished(self) -> bool:
        """Whether every child has scanned all it was given (its findings wait in its pipe)."""
        return all(shared.finished() for _, shared in self.parts)

    def collect(self, first: Iterable[str] = ()) -> None:
        """Scan this process's share, take the children's, and give the scanner every finding. `first`: texts
        to scan here before taking the children's (those a child was given are left to it)."""
        told = {text for texts, _ in self.parts for text in texts}
        scanner = self.scanner
        pending = [text for text in dict.fromkeys(first) if text not in told and not scanner.primed(text)]
        scanner.prime({text: tuple(scanner.find(text)) for text in pending})
        for texts, shared in self.parts:
            found = shared.results()
            self.scanner.prime({text: tuple(f) for text, f in zip(texts, found, strict=True)})


def start_ahead(
    scanner: Scanner,
    texts: Iterable[str],
    *,
    child_share: float = AHEAD_SHARE,
    earlier: Ahead | None = None,
    least: int | None = None,
    feed: bool = False,
) -> Ahead | None:
    """Start a child scanning `child_share` of `texts` now, when worthwhile (`least` characters of texts not
    scanned yet, SPLIT_MIN_CHARS unless said; None: nothing started). With `earlier` (started on the texts told
    so far), only the texts it does not scan are split, and the result collects both; when the last child
    `earlier` started was fed (`feed`: it waits for more) and is done, they are handed to it instead of a new
    child, which would compile the rules' regexes again."""
    parts = []
    if earlier is not None:
        if earlier.scanner.usernames == scanner.usernames:
            parts = earlier.parts
        else:  # the session's folder changed meanwhile: those findings are another scanner's
            earlier.collect()
    told = {text for part_texts, _ in parts for text in part_texts}
    distinct = [text for text in dict.fromkeys(texts) if text not in told and not scanner.primed(text)]
    worth = len(distinct) >= 2 and sum(map(len, distinct)) >= (SPLIT_MIN_CHARS if least is None else least)
    if worth and cores.can_fork():  # (one text: no child; it is scanned when collected)
        if parts and parts[-1][1].fed() and parts[-1][1].finished():
            # (all of them: this process takes its share from the end when it collects, as from any child)
            parts[-1][0].extend(distinct)
            parts[-1][1].extend(distinct)
        else:
            shared = cores.Shared(
                scanner.find,
                distinct,
                weight=len,
                child_share=child_share,
                to_wire=_plain,
                from_wire=_findings,
                steal=True,
                feed=feed,
            )
            parts = [*parts, (distinct, shared)]
    return Ahead(scanner, parts) if parts else None
