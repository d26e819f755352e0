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
    ("support line 1-800-555-0199 (toll free)", "1-800-555-0199"),  # North America's trunk prefix
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
