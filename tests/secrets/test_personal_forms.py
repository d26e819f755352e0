"""Issue 22: personal data in forms a probe written here found missed: a WSL distribution's home folder seen
from Windows (`\\\\wsl$\\Ubuntu\\home\\name`, also JSON-escaped), and a phone number a Japanese or Chinese
sentence runs on after (`電話は090-3812-7765です`). And their look-alikes: a shared account's WSL home, digits
glued to Latin letters.
"""

from __future__ import annotations

import json

import pytest
from scan_support import flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    ("cd \\\\wsl$\\Ubuntu\\home\\tobiasb\\src\\shop", "tobiasb"),
    ("Öffne \\\\wsl.localhost\\Debian\\home\\k.nakamura\\proj im Explorer", "k.nakamura"),
    (json.dumps({"path": "\\\\wsl$\\Ubuntu-22.04\\home\\marisol\\app"}), "marisol"),
    ("電話は090-3812-7765です、夜でも大丈夫", "090-3812-7765"),
    ("連絡先は080-4471-2290まで", "080-4471-2290"),
    ("我的手机是13912345678，有问题打给我", "13912345678"),
    ("the jenkins agent can't reach build03.larchmoor.internal since the VPN change", "build03.larchmoor.internal"),
    ("ssh Build03.larchmoor.internal", "Build03.larchmoor.internal"),
]

CLEAN = [
    "\\\\wsl$\\Ubuntu\\home\\ubuntu\\app",
    "phone_model 0151234567abc in the fixture",
    # a Java or Kotlin package in a stack trace is no host (a blind session set, fresh4, stop 36: Flyway's
    # exception redacted as `[REDACTED:internal-host]$FlywayMigrateException` in the author's pasted log)
    "org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException: Migration V42 failed",
    "\tat com.acme.billing.internal.InvoiceService.run(InvoiceService.java:42)",
    "import io.ktor.server.internal.ClassLoaderUtils",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_personal_data_in_these_forms_is_flagged(scanner: Scanner, text: str, value: str) -> None:
    assert flagged_whole(scanner, text, value), text


@pytest.mark.parametrize("text", CLEAN)
def test_their_look_alikes_are_not(scanner: Scanner, text: str) -> None:
    assert not scanner.scan(text), text
