"""A test runner's status line is no password: `go test -v` prints "--- PASS: TestUnknownKeyFallsBackToIP
(0.00s)", and the label-colon-value rule read "PASS:" as a password's label and the test's name (a capital, a
word boundary, "Key") as a chosen password: blind12's author found a clean Go session's test name redacted in every
prompt (stop 42). A password after "pass:" or "PASS:" in a line that is no runner's status is still found."""

from __future__ import annotations

import pytest

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


@pytest.mark.parametrize(
    "line",
    [
        "--- PASS: TestUnknownKeyFallsBackToIP (0.00s)",
        "    --- PASS: TestLimiter/BurstOfTenThenDenied (0.01s)",
        "--- FAIL: TestParseSecretKeyRotation (0.02s)",
        "PASS: TestTokenRefreshKeepsSession",
        "=== RUN   TestAuthHeaderWithBearer\n--- PASS: TestAuthHeaderWithBearer (0.00s)\nPASS",
    ],
)
def test_a_test_runners_status_line_is_no_password(scanner: Scanner, line: str) -> None:
    assert scanner.scan(line) == []


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        ("pass: Hunter2024!x", "Hunter2024!x"),
        ("DB_PASS: Tr0ub4dor&3", "Tr0ub4dor&3"),
        ("PASS: Tr0ub4dor&3 for the staging db", "Tr0ub4dor&3"),
    ],
)
def test_a_password_after_pass_is_still_found(scanner: Scanner, line: str, secret: str) -> None:
    assert secret in [f.value for f in scanner.scan(line)]
