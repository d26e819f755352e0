"""The planted-secrets corpus: fake credentials of every family, in the forms and places a coding session
writes them, and ordinary developer prose and code that must not be flagged.

Everything is generated from a seeded random source (no real secret, no token-shaped literal in the
source). `planted(seed)` gives one `Case` per (family, context, escape); `ordinary()` gives the lines that
hold no secret. bench_secrets.py measures detectors on both; tests/secrets/ use the same cases.
"""

from __future__ import annotations

import base64
import json
import random
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import quote

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
B64 = ALNUM + "+/"


@dataclass(frozen=True)
class Case:
    family: str
    context: str  # which template wrapped the value
    escape: str  # raw | json | after-newline-escape | after-url-escape | glued | url-encoded
    text: str
    secret: str  # the value as it appears in `text` (escaped when the escape changed it)

    def spans(self) -> list[tuple[int, int]]:
        out, i = [], self.text.find(self.secret)
        while i >= 0:
            out.append((i, i + len(self.secret)))
            i = self.text.find(self.secret, i + 1)
        return out


class Fake:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def chars(self, n: int, alphabet: str = ALNUM) -> str:
        return "".join(self.rng.choice(alphabet) for _ in range(n))

    def mixed(self, n: int, alphabet: str = ALNUM) -> str:
        """Random characters holding at least one digit, one lower and one upper case letter."""
        while True:
            value = self.chars(n, alphabet)
            wanted = (str.isdigit, str.islower, str.isupper)
            if all(any(test(c) for c in value) for test in wanted if any(test(c) for c in alphabet)):
                return value

    def password(self) -> str:
        words = ["Tr0ub4dor", "Cobalt", "Mango", "Falcon", "Quartz", "Nimbus", "Pepper", "Zephyr"]
        return self.rng.choice(words) + self.chars(3, string.digits) + self.rng.choice("!#%*-_+;,") + self.chars(3)

    def human_password(self) -> str:
        """What people really choose: a word they like (often one a placeholder list would hold) and a year
        or a few digits, sometimes a capital or a mark."""
        word = self.rng.choice(["admin", "Passw0rd", "MySecretPass", "root", "test", "Summer", "letmein", "Welcome"])
        return word + self.rng.choice(["2024", "2023!", "1", "42", "#7", "123"])

    def hex(self, n: int) -> str:
        return self.chars(n, HEX)

    def guid(self) -> str:
        return "-".join(self.hex(n) for n in (8, 4, 4, 4, 12))

    def b64(self, raw_bytes: int) -> str:
        return base64.b64encode(self.rng.randbytes(raw_bytes)).decode()

    def iban(self, country: str = "DE", printed: bool = False) -> str:
        """A made-up IBAN of `country`, valid by ISO 13616: its BBAN as the registry shapes it, random, and the
        check digits computed (no real account's)."""
        classes = {"n": string.digits, "a": string.ascii_uppercase, "c": string.ascii_uppercase + string.digits}
        bban = "".join(self.chars(int(n), classes[k]) for n, k in re.findall(r"(\d+)([nac])", IBAN_BBANS[country]))
        number = country + iban_check_digits(country, bban) + bban
        return " ".join(number[i : i + 4] for i in range(0, len(number), 4)) if printed else number


# (secrets round thirty-eight) national identity numbers, each valid by its own check (made up, no one's)
_TW_CODES = {c: n for n, c in enumerate("ABCDEFGHJKLMNPQRSTUVXYWZIO", start=10)}


def taiwan_id(fake: Fake) -> str:
    """A Taiwanese ID: a letter, 1 or 2, seven digits, and the check digit that makes the weighted sum end in 0."""
    letter = fake.rng.choice("ABCDEFGHJKLMNPQRSTUVXYWZIO")
    body = fake.rng.choice("12") + fake.chars(7, string.digits)
    code = _TW_CODES[letter]
    total = code // 10 + (code % 10) * 9 + sum(int(d) * w for d, w in zip(body, (8, 7, 6, 5, 4, 3, 2, 1), strict=True))
    return f"{letter}{body}{(10 - total % 10) % 10}"


def spanish_dni(fake: Fake) -> str:
    number = fake.chars(8, string.digits)
    return number + "TRWAGMYFPDXBNJZSQVHLCKE"[int(number) % 23]


def brazilian_cpf(fake: Fake) -> str:
    digits = [int(d) for d in fake.chars(9, string.digits)]
    for weight in (10, 11):
        digits.append(sum(d * (weight - i) for i, d in enumerate(digits)) * 10 % 11 % 10)
    text = "".join(map(str, digits))
    return f"{text[:3]}.{text[3:6]}.{text[6:9]}-{text[9:]}"


# (round thirty-five) each country's BBAN as the IBAN registry writes it (n digits, a capitals, c either), for
# the IBANs made here: the countries the tests name, two with long BBANs (Malta, Saint Lucia), the shortest (Norway)
IBAN_BBANS = {
    "DE": "18n",
    "NL": "4a10n",
    "GB": "4a14n",
    "FR": "10n11c2n",
    "ES": "20n",
    "IT": "1a10n12c",
    "BE": "12n",
    "CH": "5n12c",
    "PL": "24n",
    "MT": "4a5n18c",
    "LC": "4a24c",
    "NO": "11n",
}


def iban_check_digits(country: str, bban: str) -> str:
    """ISO 7064 mod 97-10: the two digits that make `<country><digits><bban>` a valid IBAN."""
    number = "".join(str(int(ch, 36)) for ch in bban + country + "00")
    return f"{98 - int(number) % 97:02d}"


Maker = Callable[[Fake], str]

# family -> (value maker, contexts in which a session writes it; `{v}` is the value)
FAMILIES: dict[str, tuple[Maker, tuple[str, ...]]] = {
    "github-token": (
        lambda f: "gh" + "p_" + f.mixed(36),
        ("export GITHUB_TOKEN={v}", "the token is {v}, use it for the push", "git remote set-url origin {v}"),
    ),
    "github-fine-grained": (
        lambda f: "github" + "_pat_" + f.mixed(22) + "_" + f.mixed(59),
        ("GH_TOKEN={v} gh pr list", "I made a fine-grained token: {v}"),
    ),
    "gitlab-token": (
        lambda f: "gl" + "pat-" + f.mixed(20, ALNUM + "_-"),
        ("export GITLAB_TOKEN={v}", "glab auth login --token {v}", "here is my gitlab token {v}"),
    ),
    "npm-token": (
        lambda f: "np" + "m_" + f.mixed(36),
        ("//registry.npmjs.org/:_authToken={v}", "NPM_TOKEN={v} npm publish", "npm token: {v}"),
    ),
    "pypi-token": (
        lambda f: "pypi-" + "AgEIcHlwaS5vcmc" + f.mixed(70, ALNUM + "_-"),
        ("twine upload -u __token__ -p {v} dist/*", "password = {v}", "my pypi token {v}"),
    ),
    "huggingface-token": (
        lambda f: "h" + "f_" + f.mixed(34, string.ascii_letters),
        ("export HF_TOKEN={v}", "huggingface-cli login --token {v}", "use {v} for the hub"),
    ),
    "openai-key": (
        lambda f: "sk-" + "proj-" + f.mixed(24, ALNUM + "_-") + "T3Blbk" + "FJ" + f.mixed(24, ALNUM + "_-"),
        ("export OPENAI_API_KEY={v}", "client = OpenAI(api_key='{v}')", "the key {v} works"),
    ),
    "anthropic-key": (
        lambda f: "sk-" + "ant-api03-" + f.mixed(93, ALNUM + "_-") + "AA",
        ("export ANTHROPIC_API_KEY={v}", "ANTHROPIC_API_KEY={v} retell draft", "key: {v}"),
    ),
    "aws-access-key-id": (
        lambda f: "AK" + "IA" + f.chars(16, string.ascii_uppercase + "234567"),
        ("aws_access_key_id = {v}", "export AWS_ACCESS_KEY_ID={v}", "the key id {v} belongs to the ci user"),
    ),
    "aws-secret-access-key": (
        lambda f: f.mixed(40, ALNUM + "/+"),
        (
            "aws_secret_access_key = {v}",
            "export AWS_SECRET_ACCESS_KEY={v}",
            '"SecretAccessKey": "{v}",',
            "AK" + "IAIOSFODNN7ABCDEFG,{v}",
            "key id AK" + "IAIOSFODNN7ABCDEFG secret {v}",
        ),
    ),
    "slack-token": (
        lambda f: "xo" + "xb-" + f.chars(12, string.digits) + "-" + f.chars(13, string.digits) + "-" + f.mixed(24),
        ("SLACK_BOT_TOKEN={v}", "slack token {v} for the bot", "curl -d token={v} https://slack.com/api/x"),
    ),
    "slack-webhook": (
        lambda f: (
            "https://hooks.slack.com/services/T"
            + f.chars(10, string.ascii_uppercase + string.digits)
            + "/B"
            + f.chars(10, string.ascii_uppercase + string.digits)
            + "/"
            + f.mixed(24)
        ),
        ('curl -X POST {v} -d \'{{"text":"hi"}}\'', "webhook: {v}"),
    ),
    "stripe-key": (
        lambda f: "sk" + "_live_" + f.mixed(24),
        ("STRIPE_SECRET_KEY={v}", 'stripe.api_key = "{v}"', "use {v} in prod"),
    ),
    "stripe-webhook-secret": (
        lambda f: "wh" + "sec_" + f.mixed(32),
        ("STRIPE_WEBHOOK_SECRET={v}", "the signing secret is {v}", "stripe listen gave me {v}"),
    ),
    "google-api-key": (
        lambda f: "AI" + "za" + f.mixed(35, ALNUM + "_-"),
        ("GOOGLE_API_KEY={v}", "https://maps.googleapis.com/maps/api/geocode/json?key={v}", "maps key {v}"),
    ),
    "twilio-api-key": (
        lambda f: "S" + "K" + f.chars(32, HEX),
        ("TWILIO_API_KEY={v}", "twilio api key {v}", "client = Client('{v}', secret)"),
    ),
    "sendgrid-key": (
        lambda f: "S" + "G." + f.mixed(22, ALNUM + "_-") + "." + f.mixed(43, ALNUM + "_-"),
        ("SENDGRID_API_KEY={v}", "sendgrid key {v}", "sg = SendGridAPIClient('{v}')"),
    ),
    "vault-token": (
        lambda f: "hv" + "s." + f.mixed(94, ALNUM + "_-"),
        ("export VAULT_TOKEN={v}", "vault login {v}", "root token: {v}"),
    ),
    "telegram-bot-token": (
        lambda f: f.chars(10, string.digits) + ":AA" + f.mixed(33, ALNUM + "_-"),
        ("TELEGRAM_BOT_TOKEN={v}", "curl https://api.telegram.org/bot{v}/getMe", "bot token {v}"),
    ),
    "grafana-token": (
        lambda f: "gl" + "sa_" + f.mixed(32) + "_" + f.chars(8, HEX),
        ("GRAFANA_TOKEN={v}", "grafana service account token {v}", "Authorization: Bearer {v}"),
    ),
    "postman-key": (
        lambda f: "PM" + "AK-" + f.chars(24, HEX) + "-" + f.chars(34, HEX),
        ("POSTMAN_API_KEY={v}", "postman key {v}", "newman run x.json --postman-api-key {v}"),
    ),
    "digitalocean-token": (
        lambda f: "do" + "p_v1_" + f.chars(64, HEX),
        ("DIGITALOCEAN_TOKEN={v}", "doctl auth init -t {v}", "do token {v}"),
    ),
    "jwt": (
        lambda f: (
            "ey"
            + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
            + base64.urlsafe_b64encode(json.dumps({"sub": f.chars(10, string.digits)}).encode()).decode().rstrip("=")
            + "."
            + f.mixed(43, ALNUM + "_-")
        ),
        ("Authorization: Bearer {v}", "the jwt {v} expired", "localStorage.setItem('token', '{v}')"),
    ),
    "private-key": (
        lambda f: (
            "-----BEGIN "
            + "RSA PRIVATE KEY-----\n"
            + "\n".join(f.chars(64, B64) for _ in range(4))
            + "\n-----END "
            + "RSA PRIVATE KEY-----"
        ),
        ("the deploy key is\n{v}\nkeep it safe", "cat ~/.ssh/id_rsa gives\n{v}"),
    ),
    "azure-storage-connection-string": (
        lambda f: f.b64(64),
        (
            "AZURE_STORAGE_CONNECTION_STRING=DefaultEndpointsProtocol=https;AccountName=shopdata;"
            "AccountKey={v};EndpointSuffix=core.windows.net",
            "conn = 'DefaultEndpointsProtocol=https;AccountName=acct;AccountKey={v}'",
        ),
    ),
    "azure-shared-access-key": (
        lambda f: f.b64(32),
        (
            "Endpoint=sb://shop.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;"
            "SharedAccessKey={v}",
            "EVENTHUB=Endpoint=sb://x.servicebus.windows.net/;SharedAccessKeyName=send;SharedAccessKey={v};EntityPath=e",
        ),
    ),
    "password-assignment": (
        lambda f: f.password(),
        (
            "DB_PASSWORD={v}",
            'password = "{v}"',
            "password: {v}",
            '{{"user": "app", "password": "{v}"}}',
            "**Password**: `{v}`",
            "set password={v} in the env file",
            "PGPASSWORD='{v}' psql -h db -U app",
        ),
    ),
    "api-token-assignment": (
        lambda f: f.mixed(32),
        ("API_TOKEN={v}", "api_key: {v}", "config.secret_key = '{v}'", "SECRET_KEY={v}", '"apiKey": "{v}"'),
    ),
    "connection-string": (
        lambda f: f.password(),
        (
            "DATABASE_URL=postgres://app:{v}@db.internal:5432/shop",
            "mongodb+srv://admin:{v}@cluster0.mongodb.net/test",
            "redis://default:{v}@127.0.0.1:6379/0",
        ),
    ),
    "basic-auth-url": (
        lambda f: f.password(),
        (
            "curl http://admin:{v}@127.0.0.1:8080/api",
            "open http://deploy:{v}@localhost:9000/",
            "https://ci:{v}@10.0.0.7/",
        ),
    ),
    "url-access-token": (
        lambda f: f.mixed(40),
        ("https://api.acme-corp.io/v1/me?access_token={v}", "GET /callback?code=x&access_token={v}&state=y"),
    ),
    "curl-user": (
        lambda f: f.password(),
        (
            "curl -u admin:{v} https://api.acme-corp.io/",
            "curl --user 'deploy:{v}' https://x.io",
            "wget --user=me --password={v} https://x",
        ),
    ),
    "mysql-password": (
        lambda f: f.password().replace(";", "x").replace(",", "y"),
        ("mysql -u root -p{v} shop", "mysqldump -uroot -p{v} shop > dump.sql"),
    ),
    "password-flag": (
        lambda f: f.password().replace(";", "x"),
        ("psql --password {v}", "docker login -u me --password {v} ghcr.io", "./deploy.sh --db-password={v}"),
    ),
    "authorization-basic": (
        lambda f: base64.b64encode(f"admin:{f.password()}".encode()).decode(),
        ("Authorization: Basic {v}", "curl -H 'Authorization: Basic {v}' https://x.io"),
    ),
    "bearer-token": (
        lambda f: f.mixed(40, ALNUM + "-._~"),
        ("curl -H 'Authorization: Bearer {v}' https://api.acme-corp.io", "Bearer {v}"),
    ),
    "session-cookie": (
        lambda f: f.mixed(32),
        (
            "Cookie: sessionid={v}; csrftoken=x",
            "curl -b 'session={v}' https://x.io",
            "Set-Cookie: connect.sid={v}; Path=/",
        ),
    ),
    "human-password": (
        lambda f: f.human_password(),
        (
            "DB_PASSWORD={v}",
            "DB_PASSWORD='{v}'",
            'password = "{v}"',
            "password: {v}",
            "DATABASE_URL=mysql://app:{v}@db:3306/shop",
            "mysql -u root -p{v} shop",
            "docker run -e POSTGRES_PASSWORD={v} postgres:16",
            "./deploy.sh --password {v}",
        ),
    ),
    "url-empty-user": (
        lambda f: f.password().replace(";", "x").replace(",", "y"),
        ("REDIS_URL=redis://:{v}@cache:6379/0", "rediss://:{v}@redis.acme-corp.io:6380", "amqp://:{v}@mq:5672/"),
    ),
    "discord-webhook": (
        lambda f: (
            "https://discord.com/api/" + "webhooks/" + f.chars(18, string.digits) + "/" + f.mixed(68, ALNUM + "_-")
        ),
        ("curl -H 'Content-Type: application/json' -d '{{\"content\":\"deployed\"}}' {v}", "DISCORD_WEBHOOK={v}"),
    ),
    "teams-webhook": (
        lambda f: (
            f"https://acme.webhook.office.com/webhookb2/{f.guid()}@{f.guid()}/Incoming"
            f"Webhook/{f.hex(32)}/{f.guid()}/V2{f.mixed(44, ALNUM + '_-')}"
        ),
        ("curl -X POST -H 'Content-Type: application/json' -d @card.json {v}", "TEAMS_WEBHOOK_URL={v}"),
    ),
    "sentry-dsn": (
        lambda f: f"https://{f.hex(32)}@o{f.chars(6, string.digits)}.ingest.sentry.io/{f.chars(7, string.digits)}",
        ("SENTRY_DSN={v}", 'sentry_sdk.init(dsn="{v}", traces_sample_rate=0.2)'),
    ),
    "private-key-body": (
        lambda f: (
            "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + f.chars(32, B64) + "\n" + f.chars(64, B64) + "\n" + f.chars(40, B64)
        ),
        ("the rest of the key:\n{v}\n-----END PRIVATE KEY-----", "{v}"),
    ),
}
PII_FAMILIES: dict[str, tuple[Maker, tuple[str, ...]]] = {
    "email": (
        lambda f: f.chars(6, string.ascii_lowercase) + "." + f.chars(5, string.ascii_lowercase) + "@acme-corp.io",
        ("send the report to {v}", "git config user.email {v}", "Author: Jane <{v}>"),
    ),
    "home-path": (
        lambda f: "/home/" + f.chars(7, string.ascii_lowercase),
        ("the logs are in {v}/logs/app.log", "cd {v}/proj && make"),
    ),
    "private-ip": (
        lambda f: f"10.{f.rng.randint(1, 254)}.{f.rng.randint(1, 254)}.{f.rng.randint(3, 254)}",
        ("ssh deploy@{v} 'systemctl restart shop'", "the db listens on {v}:5432", "curl http://{v}:8080/health"),
    ),
    "internal-host": (
        lambda f: f"{f.chars(5, string.ascii_lowercase)}0{f.rng.randint(1, 9)}.corp.internal",
        ("psql -h {v} -U app shop", "ssh ops@{v}", "the build box is {v}"),
    ),
    "phone-number": (
        lambda f: f"+44 20 7946 0{f.chars(3, string.digits)}",
        ("call me on {v} after six", "phone: {v}"),
    ),
    "person-name": (
        lambda f: (
            f.rng.choice(["Marta", "Jonas", "Priya", "Tomás"]) + " " + f.rng.choice(["Kowalczyk", "Berg", "Iyer"])
        ),
        ("Co-authored-by: {v} <dev@acme-corp.io>", 'git config --global user.name "{v}"', 'author: "{v}"'),
    ),
    # (round thirty-five) a bank account's number, electronic or printed in groups of four
    "iban": (
        lambda f: f.iban(f.rng.choice(sorted(IBAN_BBANS)), printed=f.rng.random() < 0.5),
        ("IBAN: {v}", 'iban="{v}"', "please wire the deposit to {v} by Friday"),
    ),
    # (round thirty-eight) a national identity number, in a member list's row or after the word that names it
    "national-id": (
        lambda f: f.rng.choice([taiwan_id, spanish_dni, brazilian_cpf])(f),
        ("身分證字號: {v}", "2026/3/2 下午 9:10:17,{v},80/11/3", "DNI/NIF/CPF do sócio: {v}", "id_number = '{v}'"),
    ),
}

# Families whose value is a token that stands on its own (a distinctive prefix); the others are told
# through a keyword, a flag, a header or a URL.
TOKEN_FAMILIES = frozenset(
    {
        "github-token",
        "github-fine-grained",
        "gitlab-token",
        "npm-token",
        "pypi-token",
        "huggingface-token",
        "openai-key",
        "anthropic-key",
        "aws-access-key-id",
        "slack-token",
        "stripe-key",
        "stripe-webhook-secret",
        "google-api-key",
        "twilio-api-key",
        "sendgrid-key",
        "vault-token",
        "telegram-bot-token",
        "grafana-token",
        "postman-key",
        "digitalocean-token",
        "jwt",
    }
)
ESCAPES = ("raw", "json", "after-newline-escape", "after-url-escape", "glued", "url-encoded")


def _escape(escape: str, family: str, text: str, value: str) -> tuple[str, str] | None:
    """(the line, the value as it appears there), or None when the escape does not apply.

    A token is placed right after the escape (`…\\n<token>`, `%20<token>`, `%3D<token>`, `id<token>`),
    where a rule's leading `\\b` fails; a keyword-style line is escaped as a whole (a JSON document's
    line after `\\n`, a URL-encoded query), since its keyword must stay readable.
    """
    token = family in TOKEN_FAMILIES
    if escape == "raw":
        return text, value
    if escape == "json":  # the line inside a JSON document (a tool's output, a log): quotes, newlines escaped
        return json.dumps({"output": text}), json.dumps(value)[1:-1]
    if escape == "after-newline-escape":
        if token:
            return f'{{"log": "deploying\\n{value}\\ndone"}}', value
        return f"previous line\\n{text}", value
    if escape == "after-url-escape":
        if token:
            return f"https://x.io/cb?note=token%3D{value}%20ok", value
        return f"GET /search?q=%20{quote(text, safe='')}", quote(value, safe="")
    if escape == "glued":
        return (f"idx{value} was used", value) if token else None
    if escape == "url-encoded":
        return None if token else (quote(text, safe="=:/"), quote(value, safe="=:/"))
    raise ValueError(escape)


def planted(seed: int = 1, families: dict[str, tuple[Maker, tuple[str, ...]]] | None = None) -> Iterator[Case]:
    fake = Fake(seed)
    for family, (make, contexts) in (families or {**FAMILIES, **PII_FAMILIES}).items():
        for c, context in enumerate(contexts):
            for escape in ESCAPES:
                value = make(fake)
                if escape != "raw" and "\n" in value:
                    continue  # a multi-line private key is told as it is
                escaped = _escape(escape, family, context.format(v=value), value)
                if escaped is None or escaped[1] not in escaped[0]:
                    continue
                yield Case(family, f"{family}#{c}", escape, *escaped)


# -- ordinary developer prose and code: must not be flagged -----------------------------------------------

ORDINARY = """\
The secret: TypeScript's inference narrows the union once you check the discriminant.
password: Optional[str] = None
def login(username: str, password: str) -> Token:
    token = create_access_token(data={"sub": user.username})
SECRET_KEY = settings.SECRET_KEY
app.config["SECRET_KEY"] = os.environ["SECRET_KEY"]
api_key = os.environ.get("OPENAI_API_KEY")
const token = process.env.GITHUB_TOKEN;
export API_TOKEN=${API_TOKEN:?set it first}
password_field = forms.CharField(widget=forms.PasswordInput)
<input type="password" name="password" autocomplete="current-password">
if not token: raise AuthError("missing token")
The token budget is 200000 tokens per request, so keep prompts short.
We pass the secret through the environment, never on the command line.
Rotate the API key after the incident and update the vault path.
headers = {"Authorization": f"Bearer {token}"}
curl -H "Authorization: Bearer $TOKEN" https://api.github.com/user
DATABASE_URL=postgres://user:password@localhost/db
git commit -m "Fix the password reset flow (closes #412)"
commit 3f2a9c1b7d4e5f60718293a4b5c6d7e8f9012345 fixed the race in the session store
sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08
docker pull ghcr.io/acme/shop@sha256:4f1b2b0b822cd15d6c15b0f00a089f86d081884c7d659a2feaa0c55ad015a3bf
uuid = "550e8400-e29b-41d4-a716-446655440000"
The cache key is f"{user_id}:{page}" and expires after ten minutes.
key = lambda item: item[1]
sorted(records, key=operator.itemgetter("created_at"))
self.access_token = response.json()["access_token"]
token_count = len(tokenizer.encode(text))
max_tokens=4096, temperature=0.2
auth = HTTPBasicAuth(username, password)
I asked Claude to check whether the auth middleware runs before the router.
The secret to fast tests is fewer fixtures, not faster machines.
Passwords are hashed with argon2id; we never store them in plain text.
ssh-keygen -t ed25519 -C "deploy key for the shop"
chmod 600 ~/.ssh/id_ed25519 && ssh-add ~/.ssh/id_ed25519
kubectl create secret generic db-creds --from-env-file=.env.production
gh secret set NPM_TOKEN < token.txt
aws configure set region eu-west-1
npm install --save-dev @types/node typescript eslint
pytest -k "test_login and not slow" -x --maxfail=1
git log --oneline --author="Claude" -- src/auth/
Let me read src/auth/session.py to see how the session cookie is set.
The session cookie is HttpOnly and SameSite=Lax; the CSRF token lives in a meta tag.
response.set_cookie("session", value=session_id, httponly=True)
Set the `password` field to `hidden` in the serializer.
Basic usage: run the script with --help to see the options.
Bearer tokens expire after an hour; refresh them with the refresh endpoint.
The function returns a tuple (access_token, refresh_token).
TOKEN_URL = "https://oauth2.googleapis.com/token"
AUTH_HEADER = "Authorization"
PASSWORD_MIN_LENGTH = 12
password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())
if request.headers.get("X-Api-Key") != expected: abort(401)
The key insight is that the parser and the renderer disagree on line endings.
Secrets never leave the machine uncleared.
for key, value in settings.items(): print(key, value)
export PATH="$HOME/.local/bin:$PATH"
export NODE_OPTIONS=--max-old-space-size=4096
python -m http.server 8000 --bind 127.0.0.1
http://localhost:3000/dashboard?tab=settings&page=2
https://github.com/acme/shop/pull/1289#issuecomment-1876543210
https://docs.python.org/3/library/secrets.html#secrets.token_urlsafe
secrets.token_urlsafe(32)
random_key = Fernet.generate_key()
The test fixture uses the password 'hunter2' on purpose; it is not real.
Use a placeholder like <your-api-key> in the README.
API_KEY=your-api-key-here
password=changeme
STRIPE_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx
token: "{{ secrets.GITHUB_TOKEN }}"
env: { GH_TOKEN: ${{ secrets.GH_TOKEN }} }
password: ${DB_PASSWORD}
db_password = get_secret("prod/db/password")
jwt.decode(token, options={"verify_signature": False})
Ran 42 tests in 3.1s: 41 passed, 1 failed (test_session_expiry)
Traceback (most recent call last): File "app/auth.py", line 88, in verify_token
KeyError: 'access_token'
error: failed to push some refs to 'github.com:acme/shop.git'
Refactored the token bucket rate limiter into its own module.
The keyboard shortcut is Ctrl+K, then Ctrl+S for the key bindings.
monkey.patch_all()
primary_key=True, index=True
foreign_key = ForeignKey("users.id")
cache-control: max-age=3600, public
content-type: application/json; charset=utf-8
x-request-id: 7f3a2b1c-9d8e-4f60-a1b2-c3d4e5f60718
Retry-After: 120
user-agent: Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15
The author of the PR asked for a second review of the auth flow.
will you check whether May's release notes mention the token change?
I will add a test for the password reset email.
Mark said the secret sauce is the caching layer.
We rotated keys on Tuesday; the old ones were revoked the same day.
version: "2023-06-01"
anthropic-version: 2023-06-01
model: claude-sonnet-4-5-20250929
access: public
auth: required
token_type: "bearer"
grant_type=client_credentials&scope=read
session.add(user); session.commit()
with Session(engine) as session:
    session.execute(select(User).where(User.email == email))
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_NAME = "csrftoken"
The PR adds --password-stdin to the docker login step so the password never shows in ps.
echo "$CR_PAT" | docker login ghcr.io -u USERNAME --password-stdin
mysql -u root -p shop < schema.sql
psql -h localhost -U postgres -W
ssh deploy@203.0.113.7 'systemctl restart shop'
git clone git@github.com:acme/shop.git
scp build.tar.gz deploy@203.0.113.7:/srv/shop/
rsync -avz ./dist/ deploy@203.0.113.7:/var/www/shop/
Authorization headers are stripped by the proxy before logging.
The basic plan: parse, triage, outline, draft, render.
curl -sS https://api.github.com/repos/acme/shop/actions/runs?per_page=5
GET /api/v1/users?page=2&per_page=50&sort=created_at
const url = `${base}/search?q=${encodeURIComponent(query)}`;
params = {"q": query, "key": "value"}
hash = hashlib.sha256(data).hexdigest()
integrity="sha384-oqVuAfXRKap7fdgcCY5uykM6+R9GqQ8K/uxy9rx7HNQlGYl1kPzQho1wx4JwY8wC"
"resolved": "https://registry.npmjs.org/lodash/-/lodash-4.17.21.tgz",
base64 -d <<< "aGVsbG8gd29ybGQ="
font-family: -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, sans-serif;
color: #3f2a9c; background: rgba(0, 0, 0, 0.4);
<a href="/login?next=%2Fdashboard%3Ftab%3Dsettings">Sign in</a>
path = "C:\\Program Files\\Git\\bin\\bash.exe"
C:\\Windows\\System32\\drivers\\etc\\hosts
The API returns 429 when the key is rate limited; back off and retry.
Store the token in the OS keychain (keyring.set_password), not in a file.
keyring.set_password("retell", "anthropic", api_key)
getpass.getpass("Password: ")
Password: (hidden input)
Enter passphrase for key '/root/.ssh/id_ed25519':
Your identification has been saved in /root/.ssh/id_ed25519
The key fingerprint is SHA256:Xm3p7Vd0kq1r5s8tLw2Yz4Ab6Cd8Ef0Gh2Ij4Kl6Mn.
-----BEGIN PUBLIC KEY-----
curl "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY"
"authMode": "PROXY_MANAGED"
auth: AuthenticationService
key: 9b2e61f4-0c3d-4a5b-8e7f-112233445566
auth_tenant_id=3f2b8c1e-4d5a-4b6c-9e7f-0a1b2c3d4e5f
C:\\Users\\ADMINI~1\\AppData\\Local\\Temp\\claude
Clone it into /home/alice/project, then run make.
ssh dev@livecd.local
Tests pass: 42/42
Claude said: “SECRET_KEY = settings.SECRET_KEY”
DB_PASSWORD=your_password_here
password: <password>
REDIS_URL=redis://:${REDIS_PASSWORD}@cache:6379/0
Co-Authored-By: Claude <noreply@anthropic.com>
The password is hashed with argon2id before it is stored.
client = OpenAI(api_key=os.environ["OPENAI_API_KEY"])
DB_HOST=host.docker.internal
aws_access_key_id = AKIAIOSFODNN7EXAMPLE
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy@shop
SWIFT/BIC: COBADEFFXXX (Commerzbank), sort code 20-00-00, account 31926819
cache key FR27A4C91E0B7D5533F0A12E8C6 expired after 300 s
upload id DE4409F1C3A7B2E8D5F6A1B0 done
build 20260101123 finished in 44051401359 ns
order A123456780 shipped; the ISBN is 978-3-16-148410-0
request 2f7c9e1a: 11010519491231002 rows scanned
"""


def ordinary() -> list[str]:
    return [line for line in ORDINARY.splitlines() if line.strip()]
