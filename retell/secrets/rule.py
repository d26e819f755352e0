"""One detection rule as data: a regex, the keywords that must be present before it runs, and the checks a
matched value must pass (entropy, allowlists, a value test)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from typing import Any

SECRET = "secret"
# RE2 is asked first (gate.py) only once a rule's regex has been tried over this many characters: reading and
# compiling the wider patterns costs a small session ~10 ms that its few texts would not win back
ASK_AFTER = 50_000
PII = "pii"


@dataclass(frozen=True)
class Allowlist:
    """gitleaks' allowlist: the finding is not a secret when a regex matches its target (the secret, the
    whole match or its line) or the secret contains a stopword."""

    target: str = "secret"  # secret | match | line
    regexes: tuple[str, ...] = ()
    stopwords: tuple[str, ...] = ()

    @cached_property
    def compiled(self) -> tuple[re.Pattern[str], ...]:
        return tuple(re.compile(r, re.ASCII) for r in self.regexes)

    @cached_property
    def stopword_matcher(self) -> Any:
        """One Aho-Corasick automaton of the stopwords (pyahocorasick, the scanner's keyword matcher): a pass
        over the secret instead of a substring test per word (generic-api-key has 1,446 of them)."""
        import ahocorasick

        automaton = ahocorasick.Automaton()
        for word in self.stopwords:
            automaton.add_word(word, word)
        automaton.make_automaton()
        return automaton

    def allows(self, secret: str, match: str, line: str) -> bool:
        target = {"secret": secret, "match": match, "line": line}.get(self.target, secret)
        if any(p.search(target) for p in self.compiled):
            return True
        if not self.stopwords:
            return False
        if len(self.stopwords) < 8 or "" in self.stopwords:
            lowered = secret.lower()
            return any(word in lowered for word in self.stopwords)
        return next(self.stopword_matcher.iter(secret.lower()), None) is not None


Accept = Callable[[str, "re.Match[str]"], bool]


@dataclass(frozen=True)
class Rule:
    kind: str  # e.g. "github-token": names the secret id and the default placeholder
    category: str  # SECRET or PII
    regex: str
    keywords: tuple[str, ...]  # lowercase; the regex runs only on text holding one of them
    # the group that is the secret (a number, a name, or names to try in turn); None: the first non-empty
    # group, or the whole match (gitleaks' convention)
    group: int | str | tuple[str, ...] | None = None
    flags: int = 0
    entropy: float = 0.0  # a secret must have more Shannon entropy than this (bits per character)
    allowlists: tuple[Allowlist, ...] = ()
    accept: Accept | None = None  # a value test (rejects placeholders, code, prose)
    replacement: str | None = None  # None: "[REDACTED:<kind>]"
    anchor: str | None = None  # search only around each occurrence of this character (the email's "@")
    source: str = "retell"  # retell | gitleaks
    rule_id: str = ""  # the rule's own id, when several rules report one kind
    digits_required: bool = False  # gitleaks' generic rules: a secret holds a digit
    trims: str = ""  # trailing characters that end a sentence rather than belong to the value
    canonical: str | None = None  # the value to report whatever the spelling (the account name's case)
    value_of: Callable[[str, re.Match[str]], str] | None = None  # the value as it means (escapes undone)
    # (before, after): a match lies within this many characters around one of the keywords, so a long text
    # is searched only there (a regex that starts with `[\w.-]{0,50}?` would be tried at every position)
    window: tuple[int, int] | None = None
    gate: str | None = None  # with a window: what must follow a keyword for a match to be possible there
    # a match starts where one of the keywords does (`password is …`): it is tried there only, not at every
    # position of a window
    at_keyword: bool = False
    # a plain regex (no anchor; a lookaround only within what a match holds) that finds a part of every match: a
    # text where it finds nothing holds no match, and the rule's own regex (tried at every position, or of every
    # window) is not run. One search in C instead: the phone rules' keywords (`1-`, `0 `) are in nearly every
    # text, their numbers not. Or several, one of which finds a part of every match: each starting with a
    # literal is found by a fast search, where their alternation (`ENV|set…`) is tried at every position.
    prefilter: str | tuple[str, ...] | None = None
    # the rule's regex is `<lead>(?:<keywords>)…`, a lead that takes at most `lead_limit` characters of the
    # class `lead_class` (gitleaks' `(?i)[\w.-]{0,50}?(?:access|auth|…)`): a match starts only within the run
    # of those characters just before one of its keywords, so within a window it is tried there only
    # (`_keyword_led`), not at each of the window's ~460 positions
    keyword_led: tuple[str, str, int] | None = None  # (keywords' regex, lead_class, lead_limit)
    # run on every text, with no keyword (its prefilter decides): a rule whose matches no word announces (a
    # capitalised pair of words); a keyword as common as a space would cost a step of the matcher at each one
    always: bool = False

    @cached_property
    def gate_pattern(self) -> re.Pattern[str] | None:
        return re.compile(self.gate, self.flags | re.I) if self.gate else None

    @cached_property
    def prefilter_pattern(self) -> tuple[re.Pattern[str], ...] | None:
        if not self.prefilter:
            return None
        parts = (self.prefilter,) if isinstance(self.prefilter, str) else self.prefilter
        return tuple(re.compile(part, self.flags) for part in parts)

    def may_match(self, text: str) -> bool:
        """False when `text` cannot hold a match (its prefilter finds nothing; or RE2 finds nothing where
        Python's engine would try the regex at every position: gate.py)."""
        pre = self.prefilter_pattern
        if pre is not None:
            return any(part.search(text) is not None for part in pre)
        if "asked_first" not in self.__dict__:  # (not asked yet: only once the regex has been tried over much text)
            tried = self.__dict__["_tried"] = self.__dict__.get("_tried", 0) + len(text)
            if tried < ASK_AFTER:
                return True
        asked = self.asked_first
        return asked is None or asked.can_match(text)

    @property
    def may_ask_first(self) -> bool:
        """Whether RE2 may be asked first about this rule's regex (`asked_first`): not for a rule with a prefilter,
        one tried at its keywords or around an anchor, or one that picks where to try its regex."""
        # (a windowed rule too: RE2's one linear pass over the whole text costs less than the windows' searches,
        # tried at every position of each, in the texts where it finds nothing)
        if self.prefilter or self.at_keyword or self.anchor is not None:
            return False
        return type(self).matches is Rule.matches

    @cached_property
    def asked_first(self) -> Any:
        """An RE2 pattern that finds something wherever this rule's regex can match (gate.py), for a rule whose
        regex runs over the whole text and that Python's engine tries in full at each position; else None."""
        if not self.may_ask_first:
            return None
        from retell.secrets.gate import gate_for  # (asked only of a text that holds a keyword)

        return gate_for(self.regex, self.flags)

    @cached_property
    def span_can_hold_newline(self) -> bool:
        """Whether a value this rule flags can hold a line break (read from the regex: overlines.py)."""
        from retell.secrets.overlines import answer  # (asked only of a text kept in part)

        return answer(self.regex, self.flags, self.group)

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        # Compiled on first use: most rules never meet their keywords, and compiling 250 costs ~0.1 s.
        return re.compile(self.regex, self.flags)

    def matches(self, text: str, near: list[tuple[int, int]] | None = None) -> Iterator[re.Match[str]]:
        """Every match; with `near` (the keywords' spans) and a window, only the matches around them."""
        if self.at_keyword and near is not None:
            reached = 0
            for start, _ in sorted(near):
                if start >= reached:
                    m = self.pattern.match(text, start)
                    if m is not None:
                        reached = m.end()
                        yield m
            return
        if self.window is not None and near is not None:
            yield from self._windowed(text, near)
            return
        if self.anchor is None:
            yield from self.pattern.finditer(text)
            return
        # A pattern that starts with a character class would be tried at every position of a long text;
        # around each anchor it is tried only where it can match.
        end = 0
        i = text.find(self.anchor)
        while i >= 0:
            if i >= end:
                start = max(0, i - 80, end)
                for m in self.pattern.finditer(text, start, min(len(text), i + 260)):
                    if m.start() <= i < m.end():
                        yield m
                        end = m.end()
                        break
            i = text.find(self.anchor, i + 1)

    def _windowed(self, text: str, near: list[tuple[int, int]]) -> Iterator[re.Match[str]]:
        assert self.window is not None
        before, after = self.window
        gate = self.gate_pattern
        ranges: list[list[int]] = []
        for start, end in sorted(near):
            if gate is not None and gate.match(text, end) is None:
                continue
            a, b = max(0, start - before), min(len(text), end + after)
            if ranges and a <= ranges[-1][1]:
                ranges[-1][1] = max(ranges[-1][1], b)
            else:
                ranges.append([a, b])
        for a, b in ranges:
            found = self.pattern.finditer(text, a, b) if self.keyword_led is None else self._keyword_led(text, a, b)
            for m in found:
                if m.end() == b < len(text):  # the window may have cut it: match again where it starts
                    whole = self.pattern.match(text, m.start())
                    if whole is not None:
                        yield whole
                    continue
                yield m

    @cached_property
    def _lead_patterns(self) -> tuple[re.Pattern[str], re.Pattern[str]]:
        """(where a keyword of the regex starts: a lookahead, so overlapping ones are all found; the run of
        lead characters that ends at a position)."""
        assert self.keyword_led is not None
        keywords, lead_class, limit = self.keyword_led
        return (
            re.compile(f"(?i)(?=(?:{keywords}))", self.flags),
            re.compile(f"{lead_class}{{0,{limit}}}\\Z", self.flags),
        )

    @cached_property
    def _tail_pattern(self) -> re.Pattern[str] | None:
        """The regex from its keywords on (`(?i)(?:access|auth|…)<the rest>`), when it is the lead, then that: a match
        whose keyword starts at k exists only where this matches at k (the same text, the same end), so a keyword
        where it does not is no match's, and the ~50 starts before it need not be tried."""
        assert self.keyword_led is not None
        keywords, lead_class, limit = self.keyword_led
        flags = "(?i)" if self.regex.startswith("(?i)") else ""
        head = f"{flags}{lead_class}{{0,{limit}}}?"
        keyed = f"(?:{keywords})"
        if not self.regex.startswith(head + keyed):
            return None
        return re.compile(flags + self.regex[len(head) :], self.flags)

    def _keyword_led(self, text: str, a: int, b: int) -> Iterator[re.Match[str]]:
        """What `pattern.finditer(text, a, b)` yields, trying the regex only where a match can start: a match
        takes at most `limit` lead characters, then a keyword, so it starts at p only if a keyword starts at
        some k in [p, p + limit] with text[p:k] all lead characters. The positions are tried in order and the
        search goes on after each match, as finditer does (which tries every position in order: at any other
        one the lead cannot reach a keyword, so the regex fails there)."""
        assert self.keyword_led is not None
        keyword_at, run_to = self._lead_patterns
        limit = self.keyword_led[2]
        tail = self._tail_pattern
        spans: list[tuple[int, int]] = []  # [lo, hi]: the positions a match may start at
        for k in keyword_at.finditer(text, a, b):
            at = k.start()
            if tail is not None and tail.match(text, at, b) is None:
                continue  # (no match takes its keyword here: whatever its lead, the rest fails from here)
            run = run_to.search(text, max(a, at - limit), at)  # (always matches: the empty run at `at`)
            spans.append((run.start() if run is not None else at, at))
        pos = a
        for lo, hi in sorted(spans):
            p = max(lo, pos)
            while p <= hi:
                m = self.pattern.match(text, p, b)
                if m is None:
                    p += 1
                    continue
                yield m
                pos = p = max(m.end(), p + 1)  # (as finditer: on from the match's end; a match holds a keyword)
            pos = max(pos, hi + 1)

    def secret_span(self, m: re.Match[str]) -> tuple[int, int] | None:
        span = self._span(m)
        if span is None or not self.trims:
            return span
        start, end = span
        if m.string[end : end + 1] in ("'", '"', "`") and end < len(m.string):
            return span  # a quoted value ends at its quote
        while end > start and m.string[end - 1] in self.trims:
            if m.string[end - 1] == "." and _dot_belongs(m.string, start, end):
                break
            end -= 1
        return (start, end) if end > start else None

    def _span(self, m: re.Match[str]) -> tuple[int, int] | None:
        if isinstance(self.group, tuple):
            name = next((g for g in self.group if m.group(g)), None)
            return m.span(name) if name else None
        if self.group is not None:
            return m.span(self.group) if m.group(self.group) else None
        for g in range(1, (m.re.groups or 0) + 1):
            if m.group(g):
                return m.span(g)
        return m.span()

    def passes(self, value: str, m: re.Match[str], text: str, global_allow: tuple[Allowlist, ...]) -> bool:
        if self.entropy and shannon_entropy(value) <= self.entropy:
            return False
        if self.digits_required and not any(c.isdigit() for c in value):
            return False
        if self.allowlists or global_allow:
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            line = text[line_start : line_end if line_end >= 0 else len(text)]
            for allow in (*global_allow, *self.allowlists):
                if allow.allows(value, m.group(0), line):
                    return False
        return self.accept is None or self.accept(value, m)

    @property
    def placeholder(self) -> str:
        return self.replacement if self.replacement is not None else f"[REDACTED:{self.kind}]"


def shannon_entropy(value: str) -> float:
    if not value:
        return 0.0
    counts = Counter(value)  # (counted in C, in the order the characters first occur, as a dict would be)
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_SENTENCE_GOES_ON = re.compile(r"(?:[,，、]|[ \t]+[a-z])")  # (a full-width comma too: `改成了Axolotl2026.，`)
_CONFIG_LINE = re.compile(r"[ \t]*[\"']?[\w.-]+[\"']?[ \t]*(?:=|:[ \t])[ \t]*[\"']?$")


def _dot_belongs(text: str, start: int, end: int) -> bool:
    """(round fourteen) A value's last `.` is its own where no sentence ends there: the sentence goes on in small
    letters or after a comma (`reset it to Boca1923. so you can…`), or the value ends a config line
    (`KEY: Ajax1900.`)."""
    if end - start < 3 or text[end - 2 : end - 1] == ".":
        return False  # `…` and `..` end a sentence
    if _SENTENCE_GOES_ON.match(text, end):
        return True
    line_start = text.rfind("\n", 0, start) + 1
    at_line_end = text[end : end + 1] in ("", "\n", "\r")
    return at_line_end and _CONFIG_LINE.fullmatch(text, line_start, start) is not None
