"""Issue 22, round fifteen: classes, not cases. Every text here was written for this round (none is a set's), in
other languages, envelopes and wordings than holdout11's and dev12's, BEFORE the rules were changed (the count on
the parent is in bench/README.md, "Round fifteen"):

- a password given as a passphrase of lowercase words (`lantern-quokka-meridian`) under a password key that is not
  upper case (Java properties, a JDBC or ADO.NET connection string, an INI file);
- a password as a DSL's call with no separator (Gradle's `storePassword 'pw'`, Ruby's `password 'pw'`), and as an
  ARM/CloudFormation parameter's nested `"value"`;
- a password told in chat as the second half of a login pair (`log in as admin, pw`, `user root / pw`), with no
  password word;
- a password after an abbreviation of the word (`mk` in Vietnamese, `mdp` in French, `pw`, `pwd`);
- a password sent alone on the line after a sentence that ends in `is` / `:` (`the password for the nas is` ⏎ pw).
Look-alikes stay clean: placeholders, a Kubernetes secret's name, a command's flags, a hash.
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


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("app.mail.smtp.password=lantern-quokka-meridian\n", "lantern-quokka-meridian"),
        (
            "Server=db01;Database=crm;User Id=crm;Password=tundra-pelican-saffron;TrustServerCertificate=true",
            "tundra-pelican-saffron",
        ),
        pytest.param(
            "[database]\nhost = 10.0.0.4\npassword = walnut.osprey.cobalt\n",
            "walnut.osprey.cobalt",
            marks=pytest.mark.xfail(
                reason="dotted words read as an attribute path (`self.db.password`): left", strict=True
            ),
        ),
        ("quarkus.datasource.password: marigold_vortex_plinth", "marigold_vortex_plinth"),
    ],
)
def test_a_passphrase_of_words_under_a_password_key(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('android {\n  signingConfigs {\n    debug {\n      keyPassword "Quetzal#4411"\n    }\n  }\n}', "Quetzal#4411"),
        ("user 'deploy' do\n  password 'Ravioli!2030'\nend", "Ravioli!2030"),
        ('    storePassword = "fennec_7733"\n', "fennec_7733"),
        ('"parameters": {\n  "sqlAdminPassword": {\n    "value": "Tamarind$58"\n  }\n}', "Tamarind$58"),
        ("DbPassword:\n  Type: String\n  Default: 'Hornbill2024!'", "Hornbill2024!"),
    ],
)
def test_a_password_in_a_dsl_call_or_a_nested_value(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("sign in to the nas as root, Quokka1988! and check the shares", "Quokka1988!"),
        ("you can ssh in as deploy / Marmot_55 for now", "Marmot_55"),
        ("melde dich als admin an, Wiesel2021# geht noch", "Wiesel2021#"),
        ("connecte-toi en tant que admin, Bouleau77! marche encore", "Bouleau77!"),
    ],
)
def test_a_password_as_the_second_half_of_a_login_pair(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("mk router là Sen2019@ nhé", "Sen2019@"),
        ("mk: Bamboo88# em đổi rồi", "Bamboo88#"),
        ("le mdp du nas c'est Chouette42!", "Chouette42!"),
        ("pw for the vpn is Kestrel!19", "Kestrel!19"),
    ],
)
def test_a_password_after_an_abbreviation(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the wifi password in the office is\n\nPelican_2024!", "Pelican_2024!"),
        ("das Passwort für den Drucker lautet\nMöwe2023!", "Möwe2023!"),
        ("the admin password for jenkins:\n\nOcelot#771", "Ocelot#771"),
    ],
)
def test_a_password_alone_on_the_line_after_its_sentence(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "spring.datasource.password=your-db-password\n",
        "password: my-app-secret\n",
        "  passwordSecretRef:\n    name: postgres-cluster-credentials\n",
        "storePassword System.getenv('STORE_PASSWORD')\n",
        'keyPassword "${KEY_PASSWORD}"\n',
        "log in as admin, then open the settings page",
        "sign in as root, v2.3.1 should still work",
        "mk là gì vậy anh?",
        "the password for the nas is\n\nin 1Password under Infra",
        "the password hash is\n$2b$12$KIXQJwF8y7Qm2Vb1r9x9UeW2hJ8kH5x6t7y8z9A0b1C2d3E4f5G6H",
    ],
)
def test_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert not [k for k, _ in _flags(scanner, text) if k.startswith("password")], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the pw is Nowhere88! for now", "Nowhere88!"),
        ("lösenordet är Nutella42#", "Nutella42#"),
        ("das Passwort ist Nochmal2023!", "Nochmal2023!"),
    ],
)
def test_a_value_that_starts_like_an_adverb_is_kept_whole(scanner: Scanner, text: str, value: str) -> None:
    # (found on holdout11, a tuning set: `salasana on Nugget2104` lost `Nu` to the adverb `nu`)
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- names in structured data: a key, a column or an INSERT's column naming a person's role ----------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("escalation:\n  approver: Ingrid Halvorsen\n  backup: ops-bot\n", "Ingrid Halvorsen"),
        ('{"meeting": {"organizer": "Tariq Mahmoud", "room": "4B"}}', "Tariq Mahmoud"),
        ("[release]\nreviewer = Agnieszka Kowalczyk\n", "Agnieszka Kowalczyk"),
        ("schedule:\n  - week: 7\n    secondary: Dmitri Volkov\n", "Dmitri Volkov"),
    ],
)
def test_a_name_under_a_role_key(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ticket,approver,state\nOPS-12,Hamid Rezaei,done\n", "Hamid Rezaei"),
        ("pr\tassignee\tlabels\n#91\tLucía Fernández\tbug\n", "Lucía Fernández"),
    ],
)
def test_a_name_in_a_role_column(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "INSERT INTO employees (emp_id, name, email) VALUES (7, 'Grzegorz Brzęczyszczykiewicz', NULL);",
            "Grzegorz Brzęczyszczykiewicz",
        ),
        (
            "insert into users(id, display_name, role)\nvalues\n  (1, 'Nomvula Dlamini', 'admin'),\n"
            "  (2, 'Erik Lindqvist', 'viewer');",
            "Erik Lindqvist",
        ),
        ('INSERT INTO "authors" ("id", "full_name") VALUES (3, \'Chiamaka Eze\');', "Chiamaka Eze"),
    ],
)
def test_a_name_in_an_sql_insert(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "reviewer: Code Owners\napprover: Release Train\n",
        '{"organizer": "Platform Guild"}',
        "ticket,approver,state\nOPS-12,Security Team,done\n",
        "INSERT INTO products (id, name, sku) VALUES (1, 'Blue Widget', 'BW-1');",
        "INSERT INTO cities (id, name) VALUES (1, 'San Francisco');",
        "backup: Daily Snapshots\nprimary: East Region\n",
    ],
)
def test_roles_held_by_no_person_stay_clean(scanner: Scanner, text: str) -> None:
    assert not _names(scanner, text), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "BEGIN:VEVENT\nATTENDEE;ROLE=REQ-PARTICIPANT;CN=Ingrid Halvorsen:mailto:ih@fjord.dev\nEND:VEVENT",
            "Ingrid Halvorsen",
        ),
        ('ORGANIZER;CN="Nguyễn Thu Hà":mailto:ha@lotus.vn', "Nguyễn Thu Hà"),
    ],
)
def test_a_name_in_a_calendar_entry(scanner: Scanner, text: str, value: str) -> None:
    # (written after holdout11's iCalendar cases were seen: a tuning set's class, in other properties)
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


def test_a_calendar_resource_stays_clean(scanner: Scanner) -> None:
    assert not _names(scanner, "ORGANIZER;CN=Release Calendar:mailto:releases@acme.dev")


# -- names where code and chat tools write a person: a TODO's owner, a mention by display name, a login's log line --


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("// FIXME(Ingrid): the retry budget is per host, not global", "Ingrid"),
        ("# NOTE(Tomasz Nowak): kept for the v1 clients", "Tomasz Nowak"),
        ("@Ingrid Halvorsen could you re-run the nightly?", "Ingrid Halvorsen"),
        ("@Yusuf Demir merged it, thanks", "Yusuf Demir"),
        ("Nov 02 10:11:04 api[311]: session opened for user Dmitri Volkov from 10.2.0.7", "Dmitri Volkov"),
    ],
)
def test_a_name_where_a_tool_writes_a_person(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "# TODO(Perf): batch these calls",
        "// FIXME(Windows): paths with spaces",
        "@Override public String toString()",
        "@Component Scan finds it",
        "session opened for user Postgres Admin from 10.0.0.1",
    ],
)
def test_tool_shaped_words_stay_clean(scanner: Scanner, text: str) -> None:
    assert not _names(scanner, text), _flags(scanner, text)
