"""Issue 22, round eighteen: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes (chat prose, .env/YAML/JSON, logs, SQL rows, git output, commit trailers) and languages,
BEFORE the rules were changed (the count on main is in bench/README.md, "Round eighteen").

False positives first, each beside a real value of the same shape that must still be found:
- an address documentation builds from placeholder words (`your.email@…`, `firstname.lastname@…`,
  `vorname.nachname@…`, `…@yourcompany.io`, a documentation person's `john.doe@…`);
- North America's numbers no one has: area code 555 (`(555) 123-4567`), a 555 exchange with no area code;
- a URL whose password is its user's stem and a password word (`dbuser:dbpass`, `proxyuser:proxypass`);
- keys a vendor prints in its own documentation (Stripe's test-mode samples, GitHub's and Slack's examples);
- a sign-off over a team written in a cased script's small letters (`С уважением,` / `команда поддержки`).

Recall:
- a given name alone after a greeting in more languages (`Ciao Giulia!`, `Hej Linnea`, `Cześć Tomasz`, `Привет,
  Дмитрий`, `Xin chào Linh`), and alone under a sign-off (`Cheers,` / `Priya`, `Pozdrawiam,` / `Tomasz`);
- a family name after an honorific (`Dear Mr. Okonkwo`, `Sehr geehrter Herr Schneider`, `Mme Lefebvre`);
- one word in a table's column that holds part of a name (`first_name,last_name` over `Ayşe,Demir`);
- a private key pasted with a quote's `> ` before each line, or as string literals joined in code, and a key as
  `openssl … -text` prints it (its private parts in colon hex).
"""

from __future__ import annotations

from pathlib import Path

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
        "Set ADMIN_EMAIL=your.email@gmail.com in .env before running",
        "e.g. firstname.lastname@company.com",
        "Der Parameter erwartet eine Adresse wie vorname.nachname@gmx.de",
        "Format attendu : prenom.nom@entreprise.fr",
        'notify:\n  to: "nombre.apellido@empresa.com"\n',
        '{"owner": "first.last@yourcompany.io"}',
        "INSERT INTO users (email) VALUES ('john.doe@gmail.com');  -- from the docs",
        "git config --global user.email name.surname@outlook.com  # replace with yours",
    ],
)
def test_addresses_built_from_placeholder_words_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Set ADMIN_EMAIL=sofia.marchetti@gmail.com in .env", "sofia.marchetti@gmail.com"),
        ("Author: Lena Fischer <lena.fischer@gmx.de>", "lena.fischer@gmx.de"),
        ("contact me at me@priya.dev", "me@priya.dev"),
        ('{"owner": "mail@lukas-weber.de"}', "mail@lukas-weber.de"),
        ("INSERT INTO users (email) VALUES ('amelie@entreprise-dupont.fr');", "amelie@entreprise-dupont.fr"),
    ],
)
def test_real_addresses_of_the_same_shape_are_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Call (555) 123-4567 for the demo line in the mockup",
        '<input type="tel" placeholder="(555) 234-5678">',
        "phone: 555-0100  # fictional, from the fixture",
        "SUPPORT_PHONE=555-234-5678",
        '{"phone": "+1 (555) 987-1234"}',
    ],
)
def test_north_american_numbers_no_one_has_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("phone: +1 646 555 0193", "+1 646 555 0193"),
        ("call me at (312) 555-0199", "(312) 555-0199"),
        ("mobile: (415) 823-0132", "(415) 823-0132"),
        ('{"phone": "+1 (206) 555-0142"}', "+1 (206) 555-0142"),
    ],
)
def test_real_numbers_with_a_555_exchange_are_still_phones(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "mysql://dbuser:dbpass@localhost/dbname",
        "proxy: http://proxyuser:proxypass@proxy.example.com:3128",
        "FTP_URL=ftp://ftp_user:ftp_password@ftp.example.com/",
        'DATABASE_URL="postgres://app_user:app_pass@db:5432/app"',
        "export HTTP_PROXY=http://squiduser:squidpwd@proxy.example.com:3128",
    ],
)
def test_a_password_made_of_its_users_stem_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mysql://dbuser:dbpass2024@localhost/x", "dbpass2024"),
        ("mysql://dbuser:Xk29fq!m@localhost/x", "Xk29fq!m"),
        ("proxy: http://proxyuser:Tr0ub4dor77@proxy.acme.io:3128", "Tr0ub4dor77"),
        ("postgres://db:dbpass@h/x", "dbpass"),
    ],
)
def test_a_real_password_beside_such_a_user_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "STRIPE_SECRET_KEY=sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "stripe.api_key = 'sk_test_BQokikJOvBiI2HlWgH4olfQ2'",
        "curl https://api.stripe.com/v1/charges -u sk_test_26PHem9AhJZvU623DfE1x4sd:",
        "Example from the GitHub docs: ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "slack:\n  bot_token: xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy\n",
    ],
)
def test_keys_a_vendor_documents_for_everyone_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("STRIPE_SECRET_KEY=sk_test_7Hq2LmZx9VbR3kTw5NyP1cDf", "sk_test_7Hq2LmZx9VbR3kTw5NyP1cDf"),
        ("GITHUB_TOKEN=ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf", "ghp_Fr2d5Mxp6IfEEXbvosNeob9ePCN3Oy33cCMf"),
        (
            "slack:\n  bot_token: xoxb-29384756102-83746519203-Qm7ZtR2xVb9LkP4wNc8YhJ3d\n",
            "xoxb-29384756102-83746519203-Qm7ZtR2xVb9LkP4wNc8YhJ3d",
        ),
    ],
)
def test_other_keys_of_those_vendors_are_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        # an identifier named `sid`: Windows' security identifiers, a vendor's resource ids
        "USER_SID=S-1-5-21-3623811015-3361044348-30300820-1013",
        "export TWILIO_ACCOUNT_SID=ACa1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6",
        "MESSAGING_SERVICE_SID=MG2b4d6f8a0c1e3f5a7b9c0d2e4f6a8b0c",
        # a sample key with EXAMPLE written into it, for any vendor
        "GOOGLE_API_KEY=AIzaSyA-EXAMPLE-KEY-1234567890abcdefghi",
        "sendgrid:\n  api_key: SG.EXAMPLEkey123456789012.abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ\n",
    ],
)
def test_ids_named_sid_and_sample_keys_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("PHPSESSID=9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
        ("TWILIO_AUTH_TOKEN=9f8e7d6c5b4a39281706f5e4d3c2b1a0", "9f8e7d6c5b4a39281706f5e4d3c2b1a0"),
        ("GOOGLE_API_KEY=AIzaSyD4kR9mQ2xZ7vL1nP8tB3wC6yH0jF5gS2a", "AIzaSyD4kR9mQ2xZ7vL1nP8tB3wC6yH0jF5gS2a"),
    ],
)
def test_a_session_a_token_and_a_real_key_beside_them_are_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "С уважением,\nкоманда поддержки",
        "Спасибо,\nотдел эксплуатации",
        "Cheers,\nThe Platform Team",
        "Thanks,\nClaude",
    ],
)
def test_a_sign_off_over_a_team_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 2. recall: a given name where the words around it make it a person -----------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Ciao Giulia! ho sistemato il test", "Giulia"),
        ("Hej Linnea, bygget är grönt", "Linnea"),
        ("Hoi Sanne, de build draait weer", "Sanne"),
        ("Cześć Tomasz, wrzuciłem poprawkę.", "Tomasz"),
        ("Привет, Дмитрий! Деплой прошёл", "Дмитрий"),
        ("Xin chào Linh, mình đã sửa lỗi", "Linh"),
        ("> Servus Henrik,\n> der Runner hängt wieder", "Henrik"),
    ],
)
def test_a_given_name_after_a_greeting_in_more_languages(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    ["Ciao a tutti", "Hej hej, bygget är grönt", "Merhaba dünya", "Привет, мир", "Hoi allemaal", "Ciao Mondo"],
)
def test_a_greeting_to_no_one_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Cheers,\nPriya", "Priya"),
        ("the fix is in, see the PR.\n\nThanks!\nHenrik", "Henrik"),
        ("Pozdrawiam,\nTomasz", "Tomasz"),
        ("Grazie,\nGiulia", "Giulia"),
        ("С уважением,\nДмитрий", "Дмитрий"),
        ("> Best regards,\n> Siobhan", "Siobhan"),
    ],
)
def test_a_given_name_alone_under_a_sign_off(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Dear Mr. Okonkwo, your account is ready", "Okonkwo"),
        ("Sehr geehrter Herr Schneider,\nanbei das Log.", "Schneider"),
        ("Bonjour Mme Lefebvre, le déploiement est fait.", "Lefebvre"),
        ("ping Dr. Nakamura about the cert rotation", "Nakamura"),
        ("Szanowna Pani Nowak,\nw załączniku logi.", "Nowak"),
    ],
)
def test_a_family_name_after_an_honorific(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Dear Mr. President,",
        "Mr. Robot season 2",
        "Dr. Oetker Pizza in the fixture",
        "Dr. Who episodes are our test titles",
    ],
)
def test_an_honorific_before_no_family_name_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("customer_id,first_name,last_name\n101,Ayşe,Demir\n102,Henrik,Lindqvist", "Ayşe"),
        ("customer_id,first_name,last_name\n101,Ayşe,Demir\n102,Henrik,Lindqvist", "Lindqvist"),
        ("id\tvorname\tnachname\n1\tJürgen\tWeiß", "Jürgen"),
        ("id;nom;prenom\n", None),
    ],
)
def test_one_word_in_a_column_of_name_parts(scanner: Scanner, text: str, value: str | None) -> None:
    if value is None:
        assert _flags(scanner, text) == []
    else:
        assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "id,first_name,last_name,plan\n1,Test,User,pro\n2,Admin,Account,free",
        # documentation's people, row by row (either order)
        "imie,nazwisko,miasto\nJan,Kowalski,Warszawa\n",
        "cognome\tnome\nRossi\tMario\n",
    ],
)
def test_words_under_name_part_columns_that_name_no_one_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # psql's output and a Markdown table: a cell under a column of names or of name parts
        (
            "SELECT * FROM staff;\n id | first_name | last_name\n----+------------+----------\n"
            "  1 | Chidi      | Okafor",
            "Chidi",
        ),
        ("| id | first_name | last_name |\n|---|---|---|\n| 1 | Henrik | Lindqvist |", "Lindqvist"),
        (
            " customer_id | full_name | tier\n-------------+-----------+-----\n 4411 | Wanjiru Kamau | gold",
            "Wanjiru Kamau",
        ),
        ("| name | email |\n| --- | --- |\n| Tomás | t.ferreira@sapo.pt |", "Tomás"),
        # a record written as YAML, unquoted, beside a person's email or phone
        ("owners:\n  - name: Oksana Melnyk\n    email: o.melnyk@ukr.net\n", "Oksana Melnyk"),
        ("- name: Dagny Halvorsen\n  phone: +47 412 34 567", "Dagny Halvorsen"),
    ],
)
def test_a_name_in_a_drawn_table_or_a_yaml_record(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        " id | name          | price\n----+---------------+------\n  1 | Grace Hopper Poster | 12",
        " id | first_name | last_name\n----+------------+----------\n  1 | John       | Doe",
        "| Service | Owner |\n|---|---|\n| billing | platform-team |",
        "| name | version |\n| --- | --- |\n| Django Ninja | 1.1 |",
        "- name: Release Train\n  email: releases@acme.io",
        '{"name": "Platform Oncall", "email": "oncall@acme.io"}',
        "- name: Billing Service\n  port: 8080",
    ],
)
def test_tables_and_records_of_no_one_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 3. recall: private keys in the forms they are pasted ---------------------------------------------------------

_KEY_LINES = [
    "MIIBVAIBADANBgkqhkiG9w0BAQEFAASCAT4wggE6AgEAAkEAqnV0kuP+vUVzTgvW",
    "vKLpe3bX4wetkrcK0HJmpMdP9pehH2SFpxwOnBiEqVRuqOsCZJE832smDqI5rqoW",
    "Lcln/QIDAQABAkBCWQdv6WiM+UxhM4B42hxxHxf22VU5Rx/hdLX5K083lrhjNaKQ",
    "mNtONCv82Wmc+sQRlQRBmFy0DQzCsFBGhATtAiEA4OUKpKzwaAQaBBOjmozkBr5e",
    "4lTKS/GKQKI6KgDtXZ8CIQDCCPmwbBx/dDjjTjFM9INVpUhX7RUFn8prRvl7Xa4c",
    "4wIgYLnCAR+samBRPC2iMQelz0yzjI7BTzZ8qt3bPFOXw6sCIQCBEAdFWiP6gwvz",
    "5ebVES7qoO3lzkTVYNv7T1JSxJUzkQIgDOrC5QQHtVbzDw3WEIc+vnLTvm6aeMFc",
    "VSe6ZQUspzk=",
]


@pytest.mark.parametrize(
    "text",
    [
        # a mail or a chat quoted: `> ` before every line, with and without its armour
        "> -----BEGIN PRIVATE KEY-----\n"
        + "\n".join("> " + line for line in _KEY_LINES)
        + "\n> -----END PRIVATE KEY-----",
        "she pasted this:\n" + "\n".join(">" + line for line in _KEY_LINES[:5]) + "\n> …",
        # string literals joined in code (Python's implicit joining, Java's and JavaScript's `+`)
        "KEY = (\n" + "\n".join(f'    "{line}"' for line in _KEY_LINES) + "\n)",
        'String key = "' + '" +\n    "'.join(_KEY_LINES[:4]) + '";',
        "const key = '" + "\\n' +\n  '".join(_KEY_LINES[:5]) + "';",
    ],
)
def test_a_key_pasted_in_a_quote_or_in_joined_literals_is_found_whole(scanner: Scanner, text: str) -> None:
    for line in _KEY_LINES[1:4]:
        assert flagged_whole(scanner, text, line), (line, _flags(scanner, text))


_OPENSSL_TEXT = """Private-Key: (512 bit, 2 primes)
modulus:
    00:aa:75:74:92:e3:fe:bd:45:73:4e:0b:d6:bc:a2:
    e9:7b:76:d7:e3:07:ad:92:b7:0a:d0:72:66:a4:c7:
    16:2d:c9:67:fd
publicExponent: 65537 (0x10001)
privateExponent:
    42:59:07:6f:e9:68:8c:f9:4c:61:33:80:78:da:1c:
    71:1f:17:f6:d9:55:39:47:1f:e1:74:b5:f9:2b:4f:
    46:84:04:ed
prime1:
    00:e0:e5:0a:a4:ac:f0:68:04:1a:04:13:a3:9a:8c:
    ed:5d:9f
prime2:
    00:c2:08:f9:b0:6c:1c:7f:74:38:e3:4e:31:4c:f4:
    ae:1c:e3
exponent1:
    60:b9:c2:01:1f:ac:6a:60:51:3c:2d:a2:31:07:a5:
    c3:ab
exponent2:
    00:81:10:07:45:5a:23:fa:83:0b:f3:e5:e6:d5:11:
    95:33:91
coefficient:
    0c:ea:c2:e5:04:07:b5:56:f3:0f:0d:d6:10:87:3e:
    a7:39
"""
_EC_TEXT = """$ openssl ec -in key.pem -text -noout
read EC key
Private-Key: (256 bit)
priv:
    82:a2:21:85:25:3b:b0:68:0b:46:7d:95:dd:7e:98:
    ab:d0:8a:8f:a4:15:04:9f:33:ff:b3:5e:92:7e:40:
    b9:d4
pub:
    04:66:d9:00:ee:61:31:81:3d:51:84:74:da:13:76:
    03:f3:7a:fa:d5:e9:5e:63:eb:35:56:80:20:42:c0:
ASN1 OID: prime256v1
"""


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (_OPENSSL_TEXT, "42:59:07:6f:e9:68:8c:f9:4c:61:33:80:78:da:1c:"),
        (_OPENSSL_TEXT, "46:84:04:ed"),
        (_OPENSSL_TEXT, "00:e0:e5:0a:a4:ac:f0:68:04:1a:04:13:a3:9a:8c:"),
        (_OPENSSL_TEXT, "0c:ea:c2:e5:04:07:b5:56:f3:0f:0d:d6:10:87:3e:"),
        (_EC_TEXT, "82:a2:21:85:25:3b:b0:68:0b:46:7d:95:dd:7e:98:"),
        (_EC_TEXT, "b9:d4"),
    ],
)
def test_a_key_as_openssl_text_prints_it(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "Public-Key: (256 bit)\npub:\n    04:66:d9:00:ee:61:31:81:3d:51:84:74:da:13:76:\n"
        "    03:f3:7a:fa:d5:e9:5e:63:eb:35:56:80:20:42:c0:\nASN1 OID: prime256v1",
        "modulus:\n    00:f2:d1:3e:f7:9d:58:e8:ec:34:99:0c:99:41:b1:\n"
        "    0f:d2:a5:a1:64:36:b7:fc:48:20:fc:d9:e1:8e:fe:\n"
        "publicExponent: 65537 (0x10001)",
        "Serial Number:\n    04:00:00:00:00:01:15:4b:5a:c3:94\nSignature Algorithm: sha256WithRSAEncryption",
        "SHA256 Fingerprint=4B:82:5D:C6:42:CB:6E:B9:A0:60:E5:4B:F8:D6:92:88:FB:EE:49:04",
    ],
)
def test_public_parts_and_fingerprints_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- 4. a clean set of ordinary developer lines -------------------------------------------------------------------

_CLEAN_LINES = Path(__file__).parent / "data" / "clean_round_eighteen.txt"


def _clean_texts() -> list[str]:
    lines = _CLEAN_LINES.read_text(encoding="utf-8").splitlines()
    return [line.replace("\\n", "\n").replace("\\t", "\t") for line in lines if line and not line.startswith("# ")]


def test_the_clean_set_is_large_enough() -> None:
    assert len(_clean_texts()) >= 150


@pytest.mark.parametrize("text", _clean_texts())
def test_ordinary_developer_lines_stay_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []
