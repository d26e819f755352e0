"""Round twenty-seven (issue 22): what dev21 showed by class, with cases of this file's own (none a blind set's text).

- A block the author cannot act on: a password told in words is redacted, and the next value of its clause (a
  network's name, a user) is not a second one where the placeholder stands (round seventeen); but a prompt repeats
  that clause's words (a title, a hook, a list of the names the reader has met), and the scan flags every
  occurrence of a value it read once, so each copy stopped the prompt as "retell's own fault".
- The names the reader has met are read from cleared text: a redaction marker's word (`REDACTED`) is none.
"""

from __future__ import annotations

import pytest

from retell.redact import Redactor
from retell.secrets import Scanner
from retell.write.names import names_in

SCANNER = Scanner()

# (a clause that told a password, now redacted; the value the clause names next, copied elsewhere by retell)
TOLD = [
    ("the wifi password is [REDACTED:password-in-text], SSID Lobby-2G", "Lobby-2G"),
    ("das WLAN-Passwort ist [REDACTED:password-in-text], SSID Halle4-Nord", "Halle4-Nord"),
    ("la contraseña del wifi es [REDACTED:password-in-text], red Sala2-5G", "Sala2-5G"),
    ("mật khẩu wifi phòng họp là [REDACTED:password-in-text] nha, SSID là Lau7-Hop", "Lau7-Hop"),
    ("password wifi gudang [REDACTED:password-in-text] ya, SSID-nya Rak3-Timur", "Rak3-Timur"),
    ("le mot de passe wifi est [REDACTED:password-in-text], réseau Etage2-Sud", "Etage2-Sud"),
]


@pytest.mark.parametrize(("clause", "value"), TOLD)
def test_a_copy_of_the_next_value_is_no_secret_either(clause: str, value: str) -> None:
    prompt = (
        f"Purpose: From “{clause}” through 1 more ask.\n"
        f"- Names: the reader has already met SSID, {value} (in the opening); use them without introducing them.\n"
        f"[e1] AUTHOR: {clause}\n"
    )
    assert Redactor("s", {}, SCANNER, {}).find(prompt) == []


@pytest.mark.parametrize(("clause", "value"), TOLD[:3])
def test_a_real_secret_beside_the_copy_still_stops(clause: str, value: str) -> None:
    prompt = (
        f"[e1] AUTHOR: {clause}\n- Names: the reader has met {value}\n"
        "and the deploy token is ghp_Zq8XbV2mN4kL7pR1tY6wS3dF9hJ0cA5eU2iO\n"
    )
    found = Redactor("s", {}, SCANNER, {}).find(prompt)
    assert [f.value for f in found] == ["ghp_Zq8XbV2mN4kL7pR1tY6wS3dF9hJ0cA5eU2iO"]


def test_a_placeholder_names_nothing_the_reader_met() -> None:
    names = names_in("the password is [REDACTED:password-in-text], and [REDACTED:person-name] asked Kofi Mensah")
    assert "REDACTED" not in " ".join(names)
    assert "Kofi Mensah" in names


# -- a table's row of a person's name, each part in its column, in the languages of a form -----------------------

ROWS = [
    ("nome,cognome,citta\nGiulia,Bianchetti,Torino\n", ["Giulia", "Bianchetti"]),
    ("jméno,příjmení,město\nPetra,Dvořáková,Brno\n", ["Petra", "Dvořáková"]),
    ("имя,фамилия,город\nНаталья,Кузнецова,Казань\n", ["Наталья", "Кузнецова"]),
    ("prenume,nume,oras\nIoana,Dumitrescu,Cluj\n", ["Ioana", "Dumitrescu"]),
    ("vardas,pavardė\nRūta,Kazlauskienė\n", ["Rūta", "Kazlauskienė"]),
]


@pytest.mark.parametrize(("text", "names"), ROWS)
def test_a_name_in_its_parts_columns(text: str, names: list[str]) -> None:
    found = [f.value for f in SCANNER.scan(text) if f.kind == "person-name"]
    assert found == names


# a form's stand-in, its parts in their columns; a table of things under a bare `nome`
STAND_INS = [
    "nome,cognome,citta\nMario,Rossi,Milano\n",
    "Vorname,Nachname\nErika,Mustermann\n",
    "vardas,pavardė\nVardenis,Pavardenis\n",
    "nome,preco,estoque\nCadeira,120,4\nMesa,300,2\n",
    "nome,regione\nFirenze,Toscana\nBologna,Emilia-Romagna\n",
]


@pytest.mark.parametrize("text", STAND_INS)
def test_stand_ins_and_things_stay(text: str) -> None:
    assert [f.value for f in SCANNER.scan(text) if f.kind == "person-name"] == []


# the same tables as a diff shows them (a file the session wrote): each line's mark is no part of its first cell
@pytest.mark.parametrize("text", STAND_INS[:5])
def test_stand_ins_in_a_diff(text: str) -> None:
    diffed = "".join(f"+{line}\n" for line in text.splitlines())  # (as an edit event holds it: no hunk header)
    assert [f.value for f in SCANNER.scan(diffed) if f.kind == "person-name"] == []


@pytest.mark.parametrize(("text", "names"), ROWS[:3])
def test_a_name_in_a_diff(text: str, names: list[str]) -> None:
    diffed = "".join(f"+{line}\n" for line in text.splitlines())
    assert [f.value for f in SCANNER.scan(diffed) if f.kind == "person-name"] == names
