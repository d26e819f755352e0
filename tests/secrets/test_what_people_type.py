"""Issue 22, detection: what people really type is flagged (their passwords, credentials in URLs with an
empty user, webhooks, Sentry DSNs, a key's body without its BEGIN line, private addresses, internal hosts,
phone numbers, names in git's lines), and what only looks like it is not (placeholders, constants, class
names, record ids, short names, documentation's example users, machine addresses, test summaries).

Every value is fake, assembled at run time from a seeded generator.
"""

from __future__ import annotations

import pytest
from secrets_support import Fake

from retell.secrets import PII, SECRET, Scanner, all_kinds

fake = Fake(2022)


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def flagged(scanner: Scanner, text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


# -- human passwords: a word with digits is a password, only true placeholders are placeholders ----------


HUMAN_PASSWORDS = ["Passw0rd2024", "admin2024", "MySecretPass1", "Summer2023!", "letmein42", "Welcome1x", "root#1234"]
PLACES = [
    "DB_PASSWORD={v}",
    "DB_PASSWORD='{v}'",
    'password = "{v}"',
    "password: {v}",
    '{{"user": "app", "password": "{v}"}}',
    "DATABASE_URL=postgres://app:{v}@db:5432/shop",
    "mysql -u root -p{v} shop",
    "mysqldump -uroot --password={v} shop",
    "psql --password {v}",
    "docker run -e POSTGRES_PASSWORD={v} postgres:16",
    "curl -u admin:{v} https://api.acme-corp.io/",
]


@pytest.mark.parametrize("value", HUMAN_PASSWORDS)
@pytest.mark.parametrize("place", PLACES)
def test_a_password_people_really_use_is_flagged_whole(scanner: Scanner, place: str, value: str) -> None:
    """Before, a value starting with one of ~90 common words (pass, my, admin, root, test…) was taken for a
    placeholder and never flagged."""
    text = place.format(v=value)
    start = text.index(value)
    assert any(f.start <= start and start + len(value) <= f.end for f in scanner.scan(text)), (
        text,
        flagged(scanner, text),
    )


@pytest.mark.parametrize(
    "value",
    [
        "changeme",
        "your_password_here",
        "<password>",
        "xxx",
        "xxxxxxxx",
        "****",
        "${VAR}",
        "${DB_PASS}",
        "$DB_PASS",
        "$password",
        "YOUR_API_KEY",
        "{{ db_password }}",
        "%(password)s",
        "[REDACTED:password-assignment]",
        "password",
        "secret",
        "mysecretkey",
        "example-token",
        "REPLACE_ME",
        "<your-db-password>",
        "sk-ant-...",
    ],
)
@pytest.mark.parametrize("place", ["DB_PASSWORD={v}", 'password = "{v}"', "password: {v}", "--password {v}"])
def test_only_true_placeholders_are_placeholders(scanner: Scanner, place: str, value: str) -> None:
    assert flagged(scanner, place.format(v=value)) == []


# -- false flags that mangled posts ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "api_key=DEMO_KEY",
        "curl 'https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY'",
        "AUTH=PROXY_MANAGED",
        '"authMode": "PROXY_MANAGED"',
        "auth: AuthenticationService",
        "token_provider = TokenRefreshService",
        "auth_tenant_id=3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f",
        "key: 9b2e61f4-0c3d-4a5b-8e7f-112233445566",
        "secret_id: 0e7c9a52-6b1d-4f3e-a2c8-5d4e3f2a1b0c",
        '"keyVaultSecretId": "6a1f2e3d-4c5b-4a69-8d7e-0f1e2d3c4b5a"',
        r"C:\Users\ADMINI~1\AppData\Local\Temp\claude\x.json",
        r"C:\PROGRA~1\nodejs\node.exe",
        "Clone it into /home/alice/project, then run make.",
        "ssh dev@livecd.local",
        "Tests pass: 42/42",
        "All tests pass: 128/128 (3.2 s)",
        "Claude said: “SECRET_KEY = settings.SECRET_KEY”",
        "« token = config.API_TOKEN »",
        "password_reset_token_expiry: 3600",
        "PASSWORD_MIN_LENGTH=12",
        "token_type: bearer",
        "secretName: my-tls-secret",
        "auth: oauth2",
        "Co-Authored-By: Claude <noreply@anthropic.com>",
        "ping 10.0.0.0/8 is not a host; neither is 172.17.0.1, Docker's bridge",
        "pip install 'grpcio==10.1.2.3'",
        "the emulator reaches the host at 10.0.2.2",
    ],
)
def test_what_only_looks_like_a_secret_is_not_flagged(scanner: Scanner, text: str) -> None:
    assert flagged(scanner, text) == []


# -- new detections --------------------------------------------------------------------------------------


def test_a_url_with_an_empty_user_is_flagged_whatever_its_scheme(scanner: Scanner) -> None:
    password = fake.password()
    for url in (f"redis://:{password}@cache:6379/0", f"rediss://:{password}@r.acme.io", f"https://:{password}@x.io/"):
        assert password in [v for _, v in flagged(scanner, url)], url


def test_webhooks_are_flagged_whole(scanner: Scanner) -> None:
    discord = f"https://discord.com/api/webhooks/{fake.chars(18, '0123456789')}/{fake.mixed(68)}"
    guid = "-".join(fake.chars(n, "0123456789abcdef") for n in (8, 4, 4, 4, 12))
    teams = (
        f"https://acme.webhook.office.com/webhookb2/{guid}@{guid}/IncomingWebhook/"
        f"{fake.chars(32, '0123456789abcdef')}/{guid}/V2{fake.mixed(44)}"
    )
    slack = f"https://hooks.slack.com/services/T{fake.chars(10)}/B{fake.chars(10)}/{fake.mixed(24)}"
    assert len(teams) > 200
    for kind, url in (("discord-webhook", discord), ("microsoft-teams-webhook", teams), ("slack-webhook", slack)):
        assert flagged(scanner, f"curl -X POST -d @msg.json {url}") == [(kind, url)]


def test_a_sentry_dsn_is_flagged_whole(scanner: Scanner) -> None:
    dsn = f"https://{fake.chars(32, '0123456789abcdef')}@o{fake.chars(6, '0123456789')}.ingest.sentry.io/45"
    assert flagged(scanner, f"SENTRY_DSN={dsn}") == [("sentry-dsn", dsn)]


def test_a_private_key_body_without_its_begin_line_is_flagged(scanner: Scanner) -> None:
    body = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + fake.chars(32, fake_b64()) + "\n" + fake.chars(64, fake_b64())
    found = flagged(scanner, f"the key ends with\n{body}\n-----END PRIVATE KEY-----\n")
    assert [k for k, _ in found] == ["private-key"] and body in found[0][1]
    middle = "\n".join(fake.chars(64, fake_b64()) for _ in range(3))
    found = flagged(scanner, f"{middle}\n-----END RSA PRIVATE KEY-----")
    assert [k for k, _ in found] == ["private-key"] and middle in found[0][1]


def fake_b64() -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("ssh deploy@10.20.3.41 'systemctl restart shop'", "private-ip", "10.20.3.41"),
        ("the NAS is at 192.168.178.23:5000", "private-ip", "192.168.178.23"),
        ("psql -h db01.corp.internal -U app", "internal-host", "db01.corp.internal"),
        ("open http://jenkins.acme.lan:8080/job/x", "internal-host", "jenkins.acme.lan"),
        ("rsync -a dist/ nas.home.arpa:/srv", "internal-host", "nas.home.arpa"),
        ("call me on +44 20 7946 0958 after six", "phone-number", "+44 20 7946 0958"),
        ("phone: (415) 555-0132", "phone-number", "(415) 555-0132"),
        ("Mobil: +49 30 12345678", "phone-number", "+49 30 12345678"),
        ("Co-authored-by: Marta Kowalczyk <marta@acme-corp.io>", "person-name", "Marta Kowalczyk"),
        ("Signed-off-by: Nguyễn Văn Khoa <khoa@acme-corp.io>", "person-name", "Nguyễn Văn Khoa"),
        ('git config --global user.name "Lucía Fernández"', "person-name", "Lucía Fernández"),
        ("[user]\n\tname = Jonas Berg\n\temail = jonas@acme-corp.io", "person-name", "Jonas Berg"),
    ],
)
def test_personal_data_of_the_new_kinds_is_flagged(scanner: Scanner, text: str, kind: str, value: str) -> None:
    found = flagged(scanner, text)
    assert (kind, value) in found, found
    assert all(f.category == PII for f in scanner.scan(text) if f.kind == kind)


def test_the_new_kinds_are_personal_data_and_webhooks_are_secrets() -> None:
    kinds = all_kinds()
    for kind in ("private-ip", "internal-host", "phone-number", "person-name"):
        assert kinds[kind] == PII
    for kind in ("discord-webhook", "microsoft-teams-webhook", "slack-webhook", "sentry-dsn"):
        assert kinds[kind] == SECRET
