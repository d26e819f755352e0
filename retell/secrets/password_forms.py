"""(Round fifteen, issue 22) Passwords in forms the earlier rules did not read: a build DSL's call with no
separator (Gradle's `storePassword 'pw'`), a template's nested parameter value (ARM's `"adminPassword": { "value":
"pw" }`, CloudFormation's `Default:`), a login pair told in chat with no password word (`log in as admin, pw`), and a
value sent alone on the line after the sentence that announces it (`the password for the router is` ⏎ `pw`).
"""

from __future__ import annotations

import re

from retell.secrets.commands import _joined_passphrase, _marked_password, _told_password, unquoted
from retell.secrets.own import SENTENCE_END, label_is_about
from retell.secrets.rule import PII, SECRET, Rule
from retell.secrets.values import credential, is_placeholder, words

_PASSWORD_LABEL = r"\w{0,40}?(?:[Pp]ass(?:word|wd|phrase)|PASS(?:WORD|WD|PHRASE))\w{0,20}"
_QUOTED = r"(?:\"(?P<vq>(?:[^\"\\\n]|\\.){1,200})\"|'(?P<vs>[^'\n]{1,200})')"


def _labelled(value: str, m: re.Match[str]) -> bool:
    """A quoted value under a label naming a password (not something about one: `passwordPolicy`)."""
    if label_is_about(m.group("label")) or is_placeholder(value):
        return False
    return credential(value, password=True, strong=True, digits_only_ok=True)


def _chosen(value: str, m: re.Match[str]) -> bool:
    """A value with no password word before it: a person's choice, marked as one (digits and a capital or a
    symbol), never a version, a path or a placeholder."""
    bare = value.strip("'\"`")
    if _HASH.match(bare):
        return False
    if _WORD_DOT_YEAR.fullmatch(bare.rstrip(".")):
        return _told_password(bare, m)  # `Kelebek.2023`: a word, a dot and digits, no version nor file
    return _told_password(value, m) and _marked_password(value, m)


# the words that glue a phrase written as a slug (`then-open-the-settings`); a generated passphrase has none
_GLUE_WORDS = words("the then and or to of in on for with is it its by at not off only from into")


def _paired(value: str, m: re.Match[str]) -> bool:
    """After a login's user and a comma, a value is a password when plainly chosen: two digits or a symbol
    besides a capital (`Heron2023.`, `Izmir_07$`); `login as admin, Dashboard2 is broken` names a screen."""
    bare = value.strip("'\"`").rstrip(".")
    if _joined_passphrase(bare) and not _GLUE_WORDS.intersection(bare.split("-")):
        return True  # (round twenty-three) a generated passphrase (`amber-falcon-drizzle`), not a phrase's slug
    digits = sum(c.isdigit() for c in bare)
    return _chosen(value, m) and (digits >= 2 or any(not c.isalnum() for c in bare))


# a person's chosen password as handed over in prose: letters (a capital among them) then two to four digits,
# perhaps a symbol; never one dictionary word or product with its version (`Python312`, `Windows11`, `node20`)
_WORDS_AND_DIGITS = re.compile(r"(?P<letters>[A-Za-z]*[A-Z][A-Za-z]*)\d{2,4}[!#$%&*?@^~_=+]*")


def _handed_to_a_login(value: str, m: re.Match[str]) -> bool:
    shape = _WORDS_AND_DIGITS.fullmatch(value)
    if shape is None or not _paired(value, m):
        return False
    from retell.secrets.english import english_word
    from retell.secrets.prose_names import _PRODUCTS, _SERVICES

    parts = [p.lower() for p in re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", shape.group("letters"))]
    if len(parts) == 1 and (english_word(parts[0]) or parts[0] in _SERVICES or parts[0] in _PRODUCTS):
        return False
    return len(shape.group("letters")) >= 6


_WORD_DOT_YEAR = re.compile(r"[A-Z][a-z]{2,}\.\d{2,4}[!#$%&*?@]*")
# a hash is shown, not a password told: crypt's `$2b$12$…`, `$argon2id$…`, a long hex digest
_HASH = re.compile(r"\$[0-9a-z]{1,8}\$|[0-9a-fA-F]{32,}$")


PASSWORD_FORM_RULES: tuple[Rule, ...] = (
    # Gradle's and Ruby's DSL: a call with one quoted argument on its own line (`keyPassword "pw"`,
    # `password 'pw'`); `storePassword System.getenv(…)` is code and unquoted
    Rule(
        "password-assignment",
        SECRET,
        r"(?m)^[ \t]*(?P<label>" + _PASSWORD_LABEL + r")[ \t]+" + _QUOTED + r"[ \t]*[,;]?[ \t]*$",
        ("pass",),
        group=("vq", "vs"),
        value_of=unquoted,
        accept=_labelled,
        window=(80, 280),
        rule_id="password-dsl-call",
    ),
    # a template's parameter: the password's key, then its nested `value` or `Default` (ARM, CloudFormation,
    # Bicep's JSON), a `Type:` line between
    Rule(
        "password-assignment",
        SECRET,
        r"[\"']?(?P<label>" + _PASSWORD_LABEL + r")[\"']?[ \t]*:[ \t]*\{?\s{0,40}"
        r"(?:[\"']?(?i:type)[\"']?[ \t]*:[ \t]*[\"']?\w{1,30}[\"']?,?\s{0,40})?"
        r"[\"']?(?i:value|default|defaultValue)[\"']?[ \t]*:[ \t]*" + _QUOTED,
        ("pass",),
        group=("vq", "vs"),
        value_of=unquoted,
        accept=_labelled,
        window=(80, 280),
        rule_id="password-nested-value",
    ),
    # chat: a login as a user, then the password after a comma, a slash or a colon, no password word
    # (`log into grafana as admin, Heron2023.`, `melde dich als admin an, …`, `connecte-toi en tant que admin, …`)
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)\b(?:log(?:ged|ging)?[ \t-]?in(?:to)?|sign(?:ed|ing)?[ \t-]?in(?:to)?|ssh(?:[ \t]+in)?|"
        r"connect(?:e-toi|ez-vous|er)?|melde[ \t]+dich|einloggen|anmelden|accedi|entra|inicia[ \t]+sesi[oó]n|"
        r"zaloguj[ \t]+się)\b[^\n]{0,40}?[ \t](?:as|als|en[ \t]+tant[ \t]+que|comme|como|come|jako)[ \t]+"
        r"[\"'`]?[\w.@+-]{2,32}[\"'`]?(?:[ \t]+an)?[ \t]*[,/:][ \t]*[\"'`“]?(?P<v>[^\s\"'`“”,;]{6,64})",
        (
            "log in",
            "login",
            "logged in",
            "logging in",
            "log-in",
            "sign in",
            "signed in",
            "signing in",
            "sign-in",
            "ssh",
            "connect",
            "melde dich",
            "einloggen",
            "anmelden",
            "accedi",
            "entra",
            "inicia sesi",
            "zaloguj",
        ),
        group="v",
        accept=_paired,
        trims=SENTENCE_END,
        window=(0, 180),
        rule_id="password-after-a-login-pair",
    ),
    # (round twenty-two) prose about a login that failed or works again, a chosen password handed over in a code
    # span by a preposition, no password word before it: "the login failed…, I restarted it with `…`", "Sign-in
    # works again: I set the admin user to `…`", "Der Login ging nicht, ich habe den Container mit `…` neu gestartet"
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w-])(?:with|to|using|mit|auf|con|avec|com|met)[ \t]+`(?P<v>[^`\s]{8,64})`",
        (
            "login",
            "log in",
            "logged in",
            "log-in",
            "sign in",
            "sign-in",
            "signed in",
            "signin",
            "anmeld",
            "einlogg",
            "connexion",
            "iniciar sesi",
            "inicio de sesi",
            "accesso",
        ),
        group="v",
        accept=_handed_to_a_login,
        window=(300, 300),
        rule_id="password-handed-to-a-login",
    ),
    # a sentence that announces the password and stops (`… is`, `… lautet`, `…:`), the value alone on the next
    # line, a blank line between or not: two messages typed one after the other
    Rule(
        "password-in-text",
        SECRET,
        r"(?i)(?<![\w-])(?:passwords?|passwort|kennwort|passphrase|passcode|mot[ \t]+de[ \t]+passe|mdp|contraseña|"
        r"senha|wachtwoord|hasło|пароль|pw|pwd)(?![\w-])[^\n]{0,80}?"
        r"(?:[ \t](?:is|was|lautet|ist|est|c'est|es|é|è|jest|är|er|to|je)|[ \t]*:)[ \t]*\n(?:[ \t]*\n)?[ \t]*"
        r"[\"'`“]?(?P<v>[^\s\"'`“”]{6,64}?)[\"'`”]?[ \t]*(?=\n|$)",
        (
            "password",
            "passwort",
            "kennwort",
            "passphrase",
            "passcode",
            "mot de passe",
            "mdp",
            "contraseña",
            "senha",
            "wachtwoord",
            "hasło",
            "пароль",
            "pw",
            "pwd",
        ),
        group="v",
        accept=_chosen,
        window=(0, 200),
        rule_id="password-alone-under-its-sentence",
    ),
)


# -- names where code and chat tools write a person (round fifteen) -----------------------------------------


def _known_given(value: str, m: re.Match[str]) -> bool:
    """The first word a given name the gazetteer knows (`Perf`, `Windows`, `Override` are none), every word
    capitalised, no stand-in (`Jane Doe`)."""
    from retell.secrets.prose_names import _PARTICLES, _refused, gazetteer

    given, _ = gazetteer()
    names = value.split()
    # (a particle is a name's lowercase word: `@Luuk van der Meer`, `@Inés de la Fuente`)
    return (
        names[0] in given
        and all(w[:1].isupper() or w in _PARTICLES for w in names)
        and names[-1] not in _PARTICLES
        and not _refused(value)
    )


def _mentioned_person(value: str, m: re.Match[str]) -> bool:
    """(round twenty-two) a display name whose given name the gazetteer lacks (`@Ritika Bhatnagar said …`): its
    family name known and no word a dictionary's, a product's or a service's (`@Release Notes`)."""
    if _known_given(value, m):
        return True
    from retell.secrets.english import english_word
    from retell.secrets.prose_names import _AMBIGUOUS, _PRODUCTS, _SERVICES, _known_family, _refused, gazetteer

    _, family = gazetteer()
    names = value.split()
    return (
        len(names) in (2, 3)
        and all(w[:1].isupper() and w[1:].islower() for w in names)
        and _known_family(names[-1], family)
        and not any(w.lower() in _AMBIGUOUS | _PRODUCTS | _SERVICES or english_word(w.lower()) for w in names[:-1])
        and not _refused(value)
    )


_GIVEN = r"[^\W\d_a-z][\w'’\u0300-\u036f-]{1,30}"

NAME_FORM_RULES: tuple[Rule, ...] = (
    # a TODO's owner: `TODO(Zofia):`, `FIXME(Ingrid Halvorsen)`, `NOTE(…)`
    Rule(
        "person-name",
        PII,
        r"\b(?:TODO|FIXME|XXX|HACK|NOTE|BUG)\((?P<n>" + _GIVEN + r"(?:[ \t]+" + _GIVEN + r"){0,2})\)",
        ("todo(", "fixme(", "xxx(", "hack(", "note(", "bug("),
        group="n",
        accept=_known_given,
        replacement="[REDACTED:person-name]",
        at_keyword=True,
        rule_id="todo-owner-name",
    ),
    # a chat's mention by display name, a space inside: `@Maarten van den Broek can you…`, `@Stavros Papadakis`
    Rule(
        "person-name",
        PII,
        r"(?<![\w@.])@(?P<n>"
        + _GIVEN
        + r"(?:[ \t]+(?:(?:van|von|de|der|den|da|di|du|del|la|las|los|le|dos|das|do|bin|binti|al|el|ter|ten)"
        r"[ \t]+){0,3}" + _GIVEN + r"){1,2})",
        ("@",),
        group="n",
        accept=_mentioned_person,
        replacement="[REDACTED:person-name]",
        trims=SENTENCE_END,
        at_keyword=True,
        rule_id="mention-display-name",
    ),
)
