"""Words that mark a turn of the story: the author changing course, a cause found. Shared by triage (which
chapters carry the story) and the offline engine (which beats to tell)."""

from __future__ import annotations

import re

PIVOT = re.compile(
    r"\b(instead|actually|wait|hmm+|scrap|revert|rather|step back|different approach|change of plan|"
    r"feels? (?:wrong|off)|doesn'?t (?:feel|look) right|let'?s try|no,|not quite|that'?s not)\b",
    re.I,
)
DISCOVERY = re.compile(
    r"\b(found (?:it|the)|turns out|the (?:real |actual )?(?:problem|issue|culprit|cause|bug) (?:is|was)|"
    r"root cause|that'?s why|because of|the reason)\b",
    re.I,
)
