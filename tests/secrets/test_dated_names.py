"""A name a tool makes, led by its date, is no password.

A Turkish session of a set written blind (fresh22's NobetciEczane, stop 52) listed its EF Core migrations
(`dotnet ef migrations list` printed `20251110094512_Ilk` on the output's first line): the rule for a password a
message answers alone read it as one, and every prompt carried `[REDACTED:password-in-text]` where the migration's
name belonged. Migrations (EF Core, Rails, Knex) and dated backups are machine-made names; a password answered
alone is still found.
"""

from __future__ import annotations

import pytest

from retell.secrets import Scanner

SCANNER = Scanner()


@pytest.mark.parametrize(
    "text",
    [
        "20251110094512_Ilk\n20251118140233_NobetTablosu\n",
        "20240101120000_AddUsers",
        "20231205093000_create_orders_table.rb",
        "20240318-1405_Dump\n",
        "`20240318_0930_Backup`",
    ],
)
def test_a_dated_name_alone_is_no_password(text: str) -> None:
    assert [f.kind for f in SCANNER.scan(text)] == []


@pytest.mark.parametrize(
    "text",
    ["Tornado#4412\nthat one is for the backup user", "Pass_2024word!", "Hx_20240318!a"],
)
def test_a_password_answered_alone_is_still_found(text: str) -> None:
    assert [f.kind for f in SCANNER.scan(text)] == ["password-in-text"]
