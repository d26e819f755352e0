"""Round thirty-two (issue 22): holdout23's leaks and false positives as classes, and the widest classes left on
earlier sets: a phone number written as its own country writes it (its trunk prefix and groups) read in that country
only; a person handed something in a few words, or followed by `who`; a word and two digits (or dotted words and a
number) before a note that says what it opens; a name over its brand's mailbox in a package's field; a role mailbox
at a domain the text shows is an organisation's; a name as a path's hyphenated slug. Every case is this file's own,
none a blind set's text.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


def _whole(text: str, secret: str, kind: str) -> bool:
    start = text.index(secret)
    return any(f.kind == kind and f.start <= start and start + len(secret) <= f.end for f in SCANNER.scan(text))


def _kinds(text: str) -> list[tuple[str, str]]:
    return [(f.kind, text[f.start : f.end]) for f in SCANNER.scan(text)]


# -- phones: the grouping says whose number it is -----------------------------------------------------------------

PERSONS_PHONES = [
    # a table's column of people's numbers, written as Argentina writes a Buenos Aires mobile
    ("id,phone_number,plan\n41,011 15-2734-9921,basic\n", "011 15-2734-9921"),
    ("mi celular es 011 15-2734-9921, escribime por WhatsApp", "011 15-2734-9921"),
    # the others' own ways, still found
    ("携帯: 090-4821-7735", "090-4821-7735"),
    ("Tél. portable : 06 47 21 83 95", "06 47 21 83 95"),
    ("my mobile is 0412 731 559", "0412 731 559"),
    ("Ruf mich an: 0172 4839215", "0172 4839215"),
    ("Celular: (21) 98734-5512", "(21) 98734-5512"),
]


@pytest.mark.parametrize(("text", "number"), PERSONS_PHONES)
def test_a_persons_number_written_as_its_country_writes_it_is_found(text: str, number: str) -> None:
    assert _whole(text, number, "phone-number")


BUSINESS_LINES = [
    "Service-Hotline (gebührenfrei): 0800 552 4100",
    "Customer helpline: 0800 552 4100 (free from UK landlines)",
    "Atendimento: 0800 727 4455",
    "Hotline miễn phí: 0800 100 200",
]


@pytest.mark.parametrize("text", BUSINESS_LINES)
def test_a_toll_free_line_written_as_its_country_writes_it_is_no_ones(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "phone-number"]


# -- real names ------------------------------------------------------------------------------------------------------

NAMES = [
    # a given name the gazetteer knows, a family name it does not: what was done to them, or `who` after them
    ("I assigned the follow-up ticket to Omid Sadeghpour, who owns the cron jobs.", "Omid Sadeghpour"),
    ("We escalated the incident to Nadia Kheirabadi after the second page.", "Nadia Kheirabadi"),
    ("Handed the on-call pager over to Nadia Kheirabadi.", "Nadia Kheirabadi"),
    ("The alert went out; Reza Tehrani, whose team runs the queue, acked it.", "Reza Tehrani"),
    ("Le pasé el ticket a Nadia Kheirabadi, quien mantiene el servicio.", "Nadia Kheirabadi"),
    # a person's folder or file, named as a path's slug
    ("cp notes.md docs/1on1/aino-heikkila/2026-01-09.md", "aino-heikkila"),
    ("mv draft.md people/liang-xiuying.md", "liang-xiuying"),
]


@pytest.mark.parametrize(("text", "name"), NAMES)
def test_a_person_named_where_people_sit_is_found(text: str, name: str) -> None:
    assert _whole(text, name, "person-name")


NOT_NAMES = [
    "Ask Platform Team, who owns the service.",
    "We reached out to Google Cloud, who confirmed the outage.",
    "passes the value to Redis Cluster",
    "assigns the value to Redis Cluster",
    "delegated the call to Base Handler",
    "node_modules/date-fns/index.js and node_modules/react-dom/client.js",
    "src/themes/page-field/index.css",
    # a package's author over its own brand's mailbox
    '  "author": "Tallow Works <hello@tallow-works.io>",',
    'maintainer = "Orchard CI <ci@orchard.dev>"',
]


@pytest.mark.parametrize("text", NOT_NAMES)
def test_a_team_a_thing_or_a_brand_is_no_one(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "person-name"]


def test_a_person_over_their_own_mailbox_in_a_package_field_stays_one() -> None:
    text = '  "author": "Kofi Mensah <kofi@mensah.dev>",'
    assert _whole(text, "Kofi Mensah", "person-name")


# -- passwords: the value, then what it opens --------------------------------------------------------------------

PASSWORDS = [
    ("Marmalade42  (that's the one for the NAS admin page, same user)", "Marmalade42"),
    ("Sunshine12 (wifi password)", "Sunshine12"),
    ("Heron.lantern2026  (the one for the backup account)", "Heron.lantern2026"),
]


@pytest.mark.parametrize(("text", "secret"), PASSWORDS)
def test_a_chosen_password_then_its_note_is_found(text: str, secret: str) -> None:
    assert _whole(text, secret, "password-in-text")


@pytest.mark.parametrize(
    "text", ["Ubuntu22  (admin login)", "Python39 (the user account)", "Marmalade42 (see the PR)", "Release42 notes"]
)
def test_a_runtime_or_a_word_without_a_credentials_note_is_no_password(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "password-in-text"]


# -- email: an organisation's role mailbox ------------------------------------------------------------------------

ORGANISATIONS = [
    "From: Lindenfeld <no-reply@lindenfeld.app>\nReply-To: help@lindenfeld.app\n",
    'MAIL_FROM="Kestrel <no-reply@kestrel.dev>"\nMAIL_REPLY_TO=hello@kestrel.dev\n',
    "BOUNCE_ADDRESS=postmaster@quayside.io\nCONTACT=info@quayside.io\n",
]


@pytest.mark.parametrize("text", ORGANISATIONS)
def test_a_role_mailbox_at_an_organisations_domain_is_no_ones(text: str) -> None:
    assert not [k for k in _kinds(text) if k[0] == "email"]


def test_a_persons_mailbox_beside_the_organisations_stays_one() -> None:
    text = "From: Kestrel <no-reply@kestrel.dev>\nCc: maria.lind@kestrel.dev\nReply-To: hello@janelind.me\n"
    emails = [v for k, v in _kinds(text) if k == "email"]
    assert emails == ["maria.lind@kestrel.dev", "hello@janelind.me"]
