"""A secret a command printed (issue 22, round twenty-six): a terminal's lines pasted or logged whole, the command
that reads a secret on one line and what it printed alone on the next (`kubectl get secret … | base64 -d`, `pass
show`, `op read`, `vault kv get -field=password`, `security find-generic-password -w`, `gcloud secrets versions
access`, `printenv DB_PASSWORD`). The output is bare, with no label: only its command says what it is."""

from __future__ import annotations

import re

from retell.secrets.commands import looks_like_a_password
from retell.secrets.rule import SECRET, Rule
from retell.secrets.values import credential, looks_random

# What prints a secret and nothing else. A password manager's read prints a password whatever the entry; the
# others print what their field or variable names (a `username` or a `host` is no secret).
_MANAGER = (
    r"(?:pass|gopass)[ \t]+show[ \t]+(?:-\w+[ \t]+)*[\w./@+-]+|"
    r"bw[ \t]+get[ \t]+password[ \t]+[^\n]*|"
    r"lpass[ \t]+show[ \t]+[^\n]*--password[^\n]*|"
    r"security[ \t]+find-(?:generic|internet)-password[ \t]+[^\n]*-w\b[^\n]*"
)
# a secret store's read: what it prints is a secret unless the field it names is not one
_STORE = (
    # (round thirty-one) its global flags may stand before the verb: `kubectl -n crm get secret …`,
    # `kubectl --context prod get secret …`
    r"(?:kubectl|oc)(?:[ \t]+--?[\w-]+(?:[ \t=]+[\w.:/@-]+)?)*?[ \t]+get[ \t]+secrets?[ \t]+[^\n]*\|[ \t]*base64[ \t]+"
    r"(?:-d|--decode|-D)\b[^\n]*|"
    r"op[ \t]+(?:read[ \t]+|item[ \t]+get[ \t]+[^\n]*--fields?[ \t=])[^\n]*|"
    r"vault[ \t]+(?:kv[ \t]+get|read)[ \t]+[^\n]*-field[ \t=][^\n]*|"
    r"secret-tool[ \t]+lookup[ \t]+[^\n]*|"
    r"gcloud[ \t]+secrets[ \t]+versions[ \t]+access[ \t]+[^\n]*|"
    r"az[ \t]+keyvault[ \t]+secret[ \t]+show[ \t]+[^\n]*(?:-o|--output)[ \t]+tsv[^\n]*|"
    r"aws[ \t]+(?:ssm[ \t]+get-parameter|secretsmanager[ \t]+get-secret-value)[ \t]+[^\n]*--output[ \t]+text[^\n]*|"
    r"doppler[ \t]+secrets[ \t]+get[ \t]+[^\n]*--plain[^\n]*|"
    r"cat[ \t]+/run/secrets/[\w.-]+[ \t]*"
)
# a reader of any setting: what it prints is a secret only where the name it reads says so
_READER = (
    r"heroku[ \t]+config:get[ \t]+[^\n]*|"
    r"terraform[ \t]+output[ \t]+-raw[ \t]+[^\n]*|"
    r"printenv[ \t]+\w+[ \t]*|"
    r"echo[ \t]+\"?\$\{?\w+\}?\"?[ \t]*"
)
# the output: one run of characters alone on the next line (a JSON document or a table is read by other rules)
_PRINTED = (
    r"(?:(?P<manager>" + _MANAGER + r")|(?P<store>" + _STORE + r")|(?P<reader>" + _READER + r"))\r?\n"
    r"(?P<v>[^\s{\[\"'<][^\s]{3,199})[ \t]*(?:\r?\n|$)"
)
# the name of what is read: a jsonpath's or a template's key, a field, an op:// reference's last part, a secret's
# id, a variable, an output
_FIELD = re.compile(
    r"\.data(?:\.|\[['\"]|[ \t]+\"|\.\\?)(?P<a>[\w\\.-]+)|-field[ \t=]+(?P<b>[\w.-]+)|"
    r"--fields?[ \t=]+(?:label=)?(?P<c>[\w.-]+)|"
    r"op://\S+/(?P<d>[\w.-]+)|--secret(?:-id)?[ \t=]+(?P<e>[\w./:-]+)|--name[ \t=]+(?P<f>[\w./-]+)|"
    r"/run/secrets/(?P<g>[\w.-]+)|printenv[ \t]+(?P<h>\w+)|echo[ \t]+\"?\$\{?(?P<i>\w+)|"
    r"config:get[ \t]+(?P<j>\w+)|-raw[ \t]+(?P<k>[\w.-]+)"
)
_CREDENTIAL_WORD = re.compile(r"(?i)pass|pwd|secret|token|key|auth|cred|api|private|\bpin\b|cookie|session|dsn")


def _printed_secret(value: str, m: re.Match[str]) -> bool:
    bare = value.strip()
    if re.search(r"(?i)^(?:error|warning|usage|null|none|undefined|true|false)\b|:$", bare):
        return False
    if m.group("manager") is not None:
        return credential(bare, password=True, strong=True, digits_only_ok=True)
    command = m.group("store") or m.group("reader")
    field = _FIELD.search(command)
    # (a secret's own id, `--secret-id prod/db`, names which secret, not which part of it: it is a secret whole)
    name = next((g for g in field.groups() if g), "") if field is not None and not field.group("e") else ""
    if name:
        if not _CREDENTIAL_WORD.search(name.rsplit("/", 1)[-1] if m.group("store") else name):
            return False  # `{.data.username}`, `-field=host`, `printenv PATH`: no secret named
        return credential(bare, password=True, strong=True, digits_only_ok=True)
    if m.group("reader") is not None or bare.startswith(("/", "~", "./")) or "://" in bare:
        return False
    return looks_like_a_password(bare) or looks_random(bare)


PRINTED_RULES: tuple[Rule, ...] = (
    Rule(
        "password-in-text",
        SECRET,
        _PRINTED,
        (
            "pass show",
            "gopass show",
            "bw get",
            "lpass show",
            "security find-",
            "kubectl get secret",
            "oc get secret",
            "kubectl -",  # (round thirty-one) flags before the verb
            "oc -",
            "op read",
            "op item get",
            "vault kv get",
            "vault read",
            "secret-tool lookup",
            "gcloud secrets",
            "az keyvault",
            "aws ssm",
            "aws secretsmanager",
            "doppler secrets",
            "heroku config:get",
            "terraform output",
            "printenv",
            "echo $",
            'echo "$',
            "cat /run/secrets",
        ),
        group="v",
        accept=_printed_secret,
        at_keyword=True,  # (a match starts at its command: tried there only)
        rule_id="secret-a-command-printed",
    ),
)
