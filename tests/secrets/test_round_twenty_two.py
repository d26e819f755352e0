"""Issue 22, round twenty-two: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes and languages, BEFORE the rules were changed (the count on the parent is in
bench/README.md, "Round twenty-two").

Look-alikes first (a clean text must stay clean):
- a stored password hash under a password key (a Django fixture's `pbkdf2_sha256$…`, Werkzeug's `scrypt:…$…`,
  crypt's `$2b$…`, `$argon2id$…`, LDAP's `{SSHA}…`): shown, not a password told;
- a mask written as a word in brackets (`[hidden]`, `[FILTERED]`, `<masked>`, `(redacted)`);
- an organisation's report and role mailboxes (`dmarc-reports@`, `tlsrpt@`, `hostmaster@`) in DNS records;
- a CI image's own account in a home path (`C:\\Users\\runneradmin`, `VssAdministrator`, `ContainerAdministrator`);
- phone numbers a regulator reserves for drama and documentation (Ofcom's `07700 900xxx`, `020 7946 0xxx`, …;
  ACMA's `0491 570 xxx`, `(02) 5550 xxxx`) where the text says they are made up (`FAKE_…`, "fictional", "drama").

Then what leaked:
- a name, then what a person says or does, in more languages (`… szerint`, `… каже`, `… reviewt`, `… dice`);
- a change done by a person, named after it (`reviewed by …`, `di-review sama …`, `revisado por …`);
- a display-name mention whose given name the gazetteer lacks (`@Ritika Bhatnagar said`);
- a person's name in a log line's field (`customer="…"`, `full_name="…"`, `name="…"` beside `user_id=`);
- a connect call's arguments written one per line (`DriverManager.getConnection(` ⏎ `url,` ⏎ `user,` ⏎ `"pw")`);
- a chosen password in a code span, given to a login in prose (`restarted it with `…``, `log in with `…``);
- a session cookie's value told beside its name in prose (`the connect.sid cookie (`s%3A…`)`), and Express's
  signed session value told bare;
- payment gateways' server keys by their own prefix (Midtrans `Mid-server-`, Xendit `xnd_production_`, Omise
  `skey_`, Mercado Pago `APP_USR-…`).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags
from scan_support import names as _names

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- look-alikes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a Django fixture, JSON and YAML
        '[{"model": "auth.user", "pk": 3, "fields": {"username": "ops", "password": '
        '"pbkdf2_sha256$720000$q8ZtV1nLxYw2$3mYk0cXbq1v0gWm6Ck2hN0xJdE4s9uPfTr8oQyLzA1k="}}]',
        "  fields:\n    username: support\n    password: argon2$argon2id$v=19$m=102400,t=2,p=8$Zm9vYmFyYmF6$"
        "Jt3Vn0sQyYQ2uFq7wKx1Lw\n",
        # a users table dumped, a bcrypt hash in its password column
        "INSERT INTO users (email, password) VALUES ('ops@example.com', "
        "'$2b$12$KIXQJ6Rz8Wl4uLr1mG2eUOq0x5y1h7wQ9fZp3cVd8sTn2bLk4jA6e');",
        # Werkzeug's hash in a seed file, LDAP's in an LDIF
        'ADMIN = {"user": "admin", "password": "scrypt:32768:8:1$Wq3ZtHk9Lm2P$9f2c4e1a7b3d5f60718293a4b5c6d7e8f9012345'
        '6789abcdef0123456789abcdef"}',
        "dn: uid=backup,ou=people,dc=example,dc=org\nuserPassword: {SSHA}Xk2mP9qR7vT4wY1zA3bC5dE8fG0hJ6kL\n",
        'password_hash = "$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG"',
    ],
)
def test_a_stored_password_hash_is_not_a_password(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [] or all(kind == "email" for kind, _ in _flags(scanner, text)), _flags(
        scanner, text
    )


@pytest.mark.parametrize(
    "text",
    [
        '{"token_type": "Bearer", "access_token": "[hidden]", "expires_in": 3600}',
        'Parameters: {"user"=>{"email"=>"a@example.com", "password"=>"[FILTERED]"}}',
        "DB_PASSWORD=<masked>\nAPI_TOKEN=(redacted)\n",
        'client_secret: "[removed]"\nrefresh_token: "[omitted]"\n',
    ],
)
def test_a_mask_written_as_a_word_in_brackets_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        '_dmarc.northwind.dev. 3600 IN TXT "v=DMARC1; p=reject; rua=mailto:dmarc@northwind.dev; '
        'ruf=mailto:dmarc-forensics@northwind.dev"',
        '_smtp._tls.northwind.dev. IN TXT "v=TLSRPTv1; rua=mailto:tlsrpt@northwind.dev"',
        "northwind.dev. IN SOA ns1.northwind.dev. hostmaster@northwind.dev 2025010101 7200 3600 1209600 3600",
        "v=DMARC1; p=none; rua=mailto:dmarc_agg@northwind.dev,mailto:reports@dmarc.postmarkapp.com",
    ],
)
def test_report_and_role_mailboxes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        r"Error: ENOENT: no such file, open 'C:\Users\runneradmin\AppData\Local\npm-cache\_logs\debug.log'",
        r"##[debug]Copying C:\Users\VssAdministrator\AppData\Local\Temp\tmp12.ps1",
        r"Step 4/9 : COPY . C:\Users\ContainerAdministrator\app",
        "cache dir: /home/gitlab-runner/.cache/pip",
    ],
)
def test_a_ci_images_own_account_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        'TEST_MOBILE = "07700 900123"  # Ofcom drama range',
        "# fake numbers for the fixtures\nphone: +44 7700 900984",
        "Tel: 020 7946 0321 (a fictional number for the screenshot)",
        "in the demo, call the example Leeds office on 0113 496 0799",
        "mobile: 0491 570 156  # ACMA's range for drama",
        "placeholder = {'ph': '(02) 5550 1234'}",
    ],
)
def test_numbers_reserved_for_drama_said_to_be_made_up_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I put your number (020 7946 0321) in the escalation policy", "020 7946 0321"),
        ("on-call mobile: 07700 900461", "07700 900461"),
    ],
)
def test_a_drama_range_number_told_as_someones_stays_a_phone(scanner: Scanner, text: str, value: str) -> None:
    # the earlier blind sets plant these as someone's number; only a text that says it is made up clears it
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


def test_a_real_uk_and_au_number_is_still_found(scanner: Scanner) -> None:
    assert flagged_whole(scanner, "mobile: 07911 123456", "07911 123456")
    assert flagged_whole(scanner, "mobile: 0412 345 678", "0412 345 678")


# -- names --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Kovács Bence szerint a cache túl korán jár le", "Kovács Bence"),
        ("Олена Ковальчук каже, що деплой зламався", "Олена Ковальчук"),
        ("Дмитрий Соколов говорит, что база упала", "Дмитрий Соколов"),
        ("Tavita Faleolo reviewt gerade den PR", "Tavita Faleolo"),
        ("Emre Yıldırım diyor ki test ortamı çöktü", "Emre Yıldırım"),
        ("Sanne de Vries zegt dat de build groen is", "Sanne de Vries"),
        ("Marek Dvořák říká, že migrace prošla", "Marek Dvořák"),
    ],
)
def test_a_name_then_what_a_person_says_in_more_languages(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the migration PR was reviewed by Oluwaseun Adeyemi yesterday", "Oluwaseun Adeyemi"),
        ("PR-nya sudah di-review oleh Dwi Hartono Wibowo", "Dwi Hartono Wibowo"),
        ("el cambio fue revisado por Anahí Quispe Mamani", "Anahí Quispe Mamani"),
        ("Merge request approved by Priyanka Raghunathan", "Priyanka Raghunathan"),
    ],
)
def test_a_change_done_by_a_person(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("@Anjali Raghunathan said the rollout can wait", "Anjali Raghunathan"),
        ("@Kiplagat Kamau can you check the queue?", "Kiplagat Kamau"),
    ],
)
def test_a_display_name_mention_with_an_unknown_given_name(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('level=info msg="order placed" order=8812 customer="Juan Carlos Villanueva"', "Juan Carlos Villanueva"),
        ('12:01:44 WARN signup user_id=77 name="Ngozi Okafor-Eze" plan=pro', "Ngozi Okafor-Eze"),
        ("2025-03-02 INFO audit full_name='Rosa Dimaculangan' action=login", "Rosa Dimaculangan"),
    ],
)
def test_a_persons_name_in_a_log_field(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "@Release Notes bot posted the changelog",
        '2025-03-02 INFO job name="Nightly Backup" status=ok user_id=0',
        'level=info msg="created" customer="Acme Corporation" plan=team',
        "Documentation says the default is fine",
        "the PR was reviewed by Dependabot Preview",
    ],
)
def test_things_in_the_same_places_stay_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []


# -- passwords ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            'Connection c = DriverManager.getConnection(\n    "jdbc:postgresql://db:5432/hr",\n    "hr",\n'
            '    "Lavendel2019!");',
            "Lavendel2019!",
        ),
        ("conn = pymysql.connect(\n    'db.local',\n    'report',\n    'Quokka77#'\n)", "Quokka77#"),
        ("server.login(\n    'alerts@example.com',\n    'Zitrone2020$'\n)", "Zitrone2020$"),
    ],
)
def test_a_connect_calls_arguments_one_per_line(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "The login kept failing with the old value, so I restarted the service with `MarigoldHarbor58` and "
            "it returns 200 now.",
            "MarigoldHarbor58",
        ),
        ("Sign-in works again: I set the admin user to `PistachioLantern24` as you asked.", "PistachioLantern24"),
        ("Der Login ging nicht, ich habe den Container mit `Birkenweg1987` neu gestartet.", "Birkenweg1987"),
    ],
)
def test_a_chosen_password_in_a_code_span_given_to_a_login(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "The login page now renders with `Python312` in the base image.",
        "Sign-in fails on `Windows11` only; I restarted it with `node20` and it works.",
        "The login test was renamed to `LoginFlowTest2` in the suite.",
        "I restarted the login service with `--max-old-space-size=4096`.",
    ],
)
def test_a_version_or_a_name_in_a_code_span_near_a_login_stays_clean(scanner: Scanner, text: str) -> None:
    assert [k for k, _ in _flags(scanner, text) if "password" in k] == [], _flags(scanner, text)


# -- cookies and vendors' keys ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "It is the `PHPSESSID` cookie (`9a7c2f4e1b3d5a6c8e0f2a4b6c8d0e1f`) that keeps you logged in.",
            "9a7c2f4e1b3d5a6c8e0f2a4b6c8d0e1f",
        ),
        (
            "Your browser still sends the sessionid cookie `k3v9x1q7w2e8r4t6y0u5i3o9p1a7s2d4`, clear it first.",
            "k3v9x1q7w2e8r4t6y0u5i3o9p1a7s2d4",
        ),
        (
            "curl kept working because of "
            "s%3ApQ8rT2vX4zB6nD0fH2jK4mN6qS8uW0yA.Zx9Cv8Bn7Mq6Lk5Jh4Gf3Ds2Aa1Pp0Oo9Ii8Uu7Yy6Tt in the jar",
            "s%3ApQ8rT2vX4zB6nD0fH2jK4mN6qS8uW0yA.Zx9Cv8Bn7Mq6Lk5Jh4Gf3Ds2Aa1Pp0Oo9Ii8Uu7Yy6Tt",
        ),
    ],
)
def test_a_session_cookies_value_told_in_prose(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "The `PHPSESSID` cookie (`<session id>`) is set on login.",
        "Set the sessionid cookie with `HttpOnly` and `SameSite=Lax`.",
    ],
)
def test_a_session_cookie_talked_about_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('MIDTRANS_KEY = "Mid-server-Qw7eR9tY2uI4oP6aS8dF0gH1"', "Mid-server-Qw7eR9tY2uI4oP6aS8dF0gH1"),
        ("snap = Snap(server_key='SB-Mid-server-zX3cV5bN7mQ9wE1rT3yU5iO7')", "SB-Mid-server-zX3cV5bN7mQ9wE1rT3yU5iO7"),
        (
            "auth = ('xnd_production_P7kQ2mV9xR4tZ8wB3nL6yC1dF5gH0jK2sA4eU7iO9pQ3rT6vX8zB1nM5', '')",
            "xnd_production_P7kQ2mV9xR4tZ8wB3nL6yC1dF5gH0jK2sA4eU7iO9pQ3rT6vX8zB1nM5",
        ),
        ("Omise.secret_api_key = 'skey_5x8k2m9q4w7e1r3t6y0'", "skey_5x8k2m9q4w7e1r3t6y0"),
        (
            "sdk = mercadopago.SDK('APP_USR-4812937465102938-030512-9f8e7d6c5b4a39281706f5e4d3c2b1a0-1234567890')",
            "APP_USR-4812937465102938-030512-9f8e7d6c5b4a39281706f5e4d3c2b1a0-1234567890",
        ),
    ],
)
def test_a_payment_gateways_server_key_by_its_prefix(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        'MIDTRANS_CLIENT_KEY = "Mid-client-Qw7eR9tY2uI4oP6a"',
        'XENDIT_PUBLIC_KEY = "xnd_public_production_Qw7eR9tY2uI4oP6aS8dF0gH1jK3lZ5xC7vB9nM"',
        "MIDTRANS_SERVER_KEY=Mid-server-xxxxxxxxxxxxxxxxxxxxxxxx",
        "Omise.public_api_key = 'pkey_5x8k2m9q4w7e1r3t6y0'",
    ],
)
def test_a_gateways_public_key_or_mask_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("@Oluwakemi Bhatnagar said the flag can go", "Oluwakemi Bhatnagar"),
        ("@Tsegaye Mensah can you rerun the job?", "Tsegaye Mensah"),
    ],
)
def test_a_mention_whose_given_name_the_gazetteer_lacks(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    ["@Release Notes are out", "@Platform Team please review", "@Github Actions failed again"],
)
def test_a_mention_of_a_thing_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == []
