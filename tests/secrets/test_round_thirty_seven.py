"""Round thirty-seven (secrets): a person's name behind a title, and a Japanese column heading that is no name.

Found on fresh36 (stop 59, sessions written blind): a client list printed `"cliente": "Sra. Rocío Mendoza"`, the
triage redacted that name, and the author's own message still told "la señora Mendoza" to the model and the post; a
guest register's column `宿泊者氏名` ("guest's full name") was flagged as the name `宿泊者` (氏 read as the honorific
"Mr/Ms", where 氏名 is the word "full name"), and every prompt showed `[REDACTED:person-name]氏名`. The class: the
family name after a title (señora, Sra., Mrs, Frau, pani, …) or the given name after "doña" is the same person, under
the author's one decision; 氏名, 様式 and 様子 are words, not an honorific. Every name here is this file's own.
"""

from __future__ import annotations

import pytest
from secrets_support import name_redactor

from retell.redact import Redactor
from retell.secrets import Scanner

NAME = "Araceli Montelongo"
SALT = "b11d0000-0000-4000-8000-000000000037"


def _redactor(action: str = "redact", replacement: str = "") -> Redactor:
    return name_redactor(NAME, SALT, action, replacement)


TITLED = [
    "Tuvimos que mandarle a la señora Montelongo el inflable de dinosaurio.",
    "la #591 (Sra. Montelongo, evento domingo 1)",
    "Mrs Montelongo called about the deposit.",
    "Frau Montelongo hat die Rechnung bezahlt.",
    "Le dije a doña Araceli que sí.",
    "SEÑORA MONTELONGO pidió dos mesas",
    "La Sra. Araceli ya pagó el anticipo.",
    "Dzwoniła pani Araceli w sprawie faktury.",
]


@pytest.mark.parametrize("text", TITLED)
def test_a_redacted_name_is_redacted_behind_a_title(text: str) -> None:
    out = _redactor().text(text)
    assert "montelongo" not in out.lower() and "araceli" not in out.lower()
    assert "[REDACTED:person-name]" in out


@pytest.mark.parametrize("text", TITLED)
def test_a_kept_name_is_kept_behind_a_title(text: str) -> None:
    redactor = _redactor("keep")
    assert redactor.text(text) == text
    assert redactor.uncleared(text) == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a la señora Montelongo el de dinosaurio", "a la señora Doe el de dinosaurio"),
        ("Le dije a doña Araceli que sí.", "Le dije a doña Jane que sí."),
        ("La Sra. Araceli ya pagó.", "La Sra. Jane ya pagó."),
        ("cliente: Araceli Montelongo", "cliente: Jane Doe"),
    ],
)
def test_a_replaced_name_keeps_its_title(text: str, expected: str) -> None:
    assert _redactor("replace", "Jane Doe").text(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "the Montelongo family",  # the family name alone, no title: not looked for
        "Mr. Montelongovich phoned",  # a longer word
    ],
)
def test_a_family_name_without_a_title_is_left(text: str) -> None:
    assert _redactor().text(text) == text


@pytest.mark.parametrize(
    "text",
    [
        '"予約者氏名","宿泊者氏名","郵便番号","住所1"',
        "名簿には実際に泊まる方を載せるべきなので、`宿泊者氏名` を使います。",
        "届出の様式は宿泊者名簿様式に従います。",
    ],
)
def test_a_japanese_word_that_holds_an_honorifics_letter_names_no_one(text: str) -> None:
    assert [f for f in Scanner().scan(text) if f.kind == "person-name"] == []


def test_a_japanese_name_with_its_honorific_is_still_found() -> None:
    found = [f.value for f in Scanner().scan("チェックインは佐藤様が担当します。") if f.kind == "person-name"]
    assert found == ["佐藤"]


@pytest.mark.parametrize(
    "text",
    [
        # "by his summary, Levi celebrates on 10 Adar II" (blind53's writer: the outline was refused for it)
        "ולפי הסיכום שלו לוי חוגג בי' אדר ב' תש\"צ, פרשת ויקרא.",
        "הטסט של כהן עבר",  # "Cohen's test passed"
    ],
)
def test_a_hebrew_word_of_grammar_before_a_family_name_is_no_given_name(text: str) -> None:
    assert [f for f in Scanner().scan(text) if f.kind == "person-name"] == []


def test_a_hebrew_given_and_family_name_is_still_found() -> None:
    found = [f.value for f in Scanner().scan("מחר דוד לוי כתב את הסקריפט") if f.kind == "person-name"]
    assert found == ["דוד לוי"]


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("מחר דוד לוי אמר שזה בסדר", "דוד לוי"),  # "tomorrow David Levi said it's fine": the verb is not the name's
        ("דנה כהן כתבה את זה", "דנה כהן"),
    ],
)
def test_a_verb_of_speech_after_a_name_is_not_redacted_with_it(text: str, name: str) -> None:
    assert [f.value for f in Scanner().scan(text) if f.kind == "person-name"] == [name]
