"""Credentials where a session types them without a `password =`: a tool's own flag or position
(`redis-cli -a`, `htpasswd -b file user pass`, `mc alias set … KEY SECRET`), a password piped to a program
(`echo '…' | sudo -S`), SQL (`IDENTIFIED BY '…'`), a call (`define('DB_PASSWORD', '…')`), a `.netrc` or
`.pgpass` line, a PuTTY key's private lines, and a password or token told in a sentence, in the languages
authors write in ("the password is …", "le mot de passe c'est …", "パスワードは …").
"""

from __future__ import annotations

import re

from retell.lazyre import lazy
from retell.secrets.own import _LABEL, CREDENTIAL_KEYWORDS, SENTENCE_END, VALUE, VALUE_GROUPS, YAML_TAG, unquoted
from retell.secrets.rule import SECRET, Rule
from retell.secrets.stores import PREFIXED_TOKEN_RULES, STORE_RULES
from retell.secrets.values import (
    TYPOGRAPHIC,
    credential,
    is_code,
    is_dotted_password,
    is_identifier,
    is_numeric,
    is_password_hash,
    is_placeholder,
    looks_random,
    words,
)

_QUOTED = r"(?:\"(?P<vq>(?:[^\"\\\n]|\\.){1,300})\"|'(?P<vs>[^'\n]{1,300})')"
_BEFORE = r"[^\n|;&]{0,300}?[ \t]"  # from the program to its flag, within one command
_ARGUMENT = r"(?P<{g}>[^\s'\"]+|'[^'\n]+'|\"[^\"\n]+\")"  # one argument of a command, quoted or not


def _password(value: str, m: re.Match[str]) -> bool:
    return credential(value, password=True, strong=True, digits_only_ok=True)


# A technical word with digits is not a password told in a sentence: `argon2id`, `sha256`, `base64`, `utf8mb4`.
# The whole word is technical (`utf8mb4`, `x86_64`, `ec2-user`), not a person's leetspeak that starts like one
# (`S4ndcastle#9`, `Es3l!2031`).
_TECHNICAL = re.compile(
    r"(?i)^(?:base|sha|md|utf|argon|aes|rsa|ec|ed|hs|rs|es|ps|x|ipv|http|tls|ssl|oauth|v|py|s)\d+"
    r"(?:[a-z]{0,4}\d*)?(?:[._-]\w{0,5})?$"
)


# A file's name is what a sentence about a password points to (`the password is not in \`docker-compose.yml\``).
_FILE_NAME = re.compile(
    r"(?i)^[\w.-]*[\w-]\.(?:ya?ml|json5?|toml|ini|cfg|conf|config|env|properties|py|js|mjs|cjs|ts|tsx|jsx|rb|go|"
    r"rs|java|kt|php|cs|sh|bash|zsh|ps1|sql|md|txt|log|xml|html?|css|lock|pem|key|crt|cer|p12|pfx|jks|gpg|asc|"
    r"bak|tf|tfvars|j2|tpl|example|sample|template|dist|local|cnf|netrc|pgpass|kdbx|csv|zip|gz|tgz)$"
)


def looks_like_a_password(value: str) -> bool:
    """A password a person chose, told without a key word's certainty: letters with digits or symbols,
    and some sign of a person's choice (a capital, a symbol, a year or two digits at the end)."""
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    if not 6 <= len(bare) <= 64 or is_placeholder(bare) or is_code(bare) or is_numeric(bare) or is_identifier(bare):
        return False
    if _TECHNICAL.match(bare) or "/" in bare or "://" in bare or _FILE_NAME.match(bare):
        return False
    letters = sum(c.isalpha() for c in bare)
    digits = sum(c.isdigit() for c in bare)
    symbols = len(bare) - letters - digits
    if not letters or not (digits or symbols):
        return False
    return any(c.isupper() for c in bare) or symbols > 0 or (letters >= 4 and re.search(r"\d\d$", bare) is not None)


def _written(m: re.Match[str]) -> str:
    """The value as written, before a trailing `]`, `>` or `.` was trimmed (`<your-password>`)."""
    return m.group(m.lastgroup) if m.lastgroup else m.group(0)


def _tagged(m: re.Match[str]) -> bool:
    """The value starts with a YAML tag (`password: !vault |`): what follows is read by the tag, not told."""
    return m.lastgroup is not None and YAML_TAG.match(m.string, m.start(m.lastgroup)) is not None


# A generated passphrase (diceware, Bitwarden's and 1Password's word generators): three to six lowercase words
# joined by hyphens, maybe a number at the end (`nemo-soccer-snoopy`). Told after a password word it is the
# password, though it is shaped like a slug that alone tells nothing.
_JOINED_PASSPHRASE = re.compile(r"[a-z]{3,12}(?:-[a-z]{3,12}){2,5}(?:-?\d{1,4})?")


# words that make a hyphenated description of a password, not a passphrase (`auto-generated-value`,
# `case-sensitive-and-hashed`, `user-defined-per-site`)
_DESCRIBING = words(
    """
    auto self user non pre post read write only based generated defined managed protected encrypted hashed
    salted required optional default random secure strong weak sensitive insensitive case per site time
    """
)


def _joined_passphrase(value: str) -> bool:
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    words = bare.split("-")
    return (
        len(bare) >= 14
        and _JOINED_PASSPHRASE.fullmatch(bare) is not None
        and len(set(words)) == len(words)
        and not _DESCRIBING.intersection(words)
    )


# A verb that sets a password, in the Romance languages: what tells `changé le mot de passe en …` from `le mot de
# passe en clair`.
_SET_VERB = lazy(
    r"(?i)\b(?:chang[ée]|modifi[ée]|mis|remis|r[ée]initialis[ée]|d[ée]fini|cambi[ée]|cambiad[oa]|pus[eo]|"
    r"restablec[íi]|mud(?:ei|ou|ado)|alter(?:ei|ou|ado)|troc(?:ei|ou|ado)|redefin(?:i|iu|ido)|cambiat[oa]|"
    r"impostat[oa]|messo|reimpostat[oa])\b"
)


def _set_on_the_line(m: re.Match[str]) -> bool:
    return _SET_VERB.search(_line(m)) is not None


def _chosen_by_a_person(value: str) -> bool:
    """A capital, a small letter, a digit and a symbol (not a dot or a hyphen, which code's names and versions
    hold: `Lodash.debounce42`, `Node-18x`): no path, version, ratio or name has all four."""
    value = value.rstrip(".,;:)]}>")
    return (
        any(c.isupper() for c in value)
        and any(c.islower() for c in value)
        and any(c.isdigit() for c in value)
        and any(c in "!#$%&*+?@^~_=" for c in value)
    )


# A compound adjective says how a password is kept, not what it is (`the password will be Base64-encoded`).
_COMPOUND_ADJECTIVE = re.compile(
    r"^[A-Za-z0-9]+-(?:[a-z]+ed|[a-z]+ing|based|only|safe|like|free|friendly|aware|compatible|protected)$"
)


# (round twenty-one) where a password is kept, not what it is: a password manager's name, perhaps with a word of
# its own after a hyphen (`im 1Password-Tresor`, `in Bitwarden`, `en LastPass-Vault`); `Bitwarden2024!` is a password
_PASSWORD_MANAGER = re.compile(
    r"(?i)(?:1password|lastpass|keepass(?:xc)?|bitwarden|vaultwarden|dashlane|keeper|enpass|nordpass|roboform|"
    r"proton[ -]?pass|keychain)(?:-[^\W\d_]+)?"
)


def _a_stored_hash(value: str, m: re.Match[str]) -> bool:
    """(round twenty-two) The value starts a password's stored hash, read to its end (a rule may have cut it at a
    `,` or a length): `argon2$argon2id$v=19$m=102400,t=2,p=8$…` under `password:` is shown, not told."""
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    at = m.string.find(bare, m.start())
    whole = re.match(r"[^\s'\"`]+", m.string[at:]) if at >= 0 and bare else None
    return whole is not None and is_password_hash(whole.group(0).rstrip(",;"))


def _told_password(value: str, m: re.Match[str]) -> bool:
    return (
        not _a_stored_hash(value, m)
        and not _PASSWORD_MANAGER.fullmatch(value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)]}>"))
        and not _COMPOUND_ADJECTIVE.match(value.rstrip(".,;:)]}>"))
        and not is_placeholder(_written(m))
        and not _tagged(m)
        and not _names_no_credential(m)
        and (looks_like_a_password(value) or _joined_passphrase(value))
    )


# A Wi-Fi network's key is its password: "SSID is Tidewell-Guest and the key is …", "WLAN-Schlüssel: …".
_WIFI = re.compile(r"(?i)wi-?fi|wlan|ssid|wpa|hotspot|router|access point")


def _told_wifi_key(value: str, m: re.Match[str]) -> bool:
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    return _WIFI.search(m.string, max(line_start, m.start() - 200), m.end()) is not None and _told_password(value, m)


def _told_token(value: str, m: re.Match[str]) -> bool:
    if is_placeholder(_written(m)) or _names_no_credential(m):
        return False
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    return len(bare) >= 16 and looks_random(bare) and not is_placeholder(bare) and not is_code(bare)


# -- a tool's own flag or position ------------------------------------------------------------------

# program(s) -> the flag that takes a password (glued or spaced), e.g. `redis-cli -a X`, `sshpass -pX`
_TOOL_FLAGS = (
    (r"sshpass", r"-p[ \t]*"),
    (r"redis-cli", r"(?:-a|--pass)[ \t]+"),
    (r"keytool", r"-(?:src|dest)?(?:storepass|keypass)[ \t]+"),
    (r"openssl", r"-(?:passin|passout|pass)[ \t]+(?:pass:)|-k[ \t]+"),
    (r"zip|unzip", r"-P[ \t]+"),
    (r"7z|7za", r"-p"),
    (r"smbclient", r"-U[ \t]+[^\s%]+%"),
    (r"docker|podman|nerdctl|helm|buildah|skopeo|oc|cf|az", r"(?:login|registry login)\b[^\n|;&]{0,200}?[ \t]-p[ \t]+"),
    (r"mongo|mongosh|mongodump|mongorestore|mongoexport|mongoimport", r"(?:-p|--password)[ \t]+"),
    (r"influx", r"-password[ \t]+"),
    (r"net", r"user[ \t]+\S+[ \t]+"),  # Windows: `net user NAME PASSWORD`
    (r"net", r"use[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\\S+[ \t]+"),  # Windows: `net use Z: \\nas\share PASSWORD /user:NAME`
    (r"ldapsearch|ldapadd|ldapmodify|ldapdelete|ldappasswd|ldapwhoami|ldapcompare|ldapmodrdn", r"-w[ \t]*"),
    (r"mysqladmin", r"password[ \t]+"),  # `mysqladmin -u root password NEW`
    (r"lftp", r"-u[ \t]+[^\s,]+,"),  # `lftp -u user,PASSWORD host`
    (r"sqlcmd|bcp|osql|isql", r"-P[ \t]*"),
    (r"psexec|PsExec|psexec\.exe|xfreerdp|rdesktop", r"(?:-p[ \t]+|/p:)"),
    (r"mosquitto_pub|mosquitto_sub|mosquitto_rr", r"-P[ \t]+"),
    (r"nmcli", r"(?:password|wifi-sec\.psk)[ \t]+"),
    (r"wpa_passphrase", r"\S+[ \t]+"),  # `wpa_passphrase SSID PASSPHRASE`
    (r"sqlplus|expdp|impdp|rman", r"[\w$#]+/"),  # `sqlplus system/PASSWORD@//host/XE`
    (r"ssh-keygen", r"-[NP][ \t]*"),  # the new and the old passphrase
    (r"cqlsh|cypher-shell|twine|rabbitmqadmin|nats|clickhouse-client|pgcli|mycli|iredis", r"(?:-p|--pass)[ \t]+"),
    (r"ipmitool", r"-P[ \t]+"),
    (r"plink|pscp|psftp|putty", r"-pw[ \t]+"),
    (r"snmpwalk|snmpget|snmpset|snmpbulkwalk|snmpbulkget|snmptrap|snmptable", r"-[AX][ \t]+"),  # SNMPv3's keys
    (r"redis-cli|valkey-cli|keydb-cli", r"(?i:auth)[ \t]+(?:\S+[ \t]+(?=\S))?"),  # `redis-cli AUTH [user] pw`
    (r"redis-cli|valkey-cli|keydb-cli", r"(?i:config[ \t]+set[ \t]+(?:requirepass|masterauth))[ \t]+"),
    (r"openssl", r"passwd[ \t]+(?:-\S+[ \t]+)*"),  # `openssl passwd -1 'pw'`
)
_PROGRAM_KEYWORDS = (
    "sshpass",
    "redis-cli",
    "keytool",
    "openssl",
    "zip",
    "7z",
    "smbclient",
    "login",
    "mongo",
    "influx",
    "net user",
    "net use",
    "ldap",
    "mysqladmin",
    "lftp",
    "sqlcmd",
    "bcp",
    "osql",
    "isql",
    "psexec",
    "xfreerdp",
    "rdesktop",
    "mosquitto",
    "nmcli",
    "wpa_passphrase",
    "sqlplus",
    "expdp",
    "impdp",
    "rman",
    "podman",
    "buildah",
    "skopeo",
    "oc ",
    "cf ",
    "az ",
    "ssh-keygen",
    "cqlsh",
    "cypher-shell",
    "twine",
    "rabbitmqadmin",
    "nats",
    "clickhouse-client",
    "pgcli",
    "mycli",
    "iredis",
    "ipmitool",
    "plink",
    "pscp",
    "psftp",
    "putty",
    "snmp",
    "valkey-cli",
    "keydb-cli",
)

COMMAND_RULES: tuple[Rule, ...] = (
    Rule(
        "password-flag",
        SECRET,
        "|".join(
            rf"\b(?:{tools})\b{_BEFORE}(?:{flag})(?:" + VALUE.replace("?P<", f"?P<t{i}") + ")"
            for i, (tools, flag) in enumerate(_TOOL_FLAGS)
        ),
        _PROGRAM_KEYWORDS,
        group=tuple(f"t{i}{g}" for i in range(len(_TOOL_FLAGS)) for g in VALUE_GROUPS),
        accept=_password,
        rule_id="tool-password-flag",
    ),
    # Positional: `htpasswd -b[c] FILE USER PASS`, `htpasswd -bn USER PASS`, `rabbitmqctl add_user USER PASS`,
    # `mc alias set NAME URL ACCESS SECRET`.
    Rule(
        "password-flag",
        SECRET,
        r"\bhtpasswd[ \t]+-(?=[a-zA-Z]*b)(?![a-zA-Z]*n)[a-zA-Z]+[ \t]+(?:-\S+[ \t]+)*\S+[ \t]+\S+[ \t]+"
        + _ARGUMENT.format(g="a")
        + r"|\bhtpasswd[ \t]+-(?=[a-zA-Z]*b)(?=[a-zA-Z]*n)[a-zA-Z]+[ \t]+(?:-\S+[ \t]+)*\S+[ \t]+"
        + _ARGUMENT.format(g="b")
        + r"|\brabbitmqctl[ \t]+(?:-\S+[ \t]+)*(?:add_user|change_password)[ \t]+\S+[ \t]+"
        + _ARGUMENT.format(g="c")
        + r"|\bmc[ \t]+(?:alias[ \t]+set|config[ \t]+host[ \t]+add)[ \t]+\S+[ \t]+\S+[ \t]+\S+[ \t]+"
        + _ARGUMENT.format(g="d")
        + r"|\bmosquitto_passwd[ \t]+-b[ \t]+\S+[ \t]+\S+[ \t]+"  # `mosquitto_passwd -b FILE USER PASS`
        + _ARGUMENT.format(g="e"),
        ("htpasswd", "rabbitmqctl", "mc alias", "mc config", "mosquitto_passwd"),
        group=("a", "b", "c", "d", "e"),
        accept=lambda value, m: _password(value.strip("'\""), m),
        value_of=lambda value, m: value.strip("'\""),
        rule_id="positional-password",
    ),
    # A password piped to the program that reads it: `echo 'pw' | sudo -S …`, `… | docker login --password-stdin`.
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+)?(?:'%s(?:\\n)?'[ \t]+)?(?:" + VALUE + r")[ \t]*\|[ \t]*"
        r"(?:sudo\b[^\n|]*[ \t]-S\b|[^\n|]*--password-stdin\b|(?:sudo[ \t]+)?passwd\b|[^\n|]*\bkinit\b|"
        r"(?:sudo[ \t]+)?smbpasswd\b)",
        ("sudo", "password-stdin", "passwd", "kinit"),
        group=VALUE_GROUPS,
        accept=_password,
        value_of=unquoted,
        rule_id="piped-password",
    ),
    # The same, as a here-string: `sudo -S <<< 'pw' apt update`, `docker login -u me --password-stdin <<< "pw"`.
    Rule(
        "password-flag",
        SECRET,
        r"(?:\bsudo\b[^\n|<]{0,200}?[ \t]-S\b|--password-stdin\b|\bpasswd\b[^\n|<]{0,100}?--stdin\b|\bkinit\b)"
        r"[^\n|<]{0,200}?<<<[ \t]*(?:" + VALUE + r")",
        ("<<<",),
        group=VALUE_GROUPS,
        accept=_password,
        value_of=unquoted,
        rule_id="here-string-password",
    ),
    # A secret stored by a CLI that keeps secrets: `gh secret set NAME --body pw`, `-b pw`.
    Rule(
        "password-flag",
        SECRET,
        r"\bgh[ \t]+secret[ \t]+set[ \t]+\S+[^\n|;&]{0,100}?[ \t](?:--body[= \t]|-b[ \t]*)(?:" + VALUE + r")",
        ("gh secret",),
        group=VALUE_GROUPS,
        accept=lambda value, m: credential(value, password=True, digits_only_ok=True),
        value_of=unquoted,
        rule_id="cli-secret-value",
    ),
    # A call that sets a password: Django's `user.set_password('pw')` (its one argument; keyring's
    # `set_password(service, user, pw)` names no password), `create_user('jane', 'j@x.io', 'pw')`,
    # `create_superuser(…)`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\b(?:set_?password|change_?password|update_?password|reset_?password)[ \t]*\([ \t]*"
        + _QUOTED.replace("?P<v", "?P<a")
        + r"[ \t]*\)|\bcreate_(?:super)?user[ \t]*\([ \t]*(?:[\"'][^\"'\n]*[\"'][ \t]*,[ \t]*){2}"
        + _QUOTED.replace("?P<v", "?P<b")
        + r"[ \t]*\)",
        ("password(", "password (", "create_user", "create_superuser"),
        group=("aq", "as", "bq", "bs"),
        accept=_password,
        rule_id="password-call",
    ),
    # A password hashed in code is a password: Laravel's `Hash::make('…')`, PHP's `password_hash('…', …)`,
    # Django's `make_password('…')`, Werkzeug's `generate_password_hash('…')`, `bcrypt.hashpw(b'…', …)`,
    # `bcrypt.hash('…', 10)`, Spring's `passwordEncoder.encode("…")`, Rails' `BCrypt::Password.create('…')`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)(?:\bHash::make|\bbcrypt|\bpassword_hash|\bmake_password|\bgenerate_password_hash|\bhashpw|"
        r"\bhash_?password|\bBCrypt::Password\.create|\b(?:bcrypt|bcryptjs|argon2|argon)\.hash(?:Sync)?|"
        r"\b(?:password_?)?encoder\.encode|\bHashPassword|\bpbkdf2_sha256\.hash|"
        # (a hasher's object: passlib's `pwd_context.hash('…')`, argon2-cffi's `ph.hash('…')`)
        r"\b\w*(?:hasher|context|\bph)\.hash|"
        # what checks a password takes it first: `bcrypt.compare('…', hash)`, `password_verify('…', $h)`
        r"\bbcrypt\.(?:compare(?:Sync)?|checkpw)|\bpassword_verify|\bHash::check|\bcheck_password|"
        r"\b\w*(?:hasher|context|\bph)\.verify)[ \t]*\([ \t]*b?" + _QUOTED,
        (
            "hash::make",
            "hash::check",
            "bcrypt",
            "password_hash",
            "password_verify",
            "make_password",
            "check_password",
            "hashpw",
            "hash_password",
            "hashpassword",
            "argon",
            "encoder.encode",
            "pbkdf2_sha256",
            ".hash(",
            ".verify(",
        ),
        group=("vq", "vs"),
        accept=lambda value, m: _password(value, m) and not _TECHNICAL.match(value),
        rule_id="password-hashed-in-code",
    ),
    # A UI test typing into a password field: Playwright's `page.fill('#password', '…')` and
    # `getByLabel('Password').fill('…')`, Cypress' `cy.get('#password').type('…')`, Selenium's
    # `find_element(By.ID, "password").send_keys("…")`, Capybara's `fill_in 'Password', with: '…'`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\b(?:fill|type|fill_in|fillField|setValue|set_value|input_text|send_keys|sendKeys)[ \t]*\(?[ \t]*"
        r"(?:'[^'\n]{0,60}?pass(?:word|wd|phrase)?[^'\n]{0,40}'|\"[^\"\n]{0,60}?pass(?:word|wd|phrase)?[^\"\n]{0,40}\"|"
        # (Testing Library: `userEvent.type(screen.getByLabelText(/password/i), '…')`; a field's variable)
        r"[\w.$]{0,40}\([^,()\n]{0,60}pass(?:word|wd|phrase)?[^,()\n]{0,40}\)|\w*pass(?:word|wd)\w*)"
        r"[ \t]*,[ \t]*(?:with:[ \t]*)?"
        + _QUOTED
        # (a chain after the field: `cy.get('#password').clear().type('…')`, `element(by.id('password')).sendKeys`,
        # `loginPage.passwordInput.fill('…')`, jQuery's `$('#password').val('…')`)
        + r"|pass(?:word|wd|phrase)?(?:[^'\"`\n()]{0,40}[\"'`][ \t]*\){1,2}|\w*)"
        r"(?:[ \t]*\.[ \t]*\w+[ \t]*\([^()\n]{0,40}\)){0,2}"
        r"[ \t]*\.[ \t]*(?:type|fill|send_keys|sendKeys|setValue|setText|val|pressSequentially|press_sequentially)"
        r"[ \t]*\([ \t]*"
        + _QUOTED.replace("?P<v", "?P<c")
        # (React Testing Library: `fireEvent.change(passwordInput, { target: { value: '…' } })`)
        + r"|pass(?:word|wd)\w*[ \t]*,[ \t]*\{[ \t]*target:[ \t]*\{[ \t]*value:[ \t]*"
        + _QUOTED.replace("?P<v", "?P<d"),
        ("pass",),
        group=("vq", "vs", "cq", "cs", "dq", "ds"),
        accept=_password,
        window=(200, 200),
        rule_id="password-typed-in-a-test",
    ),
    # `echo 'user:pw' | chpasswd`: a user's new password, piped; `echo -n 'user:pw' | base64`: Basic credentials
    # being made.
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+)?[\"']?[\w.-]{1,32}:(?P<v>[^\s\"':]{1,64})[\"']?[ \t]*\|[ \t]*"
        r"(?:sudo[ \t]+)?(?:chpasswd\b|base64\b|openssl[ \t]+(?:base64|enc[ \t]+-base64)\b)",
        ("chpasswd", "base64"),
        group="v",
        accept=_password,
        rule_id="chpasswd",
    ),
    # expect's answer to a password prompt: `expect "password:"; send "pw\r"`, `expect "Passphrase" { send -- "pw\n" }`
    Rule(
        "password-flag",
        SECRET,
        r"(?i)\bexpect[ \t]+(?:-\w+[ \t]+)?[\"'{]?[^\"'}\n]{0,30}?(?:password|passphrase|passwort|pass)[^\"'}\n]{0,10}"
        r"[\"'}]?[ \t]*(?:;|\r?\n|\{)?[ \t]*(?:\{[ \t]*)?send[ \t]+(?:--[ \t]+)?"
        r"[\"{](?P<v>[^\"}\s]+?)(?:\\r|\\n)*[\"}]",
        ("expect",),
        group="v",
        accept=_password,
        rule_id="expect-send",
    ),
    # PowerShell: `ConvertTo-SecureString 'pw' -AsPlainText`, `-String "pw"`.
    Rule(
        "password-flag",
        SECRET,
        r"(?i)\bConvertTo-SecureString[ \t]+(?:-String[ \t]+)?(?:" + VALUE + r")(?=[ \t]+-AsPlainText)",
        ("convertto-securestring",),
        group=VALUE_GROUPS,
        accept=_password,
        value_of=unquoted,
        rule_id="powershell-securestring",
    ),
    # SQL: `IDENTIFIED BY 'pw'`, `CREATE ROLE app WITH PASSWORD 'pw'`, `ALTER USER x PASSWORD = 'pw'`.
    Rule(
        "sql-password",
        SECRET,
        r"(?i)\bIDENTIFIED[ \t]+(?:WITH[ \t]+\w+[ \t]+)?BY[ \t]+(?:PASSWORD[ \t]+)?" + _QUOTED + r"|"
        r"\b(?:CREATE|ALTER)[ \t]+(?:USER|ROLE|LOGIN)\b[^;\n]{0,200}?\bPASSWORD[ \t]*=?[ \t]*"
        + _QUOTED.replace("?P<v", "?P<w"),
        ("identified", "password"),
        group=("vq", "vs", "wq", "ws"),
        accept=_password,
        rule_id="sql-password",
    ),
    # A call that sets a credential: `define('DB_PASSWORD', 'pw')`, `os.environ.setdefault("API_KEY", "…")`.
    # (Any quoted key first, its name checked after: a literal `(` to start from keeps the search cheap.)
    Rule(
        "password-assignment",
        SECRET,
        r"\([ \t]*(?P<k>[\"'])(?P<label>[\w.-]{1,60})(?P=k)[ \t]*,[ \t]*" + _QUOTED,
        CREDENTIAL_KEYWORDS,
        group=("vq", "vs"),
        accept=lambda value, m: _names_a_credential(m.group("label")) and _password(value, m),
        rule_id="call-pair",
        window=(70, 400),
    ),
    # `auth=("user", "pw")`, `HTTPBasicAuth("user", "pw")`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)(?:\bauth[ \t]*=[ \t]*|BasicAuth[ \t]*)\([ \t]*[\"'][^\"'\n]+[\"'][ \t]*,[ \t]*" + _QUOTED,
        ("auth=", "auth =", "basicauth"),
        group=("vq", "vs"),
        accept=_password,
        rule_id="auth-pair",
        window=(10, 400),
    ),
    # A connection opened with the password as an argument: `new PDO($dsn, 'user', 'pw')`,
    # `mysqli_connect('host', 'user', 'pw', 'db')`, `new mysqli('host', 'user', 'pw')`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\bnew[ \t]+PDO[ \t]*\([ \t]*[\"'][^\"'\n]*[\"'][ \t]*,[ \t]*[\"'][^\"'\n]*[\"'][ \t]*,[ \t]*"
        + _QUOTED
        + r"|"
        r"\b(?:mysqli_connect|new[ \t]+mysqli|mysql_connect|pg_connect)[ \t]*\([ \t]*[\"'][^\"'\n]*[\"'][ \t]*,[ \t]*"
        r"[\"'][^\"'\n]*[\"'][ \t]*,[ \t]*" + _QUOTED.replace("?P<v", "?P<w"),
        ("pdo", "mysqli", "mysql_connect", "pg_connect"),
        group=("vq", "vs", "wq", "ws"),
        accept=_password,
        rule_id="connect-call",
    ),
    # A name and its value side by side: a container's environment (`- name: DB_PASSWORD` / `value: …`, ECS's
    # `{"name": …, "value": …}`), .NET's `<add key="SmtpPassword" value="…"/>`, CloudFormation's parameters.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)\b(?:name|key|parameterkey)[\"']?[ \t]*[:=][ \t]*[\"']?(?P<label>[\w.:-]{1,80})[\"']?[ \t]*,?[ \t]*"
        r"(?:\r?\n[ \t]*)?[\"']?(?:value|parametervalue)[\"']?[ \t]*[:=][ \t]*(?:" + VALUE + ")",
        CREDENTIAL_KEYWORDS,
        group=VALUE_GROUPS,
        value_of=unquoted,
        accept=lambda value, m: _names_a_credential(m.group("label")) and _named_value(value, m),
        trims=SENTENCE_END,
        rule_id="name-value-pair",
        prefilter=r"(?i)value[\"']?[ \t]*[:=]",  # (its `value:` part)
        window=(60, 300),
    ),
    # An element named for a credential: Maven's `<password>…</password>`, `<DbPassword>…</DbPassword>`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?i)<(?P<label>[\w.:-]{0,40}?" + _LABEL + r"[\w.:-]{0,40})>(?P<v>[^<>\n]{1,200})</(?P=label)>",
        CREDENTIAL_KEYWORDS,
        group="v",
        accept=lambda value, m: _names_a_credential(m.group("label")) and _named_value(value, m),
        rule_id="xml-element",
        prefilter=r"</",
        window=(50, 300),
    ),
    # Set without `=`: a Dockerfile's `ENV DB_PASSWORD value`, fish's `set -x …`, Windows' `setx …`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?m)(?:^[ \t]*ENV|\bset[ \t]+-[a-zA-Z]{1,4}|\bsetx)[ \t]+(?P<label>[A-Za-z_][\w]{0,60})[ \t]+(?:"
        + VALUE
        + ")",
        CREDENTIAL_KEYWORDS,
        group=VALUE_GROUPS,
        value_of=unquoted,
        accept=lambda value, m: _names_a_credential(m.group("label")) and _named_value(value, m, strong=True),
        trims=SENTENCE_END,
        rule_id="set-without-equals",
        prefilter=("ENV", r"set(?:[ \t]+-|x)"),
        window=(60, 300),
    ),
    # A default written where the environment is read: `${DB_PASSWORD:-…}` (a shell, compose), Spring's
    # `${DB_PASSWORD:…}`, `process.env.DB_PASSWORD || '…'`, `os.environ.get('DB_PASSWORD') or '…'`; and a key
    # set by subscript: `$cfg['Servers'][$i]['password'] = '…'`, `config["db_password"] = "…"`.
    Rule(
        "password-assignment",
        SECRET,
        r"\$\{(?P<label>[A-Za-z_][\w.-]{0,60})(?::?-|:=|:(?![?+-]))(?P<v>[^}\s$\"'`]{1,200})\}|"
        r"(?:process\.env\.|import\.meta\.env\.|process\.env\[[\"']|\bENV\[[\"']|environ(?:\.get)?\(?[\[(][\"'])"
        r"(?P<label2>[A-Za-z_]\w{0,60})[\"']?[\])]?[ \t]*(?:\|\||\?\?|\bor\b)[ \t]*(?:"
        + _QUOTED.replace("?P<v", "?P<d")
        + r")|\[[\"'](?P<label3>[\w.-]{1,60})[\"']\][ \t]*=(?!=)[ \t]*(?:"
        + _QUOTED.replace("?P<v", "?P<e")
        + ")",
        CREDENTIAL_KEYWORDS,
        group=("v", "dq", "ds", "eq", "es"),
        accept=lambda value, m: (
            _names_a_credential(m.group("label") or m.group("label2") or m.group("label3"))
            and credential(value, password=True, strong=m.group("v") is None, digits_only_ok=True)
        ),
        trims=SENTENCE_END,
        rule_id="default-or-subscript",
        prefilter=(r"\$\{", r"process\.env", r"import\.meta\.env", r"ENV\[", "environ", r"\[[\"']"),
        window=(90, 300),
    ),
    # A server's own config line with no `=`: Redis's `requirepass …` and `masterauth …`, keepalived's
    # `auth_pass …` (the value must look chosen: Redis's documented `foobared` is a plain word).
    Rule(
        "password-assignment",
        SECRET,
        r"(?im)^[ \t]*(?:requirepass|masterauth|masterpass|auth_pass)[ \t]+(?:" + _QUOTED + r"|(?P<v>[^\s#]+))",
        ("requirepass", "masterauth", "masterpass", "auth_pass"),
        group=("vq", "vs", "v"),
        accept=lambda value, m: credential(value, password=True),
        rule_id="server-config-password",
    ),
    # `.netrc`: `machine HOST login USER password PW` (one line or several).
    Rule(
        "password-assignment",
        SECRET,
        r"(?m)\bmachine[ \t]+\S+(?:[ \t]+|[ \t]*\n[ \t]*)(?:(?:login|account)[ \t]+\S+(?:[ \t]+|[ \t]*\n[ \t]*))*"
        r"password[ \t]+(?P<v>\S+)",
        ("machine",),
        group="v",
        accept=_password,
        rule_id="netrc",
    ),
    # `.pgpass`: `host:port:database:user:password`.
    Rule(
        "password-assignment",
        SECRET,
        r"(?m)^[ \t]*[\w.*-]+:(?:\d{2,5}|\*):[\w.*-]+:[\w.*@-]+:(?P<v>\S+)[ \t]*$",
        (":5432:", ":*:", ":6432:"),
        group="v",
        accept=_password,
        rule_id="pgpass",
    ),
    # PuTTY's key file: the private lines after `Private-Lines: N`.
    Rule(
        "private-key",
        SECRET,
        r"Private-Lines:[ \t]*\d+[ \t]*(?:\r?\n|\\n)(?P<body>(?:[A-Za-z0-9+/=]{4,}(?:\r?\n|\\n)?){1,100})",
        ("private-lines",),
        group="body",
        trims="\r\n\\n",
        rule_id="putty-private-lines",
    ),
    # (round thirty-three) a credential read out of a JSON file or a response with jq (`jq .token`, `jq -r
    # '.data.access_token'`): the value jq prints on the next line (Jupyter's runtime file, a login's response)
    Rule(
        "token-in-text",
        SECRET,
        r"(?i)\bjq\b[^\n|]{0,40}?[ \t][\"']?\.(?:[\w\[\]\"]+\.){0,4}(?:token|access_token|auth_token|id_token|"
        r"refresh_token|secret|client_secret|api_key|apikey|password|private_key)\b[\"']?[^\n]{0,80}\r?\n"
        r"[ \t]*\"?(?P<v>[^\s\"]{16,})\"?[ \t]*(?:\r?\n|$)",
        ("jq",),
        group="v",
        accept=lambda value, m: looks_random(value) and not is_placeholder(value),
        rule_id="read-out-with-jq",
    ),
    *STORE_RULES,
)


_LABEL_WORD = lazy(r"(?i)(?:^|[_.-]|(?<=[a-z])(?=[A-Z]))" + _LABEL + r"(?:$|[_.-]|(?<=[a-z])(?=[A-Z0-9]))")


def _names_a_credential(label: str) -> bool:
    """`DB_PASSWORD`, `api.key`, `clientSecret`: a credential's name, not something about one."""
    from retell.secrets.own import label_is_about

    return _LABEL_WORD.search(label) is not None and not label_is_about(label)


def _named_value(value: str, m: re.Match[str], strong: bool = False) -> bool:
    """The value of a credential named beside it: a password label is enough for a word a person chose, a
    token label wants a machine-made value."""
    passwordish = re.search(r"(?i)pass|pwd|secret|\bpin\b", m.group("label")) is not None
    quoted = m.lastgroup in ("vq", "vs", "vb") or m.group(0).endswith(">")
    strong = strong or (quoted and passwordish)
    return credential(value, password=passwordish, strong=strong, digits_only_ok=passwordish)


# -- a password or a token told in a sentence -------------------------------------------------------

_PASSWORD_WORDS = (
    r"(?:passwords?|passwort|kennwort|passcode|passphrase|pwd|pw|psw|pswd|passw|mot de passe|mdp|contraseña|"
    r"contrasena|clave|senha|"
    r"wachtwoord|lösenord|losenord|adgangskode|hasło|haslo|parola|heslo|şifre|sifre|salasana|jelszó|пароль|"
    r"mật khẩu|mat khau)"
)
_PASSWORD_CJK = r"(?:パスワード|暗証番号|密码|密碼|口令|비밀번호)"
_TOKEN_WORDS = (
    r"(?:token|api[ _-]?key|access[ _-]key|secret[ _-]key|private[ _-]?key|privkey|clé(?: d'api| api| privée)?|jeton|"
    r"schlüssel|llave|"
    r"(?:session[ _-]?)?cookie)"
)
_TOKEN_CJK = r"(?:トークン|令牌|密钥|密鑰|私钥|私鑰|秘密鍵|토큰|개인[ \t]?키)"
# between the word and the value: a few words (`de mysql`, `du serveur de recette`, `for the admin panel`),
# then a verb or a particle (`is`, `c'est`, `ist`, `es`, `は`, `是`)
# (French and German name what the password is for at length: `du compte admin sur le NAS c'est`)
_GAP = r"(?:[ \t]+[^\s.!?;:=,，。、\"'`]{1,24}){0,9}?"
_VERB = (
    r"(?:[ \t]+(?:is|was|'s|are|es|est|c'est|ist|lautet|war|era|é|è|là|er|är|jest|to|je|ni|on|je[ \t]+to|"
    # (what it will be: `the new admin password should be …`)
    r"(?:should|will|must|shall|would|can)[ \t]+be|needs?[ \t]+to[ \t]+be|has[ \t]+to[ \t]+be|becomes|stays|remains)"
    r"(?![\w'])|"
    r"[ \t]*(?::(?!//)|：|->|=>|→)|[ \t]+=[ \t])"  # (`https://…` after the word: a scheme's colon, no verb)
)
_CJK_VERB = r"[ \t]*(?:は|是|为|為|：|:|=|는|은)?"
_TOLD = r"[ \t]*[\"'`“]?(?P<{g}>[^\s\"'`“”,;=，。、]+)"


# A password a person types holds a digit or a symbol (looks_like_a_password): a word without one (`on the pi
# is …`: "on" read as the verb, "the" as the value) is no value, and the gap reads on to the real verb.
# (a symbol that ends the value is the sentence's: `the type checker is happy!`)
# (a capital and a symbol together are a choice wherever the symbol is: `Sommer!`)
_CHOSEN_AHEAD = (
    r"(?=[^\s\"'`“”,;=，。、]*(?:[0-9]|[!#$%&*+@^~?_-][^\s\"'`“”,;=，。、])"
    r"|[^\s\"'`“”,;=，。、]*[A-ZÀ-ÞА-Я][^\s\"'`“”,;=，。、]*[!#$%&*+@^~?_-])"
)


# `pass` is a noun after an owner or a determiner (`the wifi pass is …`; `tests pass and … is` tells none); the
# rule starts at its keyword, so what comes before is looked behind
_NOUN_PASS = (
    "(?:"
    + "|".join(
        f"(?<={w} )" for w in ("the", "my", "your", "our", "wifi", "wi-fi", "admin", "root", "sudo", "vpn", "db")
    )
    + ")pass"
)


def _told(words: str, g: str, chosen: bool = False) -> str:
    # the word may end a variable's name, in a code span or not (`I set \`DB_PASSWORD\` to \`C0b@lt40\``)
    return (
        # (or ends a German compound: `das Jenkins-Passwort ist …`, `WLAN-Kennwort:`)
        rf"(?i)(?:(?<![A-Za-z0-9-])|(?<=[A-Za-z]{{2}}-)(?-i:(?=[A-ZÄÖÜ]))){words}(?:[_.][\w.]*)?(?![\w-])[`'\"”]?{_GAP}{_VERB}"
        r"(?:[ \t]+(?:now|still|just|actually|also|jetzt|nun|noch|maintenant|toujours|ahora|todavía|agora|ainda|"
        r"nu)(?!\w))?"
        r"(?:[ \t]*[:：])?" + (r"[ \t]*[\"'`“]?" + _CHOSEN_AHEAD if chosen else "") + _TOLD.format(g=g)  # (`is: x`)
    )


def _told_name(m: re.Match[str]) -> tuple[int, str]:
    """Where the whole name the word is part of starts, and the name (`DB_PASSWORD`, `smtp.password`)."""
    start = m.start()
    while start > 0 and (m.string[start - 1].isalnum() or m.string[start - 1] in "_."):
        start -= 1
    return start, re.match(r"[\w.]*", m.string[start:]).group(0)  # type: ignore[union-attr]


def _names_no_credential(m: re.Match[str]) -> bool:
    """`PASSWORD_MIN_LENGTH is 12`, `password_reset_token is …`: a name about a credential, not one; and
    `${DB_PASSWORD:?DB_PASSWORD must be set}`: a shell's expansion of the name, not a value told."""
    from retell.secrets.own import label_is_about

    start, name = _told_name(m)
    if m.string.endswith("${", 0, start):
        return True
    return bool(re.search(r"[_.]", name)) and label_is_about(name)


# In Chinese, Japanese or Korean a value told is written in ASCII between the words around it
# (`パスワードはSakura2024です`): it starts and ends where the ASCII does (`パスワードのリセット…` tells none).
# A slug made of such a title (`数据库密码是-qqqq-帮我`) is no value told: a value never starts with the slug's
# hyphen, and the particles before it are CJK, never ASCII.
_TOLD_ASCII = r"[ \t]*[\"'`“]?(?P<{g}>[!#-&(-+.-:<-~][!#-&(-+\--:<-~]*)"


def _told_cjk(words: str, g: str) -> str:
    return rf"{words}[^\s。、!-~]{{0,6}}?{_CJK_VERB}" + _TOLD_ASCII.format(g=g)


def _keywords(text: str) -> tuple[str, ...]:
    return tuple(text.split(","))


# -- a user and a password side by side, or a password word and its value --------------------------------

# Accounts a service or a tutorial names (`admin / Admin2024!`, `root:Toor2024`): a value after one of them
# is a password when it looks like one a person chose.
_ACCOUNT_NAMES = (
    r"(?:admin|administrator|root|sa|postgres|mysql|deploy|deployer|ubuntu|pi|user|guest|test|tester|demo|elastic|"
    r"kibana|grafana|jenkins|minioadmin|minio|rabbit|rabbitmq|oracle|system|dev|developer|ops|operator|superuser|"
    r"manager|webadmin|wpadmin|ftp|ftpuser|app|service|svc|ci|backup|nagios|zabbix|odoo|keycloak|sonar|gitlab|"
    r"git|nextcloud|wordpress|wp|portainer|pgadmin|airflow|superset|metabase|rundeck|argocd|harbor|nexus)"
)
# words that say a credential is told (`creds are admin:x`, `ssh in as deploy / x`)
_CREDENTIAL_CONTEXT = lazy(
    r"(?i)\b(?:login|log[ -]?in|logon|sign[ -]?in|credentials?|creds|account|user(?:name)?|benutzer|utilisateur|"
    r"usuario|usuário|gebruiker|användare|ssh|as|auth|basic|zugang(?:sdaten)?|identifiants|credenciales|acceso|"
    # what one logs into, and logging in in the languages authors write in (`entra en el panel con x / y`,
    # `connecte-toi avec`, `melde dich … an`, `accedi con`, `inloggen met`, `zaloguj się`)
    r"panel|dashboard|console|portal|admin|vpn|rdp|vnc|wi-?fi|entra|entrar|ingresa|ingresar|accede|acceder|inicia|"
    r"iniciar|sesión|sesion|connecte|connecter|connectez|connexion|anmelden|einloggen|melde?|accedi|accedere|"
    r"accesso|login|inloggen|logga|zaloguj|logowanie|acessar|acesse|entre|đăng[ \t]+nhập|dang[ \t]+nhap)\b"
    r"|ログイン|登录|登入|로그인"
)


_LOGIN_LINE = re.compile(
    r"(?i)\b(?:log(?:g(?:ing|ed))?[ \t-]?(?:in|on)|login|sign[ \t-]?in|password|passwd|pw|pwd|creds?|credentials)\b"
)


def _line(m: re.Match[str]) -> str:
    start = m.string.rfind("\n", 0, m.start()) + 1
    end = m.string.find("\n", m.end())
    return m.string[start : end if end >= 0 else len(m.string)]


def _chosen_password(bare: str, m: re.Match[str]) -> bool:
    """A password a person chose: letters with digits, never a version, a path, an image tag or a ratio."""
    if not _told_password(bare, m) or not any(c.isdigit() for c in bare) or not any(c.isalpha() for c in bare):
        return False
    # `postgres:16-alpine`, `node:20.11`, `admin:x@host.io` (a URL's own rule); `P@ss…` is one, and so is a
    # word, a dot and a word with digits (`Hibiscus.nordsee57`)
    if is_dotted_password(bare.rstrip(".")):
        return True
    return not (bare[0].isdigit() or re.search(r"[.:/]", bare.rstrip(".")) or re.search(r"@[\w-]+\.\w", bare))


def _marked_password(value: str, m: re.Match[str]) -> bool:
    """A password after a weak joint ("and", a comma): chosen, and marked as chosen (a capital or a symbol)."""
    bare = value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)")
    if not _chosen_password(bare, m) or is_code(bare) or _identifier_in_code(bare, m):
        return False
    return any(c.isupper() for c in bare) or any(not c.isalnum() for c in bare)


_SNAKE_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+")


def _identifier_in_code(bare: str, m: re.Match[str]) -> bool:
    """A name in small letters joined by underscores, in a code span (`` `atleta2_id` ``): a column's or a
    variable's name, whose underscore marks nothing as chosen ("comparava `atleta1_id` com `atleta1_id` e
    `atleta2_id` com …" read as "with USER and PASSWORD": a fresh26 drafter's Portuguese section refused)."""
    if "v" not in m.re.groupindex or m.start("v") < 1:
        return False
    return m.string[m.start("v") - 1] == "`" and _SNAKE_NAME.fullmatch(bare) is not None


def _joined_password(value: str, m: re.Match[str]) -> bool:
    """`for portainer it's ops and Cobalt2025!`: a user and a password joined by "and" are a login only when
    the value is marked as chosen (a capital or a symbol besides its digits) and the user is a known account or
    the line speaks of logging in, before or after (`…, try logging in`)."""
    if not _marked_password(value, m):
        return False
    if re.fullmatch(_ACCOUNT_NAMES + r"\d{0,2}", m.group("user"), re.I):
        return True
    line = _line(m)
    return _CREDENTIAL_CONTEXT.search(line) is not None or _LOGIN_LINE.search(line) is not None


_REMOTE_LOGIN = re.compile(r"(?i)\b(?:rdp|vnc|ssh|sftp|ftp|smb|remote desktop|teamviewer|anydesk)\b")


def _comma_paired_password(value: str, m: re.Match[str]) -> bool:
    """A comma joins any two words: only a value marked as chosen, on a line that speaks of logging in."""
    if not _marked_password(value, m):
        return False
    start = m.string.rfind("\n", 0, m.start()) + 1
    before = m.string[start : m.start()]
    if before.rstrip().endswith(","):
        return False  # one item of a list (`admin, guest, Deploy2`)
    if not re.match(r"[ \t]*(?:$|\n|[.;)]|[ \t]\()", m.string[m.end() :]):
        return False  # a sentence going on (`admin, Dashboard2 is broken`): a pair is the end of what is said
    return _LOGIN_LINE.search(before) is not None or _REMOTE_LOGIN.search(before) is not None


def _paired_password(value: str, m: re.Match[str], said: bool = False) -> bool:
    """A password told beside its user: one a person chose (letters with digits), never a version, a
    path, an image tag or a ratio, and only where the user is a known account or the line says it is a
    login (`said`: the rule's own match says so)."""
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    if not _chosen_password(bare, m):
        return False
    user = m.group("user")
    if said or re.fullmatch(_ACCOUNT_NAMES + r"\d{0,2}", user, re.I) or "@" in user:
        return True
    line_start = m.string.rfind("\n", 0, m.start()) + 1
    return _CREDENTIAL_CONTEXT.search(m.string[line_start : m.start()]) is not None


def _worded_password(value: str, m: re.Match[str]) -> bool:
    """A value right after a password word, with no verb between (`password Hunter2024`, `la clave Gato2024`):
    only a value that has letters and digits and a capital or a symbol."""
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    if not _told_password(bare, m) or is_code(bare) or "(" in bare:
        return False
    has = {"digit": any(c.isdigit() for c in bare), "alpha": any(c.isalpha() for c in bare)}
    marked = any(c.isupper() for c in bare) or any(not c.isalnum() for c in bare)
    return has["digit"] and has["alpha"] and marked


PAIR_RULES: tuple[Rule, ...] = (
    # `deploy / Hunter2024!`, `admin / Admin123` (a login word on the line, or a known account)
    Rule(
        "password-in-text",
        SECRET,
        r"(?<![\w/.:-])(?P<user>[\w.@+-]{2,40})[\"'`]?[ \t]+/[ \t]+[\"'`]?(?P<v>[^\s/,;\"'`]{6,64})",
        (" / ",),
        group="v",
        accept=_paired_password,
        trims=".,;:)]}>",
        rule_id="user-password-pair",
    ),
    # `for portainer it's ops and Cobalt2025!`, `c'est admin et Lavande2024!`: a user and a password said together
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w'’])(?:it[’']?s|it[ \t]+is|is|are|use|ist(?:[ \t]+es)?|sind|c[’']est|est|es|son|é|è|são)"
        r"[ \t]+[\"'`]?(?P<user>[a-z][\w.@+-]{1,39})[\"'`]?[ \t]+(?:and|&|und|et|y|e)[ \t]+[\"'`]?"
        r"(?P<v>[^\s\"'`,;]{6,64})",
        (" and ", " & ", " und ", " et ", " y ", " e "),
        group="v",
        accept=_joined_password,
        trims=".,;:)]}>",
        rule_id="user-and-password",
    ),
    # `RDP: administrator, Kestrel#2031`: a known account, a comma, its password, on a line that names a login
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w/.:@$-])(?P<user>" + _ACCOUNT_NAMES + r"\d{0,2})[\"'`]?[ \t]*,[ \t]*[\"'`]?"
        r"(?P<v>[^\s/,;\"'`]{6,64})",
        (", ",),
        group="v",
        accept=_comma_paired_password,
        trims=".,;:)]}>",
        rule_id="account-comma-password",
    ),
    # `admin:Winter2023`, `root:Toor2024!` in a sentence or a config: a known account and its password
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w/.:@$-])(?P<user>" + _ACCOUNT_NAMES + r"\d{0,2}):(?P<v>[^\s:/@\"'`,;]{6,64})(?![:@/\w])",
        (
            "admin:",
            "administrator:",
            "root:",
            "sa:",
            "postgres:",
            "mysql:",
            "deploy:",
            "ubuntu:",
            "pi:",
            "user:",
            "guest:",
            "test:",
            "demo:",
            "elastic:",
            "grafana:",
            "jenkins:",
            "minio",
            "rabbit",
            "oracle:",
            "system:",
            "dev:",
            "ops:",
            "superuser:",
            "manager:",
            "ftp",
            "app:",
            "svc:",
            "ci:",
            "backup:",
            "odoo:",
            "keycloak:",
            "sonar:",
            "gitlab:",
            "git:",
            "nextcloud:",
            "wordpress:",
            "wp:",
            "portainer:",
            "pgadmin:",
            "airflow:",
            "superset:",
            "metabase:",
            "argocd:",
            "harbor:",
            "nexus:",
            "kibana:",
            "operator:",
            "tester:",
            "developer:",
            "deployer:",
            "webadmin:",
            "wpadmin:",
            "service:",
            "nagios:",
            "zabbix:",
            "rundeck:",
        ),
        group="v",
        accept=_paired_password,
        trims=".,;:)]}>",
        rule_id="account-colon-password",
        prefilter=r":[^\s:/@\"'`,;]{6}",  # (the colon and the password's first characters: a fast search)
    ),
    # `credentials are alice:Falcon&60`, `login jdoe:…`: any user, where the line says it is a login
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:creds?|credentials?|login|log-in|zugangsdaten|identifiants|credenciales)\b[^\n]{0,40}?[ \t]"
        r"[\"'`]?(?P<user>[\w.@+-]{2,40}):(?P<v>[^\s:/@\"'`,;]{6,64})(?![:@/\w])",
        ("cred", "login", "log-in", "zugangsdaten", "identifiants", "credenciales"),
        group="v",
        accept=lambda value, m: _paired_password(value, m, said=True),
        trims=".,;:)]}>",
        rule_id="login-user-colon-password",
        window=(0, 160),
    ),
    # `creds for the test tenant: trang@acme Rainbow2025!`: a user and a password side by side after a colon that
    # ends what names them as credentials; the value marked as chosen, and the end of what is said after it
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:creds?|credentials?|login|log-in|zugangsdaten|identifiants|credenciales)\b[^\n:]{0,40}?:[ \t]*"
        r"[\"'`]?(?P<user>[\w.@+-]{2,40})[\"'`]?[ \t]+[\"'`]?(?P<v>[^\s\"'`,;]{6,64})[\"'`]?"
        r"(?=[ \t]*(?:$|\n|[—–(]|[-.;,][ \t]|[.;,]?$))",
        ("cred", "login", "log-in", "zugangsdaten", "identifiants", "credenciales"),
        group="v",
        accept=lambda value, m: _marked_password(value, m) and _paired_password(value, m, said=True),
        trims=".,;:)]}>",
        rule_id="login-user-space-password",
        window=(0, 160),
    ),
    # `password Hunter2024!`, `pw: Bananas99!`, `Kennwort Sonne2024!`, `la clave Gato2024`
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w-])(?:(?:"
        + _PASSWORD_WORDS[3:-1]
        + r"|pw|passwd)(?![\w-])(?:[ \t]*(?:[:=]|->|=>|→)[ \t]*|[ \t]+)|"
        r"pass[ \t]*[:=][ \t]*)"  # (`pass` alone is a verb: `tests pass`)
        r"[\"'`“]?(?P<v>[^\s\"'`“”,;，。、]{6,64})",
        _keywords(
            "pass,pwd,pw,psw,kennwort,mot de passe,mdp,contrase,clave,senha,wachtwoord,lösenord,losenord,adgangskode,"
            "hasło,haslo,parola,heslo,şifre,sifre,salasana,jelszó,пароль,mật khẩu,mat khau"
        ),
        group="v",
        accept=_worded_password,
        trims=".,;:)]}>",
        rule_id="password-word-value",
        window=(0, 90),
    ),
)

# -- a password after its noun, the one chosen token of its clause (round twelve) ---------------------------

# The noun, in the languages the blind sets hold and their neighbours, with the endings that make it "its" or
# "the" (Turkish `şifresi`, Swedish `lösenordet`, Hungarian `jelszava`, Hebrew `הסיסמה`, Arabic `كلمة المرور`);
# `pass` only before what it opens (`pass wifi văn phòng là …`).
_CLAUSE_NOUNS = (
    r"(?:passwords?|passwort|kennwort|passcode|passphrase|mot[ \t]+de[ \t]+passe|mdp|contraseña|contrasena|clave|"
    r"senha|wachtwoord|lösenord(?:et)?|losenord(?:et)?|adgangskode(?:n)?|passord(?:et)?|hasło|haslo|parola|"
    r"heslo|salasana|jelsz(?:ó|ava|avát|ót)|парол(?:ь|я|ем|і)|"
    # (round twenty-four) Turkish's noun as the object of "made it" or "set it" (`şifresini … yaptım`, `parolayı`)
    r"[şs]ifre(?:si(?:ni)?|yi|miz(?:i)?|niz(?:i)?|mi|ni|n|m)?|parola(?:s[ıi](?:n[ıi])?|y[ıi]|m[ıi]?)(?=[ \t])|"
    r"mật[ \t]+khẩu|mat[ \t]+khau|kata[ \t]+sandi|kata[ \t]+laluan|كلمة[ \t]+(?:ال)?(?:مرور|سر)|رمز[ \t]+(?:عبور|ورود)|"
    r"סיסמ(?:ה|א|ת)|κωδικ(?:ός|ό|ού)|συνθηματικό|पासवर्ड|"
    # (round twenty-one) Thai writes no space between words: what it opens and `คือ` (is) glued on
    r"รหัสผ่าน[\u0e01-\u0e4e]{0,40}|"
    r"pass(?=[ \t]+(?:wifi|wi-fi|wlan|vpn|admin|root|db|server|máy|mạng|router)\b)|"
    # (round fourteen) Korean, its particle glued on (`비번은`, `암호를`); `pass` owned by what it opens through a
    # genitive (Hinglish `pgadmin ka pass … hai`, `router ki pass …`)
    r"(?:암호|비번|비밀번호|패스워드)(?:은|는|이|가|을|를|도)?|password(?:nya)|(?:kata[ \t]+)?sandinya|pw(?:nya)|"
    r"(?:(?<=[ \t]ka[ \t])|(?<=[ \t]ki[ \t])|(?<=[ \t]ke[ \t]))pass|"
    # (round fifteen) Vietnamese `mk` (mật khẩu) before what it opens and `là`, or a colon
    r"mk(?=(?:[ \t]+[^\s\d.!?;:]{1,15}){0,3}[ \t]+l[àa][ \t]|[ \t]*:)|"
    # (round twenty-one) Swahili, Serbo-Croatian, Slovenian, Romanian, Bengali, Amharic, Urdu
    r"nenosiri|neno[ \t]+la[ \t]+siri|lozink[aeiu]|gesl[oa]|parol[aăe]|পাসওয়ার্ড|পাসওয়ার্ড|የይለፍ[ \t]+ቃል|پاس[ \t]?ورڈ)"
)
# between the noun and the value: words with no digit that end no sentence (`к базе`, `do routera w biurze`,
# `a teszt adatbázishoz:`, `, in case you need it:`)
_CLAUSE_GAP = r"(?:[ \t]+[^\s\d.!?;。！？\"'`“”]{1,30}){0,9}?"
# (`password=…` after the noun is an assignment's, not a value told)
_CLAUSE_VALUE = (
    r"[ \t]+[\"'`“]?(?P<v>(?=[^\s\"'`“”,;，。、]*\d|[a-z]{3,12}-[a-z]{3,12}-[a-z]{3,12})"
    r"[^\s\"'`“”,;=，。、]{6,64})(?!=)"
)
_TICKET = lazy(r"^[A-Z][A-Z0-9]{1,9}-\d+$")
_CAUSE_BEFORE = lazy(r"(?i)(?<![\w-])(?:with|con|mit|avec|com|met|in|on|en|bei|under|unter|sous|bajo)[ \t]+[\"'`“]?$")
_CLAUSE_END = lazy(r"[.!?。！？\n]|$")


def _clause_password(value: str, m: re.Match[str]) -> bool:
    """The first token with a digit after a password's noun is its value when it is plainly chosen (small
    letters, digits, and a capital or a symbol other than `-` and `.`, which names and regions hold: `eu-west-1`),
    or a generated passphrase, and no other such token follows in the clause (two make a list, not a value)."""
    bare = value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    if _TICKET.match(bare) or not _told_password(bare, m):
        return False
    if _CAUSE_BEFORE.search(m.string, 0, m.start("v")):
        return False  # `la contraseña a veces falla con Chrome2024!`: what it fails with, not what it is
    if not _joined_passphrase(bare):
        marked = any(c.isupper() for c in bare) or any(c in "!#$%&*+?@^~_=" for c in bare)
        if not (marked and any(c.islower() for c in bare) and any(c.isdigit() for c in bare)):
            return False
    rest = m.string[m.end() : m.end() + 120]
    rest = rest[: _CLAUSE_END.search(rest).start()]  # type: ignore[union-attr]
    tokens = rest.split()
    return not any(
        any(c.isupper() for c in t) and any(c.islower() for c in t) and any(c.isdigit() for c in t)
        for i, t in enumerate(tokens)
        if not _named_by(tokens[max(0, i - 2) : i])
    )


# (round seventeen) a word that names what the next value is, after a comma in the same clause: `…, SSID-nya
# Kantor-5G`, `…, usuario admin3`, `…, login operator2` is another thing's value, not a second password (a list)
_NAMES_A_VALUE = frozenset(
    {
        "ssid",
        "ssid-nya",
        "ssidnya",
        "network",
        "netzwerk",
        "red",
        "réseau",
        "reseau",
        "jaringan",
        "user",
        "username",
        "usuario",
        "utilisateur",
        "benutzer",
        "pengguna",
        "login",
        "uživatel",
        "użytkownik",
        "host",
        "hostname",
        "server",
        "servidor",
        "serveur",
    }
)


def _named_by(before: list[str]) -> bool:
    return any(w.lower().strip(",:：") in _NAMES_A_VALUE for w in before)


# what a prompt for a password asks, on the line of what was typed (`it keeps asking "deploy@host's password:"`)
_PROMPTED = lazy(
    r"(?i)password|passphrase|passwort|kennwort|log[ \t-]?in|sign[ \t-]?in|credentials|sudo|ssh|prompt|"
    r"permission denied"
)


def _typed_password(value: str, m: re.Match[str]) -> bool:
    """What was typed at a login, told as typed: a password when plainly chosen (a capital or a symbol, small
    letters and digits) or a generated passphrase, and the line speaks of a password prompt or a login."""
    bare = value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    if _TICKET.match(bare) or not _told_password(bare, m) or "/" in bare or bare.startswith(("-", ".")):
        return False
    chosen = _joined_passphrase(bare) or (
        (any(c.isupper() for c in bare) or any(c in "!#$%&*+?@^~_=" for c in bare))
        and any(c.islower() for c in bare)
        and any(c.isdigit() for c in bare)
    )
    return bool(chosen) and _PROMPTED.search(_line(m)) is not None


CLAUSE_RULES: tuple[Rule, ...] = (
    # `I typed Verano2019# and it says permission denied`, `I entered … twice`: after a password prompt
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:typed|entered|tried|pasted|put[ \t]+in)[ \t]+(?:in[ \t]+)?[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        _keywords("typed,entered,tried,pasted,put in"),
        group="v",
        accept=_typed_password,
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="password-typed-at-a-prompt",
    ),
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![A-Za-z0-9_-])"
        + _CLAUSE_NOUNS
        + r"(?![\w-])[`'\"”]?,?"
        + _CLAUSE_GAP
        + r"[ \t]*[:：]?"
        + _CLAUSE_VALUE,
        _keywords(
            "pass,kennwort,mot de passe,mdp,contrase,clave,senha,wachtwoord,lösenord,losenord,adgangskode,"
            "hasło,haslo,parola,heslo,şifre,sifre,salasana,jelsz,парол,mật khẩu,mat khau,kata sandi,kata laluan,"
            "كلمة,رمز,סיסמ,κωδικ,συνθηματικό,पासवर्ड,รหัสผ่าน,암호,비번,비밀번호,패스워드,sandinya,pwnya,mk,"
            "nenosiri,neno la siri,lozink,gesl,parol,পাসওয়ার্ড,পাসওয়ার্ড,የይለፍ,پاس"
        ),
        group="v",
        accept=_clause_password,
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="password-noun-clause",
    ),
)


# -- a password given alone, as the answer to an earlier question (round thirteen) ---------------------------
#
# The scan sees one text at a time: the question ("what's the db password?") is usually in the message before.
# What the text itself says is enough in two shapes: the value is the message's whole first line, or follows
# "it's" (`oh sorry — it's Autumn2024! (capital first letter)`), and it is plainly a person's choice (a
# capital, a small letter, a digit and a symbol: no ordinary one-word reply, version, ticket or path has all
# four); or the value is alone on its line under a line of the same text that asks for a password (a quoted
# question, `> and the admin password for grafana?`), and then a chosen password or a passphrase is enough.

_TICKET_REF = re.compile(r"(?i)^(?:pr|mr|issue|issues|bug|fix|fixes|ticket|task|story|case|gh|pull|closes|refs?)#?\d+$")


# A name a tool gives what it makes, led by the date or time it was made, then `_` or `-` and a name: EF Core's and
# Rails' migrations (`20251110094512_Ilk`, `20240101120000_add_users`), dated backups (`20240318-1405_dump`)
_DATED_NAME = re.compile(r"(?:19|20)\d\d(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])(?:[_-]?\d{2,6})?[_-][A-Za-z]")


def _answered_alone(value: str, m: re.Match[str]) -> bool:
    bare = value.strip("`'\"" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    if not _chosen_by_a_person(bare) or _TICKET_REF.match(bare) or is_code(bare) or not _told_password(bare, m):
        return False
    if (
        len(bare) > 24
        or re.search(r"[=\\/,~<>]|%(?:2[0-9A-Fa-f]|3[A-Fa-f]|40)", bare)
        or any(ord(c) >= 0x2000 for c in bare)
        or re.match(r"[a-z]{2,6}_", bare)
        or _DATED_NAME.match(bare)
        or len(re.findall(r"[A-Z]?[a-z]+|[A-Z]+|\d+|[^\w]+|_+", bare)) > 10
    ):
        # not a value alone: a setting (`NO_PROXY=…`), a path (`C:\Users\ADMINI~1\…`), a list, a whole URL-encoded
        # line, a key's base64 line, Japanese prose around ASCII, an id a machine made (`msg_01M5mG…`: a prefix,
        # or many short runs of each kind; a migration's or a backup's name led by its date: `20251110094512_Ilk`)
        return False
    if bare.endswith("!") and not _chosen_by_a_person(bare[:-1]):
        # an exclamation after a name with a digit (`it's MyApp2!`): a password's trailing `!` has a number before,
        # or (round twenty-six) what follows on the line spells it out or says what else it opens (`it's Pelican4!
        # (capital P)`, `c'est Baguette5! (avec un B majuscule)`, `… same one as the router`)
        line_end = m.string.find("\n", m.end())
        rest = m.string[m.end() : line_end if line_end >= 0 else None]
        return sum(c.isdigit() for c in bare) >= 2 or _SPELLED_OUT.search(rest) is not None
    return True


# A note on how a password is typed or what else it opens, after it on its line: its case (`capital P`, `großes K`,
# `B majuscule`, `mayúscula`, `大文字`), its `!`, or "the same one as"
_SPELLED_OUT = lazy(
    r"(?i)\b(?:capital|caps|upper[ -]?case|lower[ -]?case|case[ -]sensitive|exclamation|"
    r"same[ \t]+(?:one|as|pw|pass(?:word)?)|groß(?:es|er|buchstabe)?|klein(?:es|buchstabe)|ausrufezeichen|"
    r"gleiche[ns]?|majuscule|minuscule|même|point[ \t]+d'exclamation|mayúscula|minúscula|el[ \t]+mismo|"
    r"maiuscol[ao]|minuscol[ao]|stess[ao]|maiúscula|minúscula|mesm[ao]|hoofdletter|dezelfde|wielk(?:a|ą)|"
    r"заглавн\w*|тот[ \t]+же)\b|大文字|小文字|大写|大寫|小写|小寫|一样|一樣|同じ|viết[ \t]+hoa"
)


_ASKS_FOR_A_PASSWORD = re.compile(
    r"(?im)^[ \t>]*[^\n]*(?:\b"
    + _PASSWORD_WORDS
    + r"\b|\b(?:creds|credentials|login|passcode|pin)\b|"
    + _PASSWORD_CJK
    + r")[^\n]*[?？][ \t]*$"
)


def _answer_under_a_question(value: str, m: re.Match[str]) -> bool:
    bare = value.strip("`'\"" + TYPOGRAPHIC)
    before = m.string[max(0, m.start() - 300) : m.start()]
    lines = [line for line in before.split("\n") if line.strip()]
    if not lines or not _ASKS_FOR_A_PASSWORD.search(lines[-1]):
        return False
    return _told_password(bare, m) and not is_code(bare) and not _TICKET_REF.match(bare)


# (round sixteen) the value first, then in parentheses what it is for: `Tulip_2718  (that's the one for the router)`,
# `Kranich2023 (das ist das Passwort für die Fritzbox)`: the note names a credential or says "the one for"
_NOTE_SAYS_CREDENTIAL = re.compile(
    r"(?i)\b(?:password|passwort|kennwort|pw|pwd|pass|passphrase|login|logins|"
    r"creds?|credentials|user|admin|account|mdp|mot[ \t]+de[ \t]+passe|contraseña|clave|senha|wachtwoord|"
    r"parola|hasło|şifre|пароль)\b|密码|密碼|パスワード|비밀번호"
)


_WORD_AND_NUMBER = lazy(r"[A-Za-z][a-z]{3,}[_.!#$%&*+?@^~-]?\d{3,}[_.!#$%&*+?@^~-]?")
# (round thirty-two) a capitalised word of five letters or more and two digits (`Pumpkin50`, `Sunshine12`), as people
# choose one, where the note says what it opens; never a runtime or a system and its version (`Ubuntu22`, `Node18`)
# and (dev22) words joined by dots before the number (`Kranich.marble2024`), as a passphrase is typed
_NAME_AND_TWO_DIGITS = lazy(r"[A-Z][a-z]{4,}\d\d|[A-Z][a-z]{3,}(?:\.[a-z]{3,}){1,3}\d{2,4}[!#$%&*?@]?")


def _value_then_its_note(value: str, m: re.Match[str]) -> bool:
    bare = value.strip("`'\"" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    if not _NOTE_SAYS_CREDENTIAL.search(m.group("note")):
        return False
    # a person's choice: capitals, small letters, digits and a symbol, or a word and a number (`Kranich2023`,
    # `papaya_1989`); not a version (`Python3.12`, `ubuntu-22.04`), an acronym (`PBKDF2`) or a runtime (`Node18`)
    chosen = (
        _chosen_by_a_person(bare)
        or _WORD_AND_NUMBER.fullmatch(bare) is not None
        or (_NAME_AND_TWO_DIGITS.fullmatch(bare) is not None and not _RUNTIME_AND_VERSION.fullmatch(bare))
    )
    return (
        chosen
        and len(bare) <= 32
        and not re.search(r"\d[.]\d", bare)
        and not re.search(r"[=\\/,~<>@]", bare)
        and not _TICKET_REF.match(bare)
        and not is_code(bare)
        and _told_password(bare, m)
    )


ANSWER_RULES: tuple[Rule, ...] = (
    Rule(
        "password-in-text",
        SECRET,
        r"\A[ \t]*[`'\"]?(?P<v>[^\s`'\"(]{6,64})[`'\"]?[ \t]+\((?P<note>[^()\n]{3,160})\)",
        (),
        group="v",
        accept=_value_then_its_note,
        always=True,
        prefilter=(r"\A[ \t]*[`'\"]?[^\s`'\"(]{6,64}[`'\"]?[ \t]+\(",),
        rule_id="password-then-its-note",
    ),
    # the message's first line is the value alone (`Tornado#4412` then "that one is for the backup user")
    Rule(
        "password-in-text",
        SECRET,
        r"\A[ \t]*[`'\"]?(?P<v>[^\s`'\"]{6,64})[`'\"]?[ \t]*(?:\n|\Z)",
        (),
        group="v",
        accept=_answered_alone,
        always=True,
        prefilter=(r"\A[ \t]*[`'\"]?[^\s`'\"]{6,64}[`'\"]?[ \t]*(?:\n|\Z)",),
        rule_id="password-answered-alone",
    ),
    # `it's BocaJuniors1905# (capital first letter)`, `c'est …`, `es ist …`, `its … iirc`
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?:\bit'?s|\bit[ \t]+is|\bc'est|\bes[ \t]+ist|\bè|\bé|\bes)[ \t]+[`'\"“]?(?P<v>[^\s`'\"“”,;]{6,64})",
        _keywords("it's,its,it is,c'est,es ist,è,é,es "),
        group="v",
        accept=_answered_alone,
        trims=".,;:)]}>",
        rule_id="password-after-its",
    ),
    # `> what's the db password?` then the value alone on a line
    Rule(
        "password-in-text",
        SECRET,
        r"(?m)^[ \t]*[`'\"]?(?P<v>[^\s`'\">]{6,64})[`'\"]?[ \t]*$",
        _keywords("?,？"),
        group="v",
        accept=_answer_under_a_question,
        rule_id="password-under-its-question",
    ),
)


# (round twenty-four) what a machine ran, with its version (`logged in as admin with Python3 installed`): a runtime's
# or a system's name and digits, no symbol (`Welcome1`, `Loki2009`: a word and a number people choose)
_RUNTIME_AND_VERSION = re.compile(
    r"(?i)(?:python|py|node|nodejs|java|jdk|jre|php|ruby|perl|go|golang|rust|dotnet|net|windows|win|ubuntu|debian|"
    r"fedora|centos|rhel|alpine|macos|ios|android|postgres|postgresql|mysql|redis|kotlin|scala|swift)\d{1,4}"
)


def _logged_in_with_a_password(value: str, m: re.Match[str]) -> bool:
    bare = value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    if bare.startswith("-") or _RUNTIME_AND_VERSION.fullmatch(bare):
        return False  # a flag (`with --max-old-space-size=4096`) or what ran (`with Python3 installed`)
    return _logged_in_with(value, m)


_AT_AN_ADDRESS = re.compile(r"@[\w-]+\.[A-Za-z]{2,}|@[a-z][a-z.-]*$")


def _logged_in_with(value: str, m: re.Match[str]) -> bool:
    """`ho provato ad entrare con Pomme.7110 ma…`: the match says it is a login; the value plainly chosen."""
    bare = value.strip("'\"`" + TYPOGRAPHIC).rstrip(".,;:)]}>")
    # (round thirty) an address or `user@host` is a login's name; an `@` among a password's symbols is not
    # (`Hanoi7@`, `P@ssw0rd`)
    if _TICKET.match(bare) or not _told_password(bare, m) or "/" in bare or _AT_AN_ADDRESS.search(bare):
        return False
    return _joined_passphrase(bare) or (
        (any(c.isupper() for c in bare) or any(c in "!#$%&*+?@^~_=" for c in bare))
        and any(c.islower() for c in bare)
        and any(c.isdigit() for c in bare)
    )


def _flag_pair_password(value: str, m: re.Match[str]) -> bool:
    """`-u USER -p PASS` on any command: a password that looks chosen (never `-p 8080:80`, `-p 1234`)."""
    bare = value.strip("'\"")
    return looks_like_a_password(bare) and not is_code(bare) and ":" not in bare and not bare.startswith("-")


# what a key or a token beside a make may be that is no credential (`the cache key is 5f2b…`)
_NOT_A_CREDENTIAL_KEY = lazy(
    r"(?i)\b(?:cache|hash|digest|sha\d*|md5|commit|checksum|etag|idempotency|primary|foreign|sort|partition|ssh|"
    r"gpg|pgp|fingerprint|public|publishable|license|licence|product|registry|row|map|dict|object|lookup|site)\b"
)


def _token_after_its_make(value: str, m: re.Match[str]) -> bool:
    if _NOT_A_CREDENTIAL_KEY.search(m.group(0)[: m.start("v") - m.start()]):
        return False
    return _told_token(value, m) and sum(c.isdigit() for c in value) >= 2


ROUND_THIRTEEN_RULES: tuple[Rule, ...] = (
    # `here's my Okta key, use it for now: 00ip…`, `Algolia admin key → b070…`: a make (a capitalised name or an
    # account's word) and `key`/`token`, a few words, then a machine-made value after a colon or an arrow
    Rule(
        "token-in-text",
        SECRET,
        r"(?:\b[A-Z][\w.-]{1,30}|\b(?i:api|admin|access|secret|private|service|server|bot|app))[ \t]+"
        r"(?:(?i:admin|api|access|secret|private|server|service|management|master|live|prod|production)[ \t]+)?"
        r"(?i:keys?|tokens?|secret)\b[^\n:→=]{0,40}?(?::|→|->|=>)[ \t]*[\"'`“]?(?P<v>[A-Za-z0-9_\-+/.]{20,128})",
        ("key", "token", "secret"),
        group="v",
        accept=_token_after_its_make,
        trims=".,;:)]}>",
        window=(80, 200),
        rule_id="token-after-its-make",
    ),
    # (round seventeen) the make after the key's word, as Polish, Hinglish, Chinese and Japanese put it:
    # `klucz do Datadog: …`, `token od Sentry: …`, `Postmark ka token …`, `Mailgun 的 key 是 …`, `GitHub のトークンは …`
    Rule(
        "token-in-text",
        SECRET,
        r"(?:\b(?i:klucz(?:a|em)?|token(?:em|u)?|sekret)(?:[ \t]+(?i:api|dostępu))?[ \t]+(?i:do|od|z|dla)[ \t]+"
        r"[A-Z][\w.-]{1,30}|"
        r"\b[A-Z][\w.-]{1,30}(?:[ \t]+[A-Z][\w.-]{1,30})?[ \t]+(?i:ka|ki|ke)[ \t]+(?i:api[ \t]+)?"
        r"(?i:keys?|tokens?|secret)|"
        r"\b[A-Z][\w.-]{1,30}[ \t]*(?:的|の)[ \t]*(?i:api[ \t]*)?(?:(?i:keys?|tokens?|secret)|密钥|令牌|キー|トークン))"
        r"[ \t]*(?:[:：→=]|->|是|は|(?i:hai)\b)?[ \t]*[\"'`“]?(?P<v>[A-Za-z0-9_\-+/.]{20,128})",
        ("klucz", "token", "sekret", " ka ", " ki ", " ke ", "的", "の"),
        group="v",
        accept=_token_after_its_make,
        trims=".,;:)]}>",
        window=(80, 200),
        rule_id="token-after-its-make-other-languages",
    ),
    # `entra con soporte y Jacaranda77!`, `connecte-toi avec compta et …`, `melde dich mit buchhaltung und … an`:
    # a user and a password joined by a conjunction after "with", on a line that speaks of logging in
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:con|avec|mit|with|com|met|med|z)[ \t]+[\"'`]?(?P<user>[a-z][\w.@+-]{1,39})[\"'`]?[ \t]+"
        r"(?:and|&|und|et|y|e|en|och|og|i|a)[ \t]+[\"'`]?(?P<v>[^\s\"'`,;]{6,64})",
        (" and ", " & ", " und ", " et ", " y ", " e ", " en ", " och ", " og ", " i ", " a "),
        group="v",
        accept=_joined_password,
        trims=".,;:)]}>",
        rule_id="with-user-and-password",
    ),
    # `tried to log in with Pomme.7110`, `ho provato ad entrare con …`, `me conecté con …`: what a login was tried with
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:log(?:ged|ging)?[ \t-]?in|sign(?:ed|ing)?[ \t-]?in|entrar|entrare|entrer|accedere|acceder|"
        r"acessar|logar|connecter|conecté|conectar|anmelden|einloggen|inloggen|zalogować|"
        # (round twenty-four) the past in Spanish and French (`entré como root con …`, `connecté en tant que …`)
        r"entr[ée]|entr[oó]|entramos|connect[ée]e?s?|conectad[oa])"
        # (round twenty-four) what was logged into, then the user: `logged into grafana as admin with …`,
        # `signed in as deploy using …`, `je me suis connecté en tant que admin avec …`
        r"(?:(?:to|[ \t]+(?:to|on|at|into|en|a|al|à|sur|auf|in))[ \t]+(?:the[ \t]+)?[\w.-]{1,30}?)?"
        r"(?:[ \t]+(?:as|als|como|comme|come|en[ \t]+tant[ \t]+que)[ \t]+[\"'`]?[\w.@+-]{1,40}[\"'`]?)?"
        r"[ \t]+(?:con|with|using|avec|mit|com|met|como|as)[ \t]+[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        _keywords(
            "log,sign,entrar,entrare,entrer,acceder,accedere,acessar,logar,connecter,conect,anmelden,einloggen,inloggen,zalogowa,"
            "entré,entre,entró,entro,entramos,connect"
        ),
        group="v",
        accept=_logged_in_with_a_password,
        trims=".,;:)]}>",
        rule_id="logged-in-with",
    ),
    # (round twenty-four) German puts the verb last: `ich habe mich als admin mit Sommer2024! eingeloggt`
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\bals[ \t]+[\"'`]?[\w.@+-]{1,40}[\"'`]?[ \t]+mit[ \t]+[\"'`„“]?(?P<v>[^\s\"'`“”,;]{6,64})[\"'`“”]?"
        r"[ \t]+(?:(?:bei|auf|in|im)[ \t]+[\w.-]{1,30}[ \t]+)?"
        r"(?:eingeloggt|angemeldet|einloggen|anmelden|reingekommen)\b",
        ("eingeloggt", "angemeldet", "einloggen", "anmelden", "reingekommen"),
        group="v",
        accept=_logged_in_with_a_password,
        trims=".,;:)]}>",
        rule_id="logged-in-with-verb-last",
    ),
    # `j'ai mis Kış2021* comme mot de passe`, `he puesto … como contraseña`, `ho messo … come password`
    Rule(
        "password-in-text",
        SECRET,
        # (any verb before the value: `ho impostato`, `he configurado`, `j'ai défini`; what follows it says it all)
        r"(?i)(?<=[^\W\d_])[ \t]+[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})[\"'`”]?[ \t]+(?:comme|como|come|als)[ \t]+"
        r"(?:(?:le|la|el|il|das|mon|ma|mi|meu|minha|mein)[ \t]+)?(?:nouveau[ \t]+|nueva[ \t]+|nuova[ \t]+|neues[ \t]+)?"
        r"(?:mot[ \t]+de[ \t]+passe|mdp|contraseña|clave|password|passwort|kennwort|senha|parola[ \t]+d'ordine)\b",
        _keywords("mot de passe,mdp,contraseña,clave,password,passwort,kennwort,senha"),
        group="v",
        accept=_logged_in_with,
        trims=".,;:)]}>",
        window=(100, 80),
        rule_id="value-as-the-password-romance",
    ),
    # a flag named for a password, on any command (`x11vnc -storepasswd …`, `--admin-pass …`, `-rpcpassword=…`)
    Rule(
        "password-flag",
        SECRET,
        r"(?<![\w-])--?[a-z][\w-]{0,30}?(?:passwd|password|passphrase|pwd|pass)(?![\w-]*(?:-stdin|-file|file|word-?file))"
        r"[\w-]{0,10}(?:[ \t]+|=)" + _ARGUMENT.format(g="f"),
        ("passwd", "password", "passphrase", "pwd", "pass"),
        group="f",
        accept=lambda value, m: _password(value.strip("'\""), m) and not value.startswith("-"),
        value_of=lambda value, m: value.strip("'\""),
        rule_id="flag-named-for-a-password",
    ),
    # `-u USER -p PASS` on any command (`ncftpput`, `lftp`, a tool the rules do not list)
    Rule(
        "password-flag",
        SECRET,
        r"(?<![\w-])(?:-u|--user(?:name)?)(?:[ \t]+|=)[^\s-][^\s]{0,40}[ \t]+(?:-[a-zA-Z][ \t]+)?-p[ \t]+"
        + _ARGUMENT.format(g="p"),
        (" -p ",),
        group="p",
        accept=_flag_pair_password,
        value_of=lambda value, m: value.strip("'\""),
        rule_id="user-flag-then-p",
    ),
)


TOLD_RULES: tuple[Rule, ...] = (
    Rule(
        "password-in-text",
        SECRET,
        _told(
            "(?:" + _NOUN_PASS + "|" + _PASSWORD_WORDS[3:],
            "p",
            chosen=True,
        ),
        _keywords(
            "pass,pwd,pw,psw,kennwort,mot de passe,mdp,contrase,clave,senha,wachtwoord,lösenord,losenord,adgangskode,"
            "hasło,haslo,parola,heslo,şifre,sifre,salasana,jelszó,пароль,mật khẩu,mat khau"
        ),
        group="p",
        accept=_told_password,
        trims=".,;:)]}>",
        at_keyword=True,
    ),
    Rule(
        "password-in-text",
        SECRET,
        _told(r"(?:(?:network|security|wpa2?|wi-?fi|wlan)[ \t-])?(?:key|passkey|psk|schlüssel|clé|clave)", "p"),
        ("key", "psk", "schlüssel", "clé", "clave"),
        group="p",
        accept=_told_wifi_key,
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="wifi-key-in-text",
    ),
    Rule(
        "password-in-text",
        SECRET,
        _told_cjk(_PASSWORD_CJK, "p"),
        _keywords("パスワード,暗証番号,密码,密碼,口令,비밀번호"),
        group="p",
        accept=_told_password,
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="password-in-text-cjk",
    ),
    Rule(
        "token-in-text",
        SECRET,
        _told(_TOKEN_WORDS, "k"),
        _keywords("token,api,access,secret,private,privkey,clé,jeton,schlüssel,llave,cookie"),
        group="k",
        accept=_told_token,
        trims=".,;:)]}>",
        at_keyword=True,
    ),
    Rule(
        "token-in-text",
        SECRET,
        _told_cjk(_TOKEN_CJK, "k"),
        _keywords("トークン,令牌,密钥,密鑰,私钥,私鑰,秘密鍵,토큰,개인"),
        group="k",
        accept=_told_token,
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="token-in-text-cjk",
    ),
    # `use letmein!2024 for the jenkins admin`: what a password is for, after it.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:use|try|with|it's|its|is)[ \t]+[\"'`]?(?P<v>[^\s\"'`]{6,64})[\"'`]?[ \t]+"
        r"(?:(?:for|as|on|to log into)[ \t]+(?:the[ \t]+|my[ \t]+|our[ \t]+)?(?:[\w.-]+[ \t]+){0,2}"
        r"(?:admin|login|account|root|database|console|dashboard|panel|vpn|wifi|server|box|user)s?\b|"
        # `just use Tractor?978 to log in`, `try X to sign in`
        r"to[ \t]+(?:log[ \t-]?(?:in|on)|login|sign[ \t-]?in|get[ \t]+in)\b)",
        _keywords("admin,login,account,root,database,console,dashboard,panel,vpn,wifi,log in,log-in,sign in,get in"),
        group="v",
        accept=lambda value, m: _told_password(value, m) and any(c.isdigit() for c in value),
        rule_id="password-for",
        window=(100, 40),
    ),
    # `I reset it to Dolphin1987 so you can log in`, `changed the db password to …`: a password just set, told
    # with "it" only where the line says it is a login or a password.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:reset|changed?|set|updated?|rotated?)[ \t]+(?P<what>it|that|(?:the|your|my|his|her|our)[ \t]+"
        r"(?:[\w-]+[ \t]+){0,2}?(?:password|pw|pwd|passphrase|passwort|kennwort))[ \t]+(?:back[ \t]+)?to[ \t]+"
        r"[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        _keywords("reset ,changed ,change ,set ,updated ,update ,rotated ,rotate "),
        group="v",
        accept=lambda value, m: (
            _told_password(value, m)
            and (m.group("what").lower() not in ("it", "that") or _LOGIN_LINE.search(_line(m)) is not None)
        ),
        trims=".,;:)]}>",
        at_keyword=True,
        rule_id="password-set-to",
    ),
    # Languages that put the verb last: `das Passwort … habe ich auf Amelie2026? geändert`, `het wachtwoord … op …
    # gezet`, `パスワードを … に変更しました`, `密码改成 …`.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?:(?<![A-Za-z0-9-])|(?<=[A-Za-z]{2}-))(?:passwort|kennwort|wachtwoord|lösenord|losenord|passord|"
        r"adgangskode|password|pw)\b[^\n]{0,80}?[ \t](?:auf|op|på|til|till)[ \t]+[\"'`„“]?"
        r"(?P<v>[^\s\"'`“”,;]{6,64})[\"'`“”]?[ \t]+(?:ge(?:ä|ae)ndert|gesetzt|umgestellt|zurückgesetzt|"
        r"zurueckgesetzt|aktualisiert|veranderd|gewijzigd|gezet|ändrat|satt|endret|ændret)\b|"
        r"(?:パスワード|暗証番号)[^\n]{0,40}?を[ \t]*(?P<j>[^\s\"'`“”、。]{6,64}?)[ \t]*に(?:変更|設定|リセット)|"
        r"(?:密码|密碼|口令)[^\n]{0,20}?(?:改成|改为|改為|设成|设为|設為|重置为|重置為)[ \t]*[\"'`“]?"
        r"(?P<c>[!#-&(-_a-~]{6,64})(?![!#-&(-_a-~])|"  # (typed in ASCII: not `改成30分钟吧`, a duration)
        # (`j'ai changé le mot de passe du NAS en …`, `cambié la contraseña a …`, `mudei a senha para …`)
        r"(?:mot[ \t]+de[ \t]+passe|mdp|contraseña|contrasena|clave|senha|password)\b[^\n]{0,60}?[ \t]"
        r"(?:en|à|a|para|por|in)[ \t]+[\"'`“«]?[ \t]*(?P<r>[^\s\"'`“”«»,;]{6,64})",
        _keywords(
            "passwort,kennwort,wachtwoord,lösenord,losenord,passord,adgangskode,password,pw,パスワード,暗証番号,"
            "密码,密碼,口令,mot de passe,mdp,contraseña,contrasena,clave,senha"
        ),
        group=("v", "j", "c", "r"),
        accept=lambda value, m: _told_password(value, m) and (m.group("r") is None or _set_on_the_line(m)),
        trims=".,;:)]}>",
        window=(20, 200),
        rule_id="password-set-verb-last",
    ),
    # `the grafana box is back up, kiosk / Mariposa18*`: a user and a password side by side with no word, where
    # the password is plainly a person's choice (a capital, a small letter, a digit and a symbol).
    Rule(
        "password-in-text",
        SECRET,
        r"(?<![\w/.:-])[a-z][\w.@-]{1,30}[ \t]+/[ \t]+(?P<v>[^\s/\"'`,;]{8,64})",
        (" / ",),
        group="v",
        accept=lambda value, m: _chosen_by_a_person(value) and _told_password(value, m),
        trims=".,;:)]}>",
        rule_id="user-slash-strong-password",
    ),
    # `please use Tundra!9931 as the password for the staging db`, `I typed … as the root password`: the value
    # first, then what it is.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:use|used|using|typed|type|set|chose|chosen|picked|pick|entered|enter|gave|give|went[ \t]+with)"
        r"[ \t]+[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})[\"'`”]?[ \t]+as[ \t]+(?:(?:the|my|our|your|a|an|its|his|her)[ \t]+)?"
        r"(?:[\w-]+[ \t]+){0,2}(?:password|passphrase|passwort|pw|pwd|pin|passcode)\b",
        _keywords("password,passphrase,passwort, pw, pwd, pin,passcode"),
        group="v",
        accept=_told_password,
        trims=".,;:)]}>",
        window=(100, 60),
        rule_id="value-as-the-password",
    ),
    # A prompt answered on its own line, as a terminal shows it: git's `Password for 'https://host': …`,
    # `Enter passphrase for key '/home/me/.ssh/id_ed25519': …` (the answer typed where echo was on)
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:password|passphrase|passwort|kennwort)[ \t]+(?:for|für|de|pour)[ \t]+[^\n]{1,100}?:[ \t]+"
        r"(?P<v>[^\s\"'`“”]{6,64})[ \t]*$",
        _keywords("password for,passphrase for,passwort für,kennwort für"),
        group="v",
        accept=_told_password,
        flags=re.M,
        window=(10, 200),
        rule_id="prompt-answered-on-its-line",
    ),
    # `user alice pass Pancake%131`, `login: alice, pw: …`: a user and a password, each after its word.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:user(?:name)?|login|usr|benutzer|usuario|utilisateur)[ \t]*[:=]?[ \t]+[\w.@+-]{2,40}[ \t]*[,;/]?"
        r"[ \t]+(?:pass(?:word)?|pw|pwd|passwort|mdp|contraseña|senha)[ \t]*[:=]?[ \t]+"
        r"[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        _keywords("user,usr,login,benutzer,usuario,utilisateur"),
        group="v",
        accept=_told_password,
        trims=".,;:)]}>",
        rule_id="user-then-password",
        window=(0, 140),
    ),
    # `login … is sofia.admin / Chocolate2024`: a user and a password side by side.
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:login|log-in|credentials?|creds|user(?:name)?[ \t]*(?:/|and)[ \t]*password|zugangsdaten|"
        r"identifiants|credenciales)\b[^\n]{0,60}?[ \t](?:[^\s/:]{2,40})[ \t]+/[ \t]+(?P<v>[^\s/,;]+)",
        ("login", "log-in", "credential", "creds", "password", "zugangsdaten", "identifiants", "credenciales"),
        group="v",
        accept=_told_password,
        trims=".,;:)]}>",
        rule_id="user-slash-password",
    ),
    *PAIR_RULES,
    *CLAUSE_RULES,
    *ANSWER_RULES,
    *ROUND_THIRTEEN_RULES,
    *PREFIXED_TOKEN_RULES,
)


_ = SENTENCE_END  # (imported for the rules' trims)
