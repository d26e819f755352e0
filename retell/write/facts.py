"""The numbers a post may quote, computed from the manifest (never from a model's memory)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import date, datetime, timezone
from typing import Any

from retell.extract.timeutil import sortable, to_epoch_ms
from retell.llm.pricing import load_prices

_COUNTS = ("human_turns", "tool_calls", "tool_errors", "subagents", "compactions")
_FILE_LISTS = ("edited", "written", "snapshot")


def session_facts(manifest: dict[str, Any], told: Collection[str] | None = None) -> dict[str, Any]:
    """The figures of the session; of a work folder of several, the sums over the sessions told (`told`:
    their keys; None: all). Active time, messages, tool calls and tokens add up (tokens were counted once
    per API message at parse time), files changed are the union, and the days spanned run from the first
    session's first day to the last one's last."""
    parts = manifest.get("sessions") or []
    if told is not None:
        parts = [part for part in parts if part["key"] in told]
    if not parts:
        return _facts(manifest["session"], manifest["counts"], manifest.get("files", {}), manifest["usage"]["total"])
    if len(parts) == 1:  # one session told of several: its own figures, as if it were parsed alone
        part = parts[0]
        return _facts(part["session"], part["counts"], part["files"], part["usage"]["total"])
    starts: list[str] = [p["session"]["start"] for p in parts if p["session"]["start"]]
    ends: list[str] = [p["session"]["end"] for p in parts if p["session"]["end"]]
    session: dict[str, Any] = {
        "start": min(starts, key=sortable) if starts else None,
        "end": max(ends, key=sortable) if ends else None,
        "duration_ms": None,  # across sessions the wall-clock span says nothing of the work
        "active_ms": sum(p["session"]["active_ms"] or 0 for p in parts),
        "models": sorted({m for p in parts for m in p["session"]["models"]}),
    }
    counts = {name: sum(p["counts"][name] for p in parts) for name in _COUNTS}
    files = {name: sorted({f for p in parts for f in p["files"][name]}) for name in _FILE_LISTS}
    usage = _added(p["usage"]["total"] for p in parts)
    return _facts(session, counts, files, usage, sessions=len(parts))


def _facts(
    session: dict[str, Any],
    counts: dict[str, Any],
    files: dict[str, Any],
    usage: dict[str, Any],
    sessions: int = 1,
) -> dict[str, Any]:
    changed = sorted(set(files.get("edited", [])) | set(files.get("written", [])) | set(files.get("snapshot", [])))
    cost = usage_cost(usage)
    first_day, last_day = _day(session.get("start")), _day(session.get("end"))
    days = days_spanned(session.get("start"), session.get("end"))
    return {
        "duration": format_duration(session.get("duration_ms")),
        "active_time": format_duration(session.get("active_ms")),
        "duration_ms": session.get("duration_ms"),
        "active_ms": session.get("active_ms"),
        # A session resumed days later in the same file: its start-to-end length says nothing of the work.
        "days": days,
        "first_day": first_day.isoformat() if first_day else None,
        "last_day": last_day.isoformat() if last_day else None,
        "sessions": sessions,
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


def _added(usages: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Usage totals (and their `by_model`) added up."""
    total: dict[str, Any] = {"by_model": {}}
    for usage in usages:
        for name, value in usage.items():
            if name == "by_model":
                for model, figures in value.items():
                    mine = total["by_model"].setdefault(model, {})
                    for key, n in figures.items():
                        mine[key] = mine.get(key, 0) + n
            else:
                total[name] = total.get(name, 0) + value
    return total


def usage_cost(usage: dict[str, Any]) -> float | None:
    """The cost of these token totals at API prices (models missing from the table are left out)."""
    prices = load_prices()
    total = 0.0
    known = False
    for model, figures in (usage.get("by_model") or {}).items():
        cost = prices.cost(model, figures)
        if cost is not None:
            total += cost
            known = True
    return total if known else None


def days_spanned(start: str | None, end: str | None) -> int:
    """Calendar days (UTC) from the day of `start` to the day of `end`, both counted; 1 when either is
    missing."""
    first_day, last_day = _day(start), _day(end)
    return (last_day - first_day).days + 1 if first_day and last_day else 1


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
