"""Shared by tests/secrets: the planted-secrets corpus of bench/secrets/ (one source of cases for the bench
and the tests), and a check that a finding covers all of a planted value."""

from __future__ import annotations

import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "secrets"
sys.path.insert(0, str(BENCH))

from corpus import (  # noqa: E402
    FAMILIES,
    IBAN_BBANS,
    PII_FAMILIES,
    TOKEN_FAMILIES,
    Case,
    Fake,
    iban_check_digits,
    ordinary,
    planted,
)

from retell import yamlio  # noqa: E402
from retell.parse import ParseResult  # noqa: E402
from retell.redact import Redactor  # noqa: E402
from retell.secrets import Scanner, secret_id  # noqa: E402
from retell.triage.generate import build_document  # noqa: E402
from retell.triage.model import SecretDecision, Triage  # noqa: E402
from retell.triage.stage import Parsed, known_of  # noqa: E402
from retell.triage.validate import validate  # noqa: E402
from retell.workdir import Workdir  # noqa: E402

__all__ = [
    "FAMILIES",
    "IBAN_BBANS",
    "PII_FAMILIES",
    "TOKEN_FAMILIES",
    "Case",
    "Fake",
    "default_triage",
    "fully_flagged",
    "iban_check_digits",
    "ordinary",
    "planted",
]


def default_triage(result: ParseResult, tmp: Path) -> Triage:
    """The decisions of a freshly generated triage.yaml, as read back from disk."""
    doc = yamlio.loads(yamlio.dumps(build_document(result.log, result.manifest)), "triage.yaml")
    triage, problems = validate(doc, known_of(Parsed(result.log, result.manifest, ""), Workdir(tmp)))
    assert triage is not None, problems.errors
    return triage


def fully_flagged(scanner: Scanner, case: Case) -> bool:
    """Every character of the planted value is inside a finding: nothing of it would be left over."""
    spans = [(f.start, f.end) for f in scanner.scan(case.text)]
    return all(any(a <= pos < b for a, b in spans) for start, end in case.spans() for pos in range(start, end))


def name_redactor(name: str, salt: str, action: str = "redact", replacement: str = "") -> Redactor:
    """A redactor that knows one person's name, under the author's decision for it."""
    sid = secret_id("person-name", name, salt)
    return Redactor(salt, {sid: SecretDecision(sid, action, replacement)}, Scanner(), {name: ("person-name", "pii")})
