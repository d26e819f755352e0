"""gitleaks' default rule set (vendored as data in retell/data/gitleaks-rules.json) as retell rules.

gitleaks (MIT) is a widely used, actively maintained secret scanner whose ~220 rules are kept as data; the
copy is refreshed by bench/secrets/refresh_gitleaks.py. This module only adapts it: the rule ids that name
a family retell already reported keep retell's older kind (so secret ids and triage decisions stay
stable), and two small widenings make the rules see what a transcript holds that a source file does not:

- a token glued to the character before it (`…\\nghp_…` after an unescaped `\\n`, `TOKEN=xoxb-…`) is found
  when its prefix is distinctive (`glpat-`, `npm_`, `SG.`…): the rule's leading `\\b` is dropped;
- a token may end where a URL or a sentence goes on (`&`, `,`, `)`, `.`, `<`, and the full-width `，` `。`
  `）` of Chinese and Japanese), not only at a quote, whitespace or `;`.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

import orjson

from retell.secrets.own import has_key_body
from retell.secrets.rule import SECRET, Allowlist, Rule
from retell.secrets.values import (
    decodes_to_placeholder_pair,
    is_identifier,
    is_masked,
    is_placeholder,
    is_uuid,
    placeholder_after_prefix,
)

# gitleaks rule id -> the kind retell reported for the same family before it used gitleaks
KIND_OF_RULE = {
    "github-pat": "github-token",
    "github-oauth": "github-token",
    "github-app-token": "github-token",
    "github-refresh-token": "github-token",
    "github-fine-grained-pat": "github-token",
    "aws-access-token": "aws-access-key-id",
    "slack-app-token": "slack-token",
    "slack-bot-token": "slack-token",
    "slack-config-access-token": "slack-token",
    "slack-config-refresh-token": "slack-token",
    "slack-legacy-bot-token": "slack-token",
    "slack-legacy-token": "slack-token",
    "slack-legacy-workspace-token": "slack-token",
    "slack-user-token": "slack-token",
    "slack-webhook-url": "slack-webhook",
    "stripe-access-token": "stripe-key",
    "gcp-api-key": "google-api-key",
    "anthropic-admin-api-key": "anthropic-api-key",
    "jwt-base64": "jwt",
}
# A part of every match of these rules, found in one search where the rule's keyword (`s.`, `test_`, `ey`) is
# in many texts and its regex, which starts with `\b` or a character class, would be tried at every position
# (rule.py, `prefilter`). Read from each regex after `widen`, whose sha256 (its first 16 hex digits) is kept
# with it: a refreshed rule whose regex changed runs without one until its prefilter is read again.
_PREFILTERS = {
    "jwt": ("9580bc598995da4d", r"ey[a-zA-Z0-9]{17}"),
    # (`_` and `s.` first: a literal start is found by a fast search in C; `(?i)` or an alternation first would
    # have the regex engine tried at every position, ~5x to 30x slower on a session's story)
    "lob-api-key": ("7022430046c1b305", r"_[a-fA-F0-9]{35}"),
    "vault-service-token": ("baddfd07c7309896", r"s\.(?:(?<=hvs\.)|[a-zA-Z0-9]{24})"),
}
_KEEP_BOUNDARY = frozenset({"vault-service-token"})  # its `s.` alternative is not distinctive
_LEADING_PREFIX = re.compile(r"(\(\?i\))?\\b((?:\((?:\?:)?)*)((?:[A-Za-z0-9_-]|\\\.){3,})")
_KEYWORD_FIRST = r"(?i)[\w.-]{0,50}?(?:"  # gitleaks' "<name> = <value>" rules: the keyword is near the start
# what those rules require after the keyword: a name's rest, then an assignment operator
_OPERATOR_AFTER = r"""[ \t\w.-]{0,20}[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)"""
_CURL_GREEDY = r"(?:.*|.*(?:[\r\n]{1,2}.*){1,5})"
_CURL_LAZY = r"(?:.*?|.*?(?:[\r\n]{1,2}.*?){1,5})"
_CURL_BOUNDED = r"(?:[^\n]{0,300}?|[^\n]{0,300}?(?:[\r\n]{1,2}[^\n]{0,300}?){1,5})"
_GITLEAKS_END = r"""(?:[\x60'"\s;]|\\[nr]|$)"""
# (round seventeen: also where a sentence in Chinese or Japanese goes on, `SG.…，先别提交`, `ghp_…。`)
_WIDER_END = r"""(?:[\x60'"\s;&,)<>\]}|.:，。、；：）」』】！？]|\\[nr]|$)"""


@lru_cache(maxsize=1)
def gitleaks_document() -> dict[str, Any]:
    # Beside this package, as templating.py finds its files: importlib.resources (with the zipfile and
    # tempfile modules it imports) would add ~4 ms to every parse, and retell is never run from a zip.
    data = (Path(__file__).resolve().parent.parent / "data" / "gitleaks-rules.json").read_bytes()
    document: dict[str, Any] = orjson.loads(data)
    return document


def gitleaks_rules() -> tuple[tuple[Rule, ...], tuple[Allowlist, ...]]:
    """(the rules, the global allowlist)."""
    document = gitleaks_document()
    glob = document.get("allowlist", {})
    global_allow = (Allowlist("secret", tuple(glob.get("regexes", ())), tuple(glob.get("stopwords", ()))),)
    rules = tuple(_rule(item) for item in document["rules"])
    return rules, global_allow


def _rule(item: dict[str, Any]) -> Rule:
    regex = widen(item["id"], item["regex"])
    allowlists = tuple(
        Allowlist(a.get("target", "secret"), tuple(a.get("regexes", ())), tuple(a.get("stopwords", ())))
        for a in item.get("allowlists", ())
    )
    group = item.get("secret_group") or None
    return Rule(
        kind=KIND_OF_RULE.get(item["id"], item["id"]),
        category=SECRET,
        regex=regex,
        keywords=tuple(item.get("keywords", ())),
        group=group,
        flags=re.ASCII,  # RE2's \w, \s and \b are ASCII
        entropy=float(item.get("entropy") or 0.0),
        allowlists=allowlists,
        source="gitleaks",
        rule_id=item["id"],
        digits_required=item["id"].startswith("generic") and bool(item.get("entropy")),
        accept=_generic_value
        if item["id"].startswith("generic")
        else (_a_key if item["id"] == "private-key" else _not_masked),
        window=(60, 400) if regex.startswith(_KEYWORD_FIRST) else None,
        gate=_OPERATOR_AFTER if regex.startswith(_KEYWORD_FIRST) else None,
        keyword_led=_keyword_led(regex),
        prefilter=_prefilter(item["id"], regex),
    )


def _keyword_led(regex: str) -> tuple[str, str, int] | None:
    """(the keywords' regex, the lead's class, its limit) of a regex that starts with `_KEYWORD_FIRST`: the
    group after the lead, up to its closing parenthesis (rule.py, `keyword_led`)."""
    if not regex.startswith(_KEYWORD_FIRST):
        return None
    depth, i, in_class = 1, len(_KEYWORD_FIRST), False
    while i < len(regex):
        c = regex[i]
        if c == "\\":
            i += 2
            continue
        if in_class:
            in_class = c != "]"
        elif c == "[":
            in_class = True
            if regex[i + 1 : i + 2] == "]":
                i += 1  # (a `]` first in a class is one of its characters)
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return regex[len(_KEYWORD_FIRST) : i], r"[\w.-]", 50
        i += 1
    return None


def _prefilter(rule_id: str, regex: str) -> str | None:
    known = _PREFILTERS.get(rule_id)
    if known is None or hashlib.sha256(regex.encode()).hexdigest()[:16] != known[0]:
        return None
    return known[1]


def _not_masked(value: str, m: re.Match[str]) -> bool:
    """A documentation example (`hooks.slack.com/services/T00000000/B00000000/XXXXXXXX`, Basic credentials
    of `user:password`) or masked output."""
    # (`Authorization: Bearer YOUR_ACCESS_TOKEN` in a README's curl: placeholder words, not a token)
    return (
        not is_masked(value)
        and not decodes_to_placeholder_pair(value)
        and not is_placeholder(value)
        and not placeholder_after_prefix(value)
    )


def _a_key(value: str, m: re.Match[str]) -> bool:
    """gitleaks' private-key block holds a key, as retell's own rule asks: `<paste the key here>` between the
    armor lines of a diff (`+    -----BEGIN …`: the `+` and indents reach gitleaks' 64 characters) is none."""
    return _not_masked(value, m) and has_key_body(value)


# A digest's algorithm right before the value (`sha256:`, `sha512=`, `md5:`): what follows is a hash, whatever word
# the generic rule took for its name on the line (`api` in `docker images --digests org/api`).
_DIGEST_BEFORE = re.compile(
    r"(?i)(?<![\w-])(?:sha-?(?:1|224|256|384|512)|sha3-\d{3}|md5|blake2[bs]?(?:-\d+)?)[:=][\"']?$"
)


def _generic_value(value: str, m: re.Match[str]) -> bool:
    """gitleaks' `<name> = <value>` rules, read as retell reads an assignment: not a label about a credential
    (`keyVaultSecretId`, `token_type`), not a placeholder or a name from code, not a record's UUID under a
    bare `key`."""
    from retell.secrets.own import label_is_about

    label = re.match(r"[\w.-]*", m.group(0)).group(0)  # type: ignore[union-attr]  # (always matches)
    if label_is_about(label) or is_placeholder(value) or is_identifier(value):
        return False
    before = m.group(0)[: m.group(0).rfind(value)]
    if _DIGEST_BEFORE.search(before) and re.fullmatch(r"[0-9a-fA-F]{32,128}", value):
        return False  # (round twenty-four) `orchard/api  3.1.0  sha256:<hex>`: a digest named by its algorithm
    return not (is_uuid(value) and label.lower().strip("._-") in ("key", "keys", "id"))


def widen(rule_id: str, regex: str) -> str:
    regex = regex.replace(_GITLEAKS_END, _WIDER_END)
    if rule_id in ("curl-auth-user", "curl-auth-header"):
        # Lazy and bounded: a `curl` matches its own flag, not the last one up to five lines on (which made
        # the finding, and so its id, change once an earlier line was redacted), and a long text with many
        # `curl`s is not searched to its end from each of them (quadratic in Python's regex engine).
        regex = regex.replace(_CURL_GREEDY, _CURL_BOUNDED).replace(_CURL_LAZY, _CURL_BOUNDED)
    m = _LEADING_PREFIX.match(regex)
    if m and rule_id not in _KEEP_BOUNDARY and re.search(r"[_-]|\\\.", m.group(3)):
        flags = m.group(1) or ""
        regex = flags + regex[len(flags) + 2 :]
    return regex
