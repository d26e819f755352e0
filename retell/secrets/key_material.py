"""Key material known by what it is, not by the line around it: a private key's DER encoding told by its own
structure (whatever header was lost, whatever prefix its length gives its base64), a wallet key by its own
checksum, and the key files whose first line or generator says what the next line is (minisign and signify,
`wg genkey`, `cat` of a key file), a key's hex or byte array beside a word that names a key.

What only looks like one stays clean: a certificate, a public key (SubjectPublicKeyInfo, an RSA public key,
an ssh public key), a checksum, a digest, a transaction hash.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import re
from collections.abc import Iterator

from retell.secrets.ed25519 import public_key
from retell.secrets.rule import SECRET, Rule
from retell.secrets.seed_phrase import SEED_PHRASE_RULE
from retell.secrets.values import is_password_hash, looks_random

# -- a private key's DER, told by its structure ------------------------------------------------------------

# The OIDs of password-based encryption an EncryptedPrivateKeyInfo names first: PKCS#5 (PBES1/PBES2) and
# PKCS#12's PBE schemes.
_PBE_OIDS = (bytes.fromhex("2a864886f70d0105"), bytes.fromhex("2a864886f70d010c01"))


def _der_length(data: bytes, at: int) -> int | None:
    """Where a DER element's contents start, given the offset of its length byte(s); None when malformed."""
    if at >= len(data):
        return None
    first = data[at]
    if first < 0x80:
        return at + 1
    if first in (0x81, 0x82, 0x83):
        return at + 1 + (first - 0x80)
    return None


def der_private_key(head: bytes) -> bool:
    """The first bytes of a DER structure that only private keys have. A SEQUENCE whose first member is a
    one-byte version (0, 1 or 3) followed by a key's next member: PKCS#1 RSA and DSA (an INTEGER), SEC1 EC
    (an OCTET STRING), PKCS#8 and PKCS#12 (a SEQUENCE). Or an EncryptedPrivateKeyInfo: a SEQUENCE that opens
    with a password-based encryption's OID. A certificate opens with a SEQUENCE (its TBS) and no version
    INTEGER; a public key (SPKI) with an algorithm that is not a PBE one; an RSA public key with a long
    INTEGER (its modulus); a signature with a 20-33-byte INTEGER; a certificate request's info (a version 0, then
    its subject's name: a SEQUENCE of SETs, where a key's algorithm opens with an OID)."""
    if len(head) < 8 or head[0] != 0x30:
        return False
    inner = _der_length(head, 1)
    if inner is None or inner + 4 > len(head):
        return False
    if head[inner : inner + 2] == b"\x02\x01" and head[inner + 2] in (0, 1, 3):
        if head[inner + 3] == 0x30:
            # (round twenty-four) PKCS#8's algorithm and PKCS#12's content open with an OID; a certificate
            # request's info has a version 0 and a SEQUENCE too, but that SEQUENCE is a subject's name (its SETs)
            member = _der_length(head, inner + 4)
            return member is not None and member < len(head) and head[member] == 0x06
        return head[inner + 3] in (0x02, 0x04)
    if head[inner] == 0x30:
        algorithm = _der_length(head, inner + 1)
        if algorithm is None or algorithm + 2 > len(head) or head[algorithm] != 0x06:
            return False
        oid = head[algorithm + 2 : algorithm + 2 + head[algorithm + 1]]
        return any(oid.startswith(prefix) for prefix in _PBE_OIDS)
    return False


def _decoded_head(value: str, chars: int = 64) -> bytes:
    body = re.sub(r"\\n|\s", "", value)[:chars]
    body = body[: len(body) // 4 * 4]
    try:
        return base64.b64decode(body, validate=True)
    except (binascii.Error, ValueError):
        return b""


def _der_key_body(value: str, m: re.Match[str]) -> bool:
    """A private key's base64, with or without its lines broken: more than a prefix quoted in prose."""
    return len(re.sub(r"\\n|\s|=", "", value)) >= 48 and der_private_key(_decoded_head(value))


# A run of base64 that starts as a DER SEQUENCE does (`M`), with its lines (broken, or `\n`-escaped); a line
# goes on the body when it is as long as a body's lines are, or ends the body (its padding, or the end of its
# line): `secret/ci-key patched` printed after it is not a line of it. The length of a key sets its second to
# fourth characters (`MIIE…`, `MIGH…`, `MHcC…`, `MC4C…`): its keywords are what every length has in common
# (`MI[GHI]` for a long form, `CAQ` for a short one's version).
# (round eighteen) Between two lines, what a paste puts there: a quote's `> ` (a mail or a chat quoted), an indent,
# and a string literal closed and opened again (`"MIIE…"` over `"…"`, `"…\n" +` over `"…"` in code).
_LINE_BREAK = r"(?:(?:\\n)?[\"'][ \t]*\+?[ \t]*)?(?:\r?\n|\\n)(?:[ \t]*>)*[ \t]*(?:\+?[ \t]*[\"'](?=[A-Za-z0-9+/]))?"
_DER_BODY = (
    r"M(?<![A-Za-z0-9+/]M)[A-Za-z0-9+/]{15,}(?:" + _LINE_BREAK + r""
    r"(?:[A-Za-z0-9+/]{16,}|[A-Za-z0-9+/]{1,15}(?==|[ \t]*(?:\r?\n|\\n|[\"'`,]|$)))){0,400}={0,2}"
)


class _GluedDerRule(Rule):
    """A private key's base64 glued to other base64 on its line (`<a certificate's base64><the key's>`, a
    blob pasted after a prefix that is base64 too): the body rule's own start (`M` after no base64 character)
    never sees it. Each `M` inside a run of base64 is tried as a key's start, by the structure its bytes
    decode to, and the first that is one is the key, to the run's end."""

    def matches(self, text: str, near: list[tuple[int, int]] | None = None) -> Iterator[re.Match[str]]:
        for run in _BASE64_RUN.finditer(text):
            at = text.find("M", run.start() + 1, run.end() - 47)
            while at >= 0:
                if der_private_key(_decoded_head(text[at : at + 64])):
                    m = self.pattern.match(text, at)
                    if m is not None:
                        yield m
                        break
                at = text.find("M", at + 1, run.end() - 47)


_BASE64_RUN = re.compile(r"[A-Za-z0-9+/]{64,}")

# -- a wallet's key, told by its own checksum ------------------------------------------------------------

_BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _base58check(value: str) -> bytes | None:
    """The payload of a Base58Check string (Bitcoin's encoding), or None when its checksum does not hold."""
    number = 0
    for char in value:
        index = _BASE58.find(char)
        if index < 0:
            return None
        number = number * 58 + index
    raw = number.to_bytes((number.bit_length() + 7) // 8, "big")
    raw = b"\0" * (len(value) - len(value.lstrip("1"))) + raw
    payload, checksum = raw[:-4], raw[-4:]
    if len(raw) < 5 or hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4] != checksum:
        return None
    return payload


def _wallet_key(value: str, m: re.Match[str]) -> bool:
    """A WIF private key (version 0x80 mainnet or 0xEF testnet, 32 bytes, perhaps a compression flag) or an
    extended private key (BIP-32 `xprv…`, 78 bytes): the checksum says so, not the look."""
    payload = _base58check(value)
    if payload is None:
        return False
    if value[1:4] == "prv":
        return len(payload) == 78
    return payload[0] in (0x80, 0xEF) and (len(payload) == 33 or (len(payload) == 34 and payload[-1] == 1))


# -- a bare key named by its word --------------------------------------------------------------------------

# A word that names a symmetric or signing key (not a cache's, a table's or a map's key): what follows it within
# a few words, as hex or base64 of a key's length (16 to 64 bytes) and random, is the key itself
# (`the AES key is 9f4c…`, `HMAC secret: q9Zx…=`, `Schlüssel: …`, `密钥是 …`).
_NAMED_KEY = (
    r"(?i:(?<![\w])(?:aes|hmac|encryption|decryption|signing|master|private|fernet|symmetric|shared|wrapping|"
    r"cipher|crypto|jwt|session|cookie|totp|otp|mfa|2fa|hmac[ _-]?sha\d*)[ _-]?(?:key|secret|seed)s?(?![\w])|"
    r"schlüssel|clé|clave|chave|密钥|秘钥|秘密鍵|鍵)"
    r"[^\n]{0,30}?(?<![\w+/=-])(?P<v>(?:0x)?[0-9a-fA-F]{32,128}|[A-Za-z0-9+/_-]{20,88}={0,2})(?![\w+/=-])"
)


def _named_key(value: str, m: re.Match[str]) -> bool:
    """A key's length in hex (16, 24, 32, 48 or 64 bytes; 20, a SHA-1's, is not one) or base64, random, with no
    word of a digest, an id or a public key between its word and it."""
    between = m.string[m.start() : m.start("v")]
    if _NOT_A_KEY.search(between):
        return False
    raw = value.removeprefix("0x")
    if re.fullmatch(r"[0-9a-fA-F]+", raw):
        return len(raw) in (32, 48, 64, 96, 128) and looks_random(raw)
    body = value.rstrip("=")
    size = len(body) * 3 // 4
    kinds = sum((any(c.islower() for c in body), any(c.isupper() for c in body), any(c.isdigit() for c in body)))
    return size in (16, 24, 32, 48, 64) and kinds == 3 and looks_random(body) and not re.search(r"[a-z]{8}", body)


# -- key files and key words ---------------------------------------------------------------------------------

# A word that names what follows as a key: a private, secret or signing key, a seed, a wallet's or a
# deployer's key (`PRIVATE_KEY`, `signing key`, `ed25519 seed`, `deployer_key`, hardhat's `accounts: [...]`).
_KEY_WORDS = re.compile(
    r"(?i)priv(?:ate)?[ _-]?key|privkey|secret[ _-]?key|secretkey|signing[ _-]?key|signer|seed\b|"
    r"wallet|deployer|keypair|\baccounts\b|\bsk\b|master[ _.-]?key|encryption[ _-]?key|private"
)
# What a hex value of a key's length is when it is not one: a digest, a hash, an address, an id.
_NOT_A_KEY = re.compile(
    r"(?i)hash|digest|sha-?\d|sha\b|checksum|commit|\btx|txid|block|address|\baddr\b|merkle|root|\bid\b|"
    r"fingerprint|public|pubkey|integrity|etag|signature|\bsig\b"
)


def _hex_key(value: str, m: re.Match[str]) -> bool:
    """A key's 32 bytes in hex beside a word that names a key, on its line or the line before, and no word
    that names a digest there (`tx hash: 0x…`, `sha256:`)."""
    text = m.string
    line_start = text.rfind("\n", 0, m.start()) + 1
    before = text[text.rfind("\n", 0, max(0, line_start - 1)) + 1 : m.start()][-120:]
    if _in_a_stored_hash(text, m.start(), m.end()):
        return False
    return bool(_KEY_WORDS.search(before)) and not _NOT_A_KEY.search(before) and looks_random(value.removeprefix("0x"))


def _in_a_stored_hash(text: str, start: int, end: int) -> bool:
    """(round thirty-three) The hex is the digest of a password's stored hash (Werkzeug's `scrypt:32768:8:1$<salt>$
    <hex>`, Django's `pbkdf2_sha256$…$…`): what a login is checked against, told by its own format, never a key."""
    if start == 0 or text[start - 1] != "$":
        return False
    head = re.search(r"[^\s\"'`]*\Z", text[max(0, start - 200) : start])
    tail = re.match(r"[^\s\"'`]*", text[end : end + 200])
    token = (head.group(0) if head else "") + text[start:end] + (tail.group(0) if tail else "")
    return is_password_hash(token)


_KEY_FILE = (
    r"(?:[\w.~/\\-]*(?:priv|secret|\.key\b|_key\b|-key\b|privatekey|id_(?:rsa|dsa|ecdsa|ed25519)\b|\.ppk\b|"
    r"keyfile|keystore|seed|\bwallet|\.sec\b)[\w.~/\\-]*)"
)


def _key_file_output(value: str, m: re.Match[str]) -> bool:
    body = re.sub(r"\s", "", value)
    return len(body) >= 32 and looks_random(body[:64])


def _byte_array_key(value: str, m: re.Match[str]) -> bool:
    """64 (or 32) numbers 0-255: a Solana keypair file, a key's bytes in code."""
    numbers = [int(n) for n in re.findall(r"\d+", value)]
    return len(numbers) in (32, 64) and all(n < 256 for n in numbers) and len(set(numbers)) >= len(numbers) // 2


def _keypair_bytes(value: str, m: re.Match[str]) -> bool:
    """64 bytes with no word near them, told as a Solana keypair (`id.json`) by what they are: the last 32 are
    the Ed25519 public key of the first 32, or the array is the whole file or output (the CLI's keypair file
    holds nothing else; a list of 64 bytes in code or a test sits among other text)."""
    numbers = [int(n) for n in re.findall(r"\d+", value)]
    if len(numbers) != 64 or any(n > 255 for n in numbers):
        return False
    alone = not m.string[: m.start()].strip() and not m.string[m.end() :].strip()
    return (alone and len(set(numbers)) >= 32) or public_key(bytes(numbers[:32])) == bytes(numbers[32:])


# Where a key's body sits with no structure to tell it by (its first line cut off, or random as the bytes of
# an OpenSSH or PuTTY key's middle are): lines of base64 as long as PEM's (64) or OpenSSH's (70), right after
# a word that names a private key or a key file, with no word of a certificate or a public key there.
_KEY_BODY_WORDS = re.compile(
    r"(?i)priv(?:ate)?[ _-]?key|privkey|secret[ _-]?key|signing[ _-]?key|ssh[ _-]key|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|"
    r"\.(?:key|pem|ppk)\b|\bpem\b|鍵|密钥|私钥|秘密鍵|schlüssel|clé|clave|chave"
)
_NOT_PRIVATE = re.compile(r"(?i)cert|public|pub\b|\.pub\b|ca[ _-]?bundle|x509|csr\b|公開|公钥|证书")


def _key_body_near_words(value: str, m: re.Match[str]) -> bool:
    before = m.string[max(0, m.start() - 300) : m.start()]
    if not _KEY_BODY_WORDS.search(before) or _NOT_PRIVATE.search(before):
        return False
    head = _decoded_head(value)
    if head[:1] == b"\x30" and not der_private_key(head):
        return False  # a DER structure, and not a private key's (a certificate's, a public key's)
    first = value.split("\n", 1)[0].strip()
    return looks_random(first)


KEY_MATERIAL_RULES = (
    Rule(
        "private-key",
        SECRET,
        _DER_BODY,
        ("mig", "mih", "mii", "caq"),
        accept=_der_key_body,
        rule_id="private-key-der-structure",
    ),
    Rule(
        "private-key",
        SECRET,
        r"(?m)^[ \t]*(?P<v>(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70})[ \t]*\r?\n"
        r"(?:[ \t]*(?:[A-Za-z0-9+/]{64}|[A-Za-z0-9+/]{70})[ \t]*\r?\n)+[ \t]*[A-Za-z0-9+/]{0,69}={0,2})",
        (
            "private",
            "privkey",
            "secret key",
            "secret_key",
            "secret-key",
            "signing key",
            "signing_key",
            "ssh key",
            "ssh-key",
            "pem",
            ".key",
            ".ppk",
            "id_rsa",
            "id_dsa",
            "id_ecdsa",
            "id_ed25519",
            "鍵",
            "密钥",
            "私钥",
            "schlüssel",
            "clé",
            "clave",
            "chave",
        ),
        group="v",
        accept=_key_body_near_words,
        rule_id="key-body-near-words",
    ),
    # minisign's and signify's secret key file: its first line says what the next one is
    Rule(
        "private-key",
        SECRET,
        r"untrusted comment:[^\n]*secret key[^\n]*\r?\n(?P<v>[A-Za-z0-9+/]{40,}={0,2})",
        ("untrusted comment:",),
        group="v",
        rule_id="minisign-secret-key",
    ),
    # what a key generator printed (`wg genkey`, `wg genkey | tee privatekey`; not `… | wg pubkey`, which
    # prints the public key), or `cat` of a key file
    Rule(
        "private-key",
        SECRET,
        r"(?m)(?:\bwg[ \t]+genkey\b(?![^\n]*pubkey)[^\n]*|"
        r"(?:\bcat|\btype|Get-Content|\bhead|\bless|\bmore|\bbat)[ \t]+"
        + _KEY_FILE
        + r"[ \t]*)\r?\n(?P<v>(?:[A-Za-z0-9+/=_-]{32,}(?:\r?\n|$))+)",
        ("wg genkey", "cat ", "type ", "get-content", "head ", "less ", "more ", "bat "),
        group="v",
        accept=_key_file_output,
        at_keyword=True,  # (a match starts at its command: tried there only, `cat ` is in much prose)
        rule_id="key-file-output",
    ),
    Rule(
        "private-key",
        SECRET,
        r"(?<![\w])(?:[5KLc9][1-9A-HJ-NP-Za-km-z]{50,51}|[xt]prv[1-9A-HJ-NP-Za-km-z]{107,108})(?![\w])",
        # (the words a wallet key is pasted with: a Base58 run of its length is rare, its checksum rarer)
        ("xprv", "tprv", "wif", "privkey", "private", "wallet", "bitcoin", "btc", "key", "secret", "seed"),
        accept=_wallet_key,
        rule_id="wallet-key",
    ),
    # (round eighteen) a private key as `openssl pkey|rsa|ec -text` prints it: its private parts in colon-separated
    # hex under their own labels (`priv:`, `privateExponent:`, `prime1:` … `coefficient:`); `modulus:`, `pub:`
    # and `publicExponent:` are public and stay
    Rule(
        "private-key",
        SECRET,
        r"(?m)^[ \t]*(?:priv|privateExponent|prime[12]|exponent[12]|coefficient)[ \t]*:[ \t]*\r?\n"
        r"(?P<v>(?:[ \t]+(?:[0-9a-fA-F]{2}:)*[0-9a-fA-F]{2}:?[ \t]*(?:\r?\n|$))+)",
        ("priv:", "privateexponent:", "prime1:", "prime2:", "exponent1:", "exponent2:", "coefficient:"),
        group="v",
        accept=lambda value, m: len(re.findall(r"[0-9a-fA-F]{2}", value)) >= 16,
        rule_id="openssl-text-private-part",
    ),
    # a Nostr private key (NIP-19's bech32 `nsec1…`)
    Rule("private-key", SECRET, r"\bnsec1[02-9ac-hj-np-z]{58}\b", ("nsec1",), rule_id="nostr-secret-key"),
    Rule(
        "private-key",
        SECRET,
        r"(?<![\w:@])(?:0x)?[0-9a-fA-F]{64}(?![\w])",
        ("priv", "secret", "sign", "seed", "wallet", "deployer", "keypair", "accounts", "master", "encryption"),
        accept=_hex_key,
        window=(10, 200),  # (the key word comes first, on the value's line or the line before)
        rule_id="hex-key-near-words",
    ),
    _GluedDerRule(
        "private-key",
        SECRET,
        _DER_BODY.removeprefix("M(?<![A-Za-z0-9+/]M)").join(("M", "")),
        ("mig", "mih", "mii", "caq"),
        accept=_der_key_body,
        rule_id="private-key-der-glued",
    ),
    Rule(
        "private-key",
        SECRET,
        _NAMED_KEY,
        ("key", "secret", "seed", "schlüssel", "clé", "clave", "chave", "密钥", "秘钥", "鍵"),
        group="v",
        accept=_named_key,
        window=(60, 200),
        rule_id="key-named-by-its-word",
    ),
    Rule(
        "private-key",
        SECRET,
        r"\[[ \t\r\n]*(?:\d{1,3}[ \t\r\n]*,[ \t\r\n]*){31,63}\d{1,3}[ \t\r\n]*\]",
        ("solana", "keypair", "id.json", "secretkey", "secret_key", "private", "wallet"),
        accept=_byte_array_key,
        rule_id="byte-array-key",
    ),
    Rule(
        "private-key",
        SECRET,
        r"\[[ \t\r\n]*(?:\d{1,3}[ \t\r\n]*,[ \t\r\n]*){63}\d{1,3}[ \t\r\n]*\]",
        ("[",),
        accept=_keypair_bytes,
        rule_id="ed25519-keypair-bytes",
    ),
    SEED_PHRASE_RULE,
)
