"""The behaviour a stretch made true, by the name of the test that failed before its fix.

A stretch that made a failing test pass is headed "Getting the tests to pass" ("De tests laten slagen", "让测试通过")
by the work alone, and that could head any fix. A test described in words says what the fix made true, in the
author's own language when they write their tests in it ("maakt nooit twee reserveringen bij gelijktijdige
submits"): it heads the stretch instead. Only a description in words (vitest's `FAIL file > suite > name`, jest's
`● Suite › name`, a `✕`/`×` line); a function's name (`test_beijing_time_to_utc`, `TestMiddlewareConcurrent`) is
code, not a sentence, and one that names code (`saveRules stores compiled options`) may be the old behaviour a test
encoded, so neither heads a section."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.events import TOOL_RUN, Event
from retell.extract.tools import SHELL_TOOLS, is_test_command
from retell.lazyre import lazy

# vitest `FAIL  src/a.test.ts > suite > name`, jest `● Suite › name`, a crossed test line `✕ name (3 ms)`
_DESCRIBED = lazy(
    r"^\s*(?:FAIL\s+\S+\s+>\s+(?:[^>\n]+>\s+)*|●\s+(?:[^›\n]+›\s+)*|[✕×✘]\s+)(?P<name>[^>›\n]+?)\s*$", re.M
)
_TIMING = lazy(r"\s*\(\d+(?:\.\d+)?\s*m?s\)$|\s*\d+(?:\.\d+)?\s*m?s$")
_CODE = lazy(r"[a-z][A-Z]|\w_\w|[.:/()\[\]{}=<>`'\"]|\d{3,}")
FEWEST_WORDS = 4  # fewer words describe no behaviour ("rejects garbage")
MOST_CHARS = 70


def failed_behaviour(events: Sequence[Event], language: str | None = None) -> str:
    """The description of the first test a stretch's test runs showed failing, when it is words (no code in it) of
    FEWEST_WORDS or more in the post's `language`, its first letter a capital; "" otherwise."""
    from retell.extract.local_headings import in_own_words

    for event in events:
        if event.kind != TOOL_RUN or event.sidechain or event.abandoned:
            continue
        for call in event.calls or ():
            if call.name not in SHELL_TOOLS or not is_test_command(call.target) or "failed" not in (call.outcome or ""):
                continue
            for found in _DESCRIBED.finditer(call.output or ""):
                name = _TIMING.sub("", found.group("name")).strip()
                name = re.sub(r"\s*\([^()]*\)$", "", name)  # "uses ttl in milliseconds (throttler v6)": a note
                if _CODE.search(name) or len(name.split()) < FEWEST_WORDS or len(name) > MOST_CHARS:
                    continue
                if not in_own_words(name, language):
                    continue
                return name[:1].upper() + name[1:]
    return ""
