"""Values over several lines: which rules can flag one (read from their regexes), and `multiline_values`
answering exactly what a full scan says while scanning with those rules only when it can."""

from __future__ import annotations

import random
import re

import pytest
from secrets_support import ordinary, planted

from retell import secrets
from retell.extract.tools import edit_diff
from retell.secrets import Scanner, flagged_spans, multiline_values
from retell.secrets.overlines import span_can_hold_newline


def _full_scan_answer(text: str) -> list[tuple[int, int]]:
    """What `multiline_values` answered before: every flagged value of a full scan that holds a line break."""
    if "\n" not in text:
        return []
    return [(a, b) for a, b in flagged_spans(text) if "\n" in text[a:b].strip("\n")]


@pytest.mark.parametrize(
    ("regex", "flags", "group", "expected"),
    [
        (r"a.b", 0, None, False),
        (r"a.b", re.S, None, True),
        (r"(?s:a.b)", 0, None, True),
        (r"(?s)x(?-s:a.b)", 0, None, False),
        (r"key=(\w+)\s", 0, None, False),  # the group is the secret: the trailing space is not
        (r"key=(\w*)\s", 0, None, True),  # an empty group: the whole match is the secret
        (r"key=([^\"]+)", 0, None, True),  # a negated class holds "\n"
        (r"key=([^\"\n]+)", 0, None, False),
        (r"(?P<v>[\w-]+)(?P<rest>[\s\S]*)", 0, "v", False),
        (r"(?P<v>[\w-]+)(?P<rest>[\s\S]*)", 0, ("rest", "v"), True),
        (r"(a)(?=\n)", 0, None, False),  # a lookahead consumes nothing
        (r"(\w)\1", 0, None, False),
        (r"x(\w)(\1)", 0, 2, True),  # a back reference: it may
    ],
)
def test_a_rules_secret_can_hold_a_line_break_when_its_regex_says_so(
    regex: str, flags: int, group: int | str | tuple[str, ...] | None, expected: bool
) -> None:
    assert span_can_hold_newline(regex, flags, group) is expected


def test_the_rules_that_can_flag_a_value_over_lines_are_the_key_blocks_and_a_few_others() -> None:
    names = {rule.rule_id or rule.kind for rule in Scanner().rules if rule.span_can_hold_newline}
    assert {"private-key", "private-key-body", "curl-auth-user"} <= names
    assert not names & {"generic-api-key", "password-assignment", "email", "github-pat", "aws-access-token"}
    assert len(names) <= 20  # (round twenty-five's `jwt-wrapped`, a token a terminal cut over lines, is the 20th)


def test_multiline_values_says_what_a_full_scan_says_on_every_planted_case() -> None:
    """The planted corpus (every family, context and escape) and ordinary lines, joined as lines, as a diff
    and with escaped line breaks: the same values as a full scan, key blocks among them."""
    cases = [case.text for case in planted()] + ordinary()
    rng = random.Random(7)
    texts = []
    for _ in range(400):
        lines = rng.sample(cases, 5)
        texts += ["\n".join(lines), "+" + "\n+".join(lines), "\\n".join(lines) + "\n" + lines[0]]
    texts += [t for t in cases if "\n" in t]
    answers = [(multiline_values(t), _full_scan_answer(t)) for t in texts]
    assert all(mine == full for mine, full in answers)
    assert sum(1 for mine, _ in answers if mine) >= 20  # (key blocks are among them)


def test_a_long_write_without_a_key_block_is_excerpted_without_a_full_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """A 300-line file dense with one-line credentials: its excerpt needs no full scan (the rules that could
    flag a value over lines find nothing to weigh); with a key block across the excerpt's end, it is scanned
    and the block left out whole, as before."""
    scanned: list[int] = []
    scan = Scanner._scan
    monkeypatch.setattr(Scanner, "_scan", lambda self, text: scanned.append(len(text)) or scan(self, text))
    secrets._default_scanner.cache_clear()
    lines = [f'API_KEY_{i} = "sk_live_{i:04d}Zq8cV2nL4mX7pR1sT9wY3bK6"  # password=hunter{i}2024!' for i in range(300)]
    shown = edit_diff("Write", {"file_path": "settings.py", "content": "\n".join(lines)})
    assert shown is not None and shown.count("\n") == 13 and shown.endswith("… (300 lines in all)")
    assert scanned == []
    body = [("MIIEpAIBAAKCAQEA" + "x" * 48)[:64]] + [("Qk" + str(i) * 62)[:64] for i in range(10)]
    key = ["-----BEGIN RSA PRIVATE KEY-----", *body, "-----END RSA PRIVATE KEY-----"]
    shown = edit_diff("Write", {"file_path": "id_rsa.txt", "content": "\n".join(["# deploy key", *key, *lines])})
    assert shown is not None and shown.splitlines() == [
        "+# deploy key",
        "+-----BEGIN RSA PRIVATE KEY-----",  # (the value flagged is the body)
        "… (314 lines in all)",
    ]
    assert scanned


def test_an_allowlists_stopwords_are_found_in_one_pass_as_by_a_test_per_word() -> None:
    """gitleaks' generic-api-key allows a value holding any of 1,446 stopwords: one automaton pass over the
    value says what a substring test per word says (a value in capitals, a word at either end, none)."""
    from retell.secrets.scanner import base_rules

    rules, _ = base_rules()
    (allow,) = [a for rule in rules for a in rule.allowlists if len(a.stopwords) > 1000]
    rng = random.Random(3)
    words = list(allow.stopwords)
    values = ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_-") for _ in range(24)) for _ in range(300)]
    values += [f"x9{w.upper()}" for w in rng.sample(words, 50)] + [f"{w}q7Z" for w in rng.sample(words, 50)]
    for value in values:
        lowered = value.lower()
        assert allow.allows(value, value, value) is any(word in lowered for word in allow.stopwords)
    assert sum(allow.allows(v, v, v) for v in values) >= 100


def test_the_table_of_rules_over_lines_is_what_their_regexes_say() -> None:
    """retell/data/overlines.json answers for every rule retell ships, as its regex would (after changing a
    rule: `python bench/secrets/write_overlines.py`); a rule it does not hold is read from its regex."""
    from retell.secrets import overlines
    from retell.secrets.scanner import base_rules

    rules, _ = base_rules()
    assert overlines._table() == overlines.table_of(rules)
    assert overlines.answer(r"key=([^\"]+)", 0, None) is True  # (not in the table: read from the regex)
    assert overlines.answer(r"key=([^\"\n]+)", 0, None) is False


def test_asking_for_values_over_lines_does_not_look_for_every_rules_keywords(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the rules whose value can hold a line break are looked for (their keywords alone): a text full of
    one-line credentials' keywords gives none of those rules anything to run."""
    from retell.secrets import rule as rule_module

    ran: list[str] = []
    matches = rule_module.Rule.matches
    monkeypatch.setattr(
        rule_module.Rule, "matches", lambda self, text, near=None: ran.append(self.kind) or matches(self, text, near)
    )
    secrets._default_scanner.cache_clear()
    text = "\n".join(f"password = hunter{i}2024!\napi_key: sk_live_{i:04d}Zq8cV2nL4mX7pR1sT9wY3" for i in range(20))
    assert multiline_values(text) == []
    assert ran == []
    key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7x\n-----END RSA PRIVATE KEY-----"
    assert multiline_values(text + "\n" + key)  # (found: then the full scan says what it is)
