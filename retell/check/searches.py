"""What a search looked for: "searched for `SessionCacheData(BaseModel)`", "搜索了 `def get_project_display_name`",
"`SessionCacheData` を検索", "`extract_working_directories`를 검색". The code after (or, in Japanese and Korean,
before) the verb is the search's pattern: the search the paragraph cites must have looked for it (the pattern
told, a part of it, or it with its regex escapes read), not for something else the session happens to hold.

Read only where the paragraph's events hold a search (Grep, Glob, a shell `grep`/`rg`): a paragraph that cites
none says nothing here, and a pattern the writer shortens ("searched for `SessionCacheData`" of a search for
`class SessionCacheData`) is the search's."""

from __future__ import annotations

import re
import shlex

from retell.check.claims import COMMAND, Claim
from retell.check.document import LIST, PARAGRAPH, Block
from retell.check.scope import near_events
from retell.check.sources import Sources
from retell.check.verdict import UNTRACED, Finding
from retell.extract.tools import SHELL_TOOLS

_SPAN = r"`(?P<pattern>[^`\n]{2,120})`"
# the verb before the pattern (English, German, French, Spanish, Dutch, Italian, Chinese) or after it (Japanese,
# Korean)
_SEARCHED = re.compile(
    # ("grepped `models.yml`" names the file searched: a pattern follows "for", or its word in another language)
    r"(?:\b(?:searched|grepped|searching|grepping|search(?:es)?|greps?|looked|suchte|gesucht|cherch\w*|busc\w*|"
    r"zocht|gezocht|cerc\w*)\b(?:\s+(?:the\s+)?(?:code(?:base)?|project|repo(?:sitory)?|files?|tree))?"
    r"\s+(?:for|nach|pour|por|naar|per)\s*"
    r"|(?:搜索|搜尋|搜寻|查找|检索|檢索|搜)(?:了|过|過)?(?:一下|一遍)?\s*)"
    + _SPAN
    + r"|"
    + _SPAN.replace("pattern", "after")
    + r"\s*(?:を|で|를|을|로|으로)\s*(?:検索|grep|探|검색|찾)",
    re.I,
)
_SEARCH_TOOLS = frozenset({"Grep", "Glob", "Search"})
_SHELL_SEARCH = re.compile(r"(?:^|[|;&]\s*)(?:grep|rg|ag|git\s+grep)\b(?P<args>[^|;&]*)")


def _loose(text: str) -> str:
    """A pattern as a writer reads it: regex escapes and `\\s+` read, case and spacing ignored."""
    text = re.sub(r"\\s[+*]?", " ", text)
    text = re.sub(r"\\(.)", r"\1", text)
    return " ".join(text.lower().split())


def _patterns(index: Sources, ids: set[str]) -> list[tuple[str, str]]:
    """(pattern, event) of every search of these events."""
    out = []
    for event_id in index.in_order(ids):
        for call in index.event_calls.get(event_id, []):
            target = call.target or ""
            if call.name in _SEARCH_TOOLS and target:
                out.append((target, event_id))
            elif call.name in SHELL_TOOLS and target:
                for match in _SHELL_SEARCH.finditer(target):
                    try:
                        words = shlex.split(match.group("args"))
                    except ValueError:
                        words = match.group("args").split()
                    out += [(w, event_id) for w in words if not w.startswith("-")]  # the pattern, then files
    return out


def search_findings(blocks: list[Block], index: Sources) -> list[Finding]:
    out: list[Finding] = []
    for block in blocks:
        if block.kind not in (PARAGRAPH, LIST) or not block.cites:
            continue
        searches = _patterns(index, near_events(index, block.cites))
        if not searches:
            continue
        for match in _SEARCHED.finditer(block.text):
            told = match.group("pattern") or match.group("after")
            wanted = _loose(told)
            if any(wanted in _loose(p) or (_loose(p) in wanted and _shortened(p, told)) for p, _ in searches if p):
                continue
            pattern, event_id = searches[0]
            claim = Claim(COMMAND, told, block.line_at(match.start()), block, at=match.end())
            out.append(
                Finding(
                    claim,
                    UNTRACED,
                    event_id,
                    pattern,
                    f"the search in {event_id} looked for `{pattern}`, not `{told}`",
                    advice=f"write `{pattern}`, or cite the search that looked for it",
                )
            )
    return out


def _shortened(pattern: str, told: str) -> bool:
    """`told` holds the whole pattern with only spacing or regex around it ("def get_x(" of `def get_x`)."""
    rest = _loose(told).replace(_loose(pattern), "", 1)
    return not re.search(r"[A-Za-z0-9_]{2,}", rest)
