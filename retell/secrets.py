"""Secrets and personal data: detection rules as data, masking, stable ids.

Findings are flagged, never silently redacted: the author decides in triage.yaml. Every stage that sends
or publishes text re-scans it with the same rules (see redact.py), so a decision made once applies
everywhere the secret occurs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from retell.events import EventLog, walk

SECRET = "secret"
_CACHE_TEXT_LIMIT = 2000
_CACHE_SIZE = 20_000
PII = "pii"

_COMMON_ACCOUNTS = frozenset(
    {
        "user",
        "users",
        "runner",
        "ubuntu",
        "root",
        "admin",
        "ec2-user",
        "vscode",
        "node",
        "app",
        "shared",
        "guest",
        "default",
        "public",
        "me",
        "you",
        "username",
        "name",
        "linuxbrew",
        "ci",
        "build",
        "jenkins",
    }
)
_PLACEHOLDER = re.compile(
    r"^(?:\$\{?[A-Za-z_][\w.]*\}?|<[^>]*>|\{\{.*\}\}|%\(?\w+\)?s?|\*+|x+|X+|\.+|-+|_+|•+|"
    r"(?:your|my|the|some|example|sample|dummy|fake|test|placeholder|changeme|redacted|secret|password|"
    r"passwd|token|none|null|true|false|undefined|string|value|env|os\.environ|process\.env)[\w.\-\[\]'\"]*)$",
    re.I,
)
_FILE_TLDS = frozenset(
    {
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "webp",
        "ico",
        "js",
        "mjs",
        "ts",
        "tsx",
        "jsx",
        "css",
        "scss",
        "py",
        "md",
        "json",
        "yaml",
        "yml",
        "toml",
        "html",
        "txt",
        "lock",
        "sh",
        "rb",
        "go",
        "rs",
        "java",
        "kt",
        "swift",
    }
)
_NON_PERSONAL_EMAIL = re.compile(
    r"(?:^noreply@anthropic\.com$|@example\.(?:com|org|net)$|@(?:test|localhost|domain|email)\.(?:com|org)$|"
    r"^(?:git|hg|ssh|user|name|you|someone|email|foo|bar)@)",
    re.I,
)


@dataclass(frozen=True)
class Rule:
    kind: str  # e.g. "github-token"
    category: str  # SECRET or PII
    pattern: re.Pattern[str]
    hints: tuple[str, ...]  # the regex runs only when one of these substrings is present (cheap)
    group: int = 0  # the capturing group that is the secret itself
    replacement: str | None = None  # default replacement; None means "[REDACTED:<kind>]"
    accept: Callable[[str], bool] | None = None  # rejects placeholders and look-alikes
    hints_ci: bool = False  # match hints case-insensitively
    anchor: str | None = None  # search only around each occurrence of this character (email: "@")
    requires: str | None = None  # a substring that must also be present (checked first: it is cheaper)

    def matches(self, text: str) -> Iterable[re.Match[str]]:
        if self.anchor is None:
            yield from self.pattern.finditer(text)
            return
        # A pattern that starts with a character class would be tried at every position of a long text;
        # around each anchor it is tried only where it can match.
        end = 0
        i = text.find(self.anchor)
        while i >= 0:
            if i >= end:
                start = max(0, i - 80, end)
                for m in self.pattern.finditer(text, start, min(len(text), i + 260)):
                    if m.start() <= i < m.end():
                        yield m
                        end = m.end()
                        break
            i = text.find(self.anchor, i + 1)


def _not_placeholder(value: str) -> bool:
    value = value.strip("'\"`")
    return len(value) >= 4 and not _PLACEHOLDER.match(value) and len(set(value)) > 2


def _credential_value(value: str) -> bool:
    """An assigned password/token looks like data, not code: no calls, some entropy."""
    bare = value.strip("'\"`")
    if not _not_placeholder(bare) or len(bare) < 6 or "(" in bare or ")" in bare:
        return False
    if value[:1] in "'\"`":
        return True
    has_digit = any(c.isdigit() for c in bare)
    has_symbol = any(not c.isalnum() and c not in "._" for c in bare)
    mixed = bare != bare.lower() and bare != bare.upper()
    return has_digit or has_symbol or mixed


def _email(value: str) -> bool:
    tld = value.rsplit(".", 1)[-1].lower()
    return tld not in _FILE_TLDS and not _NON_PERSONAL_EMAIL.search(value)


def _home_account(value: str) -> bool:
    name = re.split(r"[/\\]", value.rstrip("/\\"))[-1]
    return name.lower() not in _COMMON_ACCOUNTS and not name.startswith(("$", "<", "{"))


def _bearer(value: str) -> bool:
    return _not_placeholder(value) and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


RULES: tuple[Rule, ...] = (
    Rule(
        "private-key",
        SECRET,
        re.compile(
            r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
            r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        ("PRIVATE KEY",),
    ),
    Rule(
        "anthropic-api-key",
        SECRET,
        re.compile(r"\bsk-ant-(?:api|admin|oat)\d{2}-[A-Za-z0-9_-]{20,}"),
        ("sk-ant-",),
    ),
    Rule(
        "openai-api-key",
        SECRET,
        re.compile(
            r"\bsk-(?:proj-|svcacct-|admin-)?(?!ant-)[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|\bsk-(?:proj|svcacct|admin)-(?!ant-)[A-Za-z0-9_-]{40,}"
        ),
        ("sk-proj-", "sk-svcacct-", "sk-admin-", "T3BlbkFJ"),
    ),
    Rule(
        "github-token",
        SECRET,
        re.compile(r"\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})"),
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
    ),
    Rule(
        "aws-access-key-id",
        SECRET,
        re.compile(r"\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b"),
        ("AKIA", "ASIA", "ABIA", "ACCA"),
    ),
    Rule(
        "aws-secret-access-key",
        SECRET,
        re.compile(r"(?i)aws_?secret_?access_?key[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])"),
        ("secret",),
        group=1,
        hints_ci=True,
    ),
    Rule("slack-token", SECRET, re.compile(r"\bxox[abposr]-[A-Za-z0-9-]{10,}"), ("xox",)),
    Rule(
        "slack-webhook",
        SECRET,
        re.compile(r"https://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9/_-]{20,}"),
        ("hooks.slack.com",),
    ),
    Rule(
        "stripe-key",
        SECRET,
        re.compile(r"\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}"),
        ("_live_", "_test_"),
    ),
    Rule("google-api-key", SECRET, re.compile(r"\bAIza[0-9A-Za-z_-]{35}"), ("AIza",)),
    Rule("google-oauth-token", SECRET, re.compile(r"\bya29\.[0-9A-Za-z_-]{20,}"), ("ya29.",)),
    Rule(
        "jwt",
        SECRET,
        re.compile(r"\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}"),
        ("eyJ",),
    ),
    Rule(
        "bearer-token",
        SECRET,
        re.compile(r"\b[Bb]earer\s+([A-Za-z0-9._~+/-]{16,}=*)"),
        ("earer",),
        group=1,
        accept=_bearer,
    ),
    Rule(
        "connection-string",
        SECRET,
        re.compile(
            r"\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|"
            r"oracle|couchdb|ftp|sftp|smtp|ldap)://[^\s:/@'\"]+:([^\s@'\"/]+)@[^\s'\"]+"
        ),
        (
            "postgres",
            "mysql",
            "mariadb",
            "mongodb",
            "redis",
            "amqp",
            "mssql",
            "sqlserver",
            "oracle",
            "couchdb",
            "ftp://",
            "sftp://",
            "smtp://",
            "ldap://",
        ),
        group=1,
        accept=_not_placeholder,
        requires="://",
    ),
    Rule(
        "password-assignment",
        SECRET,
        re.compile(
            r"(?i)\b(?:password|passwd|pwd|pass|secret|secret[_-]?key|api[_-]?key|apikey|access[_-]?token|"
            r"auth[_-]?token|client[_-]?secret|private[_-]?key)\b[\"']?\s*(?::=|=|:)\s*"
            r"((?:\"[^\"\n]{4,200}\")|(?:'[^'\n]{4,200}')|(?:[^\s\"',;)}\]]{6,200}))"
        ),
        (
            "pass",
            "pwd",
            "secret",
            "api_key",
            "api-key",
            "apikey",
            "access_token",
            "access-token",
            "auth_token",
            "auth-token",
            "private_key",
            "private-key",
        ),
        group=1,
        accept=_credential_value,
        hints_ci=True,
    ),
    Rule(
        "email",
        PII,
        re.compile(
            r"(?<![\w.+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+[A-Za-z]{2,24}\b"
        ),
        ("@",),
        accept=_email,
        replacement="[REDACTED:email]",
        anchor="@",
    ),
    Rule(
        "home-path",
        PII,
        # Each alternative starts with a literal, so the regex engine can skip ahead to it.
        re.compile(
            r"/Users/[A-Za-z0-9][A-Za-z0-9._-]*|/home/[A-Za-z0-9][A-Za-z0-9._-]*|"
            r"[A-Za-z]:(?:\\Users\\|/Users/)[A-Za-z0-9][A-Za-z0-9._-]*"
        ),
        ("/Users/", "/home/", "\\Users\\", ":/Users/"),
        accept=_home_account,
        replacement="~",
    ),
)


@dataclass(frozen=True)
class Finding:
    kind: str
    category: str
    start: int
    end: int
    value: str


@dataclass
class Scanner:
    """The built-in rules, plus the session's own user names (found in its home paths)."""

    usernames: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = field(init=False)
    # Tool targets and summaries repeat (the same paths, the same commands): short texts are scanned once.
    _cache: dict[str, tuple[Finding, ...]] = field(init=False, default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        extra = tuple(
            Rule(
                "username",
                PII,
                re.compile(rf"(?<![\w/\\.-]){re.escape(name)}(?![\w-])"),
                (name,),
                replacement="[REDACTED:username]",
            )
            for name in sorted(set(self.usernames))
            if len(name) >= 3 and name.lower() not in _COMMON_ACCOUNTS
        )
        self.rules = RULES + extra

    def scan(self, text: str) -> list[Finding]:
        """Non-overlapping findings in `text`, in order; on an overlap a secret beats personal data, then
        the longer match wins."""
        if len(text) > _CACHE_TEXT_LIMIT:
            return self._scan(text)
        cached = self._cache.get(text)
        if cached is None:
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            cached = self._cache[text] = tuple(self._scan(text))
        return list(cached)

    def redact_all(self, text: str | None) -> str | None:
        """`text` with every finding replaced by its kind's default replacement (no decisions needed)."""
        if not text:
            return text
        out, last = [], 0
        for finding in self.scan(text):
            out.append(text[last : finding.start])
            out.append(default_replacement(finding.kind))
            last = finding.end
        return "".join(out) + text[last:]

    def _scan(self, text: str) -> list[Finding]:
        found: list[Finding] = []
        lowered: str | None = None
        for rule in self.rules:
            if rule.requires is not None and rule.requires not in text:
                continue
            if rule.hints_ci:
                if lowered is None:
                    lowered = text.lower()
                if not any(h in lowered for h in rule.hints):
                    continue
            elif not any(h in text for h in rule.hints):
                continue
            for m in rule.matches(text):
                value = m.group(rule.group)
                if not value or (rule.accept is not None and not rule.accept(value)):
                    continue
                found.append(Finding(rule.kind, rule.category, m.start(rule.group), m.end(rule.group), value))
        if len(found) < 2:
            return found
        found.sort(key=lambda f: (f.category != SECRET, -(f.end - f.start), f.start))
        kept: list[Finding] = []
        for f in found:
            if all(f.end <= k.start or f.start >= k.end for k in kept):
                kept.append(f)
        kept.sort(key=lambda f: f.start)
        return kept


def usernames_from_paths(paths: Iterable[str]) -> tuple[str, ...]:
    """The account names in home-folder paths (`/Users/<name>/…`), e.g. from the session's cwd."""
    names = set()
    for path in paths:
        m = re.match(r"^(?:/Users/|/home/|[A-Za-z]:[\\/]Users[\\/])([^/\\]+)", path or "")
        if m and m.group(1).lower() not in _COMMON_ACCOUNTS:
            names.add(m.group(1))
    return tuple(sorted(names))


def secret_id(kind: str, value: str, salt: str) -> str:
    """A stable id for one secret value within one session: the same secret is one triage decision."""
    digest = hashlib.sha256(f"{salt}\0{value}".encode("utf-8", "replace")).hexdigest()
    return f"{kind}-{digest[:8]}"


def default_replacement(kind: str) -> str:
    for rule in RULES:
        if rule.kind == kind and rule.replacement is not None:
            return rule.replacement
    if kind == "username":
        return "[REDACTED:username]"
    return f"[REDACTED:{kind}]"


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
    if kind == "private-key":
        first = value.splitlines()[0] if value else ""
        return f"{first} … ({n} chars)"
    if kind in ("password-assignment", "connection-string", "aws-secret-access-key"):
        return f"{'*' * min(8, n)} ({n} chars)"
    prefix = value[: min(6, max(2, n // 6))]
    return f"{prefix}… ({n} chars)"


def scan_event_log(event_log: EventLog, scanner: Scanner) -> list[dict[str, Any]]:
    """Every flagged item in the texts that reach events.json, grouped by secret (one entry per value).

    Each entry: id, kind, category, a masked preview, and where it occurs (event id and field). The
    value itself is never returned.
    """
    salt = event_log.session.id
    entries: dict[str, dict[str, Any]] = {}

    def record(location: dict[str, str], chapter: str | None, text: str) -> None:
        for finding in scanner.scan(text):
            sid = secret_id(finding.kind, finding.value, salt)
            entry = entries.get(sid)
            if entry is None:
                entry = entries[sid] = {
                    "id": sid,
                    "kind": finding.kind,
                    "category": finding.category,
                    "preview": mask(finding.kind, finding.value),
                    "occurrences": 0,
                    "locations": [],
                    "chapters": [],
                }
            entry["occurrences"] += 1
            if location not in entry["locations"]:
                entry["locations"].append(location)
            if chapter and chapter not in entry["chapters"]:
                entry["chapters"].append(chapter)

    if event_log.session.title:
        record({"event": "session", "field": "title"}, None, event_log.session.title)
    for event in walk(event_log.events):
        for name, text in event.texts():
            record({"event": event.id, "field": name}, event.chapter, text)
    return list(entries.values())
