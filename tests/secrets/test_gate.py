"""A rule that Python's engine would try at every position of a text is asked of RE2 first (secrets/gate.py): RE2
runs a wider pattern read from the rule's regex, and where it finds nothing the rule's regex is not run. The
findings stay exactly what they were, with google-re2 or without it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from secrets_support import ordinary, planted

from retell.secrets import Scanner
from retell.secrets import gate as gate_module
from retell.secrets import rule as rule_module
from retell.secrets import scanner as scanner_module

re2 = pytest.importorskip("re2")

# What Python's IGNORECASE and Unicode classes take that an ASCII reading would miss: dotless and dotted i, the
# long s, the Kelvin sign, Arabic-Indic and full-width digits, no-break and ideographic spaces, \x1c-\x1f
UNICODE = [
    "RDP: admİn, Kestrel#2031 and ROOT, Falcon#2024; ſa, Sparrow#2025",
    "ADMIN , 'Heron#2026' ; deploy,Osprey#2027 (port 2222); user\u00a0, Plover#2028",
    "kubectl login --password Kelvin\u212a99x -u ops; mysql -pS3cr3t\u017fx; ٤١٥-٥٥٥-٠١٣٢ ４１５-５５５-０１３２",
    "pass\x1c word\u3000is\u2003Hunter2024!; login: root\x1fToor2024!",
]


def _texts() -> list[str]:
    texts = [case.text for case in planted(seed=3)] + ordinary() + UNICODE
    # the same texts with their letters in other cases and in the letters Python's IGNORECASE folds onto them
    swapped = [t.swapcase() for t in texts]
    folded = [t.replace("i", "ı").replace("s", "ſ").replace("k", "\u212a") for t in texts]
    return texts + swapped + folded


def test_the_wider_pattern_matches_wherever_the_rule_does() -> None:
    scanner = Scanner(("sam", "j.doe"))
    texts = _texts()
    runs: dict[int, list[str]] = {}  # (each rule over the texts where a scan runs it: its keywords occur)
    for text in texts:
        for index in {i for _, (_, indexes, _) in scanner._keywords.iter(text.lower()) for i in indexes}:
            runs.setdefault(index, []).append(text)
    checked = 0
    for index, rule in enumerate(scanner.rules):
        try:
            wider = re2.compile(gate_module.superset(rule.regex, rule.flags))
        except (gate_module.Untranslatable, re2.error):
            continue
        checked += 1
        for text in texts if rule.always else runs.get(index, []):
            for m in rule.pattern.finditer(text):
                assert wider.search(m.group(0)) is not None, (rule.kind, rule.rule_id, m.group(0))
    assert checked > 300


def test_the_letters_python_folds_onto_ascii_ones_are_all_known() -> None:
    ascii_letters = re.compile("[a-z]", re.I)
    folded = [c for c in range(0x80, 0x110000) if ascii_letters.fullmatch(chr(c))]
    known = [c for low, high in gate_module._ASCII_FOLDS for c in range(low, high + 1)]
    assert folded == known
    # and those fold onto i, k and s only, of the ASCII characters
    for c in known:
        assert {chr(x) for x in range(0x80) if re.fullmatch(re.escape(chr(c)), chr(x), re.I)} <= set("IKSiks")


@pytest.mark.parametrize("usernames", [(), ("sam",)])
def test_the_findings_are_the_same_without_google_re2(
    monkeypatch: pytest.MonkeyPatch, usernames: tuple[str, ...]
) -> None:
    monkeypatch.setattr(rule_module, "ASK_AFTER", 0)
    texts = _texts()
    asked = Scanner(usernames)
    with_re2 = [[(f.kind, f.start, f.end, f.value) for f in asked.find(text)] for text in texts]
    assert any(r.asked_first is not None for r in asked.rules)
    monkeypatch.setattr(rule_module.Rule, "may_match", lambda self, text: True)
    monkeypatch.setattr(scanner_module, "_prefilters", lambda usernames: None)
    assert [[(f.kind, f.start, f.end, f.value) for f in asked.find(text)] for text in texts] == with_re2
    assert any(with_re2[-len(UNICODE) :])


def test_an_account_and_its_password_are_found_and_the_rule_does_not_run_where_it_cannot_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[str] = []
    matches = rule_module.Rule.matches

    def recording(
        self: rule_module.Rule, text: str, near: list[tuple[int, int]] | None = None
    ) -> Iterator[re.Match[str]]:
        ran.append(self.rule_id or self.kind)
        return matches(self, text, near)

    monkeypatch.setattr(rule_module.Rule, "matches", recording)
    monkeypatch.setattr(rule_module, "ASK_AFTER", 0)
    prose = "We split the list, sorted it, and wrote it back, one line per item, " * 40
    assert Scanner().find(prose) == []
    assert "account-comma-password" not in ran
    found = Scanner().find("RDP: administrator, Kestrel#2031")
    assert "account-comma-password" in ran
    assert [(f.kind, f.value) for f in found] == [("password-in-text", "Kestrel#2031")]


def test_a_text_that_is_no_utf8_is_scanned_by_every_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_module, "ASK_AFTER", 0)
    text = "RDP: administrator, Kestrel#2031\n\ud800"
    assert [f.value for f in Scanner().find(text)] == ["Kestrel#2031"]


def test_without_google_re2_no_rule_is_asked_first(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_re2(name: str, *args: object, **kwargs: object) -> object:
        if name == "re2":
            raise ImportError(name)
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_re2)
    rule = rule_module.Rule("password-in-text", "secret", r"(?i)(?<!\w)(?:admin|root), (?P<v>\S{6,})", (", ",))
    assert rule.asked_first is None
    assert rule.may_match("root, Kestrel#2031")


def test_a_rule_is_asked_of_re2_only_once_it_has_been_tried_over_much_text() -> None:
    rule = rule_module.Rule("password-in-text", "secret", r"(?i)(?<!\w)(?:admin|oper), (?P<v>\S{6,})", (", ",))
    short = "a list, of things, " * 10
    assert rule.may_match(short)  # (tried: too little text so far to be worth RE2's compile)
    assert "asked_first" not in rule.__dict__
    long = "a list, of things, " * (rule_module.ASK_AFTER // 19 + 1)
    assert not rule.may_match(long)
    assert rule.may_match("oper, Kestrel#2031")


def _prefiltered_rules(scanner: Scanner) -> list[tuple[int, list[re.Pattern[str]]]]:
    return [(i, list(rule.prefilter_pattern or ())) for i, rule in enumerate(scanner.rules) if rule.prefilter]


def test_one_pass_over_every_prefilter_finds_each_prefilter_python_finds() -> None:
    from test_prefilter import NEAR

    from retell.secrets import scanner as scanner_module

    scanner = Scanner(("sam", "j.doe"))
    every = scanner_module._prefilters(scanner.usernames)
    assert every is not None
    prefiltered = _prefiltered_rules(scanner)
    assert len(prefiltered) > 15
    found = 0
    for text in _texts() + NEAR + [t.swapcase() for t in NEAR]:
        maybe = every.matching(text)
        assert maybe is not None
        for index, parts in prefiltered:
            if any(part.search(text) for part in parts):
                found += 1
                assert index in maybe, (scanner.rules[index].kind, text)
    assert found > 100


def test_when_re2_gives_up_on_the_set_every_prefilter_is_asked() -> None:
    every = gate_module.any_of([(7, r"\d\d\d[ .-]\d\d\d\d", 0), (8, r"(?i)value[ \t]*[:=]", 0)])
    assert every is not None
    assert every.matching("call 555-1234") == {7}
    assert every.matching("nothing here") == frozenset()
    assert every.matching("lone \ud800 surrogate") is None  # (RE2 reads UTF-8 only)
    # (not even the empty pattern: RE2 failed, nothing is known; google-re2 says None for no match at all)
    for answer in ([], None, [1]):
        gave_up = gate_module.AnyOf(lambda encoded, answer=answer: answer, 0, {1: 7}, frozenset())
        assert gave_up.matching("call 555-1234") is None


def test_a_prefilter_re2_cannot_read_is_always_asked() -> None:
    every = gate_module.any_of([(7, r"\d\d\d[ .-]\d\d\d\d", 0), (9, r"(?<=a)b(?(1)c|d)", 0)])
    assert every is not None
    assert every.matching("nothing here") == {9}


def test_a_rule_whose_prefilter_finds_nothing_is_not_asked_once_the_scanner_has_seen_much_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[str] = []
    real = rule_module.Rule.may_match

    def recording(self: rule_module.Rule, text: str) -> bool:
        if self.prefilter:
            asked.append(self.rule_id or self.kind)
        return real(self, text)

    monkeypatch.setattr(rule_module.Rule, "may_match", recording)
    scanner = Scanner()
    words = "it is a day of sun and of sea; we go to it, you and I\n"  # (no word of six letters, no digit)
    scanner.find(words * 1000)  # (~50,000 characters: each prefilter asked on its own)
    assert "password-answered-alone" in asked
    asked.clear()
    scanner.find(words * 3)
    assert asked == []  # (one RE2 pass said no prefilter can find anything in it)
    scanner.find("call 415-555-0132 today")
    assert "nanp-phone" in asked


def test_no_code_point_above_the_bound_has_a_case() -> None:
    """What `_exact_folds` rests on: IGNORECASE matches two code points when their simple lower cases are the same
    (or by re's extra cases); every code point that lower-cases to another, and that other, lie below the bound."""
    import _sre
    from re import _casefix  # type: ignore[attr-defined]

    bound = gate_module._CASED_BELOW
    for c in range(0x110000):
        low = _sre.unicode_tolower(c)
        if low != c:
            assert c < bound and low < bound, hex(c)
    assert all(c < bound and all(x < bound for x in xs) for c, xs in _casefix._EXTRA_CASES.items())


@pytest.mark.parametrize("chars", ["é", "ü", "ω", "å", "ß", "鍵", "ſ", "ǅ", "ΐ", "ς", "\u1e9e", "ﬀ", "𐐨", "è鍵é"])
def test_the_folds_of_a_few_non_ascii_characters_are_what_python_matches(chars: str) -> None:
    every = "".join(map(chr, range(0xD800))) + "".join(map(chr, range(0xE000, 0x110000)))
    expected = set(re.findall("(?i)[" + re.escape(chars) + "]", every))
    folds = gate_module._exact_folds([(ord(c), ord(c)) for c in chars])
    assert folds is not None
    assert {chr(low) for low, _ in folds} == expected
    assert gate_module._exact_folds([(0x80, 0x80 + gate_module._FOLD_LIMIT)]) is None  # (a wide class: any non-ASCII)


def test_a_rule_with_a_non_ascii_word_is_asked_of_re2_with_that_word_and_its_cases_only() -> None:
    """`è`, `é`, `鍵` under IGNORECASE were read as any non-ASCII character or i, k, s: the wider pattern of
    password-after-its (`\\bè[ \\t]+…`) then matched `is something` in most texts."""
    rule = next(r for r in Scanner().rules if r.rule_id == "password-after-its")
    wider = re2.compile(gate_module.superset(rule.regex, rule.flags))
    assert wider.search("this is something ordinary") is None
    assert wider.search("Le mot de passe, c'est Tr0ub4dor&3") is not None
    assert wider.search("la contraseña É Tr0ub4dor&3") is not None
    key = next(r for r in Scanner().rules if r.rule_id == "key-named-by-its-word")
    wider = re2.compile(gate_module.superset(key.regex, key.flags))
    assert wider.search("the bucket holds 9f8e7d6c5b4a39281706f5e4d3c2b1a0 objects") is None
    assert wider.search("鍵: 9f8e7d6c5b4a39281706f5e4d3c2b1a0") is not None


def test_the_table_of_gates_is_what_the_regexes_read() -> None:
    """retell/data/gates.json.gz holds, for every regex retell ships that RE2 may be asked first about, the very
    pattern reading it gives (after changing a rule: `python bench/secrets/write_gates.py`); a regex it does not
    hold is read when asked, and a table made under another Python or Unicode is not used."""
    import gzip

    import orjson

    from retell.secrets.scanner import shipped_regexes

    gates, supersets = gate_module._table()
    fresh = gate_module.table_of(*shipped_regexes())
    assert (gates, supersets) == (fresh["gates"], fresh["supersets"])
    assert sum(1 for g in gates.values() if g) > 250
    unknown = r"(?i)(?<![\w-])zzq[0-9]{4}"
    assert gate_module.regex_key(unknown, 0) not in gates
    gate = gate_module.gate_for(unknown, 0)
    assert gate is not None and gate.can_match("id ZZQ1234") and not gate.can_match("id zzq12")
    document = orjson.loads(gzip.decompress(gate_module.TABLE.read_bytes()))
    assert document["made_for"] == gate_module._made_for()


def test_a_table_made_under_another_python_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gate_module, "_made_for", lambda: {"python": "2.7", "unicode": "3.0.0"})
    gate_module._table.cache_clear()
    try:
        assert gate_module._table() == ({}, {})
    finally:
        monkeypatch.undo()
        gate_module._table.cache_clear()
