"""Why a model stopped, and whether that is an answer: only a finished answer is used or cached.

Stop reasons of the Messages API: end_turn, max_tokens, stop_sequence, tool_use, pause_turn, refusal,
model_context_window_exceeded (https://platform.claude.com/docs/en/build-with-claude/handling-stop-reasons);
`claude -p` reports the same in its JSON result (https://platform.claude.com/docs/en/agent-sdk/stop-reasons).
"""

from __future__ import annotations

# retell sets no stop sequences, so `stop_sequence` cannot end one of its answers: end_turn alone is finished.
FINISHED = frozenset({"end_turn"})
CUT_OFF = "max_tokens"
REFUSAL = "refusal"
CONTEXT_FULL = "model_context_window_exceeded"


def is_finished(stop_reason: str | None) -> bool:
    return stop_reason in FINISHED


def cut_off_message(call: str, max_tokens: int, model: str, grown_from: int | None, model_max: int) -> str:
    """The one-line error for an answer cut off at its budget even after the one retry with twice the room.
    It says which limit stopped it: the model's own maximum, or retell's one doubling (far below it)."""
    tried = f"at {grown_from:,} and again at {max_tokens:,} tokens" if grown_from else f"at {max_tokens:,} tokens"
    if max_tokens >= model_max:
        why = f"the most {model} allows"
    else:
        why = (
            f"retell asks again only once, with twice the room; {model} allows up to {model_max:,}, so an answer "
            "this long is most likely thinking that ran away"
        )
    return (
        f"{call}: the answer was cut off by max_tokens {tried} (thinking and text share it; {why}); ask for less: "
        "a shorter post.length in triage.yaml or fewer beats in outline.yaml, or pick another --model"
    )


def unfinished_message(call: str, stop_reason: str | None) -> str:
    """The one-line error for an answer that did not finish, naming the call and what to change."""
    if stop_reason == REFUSAL:
        return (
            f"{call}: the model declined to write this (stop reason: refusal); see what is sent with --dry-run "
            "(prompts land in WORKDIR/llm/dry-run/), then leave the chapter out in triage.yaml, reword the "
            "section in outline.yaml, or try another --model"
        )
    if stop_reason == CONTEXT_FULL:
        return (
            f"{call}: the prompt and the answer do not fit the model's context window; send less material "
            "(a lower --max-input-tokens, or fewer chapters in triage.yaml) or pick a model with a larger window"
        )
    what = f"stop reason: {stop_reason}" if stop_reason else "no stop reason"
    return f"{call}: the model stopped before finishing ({what}); re-run to ask again (finished calls are kept)"
