"""A credential written in code as strings joined together (issue 22, round twenty-six): a header's scheme and its
token (`"Bearer " + "…"`), a URL's parts around its password (`"postgresql://app:" + "…" + "@db/app"`), a Basic
credential's user and password before they are encoded (`b64encode("admin:" + "…")`). Each literal alone holds no
label and no URL; joined, they say what the middle one is. `+` (most languages), `.` (PHP), `..` (Lua), `&` (VB)."""

from __future__ import annotations

import re

from retell.secrets.rule import SECRET, Rule
from retell.secrets.values import credential, is_placeholder, looks_random

_JOIN = r"[ \t]*(?:\+|\.\.?|&)[ \t]*"
# a literal joined to a literal: every match below holds one, and a text without one is not searched
_JOINED_LITERALS = r"[\"'`]" + _JOIN + r"[\"'`]"


def _token(value: str, m: re.Match[str]) -> bool:
    return not is_placeholder(value) and looks_random(value)


def _password(value: str, m: re.Match[str]) -> bool:
    return credential(value, password=True, strong=True)


JOINED_RULES: tuple[Rule, ...] = (
    Rule(
        "bearer-token",
        SECRET,
        r"(?i)(?P<q1>[\"'`])(?:bearer|token|bot|jwt|apikey|dpop)[ \t]+(?P=q1)"
        + _JOIN
        + r"(?P<q2>[\"'`])(?P<v>[A-Za-z0-9._~+/=:-]{8,400})(?P=q2)",
        ("bearer", "token", "bot ", "jwt", "apikey", "dpop"),
        group="v",
        accept=_token,
        prefilter=_JOINED_LITERALS,
        rule_id="scheme-joined-to-token",
    ),
    Rule(
        "url-credentials",
        SECRET,
        r"(?P<q1>[\"'`])[A-Za-z][\w+.-]*://[^\"'`\s:/@]*:(?P=q1)"
        + _JOIN
        + r"(?P<q2>[\"'`])(?P<v>[^\"'`\s]{3,200})(?P=q2)"
        + _JOIN
        + r"[\"'`]@",
        ("://",),
        group="v",
        accept=_password,
        prefilter=_JOINED_LITERALS,
        rule_id="url-joined-around-password",
    ),
    Rule(
        "basic-auth",
        SECRET,
        r"(?i)(?:b64encode|base64|btoa|encodetostring|basic)[^\n]{0,80}?(?P<q1>[\"'`])[\w.@+-]{1,64}:(?P=q1)"
        + _JOIN
        + r"(?P<q2>[\"'`])(?P<v>[^\"'`\n]{3,200})(?P=q2)",
        ("b64encode", "base64", "btoa", "encodetostring", "basic"),
        group="v",
        accept=_password,
        prefilter=_JOINED_LITERALS,
        rule_id="basic-joined-to-password",
    ),
)
