"""Issue 22, round twenty-three: classes, not cases. Every text here was written for this round (none is from a blind
set), in several shapes and languages, BEFORE the rules were changed (the count on the parent is in
bench/README.md, "Round twenty-three").

Look-alikes first (a clean text must stay clean), each beside a real value of the same shape that is still found:
- a brand or a company named for its founder (`Ralph Lauren`, `Tim Hortons`, `Dr. Martens`);
- a documentation stand-in written in its own script or with a placeholder given name (`Иван Иванов`, `Вася
  Пупкин`, `Fulana da Silva`, `ישראל ישראלי`);
- a place whose words read as a name (`Santa Cruz`, `Port Elizabeth`, `Fort Collins`, `Victoria Falls`);
- a role account's display name (`QA Viewer`, `UAT Admin`, `SRE Operator`);
- a container's own account in a home path: a service's name (`/home/appuser`, `/home/svc-worker`) or the account
  a Dockerfile creates and runs as (`useradd … kestrel` … `USER kestrel`).

Then what leaked:
- a generated passphrase after a login's user (`log in to the NAS as root, amber-falcon-drizzle-otter`);
- a Mailchimp key whose data centre has one digit (`…-us6`), told bare;
- a GitLab runner token of the routable form (`glrt-t2_…`), whole;
- a key's id and its secret told as a pair (Twilio's `SK… / …`, AWS's `AKIA… / …`);
- a name, then what a person says or does, in Swahili (`… anakagua`, `… alisema`);
- a Persian name with its family name's joiner (`…‌زاده`, `…‌پور`) before a verb of review or speech.
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
        'RETAILERS = ["Ralph Lauren", "Calvin Klein", "Tommy Hilfiger"]',
        "merchants:\n  - Tim Hortons\n  - Johnnie Walker\n  - Hugo Boss\n",
        "| merchant | total |\n| --- | --- |\n| Levi Strauss | 84.10 |\n| Ted Baker | 120.00 |\n",
        '{"brand": "Dr. Martens", "sku": "1460-BLK-42"}',
        "the seed data has orders from Louis Vuitton and Estée Lauder",
    ],
)
def test_a_brand_named_for_its_founder_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        'SAMPLE_CUSTOMERS = ["Иван Иванов", "Вася Пупкин"]',
        '{"full_name": "Иванов Иван Иванович"}',
        "fixtures:\n  - name: Fulana da Silva\n    email: fulana@example.com\n  - name: Mengano Pérez\n",
        'PLACEHOLDERS = ["ישראל ישראלי", "فلان الفلاني"]',
    ],
)
def test_a_documentation_stand_in_in_its_own_script_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "edge        p50_ms\nSanta Barbara   31\nFort Collins    44\nSaint Louis     52\n",
        'POPS = ["Port Elizabeth", "Puerto Vallarta", "Cape Town"]',
        "region       latency\nVictoria Falls  203\nMount Vernon    18\nLake Placid     27\n",
    ],
)
def test_a_place_whose_words_read_as_a_name_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "- login: uat.admin\n  display_name: UAT Admin\n- login: sre.op\n  display_name: SRE Operator\n",
        '{"username": "qa-view", "display_name": "QA Viewer"}',
        "INSERT INTO accounts (login, full_name) VALUES ('e2e', 'E2E Tester');",
    ],
)
def test_a_role_accounts_display_name_stays_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "RUN useradd --create-home --uid 10001 svc-worker\nWORKDIR /home/svc-worker/app\nUSER svc-worker\n",
        "FROM python:3.12-slim\nRUN adduser --disabled-password appuser\nCOPY . /home/appuser/src\n",
        "RUN groupadd -r kestrel && useradd -r -m -g kestrel kestrel\nWORKDIR /home/kestrel\nUSER kestrel\n",
        "volumes:\n  - ./data:/home/app_user/data\n",
    ],
)
def test_a_containers_own_account_in_a_home_path_stays_clean(scanner: Scanner, text: str) -> None:
    assert [k for k, _ in _flags(scanner, text) if k == "home-path"] == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the same shapes, holding a person
        ('REVIEWERS = ["Tim Halvorsen", "Levi Okonkwo"]', "Tim Halvorsen"),
        ('{"full_name": "Иван Петренко"}', "Иван Петренко"),
        ("- login: kasante\n  display_name: Kwame Asante\n", "Kwame Asante"),
        ("assignee: ZHAKSYBEKOV Ruslan\n", "ZHAKSYBEKOV Ruslan"),
        ("FROM node:20\nUSER node\nCOPY /home/priyanka/certs /certs\n", "/home/priyanka"),
        ("sudo useradd -m tomasz\nls /home/tomasz.zielinski/.ssh\n", "/home/tomasz.zielinski"),
    ],
)
def test_a_person_in_the_same_places_is_still_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


# -- what leaked ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("log in to the NAS as root, amber-falcon-drizzle-otter (rotated it yesterday)", "amber-falcon-drizzle-otter"),
        ("ssh in as deploy / quartz-meadow-lantern-fig", "quartz-meadow-lantern-fig"),
        ("melde dich als admin an, kiefer-wolke-anker-birne", "kiefer-wolke-anker-birne"),
    ],
)
def test_a_passphrase_after_a_logins_user(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "log in as admin, then-open-the-settings page",
        "sign in as admin, read-only-by-default is on",
    ],
)
def test_a_slug_after_a_login_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "the newsletter job uses `3f9a0c7e21b84d5f96e0a1c2b3d4e5f6-us6` and gets a 403",
            "3f9a0c7e21b84d5f96e0a1c2b3d4e5f6-us6",
        ),
        ('{"apiKey": "9b1e4c7a2d8f40e6b3a5c9d0e1f2a3b4-us9", "server": "us9"}', "9b1e4c7a2d8f40e6b3a5c9d0e1f2a3b4-us9"),
        ("MC_KEY=0d4c2b9e8a7f41c6b5e3d2a1f0e9c8b7-us14\n", "0d4c2b9e8a7f41c6b5e3d2a1f0e9c8b7-us14"),
    ],
)
def test_a_mailchimp_key_by_its_shape(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


def test_a_hex_digest_with_a_region_word_stays_clean(scanner: Scanner) -> None:
    text = "cache key 00000000000000000000000000000000-us1 and region us-east-1"
    assert _flags(scanner, text) == [], _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("voici celui du runner, garde-le : glrt-t3_Qm8vK2pLz7RwXc4NbT9e", "glrt-t3_Qm8vK2pLz7RwXc4NbT9e"),
        ("ランナー用のはこれ glrt-t1_aB3dE5fG7hJ9kL1mN3pQ5rS7 です", "glrt-t1_aB3dE5fG7hJ9kL1mN3pQ5rS7"),
    ],
)
def test_a_gitlab_runner_token_of_the_routable_form_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "Twilio, nimm erstmal den hier: SK4e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b / Hq7ZtP2mWv9XcL4rBn8KsD3fJy6GeT1a",
            "Hq7ZtP2mWv9XcL4rBn8KsD3fJy6GeT1a",
        ),
        (
            "Twilio: SK0a1b2c3d4e5f60718293a4b5c6d7e8f9:Mn3Bv7Cx1Zl9Kj5Hg2Fd8Sa4Qw6Er0Ty",
            "Mn3Bv7Cx1Zl9Kj5Hg2Fd8Sa4Qw6Er0Ty",
        ),
        (
            "aws keys, use them for now: AKIAZ7Q4M2X9P3L8R5TN / kR8vT2mQ9zX4wL7pN1sB6yH3cJ5dF0gA2eU8iO4",
            "kR8vT2mQ9zX4wL7pN1sB6yH3cJ5dF0gA2eU8iO4",
        ),
    ],
)
def test_a_keys_id_and_its_secret_told_as_a_pair(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Wanjiru Kamau anakagua PR hii, usi-merge bado", "Wanjiru Kamau"),
        ("Baraka Mwangi alisema tusubiri deploy ya kesho", "Baraka Mwangi"),
        ("Choi Jiwon ameidhinisha mabadiliko haya", "Choi Jiwon"),
    ],
)
def test_a_name_then_what_a_person_does_in_swahili(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("این تغییر را داریوش حسن‌زاده بررسی می‌کند", "داریوش حسن‌زاده"),
        ("نیلوفر کریم‌پور گفت که فردا deploy کنیم", "نیلوفر کریم‌پور"),
        ("migration را بهرام تقی‌نژاد تأیید کرد", "بهرام تقی‌نژاد"),
    ],
)
def test_a_persian_name_with_its_joiner_before_a_verb_of_review(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), _flags(scanner, text)


@pytest.mark.parametrize(
    "text",
    [
        "این ابزار کد را بررسی می‌کند",
        "Mfumo huu unakagua PR zote kiotomatiki",
        "Jenkins Pipeline alisema nothing, the build log is empty",
    ],
)
def test_things_said_of_with_those_verbs_stay_clean(scanner: Scanner, text: str) -> None:
    assert _names(scanner, text) == [], _flags(scanner, text)


# -- a heading's typo fix never changes a flagged value -----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value", "fixed"),
    [
        # a name one slip from a word ("Choi" -> "Choir") is a person's, not a typo: the title kept "…r Minseok"
        ("ask Choi Minseok to review the seperate branch", "Choi Minseok", "separate"),
        ("thanks Choi Minseok, wiht that patch we fixed teh login", "Choi Minseok", "the login"),
    ],
)
def test_a_typo_fix_never_changes_a_flagged_value(scanner: Scanner, text: str, value: str, fixed: str) -> None:
    from retell.extract.typos import fix_typos

    assert flagged_whole(scanner, text, value), _flags(scanner, text)
    out = fix_typos(text, set())
    assert value in out and fixed in out, out


def test_a_word_spelled_as_elsewhere_never_changes_a_flagged_value(scanner: Scanner) -> None:
    from retell.extract.typos import spelled_as_elsewhere

    # the session writes "Chio" (a project's word) twice elsewhere; the author's "Choi Minseok" is still a person
    text = "Choi Minseok sagt, der Build ist repariert"
    assert flagged_whole(scanner, text, "Choi Minseok"), _flags(scanner, text)
    out = spelled_as_elsewhere(text, {"chio": 2, "choi": 1})
    assert "Choi Minseok" in out, out
