"""Human-readable summaries of what a stage did (the CLI prints them; tests read them)."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def number_word(n: int) -> str:
    """`two`, `ten`, `12`: small numbers as words, as prose writes them."""
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else f"{n:,}"


def gap_phrase(previous_end: str | None, start: str | None) -> str:
    """How long after one session the next began, as a writer says it: "4 minutes later", "the next day",
    "two days later"; "" when a time is missing. Days are calendar days (UTC) once the gap is 12 hours, and the
    days elapsed, rounded, once it is 60 hours."""
    a, b = _moment(previous_end), _moment(start)
    if a is None or b is None:
        return ""
    # Rounded as the chapters' "When" lines round (format_duration): a pause of 5 min 36 s is "6 min" there, and
    # "five minutes later" here had a prompt give two figures for one pause.
    minutes = max(0, round((b - a).total_seconds() / 60))
    if minutes < 1:
        return "right after"
    if minutes < 60:
        return "a minute later" if minutes == 1 else f"{number_word(minutes)} minutes later"
    hours = round(minutes / 60)
    days = (b.date() - a.date()).days
    if minutes < 12 * 60 or days == 0:
        return "an hour later" if hours == 1 else f"{number_word(hours)} hours later"
    if minutes >= 60 * 60:
        # Past two and a half days, what elapsed, not UTC's calendar: the author's own midnight is unknown, and
        # 95 hours from a quarter to midnight is "three days" by UTC's dates but nearly four by the clock.
        days = max(days, int(minutes / (24 * 60) + 0.5))  # (half up, and never fewer than the dates say)
    if days == 1:
        return "the next day"
    if days < 14:
        return f"{number_word(days)} days later"
    return f"{number_word(days // 7)} weeks later"


def utc_minute(ts: str | None) -> str:
    """`2026-05-12 09:04 UTC`, or "time unknown"."""
    moment = _moment(ts)
    return moment.strftime("%Y-%m-%d %H:%M UTC") if moment is not None else "time unknown"


def _moment(ts: str | None) -> datetime | None:
    """A transcript timestamp (ISO 8601) in UTC; None when there is none."""
    if not ts:
        return None
    try:
        moment = datetime.fromisoformat(ts.replace("Z", "+00:00"))
    except ValueError:
        return None
    return (moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)).astimezone(timezone.utc)


def parse_summary(manifest: dict[str, Any], workdir: Path) -> str:
    counts = manifest["counts"]
    sizes = manifest["sizes"]
    session = manifest["session"]
    subagents = manifest["subagents"]
    flags = manifest["pii_warnings"]
    parts = manifest.get("sessions") or []
    secrets = sum(1 for f in flags if f["category"] == "secret")
    personal = len(flags) - secrets
    title = f" — {session['title']}" if session.get("title") else ""
    unlinked = [f for f in subagents["unlinked_files"] if f["reason"] != "warmup"]
    changes = sum(len(p["session"]["session_ids"]) - 1 for p in parts) if parts else len(session["session_ids"]) - 1
    head = f"Parsed {len(parts)} sessions{title}" if parts else f"Parsed session {session['id'][:8]}{title}"
    lines = [head]
    previous: dict[str, Any] | None = None
    for part in parts:
        own = part["session"]
        when = utc_minute(own["start"]) if previous is None else gap_phrase(previous["end"], own["start"])
        notes = [plural(part["counts"]["human_turns"], "human turn")]
        if part["continues"]:
            notes.append(f"continues {part['continues']}")
        if part["records"]["replayed"]:
            notes.append(f"{plural(part['records']['replayed'], 'replayed record')} told once")
        label = "sessions" if previous is None else ""
        lines.append(f"  {label:<10} {part['key']}  {when} ({', '.join(notes)})")
        previous = own
    lines += [
        f"  events     {counts['events']:,} ({plural(counts['human_turns'], 'human turn')}, "
        f"{plural(counts['tool_calls'], 'tool call')})",
        f"  chapters   {counts['chapters']:,} ({plural(counts['compactions'], 'compaction')}, "
        f"{plural(max(0, changes), 'session change')})",
        f"  subagents  {len(subagents['linked']):,} linked"
        + (f", {len(unlinked)} unlinked" if unlinked else "")
        + (f", {len(subagents['unmatched_spawns'])} without transcript" if subagents["unmatched_spawns"] else ""),
        f"  images     {counts['images']:,}",
        f"  flagged    {plural(secrets, 'secret')}, {plural(personal, 'personal item')}"
        + (" — decide on each in triage.yaml" if flags else ""),
        f"  signal     {human_bytes(sizes['signal_bytes'])} of "
        f"{human_bytes(sizes['file_bytes'] + sizes.get('subagent_file_bytes', 0))} "
        f"({sizes['signal_ratio'] * 100:.1f}%), ~{manifest['token_estimate']['signal_tokens']:,} tokens",
        f"  wrote      {workdir}/ (events.json, manifest.json, assets/)",
    ]
    if manifest["malformed"]["count"]:
        lines.append(f"  skipped    {plural(manifest['malformed']['count'], 'malformed line')}")
    return "\n".join(lines)
