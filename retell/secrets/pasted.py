"""Credentials in the shapes people paste rather than assign: a browser's cookie jar, the base64 that
`echo -n user:pw | base64` prints (and `"Basic " + "…"` built from it), a password typed at a prompt and
echoed on the next line, a passphrase of several words in quotes, a password passed by position to a call
that opens a connection or logs in, and a session cookie told outside a cookie header.
"""

from __future__ import annotations

import base64
import binascii
import re

from retell.secrets.commands import _ACCOUNT_NAMES, _CREDENTIAL_CONTEXT, looks_like_a_password
from retell.secrets.own import VALUE, VALUE_GROUPS
from retell.secrets.rule import SECRET, Rule
from retell.secrets.values import (
    TYPOGRAPHIC,
    credential,
    is_code,
    is_masked,
    is_placeholder,
    is_uuid,
    looks_random,
    words,
)

# -- base64 of `user:password` ------------------------------------------------------------------------

_PAIR = re.compile(r"^(?P<user>[\w.@+-]{1,64}):(?P<password>[\x21-\x7e][\x20-\x7e]{3,127})$")


def decoded_pair(value: str) -> tuple[str, str] | None:
    """The `user:password` a base64 value decodes to, or None (random bytes are almost never printable
    ASCII with a colon after a user's name)."""
    if len(value) < 8 or len(value) % 4 == 1:
        return None
    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("ascii")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return None
    m = _PAIR.match(decoded)
    return (m.group("user"), m.group("password")) if m else None


def _real_pair(value: str, m: re.Match[str]) -> bool:
    pair = decoded_pair(value)
    return pair is not None and not is_placeholder(pair[1])


# -- a password typed at a prompt ---------------------------------------------------------------------

# What a terminal asks before a password is typed: `Password:`, `[sudo] password for alice:`, `Enter PEM pass
# phrase:`, `Enter passphrase for key '…':`, `Passwort:`, `Mot de passe :`.
_PROMPT = (
    r"(?im)^[^\n]{0,80}?\b(?:password|passwort|kennwort|mot de passe|contraseña|senha|wachtwoord|passphrase|"
    r"pass phrase)\b[^\n:：]{0,60}[:：][ \t]*\r?\n[ \t]*(?P<v>\S{6,64})[ \t]*\r?$"
)


def _typed_password(value: str, m: re.Match[str]) -> bool:
    """A single word on the line after the prompt that looks like a person's password (not `Sorry, try
    again.`, `Verifying…`, `******`, `Retype`)."""
    return looks_like_a_password(value) and not value.endswith(("...", "…"))


# -- a passphrase of words, quoted --------------------------------------------------------------------

# Words of a sentence: a quoted phrase with one of them is a message, not a passphrase.
_SENTENCE_WORDS = words(
    """
    a an the and or but not no yes is are was be been to of in on at for from by with as it its this that these
    you your i we my our he she they them their what whatever which who any all same set during will would can
    should must please here there then when if so do does did has have had enter type new old password
    passphrase secret key token value same
    """
)


def passphrase(value: str) -> bool:
    """Three to eight short words (a digit or two among them), none a sentence's: `copper lantern quietly 88`."""
    parts = value.split()
    if not 3 <= len(parts) <= 8 or not 12 <= len(value) <= 80:
        return False
    if any(len(p) > 14 or not re.fullmatch(r"[A-Za-z]+|\d{1,4}|[A-Za-z]+[\d!?.#&*-]{1,4}", p) for p in parts):
        return False
    return not any(p.lower().strip("!?.") in _SENTENCE_WORDS for p in parts)


def _told_passphrase(value: str, m: re.Match[str]) -> bool:
    return passphrase(value.strip("\"'“”"))


def _login_line(m: re.Match[str]) -> str:
    start = m.string.rfind("\n", 0, m.start()) + 1
    end = m.string.find("\n", m.end())
    return m.string[start : end if end >= 0 else len(m.string)]


_LOGGING_IN = re.compile(r"(?i)\blogg?(?:ing|ed)?[ \t]+(?:in(?:to)?|on)\b|\bssh\b|\brouter\b|\bsign(?:ing)?[ \t]+in")


# A unit file's or a config's setting quoted in prose (`User=deploy` and `Group=deploy`): a name, "=", a plain word.
# A model's sentence naming a systemd unit's two settings was refused as a password (fresh23, stop 51).
# (a key that names a password, `pass=…`, `token=…`, is no such setting)
_SETTING = re.compile(r"^(?!(?i:pass|pw|pwd|secret|token|key|auth|cred))[A-Za-z_][A-Za-z_.]{2,}=[a-z0-9][a-z0-9_.-]*$")


def _account_and_password(value: str, m: re.Match[str]) -> bool:
    """`it's admin and "velvet otter 4"`: a known account, then a quoted password, where the line is a login."""
    line = _login_line(m)
    if _CREDENTIAL_CONTEXT.search(line) is None and _LOGGING_IN.search(line) is None:
        return False
    if _SETTING.match(value):
        return False
    return passphrase(value) or looks_like_a_password(value)


# -- a password passed by position --------------------------------------------------------------------

_ARG = r"(?:\"[^\"\n]*\"|'[^'\n]*'|[$\w.:>\[\]-]+)"
_Q = r"[\"'](?P<v>[^\"'\n]{4,128})[\"']"
# (round twenty-two) between a call's arguments: spaces, or a line break and its indent (one argument a line:
# `DriverManager.getConnection(` ⏎ `    url,` ⏎ `    "user",` ⏎ `    "pw")`)
_GAP = r"(?:[ \t]*\r?\n)?[ \t]{0,40}"


def _positional(value: str, m: re.Match[str]) -> bool:
    return credential(value, password=True, strong=True, digits_only_ok=True)


# -- a cookie jar and a session cookie told outside a header ------------------------------------------


def _jar_value(value: str, m: re.Match[str]) -> bool:
    return len(value) >= 8 and not is_placeholder(value) and (looks_random(value) or len(value) >= 20)


# A cookie's name that says it holds a session (`PHPSESSID`, `connect.sid`, `laravel_session`, `remember_web_…`,
# `auth_token`): stricter than a cookie header's names, since no `Cookie:` says this is a cookie.
_SESSION_NAME = (
    r"(?i:[\w.%-]{0,40}?(?:sess(?:ion)?(?:[_-]?id)?|sid)|remember_[\w-]{1,60}|[\w.-]{0,40}?(?:auth|session|access)"
    r"[_.-]?token)"
)


# (round eighteen) What a name with `sid` holds when it is an identifier, not a session: a Windows security
# identifier (`USER_SID=S-1-5-21-…`) and a vendor's resource id, two capitals and 32 hex digits (Twilio's
# `TWILIO_ACCOUNT_SID=AC…`, `MESSAGING_SERVICE_SID=MG…`), printed in every URL of the account's API
_NAMED_ID = re.compile(r"S-1-\d{1,2}(?:-\d+){1,14}|[A-Z]{2}[0-9a-f]{32}")


def _session_value(value: str, m: re.Match[str]) -> bool:
    bare = value.strip("\"'`" + TYPOGRAPHIC)
    if _NAMED_ID.fullmatch(bare):
        return False
    # (a UUID under `session_id` is a record's or a tool's session, as Claude Code's own `sessionId` is; and
    # `selected_session_id: reactive[Optional[str]]` is a type annotation: a cookie's value has no brackets)
    return (
        len(bare) >= 16
        and not is_placeholder(bare)
        and not is_uuid(bare)
        and not is_code(bare)
        and not re.search(r"[\[\](){}]", bare)
        and looks_random(bare)
    )


def _machine_made(value: str, m: re.Match[str]) -> bool:
    return credential(value)


def _long_machine_made(value: str, m: re.Match[str]) -> bool:
    """A key's value is long: a 16-digit `--recv-key` is a public key's id, not a secret."""
    return len(value.strip("\"'")) >= 24 and credential(value)


def _block_value(value: str, m: re.Match[str]) -> bool:
    passwordish = re.search(r"(?i)pass|pwd|secret", m.group("label")) is not None
    return credential(value, password=passwordish, strong=passwordish, digits_only_ok=passwordish)


_LOGIN_BEFORE = re.compile(r"(?i)\b(?:log[ \t-]?(?:in|on)|login|sign[ \t-]?in|creds?|credentials|account)\b")


def _account_slash_password(value: str, m: re.Match[str]) -> bool:
    """`the admin login is admin/Cobblestone9`: a known account, a slash and a password, where the line before
    says it is a login (never a path: `admin/settings2`)."""
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    if _LOGIN_BEFORE.search(m.string, line_start, m.start()) is None:
        return False
    return looks_like_a_password(value) and any(c.isdigit() for c in value)


# -- a table with a password column ------------------------------------------------------------------

_PASSWORD_HEADER = re.compile(
    r"(?i)^(?:pass(?:word)?|passwd|pwd|pw|passwort|kennwort|mot de passe|contraseña|senha|secret)$"
)
# Words of a policy, not of a password (`min-length-8`, `env-only`).
_ABOUT_A_PASSWORD = words(
    "min max length len chars characters required optional none hidden masked redacted set unset env vault only"
)
_TABLE_RULE = re.compile(r"^[ \t]*\|?[ \t]*:?-{3,}")


def _table_password(value: str, m: re.Match[str]) -> bool:
    """A cell of a Markdown, CSV or tab-separated table whose header names the column a password, or the
    value of a row whose first cell does (`| password | `…` |` in a table of fields and values)."""
    if not credential(value, password=True, strong=True, digits_only_ok=True):
        return False
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    line_end = text.find("\n", m.end())
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    sep = "|" if line.lstrip().startswith("|") else ("\t" if "\t" in line else ",")
    column = text.count(sep, line_start, m.start()) - (1 if sep == "|" else 0)
    this_row = [c.strip().strip("*`\"'") for c in line.strip().strip("|").split(sep)]
    if column == 1 and len(this_row) == 2 and _PASSWORD_HEADER.match(this_row[0]):
        # (a value, not a word saying something about it: `required`, `see vault`)
        bare = value.strip("`\"' ")
        about = set(re.split(r"[-_.]", bare.lower())) & _ABOUT_A_PASSWORD
        return " " not in bare and not about and any(not c.isalpha() for c in bare)
    header = None
    cursor = line_start
    for _ in range(200):  # up through the table's lines to its first (a table of logins is short)
        if cursor <= 0:
            break
        previous = text.rfind("\n", 0, cursor - 1) + 1
        row = text[previous : cursor - 1]
        if sep not in row:
            break
        if not _TABLE_RULE.match(row):
            header = row
        cursor = previous
    if header is None:
        return False
    cells = [c.strip().strip("*`\"'") for c in header.strip().strip("|").split(sep)]
    return 0 <= column < len(cells) and _PASSWORD_HEADER.match(cells[column]) is not None


PASTED_RULES: tuple[Rule, ...] = (
    # a table of logins: `| user | password |` over `| admin | Harbor2031! |`, a CSV with a password column
    Rule(
        "password-assignment",
        SECRET,
        r"(?m)(?:^|(?<=[|,\t]))[ \t]*[`\"']?(?P<v>[^|,\t\n`\"']{4,64}?)[`\"']?[ \t]*(?=[|,\t]|\r?$)",
        ("password", "passwd", "pwd", "passwort", "kennwort", "mot de passe", "contraseña", "senha"),
        group="v",
        accept=_table_password,
        rule_id="table-password",
        window=(0, 3000),
    ),
    # a Wi-Fi QR code's payload: `WIFI:S:<ssid>;T:WPA;P:<password>;;`
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\bWIFI:(?:[STH]:[^;\n]*;)*P:(?P<v>(?:[^;\\\n]|\\.){4,64});",
        ("wifi:",),
        group="v",
        accept=_positional,
        rule_id="wifi-qr",
    ),
    # `the pass is Biscuit2031`, `wifi pass: …` (`pass` alone is a verb: `tests pass`)
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:the|my|your|our|wifi|wi-fi|vpn|admin|root|db|his|her)[ \t]+pass[ \t]+(?:is|was|=|:)[ \t]+"
        r"[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        (" pass ",),
        group="v",
        accept=lambda value, m: looks_like_a_password(value),
        trims=".,;:)]}>",
        rule_id="pass-is",
        window=(20, 100),
    ),
    # `log in with bob@acme.io and Spring#2031`, `sign in as ops / …`: a user, then its password
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:log(?:ging)?[ \t-]?(?:in|on)(?:to)?|login|sign(?:ing)?[ \t-]?in|ssh)\b[^\n]{0,40}?[ \t]"
        r"(?:with|as|using)[ \t]+[\w.@+-]{2,60}[ \t]+(?:and|with|/|,|pw|password)[ \t]+"
        r"[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        ("log", "sign", "ssh"),
        group="v",
        accept=lambda value, m: looks_like_a_password(value) and any(c.isdigit() for c in value),
        trims=".,;:)]}>",
        rule_id="login-with-user-and-password",
        window=(0, 160),
    ),
    # a password written into a file named for one: `echo "…" > .vault_pass`, `>> ~/.pgpass`; or given to a
    # command that takes a secret on its standard input (`docker secret create x - <<< "…"`)
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\b(?:echo|printf)(?:[ \t]+-[neE]+)*[ \t]+[\"']?(?P<v>[^\s\"'>|]{4,128})[\"']?[ \t]*>>?[ \t]*"
        r"[\w./~-]*(?:pass|pwd|secret|token|credential)[\w.-]*|"
        r"\b(?:secret|passwd|password|login|chpasswd|vault|-S)\b[^\n]{0,120}?<<<[ \t]*[\"']?(?P<w>[^\s\"']{4,128})",
        ("echo", "printf", "<<<"),
        group=("v", "w"),
        accept=_positional,
        rule_id="password-into-file",
        window=(120, 200),
    ),
    # a password in a YAML block scalar: `password: >-` over the value on its own line
    Rule(
        "password-assignment",
        SECRET,
        r"(?im)^[ \t]*(?:-[ \t]+)?[\"']?(?P<label>[\w.-]{0,40}?(?:password|passwd|passphrase|secret|token|api[_-]?key)"
        r"[\w.-]{0,20})[\"']?:[ \t]*[|>][-+]?[ \t]*\r?\n[ \t]+(?P<v>[^\s#]{4,200})[ \t]*\r?$",
        ("password", "passwd", "passphrase", "secret", "token", "api_key", "api-key", "apikey"),
        group="v",
        accept=_block_value,
        rule_id="yaml-block-value",
        window=(60, 300),
        gate=r"[\w.-]{0,20}[\"']?:[ \t]*[|>]",
    ),
    # `admin/Cobblestone9` after `login`: a known account and its password, glued by a slash
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w/.:@$-])" + _ACCOUNT_NAMES + r"\d{0,2}/(?P<v>[^\s/:@\"'`,;]{6,64})(?![/\w])",
        ("admin/", "root/", "sa/", "postgres/", "user/", "guest/", "test/", "demo/", "pi/", "ubuntu/", "elastic/"),
        group="v",
        accept=_account_slash_password,
        trims=".,;:)]}>",
        rule_id="account-slash-password",
        window=(80, 80),
    ),
    # HTTPie's bearer: `http --auth-type=bearer --auth TOKEN …`
    Rule(
        "bearer-token",
        SECRET,
        r"(?i)(?:--auth-type[= ]bearer|-A[ \t]+bearer)\b[^\n|;&]{0,200}?(?:--auth|-a)(?:=|[ \t]+)[\"']?"
        r"(?P<v>[^\s\"']{16,})",
        ("bearer",),
        group="v",
        accept=_machine_made,
        rule_id="httpie-bearer",
        window=(30, 300),
    ),
    # a CLI's key flag: `az storage … --account-key …`, `--storage-key`, `--shared-key`, `--sas-token` (a
    # machine-made value only: `--partition-key userId` and `--ssh-key ~/.ssh/id_ed25519` are not keys)
    Rule(
        "password-flag",
        SECRET,
        r"(?i)(?<![\w-])--(?:[a-z0-9]+-)+(?:key|sas|sig|signature)(?:=|[ \t]+)(?:" + VALUE + ")",
        ("-key", "-sas", "-sig"),
        group=VALUE_GROUPS,
        accept=_long_machine_made,
        rule_id="key-flag",
    ),
    # `"Basic " + "YWRt…"`, `'Basic ' . base64`, `"Basic %s" % "…"`: the header's value built in code
    Rule(
        "basic-auth",
        SECRET,
        r"(?i)\bbasic[ \t]*[\"'`][ \t]*(?:\+|\.|,|%)[ \t]*[\"'`](?P<v>[A-Za-z0-9+/]{8,}={0,2})[\"'`]",
        ("basic",),
        group="v",
        accept=_real_pair,
        rule_id="basic-concatenated",
        window=(0, 200),
    ),
    # what `echo -n user:pw | base64` prints, on a line of its own after the command
    Rule(
        "basic-auth",
        SECRET,
        r"(?m)^[ \t]*(?P<v>[A-Za-z0-9+/]{8,}={0,2})[ \t]*\r?$",
        ("base64",),
        group="v",
        accept=_real_pair,
        rule_id="base64-pair-line",
        window=(0, 600),
    ),
    # a password typed at a prompt and echoed (a pasted terminal, an `expect` log)
    Rule(
        "password-in-text",
        SECRET,
        _PROMPT,
        (
            "password",
            "passwort",
            "kennwort",
            "mot de passe",
            "contraseña",
            "senha",
            "wachtwoord",
            "passphrase",
            "pass phrase",
        ),
        group="v",
        accept=_typed_password,
        rule_id="password-after-prompt",
        window=(100, 140),
    ),
    # `the wifi passphrase is "copper lantern quietly 88"`: a passphrase of words, told in quotes
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:password|passphrase|pass phrase|passwort|kennwort|mot de passe|contraseña|senha|pw|pwd)\b"
        r"(?:[ \t]+[^\s\"'“]{1,24}){0,4}?[ \t]+(?:is|was|'s|are|es|est|ist|lautet|=|:)[ \t]*"
        r"[\"“'](?P<v>[^\"”'\n]{12,80})[\"”']",
        (
            "password",
            "passphrase",
            "pass phrase",
            "passwort",
            "kennwort",
            "mot de passe",
            "contraseña",
            "senha",
            "pw",
            "pwd",
        ),
        group="v",
        accept=_told_passphrase,
        rule_id="passphrase-in-text",
        window=(0, 200),
    ),
    # `it's admin and "velvet otter marble 4"`, `root with 'Tr0ub4dor&3'`: a known account, then its password
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w.-])" + _ACCOUNT_NAMES + r"[\"'`]?[ \t]+(?:and|with|/|,|pw|password)[ \t]+"
        r"[\"“'`](?P<v>[^\"”'`\n]{6,80})[\"”'`]",
        ("admin", "root", "ubuntu", "pi ", "deploy", "postgres", "user", "guest", "ftp", "sa "),
        group="v",
        accept=_account_and_password,
        rule_id="account-and-password",
        window=(20, 160),
        # (the connector and the quoted value: "user" is in most code, a quoted value after `and`/`with` is not)
        prefilter=r"(?i)[ \t](?:and|with|/|,|pw|password)[ \t]+[\"“'`][^\"”'`\n]{6,80}[\"”'`]",
    ),
    # a password by position: `new PDO($dsn, 'root', 'pw')`, `DriverManager.getConnection(url, "u", "pw")`,
    # `pymysql.connect("host", "u", "pw")`, `FTP(host, user, pw)`, `ldap_bind($ds, $dn, 'pw')`
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)(?:\bnew[ \t]+PDO|\bmysqli_connect|\bnew[ \t]+mysqli|\bmysql_connect|\bpg_connect|"
        r"DriverManager\.getConnection|\bpymysql\.connect|\bMySQLdb\.connect|"
        r"\b(?:ftplib\.)?FTP(?:_TLS)?|\bftp_login|\bldap_bind|\bssh2_auth_password|\bimap_open)"
        r"[ \t]*\(" + _GAP + _ARG + r"[ \t]*," + _GAP + _ARG + r"[ \t]*," + _GAP + _Q,
        (
            "pdo",
            "mysqli",
            "mysql_connect",
            "pg_connect",
            "getconnection",
            "connect(",
            "ftp",
            "ldap_bind",
            "ssh2_auth",
            "imap_open",
        ),
        group="v",
        accept=_positional,
        rule_id="connect-call-positional",
        window=(40, 300),
    ),
    # `server.login("me@acme.io", "pw")`, `ftp.login('backup', 'pw')`, `conn.simple_bind_s(dn, "pw")`
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\.(?:login|authenticate|simple_bind_s|bind_s)[ \t]*\(" + _GAP + _ARG + r"[ \t]*," + _GAP + _Q,
        (".login", ".authenticate", ".simple_bind", ".bind_s"),
        group="v",
        accept=_positional,
        rule_id="login-call",
        window=(5, 300),
    ),
    # a credential object made from a user and a password, by position: .NET's `new NetworkCredential("u", "pw")`,
    # Java's `new PasswordAuthentication("u", "pw".toCharArray())` and `UsernamePasswordCredentials`, Spring's
    # `UsernamePasswordAuthenticationToken`, OkHttp's `Credentials.basic("u", "pw")`, requests' `HTTPBasicAuth`
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\b(?:NetworkCredential|PasswordAuthentication|UsernamePasswordCredentials?|"
        r"UsernamePasswordAuthenticationToken|Credentials\.basic|BasicCredentials|HTTPBasicAuth|HTTPDigestAuth|"
        r"BasicAuth|PasswordCredential|SimpleCredentials)[ \t]*\(" + _GAP + _ARG + r"[ \t]*," + _GAP + _Q,
        ("credential", "passwordauthentication", "authenticationtoken", "basicauth", "digestauth", "basicauth"),
        group="v",
        accept=_positional,
        rule_id="credential-object-positional",
        window=(40, 300),
    ),
    # a browser's cookie jar (Netscape's cookies.txt, as curl -c and the browser extensions write it)
    Rule(
        "session-cookie",
        SECRET,
        r"(?m)^(?:#HttpOnly_)?[\w.-]+\t(?:TRUE|FALSE)\t[^\t\n]*\t(?:TRUE|FALSE)\t\d+\t[^\t\n]+\t(?P<v>[^\t\n]{8,})$",
        ("\ttrue\t", "\tfalse\t"),
        group="v",
        accept=_jar_value,
        rule_id="cookie-jar",
    ),
    # a cookie copied from the browser's developer tools: a row of the cookie table (`PHPSESSID<TAB>value<TAB>
    # domain…`), the detail pane (`Name: connect.sid` over `Value: …`), or `sessionid: …` on a line of its own
    Rule(
        "session-cookie",
        SECRET,
        r"(?im)^[ \t]*(?:name[ \t]*:[ \t]*)?"
        + _SESSION_NAME
        + r"(?:\t|[ \t]*:[ \t]+|[ \t]*\r?\n[ \t]*value[ \t]*:[ \t]*)"
        r"[\"']?(?P<v>[^\s;\"']{16,})",
        ("sess", "sid", "remember_", "_token"),
        group="v",
        accept=_session_value,
        trims=".,;:)]}>",
        rule_id="cookie-devtools",
        window=(60, 300),
    ),
    # (round twenty-two) a session cookie's value told beside its name in prose, by no `=`: "the `connect.sid` cookie
    # (`s%3A…`)", "the sessionid cookie `…`", "PHPSESSID cookie value: `…`"; the value quoted or in a code span
    Rule(
        "session-cookie",
        SECRET,
        # (round thirty-three) or in brackets: "my _gitlab_session cookie (f05b…) from the browser"
        r"(?i)(?<![\w.%-])[`'\"]?" + _SESSION_NAME + r"[`'\"]?[ \t]+cookies?\b[^`'\"\n]{0,30}?[`'\"(]"
        r"(?P<v>[^`'\"\s<>()]{16,})[`'\")]",
        ("cookie",),
        group="v",
        accept=_session_value,
        rule_id="session-cookie-named-in-prose",
        window=(60, 400),
    ),
    # (round twenty-two) Express' signed session value told bare, whatever is around it: `s%3A<id>.<signature>`
    # (`s:` URL-encoded, as a browser's jar and `curl -v` show it)
    Rule(
        "session-cookie",
        SECRET,
        r"(?<![\w%-])s%3A[A-Za-z0-9_-]{24,64}\.[A-Za-z0-9%+/_-]{27,120}(?![\w%+/-])",
        ("s%3a",),
        accept=lambda value, m: _session_value(value, m) and not is_masked(value),
        rule_id="express-signed-session",
    ),
    # `laravel_session=eyJ…`, `connect.sid=s%3A…` told in a message or a code span, away from any Cookie header
    Rule(
        "session-cookie",
        SECRET,
        r"(?i)(?<![\w.%-])[\w.%-]{0,40}?(?:session|sess|sid)[\w.-]{0,20}?=(?P<q>[\"']?)(?P<v>[^;\s\"'`<>]{16,})",
        # (round twenty-five) and a variable named for the cookie: `SESSION_COOKIE=…`, `APP_SESSION_COOKIE="…"`
        ("session=", "sess=", "sid=", "session_id=", "sessionid=", "session_cookie="),
        group="v",
        # (quoted, only under a cookie's name: `session_id="test-session-123"` is a test's argument)
        accept=lambda value, m: _session_value(value, m) and (not m.group("q") or "cookie" in m.group(0).lower()),
        trims=".,;:)]}>",
        rule_id="session-cookie-told",
        window=(60, 400),
    ),
)
