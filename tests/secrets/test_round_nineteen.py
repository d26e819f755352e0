"""Issue 22, round nineteen: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes (.env, JSON, YAML, logs, git output, meeting notes, chat) and languages, BEFORE the rules
were changed (the count on the parent is in bench/README.md, "Round nineteen").

False positives first, each beside a real value of the same shape that must still be found:
- a test number a vendor documents for everyone (Twilio's magic numbers, `+1 500 555 00xx`);
- a form's label under a password key, in the language the form is translated into (`"Confirmar contraseña"`,
  `"Passwort bestätigen"`, `"Повторите пароль"`, `パスワードを確認`).

Recall:
- a push service's URL with its key in the path (Bark's `api.day.app/<key>/`, ServerChan's `<SendKey>.send`,
  Pushcut, a random ntfy topic), told in a log or in prose with no setting's name before it;
- a list of people under a label that says so (`Attendees:`, `Teilnehmer:`, `Participantes:`): once one of them
  is a name the gazetteer knows, the others of the same shape are names too;
- `git log --format='%h %an %s'` output pasted without its command: the author's column, when the same author
  recurs or a bot stands in that column.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- 1. false positives, each with its real twin ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "TWILIO_FROM_NUMBER=+15005550006\n",
        '{"to": "+15005550009", "body": "test"}  // Twilio test credentials: magic number, never delivered',
        "sms:\n  from: '+1 500 555 0006'\n",
        "In the tests I send to +15005550001 to trigger Twilio's invalid-number error (21211).",
        "client.messages.create(to='+15005550004', from_='+15005550006', body='hi')",
    ],
)
def test_a_vendors_documented_test_number_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("TWILIO_FROM_NUMBER=+15125550006\n", "+15125550006"),
        ('{"to": "+14155238886", "body": "test"}', "+14155238886"),
        ("sms:\n  from: '+1 646 201 0006'\n", "+1 646 201 0006"),
        ("client.messages.create(to='+447911123456', from_='+15005550006', body='hi')", "+447911123456"),
    ],
)
def test_a_real_number_beside_or_instead_of_it_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        '{\n  "password": "Contraseña",\n  "confirm_password": "Confirmar contraseña"\n}\n',
        '{"confirm_password": "Passwort bestätigen", "new_password": "Neues Passwort"}',
        '{"new_password": "Nueva contraseña"}',
        'auth:\n  password: "Potwierdź hasło"\n',
        '{"password_repeat": "Повторите пароль"}',
        '{"password": "Şifreyi onayla"}',
        'confirm_password = "Wachtwoord bevestigen"\n',
        '{"confirmPassword": "パスワードを確認"}',
        '{"password": "Nhập lại mật khẩu"}',
        'password_confirmation: "Confirme sua senha"\n',
    ],
)
def test_a_forms_label_under_a_password_key_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('{"password": "Contraseña2024!"}', "Contraseña2024!"),
        ('{"confirm_password": "Hasło#1987"}', "Hasło#1987"),
        ('auth:\n  password: "Passwort.Sommer24"\n', "Passwort.Sommer24"),
        ('DB_PASSWORD="Wachtwoord 2024!"\n', "Wachtwoord 2024!"),
        ('{"password": "Pescado_Rojo77"}', "Pescado_Rojo77"),
    ],
)
def test_a_password_made_of_such_a_word_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- 2. a push service's URL told with no setting's name ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "[alerts] POST https://api.day.app/q7LmT2xVbN9rKdW4sZpE3a/Deploy%20done -> 200\n",
            "https://api.day.app/q7LmT2xVbN9rKdW4sZpE3a/Deploy%20done",
        ),
        (
            "Ich habe den Bark-Endpunkt `https://api.day.app/Hn3vQ8zLx2WmK5pT7rYc9d/` in die Konfig geschrieben.",
            "https://api.day.app/Hn3vQ8zLx2WmK5pT7rYc9d/",
        ),
        (
            "curl -s 'https://sctapi.ftqq.com/SCT218734TbVx9QmLz2KwP4nRy7HsDfG3.send?title=backup+ok'",
            "https://sctapi.ftqq.com/SCT218734TbVx9QmLz2KwP4nRy7HsDfG3.send?title=backup+ok",
        ),
        (
            "推送地址是 https://api.day.app/Zk4pW9sLm2QxT7vBn3Rc8e/ ，别发到群里",
            "https://api.day.app/Zk4pW9sLm2QxT7vBn3Rc8e/",
        ),
        (
            "requests.post('https://api.pushcut.io/Xv83KqLm2PzR7wTn5BcD/notifications/Build%20failed')",
            "https://api.pushcut.io/Xv83KqLm2PzR7wTn5BcD/notifications/Build%20failed",
        ),
        (
            "notifier: giving up on https://ntfy.sh/ops-7Hq2LmZx9KbT4wPv after 3 attempts",
            "https://ntfy.sh/ops-7Hq2LmZx9KbT4wPv",
        ),
    ],
)
def test_a_push_services_url_with_its_key_in_the_path_is_found_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Bark's API is `https://api.day.app/<device_key>/<title>/<body>`; put the key in BARK_KEY.",
        "curl https://api.day.app/YOUR_KEY/hello",
        "ntfy publishes to a topic: `curl -d hi https://ntfy.sh/mytopic`",
        "docs: https://sctapi.ftqq.com/ explains how to get a SendKey",
        "See https://api.day.app/ for the server; self-host it with docker run finab/bark-server",
        "[notifier] POST https://status.example.com/api/v1/incidents -> 201",
    ],
)
def test_a_push_services_docs_and_placeholders_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 3. names: a list of people, a log's author column ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("## Sync 2025-03-02\nAttendees: Thandiwe Dlamini, Anders Lindqvist, Kagiso Molefe\n", "Thandiwe Dlamini"),
        ("## Sync 2025-03-02\nAttendees: Thandiwe Dlamini, Anders Lindqvist, Kagiso Molefe\n", "Kagiso Molefe"),
        ("Teilnehmer: Jonas Becker; Nomvula Khumalo; Sipho Ndlovu", "Nomvula Khumalo"),
        ("Participantes: Lucía Fernández, Tendai Moyo, Wanjiru Kamau", "Wanjiru Kamau"),
        ("**Present:** Maria Rossi, Oluwaseun Adeyemi, Chidi Okafor", "Chidi Okafor"),
        ("Uczestnicy: Katarzyna Nowak, Bongani Mthembu", "Bongani Mthembu"),
    ],
)
def test_the_others_in_a_list_of_people_are_names_too(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Attendees: Platform Team, Data Eng, Mobile Guild",
        "Participants: Release Train, Security Review",
        "Present: Backend, Frontend, QA",
        "Attendees: see Confluence Page, Calendar Invite",
        "Teilnehmer: alle aus dem Team Infrastruktur",
    ],
)
def test_a_list_of_teams_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "5512093 Emine Karaboğa fix flaky retry test\n"
            "8831100 dependabot[bot] bump lodash from 4.17.20 to 4.17.21\n"
            "0a9d7e2 Emine Karaboğa add backoff\n",
            "Emine Karaboğa",
        ),
        (
            "e0d4b71 Solveig Haugerud refactor the parser\n9a12c3f Solveig Haugerud add tests for dates\n",
            "Solveig Haugerud",
        ),
        (
            "7c3e9f1 - Nilufar Rashidova - corrige o cache\n1b8a0d2 - renovate[bot] - chore(deps): update node\n",
            "Nilufar Rashidova",
        ),
    ],
)
def test_the_author_column_of_git_log_output(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "4f1c2a9 Fix Flaky retry test\nc83b1e0 Bump lodash from 4.17.20 to 4.17.21\n0a9d7e2 Add backoff\n",
        "e0d4b71 Update README for the release\n9a12c3f Update README badges\n",
        "7c3e9f1 Merge Pull request #12 from acme/feature\n1b8a0d2 Merge Pull request #13 from acme/fix\n",
        "a1b2c3d Revert Jest config\nd4e5f6a Revert Jest config again\n",
    ],
)
def test_git_log_oneline_subjects_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 4. a Wi-Fi passphrase under its pre-shared key's name --------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('network={\n    ssid="Werkstatt"\n    psk="mora17%"\n    key_mgmt=WPA-PSK\n}\n', "mora17%"),
        ("[wifi-security]\nkey-mgmt=wpa-psk\npsk=kot!2019\n", "kot!2019"),
        ("wifi:\n  ssid: Casa\n  psk: 'sol#88'\n", "sol#88"),
        ('WIFI_PSK="tigre9$"\n', "tigre9$"),
    ],
)
def test_a_wifi_passphrase_under_psk_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        'network={\n    ssid="Werkstatt"\n    psk="${WIFI_PSK}"\n    key_mgmt=WPA-PSK\n}\n',
        "[wifi-security]\nkey-mgmt=wpa-psk\npsk-flags=1\n",
        "wifi:\n  ssid: Casa\n  psk: <your-passphrase>\n",
        "auth_alg=OPEN\nkey_mgmt=WPA-PSK\nproto=RSN\n",
    ],
)
def test_psk_settings_with_no_passphrase_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []
