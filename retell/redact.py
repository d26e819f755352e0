"""events + triage decisions -> the cleared view: the only version of the session later stages may use.

Everything that leaves the machine or gets published passes through `cleared_view`, and `guard` scans
it once more on the way out. Secrets are found by the same scanner as at parse time and matched to the
author's decisions by their stable id, so a decision applies everywhere the secret occurs (human text,
tool commands, subagent prompts and results, titles).
"""

from __future__ import annotations

import bisect
import copy
import json
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retell.errors import SecretLeakError
from retell.events import (
    BRIDGE,
    CALL_TEXTS,
    HUMAN,
    IMAGE,
    RECAP,
    THINKING,
    Event,
    EventLog,
    SessionEntry,
    SessionInfo,
    walk,
)
from retell.secrets import (
    Finding,
    Scanner,
    default_replacement,
    event_fields,
    secret_id,
    session_fields,
    usernames_from_paths,
)
from retell.secrets.author_terms import TERM_KIND, Term, Terms
from retell.secrets.decode import DecodedView, decoded_view
from retell.secrets.iban import IBAN_KIND, printed
from retell.secrets.joined_names import (
    NAME_KIND,
    given_alone,
    given_name_form,
    joined_forms,
    joined_like,
    replacement_forms,
    stands_alone,
    titled,
    titled_forms,
    titled_like,
)
from retell.secrets.mailbox_names import ADDRESS, after_a_name, local_part, mailbox_forms
from retell.secrets.name_paths import in_a_path, one_word, organisations, path_forms
from retell.secrets.scanner import resolve
from retell.triage.model import SecretDecision, Triage
from retell.workdir import Workdir

# What retell writes for a decision: never a secret itself (see `Redactor.find`).
PLACEHOLDER = re.compile(r"\[REDACTED:[\w.-]+\]")
_ALNUM_RUN = re.compile(r"[A-Za-z0-9]{4}")
# The kinds found by a word and a context window (a password or a token told in a sentence), not by their shape
_TOLD_KINDS = frozenset({"password-in-text", "token-in-text"})
_TOLD_REACH = 90  # characters: as far as those rules look past their word
_SENTENCE_END = ".!?"
# (round thirty-one) a token an excerpt cut: the run of non-space characters before `…` or `...`
_BEFORE_AN_ELLIPSIS = re.compile(r"(?<!\S)[`'\"(\[“‘«]?(\S+?)(?:\u2026|\.\.\.)")
_PADDING = "-_.=~"  # what a title's trim takes off the end of a token (`==` of base64, a JWT's `--`)


def _without_parentheses(value: str) -> str:
    """`value` without its parts in parentheses, as a title writes it (`(201) 555-7131` -> `555-7131`)."""
    return re.sub(r"[ \t]{2,}", " ", re.sub(r"\([^()]*\)", "", value)).strip()


class _Spans:
    """Non-overlapping spans, kept sorted: whether a new one is free is two comparisons (a value repeated
    thousands of times in one output is not checked against every span before it)."""

    def __init__(self) -> None:
        self.starts: list[int] = []
        self.ends: list[int] = []

    def add(self, start: int, end: int) -> bool:
        """Take [start, end) when it overlaps no span taken; whether it was taken."""
        i = bisect.bisect_right(self.starts, start)
        if (i > 0 and self.ends[i - 1] > start) or (i < len(self.starts) and self.starts[i] < end):
            return False
        self.starts.insert(i, start)
        self.ends.insert(i, end)
        return True


class _Forms:
    """The forms some of `_repeats`' searches look for, found in one pass over a text (Aho-Corasick: every
    occurrence, overlapping ones too) instead of one `str.find` per known value (a render's texts each asked
    for ~450 values twice: ~0.8 s of a 100 MB session's render)."""

    def __init__(self, automaton: Any) -> None:
        self.automaton = automaton

    @classmethod
    def of(cls, searches: list[tuple[str, str]], first: int) -> _Forms | None:
        """The forms of searches[first:], each knowing the searches that look for it; None when there are none."""
        if len(searches) <= first:
            return None
        import ahocorasick  # (pyahocorasick: the scanner's keyword pass)

        by_form: dict[str, list[int]] = {}
        for i in range(first, len(searches)):
            by_form.setdefault(searches[i][1], []).append(i)
        automaton = ahocorasick.Automaton()
        for form, indexes in by_form.items():
            automaton.add_word(form, (len(form), indexes))
        automaton.make_automaton()
        return cls(automaton)


def _occurrences(
    searches: list[tuple[str, str]], passes: Iterable[tuple[str, _Forms | None]]
) -> Iterator[tuple[str, str, int]]:
    """(value, form, start) in the order one `str.find` loop per search would find them: search by search,
    each one's occurrences left to right, the next looked for from the end of the last (not overlapping it)."""
    starts: dict[int, list[int]] = {}
    for text, forms in passes:
        if forms is None:
            continue
        for end, (length, indexes) in forms.automaton.iter(text):
            for i in indexes:
                starts.setdefault(i, []).append(end + 1 - length)
    for i in sorted(starts):
        value, form = searches[i]
        reached = 0
        for start in sorted(starts[i]):
            if start >= reached:
                yield value, form, start
                reached = start + len(form)


@dataclass
class Redactor:
    """Applies the author's secret decisions to any text of one session.

    Secrets are found by the rules and, in addition, wherever a value flagged anywhere in the session
    reappears verbatim: a token first seen as `Bearer <token>` is still found when quoted bare, and a
    password first seen as `password = "…"` is found without its quotes.

    What retell writes for a decision is inert: a `[REDACTED:kind]` placeholder, or an author's replacement
    that passed validation, is never flagged again, whatever rule its surroundings would trigger.

    The author's own terms (the `redact:` lists, retell/secrets/author_terms.py) are found alongside the
    rules' findings and replaced without a decision; a term inside a value the rules redact goes with it.
    """

    salt: str
    decisions: dict[str, SecretDecision]
    scanner: Scanner
    known: dict[str, tuple[str, str]] = field(default_factory=dict)  # flagged value -> (kind, category)
    applied: dict[str, int] = field(default_factory=dict)  # secret id -> replacements made
    # the files the author writes (draft.md, outline.yaml, notes, prompt templates), as paths or as
    # (name, text): where the guard looks for a secret it stops on, to name the line to fix
    sources: list[Path | tuple[str, str]] = field(default_factory=list)
    terms: Terms = field(default_factory=Terms)
    # the session's log: the guard asks it whether a value stands there, unflagged, among the same words
    session: EventLog | None = field(default=None, repr=False, compare=False)
    # (material round 60) every person's name the session's scan flags, however short (`林怡君`): an address
    # that spells one is theirs (retell/secrets/mailbox_names.py)
    names: tuple[str, ...] = ()
    # (round thirty-six) one-word names the session writes as a host's label: an organisation's, not a person's
    # (retell/secrets/name_paths.py); each name asked about is answered once, from every text of the session
    not_persons: dict[str, bool] = field(default_factory=dict, repr=False, compare=False)
    _mailbox_forms: dict[str, set[str]] = field(default_factory=dict, repr=False, compare=False)
    _replacement_patterns: list[re.Pattern[str]] | None = field(default=None, repr=False)
    _searches: (
        tuple[
            tuple[str, ...],
            tuple[list[tuple[str, str]], _Forms | None, _Forms | None, frozenset[tuple[str, str]]],
        ]
        | None
    ) = field(default=None, repr=False, compare=False)

    MIN_KNOWN_LENGTH = 6  # shorter values (a 3-letter user name) are left to the rules
    ALTERED_MIN_LENGTH = 16  # a value this long is found again with another case or trimmed padding

    @classmethod
    def for_log(cls, log: EventLog, decisions: dict[str, SecretDecision], terms: Sequence[Term] = ()) -> Redactor:
        scanner, known, names, hosts = _known_values(log)
        return cls(
            log.session.id,
            decisions,
            scanner,
            dict(known),
            terms=Terms(tuple(terms)),
            session=log,
            names=names,
            # (the session's names, each already asked: a host's label or a person's)
            not_persons={**dict.fromkeys((n for n in names if one_word(n)), False), **dict.fromkeys(hosts, True)},
        )

    def find(self, text: str) -> list[Finding]:
        """Rule matches plus verbatim repeats of known flagged values (also where escapes hide them),
        non-overlapping, in order. What retell wrote for a decision is inert: it is blanked out (NULs) before the
        scan, so neither it nor a match it would complete with its surroundings is found."""
        original = text
        inert = self._inert_spans(text)
        if inert:
            chars = list(text)
            for a, b in inert:
                chars[a:b] = "\0" * (b - a)  # neither a word, a quote nor a space: no rule reads through it
            text = "".join(chars)
        findings = self._persons_only(self.scanner.scan(text))
        if inert:  # a permissive rule may read the blanked span as a value: only what is left of it counts
            findings = [f for f in findings if "\0" not in f.value or _ALNUM_RUN.search(f.value)]
            # A password told in words was found where retell's placeholder now stands; the next token of the
            # same clause ("the wifi password is [REDACTED], SSID FH-Lantai3") is not a second one to stop on
            told = [f for f in findings if _told_after(f, inert, text)]
            if told:
                # ...nor are its copies elsewhere in the text (a list of the names met, a title): the scan flags
                # every occurrence of a value it read once, so each copy would stop a prompt in the author's
                # stead. Read again with the value it reached blanked too, a copy stands on its own words.
                findings = self._without_told(text, told, inert)
        if self.known:
            repeats = self._repeats(text, None) + self._cut_short(text)
            view = decoded_view(text)
            if view is not None:
                repeats.extend(self._repeats(view.text, view))
            if repeats:
                # A value flagged whole elsewhere wins over a shorter reading of it here: a title cut after
                # `C:\Users\Jane Doe` is no longer a home folder with a space to the rules, only to this.
                findings = resolve([(f, 0) for f in findings + repeats])
        if self.terms:
            findings = self._with_terms(text, findings)
        replaced = {d.replacement for d in self.decisions.values() if d.action == "replace" and d.replacement}
        replaced.update(self.terms.replacements)
        if replaced and findings:  # glued to its context (`-p<replacement>`), a replacement is found as a value
            findings = [f for f in findings if not _inside_a_replacement(text, f, replaced)]
        if "@" in text:
            findings = self._with_mailboxes(original, text, findings)
        findings.sort(key=lambda f: f.start)
        return findings

    def _without_told(self, text: str, told: list[Finding], inert: list[tuple[int, int]]) -> list[Finding]:
        """The findings of `text` (inert spans already blanked) read again with the values a placeholder's words
        reached (`told`) blanked as well: what is still flagged, elsewhere than where they stood."""
        chars = list(text)
        for f in told:
            chars[f.start : f.end] = "\0" * (f.end - f.start)
        blanked = "".join(chars)
        again = self._persons_only(self.scanner.scan(blanked))
        again = [f for f in again if "\0" not in f.value or _ALNUM_RUN.search(f.value)]
        return [f for f in again if not _told_after(f, inert, blanked)]

    def _persons_only(self, findings: list[Finding]) -> list[Finding]:
        """(round thirty-six) The findings less a one-word name the session writes as a host's label (`Corrandale`
        beside `my.corrandale-power.co.uk`): an organisation's (retell/secrets/name_paths.py)."""
        if self.session is None or not any(f.kind == NAME_KIND and one_word(f.value) for f in findings):
            return findings
        return [f for f in findings if not (f.kind == NAME_KIND and self._not_a_person(f.value))]

    def _not_a_person(self, value: str) -> bool:
        answer = self.not_persons.get(value)
        if answer is None:
            assert self.session is not None
            texts = (text for _, text in all_texts(self.session))
            answer = self.not_persons[value] = one_word(value) and bool(organisations([value], texts))
        return answer

    def _with_mailboxes(self, original: str, text: str, findings: list[Finding]) -> list[Finding]:
        """(material round 60) The local part of an address that is a named person's, found as that name: one that
        stands right after the name (`林怡君 <ylin@…>`, or its placeholder), or spells it (`yichun.lin@…`, `jdoe@…`).
        The name's decision applies, where the address is no finding of its own (whose decision holds)."""
        names = [f for f in findings if f.kind == NAME_KIND]
        owners = dict.fromkeys([*self.names, *(f.value for f in names)])
        placeholder = default_replacement(NAME_KIND)
        told = [m.end() for m in re.finditer(re.escape(placeholder), original)] if placeholder in original else []
        if not owners and not told:
            return findings
        out = list(findings)
        for m in ADDRESS.finditer(text):
            a, b = m.span(1)
            beside = [f for f in names if after_a_name(text, a, [f.end])]
            owner = beside[0].value if beside else None
            if owner is None and after_a_name(original, a, told):
                owner = m.group(1)  # a name already redacted here: the address beside it is theirs all the same
            if owner is None:
                spelled = local_part(m.group(1))
                owner = next((n for n in owners if spelled in self._forms_of(n)), None)
            if owner is None:
                continue
            found = Finding(NAME_KIND, "pii", a, b, owner)
            new = self.replacement(found)
            if new is None:
                continue  # the author keeps the name
            if not new.startswith("[REDACTED:") and (
                len(new.split()) < 2 or local_part(m.group(1)) not in self._forms_of(owner)
            ):
                # the author's replacement is written joined only where the address spells the name and the
                # replacement has the words to join (`jan.kowal`, inert); else the local part is redacted, so that
                # no address retell writes (`a@…`) is a new one to flag
                found = Finding(NAME_KIND, "pii", a, b, m.group(1))
            if any(f.start < m.end() and m.start() < f.end for f in out):
                continue  # the address is a finding of its own: its own decision holds (kept, if the author kept it)
            out.append(found)
        return out

    def _forms_of(self, name: str) -> set[str]:
        forms = self._mailbox_forms.get(name)
        if forms is None:
            forms = self._mailbox_forms[name] = mailbox_forms(name)
        return forms

    def _with_terms(self, text: str, findings: list[Finding]) -> list[Finding]:
        """The rules' findings and the author's terms together, non-overlapping: a term inside a value the
        rules redact goes with that value (a client's name in an email address), a term inside a value the
        author keeps is replaced all the same (they listed it)."""
        terms = self.terms.find(text)  # (inert spans are already blanked out of `text`)
        if not terms:
            return findings
        redacted = [f for f in findings if self.replacement(f) is not None]
        terms = [t for t in terms if not any(t.start < f.end and f.start < t.end for f in redacted)]
        kept = [f for f in findings if not any(f.start < t.end and t.start < f.end for t in terms)]
        return kept + terms

    def _repeats(self, haystack: str, view: DecodedView | None) -> list[Finding]:
        """Every occurrence of a known flagged value, the longest first where they overlap; then the long ones
        repeated with another case or without their trailing padding: a title or heading made from a message
        capitalises its first word and trims its end, and a token so altered (`EyJhbGci…TW0` for
        `eyJhbGci…TW0--`) is no longer the value, nor a token to the rules."""
        out: list[Finding] = []
        taken = _Spans()
        searches, exact, altered, path_only = self._repeat_searches()
        # (`İ` is the one letter whose lower case is two characters: as `I` it keeps every offset in place)
        lowered = haystack.replace("\u0130", "I").lower() if altered is not None else haystack
        for value, form, start in _occurrences(searches, ((haystack, exact), (lowered, altered))):
            end = start + len(form)
            a, b = (view.original(start), view.original(end)) if view is not None else (start, end)
            kind, category = self.known.get(value) or (NAME_KIND, "pii")  # (a short name: its path forms)
            if (value, form) in path_only:
                if not in_a_path(haystack, start, end):
                    continue  # a name's path form outside a path, a file's name or a host is not looked for
            elif (
                kind == NAME_KIND
                and (form != value or len(value) < self.MIN_KNOWN_LENGTH)
                and not stands_alone(haystack, start, end)
                and not _UNSPACED.fullmatch(form)  # (a script without spaces runs a name into its sentence)
            ):
                continue  # a name's altered form, or a short name, inside a longer word is not the name (`Tomato`)
            if taken.add(a, b):
                out.append(Finding(kind, category, a, b, value))
        return out

    def _cut_short(self, text: str) -> list[Finding]:
        """(round thirty-one) A long value a title or an excerpt cut short: the token right before its ellipsis
        (`EyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.…` for a whole JWT) is the start of a known value, in any case. Its
        first part is no token to the rules, nor the value to `_repeats`, and a reader still has part of it."""
        if "\u2026" not in text and "..." not in text:
            return []
        out: list[Finding] = []
        for m in _BEFORE_AN_ELLIPSIS.finditer(text):
            token = m.group(1)
            if len(token) < self.ALTERED_MIN_LENGTH:
                continue
            cut = token.lower()
            for value, (kind, category) in self.known.items():
                if len(value) > len(token) and value.lower().startswith(cut):
                    out.append(Finding(kind, category, m.start(1), m.end(1), value))
                    break
        return out

    def _repeat_searches(
        self,
    ) -> tuple[list[tuple[str, str]], _Forms | None, _Forms | None, frozenset[tuple[str, str]]]:
        """The searches of `_repeats` in their order, (value, form): each known value as it is, the longest
        first, then the long ones lower-cased and without their padding; and the automatons that find their
        forms (as they are, and in the lower-cased text), made once for the same known values."""
        key = tuple(self.known)
        if self._searches is not None and self._searches[0] == key:
            return self._searches[1]
        ordered = sorted(self.known, key=len, reverse=True)
        searches = [(value, value) for value in ordered]
        # a key's body, line by line: a title trims its armour's dashes, an excerpt cuts after its BEGIN line,
        # a message quotes one line or the second half; each line still is the key (redacted under its id)
        searches += [
            (value, piece) for value in ordered if self.known[value][0] == "private-key" for piece in _key_lines(value)
        ]
        # (round sixteen) a value whose last character ends sentences (`Besiktas1904.`, `Quokka!2031!`): a title or a
        # clause made from its message drops it, and the rest is still the value
        searches += [
            (value, value[:-1])
            for value in ordered
            if value[-1:] in _SENTENCE_END and len(value) > self.MIN_KNOWN_LENGTH and value[:-1] not in self.known
        ]
        # (round twenty-one) a value with a part in parentheses (a phone's area code, `(201) 555-7131`): a title
        # made from its message drops what is in parentheses, and the rest is still the value
        searches += [
            (value, form)
            for value in ordered
            if "(" in value
            for form in [_without_parentheses(value)]
            if form != value and len(form) > self.MIN_KNOWN_LENGTH and form not in self.known
        ]
        # (round thirty-five) an IBAN in its other written form: its value is the electronic one (`DE8937040044…`), and
        # printed in groups of four (`DE89 3704 0044 …`) it is the same account
        ibans = [value for value in ordered if self.known[value][0] == IBAN_KIND]
        searches += [
            (value, form) for value in ibans for form in [printed(value)] if form != value and form not in self.known
        ]
        # (round forty-one) a person by their given name alone, in the capitals their full name has (`Tunde` of `Tunde
        # Bamidele`), found only as a word of its own; a given name two flagged people share is neither's
        given = [
            (value, form)
            for value in ordered
            if self.known[value][0] == NAME_KIND
            for form in [given_alone(value)]
            if form and form not in self.known
        ]
        shared = Counter(form for _, form in given)
        searches += [(value, form) for value, form in given if shared[form] == 1]
        exact = _Forms.of(searches, 0)
        altered_from = len(searches)
        searches += [
            (value, form)
            for value in ordered
            if len(value) >= self.ALTERED_MIN_LENGTH
            for form in sorted({value.lower(), value.rstrip(_PADDING).lower()}, key=len, reverse=True)
            if len(form) >= self.ALTERED_MIN_LENGTH
        ]
        # (and either form in small letters, as a later message may type it: every IBAN is 15 characters or more)
        lowered = set(searches[altered_from:])
        searches += [
            (value, form)
            for value in ibans
            for form in dict.fromkeys([value.lower(), printed(value).lower()])
            if (value, form) not in lowered
        ]
        # (round thirty-four) a person's name in any case, run together or joined by `-`, `_` or `.`: the host, the
        # handle, the repository or the mailbox named after them (`steve-yegge.medium.com`, `github.com/steveyegge`)
        looked_for = set(searches[altered_from:])
        searches += [
            (value, form)
            for value in ordered
            if self.known[value][0] == NAME_KIND
            for joined in [joined_forms(value)]
            if joined  # (a one-word name in small letters is too often a word: `Promtool`, `promtool failed`)
            for form in dict.fromkeys([value.lower(), *joined])
            if form not in self.known and (value, form) not in looked_for
        ]
        # (round thirty-seven) a person's name behind a title, by the one name people use with it ("la señora Mendoza")
        looked_for = set(searches[altered_from:])
        searches += [
            (value, form)
            for value in ordered
            if self.known[value][0] == NAME_KIND
            for form in titled_forms(value)
            if form not in self.known and (value, form) not in looked_for
        ]
        # (round thirty-eight) a three-character Chinese or Korean name by its given name alone ("美玲是他老婆")
        looked_for = set(searches[altered_from:])
        searches += [
            (value, form)
            for value in ordered
            if self.known[value][0] == NAME_KIND
            for form in [given_name_form(value)]
            if form and form not in self.known and (value, form) not in looked_for
        ]
        # (round thirty-six) a person's name where a path, a file's name or a host writes it: a one-word name in
        # small letters, a longer one as an account or a mailbox makes it (`mkowalska/`); every name the session
        # flags, however short (`_repeats` finds these only where `in_a_path` holds)
        looked_for = set(searches[altered_from:])
        people = dict.fromkeys([*(v for v in ordered if self.known[v][0] == NAME_KIND), *self.names])
        path_only = [
            (value, form)
            for value in people
            for form in path_forms(value)
            if form not in self.known and (value, form) not in looked_for
        ]
        searches += path_only
        altered = _Forms.of(searches, altered_from)
        self._searches = (key, (searches, exact, altered, frozenset(path_only)))
        return searches, exact, altered, frozenset(path_only)

    def _inert_spans(self, text: str) -> list[tuple[int, int]]:
        """Placeholders, and the author's replacements where they stand as a whole (not inside a word: a
        replacement `test` must not hide the `test` of a key)."""
        spans = [m.span() for m in PLACEHOLDER.finditer(text)] if "[REDACTED:" in text else []
        written: list[tuple[int, int]] = []
        for replacement in self._replacements:
            written.extend(m.span() for m in replacement.finditer(text))
        view = decoded_view(text) if self._replacements else None
        if view is not None:  # a replacement after `%3D` or `\n` stands as a whole only in what the text means
            for replacement in self._replacements:
                written.extend(
                    (view.original(a), view.original(b)) for a, b in (m.span() for m in replacement.finditer(view.text))
                )
        if written and self.known:
            # (round thirty) a replacement's text inside a flagged value that is still there (one the author kept:
            # `K` replacing one key, the `/K/` of another kept) is that value's, not retell's writing: blanked, the
            # kept value was read again as another kind and redacted
            values = self._repeats(text, None) + (self._repeats(view.text, view) if view is not None else [])
            written = [
                (a, b)
                for a, b in written
                if not any(v.start <= a and b <= v.end and b - a < v.end - v.start for v in values)
            ]
        return spans + written

    @property
    def _replacements(self) -> list[re.Pattern[str]]:
        if self._replacement_patterns is None:
            # (punctuation alone, `/` or `-`, is never read as a value, and blanking it would change the
            # values around it: `https://…` with its slashes blanked is another value, with another id)
            written = [d.replacement for d in self.decisions.values() if d.action == "replace" and d.replacement]
            # a name's replacement joined as the session joined the name (`jane-doe.medium.com`) is retell's too
            written.extend(
                form
                for d in self.decisions.values()
                if d.action == "replace" and d.replacement and d.id.startswith(NAME_KIND + "-")
                for form in replacement_forms(d.replacement)
            )
            written.extend(self.terms.replacements)
            # a word's edge is asked for only where the replacement has one: `\r0` after `%3A` stands whole
            self._replacement_patterns = [
                re.compile(
                    ("(?<![\\w-])" if _wordish(replacement[0]) else "")
                    + re.escape(replacement)
                    + ("(?![\\w-])" if _wordish(replacement[-1]) else "")
                )
                for replacement in written
                if any(c.isalnum() for c in replacement)
            ]
        return self._replacement_patterns

    def replacement(self, finding: Finding) -> str | None:
        """What a finding becomes; None when the author chose to keep it."""
        if finding.kind == TERM_KIND:
            return self.terms.replacement(finding)
        sid = secret_id(finding.kind, finding.value, self.salt)
        decision = self.decisions.get(sid)
        if decision is None or decision.action == "redact":
            return default_replacement(finding.kind)
        if decision.action == "replace":
            return decision.replacement or default_replacement(finding.kind)
        return None

    def text(self, text: str) -> str:
        findings = self.find(text)
        if not findings:
            return text
        out = []
        last = 0
        for finding in findings:
            new = self.replacement(finding)
            if new is None or finding.start < last:
                continue
            written = text[finding.start : finding.end]
            if finding.kind == NAME_KIND and written != finding.value and not new.startswith("[REDACTED:"):
                # the author's name for them, behind the same title or joined as the session joined theirs
                new = titled_like(written, new, finding.value) if titled(written) else joined_like(written, new)
            out.append(text[last : finding.start])
            out.append(new)
            last = finding.end
            sid = secret_id(finding.kind, finding.value, self.salt)
            self.applied[sid] = self.applied.get(sid, 0) + 1
        out.append(text[last:])
        return "".join(out)

    def locate(self, ids: set[str]) -> dict[str, str]:
        """secret id -> `file line N`, for those of `ids` found in the author's files (the first place)."""
        where: dict[str, str] = {}
        for source in self.sources:
            if isinstance(source, tuple):
                name, text = source
            else:
                try:
                    name, text = source.name, source.read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
            for sid, finding in self.uncleared(text):
                if sid in ids and sid not in where:
                    where[sid] = f"{name} line {text.count(chr(10), 0, finding.start) + 1}"
        return where

    def stopping(self, text: str) -> list[tuple[str, Finding]]:
        """The uncleared findings in `text` the publish gate stops: those not as the session had them (one judgement
        for the gate, a hand-off answer and a model's output alike)."""
        return [(sid, f) for sid, f in self.uncleared(text) if not self.as_the_session_had_it(text, f)]

    def as_the_session_had_it(self, text: str, finding: Finding) -> bool:
        """Whether the session holds this value among the same words (only spaces, line breaks, quote marks
        and Markdown's escapes differing) where its own scan did not flag it. retell joins the lines of a
        paragraph it quotes (`Cache Key:` and, on the next line, its value become one line), and a rule that
        reads a label and a value on one line flags there what the parse, and so triage, never listed: the
        author cleared that text as the session had it. A value beside words the session never put around it
        (`the password is …`) is not this, and still stops."""
        if self.session is None or finding.kind == TERM_KIND or finding.value in self.known:
            return False
        if finding.kind == NAME_KIND or (
            finding.kind == _PHONE_KIND
            and not _CALLS_IT_A_PHONE.search(text[max(0, finding.start - 40) : finding.start])
        ):
            # (a name read by its context: "Ask Rossi whether…" in a model's plan, where the session wrote "Apicoltura
            # Rossi" and its scan flagged nothing: the cleared view sent it already, so the plan's words send
            # nothing new; a fresh29 drafter's run stopped here as "retell's own fault". A name the session flagged
            # anywhere is `known` above, and still stops. A phone number read by the words put around it is alike:
            # "Pers nummer blir 202601290" of a payment reference the session printed unflagged, blind48's writer.)
            return self._said_unflagged(finding.value)
        around = _loose_context(text, finding.start, finding.end)
        span = _code_span_at(text, finding.start, finding.end)
        for _, source in all_texts(self.session):
            start = source.find(finding.value)
            flagged: list[Finding] | None = None
            while start >= 0:
                end = start + len(finding.value)
                if _loose_context(source, start, end) == around or (span and _code_span_at(source, start, end) == span):
                    flagged = self.scanner.scan(source) if flagged is None else flagged
                    if not any(f.start < end and start < f.end for f in flagged):
                        return True
                start = source.find(finding.value, start + 1)
        return False

    def _said_unflagged(self, value: str) -> bool:
        """Whether the session writes `value` as a whole word (or words) somewhere its own scan flagged nothing."""
        assert self.session is not None
        pattern = re.compile(rf"(?<![^\W_]){re.escape(value)}(?![^\W_])")
        for _, source in all_texts(self.session):
            spans = [m.span() for m in pattern.finditer(source)]
            if not spans:
                continue
            flagged = self.scanner.scan(source)
            if any(not any(f.start < b and a < f.end for f in flagged) for a, b in spans):
                return True
        return False

    def uncleared(self, text: str) -> list[tuple[str, Finding]]:
        """Findings in `text` the author did not decide to keep: (secret id, finding)."""
        result = []
        for finding in self.find(text):
            sid = secret_id(finding.kind, finding.value, self.salt)
            decision = self.decisions.get(sid)
            if decision is None or decision.action != "keep":
                result.append((sid, finding))
        return result


# A phone number is read by the words around it, as a name is: where the session printed the number unflagged, a
# model that labels it sends and publishes nothing the cleared view had not
_PHONE_KIND = "phone-number"
# ... but only where a general word for a number labels it ("Pers nummer blir …", "the number is …"): words that call
# it a phone ("call the shop on …", "Telefon", "tel.") say what the session never said, and still stop
_CALLS_IT_A_PHONE = re.compile(
    r"(?i)\b(?:call|calls|called|ring|phone|tel|telephone|mobile|cell|fax|whatsapp|sms|text|dial|anruf\w*|telefon\w*|"
    r"handy|mobil\w*|ring|ringa|bellen|téléphone|appel\w*|llam\w*|teléfono|telefono|chiam\w*|zadzwoń|telefonu|"
    r"позвон\w*|телефон\w*|gọi|điện thoại|telepon|hubungi)\b"
)
_KEY_LINE = re.compile(r"[A-Za-z0-9+/=_-]{24,}")
_KEY_LINE_MIN = 24  # characters of base64: a key's line, never a word or a path


# what a quote may change around a value without changing its meaning: spaces and line breaks, Markdown's
# block-quote marks, escapes and code-span ticks
_LOOSE = re.compile(r"[\s\\>`*_]+")
_CONTEXT_BEFORE = 24
_CONTEXT_AFTER = 8


def _loose_context(text: str, start: int, end: int) -> tuple[str, str]:
    """The characters just before and after text[start:end], without what a quote may change."""
    before = _LOOSE.sub("", text[max(0, start - 8 * _CONTEXT_BEFORE) : start])[-_CONTEXT_BEFORE:]
    after = _LOOSE.sub("", text[end : end + 8 * _CONTEXT_AFTER])[:_CONTEXT_AFTER]
    return before, after


_CODE_SPAN = re.compile(r"`([^`\n]+)`")


def _code_span_at(text: str, start: int, end: int) -> str:
    """The code span text[start:end] sits in, or "": a span retell copies from the session (a note listing
    `float`, `749 − 129.99`, `619.0099999…` as shown nowhere) is the session's own text whatever prose retell
    puts around it, and the author cleared it as the session had it (a Czech session's decimal then read as a
    phone number among retell's words, and no prompt could be sent: stop 51)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    at, to = start - line_start, end - line_start
    for match in _CODE_SPAN.finditer(line):
        if match.start(1) <= at and to <= match.end(1):
            return match.group(1)
    return ""


def _key_lines(value: str) -> list[str]:
    """The lines of a key's body (whatever joins them: new lines, spaces, `\\n`), its armour left out."""
    body = re.sub(r"-----(?:BEGIN|END) [A-Z0-9 ]+-----", " ", value)
    pieces = [p for p in _KEY_LINE.findall(body.replace("\\n", " ")) if len(p) >= _KEY_LINE_MIN and p != value]
    return [p for p in dict.fromkeys(pieces) if any(c.isdigit() for c in p) and any(c.isupper() for c in p)]


def _wordish(char: str) -> bool:
    return char.isalnum() or char in "_-"


def _inside_a_replacement(text: str, finding: Finding, replaced: set[str]) -> bool:
    for replacement in replaced:
        start = text.find(replacement, max(0, finding.end - len(replacement)))
        if 0 <= start <= finding.start and finding.end <= start + len(replacement):
            return True
    return False


# Scanning every text of a long session takes seconds and a render asks for a redactor of the same log four
# times: the scan is kept for the last few logs (held here, so an id is never reused while it is cached).
_SCANNED: dict[int, tuple[EventLog, Scanner, dict[str, tuple[str, str]], tuple[str, ...], frozenset[str]]] = {}


def _known_values(log: EventLog) -> tuple[Scanner, dict[str, tuple[str, str]], tuple[str, ...], frozenset[str]]:
    """The scanner for `log`, the flagged values it finds in it (value -> (kind, category)), the persons' names
    among them, however short, and those of one word the session writes as a host's label (name_paths.py)."""
    cached = _SCANNED.get(id(log))
    if cached is not None and cached[0] is log:
        return cached[1], cached[2], cached[3], cached[4]
    scanner = scanner_for(log)
    known: dict[str, tuple[str, str]] = {}
    names: dict[str, None] = {}
    flagged = log.flagged
    for key, text in all_texts(log):
        if flagged is not None and key not in flagged and key != "cwd":  # (the parse never flags the cwd)
            continue  # the same scanner found nothing there
        for finding in scanner.scan(text):
            if finding.kind == NAME_KIND:
                names[finding.value] = None
            # the account name is matched by its own rule where it is an account name, never as a word
            if (
                len(finding.value) >= Redactor.MIN_KNOWN_LENGTH
                or _unspaced_name(finding.kind, finding.value)
                or short_name(finding.kind, finding.value)
            ) and finding.kind != "username":
                known.setdefault(finding.value, (finding.kind, finding.category))
    # (round thirty-six) a one-word name the session writes as a host's label is an organisation's, as the parse
    # found (scan_event_log): neither a value to look for again nor a person's name
    hosts = frozenset(organisations(names, (text for _, text in all_texts(log))))
    if hosts:
        known = {v: kc for v, kc in known.items() if not (kc[0] == NAME_KIND and v in hosts)}
        names = {n: None for n in names if n not in hosts}
    if len(_SCANNED) >= 4:
        _SCANNED.pop(next(iter(_SCANNED)))
    _SCANNED[id(log)] = (log, scanner, known, tuple(names), hosts)
    return scanner, known, tuple(names), hosts


# A script written without spaces between words (Han, kana, Hangul, whose particles join the name: `김민수가`; Thai)
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\u0e00-\u0e7f]{2,}")


# A person's name of a word or two, capitalised, shorter than a known value's least length (`Hạnh`, `Huw`, `Lan Anh`)
_SHORT_NAME = re.compile(r"[^\W\d_][^\W\d_'’]{2,}(?: [^\W\d_][^\W\d_'’]*)?")


def short_name(kind: str, value: str) -> bool:
    """(round thirty-nine) A person's short name, flagged where a rule could tell it was one (`the office (chị Hạnh)`
    in a compaction summary, fresh40's shrimp farm): the same person wherever the session writes it as a word of its
    own and so capitalised (`…để chị Hạnh ở văn phòng mở…`, the author's own message, where no rule reads a name)."""
    return (
        kind == NAME_KIND
        and len(value) < Redactor.MIN_KNOWN_LENGTH
        and value[:1].isupper()
        and _SHORT_NAME.fullmatch(value) is not None
    )


def _unspaced_name(kind: str, value: str) -> bool:
    """(round thirty-eight) A person's name in a script without spaces, however short (`陳冠宇`, three characters):
    flagged in a table of members, it is the same person where Claude's prose writes it inside a sentence
    (`…都在陳冠宇身上`), where no rule can tell a name from the words it runs into."""
    return kind == NAME_KIND and _UNSPACED.fullmatch(value) is not None


def scanner_for(log: EventLog) -> Scanner:
    """The scanner `retell parse` used for this session (its user names come from the session's cwd; in a
    work folder of several sessions, from each session's)."""
    return Scanner(usernames=usernames_from_paths([log.session.cwd or ""] + [s.cwd or "" for s in log.sessions]))


def cleared_view(log: EventLog, triage: Triage) -> EventLog:
    """Only what the author cleared: included chapters (merges applied), the final thread (abandoned branches
    only when included as what was tried), included images, thinking only
    when allowed, every secret redacted or replaced as decided. The input is not modified."""
    target = triage.chapter_target()
    allowed_images = set(triage.included_images())
    redactor = Redactor.for_log(log, triage.secrets, triage.redact)
    # A compaction summary (or an away recap) retells everything before it: after a chapter the author
    # left out, it would tell that chapter anyway, so it is not used.
    unsafe_bridges = set()
    excluded_before = False
    for chapter in log.chapters:
        if chapter.id not in target:
            excluded_before = True
        elif excluded_before:
            unsafe_bridges.add(chapter.id)
    events: list[Event] = []
    rewound = False  # a rewound branch left out since the last event kept: the next one says so
    for event in log.events:
        if event.chapter not in target or not triage.tells_branch(event.abandoned, event.chapter):
            rewound = rewound or (event.chapter in target and bool(event.abandoned))
            continue
        if event.kind in (BRIDGE, RECAP) and event.chapter in unsafe_bridges:
            continue
        kept = _clear_event(event, target[event.chapter], allowed_images, triage.post.use_thinking, redactor)
        if kept is not None:
            if rewound and not kept.sidechain:
                # (fresh45's band archive: "Nein, lassen wir das PDF weg" answered a PDF asked for on a branch the
                # author rewound, and the material showed no sign of it; three writers of two stops asked why)
                kept.rewound_before, rewound = True, False
            events.append(kept)
    chapters = [copy.copy(c) for c in log.chapters if target.get(c.id) == c.id]
    for chapter in chapters:
        if chapter.id in unsafe_bridges:
            chapter.bridge = None
    session = copy.copy(log.session)
    told = {c.session for c in chapters}
    sessions = [copy.copy(s) for s in log.sessions if s.key in told]  # several sessions: those still told
    items: list[SessionInfo | SessionEntry] = [session, *sessions]
    for item in items:
        if item.title:
            item.title = redactor.text(item.title)
        if item.cwd:
            item.cwd = redactor.text(item.cwd)
    return EventLog(session=session, chapters=chapters, events=events, sessions=sessions)


def _clear_event(event: Event, chapter: str, images: set[str], use_thinking: bool, redactor: Redactor) -> Event | None:
    if event.kind == THINKING and not use_thinking:
        return None
    if event.kind == IMAGE and event.asset not in images:
        return None
    clone = copy.deepcopy(event)
    for item in walk([clone]):
        item.chapter = chapter
        if item.kind == HUMAN and item.images:
            item.images = [name for name in item.images if name in images] or None
        _redact_fields(item, redactor)
    if clone.subagent is not None:
        clone.subagent.events = [
            e
            for e in clone.subagent.events
            if (use_thinking or e.kind != THINKING) and (e.kind != IMAGE or e.asset in images)
        ]
    return clone


def _redact_fields(event: Event, redactor: Redactor) -> None:
    for name in ("text", "args", "summary", "name"):
        value = getattr(event, name)
        if value:
            setattr(event, name, redactor.text(value))
    for call in event.calls or ():
        for name in CALL_TEXTS:
            value = getattr(call, name)
            if value:
                setattr(call, name, redactor.text(value))
    if event.subagent is not None:
        for name in ("description", "prompt", "result", "error"):
            value = getattr(event.subagent, name)
            if value:
                setattr(event.subagent, name, redactor.text(value))


# A text that passed the guard alone, as a later text holds it: (as shown there, as it passed). The two are the
# same for a draft section quoted whole; a section's first sentence or last paragraph quoted with its lines
# joined, or a draft line with its hidden markers left out, is shown otherwise than it passed.
Accepted = tuple[str, str]


def guard(texts: Iterable[tuple[str, str]], redactor: Redactor, what: str, accepted: Sequence[Accepted] = ()) -> None:
    """The last check before text leaves the machine or is published: any secret the author did not
    explicitly keep aborts, naming the item (never the secret itself) and what the author can do about it:
    the file and line where they wrote it, or that the session still holds it and triage must list it, or
    plainly that retell itself put it there.

    `accepted`: the texts of this one that each passed the guard alone (a draft's sections, the parts of a post
    or of a draft to revise); a finding inside one of them is judged by that text alone (`_Pieces`)."""
    pieces = _Pieces(redactor, accepted) if accepted else None
    found: dict[str, tuple[Finding, str]] = {}  # each item once, however often it occurs
    for where, text in texts:
        for sid, finding in redactor.stopping(text):
            if sid in found:
                continue
            if pieces is not None and pieces.judged_alone(text, finding):
                continue
            found[sid] = (finding, where)
    if not found:
        return
    located = redactor.locate(set(found))
    problems = sorted(
        _explain(sid, finding, where, located.get(sid), redactor) for sid, (finding, where) in found.items()
    )
    raise SecretLeakError(f"{what} holds {len(found)} secret(s) not cleared in triage: " + " | ".join(problems[:10]))


class _Pieces:
    """(issue 24) Texts that each passed the guard alone, now joined into a bigger one (a draft's sections in the
    finishing request, the parts of draft.md in a revision's request or in the post).

    Some rules read a value by its context: a password word or a login named within a few hundred characters, a
    sentence that announces a value on the next line. Joined, a section's last words become the context of the next
    section's first code span, and a rule meets what it met in neither alone (a Portuguese draft's "login" at the
    end of one section, "com `VendasMensais2024`" at the start of the next: the finishing request was refused as
    retell's own fault, and the paid-for draft was lost). A text a reader reads as sections under their headings is
    judged as sections, so a finding is let pass when its value lies inside the shown form of one accepted text,
    that text still passes the guard alone (checked here, not trusted) and holds the value. A real secret stays
    stopped: a value the session flagged (found wherever it recurs) or a token by its shape (found by its own
    pattern) is found in its piece alone, so the piece does not pass; and a value outside every piece (in retell's
    template, the outline's heading, the author's notes) is judged in the whole text as before. This is narrower
    than scanning the request piece by piece: nothing outside the pieces loses its context."""

    def __init__(self, redactor: Redactor, accepted: Sequence[Accepted]) -> None:
        self.redactor = redactor
        self.accepted = [(shown, source) for shown, source in accepted if shown and source]
        self._alone: dict[str, bool] = {}

    def passes_alone(self, source: str) -> bool:
        if source not in self._alone:
            self._alone[source] = not self.redactor.stopping(source)
        return self._alone[source]

    def judged_alone(self, text: str, finding: Finding) -> bool:
        """Whether `finding` lies inside one accepted text as `text` shows it, and that text passed alone."""
        value = " ".join(finding.value.split())
        for shown, source in self.accepted:
            start = text.find(shown, max(0, finding.end - len(shown)))
            while 0 <= start <= finding.start:
                if finding.end <= start + len(shown):
                    if value in " ".join(source.split()) and self.passes_alone(source):
                        return True
                    break
                start = text.find(shown, start + 1)
        return False


_HEADING_LINE = re.compile(r"^[ \t]{0,3}#{1,6}[ \t]")
_FENCE_LINE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


def heading_parts(text: str) -> list[Accepted]:
    """(issue 24) The parts of a Markdown text between its heading lines (a fenced block's lines are no heading),
    each as an accepted text of `guard`: a post's or a draft's sections, each of which passed alone as the model's
    answer or stands as the author wrote it. The headings themselves belong to no part."""
    parts: list[Accepted] = []
    start = 0
    fence = ""
    at = 0
    for line in text.splitlines(keepends=True):
        opened = _FENCE_LINE.match(line)
        if fence:
            if opened and opened.group(1)[0] == fence[0] and len(opened.group(1)) >= len(fence):
                fence = ""
        elif opened:
            fence = opened.group(1)
        elif _HEADING_LINE.match(line):
            if text[start:at].strip():
                parts.append((text[start:at], text[start:at]))
            start = at + len(line)
        at += len(line)
    if text[start:].strip():
        parts.append((text[start:], text[start:]))
    return parts


def author_sources(path: Path, triage: Triage, prompts_dir: Path | None = None) -> list[Path | tuple[str, str]]:
    """The files of a work folder the author writes or may edit, where the guard looks for what it stops
    on: draft.md, outline.yaml, the notes triage.yaml names, a `--prompts-dir`'s templates."""
    workdir = Workdir(path)
    found: list[Path | tuple[str, str]] = [workdir.draft, workdir.outline, *(Path(n) for n in triage.story.notes)]
    if prompts_dir is not None and Path(prompts_dir).is_dir():
        found.extend(sorted(p for p in Path(prompts_dir).rglob("*") if p.is_file()))
    return found


def _explain(sid: str, finding: Finding, where: str, written: str | None, redactor: Redactor) -> str:
    item = f"{sid} ({finding.kind}) in {where}"
    if finding.kind == TERM_KIND:
        item = f"a term of your redact list ({redactor.terms.where(finding) or 'redact:'}) in {where}"
        if written is not None:
            return f"{item}: it is in {written}; reword it there (the redact list replaces it only in the session)"
        return (
            f"{item}: the redact list replaces it everywhere in the session, yet retell put it there: retell's own "
            "fault, not yours; please report it (nothing was sent or published)"
        )
    if written is not None:
        return f"{item}: it is in {written}; remove it there (or write a placeholder such as <token>)"
    decision = redactor.decisions.get(sid)
    if finding.value in redactor.known and decision is None:
        return (
            f"{item}: the session holds it but triage.yaml does not list it; run `retell triage` to list it, "
            "then set its action (redact, replace, or keep with confirm_keep: true)"
        )
    if finding.value in redactor.known:
        return (
            f"{item}: triage.yaml clears it ({decision.action if decision else 'redact'}), yet retell put it "
            "there: retell's own fault, not yours; please report it (nothing was sent or published)"
        )
    return (
        f"{item}: not in the session, triage.yaml or the files you edit: retell wrote it itself (retell's own "
        "fault, not yours; please report it; nothing was sent or published)"
    )


def all_texts(log: EventLog) -> Iterable[tuple[str, str]]:
    yield from session_fields(log)
    if log.session.cwd:
        yield "cwd", log.session.cwd
    for event in walk(log.events):
        for name, text in event_fields(event):
            yield f"{event.id}.{name}", text


# -- what the model wrote, what the author wrote ------------------------------------------------------


def clear_model_output(text: str, redactor: Redactor, where: str, *, json_text: bool = False) -> tuple[str, list[str]]:
    """Text a model wrote, with anything secret-shaped in it redacted (it never came from the author, so it
    is not a reason to stop a run that is already paid for), and a note saying so for each item.

    `json_text`: the text is a JSON document, so an author's replacement is written JSON-escaped.
    """
    # judged as the publish gate judges (guard): a name the session writes unflagged was in the prompt already, and
    # redacting it left "[REDACTED:person-name]'s commit" in a post the gate would have published with the name
    uncleared = redactor.stopping(text)
    if not uncleared:
        return text, []
    out, last = [], 0
    for _sid, finding in uncleared:
        if finding.start < last:
            continue
        new = redactor.replacement(finding) or default_replacement(finding.kind)
        if json_text:
            new = json.dumps(new)[1:-1]
        out.append(text[last : finding.start])
        out.append(new)
        last = finding.end
    out.append(text[last:])
    kinds = sorted({f.kind for _, f in uncleared})
    note = f"{where}: the model wrote {len(uncleared)} secret-shaped item(s) ({', '.join(kinds)}); redacted"
    return "".join(out), [note]


def author_texts(triage: Triage) -> Iterable[tuple[str, str]]:
    """Everything the author wrote that a prompt or the post may quote, named by where to fix it."""
    post = triage.post
    for name in ("title", "description", "audience", "tone"):
        yield f"triage.yaml post.{name}", getattr(post, name)
    for tag in post.tags:
        yield "triage.yaml post.tags", tag
    for name in ("backstory", "intent", "corrections", "scope"):
        yield f"triage.yaml story.{name}", getattr(triage.story, name)
    for link in triage.story.links:
        yield "triage.yaml story.links", f"{link.get('title', '')} {link.get('url', '')}"
    for chapter in triage.chapters:
        yield f"triage.yaml chapters ({chapter.id}) title", chapter.title
    for image in triage.images.values():
        yield f"triage.yaml images ({image.file}) caption", image.caption
        yield f"triage.yaml images ({image.file}) alt", image.alt
    for note in triage.story.notes:
        try:
            text = Path(note).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue  # reported where the note is read
        yield f"the note {note}", text


def check_author_text(triage: Triage, redactor: Redactor) -> None:
    """Stop before anything is sent or published when the author's own text (triage.yaml, notes) holds a
    secret: triage decisions clear the session, not what the author writes, so it is fixed where written."""
    problems: list[str] = []
    for where, text in author_texts(triage):
        if not text:
            continue
        for sid, finding in redactor.uncleared(text):
            if finding.kind == TERM_KIND:
                problems.append(f"a term of your redact list ({redactor.terms.where(finding)}) in {where}")
            else:
                problems.append(f"{sid} ({finding.kind}) in {where}")
    if problems:
        listed = "; ".join(sorted(set(problems))[:10])
        raise SecretLeakError(
            f"your text holds {len(problems)} secret(s) not cleared in triage: {listed}. Triage decisions apply "
            "to the session, not to what you write: remove it there (or write a placeholder such as <token>)"
        )


def _told_after(finding: Finding, inert: list[tuple[int, int]], text: str) -> bool:
    """A password or token told in words, found after an inert span of its own line, within the rules' reach:
    the placeholder took the value the words were about."""
    return finding.kind in _TOLD_KINDS and any(
        end <= finding.start and finding.start - end <= _TOLD_REACH and "\n" not in text[end : finding.start]
        for _, end in inert
    )
