"""Issue 22, round thirteen: classes, not cases. Every sentence here was written for this round (none is a set's),
in languages, wordings and vendors the blind sets do not hold, BEFORE the rules were changed (the count on the
parent is in bench/README.md, "Round thirteen"):

- a webhook or deploy-hook intake told by its URL's structure: a path segment naming a hook, a build, a deploy
  or a trigger (`build_hooks`, `deploy_hooks`, `/deploy/`, `/invoke`), or a known intake's path (Bitrix24's
  `/rest/<user>/<key>/`), with a machine-made part after it or a `key=`/`token=` in its query; the URL is
  the credential whole, not only its query's value; a request bin's random first host label (Pipedream);
- a password given with no credential word near it, as the answer to an earlier question: the message is the
  value alone (on its first line, or after `it's`), and the value is plainly a person's choice;
- a person named by a role: a reviewer in other languages, a commit's author (`according to the blame, …
  introduced`), a Korean name before its honorific (`님`, `씨`), a Chinese name before a time word;
- a password given to a command by a flag named for it (`-storepasswd`, `-rfbauth-pass`), or after `-p` where
  `-u USER` came before (any tool), and a login told as `con USER y PASSWORD` (and, et, und, e);
- a vendor's token told after its make (`my Okta key: …`);
- a default meant to be changed (`change-me-in-prod`) is no password.
"""

from __future__ import annotations

import random
import string

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def _random(n: int, seed: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    rng = random.Random(seed)
    kinds = [k for k in (str.isupper, str.islower, str.isdigit) if any(k(c) for c in alphabet)]
    while True:
        body = "".join(rng.choice(alphabet) for _ in range(n))
        if all(any(k(c) for c in body) for k in kinds):
            return body


_LOW = string.ascii_lowercase + string.digits

# -- webhook and deploy-hook intakes by their URL's structure ----------------------------------------------

HOOK_URLS = [
    "https://api.netlify.com/build_hooks/" + _random(24, 1, "0123456789abcdef"),
    "https://api.cloudflare.com/client/v4/pages/webhooks/deploy_hooks/" + _random(32, 2, "0123456789abcdef"),
    "https://api.render.com/deploy/srv-" + _random(20, 3, _LOW) + "?key=" + _random(11, 4),
    "https://gitlab.example.org/api/v4/projects/42/trigger/pipeline?token=" + _random(20, 5, _LOW) + "&ref=main",
    "https://ci.example.net/buildByToken/build?job=nightly&token=" + _random(16, 6),
    "https://jenkins.acme.io/generic-webhook-trigger/invoke?token=" + _random(18, 7),
    "https://acme.bitrix24.de/rest/7/" + _random(16, 8, _LOW) + "/",
    "https://webhook.site/" + "-".join(_random(n, 9 + n, "0123456789abcdef") for n in (8, 4, 4, 4, 12)),
    "https://api.vercel.com/v1/integrations/deploy/prj_" + _random(28, 10) + "/" + _random(10, 11),
    "https://eo" + _random(15, 12, _LOW) + ".m.pipedream.net",
    "https://en" + _random(14, 13, _LOW) + ".x.pipedream.net/",
    "https://cliq.zoho.com/api/v2/channelsbyname/alerts/message?zapikey=" + _random(40, 14, _LOW),
]

HOOK_CONTEXTS = [
    "curl -X POST {u}",
    "DEPLOY_HOOK={u}",
    'webhook: "{u}"',
    "hier ist der Hook, falls du ihn brauchst: {u}",
]


@pytest.mark.parametrize("context", HOOK_CONTEXTS)
@pytest.mark.parametrize("url", HOOK_URLS)
def test_an_intake_url_is_a_credential_whole(scanner: Scanner, url: str, context: str) -> None:
    text = context.format(u=url)
    assert flagged_whole(scanner, text, url.rstrip("/")), text


HOOK_LOOKALIKES = [
    "see https://docs.netlify.com/configure-builds/build-hooks/ for how build hooks work",
    "https://render.com/docs/deploy-hooks explains the deploy key",
    "https://api.example.com/v1/deploy/status?page=2",
    "the jenkins job at https://ci.example.net/job/nightly/build?delay=0sec",
    "https://www.bitrix24.com/apps/webhooks.php",
    "open https://pipedream.com/docs/workflows/triggers to read about sources",
    "https://m.pipedream.net is the host of request bins",
    "https://github.com/acme/app/settings/hooks/new",
]


@pytest.mark.parametrize("text", HOOK_LOOKALIKES)
def test_a_page_about_hooks_is_no_credential(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind in ("webhook-url", "url-token")], text


# -- a password given alone, as an answer ---------------------------------------------------------------

BARE_ANSWERS = [
    ("ah right, it's Gruyere!2019 — same as the old router", "Gruyere!2019"),
    ("Tornado#4412\n\nthat one is for the backup user", "Tornado#4412"),
    ("sorry, c'est Marmotte_77! (with the underscore)", "Marmotte_77!"),
    ("es ist Schwalbe&2020, großes S", "Schwalbe&2020"),
    ("`Quokka%5150`", "Quokka%5150"),
    ("oops, it is Zanzibar@88 with a capital Z", "Zanzibar@88"),
    ("Pel1can$Bay\nsame one we use for the printer", "Pel1can$Bay"),
]


@pytest.mark.parametrize(("text", "value"), BARE_ANSWERS)
def test_a_password_given_alone_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


BARE_LOOKALIKES = [
    "it's v2.4.1-RC1, the release candidate",
    "LGTM!",
    "ok",
    "it's Python3.12 on the box",
    "Fix#1234\n\nthat's the ticket",
    "it's PR#88, merged yesterday",
    "it's utf-8, not latin-1",
    "it's C++17 only",
    "Windows11 it is",
    "it's MyApp2!",
]


@pytest.mark.parametrize("text", BARE_LOOKALIKES)
def test_a_one_word_reply_is_no_password(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if "password" in f.kind], text


# -- people named by a role -------------------------------------------------------------------------------

ROLE_NAMES = [
    ("Kannst du Joaquim Esteves Barbosa als Reviewer hinzufügen?", "Joaquim Esteves Barbosa"),
    ("Mets Ingrid Solheim comme relectrice sur la PR", "Ingrid Solheim"),
    ("According to git blame, Tomasz Wróblewski added this retry in 2022.", "Tomasz Wróblewski"),
    ("Per the blame, Anneliese Vogt wrote the original parser.", "Anneliese Vogt"),
    ("박서준님이 승인해 주셨어요", "박서준"),
    ("최민지 씨가 배포했어요", "최민지"),
    ("这段代码是钱磊昨天提交的", "钱磊"),
    ("on-call this week: Mateus Ferraz", "Mateus Ferraz"),
]


@pytest.mark.parametrize(("text", "value"), ROLE_NAMES)
def test_a_person_named_by_a_role(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


ROLE_LOOKALIKES = [
    "According to the docs, Python introduced this in 3.11.",
    "Per the blame, Dependabot added this bump.",
    "Kannst du das Team als Reviewer hinzufügen?",
    "서버님이 느려요",
    "这段代码是昨天提交的",
    "on-call this week: Platform Team",
]


@pytest.mark.parametrize("text", ROLE_LOOKALIKES)
def test_a_role_given_to_no_person(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind in ("person-name", "real-name")], text


# -- passwords given to commands and logins with a conjunction --------------------------------------------

COMMAND_PASSWORDS = [
    ("x11vnc -storepasswd Kestrel#2024 ~/.vnc/passwd", "Kestrel#2024"),
    pytest.param(
        "vncpasswd -f <<< 'Orca!7781' > ~/.vnc/passwd",
        "Orca!7781",
        marks=pytest.mark.xfail(reason="a here-string to a program that is no login: not built (round thirteen)"),
    ),
    ("lftp -u deploy -p 'Heron&55' sftp://files.example.org", "Heron&55"),
    ("ncftpget -u backup -p Walrus%909 ftp.example.org . /dump.sql", "Walrus%909"),
    ('tool --user ops -p "Badger!31" sync', "Badger!31"),
]


@pytest.mark.parametrize(("text", "value"), COMMAND_PASSWORDS)
def test_a_password_given_to_a_command(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


CONJUNCTION_LOGINS = [
    ("entra con soporte y Jacaranda77! en el panel de Moodle", "Jacaranda77!"),
    ("connecte-toi avec compta et Mimosa#2023 sur le portail", "Mimosa#2023"),
    ("melde dich mit buchhaltung und Edelweiss$12 im Portal an", "Edelweiss$12"),
    ("accedi con magazzino e Girasole!64 alla dashboard", "Girasole!64"),
]


@pytest.mark.parametrize(("text", "value"), CONJUNCTION_LOGINS)
def test_a_login_told_with_a_conjunction(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


COMMAND_LOOKALIKES = [
    "tar -u -p archive.tar",
    "ps -u deploy -p 1234",
    "entra con calma y paciencia en el panel",
    "docker run -u 1000 -p 8080:80 nginx",
]


@pytest.mark.parametrize("text", COMMAND_LOOKALIKES)
def test_a_flag_pair_that_is_no_login(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if "password" in f.kind], text


# -- a vendor token told after its make; a default meant to be changed ---------------------------------------

VENDOR_TOLD = [
    ("here's my Okta key, use it for now: 00" + _random(40, 30), "00" + _random(40, 30)),
    (
        "the Mailgun key (temp): "
        + _random(32, 31, "0123456789abcdef")
        + "-"
        + _random(8, 32, "0123456789abcdef")
        + "-"
        + _random(8, 33, "0123456789abcdef"),
        None,
    ),
    ("Algolia admin key → " + _random(32, 34, "0123456789abcdef"), None),
]


@pytest.mark.parametrize(("text", "value"), VENDOR_TOLD)
def test_a_vendor_token_told_after_its_make(scanner: Scanner, text: str, value: str | None) -> None:
    value = value or text.rsplit(" ", 1)[-1]
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    ["DB_PASSWORD=change-me-in-prod", "ADMIN_PASS=please-change-me", "SECRET_KEY=changeme-before-deploy"],
)
def test_a_default_meant_to_be_changed_is_no_password(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


# -- written after dev10 was measured (its one partial): a name written with combining marks ------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("reviewer on this PR is Adébáyọ̀ Ọlọ́runfẹ́mi", "Adébáyọ̀ Ọlọ́runfẹ́mi"),
        ("according to the blame, Nguyễn Thị Ánh introduced this", "Nguyễn Thị Ánh"),
    ],
)
def test_a_name_written_with_combining_marks_is_redacted_whole(scanner: Scanner, text: str, value: str) -> None:
    import unicodedata

    text, value = unicodedata.normalize("NFD", text), unicodedata.normalize("NFD", value)
    assert flagged_whole(scanner, text, value), text


# -- written after dev10 was measured (its two blocked runs): a signature joined into one line ------------------


@pytest.mark.parametrize(
    "text",
    [
        "pasting their reply: Thanks, Bence Mob: [REDACTED:phone-number]",
        "Grüße, Jonas Tel: [REDACTED:phone-number]",
        "Cheers, Amara Cell: [REDACTED:phone-number]",
    ],
)
def test_a_contact_label_after_a_given_name_is_no_family_name(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "person-name"], text


def test_a_role_word_above_a_numbered_option_is_no_table_column(scanner: Scanner) -> None:
    # found by corpus_runs.py (a real session's outline): a role word on a line above at the same column
    text = "Owner of the audio path is unclear.\nOptions:\n1. **Keep ScriptProcessor** (still works) - simpler"
    assert not [f for f in scanner.scan(text) if f.kind == "person-name"], text


def test_retells_own_author_label_is_no_role(scanner: Scanner) -> None:
    # found by dev10's end-to-end run: a prompt writes `AUTHOR:` before each of the author's messages
    text = "[e1] AUTHOR: Das Passwort für den Jenkins-Admin ist [REDACTED:password-in-text], bitte nicht committen"
    assert not [f for f in scanner.scan(text) if f.kind == "person-name"], text
