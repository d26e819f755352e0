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
    def joined(self) -> re.Pattern[str] | None:
        """(round thirty-six) A literal term of two or three words of letters (a person's name, a client's) run
        together or joined by `-`, `_` or `.`, in any case, as a host, a handle, a path or a mailbox writes it
        (`marta-kowalska.dev`, `github.com/martakowalska`), never inside a longer word: as a name's joined forms
        are found (joined_names.py)."""
        if self.regex:
            return None
        from retell.secrets.joined_names import joined_forms

        return _alternatives(joined_forms(" ".join(self.pattern.split())))

    @cached_property
    def in_paths(self) -> re.Pattern[str] | None:
        """(round thirty-six) A literal term that is a person's name (its first word a given name the gazetteer
        knows, or its last a family name), as an account or a mailbox writes it (`mkowalska`, `kowalska.m`): found
        only where a path, a file's name or a host holds it (name_paths.py)."""
        if self.regex or len(self.pattern.split()) < 2:
            return None
        from retell.secrets.name_paths import a_persons_name, path_forms

        text = " ".join(self.pattern.split())
        return _alternatives(path_forms(text)) if a_persons_name(text) else None

    @cached_property
    def keys(self) -> tuple[str, ...]:
        """What a text must hold (in small letters) for the term to be there: the first three letters of its first
        word (as written, and without accents), and of its last for a form that starts with it (`kowalska.m`)."""
        if self.regex:
            return ()
        from retell.secrets.joined_names import _plain

        words = self.pattern.split()
        firsts = [words[0][:3].lower(), _plain(words[0])[:3].lower()]
        if self.in_paths is not None:
            firsts += [words[-1][:3].lower(), _plain(words[-1])[:3].lower()]
        return tuple(k for k in dict.fromkeys(firsts) if k)

    def patterns(self) -> list[tuple[re.Pattern[str], bool]]:
        """The term's patterns, each with whether it counts only where a path, a file's name or a host holds it."""
        out = [(self.compiled, False)]
        if self.joined is not None:
            out.append((self.joined, False))
        if self.in_paths is not None:
            out.append((self.in_paths, True))
        return out

    def replacement_for(self, written: str) -> str:
        """What the term becomes where it is written `written`: the replacement, joined as the term was where it was
        joined (`a client` for `acme-corp.com` is `a-client.com`)."""
        joined = [p for p in (self.joined, self.in_paths) if p is not None and p.fullmatch(written)]
        if not joined:  # (as written, or escaped: `Acme%20Corp` is the term spaced)
            return self.replace
        from retell.secrets.joined_names import joined_like

        return joined_like(written, self.replace)

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
        """What the terms become, as written and joined as a joined form of a term makes them (inert, as retell's
        own writing)."""
        from retell.secrets.joined_names import replacement_forms

        out = [t.replace for t in self.terms]
        out.extend(
            form
            for t in self.terms
            if not t.regex and len(t.pattern.split()) > 1
            for form in replacement_forms(t.replace)
            if form not in out
        )
        return list(dict.fromkeys(out))

    def find(self, text: str, inert: Sequence[tuple[int, int]] = ()) -> list[Finding]:
        """Every match of every term in `text` (and in what it means, escapes undone), outside `inert`
        spans (what retell already wrote for a decision), non-overlapping: the longer match wins, then a whole
        term over one cut by a shortening, then the earlier term."""
        if not self.terms:
            return []
        lowered = text.lower()
        # a literal term's first three letters must be there (as written, or in an escape's neighbourhood:
        # `Acme%20Corp` keeps `acm`): most texts hold none, and are left without a regex run
        candidates = [t for t in self.terms if t.regex or any(k in lowered for k in t.keys)]
        if not candidates:
            return []
        from retell.secrets.name_paths import in_a_path

        found: list[tuple[int, int, Term, bool]] = []  # (start, end, term, whether cut by a shortening)
        view = decoded_view(text)
        for term in candidates:
            for pattern, paths in term.patterns():
                for m in pattern.finditer(text):
                    if m.end() > m.start() and (not paths or in_a_path(text, m.start(), m.end())):
                        found.append((m.start(), m.end(), term, False))
                if view is not None:
                    for m in pattern.finditer(view.text):
                        if m.end() > m.start() and (not paths or in_a_path(view.text, m.start(), m.end())):
                            found.append((view.original(m.start()), view.original(m.end()), term, False))
            if term.cut is not None and "…" in text:
                found.extend((m.start(), m.end(), term, True) for m in term.cut.finditer(text))
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
            term = next((t for t in self.terms if any(p.search(finding.value) for p, _ in t.patterns())), self.terms[0])
        return term.replacement_for(finding.value)

    def where(self, finding: Finding) -> str:
        term = self._by_value.get(finding.value)
        return term.where if term is not None else ""


def _alternatives(forms: Sequence[str]) -> re.Pattern[str] | None:
    """Any of `forms`, in any case, with no letter right before or after it (a digit may follow: `martakowalska42`)."""
    if not forms:
        return None
    either = "|".join(re.escape(f) for f in sorted(forms, key=len, reverse=True))
    return re.compile(rf"(?<![^\W\d_])(?:{either})(?![^\W\d_])", re.IGNORECASE)


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
