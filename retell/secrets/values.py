"""Is an assigned value a secret? What a value looks like, read together with how strongly its context says
it is one.

A label such as `password`, `secret` or `api_key` says a credential follows, but what follows is often
not one: a placeholder (`changeme`, `<password>`, `${DB_PASS}`), code (`settings.SECRET_KEY`, `os.environ[…]`),
a name (`AuthenticationService`, `DEMO_KEY`, `my-tls-secret`), a number (`Tests pass: 42/42`) or prose.
People's real passwords look like words with digits (`Passw0rd2024`, `admin2024`, `MySecretPass1`): a
password label is enough context for such a value. A token label (`token`, `api_key`, `auth`) is weaker: its
value has to look machine-made (long, mixed, high entropy).
"""

from __future__ import annotations

import re
from functools import lru_cache

from retell.secrets.rule import shannon_entropy


def words(text: str) -> frozenset[str]:
    """A set of words written as one block of text (long lists stay readable)."""
    return frozenset(text.split())


# -- placeholders -----------------------------------------------------------------------------------

# A template, a variable or a reference: the value is somewhere else. `$DB_PASS` and `$password` are
# variables; `$uperSecret1` (mixed case with a digit) is a password that starts with `$`.
_TEMPLATE = re.compile(
    r"^(?:\$\{.*|\$\(.*|\$\{?[A-Z_][A-Z0-9_]*\}?|\$[a-z_][a-zA-Z_]*|\$\d|%\(?\w+\)?s|%[A-Za-z_]\w*%|"
    r"<[^<>]+>|\{\{.*\}\}|\{%.*%\}|\{[A-Za-z_][\w.]*\}|\[REDACTED(?::[\w.-]+)?\]|@[A-Za-z_]\w*@|"
    r"(?:env|ENV|secrets?|vault|ssm|op|keychain|keyring)(?::|://)\S+)$"
)
# Masked or elided: `****`, `xxxx`, `sk-ant-...`, `•••`.
# retell's own marker, also as a slug makes it (`…-redacted-password-b11d00`), is never a value.
_MASKED = re.compile(r"^[*xX.\-_•#?0]+$|\*{3,}|[xX]{4,}|•{2,}|\.\.\.|…|(?i:redacted)")
# (round twenty-two) a mask written as a word in brackets, as loggers and frameworks print a hidden value: Rails'
# `[FILTERED]`, `[hidden]`, `(masked)`, `<removed>`, in the languages authors write in
_MASK_WORD = re.compile(
    r"(?i)^[\[(<{]\s*(?:hidden|masked|filtered|removed|omitted|secret|sensitive|scrubbed|elided|truncated|"
    r"obfuscated|censored|private|protected|not[ _-]?shown|sanitized|sanitised|versteckt|maskiert|entfernt|"
    r"geschwärzt|oculto|ocultado|oculta|masqué|caché|supprimé|nascosto|oscurato|скрыто|приховано|隐藏|已隐藏|非表示)"
    r"\s*[\])>}]$"
)
# The words a placeholder is made of. A value made only of these (`your_password_here`, `DEMO_KEY`,
# `changeme`, `mysecretkey`, `TestToken`, `API_KEY_HERE`) stands for a secret rather than being one.
_VOCABULARY = words(
    """
    your my our the a an this that some any here there goes go put paste insert enter type add set replace change
    changeme changeit me it to with of for in new old real actual example examples sample dummy fake test testing
    demo placeholder default dev local none null nil undefined true false empty blank todo tbd fixme xxx foo bar
    baz qux value values string str text secret secrets password passwords passwd pass pwd passphrase pin token
    tokens key keys api apikey access auth credential credentials cred creds private public client user username
    login account service app application id name here's bot webhook
    """
)
_LONGEST_WORD = max(len(w) for w in _VOCABULARY)
# Said to stand for a value: `your_smtp_password_here`, `enter-api-token`, `<…>`-less templates; and the
# documentation's convention of writing EXAMPLE into a sample key (`wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`).
# A default written to be changed says so in words (`change-me-in-prod`, `please-change-me`, `replace_me_later`).
# (round twenty-six) an authorization scheme and its space, the start of a header its token is joined to
# (`req.Header.Set("Authorization", "Bearer "+token)`): no value yet
_SCHEME_ALONE = re.compile(r"(?i)^(?:bearer|basic|token|bot|digest|negotiate|apikey|dpop)[ \t]+$")
_STANDS_FOR = re.compile(
    r"(?i:^(?:your|enter|insert|paste|put)[_-][a-z_-]+$|^[a-z_-]+[_-]here$|"
    r"^(?:[a-z]+[_-])*(?:change|replace)[_-]?(?:me|this|it)(?:[_-][a-z]+)*$)|EXAMPLE"
)


def is_placeholder(value: str) -> bool:
    """A value that stands for a secret: a template or variable, a mask, an elision, or placeholder words."""
    bare = value.strip()
    if not bare or _SCHEME_ALONE.match(value):
        return True
    if _TEMPLATE.match(bare) or _MASKED.search(bare) or _MASK_WORD.match(bare) or _STANDS_FOR.search(bare):
        return True
    return only_placeholder_words(bare)


def is_masked(value: str) -> bool:
    return _MASKED.search(value) is not None


def placeholder_after_prefix(value: str) -> bool:
    """A vendor's prefix then placeholder words (`xoxb-your-token`, `sk_live_your_key_here`): a README's example."""
    parts = re.split(r"[_-]", value)
    return any(len(parts) > i and only_placeholder_words("-".join(parts[i:])) for i in (1, 2))


# (round seventeen) A vendor's prefix, then only a mask (`sk_live_xxx`, `xoxb-xxx-xxx`, `npm_XXX` in a
# `.env.example`): the make is named, the value is not there.
_MASK_AFTER_PREFIX = re.compile(r"^[a-z]{2,8}(?:[_-][a-z0-9]{2,8}){0,2}[_-][xX*•]{3,}(?:[_-][xX*•]{3,})*$")
# A key public by design, made to be shipped in a web page: Stripe's publishable `pk_live_`/`pk_test_` and
# Mapbox's public `pk.` token (their secret twins, `sk_`/`rk_` and `sk.`, are credentials).
# (round twenty-two) Payment gateways' client keys, made for the browser as Stripe's are: Midtrans' `Mid-client-`,
# Xendit's `xnd_public_…`, Omise's `pkey_…` (their server keys, `Mid-server-`, `xnd_production_`, `skey_`, are found).
_PUBLIC_BY_DESIGN = re.compile(
    r"^(?:pk_(?:live|test)_[A-Za-z0-9]{20,}|pk\.eyJ[\w-]{10,}\.[\w-]{10,}|(?:SB-)?Mid-client-[\w-]{12,}|"
    r"xnd_public_(?:production|development)_[\w-]{20,}|pkey_(?:test_)?[0-9a-z]{16,})$"
)


# (round eighteen) Keys a vendor prints in its own documentation for everyone to paste (Stripe's test-mode
# samples, GitHub's and Slack's example tokens), as AWS's `…EXAMPLE` keys and jwt.io's token are: copied from the
# docs into a tutorial or a test, they open no one's account.
_VENDOR_DOCUMENTED = frozenset(
    {
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        "sk_test_26PHem9AhJZvU623DfE1x4sd",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "xoxb-17653672481-19874698323-pdFZKVeTuE8sk7oOcBrzbqgy",
    }
)


def public_or_masked_token(value: str) -> bool:
    """A vendor's key that is public by design or printed in its documentation (or written as a sample, with
    EXAMPLE in it), or its prefix with only a mask after it: no secret."""
    bare = value.strip("'\"`")
    return (
        _PUBLIC_BY_DESIGN.match(bare) is not None
        or _MASK_AFTER_PREFIX.match(bare) is not None
        or bare in _VENDOR_DOCUMENTED
        # (documentation's convention of writing EXAMPLE into a sample key, for every vendor as for AWS's)
        or "EXAMPLE" in bare
        or says_it_is_not_one(bare)
    )


# the words a sample token spells to say it opens nothing
_NOT_ONE = frozenset(
    [
        "not",
        "fake",
        "dummy",
        "sample",
        "example",
        "invalid",
        "placeholder",
        "test",
        "testing",
        "demo",
        "redacted",
        "revoked",
    ]
)


def says_it_is_not_one(value: str) -> bool:
    """(round twenty-nine) A vendor's prefix, then a sentence, not a key: `xoxb-not-a-real-token-this-will-not-work`,
    `sk_live_fake_key_for_unit_tests`. Every part after the prefix an English word (a number at most), three or
    more, one of them saying it is no key."""
    from retell.secrets.english import english_word  # lazily: the word list loads only for such a value

    parts = [w.lower() for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", value) if w][1:]
    named = [w for w in parts if not w.isdigit()]
    return (
        len(named) >= 3
        and any(w in _NOT_ONE for w in named)
        and all(w.isdigit() or w in ("a", "i") or (len(w) >= 2 and english_word(w)) for w in parts)
    )


def only_placeholder_words(value: str) -> bool:
    parts = [p for p in re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", value) if p]
    return bool(parts) and all(_segments(p.lower()) for p in parts)


@lru_cache(maxsize=4096)
def _segments(word: str) -> bool:
    """Can `word` be split into placeholder words (`yourpasswordhere` -> your password here)? (Position by
    position, not by recursion: a 3,000-letter word of `foo`s must not exhaust the stack.)"""
    if word.isdigit():
        return False
    reachable = [True] + [False] * len(word)  # reachable[i]: word[:i] splits into placeholder words
    for start in range(len(word)):
        if reachable[start]:
            for n in range(1, min(len(word) - start, _LONGEST_WORD) + 1):
                if word[start : start + n] in _VOCABULARY:
                    reachable[start + n] = True
    return reachable[len(word)]


# -- code, numbers, names ---------------------------------------------------------------------------

# Code, not data: a call, an attribute path, a subscript, a type, a path or a URL.
_CODE = re.compile(
    r"[()]|\[$|^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+(?:\[|$)|^[A-Za-z_][\w.]*\[.*\]$|"
    r"^[a-z_][\w.]*\[[a-z_][\w.]*$|"  # a subscript or a type cut at its `]`: `tokens[index`, `list[str`
    r"^[A-Za-z_][\w.]*\|[\w. |]+$|"
    # (round thirty) a framework's validation rules, piped (`required|string|min:12|confirmed`, Laravel's)
    r"^[a-z_]+(?::[\w.,]+)?(?:\|[a-z_]+(?::[\w.,]+)?)+$|"
    r"^(?:Optional|Union|List|Dict|Set|Tuple|Sequence|Mapping|Callable|Literal|str|int|bytes|bool|float|"
    r"Any|None|string|number|boolean|object|unknown|any|void|String|Integer|char\*?)\b|"
    r"^(?:https?|file)://|^[~.]?/[\w./-]*$|^\w+\.(?:py|js|ts|json|ya?ml|toml|txt|md|env|cfg|ini|conf|pem|key)$|"
    # (stop 52) a file's mode as `ls -l` prints it (`crw-rw-r--`, `-rw-r--r--@`): read as a password beside the
    # owner's name (fresh25's taillight, a model in the loop: "owned by `root root` with `crw-rw-r--`")
    r"^[-dlcbpsD](?:[-r][-w][-xsS]){2}[-r][-w][-xtT][.+@]?$",
)
# A number, a ratio, a date, a time, a version: `42/42`, `3.14`, `2024-01-05`, `12:30`, `v1.2.3`.
_NUMERIC = re.compile(r"^(?=[^A-Za-z]*\d)[\d\s.,:/+%\-]+$|^[vV]?\d+(?:\.\d+)+(?:[-+][\w.]+)?$")
# A name in code: a CONSTANT_NAME, a snake_case or kebab-case name, a CamelCase class name.
_IDENTIFIER = re.compile(r"^[A-Z]+(?:_[A-Z]+)+$|^[a-z]+(?:[_-][a-z]+)+$|^[A-Z]?[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z]{2,}$")
# Lowercase words joined by separators: a scope or a permission (`admin:public_key`, `write:packages`), a dotted
# setting name: never machine-made (a token has digits or mixed case).
_JOINED_WORDS = re.compile(r"^[a-z]+(?:[_:.\-][a-z]+)+$")
_UUID = re.compile(r"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$")
# Typographic quotes and brackets end a value: `“…settings.SECRET_KEY”` is a quotation, not part of it.
TYPOGRAPHIC = "“”‘’«»„‚‹›"


# A word, a dot, a word with digits: how people make a password (`Maple.syrup99`, `Gato.negro2024`), not an
# attribute (`settings.SECRET_KEY`, `hashlib.sha256`, `form.password2`: a code word or a single digit).
# (round twenty-six) each word capitalised as a name is, two or three of them (`Gdynia.Arka1929`,
# `Oslo.Fjord.77`): a place and a club, a city and a year
# (round thirty-one) or one digit after a last word capitalised as a name is (`toby.Lisboa6`: a pet and a city),
# never a code word (`form.Field1`, `Tuple.Item1`)
_DOTTED_PASSWORD = re.compile(
    r"^[A-Za-z][a-z]{2,}(?:\.[A-Za-z][a-z]{2,}){1,2}\.?\d{2,4}[!?#*&%]*$|"
    r"^[A-Za-z][a-z]{2,}(?:\.[A-Za-z][a-z]{2,}){0,1}\.[A-Z][a-z]{3,}\d[!?#*&%]*$"
)
_CODE_WORDS = re.compile(
    r"(?i)\.(?:sha|md|utf|base|int|uint|float|hs|rs|es|ps|password|passwd|pass|pwd|field|value|item|param|arg|"
    r"var|col|row|line|step|version|addr|address|key|token|secret|node|host|server|port|id)\d"
)


def is_dotted_password(value: str) -> bool:
    """`Maple.syrup99`, `Hibiscus.nordsee57`: a word, a dot and a word with digits, not an attribute."""
    return _DOTTED_PASSWORD.match(value) is not None and not _CODE_WORDS.search(value)


# (round twenty-four) A container image pinned by its digest (`ghcr.io/acme/token-svc@sha256:<hex>`): a name and a
# hash anyone can pull, whatever label it is set under (`token_image:`, `auth_image =`).
_IMAGE_BY_DIGEST = re.compile(r"^(?:[\w.-]+(?::\d+)?/)*[\w.-]+(?::[\w.-]+)?@sha(?:256|512):[0-9a-f]{64,128}$")


def is_code(value: str) -> bool:
    if is_dotted_password(value):
        return False
    return _CODE.search(value) is not None or _IMAGE_BY_DIGEST.match(value.strip("'\"`")) is not None


def is_numeric(value: str) -> bool:
    return _NUMERIC.match(value) is not None


def is_identifier(value: str) -> bool:
    return _IDENTIFIER.match(value) is not None


def is_uuid(value: str) -> bool:
    return _UUID.match(value) is not None


def looks_random(value: str) -> bool:
    """Machine-made: long enough, several kinds of character, high entropy, not a name or a number."""
    if len(value) < 8 or is_identifier(value) or is_numeric(value) or _JOINED_WORDS.match(value):
        return False
    kinds = sum(
        (
            any(c.islower() for c in value),
            any(c.isupper() for c in value),
            any(c.isdigit() for c in value),
            any(not c.isalnum() for c in value),
        )
    )
    if not any(c.isdigit() for c in value) and not any(not c.isalnum() for c in value):
        # letters only: random case changes, not words (`aB3…` vs `AuthenticationService`)
        return len(value) >= 16 and kinds >= 2 and shannon_entropy(value) >= 3.5
    return kinds >= 2 and shannon_entropy(value) >= (3.0 if len(value) >= 12 else 2.5)


# (round fifteen) Three or more lowercase words of 4+ letters joined by one `-` or `_` (`lantern-quokka-meridian`):
# a generated passphrase under a password label, where a resource's name is made of the system's words
# (`postgres-cluster-credentials`, `mysql_root_password`) or placeholder words (`your-db-password`).
_WORD_PASSPHRASE = re.compile(r"^[a-z]{4,12}(?:([-_])[a-z]{4,12})(?:\1[a-z]{4,12}){1,4}$")
_SYSTEM_WORDS = words(
    """
    postgres postgresql mysql mariadb redis mongo mongodb oracle mssql sqlserver elastic kafka rabbit rabbitmq
    cluster cache database master primary replica admin root prod production staging stage local debug release
    internal external service server client backend frontend store keystore truststore vault config settings
    file path secret secrets credential credentials password passwords pass token tokens from with none null
    env environment default generated random managed shared common main stack deploy deployment ingress
    """
)


def is_word_passphrase(value: str) -> bool:
    """`lantern-quokka-meridian`, `marigold_vortex_plinth`: a passphrase of words, not a resource's name."""
    if _WORD_PASSPHRASE.match(value) is None:
        return False
    parts = re.split(r"[-_]", value)
    return len(set(parts)) == len(parts) and not any(p in _VOCABULARY or p in _SYSTEM_WORDS for p in parts)


# -- the verdict ------------------------------------------------------------------------------------


# The word "password" in the languages a form is translated into: the value of an i18n file's `password` key.
_PASSWORD_IN_LANGUAGES = frozenset(
    w.casefold()
    for w in words(
        """
        password passwort kennwort contraseña contrasena clave senha wachtwoord lösenord losenord adgangskode
        passord hasło haslo parola heslo şifre sifre salasana jelszó пароль parolă geslo lozinka slaptažodis
        parole salasõna κωδικός סיסמה パスワード 密码 密碼 비밀번호 passcode passphrase"""
    )
) | {"mot de passe", "mật khẩu", "kata sandi", "كلمة المرور", "palavra-passe", "кодово слово"}


# (round nineteen) the word as scripts that write no spaces between words put it inside a longer label
_UNSPACED_PASSWORD_WORDS = tuple(w for w in _PASSWORD_IN_LANGUAGES if not w.isascii() and " " not in w and len(w) <= 5)


def names_the_password(value: str) -> bool:
    """(round thirty) The password word itself, of any language, written as one word (`motdepasse`, `mot_de_passe`,
    `contraseña`, `PASSWORD`): what a tutorial writes where a password goes (`https://user:motdepasse@…`)."""
    folded = re.sub(r"[\s_.-]+", "", value.casefold())
    return any(folded == re.sub(r"[\s_.-]+", "", w) for w in _PASSWORD_IN_LANGUAGES)


def _is_password_word(word: str) -> bool:
    """`contraseña`, `hasła`, `пароля`, `şifreyi`: the password word of a language, or the same word inflected."""
    word = word.strip("?!.:,;¿¡()").casefold()
    return word in _PASSWORD_IN_LANGUAGES or any(
        len(w) >= 5 and " " not in w and word.startswith(w[:-1]) and len(word) <= len(w) + 3
        for w in _PASSWORD_IN_LANGUAGES
    )


def _translated_label(value: str) -> bool:
    """(round nineteen) A form's label in the language it is translated into, under a password key: words with no
    digit, one of them the password word (`Confirmar contraseña`, `Passwort bestätigen`, `Повторите пароль`,
    `パスワードを確認`). A password made of that word carries digits or symbols (`Contraseña2024!`)."""
    if any(c.isdigit() for c in value) or re.search(r"[^\w\s?!.:,;¿¡()'’-]", value):
        return False
    folded = value.casefold()
    parts = value.split()
    if len(parts) >= 2:
        return any(_is_password_word(p) for p in parts) or any(" " in w and w in folded for w in _PASSWORD_IN_LANGUAGES)
    return any(w in value and w != value for w in _UNSPACED_PASSWORD_WORDS)


# (round twenty-two) A password's stored hash in the formats frameworks write it: Django's `pbkdf2_sha256$<n>$…$…`
# (and `argon2$argon2id$…`, `bcrypt_sha256$$2b$…`), crypt's `$2b$12$…`, `$argon2id$v=19$…`, `$6$…`, Werkzeug's
# `scrypt:32768:8:1$…$<hex>` and `pbkdf2:sha256:600000$…$<hex>`, LDAP's `{SSHA}…`. A fixture or a dump shows it under
# a password key; it is what a login is checked against, not the password told (an htpasswd or shadow line keeps
# its own rule, `htpasswd-hash`).
_PASSWORD_HASH = re.compile(
    r"^(?:(?:pbkdf2_sha(?:1|256)|argon2|bcrypt(?:_sha256)?|scrypt|sha1|md5|unsalted_sha1|crypt)\$\S*\$\S{8,}|"
    r"\$(?:1|2[abxy]?|5|6|y|gy|7|apr1|argon2(?:i|d|id)|scrypt|pbkdf2(?:-sha\d+)?)\$\S{16,}|"
    r"(?:scrypt:\d+:\d+:\d+|pbkdf2:sha\d+(?::\d+)?)\$[^$\s]{4,}\$[0-9a-f]{32,}|"
    r"\{(?:SSHA|SHA|SSHA256|SSHA512|SHA256|SHA512|SMD5|MD5|CRYPT|PBKDF2(?:-SHA\d+)?|ARGON2)\}[A-Za-z0-9+/$.=,-]{16,})$"
)


def is_password_hash(value: str) -> bool:
    return _PASSWORD_HASH.match(value.strip("'\"`")) is not None


def credential(value: str, *, password: bool = False, strong: bool = False, digits_only_ok: bool = False) -> bool:
    """Does an assigned value look like a credential?

    `password`: the label names a secret a person chooses (password, passphrase, pin, a `*_SECRET`), so a
    word with digits or symbols (`admin2024`) is one. `strong`: the context alone says the value is a
    credential (`DB_PASSWORD=…` in a .env file, a quoted value of a password field, `--password …`), so a
    plain word of 6+ letters counts too. Otherwise (a token label) the value must look machine-made.
    """
    bare = value.strip("'\"`" + TYPOGRAPHIC)
    if len(bare) < 4 or len(set(bare)) < 3 or is_placeholder(bare) or is_code(bare) or is_numeric(bare):
        return False
    if is_password_hash(bare):
        return False
    words = bare.split()
    if len(words) > 2 or (len(words) == 2 and not (password and strong)):
        return False  # a phrase: "Enter your password here"
    if len(words) == 2 and (bare.endswith("?") or any(w.lower().strip("?!.:,") in _VOCABULARY for w in words)):
        return False  # a form's label or a question: "Forgot password?", "Show password"
    if bare.casefold() in _PASSWORD_IN_LANGUAGES or _translated_label(bare):
        return False  # the word itself, translated: a form's label in an i18n file (`"password": "Contraseña"`)
    letters = sum(c.isalpha() for c in bare)
    digits = sum(c.isdigit() for c in bare)
    if not letters:
        return digits_only_ok and digits >= 4
    if not password and not strong:
        return looks_random(bare)
    if password and is_word_passphrase(bare):
        return True
    if is_identifier(bare):  # a name from code; a password only where the context is explicit
        return password and strong and not bare.isupper() and len(bare) >= 6
    if digits or letters < len(bare):  # a word with digits or symbols: how people make passwords
        return len(bare) >= (5 if password else 6) or (strong and len(bare) >= 4)
    if password and strong:  # one word of letters, typed where a password goes
        return len(bare) >= 6 and not bare.isupper()
    return looks_random(bare)


def decodes_to_placeholder_pair(value: str) -> bool:
    """Base64 of `user:password` whose password is a placeholder: a tutorial's Basic credentials."""
    import base64
    import binascii

    try:
        decoded = base64.b64decode(value + "=" * (-len(value) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError, UnicodeDecodeError):
        return False
    return ":" in decoded and is_placeholder(decoded.split(":", 1)[1])
