"""Issue 22, round seven: the classes a fourth blind set's dev half (dev4) showed missed or falsely flagged,
each tested with variants written here (none is the set's string): a password told after a long naming of
what it is for (French, German), after an adverb ("ist jetzt", "c'est maintenant"), an account and its
password as a pair ("con admin / …"); a person credited by name, a person from a team named in one German
compound; and what only looks like them (a URL after `Bearer $TOKEN`, a type annotation under a session's
name, a pair of paths).
"""

from __future__ import annotations

import pytest
from scan_support import flagged_whole as _flagged_whole

from retell.secrets import Scanner


@pytest.fixture(scope="module")
def scanner() -> Scanner:
    return Scanner()


FOUND = [
    ("le mot de passe du routeur wifi de la salle de réunion c'est Pivoine2031, merci", "Pivoine2031"),
    ("Das Passwort für die Datenbank auf dem alten Staging-Server ist Tannenzapfen77!", "Tannenzapfen77!"),
    ("Das Kennwort für den Grafana-Admin ist jetzt Herbst#2031, bitte nicht committen", "Herbst#2031"),
    ("el password del vpn es ahora Cangrejo2031$ por si lo necesitas", "Cangrejo2031$"),
    ("log into the staging dashboard with admin / Snowdrop!2031 and check the queue", "Snowdrop!2031"),
    ("entra en phpmyadmin con root / Tortuga88# y borra la tabla vieja", "Tortuga88#"),
    ("meld dich mit deploy / Kranich2031! am Jenkins an", "Kranich2031!"),
    ("I credited Oluwaseun Adebayo for the original report in CHANGELOG.md", "Oluwaseun Adebayo"),
    ("Kudos to Mirela Dragomir for spotting the race condition", "Mirela Dragomir"),
    ("Annika Lindqvist aus dem Datenbank-Team hat die Migration geschrieben", "Annika Lindqvist"),
    ("Pooja Raghunathan from the platform team owns the Terraform state", "Pooja Raghunathan"),
]

CLEAN = [
    'curl -H "Authorization: Bearer $TOKEN" https://api.example.net/v2/items?page=3 | jq .',
    'http GET https://api.acme.dev/v1/users "Authorization:Bearer ${API_TOKEN}" https://mirror.acme.dev/x',
    "    selected_session_id: reactive[Optional[str]] = reactive(None)",
    "    current_session_id: dict[str, list[int]] = field(default_factory=dict)",
    "copy the build with dist / build2024 as the target folder",  # a path pair, no letter-digit password shape
    "compare with main / v2.3.1 before tagging",
    "Das Passwort-Feld für den Login ist jetzt Pflicht",
    "credited the fix to the new parser for the speed-up",
    "Annika aus dem Team hat das geschrieben",
]


@pytest.mark.parametrize(("text", "value"), FOUND)
def test_the_value_is_flagged_whole(scanner: Scanner, text: str, value: str) -> None:
    assert _flagged_whole(scanner, text, value), [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


@pytest.mark.parametrize("text", CLEAN)
def test_nothing_is_flagged(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == [], [(f.kind, text[f.start : f.end]) for f in scanner.scan(text)]


def test_a_masked_phone_number_in_the_first_message_is_no_finding_in_the_title(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """dev4's one end-to-end false positive: the title made of `…比如 138****7350` dropped the asterisks as
    Markdown bold, and `1387350` in the title was flagged as a phone number (and redacted in the manifest)."""
    import json

    from typer.testing import CliRunner

    from retell.cli import app

    session = tmp_path / "s.jsonl"
    sid = "11111111-1111-4111-8111-111111111111"
    records = [
        {"type": "user", "uuid": "u1", "parentUuid": None, "sessionId": sid, "timestamp": "2026-01-01T10:00:00.000Z",
         "cwd": "/tmp/p", "version": "2.1.0",
         "message": {"role": "user", "content": "列表里的手机号要打码，比如 139****2468，改一下"}},
        {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": sid,
         "timestamp": "2026-01-01T10:00:05.000Z", "cwd": "/tmp/p", "version": "2.1.0",
         "message": {"id": "msg_1", "type": "message", "role": "assistant", "model": "m",
                     "content": [{"type": "text", "text": "好的。"}]}},
    ]  # fmt: skip
    session.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records), encoding="utf-8")
    result = CliRunner().invoke(app, ["parse", str(session), "-o", str(tmp_path / "w"), "-q"])
    assert result.exit_code == 0, result.output
    manifest = json.loads((tmp_path / "w" / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["pii_warnings"] == []
    events = (tmp_path / "w" / "events.json").read_text(encoding="utf-8")
    assert "139****2468" in events  # the title keeps the mask


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("Host build\n    HostName ci-runner-2.northwind.local\n    User deploy", "ci-runner-2.northwind.local"),
        ("Server=sql01.contoso-ad.local;Database=Sales;Integrated Security=true", "sql01.contoso-ad.local"),
    ],
)
def test_a_host_under_a_companys_local_domain_is_internal(scanner: Scanner, text: str, value: str) -> None:
    """dev5: `k8s-master-3.<company>.local` in an ssh config was left, as every `.local` name was."""
    assert _flagged_whole(scanner, text, value)


@pytest.mark.parametrize(
    "text",
    ["ssh pi@raspberrypi.local", "curl http://api.default.svc.cluster.local:8080/health", "open http://printer.local"],
)
def test_a_bare_mdns_name_or_a_cluster_name_is_everyones(scanner: Scanner, text: str) -> None:
    assert scanner.scan(text) == []
