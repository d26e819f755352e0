"""`retell stats`: one full pass over a session (the parser's own `extract_session`) -> its numbers.

Every count is read off the manifest `retell parse` would write, so the two agree by construction. Tokens are
counted once per API message (the extractor's UsageLedger), never once per split record. The cost is an
estimate from the dated price table (retell/data/models.yaml, overridable in ~/.config/retell/models.yaml).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from retell.claude.locate import SessionRef
from retell.claude.records import decode_line
from retell.discover.headtail import read_windows
from retell.llm.pricing import PriceTable

STATS_SCHEMA_VERSION = 1
UNKNOWN_MODEL = "unknown"


@dataclass(frozen=True)
class StatsResult:
    stats: dict[str, Any]
    manifest: dict[str, Any]
    size: int  # the file's size and mtime when the pass began (to cache the counts only if unchanged)
    mtime_ns: int


def session_stats(
    ref: SessionRef, prices: PriceTable, *, on_progress: Callable[[int], None] | None = None
) -> StatsResult:
    from retell.parse import ParseOptions, check_source, extract_session

    check_source(ref.path)
    st = ref.path.stat()
    result = extract_session(ref, None, ParseOptions(write_assets=False, on_progress=on_progress))
    models = subagent_models(result.manifest, ref.path.parent)
    stats = stats_from_manifest(result.manifest, prices, models)
    stats["warnings"] = list(result.warnings)
    return StatsResult(stats, result.manifest, st.st_size, st.st_mtime_ns)


def stats_from_manifest(
    manifest: dict[str, Any], prices: PriceTable, agent_models: dict[str, str] | None = None
) -> dict[str, Any]:
    """The numbers of `retell stats`, from a parse manifest (pure: `agent_models` maps a subagent file, as
    the manifest names it, to the model that ran it)."""
    session = manifest["session"]
    counts = manifest["counts"]
    usage = manifest["usage"]
    subagents = manifest["subagents"]
    duration = session["duration_ms"]
    active = session["active_ms"]
    return {
        "schema_version": STATS_SCHEMA_VERSION,
        "session": {
            "id": session["id"],
            "session_ids": session["session_ids"],
            "title": session["title"],
            "title_source": session["title_source"],
            "project": session["cwd"],
            "path": manifest["source"]["path"],
            "bytes": manifest["source"]["bytes"],
            "start": session["start"],
            "end": session["end"],
            "versions": session["versions"],
            "models": session["models"],
            "git_branches": session["git_branches"],
        },
        "time": {
            "duration_ms": duration,
            "active_ms": active,
            "idle_ms": max(duration - active, 0) if duration is not None else None,
        },
        "turns": {"human": counts["human_turns"], "assistant_messages": counts["assistant_messages"]},
        "tools": {
            "calls": counts["tool_calls"],
            "errors": counts["tool_errors"],
            "by_tool": {
                name: {"calls": c.get("calls", 0), "errors": c.get("errors", 0)}
                for name, c in sorted(counts["tools"].items(), key=lambda kv: (-kv[1].get("calls", 0), kv[0]))
            },
        },
        "files": {key: manifest["files"][key] for key in ("read", "edited", "written", "snapshot")},
        "subagents": {
            "spawned": counts["subagents"],
            "linked": len(subagents["linked"]),
            "without_transcript": len(subagents["unmatched_spawns"]),
            "unlinked_files": sum(1 for f in subagents["unlinked_files"] if f["reason"] != "warmup"),
        },
        "compactions": counts["compactions"],
        "chapters": counts["chapters"],
        "images": counts["images"],
        "tokens": {part: _tokens(usage[part]) for part in ("main", "subagents", "total")},
        "cost": estimate_cost(manifest, prices, agent_models or {}),
        "malformed_lines": manifest["malformed"]["count"],
    }


def _tokens(usage: dict[str, Any]) -> dict[str, int]:
    return {
        "input": usage["input_tokens"],
        "output": usage["output_tokens"],
        "cache_read": usage["cache_read_input_tokens"],
        "cache_write": usage["cache_creation_input_tokens"],
        "api_messages": usage["api_messages"],
    }


def estimate_cost(manifest: dict[str, Any], prices: PriceTable, agent_models: dict[str, str]) -> dict[str, Any]:
    """USD per model: the main transcript per model, each subagent transcript at the model that ran it."""
    by_model: dict[str, float] = {}
    unpriced: dict[str, int] = {}

    def add(model: str, usage: dict[str, Any]) -> None:
        usd = prices.cost(model, usage)
        if usd is None:
            tokens = sum(usage.get(k, 0) for k in _USAGE_KEYS)
            if tokens:
                unpriced[model] = unpriced.get(model, 0) + tokens
        else:
            by_model[model] = by_model.get(model, 0.0) + usd

    for model, usage in manifest["usage"]["main"]["by_model"].items():
        add(model, usage)
    for agent in manifest["subagents"]["linked"]:
        usage = agent.get("transcript_usage")
        if usage:
            add(agent_models.get(agent.get("file") or "", UNKNOWN_MODEL), usage)
    return {
        "usd": round(sum(by_model.values()), 4) if by_model else None,
        "by_model": {m: round(v, 4) for m, v in sorted(by_model.items())},
        "unpriced_tokens": dict(sorted(unpriced.items())),
        "prices_as_of": prices.as_of,
    }


_USAGE_KEYS = ("input_tokens", "output_tokens", "cache_read_input_tokens", "cache_creation_input_tokens")


def subagent_models(manifest: dict[str, Any], session_dir: Path) -> dict[str, str]:
    """The model of each linked subagent file: its `.meta.json` says so sometimes, its first assistant
    record always does (read from the file's head only)."""
    models: dict[str, str] = {}
    for agent in manifest["subagents"]["linked"]:
        rel = agent.get("file")
        if not rel:
            continue
        model = _agent_model(session_dir / rel)
        if model is not None:
            models[rel] = model
    return models


def _agent_model(path: Path) -> str | None:
    try:
        meta = orjson.loads(path.with_suffix(".meta.json").read_bytes())
        if isinstance(meta, dict) and isinstance(meta.get("model"), str) and meta["model"]:
            return str(meta["model"])
    except (OSError, orjson.JSONDecodeError):
        pass
    try:
        windows = read_windows(path, path.stat().st_size)
    except OSError:
        return None
    for line in windows.head:
        if b'"assistant"' not in line:
            continue
        try:
            record = decode_line(line)
        except ValueError:
            continue
        message = record.get("message") if isinstance(record, dict) else None
        model = message.get("model") if isinstance(message, dict) else None
        if record.get("type") == "assistant" and isinstance(model, str) and model and model != "<synthetic>":
            return model
    return None
