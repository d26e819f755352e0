"""Vendors' credentials known by their own shape, where no keyword near them names the vendor (round sixteen).

gitleaks' rules for these want the vendor's name beside the value (`new_relic… = NRAK-…`) or know only a test key
(`FLWSECK_TEST-`); a session quotes them bare: in an error (`using key NRAK-…`), a constructor's argument, a
cookie pasted into a message. Each is told by what its make puts in it:

- New Relic's user, admin and insert keys (`NRAK-`, `NRAA-`, `NRRA-`: 27 capitals and digits; `NRII-`: 32);
- Flutterwave's secret keys (`FLWSECK-<32 hex>-X`, live and test);
- a Tor onion service's private key as its control port and stem take it (`ED25519-V3:<base64 of 64 bytes>`,
  `key_content='…'` beside `key_type='ED25519-V3'`);
- WordPress's login cookies (`wordpress_logged_in_<hash>=user|expiry|token|hmac`, `wordpress_sec_…`), whole;
- a Google Apps Script web app's URL (`script.google.com/macros/s/<deployment>/exec`): whoever has it runs the
  script as its owner, like a webhook;
- a Discord bot token: its first part is the bot's id (a snowflake, 17 to 20 digits) in base64, which no other
  dotted name decodes to;
- a WordPress application password (six groups of four letters and digits) near a word that says what it is;
- a Sentry endpoint with its key in the query (a CSP `report-uri …/security/?sentry_key=…`, `…/store/?…`), whole:
  like a DSN, the URL is the credential;
- (round seventeen) a Docker Hub personal or organisation access token (`dckr_pat_…`, `dckr_oat_…`), which
  gitleaks has no rule for;
- (round twenty) vendors' tokens whose own prefix and length tell them, told bare (gitleaks wants the vendor's name
  beside them, or has no rule): Mailgun's `key-<32 hex>`, Supabase's `sbp_<40 hex>`, Neon's `napi_…`, Airtable's
  `pat<14>.<64 hex>`, CircleCI's `CCIPAT_…`, Buildkite's `bkua_…`, Contentful's `CFPAT-…`, DeepSeek's `sk-<32 hex>`,
  Mapbox's secret `sk.eyJ…`, Firebase's legacy server key `AAAA…:APA91b…`, LaunchDarkly's `sdk-<uuid>`, Asana's
  `2/<digits>/<digits>:<32 hex>`;
- (round twenty-two) payment gateways' server keys: Midtrans' `Mid-server-`, Xendit's `xnd_production_`, Omise's
  `skey_`, Mercado Pago's `APP_USR-…` access token.
"""

from __future__ import annotations

import base64
import binascii
import re

from retell.secrets.rule import SECRET, Rule
from retell.secrets.values import is_masked, is_placeholder

_URL_REST = r"[^\s\"'<>`“”‘’«»「」『』]"


def _not_masked(value: str, m: re.Match[str]) -> bool:
    return not is_masked(value) and not is_placeholder(value) and not re.search(r"(.)\1{7}", value)


def _snowflake(value: str, m: re.Match[str]) -> bool:
    """The token's first part decodes to a Discord id: 17 to 20 digits."""
    head = value.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):
        return False
    return decoded.isdigit() and 17 <= len(decoded) <= 20 and _not_masked(value, m)


def _a_paired_secret(value: str, m: re.Match[str]) -> bool:
    """The other half of a key pair: machine-made (letters and digits, a dozen distinct characters), not a mask."""
    return (
        _not_masked(value, m)
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and len(set(value)) >= 12
    )


def _random_enough(value: str, m: re.Match[str]) -> bool:
    """Not a mask, a placeholder or a run of one character, and its body as varied as a random one (a hex body of
    32 has ~14 distinct characters; `0000…` or `abababab…` has 1 or 2)."""
    body = re.sub(
        r"^(?:key-|sbp_|napi_|CCIPAT_|bkua_|CFPAT-|sk-|sdk-|mob-|(?:SB-)?Mid-server-|xnd_[a-z]+_|skey_(?:test_)?|"
        r"APP_USR-)",
        "",
        value,
    )
    return _not_masked(value, m) and len(set(body)) >= 10


def _app_password(value: str, m: re.Match[str]) -> bool:
    """Random letters and digits, as WordPress makes them: capitals, small letters and digits (a hex dump's groups
    have no capitals, a placeholder repeats itself)."""
    plain = value.replace(" ", "")
    return (
        any(c.isupper() for c in plain)
        and any(c.islower() for c in plain)
        and any(c.isdigit() for c in plain)
        and len(set(plain)) >= 12
    )


VENDOR_SHAPE_RULES: tuple[Rule, ...] = (
    Rule(
        "new-relic-user-api-key",
        SECRET,
        r"(?<![\w-])NR(?:AK|AA|RA)-[A-Z0-9]{27}(?![\w-])",
        ("nrak-", "nraa-", "nrra-"),
        accept=_not_masked,
        rule_id="new-relic-key-bare",
    ),
    Rule(
        "new-relic-insert-key",
        SECRET,
        r"(?<![\w-])NRII-[A-Za-z0-9_-]{32}(?![\w-])",
        ("nrii-",),
        accept=_not_masked,
        rule_id="new-relic-insert-key-bare",
    ),
    Rule(
        "flutterwave-secret-key",
        SECRET,
        r"(?<![\w-])FLWSECK(?:_TEST)?-[a-fA-F0-9]{32}-X(?![\w-])",
        ("flwseck",),
        accept=_not_masked,
        rule_id="flutterwave-secret-key-bare",
    ),
    Rule(
        "private-key",
        SECRET,
        r"(?:\bED25519-V3:(?P<k>[A-Za-z0-9+/]{86}==)|"
        r"\bkey_content[ \t]*=[ \t]*[\"'](?P<c>[A-Za-z0-9+/]{86}==)[\"'])",
        ("ed25519-v3:", "key_content"),
        group=("k", "c"),
        accept=lambda value, m: m.group("k") is not None or "ed25519-v3" in m.string.lower(),
        rule_id="tor-onion-service-key",
    ),
    Rule(
        "session-cookie",
        SECRET,
        r"\b(?i:wordpress_(?:logged_in|sec)|wp_woocommerce_session)_(?P<v>[0-9a-fA-F]{32}=[^\s;,\"'<>`]{20,})",
        ("wordpress_logged_in_", "wordpress_sec_", "wp_woocommerce_session_"),
        group="v",  # (round thirty-three) the name's site hash with the value: one span, nothing left between
        accept=lambda value, m: _not_masked(value.split("=", 1)[1], m),
        rule_id="wordpress-login-cookie",
    ),
    Rule(
        "webhook-url",
        SECRET,
        r"https?://script\.google\.com/(?:a/macros/[\w.-]+|macros)/s/[A-Za-z0-9_-]{30,}/(?:exec|dev)"
        rf"(?:\?{_URL_REST}*)?",
        ("script.google.com/",),
        # (a deployment id masked or written as a placeholder in docs: `AKfycbxxxx…`, `YOUR_DEPLOYMENT_ID…`)
        accept=lambda value, m: _not_masked(value.split("/s/", 1)[1].split("/", 1)[0], m),
        trims=".,;:)]}>",
        rule_id="apps-script-web-app",
    ),
    Rule(
        "discord-bot-token",
        SECRET,
        r"(?<![\w.-])[MNO][A-Za-z0-9_-]{22,27}\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27,40}(?![\w-])",
        (),
        accept=_snowflake,
        always=True,  # (no word announces it; its prefilter finds the dots' shape in C)
        prefilter=r"\.[A-Za-z0-9_-]{6,7}\.[A-Za-z0-9_-]{27}",
        rule_id="discord-bot-token-bare",
    ),
    Rule(
        "wordpress-application-password",
        SECRET,
        r"(?<![\w-])[A-Za-z0-9]{4}(?: [A-Za-z0-9]{4}){5}(?![\w-])",
        ("app_pass", "app-pass", "apppass", "application pass", "application_pass", "app pass", "wp-json", "xmlrpc"),
        accept=_app_password,
        window=(160, 160),
        rule_id="wordpress-application-password",
    ),
    Rule(
        "docker-hub-token",
        SECRET,
        r"(?<![\w-])dckr_(?:pat|oat)_[A-Za-z0-9_-]{24,40}(?![\w-])",
        ("dckr_pat_", "dckr_oat_"),
        accept=_not_masked,
        rule_id="docker-hub-access-token",
    ),
    Rule(
        "vendor-api-key",
        SECRET,
        r"(?<![\w.-])(?:key-[0-9a-f]{32}|sbp_[0-9a-f]{40}|napi_[a-z0-9]{64}|pat[A-Za-z0-9]{14}\.[0-9a-f]{64}|"
        r"CCIPAT_[A-Za-z0-9]{22}_[0-9a-f]{40}|bkua_[0-9a-f]{40}|CFPAT-[A-Za-z0-9_-]{43}|sk-[0-9a-f]{32}|"
        r"(?:sdk|mob)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![\w-]|\.\w)",
        ("key-", "sbp_", "napi_", "pat", "ccipat_", "bkua_", "cfpat-", "sk-", "sdk-", "mob-"),
        accept=_random_enough,
        rule_id="vendor-prefixed-key-bare",
        prefilter=r"key-[0-9a-f]{32}|sbp_|napi_|pat[A-Za-z0-9]{14}\.|CCIPAT_|bkua_|CFPAT-|sk-[0-9a-f]{32}|"
        r"(?:sdk|mob)-[0-9a-f]{8}-",
    ),
    # (round twenty-two) payment gateways' server keys by their own prefix, told bare: Midtrans' `Mid-server-…`
    # (sandbox `SB-Mid-server-…`), Xendit's `xnd_production_…`/`xnd_development_…`, Omise's `skey_…`, Mercado Pago's
    # access token `APP_USR-<app id>-<date>-<32 hex>-<user id>`; their client keys are public (values.py)
    Rule(
        "payment-gateway-server-key",
        SECRET,
        r"(?<![\w-])(?:(?:SB-)?Mid-server-[A-Za-z0-9_-]{20,48}|xnd_(?:production|development)_[A-Za-z0-9_-]{40,80}|"
        r"skey_(?:test_)?[0-9a-z]{16,40}|APP_USR-\d{10,20}-\d{6}-[0-9a-f]{32}-\d{6,12})(?![\w-])",
        ("mid-server-", "xnd_production_", "xnd_development_", "skey_", "app_usr-"),
        accept=_random_enough,
        rule_id="payment-gateway-server-key",
    ),
    # (round twenty-three) Mailchimp's API key: 32 hex and its data centre, which gitleaks reads with two digits only
    # and beside the vendor's name (`…-us6` told bare in prose, `"apiKey": "…-us9"`)
    Rule(
        "mailchimp-api-key",
        SECRET,
        r"(?<![\w-])[0-9a-f]{32}-us\d{1,2}(?![\w-])",
        ("-us",),
        accept=_random_enough,
        rule_id="mailchimp-api-key-bare",
        prefilter=r"[0-9a-f]{32}-us\d",
    ),
    # (round twenty-three) GitLab's routable runner token (`glrt-t1_…`), whole: gitleaks' plain rule stops at 20
    # characters after `glrt-`, and its routable one wants the `.…` suffix a token copied from the UI may lack
    Rule(
        "gitlab-runner-authentication-token",
        SECRET,
        r"(?<![\w-])glrt-t\d_[0-9A-Za-z_-]{20,300}(?![\w-])",
        ("glrt-t",),
        accept=_not_masked,
        rule_id="gitlab-runner-token-routable-bare",
    ),
    # (round twenty-three) a key's id and its secret told as a pair (`SK… / …`, `AC…:…`, `AKIA… / …`): the id tells
    # what the other half is, whatever the sentence around it says; (round twenty-five) or a call's next argument,
    # each quoted (`Client("SK…", "…")`, `NewStaticCredentials("AKIA…", "…", "")`), on the next line or not
    Rule(
        "api-key-secret",
        SECRET,
        r"(?<![\w])(?:SK[0-9a-fA-F]{32}|AC[0-9a-f]{32}|(?:AKIA|ASIA)[0-9A-Z]{16})(?:[ \t]*[/:|,][ \t]*|"
        r"(?P<q>[\"'])[ \t]*,[ \t]*(?:\r?\n[ \t]*)?(?P=q))"
        r"(?P<paired>[A-Za-z0-9/+]{20,64})(?![\w/+])",
        ("sk", "ac", "akia", "asia"),
        group="paired",
        accept=_a_paired_secret,
        rule_id="key-id-and-secret-pair",
        prefilter=r"[0-9a-fA-F]{32}[\"']?[ \t]*[/:|,]|[0-9A-Z]{16}[\"']?[ \t]*[/:|,]",
    ),
    Rule(
        "asana-personal-access-token",
        SECRET,
        r"(?<![\w/.-])[0-2]/\d{15,17}/\d{15,17}:[0-9a-f]{32}(?![\w-])",
        (),
        accept=_not_masked,
        always=True,  # (no word announces it; its prefilter finds the two ids' shape in C)
        prefilter=r"\d{15}/\d{15}",
        rule_id="asana-pat-bare",
    ),
    Rule(
        "mapbox-secret-token",
        SECRET,
        r"(?<![\w.-])sk\.eyJ[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}(?![\w.-])",
        ("sk.eyj",),
        accept=_not_masked,
        rule_id="mapbox-secret-token-bare",
    ),
    Rule(
        "firebase-server-key",
        SECRET,
        r"(?<![\w-])AAAA[A-Za-z0-9_-]{7}:APA91b[A-Za-z0-9_-]{120,160}(?![\w-])",
        (":apa91b",),
        accept=_not_masked,
        rule_id="firebase-legacy-server-key",
    ),
    Rule(
        "sentry-dsn",
        SECRET,
        rf"https?://[\w.-]+(?::\d+)?/api/\d+/[\w/-]*?\?{_URL_REST}*?\bsentry_key=[0-9a-f]{{32}}{_URL_REST}*",
        ("sentry_key=",),
        trims=".,;:)]}>",
        rule_id="sentry-keyed-endpoint",
    ),
)
