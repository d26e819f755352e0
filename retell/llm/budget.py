"""Token budgets sized per model: max_tokens is a hard limit on thinking plus text, so a thinking model gets
its reserve on top of the text's own budget; a cut-off answer is asked for once more with twice the room."""

from __future__ import annotations

from retell.llm.pricing import Limits

# Of the reserve kept for thinking, the share a call is expected to use (for the cost estimate only).
EXPECTED_THINKING_SHARE = 0.25


def output_budget(limits: Limits, text_tokens: int) -> int:
    """max_tokens for an answer of about `text_tokens` of text: the text, plus the model's thinking reserve."""
    reserve = limits.thinking_reserve if limits.thinks else 0
    return max(1, min(limits.max_output, text_tokens + reserve))


def grown_budget(limits: Limits, max_tokens: int) -> int | None:
    """The budget of the one retry after a `max_tokens` stop: doubled, at most the model's max output.
    None when there is no more room to give."""
    grown = min(limits.max_output, max_tokens * 2)
    return grown if grown > max_tokens else None


def expected_output(limits: Limits, text_tokens: int) -> int:
    """Output tokens a call is expected to bill (text and thinking), for the estimate before sending."""
    thinking = int(limits.thinking_reserve * EXPECTED_THINKING_SHARE) if limits.thinks else 0
    return text_tokens + thinking


CACHE_MARGIN = 1.1  # how far an estimate of a prefix's tokens may err (it is counted from characters, not tokenized)


def worth_caching(limits: Limits, prefix_tokens: int) -> bool:
    """Below the model's minimum a breakpoint caches nothing (silently): then none is set. The prefix's size is an
    estimate, so one within its error of the minimum gets none either: a breakpoint that caches nothing would
    promise a saving (in the estimate and the cost table) that never comes."""
    return prefix_tokens >= limits.min_cache_tokens * CACHE_MARGIN
