"""Issue 22, round nine: people's names in the classes the sixth blind pair missed, each with sentences written
here. A name given a role on a change (`add Elif Karataş as reviewer`), a double-barrelled family name
(`Asantewaa-Mensah`: it was cut in half), a name written family name first (`Nguyen Van Minh`, `Müller Hans`),
a name typed without its accents (`Tran Thi Hoa`, `Karatas`), a Chinese name after a colleague's title and
before what they did (`同事孙嘉怡写的`), a Japanese name with its space in a Chinese sentence. And what only
looks like a name: tools, models, places, headings, Python's `elif`.
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


NAMES = {
    "given a role": [
        ("please add Elif Karataş as reviewer on the PR", "Elif Karataş"),
        ("set Grace Okoro as assignee for the flaky test", "Grace Okoro"),
        ("ich habe Mark Schmitt als Reviewer eingetragen", "Mark Schmitt"),
    ],
    "double-barrelled": [
        ("I kept Abena Asantewaa-Mensah's retry logic as it was", "Abena Asantewaa-Mensah"),
        ("Ngozi Okafor-Eze kept the old schema", "Ngozi Okafor-Eze"),
        ("Ana Silva-Pereira kept the cache warm", "Ana Silva-Pereira"),
    ],
    "family first": [
        ("Nguyen Van Minh fixed the flaky upload test", "Nguyen Van Minh"),
        ("the report is from Hoang Minh Tuan in Hanoi", "Hoang Minh Tuan"),
        ("Müller Hans als Reviewer eintragen, bitte", "Müller Hans"),
        ("Dang Quoc Minh approved the change", "Dang Quoc Minh"),
    ],
    "typed without accents": [
        ("Tran Thi Hoa merged it last night", "Tran Thi Hoa"),
        ("add Elif Karatas as reviewer", "Elif Karatas"),
    ],
    "Chinese and Japanese after a title": [
        ("这个模块是同事孙嘉怡写的，有问题我去问她。", "孙嘉怡"),
        ("同事王伟写的脚本，别动", "王伟"),
        ("同事佐々木 翔太写的脚本，我没改过", "佐々木 翔太"),
        ("同事林嘉欣负责这个服务", "林嘉欣"),
    ],
}


@pytest.mark.parametrize(
    ("text", "name"), [case for cases in NAMES.values() for case in cases], ids=lambda value: str(value)[:24]
)
def test_a_persons_name_in_these_classes_is_flagged_whole(scanner: Scanner, text: str, name: str) -> None:
    assert flagged_whole(scanner, text, name), text


NOT_NAMES = [
    "the elif branch never runs; Python Elif Chains are what the linter flags",
    "Claude Code and Gemini CLI both read AGENTS.md",
    "deploy to Fort Worth Texas from the Hong Kong region",
    "Victoria Metrics as reviewer of last resort: it shows the spike",
    "Release Notes Draft Version Two",
    "we used Rosalind Franklin as sample data in the fixture",
    "同事说这个接口已经废弃了",
    "这个同事的电脑上可以跑",
]


@pytest.mark.parametrize("text", NOT_NAMES, ids=lambda text: text[:24])
def test_what_only_looks_like_a_name_is_not_flagged(scanner: Scanner, text: str) -> None:
    assert not [f for f in scanner.scan(text) if f.kind == "person-name"], text
