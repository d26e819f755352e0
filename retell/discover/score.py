"""The story score: how post-worthy a session looks from the outside, 0 to 100.

    score = min(100, round(
          7 × log2(1 + human turns)        turns capped at 63    → at most 42
        + 4 × log2(1 + minutes / 15)       minutes capped at 480 → at most 20
        + 3 × log2(1 + files changed)      capped at 31          → at most 15
        + 2 × log2(1 + subagents)          capped at 15          → at most 8
        + 3 × compactions                  capped at 3           → at most 9
        + 1 × images                       capped at 6           → at most 6 ))

The author's own words weigh most: a post is a conversation told. Logarithms give diminishing returns (the
60th turn adds less than the 6th); caps keep one huge number from drowning the rest. Minutes are active
minutes when known (after `retell stats` or `--exact`), otherwise wall-clock minutes. Unknown inputs count 0,
and counts from a partial read are lower bounds, so a score is a ranking hint, never a grade.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class ScoreInputs:
    human_turns: int = 0
    minutes: float = 0.0
    files_changed: int = 0
    subagents: int = 0
    compactions: int = 0
    images: int = 0


def story_score(inputs: ScoreInputs) -> int:
    points = (
        7 * math.log2(1 + _cap(inputs.human_turns, 63))
        + 4 * math.log2(1 + _cap(inputs.minutes, 480) / 15)
        + 3 * math.log2(1 + _cap(inputs.files_changed, 31))
        + 2 * math.log2(1 + _cap(inputs.subagents, 15))
        + 3 * _cap(inputs.compactions, 3)
        + 1 * _cap(inputs.images, 6)
    )
    return min(100, round(points))


def _cap(value: float, limit: float) -> float:
    return min(max(value, 0), limit)
