"""Issue 22, round fourteen: classes, not cases. Every text here was written for this round (none is a set's), in
languages, scripts, wordings and envelopes the blind sets do not hold, BEFORE the rules were changed (the count on
the parent is in bench/README.md, "Round fourteen"):

- a person's name whose capitals lie outside Latin-1 and Latin Extended-A/B (Vietnamese and Yoruba letters with a
  dot below, Armenian): a capital is any letter Unicode calls upper case;
- a name in a pasted message's signature, under its valediction, the lines quoted (`> Kind regards,` / `> …`);
- a name given as the answer to a question about a person in the same text (`who's on call? I think it's …`);
- a name in a tool's listing of people (`npm view … maintainers`, `git shortlog -sn`);
- a name romanised from a script the gazetteer holds in its own letters (Greek, Persian, Korean, Amharic,
  Marathi) or carrying a Malay patronymic (`bin`, `binti`);
- an Arabic name whose family name carries the article (`ال…`);
- a password after `pass` as a noun owned by what it opens (Hinglish `… ka pass … hai`), and after Korean
  `암호`/`비번` with no particle;
- a private key redacted whole in every envelope, and its body's lines found again wherever a cut or a title
  leaves them without the key's armour.
"""

from __future__ import annotations

import base64
import json
import random
import unicodedata

import pytest
from scan_support import flagged_whole
from scan_support import names as _names

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- names: capitals of every cased script -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Reviewed-by: Ẹniọlá Ṣódípẹ̀ <eniola@acme.dev>", "Ẹniọlá Ṣódípẹ̀"),
        ("Participants: Tomasz Nowak, Ọmọ́tọ́ṣọ̀ Adébísí", "Ọmọ́tọ́ṣọ̀ Adébísí"),
        ("the migration was written by Ứng Thị Ánh last spring", "Ứng Thị Ánh"),
        ("Signed-off-by: Արամ Պետրոսյան <aram@example.am>", "Արամ Պետրոսյան"),
    ],
)
def test_a_name_with_capitals_of_any_cased_script(scanner: Scanner, text: str, value: str) -> None:
    for form in ("NFC", "NFD"):
        t, v = unicodedata.normalize(form, text), unicodedata.normalize(form, value)
        assert flagged_whole(scanner, t, v), (form, t)


# -- names: a quoted signature under its valediction ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "forwarding what they said:\n\n> The fix is live.\n> Kind regards,\n> Tomasz Wiśniewski\n> Account Manager",
            "Tomasz Wiśniewski",
        ),
        (
            "> Wir haben das Zertifikat erneuert.\n> Mit freundlichen Grüßen\n> Henrike Albers\n> Support",
            "Henrike Albers",
        ),
        ("their answer:\n> C'est corrigé.\n> Cordialement,\n> Aurélie Fontaine", "Aurélie Fontaine"),
        (">> thanks for waiting\n>> Warm regards,\n>> Sibusiso Dlamini\n>> Customer Success", "Sibusiso Dlamini"),
    ],
)
def test_a_name_under_a_quoted_valediction(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


# -- names: the answer to a question about a person ----------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("who owns the billing service now? pretty sure it's Kwabena Owusu, ask him", "Kwabena Owusu"),
        ("who's the DBA this sprint? I believe it's Ingrid Solberg but check the rota", "Ingrid Solberg"),
        ("wer hat diese Woche Bereitschaft? ich glaube, es ist Malte Jürgensen", "Malte Jürgensen"),
        ("qui est d'astreinte ce soir ? je crois que c'est Gaëlle Moreau", "Gaëlle Moreau"),
    ],
)
def test_a_name_given_as_the_answer_to_who(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


# -- names: a tool's listing of people ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("$ npm view @acme/ui maintainers\n[ 'Oluwaseun Bakare', 'Inês Carvalho' ]", "Oluwaseun Bakare"),
        ("$ npm view @acme/ui maintainers\n[ 'Oluwaseun Bakare', 'Inês Carvalho' ]", "Inês Carvalho"),
        ("$ git shortlog -sn\n    57\tBogdan Petrescu\n    12\tAiko Tanabe", "Bogdan Petrescu"),
        ("$ npm view left-pad contributors\n[ 'Teodora Vasić' ]", "Teodora Vasić"),
    ],
)
def test_a_name_in_a_listing_of_people(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


# -- names: romanised from another script, or with a patronymic ---------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Evangelia Karagianni merged the hotfix", "Evangelia Karagianni"),
        ("ping Kourosh Rahimi about the quota", "Kourosh Rahimi"),
        ("Abebe Bekele wrote the exporter", "Abebe Bekele"),
        ("Siddharth Deshpande approved it this morning", "Siddharth Deshpande"),
        pytest.param(
            "the release was cut by Ahmad Faizal bin Hassan",
            "Ahmad Faizal bin Hassan",
            marks=pytest.mark.xfail(reason="a Malay name of two given names before `bin`: not built (round fourteen)"),
        ),
        ("ask Theodoros Vlachos about the cache", "Theodoros Vlachos"),
    ],
)
def test_a_romanised_name(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        pytest.param(
            "نورة القحطاني owns the pipeline, check with her",
            "نورة القحطاني",
            marks=pytest.mark.xfail(reason="a given name in -ة the gazetteer lacks: not built (round fourteen)"),
        ),
        ("خالد العتيبي approved the migration", "خالد العتيبي"),
    ],
)
def test_an_arabic_name_with_the_article(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "Attendees: Platform Team, Data Guild",
        "who owns the billing service now? pretty sure it's Stripe Connect, not ours",
        "> Kind regards,\n> The Support Team",
        "$ npm view @acme/ui keywords\n[ 'React Hooks', 'Design System' ]",
        "$ git shortlog -sn\n    57\tDependabot Preview",
        "Nginx Proxy Manager is up on the Raspberry Pi",
        "the Greek Orthodox Easter is on Sunday, Abu Dhabi office closed",
        "Der Kubernetes Operator läuft wieder, Bereitschaft hat das Plattform Team",
    ],
)
def test_no_person_here(scanner: Scanner, text: str) -> None:
    assert not _names(scanner, text), text


# -- passwords ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("yaar jenkins ka pass Kesar@2291 hai, check kar lo", "Kesar@2291"),
        ("router ki pass Tulsi9981! hai", "Tulsi9981!"),
        ("grafana ka pass Lassi#4410 hai bro", "Lassi#4410"),
        ("와이파이 비번 Hanbit2024! 입니다", "Hanbit2024!"),
        ("DB 계정 암호 Sodam#5521 로 설정했어요", "Sodam#5521"),
    ],
)
def test_a_password_after_an_owned_noun(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "sab tests pass ho gaye, 42 of 42",
        "CI ka pass rate 98% hai",
        "boarding pass PNR ABC123 hai",
        "암호화 방식은 AES256 입니다",
    ],
)
def test_no_password_here(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if "password" in f.kind], text


# -- private keys in every envelope ---------------------------------------------------------------------------

_RNG = random.Random(14)


def _b64(n: int) -> str:
    return base64.b64encode(bytes(_RNG.randrange(256) for _ in range(n))).decode()


def _pem(kind: str, size: int) -> str:
    body = _b64(size)
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return f"-----BEGIN {kind}-----\n" + "\n".join(lines) + f"\n-----END {kind}-----"


_RSA = _pem("RSA PRIVATE KEY", 1190)
_EC = _pem("EC PRIVATE KEY", 121)
_DSA = _pem("DSA PRIVATE KEY", 440)
_PKCS8 = _pem("PRIVATE KEY", 1216)
_ENC = _pem("ENCRYPTED PRIVATE KEY", 1298)
_OPENSSH = _pem("OPENSSH PRIVATE KEY", 400)
_PGP = _pem("PGP PRIVATE KEY BLOCK", 900)


def _body(pem: str) -> str:
    return pem.split("\n", 1)[1].rsplit("\n", 1)[0]


ENVELOPES = [
    ("a PKCS#1 key as written", _RSA, _RSA),
    ("a DSA key as written", _DSA, _DSA),
    ("a PGP key block", _PGP, _PGP),
    ("escaped in JSON", json.dumps({"key": _EC}), json.dumps(_EC)[1:-1]),
    ("YAML-indented", "tls:\n  key: |\n    " + _PKCS8.replace("\n", "\n    "), _body(_PKCS8).replace("\n", "\n    ")),
    ("flattened with spaces", "here: " + _EC.replace("\n", " ") + " thanks", _body(_EC).replace("\n", " ")),
    ("an encrypted PKCS#8 key", _ENC, _ENC),
    ("an OpenSSH key in a heredoc", "cat > id_ed25519 <<'EOF'\n" + _OPENSSH + "\nEOF", _OPENSSH),
    (
        "base64 of a PEM",
        "PRIVATE_KEY_B64=" + base64.b64encode(_RSA.encode()).decode(),
        base64.b64encode(_RSA.encode()).decode(),
    ),
]


@pytest.mark.parametrize(("label", "text", "value"), ENVELOPES, ids=[e[0] for e in ENVELOPES])
def test_a_private_key_is_flagged_whole_in_any_envelope(scanner: Scanner, label: str, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), label


_PPK_PRIVATE = "\n".join(_b64(48) for _ in range(4))
OTHER_KEYS = [
    (
        "a PuTTY .ppk's private lines",
        "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: deploy\nPublic-Lines: 2\n"
        + _b64(48)
        + "\n"
        + _b64(20)
        + "\nPrivate-Lines: 4\n"
        + _PPK_PRIVATE
        + "\nPrivate-MAC: "
        + "ab" * 32,
        _PPK_PRIVATE,
    ),
    ("a WireGuard PrivateKey", "[Interface]\nPrivateKey = " + (k := _b64(32)) + "\nAddress = 10.8.0.2/24", k),
    (
        "an age identity",
        "# created: 2026-12-01\nAGE-SECRET-KEY-1"
        + (a := "".join(_RNG.choice("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L") for _ in range(58))),
        "AGE-SECRET-KEY-1" + a,
    ),
    (
        "a JWK's d",
        '{"kty":"OKP","crv":"Ed25519","x":"'
        + _b64(32).rstrip("=")
        + '","d":"'
        + (d := _b64(32).rstrip("=").replace("+", "-").replace("/", "_"))
        + '"}',
        d,
    ),
]


@pytest.mark.parametrize(("label", "text", "value"), OTHER_KEYS, ids=[e[0] for e in OTHER_KEYS])
def test_other_private_keys_are_flagged_whole(scanner: Scanner, label: str, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), label


def _redactor(session_texts: list[str]):  # type: ignore[no-untyped-def]
    from retell.redact import Redactor

    scanner = Scanner()
    known = {}
    for text in session_texts:
        for f in scanner.scan(text):
            known.setdefault(f.value, (f.kind, f.category))
    return Redactor("s14", {}, scanner, known)


@pytest.mark.parametrize(
    ("label", "session", "later"),
    [
        ("a title with the armour's dashes trimmed", _EC.replace("\n", " "), _EC.replace("\n", " ").strip("-")),
        ("a line of the body quoted alone", _RSA, "the line that fails is " + _RSA.split("\n")[5]),
        ("the key's second half in the next message", _PKCS8, "\n".join(_PKCS8.split("\n")[12:])),
        ("a cut after the BEGIN line", _OPENSSH, _OPENSSH.split("\n", 3)[1] + " " + _OPENSSH.split("\n", 3)[2]),
    ],
)
def test_a_keys_body_is_redacted_wherever_it_recurs(label: str, session: str, later: str) -> None:
    redactor = _redactor([session])
    out = redactor.text(later)
    body_lines = [p for p in _body(session.replace(" ", "\n")).split("\n") if len(p) >= 16]
    left = [p for p in body_lines if p[:16] in out]
    assert not left, (label, out[:200])
    assert not redactor.uncleared(out) or all(f.value in redactor.known for _, f in redactor.uncleared(out)), label


# -- a second batch, written before its rules (after the first batch's were built): names by the marks around them


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("@kbaptiste (Kévin Baptiste) can you take a look at the flaky test?", "Kévin Baptiste"),
        ("cc Zanele Khumalo (@zkhumalo) on the rollout", "Zanele Khumalo"),
        ('From: "Lerato Mokoena" <lerato@corp.example>\nSubject: rollback', "Lerato Mokoena"),
        ("To: Joaquín Ibarra <jibarra@corp.example>", "Joaquín Ibarra"),
        ("/infra/terraform/  @acme/platform  # owner: Radosław Kaczmarek", "Radosław Kaczmarek"),
        pytest.param(
            "Zapytaj Tomasza Wiśniewskiego, on to pisał",
            "Tomasza Wiśniewskiego",
            marks=pytest.mark.xfail(reason="a family name in neither gender in the gazetteer (`Nowaka` is found)"),
        ),
        ("спроси у Алексея Смирнова, он это писал", "Алексея Смирнова"),
        pytest.param(
            "Jürgen Webers Änderung hat den Build kaputt gemacht",
            "Jürgen Webers",
            marks=pytest.mark.xfail(reason="a German genitive before a capitalised noun: the run takes the noun in"),
        ),
    ],
)
def test_a_name_by_the_marks_around_it(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "@types/node (TypeScript Definitions) is out of date",
        "From: GitHub Actions <noreply@github.com>",
        "cc Release Engineering (@acme/release) on the rollout",
        "/docs/  @acme/docs  # owner: Docs Team",
        "die Jenkins Pipelines Änderung ist live",
    ],
)
def test_marks_around_no_person(scanner: Scanner, text: str) -> None:
    assert not _names(scanner, text), text


# -- a third batch, from dev11's classes after its before/after were measured (own wordings, written first) ---


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("I changed the admin password to Nopal2031. you can try again", "Nopal2031."),
        ("connect with root and Quetzal77., then run the migration", "Quetzal77."),
        ("  POSTGRES_PASSWORD: Kestrel2044.\n  POSTGRES_DB: app", "Kestrel2044."),
        ("mail.smtp.password=Ocelot1881.\nmail.smtp.port=587", "Ocelot1881."),
        ("sandinya Merbau2290 ya, jangan dibagi", "Merbau2290"),
        ("kata sandinya Jati#4471 untuk server staging", "Jati#4471"),
        ("ho impostato Cedro#2291 come password del database", "Cedro#2291"),
        ("puse Ceiba2024! como contraseña del admin", "Ceiba2024!"),
    ],
)
def test_dev11_password_classes(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "the password is Hunter2024. Then log in as admin.",
        "version: 2.4.",
        "ho impostato Python3 come interprete",
    ],
)
def test_dev11_password_look_alikes(scanner: Scanner, text: str) -> None:
    found = [f for f in scanner.scan(text) if "password" in f.kind]
    assert all(not f.value.endswith(".") for f in found) and "Python3" not in [f.value for f in found], text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("# billing: Oluwatobi Adeyemi (backup: @acme/billing)\n/billing/ @acme/billing", "Oluwatobi Adeyemi"),
        ("# search: Mateus Albuquerque (escalation @acme/search)", "Mateus Albuquerque"),
        pytest.param(
            "Megosztottam a tervet Szabó Katalinnal, ő jóváhagyta.",
            "Szabó Katalinnal",
            marks=pytest.mark.xfail(reason="a Hungarian name family first with no cue: not built (round fourteen)"),
        ),
        ("Sain palautetta Mikko Virtaselta eilen.", "Mikko Virtaselta"),
    ],
)
def test_dev11_name_classes(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    ["Author: Docs Guild\nDate: 2025-06-22", "Author: Platform Chapter", "# search: Elastic Search (see @acme/search)"],
)
def test_dev11_name_look_alikes(scanner: Scanner, text: str) -> None:
    assert not _names(scanner, text), text


def _discord_token(seed: int) -> str:
    rng = random.Random(seed)
    snowflake = str(rng.randrange(10**17, 10**19))
    first = base64.b64encode(snowflake.encode()).decode().rstrip("=")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
    return (
        first
        + "."
        + "".join(rng.choice(alphabet) for _ in range(6))
        + "."
        + "".join(rng.choice(alphabet) for _ in range(38))
    )


@pytest.mark.parametrize(
    "text",
    ["bot.run('{t}')", "DISCORD_BOT={t}", 'await client.login("{t}")', "token: {t}"],
)
def test_a_discord_bot_token_by_its_structure(scanner: Scanner, text: str) -> None:
    # (built in round sixteen: retell/secrets/vendor_shapes.py)
    token = _discord_token(len(text))
    assert flagged_whole(scanner, text.format(t=token), token), text
