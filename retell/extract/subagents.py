"""Linking a spawn (`Task`/`Agent` tool call) to its subagent transcript, always by tool_use_id.

Evidence, most reliable first: `toolUseResult.agentId`; the `agentId: <id>` line at the end of the
tool_result text; `toolUseId` in `agent-<id>.meta.json`; old `agent_progress` records.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from retell.events import Event, Subagent
from retell.extract.tools import error_line

_AGENT_TAIL = re.compile(
    r"\n*agentId:\s*([0-9A-Za-z_-]+)[^\n]*(?:\n(?!<usage>)[^\n]*)*?(?:\n*<usage>(.*?)</usage>)?\s*\Z", re.S
)
_USAGE_FIELD = re.compile(r"(total_tokens|tool_uses|duration_ms):\s*(\d+)")
_ASYNC_LAUNCH = re.compile(r"^Async agent launched", re.M)
# A model that wrote its tool calls as text instead of making them: markup, never findings to quote.
_TOOL_MARKUP = re.compile(
    r"<((?:[\w-]+:)?(?:function_calls|invoke|tool_use|tool_call|tool_calls|function_results|parameter))\b[^>]*>"
    r".*?(?:</\1>|\Z)",
    re.S,
)


@dataclass(slots=True)
class ResultTail:
    text: str  # the result without the bookkeeping tail
    agent_id: str | None
    usage: dict[str, int]


def split_result_tail(text: str) -> ResultTail:
    """Separate the agent's answer from the `agentId: …` / `<usage>…</usage>` tail Claude Code appends, and
    from any tool-call markup the agent wrote as text."""
    m = _AGENT_TAIL.search(text)
    if not m:
        return ResultTail(without_tool_markup(text), None, {})
    usage = {k: int(v) for k, v in _USAGE_FIELD.findall(m.group(2) or "")}
    return ResultTail(without_tool_markup(text[: m.start()]), m.group(1), usage)


def without_tool_markup(text: str) -> str:
    if "<" not in text:
        return text.strip()
    return re.sub(r"\n{3,}", "\n\n", _TOOL_MARKUP.sub("", text)).strip()


def apply_spawn_result(agent: Subagent, result_content_text: str, tool_use_result: Any, is_error: bool) -> None:
    """Fill a spawn's result, agent id and usage from its tool_result and `toolUseResult`."""
    tail = split_result_tail(result_content_text)
    if is_error:
        agent.error = error_line(tail.text) if tail.text else "failed"
    elif tail.text and not _ASYNC_LAUNCH.search(tail.text):
        agent.result = tail.text
    if tail.agent_id:
        agent.agent_id = agent.agent_id or tail.agent_id
        agent.linked_by = agent.linked_by or "result-tail"
    if isinstance(tool_use_result, dict):
        agent_id = tool_use_result.get("agentId")
        if isinstance(agent_id, str) and agent_id:
            agent.agent_id = agent_id
            agent.linked_by = "toolUseResult"
        for src, dst in (
            ("totalTokens", "total_tokens"),
            ("totalToolUseCount", "tool_uses"),
            ("totalDurationMs", "duration_ms"),
        ):
            value = tool_use_result.get(src)
            if isinstance(value, int) and not isinstance(value, bool):
                setattr(agent, dst, value)
        if agent.result is None and not is_error:
            content = tool_use_result.get("content")
            if isinstance(content, list):
                texts = [b.get("text") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)]
                joined = "\n".join(t for t in texts if t).strip()
                if joined and not _ASYNC_LAUNCH.search(joined):
                    agent.result = split_result_tail(joined).text
    for key, value in tail.usage.items():
        if getattr(agent, key) is None:
            setattr(agent, key, value)


@dataclass(slots=True)
class AgentFile:
    path: Path
    agent_id: str
    tool_use_id: str | None  # from .meta.json
    agent_type: str | None
    description: str | None


def agent_id_of(path: Path) -> str:
    return path.stem[len("agent-") :] if path.stem.startswith("agent-") else path.stem


def read_agent_file_meta(path: Path) -> AgentFile:
    """An agent transcript with what its `.meta.json` (2.1.2+) says about it."""
    meta_path = path.with_suffix(".meta.json")
    meta: dict[str, Any] = {}
    if meta_path.is_file():
        try:
            loaded = orjson.loads(meta_path.read_bytes())
            meta = loaded if isinstance(loaded, dict) else {}
        except (OSError, orjson.JSONDecodeError):
            meta = {}

    def _s(key: str) -> str | None:
        value = meta.get(key)
        return value if isinstance(value, str) and value else None

    return AgentFile(path, agent_id_of(path), _s("toolUseId"), _s("agentType"), _s("description"))


def is_warmup(path: Path) -> bool:
    """Claude Code 2.0.x started 'Warmup' agents nobody asked for (judged on the file's first record)."""
    try:
        with path.open("rb") as fh:
            first = fh.readline(1 << 20)
        record = orjson.loads(first)
    except (OSError, orjson.JSONDecodeError):
        return False
    return is_warmup_record(record)


def is_warmup_record(record: Any) -> bool:
    """A warmup agent's first record: the prompt is the one word "Warmup", or missing altogether (the file
    opens with the agent's answer)."""
    if not isinstance(record, dict):
        return False
    if record.get("type") == "assistant" and record.get("parentUuid") is None:
        return True
    message = record.get("message")
    content = message.get("content") if isinstance(message, dict) else None
    if isinstance(content, list) and content and isinstance(content[0], dict):
        content = content[0].get("text")
    return isinstance(content, str) and content.strip() == "Warmup"


def spawn_ran(spawn: Event) -> bool:
    """Whether a spawned subagent ran: a spawn refused before it started (a tool_use_error, the author's "no")
    did no work and is no subagent of the session's figures."""
    agent = spawn.subagent
    return agent is None or not (agent.error and not agent.events and not agent.result)
