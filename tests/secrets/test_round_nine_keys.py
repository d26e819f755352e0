"""Issue 22, round nine: key material known by what it is. A private key's DER body told by its structure,
whatever its header, its length or its type (an EC key in PKCS#8 with no BEGIN line was missed: its base64
starts `MIGH…`, a prefix no list had); an encrypted PKCS#8 key and a PKCS#12 keystore in base64; a wallet key
told by its Base58Check checksum (WIF, `xprv`); a Nostr `nsec1…`; minisign's secret key file; what
`wg genkey` or `cat` of a key file printed; a key's hex or byte array beside a word that names a key. And
what only looks like one: a certificate's and a public key's bodies, checksums, a transaction hash, a
WireGuard public key, a random Base58 string, minisign's public key.

Every key is fake: DER headers of the real shapes with seeded random bytes after them.
"""

from __future__ import annotations

import base64
import hashlib
import json
import random
import textwrap

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner

rnd = random.Random(99)


def raw(n: int) -> bytes:
    return bytes(rnd.getrandbits(8) for _ in range(n))


def body(head_hex: str, rest: int, width: int = 64) -> str:
    """A PEM body without its BEGIN and END lines: a real DER header, then random bytes."""
    encoded = base64.b64encode(bytes.fromhex(head_hex) + raw(rest)).decode()
    return "\n".join(textwrap.wrap(encoded, width))


def base58check(payload: bytes) -> str:
    alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
    data = payload + hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    number, out = int.from_bytes(data, "big"), ""
    while number:
        number, digit = divmod(number, 58)
        out = alphabet[digit] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def hex_chars(n: int) -> str:
    return raw(n // 2).hex()


# PKCS#8 EC P-256 (`MIGH…`), P-384 (`MIG2…`), an encrypted PKCS#8 (PBES2, `MIHs…`), a PKCS#12 keystore
EC_P256 = body("308187020100301306072a8648ce3d020106082a8648ce3d030107046d306b0201010420", 80)
EC_P384 = body("3081b6020100301006072a8648ce3d020106052b8104002204819e30819b0201010430", 140)
ENCRYPTED = body("3081ec305706092a864886f70d01050d304a302906092a864886f70d01050c301c0408", 200)
KEYSTORE = base64.b64encode(bytes.fromhex("308209cf0201033082099506092a864886f70d010701") + raw(600)).decode()
WIF = base58check(b"\x80" + raw(32) + b"\x01")
XPRV = base58check(bytes.fromhex("0488ade4") + raw(74))
NSEC = "nsec1" + "".join(rnd.choice("qpzry9x8gf2tvdw0s3jn54khce6mua7l") for _ in range(58))
MINISIGN = base64.b64encode(b"EdBK" + raw(150)).decode()
WG = base64.b64encode(raw(32)).decode()
SIGNING_HEX = hex_chars(64)
DEPLOYER = "0x" + hex_chars(64)
SOLANA = json.dumps([rnd.randrange(256) for _ in range(64)])
MASTER_KEY = hex_chars(32)
# a key's middle, with no structure to tell it by: random lines of PEM's width (64) and OpenSSH's (70)
MIDDLE = "\n".join(textwrap.wrap(base64.b64encode(raw(300)).decode(), 64))
OPENSSH_MIDDLE = "\n".join(textwrap.wrap(base64.b64encode(raw(400)).decode(), 70))


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    (f"lost the first line when I pasted it from the vault, this is the rest:\n\n{EC_P256}\n\nfix it?", EC_P256),
    (f"the jwt signer uses this one (P-384):\n{EC_P384}\n", EC_P384),
    (f"  key: |\n    {EC_P256.replace(chr(10), chr(10) + '    ')}\n", EC_P256.split("\n")[0]),
    (f'SIGNING_KEY="{EC_P384.replace(chr(10), "")}"', EC_P384.replace("\n", "")),
    (f"here is the encrypted key, password comes separately:\n{ENCRYPTED}\n", ENCRYPTED),
    (f"KEYSTORE_B64={KEYSTORE}\n", KEYSTORE),
    (f"bitcoin-cli importprivkey {WIF} rescan", WIF),
    (f"the test wallet's master key: {XPRV}", XPRV),
    (f"my nostr login is {NSEC} don't share it", NSEC),
    (f"untrusted comment: minisign encrypted secret key\n{MINISIGN}\n", MINISIGN),
    (f"$ wg genkey | tee /etc/wireguard/private.key\n{WG}\n", WG),
    (f"$ cat config/master.key\n{MASTER_KEY}\n", MASTER_KEY),
    (f"ed25519 signing seed: {SIGNING_HEX}", SIGNING_HEX),
    (f'networks: {{ sepolia: {{ url: RPC, accounts: ["{DEPLOYER}"] }} }}', DEPLOYER),
    (f"$ cat ~/.config/solana/id.json\n{SOLANA}\n", SOLANA),
    (f"the middle of my private key, the first lines got lost:\n{MIDDLE}\n", MIDDLE),
    (f"$ sed -n 3,9p ~/.ssh/id_ed25519\n{OPENSSH_MIDDLE}\n", OPENSSH_MIDDLE),
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_key_material_is_flagged_by_what_it_is(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text[:90]


CERTIFICATE = body("308202f9308201e1a003020102021400", 700)
PUBLIC_KEY = body("30820122300d06092a864886f70d01010105000382010f003082010a0282010100", 260)
RSA_PUBLIC = body("3082010a0282010100", 260)
CLEAN = [
    f"the CA's body, without its header:\n{CERTIFICATE}\n",
    f"CA_CERT={CERTIFICATE.replace(chr(10), '')}",
    f"and the public half:\n{PUBLIC_KEY}\n",
    f"{RSA_PUBLIC}\n",
    f"{hex_chars(64)}  dist/retell-1.4.0.tar.gz\n",
    f"tx hash: 0x{hex_chars(64)} (block 19204117)",
    f"$ wg genkey | tee privatekey | wg pubkey\n{base64.b64encode(raw(32)).decode()}\n",
    f"[Peer]\nPublicKey = {base64.b64encode(raw(32)).decode()}\nAllowedIPs = 10.8.0.0/24\n".replace("10.8", "0.0"),
    "untrusted comment: minisign public key 5A2F\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3\n",
    "5" + "".join(rnd.choice("123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz") for _ in range(50)),
    "we store the signing key in KMS; the private key never leaves it, see docs/keys.md",
    f"the CA certificate for the pem bundle:\n{chr(10).join(textwrap.wrap(base64.b64encode(raw(300)).decode(), 64))}\n",
    f"a png, base64:\n{chr(10).join(textwrap.wrap(base64.b64encode(raw(300)).decode(), 64))}\n",
    "the migration moved MIGRATION_LOCK to the new table, see Migrations/MigrationHistory",
]


@pytest.mark.parametrize("text", CLEAN)
def test_what_only_looks_like_key_material_is_not_flagged(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text[:90]
