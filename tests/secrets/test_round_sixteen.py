"""Issue 22, round sixteen: classes, not cases. Every text here was written for this round (none is a set's), in
other names, languages and wordings than dev12's and holdout11's, BEFORE the rules were changed (the count on main
is in bench/README.md, "Round sixteen"):

- names people write in Latin letters whose gazetteer entry is in Cyrillic, Greek or Hangul (`Dmytro`, `Yevhen
  Kovalenko`, `Vasiliki Papadakis`, `Ji-hoon`), and names typed with accents the gazetteer holds only plain
  (`Pádraig`, `Siobhán`), beside what is said of a person;
- a person addressed at the start of a message (`Yaroslava Tarasenko can you…`, `…, kannst du…`), a chat mention
  by a display name with particles (`@Luuk van der Meer`), Spanish and Portuguese particles (`de las`, `dos`), and
  a person asked in German, Dutch, Spanish or French with the verb after the name (`hab Zeynep gefragt`);
- vendor credentials no keyword announces: New Relic's `NRAK-`/`NRII-` keys, Flutterwave's live `FLWSECK-`, a Tor
  onion service's `ED25519-V3:` key, a WordPress login cookie, a Google Apps Script web app's URL, a Discord bot
  token, a WordPress application password;
- a Sentry endpoint that carries its key in the query (`…/security/?sentry_key=…`, `…/store/?sentry_key=…`),
  flagged whole.
Look-alikes stay clean: products said to say things, masked keys, a Tor request for a new key, a hex dump, dotted
names, Sentry's settings pages.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- 1. names whose gazetteer entry is in another script, or typed with accents ------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Dmytro said the cron job is flaky again", "Dmytro"),
        ("rebase onto Yevhen's branch before you push", "Yevhen"),
        ("Yevhen Kovalenko approved the migration yesterday", "Yevhen Kovalenko"),
        ("ping Vasiliki about the invoice export", "Vasiliki"),
        ("Vasiliki Papadakis owns the billing cron now", "Vasiliki Papadakis"),
        ("Ji-hoon merged it last night, so the tag is out", "Ji-hoon"),
        ("ask Ha-eun whether the fixture is still needed", "Ha-eun"),
        ("thanks Pádraig for the quick fix on the exporter", "Pádraig"),
        ("Siobhán said the staging bucket is hers", "Siobhán"),
    ],
)
def test_a_name_known_by_its_romanised_or_accented_spelling(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- 2. where a person stands: addressed, mentioned, asked, with particles ---------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Yaroslava Tarasenko can you take a look at the failing job", "Yaroslava Tarasenko"),
        ("Nadia Haddad, could you rerun the pipeline when you're back?", "Nadia Haddad"),
        ("Lukas Brandt, kannst du kurz über den Diff schauen?", "Lukas Brandt"),
        ("Amélie Fournier, tu peux regarder la PR avant midi ?", "Amélie Fournier"),
        ("@Luuk van der Meer could you check the nightly export?", "Luuk van der Meer"),
        ("@Inés de la Fuente can you approve the hotfix", "Inés de la Fuente"),
        ("thanks to Rocío de las Heras for the profiling numbers", "Rocío de las Heras"),
        ("INSERT INTO people (id, full_name) VALUES (7, 'Joaquim dos Reis');", "Joaquim dos Reis"),
        ("hab Zeynep gefragt, sie sagt das Schema bleibt so", "Zeynep"),
        ("ik heb Sanne gevraagd of de job nog draait", "Sanne"),
        ("le pregunté a Lucía y dice que el bucket es suyo", "Lucía"),
        ("j'ai demandé à Amélie, elle dit que le cron tourne", "Amélie"),
    ],
)
def test_a_person_addressed_mentioned_or_asked(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


_WP_SEC = (
    "editor%7C1767225600%7CqW3eR5tY7uI9oP1aS3dF5gH7jK9lZ1xC3vB5nM7q"
    "%7C9f8e7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a39281706f5e4d3c2b1a0"
)
_WP_IN = (
    "shop|1767225600|Zx8Cv7Bn6Mm5Ll4Kk3Jj2Hh1Gg0Ff9Dd8Ss7Aa6Qq5|"
    "1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f809"
)
_SENTRY_STORE = "https://sentry.acme.dev/api/12/store/?sentry_version=7&sentry_key=a1b2c3d4e5f60718293a4b5c6d7e8f90"

# -- 3. vendor credentials with no keyword near them --------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "warn: key NRAK-7QF2M9XK4D1ZP0B8WC3T6YH5JLA rejected by the graphql endpoint",
            "NRAK-7QF2M9XK4D1ZP0B8WC3T6YH5JLA",
        ),
        (
            '{"licenseKey": "x", "insert": "NRII-k3Jd9s0qLm2Vx8Rt4Yb7Nc1Pw5Ze6Ua_"}',
            "NRII-k3Jd9s0qLm2Vx8Rt4Yb7Nc1Pw5Ze6Ua_",
        ),
        ("FLW_SK=FLWSECK-9b1e2c3d4f5a6b7c8d9e0f1a2b3c4d5e-X", "FLWSECK-9b1e2c3d4f5a6b7c8d9e0f1a2b3c4d5e-X"),
        (
            "payments.init({ secret: 'FLWSECK-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d-X' })",
            "FLWSECK-0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d-X",
        ),
        (
            "250-ServiceID=k3l2m4n5o6p7q8r9s0t1u2v3w4x5y6z7a8b9c0d1e2f3g4h5i6j7k8l9\n"
            "250-PrivateKey=ED25519-V3:kM3x0+Vq9Tz2LrP8sWdYhJ6nB1cF4gA7eU5iO0pQ2RtS9vXyZ3wN8mK1jH6fG4dC7bA2eR5tY8uI0oP3aS6dF9==\n"
            "250 OK",
            "kM3x0+Vq9Tz2LrP8sWdYhJ6nB1cF4gA7eU5iO0pQ2RtS9vXyZ3wN8mK1jH6fG4dC7bA2eR5tY8uI0oP3aS6dF9==",
        ),
        (
            "controller.create_ephemeral_hidden_service({80: 5000}, key_type='ED25519-V3', "
            "key_content='QWx0ZXJuYXRlS2V5Qm9keUZvclRlc3RpbmdPbmx5UGxlYXNlSWdub3JlVGhpc1ZhbHVlMTIzNDU2Nzg5MDEyMw==')",
            "QWx0ZXJuYXRlS2V5Qm9keUZvclRlc3RpbmdPbmx5UGxlYXNlSWdub3JlVGhpc1ZhbHVlMTIzNDU2Nzg5MDEyMw==",
        ),
        ("Cookie: wordpress_sec_4f1c2a9e8b7d6c5a4f3e2d1c0b9a8f7e=" + _WP_SEC, _WP_SEC),
        ("my cookie is wordpress_logged_in_0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f=" + _WP_IN + " can you see why", _WP_IN),
        (
            "SHEET_SYNC=https://script.google.com/macros/s/AKfycbx7Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz1Xc3Vb5Nm7Qa9Ws1Ed3Rf5Tg7Yh9Uj1Ik3Ol5/exec",
            "https://script.google.com/macros/s/AKfycbx7Qw2Er4Ty6Ui8Op0As2Df4Gh6Jk8Lz1Xc3Vb5Nm7Qa9Ws1Ed3Rf5Tg7Yh9Uj1Ik3Ol5/exec",
        ),
        (
            "fetch('https://script.google.com/a/macros/acme.org/s/AKfycbz0Lk9Mj8Nh7Bg6Vf5Cd4Xs3Za2Qw1Er0Ty9Ui8Op7As6Df5Gh4/exec?sheet=2')",
            "https://script.google.com/a/macros/acme.org/s/AKfycbz0Lk9Mj8Nh7Bg6Vf5Cd4Xs3Za2Qw1Er0Ty9Ui8Op7As6Df5Gh4/exec?sheet=2",
        ),
        (
            "client.login('MTE4NzQ2MjkzMDU1MjQ1NTE2OA.GhK3pQ.x9Lm2Nb7Vc4Xz1As8Df5Gh0Jk3Lq6Wr9Et2Yu5')",
            "MTE4NzQ2MjkzMDU1MjQ1NTE2OA.GhK3pQ.x9Lm2Nb7Vc4Xz1As8Df5Gh0Jk3Lq6Wr9Et2Yu5",
        ),
        (
            'bot.run("OTk4NzY1NDMyMTAxMjM0NTY3.Yx2AbC.q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z")',
            "OTk4NzY1NDMyMTAxMjM0NTY3.Yx2AbC.q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6j7K8l9Z",
        ),
        (
            "curl --user 'editor:Ab3d Xy7Q Lm2n Pq9R St4u Vw6Z' https://blog.example.org/wp-json/wp/v2/posts",
            "Ab3d Xy7Q Lm2n Pq9R St4u Vw6Z",
        ),
        ('WP_APP_PASSWORD="k8Jd 2LmQ x7Pz Rt4v N1bC 9sWe"', "k8Jd 2LmQ x7Pz Rt4v N1bC 9sWe"),
    ],
)
def test_a_vendor_credential_with_no_keyword(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- 4. a Sentry endpoint with its key in the query: the URL is the credential ---------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Content-Security-Policy: script-src 'self'; report-uri "
            "https://o123456.ingest.us.sentry.io/api/4507000000000001/security/?sentry_key=0f1e2d3c4b5a69788796a5b4c3d2e1f0",
            "https://o123456.ingest.us.sentry.io/api/4507000000000001/security/?sentry_key=0f1e2d3c4b5a69788796a5b4c3d2e1f0",
        ),
        ("POST " + _SENTRY_STORE + " 503", _SENTRY_STORE),
    ],
)
def test_a_sentry_endpoint_with_its_key(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- look-alikes ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Kafka said the partition is rebalancing, wait a minute",
        "Sentry said the DSN is invalid, so check the env",
        "Rust can you believe the borrow checker accepts this",
        "Docker Compose, could you even run that on arm64?",
        "ask Postgres for the plan with EXPLAIN ANALYZE",
        "the key NRAK-XXXXXXXXXXXXXXXXXXXXXXXXXXX in the docs is a placeholder",
        "ADD_ONION NEW:ED25519-V3 Flags=DiscardPK Port=80,127.0.0.1:8080",
        "0000 1111 2222 3333 4444 5555 6666 7777  ................",
        "open docs/MAINTAINERS.md.orig.backup and com.example.app.MainActivity",
        "see https://sentry.io/settings/acme/projects/web/keys/ for the DSN",
        "https://script.google.com/home/start and the Apps Script docs",
        # (written after batch 1's rules) a deployment id masked or a placeholder in docs
        "POST to https://script.google.com/macros/s/AKfycbxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx/exec",
        "WEBAPP_URL=https://script.google.com/macros/s/YOUR_DEPLOYMENT_ID_GOES_HERE_PLEASE/exec",
        "hab das Schema gefragt? nein, den Cache",
        "@Override public void run() { Main Thread can you }",
        # a forge's noreply address cut short by a summary (written after dev12's blocked run showed it)
        "Ran `git commit -m 'wip' -m 'Co-authored-by: [REDACTED:person-name] <jmensah@users.noreply.github…",
        "Co-authored-by: [REDACTED:person-name] <4412+tkarlsson@users.noreply.gitl",
    ],
)
def test_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- batch 2 (written after batch 1's rules, before its own): holdout11's other classes, other values -------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("โทรศัพท์มือถือ 081 234 5678 โทรได้ทั้งวัน", "081 234 5678"),
        ("เบอร์มือถือ 0351 15-612-3456 โทรได้ตลอด", "0351 15-612-3456"),
        # (added when main was found to pass the others: an Argentine mobile's `15` shape needs the word)
        ("ติดต่อเบอร์ 011 15-7734-2290 ได้เลย", "011 15-7734-2290"),
        ("नंबर 011 15-6120-4471 पर कॉल करो", "011 15-6120-4471"),
        ("رقم الجوال 050 123 4567 للتواصل", "050 123 4567"),
        ("מספר הטלפון שלי 052-123-4567 אם צריך", "052-123-4567"),
        ("το κινητό μου 691 234 5678 για ό,τι χρειαστείς", "691 234 5678"),
        ("nomor HP saya 0812-3456-7890 ya, kabari kalau ada apa-apa", "0812-3456-7890"),
        ("मेरा मोबाइल नंबर 97412 58360 है", "97412 58360"),
    ],
)
def test_a_phone_said_in_more_languages(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Tulip_2718  (that's the one for the router, same admin as before)", "Tulip_2718"),
        ("Gecko!4410 (the pw for the staging nas)", "Gecko!4410"),
        ("Kranich2023 (das ist das Passwort für die Fritzbox)", "Kranich2023"),
        ("我把数据库的密码改成了Panda2031.，你试一下", "Panda2031."),
        ("路由器密码设成了Lotus_88.，记得改", "Lotus_88."),
    ],
)
def test_a_password_first_then_what_it_is_for(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("error: cannot read /var/home/kwame.asante/.config/app.toml", "/var/home/kwame.asante"),
        ("du -sh /export/home/lhuber/.cache", "/export/home/lhuber"),
    ],
)
def test_a_home_under_another_root(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Release2024 (the branch for the spring launch)",
        # (written after batch 2's rule, from look-alikes tried on it)
        "Node18 (the one for the login service)",
        "PBKDF2 (password stretching)",
        "ubuntu-22.04 (the one for the admin box)",
        "Python3.12 (the one for the login lambda)",
        "v2.3.1 (that's the one for the new API)",
        "README.md (the one for the docs site)",
        "เวอร์ชัน 2024 ราคา 1 500 บาท",
        "nomor pesanan 2024-0815-7731 sudah dikirim",
        "我把版本改成了2.1.0，你试一下",
    ],
)
def test_batch_two_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- batch 3 (written before its rule): a known given name, then a family name the gazetteer lacks but whose
# ending says it is one (Polish -ska, Ukrainian -chuk, Turkish -oğlu, Serbian -ović, Georgian -shvili, Lithuanian)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("2026-03-02T10:11:12Z INFO user Katarzyna Wróblewska logged in", "Katarzyna Wróblewska"),
        ("Oleksandr Kravchuk pushed the hotfix to prod", "Oleksandr Kravchuk"),
        ("the rollback was done by Emre Karaosmanoğlu at 3am", "Emre Karaosmanoğlu"),
        ("Dragan Stojanović opened the incident", "Dragan Stojanović"),
        ("release signed off: Tamar Javakhishvili", "Tamar Javakhishvili"),
        ("audit: Mindaugas Kazlauskaitis exported the ledger", "Mindaugas Kazlauskaitis"),
    ],
)
def test_a_family_name_known_by_its_ending(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Sven Ski Resort booking API",
        "the Nikos Diskio adapter",
        "Luka Design System tokens",
    ],
)
def test_batch_three_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- batch 4 (written before its fix): what holdout11 showed end to end ----------------------------------------


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("Ravenna1907.", "title: Ravenna1907"),
        ("Quokka!2031!", "# Quokka!2031 and the backup job"),
        ("Marmot_77.", "Reset it to Marmot_77, then log in"),
    ],
)
def test_a_known_value_recurring_without_its_last_punctuation(value: str, text: str) -> None:
    """A title or a clause made from the message drops a value's last `.` (`Besiktas1904.  (that's the one…)` became
    the title `Besiktas1904`): the value without it is still the value."""
    from retell.redact import Redactor

    redactor = Redactor("s", {}, Scanner(), {value: ("password-in-text", "secret")})
    cleared = redactor.text(text)
    assert value.rstrip(".!?") not in cleared, cleared


@pytest.mark.parametrize(
    "text",
    [
        "Wordpress_logged_in_0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f=shop%7C1767225600%7CZx8Cv7Bn6Mm5Ll4Kk3Jj2Hh1Gg0Ff9Dd8Ss7Aa6Qq5",
        "WORDPRESS_SEC_4F1C2A9E8B7D6C5A4F3E2D1C0B9A8F7E=editor|1767225600|qW3eR5tY7uI9oP1aS3dF5gH7jK9lZ1xC3vB5nM7q",
    ],
)
def test_a_wordpress_cookie_capitalised_as_a_title_makes_it(scanner: Scanner, text: str) -> None:
    value = text.split("=", 1)[1]
    assert flagged_whole(scanner, text, value), _flags(scanner, text)
