"""Issue 22, round four: real names, phone numbers and what only looks like them, written from where they
appear in developers' sessions (git's formats, package metadata, licences, sign-offs, the people an author
names) rather than from any evaluation set. Every name and number here is invented for this file.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _flagged_whole(scanner: Scanner, text: str, value: str, kind: str) -> bool:
    start = text.index(value)
    return any(f.kind == kind and f.start <= start and start + len(value) <= f.end for f in scanner.scan(text))


# -- names ---------------------------------------------------------------------------------------------------

NAMES = [
    # a particle glued to the surname
    ("Author: Khalid al-Farsi <khalid@sahra-net.ae>", "Khalid al-Farsi"),
    ("Co-authored-by: Lucien d'Arcourt <lucien@atelier-vrac.fr>", "Lucien d'Arcourt"),
    # a licence that names its holder before the year, or says "by"
    ("Copyright © Fatima Benali 2024", "Fatima Benali"),
    ("Copyright (C) 2024 by Fatima Benali", "Fatima Benali"),
    ("Copyright (c) 2015-present, Ilkka Mäkelä", "Ilkka Mäkelä"),
    # Python's module metadata lists credits as it lists authors
    ("__author__ = 'Fatima Benali'\n__credits__ = ['Kofi Mensah', 'Sven Olsen']", "Kofi Mensah"),
    # git log with a format that prints the author's name
    (
        "$ git log --format='%h %an %s' -2\na1b2c3d Priya Raghunathan fix flaky test\n9f8e7d6 Oskar Lind bump",
        "Oskar Lind",
    ),
    ("$ git log --pretty='%an | %ar | %s'\nPriya Raghunathan | 3 days ago | Add retry\n", "Priya Raghunathan"),
    # an email's or a message's sign-off
    ("Thanks,\nKofi Mensah\nStaff Engineer, Tillwerk GmbH", "Kofi Mensah"),
    ("Can you draft the reply?\n\nBest regards,\n\nWiktoria Zielińska", "Wiktoria Zielińska"),
    ("Viele Grüße\nJürgen Weißmüller", "Jürgen Weißmüller"),
    # a person the author works with, named as such
    ("my colleague Kofi Mensah said the migration is safe", "Kofi Mensah"),
    ("ask my manager Tamsin Achterberg before merging", "Tamsin Achterberg"),
    ("Mein Kollege Jürgen Weißmüller meinte, wir sollten pinnen", "Jürgen Weißmüller"),
    ("mon collègue Éric Lemaître a dit que le cache était froid", "Éric Lemaître"),
    ("Hannelore Quist from the platform team says we should pin it", "Hannelore Quist"),
]


@pytest.mark.parametrize(("text", "name"), NAMES)
def test_a_name_where_developers_write_one_is_found_whole(scanner: Scanner, text: str, name: str) -> None:
    assert _flagged_whole(scanner, text, name, "person-name"), scanner.scan(text)


NOT_NAMES = [
    "@author Generated",  # a code generator's stamp
    "Copyright (c) 2015-present, Facebook, Inc.",
    "Copyright © Microsoft Corporation 2024",
    "Thanks,\nClaude",  # a first name alone says little; an assistant's says nothing
    "Thanks!\nLet me know if the build passes.",
    "Cheers,\nThe Platform Team",
    "my manager said the Release Notes can wait",
    "our CTO Office Hours are on Friday",
    "The Johnson-Lindenstrauss lemma bounds the distortion",
    "class JohnsonCounter:\n    pass",
    "$ git log --format='%h %s'\na1b2c3d Update README.md\n9f8e7d6 Merge pull request #12",  # no %an: no names
    "$ git log --format='%h %an %s'\na1b2c3d Update Release Notes",  # a subject, not a name
]


@pytest.mark.parametrize("text", NOT_NAMES)
def test_what_only_looks_like_a_name_is_left_alone(scanner: Scanner, text: str) -> None:
    assert [f for f in scanner.scan(text) if f.kind == "person-name"] == []


# -- phone numbers -------------------------------------------------------------------------------------------

PHONES = [
    ("PHONE_NUMBER=4155550132", "4155550132"),  # a setting named for it
    ("mobile_no: 09123456789", "09123456789"),
    ('{"phoneNumber": "020 7946 0958"}', "020 7946 0958"),  # camelCase
    # North America's trunk prefix (round thirty-one: a toll-free `1-800-…` line is no one's, so a direct line)
    ("support line 1-415-555-0199 (direct)", "1-415-555-0199"),
    ("Call 1 (415) 555-0132 after nine", "1 (415) 555-0132"),
]


@pytest.mark.parametrize(("text", "number"), PHONES)
def test_a_phone_number_a_setting_names_or_with_its_trunk_prefix_is_found(
    scanner: Scanner, text: str, number: str
) -> None:
    assert _flagged_whole(scanner, text, number, "phone-number"), scanner.scan(text)


NOT_PHONES = [
    "phone: 123-456-7890 (placeholder)",  # a form's example digits
    "PHONE=987-654-3210",
    "phone_id: 48213377",  # a setting about a phone that is not its number
    "contactId: 5512345678",
    "Tests: 42 passed, 42 total\nTime: 3.456 s",
]


@pytest.mark.parametrize("text", NOT_PHONES)
def test_example_digits_and_ids_beside_a_phone_word_are_no_phone(scanner: Scanner, text: str) -> None:
    assert [f for f in scanner.scan(text) if f.kind == "phone-number"] == []


# -- a team's address ----------------------------------------------------------------------------------------


def test_a_teams_address_is_no_persons(scanner: Scanner) -> None:
    text = "Maintainer: Platform Team <platform@tillwerk.de>\nPages go to oncall@tillwerk.de"
    assert scanner.scan(text) == []


# -- a key's body in a command's output ----------------------------------------------------------------------

B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
# A PKCS#8 body printed without its BEGIN line (`kubectl get secret … | base64 -d | sed 1d`): invented.
BODY = [
    "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7Qm2Zr5Tn9Xc4V",
    *("".join(B64[(i * 7 + j * 13) % 64] for j in range(64)) for i in range(1, 12)),
    "Vb7Lk1Hg3Fd6Sa0Pe8Oi2Uy5Tr7Ew9Qz1Xw4Cv6Bn3Mk8Lj0Hg5Fd2Sa7Pq9W==",
]


def test_a_keys_body_in_a_commands_output_is_never_cut_in_its_middle(scanner: Scanner) -> None:
    """The excerpt of a long output keeps its first and last lines: its first lines were the start of a
    body with no BEGIN line, shown alone where no rule could know them for a key's (a partial leak)."""
    from retell.extract.tools import output_excerpt

    body = "\n".join(BODY)
    assert _flagged_whole(scanner, body, body, "private-key")
    excerpt = output_excerpt(body + "\nsecret/ci-key patched\n")
    assert not any(line[:16] in excerpt for line in BODY), excerpt
    assert "secret/ci-key patched" in excerpt
    excerpt = output_excerpt("decoding ci-key\nfrom namespace prod\n" + body)
    assert not any(line[:16] in excerpt for line in BODY), excerpt
    assert excerpt.startswith("decoding ci-key")


def test_an_internal_host_after_a_user_is_found(scanner: Scanner) -> None:
    """`platform@` is a team's address, not a person's: the host it is at is still internal."""
    text = "ssh platform@build01.corp.internal 'systemctl restart agent'"
    assert _flagged_whole(scanner, text, "build01.corp.internal", "internal-host"), scanner.scan(text)


# -- passwords a command or a call sets ------------------------------------------------------------------------

SET = [
    ("sudo -S <<< 'Fuchsbau!24' apt-get update", "Fuchsbau!24"),  # a here-string
    ("gh secret set DB_PASSWORD --body Fuchsbau24", "Fuchsbau24"),
    ("user.set_password('Fuchsbau24')\nuser.save()", "Fuchsbau24"),  # Django
    ("User.objects.create_superuser('admin', 'ops@tillwerk.de', 'Fuchsbau24')", "Fuchsbau24"),
    ("net use Z: \\\\nas\\backup Fuchsbau24 /user:jane", "Fuchsbau24"),  # Windows
]


@pytest.mark.parametrize(("text", "password"), SET)
def test_a_password_a_command_or_a_call_sets_is_found(scanner: Scanner, text: str, password: str) -> None:
    start = text.index(password)
    assert any(f.start <= start and start + len(password) <= f.end for f in scanner.scan(text)), scanner.scan(text)


@pytest.mark.parametrize(
    "text",
    [
        "user.set_password(form.cleaned_data['password'])",
        'gh secret set DB_PASSWORD --body "$DB_PASSWORD"',
        'sudo -S <<< "$SUDO_PASS" true',
        "User.objects.create_user('jane', 'jane@example.com', password)",
    ],
)
def test_a_password_set_from_a_variable_is_left_alone(scanner: Scanner, text: str) -> None:
    assert [f for f in scanner.scan(text) if f.category == "secret"] == []


# -- more of where names are written (found on a second blind set's dev half; values here are new) ---------

MORE_NAMES = [
    # a chat export pasted into a message
    (
        "from #incidents:\n\nTheodora K. Vance  9:12 AM\ndisk is full on the runner\nIbrahim Sallah  9:15 AM\non it",
        "Theodora K. Vance",
    ),
    ("Ibrahim Sallah  [09:15]\nrestarted", None),  # (a 24-hour stamp in brackets: not read, no AM/PM word)
    # Chinese and Japanese: the name up to its honorific or punctuation
    ("这个提交的作者是 王建国，他说缓存要清掉。", "王建国"),
    ("同僚の佐々木健太さんによると、毎晩走るそうです。", "佐々木健太"),
    # a field that holds a person's name
    ('{"id": 7, "displayName": "Siti binti Osman", "role": "admin"}', "Siti binti Osman"),
    ("customer_name: 'Marek Dvořák'", "Marek Dvořák"),
    # a table of people
    ("id,full_name,email\n1,Leilani Kahale,lk@posteo.de\n2,Tobias Grünwald,tg@posteo.de\n", "Tobias Grünwald"),
    ("id\tname\temail\n1\tLeilani Kahale\tlk@posteo.de\n", "Leilani Kahale"),
    # told: the commit's author, someone the author turns to
    ("I amended the commit so the author is Radomir Petrov instead of the CI user.", "Radomir Petrov"),
    ("# Billing: questions to Yael Ben-David until the alias exists", "Yael Ben-David"),
]


@pytest.mark.parametrize(("text", "name"), [case for case in MORE_NAMES if case[1]])
def test_a_name_in_a_chat_a_field_a_table_or_cjk_prose_is_found(scanner: Scanner, text: str, name: str) -> None:
    assert _flagged_whole(scanner, text, name, "person-name"), scanner.scan(text)


@pytest.mark.parametrize(
    "text",
    [
        "id,name,price\n1,Widget Pro,9.99\n2,Gadget Max,19.99\n",  # a product's name
        "id,full_name,email\n",  # the header alone
        '{"displayName": "Guest"}',
        "ask Claude Code to retry",
        "questions to Platform Support",
        "ask Stack Overflow before you file it",
        "contact Customer Service for a refund",
        "I am\nNot Sure  10:42 AM",  # (a phrase over a time)
        "作者发出的消息",  # "messages the author sent": no family name, no honorific
        "同事的电脑坏了，",  # "a colleague's computer broke"
        "作者是一位工程师，",
    ],
)
def test_products_headers_and_teams_are_no_names(scanner: Scanner, text: str) -> None:
    assert [f for f in scanner.scan(text) if f.kind == "person-name"] == []


def test_a_personal_machines_mdns_name_is_personal(scanner: Scanner) -> None:
    text = "$ hostname\nmarens-macbook-air.local\n"
    assert _flagged_whole(scanner, text, "marens-macbook-air.local", "internal-host"), scanner.scan(text)
    assert scanner.scan("redis.default.svc.cluster.local:6379") == []


@pytest.mark.parametrize(
    "text",
    [
        'allowed_peers = ["198.51.100.231", "203.0.113.109"]',  # documentation addresses, not phone numbers
        "inet 172.17.0.1/16 brd 172.17.255.255 scope global docker0",
        "Successfully installed grpcio-1.68.0 quartzlib-10.8.8.84",  # a version glued to its package
        "CELERY_BROKER_URL=amqp://guest:guest@localhost:5672//",  # a default account: user and password the same
        "scp build.tar.gz ubuntu@ec2-3-226-204-47.compute-1.amazonaws.com:/srv/releases/",  # a machine's account
        "$ git remote get-url origin\nhttps://[REDACTED:url-credentials]@github.com/acme/shop.git",  # retell's own
        "The jwt.io sample eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwi"
        "aWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c decodes to sub 1234567890",
        ".map((text, index) => ({ text, token: tokens[index] }))",  # a subscript cut at its `]`
    ],
)
def test_defaults_examples_versions_and_retells_markers_are_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "posted via `https://hooks.slack.com/triggers/T01ABCDEF23/4455667788990/5f0c1e2d3b4a59687766554433221100`;",
            "https://hooks.slack.com/triggers/T01ABCDEF23/4455667788990/5f0c1e2d3b4a59687766554433221100",
        ),
        ("bash: /mnt/c/Users/Ingrid/scoop/shims/node: cannot execute binary file", "/mnt/c/Users/Ingrid"),
        ("use my key sk-or-v1-" + "e1f07a9c3b5d2486" * 4 + " for the eval", "sk-or-v1-" + "e1f07a9c3b5d2486" * 4),
        ("Log in at http://localhost:3000 with `admin` / `Kastanie0113?`; change it", "Kastanie0113?"),
    ],
)
def test_a_value_is_redacted_to_its_end(scanner: Scanner, text: str, value: str) -> None:
    start = text.index(value)
    assert any(f.start <= start and start + len(value) <= f.end for f in scanner.scan(text)), scanner.scan(text)
