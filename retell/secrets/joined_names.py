"""(round thirty-four) A person's name run together or joined: the forms it takes in a host, a handle, a URL path, a
repository's or an e-mail's name (`steve-yegge.medium.com`, `steveyegge.github.io`, `github.com/steveyegge/…`,
`steve.yegge@…`). The name flagged in prose (`Steve Yegge`) is the same person there, so the same decision applies:
redacted, replaced (joined the same way) or kept. Only a name of two or three words, each a word of letters."""

from __future__ import annotations

import re
import unicodedata

NAME_KIND = "person-name"
SEPARATORS = ("", "-", "_", ".")
_MIN_JOINED = 6  # characters: a shorter run of letters (`alli` for `Al Li`) is too often part of a word
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def _plain(word: str) -> str:
    """The word as a host or a handle writes it: without accents, apostrophes or inner hyphens."""
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c) and c.isalnum())


def joined_forms(value: str) -> list[str]:
    """The lower-cased joined forms of a person's name (`Steve Yegge` -> `steveyegge`, `steve-yegge`, `steve_yegge`,
    `steve.yegge`), with and without accents; none for a value that is not two or three words of letters."""
    words = value.split()
    if not 2 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(w) and len(w) >= 2 for w in words):
        return []
    forms: list[str] = []
    for parts in ([w.lower() for w in words], [_plain(w).lower() for w in words]):
        for separator in SEPARATORS:
            form = separator.join(parts)
            if len(form) >= _MIN_JOINED and form not in forms:
                forms.append(form)
    return forms


def stands_alone(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] is not part of a longer word: no letter on either side (a digit may follow or lead,
    as in a handle `steveyegge42`)."""
    before = text[start - 1] if start > 0 else ""
    after = text[end] if end < len(text) else ""
    return not before.isalpha() and not after.isalpha()


def joined_like(written: str, replacement: str) -> str:
    """The author's replacement for a name written joined (`written`), joined the same way: `Jane Doe` in place of
    `steve-yegge` is `jane-doe`, of `SteveYegge` `JaneDoe`; a one-word replacement is only cased."""
    separator = next((c for c in written if c in " -_."), "")
    words = replacement.split()
    if len(words) < 2:
        return replacement.lower() if written.islower() else replacement
    if written.islower():
        words = [w.lower() for w in words]
    elif written.isupper():
        words = [w.upper() for w in words]
    return separator.join(words)


def replacement_forms(replacement: str) -> list[str]:
    """What `joined_like` may write for `replacement`: each is retell's own writing, inert to a later scan."""
    words = replacement.split()
    if len(words) < 2:
        return []
    out: list[str] = []
    for cased in (words, [w.lower() for w in words], [w.upper() for w in words]):
        for separator in SEPARATORS:
            form = separator.join(cased)
            if form not in out:
                out.append(form)
    return out


# (round thirty-seven) A person's name shortened behind a title, as people speak of a client or a teacher ("la
# señora Mendoza" for `Sra. Rocío Mendoza`, "Mrs Pryce", "Frau Albers", "pani Kowalska"): the family name after a
# title is the same person; so is the given name after Spanish "don"/"doña" (fresh36: the name redacted in a
# client list, told whole in the author's message).
_SURNAME_TITLES = (
    "mr", "mr.", "mrs", "mrs.", "ms", "ms.", "miss", "dr", "dr.", "sr", "sr.", "sra", "sra.", "srta", "srta.",
    "señor", "señora", "señorita", "senhor", "senhora", "herr", "frau", "monsieur", "madame", "mme", "mme.",
    "mlle", "mlle.", "signor", "signora", "sig.", "sig.ra", "pan", "pani", "pane", "paní", "meneer", "mevrouw",
    "mevr.", "dhr.",
)  # fmt: skip
# (and the given name after the titles that take it: Spanish "doña Rocío", Mexican "Sra. Rocío", Polish "pani Jadwiga")
_GIVEN_TITLES = (
    "don", "doña", "dona", "sr", "sr.", "sra", "sra.", "srta", "srta.", "señor", "señora", "señorita", "senhor",
    "senhora", "pan", "pani", "pane", "paní",
)  # fmt: skip


_TITLES = frozenset((*_SURNAME_TITLES, *_GIVEN_TITLES))


def titled_forms(value: str) -> list[str]:
    """The lower-cased forms of a person's name of two or three words behind a title (`Rocío Mendoza` ->
    `señora mendoza`, `sra. mendoza`, `mrs mendoza`, …, `doña rocío`); none for any other value."""
    words = value.split()
    if not 2 <= len(words) <= 3 or not all(_NAME_WORD.fullmatch(w) and len(w) >= 2 for w in words):
        return []
    family, given = words[-1].lower(), words[0].lower()
    forms = [f"{title} {family}" for title in _SURNAME_TITLES] + [f"{title} {given}" for title in _GIVEN_TITLES]
    return list(dict.fromkeys(forms))


def titled(written: str) -> bool:
    """Whether `written` is a name behind a title, as `titled_forms` makes them."""
    title = written.split(" ", 1)[0].lower()
    return " " in written and title in _TITLES


def titled_like(written: str, replacement: str, value: str) -> str:
    """The author's replacement for `value` written behind a title, behind the same title, by the same one of its
    names: `Jane Doe` in place of `señora Mendoza` (of `Rocío Mendoza`) is `señora Doe`, of `doña Rocío` `doña Jane`."""
    title, name = written.split(" ", 1)
    words = replacement.split()
    if not words:
        return replacement
    given = name.lower() == value.split()[0].lower()
    return f"{title} {words[0] if given else words[-1]}"


# The commonest one-character family names, Chinese (both scripts) and Korean: before a two-character given name they
# make a three-character name whose given name alone is how people who know them write it ("美玲是他老婆" of 林美玲)
_FAMILY_FIRST = frozenset(
    "王李張张劉刘陳陈楊杨黃黄趙赵吳吴周徐孫孙馬马朱胡郭何高林羅罗鄭郑梁謝谢宋唐許许韓韩馮冯鄧邓曹彭曾蕭萧田董袁潘"
    "于蔣蒋蔡余杜葉叶程蘇苏魏呂吕丁任沈姚盧卢姜崔鍾钟譚谭陸陆汪范金石廖賈贾夏韋韦付方白鄒邹孟熊秦邱江尹薛閆闫段雷"
    "侯龍龙史陶黎賀贺顧顾毛郝龔龚邵萬万錢钱嚴严覃武戴莫孔向湯汤游簡简賴赖翁施柯洪"
    # Korean
    "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽성차주우구민진나지엄채원천방공현함변염여추"
    "도소석선설마길연위표명기반왕금옥육인맹제모탁국어은편용"
)
_HAN_NAME = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]{3}|[\uac00-\ud7af]{3}")


def given_name_form(value: str) -> str | None:
    """(round thirty-eight) The given name alone of a three-character Chinese or Korean name that opens on a common
    family name (`林美玲` -> `美玲`, `김민수` -> `민수`); None for any other value."""
    if not _HAN_NAME.fullmatch(value) or value[0] not in _FAMILY_FIRST:
        return None
    return value[1:]


# A person's full name in Latin letters: a given name of four letters or more, then one or two more names
_LATIN_FULL = re.compile(r"(?P<given>[A-Z][a-zß-ɏ'’]{3,})(?: [A-Z][^\W\d_]+(?:[-'’][^\W\d_]+)?){1,2}")


def given_alone(value: str) -> str | None:
    """(round forty-one) The given name of a full name in Latin letters, where the gazetteer knows it and English
    has no such word (`Tunde Bamidele` -> `Tunde`; not `Will Young`, `Grace Okafor`): the same person where a
    message names them by it alone ("…for 2 members this month, Funmilayo Adeyemi and Tunde", fresh43's savings
    group, whose second name was left in the post beside the first redacted). None for any other value."""
    match = _LATIN_FULL.fullmatch(value)
    if match is None:
        return None
    from retell.secrets.english import english_word  # lazily: both read on first use
    from retell.secrets.gazetteer import gazetteer

    given = match.group("given")
    return given if given in gazetteer()[0] and not english_word(given.lower()) else None
