"""(round thirty-six) A name as hosts, paths and file names write it: in small letters, as a domain, a folder or a
file's stem. Two sides of it.

A word the session writes as a domain's name is an organisation's or a product's, not a person's. The detector reads
one capitalised word as a given name where only a person's context stands around it (`Ask Corrandale whether …`,
`Corrandale says …`), and a session about a supplier's portal speaks of the supplier so. Where the same session writes
the word as the name of a domain (the label before its public suffix, or a `-` part of it: `my.corrandale-power.co.uk`,
`https://corrandale.example/…`, an address at `…@corrandale-power.co.uk`), the word is the domain's owner, and the
one-word name is not flagged (`organisations`). Not evidence: a subdomain (a machine's, a user's page:
`priya-laptop.tail0.ts.net`, `priya.github.io`, `priya.medium.com`), a file's name or a path (`users/priya.json`
names a person as often as not), an address's local part, a dotted name that ends as a file does (`corrandale.pl`);
and for a word the gazetteer knows as a person's name, a domain of that name alone or beside another name
(`priya.dev`, `priya-sharma.dev`: a person's own site): only a domain that joins it to another word (`priya-labs.io`)
says it is a brand. A name of two or three words is not weighed so (`steve-yegge.medium.com` is his, round
thirty-four).

A name the author redacts is redacted where a host, a path or a file's name writes it (`path_forms`, found by
redact.py only where `in_a_path` says a path, a host or a URL holds it): a one-word name in small letters, as a
whole folder or file name, a file's stem, a host's label or a `-`/`_` part of one (`.auth\\priyanka.json`,
`priyanka-2026-01.json`, `github.com/priyanka`, `priyanka@…`); a name of two or three words, also as the forms an
account or a mailbox makes of it (`mkowalska/`, `m.kowalska.json`, `kowalska-marta`), whose joined forms
(`marta-kowalska.dev`) are found anywhere already (joined_names.py). Not a one-word name that is also a word (an
English word, one of the given names that are words or products, an account every machine has: `Will`, `Ruby`,
`ubuntu`), nor one shorter than four letters: a folder named `grace` or `will` is no one's.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from typing import Any

from retell.secrets.joined_names import joined_forms
from retell.secrets.mailbox_names import mailbox_forms
from retell.secrets.values import words

# Top-level domains a bare host name ends with (`corrandale-power.co.uk`): common ones, and never a file's extension
# (`.pl`, `.rs`, `.py`, `.md`, `.sh`, `.cc`, `.ai`, `.ts`, `.in`: `corrandale.pl` is a script). A host in a URL or an
# address may end with any.
_TLDS = words(
    """
    com net org io dev app co uk de fr nl eu us ca au nz ie es it pt ch at be se no dk fi is cz sk hu ro bg gr tr
    ru ua jp cn kr tw hk sg my th vn ph br ar mx cl pe za ng ke il ae sa lu lt lv ee si hr cloud tech site online
    xyz info biz tv gov edu energy systems software digital services solutions network page blog shop store
    """
)
# The second-level labels under a country's domain that are no one's name (`co.uk`, `com.au`, `ac.jp`)
_UNDER_A_COUNTRY = words("co com net org ac gov edu ne or go gob nic ltd plc me")
_HOST_CHARS = frozenset(string.ascii_letters + string.digits + ".-")
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_ONE_WORD = re.compile(r"[A-Za-z]+(?:['’-][A-Za-z]+)*")
_MIN_PATH_WORD = 4  # letters: a one-word name shorter than this (`ana/`, `li.json`) is too often something else


def one_word(value: str) -> bool:
    """A name of one word in Latin letters (`Corrandale`, `Priyanka`, `Jean-Luc`): the names read by one word alone."""
    return _ONE_WORD.fullmatch(value) is not None


# -- a word written as a host's label: an organisation's ----------------------------------------------------


def _host_around(text: str, start: int, end: int) -> tuple[int, int]:
    """The run of host characters (letters, digits, `.`, `-`) around text[start:end], without dots at its ends."""
    a, b = start, end
    while a > 0 and text[a - 1] in _HOST_CHARS:
        a -= 1
    while b < len(text) and text[b] in _HOST_CHARS:
        b += 1
    while a < start and text[a] in ".-":
        a += 1
    while b > end and text[b - 1] in ".-":
        b -= 1
    return a, b


def _a_host_label(text: str, start: int, end: int, known_name: bool) -> bool:
    """Whether text[start:end] is a label of a host name, or a `-` part of one, that says its owner is an
    organisation (module docstring)."""
    a, b = _host_around(text, start, end)
    if (start > a and text[start - 1] not in ".-") or (end < b and text[end] not in ".-"):
        return False  # part of a longer label's word (`corrandales`, `xcorrandale`)
    host = text[a:b]
    labels = host.split(".")
    if len(labels) < 2 or not all(_LABEL.fullmatch(label) for label in labels):
        return False
    written = text[max(0, a - 3) : a]
    in_url = written.endswith(("://", "@"))
    if not in_url:
        before = text[a - 1] if a > 0 else ""
        after = text[b] if b < len(text) else ""
        if before in "/\\" or after == "(" or labels[-1].lower() not in _TLDS:
            return False  # a path's file (`docs/corrandale.com`), a call (`corrandale.com(`), a file (`corrandale.pl`)
    # the label that holds it: the domain's own (the one before its public suffix, `corrandale-power` of
    # `my.corrandale-power.co.uk`), its owner's name; not a subdomain (a machine's, a user's page: `priya.github.io`)
    suffix = 2 if len(labels[-1]) == 2 and len(labels) > 2 and labels[-2].lower() in _UNDER_A_COUNTRY else 1
    if text.count(".", a, start) != len(labels) - suffix - 1:
        return False
    label = labels[-suffix - 1]
    if known_name:
        # a person's own site is named after them alone, or with their family name: another word must say brand
        from retell.secrets.gazetteer import gazetteer

        given, family = gazetteer()
        others = [p for p in label.split("-") if p.lower() != text[start:end].lower()]
        return any(p.isalpha() and p.capitalize() not in given and p.capitalize() not in family for p in others)
    return True


def organisations(values: Iterable[str], texts: Iterable[str]) -> set[str]:
    """Of the one-word names `values`, those some text writes as a host's label (module docstring): one pass over
    the texts, whatever their number, finding every form at once."""
    candidates = [v for v in dict.fromkeys(values) if one_word(v)]
    if not candidates:
        return set()
    import ahocorasick  # (pyahocorasick: the scanner's keyword pass)

    from retell.secrets.gazetteer import gazetteer

    given, family = gazetteer()
    automaton: Any = ahocorasick.Automaton()
    for value in candidates:
        for form in dict.fromkeys([value.lower(), value, value.upper()]):
            automaton.add_word(form, (len(form), value))
    automaton.make_automaton()
    found: set[str] = set()
    for text in texts:
        if "." not in text:
            continue  # (no host without a dot)
        for end, (length, value) in automaton.iter(text):
            if value in found:
                continue
            start = end + 1 - length
            if _a_host_label(text, start, end + 1, value in given or value in family):
                found.add(value)
                if len(found) == len(candidates):
                    return found
    return found


# -- the forms a redacted name takes in a path or a host ------------------------------------------------------


def _a_word(folded: str) -> bool:
    """Whether a one-word name in small letters is a word, a product or an account as well (`grace`, `ruby`,
    `ubuntu`): its folder or file is not the person's."""
    from retell.secrets.english import english_word
    from retell.secrets.own import COMMON_ACCOUNTS, EXAMPLE_ACCOUNTS
    from retell.secrets.prose_names import _AMBIGUOUS, _PRODUCTS, _SERVICES

    return (
        folded in _AMBIGUOUS
        or folded in _PRODUCTS
        or folded in _SERVICES
        or folded in COMMON_ACCOUNTS
        or folded in EXAMPLE_ACCOUNTS
        or english_word(folded)
    )


def path_forms(value: str) -> list[str]:
    """The forms (small letters) of the person's name `value` to look for where a path, a file's name or a host
    holds them, besides its joined forms (found anywhere): a one-word name in small letters, unless it is a word
    too or shorter than four letters; the account and mailbox forms of a longer name (`mkowalska`, `kowalska.m`,
    a Chinese or Korean name romanised)."""
    if one_word(value):
        folded = value.lower()
        if sum(c.isalpha() for c in folded) < _MIN_PATH_WORD or _a_word(folded):
            return []
        return [folded]
    joined = set(joined_forms(value))
    return sorted((f for f in mailbox_forms(value) if f not in joined), key=lambda f: (-len(f), f))


def a_persons_name(value: str) -> bool:
    """Whether an author's term of two or three words is a person's name: its first word a given name the gazetteer
    knows, or its last a family name (`Marta Kowalska`, `marta kowalska`; not `Acme Corp`)."""
    from retell.secrets.gazetteer import gazetteer

    words_ = value.split()
    if not 2 <= len(words_) <= 3:
        return False
    given, family = gazetteer()
    return words_[0].capitalize() in given or words_[-1].capitalize() in family


def _path_char(char: str) -> bool:
    return char.isalnum() or char in "._-/\\~%+@:=?&#"


_DOT_LETTER = re.compile(r"\.[^\W\d_]")


def in_a_path(text: str, start: int, end: int) -> bool:
    """Whether text[start:end] stands as a whole part (no letter either side) of a path, a URL, a file's name, a
    host or an address: the run of characters those are written with around it holds a `/` or a `\\`, or goes on
    after it with a dot and a letter (`priyanka.json`, `priyanka-energy.co.uk`, `priyanka@acme.io`)."""
    if (start > 0 and text[start - 1].isalpha()) or (end < len(text) and text[end].isalpha()):
        return False
    a, b = start, end
    while a > 0 and _path_char(text[a - 1]):
        a -= 1
    while b < len(text) and _path_char(text[b]):
        b += 1
    around = text[a:start] + text[end:b]
    if "/" in around or "\\" in around:
        return True
    return _DOT_LETTER.search(text, end, b) is not None
