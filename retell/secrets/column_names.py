"""(round forty) A person's name in a column of names: a table printed with its cells aligned by spaces (a Cub pack's
badge list from PowerShell's Format-Table, fresh41) names a person in each row of its name column, whether or not any
word around the cell says so. Where the rules flagged two cells of one column as persons' names, every other cell of
that column in the same table that is written as a name (two or three capitalised words of letters) is one too: the
rows the rules could not read (`Leo Baptiste`, `Ruby Adeyemi`) are the same column's people."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from retell.secrets.gazetteer import known_person

MATES = 2  # flagged names a column needs before its other cells are read as names
_GAP = re.compile(r" {2,}|\t")  # between a table's cells: two spaces or more, or a tab
_NAME_CELL = re.compile(r"[^\W\d_][^\W\d_'’-]*(?: [^\W\d_][^\W\d_'’.-]*){1,2}")


def column_mates(text: str, names: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the names in the columns of `text` where `names` (the spans of the persons' names a scan found)
    are two cells or more."""
    if len(names) < MATES or "\n" not in text:
        return []
    lines = _lines(text)
    cells = [cell for a, b in names if (cell := _cell_at(text, lines, a, b)) is not None]
    columns = Counter(cells)
    out: list[tuple[int, int]] = []
    for (block, column), count in columns.items():
        if count < MATES:
            continue
        for start, end in lines[block[0] : block[1]]:
            at = start + column
            if at >= end or (column and not _GAP.search(text[max(start, at - 2) : at])):
                continue
            gap = _GAP.search(text, at, end)
            stop = gap.start() if gap else end
            if _name_cell(text[at:stop]):
                out.append((at, stop))
    return out


def _name_cell(value: str) -> bool:
    """A cell written as a name: two or three capitalised words of letters."""
    return _NAME_CELL.fullmatch(value) is not None and all(w[:1].isupper() for w in value.split())


def _lines(text: str) -> list[tuple[int, int]]:
    spans, at = [], 0
    for line in text.split("\n"):
        spans.append((at, at + len(line)))
        at += len(line) + 1
    return spans


def _cell_at(text: str, lines: list[tuple[int, int]], start: int, end: int) -> tuple[tuple[int, int], int] | None:
    """((the first line, the line after the last) of the table holding the cell, the cell's column) when
    text[start:end] is a whole cell of a table (a gap or the line's edge on both sides, and a gap elsewhere on its
    line); None otherwise."""
    index = next((i for i, (a, b) in enumerate(lines) if a <= start <= b), None)
    if index is None:
        return None
    a, b = lines[index]
    before, after = text[a:start], text[end:b]
    if (before and not _GAP.search(before[-2:])) or (after and not _GAP.match(after)):
        return None
    if not _GAP.search(text[a:b]):
        return None  # a line of prose, not a row
    first = index
    while first > 0 and text[lines[first - 1][0] : lines[first - 1][1]].strip():
        first -= 1
    last = index + 1
    while last < len(lines) and text[lines[last][0] : lines[last][1]].strip():
        last += 1
    return (first, last), start - a


# (round forty-one) The header of a column of people, in the languages retell has met: a table's "Name" column of
# members printed by a sqlite3 query or a script (fresh43's savings group, twelve Nigerian names, four of them flagged
# only where prose said them) names a person in each row.
_PERSON_HEADERS = frozenset(
    [
        "name",
        "names",
        "full name",
        "fullname",
        "full_name",
        "member",
        "members",
        "member name",
        "customer",
        "client",
        "guest",
        "player",
        "student",
        "pupil",
        "donor",
        "volunteer",
        "patient",
        "contact",
        "person",
        "employee",
        "attendee",
        "participant",
        "tenant",
        "nombre",
        "nombre completo",
        "cliente",
        "socio",
        "miembro",
        "nom",
        "nom complet",
        "nome",
        "nome completo",
        "naam",
        "imię",
        "imię i nazwisko",
        "jméno",
        "jméno a příjmení",
        "člen",
        "isim",
        "ad soyad",
        "имя",
        "фио",
        "ім'я",
        "піб",
        "姓名",
        "名前",
        "氏名",
        "이름",
        "ชื่อ",
        "ชื่อ-นามสกุล",
        "tên",
        "họ tên",
        "họ và tên",
        "nume",
        "nume și prenume",
        "navn",
        "namn",
        "nimi",
        "név",
        "όνομα",
        "שם",
        "اسم",
        "الاسم",
        "नाम",
    ]
)
_SEPARATOR = re.compile(r"[\s|+=:-]*")


def headed_names(text: str) -> list[tuple[int, int]]:
    """The spans of the name-shaped cells under a column header that names people ("Name", "Member", "Nombre") in a
    table of `text` whose cells are aligned by spaces, where at least half of them, and two or more, read as a
    person's (`gazetteer.known_person`: a "Name" column of teas, "Earl Grey", or of folders is no column of people)."""
    if "\n" not in text:
        return []
    lines = _lines(text)
    out: list[tuple[int, int]] = []
    for index, (a, b) in enumerate(lines):
        header = text[a:b]
        if not _GAP.search(header.strip()):
            continue
        for column, cell in _cells(header):
            if cell.lower() not in _PERSON_HEADERS:
                continue
            named = [
                (at, stop, value) for at, stop, value in _column(text, lines[index + 1 :], column) if _name_cell(value)
            ]
            known = sum(1 for _, _, value in named if known_person(value.split()))
            if known >= MATES and known * 2 >= len(named):
                out.extend((at, stop) for at, stop, _ in named)
    return out


def _cells(line: str) -> list[tuple[int, str]]:
    """(column, text) of each cell of a row whose cells are parted by gaps."""
    out, at = [], 0
    for part in _GAP.split(line):
        start = line.index(part, at) if part else at
        if part.strip():
            out.append((start + len(part) - len(part.lstrip()), part.strip()))
        at = start + len(part)
    return out


def _column(text: str, rows: Sequence[tuple[int, int]], column: int) -> list[tuple[int, int, str]]:
    """(start, end, text) of the cell that begins at `column` in each row under a header, to the table's end (a blank
    line); a rule under the header (`--  ----`) is skipped."""
    out = []
    for start, end in rows:
        row = text[start:end]
        if not row.strip():
            break
        if _SEPARATOR.fullmatch(row):
            continue
        at = start + column
        if at >= end or text[at] == " " or (column and text[at - 1] != " "):
            continue
        gap = _GAP.search(text, at, end)
        stop = gap.start() if gap else end
        out.append((at, stop, text[at:stop]))
    return out
