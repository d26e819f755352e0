"""Round twenty-nine (issue 22): dev22's leaks and false positive as classes (a session cookie whose name says it is
a login, told anywhere; a push topic of lowercase letters and digits; `pass` the verb in a setting's name), then
false positives as classes in phones, vendor tokens and webhooks (a business's line by libphonenumber's own types, a
docs' counting-up number, a timestamp under a phone's setting, a sample token that spells a sentence, a key its
setting calls search-only or publishable, a hook's route told in words). Every case is this file's own, none a
blind set's text.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


def _whole(text: str, secret: str) -> bool:
    """Every character of `secret` inside one finding (never a part of it left)."""
    start = text.index(secret)
    return any(f.start <= start and start + len(secret) <= f.end for f in SCANNER.scan(text))


def _kinds(text: str) -> list[str]:
    return [f.kind for f in SCANNER.scan(text)]


# -- a login cookie named by its framework, told anywhere (not only on a `Cookie:` line) ---------------------------

NAMED_COOKIES = [
    (
        "Trong log có: wordpress_logged_in_7c0d1e2f3a4b=editor%7C1780000000%7CqP4kR9sT2vW8xY1zA3bC5dE7fG9hJ0kL%7C"
        "4be1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1",
        "editor%7C1780000000%7CqP4kR9sT2vW8xY1zA3bC5dE7fG9hJ0kL%7C"
        "4be1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1",
    ),
    (
        "das Log zeigt wordpress_sec_0a1b2c3d4e5f60718293a4b5c6d7e8f9=admin%7C1780000000%7CZx8Yw7Vu6Ts5Rq4Po3Nm2Lk1",
        "admin%7C1780000000%7CZx8Yw7Vu6Ts5Rq4Po3Nm2Lk1",
    ),
    ("the request logged PHPSESSID=9k2m4n6p8q0r1s3t5u7v9w1x in the access log", "9k2m4n6p8q0r1s3t5u7v9w1x"),
    ("JSESSIONID=A7F3C9E1B5D2468A0C9E7F1B3D5A7C9E was reused", "A7F3C9E1B5D2468A0C9E7F1B3D5A7C9E"),
]


@pytest.mark.parametrize(("text", "secret"), NAMED_COOKIES)
def test_a_login_cookie_named_by_its_framework_is_redacted_wherever_it_is_told(text: str, secret: str) -> None:
    assert _whole(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "PHPSESSID=deleted; expires=Thu, 01 Jan 1970 00:00:00 GMT",
        "set JSESSIONID=<your-session-id> in the request",
        "the wordpress_logged_in_ cookie is HttpOnly",
    ],
)
def test_a_named_cookie_without_a_value_is_not_flagged(text: str) -> None:
    assert "session-cookie" not in _kinds(text)


# -- a push service's topic made of lowercase letters and digits ---------------------------------------------------

PUSH_TOPICS = [
    ("notify:\n  url: https://ntfy.sh/k7q2m9x4w1p8z3v6", "https://ntfy.sh/k7q2m9x4w1p8z3v6"),
    ("curl -d 'deploy done' https://ntfy.sh/b4n8r2t6y0u3i7o5", "https://ntfy.sh/b4n8r2t6y0u3i7o5"),
    ("ALERT_URL=https://ntfy.sh/zz91ab73cd55ef", "https://ntfy.sh/zz91ab73cd55ef"),
]


@pytest.mark.parametrize(("text", "secret"), PUSH_TOPICS)
def test_a_random_lowercase_push_topic_is_a_credential_whole(text: str, secret: str) -> None:
    assert _whole(text, secret)


@pytest.mark.parametrize(
    "text",
    [
        "notify:\n  url: https://ntfy.sh/alerts-prod",
        "curl -d hi https://ntfy.sh/mytopic",
        "subscribe to https://ntfy.sh/app/v2/announcements",
    ],
)
def test_a_push_topic_in_words_is_not_flagged(text: str) -> None:
    assert "webhook-url" not in _kinds(text)


# -- `pass` the verb in a setting's name ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "proxy:\n  pass_through_headers: [X-Request-Id]\n",
        "hooks:\n  - id: mypy\n    pass_filenames: Xq7-never-here\n",
        "PASS_ARGS=--verbose-mode-on\n",
        "gateway:\n  pass-host-header: X-Forwarded-Host\n",
        "passthrough_env: [AWS_REGION]\n",
    ],
)
def test_pass_the_verb_in_a_setting_is_no_password(text: str) -> None:
    assert "password-assignment" not in _kinds(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("db_pass: Vr4#mq2LwPz9", "Vr4#mq2LwPz9"),
        ("SMTP_PASS=Hk3!nB8qTz", "Hk3!nB8qTz"),
        ("pass_prod: Lm9$eW2rQx7", "Lm9$eW2rQx7"),
    ],
)
def test_a_password_setting_named_pass_is_still_one(text: str, secret: str) -> None:
    assert _whole(text, secret)


# -- phones: what libphonenumber says is no one's, a docs' number, a timestamp -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Freephone support: +44 800 046 1234",
        "Kundenservice (kostenlos): +49 800 3301000",
        "trace id +33 1 23 45 67 89 in the example",
        "phone_verified_at: 1712345678",
        "phone_confirmed_on: 1709251200",
    ],
)
def test_a_business_line_a_counting_number_or_a_timestamp_is_not_a_phone(text: str) -> None:
    assert "phone-number" not in _kinds(text)


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("携帯は080-5512-3386です", "080-5512-3386"),  # (premium-rate in the UK, a mobile in Japan)
        ("phone: +44 7911 204518", "+44 7911 204518"),
        ("Handy: 0151 28374650", "0151 28374650"),
        ("phone_verified: true, phone: +49 151 28374651", "+49 151 28374651"),
        ("mobile: +91 98201 47362", "+91 98201 47362"),
    ],
)
def test_a_persons_number_is_still_one(text: str, secret: str) -> None:
    assert _whole(text, secret)


# -- vendor tokens: a sample that spells a sentence, a key made public -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "SLACK_BOT_TOKEN=xoxb-not-a-real-token-this-will-not-work",
        "stripe.api_key = 'sk_live_fake_key_for_unit_tests'",
        "ALGOLIA_SEARCH_ONLY_KEY=3f1c9a7e5b2d8046c1e9f7a3b5d2c8e0",
        '"searchOnlyApiKey": "8e0c2a4f6b1d3e5f7a9c0b2d4e6f8a1c"',
    ],
)
def test_a_sample_or_public_key_is_not_a_credential(text: str) -> None:
    assert SCANNER.scan(text) == []


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("SLACK_BOT_TOKEN=xoxb-2048-4096-Q9z8Lm3Kp7Rt2Vw", "xoxb-2048-4096-Q9z8Lm3Kp7Rt2Vw"),
        ("ALGOLIA_ADMIN_KEY=3f1c9a7e5b2d8046c1e9f7a3b5d2c8e0", "3f1c9a7e5b2d8046c1e9f7a3b5d2c8e0"),
        ("NEXT_PUBLIC_ALGOLIA_KEY=3f1c9a7e5b2d8046c1e9f7a3b5d2c8e0", "3f1c9a7e5b2d8046c1e9f7a3b5d2c8e0"),
    ],
)
def test_a_secret_key_beside_them_is_still_one(text: str, secret: str) -> None:
    assert _whole(text, secret)


# -- webhooks: a route told in words ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Webhook target: https://ci.example.org/hooks/build-status-2024",
        "POST https://api.shop.dev/webhooks/github-push-events",
    ],
)
def test_a_hooks_route_in_words_is_not_a_secret(text: str) -> None:
    assert "webhook-url" not in _kinds(text)


def test_a_hook_with_a_random_part_is_still_one() -> None:
    url = "https://ci.example.org/hooks/build-7Fq2Lx9Pz4Rw8Ty1"
    assert _whole(f"Webhook target: {url}", url)
