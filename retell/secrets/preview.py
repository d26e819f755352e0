"""What retell writes about a flagged value instead of the value: a stable id, a masked preview, and the
placeholder that replaces it."""

from __future__ import annotations

import hashlib
import re

_PII_REPLACEMENTS = {"email": "[REDACTED:email]", "home-path": "~", "username": "[REDACTED:username]"}
# Kinds whose value has no fixed prefix: the preview shows none of it.
_OPAQUE = frozenset(
    {
        "password-assignment",
        "password-flag",
        "user-password",
        "connection-string",
        "url-credentials",
        "url-token",
        "aws-secret-access-key",
        "azure-connection-string",
        "session-cookie",
        "basic-auth",
        "bearer-token",
        "authorization-header",
        "generic-api-key",
        "sql-password",
        "password-in-text",
        "token-in-text",
    }
)


# Whole URLs: the preview shows their host, never their path.
_WEBHOOKS = frozenset(
    {
        "discord-webhook",
        "microsoft-teams-webhook",
        "slack-webhook",
        "google-chat-webhook",
        "azure-workflow-webhook",
        "sentry-dsn",
    }
)


def secret_id(kind: str, value: str, salt: str) -> str:
    """A stable id for one secret value within one session: the same secret is one triage decision."""
    digest = hashlib.sha256(f"{salt}\0{value}".encode("utf-8", "replace")).hexdigest()
    return f"{kind}-{digest[:8]}"


def default_replacement(kind: str) -> str:
    return _PII_REPLACEMENTS.get(kind, f"[REDACTED:{kind}]")


# A quote in a replacement re-punctuates the line around it: `token="…"` replaced by `"` reads as
# `token=""&state=y"`, a new assignment whose value is the rest of the line.
_QUOTES = frozenset("\"'`")


def replacement_problem(replacement: str) -> str | None:
    """Why an author's replacement for a flagged value cannot be used, or None when it can."""
    if not any(ch.isalnum() for ch in replacement):
        return "the replacement needs a letter or digit"
    if _QUOTES.intersection(replacement):
        return "the replacement may not hold a quote or backtick (it would change how the line around it reads)"
    return None


def mask(kind: str, value: str) -> str:
    """A preview that lets the author recognise the item without the manifest holding it."""
    n = len(value)
    if kind == "email":
        local, _, domain = value.partition("@")
        return f"{local[:1]}***@{domain}"
    if kind == "home-path":
        head, _, name = value.rstrip("/\\").replace("\\", "/").rpartition("/")
        return f"{head}/{name[:1]}***"
    if kind == "username":
        return f"{value[:1]}*** ({n} chars)"
    if kind == "private-ip":
        return value.split(".")[0] + ".*.*.*" if "." in value else value.split(":")[0] + ":…"
    if kind == "internal-host":
        first, _, rest = value.partition(".")
        return f"{first[:1]}***.{rest.rsplit('.', 1)[-1]}"
    if kind == "phone-number":
        return f"*** {re.sub(r'[^0-9]', '', value)[-2:]} ({n} chars)"
    if kind == "national-id":  # (round thirty-eight) its last two characters only: `*** 75 (10 chars)`
        return f"*** {value[-2:]} ({n} chars)"
    if kind == "iban":  # (round thirty-five) its country and its last two characters: `DE…08 (22 chars)`
        return f"{value[:2]}…{value[-2:]} ({n} chars)"
    if kind == "person-name":
        return f"{value[:1]}*** ({len(value.split())} word(s))"
    if kind in _WEBHOOKS:
        host = value.split("://", 1)[-1].split("/")[0].split("@")[-1]
        return f"{host}/… ({n} chars)"
    if kind == "private-key":
        first = value.splitlines()[0] if value else ""
        return f"{first} … ({n} chars)"
    if kind in _OPAQUE:
        return f"{'*' * min(8, n)} ({n} chars)"
    prefix = value[: min(6, max(2, n // 6))]
    return f"{prefix}… ({n} chars)"
