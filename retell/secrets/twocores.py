"""The story's secret scan on two cores: for a big story, a forked child scans half of its distinct texts.

A text's findings depend on the text alone, so which process scans it changes nothing. Worth it from
SPLIT_MIN_CHARS of distinct text (a 100 MB session tells ~2 MB, which takes ~0.15 s to scan); below that,
or where a fork is not safe (retell/cores.py), `Scanner.scan` finds them as it is asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from retell import cores
from retell.secrets.scanner import Finding, Scanner

SPLIT_MIN_CHARS = 256 << 10


def scan_ahead(scanner: Scanner, texts: Iterable[str]) -> None:
    """Scan every distinct text of `texts` now, half of them in a child process, when worthwhile; the
    scanner then answers `scan` for them from what was found."""
    distinct = list(dict.fromkeys(texts))
    if sum(map(len, distinct)) < SPLIT_MIN_CHARS or not cores.can_fork():
        return
    found = cores.map_on_two_cores(scanner.find, distinct, weight=len, to_wire=_plain, from_wire=_findings)
    scanner.prime({text: tuple(findings) for text, findings in zip(distinct, found, strict=True)})


def _plain(findings: list[Finding]) -> list[tuple[Any, ...]]:
    return [(f.kind, f.category, f.start, f.end, f.value) for f in findings]


def _findings(plain: list[tuple[Any, ...]]) -> list[Finding]:
    return [Finding(*f) for f in plain]
