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
import re

from retell.secrets.rule import PII, SECRET, Rule, shannon_entropy

# Values that stand for a secret rather than being one: templates, variables, examples, retell's own output.
_PLACEHOLDER = re.compile(
    r"^(?:\$[{(A-Za-z_].*|<[^>]*>|\{\{.*\}\}|\{[A-Za-z_][\w.]*\}|%\(?\w+\)?s?|%[A-Z_]+%|"
    r"\*+|x+|X+|\.+|-+|_+|•+|#+|0+|"
    r"\[REDACTED(?::[\w.-]+)?\]|REDACTED|"
    r"(?:your|my|the|some|example|sample|dummy|fake|test|placeholder|changeme|change[_-]?me|replace|redacted|"
    r"secret|password|passwd|pass|token|none|null|nil|true|false|undefined|string|str|value|env|os\.environ|"
    r"process\.env|getenv|settings|config|self|this|ENV|input|prompt|hidden|required|optional|bearer|basic|"
    r"xxx|abc|foo|bar|baz|todo|tbd|hunter2|letmein|admin|root|guest|user|username|default|empty|here|new|old|"
    r"current|confirm|enter|type|text)"
    r"(?:[\w.\-\[\]'\"]*)?)$",
    re.I,
)
# Code, not data: a call, an attribute path, a subscript, a type.
_CODE = re.compile(
    r"[()]|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+$|^[A-Za-z_][\w.]*\[.*\]$|^[A-Za-z_][\w.]*\|[\w. |]+$|"
    r"^(?:Optional|Union|List|Dict|Set|Tuple|Sequence|Mapping|Callable|Literal|str|int|bytes|bool|float|"
    r"Any|None|string|number|boolean|object|unknown|any|void|String|Integer|char\*?)\b|"
    r"^(?:https?|file)://|^[~.]?/[\w./-]*$|^\w+\.(?:py|js|ts|json|ya?ml|toml|txt|md|env|cfg|ini|conf|pem|key)$",
)
SENTENCE_END = ".,;:)]}>"


def credential(value: str, *, strong: bool = False, digits_only_ok: bool = False) -> bool:
    """Does an assigned value look like a credential? `strong`: the context alone says it is one
    (`DB_PASSWORD=…` at the start of a line, `--password …`), so a plain word of 8+ letters counts too."""
    bare = value.strip("'\"`")
    if len(bare) < 4 or _PLACEHOLDER.match(bare) or _CODE.search(bare) or len(set(bare)) < 3:
        return False
    if "..." in bare or "…" in bare:
        return False  # elided: `sk-ant-oat01-...`
    if " " in bare and len(bare.split()) > 2:
        return False  # a phrase: "Enter your password here"
    letters = sum(c.isalpha() for c in bare)
    digits = sum(c.isdigit() for c in bare)
    symbols = len(bare) - letters - digits - bare.count("'") - bare.count(".")
    if not letters:
        return digits_only_ok and digits >= 4
    if digits or symbols > 0:
        return len(bare) >= 6 or strong
    # letters only: a word, a name, an enum value; a password only when the context says so
    mixed = bare != bare.lower() and bare != bare.upper() and not bare.istitle()
    return (strong and len(bare) >= 8) or (len(bare) >= 16 and mixed and shannon_entropy(bare) >= 3.5)


def _assigned(value: str, m: re.Match[str]) -> bool:
    label, sep = m.group("label"), m.group("sep")
    passwordish = re.search(r"(?i)pass|pwd", label) is not None
    env_style = label.isupper() and sep == "="  # DB_PASSWORD=… in a .env file or a shell
    quoted = m.group("v") is None
    return credential(value, strong=env_style or (quoted and passwordish), digits_only_ok=passwordish)


def unquoted(value: str, m: re.Match[str]) -> str:
    """A double-quoted value as it means: `\"` is a quote."""
    return re.sub(r"\\(.)", r"\1", value) if "vq" in m.re.groupindex and m.group("vq") else value


def _flag_value(value: str, m: re.Match[str]) -> bool:
    return credential(value, strong=True, digits_only_ok=True)


def _user_password(value: str, m: re.Match[str]) -> bool:
    return (not value.isdigit() and credential(value, strong=True)) or (
        len(value) >= 3 and any(not c.isalnum() for c in value) and not _PLACEHOLDER.match(value.strip("'\""))
    )


def _url_password(value: str, m: re.Match[str]) -> bool:
    bare = value.strip()
    return len(bare) >= 3 and not _PLACEHOLDER.match(bare) and not (bare.startswith("{") and bare.endswith("}"))


def _token_like(value: str, m: re.Match[str]) -> bool:
    return (
        len(value) >= 8
        and not _PLACEHOLDER.match(value)
        and any(c.isdigit() for c in value)
        and any(c.isalpha() for c in value)
        and shannon_entropy(value) >= 2.5
    )


def _basic_credentials(value: str, m: re.Match[str]) -> bool:
    """`Basic` is followed by base64 of `user:password`."""
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True)
    except (binascii.Error, ValueError):
        return False
    return b":" in decoded and len(decoded) >= 3


def _aws_secret(value: str, m: re.Match[str]) -> bool:
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and (any(c.isdigit() for c in value) or "/" in value or "+" in value)
    )


def _not_placeholder(value: str, m: re.Match[str]) -> bool:
    return len(value) >= 4 and not _PLACEHOLDER.match(value.strip("'\"`"))


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
    }
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
_NON_PERSONAL_EMAIL = re.compile(
    r"(?:^noreply@anthropic\.com$|@example\.(?:com|org|net)$|@(?:test|localhost|domain|email)\.(?:com|org)$|"
    r"^(?:git|hg|ssh|user|name|you|someone|email|foo|bar|noreply|no-reply)@|@users\.noreply\.github\.com$)",
    re.I,
)


def _email(value: str, m: re.Match[str]) -> bool:
    tld = value.rsplit(".", 1)[-1].lower()
    if re.search(r"://[^\s/@]*$", m.string[max(0, m.start() - 200) : m.start()]):
        return False  # `scheme://user:password@host`: credentials in a URL, not an email
    return tld not in _FILE_TLDS and not _NON_PERSONAL_EMAIL.search(value)


def home_account(path: str) -> str:
    """The account name in a home folder path (`/home/<name>`, `C:\\Users\\<name>`)."""
    return re.split(r"[/\\]", path.rstrip("/\\"))[-1]


def _home_account(value: str, m: re.Match[str]) -> bool:
    name = home_account(value)
    return name.lower() not in COMMON_ACCOUNTS and not name.startswith(("$", "<", "{", "%"))


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
    ]
    if re.search(r"[\d\s._-]", name):
        alternatives.append(rf"(?<![\w.-])({n})(?![\w-])")
    return Rule(
        "username",
        PII,
        "(?i)" + "|".join(alternatives),
        (name.lower(),),
        replacement="[REDACTED:username]",
        canonical=name,
    )


# -- the rules ----------------------------------------------------------------------------------------

_LABEL = (
    r"(?:password|passwd|passphrase|pass|pwd|secret|secret[_-]?key|api[_-]?key|apikey|api[_-]?secret|"
    r"access[_-]?key|access[_-]?token|auth[_-]?token|refresh[_-]?token|id[_-]?token|client[_-]?secret|"
    r"private[_-]?key|signing[_-]?key|encryption[_-]?key|master[_-]?key|token|credentials?|auth)"
)
# A value: quoted (up to its closing quote, `;` and `,` included) or bare (up to whitespace or a quote; a `;`
# ends it only where another `Key=` follows, as in a connection string).
_BARE = r"(?:[^\s'\"`;<>&]|;(?![ \t]*[A-Za-z][\w ]{0,30}=))+"
VALUE = r"\"(?P<vq>(?:[^\"\\\n]|\\.){1,300})\"|'(?P<vs>[^'\n]{1,300})'|`(?P<vb>[^`\n]{1,300})`|(?P<v>" + _BARE + ")"
VALUE_GROUPS = ("vq", "vs", "vb", "v")
_ASSIGNMENT = (
    r"(?i)(?<![A-Za-z0-9])[*_]{0,2}[\"']?(?P<label>(?:[\w-]{0,40}?[_.-]|(?-i:[A-Z][A-Z0-9]{0,15}))?"
    + _LABEL
    + r"(?:[_-][A-Za-z0-9_-]*)?)"
    r"(?![A-Za-z0-9])[\"']?[*_]{0,2}"
    r"(?P<sep>[ \t]*(?::=|=>|=(?!=)|:(?![:/]))[ \t]*)[*_]{0,2}"
    r"(?:" + VALUE + ")"
)

CREDENTIAL_KEYWORDS = (
    "pass",
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
    Rule(
        "private-key",
        SECRET,
        r"-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?"
        r"(?:-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----|\Z)",
        ("private key",),
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
    Rule("slack-token", SECRET, r"xox[abposr]-[A-Za-z0-9-]{10,}", ("xox",), entropy=3.0),
    Rule(
        "aws-access-key-id",
        SECRET,
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}(?![A-Z0-9])",
        ("akia", "asia", "abia", "acca"),
        entropy=3.0,
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
        r"[\"']?[ \t]*[:=][ \t]*[\"']?(?:(?:token|digest|apikey|api-key|key|sso-key)[ \t]+)?"
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
    Rule(
        "connection-string",
        SECRET,
        r"(?i)\b(?:postgres(?:ql)?|mysql|mariadb|mongodb(?:\+srv)?|redis|rediss|amqps?|mssql|sqlserver|"
        r"oracle|couchdb|clickhouse|cockroachdb|neo4j(?:\+s)?|bolt|nats|kafka|memcached|jdbc:[a-z]+|"
        r"snowflake|db2|ldaps?|smtps?|imaps?|pop3s?|s?ftp|ftps)://[^\s:/@'\"]+:([^\s@'\"]+)@[^\s'\"]+",
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
        accept=_url_password,
    ),
    Rule(
        "url-credentials",
        SECRET,
        r"(?i)\b(?:https?|wss?|git|ssh|svn|git\+https?|git\+ssh|rsync|socks5h?|[a-z][a-z0-9+.-]{1,20})://"
        r"[^\s:/@'\"<>]+:([^\s@'\"<>/]+)@[^\s'\"<>]+",
        ("://",),
        group=1,
        accept=_url_password,
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
        r"(?i)(?<![\w-])--?(?:[a-z]+-)*(?:password|passwd|pass|pwd|token|api-?key|secret|client-secret|"
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
        "password-flag",
        SECRET,
        r"\b(?:sshpass|redis-cli|keytool|openssl|zip|unzip|7z|htpasswd|smbclient)\b[^\n|;&]{0,300}?[ \t]"
        r"-(?:p|a|P|pass|storepass|keypass|passin|passout)(?:[ \t]+|=)?(?:pass:|env:)?"
        r"(?:" + VALUE + ")",
        ("sshpass", "redis-cli", "keytool", "openssl", "zip", "7z", "htpasswd", "smbclient"),
        group=VALUE_GROUPS,
        accept=_flag_value,
        rule_id="tool-password-flag",
    ),
    Rule(
        "user-password",
        SECRET,
        r"(?i)\b(?:curl|wget|http|https|xh|httpie|git|lftp|ftp)\b[^\n|;&]{0,300}?(?<!\S)(?:-u|--user|-a|--auth)"
        r"(?:=|[ \t]+)[\"']?[^\s:\"'@/]+:(?!//)([^\s\"']+)",
        ("curl", "wget", "http", "xh", "git", "ftp"),
        group=1,
        accept=_user_password,
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
        r"(?<![\w.+-])[A-Za-z0-9][A-Za-z0-9._%+-]{0,63}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}\.)+[A-Za-z]{2,24}\b",
        ("@",),
        accept=_email,
        replacement="[REDACTED:email]",
        anchor="@",
    ),
    Rule(
        "home-path",
        PII,
        # A Windows account name may hold spaces: up to the next backslash when one follows.
        r"/Users/[A-Za-z0-9][A-Za-z0-9._-]*|/home/[A-Za-z0-9][A-Za-z0-9._-]*|"
        r"[A-Za-z]:(?:\\\\?|/)Users(?:\\\\?|/)(?:[A-Za-z0-9][^\\/\n:*?\"<>|]{0,40}(?=\\|/)|[A-Za-z0-9][\w.-]*)",
        ("/users/", "/home/", "\\users\\", ":/users/", "\\\\users\\\\"),
        accept=_home_account,
        replacement="~",
    ),
)
