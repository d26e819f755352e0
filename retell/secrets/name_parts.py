"""A person's name split into its parts, each under its own field (issue 22, round twenty-six): a record's
`firstName` / `lastName`, Django's `first_name=` / `last_name=`, LDAP's `givenName:` / `sn:`, CITATION.cff's
`given-names:` / `family-names:`, R's `person("Ana", "Souza")` or `person(given = …, family = …)`. Neither part
alone is told as a name; the two fields side by side say it is one. Each part is flagged where it stands."""

from __future__ import annotations

import re
from collections.abc import Callable

from retell.secrets.english import english_word
from retell.secrets.gazetteer import gazetteer
from retell.secrets.rule import PII, Rule

_WORD = r"[^\W\d_a-z][^\W\d_]*(?:[-'’][^\W\d_]+)*"


def _part(group: str) -> str:
    """A part of a name (up to three words) as a named group."""
    return rf"(?P<{group}>" + _WORD + r"(?:[ \t]+" + _WORD + r"){0,2})"


_SEP = r"[\"']?[ \t]*(?::|=>?)[ \t]*[\"']?"
_END = r"(?=[\"']|[ \t]*(?:[,;})\]]|\r?$))"
_FAMILY_FIELD = r"(?i:last[_-]?name|family[_-]?names?|familyname|lastname|sur[_-]?name|\bsn|\bfamily)"
_GIVEN_FIELD = r"(?i:first[_-]?name|given[_-]?names?|givenname|firstname|fore[_-]?name|\bgiven)"
_NEAR = 200  # characters each side: where the other part of the same record is

_FIELDS = {"family": _FAMILY_FIELD, "given": _GIVEN_FIELD}
# the other part's field, beside a part found under `family` or `given`
_OTHER = {
    "family": re.compile(r"(?m)" + _GIVEN_FIELD + _SEP + _part("o") + _END),
    "given": re.compile(r"(?m)" + _FAMILY_FIELD + _SEP + _part("o") + _END),
}


def _a_persons(given: str, family: str) -> bool:
    """The two parts make a person's name: not a stand-in (`John Doe`, `Test User`), not words of a form or a
    dictionary alone; a part the gazetteer knows, or a word no English dictionary has."""
    from retell.secrets.personal import _PHRASE_WORDS, _PLACEHOLDER_PERSON, _not_a_person

    whole = f"{given} {family}"
    if _PLACEHOLDER_PERSON.match(whole) or _not_a_person().search(whole):
        return False
    words = whole.split()
    if any(w.lower() in _PHRASE_WORDS or w.isupper() for w in words):
        return False
    known_given, known_family = gazetteer()
    if given.split()[0] in known_given or family.split()[-1] in known_family:
        return True
    return not all(english_word(w.lower()) for w in words)


def _beside(which: str) -> Callable[[str, re.Match[str]], bool]:
    def accept(value: str, m: re.Match[str]) -> bool:
        text = m.string
        a, b = max(0, m.start() - _NEAR), min(len(text), m.end() + _NEAR)
        other = next((o for o in _OTHER[which].finditer(text, a, b)), None)
        if other is None:
            return False
        given, family = (other.group("o"), value) if which == "family" else (value, other.group("o"))
        return _a_persons(given, family)

    return accept


def _field_rule(which: str, keywords: tuple[str, ...]) -> Rule:
    """A part under its field (`which`: "family" or "given"), flagged when the other part stands beside it."""
    field = _FIELDS[which]
    return Rule(
        "person-name",
        PII,
        r"(?m)" + field + _SEP + _part("v") + _END,
        keywords,
        group="v",
        accept=_beside(which),
        replacement="[REDACTED:person-name]",
        rule_id=f"{which}-name-part",
        window=(20, 120),
        prefilter=field + r"[\"']?[ \t]*[:=]",
    )


NAME_PART_RULES: tuple[Rule, ...] = (
    _field_rule("family", ("last", "family", "surname", "sn:", "sn=")),
    _field_rule("given", ("first", "given", "forename")),
    # R's `person("Ana", "Souza", …)`: its first two arguments are the given and the family name, each flagged
    *(
        Rule(
            "person-name",
            PII,
            r"\bperson\([ \t]*\"(?P<g>" + _WORD + r"(?:[ \t]+" + _WORD + r")?)\"[ \t]*,[ \t]*\"(?P<f>" + _WORD + r")\"",
            ("person(",),
            group=part,
            accept=lambda value, m: _a_persons(m.group("g"), m.group("f")),
            replacement="[REDACTED:person-name]",
            rule_id=f"r-person-{part}",
        )
        for part in ("g", "f")
    ),
)
