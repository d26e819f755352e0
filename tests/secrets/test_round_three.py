"""Issue 22, round three: a value is redacted whole wherever retell keeps a part of a text, and the detector
reads what people write rather than a benchmark's strings.

A multi-line value (a key's block) is kept all or not at all where retell keeps some lines of a text: a
command's summary line, a written file's first lines. Every value here is invented for this file.
"""

from __future__ import annotations

import pytest

from retell.extract.tools import command_target, edit_diff
from retell.secrets import Scanner

EC_BODY = [
    "MHcCAQEEIGx3Rk9wTz2Qp8vYc1nB4sLmE7aJ0dKf6hU5tWq2iXoPoAoGCCqGSM49",
    "AwEHoUQDQgAEr8Tn3YbW0cLk5Vq9Xh2Jm7Ge4Pa1Zs6Ud8Nf0Ri3Ko5Lw9Hy2Bt7",
    "Cv4Mx1Qe6Sg==",
]
EC_BLOCK = "-----BEGIN EC PRIVATE KEY-----\n" + "\n".join(EC_BODY) + "\n-----END EC PRIVATE KEY-----"


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


def test_a_commands_summary_line_is_never_a_line_of_a_key(scanner: Scanner) -> None:
    """A heredoc that exports a key: main summed the command up by its BEGIN line, which alone is no key, so
    `Ran `-----BEGIN EC PRIVATE KEY----- …`` reached the post and every prompt."""
    command = f"export JWT_KEY=\"$(cat <<'KEY'\n{EC_BLOCK}\nKEY\n)\"\nnode scripts/sign.js --kid prod-2026"
    target = command_target(command)
    assert "PRIVATE KEY" not in target and not any(line[:12] in target for line in EC_BODY)
    assert target.startswith("node scripts/sign.js")


def test_a_command_that_starts_a_key_on_its_working_line_is_cut_before_the_key() -> None:
    command = f"vault kv put secret/ci deploy_key='{EC_BLOCK}'"
    target = command_target(command)
    assert target.startswith("vault kv put secret/ci deploy_key=") and "BEGIN" not in target


def test_a_written_files_excerpt_never_ends_inside_a_key(scanner: Scanner) -> None:
    """A Write is kept as its first lines: a key whose block starts near the end of them was cut after its
    BEGIN line, which no rule recognises alone."""
    settings = "\n".join(f"SETTING_{i}=value{i}" for i in range(11))
    content = f"{settings}\nSIGNING_KEY_FILE=/run/keys/sign.pem\n{EC_BLOCK}\nLOG_LEVEL=info\n"
    diff = edit_diff("Write", {"content": content})
    assert diff is not None and "BEGIN" not in diff and "SETTING_10=value10" in diff
    assert diff.endswith("lines in all)")


def test_a_key_that_fits_in_the_excerpt_is_kept_and_flagged_whole(scanner: Scanner) -> None:
    diff = edit_diff("Write", {"content": f"# the CI key\n{EC_BLOCK}\n"})
    assert diff is not None and "BEGIN EC PRIVATE KEY" in diff
    spans = [(f.start, f.end) for f in scanner.scan(diff) if f.kind == "private-key"]
    first, last = diff.index("-----BEGIN"), diff.index("KEY-----", diff.index("-----END")) + len("KEY-----")
    assert any(a <= first and last <= b for a, b in spans)


# -- passwords where a file names them without `NAME=` -----------------------------------------------------

NAMED = [
    ("postgresql:\n  auth:\n    adminPassword: Halde!2024\n", "Halde!2024"),  # a Helm chart's camelCase key
    ("const smtpPass = 'Krokus77';", "Krokus77"),
    ('env:\n  - name: RABBITMQ_DEFAULT_PASS\n    value: "Tannen#Weg9"\n', "Tannen#Weg9"),  # a pod's env list
    ('"environment": [{"name": "DB_PASSWORD", "value": "Ostsee2023"}]', "Ostsee2023"),  # an ECS task
    ('<add key="SmtpPassword" value="Lindau_88" />', "Lindau_88"),  # a web.config appSetting
    ("<server>\n  <id>nexus</id>\n  <password>Ahorn2025!</password>\n</server>", "Ahorn2025!"),  # Maven
    ("FROM postgres:16\nENV POSTGRES_PASSWORD Mirabelle7\n", "Mirabelle7"),  # a Dockerfile's old ENV form
    ("set -gx REDIS_PASSWORD Pelikan42", "Pelikan42"),  # fish
    ("the staging root pw is Fjord!2022", "Fjord!2022"),
]


@pytest.mark.parametrize(("text", "password"), NAMED)
def test_a_password_a_file_names_without_an_equals_sign_is_found(scanner: Scanner, text: str, password: str) -> None:
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    start = text.index(password)
    assert any(a <= start and start + len(password) <= b for a, b in spans), scanner.scan(text)


NOT_PASSWORDS = [
    "const [showPassword, setShowPassword] = useState(false);",
    "minPasswordLength: 12",
    "dbPassword: process.env.DB_PASSWORD,",
    "- name: DB_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: db\n      key: password",
    '<add key="PasswordMinLength" value="12" />',
    "<password>${env.NEXUS_PASSWORD}</password>",
    "<passwordEncoding>bcrypt</passwordEncoding>",
    "ENV API_KEY_FILE /run/secrets/api_key",
    "name: password-reset\nvalue: 30m",
    "the pw is in 1Password",
]


@pytest.mark.parametrize("text", NOT_PASSWORDS)
def test_names_and_settings_about_a_password_are_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


# -- phone numbers and names in more of the places they are written ------------------------------------

PHONES = [
    ("TWILIO_TO_NUMBER=+4915207829314", "+4915207829314"),  # an env file's number, glued to its `=`
    ("ALERT_SMS=+31 6 27384915", "+31 6 27384915"),
    ("Pune office, front desk: 074104 28375", "074104 28375"),  # IN: 0 and 5 digits
]


@pytest.mark.parametrize(("text", "number"), PHONES)
def test_a_phone_number_in_a_setting_or_an_indian_national_format_is_found(
    scanner: Scanner, text: str, number: str
) -> None:
    found = [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
    assert ("phone-number", number) in found, found


@pytest.mark.parametrize("text", ["timeout=+1800", "OFFSET=+0530", "score=+12.5", "x=+123456"])
def test_a_signed_number_after_an_equals_sign_is_no_phone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


NAMES = [
    ("author Grete Wollschläger\nauthor-mail <grete@kiefernweg.de>\nauthor-time 1767603600\n", "Grete Wollschläger"),
    ("$ git config --global user.name\nPádraig Ó Súilleabháin\n", "Pádraig Ó Súilleabháin"),
    ("<developers>\n  <developer>\n    <id>bw</id>\n    <name>Bartosz Wiśniewski</name>\n", "Bartosz Wiśniewski"),
    ("\\title{Orders}\n\\author{Chiara Benedetti}\n", "Chiara Benedetti"),
]


@pytest.mark.parametrize(("text", "name"), NAMES)
def test_a_name_git_or_a_build_file_prints_is_found(scanner: Scanner, text: str, name: str) -> None:
    found = [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]
    assert ("person-name", name) in found, found


@pytest.mark.parametrize("text", ["author jdoe\nauthor-mail <jdoe@x.io>\n", "$ git config user.name\nci-bot\n"])
def test_a_handle_where_git_prints_a_name_is_left_alone(scanner: Scanner, text: str) -> None:
    assert [f for f in scanner.scan(text) if f.kind == "person-name"] == []


# -- webhooks of any service, and tokens whose prefix says what they are -----------------------------------

HOOKS = [
    "https://hooks.zapier.com/hooks/catch/8812734/3kq9zx/",
    "https://chat.tillwerk.de/hooks/q8w3z1k5m7n9p2r4t6v8x0b3c5",  # Mattermost
    "https://tillwerk.rocket.chat/hooks/6Kd82nQw1Lz9Xc4Vb/Tr7Yh3Ju5Ik8Ol2Pm6Nq0Wa4Sd",  # Rocket.Chat
    "https://maker.ifttt.com/trigger/garage_open/with/key/bH7kP2wQ9zX4mN6vR1tY8s",
    "https://discordapp.com/api/webhooks/1183274650192837465/xV9kQ2mZ7pL4wR8tN1bC6yH3jF5dS0aG-eK_uI2oP9lM4nB7vX1cZ8qW3eR6tY0u/slack",
]


@pytest.mark.parametrize("url", HOOKS)
def test_a_webhook_url_is_redacted_to_its_end(scanner: Scanner, url: str) -> None:
    text = f"curl -X POST -d @alert.json {url}"
    found = [(f.start, f.end) for f in scanner.scan(text)]
    start = text.index(url)
    assert any(a <= start and start + len(url) <= b for a, b in found), scanner.scan(text)


@pytest.mark.parametrize(
    "text",
    [
        "see https://github.com/tillwerk/shop/settings/hooks/48213377 for the deliveries",
        "https://docs.stripe.com/webhooks/signatures explains the header",
        "POST https://api.tillwerk.de/webhooks/stripe/evt_1PqXyZ2eZvKYlo2CaB3dE5fG",
        "https://reactjs.org/docs/hooks-reference.html#usecallback",
        "Mattermost hooks look like https://chat.example.com/hooks/<your-hook-id>",
    ],
)
def test_a_link_about_hooks_is_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


@pytest.mark.parametrize(
    "token",
    [
        "dp.st.prd.Zq4Rk9Lm2Wx7Bn5Tc8Vy1Hs3Jd6Fg0Pa4Qe7Ur2Io9",
        "ATATT3xFfGF0" + "Jq8Wm2Zr5Tn9Xc4Vb7Lk1Hg3Fd6Sa0Pe8Oi2Uy5Tr7Ew9Qz1Xw4Cv6Bn3Mk8Lj0Hg5Fd2Sa7Pq9Wo1Ei4Ru6Ty3Ui8"
        "Op0As5Df2Gh7Jk9Lz1Xc4Vb6Nm3Qw8Er0Ty5Ui2Op7As9Df1Gh4Jk6Lz3Xc8Vb0Nm5Qw2Er7Ty9Ui1Op4As6Df3Gh8Jk=5C2A9E1B",
    ],
)
def test_a_token_with_a_distinctive_prefix_needs_no_label(scanner: Scanner, token: str) -> None:
    text = f"the deploy failed with {token}. Rotating it now."
    assert any(text[f.start : f.end] == token for f in scanner.scan(text)), scanner.scan(text)


# -- what only looks like a secret -------------------------------------------------------------------------

LOOKALIKES = [
    "SMTP_PASSWORD=your_smtp_password_here\nSENTRY_AUTH_TOKEN=enter-your-token\n",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
    "The file must start with `-----BEGIN OPENSSH PRIVATE KEY-----`; yours starts with "
    "`-----BEGIN RSA PRIVATE KEY-----`, the older PEM format.",
    "Signed-off-by: dependabot[bot] <support@github.com>\nReported to security@tillwerk.de by the scanner.",
    "パスワードのリセットが動かないので見-b11d00",  # a Japanese title and its slug
    "curl -H 'Authorization: Basic dXNlcjpwYXNzd29yZA==' localhost:8080",  # base64 of `user:password`
]


@pytest.mark.parametrize("text", LOOKALIKES)
def test_placeholders_examples_prose_and_role_addresses_are_left_alone(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []


def test_a_password_told_in_japanese_is_the_ascii_between_the_words(scanner: Scanner) -> None:
    """main took `Sakura#2024です` (the particle after the value was read as part of it)."""
    text = "ステージングのパスワードはSakura#2024です"
    assert [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)] == [("password-in-text", "Sakura#2024")]


def test_basic_credentials_a_person_chose_are_still_found(scanner: Scanner) -> None:
    text = "curl -H 'Authorization: Basic Y2ktYm90OldhY2hvbGRlciE5Mw==' https://ci.tillwerk.de/api"  # ci-bot:…
    assert [f.kind for f in scanner.scan(text)] == ["basic-auth"]


def test_a_persons_own_domain_address_is_still_personal(scanner: Scanner) -> None:
    """`hello@` on one person's domain (a pyproject's author) is theirs: only an organisation's role
    addresses (`support@`, `security@`) are left alone."""
    text = 'authors = [{ name = "Ilse Brandt", email = "hello@ilsebrandt.dev" }]'
    assert ("email", "hello@ilsebrandt.dev") in [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


def test_retells_own_author_label_is_no_credential_label(scanner: Scanner) -> None:
    """A prompt labels the author's messages `AUTHOR:`; read as `AUTH` + a camelCase rest, the file the
    author named was flagged and a real session's outline request refused (`AUTHOR: @claude-code-prompt.md`)."""
    assert scanner.scan("[e1] AUTHOR: @release-notes-prompt.md read this first") == []
    assert scanner.scan("AUTHOR=@deploy-checklist.md") == []
