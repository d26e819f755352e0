"""retell's own rules: what gitleaks does not cover in a coding session's text.

Personal data (emails, home folders, the account name), and credentials in the forms a session writes them:
assignments in `.env` files, code, YAML, JSON and Markdown; command-line flags (`--password X`, `mysql -pX`,
`curl -u user:pass`); credentials in URLs (any scheme, any host, `?access_token=`); HTTP headers
(`Authorization: Basic …`, session cookies); Azure connection strings; an AWS secret key beside its key id;
a few token families gitleaks misses (Stripe webhook secrets, bare Telegram bot tokens, older key shapes).

Keyword-style rules need a value that looks like a secret (see `credential`): a type annotation, a form
field, a settings attribute or a word of prose is not one.
"""

from __future__ import annotations

import base64
import binascii
import itertools
import re

from retell.secrets.intakes import INTAKE_RULES, route_of_words
from retell.secrets.personal import _NON_PERSONAL_EMAIL, _PLACEHOLDER_PERSON, brand_of_domain, not_a_person
from retell.secrets.rule import PII, SECRET, Rule, shannon_entropy
from retell.secrets.values import (
    TYPOGRAPHIC,
    credential,
    decodes_to_placeholder_pair,
    is_placeholder,
    is_uuid,
    looks_random,
    names_the_password,
    placeholder_after_prefix,
    words,
)

SENTENCE_END = ".,;:)]}>" + TYPOGRAPHIC
# The words after a credential word that make a label name something about the credential, not the
# credential itself: `auth_tenant_id`, `PASSWORD_MIN_LENGTH`, `secret_name`, `token_type`, `api_key_header`.
_ABOUT = words(
    """
    id ids name names type types kind url uri urls endpoint path file filename dir directory ref arn len length
    size count min max header field prefix suffix policy policies expiry expires expiration ttl lifetime timeout
    version mode method store provider source env var format hash hashed digest algorithm alg location host port
    user username login owner required enabled disabled rotation label description scope scopes hint regex pattern
    validator placeholder input cache tenant domain issuer audience realm region manager service handler helper
    util utils class type config settings schema model table column encoding encoder hasher strength complexity
    reset rule rules visible visibility
    """
)
# Labels whose value a person chooses (a password, a passphrase, a PIN, a `*_SECRET`, a Wi-Fi network's `psk`).
_PASSWORDISH = re.compile(r"(?i)pass|pwd|secret|\bpin\b|(?<![a-z])psk(?![a-z])")


def label_is_about(label: str) -> bool:
    """Does the label name something about a credential (`token_type`, `secretName`) rather than hold one?"""
    words = [w for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])", label) if w]
    return len(words) > 1 and words[-1].lower() in _ABOUT


# A YAML tag (`!vault`, `!secret`, `!Ref`, `!ENV`, `!!binary`) says how the value after it is read: unquoted
# after `key:`, a `!word` followed by more on its line is a tag, not a password that starts with `!`.
YAML_TAG = re.compile(r"!!?[A-Za-z][\w.:/-]*[ \t]+\S")


# What follows a test's name on a runner's status line: its time (`go test -v`: "(0.00s)"), or the line's end
_TEST_STATUS = re.compile(r"[ \t]*(?:\(\d+(?:\.\d+)?m?s\)|$)", re.M)
# (round twenty-six) an ARN's fields before its resource type (`arn:aws:secretsmanager:eu-west-1:123456789012:` then
# `secret:prod/api-AbCdEf`): the type names what the resource is, and what follows is its name, never its value
_ARN_FIELDS = re.compile(r"(?i)\barn:[a-z][\w-]*:[\w-]+:[\w*-]*:[\d*]*:$")


# (round twenty-nine) `pass` the verb in a setting's name: what a proxy, a hook runner or a wrapper passes on
# (`pass_through_headers`, pre-commit's `pass_filenames`, `passthrough_env`, `pass_args`, `pass-host-header`)
_PASS_VERB = re.compile(
    r"(?i)(?:^|[_.-])pass[_-]?(?:through|thru|along|on|headers?|host|args?|arguments|filenames?|files|fds|env|"
    r"environment|params?|query|request|requests|cookies?|context|props|options|opts|stdin|stdout|signals?)(?:$|[_.-])"
)


def _assigned(value: str, m: re.Match[str]) -> bool:
    label, sep = m.group("label"), m.group("sep")
    if m.string.endswith("//", 0, m.start("label")):
        return False  # `https://x-access-token:…@host`: a URL's user and password, read by the URL rules
    written = next(m.group(g) for g in VALUE_GROUPS if m.group(g) is not None)
    if label_is_about(label) or is_placeholder(written):  # (`value` may have lost a `]` or `...` at its end)
        return False
    if m.string.endswith("${", 0, m.start("label")):
        return False  # `${DB_PASSWORD:-…}`: a shell's expansion, its default read by its own rule
    opened = m.string[m.start("label") - 1 : m.start("label")]
    if (
        opened in ("'", '"')
        and m.string[m.end("sep") :].startswith(opened)
        and re.match(r"[;,)\]}\s]", m.string[m.end("sep") + 1 : m.end("sep") + 2])
    ):
        return False  # `expect "password:"; send …`: the quote after `password:` closes the label's own string
    if _ARN_FIELDS.search(m.string, max(0, m.start("label") - 120), m.start("label")):
        return False  # `arn:aws:secretsmanager:…:secret:prod/db-AbCdEf`: a resource's name in an ARN
    if _PASS_VERB.search(label):
        return False  # (round twenty-nine) `pass_through_headers: [X-Request-Id]`: to pass something, not a password
    if label in ("PASS", "FAIL") and sep.strip() == ":" and _TEST_STATUS.match(m.string, m.end()):
        return False  # `--- PASS: TestUnknownKeyFallsBackToIP (0.00s)`: a test runner's verdict on a test's name
    if sep.strip() == ":" and YAML_TAG.match(m.string, m.start("v") if m.group("v") else m.end()):
        return False  # a YAML tag before the value (`!vault |`, `!secret db_password`, `!Ref DbPassword`)
    passwordish = _PASSWORDISH.search(label) is not None
    env_style = label.isupper() and sep.strip() == "="  # DB_PASSWORD=… in a .env file or a shell
    quoted = m.group("v") is None
    strong = env_style or (quoted and passwordish)
    if is_uuid(value.strip("'\"`")) and not strong:
        return False  # a record or tenant id under a loose label (`auth: <uuid>`)
    return credential(value, password=passwordish, strong=strong, digits_only_ok=passwordish)


def unquoted(value: str, m: re.Match[str]) -> str:
    """A double-quoted value as it means: `\"` is a quote."""
    return re.sub(r"\\(.)", r"\1", value) if "vq" in m.re.groupindex and m.group("vq") else value


def _flag_value(value: str, m: re.Match[str]) -> bool:
    return credential(value, password=True, strong=True, digits_only_ok=True)


def _user_password(value: str, m: re.Match[str]) -> bool:
    return (not value.isdigit() and credential(value, password=True, strong=True)) or (
        len(value) >= 3 and any(not c.isalnum() for c in value) and not is_placeholder(value.strip("'\""))
    )


# A URL's password runs to the last `@` of its authority: a raw `@` in it (`smtp://me:Zaq1@wsx9@smtp.host`) is
# the password's when another `@` follows before the path, or the password was cut at the first one.
_USERINFO_PASSWORD = r"(?:[^\s@'\"<>/]|@(?=[^\s@'\"<>/?#]*@))+"
# `jdbc:mysql://localhost:3306/shop?…@…`: a host, its port and a path before an `@` in the query, not a password
# (a database URL's password may hold a raw `/`, as base64 ones do)
_DB_URL_PASSWORD = r"(?:[^\s@'\"]|@(?=[^\s@'\"/?#]*@))+"
_PORT_AND_PATH = re.compile(r"\d{1,5}/")


def _jwe_header(value: str) -> bool:
    """The first part is a JOSE header that names a content encryption (`"enc"`)."""
    head = value.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):
        return False
    return decoded.startswith(b"{") and b'"enc"' in decoded


def _wrapped_jwt(value: str, m: re.Match[str]) -> bool:
    """(round twenty-five) lines cut at one width (the first counted from its line's start, prefix and all), and
    joined a JWT or a JWE: a JOSE header (`"alg"`), two or four dots."""
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    lines = value.replace("\r\n", "\n").split("\n")
    widths = [m.start() - line_start + len(lines[0])] + [len(line) for line in lines[1:-1]]
    if len(set(widths)) != 1 or len(lines[-1]) > widths[0] or widths[0] < 40:
        return False
    joined = "".join(lines)
    head = joined.split(".", 1)[0]
    try:
        decoded = base64.urlsafe_b64decode(head + "=" * (-len(head) % 4))
    except (binascii.Error, ValueError):
        return False
    return joined.count(".") in (2, 4) and decoded.startswith(b"{") and b'"alg"' in decoded


def _url_password(value: str, m: re.Match[str]) -> bool:
    bare = value.strip()
    if len(bare) < 3 or is_placeholder(bare) or (bare.startswith("{") and bare.endswith("}")):
        return False
    if names_the_password(bare):
        return False  # (round thirty) the word "password" in the author's language: `user:motdepasse@…`
    # a password that is its user's name is a default account's (RabbitMQ's `guest:guest`, `postgres:postgres`),
    # the same on every install: nobody chooses it
    user = re.match(r"[^:]*://([^\s:/@'\"<>]*):", m.group(0))
    return not (user is not None and (user.group(1).lower() == bare.lower() or _mirrors_user(user.group(1), bare)))


# (round eighteen) a tutorial's pair: the password is the user's stem and a password word (`dbuser:dbpass`,
# `proxyuser:proxypass`, `ftp_user:ftp_password`): made to be replaced, nobody's choice
_USER_WORD = re.compile(r"(?i)^(?P<stem>[a-z]{2,12}?)[_.-]?(?:user(?:name)?|usr|login|name|acct)$")
_PASSWORD_WORD = r"[_.-]?(?:pass(?:word|wd)?|pwd|pw|secret)"


def _mirrors_user(user: str, password: str) -> bool:
    named = _USER_WORD.match(user)
    return (
        named is not None and re.fullmatch(re.escape(named.group("stem")) + _PASSWORD_WORD, password, re.I) is not None
    )


def _token_like(value: str, m: re.Match[str]) -> bool:
    return (
        len(value) >= 8
        and not is_placeholder(value)
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and shannon_entropy(value) >= 2.5
    )


# The name of a cookie that holds a session or a credential, as frameworks name them.
_SESSION_COOKIE = (
    r"(?:[\w.%-]{0,60}?(?:sess|sid|auth|token|jwt|remember|login|logged[_-]?in|user_?id|csrf|xsrf|identity|"
    r"\.aspnetcore\.|cookies|sso|saml|oauth|ticket)[\w.%-]*|_[\w-]{1,40}_key|"
    # names that say nothing of a session: Gitea's and Gogs', phpMyAdmin's, Pomerium's, Jupyter's per server
    r"i_like_gitea|i_like_gogs|phpmyadmin|_pomerium|username-[\w-]+-\d{2,5})"
)
# (a HAR's or a Postman collection's header: `{"name": "Cookie", "value": "…"}`)
_COOKIE_LINE = re.compile(
    r"(?i)(?:set-)?cookie[\"']?[ \t]*[:=]|(?:set-)?cookie[\"'][ \t]*,[ \t]*[\"']?value[\"']?[ \t]*[:=]|"
    r"--cookie\b|(?<!\S)-b[ \t]"
)


def _in_a_cookie_line(m: re.Match[str]) -> bool:
    """The pair is on a cookie header's line or in curl's `-b`/`--cookie` argument, after the marker."""
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    if _COOKIE_LINE.search(m.string, line_start, m.start()) is not None:
        return True
    # (round thirty-three) a HAR file's header, its name on the line above its value (`"name": "Cookie",` over
    # `"value": "a=…; .AspNetCore.Cookies=…"`)
    if line_start < 2 or not _HAR_VALUE.match(m.string, line_start, m.start()):
        return False
    above = m.string.rfind("\n", 0, line_start - 1) + 1
    return _HAR_COOKIE_NAME.search(m.string, above, line_start - 1) is not None


_HAR_VALUE = re.compile(r"[ \t]*[\"']value[\"'][ \t]*:[ \t]*[\"']")
_HAR_COOKIE_NAME = re.compile(r"(?i)[\"']name[\"'][ \t]*:[ \t]*[\"'](?:set-)?cookie[\"'][ \t]*,?[ \t]*\r?$")


def _basic_credentials(value: str, m: re.Match[str]) -> bool:
    """`Basic` is followed by base64 of `user:password`."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    # (a tutorial's `user:password`, `dXNlcjpwYXNzd29yZA==`, stands for credentials)
    return b":" in decoded and len(decoded) >= 3 and not decodes_to_placeholder_pair(value)


def _aws_secret(value: str, m: re.Match[str]) -> bool:
    return _not_example(value, m) and (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and (any(c.isdigit() for c in value) or "/" in value or "+" in value)
    )


def _hook_with_a_secret(value: str, m: re.Match[str]) -> bool:
    """A hook's URL that holds its secret: a machine-made part after the hook (`/hooks/<26 random>`,
    `?token=<random>`), or Zapier's catch hook (`/hooks/catch/<account>/<hook>`), which is one whole."""
    zapier = re.search(r"(?i)hooks\.zapier\.com/hooks/catch/(\d+)/(\w+)", value)
    if zapier:
        # (round twenty-one) documentation's sample: the hook a run of a keyboard or a mask (`123456/abcdef`)
        return not (_a_run(zapier.group(2)) or is_placeholder(zapier.group(2)))
    rest = re.split(r"(?i)/(?:hooks?|webhooks?|trigger|robot|integrations?)(?=[/?])", value, maxsplit=1)[-1]
    parts = [p for p in re.split(r"[/?&=#]", rest) if p]
    # a deploy hook: a project's id, then its key (`/integrations/deploy/prj_…/3EusNlIW0Z`)
    if any(
        re.fullmatch(r"[a-z]{2,4}_\w{16,}", a) and len(b) >= 8 and looks_random(b) for a, b in itertools.pairwise(parts)
    ):
        return True
    # (`evt_1PqX…`, `cus_…`: an object's id in a route, not a secret)
    return any(
        len(p) >= 16
        and looks_random(p)
        and not is_placeholder(p)
        and not re.match(r"[a-z]{2,4}_", p)
        and not route_of_words(p)
        for p in parts
    )


def _a_run(part: str) -> bool:
    """A sample's part, typed along the keyboard or the alphabet: one character repeated (`000000`, `xxxxxx`),
    or each the next one (`123456`, `abcdef`), or such a run of letters then of digits (`abc123`)."""
    lowered = part.lower()
    pieces = re.findall(r"[a-z]+|\d+", lowered)
    if "".join(pieces) != lowered or len(pieces) > 2:
        return False
    return all(len(set(p)) == 1 or all(ord(b) - ord(a) == 1 for a, b in itertools.pairwise(p)) for p in pieces)


def _keyed_push_url(value: str, m: re.Match[str]) -> bool:
    """A key in the URL's path or query: a part of 16 characters or more, machine-made (not a route, a
    version or an object's id)."""
    rest = value.split("://", 1)[-1].split("/", 1)[-1]
    parts = [p for p in re.split(r"[/?&=#.]", rest) if p]
    return any(
        ((len(p) >= 16 and _keyed(p)) or _lower_key(p)) and looks_random(p) and not is_placeholder(p) for p in parts
    )


def _lower_key(part: str) -> bool:
    """(round twenty-nine) A key made of lowercase letters and digits (a random ntfy topic, `r7k2…`): 12 or more,
    at least three of each, so a route (`alerts`), a version (`v2`) or a date is not one."""
    return (
        len(part) >= 12
        and re.fullmatch(r"[a-z0-9]+", part) is not None
        and sum(c.isdigit() for c in part) >= 3
        and sum(c.isalpha() for c in part) >= 3
    )


def _keyed(part: str) -> bool:
    """A key's look: both cases and digits, or long hex, or a UUID (not `2024-03-01-outage`)."""
    mixed = any(c.isupper() for c in part) and any(c.islower() for c in part) and any(c.isdigit() for c in part)
    return mixed or re.fullmatch(r"[0-9a-f]{24,}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}", part) is not None


def has_key_body(value: str) -> bool:
    """A key block holds a key, not `...` or `<your key here>` between its lines."""
    text = re.sub(r"-----[A-Z0-9 ]+-----|Proc-Type:.*|DEK-Info:.*", " ", value)
    body = re.sub(r"\\n|\s", "", text)
    # a key's lines are long runs of base64; prose between two armor lines (`starts with -----BEGIN …----- and
    # ends with -----END …-----`) is short words
    longest = max((len(run) for run in re.findall(r"[A-Za-z0-9+/=]+", text.replace("\\n", " "))), default=0)
    return longest >= 20 and len(re.findall(r"[A-Za-z0-9+/=]", body)) >= 32 and not is_placeholder(body)


def _encoded_private_key(value: str, m: re.Match[str]) -> bool:
    """A PEM block base64-encoded once more (a Kubernetes secret's `tls.key: LS0tLS1CRUdJTi…`): a private
    key when its first line says so, never a certificate or a public key."""
    head = value[: len(value) // 4 * 4][:96]
    try:
        decoded = base64.b64decode(head, validate=True)
    except (binascii.Error, ValueError):
        return False
    return b"PRIVATE KEY" in decoded and len(value) >= 120


# A JSON Web Key's private members (RFC 7518): `d` of an EC, OKP or RSA key, and an RSA key's primes and
# exponents; .NET's XML form of an RSA key has the same members as elements.
# (its members quoted as JSON writes them, single-quoted, escaped, or bare as JavaScript and YAML write them:
# `{ kty: "OKP", d: "…" }`, `d: …` under `kty: OKP`)
_JWK_PRIVATE = (
    r"(?<![\w\\-])(?:\\?[\"'])?(?:d|p|q|dp|dq|qi)(?:\\?[\"'])?[ \t]*:[ \t]*(?:\\?[\"'])?"
    r"(?P<jwk>[A-Za-z0-9_-]{20,})(?![A-Za-z0-9_-])"
)
_KTY = re.compile(r"(?<![\w-])(?:\\?[\"'])?kty(?:\\?[\"'])?[ \t]*:")
_XML_RSA_PRIVATE = r"<(?P<tag>D|P|Q|DP|DQ|InverseQ)>(?P<xml>[A-Za-z0-9+/]{20,}={0,2})</(?P=tag)>"


def _jwk_member(value: str, m: re.Match[str]) -> bool:
    """Only inside a key: `"kty"` (JSON) or `<RSAKeyValue>` (XML) before the member, in the same object."""
    before = m.string[max(0, m.start() - 2000) : m.start()]
    if not m.group("jwk"):
        return "<RSAKeyValue>" in before and looks_random(value)
    opened = before.rfind("{")
    # in an object (JSON, JavaScript, Python), or in YAML's lines with no braces: the key's own `kty` before it
    region = before[opened:] if opened >= 0 and "}" not in before[opened:] else before[-600:]
    return _KTY.search(region) is not None and looks_random(value)


def _recovery_phrase(value: str, m: re.Match[str]) -> bool:
    """12, 15, 18, 21 or 24 words, mostly different: not Hardhat's public `test test … junk`."""
    words = value.split()
    prose = sum(w in _PROSE_WORDS for w in words)  # a sentence after the word, not a phrase
    return len(words) in (12, 15, 18, 21, 24) and len(set(words)) >= len(words) * 2 // 3 and prose <= 1


_PROSE_WORDS = frozenset(
    [
        "the",
        "and",
        "for",
        "with",
        "this",
        "that",
        "from",
        "are",
        "was",
        "not",
        "but",
        "you",
        "your",
        "our",
        "its",
        "has",
        "have",
        "will",
    ]
)
# a word of a phrase's longer forms: never a word of a sentence (`… least but the wallet does not load`)
_PHRASE_WORD = r"(?!(?:" + "|".join(sorted(_PROSE_WORDS)) + r")\b)(?-i:[a-z]{3,8})"


def _not_example(value: str, m: re.Match[str]) -> bool:
    """AWS's documented example keys (`AKIAIOSFODNN7EXAMPLE`) are in every tutorial."""
    return "EXAMPLE" not in value.upper()


def _not_placeholder(value: str, m: re.Match[str]) -> bool:
    return len(value) >= 4 and not is_placeholder(value.strip("'\"`"))


# -- personal data ------------------------------------------------------------------------------------

COMMON_ACCOUNTS = frozenset(
    {
        "user",
        "users",
        "runner",
        "ubuntu",
        "root",
        "admin",
        "administrator",
        "ec2-user",
        "vscode",
        "node",
        "app",
        "shared",
        "guest",
        "default",
        "public",
        "me",
        "you",
        "username",
        "name",
        "linuxbrew",
        "ci",
        "build",
        "jenkins",
        "all users",
        "default user",
        "defaultuser0",
        "vagrant",
        "pi",
        "centos",
        "fedora",
        "debian",
        "azureuser",
        "codespace",
        "coder",
        "gitpod",
        "circleci",
        "travis",
        "docker",
        "www-data",
        "nobody",
        "postgres",
        "git",
        "jovyan",
        "opc",
        "deploy",
        # (round twenty-two) the accounts CI images and containers run as: GitHub's Windows runner, Azure
        # Pipelines' hosted agent, a Windows container's, GitLab's and Buildkite's agents, AWS CloudShell's
        "runneradmin",
        "vssadministrator",
        "containeradministrator",
        "containeruser",
        "gitlab-runner",
        "buildkite-agent",
        "appveyor",
        "cloudshell-user",
    }
)
# The names documentation uses for "some user": `/home/alice/project` in a README is an example. (The
# session's own account is found by its own rule whatever it is called.)
EXAMPLE_ACCOUNTS = words(
    """
    alice bob carol dave eve mallory trent foo bar baz yourname your-name your_name yourusername your-username
    your_username youruser myname myuser myusername example someone somebody
    """
)
_FILE_TLDS = frozenset(
    {
        "png",
        "jpg",
        "jpeg",
        "gif",
        "svg",
        "webp",
        "ico",
        "js",
        "mjs",
        "cjs",
        "ts",
        "tsx",
        "jsx",
        "css",
        "scss",
        "py",
        "md",
        "json",
        "yaml",
        "yml",
        "toml",
        "html",
        "txt",
        "lock",
        "sh",
        "rb",
        "go",
        "rs",
        "java",
        "kt",
        "swift",
        "vue",
        "svelte",
        "map",
    }
)
_NOREPLY_HOSTS = ("users.noreply.github.com", "users.noreply.gitlab.com", "users.noreply.codeberg.org")

# Latin letters beyond ASCII (accents, Vietnamese): À-ÿ but × and ÷, Latin Extended A and B, Latin Extended Additional
_LATIN = "\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u1e00-\u1eff"


# (round forty-two) An identifier written as an address, after the field that names it: an iCalendar event's
# `UID:gio-1998-0328-2026@hotran.vn` (fresh46's family calendar, redacted as an email in the post's .ics excerpt), a
# message's `Message-ID:` and its replies' `In-Reply-To:` and `References:`: no one's mailbox
# (a search's line number before it: `24:UID:…`, `24-UID:…`, as grep -n prints the file's lines)
_ID_FIELD_BEFORE = re.compile(
    r"(?i)^[ \t]*(?:\d+[:-])?(?:UID|Message-ID|In-Reply-To|References|Content-ID)(?:;[^:\n]*)?:[ \t<]*$"
)


def _email(value: str, m: re.Match[str]) -> bool:
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    if _ID_FIELD_BEFORE.match(m.string[line_start : m.start()]):
        return False
    tld = value.rsplit(".", 1)[-1].lower()
    if re.search(r"://[^\s/@]*$", m.string[max(0, m.start() - 200) : m.start()]):
        return False  # `scheme://user:password@host`: credentials in a URL, not an email
    domain = value.rsplit("@", 1)[-1].lower()
    if any(host.startswith(domain) for host in _NOREPLY_HOSTS):
        # (round sixteen) a forge's noreply address cut short by a summary (`…@users.noreply.github`): no one's
        # mailbox, and not one retell may flag after writing it itself
        return False
    if _NON_PERSONAL_EMAIL.search(value) or tld in _FILE_TLDS or _placeholder_address(value):
        return False
    local = value.rsplit("@", 1)[0].lower()
    if (local in COMMON_ACCOUNTS and local not in _OWN_MAILBOX_WORDS | {"you", "username"}) or _service_account(local):
        # (round twenty-five) a shared or a service's account at a host (`ssh deploy@staging.…`, `jenkins@ci.…`,
        # `celery@worker-1.…`): a login, not a person's mailbox
        return False
    if local in _ROLE_LOCALS and _the_domain_is_an_organisations(m.string, m.start(), local, domain):
        return False
    # (round twenty-four) a company's mailbox under its own name (`Orchard Pay <hello@orchardpay.com>`)
    display = _DISPLAY_BEFORE.search(m.string, max(0, m.start() - 80), m.start())
    if display is None:
        return True
    name = display.group("display").strip()
    if brand_of_domain(name, domain):
        return False
    # (round thirty-three) a program's, a team's or a key's own mailbox under the name it goes by (`Copilot
    # <copilot@github.com>` in a trailer, `Release Signing Key <release@…>` in a GPG uid): no person's
    own = local.split("+")[0].removesuffix("s")  # (`packages@` under `Package Signing Key`)
    return not (not_a_person(name) and own in {w.lower().removesuffix("s") for w in re.findall(r"\w+", name)})


# (round thirty-two) the mailboxes an organisation answers at, which may be one person's at their own domain (`hello@`,
# `info@`): the organisation's where the text shows the domain is one
_ROLE_LOCALS = words(
    "help hello hi info contact contacts team office enquiries inquiries service care kontakt contacto contato "
    "bonjour hallo hola ciao reply replies"
)


def _the_domain_is_an_organisations(text: str, at: int, local: str, domain: str) -> bool:
    """(round thirty-two) Another mailbox of the same domain near it is a desk's or sends under the domain's brand
    (`From: Orchardly <no-reply@orchardly.app>` over `Reply-To: help@orchardly.app`, `BOUNCE_ADDRESS=postmaster@…`)."""
    start = max(0, at - 2000)
    window = text[start : at + 2000]
    for other in re.finditer(r"(?P<local>[\w.+-]+)@" + re.escape(domain) + r"(?![\w.-]*[\w-])", window, re.I):
        if other.group("local").lower() == local:
            continue
        if _NON_PERSONAL_EMAIL.search(other.group("local") + "@x.zz"):
            return True
        display = _DISPLAY_BEFORE.search(window, max(0, other.start() - 80), other.start())
        if display and brand_of_domain(display.group("display").strip(), domain):
            return True
    return False


_DISPLAY_BEFORE = re.compile(r"(?:^|(?<=[\s\"':=,(\[]))(?P<display>[^\s<>\"'@:=,][^<>\"'@\n:=,]{0,60}?)[\"']?[ \t]*<$")


# (round eighteen) The words documentation builds an address from, in the languages authors write in: a mailbox
# said to be yours or a form's field (`your.email@…`, `firstname.lastname@…`, `vorname.nachname@…`,
# `prenom.nom@…`), or a company that stands for yours (`…@yourcompany.com`, `…@firma.de`, `…@empresa.com`)
_PLACEHOLDER_LOCAL_WORDS = words(
    """
    your you my me our user username name first last firstname lastname fullname surname given family email mail
    address e-mail someone somebody anyone person vorname nachname prenom prénom nom nombre apellido apellidos nome
    cognome sobrenome voornaam achternaam imie imię nazwisko fornavn etternavn efternamn förnamn ten ho tên họ
    """
)
_OWN_MAILBOX_WORDS = frozenset(
    {"me", "my", "our", "mail", "address", "person", "ten", "given", "family", "first", "last"}
)
_PLACEHOLDER_DOMAIN = re.compile(
    r"(?i)@(?:(?:your|my|the)[-_]?)?(?:company|companyname|domain|domainname|org|organi[sz]ation|business|corp|"
    r"firma|meinefirma|unternehmen|empresa|entreprise|societe|azienda|bedrijf|foretag|företag|firm)"
    r"\.[a-z]{2,6}(?:\.[a-z]{2})?$"
)


def _placeholder_address(value: str) -> bool:
    local = value.rsplit("@", 1)[0].lower()
    parts = [p for p in re.split(r"[._+-]", local) if p]
    # (one word alone must be a field's, not `me@` or `mail@` on a person's own domain)
    words_only = bool(parts) and all(p in _PLACEHOLDER_LOCAL_WORDS for p in parts)
    if words_only and len(parts) == 1:
        words_only = parts[0] not in _OWN_MAILBOX_WORDS
    return (
        words_only
        or _PLACEHOLDER_DOMAIN.search(value) is not None
        or _PLACEHOLDER_PERSON.match(" ".join(parts)) is not None
    )


def home_account(path: str) -> str:
    """The account name in a home folder path (`/home/<name>`, `C:\\Users\\<name>`)."""
    return re.split(r"[/\\]", path.rstrip("/\\"))[-1]


# (round sixteen) a URL on a web host up to the path: its `/home/…` is a route (`script.google.com/home/start`,
# `…/docs/home/intro`), never a folder; `file:///home/jane/…` has no host and is one
_WEB_URL_BEFORE = re.compile(r"(?i)(?:https?|ftps?|wss?)://[^/\s\"'<>`]+/[^\s\"'<>`“”‘’«»「」『』]*\Z")


# (round twenty-five) the small words inside a family name (`Lars van der Berg`, `Jan de Vries`)
_NAME_PARTICLES = words("de van der den von da do dos das del della di du la le bin binti al el ten ter zu y")


def _home_account(value: str, m: re.Match[str]) -> bool:
    if _WEB_URL_BEFORE.search(m.string, max(0, m.start() - 300), m.start() + 1):
        return False
    account = home_account(value)
    if " " in account and value.startswith("/"):
        # a name with spaces in a Unix shell's view of `C:\Users`: a person's written name, each word capitalised
        # (or a family name's particle), not a sentence that runs on to the next path
        parts = account.split(" ")
        if not parts[0][:1].isupper() or any(not (p[:1].isupper() or p in _NAME_PARTICLES) for p in parts[1:]):
            return False
    return personal_account(account) and not _made_for_a_container(account, m.string)


# (round twenty-three) the words a service's account is made of (`appuser`, `svc-worker`, `app_user`, `nonroot`)
_SERVICE_WORDS = words(
    """
    app apps application user usr svc service services worker workers web www api bot runner agent build builder
    ci deploy deployer non root nonroot daemon server srv task tasks job jobs celery django rails node python java
    nginx backend frontend runtime container docker default dev system sys
    jenkins ansible postgres mysql redis data
    """
)


def _service_account(name: str) -> bool:
    """A name made only of the words a service's account is named with, joined or not (`appuser`, `svc-worker`)."""
    letters = re.sub(r"[\d_.-]+", " ", name.lower()).split()
    return bool(letters) and all(_segments(part) for part in letters)


def _segments(word: str) -> bool:
    """`word` is a run of service words (`appuser` = `app` + `user`)."""
    ends = {0}
    for end in range(1, len(word) + 1):
        if any(start in ends and word[start:end] in _SERVICE_WORDS for start in range(max(0, end - 12), end)):
            ends.add(end)
    return len(word) in ends


def _made_for_a_container(account: str, text: str) -> bool:
    """(round twenty-three) the account a Dockerfile creates or runs as (`RUN useradd … kestrel`, `USER kestrel`):
    the image's, not a person's. `sudo useradd -m tomasz` on a host is a person's."""
    n = re.escape(account)
    return (
        re.search(rf"(?m)^[ \t]*USER[ \t]+{n}(?::\S+)?[ \t]*$", text) is not None
        or re.search(rf"(?m)^[ \t]*RUN\b[^\n]*\b(?:useradd|adduser)\b[^\n]*[ \t]{n}(?![\w.-])", text) is not None
    )


def personal_account(name: str) -> bool:
    """An account that is a person's: not a shared or service one, a documentation example, a variable, or
    a shared account's 8.3 short name."""
    lowered = name.lower()
    if lowered in COMMON_ACCOUNTS or lowered in EXAMPLE_ACCOUNTS or name.startswith(("$", "<", "{", "%")):
        return False
    if _service_account(name):
        return False
    short = re.fullmatch(r"([a-z0-9]{1,6})~\d", lowered)  # an 8.3 short name: `ADMINI~1` is Administrator
    return short is None or not any(
        account.replace(" ", "").startswith(short.group(1)) for account in COMMON_ACCOUNTS if len(account) > 6
    )


# A long listing's date: `Nov 14 08:58`, `Oct  4  2025`, `14 nov 08:58` (a locale's day first), `2026-11-14` (GNU's
# --time-style=long-iso)
_LISTING_DATE = r"(?:[A-Za-z]{3}\.?[ \t]+\d{1,2}[ \t]|\d{1,2}\.?[ \t]+[A-Za-z]{3}|\d{4}-\d\d-\d\d[ \t])"


def account_name_rule(name: str) -> Rule:
    """The session's account name where it is an account name: in a path (`/home/name`, `-Users-name-` in a
    project folder's name), `name@host` (also in a shell prompt), a URL's user or first path segment, and
    `~name`; case-insensitively there. In prose only when it cannot be a word (`jdoe42`, `j.smith`,
    `Alice Smith`): an account named `will` or `may` leaves "I will fix it" alone."""
    n = re.escape(name)
    alternatives = [
        rf"(?<=[/\\-])(?:Users|home)[/\\-]({n})(?=[/\\\-:\s'\"`]|$)",
        rf"(?<![\w.+-])({n})@(?=[A-Za-z0-9])",
        rf"://({n})[:@]",
        rf"://[^/\s]+/({n})(?=[/?#\s'\"`]|$)",
        rf"(?<![\w~])~({n})(?![\w-])",
        # the owner and the group of a long listing's row (`-rw-r--r-- 1 will will 4096 Nov 14 08:58 ajo.db`: a
        # name, another, a size, a date), and `id`'s `uid=1000(will)` (stop 63: fresh43's `ls -la` printed the
        # account the paths had redacted, eleven times)
        rf"(?<![\w.-])({n})(?=[ \t]+(?:[\w.-]+[ \t]+)?\d[\d.,]*[KMGTP]?[ \t]+{_LISTING_DATE})",
        rf"(?<=\d\()({n})(?=\))",
    ]
    # every match above holds the name after a slash, dash, tilde, a space or a parenthesis, or before an `@` (a
    # name that is a common word, `sam`, is in many texts: `same`, `sample`)
    prefilter: str | None = rf"(?i)[/\\~-]{n}|{n}@|[ \t]{n}[ \t]|\({n}\)"
    if re.search(r"[\d\s._-]", name):
        alternatives.append(rf"(?<![\w.-])({n})(?![\w-])")
        prefilter = None
    return Rule(
        "username",
        PII,
        "(?i)" + "|".join(alternatives),
        (name.lower(),),
        replacement="[REDACTED:username]",
        canonical=name,
        prefilter=prefilter,
    )


# -- the rules ----------------------------------------------------------------------------------------

_LABEL = (
    r"(?:password|passwd|passphrase|pass|pwd|psk|secret|secret[_-]?key|api[_-]?key|apikey|api[_-]?secret|"
    r"access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|id[_-]?token|client[_-]?secret|"
    r"private[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key|token|credentials?|auth|bearer)"
)
# A value: quoted (up to its closing quote, `;` and `,` included) or bare (up to whitespace or a quote; a `;`
# ends it only where another `Key=` follows, as in a connection string).
# A bare value: up to whitespace or a quote; a `;` or `&` ends it only where another `key=` (or `&&`) follows,
# as in a connection string or a URL's query.
_BARE = (
    r"(?:[^\s'\"`;<>&%" + TYPOGRAPHIC + r"]|;(?![ \t]*[A-Za-z][\w ]{0,30}=)|&(?![A-Za-z_][\w.-]{0,30}=|&|[ \t\n]|$)|"
    # a URL-encoded `&next=` ends a value as a literal one does (`access_token=abc%26state=y`)
    r"%(?!26[A-Za-z_][\w.-]{0,30}(?:=|%3[Dd])))+"
)
VALUE = r"\"(?P<vq>(?:[^\"\\\n]|\\.){1,300})\"|'(?P<vs>[^'\n]{1,300})'|`(?P<vb>[^`\n]{1,300})`|(?P<v>" + _BARE + ")"
VALUE_GROUPS = ("vq", "vs", "vb", "v")
_ASSIGNMENT = (
    # a label's prefix: `DB_`, `db.`, `DB` glued, or a camelCase one (`db` in `dbPassword`, `smtpAuth`)
    r"(?i)(?<![A-Za-z0-9])[*_]{0,2}[\"']?(?P<label>(?:[\w-]{0,40}?[_.-]|(?-i:[A-Z][A-Z0-9]{0,15})|"
    r"(?-i:[a-z][a-z0-9]{0,20}(?:[A-Z][a-z0-9]+){0,3}(?=[A-Z])))?"
    + _LABEL
    + r"(?:[_-][A-Za-z0-9_-]*|(?-i:(?:[A-Z][a-z0-9]+){1,3}))?)"
    r"(?![A-Za-z0-9])[\"']?[*_]{0,2}"
    r"(?P<sep>[ \t]*(?::=|=>|=(?!=)|:(?![:/]))[ \t]*)[*_]{0,2}"
    r"(?:" + VALUE + ")"
)

CREDENTIAL_KEYWORDS = (
    "bearer",
    "pass",
    "psk",
    "pwd",
    "secret",
    "api_key",
    "api-key",
    "apikey",
    "access_key",
    "access-key",
    "token",
    "credential",
    "private_key",
    "private-key",
    "signing",
    "encryption",
    "master",
    "auth",
)

OWN_RULES: tuple[Rule, ...] = (
    # (round twenty-one) a password's hash on an htpasswd or shadow line, `user:HASH`: crypt's `$apr1$`, `$1$`,
    # `$5$`, `$6$`, `$y$`, bcrypt's `$2y$`, and `{SHA}`; one `$` inside would otherwise cut a told password short
    Rule(
        "password-hash",
        SECRET,
        r"(?m)^[ \t]*[\w.@-]{1,64}:(?P<hash>\$(?:apr1|1|5|6|y|gy|7|2[abxy]?)\$[./A-Za-z0-9$=,]{16,200}|"
        r"\{S?SHA\}[A-Za-z0-9+/]{20,}={0,2})(?=[:\s]|$)",  # (round twenty-two: `{SHA}` too, as its comment says)
        ("$apr1$", "$1$", "$5$", "$6$", "$y$", "$gy$", "$7$", "$2", "{sha}", "{ssha}"),
        group="hash",
        replacement="[REDACTED:password-hash]",
        rule_id="htpasswd-hash",
    ),
    Rule(
        "private-key",
        SECRET,
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
        r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        ("private key",),
        accept=lambda value, m: has_key_body(value),
    ),
    Rule(
        "anthropic-api-key",
        SECRET,
        r"sk-ant-(?:api|admin|oat|sid)\d{2}-[A-Za-z0-9_-]{20,}",
        ("sk-ant-",),
        entropy=3.0,
    ),
    Rule(
        "openai-api-key",
        SECRET,
        r"sk-(?:proj-|svcacct-|admin-)?(?!ant-)[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}|"
        r"sk-(?:proj|svcacct|admin)-(?!ant-)[A-Za-z0-9_-]{40,}|(?<![\w-])sk-[A-Za-z0-9]{48}(?![\w-])",
        ("sk-",),
        entropy=3.0,
    ),
    Rule(
        "github-token",
        SECRET,
        r"(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255})",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"),
        entropy=3.0,
    ),
    Rule(
        "slack-token",
        SECRET,
        r"xox[abposr]-[A-Za-z0-9-]{10,}",
        ("xox",),
        entropy=3.0,
        accept=lambda value, m: not placeholder_after_prefix(value),
    ),
    Rule(
        "aws-access-key-id",
        SECRET,
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Z0-9])",
        ("akia", "asia", "abia", "acca"),
        entropy=3.0,
        accept=_not_example,
    ),
    Rule("vault-service-token", SECRET, r"hvs\.[\w-]{90,120}", ("hvs.",), entropy=3.5),
    Rule(
        "stripe-key",
        SECRET,
        r"(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{16,}",
        ("_live_", "_test_", "_prod_"),
        entropy=3.0,
    ),
    Rule("stripe-webhook-secret", SECRET, r"whsec_[A-Za-z0-9+/=]{24,}", ("whsec_",), entropy=3.0),
    Rule("google-api-key", SECRET, r"AIza[0-9A-Za-z_-]{35}", ("aiza",), entropy=3.0),
    Rule("google-oauth-token", SECRET, r"ya29\.[0-9A-Za-z_-]{20,}", ("ya29.",), entropy=3.0),
    Rule(
        "telegram-bot-api-token",
        SECRET,
        r"(?<![\d:])\d{6,12}:AA[A-Za-z0-9_-]{32,34}(?![\w-])",
        (":aa",),
        entropy=3.0,
    ),
    Rule(
        "jwt",
        SECRET,
        r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
        ("eyj",),
        entropy=3.0,
    ),
    # An encrypted JWT (JWE, five parts; the key part is empty under `"alg":"dir"`): next-auth's session cookie.
    # Its header says so (`"enc"`), which no other dotted base64 run does.
    Rule(
        "jwt",
        SECRET,
        r"(?<![\w.-])eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}",
        ("eyj",),
        accept=lambda value, m: _jwe_header(value),
        rule_id="jwe",
    ),
    # (round twenty-five) a JWT a terminal, a log or a pager wrapped at its width: each line but the last as wide
    # as the first (its prefix counted), and the lines joined a token whose header is a JOSE header
    Rule(
        "jwt",
        SECRET,
        r"(?<![\w.-])eyJ[A-Za-z0-9_.-]{16,}(?:\r?\n[A-Za-z0-9_.-]+(?=\r?\n|$)){1,24}",
        ("eyj",),
        accept=lambda value, m: _wrapped_jwt(value, m),
        rule_id="jwt-wrapped",
        prefilter=r"eyJ[A-Za-z0-9_.-]{16,}\r?\n",
    ),
    # OpenRouter's keys (`sk-or-v1-` and 64 hex digits), which gitleaks does not know yet
    Rule("openrouter-api-key", SECRET, r"sk-or-v1-[0-9a-f]{64}(?![0-9a-f])", ("sk-or-v1-",), entropy=3.0),
    # Prefixes distinctive enough to need no label (gitleaks wants one, or knows only `dp.pt.`): Doppler's
    # service, CLI, service-account, SCIM and audit tokens (`dp.st.prd.…`), Atlassian's API tokens.
    Rule(
        "doppler-api-token",
        SECRET,
        r"(?<![\w.])dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[a-z0-9_-]{1,24}\.)?[A-Za-z0-9]{40,44}(?![A-Za-z0-9])",
        ("dp.pt.", "dp.st.", "dp.ct.", "dp.sa.", "dp.scim.", "dp.audit."),
        entropy=3.5,
    ),
    Rule(
        "atlassian-api-token",
        SECRET,
        r"(?<![\w-])ATATT3[A-Za-z0-9_=-]{150,250}(?![\w=-])",
        ("atatt3",),
        entropy=3.5,
    ),
    # Fly.io's macaroon tokens are told with their scheme, a space inside: `FlyV1 fm2_…,fm2_…`.
    Rule(
        "flyio-access-token",
        SECRET,
        r"FlyV1[ \t]+fm\d[a-z]?_[A-Za-z0-9+/=_-]{20,}(?:,fm\d[a-z]?_[A-Za-z0-9+/=_-]{20,})*",
        ("flyv1",),
    ),
    # `heroku auth:token` prints the token alone on the next line.
    Rule(
        "heroku-api-key",
        SECRET,
        r"heroku[ \t]+auth:token[^\n]*\n(?:[ \t]*[›!].*\n)*[ \t]*(?P<t>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-"
        r"[0-9a-f]{12}|HRKU-[0-9a-zA-Z_-]{20,})",
        ("auth:token",),
        group="t",
        rule_id="heroku-auth-token-output",
    ),
    # Webhook URLs are credentials whole (whoever has one can post as the hook): redacted to their end.
    Rule(
        "discord-webhook",
        SECRET,
        r"(?i)https?://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api(?:/v\d+)?/webhooks/\d{15,22}/[\w-]{40,100}",
        ("discord",),
    ),
    Rule(
        "microsoft-teams-webhook",
        SECRET,
        r"(?i)https://[\w.-]*(?:webhook\.office\.com|outlook\.office(?:365)?\.com)/webhook(?:b2)?/"
        r"[0-9a-f-]{36}@[0-9a-f-]{36}/IncomingWebhook/[0-9a-f]{32}/[0-9a-f-]{36}(?:/[A-Za-z0-9_-]{10,120})?",
        ("incomingwebhook",),
    ),
    Rule(
        "slack-webhook",
        SECRET,
        r"(?:https?://)?hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9_]{8,12}/[A-Za-z0-9_]{8,12}/"
        r"[A-Za-z0-9_/+-]{16,120}",
        ("hooks.slack.com",),
        accept=lambda value, m: not is_placeholder(value.rsplit("/", 1)[-1]) and "00000000/" not in value,
    ),
    Rule(
        "google-chat-webhook",
        SECRET,
        r"https://chat\.googleapis\.com/v1/spaces/[\w-]+/messages\?[^\s\"'<>`“”‘’«»「」『』]*(?:key|token)=[^\s\"'<>`“”‘’«»「」『』]+",
        ("chat.googleapis.com",),
    ),
    # Teams Workflows and Power Automate: an HTTP trigger whose `sig=` signs the whole URL.
    Rule(
        "azure-workflow-webhook",
        SECRET,
        r"https://[\w.-]+\.(?:logic\.azure\.com|environment\.api\.powerplatform\.com|api\.powerplatform\.com)"
        r"(?::\d+)?/[^\s\"'<>`“”‘’«»「」『』]*?/triggers/[^\s\"'<>`“”‘’«»「」『』]*?[?&]sig=[\w%-]+",
        ("logic.azure.com", "powerplatform.com"),
    ),
    # Any other service's incoming webhook (Zapier, IFTTT, Mattermost, Rocket.Chat, Azure Automation, a
    # self-hosted one; a chat robot's: DingTalk's `/robot/send?access_token=…`, WeCom's `/webhook/send?key=…`,
    # Feishu's `/bot/v2/hook/…`): a URL with a hook in its path and a machine-made part after it is a credential whole.
    Rule(
        "webhook-url",
        SECRET,
        # (or a host named for its hooks: Make's `hook.eu2.make.com/<token>`)
        # (an event intake's: PagerDuty's `/integration/<key>/enqueue`, Vercel's `/integrations/deploy/<id>/<key>`)
        r"(?i)https?://(?:[\w.-]+(?::\d+)?/(?:[\w.%-]+/){0,6}?(?:hooks?|webhooks?|trigger|robot|integrations?)"
        r"(?:/|\?)|"
        r"(?:hooks?|webhooks?)\.[\w.-]+(?::\d+)?/)[^\s\"'<>`“”‘’«»「」『』]+",
        ("hook", "/trigger/", "/robot/", "/integration"),
        accept=_hook_with_a_secret,
        trims=".,;:)]}>",
        rule_id="webhook-url",
    ),
    # A push or alert service's URL, set under a name that says what it is for (`BARK_URL`, `NOTIFY_URL`,
    # `ALERT_WEBHOOK`), with its key in the path and no hook word there (Bark's `api.day.app/<key>/`,
    # ServerChan's `sctapi.ftqq.com/<SendKey>.send`, a random ntfy topic): whoever has it can post, it is whole.
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)\b[\w.-]{0,30}(?:webhook|hook|notify|notification|push|alert|alarm|bark|serverchan|ntfy|gotify)[\w.-]{0,30}"
        r"[\"']?[ \t]*[:=][ \t]*[\"']?(?P<v>https?://[\w.-]+(?::\d+)?/[^\s\"'<>`“”‘’«»「」『』]+)",
        ("hook", "notif", "push", "alert", "alarm", "bark", "serverchan", "ntfy", "gotify"),
        group="v",
        accept=_keyed_push_url,
        trims=".,;:)]}>",
        window=(70, 300),
        rule_id="push-url-named",
    ),
    # (round nineteen) The same services' URLs told bare, in a log line or in prose (`[notifier] POST
    # https://api.day.app/<key>/…`, `the Bark endpoint (…)`): their hosts say what they are, the key is in the path
    # (Bark, ServerChan's `<SendKey>.send`, Pushcut's `/<secret>/notifications/…`, a random ntfy.sh topic).
    Rule(
        "webhook-url",
        SECRET,
        r"(?i)https?://(?:api\.day\.app|(?:sctapi|sc)\.ftqq\.com|api\.pushcut\.io|ntfy\.sh)/[^\s\"'<>`“”‘’«»「」『』]+",
        ("api.day.app", "ftqq.com", "pushcut.io", "ntfy.sh/"),
        accept=_keyed_push_url,
        trims=".,;:)]}>",
        rule_id="push-service-url",
    ),
    *INTAKE_RULES,
    Rule(
        "sentry-dsn",
        SECRET,
        r"(?i)\bhttps?://[0-9a-f]{32}(?::[0-9a-f]{32})?@[\w.-]+(?::\d+)?/(?:[\w.-]+/)*\d+\b",
        ("@",),
        anchor="@",
    ),
    # A private key's body without its BEGIN line: lines of base64 up to an END line, or a blob that starts
    # as a private key's OpenSSH encoding does.
    Rule(
        "private-key",
        SECRET,
        r"(?<![A-Za-z0-9+/=])(?:[A-Za-z0-9+/=]{16,}(?:\r?\n|\\n)){1,200}[A-Za-z0-9+/=]*(?:\r?\n|\\n)?"
        r"-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----",
        ("-----end",),
        rule_id="private-key-body",
    ),
    Rule(
        "private-key",
        SECRET,
        # (a DER key, whatever its length and type, is told by its structure: key_material.py)
        r"b3BlbnNzaC1rZXktdjEAAAAA"
        # the body's lines, up to its padding: a line goes on the body when it is as long as a body's lines are,
        # or ends the body (its padding, or the end of its line); `secret/ci-key patched` printed after it
        # is not a line of it
        r"[A-Za-z0-9+/]*(?:(?:\r?\n|\\n)"
        r"(?:[A-Za-z0-9+/]{16,}|[A-Za-z0-9+/]{1,15}(?==|[ \t]*(?:\r?\n|\\n|[\"'`,]|$)))){0,400}={0,2}",
        ("b3blbnnzac1rzxktdjeaaaaa",),
        accept=lambda value, m: len(re.sub(r"\\n|\s|=", "", value)) >= 48,  # more than a prefix in prose
        rule_id="private-key-openssh",
    ),
    Rule(
        "private-key",
        SECRET,
        r"(?<![A-Za-z0-9+/])LS0tLS1CRUdJTi[A-Za-z0-9+/]{40,}={0,2}",
        ("ls0tls1crudjti",),
        accept=_encoded_private_key,
        rule_id="private-key-base64",
    ),
    Rule(
        "private-key",
        SECRET,
        _JWK_PRIVATE + "|" + _XML_RSA_PRIVATE,
        ("kty", "<rsakeyvalue>"),
        group=("jwk", "xml"),
        accept=_jwk_member,
        rule_id="private-key-members",
    ),
    # a wallet's recovery phrase (BIP-39: 12 to 24 lowercase words) under its name: it is the key
    Rule(
        "private-key",
        SECRET,
        r"(?i)\b(?:mnemonic|seed[ _-]?phrase|recovery[ _-]?phrase|seed[ _-]?words|wallet[ _-]?seed)"
        r"(?:[\"'`]?[ \t]*(?:[:=]|is|was|are)[ \t]*|[ \t]+(?:[a-z]+[ \t]+){0,6}?(?:is|was|are)[ \t]*:?[ \t]*)"
        # (12 words, or 15 to 24 where the phrase ends there: prose after twelve words is not more of it)
        r"[\"'`]?(?P<v>(?-i:[a-z]{3,8})(?:[ \t]+(?-i:[a-z]{3,8})){11}"
        r"(?:(?:(?:[ \t]+" + _PHRASE_WORD + r"){3}){1,4}(?=[ \t]*(?:$|[\n\"'`,.;:!?)])))?)",
        ("mnemonic", "seed", "recovery"),
        group="v",
        accept=_recovery_phrase,
        rule_id="recovery-phrase",
    ),
    Rule(
        "bearer-token",
        SECRET,
        r"(?<![A-Za-z])[Bb]earer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)",
        ("bearer",),
        group=1,
        accept=_token_like,
    ),
    Rule(
        "authorization-header",
        SECRET,
        r"(?i)\b(?:authorization|proxy-authorization|x-api-key|x-auth-token|api-key|x-access-token)"
        # (a header set by subscript: `headers['Authorization'] = 'Token …'`)
        # (round thirty) any scheme word before the credential, not only the common ones: Okta's `SSWS`, `GenieKey`,
        # `Splunk`, `DeepL-Auth-Key`, `Klaviyo-API-Key`, `Zoho-oauthtoken` (Basic and Bearer have their own rules)
        r"[\"']?\]?[ \t]*[:=][ \t]*[\"']?(?:(?!(?:basic|bearer)\b)[A-Za-z][\w-]{1,30}[ \t]+)?"
        r"(?!(?:basic|bearer)\b)([A-Za-z0-9._~+/:=-]{12,})",
        ("authorization", "x-api-key", "x-auth-token", "api-key", "x-access-token"),
        group=1,
        accept=_token_like,
    ),
    Rule(
        "basic-auth",
        SECRET,
        r"(?i)(?<![A-Za-z])basic[ \t]+([A-Za-z0-9+/]{6,}={0,2})(?![A-Za-z0-9+/=])",
        ("basic",),
        group=1,
        accept=_basic_credentials,
    ),
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)(?:\b(?:set-)?cookie[\"']?[ \t]*[:=][ \t]*[\"']?(?:[^\n\"']{0,300}?;[ \t]*)?|--cookie[= ][ \t]*[\"']?"
        r"(?:[^\n\"']{0,300}?;[ \t]*)?|(?<!\S)-b[ \t]+[\"']?(?:[^\n\"']{0,300}?;[ \t]*)?)"
        r"[\w.-]{0,40}?(?:sess(?:ion)?|sid|auth|token|jwt|remember|login|user_?id|csrf|xsrf)[\w.-]*="
        r"([^;\s\"']{8,})",
        ("cookie", "-b "),
        group=1,
        accept=_token_like,
    ),
    # Every session cookie of a cookie line, not only the first (`Cookie: koa.sess=…; koa.sess.sig=…`), named as
    # the common frameworks name theirs (`.AspNetCore.Cookies`, `wordpress_logged_in_<hash>`, Phoenix's
    # `_app_key`, `KEYCLOAK_IDENTITY`).
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)(?<![\w.%-])" + _SESSION_COOKIE + r"=(?:\"(?P<vq>[^\"\s;]{8,})\"|(?P<v>[^;\s\"']{8,}))",
        ("cookie", "-b "),
        group=("vq", "v"),  # (a value may be quoted: Flask's, Tornado's and Jupyter's `"2|1:0|…"`)
        accept=lambda value, m: _in_a_cookie_line(m) and _token_like(value, m),
        rule_id="cookie-line-pair",
        window=(0, 1200),
    ),
    # (round twenty-nine) A cookie whose name alone says it is a login, told anywhere (a log line, prose in any
    # language: `Cookie bị lộ trong log: wordpress_logged_in_<hash>=…`): WordPress's per-site `logged_in`, `sec`
    # and WooCommerce's session cookies, named with the site's hash, and the servers' session ids.
    # (round thirty-three) the site's hash in WordPress's cookie names is redacted with the value, as one span: the
    # name's hash and the `=` are no longer left between two markers
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)(?<![\w.%-])(?:(?:wordpress_(?:logged_in|sec)_|wp_woocommerce_session_)(?P<h>[0-9a-f]{8,32}="
        r"[^;\s\"'<>]{8,})|(?:PHPSESSID|JSESSIONID|ASP\.NET_SessionId|laravel_session|_gitlab_session|i_like_gitea|"
        r"i_like_gogs)=(?P<v>[^;\s\"'<>]{8,}))",
        # (round thirty-three) and the forges' own login cookies, told in a message (`i_like_gitea=…`)
        (
            "wordpress_",
            "wp_woocommerce_session_",
            "phpsessid",
            "jsessionid",
            "asp.net_sessionid",
            "laravel_session",
            "_gitlab_session",
            "i_like_gitea",
            "i_like_gogs",
        ),
        group=("h", "v"),
        accept=lambda value, m: _token_like(value.split("=", 1)[1] if m.group("h") else value, m),
        rule_id="named-session-cookie",
    ),
    # A cookie as a browser, a test tool or an export lists it: `{"name": "sessionid", "value": "…"}`,
    # Playwright's `addCookies([{ name: 'session', value: '…' }])`.
    # (round twenty-five) an export that lists the cookie's other fields between (Cookie-Editor's and
    # EditThisCookie's keys in order: `"name"`, `"path"`, `"sameSite"`, … `"value"`), within the one object
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)\bname[\"']?[ \t]*[:=][ \t]*[\"']" + _SESSION_COOKIE + r"[\"'][ \t]*,?[ \t]*"
        r"(?:(?:\r?\n[ \t]*)?[\"']?[a-z][\w-]{0,30}[\"']?[ \t]*[:=][ \t]*[^{}\[\]\n,]{0,80},[ \t]*){0,12}"
        r"(?:\r?\n[ \t]*)?[\"']?value[\"']?[ \t]*[:=][ \t]*[\"'](?P<v>[^\"'\s]{8,})[\"']",
        ("name",),
        group="v",
        accept=_token_like,
        rule_id="cookie-name-value",
        window=(10, 900),
        gate=r"""[\"']?[ \t]*[:=][ \t]*[\"']""",
    ),
    # A session cookie set in code: `client.cookies.set("session", "…")`, `cookies = {"_session_id": "…"}`.
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)cookies?\b[\s\S]{0,80}?[\"'][\w.-]{0,40}?(?:sess(?:ion)?|sid|auth|token|jwt|remember|login)[\w.-]*[\"']"
        r"[ \t]*[:,][ \t]*[\"']([^\"'\s]{8,})[\"']",
        ("cookie",),
        group=1,
        accept=_token_like,
        rule_id="cookie-in-code",
    ),
    # (round twenty-five) a cookie jar or a session set by subscript: `client.cookies["sessionid"] = "…"`,
    # `jar["_app_session"] = "…"`, Ruby's `cookies[:remember_token] = "…"`
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)\[[ \t]*(?:[\"']|:)[\w.-]{0,40}?(?:sess(?:ion)?|sid|jwt|remember|login)[\w.-]*[\"']?[ \t]*\]"
        r"[ \t]*=[ \t]*[\"'](?P<v>[^\"'\s]{8,})[\"']",
        ("sess", "sid", "jwt", "remember", "login"),
        group="v",
        accept=_token_like,
        rule_id="cookie-by-subscript",
        prefilter=r"\][ \t]*=[ \t]*[\"']",
    ),
    Rule(
        "connection-string",
        SECRET,
        r"(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|"
        r"oracle|couchdb|clickhouse|cockroachdb|neo4j(?:\+s)?|bolt|nats|kafka|memcached|jdbc:[a-z]+|"
        r"snowflake|db2|ldaps?|smtps?|imaps?|pop3s?|s?ftp|ftps)://[^\s:/@'\"]*:(" + _DB_URL_PASSWORD + r")@[^\s'\"]+",
        (
            "postgres",
            "mysql",
            "mariadb",
            "mongodb",
            "redis",
            "amqp",
            "mssql",
            "sqlserver",
            "oracle",
            "couchdb",
            "clickhouse",
            "cockroach",
            "neo4j",
            "bolt",
            "nats",
            "kafka",
            "memcached",
            "jdbc",
            "snowflake",
            "db2",
            "ldap",
            "smtp",
            "imap",
            "pop3",
            "ftp",
        ),
        group=1,
        accept=lambda value, m: _url_password(value, m) and not _PORT_AND_PATH.match(value),
    ),
    Rule(
        "url-credentials",
        SECRET,
        r"(?i)\b(?:https?|wss?|git|ssh|svn|git\+https?|git\+ssh|rsync|socks5h?|[a-z][a-z0-9+.-]{1,20})://"
        r"[^\s:/@'\"<>]*:(" + _USERINFO_PASSWORD + r")@[^\s'\"<>]+",
        ("://",),
        group=1,
        accept=_url_password,
    ),
    # A token as a URL's user, with no password: `https://<40 hex>@github.com/acme/shop.git`.
    Rule(
        "url-credentials",
        SECRET,
        r"(?i)\b(?:https?|git\+https?|wss?)://([A-Za-z0-9_-]{20,200})@[\w.-]+",
        ("://",),
        group=1,
        accept=lambda value, m: looks_random(value) and not is_placeholder(value),
        rule_id="url-user-token",
    ),
    Rule(
        "url-token",
        SECRET,
        r"(?i)[?&;#](?:access_token|refresh_token|id_token|token|auth|auth_token|api_key|apikey|key|secret|"
        r"client_secret|password|passwd|pwd|sig|signature|x-amz-signature|x-amz-security-token|code|"
        r"private_token|session|sessionid|sid)=([^&;\s#'\"<>]{6,})",
        ("=",),
        group=1,
        accept=_token_like,
    ),
    Rule(
        "azure-connection-string",
        SECRET,
        r"(?i)\b(?:AccountKey|SharedAccessKey|SharedAccessSignature|SharedSecret|PrimaryKey|SecondaryKey)"
        r"[ \t]*=[ \t]*([^;'\"\s]{8,}(?:;(?![ \t]*[A-Za-z]+=)[^;'\"\s]*)*)",
        ("accountkey", "sharedaccess", "sharedsecret", "primarykey", "secondarykey"),
        group=1,
        accept=_not_placeholder,
    ),
    Rule(
        "aws-secret-access-key",
        SECRET,
        r"(?i)(?:aws)?_?secret_?(?:access)?_?key(?:_?id)?[\"']?[ \t]*(?:[:=]|=>|:=)[ \t]*[\"'`]?"
        r"([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])",
        ("secret",),
        group=1,
        accept=_aws_secret,
    ),
    Rule(
        "aws-secret-access-key",
        SECRET,
        r"\b(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}\b[\"'`]?(?:[\s,:;|/=\"'`]{1,6}[^\s,:;|\"'`]{0,40}?){0,3}?"
        r"[\s,:;|/=\"'`]{1,6}([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        ("akia", "asia", "abia", "acca"),
        group=1,
        accept=_aws_secret,
        rule_id="aws-secret-beside-key-id",
    ),
    Rule(
        "password-flag",
        SECRET,
        r"(?i)(?<![\w-])--?(?:[a-z]+-)*(?:password|passwd|passphrase|pass|pwd|token|api-?key|secret|client-secret|"
        r"auth-token|access-token|access-key|secret-key)(?:=|[ \t]+)(?:" + VALUE + ")",
        ("-pass", "-pwd", "-token", "-api", "-secret", "-auth", "-access", "-client"),
        group=VALUE_GROUPS,
        accept=_flag_value,
    ),
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:mysql|mysqldump|mysqladmin|mariadb|mariadb-dump|mysqlimport|mysqlsh)\b[^\n|;&]{0,300}?[ \t]-p"
        r"(?:" + VALUE + ")",
        ("mysql", "mariadb"),
        group=VALUE_GROUPS,
        accept=_flag_value,
        rule_id="mysql-glued-password",
    ),
    Rule(
        "user-password",
        SECRET,
        r"(?i)\b(?:curl|wget|http|https|xh|httpie|git|lftp|ftp)\b[^\n|;&]{0,300}?(?<!\S)(?:-u|--user|-a|--auth|"
        r"(?-i:-U)|--proxy-user)"
        r"(?:=|[ \t]+)[\"']?[^\s:\"'/]+:(?!//)([^\s\"']+)",
        ("curl", "wget", "http", "xh", "git", "ftp"),
        group=1,
        accept=_user_password,
        window=(10, 420),
    ),
    Rule(
        "password-assignment",
        SECRET,
        _ASSIGNMENT,
        CREDENTIAL_KEYWORDS,
        group=VALUE_GROUPS,
        value_of=unquoted,
        flags=re.M,
        window=(60, 420),
        gate=r"""[\w.-]{0,40}["']?[*_]{0,2}[ \t]*(?::=|=>|=|:)""",
        accept=_assigned,
        trims=SENTENCE_END,
    ),
    Rule(
        "email",
        PII,
        # Latin letters with accents count in an address (`chloé+staging@gmail.com`, RFC 6531), and a script
        # written without spaces may run up to it (`给zhang@corp.cn`: the address starts at its Latin letters)
        r"(?<![A-Za-z0-9" + _LATIN + r"._%+-])[A-Za-z0-9" + _LATIN + r"][A-Za-z0-9" + _LATIN + r"._%+-]{0,63}@"
        r"[A-Za-z0-9" + _LATIN + r"](?:[A-Za-z0-9" + _LATIN + r"-]{0,62}\.)+[A-Za-z]{2,24}(?![A-Za-z0-9_])",
        ("@",),
        accept=_email,
        replacement="[REDACTED:email]",
        anchor="@",
    ),
    Rule(
        "home-path",
        PII,
        # A Windows account name may hold spaces: up to the next backslash when one follows.
        # (WSL's `/mnt/c/Users/…`, Git Bash's `/c/Users/…`, Cygwin's `/cygdrive/c/Users/…` whole)
        # (round sixteen) a home under another root, whole: Fedora Atomic's `/var/home/…`, Solaris' `/export/home/…`
        # (round twenty-five) there too, a Windows account's name may hold spaces (`/mnt/c/Users/First Last/`)
        r"(?:/mnt/[a-z]|/cygdrive/[a-z]|/[a-zA-Z](?=/Users/))/Users/[^\W\d_][\w.'’-]*(?: [^\W\d_][\w.'’-]*){1,3}(?=/)|"
        r"(?:/mnt/[a-z]|/cygdrive/[a-z]|/[a-zA-Z](?=/Users/))?/Users/[^\W_][\w.-]*|(?:/var|/export|/usr)?/home/[^\W_][\w.-]*|"
        r"[A-Za-z]:(?:\\\\?|/)Users(?:\\\\?|/)(?:[^\W_][^\\/\n:*?\"<>|]{0,40}(?=\\|/)|[^\W_][\w.-]*)|"
        # a WSL distribution's home seen from Windows: `\\wsl$\Ubuntu\home\name`, `\\wsl.localhost\Debian\home\name`
        r"(?:\\\\?){2}wsl(?:\$|\.localhost)(?:\\\\?)[^\\\n]{1,40}?(?:\\\\?)home(?:\\\\?)[^\W_][\w.-]*",
        ("/users/", "/home/", "\\users\\", ":/users/", "\\\\users\\\\", "wsl$", "wsl.localhost"),
        accept=_home_account,
        replacement="~",
    ),
)
