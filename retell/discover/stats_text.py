"""`retell stats` for people: the numbers of `stats.stats_from_manifest`, one topic a line."""

from __future__ import annotations

from typing import Any

from retell.discover.table import format_duration, format_start
from retell.report import human_bytes, plural

TOOLS_LISTED = 12  # the busiest tools; the rest are summed in one line
LABEL = 13


def render_stats(stats: dict[str, Any]) -> str:
    s = stats["session"]
    time = stats["time"]
    tools = stats["tools"]
    files = stats["files"]
    sub = stats["subagents"]
    title = f"  {s['title']}" if s["title"] else ""
    lines = [f"{s['id'][:8]}{title}"]

    def add(label: str, text: str) -> None:
        lines.append(f"  {label:<{LABEL}}{text}")

    add("project", s["project"] or "–")
    add("file", f"{s['path']} ({human_bytes(s['bytes'])})")
    span = f"{format_start(s['start'])} → {format_start(s['end'])}"
    if time["duration_ms"] is not None:
        span += (
            f": {format_duration(time['duration_ms'])} ({format_duration(time['active_ms'])} active, "
            f"{format_duration(time['idle_ms'])} idle)"
        )
    add("time", span)
    add(
        "turns",
        f"{plural(stats['turns']['human'], 'human turn')}, "
        f"{plural(stats['turns']['assistant_messages'], 'assistant message')}",
    )
    add("tool calls", f"{tools['calls']:,}" + (f" ({tools['errors']:,} failed)" if tools["errors"] else ""))
    by_tool = list(tools["by_tool"].items())
    width = max((len(name) for name, _ in by_tool[:TOOLS_LISTED]), default=0)
    for name, c in by_tool[:TOOLS_LISTED]:
        failed = f"  {c['errors']:,} failed" if c["errors"] else ""
        lines.append(f"  {'':<{LABEL}}  {name:<{width}}  {c['calls']:>6,}{failed}")
    if len(by_tool) > TOOLS_LISTED:
        rest = by_tool[TOOLS_LISTED:]
        lines.append(f"  {'':<{LABEL}}  {plural(len(rest), 'other tool')}: {sum(c['calls'] for _, c in rest):,} calls")
    add(
        "files",
        f"{len(files['read']):,} read, {len(files['edited']):,} edited, {len(files['written']):,} written; "
        f"{len(files['snapshot']):,} in the last file-history snapshot",
    )
    linked = f" ({sub['linked']:,} with a transcript)" if sub["spawned"] else ""
    add("subagents", f"{sub['spawned']:,} spawned{linked}")
    add("compactions", f"{stats['compactions']:,}")
    add("images", f"{stats['images']:,}")
    total = stats["tokens"]["total"]
    add(
        "tokens",
        f"input {total['input']:,} · output {total['output']:,} · cache read {total['cache_read']:,} · "
        f"cache write {total['cache_write']:,}",
    )
    main, subs = stats["tokens"]["main"], stats["tokens"]["subagents"]
    lines.append(
        f"  {'':<{LABEL}}counted once per API message: {main['api_messages']:,} in the session"
        + (f", {subs['api_messages']:,} in subagents" if subs["api_messages"] else "")
    )
    add("cost", _cost_line(stats["cost"]))
    if s["versions"]:
        add("versions", ", ".join(s["versions"]))
    if s["models"]:
        add("models", ", ".join(s["models"]))
    if stats["malformed_lines"]:
        add("skipped", plural(stats["malformed_lines"], "malformed line"))
    return "\n".join(lines)


def _cost_line(cost: dict[str, Any]) -> str:
    if cost["usd"] is None:
        text = "unknown (no model in the price table)"
    else:
        parts = ", ".join(f"{m} ${usd:,.2f}" for m, usd in cost["by_model"].items())
        text = f"≈ ${cost['usd']:,.2f} at the prices of {cost['prices_as_of']} ({parts})"
    if cost["unpriced_tokens"]:
        unpriced = ", ".join(f"{m}: {n:,}" for m, n in cost["unpriced_tokens"].items())
        text += f"; tokens without a price: {unpriced}"
    return text
