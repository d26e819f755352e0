"""Two classes told by structure rather than by a list of cases (issue 22, round twelve):

- a secret handed to a CLI whose job is to keep secrets (AWS Secrets Manager and SSM, Azure Key Vault, Google
  Secret Manager, Docker and Podman secrets, Wrangler, Vercel, Firebase, Pulumi, .NET user secrets, Netlify,
  Doppler, the macOS keychain, ansible-vault): the value it is given, by flag, by position after a
  credential's name, or piped to it;
- a vendor token told by its own make: a short lowercase prefix and a separator (`gsk_`, `tskey-auth-`,
  `re_`, `napi_`), then a long body of random letters and digits, whatever the vendor.
"""

from __future__ import annotations

import itertools
import re

from retell.secrets.own import VALUE, VALUE_GROUPS, unquoted
from retell.secrets.rule import SECRET, Rule, shannon_entropy
from retell.secrets.values import credential, is_placeholder


def _value(prefix: str) -> str:
    return "(?:" + VALUE.replace("?P<", f"?P<{prefix}") + ")"


def _groups(*prefixes: str) -> tuple[str, ...]:
    return tuple(p + g for p in prefixes for g in VALUE_GROUPS)


_CMD = r"[^\n|;&]{0,300}?[ \t]"  # from the program to its flag, within one command
# a credential's name given to a store (`DB_PASSWORD`, `dbPassword`, `"Db:Password"`, `api-token`)
_CREDENTIAL_NAME = re.compile(r"(?i)pass|pwd|secret|token|api[_-]?key|credential|private|auth")
# programs that read a secret from their input: `echo pw | docker secret create NAME -`
_READS_A_SECRET = (
    r"(?:(?:sudo|npx|bunx|pnpm(?:[ \t]+dlx)?|yarn)[ \t]+)?(?:gcloud[ \t]+secrets|docker[ \t]+secret[ \t]+create|"
    r"podman[ \t]+secret[ \t]+create|wrangler[ \t]+(?:pages[ \t]+)?secret[ \t]+put|vercel[ \t]+env[ \t]+add|"
    r"firebase[ \t]+functions:secrets:set|fly(?:ctl)?[ \t]+secrets[ \t]+import|supabase[ \t]+secrets|"
    r"aws[ \t]+secretsmanager|az[ \t]+keyvault[ \t]+secret|kubectl[ \t]+create[ \t]+secret|"
    r"(?:gopass|pass)[ \t]+insert|op[ \t]+item|vault[ \t]+kv[ \t]+put)\b"
)


def _stored(value: str, m: re.Match[str]) -> bool:
    """A value a person or a machine chose: not a file reference, a variable or a word."""
    bare = unquoted(value, m).strip("'\"`")
    if bare.startswith(("file://", "fileb://", "$", "@")) or bare in ("-", "/dev/stdin"):
        return False
    return credential(bare, password=True, strong=True, digits_only_ok=True)


def _ssm_secure(value: str, m: re.Match[str]) -> bool:
    """SSM holds settings too: a value is a secret when its parameter is a SecureString or names one."""
    command = m.string[m.start() : m.string.find("\n", m.end()) % (len(m.string) + 1)]
    return ("SecureString" in command or _CREDENTIAL_NAME.search(command) is not None) and _stored(value, m)


def _named_credential(value: str, m: re.Match[str]) -> bool:
    """`pulumi config set --secret NAME VALUE`, `netlify env:set DB_PASSWORD VALUE`: the name says it is one."""
    said = "--secret" in m.group(0) or "--secret" in m.string[m.end() : m.end() + 40]
    return (said or _CREDENTIAL_NAME.search(m.group("name")) is not None) and _stored(value, m)


# (round twenty-five) a setting's part that names a credential itself, at its end (`aws_secret_access_key`,
# `_authToken`, `pypi-token`, `github-oauth`), not a setting about one (`auth-type`, `credential.helper`)
_CREDENTIAL_SETTING = re.compile(
    r"(?i)(?:pass(?:word|wd|phrase)?|pwd|secret(?:[_-]?access[_-]?key)?|token|api[_-]?key|oauth|credentials|auth)$"
)


def _setting_is_a_credential(name: str) -> bool:
    return any(_CREDENTIAL_SETTING.search(part) for part in re.split(r"[.:/]", name.strip("'\"")))


STORE_RULES: tuple[Rule, ...] = (
    Rule(
        "password-flag",
        SECRET,
        r"\baws[ \t]+secretsmanager[ \t]+(?:create-secret|put-secret-value|update-secret)\b"
        + _CMD
        + r"--secret-string[= \t][ \t]*"
        + _value("a")
        + r"|\baz[ \t]+keyvault[ \t]+secret[ \t]+set\b"
        + _CMD
        + r"--value[= \t][ \t]*"
        + _value("b")
        + r"|\bsecurity[ \t]+add-(?:generic|internet)-password\b"
        + _CMD
        + r"-w[ \t]+"
        + _value("c")
        + r"|\bansible-vault[ \t]+encrypt_string[ \t]+(?:--?[\w-]+(?:[= \t]+[^\s-]\S*)?[ \t]+)*?"
        + _value("d"),
        ("secretsmanager", "keyvault", "add-generic-password", "add-internet-password", "encrypt_string"),
        group=_groups("a", "b", "c", "d"),
        accept=_stored,
        value_of=unquoted,
        rule_id="secret-store-value",
    ),
    Rule(
        "password-flag",
        SECRET,
        r"\baws[ \t]+ssm[ \t]+put-parameter\b" + _CMD + r"--value[= \t][ \t]*" + _value("e"),
        ("put-parameter",),
        group=_groups("e"),
        accept=_ssm_secure,
        value_of=unquoted,
        rule_id="ssm-secure-value",
    ),
    # a value after a credential's name: `pulumi config set --secret dbPassword VALUE`, `dotnet user-secrets set
    # "Db:Password" "VALUE"`, `netlify env:set DB_PASSWORD VALUE`, `doppler secrets set DB_PASSWORD VALUE`
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:pulumi[ \t]+config[ \t]+set(?:[ \t]+--secret)?|dotnet[ \t]+user-secrets[ \t]+set|netlify[ \t]+env:set|"
        r"doppler[ \t]+secrets[ \t]+set|railway[ \t]+variables[ \t]+set|firebase[ \t]+functions:config:set)"
        r"[ \t]+(?P<name>\"[^\"\n]+\"|'[^'\n]+'|[^\s=\"']+)[ \t]+" + _value("f"),
        ("pulumi config", "user-secrets", "env:set", "doppler secrets", "railway variables", "functions:config"),
        group=_groups("f"),
        accept=_named_credential,
        value_of=unquoted,
        rule_id="secret-store-named-value",
    ),
    # (round twenty-five) a tool's own settings, where a setting may be a credential: `aws configure set
    # aws_secret_access_key …`, `npm config set //registry/:_authToken …`, `poetry config pypi-token.pypi …`,
    # `composer config --global --auth github-oauth.github.com …`, `git config --global github.token …`
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:(?:aws[ \t]+configure|(?:npm|pnpm|yarn|gcloud|az|conda|pip3?|uv)[ \t]+config)[ \t]+set|"
        r"(?:poetry|composer|git|bundle)[ \t]+config)"
        r"(?:[ \t]+--?[\w-]+(?:[ \t]+[^\s-]\S*)?)*?"  # flags, before the name (`--global --auth`, `--profile ci`)
        r"[ \t]+(?P<name>\"[^\"\n]+\"|'[^'\n]+'|[^\s=\"'-][^\s=\"']*)[ \t]+" + _value("s"),
        ("configure set", "config set", "poetry config", "composer config", "git config", "bundle config"),
        group=_groups("s"),
        accept=lambda value, m: _setting_is_a_credential(m.group("name")) and _stored(value, m),
        value_of=unquoted,
        rule_id="tool-config-credential",
    ),
    # piped to a program that reads a secret: `printf 'pw' | docker secret create NAME -`
    Rule(
        "password-flag",
        SECRET,
        r"\b(?:echo|printf)[ \t]+(?:-[ne]+[ \t]+)?(?:'%s(?:\\n)?'[ \t]+)?" + _value("g") + r"[ \t]*\|[ \t]*"
        r"(?:[A-Z_]+=\S+[ \t]+)*" + _READS_A_SECRET,
        ("gcloud", "secret", "vercel", "wrangler", "kubectl", "insert", "op item", "vault kv"),
        group=_groups("g"),
        accept=_stored,
        value_of=unquoted,
        rule_id="piped-to-a-secret-store",
    ),
)


# -- a vendor token by its make ---------------------------------------------------------------------------

# (round twenty-five) a body may carry base64's `+`, `/` and `=` URL-encoded, as a cookie does (Slack's
# `d=xoxd-…%2F…%3D`): the token runs on through them, not cut at the first `%`
_PREFIXED = (
    r"(?<![\w.-])(?P<t>[a-z][a-z0-9]{0,7}(?:[-_][a-z]{2,8}){0,2}[-_]"
    r"(?=[\w-]*[A-Z])(?=[\w-]*[a-z])[A-Za-z0-9](?:[\w-]|%(?:2[BbFf]|3[Dd])){29,160})"
    r"(?![\w+/=-]|\.[\w]|%(?:2[BbFf]|3[Dd]))"
)


# a digest named by its algorithm (npm's `integrity: sha512-…`), a key public by design (Stripe's publishable `pk_…`)
_HASH_OR_PUBLIC = re.compile(r"(?:sha\d*|md5|blake\d*\w*|xxh\d*|pk)[-_]")


def _transitions(body: str) -> float:
    """Changes between capital, small letter and digit per character: random text changes often, a name's
    words (`handlesUtf8InputCorrectly`) seldom."""
    kinds = ["u" if c.isupper() else "l" if c.islower() else "d" if c.isdigit() else "s" for c in body]
    return sum(a != b for a, b in itertools.pairwise(kinds)) / max(1, len(body) - 1)


def _made_token(value: str, m: re.Match[str]) -> bool:
    """A prefix, then a body of random letters and digits: long, high entropy, case changing as often as chance
    makes it (a snake_case or camelCase name's parts are words; a placeholder's are one letter)."""
    prefix = re.match(r"[a-z][a-z0-9]{0,7}(?:[-_][a-z]{2,8}){0,2}[-_]", value)
    body = value[prefix.end() :] if prefix else value
    if len(body) < 30 or is_placeholder(value) or is_placeholder(body) or _HASH_OR_PUBLIC.match(value):
        return False  # (an object's id is shorter: Stripe's `evt_…`, Anthropic's `msg_…`, `toolu_…`)
    runs = re.findall(r"[A-Za-z0-9]+", body)
    if max(len(r) for r in runs) < 12:
        return False  # short parts joined (`build-2024-06-01T12-30-00Z`, a uuid): a name, a date, an id
    counts = (sum(c.isupper() for c in body), sum(c.islower() for c in body), sum(c.isdigit() for c in body))
    if min(counts[:2]) < 2:
        return False
    if counts[2] < 2:  # letters only, by chance (Tailscale's keys): longer, and as mixed as chance makes them
        return len(body) >= 32 and shannon_entropy(body) >= 4.5 and _transitions(body) >= 0.4
    return shannon_entropy(body) >= 4.2 and _transitions(body) >= 0.35


PREFIXED_TOKEN_RULES: tuple[Rule, ...] = (
    Rule(
        "api-token",
        SECRET,
        _PREFIXED,
        (),
        group="t",
        accept=_made_token,
        trims=".",
        rule_id="prefixed-random-token",
        always=True,
        prefilter=(r"_[\w-]{30}", r"-[\w-]{30}"),  # (the separator and the body: a fast search)
    ),
)
