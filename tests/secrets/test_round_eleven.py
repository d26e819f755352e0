"""Issue 22, round eleven: the classes round ten noticed and left, with sentences written here (none a set's).

- a West African given name the gazetteer lacks, before a family name it knows, with no cue (`Oluwaseun
  Adeyemi fixed…`): told by its open syllables, the structure such names are made of;
- a Chinese name of two characters with no title before it (`是张伟写的`), where both sides say it is a person's;
- a name written family name first in three words whose last is a word too (`Nguyen Van An`);
- a wallet's recovery phrase written numbered or one word a line;
- a private key's base64 glued to other base64 on its line;
- a bare key of a key's length (hex or base64), named by the word before it (`the AES key is …`).
"""

from __future__ import annotations

import base64

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Oluwaseun Adeyemi fixed the flaky upload test yesterday", "Oluwaseun Adeyemi"),
        ("the retry logic came from Oluwaseun Adeyemi last spring", "Oluwaseun Adeyemi"),
        ("I owe Chidinma Okonkwo a coffee for this one", "Chidinma Okonkwo"),
        ("Temitope Balogun rewrote the importer in March", "Temitope Balogun"),
        ("the release notes credit Babatunde Olawale and the QA team", "Babatunde Olawale"),
        ("Ikechukwu Nwosu and I paired on the cache eviction", "Ikechukwu Nwosu"),
    ],
)
def test_a_west_african_given_name_is_told_by_its_syllables(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("这个接口是张伟写的，我不太熟", "张伟"),
        ("部署脚本的问题跟王芳确认一下", "王芳"),
        ("李娜说这个字段要改成可选", "李娜"),
        ("这个bug是刘洋发现的", "刘洋"),
    ],
)
def test_a_two_character_chinese_name_is_found_between_what_says_it_is_a_person(
    scanner: Scanner, text: str, value: str
) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("the migration was reviewed by Nguyen Van An last week", "Nguyen Van An"),
        ("Nguyen Van An approved the rollout plan", "Nguyen Van An"),
    ],
)
def test_a_family_first_name_whose_last_word_is_a_word(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


_WORDS = ["abandon", "ability", "able", "about", "above", "absent"]
_WORDS += ["absorb", "abstract", "absurd", "abuse", "access", "accident"]


@pytest.mark.parametrize(
    "text",
    [
        "my backup words:\n" + " ".join(f"{i}. {w}" for i, w in enumerate(_WORDS, 1)),
        "".join(f"{i}) {w}\n" for i, w in enumerate(_WORDS, 1)),
        "written on the card:\n" + "\n".join(_WORDS) + "\n",
    ],
)
def test_a_recovery_phrase_numbered_or_one_word_a_line_is_flagged_whole(scanner: Scanner, text: str) -> None:
    start = text.index("1") if text.lstrip().startswith("1") or "1." in text else text.index(_WORDS[0])
    value = text[start : text.rindex(_WORDS[-1]) + len(_WORDS[-1])]
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        "Steps: 1. clone 2. build 3. test 4. ship 5. wait 6. check 7. fix 8. push 9. merge 10. tag 11. release 12. go",
        "1. open the file 2. read it 3. close it",
        "3. apple 1. banana 2. cherry 7. orange 4. lemon 9. melon 5. grape 6. peach 8. mango 10. olive 12. wine",
    ],
)
def test_a_numbered_list_of_steps_is_no_phrase(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "private-key"], text


# a SEC1 EC private key (P-256, made with openssl for this test; no use anywhere)
_EC_KEY = (
    "MHcCAQEEIGW14lhktVvvCi/IjLkRoe/CNtkkErk/7ZXaNqlMwRwtoAoGCCqGSM49AwEHoUQDQgAEo+8x2CIbXDPmJ0Q3xH7VYvOwCfk6"
    "Yk3JFwT2U0d8X3GqkK8eY8xqXsS9lB9gq1Wb7nsC8yJ1S6H2pZ3m0x4f5w=="
)


@pytest.mark.parametrize(
    "text",
    [
        f"blob: Zm9vYmFyYmF6{_EC_KEY}",
        f"TLS_BUNDLE={base64.b64encode(bytes(range(7, 55))).decode()}{_EC_KEY}",
    ],
)
def test_a_der_key_glued_to_other_base64_is_flagged(scanner: Scanner, text: str) -> None:
    assert flagged_whole(scanner, text, _EC_KEY), text


_HEX16 = "9f4c2a7be1d03586c4fa17e20b9d6c3a"
_B64_32 = "q9Zx3vL0Tn+Y8kWcR2pHf7sJd4aUe1bMg6oXiQ5yNhA="


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"the AES key is {_HEX16}", _HEX16),
        (f"signing key {_HEX16}", _HEX16),
        (f"encryption key -> {_B64_32} (rotate quarterly)", _B64_32),
        (f"der Schlüssel ist {_B64_32}", _B64_32),
        (f"密钥是 {_HEX16}", _HEX16),
    ],
)
def test_a_bare_key_named_by_its_word_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize(
    "text",
    [
        f"the cache key is {_HEX16}",
        f"request id {_HEX16}",
        f"the public signing key fingerprint is {_HEX16}",
        "encryption key sha1 9f4c2a7be1d03586c4fa17e20b9d6c3a9f4c2a7b",
        "the signing key lives in vault under prod/signing-key-2024",
        "这个是文明的做法，白天写的代码晚上测",
        "Kubernetes Deployment rolled out; Toronto office is closed",
    ],
)
def test_look_alikes_stay_clean(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), [text[f.start : f.end] for f in scanner.scan(text)]
