"""The scanner: every rule over a text and over what the text means (escapes undone), keywords first.

One Aho-Corasick pass over the lowercased text finds which rules' keywords occur; only those rules' regexes
run (gitleaks does the same). That keeps the scan of a 100 MB session's story text (~2 MB) near 0.1 s with
~250 rules.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from retell.secrets import rule as rule_module
from retell.secrets.column_names import MATES, column_mates, headed_names
from retell.secrets.commands import COMMAND_RULES, TOLD_RULES
from retell.secrets.contact_names import (
    bare_international,
    beside_a_phone,
    beside_an_address,
    numbers_beside_names,
)
from retell.secrets.decode import decoded_view, undiffed_view
from retell.secrets.delimited_columns import delimited_people
from retell.secrets.iban import IBAN_RULES
from retell.secrets.joined import JOINED_RULES
from retell.secrets.joined_names import NAME_KIND
from retell.secrets.key_material import KEY_MATERIAL_RULES
from retell.secrets.name_parts import NAME_PART_RULES
from retell.secrets.national_ids import NATIONAL_ID_RULES
from retell.secrets.own import COMMON_ACCOUNTS, OWN_RULES, account_name_rule, personal_account
from retell.secrets.password_forms import NAME_FORM_RULES, PASSWORD_FORM_RULES
from retell.secrets.pasted import PASTED_RULES
from retell.secrets.personal import PERSONAL_RULES, a_works_author, names_its_organisation, on_a_sample_line
from retell.secrets.preview import default_replacement
from retell.secrets.printed import PRINTED_RULES
from retell.secrets.prose_names import PROSE_NAME_RULES
from retell.secrets.rule import PII, SECRET, Allowlist, Rule
from retell.secrets.session_links import SESSION_LINK_RULES
from retell.secrets.values import public_or_masked_token
from retell.secrets.vendor_shapes import VENDOR_SHAPE_RULES
from retell.secrets.vendored import gitleaks_rules

# The cheap tests before contact_names' readings: a text that may hold a Chinese flat's address, or a phone number
# written as bare digits
_ADDRESS_MARK = re.compile(r"\d(?:栋|棟|幢|号楼|號樓|座)")
_BARE_DIGITS = re.compile(r"\d{9}")
_CACHE_TEXT_LIMIT = 2000
_CACHE_SIZE = 20_000
# The findings scanned ahead for the last session (twocores.py), by the scanner's account names: a later stage
# of the same process (`retell run`: triage's redactor, after the parse) scans those very texts with a scanner
# of the same names, and reads them here instead of scanning ~1 MB of story again. One session's only.
_SCANNED_AHEAD: dict[tuple[str, ...], dict[str, tuple[Finding, ...]]] = {}
# Kinds that say how a value was written, not what it is: on the very same span, a family's own kind wins.
_CONTEXT_KINDS = frozenset(
    {
        "password-assignment",
        "password-flag",
        "user-password",
        "url-token",
        "authorization-header",
        "session-cookie",
        "bearer-token",
        "generic-api-key",
        "curl-auth-user",
        "curl-auth-header",
        "sql-password",
        "password-in-text",
        "token-in-text",
    }
)


@dataclass(frozen=True)
class Finding:
    kind: str
    category: str
    start: int  # the span in the scanned text that is redacted
    end: int
    value: str  # the secret as it means (escapes undone): what its id is made from


@lru_cache(maxsize=1)
def base_rules() -> tuple[tuple[Rule, ...], tuple[Allowlist, ...]]:
    """retell's own rules first (they win a tie), then gitleaks'."""
    vendored, global_allow = gitleaks_rules()
    rules = (
        OWN_RULES
        + KEY_MATERIAL_RULES
        + SESSION_LINK_RULES
        + COMMAND_RULES
        + NATIONAL_ID_RULES
        + PERSONAL_RULES
        + IBAN_RULES
        + PROSE_NAME_RULES
        + VENDOR_SHAPE_RULES
        + vendored
        + TOLD_RULES
        + PASTED_RULES
        + PASSWORD_FORM_RULES
        + NAME_FORM_RULES
        + PRINTED_RULES
        + JOINED_RULES
        + NAME_PART_RULES
    )
    return rules, global_allow


def shipped_regexes() -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    """(regex, flags) of what gate.py's table holds: (the regexes RE2 may be asked first about: the rules' that may
    ask and the seed phrase's run; the rules' prefilters)."""
    from retell.secrets.seed_phrase import run_regex

    rules, _ = base_rules()
    gated = [(rule.regex, rule.flags) for rule in rules if rule.may_ask_first]
    gated.append(run_regex())
    prefilters: list[tuple[str, int]] = []
    for rule in rules:
        if rule.prefilter:
            parts = (rule.prefilter,) if isinstance(rule.prefilter, str) else rule.prefilter
            prefilters.extend((part, rule.flags) for part in parts)
    return gated, prefilters


def all_kinds() -> dict[str, str]:
    """Every kind a finding can have -> its category."""
    rules, _ = base_rules()
    kinds = {r.kind: r.category for r in rules}
    kinds["username"] = "pii"
    return kinds


def _automaton(rules: tuple[Rule, ...], only: frozenset[int] | None = None) -> Any:
    """The keywords of these rules (of those in `only`) -> (length, the rules', the rules' that search around
    them); None when there is none."""
    import ahocorasick  # pyahocorasick: one pass finds every keyword of every rule

    by_keyword: dict[str, set[int]] = {}
    for index, rule in enumerate(rules):
        if only is not None and index not in only:
            continue
        for keyword in rule.keywords:
            by_keyword.setdefault(keyword, set()).add(index)
    if not by_keyword:
        return None
    automaton = ahocorasick.Automaton()
    for keyword, indexes in by_keyword.items():
        # (the rules that search around the keywords need where they are; the others only that they occur:
        # the phone rules' `1-`, `0 ` occur ~11,000 times in a 100 MB session's story)
        around = tuple(sorted(i for i in indexes if rules[i].window is not None or rules[i].at_keyword))
        automaton.add_word(keyword, (len(keyword), frozenset(indexes), around))
    automaton.make_automaton()
    return automaton


@lru_cache(maxsize=8)
def _compiled(usernames: tuple[str, ...]) -> tuple[tuple[Rule, ...], tuple[Allowlist, ...], Any]:
    rules, global_allow = base_rules()
    rules = rules + tuple(account_name_rule(name) for name in usernames)
    return rules, global_allow, _automaton(rules)


@lru_cache(maxsize=8)
def _prefilters(usernames: tuple[str, ...]) -> Any:
    """Every rule's prefilter asked of RE2 in one pass (gate.AnyOf): which can find something in a text. A rule
    whose prefilter cannot is not tried; one whose can asks its own prefilter as before. (The ~8 rules that always
    run have one, as do the phone rules, whose keywords are in most texts: ~78,000 searches over the project's
    own 100 MB session's story, where one pass a text does.)"""
    from retell.secrets.gate import any_of

    rules, _, _ = _compiled(usernames)
    patterns: list[tuple[int, str, int]] = []
    for index, rule in enumerate(rules):
        if rule.prefilter:
            parts = (rule.prefilter,) if isinstance(rule.prefilter, str) else rule.prefilter
            patterns.extend((index, part, rule.flags) for part in parts)
    return any_of(patterns) if patterns else None


@lru_cache(maxsize=8)
def _over_lines_automaton(usernames: tuple[str, ...]) -> Any:
    """The keywords of the rules whose value can hold a line break only (~20 of ~1,400): the scan that asks
    whether a text holds such a value finds only theirs, not every rule's keywords and their positions."""
    rules, _, _ = _compiled(usernames)
    return _automaton(rules, frozenset(i for i, rule in enumerate(rules) if rule.span_can_hold_newline))


@dataclass
class Scanner:
    """The rules, plus the session's own account names (found in its home paths)."""

    usernames: tuple[str, ...] = ()
    rules: tuple[Rule, ...] = field(init=False, repr=False)
    # Tool targets and summaries repeat (the same paths, the same commands): short texts are scanned once.
    _cache: dict[str, tuple[Finding, ...]] = field(init=False, default_factory=dict, repr=False)
    _primed: dict[str, tuple[Finding, ...]] = field(init=False, default_factory=dict, repr=False)
    _tried: int = field(init=False, default=0, repr=False)  # characters scanned, up to ASK_AFTER

    def __post_init__(self) -> None:
        names = sorted({n for n in self.usernames if len(n) >= 2 and personal_account(n)})
        self.usernames = tuple(names)
        self.rules, self._global_allow, self._keywords = _compiled(self.usernames)
        self._always = frozenset(i for i, rule in enumerate(self.rules) if rule.always)
        self._primed = _SCANNED_AHEAD.get(self.usernames, self._primed)

    def scan(self, text: str) -> list[Finding]:
        """Non-overlapping findings in `text`, in order; on an overlap a secret beats personal data, then
        the longer match wins."""
        if self._primed:
            primed = self._primed.get(text)
            if primed is not None:
                return list(primed)
        if len(text) > _CACHE_TEXT_LIMIT:
            return self._scan(text)
        cached = self._cache.get(text)
        if cached is None:
            if len(self._cache) >= _CACHE_SIZE:
                self._cache.clear()
            cached = self._cache[text] = tuple(self._scan(text))
        return list(cached)

    def find(self, text: str) -> list[Finding]:
        """What `scan` finds, found now (no cache)."""
        return self._scan(text)

    def primed(self, text: str) -> bool:
        return text in self._primed

    def prime(self, found: dict[str, tuple[Finding, ...]]) -> None:
        """Findings of texts scanned ahead (twocores.py): `scan` answers from them, and so do later scanners
        of the same account names in this process."""
        if _SCANNED_AHEAD.get(self.usernames) is not self._primed:
            _SCANNED_AHEAD.clear()
            _SCANNED_AHEAD[self.usernames] = self._primed
        self._primed.update(found)

    def redact_all(self, text: str | None) -> str | None:
        """`text` with every finding replaced by its kind's default replacement (no decisions needed)."""
        if not text:
            return text
        return replace_spans(text, [(f, default_replacement(f.kind)) for f in self.scan(text)])

    def redact_secrets(self, text: str) -> str:
        """`text` with every secret (not personal data) replaced: for what stays on the machine anyway."""
        found = [(f, default_replacement(f.kind)) for f in self.scan(text) if f.category == SECRET]
        return replace_spans(text, found)

    def _scan(self, text: str) -> list[Finding]:
        found = self._rules_over(text)
        view = decoded_view(text)
        if view is not None:
            decoded = []
            for f, priority in self._rules_over(view.text):
                start, end = view.original(f.start), view.original(f.end)
                decoded.append((Finding(f.kind, f.category, start, end, f.value), priority))
            # where both see the same secret, what it means wins over its escaped spelling
            covers = _Coverage([d for d, _ in decoded])
            found = [(f, p) for f, p in found if not covers.covers(f)]
            found.extend(decoded)
        diff = undiffed_view(text)
        if diff is not None:  # a kept diff: its file's lines, markers off, mapped back over them
            found.extend(
                (Finding(f.kind, f.category, diff.original(f.start), diff.original(f.end), f.value), 0)
                for f in self._scan(diff.text)
            )
        kept = resolve(found)
        names = [(f.start, f.end) for f in kept if f.kind == NAME_KIND]
        if len(names) >= MATES:  # (round forty) the rest of a column of names in a table
            kept = _with_names(text, kept, column_mates(text, names))
        if "\n" in text:  # (round forty-two) a delimited table's columns headed as people or as phones
            people, numbers = delimited_people(text)
            kept = _with_names(text, kept, people)
            kept = _with_names(text, kept, numbers, kind="phone-number")
        if _BARE_DIGITS.search(text):
            # (round forty-two) an international number without its `+` beside an SMS, then a bare national mobile
            # right beside a name
            kept = _with_names(text, kept, bare_international(text), kind="phone-number")
            names = [(f.start, f.end) for f in kept if f.kind == NAME_KIND]
            kept = _with_names(text, kept, numbers_beside_names(text, names), kind="phone-number")
        phones = [(f.start, f.end) for f in kept if f.kind == "phone-number"]
        if phones:  # (round forty-one) a name right before a phone number
            kept = _with_names(text, kept, beside_a_phone(text, phones))
        if _ADDRESS_MARK.search(text):  # (round forty-two) a name after a Chinese flat's address
            kept = _with_names(text, kept, beside_an_address(text))
        if "\n" in text:  # (round forty-one) a column headed as people's names
            kept = _with_names(text, kept, headed_names(text))
        return _every_occurrence(text, kept)

    def may_flag_over_lines(self, text: str) -> bool:
        """Whether a scan of `text` could flag a value that holds a line break inside it. Exact, and cheaper
        than the scan: only the rules whose secret can hold one run (overlines.py), and what they find before
        overlaps are settled is a superset of what the scan keeps of them (each rule's matches are the same
        whatever other rules run)."""
        if "\n" not in text:
            return False
        return any("\n" in text[a:b].strip("\n") for a, b in self._line_candidates(text))

    def _line_candidates(self, text: str) -> Iterator[tuple[int, int]]:
        """The spans `_scan` would weigh, of the rules whose secret can hold a line break, before overlaps are
        settled."""
        for f, _ in self._rules_over(text, over_lines=True):
            yield f.start, f.end
        view = decoded_view(text)
        if view is not None:
            for f, _ in self._rules_over(view.text, over_lines=True):
                yield view.original(f.start), view.original(f.end)
        diff = undiffed_view(text)
        if diff is not None:
            for a, b in self._line_candidates(diff.text):
                yield diff.original(a), diff.original(b)

    def _prefiltered(self, text: str) -> frozenset[int] | None:
        """The rules whose prefilter can find something in `text` (None: not asked). Asked once this scanner has
        scanned ASK_AFTER characters: reading and compiling the patterns costs more than a small session wins."""
        if self._tried < rule_module.ASK_AFTER:
            self._tried += len(text)
            return None
        ask = _prefilters(self.usernames)
        return ask.matching(text) if ask is not None else None

    def _rules_over(self, text: str, over_lines: bool = False) -> list[tuple[Finding, int]]:
        keywords = _over_lines_automaton(self.usernames) if over_lines else self._keywords
        if keywords is None:
            return []
        lowered = text.lower()
        present: set[int] = set(self._always)  # the rules whose keywords occur, and those that always run
        # where each rule's keywords are, for rules that search only around them (in a long text)
        where: dict[int, list[tuple[int, int]]] = {}
        positions = len(lowered) == len(text)  # (lowercasing a few characters changes the length)
        for end, (length, indexes, around) in keywords.iter(lowered):
            present |= indexes
            if around and positions:
                for index in around:
                    where.setdefault(index, []).append((end + 1 - length, end + 1))
        found: list[tuple[Finding, int]] = []
        markers = [mk.span() for mk in _MARKER.finditer(text)] if "[REDACTED:" in text else []
        prefiltered = None if over_lines else self._prefiltered(text)
        for index in sorted(present):
            rule = self.rules[index]
            if over_lines and not rule.span_can_hold_newline:  # (read from its regex once, if ever asked)
                continue
            if prefiltered is not None and rule.prefilter and index not in prefiltered:
                continue  # (its prefilter cannot find anything here: may_match would say so)
            if not rule.may_match(text):
                continue
            global_allow = self._global_allow if rule.source == "gitleaks" else ()
            for m in rule.matches(text, where.get(index)):
                span = rule.secret_span(m)
                if span is None:
                    continue
                if rule.kind in _WHOLE_URL_KINDS:
                    span = _to_url_end(text, span)
                if markers and any(a < span[1] and span[0] < b for a, b in markers):
                    continue  # retell's own `[REDACTED:…]` (or a part of it) is never a new value
                value = text[span[0] : span[1]]
                if not rule.passes(value, m, text, global_allow):
                    continue
                if rule.kind == "jwt" and _JWT_IO_EXAMPLE in value:
                    continue
                if rule.category == SECRET and public_or_masked_token(value):
                    continue  # (round seventeen) a publishable key, or a prefix before a mask
                if rule.category == SECRET and _SAID_PUBLIC.search(text, max(0, span[0] - 60), span[0]):
                    continue  # (round twenty-nine) a key its setting's name calls public: search-only, publishable
                if rule.category == SECRET and _an_image_tag(text, span):
                    continue  # (round thirty) `tallyfin/api:9c1e07f4d2ab`: an image's tag, not `api: <key>`
                if rule.category == SECRET and (_NOT_A_CREDENTIALS_NAME.search(text, max(0, span[0] - 60), span[0])):
                    continue  # (round thirty) a key that opens nothing: `Idempotency-Key:`, `cache_key =`
                if rule.category == SECRET and said_to_be_fake(text, span):
                    continue  # (round thirty) `FAKE_STRIPE_KEY = …`, `… # dummy`, `a fake token … (not real)`
                if rule.kind == "person-name" and (
                    on_a_sample_line(text, span[0], span[1])
                    or names_its_organisation(text, span[0], span[1])
                    or a_works_author(text, span[0], span[1])
                ):
                    continue  # (round thirty) sample data, an organisation's name, a published work's author
                if rule.kind == "phone-number":  # (its extension after it, once the number itself passed)
                    span = _with_extension(text, span)
                    value = text[span[0] : span[1]]
                value = rule.canonical or (rule.value_of(value, m) if rule.value_of else value)
                priority = index + (len(self.rules) if rule.kind in _CONTEXT_KINDS else 0)
                found.append((Finding(rule.kind, rule.category, span[0], span[1], value), priority))
        return found


# (round twenty-nine) a setting's name that says its key is made to be public (Algolia's search-only key, a
# publishable key): `ALGOLIA_SEARCH_ONLY_KEY=…`, `"searchOnlyApiKey": "…"`, `STRIPE_PUBLISHABLE_KEY=`. Only these
# words: `NEXT_PUBLIC_*` says where a value goes, not that it is safe there.
# (round thirty) and a captcha's site key (reCAPTCHA, hCaptcha, Turnstile: the page embeds it; its secret key is the
# credential)
_SAID_PUBLIC = re.compile(
    r"(?i)(?:search[_-]?only|publishable|site)[_-]?(?:api[_-]?)?key[\"']?[ \t]*(?::=|=>|=|:)[ \t]*[\"']?$"
)
# (round thirty) a key by name that opens nothing: an idempotency key, a correlation or a request id, a cache's,
# a sort's or a partition's key (`Idempotency-Key: <hex>`, `X-Correlation-Key: …`)
# and the characters a password may hold, named so (`ALLOWED_PASSWORD_CHARS = "abc…xyz0123456789"`)
_NOT_A_CREDENTIALS_NAME = re.compile(
    r"(?i)(?<![\w-])(?:(?:[\w-]*[_-])?(?:idempotency|correlation|dedup(?:lication)?|cache|partition|sort|routing|"
    r"primary|foreign|row|object)[_-]?(?:key|id|token)|[\w-]*[_-](?:chars|charset|alphabet|characters|symbols))"
    r"[\"']?[ \t]*(?::=|=>|=|:)[ \t]*[\"']?$"
)
# (round thirty) a value its own line says is made up: the setting's name (`FAKE_STRIPE_KEY`, `mock_api_key`,
# `dummyToken`), a comment after it (`# fake`, `// dummy, not a real key`), the words before it (`uses a fake token
# …`), or a comment line just above (`# dummy value for tests, not a real key`). Never "revoked", "expired" or
# "invalid": those were real (the blind sets plant them so).
_FAKE = r"(?:fake|dummy|mock|bogus|placeholder|not[ \t]+(?:a[ \t]+)?real)"
_FAKE_NAME_BEFORE = re.compile(
    rf"(?i)(?<![A-Za-z])(?:{_FAKE}[\w-]*|[\w-]*[_-]{_FAKE}(?:[_-][\w-]*)?|(?-i:(?:fake|dummy|mock)[A-Z]\w*))"
    r"[\"']?[ \t]*(?::=|=>|=|:)[ \t]*[\"']?$"
)
_FAKE_WORDS_BEFORE = re.compile(
    rf"(?i)\b(?:a|an|the|this|our|my)[ \t]+{_FAKE}[ \t]+(?:[\w-]+[ \t]+){{0,2}}?"
    r"(?:token|key|secret|password|credential|api[ \t]+key|value)s?[ \t:]+[\"'`(]?$"
)
# (after it, in its comment, also "example" and "sample": `password = "Tr0ub4dor&3"  # the xkcd example`)
_FAKE_OR_EXAMPLE = rf"(?:{_FAKE}|example(?![.\w-])|sample)"
_FAKE_AFTER = re.compile(rf"(?i)[\"'`]?[),;]?[ \t]*(?:(?:#|//|/\*|--)[^\n]{{0,40}}?\b{_FAKE_OR_EXAMPLE}\b|\({_FAKE}\))")
# (not "placeholder" above a line: `# replace the placeholder below` may sit over the real key put there)
_FAKE_COMMENT_LINE = re.compile(
    r"(?i)^[ \t]*(?:#|//|--|/\*|\*)[^\n]*\b(?:fake|dummy|mock|not[ \t]+(?:a[ \t]+)?real)\b[^\n]*$"
)


def said_to_be_fake(text: str, span: tuple[int, int]) -> bool:
    line_start = text.rfind("\n", 0, span[0]) + 1
    if _FAKE_NAME_BEFORE.search(text, max(line_start, span[0] - 60), span[0]):
        return True
    if _FAKE_WORDS_BEFORE.search(text, max(line_start, span[0] - 80), span[0]):
        return True
    line_end = text.find("\n", span[1])
    if _FAKE_AFTER.match(text, span[1], line_end if line_end >= 0 else len(text)):
        return True
    if line_start >= 1:  # the line above, a comment alone
        above = text.rfind("\n", 0, line_start - 1) + 1
        return _FAKE_COMMENT_LINE.match(text[above : line_start - 1]) is not None
    return False


# (round thirty) a container image's reference, its tag after the `:` (`Successfully tagged tallyfin/api:9c1e07f4d2ab`,
# `image: ghcr.io/acme/auth:1a2b3c4d5e6f`): a label word in the image's name (`api`, `auth`, `token-svc`) is no
# setting's; the tag a commit's hash or a version
_IMAGE_BEFORE_TAG = re.compile(r"(?:^|[\s\"'=`(])(?:[a-z0-9][\w.-]*(?::\d+)?/)+[a-z0-9][\w.-]*:$")
_TAG = re.compile(r"(?:[\w.-]*?[-_.])?(?:[0-9a-f]{7,64}|v?\d+(?:\.\d+)+)(?:[-_.+][\w.-]*)?")


def _an_image_tag(text: str, span: tuple[int, int]) -> bool:
    if span[0] == 0 or text[span[0] - 1] != ":" or text[span[1] : span[1] + 1] == "@":
        return False
    return bool(_TAG.fullmatch(text, span[0], span[1])) and bool(
        _IMAGE_BEFORE_TAG.search(text, max(0, span[0] - 200), span[0])
    )


# A credential that is a URL is redacted to the URL's end, whatever length its rule expects of the last part.
_WHOLE_URL_KINDS = frozenset(
    {
        "slack-webhook",
        "discord-webhook",
        "microsoft-teams-webhook",
        "azure-workflow-webhook",
        "google-chat-webhook",
        "webhook-url",
        "sentry-dsn",
    }
)
_URL_REST = re.compile(r"[\w\-./%?=&~+#:@!$*]*")
_MARKER = re.compile(r"\[REDACTED:[\w.-]+\]")
# jwt.io's sample token (its claims `sub: 1234567890`, `name: John Doe`, `iat: 1516239022`), quoted in
# documentation and tests everywhere: an example, as AWS's `…EXAMPLE` keys are
_JWT_IO_EXAMPLE = "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ"


# (round twenty-one) a phone number's extension, written after it: `x204`, `ext. 45`, `доб. 312`, `, Durchwahl 417`,
# `poste 2214`; it belongs to the number (a number redacted without it leaves its tail)
_EXTENSION = re.compile(
    r"[ \t]*,?[ \t]*(?i:x|ext|extn|extension|доб|добавочный|poste|durchwahl|dw|wew|ramal|anexo|interno|int|"
    r"内线|分机|内線)\.?[ \t]*\.?[ \t]*\d{1,6}(?![\w.-]?\d)"
)


def _with_extension(text: str, span: tuple[int, int]) -> tuple[int, int]:
    m = _EXTENSION.match(text, span[1])
    return (span[0], m.end()) if m is not None else span


def _to_url_end(text: str, span: tuple[int, int]) -> tuple[int, int]:
    rest = _URL_REST.match(text, span[1])
    end = rest.end() if rest else span[1]
    while end > span[1] and text[end - 1] in ".,;:!?)":
        end -= 1  # a sentence's end, not the URL's
    return span[0], end


class _Coverage:
    """Answers "does one of these spans hold all of that one?" in log time."""

    def __init__(self, findings: list[Finding]) -> None:
        spans = sorted((f.start, f.end) for f in findings)
        self.starts = [a for a, _ in spans]
        self.reach: list[int] = []  # the largest end among the spans up to each one
        for _, end in spans:
            self.reach.append(max(end, self.reach[-1]) if self.reach else end)

    def covers(self, finding: Finding) -> bool:
        i = bisect.bisect_right(self.starts, finding.start)
        return i > 0 and self.reach[i - 1] >= finding.end


def _with_names(
    text: str, kept: list[Finding], spans: Iterable[tuple[int, int]], kind: str = NAME_KIND
) -> list[Finding]:
    """`kept` and a person's name (or another kind of personal data) at each of `spans` that overlaps no finding
    already there, in text order."""
    added: list[Finding] = []
    for a, b in spans:
        if not any(f.start < b and a < f.end for f in (*kept, *added)):
            added.append(Finding(kind, PII, a, b, text[a:b]))
    return sorted([*kept, *added], key=lambda f: f.start) if added else kept


def _every_occurrence(text: str, kept: list[Finding]) -> list[Finding]:
    """A secret found once is flagged wherever else the text writes it: a command that passes one password
    twice (`-srcstorepass X -deststorepass X`), a value repeated where no rule's context says what it is."""
    secrets = {text[f.start : f.end]: f for f in kept if f.category == SECRET and f.end - f.start >= 6}
    secrets = {s: f for s, f in secrets.items() if "\n" not in s and text.count(s) > 1}
    if not secrets:
        return kept
    added: list[tuple[Finding, int]] = [(f, 0) for f in kept]
    for spelled, f in secrets.items():
        i = text.find(spelled)
        while i >= 0:
            end = i + len(spelled)
            free = not (i > 0 and text[i - 1].isalnum()) and not (end < len(text) and text[end].isalnum())
            if free and (i, end) != (f.start, f.end):
                added.append((Finding(f.kind, f.category, i, end, f.value), 1))
            i = text.find(spelled, end)
    return resolve(added)


def resolve(found: list[tuple[Finding, int]]) -> list[Finding]:
    """Non-overlapping findings in order: a secret beats personal data, then the longer one, then the
    earlier rule (retell's own before gitleaks')."""
    if len(found) < 2:
        return [f for f, _ in found]
    found = _names_joined(found)
    found.sort(key=lambda item: (item[0].category != SECRET, -(item[0].end - item[0].start), item[0].start, item[1]))
    starts: list[int] = []  # the kept findings, by start; they never overlap, so only the neighbours can
    kept: list[Finding] = []
    for f, _ in found:
        i = bisect.bisect_right(starts, f.start)
        if i > 0 and kept[i - 1].end > f.start:
            continue
        if i < len(kept) and kept[i].start < f.end:
            continue
        starts.insert(i, f.start)
        kept.insert(i, f)
    return kept


def _names_joined(found: list[tuple[Finding, int]]) -> list[tuple[Finding, int]]:
    """(round twenty-eight) Two names found over the same words are two readings of one name (`Lê Thị Bích` and
    `Thị Bích Ngọc` of a four-word Vietnamese name, each rule reading three): the name is both together, never the
    longer alone, which left a part of it."""
    names = sorted((item for item in found if item[0].kind == "person-name"), key=lambda item: item[0].start)
    if len(names) < 2:
        return found
    joined: list[tuple[Finding, int]] = []
    for f, priority in names:
        if joined and joined[-1][0].end > f.start and f.end > joined[-1][0].end:
            last, p = joined[-1]
            joined[-1] = (
                Finding(last.kind, last.category, last.start, f.end, last.value + f.value[last.end - f.start :]),
                min(p, priority),
            )
        else:
            joined.append((f, priority))
    return [item for item in found if item[0].kind != "person-name"] + joined


def replace_spans(text: str, replacements: list[tuple[Finding, str]]) -> str:
    out, last = [], 0
    for finding, new in sorted(replacements, key=lambda item: item[0].start):
        if finding.start < last:
            continue
        out.append(text[last : finding.start])
        out.append(new)
        last = finding.end
    return "".join(out) + text[last:]


def usernames_from_paths(paths: list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """The account names in home-folder paths (`/Users/<name>/…`), e.g. from the session's cwd."""
    names = set()
    for path in paths:
        m = re.match(r"^(?:/Users/|/home/|[A-Za-z]:[\\/]Users[\\/])([^/\\]+)", path or "")
        if m and m.group(1).lower() not in COMMON_ACCOUNTS:
            names.add(m.group(1))
    return tuple(sorted(names))
