"""Issue 22, round ten: what the seventh blind pair's holdout leaked or cut, by class, with sentences written
here (none the set's).

- a URL's password holding a raw `@` was cut at it (`smtp://me:Zaq1@wsx@host`): half of it leaked;
- a JDBC URL's `host:port/path?…&amp;password=…@…` was read as a user and a password, cutting the real one;
- an encrypted JWT (JWE, five parts, next-auth's session cookie) was not known at all;
- a Solana keypair file (a bare array of 64 bytes) was flagged only beside a word;
- a generated passphrase told as a password (`nemo-soccer-snoopy`) was taken for a slug, and a German
  compound (`Jenkins-Passwort`) was not read as the password word;
- `creds …: user Password1!` (a user and a password side by side after a colon);
- a Japanese sentence's particle let a name's match start at the word before it (`この部分は田中さん`), and a
  Chinese name with a Japanese honorific was not known;
- `frag bitte X` (a softening word between the verb and the person);
- an AUTHORS list of one name;
- a wallet's recovery phrase pasted with no word naming it.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("MAIL_DSN=smtps://noreply%40lumenfield.io:Qwe@rty451@mail.lumenfield.io:465", "Qwe@rty451"),
        ("curl -T build.zip ftp://marta:Bl@ck.Cat99@files.lumenfield.io/uploads/", "Bl@ck.Cat99"),
        ("git remote add origin https://ci-bot:T0k@n@z@git.lumenfield.io/web/app.git", "T0k@n@z"),
        ("REDIS_URL=redis://default:p@ss@word77@cache.lumenfield.io:6379/0", "p@ss@word77"),
    ],
)
def test_a_url_password_with_a_raw_at_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('<dataSource url="jdbc:mysql://db1:3306/crm?user=crm&amp;password=Zx@9vLm!&amp;ssl=true"/>', "Zx@9vLm!"),
        ("spring.datasource.url=jdbc:postgresql://pg:5432/app?user=app&password=Mq@77kP&sslmode=off", "Mq@77kP"),
    ],
)
def test_a_jdbc_query_password_is_not_cut_at_its_at(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


_JWE_RSA = (
    "eyJhbGciOiJSU0EtT0FFUC0yNTYiLCJlbmMiOiJBMTI4Q0JDLUhTMjU2In0.Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA."
    "c2l4dGVlbmJ5dGVzaXY.Y2lwaGVydGV4dC1nb2VzLWhlcmUtYW5kLWlzLWxvbmc.dGFnLWF1dGgtMTZi"
)
_JWE_DIR = (
    "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..aXYtb2YtdHdlbHZl.ZW5jcnlwdGVkLXNlc3Npb24tZGF0YS14eXo.dGFnLTE2Ynl0ZXM"
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"__Secure-authjs.session-token   {_JWE_DIR}", _JWE_DIR),  # as a browser's devtools list it
        (f"the id token came back encrypted:\n{_JWE_RSA}\n", _JWE_RSA),
    ],
)
def test_an_encrypted_jwt_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


def test_five_dotted_parts_with_no_encryption_header_are_not_a_jwe(scanner: Scanner) -> None:
    text = "version eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9..abcdefghij.klmnopqrst.uvwxyzabcd was logged"
    assert not [f for f in scanner.scan(text) if f.kind == "jwt"]


# a real keypair (its last 32 bytes are the Ed25519 public key of its first 32), and 64 random bytes
_KEYPAIR = (
    "[35,213,52,146,114,223,192,32,171,126,34,254,170,230,92,57,98,2,224,107,43,204,45,229,208,184,157,198,112,212,"
    "201,64,183,81,68,201,194,247,204,133,209,118,124,59,51,213,96,28,156,250,199,190,26,10,200,168,199,158,161,5,"
    "225,238,229,111]"
)
_RANDOM_64 = (
    "[108,108,131,156,16,101,23,14,39,131,251,211,243,227,129,101,228,204,199,210,5,205,83,102,116,177,101,165,173,"
    "121,66,141,50,188,129,246,75,168,22,119,93,122,164,84,200,206,177,82,183,172,111,130,62,68,124,159,219,197,43,"
    "10,0,216,10,135]"
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"const payer = Uint8Array.from({_KEYPAIR});", _KEYPAIR),
        (f"{_RANDOM_64}\n", _RANDOM_64),  # a keypair file's whole content (`cat ~/.config/solana/id.json`)
    ],
)
def test_a_solana_keypair_with_no_word_beside_it_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


def test_64_random_bytes_among_code_are_not_a_key(scanner: Scanner) -> None:
    assert not scanner.scan(f"expected = bytes({_RANDOM_64})  # sha512 test vector")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the vault password is copper-lantern-quietly, rotate it after the demo", "copper-lantern-quietly"),
        ("Das WLAN-Passwort ist tiger-ofen-wolke-stern, frag nicht nochmal", "tiger-ofen-wolke-stern"),
        ("le mot de passe du NAS est pomme-tulipe-castor, merci de le changer", "pomme-tulipe-castor"),
        ("Das Admin-Passwort ist Sonnenblume77 – bitte nicht weitergeben", "Sonnenblume77"),
    ],
)
def test_a_told_passphrase_or_a_compound_password_word_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "the password is end-to-end encrypted",
        "the reset-password flow is read-only-mode",
        "my-long-branch-name is up",
        "the admin password is auto-generated-value on first boot",
        "das Passwort ist case-sensitive-und-gehasht",
    ],
)
def test_a_hyphenated_phrase_that_is_no_password_is_left(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("creds for staging: olek@lumenfield Juniper#42 — keep them out of git", "Juniper#42"),
        ("login for the kiosk: frontdesk Tulip2026!", "Tulip2026!"),
    ],
)
def test_a_user_and_password_side_by_side_after_creds_are_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


def test_creds_followed_by_prose_are_left(scanner: Scanner) -> None:
    assert not scanner.scan("credentials: see the vault entry Prod2024 for details")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("この関数は李静怡さんが直しました", "李静怡"),
        ("この部分は佐藤さんに聞いてください", "佐藤"),
        ("Frag bitte Itziar Goikoetxea Arrieta, ob der Build durchlief.", "Itziar Goikoetxea Arrieta"),
        ("Frag mal Ane Urkiola Etxabe, ob der Cron noch läuft.", "Ane Urkiola Etxabe"),
        ("Frag doch Xabier Arregi Lasa nach dem Token.", "Xabier Arregi Lasa"),
    ],
)
def test_a_name_after_a_particle_or_a_softened_ask_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("# Authors, in order of first contribution\n\nOrlaith Vennick\n", "Orlaith Vennick"),
        ("Contributors (alphabetical)\n\nSeren Halvorsdottir\n", "Seren Halvorsdottir"),
    ],
)
def test_an_authors_list_of_one_name_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    ["## Contributors\n\nPull Requests\n\n## License\n", "## Credits\n\nOpen Source\n", "## Authors\n\nCore Team\n"],
)
def test_a_section_line_under_an_authors_heading_is_no_name(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


_PHRASE_12 = "awful swear warfare always hat under wine mix faith bag wife pond"
_PHRASE_24 = (
    "cheap lend rib bitter strong either remind sell stumble muffin main try floor open rifle dune try kind three "
    "scale birth acoustic judge duty"
)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"imported the wallet with {_PHRASE_12} but it shows another address", _PHRASE_12),
        (f"> {_PHRASE_24}\n\nis this valid?", _PHRASE_24),
    ],
)
def test_a_recovery_phrase_with_no_word_naming_it_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "test test test test test test test test test test test junk",  # Hardhat's public phrase
        "we should review the code before merging because every change needs approval from someone on call",
        "alpha beta gamma delta epsilon zeta theta iota kappa lambda sigma omega",
    ],
)
def test_lowercase_words_that_are_no_phrase_are_left(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "private-key"], text


@pytest.mark.parametrize(
    "text",
    [
        '<input name="phone" placeholder="+49 0000 0000000">',
        "mobile: +31 000 000000",
        '{"tel": "+34 000 000 000"}',
    ],
)
def test_a_phone_field_placeholder_of_one_repeated_digit_is_no_number(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text
