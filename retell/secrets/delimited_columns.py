"""(round forty-two) People and their phone numbers in a delimited table's columns: a CSV (or `;`, tab or `|` parted)
file a session prints under its header row names a person in each cell of a column headed as people, and a phone
number in each cell of a column headed as phones, whether or not any word beside the cell says so.

fresh44's school-shuttle bot printed `ogrenciler.csv` (`ogrenci,sinif,veli,telefon,chat_id,…`): of four pupils and
four parents, four names were flagged by their words, and none of the four parents' mobiles (`0532 418 27 90`)
were. A column of people is read as headed_names (column_names.py) reads an aligned table's: its cells written as
names, at least half of them (and two or more) a given or family name the gazetteer knows; a phone column's cell is
a phone where libphonenumber accepts it as one that a word says is one (`personal._phone`, said)."""

from __future__ import annotations

import re

from retell.secrets.column_names import _PERSON_HEADERS, MATES, _lines, _name_cell
from retell.secrets.gazetteer import known_person
from retell.secrets.values import words

_DELIMITERS = (",", ";", "\t", "|")
# A header's words, apart: `veli_tel`, `parentPhone`, `Telefon-Nr.` (snake, camel, kebab or spaced)
_HEADER_WORD = re.compile(r"[A-Z]?[^\W\d_A-Z]+|[^\W\d_]+")
# The words of a header that says its column holds phone numbers, in the languages authors write in
_PHONE_HEADER_WORDS = words(
    "phone phones tel telephone mobile mob cell cellphone fax msisdn whatsapp gsm cep telefon telefonnummer handy "
    "mobil mobilnummer rufnummer téléphone portable teléfono telefono móvil movil celular telefone telemóvel "
    "telefoon mobiel sđt sdt điện thoại телефон тел моб komórka komorka telefonu puhelin "
    "电话 手机 電話 手機 携帯 電話番号 전화 전화번호 휴대폰 연락처 เบอร์ โทร"
)
# Who a column's cells are, said in a header beside the names column_names knows: a pupil, a parent, a borrower
_MORE_PERSON_HEADERS = words(
    "ogrenci öğrenci veli üye müşteri parent guardian owner borrower recipient kunde mitglied schüler teilnehmer "
    "ausleiher uczeń kursant kursantka klient klientka aluno responsável"
)
# A header's last word that says the column is a name (`veli_adi`, `parent_name`, `student name`)
_NAME_WORDS = words("name names adi adı isim nombre nom nome naam imię jméno имя")


def delimited_people(text: str) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(the spans of people's names, the spans of phone numbers) in the columns of `text`'s delimited tables that
    their header row says hold them."""
    if "\n" not in text or not any(d in text for d in _DELIMITERS):
        return [], []
    names: list[tuple[int, int]] = []
    phones: list[tuple[int, int]] = []
    lines = _lines(text)
    for index, (a, b) in enumerate(lines):
        header = text[a:b]
        delimiter = _delimiter(header)
        if delimiter is None:
            continue
        labels = [cell.strip().strip("\"'") for cell in header.split(delimiter)]
        if not all(_label(label) for label in labels):
            continue
        rows = _rows(text, lines[index + 1 :], delimiter, len(labels))
        if not rows:
            continue
        for column, label in enumerate(labels):
            cells = [row[column] for row in rows]
            if _people_header(label):
                named = [(s, e, v) for s, e, v in cells if _name_cell(v)]
                known = sum(1 for _, _, v in named if known_person(v.split()))
                if known >= MATES and known * 2 >= len(named):
                    names.extend((s, e) for s, e, _ in named)
            elif _phone_header(label):
                phones.extend((s, e) for s, e, v in cells if _a_phone(text, s, v))
    return names, phones


def _delimiter(header: str) -> str | None:
    """The delimiter of a header row: the one it holds at least twice (so three columns or more)."""
    counts = {d: header.count(d) for d in _DELIMITERS}
    best = max(counts, key=lambda d: counts[d])
    return best if counts[best] >= 2 else None


def _label(cell: str) -> bool:
    """A cell that can head a column: a short label of letters (digits, `_`, `-`, `.`, a space, `#`, `%` or a unit in
    parentheses within: `Weight (kg)`, fresh47's blood donors), no value (a number, a date, an address)."""
    return 0 < len(cell) <= 30 and re.fullmatch(r"[^\W\d][\w .#/%()-]*", cell) is not None


def _rows(text: str, lines: list[tuple[int, int]], delimiter: str, width: int) -> list[list[tuple[int, int, str]]]:
    """The rows under a header to the table's end (a blank line, or a line of another width): each cell as (start,
    end, text stripped of its spaces and quotes)."""
    rows = []
    for a, b in lines:
        line = text[a:b]
        if not line.strip():
            break
        parts = line.split(delimiter)
        if len(parts) != width:
            break
        cells, at = [], a
        for part in parts:
            inner = part.strip().strip("\"'")
            start = at + part.find(inner) if inner else at
            cells.append((start, start + len(inner), inner))
            at += len(part) + 1
        rows.append(cells)
    return rows


def _words(label: str) -> list[str]:
    return [w.lower() for w in _HEADER_WORD.findall(label)]


def _people_header(label: str) -> bool:
    spaced = " ".join(_words(label))
    words = spaced.split()
    return bool(words) and (
        spaced in _PERSON_HEADERS
        or spaced in _MORE_PERSON_HEADERS
        or (len(words) > 1 and words[-1] in _NAME_WORDS and not {"file", "user", "host", "dosya"} & set(words))
    )


def _phone_header(label: str) -> bool:
    return any(w in _PHONE_HEADER_WORDS for w in _words(label)) or label.lower() in _PHONE_HEADER_WORDS


def _a_phone(text: str, start: int, value: str) -> bool:
    from retell.secrets.personal import _phone

    if not value or not re.fullmatch(r"\+?[\d ()./-]{7,20}", value):
        return False
    found = re.compile(re.escape(value)).match(text, start)
    return found is not None and _phone(value, found, said=True)
