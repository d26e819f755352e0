"""Names a contact list writes where no word around says a person is named.

(round forty-one) A person's name right before their phone number: a contact as a list, a form or a note writes it
(`HOLD for Jan Whitcombe 0412 558 903, pays Sat`, an op shop's lay-by note; `H0077,Terrence Whitfield,(541) 555-0143`,
a food pantry's sign-in export; fresh42 and fresh43), where no word around says a person is named. Two or three
capitalised words of letters, one of them a given or a family name the gazetteer knows and not all English words,
ending just before a phone number the scan flagged (a space, a comma, a tab or a bar between), are that person's."""

from __future__ import annotations

import re
from collections.abc import Sequence

from retell.secrets.gazetteer import known_person
from retell.secrets.personal import _CJK_SURNAME

_NAME_BEFORE = re.compile(r"([^\W\d_][^\W\d_'’-]*(?:[ ][^\W\d_][^\W\d_'’-]*){1,2})[ \t]*[,;|\t]?[ \t]*$")


# (round forty-two) ... or right after it, before a colon, a comma, a tab, two spaces or the line's end
# (`[DRY-RUN] 48601555214  Barbara Nowicka: 1 SMS`, a dance school's reminder script, fresh45)
_NAME_AFTER = re.compile(
    r"[ \t]*[,;|\t]?[ \t]*([^\W\d_][^\W\d_'’-]*(?:[ ][^\W\d_][^\W\d_'’-]*){1,2})(?=[ \t]*(?:[:,;|\t]|[ ]{2}|$))",
    re.M,
)


def beside_a_phone(text: str, phones: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the names written right before or right after a flagged phone number in `text` (`phones`: their
    spans)."""
    out: list[tuple[int, int]] = []
    for _start, end in phones:
        after = _NAME_AFTER.match(text, end)
        if after is not None:
            words = after.group(1).split(" ")
            if all(w[:1].isupper() and not w.isupper() for w in words) and known_person(words):
                out.append(after.span(1))
    for start, _end in phones:
        line_start = text.rfind("\n", 0, start) + 1
        found = _NAME_BEFORE.search(text, max(line_start, start - 60), start)
        if found is None:
            continue
        words = found.group(1).split(" ")
        # (a label's words run on before a name: "HOLD for Jan Whitcombe" keeps the last capitalised ones)
        while words and not words[0][:1].isupper():
            words = words[1:]
        if not 2 <= len(words) <= 3 or not all(w[:1].isupper() and not w.isupper() for w in words):
            continue
        if known_person(words):  # ("Support Line", "Kings Cross": a label or a place)
            out.append((found.end(1) - len(" ".join(words)), found.end(1)))
    return out


# (round forty-two) A Chinese flat's address, then whom it is for: a WeChat group's order list (接龙) writes a row a
# household (`3. 2栋1单元301 王敏 鸡蛋2盒`, `3栋402 刘阿姨 馒头2袋`; fresh43's group buy, where 2 of 12 were flagged).
# The address: a building (`栋`, `棟`, `幢`, `号楼`, `座`), perhaps a unit (`单元`), a flat's number; then a name of
# two or three characters starting with a common family name, or a family name and a word for who they are (`姐`,
# `阿姨`, `老师`: whole, so that Claude's `周老师那行` is the same person), before a space, a digit or the line's end.
_ADDRESS_THEN_NAME = re.compile(
    r"\d{1,3}(?:栋|棟|幢|号楼|號樓|座)(?:\d{1,2}(?:单元|單元))?\d{2,4}(?:室|号|號)?[ \t　]+"
    r"(?P<name>"
    + _CJK_SURNAME
    + r"(?:(?P<title>阿姨|叔叔|大爷|大爺|大妈|大媽|奶奶|爷爷|爺爺|先生|女士|老师|老師|师傅|師傅|"
    r"太太|小姐|姐|哥|叔|姨|伯)|[\u4e00-\u9fff]{1,2}))(?=[ \t　\d]|$)",
    re.M,
)


def beside_an_address(text: str) -> list[tuple[int, int]]:
    """The spans of the names written right after a Chinese flat's address in `text`."""
    from retell.secrets.prose_names import _HAN2_WORDS

    out: list[tuple[int, int]] = []
    for found in _ADDRESS_THEN_NAME.finditer(text):
        if found.group("title") is None and found.group("name") in _HAN2_WORDS:
            continue
        out.append(found.span("name"))
    return out


# (round forty-two) A number as an SMS gateway takes it, its country code without the `+` (`48601555214`), on a line
# that says it is a phone's or a message's (`SMS`, `tel`, `WhatsApp`, before or after it): a dance school's dry run
# printed each pupil's so, beside their name (fresh45).
_BARE_INTERNATIONAL = re.compile(r"(?<![\w+.-])([1-9]\d{9,13})(?![\w.-]?\d)")


def bare_international(text: str) -> list[tuple[int, int]]:
    """The spans of numbers written as an international number without its `+`, on a line that names phones or
    messages, that libphonenumber accepts as a valid mobile or fixed line with the `+` put back."""
    from retell.secrets.personal import PHONE_LINE_WORD

    out: list[tuple[int, int]] = []
    for found in _BARE_INTERNATIONAL.finditer(text):
        line_start = text.rfind("\n", 0, found.start()) + 1
        line_end = text.find("\n", found.end())
        line = text[line_start : line_end if line_end >= 0 else len(text)]
        if PHONE_LINE_WORD.search(line) is None:
            continue
        if _a_mobile("+" + found.group(1), (None,)):
            out.append(found.span(1))
    return out


# (round forty-two) A national mobile number written as bare digits (its trunk `0`), right beside a flagged name on
# its line (`[DRY RUN] 081227390415 Bu Dewi: Halo…`, `056,Dewi Lestari,085643120987,AB 6630 UF`: a workshop's
# reminders and its customer list, fresh47), is that person's, where a region retell reads numbers in takes it for a
# mobile
_NUMBER_BEFORE = re.compile(r"(?<![\w+.-])(0\d{8,12})[ \t]*[,;|\t]?[ \t]*$")
_NUMBER_AFTER = re.compile(r"[ \t]*[,;|:\t]?[ \t]*(0\d{8,12})(?![\w.-]?\d)")


def numbers_beside_names(text: str, names: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The spans of the bare national mobile numbers written right before or after a flagged name in `text`."""
    out: list[tuple[int, int]] = []
    for start, end in names:
        line_start = text.rfind("\n", 0, start) + 1
        before = _NUMBER_BEFORE.search(text, max(line_start, start - 20), start)
        after = _NUMBER_AFTER.match(text, end)
        for found in (before, after):  # (neither pattern reads past its line)
            if found is not None and _a_national_mobile(found.group(1)):
                out.append(found.span(1))
    return out


def _a_national_mobile(digits: str) -> bool:
    from retell.secrets.personal import _REGIONS

    if digits in "01234567890123456789" or len(set(digits)) < 4:
        return False  # a placeholder's digits (`0123456789`, `0800000000`)
    return _a_mobile(digits, _REGIONS)


def _a_mobile(digits: str, regions: Sequence[str | None]) -> bool:
    """Whether libphonenumber reads `digits`, in one of `regions` (None: written with its country code), as a valid
    mobile's number (or one its metadata cannot tell from a fixed line)."""
    import phonenumbers

    kinds = (phonenumbers.PhoneNumberType.MOBILE, phonenumbers.PhoneNumberType.FIXED_LINE_OR_MOBILE)
    for region in regions:
        try:
            number = phonenumbers.parse(digits, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number) and phonenumbers.number_type(number) in kinds:
            return True
    return False
