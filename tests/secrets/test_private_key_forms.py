"""Issue 22: a private key in the forms developers meet besides a PEM block, each written here: a PEM block
base64-encoded once more (a Kubernetes secret's `tls.key`), a JSON Web Key's private members, .NET's XML form
of an RSA key, and a wallet's key told in a sentence ("the private key is 0x…", "私钥是 0x…"). And what only
looks like one: a certificate encoded the same way, a public JWK, a public XML key, a transaction hash.

Every key is fake, assembled at run time from a seeded generator.
"""

from __future__ import annotations

import base64
import json
import random

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner

rnd = random.Random(20261203)


def b64(n: int) -> str:
    return base64.b64encode(bytes(rnd.getrandbits(8) for _ in range(n))).decode()


def b64url(n: int) -> str:
    return b64(n).rstrip("=").replace("+", "-").replace("/", "_")


def hex64() -> str:
    return "".join(rnd.choice("0123456789abcdef") for _ in range(64))


PEM = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(b64(48) for _ in range(8)) + "\n-----END RSA PRIVATE KEY-----\n"
CERT = "-----BEGIN CERTIFICATE-----\n" + "\n".join(b64(48) for _ in range(8)) + "\n-----END CERTIFICATE-----\n"
ENCODED_KEY = base64.b64encode(PEM.encode()).decode()
ENCODED_CERT = base64.b64encode(CERT.encode()).decode()
D, P, Q = b64url(32), b64url(64), b64url(64)
XML_D = b64(128)
WALLET = "0x" + hex64()
WALLET_ZH = "0x" + hex64()


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    (
        f"kind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.crt: {ENCODED_CERT}\n  tls.key: {ENCODED_KEY}\n",
        ENCODED_KEY,
    ),
    (json.dumps({"kty": "EC", "crv": "P-256", "x": b64url(32), "y": b64url(32), "d": D}, indent=2), D),
    (json.dumps({"keys": [{"kty": "RSA", "n": b64url(256), "e": "AQAB", "d": b64url(256), "p": P, "q": Q}]}), P),
    (f"<RSAKeyValue><Modulus>{b64(128)}</Modulus><Exponent>AQAB</Exponent><D>{XML_D}</D></RSAKeyValue>", XML_D),
    (f"the deployer wallet's private key is {WALLET}, it only holds testnet ETH", WALLET),
    (f"部署用的钱包私钥是 {WALLET_ZH} 别提交", WALLET_ZH),
]

CLEAN = [
    f"apiVersion: v1\nkind: Secret\ndata:\n  ca.crt: {ENCODED_CERT}\n",
    json.dumps({"kty": "EC", "crv": "P-256", "x": b64url(32), "y": b64url(32), "use": "sig", "kid": "k1"}),
    f"<RSAKeyValue><Modulus>{b64(128)}</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>",
    f"the transaction {'0x' + hex64()} confirmed in block 19,204,117",
    "the private key is stored in the vault under ci/deploy, never in the repo",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_a_private_key_in_another_form_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text[:80]


@pytest.mark.parametrize("text", CLEAN)
def test_what_only_looks_like_a_private_key_is_not(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.category == "secret"], text[:80]


PHRASE_12 = "piano oyster lunar cabin fringe absorb velvet timber scout glide mango ripple"
PHRASE_24 = PHRASE_12 + " tuna arch rally bright valve oxygen spice glory draft mimic shell crop"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'export MNEMONIC="{PHRASE_24}"', PHRASE_24),
        (f"the seed phrase of the test wallet is {PHRASE_12}", PHRASE_12),
        (f"recovery phrase was {PHRASE_12} and I lost the paper", PHRASE_12),
    ],
)
def test_a_wallets_recovery_phrase_is_its_key(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        'MNEMONIC="test test test test test test test test test test test junk"',  # Hardhat's public default
        "the seed phrase is stored in vault and rotated every month for the ops team here",
        "a mnemonic for the flag: short and sweet, easy to type",
    ],
)
def test_what_only_names_a_recovery_phrase_is_not_one(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text


def test_a_recovery_phrase_followed_by_a_sentence_is_flagged_whole(scanner: Scanner) -> None:
    phrase = "witch collapse practice feed shame open despair creek road again ice least"
    text = f"the seed phrase is {phrase} but the wallet does not load"
    assert flagged_whole(scanner, text, phrase)
