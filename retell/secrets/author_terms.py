"""The author's own terms: what only they know is private (a client's name, an internal host, a project's
code name), each with what it becomes, from a `redact:` list in retell's user config and in triage.yaml:

    redact:
      - {term: Acme Corp, replace: a client}        # a word or phrase: whole words, any case
      - {regex: 'PROJ-\\d+', replace: a ticket}      # a Python regex, as written

No detector can know these, and unlike a finding a term needs no decision: the author listing it is the
decision. The redactor (retell/redact.py) applies terms wherever it applies the detectors' findings, and its
guard stops on one that is still there. An entry that cannot work (an empty pattern, a bad regex, a pattern
that matches empty text, no replacement) is refused with its file and line, never skipped.

(A private Claude Code session link is flagged by default by a rule of the scanner: session_links.py.)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from retell.secrets.decode import decoded_view
from retell.secrets.rule import PII
from retell.secrets.scanner import Finding

TERM_KIND = "redact-term"  # the kind of a term's finding (never a secret id the author decides on)
TERM_KEYS = ("term", "regex", "replace")
USER_CONFIG = "config.yaml"  # in retell's config folder (retell/userconfig.py)


@dataclass(frozen=True)
class Term:
    """One `redact:` entry, valid. `where` (`triage.yaml:12`) names it in messages, never its text."""

    pattern: str
    replace: str
    regex: bool  # False: a literal word or phrase, matched as whole words, case-insensitively
    where: str = field(default="", compare=False)

    @cached_property
    def compiled(self) -> re.Pattern[str]:
        if self.regex:
            return re.compile(self.pattern)
        words = r"\s+".join(re.escape(word) for word in self.pattern.split())
        # (?<!\w) rather than \b: a term may start or end with punctuation (`C++`, `.acme`)
        return re.compile(rf"(?<!\w){words}(?!\w)", re.IGNORECASE)

    @cached_property
    def cut(self) -> re.Pattern[str] | None:
        """The term's beginning where retell's shortening cut it (`Acme Co…`, `Acme…`): a title, a gist or a
        long command is shortened at parse, before triage.yaml's terms are known, and the part before `…`
        would otherwise be published. Literal terms only (a regex has no beginning to list)."""
        if self.regex:
            return None
        text = " ".join(self.pattern.split())
        prefixes = [text[:n].rstrip() for n in range(len(text) - 1, 2, -1)]
        if not prefixes:
            return None
        alternatives = "|".join(r"\s+".join(re.escape(w) for w in p.split()) for p in dict.fromkeys(prefixes))
        return re.compile(rf"(?<!\w)(?:{alternatives})(?=\s*…)", re.IGNORECASE)

    def digest(self) -> dict[str, Any]:
        """What the author decided, without where it is written (moving a line changes nothing)."""
        return {"pattern": self.pattern, "replace": self.replace, "regex": self.regex}


@dataclass
class Terms:
    """The terms that apply to one session, and where each is found in a text."""

    terms: tuple[Term, ...] = ()
    _by_value: dict[str, Term] = field(default_factory=dict, repr=False)

    def __bool__(self) -> bool:
        return bool(self.terms)

    @property
    def replacements(self) -> list[str]:
        return [t.replace for t in self.terms]

    def find(self, text: str, inert: Sequence[tuple[int, int]] = ()) -> list[Finding]:
        """Every match of every term in `text` (and in what it means, escapes undone), outside `inert`
        spans (what retell already wrote for a decision), non-overlapping: the longer match wins, then a whole
        term over one cut by a shortening, then the earlier term."""
        if not self.terms:
            return []
        lowered = text.lower()
        # a literal term's first three letters must be there (as written, or in an escape's neighbourhood:
        # `Acme%20Corp` keeps `acm`): most texts hold none, and are left without a regex run
        candidates = [t for t in self.terms if t.regex or t.pattern.split()[0][:3].lower() in lowered]
        if not candidates:
            return []
        found: list[tuple[int, int, Term, bool]] = []  # (start, end, term, whether cut by a shortening)
        view = decoded_view(text)
        for term in candidates:
            for m in term.compiled.finditer(text):
                if m.end() > m.start():
                    found.append((m.start(), m.end(), term, False))
            if term.cut is not None and "…" in text:
                found.extend((m.start(), m.end(), term, True) for m in term.cut.finditer(text))
            if view is not None:
                for m in term.compiled.finditer(view.text):
                    if m.end() > m.start():
                        found.append((view.original(m.start()), view.original(m.end()), term, False))
        order = {id(t): i for i, t in enumerate(self.terms)}
        # the longer match, then a whole term before a cut one, then the earlier term
        found.sort(key=lambda item: (-(item[1] - item[0]), item[3], order[id(item[2])], item[0]))
        kept: list[Finding] = []
        for start, end, term, _cut in found:
            if any(start < b and a < end for a, b in inert):
                continue
            if any(start < f.end and f.start < end for f in kept):
                continue
            value = text[start:end]
            self._by_value.setdefault(value, term)
            kept.append(Finding(TERM_KIND, PII, start, end, value))
        kept.sort(key=lambda f: f.start)
        return kept

    def apply(self, text: str) -> str:
        """`text` with every term replaced: for what retell keeps on this machine (the manifest), where no
        decision applies."""
        out, last = [], 0
        for finding in self.find(text):
            out.append(text[last : finding.start])
            out.append(self.replacement(finding))
            last = finding.end
        return "".join(out) + text[last:] if out else text

    def replacement(self, finding: Finding) -> str:
        term = self._by_value.get(finding.value)
        if term is None:  # found by another Terms of the same entries
            term = next((t for t in self.terms if t.compiled.search(finding.value)), self.terms[0])
        return term.replace

    def where(self, finding: Finding) -> str:
        term = self._by_value.get(finding.value)
        return term.where if term is not None else ""


# -- reading and checking the entries ------------------------------------------------------------------


def read_terms(seq: Any, name: str) -> tuple[list[Term], list[str]]:
    """The `redact:` list of a YAML document (ruamel, with lines) -> (valid terms, errors `name:LINE: …`)."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    from retell.secrets.scanner import Scanner
    from retell.yamlio import line_of

    def error(line: int | None, message: str) -> None:
        errors.append(f"{name}:{line}: {message}" if line else f"{name}: {message}")

    terms: list[Term] = []
    errors: list[str] = []
    if seq is None:
        return terms, errors
    if not isinstance(seq, CommentedSeq):
        error(line_of(seq), "`redact` must be a list of {term: …, replace: …} or {regex: …, replace: …}")
        return terms, errors
    scanner = Scanner()
    for i, entry in enumerate(seq):
        line = line_of(seq, i)
        what = f"redact[{i}]"
        if not isinstance(entry, CommentedMap):
            error(line, f"`{what}` must be a mapping: {{term: Acme Corp, replace: a client}}")
            continue
        unknown = [str(k) for k in entry if k not in TERM_KEYS]
        if unknown:
            error(line, f"`{what}`: unknown key(s) {', '.join(unknown)} (use term or regex, and replace)")
            continue
        if ("term" in entry) == ("regex" in entry):
            error(line, f"`{what}` needs exactly one of `term:` (a word or phrase) and `regex:` (a pattern)")
            continue
        is_regex = "regex" in entry
        pattern = entry["regex" if is_regex else "term"]
        if isinstance(pattern, (int, float)) and not isinstance(pattern, bool):
            pattern = str(pattern)
        if not isinstance(pattern, str) or not pattern.strip():
            error(line, f"`{what}`: the {'regex' if is_regex else 'term'} is empty; it would match everywhere")
            continue
        if is_regex:
            try:
                compiled = re.compile(pattern)
            except re.error as exc:
                error(line, f"`{what}`: {pattern!r} is not a valid regex ({exc.msg})")
                continue
            if compiled.search("") is not None:
                error(line, f"`{what}`: the regex {pattern!r} matches empty text; it would match everywhere")
                continue
        else:
            pattern = pattern.strip()
        replace = entry.get("replace")
        if isinstance(replace, (int, float)) and not isinstance(replace, bool):
            replace = str(replace)
        if not isinstance(replace, str) or not replace.strip():
            error(line, f"`{what}` needs `replace:` (what it becomes in the post, e.g. 'a client')")
            continue
        if scanner.scan(replace):
            error(line, f"`{what}`: the replacement itself looks like a secret")
            continue
        terms.append(Term(pattern, replace.strip(), is_regex, f"{Path(name).name}:{line}" if line else name))
    return terms, errors


def user_config_file() -> Path:
    from retell.userconfig import config_dir

    return config_dir() / USER_CONFIG


def load_user_terms(path: Path | None = None) -> list[Term]:
    """The `redact:` list of retell's user config (none when the file does not exist); an invalid entry is
    a ValidationError naming its line."""
    path = path if path is not None else user_config_file()
    if not path.is_file():
        return []  # (before ruamel's import: ~20 ms of every `retell parse` of an author without a config)
    from ruamel.yaml.comments import CommentedMap

    from retell import yamlio
    from retell.errors import ValidationError

    doc = yamlio.load(path)
    if doc is None:
        return []
    if not isinstance(doc, CommentedMap):
        raise ValidationError(str(path), [f"{path.name}:1: the file must be a mapping (redact: …)"])
    errors = [
        f"{path.name}:{yamlio.line_of(doc, key)}: unknown key `{key}` (retell's config knows `redact`)"
        for key in doc
        if key != "redact"
    ]
    terms, problems = read_terms(doc.get("redact"), str(path))
    errors.extend(p.replace(str(path), path.name, 1) for p in problems)
    if errors:
        raise ValidationError(str(path), errors)
    return terms


def user_terms() -> Terms:
    """The user config's terms, ready to apply (the manifest of `retell parse`)."""
    return Terms(tuple(load_user_terms()))
