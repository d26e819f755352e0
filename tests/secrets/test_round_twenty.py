"""Issue 22, round twenty: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes and languages, BEFORE the rules were changed (the count on the parent is in
bench/README.md, "Round twenty").

- a given name the gazetteer lacks, alone, where what is said around it is said only of a person (`ask Oluwaseun
  whether…`, `ping Selamawit`, `Priyanka's branch`, `@Nkechi said`, `check with Bartosz`); its look-alikes are
  products and words in the same places (`ask Jenkins`, `ping Kubernetes`, `Dependabot's PR`);
- vendors' tokens told bare by their own prefix and length (Mailgun `key-`, Supabase `sbp_`, Neon `napi_`, Airtable
  `pat….`, CircleCI `CCIPAT_`, Buildkite `bkua_`, Contentful `CFPAT-`, DeepSeek `sk-<32 hex>`, Mapbox `sk.eyJ…`,
  Firebase's server key `AAAA…:APA91b…`, LaunchDarkly `sdk-<uuid>`, Asana's `2/…/…:<hex>`);
- a phone number after an Arabic label with its article (`رقم الهاتف`, `الجوال`), read in the Gulf's, Israel's,
  Greece's and Thailand's national formats.
"""

from __future__ import annotations

import random
import string

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- 1. a given name the gazetteer lacks, alone, said of a person ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ask Oluwaseun whether the migration ran on staging", "Oluwaseun"),
        ("Can you ping Bartosz about the flaky test?", "Bartosz"),
        ("per Chiamaka's review, drop the alias and keep the flag", "Chiamaka"),
        ("Priyanka's branch breaks the build again", "Priyanka"),
        ("Yerlan said the cache flag is safe to drop", "Yerlan"),
        ("@Nkechi said the retry logic should sit behind a flag", "Nkechi"),
        ("thanks Tsegaye for the profiling numbers", "Tsegaye"),
        ("cc Wanjiru, she owns the billing worker", "Wanjiru"),
        ("please check with Ingrid before bumping the schema", "Ingrid"),
        ("I talked to Abebe and the deploy can go out today", "Abebe"),
        ("Sipho approved the migration yesterday", "Sipho"),
        ("hi Anahí, can you rerun the pipeline?", "Anahí"),
        ("frag Dragoș, der kennt das Skript", "Dragoș"),
    ],
)
def test_an_unknown_given_name_said_of_a_person_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "ask Jenkins to rerun the pipeline",
        "ping Kubernetes' API server from the pod",
        "Dependabot's PR bumps the lockfile",
        "Renovate said the lockfile is outdated",
        "thanks Vercel for the free tier",
        "check with Postgres whether the index exists",
        "I talked to Stripe support about the payout",
        "Grafana's dashboard shows the spike",
        "@Copilot said the test was flaky",
        "cc Infra, they own the runners",
        "Terraform wants the state file unlocked",
        "ask ChatGPT about the regex",
        "Netlify's build image changed",
        "Hola Mundo, ya arranca",
        "Danke Schön für den Fix",
        "hey Siri, set a timer",
    ],
)
def test_a_product_in_a_persons_place_stays_clean(scanner: Scanner, text: str) -> None:
    assert [f for f in _flags(scanner, text) if f[0] == "person-name"] == []


# -- 2. vendors' tokens told bare by their prefix --------------------------------------------------------------

_R = random.Random(2020)
_HEX = "0123456789abcdef"
_ALNUM = string.ascii_letters + string.digits


def _s(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_R.choice(alphabet) for _ in range(n))


def _uuid() -> str:
    return "-".join(_s(n, _HEX) for n in (8, 4, 4, 4, 12))


_TOKENS = [
    "key-" + _s(32, _HEX),  # Mailgun's private API key
    "sbp_" + _s(40, _HEX),  # Supabase's personal access token
    "napi_" + _s(64, string.ascii_lowercase + string.digits),  # Neon's API key
    "pat" + _s(14) + "." + _s(64, _HEX),  # Airtable's personal access token
    "CCIPAT_" + _s(22) + "_" + _s(40, _HEX),  # CircleCI's personal API token
    "bkua_" + _s(40, _HEX),  # Buildkite's user API token
    "CFPAT-" + _s(43, _ALNUM + "_-"),  # Contentful's personal access token
    "sk-" + _s(32, _HEX),  # DeepSeek's API key
    "sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + _s(22) + "." + _s(22, _ALNUM + "_-"),  # Mapbox's secret token
    "AAAA" + _s(7, _ALNUM + "_-") + ":APA91b" + _s(134, _ALNUM + "_-"),  # Firebase's legacy server key
    "sdk-" + _uuid(),  # LaunchDarkly's server-side SDK key
    "2/" + _s(16, string.digits) + "/" + _s(16, string.digits) + ":" + _s(32, _HEX),  # Asana's PAT
]


@pytest.mark.parametrize("token", _TOKENS)
@pytest.mark.parametrize(
    "shape",
    [
        "use {t} for now, I'll rotate it after the demo",
        '{{"apiKey": "{t}", "region": "eu"}}',
        "client = Client({t!r})",
        "Error: 401 Unauthorized (token {t})",
    ],
)
def test_a_vendors_token_told_bare_is_found(scanner: Scanner, token: str, shape: str) -> None:
    text = shape.format(t=token)
    assert flagged_whole(scanner, text, token), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "cache key-" + "0" * 32 + " evicted",
        "use sk-" + "x" * 32 + " as a placeholder",
        "MAILGUN_API_KEY=key-" + "X" * 32,
        "sbp_<your-token-here>",
        "the sdk-1.2.3 release notes",
        "pat = re.compile(r'pattern')",
        "task 2/14 done: 1/3 of the tests pass",
        "etag: key-d41d8cd98f00b204e9800998ecf8427e-v2",
    ],
)
def test_a_tokens_look_alike_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 3. phone numbers after an Arabic label, in more national formats ------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("رقم الهاتف: 0501234567", "0501234567"),
        ("الجوال: 055 123 4567", "055 123 4567"),
        ("للتواصل على الموبايل 0100 123 4567", "0100 123 4567"),
        ("טלפון: 052-123-4567", "052-123-4567"),
        ("τηλ.: 694 123 4567", "694 123 4567"),
        ("โทร 081-234-5678", "081-234-5678"),
        ("Telefon: 0721 234 567", "0721 234 567"),
    ],
)
def test_a_number_after_a_label_in_its_language_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)
