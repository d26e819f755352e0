"""The numbers a post may quote, computed from the manifest (never from a model's memory)."""

from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from retell.extract.timeutil import to_epoch_ms
from retell.llm.pricing import load_prices


def session_facts(manifest: dict[str, Any]) -> dict[str, Any]:
    session = manifest["session"]
    counts = manifest["counts"]
    files = manifest.get("files", {})
    usage = manifest["usage"]["total"]
    changed = sorted(set(files.get("edited", [])) | set(files.get("written", [])) | set(files.get("snapshot", [])))
    cost = estimated_cost(manifest)
    first_day, last_day = _day(session.get("start")), _day(session.get("end"))
    days = (last_day - first_day).days + 1 if first_day and last_day else 1
    return {
        "duration": format_duration(session.get("duration_ms")),
        "active_time": format_duration(session.get("active_ms")),
        # A session resumed days later in the same file: its start-to-end length says nothing of the work.
        "days": days,
        "first_day": first_day.isoformat() if first_day else None,
        "last_day": last_day.isoformat() if last_day else None,
        "human_turns": counts["human_turns"],
        "tool_calls": counts["tool_calls"],
        "tool_errors": counts["tool_errors"],
        "files_changed": len(changed),
        "subagents": counts["subagents"],
        "compactions": counts["compactions"],
        "tokens": usage["input_tokens"]
        + usage["output_tokens"]
        + usage["cache_read_input_tokens"]
        + usage["cache_creation_input_tokens"],
        "output_tokens": usage["output_tokens"],
        "cost_usd": None if cost is None else round(cost, 2),
        "models": session.get("models", []),
    }


def estimated_cost(manifest: dict[str, Any]) -> float | None:
    """What the session itself cost at API prices (models missing from the table are left out)."""
    prices = load_prices()
    total = 0.0
    known = False
    for model, usage in (manifest["usage"]["total"].get("by_model") or {}).items():
        cost = prices.cost(model, usage)
        if cost is not None:
            total += cost
            known = True
    return total if known else None


def _day(ts: Any) -> date | None:
    """The UTC calendar day of a transcript timestamp."""
    if not isinstance(ts, str):
        return None
    ms = to_epoch_ms(ts)
    return datetime.fromtimestamp(ms / 1000, tz=timezone.utc).date() if ms is not None else None


def format_duration(ms: int | None) -> str:
    if not ms or ms <= 0:
        return "unknown"
    minutes = round(ms / 60000)
    if minutes < 60:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min"
