"""Human-readable summaries of what a stage did (the CLI prints them; tests read them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def human_bytes(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GB"


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else (many or word + 's')}"


def parse_summary(manifest: dict[str, Any], workdir: Path) -> str:
    counts = manifest["counts"]
    sizes = manifest["sizes"]
    session = manifest["session"]
    subagents = manifest["subagents"]
    flags = manifest["pii_warnings"]
    secrets = sum(1 for f in flags if f["category"] == "secret")
    personal = len(flags) - secrets
    title = f" — {session['title']}" if session.get("title") else ""
    unlinked = [f for f in subagents["unlinked_files"] if f["reason"] != "warmup"]
    lines = [
        f"Parsed session {session['id'][:8]}{title}",
        f"  events     {counts['events']:,} ({plural(counts['human_turns'], 'human turn')}, "
        f"{plural(counts['tool_calls'], 'tool call')})",
        f"  chapters   {counts['chapters']:,} ({plural(counts['compactions'], 'compaction')}, "
        f"{plural(max(0, len(session['session_ids']) - 1), 'session change')})",
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
