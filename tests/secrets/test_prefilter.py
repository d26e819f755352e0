"""Rule prefilters: a rule whose keywords are in nearly every text (the phone rules' `1-`, `0 `; an account
name that is a word) runs its regex only on a text where a part of every match of it is found, and finds
exactly what it found without the prefilter."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from secrets_support import ordinary, planted

from retell.secrets import Scanner
from retell.secrets import rule as rule_module
from retell.secrets import scanner as scanner_module
from retell.secrets.own import account_name_rule
from retell.secrets.scanner import base_rules

# Texts near each prefiltered rule's values: the numbers, names and tokens they look for, written so that
# some match and some only come close (the keyword without the value, the value's part without the rest).
NEAR = [
    "Call me on 415-555-0132 or (212) 555 0199, not on 1-800-555-0199x.",
    "step 1- done, 2. next, 3 items at 10.4 s; build 0412 345 678; tel 030 1234567 or 030/123 45 67",
    "Ruf mich an: 0171 2345678, or +49 30 901820; 555-0132 alone; ٤١٥-٥٥٥-٠١٣٢",
    "ls /Users/sam/src and ~sam, mail sam@example.org, git clone https://sam:pw@host/sam/repo; same sample",
    "ENV DB_PASSWORD s3cr3tP4ss\nset -x API_TOKEN abcDEF123456\nsetx SECRET_KEY Zq9xW2vB7nM4",
    "${DB_PASSWORD:-Hunter2Hunter2} process.env.API_TOKEN || 'xk29Dk2lQp' environ.get('SECRET') or 'p4Ss'",
    '{"name": "db_password", "value": "Tr0ub4dor&3x"} <password>c0rrectH0rse</password>',
    "lob key: test_0123456789abcdef0123456789abcdef012 and live_ab; s.AbCdEfGhIjKlMnOpQrStUvWx token",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXZhbHVl ey, eyJ alone",
    # (round thirty-five) IBAN-shaped: capitals and digits, printed in groups, a BIC, a check that fails
    "BIC COBADEFFXXX; ref DE12 3456 7890 1234 5678 90; id AB12CDEF3456GHIJ7; UTF8 FOO BAR BAZ QUUX",
]


def _findings(scanner: Scanner, texts: list[str]) -> list[list[tuple[str, int, int, str]]]:
    return [[(f.kind, f.start, f.end, f.value) for f in scanner.find(text)] for text in texts]


@pytest.mark.parametrize("usernames", [(), ("sam",), ("jdoe",)])
def test_a_prefilter_never_changes_what_is_found(monkeypatch: pytest.MonkeyPatch, usernames: tuple[str, ...]) -> None:
    texts = NEAR + [case.text for case in planted(seed=3)] + ordinary()
    scanner = Scanner(usernames)
    with_prefilters = _findings(scanner, texts)
    monkeypatch.setattr(rule_module.Rule, "may_match", lambda self, text: True)
    monkeypatch.setattr(scanner_module, "_prefilters", lambda usernames: None)
    assert _findings(scanner, texts) == with_prefilters
    assert any(with_prefilters[: len(NEAR)])  # (the texts near the values do hold some)


def test_the_phone_rules_regexes_do_not_run_on_numbers_that_are_no_phone(monkeypatch: pytest.MonkeyPatch) -> None:
    ran: list[str] = []
    matches = rule_module.Rule.matches

    def recording(
        self: rule_module.Rule, text: str, near: list[tuple[int, int]] | None = None
    ) -> Iterator[re.Match[str]]:
        ran.append(self.rule_id or self.kind)
        return matches(self, text, near)

    monkeypatch.setattr(rule_module.Rule, "matches", recording)
    Scanner().find("step 1- done, 2. next, 3 items at 10.4 s")
    assert "nanp-phone" not in ran
    found = Scanner().find("call me on 415-555-0132")
    assert "nanp-phone" in ran
    assert [f.kind for f in found] == ["phone-number"]


def test_an_account_name_that_is_a_word_is_looked_for_only_where_it_can_be_one() -> None:
    rule = account_name_rule("sam")
    assert not rule.may_match("the same sample, samples")
    assert rule.may_match("cd /home/sam/src")
    assert rule.may_match("SAM@host")
    assert account_name_rule("j.doe").prefilter is None  # (a name that cannot be a word is also looked for alone)


def test_every_prefilter_compiles_with_its_rules_flags() -> None:
    rules, _ = base_rules()
    prefiltered = [r for r in rules if r.prefilter]
    assert {r.rule_id for r in prefiltered} >= {"nanp-phone", "national-phone", "lob-api-key", "jwt"}
    for r in prefiltered:
        assert r.prefilter_pattern is not None


def test_a_vendored_rule_keeps_its_prefilter_only_while_its_regex_is_the_one_it_was_read_from() -> None:
    from retell.secrets import vendored

    by_id = {r.rule_id: r for r in base_rules()[0] if r.source == "gitleaks"}
    for rule_id in vendored._PREFILTERS:
        assert by_id[rule_id].prefilter is not None, f"{rule_id}: its regex changed, read its prefilter again"
        assert vendored._prefilter(rule_id, by_id[rule_id].regex + "x") is None


# Texts around gitleaks' generic-api-key and its kin: keywords with and without a value, runs of name
# characters before them (longer than the lead's 50), keywords that overlap (`secretoken`), several in a window.
LED = [
    "export STRIPE_SECRET_KEY=sk_live_4eC39HqLyjWDarjtT1zdp7dc and API_KEY: 'Zq9xW2vB7nM4kL1p'",
    "the key point is that auth works; token = abcdef0123456789xyz; secretoken=Qw3rTy9Ui0pAs5Df",
    "a" * 70 + "_access_token = 'AKx9s8d7f6g5h4j3k2l1'\n" + "x.y-z" * 12 + "passwd:Hunter2Hunter2Hunter2",
    'config = {"credential": "c2VjcmV0LXZhbHVlLTEyMzQ1", "creds"=>"9f8e7d6c5b4a3f2e1d0c", "API" :: x}',
    "no value here: the api, the key, the secret and the token are all prose, auth too, password as well",
]


def test_a_keyword_led_rule_finds_what_its_regex_finds_in_each_window() -> None:
    """gitleaks' `(?i)[\\w.-]{0,50}?(?:access|auth|…)` rules try their regex only within the run of name
    characters just before a keyword (`Rule.keyword_led`): the same matches as the regex tried at every
    position of the window, on every text and window."""
    rules, _ = base_rules()
    led = [r for r in rules if r.keyword_led is not None]
    assert "generic-api-key" in {r.rule_id for r in led}
    texts = LED + [case.text for case in planted(seed=3)] + ordinary()
    compared = 0
    for rule in led:
        for text in texts:
            for a in range(0, len(text), 97):
                b = min(len(text), a + 460)
                mine = [(m.span(), m.groups()) for m in rule._keyword_led(text, a, b)]
                assert mine == [(m.span(), m.groups()) for m in rule.pattern.finditer(text, a, b)], (rule.rule_id, text)
                compared += len(mine)
    assert compared > 20  # (the texts do hold matches)


# Recovery phrases as people paste them (twelve listed words, numbered, one a line) and near misses (eleven words,
# a word off the list, prose of short words).
PHRASES = [
    "restored it with this: arm behave canoe dash eager fabric gadget habit icon jacket kangaroo label, done",
    "seed:\n1. arm\n2. behave\n3. canoe\n4. dash\n5. eager\n6. fabric\n7. gadget\n8. habit\n9. icon\n10. jacket\n"
    "11. kangaroo\n12. label\n",
    "arm behave canoe dash eager fabric gadget habit icon jacket kangaroo",
    "arm behave canoe dash eager fabric gadget habit icon jacket kangaroo zzzzzz label",
    "the cat sat on the mat and then the dog ran off with the ball and the kid cried",
]


def _pool() -> list[str]:
    from test_gate import UNICODE

    texts = NEAR + LED + PHRASES + UNICODE + ordinary()
    texts += [case.text for seed in (1, 2, 3) for case in planted(seed=seed)]
    return texts + [t.swapcase() for t in texts]


@pytest.mark.parametrize("usernames", [(), ("sam", "j.doe")])
def test_no_prefilter_drops_a_rule_s_own_positive_example(
    monkeypatch: pytest.MonkeyPatch, usernames: tuple[str, ...]
) -> None:
    """For every rule, each text where its own regex matches and a scan would run it (its keywords occur, or it
    always runs) passes every filter a scan asks first: its prefilter, RE2's wider pattern (asked from the first
    text on here), and for recovery-phrase-words RE2's reading of its run of words."""
    from retell.secrets import seed_phrase

    monkeypatch.setattr(rule_module, "ASK_AFTER", 0)
    scanner = Scanner(usernames)
    pool = _pool()
    lowered = [text.lower() for text in pool]
    with_positives: set[str] = set()
    for rule in scanner.rules:
        for text, low in zip(pool, lowered, strict=True):
            if not (rule.always or any(k in low for k in rule.keywords)) or rule.pattern.search(text) is None:
                continue
            with_positives.add(rule.rule_id or rule.kind)
            assert rule.may_match(text), (rule.rule_id or rule.kind, text)
    assert len(with_positives) > 90  # (the planted families, the names, the phones, gitleaks' keyword-led rules…)
    gate = seed_phrase._run_gate()
    assert gate is not None
    runs = [text for text in pool if seed_phrase._RUN.search(text)]
    assert len(runs) >= 2
    assert all(gate.can_match(text) for text in runs)


def test_the_findings_are_the_same_with_every_filter_and_with_none(monkeypatch: pytest.MonkeyPatch) -> None:
    from retell.secrets import seed_phrase

    pool = _pool()
    monkeypatch.setattr(rule_module, "ASK_AFTER", 0)
    filtered = _findings(Scanner(("sam",)), pool)
    assert any(f[0] == "private-key" for found in filtered[: len(NEAR) + len(LED) + 2] for f in found)
    monkeypatch.setattr(rule_module.Rule, "may_match", lambda self, text: True)
    monkeypatch.setattr(scanner_module, "_prefilters", lambda usernames: None)
    monkeypatch.setattr(rule_module.Rule, "_tail_pattern", None)
    monkeypatch.setattr(seed_phrase, "_run_gate", lambda: None)
    assert _findings(Scanner(("sam",)), pool) == filtered
