"""Round thirty-one (issue 22): dev23's partial redaction, leaks and false positives as classes (a long value a title
cut short before its ellipsis; a secret store read with the tool's flags before its verb; a password of two words
joined by a dot with one digit; a person named as the subject of a clause after `as`, `since`, `once`; North America's
toll-free number with its trunk `1` read in other countries' plans). Every case is this file's own, none a blind
set's text.
"""

from __future__ import annotations

import pytest

from retell.redact import Redactor
from retell.secrets import Scanner

SCANNER = Scanner()
SALT = "round-thirty-one"


def _whole(text: str, secret: str) -> bool:
    start = text.index(secret)
    return any(f.start <= start and start + len(secret) <= f.end for f in SCANNER.scan(text))


def _known(source: str) -> dict[str, tuple[str, str]]:
    return {f.value: (f.kind, f.category) for f in SCANNER.scan(source) if len(f.value) >= Redactor.MIN_KNOWN_LENGTH}


# -- a value cut short: a title or an excerpt ends it with an ellipsis --------------------------------------------

_JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhMWIyYzNkNCIsInJvbGUiOiJhZG1pbiIsImV4cCI6MTg5OTk5OTk5OX0"
    ".Qm9yZWFsaXNWZXJ5U2VjcmV0U2lnbmF0dXJlMTIz"
)
_KEY = "sk_live_51NqZt2KpW8vR4mX7bY3cD9fG1hJ6kL0sA5eT2uI8oP4rQ"

CUT = [
    # the message's token, capitalised as a title's first word and cut after its first part
    (f"hier ist das Token aus dem Local Storage: {_JWT} – warum 401?", _JWT, _JWT[0].upper() + _JWT[1:37] + "…"),
    (f"the token from local storage: {_JWT}", _JWT, "“" + _JWT[:60] + "…”"),
    # an excerpt cut with three dots
    (f"export STRIPE_SECRET_KEY={_KEY}", _KEY, "Setting STRIPE_SECRET_KEY to " + _KEY[:24] + "..."),
]


@pytest.mark.parametrize(("source", "secret", "derived"), CUT)
def test_a_value_cut_short_before_an_ellipsis_is_redacted_whole(source: str, secret: str, derived: str) -> None:
    known = _known(source)
    assert secret in known
    cleared = Redactor(SALT, {}, SCANNER, known).text(derived)
    assert "[REDACTED:" in cleared
    assert secret[:16].lower() not in cleared.lower()


def test_an_ellipsis_after_other_words_changes_nothing() -> None:
    known = _known(f"the token from local storage: {_JWT}")
    for title in ("Debugging the login flow…", "Why the API rejects the token from local storage...", "eyJhbGci…"):
        assert Redactor(SALT, {}, SCANNER, known).text(title) == title


# -- leaks: found whole ---------------------------------------------------------------------------------------------

FOUND = [
    # a secret store's read with the tool's global flags before its verb; what it printed alone on the next line
    (
        "$ kubectl -n billing get secret pg-main -o jsonpath='{.data.password}' | base64 -d\nwalnut.Porto83\n$ ",
        "walnut.Porto83",
    ),
    (
        "$ kubectl --context staging --namespace=shop get secret redis -o jsonpath='{.data.redis-password}' "
        "| base64 --decode\nKestrel_2077\n",
        "Kestrel_2077",
    ),
    # two words joined by a dot, the last capitalised as a name is, one digit
    ('"Env": ["POSTGRES_PASSWORD=mango.Valencia3", "POSTGRES_DB=shop"]', "mango.Valencia3"),
    ("DB_PASSWORD=bruno.Sapporo7", "bruno.Sapporo7"),
    # a person the subject of a clause that a conjunction opens
    ("Rolled it back as Chukwuemeka Nwosu suggested in the standup.", "Chukwuemeka Nwosu"),
    ("We merged it once Tavita Faleolo approved the migration.", "Tavita Faleolo"),
    ("Kept the retry, as suggested by Ngozi Eze in review.", "Ngozi Eze"),
]


@pytest.mark.parametrize(("text", "secret"), FOUND)
def test_the_class_of_each_leak_is_found_whole(text: str, secret: str) -> None:
    assert _whole(text, secret)


# -- what stays clean -----------------------------------------------------------------------------------------------

CLEAN = [
    # a business's toll-free line written as North America writes it, trunk `1` first
    "Customer care: 1-800-642-7730 (toll-free, Mon-Fri)",
    "Support line: 1-888-314-2907",
    "Hotline 1.877.509.3316, open 24/7",
    # a secret store read for a field that is no secret
    "$ kubectl -n billing get secret pg-main -o jsonpath='{.data.username}' | base64 -d\nbilling_app\n",
    "$ kubectl -n billing get pods\nweb-7c9f",
    # attributes in code, one digit after them
    "password = form.Password1",
    "value = Tuple.Item1",
    # a product or a team after `as`
    "as Visual Studio suggested, I renamed the file",
    "since Platform Team approved the plan",
]


@pytest.mark.parametrize("text", CLEAN)
def test_what_the_classes_must_not_take(text: str) -> None:
    assert SCANNER.scan(text) == []


# what the fixes must leave as it was
STILL_FOUND = [
    ("call me on 1-415-867-2093 after six", "1-415-867-2093"),
    ("Handy: 0151 23456789", "0151 23456789"),
    ("Chukwuemeka Nwosu suggested we revert it.", "Chukwuemeka Nwosu"),
    (
        "$ kubectl get secret api -o jsonpath='{.data.token}' | base64 -d\nq8Vn2LmR4pT7wX1zK9bY\n",
        "q8Vn2LmR4pT7wX1zK9bY",
    ),
]


@pytest.mark.parametrize(("text", "secret"), STILL_FOUND)
def test_what_was_found_still_is(text: str, secret: str) -> None:
    assert _whole(text, secret)
