"""A private Claude Code session link (`https://claude.ai/code/session_01Ab…`): it opens the whole session
to whoever is signed in as its author, and an author pastes it into a PR description or a message without a
second thought. Flagged by default, like any detector's finding (redacted unless the author keeps it)."""

from __future__ import annotations

from retell.secrets.rule import SECRET, Rule

SESSION_LINK_RULES = (
    Rule(
        "claude-session-url",
        SECRET,
        r"(?:https?://)?(?:www\.)?claude\.ai/code/session_[A-Za-z0-9_-]{6,}",
        ("claude.ai/code/session_",),
    ),
)
