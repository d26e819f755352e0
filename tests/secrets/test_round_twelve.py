"""Issue 22, round twelve: classes, not cases. Every sentence here was written for this round (none is a set's),
in languages, wordings and vendors the blind sets do not hold, before the rules were changed:

- a password told in chat after a credential noun, in any language the sets use, with no verb between: the
  value is the one password-shaped token of its clause (`пароль к базе Sever2024!, пользователь app`);
- a secret handed to a CLI that stores secrets (`aws secretsmanager … --secret-string`, `az keyvault secret set
  --value`, `… | docker secret create NAME -`, `pulumi config set --secret NAME VALUE`);
- a vendor token told by its own structure (a short lowercase prefix, a separator, a long random body), not by
  a list of vendors;
- a person named by the line's role (`add … as reviewer`, `Attendees:`, `copyright = '2024, …'`, `分配给…`,
  a Japanese name with a space before `さん`);
- a phone number in a messaging app's link (`wa.me/…`, `api.whatsapp.com/send?phone=…`, `viber://…`);
- a webhook told by its host (`hook.<region>.make.com/<token>`, Pipedream, IFTTT);
- a JWK's private part in code with unquoted or single-quoted keys.
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
    while True:  # a random body has every kind of character its alphabet has
        body = "".join(rng.choice(alphabet) for _ in range(n))
        if all(any(k(c) for c in body) for k in kinds):
            return body


# -- passwords told in chat after a credential noun, no verb -------------------------------------------------

TOLD_IN_LANGUAGES = [
    ("hasło do routera w biurze Kasztan2024! — sprawdź czy działa", "Kasztan2024!"),
    ("heslo ke staging databázi Modrin88$, uživatel app", "Modrin88$"),
    ("veritabanı şifresi Gunes2023! olarak ayarlandı, bakar mısın", "Gunes2023!"),
    ("admin şifremiz Kartal55* bu arada", "Kartal55*"),
    ("kata sandi wifi kantor Merpati99! kalau mau tes", "Merpati99!"),
    ("kata laluan pelayan ujian Harimau21# tolong semak", "Harimau21#"),
    ("كلمة السر للخادم Falcon2025# لو سمحت تحقق", "Falcon2025#"),
    ("пароль к базе Sever2024!, пользователь app", "Sever2024!"),
    ("пароль до сервера Kalyna77$ логін admin", "Kalyna77$"),
    ("az admin fiók jelszava Tulipan42! ha kell", "Tulipan42!"),
    ("pass wifi nhà mình Bongsen88@ nha", "Bongsen88@"),
    ("ο κωδικός του router Thalassa9! δεν δουλεύει", "Thalassa9!"),
    ("सर्वर का पासवर्ड Mango2024# है, लॉगिन करके देखो", "Mango2024#"),
    ("รหัสผ่าน wifi ห้องประชุม Chang2024! นะ", "Chang2024!"),
    ("رمز عبور سرور Anar1399! را امتحان کن", "Anar1399!"),
    ("הסיסמה לשרת Tamar2024! תבדוק בבקשה", "Tamar2024!"),
    ("parola pentru contul de admin Brad2024! te rog verifică", "Brad2024!"),
    ("salasana testipalvelimelle Kuusi77# toimii nyt", "Kuusi77#"),
    ("lösenordet till routern Tall2024! funkar inte", "Tall2024!"),
    ("a senha do banco de testes Caju2024! não funciona", "Caju2024!"),
    ("la password del server di test Pino2024! non va", "Pino2024!"),
    ("la contraseña del servidor de pruebas Olivo2024! no funciona", "Olivo2024!"),
    ("wachtwoord voor de admin Tulpen2024! werkt niet meer", "Tulpen2024!"),
    ("het wachtwoord van de router koffie-tulp-regen-fiets, kun je kijken?", "koffie-tulp-regen-fiets"),
    ("the staging password, in case you need it: Pelican.harbor88", "Pelican.harbor88"),
]

NOT_TOLD = [
    "пароль должен быть не короче 12 символов",
    "şifre sıfırlama bağlantısı 24 saat geçerli",
    "kata sandi minimal 8 karakter dan satu angka",
    "the password hashing uses Argon2id now",
    "password policy: min length 12, see RFC7613 for the rules",
    "la contraseña se guarda en Vault, ver ticket OPS-1234",
    "пароль хранится в HashiCorp Vault v1.15",
    "كلمة المرور يجب أن تحتوي على 8 أحرف",
    "hasło musi mieć co najmniej 12 znaków, patrz PR #482",
    "the password field in LoginForm.tsx needs an aria-label",
    "password reset emails go out via SES in eu-west-1",
    "la password viene salvata con bcrypt e salt di 16 byte",
]


@pytest.mark.parametrize(("text", "value"), TOLD_IN_LANGUAGES)
def test_a_password_after_its_noun_is_the_one_chosen_token_of_its_clause(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", NOT_TOLD)
def test_a_sentence_about_passwords_tells_none(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


# -- a secret handed to a CLI that keeps secrets -------------------------------------------------------------

STORED = [
    ("aws secretsmanager create-secret --name prod/db --secret-string 'Harbor2024!'", "Harbor2024!"),
    ('aws secretsmanager put-secret-value --secret-id prod/db --secret-string "Lantern77#"', "Lantern77#"),
    ("aws ssm put-parameter --name /app/api_password --value Granite2024! --type SecureString", "Granite2024!"),
    ("az keyvault secret set --vault-name kv1 --name DbPass --value 'Meadow2024#'", "Meadow2024#"),
    ("echo -n 'Quartz2024!' | gcloud secrets create db-password --data-file=-", "Quartz2024!"),
    ("printf '%s' 'Copper77$' | gcloud secrets versions add db-password --data-file=-", "Copper77$"),
    ("echo 'Walnut2024!' | docker secret create db_pass -", "Walnut2024!"),
    ('echo "Thistle88#" | podman secret create db_pass -', "Thistle88#"),
    ("echo 'Saffron2024!' | npx wrangler secret put DB_PASSWORD", "Saffron2024!"),
    ("pulumi config set --secret dbPassword Juniper2024!", "Juniper2024!"),
    ("pulumi config set dbPassword 'Hemlock2024!' --secret", "Hemlock2024!"),
    ('dotnet user-secrets set "Db:Password" "Hazel2024!"', "Hazel2024!"),
    ("netlify env:set DB_PASSWORD Maple2024#", "Maple2024#"),
    ("security add-generic-password -a deploy -s api -w 'Pebble2024!'", "Pebble2024!"),
    ("ansible-vault encrypt_string 'Cedar2024!' --name 'db_password'", "Cedar2024!"),
    ("echo 'Birch2024!' | vercel env add DB_PASSWORD production", "Birch2024!"),
    ("echo 'Aspen2024!' | firebase functions:secrets:set DB_PASSWORD", "Aspen2024!"),
    ("doppler secrets set DB_PASSWORD 'Willow2024!'", "Willow2024!"),
]

NOT_STORED = [
    "aws ssm put-parameter --name /app/log_level --value debug --type String",
    "az keyvault secret set --vault-name kv1 --name DbPass --file ./secret.txt",
    "echo 'hello' | docker secret create greeting -",
    "pulumi config set aws:region eu-west-1",
    'dotnet user-secrets set "Logging:Level" "Debug"',
    "aws ssm put-parameter --name /app/replicas --value 3 --type String",
    "echo $DB_PASSWORD | docker secret create db_pass -",
    "aws secretsmanager create-secret --name prod/db --secret-string file://creds.json",
]


@pytest.mark.parametrize(("text", "value"), STORED)
def test_a_secret_handed_to_a_secret_store_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", NOT_STORED)
def test_a_secret_store_given_no_secret_flags_nothing(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


# -- a vendor token by its structure -------------------------------------------------------------------------

PREFIXED = [
    ("Error: 401 — key {t} is not valid for this team", "tskey-api-" + _random(12, 1) + "CNTRL-" + _random(30, 2)),
    ("the key {t} stopped working after the rotation", "re_" + _random(8, 3) + "_" + _random(24, 4)),
    ("GROQ said 401 for {t}", "gsk_" + _random(52, 5)),
    ("export it once: {t} then run the job", "r8_" + _random(37, 6)),
    ("request failed (403) using {t}", "pplx-" + _random(48, 7)),
    ("curl https://api.x.ai/v1/models -H 'x-api-key: ' # {t}", "xai-" + _random(80, 8)),
    ("the neon key {t} is in the vault now", "napi_" + _random(64, 9)),
    ("render rejected {t} with 401", "rnd_" + _random(32, 10)),
    ("token {t} was revoked or has expired.", "lin_api_" + _random(40, 11)),
    ("here's the one from the dashboard: {t}", "phc_" + _random(43, 12)),
]

NOT_TOKENS = [
    "re_compile_patternForUserInput2 is slow on long lines",
    "rename test_handles_UTF8_input_correctly to something shorter",
    "the key sk_test_placeholder goes in .env.example",
    "set it to gsk_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX in the example",
    "tmp_buildCache2024_v3_experimentalFlagsOnly was left behind",
    "uuid_123e4567-e89b-12d3-a456-426614174000 is the row id",
    "the artifact build-2024-06-01T12-30-00Z-linux-amd64 is ready",
    "see docs_getting_started_with_the_CLI_v2_0 for details",
]


@pytest.mark.parametrize(("template", "token"), PREFIXED)
def test_a_prefixed_random_token_is_found_by_its_structure(scanner: Scanner, template: str, token: str) -> None:
    text = template.format(t=token)
    assert flagged_whole(scanner, text, token), text


@pytest.mark.parametrize("text", NOT_TOKENS)
def test_a_prefixed_name_is_no_token(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


# -- a person named by the line's role -------------------------------------------------------------------------

ROLES = [
    ("add Takahashi Ren as a reviewer on the PR, he knows the parser", "Takahashi Ren"),
    ("Attendees: Lars Eriksen, Siobhán Ní Bhriain\n- cut the release", "Siobhán Ní Bhriain"),
    ("copyright = '2024, Grzegorz Brzęczyszczykiewicz'", "Grzegorz Brzęczyszczykiewicz"),
    ("把这个任务指派给欧阳娜娜，她熟悉这块", "欧阳娜娜"),
    ("这个需求交给诸葛明来做", "诸葛明"),
    ("このPRは佐々木 蓮さんにレビューしてもらいます", "佐々木 蓮"),
    ("cc Aoife Ní Dhomhnaill on the release notes", "Aoife Ní Dhomhnaill"),
    ("assigned to: Kwabena Mensah-Bonsu", "Kwabena Mensah-Bonsu"),
]

NOT_PEOPLE = [
    "add Redis Cluster as a dependency of the cache module",
    "assign this to Platform Team when it is triaged",
    "Attendees: backend, frontend, QA",
    "copyright = '2024, Acme Corp'",
    "把这个任务分配给后端组",
]


@pytest.mark.parametrize(("text", "value"), ROLES)
def test_a_person_named_by_the_lines_role(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", NOT_PEOPLE)
def test_a_role_given_to_no_person_names_none(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


# -- a phone number in a messaging link; a webhook by its host; a JWK in code -----------------------------------

LINKS = [
    ('<a href="https://wa.me/447911123456">chat</a>', "447911123456"),
    ("https://api.whatsapp.com/send?phone=5511987654321&text=oi", "5511987654321"),
    ("viber://chat?number=%2B380501234567", "380501234567"),
    ("whatsapp://send?phone=919876543210", "919876543210"),
]


@pytest.mark.parametrize(("text", "value"), LINKS)
def test_a_phone_number_in_a_messaging_link(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


HOOKS = [
    "https://hook.us1.make.com/" + _random(32, 20, string.ascii_lowercase + string.digits),
    "https://eo" + _random(15, 21, string.ascii_lowercase + string.digits) + ".m.pipedream.net",  # round thirteen
    "https://maker.ifttt.com/trigger/door_open/with/key/" + _random(22, 22),
]


@pytest.mark.parametrize("url", HOOKS)
def test_a_webhook_told_by_its_host(scanner: Scanner, url: str) -> None:
    text = f"fetch('{url}', {{ method: 'POST' }})"
    assert flagged_whole(scanner, text, url), text


def _b64url(n: int, seed: int) -> str:
    return _random(n, seed, string.ascii_letters + string.digits + "-_")


JWKS = [
    'const key = { kty: "EC", crv: "P-256", x: "{x}", y: "{y}", d: "{d}" };',
    "jwk = {'kty': 'OKP', 'crv': 'Ed25519', 'x': '{x}', 'd': '{d}'}",
    "kty: OKP\ncrv: Ed25519\nx: {x}\nd: {d}\n",
    '{\\"kty\\":\\"OKP\\",\\"crv\\":\\"Ed25519\\",\\"x\\":\\"{x}\\",\\"d\\":\\"{d}\\"}',
]


@pytest.mark.parametrize("template", JWKS)
def test_a_jwk_private_part_in_code(scanner: Scanner, template: str) -> None:
    d = _b64url(43, 31)
    text = template.replace("{x}", _b64url(43, 32)).replace("{y}", _b64url(43, 33)).replace("{d}", d)
    assert flagged_whole(scanner, text, d), text


def test_a_public_jwk_flags_nothing(scanner: Scanner) -> None:
    text = 'const pub = { kty: "OKP", crv: "Ed25519", x: "' + _b64url(43, 34) + '" };'
    assert not scanner.scan(text), text


# -- a password typed at a prompt, told as what was typed (written before the rule; dev9's class) --------------

TYPED = [
    ("ssh kept prompting for the password, I entered Lighthouse42! twice and it still fails", "Lighthouse42!"),
    ('sudo asked for my password and I typed Mirabel88$ but got "Sorry, try again"', "Mirabel88$"),
    ('at the "Password:" prompt I pasted tulpe-regen-fiets-42 and nothing happened', "tulpe-regen-fiets-42"),
    ("the login page said invalid credentials when I tried Kestrel2023# again", "Kestrel2023#"),
]

NOT_TYPED = [
    "I typed npm install and it failed with EACCES",
    "I entered Node18 in the version field",
    "I tried v2.3.1 and the password reset still fails",
    "the login page broke when I typed ./gradlew build",
]


@pytest.mark.parametrize(("text", "value"), TYPED)
def test_a_password_told_as_what_was_typed_at_a_login(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", NOT_TYPED)
def test_what_was_typed_elsewhere_is_no_password(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text
