"""Issue 22, round twenty-five: classes, not cases. Every text here was written for this round (none is from a blind
set), in the shapes tools and people write them, BEFORE the rules were changed (the count on the parent is in
bench/README.md, "Round twenty-five").

Look-alikes first (a clean text must stay clean), each beside a real value of the same shape that is still found:
- a company's or a project's own mailbox: a desk joined to "no reply" (`billing-noreply@`), a bot's (`bot@`,
  `release-bot@`), an open-source office's (`oss@`, `opensource@`), and a display name that spells a domain whose
  words are joined by a hyphen (`Tallow Works <hello@tallow-works.io>`).

Then what leaked:
- a credential handed to a CLI's `config set NAME VALUE` (`aws configure set aws_secret_access_key …`, npm's, yarn's,
  poetry's, composer's), where the name says what the value is;
- a key's id and its secret as a call's two arguments (`Client("SK…", "…")`, `NewStaticCredentials("AKIA…", "…")`);
- a Windows home whose account name holds spaces, seen through WSL, Git Bash or Cygwin (`/mnt/c/Users/First Last/`);
- a session cookie where it is not on a cookie line: an environment variable named for it (`SESSION_COOKIE=…`), an
  export that lists a cookie's other fields between its name and its value, a cookie jar set by subscript
  (`client.cookies["sessionid"] = …`, Ruby's `cookies[:remember_token] = …`);
- a JWT a terminal or a log wrapped over lines, whole.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole
from scan_support import flags as _flags

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


# -- look-alikes: a company's, a project's or a bot's mailbox ----------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'Reply-To: "Quillmark Billing" <billing-noreply@quillmark.app>',
        "From: alerts-noreply@quillmark.app\nSubject: [Quillmark] build 4412 failed",
        "MAIL_FROM=noreply-builds@quillmark.app",
        "DEFAULT_FROM_EMAIL = 'notifications.no-reply@tallow-works.io'",
        'authors = [{ name = "Tallow Works Engineering", email = "opensource@tallow-works.io" }]',
        "maintainers:\n  - name: Tallow Works OSS\n    email: oss@tallow-works.io\n",
        "Co-authored-by: Kodiak Bot <bot@kodiakhq.com>",
        "git config user.email release-bot@tallow-works.io",
        'git -c user.name="ci bot" -c user.email=ci-bot@quillmark.app commit -m "chore: bump"',
        "Brightwater Analytics <hello@brightwater-analytics.io>",
        '"Tallow Works" <hello@tallow-works.io>',
    ],
)
def test_a_companys_or_a_bots_mailbox_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Reply-To: botelho.ines@gmail.com", "botelho.ines@gmail.com"),
        ("ping ossian.mcrae@tallow-works.io about it", "ossian.mcrae@tallow-works.io"),
        ('From: "Ana Souza" <ana@souza-tech.com>', "ana@souza-tech.com"),
        ("Author: Mirela Dragomir <mirela.noreplica@quillmark.app>", "mirela.noreplica@quillmark.app"),
    ],
)
def test_a_persons_mailbox_beside_them_is_still_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


# -- a credential handed to a CLI's `config set NAME VALUE` ------------------------------------------------------

_AWS_SECRET = "GKVMTmkNnXhBbPXJis/MfGxVIF2Fo+y8gtXutQJ8"
_NPM = "FZAKPW7c1lVGVcclJUlb3OiUEeOAnCKYfYzq"
_POETRY = "pypi-gIYIlol4ZnlNipZmiCJOmJYPZ7gUy6tCVo813AykjY6uRH1QnzoNpeb6K1BR"
_TOKEN = "YfS2nciphokPHula4rKj47JVs0sP8uwF9Jr9IOc2"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"aws configure set aws_secret_access_key {_AWS_SECRET} --profile staging", _AWS_SECRET),
        (f"$ aws configure set profile.deploy.aws_secret_access_key '{_AWS_SECRET}'", _AWS_SECRET),
        (f"aws configure set aws_session_token {_TOKEN}", _TOKEN),
        (f"npm config set //npm.pkg.github.com/:_authToken {_NPM}", _NPM),
        (f"yarn config set npmAuthToken {_NPM} -H", _NPM),
        (f"poetry config pypi-token.pypi {_POETRY}", _POETRY),
        (f"composer config --global --auth github-oauth.github.com {_TOKEN}", _TOKEN),
        (f"git config --global github.token {_TOKEN}", _TOKEN),
    ],
)
def test_a_credential_given_to_a_clis_config_set_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    [
        "aws configure set region eu-central-1 --profile staging",
        "aws configure set aws_access_key_id $AWS_ACCESS_KEY_ID",
        'aws configure set aws_secret_access_key "$AWS_SECRET_ACCESS_KEY" --profile ci',
        "npm config set auth-type legacy",
        "git config --global credential.helper store",
        "yarn config set npmAlwaysAuth true",
        "poetry config pypi-token.pypi ${{ secrets.PYPI_TOKEN }}",
    ],
)
def test_a_clis_setting_or_a_variable_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


# -- a key's id and its secret as a call's two arguments ---------------------------------------------------------

_SK = "SKa3853fff9979d0b132284ca9f9c238c8"
_SECRET = "eBc19onCSRncv0ikI1PtEghmGuiv48B6"
_AKIA = "AKIA6JGBE36WJBFO5NIO"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'client = Client("{_SK}", "{_SECRET}", account_sid)', _SECRET),
        (f"const client = twilio('{_SK}', '{_SECRET}', {{ accountSid }});", _SECRET),
        (f'creds := credentials.NewStaticCredentials("{_AKIA}", "{_AWS_SECRET}", "")', _AWS_SECRET),
        (f'AwsBasicCredentials.create("{_AKIA}", "{_AWS_SECRET}")', _AWS_SECRET),
        (f'new BasicAWSCredentials("{_AKIA}",\n    "{_AWS_SECRET}");', _AWS_SECRET),
    ],
)
def test_a_key_ids_secret_as_the_next_argument_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    [
        f'client = Client("{_SK}", os.environ["TWILIO_API_SECRET"], account_sid)',
        f'client = Client("{_SK}", "your_api_secret", account_sid)',
        f'AwsBasicCredentials.create("{_AKIA}", System.getenv("AWS_SECRET_ACCESS_KEY"))',
    ],
)
def test_a_key_id_beside_a_variable_leaves_the_variable(scanner: Scanner, text: str) -> None:
    assert all(kind != "api-key-secret" for kind, _ in _flags(scanner, text))


# -- a Windows home whose account name holds spaces, seen from WSL, Git Bash, Cygwin -----------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("open /mnt/c/Users/Ngozi Adeyemi/Desktop/report.pdf for me", "/mnt/c/Users/Ngozi Adeyemi"),
        ("cp '/mnt/d/Users/Lars van der Berg/Music/set.mp3' .", "/mnt/d/Users/Lars van der Berg"),
        ("cd /c/Users/Amélie Dubois/source/repos/app", "/c/Users/Amélie Dubois"),
        ("ls /cygdrive/c/Users/Kofi Mensah/AppData/Local/Temp", "/cygdrive/c/Users/Kofi Mensah"),
    ],
)
def test_a_windows_home_with_spaces_seen_from_a_unix_shell_is_found_whole(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("copy it from /mnt/c/Users/Public/Documents to /tmp/x", "/mnt/c/Users/Public"),
        ("cat /mnt/c/Users/Default User/NTUSER.DAT.LOG1 | head", "/mnt/c/Users/Default User"),
        ("under /mnt/c/Users/ada then into /tmp/build", " then into /tmp/build"),
    ],
)
def test_a_shared_profile_or_the_prose_after_an_account_is_left(scanner: Scanner, text: str, kept: str) -> None:
    spans = [(f.start, f.end) for f in scanner.scan(text)]
    start = text.find(kept)
    assert not any(a < start + len(kept) and start < b for a, b in spans)


# -- a session cookie away from a cookie line --------------------------------------------------------------------

_SID = "unlsnqyekr9rnvuefhlgaah9i4oinhbl"
_JWT = (
    "eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCIsImtpZCI6ImstMjAyNi0xMSJ9.eyJzdWIiOiJhY2N0Xzc3MzEwIiwiYXVkIjoiYmlsbGluZy1hcG"
    "kiLCJzY29wZSI6Imludm9pY2VzOnJlYWQgaW52b2ljZXM6d3JpdGUiLCJleHAiOjE3NjczMTIwMDAsImlhdCI6MTc2NzIyNTYwMH0.DidXgNNEzQ"
    "jUacl6vTUsrdXhsnuM1OMyWOJn76Kw24vUWXNoLD7ew5E-GyyKJy9haMmZDpSzfQv6VhbllQJnAw"
)


def _wrapped(prefix: str, token: str, width: int) -> str:
    line = prefix + token
    return "\n".join(line[i : i + width] for i in range(0, len(line), width))


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"SESSION_COOKIE={_SID}", _SID),
        (f'export APP_SESSION_COOKIE="{_SID}"', _SID),
        (
            '[\n  {\n    "domain": ".quillmark.app",\n    "expirationDate": 1767312000,\n    "hostOnly": false,\n'
            f'    "httpOnly": true,\n    "name": "sessionid",\n    "path": "/",\n    "sameSite": "lax",\n'
            f'    "secure": true,\n    "session": false,\n    "storeId": "0",\n    "value": "{_SID}"\n  }}\n]',
            _SID,
        ),
        (f"{{name: '_quill_session', domain: 'localhost', path: '/', httpOnly: true, value: '{_SID}'}}", _SID),
        (f"self.client.cookies['sessionid'] = '{_SID}'", _SID),
        (f'request.cookies["connect.sid"] = "{_SID}"', _SID),
        (f"cookies[:remember_token] = '{_SID}'", _SID),
        (f'jar["_quill_session"] = "{_SID}"\nresp = requests.get(url, cookies=jar)', _SID),
    ],
)
def test_a_session_cookie_away_from_a_cookie_line_is_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    [
        "SESSION_COOKIE_NAME=quill_session_prod",
        "SESSION_COOKIE_SECURE=true\nSESSION_COOKIE_SAMESITE=Lax\nSESSION_COOKIE_AGE=1209600",
        '{"domain": ".quillmark.app", "name": "theme", "path": "/", "value": "solarized-dark-v2"}',
        '{"name": "sessionid", "path": "/", "value": ""}',
        "self.client.cookies['sessionid'] = session.session_key",
        "cookies[:remember_token] = user.remember_token",
    ],
)
def test_a_cookies_setting_or_code_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("prefix", "width"),
    [("Authorization: Bearer ", 80), ("token: ", 64), ("", 76), ("> authorization: Bearer ", 100)],
)
def test_a_jwt_wrapped_over_lines_is_found_whole(scanner: Scanner, prefix: str, width: int) -> None:
    text = _wrapped(prefix, _JWT, width) + "\nexpires_in: 3600"
    token = text[len(prefix) : text.index("\nexpires_in")]
    assert flagged_whole(scanner, text, token)
    assert all("expires_in" not in value for _, value in _flags(scanner, text))


# -- (written after the first rules, probing the cookie class further) a token URL-encoded in a cookie ----------

_XOXD = "xoxd-Vq7Lm2Pz9Rt4Kw8Xn3Bc6Hj1Fd5Gs0Ya%2FTe4Ui8Op2Qw6Er0Ty3%2BAs7Df1Gh5Jk9Lz%3D%3D"


@pytest.mark.parametrize(
    "text",
    [
        f"curl 'https://quillmark.slack.com/api/users.list' -H 'cookie: d={_XOXD}; d-s=1767225600'",
        f"SLACK_D_COOKIE={_XOXD}",
        f'{{"name": "d", "value": "{_XOXD}", "domain": ".slack.com"}}',
    ],
)
def test_a_prefixed_token_url_encoded_is_found_whole(scanner: Scanner, text: str) -> None:
    assert flagged_whole(scanner, text, _XOXD)


def test_an_url_encoded_redirect_stays_clean(scanner: Scanner) -> None:
    text = "GET /oauth/authorize?client_id=quill-web&redirect_uri=https%3A%2F%2Fapp.quillmark.app%2Fauth%2Fcallback"
    assert _flags(scanner, text) == []


# -- (written after the first rules, probing look-alikes further) logins at a host, programs' identities, the
# addresses every install of a tool has, an IPv6 range -----------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "ssh deploy@staging.quillmark.app 'sudo systemctl restart api'",
        "scp build.tar.gz jenkins@ci.quillmark.app:/var/lib/jenkins/",
        "rsync -avz dist/ www-data@web1.quillmark.app:/var/www/app/",
        "ssh -i ~/.ssh/ci.pem admin@bastion.quillmark.app",
        "celery@worker-3.quillmark.app ready.",
        "gcloud run deploy api --service-account=svc-deploy@quill-prod.iam.gserviceaccount.com",
        '"client_email": "firebase-adminsdk-q81xz@quill-prod.iam.gserviceaccount.com",',
        "member: serviceAccount:348201957311-compute@developer.gserviceaccount.com",
    ],
)
def test_a_login_at_a_host_or_a_programs_identity_is_no_ones_mailbox(scanner: Scanner, text: str) -> None:
    assert [kind for kind, _ in _flags(scanner, text) if kind == "email"] == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("ssh tomasz.wrobel@build.quillmark.app", "tomasz.wrobel@build.quillmark.app"),
        ("git config user.email deployer.kasia@gmail.com", "deployer.kasia@gmail.com"),
        ('"client_email": "hana.sato@quill-prod.com",', "hana.sato@quill-prod.com"),
    ],
)
def test_a_persons_login_or_mailbox_is_still_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    [
        "kubectl get svc kubernetes\nNAME         TYPE        CLUSTER-IP   PORT(S)\n"
        "kubernetes   ClusterIP   10.96.0.1    443/TCP",
        "nameserver 10.96.0.10\nsearch default.svc.cluster.local",
        "az aks create --service-cidr 10.0.0.0/16 --dns-service-ip 10.0.0.10",
        "$ minikube ip\n192.168.49.2",
        "host.docker.internal has address 192.168.65.254",
        "open http://192.168.1.1 to reach the router's admin page",
        "ULA addresses live in fd00::/8; ours is fd12:3456:789a::/48",
    ],
)
def test_an_address_every_install_has_or_a_range_stays_clean(scanner: Scanner, text: str) -> None:
    assert _flags(scanner, text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("kubectl get pod api -o wide -> 10.96.4.17", "10.96.4.17"),
        ("the NAS is at 192.168.1.47", "192.168.1.47"),
        ("ping fd12:3456:789a::17", "fd12:3456:789a::17"),
    ],
)
def test_a_machines_private_address_beside_them_is_still_found(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value)


# -- (written after the first rules, probing names further) a program named as a sender, a name in single quotes --


@pytest.mark.parametrize(
    "text",
    [
        "From: Sentry <noreply@md.getsentry.com>",
        'From: "Quillmark Alerts" <alert@quillmark.app>',
        "GIT_AUTHOR_NAME='Release Automation'",
        "Reply-To: Uptime Monitoring <status-bot@quillmark.app>",
        "Signed-off-by: Billing Notifications <notifications@quillmark.app>",
    ],
)
def test_a_program_named_as_a_sender_is_not_a_person(scanner: Scanner, text: str) -> None:
    assert [kind for kind, _ in _flags(scanner, text) if kind == "person-name"] == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("GIT_AUTHOR_NAME='Tomasz Wróbel' GIT_AUTHOR_EMAIL=tw@quillmark.app git commit", "Tomasz Wróbel"),
        ("git -c user.name='Aoife Ní Bhriain' commit -m fix", "Aoife Ní Bhriain"),
        ("author_name: 'Kofi Mensah'", "Kofi Mensah"),
        ("git config user.name 'Conor O’Neill'", "Conor O’Neill"),
        ("From: Hana Sato <noreply@quill.dev>", "Hana Sato"),
        ("Co-authored-by: Hana Sato <41234+hsato@users.noreply.github.com>", "Hana Sato"),
    ],
)
def test_a_name_in_single_quotes_is_found_without_its_quote(scanner: Scanner, text: str, name: str) -> None:
    assert name in [value for kind, value in _flags(scanner, text) if kind == "person-name"]


def test_a_tests_session_id_argument_stays_clean(scanner: Scanner) -> None:
    # (a real session's line the written corpus' bench flagged once the quoted value was read)
    assert _flags(scanner, 'start(session_id="test-session-123", user="u1")') == []
