"""Webhook and deploy-hook intakes told by their URL's structure, not by a list of vendors (issue 22, round
thirteen). Whoever holds such a URL can post to it or start a deploy: the URL is the credential whole, never
only the query's `key=` (a partial redaction leaves the rest of what is needed).

- a path segment that names an intake (`build_hooks`, `deploy_hooks`, `generic-webhook-trigger`, `/deploy/`,
  `/invoke`, `buildByToken`, Bitrix24's `/rest/<user>/<key>/`), then a machine-made part in the path or a
  credential in the query (`key=`, `token=`, `zapikey=`, `sig=`);
- a request bin whose secret is its host's random first label (Pipedream's `eo….m.pipedream.net`).
"""

from __future__ import annotations

import itertools
import re

from retell.secrets.english import english_word
from retell.secrets.rule import SECRET, Rule
from retell.secrets.values import is_placeholder, looks_random

# the words of a path segment that say it receives something: a hook, a deploy, a build, a trigger
_INTAKE_SEGMENT = r"[\w.%-]*?(?:hooks?|deploy|trigger|invoke|buildbytoken)[\w.%-]*"
_QUERY_CREDENTIAL = re.compile(r"(?i)[?&](?:[\w-]*(?:key|token|secret|sig))=([^&#\s]+)")
# (round thirty) a URL ends at a typographic quote or a corner bracket too (`„siehe https://…/webhooks”'`): quoted in
# prose, its last part read with the quote was no route of words
_SEGMENT_WORD = re.compile(r"(?i)hooks?|deploy|trigger|invoke|buildbytoken")
# with a credential in the query, a path that posts a message or an event is an intake too (Zoho Cliq's
# `/channelsbyname/<name>/message?zapikey=…`, Zulip's `/external/<app>?api_key=…`): the query's value alone was
# flagged before, now the URL is whole
_SENDING_SEGMENT = (
    r"[\w.%-]*?(?:messages?|send|notify|notifications?|incoming|alerts?|events?|ingest|exec|external)[\w.%-]*"
)


def route_of_words(part: str) -> bool:
    """(round twenty-nine) A route named in words, with a number or a year at most (`build-status-2024`,
    `github-push-events`): what a path says, not a key."""
    pieces = [w for w in re.split(r"[-_]", part) if w]
    named = [w for w in pieces if not w.isdigit()]
    return (
        len(pieces) >= 2
        and all(w.isdigit() or w.isalpha() for w in pieces)
        and len(named) >= 2
        and all(english_word(w.lower()) for w in named)
    )


def _machine_part(part: str) -> bool:
    """A part a machine made: random and long enough, or hex of a key's length, or a UUID."""
    if is_placeholder(part) or re.match(r"[a-z]{2,4}_", part) or route_of_words(part):
        return False  # (`evt_1PqX…`, `prj_…`: an object's id in a route, not its key)
    if re.fullmatch(r"[0-9a-f]{20,}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}", part, re.I):
        return True
    digits, letters = any(c.isdigit() for c in part), any(c.isalpha() for c in part)
    return len(part) >= 10 and digits and letters and looks_random(part)


_REFERENCE = re.compile(r"\$\{?[A-Za-z_]\w*\}?$|\{\{.*\}?\}?$|%[A-Za-z_]\w*%$|<[^<>]+>?$")


def _intake_with_a_secret(value: str, m: re.Match[str]) -> bool:
    path, _, query = value.partition("?")
    segments = [s for s in path.split("://", 1)[-1].split("/")[1:] if s]
    # (`/deploy/srv-…?key=…`: the service's id is a route, the key is the secret; both go)
    # (round thirty) never a variable's reference (`access_token=${DINGTALK_TOKEN}`, `{{ token }}`, `%TOKEN%`)
    values = [v for v in _QUERY_CREDENTIAL.findall("?" + query) if not _REFERENCE.match(v)]
    if any(_machine_part(v) or (len(v) >= 8 and looks_random(v)) for v in values):
        return True
    after = [i for i, s in enumerate(segments) if _SEGMENT_WORD.search(s)]
    if not after:
        return False
    rest = segments[after[0] + 1 :]
    # a project's id, then its key (Vercel's `/deploy/prj_…/pPgNKOBVrJ`: letters alone, mixed case, are enough)
    keyed = any(
        re.fullmatch(r"[a-z]{2,4}_\w{16,}", a) and re.fullmatch(r"(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9]{8,}", b)
        for a, b in itertools.pairwise(rest)
    )
    return keyed or any(_machine_part(s) for s in rest)


def _bitrix_key(value: str, m: re.Match[str]) -> bool:
    return _machine_part(m.group("k"))


INTAKE_RULES: tuple[Rule, ...] = (
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)https?://[\w.-]+(?::\d+)?/(?:[\w.%-]+/){0,8}?" + _INTAKE_SEGMENT + r"(?:/|\?)[^\s\"'<>`“”‘’«»「」『』]+",
        ("hook", "deploy", "trigger", "invoke", "buildbytoken"),
        accept=_intake_with_a_secret,
        trims=".,;:)]}>",
        rule_id="intake-url",
    ),
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)https?://[\w.-]+(?::\d+)?/(?:[\w.%-]+/){0,8}?"
        + _SENDING_SEGMENT
        + r"(?:/[\w.%-]+){0,2}\?[^\s\"'<>`“”‘’«»「」『』]*?"
        r"(?:key|token|secret|sig)=[^\s\"'<>`“”‘’«»「」『』]+",
        ("key=", "token=", "secret=", "sig="),
        accept=_intake_with_a_secret,
        trims=".,;:)]}>",
        rule_id="sending-url-with-key",
    ),
    # Bitrix24's inbound webhook: `https://<portal>.bitrix24.<tld>/rest/<user id>/<key>/`
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)https?://[\w.-]+\.bitrix24\.[a-z.]{2,6}/rest/\d+/(?P<k>[a-z0-9]{10,40})/?[^\s\"'<>`“”‘’«»「」『』]*",
        ("bitrix24",),
        group=0,
        accept=_bitrix_key,
        trims=".,;:)]}>",
        rule_id="bitrix24-webhook",
    ),
    # A request bin's endpoint: the random first label of its host is the secret (`eo….m.pipedream.net`).
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)https?://(?P<k>[a-z0-9]{12,40})\.(?:m\.|x\.)?pipedream\.net\b[^\s\"'<>`“”‘’«»「」『』]*",
        ("pipedream.net",),
        group=0,
        accept=lambda value, m: any(c.isdigit() for c in m.group("k")) and looks_random(m.group("k")),
        trims=".,;:)]}>",
        rule_id="request-bin-host",
    ),
)
