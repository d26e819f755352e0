"""The parts of Claude Code's format retell knows, as data. Anything else is counted and reported."""

from __future__ import annotations

# Record types whose lines are counted from their bytes and never decoded (see reader.sniff_type).
SKIPPABLE_RECORD_TYPES = frozenset(
    {
        "progress",
        "file-history-snapshot",
        "file-history-delta",
        "permission-mode",
        "mode",
        "last-prompt",
        "bridge-session",
        "agent-name",
        "agent-color",
        "frame-link",
        "fork-context-ref",
    }
)

# Record types the extractor reads.
SIGNAL_RECORD_TYPES = frozenset(
    {"user", "assistant", "system", "attachment", "queue-operation", "summary", "custom-title", "ai-title", "pr-link"}
)

KNOWN_RECORD_TYPES = SKIPPABLE_RECORD_TYPES | SIGNAL_RECORD_TYPES

# Attachments are noise except a message the human typed while the agent was working.
SIGNAL_ATTACHMENT_TYPES = frozenset({"queued_command"})

KNOWN_ATTACHMENT_TYPES = frozenset(
    {
        "queued_command",
        "total_tokens_reminder",
        "hook_success",
        "hook_additional_context",
        "hook_error",
        "hook_blocking_error",
        "hook_cancelled",
        "hook_non_blocking_error",
        "hook_stopped_continuation",
        "hook_system_message",
        "task_reminder",
        "todo_reminder",
        "skill_listing",
        "deferred_tools_delta",
        "edited_text_file",
        "edited_image_file",
        "opened_file_in_ide",
        "selected_lines_in_ide",
        "new_directory",
        "new_file",
        "file",
        "directory",
        "compact_file_reference",
        "plan_mode",
        "plan_mode_exit",
        "plan_file_reference",
        "critical_system_reminder",
        "date_change",
        "diagnostics",
        "mcp_resource",
        "nested_memory",
        "output_style",
        "command_permissions",
        "async_hook_response",
        "token_usage",
        "budget_usd",
        "memory",
        "invoked_skills",
        "agent_mention",
        "teammate_mailbox",
        "team_context",
        "ultrathink_effort",
    }
)

KNOWN_SYSTEM_SUBTYPES = frozenset(
    {
        "turn_duration",
        "compact_boundary",
        "microcompact_boundary",
        "away_summary",
        "stop_hook_summary",
        "api_error",
        "local_command",
        "informational",
        "bridge_status",
        "(none)",
    }
)

KNOWN_PROGRESS_TYPES = frozenset(
    {
        "bash_progress",
        "agent_progress",
        "hook_progress",
        "mcp_progress",
        "query_update",
        "search_results_received",
    }
)

KNOWN_CONTENT_BLOCKS = frozenset(
    {
        "text",
        "thinking",
        "redacted_thinking",
        "tool_use",
        "server_tool_use",
        "web_search_tool_result",
        "web_fetch_tool_result",
        "tool_result",
        "image",
        "document",
        "tool_reference",
        "mcp_tool_use",
        "mcp_tool_result",
        "container_upload",
    }
)

# Slash commands that manage Claude Code itself: their arguments are settings, not a request of the author.
HOUSEKEEPING_COMMANDS = frozenset(
    {
        "/clear", "/doctor", "/status", "/mcp", "/config", "/help", "/cost", "/model", "/login", "/logout",
        "/permissions", "/ide", "/memory", "/resume", "/exit", "/context", "/usage", "/add-dir", "/agents",
        "/hooks", "/terminal-setup", "/vim", "/theme", "/output-style", "/statusline", "/export",
        "/release-notes", "/upgrade", "/bug", "/feedback", "/privacy-settings", "/rewind", "/todos", "/bashes",
        "/plugin", "/reload-plugins", "/stats", "/sandbox", "/keybindings", "/remove-dir",
    }
)  # fmt: skip
# `/compact <instructions>` tells the summariser what to keep: an act of the author, not a request.
NOT_A_REQUEST_COMMANDS = HOUSEKEEPING_COMMANDS | {"/compact"}

# Tools that spawn a subagent.
SPAWN_TOOLS = frozenset({"Task", "Agent", "proxy_Task"})

# Top-level record keys seen in real transcripts (a survey of 225 files, 1.0.17 – 2.1.232) or read by the
# extractor. A key outside this set is not an error, only news.
KNOWN_TOP_LEVEL_KEYS = frozenset(
    {
        "agentId", "aiTitle", "attachment", "compactMetadata", "content", "customTitle", "cwd", "data",
        "durationMs", "entrypoint", "gitBranch", "hasOutput", "hookCount", "hookErrors", "hookInfos",
        "isApiErrorMessage", "isCompactSummary", "isMeta", "isSidechain", "isSnapshotUpdate", "lastPrompt",
        "leafUuid", "level", "logicalParentUuid", "message", "messageCount", "messageId", "operation", "origin",
        "parentToolUseID", "parentUuid", "permissionMode", "preventedContinuation", "promptId", "reason",
        "requestId", "sessionId", "slug", "snapshot", "sourceToolAssistantUUID", "sourceToolUseID", "stopReason",
        "subtype", "summary", "thinkingMetadata", "timestamp", "title", "todos", "toolUseID", "toolUseResult",
        "type", "userType", "uuid", "version",
    }
)  # fmt: skip
